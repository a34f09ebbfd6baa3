"""The universal notation of H. F. L. Meyer (*The Boy's Own Book of Indoor Games*, 1890): algebraic
squares, and the men named by six consecutive letters, the same in every language: K King, L Queen,
M Rook, N Bishop, O Knight, P Pawn (``1, P d4  P d5``, ``O f3``, ``N g6:``, ``K M`` for castling).

The move has algebraic notation's shape (the letter apart from its square, a capture marked after the
square), so the grammar (``grammars/chess_universal.lark``) imports German's short move with these
letters, and the moves are :class:`~.german.GermanMove`, read on the board as algebraic's are.
"""

from __future__ import annotations

import re

import chess

from notation.boards.chess import Position
from notation.model import PrintedMove
from notation.rules.chess.notations.algebraic import Algebraic, AlgebraicTransformer
from notation.rules.chess.notations.german import GermanMove

NAME = "universal"
GRAMMAR = "chess_universal.lark"

#: King, Queen (L), Rook (M), Bishop (N), Knight (O), Pawn -> python-chess symbols.
PIECES = {"K": "K", "L": "Q", "M": "R", "N": "B", "O": "N", "P": "P"}
#: python-chess symbols -> the notation's letters.
LETTERS = {symbol: letter for letter, symbol in PIECES.items()}

#: One move as a word of a text: a letter, the file or rank that tells the man, the square, the
#: capture's colon after it and a promotion's letter (``O f3``, ``P hg6:``, ``O b d7``, ``P d8 L``), or castling.
WORD = r"""K\s?M(?![A-Za-z])
    | [KLMNOP]\s?(?:[a-h1-8]\s?)?[a-h][1-8]:?(?:\s?[LMNO](?![A-Za-z]))?"""


#: What every text in the notation has: a man's letter apart from his square (``O f3``, ``O fd2``, ``M 7 e6``), as
#: Meyer prints every move; a text without one (SAN's ``Nf3``, a descriptive book) is not tried in it.
CLUE = re.compile(r"(?<![\w.])[KLMNOP] (?:[a-h1-8] ?)?[a-h][1-8](?!\w)")


class UniversalTransformer(AlgebraicTransformer):
    """The layout transformer, reading each ``move`` with the universal letters."""

    pieces = PIECES


class Universal(Algebraic):
    """Meyer's universal notation read from a book's layout (``1, P d4  P d5``, ``N g6:``, ``K M``)."""

    name = NAME
    grammar = GRAMMAR
    transformer = UniversalTransformer
    word = WORD
    clue = CLUE

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        """As algebraic's, but castling: ``K M`` names no wing (the King with a Rook), so either is read,
        and the King's move to his castled square (``K g1``, as in "K g1 M f1") is castling too."""
        fields = printed.fields
        board = position.board
        if isinstance(fields, GermanMove) and fields.castle:
            return [m for m in board.legal_moves if board.is_castling(m)]
        moves = super().resolve(position, printed)
        if not moves and isinstance(fields, GermanMove) and fields.piece == "K" and fields.to and fields.to[0] != "?":
            square = chess.parse_square(fields.to)
            moves = [m for m in board.legal_moves if board.is_castling(m) and m.to_square == square]
        return moves

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        board = position.board
        if board.is_castling(move):
            # The King's move names the wing ("K g1", as the book's prose gives it: "K g1 M f1"); "K M" does not.
            return [f"K {chess.square_name(move.to_square)}", "K M"]
        piece = board.piece_type_at(move.from_square)
        if piece is None:
            return []
        letter = LETTERS[chess.piece_symbol(piece).upper()]
        start, end = chess.square_name(move.from_square), chess.square_name(move.to_square)
        took = ":" if board.is_capture(move) else ""
        promoted = f" {LETTERS[chess.piece_symbol(move.promotion).upper()]}" if move.promotion else ""
        # The man alone, or told by his file or rank (the book tells him only when it must; the
        # board settles a bare letter where two could go).
        told = ["", start[0]] if piece == chess.PAWN else ["", start[0], start[1]]
        return [f"{letter} {named}{end}{took}{promoted}" for named in told]

    def read_forms(self, position: Position, move: chess.Move) -> list[str]:
        return self.forms(position, move)

    def write_move(self, position: Position, move: chess.Move) -> str:
        after = position.board.copy(stack=False)
        after.push(move)
        # (The book's dagger and double dagger are read as check and mate; written, the signs every notation reads.)
        mark = "#" if after.is_checkmate() else "+" if after.is_check() else ""
        return self.forms(position, move)[0] + mark


NOTATION = Universal()
