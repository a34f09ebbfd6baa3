"""Rouge et noir, or trente-et-quarante (Foster, *Complete Hoyle*): the chances of a coup.

"Six packs of fifty-two cards each are shuffled together and used as one";
the dealer turns cards for black first "until he reaches or passes 31. Court
cards and Tens count 10 each, the ace and all others for their face value",
then for red in the same manner, so a row ends at 31 to 40. "If the same
number is reached for both colours, it is called a refait"; on a refait of
31 the bank wins half the stakes.

The chances are computed exactly, as fractions, dealing without
replacement from the full shoe of 312 cards (black's row first, red's from
the cards left). A row ends at ``a`` exactly when its cards sum to ``a`` and
its last card is worth at least ``a - 30`` (the cards before it then sum to
30 or less), so of the orders of a row's ``n`` cards the fraction ``c / n``
ends at ``a``, ``c`` being how many of them are worth ``a - 30`` or more.
Two rows holding ``x_v`` and ``y_v`` cards of value ``v`` then end at ``a``
with the chance ``prod_v C(N_v, x_v + y_v) C(x_v + y_v, x_v) * c1 (n1 - 1)!
c2 (n2 - 1)! / (312)_(n1 + n2)``. The dynamic programme adds the values from
ten down to the ace, keeping for each row only its total and its number of
cards, and counts ``c`` for the total ``30 + j`` once the values ``j`` and
above are in; the two rows' weights (integers of up to 340 bits) are kept
as residues modulo eleven primes and put together by the Chinese remainder
theorem, which keeps a full shoe within a second or two. The unlimited shoe
(every card coming with the full shoe's chances, as if it were never
depleted, the two rows independent) is kept for comparison.

Stated numbers (``Claim:`` lines): ``oftenest total`` and ``oftenest
refait`` (the total that comes oftenest), ``times in eighty-five rows total`` N
(the book's proportions 13, 12 ... 4 add up to 85), ``odds against a
refait`` N, ``odds against a refait`` (at any total), ``refaits of
thirty-one in three deals of`` N coups.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import cache
from math import comb, factorial, perm, prod
from typing import TYPE_CHECKING

from notation.boards.cards import RANKS
from notation.rules.cards.replay import Stated, TableReplay, _decimal
from notation.rules.cards.vingt_un import rank_points

if TYPE_CHECKING:  # NumPy is loaded when a deal is first counted: every import loads this family
    import numpy as np

PACKS = 6
#: A row is dealt until it "reaches or passes 31".
TARGET = 31
#: The full shoe by card value: four of each rank a pack, the ten and the court cards worth 10.
SHOE: dict[int, int] = {v: 0 for v in range(1, 11)}
for _rank in RANKS:
    SHOE[rank_points(_rank)] += 4 * PACKS
#: The book's proportions of the ten totals: "31--13 times, 32--12 times ... 40--4 times".
PROPORTIONS_OUT_OF = sum(range(4, 14))


Shoe = Mapping[int, int]


def _check(shoe: Shoe, target: int) -> tuple[tuple[int, int], ...]:
    """The shoe as (value, cards) pairs, for the caches."""
    items = tuple(sorted((v, n) for v, n in shoe.items() if n))
    if not items or items[0][0] < 1 or target < 1:
        raise ValueError("expected card values of 1 or more and a target of 1 or more")
    return items


def row_totals(shoe: Shoe = SHOE, target: int = TARGET) -> dict[int, Fraction]:
    """The chance of each total of the first row dealt from ``shoe`` (black's row of a coup)."""
    return dict(_row_totals(_check(shoe, target), target))


def refaits(shoe: Shoe = SHOE, target: int = TARGET) -> dict[int, Fraction]:
    """The chance that both rows of a coup dealt from ``shoe`` end at the same total, by total."""
    return dict(_refaits(_check(shoe, target), target))


@cache
def _row_totals(items: tuple[tuple[int, int], ...], target: int) -> tuple[tuple[int, Fraction], ...]:
    counts = dict(items)
    top = max(counts)
    total = sum(counts.values())
    # (sum, cards) -> sum over compositions of prod C(N_v, x_v), values from the top down.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    out: dict[int, Fraction] = {}
    forks: dict[int, dict[tuple[int, int], int]] = {}
    for v in range(top, 0, -1):
        cap = target - 1 + v
        new: dict[tuple[int, int], int] = {}
        for (s, n), w in states.items():
            for x in range(min(counts.get(v, 0), (cap - s) // v) + 1):
                key = (s + v * x, n + x)
                new[key] = new.get(key, 0) + w * comb(counts.get(v, 0), x)
        states = new
        # The row ends at target - 1 + v when its cards of value v and above number c.
        for a, f in list(forks.items()):
            grown: dict[tuple[int, int], int] = {}
            for (s, n), w in f.items():
                for x in range(min(counts.get(v, 0), (a - s) // v) + 1):
                    key = (s + v * x, n + x)
                    grown[key] = grown.get(key, 0) + w * comb(counts.get(v, 0), x)
            forks[a] = grown
        forks[target - 1 + v] = {(s, n): w * n for (s, n), w in states.items() if n}
    for a, f in forks.items():
        out[a] = sum((Fraction(w * factorial(n - 1), perm(total, n)) for (s, n), w in f.items() if s == a),
                     Fraction(0))
    return tuple((a, out[a]) for a in sorted(out) if out[a])


@cache
def _refaits(items: tuple[tuple[int, int], ...], target: int) -> tuple[tuple[int, Fraction], ...]:
    counts = dict(items)
    top = max(counts)
    total = sum(counts.values())
    primes = _primes_above(_weight_bound(total, target + top - 1))
    main = _Joint.start(primes)
    forks: dict[int, _Joint] = {}
    for v in range(top, 1, -1):
        n_v = counts.get(v, 0)
        main = main.deal(v, n_v, target - 1 + v)
        forks = {a: f.deal(v, n_v, a) for a, f in forks.items()}
        forks[target - 1 + v] = main.weighted()
    # The aces last: each row's aces are what its total lacks; a refait of the target (every
    # card counted) is weighted by the rows' final counts.
    forks[target] = main
    out = {a: f.land(a, counts.get(1, 0), total, counted=a == target) for a, f in forks.items()}
    return tuple((a, out[a]) for a in sorted(out) if out[a])


def _weight_bound(total: int, longest: int) -> int:
    """More than any summed weight ``W`` of two rows of ``n1`` and ``n2`` cards (at most ``longest``
    each): ``W (n1 - 1)! (n2 - 1)! / (total)_(n1 + n2)`` is a chance, at most 1."""
    most = min(longest, total)
    return max(perm(total, n1 + n2) // (factorial(n1 - 1) * factorial(n2 - 1))
               for n1 in range(1, most + 1) for n2 in range(1, most + 1) if n1 + n2 <= total) + 1


#: Residues are kept below 2**31, so a product of two fits in a signed 64-bit integer.
_PRIME_CEILING = 2 ** 31


def _primes_above(bound: int) -> np.ndarray:
    """The largest primes below 2**31 whose product exceeds ``bound`` (for the Chinese remainder
    theorem: a weight below the product is known exactly from its residues)."""
    import numpy as np

    primes: list[int] = []
    candidate = _PRIME_CEILING - 1
    while prod(primes) <= bound:
        if _is_prime(candidate):
            primes.append(candidate)
        candidate -= 2
    return np.array(primes, dtype=np.int64)


def _is_prime(n: int) -> bool:
    """Miller-Rabin with the bases 2, 3, 5, 7: exact for odd n from 11 to 3,215,031,750."""
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    for a in (2, 3, 5, 7):
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(r - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@cache
def _crt_basis(primes: tuple[int, ...]) -> tuple[int, ...]:
    """The Chinese remainder basis: ``sum(r_i * e_i) % prod(primes)`` has residue ``r_i`` mod ``p_i``."""
    modulus = prod(primes)
    return tuple(modulus // p * pow(modulus // p, -1, p) for p in primes)


class _Joint:
    """Both rows at once: for each pair of row states (total, cards), the summed weight of the
    compositions reaching it, exactly, as its residues modulo several primes (the weights pass
    500 bits; NumPy's 64-bit residues keep the programme within a second or two)."""

    def __init__(self, rows: list[tuple[int, int]], weights: np.ndarray, primes: np.ndarray) -> None:
        self.rows = rows
        self.weights = weights
        self.primes = primes

    @staticmethod
    def start(primes: np.ndarray) -> _Joint:
        import numpy as np

        weights = np.ones((1, 1, len(primes)), dtype=np.int64)
        return _Joint([(0, 0)], weights, primes)

    def _residues(self, n: int) -> np.ndarray:
        import numpy as np

        return np.array([n % p for p in self.primes.tolist()], dtype=np.int64)

    def deal(self, v: int, n_v: int, cap: int) -> _Joint:
        """Add the cards of value ``v`` (``n_v`` in the shoe) to both rows, no row passing ``cap``."""
        import numpy as np

        moves = {x: [(i, (s + v * x, n + x)) for i, (s, n) in enumerate(self.rows) if s + v * x <= cap]
                 for x in range(n_v + 1)}
        rows = sorted({row for pairs in moves.values() for _, row in pairs})
        index = {row: i for i, row in enumerate(rows)}
        weights = np.zeros((len(rows), len(rows), len(self.primes)), dtype=np.int64)
        most = max(x for x, pairs in moves.items() if pairs)
        sources = np.full((most + 1, len(self.rows)), -1, dtype=np.int64)
        for x, pairs in moves.items():
            for i, row in pairs:
                sources[x, i] = index[row]
        factors = np.array([[self._residues(comb(n_v, x + y) * comb(x + y, x)) for y in range(most + 1)]
                            for x in range(most + 1)], dtype=np.int64).reshape(most + 1, most + 1, -1)
        weights = np.zeros((len(rows), len(rows), len(self.primes)), dtype=np.int64)
        # The compiled kernel (numba) is loaded when a deal is first counted, not when a command starts.
        from notation.rules.cards.rouge_et_noir_kernel import deal_kernel

        deal_kernel(self.weights, sources, factors, n_v, self.primes, weights)
        return _Joint(rows, weights, self.primes)

    def weighted(self) -> _Joint:
        """Each state times its two rows' card counts (the rows' chance of ending where counted)."""
        import numpy as np

        n = np.array([n for _, n in self.rows], dtype=np.int64)
        weights = self.weights * np.multiply.outer(n, n)[:, :, None] % self.primes
        return _Joint(self.rows, weights, self.primes)

    def land(self, a: int, aces: int, total: int, counted: bool) -> Fraction:
        """The chance that both rows end at ``a``, their aces (``aces`` in the shoe) making up the
        rest; ``counted``: weight by the rows' final card counts (else already weighted)."""
        import numpy as np

        at = [(i, a - s, n + a - s) for i, (s, n) in enumerate(self.rows) if s <= a and a - s <= aces]
        if not at:
            return Fraction(0)
        index = np.array([i for i, _, _ in at], dtype=np.intp)
        need = np.array([x for _, x, _ in at], dtype=np.intp)
        ways = np.zeros((aces + 1, aces + 1, len(self.primes)), dtype=np.int64)
        for x in range(aces + 1):
            for y in range(aces + 1 - x):
                ways[x, y] = self._residues(comb(aces, x + y) * comb(x + y, x))
        weights = self.weights[np.ix_(index, index)] * ways[np.ix_(need, need)] % self.primes
        # Sum by the rows' final card counts (each addend below 2**31, fewer than 2**32 a sum).
        counts = np.array([n for _, _, n in at], dtype=np.intp)
        sums = np.zeros((counts.max() + 1, counts.max() + 1, len(self.primes)), dtype=np.int64)
        np.add.at(sums, (counts[:, None], counts[None, :]), weights)
        sums %= self.primes
        basis = _crt_basis(tuple(self.primes.tolist()))
        modulus = prod(self.primes.tolist())
        result = Fraction(0)
        for n1, n2 in zip(*np.nonzero(sums.any(axis=2)), strict=True):
            w = sum(r * e for r, e in zip(sums[n1, n2].tolist(), basis, strict=True)) % modulus
            w *= int(n1 * n2) if counted else 1
            result += Fraction(w * factorial(n1 - 1) * factorial(n2 - 1), perm(total, int(n1 + n2)))
        return result


def unlimited_row_totals(shoe: Shoe = SHOE, target: int = TARGET) -> dict[int, Fraction]:
    """The chance of each total when every card comes with the shoe's full proportions."""
    items = _check(shoe, target)
    total = sum(n for _, n in items)
    reach = [Fraction(0)] * target
    reach[0] = Fraction(1)
    for s in range(1, target):
        reach[s] = sum((reach[s - v] * Fraction(n, total) for v, n in items if v <= s), Fraction(0))
    out: dict[int, Fraction] = {}
    for s in range(target):
        for v, n in items:
            if s + v >= target:
                out[s + v] = out.get(s + v, Fraction(0)) + reach[s] * Fraction(n, total)
    return dict(sorted(out.items()))


def unlimited_refaits(shoe: Shoe = SHOE, target: int = TARGET) -> dict[int, Fraction]:
    """Refaits when the two rows are independent draws from an unlimited shoe."""
    return {a: p * p for a, p in unlimited_row_totals(shoe, target).items()}


def _total(args: tuple[str, ...]) -> int:
    if len(args) != 1 or not args[0].isdigit():
        raise ValueError(f"expected one total, {TARGET} to {TARGET + 9}, not {' '.join(args) or 'none'}")
    total = int(args[0])
    if total not in row_totals():
        raise ValueError(f"a row ends at {TARGET} to {TARGET + 9}, not {total}")
    return total


def _coups(args: tuple[str, ...]) -> int:
    if len(args) != 1 or not args[0].isdigit() or not int(args[0]):
        raise ValueError(f"expected how many coups a deal makes, not {' '.join(args) or 'none'}")
    return int(args[0])


def _oftenest(chances: Mapping[int, Fraction]) -> Stated:
    return Stated.count(max(chances, key=lambda a: chances[a]))


def _decimal_stated(x: Fraction, observed: bool = False) -> Stated:
    return Stated(_decimal(x), x, observed)


class RougeEtNoirReplay(TableReplay):
    """Rouge et noir's stated chances, from the 312 cards of the six-pack shoe."""

    variant = "rouge et noir"
    packs = PACKS

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        return {
            "oftenest total": lambda _: _oftenest(row_totals()),
            "oftenest refait": lambda _: _oftenest(refaits()),
            "times in eighty-five rows total": lambda args: _decimal_stated(
                PROPORTIONS_OUT_OF * row_totals()[_total(args)], observed=True),
            "odds against a refait": lambda args: Stated.odds_against(
                refaits()[_total(args)] if args else sum(refaits().values(), Fraction(0))),
            "refaits of thirty-one in three deals of": lambda args: _decimal_stated(
                3 * _coups(args) * refaits()[TARGET]),
        }
