"""Checker book notation (``grammars/checkers_book.lark``): read, each move found on the board, written.

Each move becomes a :class:`~notation.model.PrintedMove` whose ``fields`` is
a :class:`SquareMove`: the squares as printed, how they were joined, and
which side the book's convention says is moving (a hyphen for Black, a
space for White). Margin letters attach their ``Var A.`` sections to the
move they replace. The board is asked only by :meth:`~.base.SquareNotation.resolve` and the writer.

>>> from notation.rules.checkers.notations.book import NOTATION
>>> NOTATION.name
'book'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, cast

from lark import Token, Transformer

from notation.boards.checkers import Board, Move, book_text
from notation.details.checkers import CheckersExtra
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse import ParseError, load, parse_body, span
from notation.parse.checkers_setup import CheckersSetUpError, position_in_words
from notation.rules.checkers.notations.base import OCR_DIGITS, SquareMove, SquareNotation, squares_of

RESULTS = {"b": "B wins", "black": "B wins", "w": "W wins", "white": "W wins", "drawn": "Drawn"}


#: The result "and wins" after a line's last move: the side that made it wins (settled by the replay, which knows it).
MOVER_WINS = "wins"


def mover_wins(claimed: str, side: str | None) -> str:
    """A line's result with "and wins" (:data:`MOVER_WINS`) made the result of the side that moved last."""
    if claimed != MOVER_WINS or side is None:
        return claimed
    return "B wins" if side == "black" else "W wins"


def book_result(text: str) -> str:
    """``"W wins."`` -> ``"W wins"``; ``"Black wins"`` -> ``"B wins"``; ``"Drawn."`` -> ``"Drawn"``;
    ``"White loses."`` -> ``"B wins"`` (the other side wins)."""
    words = [word.rstrip(".") for word in text.split()]  # ("B. wins.": the initial's stop too)
    result = RESULTS[words[0].lower()]
    if words[-1].lower() == "loses":
        return {"B wins": "W wins", "W wins": "B wins"}[result]
    return result


def result_after(text: str, at: int) -> tuple[str, tuple[int, int]] | None:
    """The result the book's grammar reads (its ``RESULT``) just after ``at`` in ``text``, blanks, stops or "and"
    between ("... 18-15 Drawn.", "..., and B. wins.", "..., and was drawn."): the book result and where it is printed;
    ``None`` for none."""
    found = _result_after().match(text, at)
    if found is None:
        return _result_by(text, at)
    if found["drawn"]:
        return "Drawn", found.span("drawn")
    if found["wins"]:
        return MOVER_WINS, found.span("wins")
    return book_result(found["result"]), found.span("result")


@cache
def _result_after() -> re.Pattern[str]:
    result = load("checkers_book.lark", transformer=_TRANSFORMER).get_terminal("RESULT").pattern.to_regexp()
    # (Prose tells a draw in its own words: "..., 15-10, and was drawn.", "and the game was drawn.")
    # ("..., 23-18, and wins.": the side that made the last move wins, :data:`MOVER_WINS`.)
    return re.compile(rf"[\s.,;]*(?:(?:and\s+)?(?:(?P<result>{result})|(?:the\s+game\s+)?(?:was|is)\s+(?P<drawn>drawn)\b)"
                      rf"|and\s+(?P<wins>wins)\b)")


def _result_by(text: str, at: int) -> tuple[str, tuple[int, int]] | None:
    """The result told before the moves that make it, in the sentence they end ("White wins by 23-19.", "Black wins
    by first moving 27-23, then 4-8, ..., 19-15."): the sentence ends just after ``at``, its result is followed by
    "by". ``None`` for none."""
    if not _SENTENCE_END.match(text, at):
        return None
    head = max((m.end() for m in _SENTENCE_STOP.finditer(text, 0, at)), default=0)
    found = list(_result_by_pattern().finditer(text, head, at))  # (the last before the moves)
    return (book_result(found[-1]["result"]), found[-1].span("result")) if found else None


def result_by_at(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a result told before the moves that make it, and nothing else ("Black wins by",
    "White wins by first moving")."""
    found = _result_by_pattern().match(text, start + len(text[start:end]) - len(text[start:end].lstrip()))
    return found is not None and not re.search(r"[0-9]", text[found.end():end])


#: A sentence's end just after its last move: its full stop (or none), then a line's end or the next sentence.
_SENTENCE_END = re.compile(r"[ \t]*(?:[.!]|\s*$)(?:\s|$)")
#: Where a sentence ends before another: a full stop not after a side's initial ("B. wins") nor inside a move
#: ("22.18"), or a blank line.
_SENTENCE_STOP = re.compile(r"(?<![A-Z])[.!?](?=\s)|\n[ \t]*\n")


@cache
def _result_by_pattern() -> re.Pattern[str]:
    result = load("checkers_book.lark", transformer=_TRANSFORMER).get_terminal("RESULT").pattern.to_regexp()
    return re.compile(rf"(?P<result>{result})\s+by\b")


class _Mark:
    """A margin letter inside a line: the next move is replaced by ``Var <letter>.``."""

    def __init__(self, token: Token) -> None:
        self.letter = str(token)
        self.token = token


class _Note:
    """Prose printed between or inside the columns: kept as the comment of the move before it."""

    def __init__(self, token: Token) -> None:
        self.text = str(token).strip().strip("()").strip()
        self.token = token


class _SideMark:
    """The side's initial in a table of one move a row (``1.  B.  11  15``): the next move is that side's."""

    def __init__(self, token: Token) -> None:
        self.side = "black" if str(token).startswith("B") else "white"
        self.token = token


class _TableHeader:
    """The heads of a table of one move a row (``No. Colour. from  to``), or a heading in capitals (``GAME I.``,
    the record's title): no game's columns, no move."""

    def __init__(self, token: Token) -> None:
        self.token = token


class _Header:
    """A column header: ``Black  White``, or two pairs for two games side by side."""

    def __init__(self, token: Token) -> None:
        self.token = token
        words = str(token).split()
        #: Where the second game's columns start in the header's text (``None``: one game).
        self.second: int | None = None
        if len(words) == 4:
            self.second = str(token).index(words[2], len(words[0]) + len(words[1]))


class _Line:
    def __init__(self, items: list[Any], result: Token | None) -> None:
        self.items = items
        self.result = result


class BookTransformer(Transformer):
    """Tree -> moves, margin letters, results, sections; the structure is put together by :func:`build`."""

    def black_move(self, children: list[Token]) -> PrintedMove:
        return self._move(children[0], "-", "black")

    def white_move(self, children: list[Token]) -> PrintedMove:
        return self._move(children[0], " ", "white")

    def pdn_move(self, children: list[Token]) -> PrintedMove:
        token = children[0]
        joiner = "x" if "x" in token.lower() else "-"
        return self._move(token, joiner, None)

    @staticmethod
    def _move(token: Token, joiner: str, side: str | None) -> PrintedMove:
        text = str(token)
        crowned = text.endswith("K") or text.endswith("(K)")
        squares_text = text.replace("(K)", "").rstrip("K ")
        fields = SquareMove(squares_of(text), joiner, side, crowned=crowned,
                            ocr=any(c in OCR_DIGITS for c in squares_text))
        return PrintedMove(text, *span(token), fields=fields, side=side)

    def missing(self, children: list[Token]) -> Token:
        return children[0]

    def note(self, children: list[Token]) -> _Note:
        return _Note(children[0])

    def marked_move(self, children: list[Any]) -> PrintedMove:
        move: PrintedMove = children[-1]
        if len(children) == 2:  # the asterisk: "the losing move"
            star: Token = children[0]
            f = move.fields
            move.fields = SquareMove(f.squares, f.joiner, f.side, True, f.crowned, f.ocr)
            move.annotations.append("*")
            move.text = star + move.text if star.end_pos == move.start else f"{star} {move.text}"
            move.start = span(star)[0]
        return move

    def var_mark(self, children: list[Token]) -> _Mark:
        return _Mark(children[0])

    def slip_comma(self, children: list[Token]) -> str:
        return ","

    def result(self, children: list[Token]) -> Token:
        return children[0]

    def header(self, children: list[Token]) -> _Header:
        return _Header(children[0])

    def table_header(self, children: list[Token]) -> _TableHeader:
        return _TableHeader(children[0])

    def side_mark(self, children: list[Token]) -> _SideMark:
        return _SideMark(children[0])

    def line(self, children: list[Any]) -> _Line:
        # A result before the end stays among the items: the first of two games side by side ends there.
        if children and isinstance(children[-1], Token) and children[-1].type == "RESULT":
            return _Line(children[:-1], children[-1])
        return _Line(children, None)

    def variation_section(self, children: list[Any]) -> tuple[Token, _Line]:
        return children[0], children[1]

    def start(self, children: list[Any]) -> list[Any]:
        return children


class Book(SquareNotation):
    """The checker notation of the books: ``11-15 23 19 8-11 22 17 3- 8``."""

    name = "book"
    side_marks = True

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's body; :class:`~notation.parse.ParseError` names the line, column and what was expected."""
        # The transformer runs inside the LALR parser: no tree is built.
        parts = parse_body(record, "checkers_book.lark", "the checker moves", _TRANSFORMER)
        return build(record, cast(list[Any], parts), self.name)  # the inline transformer's list, not a tree

    def forms(self, position: Board, move: Move) -> list[str]:
        a, b = move.start, move.end
        return list(dict.fromkeys([book_text(position, move), f"{a}-{b}", f"{a} {b}", f"{a}- {b}",
                                   "x".join(map(str, move.path))]))

    def write_move(self, position: Board, move: Move) -> str:
        return book_text(position, move)


def build(record: Record, parts: list[Any], notation: str) -> ParsedRecord:
    """Put the main line and its ``Var`` sections together: each section replaces the move after its letter."""
    diagnostics: list[Diagnostic] = []
    extra = CheckersExtra()
    at = 0
    if isinstance(parts[at], Token) and parts[at].type.endswith("HEADING"):  # a problem's heading over its position
        at += 1
    if isinstance(parts[at], Token) and parts[at].type.endswith("POSITION"):
        try:
            extra.pieces = position_in_words(str(parts[at]))
        except CheckersSetUpError as exc:
            diagnostics.append(Diagnostic("error", "bad-setup", f"cannot set up the position in words: {exc.reason}",
                                          *record.position(span(parts[at])[0] + exc.offset)))
        at += 1
    if isinstance(parts[at], Token) and parts[at].type.endswith("TO_MOVE"):
        extra.to_move = "white" if parts[at].startswith("White") else "black"
        at += 1
    marks: dict[str, PrintedMove] = {}
    # Whether the book prints White's moves with a space anywhere in the record (then a hyphen marks Black).
    spaced = any(isinstance(p, _Line) and any(
        isinstance(i, PrintedMove) and i.fields.side == "white" for i in p.items) for p in parts) or any(
        isinstance(p, tuple) and any(isinstance(i, PrintedMove) and i.fields.side == "white" for i in p[1].items)
        for p in parts)
    second = _side_by_side(parts[at], record)
    main, main_result = _printed_line(parts[at], marks, record, diagnostics, extra, spaced)
    parsed = ParsedRecord(record, "checkers", notation, main, diagnostics=diagnostics, extra=extra)
    if main_result is not None:
        parsed.result = book_result(main_result)
        parsed.result_span = span(main_result)
    if second is not None:
        # The second game printed beside the first: an alternative line from the first move.
        line, result = _printed_line(second, {}, record, diagnostics, extra, spaced)
        line.label = "2"
        if result is not None:
            extra.results["2"] = (book_result(result), result.start_pos)
        if main.moves and line.moves:
            main.moves[0].variations.append(line)
            extra.side_by_side = True
    for part in parts[at + 1:]:
        if isinstance(part, Token):  # a row of dashes
            continue
        label, body = part
        letter = label.rstrip(".").split()[-1]
        line, result = _printed_line(body, marks, record, diagnostics, extra, spaced)
        line.label = letter
        if result is not None:
            line.comment = book_result(result)
            extra.results[letter] = (book_result(result), result.start_pos)
        parent = marks.pop(letter, None)
        if parent is None:
            diagnostics.append(Diagnostic(
                "error", "unreferenced-variation",
                f"'Var {letter}.' is not marked in the margin of any line before it; it is kept unreplayed",
                *record.position(label.start_pos)))
            extra.orphans.append(letter)
            continue
        parent.variations.append(line)
    for letter, move in marks.items():
        diagnostics.append(Diagnostic(
            "warning", "missing-variation", f"the margin letter {letter} has no 'Var {letter}.' section",
            *record.position(move.start)))
    return parsed


def _side_by_side(line: _Line, record: Record) -> _Line | None:
    """Split a line printed as two games side by side (a two-pair header) into the two games' lines.

    Everything whose column is left of the header's second ``Black`` is the
    first game's; ``line`` keeps it, the second game's line is returned. With
    one game a result may only end the line.
    """
    header = next((item for item in line.items if isinstance(item, _Header)), None)
    if header is None or header.second is None:
        for item in line.items:
            if isinstance(item, Token) and item.type == "RESULT":
                raise ParseError(record, item.start_pos or 0, f"moves after the result {str(item)!r}",
                                 ["the end of the record", "a row of dashes and a 'Var A.' section"])
        return None
    boundary = record.position((header.token.start_pos or 0) + header.second)[1]
    left: list[Any] = []
    right: list[Any] = []
    items = list(line.items) + ([line.result] if line.result is not None else [])
    for item in items:
        if isinstance(item, PrintedMove):
            start = item.start
        elif isinstance(item, (_Mark, _Note, _SideMark)):
            start = item.token.start_pos or 0
        elif isinstance(item, Token):
            start = item.start_pos or 0
        else:  # the header, a slip's comma
            left.append(item)
            continue
        (right if record.position(start)[1] >= boundary else left).append(item)
    results_left = [i for i in left if isinstance(i, Token) and i.type == "RESULT"]
    results_right = [i for i in right if isinstance(i, Token) and i.type == "RESULT"]
    line.items = [i for i in left if i not in results_left]
    line.result = results_left[-1] if results_left else None
    return _Line([i for i in right if i not in results_right], results_right[-1] if results_right else None)


def _printed_line(line: _Line, marks: dict[str, PrintedMove], record: Record,
                  diagnostics: list[Diagnostic], extra: CheckersExtra,
                  spaced: bool) -> tuple[PrintedLine, Token | None]:
    printed = PrintedLine()
    pending: _Mark | None = None
    side: _SideMark | None = None  # the side a row names for its move
    slip = "," in line.items
    moves = [item for item in line.items if isinstance(item, PrintedMove)]
    # A book that hyphenates both sides' moves (no move printed with a space) marks no side.
    # (A capture's "x" marks no side: "11-15 22-18 15x22 25x18" hyphenates both sides' moves.)
    both_hyphenated = len(moves) > 1 and all(m.fields.side != "white" for m in moves) and \
        any(m.fields.side == "black" for m in moves) and not spaced
    for item in line.items:
        if isinstance(item, (_Header, _TableHeader)):
            continue
        if isinstance(item, _SideMark):
            side = item
            continue
        if isinstance(item, Token) and item.type.endswith("MISSING"):
            if not printed.moves and not any(isinstance(i, PrintedMove) for i in printed.moves):
                # "... 23-19": Black's cell is empty, White moves first.
                extra.to_move = extra.to_move or "white"
            else:
                diagnostics.append(Diagnostic(
                    "warning", "missing-move", "'...' stands for a move the book leaves out; the moves after it "
                    "are read in turn as printed", *record.position(span(item)[0])))
            continue
        if isinstance(item, _Note):
            if printed.moves:
                last = printed.moves[-1]
                last.comment = item.text if last.comment is None else f"{last.comment} {item.text}"
            else:
                printed.comment = item.text if printed.comment is None else f"{printed.comment} {item.text}"
            continue
        if isinstance(item, PrintedMove) and item.fields.ocr:
            diagnostics.append(Diagnostic(
                "warning", "ocr", f"{item.text!r} is read as {'-'.join(map(str, item.fields.squares))}: "
                "the letters l and O stand for the digits 1 and 0 (an e-text's OCR)", *record.position(item.start)))
        if isinstance(item, PrintedMove) and both_hyphenated and item.fields.side is not None:
            f = item.fields
            item.side = None
            item.fields = SquareMove(f.squares, f.joiner, None, f.losing, f.crowned, f.ocr)
            extra.hyphens_both_sides = True
        if isinstance(item, PrintedMove) and side is not None:
            # The row names its side: the squares' joiner says nothing (both sides' moves are spaced).
            f = item.fields
            item.side = side.side
            item.fields = SquareMove(f.squares, f.joiner, side.side, f.losing, f.crowned, f.ocr)
            side = None
        if isinstance(item, _Mark):
            pending = item
        elif isinstance(item, PrintedMove):
            if slip:
                # A Two Move Restriction slip hyphenates both moves: sides alternate.
                item.side = None
                f = item.fields
                item.fields = SquareMove(f.squares, f.joiner, None, f.losing, f.crowned, f.ocr)
                extra.slip = True
            if pending is not None:
                if pending.letter in marks:
                    diagnostics.append(Diagnostic(
                        "warning", "duplicate-margin-letter", f"the margin letter {pending.letter} is used twice",
                        *record.position(span(pending.token)[0])))
                marks[pending.letter] = item
                pending = None
            printed.moves.append(item)
    if pending is not None:
        diagnostics.append(Diagnostic(
            "warning", "dangling-margin-letter",
            f"the margin letter {pending.letter} stands after the last move of its line",
            *record.position(span(pending.token)[0])))
    return printed, line.result


_TRANSFORMER = BookTransformer()
NOTATION = Book()
