"""What the backgammon notations read: actions (a throw and its play, a double, a take...), no board.

Every backgammon transformer produces :class:`~notation.model.PrintedMove`
objects whose ``fields`` is an :class:`Action`. Points are in the mover's own
numbering (1 = his ace point, 24 = the point he enters on, 25 = the bar,
0 = off), whatever the printed form was: ``bar/22``, ``25/22``, "enters on
the trey point" all read as ``(25, 22)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Transformer, Tree

BAR = 25
OFF = 0


@dataclass(frozen=True)
class Segment:
    """One printed move of a man: its path (from, any points between, to) and where it hit.

    ``hits[i]`` says whether the printing marks a hit on ``path[i + 1]``;
    ``count`` is how many men made the same move (``8/5(2)``, "two men").
    ``distance`` is the number of points the book names ("five points").
    """

    path: tuple[int, ...]
    hits: tuple[bool, ...]
    count: int = 1
    distance: int | None = None

    @property
    def frm(self) -> int:
        return self.path[0]

    @property
    def to(self) -> int:
        return self.path[-1]

    def as_dict(self) -> dict[str, Any]:
        return {"path": list(self.path), "hits": list(self.hits), "count": self.count,
                "distance": self.distance}


@dataclass
class Action:
    """One printed action.

    ``kind`` is ``roll`` (``dice`` and the ``segments`` played; an empty list
    when nothing could be played), ``double`` (``value`` the cube offered),
    ``take``, ``drop``, ``win`` (``value`` points claimed, ``what`` a hit,
    gammon or backgammon when the words say so) or ``resign``. ``side`` is
    ``0`` or ``1`` when the printing says who acts (a label, a column).
    """

    kind: str
    dice: tuple[int, int] | None = None
    segments: list[Segment] = field(default_factory=list)
    value: int | None = None
    what: str | None = None
    side: int | None = None
    #: The printing says the throw or the play was not seen (``????``, ``??:``): it cannot be checked.
    unseen: bool = False
    #: A win that says it takes the match (``Wins 2 point and the match``).
    match: bool = False
    #: What the play does, where a book tells it so rather than by the men moved ("makes his bar point"), in the
    #: mover's numbering: ``("make", point)``, ``("run", point or None)`` (a back man leaves the adversary's
    #: table, to that point), ``("hit",)``, ``("off", n)`` (n men borne off). The replay finds the legal plays
    #: that do it.
    effects: tuple[tuple[Any, ...], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "dice": list(self.dice) if self.dice else None,
                "segments": [s.as_dict() for s in self.segments], "value": self.value,
                "what": self.what, "side": self.side, **({"effects": [list(e) for e in self.effects]}
                                                          if self.effects else {})}


def point_number(token: Token | str) -> int:
    """``bar`` -> 25, ``off`` -> 0, digits -> their value."""
    text = str(token).lower()
    if text == "bar":
        return BAR
    if text == "off":
        return OFF
    return int(text)


class PlayTransformer(Transformer):
    """The pieces of ``backgammon_common.lark``: plays, moves, throws and cube actions."""

    def play(self, children: list[Segment]) -> list[Segment]:
        return list(children)

    def target(self, children: list[Token]) -> tuple[int, bool]:
        return point_number(children[0]), len(children) > 1

    def move(self, children: list[Any]) -> Segment:
        start = point_number(children[0])
        count = 1
        targets: list[tuple[int, bool]] = []
        for child in children[1:]:
            if isinstance(child, Token) and child.type.endswith("REPEAT"):
                count = int(str(child)[1:-1])
            else:
                targets.append(child)
        return Segment((start, *(t[0] for t in targets)), tuple(t[1] for t in targets), count)

    def roll(self, children: list[Any]) -> Action:
        first = children[0]
        kind = first.type.rsplit("__", 1)[-1] if isinstance(first, Token) else ""
        # The author's words around a play (a ``note``) are its comment, read by the notation, not an action's.
        # The author's other play of the throw (an ``alternative``) is a variation, read by the notation too.
        children = [c for c in children if not (isinstance(c, Tree) and c.data in ("note", "alternative"))]
        rest = children[1] if len(children) > 1 else []
        if kind == "THROW":
            return Action("roll", throw_dice(str(first)), list(rest) if isinstance(rest, list) else [])
        unseen = kind in ("UNSEEN_ROLL", "UNSEEN_DICE") or (
            isinstance(rest, Token) and rest.type.endswith("UNSEEN_PLAY"))
        dice = None if kind.startswith("UNSEEN") else (int(str(first)[0]), int(str(first)[1]))
        segments = list(rest) if isinstance(rest, list) else []  # CANNOT and UNSEEN_PLAY are tokens
        return Action("roll", dice, segments, unseen=unseen)

    def double(self, children: list[Token]) -> Action:
        return Action("double", value=int(children[-1]))

    def take(self, children: list[Token]) -> Action:
        return Action("take")

    def drop(self, children: list[Token]) -> Action:
        return Action("drop")

    def win(self, children: list[Token]) -> Action:
        match = any(isinstance(c, Token) and c.type.endswith("AND_MATCH") for c in children)
        return Action("win", value=int(children[0]), match=match)

    def lose(self, children: list[Token]) -> Action:
        return Action("lose", value=int(next(c for c in children if str(c).isdigit())))

    def beaver(self, children: list[Token]) -> Action:
        return Action("beaver", value=int(children[-1]))

    def raccoon(self, children: list[Token]) -> Action:
        return Action("raccoon", value=int(children[-1]))

    def resign(self, children: list[Token]) -> Action:
        numbers = [c for c in children if isinstance(c, Token) and str(c).isdigit()]
        return Action("resign", value=int(numbers[0]) if numbers else None)


#: The faces as a book's words name them ("three-one", "double sixes"; "cinque", "size" and "quatre" the old names).
FACE_WORDS = {"ace": 1, "one": 1, "deuce": 2, "two": 2, "trey": 3, "three": 3, "four": 4, "quatre": 4,
              "five": 5, "cinque": 5, "six": 6, "size": 6}


def throw_dice(text: str) -> tuple[int, int]:
    """The dice of a throw as a book's table prints it: "With 3-1", "Three-one (3-1)", "Double sixes" -> (6, 6).

    >>> throw_dice("Three-one (3-1):"), throw_dice("Double sixes:"), throw_dice("With 6-1,")
    ((3, 1), (6, 6), (6, 1))
    """
    figures = re.search(r"([1-6])-([1-6])", text)
    if figures:
        return int(figures[1]), int(figures[2])
    words = re.findall(r"[a-z]+", text.lower())
    if words[0].startswith("double"):
        face = FACE_WORDS[words[1][:-2] if words[1].endswith("xes") else words[1][:-1]]
        return face, face
    faces = [FACE_WORDS[w] for w in words if w in FACE_WORDS]
    return faces[0], faces[1]


def is_game_value(points: int) -> bool:
    """Whether some game can be worth ``points``: the cube (1, 2, 4 ...) times 1, 2 or 3."""
    while points > 3 and points % 2 == 0:
        points //= 2
    return points in (1, 2, 3)


def span(tree: Tree | Token) -> tuple[int, int]:
    """Start and end offsets of a tree (with ``propagate_positions``) or token."""
    if isinstance(tree, Token):
        return tree.start_pos or 0, tree.end_pos or 0
    return tree.meta.start_pos, tree.meta.end_pos
