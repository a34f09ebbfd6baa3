"""What checkers keeps: a move's squares, path and captures, a game's inferred set-up, a notation's diagram and results."""

from __future__ import annotations

from dataclasses import dataclass, field

from notation.details import ValuedMove
from notation.model import Detail


@dataclass(slots=True)
class CheckersMoveDetail(ValuedMove):
    """A checkers move: its squares (1-32) once made; ``losing`` when the book stars it."""

    losing: bool | None = None
    from_: int | None = field(default=None, metadata={"json": "from"})
    to: int | None = None
    path: list[int] | None = None
    captures: list[int] | None = None
    crowned: bool | None = None
    #: How many more times the prose names this move where its line plays it (each such word read as this move).
    again: int | None = None


@dataclass(slots=True)
class CheckersGameDetail(Detail):
    """A checkers game: the set-up the moves imply when none is printed, the Two Move Restriction."""

    setup_inferred: bool | None = None
    #: The set-up inferred, as a PDN FEN, and the squares its moves touch.
    setup: str | None = None
    touched: list[int] | None = None
    two_move_restriction: bool | None = None
    #: Read by the decoder (:mod:`notation.rules.checkers.decode`): a damaged score, or moves named in prose.
    decoded: str | None = None
    #: The result as a PDN file printed it, where it is the same result in 2-0 scoring (``2-0``, ``1-1``, ``0-2``)
    #: as :attr:`~notation.model.Game.result` gives in the standard's form: a PDN writer writes it back so.
    pdn_result: str | None = None


@dataclass(slots=True)
class CheckersExtra(Detail):
    """What a checkers notation reads besides the moves."""

    #: A position printed in words or as a diagram: square -> (colour, king).
    pieces: dict[int, tuple[str, bool]] | None = None
    #: The position is a diagram's (its moves are checked against it).
    diagram: bool = False
    #: ``white`` or ``black`` when the record says who moves first.
    to_move: str | None = None
    #: A Two Move Restriction slip (its opening moves hyphenated, sides alternate).
    slip: bool = False
    #: Variation letter -> (result as printed, its offset in the body).
    results: dict[str, tuple[str, int | None]] = field(default_factory=dict)
    #: Letters of variations no move refers to.
    orphans: list[str] = field(default_factory=list)
    #: Two games printed side by side; a book that hyphenates both sides' moves.
    side_by_side: bool = False
    hyphens_both_sides: bool = False
    #: The result as PDN prints it, when it is not one of PDN's.
    printed_result: str | None = None
    #: Stretches of the body (start, end) kept as text on purpose, each with its diagnostic (a second solution
    #: printed beside the first): no move word in them is read into the game's lines.
    kept: list[tuple[int, int]] = field(default_factory=list)
