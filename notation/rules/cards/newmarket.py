"""Newmarket (Baxter-Wray, *Round Games with Cards*): the sevens out, and four cards in the pool.

"The seven of each suit is taken out to form stops, and four cards are turned
up ... the four principal cards, viz., ace, king, queen, and knave, but of
different suits"; "the holder of the card immediately preceding those in the
pool" takes its stake, "the ace is considered both as lowest and highest".
The play is :class:`~notation.rules.cards.pope_joan.StopsReplay`'s.

Stated numbers, besides the stops games': ``pool card winner`` C (the card
whose holder takes the stake on pool card C).
"""

from __future__ import annotations

from collections.abc import Callable

from notation.boards.cards import Card, parse_code
from notation.rules.cards.pope_joan import SEQUENCE, StopsReplay
from notation.rules.cards.replay import Stated

POOL_RANKS = ("A", "K", "Q", "J")


def preceding(card: Card) -> Card:
    """The card before ``card`` in its suit; before the ace, the king ("both as lowest and highest")."""
    i = SEQUENCE.index(card.rank)
    return Card(SEQUENCE[i - 1] if i else "K", card.suit)


class NewmarketReplay(StopsReplay):
    """Newmarket: the four sevens out; the pool cards' stakes won by the cards before them."""

    variant = "newmarket"
    OUT = tuple(Card("7", s) for s in "CDHS")

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def winner(args: tuple[str, ...]) -> Stated:
            if len(args) != 1:
                raise ValueError("expected one pool card, such as JD")
            card = parse_code(args[0])
            if card.rank not in POOL_RANKS:
                raise ValueError(f"{card} is not a pool card: expected an ace, king, queen or knave")
            return Stated(preceding(card).code)

        return {**super().stated_numbers(), "pool card winner": winner}
