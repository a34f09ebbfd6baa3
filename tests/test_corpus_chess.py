"""The chess corpus as a regression suite: every record's status, and each misprint's diagnostic.

corpus/chess/MISPRINTS.md explains each entry below from the book's text.
"""

from pathlib import Path

import pytest

from notation.pipeline import read_games

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "chess"

#: Title -> (status, [(ply, code, first suggestion or None)]) for every record that is not clean.
EXPECTED = {
    "Simple little game (2)": ("repaired", [(16, "illegal-move", "B-Kt5 mate")]),
    "Petroff’s Counter Attack": ("repaired", [(7, "illegal-move", "Kt-KB3")]),
    "Pawn and Move (example 4)": ("repaired", [(8, "illegal-move", "K-B2")]),
    # Both misprints MISPRINTS.md names (B-B2, P-Q2), each two readings one letter off that the rest of the game
    # does not tell apart; until stop 60 the line stopped at the first, the second unseen (the game read on now).
    "Odds of King’s Knight (example 2)": ("error", [(3, "illegal-move", "B-B4"), (5, "illegal-move", "P-Q3")]),
    "K, B and Kt against K": ("error", [(15, "illegal-move", "B-Kt6 ch"), (21, "illegal-move", "Kt-Kt8"),
                                        (23, "illegal-move", "K-Q6")]),
}


@pytest.fixture(scope="module")
def games():
    return list(read_games([CORPUS]))


def test_the_corpus_is_all_there(games):
    assert len(games) >= 78
    assert all(g.family == "chess" for g in games)


def test_no_record_is_lost_or_crashes(games):
    for g in games:
        assert g.status != "unparsed", (g.title, [d.message for d in g.diagnostics])
        assert not any(d.code == "internal" for d in g.diagnostics)


def test_every_record_has_its_source(games):
    assert all(g.source and g.source.startswith("Foster") for g in games)


#: Records of what the book claims about a position or a table, with no moves printed
#: (tests/test_book_numbers_outside_cards.py checks them).
CLAIMS_ONLY = ("Pawn endings:", "Openings results:")


def test_clean_records_replay_as_printed(games):
    for g in games:
        if g.title not in EXPECTED and not g.title.startswith(CLAIMS_ONLY):
            assert g.status == "ok", (g.title, [d.format(g.record.path) for d in g.diagnostics])
            assert g.moves and all(m.status == "ok" for m in g.moves)


@pytest.mark.parametrize("title", sorted(EXPECTED))
def test_misprints_are_pinned(games, title):
    (g,) = [g for g in games if g.title == title]
    status, errors = EXPECTED[title]
    assert g.status == status
    found = sorted((d.ply, d.code, d.suggestions[0] if d.suggestions else None)
                   for d in g.diagnostics if d.severity == "error")
    assert found == sorted(errors)


def test_repaired_moves_keep_the_printed_text(games):
    (g,) = [g for g in games if g.title == "Petroff’s Counter Attack"]
    move = g.moves[6]
    assert (move.printed, move.normalized, move.status) == ("K-KB3", "Nf3", "repaired")


def test_german_examples_read_as_german(games):
    german = [g for g in games if g.notation == "german"]
    assert german and all(g.status == "ok" for g in german)


def test_diagram_11_flattened_side_by_side_reads_as_the_book_means(games):
    """Two layouts printed side by side, flattened: 1. Qc6+ Qb7 2. Qe8+ Qb8, and 1. Qc6+ Qb7 again."""
    (g,) = [g for g in games if g.title == "Perpetual check (Diagram No. 11)"]
    assert g.status == "ok"
    assert [m.normalized for m in g.moves] == ["Qc6+", "Qb7", "Qe8+", "Qb8"]
    # (The second layout's "1. Q-B 6, ch  Q-Kt 2" is the game's first two moves again: no variation of nothing, its
    # words kept where it ends, said in an info.)
    assert not g.variations and g.moves[1].comment == "1. Q-B 6, ch Q-Kt 2"
    assert [(d.code, d.ply) for d in g.diagnostics if d.severity == "info"] == [("repeated-line", 2)]
    assert [d.code for d in g.diagnostics if d.severity != "info"] == ["reread"]
