"""Piquet's precedence examples and the capot, and Impérial's counters (issue 12)."""

from __future__ import annotations

from pathlib import Path

from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards.imperial import Counters, score_whites
from notation.rules.cards.piquet import LAWS
from notation.rules.cards.replay import can_take_all

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"
ELDER = read_cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A")
DEALER = read_cards("♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9")


def test_the_books_precedence_examples_replay_with_the_replies_they_print() -> None:
    sequence, quatorze, twenty_three = read_games([CORPUS / "piquet_000_precedence.txt"])
    for game in (sequence, quatorze, twenty_three):
        assert game.status == "ok", [d.message for d in game.diagnostics]
        assert game.claims and all(c.ok for c in game.claims)
    assert [c.actual for c in twenty_three.claims] == ["51", "15", "3", "23"]


def test_a_false_reply_to_a_better_sequence_or_quatorze_is_an_error(tmp_path: Path) -> None:
    text = (CORPUS / "piquet_000_precedence.txt").read_text(encoding="utf-8")
    wrong = text.replace('D replies good "None of the latter are of any value;"', "D replies not good") \
                .replace('D replies good "None of the latter would be', 'D replies not good "would be')
    path = tmp_path / "wrong.txt"
    path.write_text(wrong, encoding="utf-8")
    sequence, quatorze, _ = read_games([path])
    assert sequence.status == quatorze.status == "error"
    assert "quatrième to the Ace" in sequence.diagnostics[0].message
    assert "three Aces" in quatorze.diagnostics[0].message


def test_the_illustration_hand_is_a_capot_for_the_elder() -> None:
    assert can_take_all([ELDER, DEALER], 0, LAWS, side=0)
    assert not can_take_all([ELDER, DEALER], 0, LAWS, side=1)
    # With the Seven of diamonds against a guarded Jack the elder cannot be sure of every trick.
    weaker = [c for c in ELDER if c.code != "QD"] + read_cards("8S")
    assert not can_take_all([weaker, DEALER], 0, LAWS, side=0)
    (game,) = read_games([CORPUS / "piquet_000_illustration.txt"])
    assert game.status == "ok" and game.claims[-1].what == "capot E" and game.claims[-1].ok


def test_impérial_takes_down_the_adversary_s_whites_when_a_red_is_made() -> None:
    assert score_whites(Counters(2, 4), Counters(1, 5), 2) == (Counters(3, 0), Counters(1, 0))
    assert score_whites(Counters(2, 3), Counters(1, 5), 2) == (Counters(2, 5), Counters(1, 5))
    assert score_whites(Counters(0, 5), Counters(0, 5), 8) == (Counters(2, 1), Counters(0, 0))


def test_the_impérial_record_keeps_the_lowest_four_the_book_prints() -> None:
    (game,) = read_games([CORPUS / "imperial_000_foster.txt"])
    wrong = [(c.what, c.claimed, c.actual) for c in game.claims if not c.ok]
    # "the lowest four Aces": by the book's own rank, K Q J A 10 9 8 7, and its list of fours
    # (Kings, Queens, Jacks, Aces or Sevens), the lowest four is four Sevens.
    assert wrong == [("lowest four", "A", "7")]
    assert len(game.claims) == 7
