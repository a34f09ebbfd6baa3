"""Clean English descriptive movetext read without the Earley parser: the fast path of
:mod:`notation.rules.chess.notations.descriptive`.

A record whose body is one paragraph of numbered moves in the compact form
the writer prints (``1. P-K4 P-K4 2. Kt-KB3 Kt(QB3)-K2 3. BxKtP ch K-B1
4. P-B8=Q Castles QR``) is read here word by word into exactly the
:class:`ParsedRecord` the layout grammar and its transformer would give: the
words are turned into fields by the readers the transformer uses
(:mod:`notation.parse.chess_descriptive_words`: :func:`piece_spec`, :func:`square_spec`,
:func:`castle_side`, :func:`promotion_piece`). The forms taken are a strict subset of the
grammar's: anything else — the long form (``P. to K's 4th``), spaces inside a
name, ``e.p.``, notes, remarks, prose, a second paragraph, a move number out
of turn — answers ``None`` and the full reader reads the record.
"""

from __future__ import annotations

import re
from functools import lru_cache

from notation.boards.chess import DescriptiveMove
from notation.details.chess import ChessExtra
from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse.chess_descriptive_words import NAME, castle_side, piece_spec, promotion_piece, square_spec

_PIECE = r"(?:[KQ]?(?:Kt|B|R)?P|[KQ]?(?:Kt|B|R)|K|Q)"
_SQUARE = r"(?:[KQ](?:Kt|B|R)?|Kt|B|R)[1-8]"
#: One move as the writer prints it: the piece, the square it comes from in brackets when
#: needed, then ``-`` and the square, or ``x`` and the piece taken (its square in brackets
#: when needed), then a promotion.
MOVE = re.compile(
    rf"(?P<piece>{_PIECE})(?:\((?P<origin>{_SQUARE})\))?"
    rf"(?:-(?P<to>{_SQUARE})|x(?P<taken>{_PIECE})(?:\((?P<at>{_SQUARE})\))?)"
    r"(?:=(?P<promotion>Q|R|B|Kt))?")
_NUMBER = re.compile(r"(\d+)\.")
_WORD = re.compile(r"\S+")
_RESULTS = ("1-0", "0-1", "1/2-1/2", "½-½")
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def parse_clean(record: Record) -> ParsedRecord | None:
    """The record's moves if its body is clean compact descriptive movetext; else ``None``."""
    body = record.body
    if _PARAGRAPH_BREAK.search(body.strip()):
        return None  # paragraphs: prose, notes, alternatives — the layout reader's business
    words = [(m.start(), m.group()) for m in _WORD.finditer(body)]
    line = PrintedLine()
    moves = line.moves
    parsed = ParsedRecord(record, "chess", NAME, line)
    number = 1
    side = "white"
    i, end = 0, len(words)
    while i < end:
        at, word = words[i]
        if side == "white":  # every White move is numbered, in turn
            m = _NUMBER.fullmatch(word)
            if m is None:
                if i == end - 1 and word in _RESULTS and moves:
                    parsed.result, parsed.result_span = word, (at, at + len(word))
                    break
                return None
            if int(m.group(1)) != number:
                return None
            i += 1
            if i == end:
                return None
            at, word = words[i]
        i += 1
        if word == "Castles":
            fields = DescriptiveMove("castle")
            text_end = at + len(word)
            if i < end and words[i][1] in ("KR", "QR"):
                text_end = words[i][0] + 2
                i += 1
            fields.castle = castle_side(body[at:text_end])
        else:
            m = MOVE.fullmatch(word)
            if m is None:
                return None
            fields = _fields(m)
            text_end = at + len(word)
        if i < end and words[i][1] in ("ch", "mate"):
            fields.check, fields.mate = words[i][1] == "ch", words[i][1] == "mate"
            text_end = words[i][0] + len(words[i][1])
            i += 1
        moves.append(PrintedMove(body[at:text_end], at, text_end, fields, number, side))
        if side == "black":
            number += 1
        side = "black" if side == "white" else "white"
    if not moves:
        return None
    parsed.extra = ChessExtra()
    return parsed


# The names are few and their readings immutable: each is read once.
_piece = lru_cache(maxsize=None)(piece_spec)
_square = lru_cache(maxsize=None)(square_spec)


def _fields(m: re.Match[str]) -> DescriptiveMove:
    piece, origin, to, taken, at, promotion = m.groups()
    move = DescriptiveMove("move" if to else "capture", piece=_piece(piece))
    if origin:
        move.origin = _square(origin)
    if to:
        move.to = _square(to)
    else:
        move.target = _piece(taken)
        if at:
            move.to = _square(at)
    if promotion:
        move.promotion = promotion_piece("=" + promotion)
    return move
