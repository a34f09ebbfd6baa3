"""Checker problems and games as the books and newspaper columns of 1850-1930 print them, read as a user's
file would be: a heading over a position in words, the sides by their initials, a problem's task, a
solution told in a sentence, a game's heading over its opening's name."""

import pytest

from notation.boards.checkers import BLACK, WHITE
from notation.model import SourceText
from notation.pipeline import process, split_source
from notation.rules.checkers import FAMILY
from notation.rules.checkers.decode import position_in_prose

SOLUTION = ["1-5", "21-17", "14x21", "27-23", "3-8", "30-26", "21-17", "23-19"]
START = "B:W21,30,K27:B1,3,9,K14"


def read(text: str, path: str = "problems.txt"):
    return [process(r) for r in split_source(SourceText(path, text))]


def test_a_problems_heading_stands_over_its_position_and_its_task():
    # "PROBLEM 21." titles the record; "king on 14" after "Black men on 1, 3, 9;" is Black's king; "Black to
    # move and win." says who moves; the solution's sentence ends with a full stop before its result.
    (game,) = read("PROBLEM 21.\n\nBlack men on 1, 3, 9; king on 14. White men on 21, 30; king on 27.\n"
                   "Black to move and win.\n\nSOLUTION.\n1-5 21-17 14-21 27-23 3-8 30-26 21-17 23-19. Black wins.\n")
    assert (game.title, game.family, game.start, game.status) == ("PROBLEM 21", "checkers", START, "ok")
    assert [m.normalized for m in game.moves] == SOLUTION and game.result == "1-0"


def test_a_solution_heading_between_blank_lines_starts_no_record():
    # "SOLUTION." in capitals between blank lines heads the problem's part, not a record of its own: the
    # problem keeps its position (its kings) and its moves, and no record is left that no family reads.
    (game,) = read("PROBLEM 21.\n\nBlack men on 1, 3, 9, King on 14; White men on 21, 30, King on 27.\n"
                   "Black to move and win.\n\nSOLUTION.\n\n1-5, 21-17, 14-21, 27-23, 3-8, 30-26, 21-17, 23-19.\n"
                   "Black wins.\n")
    assert (game.title, game.family, game.start, game.status) == ("PROBLEM 21", "checkers", START, "ok")
    assert [m.normalized for m in game.moves] == SOLUTION and game.result == "1-0"


@pytest.mark.parametrize("position, solution", [
    # "men" with no "on" after it; the solution glued to its word by a dash (an em dash in the e-texts)
    ("Black men on 1, 3, 9; King on 14. White men 21, 30; King 27.", "Solution.--" + ", ".join(SOLUTION) + "."),
    # a dash after the side
    ("Black--1, 3, 9, K 14.\nWhite--21, 30, K 27.", ", ".join(SOLUTION) + "."),
    # "and a King on"
    ("Black men on 1, 3 and 9, and a King on 14; White men on 21 and 30, and a King on 27.", ", ".join(SOLUTION) + "."),
    # the side named again before its king ("White man on 5, White king on 25": was read up to the men, the
    # kings and the task after them lost, the solution replayed from a wrong position)
    ("Black men on 1, 3 and 9, Black king on 14; White men on 21 and 30, White king on 27.",
     "Solution.--" + ", ".join(SOLUTION) + "."),
    # "has" after the side ("Black has men on ..."): the position was not read, the set-up inferred from the moves
    # (Black's 9 missing, White's king on 27 a man), the record ok
    ("Black has men on 1, 3 and 9 and a king on 14; White has men on 21 and 30 and a king on 27.",
     "Solution.--" + ", ".join(SOLUTION) + "."),
    # the side in capitals with a full stop and a dash, as the old books print a problem's sides (was taken for
    # no position: the moves read from the opening, the record an error), and the same in the other forms of it
    ("BLACK.--1, 3, 9, K 14.\nWHITE.--21, 30, K 27.", "SOLUTION.--" + ", ".join(SOLUTION) + "."),
    ("Black.--1, 3, 9, K 14.\nWhite.--21, 30, K 27.", ", ".join(SOLUTION) + "."),
    ("BLACK.\u20141, 3, 9, K 14.\nWHITE.\u201421, 30, K 27.", ", ".join(SOLUTION) + "."),
    # an en dash, after the sides and after "SOLUTION." (was the book grammar's error at the side's first letter)
    ("BLACK.\u20131, 3, 9, K 14.\nWHITE.\u201321, 30, K 27.", "SOLUTION.\u2013" + ", ".join(SOLUTION) + "."),
    ("Black. 1, 3, 9, K 14.\nWhite. 21, 30, K 27.", ", ".join(SOLUTION) + "."),
    ("BLACK: 1, 3, 9, K 14.\nWHITE: 21, 30, K 27.", ", ".join(SOLUTION) + "."),
    # "Solution." in a line of its own over the moves a pair a line
    ("Black: 1, 3, 9, K14. White: 21, 30, K27.",
     "Solution.\n\n" + "\n".join(f"{a:>5}  {b:>5}" for a, b in zip(SOLUTION[::2], SOLUTION[1::2]))),
])
def test_a_position_in_the_books_other_words_sets_up_the_problem(position, solution):
    (game,) = read("PROBLEM 21.\n\n" + position + "\nBlack to move and win.\n\n" + solution.replace("x", "-")
                   + "\nBlack wins.\n")
    assert (game.title, game.start, game.status, game.result) == ("PROBLEM 21", START, "ok", "1-0")
    assert [m.normalized for m in game.moves] == SOLUTION


@pytest.mark.parametrize("heading", ["PROBLEM 21.", "PROBLEM No. 21."])
def test_a_problems_heading_with_its_number_titles_it(heading):
    (game,) = read(heading + "\n\nBLACK.--1, 3, 9, K 14.\nWHITE.--21, 30, K 27.\nBlack to play.\n\n"
                   "SOLUTION.--" + ", ".join(SOLUTION).replace("x", "-") + ".\n")
    assert (game.title, game.start, game.status) == (heading.rstrip("."), START, "ok")
    assert [m.normalized for m in game.moves] == SOLUTION


def test_a_position_by_the_sides_initials():
    (game,) = read("PROBLEM 23.\n\nB. 1, 3, 9, K14; W. 21, 30, K27. Black to play and win.\n\n"
                   " 1-5    21-17\n14-21   27-23\n 3-8    30-26\n21-17   23-19\n     B. wins.\n")
    assert (game.title, game.start, game.status, game.result) == ("PROBLEM 23", START, "ok", "1-0")
    assert [m.normalized for m in game.moves] == SOLUTION


def test_a_position_set_in_words_inside_prose_keeps_its_kings():
    # The decoder reads a position set in the books' words with the set-up grammar: the kings named after
    # a semicolon are the side's named before them, not dropped.
    assert position_in_prose("Here Black men on 1, 3; king on 14. White men on 21; king on 27. Black to move.") == {
        1: (BLACK, False), 3: (BLACK, False), 14: (BLACK, True), 21: (WHITE, False), 27: (WHITE, True)}
    (game,) = read("Black men on 1, 3, 9; king on 14. White men on 21, 30; king on 27. Black\n"
                   "to move and win. The solution is neat: Black begins with 1-5, White must\n"
                   "reply 21-17, and Black takes by 14-21; then after 27-23, 3-8, 30-26,\n21-17, 23-19, Black wins.\n")
    assert (game.start, game.status) == (START, "ok")
    assert [m.normalized for m in game.moves] == SOLUTION


@pytest.mark.parametrize("position", ["BLACK.--1, 3, 9, K 14.\nWHITE.--21, 30, K 27.",
                                      "Black.\u20141, 3, 9, K 14. White.\u201421, 30, K 27.",
                                      "BLACK.\u20131, 3, 9, K 14.\nWHITE.\u201321, 30, K 27.",
                                      "Black. 1, 3, 9, K 14.\nWhite. 21, 30, K 27."])
def test_the_decoder_finds_the_sides_as_the_old_books_head_them(position):
    # (the side's colour, a full stop and a dash: no position was found, the moves named in prose read from the
    # opening)
    assert position_in_prose("PROBLEM No. 4.\n\n" + position + "\nBlack to move and win.") == {
        1: (BLACK, False), 3: (BLACK, False), 9: (BLACK, False), 14: (BLACK, True), 21: (WHITE, False),
        30: (WHITE, False), 27: (WHITE, True)}


def test_a_position_with_has_after_each_side_is_set_up_for_a_solution_in_prose():
    # "Black has men on ...; White has ...": no position was found, the moves read from the opening, an error.
    (game,) = read("Black has men on 1, 3 and 9 and a king on 14; White has men on 21 and 30 and a king on 27. Black to "
                   "move and win. Black begins with 1-5, White must reply 21-17, and Black takes by 14x21; then after "
                   "27-23, 3-8, 30-26, 21-17, 23-19, Black wins.\n")
    assert (game.start, game.status, game.result) == (START, "ok", "1-0")
    assert [m.normalized for m in game.moves] == SOLUTION


def test_a_problem_whose_solution_runs_in_prose_is_decoded_from_its_position():
    # The book grammar reads the position and the task, but the solution's moves stand among prose lines:
    # the decoder reads them from the position the words set, not from the opening.
    (game,) = read("PROBLEM 25.\n\nBlack men on 1, 3, 9; king on 14. White men on 21, 30; king on 27.\n"
                   "Black to move and win. The solution is neat: Black begins with 1-5,\n"
                   "White must reply 21-17, and Black takes by 14-21; then after 27-23,\n"
                   "3-8, 30-26, 21-17, 23-19, Black wins.\n")
    assert (game.title, game.start, game.status) == ("PROBLEM 25", START, "ok")
    assert [m.normalized for m in game.moves] == SOLUTION



@pytest.mark.parametrize("heading", ["PROBLEM No. 12.", "PROBLEM 12."])
@pytest.mark.parametrize("solution", ["22-25, 30-26, 6-10, 14-7, 25-31, 7-2, 30-23, 2-7, 5-9.",
                                      "22-25  30-26  6-10  14-7  25-31  7-2  30-23  2-7  5-9"])
def test_a_misprint_in_a_problems_solution_is_repaired_where_it_stands(solution, heading):
    # "25-31" for 25-30 (a figure off): read as words named in prose, it was legal nowhere, and the moves
    # after it were read as other lines or not at all ("7-2", "30-23", "2-7" legal nowhere either). The book
    # grammar reads the heading ("PROBLEM No. 12." as "PROBLEM 12.") and the position over its two lines, and its
    # reading stands: the misprint repaired where it stands, said as the grammar's readings say an illegal move
    # read as its one near legal move (an error of the print; the decoder's reading, which says it as "a figure
    # off", reads no more moves).
    # ("PROBLEM 12." stopped the book grammar's position at the line's end: the set-up was inferred from the moves.)
    (game,) = read(heading + "\n\nBlack men on 5, 6, 13; King on 22.\nWhite men on 14, 21, 30; King on 3.\n\n"
                   "Black to move and win.\n\nSOLUTION.\n" + solution + "\n")
    assert game.start == "B:W14,21,30,K3:B5,6,13,K22" and game.status == "repaired"
    assert [m.normalized for m in game.moves] == ["22-25", "30-26", "6-10", "14x7", "25-30", "7-2", "30x23", "2-7",
                                                  "5-9"]
    (fixed,) = [m for m in game.moves if m.printed.startswith("25-31")]
    assert fixed.status == "repaired"
    assert [d.message for d in game.diagnostics if d.severity != "info"] == [
        "'25-31': it is not a legal move for Black; read as 25-30"]

def test_a_game_told_in_sentences_is_titled_by_its_heading():
    (game,) = read("GAME 3.--SINGLE CORNER.\n\nBlack opens with 11-15, White replies 22-18, and after 15x22, 25x18,\n"
                   "8-11, 29-25, 4-8, 25-22, Black plays 12-16, and White answers 24-20.\n")
    assert (game.title, game.status, len(game.moves)) == ("GAME 3.--SINGLE CORNER", "ok", 10)


def test_a_games_heading_over_its_openings_name_is_one_record():
    # The opening's name in capitals under the game's heading starts no record of its own; the Opening as the list of
    # openings spells it (was: "OLD FOURTEENTH").
    rows = "".join(f"   {a}  |  {b}\n" for a, b in [("11-15", "23-19"), ("8-11", "22-17"), ("4-8", "17-13")])
    games = read("GAME 7.--Played between Messrs. Wyllie and Martins.\n\nOLD FOURTEENTH.\n\n   Black.    White.\n"
                 + rows + "\nGAME 8.--Played between the same.\n\n   Black.    White.\n" + rows)
    assert [(g.title, g.tags.get("Opening"), g.status, len(g.moves)) for g in games] == [
        ("GAME 7.--Played between Messrs. Wyllie and Martins", "Old Fourteenth", "ok", 6),
        ("GAME 8.--Played between the same", None, "ok", 6)]
    assert '[Opening "Old Fourteenth"]' in FAMILY.write(games[0], "pdn")


def _book(text: str):
    from notation.records import split_tagged
    from notation.rules.checkers.notations.book import NOTATION as BOOK

    (record,) = split_tagged(SourceText("t.txt", '[Game "checkers"]\n[Notation "book"]\n' + text))
    return BOOK.parse(record)


def test_the_book_grammar_reads_a_problems_task_and_a_sentences_full_stop():
    parsed = _book("White men on 21; king on 27. Black men on 14.\nWhite to play and draw.\n27-23 14-18. Drawn.\n")
    assert parsed.extra.to_move == "white" and [m.text for m in parsed.line.moves] == ["27-23", "14-18"]
    assert parsed.result == "Drawn"


@pytest.mark.parametrize("heading", ["PROBLEM 4.", "PROBLEM No. 4."])
def test_the_book_grammar_reads_a_numbered_heading_over_the_position(heading):
    # ("PROBLEM No. 4." stopped the book grammar at its first word, as PDN's does: the tie gave the record
    # PDN's error, "found 'P'", for a problem whose sides the books print in a form not read)
    parsed = _book(heading + "\nB. 1, K14; W. 21, K27.\n1-5 21-17\n")
    assert parsed.extra.pieces == {1: ("black", False), 14: ("black", True), 21: ("white", False),
                                   27: ("white", True)}


@pytest.mark.parametrize("position", [
    "BLACK.--1, K 14.\nWHITE.--21, K 27.", "Black.\u20141, K 14. White.\u201421, K 27.", "Black. 1, K14.\nWhite. 21, K27.",
    "BLACK.\u20131, K 14.\nWHITE.\u201321, K 27.", "Black \u2013 1, K 14. White \u2013 21, K 27.",
    "Black--1, K 14.\nWhite--21, K 27.", "BLACK: 1, K14. WHITE: 21, K27.",
    "Black men on 1; king on 14.\nWhite men on 21; king on 27."])
def test_the_book_grammar_reads_the_sides_as_the_old_books_head_them(position):
    # the side in capitals, a full stop and a dash after it, each side on its own line: was no position to the
    # book grammar (its error at the side's first letter, or the position lost and the set-up inferred)
    parsed = _book("PROBLEM No. 4.\n" + position + "\nBlack to play.\n1-5 21-17\n")
    assert parsed.extra.pieces == {1: ("black", False), 14: ("black", True), 21: ("white", False),
                                   27: ("white", True)}
    assert parsed.extra.to_move == "black" and [m.text for m in parsed.line.moves] == ["1-5", "21-17"]


def test_a_lettered_note_below_the_game_gives_the_marked_moves_alternative():
    # "28-24 (a)" in the score, "(a) If 26-23, ..." in a paragraph of its own below: the note's moves are a
    # variation of the move its letter follows, not prose.
    (game,) = read("GAME 12.--OLD FOURTEENTH.\n\n11-15 23-19 8-11 22-17 4-8 17-13 15-18 24-20 11-15 28-24 (a) 8-11\n"
                   "26-23 9-14 31-26. Drawn.\n\n(a) If 26-23, 15-24, 28-19, 8-11, 23-14, 10-17, 21-14, 9-18,\n"
                   "27-24, and Black wins.\n")
    assert game.status == "ok" and len(game.moves) == 14 and game.moves[9].normalized == "28-24"
    (variation,) = game.variations
    assert variation.branch_ply == 10 and [m.normalized for m in variation.moves][:3] == ["26-23", "15x24", "28x19"]
    assert len(variation.moves) == 9 and not [d for d in game.diagnostics if d.code == "prose"]


def test_a_result_after_the_last_move_of_a_solution_in_prose_is_the_games():
    (game,) = read("Black: 1, 3, 9, K14. White: 21, 30, K27. Black to move and win.\n\nBlack begins with 1-5, "
                   "White must reply 21-17, and Black takes by 14-21;\nthen after 27-23, 3-8, 30-26, 21-17, 23-19, "
                   "and Black wins by First Position.\n")
    assert (game.start, game.status, len(game.moves), game.result) == (START, "ok", 8, "1-0")


def test_a_problem_with_a_pdn_fen_under_its_heading_keeps_its_tags():
    # A text with tag pairs is split at them: the FEN sets the position, whatever heading stands above it.
    games = read('PROBLEM 24.\n[FEN "B:W21,30,K27:B1,3,9,K14"]\n\n1-5 21-17 14-21 27-23 3-8 30-26 21-17 23-19 '
                 "Black wins.\n")
    game = games[-1]
    assert (game.start, game.status, len(game.moves), game.result) == (START, "ok", 8, "1-0")
