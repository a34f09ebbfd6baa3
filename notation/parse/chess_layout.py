"""Book layouts of a chess game, shared by the English descriptive and German notations.

The grammar (``grammars/chess_layout.lark``) reads one paragraph at a time.
A paragraph the grammar cannot start is the author's prose, kept as a
comment on the move before it. A word inside a move paragraph that fits no
move is kept as an *unreadable move* (its text, where it stands), so the
replay can report it with the nearest legal readings instead of losing the
record.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, is_dataclass, replace
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer, Tree, UnexpectedInput, v_args

from notation.details.chess import ChessExtra
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record, printed_moves
from notation.parse import (
    FOOTNOTE_SIGNS,
    HEADING_DASH,
    HYPOTHETICAL,
    LABEL_BEFORE,
    NOTE_LABEL,
    SIGN_LABEL,
    SIGN_NOTE,
    STOPPED_LABEL,
    SUPPOSING,
    ParseError,
    bare_marks,
    footnote_signs,
    from_lark,
    label_carried,
    label_key,
    next_turn,
    sign_order,
    span,
    stopped_labels,
    weighed,
)
from notation.parse.chess_descriptive_words import ORDINAL_NUMBERS
from notation.parse.chess_text_setup import without_setups
from notation.parse.lalr import Checkpoint, attempt, stop

#: Stands in for a word no move reading fits; same length as the word so offsets hold.
UNREADABLE_CHAR = "\ufffd"
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_NO_MOVE_BEGINS = "no move reading begins the line"
#: Words a stretch of moves may hold that read as no move, before it is taken for prose: twelve,
#: or one word in six of a long line (a page of OCR text run into one line of 1,500 characters
#: has more damaged words than a short one, and as many more moves).
_MAX_UNREADABLE = 12
_UNREADABLE_SHARE = 6


def _most_unreadable(text: str) -> int:
    return max(_MAX_UNREADABLE, len(text.split()) // _UNREADABLE_SHARE)


@dataclass
class Unreadable:
    """A word where a move should be that the grammar could not read."""

    reason: str


@dataclass
class _Number:
    number: int
    black: bool
    at: int = -1  # offset in the body
    mark: str = ""  # "1)" after a move on its line: a note's mark where the count says it numbers no move


@dataclass
class _Fraction:
    number: int
    at: int = -1  # offset in the body


@dataclass
class _Segment:
    items: list[Any]
    fraction: tuple[list[Any], list[_Fraction], list[Any]] | None = None


@dataclass
class _Between:
    """A line that is the author's words between moves ("h7h6? Wozu? Schwarz verliert lediglich ein
    Tempo. 9. Tf1-e1", "... erhalten. 28. Lc4-e6", "... gewandelt wäre. 35."): the moves before the
    words (``head``, maybe none), the words, and the moves after them (``tail``), each
    ``(start, end, items)``; ``reason``: why the line is prose if the moves are not the score's."""

    head: tuple[int, int, list[Any]] | None
    words: tuple[int, int]
    tail: tuple[int, int, list[Any]] | None
    reason: str
    #: Whether the line stands in a note whose label a move of the score carries (:func:`label_carried`): its
    #: moves are that note's, never the score going on.
    carried: bool = False

    def goes_on(self, main: PrintedLine, awaiting: _Number | None) -> bool:
        """Whether the moves are the score's: the tail's first number is the move the score comes to
        after the head (a note's "28. Lc4-d5" in place of the game's 28th would not come next); with
        no tail, the head is the move a number alone just above awaits ("16." over "Dd8-16? Ein
        arger Fehler. ...")."""
        if self.tail is None:
            return awaiting is not None and self.head is not None
        number, side = _turn_after(main.moves)
        if number is None:
            return False
        for item in (x for seg in (self.head[2] if self.head else []) if isinstance(seg, _Segment)
                     for x in seg.items):
            if isinstance(item, _Number):
                number, side = item.number, "black" if item.black else "white"
            elif isinstance(item, PrintedMove) and not isinstance(item.fields, Unreadable):
                number, side = next_turn(number, side)
        first = self.tail[2][0] if self.tail[2] else None
        if not isinstance(first, _Segment) or not first.items:
            return False
        head = first.items[0]
        if not isinstance(head, _Number) or head.number != number:
            return False
        # A number alone is the reply's, printed again over it ("... gewandelt wäre. 35."); a number with
        # its move is that side's ("28. Lc4-e6" for White's 28th, not a note's "2. d2-d4" for Black's 2nd).
        alone = len(first.items) == 1 and len(self.tail[2]) == 1
        return alone or (side == "black") == head.black

    def blocks(self):
        if self.head is not None:
            yield self.head
        yield self.words[0], self.words[1], self.reason
        if self.tail is not None:
            yield self.tail


@dataclass
class _InSentence:
    """Moves inside the author's sentence ("Steinitz führt danach das Spiel mit 17. Tal-el, Lc8-d7;
    ...", "Anderssen spielt 16. ..., Lc8-b7.", "Falls Lh3:, so 51. Tf1-f6!, Lh3f5; 52. ..."): his
    note's, never the score going on. ``goes_on``: the note's moves in the same sentence just before
    were read as a variation, which these may go on."""

    items: list[Any]
    goes_on: bool = False

    def goes_back(self, main: PrintedLine, recent: PrintedLine | None = None) -> bool:
        """Whether they are a variation: they begin at a move the score has made (an alternative to it);
        or, printed with no number ("Falls Lh3:, so ..."), they are an alternative to the score's last
        move (numbered as it is, here); or they go on the variation the sentence began ("51. Tf1-f6!,
        Lh3f5; 52. Tf6-f5:!" after "Falls Lh3:, so"). Else they are the note's words, prose."""
        last = main.moves[-1] if main.moves else None
        if last is None or last.number is None or last.side is None:
            return False
        first = self.items[0] if self.items else None
        if isinstance(first, _Segment) and first.fraction is None and first.items \
                and isinstance(first.items[0], PrintedMove):
            first.items.insert(0, _Number(last.number, last.side == "black", first.items[0].start))
            return True
        turn = _first_turn(self.items)
        if turn is None:
            return False
        tail = recent.moves[-1] if self.goes_on and recent is not None and recent.moves else None
        if tail is not None and tail.number is not None \
                and next_turn(tail.number, tail.side) == (turn[0], "black" if turn[1] else "white"):
            return True
        return turn <= (last.number, last.side == "black")

    def opens(self, main: PrintedLine, opened: bool) -> bool:
        """Whether they are the score: with none read yet, they begin at move 1 ("In this position White
        plays 1. R-R7, K-Kt1; 2. K-Kt6, ...", an example's solution told in a sentence); or the sentence's
        moves before them began the score (``opened``) and they go on from its last move."""
        turn = _first_turn(self.items)
        if turn is None:
            return False
        if not main.moves:
            return turn[0] == 1
        number, side = _turn_after(main.moves)
        return opened and (number, side) == (turn[0], "black" if turn[1] else "white")


_LEADING_IN = "the author's words leading in to the moves"
IN_SENTENCE = "moves inside the author's sentence, ahead of the score (his note's)"
AFTER_RESULT = "the author's words after the game's result, not the score going on"


def _number_alone(body: str, start: int, end: int, items: Any) -> _Number | None:
    """The move number of a block that is that number alone on its line ("26."), else ``None``."""
    line_start, line_end = body.rfind("\n", 0, start) + 1, body.find("\n", end)
    if body[line_start:start].strip() or body[end:line_end if line_end >= 0 else len(body)].strip():
        return None
    if isinstance(items, list) and len(items) == 1 and isinstance(items[0], _Segment) \
            and items[0].fraction is None and len(items[0].items) == 1 and isinstance(items[0].items[0], _Number):
        return items[0].items[0]
    return None


def _turn_after(moves: list[PrintedMove]) -> tuple[int | None, str | None]:
    """The number and side of the move after ``moves``, counted from the last one printed with both."""
    for k in range(len(moves) - 1, -1, -1):
        if moves[k].number is not None and moves[k].side is not None:
            number, side = moves[k].number, moves[k].side
            for _ in moves[k:]:
                number, side = next_turn(number, side)
            return number, side
    return None, None


class LayoutTransformer(Transformer):
    """Turns a paragraph tree into segments; subclasses turn each ``move`` into fields."""

    def __init__(self, text: str, base: int) -> None:
        super().__init__()
        self.text = text
        self.base = base

    # -- layout ------------------------------------------------------------

    def start(self, children: list[Any]) -> Any:
        return children[0]

    def paragraph(self, children: list[Any]) -> list[Any]:
        return [c for c in children if not isinstance(c, Tree) or c.data != "header"]

    def header(self, children: list[Any]) -> Tree:
        return Tree("header", [])

    def sequence(self, children: list[Any]) -> _Segment:
        return _Segment(children)

    def fraction(self, children: list[Any]) -> _Segment:
        first = children[0] if isinstance(children[0], _Segment) else _Segment([])
        numbers = [c for c in children if isinstance(c, _Fraction)]
        rest = children[-1] if isinstance(children[-1], _Segment) and children[-1] is not first else None
        rows = first.items + (rest.items if rest else [])
        if not first.items or any(isinstance(x, _Number) or x == "placeholder" for x in rows) \
                or any(b.number != a.number + 1 for a, b in zip(numbers, numbers[1:])):
            # No row of White's moves over the numbers ("1. ------- P-K4": Black to move), numbers in the
            # rows, or numbers that do not go on one by one ("4. ----   4. ----", "4. ----   9. ----":
            # lines printed side by side): no one line's fractions. Each number is one with the move not
            # printed on it, and the moves stay in the text's order (the columns' reading).
            bars = [x for n in numbers for x in (_Number(n.number, False, n.at), "placeholder")]
            return _Segment(first.items + bars + (rest.items if rest else []))
        return _Segment([], (first.items, numbers, rest.items if rest else []))

    @v_args(inline=True)
    def move_number(self, token: Token) -> _Number:
        digits = re.match(r"\d+", str(token))
        at = span(token)[0]
        after_move = str(token).endswith(")") and self.text[self.text.rfind("\n", 0, at) + 1:at].strip() != ""
        # (Black's dots spaced or not: "5...", "5. ..", "5. . . .")
        return _Number(int(digits.group()) if digits else 0, "".join(str(token).split()).endswith(("..", "…")),
                       self.base + at, str(token) if after_move else "")

    @v_args(inline=True)
    def fraction_number(self, token: Token) -> _Fraction:
        return _Fraction(int(re.match(r"\d+", str(token)).group()), self.base + span(token)[0])  # type: ignore[union-attr]

    def placeholder(self, children: list[Any]) -> str:
        return "placeholder"

    @v_args(inline=True)
    def remark(self, token: Token) -> tuple[str, str, int]:
        if token.type in ("SHORTHAND", "STALEMATE"):  # "any; 2. Q mates.", "3. K-Kt6, stalemate.": claims
            return ("claim", " ".join(str(token).split()), self.base + span(token)[0])
        if token.type == "STRAY_BRACKET":  # a bracket that pairs with none: said (stray_bracket), no remark
            return ("stray", str(token), self.base + span(token)[0])
        return ("remark", str(token).removesuffix("."), self.base + span(token)[0])

    @v_args(inline=True)
    def variation_intro(self, token: Token) -> tuple[str, str, int]:
        return ("variation", str(token), self.base + span(token)[0])

    @v_args(inline=True)
    def result(self, token: Token) -> tuple[str, str, int]:
        words = result_words(str(token))  # (its span from its first word: an e-text's mark before it is none)
        return ("result", words, self.base + span(token)[0] + str(token).index(words))

    def alternative(self, children: list[Any]) -> tuple[str, PrintedMove]:
        move = children[1]
        move.annotations = [str(c) for c in children[2:]]
        return ("or", move)

    def annotated(self, children: list[Any]) -> PrintedMove:
        move = children[0]
        move.annotations = [str(c) for c in children[1:]]
        return move

    def UNREADABLE(self, token: Token) -> PrintedMove:  # noqa: N802 - terminal callback
        begin, end = span(token)
        return PrintedMove(self.text[begin:end], self.base + begin,
                           self.base + end, Unreadable("no move reading fits this text"))

    # -- moves: subclasses implement `fields` for their `move` tree -------

    def move(self, children: list[Any]) -> PrintedMove:
        fields = self.fields(children)
        meta_start = min(span(c)[0] for c in tokens_of(children))
        meta_end = max(span(c)[1] for c in tokens_of(children))
        return PrintedMove(self.text[meta_start:meta_end].strip(), self.base + meta_start,
                           self.base + meta_end, fields)

    def fields(self, children: list[Any]) -> Any:
        raise TypeError(f"{type(self).__name__} must read its notation's moves")


def tokens_of(children: list[Any]):
    """Every token of a transformer's children, those inside subtrees too, in order."""
    for c in children:
        if isinstance(c, Token):
            yield c
        elif isinstance(c, Tree):
            yield from c.scan_values(lambda v: isinstance(v, Token))


#: An assessment printed in brackets after a move, as books print it: "(!)", "(?)", "(!?)".
_GLYPH_IN_BRACKETS = re.compile(r"\(\s*([!?]{1,2})\s*\)")


def parse_book(record: Record, family: str, notation: str, grammar: str,
               transformer: Callable[[str, int], LayoutTransformer]) -> ParsedRecord:
    """Read a record body laid out as a book prints it: paragraphs of moves and prose."""
    parser: Lark = _parser(grammar)
    body = without_setups(record.body)
    # PGN's "*" (the game goes on) as the last word of the text ("1. e2-e4 e7-e5 *"): the score's end, read
    # here, on the whole text, not by the grammar, whose parts of a text end anywhere: a footnote's star in
    # a book ("Kt. to Q. B. 3. *" over its note) is none.
    star = _UNFINISHED.search(body)
    if star is not None:
        body = body[:star.start()] + " " + body[star.start() + 1:]
    main = PrintedLine()
    extra = ChessExtra()
    parsed = ParsedRecord(record, family, notation, main, extra=extra)
    current = main
    last_move: PrintedMove | None = None
    variations: list[tuple[PrintedLine, PrintedMove]] = []
    prose = extra.prose
    pending: PrintedLine | None = None
    remarks: list[Any] = []
    headers = [(m.start(), (m.start("white") + m.start("black")) // 2 - m.start())
               for m in _COLUMN_HEADERS.finditer(body)]
    after_prose = False
    column: list[int] = []  # the numbers of Black's moves still to come in a column printed after White's
    recent: PrintedLine | None = None  # the variation read last
    within: list[tuple[PrintedLine, PrintedLine]] = []  # a note, and the variation read before it
    awaiting: _Number | None = None  # a move number alone, printed over its move ("26." / "Se7-g6")
    first_alone = False  # the score's first move has its number alone above it
    in_note = [False]  # the block is the note's moves going on the variation its sentence began
    placed = [False]  # the block before was moves of the author's sentence read as a variation
    scored = [False]  # the block before was moves of the author's sentence read as the score
    # The author's words read last, if the block before was prose: the move they went on (or None: the record's),
    # that move's comment before them, the words, and where they end (a note's words that lead into its moves)
    lead: tuple[PrintedMove | None, str | None, str, int] | None = None
    noted: dict[int, tuple[PrintedMove, str]] = {}  # a paragraph of prose, by where it begins: the move it is the note on
    labelled = False  # the prose read last opened with a note's label that marks a move of the score ("(b) ...")

    def blocks():
        for start, end, items in _blocks(parser, record, body, transformer):
            if isinstance(items, list):
                items = _stopped_label(body, items)  # ("2. Capablanca's ...": the note's label, no row's number)
            in_note[0], before, opened = False, placed[0], scored[0]
            placed[0] = scored[0] = False
            if isinstance(items, _Between):
                # The author's words between two stretches of the score on one line: the moves after
                # them are the score's when their number is the one it comes to next, else all is prose.
                # After the game's printed result the score has ended: a move in a sentence there is the
                # author's remark ("Thanks. Next time 8. Kt-QB3."), never the game's next move.
                if pending is None and not items.carried and items.goes_on(main, awaiting):
                    if parsed.result is None:
                        yield from items.blocks()
                        continue
                    items = AFTER_RESULT
                else:
                    items = items.reason
            elif isinstance(items, _InSentence):
                # (Only a variation the same sentence began just before goes on: not one read earlier.)
                items.goes_on = items.goes_on and before
                note = pending is None and items.goes_back(main, recent)
                score = not note and pending is None and items.opens(main, opened)
                in_note[0], placed[0], scored[0] = note and items.goes_on, note, score
                items = items.items if note or score else IN_SENTENCE
            if isinstance(items, list):
                # (Each line a number takes back to after a mate its own block: a move the main line has made.)
                for part in _after_mates(items):
                    yield start, end, part
                continue
            yield start, end, items

    for start, end, items in blocks():
        number_alone = _number_alone(body, start, end, items)
        if number_alone is not None:
            awaiting = number_alone
            continue
        if awaiting is not None and not isinstance(items, str):
            first = items[0] if items else None
            if isinstance(first, _Segment) and first.fraction is None and first.items \
                    and isinstance(first.items[0], PrintedMove):
                first.items.insert(0, awaiting)  # the number is its move's
                first_alone = first_alone or not main.moves
        awaiting = None
        if isinstance(items, str):  # prose: the author's note on the move before it
            after_prose = True
            prose.append((start, end, items, move_like_words(parser, body[start:end])))
            note = " ".join(body[start:end].split())
            if RUNNING_HEAD.fullmatch(note):
                continue  # (a page's running head between the rows, "48  THE CHESS TOURNAMENT.": the page's, no note)
            # A note labelled as a move of the score is marked ("B-Kt5 (a)" ... "(a) This is already an inferior
            # move."): the note on that move, wherever the notes are printed (under the score, most often).
            marked = marked_move(main, body, note, start)
            on = marked or last_move
            lead = (on, on.comment if on is not None else None, note, end)
            # (A note of its own label, "(b) ...", on a move of the score: its moves are no variation read before.)
            labelled = marked is not None
            if on is not None:
                on.comment = f"{on.comment}\n\n{note}" if on.comment else note
                noted[start] = (on, note)
            else:
                parsed.comments.append(note)
            continue
        led, lead = lead, None
        current = pending or main
        last = main.moves[-1] if main.moves else None
        if current is main and _without_numbers(items) and (column or after_prose and _white_column(main)):
            # The two columns printed one after the other (White's numbered moves, "BLACK", then
            # Black's moves without numbers): each of Black's goes after White's move of its number.
            # A word of no letter beside a move is a footnote mark ("Kt to K B 3 '"), not a move.
            if not column:
                run = _white_column(main)
                column = list(range(run[0].number or 1, (run[-1].number or 1) + 1))
            for move in (x for seg in items for x in seg.items if isinstance(x, PrintedMove)):
                if not column:
                    break
                if isinstance(move.fields, Unreadable) and not any(c.isalpha() for c in move.text):
                    continue
                move.number, move.side = column.pop(0), "black"
                # After White's move of its number; where the column lost that one, before the next.
                at = next((k for k in range(len(main.moves) - 1, -1, -1)
                           if (main.moves[k].number or 0) <= move.number), -1)
                main.moves.insert(at + 1, move)
            continue
        column = []
        if after_prose and current is main and last is not None and last.number is not None \
                and _unnumbered_moves(items):
            # Moves with no number after the author's prose, in a numbered score, are his list of
            # alternatives to the next move ("Now he may protect it ... by / P. to K. B.'s 3rd
            # (which is bad). / K. B. to Q.'s 3rd (which is bad also)."): one alternative a line.
            for alternative in _alternatives_by_line(parser, body, items, remarks, prose):
                number, side = next_turn(last.number, last.side)
                for m in alternative.moves:
                    m.number, m.side = number, side
                    number, side = next_turn(number, side)
                variations.append((alternative, last))
            continue
        after_prose = False
        if len(items) == 1 and isinstance(items[0], tuple) and items[0][0] == "variation" and not main.moves:
            # An introduction above the first move ("Or," over a score of its own): the record's heading.
            parsed.comments.append(items[0][1].strip())
            continue
        if len(items) == 1 and isinstance(items[0], tuple) and items[0][0] == "variation" and main.moves:
            # An introduction standing alone: the blocks after it are the alternative.
            intro = items[0][1]
            pending = PrintedLine(label=intro.strip(), start_number=_ordinal(intro))
            variations.append((pending, main.moves[-1]))
            continue
        turn = _first_turn(items)
        last = main.moves[-1] if main.moves else None
        if turn and last is not None and turn == (last.number, False) and last.side == "white":
            # White's number again under White's move: Black's reply, its number repeated as the
            # two columns print it ("| 2. K.'s Kt. to B.'s 3rd. |" ... "| 2. P. to Q.'s 3rd. |").
            # (The number _first_turn read: after a note's label heading the block, "(1) 2. ...", it is not the first.)
            next(x for x in items[0].items if isinstance(x, _Number)).black = True
        elif turn and last is not None and last.number is not None and last.side is not None \
                and (turn <= (last.number, last.side == "black") or in_note[0]):
            # A paragraph that begins at a move the main line has already made is a note
            # on that move (an alternative), not more main line: "2...Kt-B3" after "2. ... Kt-QB3";
            # or, when it begins at the very move the variation read last comes to next, that
            # variation going on after the author's words.
            tail = recent.moves[-1] if recent is not None and recent.moves else None
            own_label = labelled or marked_move(main, body, body[start:end].lstrip(), start) is not None
            if recent is not None and tail is not None and tail.number is not None and not own_label \
                    and next_turn(tail.number, tail.side) == (turn[0], "black" if turn[1] else "white"):
                # (Not after a note's own label: "(b) 9 ... Kt to B 4" after note (a)'s line ending at White's 9th
                # is note (b)'s, on the move its label marks.)
                current = recent
            else:
                current = PrintedLine(label=f"from {turn[0]}{'...' if turn[1] else '.'}")
                if recent is not None:
                    within.append((current, recent))
                variations.append((current, last))
                if led is not None and led[0] is not None and "\n\n" not in body[led[3]:start].replace(" ", ""):
                    # The note's words that lead into its moves in one paragraph ("(a) If 5. ..., P-Q4; 6. PxP."):
                    # its line's opening note, on the move the line replaces, not the comment of the move read last
                    # (the game's last, where the notes follow the score). Only its last sentence leads in: the
                    # words before it are the note on that move ("Nach Anderssen der einzig richtige Zug, ... ob
                    # dies gerathen ist. Anderssen spielt 10. ..., a7-a6.").
                    leading = _SENTENCE_END.split(led[2])[-1]
                    before = led[2][:len(led[2]) - len(leading)].rstrip()
                    led[0].comment = f"{led[1]}\n\n{before}" if led[1] and before else led[1] or before or None
                    current.comment = leading
        for item in items:
            if isinstance(item, tuple) and item[0] == "variation":
                current = PrintedLine(label=item[1].strip(), start_number=_ordinal(item[1]))
                if not main.moves:
                    raise ParseError(record, item[2], "an alternative before any move of the main line")
                variations.append((current, main.moves[-1]))
            elif isinstance(item, tuple) and item[0] == "result" and current is not main and current.moves \
                    and placed[0]:
                # "(a) If 12. KtxP, PxKt; 13. PxKP, Kt-Kt5 and wins.": the verdict ends the note's line (the author's
                # words make it a note's), not the game: the note on the line's last move (the side that made it
                # wins), never the game's result. (A line read as a variation by its numbers alone may yet be the
                # game's, as the decoder reads it: its result is left the game's.)
                end = current.moves[-1]
                end.comment = f"{end.comment} {item[1]}" if end.comment else item[1]
            elif isinstance(item, tuple) and item[0] == "result":
                parsed.result = item[1]
                parsed.result_span = (item[2], item[2] + len(item[1]))
            elif isinstance(item, tuple) and item[0] in ("remark", "claim", "stray"):  # after the result: on the last move
                remarks.append((item, current.moves[-1] if current.moves else last))
            elif isinstance(item, _Segment):
                _black_column(body, item, headers)
                _append_segment(current, item, remarks)
        if current.moves:
            last_move = current.moves[-1]
        elif main.moves:
            last_move = main.moves[-1]
        if current is not main and current.moves:
            recent = current
        # (The label has spoken for the moves read after it: the note's rows that read on from its line's last move
        # in a paragraph of their own, "(a) If 9. ... b5" / "10. Bd3 a6", go on with its line.)
        labelled = False
    for (kind, text, at), before in remarks:
        if kind == "stray":
            parsed.diagnostics.append(stray_bracket(text, *record.position(at)))
            continue
        glyph = _GLYPH_IN_BRACKETS.fullmatch(text)
        if glyph is not None and before is not None:  # "(!)", "(?)": the annotator's mark on the move before it
            before.annotations.append(glyph.group(1))
            continue
        if kind == "claim" and before is not None:  # a problem's solution after its key move, checked by the replay
            before.comment = f"{before.comment} {text}" if before.comment else text
            continue
        if kind == "aside" and before is not None:  # the author's words after the moves of a line
            before.comment = f"{before.comment} {text}" if before.comment else text
            # (A sentence after the line's last move may name moves, :func:`_sentence_after_line`: said, never lost.)
            named = move_like_words(parser, text)
            prose.append((at, at + len(text), "the author's sentence after the last move of its line" if named
                          else "it follows the moves of its line and names no move", named))
            continue
        threat = _bracketed_threat(parser, text, at, transformer) if before is not None else None
        if threat is not None and before is not None:
            # "1. K-Kt3! (threat: 2. R-Q sq mate)": the move the key threatens, checked as the author's sentence's
            # threat is (:func:`_sentence_after_line`); the words stay the move's remark.
            before.threat = threat
            note = " ".join(text[1:-1].split())
            before.comment = f"{before.comment} {note}" if before.comment else note
            continue
        line = _remark_line(parser, record, text, at, transformer, prose)
        if line is not None and line.moves and before is not None:
            variations.append((line, before))  # an alternative in brackets
            continue
        # (Its words that read as moves are said, never dropped: "[If 3. ... P to K 5th, then 4. P to Q 4th.]".)
        words = move_like_words(parser, text)
        if words:
            prose.append((at, at + len(text), "a remark in brackets, not a line of moves alone", words))
        if before is not None:  # the author's remark on the move before it
            note = " ".join(text[1:-1].split())
            before.comment = f"{before.comment} {note}" if before.comment else note
        elif not _NOTE_LABEL.fullmatch(text):  # ("(a)" opening a note is its label: the note says it, as its mark)
            parsed.comments.append(" ".join(text[1:-1].split()))
    hosts = {id(line): _move_at(variation, line) for line, variation in within}
    for line, fallback in variations:
        host = hosts.get(id(line))
        if host is not None:
            # The variation read just before has that move too: the note is on its move ("(A.)"
            # under a variation that begins at White's 4th, for its Black 5th), not the main line's.
            host.variations.append(line)
        else:
            _attach(main, line, fallback)
    if parsed.result is None and main.moves and star is not None:
        parsed.result, parsed.result_span = "*", (star.start(), star.start() + 1)
    if parsed.result is None and main.moves:
        _result_after(parser, body, parsed, prose)
        _not_a_note(body, parsed, noted)
    # The text above the first move is the game's heading (players, occasion, odds given).
    heading = body[:main.moves[0].start] if main.moves else ""
    if re.search(r"[^\W\d_]", heading):  # words, not a move number alone
        extra.headings = [(0, heading)]
    if first_alone:
        _black_first(main)
    _footnote_marks(body, main)
    _in_printed_order(record, parsed, main)
    _say_confusions(record, parsed, main)
    return parsed


#: The run of footnote signs at a move's end ("P to B 4†", "P to B 4 ††").
_SIGNS_ENDING = re.compile(rf"[ \t]*([{FOOTNOTE_SIGNS}]+)$")


def _footnote_marks(body: str, main: PrintedLine) -> None:
    """A dagger the grammar read as a move's check ("P to B 4†") that a note under the score opens with ("† Black
    has ...", :func:`notation.parse.footnote_signs`) is that note's mark: the move's annotation, no check claimed."""
    signs = footnote_signs(body)
    if not any(set(sign) & {"†", "‡"} for sign in signs):
        return  # (a star or a section sign is never read as a check)
    for pm in printed_moves(main):
        run = _SIGNS_ENDING.search(pm.text)
        fields = pm.fields
        if run is not None and run[1] in signs and is_dataclass(fields) and not isinstance(fields, type) \
                and getattr(fields, "check", False) | getattr(fields, "mate", False):
            pm.fields = replace(fields, check=False, mate=False)
            pm.annotations.append(run[1])


_BRACKETS = {"}": "closes no comment", "]": "closes no tag", "[": "opens no tag"}


def stray_bracket(text: str, line: int, column: int) -> Diagnostic:
    """A PGN ``}``, ``]`` or ``[`` among the moves that closes or opens nothing (a damaged file's), said where it
    stands, in every notation that reads past it (SAN's grammar and the layout's ``STRAY_BRACKET``)."""
    return Diagnostic("error", "stray-bracket", f"a {text!r} that {_BRACKETS[text]}: read past (the moves around "
                      "it are read)", line, column)


def result_words(result: str) -> str:
    """A result's words as printed, without the e-text's marks of italics or bold the grammar's RESULT reads
    around them ("_Resigns._", "=Drawn.=")."""
    return result.strip().strip("_=").strip()


#: PGN's "*" as the last word of a text.
_UNFINISHED = re.compile(r"(?<!\S)\*\s*\Z")


def _result_after(parser: Lark, body: str, parsed: ParsedRecord, prose: list) -> None:
    """The result the author's words print just after the main line's last move, as a sentence of
    their own ("And White resigned.", "And wins.", "Weiß gibt auf."): the grammar's RESULT read at
    the start of the first paragraph of prose after the last move (a mark of OCR before it aside)."""
    pattern = re.compile(parser.get_terminal("RESULT").pattern.to_regexp())
    last = parsed.line.moves[-1].end
    after = sorted(p for p in prose if p[0] >= last)
    if not after:
        _result_ending_the_score(pattern, body, parsed)
        return
    start, end = after[0][0], after[0][1]
    lead = _LEAD_MARK.match(body, start, end)
    found = pattern.match(body, lead.end() if lead else start, end) \
        or _GAME_WAS_DRAWN.match(body, lead.end() if lead else start, end)
    if found is not None and not body[found.end():end].strip()[:1].isalpha() or found is not None \
            and body[found.end() - 1] == ".":
        parsed.result = result_words(found.group())
        parsed.result_span = (found.start(), found.end())
    elif (closing := _closing_result(pattern, body, after)) is not None:
        # The notes under the score, then the game's end told in a paragraph of its own, the record's last ("And
        # the game was drawn on the 40th move."): the game's result, no note's words.
        parsed.result, parsed.result_span = result_words(body[closing[0]:closing[1]]), closing
        said = " ".join(parsed.result.split())
        for pm in printed_moves(parsed.line):
            if pm.comment and said in pm.comment:
                pm.comment = " ".join(pm.comment.replace(said, " ").split()) or None
    else:
        _result_ending_the_score(pattern, body, parsed)


def _closing_result(pattern: re.Pattern[str], body: str, prose: list) -> tuple[int, int] | None:
    """Where the record's last paragraph is a result told whole, and nothing else ("And the game was drawn on
    the 40th move.", "Nach dem 40. Zuge wurde die Partie remis gegeben.", "White resigns."), below the notes."""
    if not prose:
        return None
    start = body.rfind("\n\n", 0, len(body.rstrip())) + 2
    text = body[start:].strip()
    if not text or start < prose[0][0]:
        return None
    at = start + body[start:].index(text[0])
    found = pattern.fullmatch(body, at, at + len(text)) or _GAME_WAS_DRAWN.fullmatch(body, at, at + len(text))
    if found is None and (lead := _LEAD_WORDS.match(body, at, at + len(text))) is not None:
        # ("And after a long struggle Black won.": a few words of no move before the result.)
        found = pattern.fullmatch(body, lead.end(), at + len(text))
        return (at, found.end()) if found is not None else None
    return (found.start(), found.end()) if found is not None else None


#: A few words before a result told in a sentence of its own, no figure among them: "And after a long struggle".
_LEAD_WORDS = re.compile(r"(?:[A-Za-z]+,?\s+){1,8}?(?=(?:White|Black)\b)")


#: A note's label in brackets, as a score marks a move with it and the note under the score opens with it:
#: "(a)", "(B)", "(12)", "(*)".
_NOTE_LABEL = re.compile(r"\((?:[A-Za-z]|\d{1,2}|\*)\)\.?")


def _not_a_note(body: str, parsed: ParsedRecord, noted: dict[int, tuple[PrintedMove, str]]) -> None:
    """The paragraph read as the game's result ("And White resigns.") no longer the note on the move before it
    too: the result is judged once, at the game's end, not again as the verdict of that move's line."""
    if parsed.result_span is None:
        return
    at, end = parsed.result_span
    # (The paragraph the result opens, a mark of OCR before it aside, and ends: with words after it, the note stays.)
    found = next((note for start, note in noted.items() if start <= at and not re.search(r"\w", body[start:at])), None)
    if found is None or body[end:].split("\n\n", 1)[0].strip():
        return
    move, note = found
    comment = (move.comment or "").removesuffix(note).rstrip()
    move.comment = comment or None


def result_after_score(grammar: str, body: str, end: int) -> tuple[str, tuple[int, int]] | None:
    """The result printed as a sentence of its own right after a score read to ``end`` (its last move's end): the
    grammar's RESULT, or a draw told so, opening the rest of that move's line or, where that is empty, the next
    line that is not blank, as :func:`_result_after` reads it after the layout's main line (the decoder's main
    line read on past a note's result, "And wins.", to the game's own: "And White mates in four moves.")."""
    pattern = re.compile(_parser(grammar).get_terminal("RESULT").pattern.to_regexp())
    line_end = body.find("\n", end)
    line_end = len(body) if line_end < 0 else line_end
    start = end if body[end:line_end].strip() else None
    if start is None:
        following = re.search(r"\S[^\n]*", body[line_end:])
        if following is None:
            return None
        start, line_end = line_end + following.start(), line_end + following.end()
    lead = _LEAD_MARK.match(body, start, line_end)
    at = lead.end() if lead else start
    found = pattern.match(body, at, line_end) or _GAME_WAS_DRAWN.match(body, at, line_end)
    if found is None or body[found.end():line_end].strip()[:1].isalpha() and body[found.end() - 1] != ".":
        return None
    return result_words(found.group()), (found.start(), found.end())


def _result_ending_the_score(pattern: re.Pattern[str], body: str, parsed: ParsedRecord) -> None:
    """The result printed where the score ends, though the main line read goes on past it (into the notes'
    moves): the first result alone on its line ("Resigns ^", "Drawn / game.") or ending a numbered line of
    moves ("32 Q X Q ^ Resigns."), with no move read on the next line that is not blank (a column of the
    other side's moves printed after it: that result ends the side's column, not yet the score)."""
    first = parsed.line.moves[0].start
    starts = sorted(m.start for m in parsed.line.moves)
    for found in pattern.finditer(body, first):
        line_start = body.rfind("\n", 0, found.start()) + 1
        line_end = body.find("\n", found.end())
        line_end = len(body) if line_end < 0 else line_end
        before, rest = body[line_start:found.start()], body[found.end():line_end]
        moves_before = any(line_start <= at < found.start() for at in starts)
        if re.search(r"\w", rest) or re.search(r"\w", before) and not (_NUMBERED_LINE.match(before) or moves_before):
            continue
        following = re.search(r"\S[^\n]*", body[line_end:])
        next_end = line_end + following.end() if following else line_end
        # (A note under its label below it is no column going on, whatever moves the layout read in it: "Drawn." under
        # a score printed in columns, then "(a) The usual defence. If 5 .. Kt-Q 3; ...".)
        # (A line a note's label opens, :data:`_LABEL_LINE`: a note, not a column's moves; not any line of prose, a
        # game's heading told in a sentence under the result.)
        noted = following is not None and _LABEL_LINE.match(following.group()) is not None
        if not noted and any(line_end <= at < next_end for at in starts):
            return  # moves go on under it: another column, or the result is not the score's
        parsed.result = result_words(found.group())
        parsed.result_span = (found.start(), found.end())
        return


#: A line of moves that opens with its number, a stray mark of OCR before it ("i 32 Q X Q ^").
_NUMBERED_LINE = re.compile(r"[^\w\n]*(?:[a-z][^\w\n]+)?\d{1,3}\b")


#: A draw told as what became of the game, a sentence of its own after the last move ("And the game was
#: declared drawn.", "And after a few moves the game was abandoned as a draw.", "Game drawn.", "... drawn on the
#: 40th move.", "... on the forty-first move."): the game's result. Read there only, not as the grammar's RESULT
#: anywhere in a note ("... and the game is drawn" ends a line).
_HOW_DRAWN = r"(?:\s+(?:by\s+(?:perpetual\s+check|repetition(?:\s+of\s+moves)?|(?:mutual\s+)?(?:agreement|consent))|(?:on|at|after)\s+the\s+(?:\d+(?:st|nd|rd|th|d)|[a-z]+(?:-[a-z]+)?)\s+move|(?:in|after)\s+(?:\d+|[a-z]+(?:-[a-z]+)?)\s+moves|after\s+(?:a\s+few|some|several)\s+(?:more\s+|further\s+)?moves))?"
_GAME_WAS_DRAWN = re.compile(
    # (In an e-text's marks of italics or bold, as the grammar's RESULT is read: "_And the game was drawn._")
    rf"[_=]?(?i:(?:and\s+)?(?:[\w,]+\s+){{0,6}}?the\s+game\s+was\s+(?:[\w^]+\s+){{0,3}}?(?:drawn|a\s+draw)(?![^\W_]){_HOW_DRAWN}\.?"
    rf"|(?:the\s+)?game\s+drawn(?![^\W_]){_HOW_DRAWN}\.?"
    # ("Nach dem 40. Zuge wurde die Partie remis gegeben.", "Die Partie wurde remis.")
    r"|(?:[\w.,]+\s+){0,6}?(?:wurde\s+)?die\s+partie\s+(?:wurde\s+|ist\s+)?remis(?:\s+(?:gegeben|erklärt))?\.?)[_=]?")
#: Marks of OCR before a sentence ("^  And White resigned.").
_LEAD_MARK = re.compile(r"[^\w(]*")


#: A "WHITE.  BLACK." line over two columns of moves: where Black's column begins.
_COLUMN_HEADERS = re.compile(r"^[ \t]*(?P<white>white\b)[^\n]*?(?P<black>black\b)[^\n]*$", re.I | re.M)


def _black_column(body: str, segment: _Segment, headers: list[tuple[int, int]]) -> None:
    """A move number alone at the head of its line, right of the middle between the header's WHITE
    and BLACK, numbers Black's move ("WHITE.  BLACK. / 7. P. to Q's 4th." in the right-hand column only);
    so does one aligned with Black's numbers in the row below (:func:`in_blacks_column`)."""
    for item in segment.items:
        if not isinstance(item, _Number) or item.black or item.at < 0:
            continue
        above = [middle for at, middle in headers if at < item.at]
        line_start = body.rfind("\n", 0, item.at) + 1
        column = item.at - line_start
        if above and column > above[-1] and not body[line_start:item.at].strip() or in_blacks_column(body, item.at):
            item.black = True


#: A move number in a row of a two-column score ("2." of "2. K. to K's 6th.   2. R. to Q. B's 7th.").
_ROW_NUMBER = re.compile(r"(?<![\w.'])\d{1,3}[ \t]*\.(?![ \t]*[.\d])")


def in_blacks_column(text: str, at: int) -> bool:
    """Whether the move number at ``at``, alone on its line, stands in Black's column: the next line
    is a row of both columns whose second number ends where it does (a score that begins at Black's
    move, "                 1. K. to Kt's 6th." over "2. K. to K's 6th.     2. R. to Q. B's 7th.")."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    here = _ROW_NUMBER.match(text, at)
    if here is None or end < 0 or text[start:at].strip(" \t|") or len(_ROW_NUMBER.findall(text, start, end)) != 1:
        return False
    below = text.find("\n", end + 1)
    row = list(_ROW_NUMBER.finditer(text, end + 1, below if below >= 0 else len(text)))
    return len(row) == 2 and abs((row[1].end() - end - 1) - (here.end() - start)) <= 1


def _white_column(line: PrintedLine) -> list[PrintedMove]:
    """The moves at the end of a line that are White's alone, numbered in order (three at least;
    an OCR may have lost a few), from move 1 or from the move after Black's last: a column of
    White's moves printed before Black's column."""
    run: list[PrintedMove] = []
    for move in reversed(line.moves):
        if move.side != "white" or move.number is None or (run and move.number >= (run[-1].number or 0)):
            break
        run.append(move)
    run.reverse()
    if len(run) < 3 or 2 * len(run) < (run[-1].number or 0) - (run[0].number or 0) + 1:
        return []
    before = line.moves[len(line.moves) - len(run) - 1] if len(run) < len(line.moves) else None
    starts = run[0].number == 1 if before is None else \
        (before.side == "black" and before.number == (run[0].number or 0) - 1)
    return run if starts else []


def _without_numbers(items: list[Any]) -> bool:
    """Whether a block is moves (read or not) with no move number, placeholder, introduction or result."""
    if not items or not all(isinstance(i, _Segment) and i.fraction is None for i in items):
        return False
    inside = [x for seg in items for x in seg.items]
    return not any(isinstance(x, _Number) or x == "placeholder" for x in inside) \
        and any(isinstance(x, PrintedMove) for x in inside)


def _unnumbered_moves(items: list[Any]) -> bool:
    """Whether a block is moves alone: no move number, placeholder, introduction or result."""
    if not items or not all(isinstance(i, _Segment) and i.fraction is None for i in items):
        return False
    inside = [x for seg in items for x in seg.items]
    return (not any(isinstance(x, _Number) or x == "placeholder" for x in inside)
            and any(isinstance(x, PrintedMove) and not isinstance(x.fields, Unreadable) for x in inside))


def _alternatives_by_line(parser: Lark, body: str, items: list[Any], remarks: list[Any],
                          prose: list[Any]) -> list[PrintedLine]:
    """The moves of a block, one line of them per printed line; words in parentheses go to ``remarks``
    and words before a line's first move that name no move ("And Q. Kt. to B.'s 3rd") to ``prose``."""
    lines: dict[int, PrintedLine] = {}
    last: PrintedMove | None = None
    for item in (x for seg in items for x in seg.items):
        if isinstance(item, PrintedMove):
            line = lines.setdefault(body.count("\n", 0, item.start), PrintedLine())
            if not line.moves and isinstance(item.fields, Unreadable) and _is_aside(parser, item.text):
                prose.append((item.start, item.end, "it introduces a move of the author's list", []))
                continue
            line.moves.append(item)
            last = item
        elif isinstance(item, tuple) and item[0] in ("remark", "aside", "claim", "stray"):
            remarks.append((item, last))
    return [line for line in lines.values() if line.moves]


#: A threat's word opening a remark in brackets ("(threat: 2. R-Q sq mate)", "(threatening R-Q sq mate)", "(Drohung:").
_THREAT_IN_BRACKETS = re.compile(r"\(\s*(?:threat(?:en(?:s|ing)?)?(?:\s+of)?|droht|Drohung)\s*[:,]?\s*", re.I)


def _bracketed_threat(parser: Lark, text: str, at: int,
                      transformer: Callable[[str, int], LayoutTransformer]) -> PrintedMove | None:
    """The move a remark in brackets names as threatened, where a threat's word opens it and the rest reads as that
    one move (its number before it as printed, "2. R-Q sq mate"); ``None`` for any other remark."""
    opening = _THREAT_IN_BRACKETS.match(text)
    if opening is None or not text.endswith(")"):
        return None
    items = _clean_parse(parser, text[opening.end():-1], at + opening.end(), transformer)
    moves = [m for seg in items or () if isinstance(seg, _Segment) for m in _segment_items(seg)
             if isinstance(m, PrintedMove)]
    return moves[0] if len(moves) == 1 and not isinstance(moves[0].fields, Unreadable) else None


def _remark_line(parser: Lark, record: Record, text: str, at: int,
                 transformer: Callable[[str, int], LayoutTransformer], prose: list[Any]) -> PrintedLine | None:
    """Words in parentheses read as an alternative line, when every word of them reads as moves. Brackets
    inside them ("(2. P-Q4, PxP; 3. QxP (3. ..., P-Q3), Kt-QB3)") are read the same way, a line hung in the
    line at the move they replace; else their words are the remark's on the move before them, and any that
    read as moves are said in ``prose``."""
    items = _clean_parse(parser, text[1:-1], at + 1, transformer)
    if items is None:
        return None
    line = PrintedLine()
    inner: list[Any] = []
    for item in items:
        if isinstance(item, _Segment):
            _append_segment(line, item, inner)
    for (_, words, start), before in inner:
        glyph = _GLYPH_IN_BRACKETS.fullmatch(words)
        if glyph is not None and before is not None:
            before.annotations.append(glyph.group(1))
            continue
        nested = _remark_line(parser, record, words, start, transformer, prose)
        if nested is not None and nested.moves and before is not None:
            _attach(line, nested, before)
            continue
        found = move_like_words(parser, words)
        if found:
            prose.append((start, start + len(words), "a remark in brackets, not a line of moves alone", found))
        if before is not None:
            note = " ".join(words[1:-1].split())
            before.comment = f"{before.comment} {note}" if before.comment else note
    return line


def _black_first(line: PrintedLine) -> None:
    """A score whose first move, under its number alone, stands alone before White's next number ("16. /
    Dd8-16? ... 17. Dg6-e87", a page that takes up a game at Black's reply) begins with Black's move. (Not a
    column of White's moves, "1. Q to Q R 7 / 2. Q to Q Kt 8", each number on its move's line.)"""
    if len(line.moves) >= 2:
        first, second = line.moves[0], line.moves[1]
        if first.side == "white" and first.number is not None and (second.number, second.side) == (
                first.number + 1, "white"):
            first.side = "black"


def _in_printed_order(record: Record, parsed: ParsedRecord, line: PrintedLine) -> None:
    """Moves numbered out of reading order (column pairs side by side, 1-4 left and 5-8
    right, read across) are put in the order of their printed numbers."""
    moves = line.moves
    if len(moves) < 4 or any(m.number is None or m.side is None for m in moves):
        return
    turns = [(m.number or 0, m.side == "black") for m in moves]
    if len(set(turns)) < len(turns) or turns == sorted(turns):
        return
    order = sorted(range(len(moves)), key=turns.__getitem__)
    expected = [(turns[order[0]][0] + (k + turns[order[0]][1]) // 2, (k + turns[order[0]][1]) % 2 == 1)
                for k in range(len(moves))]
    if [turns[i] for i in order] != expected:
        return  # gaps in the numbers: not one game laid out in columns
    line.moves = [moves[i] for i in order]
    parsed.diagnostics.append(Diagnostic(
        "info", "columns", "moves numbered out of reading order (columns side by side) are read "
        "in the order of their printed numbers", *record.position(moves[0].start)))


def _say_confusions(record: Record, parsed: ParsedRecord, line: PrintedLine) -> None:
    """A warning for each move read through an OCR confusion, naming it."""
    for m in line.moves:
        for confusion in getattr(m.fields, "confusions", ()):
            at = record.position(m.start)
            parsed.diagnostics.append(Diagnostic("warning", "ocr", f"{m.text!r}: {confusion} (an OCR confusion)",
                                                 *at))
        for v in m.variations:
            _say_confusions(record, parsed, v)


_ORDINALS = {word: n for word, n in ORDINAL_NUMBERS.items() if n <= 12}


def _move_at(line: PrintedLine, note: PrintedLine) -> PrintedMove | None:
    """The move of ``line`` printed with the number and side the note's first move has, if any."""
    first = note.moves[0] if note.moves else None
    if first is None or first.number is None or first.side is None:
        return None
    return next((m for m in line.moves if (m.number, m.side) == (first.number, first.side)), None)


def _first_turn(items: list[Any]) -> tuple[int, bool] | None:
    """(number, black to move) where a block of moves begins, when it begins with a move number."""
    first = items[0] if items else None
    if not isinstance(first, _Segment) or first.fraction is not None or not first.items:
        return None
    # (A note's label heading the block, "(1) 2. ..., P-Q3 was simpler.", says nothing of where it begins.)
    at = 1 if isinstance(first.items[0], tuple) and first.items[0][0] == "remark" \
        and NOTE_LABEL.fullmatch(first.items[0][1]) else 0
    head = first.items[at] if at < len(first.items) else None
    if not isinstance(head, _Number):
        return None
    black = head.black or (len(first.items) > at + 1 and first.items[at + 1] == "placeholder")
    return head.number, black


#: A page's running head, its number before or after its words in capitals ("48 THE CHESS TOURNAMENT.").
RUNNING_HEAD = re.compile(r"\d{1,4}\s+[^a-z\d]*[A-Z]{3}[^a-z\d]*|[^a-z\d]*[A-Z]{3}[^a-z\d]*\s+\d{1,4}")


def marked_move(main: PrintedLine, body: str, note: str, before: int) -> PrintedMove | None:
    """The main-line move before ``before`` that the label opening ``note`` marks in the score (``B-Kt5 (a)``,
    ``B-Kt5 (a).`` for the note ``(a) ...``); the last, where two are (a label used again further on). A footnote's
    sign that opens several notes pairs them with its marked moves in order (:func:`notation.parse.sign_order`)."""
    label = NOTE_LABEL.match(note) or SIGN_NOTE.match(note) or STOPPED_LABEL.match(note)
    if label is None or label.re is SIGN_NOTE and label[1] not in footnote_signs(body):
        return None
    line_end = body.find("\n", before) if "\n" in body[before:] else len(body)
    if label.re is STOPPED_LABEL and not any(before <= at < line_end for at in stopped_labels(body)):
        return None  # (a figure with its stop is a label only where a move carries it: else a row's number)
    key = label_key(label.group()) if label.re is NOTE_LABEL else label[1]
    # (On the move's line: "d 7-d 6" ending the score is not marked by the note's own "a)" under it.)
    mark = re.compile(rf"[ \t!?,;.]*\(?[ \t]*{re.escape(key)}[ \t]*\)")
    if label.re is SIGN_NOTE:  # a footnote's sign, bare at the move's end: "P to K R 3*", "P to B 4 †"
        mark = re.compile(rf"[ \t!?,;.]*(?<![*†‡§]){re.escape(key)}(?![*†‡§])")
    # (A figure, with its stop or in brackets, answers to a bare figure too, after the move or glued to it: "c7-c6 1.",
    # "c7-c6¹" for the note "1. ..." or "(1) ...".)
    bare = [at for at, k in bare_marks(body) if k == key] if label.re is STOPPED_LABEL or key.isdigit() else []
    marked = [move for move in main.moves if move.end <= before
              and (mark.match(body, move.end, before) or mark.search(move.text[-8:])
                   or any(move.start < at < before and not body[move.end:at].strip(" \t^") for at in bare))]
    order = sign_order(body, key, before) if label.re is SIGN_NOTE else None
    return marked[order] if order is not None and order < len(marked) else marked[-1] if marked else None


def _ordinal(intro: str) -> int | None:
    """The move an alternative starts at: the last ordinal of its introduction
    ("If, at the fourth move, ... beginning at White's fifth move" starts at the fifth)."""
    found = [_ORDINALS[w] for w in re.findall(r"[a-z]+", intro.lower()) if w in _ORDINALS]
    return found[-1] if found else None


def _attach(main: PrintedLine, line: PrintedLine, fallback: PrintedMove) -> None:
    """A variation replaces the main-line move with its first move's number and side."""
    if line.moves:
        first = line.moves[0]
        number = first.number or line.start_number
        side = first.side
        if first.number is None and number is not None:
            # "If at the fourth move ..." with unnumbered moves: White's move first.
            for i, m in enumerate(line.moves):
                m.number = number + (i // 2)
                m.side = "white" if i % 2 == 0 else "black"
            side = "white"
        for m in main.moves:
            if m.number == number and m.side == side and number is not None:
                m.variations.append(line)
                return
    fallback.variations.append(line)


def _after_mates(items: list[Any]) -> list[list[Any]]:
    """A block's items parted where a number goes back behind its line's count right after a move printed as mate
    ("1. ... K-Kt8; 2. Q-K sq mate. 1. ... Kt-B2; 2. R-Q sq mate.": a problem's defences one after another): no move
    comes after a mate, so the author names another line from an earlier move, read as a paragraph that begins at
    a move the line has made is (a variation there), not as moves after the mate."""
    parts: list[list[Any]] = [[]]
    for item in items:
        if not isinstance(item, _Segment) or item.fraction is not None:
            parts[-1].append(item)
            continue
        kept: list[Any] = []
        count: int | None = None  # the segment's last number
        parted = False
        for k, x in enumerate(item.items):
            if isinstance(x, _Number) and kept and count is not None and x.number < count \
                    and isinstance(item.items[k - 1], PrintedMove) and getattr(item.items[k - 1].fields, "mate", False):
                parts[-1].append(_Segment(kept))
                parts.append([])
                kept, parted = [], True
            if isinstance(x, _Number):
                count = x.number
            kept.append(x)
        parts[-1].append(_Segment(kept) if parted else item)
    return parts


def _append_segment(line: PrintedLine, segment: _Segment, remarks: list[Any]) -> None:
    """Give each move its number and side, in reading order; words in parentheses go to ``remarks``."""
    if segment.fraction is not None:
        white, numbers, black = segment.fraction
        whites = [m for m in white if isinstance(m, PrintedMove)]
        blacks = [m for m in black if isinstance(m, PrintedMove)]
        for i, fraction in enumerate(numbers):
            if i < len(whites):
                whites[i].number, whites[i].side = fraction.number, "white"
                line.moves.append(whites[i])
            if i < len(blacks):
                blacks[i].number, blacks[i].side = fraction.number, "black"
                line.moves.append(blacks[i])
        # More moves than numbers: keep them, alternating, so nothing is lost.
        for m in whites[len(numbers):] + blacks[len(numbers):]:
            line.moves.append(m)
        return
    number: int | None = None
    side: str | None = None
    previous: Any = None  # the item before
    for item in segment.items:
        if isinstance(item, _Number) and item.mark and isinstance(previous, PrintedMove) \
                and item.number not in (previous.number, (previous.number or 0) + 1):
            # "9. S b 1-c 3 1)   S c 6-a 5": a number in a bracket after a move on its line that is neither that
            # move's (Black's, numbered again: "1) e 2 – e 4 1) d 7 – d 5.") nor the next is the note's mark, as
            # the grammar's NOTE reads "a)" there: the count goes on.
            previous.annotations.append(item.mark)
            continue
        if isinstance(item, _Number):
            last = line.moves[-1] if line.moves else None
            # Two columns that number both moves ("1. P. to K's 4th.  1. P. to K's 4th."):
            # the number again after White's move is Black's, and after White's column left
            # empty ("12. ...   12. P. to Q. R's 3d.").
            repeated = last is not None and last.number == item.number and last.side == "white" or (
                number == item.number and side == "black" and (isinstance(previous, _Number) or previous == "placeholder"))
            number, side = item.number, ("black" if item.black or repeated else "white")
        elif item == "placeholder":
            side = "black"
        elif isinstance(item, tuple) and item[0] in ("remark", "aside", "claim", "stray"):
            remarks.append((item, line.moves[-1] if line.moves else None))
        elif isinstance(item, tuple) and item[0] == "or":
            alternative = item[1]
            if line.moves:  # the same side's other choice at the same move
                before = line.moves[-1]
                alternative.number, alternative.side = before.number, before.side
                before.variations.append(PrintedLine([alternative], label="or"))
            else:  # "or" after a number alone: a move of the line all the same
                alternative.number, alternative.side = number, side
                line.moves.append(alternative)
                number, side = next_turn(number, side)
        elif isinstance(item, PrintedMove):
            item.number, item.side = number, side
            line.moves.append(item)
            number, side = next_turn(number, side)
        previous = item


def _paragraphs(body: str):
    """The body's paragraphs, and within one the notes it prints a line each under their labels ("(a) 5 R-K sq
    is also good.\n(b) If 7 .. Kt-Kt2; 8 Q-K2."): each note read apart, as where blank lines part them (else
    one note's words ran into the next note's moves, "is also" read as a move)."""
    start = 0
    for m in _PARAGRAPH_BREAK.finditer(body):
        yield from _by_note_label(body, start, m.start())
        start = m.end()
    yield from _by_note_label(body, start, len(body))


#: A note's label heading a line, words after it: "(a) ...", "(12) ...", "a) ...", "*) ..." (not "12) e2-e4",
#: a periodical's move number).
_LABEL_LINE = re.compile(r"(?m:^)[ \t]*(?:\((?:[A-Za-z]|\d{1,2}|\*{1,3})\)|(?:[a-z]|\*{1,3})\))\.?[ \t]+\S")


def _by_note_label(body: str, start: int, end: int):
    """The paragraph ``body[start:end]`` cut before each line its note's label heads."""
    signs = footnote_signs(body)
    # (And each line a footnote's sign heads that marks a move: "* To prevent ...".)
    heads = sorted([m.start() for m in _LABEL_LINE.finditer(body, start, end)]
                   + [m.start() for m in SIGN_NOTE.finditer(body, start, end) if m[1] in signs]
                   # (and each line a figure with its stop heads as a note's label, "2. Capablanca's ...")
                   + [body.rfind("\n", 0, at) + 1 for at in stopped_labels(body) if start <= at < end])
    for at in heads:
        if at > start and body[start:at].strip():
            yield start, at
            start = at
    if body[start:end].strip():
        yield start, end


def _blocks(parser: Lark, record: Record, body: str,
            transformer: Callable[[str, int], LayoutTransformer]):
    """(start, end, items, or the reason it was taken for prose) for each block of the body, in order.

    A paragraph that the grammar reads whole is one block. Otherwise its lines
    are sorted: a line the grammar cannot even begin (a heading, "White:
    Anderssen", the author's note) is prose, and each run of the other lines
    is read as moves. A long line (a page of OCR text run into one line, a web page's
    paragraph) is sorted the same way in pieces, each from one move number to the next, every
    piece a block of its own: "16. Tal-c1 h7-h6 Es ist sehr fraglich ... Anderssen spielt" and
    "16. ..., Lc8-b7." (a note on a move already made).
    """
    bare = rows_bare(body)
    for start, end in _paragraphs(body):
        line_end = body.find("\n", start, end)
        one = lead_in(body[start:line_end if line_end >= 0 else end])
        if one is not None and not move_like_words(parser, body[start:start + one]):
            if _mostly_moves(parser, record, body[start + one:end], start + one, transformer):
                # "White plays 1. R-R7, K-R1; ...": the words leading in are the author's, the moves the score.
                yield start, start + one, _LEADING_IN
                start += one
            else:
                # "White plays 1. R-Q8 mate.", "White mates in one: 1. Q-R8.": a single move the grammar reads
                # whole after the lead-in is the sentence's, the score where it opens one (move 1, none read yet).
                # (Only where the lead-in names the side that plays it: "Next time 1. d4." is a remark.)
                moves = _clean_parse(parser, body[start + one:end], start + one, transformer) \
                    if _SIDE_NAMED.search(body, start, start + one) else None
                if moves and not _unreadable(moves):
                    yield start, start + one, _LEADING_IN
                    yield start + one, end, _InSentence(moves)
                    continue
        # (After a note's label printed as a figure with its stop, as after "(2)": "2. If 9. ... b5".)
        head = STOPPED_LABEL.match(body, start)
        head_end = head.end() if head is not None and head.start(1) in stopped_labels(body) else start
        supposing = _SUPPOSING_BARE.match(body, head_end, line_end if line_end >= 0 else end)
        if supposing is not None and not bare and not _NUMBER_WITH_STOP.match(body, supposing.end()) \
                and not label_carried(body, start):
            supposing = None  # (a bare figure: a move's number only in a note a move carries, or under bare rows)
        if supposing is not None and supposing[1] and supposing[1] not in footnote_signs(body):
            supposing = None  # (a sign that marks no move is no note's label: :func:`notation.parse.footnote_signs`)
        if supposing is not None:
            # "If 10. BxKt, QxB; 11. KtxP, PxKt." between the game's rows: the note's moves, never the game's
            # going on, though they begin at the move it comes to next (where they read whole; else as before).
            # (The author's words after its moves, naming no piece or square, are his note's on its line's end:
            # "If 5. ..., P-Q4; 6. PxP, and White has the better game.")
            after = _note_after(parser, body, supposing.end(), end)
            moves = _clean_parse(parser, body[supposing.end():after or end], supposing.end(), transformer)
            if moves and not _unreadable(moves):
                yield start, supposing.end(), _LEADING_IN
                yield supposing.end(), after or end, _InSentence(moves)
                if after is not None:
                    yield after, end, "the author's words after the moves, naming no move"
                continue
        supposed = _supposed_moves(parser, body, start, line_end if line_end >= 0 else end)
        if supposed is not None:
            # "White threatens 12. KtxP.", "Black cannot play 12. ..., Kt-Q5.": the sentence's words make
            # its moves a note's, though they begin at the move the game comes to next (where they read whole).
            moves = _clean_parse(parser, body[supposed:end], supposed, transformer)
            if moves and not _unreadable(moves):
                yield start, supposed, _LEADING_IN
                yield supposed, end, _InSentence(moves)
                continue
        weighed = _weighed_move(parser, body, start, end, transformer)
        if weighed is not None:
            # "12. PxKP would be answered by PxP.": a note that opens with its numbered move, the author's words
            # after it weighing the move and naming the reply; the note's line, never the game's.
            yield start, end, _InSentence(weighed)
            continue
        items = _clean_parse(parser, body[start:end], start, transformer)
        if items is not None:
            yield start, end, items
            continue
        run: tuple[int, int] | None = None
        # (A note whose label a move of the score carries is that move's: the moves after its words on its lines are
        # the note's, never the score going on, "(a) Many players prefer here" / "continuation 11 P to Q 4".)
        carried = label_carried(body, start)
        for line_start, line_end in _lines(body, start, end):
            pieces = _pieces(parser, body, line_start, line_end)
            if len(pieces) > 1:
                if run:
                    yield run[0], run[1], _run(parser, record, body, run, transformer)
                    run = None
                sentence = False  # the author's sentence goes on into the next piece (it has no full stop)
                noted = False  # the sentence's words or pieces before named moves of his note
                for piece_start, piece_end in pieces:
                    if sentence and _starts_with_move_number(parser, body[piece_start:piece_end]):
                        # "Steinitz führt danach das Spiel mit 17. Tal-el, Lc8-d7; 18. Tel — e3, ...": moves
                        # inside the author's sentence are his note's, not the score going on.
                        read = _run(parser, record, body, (piece_start, piece_end), transformer)
                        yield piece_start, piece_end, read if isinstance(read, str) else _InSentence(read, noted)
                        sentence = _goes_on(body, piece_end, ",;")
                        noted = sentence and not isinstance(read, str)
                        continue
                    noted = False
                    words = _sentence_after(parser, body, piece_start, piece_end)
                    read = _is_prose(parser, record, body, piece_start, piece_end, transformer) \
                        or _run(parser, record, body, (piece_start, piece_end), transformer) if words is not None else ""
                    if words is not None and not isinstance(read, str):
                        # "50. Tel-f1! Lf5-e4 Falls Lh3:, so 51. Tf1-f6!, ...": the author's sentence begins
                        # after the piece's moves, its words naming his note's first move.
                        yield piece_start, words, _run(parser, record, body, (piece_start, words), transformer)
                        yield words, piece_end, _InSentence(_word_moves(parser, body, words, piece_end, transformer))
                        sentence, noted = True, True
                        continue
                    note = _note_after(parser, body, piece_start, piece_end)
                    if note is not None:  # "10. Sb1-c3: b7-b5 Nach Anderssen der einzig richtige Zug."
                        yield piece_start, note, _run(parser, record, body, (piece_start, note), transformer)
                        yield note, piece_end, "the author's words after the moves, naming no move"
                        sentence = _goes_on(body, piece_end)
                        continue
                    read = read or _is_prose(parser, record, body, piece_start, piece_end, transformer) \
                        or _run(parser, record, body, (piece_start, piece_end), transformer)
                    if isinstance(read, str):
                        yield piece_start, piece_end, _between(parser, body, piece_start, piece_end, transformer,
                                                               read, tail=False) or read
                    else:
                        yield piece_start, piece_end, read
                    # (A sentence that leads in to the moves with a colon, showing the author's line, goes on into them.)
                    sentence = isinstance(read, str) and (_goes_on(body, piece_end) or _shows_line(
                        body, piece_start, piece_end, piece_end + _first_word(body[piece_end:line_end])))
                continue
            lead_end: int | None = None  # where the author's sentence before this piece ends, if it shows his line
            for piece_start, piece_end in _line_pieces(parser, record, body, line_start, line_end, transformer):
                reason = _is_prose(parser, record, body, piece_start, piece_end, transformer)
                if not reason and lead_end is not None:
                    # "..., thus: 9. Kt-B3, Castles; 10. R-K sq": the moves of the author's sentence, his note's.
                    if run:
                        yield run[0], run[1], _run(parser, record, body, run, transformer)
                        run = None
                    read = _run(parser, record, body, (piece_start, piece_end), transformer)
                    yield piece_start, piece_end, read if isinstance(read, str) else _InSentence(read)
                    lead_end = None
                    continue
                lead_end = piece_end if reason and _shows_line(body, piece_start, piece_end, piece_end
                                                               + _first_word(body[piece_end:line_end])) else None
                if reason:
                    if run:
                        yield run[0], run[1], _run(parser, record, body, run, transformer)
                        run = None
                    between = _between(parser, body, piece_start, piece_end, transformer, reason)
                    if between is not None:
                        # (Not where the moves after the words are a row of the score, its number and its
                        # moves bare to the line's end: an OCR'd page of two columns sets the score's rows
                        # beside a note's lines, "(J) Black threatened 26.... P 45 K toQ2 BtoQ6".)
                        between.carried = carried and not _row_tail(body, between.tail, line_end)
                    yield piece_start, piece_end, between or reason
                else:
                    run = (run[0] if run else piece_start, piece_end)
        if run:
            yield run[0], run[1], _run(parser, record, body, run, transformer)


def _stopped_label(body: str, items: list[Any]) -> list[Any]:
    """The items, a figure with its stop that heads a note as its label (:func:`notation.parse.stopped_labels`, "2.
    Capablanca's freeing manoeuvre." under "Nd5 (2)") read as the note's label, as "(2)" is: no row's number."""
    first = items[0] if items else None
    if isinstance(first, _Segment) and first.items and isinstance(first.items[0], _Number) \
            and first.items[0].at in stopped_labels(body):
        label = first.items[0]
        first.items[0] = ("remark", f"({label.number})", label.at)
    return items


#: A score's row at a line's end: its number and its moves with no sentence's stop or comma (a note's moves are
#: written "11 P to Q 4, B to K Kt 5.").
_ROW_TAIL = re.compile(r"[ \t]*\d{1,3}[ \t]+[^,;.\n]*(?:\.[^,;.\n]+)*?[ \t]*")


def _row_tail(body: str, tail: tuple[int, int, list[Any]] | None, line_end: int) -> bool:
    """Whether a line's moves after the author's words are a row of the score: both sides' moves after their number,
    bare to the line's end (:data:`_ROW_TAIL`), as an OCR'd page of two columns prints a row beside a note's line."""
    if tail is None or _ROW_TAIL.fullmatch(body, tail[0], line_end) is None:
        return False
    return sum(isinstance(m, PrintedMove) for seg in tail[2] if isinstance(seg, _Segment) for m in seg.items) >= 2


#: A line longer than this that the grammar cannot read whole is read in pieces, number to number.
_LONG_LINE = 160


def _pieces(parser: Lark, body: str, start: int, end: int) -> list[tuple[int, int]]:
    """A long line of moves cut before each move number (the grammar's ``MOVE_NUMBER``), or the line
    whole: a short line, one the grammar reads whole, and a line of prose (the grammar cannot read its
    first word: a web page's paragraph of notes that quotes moves) are not cut."""
    if end - start <= _LONG_LINE:
        return [(start, end)]
    stop = attempt(parser, body[start:end])
    if not isinstance(stop, int) or stop <= _first_word(body[start:end]):
        return [(start, end)]
    number = _move_number(parser)
    cuts = [start] + [m.start() for m in number.finditer(body, start, end)
                      if m.start() > start and body[m.start() - 1] in " \t"] + [end]
    return [(a, _strip(body, a, b)) for a, b in zip(cuts, cuts[1:]) if body[a:b].strip()]


def _strip(body: str, start: int, end: int) -> int:
    while end > start and body[end - 1] in " \t":
        end -= 1
    return end


def _sentence_after(parser: Lark, body: str, start: int, end: int) -> int | None:
    """Where the author's sentence begins after the moves of a piece of a long line, when it goes on
    into the next piece, a move number ("50. Tel-f1! Lf5-e4 Falls Lh3:, so" before "51. Tf1-f6!, ..."):
    the grammar reads the moves before it, its first word is no move, a word of it names a move, and
    it ends in a comma or a word of small letters; else ``None``."""
    if not _goes_on(body, end, ",;") or not _starts_with_move_number(parser, body[end:]):
        return None

    def a_sentence(words: str) -> bool:
        first = words.split()[0] if words.split() else ""
        return first.isalpha() and not _is_move_word(parser, first) and bool(move_like_words(parser, words))

    return _words_after_moves(parser, body, start, end, a_sentence)


def _words_after_moves(parser: Lark, body: str, start: int, end: int, words_fit: Callable[[str], bool]) -> int | None:
    """Where the words the grammar stops at begin, after the moves of a piece of a long line (from the
    start of the word it stopped in), when ``words_fit`` the words from there on and the moves before
    them read; else ``None``."""
    text = body[start:end]
    at = attempt(parser, text)
    if not isinstance(at, int):
        return None
    while at > 0 and not text[at - 1].isspace():
        at -= 1
    if at <= _first_word(text) or not words_fit(text[at:]):
        return None
    if isinstance(attempt(parser, text[:at]), int):
        return None
    return _strip(body, start, start + at)


#: A word of the author's sentence: its marks of punctuation after it are no part of a move.
_SENTENCE_WORD = re.compile(r"[^\s,;]+")


def _word_moves(parser: Lark, body: str, start: int, end: int,
                transformer: Callable[[str, int], LayoutTransformer]) -> list[Any]:
    """The words of the author's sentence that read as moves ("Lh3:" of "Falls Lh3:, so"), as one
    stretch of moves with no number."""
    moves: list[Any] = []
    for word in _SENTENCE_WORD.finditer(body, start, end):
        if _is_move_word(parser, word.group()):
            read = _clean_parse(parser, word.group(), word.start(), transformer) or []
            moves.extend(m for seg in read if isinstance(seg, _Segment) for m in seg.items if isinstance(m, PrintedMove))
    return [_Segment(moves)]


def _note_after(parser: Lark, body: str, start: int, end: int) -> int | None:
    """Where the author's words begin after the moves of a piece of a long line, when the grammar
    reads the moves before them and none of the words names a piece or a square; else ``None``."""
    return _words_after_moves(parser, body, start, end, lambda words: _is_aside(parser, words))


def _between(parser: Lark, body: str, start: int, end: int,
             transformer: Callable[[str, int], LayoutTransformer], reason: str, tail: bool = True) -> _Between | None:
    """A prose line that ends in moves the grammar reads whole from a move number on ("... erhalten.
    28. Lc4-e6", "... Eröffnung 10."), with the moves the grammar reads before its words, if any
    ("d7--06 6. c2-03 Die Neuerung ... 6."); with ``tail`` false, a piece of a long line that
    begins with moves before the author's words ("Dd8-16? Ein arger Fehler. ..."). ``None`` for other prose."""
    text = body[start:end]
    moves: tuple[int, int, list[Any]] | None = None
    for found in _move_number(parser).finditer(text) if tail else ():
        if found.start() > 0 and text[found.start() - 1].isspace():
            items = _clean_parse(parser, text[found.start():], start + found.start(), transformer)
            if items is not None:
                moves = (start + found.start(), end, items)
                break
    words_start, head = start, None
    at = attempt(parser, text)
    if isinstance(at, int):
        while at > 0 and not text[at - 1].isspace():
            at -= 1
        if 0 < at < (moves[0] if moves else end) - start:
            items = _clean_parse(parser, text[:at], start, transformer)
            if items is not None and any(isinstance(m, PrintedMove) and not isinstance(m.fields, Unreadable)
                                         for seg in items if isinstance(seg, _Segment) for m in seg.items):
                head, words_start = (start, _strip(body, start, start + at), items), start + at
    words_end = _strip(body, words_start, moves[0] if moves else end)
    if not body[words_start:words_end].strip() or moves is None and head is None \
            or any(body[m.start() - 1].isspace() for m in _move_number(parser).finditer(body, words_start, words_end)
                   if m.start() > words_start) or _move_number(parser).match(body, words_start):
        return None  # (words with a move number are a row of two columns, "23. K. moves.  23. R. takes P.")
    return _Between(head, (words_start, words_end), moves, reason)


def _goes_on(body: str, end: int, marks: str = "") -> bool:
    """Whether the author's sentence goes on past ``end``: the text before it ends in a word of small
    letters ("... das Spiel mit", "... worauf"), or in one of ``marks`` (a note's list of moves,
    "17. Tal-el, Lc8-d7;"), not in a full stop, a heading's capital or a move."""
    text = body[:end].rstrip()
    last = text.split()[-1] if text.split() else ""
    return last[-1:] in tuple(marks) or last.isalpha() and last.islower()


@lru_cache(maxsize=8)
def _move_number(parser: Lark) -> re.Pattern[str]:
    """The grammar's own move number, as a pattern to find where a long line's pieces begin."""
    return re.compile(parser.get_terminal("MOVE_NUMBER").pattern.to_regexp())


def _run(parser: Lark, record: Record, body: str, run: tuple[int, int],
         transformer: Callable[[str, int], LayoutTransformer]) -> list[Any] | str:
    try:
        moves = _parse_moves(parser, record, body[run[0]:run[1]], run[0], transformer)
    except ParseError:
        return f"more than {_most_unreadable(body[run[0]:run[1]])} of its words read as no move"
    return "fewer of its words read as moves than not" if moves is None else moves


def _lines(body: str, start: int, end: int):
    at = start
    for line in body[start:end].splitlines(keepends=True):
        if line.strip():
            yield at, at + len(line.rstrip())
        at += len(line)


def _line_pieces(parser: Lark, record: Record, body: str, start: int, end: int,
                 transformer: Callable[[str, int], LayoutTransformer]) -> list[tuple[int, int]]:
    """A line, or its moves and the prose beside them on the same line: a lead-in ending in a
    colon before the first move number ("Chess Log: 1. d4 d5 ..."), or the players, place and
    year after the printed result ("... 39...Kf4 0–1. Smith – Jones, London, 1862.")."""
    text = body[start:end]
    for token in _result_tokens(parser, text):
        cut = token.end_pos or 0
        if text[cut:].strip() and not _starts_with_move_number(parser, text[cut:]) \
                and _is_prose(parser, record, body, start, start + cut, transformer) is None \
                and _is_prose(parser, record, body, start + cut, end, transformer) is not None:
            return [(start, start + cut), (start + cut + _first_word(text[cut:]), end)]
    # (The line's first colon or heading's dash, whichever a move number follows: "SOLUTION.--Key: 1. R-R8", its
    # colon's.)
    ends = sorted((m for m in (_LEAD_IN_COLON.search(text), _solution_dash(text)) if m is not None),
                  key=lambda m: m.start())
    lead = next((m for m in ends if _starts_with_move_number(parser, text[m.end():])), None)
    if lead is not None:
        cut = lead.end()
        moves = start + cut + _first_word(text[cut:])
        # The author's words after the moves that go on from a score ("thus: 9. Kt-B3, Castles; 10. R-K sq, and
        # Black's game is cramped."), naming no move, are his, not a move the grammar fails on: a piece of their own.
        # (Not after a line from the first move: "hält remis: 1. ... Kf8 2. g7+ Kg8 3. Kg6 patt." keeps its stalemate.)
        words = _note_after(parser, body, moves, end) if not _FIRST_MOVE.match(body, moves) else None
        # A problem's solution may be its key move alone ("Solution: 1. Q-R8."); any other lead-in, two moves.
        labelled = _SOLUTION.search(text[:cut]) is not None
        least = 1 if labelled else 2
        # (A solution's label is no move, though a notation's reading may begin in it: German's "L" of "Lösung:".)
        if (labelled or _is_prose(parser, record, body, start, end, transformer) == _NO_MOVE_BEGINS) \
                and _mostly_moves(parser, record, body[moves:words or end], moves, transformer, least):
            return [(start, start + cut), (moves, words), (words, end)] if words else [(start, start + cut), (moves, end)]
    one = lead_in(text)
    if one is not None:
        moves = start + one
        if _is_prose(parser, record, body, start, end, transformer) == _NO_MOVE_BEGINS \
                and _mostly_moves(parser, record, body[moves:end], moves, transformer):
            return [(start, moves), (moves, end)]
    return [(start, end)]


def lead_in(line: str) -> int | None:
    """Where move 1 begins after the words of a lead-in that tells the score in a sentence ("In this position
    White plays 1. R-R7, K-Kt1; 2. ...", "The game went on 1. P-K4, P-K4; ..."), else ``None``: none there,
    or the lead-in makes its moves a note's ("If 1. ..., K-R1", "Black might also play 1. ...")."""
    found = [m for m in (_MOVE_ONE_AFTER_WORDS.search(line), _solution_dash(line, _MOVE_ONE_AFTER_HEADING))
             if m is not None]
    one = min(found, key=lambda m: m.start()) if found else None
    if one is None or _HYPOTHETICAL.search(line, 0, one.start()) or LABEL_BEFORE.search(line, 0, one.start()):
        return None
    return one.end()


#: A side named in a lead-in's words ("White plays", "Black mates in two:", "Weiß zieht").
_SIDE_NAMED = re.compile(r"(?i)\b(?:White|Black|Weiss|Weiß|Schwarz)\b")
#: A move's first word after a bare move number (the layout grammar's dotless ``MOVE_NUMBER``'s look-ahead).
_MOVE_BEGINS = r"(?:[KQRBNP]|Kt|Castles|[O0][-–—][O0]|[a-h]\s?\d)"
#: The words that begin a supposition (also a lead-in's, in :data:`_HYPOTHETICAL`): the shared ones
#: (:data:`notation.parse.SUPPOSING`: an alternative's "Or", and German's among them).
_SUPPOSITION = SUPPOSING
#: A paragraph that supposes moves, its first word a supposition's and a move number after it ("If 10. BxKt, ...",
#: "Or 5. ...", "Should 12. P-Q4 be played, ...", "Wenn 15. ..."), the note's label before it ("(a) If 2. ...", or its
#: footnote's sign, "* If 2. ...", where the sign marks a move: the group).
_SUPPOSING = re.compile(rf"[ \t]*(?:(?:{NOTE_LABEL.pattern}|({SIGN_LABEL}))[ \t]*)?(?:{_SUPPOSITION})[ \t,]+(?=\d{{1,3}}[ \t]*\.)")
#: The same in a record whose score numbers its rows without a stop ("9 P to K R 3", "1 R-R7, K-Kt1; 2 ..."): its
#: notes number their moves so too ("(a) If 9 P to Q 4, B to K Kt 5."), a bare number before a move's first word.
_SUPPOSING_BARE = re.compile(rf"[ \t]*(?:(?:{NOTE_LABEL.pattern}|({SIGN_LABEL}))[ \t]*)?(?:{_SUPPOSITION})[ \t,]+"
                             rf"(?=\d{{1,3}}(?:[ \t]*\.|[ \t]+{_MOVE_BEGINS}))")
#: A row of a score numbered without a stop: a bare number at its line's start before a move's first word; and one
#: numbered with its stop.
_BARE_ROW = re.compile(rf"(?m:^)[ \t]*\d{{1,3}}[ \t]+{_MOVE_BEGINS}")
_STOPPED_ROW = re.compile(r"(?m:^)[ \t]*\d{1,3}[ \t]*\.")


def rows_bare(body: str) -> bool:
    """Whether the record's score numbers its rows without a stop (two rows at least, more of them so than with
    one): the book's form, in which its notes number their moves too. (Elsewhere a bare number after a
    supposition's word is an OCR'd page's figure, "If 24 PxQ ;", left alone.)"""
    bare = len(_BARE_ROW.findall(body))
    return bare >= 2 and bare > len(_STOPPED_ROW.findall(body))


#: The end of a sentence: a full stop after a word of small letters ("... the Pawn. 12."), not an abbreviation's
#: ("Mr.", "Kt.", "Q. B.").
_SENTENCE_END = re.compile(r"(?<=[a-z]{2}[.!?])\s+")


#: A move number printed with its stop ("12.", "12 ."), as a supposition's is.
_NUMBER_WITH_STOP = re.compile(r"\d{1,3}[ \t]*\.")


#: A file's or a man's name just before a figure, the figure its square's rank ("B to K Kt 5.", "Kt to B 3."): no
#: move's number.
_FILE_BEFORE_RANK = re.compile(r"(?<![\w.'’])(?:Kt|[KQRBP])[ \t]+$")


def _supposed_moves(parser: Lark, body: str, start: int, end: int) -> int | None:
    """Where the moves begin in a line whose first move number follows the author's words that make them a
    note's ("White threatens 12. KtxP.", "It would have been better to play 20. R-K sq."): a word of
    :data:`_HYPOTHETICAL` in the sentence that leads to the number, no move-like word before it; else ``None``."""
    number = next((m for m in _move_number(parser).finditer(body, start, end)
                   if m.start() > start and body[m.start() - 1] in " \t"), None)
    if number is None or not _NUMBER_WITH_STOP.match(body, number.start()) \
            or _FILE_BEFORE_RANK.search(body, start, number.start()):
        # (A figure after a file's name is its square's rank, the stop the sentence's: "To prevent B to K Kt 5.")
        return None  # (as for a supposition: "If 24 PxQ ;", a number without its stop, is an OCR'd page's, left alone)
    words = body[start:number.start()]
    label = NOTE_LABEL.match(words.lstrip())  # the note's label before its words ("(a) White threatens ...")
    sentence = _SENTENCE_END.split(words.lstrip()[label.end():].lstrip() if label else words)[-1]
    if not _HYPOTHETICAL.search(sentence) or move_like_words(parser, words) or not sentence[:1].isalpha():
        return None
    return number.start()



def _shows_line(body: str, start: int, end: int, moves: int) -> bool:
    """Whether the author's words from ``start`` to ``end``, a sentence leading in with a colon to the moves at
    ``moves`` ("... White can bring his Rook to the King's file, thus: 9. Kt-B3, Castles; ..."), show his line: a
    note's, which the replay reads as a continuation from the score's last move (or an alternative), not the score
    going on. Not where the sentence tells the moves as the game's ("The game continued: 9. ...", :func:`weighed`'s
    "played"), nor a label ("Solution:", "Chess Log:", a word or two): those moves are the score's."""
    words = body[start:end].rstrip()
    sentence = _SENTENCE_END.split(words.lstrip())[-1]
    if _FIRST_MOVE.match(body, moves):
        return False  # (a line from the first move, "Schwarz am Zuge hält remis: 1. ... Kf8 2. g7+": the score itself)
    if not words.endswith(":") or not sentence[:1].isalpha() or len(sentence.split()) < 3 \
            or _SOLUTION.search(sentence[:-1]) is not None:
        return False
    return weighed(body, moves, start, True) != "played"

#: A score's first move number ("1.", "1 ...", "1..."): a line that starts there is no continuation.
_FIRST_MOVE = re.compile(r"1\b[ \t]*\.?")

#: Words after a note's first move that name the reply to it ("12. PxKP is met by PxP", "... answered by ...").
_REPLY = re.compile(r"(?i)\b(?:answer\w*|met|repl\w*|refuted|followed)\b")


def _weighed_move(parser: Lark, body: str, start: int, end: int,
                  transformer: Callable[[str, int], LayoutTransformer]) -> list[Any] | None:
    """The moves of a one-sentence paragraph that opens with its numbered moves and weighs them in the author's
    words ("12. PxKP would be answered by PxP.", "20. R-K sq was better.", "12. PxKP, PxP; 13. QKt-Q2, R-Q sq,
    would have given White nothing."): those moves, then the move-like words of the sentence after them (the
    reply) in order, numbered on from them; ``None`` where the paragraph is no such note (the words after the
    moves not going on from them with a small letter, no :data:`_HYPOTHETICAL` nor :data:`_REPLY` word among
    them, more than one sentence, or the grammar reading it whole)."""
    text = body[start:end]
    if not _starts_with_move_number(parser, text) or len(_SENTENCE_END.split(text.strip())) > 1:
        return None

    def weighs(words: str) -> bool:
        # (The sentence goes on from its moves, its subject: its next word a small letter's, "would", "is met";
        # not a remark of its own after a score's rows, "A note: ...", "Falls Sf6-e4:, so 6. ...".)
        first = words.split()[0] if words.split() else ""
        # (A threat's words name the same side's next move, no reply: "7. Q-B3 ch, threatening Q-B7 mate.")
        return first.isalpha() and first[0].islower() and not _is_move_word(parser, first) \
            and not _THREAT_OPENING.match(words.lstrip()) \
            and bool(_HYPOTHETICAL.search(words) or _REPLY.search(words))

    words = _words_after_moves(parser, body, start, end, weighs)
    if words is None:
        return None
    moves = _clean_parse(parser, body[start:words], start, transformer)
    if not moves or _unreadable(moves) or not isinstance(moves[-1], _Segment):
        return None
    moves[-1].items.extend(_word_moves(parser, body, words, end, transformer)[0].items)
    return moves


def _unreadable(items: list[Any]) -> bool:
    """Whether a block's items hold a word the grammar read as no move."""
    return any(isinstance(m, PrintedMove) and isinstance(m.fields, Unreadable)
               for seg in items if isinstance(seg, _Segment) for m in seg.items)


#: Move 1 after a word of the lead-in, a move after it on its line: "1." (its move any word), or "1" with no stop
#: before a capital ("... accomplished by: 1 K-Kt2, K-B1; 2 ...", as a line's "1 P-K4" is read), which the
#: callers take only where the moves after it read (``_mostly_moves``, the grammar's dotless ``MOVE_NUMBER``).
_MOVE_ONE = r"(?=1(?:[ \t]*\.(?!\d)[ \t]*(?:[.…,—-]+[ \t,]*)?[A-Za-z]|,?[ \t]+[A-Z]))"
_MOVE_ONE_AFTER_WORDS = re.compile(r"(?:(?<=[^\W\d_])|(?<=[^\W\d_][.:,])) " + _MOVE_ONE)
#: ... or after a solution's label the dash runs into it (:func:`_solution_dash`: "SOLUTION.--1. K-Kt3!").
_MOVE_ONE_AFTER_HEADING = re.compile(rf"(?<=\S){HEADING_DASH}" + _MOVE_ONE)
#: The end of a lead-in before the first move number: its colon ("Chess Log: 1. d4"), or the dash that runs a
#: solution's label into the number (:data:`notation.parse.HEADING_DASH`, "SOLUTION.--1. K-Kt3!", the decoder's cut
#: too: :func:`_solution_dash`).
_LEAD_IN_COLON = re.compile(r"(?<=.):(?= )")
_LEAD_IN_DASH = re.compile(rf"(?<=\S){HEADING_DASH}")


def _solution_dash(line: str, pattern: re.Pattern[str] = _LEAD_IN_DASH) -> re.Match[str] | None:
    """The line's first heading dash (``pattern``'s) where the words before it are a solution's label ("SOLUTION.--",
    "_Solution._--", "Answer.--"), else ``None``. (Another heading run into a score by its dash, "Ruy Lopez.--1.
    P-K4, ...", is the decoder's to cut, by the same :data:`notation.parse.HEADING_DASH`: it reads the named lines
    after it back to the move they branch from, the layout reader's game line would not let it.)"""
    found = pattern.search(line)
    return found if found is not None and _SOLUTION.search(line, 0, found.end()) else None
#: The label of a problem's solution, before its colon or dash ("Solution:", "Key:", "Lösung:", "SOLUTION.--",
#: "_Solution._--", "Answer.--"), its solver or composer named after it ("Solution by J. B.:").
_SOLUTION = re.compile(r"(?i)(?<![^\W_])(?:solution|key|key-move|answer|lösung|loesung)(?:[ \t]+by[ \t][^:]*)?[\W_]*$")
#: A lead-in that makes its moves a note's, not the score ("If 1. ..., K-R1", "Black might also play 1. ...").
_HYPOTHETICAL = HYPOTHETICAL


def _mostly_moves(parser: Lark, record: Record, text: str, base: int,
                  transformer: Callable[[str, int], LayoutTransformer], least: int = 2) -> bool:
    """Whether a text is moves through to its end, ``least`` at least (two), with fewer unreadable words than
    moves ("1. d4 d5 2. Bf4", not "1...e5 is more common": one move and the author's words)."""
    try:
        items = _parse_moves(parser, record, text, base, transformer)
    except ParseError:
        return False
    segments = [seg for seg in items or [] if isinstance(seg, _Segment)]
    asides = [i for seg in segments for i in seg.items if isinstance(i, tuple) and i[0] == "aside"]
    if asides and asides[-1] is segments[-1].items[-1] and asides[-1][1].isdigit() \
            and text.rstrip().endswith(asides[-1][1]):
        asides.pop()  # a move number ending the line is the next line's move's, its sentence wrapped: "... K-K1; 3"
    if not segments or asides:
        return False
    moves = [m for seg in segments for m in seg.items if isinstance(m, PrintedMove)]
    return sum(not isinstance(m.fields, Unreadable) for m in moves) >= least


def _result_tokens(parser: Lark, text: str) -> list[Token]:
    """The scores of a line (``1-0``, ``0–1``, ``½-½``), as the grammar's RESULT terminal reads them,
    last first. A result in words ("Black wins by R. takes P.") is part of the author's sentence."""
    found = [Token("RESULT", text[at:end], at, end_pos=end) for at, end in _scores(parser, text, 0, len(text))
             if at == 0 or text[at - 1].isspace()]
    return found[::-1]


@lru_cache(maxsize=8)
def _result_pattern(parser: Lark) -> re.Pattern[str]:
    """The grammar's RESULT terminal as a pattern, made once a parser (every chess record is searched with it)."""
    return re.compile(parser.get_terminal("RESULT").pattern.to_regexp())


def scores_in(grammar: str, body: str, start: int, end: int) -> list[tuple[int, int]]:
    """Where the grammar's RESULT reads a score (``1-0``, ``½:½``, ``1 – 0``) in ``body[start:end]``."""
    return _scores(_parser(grammar), body, start, end)


def _scores(parser: Lark, body: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _result_pattern(parser).finditer(body, start, end)
            if result_words(m.group())[:1] in ("0", "1", "½")]


def _clean_parse(parser: Lark, text: str, base: int,
                 transformer: Callable[[str, int], LayoutTransformer]) -> list[Any] | None:
    tree = attempt(parser, text)
    if isinstance(tree, int):
        return None
    return transformer(text, base).transform(tree)


def _segment_items(segment: _Segment) -> list[Any]:
    """A segment's items; a fraction's, both its rows'."""
    return segment.items or [x for part in (segment.fraction or ()) for x in part]


def layout_moves_read(grammar: str, transformer: Callable[[str, int], LayoutTransformer], text: str) -> int:
    """How many moves a book notation's grammar reads in ``text`` when it reads it whole (0 if it cannot)."""
    items = _clean_parse(_parser(grammar), text, 0, transformer)
    if not items:
        return 0
    return sum(isinstance(m, PrintedMove) and not isinstance(m.fields, Unreadable)
               for seg in items if isinstance(seg, _Segment) for m in _segment_items(seg))


def _is_prose(parser: Lark, record: Record, body: str, start: int, end: int,
              transformer: Callable[[str, int], LayoutTransformer]) -> str | None:
    """Why a line is prose (the grammar cannot read its first word, or reads fewer moves in it
    than other words), or ``None`` for a line of moves."""
    text = body[start:end]
    stop = attempt(parser, text)
    if not isinstance(stop, int):
        return None
    if stop <= _first_word(text):
        return _NO_MOVE_BEGINS
    try:
        moves = _parse_moves(parser, record, text, start, transformer, stop)
    except ParseError:
        return f"more than {_most_unreadable(text)} of its words read as no move"
    if _starts_with_move_number(parser, text):
        if moves is None and not move_like_words(parser, text):
            return _unread_number(record, body, start, text)
        return None  # "4. P-QKt4 Q takes P": a move line, whatever is wrong in it
    return "fewer of its words read as moves than not" if moves is None else None


def _unread_number(record: Record, body: str, start: int, text: str) -> str:
    """Why a line that opens with a number is prose when nothing after the number reads as a move: the
    user's own words quoted (their first few), at their line and column, as a heading may print them."""
    lead = len(text) - len(text.lstrip())
    words = " ".join(text.split())
    shown = words if len(words) <= 40 else words[:40].rsplit(" ", 1)[0] + " ..."
    line, column = record.position(start + lead)
    return f"a number with no move after it, as in a heading: {shown!r} at {line}:{column}"


def move_like_words(parser: Lark, text: str) -> list[str]:
    """Words of a prose text that the notation's grammar reads, alone, as a move (``P-K4``, ``Sf3``),
    or with the next word or two when the move is printed in words (``P to K4``, ``S g 1 – f 3``)."""
    words = [w for w in (word.rstrip(".,;:)!?").lstrip("(") for word in text.split()) if w]
    found = []
    at = 0
    while at < len(words):
        if words[at].rstrip(".").isdigit():  # a move number is no move
            at += 1
            continue
        for size in (1, 3, 2, 4, 5):
            phrase = " ".join(words[at:at + size])
            if at + size <= len(words) and _is_move_word(parser, phrase):
                found.append(phrase)
                at += size
                break
        else:
            at += 1
    return found


#: A capture printed without a square ("PxP", "KtxP", "QxB ch", "P. takes P."): a move's form without a figure.
CAPTURE = re.compile(r"(?<=[A-Za-z.])\s*[xX]\s*(?=[A-Z])|\btakes\b")


@lru_cache(maxsize=65536)
def _is_move_word(parser: Lark, word: str) -> bool:
    """Whether the grammar reads ``word`` alone as one move: a word with a figure, castling, or a capture
    printed without one (``PxP``, ``QxB ch``); never a word with none of them ("P", "K." in a name, "XIV")."""
    if not word or not any(c.isdigit() for c in word) and not word.startswith(("Castles", "O-O", "0-0")) \
            and not CAPTURE.search(word):
        return False
    tree = attempt(parser, word)
    if isinstance(tree, int):
        return False
    return sum(1 for _ in tree.find_data("move")) == 1


def _starts_with_move_number(parser: Lark, text: str) -> bool:
    try:
        first = next(iter(parser.lex(text.lstrip())), None)
    except UnexpectedInput:
        return False
    return first is not None and first.type == "MOVE_NUMBER"


#: Per grammar and text: the text with the words that read as no move marked, and whether the grammar reads it
#: so (else it is the text where the most such words are passed: Lark's error in it is the diagnostic). A line
#: is asked whether it is prose, then read as a run of moves (:func:`_is_prose`, :func:`_run`): its words are
#: marked once, each mark a parse of the whole text again.
_MARKED: dict[tuple[Lark, str], tuple[str, bool]] = {}
_MARKED_MOST = 4096


def _parse_moves(parser: Lark, record: Record, text: str, base: int,
                 transformer: Callable[[str, int], LayoutTransformer],
                 first: Tree | int | None = None) -> list[Any] | None:
    """Moves with unreadable words marked, or ``None`` when most of it is not moves (prose after all).
    (``first``: ``attempt(parser, text)``, where the caller has it.)"""
    marked = _MARKED.get((parser, text))
    tree: Tree | int | None = None
    if marked is None:
        if len(_MARKED) > _MARKED_MOST:
            _MARKED.clear()
        work, tree = _mark_unreadable(parser, text, first)
        marked = _MARKED[parser, text] = (work, not isinstance(tree, int))
    work, read_whole = marked
    if not read_whole:
        try:
            parser.parse(work)  # (Lark's own error, for the diagnostic)
        except UnexpectedInput as exc:
            raise from_lark(record, exc, base, "the moves") from None
    if tree is None:
        tree = attempt(parser, work)
    assert not isinstance(tree, int)  # (the grammar read this text when its words were marked)
    items = transformer(text, base).transform(tree)
    _trailing_asides(parser, items)
    read = [m for seg in items if isinstance(seg, _Segment) for m in _segment_items(seg) if isinstance(m, PrintedMove)]
    moves = sum(not isinstance(m.fields, Unreadable) for m in read)
    unreadable = sum(len(m.text.split()) for m in read if isinstance(m.fields, Unreadable))
    return items if moves >= unreadable else None


#: Checkpoints of the last shifts kept while a line's words are marked (:func:`_mark_unreadable`), and the words a
#: checkpoint must stand before a marked word to be taken up again from: more than any terminal's lookahead
#: reaches past its token (``(?!\s*,?\s*(?:and\s+)?(?:becom|[Qq]ueens))``: three words).
_CHECKPOINTS = 64
_RESUME_WORDS = 4


def unreadable_span(work: str, pos: int) -> tuple[int, int]:
    """The word the grammar stopped in at ``pos`` (its start and end), and the word before it too where that one is
    marked already: it began a move this one cannot finish ("Q takes")."""
    start = pos
    while start > 0 and not work[start - 1].isspace():
        start -= 1
    end = pos
    while end < len(work) and not work[end].isspace():
        end += 1
    if start < len(work) and work[start] == UNREADABLE_CHAR:
        start -= 1
        while start > 0 and work[start - 1].isspace():
            start -= 1
        while start > 0 and not work[start - 1].isspace():
            start -= 1
    return start, end


def _mark_unreadable(parser: Lark, text: str, first: Tree | int | None) -> tuple[str, Tree | int]:
    """``text`` with each word the grammar stops at marked unreadable, and the grammar's tree of it; or past
    the most such words or a stop at no word, where the grammar stops in it. Each mark's parse is taken up
    from a checkpoint before the marked word (:func:`notation.parse.lalr.stop`), not from the line's start:
    a line of many unreadable words is read in one pass, not once a word."""
    if first is not None and not isinstance(first, int):
        return text, first
    work = text
    unreadable = 0
    kept: deque[Checkpoint] = deque(maxlen=_CHECKPOINTS)
    pos = first if first is not None else stop(parser, work, None, kept)
    while True:
        if pos is None:
            return work, attempt(parser, work)
        start, end = unreadable_span(work, pos)
        if unreadable >= _most_unreadable(text) or end <= start:
            return work, pos
        work = work[:start] + UNREADABLE_CHAR * (end - start) + work[end:]
        unreadable += 1
        while kept and len(work[kept[-1][0]:start].split()) < _RESUME_WORDS:
            kept.pop()  # (past the change, or too near it: the resumed parse makes them again)
        pos = stop(parser, work, kept[-1] if kept else None, kept)


def _trailing_asides(parser: Lark, items: list[Any]) -> None:
    """Words after the last move of numbered moves that read as no move and name no piece or
    square ("13. Castles, with a fine game.") are the author's aside on that move, not a
    misprinted move: they become ``("aside", text, at)``."""
    segments = [seg for seg in items if isinstance(seg, _Segment) and seg.fraction is None]
    if not segments:
        return
    seg = segments[-1]
    if not any(isinstance(item, _Number) for item in seg.items):
        return  # a prose line that begins with a move ("Kt. to Kt's 5th, might be uncomfortable.")
    tail: list[PrintedMove] = []
    for item in reversed(seg.items):
        if not (isinstance(item, PrintedMove) and isinstance(item.fields, Unreadable)):
            break
        tail.append(item)
    tail = [m for m in reversed(tail)]
    sentence = _sentence_after_line(parser, seg.items)
    if sentence is not None:
        # The author's sentence after the line's last move, naming moves in it ("7. Q-B3 ch. White now threatens
        # Q-B7 mate.", "7. Q-B3 ch. The King must go to K3."): his words, not the other side's reply misprinted.
        # (Its moves are said as prose, :func:`parse_book`, never read into the line.)
        words = seg.items[sentence:]
        host = seg.items[sentence - 1]
        # A move after a threat's word ("White now threatens Q-B7 mate", "threatening", "with the threat of") is the
        # threat: the host's side's next move after a pass, which the replay checks as the text claims it.
        host.threat = next((m for k, m in enumerate(words) if k and not isinstance(m.fields, Unreadable)
                            and isinstance(words[k - 1].fields, Unreadable) and _THREAT_NAMED.search(words[k - 1].text)),
                           None)
        del seg.items[sentence:]
        seg.items.append(("aside", " ".join(" ".join([m.text, *m.annotations]) for m in words), words[0].start))
        return
    first_aside = len(tail)
    while first_aside > 0 and _is_aside(parser, tail[first_aside - 1].text):
        first_aside -= 1
    asides = tail[first_aside:]
    if not asides or not any(isinstance(m, PrintedMove) and not isinstance(m.fields, Unreadable)
                             for m in seg.items[:len(seg.items) - len(tail)]):
        return
    del seg.items[len(seg.items) - len(asides):]
    # (With the marks the grammar read after its words: "is also good." ends on the NOTE "good.", no word lost.)
    seg.items.append(("aside", " ".join(" ".join([m.text, *m.annotations]) for m in asides), asides[0].start))


#: A sentence's first words, after a line's last move: a capitalised word, then another word, neither of them a
#: piece's or square's ("White now threatens", "The King must"); or a threat's word ("threatening", "with the
#: threat of"), which names the move after it as the same side's next, not the other side's reply.
_SENTENCE_OPENING = re.compile(r"[A-Z][a-z]+,?\s+[A-Za-z][a-z]+\b|(?i:threat\w*|with\s+the\s+threat|droht\w*|mit\s+der\s+Drohung)\b")


def _sentence_after_line(parser: Lark, items: list[Any]) -> int | None:
    """Where the author's sentence begins after the last numbered move of a segment's line: an unreadable stretch
    after a move that ends its sentence (its full stop: "Q-B3 ch.", "Kt-B3."), or after a move and its comma where the
    stretch opens on a threat's word ("Q-B3 ch, threatening"), opening as :data:`_SENTENCE_OPENING` says, with no
    move number after it (the score goes on no further). ``None`` where there is none: a word between two moves of
    the line printed with only a comma or semicolon between is a misprinted move, and stays one."""
    for k in range(len(items) - 1, 0, -1):
        item, before = items[k], items[k - 1]
        if not isinstance(item, PrintedMove):
            return None  # (a number, a remark: the score goes on, or the words are not one sentence of moves')
        if not isinstance(item.fields, Unreadable) \
                or not isinstance(before, PrintedMove) or isinstance(before.fields, Unreadable):
            continue
        opening = _SENTENCE_OPENING.match(item.text)
        if opening is None or _PIECE_WORD.search(item.text.split()[0].rstrip(",")) \
                or _is_move_word(parser, item.text.split()[0]):
            continue
        if _LEADS_TO_A_MOVE.search(item.text) and not _THREAT_OPENING.search(item.text):
            # ("13. Kt. takes P. Black wins by R. takes P.": the sentence leads to the line's next move, no aside.)
            continue
        ended = (before.annotations[-1] if before.annotations else before.text).rstrip().endswith(".")
        if ended or opening.group(0)[0].islower() or _THREAT_OPENING.match(opening.group(0)):
            return k
    return None


_THREAT_OPENING = re.compile(r"(?i)threat|with\s+the\s+threat|droht|mit\s+der")
#: The words that lead a sentence to the move printed after them, the line's next ("Black wins by R. takes P.",
#: "White replies", "and then"): the line goes on through them.
_LEADS_TO_A_MOVE = re.compile(r"(?i)\b(?:by|plays?|repl(?:y|ies)|answers?|continues|then|follows|folgt|zieht)\b")
#: Words just before a move that name it as threatened, at their end ("White now threatens", "with the threat of",
#: "threat:", "Weiß droht", "mit der Drohung").
_THREAT_NAMED = re.compile(r"(?i)\b(?:threat(?:en(?:s|ing)?)?(?:\s+of)?|droht|Drohung)[:,]?\s*$")


#: Words that name a piece or a square: no aside has them.
_PIECE_WORD = re.compile(r"^(?:[KQ]|K[tT]|N|B|R|P|[KQ]['’]s)\.?$|\d")


#: A printer's sheet signature at the foot of a page, run into the text by the OCR ("... zu geben. 10* Weiss."):
#: the sheet's number and a star, no word of the author's.
_SIGNATURE = re.compile(r"^\d{1,2}\*$")


def _is_aside(parser: Lark, text: str) -> bool:
    if text.strip().isdigit():  # a move number the text breaks off after ("... 14. Lg5xe7 Dd8–b6 15")
        return True
    words = [w.strip(".,;:!?()[]_") for w in text.split() if not _SIGNATURE.match(w)]
    # (A possessive names no move: "and Black's game is cramped."; "K's" is a square's, its stem a piece's letter.)
    return all(w and _POSSESSIVE.sub("", w).isalpha() and not _PIECE_WORD.search(_POSSESSIVE.sub("", w))
               and not _PIECE_WORD.search(w) and not _is_move_word(parser, w) for w in words)


_POSSESSIVE = re.compile(r"(?<=[a-z])['’]s$")


def _first_word(text: str) -> int:
    return len(text) - len(text.lstrip())


def _error_pos(exc: UnexpectedInput) -> int:
    token = getattr(exc, "token", None)
    if token is not None and getattr(token, "start_pos", None) is not None:
        return token.start_pos
    return getattr(exc, "pos_in_stream", 0) or 0


_parsers: dict[str, Lark] = {}


def _parser(grammar: str) -> Lark:
    if grammar not in _parsers:
        from notation.parse import load

        # The transformers read token offsets only: positions on every tree node cost a third of the parse.
        parser = load(grammar, propagate_positions=False)
        # Lark.lex builds a new lexer on each call unless the parser keeps one: keep one, so that
        # asking for a line's first word (_starts_with_move_number) does not build it every time.
        parser.lexer = parser._build_lexer()
        _parsers[grammar] = parser
    return _parsers[grammar]
