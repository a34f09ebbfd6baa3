"""The checkers notations as the replay uses them: read a printed move on a board, list and write its forms.

Both notations print squares (1-32); they differ in what the marks between
them say. In the books a hyphen marks Black's move and a space White's, and
captures are printed by their end squares; in PDN a hyphen is any move and
``x`` a capture. The replay asks these objects, never a notation's name.
"""

from __future__ import annotations

from notation.boards.checkers import Board, Move, book_text, match_moves
from notation.model import PrintedMove
from notation.parse.checkers_book import BookNotation
from notation.parse.checkers_columns import ColumnsNotation
from notation.parse.pdn import PdnNotation

#: How each notation words a result the rules reach ("B wins": Black, the first player, won).
BOOK_RESULT_PDN = {"B wins": "1-0", "W wins": "0-1", "Drawn": "1/2-1/2"}


class _SquareMoves:
    """What book notation and PDN share: a printed move is its squares, read against the legal moves."""

    #: Whether the printing marks the side that moves (the books' hyphen and space).
    side_marks: bool = False
    #: Whether ``x`` claims a capture, so ``x`` on a plain move is worth a warning.
    capture_mark: bool = False

    def resolve(self, position: Board, printed: PrintedMove) -> list[Move]:
        """Every legal move whose path holds the printed squares, in order, from the first to the last."""
        squares = list(printed.fields.squares)
        if len(squares) < 2:
            return []
        return match_moves(position.legal_moves(), squares)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        """Checkers prints no check or mate."""
        return False, False

    def result_text(self, book_words: str) -> str:
        """A result or verdict of the rules (in book words) as this notation prints results."""
        return book_words


class Book(_SquareMoves, BookNotation):
    """The books' notation: ``11-15 23 19 8-11 22 17 3- 8``."""

    side_marks = True

    def forms(self, position: Board, move: Move) -> list[str]:
        a, b = move.start, move.end
        return list(dict.fromkeys([book_text(position, move), f"{a}-{b}", f"{a} {b}", f"{a}- {b}",
                                   "x".join(map(str, move.path))]))

    def write_move(self, position: Board, move: Move) -> str:
        return book_text(position, move)


class Pdn(_SquareMoves, PdnNotation):
    """Portable Draughts Notation: ``1. 11-15 23-19 2. 15x22``."""

    capture_mark = True

    def forms(self, position: Board, move: Move) -> list[str]:
        return list(dict.fromkeys([move.short(), str(move), f"{move.start}-{move.end}"]))

    def write_move(self, position: Board, move: Move) -> str:
        # The short form (end squares) when it is unambiguous here, else the full path.
        if len(match_moves(position.legal_moves(), [move.start, move.end])) == 1:
            return move.short()
        return str(move)

    def result_text(self, book_words: str) -> str:
        # PDN results are compared in PDN's own terms (2-0 scoring read as 1-0).
        return BOOK_RESULT_PDN.get(book_words, book_words)


class Columns(_SquareMoves, ColumnsNotation):
    """The encyclopaedias' columns, read downwards; both sides' moves hyphenated (no side marks)."""

    def forms(self, position: Board, move: Move) -> list[str]:
        return list(dict.fromkeys([f"{move.start}-{move.end}", "-".join(map(str, move.path))]))

    def write_move(self, position: Board, move: Move) -> str:
        # Both sides hyphenated; the full path where the end squares fit two captures.
        if len(match_moves(position.legal_moves(), [move.start, move.end])) == 1:
            return f"{move.start}-{move.end}"
        return str(move)


BOOK, PDN, COLUMNS = Book(), Pdn(), Columns()
#: Notation name -> notation. PDN first: a record that reads both ways ("11-15 23-19") is PDN,
#: whose hyphens mark no side.
NOTATIONS: dict[str, Book | Pdn | Columns] = {"pdn": PDN, "book": BOOK, "columns": COLUMNS}
