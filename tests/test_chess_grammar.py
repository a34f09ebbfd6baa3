"""Grammar tests, one per notation feature: what the text says, before any board."""

import pytest

from notation.boards.chess import PieceSpec, SquareSpec
from notation.rules.chess import FAMILY
from tests.conftest import records_from


def read(body: str, notation: str = "english-descriptive"):
    record = records_from(f'[Game "chess"]\n[Notation "{notation}"]\n{body}\n')[0]
    return FAMILY.notations[notation].parse(record)


def moves(body: str, notation: str = "english-descriptive"):
    return read(body, notation).line.moves


@pytest.mark.parametrize("text,piece,square", [
    ("P-K4", PieceSpec("P"), SquareSpec("K", 4)),
    ("Kt-KB3", PieceSpec("N"), SquareSpec("B", 3, "K")),
    ("Kt-K B 3", PieceSpec("N"), SquareSpec("B", 3, "K")),
    ("K Kt-B 3", PieceSpec("N", "K"), SquareSpec("B", 3)),
    ("Q-Q Kt 2", PieceSpec("Q"), SquareSpec("N", 2, "Q")),
    ("Q-B sq", PieceSpec("Q"), SquareSpec("B", 1)),
    ("K-B sq", PieceSpec("K"), SquareSpec("B", 1)),
    ("Q-Kt’s", PieceSpec("Q"), SquareSpec("N", 1)),
    ("Q-Kt's", PieceSpec("Q"), SquareSpec("N", 1)),
    ("P - Q 4", PieceSpec("P"), SquareSpec("Q", 4)),
    ("N-KB3", PieceSpec("N"), SquareSpec("B", 3, "K")),
])
def test_descriptive_piece_moves(text, piece, square):
    (move,) = moves(text)
    assert move.fields.kind == "move"
    assert (move.fields.piece, move.fields.to) == (piece, square)
    assert move.text == text


@pytest.mark.parametrize("text,piece,target", [
    ("KtxP", PieceSpec("N"), PieceSpec("P")),
    ("BxKBP", PieceSpec("B"), PieceSpec("P", "K", "B")),
    ("QPxKt", PieceSpec("P", None, "Q"), PieceSpec("N")),
    ("K B x Q P", PieceSpec("B", "K"), PieceSpec("P", None, "Q")),
    ("PxQP", PieceSpec("P"), PieceSpec("P", None, "Q")),
])
def test_descriptive_captures_name_the_piece_taken(text, piece, target):
    (move,) = moves(text)
    assert move.fields.kind == "capture"
    assert (move.fields.piece, move.fields.target) == (piece, target)


def test_capture_of_the_queen_then_a_pawn_move():
    # "BxQ P-Q3" is the Queen taken, then a new move; not "BxQP".
    first, second = moves("BxQ P-Q3")
    assert first.fields.target == PieceSpec("Q")
    assert second.text == "P-Q3"


@pytest.mark.parametrize("text,check,mate", [
    ("B-Kt5 ch", True, False), ("B-Kt5 ch.", True, False), ("B-Kt5+", True, False),
    ("Q-B 6, ch", True, False), ("B-Kt5 dis ch", True, False), ("Kt-Q5 mate", False, True),
])
def test_check_and_mate_marks(text, check, mate):
    (move,) = moves(text)
    assert (move.fields.check, move.fields.mate) == (check, mate)


@pytest.mark.parametrize("text,side", [
    ("Castles", ""), ("O-O", "K"), ("0-0", "K"), ("O-O-O", "Q"), ("Castles QR", "Q"), ("Castles (Q R)", "Q"),
])
def test_castling_forms(text, side):
    (move,) = moves(text)
    assert (move.fields.kind, move.fields.castle) == ("castle", side)


@pytest.mark.parametrize("text,promotion", [("P-K8=Q", "Q"), ("P-K8 (Q)", "Q"), ("P-Kt8 (Kt)", "N"),
                                            ("P Queens", "Q"), ("P-R8=R", "R")])
def test_promotions(text, promotion):
    (move,) = moves(text)
    assert move.fields.promotion == promotion


def test_en_passant_and_annotations():
    first, second = moves("PxP e.p.! P-K4?")
    assert first.fields.en_passant and first.annotations == ["!"]
    assert second.annotations == ["?"]


def test_foster_fraction_layout_interleaves_white_and_black():
    line = moves("P-K4 Kt-KB3 Kt-QB3 1 ---- 2 ------ 3 ------ P-K4 Kt-KB3")
    assert [(m.number, m.side, m.text) for m in line] == [
        (1, "white", "P-K4"), (1, "black", "P-K4"), (2, "white", "Kt-KB3"),
        (2, "black", "Kt-KB3"), (3, "white", "Kt-QB3")]


def test_fractions_numbered_with_a_full_stop_read_in_order_over_a_table():
    # Issue 29: "P-K4 / 1. ---- / P-K4" in three rows, then a "White. Black." table from move 4.
    parsed = read("  P-K4        Kt-KB3        B-B4\n1. ----    2. -------    3. ------\n  P-K4        Kt-QB3        B-B4\n\n"
                  "     White.          Black.\n 4. P-B3          Kt-B3\n 5. P-Q4          PxP")
    assert [(m.number, m.side, m.text) for m in parsed.line.moves] == [
        (1, "white", "P-K4"), (1, "black", "P-K4"), (2, "white", "Kt-KB3"), (2, "black", "Kt-QB3"),
        (3, "white", "B-B4"), (3, "black", "B-B4"), (4, "white", "P-B3"), (4, "black", "Kt-B3"),
        (5, "white", "P-Q4"), (5, "black", "PxP")]


def test_fractions_of_lines_side_by_side_keep_the_columns_reading():
    # Numbers that do not go on one by one ("4. ----   4. ----") are two lines' fractions side by side:
    # each a number with no move printed on it, the moves in the text's order, as "4. ------" always read.
    line = moves("  P-B3        Castles\n4. ------    4. ------\n  Kt-B3       Kt-B3")
    assert [(m.number, m.side, m.text) for m in line] == [
        (None, None, "P-B3"), (None, None, "Castles"), (4, "black", "Kt-B3"), (5, "white", "Kt-B3")]


def test_a_fraction_beside_another_lines_numbered_move_keeps_the_text_order():
    # Hoyle's two columns, the right one's "12. B to Kt 5" on the left fraction's top row: no one line's fraction.
    line = moves("  Kt-B3      12. B-Kt5\n7. ------\n  KtxP")
    assert [(m.number, m.side, m.text) for m in line] == [
        (None, None, "Kt-B3"), (12, "white", "B-Kt5"), (7, "black", "KtxP")]


def test_fractions_cut_off_below_their_top_row_read_the_moves_under_them():
    # A text cut at its "1. ----" line (a book's cutting weighs the first move pair from there).
    line = moves("1. --------    1. --------\n  P-K4         P-K4")
    assert [(m.number, m.side, m.text) for m in line] == [(1, "black", "P-K4"), (2, "white", "P-K4")]


def test_numbered_layout_and_black_to_move():
    line = moves("1. ------- P-K4 2. P-Q4 P-Q4")
    assert [(m.number, m.side) for m in line] == [(1, "black"), (2, "white"), (2, "black")]


def test_two_column_header_and_result():
    parsed = read("White. Black.\n1. P-K4 P-K4\n2. Q-R5 resigns")
    assert len(parsed.line.moves) == 3 and parsed.result == "resigns"


def test_prose_paragraphs_become_comments_on_the_move_before():
    parsed = read("P-K4 1 ---- P-K4\n\nA sound opening.\n\nKt-KB3 2 ---- Kt-QB3")
    first_black = parsed.line.moves[1]
    assert first_black.comment == "A sound opening."
    assert len(parsed.line.moves) == 4


def test_page_marks_illustrations_and_footnotes_are_skipped():
    line = moves("1. P-K4 {160} P-K4[1]\n[Illustration]\n2. Kt-KB3")
    assert [m.text for m in line] == ["P-K4", "P-K4", "Kt-KB3"]


def test_or_this_opens_a_variation_on_the_matching_move():
    parsed = read("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 Or this; 2. P-KB4 PxP")
    main = parsed.line.moves
    assert len(main) == 4
    (variation,) = main[2].variations
    assert [m.text for m in variation.moves] == ["P-KB4", "PxP"]


def test_an_unreadable_word_is_kept_for_the_replay_to_report():
    line = moves("1. P-K4 P-K4 2. Zt-KB3 Kt-QB3")
    assert line[2].text == "Zt-KB3" and line[2].fields.__class__.__name__ == "Unreadable"


@pytest.mark.parametrize("text,piece,origin,to,capture", [
    ("e 2-e 4", "P", "e2", "e4", False), ("e2-e4", "P", "e2", "e4", False),
    ("S g 1-f 3", "N", "g1", "f3", False), ("S f 3 n e 5", "N", "f3", "e5", True),
    ("D e 8-c 6 +", "Q", "e8", "c6", False), ("e4:d5", "P", "e4", "d5", True),
    ("Sf3", "N", None, "f3", False), ("Lb5", "B", None, "b5", False), ("Dxd4", "Q", None, "d4", True),
    ("exd5", "P", "e", "d5", True), ("Sbd2", "N", "b", "d2", False), ("T1e1", "R", "1", "e1", False),
])
def test_german_moves(text, piece, origin, to, capture):
    (move,) = moves(text, "german")
    f = move.fields
    assert (f.piece, f.origin, f.to, f.capture) == (piece, origin, to, capture)


def test_german_check_mate_castles_promotion():
    a, b, c, d = moves("D e 8-c 6 + 0-0-0 e7-e8D matt 0-0", "german")
    assert a.fields.check and b.fields.castle == "Q" and c.fields.promotion == "Q" and c.fields.mate
    assert d.fields.castle == "K"


def test_pgn_movetext_comments_nags_variations_result():
    parsed = read("1. e4 {best by test} e5 2. Nf3 $1 (2. f4 exf4) Nc6?! 1-0", "san")
    main = parsed.line.moves
    assert [m.text for m in main] == ["e4", "e5", "Nf3", "Nc6"]
    assert main[0].comment == "best by test" and main[2].annotations == ["$1"]
    assert [m.text for m in main[2].variations[0].moves] == ["f4", "exf4"]
    assert main[3].annotations == ["?!"] and parsed.result == "1-0"


def test_a_whole_game_section_imports_as_printed():
    parsed = read("EVANS GAMBIT.\nPlayed at London, 1851.\nWhite: Anderssen.  Black: Kieseritzky.\n"
                  "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\nThis is the usual defence.\n3. B-B4 B-B4\n"
                  "4. P-QKt4 B takes P\n\n(a) A note on the fourth move.")
    assert parsed.comments[:3] == ["EVANS GAMBIT.", "Played at London, 1851.",
                                   "White: Anderssen. Black: Kieseritzky."]
    line = parsed.line.moves
    assert [m.text for m in line] == ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-B4", "B-B4", "P-QKt4", "B takes P"]
    assert line[3].comment == "This is the usual defence."
    assert line[-1].comment == "(a) A note on the fourth move."


def test_a_move_line_keeps_its_unreadable_words():
    line = read("1. P-K4 P-K4\n2. Kt-KB3 Zz-QB3").line.moves
    assert [m.text for m in line][-1] == "Zz-QB3" and type(line[-1].fields).__name__ == "Unreadable"


@pytest.mark.parametrize("text,piece,square", [
    ("P. to K's 4th.", PieceSpec("P"), SquareSpec("K", 4)),
    ("K. Kt. to B's 3rd.", PieceSpec("N", "K"), SquareSpec("B", 3)),
    ("K. B. to Q. B's 4th.", PieceSpec("B", "K"), SquareSpec("B", 4, "Q")),
    ("K. R. to K's sq.", PieceSpec("R", "K"), SquareSpec("K", 1)),
    ("Q. to K. R's 5th", PieceSpec("Q"), SquareSpec("R", 5, "K")),
    ("K. to B's square", PieceSpec("K"), SquareSpec("B", 1)),
])
def test_staunton_long_form(text, piece, square):
    (move,) = moves(text)
    assert (move.fields.piece, move.fields.to) == (piece, square)


def test_staunton_captures_and_checks():
    first, second = moves("B. takes Kt. P. (ch.) P. takes P.")
    assert first.fields.target == PieceSpec("P", None, "N") and first.fields.check
    assert second.fields.target == PieceSpec("P")


def test_two_columns_that_number_both_moves():
    line = moves("WHITE.   BLACK.\n1. P. to K's 4th.   1. P. to K's 4th.\n2. K. Kt. to B's 3rd.  2. Q. Kt. to B's 3rd.")
    assert [(m.number, m.side) for m in line] == [(1, "white"), (1, "black"), (2, "white"), (2, "black")]


def test_typeset_dashes_and_bare_move_numbers():
    line = moves("1 P—K4 P—K4\n2 Kt–KB3 Kt–QB3")
    assert [(m.number, m.side, m.text) for m in line] == [
        (1, "white", "P—K4"), (1, "black", "P—K4"), (2, "white", "Kt–KB3"), (2, "black", "Kt–QB3")]
    (german,) = moves("e2—e4", "german")
    assert german.fields.origin == "e2" and german.fields.to == "e4"


def test_two_hyphens_for_the_dash_as_e_texts_set_it():
    # Plain-text e-books set the dash as two hyphens ("P--K4", "Kt--K B 3"): no move of such a score was read.
    line = moves("1. P--K4 P--K4\n2. Kt--K B 3 Kt--QB3\n3. B--Kt 5 P--QR3")
    assert [(m.number, m.side, m.text) for m in line] == [
        (1, "white", "P--K4"), (1, "black", "P--K4"), (2, "white", "Kt--K B 3"), (2, "black", "Kt--QB3"),
        (3, "white", "B--Kt 5"), (3, "black", "P--QR3")]
    assert (line[2].fields.piece, line[2].fields.to) == (PieceSpec("N"), SquareSpec("B", 3, "K"))


def test_a_score_with_two_hyphens_for_the_dash_reads_whole(replay_text):
    text = ("     White.            Black.\n  1. P--K 4          P--K 4\n  2. Kt--K B 3       Kt--Q B 3\n"
            "  3. B--Kt 5         P--Q R 3\n  4. B--R 4          Kt--B 3\n  5. Castles        B--K 2\n")
    (game,) = replay_text(text)
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
    assert game.status == "ok"


def test_a_bare_number_the_ocr_glued_to_its_move():
    # The OCR of a tournament book's columns loses the space after a row's number ("6PtoK5 PtoK Kt 3").
    line = moves("1PtoK4 PtoQ B4\n2 PtoQ Kt4 P-K3\n3 KtxP P-Q4\n4BtoQ3 Kt to QB3\n5Castles P-K3\n12KtxP KtxKt")
    assert [(m.number, m.side, m.text) for m in line][:4] == [
        (1, "white", "PtoK4"), (1, "black", "PtoQ B4"), (2, "white", "PtoQ Kt4"), (2, "black", "P-K3")]
    assert [(m.number, m.side) for m in line[6:]] == [
        (4, "white"), (4, "black"), (5, "white"), (5, "black"), (12, "white"), (12, "black")]
    # A figure glued to a capital after a letter or a stop is no move number: a promotion, a square.
    assert [m.text for m in moves("1. e7-e8D Ke2", "german")] == ["e7-e8D", "Ke2"]


def test_bare_number_before_black_placeholder():
    line = moves("1 P-K4 P-K4\n2 ... Kt-QB3")
    assert [(m.number, m.side) for m in line] == [(1, "white"), (1, "black"), (2, "black")]


@pytest.mark.parametrize("text,notation", [
    ("1 P-K4\n1 .. P-K4\n2 Kt-KB3\n2.. Kt-QB3\n3 B-B4\n3. .. B-B4", "english-descriptive"),
    ("1. e2-e4\n1 .. e7-e5\n2. Sg1-f3\n2.. Sb8-c6\n3. Lf1-c4\n3. .. Lf8-c5", "german"),
    ("1 e4\n1 .. e5\n2 Nf3\n2.. Nc6\n3 Bc4\n3. .. Bc5", "algebraic"),
])
def test_two_dots_after_a_number_mark_blacks_move_as_three_do(text, notation):
    # "7 .. PxP", "7.. dxc3", "7. .. d4:c3": two dots, with or without the number's stop, are the number's mark
    # of Black's move (before, "7 .." and "7.." were no move number the layout read: the paragraph failed).
    line = moves(text, notation)
    assert [(m.number, m.side) for m in line] == [
        (1, "white"), (1, "black"), (2, "white"), (2, "black"), (3, "white"), (3, "black")]


@pytest.mark.parametrize("text,notation", [
    ("1. e 2 - e 4\n1. . . . e 7 - e 5\n2. S g 1 - f 3\n2. . . Sb8-c6", "german"),
    ("1. e4\n1. . . . e5\n2. Nf3\n2. . . Nc6", "algebraic"),
    ("1. P-K4\n1. . . . P-K4\n2. Kt-KB3\n2. . . Kt-QB3", "english-descriptive"),
])
def test_spaced_dots_after_a_number_mark_blacks_move(text, notation):
    # "5. . . . L f 8 - e 7": the dots spaced, as German and English typesetters print them, are the number's mark
    # of Black's move in every notation the layout reads (before, "5." was read and ". . ." left the move unread).
    line = moves(text, notation)
    assert [(m.number, m.side) for m in line] == [(1, "white"), (1, "black"), (2, "white"), (2, "black")]


@pytest.mark.parametrize("text,piece,origin,to,capture", [
    ("D. d 8 – d 5:", "Q", "d8", "d5", True),       # the piece with a full stop, the capture after the square
    ("d 4 – e 5 :", "P", "d4", "e5", True),
    ("S. g 1 – f 3", "N", "g1", "f3", False),
    ("d4-e5:", "P", "d4", "e5", True),
    ("Se3:", "N", None, "e3", True),
    ("L. f 8 – b 4.", "B", "f8", "b4", False),      # a move ended with a full stop
])
def test_german_as_the_periodicals_print_it(text, piece, origin, to, capture):
    (move,) = moves(text, "german")
    f = move.fields
    assert (f.piece, f.origin, f.to, f.capture) == (piece, origin, to, capture)


def test_german_numbers_with_a_parenthesis_small_o_castling_and_verdicts():
    line = moves("1) e 2 – e 4 1) d 7 – d 5.\n11) o – o 11) S. g 8 – f 6.\n"
                 "13) L. f 4 – c 7 : 13) S. c 6 – d 4. Am besten.\n14) D. e 5 – c 3. †", "german")
    assert [(m.number, m.side) for m in line] == [(1, "white"), (1, "black"), (11, "white"), (11, "black"),
                                                  (13, "white"), (13, "black"), (14, "white")]
    assert line[2].fields.castle == "K"
    assert line[5].annotations == ["Am besten."]
    assert line[6].fields.check


@pytest.mark.parametrize("body, notation", [
    (" 7. 0-0               d 7-d 6 {mark}\n 8. c 3:d 4           L a 5-b 6", "german"),  # long, spaced, in columns
    ("7. 0-0 d7-d6 {mark} 8. c3:d4 La5-b6", "german"),  # long, in running text
    ("7. 0-0 d6 {mark} 8. cxd4 Lb6", "german"),  # short
    (" 7 Castles           P-Q3 {mark}\n 8 PxP                B-Kt3", "english-descriptive"),
    ("7. O-O d6 {mark} 8. cxd4 Bb6", "algebraic"),
])
@pytest.mark.parametrize("mark", ["a)", "1)", "*)", "**)", "¹)", "(a)", "(1)"])
def test_a_notes_mark_after_a_move_is_the_moves_mark_in_every_notation(body, notation, mark):
    # German books mark a move with their note's letter or figure and its closing bracket alone ("d 7-d 6 a)"):
    # the move's mark, as "(a)" is, never a move ("a)" was read as a2-a3) nor a move number ("1)" numbered the
    # next move 1).
    line = moves(body.format(mark=mark), notation)
    assert [(m.number, m.side) for m in line] == [(7, "white"), (7, "black"), (8, "white"), (8, "black")]
    assert line[1].annotations == [mark]


@pytest.mark.parametrize("body, notation, marked", [
    # After White's move, before Black's on the same line: "1)" is no number of it (the count is at 9).
    (" 9. S b 1-c 3 1)      S c 6-a 5\n10. L c 1-g 5         f 7-f 6", "german", 0),
    (" 9. S b 1-c 3 a)      S c 6-a 5\n10. L c 1-g 5         f 7-f 6", "german", 0),
    ("9. Nc3 *) Na5 10. Bg5 f6", "algebraic", 0),
])
def test_a_notes_mark_after_whites_move_leaves_blacks_move_his(body, notation, marked):
    line = moves(body, notation)
    assert [(m.number, m.side) for m in line] == [(9, "white"), (9, "black"), (10, "white"), (10, "black")]
    assert line[marked].annotations and line[marked].annotations[0].endswith(")")


@pytest.mark.parametrize("body, expected", [
    # The periodical's numbers with their closing bracket, each side's move numbered: numbers still.
    ("1) e 2 – e 4 1) d 7 – d 5.\n2) e 4 – d 5 2) D. d 8 – d 5:", [(1, "white"), (1, "black"), (2, "white"), (2, "black")]),
    # In running text: the next move's number, not a mark.
    ("1) e2-e4 e7-e5 2) Sg1-f3 Sb8-c6", [(1, "white"), (1, "black"), (2, "white"), (2, "black")]),
    # A pawn's move on the a-file is a move, not a mark.
    ("10. a2-a3 a7-a6 11. a3-a4", [(10, "white"), (10, "black"), (11, "white")]),
    ("10. a3 a6 11. a4", [(10, "white"), (10, "black"), (11, "white")]),
])
def test_a_bracketed_number_or_a_file_letter_before_a_move_stays_the_scores(body, expected):
    line = moves(body, "german")
    assert [(m.number, m.side) for m in line] == expected
    assert not any(m.annotations for m in line)


@pytest.mark.parametrize("body, notation", [
    ("1) Or 9 P-Q5.", "english-descriptive"),
    ("2) Auch L f 1-b 5 ist gut.", "german"),
])
def test_a_notes_label_with_its_closing_bracket_alone_before_its_words_numbers_no_move(body, notation):
    # The note under the score opens with its label, then the author's words: "1)" numbered "Or" (read as an
    # unreadable move 1, the note's own move read after it in the score's count).
    assert not any(type(m.fields).__name__ == "Unreadable" for m in moves(body, notation))


def test_german_column_heads():
    line = moves("Weiss. Schwarz.\n1. e2-e4 e7-e5", "german")
    assert [m.fields.to for m in line] == ["e4", "e5"]


@pytest.mark.parametrize("text,piece,origin,to", [
    ("e2--e4", "P", "e2", "e4"), ("Sb8--c6", "N", "b8", "c6"),   # two hyphens for a dash
    ("g7g6", "P", "g7", "g6"), ("Dd7h3", "Q", "d7", "h3"),       # no dash at all
    ("Tale1", "R", "a1", "e1"), ("Tcle1", "R", "c1", "e1"),     # no dash, and a letter for the rank (OCR)
])
def test_german_long_form_with_two_hyphens_or_none(text, piece, origin, to):
    (move,) = moves(text, "german")
    assert (move.fields.piece, move.fields.origin, move.fields.to, move.fields.long) == (piece, origin, to, True)


@pytest.mark.parametrize("text,piece,origin,to", [
    ("L c 5 : b 4", "B", "c5", "b4"), ("e 5 : d 4", "P", "e5", "d4"), ("D b 3 : b 5", "Q", "b3", "b5"),
])
def test_german_long_capture_spaced_is_one_move(text, piece, origin, to):
    # "L c 5 : b 4" was read as "L c 5 :" (a capture marked after its square, the short form's "Lc5:") and a pawn's
    # "b 4": a colon before a square is the long form's capture.
    (move,) = moves(f"4. b 2-b 4  {text}", "german")[1:]
    assert (move.fields.piece, move.fields.origin, move.fields.to, move.fields.capture) == (piece, origin, to, True)
    (after,) = moves("d 4 – e 5 :", "german")  # (the short form's mark after its square stays one)
    assert after.fields.capture


def test_a_capture_naming_the_man_taken_by_his_file_is_a_move_word_of_the_text():
    # The words a page's moves are counted by (headings need moves below them; a word left unread is said):
    # "QxBP" was no move-like word, so a mate in one printed "4. QxBP mate" had no moves under its heading.
    from notation.rules.chess import ChessFamily

    words = [w for _, w in ChessFamily().move_words("7. QxBP ch, PxQP; KtxKBP and BxQKt, RxKtP.")]
    assert words == ["QxBP", "PxQP", "KtxKBP", "BxQKt", "RxKtP"]
