"""Writing replayed card games: the canonical transcript (card codes, one action per line, book text kept)."""

from __future__ import annotations

import re
from typing import Any

from notation.details.cards import CardsMoveDetail
from notation.model import Game


def write_transcript(game: Game) -> str:
    """The record again, as a canonical transcript: tags, then one action per line in card codes."""
    # The transcript is written in print: a Braille source's Encoding tag no longer applies.
    lines = [f'[{k} "{v}"]' for k, v in game.tags.items() if k.lower() != "encoding"]
    lines.append("")
    for move in game.moves:
        if move.comment:
            lines.extend(_comment_lines(move.comment))
        lines.append(canonical_line(CardsMoveDetail.of(move.detail).action or {}) or move.printed)
    return "\n".join(lines) + "\n"


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

