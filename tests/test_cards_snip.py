"""Snip-snap-snorum's pairings and payments, and Jig's jigs."""

from __future__ import annotations

from pathlib import Path

from notation.pipeline import read_games
from notation.rules.cards.snip_snap_snorum import jig_to

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def test_jig_is_four_above_the_lead_and_none_from_the_ten() -> None:
    assert jig_to("A") == "5" and jig_to("9") == "K" and jig_to("10") is None


def test_a_wrong_call_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_text('[Game "cards"]\n[Variant "snip-snap-snorum"]\n[Notation "transcript"]\n\n'
                    'B plays 9S\nC plays 9H "Snap"\nD plays 10S "Snip"\n', encoding="utf-8")
    (game,) = read_games([path])
    assert [d.code for d in game.diagnostics] == ["wrong-call", "wrong-call"]
    assert game.diagnostics[0].suggestions == ["Snip"]


def test_the_books_payments() -> None:
    nines, intervene, jig = read_games([CORPUS / "snip_snap_snorum_004_braille.txt"])
    assert nines.status == intervene.status == jig.status == "ok"
    assert [c.actual for c in nines.claims] == ["1", "2", "3"]
    assert [c.actual for c in intervene.claims] == ["1", "0", "1"]
    assert len(jig.claims) == 9 and all(c.ok for c in jig.claims) and jig.variant == "jig"
