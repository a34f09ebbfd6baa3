"""Checkers: an exact endgame database for few pieces, and a proof search beyond it.

The database holds, for every position of a material (so many black men,
black kings, white men, white kings) and side to move, one byte in the chess
tables' code (:mod:`notation.solve.chess_tables`): ``1..127`` the side to
move wins in ``2n-1`` plies, ``128+n`` it loses in ``2n`` plies (``128``: it
cannot move), ``0`` a draw, ``255`` no such position. A win is the loser
having no move (no pieces left, or all blocked), as the books count it.

Positions are indexed by the squares of each group of like pieces (black men,
black kings, white men, white kings), each group by the combination of its
squares, so a material of ``b`` black kings and ``w`` white kings has
``C(32,b) * C(32,w)`` entries a side. Colours are swapped (the board turned
round) to read a material whose stronger side is White.

Building is the chess tables' method: captures and crownings leave the
material and are read from materials built before; quiet moves stay inside
and are resolved pass by pass, each pass checking only the positions one
quiet move before a position settled in the last (numba-compiled).

:func:`solve` probes the database when the pieces are few enough and
otherwise runs an alpha-beta proof search with a transposition table whose
leaves are the database; what it cannot prove stays open, saying why.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from math import comb
from pathlib import Path

import numpy as np
from numba import njit

from notation.boards.checkers import BLACK, JUMP, STEP, Board
from notation.solve import Verdict, building, retrograde

#: Pieces in the database built by default (four: every ending of two against two, three against one).
DEFAULT_PIECES = 4
#: Most pieces a database may be built for (five pieces: 3 v 2 endings, built material by material).
MAX_PIECES = 5
#: Most pieces of a material built on first use while records are replayed (every one of four pieces: 18 s of
#: CPU in all; five pieces cost 383 s, too much for an import to pay unasked); ``notation solve``, asked of one
#: position, builds up to :data:`MAX_PIECES` (:meth:`Database.first_use_up_to`).
FIRST_USE_PIECES = DEFAULT_PIECES

STEP_ = np.array(STEP, np.int64)
JUMP_ = np.array(JUMP, np.int64)
BIN_ = np.array([[comb(n, k) for k in range(6)] for n in range(33)], np.int64)
#: Men of each side may not stand on their crowning row: Black's is 29-32, White's 1-4.
CROWN_ = np.array([0xF << 28, 0xF], np.int64)


@dataclass(frozen=True)
class Material:
    """Counts of black men, black kings, white men, white kings."""

    bm: int
    bk: int
    wm: int
    wk: int

    @property
    def name(self) -> str:
        return f"{self.bm}m{self.bk}k-v-{self.wm}m{self.wk}k"

    @property
    def pieces(self) -> int:
        return self.bm + self.bk + self.wm + self.wk

    @property
    def counts(self) -> tuple[int, int, int, int]:
        return (self.bm, self.bk, self.wm, self.wk)

    @property
    def size(self) -> int:
        return comb(32, self.bm) * comb(32, self.bk) * comb(32, self.wm) * comb(32, self.wk)

    def key(self) -> int:
        return _key(self.bm, self.bk, self.wm, self.wk)


def _key(bm: int, bk: int, wm: int, wk: int) -> int:
    return ((bm * 6 + bk) * 6 + wm) * 6 + wk


def canonical(bm: int, bk: int, wm: int, wk: int) -> tuple[Material, bool]:
    """The stored material and whether the board is turned round (colours swapped) to read it."""
    if (wm + wk, wk, wm) > (bm + bk, bk, bm):
        return Material(wm, wk, bm, bk), True
    return Material(bm, bk, wm, wk), False


def _order(m: Material) -> tuple:
    return (m.pieces, m.bm + m.wm, m.counts)  # crowning makes a man a king: fewer men first


def dependencies(m: Material) -> list[Material]:
    """Materials a capture or a crowning leads to (a side with no piece left has simply lost)."""
    out = set()
    c = list(m.counts)
    for i in range(4):
        if c[i] == 0:
            continue
        d = c.copy()
        d[i] -= 1  # a capture
        if (d[0] + d[1]) and (d[2] + d[3]):
            out.add(canonical(*d)[0])
        if i in (0, 2):  # a crowning
            d = c.copy()
            d[i] -= 1
            d[i + 1] += 1
            out.add(canonical(*d)[0])
    out.discard(m)
    return sorted(out, key=_order)


def closure(materials: list[Material]) -> list[Material]:
    seen: set[Material] = set()
    todo = list(materials)
    while todo:
        m = todo.pop()
        if m not in seen:
            seen.add(m)
            todo.extend(dependencies(m))
    return sorted(seen, key=_order)


def all_materials(pieces: int = DEFAULT_PIECES) -> list[Material]:
    """Every canonical material with at most ``pieces`` pieces, each side at least one."""
    found = set()
    for bm, bk, wm, wk in itertools.product(range(pieces + 1), repeat=4):
        if 2 <= bm + bk + wm + wk <= pieces and bm + bk and wm + wk:
            found.add(canonical(bm, bk, wm, wk)[0])
    return sorted(found, key=_order)


def parse_material(text: str) -> Material:
    """``1m2k-v-0m2k`` (black men, black kings v white men, white kings) as its canonical material."""
    try:
        black, white = text.lower().split("-v-")
        bm, bk = (int(x) for x in black.rstrip("k").split("m"))
        wm, wk = (int(x) for x in white.rstrip("k").split("m"))
    except ValueError:
        raise ValueError(f"expected a checkers material such as 1m2k-v-0m2k "
                         f"(black men, black kings v white men, white kings), not {text!r}") from None
    if bm + bk + wm + wk > MAX_PIECES or not (bm + bk) or not (wm + wk):
        raise ValueError(f"{text!r}: each side needs a piece, and at most {MAX_PIECES} pieces in all")
    return canonical(bm, bk, wm, wk)[0]


# --------------------------------------------------------------------------
# The compiled core: a position is (black, white, kings) bitboards and a side to move.


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _rank(bits):
    """Colex rank of the set of squares in ``bits``."""
    r = 0
    k = 0
    i = 0
    while bits:
        if bits & 1:
            k += 1
            r += BIN_[i, k]
        bits >>= 1
        i += 1
    return r


@njit(cache=True)
def _unrank(r, k):
    bits = 0
    for j in range(k, 0, -1):
        i = j - 1
        while BIN_[i + 1, j] <= r:
            i += 1
        r -= BIN_[i, j]
        bits |= 1 << i
    return bits


@njit(cache=True)
def _flip(bits):
    out = 0
    for i in range(32):
        if bits >> i & 1:
            out |= 1 << (31 - i)
    return out


@njit(cache=True)
def _index(black, white, kings, counts):
    """Index of a position in its material's table (counts: bm, bk, wm, wk)."""
    groups = (black & ~kings, black & kings, white & ~kings, white & kings)
    index = 0
    for g in range(4):
        index = index * BIN_[32, counts[g]] + _rank(groups[g])
    return index


@njit(cache=True)
def _decode(index, counts, out):
    """(black, white, kings) of an index; False when two groups share a square or a man is on its crowning row."""
    groups = np.empty(4, np.int64)
    for g in range(3, -1, -1):
        size = BIN_[32, counts[g]]
        groups[g] = _unrank(index % size, counts[g])
        index //= size
    if groups[0] & groups[1] or groups[2] & groups[3] or (groups[0] | groups[1]) & (groups[2] | groups[3]):
        return False
    if groups[0] & CROWN_[0] or groups[2] & CROWN_[1]:
        return False
    out[0] = groups[0] | groups[1]
    out[1] = groups[2] | groups[3]
    out[2] = groups[1] | groups[3]
    return True


@njit(cache=True)
def _children(black, white, kings, stm, out, stack):
    """Every legal move of ``stm`` as the position it leads to (captures compulsory). Returns how many."""
    own = black if stm == 0 else white
    enemy = white if stm == 0 else black
    empty = ~(black | white) & 0xFFFFFFFF
    crown = CROWN_[stm]
    count = 0
    # captures, depth first: stack rows are (square, taken bits)
    bits = own
    while bits:
        low = bits & -bits
        bits ^= low
        start = _popcount(low - 1)
        king = (kings & low) != 0
        top = 0
        stack[0, 0] = start
        stack[0, 1] = 0
        top = 1
        while top:
            top -= 1
            i = stack[top, 0]
            taken = stack[top, 1]
            extended = False
            for d in range(4):
                if not king and ((stm == 0 and d >= 2) or (stm == 1 and d < 2)):
                    continue
                land = JUMP_[i, d]
                if land < 0:
                    continue
                over = 1 << STEP_[i, d]
                free = (empty | low) >> land & 1
                if enemy & over and not taken & over and free:
                    extended = True
                    if not king and crown >> land & 1:
                        count = _emit(black, white, kings, stm, low, land, taken | over, True, out, count)
                    else:
                        stack[top, 0] = land
                        stack[top, 1] = taken | over
                        top += 1
            if not extended and taken:
                count = _emit(black, white, kings, stm, low, i, taken, king, out, count)
    if count:
        return count
    bits = own
    occupied = black | white
    while bits:
        low = bits & -bits
        bits ^= low
        i = _popcount(low - 1)
        king = (kings & low) != 0
        for d in range(4):
            if not king and ((stm == 0 and d >= 2) or (stm == 1 and d < 2)):
                continue
            n = STEP_[i, d]
            if n >= 0 and not occupied >> n & 1:
                count = _emit(black, white, kings, stm, low, n, 0, king or (crown >> n & 1) != 0, out, count)
    return count


@njit(cache=True)
def _emit(black, white, kings, stm, start_bit, end, taken, king_after, out, count):
    end_bit = 1 << end
    k = kings & ~(start_bit | taken)
    if king_after:
        k |= end_bit
    if stm == 0:
        b = (black & ~start_bit) | end_bit
        w = white & ~taken
    else:
        w = (white & ~start_bit) | end_bit
        b = black & ~taken
    out[count, 0] = b
    out[count, 1] = w
    out[count, 2] = k
    return count + 1


@njit(cache=True)
def _value(black, white, kings, stm, values, offsets, sizes, key_tid, key_flip, counts):
    """The byte of any position whose material is built (a side with no pieces to move: lost)."""
    if (black if stm == 0 else white) == 0:
        return 128
    if (white if stm == 0 else black) == 0:
        return 1  # cannot happen after a legal move; the side to move has already won
    bm = _popcount(black & ~kings)
    bk = _popcount(black & kings)
    wm = _popcount(white & ~kings)
    wk = _popcount(white & kings)
    key = ((bm * 6 + bk) * 6 + wm) * 6 + wk
    tid = key_tid[key]
    if tid < 0:
        return 0
    if key_flip[key]:
        b = _flip(white)
        w = _flip(black)
        k = _flip(kings)
        counts[0], counts[1], counts[2], counts[3] = wm, wk, bm, bk
        return values[offsets[tid] + (1 - stm) * sizes[tid] + _index(b, w, k, counts)]
    counts[0], counts[1], counts[2], counts[3] = bm, bk, wm, wk
    return values[offsets[tid] + stm * sizes[tid] + _index(black, white, kings, counts)]


@njit(cache=True)
def _settle(d, black, white, kings, stm, values, offsets, sizes, key_tid, key_flip, out, stack, counts, child_bytes):
    """The byte a position takes at pass ``d`` (0: not settled at this pass), from its children."""
    count = _children(black, white, kings, stm, out, stack)
    for k in range(count):
        child_bytes[k] = _value(out[k, 0], out[k, 1], out[k, 2], 1 - stm, values, offsets, sizes,
                                key_tid, key_flip, counts)
    return retrograde.settle(d, child_bytes, count)


@njit(cache=True)
def _build(tid, counts, values, offsets, sizes, key_tid, key_flip):
    """Fill table ``tid``; returns the number of passes."""
    size = sizes[tid]
    base = offsets[tid]
    pos = np.empty(3, np.int64)
    out = np.empty((64, 3), np.int64)
    stack = np.empty((64, 2), np.int64)
    scratch = np.empty(4, np.int64)
    child_bytes = np.empty(64, np.int64)
    exit_win = np.zeros(2 * size, np.uint8)
    exit_loss = np.zeros(2 * size, np.uint8)
    candidate = np.zeros(2 * size, np.uint8)
    deepest = 0
    for stm in range(2):
        for index in range(size):
            at = base + stm * size + index
            if not _decode(index, counts, pos):
                values[at] = 255
                continue
            values[at] = 0
            black, white, kings = pos[0], pos[1], pos[2]
            count = _children(black, white, kings, stm, out, stack)
            if count == 0:
                values[at] = 128
                continue
            for k in range(count):
                b, w, kk = out[k, 0], out[k, 1], out[k, 2]
                if (_popcount(b & ~kk) == counts[0] and _popcount(b & kk) == counts[1]
                        and _popcount(w & ~kk) == counts[2] and _popcount(w & kk) == counts[3]):
                    continue  # a quiet move: inside this table
                v = _value(b, w, kk, 1 - stm, values, offsets, sizes, key_tid, key_flip, scratch)
                deepest = max(deepest, retrograde.note_exit(exit_win, exit_loss, stm * size + index, v))
    d = 0
    last = 0
    while d <= last + 1 or d <= deepest:
        d += 1
        want = retrograde.byte_of(d - 1)
        for stm in range(2):
            for index in range(size):
                at = stm * size + index
                if values[base + at] == want:
                    _decode(index, counts, pos)
                    _unmoves(pos[0], pos[1], pos[2], stm, counts, candidate, values, base, size)
                if (exit_win[at] == d or exit_loss[at] == d) and values[base + at] == 0:
                    candidate[at] = 1
        changed = 0
        for stm in range(2):
            for index in range(size):
                at = stm * size + index
                if candidate[at] == 0:
                    continue
                candidate[at] = 0
                _decode(index, counts, pos)
                v = _settle(d, pos[0], pos[1], pos[2], stm, values, offsets, sizes, key_tid, key_flip,
                            out, stack, scratch, child_bytes)
                if v:
                    values[base + at] = v
                    changed += 1
        if changed:
            last = d
    return d


@njit(cache=True)
def _unmoves(black, white, kings, stm, counts, candidate, values, base, size):
    """Mark every position one quiet move (no capture, no crowning) before this one."""
    mover = 1 - stm
    own = black if mover == 0 else white
    occupied = black | white
    bits = own
    while bits:
        low = bits & -bits
        bits ^= low
        i = _popcount(low - 1)
        king = (kings & low) != 0
        for d in range(4):
            # a man came from behind it: Black's men move in directions 0-1, so came from 2-3
            if not king and ((mover == 0 and d < 2) or (mover == 1 and d >= 2)):
                continue
            n = STEP_[i, d]
            if n < 0 or occupied >> n & 1:
                continue
            from_bit = 1 << n
            if not king and CROWN_[mover] & from_bit:
                continue
            b, w, k = black, white, kings
            if mover == 0:
                b = (black & ~low) | from_bit
            else:
                w = (white & ~low) | from_bit
            if king:
                k = (kings & ~low) | from_bit
            at = mover * size + _index(b, w, k, counts)
            if values[base + at] == 0:
                candidate[at] = 1


# --------------------------------------------------------------------------
# Building, storing, probing

def default_dir() -> Path:
    """``$NOTATION_CHECKERS_DB``, else the user's data dir."""
    env = os.environ.get("NOTATION_CHECKERS_DB")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "notation" / "checkers-db"


class Database:
    """Checkers endgame tables in one directory, one ``.npz`` file per material, built on first use."""

    def __init__(self, directory: str | os.PathLike | None = None, pieces: int = MAX_PIECES) -> None:
        self.directory = Path(directory) if directory is not None else default_dir()
        self.pieces = pieces
        self.materials: list[Material] = []
        self.tid: dict[Material, int] = {}
        self.offsets: list[int] = []
        self.values = np.zeros(0, np.uint8)  # every material's bytes, one after the other
        self.key_tid = -np.ones(6 ** 4, np.int64)
        self.key_flip = np.zeros(6 ** 4, np.int64)
        #: Materials asked for and not held (not on disk, and not built on first use): asked once.
        self.refused: set[Material] = set()
        #: Most pieces of a material built on first use (:data:`FIRST_USE_PIECES`).
        self.first_use = min(pieces, FIRST_USE_PIECES)
        self._offsets = np.zeros(0, np.int64)
        self._sizes = np.zeros(0, np.int64)
        self._counts = np.zeros(4, np.int64)

    def path(self, m: Material) -> Path:
        return self.directory / f"{m.name}.npz"

    def leaves(self) -> bool:
        """Whether a search may end in this database's largest materials: built on first use, or on disk."""
        if building.on_demand() and self.first_use >= self.pieces:
            return True
        return all(self.path(m).exists() for m in all_materials(self.pieces) if m.pieces == self.pieces)

    @contextmanager
    def first_use_up_to(self, pieces: int) -> Iterator[None]:
        """Within the block, materials of up to ``pieces`` are built on first use (one position asked for)."""
        before = self.first_use
        self.first_use = min(pieces, self.pieces)
        self.refused = {m for m in self.refused if m.pieces > self.first_use}
        try:
            yield
        finally:
            self.first_use = before

    def _extend(self, ms: list[Material]) -> None:
        """Make room for ``ms`` after the materials held (zeroed), and register them.

        The bytes are held once, in one array grown in place (``realloc``: a large block is remapped, not
        copied, so loading every material of five pieces peaks near their size, not twice it).
        """
        held = self.values.size
        # no view of the array outlives a call (the compiled code's and _bytes' are transient): refcheck off
        self.values.resize(held + sum(2 * m.size for m in ms), refcheck=False)  # the new part zeroed
        for m in ms:
            tid = len(self.materials)
            self.materials.append(m)
            self.tid[m] = tid
            self.offsets.append(held)
            held += 2 * m.size
            self.key_tid[m.key()] = tid
            swapped = _key(m.wm, m.wk, m.bm, m.bk)
            if swapped != m.key():
                self.key_tid[swapped] = tid
                self.key_flip[swapped] = 1
        self._offsets = np.array(self.offsets, np.int64)
        self._sizes = np.array([x.size for x in self.materials], np.int64)

    def _bytes(self, m: Material) -> np.ndarray:
        """The part of :attr:`values` that holds ``m`` (both sides to move)."""
        start = self.offsets[self.tid[m]]
        return self.values[start:start + 2 * m.size]

    def missing(self, m: Material) -> list[Material]:
        """The materials ``m`` needs (itself and what it depends on) neither loaded nor on disk."""
        return [x for x in closure([m]) if x not in self.tid and not self.path(x).exists()]

    def load(self, m: Material) -> bool:
        """Load a material (and what it depends on) from disk; False when a file is missing."""
        if m in self.tid:
            return True
        if self.missing(m):
            return False
        wanted = [dep for dep in closure([m]) if dep not in self.tid]
        self._extend(wanted)
        for dep in wanted:
            self._bytes(dep)[:] = np.load(self.path(dep))["values"].reshape(-1)
        return True

    def ensure(self, m: Material) -> bool:
        """Load ``m``; when it is not on disk, build it (and what it needs) on first use, with a progress bar,
        unless that is switched off (:func:`notation.solve.building.on_demand`) or ``m`` has more pieces than
        :attr:`first_use`. False when it stays missing.

        Every material of up to five pieces builds in under a minute of CPU (the largest, 1m2k-v-1m1k,
        in 56 s: docs/endings.md); a first use that needs several takes their sum.
        """
        if m in self.tid:
            return True
        if m in self.refused:
            return False
        if self.load(m):
            return True
        if not building.on_demand() or m.pieces > self.first_use:
            self.refused.add(m)
            return False
        todo = sum(2 * x.size for x in self.missing(m))
        building.with_progress(f"Building the checkers {m.name} database (once)", todo,
                               lambda advance: self.build([m], report=lambda x, s, p: advance(2 * x.size)))
        return True

    def why_missing(self, m: Material) -> str:
        """Why ``m`` is not held, and the command that builds it."""
        return (f"no database for {m.name} in {self.directory} "
                f"(build it with `notation tables build --game checkers {m.name}`)")

    def build(self, materials: list[Material], force: bool = False, report=None) -> list[tuple[Material, float, int]]:
        """Build every material needed for ``materials`` (loading those on disk); (material, CPU seconds, passes).

        Each material is built under a lock file of its own and written under a temporary name, then renamed
        (:mod:`notation.solve.building`): two processes asking for one material build it once.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        done = []
        for m in closure(materials):
            if m in self.tid and not force:
                continue
            if not force and self.path(m).exists():
                self.load(m)
                continue
            with building.locked(self.directory / f".{m.name}.lock"):
                if not force and self.path(m).exists():  # built by another process while we waited
                    self.load(m)
                    continue
                start = time.process_time()
                if m in self.tid:  # built again (force): in its own place
                    self._bytes(m)[:] = 0
                else:
                    self._extend([m])
                tid = self.tid[m]
                passes = _build(tid, np.array(m.counts, np.int64), self.values, self._offsets, self._sizes,
                                self.key_tid, self.key_flip)
                building.save(self.path(m), self._bytes(m))
                seconds = time.process_time() - start
            self.refused.discard(m)
            done.append((m, seconds, int(passes)))
            if report:
                report(m, seconds, int(passes))
        return done

    def value(self, black: int, white: int, kings: int, turn: int) -> int | None:
        """The database byte of a position, or None when its material is past :attr:`pieces` or not held."""
        if not black or not white:
            return 128 if not (black if turn == BLACK else white) else 1
        bm = (black & ~kings).bit_count()
        bk = (black & kings).bit_count()
        wm = (white & ~kings).bit_count()
        wk = (white & kings).bit_count()
        if bm + bk + wm + wk > self.pieces:
            return None
        key = _key(bm, bk, wm, wk)
        if self.key_tid[key] < 0 and not self.ensure(canonical(bm, bk, wm, wk)[0]):
            return None
        return int(_value(black, white, kings, turn, self.values, self._offsets, self._sizes,
                          self.key_tid, self.key_flip, self._counts))

    def byte(self, board: Board) -> int | None:
        """The database byte of a board, or None when its material is not held."""
        return self.value(board.black, board.white, board.kings, board.turn)


_db: Database | None = None


def database() -> Database:
    """The database in use: by default the one in ``$NOTATION_CHECKERS_DB`` or the user's data dir."""
    global _db
    if _db is None:
        _db = Database()
    return _db


def use_database(db: Database | None) -> None:
    """Probe ``db`` from now on (``None``: the default directory again)."""
    global _db
    _db = db


def _byte_verdict(byte: int, how: str, reason: str) -> Verdict:
    if byte == 0:
        return Verdict("draw", None, how, reason)
    if byte < 128:
        return Verdict("win", 2 * byte - 1, how, reason)
    return Verdict("loss", 2 * (byte - 128), how, reason)


def material_of(board: Board) -> Material:
    """The canonical material of a board (each side with at least one piece)."""
    return canonical((board.black & ~board.kings).bit_count(), (board.black & board.kings).bit_count(),
                     (board.white & ~board.kings).bit_count(), (board.white & board.kings).bit_count())[0]


def probe(board: Board, db: Database | None = None) -> Verdict:
    """The database's verdict for a position (its material built on first use when small enough),
    or an open one saying why not."""
    db = db or database()
    if not board.legal_moves():
        return Verdict("loss", 0, "rules", "no move")
    byte = db.byte(board)
    if byte is None or byte == 255:
        pieces = _pieces(board)
        if pieces > db.pieces:
            return Verdict(None, None, "open", f"{pieces} pieces: the database holds at most {db.pieces}")
        return Verdict(None, None, "open", db.why_missing(material_of(board)))
    return _byte_verdict(byte, "table", f"{_material_name(board)} database")


def _material_name(board: Board) -> str:
    bm = bin(board.black & ~board.kings).count("1")
    bk = bin(board.black & board.kings).count("1")
    wm = bin(board.white & ~board.kings).count("1")
    wk = bin(board.white & board.kings).count("1")
    return f"Black {bm} men {bk} kings v White {wm} men {wk} kings"


# --------------------------------------------------------------------------
# Beyond the database: a proof-number search whose leaves are the database

#: Positions one proof may make before it gives up, the claim then open and naming this budget
#: (``$NOTATION_CHECKERS_NODES``; the tests lower it): about 1 s of CPU and 50 MB a question.
NODES = int(os.environ.get("NOTATION_CHECKERS_NODES", "50000"))
_INF = 1 << 40
_SIDES = ("Black", "White")


@dataclass
class Proof:
    """The answer to "does ``winner`` win this position?", whoever is to move.

    ``proved`` is True or False, or None when the budget ran out first. ``line``
    names the moves that decide it: the winning move (when the winner is to move),
    or the defence that holds (the loser's move, or its answer to each of the
    winner's moves); ``nodes`` the positions made.
    """

    winner: int
    proved: bool | None
    nodes: int
    budget: int
    line: str = ""

    @property
    def how(self) -> str:
        """``search of 1,234 positions`` or ``no proof within 100,000 positions``."""
        if self.proved is None:
            return f"no proof either way within {self.budget:,} positions (proof-number search, database leaves)"
        return f"proof-number search of {self.nodes:,} positions, database leaves"


class _Node:
    __slots__ = ("pos", "parent", "kids", "pn", "dn")

    def __init__(self, pos: tuple[int, int, int, int], parent: _Node | None) -> None:
        self.pos = pos
        self.parent = parent
        self.kids: list[_Node] | None = None  # made when the node is expanded (its moves made again then)
        self.pn = 1
        self.dn = 1


class _Prover:
    """Proof-number search of one question, "does ``winner`` win?", over a tree (no transpositions).

    A leaf is settled by the database (a material it holds), by the rules (the side to move has no move:
    it has lost) or by a repetition: a position already on its line is no win for ``winner``, who must
    win without going round (a forced win never needs to; a defender that can go round for ever is not
    beaten).
    """

    def __init__(self, db: Database, winner: int, budget: int) -> None:
        self.db = db
        self.winner = winner
        self.budget = budget
        self.made = 0
        self._out = np.empty((64, 3), np.int64)
        self._stack = np.empty((64, 2), np.int64)

    def _children(self, pos: tuple[int, int, int, int]) -> list[tuple[int, int, int, int]]:
        black, white, kings, turn = pos
        n = _children(black, white, kings, turn, self._out, self._stack)
        rows = self._out[:n].tolist()
        return list(dict.fromkeys((b, w, k, 1 - turn) for b, w, k in rows))

    def _known(self, pos: tuple[int, int, int, int]) -> bool | None:
        black, white, kings, turn = pos
        if (black | white).bit_count() > self.db.pieces:
            return None
        byte = self.db.value(black, white, kings, turn)
        if byte is None or byte == 255:
            return None
        if byte == 0:
            return False
        return (byte < 128) == (turn == self.winner)

    def make(self, pos: tuple[int, int, int, int], parent: _Node | None, line: set) -> _Node:
        self.made += 1
        node = _Node(pos, parent)
        known = self._known(pos)
        if known is None:
            moves = self._children(pos)
            if not moves:
                known = pos[3] != self.winner  # the side to move has no move: it has lost
            elif pos in line:
                known = False  # round again: no progress for the winner
            else:  # the more moves, the harder to beat all of them
                node.pn, node.dn = (1, len(moves)) if pos[3] == self.winner else (len(moves), 1)
        if known is not None:
            node.pn, node.dn = (0, _INF) if known else (_INF, 0)
        return node

    def expand(self, node: _Node, line: set) -> None:
        node.kids = [self.make(m, node, line) for m in self._children(node.pos)]

    def _update(self, node: _Node) -> None:
        kids = node.kids
        assert kids is not None
        if node.pos[3] == self.winner:
            node.pn = min(k.pn for k in kids)
            node.dn = min(_INF, sum(k.dn for k in kids))
        else:
            node.pn = min(_INF, sum(k.pn for k in kids))
            node.dn = min(k.dn for k in kids)

    def run(self, board: Board) -> Proof:
        pos = (board.black, board.white, board.kings, board.turn)
        root = self.make(pos, None, set())
        if self._children(pos):
            self.expand(root, {pos})  # the root's moves, even when the database holds it: to name them
            self._update(root)
        while root.pn and root.dn and self.made < self.budget:
            node, line = root, {root.pos}
            while node.kids is not None:
                winner_moves = node.pos[3] == self.winner
                node = min(node.kids, key=(lambda k: k.pn) if winner_moves else (lambda k: k.dn))
                line.add(node.pos)
            self.expand(node, line)
            up: _Node | None = node
            while up is not None:
                pn, dn = up.pn, up.dn
                self._update(up)
                if (pn, dn) == (up.pn, up.dn) and up is not root:
                    break  # nothing above changes
                if not (up.pn and up.dn) and up.parent is not None and up.parent.parent is not None:
                    up.kids = None  # settled, and too deep to be named: its subtree is not needed again
                up = up.parent
        proved = True if root.pn == 0 else False if root.dn == 0 else None
        return Proof(self.winner, proved, self.made, self.budget, self._line(root, proved))

    def _line(self, root: _Node, proved: bool | None) -> str:
        if proved is None or not root.kids:
            return ""
        board = Board(*root.pos)
        winner, loser = _SIDES[self.winner], _SIDES[1 - self.winner]
        if proved:
            if root.pos[3] != self.winner:
                return f"every move of {loser} loses"
            kid = next(k for k in root.kids if k.pn == 0)
            return f"{winner} wins by {_move_between(board, kid.pos)}"
        if root.pos[3] != self.winner:
            kid = next(k for k in root.kids if k.dn == 0)
            return f"{loser} holds with {_move_between(board, kid.pos)}"
        answers = []
        for kid in root.kids:
            if kid.kids is None:
                self.expand(kid, {root.pos, kid.pos})
            assert kid.kids is not None
            reply = next((k for k in kid.kids if k.dn == 0), None)
            if reply is not None:
                answers.append(f"{_move_between(board, kid.pos)} by {_move_between(Board(*kid.pos), reply.pos)}")
        shown = "; ".join(answers[:4]) + (f"; and {len(answers) - 4} more" if len(answers) > 4 else "")
        return f"{loser} meets {shown}"


def _move_between(board: Board, after: tuple[int, int, int, int]) -> str:
    """The move of ``board`` that leads to the position ``after`` (PDN: ``11-15``, ``15x22``)."""
    for move in board.legal_moves():
        child = board.push(move)
        if (child.black, child.white, child.kings) == after[:3]:
            return str(move)
    raise AssertionError(f"no move of {board.fen()} leads to {after}")


def prove(board: Board, winner: int, db: Database | None = None, nodes: int | None = None) -> Proof:
    """Whether ``winner`` (BLACK or WHITE) wins ``board`` by force: proved, refuted, or open past ``nodes``
    positions (default :data:`NODES`). The database settles what it holds; the search the rest above it."""
    return _Prover(db or database(), winner, nodes or NODES).run(board)


def search(board: Board, nodes: int | None = None, db: Database | None = None) -> Verdict:
    """The value of a position for the side to move by proof search: its win proved or refuted, then
    (refuted) the other side's; each question within ``nodes`` positions, else open saying so."""
    db = db or database()
    mine = prove(board, board.turn, db, nodes)
    if mine.proved:
        best = mine.line.rsplit(" by ", 1)[-1]
        return Verdict("win", None, "search", f"{mine.how}: {mine.line}", best=best)
    theirs = prove(board, 1 - board.turn, db, nodes) if mine.proved is False else None
    if theirs is not None and theirs.proved is not None:
        value = "loss" if theirs.proved else "draw"
        return Verdict(value, None, "search", f"{theirs.how}: {theirs.line or mine.line}")
    spent = mine if theirs is None else theirs
    return Verdict(None, None, "open", f"{_material_name(board)}: beyond the database; {spent.how}")


def solve(position: str | Board, db: Database | None = None, nodes: int | None = None) -> Verdict:
    """The value of a checkers position (a PDN FEN) for the side to move: the database, else a proof search."""
    board = Board.from_fen(position) if isinstance(position, str) else position
    with (db or database()).first_use_up_to(MAX_PIECES):  # asked of this position: worth a minute's build
        verdict = probe(board, db)
        if verdict.value is not None:
            return verdict
        found = search(board, nodes, db)
    if found.value is None:
        found.reason = f"{verdict.reason}; {found.reason}" if _pieces(board) <= (db or database()).pieces \
            else found.reason
    return found


def _pieces(board: Board) -> int:
    return bin(board.black | board.white).count("1")
