"""Vint (Foster, *Complete Hoyle*, "Vint"): the value of tricks, slams, penalties, honours and coronets.

"Every trick won by the same partners" in a bid of "one" ... "seven" is worth
10 ... 70; both sides score their tricks. Slams: 1,000 (little, not bid),
2,000 (grand, not bid), 6,000 (little, bid), 7,000 (little bid, grand made),
12,000 (grand, bid). A bidder who fails: "100 times the value of the tricks"
for each trick short. Honours (A K Q J 10 of trumps and the four aces) are
worth ten times a trick; the side with the majority of each scores all it
holds, the two majorities offsetting; aces two and two go with the tricks.
At no-trumps the aces alone, at 25 times a trick. Coronets: three in
sequence or three aces 500, each card more 500; in trumps double.

Stated numbers (``Claim:`` lines): ``tricks score`` L T (bid level, tricks
won), ``slam bonus`` L T (level bid, 0 for none; tricks made), ``penalty`` L T,
``honours counted`` H A (the bidder's trump honours and aces; the bidder
assumed to win the odd trick, or ``honours counted without the odd trick``),
``ace value at no trumps`` L, ``aces at no trumps`` L N, ``coronet`` N and ``coronet in trumps`` N (cards).
"""

from __future__ import annotations

from collections.abc import Callable

from notation.rules.cards.replay import Stated, TableReplay


def trick_value(level: int) -> int:
    """ "In a bid of 'one' is worth 10 ... 'seven' ... 70". """
    if not 1 <= level <= 7:
        raise ValueError(f"a bid is one to seven, not {level}")
    return 10 * level


def slam_bonus(bid_level: int, tricks: int) -> int:
    """Honour points for a slam, bid (level 6 or 7) or not (0)."""
    if tricks == 13:
        return {7: 12000, 6: 7000}.get(bid_level, 2000)
    if tricks == 12:
        return 6000 if bid_level == 6 else 1000 if bid_level < 6 else 0
    return 0


def penalty(level: int, tricks: int) -> int:
    """What the adversaries score when the bidder falls short: 100 times a trick for each one short."""
    short = max(6 + level - tricks, 0)
    return short * 100 * trick_value(level)


def honours_counted(honours: int, aces: int, odd_trick: bool) -> int:
    """Net honours for the bidder's side (negative: the adversaries'), five trump honours and four aces."""
    if not (0 <= honours <= 5 and 0 <= aces <= 4):
        raise ValueError("a side holds 0 to 5 trump honours and 0 to 4 aces")
    net = honours if honours >= 3 else -(5 - honours)
    if aces == 2:
        net += 2 if odd_trick else -2
    else:
        net += aces if aces >= 3 else -(4 - aces)
    return net


def coronet(cards: int, trumps: bool = False) -> int:
    """Three in sequence (or three aces) 500, each card more 500; double in trumps."""
    if cards < 3:
        raise ValueError("a coronet is three cards or more")
    return (500 + 500 * (cards - 3)) * (2 if trumps else 1)


def numbers(args: tuple[str, ...], n: int) -> list[int]:
    if len(args) != n or not all(a.isdigit() for a in args):
        raise ValueError(f"expected {n} numbers")
    return [int(a) for a in args]


class VintReplay(TableReplay):
    """Vint's stated scores, recomputed from the scoring table."""

    variant = "vint"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def tricks(a: tuple[str, ...]) -> Stated:
            level, won = numbers(a, 2)
            return Stated.count(won * trick_value(level))

        def honours(odd_trick: bool) -> Callable[[tuple[str, ...]], Stated]:
            def count(a: tuple[str, ...]) -> Stated:
                held, aces = numbers(a, 2)
                return Stated.count(honours_counted(held, aces, odd_trick))
            return count

        def slam(a: tuple[str, ...]) -> Stated:
            level, made = numbers(a, 2)
            return Stated.count(slam_bonus(level, made))

        def short(a: tuple[str, ...]) -> Stated:
            level, made = numbers(a, 2)
            return Stated.count(penalty(level, made))

        return {
            "tricks score": tricks,
            "slam bonus": slam,
            "penalty": short,
            "honours counted": honours(True),
            "honours counted without the odd trick": honours(False),
            "honour value": lambda a: Stated.count(10 * trick_value(numbers(a, 1)[0])),
            "ace value at no trumps": lambda a: Stated.count(25 * trick_value(numbers(a, 1)[0])),
            "aces at no trumps": lambda a: Stated.count(numbers(a, 2)[1] * 25 * trick_value(numbers(a, 2)[0])),
            "coronet": lambda a: Stated.count(coronet(numbers(a, 1)[0])),
            "coronet in trumps": lambda a: Stated.count(coronet(numbers(a, 1)[0], trumps=True)),
        }
