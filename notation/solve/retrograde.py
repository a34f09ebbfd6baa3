"""What the chess and checkers endgame builds share: the value byte and its passes.

Both tables store one byte a position and side to move:

* ``0``        draw (while building: not yet known);
* ``1..127``   the side to move wins in ``2n-1`` plies;
* ``128 + n``  the side to move loses in ``2n`` plies (``128``: lost on the board);
* ``255``      no such position.

Pass ``d`` of a build settles the positions whose value is ``d`` plies. The
games differ in how they generate moves and read a child's byte; the bytes, a
capture's record and (for checkers, which settles a candidate from its
children's bytes; chess counts each position's unsettled moves instead) what a
pass decides are the same, and live here. All functions are numba-compiled,
to be called from the games' compiled builds.
"""

from __future__ import annotations

from numba import njit

ILLEGAL = 255
LOSS = 128


@njit(cache=True)
def plies(v):
    """Plies to the end of a byte's value (draw and impossible: -1)."""
    if v == 0 or v == ILLEGAL:
        return -1
    return 2 * v - 1 if v < LOSS else 2 * (v - LOSS)


@njit(cache=True)
def byte_of(p):
    """The byte of a position settled at ``p`` plies: odd plies are wins for the side to move."""
    return (p + 1) // 2 if p % 2 == 1 else LOSS + p // 2


@njit(cache=True)
def note_exit(exit_win, exit_loss, at, v):
    """Record a capture's or crowning's child byte ``v`` for position ``at``; returns its plies + 1 (0: none).

    A position can win by the fastest such exit and lose by the slowest; the
    pass of that depth makes it a candidate.
    """
    p = plies(v)
    if p < 0:
        return 0
    if v >= LOSS:
        if exit_win[at] == 0 or p + 1 < exit_win[at]:
            exit_win[at] = p + 1
    elif p + 1 > exit_loss[at]:
        exit_loss[at] = p + 1
    return p + 1


@njit(cache=True)
def decides(d, v):
    """Whether one child's byte ``v`` alone decides pass ``d``, whatever the other children hold:
    :func:`settle` over the children up to it gives the answer over all of them (a win at an odd
    pass: a child lost in ``d-1``; no loss at an even pass: a child not won)."""
    if d % 2 == 1:
        return v != ILLEGAL and v >= LOSS and 2 * (v - LOSS) == d - 1
    return v == 0 or v >= LOSS


@njit(cache=True)
def settle(d, child_bytes, count):
    """The byte a position takes at pass ``d`` from its children's bytes (0: not settled at this pass).

    An odd pass is a win: one child lost in ``d-1``. An even pass is a loss:
    every child won, the slowest in ``d-1``.
    """
    if count == 0:
        return 0
    if d % 2 == 1:
        for k in range(count):
            v = child_bytes[k]
            if v != ILLEGAL and v >= LOSS and 2 * (v - LOSS) == d - 1:
                return (d + 1) // 2
        return 0
    worst = 0
    for k in range(count):
        v = child_bytes[k]
        if v == 0 or v >= LOSS:
            return 0
        if 2 * v - 1 > worst:
            worst = 2 * v - 1
    return LOSS + d // 2 if worst == d - 1 else 0
