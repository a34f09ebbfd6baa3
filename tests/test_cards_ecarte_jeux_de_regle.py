"""Écarté's jeu de règle: the hand that cannot fail to win three tricks unless the adversary holds two trumps."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards.ecarte import book_line_tricks, ecarte_pack, sure_tricks

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"
HAND = read_cards("KS QS JS 8H 8D")


def test_three_tricks_are_sure_against_one_trump_not_against_two() -> None:
    assert sure_tricks(HAND, "H", 1) == (3, 49419)
    fewest, hands = sure_tricks(HAND, "H", 2)
    assert hands == 73359 and fewest < 3


def test_grouping_the_adversary_s_cards_changes_no_result() -> None:
    # Every hand with at most one trump and two clubs, played out one by one, against the grouped search.
    rest = [c for c in ecarte_pack() if c not in HAND]
    worst = min(book_line_tricks(HAND, his, "H") for his in combinations(rest, 5)
                if sum(c.suit == "H" for c in his) <= 1 and sum(c.suit == "C" for c in his) == 2)
    assert worst >= sure_tricks(HAND, "H", 1)[0]


def test_two_trumps_beat_the_line() -> None:
    # The nine of hearts trumps the king; the ten of hearts draws the eight; the diamond and clubs do the rest.
    assert book_line_tricks(HAND, read_cards("9H 10H AD 7C 8C"), "H") < 3


def test_the_book_s_jeu_de_regle_record() -> None:
    (game,) = read_games([CORPUS / "ecarte_002_jeux_de_regle.txt"])
    assert game.status == "ok" and [(c.claimed, c.actual) for c in game.claims] == [("3", "3")]


def test_a_hand_that_is_no_jeu_de_regle_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_text('[Game "ecarte"]\n\nClaim: tricks sure against one trump H 7S 8S 9S 7H 8D = 3\n',
                    encoding="utf-8")
    (game,) = read_games([path])
    assert game.status == "error" and game.diagnostics[0].code == "wrong-count"
