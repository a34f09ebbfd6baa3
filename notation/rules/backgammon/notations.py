"""The backgammon notations: each is one module of :mod:`notation.parse` with its grammar in
``grammars/`` (standard notation, match files, the book's words), and says what the replay asks
of it instead of testing its name (``marks_hits``: whether an unmarked hit is worth a warning).
The games are written in each by :mod:`notation.write.backgammon`.
"""

from __future__ import annotations

from notation.parse import backgammon_book, backgammon_mat, backgammon_standard

#: Notation name -> notation, in the order they are tried: one line each.
NOTATIONS = {n.name: n for n in (
    backgammon_standard.NOTATION,
    backgammon_book.NOTATION,
    backgammon_mat.NOTATION,
)}
