"""What card games keep: a line's action and counts, a game's scores (each game its own few), comments after the last line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from notation.model import Detail


class CommerceDeal(TypedDict):
    """A deal of commerce: the combination of each hand shown, and the best's players."""

    combinations: dict[str, str]
    winners: list[str]


@dataclass(slots=True)
class CardsMoveDetail(Detail):
    """One transcript line: the action as read, and what a game counts for it."""

    #: The action (:meth:`notation.parse.cards.CardAction.as_dict`): kind, player, cards ...
    action: dict[str, object] | None = None
    #: Cribbage: the count of the play, or a hand's or crib's breakdown.
    count: int | dict[str, int] | None = None
    points: int | None = None
    scores: list[str] | None = None


@dataclass(slots=True)
class CardsGameDetail(Detail):
    """A card game's tallies; each game fills the few it has."""

    #: Cribbage: the form played and the scores.
    form: str | None = None
    scores: dict[str, int] | None = None
    #: Écarté: the score and the game's value.
    score: dict[str, int] | None = None
    game_value: int | None = None
    #: Piquet: rubicon, and each player's count of the deal.
    rubicon: bool | None = None
    deal: dict[str, str] | None = None
    #: Pope Joan: the chances each player took.
    chances: dict[str, list[str]] | None = None
    #: Poker: each hand shown, named.
    hands: dict[str, str] | None = None
    #: Faro: the count of the box.
    faro: dict[str, object] | None = None
    #: Commerce: the hands shown in each deal and who won.
    deals: list[CommerceDeal] | None = None
    #: Vingt-un: each player's points; who over-drew.
    points: dict[str, int] | None = None
    over_drawn: list[str] | None = field(default=None, metadata={"json": "over-drawn"})
    #: Spoil five: tricks won.
    tricks: dict[str, int] | None = None


@dataclass(slots=True)
class CardsExtra(Detail):
    """What the card transcript notation reads besides the lines."""

    #: Comments after the last line.
    trailing_comments: list[str] = field(default_factory=list)
