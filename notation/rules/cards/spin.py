"""Spin (Baxter-Wray, *Round Games with Cards*): Pope Joan's stops without a spare hand or a trump.

"The two of hearts is taken out of the pack, in addition to the eight of
diamonds, but ... no spare hand is dealt, so that there are always six
regular stops"; the chances are Matrimony and Intrigue of diamonds, and Game.
The play is :class:`~notation.rules.cards.pope_joan.StopsReplay`'s.
"""

from __future__ import annotations

from notation.boards.cards import Card
from notation.rules.cards.pope_joan import StopsReplay


class SpinReplay(StopsReplay):
    """Spin: the two of hearts and eight of diamonds out; every card dealt."""

    variant = "spin"
    OUT = (Card("2", "H"), Card("8", "D"))
    CHANCES = {"matrimony": 2, "intrigue": 1}
