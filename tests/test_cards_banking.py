"""Faro, chuck-luck, under and over seven: the tab checked, every stated number recomputed."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from notation.pipeline import read_games
from notation.rules.cards.chuck_luck import dice_totals
from notation.rules.cards.faro import expected_splits, ways
from notation.rules.cards.replay import Stated, printed_value

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"
TAGS = '[Game "cards"]\n[Variant "{}"]\n[Notation "transcript"]\n\n'


def replay(tmp_path: Path, variant: str, body: str):
    path = tmp_path / "r.txt"
    path.write_text(TAGS.format(variant) + body, encoding="utf-8")
    (game,) = read_games([path])
    return game


def test_the_ways_a_last_turn_can_come() -> None:
    assert ways(("9", "8", "2")) == 6 and ways(("8", "8", "5")) == 3 and ways(("B", "B", "R")) == 3
    assert expected_splits(2) == Fraction(150, 51)


def test_dice_totals_and_odds() -> None:
    totals = dice_totals(3)
    assert sum(totals.values()) == 216 and totals[9] == 25 and totals[10] == 27
    assert Stated.odds_against(Fraction(25, 216)).text == "7.64 to 1"
    assert printed_value("7¼ to 1") == Fraction(29, 4) and printed_value("5 out of 12") == Fraction(5, 12)


def test_a_tab_row_must_hold_four_cards_and_soda_opens_its_row(tmp_path: Path) -> None:
    game = replay(tmp_path, "faro", "Tab A: 0 0 1\nTab Q: 0 . 1 0\n")
    codes = [d.code for d in game.diagnostics]
    assert "tab-row" in codes and "tab-soda" in codes and "tab-missing" in codes
    assert game.status == "error"


def test_a_wrong_whole_number_is_an_error_and_an_unknown_claim_is_named(tmp_path: Path) -> None:
    game = replay(tmp_path, "chuck-luck", "Claim: odds against total 10 = 8 to 1\nClaim: pips = 3\n")
    assert [(d.code, d.severity) for d in game.diagnostics] == [("wrong-count", "error"), ("unknown-claim", "error")]
    assert game.diagnostics[0].suggestions == ["7 to 1"]


def test_foster_faro_tab_accounts_for_the_pack_and_the_system_wins_five_of_twelve() -> None:
    tab, last = read_games([CORPUS / "faro_000_foster.txt"])
    assert tab.status == "ok" and all(c.ok for c in tab.claims) and len(tab.claims) == 6
    assert tab.detail["faro"] == {"cards": 52, "turns": 25, "soda": ["Q"], "hoc": ["8"], "splits": ["5"]}
    assert last.status == "ok"
    # "Splits should come about three times in two deals": 2.94 exactly, a warning.
    assert [(d.code, d.suggestions) for d in last.diagnostics] == [("approximate", ["2.94"])]


def test_foster_chuck_luck_table_keeps_its_rounded_odds_with_the_exact_figures() -> None:
    chuck, seven, _, _ = read_games([CORPUS / "banking_000_foster.txt"])
    assert chuck.status == "ok" and len(chuck.claims) == 18
    warned = {d.suggestions[0] for d in chuck.diagnostics}
    assert all(d.code == "approximate" and d.severity == "warning" for d in chuck.diagnostics)
    assert warned == {"20.6 to 1", "13.4 to 1", "9.29 to 1", "7.64 to 1"}
    assert seven.status == "ok" and len(seven.claims) == 7 and all(c.ok for c in seven.claims)


def test_passe_dix_counts_totals_where_it_says_throws() -> None:
    _, _, passe_dix, _ = read_games([CORPUS / "banking_000_foster.txt"])
    # Nine of the sixteen totals are ten or more; of the 216 throws, 135 are (5 in 8, not 9 in 16).
    assert [(c.claimed, c.actual) for c in passe_dix.claims] == [
        ("16", "16"), ("9 out of 16", "9 out of 16"), ("9 out of 16", "135 out of 216")]
    assert [(d.code, d.suggestions) for d in passe_dix.diagnostics] == [("wrong-count", ["135 out of 216"])]


def test_every_roulette_payment_is_the_zeroless_wheel_s() -> None:
    *_, roulette = read_games([CORPUS / "banking_000_foster.txt"])
    assert roulette.status == "ok" and len(roulette.claims) == 10 and all(c.ok for c in roulette.claims)
    from notation.rules.cards.roulette import pays
    assert [pays(n) for n in (1, 2, 3, 4, 6, 12, 18)] == [35, 17, 11, 8, 5, 2, 1]
