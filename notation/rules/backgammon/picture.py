"""An SVG backgammon board from a GNU Backgammon ID (``positionID`` or ``positionID:matchID``).

The side on roll sits at the bottom with its points numbered 1-24 from its
ace point (bottom right) round to its 24 (top right); the bar holds men
taken up, the tray on the right the men borne off, and the cube stands in the
middle (centred), or on the side of its owner.
"""

from __future__ import annotations

from html import escape

from notation.boards.backgammon import BAR, OFF, position_from_id, read_match_id

W, H = 520, 360
PW = 34           # point width
BARW = 30
LEFT = 10
TRAY = 50
TOP, BOTTOM = 24, H - 24
MAN = 14          # radius


def _point_x(p: int) -> float:
    """Centre x of point ``p`` (mover's numbering) on the drawing."""
    if 1 <= p <= 12:   # bottom row, 1 at the right
        i = 12 - p
    else:              # top row, 13 at the left
        i = p - 13
    x = LEFT + i * PW + PW / 2
    if i >= 6:
        x += BARW
    return x


def board_svg(key: str) -> str:
    """The board for a position key; ``ValueError`` if the key is not a GNU Backgammon ID."""
    parts = key.split(":")
    theirs, mine = position_from_id(parts[0])
    cube, owner, on_roll, length, score = 1, None, 0, 0, (0, 0)
    if len(parts) > 1 and len(parts[1]) == 12:
        m = read_match_id(parts[1])
        cube, owner, on_roll, length, score = m.cube, m.owner, m.on_roll, m.length, m.score
    russian = "russian" in parts
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="10">',
           f'<rect width="{W}" height="{H}" fill="#f4ead5"/>',
           f'<rect x="{LEFT}" y="{TOP}" width="{12 * PW + BARW}" height="{BOTTOM - TOP}" fill="#e8d4a8" stroke="#553"/>']
    bar_x = LEFT + 6 * PW
    out.append(f'<rect x="{bar_x}" y="{TOP}" width="{BARW}" height="{BOTTOM - TOP}" fill="#8b6b3d"/>')
    for p in range(1, 25):
        x = _point_x(p)
        colour = "#9c3d2e" if p % 2 else "#2e4d6b"
        if p <= 12:
            out.append(f'<polygon points="{x - PW / 2},{BOTTOM} {x + PW / 2},{BOTTOM} {x},{BOTTOM - 130}" fill="{colour}"/>')
            out.append(f'<text x="{x}" y="{H - 8}" text-anchor="middle">{p}</text>')
        else:
            out.append(f'<polygon points="{x - PW / 2},{TOP} {x + PW / 2},{TOP} {x},{TOP + 130}" fill="{colour}"/>')
            out.append(f'<text x="{x}" y="16" text-anchor="middle">{p}</text>')

    def men(x: float, n: int, bottom: bool, fill: str) -> None:
        for k in range(min(n, 5)):
            y = BOTTOM - MAN - 2 * MAN * k if bottom else TOP + MAN + 2 * MAN * k
            out.append(f'<circle cx="{x}" cy="{y}" r="{MAN - 1}" fill="{fill}" stroke="#222"/>')
        if n > 5:
            y = BOTTOM - MAN - 8 * MAN if bottom else TOP + MAN + 8 * MAN
            out.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" fill="#c00" font-weight="bold">{n}</text>')

    mover_fill, other_fill = "#fafafa", "#222"
    for p in range(1, 25):
        if mine[p]:
            men(_point_x(p), mine[p], p <= 12, mover_fill)
        q = p if russian else 25 - p       # the adversary's point that stands on my p
        if theirs[q]:
            men(_point_x(p), theirs[q], p <= 12, other_fill)
    cx = bar_x + BARW / 2
    if mine[BAR]:
        men(cx, mine[BAR], False, mover_fill)
        out.append(f'<text x="{cx}" y="{H / 2 - 20}" text-anchor="middle" fill="#fff">bar</text>')
    if theirs[BAR]:
        men(cx, theirs[BAR], True, other_fill)
    tray = LEFT + 12 * PW + BARW + 10
    out.append(f'<rect x="{tray}" y="{TOP}" width="{TRAY}" height="{BOTTOM - TOP}" fill="#d9c39a" stroke="#553"/>')
    out.append(f'<text x="{tray + TRAY / 2}" y="{BOTTOM - 6}" text-anchor="middle">off {mine[OFF]}</text>')
    out.append(f'<text x="{tray + TRAY / 2}" y="{TOP + 14}" text-anchor="middle">off {theirs[OFF]}</text>')
    cube_y = H / 2 - 15 if owner is None else (BOTTOM - 52 if owner == on_roll else TOP + 22)
    out.append(f'<rect x="{tray + 10}" y="{cube_y}" width="30" height="30" fill="#fff" stroke="#000"/>')
    out.append(f'<text x="{tray + 25}" y="{cube_y + 20}" text-anchor="middle" font-size="14">'
               f'{64 if cube == 1 and owner is None else cube}</text>')
    caption = f"on roll at the bottom; pips {sum(p * mine[p] for p in range(1, 26))} v " \
              f"{sum(p * theirs[p] for p in range(1, 26))}"
    if length:
        caption += f"; {length}-point match, {score[0]}-{score[1]}"
    out.append(f'<text x="{W / 2}" y="{H / 2 + 4}" text-anchor="middle" fill="#553">{escape(caption)}</text>')
    out.append(f'<title>{escape(key)}</title></svg>')
    return "\n".join(out)
