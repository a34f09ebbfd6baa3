"""The one interface through which the CLI, the archive and Datasette meet a game family.

Adding a game is one rules module that defines a :class:`Family` object named
``FAMILY``, plus one line in :data:`FAMILY_MODULES`. Nothing else changes.
"""

from __future__ import annotations

import importlib
from typing import Callable, Iterable, Mapping, Protocol, runtime_checkable

from notation.model import Game, ParsedRecord, Record, SourceText

#: Family name -> module that defines ``FAMILY``. Imported lazily, so a
#: family's dependencies load only when one of its records is met.
FAMILY_MODULES: dict[str, str] = {
    "chess": "notation.rules.chess",
    "checkers": "notation.rules.checkers",
    "backgammon": "notation.rules.backgammon",
    "cards": "notation.rules.cards",
}


class Notation(Protocol):
    """A notation: one Lark grammar plus one transformer."""

    name: str

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's body; syntax only, no board. Raises :class:`notation.parse.ParseError`."""


@runtime_checkable
class Family(Protocol):
    """What every game family provides."""

    name: str
    #: Notation name -> parser, e.g. ``"english-descriptive"``.
    notations: Mapping[str, Notation]
    #: Output formats :meth:`write` accepts, e.g. ``("pgn", "descriptive")``.
    formats: tuple[str, ...]
    #: File name endings this family owns (``.pgn``, ``.pdn``, ``.mat``).
    extensions: tuple[str, ...]

    def replay(self, parsed: ParsedRecord) -> Game:
        """Apply the rules to every printed move: concrete moves, positions, diagnostics."""

    def write(self, game: Game, fmt: str) -> str:
        """Write a replayed game in one of :attr:`formats`."""

    def picture(self, position_key: str) -> str:
        """An SVG picture of a position, from its key."""

    def identify(self, record: Record) -> bool:
        """Whether a record without a ``[Game]`` tag belongs to this family (by its tags or text)."""


#: Optional: a family may split files of its own format into records
#: (``split(source: SourceText) -> list[Record]``), e.g. backgammon ``.mat`` files.
Splitter = Callable[[SourceText], list[Record]]

_loaded: dict[str, Family] = {}


def names() -> list[str]:
    """Names of the families that are installed (their module imports)."""
    return [name for name in FAMILY_MODULES if _try(name) is not None]


def _try(name: str) -> Family | None:
    try:
        return get(name)
    except (KeyError, ImportError, AttributeError):
        return None


def get(name: str) -> Family:
    """The family called ``name`` (case-insensitive). Raises ``KeyError`` naming the known ones."""
    key = name.strip().lower()
    aliases = {"draughts": "checkers", "english draughts": "checkers",
               "cribbage": "cards", "piquet": "cards", "rubicon piquet": "cards",
               "ecarte": "cards", "écarté": "cards"}
    key = aliases.get(key, key)
    if key not in _loaded:
        if key not in FAMILY_MODULES:
            raise KeyError(f"unknown game {name!r}: expected one of {', '.join(FAMILY_MODULES)}")
        _loaded[key] = importlib.import_module(FAMILY_MODULES[key]).FAMILY
    return _loaded[key]


def all_families() -> Iterable[Family]:
    for name in names():
        yield get(name)


def for_extension(path: str) -> Family | None:
    """The family that owns a file name ending, if any."""
    low = path.lower()
    for family in all_families():
        if any(low.endswith(ext) for ext in family.extensions):
            return family
    return None
