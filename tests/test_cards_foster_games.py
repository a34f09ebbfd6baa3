"""Vint, calabrasella, conquian: Foster's worked scores recomputed from the rules."""

from __future__ import annotations

from pathlib import Path

from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards.calabrasella import TOTAL, result
from notation.rules.cards.conquian import SPANISH, ways_to_use
from notation.rules.cards.vint import coronet, honours_counted, penalty, slam_bonus

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def test_vint_scoring() -> None:
    assert slam_bonus(6, 13) == 7000 and slam_bonus(0, 12) == 1000 and slam_bonus(6, 11) == 0
    assert penalty(3, 7) == 6000 and penalty(3, 9) == 0
    assert honours_counted(2, 4, True) == 1 and honours_counted(0, 0, True) == -9
    assert coronet(5) == 1500 and coronet(4, trumps=True) == 2000


def test_calabrasella_settles_the_difference_and_doubles_all_35() -> None:
    assert TOTAL == 35 and result(23) == 11 and result(16) == -3 and result(35) == 70 and result(18) == 1


def test_conquian_uses_a_card_in_runs_and_triplets() -> None:
    hand = read_cards("♡ J 7 6 4; ♠ 5 3 2; ♢ K 7 5")
    assert len(ways_to_use(read_cards("5H")[0], hand, SPANISH)) == 3
    # "the 7 is next below the Jack": 6 7 J is a run
    assert len(ways_to_use(read_cards("7H")[0], read_cards("6H JH 2C"), SPANISH)) == 1


def test_fosters_worked_scores() -> None:
    games = list(read_games([CORPUS / "foster_000_vint_calabrasella_conquian.txt"]))
    assert len(games) == 9 and all(g.status == "ok" and not g.diagnostics for g in games)
    claims = [c for g in games for c in g.claims]
    assert len(claims) == 39 and all(c.ok for c in claims)
