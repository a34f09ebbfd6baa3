"""The laws of the seed, one test each: what is legal replays clean, what is not says why and what was meant."""

from __future__ import annotations

import pytest

from notation.boards.backgammon import Position, position_id, read_match_id
from notation.model import SourceText
from notation.pipeline import process, split_source
from tests.conftest import replay


def game(body: str, notation: str = "standard", **tags: str):
    head = f'[Game "backgammon"]\n[Notation "{notation}"]\n' + "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    (g,) = replay(head + body)
    return g


def codes(g) -> list[str]:
    return [d.code for d in g.diagnostics]


def position(black: dict[int, int], white: dict[int, int], turn: int = 0) -> str:
    """A position ID with ``turn`` on roll; unlisted men are borne off."""
    p = Position([[0] * 26, [0] * 26], turn)
    for side, men in ((0, black), (1, white)):
        for point, n in men.items():
            p.men[side][point] = n
        p.men[side][0] = 15 - sum(men.values())
    return position_id(p)


def test_a_legal_opening_replays_with_gnubg_ids():
    g = game("Black 31: 8/5 6/5\nWhite 64: 24/18 13/9\n")
    assert g.status == "ok" and codes(g) == []
    pid, mid = g.start.split(":")
    assert pid == "4HPwATDgc/ABMA" and read_match_id(mid).on_roll == 0
    assert g.moves[0].position == f"{g.moves[0].detail.position_id}:{g.moves[0].detail.match_id}"
    assert g.moves[1].detail.steps == [[24, 18, 6, False], [13, 9, 4, False]]


def test_each_die_is_used_once():
    g = game("Black 52: 13/8 13/8\n")
    assert g.status != "ok" and "wrong-dice" in codes(g)


def test_doublets_play_four_times_not_five():
    assert game("Black 44: 24/20(2) 13/9(2)\n").status == "ok"
    assert "wrong-dice" in codes(game("Black 44: 24/20(2) 13/9(3)\n"))


def test_a_point_held_by_two_is_closed():
    g = game("Black 52: 24/19 13/11\n")
    (d,) = [d for d in g.diagnostics if d.code == "blocked-point"]
    assert "point 19 is covered by 5 enemy men" in d.message
    assert d.suggestions and all(s.startswith("52: ") for s in d.suggestions)


def test_a_blot_hit_goes_to_the_bar_and_must_enter_first():
    g = game("Black 64: 24/18 13/9\nWhite 61: 13/7* 8/7\nBlack 31: 8/5 6/5\n")
    assert g.moves[1].detail.hits == [7]
    assert "bar-first" in codes(g)
    assert game("Black 64: 24/18 13/9\nWhite 61: 13/7* 8/7\nBlack 31: bar/22 24/23\n").status == "ok"


def test_a_hit_must_be_on_a_blot():
    g = game("Black 31: 8/5* 6/5\n")
    assert "hit-not-blot" in codes(g) and g.moves[0].normalized == "8/5 6/5"
    assert g.moves[0].status == "repaired"


def test_bearing_off_only_when_all_fifteen_are_home():
    assert "bear-off-early" in codes(game("Black 65: 6/off 13/8\n"))


def test_a_higher_die_takes_off_the_farthest_man_only():
    pid = position({4: 1, 3: 1}, {6: 15})
    assert game("Black 65: 4/off 3/off\n", Position=pid).status == "ok"
    # In either order a man stands above the trey point when the four would throw it off.
    g = game("Black 41: 3/off 5/4\n", Position=position({5: 1, 3: 1}, {6: 15}))
    assert "bear-off-higher" in codes(g)


def test_law_12_both_dice_when_possible():
    g = game("Black 64: 24/18\n")
    (d,) = [d for d in g.diagnostics if d.code == "unused-die"]
    assert "Law 12" in d.message and g.moves[0].status == "error"


def test_law_12_the_larger_die_when_only_one_can_be_played():
    pid = position({14: 1, 1: 14}, {21: 2})
    assert game("Black 64: 14/8\n", Position=pid).status == "ok"
    assert "larger-die" in codes(game("Black 64: 14/10\n", Position=pid))


def test_a_roll_with_no_play_is_legal_only_when_nothing_can_be_played():
    closed = position({25: 1, 24: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 2, 6: 2, 5: 2, 2: 2})
    g = game("Black 52:\n", Position=closed)
    assert g.status == "ok" and g.moves[0].normalized == "cannot move"
    assert "unused-die" in codes(game("Black 52:\n"))


def test_misprinted_point_is_repaired_to_the_clear_nearest_play():
    g = game("Black 52: 13/8 6/3\nWhite 31: 8/5 6/5\n")
    assert g.moves[0].status == "repaired" and g.moves[0].normalized == "13/8 6/4"
    assert g.moves[1].status == "ok"


def test_misprinted_dice_are_repaired_when_the_play_fits_one_other_throw():
    g = game("Black 64: 13/8 6/4\n")
    assert g.moves[0].normalized == "13/8 6/4" and g.moves[0].detail.dice == [5, 2]
    assert g.moves[0].detail.printed_dice == [6, 4]
    assert "52: 13/8 6/4" in g.diagnostics[0].suggestions


def test_a_repair_is_the_near_play_the_game_goes_on_from():
    # 13/9 6/5 is five pips, not the four of a 3-1. Read as 3-1 (13/9, or 13/10 6/5), the board
    # could not bear Black's next play (three men from 5, one from 9); read as a 4-1 it can.
    g = game("Black 31: 8/5 6/5\nWhite 42: 8/4 6/4\nBlack 31: 13/9 6/5\nWhite 21: 13/11 6/5\n"
             "Black 11: 5/4(3) 9/8\n")
    misprint = g.moves[2]
    assert misprint.status == "repaired" and misprint.normalized == "13/9 6/5"
    assert misprint.detail.dice == [4, 1] and misprint.detail.printed_dice == [3, 1]
    assert [m.status for m in g.moves[3:]] == ["ok", "ok"]
    assert "repair-ahead" in codes(g)


def test_gammon_and_backgammon_count_in_the_english_game():
    pid = position({1: 1}, {24: 1, 13: 14}, 0)
    g = game("Black 21: 1/off\nBlack Wins 3 points\n", Position=pid)
    assert g.status == "ok" and g.detail.how == "backgammon" and g.claims[-1].actual == "3"


def test_every_game_is_single_in_the_american_game():
    pid = position({1: 1}, {24: 1, 13: 14}, 0)
    g = game("Black throws deuce-ace: throws off a man from the ace point. Black wins a backgammon.",
             "book", Position=pid, Variant="American")
    assert "result" in codes(g)
    claim = g.claims[-1]
    assert (claim.claimed, claim.actual, claim.ok) == ("backgammon", "single", False)


def test_wins_claims_are_recomputed():
    pid = position({1: 1}, {6: 5, 5: 5}, 0)
    g = game("Black 21: 1/off\nBlack Wins 2 points\n", Position=pid)
    assert "points" in codes(g)
    assert (g.claims[-1].claimed, g.claims[-1].actual) == ("2", "1")


def test_the_cube_in_match_play():
    g = game("Black 31: 8/5 6/5\nWhite Doubles => 2\nBlack Takes\nWhite 64: 24/18 13/9\n"
             "White Doubles => 4\n", MatchLength="5", Score="0-0")
    assert "cube-owner" in codes(g)
    assert g.detail.cube == 2


def test_no_double_in_the_crawford_game():
    g = game("Black 31: 8/5 6/5\nWhite Doubles => 2\n", MatchLength="5", Score="4-2", Crawford="yes")
    assert "crawford-double" in codes(g)


def test_a_drop_ends_the_game_for_the_cube_before_the_double():
    g = game("Black 31: 8/5 6/5\nWhite Doubles => 2\nBlack Drops\nWhite Wins 1 point\n")
    assert g.status == "ok" and g.result == "White wins 1 point"


def test_a_take_must_answer_a_double():
    assert "no-double" in codes(game("Black 31: 8/5 6/5\nWhite Takes\n"))


def test_russian_doublets_play_the_opposite_faces_and_throw_again():
    (g,) = [g for g in replay(open("corpus/backgammon/russian.txt").read()) if "doublets with" in g.title]
    doublet = g.moves[2]
    assert doublet.detail.again is True and doublet.detail.dice_used == 8
    assert g.moves[3].side == "Black"


def test_russian_opposites_are_lost_when_the_upper_faces_cannot_all_be_played():
    # White holds the 7 point (both sides count the same points in Russian backgammon): no five plays.
    pid = position({12: 1, 2: 14}, {7: 2, 1: 13})
    g = game("Black throws double fives: plays a man from 13 to 15.", "book", Position=pid, Variant="Russian")
    assert "opposites-lost" in codes(g)
    g = game("Black throws double fives and cannot play.", "book", Position=pid, Variant="Russian")
    assert g.status == "ok" and g.moves[0].detail.again is False


def test_russian_first_throw_enters_two_men():
    g = game("Black throws five-deuce: enters on the five point, plays a man from 5 to 7.", "book",
             Variant="Russian")
    assert "first-throw" in codes(g)


def test_check_play_agrees_with_gammonview_on_the_bench_plays():
    legality = pytest.importorskip("gvformat.legality")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from backgammon_bench import cases, gammonview_inputs, ours

    plays = cases(4, 7)
    assert len(plays) > 300
    assert [ours(c) for c in plays] == [legality.is_play_legal(*gammonview_inputs(c)) for c in plays]


def test_a_book_table_of_opening_throws_replays_each_from_the_opening_position():
    # split as a file is (the family's splitter), not by tag lines alone
    games = [process(r) for r in split_source(SourceText("t.txt", "OPENING MOVES.\n\nWith 3-1 the best play is to make your five point: 8/5, 6/5.\n"
                   "Double sixes: 24/18(2), 13/7(2).\nWith 3-1: 8/5, 6/2.\nWith 4-1: 8/5, 6/5.\n"
                   "With 5-4: 13/8 13/9 and 24/20 too.\nWith 6-1, make your bar point: 13/7, 8/7.\n"))]
    assert [g.status for g in games] == ["ok", "ok", "repaired", "repaired", "unparsed", "ok"]
    assert [g.moves[0].normalized for g in games if g.moves][:2] == ["8/5 6/5", "24/18(2) 13/7(2)"]
    assert games[0].moves[0].comment == "the best play is to make your five point"
    # 6/2 takes a four, not the ace: said, with the nearest legal plays of the throw printed
    bad = games[2].diagnostics[0]
    assert (bad.severity, bad.code, bad.line, bad.column) == ("error", "wrong-dice", 5, 1)
    assert "31: 8/5 6/5" in bad.suggestions
    assert games[3].diagnostics[0].code == "wrong-dice" and "31: 8/5 6/5" in games[3].diagnostics[0].suggestions
    # a line the grammar stops in is an error at its line and column; the lines after it still read
    assert [(d.line, d.column) for d in games[4].diagnostics] == [(7, 25)]
    assert games[5].moves[0].normalized == "13/7 8/7" and games[5].record.tag("Title") == "OPENING MOVES: 6-1"


# -- a play told by what it does (a teaching book's words) -------------------------

BOOK_GAME = """A GAME.

White throws 6-5, and runs a back man to Black's twelve point.
Black throws 6-1, and makes his bar point.
White throws 3-1, and makes his five point.
Black throws 4-2 and makes his four point.
White throws six-deuce: plays a man from 12 to 18, and a man from 12 to 14.
Black throws 5-2 and hits the blot.
White throws 3-1 and enters on the trey point, and a man from 14 to 15.
Black throws double fives: plays two men from 12 to 22, taking up the blot.
"""


def test_a_book_game_told_by_its_effects_replays_under_its_heading():
    (g,) = [process(r) for r in split_source(SourceText("t.txt", BOOK_GAME))]
    assert g.status == "ok" and g.title == "A GAME"
    assert [m.normalized for m in g.moves] == ["24/13", "13/7 8/7", "8/5 6/5", "8/4 6/4", "13/11 13/7", "8/1*",
                                               "bar/22 11/10", "13/3*(2)"]
    assert g.moves[0].printed == "White throws 6-5, and runs a back man to Black's twelve point."
    # 5-2 hits in six ways: said, each named, the first the laws give read
    (warn,) = [d for d in g.diagnostics if d.severity != "info"]
    assert (warn.code, warn.line, warn.column) == ("effect-ambiguous", 8, 1)
    assert len(warn.suggestions) == 6 and "52: 24/22 6/1*" in warn.suggestions


def test_a_play_told_by_its_effect_may_be_chosen_by_the_throws_after_it():
    # 6-5 runs a back man out in four ways, 24/13 the first the laws give; the last sentence plays on from 18
    g = game("White throws 6-5, and runs one of his back men out.\n"
             "Black throws 3-1, and makes his five point.\n"
             "White throws 4-3: plays a man from 7 to 14.", "book")
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["24/18 13/8", "8/5 6/5", "18/11"]
    (warn,) = [d for d in g.diagnostics if d.code == "effect-ambiguous"]
    assert "after it the most of the next throws read" in warn.message and "65: 24/13" in warn.suggestions


def test_a_run_told_by_its_destination_and_an_entry_that_hits_replay():
    g = game("White throws 6-5, and runs one of his back men out to Black's twelve point.", "book")
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["24/13"]  # the lover's leap, no other
    g = game("Black throws 2-1: plays a man from 12 to 14, and a man from 19 to 20.\n"
             "White throws 6-4: plays a man from 1 to 5, and a man from 12 to 18.\n"
             "Black throws 5-3, and enters a man on White's three point, and hits the blot.", "book")
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["13/11 6/5", "24/20* 13/7", "bar/22 6/1*"]


def test_an_alternative_play_of_a_throw_is_a_variation_checked_from_the_position_before_it():
    text = "Opening Moves\n\nWith 6-4 run a back man, 24/14, or\nsplit, 24/18 13/9.\nWith 6-4, 24/14, or 24/18 13/8.\n"
    good, bad = [process(r) for r in split_source(SourceText("t.txt", text))]
    assert good.status == "ok" and [m.normalized for m in good.moves] == ["24/14"]
    ((other,),) = [v.moves for v in good.variations]
    assert other.normalized == "24/18 13/9" and other.comment == "split" and good.variations[0].branch_ply == 1
    # the other play wrong for the dice: said at it, in its variation, with the legal plays nearest it
    assert bad.moves[0].normalized == "24/14" and bad.moves[0].status == "ok"
    (err,) = [d for d in bad.diagnostics if d.severity == "error"]
    assert (err.code, err.line, err.column, err.variation) == ("wrong-dice", 5, 21, 1)
    assert "64: 24/18 13/9" in err.suggestions


def test_an_unknown_variant_is_a_warning_and_the_game_replays_as_english():
    # said before any play is replayed: its diagnostic is the main line's (no variation)
    g = game("1. Black 31: 8/5 6/5", Variant="Game 2Russian")
    assert [(d.code, d.severity, d.variation) for d in g.diagnostics] == [("variant", "warning", None)]
    assert g.moves[0].normalized == "8/5 6/5"


def test_men_borne_off_told_by_their_number():
    # two men off with 5-3 from the five and trey points, one from the six: two, with the men printed none
    pid = position({6: 1, 5: 1, 3: 1}, {24: 2})
    g = game("Black throws 5-3 and bears off two men.", "book", Position=pid)
    assert g.status == "ok" and g.moves[0].normalized == "5/off 3/off"


def test_a_play_its_effect_names_that_no_legal_play_does_is_an_error_with_the_legal_plays():
    # White's bar point blocks both sixes of a back man: 6-5 cannot run one
    g = game("White throws 6-1, and makes his bar point.\nBlack throws 6-5, and runs one of his back men out.", "book")
    bad = [d for d in g.diagnostics if d.code == "effect-impossible"]
    assert len(bad) == 1 and (bad[0].line, bad[0].column) == (4, 1) and "65: 13/2" in bad[0].suggestions
    assert g.moves[0].normalized == "13/7 8/7" and g.moves[1].status == "error"
