"""Exact values of positions: endgame tables built here by retrograde analysis, and bounded searches.

The engines are called with a position and answer with one :class:`Verdict`. A family answers
"who wins this position?" through its ``solve(position_key)`` hook with that verdict; its rules
(``notation/rules/<game>/endings.py``) use the same verdicts to settle what a book claims ("White
to move and wins", "Drawn", "mate in three") and to note the value of the position after each
move of an ending.

* :mod:`notation.solve.chess_tables` -- chess tables for every ending of up to four men;
* :mod:`notation.solve.chess_search` -- probes of the tables, a bounded search beyond them;
* :mod:`notation.solve.chess_engine` -- Stockfish's evaluation beyond them (not exact), and the
  moves it proposes for a proof of mate in N;
* :mod:`notation.solve.checkers` -- checkers: a database for few pieces and a proof search.
"""

from __future__ import annotations

from notation.model import Verdict

__all__ = ["HOW", "Verdict", "opposite"]

#: How a verdict (or a claim) was settled.
HOW = ("rules", "replay", "table", "search", "engine", "open")


def opposite(value: str | None) -> str | None:
    """The value for the other side."""
    return {"win": "loss", "loss": "win"}.get(value, value) if value else None
