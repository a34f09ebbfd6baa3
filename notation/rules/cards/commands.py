"""``notation cards score GAME CARDS...``: what a hand is worth, for the games where a hand has a value.

Each game's module gives one function, ``score_text(hand, starter, crib)``,
that returns the hand's value in words and raises ``ValueError`` naming what
was expected; this module only reads the cards and reports errors.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from notation.boards.cards import Card
from notation.parse.cards import read_cards
from notation.rules.cards import commerce, cribbage, piquet, poker, vingt_un

#: Game -> its hand scorer.
SCORERS: dict[str, Callable[[list[Card], Card | None, bool], str]] = {
    "cribbage": cribbage.score_text,
    "piquet": piquet.score_text,
    "poker": poker.score_text,
    "commerce": commerce.score_text,
    "vingt-un": vingt_un.score_text,
}


@click.group("cards")
def cards() -> None:
    """Card-game tools."""


@cards.command("score")
@click.argument("game", type=click.Choice(sorted(SCORERS)))
@click.argument("hand", nargs=-1, required=True)
@click.option("--starter", help="Cribbage: the starter (turn-up), in any card form: 5D, ♢5, 🃅.")
@click.option("--crib", is_flag=True, help="Cribbage: count as the crib (a flush needs the starter's suit too).")
def score(game: str, hand: tuple[str, ...], starter: str | None, crib: bool) -> None:
    """What a hand is worth.

    \b
    notation cards score cribbage 5H 5C 5S JD --starter 5D [--crib]
    notation cards score piquet "♡ A K Q J 9 ♣ A K Q ♢ A K Q 7"
    notation cards score poker 9H 10H JH QH KH
    notation cards score commerce "♣ Q K A"
    notation cards score vingt-un AS KH
    """
    try:
        held = read_cards(" ".join(hand))
        turned = read_cards(starter) if starter else []
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
    if len(turned) > 1:
        raise click.BadParameter(f"expected one starter card, got {len(turned)}", param_hint="--starter")
    everything = held + turned
    twice = sorted({c.code for c in everything if everything.count(c) > 1})
    if twice:
        raise click.BadParameter(f"a card held twice: {' '.join(twice)}")
    try:
        click.echo(SCORERS[game](held, turned[0] if turned else None, crib))
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None
