"""The guides' variation sections under a trunk game in columns: each read from where its heading puts it.

The texts are short and their moves legal (checked with ``notation.boards.checkers``): the trunk
``9-14 23-19 10-15 19-10 6-15 26-23 15-19 23-16 11-20 31-26 14-17 22-13 ...``.
"""

import pytest

from notation.model import SourceText
from notation.pipeline import process, split_source

TRUNK = """\
GAME 1.--SOUTER.

  9-14    11-20    20-27   Drawn.
 23-19    31-26    26-22
 10-15    14-17      5-9
 19-10    22-13     13-6
  6-15    7-11{b}    1-10
 26-23    21-17    28-24
 15-19      3-7    12-16
 23-16    27-23    17-13
"""

#: An alternative to the 10th move (31-26) of the trunk, and one to its 13th (7-11) and 7th (15-19).
AT_10TH = """\
 24-19    20-16
 20-24    11-20
 27-20    19-15
  7-11     8-11
          15-8
           4-11
         W. wins.
"""
AT_13TH = """\
  8-11    20-27   B. wins.
 24-19    32-23
  7-10      3-7
 27-24     13-9
"""
AT_7TH = """\
  7-10    15-18   Drawn.
 23-19    22-15
   2-6    11-18
 30-26    19-16
"""


def games(text):
    return [process(r) for r in split_source(SourceText("guide.txt", text))]


def trunk(mark=""):
    return TRUNK.replace("{b}", mark)


@pytest.mark.parametrize("heading, body, ply, first, result", [
    ("VAR. 1.\n(At 10th move.)", AT_10TH, 10, "24-19", "W wins"),
    ("Var. 2 (at 10th move).", AT_10TH, 10, "24-19", "W wins"),
    ("Game 1.--Var. 4 (at 7th move).", AT_7TH, 7, "7-10", "Drawn"),
    ("(At 10th move.)", AT_10TH, 10, "24-19", "W wins"),
    # Black's seventh move (the 13th printed): 8-11 cannot replace the 7th printed move (15-19)
    ("Var. 3 (at 7th move).", AT_13TH, 13, "8-11", "B wins"),
    # A side's move counted, or the trunk's move named, in words.
    ("Var. 2, at White's 5th move.", AT_10TH, 10, "24-19", "W wins"),
    ("Var. 3 at Black's 7th move.", AT_13TH, 13, "8-11", "B wins"),
    ("Var. 3.--Instead of 7-11:", AT_13TH, 13, "8-11", "B wins"),
    ("Var. 2 at 10th move.", AT_10TH, 10, "24-19", "W wins"),
])
def test_a_variation_is_replayed_at_the_move_its_heading_names(heading, body, ply, first, result):
    (game,) = games(trunk() + "\n" + heading + "\n\n" + body)
    assert game.status == "ok" and len(game.moves) == 24
    (var,) = game.variations
    assert var.branch_ply == ply and var.moves[0].printed == first
    assert all(m.status == "ok" for m in var.moves)
    assert [c.claimed for c in game.claims if c.ply == ply + len(var.moves) - 1] == [result]


def test_a_variation_at_a_note_replaces_the_move_the_note_marks():
    text = (trunk(" (b)") + "\n(b) Stronger than it looks; see the variation.\n\n"
            "Variation 3.--At note (b).\n\n" + AT_13TH)
    (game,) = games(text)
    assert game.status == "ok" and not game.diagnostics
    (var,) = game.variations
    assert (var.branch_ply, var.label, [m.printed for m in var.moves][:2]) == (13, "3", ["8-11", "24-19"])
    assert "(b) Stronger than it looks; see the variation." in game.comments


def test_a_heading_that_names_no_move_places_the_variation_where_its_moves_read_on_and_says_so():
    # Nothing marks or places it: its moves read on from the trunk's 10th move (31-26) and from no other.
    (game,) = games(trunk() + "\nVAR. 1.\n\n" + AT_10TH)
    assert game.status == "ok" and [d.code for d in game.diagnostics] == ["placed-variation"]
    (var,) = game.variations
    assert (var.branch_ply, var.label, var.moves[0].printed) == (10, "1", "24-19")


@pytest.mark.parametrize("body, why", [
    ("  12-16    8-12\n  24-20   Drawn.\n", "its moves read on from the 1st and the 7th move"),
    ("  12-16   Drawn.\n  27-24\n", "its moves read on from no move"),
])
def test_a_variation_that_nothing_places_and_no_one_move_fits_is_kept_unreplayed_as_an_error(body, why):
    (game,) = games(trunk() + "\nVAR. 1.\n\n" + body)
    assert not game.variations, why
    assert game.status == "error" and [d.code for d in game.diagnostics] == ["unreferenced-variation", "prose"]
    assert [d.severity for d in game.diagnostics][0] == "error"


#: A game under its sides' header and a variation whose place the words tell (its moves legal, checked with
#: ``notation.boards.checkers``): Black's 5th move is the 9th printed, 11-16.
CROSS = """\
GAME 4.--THE CROSS.

  Black.    White.
  12-16     23-18
  16-19     24-15
  10-19     28-24
  19-28     27-24
  11-16     24-19
  16-23     26-19
  8-12      19-16
  12-19     30-26

Drawn.

{heading}

  6-10      21-17
  2-6       32-27
  10-15     18-14

White wins.
"""


@pytest.mark.parametrize("heading, code", [
    ("Var. 1.\n\nAt Black's 5th move, instead of 11-16:", None),
    ("Var. 1.--At Black's 5th move, instead of 11-16:", None),
    ("Var. 1. (At 11-16.)", None),
    ("Var. 1.\n\n(At Black's 5th move.)", None),
    ("Var. 1.\nInstead of 11-16 at the 9th move:", None),
    ("Variation 1.", "placed-variation"),  # no place told: the one move its moves read on from
])
def test_a_variations_place_told_in_words_or_found_by_its_moves(heading, code):
    (game,) = games(CROSS.format(heading=heading))
    assert game.status == "ok" and [d.code for d in game.diagnostics] == ([code] if code else [])
    (var,) = game.variations
    # Read across, as the game under its sides' header: a move of each side a row.
    assert [m.printed for m in var.moves] == ["6-10", "21-17", "2-6", "32-27", "10-15", "18-14"]
    assert var.branch_ply == 9 and var.label == "1" and all(m.status == "ok" for m in var.moves)
    # Each result a paragraph of its own under its table: the variation's, and the game's.
    assert [(c.ply, c.claimed) for c in game.claims] == [(14, "W wins"), (16, "Drawn")]


def test_a_variation_whose_told_place_its_moves_cannot_replace_is_kept_unreplayed_as_an_error():
    # Black's 4th move is a capture (19-28) that Black must make: 6-10 cannot replace it.
    (game,) = games(CROSS.format(heading="Var. 1, at Black's 4th move."))
    assert not game.variations and game.status == "error"
    assert [d.code for d in game.diagnostics][:1] == ["unreferenced-variation"]


def test_a_variation_numbered_after_the_move_it_replaces():
    (game,) = games(trunk().replace("31-26 ", "31-26 (1)", 1) + "\nVAR. 1.\n\n" + AT_10TH)
    assert game.status == "ok" and not game.diagnostics
    (var,) = game.variations
    assert (var.branch_ply, var.label, var.moves[0].printed) == (10, "1", "24-19")


def test_a_trunk_heading_in_capitals_starts_no_record():
    (game,) = games(trunk().replace("\n\n", "\n\nTRUNK.\n\n", 1) + "\nVar. 2 (at 10th move).\n\n" + AT_10TH)
    assert game.title.startswith("GAME 1") and len(game.moves) == 24 and game.variations[0].branch_ply == 10


def test_a_run_goes_on_past_an_asterisk_to_a_capture_joined_by_x_and_drawn():
    run = "24-19, 20-24, 27-20, 7-11, 20-16, 11-20, 19-15, 8-11*, 15-8, 4 x 11 drawn."
    (game,) = games(trunk() + "\nVar. 1 (at 10th move). " + run + "\n")
    (var,) = game.variations
    assert [m.printed for m in var.moves][-3:] == ["8-11", "15-8", "4 x 11"]
    assert game.status == "ok" and [c.claimed for c in game.claims if c.ply == 19] == ["Drawn"]


def test_a_line_continued_from_the_asterisk_in_a_variation_replaces_the_marked_move():
    text = (trunk() + "\nVar. 1 (at 10th move). 24-19, 20-24, 27-20, 7-11, 20-16, 11-20, 19-15, 8-11*, 15-8, "
            "4-11. Drawn.\n\nVar. 2.--Continue from * in Var. 1. 1-6, 21-17, 14-21, 28-24, 20-27, 32-23. B. wins.\n")
    (game,) = games(text)
    assert game.status == "ok" and not game.diagnostics
    var1, var2 = game.variations
    assert (var2.parent, var2.branch_ply, var2.moves[0].printed) == (var1.id, 17, "1-6")
    assert [c.claimed for c in game.claims if c.ply == 22] == ["B wins"]


RUN_10TH = "24-19, 20-24, 27-20, 7-11, 20-16, 11-20, 19-15, 8-11, 15-8, 4-11. W. wins."
RUN_13TH = "8-11, 24-19, 7-10, 27-24, 20-27, 32-23, 3-7, 13-9. B. wins."


@pytest.mark.parametrize("marks, notes", [
    (("(1)", "(2)"), f"\n(1) {RUN_10TH}\n\n(2) {RUN_13TH}\n"),
    (("1", "2"), f"\nNOTES.\n\n1. {RUN_10TH}\n2. {RUN_13TH}\n"),
])
def test_numbered_notes_under_the_game_replace_the_moves_their_numbers_follow(marks, notes):
    text = trunk(f" {marks[1]}").replace("31-26 ", f"31-26 {marks[0]}", 1)
    (game,) = games(text + notes)
    assert game.status == "ok" and not game.diagnostics
    assert [(v.label, v.branch_ply, v.moves[0].printed) for v in game.variations] == [
        ("1", 10, "24-19"), ("2", 13, "8-11")]
    assert [(c.ply, c.claimed) for c in game.claims] == [(19, "W wins"), (20, "B wins"), (24, "Drawn")]


def test_a_note_naming_the_move_it_replaces_hangs_no_second_line_for_it():
    text = trunk(" (2)") + "\n(2) Better than 7-11 is " + RUN_13TH.replace(". B. wins.", ", and Black wins.") + "\n"
    (game,) = games(text)
    (var,) = game.variations
    assert var.branch_ply == 13 and not any(v.parent == var.id for v in game.variations)
    assert [d.code for d in game.diagnostics] == ["prose"] and "'7-11'" in game.diagnostics[0].message


def test_a_table_under_its_sides_header_is_read_across_its_rows():
    rows = ["9-14 23-19", "10-15 19-10", "6-15 26-23", "15-19 23-16", "11-20 31-26", "14-17 22-13"]
    var = ["24-19 20-24", "27-20 7-11", "20-16 11-20"]
    text = ("GAME 9.--SOUTER.\n\n  BLACK.   WHITE.\n" + "\n".join("  " + r for r in rows) + "\n\n"
            "Var. 1 (at 10th move).\n\n  WHITE.   BLACK.\n" + "\n".join("  " + r for r in var) + "\n  W. wins.\n")
    (game,) = games(text)
    assert game.status == "ok" and not game.diagnostics and game.detail.decoded is None
    assert [m.printed for m in game.moves][:4] == ["9-14", "23-19", "10-15", "19-10"]
    (variation,) = game.variations
    assert variation.branch_ply == 10 and [m.printed for m in variation.moves][:3] == ["24-19", "20-24", "27-20"]


@pytest.mark.parametrize("heading", ["Var. 2 (at 10th move).", "Variation 2, at the 10th move of the trunk."])
def test_a_variation_heading_over_its_moves_run_on_in_a_sentence(heading):
    # The heading alone in its paragraph, the variation's moves in the next one as a sentence, not a table.
    (game,) = games(trunk() + "\n" + heading + "\n\n" + RUN_10TH + "\n")
    assert game.status == "ok" and not game.diagnostics
    (var,) = game.variations
    assert (var.branch_ply, var.label, var.moves[0].printed, len(var.moves)) == (10, "2", "24-19", 10)
    assert [(c.ply, c.claimed) for c in game.claims] == [(19, "W wins"), (24, "Drawn")]


def test_a_lettered_note_naming_its_move_before_playing_it_out_hangs_one_line_with_its_result():
    # "(b) 8-11 is also good: 8-11, 24-19, ...": the lead-in names the line's first move; one line, not two,
    # and the result after its last move is the line's.
    text = trunk(" (b)") + "\n(b) 8-11 is also good: " + RUN_13TH.replace(". B. wins.", ". Black wins.") + "\n"
    (game,) = games(text)
    assert game.status == "ok"
    (var,) = game.variations
    assert (var.branch_ply, var.moves[0].printed, len(var.moves)) == (13, "8-11", 8)
    assert [(c.ply, c.claimed) for c in game.claims] == [(20, "B wins"), (24, "Drawn")]
    # The word named again is read as the line's first move, not left in the prose.
    assert var.moves[0].detail.again == 1 and not [d for d in game.diagnostics if d.code == "prose"]


def test_tag_pairs_over_a_games_heading_are_its_records():
    (game,) = games('[Game "checkers"]\n[Event "Guide"]\n\n' + trunk())
    assert game.family == "checkers" and game.status == "ok" and len(game.moves) == 24
    assert game.tags["Event"] == "Guide" and game.title.startswith("GAME 1")


@pytest.mark.parametrize("lead", ["At the 10th move, ", "At the 10th move White may play "])
def test_a_paragraph_naming_the_trunks_move_it_goes_back_to_is_read_from_there(lead):
    # "At the 10th move, 24-19, 20-24, ...": its moves are legal only from the trunk's position before its 10th
    # move (it was left as prose); "at the 13th move" (Black's 7th) likewise.
    text = trunk() + "\n" + lead + RUN_10TH + "\n\nAt the 7th move of Black, " + RUN_13TH + "\n"
    (game,) = games(text)
    assert game.status == "ok" and not any(d.code == "prose" for d in game.diagnostics)
    assert [(v.branch_ply, v.moves[0].printed, len(v.moves)) for v in game.variations] == [(10, "24-19", 10),
                                                                                          (13, "8-11", 8)]
    assert [(c.ply, c.claimed) for c in game.claims] == [(19, "W wins"), (20, "B wins"), (24, "Drawn")]


@pytest.mark.parametrize("note", [
    "Var. A.\n\n" + AT_10TH,  # a section lettered in capitals over its table
    "Var. A.--" + RUN_10TH,  # its moves glued to it by a dash (an em dash in the e-texts)
    "(A) " + RUN_10TH,  # a note headed by the letter
])
def test_variations_lettered_in_capitals(note):
    (game,) = games(trunk().replace("31-26 ", "31-26 (A)", 1) + "\n" + note + "\n")
    assert game.status == "ok" and not game.diagnostics
    (var,) = game.variations
    assert (var.branch_ply, var.label, var.moves[0].printed, len(var.moves)) == (10, "A", "24-19", 10)


@pytest.mark.parametrize("note", [
    "Var. 1 (at 8th move). 23-16, 11-20, " + RUN_10TH,
    "Var. 1 (at 1st move). 9-14, 23-19, 10-15, 19-10, 6-15, 26-23, 15-19, 23-16, 11-20, " + RUN_10TH,
])
def test_a_notes_run_printed_from_a_move_the_trunk_played_branches_where_it_differs(note):
    # A note's run repeats the trunk's moves up to the one it changes (here from the 8th, or from the first):
    # those are the trunk's moves printed again, not an alternative to them. Its line branches at the 10th
    # (31-26's place), and the words of the moves it repeats stay with the note.
    (game,) = games(trunk() + "\n" + note + "\n")
    assert game.status == "ok" and len(game.moves) == 24
    (var,) = game.variations
    assert (var.parent, var.branch_ply, [m.printed for m in var.moves][:2]) == (0, 10, ["24-19", "20-24"])
    assert "23-16" in (var.comment or "") and "11-20" in (var.comment or "")
    assert [(c.ply, c.claimed) for c in game.claims] == [(19, "W wins"), (24, "Drawn")]


#: The trunk above to its 12th move, with alternatives to its 7th (15-19), 10th (31-26) and 12th (22-13) moves.
SHORT = "9-14 23-19 10-15 19-10 6-15 26-23 15-19 23-16 11-20 31-26 14-17 22-13".split()
VARS = {"A": (9, RUN_10TH.replace(",", "").split()[:10], "W. wins."),
        "B": (6, "7-10 23-19 2-6 30-26 15-18 22-15 11-18 19-16".split(), "Drawn."),
        "C": (11, ["21-14", "2-6", "25-21"], "Drawn.")}


def page(cells, rows):
    """Cells printed one a line (``rows`` None), else down columns of ``rows`` cells."""
    if rows is None:
        return "".join(f"  {cell}\n" for cell in cells)
    columns = [cells[k:k + rows] for k in range(0, len(cells), rows)]
    return "".join("  " + "".join(f"{c[r] if r < len(c) else '':>14}" for c in columns).rstrip() + "\n"
                   for r in range(rows))


def guide(rows, letters="A", mark="({})", head="Var. {}.", result=None):
    marks = {VARS[letter][0]: mark.format(letter) for letter in letters}
    cells = [move + (f" {marks[k]}" if marks.get(k) else "") for k, move in enumerate(SHORT)]
    text = "GAME 1.\n\n" + page(cells + ([result] if result else []), rows)
    for letter in letters:
        _, moves, verdict = VARS[letter]
        text += "\n" + head.format(letter) + "\n\n" + page(moves + [verdict], rows)
    return text


def reading(text):
    (game,) = games(text)
    return (game.status, [m.printed for m in game.moves], [(v.label, v.branch_ply, [m.printed for m in v.moves])
                                                           for v in game.variations],
            [(c.ply, c.claimed) for c in game.claims], [d.code for d in game.diagnostics])


@pytest.mark.parametrize("form", [
    {},  # "31-26 (A)" over "Var. A."
    {"mark": "{}"},  # the mark printed bare: "31-26 A"
    {"head": "{}."},  # the heading "A." alone
    {"head": "({})"},  # the heading "(A)" alone
    {"result": "Drawn."},  # the trunk's result under it
    {"letters": "ABC"},  # three variations, each under its heading
    {"mark": "", "head": "Var. {} (at 10th move)."},  # the heading names the move
], ids=["marked", "bare", "A.", "(A)", "drawn", "ABC", "at-10th"])
def test_a_trunk_printed_one_move_a_line_reads_as_its_columns(form):
    # E-texts print the trunk and its variations one move a line: a table of one column, read as the same moves
    # printed in columns of four (the variations' moves had become the main line, the trunk's the variation).
    one, columns = reading(guide(None, **form)), reading(guide(4, **form))
    assert one == columns
    status, moves, variations, claims, codes = one
    assert status == "ok" and moves == SHORT and not codes
    assert [(label, ply, line[0]) for label, ply, line in variations] == sorted(
        ((letter, VARS[letter][0] + 1, VARS[letter][1][0]) for letter in form.get("letters", "A")),
        key=lambda v: v[1])
    assert (19, "W wins") in claims and ((12, "Drawn") in claims) == ("result" in form)


def test_a_one_column_variation_that_nothing_places_is_placed_where_its_moves_read_on():
    text = guide(None, mark="")
    (game,) = games(text)
    assert [m.printed for m in game.moves] == SHORT and [d.code for d in game.diagnostics] == ["placed-variation"]
    assert [(v.label, v.branch_ply) for v in game.variations] == [("A", VARS["A"][0] + 1)]
    assert reading(text) == reading(guide(4, mark=""))


#: The trunk of the "Old Fourteenth" and its variation A, one move a line.
OLD_14TH = ("11-15 23-19 8-11 22-17 4-8 17-13 15-18 (A) 24-20 9-14 28-24 6-9 13-6 2-9 26-23 1-6 31-26 9-13 21-17 "
            "14-21 23-14 10-17 25-22 Drawn.")
OLD_14TH_A = "9-14 24-20 15-18 28-24 Drawn."


def test_the_old_fourteenths_variation_printed_one_move_a_line_is_its_line_not_prose():
    cells = [cell.replace("_", " ") for cell in OLD_14TH.replace(" (A)", "_(A)").split()]
    text = "OLD FOURTEENTH.\n\n" + page(cells, None) + "\nVar. A.\n\n" + page(OLD_14TH_A.split(), None)
    (game,) = games(text)
    assert len(game.moves) == 22 and not any(d.code == "prose" for d in game.diagnostics)
    (var,) = game.variations
    assert (var.label, var.branch_ply, [m.printed for m in var.moves]) == ("A", 7, OLD_14TH_A.split()[:4])
    assert [(c.ply, c.claimed) for c in game.claims] == [(10, "Drawn"), (22, "Drawn")]
    # The variation's 15-18 leaves the jump 15x24 (24-20 emptied 24): said, as in the columns, not let pass.
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    assert error.code == "missed-capture" and "15x24" in error.message
    assert reading(text) == reading("OLD FOURTEENTH.\n\n" + page(cells, 6) + "\nVar. A.\n\n"
                                    + page(OLD_14TH_A.split(), 3))


def test_a_heading_that_names_the_move_replaced_before_its_run_of_moves_places_it_there():
    # "Instead of 7-11:" heads the run: the trunk's 13th move, its 7-11 read as that move named again, not prose.
    (game,) = games(trunk() + "\nVar. 3.--Instead of 7-11: 8-11, 24-19, 7-10, 27-24, 20-27, 32-23, 3-7, 13-9. "
                    "B. wins.\n")
    assert game.status == "ok" and not game.diagnostics
    (var,) = game.variations
    assert (var.branch_ply, var.label, len(var.moves)) == (13, "3", 8)


@pytest.mark.parametrize("heading", ["Var. 2.--From the 5th move of Var. 1.", "Var. 2, at the 5th move of Variation 1."])
def test_a_variation_placed_at_a_move_of_another_variation(heading):
    # Var. 1 replaces the trunk's 7th move; Var. 2 its own 5th move (15-18) by 11-16.
    (game,) = games(trunk() + "\nVar. 1 (at 7th move).\n\n" + AT_7TH + "\n" + heading + "\n\n"
                    + "  11-16    16-20\n  26-23    Drawn.\n")
    assert game.status == "ok" and not game.diagnostics
    assert [(v.label, v.parent, v.branch_ply, v.moves[0].printed) for v in game.variations] == [
        ("1", 0, 7, "7-10"), ("2", 1, 11, "11-16")]


#: A chapter's line in numbered columns and its variation told in a sentence after it (as the textbooks print one:
#: Lasker's, Spayth's, Lees's). Main line and variation legal (checked with pydraughts): White's 5th move (the 10th
#: printed) 24-20, replaced by 24-19, 16-20, 19-15, 10x19, 23x16.
CHAPTER = """\
CHAPTER IV.

THE SINGLE CORNER.

The Single Corner is formed by 11-15, 22-18, 15-22, 25-18. A sound
continuation for Black is 8-11, after which the usual play runs:

     1. 11-15   22-18
     2. 15-22   25-18
     3.  8-11   29-25
     4.  4-8    25-22
     5. 12-16   24-20
     6. 10-14   27-24
     7. 16-19   23-16
     8. 14-23   26-19

and the game is even.

{sentence}
"""


@pytest.mark.parametrize("sentence, last", [
    ("If at the fifth move White plays 24-19 instead of 24-20, Black\nreplies 16-20, 19-15, 10-19, 23-16, with the "
     "better game.", "with the better game"),
    ("Instead of 24-20 at the fifth move, 24-19 is answered by 16-20,\n19-15, 10-19, 23-16, with the better game.",
     "with the better game"),
    ("If 24-19 (instead of 24-20), then 16-20, 19-15, 10-19, 23-16.", None),  # the move replaced names the place
    ("At White's fifth move, 24-19; 16-20, 19-15, 10-19, 23-16. Black wins.", None),  # a count in words, a verdict
])
def test_a_variation_told_in_a_sentence_after_the_columns_is_read_where_its_words_put_it(sentence, last):
    # Was left in the comments, an info ("taken for prose ... '24-19'") under an ok record.
    (game,) = games(CHAPTER.format(sentence=sentence))
    assert game.status == "ok" and len(game.moves) == 16
    (var,) = game.variations
    assert (var.branch_ply, [m.normalized for m in var.moves]) == (10, ["24-19", "16-20", "19-15", "10x19", "23x16"])
    # The move replaced ("instead of 24-20") is the game's move named again, not a word left in the prose.
    prose = " ".join(d.message for d in game.diagnostics if d.code == "prose")
    assert "24-19" not in prose and "24-20" not in prose and "16-20" not in prose
    assert var.moves[-1].comment == last
    assert [(c.ply, c.claimed) for c in game.claims] == ([(14, "B wins")] if "wins" in sentence else [])


@pytest.mark.parametrize("sentence", [
    # the move named is not the game's
    "If at the fifth move White plays 24-19 instead of 22-17, Black\nreplies 16-20, 19-15, 10-19, 23-16.",
    # the game's move, but not at the move counted
    "If at the sixth move White plays 24-19 instead of 24-20, Black\nreplies 16-20, 19-15, 10-19, 23-16.",
])
def test_a_sentence_whose_told_place_its_moves_cannot_replace_is_an_error_naming_its_words(sentence):
    (game,) = games(CHAPTER.format(sentence=sentence))
    assert game.status == "error" and not game.variations
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    assert error.code == "unreferenced-variation" and "instead of" in error.message and "'24-19'" in error.message
    assert (error.line, error.column) == (19, 34)


def test_a_chapters_number_over_its_title_in_capitals_is_titled_by_the_title():
    # "CHAPTER IV." / "THE SINGLE CORNER.": the number is the chapter's place in the book, the title names the
    # record (was titled "CHAPTER IV.").
    (game,) = games(CHAPTER.format(sentence=""))
    assert game.title == "THE SINGLE CORNER." and game.status == "ok" and len(game.moves) == 16
