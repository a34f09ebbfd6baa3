"""The set-ups a chess text prints: a text diagram, a piece list, a FEN.

A problem or an ending is printed under its position, in one of three forms,
each read by its own reader:

* a board drawn in text (:mod:`notation.parse.chess_diagram`);
* a piece list, in algebraic notation (:mod:`notation.parse.chess_piece_list`:
  "White: Kg1, Qd1 ...", "Weiß: Kg1, Dd1 ...") or descriptive
  (:mod:`notation.parse.chess_setup`: "White: K at K B 6, Q at Q 2 ...",
  "White (5 pieces): K on Q B sq ...", "Black men;-- King on ...");
* a FEN.

:func:`setups_in` finds them all in a text, each with its position or, when
it does not read, the reader's error. :func:`references_in` finds where a
text names a diagram printed elsewhere ("Diagram 11.", a solution's "No. 3."),
and :func:`diagram_marks` where it shows that a diagram stood there that the
text does not give (an ``[Illustration]`` mark, a "Diagram" caption).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

import chess

from notation.parse.chess_diagram import LABEL, TO_MOVE, checked, find_diagrams
from notation.parse.chess_piece_list import PieceListError, parse_piece_list
from notation.parse.chess_setup import SetUpError, parse_setup


@dataclass(frozen=True)
class TextSetUp:
    """A set-up printed in a text: its form, where it stands, its position or why it has none."""

    form: str  # "diagram", "piece list" or "FEN"
    start: int
    end: int
    board: chess.Board | None
    error: str | None = None
    #: Where in the text the error lies.
    error_at: int = 0
    #: The number the diagram is labelled with ("No. 3." above it), if any.
    label: int | None = None
    #: Whether the text says who moves (else the side is the default: White, unless Black is in check).
    turn_given: bool = False
    #: A descriptive list's other reading, Black's bare squares counted from White's side as some books count
    #: them ("Black: K at Q R 3" on a3), where it is a position: the record's moves choose
    #: (:mod:`notation.rules.chess.setups`); and its squares so read ("King at Q R 3 is a3").
    other: chess.Board | None = None
    recounted: tuple[str, ...] = ()

    def from_whites_side(self) -> TextSetUp:
        """The set-up read with Black's squares counted from White's side (itself where they read one way)."""
        if self.other is None:
            return self
        return replace(self, board=self.other, other=None)


#: Where a piece list may begin: a side's colour then a colon (a count of men between), or "Black men;--", or
#: a side's heading alone on its line over its men in words ("_Situation of the White._", the italics' marks kept).
#: A side's colour may end in a stop and a dash in place of the colon where a man follows ("White.--K at QB6",
#: "WHITE.--K-KB6"), or in a comma ("White, King at K 1, ..."), or the side "has" its men ("White has his King at K
#: sq and ..."): the forms the grammar (:mod:`.chess_setup`) reads as opening a side's list.
#: A bracket after the colour, closed on its line, counts the side's men or names its player, however long
#: ("White (5 pieces):", "White (Mr. Morphy, who gives the odds of the Queen's Knight):").
#: A short label may stand before it on its line, up to a stop, a bracket or a dash ("Example 12. White: K at
#: K6 ...", "No. 5.--White: "), and the list may be in brackets after it ("Ending 9. (White: K on K B 6, ...)",
#: "[Illustration: White: K at K6 ...]": it ends at the closing bracket); the list begins after it (group ``list``).
#: After a label that ends in a
#: colon, the colour needs none where a man on a square follows it ("Position: White K on KB6, P on K7; Black
#: K on K sq.", "position: The White King at K sq, the White Rook at ..."): group ``bare``, a list only with that
#: label (elsewhere it is a sentence's subject).
_LIST_START = re.compile(
    r"(?m)^[ \t]*(?:[^\n:]{1,40}?[.)\]_—–-][ \t]*|(?P<colon>[^\n:]{1,40}?:[ \t]*))??(?P<bracket>\([ \t]*)?"
    r"(?P<list>(?:White|Black|WHITE|BLACK|Wei(?:ß|ss|s)|Schwarz)[ \t]*(?:\([^()\n]*\))?[ \t]*"
    r"(?::|(?:\.?[ \t]*(?:--|[—–])|,|[ \t]+has(?:[ \t]+(?:his|her|a|an|the))?)(?=[ \t]*(?:K|Q|R|B|Kt|P|King|Queen|Rook|Bishop|Knight|Pawn)s?\.?[ \t-]))"
    r"|(?P<bare>(?:(?:The|the)[ \t]+)?(?:White|Black|WHITE|BLACK)[ \t]+(?=(?:K|Q|R|B|Kt|P|King|Queen|Rook|Bishop|Knight|Pawn)s?[ \t]+"
    r"(?:at|on)\b))"
    r"|(?:White|Black)[ \t]+men[ \t]*[;:,]-*"
    r"|_?(?:Situation|Position|SITUATION|POSITION)[ \t]+of[ \t]+the[ \t]+(?:White|Black|WHITE|BLACK)\b[._ \t]*$)")
#: A man's letter and his descriptive square with a dash or nothing between, as the descriptive piece lists print
#: them ("K-KB6", "R QR1", "P-KKt5", "K-K sq"): the square names its wing (K or Q), the letter before it is a man's.
_LETTER_ON_WINGED_SQUARE = (r"\b(?:K|Q|R|B|Kt|P)\.?(?:[ \t]*-[ \t]*|[ \t]+)[KQ]\.?[ \t]?(?:(?:R|Kt|B)\.?[ \t]?)?"
                            r"(?:[1-8]|sq\b)")
#: A man on a square in either notation, or in words ("The king at the adverse king’s 3d"): what makes a line
#: a piece list and not a heading ("White: Mr. X.").
_MAN_ON_SQUARE = re.compile(r"\b(?:Kt|[KQRBNPDTLSMO])\.?[ \t]?[a-h][ \t]?[1-8]\b|\b(?:K|Q|R|B|Kt|P)\.?[ \t]+(?:at|on)\b"
                            r"|" + _LETTER_ON_WINGED_SQUARE +
                            r"|\b(?:king|queen|rook|knight|bishop|pawn)[ \t]+(?:at|on)[ \t]+(?:the|his|her|its)\b"
                            # (a man's name in full on a descriptive square: "King at K B 6", "Rooks on Q R sq")
                            r"|\b(?:King|Queen|Rook|Castle|Knight|Bishop|Pawn)s?[ \t]+(?:at|on)[ \t]+(?:[KQ]|[KQ]?[ \t]?(?:R|Kt|B))\b")
#: A side's heading alone on its line: its men are on the lines under it.
_HEADING_ALONE = re.compile(r"_?(?:Situation|Position|SITUATION|POSITION)[ \t]")
#: How many lines a piece list may run over.
_LIST_LINES = 6
#: A FEN's placement, with whatever of its other fields follows.
_FEN = re.compile(r"(?<![\w/])(?:[rnbqkpRNBQKP1-8]{1,8}/){7}[rnbqkpRNBQKP1-8]{1,8}"
                  r"(?:[ \t]+[wb](?:[ \t]+(?:-|[KQkq]{1,4})(?:[ \t]+(?:-|[a-h][36])(?:[ \t]+\d+[ \t]+\d+)?)?)?)?(?![\w/])")
#: A diagram the text does not give: a transcriber's mark, or a caption over no board.
_MARK = re.compile(r"\[(?:Illustration|Diagram|Abbildung|Bild)\b[^\]\n]*\]?"
                   r"|^[ \t]*\(?(?:Diagram|DIAGRAM|Diagramm|DIAGRAMM)\b[^\n]{0,40}$", re.M)


def setups_in(text: str) -> list[TextSetUp]:
    """Every set-up printed in ``text``, in the order they stand."""
    return list(_setups(text))


def without_setups(body: str) -> str:
    """The body with each set-up it prints (a text diagram, a piece list, a FEN that reads as a
    position) blanked out, lines and offsets kept: its men and squares are no moves ("White: Kg1, Qd1")
    to the layout reader or the decoder."""
    spans = [(s.start, s.end) for s in setups_in(body) if s.board is not None]
    if not spans:
        return body
    parts, at = [], 0
    for start, end in spans:
        parts += [body[at:start], re.sub(r"[^\n]", " ", body[start:end])]
        at = end
    return "".join(parts) + body[at:]


@lru_cache(maxsize=64)
def _setups(text: str) -> tuple[TextSetUp, ...]:
    found: list[TextSetUp] = []
    for d in find_diagrams(text):
        error = d.error
        found.append(TextSetUp("diagram", d.start, d.end, d.board, error.reason if error else None,
                               error.offset if error else 0, d.label, d.turn is not None))
    end = 0
    for m in _LIST_START.finditer(text):
        if m.start("list") < end:
            continue  # the other side's part of a list already read
        if m.group("bare") is not None and m.group("colon") is None:
            continue  # "White K on K B 6 wins": a sentence, not a list under its label
        opened, close = _brackets(text, m.start("list"))
        listed = _piece_list(text, m.start("list"), close)
        if listed is not None and m.group("bracket") and listed.end == close and listed.board is not None:
            listed = replace(listed, start=opened, end=close + 1)  # the brackets are the list's
        if listed is not None:
            found.append(listed)
            end = listed.end
    for m in _FEN.finditer(text):
        found.append(_fen(m.group(), m.start(), m.end()))
    return tuple(sorted(found, key=lambda s: s.start))


_CLOSERS = {"(": ")", "[": "]"}


def _brackets(text: str, start: int) -> tuple[int, int | None]:
    """(where, where it closes) of the bracket left open on the line before ``start`` ("(White: ...",
    "[Illustration: White: ..."), a count's brackets inside the list ("(5 pieces)") passed over, on the few
    lines a list may run over; ``(start, None)`` where none is open or it does not close."""
    line = text.rfind("\n", 0, start) + 1
    stack = []
    for k in range(line, start):
        if text[k] in _CLOSERS:
            stack.append(k)
        elif stack and text[k] == _CLOSERS[text[stack[-1]]]:
            stack.pop()
    if not stack:
        return start, None
    opened = stack[-1]
    depth = 0
    for k in range(start, min(len(text), start + 80 * _LIST_LINES)):
        if text[k] == text[opened]:
            depth += 1
        elif text[k] == _CLOSERS[text[opened]]:
            if depth == 0:
                return opened, k
            depth -= 1
    return opened, None


def _piece_list(text: str, start: int, close: int | None = None) -> TextSetUp | None:
    """The piece list that begins at ``start``: the most lines, up to a few, that read as one (up to ``close``,
    the bracket that closes a list printed in brackets)."""
    at = start + len(text[start:]) - len(text[start:].lstrip())
    ends: list[int] = []
    end = at
    limit = _LIST_LINES
    while len(ends) < limit:
        end = text.find("\n", end + 1)
        if end < 0:
            ends.append(len(text))
            break
        if not text[ends[-1] if ends else at:end].strip():
            # A blank line ends the paragraph, unless the other side's list begins the next (each side's
            # men a paragraph of its own, "_Situation of the Black._" under White's).
            if ends and limit == _LIST_LINES and _LIST_START.match(text, end + 1):
                limit += _LIST_LINES
                continue
            break
        ends.append(end)
    if close is not None:
        ends = sorted({min(end, close) for end in ends if end <= close} | {close})
    # The first line names a man (a heading alone on its line: the line under it).
    heading = len(ends) > 1 and _HEADING_ALONE.match(text, at) is not None
    if not _MAN_ON_SQUARE.search(text, at, ends[1] if heading else ends[0] if ends else at):
        return None  # "White: Mr. Staunton." is a heading, not a list
    first: tuple[str, int] | None = None
    for end in reversed(ends):
        # (An e-text's marks of italics, "_Situation of the White._", are no words of the list.)
        words = " ".join(text[at:end].split("\n")).replace("_", " ")
        board, problem, other, recounted = _read_list(words)
        if board is not None:
            given = TO_MOVE.search(words) is not None
            if not given:  # the task in the heading over the list ("PROBLEM 14. ... Black to play and mate ...")
                turn = _turn_over(text, at)
                turned = board.copy()
                if turn is not None:
                    turned.turn = turn
                if turn is not None and turned.is_valid():
                    board, given = turned, True
                    if other is not None:  # (the other reading: the same side to move, where it may)
                        other = other.copy()
                        other.turn = turn
                        other = other if other.is_valid() else None
            return TextSetUp("piece list", at, end, board, turn_given=given, label=_label_over(text, at),
                             other=other, recounted=recounted if other is not None else ())
        first = problem
    assert first is not None
    return TextSetUp("piece list", at, ends[0], None, first[0], at + first[1])


#: The longest line above a piece list that is its label ("Example 4.", "DIAGRAM 7.", "[Illustration: No. 5]").
_LABEL_LINE = 40


def _label_over(text: str, at: int) -> int | None:
    """The number of the label a piece list stands under: on its own line before it ("Example 12. White:
    ..."), else the nearest line above, past blank lines, when that line is short (a caption, not prose)."""
    line = text.rfind("\n", 0, at) + 1
    here = LABEL.search(text, line, at)
    if here is not None:
        return int(here.group(1))
    above = text[:line].rstrip().rsplit("\n", 1)[-1].strip()
    found = LABEL.search(above) if len(above) <= _LABEL_LINE else None
    return int(found.group(1)) if found is not None else None


#: How many non-blank lines above a piece list its task is looked for (a board's: :mod:`.chess_diagram`).
_TASK_LINES = 2


def _turn_over(text: str, at: int) -> chess.Color | None:
    """Who moves, as the task printed on the lines just above a piece list says it ("Black to play and mate in
    one move.", "Schwarz zieht ..."), up to a line that names a man on a square (another list's own words)."""
    lines = [line for line in text[max(0, at - 80 * 2 * _TASK_LINES):text.rfind("\n", 0, at) + 1].split("\n")
             if line.strip()]
    own = text[text.rfind("\n", 0, at) + 1:at]  # the label before the list on its line
    for line in [own] + lines[::-1][:_TASK_LINES]:
        found = TO_MOVE.search(line)
        if found is not None:
            word = (found.group(1) or found.group(2)).lower()
            return chess.WHITE if word.startswith(("white", "wei")) else chess.BLACK
        if _MAN_ON_SQUARE.search(line):
            return None
    return None


def _read_list(words: str) -> tuple[chess.Board | None, tuple[str, int] | None, chess.Board | None, tuple[str, ...]]:
    """The position a piece list names in either notation, or the error of the algebraic reader
    (or of the descriptive one, when the list is descriptive); and a descriptive list's other reading, Black's
    bare squares counted from White's side, where it has one that is a position, with those squares."""
    try:
        return parse_piece_list(words).board(), None, None, ()
    except PieceListError as exc:
        algebraic = (exc.reason, exc.offset)
    try:
        setup = parse_setup(words)
        board = setup.board()
        recounted = tuple(setup.recounted())
        other = None
        if recounted:
            try:
                other = setup.board(black_from_white=True)
            except SetUpError:
                pass  # (two men on a square, a side not to move in check: no position so read)
        return board, None, other, recounted
    except SetUpError as exc:
        # The descriptive reader's error where the list reads as descriptive ("K at K B 6", "K-KB6"; not "K on f6").
        descriptive = re.search(r"\b(?:K|Q|R|B|Kt|P|King|Queen|Rook|Bishop|Knight|Pawn)s?[ \t]+(?:at|on)[ \t]+"
                                r"(?![a-h][ \t]?[1-8])|" + _LETTER_ON_WINGED_SQUARE, words)
        return None, (exc.reason, exc.offset) if descriptive else algebraic, None, ()


def _fen(text: str, start: int, end: int) -> TextSetUp:
    """A FEN as printed: its placement, and its side to move, castling and the rest where given."""
    fields = text.split()
    full = fields + ["w", "-", "-", "0", "1"][len(fields) - 1:]
    try:
        board = chess.Board(" ".join(full[:6]))
        if len(fields) < 3:  # no castling printed: allowed where King and Rook stand at home
            turn = {"w": chess.WHITE, "b": chess.BLACK}.get(fields[1]) if len(fields) > 1 else None
            board = checked(board, turn, ValueError)
        elif not board.is_valid():
            raise ValueError(", ".join(flag.name.lower().replace("_", " ") for flag in chess.Status
                                       if flag and flag in board.status() and flag.name))
    except ValueError as exc:
        return TextSetUp("FEN", start, end, None, f"the FEN is no position: {exc}", start)
    return TextSetUp("FEN", start, end, board, turn_given=len(fields) > 1)


#: A task printed before its moves in a sentence, for one side to move, with the verdict it claims where it gives
#: one: "White to move wins", "But Black to move draws", "If Black is to move, ...", "With Black to move, ...",
#: "White to play and win", "White to play and mate in two moves", "Weiss zieht und setzt in zwei Zügen matt",
#: "Weiß am Zuge gewinnt", "Schwarz am Zuge hält remis"; the side named in other words
#: ("Black, if he has the move, ...", "If it were Black's move, ...", "Ist Schwarz am Zuge, ..."). The verdict stands
#: right after the side named, said of it ("he draws", "can only draw", "so hält er remis", "Schwarz am Zuge: remis"),
#: of the game ("the game is drawn") or of the other side ("White wins", "White could not win"): words after it that
#: say something else ("If Black is to move, White plays ...") claim nothing of the start. Group ``side`` (English or
#: German), ``turn`` (the words that say who moves), ``verdict`` (``None`` where none is printed) and
#: the ``winner`` it names where not the side to move ("With Black to move, White wins"); an ending taught for each
#: side to move from one set-up prints one such task for each (:func:`other_sides_tasks`).
TASK_BEFORE_MOVES = re.compile(
    # (the letters a task can begin with, looked at first: a scan of a whole book tries the rest at few places)
    r"(?=[BbAaIiWwNnDdMmHhSs])"
    r"(?:\b(?i:but|and|if|with|now|aber|doch|wenn|mit|hat|ist)[ \t]+)?"
    r"(?P<it>\b(?i:it)[ \t]+(?:is|were|was|be)[ \t]+)?"
    r"\b(?P<turn>(?P<side>White|Black|Wei(?:ß|ss|s)|Schwarz)(?(it)['’]s[ \t]+move\b|(?:"
    r"[ \t]+(?:(?:is[ \t]+)?to[ \t]+(?:move|play)\b|(?:am[ \t]+Zuge?|zieht)\b)"
    r"|,[ \t]+if[ \t]+he[ \t]+ha(?:s|d|ve)[ \t]+the[ \t]+move\b)))"
    r"(?:[,:]?[ \t]+(?:so[ \t]+)?(?:(?P<winner>White|Black|Wei(?:ß|ss|s)|Schwarz)[ \t]+"
    r"|(?:he|er|it|this|the[ \t]+game)[ \t]+)?(?:and[ \t]+|und[ \t]+)?"
    r"(?P<verdict>(?:can(?:not|[ \t]+not|'t|’t)|could(?:[ \t]+not|n't|n’t))[ \t]+win"
    r"|(?:can|could|will|should|must)[ \t]+(?:only[ \t]+|but[ \t]+)?(?:draw|win)|is[ \t]+(?:drawn|a[ \t]+draw)"
    r"|wins?|draws?|gewinnt|(?:hält|macht)[ \t]+(?:er[ \t]+)?remis|remis|kann[ \t]+nicht[ \t]+gewinnen"
    r"|(?:to[ \t]+)?mates?[ \t]+in[ \t]+\w+(?:[ \t]+moves?)?|setzt[ \t]+in[ \t]+\w+[ \t]+Z(?:ü|ue)gen[ \t]+matt)\b)?")
#: Move 1 after a task, a few words between at most ("wins by 1. P-Kt7", "If Black is to move, 1. ... K-B1").
_MOVE_ONE_AFTER = re.compile(r"[^\n.;]{0,60}?(?<![\w.])1[ \t]*\.")


def task_side(found: re.Match[str]) -> chess.Color:
    """The side a task (:data:`TASK_BEFORE_MOVES`) sets to move."""
    return chess.WHITE if found.group("side").startswith(("White", "Wei")) else chess.BLACK


def task_goal(found: re.Match[str]) -> str | None:
    """What a task claims for its side to move: ``"win"``, ``"draw"``, ``"loss"`` (the other side named as winning:
    "Black to move, White wins"), ``"not win"`` ("he cannot win"), ``"not loss"`` (the other side cannot win:
    "If it were Black's move, White could not win"), or ``None`` where it claims nothing."""
    verdict = (found.group("verdict") or "").lower()
    if not verdict:
        return None
    if "draw" in verdict or "remis" in verdict:
        return "draw"
    winner = found.group("winner")
    other = winner is not None and (winner.startswith(("White", "Wei")) != (task_side(found) == chess.WHITE))
    if re.search(r"not\b|n['’]t\b", verdict):
        return "not loss" if other else "not win"
    return "loss" if other else "win"


def task_words(found: re.Match[str]) -> str:
    """The task as printed from the words that name its side ("it were Black's move, ...", "Black to move wins"),
    without the word that joins it to the sentence ("If", "But"): a task of its own (:data:`TASK_BEFORE_MOVES`)."""
    begin = found.start("it") if found.group("it") else found.start("side")
    return found.string[begin:found.end()]


def tasks_before_move_one(text: str, begin: int = 0, end: int | None = None) -> list[re.Match[str]]:
    """Each task in ``text[begin:end]`` that move 1 follows in its sentence ("White to move wins by 1. P-Kt7")."""
    return [m for m in TASK_BEFORE_MOVES.finditer(text, begin, len(text) if end is None else end)
            if _MOVE_ONE_AFTER.match(text, m.end())]


#: How far apart, in characters, the two tasks of one set-up may stand.
TASKS_APART = 1_500


def other_sides_tasks(text: str, begin: int = 0, end: int | None = None) -> list[re.Match[str]]:
    """Each task that teaches a set-up again for the other side to move ("White to move wins by 1. ...; but Black to
    move draws by 1. ... K-B1"): a task before move 1 for the side the task before it, with its own move 1 and
    no position printed between, did not name. Each begins a line of its own from the same set-up."""
    tasks = tasks_before_move_one(text, begin, end)
    if len(tasks) < 2:
        return []  # (one task or none teaches no set-up twice: the book's set-ups need not be found)
    printed = [s.start for s in setups_in(text) if s.board is not None]
    return [m for before, m in zip(tasks, tasks[1:])
            if task_side(before) != task_side(m) and m.start() - before.end() <= TASKS_APART
            and not any(before.end() <= at < m.start() for at in printed)]


#: A side's colour as a word of a sentence (not "White's", whose men a move names, not a list).
_COLOUR_WORD = re.compile(r"\b(?:(?:The|the)[ \t]+)?(?P<side>White|Black|WHITE|BLACK|white|black)\b(?!['’])")
#: How far after a colour its first man on a square is looked for, in characters: the side's words, no figure
#: between (a score's "WHITE. BLACK. 1. P d4" names no side's men).
_POSITION_REACH = 40
#: A King on a square: every position names both.
_KING_ON_SQUARE = re.compile(r"\b(?:K\.?|King)[ \t]+(?:at|on)\b|\bK\.?[ \t]*-[ \t]*[KQ]")


def _sides_men(text: str, at: int, end: int) -> bool:
    """Whether a man on a square follows the colour that ends at ``at`` closely, with no figure between."""
    man = _MAN_ON_SQUARE.search(text, at, min(end, at + _POSITION_REACH))
    return man is not None and not re.search(r"\d", text[at:man.start()])


def position_in_prose(text: str) -> TextSetUp | None:
    """The last paragraph of ``text`` that names each side's men on squares after its colour, a King among them
    ("White, King at K 1 ...; Black, ...", "the White King is at K sq, ...; the Black King at K 4"), where no set-up is
    found (:func:`setups_in`): a position printed in a form that is not read, with the set-up grammar's error from
    the first colour on (a record that starts from it must say so, never replay from a position of its own making).
    ``None`` where there is none."""
    found = [(s.start, s.end) for s in setups_in(text)]
    last: TextSetUp | None = None
    for m in _COLOUR_WORD.finditer(text):
        paragraph = _BLANK.search(text, m.end())
        end = paragraph.start() if paragraph is not None else len(text)
        if any(start <= m.start() < stop for start, stop in found) or (last is not None and last.end == end):
            continue
        if not _sides_men(text, m.end(), end) or not _KING_ON_SQUARE.search(text, m.end(), end):
            continue
        side = m.group("side").lower()
        if not any(_sides_men(text, other.end(), end) for other in _COLOUR_WORD.finditer(text, m.end(), end)
                   if other.group("side").lower() != side):
            continue  # (one side's men named: a remark on the game, no position)
        words = " ".join(text[m.start():end].split("\n"))
        try:
            parse_setup(words).board()
        except SetUpError as exc:
            last = TextSetUp("position in prose", m.start(), end, None, exc.reason, m.start() + exc.offset)
            continue
        last = TextSetUp("position in prose", m.start(), end, None, "its words read as a position, but not where a "
                         "set-up is read (a line or a label's colon before the colour)", m.start())
    return last


#: A blank line: where a paragraph ends.
_BLANK = re.compile(r"\n[ \t]*\n")


def references_in(text: str) -> list[tuple[int, int]]:
    """``(offset, number)`` of each label in ``text`` that may name a diagram printed elsewhere."""
    return [(m.start(), int(m.group(1))) for m in LABEL.finditer(text)]


def diagram_marks(text: str) -> list[tuple[int, str]]:
    """``(offset, text)`` of each mark of a diagram the text does not give."""
    return [(m.start(), m.group().strip()) for m in _MARK.finditer(text)]


#: "mate in three", "mates in 3 moves"
_MATE_IN = re.compile(r"\bmates?\s+in\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b"
                      r"|\bsetzt\s+in\s+(\d+|einem|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn)\s+Z(?:ü|ue)gen\s+matt",
                      re.I)
_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten".split())} \
    | {w: i for i, w in enumerate("null einem zwei drei vier fünf sechs sieben acht neun zehn".split())}


def mate_moves(text: str) -> tuple[int, str] | None:
    """The moves of a printed "mate in N" ("mates in 3", "mate in two moves", "setzt in zwei Zügen matt") and its
    words; ``None`` where none is printed."""
    mate = _MATE_IN.search(text)
    if mate is None:
        return None
    n = (mate.group(1) or mate.group(2)).lower()
    return (int(n) if n.isdigit() else _NUMBERS[n]), mate.group(0)
