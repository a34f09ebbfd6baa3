"""Vingt-un (Baxter-Wray, *Round Games with Cards*; Foster's Vingt-et-un): the points of a hand,
the over-draw, the natural, and what a stake can come to.

"The ace reckoning as either one or eleven, at the option of the player, and
each of the court cards counting ten"; a player whose points pass 21 has
over-drawn and pays his stake; "a natural Vingt-un, that is, an ace (counting
as 11) and a 10, or court card"; the dealer may "double the stakes", and "if
after that any one secures a Vingt-un ... that again doubles the stakes, and
thus it is quite possible for a player to win or lose four times the amount
of the maximum over one hand".

The replay deals with the table replay's hands: ``P holds 4C 9D`` (the two
cards dealt), ``P draws 7H`` (a card asked for, face up), ``Count: 4C 9D 7H =
20`` (points claimed). A card drawn after an over-draw is an error.
Stated numbers (``Claim:`` lines): ``points`` of ranks, ``times the stake
after a double and a vingt-un``, ``times the maximum won or lost on one
hand``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from notation.boards.cards import Card
from notation.parse.cards import CardAction
from notation.rules.cards.replay import GenericReplay, Stated, cards_text

TWENTY_ONE = 21
#: The dealer's "double" and a Vingt-un's double stakes: each doubles what a stake wins or loses.
DOUBLE = 2
VINGT_UN_PAYS = 2
TENS = ("10", "J", "Q", "K")


def rank_points(rank: str) -> int:
    """A card's points, the ace as one: "each of the court cards counting ten"."""
    if rank == "A":
        return 1
    if rank in TENS:
        return 10
    if rank.isdigit() and 2 <= int(rank) <= 9:
        return int(rank)
    raise ValueError(f"no such rank {rank!r}: expected A, 2 to 10, J, Q or K")


def points(ranks: Sequence[str]) -> int:
    """The best total of a hand: an ace counts eleven when that does not pass 21."""
    total = sum(rank_points(r) for r in ranks)
    if "A" in ranks and total + 10 <= TWENTY_ONE:
        total += 10
    return total


def natural(cards: Sequence[Card]) -> bool:
    """An ace and a ten or court card, the first two cards dealt."""
    return len(cards) == 2 and sorted(rank_points(c.rank) for c in cards) == [1, 10]


class VingtUnReplay(GenericReplay):
    """Vingt-un: the points of every hand, the over-draw and the natural."""

    variant = "vingt-un"

    def start(self) -> None:
        super().start()
        self.variant = "vingt-un"
        self.game.variant = self.variant
        self.over: list[str] = []
        self.points: dict[str, int] = {}
        self.detail.points = self.points

    def _note(self, player: str) -> str:
        cards = self.hands.get(player) or []
        total = points([c.rank for c in cards])
        self.points[player] = total
        if total > TWENTY_ONE and player not in self.over:
            self.over.append(player)
            self.detail.over_drawn = list(self.over)
            return f"{total}, over-drawn: he pays his stake and throws up his cards"
        if natural(cards):
            return f"{total}, a natural Vingt-un"
        return str(total)

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        cards = self.take_hand(action, 2)
        self.move.normalized = f"{player} holds {cards_text(cards)}: {self._note(player)}"

    def on_draw(self, action: CardAction) -> None:
        player = self.actor(action)
        if player in self.over:
            self.error("over-drawn", f"{player} has over-drawn ({self.points[player]}) "
                       "and may draw no more")
        hand = self.hands.get(player)
        if hand is None:
            self.error("hands-unknown", f"{player} draws before his two cards are given")
            hand = self.hands[player] = []
        for i, card in enumerate(action.cards):
            offset = action.card_spans[i][0] if i < len(action.card_spans) else None
            if self.see(card, f"drawn by {player}", offset):
                hand.append(card)
        self.move.normalized = f"{player} draws {cards_text(action.cards)}: {self._note(player)}"

    def on_count(self, action: CardAction) -> None:
        ranks = [c.rank for c in action.cards]
        total = points(ranks)
        self.claim(f"points {cards_text(action.cards)}", action.number, total)
        self.move.normalized = f"count {cards_text(action.cards)}: {total}" + (
            " (over-drawn)" if total > TWENTY_ONE else "")

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        return {
            "points": lambda args: Stated.count(points(list(args))),
            "times the stake after a double and a vingt-un": lambda _: Stated.count(DOUBLE * VINGT_UN_PAYS),
            "times the maximum won or lost on one hand": lambda _: Stated.count(DOUBLE * VINGT_UN_PAYS),
        }

    def key_extra(self) -> list[str]:
        return []


def score_text(hand: list[Card], starter: Card | None = None, crib: bool = False) -> str:
    """``notation cards score vingt-un``: a hand's points, a natural or an over-draw."""
    if starter is not None or crib:
        raise ValueError("a Vingt-un hand has no starter and no crib")
    if not hand:
        raise ValueError("expected the cards of a hand")
    total = points([c.rank for c in hand])
    return f"{total}" + (", a natural Vingt-un" if natural(hand) else
                         ", over-drawn" if total > TWENTY_ONE else "")
