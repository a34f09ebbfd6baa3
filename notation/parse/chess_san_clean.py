"""Clean PGN movetext read without the LALR parser: the fast path of :mod:`notation.parse.chess_san`.

Most of a big PGN collection is movetext of only move numbers, SAN moves and
a result. Such a body is read here by a scanner built from the grammar's own
terminals (``MOVE_NUMBER``, ``SAN``, ``RESULT`` of ``grammars/chess_san.lark``),
into exactly the :class:`ParsedRecord` the grammar and its transformer would
give. At the first thing it does not take whole — a comment, a NAG, a
variation, a ``!?``, a word that is not a move, anything after the result —
it answers ``None`` and the full reader reads the record.
"""

from __future__ import annotations

import re

from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse import load, next_turn
from notation.parse.chess_san import GRAMMAR, NAME, number_side

_scanner: re.Pattern[str] | None = None


def scanner() -> re.Pattern[str]:
    """One regular expression of the grammar's terminals, each in a named group, spaces skipped.

    The result comes first, as its higher priority in the grammar puts it
    (``1-0`` is no move number); a move must end where a word ends, else the
    grammar would read more (``e4x``) and the record goes to it.
    """
    global _scanner
    if _scanner is None:
        lark = load(GRAMMAR)
        regexp = {name: lark.get_terminal(name).pattern.to_regexp() for name in ("RESULT", "MOVE_NUMBER", "SAN")}
        _scanner = re.compile(
            rf"\s*(?:(?P<result>{regexp['RESULT']})|(?P<number>{regexp['MOVE_NUMBER']})|"
            rf"(?P<san>{regexp['SAN']})(?=\s|$))")
    return _scanner


def parse_clean(record: Record) -> ParsedRecord | None:
    """The record's movetext if it is only move numbers, SAN moves and a final result; else ``None``."""
    body = record.body
    match = scanner().match
    line = PrintedLine()
    moves = line.moves
    number: int | None = None
    side: str | None = None
    result: tuple[str, int] | None = None
    at, end = 0, len(body)
    while (m := match(body, at)) is not None:
        at = m.end()
        if result is not None:
            return None  # anything after the result: the grammar decides
        kind = m.lastgroup
        if kind == "san":
            san = m["san"]
            moves.append(PrintedMove(san, m.start("san"), at, san, number, side))
            number, side = next_turn(number, side)
        elif kind == "number":
            text = m["number"]
            number = int(text.split(".", 1)[0])  # digits, perhaps spaces, then the full stops
            side = number_side(text)
        else:
            result = (m["result"], m.start("result"))
    if at < end and body[at:].strip():
        return None
    parsed = ParsedRecord(record, "chess", NAME, line)
    if result is not None:
        parsed.result, parsed.result_span = result[0], (result[1], result[1] + len(result[0]))
    return parsed
