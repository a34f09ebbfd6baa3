"""Checker games in columns read downwards (``grammars/checkers_columns.lark``): read, each move
found on the board, written; and a checker book's text split at its games.

The encyclopaedias and the annotated books print a game in several columns
side by side, each read from top to bottom, both sides' moves hyphenated,
with margin letters that send the reader to lettered notes (``b. 16-20,
25-22, ...``) and sections (``(c)`` over a table). The grammar reads the
tokens line by line; here their places on the page are put together:

* the lines of a table (two moves or more on a line, no commas) are its rows;
  a blank line between two tables joins them, as the page does;
* a table's columns are the runs of moves that overlap from row to row; each
  is read downwards, the columns from left to right; lines with no move under
  the table (``R. Jordan.``) are its foot;
* a margin letter marks the move to its right on its row, or, standing alone
  in the gutter (``c}``), the move before it on the row above;
* a lettered note gives the moves that replace the marked move: its run of
  moves joined by commas, or the table under it when it ends with ``thus:--``;
  a section ``(c)`` gives them by the table under it.

Sides are not marked (both sides' moves are hyphenated): they alternate from
Black, or from the side a ``White to move`` line names. Nothing here looks at
a board, but where a variation's heading counts the trunk's moves (``at 10th
move``): the tenth printed move, or the tenth of a side's, whichever the
variation's first move can replace.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, cast

from lark import Token, Transformer

from notation.boards.checkers import BLACK, Board, Move, match_moves
from notation.details.checkers import CheckersExtra
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record, RecordSpan, SourceText
from notation.parse import ParseError, parse_body, span
from notation.parse.checkers_setup import DASH, CheckersSetUpError, Pieces, position_in_words
from notation.parse.chess_descriptive_words import ORDINAL_NUMBERS, ordinal
from notation.records import RUN_IN_HEADING, read_tags
from notation.rules.checkers.notations.base import BARE_REF, SquareMove, SquareNotation, is_leg, squares_of

#: The results as the books word them -> the book results the replay checks.
RESULT_WORDS = {"drawn": "Drawn", "white": "W wins", "black": "B wins", "w": "W wins", "b": "B wins"}


def mark_key(text: str) -> str:
    """The key a margin mark and its note share: ``a`` (``a``, ``c}``), ``A`` (``A--``), and a variation's
    number (``V.1--`` marks the move ``VARIATION 1.`` replaces)."""
    key = text.rstrip("-}")
    return key.split(".")[-1] if "." in key else key


#: A move's count as a heading or a sentence prints it: ``10th``, ``5th``, or in words (``fifth``, ``twenty-sixth``).
_NTH = r"(?:[0-9]{1,3}(?:st|nd|rd|th|d)|" + "|".join(sorted(ORDINAL_NUMBERS, key=len, reverse=True)) + ")"
#: Where a variation's heading puts it: ``(at 10th move)`` (the trunk's tenth printed move, as the
#: columns print one move a cell; a sentence's ``at the fifth move``), ``At note (b)`` (the move the note's letter marks).
_AT_MOVE = re.compile(rf"\bat\s+(?:the\s+)?({_NTH})\s+move", re.IGNORECASE)
#: A side's Nth move: ``At Black's 5th move``, ``at White's 12th``, ``at White's fifth move``.
_AT_SIDES_MOVE = re.compile(rf"\bat\s+(?:the\s+)?(black|white)['’]s\s+({_NTH})\b(?:\s+move)?", re.IGNORECASE)
#: The trunk's move named: ``instead of 11-16``, ``At 11-16`` (not a line's moves: ``At 11-16, 24-19``).
_AT_NAMED = re.compile(r"\b(?:instead\s+of|at)\s+([0-9]{1,2}(?:\s?[-x]\s?[0-9]{1,2})+)(?![0-9]|\s?[-x,]\s?[0-9])",
                       re.IGNORECASE)
#: A move of another variation: ``From the 7th move of Var. 2``, ``at the 3rd move of Variation 1``.
_OF_VARIATION = re.compile(r"\b(?:at|from)\s+(?:the\s+)?([0-9]{1,3})(?:st|nd|rd|th|d)\s+move\s+of\s+(?:var\.|variation)"
                           r"\s*([0-9]{1,2}|[IVX]+)\b", re.IGNORECASE)
_AT_NOTE = re.compile(r"\bat\s+note\s+\(?([a-h])\)?", re.IGNORECASE)
#: A heading in brackets, alone on its line: ``(At 10th move.)``.
_BRACKETED = re.compile(r"\([^()]*(?:\([a-h]\)[^()]*)?\)\.?")
#: ``Continue from * in Var. 2``: the move an asterisk marks in that variation (or in the trunk).
_FROM_STAR = re.compile(r"\bfrom\s+\*(?:\s+in\s+(?:var\.|variation)\s*([0-9]{1,2}|[IVX]+)\b)?", re.IGNORECASE)
#: The asterisk after a move (``8-11*``): the losing move, or where a later line goes on from.
STAR = "*"


@dataclass(frozen=True)
class MovePlace:
    """The trunk's move a variation replaces as its heading counts or names it: the Nth move (``at 10th move``: the
    Nth printed, as the columns print one move a cell, or the Nth of a side's), the Nth of one side's (``At Black's
    5th move``), the move it names (``instead of 11-16``, ``At 11-16``), or a count and a name together."""

    number: int | None = None
    side: str | None = None  # "black", "white"
    squares: tuple[int, ...] | None = None
    #: The number of the variation whose moves are counted (``From the 7th move of Var. 2``); ``None``, the trunk's.
    of: str | None = None

    def indices(self, moves: list[PrintedMove], first_side: str = "black") -> list[int]:
        """The trunk's moves (by index) the place can be, in the order to try them: by the count, the Nth printed,
        then the Nth of the side moving first, then the other's (one of these where the side is named), those
        that print the move named; by a name alone, each move that prints it, the last first (the nearest the
        variation printed under the game)."""
        if self.number is None:
            found = list(range(len(moves)))[::-1]
        elif self.side is not None:
            found = [2 * self.number - (2 if self.side == first_side else 1)]
        else:
            found = list(dict.fromkeys((self.number - 1, 2 * self.number - 2, 2 * self.number - 1)))
        return [i for i in found if 0 <= i < len(moves) and (self.squares is None or _names(moves[i], self.squares))]


def _names(move: PrintedMove, squares: tuple[int, ...]) -> bool:
    """Whether a move as printed is the move named: its squares, or its ends where one of them prints a path."""
    printed = move.fields.squares
    return tuple(printed) == squares or (printed[0], printed[-1]) == (squares[0], squares[-1])


def placement(heading: str) -> MovePlace | str | None:
    """Where a variation's heading says it starts: the trunk's move it replaces, counted or named (``Var. 2 (at
    10th move).``, ``At Black's 5th move, instead of 11-16:``: a :class:`MovePlace`), or the letter of the note
    whose marked move it replaces (``Variation 3.--At note (b).`` -> ``"b"``), or the asterisk's move it replaces
    (``Continue from * in Var. 2`` -> ``"*2"``, a bare ``from *`` the trunk's); ``None`` where the heading says none
    of these."""
    of_variation = _OF_VARIATION.search(heading)
    if of_variation:
        return MovePlace(int(of_variation[1]), None, None, of_variation[2])
    sides = _AT_SIDES_MOVE.search(heading)
    at_move = _AT_MOVE.search(heading)
    named = _AT_NAMED.search(heading)
    squares = tuple(int(n) for n in re.findall(r"[0-9]+", named[1])) if named else None
    if sides or at_move:
        return MovePlace(cast(int, ordinal(sides[2])), sides[1].lower(), squares) if sides else \
            MovePlace(cast(int, ordinal(at_move[1])), None, squares)  # type: ignore[index]
    at_note = _AT_NOTE.search(heading)
    if at_note:
        return at_note[1]
    from_star = _FROM_STAR.search(heading)
    if from_star:
        return STAR + (from_star[1] or "")
    return MovePlace(None, None, squares) if squares else None


def column_result(text: str) -> str:
    """``"Drawn."`` -> ``"Drawn"``; ``"White wins."`` -> ``"W wins"``; ``"Black  wins"`` -> ``"B wins"``."""
    return RESULT_WORDS[text.split()[0].lower().rstrip(".")]


@dataclass
class _Item:
    kind: str
    token: Token
    #: Marks glued before a move: a problem's variation number (as "I") and a margin letter.
    refs: tuple[str, ...] = ()
    page_column: int = 0

    @property
    def line(self) -> int:
        return cast(int, self.token.line)

    @property
    def column(self) -> int:
        # The column on the page: set by build from the file, since a record's body may start
        # inside its first line (the tag block's end, a stripped indent).
        return self.page_column or cast(int, self.token.column)


@dataclass
class _Block:
    """A table, a note, a section heading or prose: lines of items."""

    kind: str  # "table", "note", "section", "var", "heads", "diagram", "prose"
    lines: list[list[_Item]] = field(default_factory=list)

    @property
    def items(self) -> list[_Item]:
        return [item for line in self.lines for item in line]


class ColumnsTransformer(Transformer):
    """Tree -> lines of items, each item its kind and its token (which knows its line and column)."""

    def line(self, children: list[_Item]) -> list[_Item]:
        return children

    def start(self, children: list[list[_Item]]) -> list[list[_Item]]:
        return children


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX"}


def _split_refs(token: Token) -> _Item:
    """A move, and the variation number and margin letter glued before it (``3-a-24-28``, ``1-24-20``)."""
    parts = str(token).rstrip("K").replace(" ", "").split("-")  # "3- 8": the padding is no part
    refs: list[str] = []
    if len(parts) < 2:  # squares joined by full stops (22.18): no number glued before them
        return _Item("move", token)
    if not parts[1].isdigit():  # "3-a-24-28"
        refs, parts = [ROMAN[int(parts[0])], parts[1]], parts[2:]
    elif len(parts) >= 3 and len(parts[0]) == 1 and not is_leg(int(parts[0]), int(parts[1])) and all(
            is_leg(int(a), int(b)) for a, b in zip(parts[1:], parts[2:])):
        refs, parts = [ROMAN[int(parts[0])]], parts[1:]  # 1 to 24 is no step: "1-" is Var. I's number
    if not refs:
        return _Item("move", token)
    text = "-".join(parts) + ("K" if str(token).endswith("K") else "")
    skip = len(str(token)) - len(text)
    move = Token("MOVE", text, (token.start_pos or 0) + skip, token.line, (token.column or 0) + skip,
                 token.end_line, token.end_column, token.end_pos)
    return _Item("move", move, tuple(refs))


def _item_callback(kind: str) -> Any:
    def callback(self: ColumnsTransformer, children: list[Token]) -> _Item:
        if kind == "move":
            return _split_refs(children[0])
        return _Item(kind, children[0])
    return callback


for _kind in ("move", "mark", "note_label", "section", "var_label", "result", "to_move", "comma", "word",
              "diagram_row", "diagram_rule"):
    setattr(ColumnsTransformer, _kind, _item_callback(_kind))


class Columns(SquareNotation):
    """Games in columns read downwards: ``11-15  25-18  10-15 ...`` (Encyclopaedia Britannica, 1911);
    both sides' moves hyphenated (no side marks)."""

    name = "columns"

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's body; :class:`~notation.parse.ParseError` when it holds no table or note of moves."""
        # The transformer runs inside the LALR parser: no tree is built.
        lines = parse_body(record, "checkers_columns.lark", "checker moves in columns", _TRANSFORMER)
        return build(record, cast(list[list[_Item]], lines), self.name)

    def forms(self, position: Board, move: Move) -> list[str]:
        return list(dict.fromkeys([f"{move.start}-{move.end}", "-".join(map(str, move.path))]))

    def write_move(self, position: Board, move: Move) -> str:
        # Both sides hyphenated; the full path where the end squares fit two captures.
        if len(match_moves(position.legal_moves(), [move.start, move.end])) == 1:
            return f"{move.start}-{move.end}"
        return str(move)


def _is_row(line: list[_Item]) -> bool:
    """A line of a table: two moves or more, no more words than moves, no commas, not the head of a note."""
    moves = sum(item.kind == "move" for item in line)
    words = sum(item.kind == "word" for item in line)
    return moves >= 2 and words <= moves and not any(
        item.kind in ("comma", "note_label", "var_label") for item in line)


def _is_cell(line: list[_Item]) -> bool:
    """A line of a table of one column, as e-texts print a trunk one move a line: its move alone, with a margin
    letter before it or a variation's mark after it (``31-26 (A)``, ``31-26 1``) and nothing else."""
    moves = [k for k, item in enumerate(line) if item.kind == "move"]
    return len(moves) == 1 and all(
        item.kind == "mark" if k < moves[0] else k == moves[0] or (k == moves[0] + 1 and _after_mark(line[k - 1], item))
        for k, item in enumerate(line))


def _after_mark(move: _Item, item: _Item) -> bool:
    """A note's letter or a variation's number printed after the move it marks (``(b)``, ``(1)``, ``1``, ``*``), or
    a capital letter one space after it (``31-26 A``: further off, a letter under a result in the next column)."""
    text = str(item.token)
    if item.kind == "mark":
        # "17-14 a" ending its column's row (the next column's move cut away): the grammar's margin letter before
        # that move, one space after this one.
        return move.kind == "move" and item.column == move.column + len(move.token) + 1
    return item.kind == "section" or (item.kind == "word" and (
        _NUMBER_MARK.fullmatch(text) is not None or text == STAR
        or (re.fullmatch(r"[A-H]", text) is not None and item.column == move.column + len(move.token) + 1)))


def _heads_after(line: list[_Item], below: list[_Item] | None) -> list[_Item]:
    """The variations' heads that end a row of moves (``11-15  9-13  VAR. 1.``, ``11-15  (1)``: the trunk printed
    with no head, each variation's column starting under its head on the next line); none for any other line."""
    k = len(line)
    while k > 1 and _LINE_HEAD.fullmatch(str(line[k - 1].token)) and (
            line[k - 1].kind == "var_label" or line[k - 2].kind != "move"
            or line[k - 1].column > line[k - 2].column + len(line[k - 2].token) + 1) and any(
            item.kind == "move" and item.column < line[k - 1].column + len(line[k - 1].token)
            and line[k - 1].column < item.column + len(item.token) for item in below or []):
        k -= 1  # (a number further than one space from the move before it, over a move: no mark of that move)
    return line[k:] if k < len(line) and (_is_row(line[:k]) or _is_cell(line[:k])) else []


def _blocks(lines: list[list[_Item]]) -> list[_Block]:
    """The tables, notes, section headings and prose of a record, in order."""
    blocks: list[_Block] = []
    previous_line = -10
    for i, line in enumerate(lines):
        heads = _heads_after(line, lines[i + 1] if i + 1 < len(lines) and lines[i + 1][0].line == line[0].line + 1
                             else None)
        if heads:
            # A row of the trunk with its variations' heads to its right ("11-15  9-13  VAR. 1."), the trunk
            # unheaded: the heads a line of their own over the table, the moves its first row.
            blocks.append(_Block("heads", [heads]))
            line = line[:-len(heads)]
        first = line[0]
        gap = first.line - previous_line > 1
        previous_line = line[-1].line
        last = blocks[-1] if blocks else None
        if all(item.kind in ("diagram_row", "diagram_rule") for item in line):
            if not gap and last is not None and last.kind == "diagram":
                last.lines.append(line)
            else:
                blocks.append(_Block("diagram", [line]))
            continue
        # A move alone on its line starts a table of one column where the next line holds one too (a single one is
        # a line of moves, whose direction of reading says nothing), and goes on with one after a blank line.
        column = _is_cell(line) and (
            (i + 1 < len(lines) and lines[i + 1][0].line == line[-1].line + 1 and _is_cell(lines[i + 1]))
            or (last is not None and last.kind == "table" and _is_cell(last.lines[-1])))
        if _is_row(line) or column or heads:
            if last is not None and last.kind == "table" and (
                    not gap or (_is_row(last.lines[-1]) if not column else _is_cell(last.lines[-1]))):
                last.lines.append(line)  # a blank line between two tables joins them
            else:
                blocks.append(_Block("table", [line]))
            continue
        if not gap and last is not None and last.kind == "table" and not any(
                item.kind in ("comma", "note_label", "var_label") for item in line):
            last.lines.append(line)  # a margin letter in the gutter, the foot of a table
            continue
        if first.kind == "note_label" or (
                first.kind == "word" and _NUMBER_LABEL.fullmatch(str(first.token))
                and any(item.kind == "move" for item in line)):
            blocks.append(_Block("note", [line]))  # "b. 16-20, ...", "(1) 24-19, ...", "1. 24-19, ..."
        elif len(line) == 1 and (first.kind == "section" or (
                first.kind == "word" and re.fullmatch(r"[A-H]\.", str(first.token)))):
            # "(c)", "(A)", or "A." alone on its line: the heading of the section under it
            blocks.append(_Block("section", [line]))
        elif first.kind == "section":
            blocks.append(_Block("note", [line]))  # "(b) Stronger than it looks": a note in words
        elif first.kind == "var_label":
            blocks.append(_Block("var", [line]))
        elif not gap and last is not None and last.kind in ("note", "var", "prose"):
            last.lines.append(line)
        else:
            blocks.append(_Block("prose", [line]))
    return blocks


def _beside(block: _Block, column: int) -> tuple[_Block, _Block]:
    """A table cut at a page column: what stands left of it, and what stands at it and right of it."""
    left, right = _Block(block.kind), _Block(block.kind)
    for line in block.lines:
        for part, items in ((left, [i for i in line if i.column < column]), (right, [i for i in line if i.column >= column])):
            if items:
                part.lines.append(items)
    return left, right


@dataclass
class _Read:
    """A table or a run of moves as read: its moves, the margin letters on them, its result and words."""

    line: PrintedLine
    marks: list[tuple[str, PrintedMove, Token]]
    result: Token | None = None
    words: list[str] = field(default_factory=list)
    first_mark: str | None = None
    #: Rows of the table that hold moves.
    rows: int = 0
    #: Lines a letter heads under a result inside the table (``B. wins.`` / ``--`` / ``A`` / ``18.15``): the
    #: letter, the line (the rest of its column and the columns after it), the letter's token.
    tails: list[tuple[str, _Read, Token]] = field(default_factory=list)
    #: The numbers of a table's rows where the book numbers them (``1. 11-15  23-19``, ``(2)  8-11  22-17``).
    numbers: list[int] = field(default_factory=list)


def _move(token: Token) -> PrintedMove:
    text = str(token)
    fields = SquareMove(squares_of(text), "x" if "x" in text else "-", None, crowned=text.endswith("K"))
    return PrintedMove(text, *span(token), fields=fields)


def _read_table(block: _Block, record: Record, diagnostics: list[Diagnostic], across: bool = False) -> _Read:
    """A table's moves: each column downwards, the columns from left to right, then the foot; ``across``
    (a table under its sides' header, ``BLACK.  WHITE.``), row by row, a move of each side a row."""
    rows = block.lines
    last_move_row = max(i for i, row in enumerate(rows) if any(item.kind == "move" for item in row))
    # Rows numbered at the margin (``1. 11-15  23-19``, ``(2)  8-11  22-17``, ``12. 15-22``): the numbers count
    # the moves of both sides a row, so the table is read across, a row at a time, as under its sides' heads.
    numbered = [(r, row[0]) for r, row in enumerate(rows) if len(row) > 1 and row[0].kind == "word"
                and _NUMBER_LABEL.fullmatch(str(row[0].token)) and row[1].kind == "move"]
    numbers = [int(str(item.token).strip("(.)")) for _, item in numbered]
    if len(numbers) >= 2 and all(b == a + 1 for a, b in zip(numbers, numbers[1:])):
        rows = [row[1:] if any(row[0] is item for _, item in numbered) else row for row in rows]
        across = True
    else:
        numbers = []
    # The columns: the runs of moves that overlap from row to row.
    columns = _move_columns(item for row in rows for item in row)

    def column_of(item: _Item) -> int:
        starts = [i for i, (start, _) in enumerate(columns) if start <= item.column + len(item.token) - 1]
        return starts[-1] if starts else 0

    cells: list[list[tuple[int, _Item]]] = [[] for _ in columns]
    foot: list[_Item] = []
    marks: list[tuple[str, PrintedMove, Token]] = []
    pending: list[tuple[int, _Item]] = []  # margin letters, by row
    # A note's letter or a variation's number after the move it marks ("7-11 (b)", "31-26 (1)"), and the move.
    after: list[tuple[_Item, _Item]] = []
    for r, row in enumerate(rows):
        if r > last_move_row:
            foot.extend(row)
            continue
        for k, item in enumerate(row):
            if item.kind == "mark" and not (k + 1 == len(row) and k and _after_mark(row[k - 1], item)):
                pending.append((r, item))
            elif k and row[k - 1].kind == "move" and _after_mark(row[k - 1], item):
                after.append((item, row[k - 1]))
            else:
                cells[column_of(item)].append((r, item))
    moves: dict[int, PrintedMove] = {}
    read = _Read(PrintedLine(), marks, rows=sum(any(item.kind == "move" for item in row) for row in rows),
                 numbers=numbers)
    line = read  # where the moves go: the table's line, or the line a letter heads under a result
    if across:
        cells = [[cell for column in cells for cell in column]]  # sorted below by row, then by column
    for column in cells:
        ended = False  # a result stands above in this column
        for r, item in sorted(column, key=lambda cell: (cell[0], cell[1].column)):
            if item.kind == "move":
                moves[id(item)] = _move(item.token)
                line.line.moves.append(moves[id(item)])
                marks.extend((ref, moves[id(item)], item.token) for ref in item.refs)
            elif item.kind == "result" and line.result is None:
                line.result, ended = item.token, True
            elif ended and item.kind == "word" and re.fullmatch(r"[A-Z]", str(item.token)):
                # "B. wins." then "A" in the column: the line the margin's "A--" marks goes on from here.
                line = _Read(PrintedLine(), marks)
                read.tails.append((str(item.token), line, item.token))
                ended = False
            else:
                _word(line, item, record, diagnostics, after_moves=r <= last_move_row)
    for item, move in after:
        marks.append((str(item.token).strip(".,()"), moves[id(move)], item.token))
    for item in foot:
        if item.kind == "result" and line.result is None:
            line.result = item.token
        else:
            line.words.append(str(item.token))
    for r, mark in pending:
        target = _marked(rows, r, mark)
        letter = mark_key(str(mark.token))
        if target is None:
            diagnostics.append(Diagnostic(
                "warning", "dangling-margin-letter", f"the margin letter {letter} stands by no move",
                *record.position(mark.token.start_pos or 0)))
            continue
        marks.append((letter, moves[id(target)], mark.token))
        if target is _first_move(rows) and read.first_mark is None:
            read.first_mark = letter
    return read


#: A variation's or a note's number after the move it replaces, as the guides print it: ``31-26 (1)``, ``31-26 1``.
_NUMBER_MARK = re.compile(r"\(?[0-9]{1,2}\)?")
#: A numbered note's head at the start of its line: ``(1)``, ``1.``.
_NUMBER_LABEL = re.compile(r"\([0-9]{1,2}\)|[0-9]{1,2}\.")


#: A diagram's cells: a man or a king of either side.
DIAGRAM_PIECES = {"B": ("black", False), "BB": ("black", True), "W": ("white", False), "WW": ("white", True)}


def _diagram(block: _Block, record: Record, diagnostics: list[Diagnostic]) -> dict[int, tuple[str, bool]]:
    """The pieces a diagram shows, by square (Black at the top, square 1 the second cell of the top row).

    A board of square numbers (the numbered board) shows no piece: ``{}``.
    """
    rows = [item for item in block.items if item.kind == "diagram_row"]
    pieces: dict[int, tuple[str, bool]] = {}
    if len(rows) != 8:
        diagnostics.append(Diagnostic(
            "warning", "diagram", f"a diagram of {len(rows)} rows (8 expected) is not read",
            *record.position(rows[0].token.start_pos or 0 if rows else 0)))
        return pieces
    for r, row in enumerate(rows):
        cells = str(row.token).split("|")[1:-1]
        for c, cell in enumerate(cells):
            word = cell.strip()
            if not word or word.isdigit():
                continue
            at = (row.token.start_pos or 0) + 1 + (len(cell) + 1) * c
            if word not in DIAGRAM_PIECES or (r + c) % 2 == 0:
                what = "a piece on a square not played on" if word in DIAGRAM_PIECES else f"{word!r}"
                diagnostics.append(Diagnostic(
                    "error", "diagram", f"{what} in the diagram (B, W for men, BB, WW for kings on the "
                    "playing squares were expected)", *record.position(at)))
                continue
            pieces[r * 4 + c // 2 + 1] = DIAGRAM_PIECES[word]
    return pieces


def _word(read: _Read, item: _Item, record: Record, diagnostics: list[Diagnostic], after_moves: bool) -> None:
    """A word among the moves of a table: the players' names under a result, else a cell that is no move."""
    text = str(item.token)
    if read.result is not None or not any(ch.isdigit() for ch in text):
        read.words.append(text)
        return
    diagnostics.append(Diagnostic(
        "error", "unread-cell", f"{text!r} stands among the moves of a table but is not a move "
        "(a move as 11-15 was expected); the moves after it are read in turn",
        *record.position(item.token.start_pos or 0)))


def _first_move(rows: list[list[_Item]]) -> _Item | None:
    for row in rows:
        for item in row:
            if item.kind == "move":
                return item
    return None


def _marked(rows: list[list[_Item]], r: int, mark: _Item) -> _Item | None:
    """The move a margin letter marks: the move right of it on its row; a letter alone in the
    gutter (``c}`` over ``d} 27-23``: a brace joining two letters) marks the move right of it below."""
    for row in rows[r:]:
        after = [item for item in row if item.column > mark.column and item.kind != "mark"]
        if after:
            return after[0] if after[0].kind == "move" else None
    return None


#: The words that join a note's moves into one run as its commas do ("15-18; then 24-20, ...", "9-14, then 22-17").
_JOINING = frozenset({";", "then", ";then"})


def _read_run(items: list[_Item]) -> _Read:
    """A note's moves: from its head if it starts with a move, else its first run of two moves or more."""
    runs: list[list[_Item]] = []
    current: list[_Item] = []
    joined = False
    letters: dict[int, str] = {}  # a margin letter inside the run ("24-19, 32-28, c 19-16"), by move
    letter: str | None = None
    marked: dict[int, list[str]] = {}  # the marks printed after a move, as a table's are (by move)
    for item in items:
        if item.kind == "mark" and (joined or not current):
            letter = str(item.token)[0]
            continue
        if current and not joined and (item.kind == "section" or (item.kind == "word" and str(item.token) == STAR)):
            # "8-11*, 15-8": the asterisk marks the move, "6-9 (b), ..." a note's letter; the run goes on
            marked.setdefault(id(current[-1]), []).append(str(item.token).strip(".,()"))
            continue
        if item.kind == "move" and (not current or joined):
            current.append(item)
            if letter is not None:
                letters[id(item)] = letter
            letter = None
            joined = False
        elif item.kind == "comma" and current:
            joined = True
        elif item.kind == "word" and current and str(item.token).lower() in _JOINING:
            joined = True  # "Black may instead play 15-18; then 24-20, ...": one run, the note's first move with it
        else:
            if current:
                runs.append(current)
            current = [item] if item.kind == "move" else []
            joined = False
    if current:
        runs.append(current)
    head = bool(items) and items[0].kind == "move"
    chosen = runs[0] if head and runs else next((run for run in runs if len(run) >= 2), [])
    read = _Read(PrintedLine(), [])
    for item in chosen:
        read.line.moves.append(_move(item.token))
        if id(item) in letters:
            read.marks.append((letters[id(item)], read.line.moves[-1], item.token))
        read.marks.extend((key, read.line.moves[-1], item.token) for key in marked.get(id(item), []))
    if chosen:
        after = items[items.index(chosen[-1]) + 1:]
        read.result = next((item.token for item in after[:3] if item.kind == "result"), None)
    return read


#: A table's header naming the sides of its two columns: ``BLACK.  WHITE.``, ``White   Black``.
_SIDE_HEADS = re.compile(r"(?i)[ \t]*(black|white)\.?[ \t]+(black|white)\.?[ \t]*")


def _under_heads(header: _Block, table: _Block) -> bool:
    """Whether a table of two columns stands straight under its sides' header (``BLACK.  WHITE.``):
    its rows are then read across, a move of each side a row, not each column downwards."""
    line = header.lines[-1]
    text = " ".join(str(item.token) for item in line)
    return table.items[0].line == line[-1].line + 1 and _SIDE_HEADS.fullmatch(text) is not None and _two_columns(table)


def _two_columns(table: _Block) -> bool:
    """Whether a table's rows of moves hold two moves at most: a move of each side a row, as under its sides' header."""
    return {len(row) for row in table.lines if sum(item.kind == "move" for item in row) == len(row)} <= {1, 2}


def _position(text: str, token: Token, record: Record, diagnostics: list[Diagnostic]) -> Pieces | None:
    """The pieces a paragraph's leading words place (up to the first word that is no part of a position in
    words); ``None`` when they are no position, with a ``bad-setup`` error where they are one that places a
    piece wrongly (a square off the board or named twice)."""
    for _ in range(3):
        try:
            return position_in_words(text) or None
        except CheckersSetUpError as exc:
            if exc.unread and 0 < exc.offset < len(text):
                text = text[:exc.offset]
                continue
            if not exc.unread:
                diagnostics.append(Diagnostic("error", "bad-setup", f"cannot set up the position in words: {exc.reason}",
                                              *record.position(token.start_pos or 0)))
            return None
    return None


def _goes_on(main: _Read, table: _Read) -> bool:
    """Whether a table's numbered rows go on from the game's: its first number the next after the game's
    last, and the game's rows full (a move of each side a row) up to there."""
    return (bool(main.numbers) and bool(table.numbers) and main.result is None
            and table.numbers[0] == main.numbers[-1] + 1
            and len(main.line.moves) == 2 * (table.numbers[0] - main.numbers[0]))


def _take_row(main: _Read, row: _Read, number: int, items: list[_Item]) -> bool:
    """Whether a numbered paragraph is the game's next row run into a sentence (one move or a move of each
    side, no move after them in the paragraph): then its moves go on the game's and the result it names
    after them (``12. 15-22, and the game is drawn.``) is the game's."""
    moves = [item for item in items if item.kind == "move"]
    if not 1 <= len(row.line.moves) <= 2 or len(moves) != len(row.line.moves):
        return False
    if not _goes_on(main, _Read(row.line, [], numbers=[number])):
        return False
    main.line.moves.extend(row.line.moves)
    main.numbers.append(number)
    result = next((item.token for item in items[items.index(moves[-1]) + 1:] if item.kind == "result"), None)
    main.result = row.result or result
    return True


def _placed(place: MovePlace | str, trunk: PrintedLine, marks: dict[str, PrintedMove], first: PrintedMove | None,
            start: Board | None, first_side: str) -> PrintedMove | None:
    """The move a variation replaces where its heading places it: the move a note's letter marks; or the move of
    the line (``trunk``, or the variation the heading names) its heading counts or names (:meth:`MovePlace.indices`):
    the first of these that the variation's first move (``first``) can replace, on the line replayed from its
    ``start``; where that cannot be told (no start), the Nth printed move, or the one move the count of a side's or
    the name can be. ``None`` where there is no such move."""
    if isinstance(place, str):
        return marks.get(place)
    side = first_side if start is None else "black" if start.turn == BLACK else "white"
    candidates = place.indices(trunk.moves, side)
    if not candidates:
        return None
    if first is not None and start is not None:
        boards = _boards(trunk, max(candidates) + 1, start)
        for i in candidates:
            if i < len(boards) and trunk.moves[i].fields.squares != first.fields.squares and match_moves(
                    boards[i].legal_moves(), list(first.fields.squares)):
                return trunk.moves[i]
    if place.side is not None or place.number is None:
        return trunk.moves[candidates[0]] if len(candidates) == 1 and start is None else None
    return trunk.moves[candidates[0]] if candidates[0] == place.number - 1 else None


def _boards(trunk: PrintedLine, count: int, start: Board) -> list[Board]:
    """The positions before a line's first ``count`` moves, replayed from its ``start``, as far as each of its moves
    is one legal move."""
    boards = [start]
    for pm in trunk.moves[:count - 1]:
        found = match_moves(boards[-1].legal_moves(), list(pm.fields.squares))
        if len(found) != 1:
            break
        boards.append(boards[-1].push(found[0]))
    return boards


def _less_heading(record: Record, text: str) -> str:
    """A paragraph over the game's table less the record's heading at its start, which the record's tags hold: its
    ``Title`` (``GAME No. 4.--THE OLD FOURTEENTH.``) and the ``Opening`` a title in capitals under it names
    (``OLD FOURTEENTH.``); the words after it are the record's comment."""
    for tag in ("Title", "Opening"):
        heading = " ".join((record.tag(tag) or "").split())
        # (The heading ends at its stop: "Problem No. 2 is a fine example ..." under it is the author's sentence.)
        if heading and text.lower().startswith(heading.lower()) and text[len(heading):][:1] in ("", ".", ":"):
            text = text[len(heading):].lstrip(" .")
        elif tag == "Opening" and heading and named_opening(text) == heading:
            text = ""  # ("THE OLD FOURTEENTH." under the game's numbered heading: its Opening)
    return text


def _named_letters(lines: list[list[_Item]]) -> set[str]:
    """The letters the page gives a note or a column: ``a.`` heading a note, ``(c)`` alone over a section, ``VAR. A.``
    over a column or a line (in lower case: a mark and its note's head may differ in case)."""
    letters = set()
    for line in lines:
        for item in line:
            text = str(item.token)
            if item.kind == "note_label" or (item.kind == "section" and len(line) == 1):
                letters.add(text.strip("(.)").lower())
            elif item.kind == "var_label" and re.search(r"[ \t][A-H]\.?$", text):
                letters.add(text.rstrip(".")[-1].lower())
    return letters


def _cut_bare_refs(lines: list[list[_Item]]) -> list[list[_Item]]:
    """The lines with a note's letter glued bare to a move (``17-13a``, the grammar's one word) cut from it, where the
    letter names a note or a column of the page (:data:`BARE_REF`): the move, and the letter after it as a glued
    ``(a)`` is read, the mark of the move before it."""
    letters = _named_letters(lines)
    if not letters:
        return lines
    cut: list[list[_Item]] = []
    for line in lines:
        items: list[_Item] = []
        for item in line:
            text = str(item.token)
            ref = BARE_REF.search(text) if item.kind == "word" else None
            if ref is None or ref.group().lower() not in letters or not _MOVE_WORD.fullmatch(text[:ref.start()]):
                items.append(item)
                continue
            token, at = item.token, item.token.start_pos or 0
            column, line_no = token.column or 0, token.line
            items.append(_Item("move", Token("MOVE", text[:ref.start()], at, line_no, column, line_no,
                                             column + ref.start(), at + ref.start())))
            items.append(_Item("section", Token("SECTION", ref.group(), at + ref.start(), line_no,
                                                column + ref.start(), line_no, column + ref.end(), at + ref.end())))
        cut.append(items)
    return cut


def _text(record: Record, items: list[_Item]) -> str:
    """The printed text from the first item to the last, its lines joined."""
    text = record.body[items[0].token.start_pos or 0:items[-1].token.end_pos or 0]
    return " ".join(text.split())


def build(record: Record, lines: list[list[_Item]], notation: str) -> ParsedRecord:
    """The main line (the first table) with the lettered notes and sections under the moves they replace."""
    diagnostics: list[Diagnostic] = []
    extra = CheckersExtra()
    comments: list[str] = []
    main: _Read | None = None
    marks: dict[str, PrintedMove] = {}
    lettered: list[tuple[str, _Read, Token]] = []
    pending: tuple[str, Token] | None = None
    pending_note: int | None = None  # where in ``comments`` the note that ends "thus:--" over the table pending is
    #: Tables under a note that ends "thus:--" (not under a section heading).
    under_notes: set[int] = set()
    noted: set[str] = set()  # the letters that have a note or a section
    #: A variation's number -> where its heading puts it (the trunk's move number, or a note's letter).
    places: dict[str, MovePlace | str] = {}
    #: A variation's number -> the moves its heading names ("instead of 11-16"): read as the trunk's move it names.
    named: dict[str, list[_Item]] = {}
    #: A lettered line -> where in ``comments`` the note it was read from stands: once the line is placed, the note
    #: is its comment, no more the record's (a note hung from its letter is its variation's only).
    note_at: dict[int, int] = {}
    lines = _cut_bare_refs(lines)
    for line in lines:
        for item in line:
            item.page_column = record.position(item.token.start_pos or 0)[1]

    last: list[_Read] = []  # the table read last: a result alone under it is its result

    def register(read: _Read, skip: str | None = None, scope: str = "") -> None:
        last[:] = [read]
        for letter, move, token in read.marks:
            if letter == skip and move is read.line.moves[0]:
                continue  # a section's own letter on its first move
            if letter == STAR:
                letter += scope  # "continue from * in Var. 2": each line's asterisk is its own
            if letter in marks:
                if marks[letter] is not move:
                    diagnostics.append(Diagnostic(
                        "info", "duplicate-margin-letter",
                        f"the margin letter {letter} marks a second move; its note is read at the first",
                        *record.position(token.start_pos or 0)))
                continue
            marks[letter] = move

    #: The variations printed beside the trunk under their heads whose number marks no move: placed where they read on.
    side_by_side: dict[str, _Read] = {}
    #: The columns of the heads over two solutions printed side by side ("Black to move.   White to move.").
    heads: list[int] = []
    heads_text: list[str] = []
    previous: _Block | None = None
    main_across = False  # the game's table read across, under its sides' header
    for block in _blocks(lines):
        items = block.items
        block_before, previous = previous, block
        if block.kind == "table" and main is None and len(heads) > 1:
            block, beside = _beside(block, heads[1])
            if beside.lines:
                # One record holds one start and one side to move: the second solution is kept as text.
                text = _text(record, beside.items)
                comments.append(text)
                extra.kept.extend((item.token.start_pos or 0, item.token.end_pos or 0) for item in beside.items)
                diagnostics.append(Diagnostic(
                    "warning", "solution-beside",
                    f"a second solution is printed beside the first, under its own '{heads_text[1]}' from the same "
                    f"position; a record holds one start, so its {sum(i.kind == 'move' for i in beside.items)} moves "
                    "are kept as text, not replayed", *record.position(beside.items[0].token.start_pos or 0)))
            heads = []
        heads_of_games, own = _game_heads(record, block_before) if block_before is not None else ([], 0)
        if block.kind == "table" and main is None and heads_of_games:
            # Games printed side by side under their heads ("Game 1.     Game 2."): each game is a record of its own
            # (the book split starts one at each head); this record's game is the column under its head, the
            # others' moves are said to be their records'.
            parts = _split_under_heads(block, heads_of_games)
            if own < len(parts) and parts[own].lines:
                main = _read_table(parts[own], record, diagnostics)
                register(main)
            for k, part in enumerate(parts):
                if k != own and part.lines:
                    extra.kept.extend((item.token.start_pos or 0, item.token.end_pos or 0) for item in part.items)
                    moves = sum(item.kind == "move" for item in part.items)
                    if moves:
                        diagnostics.append(Diagnostic(
                            "info", "game-beside",
                            f"the {moves} moves under '{heads_of_games[k][1]}', printed beside this game, are read "
                            "as a record of their own", *record.position(part.items[0].token.start_pos or 0)))
            continue
        heads_of_lines = _line_heads(record, block_before, block) if block_before is not None else []
        if block.kind == "table" and main is None and heads_of_lines:
            # A trunk and its variations side by side under their heads ("Trunk.   Var. 1.   Var. 2."): the first
            # column the game, each other a variation, placed at the trunk's move its number follows ("6-9 (1)"),
            # else where its moves read on from the trunk.
            parts = _nearest_heads(block, heads_of_lines)
            main = _read_table(parts[0], record, diagnostics)
            register(main)
            for (_, head), part in zip(heads_of_lines[1:], parts[1:]):
                if part.lines:
                    read = _read_table(part, record, diagnostics)
                    number = head.split()[-1].rstrip(".").strip("()")
                    if number.isalpha() and number not in marks and number.lower() in marks:
                        number = number.lower()  # "VAR. A." over the column the trunk's "17-14 a" marks
                    lettered.append((number, read, part.items[0].token))
                    noted.add(number)
                    if number not in marks:
                        side_by_side[number] = read
                    register(read, scope=number)
            continue
        if block.kind == "table":
            across = block_before is not None and _under_heads(block_before, block)
            # A variation's table of two columns under a game read under its sides' header ("Black.  White."): its
            # columns are the same sides', read across (the book prints the header once, over the game).
            across = across or (main is not None and main_across and pending is not None
                                and pending[1].type == "VAR_LABEL" and _two_columns(block))
            read = _read_table(block, record, diagnostics, across=across)
            main_across = main_across or (main is None and across)
            lettered.extend(read.tails)
            if pending is not None:
                lettered.append((pending[0], read, pending[1]))
                if pending[1].type == "NOTE_LABEL":
                    under_notes.add(id(read))
                    if pending_note is not None:  # ("d. Taking the piece on 18 first seems to lose, thus:--")
                        read.words.insert(0, comments[pending_note])
                        note_at[id(read)] = pending_note
                register(read, scope=pending[0])
                pending = None
            elif main is not None and read.first_mark is not None and read.first_mark in marks:
                lettered.append((read.first_mark, read, items[0].token))
                register(read, skip=read.first_mark)
            elif main is None:
                main = read
                register(read)
            elif _goes_on(main, read):
                # The game's numbered rows taken up again after a note between them ("4. 15-18  24-20", a note,
                # "5. 11-15  28-24"): the game's next moves, not a table of their own.
                main.line.moves.extend(read.line.moves)
                main.numbers.extend(read.numbers)
                main.result = main.result if read.result is None else read.result
                main.words.extend(read.words)
                register(read)
            else:
                lettered.append(("", read, items[0].token))
                register(read)
            continue
        if block.kind == "diagram":
            pieces = _diagram(block, record, diagnostics)
            if pieces and main is None and extra.pieces is None:
                extra.pieces = pieces
                extra.diagram = True
            continue
        if main is None:
            for line in block.lines:
                found = [item for item in line if item.kind == "to_move"]
                if len(found) > 1:
                    heads = [item.column for item in found]
                    heads_text = [str(item.token).lstrip("[") for item in found]
        if main is None and any(item.kind == "to_move" for item in items):
            extra.to_move = "white" if next(
                str(item.token) for item in items if item.kind == "to_move").lstrip("[").lower().startswith("white") else "black"
        if block.kind == "section":
            pending, pending_note = (str(items[0].token).strip("(.)"), items[0].token), None
            noted.add(pending[0])
            continue
        if block.kind == "heads" or (block.kind == "var" and _line_heads(record, block)):
            comments.append(_text(record, items))  # the heads over a trunk and its variations side by side
            continue
        if block.kind in ("note", "var"):
            label = items[0].token
            letter = str(label).strip("(.)") if block.kind == "note" else str(label).split()[-1].rstrip(".")
            noted.add(letter)
            read = _read_run(items[1:])
            # The heading's words up to its run of moves, if any ("Var. 3.--Instead of 7-11: 8-11, 24-19, ..."): a
            # move the run names in passing ("28-19 (instead of 27-24)") places nothing.
            heading = [item for item in items if not read.line.moves or (item.token.start_pos or 0) < read.line.moves[0].start]
            place = placement(_text(record, heading)) if block.kind == "var" else None
            if place is not None:
                places[letter] = place
                named[letter] = [item for item in heading if item.kind == "move"]
                if isinstance(place, str):
                    noted.add(place)  # the note's letter is answered by the variation
            read.words = [_text(record, items)]
            if block.kind == "note" and main is not None and _NUMBER_LABEL.fullmatch(str(label)) and _take_row(
                    main, read, int(str(label).strip("(.)")), items):
                # The game's last numbered row run into a sentence ("12. 15-22, and the game is drawn."): its moves
                # the game's, its result the game's, not a note numbered 12.
                comments.append(_text(record, items))
                continue
            if read.line.moves:
                lettered.append((letter, read, label))
                register(read, scope=letter)
                note_at[id(read)] = len(comments)
            elif block.kind == "var" or str(items[-1].token).endswith(":--") or str(items[-1].token).endswith(":"):
                pending = (letter, label)  # "Var. I." or "thus:--": the table under it
                pending_note = len(comments) if block.kind == "note" else None
            comments.append(_text(record, items))
            continue
        if block.kind == "prose" and main is not None and last and last[0].result is None \
                and all(item.kind == "result" for item in items):
            # The result a paragraph of its own under a table ("Drawn." after a blank line): the table's, the game's
            # or a variation's, as at the table's foot.
            last[0].result = items[0].token
            continue
        text = _text(record, items)
        if pending is not None and main is not None and block.kind == "prose" and items[0].kind == "move":
            # A variation's heading over its moves run on in a sentence ("Var. 2 (at 19th move)." over
            # "3-8, 31-27, 6-10. Black wins."): its line, as the table under a heading is.
            read = _read_run(items)
            read.words = [text]
            lettered.append((pending[0], read, pending[1]))
            register(read, scope=pending[0])
            pending = None
            note_at[id(read)] = len(comments)
            comments.append(text)
            continue
        if main is None and block.kind == "prose":
            # The record's heading over its table is its tags' (its Title, the Opening named under it): no comment.
            text = _less_heading(record, text)
            if not text:
                continue
        if main is None and extra.pieces is None and block.kind == "prose":
            # A problem's position in words over its table ("Black men on 5, 7, 16; White men on 20, 31. White to
            # move and win."), as the book notation reads it: the set-up, not a reconstruction from the moves.
            extra.pieces = _position(text, items[0].token, record, diagnostics)
        place = placement(text)
        if place is not None and main is not None and pending is not None and pending[1].type == "VAR_LABEL" \
                and pending[0] not in places:
            # The sentence under a variation's heading that tells its place ("Var. 1." over "At Black's 5th move,
            # instead of 11-16:"), bracketed or not: the heading's.
            places[pending[0]] = place
            named[pending[0]] = [item for item in items if item.kind == "move"]
        elif place is not None and main is not None and _BRACKETED.fullmatch(text):
            # "(At 10th move.)" alone over a table: a variation's heading with no number.
            key = text.strip("(.)")
            places[key], pending, pending_note = place, (key, items[0].token), None
        comments.append(text)

    if main is None or main.rows < 2:
        # One row says nothing of the direction of reading: a line of moves is book notation or PDN.
        raise ParseError(record, 0, "no table of checker moves (rows of moves in columns, read downwards)",
                         ["a table of moves such as 11-15  25-18  10-15 over 24-20  3-8  23-19"])
    parsed = ParsedRecord(record, "checkers", notation, main.line, comments=comments,
                          diagnostics=diagnostics, extra=extra)
    if main.result is not None:
        parsed.result = column_result(str(main.result))
        parsed.result_span = span(main.result)
    if main.words:
        main.line.comment = " ".join(main.words)
    #: The variations by number, and the position before a line's first move, where it is known (for a variation
    #: placed at another's move: "From the 7th move of Var. 2").
    lines_of: dict[str, PrintedLine] = {}
    starts: dict[int, Board] = {id(main.line): Board.initial()} if extra.pieces is None and extra.to_move is None else {}
    placed_notes: set[int] = set()  # the notes in ``comments`` that are their placed lines' comments
    for letter, read, token in lettered:
        read.line.label = letter or None
        if read.words and read.line.comment is None:
            read.line.comment = " ".join(read.words)
        if read.result is not None and letter:
            extra.results[letter] = (column_result(str(read.result)), read.result.start_pos)
        parent = marks.get(letter) if letter else None
        if parent is None and letter in side_by_side:
            # A column that prints the trunk's first moves again (each column a line from the opening) leaves the
            # trunk where it first differs: the moves before are the trunk's, named again.
            same = 0
            while (same < min(len(main.line.moves), len(read.line.moves) - 1)
                   and main.line.moves[same].fields.squares == read.line.moves[same].fields.squares):
                same += 1
            del read.line.moves[:same]
            parent = main.line.moves[same] if same else _reads_on(main.line, read.line)
        on = main.line  # the line the variation leaves
        if parent is None and letter in places:
            place = places[letter]
            of = place.of if isinstance(place, MovePlace) else None
            on = lines_of.get(of, PrintedLine()) if of is not None else main.line
            parent = _placed(place, on, marks, read.line.moves[0] if read.line.moves else None,
                             starts.get(id(on)), extra.to_move or "black")
            if parent is not None and isinstance(place, MovePlace) and place.squares is not None:
                # The move the heading names ("instead of 11-16") is the trunk's, named again: read as it.
                again = [span(item.token) for item in named.get(letter, [])
                         if _names(parent, squares_of(str(item.token)))]
                parent.fields = replace(parent.fields, again=(*parent.fields.again, *again[:1]))
        elif parent is None and letter and read.line.moves and extra.pieces is None and extra.to_move is None:
            # Nothing tells its place: where its moves read on from the trunk, if they do at one move only.
            fits = list(_fits(main.line, read.line))
            if len(fits) == 1:
                parent = fits[0]
                diagnostics.append(Diagnostic(
                    "info", "placed-variation", f"'{letter}' is marked by no move and its heading tells no place; "
                    f"placed at the trunk's {parent.text}, the one move its moves read on from",
                    *record.position(token.start_pos or 0)))
        if parent is not None and id(on) in starts and parent in on.moves:
            k = on.moves.index(parent)
            boards = _boards(on, k + 1, starts[id(on)])
            if k < len(boards):
                starts[id(read.line)] = boards[k]  # where a variation of this one counts its moves from
        if letter:
            lines_of[letter] = read.line
        if parent is None:
            where = f"'{letter}'" if letter else "a table after the game"
            diagnostics.append(Diagnostic(
                "error", "unreferenced-variation",
                f"{where} is not marked by any move before it"
                + (", nor at the move its heading tells" if letter in places else "")
                + "; its moves are kept unreplayed",
                *record.position(token.start_pos or 0)))
            extra.orphans.append(letter)
            continue
        if id(read) in under_notes and parent is main.line.moves[-1]:
            # "a. This forms the position on the diagram. The solution is as follows:--": a note on
            # the last move of the game whose table is printed under it goes on from that move.
            main.line.moves.extend(read.line.moves)
            diagnostics.append(Diagnostic(
                "info", "continuation", f"the table under note {letter} follows the last move of the game, "
                "which it marks: read as the game's continuation", *record.position(token.start_pos or 0)))
            continue
        parent.variations.append(read.line)
        if id(read) in note_at and read.line.comment and comments[note_at[id(read)]] in read.line.comment:
            placed_notes.add(note_at[id(read)])
    comments[:] = [text for k, text in enumerate(comments) if k not in placed_notes]
    for letter, move in marks.items():
        if not letter.startswith(STAR) and letter not in noted and letter not in {entry[0] for entry in lettered}:
            diagnostics.append(Diagnostic(
                "warning", "missing-variation", f"the margin letter {letter} has no note or section",
                *record.position(move.start)))
    return parsed


_TRANSFORMER = ColumnsTransformer()
NOTATION = Columns()


def move_words(text: str) -> list[str]:
    """The words of a text that read as checker moves (``11-15``, ``18-9``, ``22.18``; squares 1 to 32), and
    the moves prose names as ``11 to 15`` (the second square a step or a jump from the first)."""
    words = (word.strip("().,;:") for word in text.split())
    steps = [f"{a}-{b}" for a, b in _STEP.findall(text) if is_leg(int(a), int(b))]
    return [word for word in words if _is_move_word(word)] + steps


_STEP = re.compile(r"(?<![0-9.])([0-9]{1,2})\s+to\s+([0-9]{1,2})(?![0-9])")


#: Squares joined by hyphens, or by full stops as some books print them (``22.18``): one joiner throughout.
_MOVE_WORD = re.compile(r"[0-9]{1,2}(?:(?:-[0-9]{1,2})+|(?:\.[0-9]{1,2})+)")


def _is_move_word(word: str) -> bool:
    word = word.rstrip(".")
    return bool(_MOVE_WORD.fullmatch(word)) and all(
        1 <= int(p) <= 32 for p in word.replace(".", "-").split("-"))


#: A table's rules and row numbers between its moves: ``|``, ``+-------+``, ``--1--`` (not words).
_RULE_WORD = re.compile(r"[|+*.-]*(?:-[0-9]{1,2}-|[0-9]{1,2})?[|+.-]*")


#: A row of a table of one move a row: its number, the side's initial, the two squares (``1.  B.  11  15``).
_SIDE_ROW = re.compile(r"[ \t]*[0-9]{1,3}\.[ \t]+[BW]\.[ \t]+([0-9]{1,2})[ \t]+([0-9]{1,2})\s*")


def _is_row_text(line: str) -> bool:
    """A line of a table: two moves or more (``11-15``, ``22.18``, or ``11 to 15`` as a step or a jump),
    no commas, no more other words than moves; its rules and row numbers (``|``, ``--1--``) are no words.
    Or a row of a table of one move a row that names its side (``1.  B.  11  15``, a step or a jump)."""
    side_row = _SIDE_ROW.fullmatch(line)
    if side_row:
        return is_leg(int(side_row[1]), int(side_row[2]))
    steps = [(a, b) for a, b in _STEP.findall(line) if is_leg(int(a), int(b))]
    words = [w for w in _STEP.sub(" ", line).split() if not _RULE_WORD.fullmatch(w)]
    moves = sum(_is_move_word(w) for w in words) + len(steps)
    return "," not in line and moves >= 2 and len(words) + len(steps) - moves <= moves


#: A paragraph that opens with an opening's name run in before the game's first move (:data:`RUN_IN_HEADING`:
#: "_Single Corner._--11-15, 22-18, ...", "Old Fourteenth.—11-15, 23-19, ..."), a first move from the start.
_RUN_IN_OPENING = re.compile(RUN_IN_HEADING + r"(?=(?:9-1[34]|10-1[45]|11-1[56]|12-16)\b)")


def _run_in_opening(lines: list[str], i: int) -> re.Match[str] | None:
    """The opening's name run in before a game's first move at the start of paragraph ``i`` (a survey of the
    openings, a paragraph each: each a game of its own from the start), or ``None``."""
    return _RUN_IN_OPENING.match(lines[i]) if i == 0 or not lines[i - 1].strip() else None


def _is_heading(lines: list[str], i: int) -> bool:
    """``Game No. 1.--"Ayrshire Lassie" Opening.``, ``Problem No. 2.``: a line of its own after a blank line;
    or a title in capitals at the margin between blank lines (``FIRST POSITION.``, ``TWO KINGS TO ONE.``),
    not a variation's heading (``VARIATION 1.`` belongs to the record above it)."""
    words = lines[i].split()
    if _is_capital_title(lines, i):
        return True
    if len(words) < 2 or words[0].lower() not in ("game", "problem", "no.", "position"):
        return False  # ("No. 8.--By J. Wyllie.": a problem numbered alone, its composer after it)
    if not any(ch.isdigit() for ch in " ".join(words[1:3])):
        return False
    if _NAMES_VARIATION.search(lines[i]):
        return False  # "Game 1.--Var. 4": a variation of the game above, read with it
    if len(_GAME_HEAD.findall(lines[i])) > 1:
        return False  # "Game 1.     Game 2.": the heads of games printed side by side, over their columns
    # A heading stands after a blank line and ends with its full stop; prose that starts with
    # "Problem No. 1 is ..." runs on.
    return (i == 0 or not lines[i - 1].strip()) and lines[i].rstrip().rstrip('"”').endswith(".")


#: The head of one of the games printed side by side over their columns: ``Game 1.``, ``GAME 2``, ``Game No. 3.``.
_GAME_HEAD = re.compile(r"\b(?:Game|GAME)[ \t]+(?:No\.[ \t]*)?[0-9]{1,3}\b\.?")


def _game_heads(record: Record, block: _Block) -> tuple[list[tuple[int, str]], int]:
    """The heads of games printed side by side over a table (``Game 1.     Game 2.``, a line with nothing else):
    each head's middle column on the page and its text, and which of them is this record's game (the book split
    makes each game a record from its head: the first head's record starts before the line, each other's at its
    head); no heads for any other block."""
    if len(block.lines) != 1 or record.body_origin:
        return [], 0
    line = block.lines[0]
    source = record.source.text
    at = record.body_start + (line[0].token.start_pos or 0)
    start = source.rfind("\n", 0, at) + 1
    end = source.find("\n", at)
    text = source[start:end if end >= 0 else len(source)]
    found = list(_GAME_HEAD.finditer(text))
    if len(found) < 2 or _GAME_HEAD.sub("", text).strip():
        return [], 0
    own = next((k for k, m in enumerate(found) if start + m.start() == record.body_start), 0)
    return [(1 + (m.start() + m.end()) // 2, m.group().rstrip(".")) for m in found], own


#: The heads over a trunk and its variations printed side by side: ``Trunk.``, ``Main Game.``, ``Game 1.``, ``Var. 1.``,
#: ``Variation 2``.
_LINE_HEAD = re.compile(r"\b(?:(?:Trunk|TRUNK|Main|MAIN)(?:[ \t]+(?:Game|GAME|Line|LINE))?(?<!Main)(?<!MAIN)"
                        r"|(?:Game|GAME)[ \t]+[0-9]{1,3}|(?:Var|VAR)\.[ \t]*(?:[0-9]{1,2}|[A-H])"
                        r"|(?:Variation|VARIATION)[ \t]+[0-9]{1,2})\b\.?|\([0-9]{1,2}\)")


def _line_heads(record: Record, block: _Block, table: _Block | None = None) -> list[tuple[int, str]]:
    """The heads of a trunk and its variations side by side over a table (``Trunk.   Var. 1.   Var. 2.``, a line
    with nothing else, a variation's head among them, the trunk's first): each head's middle column on the page and
    its text; none for any other block. The variations' heads alone, split off the trunk's first row (a block of
    kind ``heads``), head the columns under them: the trunk is the table's columns left of them, its head ``""``
    over their middle."""
    if len(block.lines) != 1:
        return []
    line = block.lines[0]
    text = _text(record, line)
    found = list(_LINE_HEAD.finditer(text))
    unheaded = block.kind == "heads"
    if len(found) < 2 - unheaded or _LINE_HEAD.sub("", text).strip() or not all(
            _VARIATION_HEAD.match(m.group()) for m in found[1 - unheaded:]):
        return []
    column = line[0].page_column
    # The page columns of the heads: the text is the line's from its first item, its spaces as printed.
    source = record.body[line[0].token.start_pos or 0:line[-1].token.end_pos or 0]
    heads = [(column + (m.start() + m.end()) // 2, m.group().rstrip(".")) for m in _LINE_HEAD.finditer(source)]
    if unheaded:
        left = [c for c in _move_columns(table.items) if c[1] <= column] if table is not None else []
        if not left:
            return []
        heads.insert(0, ((left[0][0] + left[-1][1]) // 2, ""))
    return heads


def _nearest_heads(block: _Block, heads: list[tuple[int, str]]) -> list[_Block]:
    """A table cut into the lines whose heads stand over it: each word (a move, a result at a column's foot, a
    name) goes to the head nearest its middle."""
    parts = [_Block(block.kind) for _ in heads]
    for line in block.lines:
        cells: list[list[_Item]] = [[] for _ in heads]
        nearest, end = 0, None
        for item in line:
            middle = item.column + len(item.token) / 2
            # A word one space after a move is its mark, in the move's cell however near the next head ("17-14
            # (1)" in the trunk's second column, Var. 1's head to the right of it).
            if not (item.kind in ("word", "mark", "section") and end is not None and item.column - end <= 1):
                nearest = min(range(len(heads)), key=lambda k: abs(heads[k][0] - middle))
            cells[nearest].append(item)
            end = item.column + len(item.token) if item.kind == "move" else None
        for part, items in zip(parts, cells):
            if items:
                part.lines.append(items)
    return parts


def _reads_on(trunk: PrintedLine, line: PrintedLine) -> PrintedMove | None:
    """The trunk's move a variation printed beside it replaces, where no mark says: the first of :func:`_fits`
    (``None`` where there is none)."""
    return next(_fits(trunk, line), None)


def _fits(trunk: PrintedLine, line: PrintedLine) -> Iterator[PrintedMove]:
    """The trunk's moves a variation can replace: each before which the variation's every move is legal in turn, its
    first move another than the trunk's there, as far as the trunk's moves can be followed from the opening."""
    board = Board.initial()
    for pm in trunk.moves:
        if pm.fields.squares != line.moves[0].fields.squares:
            after = board
            for vm in line.moves:
                found = match_moves(after.legal_moves(), list(vm.fields.squares))
                if len(found) != 1:
                    break
                after = after.push(found[0])
            else:
                yield pm
        found = match_moves(board.legal_moves(), list(pm.fields.squares))
        if len(found) != 1:
            return
        board = board.push(found[0])


def _move_columns(items: Iterable[_Item]) -> list[list[int]]:
    """The columns of a table: the runs of moves whose spans overlap from row to row, [start, end) each."""
    columns: list[list[int]] = []
    for start, end in sorted((item.column, item.column + len(item.token)) for item in items if item.kind == "move"):
        if columns and start < columns[-1][1]:
            columns[-1][1] = max(columns[-1][1], end)
        else:
            columns.append([start, end])
    return columns


def _split_under_heads(block: _Block, heads: list[tuple[int, str]]) -> list[_Block]:
    """A table cut into the games whose heads stand over it: each column of moves goes to the nearest head."""
    columns = _move_columns(block.items)
    owner = [min(range(len(heads)), key=lambda k: abs(heads[k][0] - (a + b) / 2)) for a, b in columns]
    cuts = [next((columns[c][0] for c in range(len(columns)) if owner[c] >= k), None) for k in range(1, len(heads))]
    parts: list[_Block] = []
    rest = block
    for cut in cuts:
        if cut is None:
            break
        left, rest = _beside(rest, cut)
        parts.append(left)
    return [*parts, rest]


#: A variation's head over its column beside the trunk: ``Var. 1``, ``VAR. A``, ``Variation 2``.
_VARIATION_HEAD = re.compile(r"(?:VAR|Var)\.\s*(?:[0-9]|[A-H]\b)|(?:VARIATION|Variation)\s+[0-9]|\([0-9]")
#: A heading that names a variation: ``Var. 4``, ``Variation 2``.
_NAMES_VARIATION = re.compile(r"\b(?:VAR|Var)\.\s*(?:[0-9]|[IVX]+\b)|\b(?:VARIATION|Variation)\s+(?:[0-9]|[IVX]+\b)")


#: Headings in capitals of a game's or a problem's parts, read with the game above them: no record of their own
#: (``SOLUTION.`` under a problem's position: its moves start from it).
_GAME_PARTS = ("VARIATION", "VARIATIONS", "VAR", "TRUNK", "NOTES", "NOTE", "SOLUTION", "SOLUTIONS")


#: The checker openings' names, as the books head their games and chapters with them ("THE SINGLE CORNER", "Game
#: No. 1.--"Ayrshire Lassie" Opening."): the game's opening, PDN's ``[Opening]``.
OPENINGS = ("Single Corner", "Double Corner", "Second Double Corner", "Old Fourteenth", "Laird and Lady",
            "Ayrshire Lassie", "Bristol", "Bristol Cross", "Cross", "Dyke", "Fife", "Glasgow", "Whilter", "Souter",
            "Maid of the Mill", "Denny", "Kelso", "Switcher", "Will o' the Wisp", "Defiance", "Alma", "Edinburgh",
            "Dundee", "Pioneer", "Paisley", "Black Doctor", "Wagram", "Centre", "Irregular")
#: A heading that is an opening's name and nothing else: ``THE SINGLE CORNER``, ``Old Fourteenth.``, ``THE DYKE
#: OPENING`` (its article, its kind's word and its stop aside).
_OPENING_NAME = re.compile(r"(?i:the[ \t]+)?(?P<name>" + "|".join(
    re.escape(name).replace("'", "['’]").replace(r"\ ", r"[ \t]+") for name in sorted(OPENINGS, key=len, reverse=True))
    + r")(?:[ \t]+(?i:opening|game))?\.?", re.IGNORECASE)


def named_opening(heading: str | None) -> str | None:
    """The opening a heading is the name of, as :data:`OPENINGS` spells it (``THE SINGLE CORNER.`` is the
    ``Single Corner``); ``None`` for another heading."""
    found = _OPENING_NAME.fullmatch((heading or "").strip().strip('"“”_'))
    return next((name for name in OPENINGS if name.lower() == " ".join(found["name"].lower().replace("’", "'").split())),
                None) if found else None


def _is_capital_title(lines: list[str], i: int) -> bool:
    """A line in capitals at the left margin, ending with a full stop (but for an opening's name, a heading printed
    with or without it: ``THE SINGLE CORNER``), with a blank line before and after: ``FIRST POSITION.`` (no figure:
    ``FIG. 3.`` is a diagram's caption; no variation's heading)."""
    line = lines[i].rstrip()
    if not (line.endswith(".") or named_opening(line)) or line[:1].isspace() or any(ch.isdigit() for ch in line):
        return False
    if not line.isupper() or line.split()[0].rstrip(".") in _GAME_PARTS:
        return False
    before = i == 0 or not lines[i - 1].strip()
    after = i + 1 >= len(lines) or not lines[i + 1].strip()
    return before and after and any(len(word.strip(".,'")) >= 3 for word in line.split())


def _stacked_titles(lines: list[str], first: int) -> int | None:
    """The last of the titles in capitals stacked from line ``first``, only blank lines between them (a chapter's
    over its section's: ``CHAPTER III.`` / ``AN EXAMPLE OF PLAY.``); ``None`` when line ``first`` is none."""
    if not _is_capital_title(lines, first):
        return None
    last = first
    while (after := next((j for j in range(last + 1, len(lines)) if lines[j].strip()), None)) is not None \
            and _is_capital_title(lines, after):
        last = after
    return last


def split_book(source: SourceText) -> list[RecordSpan] | None:
    """Split a checker book's text at its game and problem headings (:func:`_split_book`); ``None`` for a text that
    is not one. Its games' numbers are read as a chess book's are (:func:`notation.parse.chess_book.book_rounds`): a
    game's number its ``Round`` ("GAME No. 4.--THE OLD FOURTEENTH."), but in a book that numbers afresh the lines of
    play of each chapter."""
    from notation.parse.chess_book import book_rounds  # (not for start-up)

    spans = _split_book(source)
    if spans:
        book_rounds(spans, [(span.tags or {}).get("Title") for span in spans])
    return spans


def _split_book(source: SourceText) -> list[RecordSpan] | None:
    """Split a checker book's text at its game and problem headings; ``None`` for a text that is not one.

    A text is a checker book when it has such headings and tables of moves
    (three lines or more with two moves each), or when it has a game's or a
    problem's numbered heading, at its top or under a line of prose, and names
    checker moves (as a newspaper column prints them, the moves in a sentence:
    ``PROBLEM 21.`` over ``1-5, 21-17, ...``; a title in capitals over prose is
    not enough).
    The text before the first heading is a record of its own: nothing is lost.
    A title in capitals straight under a game's heading (``GAME 7.--Played
    between ...`` over ``OLD FOURTEENTH.``) names the game's opening: it starts
    no record, and is kept as the record's ``Opening``.
    """
    text = source.text
    lines = text.splitlines(keepends=True)
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    # A numbered heading wherever it stands: a newspaper's column opens with a line of prose over its first
    # problem ("Two problems from the Glasgow Herald." over "No. 7.--By J. Wyllie.").
    numbered = first is not None and any(
        _is_heading(lines, i) and not _is_capital_title(lines, i) for i in range(first, len(lines)))
    run_in = {i: m for i in range(len(lines)) if (m := _run_in_opening(lines, i))}
    if len(run_in) < 2:
        run_in = {}  # (one paragraph so headed is a game told under its name: no book of them)
    if not run_in and sum(_is_row_text(line) for line in lines) < 3 and (
            first is None or _is_capital_title(lines, first) or not numbered
            or len(move_words(text)) < 2 or _TAG_LINE.search(text)):
        steps = [w for w in move_words(text) if is_leg(*map(int, w.replace(".", "-").split("-")[:2]))]
        own = _stacked_titles(lines, first) if first is not None else None
        if (own is not None and len(steps) >= 2
                and not _TAG_LINE.search(text) and not any(_is_heading(lines, i) for i in range(own + 1, len(lines)))):
            # A game told in prose under its title in capitals ("THE SINGLE CORNER.", a chapter's "CHAPTER III." over
            # its section's "AN EXAMPLE OF PLAY."): one record, titled by the heading nearest its moves, the
            # section's (as the chess books' reader titles a record under a chapter's numbered section).
            title = lines[own].strip().rstrip(".")
            opening = named_opening(title)  # (a chapter headed by an opening's name: the game's opening)
            return [RecordSpan(0, 0, len(text), tags={"Title": title, **({"Opening": opening} if opening else {})})]
        return None  # (a text with tag pairs is split at them)
    starts: list[int] = []
    titles: dict[int, str] = {}  # a record's start -> its heading, the record's title
    said: dict[int, int] = {}  # a record's start -> its heading's line, where the paragraphs that say who played begin
    openings: dict[int, str] = {}  # a record's start -> the opening its second heading names
    bodies: dict[int, int] = {}  # a record's start -> where its moves begin, after an opening's name run in before them
    at = 0
    last_heading: int | None = None  # the line of the last heading, while only blank lines follow it
    #: A record's start -> the heads of games printed side by side in it ("Game 1.     Game 2."): each head's
    #: offset in the text and its words. Each game is a record of its own, from its head to the record's end.
    beside: dict[int, list[tuple[int, str]]] = {}
    for i, line in enumerate(lines):
        heads = list(_GAME_HEAD.finditer(line))
        if len(heads) > 1 and not _GAME_HEAD.sub("", line).strip():
            beside.setdefault(starts[-1] if starts else 0, []).extend((at + m.start(), m.group().rstrip(".")) for m in heads)
        if i in run_in and last_heading is not None and not _is_capital_title(lines, last_heading):
            # (A game's numbered heading straight over it, "GAME 3." over "_Single Corner._--11-15, ...": the name
            # is that game's Opening, as a title in capitals under the heading is.)
            openings[starts[-1]] = run_in[i]["heading"].strip()
            bodies[starts[-1]] = at + run_in[i].end()
            last_heading = None
        elif i in run_in:
            # (An opening's name run in before the game's first move: the record's title and its Opening.)
            if last_heading is not None:
                # A title in capitals straight over it ("THE OPENINGS."): the survey's, no record of its own (that
                # record would hold no move, and no family would read it).
                dropped = starts.pop()
                titles.pop(dropped)
                said.pop(dropped)
            starts.append(at)
            titles[at] = openings[at] = run_in[i]["heading"].strip()
            bodies[at] = at + run_in[i].end()  # (the heading is the record's, as a tag block is: its body the moves)
            said[at] = i
            last_heading = None
        elif _is_heading(lines, i):
            if last_heading is not None and _is_capital_title(lines, i) and not _is_capital_title(lines, last_heading):
                openings[starts[-1]] = line.strip().rstrip(".")
            else:
                starts.append(at)
                titles[at] = _title_of(line)
                said[at] = i
                last_heading = i
        elif line.strip():
            last_heading = None
        at += len(line)
    read = {at: _heading_paragraphs(lines, i) for at, i in said.items()}
    if not starts and (not beside or _TAG_LINE.search(text)):
        return None  # (a text with tag pairs and no heading is split at them, and its games beside at their heads)
    starts = starts or [0]
    block = text[:starts[0]]
    tags, problem = read_tags(block)
    if block.strip() and problem is None and all(not ln.strip() or _TAG_LINE.match(ln) for ln in block.splitlines()):
        # Tag pairs over the first heading are its record's ("[Game "checkers"]" over "GAME 4.--SINGLE CORNER."),
        # not a record of their own that no family reads; the heading names what they do not.
        head_tags = {**(_beside_tags(titles.get(starts[0]), openings.get(starts[0]), beside.get(starts[0], [])[:1],
                                     read.get(starts[0], [])) or {}), **tags}
        ends = starts[1:] + [len(text)]
        tag_block = (0, len(block))  # the tags' notes are each game's of the block's record
        return [RecordSpan(0, len(block.rstrip(" \t\n")) + 1, ends[0], tags=head_tags, tag_block=tag_block),
                *(RecordSpan(at, at, ends[0], tags={**(_beside_tags(titles.get(starts[0]), openings.get(starts[0]),
                                                                    [(at, head)], read.get(starts[0], [])) or {}),
                                                    **tags}, tag_block=tag_block)
                  for at, head in beside.get(starts[0], [])[1:]),
                *_spans(starts[1:], ends[1:], titles, openings, beside, read)]
    if starts[0] != 0 and not move_words(block):
        # Prose over the first heading with no move in it ("Two problems from the Glasgow Herald.") is the first
        # record's preamble: a record of its own would be one that no family reads.
        first_start = starts[0]
        starts[0] = 0
        titles[0] = titles.pop(first_start)
        read[0] = read.pop(first_start)
        if first_start in openings:
            openings[0] = openings.pop(first_start)
        if first_start in beside:
            beside[0] = beside.pop(first_start)
        if first_start in bodies:
            bodies[0] = bodies.pop(first_start)
    if starts[0] != 0:
        starts.insert(0, 0)
    spans = _spans(starts, starts[1:] + [len(text)], titles, openings, beside, read)
    return [replace(span, tag_end=bodies[span.start]) if span.start in bodies else span for span in spans]


def split_beside(text: str, spans: list[RecordSpan]) -> list[RecordSpan]:
    """The records of a text split at its tag pairs (PDN's, a book's transcription's), with each game printed side
    by side under its head in a record (``[Event "..."]`` over ``Game 1.     Game 2.``) a record of its own, as a
    book's are (:func:`split_book`): the first from the tags, each other from its head to the record's end; each
    game has the record's tags, and its head in its title (``Glasgow match, Game 2``)."""
    out: list[RecordSpan] = []
    for record in spans:
        heads = _heads_beside(text, record.tag_end, record.end) if record.tag_end > record.start and record.problem is None \
            else []
        own, problem = (dict(record.tags), None) if record.tags is not None else read_tags(text[record.start:record.tag_end])
        game = (own.get("Game") or "checkers").strip().lower()
        if not heads or problem is not None or game not in _CHECKERS_NAMES or len(move_words(text[heads[0][0]:record.end])) < 2:
            out.append(record)  # (another game's record, or no checker moves under the heads)
            continue
        title = own.get("Title") or own.get("Event")

        def tagged(at: int, head: str) -> dict[str, str]:
            return {**own, **(_beside_tags(title, None, [(at, head)]) or {})}  # noqa: B023 (called at once)

        block = record.tag_block if record.tags is not None else (record.start, record.tag_end)
        out.append(RecordSpan(record.start, record.tag_end, record.end, tags=tagged(*heads[0]), tag_block=block))
        out.extend(RecordSpan(at, at, record.end, tags=tagged(at, head), tag_block=block) for at, head in heads[1:])
    return out


#: What a ``[Game]`` tag calls checkers (the family's name and aliases).
_CHECKERS_NAMES = ("checkers", "draughts", "english draughts")


def _heads_beside(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The heads of games printed side by side between ``start`` and ``end`` (a line of two heads or more and
    nothing else, ``Game 1.     Game 2.``): each head's offset in the text and its words."""
    heads: list[tuple[int, str]] = []
    at = start
    for line in text[start:end].splitlines(keepends=True):
        found = list(_GAME_HEAD.finditer(line))
        if len(found) > 1 and not _GAME_HEAD.sub("", line).strip():
            heads.extend((at + m.start(), m.group().rstrip(".")) for m in found)
        at += len(line)
    return heads


def _spans(starts: list[int], ends: list[int], titles: dict[int, str], openings: dict[int, str],
           beside: dict[int, list[tuple[int, str]]], read: dict[int, list[str]]) -> list[RecordSpan]:
    """A record from each start to its end, tagged from its headings; and after it, one for each game printed side
    by side in it but the first, from the game's head to the record's end."""
    spans: list[RecordSpan] = []
    for start, end in zip(starts, ends):
        heads = beside.get(start, [])
        paragraphs = read.get(start, [])
        spans.append(RecordSpan(start, start, end, tags=_beside_tags(titles.get(start), openings.get(start), heads[:1],
                                                                     paragraphs)))
        spans.extend(RecordSpan(at, at, end, tags=_beside_tags(titles.get(start), openings.get(start), [(at, head)],
                                                               paragraphs))
                     for at, head in heads[1:])
    return spans


def _beside_tags(title: str | None, opening: str | None, head: list[tuple[int, str]],
                 paragraphs: list[str] | None = None) -> dict[str, str] | None:
    """The tags of a record from its headings (:func:`_heading_tags`), and of one of the games printed side by side
    in it, from its head too: ``SINGLE CORNER, Game 2``."""
    if not head:
        return _heading_tags(title, opening, paragraphs)
    name = head[0][1]
    return _heading_tags(f"{title}, {name}" if title else name, opening, paragraphs)


#: A line of PGN/PDN tag pairs: ``[FEN "B:W21:B1"]``.
_TAG_LINE = re.compile(r'(?m)^[ \t]*\[[A-Za-z][A-Za-z0-9_]*[ \t]+"')


#: What a checker book's heading says that the chess heading reader reads: where, when, the event, the round, the
#: problem's composer.
_HEADING_TAGS = ("Site", "Date", "Event", "Round", "Composer")
#: How many paragraphs from a game's heading down to its score are read as its headings (the heading, who played
#: by colour, where and when, the opening's title in capitals between them).
_HEADING_PARAGRAPHS = 4
#: A colour's word with a name: a heading that names one says who had Black ("Black: J. Wyllie.", "Mr. X (White)
#: v. Mr. Y", "White, Morphy;"); not a result's ("X v. Y. Won by Black.": the names' order says no colour).
_NAMES_COLOUR = re.compile(r"\b(?:White|WHITE|Black|BLACK)\b(?=[ \t]*(?:[:,)–—]|-{1,2}))")
#: The opening a game's heading names after its label and a dash: in capitals (``GAME 7.--WILLOW``) or in quotes
#: (``GAME No. 7.--"WILLOW."``, ``Game No. 1.--"Ayrshire Lassie" Opening``); not a sentence (``GAME 7.--Played
#: between ...``).
_OPENING_IN_HEADING = re.compile(
    rf"(?i:game)[ \t]+(?:No\.[ \t]*)?[0-9IVXLC]{{1,6}}\.?[ \t]*{DASH}[ \t]*"
    r"(?:[\"“](?P<quoted>[^\"“”]+?)\.?[\"”](?:[ \t]+(?i:opening))?|(?P<capitals>[A-Z][A-Z'’ -]*[A-Z]))\.?")


def _title_of(line: str) -> str:
    """A heading as a record's title: without its full stop, inside a closing quote too (``GAME No. 7.--"WILLOW."``
    is ``GAME No. 7.--"WILLOW"``)."""
    title = line.strip()
    quote = title[-1:] if title[-1:] in ('"', "”") else ""
    return title[:len(title) - len(quote)].rstrip(".") + quote


def _heading_paragraphs(lines: list[str], i: int) -> list[str]:
    """The paragraphs from a record's heading (line ``i``, the lines under it with it) down to its score, that may
    say who played, where and when (``Black: J. Wyllie.   White: R. Martins.``, ``Played at Glasgow, 1876.``): up to
    a few, ending at a table's row, a line that names a move (prose on the game, no heading) or the next heading;
    the opening's title in capitals straight under the heading is passed over (it is the record's ``Opening``)."""
    paragraphs: list[str] = []
    current: list[str] = []
    for k in range(i, len(lines)):
        line = lines[k]
        if not line.strip():
            if current:
                paragraphs.append("".join(current))
                current = []
            if len(paragraphs) >= _HEADING_PARAGRAPHS:
                break
            continue
        if k > i and (_is_row_text(line) or move_words(line)):
            break
        if k > i and _is_heading(lines, k):
            if _is_capital_title(lines, k) and not any(ln.strip() for ln in lines[i + 1:k]):
                continue  # the opening's title under the heading (split_book keeps it as the Opening)
            break
        current.append(line)
    if current:
        paragraphs.append("".join(current))
    return paragraphs


def _heading_tags(title: str | None, opening: str | None, paragraphs: list[str] | None = None) -> dict[str, str] | None:
    """A record's tags from its headings: its ``Title``, and the ``Opening`` the heading (``GAME 7.--WILLOW.``) or a
    second heading names; what its paragraphs from the heading down to the score say (``paragraphs``, else the
    title alone), read as a chess book's headings are (:func:`notation.parse.chess_book.read_heading`): the players
    ("Game 12.--Played between Mr. Wyllie and Mr. Martins.", "Black: J. Wyllie.   White: R. Martins."), a problem's
    composer ("No. 8.--By J. Wyllie."), where, when, the event and the round (a match's game's number). The players
    are ``Black`` and ``White`` where a heading names their colours, else ``Players``, in printed order: a checker
    book's "X v. Y" or "between X and Y" does not say who had Black (a chess book's "X v. Y" names White first)."""
    from notation.parse.chess_book import match_round, merged_headings, read_heading  # (not for start-up)

    tags = {"Title": title} if title else {}
    read = []
    for paragraph in paragraphs or ([title] if title else []):
        heading = read_heading(paragraph)
        if heading is None:
            continue
        if "White" in heading.tags and "Black" in heading.tags and not _NAMES_COLOUR.search(paragraph):
            heading.players = heading.players or [heading.tags.pop("White"), heading.tags.pop("Black")]
        read.append(heading)
    if read:
        heading = match_round(merged_headings(read))
        if heading.tags.get("White") and heading.tags.get("Black"):
            tags["Black"], tags["White"] = heading.tags["Black"], heading.tags["White"]
        elif len(heading.players) == 2:
            tags["Players"] = " and ".join(heading.players)
        # (Not the chess heading's opening: a chess opening's kind words, "GAME", name a checker book's sections,
        # "LAWS OF THE GAME"; the opening a checker book names is its second heading's, or its game's heading's.)
        tags.update({k: v for k, v in heading.tags.items() if k in _HEADING_TAGS and v})
    named = _OPENING_IN_HEADING.match(title or "")
    if named is not None and not named["quoted"] and named.end() < len(title or ""):
        named = None  # (a name in capitals is the heading's whole; one in quotes may have where and when after it)
    if opening or named:
        printed = opening or named["quoted"] or named["capitals"]  # type: ignore[index]
        tags["Opening"] = named_opening(printed) or printed  # (as OPENINGS spells it: "THE OLD FOURTEENTH")
    elif (name := named_opening(title)) is not None:
        tags["Opening"] = name  # (the heading is the opening's name: "THE SINGLE CORNER.")
    return tags or None
