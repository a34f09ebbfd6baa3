"""Pictures of checkers positions: an SVG diagram from a PDN FEN."""

from __future__ import annotations

import re
from collections.abc import Mapping

from notation.boards.checkers import BLACK, SIDE_NAMES, Board, square_xy


def picture(position_key: str, size: int = 320, view: Mapping[str, str] | None = None) -> str:
    """An SVG diagram of a PDN FEN: Black's men at the top on 1-12, every playing square numbered, kings ringed.

    ``view``: ``last`` the squares of the last move ("15-22", a jump's path
    "15-22-29") are shaded; ``flip="1"`` puts White at the top.
    """
    view = view or {}
    board = Board.from_fen(position_key)
    cell = size / 8
    flip = view.get("flip") == "1"
    last = {int(s) for s in re.findall(r"\d+", view.get("last", "")) if 1 <= int(s) <= 32}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" '
           f'height="{size}" role="img" aria-label="checkers position {position_key}">',
           f'<rect width="{size}" height="{size}" fill="#f3e3c3"/>']
    for square in range(1, 33):
        row, col = square_xy(square)
        if flip:
            row, col = 7 - row, 7 - col
        x, y = col * cell, row * cell
        shade = ' class="last-move" fill="#c9b037"' if square in last else ' fill="#6b8e4e"'
        out.append(f'<rect x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}"{shade}/>')
        # The number sits in the corner, clear of a piece.
        out.append(f'<text x="{x + 2:g}" y="{y + 9:g}" font-size="9" font-family="sans-serif" '
                   f'fill="#fff">{square}</text>')
        piece = board.piece_at(square)
        if piece is None:
            continue
        side, king = piece
        fill, ink = ("#222", "#eee") if side == BLACK else ("#fafafa", "#222")
        cx, cy, r = x + cell / 2, y + cell / 2, cell * 0.33
        out.append(f'<circle class="{SIDE_NAMES[side]}{" king" if king else ""}" cx="{cx:g}" cy="{cy:g}" '
                   f'r="{r:g}" fill="{fill}" stroke="{ink}" stroke-width="1.5"/>')
        if king:
            # Foster rings a king; a K in the ring makes it plain at small sizes.
            out.append(f'<circle cx="{cx:g}" cy="{cy:g}" r="{r * 0.62:g}" fill="none" stroke="{ink}" '
                       'stroke-width="2"/>')
            out.append(f'<text x="{cx:g}" y="{cy + 4:g}" font-size="11" font-family="serif" text-anchor="middle" '
                       f'fill="{ink}">K</text>')
    out.append("</svg>")
    return "".join(out)


