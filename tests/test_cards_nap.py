"""Nap: payments, sure tricks, and the play under the shared trick core."""

from __future__ import annotations

from pathlib import Path

from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards.nap import sure_tricks

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def test_sure_tricks_run_down_from_the_ace() -> None:
    assert sure_tricks(read_cards("AS KS QS JS 10S")) == 5
    assert sure_tricks(read_cards("AD JD 10D 9C 4S")) == 1
    assert sure_tricks(read_cards("KD QD JD 9C 4S")) == 0


def test_the_first_card_led_is_trumps_and_players_must_follow(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_text('[Game "cards"]\n[Variant "nap"]\n[Notation "transcript"]\n\n'
                    "Players: A, B, C\nA holds AS KS 2H 3H 4H\nB holds 5S 6H 7H 8H 9H\nC holds 2C 3C 4C 5C 6C\n"
                    "A plays AS\nB plays 6H\nC plays 2C\n", encoding="utf-8")
    (game,) = read_games([path])
    assert [d.code for d in game.diagnostics] == ["revoke"]     # B holds the five of spades
    assert game.diagnostics[0].suggestions == ["5S"]


def test_the_books_payments_and_counts() -> None:
    games = list(read_games([CORPUS / "nap_004_braille.txt"]))
    assert len(games) == 6 and all(g.status == "ok" for g in games)
    claims = [c for g in games for c in g.claims]
    assert len(claims) == 24 and all(c.ok for c in claims)
