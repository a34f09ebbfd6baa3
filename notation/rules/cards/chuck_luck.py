"""Chuck-luck (Foster, *Complete Hoyle*, "Chuck-luck"): three dice, and the odds of its layout.

The book's table gives "the odds against the event, and the odds which the
house pays" for each total of three dice; every figure is recomputed here
from the 216 throws. Stated numbers (``Claim:`` lines): ``throws``,
``ways to throw`` a total, ``odds against total`` N, ``odds against high``
(above 10) and ``odds against low`` (below 11), ``odds against a raffle``
(three alike, any number).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import product

from notation.rules.cards.replay import Stated, TableReplay


def dice_totals(dice: int) -> Counter[int]:
    """How many of the 6**dice throws give each total."""
    return Counter(sum(throw) for throw in product(range(1, 7), repeat=dice))


def total_of(args: tuple[str, ...], dice: int) -> int:
    if len(args) != 1 or not args[0].isdigit():
        raise ValueError(f"expected one total, not {' '.join(args) or 'none'}")
    total = int(args[0])
    if not dice <= total <= 6 * dice:
        raise ValueError(f"{dice} dice throw {dice} to {6 * dice}, not {total}")
    return total


class ChuckLuckReplay(TableReplay):
    """Chuck-luck's stated odds, recomputed from the 216 throws of three dice."""

    variant = "chuck-luck"
    DICE = 3

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        totals = dice_totals(self.DICE)
        throws = 6 ** self.DICE

        def chance(ways: int) -> Fraction:
            return Fraction(ways, throws)

        return {
            "throws": lambda _: Stated.count(throws),
            "ways to throw": lambda args: Stated.count(totals[total_of(args, self.DICE)]),
            "odds against total": lambda args: Stated.odds_against(chance(totals[total_of(args, self.DICE)])),
            "odds against high": lambda _: Stated.odds_against(chance(sum(n for t, n in totals.items() if t > 10))),
            "odds against low": lambda _: Stated.odds_against(chance(sum(n for t, n in totals.items() if t < 11))),
            "odds against a raffle": lambda _: Stated.odds_against(chance(6)),
        }
