"""My Bird Sings (Baxter-Wray, *Round Games with Cards*): four cards a player, a flush or four suits.

"This game may be played by any number of persons up to thirteen, if a full
pack of cards be used; or by any number up to eight with the smaller pack of
thirty-two cards": four cards are dealt to each. A hand "sings" when it is
"a flush, four cards of one suit; or four cards of different suits".

Stated numbers: ``most players`` with a pack of N cards; ``sings`` of four
cards (1 if the hand sings, 0 if not).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from notation.boards.cards import Card, parse_code
from notation.rules.cards.replay import Stated, TableReplay

HAND = 4
PACKS = (52, 32)


def sings(cards: Sequence[Card]) -> bool:
    """Four cards of one suit, or of four different suits."""
    if len(cards) != HAND or len(set(cards)) != HAND:
        raise ValueError(f"a hand is {HAND} different cards")
    return len({c.suit for c in cards}) in (1, HAND)


class MyBirdSingsReplay(TableReplay):
    """My Bird Sings: how many can play, and which hands sing."""

    variant = "my bird sings"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def most(args: tuple[str, ...]) -> Stated:
            if len(args) != 1 or not args[0].isdigit() or int(args[0]) not in PACKS:
                raise ValueError(f"expected the pack: {' or '.join(map(str, PACKS))} cards")
            return Stated.count(int(args[0]) // HAND)

        return {"most players": most,
                "sings": lambda args: Stated.count(int(sings([parse_code(a) for a in args])))}
