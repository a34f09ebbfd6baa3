"""The checkers corpus (Foster's Complete Hoyle) as a regression suite: every record, every misprint pinned."""

from pathlib import Path

import pytest

from notation.boards.checkers import INITIAL_FEN, Board
from notation.pipeline import read_games, read_records
from notation.rules.checkers import infer_setup
from notation.rules.checkers.notations.book import NOTATION as BOOK

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "checkers"


@pytest.fixture(scope="module")
def games():
    return {g.title: g for g in read_games([CORPUS])}


def test_every_record_is_read(games):
    assert len(games) == 50
    assert all(g.family == "checkers" and g.notation == "book" for g in games.values())
    statuses = {title: g.status for title, g in games.items() if g.status != "ok"}
    # The one misprint of the section: see test_first_position_misprint.
    assert statuses == {"First Position": "repaired"}


def test_openings_table_one_record_per_column(games):
    openings = [g for g in games.values() if "Openings" in (g.source or "")]
    assert len(openings) == 28
    assert all(g.start == INITIAL_FEN for g in openings)
    alma = games["Alma"]
    assert alma.record.body.strip() == "11-15\n23 19\n8-11\n22 17\n3- 8"
    assert [m.normalized for m in alma.moves] == ["11-15", "23-19", "8-11", "22-17", "3-8"]
    assert [m.normalized for m in games["Denny"].moves] == ["10-14"]
    assert [m.normalized for m in games["Irregular Opening 3"].moves] == ["10-15", "22-18", "15x22", "25x18"]


def test_illustrative_games_keep_their_asterisks_and_results(games):
    expected = {1: ("B wins", 23, 12), 2: ("B wins", 23, 6), 3: ("B wins", 15, 8), 4: ("W wins", 12, 7),
                5: ("W wins", 16, 11), 6: ("W wins", 14, 7)}
    for n, (result, plies, losing_ply) in expected.items():
        g = games[f"Illustrative Game No. {n}"]
        assert g.status == "ok" and len(g.moves) == plies
        assert [m.ply for m in g.moves if m.detail.losing] == [losing_ply]
        (claim,) = g.claims
        assert claim.claimed == result
    # Game 7 ends with Black blocked (Diagram No. 2): the rules confirm the claim.
    seven = games["Illustrative Game No. 7"]
    (claim,) = seven.claims
    assert claim.ok and claim.actual == "W wins" and seven.result == "0-1"
    assert Board.from_fen(seven.moves[-1].position).is_game_over()
    # Game 4: "25 4" is a triple jump printed by its end squares.
    four = games["Illustrative Game No. 4"]
    assert four.moves[11].printed == "25 4" and four.moves[11].normalized == "25x18x11x4"


def test_first_position_misprint(games):
    g = games["First Position"]
    assert g.detail.setup_inferred and g.start == "B:W30,K8:B22,27"
    (error,) = [d for d in g.diagnostics if d.severity == "error"]
    assert error.code == "illegal-move" and error.ply == 27
    assert "'14-13'" in error.message and "read as 14-10" in error.message
    assert set(error.suggestions) == {"14-10", "14-17", "14-18"}
    assert (error.line, error.column) == (5, 139)
    assert g.moves[26].printed == "14-13" and g.moves[26].normalized == "14-10"
    assert g.moves[26].status == "repaired"
    assert all(m.status == "ok" for m in g.moves if m.ply != 27)
    assert [(v.label, len(v.moves)) for v in g.variations] == [("A", 43), ("B", 8)]


def test_positions_without_diagrams_get_inferred_setups(games):
    inferred = {t: g.detail.setup for t, g in games.items() if g.detail.setup_inferred}
    assert inferred == {
        "First Position": "B:W30,K8:B22,27",
        "Third Position, White to move": "W:W18,K14,K23:B24,K6",
        "Third Position, Black to move": "B:WK14,K18,K23:B24,K6",
        "Fourth Position, Black to play": "B:W30,K31,K32:BK22,K23,K28",
        "Fourth Position, White to play": "W:WK31,K32:BK22,K23,K28",
        "Traps: Diagram No. 6": "W:W19:B",
        "Traps: Diagram No. 7": "W:W30:B",
        "Theory of the Move: Diagram No. 10": "B:W:B10",
        "Devil among the Tailors: Diagram No. 13, the losing move": "W:W24:B",
        "Devil among the Tailors: Diagram No. 13, the proper play": "W:W22:B",
    }


def test_inferred_setup_agrees_with_the_literature_on_the_squares_the_moves_touch():
    """The Second Position is given in checker literature; the inference must agree with it wherever the moves look."""
    checked = 0
    for record in read_records(str(CORPUS / "end_game_positions.txt")):
        fen = record.tag("FEN")
        if not fen:
            continue
        parsed = BOOK.parse(record)
        known = Board.from_fen(fen)
        inferred, touched = infer_setup(parsed.line, known.turn)
        assert touched
        for square in touched:
            assert inferred.piece_at(square) == known.piece_at(square), (record.tag("Title"), square)
        checked += 1
    assert checked == 1


def test_third_position_variations(games):
    g = games["Third Position, Black to move"]
    assert g.start.startswith("B:") and g.moves[0].side == "black"
    assert [(v.label, v.branch_ply) for v in g.variations] == [("C", 3), ("D", 9)]
    assert [c.claimed for c in g.claims] == ["W wins", "W wins", "W wins"]


def test_two_move_restriction_slips(games):
    slips = [g for t, g in games.items() if t.startswith("Two Move Restriction")]
    assert [[m.normalized for m in g.moves] for g in slips] == [["10-14", "22-17"], ["10-14", "24-19"],
                                                                 ["11-15", "22-18"]]


def test_every_position_has_a_picture(games):
    from notation.rules.checkers import picture

    for g in games.values():
        for m in g.moves:
            assert picture(m.position).startswith("<svg")


def test_a_result_the_rules_cannot_settle_is_an_open_claim_not_a_wrong_one():
    open_claims = [c for g in read_games([Path(__file__).resolve().parent.parent / "corpus" / "checkers"])
                   for c in g.claims if not c.decided]
    assert open_claims and all(c.ok is None and c.actual.startswith("undecided") for c in open_claims)
