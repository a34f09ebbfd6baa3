"""Chess endgame tables with distance to mate, by our own retrograde analysis.

One table per material (``KQvKR``: the stronger side as White), holding for
each position and side to move one byte:

* ``0``            draw (or, while building, not yet known);
* ``1..127``       the side to move mates in that many moves (``2n-1`` plies);
* ``128 + n``      the side to move is mated in ``n`` moves (``2n`` plies; 128 is mate on the board);
* ``255``          no such position (men on one square, a pawn on the first or last rank,
  the side not to move in check).

Positions are indexed by the squares of the men, White's king first, reduced by
the board's symmetries: without pawns White's king stands in the a1-d1-d4
triangle (10 squares), with pawns on files a-d (32 squares). So a four-man
table is ``2 x 10 x 64**3`` bytes (5.2 MB) without pawns, ``2 x 32 x 64**3``
(16.8 MB) with them, stored compressed (``.npz``).

Pass ``d`` of the build settles every position whose value is ``d`` plies,
by the classic retrograde algorithm: each position counts its quiet moves (no
capture, no promotion) to positions not yet known to be won for the other
side. A position lost in ``d-1`` makes every position one quiet move before it
(found by moving men backwards) won in ``d``; a position won in ``d-1`` takes
one off the count of each position before it, and the one whose count reaches
nought is lost in ``d``. Captures and promotions leave the table: read once
from the tables built before (fewer men, or fewer pawns), they settle a
position at the pass of their value (a capture reaching a draw: never lost).
So each position's moves are counted once and each settled position is unmoved
once. The move generator and the passes are compiled with numba: a four-man
table has up to 33 million (position, side) pairs, far too many for a Python
loop.

A table with pawns may be built in part, for a first solve: only its *slices* (the positions
with its pawns on given files) that the position needs, and those of other tables its captures
and promotions reach (:func:`slice_closure`), kept as a partial table (``KPvKP.dc-ef.npz``) and
probed only inside them.

The tables assume no castling rights (a probe with castling rights is left
to the search); en passant is not part of a table position:
:func:`notation.solve.chess_search.probe` searches one ply when a capture en
passant is legal.
"""

from __future__ import annotations

import itertools
import lzma
import os
import time
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from notation.solve import building, retrograde

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
LETTERS = "?PNBRQK"
ILLEGAL = retrograde.ILLEGAL
LOSS = retrograde.LOSS
MAX_MEN = 4

# --------------------------------------------------------------------------
# Geometry, precomputed once


def _step_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    king = -np.ones((64, 8), np.int64)
    knight = -np.ones((64, 8), np.int64)
    rays = -np.ones((64, 8, 7), np.int64)
    kd = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
    nd = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    for s in range(64):
        f, r = s % 8, s // 8
        for table, deltas in ((king, kd), (knight, nd)):
            k = 0
            for df, dr in deltas:
                if 0 <= f + df < 8 and 0 <= r + dr < 8:
                    table[s, k] = (r + dr) * 8 + f + df
                    k += 1
        for d, (df, dr) in enumerate(kd):  # 0-3 rook directions, 4-7 bishop directions
            for i in range(1, 8):
                if not (0 <= f + df * i < 8 and 0 <= r + dr * i < 8):
                    break
                rays[s, d, i - 1] = (r + dr * i) * 8 + f + df * i
    return king, knight, rays


KING_STEPS, KNIGHT_STEPS, RAYS = _step_tables()


def _lines() -> tuple[np.ndarray, np.ndarray]:
    """For each pair of squares: 1 on one rank or file, 2 on one diagonal, else 0; and the squares
    strictly between them on that line (a bit a square), so a slider's attack is one lookup."""
    line = np.zeros((64, 64), np.int64)
    between = np.zeros((64, 64), np.uint64)
    for s in range(64):
        for d in range(8):
            mask = 0
            for x in RAYS[s, d]:
                if x < 0:
                    break
                line[s, x] = 1 if d < 4 else 2
                between[s, x] = mask
                mask |= 1 << int(x)
    return line, between


LINE, BETWEEN = _lines()


def _symmetries() -> np.ndarray:
    """The 8 symmetries of the board as square maps: bit 0 mirrors files, bit 1 ranks, bit 2 the diagonal."""
    out = np.zeros((8, 64), np.int64)
    for t in range(8):
        for s in range(64):
            f, r = s % 8, s // 8
            if t & 1:
                f = 7 - f
            if t & 2:
                r = 7 - r
            if t & 4:
                f, r = r, f
            out[t, s] = r * 8 + f
    return out


SYM = _symmetries()
TRIANGLE = [s for s in range(64) if s % 8 <= 3 and s // 8 <= s % 8]  # a1 b1 c1 d1 b2 c2 d2 c3 d3 d4
HALF = [s for s in range(64) if s % 8 <= 3]


def _king_maps() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    sym_of = np.zeros(64, np.int64)        # pawnless: symmetry that brings White's king into the triangle
    for s in range(64):
        sym_of[s] = next(t for t in range(8) if SYM[t, s] in TRIANGLE)
    tri_index = -np.ones(64, np.int64)
    for i, s in enumerate(TRIANGLE):
        tri_index[s] = i
    half_index = -np.ones(64, np.int64)
    for i, s in enumerate(HALF):
        half_index[s] = i
    king_square = np.zeros((2, 32), np.int64)  # [pawns?][king index] -> square
    king_square[0, :10] = TRIANGLE
    king_square[1, :] = HALF
    return sym_of, tri_index, half_index, king_square


SYM_OF, TRI_INDEX, HALF_INDEX, KING_SQUARE = _king_maps()

# --------------------------------------------------------------------------
# Materials


@dataclass(frozen=True)
class Material:
    """The men of one table: White's and Black's pieces besides the kings, strongest first."""

    white: tuple[int, ...]
    black: tuple[int, ...]

    @property
    def name(self) -> str:
        return "K" + "".join(LETTERS[p] for p in self.white) + "vK" + "".join(LETTERS[p] for p in self.black)

    @property
    def men(self) -> int:
        return 2 + len(self.white) + len(self.black)

    @property
    def pawns(self) -> bool:
        return PAWN in self.white or PAWN in self.black

    @property
    def types(self) -> list[int]:
        return [KING, KING, *self.white, *self.black]

    @property
    def colors(self) -> list[int]:
        return [0, 1] + [0] * len(self.white) + [1] * len(self.black)

    @property
    def size(self) -> int:
        """Positions per side to move."""
        return (32 if self.pawns else 10) * 64 ** (self.men - 1)

    def key(self) -> int:
        return _material_key(self.white, self.black)

    @classmethod
    def parse(cls, name: str) -> Material:
        """``KQvKR`` / ``KQKR`` / ``kbnk`` -> the canonical material (stronger side White)."""
        text = name.strip().upper().replace("V", "")
        if not text.startswith("K") or text.count("K") != 2:
            raise ValueError(f"expected a material such as KQvKR or KPK, not {name!r}")
        second = text.index("K", 1)
        white = tuple(sorted((LETTERS.index(c) for c in text[1:second]), reverse=True))
        black = tuple(sorted((LETTERS.index(c) for c in text[second + 1:]), reverse=True))
        if any(p in (0, KING) for p in white + black):
            raise ValueError(f"expected pieces Q, R, B, N, P in {name!r}")
        if 2 + len(white) + len(black) > MAX_MEN:
            raise ValueError(f"{name!r} has more than {MAX_MEN} men")
        return canonical(white, black)[0]


def _strength(side: tuple[int, ...]) -> tuple:
    return (len(side), tuple(sorted(side, reverse=True)))


def canonical(white: tuple[int, ...], black: tuple[int, ...]) -> tuple[Material, bool]:
    """The table holding this material, and whether colours are swapped to read it."""
    w, b = tuple(sorted(white, reverse=True)), tuple(sorted(black, reverse=True))
    if _strength(b) > _strength(w):
        return Material(b, w), True
    return Material(w, b), False


def _material_key(white: tuple[int, ...], black: tuple[int, ...]) -> int:
    def code(side: tuple[int, ...]) -> int:
        s = sorted(side, reverse=True) + [0, 0]
        return s[0] * 6 + s[1]
    return code(white) * 36 + code(black)


def all_materials(max_men: int = MAX_MEN) -> list[Material]:
    """Every canonical material with at most ``max_men`` men, in build order (fewer men, fewer pawns first)."""
    found = set()
    for n in range(0, max_men - 1):
        for pieces in itertools.product(range(1, 6), repeat=n):
            for split in range(n + 1):
                found.add(canonical(tuple(pieces[:split]), tuple(pieces[split:]))[0])
    return sorted(found, key=_build_order)


def _build_order(m: Material) -> tuple:
    pawns = (m.white + m.black).count(PAWN)
    return (m.men, pawns, m.name)


def dependencies(m: Material) -> list[Material]:
    """Tables a capture or a promotion from ``m`` leads to."""
    out = set()
    for side in (0, 1):
        mine = list(m.white if side == 0 else m.black)
        for i, p in enumerate(mine):
            rest = tuple(mine[:i] + mine[i + 1:])
            for new in ([rest] + ([rest + (q,) for q in (QUEEN, ROOK, BISHOP, KNIGHT)] if p == PAWN else [])):
                w, b = (new, m.black) if side == 0 else (m.white, new)
                if len(w) + len(b) > 0:
                    out.add(canonical(w, b)[0])
    out.discard(m)
    return sorted(out, key=_build_order)


def closure(materials: list[Material]) -> list[Material]:
    """``materials`` and every table they depend on, in build order."""
    seen: set[Material] = set()
    todo = list(materials)
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo.extend(dependencies(m))
    return sorted(seen, key=_build_order)


# --------------------------------------------------------------------------
# Slices: a pawn keeps its file until it captures (which leaves the table), so the positions of a
# table with pawns fall apart by their pawns' files. A slice is the pawns' files in the table's
# order (White's men, strongest first, then Black's) read as a number in base 8; a solve needs
# only the slices of its position and those its captures and promotions reach.

#: A plan of what to build: each material with the slices wanted (``None``: the whole table).
Plan = dict[Material, "frozenset[int] | None"]


def slice_count(m: Material) -> int:
    """How many slices the table of ``m`` has (1 without pawns)."""
    return 8 ** (m.white + m.black).count(PAWN)


def slices_of(white_files: tuple[int, ...], black_files: tuple[int, ...]) -> frozenset[int]:
    """The slices holding the positions with pawns on these files (White's and Black's, as in the table).

    The pawns of one side stand in either order in the table, and it keeps White's king on files
    a-d: the board mirrored (every file ``f`` as ``7 - f``) is the same slice set.
    """
    out = set()
    for w in set(itertools.permutations(white_files)):
        for b in set(itertools.permutations(black_files)):
            for mirror in (0, 7):
                code = 0
                for f in w + b:
                    code = code * 8 + (f ^ mirror)
                out.add(code)
    return frozenset(out)


def _files(m: Material, code: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The files of White's and of Black's pawns in slice ``code`` of ``m``."""
    digits = []
    for _ in range((m.white + m.black).count(PAWN)):
        digits.append(code % 8)
        code //= 8
    digits.reverse()
    k = m.white.count(PAWN)
    return tuple(digits[:k]), tuple(digits[k:])


def _slice_exits(m: Material, code: int) -> list[tuple[Material, frozenset[int]]]:
    """The tables, and their slices, that a capture or a promotion from slice ``code`` of ``m`` leads to.

    A pawn that promotes leaves; a man captured leaves; a pawn that captures goes to the next file
    (the file of the pawn it takes). A position reached may be impossible: a slice too many is
    built for nothing, one too few would be read unbuilt (the build counts such reads and fails).
    """
    wf, bf = _files(m, code)
    # each man as (type, file): a pawn's file, -1 for a piece
    sides = ([(p, -1) for p in m.white if p != PAWN] + [(PAWN, f) for f in wf],
             [(p, -1) for p in m.black if p != PAWN] + [(PAWN, f) for f in bf])
    out = []

    def reach(mine: list, theirs: list, side: int) -> None:
        white, black = (mine, theirs) if side == 0 else (theirs, mine)
        if not white + black:
            return  # bare kings
        to, flip = canonical(tuple(p for p, _ in white), tuple(p for p, _ in black))
        if flip:
            white, black = black, white
        out.append((to, slices_of(tuple(f for p, f in white if p == PAWN),
                                  tuple(f for p, f in black if p == PAWN))))

    for side in (0, 1):
        mine, theirs = sides[side], sides[1 - side]
        for j, (victim, file) in enumerate(theirs):
            rest = theirs[:j] + theirs[j + 1:]
            reach(mine, rest, side)  # taken by the king or a piece
            for i, (p, f) in enumerate(mine):
                if p != PAWN:
                    continue
                others = mine[:i] + mine[i + 1:]
                for g in ([file] if victim == PAWN else [f - 1, f + 1]):
                    if 0 <= g < 8 and abs(g - f) == 1:
                        reach(others + [(PAWN, g)], rest, side)
                if victim != PAWN:  # a capture on the last rank promotes
                    for q in (QUEEN, ROOK, BISHOP, KNIGHT):
                        reach(others + [(q, -1)], rest, side)
        for i, (p, _) in enumerate(mine):
            if p == PAWN:
                for q in (QUEEN, ROOK, BISHOP, KNIGHT):
                    reach(mine[:i] + mine[i + 1:] + [(q, -1)], theirs, side)
    return out


def slice_closure(roots: Plan) -> Plan:
    """The slices ``roots`` need: themselves and every slice their captures and promotions reach,
    material by material (``None``: the whole table, as for every table without pawns)."""
    wanted: dict[Material, set[int]] = {}
    whole: set[Material] = set()
    todo: list[tuple[Material, int]] = []
    for m, codes in roots.items():
        if codes is None or not m.pawns:
            whole.add(m)
        else:
            todo.extend((m, c) for c in codes)
    for m in closure(list(whole)):
        whole.add(m)
    while todo:
        m, code = todo.pop()
        if m in whole or code in wanted.setdefault(m, set()):
            continue
        wanted[m].add(code)
        for to, codes in _slice_exits(m, code):
            if not to.pawns:
                for x in closure([to]):
                    whole.add(x)
            else:
                todo.extend((to, c) for c in codes)
    plan: Plan = {m: None for m in whole}
    for m, found in wanted.items():
        if m not in whole:
            plan[m] = None if len(found) == slice_count(m) else frozenset(found)
    return dict(sorted(plan.items(), key=lambda item: _build_order(item[0])))


# --------------------------------------------------------------------------
# The compiled core. A position is (n, sq[], typ[], col[]); all tables built
# so far live in one flat byte array, found through the material key.


@njit(cache=True)
def _occupied(sq, n, skip):
    occ = np.uint64(0)
    for i in range(n):
        if i != skip:
            occ |= np.uint64(1) << np.uint64(sq[i])
    return occ


@njit(cache=True)
def _hits(s, t, by, target, occ):
    """Whether a man of type ``t`` and colour ``by`` on ``s`` attacks square ``target`` (men of ``occ`` block)."""
    f, r = s % 8, s // 8
    tf, tr = target % 8, target // 8
    if t == 6:
        return abs(f - tf) <= 1 and abs(r - tr) <= 1 and s != target
    if t == 2:
        df, dr = abs(f - tf), abs(r - tr)
        return (df == 1 and dr == 2) or (df == 2 and dr == 1)
    if t == 1:
        forward = 1 if by == 0 else -1
        return tr - r == forward and abs(tf - f) == 1
    line = LINE_[s, target]
    if line == 0 or (line == 1 and t == 3) or (line == 2 and t == 4):
        return False
    return (BETWEEN_[s, target] & occ) == 0


@njit(cache=True)
def _attacked(target, by, sq, typ, col, n, skip, occ, king_steps, knight_steps, rays):
    """Whether square ``target`` is attacked by a man of colour ``by`` (man ``skip`` is gone)."""
    for i in range(n):
        if i != skip and col[i] == by and _hits(sq[i], typ[i], by, target, occ):
            return True
    return False


@njit(cache=True)
def _in_check(side, sq, typ, col, n, skip, king_steps, knight_steps, rays):
    occ = _occupied(sq, n, skip)
    king = -1
    for i in range(n):
        if i != skip and typ[i] == 6 and col[i] == side:
            king = sq[i]
    return _attacked(king, 1 - side, sq, typ, col, n, skip, occ, king_steps, knight_steps, rays)


@njit(cache=True)
def _index(n, sq, typ, col, stm, key_tid, key_flip, tab_pawns, out):
    """Table id, index and side to move of a position; ``out`` (12 long) gets (tid, index, stm) and, in
    ``out[11]``, its slice (:func:`_slice`). False for bare kings."""
    # material key of the position as it stands
    w0 = 0
    w1 = 0
    b0 = 0
    b1 = 0
    for i in range(n):
        t = typ[i]
        if t == 6:
            continue
        if col[i] == 0:
            if t > w0:
                w1 = w0
                w0 = t
            elif t > w1:
                w1 = t
        else:
            if t > b0:
                b1 = b0
                b0 = t
            elif t > b1:
                b1 = t
    key = (w0 * 6 + w1) * 36 + b0 * 6 + b1
    tid = key_tid[key]
    if tid < 0:
        return False
    flip = key_flip[key]
    # canonical order: White king, Black king, White's men strongest first, then Black's (colours as in the table)
    order = out[3:7]
    squares = out[7:11]
    k = 2
    for want in range(2):
        for t in range(5, 0, -1):
            for i in range(n):
                c = col[i] ^ flip
                if typ[i] == t and c == want:
                    order[k] = i
                    k += 1
    for i in range(n):
        if typ[i] == 6:
            order[col[i] ^ flip] = i
    for j in range(n):
        s = sq[order[j]]
        squares[j] = s ^ 56 if flip else s
    wk = squares[0]
    if tab_pawns[tid]:
        if wk % 8 > 3:
            for j in range(n):
                squares[j] = squares[j] ^ 7
        kidx = HALF_INDEX_[squares[0]]
    else:
        t = SYM_OF_[wk]
        for j in range(n):
            squares[j] = SYM_[t, squares[j]]
        kidx = TRI_INDEX_[squares[0]]
    index = kidx
    files = 0  # the pawns' files in the table's order: the slice holding the position
    for j in range(1, n):
        index = index * 64 + squares[j]
        if typ[order[j]] == 1:
            files = files * 8 + squares[j] % 8
    out[0] = tid
    out[1] = index
    out[2] = stm ^ flip
    out[11] = files
    return True


SYM_ = SYM
SYM_OF_ = SYM_OF
LINE_ = LINE
BETWEEN_ = BETWEEN
TRI_INDEX_ = TRI_INDEX
HALF_INDEX_ = HALF_INDEX


@njit(cache=True)
def _value(n, sq, typ, col, stm, values, offsets, sizes, key_tid, key_flip, tab_pawns, held, scratch):
    """The byte of a position from any table built so far (0 for bare kings); -1 when the slice of its
    table that holds it is not in memory (``held[tid, slice]``)."""
    if not _index(n, sq, typ, col, stm, key_tid, key_flip, tab_pawns, scratch):
        return 0
    tid, index, side = scratch[0], scratch[1], scratch[2]
    if not held[tid, scratch[11]]:
        return -1
    return np.int64(values[offsets[tid] + side * sizes[tid] + index])


@njit(cache=True)
def _slice(n, sq, typ):
    """The slice of a position whose men stand in the table's order: its pawns' files read as a number
    in base 8 (0 without pawns). A pawn keeps its file until it captures, which leaves the table."""
    files = 0
    for j in range(1, n):
        if typ[j] == 1:
            files = files * 8 + sq[j] % 8
    return files


@njit(cache=True)
def _members(n, typ, pawns, size, wanted):
    """Which indices of a table lie in the slices ``wanted`` (a flag per slice)."""
    out = np.zeros(size, np.bool_)
    sq = np.empty(4, np.int64)
    for index in range(size):
        _decode(index, n, pawns, sq)
        out[index] = wanted[_slice(n, sq, typ)]
    return out


@njit(cache=True)
def _exits(n, sq, typ, col, stm, king_steps, knight_steps, rays, out_n, out_sq, out_typ, out_col, out_targets):
    """Every legal capture and promotion of ``stm`` as the position it leads to (in another table).
    Returns how many. Only the enemy's men can be taken: each man is asked whether it attacks them."""
    occ = _occupied(sq, n, -1)
    count = 0
    for i in range(n):
        if col[i] != stm:
            continue
        s, t = sq[i], typ[i]
        m = 0
        targets = out_targets
        for e in range(n):
            if col[e] != stm and typ[e] != 6 and _hits(s, t, stm, sq[e], occ):
                targets[m] = sq[e]
                m += 1
        if t == 1:
            x = s + (8 if stm == 0 else -8)
            if (x // 8 == 7 or x // 8 == 0) and not (occ >> np.uint64(x) & np.uint64(1)):
                targets[m] = x
                m += 1
        for k in range(m):
            x = targets[k]
            promote = t == 1 and (x // 8 == 7 or x // 8 == 0)
            for q in range(4 if promote else 1):
                c = 0
                for j in range(n):
                    if j != i and sq[j] == x:
                        continue  # captured
                    out_sq[count, c] = x if j == i else sq[j]
                    out_typ[count, c] = (5 - q if promote else t) if j == i else typ[j]
                    out_col[count, c] = col[j]
                    c += 1
                out_n[count] = c
                if not _in_check(stm, out_sq[count], out_typ[count], out_col[count], c, -1,
                                 king_steps, knight_steps, rays):
                    count += 1
    return count


@njit(cache=True)
def _beyond(a, b, c):
    """Whether ``b`` lies strictly between ``a`` and ``c`` on a line: 1 on a rank or file, 2 on a diagonal, else 0."""
    df, dr = b % 8 - a % 8, b // 8 - a // 8
    ef, er = c % 8 - a % 8, c // 8 - a // 8
    if df == 0 and ef == 0 and dr * er > 0 and abs(er) > abs(dr):
        return 1
    if dr == 0 and er == 0 and df * ef > 0 and abs(ef) > abs(df):
        return 1
    if abs(df) == abs(dr) and abs(ef) == abs(er) and df * ef > 0 and dr * er > 0 and abs(ef) > abs(df):
        return 2
    return 0


@njit(cache=True)
def _attacks(by, sq, typ, col, n, occ, king_steps, knight_steps, rays):
    """The squares the men of colour ``by`` attack, a slider's line stopping at a man of ``occ``."""
    mask = np.uint64(0)
    for i in range(n):
        if col[i] != by:
            continue
        s, t = sq[i], typ[i]
        if t == 6 or t == 2:
            steps = king_steps if t == 6 else knight_steps
            for k in range(8):
                x = steps[s, k]
                if x < 0:
                    break
                mask |= np.uint64(1) << np.uint64(x)
        elif t == 1:
            x = s + (8 if by == 0 else -8)
            if s % 8 > 0:
                mask |= np.uint64(1) << np.uint64(x - 1)
            if s % 8 < 7:
                mask |= np.uint64(1) << np.uint64(x + 1)
        else:
            d0 = 4 if t == 3 else 0
            d1 = 4 if t == 4 else 8
            for d in range(d0, d1):
                for k in range(7):
                    x = rays[s, d, k]
                    if x < 0:
                        break
                    mask |= np.uint64(1) << np.uint64(x)
                    if occ >> np.uint64(x) & np.uint64(1):
                        break
    return mask


@njit(cache=True)
def _slides(s, t, occ, rays, targets, m):
    """The empty squares a bishop (3), rook (4) or queen (5) on ``s`` slides to, written at ``targets[m:]``;
    the next free index (a move forward and its unmove backward go along the same empty squares)."""
    d0 = 4 if t == 3 else 0
    d1 = 4 if t == 4 else 8
    for d in range(d0, d1):
        for k in range(7):
            x = rays[s, d, k]
            if x < 0 or (occ >> np.uint64(x) & np.uint64(1)):
                break
            targets[m] = x
            m += 1
    return m


@njit(cache=True)
def _quiet_moves(n, sq, typ, col, stm, king_steps, knight_steps, rays, targets):
    """How many legal quiet moves (no capture, no promotion) ``stm`` has: counted, not made.

    A man other than the king that is not in check and stands on no line from
    its king to an enemy piece that moves along it cannot expose the king: its
    moves are legal without a test.
    """
    occ = _occupied(sq, n, -1)
    king = 0
    for i in range(n):
        if typ[i] == 6 and col[i] == stm:
            king = i
    kq = sq[king]
    # what the enemy attacks, seen through the king (a square on a slider's line behind it is no refuge)
    attacked = _attacks(1 - stm, sq, typ, col, n, occ & ~(np.uint64(1) << np.uint64(kq)),
                        king_steps, knight_steps, rays)
    checked = attacked >> np.uint64(kq) & np.uint64(1)
    count = 0
    for i in range(n):
        if col[i] != stm:
            continue
        s, t = sq[i], typ[i]
        m = 0
        if t == 6:
            for k in range(8):
                x = king_steps[s, k]
                if x < 0:
                    break
                if not ((occ | attacked) >> np.uint64(x) & np.uint64(1)):
                    count += 1
            continue
        if t == 2:
            for k in range(8):
                x = knight_steps[s, k]
                if x < 0:
                    break
                if not (occ >> np.uint64(x) & np.uint64(1)):
                    targets[m] = x
                    m += 1
        elif t == 1:
            forward = 8 if stm == 0 else -8
            x = s + forward
            if x // 8 != 0 and x // 8 != 7 and not (occ >> np.uint64(x) & np.uint64(1)):
                targets[m] = x
                m += 1
                y = x + forward
                if s // 8 == (1 if stm == 0 else 6) and not (occ >> np.uint64(y) & np.uint64(1)):
                    targets[m] = y
                    m += 1
        else:
            m = _slides(s, t, occ, rays, targets, m)
        pinned = checked != 0
        for e in range(n):
            if col[e] != stm and typ[e] >= 3 and typ[e] <= 5:
                line = _beyond(kq, s, sq[e])
                if (line == 1 and typ[e] != 3) or (line == 2 and typ[e] != 4):
                    pinned = True
        if not pinned:
            count += m
            continue
        for k in range(m):
            sq[i] = targets[k]
            if not _in_check(stm, sq, typ, col, n, -1, king_steps, knight_steps, rays):
                count += 1
        sq[i] = s
    return count


@njit(cache=True)
def _decode(index, n, pawns, sq):
    for j in range(n - 1, 0, -1):
        sq[j] = index % 64
        index //= 64
    sq[0] = KING_SQUARE_[1 if pawns else 0, index]


KING_SQUARE_ = KING_SQUARE


@njit(cache=True)
def _legal(n, sq, typ, col, stm, king_steps, knight_steps, rays):
    for i in range(n):
        for j in range(i + 1, n):
            if sq[i] == sq[j]:
                return False
        if typ[i] == 1 and (sq[i] // 8 == 0 or sq[i] // 8 == 7):
            return False
    return not _in_check(1 - stm, sq, typ, col, n, -1, king_steps, knight_steps, rays)


@njit(cache=True)
def _node(n, sq, pawns, squares):
    """Index in the table being built of a position whose men stand in the table's order.

    Pawnless, a position with White's king on the a1-h8 diagonal and its mirror
    image in that diagonal are both stored: the build works on the smaller index
    of the two (one node for both) and copies the value to the other at the end.
    """
    if pawns:
        mirror = 7 if sq[0] % 8 > 3 else 0
        index = HALF_INDEX_[sq[0] ^ mirror]
        for j in range(1, n):
            index = index * 64 + (sq[j] ^ mirror)
        return index
    t = SYM_OF_[sq[0]]
    for j in range(n):
        squares[j] = SYM_[t, sq[j]]
    index = TRI_INDEX_[squares[0]]
    twin = index
    for j in range(1, n):
        index = index * 64 + squares[j]
        twin = twin * 64 + SYM_[4, squares[j]]
    if squares[0] % 8 == squares[0] // 8 and twin < index:
        return twin
    return index


@njit(cache=True)
def _twin(index, n, pawns, sq):
    """The index of the diagonal twin of the pawnless position ``sq`` (decoded from ``index``): -1 when
    White's king is off the diagonal (or there are pawns); ``index`` itself for a position symmetric in it."""
    if pawns or sq[0] % 8 != sq[0] // 8:
        return -1
    twin = TRI_INDEX_[sq[0]]
    for j in range(1, n):
        twin = twin * 64 + SYM_[4, sq[j]]
    return twin


@njit(cache=True)
def _predecessors(n, sq, typ, col, stm, pawns, size, king_steps, knight_steps, rays, pre, squares, out):
    """The nodes one quiet move (no capture, no promotion) before this position, in ``out``; returns how many.

    A predecessor is reached once for each move from it that leads here (up to the board's symmetries).
    It must not have the side now to move in check: when no other man of the mover attacks that king
    through the square the man left, only the man on the square it came from can.
    """
    mover = 1 - stm
    occ = _occupied(sq, n, -1)
    king = 0
    for i in range(n):
        if typ[i] == 6 and col[i] == stm:
            king = sq[i]
    count = 0
    for i in range(n):
        if col[i] != mover:
            continue
        s, t = sq[i], typ[i]
        for j in range(n):
            pre[j] = sq[j]
        m = 0
        targets = squares[4:]  # the squares man i came from
        if t == 6 or t == 2:
            steps = king_steps if t == 6 else knight_steps
            for k in range(8):
                x = steps[s, k]
                if x < 0:
                    break
                if not (occ >> np.uint64(x) & np.uint64(1)):
                    targets[m] = x
                    m += 1
        elif t == 1:
            back = -8 if mover == 0 else 8
            x = s + back
            if x // 8 == 0 or x // 8 == 7 or (occ >> np.uint64(x) & np.uint64(1)):
                continue
            targets[m] = x
            m += 1
            y = x + back
            if ((mover == 0 and s // 8 == 3) or (mover == 1 and s // 8 == 4)) \
                    and not (occ >> np.uint64(y) & np.uint64(1)):
                targets[m] = y
                m += 1
        else:
            m = _slides(s, t, occ, rays, targets, m)
        left = occ & ~(np.uint64(1) << np.uint64(s))
        others = False
        for j in range(n):
            if j != i and col[j] == mover and _hits(sq[j], typ[j], mover, king, left):
                others = True  # a square the man came from may block it: test each in full
        for k in range(m):
            x = targets[k]
            pre[i] = x
            if others:
                checks = _in_check(stm, pre, typ, col, n, -1, king_steps, knight_steps, rays)
            else:
                checks = _hits(x, t, mover, king, left | (np.uint64(1) << np.uint64(x)))
            if not checks:
                out[count] = mover * size + _node(n, pre, pawns, squares)
                count += 1
    return count


@njit(cache=True, nogil=True)
def _start(first, last, tid, n, typ, col, pawns, values, offsets, sizes, key_tid, key_flip, tab_pawns, held,
           king_steps, knight_steps, rays, member, left, exit_win, exit_loss, unread):
    """Pass 0 of the build for the nodes ``first`` to ``last - 1`` (side to move times size plus index).

    Marks impossible positions (255) and mates (128); gives each other node the count of its quiet
    moves in ``left`` (twice over, see :func:`_build`), or 255 when it cannot lose, and what captures and
    promotions bring in ``exit_win`` / ``exit_loss``. Each node writes only its own entries, so
    ranges can run side by side. Only the nodes of the slices built (``member``) are touched; a
    capture or promotion whose position lies in a slice not in memory counts in ``unread[0]``.
    """
    size = sizes[tid]
    base = offsets[tid]
    sq = np.empty(4, np.int64)
    out_n = np.empty(160, np.int64)
    out_sq = np.empty((160, 4), np.int64)
    out_typ = np.empty((160, 4), np.int64)
    out_col = np.empty((160, 4), np.int64)
    scratch = np.empty(12, np.int64)
    targets = np.empty(32, np.int64)
    for at in range(first, last):
        stm = at // size
        index = at % size
        if not member[index]:
            continue
        _decode(index, n, pawns, sq)
        if not _legal(n, sq, typ, col, stm, king_steps, knight_steps, rays):
            values[base + at] = 255
            continue
        values[base + at] = 0
        twin = _twin(index, n, pawns, sq)
        if 0 <= twin < index:
            continue  # the twin's node settles it
        quiet = _quiet_moves(n, sq, typ, col, stm, king_steps, knight_steps, rays, targets)
        count = _exits(n, sq, typ, col, stm, king_steps, knight_steps, rays,
                       out_n, out_sq, out_typ, out_col, targets)
        if quiet + count == 0:
            if _in_check(stm, sq, typ, col, n, -1, king_steps, knight_steps, rays):
                values[base + at] = 128
            continue
        for k in range(count):
            v = _value(out_n[k], out_sq[k], out_typ[k], out_col[k], 1 - stm, values, offsets, sizes,
                       key_tid, key_flip, tab_pawns, held, scratch)
            if v < 0:
                unread[0] += 1
            elif v == 0 or v == 255:
                left[at] = 255
            else:
                retrograde.note_exit(exit_win, exit_loss, at, v)
        if exit_win[at]:
            left[at] = 255
        elif left[at] != 255:
            left[at] = quiet * (1 if twin == index else 2)


@njit(cache=True, nogil=True)
def _passes(tid, n, typ, col, pawns, values, offsets, sizes, king_steps, knight_steps, rays,
            left, exit_win, exit_loss, settled, count_settled):
    """The passes after pass 0 (whose mates are the first ``count_settled`` of ``settled``); returns how many.

    Pass ``d`` settles the positions whose value is ``d`` plies: one quiet move before a position
    lost in ``d-1`` (a win), or whose last unsettled move went to a position won in ``d-1`` (a
    loss); captures and promotions settle a position at the pass of their value. Each settled
    position is unmoved once.
    """
    size = sizes[tid]
    base = offsets[tid]
    sq = np.empty(4, np.int64)
    pre = np.empty(4, np.int64)
    squares = np.empty(36, np.int64)
    found = np.empty(160, np.int64)
    # the captures and promotions that settle a position, by the pass that settles it
    by_pass = np.zeros(257, np.int64)
    for at in range(2 * size):
        p = exit_win[at] if exit_win[at] else (exit_loss[at] if left[at] != 255 else 0)
        if p:
            by_pass[p + 1] += 1
    for p in range(1, 257):
        by_pass[p] += by_pass[p - 1]
    exits = np.empty(by_pass[256], np.int32)
    fill = by_pass.copy()
    for at in range(2 * size):
        p = exit_win[at] if exit_win[at] else (exit_loss[at] if left[at] != 255 else 0)
        if p:
            exits[fill[p]] = at
            fill[p] += 1
    start = 0
    d = 0
    while start < count_settled or d < 255 and by_pass[d + 1] < by_pass[256]:
        d += 1
        end = count_settled
        win = d % 2 == 1
        byte = retrograde.byte_of(d)
        for q in range(start, end):
            at = settled[q]
            stm = at // size
            index = at % size
            _decode(index, n, pawns, sq)
            weight = 1 if _twin(index, n, pawns, sq) == index else 2
            m = _predecessors(n, sq, typ, col, stm, pawns, size, king_steps, knight_steps, rays, pre, squares, found)
            for k in range(m):
                p = found[k]
                if values[base + p] != 0:
                    continue
                if win:
                    values[base + p] = byte
                    settled[count_settled] = p
                    count_settled += 1
                elif left[p] != 255:
                    left[p] -= weight
                    if left[p] == 0 and exit_loss[p] <= d:
                        values[base + p] = byte
                        settled[count_settled] = p
                        count_settled += 1
        for q in range(by_pass[d], by_pass[d + 1]):
            p = exits[q]
            if values[base + p] == 0 and (win or left[p] == 0):
                values[base + p] = byte
                settled[count_settled] = p
                count_settled += 1
        start = end
    return d


@njit(cache=True, nogil=True)
def _copy_twins(tid, n, values, offsets, sizes):
    """A pawnless table: each position whose twin (its mirror in the a1-h8 diagonal) was the node takes its value."""
    size = sizes[tid]
    base = offsets[tid]
    sq = np.empty(4, np.int64)
    for stm in range(2):
        for index in range(size):
            _decode(index, n, False, sq)
            twin = _twin(index, n, False, sq)
            if 0 <= twin < index:
                values[base + stm * size + index] = values[base + stm * size + twin]


# --------------------------------------------------------------------------
# Building and storing


#: Tables that travel with the package (``notation/solve/tables/KQvKR.xz``: the table's bytes, xz-compressed):
#: every table without pawns of three and four men (24, 7.7 MB), the tables every ending with pawns of up to
#: four men promotes or captures into (their build was half or more of a first KPvKP or KPPvK solve).
#: ``python3 bench/ship_tables.py`` builds and writes them (``--check`` compares); a test rebuilds some.
SHIPPED_DIR = Path(__file__).with_name("tables")
SHIPPED_PRESET = 6 | lzma.PRESET_EXTREME  # an 8 MiB window holds a whole four-man table without pawns


def shipped_materials() -> list[Material]:
    """The materials whose tables the package carries (:data:`SHIPPED_DIR`)."""
    return [m for m in all_materials() if not m.pawns and m.men > 2]


def write_shipped(values: np.ndarray, path: Path) -> None:
    """Write a table's bytes as the package carries them (xz), under a temporary name, then renamed."""
    partial = path.with_name(f".{path.name}.{os.getpid()}")
    partial.write_bytes(lzma.compress(np.ascontiguousarray(values).tobytes(), preset=SHIPPED_PRESET))
    os.replace(partial, path)


def read_shipped(path: Path) -> np.ndarray:
    """The bytes of a table the package carries, flat."""
    return np.frombuffer(lzma.decompress(path.read_bytes()), np.uint8)


def default_dir() -> Path:
    """Where tables live unless told: ``$NOTATION_TABLES``, else the user's data dir."""
    env = os.environ.get("NOTATION_TABLES")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "notation" / "chess-tables"


class Tables:
    """A set of tables in one directory: built on demand by :meth:`build`, read by :meth:`value`."""

    def __init__(self, directory: str | os.PathLike | None = None, materials: list[Material] | None = None,
                 shipped: bool | None = None) -> None:
        """``shipped``: read the tables the package carries (:data:`SHIPPED_DIR`) where ``directory`` has
        none (default: for the default directory only, so that a directory given is built in full)."""
        self.directory = Path(directory) if directory is not None else default_dir()
        self.shipped = (directory is None) if shipped is None else shipped
        self.materials = closure(materials) if materials is not None else all_materials()
        self.tid = {m: i for i, m in enumerate(self.materials)}
        self.sizes = np.array([m.size for m in self.materials], np.int64)
        self.offsets = np.zeros(len(self.materials), np.int64)
        total = 0
        for i, m in enumerate(self.materials):
            self.offsets[i] = total
            total += 2 * m.size
        self.values = np.zeros(total, np.uint8)
        self.loaded = np.zeros(len(self.materials), bool)  # the whole table in memory
        self.held = np.zeros((len(self.materials), 64), np.bool_)  # its slices in memory
        self.key_tid = -np.ones(36 * 36, np.int64)
        self.key_flip = np.zeros(36 * 36, np.int64)
        self.tab_pawns = np.array([m.pawns for m in self.materials], np.bool_)
        self.threads = os.cpu_count() or 1  # pass 0 of one table runs on this many threads
        self.timings: dict[Material, dict[str, float]] = {}  # seconds of each phase of the tables built
        for m in self.materials:
            if m.men == 2:
                self.held[self.tid[m], :] = True  # bare kings: every position a draw, byte 0, nothing to build
            self.key_tid[m.key()] = self.tid[m]
            swapped = _material_key(m.black, m.white)
            if swapped != m.key():
                self.key_tid[swapped] = self.tid[m]
                self.key_flip[swapped] = 1

    def path(self, m: Material) -> Path:
        return self.directory / f"{m.name}.npz"

    def slice_path(self, m: Material, codes: frozenset[int]) -> Path:
        """Where a partial table of ``m`` holding the slices ``codes`` is kept: ``KPvKP.dc-ef.npz`` holds
        the positions with White's pawn on the d-file and Black's on the c-file, or on e and f."""
        tag = "-".join(sorted("".join("abcdefgh"[f] for f in sum(_files(m, c), ())) for c in codes))
        return self.directory / f"{m.name}.{tag}.npz"

    def _partials(self, m: Material) -> dict[Path, frozenset[int]]:
        """The partial tables of ``m`` on disk and the slices each holds."""
        out = {}
        for path in self.directory.glob(f"{m.name}.*.npz"):
            codes = set()
            for word in path.name.split(".")[1].split("-"):
                code = 0
                for letter in word:
                    code = code * 8 + "abcdefgh".index(letter)
                codes.add(code)
            out[path] = frozenset(codes)
        return out

    def shipped_path(self, m: Material) -> Path | None:
        """The table of ``m`` the package carries, when this set reads them and there is one."""
        path = SHIPPED_DIR / f"{m.name}.xz"
        return path if self.shipped and path.exists() else None

    def table(self, m: Material) -> np.ndarray:
        """The table of ``m`` as a ``(2, size)`` view (side to move, index); loads it from disk (the
        directory's, else the package's)."""
        tid = self.tid[m]
        if not self.loaded[tid]:
            shipped = self.shipped_path(m)
            if self.path(m).exists():
                data = np.load(self.path(m))["values"]
            elif shipped is not None:
                data = read_shipped(shipped)
            else:
                raise FileNotFoundError(f"no table {m.name} in {self.directory} "
                                        "(build it with `notation tables build`)")
            self.values[self.offsets[tid]:self.offsets[tid] + 2 * m.size] = data.reshape(-1)
            self.loaded[tid] = True
            self.held[tid, :] = True
        start = self.offsets[tid]
        return self.values[start:start + 2 * m.size].reshape(2, m.size)

    def available(self, m: Material) -> bool:
        """Whether the whole table of ``m`` is in memory, on disk or carried by the package."""
        return m in self.tid and (bool(self.loaded[self.tid[m]]) or self.path(m).exists()
                                  or self.shipped_path(m) is not None)

    def holds(self, m: Material, codes: frozenset[int] | None) -> bool:
        """Whether the slices ``codes`` of ``m`` (``None``: all) are in memory or on disk, whole or in part."""
        if m not in self.tid:
            return False
        tid = self.tid[m]
        if self.loaded[tid] or (codes is not None and all(self.held[tid, c] for c in codes)):
            return True  # in memory: no look at the disk
        if codes is None or self.available(m):
            return self.available(m)
        have = {int(c) for c in np.flatnonzero(self.held[self.tid[m]])}
        for held in self._partials(m).values():
            have |= held
        return codes <= have

    def load(self, m: Material, codes: frozenset[int] | None) -> None:
        """Bring the slices ``codes`` of ``m`` (``None``: the whole table) into memory from disk."""
        tid = self.tid[m]
        if self.loaded[tid] or (codes is not None and all(self.held[tid, c] for c in codes)):
            return
        if codes is None or self.available(m):
            self.table(m)
            return
        for path, held in self._partials(m).items():
            new = [c for c in held if not self.held[tid, c]]
            if not new or not (codes & held):
                continue
            wanted = np.zeros(64, np.bool_)
            wanted[new] = True
            member = _members(m.men, np.array(m.types + [0] * (4 - m.men), np.int64), m.pawns, m.size, wanted)
            data = np.load(path)["values"]
            self.table_view(m)[:, member] = data[:, member]
            self.held[tid, new] = True

    def table_view(self, m: Material) -> np.ndarray:
        """The memory of ``m``'s table as a ``(2, size)`` view, whatever of it is loaded."""
        start = self.offsets[self.tid[m]]
        return self.values[start:start + 2 * m.size].reshape(2, m.size)

    def missing_slices(self, m: Material, codes: frozenset[int] | None = None) -> Plan:
        """What a position of ``m`` in the slices ``codes`` (``None``: the whole table) needs that is
        not in memory or on disk: each table with the slices to build (``None``: the whole)."""
        need = slice_closure({m: codes})
        todo: Plan = {}
        for x, wanted in need.items():
            if self.holds(x, wanted):
                continue
            if wanted is not None:
                have = {int(c) for c in np.flatnonzero(self.held[self.tid[x]])}
                for held in self._partials(x).values():
                    have |= held
                wanted = frozenset(wanted - have)
            todo[x] = wanted
        return todo

    @staticmethod
    def nodes(m: Material, codes: frozenset[int] | None) -> int:
        """Nodes (positions times sides to move) of the slices ``codes`` of ``m`` (``None``: all)."""
        return 2 * m.size * (slice_count(m) if codes is None else len(codes)) // slice_count(m)

    def build(self, only: list[Material] | None = None, force: bool = False,
              report=None, workers: int | None = None, plan: Plan | None = None) -> list[tuple[Material, float, int]]:
        """Build (or load) every table, fewer men first; returns (material, seconds, passes) for those built.

        ``plan`` builds slices of tables instead (:meth:`plan`: what a position needs). Tables whose
        dependencies are ready are built side by side, one a thread (``workers``, default one a core:
        the compiled build lets go of the GIL); each is built by itself, so its bytes do not depend
        on the threads. Each table is built under a lock file of its own and written under a
        temporary name, then renamed: two processes asking for the same table build it once, and a
        reader never sees half a table.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        if plan is None:
            plan = {m: None for m in (closure(only) if only else self.materials)}
        done = []
        with ThreadPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
            jobs: dict[Material, Future] = {}
            for m, codes in plan.items():
                # A job waits for those of its dependencies, submitted before it: a free thread takes
                # jobs in order, so what a job waits for is running or done, never queued behind it.
                after = [jobs[x] for x in dependencies(m) if x in jobs]
                jobs[m] = pool.submit(self._build_after, m, codes, after, force)
            for job in as_completed(jobs.values()):
                built = job.result()
                if built is not None:
                    done.append(built)
                    if report:
                        report(*built)
        return done

    def _build_after(self, m: Material, codes: frozenset[int] | None, after: list[Future],
                     force: bool) -> tuple[Material, float, int] | None:
        """Build ``m`` (the slices ``codes``; ``None``: whole) once the jobs of its dependencies are
        done (``None``: it was on disk, and is loaded)."""
        for job in after:
            job.result()
        if not force and self.holds(m, codes):
            self.load(m, codes)
            return None
        with building.locked(self.directory / f".{m.name}.lock"):
            if not force and self.holds(m, codes):  # built by another process while we waited
                self.load(m, codes)
                return None
            if codes is not None:  # the slices on disk are loaded; the rest is built
                self.load(m, codes)
                codes = frozenset(c for c in codes if not self.held[self.tid[m], c])
            start = time.perf_counter()
            passes = self._build_one(m, codes)
            return m, time.perf_counter() - start, passes

    def _build_one(self, m: Material, codes: frozenset[int] | None = None) -> int:
        """Fill the table of ``m`` (only the slices ``codes``, when given) and save it; returns the number
        of passes.

        Pass 0 runs on every core, in ranges of nodes side by side (each node writes only its own
        entries); the retrograde passes then settle one depth after another. ``left`` keeps each
        position's quiet moves to positions not known to be won (for the other side), twice over
        (255: the position cannot lose, a capture or promotion reaching a draw or a lost position).
        A node symmetric in the diagonal and a child that is not meet once where the whole board's
        positions meet twice (its move and the mirrored one both lead to the child's node), and the
        other way round: so a symmetric node counts each move once, and a symmetric child takes one
        off for each of its two unmoves that reach it. A slice is closed under quiet moves (a pawn
        keeps its file; the king crossing to files e-h mirrors the board, and its mirror image is
        in the slices too), so its passes never leave it.
        """
        tid = self.tid[m]
        typ = np.array(m.types + [0] * (4 - m.men), np.int64)
        col = np.array(m.colors + [0] * (4 - m.men), np.int64)
        wanted = np.zeros(64, np.bool_)
        wanted[list(codes) if codes is not None else slice(None)] = True
        member = _members(m.men, typ, m.pawns, m.size, wanted)
        nodes = 2 * m.size
        left = np.zeros(nodes, np.uint8)
        exit_win = np.zeros(nodes, np.uint8)   # plies + 1 of the fastest win by a capture or promotion
        exit_loss = np.zeros(nodes, np.uint8)  # plies + 1 of the slowest loss by one
        unread = np.zeros(1, np.int64)
        geometry = (KING_STEPS, KNIGHT_STEPS, RAYS)
        tables = (self.values, self.offsets, self.sizes, self.key_tid, self.key_flip, self.tab_pawns, self.held)
        clock = time.perf_counter()
        step = -(-nodes // (4 * self.threads))
        with ThreadPoolExecutor(max_workers=self.threads) as pool:
            list(pool.map(lambda first: _start(first, min(first + step, nodes), tid, m.men, typ, col, m.pawns,
                                               *tables, *geometry, member, left, exit_win, exit_loss, unread),
                          range(0, nodes, step)))
        if unread[0]:
            raise RuntimeError(f"{m.name}: {unread[0]} captures or promotions lead to slices not built")
        phases = {"pass 0": time.perf_counter() - clock}
        clock = time.perf_counter()
        view = self.table_view(m)
        mates = np.flatnonzero((view == LOSS) & member)  # settled by pass 0: mate on the board
        settled = np.empty(nodes, np.int32)  # nodes in the order they are settled, pass by pass
        settled[:mates.size] = mates
        passes = _passes(tid, m.men, typ, col, m.pawns, self.values, self.offsets, self.sizes, *geometry,
                         left, exit_win, exit_loss, settled, mates.size)
        if not m.pawns:
            _copy_twins(tid, m.men, self.values, self.offsets, self.sizes)
        phases["passes"] = time.perf_counter() - clock
        clock = time.perf_counter()
        if codes is None:
            self.loaded[tid] = True
            self.held[tid, :] = True
            building.save(self.path(m), self.table(m))
        else:
            self.held[tid, list(codes)] = True
            building.save(self.slice_path(m, codes), np.where(member, view, np.uint8(ILLEGAL)))
        phases["save"] = time.perf_counter() - clock
        self.timings[m] = phases
        return int(passes)

    def position(self, board) -> tuple[Material, frozenset[int]] | None:
        """The table of a python-chess board and the slices holding it (None: too many men, castling,
        bare kings)."""
        import chess

        if chess.popcount(board.occupied) > MAX_MEN or board.castling_rights:
            return None
        m = self.material_of(board)
        if m is None:
            return None
        pawns = [(p.color, chess.square_file(s)) for s, p in board.piece_map().items() if p.piece_type == PAWN]
        _, flip = canonical(tuple(p.piece_type for p in board.piece_map().values() if p.color and p.piece_type != KING),
                            tuple(p.piece_type for p in board.piece_map().values()
                                  if not p.color and p.piece_type != KING))
        white = tuple(f for c, f in pawns if c != flip)
        black = tuple(f for c, f in pawns if c == flip)
        return m, slices_of(white, black)

    def byte(self, board) -> int | None:
        """The table byte of a python-chess board, or None when no table holds it (too many men, castling,
        its slice not built)."""
        import chess

        if chess.popcount(board.occupied) > MAX_MEN or board.castling_rights:
            return None
        if chess.popcount(board.occupied) == 2:
            return 0
        n = 0
        sq = np.zeros(4, np.int64)
        typ = np.zeros(4, np.int64)
        col = np.zeros(4, np.int64)
        for s, piece in board.piece_map().items():
            sq[n], typ[n], col[n] = s, piece.piece_type, 0 if piece.color else 1
            n += 1
        where = self.position(board)
        if where is None or where[0] not in self.tid or not self.holds(*where):
            return None
        self.load(*where)
        scratch = np.zeros(12, np.int64)
        stm = 0 if board.turn else 1
        v = int(_value(n, sq, typ, col, stm, self.values, self.offsets, self.sizes,
                       self.key_tid, self.key_flip, self.tab_pawns, self.held, scratch))
        return None if v < 0 else v

    def material_of(self, board) -> Material | None:
        white = tuple(p.piece_type for p in board.piece_map().values() if p.color and p.piece_type != KING)
        black = tuple(p.piece_type for p in board.piece_map().values() if not p.color and p.piece_type != KING)
        if 2 + len(white) + len(black) > MAX_MEN or not white + black:
            return None
        return canonical(white, black)[0]


def plies(byte: int) -> int | None:
    """Plies to mate from a table byte (``None`` for a draw)."""
    p = int(retrograde.plies(byte))
    return None if p < 0 else p


def outcome(byte: int) -> str:
    """``win``, ``draw`` or ``loss`` for the side to move."""
    if byte == 0:
        return "draw"
    return "win" if byte < LOSS else "loss"
