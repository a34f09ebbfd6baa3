"""The checkers notations, one module each: a notation is its grammar in ``grammars/`` and its module
here (:mod:`.base` says what it gives: parse, resolve, printed marks, forms, write). The family and
its replay know the notations only through :data:`NOTATIONS`; the replay asks a notation, never
tests its name.
"""

from __future__ import annotations

from notation.rules.checkers.notations import book, columns, pdn
from notation.rules.checkers.notations.base import SquareMove, SquareNotation
from notation.rules.checkers.notations.pdn import BOOK_RESULT_PDN

#: The checkers notations by name, in the order detection tries them: one line each. PDN first: a
#: record that reads both ways ("11-15 23-19") is PDN, whose hyphens mark no side.
NOTATIONS: dict[str, SquareNotation] = {n.name: n for n in (
    pdn.NOTATION,
    book.NOTATION,
    columns.NOTATION,
)}

__all__ = ["BOOK_RESULT_PDN", "NOTATIONS", "SquareMove", "SquareNotation"]
