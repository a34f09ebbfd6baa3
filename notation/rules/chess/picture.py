"""A chess position as a picture: python-chess's SVG board, from a position key."""

from __future__ import annotations

import chess
import chess.svg

from notation.boards.chess import full_fen


def picture(position_key: str, size: int = 320) -> str:
    """The position as an SVG board; ``ValueError`` for a key that is no FEN."""
    return chess.svg.board(chess.Board(full_fen(position_key)), size=size)
