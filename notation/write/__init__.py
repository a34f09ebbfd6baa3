"""Writers: replayed games out in the formats modern tools read, and in book notations."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from notation.model import Game


class CannotWrite(ValueError):
    """A game that a format has no way to print (a pass in a notation that prints none, a man dropped from
    the pocket in a book notation): the message says what, and where in the record (its line)."""


def _names_the_players(title: str, players: str) -> bool:
    """Whether a title names each of the players a [Players] tag gives ("Morphy and Harrwitz", a side of
    several "Owen:Staunton"), by surname."""
    surnames = [name.split(",")[0].strip() for side in players.split(" and ") for name in side.split(":")]
    return bool(players) and all(surname in title for surname in surnames)


def event(game: Game) -> str:
    """The game's ``[Event]`` as PGN and PDN write it: the event read; with none, the game's title, unless its
    players are named (by colour, or the heading "Between X and Y" that gave the [Players] tag; who played is no
    event); else "?" (a heading that says only where and when gives no title: its tags say it)."""
    tags = game.tags
    named = tags.get("White") and tags.get("Black") or _names_the_players(game.title or "", tags.get("Players", ""))
    return tags.get("Event", "") or (None if named else game.title) or "?"
