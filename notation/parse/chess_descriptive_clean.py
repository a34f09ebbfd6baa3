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


#: A printed move as :func:`scan_clean` gives it: its text, its offset in the body, its move number, its
#: side, the move (``P-K4``, ``Castles``, ``Castles KR``) and its mark (``""``, ``"ch"``, ``"mate"``).
Scanned = tuple[str, int, int, str, str, str]


def scan_clean(body: str) -> tuple[list[Scanned], tuple[str, int] | None] | None:
    """The moves of a body of clean compact descriptive movetext, and its result (text and offset); else ``None``.

    Plain tuples, not :class:`PrintedMove`: the compiled replay makes each move's
    :class:`notation.model.Move` from them; :func:`parse_clean` reads each move's words into its fields.
    """
    if _PARAGRAPH_BREAK.search(body.strip()):
        return None  # paragraphs: prose, notes, alternatives — the layout reader's business
    words = [(m.start(), m.group()) for m in _WORD.finditer(body)]
    moves: list[Scanned] = []
    result: tuple[str, int] | None = None
    number = 1
    side = "white"
    i, end = 0, len(words)
    while i < end:
        at, word = words[i]
        if side == "white":  # every White move is numbered, in turn
            if word != f"{number}.":
                m = _NUMBER.fullmatch(word)
                if m is None and i == end - 1 and word in _RESULTS and moves:
                    result = (word, at)
                    break
                if m is None or int(m.group(1)) != number:
                    return None
            i += 1
            if i == end:
                return None
            at, word = words[i]
        i += 1
        move = word
        if word == "Castles":
            if i < end and words[i][1] in ("KR", "QR"):
                move = body[at:words[i][0] + 2]
                i += 1
        elif word not in _moves:
            if MOVE.fullmatch(word) is None:
                return None
            _moves.add(word)
        mark = ""
        if i < end and words[i][1] in ("ch", "mate"):
            mark = words[i][1]
            i += 1
            text = body[at:words[i - 1][0] + len(mark)]
        else:
            text = body[at:at + len(move)]
        moves.append((text, at, number, side, move, mark))
        if side == "black":
            number += 1
        side = "black" if side == "white" else "white"
    if not moves:
        return None
    return moves, result


#: Move words already matched by :data:`MOVE` (a few thousand at most: pieces and squares are few).
_moves: set[str] = set()


def parse_clean(record: Record) -> ParsedRecord | None:
    """The record's moves if its body is clean compact descriptive movetext; else ``None``."""
    scanned = scan_clean(record.body)
    if scanned is None:
        return None
    found, result = scanned
    line = PrintedLine()
    parsed = ParsedRecord(record, "chess", NAME, line)
    if result is not None:
        parsed.result, parsed.result_span = result[0], (result[1], result[1] + len(result[0]))
    moves = line.moves
    for text, at, number, side, move, mark in found:
        fields = reading(move)
        fields.check, fields.mate = mark == "ch", mark == "mate"
        moves.append(PrintedMove(text, at, at + len(text), fields, number, side))
    parsed.extra = ChessExtra()
    return parsed


def reading(move: str) -> DescriptiveMove:
    """What a move scanned by :func:`scan_clean` says (a new object: the caller may mark it)."""
    if move.startswith("Castles"):
        return DescriptiveMove("castle", castle=castle_side(move))
    m = MOVE.fullmatch(move)
    assert m is not None
    return _fields(m)


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
