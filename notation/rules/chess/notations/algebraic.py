"""Algebraic notation between prose: SAN and long algebraic as books, newspapers and web pages
print them (``1. e4 e5 2. Nf3``, ``6. d4 exd``, ``♘f3``, ``Ng1-f3``), in the same layouts as the
other book notations: paragraphs of moves and the author's prose, remarks and alternatives in
parentheses. A PGN file's movetext is SAN's (:mod:`.san`); this notation takes the texts PGN's
grammar cannot (prose around the moves, a heading before them).

The move has German notation's shape (the squares are the same), so the grammar
(``grammars/chess_algebraic.lark``) imports German's move rules with English piece letters, the
moves are :class:`~.german.GermanMove` and the board reads them as German's do, but for the
captures older texts print without their sign (``ab4``, ``Nd6``).
"""

from __future__ import annotations

import chess

from notation.boards.chess import Position
from notation.model import PrintedMove
from notation.rules.chess.notations.base import ALGEBRAIC_CLUE, LayoutNotation, san_read_forms
from notation.rules.chess.notations.german import GermanMove, GermanTransformer, resolve_german
from notation.rules.chess.notations.san import WORD as SAN_WORD

NAME = "algebraic"
GRAMMAR = "chess_algebraic.lark"

#: King, Queen, Rook, Bishop, Knight (pawns have no letter), and the figurines of either colour.
PIECES = {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "N", "P": "P"}
PIECES.update(zip("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN"))


class AlgebraicTransformer(GermanTransformer):
    """The layout transformer, reading each ``move`` with English piece letters."""

    pieces = PIECES


class Algebraic(LayoutNotation):
    """SAN and long algebraic read from a book's or a web page's layout (``6. d4 exd``, ``♘f3``)."""

    name = NAME
    grammar = GRAMMAR
    transformer = AlgebraicTransformer
    word = SAN_WORD  # its moves, as words, are SAN's
    clue = ALGEBRAIC_CLUE
    clue_in_every_move = True

    def book_moves(self, text: str) -> int:
        """0: a book's scores in algebraic notation are found by SAN's grammar (:mod:`.san`)."""
        return 0

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, GermanMove):
            return []
        return resolve_german(position.board, printed.fields, captures_marked=False)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        return (f.check or f.mate, f.mate) if isinstance(f, GermanMove) else (False, False)

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return [position.board.san(move).rstrip("+#"), move.uci()]

    def read_forms(self, position: Position, move: chess.Move) -> list[str]:
        return [*san_read_forms(position.board, move), move.uci()]

    def write_move(self, position: Position, move: chess.Move) -> str:
        return position.board.san(move)


NOTATION = Algebraic()
