"""Passe dix (Foster, *Complete Hoyle*): three dice, the banker winning on ten or more.

"If he gets ten or more, he wins. If he gets less than ten, he loses. His
advantage lies in winning when he gets ten exactly; because that gives him
nine throws that win for him out of the sixteen possible with three dice."
Sixteen is the number of totals (3 to 18), nine of them ten or more; the
throws are the 216 ways three dice fall, 135 of them ten or more.

Stated numbers: ``totals`` (how many totals three dice can make),
``winning totals`` (as "9 out of 16"), ``winning throws`` (as "135 out of 216").
"""

from __future__ import annotations

from collections.abc import Callable

from notation.rules.cards.chuck_luck import dice_totals
from notation.rules.cards.replay import Stated, TableReplay

DICE = 3
WINS_FROM = 10


class PasseDixReplay(TableReplay):
    """Passe dix's stated chances, from the 216 throws of three dice."""

    variant = "passe dix"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        totals = dice_totals(DICE)
        winning = [t for t in totals if t >= WINS_FROM]
        return {
            "totals": lambda _: Stated.count(len(totals)),
            "winning totals": lambda _: Stated.out_of(len(winning), len(totals)),
            "winning throws": lambda _: Stated.out_of(sum(totals[t] for t in winning), 6 ** DICE),
        }
