"""Pictures of card positions (SVG), drawn from a position key (see :mod:`.replay`)."""

from __future__ import annotations

import html
import re

from notation.boards.cards import SUIT_SYMBOLS, Card, parse_code

_CARD_W, _CARD_H, _GAP = 34, 48, 6


def _card_svg(card: Card, x: int, y: int) -> str:
    colour = "#c00000" if card.red else "#000000"
    return (f'<g transform="translate({x},{y})"><rect width="{_CARD_W}" height="{_CARD_H}" rx="4" '
            f'fill="#fff" stroke="#555"/><text x="{_CARD_W // 2}" y="20" font-size="14" '
            f'text-anchor="middle" fill="{colour}">{html.escape(card.rank)}</text>'
            f'<text x="{_CARD_W // 2}" y="40" font-size="18" text-anchor="middle" '
            f'fill="{colour}">{SUIT_SYMBOLS[card.suit]}</text></g>')


def _codes(text: str) -> list[Card]:
    out = []
    for code in filter(None, text.split(".")):
        try:
            out.append(parse_code(code))
        except ValueError:
            continue
    return out


def picture(position_key: str) -> str:
    """An SVG of a card position: each hand, the crib or talon, the starter, the table, the score.

    Hearts and diamonds are drawn red, clubs and spades black.
    """
    parts = position_key.split("|")
    game = parts[0] if parts else "cards"
    rows: list[tuple[str, list[Card] | str]] = []
    value: list[Card] | str
    for part in parts[1:]:
        label, _, value = part.partition(":")
        if label.startswith("hand."):
            rows.append((label[5:], _codes(value)))
        elif label in ("crib", "starter", "table", "turnup", "talon", "trump", "discard"):
            rows.append((label, _codes(value)))
        elif label in ("score", "count", "dealer"):
            rows.append((label, value))
        elif re.fullmatch(r"[a-z.]+", label) and value:
            rows.append((label, value))
    widest = max([len(v) for _, v in rows if isinstance(v, list)] + [6])
    width = 110 + widest * (_CARD_W + _GAP)
    height = 30 + sum(_CARD_H + 10 if isinstance(v, list) else 22 for _, v in rows) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
           f'<rect width="{width}" height="{height}" fill="#2e6b3a" rx="8"/>',
           f'<text x="10" y="20" font-size="14" fill="#fff">{html.escape(game)}</text>']
    y = 30
    for label, value in rows:
        if isinstance(value, list):
            out.append(f'<text x="10" y="{y + 28}" font-size="13" fill="#fff">{html.escape(label)}</text>')
            for i, card in enumerate(value):
                out.append(_card_svg(card, 100 + i * (_CARD_W + _GAP), y))
            y += _CARD_H + 10
        else:
            out.append(f'<text x="10" y="{y + 15}" font-size="13" fill="#fff">'
                       f'{html.escape(label)}: {html.escape(value)}</text>')
            y += 22
    out.append("</svg>")
    return "".join(out)
