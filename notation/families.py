"""The one interface through which the CLI, the archive and Datasette meet a game family.

Two objects make a game known to notation:

* a :class:`Notation` per way of printing its moves: one Lark grammar, one
  transformer (``parse``), and what it takes to read a printed move on a board
  (``resolve``), to list the forms a legal move can be printed in (``forms``,
  for repairs) and to print a move (``write_move``). A family's replay asks its
  notation; it never tests a notation's name.
* a :class:`Family` object named ``FAMILY`` in the family's rules package
  (``notation/rules/<family>/__init__.py``), listed in :data:`FAMILY_MODULES`.
  It subclasses :class:`Family`: the abstract methods are required, every other
  hook is declared here with its default, so a reader of this file knows every
  way a family can plug in.

Nothing else names a family: the CLI, the pipeline, the archive and the
Datasette plugin only ever call what is declared here.
"""

from __future__ import annotations

import abc
import hashlib
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from notation.model import Detail, Game, ParsedRecord, PrintedMove, Record, RecordSpan, SourceText, Verdict

if TYPE_CHECKING:  # click is only needed by families that add commands
    import click

    from notation.records import Splitters

#: Family name -> module that defines ``FAMILY``. Imported lazily, so a
#: family's dependencies load only when one of its records is met.
FAMILY_MODULES: dict[str, str] = {
    "chess": "notation.rules.chess",
    "checkers": "notation.rules.checkers",
    "backgammon": "notation.rules.backgammon",
    "cards": "notation.rules.cards",
}

#: The commands families add (:meth:`Family.commands`), by name: (module, attribute, the first line of its
#: help). The command line lists them without loading the family and loads one when it runs
#: (tests/test_cli_startup.py checks that this table and the families' ``commands`` agree).
FAMILY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "cards": ("notation.rules.cards.commands", "cards", "Card-game tools."),
}

PositionT = TypeVar("PositionT", contravariant=True)
MoveT = TypeVar("MoveT")


class Notation(Protocol):
    """A notation: one Lark grammar plus one transformer."""

    name: str

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's body; syntax only, no board. Raises :class:`notation.parse.ParseError`."""
        ...


class MoveNotation(Notation, Protocol[PositionT, MoveT]):
    """A notation whose printed moves are read against a position (chess, checkers).

    ``PositionT`` is what the family's replay walks (a python-chess board with
    its piece origins, a checkers board); ``MoveT`` a concrete legal move.
    """

    def resolve(self, position: PositionT, printed: PrintedMove) -> list[MoveT]:
        """Every legal move the printed move can mean here (empty: none; several: ambiguous)."""
        ...

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        """(check, mate) as printed, for the family's claims and for settling ambiguities."""
        ...

    def forms(self, position: PositionT, move: MoveT) -> list[str]:
        """The ways this notation may print ``move`` here, for the nearest-reading repair search."""
        ...

    def write_move(self, position: PositionT, move: MoveT) -> str:
        """The move as this notation prints it (the shortest unambiguous form)."""
        ...


@dataclass(frozen=True)
class Identification:
    """How sure a family is that a record without a ``[Game]`` tag is its own, and why.

    The score says what the answer rests on (see :data:`SURE` and :data:`CONTENT`):
    a tag or a text only this family writes, the record's moves, or only tags that
    other formats share as well (``[Event]``, ``[White]``, ``[Black]``), which
    never decide a record's family but break a near tie.
    """

    score: float  # 0 (not mine) .. 1 (certainly mine)
    reason: str

    def __bool__(self) -> bool:
        return self.score > 0

    @property
    def sure(self) -> bool:
        """A tag only this family uses, or moves no other family's notation prints."""
        return self.score >= SURE

    @property
    def from_content(self) -> bool:
        """The answer rests on the record's text (its moves), not on shared tags alone."""
        return self.score >= CONTENT


#: An answer this sure (``[GameType]`` in a PDN file, SAN moves in a PGN file) needs no second opinion.
SURE = 0.9
#: An answer at least this high rests on the text: the families that give one read the record in
#: turn, and the one whose reading accounts for the most printed moves wins. Lower answers rest on
#: tags that several formats share, and only break a tie.
CONTENT = 0.3


@dataclass(frozen=True)
class PositionQuery:
    """A position typed by a user, normalised for the archive's indexed lookup."""

    form: str  # the column it is matched on, e.g. "key", "placement"
    key: str
    how: str  # said to the user: how the query was matched


#: What ends a field of a position key (chess's FEN fields, backgammon's position ID): archives of schemas
#: 3 and 4 found a search form that is the key up to one of these as a range of the stored keys.
KEY_FIELD_SEPARATORS = (" ", ":")


def key_number(family: str, key: str) -> int:
    """A stable 64-bit hash of a family's name and a position key, signed (SQLite's INTEGER, DuckDB's BIGINT)."""
    digest = hashlib.blake2b(f"{family}\n{key}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class FamilyError(Exception):
    """A family module that cannot be loaded; named, with the cause, when a command starts."""


class Family(abc.ABC, Generic[PositionT, MoveT]):
    """What every game family provides. Subclass it; override the hooks that apply."""

    name: str
    #: Notation name -> notation, e.g. ``"english-descriptive"``.
    notations: Mapping[str, Notation]
    #: Output formats :meth:`write` accepts, e.g. ``("pgn", "descriptive")``.
    formats: tuple[str, ...]
    #: File name endings this family owns (``.pgn``, ``.pdn``, ``.mat``): a hint, not a verdict.
    extensions: tuple[str, ...] = ()
    #: Other names a ``[Game]`` tag may give the family, lower case (``draughts``; each card game's
    #: name): the tag then names the family, and the family reads its variant from the tag.
    aliases: tuple[str, ...] = ()
    #: What its position keys are called, for "copy the position" (``"FEN"``, ``"GNU Backgammon ID"``).
    position_key_name: str = "position key"
    #: The types of what its replay keeps in :attr:`Game.detail` and :attr:`Move.detail`
    #: (``notation/details/<family>.py``): a game read back from the archive is given them.
    game_detail: type[Detail] = Detail
    move_detail: type[Detail] = Detail

    # -- required -------------------------------------------------------------------------------

    @abc.abstractmethod
    def replay(self, parsed: ParsedRecord) -> Game:
        """Apply the rules to every printed move: concrete moves, positions, diagnostics."""

    @abc.abstractmethod
    def write(self, game: Game, fmt: str) -> str:
        """Write a replayed game in one of :attr:`formats`; ``ValueError`` naming them otherwise."""

    @abc.abstractmethod
    def picture(self, position_key: str, view: Mapping[str, str] | None = None) -> str:
        """An SVG picture of a position, from its key; ``ValueError`` for a key it cannot read.

        ``view`` says how to draw it, as strings (they travel in a picture's URL):
        ``flip="1"`` draws it from the other side; the other entries are what
        :meth:`picture_view` gave (the last move, the dice, the players...).
        Entries a family does not know are ignored.
        """

    # -- optional hooks, with their defaults ---------------------------------------------------

    def identify(self, record: Record) -> Identification:
        """Whether a record without a ``[Game]`` tag is this family's, by its tags and text."""
        return Identification(0.0, f"{self.name} has no content test")

    def move_words(self, text: str) -> list[tuple[int, str]]:
        """The words of a text that read as moves in one of this family's notations, with their offsets.

        Asked of every family for a record from which no move was read: such a
        record with move-like words is an error (``no-moves``), never ``empty``.
        The default finds none; a family whose moves are recognisable words says so.
        """
        return []

    def notation_move_words(self, notation: str, text: str) -> list[tuple[int, str]]:
        """The words of a text that read as moves in ``notation``: by default, in any of the family's (:meth:`move_words`).
        Detection asks how many a reading could read at most before it replays one (a descriptive reading of a
        PGN's SAN reads none of its moves)."""
        return self.move_words(text)

    def candidate_notations(self, record: Record) -> list[str]:
        """Notations worth trying for a record that names none, most likely first."""
        return list(self.notations)

    def most_read(self, notation: str, record: Record) -> int | None:
        """The most printed moves a reading of the record in ``notation`` can read (``None``: no bound known):
        detection does not try a notation whose bound is below what another reading has already read."""
        return None

    def read_fast(self, notation: str, record: Record) -> Game | None:
        """The finished game of a record with nothing to report, read on a fast path; ``None``: read in full."""
        return None

    def expect(self, text: int) -> None:
        """Told that this process is about to read about ``text`` bytes of records in bulk (an import's
        share): the moment to ready what pays only over that much. The default readies nothing."""

    def decode(self, record: Record) -> Game | None:
        """The finished game the decoder (:mod:`notation.decode`) reads in a record that no notation of
        the family parses (an OCR'd score, moves named in prose); ``None``: nothing read, the parse
        error stands."""
        return None

    def probe(self, parsed: ParsedRecord) -> bool | None:
        """A cheap test that a reading replays cleanly (``None``: no such test, replay in full)."""
        return None

    #: Whether :meth:`split` may be given each tagged record of a file alone (then a file is read
    #: as a stream, one record at a time); else the file is read whole and split at once.
    split_streams: bool = False

    def split(self, source: SourceText) -> list[RecordSpan] | None:
        """Where the records of a file in this family's own format lie (``.mat``); ``None``: tag pairs.

        It is asked about files with its own endings, and about any file whose ending no
        family owns, where it answers ``None`` unless the text is in its format.
        """
        return None

    def commands(self) -> list[click.Command]:
        """Extra CLI commands (``notation cribbage-score``)."""
        return []

    def position_query(self, text: str) -> PositionQuery:
        """A position typed by a user, as the archive looks it up; ``ValueError`` naming the form expected."""
        key = text.strip()
        if not key:
            raise ValueError("expected a position key")
        return PositionQuery("key", key, "matched the position key exactly")

    def position_forms(self, key: str) -> dict[str, str]:
        """The normalised forms of a stored position key, kept in indexed columns for search."""
        return {"key": key}

    def stored_forms(self, key: str) -> dict[str, str]:
        """The forms of :meth:`position_forms` the archive must store beside ``key`` to find it.

        Every form but the key itself: the archive finds a key by its number
        (:meth:`position_number`), and a form by this table unless
        :meth:`query_keys` names the keys it stands for. Asked of every new
        position an import stores: a family whose keys, as its replay writes
        them, need nothing stored may answer that faster. ``ValueError`` for a
        key the family cannot read.
        """
        return {form: value for form, value in self.position_forms(key).items() if value and value != key}

    def any_stored_forms(self, keys: Iterable[str]) -> bool:
        """Whether any of these keys may have :meth:`stored_forms`: asked once of a batch's new
        positions, so that a family whose replayed keys need none can say so without a call per key."""
        return True

    def position_number(self, key: str) -> int:
        """The archive's 64-bit number of a stored position key: the same in every archive and shard.

        A stable hash of the family and the key (signed, as SQLite's INTEGER
        holds it); a family with a standard hash of its positions (chess's
        Polyglot key) gives that instead.
        """
        return key_number(self.name, key)

    def query_keys(self, query: PositionQuery) -> list[str]:
        """The stored keys a search in ``query``'s form can match, found by their numbers; ``[]``: the
        archive looks the form up in its ``position_forms`` table (what :meth:`stored_forms` keeps)."""
        return [query.key] if query.form == "key" else []

    def picture_view(self, game: Mapping[str, Any], move: Mapping[str, Any] | None) -> dict[str, str]:
        """What the picture of the position after ``move`` (``None``: the start) should show beside it.

        ``game`` has the record's ``tags``, ``detail``, ``notation`` and ``variant``;
        ``move`` its ``side``, ``detail``, ``status``, ``normalized``. The answer
        goes to :meth:`picture` as its ``view``: the last move to highlight,
        the dice of the roll being played, the players' names and colours.
        """
        return {}

    def solve(self, position_key: str) -> Verdict | None:
        """The exact value of a position for the side to move (``None``: the family cannot say).

        The engines' :class:`notation.solve.Verdict`: its ``value`` is ``None`` when the position
        could not be settled, and its ``reason`` says why."""
        return None

    def build_tables(self, materials: Sequence[str], directory: str | None, most: int | None, force: bool,
                     report: Callable[[str, int, float, int], None],
                     planned: Callable[[int], None] = lambda size: None) -> tuple[int, str] | None:
        """Build the endgame tables :meth:`solve` reads (``notation tables build``).

        ``materials`` in the family's own names (``KQvKR``), or every material of at most ``most``
        men; with the tables they depend on; in ``directory`` (``None``: the default); tables on
        disk again only if ``force``. ``planned(bytes)`` once, before the first, with the bytes of
        all the tables to build (for a progress bar); ``report(name, bytes, seconds, passes)`` after each table.
        How many were built and where; ``None``: the family has no tables. ``ValueError`` names a
        material it cannot read.
        """
        return None


_loaded: dict[str, Family[Any, Any]] = {}
#: Every family's aliases -> its name, once the families are loaded.
_aliases: dict[str, str] = {}


def canonical(name: str) -> str:
    """The family name a ``[Game]`` tag value stands for: a family's name or one of its
    :attr:`Family.aliases` (case-insensitive; every family is loaded to ask); else the value, lower case."""
    key = name.strip().lower()
    if key in FAMILY_MODULES:
        return key
    if not _aliases:
        _aliases.update({alias.lower(): family.name for family in load_all() for alias in family.aliases})
    return _aliases.get(key, key)


def get(name: str) -> Family[Any, Any]:
    """The family called ``name``. ``KeyError`` naming the known ones; :class:`FamilyError` if it cannot load."""
    key = canonical(name)
    if key not in _loaded:
        if key not in FAMILY_MODULES:
            raise KeyError(f"unknown game {name!r}: expected one of {', '.join(FAMILY_MODULES)}")
        try:
            family = importlib.import_module(FAMILY_MODULES[key]).FAMILY
        except (ImportError, AttributeError) as exc:
            raise FamilyError(f"the {key} family ({FAMILY_MODULES[key]}) cannot be loaded: {exc}") from exc
        if not isinstance(family, Family):
            raise FamilyError(f"{FAMILY_MODULES[key]}.FAMILY is not a notation.families.Family")
        _loaded[key] = family
    return _loaded[key]


def load_all() -> list[Family[Any, Any]]:
    """Every family, loaded now: a command calls this first, so a broken family stops it with its name."""
    return [get(name) for name in FAMILY_MODULES]


def splitters() -> Splitters:
    """The families' splitters of their own formats, for :func:`notation.records.split` (every family loaded)."""
    from notation.records import Splitters  # here: the records' grammar library (Lark) is not for start-up

    own = [family for family in load_all() if type(family).split is not Family.split]
    by_ending = {ext.lower(): family.split for family in own for ext in family.extensions}
    streamed = frozenset(ext.lower() for family in own if family.split_streams for ext in family.extensions)
    # A file whose ending no family owns is offered to every splitter: the format is in the text.
    return Splitters(by_ending, streamed, tuple(family.split for family in own))


def names() -> list[str]:
    """Names of the families."""
    return list(FAMILY_MODULES)


def all_families() -> Iterable[Family[Any, Any]]:
    yield from load_all()


def move_like_words(text: str) -> list[tuple[int, str]]:
    """The words of ``text`` that read as a move in any family's notation (each family's
    :meth:`Family.move_words`), by offset: what "move-like" means wherever a text is judged
    (a record from which nothing was read; text after a game's result, which they make a record)."""
    return sorted({at: word for family in all_families() for at, word in family.move_words(text)}.items())


def for_extension(path: str) -> Family[Any, Any] | None:
    """The family that owns a file name ending, if any (a hint for detection)."""
    low = path.lower()
    for family in all_families():
        if any(low.endswith(ext) for ext in family.extensions):
            return family
    return None
