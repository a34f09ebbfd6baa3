"""Baccara (Foster, *Complete Hoyle*, "Baccara"): the point of a hand.

"The court cards and Tens count nothing, but all others, including the Ace,
are reckoned at their face value"; "if a player had 4 originally, and draws a
9, his point is not 13, but 3, because all 10's count for nothing".

Stated numbers: ``point`` of the ranks named (``Claim: point 4 9 = 3``).
"""

from __future__ import annotations

from collections.abc import Callable

from notation.boards.cards import RANKS
from notation.rules.cards.replay import Stated, TableReplay

VALUES = {**{r: 0 for r in ("10", "J", "Q", "K")}, "A": 1, **{str(n): n for n in range(2, 10)}}


def point(ranks: list[str]) -> int:
    """The point of cards of these ranks: their pips, tens dropped."""
    unknown = [r for r in ranks if r not in VALUES]
    if unknown:
        raise ValueError(f"no such rank {' '.join(unknown)}: expected one of {' '.join(RANKS)}")
    return sum(VALUES[r] for r in ranks) % 10


class BaccaraReplay(TableReplay):
    """Baccara's stated points."""

    variant = "baccara"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        return {"point": lambda args: Stated.count(point(list(args)))}
