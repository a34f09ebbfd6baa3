"""Faro (Foster, *Complete Hoyle*, "Faro"): the tab of a complete deal, and the odds of the last turn.

A faro deal draws the whole pack from the box: the first card (``soda``) and
the last (``in hoc``) are dead; every two cards between them are a *turn*,
a loser and a winner, "twenty-five turns in each deal". A tab keeps, for
each rank, what its four cards did in order: ``.`` soda, ``0`` lost, ``1``
won, ``X`` a split (two of the rank on one turn, a loser and a winner),
``-`` hoc. A transcript prints one row per rank::

    Tab Q: . 0 1 0
    Tab 5: 0 0 X

and the replay checks that the rows account for the pack: four cards a
rank, one soda first in its row, one hoc last in its row, as many winners
as losers, twenty-five turns.

Stated numbers (``Claim:`` lines): ``turns``, ``cards``, ``soda``, ``hoc``,
``split`` (the rank split out), ``three on a side won`` and ``break even
won`` (the case bets of Foster's two systems on this deal),
``ways to call the turn`` and ``odds against calling the turn`` for three
cards left (ranks, or colours ``B B R``), ``splits in two deals`` (the
expected number, honestly dealt).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import factorial

from notation.parse.cards import CardAction
from notation.rules.cards.replay import Stated, TableReplay

RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: How many cards each tab mark stands for.
MARK_CARDS = {".": 1, "0": 1, "1": 1, "X": 2, "-": 1}
TURNS = 25


def ways(cards: tuple[str, ...]) -> int:
    """The orders in which the cards left for the last turn can come (alike cards are not told apart)."""
    n = factorial(len(cards))
    for c in set(cards):
        n //= factorial(cards.count(c))
    return n


def expected_splits(deals: int = 1) -> Fraction:
    """Expected splits in ``deals`` honest deals: each of the 25 turns pairs two of the 51 cards
    after the soda, alike with probability 3/51."""
    return deals * TURNS * Fraction(3, 51)


class FaroReplay(TableReplay):
    """A faro deal's tab, row by row, and the numbers Foster states about it."""

    variant = "faro"

    def start(self) -> None:
        self.rows: dict[str, tuple[str, ...]] = {}

    def on_tab(self, action: CardAction) -> None:
        rank = action.rank or "?"
        marks = action.marks
        self.move.normalized = f"tab {rank}: {' '.join(marks)}"
        if rank in self.rows:
            self.error("tab-row-twice", f"the tab has two rows for {rank}")
        self.rows[rank] = marks
        cards = sum(MARK_CARDS[m] for m in marks)
        if cards != 4:
            self.error("tab-row", f"the {rank} row accounts for {cards} cards, not the four of the pack",
                       ["4"])
        if "." in marks and marks[0] != ".":
            self.error("tab-soda", f"the soda is the first card of the deal, so the first of its rank: "
                       f"it must open the {rank} row")
        if "-" in marks and marks[-1] != "-":
            self.error("tab-hoc", f"hoc is the last card of the deal: it must close the {rank} row")

    def count(self, mark: str) -> int:
        return sum(row.count(mark) for row in self.rows.values())

    def winners(self) -> int:
        return self.count("1") + self.count("X")

    def losers(self) -> int:
        return self.count("0") + self.count("X")

    def finish(self) -> None:
        if not self.rows:
            return
        self._move = None
        missing = [r for r in RANK_ORDER if r not in self.rows]
        if missing:
            self.error("tab-missing", f"the tab has no row for {' '.join(missing)}: a complete deal "
                       "has all thirteen")
        for mark, name, code in ((".", "soda", "tab-soda"), ("-", "hoc", "tab-hoc")):
            if self.count(mark) != 1:
                self.error(code, f"a deal has one {name}, the tab shows {self.count(mark)}")
        if self.winners() != self.losers():
            self.error("tab-turns", f"every turn has a winner and a loser: the tab shows {self.winners()} "
                       f"winners and {self.losers()} losers")
        self.detail.faro = {
            "cards": sum(MARK_CARDS[m] for row in self.rows.values() for m in row),
            "turns": self.winners(), "soda": self.marked("."), "hoc": self.marked("-"),
            "splits": self.marked("X")}

    def marked(self, mark: str) -> list[str]:
        return [r for r in RANK_ORDER if mark in self.rows.get(r, ())]

    # --- Foster's systems: a bet on each card as it becomes a case (three of its rank out) -------
    def case_bets(self, system: str) -> tuple[int, int]:
        """(bets won, bets made) on the case cards: "three on a side" bets each case to make its
        rank play three and one; "break even" to play two and two, or all four alike. The soda
        "is really a winning card"; a case left in hoc is a stand-off; a rank split before its
        case has no case."""
        won = made = 0
        for rank in RANK_ORDER:
            row = self.rows.get(rank, ())
            if "X" in row or len(row) != 4:
                continue
            first = ["1" if m in ("1", ".") else "0" for m in row[:3]]
            wins = first.count("1")
            three_one_to_win = wins in (0, 2)      # three on a side: bet what makes it 3-1
            to_win = three_one_to_win if system == "three on a side" else not three_one_to_win
            made += 1
            if row[3] == "-":
                continue
            if (row[3] == "1") == to_win:
                won += 1
        return won, made

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def last_turn(args: tuple[str, ...]) -> tuple[str, ...]:
            if len(args) != 3:
                raise ValueError(f"the last turn has three cards, not {len(args)}: expected three ranks "
                                 "or colours (B R)")
            return args

        def odds(args: tuple[str, ...]) -> Stated:
            return Stated.odds_against(Fraction(1, ways(last_turn(args))))

        def one(mark: str) -> Callable[[tuple[str, ...]], Stated]:
            return lambda _: Stated(" ".join(self.marked(mark)) or "none")

        def system(name: str) -> Callable[[tuple[str, ...]], Stated]:
            return lambda _: Stated.out_of(*self.case_bets(name))

        def splits(args: tuple[str, ...]) -> Stated:
            exact = expected_splits(2)
            return Stated(f"{float(exact):.2f}", exact)

        return {
            "turns": lambda _: Stated.count(self.winners()),
            "cards": lambda _: Stated.count(sum(MARK_CARDS[m] for r in self.rows.values() for m in r)),
            "soda": one("."), "hoc": one("-"), "split": one("X"),
            "three on a side won": system("three on a side"),
            "break even won": system("break even"),
            "ways to call the turn": lambda args: Stated.count(ways(last_turn(args))),
            "odds against calling the turn": odds,
            "splits in two deals": splits,
        }

    def key_extra(self) -> list[str]:
        return ["tab:" + ",".join(f"{r}={''.join(self.rows[r])}" for r in RANK_ORDER if r in self.rows)]
