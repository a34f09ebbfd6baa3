"""Each family's own facts, typed: what its replay keeps in :attr:`~notation.model.Move.detail`
and :attr:`~notation.model.Game.detail`, and what its notations read into
:attr:`~notation.model.ParsedRecord.extra`.

A module per family (``chess``, ``checkers``, ``backgammon``, ``cards``), each a few
:class:`~notation.model.Detail` dataclasses; they sit beside the model so that the family's
parsers, rules and writers (and the archive reading a game back) share them.
"""

from __future__ import annotations

from dataclasses import dataclass

from notation.model import Detail, PositionValue


@dataclass(slots=True)
class ValuedMove(Detail):
    """A move whose position an engine may value (chess and checkers endings: :func:`notation.rules.kit.note_value`)."""

    value: PositionValue | None = None
