"""Pictures of card positions (SVG), drawn from a position key (see :mod:`.replay`).

One picture per kind of position, on a green cloth:

* hands are fanned and sorted as the books print them, by suit (spades,
  hearts, clubs, diamonds: black and red alternate) and rank, high to low;
  hearts and diamonds are red with white-centred suit signs, clubs and spades
  black with solid ones, so the colours stand apart in print as on screen;
* the crib, talon, starter, turn-up and cards on the table in a row;
* the cassino table (``piles:``): every pile, a build drawn as a stack with
  its announced value;
* the faro layout (``tab:``): a suit of spades as on the cloth, each rank's
  tab marks beneath it (``.`` soda, ``0`` lost, ``1`` won, ``X`` split, ``-`` hoc);
* anything else (score, count, dealer) as a line of text.
"""

from __future__ import annotations

import html
import re

from notation.boards.cards import Card, parse_code

_CARD_W, _CARD_H, _GAP, _FAN = 34, 48, 6, 22
RED, BLACK = "#c00000", "#111111"
#: Book order of suits in a hand: black and red alternate.
SUIT_ORDER = ("S", "H", "C", "D")
#: Rank order in a hand, high to low (the ace high, as hands are printed).
RANK_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
#: Red suits white-centred (♡ ♢), black solid (♠ ♣).
SIGNS = {"S": "♠", "H": "♡", "C": "♣", "D": "♢"}
FARO_LAYOUT = (("K", "Q", "J", "10", "9", "8"), ("A", "2", "3", "4", "5", "6", "7"))


def sort_hand(cards: list[Card]) -> list[Card]:
    """A hand as the books print it: by suit (♠ ♡ ♣ ♢), then rank from the ace down."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c.suit), RANK_ORDER.index(c.rank)))


def _card_svg(card: Card, x: int, y: int, angle: float = 0.0) -> str:
    colour = RED if card.red else BLACK
    turn = f" rotate({angle:.1f} {_CARD_W // 2} {_CARD_H})" if angle else ""
    kind = "red" if card.red else "black"  # a class per colour, for the page's styles and its tests
    return (f'<g class="card {kind}" transform="translate({x},{y}){turn}">'
            f'<rect width="{_CARD_W}" height="{_CARD_H}" rx="4" '
            f'fill="#fff" stroke="{colour}" stroke-width="1.2"/>'
            f'<text x="4" y="14" font-size="12" font-weight="bold" fill="{colour}">{html.escape(card.rank)}</text>'
            f'<text x="{_CARD_W // 2}" y="38" font-size="20" text-anchor="middle" '
            f'fill="{colour}">{SIGNS[card.suit]}</text></g>')


def _codes(text: str) -> list[Card]:
    out = []
    for code in filter(None, text.split(".")):
        try:
            out.append(parse_code(code))
        except ValueError:
            continue
    return out


class _Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = 30
        self.width = 320

    def label(self, text: str, height: int) -> None:
        self.parts.append(f'<text x="10" y="{self.y + height // 2 + 5}" font-size="13" fill="#fff">'
                          f'{html.escape(text)}</text>')

    def row(self, label: str, cards: list[Card], fan: bool) -> None:
        self.label(label, _CARD_H)
        step = _FAN if fan else _CARD_W + _GAP
        middle = (len(cards) - 1) / 2
        for i, card in enumerate(cards):
            angle = (i - middle) * 3.0 if fan else 0.0
            self.parts.append(_card_svg(card, 100 + i * step, self.y, angle))
        self.width = max(self.width, 110 + len(cards) * step + _CARD_W)
        self.y += _CARD_H + 14

    def text(self, label: str, value: str) -> None:
        self.parts.append(f'<text x="10" y="{self.y + 15}" font-size="13" fill="#fff">'
                          f'{html.escape(label)}: {html.escape(value)}</text>')
        self.y += 22

    def piles(self, value: str) -> None:
        """The cassino table: single cards, and builds stacked with their value."""
        self.label("table", _CARD_H + 16)
        x = 100
        for pile in filter(None, value.split(",")):
            codes, _, worth = pile.partition("=")
            cards = _codes(codes)
            for j, card in enumerate(cards):
                self.parts.append(_card_svg(card, x + j * 8, self.y + j * 4))
            if worth:
                self.parts.append(f'<text x="{x + _CARD_W // 2}" y="{self.y + _CARD_H + 14 + 4 * len(cards)}" '
                                  f'font-size="12" text-anchor="middle" fill="#ffd700">'
                                  f'{html.escape("build " + worth.replace("x2", " (double)"))}</text>')
            x += _CARD_W + 8 * len(cards) + 14
        self.width = max(self.width, x + 10)
        self.y += _CARD_H + 32

    def faro(self, value: str) -> None:
        """The faro layout, a suit of spades, with each rank's tab marks beneath it."""
        marks = dict(item.split("=", 1) for item in value.split(",") if "=" in item)
        for ranks in FARO_LAYOUT:
            for i, rank in enumerate(ranks):
                x = 100 + i * (_CARD_W + 16)
                self.parts.append(_card_svg(Card(rank, "S"), x, self.y))
                self.parts.append(f'<text x="{x + _CARD_W // 2}" y="{self.y + _CARD_H + 14}" font-size="12" '
                                  f'text-anchor="middle" fill="#fff" font-family="monospace">'
                                  f'{html.escape(" ".join(marks.get(rank, "")))}</text>')
            self.width = max(self.width, 110 + len(ranks) * (_CARD_W + 16))
            self.y += _CARD_H + 24
        self.text("tab", ". soda  0 lost  1 won  X split  - hoc")


def picture(position_key: str) -> str:
    """An SVG of a card position: each hand, the crib or talon, the starter, the table, the score."""
    parts = position_key.split("|")
    game = parts[0] if parts else "cards"
    canvas = _Canvas()
    for part in parts[1:]:
        label, _, value = part.partition(":")
        if label.startswith("hand."):
            canvas.row(label[5:], sort_hand(_codes(value)), fan=True)
        elif label in ("crib", "talon", "discard"):
            canvas.row(label, sort_hand(_codes(value)), fan=True)
        elif label in ("starter", "table", "turnup", "trump"):
            canvas.row(label, _codes(value), fan=False)
        elif label == "piles":
            canvas.piles(value)
        elif label == "tab":
            canvas.faro(value)
        elif re.fullmatch(r"[a-z.]+", label) and value:
            canvas.text(label, value)
    width, height = canvas.width, canvas.y + 10
    return "".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
                    f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
                    f'<rect width="{width}" height="{height}" fill="#2e6b3a" rx="8"/>',
                    f'<text x="10" y="20" font-size="14" fill="#fff">{html.escape(game)}</text>',
                    *canvas.parts, "</svg>"])
