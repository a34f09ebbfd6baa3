"""Nap, or Napoleon (Baxter-Wray, *Round Games with Cards*): calls, payments, and the play.

Five cards each; the highest caller ("senior hand") leads, and "the first
card played in each deal decides the trumps"; a player "must" follow suit
but "is not forced to head the trick" — the trick core's
``Laws(WHIST_ORDER, trump)`` (:mod:`.replay`).

Payments: "one stake for each trick that the senior hand has declared for";
Nap "double, or as though he had lost ten tricks", "paying only five ... if he
loses"; Wellington "winning 20 or losing 10" and Blücher "winning 30 or
losing 15" (``[Payments "modified"]``: the caller "does not receive more
than he would have done for Napoleon" but pays double or treble); misère
"three".

Stated numbers (``Claim:`` lines): ``<call> receives`` and ``<call> pays``
(calls: one trick ... four tricks, nap, wellington, blucher, misery), ``cards in use`` and
``cards unexposed`` for N players, ``sure tricks`` of a hand (cards from the
ace down in the suit the caller leads as trumps: "ace, king, queen, is the
only certain combination with which to secure three tricks").
"""

from __future__ import annotations

from collections.abc import Callable

from notation.boards.cards import SUITS, Card, parse_code
from notation.rules.cards.replay import WHIST_ORDER, Laws, Stated, TrickTableReplay

CALLS = {"one trick": 1, "two tricks": 2, "three tricks": 3, "four tricks": 4}
#: Call -> (receives, pays) from each player; the modified rule for Wellington and Blücher apart.
PAYMENTS = {"nap": (10, 5), "wellington": (20, 10), "blucher": (30, 15), "misery": (3, 3)}
MODIFIED = {"wellington": (10, 10), "blucher": (10, 15)}


def sure_tricks(hand: list[Card]) -> int:
    """Tricks the caller is certain of, leading trumps from the top: the unbroken run down from the ace
    in his best suit (every other card may be trumped or headed)."""
    best = 0
    for suit in SUITS:
        run = 0
        for rank in reversed(WHIST_ORDER):
            if Card(rank, suit) not in hand:
                break
            run += 1
        best = max(best, run)
    return best


class NapReplay(TrickTableReplay):
    """Nap: the stated payments, and the play of a deal under the trick core."""

    variant = "nap"

    def start(self) -> None:
        super().start()
        self.modified = (self.record.tag("Payments") or "").lower() == "modified"

    def laws(self, first: Card) -> Laws:
        # "the first card played in each deal decides the trumps"; follow suit, no need to head
        return Laws(WHIST_ORDER, trump=first.suit)

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def fixed(n: int) -> Callable[[tuple[str, ...]], Stated]:
            return lambda _: Stated.count(n)

        table: dict[str, Callable[[tuple[str, ...]], Stated]] = {}
        for call, n in CALLS.items():
            table[f"{call} receives"] = table[f"{call} pays"] = fixed(n)
        for call, (win, lose) in PAYMENTS.items():
            if self.modified and call in MODIFIED:
                win, lose = MODIFIED[call]
            table[f"{call} receives"], table[f"{call} pays"] = fixed(win), fixed(lose)

        def players(args: tuple[str, ...]) -> int:
            if len(args) != 1 or not args[0].isdigit():
                raise ValueError("expected the number of players")
            return int(args[0])

        table["cards in use"] = lambda a: Stated.count(5 * players(a))
        table["cards unexposed"] = lambda a: Stated.count(52 - 5 * players(a))
        table["sure tricks"] = lambda a: Stated.count(sure_tricks([parse_code(c) for c in a]))
        table["nap over four tricks"] = lambda _: Stated.count(PAYMENTS["nap"][0] - CALLS["four tricks"])
        return table
