"""Checkers through the decoder (notation/rules/checkers/decode.py, notation/decode/prose.py).

An OCR-damaged score that no grammar reads, openings named in prose read as
lines from the start, a note's alternatives hung at the ply of the move they
replace, and prose whose move words are no legal moves kept an error.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notation.boards.checkers import BLACK, WHITE, Board
from notation.decode.prose import START, read_lines
from notation.details.checkers import CheckersGameDetail
from notation.model import SourceText
from notation.pipeline import process, read_games, split_source
from notation.rules.checkers import FAMILY
from notation.rules.checkers.decode import At, CheckersRules, compact, position_in_prose, words_of
from tests.conftest import replay


@pytest.mark.parametrize("printed, form", [
    ("11-15", "11-15"), ("11-15,", "11-15"), ("(9-14", "9-14"), ("3- 8", "3-8"), ("23 19", "23-19"),
    ("11.15", "11-15"), ("11x18", "11x18"), ("10x19x26.", "10x19x26"), ("6-2K", "6-2"), ("22–17", "22-17"),
    ("l1-I5", "l1-i5"), ("1851", ""), ("is", ""), ("24, 16", ""), ("11 to 15,", "11-15"), ("9\nto 14", "9-14"),
    ("26*22", "26-22"), ("5* 9", "5-9"),  # the star of the losing move between its squares
    ("17-13(a)", "17-13"), ("17-13(A)", "17-13"), ("17-13.(a)", "17-13"), ("17-13,(a)", "17-13"),  # a note's letter
    ("22x15(b),", "22x15"), ("17-13a", "17-13"), ("17-13a,", "17-13"),
])
def test_printed_words_compact_to_one_form(printed, form):
    assert compact(printed) == form


def test_a_white_move_printed_with_a_space_is_one_word():
    assert [w.text for w in words_of("11-15 23 19 8-11 22  17, 1600 B.C.")] == [
        "11-15", "23 19", "8-11", "22  17,", "1600", "B.C."]


def test_a_move_whose_second_square_is_set_apart_is_one_word():
    # The columns of The Boy's Own Book line up their figures: "6- 9", and the losing move starred "5* 9".
    assert [w.text for w in words_of(" 6- 9 | 13  6 |  5* 9 | 26*22 | 1- 16")] == [
        "6- 9", "|", "13  6", "|", "5* 9", "|", "26*22", "|", "1-", "16"]


# The Boy's Own Book of Indoor Games (1890), "Draughts": a table ruled with bars, its rows numbered by the
# ply they print; the game in the first column, each other column a variation from the row it begins at
# ("26*22" in place of the game's 26-23 at ply 12, starred as the losing move), results in boxes.
NUMBERED_TABLE = """\
  11 to 15  --1--  23 to 19
   8 to 11  --2--  22 to 17
   4 to  8  --3--  17 to 13
  15 to 18  --4--  24 to 20
  11 to 15  --5--  28 to 24
   8 to 11  --6--  26 to 23

The first double column gives the moves from this position.

  ----+-------+-------+
   12 |       | 26*22 |
   13 |  9-14 |  9-14 |
   14 | 31 26 | 31-26 |
   15 |  6- 9 |  5- 9 |
   16 | 13  6 | 26 23 |
      +-------+-------+
      | draw. | white |
      |       | wins. |
  ----+-------+-------+
"""


def test_a_table_with_numbered_rows_is_read_down_its_columns_each_move_at_its_row():
    plies: dict[int, int] = {}
    words = [w for w in words_of(NUMBERED_TABLE, plies) if w.text[0].isdigit()][12:]
    assert [(w.text, plies[id(w)]) for w in words] == [
        ("9-14", 13), ("31 26", 14), ("6- 9", 15), ("13  6", 16),
        ("26*22", 12), ("9-14", 13), ("31-26", 14), ("5- 9", 15), ("26 23", 16)]
    (game,) = replay('[Game "checkers"]\n\n' + NUMBERED_TABLE)
    assert game.family == "checkers" and game.status == "ok", game.diagnostics
    assert [m.printed for m in game.moves][11:] == ["26 to 23", "9-14", "31 26", "6- 9", "13  6"]
    # The second column branches at its first row (ply 12), not where its first move is legal last.
    (variation,) = game.variations
    assert variation.branch_ply == 12 and [m.printed for m in variation.moves] == [
        "26*22", "9-14", "31-26", "5- 9", "26 23"]
    # The result boxed under each column ends its line: the game's "draw.", the variation's "white wins."
    assert game.result == "1/2-1/2"
    assert sorted((c.ply, c.claimed) for c in game.claims) == [(16, "Drawn"), (16, "W wins")]


def test_a_column_set_higher_than_its_plies_branches_where_its_rows_read_on():
    # The Boy's Own Book's Single Corner: its fourth game is printed from row 7, but "24 19" there is no
    # move the rows below follow (16-20: no man on 16 yet); they read on from ply 10, in place of 24-20.
    table = ("  ----+-------+-------+\n"
             + "".join(f"  {r:3} | {a:5} | {b:5} |\n" for r, a, b in [
                 (1, "11-15", ""), (2, "22 18", ""), (3, "15-22", ""), (4, "25 18", ""), (5, " 8-11", ""),
                 (6, "29 25", ""), (7, " 4- 8", "24 19"), (8, "25 22", "16-20"), (9, "12-16", "28*24"),
                 (10, "24 20", " 8-12"), (11, " 8-12", "32 28")])
             + "  ----+-------+-------+\n\nThe asterisk shows the losing move.\n")
    (game,) = replay('[Game "checkers"]\n\n' + table)
    assert game.status == "ok", game.diagnostics
    assert [m.printed for m in game.moves] == [
        "11-15", "22 18", "15-22", "25 18", "8-11", "29 25", "4- 8", "25 22", "12-16", "24 20", "8-12"]
    (variation,) = game.variations
    assert variation.branch_ply == 10 and [m.printed for m in variation.moves] == [
        "24 19", "16-20", "28*24", "8-12", "32 28"]


def test_a_jump_is_found_by_its_end_squares_and_by_its_path():
    board = Board.initial()
    for text in ("11-15", "22-18", "15-22"):
        (move, _), = CheckersRules().forms(At(board, 0))[text]
        board = board.push(move)
    forms = CheckersRules().forms(At(board, 3))
    assert {"25-18", "25x18"} <= set(forms) and forms["25x18"][0][0].captures == (22,)


def test_an_ocr_damaged_score_is_decoded():
    (game,) = replay("Game 12.\n\n11-I5 23-19 8-11 22-17 9-I3 17-14 10-17 2l-14 15-18 24-20\n")
    assert game.family == "checkers" and game.status == "repaired"
    assert CheckersGameDetail.of(game.detail).decoded == "score"
    assert [m.normalized for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17",
                                                  "21x14", "15-18", "24-20"]
    assert [m.status for m in game.moves].count("repaired") == 3
    ocr = [d.message for d in game.diagnostics if d.code == "ocr"]
    assert ocr[0] == "'11-I5' read as 11-15 (an OCR confusion)" and len(ocr) == 3


def test_a_figure_off_that_two_moves_fit_is_left_to_the_grammar():
    # 9-15: 9-13 and 9-14 are both a figure away, and 22 17 follows either: the decoder does not guess.
    (game,) = replay('[Game "checkers"]\n\n11-15 23 19 9-15 22 17\n')
    assert game.moves[2].status == "error" and CheckersGameDetail.of(game.detail).decoded is None


OPENINGS = """\
The white replies to 11-15 have gone through many vicissitudes. Thus 24-19
was at one period described as "Wyllie's Invincible." The other five replies
to 11-15, namely 24-20, 23-19, 23-18, 22-18 and 22-17, are productive of
games which give equal chances.

When practically all games started with 11-15 it was convenient to name the
lines of play. Thus 11-15, 23-19, 8-11, 22-17, if followed by 11-16, was
called the "Glasgow"; if followed by 9-13, 17-14, the "Laird and Lady"; if
by 3-8, the "Alma."
"""


def test_openings_named_in_prose_are_lines_from_the_start():
    (game,) = replay(OPENINGS)
    assert game.family == "checkers" and game.status == "ok"
    assert CheckersGameDetail.of(game.detail).decoded == "prose"
    lines = [[m.printed for m in game.moves]] + [[m.printed for m in v.moves] for v in game.variations]
    assert lines[0] == ["11-15", "24-19"]  # "The white replies to 11-15 ... Thus 24-19"
    # Every move word of the text, each legal where it stands: 11-15 named again three times ("replies to
    # 11-15", "started with 11-15", "Thus 11-15, 23-19") and 23-19 once, each read as the move the line plays.
    moves = [*game.moves, *(m for v in game.variations for m in v.moves)]
    assert sum(len(line) for line in lines) == 13 and sum(m.detail.again or 0 for m in moves) == 4
    assert game.moves[0].detail.again == 3
    branches = {" ".join(m.printed for m in v.moves): v.branch_ply for v in game.variations}
    # The replies listed after "namely": each an alternative at White's first move; the Glasgow goes on from 23-19.
    assert all(branches[reply] == 2 for reply in ("24-20", "23-18", "22-18", "22-17"))
    assert branches["23-19 8-11 22-17 11-16"] == 2
    # "if followed by 9-13, 17-14": after the line before, in place of 11-16; "if by 3-8" likewise.
    assert branches["9-13 17-14"] == branches["3-8"] == 5


SINGLE_CORNER = """\
The Single Corner opens with 11-15, 22-18. Black now takes by 15-22, and White
retakes with 25-18. The game usually continues 8-11, 29-25, 4-8, 25-22, and
Black has the choice of 12-16 or 10-14. After 12-16, 24-20, 10-15, White must
not play 27-24, but 21-17, 7-10, 17-13.
"""


def test_a_move_named_again_where_the_line_plays_it_goes_on_from_there():
    # "After 12-16" names the move the line has just played (12-16 is legal from the start too): the moves after
    # it go on from it, and its word is read as that move.
    (game,) = replay(SINGLE_CORNER.replace("not play 27-24, but", "then play"))
    assert game.status == "ok"
    assert [m.printed for m in game.moves] == ["11-15", "22-18", "15-22", "25-18", "8-11", "29-25", "4-8", "25-22",
                                               "12-16", "24-20", "10-15", "21-17", "7-10", "17-13"]
    assert game.moves[8].detail.again == 1
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(9, ["10-14"])]
    # Named again after the choice: "After 10-14, ..." goes on from the alternative.
    (game,) = replay(SINGLE_CORNER.split("After")[0] + "After 10-14, 24-20, 6-10, White plays 27-24.\n")
    (choice,) = game.variations
    assert [m.printed for m in choice.moves] == ["10-14", "24-20", "6-10", "27-24"]
    assert choice.moves[0].detail.again == 1 and [m.printed for m in game.moves][-1] == "12-16"


@pytest.mark.parametrize("choice", ["Black now has a choice between 12-16 and 10-14.", "Black now plays 12-16 or 10-14."])
def test_a_choice_told_now_in_a_sentence_of_its_own_goes_on_from_where_the_line_stands(choice):
    # A new sentence's first move is read from the start where it reads on as far from there ("The strongest reply
    # to 12-16 is 24-20."); "now" says the line goes on: 12-16 is Black's 5th (was: another first move, and 10-14
    # White's "18-14", a figure off), and the other move named, "or" / "between ... and", its alternative.
    text = f"The Single Corner opens with 11-15, 22-18; 15x22, 25x18; 8-11, 29-25; 4-8, 25-22. {choice}\n"
    (game,) = [process(r) for r in split_source(SourceText("book.txt", text))]
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves][8:] == ["12-16"] and len(game.moves) == 9
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(9, ["10-14"])]


def test_a_move_a_clause_refuses_for_another_is_the_alternative():
    # "White must not play 27-24, but 21-17, ...": 21-17 is the line's move, 27-24 the alternative to it.
    (game,) = replay(SINGLE_CORNER)
    assert game.status == "ok"
    assert [m.printed for m in game.moves][9:] == ["24-20", "10-15", "21-17", "7-10", "17-13"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(9, ["10-14"]),
                                                                                         (12, ["27-24"])]


OLD_FOURTEENTH = """\
The Old Fourteenth is formed by the moves 11.15, 23.19, 8.11, 22.17, 4.8, 17.13, 15.18, 24.20, 11.15, 28.24.
Black now plays 8.11, and White replies with 26.23, after which the game is even. If instead Black plays 9.14,
White gets the better game by 32.28.
"""


@pytest.mark.parametrize("told", [
    "after which the game is even. If instead Black plays 9.14,",
    "after which the game is even. Black may instead play 9.14, when",
    "instead of which Black may play 9.14, when",
])
def test_a_move_offered_instead_in_prose_is_the_alternative_to_the_move_told(told):
    # "If instead Black plays 9.14": an alternative to Black's 8.11, its sentence's moves its line (was: 7. 9-14
    # 32-28, a continuation); the next sentence without the cue takes the line it left up again.
    text = OLD_FOURTEENTH.replace("after which the game is even. If instead Black plays 9.14,", told)
    text += "Black then plays 11.16, and White replies with 20.11.\n"
    (game,) = [process(r) for r in split_source(SourceText("book.txt", text))]
    assert game.status == "ok"
    assert [m.printed for m in game.moves][10:] == ["8.11", "26.23", "11.16", "20.11"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(11, ["9.14", "32.28"])]


def test_moves_named_as_a_to_b_in_prose():
    # Hoyle's Games Modernized names its openings so; "the squares 1 to 12" names no move.
    text = ('The black men on the squares numbered 1 to 12. The "Ayrshire Lassie" is formed by the first four\n'
            'moves: 11 to 15, 24 to 20, 8 to 11, 28 to 24. The "Bristol" is formed by the first three\n'
            'moves: 11 to 16, 24 to 20, 16\nto 19.\n')
    assert [w.text for w in words_of(text) if compact(w.text)] == [
        "11 to 15,", "24 to 20,", "8 to 11,", "28 to 24.", "11 to 16,", "24 to 20,", "16\nto 19."]
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.family == "checkers" and game.status == "ok"
    assert [m.printed for m in game.moves] == ["11 to 15", "24 to 20", "8 to 11", "28 to 24"]
    assert [[m.printed for m in v.moves] for v in game.variations] == [["11 to 16", "24 to 20", "16\nto 19"]]


def test_a_move_is_hung_where_it_is_legal():
    words = words_of("In response to 11-16, 23-18 is held to give white an advantage. With the exception "
                     "of 23-19, which is weak, the other replies are equal. 9-14 is met by 22-18.")
    lines = read_lines(words, CheckersRules(), At(Board.initial(), 0))
    assert [(n.step.first.text.strip(",."), n.after) for n in lines.moves] == [
        ("11-16", START), ("23-18", 0), ("23-19", 0), ("9-14", START), ("22-18", 3)]
    assert not lines.unread


def test_an_alternative_in_a_note_is_a_variation_at_the_ply_it_replaces():
    text = """\
      11-15  22-17
      23-19   9-13
   a  8-11   17-14

  a. 9-14, 22-17 or 22-18, and white can also continue by 26-23. Also 10-14.
"""
    (game,) = replay(text)
    assert game.status == "ok", game.diagnostics
    lines = [(v.parent, v.branch_ply, " ".join(m.printed for m in v.moves)) for v in game.variations]
    # The note's run replaces the marked 8-11 (the layout reads it); the words after it go on from it:
    # "or 22-18" and "26-23" in place of its 22-17, "Also 10-14" (a sentence of its own) in place of its 9-14.
    assert lines == [(0, 3, "9-14 22-17"), (1, 3, "10-14"), (1, 4, "22-18"), (1, 4, "26-23")]


def test_after_an_alternative_in_brackets_the_line_it_left_goes_on():
    # The Boy's Own Book's Laird and Lady: "(or 26 to 22)" under White's move, then the game goes on.
    text = ("The first two moves on each side in the Laird and Lady are the same as those in the Old\n"
            "Fourteenth; then comes the variation which distinguishes it from the others.\n\n"
            "  11 to 15  --1--  23 to 19\n   8 to 11  --2--  22 to 17\n   9 to 13  --3--  17 to 14\n"
            "                   (or 26 to 22)\n  10 to 17  --4--  21 to 14\n\nAnd White has the better game.\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.status == "ok", game.diagnostics
    assert [m.printed for m in game.moves] == [
        "11 to 15", "23 to 19", "8 to 11", "22 to 17", "9 to 13", "17 to 14", "10 to 17", "21 to 14"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(6, ["26 to 22"])]


def test_prose_between_the_numbered_rows_of_a_game_puts_each_row_at_its_move():
    # A checker book prints its game in rows numbered between the columns, with prose between the rows
    # and alternatives named in the prose ("Had Black moved 16 to 20"): each row goes on at its move,
    # not where its first move happens to be legal (9 to 14 is legal at the start too), and the rows,
    # not the prose, are the game.
    text = ("THE WHILTER OPENING.\n\nThe moves are--\n\n  11 to 15  -- 1--  23 to 19\n   7 to 11  -- 2--  22 to 17\n\n"
            "This is the opening. It may proceed in many ways. The best plan is thus:--\n\n"
            "   9 to 14  -- 3--  25 to 22\n  11 to 16  -- 4--  26 to 23\n   5 to  9  -- 5--  17 to 13\n\n"
            "Had Black moved 16 to 20, he would have lost a piece by his opponent\nplaying 29 to 25--\n\n"
            "  3 to  7  -- 6--  29 to 25\n\nwhich leaves the position thus.\n")
    plies: dict[int, int] = {}
    rows = [(w.text, plies.get(id(w))) for w in words_of(text, plies) if compact(w.text)]
    assert rows[:4] == [("11 to 15", 1), ("23 to 19", 2), ("7 to 11", 3), ("22 to 17", 4)]
    assert ("16 to 20,", None) in rows and ("3 to  7", 11) in rows  # a move named in prose has no row
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.status == "ok", game.diagnostics
    assert [m.printed for m in game.moves] == [
        "11 to 15", "23 to 19", "7 to 11", "22 to 17", "9 to 14", "25 to 22", "11 to 16", "26 to 23",
        "5 to  9", "17 to 13", "3 to  7", "29 to 25"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(11, ["16 to 20"])]


GLASGOW = ("THE GLASGOW OPENING.\n\nPresuming that Black always commences, the first moves are:--\n\n"
           "   BLACK.          WHITE.\n  11 to 15  -- 1--  23 to 19\n   8 to 11  -- 2--  22 to 19\n  11 to 16  -- 3--\n\n"
           "This third move of the Black is the variation which gives the Glasgow\nits special character. The move "
           "4 to 8 instead of 11 to 16 would have\nbeen the Old Fourteenth. White's safest reply is--\n\n"
           "                    24 to 20\n  16 to 23  -- 4--  27 to 17\n\n"
           "Had White replied with 26 to 19, he would have lost by his opponent\nplaying 10 to 14. As it is, Black's "
           "next move is forced:--\n\n  7 to 16  -- 5--  20 to 11\n  3 to  7  -- 6--  25 to 22\n")


def test_a_misprinted_row_is_read_a_figure_off_where_the_rows_below_go_on():
    # The Boy's Own Book's Glasgow prints "22 to 19" (White's man cannot go from 22 to 19; the Glasgow's move is
    # 22 to 17) and "27 to 17" (the jump 27 to 11): a row's move a figure off, read as the one legal move a
    # figure off after which the rows below read on, repaired and said so (was: "22 to 19" no move at all, the
    # rows below read nowhere, 19 illegal-move errors in the book's game). "4 to 8 instead of 11 to 16 would have
    # been ..." is an alternative whose line ends with its sentence: White's reply below it answers 11 to 16.
    (game,) = replay('[Game "checkers"]\n\n' + GLASGOW)
    assert [m.normalized for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "11-16", "24-20", "16x23",
                                                  "27x18x11", "7x16", "20x11", "3-7", "25-22"]
    assert [(m.printed, m.status) for m in game.moves if m.status != "ok"] == [("22 to 19", "repaired"),
                                                                                ("27 to 17", "repaired")]
    assert game.status == "repaired"
    said = [(d.line, d.code, d.message) for d in game.diagnostics if d.severity != "info"]
    assert [(line, code) for line, code, _ in said] == [(9, "ocr"), (17, "ocr")]
    assert "read as 22-17 (a figure off)" in said[0][2]
    lines = [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations]
    assert (5, ["4 to 8"]) in lines and (8, ["26 to 19"]) in lines  # the alternatives, each at the move it replaces


def test_a_row_after_a_supposed_alternative_goes_on_where_the_rows_below_it_read_on():
    # "Instead of playing 25 to 22, many think that 28 to 24 is a better move. ... Let us proceed with the game
    # from the above point.", then rows 7 and 8: 7 to 16 is legal after either 25 to 22 or 28 to 24, and row 7's
    # own "28 to 24" says which (was: the row's number mark after its first move, "-- 7--", taken for the end
    # of the rows, so the rows below were never looked at, and the game went on after 28 to 24, its row 7 and
    # 8 illegal-move errors).
    text = GLASGOW + ("\nInstead of playing 25 to 22, many think that 28 to 24 is a better move.\nThis, however, is "
                      "open to question. Let us proceed with the game from\nthe above point.\n\n"
                      "   7 to 16  -- 7--  28 to 24\n  16 to 20  -- 8--  32 to 27\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert not [d for d in game.diagnostics if d.code == "illegal-move"], game.diagnostics
    lines = [[m.normalized for m in line] for line in [game.moves, *(v.moves for v in game.variations)]]
    # (The rows go on from the prose's own "25 to 22", a line of its own beside the game's: a move named again in
    # prose is hung as a move, not found to be the game's.)
    assert ["25-22", "7x16", "28-24", "16-20", "32-27"] in [line[-5:] for line in lines]
    assert ["28-24"] in lines


def test_a_rows_move_no_reading_reads_is_an_error_not_prose():
    # A table's row prints White's third move "18 to 19", legal nowhere and no misprint the rows below follow; the
    # reading that wins leaves it out (was: said only in the "prose" info, and the record ok).
    text = ("THE DOUBLE CORNER.\n\n  BLACK.           WHITE.\n   9 to 14  --1--  22 to 18\n   5 to  9  --2--  24 to 20\n"
            "  11 to 15  --3--  18 to 19\n  10 to 15  --4--  25 to 22\n   6 to 10  --5--  22 to 17\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.status == "error"
    (said,) = [d for d in game.diagnostics if d.severity == "error"]
    assert (said.line, said.column, said.code) == (8, 20, "illegal-move") and "'18 to 19'" in said.message


def test_a_move_joined_by_to_keeps_its_squares_beside_another():
    # "17 to 13  24 to 19": two moves each joined by "to", two spaces between them (was: "13  24" read as one word,
    # White's "23 19" printed apart, and "17 to" and "to 19" left as words of no move).
    assert [compact(w.text) for w in words_of("  2 to  7  --11--  17 to 13  24 to 19 W. wins\n")
            if compact(w.text)] == ["2-7", "17-13", "24-19"]
    assert [compact(w.text) for w in words_of("He plays 22 18  and then 13 takes 6\n") if compact(w.text)] == [
        "22-18", "13x6"]


def test_a_rows_third_move_is_the_alternative_at_its_row_with_its_result():
    # The Boy's Own Book's "2 to 7  --11--  17 to 13  24 to 19 W. wins": White's 17 to 13 at row 11 and, beside it,
    # White's alternative 24 to 19 with its result. Both at ply 22, the alternative an aside (was: a line holding
    # more than its number and two moves was no row at all, its moves read as prose).
    plies: dict[int, int] = {}
    row = "  2 to  7  --11--  17 to 13  24 to 19 W. wins\n  10 to 14  --12--  22 to 18\n"
    words = [w for w in words_of(row, plies) if compact(w.text)]
    assert [(w.text, plies.get(id(w)), w.aside) for w in words] == [
        ("2 to  7", 21, False), ("17 to 13", 22, False), ("24 to 19", 22, True), ("10 to 14", 23, False),
        ("22 to 18", 24, False)]
    # In such a row, as in any row numbered between its columns, two squares joined by "to" are a move, a misprint's
    # too (24 to 16, no step nor jump: the replay says so).
    assert [compact(w.text) for w in words_of("  2 to  7  --11--  17 to 13  24 to 16 W. wins\n") if compact(w.text)] \
        == ["2-7", "17-13", "24-16"]
    # Prose after the moves is no result: no row.
    plies = {}
    words = [w for w in words_of("  2 to  7  --11--  17 to 13  24 to 19 is weak\n", plies) if compact(w.text)]
    assert [plies.get(id(w)) for w in words] == [None, None, None]


def test_the_alternative_beside_a_row_is_a_variation_and_the_rows_go_on():
    # The Glasgow's rows 7 to 14 as the book prints them: row 11's and row 14's third moves are White's alternatives
    # there, each a variation with its claimed result, and the game goes on from the row's own move (was: from row
    # 11 on the main line wrong, 11. 2-7 22-18 12. 7-11, and the rows below illegal-move errors).
    text = GLASGOW + ("\n   7 to 16  -- 7--  28 to 24\n  16 to 20  -- 8--  32 to 27\n  12 to 16  -- 9--  30 to 25\n"
                      "   4 to  8  --10--  26 to 23\n   2 to  7  --11--  17 to 13  24 to 19 W. wins\n"
                      "  10 to 14  --12--  22 to 18\n   7 to 11  --13--  24 to 19\n"
                      "   8 to 12  --14--  19 to 15  25 to 22 W. wins\n\nBlack has now the choice of two moves. "
                      "Apparently he must lose a man,\nbut by moving 16 to 19 he forces an exchange.\n\n"
                      "  16 to 19  --15--  23 to  7\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert not [d for d in game.diagnostics if d.code == "illegal-move"], game.diagnostics
    assert [m.normalized for m in game.moves[12:]] == [
        "7x16", "28-24", "16-20", "32-27", "12-16", "30-25", "4-8", "26-23", "2-7", "17-13", "10-14", "22-18",
        "7-11", "24-19", "8-12", "19-15", "16-19", "23x16x7"]
    lines = [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations]
    assert (22, ["24 to 19"]) in lines and (28, ["25 to 22"]) in lines
    # The prose's "16 to 19" names row 15's own move, where the rows put it (was, the rows 11 and 14 unnumbered: an
    # alternative to row 13's 7 to 11).
    assert not [line for line in lines if line[0] < 29 and "16 to 19" in line[1]], lines
    assert [(c.ply, c.claimed) for c in game.claims] == [(22, "W wins"), (28, "W wins")]


def test_a_misprint_two_readings_fit_alike_is_left_an_error():
    # "22 to 19" with nothing below it: 22 to 17 and 22 to 18 are both a figure off, and no row says which:
    # no guess, the word an error where it stands.
    (game,) = replay('[Game "checkers"]\n\n  11 to 15  -- 1--  23 to 19\n   8 to 11  -- 2--  22 to 19\n')
    assert [m.printed for m in game.moves] == ["11 to 15", "23 to 19", "8 to 11"]
    assert [(d.line, d.code) for d in game.diagnostics if d.severity == "error"] == [(4, "illegal-move")]


@pytest.mark.parametrize("row, plies", [
    ("  (7) 11-15  23-19", [13, 14]), ("  7. 11-15  23-19", [13, 14]), ("  11 to 15    7    23 to 19", [13, 14]),
    ("  11 to 15  --7--", [13]), ("             --7--  23 to 19", [14]), ("  (7) 11-15", [13]),
    ("  In move 7 play 11-15 23-19", [None, None]),  # prose, not a row
])
def test_a_rows_number_gives_its_moves_their_plies(row, plies):
    found: dict[int, int] = {}
    assert [found.get(id(w)) for w in words_of(row + "\n", found) if compact(w.text)] == plies


def test_a_problems_position_named_in_prose_is_where_its_moves_start():
    # The Boy's Own Book names the position of "Three kings to two" in a sentence, its diagram being an
    # illustration: "the White on 32 and 5, the Black on 10, 18, and 19"; the words do not say men or
    # kings, and the kings the table's moves take backwards are crowned (18 to 15 is a king's move).
    text = ("THREE KINGS TO TWO.\n\nPlace the kings on the board as in the diagram, the White on 32\n"
            "and 5, the Black on 10, 18, and 19:--\n\n[Illustration: Black to play and win.]\n\n"
            "  BLACK.              WHITE.\n  19 to 24            5 to 1\n  18 to 15            1 to 5\n"
            "  10 to  6\n\nNow, whether White move from 5 to 1 or from 32 to 28, he must submit.\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.status == "ok", game.diagnostics
    assert game.start == "B:W5,32:B19,K10,K18"
    # "whether White move from 5 to 1 or from 32 to 28": White's next move, and its alternative.
    assert [m.printed for m in game.moves] == ["19 to 24", "5 to 1", "18 to 15", "1 to 5", "10 to  6", "5 to 1"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(6, ["32 to 28"])]
    assert any(d.code == "setup-in-prose" for d in game.diagnostics)
    assert not CheckersGameDetail.of(game.detail).setup_inferred  # the prose gives it: no reconstruction


def test_a_problems_solution_table_without_its_diagram_is_replayed_on_the_position_it_needs():
    # "White to play and win": the diagram is not in the text, its solution a table headed WHITE. BLACK.,
    # the rows numbered between the columns. Read from the opening its moves are illegal; they are read
    # on the smallest position they need, said (setup-inferred), and the record is no longer an error.
    text = ("[Illustration: White to play and win in three moves.]\n\nThis is the solution:--\n\n"
            "  WHITE.              BLACK.\n  10 to  6     1      2 to  9\n  18 to 14     2      9 to 18\n"
            "  15 to 22     3\n\nby which you will see that White wins.\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.status == "ok", game.diagnostics
    assert [m.printed for m in game.moves] == ["10 to  6", "2 to  9", "18 to 14", "9 to 18", "15 to 22"]
    detail = CheckersGameDetail.of(game.detail)
    assert detail.setup_inferred and detail.setup == game.start and game.start.startswith("W:")
    assert any(d.code == "setup-inferred" for d in game.diagnostics)


def test_a_problems_illustration_mark_over_its_task_and_solution_is_no_unreadable_word():
    # "PROBLEM 7." / "[Illustration]" / "Black to move and win." / "SOLUTION." / the moves in a sentence: the e-text's
    # mark of the diagram stood where the checker book's grammar found "no move" (an error, nothing replayed); it is
    # the diagram's place, as in a chess book, and the moves are read on the smallest position they need.
    text = ("PROBLEM 7.\n\n[Illustration]\n\nBlack to move and win.\n\nSOLUTION.\n\n"
            "10-26, 31-24, 9-14, 18-2, 26-31, 2-7, 31-27, 24-31.\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.status == "ok", game.diagnostics
    assert len(game.moves) == 8 and all(m.status == "ok" for m in game.moves)
    assert CheckersGameDetail.of(game.detail).setup_inferred and game.start.startswith("B:")


def test_a_problem_whose_prose_names_another_position_is_read_from_its_tables():
    # The Boy's Own Book's "To regain the move", as printed: the prose names a first example's position
    # ("Black had men on squares 12 and 15, and White had men on 24 and 28"); the table below, its rows
    # numbered between the columns and two with a crowning word ("6 to  2 King"), is another position's,
    # whose diagram is an illustration: read from the position the table's moves need, which reads more.
    lines = BOYS_OWN.read_text(encoding="utf-8").splitlines()
    start = lines.index("TO REGAIN THE MOVE.")
    text = "\n".join(lines[start:lines.index("COMMENTS ON THE LAWS.")])
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert CheckersGameDetail.of(game.detail).setup_inferred and game.start.startswith("W:")
    assert len(game.moves) == 83 and all(m.status == "ok" for m in game.moves)
    assert [m.printed for m in game.moves][24:27] == ["6 to  2", "1 to  5", "2 to  6"]
    assert [d.code for d in game.diagnostics if d.severity == "error"] == ["illegal-move"]  # the first example's


BOYS_OWN = Path(__file__).resolve().parent.parent / "corpus" / "dev" / "boys-own-book-draughts" / "draughts.txt"


def test_prose_that_names_no_position_reads_its_moves_from_the_opening():
    assert position_in_prose("The black men stand on the squares 1 to 12.") is None
    assert position_in_prose("A white man on square 4 and a black man on square 30.") == {4: (WHITE, False),
                                                                                           30: (BLACK, False)}


def test_a_game_told_in_sentences_goes_on_from_sentence_to_sentence():
    # "Black plays 9-14" opens a sentence and is legal at the start too: it goes on with the game told so
    # far, where the moves named after it read on (28-24 is no move at the start); the whole game reads.
    text = ("Black opens with 11-15; White replies 23-19. Black continues 8-11, and\n"
            "White answers 22-17. Black now plays 4-8, and White 17-13. Then come\n"
            "15-18 and 24-20. Black plays 9-14, White 28-24. Black 6-9, and White\n"
            "takes with 13-6. Black retakes 2-9. White 26-23. Black 9-13, White\n31-26, and the game is drawn.\n")
    (game,) = replay('[Game "checkers"]\n\n' + text)
    assert game.status == "ok", game.diagnostics
    assert [m.printed for m in game.moves] == [
        "11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "9-14", "28-24", "6-9", "13-6",
        "2-9", "26-23", "9-13", "31-26"]
    assert not game.variations


#: A beginners' book's example game (legal, checked with pydraughts): moves one or two a clause, then a run.
EXAMPLE = ("CHAPTER III.\n\nAN EXAMPLE OF PLAY.\n\nLet us suppose Black opens with 11-15, and White replies 24-19; Black must"
           " take, 15x24, and White\nretakes with 28x19. Black now plays 12-16 and White captures 19x12. {run}\n")
EXAMPLE_MOVES = ["11-15", "24-19", "15x24", "28x19", "12-16", "19x12", "9-14", "22-18", "14-17", "21x14", "10x17",
                 "27-24", "6-9", "24-20", "17-21", "26-22"]


@pytest.mark.parametrize("run", [
    "The game might go on thus:\n9-14, 22-18, 14-17, 21x14, 10x17, 27-24, 6-9, 24-20, 17-21, 26-22, and the position is "
    "even.",
    "The game might go on thus:\n9-14 and 22-18, 14-17 and 21x14, 10x17 and 27-24, 6-9 and 24-20, 17-21 and 26-22, and "
    "the\nposition is even.",
    "Black replies 9-14, White 22-18;\nBlack 14-17, and White takes 21x14. Black retakes 10x17, White 27-24; Black 6-9, "
    "White 24-20; Black\n17-21 and White 26-22, and the position is even.",
])
def test_a_run_of_moves_legal_from_the_start_for_its_first_moves_only_goes_on_with_the_game(run):
    # The sentence after the game told so far reads on from the start as far as its first moves (9-14, 22-18, 14-17
    # are legal there too), but only as the game's continuation throughout (27-24 is no move at the start): it goes
    # on (was: read from the start as the main line, the game's first six moves a variation at move 1, and 27-24
    # with the moves after it illegal-move errors). Where its own sentence reads on as far from both ("Black
    # replies 9-14, White 22-18; Black 14-17, and White takes 21x14."), the moves told after it decide.
    (game,) = [process(r) for r in split_source(SourceText("example.txt", EXAMPLE.format(run=run)))]
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves] == EXAMPLE_MOVES and not game.variations


def test_an_alternative_told_after_a_game_going_on_in_a_run_stays_a_variation_at_its_place():
    run = ("The game might go on thus:\n9-14, 22-18, 14-17, 21x14, 10x17, 27-24, 6-9, 24-20, 17-21, 26-22, and the "
           "position is even.\n\nInstead of 9-14, Black may play 10-14, when White replies 22-17, and the game is "
           "still even.")
    (game,) = [process(r) for r in split_source(SourceText("example.txt", EXAMPLE.format(run=run)))]
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves] == EXAMPLE_MOVES
    (line,) = game.variations
    assert (line.branch_ply, [m.printed for m in line.moves]) == (7, ["10-14", "22-17"])


def test_prose_whose_move_words_are_no_legal_moves_stays_an_error():
    (game,) = replay('[Game "checkers"]\n\nHis favourite was 27-31, and then 28-32 as well.\n')
    assert game.status == "error" and not game.moves
    assert any(d.code == "no-moves" and "'27-31'" in d.message for d in game.diagnostics)


def test_a_move_word_legal_nowhere_in_prose_is_reported():
    (game,) = replay("In reply to 11-15, both 23-19 and 22-17 are good, and 30-26 impossible.\n")
    assert game.family == "checkers" and game.status == "error"
    assert sum(1 for line in [game.moves, *(v.moves for v in game.variations)] for _ in line) == 3
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    assert error.code == "illegal-move" and "'30-26'" in error.message and (error.line, error.column) == (1, 55)


def test_one_move_named_in_a_sentence_is_no_record_of_lines():
    (game,) = replay("Some prose about the game, 11-15 being the favourite.\n")
    assert game.status == "unparsed"


TINSLEY = """\
[Event "London 1992, game 18"]
[Black "MF Tinsley"]
[White "Chinook"]
1. 9-13 23-19 2. 6-9 27-23 3. 9-14 22-18 4. 11-15 18x9 5. 5x14 25-22 6. 7-11
30-25 7. 1-5 22-17 8. 13x22 25x18x9 9. 5x14 26-22Whiteoversteppedthetimecontrol. *
"""


def test_a_score_the_layout_misreads_is_decoded_and_prose_glued_to_a_move_is_cut_off():
    # The two lines of movetext, the second starting with White's move, read as columns by the layout.
    (game,) = replay(TINSLEY, "tinsley.txt")
    assert game.status == "ok" and CheckersGameDetail.of(game.detail).decoded == "score"
    assert [m.printed for m in game.moves][-3:] == ["25x18x9", "5x14", "26-22"] and len(game.moves) == 18


def test_a_move_of_the_score_the_decoder_leaves_out_is_an_error():
    text = TINSLEY.replace("6. 7-11\n", "6. 7-11 28-32\n")  # square 28 is White's own: legal nowhere
    (game,) = replay(text, "tinsley.pdn")
    assert game.status == "error" and CheckersGameDetail.of(game.detail).decoded == "score"
    assert len(game.moves) == 18 and all(m.status == "ok" for m in game.moves)
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    assert error.code == "illegal-move" and "'28-32'" in error.message and (error.line, error.column) == (4, 78)


#: A survey of the openings, each opening's name run in before its line from the start (an encyclopaedia's article).
SURVEY = ("_Single Corner._--11-15, 22-18, 15x22, 25x18, 8-11, 29-25, 4-8, 25-22. Drawn.\n\n"
          "_Old Fourteenth._--11-15, 23-19, 8-11, 22-17, 4-8, 17-13, 15-18, 24-20. White has the better game.\n\n"
          "_Bristol._--11-16, 24-20, 16-19, 23x16, 12x19, 22-17, 9-14, 25-22. Even.\n")


def test_each_openings_name_run_in_before_its_line_begins_a_record():
    # One record was read, its first paragraph's moves mostly prose, the other two paragraphs' lines lost with no
    # word said of them: each paragraph is a game of its own from the start, named by its opening.
    games = [process(r) for r in split_source(SourceText("survey.txt", SURVEY))]
    assert [(g.title, g.tags.get("Opening"), g.status, len(g.moves)) for g in games] == [
        ("Single Corner", "Single Corner", "ok", 8), ("Old Fourteenth", "Old Fourteenth", "ok", 8),
        ("Bristol", "Bristol", "ok", 8)]
    assert [g.result for g in games] == ["1/2-1/2", None, None]


@pytest.mark.parametrize("heading, first", [
    # the survey's title: no record of its own (it was one, holding no move: "no family reads this text", an error)
    ("THE OPENINGS.", ("Single Corner", "Single Corner")),
    # a game's numbered heading straight over a paragraph so headed: that game's, the name its Opening
    ("GAME 3.", ("GAME 3", "Single Corner")),
])
def test_a_heading_straight_over_a_survey_of_run_in_openings_is_no_record_of_its_own(heading, first):
    games = [process(r) for r in split_source(SourceText("survey.txt", heading + "\n\n" + SURVEY))]
    assert [(g.title, g.tags.get("Opening"), g.status, len(g.moves)) for g in games] == [
        (*first, "ok", 8), ("Old Fourteenth", "Old Fourteenth", "ok", 8), ("Bristol", "Bristol", "ok", 8)]


def test_a_move_in_a_run_of_the_lines_moves_that_no_reading_reads_is_an_error():
    # "18x9" cannot be played (square 9 is Black's own): it and the "5x14" after it were "taken for prose", an info,
    # and the record `ok`, though they stand among the line's moves, commas between them.
    text = "BRISTOL.\n\n11-16, 24-20, 16-19, 23x16, 12x19, 22-18, 10-14, 18x9, 5x14, 25-22. Even.\n"
    (game,) = [process(r) for r in split_source(SourceText("bristol.txt", text))]
    assert game.status == "error"
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    assert error.code == "illegal-move" and "'18x9,'" in error.message and (error.line, error.column) == (3, 50)


def test_a_move_past_reading_where_its_rows_number_says_one_stands_is_the_one_the_next_moves_follow_from():
    # The decoder's lost move (notation/decode/search.py, Decoder._lost) is the game's, not chess's: the
    # checkers replay names it as it names every other correction (it raised KeyError('lost') at first).
    (game,) = replay("Game 12.\n\n1 11-15 23-19\n2 8-1! 22-17\n3 9-13 17-14\n")
    assert [m.normalized for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"]
    assert game.status == "repaired" and [m.status for m in game.moves].count("repaired") == 1
    (ocr,) = [d.message for d in game.diagnostics if d.code == "ocr"]
    assert ocr.startswith("'8-1!' read as 8-11 (past reading, where the row's number says a move stands")


@pytest.mark.parametrize("ending, result", [("Drawn.", "Drawn"), ("B. wins.", "B wins"), ("and White wins.", "W wins"),
                                            ("Black loses.", "W wins")])
def test_the_result_after_a_decoded_scores_last_move_is_the_games(ending, result):
    # A heading over a run of moves no grammar reads whole: the decoder read the moves, and "Drawn." was dropped
    # unsaid (no result, the record `ok`).
    (game,) = replay(f"GAME No. 3.--SINGLE CORNER.\n\n11-15 22-18 15x22 25x18 8-11 29-25 {ending}\n")
    assert len(game.moves) == 6 and game.status == "ok"
    assert game.result == {"Drawn": "1/2-1/2", "B wins": "1-0", "W wins": "0-1"}[result]  # (PDN's: Black first)


def test_a_score_that_hyphenates_both_sides_moves_marks_no_side_with_its_captures():
    # "11-15 22-18 15x22 25x18": a capture's "x" marks no side, so the book hyphenates both sides' moves; read as
    # a book that marks Black's with a hyphen, each White move said "a hyphen marks Black's moves".
    (game,) = replay("11-15 22-18 15x22 25x18 8-11 29-25 Drawn.\n")
    assert game.status == "ok" and not [d for d in game.diagnostics if d.code == "side-mark"]


#: A newspaper column's game run on in lines (legal, checked with notation.boards.checkers), a lettered note
#: and a starred one under it.
COLUMN_GAME = """\
GAME 512.--OLD FOURTEENTH.

Played at Glasgow between Mr. Wyllie (Black) and Mr. Martins (White).

11-15 23-19 8-11 22-17 4-8 (a) 17-13 15-18 24-20 12-16* 19-12 11-15
20-16 7-11 16-7 2-11 27-23 18-27 31-24 3-7 12-3 15-18 26-23, and White wins.

(a) 9-13 is the usual move here: 9-13, 26-22, 5-9, 22-18, 15-22, 25-18. Drawn.

* Loses; 9-14, 26-22 draws.
"""


def test_a_score_run_on_in_lines_ends_at_its_result_and_its_notes_hang_at_their_marks():
    # The result that ends the score's paragraph ends the game: the note's moves below are not read on as the
    # main line (they were, the note's first move "repaired" to follow it, its "Drawn." the game's result).
    (game,) = [process(r) for r in split_source(SourceText("column.txt", COLUMN_GAME))]
    assert game.status == "ok" and game.result == "0-1" and len(game.moves) == 22
    assert [m.printed for m in game.moves][-2:] == ["15-18", "26-23"]
    lines = {v.branch_ply: [m.printed for m in v.moves] for v in game.variations}
    assert lines == {5: ["9-13", "26-22", "5-9", "22-18", "15-22", "25-18"],  # (a): 4-8's alternative
                     9: ["9-14", "26-22"]}  # "*": the starred 12-16's
    assert [(c.ply, c.claimed) for c in game.claims] == [(10, "Drawn"), (22, "W wins")]
    assert not any(d.code in ("ocr", "illegal-move") for d in game.diagnostics)


#: The Dyke with a lettered note on 17-13, and a note (b) on a move of note (a)'s line that refutes the move it
#: names ("Not 15-18, as 22-15, 11-18 follows"): every line checked with pydraughts. ``{mark}`` is the letter as the
#: score prints it after 17-13, ``{label}`` as the note's paragraph opens with it; ``{score}`` the score's layout.
DYKE = """\
THE DYKE.

{score}

{label} 25-22 is the usual play here, and after 9-13, 29-25, 6-9 (b), the game is even.

(b) Not 15-18, as 22-15, 11-18 follows, with the better game for White.
"""
DYKE_SCORES = {
    "run": "11-15   23-19   8-11   22-17   4-8   17-13{mark}   15-18   24-20   11-15   28-24   9-14   26-23.   Drawn.",
    "numbered": "1. 11-15 23-19 2. 8-11 22-17 3. 4-8 17-13{mark} 4. 15-18 24-20 5. 11-15 28-24 6. 9-14 26-23. Drawn.",
}


def _dyke(layout: str, mark: str, label: str):
    text = DYKE.format(score=DYKE_SCORES[layout].format(mark=mark), label=label)
    (game,) = [process(r) for r in split_source(SourceText("dyke.txt", text))]
    return game


@pytest.mark.parametrize("layout", sorted(DYKE_SCORES))
@pytest.mark.parametrize("mark, label", [
    ("(a)", "(a)"), (" (a)", "(a)"), ("(A)", "(A)"), (".(a)", "(a)"), (",(a)", "(a)"), ("*", "*"), ("a", "a."),
])
def test_a_notes_letter_glued_to_its_move_marks_it(layout, mark, label):
    # "17-13(a)": the letter is the note's, the move 17-13 (it vanished, 4-8 made a variation of 15-18's, note (a)'s
    # moves left as prose); note (a)'s moves are 17-13's alternative, and note (b), on 6-9 inside (a)'s line, is
    # 6-9's: its refuted 15-18 and the moves that refute it, a variation nested in (a)'s.
    game = _dyke(layout, mark, label)
    assert game.status == "ok" and game.result == "1/2-1/2"
    assert [m.normalized for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20",
                                                  "11-15", "28-24", "9-14", "26-23"]
    assert game.moves[5].printed == "17-13" + mark.strip(" .,()aA")  # (the star stays with its move; a letter no part)
    lines = {(v.parent, v.branch_ply): [m.normalized for m in v.moves] for v in game.variations}
    assert lines == {(0, 6): ["25-22", "9-13", "29-25", "6-9"], (1, 9): ["15-18", "22x15", "11x18"]}
    assert not any(d.code == "prose" for d in game.diagnostics)


@pytest.mark.parametrize("layout", sorted(DYKE_SCORES))
def test_a_decoded_scores_notes_keep_their_words(layout):
    # The notes under a score no grammar reads keep the author's words, as prose's do: each stretch the comment of
    # the move before it (were lost: the record had no comment at all).
    game = _dyke(layout, "(a)", "(a)")
    a, b = game.variations
    assert [m.comment for m in a.moves][:1] == ["is the usual play here, and after"]
    assert "the game is even." in (a.moves[3].comment or "")
    assert b.moves[-1].comment == "follows, with the better game for White."


@pytest.mark.parametrize("printed", ["11x18(b)", "11-18(b)"])
def test_a_notes_letter_glued_to_a_capture_marks_it(printed):
    # The capture, read as printed, its letter the note's: the note's moves are its alternative (checked with pydraughts).
    text = ("11-15 23-19 8-11 22-17 4-8 25-22 9-13 29-25 15-18 22x15 " + printed + " 24-20. Drawn.\n\n"
            "(b) Or 13x29, 30-25.\n")
    (game,) = [process(r) for r in split_source(SourceText("capture.txt", text))]
    assert game.status == "ok" and [m.normalized for m in game.moves][9:] == ["22x15", "11x18", "24-20"]
    assert {v.branch_ply: [m.normalized for m in v.moves] for v in game.variations} == {11: ["13x22x29", "30-25"]}
    assert not any(d.code == "prose" for d in game.diagnostics)


def test_a_dagger_glued_to_a_move_marks_it_as_a_star_does():
    text = COLUMN_GAME.split("\n\n(a)")[0].replace(" (a)", "").replace("12-16*", "12-16\u2020") + "\n"
    (game,) = [process(r) for r in split_source(SourceText("column.txt", text))]
    assert game.status == "ok" and len(game.moves) == 22 and game.moves[8].printed == "12-16\u2020"


#: A game told in prose (legal, checked with notation.boards.checkers), a supposed line in a clause of its own.
TOLD = """\
Black begins with 11-15, and White answers 22-18. Black must now take, 15-22, and White retakes with
25-18. Black next plays 8-11 and White 29-25.

At this point Black has a choice. If he plays 9-14, White exchanges by 18-9, 5-14, and the game is even;
but the book move is 10-14, to which White replies 25-22. Then follow 11-15, 18-11; 7-16, 23-18; 14-23,
26-19; 16-23, 27-18, and the game was drawn.
"""


def test_a_move_the_prose_supposes_gives_way_to_the_move_it_plays():
    # "If he plays 9-14, ... 18-9, 5-14, ...;" supposes a line: the game goes on with "the book move is 10-14",
    # the supposed line a variation; "and the game was drawn." is the game's result.
    (game,) = replay(TOLD)
    assert game.status == "ok" and CheckersGameDetail.of(game.detail).decoded == "prose"
    assert [m.printed for m in game.moves][6:9] == ["10-14", "25-22", "11-15"] and len(game.moves) == 16
    (var,) = game.variations
    assert (var.branch_ply, [m.printed for m in var.moves]) == (7, ["9-14", "18-9", "5-14"])
    assert game.result == "1/2-1/2"


def test_a_game_told_in_prose_under_its_title_in_capitals_is_titled_by_it():
    (game,) = [process(r) for r in split_source(SourceText("told.txt", "THE SINGLE CORNER.\n\n" + TOLD))]
    assert game.title == "THE SINGLE CORNER" and game.family == "checkers" and len(game.moves) == 16


def test_a_game_told_in_prose_under_a_chapters_heading_and_its_sections_is_titled_by_the_section():
    # "CHAPTER III." over "AN EXAMPLE OF PLAY." over the prose: the record was left untitled (two headings in
    # capitals, read as two records' that the text did not split into); the section's heading, nearest the moves, is
    # the record's own.
    (game,) = [process(r) for r in split_source(SourceText("told.txt", "CHAPTER III.\n\nAN EXAMPLE OF PLAY.\n\n" + TOLD))]
    assert (game.title, game.family, game.status, len(game.moves)) == ("AN EXAMPLE OF PLAY", "checkers", "ok", 16)


def test_a_move_a_numbered_score_names_in_a_sentence_is_hung_and_not_said_to_be_prose():
    text = ("GAME 4.--SINGLE CORNER.\n\n1. 11-15 22-18. 2. 15-22 25-18. 3. 8-11 29-25. Here White might also play "
            "24-19,\nbut the text move is better. 4. 10-14 25-22. 5. 11-15 18-11. 6. 7-16 23-18.\nDrawn.\n")
    (game,) = [process(r) for r in split_source(SourceText("numbered.txt", text))]
    assert game.status == "ok" and len(game.moves) == 12 and game.result == "1/2-1/2"
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(6, ["24-19"])]
    assert not any(d.code == "prose" for d in game.diagnostics)


def test_and_wins_after_a_lines_last_move_is_the_win_of_the_side_that_made_it():
    text = COLUMN_GAME.replace(", and White wins.", ", and wins.").replace("25-18. Drawn.", "25-18, and wins.")
    (game,) = [process(r) for r in split_source(SourceText("column.txt", text))]
    assert game.status == "ok" and game.result == "0-1" and game.moves[-1].side == "white"
    assert [(c.ply, c.claimed) for c in game.claims] == [(10, "W wins"), (22, "W wins")]


def test_the_move_words_left_in_a_decoded_games_prose_are_said_once():
    text = ("The Single Corner. 11-15, 22-18; 15x22, 25x18. Black now plays 8-11, the usual\nmove, and White replies "
            "29-25; then 10-14, 25-22; 11-15, 18-11; 7-16, 23-18.\n\nBlack cannot play 16-20 here, for White would "
            "answer with a strong attack.\n\nThe game continued 14-23, 26-19; 16-23, 27-18. Drawn.\n")
    (game,) = replay(text)
    assert len(game.moves) == 16 and game.result == "1/2-1/2"
    (said,) = [d for d in game.diagnostics if d.code == "prose"]
    assert "'16-20'" in said.message and (said.line, said.column) == (4, 19)


#: A game told in sentences, and a variation at its 7th move told in a paragraph of its own (legal, checked with
#: notation.boards.checkers).
TOLD_WITH_VAR = ("GAME 5.\n\nThe game opens 11-15, 23-19; Black then plays 8-11, and White replies\n22-17. Black now goes 4-8, "
        "to which White answers 17-13.\n\nBlack then 15-18, White 24-20; Black 11-15, White 28-24. Drawn.\n\n"
        "Var. 1. At the 7th move, Black may play 9-14{instead}; then\n25-22, 15-18, 22-15, 11-18. Black wins.\n")


@pytest.mark.parametrize("instead", ["", " instead of 15-18", " in place of 15-18", " in the place of 15-18"])
def test_a_variation_told_in_prose_keeps_its_verdict_and_the_move_it_replaces_is_no_move_of_it(instead):
    # "9-14 instead of 15-18": the move after "instead of" names the trunk's move the alternative replaces (was: read
    # as the alternative's next move, the line sent back to the start and its moves illegal-move errors); "Black
    # wins." after the variation's last move is that line's verdict, a claim the replay checks (was: dropped).
    (game,) = [process(r) for r in split_source(SourceText("book.txt", TOLD_WITH_VAR.format(instead=instead)))]
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20",
                                               "11-15", "28-24"]
    (line,) = game.variations
    assert (line.branch_ply, [m.printed for m in line.moves]) == (7, ["9-14", "25-22", "15-18", "22-15", "11-18"])
    assert sorted((c.ply, c.claimed) for c in game.claims) == [(10, "Drawn"), (11, "B wins")]
    said = [d for d in game.diagnostics if d.code == "prose"]
    assert [(d.line, d.column) for d in said] == ([(8, 40 + len(instead))] if instead else [])


def test_a_jump_told_as_takes_in_prose_is_a_move():
    # "13 takes 6", "25 takes 18": a jump told in a sentence, read as "13 to 15" is (was: no move, the game cut at
    # the first jump and its later moves illegal-move errors or lines of their own).
    text = ("GAME 9.\n\nBlack opens with 11 to 15, White answering 23 to 19. Black then goes\n8 to 11, White 22 to 17; "
            "4 to 8, 17 to 13; 15 to 18, 24 to 20. Now\nBlack plays 11 to 15 and White 28 to 24; 8 to 11, 26 to 23; "
            "9 to 14,\n31 to 26; 6 to 9, 13 takes 6; 2 takes 9, 26 to 22; 1 to 6, 22 to 17;\n18 to 22, 25 takes 18; "
            "15 takes 22, and the game is drawn.\n")
    (game,) = [process(r) for r in split_source(SourceText("book.txt", text))]
    assert (game.status, game.result, game.variations) == ("ok", "1/2-1/2", []), [d.message for d in game.diagnostics]
    assert [m.normalized for m in game.moves][14:17] == ["6-9", "13x6", "2x9"]
    assert [m.printed for m in game.moves][-2:] == ["25 takes 18", "15 takes 22"]


# An opening taught in prose, its lines in lettered paragraphs (typed as the books of 1880-1920 print them; the
# play checked on the board). The second paragraph's alternative comes after the first's variation has been read.
LETTERED_SURVEY = """\
THE SINGLE CORNER.

This opening is formed when the first player plays 11-15 and the second player answers 22-18; the first player
then exchanges by 15x22, and the second retakes by 25x18.

The usual continuation is 8-11, 29-25, 4-8, 25-22, 12-16, 24-20.

A. Instead of 8-11, the first player may play 12-16; then 29-25, 16-19, 24x15, 10x19, 23x16, 9-14, 18x9, 5x14.

B. {b}
"""


@pytest.mark.parametrize("b", [
    # the move replaced named after the alternative: was hung where the last line read (variation A) let it
    # go on, or at the first move, the rest errors
    "At the 7th move, 9-13 instead of 4-8 is sound; then 18-14, 10x17, 21x14.",
    "At the 7th move, 9-13 instead of 4-8 is sound: 9-13, 18-14, 10x17, 21x14.",
    # the move replaced named first: was read nowhere (the main line's move, variation A read last), errors
    "Instead of 4-8, 9-13 is sound: 9-13, 18-14, 10x17, 21x14.",
    "At the 7th move, instead of 4-8, the first player may play 9-13: 9-13, 18-14, 10x17, 21x14.",
])
def test_an_alternative_goes_where_the_move_it_replaces_was_read(b):
    (game,) = [process(r) for r in split_source(SourceText("survey.txt", LETTERED_SURVEY.format(b=b)))]
    assert game.status == "ok", [(d.code, d.message) for d in game.diagnostics if d.severity != "info"]
    assert [m.normalized for m in game.moves] == ["11-15", "22-18", "15x22", "25x18", "8-11", "29-25", "4-8",
                                                  "25-22", "12-16", "24-20"]
    a, b_ = game.variations  # (both the main line's: parent 0)
    assert (a.branch_ply, [m.normalized for m in a.moves][:2]) == (5, ["12-16", "29-25"])
    assert (b_.parent, b_.branch_ply, [m.normalized for m in b_.moves]) == (0, 7, ["9-13", "18-14", "10x17", "21x14"])


def test_a_solutions_move_illegal_where_its_sentence_prints_it_is_an_error_not_another_first_move(tmp_path):
    # "...; 31-24, 28-19; 11-16, 20-11; 3-8": 11-16 is no legal move after 28-19 (Black must jump 11x18). Read as
    # an alternative to the first move (legal there) with the moves after it, the record was ok, the misprint unsaid.
    path = tmp_path / "problem.txt"
    path.write_text("PROBLEM 14.\n\nBlack men on 3, 11, 12; Black king on 26.\nWhite men on 20, 27, 28; White king on "
                    "19.\n\nBlack to move and win.\n\nSOLUTION.\n\n26-31, 19-15; 31-24, 28-19; 11-16, 20-11; 3-8, and "
                    "wins.\n", encoding="utf-8")
    (game,) = read_games([path])
    assert [m.normalized for m in game.moves] == ["26-31", "19-15", "31x24", "28x19"] and not game.variations
    errors = [d for d in game.diagnostics if d.severity == "error"]
    assert [(d.code, d.line, d.column) for d in errors] == [("illegal-move", 10, 29), ("illegal-move", 10, 36),
                                                            ("illegal-move", 10, 43)]
    assert errors[0].suggestions == ["11x18"] and "'11-16'" in errors[0].message


#: A trunk printed one move a line, its last two moves misprinted: 23-14 took the man on 18, so "18-25" (and the
#: recapture "29-22") are no moves there.
_COLUMN = ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "9-14", "28-24", "6-9", "13-6", "2-9",
           "26-23", "1-6", "31-26", "9-13", "21-17", "14-21", "23-14", "10-17", "25-22", "18-25", "29-22"]


def test_a_move_printed_as_the_lines_next_and_legal_nowhere_is_an_error_not_prose(tmp_path):
    # Run on in one line under its heading. Was an info ("taken for prose ... '18-25', '29-22'"), the record ok with
    # the game cut at 25-22.
    body = " ".join(_COLUMN) + " Drawn.\n"
    path = tmp_path / "game.txt"
    path.write_text('GAME 4.--"OLD FOURTEENTH."\n\n' + body, encoding="utf-8")
    (game,) = read_games([path])
    assert [m.printed for m in game.moves] == _COLUMN[:-2] and game.status == "error"
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    at = body.index("18-25")
    assert (error.code, error.line, error.column) == ("illegal-move", 3 + body.count("\n", 0, at),
                                                      at - body.rfind("\n", 0, at))
    assert "'18-25'" in error.message and "'25-22'" in error.message and "Black's move" in error.message
    assert "21-25" in error.suggestions


def test_a_trunk_one_move_a_line_misprinted_at_its_end_errs_where_the_misprint_stands(tmp_path):
    # One move a line is a table of one column (test_checkers_variations): each printed move is the game's, as in
    # columns, and each that is no move there an error at its line (was cut at 25-22 by the decoder, one error).
    path = tmp_path / "game.txt"
    path.write_text('GAME 4.--"OLD FOURTEENTH."\n\n' + "".join(f"    {m}\n" for m in _COLUMN) + "    Drawn.\n",
                    encoding="utf-8")
    (game,) = read_games([path])
    assert [m.printed for m in game.moves] == _COLUMN and game.status == "error"
    errors = [d for d in game.diagnostics if d.severity == "error"]
    assert [(d.code, d.line, d.column) for d in errors] == [("illegal-move", 25, 5), ("illegal-move", 26, 5)]
    assert "'18-25'" in errors[0].message and "21-25" in errors[0].suggestions and "'29-22'" in errors[1].message


#: A checker book's page: its opening's name over the game, printed without a stop, the game's moves, then prose
#: that names the book move and another (legal, checked with pydraughts).
OPENING_PAGE = ("THE SINGLE CORNER\n\nBlack moves first.\n\n11-15  22-18  15x22  25x18  8-11  29-25  4-8  25-22  12-16  "
                "24-20\n\nAt this point Black may play 10-14, which is the usual move, or 10-15, which leads to a more "
                "open game; after 10-15, 27-24 is White's best reply.\n")


def test_a_pages_opening_heading_names_its_opening_and_its_prose_is_kept_as_notes():
    # The heading, with no stop, was read as nothing (no title, no tags), and the prose was lost: no comment at all.
    (game,) = [process(r) for r in split_source(SourceText("page.txt", OPENING_PAGE))]
    assert game.status == "ok" and CheckersGameDetail.of(game.detail).decoded == "prose"
    assert (game.title, game.tags.get("Opening")) == ("THE SINGLE CORNER", "Single Corner")
    assert game.comments == ["Black moves first."]  # (the heading is the title, no note)
    assert [(m.printed, m.comment) for m in game.moves[-2:]] == [
        ("24-20", "At this point Black may play"), ("10-14", "which is the usual move, or")]
    (var,) = game.variations
    assert [(m.printed, m.comment) for m in var.moves] == [
        ("10-15", "which leads to a more open game; after"), ("27-24", "is White's best reply.")]


def test_every_word_between_moves_told_in_prose_is_kept_where_it_stands():
    # "Black now usually plays 8-11, and White replies 29-25": the words that join one move to the next were dropped
    # (issue 29, every word accounted for); each is kept once, on the move before it (PDN writes it before the next),
    # the words before the first move the record's; a move named again ("instead of 12-16") is read as that move.
    text = ("THE SINGLE CORNER.\n\nThe Single Corner opening begins with 11-15, 22-18, 15-22, 25-18. Black now usually "
            "plays 8-11, and White replies 29-25; then follow 4-8, 25-22, 12-16. If instead of 12-16 Black plays 10-14, "
            "White answers 22-17, and after 9-13, 18-9, 5-14 the game is even.\n")
    (game,) = [process(r) for r in split_source(SourceText("told.txt", text))]
    assert game.status == "ok" and game.tags.get("Opening") == "Single Corner"
    assert game.comments == ["The Single Corner opening begins with"]
    assert [(m.printed, m.comment) for m in game.moves if m.comment] == [
        ("25-18", "Black now usually plays"), ("8-11", "and White replies"), ("29-25", "then follow"),
        ("12-16", "If instead of Black plays")]
    (var,) = game.variations
    assert [(m.printed, m.comment) for m in var.moves] == [
        ("10-14", "White answers"), ("22-17", "and after"), ("9-13", None), ("18-9", None), ("5-14", "the game is even.")]


def test_a_game_told_in_sentences_keeps_its_joining_words_and_reads_back_from_pdn():
    # docs/checkers.md's example: "Black opens with", "and White replies", ... were gone from its PDN.
    (game,) = [process(r) for r in split_source(SourceText("example.txt", TOLD_IN_SENTENCES))]
    assert game.status == "ok" and game.comments == ["Black opens with"]
    assert [(m.printed, m.comment) for m in game.moves if m.comment] == [
        ("11-15", "and White replies"), ("24-19", "Black must take"), ("15x24", "and White retakes with"),
        ("28x19", "Black now plays"), ("12-16", "and White captures"), ("19x12", "The game might go on thus"),
        ("26-22", "and the position is even.")]
    # Every word of the text, once, in its order: the moves' and the comments'.
    told = " ".join([*game.comments, *(f"{m.printed} {m.comment or ''}" for m in game.moves)])
    assert re.sub(r"[,;:.]", "", told).split() == re.sub(r"[,;:.]", "", TOLD_IN_SENTENCES).split()
    (back,) = [process(r) for r in split_source(SourceText("example.pdn", FAMILY.write(game, "pdn")))]
    assert back.status == "ok" and back.comments == game.comments
    assert [(m.normalized, m.comment) for m in back.moves] == [(m.normalized, m.comment) for m in game.moves]


#: docs/checkers.md's game told in sentences.
TOLD_IN_SENTENCES = ("Black opens with 11-15, and White replies 24-19; Black must take, 15x24, and White\nretakes with "
                     "28x19. Black now plays 12-16 and White captures 19x12. The game might go on thus:\n9-14, 22-18, "
                     "14-17, 21x14, 10x17, 27-24, 6-9, 24-20, 17-21, 26-22, and the position is even.\n")
