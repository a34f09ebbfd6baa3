"""Write chess moves in English descriptive notation.

The writer picks the shortest form that names exactly one legal move, as a
careful editor of the period would: ``Kt-B3`` when only one Knight reaches a
Bishop's third, ``Kt-KB3`` when the side matters, ``K Kt-B3`` (the King's
Knight, by its starting square) when two Knights reach the same square.
Each form is built with its reading (a :class:`DescriptiveMove`), so a form
is proved unique by resolving that reading, never by parsing the text again.
"""

from __future__ import annotations

from collections.abc import Callable

import chess

from notation.boards.chess import (
    DescriptiveMove,
    Origins,
    PieceSpec,
    SquareSpec,
    descriptive_file,
    descriptive_square,
    wing_of,
)

#: python-chess piece type -> initial as printed.
INITIALS = {chess.PAWN: "P", chess.KNIGHT: "Kt", chess.BISHOP: "B", chess.ROOK: "R",
            chess.QUEEN: "Q", chess.KING: "K"}
#: Printed initial -> the letter a :class:`PieceSpec` uses.
_SPEC = {"P": "P", "Kt": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}

#: ``resolve(board, reading, origins)``: every legal move a reading can mean (the rules' resolver).
Resolver = Callable[[chess.Board, DescriptiveMove, Origins], list[chess.Move]]


def _pieces(board: chess.Board, piece: int, square: int, origins: Origins | None) -> list[tuple[str, PieceSpec]]:
    """Names of the piece on ``square``: ``P``, ``BP``, ``KBP``; ``Kt``, ``KKt``."""
    initial = INITIALS[piece]
    out = [(initial, PieceSpec(_SPEC[initial]))]
    if piece == chess.PAWN:
        f = chess.square_file(square)
        short, full = descriptive_file(f, short=True), descriptive_file(f)
        out.append((short + "P", PieceSpec("P", None, _SPEC[short])))
        if full != short:
            out.append((full + "P", PieceSpec("P", full[0], _SPEC[full[1:]])))
    elif origins is not None:
        wing = wing_of(piece, origins.get(square))
        if wing:
            out.append((wing + initial, PieceSpec(_SPEC[initial], wing)))
    return out


def _square(square: int, color: chess.Color, short: bool) -> tuple[str, SquareSpec]:
    text = descriptive_square(square, color, short)
    name, rank = text[:-1], int(text[-1])
    if len(name) > 1 and name[0] in "KQ" and name != "Kt":
        return text, SquareSpec(_SPEC[name[1:]], rank, name[0])
    return text, SquareSpec(_SPEC[name], rank)


def readings(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> list[tuple[str, DescriptiveMove]]:
    """Every way a book might print ``move`` (without check marks), with its reading, shortest first."""
    color = board.turn
    if board.is_castling(move):
        side = "K" if chess.square_file(move.to_square) == 6 else "Q"
        spec = DescriptiveMove("castle", castle=side)
        return [("Castles", spec), ("O-O", spec)] if side == "K" else [("Castles QR", spec), ("O-O-O", spec)]
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    movers = _pieces(board, piece, move.from_square, origins)
    promo = f"={INITIALS[move.promotion]}" if move.promotion else ""
    promotion = _SPEC[INITIALS[move.promotion]] if move.promotion else None
    out: list[tuple[str, DescriptiveMove]] = []
    if board.is_capture(move):
        if board.is_en_passant(move):
            captured, at = chess.PAWN, move.to_square + (-8 if color == chess.WHITE else 8)
        else:
            captured, at = board.piece_type_at(move.to_square), move.to_square  # type: ignore[assignment]
        targets = _pieces(board, captured, at, origins)
        for mover, mspec in movers:
            for target, tspec in targets:
                out.append((f"{mover}x{target}{promo}",
                            DescriptiveMove("capture", mspec, target=tspec, promotion=promotion)))
    else:
        for mover, mspec in movers:
            for short in (True, False):
                text, sspec = _square(move.to_square, color, short)
                out.append((f"{mover}-{text}{promo}", DescriptiveMove("move", mspec, sspec, promotion=promotion)))
    unique: dict[str, DescriptiveMove] = {}
    for text, spec in out:
        unique.setdefault(text, spec)
    return sorted(unique.items(), key=lambda x: len(x[0]))


def forms(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> list[str]:
    """Every way a book might print ``move`` (without check marks), shortest first."""
    return [text for text, _ in readings(board, move, origins)]


def write_move(board: chess.Board, move: chess.Move, origins: Origins | None = None,
               resolve: Resolver | None = None) -> str:
    """The shortest form of ``move`` that names it alone, with ``ch`` / ``mate``.

    ``resolve`` (the rules' resolver) proves each form's reading names this
    move and no other; without it the shortest form is taken.
    """
    candidates = readings(board, move, origins)
    text = candidates[-1][0]
    for form, spec in candidates:
        if resolve is None or resolve(board, spec, origins or {}) == [move]:
            text = form
            break
    else:
        # No piece-and-square form is unique: name the square it comes from.
        initial = INITIALS[board.piece_type_at(move.from_square)]  # type: ignore[index]
        origin = f"{initial}({descriptive_square(move.from_square, board.turn)})"
        if board.is_capture(move):
            taken = text.split("x", 1)[1]
            promo = taken[taken.index("="):] if "=" in taken else ""
            taken = taken.split("=")[0]
            text = f"{origin}x{taken}({descriptive_square(move.to_square, board.turn)}){promo}"
        else:
            text = f"{origin}-{text.split('-', 1)[1]}"
    board.push(move)
    suffix = " mate" if board.is_checkmate() else (" ch" if board.is_check() else "")
    board.pop()
    return text + suffix
