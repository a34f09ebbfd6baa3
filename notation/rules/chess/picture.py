"""A chess position as a picture: python-chess's SVG board, from a position key."""

from __future__ import annotations

from collections.abc import Mapping

import chess
import chess.svg

from notation.boards.chess import full_fen


def picture(position_key: str, size: int = 320, view: Mapping[str, str] | None = None) -> str:
    """The position as an SVG board; ``ValueError`` for a key that is no FEN.

    ``view``: ``last`` the last move in UCI (its squares are marked), ``flip="1"`` Black at the bottom.
    A king in check is ringed. A variant's key (Crazyhouse pockets ``[Nn]``,
    Three-check counts ``2+3``) is drawn as its board: the pieces on the squares.
    """
    view = view or {}
    fields = [f for i, f in enumerate(position_key.split()) if i == 0 or "+" not in f]
    if fields:
        fields[0] = fields[0].split("[", 1)[0]
    board = chess.Board(full_fen(" ".join(fields)))
    try:
        lastmove = chess.Move.from_uci(view["last"]) if view.get("last") else None
    except ValueError:
        lastmove = None
    check = board.king(board.turn) if board.is_check() else None
    return chess.svg.board(board, size=size, lastmove=lastmove, check=check, flipped=view.get("flip") == "1")
