"""Forms and layouts of 19th- and early 20th-century books and of web pages, read as printed."""

import pytest

from notation.model import SourceText
from notation.parse.chess_layout import lead_in
from notation.pipeline import process, split_source


def book(replay_text, body, notation="english-descriptive"):
    (g,) = replay_text(f'[Game "chess"]\n[Notation "{notation}"]\n\n{body}\n')
    return g


def sans(g):
    return [m.normalized for m in g.moves]


RUY = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"]


@pytest.mark.parametrize("body", [
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5\n\nA note here.\n\n3. ... P-QR3 4. B-R4 Kt-B3 5. Castles",
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4\n\n4...Kt-B3 5. Castles",
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4\n\n4 ..... Kt-B3 5. Castles",
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4\n\n4…Kt-B3 5. Castles",
])
def test_continuation_dots_of_any_length_and_kind(replay_text, body):
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g) == RUY, [d.message for d in g.diagnostics]


def test_a_note_beginning_at_a_move_already_made_is_an_alternative(replay_text):
    g = book(replay_text, "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n\n2…Kt-KB3 3. KtxP")
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6"] and g.status == "ok"
    (v,) = g.variations
    assert v.branch_ply == 4 and [m.normalized for m in v.moves] == ["Nf6", "Nxe5"]


@pytest.mark.parametrize("body, last", [
    ("1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3 4. QxPmate", "Qxf7#"),
    ("1. P-K4 P-KB3 2. P-Q4 P-KKt4 3. Q-R5ch", "Qh5#"),
    ("1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3 4. QxPch", None),
    ("1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. B-B4 B-Kt5 4. Kt-B3 P-KR3 5. KtxP BxQ 6. BxPch K-K2 7. Kt-Q5mate", "Nd5#"),
])
def test_marks_fused_to_the_move(replay_text, body, last):
    g = book(replay_text, body)
    assert all(m.status == "ok" for m in g.moves), [d.message for d in g.diagnostics]
    if last:
        assert sans(g)[-1] == last


def test_a_check_and_the_authors_word_in_one_bracket(replay_text):
    # Staunton's "Q. takes Q. (ch., best)": the check mark and "best" share the brackets.
    g = book(replay_text, "1. P. to K's 4th.   1. P. to K's 4th.\n2. P. to K. B's 4th.   2. P. takes P.\n"
             "3. B. to Q. B's 4th.   3. Q. to K. R's 5th. (ch., best)\n4. K. to B's sq.   4. P. to K. Kt's 4th.")
    assert sans(g) == ["e4", "e5", "f4", "exf4", "Bc4", "Qh4+", "Kf1", "g5"]
    assert g.status == "ok", [d.message for d in g.diagnostics]


def test_a_printed_mate_settles_which_capture_is_meant(replay_text):
    g = book(replay_text, "1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3 4. QxP mate")
    assert sans(g)[-1] == "Qxf7#" and g.status == "ok"


@pytest.mark.parametrize("ending, result", [("Resigns.", "1-0"), ("Resigns", "1-0"), ("and wins", "1-0"),
                                            ("Drawn.", "1/2-1/2")])
def test_results_in_words(replay_text, ending, result):
    g = book(replay_text, f"1. P-K4 P-K4 2. B-B4 Kt-QB3 3. Q-R5 Kt-B3 4. QxP mate {ending}")
    if result == "1/2-1/2":
        assert any(d.code == "wrong-result" for d in g.diagnostics)
    else:
        assert g.result == result and g.status == "ok"


def test_evaluation_words_after_a_move(replay_text):
    g = book(replay_text, "1. P-K4 P-K4 2. Kt-KB3 Good Kt-QB3 !?")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6"]
    assert g.moves[2].detail.uci == "g1f3"


@pytest.mark.parametrize("body, expected", [
    ("1. P to K4 P to K4 2. Kt to KB3 Kt to QB3 3. B to B4 B to B4 4. P to QKt4 B takes P "
     "5. P to B3 B to R4 6. Castles (KR) P to Q3", ["b4", "Bxb4", "c3", "Ba5", "O-O", "d6"]),
    ("1. P-K4 P-QR3 2. P-K5 P-Q4 3. P takes P en pas", ["exd6"]),
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. Kt-B3 Kt-B3 4. Kt (on B3) to Q5 P-Q3", ["Nd5", "d6"]),
    ("1. P-QR4 P-QR4 2. R to R3 P-K4 3. R to K P-Q4", ["Re3", "d5"]),
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Q takes P (ch)", None),
])
def test_the_long_forms_of_the_1850s_to_1890s(replay_text, body, expected):
    g = book(replay_text, body)
    if expected is None:  # 4. QxP ch is illegal here: reported, never silently dropped
        assert g.status in ("error", "repaired")
        return
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g)[-len(expected):] == expected


#: The long form of the early 1800s: ranks spelled out, pawns' steps counted, in two numbered columns.
RANKS_IN_WORDS = """\
WHITE.                          BLACK.
1. K. P. two.                   1. K. P. two.
2. K. Kt. to B. third.          2. Q. Kt. to B. third.
3. K. B. to Q. B. fourth.       3. K. B. to Q. B. fourth.
4. P. to Q. Kt. fourth.         4. B. takes Kt. P.
5. P. to Q. B. third.           5. B. to Q. R. fourth.
6. Castles.                     6. P. to Q. third.
7. P. to Q. fourth.             7. P. takes P.
8. Q. to her Kt. third.         8. Q. to K. B. third.
"""


@pytest.mark.parametrize("notation", [True, False])  # the layout reader, and the decoder (no notation named)
def test_ranks_spelled_out(replay_text, notation):
    (g,) = replay_text(('[Notation "english-descriptive"]\n\n' if notation else "") + RANKS_IN_WORDS)
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4", "c3", "Ba5", "O-O", "d6", "d4", "exd4",
                       "Qb3", "Qf6"]


#: Walker's and Lewis's McDonnell - La Bourdonnais games: "The same." for the reply that mirrors the move before
#: (descriptive names a square from the mover's side, so the same words are the other side's move), Black's at
#: move 1 and White's copying Black's at move 3 (the Four Knights).
THE_SAME = """\
WHITE.                          BLACK.
1. K. P. two squares.           1. The same.
2. K. Kt. to B. third.          2. Q. Kt. to B. third.
3. The same.                    3. K. Kt. to B. third.
4. K. B. to Q. Kt. fifth.       4. Ditto.
"""


@pytest.mark.parametrize("notation", [True, False])  # the layout reader, and the decoder (no notation named)
@pytest.mark.parametrize("body", [
    THE_SAME,
    # ... and in a run, after a move and its comma
    "1. P. to K's 4th, the same; 2. K. Kt. to B's 3rd, Q. Kt. to B's 3rd; 3. The same, K. Kt. to B's 3rd;\n"
    "4. B. to Q. Kt's 5th, the same move.\n",
])
def test_the_same_is_the_move_before_mirrored(replay_text, notation, body):
    (g,) = replay_text(('[Notation "english-descriptive"]\n\n' if notation else "") + body)
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Nc3", "Nf6", "Bb5", "Bb4"]
    assert [m.printed for m in g.moves][1] in ("The same.", "the same;")  # shown as printed


@pytest.mark.parametrize("notation", [True, False])
def test_the_same_in_prose_is_no_move(replay_text, notation):
    # "the same" in the author's sentence, after a number or a move's comma but going on past it, is prose.
    (g,) = replay_text(('[Notation "english-descriptive"]\n\n' if notation else "")
                       + "1. P. to K's 4th.  1. P. to K's 4th.\n2. K. Kt. to B's 3rd.  2. Q. Kt. to B's 3rd.\n\n"
                       "In game 3. The same players met, and 3. K. B. to Q. B's 4th, the same way as before.\n")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4"], [d.message for d in g.diagnostics]
    assert not any("same" in m.printed for m in g.moves)


def test_a_first_row_only_the_decoder_reads_is_no_fragment_and_no_comment(replay_text):
    # The layout grammar reads the score from move 2 ("King's pawn two squares." is the spelled-out long form):
    # it was a fragment from move 2 with no position (an error), the decoder never asked; and where the decoder
    # reads the game, the words it reads as moves are no part of the game's comment.
    (g,) = replay_text("EVANS GAMBIT.\n\nWHITE.                          BLACK.\n"
                       "1. King's pawn two squares.     1. King's pawn two squares.\n"
                       "2. K. Kt. to B. third.          2. Q. Kt. to B. third.\n"
                       "3. K. B. to Q. B. fourth.       3. K. B. to Q. B. fourth.\n")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"], [d.message for d in g.diagnostics]
    assert g.comments == ["EVANS GAMBIT.", "WHITE. BLACK."]


@pytest.mark.parametrize("castle", ["0–0", "O—O", "0-0", "Castles"])
def test_typeset_castling(replay_text, castle):
    g = book(replay_text, f"1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. {castle} Kt-B3")
    assert g.status == "ok" and sans(g)[6] == "O-O"


def test_german_typeset_castling(replay_text):
    g = book(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. 0–0", notation="german")
    assert g.status == "ok" and sans(g)[-1] == "O-O"


def test_ocr_confusions_read_through_with_a_warning(replay_text):
    g = book(replay_text, "1. P-K4 P-K4 2. KT-KB3 KT-QB3 3. B-B4 B-B4 4. P-Q3 P-Q3 5. B-K3 B-Kt3 6. K-Bl Kt-B3")
    # each move read through an OCR confusion is repaired (the record too), the others as printed
    assert sans(g)[2:4] == ["Nf3", "Nc6"] and sans(g)[10] == "Kf1" and g.status == "repaired"
    assert [m.status for m in g.moves[2:4]] == ["repaired", "repaired"] and g.moves[0].status == "ok"
    confusions = [d.message for d in g.diagnostics if d.code == "ocr"]
    assert any("'KT' read as 'Kt'" in m for m in confusions) and any("'l' read as '1'" in m for m in confusions)
    assert all(d.severity == "warning" for d in g.diagnostics if d.code == "ocr")


def test_an_alternative_introduced_in_prose_starts_where_it_says(replay_text):
    """Foster's K, B and Kt ending: "If, at the fourth move, the black King ... goes on to the
    Queen's square ..., beginning at White's fifth move:--": Black's 4th is given in words."""
    from pathlib import Path

    from notation.pipeline import read_games

    corpus = Path(__file__).resolve().parent.parent / "corpus" / "chess" / "endings.txt"
    (g,) = [g for g in read_games([corpus]) if g.title == "K, B and Kt against K"]
    (v,) = g.variations
    assert v.branch_ply == 8 and v.moves[0].normalized == "Kd8" and v.moves[0].detail.implied
    assert all(m.status == "ok" for m in v.moves) and v.moves[-1].normalized == "Bd5#"
    assert len(g.moves) == 35  # the main line no longer swallows the alternative
    (warning,) = [d for d in g.diagnostics if d.code == "implied-move"]
    assert warning.severity == "warning" and "K-Q1" in warning.message


def test_an_ambiguity_is_settled_by_the_whole_rest_of_the_game(replay_text):
    """Kt-B3 is Nc3 or Nf3; only 21. Kt-K5, forty plies on, tells them apart."""
    shuffle = " ".join(f"{n}. R-R{'2' if n % 2 else ' sq'} R-{'R' if n % 2 else 'Kt'} sq" for n in range(3, 21))
    g = book(replay_text, f"1. Kt-B3 Kt-QB3 2. P-QR4 R-Kt sq {shuffle} 21. Kt-K5")
    assert g.moves[0].normalized == "Nf3" and g.moves[-1].normalized == "Ne5"
    assert g.status == "ok", [d.message for d in g.diagnostics]
    (d,) = [d for d in g.diagnostics if d.code == "ambiguous-move"]
    assert d.severity == "warning" and "Nf3 or Nc3" in d.message


def test_two_readings_that_both_survive_are_both_reported(replay_text):
    g = book(replay_text, "1. Kt-B3 Kt-QB3 2. P-QR4 R-Kt sq")
    (d,) = [d for d in g.diagnostics if d.code == "ambiguous-move"]
    assert d.severity == "error" and set(d.suggestions) == {"Nc3", "Nf3"}


def test_a_remark_in_parentheses_inside_the_moves(replay_text):
    g = book(replay_text, "1.e4 e5 2.f4 Df6 (Stefan Bücker lässt grüßen!) 3.fxe5 Dxe5 4.Le2", notation="german")
    assert g.status == "ok" and [m.normalized for m in g.moves][-1] == "Be2"
    assert g.moves[3].comment == "Stefan Bücker lässt grüßen!"


def test_a_variation_in_brackets_over_many_lines(replay_text):
    g = book(replay_text, "1.e4 e5 2.Sf3 Sc6 3.Lb5 a6\n(3...Sf6\n4.0-0\nSxe4)\n4.La4 Sf6", notation="german")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    (v,) = g.variations
    assert v.branch_ply == 6 and [m.normalized for m in v.moves] == ["Nf6", "O-O", "Nxe4"]


def test_column_pairs_side_by_side(replay_text):
    g = book(replay_text, "White Black White Black\n1. P-K4 P-K4 5. P-B3 B-R4\n2. Kt-KB3 Kt-QB3 6. Castles P-Q3\n"
                          "3. B-B4 B-B4 7. P-Q4 PxP\n4. P-QKt4 BxP 8. PxP B-Kt3")
    assert g.status == "ok"
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4", "c3", "Ba5", "O-O", "d6",
                       "d4", "exd4", "cxd4", "Bb6"]


def test_two_columns_whose_lines_wrap(replay_text):
    g = book(replay_text, "WHITE. BLACK.\n1 P-K4 P-K4\n2 Kt-KB3 Kt-QB3\n3 B-B4\n  B-B4\n4 P-QKt4 BxP")
    assert g.status == "ok" and sans(g)[-2:] == ["b4", "Bxb4"]


def test_german_figurines(replay_text):
    g = book(replay_text, "1.e4 e5 2.♘f3 ♞c6 3.♗b5 a6", notation="german")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


@pytest.mark.parametrize("body", [
    "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, P-QR3; 4. B-R4, Kt-B3; 5. Castles.",
    "The Ruy Lopez runs: 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, P-QR3; 4. B-R4, Kt-B3; 5. Castles.",
])
def test_move_pairs_parted_by_semicolons_in_a_line_of_the_text(replay_text, body):
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g) == RUY, [d.message for d in g.diagnostics]


def test_a_lettered_alternative_printed_further_on_belongs_to_the_variation_above_it(replay_text):
    # "or (A.)" refers to the alternative printed under "(A.)"; its Black 3rd is the variation's
    # (after 3. Kt-KB3, where 4. Kt-K5 is legal), not the main line's (after 3. B-B4).
    g = book(replay_text, "1. P-K4 P-K4 2. P-KB4 PxP 3. B-B4 P-KKt4 4. Kt-QB3 P-Kt5\n\nVARIATION.\n\n"
             "3. Kt-KB3 P-KKt4, or (A.)\n4. B-B4 P-Kt5\n\n(A.)\n\n3. ... P-Q4\n4. Kt-K5 Kt-KB3")
    assert g.status == "ok", [d.message for d in g.diagnostics]
    variation, note = g.variations
    assert [m.normalized for m in variation.moves] == ["Nf3", "g5", "Bc4", "g4"]
    assert note.parent == variation.id and [m.normalized for m in note.moves] == ["d5", "Ne5", "Nf6"]


@pytest.mark.parametrize("body", [
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3, or P-Q3 3. B-B4",
    "1. P. to K's 4th.   1. P. to K's 4th.\n2. K. Kt. to B's 3d.   2. Q. Kt. to B's 3d., or P. to Q's 3d.\n"
    "3. B. to Q. B's 4th.",
])
def test_or_and_a_move_is_the_same_sides_other_choice(replay_text, body):
    g = book(replay_text, body)
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4"] and g.status == "ok"
    (v,) = g.variations
    assert v.branch_ply == 4 and [m.normalized for m in v.moves] == ["d6"]


def test_or_before_words_that_are_no_move_is_prose(replay_text):
    g = book(replay_text, "Two Rooks,\nor Castles (as they are indiscriminately called)\n\n1. P-K4 P-K4")
    assert sans(g) == ["e4", "e5"] and not g.variations


def test_a_variation_goes_on_after_the_authors_words(replay_text):
    # "4. B-QB4" after the note is the variation's next move (3. P-Q4 PxP), not a note on the main
    # line's 4th (where the King's Bishop stands on QB4 already).
    g = book(replay_text, "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-B3 Kt-B3\n\nVARIATION.\n\n"
             "3. P-Q4 PxP\n\nIt is not uncommon to play 3. ... P-Q3 here.\n\n4. B-QB4 Kt-B3")
    assert g.status == "ok", [d.message for d in g.diagnostics]
    (v,) = g.variations
    assert [m.normalized for m in v.moves] == ["d4", "exd4", "Bc4", "Nf6"]


@pytest.mark.parametrize("text", [
    "1. P - K 4 P - K 4\n2. Kt - K B 3 Kt - Q B 3\n3. B - Kt 5 P - Q R 3\n4. B × Kt Q P × B\n5. O - O B - Q 3\n",
    "| 1. P - K 4 | P - K 4 |\n| 2. Kt - K B 3 | Kt - Q B 3 |\n| 3. B - Kt 5 | P - Q R 3 |\n"
    "| 4. B × Kt | Q P × B |\n| 5. O - O | B - Q 3 |\n",
])
def test_the_spaced_form_untagged_is_found_to_be_chess(replay_text, text):
    # Books of the 1920s print every word of a move apart ("P - K 4", "Q P × B"), in a table or not.
    (g,) = replay_text(text)
    assert g.family == "chess" and g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O", "Bd6"]


def test_the_two_columns_printed_one_after_the_other(replay_text):
    # White's column whole, numbered; "BLACK"; Black's column without numbers (a footnote mark
    # beside a move is no move); then the two columns side by side again.
    body = ("WHITE\n\n1 P to K 4\n\n2 P to K B 4\n\n3 B to B 4\n\n4 Kt to Q B 3\n\nBLACK\n\n"
            "P to K 4\n\nP x P '\n\nKt to K B 3\n\nKt to B 3\n\nWHITE BLACK\n\n5 P to Q 4 B to Kt 5\n")
    g = book(replay_text, body)
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g) == ["e4", "e5", "f4", "exf4", "Bc4", "Nf6", "Nc3", "Nc6", "d4", "Bb4"]


def test_to_run_into_its_neighbours_by_an_ocr(replay_text):
    g = book(replay_text, "1 PtoK4 PtoK4\n2 KttoKB3 Kt to QB3\n3 B toB4 BtoB4\n4 Qto K2 P to Q3\n")
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Qe2", "d6"]


def test_a_game_in_columns_begins_a_record_of_its_own():
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    text = ("A. v. B.\n\nWHITE\n\n1 P to K 4\n\n2 P to Q 4\n\n3 P to K 5\n\nBLACK\n\nP to K 3\n\nP to Q 4\n\nP to Q B 4\n\n"
            "C. v. D.\n\nWHITE\n\n1 P to Q 4\n\n2 P to Q B 4\n\n3 Kt to Q B 3\n\nBLACK\n\nP to Q 4\n\nP to K 3\n\nKt to K B 3\n")
    games = [process(r) for r in split_source(SourceText("book.txt", text))]
    assert [len(g.moves) for g in games] == [6, 6]
    assert all(g.status == "ok" for g in games), [d.message for g in games for d in g.diagnostics]


def test_whites_column_left_empty_and_blacks_number_printed_again(replay_text):
    # A note's line from Black's move, in two columns: "3. ..." in White's, "3. Kt. ..." in Black's.
    g = book(replay_text, "1. P. to K's 4th.             1. P. to K's 4th.\n"
                          "2. K. Kt. to B's 3d.          2. Q. Kt. to B's 3d.\n"
                          "3. K. B. to Q. Kt's 5th.      3. P. to Q. R's 3d.\n\n"
                          "3. ...                        3. K. Kt. to B's 3d.\n"
                          "4. Castles.                   4. Kt. takes P.\n")
    assert g.status == "ok" and sans(g) == RUY[:6], [d.message for d in g.diagnostics]
    (v,) = g.variations
    assert v.branch_ply == 6 and [m.normalized for m in v.moves] == ["Nf6", "O-O", "Nxe4"]


def test_two_squares_with_the_rank_printed_once_and_a_check_at_a_square(replay_text):
    # "K. Kt. to B. or R's 3d.": either square, the first the move read; "B. checks at Q. Kt's 5th.": Bb5+.
    g = book(replay_text, "1. P. to K's 4th.             1. P. to K's 4th.\n"
                          "2. K. Kt. to B. or R's 3d.    2. P. to Q's 3d.\n"
                          "3. B. checks at Q. Kt's 5th.  3. P. to Q. B's 3d.\n")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "d6", "Bb5+", "c6"], [d.message for d in g.diagnostics]


def test_a_mate_told_in_words_and_a_pawn_queening_one_square_on(replay_text):
    # The Blue Book's endings and La Bourdonnais - McDonnell: "Q. B. checkmates." (the man and his mate),
    # "P. one, becoming a Queen." (one square on), Hoyle's "Q mates at Kt sq. or R sq." (the square, with mate).
    # Unread, each was a printed last move the record did not read.
    fools = "1. P. to K. B's 3d.            1. P. to K's 4th.\n2. P. to K. Kt's 4th.          2. Q. {}\n"
    for mate in ("checkmates.", "mates.", "mates at K. R's 5th."):
        g = book(replay_text, fools.format(mate))
        assert g.status == "ok" and sans(g) == ["f3", "e5", "g4", "Qh4#"], (mate, [d.message for d in g.diagnostics])
    g = book(replay_text, '[FEN "7k/2P5/8/8/8/8/8/K7 w - - 0 1"]\n\n1. P. one, becoming a Queen.  1. K. to R\'s 2d.\n')
    assert g.status == "ok" and sans(g) == ["c8=Q+", "Kh7"], [d.message for d in g.diagnostics]


@pytest.mark.parametrize("printed, san", [
    ("P-Kt8(Q).", "b8=Q+"), ("P-Kt8 (Q).", "b8=Q+"), ("P-Kt8 (Q)", "b8=Q+"), ("P-Kt8(Kt).", "b8=N"),
    ("P-Kt8 (R).", "b8=R"), ("P-Kt8=B.", "b8=B+"), ("P-Kt8, queening.", "b8=Q+")])
def test_a_promotion_with_its_piece_in_brackets_then_the_sentences_stop(replay_text, printed, san):
    # An ending's last move as the books print it in a sentence: "White wins by 1 P-Kt7, K-B2; 2 P-Kt8(Q)." The
    # bracket after a space or with the sentence's stop after it was no move ("'2 P-Kt8(Q).' cannot be read as a
    # move"); "(Kt)." was read as a Queen (the stop kept in the piece's letter).
    g = book(replay_text, '[FEN "8/8/1Pk5/8/8/8/8/6K1 w - - 0 1"]\n\n'
                          f"White wins by 1 P-Kt7, K-B2; 2 {printed}\n")
    assert sans(g) == ["b7", "Kc7", san] and all(m.status == "ok" for m in g.moves), \
        [d.message for d in g.diagnostics]


def test_an_alternatives_introduction_over_the_first_move_is_the_heading(replay_text):
    g = book(replay_text, "                                  Or,\n\n1. P. to K's 4th.        1. P. to K's 4th.\n")
    assert g.status == "ok" and sans(g) == ["e4", "e5"], [d.message for d in g.diagnostics]


def test_an_ordinal_the_ocr_damaged_after_its_figure_is_still_the_rank(replay_text):
    # Löwenthal's "P. to K's 4tli." (and "4tb.", "5tk."): the figure is printed, only the letters after
    # it are damaged; the move is P-K4 (read as no move of the opening, under a heading that numbers the
    # board, the record was taken for a set-up from a missing diagram).
    g = book(replay_text, "Board No. 4. — King's Gambit Declined.\n\n1. P. to K's 4tli. 1. P. to K's 4th.\n2. Kt. to K. B's 3rd. 2. Kt. to Q. B's 3tb.\n"
                          "3. B. to Kt's 5tk.")
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5"] and g.status == "ok"
    assert not g.detail.as_json().get("decoded")  # the layout reader reads it: no word is left for the decoder


@pytest.mark.parametrize("body", [
    # A man named by its wing and file, its letters joined, each move ending with the score's stop
    # (Young and Howell's Minor Tactics of Chess, 1894), or spaced.
    "1. KP - K4. 1. KP -K4.\n\n2. KKt-KB3. 2. QKt - QB3.\n\n3. KB - QB4. 3. KB - QB4.\n\n"
    "4. QBP - QB3. 4. KKt - KB3.\n\n5. QP - Q4. 5. KP x QP.",
    "1. K P - K 4. 1. K P - K 4.\n\n2. K Kt - K B 3. 2. Q Kt - Q B 3.\n\n3. K B - Q B 4. 3. K B - Q B 4.\n\n"
    "4. Q B P - Q B 3. 4. K Kt - K B 3.\n\n5. Q P - Q 4. 5. K P x Q P.",
])
def test_a_score_naming_each_man_by_its_wing_and_file_is_found_as_chess(body):
    # No tags: the text is found to be chess by its move words, and read.
    (record,) = split_source(SourceText("book.txt", body + "\n"))
    g = process(record)
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4"]
    assert g.status == "ok", [d.message for d in g.diagnostics]




@pytest.mark.parametrize("check", ["R to K sq.: ch.", "R to K sq.: check.", "R to K 1: ch."])
def test_a_check_after_a_colon(replay_text, check):
    # Hoyle's Games Modernized puts a colon between a move and its check ("R to K sq.: ch.", "P to Kt 6: ch."):
    # after "sq." or a rank's figure it was unreadable, and the rest of the ending unchecked.
    (g,) = replay_text("      WHITE.                         BLACK.\n   1. K to B 4                    1. K to K 5\n"
                       f"   2. {check:<28}2. K to B 4\n   3. K to Q 4                    3. K to B 5\n")
    assert g.status == "ok" and [m.normalized for m in g.moves][2:] == ["Re1+", "Kf5", "Kd4", "Kf4"], g.diagnostics


def test_a_remark_in_square_brackets_that_names_moves_is_read_or_said(replay_text):
    # An e-text's footnote set in square brackets after the score: its moves were a comment on the last move,
    # dropped unsaid, and the record `ok`. Its words that read as moves count as prose's, so the decoder reads
    # them as the note's line where they are legal ("If 3. ... P to K 5th, then 4. P to Q 4th": at Black's 3rd).
    text = ("1. P to Q B 4th          1. P to K 4th\n2. Kt to Q B 3rd         2. P to K B 4th\n"
            "3. P to Q 3rd            3. Kt to K B 3rd\n4. P to K Kt 3rd         4. B to Q Kt 5th\n\n"
            "[Footnote 1: If 3. ... P to K 5th, then 4. P to Q 4th, &c.]\n")
    (game,) = replay_text(text)
    assert [m.normalized for m in game.moves] == ["c4", "e5", "Nc3", "f5", "d3", "Nf6", "g3", "Bb4"]
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(6, ["e4", "d4"])]


_GLUED_FOOTNOTE = ("  1. P--K4      P--K4\n  2. Kt--KB3    Kt--QB3\n  3. B--Kt5     P--QR3\n  4. BxKt       QPxB\n"
                   "  5. P--Q4      PxP\n  6. QxP        QxQ\n  7. KtxQ       B--Q3\n  8. Kt--QB3    Kt--K2\n"
                   "  9. Castles    Castles\n 10. P--B4{ref}   R--K sq\n\n"
                   "[Footnote {key}: _A bold move._ Weaker is 10. B--K3, Kt--Kt3.]\n\n"
                   " 11. Kt--Kt3    P--B3\n 12. P--B5!     P--QKt3\n")


@pytest.mark.parametrize("ref", ["[1]", "[A]", "[2]", "[*]", " [1]"])
def test_an_etexts_footnote_reference_glued_to_its_move_is_the_moves_note(replay_text, ref):
    # A Gutenberg e-text marks a footnote with its figure or letter in brackets glued to the move ("10. P--B4[1]"):
    # the move was read one letter off (a repair of a clean text, warned). It reads as printed, as with the
    # reference set apart, and the footnote below ("[Footnote 1: ... Weaker is 10. B--K3, Kt--Kt3.]") is its note.
    (game,) = replay_text(_GLUED_FOOTNOTE.format(ref=ref, key=ref.strip(" []")))
    assert game.status == "ok" and not [d.message for d in game.diagnostics if d.severity != "info"]
    assert sans(game)[18:] == ["f4", "Re8", "Nb3", "f6", "f5", "b6"]
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(19, ["Be3", "Ng6"])]


def games_of(text):
    return [process(r) for r in split_source(SourceText("primer.txt", text))]


@pytest.mark.parametrize("lead", ["White plays", "The game went on", "The solution is as follows:",
                                  "The first step is to drive the King back."])
def test_a_score_told_in_a_sentence_from_move_1_is_the_score_its_lead_in_the_authors(lead):
    # The lead-in was read as a move the grammar could not read ('White plays'), every move after it unchecked.
    # (An ending's: from the opening the decoder read past it, from a set-up the moves need nothing did.)
    (g,) = games_of(f"{lead} 1. K-K2, K-Q5; 2. R-R8, K-B4; 3. K-Q3, K-Q4; 4. R-R5 ch, K-K3; 5. K-Q4, K-B3.\n")
    assert g.status == "ok" and sans(g)[:3] == ["Ke2", "Kd4", "Ra8"] and len(g.moves) == 10, \
        [d.message for d in g.diagnostics]


def test_a_lead_in_that_makes_its_moves_a_notes_leaves_them_a_note(replay_text):
    # "If 1. ..." is the author's alternative, not the score: no score is made of it.
    g = book(replay_text, "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. Castles\n\n"
                          "If 1. P-Q4, P-Q4; 2. P-QB4, P-K3.")
    assert sans(g) == RUY and [[m.normalized for m in v.moves] for v in g.variations] in ([], [["d4", "d5", "c4", "e6"]])


def test_an_examples_solution_in_a_long_sentence_under_its_diagram_is_its_record():
    # A primer's examples under their labels and diagrams, each solution told in one long line of the e-text:
    # each was prose ("no move reading begins the line"), and the next example's hung on it as a variation.
    first, second = games_of(
        "Example 1.\n\n[Illustration]\n\nIn this position White plays 1. K-K2, K-Q5; 2. R-R8, K-B4; 3. K-Q3, K-Q4; "
        "4. R-R5 ch, K-K3; 5. K-Q4, K-B3; 6. K-K4, K-K2; 7. K-K5, K-B2, and wins.\n\n"
        "No. 2.\n\n[Illustration: Diagram 2]\n\nThe solution is as follows: 1. K-Q1, K-Q4; 2. K-B2, K-K5; "
        "3. K-Kt3, K-K6; 4. K-B4, KxP.\n")
    assert (first.title, second.title) == ("Example 1.", "No. 2.")
    assert first.status == "ok" and len(first.moves) == 14 and not first.variations
    # (Its set-up is a reconstruction: "and wins." is not judged on it.)
    assert [d.code for d in first.diagnostics] == ["setup-inferred"]
    assert second.status == "ok" and [m.printed for m in second.moves][-1] == "KxP."


ENDINGS_PAGE = (
    "Take the simple ending of King and Rook against King.\n\n[Illustration]\n\n"
    "In this position the power of the Rook is demonstrated by the first\n"
    "move, R-R7, which immediately confines the Black King to the last rank,\n"
    "and the mate is quickly accomplished by: 1 K-Kt2, K-B1; 2 K-B3, K-K1; 3\n"
    "K-Q4, K-Q1; 4 K-Q5, K-B1; 5 K-Q6, K-Kt1; 6 K-B6, K-B1; 7 R-R8 mate.\n\n[Illustration]\n\n"
    "Example 3. This is the simplest position. 1 R-R7, K-Kt1; 2 K-Kt6, K-R1;\n3 R-R8 mate.\n")


def test_endings_told_in_sentences_under_illustrations_are_a_record_each_from_move_1():
    # A primer's endings, each an [Illustration] and a sentence of dotless moves: one record, the sentences'
    # moves prose ("position." taken for a label's "Position 1."; "1 K-Kt2" without its stop; a number wrapped
    # at a line's end), only "3 R-R8 mate." read, and the second ending alone `ok` with four printed moves dropped.
    first, second = games_of(ENDINGS_PAGE)
    assert [m.printed for m in first.moves] == ["K-Kt2", "K-B1", "K-B3", "K-K1", "K-Q4", "K-Q1", "K-Q5", "K-B1",
                                                "K-Q6", "K-Kt1", "K-B6", "K-B1", "R-R8 mate."]
    assert [m.printed for m in second.moves] == ["R-R7", "K-Kt1", "K-Kt6", "K-R1", "R-R8 mate."]
    assert second.title == "Example 3." and "unread-moves" not in [d.code for d in first.diagnostics + second.diagnostics]


@pytest.mark.parametrize("swap", [False, True])
@pytest.mark.parametrize("mark", ["[Illustration]", "Diagram 6."])
def test_a_diagrams_mark_between_two_endings_scores_begins_the_second_record(mark, swap):
    # Under its mark the ending's paragraph tells its score from move 1 on its third line, or after its label
    # ("Example 3. This is ..."): a record of its own, in either order, under an e-text's mark or a caption.
    intro, long, short = ENDINGS_PAGE.split("[Illustration]")
    text = intro + "[Illustration]" + (short.rstrip("\n") + "\n\n" + mark + long if swap else long + mark + short)
    records = games_of(text)
    assert [len(g.moves) for g in records] == ([5, 13] if swap else [13, 5])
    assert [g.moves[0].printed for g in records] == (["R-R7", "K-Kt2"] if swap else ["K-Kt2", "R-R7"])


@pytest.mark.parametrize("stop", ["", "."])
def test_a_sentences_last_word_before_move_1_is_no_label(stop):
    # "position." ends a sentence: not "Position 1.", a label that numbers a position, not a move.
    (g,) = games_of(f"[Illustration]\n\nThis is the simplest position. 1{stop} R-R7, K-Kt1; 2{stop} K-Kt6, K-R1;\n"
                    "3 R-R8 mate.\n")
    assert [m.printed for m in g.moves] == ["R-R7", "K-Kt1", "K-Kt6", "K-R1", "R-R8 mate."]


@pytest.mark.parametrize("line", ["Position 1. White to play.", "No. 3. 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3;",
                                  "No. 1 P-K4, P-K4; 2 Kt-KB3, Kt-QB3;", "See p. 1 K-Kt2, K-B1; 2 K-B3, K-K1;",
                                  "Example 1 K-Kt2, K-B1; 2 K-B3, K-K1;"])
def test_a_labels_number_is_no_move_1(line):
    # A label's word before its number, or an abbreviation's with its stop ("No.", "p."): no lead-in to move 1.
    assert lead_in(line) is None


def test_moves_from_1_left_as_prose_before_the_move_read_make_the_record_no_ok():
    # "1 e4" without its stop leads in no score (a dotless number before a capital only): moves 1-2 of the line are
    # prose, move 3 read; the record said `ok` with the game's first moves dropped.
    (g,) = games_of("The game went on 1 e4 e5 2 Nf3 Nc6\n3 Bb5 a6 4 Ba4 Nf6.\n")
    said = [d for d in g.diagnostics if d.code == "unread-moves"]
    assert g.status != "ok" and said and said[0].message.startswith("moves 1-2 printed before '3 Bb5' were not read")
    assert (said[0].line, said[0].column) == (1, 18)


@pytest.mark.parametrize("body", [
    "1. P. to K.s 4th.  1. P. to K.s 4th.\n2. K. Kt. to B.s 3d.  2. Q. Kt. to B.s 3d.\n"
    "3. K. B. to Q. B.s 4th.  3. K. B. to Q. B.s 4th.\n4. Q. to K.s 2d.  4. K. Kt. to B.s 3d.\n5. Castles.",
    "1. P. to K's 4th.  1. P. to K's 4th.\n2. K. Kt. to B's 3d.  2. Q. Kt. to B's 3d.\n"
    "3. K. B. to Q. B.'s 4th.  3. K. B. to Q. B's 4th.\n4. Q. to K's 2d.  4. K. Kt. to B.s 3d.\n5. Castles.",
])
def test_a_possessive_whose_apostrophe_was_dropped_after_the_initials_stop_is_the_possessive(replay_text, body):
    # "K.s 4th", "Q. B.s 4th": the typist or the OCR dropped the apostrophe of "K's", "Q. B's".
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Qe2", "Nf6", "O-O"], \
        [d.message for d in g.diagnostics]


def test_a_number_with_nothing_read_after_it_is_said_in_the_users_own_words(replay_text):
    # The reason once quoted an example heading ("3685. Spanische Partie.") that is in no user's text.
    g = book(replay_text, "Games of the club.\n\n1. Q. to Q. Z. 9th.  1. Q. to Q. Z. 9th.")
    said = [d.message for d in g.diagnostics if "a number with no move after it" in d.message]
    assert said and all("Spanische" not in m for m in said)
    assert "'1. Q. to Q. Z. 9th. 1. Q. to Q. Z. 9th.' at 6:1" in said[0], said  # the file's line (three lines of tags)


# A primer's chapter of examples: a numbered section heading, a diagram (an e-text's mark or a piece list), the
# solution told in a sentence from move 1, then the next diagram and its solution from move 1 again.
CHAPTER_OF_EXAMPLES = (
    "CHAPTER I\n\nFIRST PRINCIPLES: ENDINGS, MIDDLE-GAME AND OPENINGS\n\n1. SOME SIMPLE MATES\n\n"
    "The first thing a student should do is to familiarise himself with the power of the pieces.\n\n{0}\n\n"
    "In this position the power of the Rook is demonstrated by the first move, R-R7, which immediately confines the "
    "Black King to the last rank, and the mate is quickly accomplished by: 1 R-R7, K-Kt1; 2 K-Kt2.\n\n{1}\n\n"
    "In the next position White mates at once by 1 Q-Kt7.\n\n2. PAWN PROMOTION\n\n{2}\n\n"
    "White wins by 1 P-Kt7, K-B2; 2 P-Kt8(Q) ch.\n")
PIECE_LISTS = ("White: K at QKt sq, R at QR6. Black: K at QB sq.", "White: K at QB6, Q at QKt6. Black: K at QR sq.",
               "White: K at KKt sq, P at QKt6. Black: K at QB3.")


@pytest.mark.parametrize("diagrams", [("[Illustration]",) * 3, PIECE_LISTS], ids=["marks", "piece-lists"])
def test_a_chapter_of_examples_is_a_record_for_each_diagram_and_its_moves_from_move_1(diagrams):
    # The last solution's sentence ("White wins by 1 P-Kt7, ...") was taken for the diagram's task, so the third
    # example ran on in the second's record: on one reconstruction from marks ("Qb7", then "b2 Kc2 b1=Q+"), or
    # against the second list's position. The section's numbered heading was taken for a move 1, the chapter's
    # heading the title.
    records = games_of(CHAPTER_OF_EXAMPLES.format(*diagrams))
    assert [[m.normalized for m in g.moves] for g in records] == [["Ra7", "Kb8", "Kb2"], ["Qb7#" if diagrams ==
                                                                   PIECE_LISTS else "Qb7"], ["b7", "Kc7", "b8=Q+"]]
    assert [g.status for g in records] == ["ok"] * 3
    assert [g.title for g in records] == ["1. SOME SIMPLE MATES", "1. SOME SIMPLE MATES", "2. PAWN PROMOTION"]
    assert records[2].record.text.startswith("2. PAWN PROMOTION")
    if diagrams == PIECE_LISTS:
        assert [g.start.split(" ")[0] for g in records] == ["2k5/8/R7/8/8/8/8/1K6", "k7/8/1QK5/8/8/8/8/8",
                                                            "8/8/1Pk5/8/8/8/8/6K1"]
    else:
        assert all("setup-inferred" in [d.code for d in g.diagnostics] for g in records)


def test_a_diagram_in_a_games_notes_with_moves_numbered_past_1_does_not_cut_the_game():
    # A diagram of the game so far, then a sentence of notes on its next moves: still the game's, not an example.
    text = ("1. THE EVANS GAMBIT\n\n1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-QKt4, BxKtP; "
            "5. P-B3, B-R4; 6. P-Q4, PxP.\n\n[Illustration: Position after Black's 6th move.]\n\n"
            "White wins by 7 Castles, PxP; and if 7 Q-Kt3, Q-K2.\n")
    (g,) = games_of(text)
    assert g.status == "ok" and g.tags.get("Opening") == "EVANS GAMBIT"
    assert [m.normalized for m in g.moves][10:14] == ["d4", "exd4", "O-O", "dxc3"]


def test_a_notes_last_lines_run_into_the_next_games_heading_stay_with_their_game():
    # An OCR'd page's two columns: the game before's note ends in moves ("5 P to K 3  P to K R 4"), no blank line
    # between them and the next game's heading. The next record began at them, its score read from move 5 on a
    # reconstruction, its own moves from 1 lost (London 1883's Game 115: 6 of 40 moves legal).
    first = ("Game 114, played on the 11th of June,\nRUY LOPEZ.\nWhite. Black.\n1 P to K 4 P to K 4\n"
             "2 Kt to K B 3 Kt to Q B 3\n3 B to Kt 5 P to Q R 3\n\n(A) Better was 3 Kt to B 3, thus:\n\n"
             "4 B to B 4 P to K 3 (B) A remarkable blunder, the\n5 Castles B to Q 3 only piece left en prise.\n")
    second = ("Game 115, played on the 12th of June,\nIRREGULAR OPENING.\nWhite. Black.\n1 P to K B 4 P to Q 4\n"
              "2 P to K 3 P to Q B 4\n3 K Kt to B 3 K Kt to B 3\n")
    games = games_of(first + second)
    assert len(games) == 2
    assert "4 B to B 4 P to K 3" in games[0].record.body and "B to Q 3" not in games[1].record.body
    assert sans(games[1])[:2] == ["f4", "d5"] and games[1].status == "ok"
