"""Checker book notation and PDN: what each grammar reads, and how the replay judges it."""

import pytest

from notation.boards.checkers import INITIAL_FEN, Board
from notation.model import SourceText
from notation.parse import ParseError
from notation.pipeline import process, split_source
from notation.records import split_tagged
from notation.rules.checkers import FAMILY, infer_setup, picture
from notation.rules.checkers.notations.book import NOTATION as BOOK
from tests.conftest import replay

BOOK_TAGS = '[Game "checkers"]\n[Notation "book"]\n'
PDN_TAGS = '[Game "checkers"]\n[Notation "pdn"]\n'


def record(text, tags=BOOK_TAGS, path="test.txt"):
    (rec,) = split_tagged(SourceText(path, tags + text))
    return rec


def game(text, tags=BOOK_TAGS):
    return process(record(text, tags))


def moves(g):
    return [m.normalized for m in g.moves]


def codes(g, severity=None):
    return [d.code for d in g.diagnostics if severity is None or d.severity == severity]


# --------------------------------------------------------------------------
# Book notation: the grammar


def test_black_hyphenated_white_spaced():
    parsed = BOOK.parse(record("11-15 23 19 8-11 22 17 3- 8"))
    fields = [m.fields for m in parsed.line.moves]
    assert [f.squares for f in fields] == [(11, 15), (23, 19), (8, 11), (22, 17), (3, 8)]
    assert [f.side for f in fields] == ["black", "white", "black", "white", "black"]
    assert parsed.line.moves[-1].text == "3- 8"


def test_a_table_column_one_cell_a_line():
    g = game("11-15\n23 19\n8-11\n22 17\n3- 8\n")
    assert moves(g) == ["11-15", "23-19", "8-11", "22-17", "3-8"]
    assert g.status == "ok" and g.start == INITIAL_FEN
    assert (g.moves[1].line, g.moves[1].column) == (4, 1)


def test_captures_by_end_squares_full_path_or_x():
    fen = '[FEN "B:W15,22:B11"]\n'
    for text in ("11-25", "11-18-25", "11x18x25", "11x25"):
        g = game(text, BOOK_TAGS + fen)
        assert moves(g) == ["11x18x25"], text
        assert g.moves[0].detail.as_json() == {"from": 11, "to": 25, "path": [11, 18, 25], "captures": [15, 22],
                                     "crowned": False}
    assert moves(game("11-15 22 18 15-22 25 18")) == ["11-15", "22-18", "15x22", "25x18"]


def test_the_asterisk_marks_the_losing_move():
    g = game("11-15 23 19 8-11 22 17 3- 8 *17 14 * 9-18")
    assert g.moves[5].printed == "*17 14" and g.moves[5].detail.losing is True
    assert g.moves[6].printed == "* 9-18" and g.moves[6].normalized == "9x18"
    assert g.moves[4].detail.losing is None


@pytest.mark.parametrize("printed, claimed", [("B wins", "B wins"), ("B wins.", "B wins"),
                                              ("W wins.", "W wins"), ("Drawn", "Drawn")])
def test_results(printed, claimed):
    parsed = BOOK.parse(record(f"11-15 23 19 {printed}"))
    assert parsed.result == claimed
    g = game(f"11-15 23 19 {printed}")
    assert g.result == {"B wins": "1-0", "W wins": "0-1", "Drawn": "1/2-1/2"}[claimed]
    (claim,) = g.claims
    assert claim.claimed == claimed and not claim.ok
    assert claim.actual.startswith("undecided: black to move")


def test_a_result_the_rules_confirm():
    # Black's man on 4 is blocked by the men on 8 and 11: White wins when Black cannot move.
    g = game("15 11 W wins", BOOK_TAGS + '[FEN "W:W8,15:B4"]\n')
    (claim,) = g.claims
    assert claim.ok and claim.actual == "W wins"


def test_variation_letters_and_var_sections():
    text = ("White to move 18 15 A 6- 1 14 9 24-28 23 19 1- 5 9 6 B 28-32 19 24 5- 1 24 19 W wins "
            "----- Var A. 24-28 23 27 6- 1 14 10 28-32 27 24 1- 5 10 6 W wins ------ Var B. 5- 1 6 10 W wins")
    parsed = BOOK.parse(record(text))
    assert parsed.extra.to_move == "white"
    main = parsed.line.moves
    assert [v.label for v in main[1].variations] == ["A"]   # A replaces 6- 1
    assert [v.label for v in main[7].variations] == ["B"]   # B replaces 28-32
    assert main[1].variations[0].moves[0].text == "24-28"
    g = process(record(text))
    assert g.status == "ok"
    assert [(v.label, v.branch_ply, len(v.moves)) for v in g.variations] == [("A", 2, 8), ("B", 8, 2)]
    assert g.variations[0].moves[0].normalized == "24-28"
    assert len(g.claims) == 3


def test_nested_variation():
    text = ("27-32 8 11 22-26 A 11 15 W wins ------ Var A. 30 25 26-31 B 25 21 B wins "
            "------ Var B. 25 22 B wins")
    g = game(text)
    assert [(v.label, v.parent) for v in g.variations] == [("A", 0), ("B", 1)]


def test_unmarked_and_unused_variations_are_reported():
    parsed = BOOK.parse(record("11-15 A 23 19 B wins ------ Var C. 22 18 Drawn"))
    assert [d.code for d in parsed.diagnostics] == ["unreferenced-variation", "missing-variation"]


def test_two_move_restriction_slips_hyphenate_both_moves():
    parsed = BOOK.parse(record("10-14, 22-17"))
    assert [m.fields.side for m in parsed.line.moves] == [None, None]
    g = game("10-14, 22-17")
    assert moves(g) == ["10-14", "22-17"] and g.status == "ok"
    assert [m.side for m in g.moves] == ["black", "white"]
    assert g.detail.two_move_restriction is True
    g = game("10-14, 22-l7")  # (a slip's move read through the OCR's l keeps saying so)
    assert moves(g) == ["10-14", "22-17"] and g.status == "repaired" and "ocr" in codes(g)


def test_syntax_error_names_line_column_and_expectation():
    with pytest.raises(ParseError) as info:
        BOOK.parse(record("11-15 23 19\n8-11 ?? 22 17"))
    err = info.value
    assert (err.line, err.column) == (4, 6)
    assert "expected" in err.reason
    g = game("11-15 23 19\n8-11 ?? 22 17")
    assert g.status == "unparsed" and g.diagnostics[0].line == 4


# --------------------------------------------------------------------------
# Book notation: the replay's diagnostics


def test_missed_capture_is_an_error_and_the_move_stands():
    g = game("11-15 23 19 8-11 22 17 15-18")   # 15-18 plain... legal, no capture pending
    assert g.status == "ok"
    g = game("11-15 22 18 10-14")              # Black must take 15x22
    assert codes(g) == ["missed-capture"]
    (d,) = g.diagnostics
    assert d.suggestions == ["15x22"] and "huff" in d.message and d.ply == 3
    assert g.moves[2].normalized == "10-14" and g.moves[2].status == "error"
    assert g.status == "error"


def test_incomplete_capture_is_repaired_to_the_completed_one():
    g = game("11-18", BOOK_TAGS + '[FEN "B:W15,22:B11"]\n')
    assert codes(g) == ["incomplete-capture"]
    assert g.moves[0].normalized == "11x18x25" and g.moves[0].status == "repaired"


def test_a_misprinted_square_is_repaired_when_one_reading_fits():
    g = game("11-15 23 19 8-11 22 17 4- 9")    # 4's only move is 4-8
    assert g.moves[4].normalized == "4-8" and g.moves[4].status == "repaired"
    assert g.diagnostics[0].suggestions == ["4-8"]
    assert g.status == "repaired"


def test_look_ahead_picks_the_reading_the_game_goes_on_from():
    # First Position misprint: 14-13 is no move; only 14-10 lets the printed play continue (10-14 later).
    text = "14-13 1 5 6- 1 5 9 1- 5 9 13 10-14"
    g = game(text, BOOK_TAGS + '[FEN "B:W30,K1:BK6,K14"]\n')
    assert g.moves[0].normalized == "14-10" and g.moves[0].status == "repaired"
    assert "14-10" in g.diagnostics[0].suggestions and len(g.diagnostics[0].suggestions) == 3
    assert all(m.status == "ok" for m in g.moves[1:])


def test_an_unreadable_move_stops_the_line_and_keeps_the_rest():
    # 9-15: 9-13 and 9-14 are both one digit away, and 22 17 follows either.
    g = game("11-15 23 19 9-15 22 17")
    assert g.moves[2].status == "error" and g.moves[2].normalized is None
    assert set(g.diagnostics[0].suggestions) == {"9-13", "9-14"}
    assert codes(g) == ["illegal-move", "replay-stopped"]
    assert g.diagnostics[1].message.endswith("1 later move is kept as printed, unchecked")
    assert g.moves[3].printed == "22 17" and g.moves[3].normalized is None


def test_a_square_off_the_board():
    g = game("11-15 23 19 8-41")
    assert codes(g) == ["bad-square"] and "1-32" in g.diagnostics[0].message


def test_the_side_marks_are_checked_where_the_book_is_inconsistent_with_itself():
    g = game("11-15 23 19 8-11 22-17")
    assert codes(g) == ["side-mark"] and g.status == "ok"
    assert "hyphen marks Black" in g.diagnostics[0].message


def test_a_book_that_hyphenates_both_sides_marks_no_side():
    g = game("11-15 23-19 8-11 22-17")
    assert codes(g) == [] and g.status == "ok" and len(g.moves) == 4


# Every Boy's Book (1869), "Draughts": a game printed one move a row, the row's number, the side's initial and
# the two squares set apart in columns under "No. Colour. from to"; the game left unfinished ("&c.") and its
# result told of the loser.
SIDE_ROWS = """GAME I.

  No. Colour. from   to

   1.   B.     11    15
   2.   W.     22    18
   3.   B.     15    22
   4.   W.     25    18
   5.   B.      8    11
  &c.

White loses.
"""


def test_a_table_of_one_move_a_row_reads_each_move_for_the_side_its_row_names():
    (g,) = replay(SIDE_ROWS)  # no tags: the text is found to be checkers and read in book notation
    assert g.family == "checkers" and g.status == "ok" and codes(g) == []
    assert moves(g) == ["11-15", "22-18", "15x22", "25x18", "8-11"]
    assert [m.side for m in g.moves] == ["black", "white"] * 2 + ["black"]
    assert g.result == "1-0"  # "White loses.": Black, the first player, wins
    assert g.moves[-1].comment == "&c."  # the game goes on unprinted: kept, not dropped


def test_a_rows_side_initial_is_checked_against_the_side_to_move():
    g = game(SIDE_ROWS.replace("   2.   W.", "   2.   B."))
    assert codes(g) == ["side-mark"] and "its row names it Black's" in g.diagnostics[0].message


def test_column_layouts_numbers_notes_crowns_and_ocr():
    g = game("   Black     White\n(1) 11-15    23-19\n(2)  8-11    22-17\n(3)  4- 8    l7-13\n"
             "(The usual defence.)\n(4) 15-18    24-20\n")
    assert [m.normalized for m in g.moves] == ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18",
                                               "24-20"]
    assert codes(g)[0] == "ocr" and g.moves[5].comment == "The usual defence."
    # A move read through the OCR's l for 1 is not read as printed: `repaired`, as in every notation, never `ok`.
    assert g.moves[5].status == "repaired" and g.status == "repaired"
    assert [m.status for m in g.moves].count("ok") == 7
    g = game("Black men on 27, King on 10; White men on 5, 14.\nBlack to move.\n27-32K 14 9 32-27")
    assert g.start == "B:W5,14:B27,K10" and g.moves[0].detail.crowned and g.moves[0].printed == "27-32K"
    assert "crown-mark" not in codes(g)
    g = game("Black men on 19, King on 1; White men on 30, 31.\nBlack to move.\n19-23K 30 26")
    assert "crown-mark" in codes(g)
    g = game("Black men on 10, 19; White men on 14, 22.\n(1) ...  14-9\n(2) 10-15  22-18")
    assert g.start.startswith("W:") and [m.side for m in g.moves] == ["white", "black", "white"]


@pytest.mark.parametrize("words", [
    "Black men on 10, King on 1; White men on 30, Kings on 31.",
    "Black, men on 10; king on 1; White, men on 30; king on 31.",
    "Black: 10, K1. White: 30, K 31.",
])
def test_the_position_in_words_in_each_form_sets_the_start(words):
    g = game(words + "\nBlack to move.\n10-15 31 27")
    assert g.start == "B:W30,K31:B10,K1" and g.status == "ok" and "setup-inferred" not in codes(g)


def test_a_position_in_words_off_the_board_is_a_bad_setup_at_its_square():
    g = game("Black: 10, K1. White: 30, 33.\nBlack to move.\n10-15 30 26")
    (d,) = [d for d in g.diagnostics if d.code == "bad-setup"]
    assert d.severity == "error" and "square 33 is off the board" in d.message
    assert (d.line, d.column) == (g.record.position(g.record.body.index("33"))[0], g.record.body.index("33") + 1)


# --------------------------------------------------------------------------
# Missing set-ups


def test_setup_inferred_from_the_moves():
    # Third Position, White to move: no diagram in the text.
    text = "White to move 18 15 A 6- 1 14 9 W wins ------ Var A. 24-28 23 27 W wins"
    g = game(text)
    assert g.detail.setup_inferred is True
    # 14 only goes forward in this excerpt, so it is a man here (a king in the full record).
    assert g.start == "W:W14,18,K23:B24,K6" == g.detail.setup
    assert g.status == "ok" and codes(g) == ["setup-inferred"]
    assert g.detail.touched == [1, 6, 9, 14, 15, 18, 23, 24, 27, 28]


def test_inference_crowns_men_that_move_backwards_and_places_jumped_enemies():
    parsed = BOOK.parse(record("Black to move 27-32 8 11 32-27 11 15 16-19 15 24 22-26"))
    board, touched = infer_setup(parsed.line, 0)
    # 27 crowns on 32 and comes back as a king, so it starts as a man; 8 goes backwards: a king;
    # 15 24 jumps 19, the black man that came from 16; 22 was never seen before it moved.
    assert board.fen() == "B:WK8:B16,22,27"
    assert touched == {8, 11, 15, 16, 19, 22, 24, 26, 27, 32}


def test_records_that_fit_the_opening_are_not_inferred():
    g = game("11-15 23 19")
    assert g.detail.setup_inferred is None and g.start == INITIAL_FEN


def test_setup_1_without_fen_means_an_unprinted_diagram():
    g = game("10-15", BOOK_TAGS + '[SetUp "1"]\n')
    assert g.detail.setup_inferred and g.start == "B:W:B10"


# --------------------------------------------------------------------------
# PDN


def test_pdn_tags_numbers_comments_variations_result():
    text = ('[GameType "21"]\n[Result "1-0"]\n'
            '1. 11-15 22-18 2. 15x22{forced} 25x18 (2... 26x17 3. 8-11) 3. 8-11 ; a line comment\n'
            '29-25 $1 4. 4-8 1-0\n')
    g = game(text, PDN_TAGS)
    assert moves(g) == ["11-15", "22-18", "15x22", "25x18", "8-11", "29-25", "4-8"]
    assert g.moves[2].comment == "forced" and g.moves[4].comment == "a line comment"
    (v,) = g.variations
    assert v.branch_ply == 4 and [m.normalized for m in v.moves] == ["26x17", "8-11"]
    assert g.result == "1-0"          # Black, the first player, won
    assert g.claims[0].claimed == "1-0"
    assert g.status == "ok"


def test_pdn_fen_ranges_one_side_and_setup_spelling():
    for tags in ('[SetUp "1"]\n[FEN "W:W21-23:B1-3"]\n', '[Setup "1"]\n[FEN "W:W21,22,23:B1,2,3."]\n'):
        g = game("1... 21-17 1-5", PDN_TAGS + tags)
        assert g.start == "W:W21,22,23:B1,2,3" and g.status == "ok"
    g = game("1. 10-14", PDN_TAGS + '[FEN "B:BK10"]\n')
    assert g.start == "B:W:BK10" and moves(g) == ["10-14"]


def test_pdn_x_for_a_quiet_move_is_read_with_a_warning():
    g = game("1. 11x15 23-19", PDN_TAGS)
    assert moves(g) == ["11-15", "23-19"] and codes(g) == ["x-for-move"]


def test_short_capture_notation():
    tags = PDN_TAGS + '[FEN "B:W15,22,23,30:B11,3"]\n'
    g = game("1. 11x25 30x21", tags)
    assert moves(g) == ["11x18x25", "30x21"]


def test_short_capture_with_two_paths_is_an_ambiguity_reported_with_both():
    # The man on 10 can take 14 and 22, or 15 and 23: both end on 26.
    fen = '[FEN "B:W14,15,22,23:B10"]\n'
    g = game("1. 10x26", PDN_TAGS + fen)
    (d,) = [d for d in g.diagnostics if d.code == "ambiguous-capture"]
    assert d.severity == "error" and sorted(d.suggestions) == ["10x17x26", "10x19x26"]
    # The next move settles it: 14-9 is possible only if 14 was not taken.
    g = game("1. 10x26 14-9", PDN_TAGS + fen)
    (d,) = [d for d in g.diagnostics if d.code == "ambiguous-capture"]
    assert d.severity == "warning" and g.moves[0].normalized == "10x19x26"


def test_other_game_types_are_not_replayed():
    g = game("1. 32-28 19-23", PDN_TAGS + '[GameType "20"]\n')
    assert codes(g) == ["game-type"] and g.moves == [] and g.status == "error"


def test_records_without_gametype_are_recognised_as_pdn_by_their_moves():
    (rec,) = split_tagged(SourceText("x.txt", '[Event "club game"]\n1. 11-15 23-19 2. 8-11 *\n'))
    assert FAMILY.identify(rec)
    (chess,) = split_tagged(SourceText("x.txt", '[Event "club game"]\n1. e4 e5 *\n'))
    assert not FAMILY.identify(chess)
    assert FAMILY.identify(record("1. e4", tags='[GameType "21"]\n'))


def test_pdn_files_split_where_a_result_is_glued_to_the_next_tag():
    text = ('[Event "one"]\n[GameType "21"]\n1. 11-15 23-19 1-0[Event "two"]\n[GameType "21"]\n'
            '1. 9-13 {a [bracket] in a comment} 22-18 0-1\n')
    recs = split_source(SourceText("games.pdn", text))
    assert [r.tags["Event"] for r in recs] == ["one", "two"]
    assert recs[0].body.strip() == "1. 11-15 23-19 1-0"
    assert "".join(r.text for r in recs) == text
    games = [process(r) for r in recs]
    assert [moves(g) for g in games] == [["11-15", "23-19"], ["9-13", "22-18"]]
    assert [g.notation for g in games] == ["pdn", "pdn"]


def test_pdn_dialect_errors_are_reported_not_raised():
    g = game("1. 11-15 23-19 2. 8-11 {unclosed", PDN_TAGS)
    assert g.status == "unparsed" and g.diagnostics[0].code == "syntax"


# --------------------------------------------------------------------------
# Pictures


def test_picture_numbers_every_square_and_marks_kings():
    svg = picture("B:W21,22,K3:B1,2,K30")
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for n in range(1, 33):
        assert f">{n}</text>" in svg
    assert svg.count('class="black"') == 2 and svg.count('class="white"') == 2
    assert svg.count("king") == 2 and svg.count(">K</text>") == 2
    # Black's men at the top: square 1 is in the top row.
    assert 'cx="60" cy="20"' in svg
    assert FAMILY.picture(INITIAL_FEN).count("<circle") == 24


def test_family_interface():
    assert FAMILY.name == "checkers"
    assert set(FAMILY.notations) == {"book", "pdn", "columns"}
    assert FAMILY.formats == ("pdn", "book") and FAMILY.extensions == (".pdn",)
    assert Board.from_fen(FAMILY.replay(BOOK.parse(record("11-15"))).moves[0].position).turn == 1


def test_a_record_without_notation_tag_is_detected():
    tags = '[Game "checkers"]\n'
    assert game("11-15 23 19 8-11", tags).notation == "book"
    assert game("1. 11-15 23-19", tags).notation == "pdn"
    # Read alike in both (the same squares, the same moves): one reading, not an ambiguity.
    both = game("11-15 23-19", tags)
    assert both.notation == "pdn" and both.candidates == ["pdn"]
    assert codes(both) == []


def test_pdn_result_claims_in_pdn_terms():
    # Black is blocked after 15-11: White won, which PDN writes 0-1 (or 0-2 in 2-0 scoring).
    for printed in ("0-1", "0-2"):
        g = game(f"1... 15-11 {printed}", PDN_TAGS + '[FEN "W:W8,15:B4"]\n')
        (claim,) = g.claims
        assert (claim.claimed, claim.actual, claim.ok) == ("0-1", "0-1", True)
        assert g.result == "0-1"


def test_pdn_with_prose_or_a_comment_glued_to_the_result_gives_every_game():
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    text = ('[Event "one"]\n[GameType "21"]\n1. 11-15 22-18 2. 15x22 25x18 1-0 Black won easily, as Lees notes.\n'
            '[Event "two"]\n[GameType "21"]\n1. 11-15 23-19{a solid reply}1/2-1/2[Event "three"]\n'
            '[GameType "21"]\n1. 9-14 22-18 *Published in 1893.\n')
    games = [process(r) for r in split_source(SourceText("g.pdn", text))]
    assert [(g.status, g.notation, len(g.moves)) for g in games] == [("ok", "pdn", 4), ("ok", "pdn", 2),
                                                                      ("ok", "pdn", 2)]
    assert "Black won easily, as Lees notes." in games[0].comments
    assert [d.code for d in games[2].diagnostics] == ["text-after-result"]


# --------------------------------------------------------------------------
# Two games printed side by side


SIDE_BY_SIDE = """\
   Black     White          Black     White
   11-15     23 19          11-15     22 17
    8-11     22 17           8-11     17 13
    9-13     17 14           4- 8     23 19
   10-17     21 14          15-18     24 20
   Drawn.                   B wins.
"""


def test_two_games_side_by_side_are_both_read():
    parsed = BOOK.parse(record(SIDE_BY_SIDE))
    assert [m.text for m in parsed.line.moves] == ["11-15", "23 19", "8-11", "22 17", "9-13", "17 14",
                                                   "10-17", "21 14"]
    assert parsed.result == "Drawn"
    (second,) = parsed.line.moves[0].variations  # the second game: another line from the first move
    assert second.label == "2" and [m.text for m in second.moves] == [
        "11-15", "22 17", "8-11", "17 13", "4- 8", "23 19", "15-18", "24 20"]
    assert parsed.extra.results["2"][0] == "B wins"
    g = game(SIDE_BY_SIDE)
    assert g.status == "ok" and [v.label for v in g.variations] == ["2"]
    assert all(m.status == "ok" for m in g.variations[0].moves)


def test_a_second_game_beside_the_first_ends_its_own_result():
    # The first game's result stands beside the second game's moves.
    text = SIDE_BY_SIDE.replace("   10-17     21 14          15-18     24 20\n   Drawn.                   B wins.\n",
                                "   Drawn.                   15-18     24 20\n")
    parsed = BOOK.parse(record(text))
    assert parsed.result == "Drawn" and len(parsed.line.moves) == 6
    assert [m.text for m in parsed.line.moves[0].variations[0].moves][-2:] == ["15-18", "24 20"]


def test_one_game_with_moves_after_its_result_is_a_syntax_error():
    with pytest.raises(ParseError, match="moves after the result"):
        BOOK.parse(record("11-15 23 19 Drawn. 8-11 22 17\n"))


# --------------------------------------------------------------------------
# PDN with prose glued to the last move or the result: every game is still read


def test_pdn_prose_glued_to_moves_and_results_loses_no_game():
    text = ('[Event "a"]\n[GameType "21"]\n1. 11-15 23-19 2. 8-11 22-17{a comment}[Event "b"]\n'
            '[GameType "21"]\n1. 9-14 22-18 1-0 White resigned here.[Event "c"]\n'
            '[GameType "21"]\n1. 11-15 23-19 2. 8-11 22-17 Black won easily\n'
            '[Event "d"]\n[GameType "21"]\n1. 10-14 22-17 2. 11-15 {went on}1/2-1/2{drawn by agreement}\n'
            '[Event "e"]\n[GameType "21"]\n1. 12-16 24-20 *\n')
    games = [process(r) for r in split_source(SourceText("games.pdn", text))]
    assert [g.title for g in games] == ["a", "b", "c", "d", "e"]
    assert all(g.status == "ok" for g in games)
    assert [len(g.moves) for g in games] == [4, 2, 4, 3, 2]
    assert games[0].moves[-1].comment == "a comment"
    assert games[1].comments == ["White resigned here."] and games[3].comments == ["{drawn by agreement}"]
    assert games[2].moves[-1].comment == "Black won easily"  # kept, as the last move's note


def test_a_pdn_file_is_read_as_pdn_alone_and_other_text_in_every_notation():
    text = '[GameType "21"]\n1. 11-15 22-18 2. 15x22 25x18 *\n'
    pdn, = split_tagged(SourceText("games.pdn", text))
    assert FAMILY.read_fast("pdn", pdn) is not None  # detection takes it at once
    game = process(pdn)
    assert (game.status, game.notation, len(game.moves), game.candidates) == ("ok", "pdn", 4, ["pdn"])
    # Another file's record with no PDN tag is tried in every notation; with one ([GameType]), PDN first,
    # and a clean PDN reading is taken at once, as in a .pdn file.
    other, = split_tagged(SourceText("games.txt", text.replace('[GameType "21"]', '[Event "x"]')))
    assert FAMILY.read_fast("pdn", other) is None
    assert len(FAMILY.candidate_notations(other)) == len(FAMILY.notations) > 1
    assert process(other).status == "ok"
    tagged, = split_tagged(SourceText("games.txt", text))
    assert FAMILY.candidate_notations(tagged)[0] == "pdn" and FAMILY.read_fast("pdn", tagged) is not None


def test_a_pdn_games_notes_naming_moves_are_notes_not_lines_and_keep_it_pdn():
    # "{else 11-16}" in PDN is the annotator's note (as a PGN comment is): not hung as a variation, and a
    # notation that would read its moves as one does not outweigh PDN for a record with a PDN tag.
    text = '[GameType "21"]\n1. 11-15 {the only move; else 11-16} 23-19 2. 8-11 {or 9-14} 22-17 *\n'
    for path in ("games.pdn", "games.txt"):
        game, = [process(r) for r in split_tagged(SourceText(path, text))]
        assert (game.notation, game.status, game.variations) == ("pdn", "ok", []), path
        assert [m.comment for m in game.moves[::2]] == ["the only move; else 11-16", "or 9-14"]


@pytest.mark.parametrize("after, family, notation, printed", [
    ("1. 9-14 22-18 2. 5-9 24-19", "checkers", "pdn", ["9-14", "22-18", "5-9", "24-19"]),  # the next game, untagged
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3", "chess", "english-descriptive", ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3"]),
])
@pytest.mark.parametrize("between", ["\n\n", " "])
@pytest.mark.parametrize("crlf", [False, True])
def test_moves_after_the_last_pdn_result_begin_a_record_of_their_own(tmp_path, after, family, notation, printed,
                                                                      between, crlf):
    """Moves after a PDN game's result are no comment of that game's: another record, read by the family
    and notation they belong to; every character stays in one record."""
    from notation.pipeline import read_games

    text = f'[Event "x"]\n[Black "A"]\n[White "B"]\n1. 11-15 23-19 2. 8-11 22-17 1-0{between}{after}\n'
    path = tmp_path / "g.pdn"
    path.write_bytes((text.replace("\n", "\r\n") if crlf else text).encode())
    first, second = read_games([path])
    assert (first.family, first.status, first.result) == ("checkers", "ok", "1-0")
    assert [m.printed for m in first.moves] == ["11-15", "23-19", "8-11", "22-17"] and not first.comments
    assert (second.family, second.notation, second.status) == (family, notation, "ok"), second.diagnostics
    assert [m.printed for m in second.moves] == printed
    assert first.record.text + second.record.text == text
