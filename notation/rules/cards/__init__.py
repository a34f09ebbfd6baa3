"""The card-game family: cribbage, piquet, écarté (and any card game's deals) from transcripts.

A record names its game in its ``[Game]`` tag (``cribbage``, ``piquet``,
``ecarte``/``écarté``; ``cards`` with a ``[Variant]`` for another game) and
is written in the transcript language of ``grammars/cards.lark``. The replay
is the game's own: :mod:`.cribbage` here, :mod:`.piquet` and :mod:`.ecarte`
beside it; a game without rules of its own is still checked for cards that
do not exist, cards held twice and cards played that were not held.
"""

from __future__ import annotations

import html
import re
from typing import Any

import click

from notation.families import Family, Identification
from notation.model import Game, ParsedRecord, Record
from notation.rules.cards.deck import SUIT_SYMBOLS, Card, parse_code

#: [Game] tag values -> Game.variant.
VARIANTS = {"cribbage": "cribbage", "piquet": "piquet", "rubicon piquet": "piquet",
            "ecarte": "ecarte", "écarté": "ecarte", "écarte": "ecarte", "ecarté": "ecarte"}


def variant_of(record: Record) -> str:
    """The game a record is of: ``cribbage``, ``piquet``, ``ecarte``, or another card game's name."""
    game = (record.tag("Game") or "").strip().lower()
    if game in VARIANTS:
        return VARIANTS[game]
    variant = (record.tag("Variant") or "").strip().lower()
    return VARIANTS.get(variant, variant or game or "cards")


def _replay_class(variant: str) -> Any:
    if variant == "cribbage":
        from notation.rules.cards.cribbage import CribbageReplay
        return CribbageReplay
    if variant in ("piquet", "ecarte"):
        try:
            from notation.rules.cards import games
            return games.PiquetReplay if variant == "piquet" else games.EcarteReplay
        except ImportError:  # the trick-game replays not installed: check the cards only
            pass
    from notation.rules.cards.replay import GenericReplay
    return GenericReplay


class CardsFamily(Family[Any, Any]):
    """The ``cards`` family (see :class:`notation.families.Family`)."""

    name = "cards"

    @property
    def notations(self) -> dict[str, Any]:
        # Imported here: notation.parse.cards itself imports this package's deck.
        from notation.parse.cards import TRANSCRIPT
        return {"transcript": TRANSCRIPT}
    formats = ("transcript",)
    extensions = (".brf",)

    def replay(self, parsed: ParsedRecord) -> Game:
        """Replay a transcript under its game's rules; every claimed number recomputed."""
        variant = variant_of(parsed.record)
        game = _replay_class(variant)(parsed).run()
        game.variant = game.variant or variant
        return game

    def write(self, game: Game, fmt: str) -> str:
        """The record again, as a canonical transcript: tags, then one action per line in card codes."""
        if fmt != "transcript":
            raise ValueError(f"cannot write cards as {fmt!r}: expected one of {', '.join(self.formats)}")
        # The transcript is written in print: a Braille source's Encoding tag no longer applies.
        lines = [f'[{k} "{v}"]' for k, v in game.tags.items() if k.lower() != "encoding"]
        lines.append("")
        for move in game.moves:
            if move.comment:
                lines.extend(_comment_lines(move.comment))
            lines.append(canonical_line(move.detail.get("action", {})) or move.printed)
        return "\n".join(lines) + "\n"

    def picture(self, position_key: str) -> str:
        return picture(position_key)

    def identify(self, record: Record) -> Identification:
        """A record without a [Game] tag is a card transcript if it opens with a transcript line."""
        if variant_of(record) in ("cribbage", "piquet", "ecarte"):
            return Identification(1.0, f"a {variant_of(record)} record")
        first = next((ln.strip() for ln in record.body.splitlines() if ln.strip()), "")
        if first.startswith(("Players:", "Count:", "Starter:", "Turn-up:")):
            return Identification(0.9, f"a transcript line ({first.split(':')[0]}:)")
        return Identification(0.0, "no transcript line")

    def commands(self) -> list[click.Command]:
        return [cribbage_score]


def _comment_lines(comment: str) -> list[str]:
    """Book text again as a transcript comment: in braces, or as ``;`` lines when it holds braces."""
    depth_ok = comment.count("{") == comment.count("}") and "}" not in comment.split("{")[0]
    if depth_ok and not re.search(r"\{[^}]*\{", comment):
        return ["{" + comment + "}"]
    return ["; " + line for line in comment.split("\n")]


def canonical_line(action: dict[str, Any]) -> str | None:
    """One transcript line in canonical form (card codes) from an action's dict."""
    kind = action.get("kind")
    who = action.get("player", "")
    cards = " ".join(action.get("cards", []))
    said = f' "{action["said"]}"' if action.get("said") and kind != "comment" else ""
    number = f" = {action['number']}" if action.get("number") is not None else ""
    if kind == "players":
        return "Players: " + ", ".join(f"{n} ({r})" if r else n for n, r in action.get("pairs", []))
    if kind == "deal":
        return f"Deal {action.get('deal', '')}:".replace(" :", ":") + (f" dealer {who}" if who else "")
    if kind == "hold":
        return f"{who} holds {cards}{said}"
    if kind == "discard":
        return f"{who} lays out {cards}{said}"
    if kind == "draw":
        return f"{who} draws {cards}{said}"
    if kind == "starter":
        return f"Starter: {cards}{said}"
    if kind == "play":
        return f"{who} {action.get('what', 'plays')} {cards}{number}{said}"
    if kind == "say":
        return f'{who} says "{action.get("said", "")}"'
    if kind == "peg":
        reason = f" for {action['what']}" if action.get("what") else ""
        return f"{who} pegs {action.get('number')}{reason}{said}"
    if kind == "show":
        return f"{who} shows {action.get('what')} {cards}{number}{said}".replace("  ", " ")
    if kind == "score":
        return "Score: " + ", ".join(f"{n} {v}" for n, v in action.get("pairs", [])) + said
    if kind == "count":
        starter = f" starter {action['starter']}" if action.get("starter") else ""
        crib = " crib" if action.get("crib") else ""
        return f"Count: {cards}{starter}{crib}{number}{said}"
    if kind == "declare":
        rank = {"A": "aces", "K": "kings", "Q": "queens", "J": "knaves", "10": "tens", "9": "nines",
                "8": "eights", "7": "sevens"}.get(action.get("rank", ""), "")
        return f"{who} declares {action.get('what')} {rank or cards}{number}{said}".replace("  ", " ")
    if kind == "reply":
        return f"{who} replies {action.get('what')}{said}"
    if kind in ("propose", "accept", "refuse"):
        return f"{who} {kind}s{said}".replace("proposes", "proposes")
    if kind == "trick":
        n = f" {action['number']}" if action.get("number") is not None else ""
        return f"Trick{n}: " + ", ".join(f"{p} {c}" for p, c in action.get("plays", []))
    return None


# --------------------------------------------------------------------------
# Pictures

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


# --------------------------------------------------------------------------
# notation cribbage-score


@click.command("cribbage-score")
@click.argument("cards", nargs=-1, required=True)
@click.option("--starter", required=True, help="The starter (turn-up), in any card form: 5D, ♢5, 🃅.")
@click.option("--crib", is_flag=True, help="Count as the crib: a flush needs the starter's suit too.")
def cribbage_score(cards: tuple[str, ...], starter: str, crib: bool) -> None:
    """Count a cribbage hand: notation cribbage-score 5H 5C 5S JD --starter 5D [--crib]."""
    from notation.parse.cards import read_cards
    from notation.rules.cards.cribbage import score_hand

    try:
        hand = read_cards(" ".join(cards))
        turned = read_cards(starter)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if len(turned) != 1:
        raise click.BadParameter(f"expected one starter card, got {len(turned)}", param_hint="--starter")
    everything = hand + turned
    twice = sorted({c.code for c in everything if everything.count(c) > 1})
    if twice:
        raise click.BadParameter(f"a card held twice: {' '.join(twice)}")
    if not 3 <= len(hand) <= 6:
        raise click.BadParameter(f"a hand of {len(hand)} cards: expected 3 to 6 "
                                 "(five-, six- or seven-card cribbage)")
    breakdown = score_hand(hand, turned[0], crib=crib)
    click.echo(breakdown.text())


FAMILY = CardsFamily()
