"""The card-game family: every card game of the source books, from transcripts.

A record names its game in its ``[Game]`` tag (``cribbage``, ``piquet``,
``écarté``, ``poker``: any game of :data:`VARIANTS` or :data:`REPLAYS`; or ``cards``
with a ``[Variant]``) and
is written in the transcript language of ``grammars/cards.lark``
(:mod:`.notations`). The replay is the game's own, one module per game
(:mod:`.cribbage`, :mod:`.piquet`, :mod:`.ecarte` ...), each built on the
shared table replay and trick-taking core of :mod:`.replay`; a game without
rules of its own is still checked for cards that do not exist, cards held
twice and cards played that were not held. Pictures: :mod:`.picture`;
the ``notation cards score`` command: :mod:`.commands`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import click

from notation.details.cards import CardsGameDetail, CardsMoveDetail
from notation.families import Family, Identification, PositionQuery
from notation.model import Game, ParsedRecord, Record
from notation.rules.cards.notations import NOTATIONS
from notation.rules.cards.picture import picture
from notation.rules.cards.replay import GenericReplay, TableReplay, normalise_key
from notation.write.cards import write_transcript

#: [Game] tag values -> Game.variant.
VARIANTS = {"cribbage": "cribbage", "piquet": "piquet", "rubicon piquet": "piquet",
            "ecarte": "ecarte", "écarté": "ecarte", "écarte": "ecarte", "ecarté": "ecarte"}

#: Game -> (its module in this package, its replay class). A game not listed is replayed by
#: :class:`GenericReplay` (cards only). Each game's module is loaded when one of its records is replayed
#: (:func:`replay_of`): every import loads this family, and a chess file needs none of the card games.
REPLAYS: dict[str, tuple[str, str]] = {
    "cribbage": ("cribbage", "CribbageReplay"),
    "piquet": ("piquet", "PiquetReplay"),
    "ecarte": ("ecarte", "EcarteReplay"),
    "faro": ("faro", "FaroReplay"),
    "cassino": ("cassino", "CassinoReplay"),
    "poker": ("poker", "PokerReplay"),
    "nap": ("nap", "NapReplay"),
    "spoil five": ("spoil_five", "SpoilFiveReplay"),
    "vint": ("vint", "VintReplay"),
    "calabrasella": ("calabrasella", "CalabrasellaReplay"),
    "conquian": ("conquian", "ConquianReplay"),
    "baccara": ("baccara", "BaccaraReplay"),
    "spoil-five": ("spoil_five", "SpoilFiveReplay"),
    "napoleon": ("nap", "NapReplay"),
    "pope joan": ("pope_joan", "PopeJoanReplay"),
    "spin": ("spin", "SpinReplay"),
    "newmarket": ("newmarket", "NewmarketReplay"),
    "snip-snap-snorum": ("snip_snap_snorum", "SnipSnapSnorumReplay"),
    "jig": ("snip_snap_snorum", "SnipSnapSnorumReplay"),
    "royal cassino": ("cassino", "CassinoReplay"),
    "spade cassino": ("cassino", "CassinoReplay"),
    "chuck-luck": ("chuck_luck", "ChuckLuckReplay"),
    "under and over seven": ("under_and_over_seven", "UnderAndOverSevenReplay"),
    "vingt-un": ("vingt_un", "VingtUnReplay"),
    "commerce": ("commerce", "CommerceReplay"),
    "imperial": ("imperial", "ImperialReplay"),
    "passe dix": ("passe_dix", "PasseDixReplay"),
    "roulette": ("roulette", "RouletteReplay"),
    "rouge et noir": ("rouge_et_noir", "RougeEtNoirReplay"),
    "trente-et-quarante": ("rouge_et_noir", "RougeEtNoirReplay"),
    "my bird sings": ("my_bird_sings", "MyBirdSingsReplay"),
    "impérial": ("imperial", "ImperialReplay"),
    "vingt-et-un": ("vingt_un", "VingtUnReplay"),
}


def replay_of(variant: str) -> type[TableReplay]:
    """The replay of a game (:data:`REPLAYS`; :class:`GenericReplay` for a game not listed)."""
    if variant not in REPLAYS:
        return GenericReplay
    module, name = REPLAYS[variant]
    replay: type[TableReplay] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    return replay


def variant_of(record: Record) -> str:
    """The game a record is of: ``cribbage``, ``piquet``, ``ecarte``, or another card game's name."""
    game = (record.tag("Game") or "").strip().lower()
    if game in VARIANTS:
        return VARIANTS[game]
    variant = (record.tag("Variant") or "").strip().lower()
    return VARIANTS.get(variant, variant or game or "cards")


class CardsFamily(Family[Any, Any]):
    """The ``cards`` family (see :class:`notation.families.Family`)."""

    name = "cards"
    notations = NOTATIONS
    formats = ("transcript",)
    game_detail = CardsGameDetail
    move_detail = CardsMoveDetail
    extensions = (".brf",)
    #: Every card game's name: ``[Game "poker"]`` is a cards record of the variant ``poker``.
    aliases = tuple(dict.fromkeys([*VARIANTS, *REPLAYS]))

    def replay(self, parsed: ParsedRecord) -> Game:
        """Replay a transcript under its game's rules; every claimed number recomputed."""
        variant = variant_of(parsed.record)
        game = replay_of(variant)(parsed, variant).run()
        game.variant = game.variant or variant
        return game

    def write(self, game: Game, fmt: str) -> str:
        """The record again, as a canonical transcript (:func:`notation.write.cards.write_transcript`)."""
        if fmt != "transcript":
            raise ValueError(f"cannot write cards as {fmt!r}: expected one of {', '.join(self.formats)}")
        return write_transcript(game)

    def picture(self, position_key: str, view: Mapping[str, str] | None = None) -> str:
        return picture(position_key)

    def identify(self, record: Record) -> Identification:
        """A record without a [Game] tag is a card transcript if it opens with a transcript line."""
        if variant_of(record) in REPLAYS:
            return Identification(1.0, f"a {variant_of(record)} record")
        first = next((ln.strip() for ln in record.body.splitlines() if ln.strip()), "")
        if first.startswith(("Players:", "Count:", "Starter:", "Turn-up:")):
            return Identification(0.9, f"a transcript line ({first.split(':')[0]}:)")
        return Identification(0.0, "no transcript line")

    def position_query(self, text: str) -> PositionQuery:
        """A card position typed as a key; the cards of a hand, crib or talon may come in any order."""
        return PositionQuery("key", normalise_key(text), "matched the position key, hands in any order")

    def position_forms(self, key: str) -> dict[str, str]:
        return {"key": normalise_key(key)}

    def commands(self) -> list[click.Command]:
        from notation.rules.cards.commands import cards

        return [cards]


FAMILY = CardsFamily()
