"""Write chess moves in English descriptive notation.

The writer picks the shortest form that names exactly one legal move, as a
careful editor of the period would: ``Kt-B3`` when only one Knight reaches a
Bishop's third, ``Kt-KB3`` when the side matters, ``K Kt-B3`` (the King's
Knight, by its starting square) when two Knights reach the same square.
"""

from __future__ import annotations

import chess

#: python-chess piece type -> initial as printed.
INITIALS = {chess.PAWN: "P", chess.KNIGHT: "Kt", chess.BISHOP: "B", chess.ROOK: "R",
            chess.QUEEN: "Q", chess.KING: "K"}
#: File index -> (wing, file piece): a=QR, b=QKt, c=QB, d=Q, e=K, f=KB, g=KKt, h=KR.
FILE_NAMES = [("Q", "R"), ("Q", "Kt"), ("Q", "B"), (None, "Q"), (None, "K"),
              ("K", "B"), ("K", "Kt"), ("K", "R")]

Origins = dict[int, int]

#: The file each side's Knights, Bishops and Rooks start on -> its wing: the King's
#: Knight is the one that started on g1/g8. A promoted piece has no wing.
HOME_WINGS = {chess.KNIGHT: {1: "Q", 6: "K"}, chess.BISHOP: {2: "Q", 5: "K"}, chess.ROOK: {0: "Q", 7: "K"}}


def wing_of(piece: int, origin: int | None) -> str | None:
    """``K`` or ``Q`` for a Knight, Bishop or Rook still known by its starting square."""
    if origin is None or piece not in HOME_WINGS or chess.square_rank(origin) not in (0, 7):
        return None
    return HOME_WINGS[piece].get(chess.square_file(origin))


def square_name(square: int, color: chess.Color, short: bool = False) -> str:
    """``KB3`` for f3 seen by White (``KB6`` by Black); ``B3`` when ``short``."""
    wing, piece = FILE_NAMES[chess.square_file(square)]
    rank = chess.square_rank(square) + 1 if color == chess.WHITE else 8 - chess.square_rank(square)
    name = piece if short or wing is None else wing + piece
    return f"{name}{rank}"


def file_name(file: int, short: bool = False) -> str:
    wing, piece = FILE_NAMES[file]
    return piece if short or wing is None else wing + piece


def forms(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> list[str]:
    """Every way a book might print ``move`` (without check marks), shortest first."""
    color = board.turn
    if board.is_castling(move):
        return ["Castles", "O-O"] if chess.square_file(move.to_square) == 6 else ["Castles QR", "O-O-O"]
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    initial = INITIALS[piece]
    movers = [initial]
    if piece == chess.PAWN:
        f = chess.square_file(move.from_square)
        movers += [file_name(f, short=True) + "P", file_name(f) + "P"]
    elif origins is not None:
        wing = wing_of(piece, origins.get(move.from_square))
        if wing:
            movers.append(wing + initial)
    promo = f"={INITIALS[move.promotion]}" if move.promotion else ""
    out: list[str] = []
    if board.is_capture(move):
        if board.is_en_passant(move):
            captured, at = chess.PAWN, move.to_square + (-8 if color == chess.WHITE else 8)
        else:
            captured, at = board.piece_type_at(move.to_square), move.to_square  # type: ignore[assignment]
        targets = [INITIALS[captured]]
        if captured == chess.PAWN:
            f = chess.square_file(at)
            targets += [file_name(f, short=True) + "P", file_name(f) + "P"]
        elif origins is not None:
            wing = wing_of(captured, origins.get(at))
            if wing:
                targets.append(wing + INITIALS[captured])
        for mover in movers:
            for target in targets:
                out.append(f"{mover}x{target}{promo}")
    else:
        for mover in movers:
            out.append(f"{mover}-{square_name(move.to_square, color, short=True)}{promo}")
            out.append(f"{mover}-{square_name(move.to_square, color)}{promo}")
    out.sort(key=len)
    return out


def write_move(board: chess.Board, move: chess.Move, origins: Origins | None = None,
               resolve=None) -> str:
    """The shortest form of ``move`` that names it alone, with ``ch`` / ``mate``.

    ``resolve(board, text, origins)`` reads a form back (the rules' resolver);
    given, it guarantees the text names this move and no other.
    """
    candidates = forms(board, move, origins)
    text = candidates[-1]
    for form in candidates:
        if resolve is None or resolve(board, form, origins) == [move]:
            text = form
            break
    else:
        # No piece-and-square form is unique: name the square it comes from.
        initial = INITIALS[board.piece_type_at(move.from_square)]  # type: ignore[index]
        origin = f"{initial}({square_name(move.from_square, board.turn)})"
        if board.is_capture(move):
            taken = text.split("x", 1)[1]
            promo = taken[taken.index("="):] if "=" in taken else ""
            taken = taken.split("=")[0]
            text = f"{origin}x{taken}({square_name(move.to_square, board.turn)}){promo}"
        else:
            text = f"{origin}-{text.split('-', 1)[1]}"
    board.push(move)
    suffix = " mate" if board.is_checkmate() else (" ch" if board.is_check() else "")
    board.pop()
    return text + suffix
