"""Exact values of positions: endgame tables built here by retrograde analysis, and bounded searches.

The engines are called with a position and answer with one :class:`Verdict`. A family answers
"who wins this position?" through its ``solve(position_key)`` hook with that verdict; its rules
(``notation/rules/<game>/endings.py``) use the same verdicts to settle what a book claims ("White
to move and wins", "Drawn", "mate in three") and to note the value of the position after each
move of an ending.

* :mod:`notation.solve.chess_tables` -- chess tables for every ending of up to four men;
* :mod:`notation.solve.chess_search` -- probes of the tables, a bounded search beyond them;
* :mod:`notation.solve.checkers` -- checkers: a database for few pieces and a proof search.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: How a verdict (or a claim) was settled.
HOW = ("rules", "replay", "table", "search", "open")


@dataclass
class Verdict:
    """The game-theoretic value of a position for the side to move.

    ``value`` is ``win``, ``draw`` or ``loss``, or ``None`` when the position
    could not be settled (then :attr:`reason` says why). ``plies`` counts
    half-moves to mate (chess) or to the win (checkers: until the loser has
    no move), with best play by both sides; ``None`` for a draw or when only
    the value is known. ``how`` is ``rules`` (the game is over on the board),
    ``table``, ``search`` or ``open``.
    """

    value: str | None
    plies: int | None
    how: str
    reason: str = ""
    #: A best move for the side to move, in the family's normalised notation, when known.
    best: str | None = None

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
                "reason": self.reason, "best": self.best}


def opposite(value: str | None) -> str | None:
    """The value for the other side."""
    return {"win": "loss", "loss": "win"}.get(value, value) if value else None
