"""Braille ASCII sources: grade 1 back-translation with offsets, and card records read from Braille."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.braille import back_translate
from notation.pipeline import read_games

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


@pytest.mark.parametrize("braille,printed", [
    (",,round ,,games by ,,baxter-,,wray4", "ROUND GAMES by BAXTER-WRAY."),
    ("#ahia #ahig", "1891 1897"),
    ("about #ahfe1 although", "about 1865, although"),
    ("#ahjd-ae 7see ,variations7--whence", "1804-15 (see Variations)--whence"),
    ("i4e4 placed", "i.e. placed"),
    ("nap 444 #c", "nap ... 3"),
    ("a2 b3 c6 d8 8yes0", "a; b: c! d? “yes”"),
    ("player's", "player's"),
    ("#c;a", "3a"),
])
def test_grade_one_signs(braille: str, printed: str) -> None:
    assert back_translate(braille)[0] == printed


def test_every_print_character_knows_its_braille_offset() -> None:
    braille = ",a holds #e of hearts4"
    printed, origin = back_translate(braille)
    assert printed == "A holds 5 of hearts."
    assert len(origin) == len(printed)
    assert braille[origin[printed.index("5")]] == "e"
    assert braille[origin[0]] == "a" and origin == sorted(origin)


def test_the_whole_seed_back_translates() -> None:
    seed = Path(__file__).resolve().parents[2] / "shared" / "seeds" / "004_ed354f904ff1d32e.txt"
    if not seed.exists():
        pytest.skip("the Braille seed is not beside this checkout")
    printed, origin = back_translate(seed.read_text())
    assert len(printed) == len(origin)
    assert "receives 5 and 7 of diamonds, 4 and knave of hearts" in printed
    assert printed.startswith("Transcriber's note: This text file")


def test_the_pope_joan_hand_from_braille() -> None:
    (game,) = read_games([CORPUS / "braille_004_pope_joan.txt"])
    assert game.status == "ok" and game.variant == "pope joan"
    assert [m.normalized for m in game.moves] == [
        "players A (eldest hand), B, C, D, E (dealer)",
        "A holds 5D 7D 4H JH JS KS AC QC", "turn-up 7H"]
    # The hold line is line 9 of the file, in Braille.
    assert game.moves[1].line == 9 and game.moves[1].printed.startswith("A holds 5 and 7 of diamonds")


def test_a_brf_file_is_read_as_cards_and_errors_point_into_the_braille(tmp_path: Path) -> None:
    brf = tmp_path / "hand.brf"
    brf.write_text(",players3 ,a1 ,b 7dealer7\n,a holds #e of hearts1 #f of hearts1 #e of hearts\n")
    (game,) = read_games([brf])
    assert game.family == "cards" and game.record.source.encoding == "braille-ascii"
    (d,) = game.diagnostics
    assert d.code == "card-twice" and d.line == 2
    # The column of the second five ("#e") in the Braille line, not in the print.
    line = brf.read_text().splitlines()[1]
    assert d.column == line.rfind("#e") + 2
