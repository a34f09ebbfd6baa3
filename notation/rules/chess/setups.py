"""Where a chess record starts when no tag sets it: the set-up its text prints, or the diagram it names.

A problem or an ending is printed under its position. When no ``[FEN]``,
``[SetUp]`` or ``[Odds]`` tag (nor the heading's odds) sets the start, the
text before the first move is read for one (:mod:`notation.parse.chess_text_setup`:
a text diagram, a piece list, a FEN), the one nearest the moves:

* it sets the start when the first move fits it, or when the first move does
  not fit the opening either (an ``info`` ``setup-printed`` says which set-up
  and where); a set-up the first move does not fit, printed above moves that
  start from the opening, is a position the game reaches (``diagram-not-start``);
* a set-up that cannot be read, above moves that do not start from the
  opening, is ``bad-setup`` at the place and with what was expected there.

With none in the text and moves that do not start from the opening, a label
before the moves ("Diagram 11.", a solution's "No. 3."; else the one in the
title the heading above gives the record) names a diagram printed
elsewhere in the book: the nearest board so labelled that the first move fits
sets the start. Failing that, where the text shows that a diagram stood there
(an ``[Illustration]`` mark, a "Diagram" caption, a label naming no board it
gives), the record gets one ``missing-setup`` error and its moves are kept
unreplayed, not a cascade of illegal moves from the opening position.

The printed first move says who moves where the set-up does not ("1. ... K to
Q 2" is Black's). Where the text says Black moves first, a solution numbered
from 1 as problem books print it ("Black to play and mate in one move." /
"1. Q to Q Kt 8, mate.") numbers Black's moves first: the printed sides are
the set-up's (:func:`mover_first`), not a numbering error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import chess

from notation.boards.chess import Position
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse import next_turn
from notation.parse.chess_text_setup import (
    TASK_BEFORE_MOVES,
    TASKS_APART,
    TextSetUp,
    diagram_marks,
    other_sides_tasks,
    position_in_prose,
    references_in,
    setups_in,
    task_goal,
    task_side,
    task_words,
)
from notation.rules.chess.decode import Decoded
from notation.rules.chess.notations import ChessNotation


@dataclass
class TextStart:
    """The start the text gives: a board, or ``None`` when the set-up is missing or unreadable
    (the moves cannot be replayed); what to say, and what to keep in :attr:`Game.detail`."""

    board: chess.Board | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)
    #: Where the set-up is missing but the first move fits the opening too: the opening, to replay from
    #: when no set-up the moves need is found.
    fallback: chess.Board | None = None
    #: Whether the text says who moves first (the task, "Black to play and mate in one move.", or the set-up's
    #: own side to move), not only the first printed move.
    turn_given: bool = False
    #: Whether the set-up's Black squares are counted from White's side (:func:`text_start`).
    from_whites_side: bool = False


def text_start(parsed: ParsedRecord, notation: ChessNotation, from_whites_side: bool = False) -> TextStart | None:
    """The start the record's text sets, or ``None`` when it sets none (the opening position).

    ``from_whites_side``: the set-up above the moves read with Black's squares counted
    from White's side, as some books count them ("Black: K at Q R 3" on a3; :attr:`TextSetUp.other`; his moves stay
    counted from his side, as descriptive moves are), ``None``
    where it reads one way only: the family replays the record from each and keeps the reading its moves and claims
    bear out (:func:`notation.rules.chess.better_start`)."""
    record = parsed.record
    moves = parsed.line.moves
    if not moves:
        return _unplayed_setup(record, from_whites_side)
    first = moves[0]
    before = record.body[:first.start]
    printed = setups_in(before)
    if from_whites_side:
        if not printed or printed[-1].other is None:
            return None
        printed = [*printed[:-1], printed[-1].from_whites_side()]
    # Black's move printed first is no move from the opening, whatever its words would mean for White.
    opening = first.side != "black" and _fits(notation, chess.Board(), first)
    # A label between the last set-up and the moves names the one they start from ("In Diagram 14, White
    # plays 1. P-Q7 ch" under the boards of Diagrams 14 and 15), where a set-up so labelled fits the first move.
    named = [(at, n) for at, n in references_in(before) if printed and at >= printed[-1].end]
    if named and record.body_origin is None:
        found = _referenced(parsed, notation, named, first, fitting=True)
        if found is not None:
            return found
    # The other side's line of an ending taught for each side to move begins at its task, its set-up above it.
    setup = printed[-1] if printed else _other_sides_setup(record)
    if setup is not None:
        where = record.position(setup.start) if printed else record.source.position(setup.start)
        if setup.board is not None:
            board = _with_turn(setup.board, setup.turn_given, first)
            task = _task(record.body, setup.end if printed else 0, first)
            if task is not None and (side_set := with_side_to_move(board, task_side(task))) is not None:
                board = side_set
            if opening and not _fits(notation, board, first):
                return TextStart(chess.Board(), [Diagnostic(
                    "info", "diagram-not-start",
                    f"the first move fits the opening, not the position of the {setup.form} at line {where[0]}: "
                    "replayed from the opening", *record.position(first.start))])
            started = _started(board, setup, where, f"the {setup.form} at line {where[0]}"
                               + ("" if printed else " (the same set-up, the other side to move)"), from_whites_side)
            if task is not None and board.turn == task_side(task):
                started.turn_given = True
                if task_goal(task) is not None:
                    started.detail["task"] = task_words(task)
            return started
        if not opening:
            line, column = record.position(setup.error_at)
            return TextStart(None, [Diagnostic(
                "error", "bad-setup", f"cannot set up the start position from the {setup.form} printed before "
                f"the moves: {setup.error}; its {_count(parsed)} printed moves are kept unreplayed",
                line, column)], {"setup_missing": True})
    # A score under a diagram the text does not give, with nothing but its task between ("[Illustration]" /
    # "White to play." / "1. P-Kt4 K-B1"), is the diagram's unless its first moves all replay from the opening.
    # One numbered past 1 under a mark whose text above tells every move before it ("After the moves 1. P-K4,
    # P-K4; ... 8. QKtxB, P-Q4!" / "[Illustration]" / "In this position ... 9. PxP") is the game above going on.
    if first.number is not None and told_from_move_one(before, first.number):
        return None
    under_a_mark = opening and _under_a_mark(before)
    if opening and not (under_a_mark and not _opens(notation, moves[:_OPENING_PLIES])):
        return None
    # The label before the moves, else the one the paragraph just above the record names ("The next
    # position (see Diagram 20), is ..." over a score with no label of its own), else the title's.
    references = references_in(before) or [(0, number) for _, number in references_in(_paragraph_above(record))] \
        or [(0, number) for _, number in references_in(record.tag("Title") or "")]
    if references and record.body_origin is None:
        found = _referenced(parsed, notation, references, first)
        if found is not None:
            return found
    marks = [(at, text) for at, text in diagram_marks(before)] or [
        (at, (before[at:].split("\n")[0].strip() or record.tag("Title") or "")) for at, _ in references]
    if not marks:
        # A position printed in prose in a form not read as a set-up ("the White King is at K sq, ..."): said, never
        # replayed from a position of the reader's own making as if none were printed.
        prose = position_in_prose(before)
        if prose is None:
            return None
        line, column = record.position(prose.error_at)
        return TextStart(None, [Diagnostic(
            "error", "bad-setup", f"cannot set up the start position from the position printed in prose before the "
            f"moves (line {record.position(prose.start)[0]}): {prose.error}; its {_count(parsed)} printed moves are "
            "kept unreplayed", line, column)], {"setup_missing": True})
    at, mark = marks[-1]
    why = "its first moves are not the opening's" if opening else "is no move from the opening position"
    return TextStart(None, [Diagnostic(
        "error", "missing-setup",
        f"the moves start from a diagram the text does not give ({mark!r}) and no FEN, piece list or text "
        f"board sets it up: its {_count(parsed)} printed moves are kept unreplayed (the first, "
        f"{first.text!r}, {why})", *record.position(at))], {"setup_missing": True},
        fallback=chess.Board() if opening else None)


#: A move's number printed in the text with its move after it ("1. P-K4", "8. ..., P-Q4", "4 ... Kt-B3").
_NUMBERED_MOVE = re.compile(r"(?<![\w.])(\d{1,3})[ \t]*[.)]?[ \t]*(?:(?:\.{2,4}|…|-{2,4}|—)[ \t]*,?[ \t]*)?(?=[A-Z])")


def told_from_move_one(text: str, number: int) -> bool:
    """Whether ``text`` prints a move under each number from 1 to ``number`` - 1 (a lecture's sentences, "After the
    moves 1. P-K4, P-K4; 2. Kt-KB3, ..."): a score taken up at ``number`` below it goes on with the game it tells."""
    if number <= 1:
        return False
    printed = {int(m.group(1)) for m in _NUMBERED_MOVE.finditer(text)}
    return all(n in printed for n in range(1, number))


#: The first plies of a score under a diagram mark that must replay from the opening for it to be the opening's.
_OPENING_PLIES = 4
#: A diagram mark ending the text before the moves, with only the task between ("White to play and win."), and the
#: words that lead in to the moves on their line ("In this position White plays 1. ...").
_MARK_OVER_SCORE = re.compile(r"\[(?:Illustration|Diagram)\b[^\]\n]*\]\s*(?:(?:White|Black)\s+to\s+(?:play|move)\b[^\n]{0,60}\s*)?(?:[^\n\[\]]{0,120}[^\W\d_][:,]?[ \t]+)?(?:\d{1,3}[ \t]*[.)]?[ \t]*)?\Z")


def _under_a_mark(before: str) -> bool:
    """Whether the text before the moves ends with a diagram mark, only the task (and the first move's number) between."""
    return _MARK_OVER_SCORE.search(before) is not None


def _opens(notation: ChessNotation, moves: list[PrintedMove]) -> bool:
    """Whether the moves replay from the opening, one legal reading at a time (the first where several)."""
    position = Position.start(chess.Board())
    for pm in moves:
        if isinstance(pm.fields, Decoded):
            if not position.board.is_legal(pm.fields.move):
                return False
            position.push(pm.fields.move)
            continue
        readings = notation.resolve(position, pm)
        if not readings:
            return False
        position.push(readings[0])
    return True


#: A blank line: where a paragraph ends.
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def printed_first(record: Record, move_words: Callable[[str], Sequence[tuple[int, str]]]) -> chess.Board | None:
    """The position the record's text prints before any word of it that reads as a move (an ending's men
    in words under its heading, "_Situation of the White._ / The king at ..."), the side to move the task
    after it names ("Black to move draws by"), else ``None``: the start to read the moves from where the layout
    reader read none (the decoder's, :mod:`.decode`)."""
    body = record.body
    for setup in setups_in(body):
        if setup.board is not None:
            if move_words(body[:setup.start]):
                return None
            # (The task between it and the first move word says who moves first, "Black to move draws by 1. ...",
            # as :func:`text_start` reads it for the layout reader's moves.)
            after = move_words(body[setup.end:])
            tasks = list(TASK_BEFORE_MOVES.finditer(body, setup.end, setup.end + after[0][0] if after else len(body)))
            side_set = with_side_to_move(setup.board, task_side(tasks[-1])) if tasks else None
            return side_set or setup.board.copy()
    above = _other_sides_setup(record)
    if above is None or above.board is None:
        return None
    # (The other side's line of an ending taught for each side to move: its set-up, the side its task names to move.)
    task = TASK_BEFORE_MOVES.match(record.source.text, record.start)
    side_set = with_side_to_move(above.board, task_side(task)) if task is not None else None
    return side_set or above.board.copy()


def _paragraph_above(record: Record) -> str:
    """The last paragraph of the text before the record (none for a record with tag pairs: its own)."""
    if record.start != record.body_start:
        return ""
    text = record.source.text[max(0, record.start - _ABOVE):record.start].rstrip()
    ends = [m.end() for m in _BLANK_LINE.finditer(text)]
    return text[ends[-1]:] if ends else ""


#: How far above a record its paragraph is looked for, in characters.
_ABOVE = 600


def _unplayed_setup(record: Record, from_whites_side: bool = False) -> TextStart | None:
    """The start of a record that prints a set-up and no move the layout reads (a solution in words it does not
    read, "1. R-R7, and so on."): the set-up's, so that the words of its moves are checked there, never at the
    opening's position; the side to move as its task says. ``from_whites_side``: its list read from White's
    side (the decoder reads the words from each reading), ``None`` where it reads one way only."""
    printed = [s for s in setups_in(record.body) if s.board is not None]
    if not printed:
        return None
    setup = printed[-1]
    if from_whites_side:
        if setup.other is None:
            return None
        setup = setup.from_whites_side()
    board = setup.board.copy()  # type: ignore[union-attr]
    task = next(reversed(list(TASK_BEFORE_MOVES.finditer(record.body, setup.end))), None)
    if task is not None and (side_set := with_side_to_move(board, task_side(task))) is not None:
        board = side_set
    where = record.position(setup.start)
    return _started(board, setup, where, f"the {setup.form} at line {where[0]}", from_whites_side)


def _started(board: chess.Board, setup: TextSetUp, where: tuple[int, int], named: str,
             from_whites_side: bool = False) -> TextStart:
    label = f", numbered {setup.label}" if setup.label is not None else ""
    said = [Diagnostic("info", "setup-printed", f"the start position is set up from {named}{label}: {board.fen()}",
                       *where)]
    # (The set-up read from White's side, :meth:`TextSetUp.from_whites_side`, else no such reading.)
    from_whites_side = from_whites_side and bool(setup.recounted) and setup.other is None
    if from_whites_side:
        said.append(Diagnostic("info", "setup-from-white", "Black's squares counted from White's side: "
                               + "; ".join(setup.recounted) + " (the moves and claims bear it out)", *where))
    return TextStart(board, said, {"setup": board.fen(), "setup_from": setup.form, "setup_line": where[0]},
                     turn_given=setup.turn_given, from_whites_side=from_whites_side)


def _referenced(parsed: ParsedRecord, notation: ChessNotation, references: list[tuple[int, int]],
                first: PrintedMove, fitting: bool = False) -> TextStart | None:
    """The set-up elsewhere in the book that a label before the moves names (a board, or a piece list under its
    label: "From the position in Example 4, ..."), nearest first, that the first move fits; else, unless
    ``fitting``, the one printed above the record."""
    record = parsed.record
    source = record.source
    earlier: tuple[int, TextSetUp] | None = None
    for at, number in reversed(references):
        here = record.body_start + at
        boards = [s for s in setups_in(source.text) if s.label == number and s.board is not None]
        for setup in sorted(boards, key=lambda s: abs(s.start - here)):
            board = _with_turn(setup.board, setup.turn_given, first)  # type: ignore[arg-type]
            if _fits(notation, board, first):
                return _named(record, at, board, setup)
            if earlier is None and setup.start < record.start:
                earlier = at, setup
    if earlier is not None and not fitting:
        # The first move the layout read fits no board named: it may be no first move at all (the moves of a
        # sentence, "From the position in Example 4, if White plays 1. K-Q7, ...", which the layout leaves for
        # prose). The set-up named above the record is still its start, and the decoder reads the words from it.
        at, setup = earlier
        return _named(record, at, _with_turn(setup.board, setup.turn_given, first), setup)  # type: ignore[arg-type]
    return None


def _named(record: Record, at: int, board: chess.Board, setup: TextSetUp) -> TextStart:
    where = record.source.position(setup.start)
    started = _started(board, setup, record.position(at), f"the {setup.form} the text names, printed at line {where[0]}")
    started.detail["setup_line"] = where[0]
    return started


def _other_sides_setup(record: Record) -> TextSetUp | None:
    """Where the record begins at a task for the other side to move from the set-up the record above is taught from
    ("...; but Black to move draws by 1. ... K-B1": :func:`other_sides_tasks`), that set-up: the last position
    printed above it; else ``None``."""
    text = record.source.text
    if not TASK_BEFORE_MOVES.match(text, record.start):
        return None
    if not any(task.start() == record.start for task in other_sides_tasks(
            text, max(0, record.start - TASKS_APART), min(len(text), record.start + _TASK_LENGTH))):
        return None
    return next((s for s in reversed(setups_in(text)) if s.end <= record.start and s.board is not None), None)


#: The longest task, in characters ("But Black to move draws": its move 1 in the next few words).
_TASK_LENGTH = 120


def _task(body: str, after: int, first: PrintedMove) -> re.Match[str] | None:
    """The task printed between the set-up (ending at ``after``) and the first move, the last where several, that
    says who moves first ("White to move wins by 1. P-Kt7", "Weiß am Zuge gewinnt"), unless the first move is
    printed as the other side's ("1. ... K-B1" under "White to move": the printed move's side stands)."""
    found = next(reversed(list(TASK_BEFORE_MOVES.finditer(body, after, first.start))), None)
    if found is None:
        return None
    side = task_side(found)
    if first.side == "black" and side == chess.WHITE:
        return None
    if first.side == "white" and side == chess.BLACK and first.number != 1:
        return None
    return found


def with_side_to_move(board: chess.Board, side: chess.Color) -> chess.Board | None:
    """A copy of the board with ``side`` to move, where the position allows it; else ``None``."""
    board = board.copy()
    if board.turn != side:
        board.turn = side
        board.ep_square = None
    return board if board.is_valid() else None


def _with_turn(board: chess.Board, turn_given: bool, first: PrintedMove) -> chess.Board:
    """A copy of the set-up (the replay moves on it), with the side to move the printed first move
    shows where the set-up does not say."""
    if turn_given or first.side not in ("white", "black"):
        return board.copy()
    turned = board.copy()
    turned.turn = chess.WHITE if first.side == "white" else chess.BLACK
    return turned if turned.is_valid() else board.copy()


def mover_first(start: TextStart | None, line: PrintedLine) -> PrintedLine:
    """The line as a problem book numbers it: where the text sets up a position and says Black moves first, and the
    solution's first move is printed as move 1 with no mark of Black's ("1. Q to Q Kt 8, mate.", not "1. ... "),
    each number's first move is Black's: every printed side is the other (variations' too), and a White move
    under a number is White's move of the next number, as a game counts it. Else the line
    as printed: a game from the opening, or a set-up whose side to move only the first move shows, keeps its
    numbers' sides, and a real numbering error stays one."""
    first = line.moves[0] if line.moves else None
    if start is None or start.board is None or not start.turn_given or start.board.turn != chess.BLACK \
            or first is None or first.number != 1 or first.side != "white":
        return line
    # Black's printed "1." is Black's move 1; White's reply under the same number is White's move 2: each printed
    # (number, side) is the turn after it.
    turned = next_turn
    root = PrintedLine(list(line.moves), line.label, line.comment, *turned(line.start_number, line.start_side))
    stack = [root]
    while stack:  # (without recursion: variations may nest deep)
        here = stack.pop()
        moves = []
        for pm in here.moves:
            variations = []
            for v in pm.variations:
                number, side = turned(v.start_number, v.start_side)
                variations.append(replace(v, moves=list(v.moves), start_number=number, start_side=side))
            stack.extend(variations)
            number, side = turned(pm.number, pm.side)
            moves.append(replace(pm, number=number, side=side, variations=variations))
        here.moves = moves
    return root


def _fits(notation: ChessNotation, board: chess.Board, first: PrintedMove) -> bool:
    if isinstance(first.fields, Decoded):  # the decoder's reading: the move it read (``K*s`` as ``K's``)
        return board.is_legal(first.fields.move)
    return bool(notation.resolve(Position.start(board), first))


def _count(parsed: ParsedRecord) -> int:
    """Printed moves of the record, variations included (without recursion: they may nest deep)."""
    count, stack = 0, [parsed.line]
    while stack:
        line = stack.pop()
        count += len(line.moves)
        stack.extend(v for m in line.moves for v in m.variations)
    return count
