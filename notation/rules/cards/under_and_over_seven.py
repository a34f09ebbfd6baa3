"""Under and over seven (Foster, *Complete Hoyle*): two dice, and the banker's percentage.

Stated numbers (``Claim:`` lines): ``throws``, ``ways under seven``,
``ways over seven``, ``ways to throw seven``, ``odds against seven``,
``odds against under`` and ``odds against over`` (as "21 to 15").
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from notation.rules.cards.chuck_luck import dice_totals
from notation.rules.cards.replay import Stated, TableReplay


class UnderAndOverSevenReplay(TableReplay):
    """Under and over seven's stated counts and odds, from the 36 throws of two dice."""

    variant = "under and over seven"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        totals = dice_totals(2)
        under = sum(n for t, n in totals.items() if t < 7)
        over = sum(n for t, n in totals.items() if t > 7)
        seven = totals[7]

        def against(ways: int) -> Stated:
            exact = Fraction(36 - ways, ways)
            return Stated(f"{36 - ways} to {ways}", exact)

        return {
            "throws": lambda _: Stated.count(36),
            "ways under seven": lambda _: Stated.count(under),
            "ways over seven": lambda _: Stated.count(over),
            "ways to throw seven": lambda _: Stated.count(seven),
            "odds against seven": lambda _: Stated.odds_against(Fraction(seven, 36)),
            "odds against under": lambda _: against(under),
            "odds against over": lambda _: against(over),
        }
