"""An SVG backgammon board from a GNU Backgammon ID (``positionID`` or ``positionID:matchID``).

The board is drawn from one player's side throughout a record, so a reader
stepping through it sees the men stay put: the record's first player (side
0) sits at the bottom, or the second when the view asks to ``flip``. The
bottom player's points are numbered 1-24 from its ace point (bottom right)
round to its 24 (top right); the bar holds men taken up, the tray on the right
the men borne off. A legend above and below names each player with the colour
of their men, their pip count and who is to play; the dice of the roll just
played stand on the board in the colour of the player who threw them. The cube
is drawn only where the record has one (``cube="1"`` in the view, or a key
whose match ID shows a double): books of 1897 had none.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from notation.boards.backgammon import BAR, OFF, position_from_id, read_match_id

PW = 36           # point width
BARW = 32
LEFT = 10
TRAY = 54
BAND = 30         # a legend band above and below the board
NUMBERS = 18      # point numbers between the band and the board
TOP = BAND + NUMBERS
BOARD_H = 300
BOTTOM = TOP + BOARD_H
W = LEFT + 12 * PW + BARW + 10 + TRAY + 6
H = BOTTOM + NUMBERS + BAND
MAN = 14          # radius
POINT_H = 128

#: Fill and outline of the light and the dark men.
LIGHT = ("#fbf8f0", "#333")
DARK = ("#262626", "#000")


def _point_x(p: int) -> float:
    """Centre x of point ``p`` (the bottom player's numbering) on the drawing."""
    i = 12 - p if 1 <= p <= 12 else p - 13   # bottom row: 1 at the right; top row: 13 at the left
    x = LEFT + i * PW + PW / 2
    if i >= 6:
        x += BARW
    return x


def _die(out: list[str], x: float, y: float, value: int, fill: str, ink: str) -> None:
    size = 30
    out.append(f'<rect class="die" x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="{fill}" '
               f'stroke="{ink}" stroke-width="1.5"/>')
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (0, 2), (2, 0), (2, 2)],
            5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
    dot = "#111" if fill == LIGHT[0] else "#f4f4f4"
    for cx, cy in pips.get(value, []):
        out.append(f'<circle cx="{x + 7 + cx * 8}" cy="{y + 7 + cy * 8}" r="3" fill="{dot}"/>')


def board_svg(key: str, view: Mapping[str, str] | None = None) -> str:
    """The board for a position key; ``ValueError`` if the key is not a GNU Backgammon ID.

    ``view`` (all optional, strings): ``names`` "first|second" (the record's
    players, side 0 then 1), ``dark`` the side whose men are dark ("0"/"1"),
    ``dice`` the roll just played ("52") and ``dice_side`` who threw it,
    ``cube`` "1" when the record plays with a doubling cube, ``flip`` "1" to
    put side 1 at the bottom.
    """
    view = view or {}
    parts = key.split(":")
    theirs, mine = position_from_id(parts[0])
    cube, owner, on_roll, length, score, doubled = 1, None, 0, 0, (0, 0), False
    if len(parts) > 1 and len(parts[1]) == 12:
        m = read_match_id(parts[1])
        cube, owner, on_roll, length, score, doubled = m.cube, m.owner, m.on_roll, m.length, m.score, m.doubled
    russian = "russian" in parts
    names = (view.get("names") or "").split("|")
    names = names if len(names) == 2 and all(names) else ["Player 1", "Player 2"]
    dark = 1 if view.get("dark", "1") != "0" else 0
    bottom = 1 if view.get("flip") == "1" else 0
    # men[side][p]: side's men on its own point p (BAR = 25, OFF = 0).
    men = {on_roll: mine, 1 - on_roll: theirs}
    colours = {dark: DARK, 1 - dark: LIGHT}

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
           f'font-family="sans-serif" role="img" aria-label="backgammon position {escape(key)}">',
           f'<rect width="{W}" height="{H}" fill="#f4ead5"/>',
           f'<rect x="{LEFT}" y="{TOP}" width="{12 * PW + BARW}" height="{BOARD_H}" fill="#e8d4a8" stroke="#553"/>']
    bar_x = LEFT + 6 * PW
    out.append(f'<rect x="{bar_x}" y="{TOP}" width="{BARW}" height="{BOARD_H}" fill="#8b6b3d"/>')
    for p in range(1, 25):
        x = _point_x(p)
        colour = "#b5523f" if p % 2 else "#4f6f8c"
        if p <= 12:
            out.append(f'<polygon points="{x - PW / 2},{BOTTOM} {x + PW / 2},{BOTTOM} {x},{BOTTOM - POINT_H}" '
                       f'fill="{colour}"/>')
            out.append(f'<text x="{x}" y="{BOTTOM + 14}" font-size="13" text-anchor="middle">{p}</text>')
        else:
            out.append(f'<polygon points="{x - PW / 2},{TOP} {x + PW / 2},{TOP} {x},{TOP + POINT_H}" '
                       f'fill="{colour}"/>')
            out.append(f'<text x="{x}" y="{TOP - 5}" font-size="13" text-anchor="middle">{p}</text>')

    def stack(x: float, n: int, at_bottom: bool, side: int) -> None:
        fill, ink = colours[side]
        for k in range(min(n, 5)):
            y = BOTTOM - MAN - 2 * MAN * k if at_bottom else TOP + MAN + 2 * MAN * k
            out.append(f'<circle class="man side-{side}" cx="{x}" cy="{y}" r="{MAN - 1}" '
                       f'fill="{fill}" stroke="{ink}"/>')
        if n > 5:
            y = BOTTOM - MAN - 8 * MAN if at_bottom else TOP + MAN + 8 * MAN
            text = LIGHT[0] if fill == DARK[0] else DARK[0]
            out.append(f'<text x="{x}" y="{y + 5}" font-size="14" text-anchor="middle" fill="{text}" '
                       f'font-weight="bold">{n}</text>')

    top = 1 - bottom
    for p in range(1, 25):
        stack(_point_x(p), men[bottom][p], p <= 12, bottom)
        q = p if russian else 25 - p       # the top player's point that stands on the bottom player's p
        stack(_point_x(p), men[top][q], p <= 12, top)
    cx = bar_x + BARW / 2
    stack(cx, men[bottom][BAR], False, bottom)   # a man taken up waits on the bar, towards the far side
    stack(cx, men[top][BAR], True, top)

    tray = LEFT + 12 * PW + BARW + 10
    out.append(f'<rect x="{tray}" y="{TOP}" width="{TRAY}" height="{BOARD_H}" fill="#d9c39a" stroke="#553"/>')
    for side, y in ((bottom, BOTTOM - 8), (top, TOP + 18)):
        out.append(f'<text x="{tray + TRAY / 2}" y="{y}" font-size="13" text-anchor="middle">'
                   f'off {men[side][OFF]}</text>')

    if view.get("cube") == "1" or cube > 1 or owner is not None or doubled:
        # The cube stands in the middle until someone owns it, then on its owner's side.
        cube_y = TOP + BOARD_H / 2 - 16 if owner is None else (BOTTOM - 60 if owner == bottom else TOP + 28)
        face = 64 if cube == 1 and owner is None else cube
        out.append(f'<rect class="cube" x="{tray + 11}" y="{cube_y}" width="32" height="32" rx="3" fill="#fff" '
                   f'stroke="#000"/>')
        out.append(f'<text x="{tray + 27}" y="{cube_y + 22}" text-anchor="middle" font-size="15">{face}</text>')

    dice = view.get("dice", "")
    if len(dice) == 2 and dice.isdigit():
        thrower = 1 if view.get("dice_side") == "1" else 0
        fill, ink = colours[thrower]
        # The thrower's dice lie on the right half when they sit at the bottom, on the left otherwise.
        x0 = bar_x + BARW + 3 * PW - 36 if thrower == bottom else LEFT + 3 * PW - 36
        y0 = TOP + BOARD_H / 2 - 15
        _die(out, x0, y0, int(dice[0]), fill, ink)
        _die(out, x0 + 40, y0, int(dice[1]), fill, ink)

    def pips(side: int) -> int:
        return sum(p * men[side][p] for p in range(1, 26))

    for side, y in ((top, 21), (bottom, H - 9)):
        fill, ink = colours[side]
        label = f"{names[side]} · {pips(side)} pips"
        if side == on_roll:
            label += " · to play"
        weight = ' font-weight="bold"' if side == on_roll else ""
        out.append(f'<circle class="legend side-{side}" cx="{LEFT + 10}" cy="{y - 5}" r="9" '
                   f'fill="{fill}" stroke="{ink}"/>')
        out.append(f'<text class="legend-name" x="{LEFT + 26}" y="{y}" font-size="16"{weight}>{escape(label)}</text>')
    if length:
        out.append(f'<text x="{W - 8}" y="21" font-size="14" text-anchor="end">{length}-point match: '
                   f'{escape(names[0])} {score[0]}, {escape(names[1])} {score[1]}</text>')
    out.append(f'<title>{escape(key)}</title></svg>')
    return "\n".join(out)
