"""Cribbage's counts no hand can hold, laying out for the crib, and pairs in play (issue 12)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from notation.boards.cards import SUITS, Card
from notation.pipeline import read_games
from notation.rules.cards.cribbage import count_distribution, pattern_counts, score_hand

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def brute_force(hand_ranks: tuple[str, ...], starter_rank: str, crib: bool) -> Counter[int]:
    """Every real deal of those ranks, suit by suit, counted by the show's own scorer."""
    out: Counter[int] = Counter()
    cards = [Card(r, s) for r in set(hand_ranks) for s in SUITS]
    for hand in combinations(cards, 4):
        if sorted(c.rank for c in hand) != sorted(hand_ranks):
            continue
        for suit in SUITS:
            starter = Card(starter_rank, suit)
            if starter not in hand:
                out[score_hand(hand, starter, crib=crib).total] += 1
    return out


@pytest.mark.parametrize("crib", [False, True])
@pytest.mark.parametrize(("hand", "starter"), [
    (("5", "5", "5", "J"), "5"), (("J", "2", "7", "K"), "9"), (("J", "2", "7", "K"), "7"),
    (("J", "J", "4", "4"), "A"), (("2", "3", "4", "6"), "5"), (("J", "Q", "K", "10"), "J"),
    (("J", "J", "J", "J"), "5"), (("A", "A", "2", "J"), "A")])
def test_counting_the_suits_agrees_with_dealing_them_out(hand, starter, crib) -> None:
    assert +pattern_counts(hand, starter, crib) == brute_force(hand, starter, crib)


def test_the_count_distribution_covers_every_deal_and_has_the_four_gaps() -> None:
    for crib in (False, True):
        dist = count_distribution(crib)
        assert sum(dist.values()) == 270725 * 48
        assert [n for n in range(30) if not dist[n]] == [19, 25, 26, 27]
        assert dist[29] == 4 and dist[28] == 76
    assert count_distribution(False)[0] == 1009008 and count_distribution(True)[0] == 1022208


def test_foster_s_nineteen_and_laying_out_records() -> None:
    pairs, laying_out, nineteen = read_games([CORPUS / "cribbage_000_foster_laying_out_and_play.txt"])
    for game in (pairs, laying_out, nineteen):
        assert game.status == "ok", [d.message for d in game.diagnostics]
        assert all(c.ok for c in game.claims)
    assert pairs.detail.scores == {"P": 6, "D": 14}          # 2 + 12 to the dealer, 6 to the pone
    assert [c.claimed for c in laying_out.claims] == ["2", "6", "8", "12", "12"]
    assert [(c.what, c.actual) for c in nineteen.claims][:2] == [("hands counting 19", "0"),
                                                                 ("cribs counting 19", "0")]


def test_a_possible_count_called_impossible_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text('[Game "cribbage"]\n\nClaim: hands counting 24 = 0\n', encoding="utf-8")
    (game,) = read_games([path])
    assert game.status == "error"
    assert [d.suggestions for d in game.diagnostics if d.code == "wrong-count"] == [["3680"]]


def test_the_crib_with_a_six_turned() -> None:
    (game,) = read_games([CORPUS / "cribbage_002_laying_out.txt"])
    assert game.status == "ok"
    assert [c.actual for c in game.claims] == ["3", "15", "5", "21", "21", "23", "16"]
