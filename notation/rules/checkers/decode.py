"""Checkers for the decoder (:mod:`notation.decode`): a book's page read against the legal moves.

What only checkers knows: the legal moves of a position by the forms the
notations print them in (``11-15``, ``11.15``, ``11 15`` and the books' ``3- 8``
all compact to ``11-15``; a jump by its end squares, ``11x18`` or ``11-18``, and
by its whole path, ``10x19x26`` or ``10-19-26``), whose turn it is (Black
moves first) and the move number. The decoder reads the words; what it reads
comes back as a :class:`ParsedRecord` whose moves carry their squares as the
legal move has them (``decoded`` says how the words were read), and the replay
checks it as any other:

* :func:`decode_score`: a score the grammars cannot read whole (OCR damage,
  ``23-l9``, ``22-I7``, a figure lost): the reading that explains the most
  words as legal moves;
* :func:`decode_prose`: moves named in running prose (an introduction's
  openings), read as lines from the start (:func:`notation.decode.prose.read_lines`):
  the first line the main line, the others variations where they branch.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Container, Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple

from rapidfuzz.distance import Levenshtein

from notation.boards.checkers import BLACK, WHITE, Board, Move, match_moves
from notation.decode import NOTE_REF, Decoder, Segment, Step, Token, named_going_on, named_sides, tokens
from notation.decode.prose import SCORE, START, Lines, in_a_row, mostly_prose, read_lines
from notation.decode.search import goes_on
from notation.details.checkers import CheckersExtra
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record, printed_moves
from notation.parse import (
    CLAUSE_END,
    INSTEAD_IN_TEXT,
    SENTENCE_STOP,
    SUPPOSITION,
    carried_labels,
    instead_cues,
    side_playing,
)
from notation.parse.checkers_setup import DASH, position_leading
from notation.rules.checkers.notations.base import BARE_REF, SquareMove, is_leg
from notation.rules.checkers.notations.book import result_after, result_by_at
from notation.rules.checkers.notations.columns import MovePlace, placement
from notation.rules.checkers.replay import infer_setup

# -- compacting printed words ---------------------------------------------------

_MARKS = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "x"})
_EDGES = "\"'“”‘’()[]{}*†‡,;:.!?"  # (a star or a dagger marks a move: "12-16*", "26-22†")
_CROWNED = re.compile(r"(?<=[0-9lios|])\s*\(?k\)?$")
_JOINER = re.compile(r"\s+to\s+|\s+(takes)\s+|\s*([-x.*])\s*|\s+")
#: A compact move: two squares or more (OCR's letters for figures allowed), joined by ``-`` or ``x``.
#: Results that have a move's shape.
_RESULTS = ("1-0", "0-1", "0-0", "2-0", "0-2")
_SHAPE = re.compile(r"(?=.*\d)[0-9lios|]{1,2}(?:[-x][0-9lios|]{1,2})+")


def compact(words: str) -> str:
    """Printed words as one compact form: ``3- 8`` -> ``3-8``, ``23 19``, ``23.19`` and ``23 to 19`` -> ``23-19``,
    ``10x19x26,`` -> ``10x19x26``, ``6-2K`` -> ``6-2``; '' for words that are no move."""
    # (A note's letter glued to the move it marks, "17-13(a)", is no part of it: the decoder's shared reference.)
    text = _CROWNED.sub("", BARE_REF.sub("", NOTE_REF.sub("", words)).translate(_MARKS).strip(_EDGES).lower())
    text = _JOINER.sub(lambda m: "x" if m.group(1) or m.group(2) == "x" else "-", text)
    return text if _SHAPE.fullmatch(text) and text not in _RESULTS else ""


def move_forms(move: Move) -> set[str]:
    """The compact forms of a legal move: ``a-b``; a jump also ``axb``, and by its whole path."""
    ends = f"{move.start}-{move.end}"
    if not move.captures:
        return {ends, ends.replace("-", "x")}  # a plain move printed as a capture: the replay warns
    path = "-".join(map(str, move.path))
    return {ends, ends.replace("-", "x"), path, path.replace("-", "x")}


# -- the rules the decoder asks ---------------------------------------------------


class At(NamedTuple):
    """A position as the decoder walks it: the board, and how many plies from the record's start."""

    board: Board
    ply: int


_FORMS: dict[Board, dict[str, list[tuple[Move, float]]]] = {}
_CACHED = 4000


class CheckersRules:
    """:class:`notation.decode.Rules` for checkers in any of its notations (they print the same squares)."""

    def __init__(self, first: int = BLACK) -> None:
        #: Move numbers count from the side that moves first in the record (Black, in a game).
        self.offset = 0 if first == BLACK else 1

    def key(self, position: At) -> Board:
        return position.board

    def side(self, position: At) -> int:
        return 0 if position.board.turn == BLACK else 1

    def number(self, position: At) -> int:
        return (position.ply + self.offset) // 2 + 1

    def forms(self, position: At) -> Mapping[str, list[tuple[Move, float]]]:
        # Books repeat their openings: a position's forms are made once for all records.
        board = position.board
        cached = _FORMS.get(board)
        if cached is None:
            if len(_FORMS) > _CACHED:
                _FORMS.clear()
            cached = _FORMS[board] = {}
            for move in board.legal_moves():
                for form in move_forms(move):
                    cached.setdefault(form, []).append((move, 0.0))
        return cached

    def play(self, position: At, move: Move) -> At:
        return At(position.board.push(move), position.ply + 1)

    def compact(self, words: str) -> str:
        return compact(words)

    def plausible(self, text: str) -> bool:
        return _SHAPE.fullmatch(text) is not None

    def same_piece(self, text: str, form: str) -> bool:
        return True  # a checkers form names no piece: its first and last figures, matched already, are all a word gives


# -- the words of a checkers text ------------------------------------------------------

#: Two squares printed with a space between (the books print White's moves ``23 19``).
_SPACED = re.compile(r"[ \t]{1,2}")


#: A word joined by a dash to the move after it, as the e-texts print an em dash (``Solution.--1-5,``, ``SOLUTION.–10-26``).
_GLUED_BEFORE = re.compile(rf"[A-Za-z][A-Za-z.]*{DASH}(?=\d)")
#: The words that join a move's two squares in prose and tables (``11 to 15``, ``13 takes 6``).
_STEP_WORDS = ("to", "takes")
#: Such a word after a square: the square begins a move so joined.
_STEP_AFTER = re.compile(r"[ \t]+(?:to|takes)[ \t]+[0-9]")
#: A move with prose glued after it (``26-22Whiteoverstepped...``, an export's comment without its braces).
_GLUED_PROSE = re.compile(r"\d{1,2}(?:[-x]\d{1,2})+(?=[A-Za-z]{3})")


def words_of(body: str, plies: dict[int, int] | None = None, cells: dict[int, tuple[int, int]] | None = None
             ) -> list[Token]:
    """The words of a text, a white move printed ``23 19`` (two bare squares on one line, a space or
    two between them) one word, as the books mean it, and a move with prose glued to it two; a table
    with numbered rows read down its columns (``plies`` filled with each of its words' row, ``cells``
    with its table and column)."""
    out: list[Token] = []
    for word in tokens(body):
        before = _GLUED_BEFORE.match(word.text)
        if before:  # "Solution.--1-5,": the heading's word, then the move
            out.append(Token(before.group(), word.start, word.start + before.end(), word.line, None, word.aside))
            word = Token(word.text[before.end():], word.start + before.end(), word.end, word.line, None, word.aside)
        glued = _GLUED_PROSE.match(word.text)
        if glued:
            out.append(Token(glued.group(), word.start, word.start + glued.end(), word.line, None, word.aside))
            word = Token(word.text[glued.end():], word.start + glued.end(), word.end, word.line, None, word.aside)
        last = out[-1] if out else None
        if (last is not None and last.number is not None and word.number is not None and last.line == word.line
                and last.text.isdigit() and word.text.rstrip(",;").isdigit()
                and 1 <= int(last.text) <= 32 and 1 <= int(word.text.rstrip(",;")) <= 32
                and _SPACED.fullmatch(body[last.end:word.start])
                # A square of a move joined by "to" is that move's ("17 to 13  24 to 19": two moves, no "13 24").
                and not (len(out) > 1 and out[-2].text in _STEP_WORDS and out[-2].line == last.line)
                and not _STEP_AFTER.match(body, word.end)):
            out[-1] = Token(body[last.start:word.end], last.start, word.end, last.line, None, last.aside)
            continue
        out.append(word)
    words = _down_the_columns(body, _steps_in_words(body, _joined(body, out)), plies, cells)
    if plies is not None:
        _numbered_rows(body, words, plies)
    return words


def _joined(body: str, words: list[Token]) -> list[Token]:
    """A move whose second square is set apart to line up with two figures (``3- 8``), or starred as the
    losing move (``5* 9``), as one word."""
    out: list[Token] = []
    for word in words:
        last = out[-1] if out else None
        if (last is not None and re.fullmatch(r"[0-9]{1,2}[-*]", last.text) and re.fullmatch(r"[0-9][,;]?", word.text)
                and last.line == word.line and _SPACED.fullmatch(body[last.end:word.start])):
            out[-1] = Token(body[last.start:word.end], last.start, word.end, last.line, None, last.aside)
            continue
        out.append(word)
    return out


#: A row of a table ruled with bars whose first cell numbers it: ``   13 |  9-14 | 31 26 |``.
_NUMBERED_ROW = re.compile(r"[ \t]*[0-9]{1,3}[ \t]*\|")
_RULE = re.compile(r"[|+-]+")
#: How many numbered rows make such a table.
_TABLE_ROWS = 3


def _down_the_columns(body: str, words: list[Token], plies: dict[int, int] | None = None,
                      cells: dict[int, tuple[int, int]] | None = None) -> list[Token]:
    """A table ruled with bars whose rows are numbered (each row a ply) prints a game in each column:
    its words are read down each column (its cells between ``|`` or ``+``), the columns from left to
    right, the row numbers (the first cell) left out, each word's row in ``plies`` (by ``id``; the
    lines under the last number go on counting); any other text is read as it runs."""
    lines = body.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    ruled = [bool(re.search(r"[|+]", line)) for line in lines]
    table = [0] * len(lines)  # the table a line belongs to (1, 2, ...), 0 for none
    rows: list[int | None] = [None] * len(lines)  # a table's line: the row (ply) it prints
    k = count = 0
    while k < len(lines):
        if not ruled[k]:
            k += 1
            continue
        end = k
        while end < len(lines) and ruled[end]:
            end += 1
        if sum(bool(_NUMBERED_ROW.match(line)) for line in lines[k:end]) >= _TABLE_ROWS:
            count += 1
            table[k:end] = [count] * (end - k)
            number = None
            for r in range(k, end):
                found = _NUMBERED_ROW.match(lines[r])
                number = int(lines[r].split("|")[0]) if found else None if number is None else number + 1
                rows[r] = number
        k = end
    if not count:
        return words
    out: list[Token] = []
    held: list[tuple[int, int, Token]] = []  # a table's words: (column, line, word)
    current = 0
    for word in words:
        row = bisect_right(starts, word.start) - 1
        if table[row] != current and held:
            out.extend(w for _, _, w in sorted(held, key=lambda cell: (cell[0], cell[1])))
            held = []
        current = table[row]
        if not current:
            out.append(word)
            continue
        column = len(re.findall(r"[|+]", body[starts[row]:word.start]))
        if _RULE.fullmatch(word.text):
            continue  # the table's rules: no words (a bar reads as the figure 1 in OCR'd text)
        if column or not word.text.isdigit():  # the first cell is the row's number
            held.append((column, row, word))
            if plies is not None and rows[row] is not None:
                plies[id(word)] = rows[row]  # type: ignore[assignment]
            if cells is not None:
                cells[id(word)] = (current, column)
    out.extend(w for _, _, w in sorted(held, key=lambda cell: (cell[0], cell[1])))
    return out


#: The number of a table's row printed between its two columns, as the e-texts print it: ``--13--``, ``-- 1--``.
_ROW_MARK = re.compile(r"--\s*([0-9]{1,3})\s*--")
#: The crowning mark after a move in a row (``6 to 2 King``).
_CROWNING = re.compile(r"\(?(?:King|K)\)?[.,]?")
#: What a row's number is printed with, besides its figures; or the crowning mark.
_ROW_MARK_PARTS = re.compile(r"[-()\[\].…]*[0-9]{0,3}[-()\[\].…]*|" + _CROWNING.pattern)


def _row_result(body: str, row: list[Token]) -> int:
    """How many of a row's last words are a result printed after its last move (``17 to 13  24 to 19 W. wins``): 0
    for none."""
    for k in range(1, min(4, len(row))):
        found = result_after(body, row[-k - 1].end)
        if found is not None and found[1][1] >= row[-1].end - 1 and found[1][0] >= row[-k].start:
            return k
    return 0


def _numbered_rows(body: str, words: list[Token], plies: dict[int, int]) -> None:
    """A table printed without rules, its rows numbering the moves and prose between its rows
    (``11 to 15  --1--  23 to 19``, ``(1) 11-15  23-19``, ``1. 11-15 23-19``, ``10 to 6   1   2 to 9``):
    each move's ply in ``plies`` (by ``id``) from its row's number, counted from the record's first
    mover: the move before the number, or the first after it, ply ``2n - 1``; the next ``2n``. A line
    is a row only when it holds its number and one or two moves, nothing else (no prose); a ruled
    table's words keep their rows. A third move beside the second (``2 to 7  --11--  17 to 13  24 to 19
    W. wins``) is the other side's alternative at that row, with its result: ply ``2n`` too, and an aside
    (``words`` changed in place), read as a variation of the move beside it, after which the rows go on."""
    rows: dict[int, list[int]] = {}
    for k, word in enumerate(words):
        rows.setdefault(word.line, []).append(k)
    for at in rows.values():
        row = [words[k] for k in at]
        if any(id(w) in plies for w in row):
            continue
        row = row[:len(row) - _row_result(body, row)]  # (the result after the row's last move, its alternative's)
        moves = [k for k, w in enumerate(row) if compact(w.text)]
        marks = [k for k, w in enumerate(row) if not compact(w.text)]
        # A third move only beside the second, after the number: the alternative to the move it stands beside.
        third = len(moves) == 3 and bool(marks) and moves[1] > marks[-1] and moves[2] == moves[1] + 1
        if not (1 <= len(moves) <= 2 or third) or not marks or marks != list(range(marks[0], marks[-1] + 1)):
            continue  # the number stands in one place: before the moves or between them
        marks = [k for k in marks if not _CROWNING.fullmatch(row[k].text)]
        if not marks or marks != list(range(marks[0], marks[-1] + 1)):
            continue
        text = "".join(row[k].text for k in marks)
        numbers = [row[k].number for k in marks if row[k].number is not None]
        found = _ROW_MARK.fullmatch(text)
        if found is None and not (len(marks) == 1 and len(numbers) == 1):
            continue
        if not all(_ROW_MARK_PARTS.fullmatch(row[k].text) for k in marks):
            continue
        number = int(found.group(1)) if found else numbers[0]
        if not number or sum(k < marks[0] for k in moves) > 1:
            continue
        if third:
            plies[id(row[moves[0]])], plies[id(row[moves[1]])] = 2 * number - 1, 2 * number
            alternative = replace(row[moves[2]], aside=True)
            words[at[moves[2]]] = alternative
            plies[id(alternative)] = 2 * number
        elif len(moves) == 2:
            plies[id(row[moves[0]])], plies[id(row[moves[1]])] = 2 * number - 1, 2 * number
        else:
            # One move: the first mover's before the number or after a number that opens the row
            # ("(16) 19-23"), the other's in the right-hand column ("--16--  19 to 16").
            second = moves[0] > marks[0] and found is not None
            plies[id(row[moves[0]])] = 2 * number - (0 if second else 1)


def _marked_rows(body: str, words: list[Token]) -> set[int]:
    """The lines that are a table's rows numbered between their columns (``8 to 11  -- 2--  22 to 19``):
    squares, ``to`` and the row's mark, nothing else but a result after the last move (``W. wins``)."""
    lines: dict[int, list[Token]] = {}
    for word in words:
        lines.setdefault(word.line, []).append(word)
    out = set()
    for line, row in lines.items():
        texts = [w.text for w in row[:len(row) - _row_result(body, row)]]
        if _ROW_MARK.search(" ".join(texts)) and all(
                t == "to" or _ROW_MARK_PARTS.fullmatch(t) or (t.isdigit() and 1 <= int(t) <= 32) for t in texts):
            out.add(line)
    return out


def _steps_in_words(body: str, words: list[Token]) -> list[Token]:
    """``11 to 15`` as one word, as prose names a move (``supposing him to play the man on 11 to 15``), where
    the second square is a step or a jump from the first: ``the squares 1 to 12`` names no move; a jump told
    ``13 takes 6`` (the man on 13 takes the man between and lands on 6) likewise. In a table's row numbered
    between its columns (:func:`_marked_rows`) any two squares so joined are a move, a misprint's too
    (``22 to 19`` for 22 to 17): the replay says which."""
    out: list[Token] = []
    rows = _marked_rows(body, words)
    k = 0
    while k < len(words):
        a, to, b = words[k], words[k + 1] if k + 1 < len(words) else None, words[k + 2] if k + 2 < len(words) else None
        last = b.text.rstrip(",;:.)") if b is not None else ""  # "(or 26 to 22)": the bracket is the aside's
        if (to is not None and b is not None and to.text in _STEP_WORDS and a.text.lstrip("(").isdigit()
                and last.isdigit() and (is_leg(int(a.text.lstrip("(")), int(last))
                                        or (a.line in rows and 1 <= int(a.text) <= 32 and 1 <= int(last) <= 32))):
            out.append(Token(body[a.start:b.end], a.start, b.end, a.line, None, a.aside))
            k += 3
            continue
        out.append(a)
        k += 1
    return out


def start_of(record: Record) -> Board:
    """Where a record's moves start when no grammar reads it: its ``[FEN]``, else the opening
    (:class:`notation.boards.checkers.FenError` for a FEN that cannot be read)."""
    fen = record.tag("FEN")
    return Board.from_fen(fen) if fen else Board.initial()


# -- a score ------------------------------------------------------------------------------


def decode_score(record: Record, start: Board, notation: str, layout: ParsedRecord | None = None) -> ParsedRecord | None:
    """The record read as a score by the decoder: its main line the reading of its words that explains
    the most of them as legal moves from ``start``; ``None`` when its moves are not printed one after
    the other, or the text is mostly prose (unless a grammar read a score in it: ``layout``, whose
    result and set-up are kept), or none is read. The words of a move's shape that it leaves are
    reported; the game ends at the result the grammar read."""
    body = record.body
    end = layout.result_span[0] if layout is not None and layout.result_span else len(body)
    plies: dict[int, int] = {}
    words = [w for w in words_of(body, plies) if w.start < end]
    if layout is None:
        words = _to_the_result(body, words)
    if layout is None and len({plies[id(w)] for w in words if id(w) in plies and compact(w.text)}) < sum(
            id(w) in plies and bool(compact(w.text)) for w in words):
        return None  # a table with numbered rows prints moves at one row in two columns: lines, not one score
    rules = CheckersRules(start.turn)
    reading = Decoder(rules, carried=carried_labels(body)).read([Segment([(words,)])], At(start, 0))
    if not in_a_row(words, reading.steps) or (layout is None and mostly_prose(words, reading.steps)):
        return None
    if _unsettled(body, reading.steps, rules, At(start, 0)):
        return None
    line = PrintedLine([_printed(body, step) for step in reading.steps])
    index = {id(w): i for i, w in enumerate(words)}
    used = {i for step in reading.steps for i in range(index[id(step.first)], index[id(step.last)] + 1)}
    printed = [(pm.start, pm.end) for pm in printed_moves(layout.line)] if layout is not None else []
    unused = [w for i, w in enumerate(words) if i not in used and rules.plausible(rules.compact(w.text))]
    # A move the grammar read in the score that the decoder's reading leaves out is a misprint it skips:
    # an error where it stands, never prose.
    dropped = [w for w in unused if any(a < w.end and w.start < b for a, b in printed)]
    diagnostics = [Diagnostic(
        "error", "illegal-move", f"{w.text!r} is printed as a move of the score, but the reading that makes "
        "the most of the score's moves legal leaves it out: it is legal nowhere it could stand",
        *record.position(w.start)) for w in dropped]
    left = [w for w in unused if w not in dropped]
    if left:
        diagnostics.append(Diagnostic(
            "info", "prose", "taken for prose (not a move of the game as the decoder reads it), though it has "
            "words that read as moves: " + ", ".join(repr(w.text) for w in left[:6])
            + (" ..." if len(left) > 6 else ""), *record.position(left[0].start)))
    # (The result printed after the last move read, "... 18-15 Drawn.", "Black wins by 14-17." under a table whose
    # layout read none: the game's, as a grammar reads it.)
    result, where = result_after(body, reading.steps[-1].last.end) or (None, None)
    if layout is None:
        return ParsedRecord(record, "checkers", notation, line, result, diagnostics=diagnostics, extra=CheckersExtra(),
                            result_span=where)
    if layout.result is not None:
        result, where = layout.result, layout.result_span
    return ParsedRecord(record, "checkers", notation, line, result, diagnostics=diagnostics,
                        extra=layout.extra, result_span=where)


def _to_the_result(body: str, words: list[Token]) -> list[Token]:
    """The words of a score up to the result that ends its paragraph after a move (``... 15-18 26-23, and White
    wins.`` over a blank line): the notes below it (``(a) 9-13 is the usual move here: 9-13, 26-22, ...``) are
    no moves of the game, but lines hung where they belong (:func:`hang_leftovers`). A result inside a
    paragraph ("... 23-18 and Black wins by First Position, ...") ends nothing; with no such result, every word."""
    rules = CheckersRules()
    for k, word in enumerate(words):
        if k + 1 < SCORE or not rules.plausible(rules.compact(word.text)):
            continue
        found = result_after(body, word.end)
        if found is not None and _PARAGRAPH_END.match(body, found[1][1]):
            return words[:k + 1]
    return words


#: What may follow a result that ends its paragraph: its full stop, then a blank line or the end of the text.
_PARAGRAPH_END = re.compile(r"\.?[ \t]*(?:\r?\n[ \t]*\r?\n|\s*$)")


def _unsettled(body: str, steps: list[Step[Move]], rules: CheckersRules, position: At) -> bool:
    """Whether a word the reading repairs (a figure off) reads as another legal move just as near, after
    which the following moves go on too: the text does not say which is meant (``9-15``: ``9-13`` or
    ``9-14``), and the grammar's reading, with its error where it stands, is kept."""
    decoder = Decoder(rules)
    for k, step in enumerate(steps):
        if step.how != "printed":
            text = rules.compact(body[step.first.start:step.last.end])
            near = decoder._table(position, rules.key(position)).near(text)
            if any(move != step.move and how == step.how
                   and goes_on(rules, rules.play(position, move), steps[k + 1:])  # type: ignore[arg-type]
                   for move, _cost, how, _form in near):
                return True
        position = rules.play(position, step.move)
    return False


def _trimmed(body: str, start: int, end: int) -> tuple[int, int]:
    """A move word's span without the punctuation around it, which is the sentence's, not the move's, nor the note's
    letter glued to it ("17-13(a)": the letter stands after the move, where a note's paragraph finds it)."""
    glued = NOTE_REF.search(body, start, end) or BARE_REF.search(body, start, end)
    end = glued.start() if glued is not None and glued.start() > start else end  # (both end at the word's end)
    while end > start + 1 and body[end - 1] in ",;:.)\"'”’":
        end -= 1
    while start < end - 1 and body[start] in "(\"'“‘":
        start += 1
    return start, end


def _printed(body: str, step: Step[Move]) -> PrintedMove:
    start, end = _trimmed(body, step.first.start, step.last.end)
    move = step.move
    fields = SquareMove(move.path, "x" if "x" in step.form else "-", None, decoded=step.how)
    return PrintedMove(body[start:end], start, end, fields)


# -- prose ----------------------------------------------------------------------------------


def _unread_move(record: Record, word: Token, lines: Lines) -> Diagnostic:
    """The ``illegal-move`` error of a move word the prose's lines read nowhere: where it was printed as its line's
    next move, that move's place named, with the legal moves there nearest it."""
    text = word.text.strip(_EDGES)
    due = lines.due.get(id(word))
    if not isinstance(due, At):
        return Diagnostic("error", "illegal-move", f"{text!r} is named as a move, but it is legal neither from the start "
                          "nor after any move of the line named before it", *record.position(word.start))
    k = next(j for j, w in enumerate(lines.unread) if w is word)
    before = lines.unread[k - 1] if k else None
    if before is not None and id(before) in lines.due and not record.body[before.end:word.start].strip(" \t\r\n,;"):
        return Diagnostic("error", "illegal-move", f"{text!r} follows {before.text.strip(_EDGES)!r} in its line's "
                          "sentence, which is no legal move there: not read either", *record.position(word.start))
    side = "Black" if due.board.turn == BLACK else "White"
    forms = CheckersRules().forms(due)
    nearest = sorted(forms, key=lambda form: (Levenshtein.distance(compact(text), form), "x" not in form))
    shown = list(dict.fromkeys(str(forms[form][0][0]) for form in nearest))[:3]
    return Diagnostic("error", "illegal-move", f"{text!r}, printed as the line's next move in its sentence ({side}'s "
                      "move there), is no legal move there, nor an alternative to the move before it",
                      *record.position(word.start), suggestions=shown)


def decode_prose(record: Record, start: Board, notation: str) -> ParsedRecord | None:
    """The moves a text names in prose as lines from ``start`` (:func:`notation.decode.prose.read_lines`):
    the first line the main line, each other line a variation where it leaves the line it follows,
    each move word legal nowhere an ``illegal-move`` error. ``None`` when fewer than two moves read."""
    body = record.body
    plies: dict[int, int] = {}
    cells: dict[int, tuple[int, int]] = {}
    words = words_of(body, plies, cells)
    marked = named_sides(body, words, "black")  # ("Black now plays 8.11": Black's move)
    for word, sided in zip(words, marked):
        if sided is not word and id(word) in plies:  # (the rows and cells know a word by its id)
            plies[id(sided)] = plies.pop(id(word))
        if sided is not word and id(word) in cells:
            cells[id(sided)] = cells.pop(id(word))
    words = named_going_on(body, marked)  # ("Black now has a choice between ...": the line goes on)
    named, offered, replaces = _replaced(body, words)
    named_words = [w for w in words if id(w) in named]
    words = [w for w in words if id(w) not in named]
    replacing = _instead(body, words, offered) | _either(body, words, offered)
    lines = read_lines(words, CheckersRules(start.turn), At(start, 0), plies=plies, offered=offered,
                       replacing=replacing, instead_of=replaces)
    if len(lines.moves) < SCORE:
        return None
    main = _tree(body, lines, rows=plies, again=True, supposed=_supposed(body, words) | _refused(body, words))
    diagnostics = [_unread_move(record, w, lines) for w in lines.unread]
    diagnostics.extend(Diagnostic(
        "info", "prose", f"{w.text.strip(_EDGES)!r} names the move the alternative before it replaces ('instead "
        "of'), not a move of the alternative's line", *record.position(w.start)) for w in named_words)
    parsed = ParsedRecord(record, "checkers", notation, main, diagnostics=diagnostics, extra=CheckersExtra())
    _column_results(parsed, words, lines, plies, cells)
    for variation in _variations(main):
        # The result printed after a line's last move ("..., 22-15, 11-18. Black wins."): that line's, checked.
        if variation.moves and variation.label is None:
            _variation_result(parsed, variation.moves[-1])
    if parsed.result is None and main.moves:
        # The result printed after the main line's last move (", 23-19, and Black wins."): the game's.
        parsed.result, parsed.result_span = result_after(body, main.moves[-1].end) or (None, None)
    keep_prose_notes(parsed)
    return parsed


def keep_prose_notes(parsed: ParsedRecord) -> None:
    """The author's words between the moves a text names in prose, kept as the chess reader keeps a book's (the
    moves' comments and the record's): a stretch before the first move is the record's comment (the heading, its
    title, left out), one after a move that move's comment, in the order printed, whichever line the move is in
    ("At this point Black may play" before "10-14": the note on the move before it, which PDN writes before it). A
    result read after a move is the move's line's, no note, and a move named again where its line plays it ("after
    10-15, 27-24") is read as that move, no note's word. Every other word is kept, once, where it stands, the words
    that only join one move to the next too ("and White replies": issue 29, every word accounted for)."""
    body = parsed.record.body
    moves = sorted((pm for line in (parsed.line, *_variations(parsed.line)) for pm in line.moves if pm.end > pm.start),
                   key=lambda pm: pm.start)
    if not moves:
        return
    # The spans of the words already read: the moves, each move named again ("after 10-15, 27-24": its again),
    # the results after them.
    spans: list[tuple[int, int, PrintedMove | None]] = [(pm.start, pm.end, pm) for pm in moves]
    spans += [(a, b, None) for pm in moves for a, b in pm.fields.again]
    spans.sort(key=lambda s: s[0])
    head = _title_end(body, parsed.record.tag("Title"))
    before: PrintedMove | None = None
    at = head
    for start, end, pm in spans:
        _prose_note(parsed, before, body, at, start)
        if pm is not None:
            before = pm
        at = max(at, end)
        if pm is not None and (found := result_after(body, at)) is not None:
            at = max(at, found[1][1])  # (its result, "... 18-15. Drawn.": the line's, no note)
    _prose_note(parsed, before, body, at, len(body))


def _prose_note(parsed: ParsedRecord, before: PrintedMove | None, body: str, start: int, end: int) -> None:
    """The words of ``body[start:end]`` as a note on the move ``before`` (the record's comment where no move is)
    (:func:`keep_prose_notes`)."""
    text = " ".join(body[start:end].split()).strip(" ,;:-–—")
    text = re.sub(r"^[.!?]+\s*", "", text)  # (the stop after the move before: "25-18. Black now ...")
    if not any(sum(c.isalpha() for c in w) >= 2 for w in text.split()):
        return  # (no word: the stops, numbers and note letters between the moves)
    if before is None:
        parsed.comments.append(text)
    elif before.comment is None:
        before.comment = text
    elif text not in before.comment:  # (a line's verdict kept already, :func:`_variation_words`)
        before.comment = f"{before.comment} {text}"


def _title_end(body: str, title: str | None) -> int:
    """Where the text's heading ends when its first line is the record's title ("THE SINGLE CORNER." over the
    prose): the title is the record's tag, no note; else 0."""
    first = body.lstrip().split("\n", 1)[0].strip()
    if title and first.rstrip(".") == title.rstrip("."):
        return body.index(first) + len(first)
    return 0


def _variations(line: PrintedLine) -> list[PrintedLine]:
    """Every variation under a line, at any depth."""
    out: list[PrintedLine] = []
    for pm in line.moves:
        for variation in pm.variations:
            out.extend([variation, *_variations(variation)])
    return out


def _replaced(body: str, words: list[Token]) -> tuple[set[int], set[int], dict[int, Token]]:
    """The words (by id) that name the move an alternative replaces, after ``instead of`` (``in place of``,
    :data:`notation.parse.INSTEAD_IN_TEXT`) when a move stands before it in its clause ("Black may play 9-14
    instead of 15-18; then 25-22, ..."): the line's own move named again, no move of the alternative's line (a
    clause that begins ``Instead of 15-18`` supposes its move, :func:`_supposed`); the words of the moves so offered
    (``9-14``); and, by the clause's first move, the word naming the move it replaces."""
    replaced: set[int] = set()
    offered: set[int] = set()
    replaces: dict[int, Token] = {}
    for found in INSTEAD_IN_TEXT.finditer(body):
        head = max((m.end() for m in CLAUSE_END.finditer(body, 0, found.start())), default=0)
        clause = [w for w in words if head <= w.start and w.end <= found.start() and compact(w.text)]
        if not clause:
            continue
        after = next((w for w in words if w.start >= found.end()), None)
        if after is not None and compact(after.text) and not body[found.end():after.start].strip():
            replaced.add(id(after))
            offered.update(id(w) for w in clause)
            replaces[id(clause[0])] = after
    return replaced, offered, replaces


def _instead(body: str, words: list[Token], offered: set[int]) -> set[int]:
    """The words (by id) of the moves an "instead" offers before them ("If instead Black plays 9.14, White gets the
    better game by 32.28."): the first move word of its clause, an alternative to a move told before it, and the
    moves of its sentence after it, its line's (added to ``offered``)."""
    replacing: set[int] = set()
    for cue, clause, sentence in instead_cues(body):
        moves = [w for w in words if cue <= w.start < sentence and compact(w.text)]
        if moves and moves[0].start < clause:
            replacing.add(id(moves[0]))
            offered.update(id(w) for w in moves)
    return replacing


def _either(body: str, words: list[Token], offered: set[int]) -> set[int]:
    """The words (by id) of the moves named as the other choice for the move just before them: "12-16 or 10-14",
    "a choice between 12-16 and 10-14" (was: the second read as the other side's next move, a figure "off").
    Each is an alternative to the move before it, as a move "instead" offers is (added to ``offered``)."""
    out: set[int] = set()
    for before, word in zip(words, words[1:]):
        if not (compact(before.text) and compact(word.text)):
            continue
        gap = body[before.end:word.start]
        if _OR.fullmatch(gap) or _AND.fullmatch(gap) and _BETWEEN.search(body, max(0, before.start - 40), before.start):
            out.add(id(word))
            offered.add(id(word))
    return out


def offers_moves(body: str) -> bool:
    """Whether the text offers moves as choices or suppositions ("12-16 or 10-14", "If instead ...", "the choice
    between ..."): lines told in prose, not one score."""
    return _OFFERS.search(body) is not None


_OFFERS = re.compile(r"(?i)\b(?:or|instead|if|suppose|should|between|choice)\b")
#: What stands between a move and the other choice for it: "or", "or else"; "and" after "between".
_OR = re.compile(r"(?i)\s*,?\s+(?:or(?:\s+else)?|oder)\s+")
_AND = re.compile(r"(?i)\s+and\s+")
_BETWEEN = re.compile(r"(?i)\b(?:between|choice\s+of)\s+\Z")


def _supposed(body: str, words: list[Token]) -> set[int]:
    """The words (by id) of a clause that supposes its moves rather than plays them: after a supposition's
    word ("If he plays 9-14, White exchanges by 18-9, 5-14;", "Should White answer 22-18", "Had Black moved 16
    to 20") in the same clause (up to its ``.``, ``;``, ``!`` or ``?``, or a paragraph's end)."""
    out: set[int] = set()
    for found in _SUPPOSING.finditer(body):
        end = CLAUSE_END.search(body, found.end())
        stop = end.start() if end is not None else len(body)
        out.update(id(w) for w in words if found.end() <= w.start < stop)
    return out


def _refused(body: str, words: list[Token]) -> set[int]:
    """The words (by id) of the moves a clause refuses for another ("White must not play 27-24, but 21-17"):
    between ``not`` and the ``but`` that names the move played instead, in one clause. Like a supposed move,
    a refused one is the alternative where the move played stands (:func:`_tree`)."""
    out: set[int] = set()
    for found in _REFUSING.finditer(body):
        end = CLAUSE_END.search(body, found.end())
        stop = end.start() if end is not None else len(body)
        but = _BUT.search(body, found.end(), stop)
        if but is not None:
            out.update(id(w) for w in words if found.end() <= w.start < but.start() and compact(w.text))
    return out


#: "not" (not "not only"), and the "but" after it that names the move played instead.
_REFUSING = re.compile(r"(?i)\bnot\b(?!\s+only\b)")
_BUT = re.compile(r"(?i)\bbut\b")


#: The words that begin a supposition in English prose (the shared ones, :data:`notation.parse.SUPPOSITION`, and
#: "suppose", "in case"), anywhere in a sentence; the clause it governs ends at a stop or a paragraph.
_SUPPOSING = re.compile(rf"(?i)\b(?:{SUPPOSITION}|suppose|supposing|in\s+case)\b")


#: A result at the foot of a table's column, as the books word it -> the book result the replay checks.
_COLUMN_RESULTS = {"white wins": "W wins", "black wins": "B wins", "draw": "Drawn", "drawn": "Drawn"}


def _column_results(parsed: ParsedRecord, words: list[Token], lines: Lines[Move], plies: Mapping[int, int],
                    cells: Mapping[int, tuple[int, int]]) -> None:
    """The result printed under the last move of a table's column (``white`` / ``wins.`` in a box, ``draw.``)
    ends the line that move ends: the game's result, or its variation's, checked by the replay. Only a
    column read whole as one line, each move after the one above it, and ending its line, gets one."""
    read = {id(named.step.first): named for named in lines.moves}
    index = {id(named.step.first): k for k, named in enumerate(lines.moves)}
    by_column: dict[tuple[int, int], list[Token]] = {}
    for word in words:
        if id(word) in cells:
            by_column.setdefault(cells[id(word)], []).append(word)
    ends: dict[int, tuple[PrintedLine, int]] = {}  # a printed move's start -> its line and index
    stack = [parsed.line]
    while stack:
        line = stack.pop()
        for k, pm in enumerate(line.moves):
            ends[pm.start] = (line, k)
            stack.extend(pm.variations)
    extra = CheckersExtra.of(parsed.extra)
    for (table, column), column_words in by_column.items():
        moves = [w for w in column_words if id(w) in read]
        if not moves:
            continue
        if any(read[id(b)].after != index[id(a)] for a, b in zip(moves, moves[1:])):
            continue  # the column is not read as one line: where its result stands is not known
        last = moves[-1]
        below = [w for w in column_words if w.start > last.start and id(w) not in read]
        text = " ".join(w.text.strip(_EDGES).lower() for w in below)
        result = next((value for words_, value in _COLUMN_RESULTS.items() if text.startswith(words_)), None)
        printed = _printed(parsed.record.body, read[id(last)].step)
        found = ends.get(printed.start)
        if found is None:
            continue
        line, k = found
        if result is None or k != len(line.moves) - 1 or any(compact(w.text) for w in below):
            continue  # no result under the column, or its last move read is not the end of its line or column
        at = below[0].start
        if line is parsed.line:
            if parsed.result is None:
                parsed.result, parsed.result_span = result, (at, below[-1].end)
            continue
        line.label = line.label or f"{table}.{column}"
        extra.results[line.label] = (result, at)


def _tree(body: str, lines: Lines[Move], main: PrintedLine | None = None, seeded: int = 0,
          rows: Mapping[int, int] | None = None, again: bool = False,
          supposed: Container[int] = ()) -> PrintedLine:
    """The moves as printed lines: a move after the last move of its line goes on with it, any other
    opens a variation of the move that follows the one it comes after (from the start: the first).
    ``main``'s first ``seeded`` moves are the line the moves go on from. A move of a table's numbered
    row (its word in ``rows``) where a move named in the prose before it stands ("Had Black moved 16 to
    20, ..." over the row ``3 to 7  --6--  29 to 25``) takes the line: the table prints the game, the
    prose its alternatives, and the prose's move and what followed it become a variation; so does a move the
    prose supposes (its word in ``supposed``: "If he plays 9-14, White exchanges by 18-9, 5-14; but the book
    move is 10-14"), where a move the prose plays stands: the game goes on with the move played. Given ``again``, a
    move a line already plays where the named move would stand, named again ("9-14 is also good: 9-14, 18-9,
    ...", "but 25-22 is probably stronger, thus: 25-22, ...", "the choice of 12-16 or 10-14. After 12-16, ..."),
    opens no second line: the moves after it go on along that line, and its word is read as that move (kept in
    its :attr:`SquareMove.again`, where the replay counts it and :func:`prose_moves` finds it read)."""
    main = PrintedLine() if main is None else main
    rows = rows or {}
    where: list[tuple[PrintedLine, int]] = [(main, i) for i in range(seeded)]  # each move's line and index
    # How firmly each printed move (by id) holds its line: a table's numbered row's 2, a move the prose plays 1, a
    # move it supposes 0 (a move holds its line against a later one at its place unless that one holds firmer).
    rank: dict[int, int] = {}
    for named in lines.moves:
        printed = _printed(body, named.step)
        rank[id(printed)] = 2 if id(named.step.first) in rows else 0 if id(named.step.first) in supposed else 1
        line, at = (main, -1) if named.after == START else where[named.after]
        same = _named_again(named.step.move, line, at + 1) if again else None
        if same is not None:  # a move a line plays there already, named again
            k = 0 if same is not line else at + 1
            where.append((same, k))  # the moves after it go on with that line
            fields = same.moves[k].fields
            same.moves[k].fields = replace(fields, again=(*fields.again, (printed.start, printed.end)))
            continue
        if at + 1 == len(line.moves):
            line.moves.append(printed)
            where.append((line, at + 1))
        elif rank[id(printed)] > rank.get(id(line.moves[at + 1]), 1):
            old = line.moves[at + 1]
            branch = PrintedLine(line.moves[at + 1:])
            printed.variations, old.variations = [branch, *old.variations], []
            del line.moves[at + 1:]
            line.moves.append(printed)
            where = [(branch, i - at - 1) if ln is line and i > at else (ln, i) for ln, i in where]
            where.append((line, at + 1))
        else:
            branch = PrintedLine([printed])
            line.moves[at + 1].variations.append(branch)
            where.append((branch, 0))
    return main


def _named_again(move: Move, line: PrintedLine, k: int) -> PrintedLine | None:
    """The line that already plays ``move`` where a move named in prose would stand, as the ``k``-th move
    of ``line`` or as the first move of one of that move's variations ("9-14 is also good: 9-14, 18-9,
    ..."): a move named twice opens no second line; ``None`` if none does."""
    if k >= len(line.moves):
        return None
    pm = line.moves[k]
    return next((ln for ln, first in [(line, pm), *((v, v.moves[0]) for v in pm.variations if v.moves)]
                 if match_moves([move], list(first.fields.squares))), None)


# -- move words a grammar left in its notes -----------------------------------------------


def hang_leftovers(parsed: ParsedRecord, start: Board) -> int:
    """Read the move words a grammar left among its lines (a note's ``or 16-20``, ``white can continue
    by 27-24, 22-17, 23-19 or 22-18``, ``but 25-22 is probably stronger, thus: 25-22, ...``) as prose
    going on from the printed line nearest them in their paragraph (:func:`read_lines`): each legal
    one becomes a move of that line or a variation at the ply of the move it replaces. A lone move that
    would hang as an alternative to a variation's first move, and is the move that variation replaces
    ("Better than 7-11 is 8-11, ...": 7-11 the trunk's) or another line's first move there, names that
    line, and is not hung again. How many were hung (``parsed`` is changed in place); the others stay
    where they were, in the comments."""
    body = parsed.record.body
    spans: list[tuple[int, int, PrintedLine, int]] = []  # every printed move: where, its line, its index
    boards: dict[int, list[Board]] = {}  # a line's position before each move, and after its last
    played: dict[int, Move | None] = {}  # each printed move (by id) as read on the board
    parents: dict[int, tuple[PrintedLine, int]] = {}  # a variation (by id) -> the line and index it replaces

    def walk(line: PrintedLine, board: Board) -> None:
        boards[id(line)] = [board]
        for k, pm in enumerate(line.moves):
            spans.append((pm.start, pm.end, line, k))
            for variation in pm.variations:
                parents[id(variation)] = (line, k)
                walk(variation, board)
            found = match_moves(board.legal_moves(), list(pm.fields.squares)) if board is not None else []
            played[id(pm)] = found[0] if len(found) == 1 else None
            board = board.push(found[0]) if len(found) == 1 else None  # type: ignore[assignment]
            boards[id(line)].append(board)

    def replaced(line: PrintedLine) -> set[Move | None]:
        """The moves a variation's first move stands beside: the move it replaces and the other
        variations' first moves there (and theirs, up the lines it is the first move of)."""
        if id(line) not in parents:
            return set()
        parent, k = parents[id(line)]
        pm = parent.moves[k]
        return ({played.get(id(pm))} | {played.get(id(v.moves[0])) for v in pm.variations if v.moves and v is not line}
                | (replaced(parent) if k == 0 else set()))

    def survey() -> None:
        for seen in (spans, boards, played, parents):
            seen.clear()
        walk(parsed.line, start)
        spans.sort(key=lambda s: s[0])

    survey()
    rules = CheckersRules(start.turn)
    words = words_of(body)
    kept = CheckersExtra.of(parsed.extra).kept  # text the grammar keeps as text on purpose, with its diagnostic
    left = [w for w in words if rules.plausible(rules.compact(w.text))
            and not any(a < w.end and w.start < b for a, b, _, _ in spans)
            and not any(a < w.end and w.start < b for a, b in kept)]
    hung = 0
    for n, stretch in enumerate(_stretches(body, left, spans)):
        if n:
            survey()  # the lines hung so far are printed lines too: a note's letter on one's move ("6-9 (b)") finds it
        naming: list[Token] = []  # the words naming the move a paragraph's line replaces ("instead of 24-20")
        anchor = _anchor(body, stretch, spans)
        told = _at_move(body, stretch, parsed.line, boards[id(parsed.line)]) if anchor is None else None
        if told is not None:  # a paragraph whose words tell its place: its sentence's last words its line's
            anchor, naming = (told[0], told[1]), told[2]
            stretch = [w for w in stretch if w not in naming]
        anchor = anchor or _winning_moves(body, stretch, parsed.line)
        if anchor is None:
            continue
        line, k = anchor  # the words go on after the line's first k moves
        known = boards[id(line)][:k + 1]
        if any(b is None for b in known):
            continue
        lines = read_lines(stretch, rules, At(known[0], 0), [At(b, i + 1) for i, b in enumerate(known[1:])])
        if not lines.moves:
            continue
        if len(lines.moves) == 1:
            named = lines.moves[0]
            at = -1 if named.after == START else named.after
            if at == -1 and named.step.move in replaced(line):
                continue  # it names the move the line replaces: no new line
        _tree(body, lines, line, k, again=True)  # after the line's move k-1: a variation of its move k, or its next move
        for word in naming:
            # The move replaced, named: read as the line's move there, as a word naming a move again is.
            fields = line.moves[k].fields
            line.moves[k].fields = replace(fields, again=(*fields.again, _trimmed(body, word.start, word.end)))
        hung += len(lines.moves)
        _variation_result(parsed, _printed(body, lines.moves[-1].step))
        if told is not None:
            _variation_words(parsed, line.moves[k], _printed(body, lines.moves[-1].step).start)
    return hung


def read_after_all(parsed: ParsedRecord, diagnostic: Diagnostic) -> bool:
    """Whether an ``unreferenced-variation`` (a lettered note whose letter the grammar found on no move: "(b) Not
    15-18, as 22-15, 11-18 follows" where its "(b)" stands after a move of another note's prose) is answered by the
    lines hung since (:func:`hang_leftovers`): every move word of its paragraph is a move of them."""
    if diagnostic.code != "unreferenced-variation":
        return False
    body = parsed.record.body
    heads = [0, *(m.end() for m in _PARAGRAPH.finditer(body))]
    starts = [at + len(body[at:]) - len(body[at:].lstrip()) for at in heads]
    found = [k for k, where in enumerate(parsed.record.positions(starts)) if where == (diagnostic.line, diagnostic.column)]
    if not found:
        return False
    start = starts[found[0]]
    end = heads[found[0] + 1] if found[0] + 1 < len(heads) else len(body)
    spans = [(pm.start, pm.end) for pm in printed_moves(parsed.line)]
    words = [w for w in words_of(body) if start <= w.start < end and compact(w.text)]
    return bool(words) and all(any(a < w.end and w.start < b for a, b in spans) for w in words)


def _variation_words(parsed: ParsedRecord, replaced: PrintedMove, at: int) -> None:
    """The words a sentence tells after its variation's last move ("..., 23-16, with the better game."), no result: the
    comment of that move, as a table's words under its column are its line's (the variation of ``replaced`` whose last
    move is printed at ``at``)."""
    body = parsed.record.body
    line = next((v for v in replaced.variations if v.moves and v.moves[-1].start == at), None)
    if line is None or line.moves[-1].comment is not None:
        return
    last = line.moves[-1]
    stop = SENTENCE_STOP.search(body, last.end)
    words = body[last.end:stop.start() if stop else len(body)].strip(" \t\r\n,;:")
    if words and result_after(body, last.end) is None and "\n\n" not in words:
        last.comment = " ".join(words.split())


def _winning_moves(body: str, stretch: list[Token], main: PrintedLine) -> tuple[PrintedLine, int] | None:
    """Where a paragraph that opens with the game's result told before the moves that make it ("Black wins by 9-14."
    under the table) puts its words: after the game's last move, the game's end; ``None`` for another paragraph."""
    head = max((m.end() for m in _PARAGRAPH.finditer(body, 0, stretch[0].start)), default=0)
    if main.moves and main.moves[-1].end <= head and result_by_at(body, head, stretch[0].start):
        return main, len(main.moves)
    return None


def _at_move(body: str, stretch: list[Token], main: PrintedLine, boards: Sequence[Board | None]
             ) -> tuple[PrintedLine, int, list[Token]] | None:
    """Where a paragraph that names the main line's move it goes back to ("At the 12th move, 24-19 instead is met
    by 6-10, ...", "If at the fifth move White plays 24-19 instead of 24-20, Black replies 16-20, ...", "If 24-19
    (instead of 24-20), then ...") puts its words: before that move, counted as printed (a move a cell) or as a
    side's moves (the Nth of Black's, of White's; the side the sentence names as playing its first move), the move
    its ``instead of`` names (:func:`_named_instead`) where it names one, the first count at which its first move
    is legal; with the words naming the move replaced (no moves of the line); ``None`` for another paragraph. Its
    moves are then legal there, not from the opening."""
    head = max((m.end() for m in _PARAGRAPH.finditer(body, 0, stretch[0].start)), default=0)
    named = _named_instead(body, stretch)
    moves = [w for w in stretch if w not in named]
    if not moves:
        return None
    place = placement(body[head:moves[0].start])
    if named:
        # "instead of 24-20" names the trunk's move replaced, wherever in the sentence it stands.
        replaced = tuple(int(n) for n in re.split(r"[-x]", compact(named[0].text)))
        place = replace(place, squares=replaced) if isinstance(place, MovePlace) else MovePlace(squares=replaced)
    text = compact(moves[0].text)
    if not isinstance(place, MovePlace) or not text or (place.number is not None and place.number < 1):
        return None
    # "at the fifth move White plays 24-19": the count as printed or as a side's, at a move of the side named.
    side = {"black": BLACK, "white": WHITE, None: None}[side_playing(body, moves[0].start)]
    squares = [int(square) for square in re.split(r"[-x]", text)]
    for k in place.indices(main.moves):
        board = boards[k] if k < len(boards) else None
        if board is not None and side in (None, board.turn) and match_moves(board.legal_moves(), squares):
            return main, k, named
    return None


def _named_instead(body: str, stretch: list[Token]) -> list[Token]:
    """The words of a stretch that name the move replaced, right after ``instead of`` (``in place of``,
    :data:`notation.parse.INSTEAD_IN_TEXT`), bracketed or not ("24-19 instead of 24-20", "If 24-19 (instead of
    24-20), then ...", "Instead of 24-20 at the fifth move")."""
    return [w for w in stretch if compact(w.text)
            and (found := INSTEAD_IN_TEXT.search(body, max(0, w.start - 24), w.start)) is not None
            and not body[found.end():w.start].strip(" \t\n(")]


def _variation_result(parsed: ParsedRecord, last: PrintedMove) -> None:
    """The result printed after a note's last move (``..., 5-14, 25-22. Drawn.``, ``... 12-19. Black wins.``)
    ends the variation that move ends, as a table's result under its column does: checked by the replay; after
    the game's own last move, the game's."""
    found = result_after(parsed.record.body, last.end)
    if found is None:
        return
    if parsed.line.moves and parsed.line.moves[-1].start == last.start:
        # The words went on with the game itself ("Black wins by 14-17." under its table): the game's result.
        if parsed.result is None:
            parsed.result, parsed.result_span = found
        return
    stack = [pm for pm in parsed.line.moves]
    while stack:
        pm = stack.pop()
        for variation in pm.variations:
            if variation.moves and variation.moves[-1].start == last.start:
                variation.label = variation.label or "note {}.{}".format(*parsed.record.position(variation.moves[0].start))
                CheckersExtra.of(parsed.extra).results[variation.label] = (found[0], found[1][0])
                return
            stack.extend(variation.moves)


def prose_moves(parsed: ParsedRecord, end: Board | None = None) -> Diagnostic | None:
    """The words of a move's shape a grammar's reading leaves in its prose and notes (a game told in a
    sentence above its table, a note's alternative legal nowhere it could hang): said, not read (an
    ``info``: they are kept in the comments); an ``illegal-move`` error where one of them is printed in a
    table's numbered row, in a run of the line's moves, or right after the main line's last move (a move of
    the score; ``end``, the position there, names the legal moves nearest it); ``None`` when there are none."""
    # A move's words, and the words that name it again where its line plays it (read as it).
    spans = [span for pm in printed_moves(parsed.line)
             for span in [(pm.start, pm.end), *getattr(pm.fields, "again", ())]]
    kept = CheckersExtra.of(parsed.extra).kept
    rules = CheckersRules()
    plies: dict[int, int] = {}
    left = [w for w in words_of(parsed.record.body, plies) if rules.plausible(rules.compact(w.text))
            and not any(a < w.end and w.start < b for a, b in [*spans, *kept])]
    if not left:
        return None
    row = next((w for w in left if id(w) in plies), None)
    run = _in_a_run(parsed.record.body, left, spans)
    if row is None and run is not None:
        # A move printed in a run of the line's moves, commas between them ("22-18, 10-14, 18x9, 5x14, 25-22"): a move
        # of the score too, whatever the reading made of the rest.
        return Diagnostic("error", "illegal-move", f"{run.text!r} is printed among the line's moves, but no reading "
                          "of the score reads it (legal nowhere it could stand); the words left out: "
                          + ", ".join(repr(w.text) for w in left[:6]) + (" ..." if len(left) > 6 else ""),
                          *parsed.record.position(run.start))
    last = parsed.line.moves[-1] if parsed.line.moves else None
    after = _after_the_line(parsed.record.body, left, last.end) if row is None and run is None and last else None
    if after is not None and last is not None:
        # Printed where the line's next move stands (a column's or a run's next word, "25-22" over "18-25"), and read
        # nowhere: the score's next move, misprinted or illegal, never the author's prose.
        shown: list[str] = []
        side = ""
        if end is not None:
            forms = CheckersRules().forms(At(end, 0))
            text = after.text.strip(_EDGES)
            nearest = sorted(forms, key=lambda form: (Levenshtein.distance(compact(text), form), "x" not in form))
            shown = list(dict.fromkeys(str(forms[form][0][0]) for form in nearest))[:3]
            side = f" ({'Black' if end.turn == BLACK else 'White'}'s move there)"
        return Diagnostic("error", "illegal-move", f"{after.text.strip(_EDGES)!r} is printed as the line's next move, "
                          f"after its last, {last.text.strip(_EDGES)!r}{side}, but it is no legal move there nor read "
                          "anywhere else; the words left out: " + ", ".join(repr(w.text) for w in left[:6])
                          + (" ..." if len(left) > 6 else ""), *parsed.record.position(after.start), suggestions=shown)
    if row is not None:
        # A move printed in a table's numbered row is a move of the score, never prose: left out of every line, an error.
        return Diagnostic("error", "illegal-move", f"{row.text!r} is printed in row {(plies[id(row)] + 1) // 2} of a "
                          "table, but no reading of the score reads it (legal nowhere it could stand); the words left "
                          "out: " + ", ".join(repr(w.text) for w in left[:6]) + (" ..." if len(left) > 6 else ""),
                          *parsed.record.position(row.start))
    told = _told_elsewhere(parsed.record.body, left, spans)
    if told is not None:
        # A paragraph that tells where its line goes in the game ("If at the fifth move White plays 24-19 instead of
        # 24-20, ...") and was hung nowhere: its words name a move the game has not there, or its run is legal
        # nowhere they put it. Its moves are the book's, left unread: an error, never prose under an ok.
        words, first = told
        return Diagnostic("error", "unreferenced-variation", f"{words!r} tells where the line that follows goes in "
                          f"the game, but its first move, {first.text.strip(_EDGES)!r}, is legal at no move of the "
                          "game those words name; the words left out: "
                          + ", ".join(repr(w.text) for w in left[:6]) + (" ..." if len(left) > 6 else ""),
                          *parsed.record.position(first.start))
    return Diagnostic("info", "prose", "taken for prose (kept in the comments, not read into the game's lines), "
                      "though it has words that read as moves: " + ", ".join(repr(w.text) for w in left[:6])
                      + (" ..." if len(left) > 6 else ""), *parsed.record.position(left[0].start))


def _told_elsewhere(body: str, left: list[Token], spans: list[tuple[int, int]]) -> tuple[str, Token] | None:
    """The first paragraph whose moves are left, none read before them in it (``spans``), whose words before its first
    move, or its ``instead of``, tell a move of the game it goes back to (:func:`_at_move`'s words: "at the fifth
    move", "instead of 24-20"): those words (the paragraph's up to its first move, and the move named) and its first
    move; ``None`` where no paragraph tells one."""
    by_paragraph: dict[int, list[Token]] = {}
    for word in left:
        head = max((m.end() for m in _PARAGRAPH.finditer(body, 0, word.start)), default=0)
        by_paragraph.setdefault(head, []).append(word)
    for head, words in by_paragraph.items():
        named = _named_instead(body, words)
        moves = [w for w in words if w not in named]
        if not moves or any(head <= a < moves[0].start for a, _ in spans):
            continue
        lead = body[head:moves[0].start]
        place = placement(lead)
        if named or isinstance(place, MovePlace) and (place.number is not None or place.squares is not None):
            told = " ".join(lead.split()).rstrip(" ,;:")
            if named and named[0].start > moves[0].start:
                told += " ... instead of " + named[0].text.strip(_EDGES)
            return told, moves[0]
    return None


#: What stands between the moves of a run of them: a comma or semicolon, a space or two, a line's end (no paragraph's
#: break; no table's gap between columns, "11-15      11-15", where a column prints a move of the game again).
_RUN_GAP = re.compile(r"[ \t]{0,2}[,;]?[ \t]{0,2}(?:\r?\n[ \t]*)?")


def _in_a_run(body: str, left: list[Token], spans: list[tuple[int, int]]) -> Token | None:
    """The first word left that stands in a run of read moves: a read move before it and one after it, nothing but
    separators (:data:`_RUN_GAP`) and other words left between them; ``None`` where there is none."""
    ends = sorted(b for _, b in spans)
    starts = sorted(a for a, _ in spans)
    ordered = sorted(left, key=lambda w: w.start)
    at = [w.start for w in ordered]
    for word in ordered:
        k, j = bisect_right(ends, word.start), bisect_left(starts, word.end)
        if k == 0 or j == len(starts):
            continue
        before, after = ends[k - 1], starts[j]
        # (The words left between the two read moves: a slice of them, not a pass over all.)
        chain = [w for w in ordered[bisect_left(at, before):bisect_left(at, after)] if w.end <= after]
        edges = [before] + [x for w in chain for x in (w.start, w.end)] + [after]
        if all(_RUN_GAP.fullmatch(body, edges[i], edges[i + 1]) for i in range(0, len(edges), 2)):
            return word
    return None


def _after_the_line(body: str, left: list[Token], end: int) -> Token | None:
    """The first word left that follows the main line's last move (which ends at ``end``) with nothing but
    separators (:data:`_RUN_GAP`) and other words left between them: the line's next move as printed; else ``None``."""
    at = end
    for word in sorted((w for w in left if w.start >= end), key=lambda w: w.start):
        if not _RUN_GAP.fullmatch(body, at, word.start):
            return None
        if at == end:
            return word
    return None


def _stretches(body: str, left: list[Token], spans: list[tuple[int, int, PrintedLine, int]]) -> list[list[Token]]:
    """The words left, cut where a printed move or a paragraph stands between two of them."""
    out: list[list[Token]] = []
    for word in left:
        if out:
            last = out[-1][-1]
            between = any(last.end <= a < word.start for a, _, _, _ in spans)
            if not between and not _PARAGRAPH.search(body, last.end, word.start):
                out[-1].append(word)
                continue
        out.append([word])
    return out


_PARAGRAPH = re.compile(r"\n[ \t\r]*\n")


#: A note's letter at the head of its paragraph: ``(a)``, ``a.``; or the star or dagger it answers (``* Loses; 3-7
#: draws.`` under ``12-16*``).
_NOTE_HEAD = re.compile(r"[ \t]*(?:\(([a-zA-H])\)|([a-z])\.|([*\u2020\u2021]))[ \t]")


def _anchor(body: str, stretch: list[Token], spans: list[tuple[int, int, PrintedLine, int]]
            ) -> tuple[PrintedLine, int] | None:
    """The printed line a stretch of words goes on from, and after how many of its moves: the line of
    the printed move just before it in its paragraph (after that move), else of the one just after it
    (before that move); in a paragraph that prints no move, a lettered note's (``(a) 26-23 loses, ...``),
    before the move its letter follows in the score (``28-24 (a)``), whose alternative it gives; else
    ``None``."""
    begin, end = stretch[0].start, stretch[-1].end
    head = max((m.end() for m in _PARAGRAPH.finditer(body, 0, begin)), default=0)  # where its paragraph starts
    note = _NOTE_HEAD.match(body[head:begin])
    if note is not None and not any(head <= a < begin for a, _, _, _ in spans):
        letter = note.group(1) or note.group(2)
        # ("a." answers a bare letter glued to its move too: "17-13a".)
        sign = re.escape(note.group(3)) if note.group(3) else rf"\({letter}\)|(?<=[0-9]){letter}(?![\w-])"
        for found in re.finditer(sign, body):
            # (After its move's stop or comma, "17-13.(a)", "17-13,(a)"; a star glued to its move: "12-16*".)
            marked = [s for s in spans if s[1] <= found.start() and not body[s[1]:found.start()].strip(" \t.,;:")
                      or s[1] == found.end()]
            if marked and not head <= found.start() < end:
                _, _, line, k = marked[-1]
                return line, k
    before = [s for s in spans if s[1] <= begin]
    if before and not _PARAGRAPH.search(body, before[-1][1], begin):
        _, _, line, k = before[-1]
        return line, k + 1
    after = [s for s in spans if s[0] >= end]
    if after and not _PARAGRAPH.search(body, end, after[0][0]):
        _, _, line, k = after[0]
        return line, k
    return None


# -- a problem's position --------------------------------------------------------------------

#: A side's squares named in prose: "the White on 32 and 5", "a black man on square 30", "White kings on 5, 9".
_SIDE_SQUARES = re.compile(
    r"(?i)\b(black|white)(?:\s+(men|man|kings?|pieces?))?\s+(?:is\s+|are\s+|stands?\s+)?(?:on|at)\s+(?:squares?\s+)?"
    r"([0-9]{1,2}(?:\s*(?:,\s*(?:and\s+)?|and\s+)[0-9]{1,2}(?![0-9]))*)")
#: Who moves first, as a problem says it: "Black to play and win", "White, with the move", "White to move".
_TO_MOVE = re.compile(r"(?i)\b(black|white),?\s+(?:having\s+)?(?:to\s+(?:play|move)|with\s+the\s+move)\b")
#: A table's column header: ``BLACK.  WHITE.``, ``White   Black`` (its first column moves first).
_COLUMN_HEADS = re.compile(r"(?im)^[ \t]*(black|white)\.?[ \t]{2,}(black|white)\.?[ \t]*$")


#: Where a position in words may begin: a side's colour or initial before its pieces or squares ("Black men
#: on", "Black has men on", "White:", "B. 1, 3"), read on by the set-up grammar (``grammars/checkers_setup.lark``).
#: The colour may end in a full stop, a dash or both before its squares, as the old books print a problem's sides
#: ("BLACK.--6, 9, K 27.", "Black.—6", "BLACK.–6", "Black. 6", "Black--6").
_POSITION_START = re.compile(r"(?<![A-Za-z])(?:(?i:black|white)(?=[,:]?\s+(?:(?i:has|have)\s+)?(?i:men|man|kings?|pieces?)\s+(?:(?i:on|at)\b|K?"
                             r"[ \t]?[0-9])|:|(?:\.?[ \t]*"
                             rf"{DASH}|\.)[ \t]*K?[ \t]?[0-9])|[BW]\.(?=[ \t]*K?[ \t]?[0-9]))")


def position_in_prose(body: str) -> dict[int, tuple[int, bool | None]] | None:
    """The position a problem names in a sentence, both sides' squares in one paragraph: in the words the
    books set a position in ("Black men on 1, 3, 9; king on 14. White men on 21, 30; king on 27.", "B. 1,
    K14; W. 30": :func:`~notation.parse.checkers_setup.position_leading`, men and kings as said), else
    in running prose ("Place the kings on the board as in the diagram, the White on 32 and 5, the Black
    on 10, 18, and 19"): square -> (side, king), ``king`` ``None`` where the words do not say men or
    kings; ``None`` when no paragraph names both sides' squares (1 to 32, each once)."""
    for paragraph in _PARAGRAPH.split(body):
        for start in _POSITION_START.finditer(paragraph):
            placed = position_leading(paragraph[start.start():])
            if placed is not None and len({side for side, _ in placed.values()}) == 2:
                return {s: (BLACK if side == "black" else WHITE, king) for s, (side, king) in placed.items()}
        pieces: dict[int, tuple[int, bool | None]] = {}
        sides = set()
        for found in _SIDE_SQUARES.finditer(paragraph):
            side = BLACK if found.group(1).lower() == "black" else WHITE
            kind = (found.group(2) or "").lower()
            king = kind.startswith("king") if kind else None
            squares = [int(n) for n in re.findall(r"[0-9]{1,2}", found.group(3))]
            if any(not 1 <= s <= 32 or s in pieces for s in squares):
                pieces = {}
                break
            pieces.update((s, (side, king)) for s in squares)
            sides.add(side)
        if len(sides) == 2:
            return pieces
    return None


def first_mover(body: str) -> int | None:
    """Who moves first in a problem, as its words say ("White to play and win") or its table's header
    (``WHITE.  BLACK.``: the first column); ``None`` when the text does not say."""
    said = _TO_MOVE.search(body) or _COLUMN_HEADS.search(body)
    return None if said is None else BLACK if said.group(1).lower() == "black" else WHITE


def table_line(body: str, first: int) -> PrintedLine:
    """The moves of a problem's solution as its table prints them, the rows of each run of lines that
    hold one or two moves (a row number between them) in the order printed: the left-hand column the
    first mover's, the right-hand column the other's (a move alone on a row by where it stands)."""
    rows: list[list[tuple[int, Token]]] = []  # each row's moves and the column each starts at
    offset = 0
    for text in body.split("\n"):
        words = words_of(text)
        moves = [w for w in words if compact(w.text)]
        if moves and len(moves) <= 2 and all(compact(w.text) or _ROW_MARK_PARTS.fullmatch(w.text) for w in words):
            rows.append([(w.start, Token(w.text, offset + w.start, offset + w.end, w.line)) for w in moves])
        offset += len(text) + 1
    pairs = [row for row in rows if len(row) == 2]
    right = min((row[1][0] for row in pairs), default=None)
    line = PrintedLine()
    sides = ("black", "white") if first == BLACK else ("white", "black")
    for row in rows:
        for column, word in row:
            second = len(row) == 2 and word is row[1][1] or len(row) == 1 and right is not None and column >= right - 4
            squares = tuple(int(s) for s in re.split(r"[-x]", compact(word.text)) if s.isdigit())
            line.moves.append(PrintedMove(word.text, word.start, word.end,
                                          SquareMove(squares, "-", sides[1 if second else 0])))
    return line


def _read(parsed: ParsedRecord | None) -> int:
    """How many moves a reading holds, its variations' too."""
    return 0 if parsed is None else sum(1 for _ in printed_moves(parsed.line))


def decode_problem(record: Record, notation: str, opening: ParsedRecord | None) -> ParsedRecord | None:
    """A problem's moves named in prose and tables, read from the problem's position rather than the
    opening when more of them read from there (``opening``: the reading from the opening, whose move
    words legal nowhere say that the moves start elsewhere): the position its prose names
    (:func:`position_in_prose`; a piece the moves take backwards a king), else, its diagram not being
    in the text, the smallest position the moves of its table need (``setup-inferred``: a
    reconstruction). The side to move is the problem's words' or its table header's, else Black's.
    ``None`` when neither reads more."""
    if opening is not None and not any(d.code == "illegal-move" for d in opening.diagnostics):
        return None
    body = record.body
    said = first_mover(body)
    first = BLACK if said is None else said
    line = table_line(body, first)
    named = position_in_prose(body)
    inferred, _ = infer_setup(line, first) if line.moves else (None, set())
    candidates: list[tuple[Board, Diagnostic]] = []
    if named is not None:
        # Men where the words do not say kings; and, where they do not say which, crowned if the table's
        # moves take them backwards.
        kings = inferred.pieces() if inferred is not None else {}
        for board in dict.fromkeys([
                Board.from_pieces({s: (side, bool(king)) for s, (side, king) in named.items()}, first),
                Board.from_pieces({s: (side, bool(king) or king is None and kings.get(s) == (side, True))
                                   for s, (side, king) in named.items()}, first)]):
            candidates.append((board, Diagnostic("info", "setup-in-prose", "the moves start from the position the "
                                                 f"prose names: {board.fen()}", record.line, 1)))
    if inferred is not None and len(line.moves) >= SCORE:
        candidates.append((inferred, Diagnostic(
            "info", "setup-inferred", "no set-up is given and the moves do not start from the opening (the "
            "problem's diagram is not in the text): replayed on the smallest position its table's moves need, "
            f"{inferred.fen()}", *record.position(line.moves[0].start))))
    # The position the prose names first, then the table's: whichever reads the most moves. From each, the
    # moves named in prose, and the solution read as a score (a misprint in it repaired where it stands, "25-31"
    # for 25-30: as prose it is a word legal nowhere, and the moves after it are read for the wrong sides).
    readings = [(read(record, board, notation), board, diagnostic) for board, diagnostic in candidates
                for read in (decode_prose, decode_score)]
    if not readings:
        return None
    parsed, board, diagnostic = max(readings, key=lambda reading: _read(reading[0]))
    if parsed is None or _read(parsed) <= _read(opening):
        return None
    extra = CheckersExtra.of(parsed.extra)
    extra.pieces = {s: ("black" if side == BLACK else "white", king) for s, (side, king) in board.pieces().items()}
    extra.to_move = "black" if board.turn == BLACK else "white"
    parsed.diagnostics.insert(0, diagnostic)
    return parsed
