"""Every word accounted for: a record's text cut into tokens, each with the role the reading gave it.

After the replay, each character of the text a record prints (``games.printed``) belongs to exactly
one :class:`Token`: a move of the main line (``move``) or of a variation (``variation``), a move
number (``number``), a check, capture, mate or comment mark printed as a word of its own
(``mark``), the result (``result``), a heading above the score or a column's head (``heading``),
a line of the transcriber's (``transcriber``: a tag pair, a ``;`` line), and the rest ``prose``.
A move read through an OCR confusion has the correction ``ocr``, one repaired by the replay (a
misprint, an illegal move read as its nearest legal one) ``repaired``; a word that reads as a move
and that the chosen reading left as prose is a ``prose`` token of its own, with the code of the
diagnostic that names it (``prose``, ``no-moves``) as its reading.

It is one mechanism for every family, made from what the replay already knows: each move's
printed text at its line and column, the diagnostics' and claims' lines and columns, the result,
and the text itself. (Working from a :class:`~notation.model.Game` alone, it gives the same tokens
for a game read back from the archive as for the game the replay made.) The archive stores the
tokens in its ``tokens`` table (:data:`COLUMNS`), but for the runs of plain prose: what lies
between the others, which :func:`filled` puts back; and none for a record whose roles are the
plain ones (:func:`derived`), made again from the game read back when they are asked for.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass

from notation.model import Game, Move, Variation

#: The roles, in the order the page's legend lists them.
ROLES = ("move", "variation", "number", "mark", "result", "heading", "prose", "transcriber")
#: The corrections a move can have been read through.
CORRECTIONS = ("ocr", "repaired")


@dataclass(frozen=True, slots=True)
class Token:
    """A stretch ``text[start:end]`` of a record's printed text and its role.

    ``line`` and ``column`` are where it begins in the file (as a move's and a diagnostic's are);
    ``variation`` (0: the main line) and ``ply`` name the move a ``move`` or ``variation``
    token is; ``reading`` is what the token was read as: a move's normalised form, the result,
    or for a move-like word left as prose the code of the diagnostic that says so.
    """

    start: int
    end: int
    line: int
    column: int
    role: str
    correction: str | None = None
    variation: int | None = None
    ply: int | None = None
    reading: str | None = None


#: The ``tokens`` table's columns after ``game_id``, in the order of :class:`Token`'s fields.
COLUMNS = ("start", "end", "line", "column", "role", "correction", "variation", "ply", "reading")
#: :data:`COLUMNS` as SQL names them (quoted: ``end`` and ``column`` are keywords).
SQL_COLUMNS = ", ".join(f'"{c}"' for c in COLUMNS)


def row(token: Token) -> tuple:
    """A token as a row of :data:`COLUMNS`."""
    return (token.start, token.end, token.line, token.column, token.role, token.correction,
            token.variation, token.ply, token.reading)


def stored(tokens: Iterable[Token]) -> list[Token]:
    """The tokens the archive keeps: all but the runs of plain prose, which are what lies between the
    others (:func:`filled` puts them back). A move-like word left as prose is kept, with its diagnostic."""
    return [t for t in tokens if t.role != "prose" or t.reading is not None]


def derived(game: Game) -> bool:
    """Whether the archive leaves ``game``'s tokens to be made when they are asked for, rather than store them.

    A record read with nothing to report (status ``ok``, no diagnostic, no variation), whose text
    begins its score on the body's first line (no heading above it, only tag pairs) and has no
    line that is a column's head, has only the plain roles: its moves, their numbers and marks,
    the result, the tag pairs and prose; they say nothing a query of the ``tokens`` table would
    look for, and making them cost as much as replaying the game (a clean PGN game: about 20 us
    a ply). :func:`roles` of the game read back gives the same tokens
    (:func:`notation.archive.read.read_tokens`), and the record must begin a line for that: a
    record read back counts its columns from its own first character.
    """
    record = game.record
    if game.status != "ok" or game.diagnostics or game.variations or not game.moves:
        return False
    body = record.body
    first_line = record.position(len(body) - len(body.lstrip()))[0]
    return (first_line == game.moves[0].line and not _COLUMN_HEAD_LINE.search(record.text)
            and (not record.source.text or record.source.position(record.start)[1] == 1))


# -- where things stand ----------------------------------------------------------


class _Text:
    """A record's printed text with its lines: file lines and columns to offsets and back."""

    def __init__(self, game: Game) -> None:
        record = game.record
        self.text = text = record.text
        self.starts = [0, *(m.end() for m in _NEWLINE.finditer(text))]
        self.first_line = record.line
        # A record that does not begin a line (a match file's game after its header on one line) counts its
        # first line's columns from where it begins.
        self.first_column = record.source.position(record.start)[1] if record.source.text else 1
        self.claimed: list[tuple[int, int]] = []
        self.tokens: list[Token] = []

    def offset(self, line: int | None, column: int | None) -> int | None:
        if line is None or column is None:
            return None
        index = line - self.first_line
        if not 0 <= index < len(self.starts):
            return None
        at = self.starts[index] + column - 1 - (self.first_column - 1 if index == 0 else 0)
        return at if self.starts[index] <= at <= self._line_end(index) else None

    def place(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return (self.first_line + index,
                offset - self.starts[index] + 1 + (self.first_column - 1 if index == 0 else 0))

    def _line_end(self, index: int) -> int:
        return self.starts[index + 1] - 1 if index + 1 < len(self.starts) else len(self.text)

    def line_span(self, offset: int) -> tuple[int, int]:
        """The line holding ``offset``, without its newline."""
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.starts[index], self._line_end(index)

    def free(self, start: int, end: int) -> bool:
        """Whether no token yet holds a character of ``text[start:end]`` (and it holds one)."""
        if not 0 <= start < end <= len(self.text):
            return False
        at = bisect.bisect_right(self.claimed, (start, end))
        before = self.claimed[at - 1] if at else None
        after = self.claimed[at] if at < len(self.claimed) else None
        return (before is None or before[1] <= start) and (after is None or after[0] >= end)

    def claim(self, start: int, end: int, role: str, **fields: object) -> bool:
        if not self.free(start, end):
            return False
        bisect.insort(self.claimed, (start, end))
        self.tokens.append(Token(start, end, *self.place(start), role, **fields))  # type: ignore[arg-type]
        return True

    def next_claimed(self, offset: int) -> int:
        """Where the first token at or after ``offset`` begins (the text's end if none does)."""
        at = bisect.bisect_left(self.claimed, (offset, offset))
        return self.claimed[at][0] if at < len(self.claimed) else len(self.text)


_NEWLINE = re.compile(r"\n")


# -- the roles --------------------------------------------------------------------


def roles(game: Game) -> list[Token]:
    """The record's printed text as tokens, in order, each character in exactly one."""
    text = _Text(game)
    if not text.text:
        return []
    _transcriber(text)  # first: no move is ever placed on a tag pair
    moves = _moves(text, game)
    _marks(text, moves)
    _result(text, game, moves)
    _numbers(text)
    _unused(text, game)
    _headings(text, game)
    _prose(text)
    return sorted(text.tokens, key=lambda t: t.start)


def _moves(text: _Text, game: Game) -> list[Token]:
    """Each move's printed words where its line and column put them: the main line first, then the variations."""
    ocr = {(d.variation or 0, d.ply) for d in game.diagnostics if d.code == "ocr" and d.ply is not None}
    ocr_at = {(d.line, d.column) for d in game.diagnostics if d.code == "ocr"}
    for number, line in [(0, game.moves), *((v.id, v.moves) for v in game.variations)]:
        for m in line:
            span = _span(text, m)
            if span is None:
                continue
            if (number, m.ply) in ocr or (m.line, m.column) in ocr_at:
                correction: str | None = "ocr"
            else:
                correction = "repaired" if m.status == "repaired" else None
            text.claim(*span, "move" if number == 0 else "variation", correction=correction, variation=number,
                       ply=m.ply, reading=m.normalized)
    return [t for t in text.tokens if t.role in ("move", "variation")]


#: How far from its column a move's words may be found (a column counted in another form of the text).
_NEAR = 16


def _span(text: _Text, move: Move) -> tuple[int, int] | None:
    """Where a move's printed words stand: at its line and column; else the same words near there on
    its line (a column counted in another form of the text); else as many characters from there as
    it has, to a word's end, on its line (a Braille record's move, printed in Braille and read in print)."""
    at = text.offset(move.line, move.column)
    printed = move.printed.strip()
    if at is None or not printed:
        return None
    if text.text.startswith(printed, at):
        return at, at + len(printed)
    start, end = text.line_span(at)
    found = [start + m.start() for m in re.finditer(re.escape(printed), text.text[start:end])
             if abs(start + m.start() - at) <= _NEAR]
    if found:
        best = min(found, key=lambda f: abs(f - at))
        return best, best + len(printed)
    while at > start and not text.text[at - 1].isspace():
        at -= 1  # from the start of the word the column falls in
    stop = min(end, at + len(printed))
    while stop < end and not text.text[stop].isspace():
        stop += 1  # to the end of the word the printed length reaches
    words = text.text[at:stop].rstrip()
    return (at, at + len(words)) if words else None


#: A check, capture, mate or comment mark printed as a word of its own after a move.
_MARK = re.compile(r"[ \t]*,?[ \t]*(\((?:dis\.?\s*|dbl\.?\s*)?(?:ch|check|mate|[!?]{1,2})\.?\)|"
                   r"(?:(?:dis|dbl)\.?\s+)?(?:ch|check|mate)\b\.?|[+#†‡]+|[!?]{1,2})"
                   r"(?=[\s,;.)]|$)", re.IGNORECASE)


def _marks(text: _Text, moves: list[Token]) -> None:
    for move in moves:
        at = move.end
        while (found := _MARK.match(text.text, at)) and text.claim(found.start(1), found.end(1), "mark"):
            at = found.end()


#: A printed result: a score, or the words that end a game.
_RESULT = re.compile(
    r"(?<!\S)(?:1-0|0-1|1/2-1/2|½-½|2-0|0-2|1-1|\*)(?!\S)"
    r"|(?i:\b(?:and\s+)?(?:(?:white|black|red|weiss|weiß|schwarz|[BWR]\.?)\s+)?"
    r"(?:resigns|wins|gives\s+up(?:\s+the\s+game)?|drawn\s+game|draws|mates\s+in\s+\w+(?:\s+moves?)?|remis|drawn)"
    r"\b\.?)")
#: How far after the last move of the main line a result is looked for.
_RESULT_REACH = 200


def _result(text: _Text, game: Game, moves: list[Token]) -> None:
    """The result where a claim about it stands, else the first result printed just after the main line."""
    for claim in game.claims:
        if claim.ply is None and claim.what in ("result", "mate"):
            at = text.offset(claim.line, claim.column)
            found = _RESULT.match(text.text, at) if at is not None else None
            if found and text.claim(found.start(), found.end(), "result", reading=game.result):
                return
    main = [t for t in moves if t.role == "move"]
    if not game.result or not main:
        return
    after = max(t.end for t in main)
    stop = min(text.next_claimed(after), after + _RESULT_REACH)
    found = _RESULT.search(text.text, after, stop)
    if found:
        text.claim(found.start(), found.end(), "result", reading=game.result)


#: A move number as books print it: ``12.``, ``12``, ``(12)``, ``12...``, ``12…``.
_NUMBER = re.compile(r"(?<!\S)\(?\d{1,3}(?:\.{1,3}|\)|…)?,?(?!\S)")
#: What may stand between a move number and its move on their line: dashes and dots (``1 ----`` of
#: an opening printed as fractions), other numbers, and punctuation.
_BETWEEN = re.compile(r"(?:[ \t]|[-–—_.…,:;]|\(?\d{1,3}(?:\.{1,3}|\)|…)?,?(?!\S))*")


def _numbers(text: _Text) -> None:
    """The numbers that stand before a move with nothing but other numbers and dashes between on their
    line, or only white space."""
    starts = {t.start for t in text.tokens if t.role in ("move", "variation")}
    for (_, end), (start, _) in zip([(0, 0), *text.claimed], list(text.claimed)):
        if start not in starts or end >= start:
            continue
        gap = text.text[end:start]
        for found in _NUMBER.finditer(gap):
            rest = gap[found.end():]
            if _BETWEEN.fullmatch(rest) or rest.isspace():  # a number at a line's end, its move on the next
                text.claim(end + found.start(), end + found.end(), "number")


#: A word quoted in a diagnostic's message (``'P-K4'``, ``"K's"``) and, in a ``no-moves`` one, where it stands.
_QUOTED = re.compile(r"""('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")(?: \((\d+):(\d+)\))?""")
#: The diagnostics that name words read as no move: ``prose`` and ``no-moves`` list them after a colon;
#: ``unread-cell`` quotes its cell first, and so does an ``illegal-move`` of no move (a word a decoder's
#: reading leaves out of the score, where it stands).
_LISTING = ("prose", "no-moves")
_QUOTING = ("unread-cell", "illegal-move")


def _unused(text: _Text, game: Game) -> None:
    """The move-like words a reading left as prose, each at its place and with the diagnostic that names it."""
    for d in game.diagnostics:
        if d.code not in _LISTING and (d.code not in _QUOTING or d.ply is not None):
            continue
        at = text.offset(d.line, d.column)
        named = list(_QUOTED.finditer(d.message.partition(":")[2] if d.code in _LISTING else d.message))
        for found in named if d.code in _LISTING else named[:1]:
            word = ast.literal_eval(found.group(1))
            if found.group(2):
                at = text.offset(int(found.group(2)), int(found.group(3)))
            if at is None or not word:
                continue
            # the word itself (``B``, not the B of ``BLACK``), else the same letters run into another word
            whole = re.compile(rf"(?<!\S){re.escape(word)}(?!\S)").search(text.text, at)
            where = whole.start() if whole else text.text.find(word, at)
            if where >= 0 and text.claim(where, where + len(word), "prose", reading=d.code):
                at = where + len(word)


#: A line of the transcriber's: a tag pair, or a ``;`` comment line.
_TRANSCRIBER = re.compile(r'^[ \t]*(?:\[[A-Za-z][A-Za-z0-9_]*[ \t]+"(?:[^"\\\n]|\\.)*"\][ \t]*|;[^\n]*)(?:\n|$)',
                          re.MULTILINE)


def _transcriber(text: _Text) -> None:
    for found in _TRANSCRIBER.finditer(text.text):
        text.claim(found.start(), found.end(), "transcriber")


#: A column's head: a side's name alone on its line, with the player's in brackets (``WHITE. (Mr. M.)``).
_SIDE = r"\W*(?:white|black|red|weiss|weiß|schwarz)\W*(?:\([^()\n]*\)\W*)?"
_COLUMN_HEAD = re.compile(rf"(?i)[ \t]*(?:{_SIDE}){{1,2}}[ \t]*")
#: A line of the text that may be a column's head (any line :data:`_COLUMN_HEAD` matches whole is found).
_COLUMN_HEAD_LINE = re.compile(rf"(?im)^[ \t]*(?:{_SIDE}){{1,2}}[ \t]*$")
#: The paragraphs above a score read as its headings: as many, as short, as the book reader reads
#: (:mod:`notation.parse.chess_book`): at most 6 paragraphs, each of at most 3 lines of at most 90 characters.
_HEADINGS_READ = 6
_HEADING_LINES = 3
_HEADING_WIDTH = 90


def _headings(text: _Text, game: Game) -> None:
    """The short paragraphs just above the first move (a game's title, its players, where it was
    played), the lines that are only a column's head, and the heads of the variations' sections."""
    first = min((t.start for t in text.tokens if t.role in ("move", "variation", "number")), default=None)
    ends = [s - 1 for s in text.starts[1:]] + [len(text.text)]
    lines = list(zip(text.starts, ends))
    if first is not None:
        paragraphs: list[list[tuple[int, int]]] = [[]]
        for start, end in lines:
            if start >= first:
                break
            if text.text[start:end].strip() and text.free(start, end):
                paragraphs[-1].append((start, end))
            elif paragraphs[-1]:
                paragraphs.append([])
        for paragraph in [p for p in paragraphs if p][-_HEADINGS_READ:]:
            if len(paragraph) <= _HEADING_LINES and all(
                    end - start <= _HEADING_WIDTH and text.text[start:end].lstrip()[:1] not in "{([" for start, end in paragraph):
                for start, end in paragraph:
                    _claim_stripped(text, start, end, "heading")
    for start, end in lines:
        if text.text[start:end].strip() and _COLUMN_HEAD.fullmatch(text.text, start, end) and text.free(start, end):
            _claim_stripped(text, start, end, "heading")
    for variation in game.variations:
        _label(text, variation)


#: The longest label read as the head of a variation's section (``A``, ``Or this;``).
_LABEL_WIDTH = 40


def _label(text: _Text, variation: Variation) -> None:
    """The words that head a variation's section (``Var. A.``, ``Or this;``): its label, with the word
    before it, the last time it is printed before the variation's first move."""
    first = min((t.start for t in text.tokens if t.role == "variation" and t.variation == variation.id), default=None)
    if first is None or not variation.label or len(variation.label) > _LABEL_WIDTH:
        return
    at = bisect.bisect_left(text.claimed, (first, first))
    gap = text.claimed[at - 1][1] if at else 0
    heads = list(re.finditer(rf"(?<!\w)(?:[A-Za-z]+\.?[ \t]+)?{re.escape(variation.label)}(?!\w)[.:;]?",
                             text.text[gap:first]))
    if heads:
        found = heads[-1]
        text.claim(gap + found.start(), gap + found.end(), "heading")


def _claim_stripped(text: _Text, start: int, end: int, role: str) -> None:
    line = text.text[start:end]
    lead = len(line) - len(line.lstrip())
    text.claim(start + lead, start + len(line.rstrip()), role)


def _prose(text: _Text) -> None:
    """Whatever no other role holds: prose, in runs between the tokens."""
    at = 0
    for start, end in list(text.claimed):
        if start > at:
            text.claim(at, start, "prose")
        at = max(at, end)
    if at < len(text.text):
        text.claim(at, len(text.text), "prose")


def filled(printed: str, tokens: list[Token], first_line: int = 1) -> list[Token]:
    """The stored tokens with the prose between them back: every character in one token again.

    A gap's line and column are counted from the token before it (from the record's first line,
    column 1, for one at its head).
    """
    out: list[Token] = []
    at, known = 0, (0, first_line, 1)
    for token in [*sorted(tokens, key=lambda t: t.start), None]:
        start = len(printed) if token is None else token.start
        if start > at:
            offset, line, column = known
            before = printed[offset:at]
            newlines = before.count("\n")
            out.append(Token(at, start, line + newlines,
                             column + at - offset if not newlines else at - offset - before.rindex("\n"), "prose"))
        if token is not None:
            out.append(token)
            at, known = max(at, token.end), (token.start, token.line, token.column)
    return out
