"""Replay tests, one per rule: the board decides what a printed move means and whether it is legal."""

import chess
import pytest

from tests.conftest import replay


def game(body: str, notation: str = "english-descriptive", tags: str = ""):
    head = '[Game "chess"]\n' + (f'[Notation "{notation}"]\n' if notation else "") + tags
    (g,) = replay(head + body + "\n")
    return g


def sans(g):
    return [m.normalized for m in g.moves]


def codes(g, severity=None):
    return [d.code for d in g.diagnostics if severity is None or d.severity == severity]


def test_squares_count_from_the_movers_side():
    g = game("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3")
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert g.status == "ok" and not g.diagnostics


def test_short_square_names_resolve_when_only_one_fits():
    g = game("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. Kt-B3 Kt-B3")
    assert sans(g)[4:] == ["Nc3", "Nf6"]


def test_kings_knight_is_the_one_that_started_on_the_kings_side():
    # Both knights can reach Q2 (d2) after 1. P-Q4 ... 2. Kt-QB3 ... 3. Kt-KB3: K Kt names the g1 knight.
    g = game("1. P-K3 P-K3 2. Kt-QB3 P-Q3 3. Kt-KB3 P-QB3 4. K Kt-Q4 P-QKt3")
    assert sans(g)[6] == "Nd4" and g.moves[6].detail.from_ == "f3"


def test_an_ambiguous_move_is_reported_with_every_reading():
    g = game("1. P-K4 P-K4 2. Kt-B3")
    (d,) = [d for d in g.diagnostics if d.code == "ambiguous-move"]
    assert set(d.suggestions) == {"Nc3", "Nf3"} and d.severity == "error"
    assert g.status == "error"


def test_an_ambiguity_the_rest_of_the_game_settles_is_a_warning():
    g = game("1. P-K4 P-K4 2. Kt-B3 Kt-QB3 3. KtxP")
    assert sans(g)[2] == "Nf3"
    assert codes(g, "warning") == ["ambiguous-move"] and g.status == "ok"



def test_an_ambiguity_a_later_printed_mate_settles_is_a_warning():
    # "R-R7" is Ra7 or Rh7 and the line goes on after either, but "R-R8 mate." is mate from KR7 only.
    fen = "2k5/3R4/1K6/8/8/8/8/8 w - - 0 1"
    g = game("1. R-R7 K-Kt1 2. R-R8 mate.", tags=f'[FEN "{fen}"]\n')
    assert sans(g) == ["Rh7", "Kb8", "Rh8#"] and g.status == "ok"
    (d,) = [d for d in g.diagnostics if d.code == "ambiguous-move"]
    assert d.severity == "warning" and "printed after it" in d.message


def test_an_unmarked_check_after_an_ambiguity_settles_nothing():
    # Books often leave a check unmarked: only a mark printed and false tells the readings apart.
    fen = "2k5/3R4/1K6/8/8/8/8/8 w - - 0 1"
    g = game("1. R-R7 K-Kt1 2. R-R8", tags=f'[FEN "{fen}"]\n')
    assert g.status == "error" and "ambiguous-move" in codes(g, "error")

def test_castling_kings_and_queens_side():
    g = game("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 P-Q3 4. Castles B-Kt5 5. P-Q3 Q-Q2 "
             "6. B-K3 Castles QR")
    assert sans(g)[6] == "O-O" and sans(g)[-1] == "O-O-O"


def test_castling_through_check_is_illegal():
    fen = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1"
    g = game("1. O-O", tags=f'[FEN "{fen}"]\n')
    assert g.moves[0].status == "error" and "illegal-move" in codes(g)
    # "Castles" alone is whichever castling is legal: here only with the Queen's Rook.
    assert sans(game("1. Castles", tags=f'[FEN "{fen}"]\n')) == ["O-O-O"]


def test_en_passant_capture():
    g = game("1. P-K4 P-QR3 2. P-K5 P-Q4 3. PxP e.p.")
    assert sans(g)[-1] == "exd6" and g.moves[-1].detail.capture


def test_promotion_and_underpromotion():
    fen = "8/P6k/8/8/8/8/8/K7 w - - 0 1"
    assert sans(game("1. P-R8 (Q)", tags=f'[FEN "{fen}"]\n')) == ["a8=Q"]
    assert sans(game("1. P-R8=Kt", tags=f'[FEN "{fen}"]\n')) == ["a8=N"]


def test_black_moves_first_from_a_set_up_position():
    fen = "k7/8/8/8/8/8/8/K6R b - - 0 1"
    g = game("1. ------- K-Kt2 2. R-R7 ch", tags=f'[FEN "{fen}"]\n')
    assert sans(g) == ["Kb7", "Rh7+"] and g.moves[0].side == "black"


def test_a_misprint_is_repaired_with_its_nearest_reading_and_the_replay_goes_on():
    g = game("1. P-K4 P-K4 2. K-KB3 Kt-QB3 3. B-B4")
    move = g.moves[2]
    assert (move.printed, move.normalized, move.status) == ("K-KB3", "Nf3", "repaired")
    (d,) = [d for d in g.diagnostics if d.code == "illegal-move"]
    assert d.suggestions[0] == "Kt-KB3" and (d.line, d.column) == (3, 17)
    assert sans(g)[3:] == ["Nc6", "Bc4"] and g.status == "repaired"


#: Both sides castled: White's King on g1, a Rook on f1, the Queen on d1.
CASTLED = "1. P-K4 P-K4 2. Kt-KB3 Kt-KB3 3. B-B4 B-B4 4. Castles Castles "


def test_the_first_rank_printed_sq_is_as_near_as_1():
    # "K-K sq" for R-K sq: one letter away, as "K-K1" is from "R-K1".
    g = game(CASTLED + "5. K-K sq P-Q3 6. R-K2")
    assert g.moves[8].normalized == "Re1" and g.moves[8].status == "repaired"
    assert sans(g)[-1] == "Re2"


def test_a_repair_tie_is_settled_by_the_whole_rest_of_the_game():
    # R-K1, Q-K1 and Kt-K1 are all one letter from "K-K sq"; ten plies later only R-K2 tells them apart.
    g = game(CASTLED + "5. K-K sq P-KR3 6. P-KR3 P-QR3 7. P-QR3 P-QKt3 8. P-QKt3 P-KKt3 "
             "9. P-KKt3 P-Q3 10. R-K2")
    assert g.moves[8].normalized == "Re1" and sans(g)[-1] == "Re2" and g.status == "repaired"


def test_a_repair_tie_is_settled_past_a_second_misprint():
    # Every reading of "K-K sq" stops at "K-K2" (a second misprint); only R-K1 lets that one be
    # mended (R-K2) and the game go on to R-K3.
    g = game(CASTLED + "5. K-K sq P-QR3 6. K-K2 P-QKt3 7. R-K3 P-QB3")
    assert [sans(g)[8], sans(g)[10]] == ["Re1", "Re2"]
    assert [m.status for m in g.moves].count("repaired") == 2 and g.moves[-1].status == "ok"


def test_a_legal_misprint_is_found_where_it_is_printed():
    # "P-Q3" is legal, but "PxP" then fits nothing: the misprint is the move before, P-Q4.
    g = game("1. P-K4 P-K4 2. P-Q3 PxP 3. QxP Kt-QB3")
    assert sans(g) == ["e4", "e5", "d4", "exd4", "Qxd4", "Nc6"]
    assert [m.status for m in g.moves] == ["ok", "ok", "repaired", "ok", "ok", "ok"]
    (d,) = [d for d in g.diagnostics if d.severity == "error"]
    assert d.code == "legal-misprint" and d.ply == 3 and (d.line, d.column) == (3, 17)
    assert d.suggestions == ["P-Q4", "P-Q3"] and "'PxP'" in d.message
    assert g.status == "repaired"


#: Morphy's Opera game as a book prints it: "Castles" is Queen's side only because 13. RxKt follows.
OPERA = ("1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. P-Q4 B-Kt5 4. PxP BxKt 5. QxB PxP 6. B-QB4 Kt-KB3 7. Q-QKt3 Q-K2 "
         "8. Kt-B3 P-B3 9. B-KKt5 P-Kt4 10. KtxP PxKt 11. BxKtP ch QKt-Q2 12. Castles R-Q sq 13. RxKt RxR "
         "14. R-Q sq Q-K3 15. BxR ch KtxB 16. Q-Kt8 ch KtxQ 17. R-Q8 mate")
OPERA_SANS = ["e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3", "Qe7",
              "Nc3", "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1",
              "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#"]


def test_a_legal_misprint_is_found_further_back_where_the_rest_of_the_line_is_long():
    # "Kt-QB3" (Nc6) replays until "PxKt", 8 plies later; Nf6 lets those 14 plies to mate replay.
    g = game(OPERA.replace("Kt-KB3 7.", "Kt-QB3 7."))
    assert sans(g) == OPERA_SANS
    (d,) = [d for d in g.diagnostics if d.severity == "error"]
    assert d.code == "legal-misprint" and d.ply == 12 and d.suggestions == ["Kt-KB3", "Kt-QB3"]
    assert "8 plies later" in d.message


def test_a_legal_misprint_is_found_where_a_second_misprint_follows():
    # "P-Q3" replays and "PxP" then fits nothing; P-Q4 lets the rest replay once "Kt-KB4" (no legal move) is
    # mended as Kt-KB3.
    g = game("1. P-K4 P-K4 2. P-Q3 PxP 3. QxP Kt-QB3 4. Q-Q1 B-B4 5. Kt-KB4 P-Q3 6. B-K3 BxB 7. PxB Kt-B3")
    assert sans(g)[2] == "d4" and sans(g)[8] == "Nf3" and sans(g)[-1] == "Nf6"
    assert [(d.code, d.ply) for d in g.diagnostics if d.severity == "error"] == [("legal-misprint", 3),
                                                                                   ("illegal-move", 9)]
    assert [m.status for m in g.moves].count("repaired") == 2


def test_castles_is_read_queens_side_where_a_second_misprint_follows():
    # "KtxR" fits no legal move (the Bishop took the Rook on d7): mended as KtxB, it lets 13. RxKt and RxR
    # replay with Castles read as O-O-O, the two moves blamed and the rest lost without it.
    g = game(OPERA.replace("KtxB", "KtxR"))
    assert sans(g) == OPERA_SANS
    assert [(d.code, d.ply) for d in g.diagnostics if d.severity == "error"] == [("illegal-move", 30)]
    assert g.moves[22].normalized == "O-O-O" and g.moves[24].status == g.moves[25].status == "ok"


def test_a_repair_tie_after_which_the_whole_line_replays_either_way_is_read_on_unsettled():
    # "Q-K4" (Black's pawn stands on e5) is one letter from Q-K3 and from Q-B4, and the game goes on to mate
    # after either: which the book meant stays an error, but the last six plies are read, not lost.
    g = game(OPERA.replace("Q-K3", "Q-K4"))
    assert sans(g) == OPERA_SANS and g.status == "error"
    (d,) = [d for d in g.diagnostics if d.severity == "error"]
    assert d.code == "illegal-move" and d.ply == 28 and d.suggestions == ["Q-K3", "Q-B4"]
    assert g.moves[27].status == "error" and all(m.status == "ok" for m in g.moves[28:])


def test_a_repair_tie_at_the_lines_last_move_stores_no_guess():
    # Nothing after "Q-K4" to read on: neither reading is stored.
    g = game(OPERA[:OPERA.index(" 15.")].replace("Q-K3", "Q-K4"))
    assert g.moves[-1].normalized is None and g.moves[-1].status == "error"


def test_a_legal_misprint_needs_one_reading_that_carries_the_game_on():
    # No near reading of a move before "K-KR8" makes it legal: the failure is reported where it is.
    g = game("1. P-K4 P-K4 2. P-Q3 K-KR8 3. P-Q4")
    assert [d.code for d in g.diagnostics if d.severity == "error"] == ["illegal-move"]
    assert g.moves[2].status == "ok" and g.moves[3].status == "error"


def test_no_clear_reading_leaves_the_rest_unchecked_but_stored():
    g = game("1. P-K4 P-K4 2. Q-Q8 P-Q3")
    assert g.moves[2].status == "error" and g.moves[2].normalized is None
    assert g.moves[3].printed == "P-Q3" and g.moves[3].detail.unchecked
    assert g.status == "error"


def test_a_check_the_position_does_not_bear_out_is_an_error():
    g = game("1. P-K4 P-K4 2. Kt-KB3 ch")
    assert "false-check" in codes(g, "error")
    assert any(c.what == "check" and not c.ok for c in g.claims)


def test_a_check_the_text_missed_is_a_warning():
    g = game("1. P-K4 P-KB3 2. Q-R5")
    assert "missed-check" in codes(g, "warning") and g.status == "ok"


def test_mate_is_checked_and_the_result_follows():
    g = game("1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate")
    assert g.moves[-1].detail.mate and g.result == "0-1" and g.status == "ok"


def test_a_result_that_contradicts_the_final_position():
    g = game("1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate\nWhite wins.")
    assert "wrong-result" in codes(g, "error")


def test_german_long_and_short():
    g = game("1. e 2-e 4 e 7-e 5 2. S g 1-f 3 S b 8-c 6 3. L f 1-b 5 a7-a6 4. Lb5:c6 dxc6", "german")
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"]


def test_german_capture_must_be_marked():
    # "e4-d5" is one letter from both e4:d5 and e4-e5; e4:d5 keeps both squares the print
    # names (only the sign is missing), so it is the reading, with e4-e5 still offered.
    g = game("1. e2-e4 d7-d5 2. e4-d5", "german")
    assert g.moves[2].status == "repaired" and g.moves[2].normalized == "exd5"
    (d,) = [d for d in g.diagnostics if d.code == "illegal-move"]
    assert {"e4:d5", "e4-e5"} <= set(d.suggestions)
    # The board breaks the tie when the game goes on: only exd5 lets Black retake with the Queen.
    g = game("1. e2-e4 d7-d5 2. e4-d5 D d8:d5", "german")
    assert g.moves[2].status == "repaired" and g.moves[2].normalized == "exd5"


def test_san_pgn_with_variation():
    g = game("1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 1/2-1/2", "san")
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6"]
    (v,) = g.variations
    assert v.branch_ply == 3 and [m.normalized for m in v.moves] == ["f4", "exf4"]
    assert g.result == "1/2-1/2"


def test_detection_counts_only_a_notation_that_replays_legally():
    g = game("1. h4 h5 2. Rh3", notation="")
    assert g.notation == "san" and g.candidates == ["san"] and g.status == "ok"


def test_detection_reports_several_readings():
    # German's B is a pawn (Bauer): "Bc4" is c2-c4 there, the bishop's move in SAN.
    g = game("1. e4 e5 2. Bc4", notation="")
    assert set(g.candidates) == {"german", "san"}
    assert "ambiguous-notation" in codes(g, "warning")


# A descriptive score with a misprint (8. Kt-R5 for Kt-R4), a note naming the squares its moves go to, and an
# "f4" on a line of its own, which German and algebraic read clean as a game of one move.
GAMBIT = """1. P-K4 P-K4 2. P-KB4 PxP 3. B-B4 Q-R5 ch 4. K-B sq P-QKt4 5. BxKtP Kt-KB3 6. Kt-KB3 Q-R3
7. P-Q3 Kt-R4 8. Kt-R5 Q-Kt4 9. Kt-B5 P-QB3 10. P-KKt4 Kt-B3

(White's pawn from f2 to f4 offers the gambit; his Bishop goes from f1 to c4, the Queen from d8 to h4,
the King from e1 to f1, the Bishop from c4 to b5, the Knight from g8 to f6, from g1 to f3, from h4 to h6,
the pawn from d2 to d3{more}.)

f4"""


@pytest.mark.parametrize("more", [
    "",  # fewer squares than descriptive moves: descriptive is replayed before German is tried
    ", from c7 to c6, from g2 to g4, from b8 to c6",  # more: German is tried before descriptive is replayed
])
def test_a_clean_reading_of_a_few_moves_does_not_outweigh_many_read_with_errors(more):
    g = game(GAMBIT.format(more=more), notation="")
    assert g.notation == "english-descriptive" and g.status == "repaired"
    assert len(g.moves) == 20 and all(m.status in ("ok", "repaired") for m in g.moves)


def test_a_score_only_the_decoder_reads_outweighs_a_clean_reading_of_a_few_moves():
    # Descriptive's grammar reads no move of a score told in a sentence: the decoder reads 15, one of them
    # misprinted (Kt. to K. R. 5th); German reads the "f4" below it clean.
    g = game("White began with P. to K. 4th, Black answered P. to K. 4th, White offered the gambit with "
             "P. to K. B. 4th, and Black took it, P. takes P. Then B. to Q. B. 4th, Q. to K. R. 5th ch., "
             "K. to B. sq., P. to Q. Kt. 4th, B. takes Kt. P., Kt. to K. B. 3rd, Kt. to K. B. 3rd, "
             "Q. to K. R. 3rd, P. to Q. 3rd, Kt. to K. R. 4th, and Kt. to K. R. 5th.\n\nf4", notation="")
    assert g.notation == "english-descriptive" and g.status == "repaired" and len(g.moves) == 15


def test_a_short_clean_san_score_outweighs_a_german_misreading_of_it():
    # German reads 15 of its words as moves (no N in German), not cleanly: SAN reads all 16, and stands.
    g = game("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O", notation="")
    assert g.notation == "san" and g.status == "ok" and len(g.moves) == 16


def test_readings_that_replay_the_same_moves_are_one_reading():
    g = game("1. e4 e5", notation="")
    assert g.candidates == ["german"] and g.status == "ok"
    assert "ambiguous-notation" not in codes(g, "warning")


def test_positions_are_fen_without_counters():
    g = game("1. P-K4")
    assert g.moves[0].position == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
    assert chess.Board(g.start + " 0 1") == chess.Board()


def test_variations_from_or_this_replay_from_the_branch_point():
    g = game("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 Or this; 2. P-KB4 PxP")
    (v,) = g.variations
    assert v.branch_ply == 3 and [m.normalized for m in v.moves] == ["f4", "exf4"]


def test_pawn_and_two_moves_white_plays_twice_before_black():
    g = game("P-K4 P-Q4 P-Q5 1 ------ 2 ------ 3 ------ Kt-QB3 Kt-K4",
             tags='[Odds "Pawn and Two Moves"]\n')
    assert sans(g) == ["e4", "d4", "Nc6", "d5", "Ne5"] and g.status == "ok"
    assert [m.side for m in g.moves] == ["white", "white", "black", "white", "black"]


def test_pawn_and_two_moves_round_trips_through_pgn():
    from notation.rules.chess import FAMILY

    g = game("P-K4 P-Q4 P-Q5 1 ------ 2 ------ 3 ------ Kt-QB3 Kt-K4", tags='[Odds "Pawn and Two Moves"]\n')
    pgn = FAMILY.write(g, "pgn")
    assert "1. e4 -- 2. d4 Nc6" in " ".join(pgn.split())
    (back,) = replay(pgn, path="odds.pgn")
    assert [m.normalized for m in back.moves if m.normalized != "--"] == sans(g)


def test_odds_remove_the_man_foster_names():
    g = game("1. P-K4 P-K3 2. P-Q4 P-Q4 3. Q-R5 ch", tags='[Odds "Pawn and Move"]\n')
    assert g.status == "ok" and g.variant == "odds"


def test_odds_the_heading_states_set_up_the_board():
    # No tag: the heading's own instruction takes White's Queen's Rook off, so B-R sq is legal.
    g = game("GAME VI.--Mr. Staunton gives his Queen's Rook.\n\n(Remove White's Q. R. from the Board.)\n\n"
             "1. P-QKt3 P-K4 2. B-Kt2 P-Q4 3. B-R sq")
    assert sans(g)[-1] == "Ba1" and g.status == "ok" and g.variant == "odds"
    (d,) = [d for d in g.diagnostics if d.code == "odds"]
    assert d.severity == "info" and (d.line, d.column) == (5, 2) and "a1" in d.message


@pytest.mark.parametrize("heading, removed", [
    ("between Dr. Jones and Mr. Montgomery, at the odds of\nthe Pawn and Move.", "f7"),
    ("Played at odds of Knight.\n\nRemove White Queen's Knight.", "b1"),
    ("Kt odds.", "b1"),
    ("(Remove Black's King's Bishop's Pawn from the Board.)", "f7"),
    # In square brackets, the OCR's "*" for the quote (Löwenthal's games at odds).
    ("[Remove White's Q*s Kt.]", "b1"),
    ("Mr. Morphy gives the odds of his Queen's Knight.", "b1"),
    # German: "giebt ... vor", "Vorgabe des ..." (the period's "Thurm" for Turm).
    ("Partie Nr. 9. Anderssen giebt den Damenspringer vor.", "b1"),
    ("Mit Vorgabe des Königsthurms.", "h1"),
    ("Gespielt mit Vorgabe von Bauer und Zug.", "f7"),
])
def test_odds_named_in_the_heading(heading, removed):
    g = game(heading + "\n\n1. P-K4 P-K3 2. P-Q4 P-Q4")
    board = chess.Board(g.start + " 0 1")
    assert board.piece_at(chess.parse_square(removed)) is None and g.variant == "odds"


def test_pawn_and_two_moves_named_in_the_heading_lets_white_play_twice():
    g = game("At the odds of the Pawn and two moves.\n\nP-K4 P-Q4 P-Q5 1 ------ 2 ------ 3 ------ Kt-QB3 Kt-K4")
    assert sans(g) == ["e4", "d4", "Nc6", "d5", "Ne5"] and g.status == "ok"


def test_a_heading_without_odds_leaves_the_full_set():
    g = game("GAME II.--Between Mr. Morphy and Mr. Harrwitz.\n\n1. P-K4 P-K4")
    assert g.start.startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR") and g.variant == "standard"


def test_a_bad_set_up_is_reported_inside_its_tag():
    g = game("1. K-B2", tags='[SetUp "White King in K B 6. Black K on his own square."]\n')
    (d,) = [d for d in g.diagnostics if d.code == "bad-setup"]
    assert d.line == 3 and d.column > 9 and "expected" in d.message


def test_staunton_long_form_game_replays():
    g = game("WHITE.                    BLACK.\n"
             "1. P. to K's 4th.         1. P. to K's 4th.\n"
             "2. K. Kt. to B's 3rd.     2. Q. Kt. to B's 3rd.\n"
             "3. K. B. to Q. B's 4th.   3. K. B. to Q. B's 4th.\n"
             "4. P. to Q. Kt's 4th.     4. B. takes Kt. P.\n"
             "5. P. to Q. B's 3rd.      5. B. to Q. R's 4th.\n"
             "6. Castles.               6. K. Kt. to B's 3rd.\n"
             "7. P. to Q's 4th.         7. P. takes P.\n"
             "8. B. to Q. R's 3rd.      8. P. to Q's 3rd.\n"
             "9. P. to K's 5th.         9. P. takes K. P.\n"
             "10. Q. to Q. Kt's 3rd.    10. Q. to K's 2nd.\n"
             "11. K. Kt. takes K. P.    11. Kt. takes Kt.\n"
             "12. K. R. to K's sq.      12. Q. Kt. to Kt's 5th.")
    assert g.status == "ok" and not g.diagnostics
    assert sans(g)[:8] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4"]
    # The Queen's Knight (from b8, now on e5) is the one that goes to Kt's 5th.
    assert sans(g)[-1] == "Neg4"


def test_pgn_words_that_are_not_san_are_reported_not_fatal():
    # A pawn's letter (Pd6) is a form of the move, read as it; Zz9 is no move in any form.
    g = game("1. e4 e5 2. Nf3 Pd6 3. Bb5+ Nc6 4. Zz9 a6 1-0", "san")
    assert [(m.printed, m.normalized, m.status) for m in g.moves][:4] == [
        ("e4", "e4", "ok"), ("e5", "e5", "ok"), ("Nf3", "Nf3", "ok"), ("Pd6", "d6", "ok")]
    assert g.moves[6].printed == "Zz9" and g.moves[6].status == "error"
    assert "unreadable" in codes(g, "error")


def test_pgn_en_passant_mark():
    g = game("1. e4 d5 2. e5 f5 3. exf6 e.p.", "san")
    assert sans(g)[-1] == "exf6" and g.status == "ok"


def test_chess960_from_its_fen():
    fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    g = game("9. g3 Nd7", "san", tags=f'[Variant "Chess960"]\n[FEN "{fen}"]\n')
    assert sans(g) == ["g3", "Nd7"] and g.status == "ok"


def test_figurine_algebraic():
    g = game("1. e4 e5 2. ♘f3 ♞c6 3. ♗b5 a6", "san")
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] and g.status == "ok"


def test_a_record_of_prose_with_moves_in_it_is_never_ok(replay_text):
    text = ('[Game "chess"]\n\nThe game opened with P-K4, and after Kt-KB3 the second player\n'
            "replied with P-Q3, a move much in favour at the time.\n")
    (g,) = replay_text(text)
    assert g.status == "error" and g.notation == "english-descriptive"
    codes = [d.code for d in g.diagnostics]
    assert "no-moves" in codes and codes.count("prose") == 2
    (prose, _, _) = [d for d in g.diagnostics if d.severity != "error"] + [None]
    assert "'P-K4'" in prose.message and "no move reading begins the line" in prose.message


def test_detection_keeps_the_reading_that_reads_most_moves(replay_text):
    """An untagged descriptive game with one misprint is not read as German prose with zero moves."""
    text = ('[Game "chess"]\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-QKt4 BxP 5. P-B3 B-R4\n'
            "6. Castles P-Q3 7. P-Q4 PxP 8. PxP B-Kt3 9. Kt-B3 Kt-R4 10. Kt-Kt5 Kt-R3 11. KtxBP KtxKt\n"
            "12. BxKt ch KxB 13. Q-R5 ch P-Kt3 14. QxKt P-KR5 ch\n")
    (g,) = replay_text(text)
    assert g.notation == "english-descriptive" and g.status == "error"
    assert sum(m.status == "ok" for m in g.moves) == 27


def test_german_long_form_capture_before_a_check_needs_no_mark_any_other_does():
    from tests.conftest import replay as replay_text

    def statuses(moves: str) -> list[str]:
        (game,) = replay_text(f'[Game "chess"]\n[Notation "german"]\n\n{moves}\n')
        return [m.status for m in game.moves]

    opening = "1) e 2 – e 4 1) e 7 – e 5.\n2) D. d 1 – h 5 2) S. b 8 – c 6.\n3) L. f 1 – c 4 3) S. g 8 – f 6.\n"
    # The periodicals print one sign after a move: a capture that mates shows the mate alone.
    assert statuses(opening + "4) D. h 5 – f 7 matt") == ["ok"] * 7
    # Without either mark the print is not the capture: not read as printed.
    assert statuses(opening + "4) D. h 5 – f 7")[-1] != "ok"
    # A capture mark on a move that takes nothing is never right.
    assert statuses("1) e 2 – e 4: 1) d 7 – d 5.")[0] != "ok"
