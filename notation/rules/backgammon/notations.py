"""The backgammon notations, with what the replay needs to know of each.

Each is the parse layer's notation (grammar + transformer) plus the facts the
replay asks instead of testing a notation's name: whether the notation marks
the men it hits (``*``), so an unmarked hit is worth a warning.
"""

from __future__ import annotations

from notation.parse.backgammon_book import BookNotation
from notation.parse.backgammon_mat import MatNotation
from notation.parse.backgammon_standard import StandardNotation


class Standard(StandardNotation):
    """``1. Black 31: 8/5 6/5``: a hit is marked with ``*``."""

    marks_hits = True


class Mat(MatNotation):
    """Match files: GNU Backgammon and Jellyfish mark a hit with ``*`` (some programs do not)."""

    marks_hits = True


class Book(BookNotation):
    """The book's sentences name a hit only where the author chose to: an unmarked hit is normal."""

    marks_hits = False


STANDARD, MAT, BOOK = Standard(), Mat(), Book()
#: Notation name -> notation, in the order they are tried.
NOTATIONS = {"standard": STANDARD, "book": BOOK, "mat": MAT}
