"""Faro, chuck-luck, under and over seven, passe dix, roulette, rouge et noir: the tab checked, every
stated number recomputed."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from pathlib import Path

import pytest

from notation.pipeline import read_games
from notation.rules.cards.chuck_luck import dice_totals
from notation.rules.cards.faro import expected_splits, ways
from notation.rules.cards.replay import Stated, printed_value
from notation.rules.cards.rouge_et_noir import refaits, row_totals, unlimited_refaits, unlimited_row_totals

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
    assert tab.detail.faro == {"cards": 52, "turns": 25, "soda": ["Q"], "hoc": ["8"], "splits": ["5"]}
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


def _enumerate_coups(shoe: dict[int, int], target: int) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Every order of a tiny shoe dealt out: black's row, then red's, each to ``target`` or past it."""
    cards = [v for v, n in shoe.items() for _ in range(n)]
    orders = set(permutations(cards))
    rows: Counter[int] = Counter()
    refaits_seen: Counter[int] = Counter()
    for order in orders:
        dealt = iter(order)
        totals = []
        for _ in range(2):
            total = 0
            while total < target:
                total += next(dealt)
            totals.append(total)
        rows[totals[0]] += 1
        refaits_seen[totals[0]] += totals[0] == totals[1]
    return ({a: Fraction(n, len(orders)) for a, n in rows.items()},
            {a: Fraction(n, len(orders)) for a, n in refaits_seen.items() if n})


@pytest.mark.parametrize(("shoe", "target"), [({1: 3, 2: 2, 3: 3}, 5), ({1: 2, 3: 3, 4: 2}, 6), ({2: 3, 3: 4}, 6)])
def test_rouge_et_noir_programme_agrees_with_every_order_of_a_tiny_shoe(shoe: dict[int, int], target: int) -> None:
    rows, both = _enumerate_coups(shoe, target)
    assert row_totals(shoe, target) == rows
    assert refaits(shoe, target) == both


def test_rouge_et_noir_six_pack_shoe_exactly_and_unlimited() -> None:
    totals, both = row_totals(), refaits()
    assert sum(totals.values()) == 1 and sorted(totals) == list(range(31, 41))
    assert all(totals[a] > totals[a + 1] for a in range(31, 40))          # 31 oftenest, 40 rarest
    assert max(both, key=lambda a: both[a]) == 31 and sorted(both) == list(range(31, 41))
    assert Stated.odds_against(both[31]).text == "44.68 to 1"
    assert Stated.odds_against(sum(both.values(), Fraction(0))).text == "8.12 to 1"
    # The unlimited shoe: two independent rows; close to the six packs, not the same.
    unlimited = unlimited_row_totals()
    assert sum(unlimited.values()) == 1 and unlimited != totals
    assert unlimited_refaits()[31] == unlimited[31] ** 2
    assert Stated.odds_against(unlimited_refaits()[31]).text == "44.62 to 1"
    assert f"{float(28 * both[31]):.2f} {float(33 * both[31]):.2f}" == "0.61 0.72"   # a deal's 31 refaits


def test_a_supposed_figure_is_a_warning_and_an_unhedged_one_an_error(tmp_path: Path) -> None:
    game = replay(tmp_path, "rouge et noir",
                  'Claim: odds against a refait 31 = 63 to 1 "supposed to be 63 to 1"\n'
                  "Claim: odds against a refait 31 = 63 to 1\n"
                  "Claim: times in eighty-five rows total 40 = 6\n"
                  "Claim: odds against a refait 41 = 9 to 1\n")
    assert [(d.code, d.severity, d.suggestions) for d in game.diagnostics] == [
        ("approximate", "warning", ["44.68 to 1"]), ("wrong-count", "error", ["44.68 to 1"]),
        ("wrong-count", "error", ["4.38"]), ("bad-claim", "error", [])]


def test_foster_rouge_et_noir_proportions_are_the_exact_chances_rounded() -> None:
    (game,) = read_games([CORPUS / "rouge_et_noir_000_foster.txt"])
    assert game.status == "ok" and len(game.claims) == 15
    assert [c.what for c in game.claims if c.ok] == ["oftenest total", "oftenest refait"]
    warned = [(d.code, d.severity, d.suggestions[0]) for d in game.diagnostics]
    assert all(code == "approximate" and severity == "warning" for code, severity, _ in warned)
    assert [s for *_, s in warned] == ["12.58", "11.72", "10.84", "9.93", "9.02", "8.07", "7.13", "6.15",
                                       "5.17", "4.38", "44.68 to 1", "1.84", "2.17"]
    # Each of the book's ten proportions is the exact number in 85 rows, rounded.
    assert [round(float(85 * p)) for p in row_totals().values()] == list(range(13, 3, -1))
