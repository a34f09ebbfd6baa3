"""What backgammon keeps: a turn's throw and play, a game's winner and match, a match file's players and score."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from notation.model import Detail


@dataclass(slots=True)
class BackgammonMoveDetail(Detail):
    """One action of a game: a throw and its play, or a double, take, drop, resignation, win."""

    #: ``roll``, ``double``, ``take``, ``drop``, ``beaver``, ``raccoon``, ``resign`` or ``win``.
    kind: str | None = None
    #: The player: 0 or 1.
    side: int | None = None
    #: The throw or the play was not recorded.
    unseen: bool | None = None
    dice: list[int] | None = None
    #: A misprinted throw: the dice as printed, and as the play shows them.
    dice_repaired: list[int] | None = None
    printed_dice: list[int] | None = None
    #: The throw as GNU Backgammon names it (higher die first) and the play.
    throw: str | None = None
    play: str | None = None
    #: ``[from, to, die, hit]`` of each checker moved.
    steps: list[list[int]] | None = None
    hits: list[int] | None = None
    dice_used: int | None = None
    #: Of a Russian double: whether the player throws again.
    again: bool | None = None
    position_id: str | None = None
    match_id: str | None = None
    pips: list[int] | None = None
    resigned: bool | None = None


class Match(TypedDict):
    """The match a game belongs to."""

    key: str | None
    length: int | None
    game: int | None
    players: list[str]
    score: list[int]
    crawford: bool


@dataclass(slots=True)
class BackgammonGameDetail(Detail):
    """A game: who moved first, who won how many points and how, the cube, its match."""

    #: ``illegal`` for a record of the book's examples of forbidden plays.
    example: str | None = None
    first: str | None = None
    match: Match | None = None
    #: The record's text stops being read before its end.
    unchecked: bool | None = None
    winner: str | None = None
    points: int | None = None
    how: str | None = None
    cube: int | None = None


@dataclass(slots=True)
class BackgammonExtra(Detail):
    """What a backgammon notation reads besides the moves (a match file's game heading)."""

    players: list[str] | None = None
    #: Offset into the body from which the text could not be read.
    unchecked_from: int | None = None
    game: int | None = None
    score: list[int] = field(default_factory=list)
    markers: list[str] = field(default_factory=list)
