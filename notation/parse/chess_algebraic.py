"""Algebraic notation between prose: ``grammars/chess_algebraic.lark`` -> printed moves.

SAN and long algebraic as books, newspapers and web pages print them
(``1. e4 e5 2. Nf3``, ``6. d4 exd``, ``♘f3``, ``Ng1-f3``), in the same
layouts as the other book notations: paragraphs of moves and the author's
prose, remarks and alternatives in parentheses. A PGN file's movetext is read
by :mod:`notation.parse.chess_san`; this reader takes the texts PGN's grammar
cannot (prose around the moves, a heading before them).

The move has German notation's shape (the squares are the same), so the
moves are :class:`~notation.parse.chess_german.GermanMove` with English
piece letters.
"""

from __future__ import annotations

from notation.model import ParsedRecord, Record
from notation.parse.chess_german import GermanTransformer
from notation.parse.chess_layout import parse_book

NAME = "algebraic"
GRAMMAR = "chess_algebraic.lark"

#: King, Queen, Rook, Bishop, Knight (pawns have no letter), and the figurines of either colour.
PIECES = {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "N", "P": "P"}
PIECES.update(zip("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN"))


class AlgebraicTransformer(GermanTransformer):
    """The layout transformer, reading each ``move`` with English piece letters."""

    pieces = PIECES


class Algebraic:
    """SAN and long algebraic as printed between prose in books and on web pages."""

    name = NAME

    def parse(self, record: Record) -> ParsedRecord:
        return parse_book(record, "chess", NAME, GRAMMAR, AlgebraicTransformer)
