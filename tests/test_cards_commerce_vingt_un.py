"""Commerce's combinations and ties, Vingt-un's points, over-draw and natural (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards.commands import cards
from notation.rules.cards.commerce import best_hand, combination
from notation.rules.cards.vingt_un import natural, points

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def record(tmp_path: Path, variant: str, body: str):
    path = tmp_path / "r.txt"
    path.write_text(f'[Game "cards"]\n[Variant "{variant}"]\n\n{body}\n', encoding="utf-8")
    (game,) = read_games([path])
    return game


@pytest.mark.parametrize(("hand", "kind"), [
    ("AS AH AC", "tricon"), ("♢ A 2 3", "sequence"), ("♡ 10 J Q", "sequence"), ("♣ Q K A", "sequence"),
    ("♠ K A 2", "flush"), ("KS AH 2S", "point"), ("♠ 2 7 9", "flush"), ("9S 9H KD", "pair"),
    ("9S 4C 8D", "point")])
def test_each_hand_has_its_best_combination(hand: str, kind: str) -> None:
    assert combination(read_cards(hand)).kind == kind


@pytest.mark.parametrize(("hands", "winner"), [
    ({"A": "AS AH AC", "B": "KS KH KC"}, ["A"]),                   # aces first
    ({"A": "5S 5H 5C", "B": "♠ 2 3 4"}, ["A"]),                    # tricon above sequence
    ({"A": "♣ Q K A", "B": "♡ 3 2 A"}, ["A"]),                     # A K Q best, 3 2 A lowest
    ({"A": "♡ 3 2 A", "B": "♠ 2 3 4"}, ["B"]),
    ({"A": "♠ 2 3 5", "B": "♡ 2 3 6"}, ["B"]),                     # flushes by their point
    ({"A": "9S 9H 2D", "B": "9D 9C 3S"}, ["B"]),                   # equal pairs: the third card
    ({"A": "9S 9H KD", "B": "10D 10C 2S"}, ["B"]),                 # the higher pair
    ({"A": "AS 9H 2D", "B": "AD 9C 3S"}, ["B"]),                   # points 22 and 23
    ({"A": "AS 8H 3D", "B": "KD 9C 3S"}, ["A"]),                   # 22 and 22: the ace first
    ({"A": "AS 8H 3D", "B": "AD 8C 3H"}, ["A", "B"]),              # absolute equality
])
def test_ties_are_decided_as_the_book_says(hands: dict[str, str], winner: list[str]) -> None:
    assert best_hand({p: read_cards(h) for p, h in hands.items()}) == winner


def test_the_books_commerce_examples_and_tie_rules() -> None:
    examples, kaq = read_games([CORPUS / "commerce_004_braille.txt"])
    assert examples.status == "ok" and kaq.status == "ok"
    assert all(c.ok for c in examples.claims + kaq.claims) and len(examples.claims) == 15
    assert [d["winners"] for d in examples.detail.deals] == [["A"], ["F"], ["G"]]
    assert kaq.result == "B wins"


def test_king_ace_two_declared_a_sequence_is_an_error(tmp_path: Path) -> None:
    game = record(tmp_path, "commerce", "A holds KS AS 2S\nA declares sequence ♠ K A 2")
    assert game.status == "error"
    (d,) = [d for d in game.diagnostics if d.code == "wrong-combination"]
    assert "King, ace, two is no sequence" in d.message and d.suggestions == ["flush"]


def test_a_wrong_point_and_a_wrong_tricon_rank_are_errors(tmp_path: Path) -> None:
    game = record(tmp_path, "commerce", "A holds 9S 4C 8D\nA declares point = 20\n"
                  "B holds 5S 5H 5C\nB declares tricon sixes")
    assert [(d.code, d.suggestions) for d in game.diagnostics] == [("wrong-count", ["21"]),
                                                                  ("wrong-combination", ["5"])]


@pytest.mark.parametrize(("ranks", "total"), [
    (["4", "9"], 13), (["4", "9", "7"], 20), (["4", "9", "9"], 22), (["A", "K"], 21),
    (["A", "A"], 12), (["A", "5", "K"], 16), (["A", "A", "9"], 21), (["Q", "J", "A"], 21)])
def test_the_ace_counts_eleven_when_it_does_not_pass_twenty_one(ranks: list[str], total: int) -> None:
    assert points(ranks) == total


def test_a_natural_is_an_ace_and_a_tenth_card_dealt() -> None:
    assert natural(read_cards("AS KH")) and natural(read_cards("10D AC"))
    assert not natural(read_cards("AS 5H 5D")) and not natural(read_cards("AS 9H"))


def test_the_books_vingt_un_hands() -> None:
    drawn, natural_ = read_games([CORPUS / "vingt_un_004_braille.txt"])
    assert drawn.status == "ok" and [c.actual for c in drawn.claims] == ["13", "20"]
    assert drawn.detail.over_drawn == ["P"] and drawn.detail.points == {"P": 22}
    assert natural_.status == "ok" and [c.actual for c in natural_.claims] == ["21", "21", "4", "4"]
    assert "a natural Vingt-un" in natural_.moves[1].normalized


def test_drawing_after_an_over_draw_is_an_error(tmp_path: Path) -> None:
    game = record(tmp_path, "vingt-un", "P holds 4C 9D\nP draws 9S\nP draws 2H\nCount: 4C 9D = 14")
    assert [(d.code, d.suggestions) for d in game.diagnostics] == [("over-drawn", []), ("wrong-count", ["13"])]


def test_score_command_for_commerce_and_vingt_un() -> None:
    runner = CliRunner()
    out = runner.invoke(cards, ["score", "commerce", "♣ Q K A"])
    assert out.exit_code == 0 and out.output.strip() == "sequence AC KC QC; point 31"
    out = runner.invoke(cards, ["score", "vingt-un", "4C", "9D", "9S"])
    assert out.exit_code == 0 and out.output.strip() == "22, over-drawn"
    out = runner.invoke(cards, ["score", "commerce", "KS", "AS"])
    assert out.exit_code != 0 and "three different cards" in out.output


def test_my_bird_sings_with_a_flush_or_four_suits() -> None:
    from notation.rules.cards.my_bird_sings import sings
    assert sings(read_cards("2S 7S JS KS")) and sings(read_cards("2S 7H JC KD"))
    assert not sings(read_cards("2S 7S JC KD"))
    (game,) = read_games([CORPUS / "my_bird_sings_004_braille.txt"])
    assert game.status == "ok" and [(c.claimed, c.actual) for c in game.claims] == [("13", "13"), ("8", "8")]
