"""PDN movetext (``grammars/checkers_pdn.lark``): read, each move found on the board, written.

The tag pairs (``GameType``, ``FEN``, ``SetUp``, ``Result``) were read by the
record splitter; this reads what follows them: move numbers, moves,
comments, variations and the result. Moves carry a
:class:`~notation.rules.checkers.notations.base.SquareMove`; the side is left to the
replay (sides alternate from the FEN's side to move).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, cast

from lark import Token, Transformer, Tree, UnexpectedInput

from notation.boards.checkers import Board, Move, match_moves
from notation.details.checkers import CheckersExtra
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record, RecordSpan, SourceText
from notation.nesting import Nested, run_nested
from notation.parse import from_lark, load, span
from notation.records import BARE_TAG_PAIR
from notation.rules.checkers.notations.base import SquareMove, SquareNotation, squares_of

#: PDN results for English draughts: the first player (Black) is named first.
PDN_RESULTS = {"1-0": "1-0", "2-0": "1-0", "0-1": "0-1", "0-2": "0-1", "1/2-1/2": "1/2-1/2",
               "1-1": "1/2-1/2", "½-½": "1/2-1/2", "0-0": "0-0", "*": "*"}

#: PDN 3.0's results in 2-0 scoring (two points a win, one each a draw), the forms some federations' files print.
SCORED_RESULTS = ("2-0", "1-1", "0-2")


class _Variation:
    def __init__(self, elements: list[Any]) -> None:
        self.elements = elements


class PdnTransformer(Transformer):
    """Tree -> a flat list of moves, numbers, comments and nested variations."""

    def move(self, children: list[Token]) -> PrintedMove:
        token = children[0]
        text = str(token)
        joiner = "x" if "x" in text.lower() else "-"
        move = PrintedMove(text, *span(token),
                           fields=SquareMove(squares_of(text), joiner, None))
        move.annotations.extend("$" + str(c)[1:].lstrip() if str(c)[:1] == "$" else str(c) for c in children[1:])
        return move

    def move_number(self, children: list[Token]) -> tuple[str, Token]:
        return ("number", children[0])

    def comment(self, children: list[Token]) -> tuple[str, str, tuple[int, int]]:
        text = str(children[0])
        # Its words, with the file's line breaks (a writer's wrapping, not the note's) read as spaces.
        words = " ".join((text[1:-1] if text.startswith("{") else text[1:]).split())
        return ("comment", words, span(children[0]))

    def nag(self, children: list[Token]) -> tuple[str, str]:
        return ("nag", "$" + str(children[0])[1:].lstrip())

    def result(self, children: list[Token]) -> Token:
        return children[0]

    def variation(self, children: list[Any]) -> _Variation:
        return _Variation(children)

    def start(self, children: list[Any]) -> list[Any]:
        return children


def _line(elements: list[Any], comments: list[str], kept: list[tuple[int, int]]) -> tuple[PrintedLine, Token | None]:
    """The line of ``elements``, its variations nested under the moves they replace, and its result; the
    spans of its comments are added to ``kept``."""
    return run_nested(_nested_line(elements, comments, kept))


def _nested_line(elements: list[Any], comments: list[str], kept: list[tuple[int, int]], main: bool = True) -> Nested:
    # A nested call (notation.nesting): variations may nest deeper than Python's stack.
    line = PrintedLine()
    result: Token | None = None
    number: int | None = None
    dots = False
    for el in elements:
        if isinstance(el, PrintedMove):
            el.number = number
            if dots and not line.moves:
                line.start_side = "white"
            if number is not None and not line.moves:
                line.start_number = number
            number = None
            dots = False
            line.moves.append(el)
        elif isinstance(el, _Variation):
            sub, _ = yield _nested_line(el.elements, comments, kept, False)
            if line.moves:
                # A variation replaces the move before it.
                line.moves[-1].variations.append(sub)
            else:
                comments.append("a variation before any move was ignored")
        elif isinstance(el, Token) and el.type == "RESULT":
            result = el
        elif el[0] == "number":
            text = str(el[1])
            number = int("".join(ch for ch in text if ch.isdigit()))
            dots = text.count(".") >= 3
        elif el[0] == "comment":
            kept.append(el[2])
            if line.moves:
                previous = line.moves[-1]
                previous.comment = el[1] if previous.comment is None else f"{previous.comment} {el[1]}"
            else:
                line.comment = el[1] if line.comment is None else f"{line.comment} {el[1]}"
                if main:  # before the game's first move: the game's; a variation's opening note is its own
                    comments.append(el[1])
        elif el[0] == "nag" and line.moves:
            line.moves[-1].annotations.append(el[1])
    return line, result


#: A PDN result where the movetext may end (prose may be glued after it).
_RESULT = re.compile(r"(?<![\w/-])(?:1/2-1/2|½-½|[012]-[012]|\*)(?![\d/-])")


#: How PDN words a result the rules reach in the books' words ("B wins": Black, the first player, won).
BOOK_RESULT_PDN = {"B wins": "1-0", "W wins": "0-1", "Drawn": "1/2-1/2"}


class Pdn(SquareNotation):
    """Portable Draughts Notation movetext: ``1. 11-15 23-19 2. 8-11 22-17 1-0``."""

    name = "pdn"
    capture_mark = True

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's movetext; :class:`~notation.parse.ParseError` names the line, column and what was expected.

        Prose glued after the result (``1-0 Black won easily``, ``*Published in 1893``)
        is kept as a comment, with a note saying so.
        """
        try:
            elements, after = read_movetext(record.body)
        except UnexpectedInput as exc:
            raise from_lark(record, exc, what="the PDN movetext") from None
        # A comment before the tags (a file's opening remark, which the tag reader reads past) is the game's.
        comments = [" ".join(c.split()) for c in _COMMENT.findall(record.text[: record.body_start - record.start])]
        # A PDN comment is the annotator's text, as PGN's is: a move named in it ("{or 16-20}") is not hung as a
        # line of the game, which has its variations in brackets.
        extra = CheckersExtra()
        line, result = _line(elements, comments, extra.kept)
        parsed = ParsedRecord(record, "checkers", self.name, line, comments=comments, extra=extra)
        if after is not None:
            comments.append(record.body[after:].strip())
            at = after
            parsed.diagnostics.append(Diagnostic(
                "info", "text-after-result", "the text after the result is kept as a comment", *record.position(at)))
        if result is not None:
            parsed.result = PDN_RESULTS.get(str(result), str(result))
            parsed.result_span = span(result)
            CheckersExtra.of(parsed.extra).printed_result = str(result)
        return parsed

    def forms(self, position: Board, move: Move) -> list[str]:
        return list(dict.fromkeys([move.short(), str(move), f"{move.start}-{move.end}"]))

    def write_move(self, position: Board, move: Move) -> str:
        # The short form (end squares) when it is unambiguous here, else the full path.
        if len(match_moves(position.legal_moves(), [move.start, move.end])) == 1:
            return move.short()
        return str(move)

    def result_text(self, book_words: str) -> str:
        # PDN results are compared in PDN's own terms (2-0 scoring read as 1-0).
        return BOOK_RESULT_PDN.get(book_words, book_words)


_TRANSFORMER = PdnTransformer()
NOTATION = Pdn()


def read_movetext(body: str) -> tuple[list[Any], int | None]:
    """PDN movetext read (elements as the transformer gives them), and the offset where text glued after
    its result begins (``None``: nothing follows the result). ``UnexpectedInput`` where the text stops
    being PDN with no result before."""
    parser = load("checkers_pdn.lark", transformer=_TRANSFORMER)
    try:
        # The transformer runs inside the LALR parser: no tree is built.
        return cast(list[Any], parser.parse(body)), None
    except UnexpectedInput as exc:
        stop = getattr(exc, "pos_in_stream", None) or 0
        ends = [m.end() for m in _RESULT.finditer(body) if m.end() <= stop]
        if not ends:
            raise
        try:
            elements = cast(list[Any], parser.parse(body[:ends[-1]]))
        except UnexpectedInput:
            raise exc from None
        rest = body[ends[-1]:]
        return elements, ends[-1] + len(rest) - len(rest.lstrip())


def game_ends(body: str, move_words: Callable[[str], Sequence[object]]) -> list[int]:
    """Offsets in a PDN body where one game ends and the next, tagless, begins: text after a game's
    result with words that read as moves in some notation (``move_words``: another game's
    ``1. 9-14 22-18``, chess's ``P-K4``) is a record of its own, read by the family its words belong
    to; prose (``1-0 Black won easily``) stays the game's, kept as a comment."""
    ends: list[int] = []
    at = 0
    while True:
        rest = body[at:]
        results = list(_RESULT.finditer(rest))
        if not results or len(results) == 1 and results[0].end() == len(rest.rstrip()):
            return ends  # nothing after the only result (the common case, and no parsing)
        try:
            after = read_movetext(rest)[1]
        except UnexpectedInput:
            return ends
        if not after or not move_words(rest[after:]):
            return ends
        at += after
        ends.append(at)


def looks_like_pdn(text: str) -> bool:
    """Whether text reads as PDN movetext with at least one numbered move (used to identify untagged records)."""
    try:
        tree = load("checkers_pdn.lark").parse(text)
    except UnexpectedInput:
        return False
    kinds = {t.data for t in tree.iter_subtrees() if isinstance(t, Tree)}
    return "move" in kinds and "move_number" in kinds


def split_pdn(source: SourceText, move_words: Callable[[str], Sequence[object]]) -> list[RecordSpan]:
    """Split a PDN file into games, also where a result is glued to the next game's first tag (``1-0[Event``).

    A game starts at a tag pair that follows movetext; braces are skipped, so
    a ``[`` inside a comment starts nothing; and at moves after a game's result (:func:`game_ends`).
    Nothing is lost: every character belongs to one record.
    """
    text = source.text
    starts: list[int] = []
    seen_moves = True  # the first tag block starts a game
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif depth == 0 and ch == "[" and (_is_tag_at(text, i) or (not seen_moves and _bare_tag_at(text, i))):
            # a tag pair whose value is not in quotes ([Round 3]) is one among a block's tags, never its first
            if seen_moves:
                starts.append(i)
                seen_moves = False
            i = _tag_end(text, i)
            continue
        elif depth == 0 and ch == "%" and (i == 0 or text[i - 1] == "\n"):
            # PGN's escape line (a program's remark, "%" in the first column), which PDN keeps: read past
            line_end = text.find("\n", i)
            i = len(text) if line_end < 0 else line_end
            continue
        elif depth == 0 and not ch.isspace():
            seen_moves = True
        i += 1
    tags_at = {start: start for start in starts}  # where a record's tag pairs begin
    if starts and _COMMENTS_ONLY.fullmatch(text[: starts[0]]):
        # A comment before the first tags (a file's opening remark) goes with the first game.
        tags_at = {0: starts[0], **{start: start for start in starts[1:]}}
        starts[0] = 0
    elif not starts or text[: starts[0]].strip():
        starts.insert(0, 0)
        tags_at[0] = 0
    spans: list[RecordSpan] = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        tag_end = tags_at[start]
        while True:
            j = tag_end
            while j < end and (text[j].isspace() or (text[j] == "%" and (j == 0 or text[j - 1] == "\n"))):
                j = text.find("\n", j) if text[j] == "%" and text.find("\n", j) >= 0 else j + 1  # escape lines too
            if j < end and text[j] == "[" and (_is_tag_at(text, j) or _bare_tag_at(text, j)):
                tag_end = min(_tag_end(text, j), end)
            else:
                break
        for cut in game_ends(text[tag_end:end], move_words):
            spans.append(RecordSpan(start, tag_end, tag_end + cut))
            start = tag_end = tag_end + cut
        spans.append(RecordSpan(start, tag_end, end))
    return spans


#: Text of nothing but comments in braces, escape lines and white space: ``{Collected by ...}``.
_COMMENTS_ONLY = re.compile(r"\s*(?:(?:\{[^{}]*\}|(?<![^\n])%[^\n]*)\s*)*")
#: A comment in braces.
_COMMENT = re.compile(r"\{([^{}]*)\}")


def _is_tag_at(text: str, i: int) -> bool:
    """Whether a PDN tag pair (``[Name "value"]``, perhaps never closed) starts at offset ``i``."""
    j = i + 1
    if j >= len(text) or not text[j].isalpha():
        return False
    while j < len(text) and (text[j].isalnum() or text[j] in "_+#=:-"):
        j += 1
    while j < len(text) and text[j] in " \t":
        j += 1
    return j < len(text) and text[j] == '"'


def _bare_tag_at(text: str, i: int) -> bool:
    """Whether a tag pair whose value is not in quotes (``[Round 3]``), closed on its line, starts at ``i``."""
    return BARE_TAG_PAIR.match(text, i) is not None


def _tag_end(text: str, i: int) -> int:
    """Where the tag pair starting at ``i`` ends: after its ``]`` on the same line (a value never
    spans lines), else at the end of the line: a tag left open takes no more than its own line, so the
    games after it are still split off (its record is reported where the tag block stops)."""
    closed = _CLOSED_TAG.match(text, i) or BARE_TAG_PAIR.match(text, i)
    if closed is not None:
        return closed.end()
    line_end = text.find("\n", i)
    return len(text) if line_end < 0 else line_end


#: A tag pair closed on its line: name, then the value as ``records.lark``'s ``STRING`` reads it, then ``]``.
_CLOSED_TAG = re.compile(r'\[[^"\n]*"(?:\\.|[^"\\\n]|"(?![ \t]*\]))*"[ \t]*\]')
