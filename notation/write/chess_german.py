"""Write chess moves in German notation (long form: ``Sg1-f3``, ``Sf3:e5``, ``0-0``)."""

from __future__ import annotations

import chess

#: python-chess piece type -> German initial (the pawn has none).
INITIALS = {chess.PAWN: "", chess.KNIGHT: "S", chess.BISHOP: "L", chess.ROOK: "T",
            chess.QUEEN: "D", chess.KING: "K"}


def write_move(board: chess.Board, move: chess.Move) -> str:
    """``move`` in long German notation with ``+`` for check and ``#`` for mate."""
    if board.is_castling(move):
        text = "0-0" if chess.square_file(move.to_square) == 6 else "0-0-0"
    else:
        piece = board.piece_type_at(move.from_square)
        sep = ":" if board.is_capture(move) else "-"
        promo = INITIALS[move.promotion] if move.promotion else ""
        text = (f"{INITIALS[piece]}{chess.square_name(move.from_square)}{sep}"  # type: ignore[index]
                f"{chess.square_name(move.to_square)}{promo}")
    board.push(move)
    suffix = "#" if board.is_checkmate() else ("+" if board.is_check() else "")
    board.pop()
    return text + suffix


def forms(board: chess.Board, move: chess.Move) -> list[str]:
    """Ways a book might print ``move``: long form, and short German algebraic."""
    san = board.san(move).rstrip("+#")
    for english, german in (("N", "S"), ("B", "L"), ("R", "T"), ("Q", "D")):
        san = san.replace(english, german)
    return [write_move(board, move).rstrip("+#"), san.replace("O", "0")]
