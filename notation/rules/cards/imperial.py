"""Impérial, or piquet with a trump (Foster, *Complete Hoyle*): the counters, the honours, the fours.

"The cards rank K Q J A 10 9 8 7; the K Q J A and 7 of trumps are called
honours"; "each red is worth six white"; "when one player reaches six white
counters and changes them for a red, his adversary must take down any white
counters he may have scored" (except at the beginning of a hand when both
have impérials, which a stated number here does not cover); "Four Kings,
Queens, Jacks, Aces, or Sevens in one hand is an impérial", "the best being
four Kings".

Stated numbers (``Claim:`` lines): ``whites to a red``; ``honours``; ``best
four`` and ``lowest four`` (the rank, by the printed order); and what a
score of whites leaves, given as five numbers: the scorer's reds and whites,
his adversary's reds and whites, the whites scored — ``reds after scoring
whites``, ``whites after scoring whites``, ``adversary's reds after scoring
whites``, ``adversary's whites after scoring whites``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from notation.rules.cards.replay import Stated, TableReplay

#: Low to high: "The cards rank K Q J A 10 9 8 7".
ORDER = ("7", "8", "9", "10", "A", "J", "Q", "K")
HONOURS = ("K", "Q", "J", "A", "7")
#: The ranks whose four make an impérial.
FOURS = ("K", "Q", "J", "A", "7")
WHITES_TO_A_RED = 6


@dataclass(frozen=True)
class Counters:
    """The counters a player has passed over: reds and whites."""

    reds: int
    whites: int


def score_whites(scorer: Counters, adversary: Counters, whites: int) -> tuple[Counters, Counters]:
    """Score ``whites``: each six make a red, and a red made takes down the adversary's whites."""
    reds, total = divmod(scorer.whites + whites, WHITES_TO_A_RED)
    after = Counters(scorer.reds + reds, total)
    return after, (Counters(adversary.reds, 0) if reds else adversary)


def _five(args: tuple[str, ...]) -> tuple[Counters, Counters, int]:
    if len(args) != 5 or not all(a.isdigit() for a in args):
        raise ValueError("expected five numbers: the scorer's reds and whites, the adversary's reds and "
                         "whites, and the whites scored")
    r, w, ar, aw, n = (int(a) for a in args)
    if w >= WHITES_TO_A_RED or aw >= WHITES_TO_A_RED:
        raise ValueError(f"a player has at most {WHITES_TO_A_RED - 1} whites up")
    return Counters(r, w), Counters(ar, aw), n


class ImperialReplay(TableReplay):
    """Impérial's stated numbers: counters, honours and the order of the fours."""

    variant = "imperial"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def after(pick: Callable[[Counters, Counters], int]) -> Callable[[tuple[str, ...]], Stated]:
            def stated(args: tuple[str, ...]) -> Stated:
                mine, theirs, n = _five(args)
                return Stated.count(pick(*score_whites(mine, theirs, n)))
            return stated

        def four(best: bool) -> Stated:
            ranked = sorted(FOURS, key=ORDER.index)
            return Stated(ranked[-1] if best else ranked[0])

        return {
            "whites to a red": lambda _: Stated.count(WHITES_TO_A_RED),
            "honours": lambda _: Stated.count(len(HONOURS)),
            "best four": lambda _: four(True),
            "lowest four": lambda _: four(False),
            "reds after scoring whites": after(lambda me, _: me.reds),
            "whites after scoring whites": after(lambda me, _: me.whites),
            "adversary's reds after scoring whites": after(lambda _, him: him.reds),
            "adversary's whites after scoring whites": after(lambda _, him: him.whites),
        }
