"""Conquian (Foster, *Complete Hoyle*): forty cards, sequences and triplets, and the discard.

The American pack of forty: "the three court cards ... discarded, leaving each
suit an unbroken sequence from the Ace to the Ten" — Foster's example plays
the Spanish pack, "the 8 9 10 of each suit being deleted", where "the 7 is
next below the Jack"; that is the pack here (``[Pack "american"]`` for the
other). Sequences "must be all of the same suit, and cannot be shorter than
three cards. The Ace is not in sequence with the King"; triplets are three of
a denomination.

Stated numbers: ``ways to use`` a card drawn with the hand (``holds``): the
runs of three and the triplet it makes with two cards of the hand; ``best
discard`` after the lay-out (the card with no mate and no neighbour within a
card of it in its suit: "too far removed from the others in the suit to make
a run possible, and there is no mate to it").
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from notation.boards.cards import Card, parse_code
from notation.parse.cards import CardAction
from notation.rules.cards.replay import Stated, TableReplay, cards_text

SPANISH = ("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")
AMERICAN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def melds(cards: list[Card], order: tuple[str, ...]) -> list[tuple[Card, ...]]:
    """Every sequence (three or more of a suit, next in ``order``) and triplet or four in ``cards``."""
    out: list[tuple[Card, ...]] = []
    for n in range(3, len(cards) + 1):
        for combo in combinations(sorted(cards, key=lambda c: (c.suit, order.index(c.rank))), n):
            if len({c.rank for c in combo}) == 1 and n <= 4:
                out.append(combo)
            elif len({c.suit for c in combo}) == 1:
                places = [order.index(c.rank) for c in combo]
                if places == list(range(places[0], places[0] + n)):
                    out.append(combo)
    return out


def ways_to_use(drawn: Card, hand: list[Card], order: tuple[str, ...]) -> list[tuple[Card, ...]]:
    """The melds of three the drawn card makes with two cards of the hand."""
    return [m for m in melds([drawn, *hand], order) if drawn in m and len(m) == 3]


def neighbours(card: Card, others: list[Card], order: tuple[str, ...]) -> int:
    """Cards that could go with ``card`` into a meld: its mates, and cards of its suit within two places."""
    place = order.index(card.rank)
    return sum(1 for c in others if c != card and (c.rank == card.rank or (
        c.suit == card.suit and abs(order.index(c.rank) - place) <= 2)))


class ConquianReplay(TableReplay):
    """Conquian's stated ways and discards, from the hand given."""

    variant = "conquian"

    def start(self) -> None:
        self.order = AMERICAN if (self.record.tag("Pack") or "").lower() == "american" else SPANISH
        self.laid: list[Card] = []

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        cards = self.take_hand(action, 10)
        strangers = [c for c in cards if c.rank not in self.order]
        if strangers:
            self.error("not-in-pack", f"{cards_text(strangers)} not in the forty-card pack "
                       f"({' '.join(self.order)})")
        self.move.normalized = f"{player} holds {cards_text(cards)}"

    def on_discard(self, action: CardAction) -> None:
        """``P lays out 6H 7H``: cards of the hand laid on the table with the card drawn."""
        player = self.actor(action)
        for card in action.cards:
            self.remove(player, card, "lays out")
        self.laid.extend(action.cards)
        self.move.normalized = f"{player} lays out {cards_text(action.cards)}"

    def hand_of(self) -> list[Card]:
        hands = [h for h in self.hands.values() if h is not None]
        if not hands:
            raise ValueError("expected a hand (a holds line) first")
        return hands[0]

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def ways(args: tuple[str, ...]) -> Stated:
            if len(args) != 1:
                raise ValueError("expected the card drawn")
            return Stated.count(len(ways_to_use(parse_code(args[0]), self.hand_of(), self.order)))

        def discard(_: tuple[str, ...]) -> Stated:
            hand = self.hand_of()
            table = self.laid
            scores = {c: neighbours(c, hand + table, self.order) for c in hand}
            least = min(scores.values())
            best = [c.code for c in hand if scores[c] == least]
            return Stated(" or ".join(best))

        return {"ways to use": ways, "best discard": discard}
