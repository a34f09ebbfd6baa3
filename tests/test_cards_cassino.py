"""Cassino: captures, builds and trails as Foster's laws allow them; the book's examples pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.boards.cards import Card
from notation.pipeline import read_games
from notation.rules.cards.cassino import PIPS, Pile, split_into

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def single(code: str) -> Pile:
    card = Card(code[:-1], code[-1])
    return Pile((card,), PIPS.get(card.rank))


@pytest.mark.parametrize("table, value, rank, ok", [
    (["4C", "3D", "2H"], 9, "9", True),            # 4 + 3 + 2
    (["3C", "2D", "6H", "7S"], 9, "9", True),      # two nines: 3 + 6, 2 + 7
    (["4C", "6D", "10H"], 10, "10", True),         # a pair and a combination
    (["2C", "7D", "5H"], 9, "9", False),           # 2 + 7 is nine, the 5 is left over
    (["KC"], 10, "10", False),                     # a court card does not count ten
    (["KC"], 0, "K", True),                        # but pairs
])
def test_what_one_card_may_take_in(table, value, rank, ok) -> None:
    assert split_into([single(c) for c in table], value, rank) is ok


def test_a_build_is_taken_in_whole_by_its_value_only() -> None:
    build = Pile((Card("7", "D"), Card("2", "C")), 9, build=True)
    assert split_into([build], 9, "9") and not split_into([build], 7, "7")


def test_foster_cassino_examples_are_legal_or_illegal_as_the_book_says() -> None:
    found = {g.title: g for g in read_games([CORPUS / "cassino_000_foster.txt"])}
    assert len(found) == 18
    illegal = {t: [d.code for d in g.diagnostics] for t, g in found.items() if g.status != "ok"}
    assert illegal == {
        "Building: a Nine from 2 on 7; the build cannot be separated": ["build-separated"],
        "Increasing a build: a 5 cannot go to 8 without the 8": ["no-card-for-build"],
        "Double builds: Two Sevens cannot be increased": ["double-build"],
        "A build is increased from the hand only": ["from-table"],
        "Taking in: a builder may not trail": ["trails-with-build"],
        "Plain cassino: a Knave does not combine": ["court-combined"],
    }
    claims = [c for g in found.values() for c in g.claims]
    assert len(claims) >= 20 and all(c.ok for c in claims)
    assert found["The points of a deal: eleven"].claims[0].actual == "11"
    assert found["Spade cassino: twenty-four points a deal"].claims[0].actual == "24"
    # The sweep of 5 3 6 2 with an eight leaves the table empty.
    sweep = found["Sweeping: an Eight takes 5 3 6 2"]
    assert "piles:" not in sweep.moves[-1].position


def test_settling_a_deal_by_the_lowest_scorer_and_by_the_difference() -> None:
    games = list(read_games([CORPUS / "cassino_004_braille.txt"]))
    assert [g.status for g in games] == ["ok"] * 4
    assert [c.actual for g in games for c in g.claims] == ["0", "1", "2", "4", "3", "1", "0", "3", "0"]
    # "the winners of the seven points would add to their score": the book gives no number.
    (missing,) = [d for g in games for d in g.diagnostics]
    assert missing.code == "number-missing" and missing.severity == "warning" and missing.suggestions == ["3"]
