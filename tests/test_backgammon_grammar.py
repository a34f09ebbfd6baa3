"""Backgammon grammars: each feature of standard notation, match files and the book's words."""

from __future__ import annotations

import pytest

from notation.model import Record, SourceText
from notation.parse import ParseError
from notation.parse.backgammon_book import NOTATION as BOOK
from notation.parse.backgammon_mat import NOTATION as MAT
from notation.parse.backgammon_standard import NOTATION as STANDARD
from notation.pipeline import split_source


def record(body: str, path: str = "t.txt") -> Record:
    return Record(SourceText(path, body), 0, {}, body, body, 0, 0)


def actions(notation, body: str):
    return [m.fields for m in notation.parse(record(body)).line.moves]


def paths(action):
    return [(s.path, s.hits, s.count) for s in action.segments]


# -- standard notation ----------------------------------------------------------


def test_plain_play_and_dice():
    (a,) = actions(STANDARD, "64: 24/18 13/9")
    assert a.kind == "roll" and a.dice == (6, 4)
    assert paths(a) == [((24, 18), (False,), 1), ((13, 9), (False,), 1)]


def test_hits_bar_and_bearing_off_in_both_spellings():
    (a,) = actions(STANDARD, "52: bar/23* 25/20 6/off 6/0")
    assert paths(a) == [((25, 23), (True,), 1), ((25, 20), (False,), 1),
                        ((6, 0), (False,), 1), ((6, 0), (False,), 1)]


def test_repeats_and_chained_moves():
    (a,) = actions(STANDARD, "66: 8/2(2) 13/7*/1")
    assert paths(a) == [((8, 2), (False,), 2), ((13, 7, 1), (True, False), 1)]


def test_roll_without_play_is_an_empty_play():
    (a,) = actions(STANDARD, "62:")
    assert a.kind == "roll" and a.segments == []


def test_numbers_sides_cube_actions_and_comments():
    parsed = STANDARD.parse(record("1. Black 31: 8/5 6/5 {the five point} White Doubles => 2 "
                                   "Black Takes 2. White Drops Black Wins 2 points"))
    kinds = [(m.fields.kind, m.fields.side, m.number) for m in parsed.line.moves]
    assert kinds == [("roll", 0, 1), ("double", 1, 1), ("take", 0, 1), ("drop", 1, 2), ("win", 0, 2)]
    assert parsed.line.moves[0].comment == "the five point"
    assert parsed.line.moves[-1].fields.value == 2


def test_standard_syntax_error_names_line_and_column():
    with pytest.raises(ParseError) as err:
        STANDARD.parse(record("64: 24/18\n52: 13/8 6/"))
    assert (err.value.line, err.value.column) == (2, 11)  # after the slash, where a point was expected


# -- a book's table of the opening throws -------------------------------------------

OPENING_TABLE = """OPENING MOVES.

With 3-1 the best play is to make your five point: 8/5, 6/5.
With 6-1, make your bar point: 13/7, 8/7.
With 4-2, make your four point: 8/4, 6/4.
With 5-3, make your three point: 8/3, 6/3.
"""


@pytest.mark.parametrize(("body", "dice", "moves", "comment"), [
    ("With 3-1 the best play is to make your five point: 8/5, 6/5.", (3, 1), [(8, 5), (6, 5)],
     "the best play is to make your five point"),
    ("With 6-1, make your bar point: 13/7, 8/7.", (6, 1), [(13, 7), (8, 7)], "make your bar point"),
    ("3-1: 8/5 6/5", (3, 1), [(8, 5), (6, 5)], None),
    ("3-1.--8/5, 6/5.", (3, 1), [(8, 5), (6, 5)], None),
    ("Three-one (3-1): make the 5-point, 8/5 6/5.", (3, 1), [(8, 5), (6, 5)], "make the 5-point"),
    ("Four-deuce: 8/4 6/4", (4, 2), [(8, 4), (6, 4)], None),
    ('6-5: 24/13 (the "lover\'s leap").', (6, 5), [(24, 13)], 'the "lover\'s leap"'),
    ("Double sixes: 24/18(2), 13/7(2).", (6, 6), [(24, 18), (13, 7)], None),
    ("6-6: 24/18 24/18 13/7 13/7", (6, 6), [(24, 18), (24, 18), (13, 7), (13, 7)], None),
    ("2-1: 13/11, 6/5 (slotting).", (2, 1), [(13, 11), (6, 5)], "slotting"),
    ("5-2: 13/8, 13/11, bringing\nbuilders down.", (5, 2), [(13, 8), (13, 11)], "bringing builders down"),
    ("With 3-1 the best play is to make your five\npoint: 8/5, 6/5.", (3, 1), [(8, 5), (6, 5)],
     "the best play is to make your five point"),
])
def test_a_book_table_prints_the_throw_and_words_around_the_play(body, dice, moves, comment):
    (move,) = STANDARD.parse(record(body)).line.moves
    assert move.fields.dice == dice and [s.path for s in move.fields.segments] == moves
    assert move.comment == comment


def test_words_after_a_play_still_stop_at_a_second_play():
    with pytest.raises(ParseError) as err:
        STANDARD.parse(record("With 6-4 run a back man, 24/14, and\nsplit, 24/18 13/9."))
    assert (err.value.line, err.value.column) == (2, 8)  # the other play is not swallowed by the words


@pytest.mark.parametrize("body", ["With 6-4 run a back man, 24/14, or\nsplit, 24/18 13/9.",
                                  "6-4: 24/14 (run a back man) or split 24/18 13/9"])
def test_an_alternative_play_of_the_throw_after_or_is_a_variation(body):
    # "or" and a second play: the author's other play of the same throw, its words its comment
    (move,) = STANDARD.parse(record(body)).line.moves
    assert move.fields.dice == (6, 4) and [s.path for s in move.fields.segments] == [(24, 14)]
    assert move.comment == "run a back man" and " or" not in move.text  # its own play and words only
    ((other,),) = [v.moves for v in move.variations]
    assert other.fields.dice == (6, 4) and [s.path for s in other.fields.segments] == [(24, 18), (13, 9)]
    assert other.comment == "split" and other.text.startswith("split")


def test_a_table_of_opening_throws_is_a_record_a_throw_named_by_the_heading():
    records = split_source(SourceText("openings.txt", OPENING_TABLE))
    assert [r.tag("Title") for r in records] == ["OPENING MOVES: 3-1", "OPENING MOVES: 6-1",
                                                 "OPENING MOVES: 4-2", "OPENING MOVES: 5-3"]
    assert all(r.tag("Game") == "backgammon" and r.tag("Notation") == "standard" for r in records)
    assert records[1].body.startswith("With 6-1, make your bar point")


def test_a_game_in_standard_notation_is_not_a_table_of_openings():
    # A game's throws ("31:") follow one another from one position: one record, not one a throw.
    assert len(split_source(SourceText("g.txt", "31: 8/5 6/5\n64: 24/18 13/9\n"))) == 1


# -- match files ------------------------------------------------------------------

MATCH = """; [Site "Kitchen table"]
; [EventDate "2026.11.29"]

 3 point match

 Game 1
 Alice : 0                       Bob : 0
  1)                             41: 13/9 24/23
  2) 31: 6/5 8/5                 41: 6/5 9/5
  3) 52: 13/8 6/4                 Doubles => 2
  4)  Drops                      Wins 1 point

 Game 2
 Alice : 0                       Bob : 1
  1) 64: 24/18 13/9              62: 25/23 23/17
  2)  Doubles => 2                Takes
                                  Wins 2 points
"""


def test_match_file_splits_into_games_with_the_match_tags():
    games = split_source(SourceText("m.mat", MATCH))
    assert [g.tags["GameNumber"] for g in games] == ["1", "2"]
    assert games[0].tags["Site"] == "Kitchen table" and games[0].tags["EventDate"] == "2026.11.29"
    assert games[1].tags["Score"] == "0-1" and games[1].tags["ScoreFromWins"] == "0-1"
    assert games[0].tags["MatchKey"] == games[1].tags["MatchKey"]
    assert games[1].line == 13


def test_header_tags_may_have_spaces_and_free_comments_are_kept():
    text = '; [Player 1 "Anna Smith"]\n; a note\n\n 1 point match\n\n Game 1\n Anna Smith : 0      Ben : 0\n' \
           '  1)                      41: 13/9 24/23\n                            Wins 1 point and the match\n'
    (game,) = split_source(SourceText("m.mat", text))
    assert game.tags["Player1"] == "Anna Smith" and game.tags["Comment"] == "a note"
    assert "Crawford" not in game.tags  # no Crawford game at 0-0 of a one-point match
    assert MAT.parse(game).line.moves[-1].fields.value == 1


def test_columns_say_who_acts():
    game = split_source(SourceText("m.mat", MATCH))[0]
    moves = MAT.parse(game).line.moves
    assert [(m.fields.kind, m.fields.side) for m in moves] == [
        ("roll", 1), ("roll", 0), ("roll", 1), ("roll", 0), ("double", 1), ("drop", 0), ("win", 1)]
    assert game.position(moves[0].start) == (8, 34)


def test_a_win_line_alone_reads_by_its_column():
    game = split_source(SourceText("m.mat", MATCH))[1]
    last = MAT.parse(game).line.moves[-1]
    assert (last.fields.kind, last.fields.side, last.fields.value) == ("win", 1, 2)


def test_an_unreadable_line_is_reported_and_the_game_kept_up_to_it():
    broken = MATCH.replace("41: 6/5 9/5", "41: 6/5 9/5 ???")
    games = split_source(SourceText("m.mat", broken))
    assert len(games) == 2
    # The other game keeps the match's facts.
    assert games[1].tags["MatchLength"] == games[0].tags["MatchLength"] != "0"
    parsed = MAT.parse(games[0])
    (diag,) = [d for d in parsed.diagnostics if d.code == "syntax"]
    assert diag.line == 9 and "unchecked" in diag.message
    assert parsed.line.moves and all(broken.index(m.text) < broken.index("???") for m in parsed.line.moves)


def test_an_unreadable_score_line_is_a_parse_error():
    broken = MATCH.replace(" : 0", " = 0", 1)
    with pytest.raises(ParseError):
        MAT.parse(split_source(SourceText("m.mat", broken))[0])


# -- the book's words ---------------------------------------------------------------


def test_book_throws_are_words():
    acts = actions(BOOK, "Black throws five-deuce: plays a man from 12 to 17, plays a man from 1 to 3. "
                         "White throws double fours: plays two men from 1 to 5.")
    assert [a.dice for a in acts] == [(5, 2), (4, 4)]


def test_book_points_count_from_the_mover_side():
    (a,) = actions(BOOK, "Black throws five-deuce: plays a man from 12 to 17, plays a man from 1 to 3.")
    assert paths(a) == [((13, 8), (False,), 1), ((24, 22), (False,), 1)]


def test_book_enters_on_named_points_of_the_adversary_table():
    (a,) = actions(BOOK, "Black throws five-deuce: enters on the deuce point, plays a man five points from 12.")
    assert paths(a) == [((25, 23), (False,), 1), ((13, 8), (False,), 1)]


def test_book_owner_names_and_bar_point():
    (a,) = actions(BOOK, "White throws six-four: plays a man six points from White’s bar point, "
                         "and takes up the blot; plays a man from the adversary's bar point to 11.")
    assert paths(a) == [((7, 1), (True,), 1), ((18, 14), (False,), 1)]


def test_book_taken_up_entered_thrown_off():
    (a,) = actions(BOOK, "Black throws three-ace: a man entered on the ace point, the blot is taken up, "
                         "two men thrown off from his trey point.")
    assert paths(a) == [((25, 24), (True,), 1), ((3, 0), (False,), 2)]


def test_book_cannot_enter_is_an_empty_play():
    (a,) = actions(BOOK, "White throws three-ace and cannot enter.")
    assert a.kind == "roll" and a.segments == []


def test_book_cube_and_outcome_sentences():
    acts = actions(BOOK, "White doubles. Black takes. Black refuses. Black wins a gammon. White wins 4 points. "
                         "White resigns.")
    assert [(a.kind, a.side, a.what, a.value) for a in acts] == [
        ("double", 1, None, None), ("take", 0, None, None), ("drop", 0, None, None),
        ("win", 0, "gammon", None), ("win", 1, None, 4), ("resign", 1, None, None)]


def test_book_second_play_may_leave_its_verb_out():
    (a,) = actions(BOOK, "White throws six-deuce: plays a man from 12 to 18, and a man from 12 to 14.")
    assert paths(a) == [((13, 7), (False,), 1), ((13, 11), (False,), 1)]


@pytest.mark.parametrize("body, effects", [
    ("White throws 6-1, and makes his bar point.", (("make", 7),)),
    ("Black throws 3-1, and makes his five point.", (("make", 5),)),
    ("Black throws 4-2 and makes his four point.", (("make", 4),)),
    ("White throws 6-5, and runs one of his back men out.", (("run", None),)),
    ("White throws 6-5, and runs a back man to Black's twelve point.", (("run", 13),)),
    ("White throws 6-5, and runs one of his back men out to Black's twelve point.", (("run", 13),)),
    ("White throws 6-5, and runs a back man round to his adversary's bar point.", (("run", 18),)),
    ("White throws 6-5, and runs a back man up to the mid point.", (("run", 13),)),
    ("Black throws 6-5, and runs a back man home to White's mid point.", (("run", 12),)),
    ("Black throws 6-4, and runs a back man down to his own five point.", (("run", 5),)),
    ("Black throws 5-3 and bears off two men.", (("off", 2),)),
    ("Black throws 5-2 and hits the blot.", (("hit",),)),
])
def test_book_play_told_by_what_it_does(body, effects):
    # no men named: the words' effect, in the mover's numbering, for the replay to find the play that does it
    (a,) = actions(BOOK, body)
    assert a.segments == [] and a.effects == effects


def test_book_hit_after_men_that_leave_a_die_is_an_effect():
    # "enters ..., and hits the blot": the 3 enters, the 5 is the reader's: either may hit
    (a,) = actions(BOOK, "Black throws 5-3, and enters a man on White's three point, and hits the blot.")
    assert paths(a) == [((25, 22), (False,), 1)] and a.effects == (("hit",),)
    # the men printed use the whole throw: the hit is theirs
    (a,) = actions(BOOK, "Black throws 5-3, and enters a man on White's three point, and a man from 12 to 17, "
                         "hitting the blot.")
    assert paths(a) == [((25, 22), (False,), 1), ((13, 8), (True,), 1)] and a.effects == ()


def test_book_effect_beside_the_men_printed():
    (a,) = actions(BOOK, "Black throws 3-1 and enters on the trey point, and makes his five point.")
    assert paths(a) == [((25, 22), (False,), 1)] and a.effects == (("make", 5),)


def test_book_game_under_a_heading_is_one_record_titled_by_it():
    (r,) = split_source(SourceText("g.txt", "A GAME.\n\nWhite throws 6-1, and makes his bar point.\n"
                                           "Black throws 3-1, and makes his five point.\n"))
    assert r.tag("Title") == "A GAME" and r.tag("Game") == "backgammon"
    assert r.body.startswith("White throws 6-1")


def test_prose_above_a_book_game_is_no_heading():
    text = "\n".join(["A page of prose about the game, long enough to be no heading over it, as a book's "
                     "chapter opens."] * 4) + "\n\nWhite throws 6-1, and makes his bar point.\n"
    (r,) = split_source(SourceText("g.txt", text))
    assert r.tag("Title") is None


def test_book_syntax_error_says_what_was_expected():
    with pytest.raises(ParseError) as err:
        BOOK.parse(record("Black throws five-deuce: flies a man home."))
    assert err.value.column == 26 and "expected" in err.value.reason
