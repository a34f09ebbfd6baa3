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
from notation.rules.chess.languages import letters
from notation.rules.chess.notations.base import ALGEBRAIC_CLUE, LayoutNotation, san_read_forms
from notation.rules.chess.notations.german import GermanMove, GermanTransformer, resolve_german
from notation.rules.chess.notations.san import WORD as SAN_WORD

NAME = "algebraic"
GRAMMAR = "chess_algebraic.lark"

#: King, Queen, Rook, Bishop, Knight (pawns have no letter), and the figurines of either colour.
#: "Kt" is the Knight's letter in the English books of 1900-1920 ("Kt g1—f3").
PIECES = {**letters("English"), "Kt": "N"}
PIECES.update(zip("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN"))


def read_forms(board: chess.Board, move: chess.Move) -> list[str]:
    """The forms the decoder reads: SAN's (:func:`~notation.rules.chess.notations.base.san_read_forms`), the
    long form (``Ng1-f3``, ``e4xd5``), UCI's; the Knight's as "Kt" too (``Ktf3``, ``Ktg1-f3``), and castling
    in the English books' word (``Castles``, ``Castles KR``, ``Castles QR``) as well as ``O-O``."""
    if board.is_castling(move):
        side = "K" if board.is_kingside_castling(move) else "Q"  # (in Chess960 too)
        return [board.san(move).rstrip("+#"), f"Castles {side}R", *(["Castles"] if side == "K" else [])]
    forms = [*san_read_forms(board, move), _long(board, move), move.uci()]
    if board.piece_type_at(move.from_square) == chess.KNIGHT and not move.drop:
        forms += ["Kt" + form[1:] for form in forms if form[:1] == "N"]
    return forms


def _long(board: chess.Board, move: chess.Move) -> str:
    """``move`` in long algebraic, English letters: ``Ng1-f3``, ``e4xd5``, ``e7-e8Q``."""
    if move.drop:
        return board.san(move).rstrip("+#")
    piece = board.piece_type_at(move.from_square)
    letter = "" if piece in (None, chess.PAWN) else chess.piece_symbol(piece).upper()
    promotion = chess.piece_symbol(move.promotion).upper() if move.promotion else ""
    return (f"{letter}{chess.square_name(move.from_square)}{'x' if board.is_capture(move) else '-'}"
            f"{chess.square_name(move.to_square)}{promotion}")


#: A move as a word of a text: SAN's, the long form with a dash or a capture's sign between the squares
#: (``Ng1-f3``, ``Kt g1—f3``, ``e4xd5``), the Knight's "Kt" (``Ktf3``), and castling's word (``Castles QR``).
#: (The long form first: SAN's would take its first square alone.)
WORD = r"""(?:(?:Kt|[KQRBN])\.?\ ?)?[a-h][1-8](?:[-–—]{1,2}|[x×:])[a-h][1-8]
    | Kt\.?[a-h]?[1-8]?x?[a-h][1-8] | Castles(?:\ [KQ]\ ?R\b)? | """ + SAN_WORD


class AlgebraicTransformer(GermanTransformer):
    """The layout transformer, reading each ``move`` with English piece letters."""

    pieces = PIECES


class Algebraic(LayoutNotation):
    """SAN and long algebraic read from a book's or a web page's layout (``6. d4 exd``, ``♘f3``)."""

    name = NAME
    grammar = GRAMMAR
    transformer = AlgebraicTransformer
    word = WORD
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
        return read_forms(position.board, move)

    def write_move(self, position: Position, move: chess.Move) -> str:
        return position.board.san(move)


NOTATION = Algebraic()
