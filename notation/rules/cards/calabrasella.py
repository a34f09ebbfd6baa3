"""Calabrasella (Foster, *Complete Hoyle*): 35 points a deal, and the single player's settlement.

"The six highest cards in each suit, 3 2 A K Q J, have a counting value, the
Ace being worth 3, and the others 1 each. The last trick counts 3": 35 in
all. "The lower score is deducted from the higher"; "if all 35 points are won
by either side, they count double, 70"; the single player wins or loses from
both adversaries; a revoke "is the loss of 9 points, which are taken from the
score of the side in error ... and added to the side not in fault".

Stated numbers: ``points a deal``, ``single player wins`` P (his points; a
negative result is a loss, printed as the number lost with ``loses``),
``single player loses`` P, ``score after the adversaries revoke`` P,
``single player wins after the adversaries revoke`` P, ``aces count``,
``largest win``.
"""

from __future__ import annotations

from collections.abc import Callable

from notation.rules.cards.replay import Stated, TableReplay

COUNTING = {"A": 3, "3": 1, "2": 1, "K": 1, "Q": 1, "J": 1}
LAST_TRICK = 3
TOTAL = 4 * sum(COUNTING.values()) + LAST_TRICK
REVOKE = 9


def result(points: int) -> int:
    """The single player's result (positive: a win) for his ``points`` of the 35."""
    if not 0 <= points <= TOTAL:
        raise ValueError(f"a side takes 0 to {TOTAL} points")
    if points in (0, TOTAL):
        return 2 * TOTAL if points else -2 * TOTAL
    return points - (TOTAL - points)


def one(args: tuple[str, ...]) -> int:
    if len(args) != 1 or not args[0].isdigit():
        raise ValueError("expected the single player's points")
    return int(args[0])


class CalabrasellaReplay(TableReplay):
    """Calabrasella's stated points and settlements."""

    variant = "calabrasella"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        return {
            "points a deal": lambda _: Stated.count(TOTAL),
            "aces count": lambda _: Stated.count(4 * COUNTING["A"]),
            "single player wins": lambda a: Stated.count(result(one(a))),
            "single player loses": lambda a: Stated.count(-result(one(a))),
            "score after the adversaries revoke": lambda a: Stated(
                f"{one(a) + REVOKE} to {TOTAL - one(a) - REVOKE}"),
            "single player wins after the adversaries revoke":
                lambda a: Stated.count(one(a) + REVOKE - (TOTAL - one(a) - REVOKE)),
            "all points count": lambda _: Stated.count(2 * TOTAL),
            "largest win": lambda _: Stated.count(2 * 2 * TOTAL),
            "least winning points": lambda _: Stated.count(next(p for p in range(TOTAL + 1) if result(p) > 0)),
        }
