"""German chess texts as the periodicals and web pages print them (``corpus/dev/schachzeitung-1876-google-books``).

Grammar and reader tests per form: a page cut into one record per game at its
numbered heading, a score that begins in the middle of a game (a fragment), the
OCR confusions of German long algebraic, and the printed move numbers used to
find lost moves.
"""

import chess
import pytest
from lark import UnexpectedInput

from notation.details.chess import ChessGameDetail
from notation.model import SourceText
from notation.parse import load
from notation.parse.chess_book import book_spans
from notation.pipeline import process, split_source
from notation.rules.chess import FAMILY as CHESS


def games_of(text, path="page.txt"):
    return [process(r) for r in split_source(SourceText(path, text))]


@pytest.mark.parametrize("heading", [
    "3685. Spanische Partie.", "Partie Nr. 2.", "Nr. 17. Evansgambit", "Partie 3647",
    "12. Zweispringerspiel im Nachzuge.", "Partie 12. Französische Eröffnung.",
    "3669. Evansgambit. Gespielt im Schachclub zu Philadelphia im März 1876.",
])
def test_the_heading_grammar_reads_a_numbered_game_heading(heading):
    load("chess_heading.lark").parse(heading)


@pytest.mark.parametrize("text", ["26. Dh5-e2?", "Die Partie ist von beiden Seiten", "1876. Aus Turf"])
def test_moves_and_prose_are_no_heading(text):
    with pytest.raises(UnexpectedInput):
        load("chess_heading.lark").parse(text)


PAGE = """Weiss.  Schwarz.
26. Dh5-e2  Se7-g6
27. Kg1-h1  Sh7-f6
Aufgegeben.

3685. Spanische Partie.

Gespielt im Divan-Turnier.

POTTER.  WISKER.
Weiss.  Schwarz.
1. e2-e4

e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6
"""


def test_a_page_is_cut_at_the_numbered_heading_of_the_next_game():
    spans = book_spans(PAGE, CHESS.book_moves)
    assert spans is not None and [PAGE[s.start:s.end].split("\n")[0] for s in spans] == [
        "Weiss.  Schwarz.", "3685. Spanische Partie."]


def test_a_heading_inside_a_line_of_ocr_text_begins_a_game():
    text = ("15. Dd2-f4 Sc6-e5 16. Th1-f1 Aufgegeben. 3669. Evansgambit. Gespielt im Schachclub "
            "zu Philadelphia im März 1876. Weiss. Schwarz. 1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6")
    spans = book_spans(text, CHESS.book_moves)
    assert spans is not None and [text[s.start:s.end][:18] for s in spans] == ["15. Dd2-f4 Sc6-e5 ", "3669. Evansgambit."]


def test_a_heading_that_no_score_from_move_1_follows_begins_nothing():
    text = "5. d2-d3 d7-d6 6. c2-c3 (s. Partie 3647 im Märzheft). 6. ... g7-g6 7. h2-h3"
    assert book_spans(text, CHESS.book_moves) is None


def test_the_game_below_the_heading_replays_from_the_start():
    games = games_of(PAGE)
    assert [m.normalized for m in games[1].moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert games[1].status == "ok", [d.message for d in games[1].diagnostics]


def german(replay_text, body):
    (g,) = replay_text(f'[Game "chess"]\n[Notation "german"]\n\n{body}\n')
    return g


def messages(g, code=None):
    return [d.message for d in g.diagnostics if code is None or d.code == code]


# -- a fragment: the score begins in the middle of a game ---------------------------


def test_a_score_that_begins_at_move_26_is_a_fragment_not_a_game_from_the_start(replay_text):
    # The knight leaves e7 and moves from it again: no set-up fits these moves (one that does is
    # inferred: tests/test_chess_setup_inference.py).
    g = german(replay_text, "26. Dh5-e2? Se7-g6 27. Kg1-h1 Se7-f6 28. Lc4-e6 Sf6-g4")
    (fragment,) = [d for d in g.diagnostics if d.code == "fragment"]
    assert fragment.severity == "error" and (fragment.line, fragment.column) == (4, 5)
    assert "begins at move 26." in fragment.message and "without the position" in fragment.message
    assert "no position can be found" in fragment.message
    assert g.status == "error" and not any(d.code == "illegal-move" for d in g.diagnostics)
    # Every move is read and kept, as printed, none replayed from the starting position.
    assert [m.printed for m in g.moves] == ["Dh5-e2", "Se7-g6", "Kg1-h1", "Se7-f6", "Lc4-e6", "Sf6-g4"]
    assert [m.number for m in g.moves] == [26, 26, 27, 27, 28, 28]
    assert all(m.normalized is None and m.detail.fragment for m in g.moves)


def test_a_fragment_with_its_position_is_replayed_from_it(replay_text):
    (g,) = replay_text('[Game "chess"]\n[Notation "german"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 26"]\n\n'
                       "26. Th1-h8+ Ke8-d7\n")
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["Rh8+", "Kd7"]


def test_a_fragment_is_never_ok_and_never_no_moves(replay_text):
    g = german(replay_text, "15. Dd2-f4 Sc6-e5 16. Th1-f1 Sc6-d4")
    assert g.status == "error" and [d.code for d in g.diagnostics if d.severity == "error"] == ["fragment"]


# -- OCR confusions of German long algebraic ----------------------------------------


@pytest.mark.parametrize("body, expected, confusion", [
    ("1. d2-d4 Sg8-f6 2. c2-c4 e7-06", ["d4", "Nf6", "c4", "e6"], "'06': '0' read as a file letter"),
    ("1. e2-e4 e7--05 2. Sg1-f3 Sb8-c6 3. Lf1--15", ["e4", "e5", "Nf3", "Nc6", "Bb5"], "'15': '1' read as"),
    ("1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. 52-54", ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4"],
     "'52': '5' read as a file letter"),
    ("1. e2-e4 e7-e5 2. Sg1-f3 Sg8-06", ["e4", "e5", "Nf3", "Nf6"], "'06': '0' read as a file letter"),
    ("1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-4", ["e4", "e5", "Nf3", "Nc6", "Bc4"],
     "the file of the square it goes to is lost"),
    ("1. d2-d4 d7-d5 2. Lcl-f4", ["d4", "d5", "Bf4"], "'cl': 'l' read as '1'"),
    ("1. a2-a4 a7-a5 2. Tal-a3", ["a4", "a5", "Ra3"], "'al': 'l' read as '1'"),
    ("1. e2-e4 c7_c5 2. Sg1-f3", ["e4", "c5", "Nf3"], "'_' read as '-'"),  # the OCR's underscore for the dash
    # a round letter's "o" for its file (c7-c5, e7-e5 gone; Nc6, c3: the score's every move read, none left as
    # prose, where the decoder read "Sg8-f6" for Black's 2nd and took the game "ok" before)
    ("1. e2-e4 e7-e5 2. Sg1-f3 o7-o5", ["e4", "e5", "Nf3", "c5"], "'o7': 'o' read as a file letter (c, e)"),
    ("1. e2-e4 e7-e5 2. Sg1-f3 Sb8-o6 3. o2-o3 Sg8-f6 4. d2-d4 Sf6-e4: 5. d4-e5: d7-d5",
     ["e4", "e5", "Nf3", "Nc6", "c3", "Nf6", "d4", "Nxe4", "dxe5", "d5"], "'o6': 'o' read as a file letter"),
    ("1. e2-e4 e7-e5 2. Sg1-f3 li7-li5", ["e4", "e5", "Nf3", "h5"], "'li7': 'li' read as a file letter (h)"),
    # the full stop or the comma for the dash between two squares
    ("1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. c2.c3 Sg8-f6 4. d2-d4", ["e4", "e5", "Nf3", "Nc6", "c3", "Nf6", "d4"],
     "'.' read as '-'"),
    ("1. e2-e4 e7-e5 2. Sg1,f3 Sb8-c6", ["e4", "e5", "Nf3", "Nc6"], "',' read as '-'"),
    # the semicolon for the colon of a capture
    ("1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5;c6 d7;c6 5. 0-0",
     ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"], "';' read as ':'"),
])
def test_ocr_confusions_of_long_algebraic_are_read_through_with_a_warning(replay_text, body, expected, confusion):
    g = german(replay_text, body)
    assert [m.normalized for m in g.moves] == expected, messages(g)
    ocr = messages(g, "ocr")
    assert any(confusion in m for m in ocr), ocr
    assert all(d.severity == "warning" for d in g.diagnostics if d.code == "ocr")


@pytest.mark.parametrize("mark", ["f", "t", "7", "4"])
def test_a_check_mark_read_as_a_letter_or_a_7(replay_text, mark):
    g = german(replay_text, f"1. e2-e4 f7-f6 2. d2-d4 g7-g5 3. Dd1-h5{mark}")
    assert g.moves[-1].normalized == "Qh5#" or g.moves[-1].normalized == "Qh5+"
    assert any(f"{mark!r} read as '+'" in m for m in messages(g, "ocr")), messages(g)


@pytest.mark.parametrize("word", ["Lc4-f74", "Lc4--074"])
def test_a_4_for_the_check_mark_after_a_square_whose_file_is_a_digit(replay_text, word):
    # Page-148's "36. e6--074" (e6-d7+): the square's file a digit, the check a 4.
    g = german(replay_text, f"1. e2-e4 e7-e5 2. Lf1-c4 Sb8-c6 3. {word} Ke8-f7:")
    # read through an OCR confusion: the move is repaired, not as printed
    assert [m.normalized for m in g.moves][-2:] == ["Bxf7+", "Kxf7"] and g.moves[-2].status == "repaired", messages(g)
    assert any("'4' read as '+'" in m for m in messages(g, "ocr")), messages(g)


@pytest.mark.parametrize("word", ["Sf6et", "Sf6-et"])
def test_a_t_for_the_4_of_a_square_the_move_goes_to(replay_text, word):
    # Page-205's "35. ... Sf6et" (Sf6-e4: "37. Te6-e4:" takes there), with or without its dash.
    g = german(replay_text, f"1. d2-d4 Sg8-f6 2. Sb1-c3 {word} 3. Sc3-e4: d7-d5")
    assert [m.normalized for m in g.moves] == ["d4", "Nf6", "Nc3", "Ne4", "Nxe4", "d5"], messages(g)
    assert any("'t' read as '4'" in m for m in messages(g, "ocr")), messages(g)


def test_a_t_after_a_square_is_still_a_check_mark(replay_text):
    g = german(replay_text, "1. e2-e4 f7-f6 2. d2-d4 g7-g5 3. Dd1-h5t")
    assert g.moves[-1].normalized == "Qh5#" and any("'t' read as '+'" in m for m in messages(g, "ocr"))


def test_three_hyphens_before_the_square_a_long_move_goes_to(replay_text):
    # Page-148's "47. Ke3 ---d2" (one move, its dash split from the square it comes from).
    g = german(replay_text, "1. e2-e4 e7-e5 2. Ke1 ---e2 Ke8---e7 3. d2-d3")
    assert [m.normalized for m in g.moves] == ["e4", "e5", "Ke2", "Ke7", "d3"] and g.status == "ok", messages(g)


def test_castling_with_two_hyphens_and_a_comma_for_the_numbers_full_stop(replay_text):
    g = german(replay_text, "1. d2-d4 d7-d5 2. Sb1-c3 Sb8-c6 3. Lc1-f4 Lc8-f5 4, Dd1-d2 Dd8-d7 5. 0--0-0 0--0-0")
    assert g.status == "ok" and [m.normalized for m in g.moves][-3:] == ["Qd7", "O-O-O", "O-O-O"], messages(g)


def test_two_squares_both_damaged_that_several_moves_fit_are_reported_ambiguous(replay_text):
    g = german(replay_text, "1. e2-e4 07-05")
    assert g.status == "error" and any(d.code == "ambiguous-move" and "c5" in d.message for d in g.diagnostics)


def test_the_board_chooses_among_the_files_a_digit_may_stand_for(replay_text):
    # "04" after d2: d3 or d4 for a pawn; only "d4" is a file "0" looks like and a legal pawn move.
    g = german(replay_text, "1. d2-04 d7-05")
    assert [m.normalized for m in g.moves] == ["d4", "d5"]


# -- the printed move numbers ------------------------------------------------------


def test_a_printed_number_past_the_count_says_moves_are_lost(replay_text):
    # Moves 5 and 6 are lost; 7. h2-h3 would replay, but 7... Lf8-g7 cannot: stop at the number. No
    # set-up fits the moves after it (the bishop leaves f8 twice): they are kept unchecked.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6 "
                            "7. h2-h3 Lf8-g7 8. h3-h4 Lf8-e7")
    (lost,) = [d for d in g.diagnostics if d.code == "lost-moves"]
    assert "printed number 7. follows 4..." in lost.message and (lost.line, lost.column) == (4, 69)
    assert "kept unchecked" in lost.message
    assert [m.status for m in g.moves] == ["ok"] * 8 + ["error"] * 4
    assert g.moves[8].normalized is None and g.moves[8].printed == "h2-h3"


def test_the_moves_after_lost_ones_replay_on_the_smallest_set_up_they_need(replay_text):
    # "17. Tf1-d1 Lc8-b7 b5-14 Df5-54 22. Kgl-h1" (the Evans game of page-148): the OCR lost moves 18
    # to 21; what follows the gap is a fragment of its own, replayed on a reconstruction.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 "
                            "8. Kg1-h1 0-0-0 9. Lc4-f7: Th8-g8 10. f2-f3 Dg4-g5 11. f3-f4 Dg5-g4")
    (lost,) = [d for d in g.diagnostics if d.code == "lost-moves"]
    assert lost.severity == "error" and "replayed on the smallest set-up its moves need" in lost.message
    assert "a reconstruction" in lost.message and g.status == "error"
    assert [m.normalized for m in g.moves][6:] == ["Kh1", "O-O-O", "Bxf7", "Rhg8", "f3", "Qg5", "f4", "Qg4"]
    assert all(m.status == "ok" for m in g.moves)


def test_a_pawns_move_under_the_other_sides_number_says_a_move_is_lost(replay_text):
    # Page-148's "41. Tc5-e5: Lc6-a4: ... 42. g7-96 43. g2-g4": g7-g6 can only be Black's; White's 42nd is
    # lost. The replay goes on from Black's 42nd on the board with White's move left out, where the moves after
    # it replay (the smallest set-up they need had no knight on f3: "Sb1-d2:" was Nxd2 there, Nbxd2 here).
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. c2-c3 Sg8-f6 "
                            "5. g7-g6 6. d2-d4 e5-d4: 7. c3-d4: Lc5-b4+ 8. Lc1-d2 Lb4-d2:+ 9. Sb1-d2: d7-d5")
    (lost,) = [d for d in g.diagnostics if d.code == "lost-moves"]
    assert "'g7-g6' under the number 5. is a pawn's move only Black can make: White's move" in lost.message
    assert "a reconstruction" in lost.message and g.status == "error"
    assert [m.normalized for m in g.moves][8:] == ["g6", "d4", "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+", "Nbxd2", "d5"]
    assert all(m.status == "ok" for m in g.moves) and g.moves[8].side == "black"
    assert "replayed on the board with White's move left out" in lost.message


def test_a_pawns_move_of_the_other_side_with_few_moves_after_it_goes_on_without_the_lost_move(replay_text):
    # Too few moves after it to infer a set-up from (an illegal move before): the gap is bridged where the
    # moves are legal on the board with White's 3rd left out; the lost move is still an error, named.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. g7-g6 4. d2-d4")
    (lost,) = [d for d in g.diagnostics if d.code == "lost-moves"]
    assert lost.severity == "error" and (lost.line, lost.column) == (4, 36) and g.status == "error"
    assert [m.normalized for m in g.moves] == ["e4", "e5", "Nf3", "Nc6", "g6", "d4"]
    assert g.moves[4].side == "black" and all(m.status == "ok" for m in g.moves)
    assert not any(d.code == "illegal-move" for d in g.diagnostics)


def test_a_gap_of_one_side_where_no_number_stands_is_bridged_where_the_moves_are_legal(replay_text):
    # "51. K03-04 Le4-02 c6_c5f a6--a5 57." (page-148): Black's pawn moves printed after his own, no number
    # between them; White's move before "c6-c5+" is lost, and the check it gives is the king's that stays.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. 0-0 Sg8-f6 "
                            "5. d2-d3 d7-d6 a7-a6 6. Lc1-g5 h7-h6 7. Lg5-f6: Dd8-f6:")
    (lost,) = [d for d in g.diagnostics if d.code == "lost-moves"]
    assert "'a7-a6' where no number stands is a pawn's move only Black can make" in lost.message
    assert [m.normalized for m in g.moves][10:] == ["a6", "Bg5", "h6", "Bxf6", "Qxf6"]
    assert all(m.status == "ok" for m in g.moves) and g.moves[10].side == "black"


def test_a_misprinted_number_with_moves_that_replay_goes_on(replay_text):
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 5. Lf1-b5 a7-a6")
    assert not any(d.code == "lost-moves" for d in g.diagnostics)
    assert [m.normalized for m in g.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


# -- a long line of OCR text -------------------------------------------------------


def test_a_long_ocr_line_of_moves_and_notes_is_read_in_pieces(replay_text):
    body = ("1. e2-e4 e7-e5 2. Sg1-f3 Sb8--c6 3. Lf1-c4 Lf8--c5 4, 52-54 Lc5-64: 5. c2-c3 Lb4-a5 "
            "6. d2-04 e5--04: 7. Dd1-b3 Dd8-06 8. 0-0 d4-c3: 9. e4-e5 Df6-g6 10. Sb1-c3: b7-55 "
            "Nach Anderssen der einzig richtige Zug, und es ist sehr fraglich, ob dies gerathen ist. "
            "Anderssen spielt 10. ..., a7-a6. 11. Lc4-03 Dg6-e6")
    g = german(replay_text, body)
    # every move read and legal; those read through an OCR confusion ("52-54", "d2-04") repaired, the rest as printed
    assert len(g.moves) == 22 and all(m.status in ("ok", "repaired") for m in g.moves), messages(g)
    assert {m.printed for m in g.moves if m.status == "repaired"} >= {"52-54", "d2-04"} and g.status == "repaired"
    assert g.moves[-1].normalized == "Qe6" and [m.normalized for m in g.variations[0].moves] == ["a6"]
    assert g.moves[19].comment.startswith("Nach Anderssen der einzig richtige Zug")


def test_a_sheet_signature_among_the_authors_words_leaves_them_his_note(replay_text):
    # Page-148: "29. f4-f5 Tf8--05: Schwarz thut gut daran, ... zu geben. 10* Weiss. Schwarz. 30. ...": the
    # printer's signature ("10*") at the foot of the page, run into the note, is no word of a move.
    body = ("1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. b2-b4 Lc5-b4: 5. c2-c3 Lb4-a5 "
            "Schwarz thut gut daran, die Qualität sofort wieder zu geben. 10* Weiss. Schwarz. "
            "6. d2-d4 e5-d4: 7. 0-0 d4-c3:")
    g = german(replay_text, body)
    assert len(g.moves) == 14 and all(m.status == "ok" for m in g.moves), messages(g)
    assert g.moves[9].comment.startswith("Schwarz thut gut daran")


def test_a_number_past_the_count_after_a_lost_line_warns_when_the_moves_replay_all_the_same(replay_text):
    # "5... d7-d6 6. c2-c3" lost (taken for prose or not printed): 5... g7-g6 7. h2-h3 still replay.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6 5. d2-d3\n\n"
                            "g7-g6 7. h2-h3 Lf8-g7")
    (warning,) = [d for d in g.diagnostics if d.code == "numbers-disagree"]
    assert warning.severity == "warning" and "7. is 2 plies past the count from 5." in warning.message
    assert [m.normalized for m in g.moves][-3:] == ["g6", "h3", "Bg7"]


# -- notes between the moves, as the Schachzeitung prints them ---------------------


def test_the_moves_after_the_authors_words_on_one_line_go_on_with_the_score(replay_text):
    # page-205: a note's paragraph ends in the game's next move, and a note ends in the number of
    # Black's reply printed again over it.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3\n\nSb8-c6 3. Lf1-c4?\n\n"
                            "Wiederum übersieht Weiss den naheliegenden Zug d2-d4. Besser war es. 3.\n\n"
                            "Lf8-c5 4. c2-c3 Sg8-f6?\n\nGanz gegen den Geist der Eröffnung. 5. d2-d4\n\ne5-d4:")
    assert [m.normalized for m in g.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4"]
    assert g.status == "ok", messages(g)
    # (The move the note names, "den naheliegenden Zug d2-d4", is White's alternative to his third move: since the
    # decoder reads the capture marked after its square, "e5-d4:", its reading of the record is kept, and the note
    # is the comment of that variation, 3. d4, where before it was Bc4's.)
    (variation,) = g.variations
    assert variation.branch_ply == 5 and [m.normalized for m in variation.moves] == ["d4"]
    said = [variation.comment, *(m.comment for m in variation.moves), g.moves[4].comment]
    assert any((c or "").startswith("Wiederum übersieht Weiss") for c in said), said


def test_moves_before_and_after_the_authors_words_on_one_line(replay_text):
    # "d7--06 6. c2-03 Die Neuerung, welche ... (s. Partie 3647 im Märzheft). 6." in game 3685.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6 5. d2-d3\n\n"
                            "d7-d6 6. c2-c3 Die Neuerung, welche zuerst Steinitz anwendete (s. Partie 3647). 6.\n\n"
                            "g7-g6 7. h2-h3")
    assert [m.normalized for m in g.moves][-5:] == ["d6", "c3", "g6", "h3"][-5:] or \
        [m.normalized for m in g.moves][9:] == ["d6", "c3", "g6", "h3"]
    assert g.status == "ok", messages(g)


def test_a_note_ending_in_a_number_that_is_not_the_next_one_stays_prose(replay_text):
    # The note's "2. d2-d4" is no move of the game: the score's next move is Black's 2nd (the note's
    # move is an alternative to White's 2nd, or a word of prose: never lost).
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3\n\nStärker ist hier wohl 2. d2-d4\n\nSb8-c6")
    assert [m.normalized for m in g.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert [m.printed for v in g.variations for m in v.moves] == ["d2-d4"] or any(
        "d2-d4" in m for m in messages(g, "prose")), messages(g)


def test_moves_inside_the_authors_sentence_are_his_note(replay_text):
    # A long line of OCR text read in pieces: "... führt danach das Spiel mit 17. Tal-el, Lc8-d7; 18. ..."
    # names moves ahead of the score inside a sentence: prose, named, not the game going on.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. c2-c3 Sg8-f6 5. d2-d4 e5-d4: "
                            "Ein arger Fehler. Statt dessen musste natürlich der Läufer ziehen, was so nahe lag. "
                            "Steinitz führt danach das Spiel mit 6. Dd1-h5, Sf6-h5:; 7. Lc4-f7: weiter. "
                            "6. e4-e5 d7-d5")
    assert [m.normalized for m in g.moves][-3:] == ["exd4", "e5", "d5"], messages(g)
    # (Said as a note's moves at their line and column: "inside the author's sentence" where no word of it read,
    # and since "Lc4-f7:", the capture marked after its square, is a form the decoder reads, as words the decoder's
    # reading leaves as prose.)
    assert any("Dd1-h5" in m and ("inside the author's sentence" in m or "taken for prose" in m)
               for m in messages(g, "prose"))


def test_a_note_that_begins_after_the_moves_of_a_piece_is_a_variation_not_the_main_line(replay_text):
    # "50. Tel-f1! Lf5-e4 Falls Lh3:, so 51. Tf1-f6!, Lh3f5; 52. Tf6---f5:! 51. K03-04 ...": the author's
    # sentence begins after Black's move, names his alternative to it ("Falls Lh3:") and goes on with
    # the moves after it; the score takes up again at the number it comes to next.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. c2-c3 Sg8-f6 5. d2-d4 e5-d4: "
                            "Falls Sf6-e4:, so 6. d4-c5:!, Se4-c5:; 7. Lc4-f7:+! 6. c3-d4: Lc5-b4+ 7. Lc1-d2 Lb4-d2:+")
    assert [m.normalized for m in g.moves][8:] == ["d4", "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+"], messages(g)
    (note,) = g.variations
    assert note.branch_ply == 10 and [m.normalized for m in note.moves] == ["Nxe4", "dxc5", "Nxc5", "Bxf7+"]
    assert g.status == "ok", messages(g)


def test_a_number_alone_over_the_move_of_a_page_that_begins_at_blacks_reply(replay_text):
    # "Weiss. / 16. / Dd8-16? Ein arger Fehler. ... / 17. Dg6-e87 Df6-18": the column takes the game up
    # at Black's 16th, the number alone on its line.
    g = german(replay_text, "16.\n\nDd8-f6? Ein arger Fehler, wie man leicht sieht, und ohne jeden Grund "
                            "gespielt; statt dessen musste natürlich der Springer ziehen, was so nahe lag.\n\n"
                            "17. Dg6-e8+ Df6-f8\n18. Tf1-e1 Sh7-f6\n19. De8-g6 Sc6-e7\n20. Dg6-g5 Sf6-h7")
    assert g.moves[0].side == "black" and g.moves[0].number == 16 and g.moves[0].normalized == "Qf6"
    assert all(m.status == "ok" for m in g.moves), messages(g)


def test_a_score_under_a_column_head_after_a_result_is_another_record():
    text = ("48. Dd8-d7+ Kg7-g8 49. Dd7-e8+ Aufgegeben.\n\nWeiss.\n\n16.\n\nDd8-f6? Ein Fehler.\n\n"
            "17. Dg6-e8+ Df6-f8\n")
    spans = book_spans(text, CHESS.book_moves)
    assert spans is not None and [text[s.start:s.end].split("\n")[0] for s in spans] == [
        "48. Dd8-d7+ Kg7-g8 49. Dd7-e8+ Aufgegeben.", "Weiss."]


def test_a_result_then_the_same_game_going_on_cuts_nothing():
    text = "48. Dd8-d7+ Kg7-g8 49. Dd7-e8+ Aufgegeben.\n\nWeiss.\n\n50. Kg1-h1\n"
    assert book_spans(text, CHESS.book_moves) is None


def test_a_fragment_whose_later_move_no_set_up_fits_replays_its_first_moves(replay_text):
    # "31. Tez-e6" cannot come from e2 (the queen stands there since move 26): the set-up is inferred
    # from the moves before it, and the king is put where a later move of his starts ("Kh8-07").
    g = german(replay_text, "26. Dh5-e2 Se7-g6 27. Kg1-h1 Sh7-f6 28. Lc4-e6 Sf6-g4 29. Le6-d7: Dg7-h7 "
                            "30. f2-f4 Dh7-f7: 31. Te2-e6 Kh8-g7")
    assert any(d.code == "setup-inferred" for d in g.diagnostics), messages(g)
    assert [m.status for m in g.moves][:10] == ["ok"] * 10
    assert g.moves[10].status != "ok"


def test_a_long_move_from_a_square_one_letter_off_is_a_repair_the_set_up_allows(replay_text):
    # "31. Tez-e6" (page-205, read Te2-e6): the queen stands on e2 since move 26, so no set-up has a rook
    # there; the rook meant comes from another square of the e-file. The set-up inferred has one there
    # (the moves after it replay on it), and it is the one rook that goes to e6: the square of departure is
    # read as damaged by the OCR (an `ocr` warning naming it; an `illegal-move` error repaired before), and
    # the game goes on.
    g = german(replay_text, "26. Dh5-e2 Se7-g6 27. Kg1-h1 Sh7-f6 28. Lc4-e6 Sf6-g4 29. Le6-d7: Dg7-h7 "
                            "30. f2-f4 Dh7-f7: 31. Tez-e6 Kh8-g7 32. De2-c4 b7-b5 33. Dc4-b3 b5-b4")
    assert any(d.code == "setup-inferred" for d in g.diagnostics), messages(g)
    repaired = g.moves[10]
    assert repaired.status == "repaired" and repaired.normalized == "Re6", messages(g)
    assert any(d.code == "ocr" and d.severity == "warning" and "'Tez-e6': 'e2' names no rook: read as e" in d.message
               for d in g.diagnostics), messages(g)
    assert not any(d.code == "illegal-move" for d in g.diagnostics)
    assert [m.status for m in g.moves[11:]] == ["ok"] * 5 and g.moves[12].normalized == "Qc4"


@pytest.mark.parametrize("word, expected, said", [
    # the one bishop that goes to b5 (from f1): "f4" for "f1"
    ("Lf4-b5", "Bb5", "'f4' names no bishop: read as f1, the bishop that goes to b5"),
    # a rook's square of departure misread, where only one rook goes to the square named (the other is shut in)
    ("Th7-e1", "Re1", "'h7' names no rook: read as f1, the rook that goes to e1"),
])
def test_a_long_moves_square_of_departure_that_names_no_man_of_its_kind_is_read_as_the_one_that_goes(
        replay_text, word, expected, said):
    g = german(replay_text, f"1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. 0-0 Sg8-f6 5. d2-d3 d7-d6 "
                            f"6. {word} a7-a6" if word[0] == "T" else
                            f"1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. {word} a7-a6 4. Lb5-c6: d7-c6:")
    moved = next(m for m in g.moves if m.printed == word)
    assert moved.normalized == expected and moved.status == "repaired", messages(g)
    assert any(said in m for m in messages(g, "ocr")), messages(g)
    assert g.status == "repaired" and not any(d.severity == "error" for d in g.diagnostics)


def test_a_square_of_departure_that_names_no_man_is_no_reading_where_two_men_go(replay_text):
    # Both knights go to d2 (b1 and f3): "Sh4-d2" (no knight on h4) says neither, and stays an error.
    g = german(replay_text, "1. d2-d4 d7-d5 2. Sg1-f3 Sg8-f6 3. Sh4-d2")
    assert not any(d.code == "ocr" for d in g.diagnostics)
    assert g.moves[-1].status != "ok" and g.status == "error"


def test_a_square_one_letter_off_needs_moves_after_it_to_settle_it(replay_text):
    # The same move as the score's last but two: too few moves after it say where the rook stood, and
    # the set-up has none (the replay's nearest reading is the queen's).
    g = german(replay_text, "26. Dh5-e2 Se7-g6 27. Kg1-h1 Sh7-f6 28. Lc4-e6 Sf6-g4 29. Le6-d7: Dg7-h7 "
                            "30. f2-f4 Dh7-f7: 31. Tez-e6 Kh8-g7 32. De2-c4")
    assert [m.status for m in g.moves[:10]] == ["ok"] * 10 and g.moves[10].status != "ok", messages(g)
    assert not chess.Board(ChessGameDetail.of(g.detail).setup).pieces(chess.ROOK, chess.WHITE)


@pytest.mark.parametrize("word, expected", [("Tald1", "Rd1"), ("Tal-d1", "Rd1")])
def test_a_long_move_with_no_dash_and_a_letter_for_a_rank(replay_text, word, expected):
    g = german(replay_text, f"1. d2-d4 d7-d5 2. Sb1-c3 Sb8-c6 3. Lc1-f4 Lc8-f5 4. Dd1-d2 Dd8-d7 5. {word}")
    assert g.moves[-1].normalized == expected and any("'l' read as '1'" in m for m in messages(g, "ocr"))


def test_aufgegeben_after_a_move_the_replay_could_not_make_is_said_by_the_other_side(replay_text):
    # The replay stops at "5. Dd1-d8:" (the d-pawn stands between): "Aufgegeben." is still Black's,
    # who is to move after White's 5th as printed.
    g = german(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-c6: d7-c6: 5. Dd1-d8: Aufgegeben.")
    assert g.moves[-1].status == "error" and g.result == "1-0"


def test_a_capture_marked_after_its_square_then_the_mate_sign():
    """"D. h 5 – f 7:‡": the capture's colon, then the double dagger of mate at once."""
    (game,) = games_of("1. e 2 – e 4  e 7 – e 5\n2. L. f 1 – c 4  S. b 8 – c 6\n"
                       "3. D. d 1 – h 5  S. g 8 – f 6\n4. D. h 5 – f 7:‡\n")
    assert [m.normalized for m in game.moves][-1] == "Qxf7#" and game.status == "ok", \
        [d.message for d in game.diagnostics]


#: Anderssen – Dufresne (Berlin, 1852) in the long German notation spaced as the 19th-century books set it
#: ("S g 1-f 3", "L c 5 : b 4", "S e 4-f 6 +", "L a 3 : e 7 ‡").
_EVERGREEN_SPACED = """Partie Nr. 12.

Weiß: A. Anderssen. Schwarz: J. Dufresne.

 1. e 2-e 4      e 7-e 5
 2. S g 1-f 3    S b 8-c 6
 3. L f 1-c 4    L f 8-c 5
 4. b 2-b 4      L c 5 : b 4
 5. c 2-c 3      L b 4-a 5
 6. d 2-d 4      e 5 : d 4
 7. 0-0          d 4-d 3
 8. D d 1-b 3    D d 8-f 6
 9. e 4-e 5      D f 6-g 6
10. T f 1-e 1    S g 8-e 7
11. L c 1-a 3    b 7-b 5
12. D b 3 : b 5  T a 8-b 8
13. D b 5-a 4    L a 5-b 6
14. S b 1-d 2    L c 8-b 7
15. S d 2-e 4    D g 6-f 5
16. L c 4 : d 3  D f 5-h 5
17. S e 4-f 6 +  g 7 : f 6
18. e 5 : f 6    T h 8-g 8
19. T a 1-d 1    D h 5 : f 3
20. T e 1 : e 7 +  S c 6 : e 7
21. D a 4 : d 7 +  K e 8 : d 7
22. L d 3-f 5 ++  K d 7-e 8
23. L f 5-d 7 +  K e 8-f 8
24. L a 3 : e 7 ‡

Weiß gewinnt.
"""


def test_a_whole_game_in_the_spaced_long_form_reads_whole():
    # Its first capture, "L c 5 : b 4", was read as "L c 5 :" and "b 4": the game stopped at move 4.
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    (game,) = [process(r) for r in split_source(SourceText("partie.txt", _EVERGREEN_SPACED))]
    assert game.status == "ok" and len(game.moves) == 47
    assert [m.normalized for m in game.moves][-3:] == ["Bd7+", "Kf8", "Bxe7#"] and game.result == "1-0"
    assert (game.tags["White"], game.tags["Black"]) == ("Anderssen, A.", "Dufresne, J.")


_SPANISH_SPACED = """ 1. e 2 - e 4           e 7 - e 5
 2. S g 1 - f 3         S b 8 - c 6
 3. L f 1 - b 5         a 7 - a 6
 4. L b 5 - a 4         S g 8 - f 6
"""


def test_two_games_in_the_spaced_long_form_each_read_as_german():
    # The algebraic reading of "S g 1 - f 3" reads the pawn move "f 3" and of "L b 5 - a 4" the two moves
    # "b 5" and "a 4": counted so it read more moves than the clean German reading and was chosen, with errors,
    # for the second game (not for the first, whose further moves it could not read). Moves read inside one
    # printed move of the clean reading count once.
    text = ("Steinitz – Anderssen, Wien 1873.\n\n" + _SPANISH_SPACED
            + " 5. S b 1 - c 3         L f 8 - b 4\n 6. S c 3 - d 5         L b 4 - a 5\n\n\n"
            + "Partie Nr. 4. Gespielt in Baden-Baden 1870.\n\n" + _SPANISH_SPACED)
    first, second = games_of(text)
    assert (first.status, first.notation, len(first.moves)) == ("ok", "german", 12)
    assert (second.status, second.notation) == ("ok", "german"), second.diagnostics
    assert [m.normalized for m in second.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]


@pytest.mark.parametrize("move", ["L f 8 - e 7", "Lf8-e7"])
def test_a_notes_move_after_a_spaced_ellipsis_is_its_variation_at_the_labelled_move(move):
    # "a) Besser ist 5. . . . L f 8 - e 7.": the spaced dots are Black's mark (was: "5." read alone, the move left in
    # the note as prose, the record ok). The label "a)" the move "L f 8 - b 4 a)" carries hangs the note there, and
    # is that move's mark. (The note's line keeps the label as the first of its words, as every labelled note's line
    # does: test_chess_book_notes pins "(b) If ...".)
    text = ("Partie Nr. 3.\n\n" + _SPANISH_SPACED + " 5. S b 1 - c 3         L f 8 - b 4 a)\n"
            " 6. S c 3 - d 5         L b 4 - a 5\n 7. 0 - 0               b 7 - b 5\n\n"
            f"a) Besser ist 5. . . . {move}.\n")
    (game,) = games_of(text)
    assert game.status == "ok" and len(game.moves) == 14, game.diagnostics
    (line,) = game.variations
    assert (line.branch_ply, [m.normalized for m in line.moves]) == (10, ["Be7"])
    assert game.moves[9].annotations == ["a)"] and line.comment == "a) Besser ist"


def test_an_ocr_readings_ambiguity_is_settled_through_a_bridged_lost_move(replay_text):
    # "51. K03-04 Le4-02 c6_c5f" (page-148): "04" is c4 or d4; White's next move is lost before Black's
    # "c7-c5+", and only with the King on d4 does that pawn's move give the check printed.
    (g,) = replay_text('[Game "chess"]\n[Notation "german"]\n[FEN "4k3/p1p5/8/8/8/2K5/8/8 w - - 0 1"]\n\n'
                       "1. K03-04 a7-a6 c7-c5+ 3. Kd4-d5 Ke8-d7\n")
    assert [m.normalized for m in g.moves] == ["Kd4", "a6", "c5+", "Kd5", "Kd7"]
    assert not any(d.code == "ambiguous-move" and d.severity == "error" for d in g.diagnostics)
    assert any("only Kd4 lets the game go on" in d.message for d in g.diagnostics)
    assert [d.code for d in g.diagnostics if d.severity == "error"] == ["lost-moves"]


@pytest.mark.parametrize("printed, meant, said", [
    # "c2-c3" for "e2-e3": legal, but "5. Lf1-a6" then fits no move; the OCR's "c" for "e", named twice. "g2-g3"
    # and "a2-a4" would mend the game as well read as e-pawn moves, but "g" and "a" are no letters the OCR reads
    # for "e": the one reading is found.
    ("c2-c3", "e3", "'c' read as 'e' wherever it stands"),
])
def test_a_legal_move_read_through_one_letter_for_another_wherever_it_stands(replay_text, printed, meant, said):
    g = german(replay_text, f"1. f2-f3 f7-f6 2. a2-a4 d7-d5 3. g2-g3 Dd8-d6 4. {printed} Dd6-c5 5. Lf1-a6 Lc8-g4 "
                            "6. Ke1-e2 Dc5-c4+")
    assert [m.normalized for m in g.moves][6] == meant and g.moves[6].status == "repaired", messages(g)
    assert all(m.status == "ok" for m in g.moves[7:])
    (misprint,) = [d for d in g.diagnostics if d.code == "legal-misprint"]
    assert said in misprint.message and "read as e2-e3" in misprint.message



def test_a_print_that_may_look_alike_is_asked_for_every_form_that_does():
    # The misprint search asks a move's forms for one letter read as another only where the print may be one
    # (_may_look_alike, found once for the print): never where some form would have been found so.
    from itertools import product

    from notation.rules.chess.replay import _may_look_alike, _one_letter_for_another

    letters = "ceh38x-"
    words = ["".join(w) for n in (3, 4) for w in product(letters, repeat=n)]
    for printed in words:
        if not _may_look_alike(printed):
            assert not any(_one_letter_for_another(printed, form) for form in words), printed
    assert _may_look_alike("c2-c3") and not _may_look_alike("c2-e3") and not _may_look_alike("Kt-B3")
