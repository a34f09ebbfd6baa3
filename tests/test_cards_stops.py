"""Pope Joan, Spin, Newmarket: sequences in suit, stops, deal tables and chances."""

from __future__ import annotations

from pathlib import Path

from notation.boards.cards import Card
from notation.pipeline import read_games
from notation.rules.cards.newmarket import preceding
from notation.rules.cards.pope_joan import deal_table, following

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"
TAGS = '[Game "cards"]\n[Variant "{}"]\n[Notation "transcript"]\n\n'


def replay(tmp_path: Path, variant: str, body: str):
    path = tmp_path / "r.txt"
    path.write_text(TAGS.format(variant) + body, encoding="utf-8")
    (game,) = read_games([path])
    return game


def test_sequences_and_deal_tables() -> None:
    assert following(Card("K", "S")) is None and following(Card("10", "H")) == Card("J", "H")
    assert preceding(Card("A", "S")) == Card("K", "S")
    assert deal_table(51, 5, spare=True, turnup=True) == (8, 10)
    assert deal_table(50, 4, spare=False, turnup=False) == (12, 2)


def test_a_card_out_of_sequence_and_a_lead_without_a_stop_are_errors(tmp_path: Path) -> None:
    game = replay(tmp_path, "pope joan", "Turn-up: 7H\nA leads 5D\nB plays 9D\nC leads 3C\n")
    assert [d.code for d in game.diagnostics] == ["out-of-sequence", "lead-without-stop"]
    assert game.diagnostics[0].suggestions == ["6D"]


def test_the_seven_of_diamonds_is_a_stop_and_spin_has_no_spare_hand(tmp_path: Path) -> None:
    game = replay(tmp_path, "pope joan", "A leads 6D\nB plays 7D\nB leads 2C\n")
    assert game.status == "ok"
    spin = replay(tmp_path, "spin", "A leads 6C\nB plays 7C\nB says \"Stop\"\n")
    assert [d.code for d in spin.diagnostics] == ["no-stop"]


def test_the_imaginary_hand_is_played_out_and_the_tables_recomputed() -> None:
    found = {g.title: g for g in read_games([CORPUS / "stops_004_braille.txt"])}
    assert all(g.status == "ok" for g in found.values())
    hand = found["Pope Joan: the imaginary hand played out"]
    assert hand.result == "A wins" and hand.detail.chances == {"C": ["queen", "king", "matrimony"], "A": ["knave"]}
    claims = [c for g in found.values() for c in g.claims]
    assert len(claims) == 15 and all(c.ok for c in claims)
