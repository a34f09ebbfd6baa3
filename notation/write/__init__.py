"""Writers: replayed games out in the formats modern tools read, and in book notations."""

from __future__ import annotations

import re
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


#: A title that is only the record's label, its number in the book ("GAME 148.", "Game III.", "Partie Nr. 3.", "No. 7",
#: "PROBLEM No. 2.", "Aufgabe 17.", "Example 4.", "Table 8.").
_LABEL_ONLY = re.compile(r"\W*(?i:(?:game|partie|party|problem|aufgabe|example|position|diagram|table|board)\.?\s*"
                         r"(?:no\.?|nr\.?)?|no\.?|nr\.?)\s*(?:\d{1,5}|[IVXLC]{1,7})\W*")


#: A title that is a record's task, or ends with it ("Black to move", "Ending 12., Black is to move"): which side moves
#: from the set-up, no event.
_TASK_ONLY = re.compile(r"(?i:\b(?:white|black|wei(?:ss|ß)|schwarz)\s+(?:is\s+)?(?:to\s+(?:move|play)|am\s+zuge?))\W*$")


def _bare(words: str) -> str:
    return " ".join(re.sub(r"[^\w\s']", " ", words).lower().split())


def event(game: Game) -> str:
    """The game's ``[Event]`` as PGN and PDN write it: the event read; with none, the game's title, unless its
    players are named (by colour, or the heading "Between X and Y" that gave the [Players] tag; who played is no
    event), or it is only the game's label ("GAME 148.") or its opening's name ("_Evans Gambit._--", the [Opening]
    read from it): which game it is, not where it was played; else "?" (a heading that says only where and when
    gives no title: its tags say it)."""
    tags = game.tags
    named = tags.get("White") and tags.get("Black") or _names_the_players(game.title or "", tags.get("Players", ""))
    title = game.title or ""
    if _LABEL_ONLY.fullmatch(title) or _TASK_ONLY.search(title) \
            or tags.get("Opening") and _bare(title).removeprefix("the ") == _bare(tags["Opening"]).removeprefix("the "):
        title = ""
    return tags.get("Event", "") or (None if named else title) or "?"
