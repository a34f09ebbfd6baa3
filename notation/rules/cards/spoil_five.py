"""Spoil five (Baxter-Wray, *Round Games with Cards*, "Spoil-Five"): the orders of the cards,
reneging and robbing, under the shared trick core.

"The cards run in different order to the ordinary course, vary in the two
colours, and further, change in the trump suit" (high to low):

1. hearts and diamonds, not trumps: K Q J 10 9 ... 2 A ("the ace of hearts is
   always a trump card, and never counts as a heart");
2. clubs and spades, not trumps: K Q J A 2 ... 10;
3. hearts and diamonds, trumps: 5 J AH A K Q 10 9 8 7 6 4 3 2 ("if hearts are
   trumps, there is only one ace");
4. clubs and spades, trumps: 5 J AH A K Q 2 3 4 6 7 8 9 10.

A plain suit led may be followed or trumped; a trump led must be followed,
but "the holder of the five of trumps, the knave of trumps, or the ace of
hearts" may renege "when the trump led is a lower one"; the ace of hearts led
"is considered as made from a plain suit". These are :class:`Laws` of the
trick core (:mod:`.replay`).

Robbing: the holder of the ace of trumps (the dealer, when the ace is turned
up) "rejects a card ... and takes the turn-up card"; ``B discards 7D`` then
``B draws KS`` (the turn-up). Robbing without the ace bars the player from
the pool, as does an ace-holder who fails to rob before he plays.

Stated numbers: ``place when <suit> are trumps`` and ``place in <suit> when
not trumps`` of a card (1: the highest).
"""

from __future__ import annotations

from collections.abc import Callable

from notation.boards.cards import SUIT_NAMES, SUITS, Card, parse_code
from notation.parse.cards import CardAction
from notation.rules.cards.replay import WHIST_ORDER, Laws, Stated, TrickTableReplay

ACE_OF_HEARTS = Card("A", "H")
RED = ("H", "D")


def order(suit: str, trump: str) -> list[Card]:
    """The cards of ``suit`` in play, highest first, when ``trump`` is trumps."""
    red = suit in RED
    if suit == trump:
        top = [Card("5", suit), Card("J", suit), ACE_OF_HEARTS] + ([Card("A", suit)] if suit != "H" else [])
        rest = ["K", "Q", "10", "9", "8", "7", "6", "4", "3", "2"] if red else \
            ["K", "Q", "2", "3", "4", "6", "7", "8", "9", "10"]
        return top + [Card(r, suit) for r in rest]
    ranks = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"] if red else \
        ["K", "Q", "J", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    return [Card(r, suit) for r in ranks if Card(r, suit) != ACE_OF_HEARTS]


def laws(trump: str) -> Laws:
    """Spoil five's laws of play with ``trump`` turned up."""
    powers: dict[Card, int] = {}
    for suit in SUITS:
        cards = order(suit, trump)
        for i, card in enumerate(cards):
            powers[card] = len(cards) - i
    return Laws(WHIST_ORDER, trump=trump, order=powers, trump_cards=frozenset({ACE_OF_HEARTS}),
                trump_instead=True,
                renege=frozenset({Card("5", trump), Card("J", trump), ACE_OF_HEARTS}))


class SpoilFiveReplay(TrickTableReplay):
    """Spoil five: the play checked under its laws; robbing; three tricks take the pool."""

    variant = "spoil five"

    def start(self) -> None:
        super().start()
        self.turnup: Card | None = None
        self.robbed: str | None = None
        self.barred: set[str] = set()

    def laws(self, first: Card) -> Laws:
        if self.turnup is None:
            raise ValueError("spoil five's trumps are the turn-up's suit: expected a Turn-up line first")
        return laws(self.turnup.suit)

    def on_starter(self, action: CardAction) -> None:
        self.turnup = action.cards[0]
        self.see(self.turnup, "turned up")
        self.move.normalized = f"turn-up {self.turnup}"

    def on_discard(self, action: CardAction) -> None:
        player = self.actor(action)
        for card in action.cards:
            self.remove(player, card, "throws out")
        self.move.normalized = f"{player} throws out {' '.join(c.code for c in action.cards)}"

    def on_draw(self, action: CardAction) -> None:
        """Robbing: the turn-up taken by the holder of the ace of trumps (or the dealer, the ace turned up)."""
        player = self.actor(action)
        self.move.normalized = f"{player} robs {' '.join(c.code for c in action.cards)}"
        if self.turnup is None or list(action.cards) != [self.turnup]:
            self.error("not-the-turn-up", f"a player robs the turn-up card ({self.turnup or 'none turned'}), "
                       "and nothing else", [self.turnup.code] if self.turnup else [])
            return
        ace = Card("A", self.turnup.suit)
        hand = self.hands.get(player) or []
        entitled = ace in hand or (self.turnup == ace and player == self.dealer)
        if not entitled:
            self.barred.add(player)
            self.error("robbing-without-the-ace", f"{player} robs without the ace of {SUIT_NAMES[ace.suit]}: "
                       "\"the same penalty\" — he cannot win the pool this hand")
        self.robbed = player
        if self.hands.get(player) is not None:
            self.hands[player] = [*hand, self.turnup]

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def place(suit: str, trumps: bool) -> Callable[[tuple[str, ...]], Stated]:
            def at(args: tuple[str, ...]) -> Stated:
                if len(args) != 1:
                    raise ValueError("expected one card")
                card = parse_code(args[0])
                trump = suit if trumps else next(s for s in SUITS if s != suit)
                cards = order(suit, trump)
                if card not in cards:
                    raise ValueError(f"{card} has no place among the {SUIT_NAMES[suit]} here")
                return Stated.count(cards.index(card) + 1)
            return at

        table: dict[str, Callable[[tuple[str, ...]], Stated]] = {}
        for suit in SUITS:
            table[f"place when {SUIT_NAMES[suit]} are trumps"] = place(suit, True)
            table[f"place in {SUIT_NAMES[suit]} when not trumps"] = place(suit, False)
        return table

    def finish(self) -> None:
        won = self.tricks_won()
        winners = [p for p, n in won.items() if n >= 3 and p not in self.barred]
        if won:
            self.detail.tricks = won
            self.game.result = f"{winners[0]} takes the pool" if winners else "spoilt"
