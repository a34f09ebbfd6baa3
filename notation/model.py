"""The normalised model shared by every game family.

Four families (chess, checkers, backgammon, cards) share these types.
Family-specific facts live in :attr:`Move.detail` and in the format of a
position key (FEN for chess, PDN FEN for checkers, a GNU Backgammon position
ID for backgammon, a compact state string for cards), never in new
top-level types.

Two layers meet here:

* what the text *says* — :class:`PrintedMove` and :class:`ParsedRecord`,
  produced by a notation's grammar and transformer, knowing nothing of boards;
* what the rules *make of it* — :class:`Game`, :class:`Move`,
  :class:`Variation`, :class:`Diagnostic`, :class:`Claim`, produced by a
  family's replay.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, Self, TypedDict

from notation.diagnostics import Code

#: Status of a move, a game, or a record.
#: ``ok``: read as printed and legal; ``repaired``: a misprint was found and a
#: clear nearest reading continued the replay; ``error``: something could not
#: be read or is illegal; ``unparsed``: the text could not be parsed at all;
#: ``example``: the book prints the move as an example of what the rules forbid
#: (a record tagged ``[Example "illegal"]``), the rules agree, and it is not made.
#: ``empty``: the record prints no move at all (a PGN game whose movetext is only ``*``, a page
#: of prose with no word that reads as a move): nothing is wrong, but nothing was read either.
Status = Literal["ok", "empty", "example", "repaired", "error", "unparsed"]
Severity = Literal["error", "warning", "info"]

STATUS_ORDER = {"ok": 0, "empty": 1, "example": 2, "repaired": 3, "error": 4, "unparsed": 5}


def worst(*statuses: str) -> str:
    """The worst of several statuses (``ok`` < ``empty`` < ``example`` < ``repaired`` < ``error`` < ``unparsed``)."""
    return max(statuses, key=STATUS_ORDER.__getitem__, default="ok")


# --------------------------------------------------------------------------
# A family's own facts


@dataclass(slots=True)
class Detail:
    """What a family keeps beyond the shared fields: a move's or a game's facts
    (:attr:`Move.detail`, :attr:`Game.detail`) and what a notation reads besides the moves
    (:attr:`ParsedRecord.extra`).

    Each family subclasses it with typed fields in ``notation/details/<family>.py``; a bare
    ``Detail()`` is "nothing kept". The JSON (``validate --json``, the archive's ``detail``
    columns) is the fields that hold something: a field left at ``None`` is not written, so a
    stored detail has only the facts the replay found. ``field(metadata={"json": "from"})``
    names a key that is not a Python name.
    """

    def as_json(self) -> dict[str, object]:
        return {key: value for name, key in _layout(type(self))
                if (value := getattr(self, name)) is not None}

    def values(self) -> tuple[object, ...]:
        """The class and every field's value: what two details with the same JSON share."""
        return (type(self), *(getattr(self, name) for name, _ in _layout(type(self))))

    def json_key(self) -> Hashable:
        """What two details with the same JSON share, hashable (the archive keeps the JSON of details met
        before by it, rather than write it again); ``TypeError`` where a value is not (a list, a dict).

        :meth:`values` with the values' types: ``True == 1 == 1.0`` in Python, not in JSON. A class whose
        fields hold only strings, booleans and ``None`` may answer its values alone.
        """
        values = self.values()
        return values, tuple(map(type, values))

    @classmethod
    def from_json(cls, data: Mapping[str, object] | None) -> Self:
        """The detail again from its JSON; a key this family no longer keeps is dropped."""
        names = dict((key, name) for name, key in _layout(cls))
        kept: dict[str, object] = {names[key]: value for key, value in (data or {}).items() if key in names}
        return cls(**kept)

    @classmethod
    def of(cls, detail: Detail) -> Self:
        """``detail`` as this family's type, to read it: a bare :class:`Detail` (nothing kept,
        as in an unparsed record's game) reads as an empty one; another family's is a bug."""
        if isinstance(detail, cls):
            return detail
        if type(detail) is Detail:
            return cls()
        raise TypeError(f"a {type(detail).__name__} where a {cls.__name__} is kept")


_LAYOUTS: dict[type[Detail], tuple[tuple[str, str], ...]] = {}


def _layout(cls: type[Detail]) -> tuple[tuple[str, str], ...]:
    """(field name, JSON key) of each field of a detail class, in order (found once a class)."""
    layout = _LAYOUTS.get(cls)
    if layout is None:
        layout = _LAYOUTS[cls] = tuple((f.name, f.metadata.get("json", f.name)) for f in fields(cls))
    return layout


class PositionValue(TypedDict):
    """An engine's value of the position after a move (``side`` to move), kept in the move's detail."""

    value: str | None
    plies: int | None
    settled_by: str
    side: str


# --------------------------------------------------------------------------
# Source text and records


class SourceText:
    """The decoded text of one input file, able to map offsets back to the file.

    ``origin`` maps each character of ``text`` to an offset in ``original``
    when the two differ (a Braille ASCII file back-translated to print), so a
    diagnostic always points into the file the user has.
    """

    def __init__(self, path: str, text: str, encoding: str = "utf-8",
                 original: str | None = None, origin: Sequence[int] | None = None,
                 first_line: int = 1) -> None:
        self.path = path
        #: Line number in the file of the first line of :attr:`text`: a file read as a
        #: stream is held one record at a time, each record its own ``SourceText``.
        self.first_line = first_line
        self.text = text
        self.encoding = encoding
        self.original = text if original is None else original
        self.origin = origin
        #: ``(offset into text, message)`` when the bytes were not all valid in the
        #: encoding used (see :func:`notation.records.decode`), else ``None``.
        self.decoding_warning: tuple[int, str] | None = None
        #: The source the file's folder names (its README's heading), for records without a [Source] tag.
        self.folder_source: str | None = None
        #: Where the tag block ends when the text is one tagged record's lines as a file read as a stream
        #: groups them (:func:`notation.records.iter_records`), else ``None``: then a splitter need not
        #: group its lines again (:func:`notation.records.source_spans`).
        self.one_record_tag_end: int | None = None
        starts = [0]
        at = self.original.find("\n")
        while at >= 0:
            starts.append(at + 1)
            at = self.original.find("\n", at + 1)
        self._line_starts = starts

    def file_offset(self, offset: int) -> int:
        """The offset in the original file of character ``offset`` of :attr:`text`."""
        if self.origin is None:
            return offset
        if not self.origin:
            return 0
        return self.origin[min(max(offset, 0), len(self.origin) - 1)]

    def position(self, offset: int) -> tuple[int, int]:
        """1-based ``(line, column)`` in the original file of character ``offset`` of :attr:`text`."""
        return self.positions([offset])[0]

    def positions(self, offsets: list[int]) -> list[tuple[int, int]]:
        """:meth:`position` of many offsets (a replay's every move: one call, not one each)."""
        if self.origin is not None:
            offsets = [self.file_offset(offset) for offset in offsets]
        starts, first = self._line_starts, self.first_line - 1
        out = []
        for at in offsets:
            line = bisect_right(starts, at)
            out.append((line + first, at - starts[line - 1] + 1))
        return out


class TagError(ValueError):
    """A tag whose value a family reads is not of the form it needs.

    The pipeline turns it into a ``bad-tag`` diagnostic at the tag's line and
    column; the record is kept, unparsed.
    """

    def __init__(self, name: str, value: str, expected: str) -> None:
        super().__init__(f"[{name} {value!r}]: expected {expected}")
        self.name, self.value, self.expected = name, value, expected


@dataclass(frozen=True)
class RecordSpan:
    """Where one record lies in a source text, as a splitter finds it.

    ``start:tag_end`` is its tag block (``start == tag_end``: none) and
    ``tag_end:end`` its body. A splitter of a format without tag pairs (a
    match file) gives the record's ``tags`` itself; ``problem`` marks a record
    that cannot be split cleanly (it is kept, ``unparsed``).
    """

    start: int
    tag_end: int
    end: int
    tags: dict[str, str] | None = None
    problem: str | None = None
    #: Where the tag pairs ``tags`` were read from, when that is not the record's own tag block (each game printed
    #: side by side under one block, ``Game 1.     Game 2.``, a record of its own): their notes (a value not in
    #: quotes, a name given twice) are each such record's, at the tag.
    tag_block: tuple[int, int] | None = None


@dataclass
class Record:
    """One record of a file: its tag pairs and its body exactly as printed.

    ``start`` is the offset of the record (its first tag) in the source text
    and ``body_start`` the offset of its body; offsets reported by a parser
    are relative to :attr:`body` and turned into file lines and columns by
    :meth:`position`.
    """

    source: SourceText
    index: int
    tags: dict[str, str]
    text: str
    body: str
    start: int
    body_start: int
    status: Status | None = None
    problem: str | None = None
    #: Offsets into the source text of each body character, when the body was
    #: translated on its own (a Braille ASCII body under a plain tag block).
    body_origin: list[int] | None = None
    #: Offset into the source text where :attr:`problem` lies, when it lies at one place
    #: (a tag block that does not parse); else ``None`` (the record as a whole).
    problem_at: int | None = None
    #: What the tag block holds that PGN does not write, read all the same (a name given twice, a value
    #: not in quotes): ``(offset into the source text, diagnostic code, message)`` each.
    tag_notes: list[tuple[int, str, str]] = field(default_factory=list)

    @property
    def path(self) -> str:
        return self.source.path

    @property
    def line(self) -> int:
        return self.source.position(self.start)[0]

    @property
    def hash(self) -> str:
        """Content hash of the record text: re-importing it adds nothing."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def position(self, body_offset: int) -> tuple[int, int]:
        """1-based ``(line, column)`` in the file of an offset into :attr:`body`."""
        return self.positions([body_offset])[0]

    def positions(self, body_offsets: list[int]) -> list[tuple[int, int]]:
        """:meth:`position` of many offsets into :attr:`body` (a replay's every move: one call, not one each)."""
        origin = self.body_origin
        if origin:
            last = len(origin) - 1
            return self.source.positions([origin[min(max(offset, 0), last)] for offset in body_offsets])
        return self.source.positions([self.body_start + offset for offset in body_offsets])

    def tag_position(self, name: str, offset: int = 0) -> tuple[int, int]:
        """1-based ``(line, column)`` in the file of character ``offset`` of a tag's value: of the last
        time the tag block gives it, the value kept (``[Round 3]``, a value not in quotes, too)."""
        block = self.text[:max(self.body_start - self.start, 0)] or self.text
        marker = f'[{name} "'
        index = block.rfind(marker)
        if index < 0:
            marker = f"[{name} "
            index = block.rfind(marker)
        if index < 0:
            return self.line, 1
        return self.source.position(self.start + index + len(marker) + offset)

    def tag_int(self, name: str, default: int | None = None, minimum: int = 0) -> int | None:
        """A whole-number tag (``[MatchLength "7"]``); :class:`TagError` for ``"seven"`` or below ``minimum``."""
        value = self.tag(name)
        if value is None or not value.strip():
            return default
        text = value.strip()
        if not text.isdigit() or int(text) < minimum:
            raise TagError(name, value, f"a whole number of at least {minimum}")
        return int(text)

    def tag_choice(self, name: str, choices: Sequence[str], default: str | None = None) -> str | None:
        """A tag whose value is one of ``choices`` (case-insensitive); :class:`TagError` otherwise."""
        value = self.tag(name)
        if value is None or not value.strip():
            return default
        for choice in choices:
            if value.strip().lower() == choice.lower():
                return choice
        raise TagError(name, value, "one of " + ", ".join(repr(c) for c in choices))

    def named(self, name: str) -> str | None:
        """A tag's value where it names something: ``None`` for PGN's and PDN's placeholders of the unknown
        (``[Event "?"]``, ``[Date "????.??.??"]``) and an empty value, which name nothing (no title)."""
        value = self.tag(name)
        return value if value and value.strip().strip("?.-") else None

    def tag(self, name: str, default: str | None = None) -> str | None:
        """A tag's value, matching its name case-insensitively (PDN writes ``Setup`` and ``SetUp``)."""
        if name in self.tags:
            return self.tags[name]
        low = name.lower()
        for key, value in self.tags.items():
            if key.lower() == low:
                return value
        return default


# --------------------------------------------------------------------------
# What the text says (output of parse)


@dataclass
class PrintedMove:
    """One move as printed: its text, where it stands, and what the grammar read in it.

    ``fields`` is the notation's own reading (a dataclass or dict: piece,
    squares, capture, check...), never resolved against a board.
    ``variations`` are alternatives printed for this move: each is a line of
    printed moves that replaces it. ``threat`` is a move the author's words after
    it name as threatened ("7. Q-B3, threatening Q-B7 mate."): the same side's
    next move were the other to pass, not played; the replay checks what the
    text claims of it (a ``threat`` claim).
    """

    text: str
    start: int
    end: int
    fields: Any = None
    number: int | None = None
    side: str | None = None
    comment: str | None = None
    annotations: list[str] = field(default_factory=list)
    variations: list[PrintedLine] = field(default_factory=list)
    threat: PrintedMove | None = None


@dataclass
class PrintedLine:
    """A sequence of printed moves: the main line or one variation."""

    moves: list[PrintedMove] = field(default_factory=list)
    label: str | None = None
    comment: str | None = None
    #: Move number and side of the first move when the line does not start
    #: at the record's first move (a variation, a game taken up at move N).
    start_number: int | None = None
    start_side: str | None = None


def printed_moves(line: PrintedLine) -> Iterator[PrintedMove]:
    """Every printed move of a line and of its variations, in reading order (without recursion:
    variations may nest a thousand deep)."""
    stack = [iter(line.moves)]
    while stack:
        pm = next(stack[-1], None)
        if pm is None:
            stack.pop()
            continue
        yield pm
        stack.extend(iter(v.moves) for v in reversed(pm.variations))


@dataclass
class ParsedRecord:
    """A record read by one notation's grammar: moves, result, comments; no rules applied."""

    record: Record
    family: str
    notation: str
    line: PrintedLine
    result: str | None = None
    result_span: tuple[int, int] | None = None
    comments: list[str] = field(default_factory=list)
    #: Syntax problems found while parsing (a move the grammar could not read).
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: What else the notation read (headings, players, set-up prose): the family's own
    #: :class:`Detail` subclass (``notation/details/<family>.py``).
    extra: Detail = field(default_factory=Detail)


# --------------------------------------------------------------------------
# What the rules make of it (output of replay)

#: How many of a diagnostic's suggestions its one line of text names (:meth:`Diagnostic.format`).
_SUGGESTIONS_SHOWN = 6


@dataclass
class Diagnostic:
    """A problem found in a record: where it is, why it is wrong, what it should probably be."""

    severity: Severity
    code: Code
    message: str
    line: int | None = None
    column: int | None = None
    ply: int | None = None
    variation: int | None = None
    suggestions: list[str] = field(default_factory=list)

    def format(self, path: str) -> str:
        """Compiler style: ``file:line:col: error: message (did you mean ...?)``."""
        where = f"{path}:{self.line or 0}:{self.column or 0}"
        text = f"{where}: {self.severity}: {self.message}"
        if self.suggestions:
            # (A word any legal move may mean has dozens: the first few, and how many more; the JSON keeps all.)
            shown = ", ".join(self.suggestions[:_SUGGESTIONS_SHOWN])
            more = len(self.suggestions) - _SUGGESTIONS_SHOWN
            text += f" (nearest legal reading: {shown}{f', and {more} more' if more > 0 else ''})"
        return text

    def as_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply, "line": self.line, "column": self.column,
            "severity": self.severity, "code": self.code, "message": self.message,
            "suggestions": list(self.suggestions), "variation": self.variation,
        }


@dataclass
class Move:
    """One move (or card action) after replay.

    ``printed`` is exactly the text in the book; ``normalized`` the modern
    form (SAN for chess, ``11-15`` / ``11x18x25`` for checkers, ``24/18 13/11``
    for backgammon, a card action for cards). ``detail`` holds the family's
    own facts (from, to, piece, capture, promotion, check, mate, dice, ...), a
    :class:`Detail` subclass of the family's.
    ``position`` is the key of the position *after* the move; ``position_number``
    its 64-bit number (:meth:`notation.families.Family.position_number`) where
    the replay worked it out as it moved (chess's compiled clean path), else
    ``None``: the archive numbers the key. ``annotations`` are the glyphs printed
    after the move (``!``, ``?!``, PGN's NAGs ``$14``), as printed, for the writers.
    """

    ply: int
    side: str
    printed: str
    normalized: str | None
    status: Status = "ok"
    line: int | None = None
    column: int | None = None
    number: int | None = None
    detail: Detail = field(default_factory=Detail)
    position: str | None = None
    comment: str | None = None
    position_number: int | None = None
    annotations: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        out = {
            "ply": self.ply, "side": self.side, "number": self.number,
            "printed": self.printed, "normalized": self.normalized,
            "status": self.status, "line": self.line, "column": self.column,
            "position": self.position, "comment": self.comment, "detail": self.detail.as_json(),
        }
        if self.annotations:
            out["annotations"] = self.annotations
        return out


@dataclass
class Variation:
    """An alternative line: its moves replace the parent line's move at ``branch_ply``."""

    id: int
    parent: int
    branch_ply: int
    moves: list[Move] = field(default_factory=list)
    label: str | None = None
    comment: str | None = None
    #: The verdict the text prints at the line's end, in the checker books' words ("B wins", "W wins", "Drawn"),
    #: set where the reader makes its ``result`` claim (:attr:`Game.claims`): the writers end the line with it.
    result: str | None = None

    def as_json(self) -> dict[str, Any]:
        out = {
            "id": self.id, "parent": self.parent, "branch_ply": self.branch_ply,
            "label": self.label, "comment": self.comment,
            "moves": [m.as_json() for m in self.moves],
        }
        if self.result:
            out["result"] = self.result
        return out


@dataclass
class Claim:
    """Something the text asserts that the rules can check: a score, ``ch``, ``mate``, ``B wins``."""

    ply: int | None
    what: str
    claimed: str
    actual: str
    line: int | None = None
    column: int | None = None
    #: False when the rules cannot settle the claim ("B wins" from a position
    #: still being played): then :attr:`actual` says what they can tell.
    decided: bool = True
    #: How it was settled: ``replay`` (the moves and scores recomputed), ``table``
    #: (an endgame table), ``search`` (a bounded search, or a proof of mate in N), ``engine``
    #: (an engine's evaluation: not exact), or ``open``.
    how: str = "replay"
    #: Why it is open, or what settled it ("KBNvK table: mate in 19").
    reason: str = ""
    #: The engine's evaluation from the side the claim names (``+1.25``, ``mate in 3``) and its depth.
    evaluation: str | None = None
    depth: int | None = None

    def __post_init__(self) -> None:
        if not self.decided:
            self.how = "open"

    @property
    def exact(self) -> bool:
        """Whether it was settled by proof (not left open, not an engine's judgement)."""
        return self.decided and self.how not in ("engine", "open")

    @property
    def ok(self) -> bool | None:
        """Whether the claim is right; ``None`` when the rules cannot settle it."""
        return self.claimed == self.actual if self.decided else None

    def as_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "what": self.what, "claimed": self.claimed,
                "actual": self.actual, "ok": self.ok, "decided": self.decided,
                "how": self.how, "reason": self.reason, "evaluation": self.evaluation, "depth": self.depth,
                "exact": self.exact, "line": self.line, "column": self.column}


@dataclass
class Game:
    """One replayed record: the unit stored in the archive and printed by ``validate --json``."""

    record: Record
    family: str
    notation: str | None
    variant: str | None = None
    title: str | None = None
    start: str | None = None
    result: str | None = None
    status: Status = "ok"
    moves: list[Move] = field(default_factory=list)
    variations: list[Variation] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    #: Notations the record could be read in, when it names none and detection was not unique.
    candidates: list[str] = field(default_factory=list)
    #: Family-specific facts about the whole game (set-up inferred, match id, ...): the family's
    #: :class:`Detail` subclass.
    detail: Detail = field(default_factory=Detail)

    @property
    def tags(self) -> dict[str, str]:
        return self.record.tags

    @property
    def source(self) -> str | None:
        """The record's ``[Source]`` tag, else the source its file's folder names."""
        return self.record.tag("Source") or self.record.source.folder_source

    def finish(self) -> Game:
        """Set :attr:`status` from the moves and diagnostics: ``ok`` only when every move was read as printed."""
        if self.status == "unparsed":
            return self
        statuses = self._statuses()
        self.status = worst("ok", *statuses)  # type: ignore[assignment]
        if self.status == "ok" and not statuses and not self.claims:
            # Never `ok` with nothing read: a record that prints no move is an empty game, and says so.
            self.status = "empty"
            if not any(d.code == "empty-game" for d in self.diagnostics):
                body = self.record.body
                # Where its text begins: a game of tags only is named at its first tag, not past its blank lines.
                at = len(body) - len(body.lstrip()) if body.strip() else self.record.start - self.record.body_start
                self.diagnostics.append(Diagnostic(
                    "warning", "empty-game", "no moves: the record is an empty game (it prints no move, "
                    "and no word of its text reads as one)", *self.record.position(at)))
        return self

    def _statuses(self) -> list[str]:
        """Each move's status, and ``error`` for an error the diagnostics report (not a repaired move's)."""
        statuses: list[str] = [m.status for m in self.moves]
        repaired: set[tuple[int | None, int]] = {(None, m.ply) for m in self.moves if m.status == "repaired"}
        for v in self.variations:
            statuses.extend(m.status for m in v.moves)
            repaired.update((v.id, m.ply) for m in v.moves if m.status == "repaired")
        # An error on a move that was repaired is what made it "repaired", not an error of the record.
        if any(d.severity == "error" and (d.variation, d.ply) not in repaired for d in self.diagnostics):
            statuses.append("error")
        return statuses

    def branch_where_lines_differ(self) -> Game:
        """Each variation hung where it first differs from the line it is a variation of.

        Books print a note's line from a move the game already played, repeating the game's moves up to the one
        the note changes ("The usual defence is 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3"; checkers' "11-15, 22-18, 8-11
        ..."): those moves are the line's own printed again, not an alternative to them. They leave the
        variation, their printed words kept in its comment after the note's own (nothing is lost), and it
        branches at its first move the line did not make. A variation that repeats its line all through adds no
        move: its words go to the comment of the line's move where it ends, said in a ``repeated-line`` info.
        A move counts as repeated where it is the same move, to the same position, read with the same status
        (a note's misprint repaired stays where it is read). The variations that branched within the moves
        taken out branch from the line those moves are: they are re-hung on it."""
        lines: dict[int, dict[int, Move]] = {0: {m.ply: m for m in self.moves}}
        # a variation -> where it now branches and from which line (taken out: the line it was the same as)
        hung: dict[int, tuple[int, int]] = {}
        kept: list[Variation] = []
        for v in self.variations:
            while v.parent in hung and v.branch_ply < hung[v.parent][0]:
                v.parent = hung[v.parent][1]  # (it branched within moves taken out: they are that line's)
            on = lines.get(v.parent, {})
            same = 0
            for m in v.moves:
                other = on.get(m.ply)
                if other is None or m.normalized is None or (other.normalized, other.position, other.status) != (
                        m.normalized, m.position, m.status):
                    break
                same += 1
            if same:
                repeated, rest = v.moves[:same], v.moves[same:]
                before = on.get(repeated[0].ply - 1)
                second = before is not None and before.number is not None and before.number == repeated[0].number
                # (Each with its own glyphs and comment, "P. to Q.'s 3rd (which is much better)": nothing is lost.)
                words = " ".join(
                    (_numbered(m, k == 0 and second) if k == 0 or m.number != repeated[k - 1].number else m.printed)
                    + "".join(m.annotations) + (f" {m.comment}" if m.comment else "") for k, m in enumerate(repeated))
                told = words
                if v.comment and _says(v.comment, [m.printed for m in repeated]):
                    told = v.comment  # (a note's whole paragraph, as checkers' are: its words are there)
                elif v.comment:
                    # (The number the note's words end with is the first move's, printed once: "The usual defence is 2.")
                    said = repeated[0].number is not None and v.comment.split()[-1:] == [f"{repeated[0].number}."]
                    told = f"{v.comment} {words.split(' ', 1)[1] if said else words}"
                for d in self.diagnostics:
                    if d.variation == v.id and d.ply is not None and d.ply <= repeated[-1].ply:
                        d.variation = v.parent or None
                if not rest:
                    end = on[repeated[-1].ply]
                    end.comment = f"{end.comment} {told}" if end.comment else told
                    first = repeated[0]
                    self.diagnostics.append(Diagnostic(
                        "info", "repeated-line", f"a note's line ({words}) repeats the moves of the line it would "
                        f"be a variation of, all through: its words kept as a comment at {end.printed!r}",
                        first.line, first.column, end.ply, v.parent or None))
                    hung[v.id] = (1 << 62, v.parent)  # (its own variations are all the line's)
                    continue
                v.moves, v.branch_ply, v.comment = rest, rest[0].ply, told
            hung[v.id] = (v.branch_ply, v.parent)
            lines[v.id] = {**{ply: m for ply, m in on.items() if ply < v.branch_ply}, **{m.ply: m for m in v.moves}}
            kept.append(v)
        self.variations = kept
        return self

    def in_error(self) -> bool:
        """Whether :meth:`finish` would find the game in error as it stands (no status set, nothing added):
        diagnostics added later cannot take that back."""
        return self.status != "unparsed" and worst("ok", *self._statuses()) == "error"

    def as_json(self) -> dict[str, Any]:
        """The JSON shape shared by every family (see README: ``validate --json``)."""
        return {
            "title": self.title, "family": self.family, "variant": self.variant,
            "notation": self.notation, "status": self.status, "result": self.result,
            "file": self.record.path, "line": self.record.line, "hash": self.record.hash,
            "source": self.source, "tags": dict(self.record.tags), "start": self.start,
            "candidates": list(self.candidates), "detail": self.detail.as_json(),
            "moves": [m.as_json() for m in self.moves],
            "variations": [v.as_json() for v in self.variations],
            "diagnostics": [d.as_json() for d in self.diagnostics],
            "claims": [c.as_json() for c in self.claims],
            "comments": list(self.comments),
        }


def _says(comment: str | None, printed: list[str]) -> bool:
    """Whether a note's ``comment`` holds the ``printed`` moves' words already, in order (a checkers note's whole
    paragraph): they are not told twice."""
    at = 0
    for text in printed:
        found = (comment or "").find(text, at)
        if found < 0:
            return False
        at = found + len(text)
    return True


def _numbered(move: Move, second: bool) -> str:
    """A move as printed after its number (``2. Kt-KB3``; the second player's ``2... Kt-QB3``, where ``second``)."""
    if move.number is None:
        return move.printed
    return f"{move.number}{'...' if second else '.'} {move.printed}"


# --------------------------------------------------------------------------
# The value of a position: what the engines (notation.solve) answer and the families pass on.

@dataclass
class Verdict:
    """The game-theoretic value of a position for the side to move.

    ``value`` is ``win``, ``draw`` or ``loss``, or ``None`` when the position
    could not be settled (then :attr:`reason` says why). ``plies`` counts
    half-moves to mate (chess) or to the win (checkers: until the loser has
    no move), with best play by both sides; ``None`` for a draw or when only
    the value is known. ``how`` is ``rules`` (the game is over on the board),
    ``table``, ``search``, ``engine`` (an engine's evaluation: not exact) or ``open``.
    """

    value: str | None
    plies: int | None
    how: str
    reason: str = ""
    #: A best move for the side to move, in the family's normalised notation, when known.
    best: str | None = None
    #: An engine's evaluation for the side to move (``+0.35``, ``mate in 3``), the depth it was
    #: reached at, and the same in pawns (a mate counts 100); ``None`` where no engine was asked.
    evaluation: str | None = None
    depth: int | None = None
    pawns: float | None = None

    @property
    def exact(self) -> bool:
        """Whether the value is proved (the rules, a table, a search), not an engine's judgement."""
        return self.settled and self.how != "engine"

    @property
    def settled(self) -> bool:
        return self.value is not None

    def describe(self) -> str:
        """``win in 31 plies``, ``draw``, ``open (no table for KRPvKR)``."""
        if self.value is None:
            return f"open ({self.reason})" if self.reason else "open"
        if self.value == "draw" or self.plies is None:
            return self.value
        return f"{self.value} in {self.plies} plies"

    def as_json(self) -> dict[str, Any]:
        return {"value": self.value, "plies": self.plies, "how": self.how,
                "reason": self.reason, "best": self.best, "evaluation": self.evaluation, "depth": self.depth}
