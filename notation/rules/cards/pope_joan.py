"""Pope Joan (Baxter-Wray, *Round Games with Cards*), and the stops that Spin and Newmarket share.

Cards are "reckoned in regular order from ace to king, the four suits being
kept distinct": a lead is followed "in the same suit and in sequence ...
until a stop occurs, when the competitor who plays the stop has the next
lead". A card is a stop when the next card of its suit cannot come: a king,
the card below one taken out of the pack (Pope Joan's seven of diamonds),
below the turn-up, below a card in the spare hand, or below one already
played. :class:`StopsReplay` checks every play against that (a card out of
sequence is an error) and keeps the stops; Pope Joan, Spin
(:mod:`.spin`) and Newmarket (:mod:`.newmarket`) differ in the cards taken
out, the spare hand and the chances paid for.

Stated numbers (``Claim:`` lines): ``cards each`` and ``spare hand`` for N
players (the deal table), ``stock`` left when N players get M cards each,
``regular stops``, ``known stops`` of a player's hand, ``board for game``
with N counters (what is left after the chances are dressed), and the
chances' stakes (``matrimony``, ``intrigue``, ``pope``).
"""

from __future__ import annotations

from collections.abc import Callable

from notation.boards.cards import SUITS, Card
from notation.details.cards import CardsMoveDetail
from notation.parse.cards import CardAction
from notation.rules.cards.replay import Stated, TableReplay, cards_text

#: "From ace to king": the order of a suit in the stops games.
SEQUENCE = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def following(card: Card) -> Card | None:
    """The card that follows ``card`` in its suit (none after the king)."""
    i = SEQUENCE.index(card.rank)
    return Card(SEQUENCE[i + 1], card.suit) if i + 1 < len(SEQUENCE) else None


def deal_table(pack: int, players: int, spare: bool, turnup: bool) -> tuple[int, int]:
    """(cards each player gets, cards of the spare hand): dealt "as equally ... as possible", the
    odd cards added to the spare hand."""
    left = pack - (1 if turnup else 0)
    hands = players + (1 if spare else 0)
    each, odd = divmod(left, hands)
    return each, (each + odd if spare else odd)


def players_of(args: tuple[str, ...]) -> int:
    if len(args) != 1 or not args[0].isdigit() or int(args[0]) < 2:
        raise ValueError("expected the number of players")
    return int(args[0])


class StopsReplay(TableReplay):
    """The play of the stops games: sequences in suit, stops, the lead after a stop."""

    variant = "stops"
    #: Cards taken out of the pack.
    OUT: tuple[Card, ...] = ()
    #: Whether a spare hand is dealt and a trump turned up.
    SPARE = False
    TURNUP = False
    #: Stakes of the chances on the board (name -> counters).
    CHANCES: dict[str, int] = {}

    def start(self) -> None:
        self.trump: Card | None = None
        self.last: Card | None = None       # the card the sequence stands at (None: a lead is due)
        self.played: set[Card] = set()
        self.dead: set[Card] = set(self.OUT)  # cards that cannot come: out, turned up, inferred in the spare hand
        self.won: dict[str, list[str]] = {}

    def is_stop(self, card: Card) -> bool:
        nxt = following(card)
        return nxt is None or nxt in self.dead or nxt in self.played

    def regular_stops(self) -> int:
        """Stops known before a card is played: the kings and the cards below those out or turned up."""
        below = [c for c in self.OUT if c.rank != "A"]
        return len(SUITS) + len(below)

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        cards = self.take_hand(action, None)
        out = [c for c in cards if c in self.OUT]
        if out:
            self.error("card-out", f"{cards_text(out)} is taken out of the pack in {self.variant}")
        self.move.normalized = f"{player} holds {cards_text(cards)}"

    def on_starter(self, action: CardAction) -> None:
        card = action.cards[0]
        if not self.TURNUP:
            self.error("no-turn-up", f"{self.variant} turns up no card: \"no turn-up card is needed\"")
        self.see(card, "turned up")
        self.trump = card
        self.dead.add(card)
        self.move.normalized = f"turn-up {card}"

    def on_play(self, action: CardAction) -> None:
        player = self.actor(action)
        card = action.cards[0]
        self.remove(player, card, "plays")
        if card in self.OUT:
            self.error("card-out", f"{card} is taken out of the pack in {self.variant}")
        leads = (action.what or "") == "leads"
        if leads and self.last is not None and not self.is_stop(self.last):
            self.error("lead-without-stop", f"{player} leads {card}, but {self.last} was no stop: "
                       f"{following(self.last)} follows on")
        if not leads:
            expected = following(self.last) if self.last is not None else None
            if self.last is None:
                self.error("follow-without-lead", f"{player} plays {card} with nothing to follow: "
                           "after a stop a card is led")
            elif card != expected:
                self.error("out-of-sequence", f"{card} does not follow {self.last}: "
                           f"\"in the same suit and in sequence\" the next card is {expected or 'none'}",
                           [expected.code] if expected else [])
        self.played.add(card)
        self.last = card
        self.chances(player, card)
        if self.hands.get(player) == []:
            self.game.result = f"{player} wins"   # "the player who first succeeds in clearing his hand"
        self.move.normalized = f"{player} {'leads' if leads else 'plays'} {card}" + (
            " (stop)" if self.is_stop(card) else "")

    def on_say(self, action: CardAction) -> None:
        """``A says "Stop"``: the last card was a stop; if the next card is not known to be out,
        it must lie in the spare hand."""
        self.move.normalized = f'{action.player} says "{action.said}"'
        if (action.said or "").strip().lower().rstrip(".!") != "stop" or self.last is None:
            return
        nxt = following(self.last)
        if nxt is not None and nxt not in self.dead and nxt not in self.played:
            if not self.SPARE:
                self.error("no-stop", f"{self.last} is no stop: {nxt} is still to come "
                           f"({self.variant} deals no spare hand)", [nxt.code])
            else:
                self.dead.add(nxt)   # "it is assumed the four is in the spare hand"
                self.see(nxt, "in the spare hand")

    def chances(self, player: str, card: Card) -> None:
        """A game's chances won by playing ``card`` (Matrimony, Intrigue, Pope ...)."""

    def take(self, player: str, chance: str) -> None:
        self.won.setdefault(player, []).append(chance)
        chances = self.detail.chances = self.detail.chances or {}
        chances.setdefault(player, []).append(chance)

    def on_peg(self, action: CardAction) -> None:
        """``C scores 2 for matrimony``: a chance taken from the board, its stake checked."""
        player = self.actor(action)
        chance = (action.what or "").lower()
        self.move.normalized = f"{player} takes {action.number} for {chance}"
        if chance not in self.CHANCES:
            self.error("no-such-chance", f"{self.variant} has no chance {chance!r}: expected one of "
                       f"{', '.join(self.CHANCES)}", list(self.CHANCES))
            return
        if chance not in self.won.get(player, []):
            self.error("chance-not-won", f"{player} has not won {chance} by the cards played "
                       f"(won: {', '.join(self.won.get(player, [])) or 'nothing'})")
        self.claim(f"{player} {chance}", action.number, self.CHANCES[chance])

    @staticmethod
    def stake(counters: int) -> Callable[[tuple[str, ...]], Stated]:
        return lambda _: Stated.count(counters)

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        # Foster deals Pope Joan from "the full pack of fifty-two cards": [Pack "52"]
        pack = self.record.tag_int("Pack", default=52 - len(self.OUT), minimum=1) or 52 - len(self.OUT)

        def stock(args: tuple[str, ...]) -> Stated:
            if len(args) != 2 or not all(a.isdigit() for a in args):
                raise ValueError("expected the number of players and the cards each")
            players, each = int(args[0]), int(args[1])
            return Stated.count(pack - players * each)

        def known_stops(args: tuple[str, ...]) -> Stated:
            if len(args) != 1 or self.hands.get(args[0]) is None:
                raise ValueError("expected a player whose hand is known")
            hand = self.hands[args[0]] or []
            return Stated.count(sum(1 for c in hand if self.is_stop(c)))

        def board_for_game(args: tuple[str, ...]) -> Stated:
            counters = players_of(args)
            return Stated.count(counters - sum(v for k, v in self.CHANCES.items() if k != "game"))

        return {
            "stock": stock,
            "cards each": lambda a: Stated.count(deal_table(pack, players_of(a), self.SPARE, self.TURNUP)[0]),
            "spare hand": lambda a: Stated.count(deal_table(pack, players_of(a), self.SPARE, self.TURNUP)[1]),
            "regular stops": lambda _: Stated.count(self.regular_stops() + (1 if self.TURNUP else 0)),
            "known stops": known_stops,
            "board for game": board_for_game,
            **{name: self.stake(v) for name, v in self.CHANCES.items()},
        }


class PopeJoanReplay(StopsReplay):
    """Pope Joan: the eight of diamonds out, a spare hand, a trump turned up, eight chances."""

    variant = "pope joan"
    OUT = (Card("8", "D"),)
    SPARE = True
    TURNUP = True
    #: "Six of the counters are placed for Pope Joan, two each for Matrimony and Intrigue, one each
    #: for Ace, King, Queen, and Knave, and the remainder for Game."
    CHANCES = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1, "knave": 1}

    def chances(self, player: str, card: Card) -> None:
        if card == Card("9", "D"):
            self.take(player, "pope")
        if self.trump is None or card.suit != self.trump.suit:
            return
        names = {"A": "ace", "K": "king", "Q": "queen", "J": "knave"}
        if card.rank in names:
            self.take(player, names[card.rank])
        mine = [c for c in self.played if c.suit == self.trump.suit and self.who_played(c) == player]
        ranks = {c.rank for c in mine} | {card.rank}
        if card.rank in ("K", "Q") and {"K", "Q"} <= ranks:
            self.take(player, "matrimony")
        if card.rank in ("Q", "J") and {"Q", "J"} <= ranks:
            self.take(player, "intrigue")

    def who_played(self, card: Card) -> str | None:
        for move in self.game.moves:
            action = CardsMoveDetail.of(move.detail).action or {}
            if action.get("kind") == "play" and action.get("cards") == [card.code]:
                player = action.get("player")
                return player if isinstance(player, str) else None
        return None
