"""Clean PGN movetext read without the LALR parser: the fast path of :mod:`notation.parse.chess_san`.

Most of a big PGN collection is movetext of only move numbers, SAN moves and
a result. Such a body is read here by a scanner built from the grammar's own
terminals (``MOVE_NUMBER``, ``SAN``, ``RESULT`` of ``grammars/chess_san.lark``),
into the moves (text, offset, number, side) and the result that the grammar and
its transformer would give. At the first thing it does not take whole — a comment, a NAG, a
variation, a ``!?``, a word that is not a move, anything after the result —
it answers ``None`` and the full reader reads the record.
"""

from __future__ import annotations

import re

from notation.parse import load, next_turn
from notation.parse.chess_san import GRAMMAR, number_side

_scanner: re.Pattern[str] | None = None
#: The numbers of :func:`scanner`'s groups for the result, a move number and a move (its terminals have groups of their own).
_GROUPS: tuple[int, int, int] = (0, 0, 0)

#: A printed move as :func:`scan_clean` gives it: its text, its offset in the body, its move number and side.
Scanned = tuple[str, int, int | None, str | None]


def scanner() -> re.Pattern[str]:
    """One regular expression of the grammar's terminals, each in a named group, the spaces before it in the first.

    The result comes first, as its higher priority in the grammar puts it
    (``1-0`` is no move number); a move must end where a word ends, else the
    grammar would read more (``e4x``) and the record goes to it.
    """
    global _scanner, _GROUPS
    if _scanner is None:
        lark = load(GRAMMAR)
        regexp = {name: lark.get_terminal(name).pattern.to_regexp() for name in ("RESULT", "MOVE_NUMBER", "SAN")}
        _scanner = re.compile(
            rf"(\s*)(?:(?P<result>{regexp['RESULT']})|(?P<number>{regexp['MOVE_NUMBER']})|"
            rf"(?P<san>{regexp['SAN']})(?=\s|$))")
        _GROUPS = (_scanner.groupindex["result"] - 1, _scanner.groupindex["number"] - 1,
                   _scanner.groupindex["san"] - 1)
    return _scanner


def scan_clean(body: str) -> tuple[list[Scanned], tuple[str, int] | None] | None:
    """The moves of a movetext of only move numbers, SAN moves and a final result, and the result (its text
    and offset); ``None`` for anything else.

    One ``findall`` of :func:`scanner` reads the whole body: its matches are
    the body's words read in turn exactly when their lengths add up to where
    the body's last word ends (a word the scanner skipped leaves them short).
    Plain tuples, not :class:`notation.model.PrintedMove`: the clean replay makes each
    move's :class:`notation.model.Move` from them (an object less a ply).
    """
    found = scanner().findall(body)
    result_at, number_at, san_at = _GROUPS
    moves: list[Scanned] = []
    number: int | None = None
    side: str | None = None
    result: tuple[str, int] | None = None
    at = 0
    for groups in found:
        if result is not None:
            return None  # anything after the result: the grammar decides
        at += len(groups[0])
        if san := groups[san_at]:
            moves.append((san, at, number, side))
            at += len(san)
            number, side = next_turn(number, side)
        elif text := groups[number_at]:
            number = int(text.split(".", 1)[0])  # digits, perhaps spaces, then the full stops
            side = number_side(text)
            at += len(text)
        else:
            result = (groups[result_at], at)
            at += len(result[0])
    if body[at:].strip():
        return None
    return moves, result

