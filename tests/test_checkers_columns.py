"""Checker games in columns read downwards (the encyclopaedias' layout): grammar, layout and replay."""

import pytest

from notation.model import SourceText
from notation.parse import ParseError
from notation.pipeline import process, split_source
from notation.records import split_tagged
from notation.rules.checkers.notations.columns import NOTATION as COLUMNS
from notation.rules.checkers.notations.columns import move_words, split_book

TAGS = '[Game "checkers"]\n[Notation "columns"]\n'

# Game No. 1 of the Britannica's "Draughts" (1911), as Project Gutenberg prints it.
AYRSHIRE = """\
        Game No. 1.--"Ayrshire Lassie" Opening.

    a 11-15  25-18    10-15  22-17  b 15-18  24-6
    a 24-20   3-8     23-19  13-22    24-20   2-9
       8-11  26-22     6-10  26-17    18-27  17-10
                   c}
      28-24   5-9  d} 27-23  11-16    31-24   8-11

       9-13  30-26     9-14  20-11    16-23   Drawn.
      22-18   1-5     18-9    7-16    20-16  R. Jordan.
      15-22  32-28     5-14  29-25    12-19

  a. 11-15, 24-20 forms the "Ayrshire Lassie" opening, so named by
  Wyllie.

  b. 16-20, 25-22, 20-27, 31-24, 8-11, 17-13, 2-6, 21-17, 14-21, 22-17,
  21-25, 17-14, 10-17, 19-1. Drawn. R. Jordan.

                         (c)

      26-23  11-16
       9-14  20-11
      18-9    7-16
       5-14  24-20
      29-25  15-24

                         (d)

      19-16  15-22
      12-19  24-6
      22-17
"""


def record(text, tags=TAGS):
    (rec,) = split_tagged(SourceText("book.txt", tags + text))
    return rec


def parse(text):
    return COLUMNS.parse(record(text))


def texts(line):
    return [m.text for m in line.moves]


def test_columns_are_read_downwards_left_to_right():
    parsed = parse("11-15   8-11\n24-20  28-24\n")
    assert texts(parsed.line) == ["11-15", "24-20", "8-11", "28-24"]
    assert all(m.fields.side is None for m in parsed.line.moves)  # both sides hyphenated: no side marks


def test_a_blank_line_inside_a_table_does_not_end_it():
    parsed = parse("11-15  25-18\n24-20   3-8\n\n 8-11  26-22\n28-24   5-9\n")
    assert texts(parsed.line) == ["11-15", "24-20", "8-11", "28-24", "25-18", "3-8", "26-22", "5-9"]


def test_one_row_is_a_line_not_a_table():
    with pytest.raises(ParseError, match="no table"):
        parse("11-15 23-19 8-11 22-17\n")


def test_result_and_names_at_the_foot_of_a_column():
    parsed = parse("11-15  8-11  Drawn.\n24-20 28-24 R. Jordan.\n")
    assert parsed.result == "Drawn" and parsed.line.comment == "R. Jordan."
    parsed = parse("15-22   9-13   White\n24-8   17-14   wins.\n")
    assert parsed.line.comment == "White wins."
    assert parse("11-15  8-11\n24-20 28-24\n  Black wins.\n").result == "B wins"


def test_margin_letters_notes_and_sections():
    parsed = parse(AYRSHIRE)
    line = parsed.line
    assert texts(line)[:8] == ["11-15", "24-20", "8-11", "28-24", "9-13", "22-18", "15-22", "25-18"]
    assert texts(line)[-4:] == ["24-6", "2-9", "17-10", "8-11"]
    assert parsed.result == "Drawn" and line.comment == "R. Jordan."
    by_text = {m.text: m for m in line.moves}
    # "b 15-18": the note's run of moves replaces the marked move, its result is kept for the claim.
    (b,) = by_text["15-18"].variations
    assert b.label == "b" and texts(b)[:3] == ["16-20", "25-22", "20-27"] and texts(b)[-1] == "19-1"
    assert parsed.extra.results["b"][0] == "Drawn"
    # "c}" in the gutter over "d} 27-23": a brace joining two letters; both sections replace 27-23.
    assert [v.label for v in by_text["27-23"].variations] == ["c", "d"]
    c, d = by_text["27-23"].variations
    assert texts(c) == ["26-23", "9-14", "18-9", "5-14", "29-25", "11-16", "20-11", "7-16", "24-20", "15-24"]
    assert texts(d)[:3] == ["19-16", "12-19", "22-17"]
    # The letter a stands twice (11-15 and 24-20 form the opening): said, not an error.
    assert [d.code for d in parsed.diagnostics] == ["duplicate-margin-letter"]
    # A letter with no note or section is a warning.
    bare = parse(AYRSHIRE.replace("  a. 11-15, 24-20 forms", "  A 11-15, 24-20 forms"))
    assert "missing-variation" in [d.code for d in bare.diagnostics]


def test_the_game_replays_with_its_variations():
    g = process(record(AYRSHIRE))
    assert g.status == "ok", [(d.code, d.message) for d in g.diagnostics if d.severity != "info"]
    # Note a ("a. 11-15, 24-20 forms the "Ayrshire Lassie" opening") names the game's own first moves: no
    # variation (it was one, identical to the game), its words the comment of 24-20, said in an info.
    assert len(g.moves) == 39 and [v.label for v in g.variations] == ["c", "d", "b"]
    assert all(m.status == "ok" for v in g.variations for m in v.moves)
    assert g.moves[1].comment.startswith("a. 11-15, 24-20 forms the") and "repeated-line" in [d.code for d in g.diagnostics]


def test_a_note_whose_table_is_under_it():
    # "d. ... thus:--" over the table of its moves: the table its line, the note's words its line's comment, not
    # the record's (was: the record's comment, the line with none).
    text = ("  10-15   6-9\n  23-18  27-24\n  12-16 d 19-26\n  21-17 30-23\n\n"
            "  d. Taking the piece on 18 first seems to lose, thus:--\n\n"
            "    15-22  9-13\n    24-8  17-14\n")
    parsed = parse(text)
    (d,) = [m for m in parsed.line.moves if m.text == "19-26"][0].variations
    assert d.label == "d" and texts(d) == ["15-22", "24-8", "9-13", "17-14"]
    assert d.comment == "d. Taking the piece on 18 first seems to lose, thus:--" and parsed.comments == []


@pytest.mark.parametrize("mark", ["(a)", " (a)", ".(a)", ",(a)"])
def test_a_notes_letter_glued_to_its_move_in_a_table_marks_it(mark):
    # "17-13(a)", "17-13.(a)", "17-13,(a)" in a column: the move, and the letter of the note on it (the stop and the
    # comma made the row no row, or left the letter a word); "6-9 (b)" inside note (a)'s run marks its 6-9 as a
    # table's letter marks its move. (The Dyke; every line checked with pydraughts.)
    text = ("11-15   8-11   4-8       15-18   11-15   9-14\n"
            f"23-19   22-17   17-13{mark}   24-20   28-24   26-23\n"
            "                                          Drawn.\n\n"
            "(a) 25-22, 9-13, 29-25, 6-9 (b), and the game is even.\n\n"
            "(b) 15-18, 22-15, 11-18, with the better game for White.\n")
    parsed = parse(text)
    assert texts(parsed.line) == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "11-15",
                                  "28-24", "9-14", "26-23"]
    (a,) = parsed.line.moves[5].variations
    assert a.label == "a" and texts(a) == ["25-22", "9-13", "29-25", "6-9"]
    (b,) = a.moves[3].variations
    assert b.label == "b" and texts(b) == ["15-18", "22-15", "11-18"]
    assert not [d for d in parsed.diagnostics if d.severity == "error"]


def test_a_notes_letter_on_a_move_of_another_notes_prose_is_read_where_its_moves_hang():
    # "(a) 25-22 is the usual play here, and after 9-13, 29-25, 6-9 (b), ...": the grammar reads (a)'s first move and
    # leaves the rest to the decoder, which hangs them and (b)'s ("Not 15-18, as 22-15, 11-18 follows") at 6-9; the
    # grammar's "'b' is not marked by any move" error is answered by them (was: an error, the moves read all the same).
    text = ("THE DYKE.\n\n11-15   8-11   4-8       15-18   11-15   9-14\n"
            "23-19   22-17   17-13(a)   24-20   28-24   26-23\n                                          Drawn.\n\n"
            "(a) 25-22 is the usual play here, and after 9-13, 29-25, 6-9 (b), the game is even.\n\n"
            "(b) Not 15-18, as 22-15, 11-18 follows, with the better game for White.\n")
    (game,) = [process(r) for r in split_source(SourceText("dyke.txt", text))]
    assert game.status == "ok" and not [d for d in game.diagnostics if d.severity == "error"]
    lines = {(v.parent, v.branch_ply): [m.normalized for m in v.moves] for v in game.variations}
    assert lines == {(0, 6): ["25-22", "9-13", "29-25", "6-9"], (1, 9): ["15-18", "22x15", "11x18"]}


def test_a_note_on_the_last_move_goes_on_with_the_game():
    # Problem No. 2: the table of the opening that leads to the diagram, then the solution.
    text = ("   11-16  22-17\n   24-19 a 9-13\n\n  a. This forms the position. The solution is as follows:--\n\n"
            "   17-14  10-17\n   13-9    6-1\n")
    parsed = parse(text)
    assert texts(parsed.line) == ["11-16", "24-19", "22-17", "9-13", "17-14", "13-9", "10-17", "6-1"]
    assert parsed.line.moves[3].variations == []
    assert "continuation" in [d.code for d in parsed.diagnostics]


def test_numbered_variations_glued_to_moves():
    # "3-a-24-28": Var. III and note a at 24-28; "1-24-20": 1 to 24 is no step, so "1-" is Var. I.
    text = ("  White to move.\n\n        27-32   18-15\n        28-24 2-28-24\n        23-18   32-28\n"
            "    3-a-24-28 1-24-20\n\n"
            "  a. 12-16 same as Var. I.\n\n  Var. I. 24-27, 15-18.\n\n  Var. III. 24-19, 32-28.\n")
    parsed = parse(text)
    assert texts(parsed.line) == ["27-32", "28-24", "23-18", "24-28", "18-15", "28-24", "32-28", "24-20"]
    moves = parsed.line.moves
    assert [v.label for v in moves[3].variations] == ["a", "III"]
    assert [v.label for v in moves[7].variations] == ["I"] and moves[5].variations == []
    assert parsed.extra.to_move == "white"
    # A real path keeps its squares: 11 to 18 to 25 are two jumps.
    assert texts(parse("11-18-25  8-11\n 23-19   22-17\n").line)[0] == "11-18-25"


DIAGRAM = """\
                  BLACK.
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |   |   |   |   |
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |   |   |   |   |
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |   |   |   | B |
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |   |   |   |   |
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |   |   |   |   |
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |WW |   |   |   |
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |   |WW |   |BB |
    +---+---+---+---+---+---+---+---+
    |   |   |   |   |   |   |   |   |
    +---+---+---+---+---+---+---+---+
                  WHITE.

         White to move and win.

        27-32   18-15
        28-24 2-28-24
        23-18   32-28
    3-a-24-28 1-24-20
"""


def test_a_diagram_sets_up_the_position():
    parsed = parse(DIAGRAM)
    assert parsed.extra.pieces == {12: ("black", False), 23: ("white", True), 27: ("white", True),
                                      28: ("black", True)}
    g = process(record(DIAGRAM))
    assert g.start == "W:WK23,K27:B12,K28"
    assert [m.status for m in g.moves] == ["ok"] * 8


def test_a_piece_on_a_square_not_played_on_is_an_error():
    bad = DIAGRAM.replace("|   |   |   |   |   |   |   | B |", "|   |   |   |   |   |   | B |   |")
    parsed = parse(bad)
    (diag,) = [d for d in parsed.diagnostics if d.code == "diagram"]
    assert diag.severity == "error" and diag.line == 9 and "not played on" in diag.message


def test_the_numbered_board_sets_up_nothing():
    numbered = DIAGRAM.replace("|   |   |   |   |   |   |   | B |", "|   | 9 |   |10 |   |11 |   |12 |")
    assert parse(numbered).extra.pieces == {23: ("white", True), 27: ("white", True), 28: ("black", True)}


# --------------------------------------------------------------------------
# A book's text: split at its headings, each game detected by its layout


BOOK = "Some prose about the game, 11-15 being the favourite.\n\n" + AYRSHIRE + """
        Game No. 2.--"Kelso-Cross" Opening.

    a 10-15    9-13
    a 23-18   17-14
      12-16   16-19
      21-17   24-20
"""


def test_a_checker_book_is_split_at_its_headings():
    source = SourceText("draughts.txt", BOOK)
    spans = split_book(source)
    assert [BOOK[s.start:s.end].strip().splitlines()[0][:12] for s in spans] == [
        "Some prose a", 'Game No. 1.-', 'Game No. 2.-']
    assert spans[-1].end == len(BOOK) and all(a.end == b.start for a, b in zip(spans, spans[1:]))
    games = [process(r) for r in split_source(source)]
    assert [(g.family, g.notation, g.status) for g in games[1:]] == [("checkers", "columns", "ok")] * 2
    assert games[0].status == "unparsed"  # prose: no family reads it, and it is not ok


def test_a_book_of_one_move_a_row_is_split_at_its_titles_in_capitals():
    # Every Boy's Book (1869): "1.  B.  11  15", a row a move naming its side, is a table's row.
    rows = "  No. Colour. from   to\n\n   1.   B.     11    15\n   2.   W.     22    18\n   3.   B.     15    22\n"
    text = ("LAWS OF THE GAME.\n\n1. The moves are alternate.\n\n\nGAME I.\n\n" + rows + "  &c.\n\nWhite loses.\n"
            "\n\nGAME II.\n\n" + rows + "  &c.\n\nDrawn.\n")
    source = SourceText("draughts.txt", text)
    assert [(s.tags or {}).get("Title") for s in split_book(source) or []] == ["LAWS OF THE GAME", "GAME I", "GAME II"]
    assert not any("Opening" in (s.tags or {}) for s in split_book(source) or [])  # a section's title names no opening
    games = [process(r) for r in split_source(source)]
    assert [(g.family, g.status, g.result, len(g.moves)) for g in games[1:]] == [
        ("checkers", "ok", "1-0", 3), ("checkers", "ok", "1/2-1/2", 3)]


def test_a_text_without_tables_is_not_a_checker_book():
    assert split_book(SourceText("notes.txt", "Game No. 1.\n\nProse, and 11-15 once.\n")) is None


# --------------------------------------------------------------------------
# Hoyle's Games Modernized (1909): squares joined by full stops, variations numbered in the margin


def test_squares_joined_by_full_stops_are_moves():
    dotted = DIAGRAM.split("White to move and win.")[0] + (
        "         White to move and win.\n\n"
        "        27.32   18.15\n        28.24   28.24\n        23.18   32.28\n        24.28   24.20\n")
    parsed = parse(dotted)
    assert texts(parsed.line) == ["27.32", "28.24", "23.18", "24.28", "18.15", "28.24", "32.28", "24.20"]
    g = process(record(dotted))
    assert [m.status for m in g.moves] == ["ok"] * 8
    # A longer figure is no move (2.500), nor a mix of joiners (1.5-6).
    assert move_words("2.500 1.5-6 33.2 22.18.") == ["22.18"]


NUMBERED = """\
       13.9        14.18
       22.18        5.9
  V.1--9.6         10.6
       18.22     B. wins.

VARIATION 1.

       14.10        10.14
       23.19        19.15
                 B. wins.
"""


def test_a_variation_numbered_in_the_margin():
    parsed = parse(NUMBERED)
    assert texts(parsed.line) == ["13.9", "22.18", "9.6", "18.22", "14.18", "5.9", "10.6"]
    assert parsed.result == "B wins"
    (variation,) = parsed.line.moves[2].variations  # "V.1--9.6": VARIATION 1. replaces 9.6
    assert variation.label == "1" and texts(variation) == ["14.10", "23.19", "10.14", "19.15"]
    assert not [d for d in parsed.diagnostics if d.severity in ("warning", "error")]


def test_a_book_is_split_at_its_titles_in_capitals():
    table = "       13.9        14.18\n       22.18        5.9\n       9.6         10.6\n"
    text = ("DRAUGHTS.\n\nProse on the game.\n\nFIRST POSITION.\n\n" + table
            + "\nVARIATION 1.\n\n" + table + "\nSECOND POSITION.\n\n                  FIG. 6.\n\n" + table)
    spans = split_book(SourceText("draughts.txt", text))
    assert [text[s.start:s.end].splitlines()[0] for s in spans] == ["DRAUGHTS.", "FIRST POSITION.", "SECOND POSITION."]
    assert [s.tags for s in spans] == [{"Title": "DRAUGHTS"}, {"Title": "FIRST POSITION"}, {"Title": "SECOND POSITION"}]


def test_a_book_that_names_its_moves_a_to_b_in_two_columns_is_split_at_its_titles():
    # The Boy's Own Book (1890), "Draughts": each side's moves "11 to 15" in its own column, the move's
    # number between them ("--1--"), and tables ruled with bars ("13 |  9-14 | 31 26 |"): rows of moves.
    text = ("THE RULES.\n\nProse about the laws.\n\nTHE OLD FOURTEENTH.\n\n   BLACK.           WHITE.\n"
            "  11 to 15  --1--  23 to 19\n   8 to 11  --2--  22 to 17\n   4 to  8  --3--  17 to 13\n\n"
            "  ----+-------+-------+\n   13 |  9-14 |  9-14 |\n   14 | 31 26 | 31-26 |\n\n"
            "THE LAIRD AND LADY.\n\n  11 to 15  --1--  23 to 19\n   8 to 11  --2--  22 to 17\n"
            "   9 to 13  --3--  17 to 14\n")
    spans = split_book(SourceText("draughts.txt", text))
    # (Each title an opening's name: the game's Opening too.)
    assert [s.tags for s in spans] == [{"Title": "THE RULES"},
                                       {"Title": "THE OLD FOURTEENTH", "Opening": "Old Fourteenth"},
                                       {"Title": "THE LAIRD AND LADY", "Opening": "Laird and Lady"}]
    games = [process(r) for r in split_source(SourceText("draughts.txt", text))]
    assert [g.title for g in games] == ["THE RULES", "THE OLD FOURTEENTH", "THE LAIRD AND LADY"]
    laird = games[2]
    assert laird.family == "checkers" and [m.status for m in laird.moves] == ["ok"] * 6
    # Prose that names a square or two is no row of a table ("from 16 to 20, he would").
    # (One record, the whole text, titled by its title in capitals.)
    notes = "THE MOVE.\n\nHad Black moved 16 to 20, he would lose.\nHe plays 11 to 15, 24 to 19 and 8 to 11.\n"
    assert [(s.start, s.end, s.tags) for s in split_book(SourceText("notes.txt", notes)) or []] == [
        (0, len(notes), {"Title": "THE MOVE"})]


def test_a_diagram_of_four_characters_a_cell_and_who_moves_in_capitals():
    # Hoyle's Games Modernized: "| BB |" cells, rules of one run of dashes, "[WHITE TO MOVE AND WIN.]".
    rule = "  |---------------------------------------|\n"
    empty = "  |    |    |    |    |    |    |    |    |\n"
    board = ("                  Black.\n  +---------------------------------------+\n" + empty + rule
             + "  | BB |    |    |    |    |    |    |    |\n" + rule
             + "  |    |    |    |    |    | WW |    |    |\n" + rule + empty + rule + empty + rule
             + "  |    |    | WW |    |    |    |    |    |\n" + rule + empty + rule + empty
             + "  +---------------------------------------+\n                  White.\n\n"
             + "                  FIG. 3.\n         [WHITE TO MOVE AND WIN.]\n\n")
    text = board + ("  22.18      1.5\n   5.9      10.6\n  11.15      5.1\n   9.6      14.10\n  18.14      1.5\n"
                    "   6.1       6.1\n  15.10      5.9\n")
    parsed = parse(text)
    assert parsed.extra.pieces == {5: ("black", True), 11: ("white", True), 22: ("white", True)}
    assert parsed.extra.to_move == "white"
    g = process(record(text))
    assert g.start == "W:WK11,K22:BK5" and [m.status for m in g.moves] == ["ok"] * 14


def test_a_letter_under_a_result_heads_the_line_its_margin_mark_replaces():
    # Hoyle's Third Position, Variation 2: "A" under "B. wins." (and "--") in a column goes on in place of the
    # move the margin marks "A--17.21": the rest of that column, then the columns after it.
    text = ("       14.17         5.14        25.21\n"
            "        5.9         30.26        17.22\n"
            "    A--17.21        14.18        21.17\n"
            "        9.14     B. wins.        22.6\n"
            "       18.9           --          1.19\n"
            "        1.5           A       B. wins.\n"
            "       21.30        18.15\n")
    parsed = parse(text)
    assert texts(parsed.line) == ["14.17", "5.9", "17.21", "9.14", "18.9", "1.5", "21.30", "5.14", "30.26", "14.18"]
    assert parsed.result == "B wins"
    (tail,) = parsed.line.moves[2].variations
    assert tail.label == "A" and texts(tail) == ["18.15", "25.21", "17.22", "21.17", "22.6", "1.19"]
    assert parsed.extra.results["A"][0] == "B wins"
    assert not [d for d in parsed.diagnostics if d.severity in ("warning", "error")]


def test_two_solutions_side_by_side_keep_the_second_as_text():
    # Hoyle's Fourth Position: "Black to move." and "White to move." over one table, from the same diagram.
    # A record holds one start: the left solution is the game, the right one kept as text with a warning,
    # and none of its moves is hung into the game's lines.
    text = (DIAGRAM.split("         White to move and win.")[0]
            + "  Black to move.            White to move.\n\n"
              "  28.24   32.27             31.27   22.18\n"
              "  32.28   24.28             23.19   31.27\n")
    parsed = parse(text)
    assert texts(parsed.line) == ["28.24", "32.28", "32.27", "24.28"] and parsed.extra.to_move == "black"
    (beside,) = [d for d in parsed.diagnostics if d.code == "solution-beside"]
    assert beside.severity == "warning" and "4 moves" in beside.message and "'White to move'" in beside.message
    assert len(parsed.extra.kept) == 4
    g = process(record(text))
    assert [m.printed for m in g.moves] == ["28.24", "32.28", "32.27", "24.28"] and not g.variations


def test_a_one_figure_square_padded_after_the_hyphen_is_one_move():
    # E-texts line their figures up: "4- 8", "13- 6" in the columns, with the game told in prose above them.
    text = ('Black opens with 11-15, and White replies 23-19. Black then plays 8-11,\n'
            'White 22-17, and Black 4-8, forming the Old Fourteenth.\n\n'
            "    11-15    4- 8     9-14    2- 9\n    23-19   17-13    28-24   26-23\n"
            "     8-11   15-18     6- 9    9-13\n    22-17   24-20    13- 6   31-26\n"
            "                                 Drawn.\n")
    (record,) = split_tagged(SourceText("t.txt", TAGS + "\n" + text))
    moves = COLUMNS.parse(record).line.moves
    assert [m.text for m in moves][-6:] == ["6- 9", "13- 6", "2- 9", "26-23", "9-13", "31-26"]
    assert [m.fields.squares for m in moves][-6:-3] == [(6, 9), (13, 6), (2, 9)]
    game = process(record)
    assert game.status == "ok" and game.result == "1/2-1/2" and len(game.moves) == 16, game.diagnostics


def test_move_words_left_in_the_prose_are_said():
    # The game told in a sentence above its table, and a note's alternative legal nowhere it could hang:
    # kept in the comments, and said (an info naming the words), never dropped in silence.
    text = ("Black opens with 11-15, and White replies 23-19.\n\n"
            "    11-15    8-11\n    23-19   22-17\n\n(A) If 30-26 White loses.\n")
    (game,) = [process(r) for r in split_tagged(SourceText("t.txt", TAGS + "\n" + text))]
    assert game.status == "ok" and [m.printed for m in game.moves] == ["11-15", "23-19", "8-11", "22-17"]
    (said,) = [d for d in game.diagnostics if d.code == "prose"]
    assert said.severity == "info" and "'11-15,'" in said.message and "'30-26'" in said.message


def test_a_note_after_the_result_of_a_decoded_score_is_said():
    # Two columns headed "Black. White." that the layouts misread: the decoder reads the score, and the
    # note's moves below its result ("Drawn.") are said in the prose info, not passed over.
    text = ("   Black.   White.\n   11-15    23-19\n    8-11    22-17\n    4-8     17-13\n         Drawn.\n\n"
            "(A) 25-22, 18-25, 29-22, and Black has the better game.\n")
    (game,) = [process(r) for r in split_tagged(SourceText("t.txt", '[Game "checkers"]\n\n' + text))]
    assert [m.printed for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13"]
    (said,) = [d for d in game.diagnostics if d.code == "prose"]
    assert "'25-22,'" in said.message and "'29-22,'" in said.message


#: Two games of the Single Corner (legal, checked with notation.boards.checkers), parting at the 8th move.
GAME_1 = ["11-15", "22-18", "15-22", "25-18", "8-11", "29-25", "11-16", "26-22", "16-19", "23-16", "12-19", "24-15",
          "10-19", "18-15"]
GAME_2 = ["11-15", "22-18", "15-22", "25-18", "8-11", "29-25", "11-16", "24-19", "10-14", "19-15", "14-17", "21-14",
          "9-13", "26-22"]


@pytest.mark.parametrize("halves", [1, 2])
def test_games_side_by_side_under_their_heads_are_each_a_record(halves):
    # "Game 1.     Game 2." over their columns (each game in one column, or in two read downwards): each game is a
    # record of its own, titled by the section and its head (the second game hung as a line of the first from
    # move 1); each record says that the other's moves are the other record's.
    rows = len(GAME_1) // halves
    cells = [[" ".join(f"{g[i + k * rows]:>5}" for k in range(halves)) for g in (GAME_1, GAME_2)] for i in range(rows)]
    width = len(cells[0][0]) + 8
    text = ("SINGLE CORNER.\n\n    " + "Game 1.".ljust(width) + "Game 2.\n"
            + "".join("    " + a.ljust(width) + b + "\n" for a, b in cells)
            + "    " + "Drawn.".rjust(len(cells[0][0])).ljust(width) + "B. wins.".rjust(len(cells[0][1])) + "\n")
    games = [process(r) for r in split_source(SourceText("guide.txt", text))]
    assert [(g.status, g.title, g.variations) for g in games] == [
        ("ok", "SINGLE CORNER, Game 1", []), ("ok", "SINGLE CORNER, Game 2", [])]
    assert [[m.printed.replace(" ", "") for m in g.moves] for g in games] == [GAME_1, GAME_2]
    assert [(g.result, [c.claimed for c in g.claims]) for g in games] == [("1/2-1/2", ["Drawn"]), ("1-0", ["B wins"])]  # (Black moves first: 1-0)
    for game, other in zip(games, ("Game 2", "Game 1")):
        (said,) = [d for d in game.diagnostics if d.code == "game-beside"]
        assert said.severity == "info" and f"'{other}'" in said.message


def test_a_problems_number_and_composer_and_a_games_players_are_its_tags():
    # "No. 8.--By J. Wyllie.": a problem numbered alone heads a record, its composer a tag; "Game 12.--Played
    # between Mr. X and Mr. Y.": the players, in printed order (the heading does not say who had Black).
    problem = "Black men on 27, King on 10; White men on 5, 14.\nBlack to move.\n\n    27-32  14-9\n"
    text = "No. 8.--By J. Wyllie.\n\n" + problem + "\nNo. 9.--By J. Wyllie.\n\n" + problem
    games = [process(r) for r in split_source(SourceText("draughts.txt", text))]
    assert [(g.family, g.title, g.tags.get("Composer"), len(g.moves)) for g in games] == [
        ("checkers", "No. 8.--By J. Wyllie", "Wyllie, J.", 2), ("checkers", "No. 9.--By J. Wyllie", "Wyllie, J.", 2)]
    table = "\n".join(line for line in AYRSHIRE.splitlines()[2:12] if "}" not in line and not line.startswith("  a"))
    text = "Game 12.--Played between Mr. Wyllie and Mr. Martins.\n\n" + table + "\n"
    (game,) = [process(r) for r in split_source(SourceText("draughts.txt", text))]
    assert game.family == "checkers" and game.tags.get("Players") == "Wyllie and Martins"


#: A short game under its headings, as a new user types it: four rows of both sides' moves, its result.
WILLOW_ROWS = "11-15    9-14\n23-18   18-9\n 8-11    5-14\n27-23\n\n     Drawn.\n"
_TAGS = ("Title", "Black", "White", "Players", "Site", "Date", "Event", "Round", "Opening")


def _heading_tags(heading: str) -> dict[str, str]:
    (game,) = [process(r) for r in split_source(SourceText("ckh.txt", heading + "\n\n" + WILLOW_ROWS))]
    assert game.family == "checkers" and len(game.moves) == 7
    return {k: game.tags[k] for k in _TAGS if game.tags.get(k)}


@pytest.mark.parametrize("heading, tags", [
    # The colours a heading names say who had Black ("Black: J. Wyllie."; Black moves first): PDN's tags.
    ("GAME 7.--WILLOW.\n\nBlack: J. Wyllie.          White: R. Martins.",
     {"Title": "GAME 7.--WILLOW", "Black": "Wyllie, J.", "White": "Martins, R.", "Opening": "WILLOW", "Round": "7"}),
    # Where, when and in which match, a paragraph of its own under the heading; a match's game's number its round.
    ("GAME 7.--WILLOW.\n\nPlayed in the match for the championship, Glasgow, 1876.",
     {"Title": "GAME 7.--WILLOW", "Site": "Glasgow", "Date": "1876.??.??", "Event": "match for the championship",
      "Round": "7", "Opening": "WILLOW"}),
    # ... or the line under the label.
    ("GAME 7.--WILLOW.\nPlayed at Glasgow, 1876.",
     {"Title": "GAME 7.--WILLOW", "Site": "Glasgow", "Date": "1876.??.??", "Opening": "WILLOW"}),
    # The opening's name in quotes, its full stop inside them, "No." before the number.
    ('GAME No. 7.--"WILLOW."', {"Title": 'GAME No. 7.--"WILLOW"', "Opening": "WILLOW", "Round": "7"}),
    # The opening's name in quotes, where and when after it on the label's line (was: no Opening, Site nor Date).
    ('GAME 12.--"Old Fourteenth." Played at Glasgow, 1890.',
     {"Title": 'GAME 12.--"Old Fourteenth." Played at Glasgow, 1890', "Site": "Glasgow", "Date": "1890.??.??",
      "Opening": "Old Fourteenth"}),
    # No colours: the order of the names says nothing of who had Black.
    ("GAME 7.--WILLOW.\n\nPlayed between Messrs. Wyllie and Martins.",
     {"Title": "GAME 7.--WILLOW", "Players": "Wyllie and Martins", "Opening": "WILLOW", "Round": "7"}),
    # A colour after a name says it; a result's colour ("Won by Black.") says nothing of who had it.
    ("GAME 7.--WILLOW.\n\nMr. Wyllie (Black) v. Mr. Martins (White).",
     {"Title": "GAME 7.--WILLOW", "Black": "Wyllie", "White": "Martins", "Opening": "WILLOW", "Round": "7"}),
    ("GAME 7.--WILLOW.\n\nJ. Wyllie v. R. Martins. Won by Black.",
     {"Title": "GAME 7.--WILLOW", "Players": "Wyllie, J. and Martins, R.", "Opening": "WILLOW", "Round": "7"}),
    # Prose under the heading is no heading: nothing of it is a tag.
    ("GAME 7.--WILLOW.\n\nThis fine game was sent to us by a correspondent in Glasgow, 1876.",
     {"Title": "GAME 7.--WILLOW", "Opening": "WILLOW", "Round": "7"}),
    # The opening's name in capitals as the list of openings spells it (was: "THE OLD FOURTEENTH").
    ("GAME No. 4.--THE OLD FOURTEENTH.", {"Title": "GAME No. 4.--THE OLD FOURTEENTH", "Opening": "Old Fourteenth",
                                          "Round": "4"}),
])
def test_a_games_headings_say_who_had_black_where_when_and_its_opening(heading, tags):
    # (A game numbered in a book that names no event, place nor date: its number its Round, as the chess books'
    # reader numbers "GAME No. 4.--RUY LOPEZ." (notation.parse.chess_book.book_rounds); a place or an event names
    # a tournament's or a periodical's game, no round.)
    assert _heading_tags(heading) == tags


def test_a_result_a_paragraph_of_its_own_under_the_games_table_is_its_result():
    # "Drawn." after a blank line under the rows (was: a comment, the result unknown); under a note's table it stays
    # the note's.
    (game,) = [process(r) for r in split_source(SourceText("ckh.txt", "GAME 7.--WILLOW.\n\n" + WILLOW_ROWS))]
    assert game.result == "1/2-1/2" and "Drawn." not in game.comments
    rows = WILLOW_ROWS.replace("\n\n     Drawn.\n", "\n")
    noted = rows.replace("27-23\n", "27-23 a\n") + "\na. 24-19, 15x24, 28x19.\n\n     Drawn.\n"
    (game,) = [process(r) for r in split_source(SourceText("ckh.txt", "GAME 7.--WILLOW.\n\n" + noted))]
    assert game.result is None


def test_the_paragraphs_read_as_headings_end_at_the_score_and_at_prose_on_its_moves():
    # A paragraph that names a move is prose on the game: the headings end above it.
    text = "GAME 7.--WILLOW.\n\nThe move 11-15 is the usual one.\n\nPlayed at Glasgow, 1876."
    assert _heading_tags(text) == {"Title": "GAME 7.--WILLOW", "Opening": "WILLOW", "Round": "7"}


@pytest.mark.parametrize("heading, event", [
    ("GAME 7.--WILLOW.\n\nBlack: J. Wyllie.          White: R. Martins.", "?"),  # who played is no event
    ("GAME 7.--WILLOW.\n\nPlayed in the match for the championship, Glasgow, 1876.", "match for the championship"),
    # A book's game number and the opening's name are no event (was: [Event "GAME 7.--WILLOW"]).
    ("GAME 7.--WILLOW.", "?"),
    ("GAME No. 4.--THE OLD FOURTEENTH.", "?"),
    ('Game No. 1.--"Ayrshire Lassie" Opening.', "?"),
    ("A GAME AT THE CLUB.", "A GAME AT THE CLUB"),  # the title stands for the event where none is read
])
def test_pdn_writes_the_event_read_and_the_title_where_it_is_none(heading, event):
    from notation.write.pdn import write_pdn

    (game,) = [process(r) for r in split_source(SourceText("ckh.txt", heading + "\n\n" + WILLOW_ROWS))]
    pdn = write_pdn(game)
    assert f'[Event "{event}"]' in pdn
    assert ("[Title " in pdn) == (event != game.title)  # the title is kept either way
    for tag in ("Black", "White", "Site", "Date"):
        assert (f"[{tag} " in pdn) == bool(game.tags.get(tag))


@pytest.mark.parametrize("path, tags", [
    ("games.txt", '[Event "Glasgow match"]\n[Date "1887"]\n'),
    ("games.pdn", '[Event "Glasgow match"]\n[Date "1887"]\n'),
    ("games.txt", '[Event "Glasgow match"]\n[Date "1887"]\n[GameType "21"]\n'),
])
def test_games_side_by_side_under_tag_pairs_are_each_a_record_with_the_tags(path, tags):
    # A transcription's tag pairs over "Game 1.     Game 2." columns: each game a record (was: the first alone read,
    # the second's moves said to be a record that did not exist), each with the record's tags; the next record too.
    cells = [(f"{a:>5}", f"{b:>5}") for a, b in zip(GAME_1, GAME_2)]
    text = (tags + "\n    " + "Game 1.".ljust(13) + "Game 2.\n" + "".join(f"    {a:<13}{b}\n" for a, b in cells)
            + '\n[Event "Another match"]\n\n1. 11-15 22-18 *\n')
    games = [process(r) for r in split_source(SourceText(path, text))]
    assert [(g.status, g.title, g.tags.get("Event"), g.tags.get("Date")) for g in games] == [
        ("ok", "Glasgow match, Game 1", "Glasgow match", "1887"), ("ok", "Glasgow match, Game 2", "Glasgow match", "1887"),
        ("ok", "Another match", "Another match", None)]
    assert [[m.printed.replace(" ", "") for m in g.moves] for g in games[:2]] == [GAME_1, GAME_2]
    for game, other in zip(games, ("Game 2", "Game 1")):
        (said,) = [d for d in game.diagnostics if d.code == "game-beside"]
        assert f"'{other}'" in said.message


@pytest.mark.parametrize("path", ["games.txt", "games.pdn"])
def test_games_side_by_side_under_tag_pairs_each_carry_the_tags_notes(path):
    # Each game split out of a tag-pair record keeps what was said of its tags (a value not in quotes, a name
    # given twice), at the tag's line (was: said of neither game, the tags read for each from the splitter).
    tags = '[Event "Glasgow match"]\n[Round 3]\n[White "Wyllie"]\n[White "Martins"]\n'
    cells = [(f"{a:>5}", f"{b:>5}") for a, b in zip(GAME_1, GAME_2)]
    text = tags + "\n    " + "Game 1.".ljust(13) + "Game 2.\n" + "".join(f"    {a:<13}{b}\n" for a, b in cells)
    games = [process(r) for r in split_source(SourceText(path, text))]
    assert [g.title for g in games] == ["Glasgow match, Game 1", "Glasgow match, Game 2"]
    for game in games:
        assert sorted((d.code, d.line) for d in game.diagnostics if d.code.endswith("-tag")) == [
            ("duplicate-tag", 4), ("unquoted-tag", 2)]


#: The Old Fourteenth (legal, checked with notation.boards.checkers) in numbered rows of a move of each side.
FOURTEENTH = ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20", "11-15", "28-24", "8-11", "26-23",
              "9-14", "31-26", "6-9", "13-6", "2-9", "26-22", "1-6", "22-17", "18-22", "25-18", "15-22"]


def _rows(moves: list[str], first: int, label: str = "{}.") -> str:
    pairs = [moves[i:i + 2] for i in range(0, len(moves), 2)]
    return "".join(f"{label.format(first + k):>4} {'    '.join(f'{m:>5}' for m in pair)}\n" for k, pair in enumerate(pairs))


@pytest.mark.parametrize("label", ["{}.", "({})"])
def test_numbered_rows_with_a_note_between_and_a_variation_under_its_heading(label):
    # A guide's game in numbered rows ("1. 11-15  23-19"), a note between its rows, a variation under "Var. 1 (at
    # 8th move)." in numbered rows of its own ending "W. wins.": the heading makes it a table of the columns layout,
    # which read each row's number as a move that is not one (an error a row) and the rows after the note as a
    # table marked by no move (kept unreplayed). The rows are read across and go on after the note; the variation
    # replaces the trunk's 8th move of Black's (6-9), its verdict its own line's claim.
    variation = ["14-17*", "21-14", "10-17", "19-10", "7-14"]
    text = ("GAME 3.--OLD FOURTEENTH.\n\n      Black.    White.\n" + _rows(FOURTEENTH[:8], 1, label)
            + "\nThe usual continuation.\n\n" + _rows(FOURTEENTH[8:], 5, label) + "              Drawn.\n\n"
            + "Var. 1 (at 8th move).\n\n" + _rows(variation, 8, label) + "              W. wins.\n")
    (game,) = [process(r) for r in split_source(SourceText("guide.txt", text))]
    assert (game.status, game.result) == ("ok", "1/2-1/2"), [d.message for d in game.diagnostics]
    assert [m.printed.replace(" ", "") for m in game.moves] == FOURTEENTH
    (line,) = game.variations
    assert (line.branch_ply, [m.printed for m in line.moves]) == (15, [m.strip("*") for m in variation])
    assert [(c.ply, c.claimed) for c in game.claims] == [(19, "W wins"), (23, "Drawn")]


@pytest.mark.parametrize("position, start", [
    ("Black men on 5, 7, 16.\nWhite men on 20, 31, 32.\nWhite to move and win.\n", "W:W20,31,32:B5,7,16"),
    ("Black men on 5, 7, 16; White men on 20, 31, 32. White to move and win.\n", "W:W20,31,32:B5,7,16"),
    ("B. 5, 7, 16; W. 20, 31, K32. White to play and win.\n", "W:W20,31,K32:B5,7,16"),
])
def test_a_problems_position_in_words_over_its_table_is_its_set_up(position, start):
    # A problem's position in words over its solution in columns under "White.  Black.": the set-up (was: passed
    # over, the smallest position the moves need inferred in its place, without the man on 32 the moves never touch).
    text = ("PROBLEM 5.\n\n" + position + "\n    White.    Black.\n    20x2K      5-9\n    31-26      9-13\n"
            "    26-22     13-17\n    22x13\n          W. wins.\n")
    (game,) = [process(r) for r in split_source(SourceText("problems.txt", text))]
    assert (game.status, game.start, len(game.moves)) == ("ok", start, 7), [d.message for d in game.diagnostics]
    assert not [d for d in game.diagnostics if d.code == "setup-inferred"]
    assert [(c.claimed, c.ok) for c in game.claims] == [("W wins", True)]


def test_a_problems_position_in_words_with_a_square_off_the_board_is_said():
    text = ("PROBLEM 5.\n\nBlack men on 5, 7, 16, 35.\nWhite men on 20, 31.\nWhite to move and win.\n\n"
            "    White.    Black.\n    20x2K      5-9\n    31-26      9-13\n")
    (game,) = [process(r) for r in split_source(SourceText("problems.txt", text))]
    (bad,) = [d for d in game.diagnostics if d.code == "bad-setup"]
    assert (bad.severity, bad.line) == ("error", 3) and "35" in bad.message


def test_the_games_last_numbered_row_run_into_a_sentence_ends_the_game_with_its_result():
    # Numbered rows with notes between them, the last row run into a sentence: "12. 15-22, and the game is drawn."
    # is the game's last move and its result (was: a note numbered 12 that no move marks, an unreferenced-variation
    # warning, and the game without a result).
    text = ("GAME 2.--OLD FOURTEENTH.\n\n" + _rows(FOURTEENTH[:4], 1) + "Here Black has a choice of moves.\n"
            + _rows(FOURTEENTH[4:22], 3) + "12. 15-22, and the game is drawn.\n")
    (game,) = [process(r) for r in split_source(SourceText("games.txt", text))]
    assert (game.status, game.result) == ("ok", "1/2-1/2"), [d.message for d in game.diagnostics]
    assert [m.printed.replace(" ", "") for m in game.moves] == FOURTEENTH
    assert not [d for d in game.diagnostics if d.severity != "info"]


@pytest.mark.parametrize("head", ["Trunk.", "MAIN GAME.", "Main Game.", "Trunk Game.", "Main Line."])
@pytest.mark.parametrize("mark", ["", " (2)"])
def test_a_trunk_and_its_variations_side_by_side_under_their_heads(mark, head):
    # "Trunk.   Var. 1.   Var. 2." over their columns: the first column the game, each other a variation, at the
    # trunk's move its number follows ("9-14 (2)"), else where its moves read on from the trunk; each column's
    # verdict at its foot its own (was, unmarked: the columns read on one after another as one game, the first
    # variation's move an error and "W. wins." the game's result). The trunk's head as the guides print it: "Main
    # Game." was no head (the columns run together, the trunk's result the first variation's).
    var_1 = ["14-17*", "21-14", "10-17", "19-10", "7-14", "W. wins."]
    var_2 = ["10-14", "19-10", "6-15", "13-6", "1-10", "31-26", "W. wins."]
    trunk = [m + (mark if k == 12 else "") for k, m in enumerate(FOURTEENTH)] + ["Drawn."]
    rows = ["".join((f"    {t:<13}" if t else " " * 17) + f"{a:<11}" + b for t, a, b in [row])
            for row in zip(trunk, var_1 + [""] * 30, var_2 + [""] * 30)]
    text = f"OLD FOURTEENTH.\n\n    {head:<13}Var. 1.    Var. 2.\n" + "\n".join(r.rstrip() for r in rows) + "\n"
    (game,) = [process(r) for r in split_source(SourceText("guide.txt", text))]
    assert (game.status, game.result) == ("ok", "1/2-1/2"), [d.message for d in game.diagnostics]
    assert [m.printed.replace(" ", "") for m in game.moves] == FOURTEENTH
    assert [(v.branch_ply, [m.printed.replace(" ", "") for m in v.moves]) for v in game.variations] == [
        (13, var_2[:-1]), (15, [m.strip("*") for m in var_1[:-1]])]
    assert sorted((c.ply, c.claimed) for c in game.claims) == [(18, "W wins"), (19, "W wins"), (23, "Drawn")]


def test_a_trunk_in_two_columns_beside_its_variation_keeps_its_mark():
    # The trunk printed in two columns under its head, its variation's column to the right: the variation's number
    # after the trunk's move ("17-14 (1)") stands nearer the variation's head than the trunk's, and was read as a
    # word of the variation's column (an error, "'(1)' stands among the moves of a table but is not a move").
    text = ("SECOND DOUBLE CORNER.\n\n    Trunk.                Var. 1.\n\n"
            "   11-15    9-13          25-22\n   23-19   17-14 (1)       6-9\n    8-11   10-17          29-25\n"
            "   22-17   21-14          Drawn.\n           15-18\n           24-20\n         White wins.\n")
    (game,) = [process(r) for r in split_source(SourceText("guide.txt", text))]
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10-17", "21-14",
                                               "15-18", "24-20"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(6, ["25-22", "6-9", "29-25"])]


#: A guide's game under its heading with its opening's name in quotes, the trunk in two columns with no head, its
#: variation's head on the trunk's first row (each line checked with pydraughts).
UNHEADED_TRUNK = """\
GAME 3.--"SECOND DOUBLE CORNER."

   11-15    9-13     {head}
   23-19   {mark}25-22
    8-11   10-17      6-9
   22-17   21-14     29-25
           15-18     Drawn.
           24-20
         White wins.
"""
SECOND_DOUBLE_CORNER = ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10-17", "21-14", "15-18", "24-20"]


@pytest.mark.parametrize("head, mark", [
    ("VAR. 1.", "17-14(1)  "), ("Var. 1.", "17-14(1)  "), ("(1)", "17-14(1)  "), ("VAR. 1.", "17-14 (1) "),
    ("VAR. A.", "17-14a    "), ("VAR. A.", "17-14 a   "), ("VAR. A.", "17-14(a)  "),
], ids=["VAR.", "Var.", "(1)", "spaced", "glued-a", "bare-a", "(a)"])
def test_a_variations_head_on_the_unheaded_trunks_first_row_heads_its_column(head, mark):
    # The variation's head on the trunk's first row ("11-15  9-13  VAR. 1."), the trunk with no head of its own: the
    # head is the column's under it, the trunk the columns left of it, the variation at the move its mark follows
    # (was: the row taken for prose, tried as a set-up in words, "square 11 before any side" an error, the game
    # replayed on a reconstruction and 17-14 illegal). Its letter glued bare ("17-14a") or one space off ("17-14 a",
    # the grammar's margin letter of the next column's move) marks the move before it.
    text = UNHEADED_TRUNK.format(head=head, mark=mark)
    (game,) = [process(r) for r in split_source(SourceText("guide.txt", text))]
    assert (game.status, game.result) == ("ok", "0-1"), [d.message for d in game.diagnostics]
    assert (game.tags["Title"], game.tags["Opening"]) == ('GAME 3.--"SECOND DOUBLE CORNER"', "Second Double Corner")
    assert [m.printed for m in game.moves] == SECOND_DOUBLE_CORNER
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(6, ["25-22", "6-9", "29-25"])]
    assert sorted((c.ply, c.claimed) for c in game.claims) == [(8, "Drawn"), (10, "W wins")]
    assert not [d for d in game.diagnostics if d.severity != "info"], [d.message for d in game.diagnostics]


def test_a_variations_head_beside_the_trunks_first_move_in_one_column_heads_its_column():
    text = ('GAME 3.--"SECOND DOUBLE CORNER."\n\n   11-15     VAR. 1.\n   23-19     25-22\n    8-11      6-9\n'
            "   22-17     29-25\n    9-13     Drawn.\n   17-14(1)\n   10-17\n   21-14\n   15-18\n   24-20\n White wins.\n")
    (game,) = [process(r) for r in split_source(SourceText("guide.txt", text))]
    assert (game.status, game.result) == ("ok", "0-1"), [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves] == SECOND_DOUBLE_CORNER
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(6, ["25-22", "6-9", "29-25"])]


def test_a_sentence_over_the_table_that_opens_with_a_move_is_no_position_in_words():
    # "11-15 is the strongest opening move." over the game: prose, no set-up (was: "cannot set up the position in
    # words: square 11 before any side", an error); squares after "men on" with no side named are still said.
    table = "    11-15    4-8\n    23-19   17-13\n     8-11   15-18\n    22-17   24-20\n"
    text = "GAME 1.\n\n11-15 is the strongest opening move.\n\n" + table
    (game,) = [process(r) for r in split_source(SourceText("game.txt", text))]
    assert game.status == "ok" and "bad-setup" not in [d.code for d in game.diagnostics]
    assert len(game.moves) == 8
    (bad,) = [process(r) for r in split_source(SourceText("game.txt", "PROBLEM 1.\n\nmen on 10, 11.\n\n" + table))]
    assert "bad-setup" in [d.code for d in bad.diagnostics]


def test_a_note_letter_glued_bare_to_a_move_in_a_table_marks_it():
    # "17-13a" in a table, its note "a." under it: the move and its mark (was: an unread cell, the move lost, the
    # game's replay stopped at the next); a letter that names no note or column is not cut.
    table = "    11-15    4-8\n    23-19   17-13{}\n     8-11   15-18\n    22-17   24-20\n"
    note = "\na. 17-14, 10-17, 21-14.\n"
    (game,) = [process(r) for r in split_source(SourceText("game.txt", "GAME 1.\n\n" + table.format("a") + note))]
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves] == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [(6, ["17-14", "10-17", "21-14"])]
    (lone,) = [process(r) for r in split_source(SourceText("game.txt", "GAME 1.\n\n" + table.format("a")))]
    assert "unread-cell" in [d.code for d in lone.diagnostics]


def test_lines_from_the_opening_side_by_side_under_their_heads():
    # "Var. 1.   Var. 2.   Var. 3." over columns that each print a line from the opening: the first the game, each
    # other a variation where it leaves it, the first moves it prints again said as the game's named again (was: the
    # first column alone read, the others' second moves lines of one move, the rest prose, the game's "Drawn." lost).
    text = ("THE OPENINGS.\n\n    Var. 1.    Var. 2.    Var. 3.\n    11-15      11-15      11-15\n"
            "    23-19      22-18      24-20\n     8-11      15-22       8-11\n    22-17      25-18      28-24\n"
            "    Drawn.     Drawn.     Drawn.\n")
    (game,) = [process(r) for r in split_source(SourceText("openings.txt", text))]
    assert (game.status, game.result) == ("ok", "1/2-1/2"), [d.message for d in game.diagnostics]
    assert [m.printed for m in game.moves] == ["11-15", "23-19", "8-11", "22-17"]
    assert [(v.branch_ply, [m.printed for m in v.moves]) for v in game.variations] == [
        (2, ["22-18", "15-22", "25-18"]), (2, ["24-20", "8-11", "28-24"])]
    assert [c.claimed for c in game.claims] == ["Drawn"] * 3
    (said,) = [d for d in game.diagnostics if d.code == "prose"]
    assert (said.line, said.column) == (4, 16)


def test_every_text_the_columns_read_has_the_figures_identification_looks_for():
    # Identification parses a text for moves in columns only where two words of figure, sign, figure stand in it
    # (a chess book's every record was parsed): every checker text whose columns read two moves has them.
    from pathlib import Path

    from notation.pipeline import iter_files, read_records
    from notation.rules.checkers import _COLUMN_MOVE, _two

    root = Path(__file__).resolve().parent.parent / "corpus"
    read = 0
    for path in iter_files([str(root / "checkers"), str(root / "dev" / "eb1911-draughts"),
                            str(root / "dev" / "hoyle-modernized-draughts"), str(root / "dev" / "boys-own-book-draughts"),
                            str(root / "dev" / "every-boys-book-draughts")]):
        for record in read_records(path):
            try:
                moves = COLUMNS.parse(record).line.moves
            except ParseError:
                continue
            if len(moves) >= 2:
                read += 1
                assert _two(_COLUMN_MOVE, record.body), (path, record.body[:200])
    assert read >= 10, read


# A game in two columns under "Black." "White." with a lettered note and a result told in words (typed as the books
# of 1880-1920 print them; the play checked on the board).
GAME_WITH_NOTE = """\
GAME 2.

    Black.      White.
    11-15       23-19
     8-11       22-17
     4-8        17-13
    12-16 (a)   19x12
    15-19       24x15
    10x19       27-24
{result}

(a) Black may instead play 15-18; then 24-20, 11-15, 28-24, 8-11, 26-23.
"""


def test_a_note_that_names_its_first_move_in_prose_then_runs_on_is_one_line():
    # "Black may instead play 15-18; then 24-20, ...": the note's first move and its run are one line replacing the
    # marked move (its run alone was taken, 24-20 played for Black, an error, 15-18 hung as a line of its own).
    (game,) = [process(r) for r in split_source(SourceText("game.txt", GAME_WITH_NOTE.format(result="Drawn.")))]
    assert (game.status, game.result) == ("ok", "1/2-1/2")
    (note,) = game.variations
    assert note.branch_ply == 7 and all(m.status == "ok" for m in note.moves)  # (plies count from 1)
    assert [m.normalized for m in note.moves] == ["15-18", "24-20", "11-15", "28-24", "8-11", "26-23"]


@pytest.mark.parametrize("notes", [True, False])
def test_a_result_told_before_the_move_that_makes_it_under_a_table(notes):
    # "Black wins by 9-14." under the table: the move goes on with the game, and the result is the game's (the result
    # was "*"; with the notes below it, the move was left as prose too).
    text = GAME_WITH_NOTE.format(result="\nBlack wins by 9-14.")
    if not notes:
        text = text[:text.index("(a) Black")]
    (game,) = [process(r) for r in split_source(SourceText("game.txt", text))]
    assert game.moves[-1].normalized == "9-14" and (game.status, game.result) == ("ok", "1-0")


#: A game in numbered columns under its heading, a note by letter under it (checked with pydraughts).
OLD_FOURTEENTH_PAGE = """\
GAME No. 4.--THE OLD FOURTEENTH.

 1. 11-15   23-19
 2.  8-11   22-17
 3.  4-8    17-13
 4. 15-18   24-20
 5. 11-15   28-24 (A)
 6.  8-11   26-23
 7.  9-14   31-26
 8.  6-9    13-6
 9.  2-9

Drawn.

(A) 26-23 here is also good, and draws.
"""


def test_a_lettered_note_is_its_variations_and_the_heading_the_tags():
    # The note hung from its letter is the comment of the line it gives, once (was: the record's comment too, after
    # the heading); the heading is the tags': the Title, the Opening as the openings are spelt, the book's game
    # number its Round, and no Event.
    from notation.write.pdn import write_pdn

    (game,) = [process(r) for r in split_source(SourceText("ck.txt", OLD_FOURTEENTH_PAGE))]
    assert game.status == "ok" and len(game.moves) == 17 and game.result == "1/2-1/2"
    (a,) = game.variations
    assert [m.printed for m in a.moves] == ["26-23"] and a.comment == "(A) 26-23 here is also good, and draws."
    assert game.comments == []
    assert {k: game.tags.get(k) for k in ("Title", "Opening", "Round")} == {
        "Title": "GAME No. 4.--THE OLD FOURTEENTH", "Opening": "Old Fourteenth", "Round": "4"}
    pdn = write_pdn(game)
    assert '[Event "?"]' in pdn and pdn.count("here is also good") == 1 and "1. 11-15 23-19" in pdn.split("\n\n")[1]


def test_words_over_the_table_that_are_not_the_heading_stay_the_records():
    # A sentence that opens with the heading's words is the author's, no heading ("Problem No. 2 is a fine ...").
    page = OLD_FOURTEENTH_PAGE.replace("GAME No. 4.--THE OLD FOURTEENTH.\n\n",
                                       "THE OLD FOURTEENTH.\n\nThe Old Fourteenth is a sound opening for Black.\n\n")
    (game,) = [process(r) for r in split_source(SourceText("ck.txt", page))]
    assert game.status == "ok" and game.title == "THE OLD FOURTEENTH" and game.tags["Opening"] == "Old Fourteenth"
    assert game.comments == ["The Old Fourteenth is a sound opening for Black."]


def test_an_etexts_page_mark_among_the_notes_is_no_note():
    # "{112}", where the e-text's page 112 begins, between the table and the notes, and inside a note broken over the
    # page: the book's furniture (the archive's pages show it), not words of the record's nor of the note (was:
    # "{112)" in the PDN's comments).
    from notation.write.pdn import write_pdn

    page = OLD_FOURTEENTH_PAGE.replace("Drawn.\n", "Drawn.\n\n{112}\n").replace("also good,", "also {113} good,")
    (game,) = [process(r) for r in split_source(SourceText("ck.txt", page))]
    assert game.status == "ok" and game.comments == []
    assert game.variations[0].comment == "(A) 26-23 here is also good, and draws."
    assert "112" not in write_pdn(game) and "113" not in write_pdn(game)
