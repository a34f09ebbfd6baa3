"""The card corpus as a regression suite: every record replays; the books' wrong numbers are pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.pipeline import read_games

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def games(name: str):
    return list(read_games([CORPUS / name]))


def test_foster_cribbage_records_replay_with_every_claim_right() -> None:
    found = games("cribbage_000_foster.txt")
    assert [g.title for g in found] == [
        "Counting combinations: Nos. 1-4 and the best hand", "Method of playing and showing",
        "Go, and Thirty-one: the go", "Go, and Thirty-one: thirty-one",
        "Five-card cribbage: a game is never won until it is lost"]
    for game in found:
        assert game.status == "ok", (game.title, [d.message for d in game.diagnostics])
        assert game.claims and all(c.ok for c in game.claims)
    assert found[1].detail.scores == {"P": 25, "D": 33}
    assert found[4].detail.scores == {"P": 60, "D": 54}


def test_the_two_imaginary_hands_end_at_twenty_to_twenty_seven() -> None:
    (game,) = games("cribbage_002_illustrative_deals.txt")
    assert game.status == "ok" and len(game.claims) == 21 and all(c.ok for c in game.claims)
    assert game.claims[-1].claimed == "27" and game.detail.scores == {"A": 20, "B": 27}


def test_the_tables_keep_the_books_wrong_counts_and_say_the_right_ones() -> None:
    hand, crib = games("cribbage_002_tables.txt")
    assert len(hand.claims) == 26 and len(crib.claims) == 25
    # "Two eights, a six (or nine), and a seven / Two sevens, a six, and an eight /
    # Six, five, and two fours ... 13": each of these hands counts 12.
    wrong = [(d.line, d.suggestions[0]) for d in hand.diagnostics]
    assert wrong == [(36, "12"), (37, "12"), (38, "12"), (39, "12")]
    assert all(d.code == "wrong-count" and "not 13" in d.message for d in hand.diagnostics)
    # "Three tenth cards in sequence and two fives ... 11": fifteen twelve, pair, run of three is 17.
    ((line, right),) = [(d.line, d.suggestions[0]) for d in crib.diagnostics]
    assert (line, right) == (130, "17")


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*")), ids=lambda p: p.name)
def test_every_card_record_is_read(path: Path) -> None:
    for game in read_games([path]):
        assert game.family == "cards"
        assert game.status != "unparsed", [d.message for d in game.diagnostics]
        assert game.moves


@pytest.mark.parametrize("name", ["cribbage_000_foster.txt", "cribbage_002_illustrative_deals.txt",
                                  "cribbage_002_tables.txt", "braille_004_pope_joan.txt"])
def test_written_transcripts_replay_to_the_same_moves(name: str, tmp_path: Path) -> None:
    from notation.rules.cards import FAMILY
    originals = games(name)
    out = tmp_path / "again.txt"
    out.write_text("\n".join(FAMILY.write(g, "transcript") for g in originals), encoding="utf-8")
    again = list(read_games([out]))
    assert len(again) == len(originals)
    for a, b in zip(originals, again):
        assert [m.normalized for m in a.moves] == [m.normalized for m in b.moves]
        assert [(c.claimed, c.actual) for c in a.claims] == [(c.claimed, c.actual) for c in b.claims]
        assert "\n".join(a.comments) == "\n".join(b.comments)   # the book text, kept


def test_every_position_key_of_the_corpus_is_searchable_with_hands_in_any_order() -> None:
    from notation.rules.cards import FAMILY
    keys = [m.position for path in sorted(CORPUS.glob("*")) for g in read_games([path]) for m in g.moves
            if m.position]
    assert len(keys) > 250
    for key in keys:
        form = FAMILY.position_forms(key)["key"]
        assert FAMILY.position_forms(form)["key"] == form      # normalising twice changes nothing
    query = FAMILY.position_query("cribbage|hand.A:jd.5s.5c.5h|starter:5d")
    assert query.form == "key" and query.key == "cribbage|hand.A:5C.JD.5H.5S|starter:5D"
    with pytest.raises(ValueError, match="expected a card position key"):
        FAMILY.position_query("5H 5C")


#: Per source file: records, claims the book states, claims the rules agree with (the figures in docs/cards.md).
FIGURES = {
    "banking_000_foster.txt": (4, 38, 29), "cassino_000_foster.txt": (18, 20, 20),
    "cassino_004_braille.txt": (4, 9, 8), "faro_000_foster.txt": (2, 11, 10),
    "foster_000_vint_calabrasella_conquian.txt": (9, 39, 39), "nap_004_braille.txt": (6, 24, 24),
    "poker_004_braille.txt": (5, 22, 21), "snip_snap_snorum_004_braille.txt": (3, 15, 15),
    "spoil_five_004_braille.txt": (9, 106, 106), "stops_004_braille.txt": (4, 15, 15),
    "piquet_000_rubicon_game.txt": (1, 3, 3), "baccara_000_foster.txt": (1, 1, 1),
    "pope_joan_000_foster.txt": (1, 6, 6),
    "cribbage_000_foster_laying_out_and_play.txt": (3, 20, 20), "cribbage_002_laying_out.txt": (1, 7, 7),
    "commerce_004_braille.txt": (2, 17, 17), "vingt_un_004_braille.txt": (2, 6, 6),
    "piquet_000_precedence.txt": (3, 10, 10), "piquet_000_illustration.txt": (1, 11, 11),
    "imperial_000_foster.txt": (1, 7, 6), "ecarte_002_jeux_de_regle.txt": (1, 1, 1),
    "my_bird_sings_004_braille.txt": (1, 2, 2), "rouge_et_noir_000_foster.txt": (1, 15, 2),
}


@pytest.mark.parametrize("name", sorted(FIGURES))
def test_the_card_games_figures_do_not_drop(name: str) -> None:
    found = games(name)
    claims = [c for g in found for c in g.claims]
    assert (len(found), len(claims), sum(1 for c in claims if c.ok)) == FIGURES[name]
    assert not any(d.code == "internal" for g in found for d in g.diagnostics)
