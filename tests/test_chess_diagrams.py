"""Chess set-ups printed in a text: text diagrams, piece lists, FEN, and the diagram a text names.

The grammars' forms (``grammars/chess_diagram.lark``, ``grammars/chess_piece_list.lark``,
the piece lists of ``grammars/chess_setup.lark``) each give the position the book prints, and
the replay starts from the set-up printed before the moves (``notation/rules/chess/setups.py``).
"""

from __future__ import annotations

import chess
import pytest

from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.model import SourceText
from notation.parse.chess_diagram import DiagramError, diagram_board, find_diagrams, parse_diagram
from notation.parse.chess_piece_list import PieceListError, piece_list_board
from notation.parse.chess_setup import setup_fen
from notation.parse.chess_text_setup import diagram_marks, setups_in
from notation.pipeline import process, split_source

ITALIAN = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R"

#: The Blue Book's way (Project Gutenberg #16377): bars and rules, "*" after Black's men.
BARRED_STAR = """\
+---+---+---+---+---+---+---+---+
|   |   | K*|   |   |   |   |   |
+---+---+---+---+---+---+---+---+
|   |   |   |   |   |   |   |   |
+---+---+---+---+---+---+---+---+
|   | Q |   |   | K |   |   |   |
+---+---+---+---+---+---+---+---+
|   |   |   |   |   |   |   |   |
+---+---+---+---+---+---+---+---+
|   |   |   |   |   |   |   |   |
+---+---+---+---+---+---+---+---+
|   |   |   |   |   |   |   |   |
+---+---+---+---+---+---+---+---+
|   |   |   |   |   |   |   |   |
+---+---+---+---+---+---+---+---+
|   |   |   |   |   |   |   |   |
+---+---+---+---+---+---+---+---+
"""

#: Upper case White, lower case Black, rank numbers and files beside the board.
BARRED_CASE = """\
8 | r |   | b | q | k |   |   | r |
7 | p | p | p | p |   | p | p | p |
6 |   |   | n |   |   | n |   |   |
5 |   |   | b |   | p |   |   |   |
4 |   |   | B |   | P |   |   |   |
3 |   |   |   |   |   | N |   |   |
2 | P | P | P | P |   | P | P | P |
1 | R | N | B | Q | K |   |   | R |
    a   b   c   d   e   f   g   h
"""

SPACED = """\
r . b q k . . r
p p p p - p p p
. . n . # n . .
. . b . p . . .
. . B . P . . .
. . . . . N . .
P P P P . P P P
R N B Q K . . R
"""

PREFIXED = """\
BR -- BB BQ BK -- -- BR
BP BP BP BP -- BP BP BP
-- -- BN -- -- BN -- --
-- -- BB -- BP -- -- --
-- -- WB -- WP -- -- --
-- -- -- -- -- WN -- --
WP WP WP WP -- WP WP WP
WR WN WB WQ WK -- -- WR
"""

COMPACT = """\
r.bqk..r
pppp.ppp
..n..n..
..b.p...
..B.P...
.....N..
PPPP.PPP
RNBQK..R
"""


@pytest.mark.parametrize("text", [BARRED_CASE, SPACED, PREFIXED, COMPACT], ids=["barred", "spaced", "prefixed", "compact"])
def test_every_form_of_text_board_gives_the_position(text):
    assert diagram_board(text).board_fen() == ITALIAN


def test_a_star_marks_blacks_men_whatever_their_case():
    assert diagram_board(BARRED_STAR).fen() == "2k5/8/1Q2K3/8/8/8/8/8 w - - 0 1"


def test_white_at_the_top_by_the_margins():
    flipped = "\n".join(reversed(BARRED_CASE.splitlines()[:8]))
    # Rank 1 printed first and the files read h to a: the board seen from Black's side.
    text = flipped.replace("R | N | B | Q | K |   |   | R", "R |   |   | K | Q | B | N | R") + "\n"
    board = diagram_board(text)
    assert board.piece_at(chess.E1) == chess.Piece(chess.KING, chess.WHITE)
    assert board.piece_at(chess.D1) == chess.Piece(chess.QUEEN, chess.WHITE)


def test_white_at_the_top_by_the_captions():
    # The board seen from Black's side: White's first rank printed first, its files h to a.
    rows = ["".join(reversed(row)) for row in reversed(SPACED.splitlines())]
    text = "WHITE.\n" + "\n".join(rows) + "\nBLACK.\n"
    (found,) = find_diagrams(text)
    assert found.board is not None
    assert found.board.piece_at(chess.E1) == chess.Piece(chess.KING, chess.WHITE)
    assert found.board.piece_at(chess.E8) == chess.Piece(chess.KING, chess.BLACK)


def test_a_side_in_check_moves():
    text = SPACED.replace("P P P P . P P P", "P P P . . P P P").replace("p p p p - p p p", "p p p p Q p p p")
    assert diagram_board(text).turn == chess.BLACK


def test_a_rank_of_seven_squares_is_named():
    text = SPACED.replace("p p p p - p p p", "p p p p - p p")
    with pytest.raises(DiagramError) as info:
        diagram_board(text)
    assert info.value.line == 2 and "8 squares, this one 7" in str(info.value)


def test_a_board_of_where_a_man_may_go_is_no_position():
    text = BARRED_STAR.replace("|   |   |   |   |   |   |   |   |", "|   | 1 |   |   |   |   |   |   |", 1)
    with pytest.raises(DiagramError, match="holds no man"):
        diagram_board(text)


def test_a_word_in_a_cell_is_an_error_at_its_column():
    text = BARRED_STAR.replace("|   | Q |", "|   | Qn|")
    with pytest.raises(DiagramError) as info:
        parse_diagram(text)
    assert info.value.line == 6 and info.value.expected


def test_a_board_without_kings_is_no_position():
    with pytest.raises(DiagramError, match="one white King"):
        diagram_board(BARRED_STAR.replace(" K |", "   |"))


def test_the_finder_reads_label_side_to_move_and_captions():
    text = ("                PROBLEM 7.\n\n   Black to play and mate in one move.\n"
            + "".join("   " + line + "\n" for line in BARRED_STAR.splitlines())
            + "                WHITE.\n")
    (found,) = find_diagrams(text)
    assert found.label == 7 and found.turn == chess.BLACK and found.board is not None
    assert found.board.turn == chess.BLACK


# --------------------------------------------------------------------------
# Piece lists and FEN


@pytest.mark.parametrize("text, fen", [
    ("White: Kg1, Qd1, Pa2, b3. Black: Kg8, Pf7.", "6k1/5p2/8/8/8/1P6/P7/3Q2K1 w - - 0 1"),
    ("White (3): Kg1 Qd1 Nf3; Black (2): Kg8 Pg7", "6k1/6p1/8/8/8/5N2/8/3Q2K1 w - - 0 1"),
    ("Weiß: Kg1, Dd1, Ld3, Sf3, Bf2. Schwarz: Kg8, Tf8, Bh7.", "5rk1/7p/8/8/8/3B1N2/5P2/3Q2K1 w - - 0 1"),
    ("Weiss (2 Steine): K. g 1, T. a 1. Schwarz: K. g 8. Schwarz zieht.", "6k1/8/8/8/8/8/8/R5K1 b - - 0 1"),
    ("White (2 pieces): Kg1, Ra1. Black (1 piece): Kg8.", "6k1/8/8/8/8/8/8/R5K1 w - - 0 1"),
    # "on" or "at" between a man's letter and his algebraic square (was: expected 'his own square' ..., found 'f6,')
    ("White: K on f6, R on a1. Black: K on h8.", "7k/8/5K2/8/8/8/8/R7 w - - 0 1"),
    ("White: K at f6, R at a1, a2. Black: K at h8.", "7k/8/5K2/8/8/8/P7/R7 w - - 0 1"),
])
def test_algebraic_piece_lists_english_and_german(text, fen):
    assert piece_list_board(text).fen() == fen


def test_a_german_list_reads_b_as_a_pawn_an_english_one_as_a_bishop():
    assert piece_list_board("White: Kg1, Bc4. Black: Kg8.").piece_at(chess.C4).piece_type == chess.BISHOP
    assert piece_list_board("Weiß: Kg1, Bc4. Schwarz: Kg8.").piece_at(chess.C4).piece_type == chess.PAWN


def test_a_list_in_the_universal_letters_one_letter_over_its_squares():
    # K L M N O P (King, Queen, Rook, Bishop, Knight, Pawn) under English colour words: told by the
    # letters no English list has (L, M, O); "M a5, h1" is two Rooks.
    board = piece_list_board("White: K a6; L f5; M a5, h1; N g1; O b8; P b2, c2. Black: K c4; N f1; O a3; P a4.")
    assert board.fen() == "1N6/8/K7/R4Q2/p1k5/n7/1PP5/5bBR w - - 0 1"


def test_a_list_with_its_men_counted_and_the_task_after_it():
    text = ("PROBLEM NO 6.\n\nWhite: K b7; L f4; M d8; N a2; P a3, e5. Black: K c5; M h5; N f7, g1; O\n"
            "a8; P a5, b5, c2, c7. (6 + 9 = 15 pieces.) White gives mate in two\nmoves.\n")
    (found,) = setups_in(text)
    assert found.board is not None and found.turn_given
    assert found.board.fen() == "n2R4/1Kp2b2/8/ppk1P2r/5Q2/P7/B1p5/6b1 w - - 0 1"


def test_a_letter_of_the_other_language_is_named():
    with pytest.raises(PieceListError) as info:
        piece_list_board("White: Kg1, Dd1. Black: Kg8.")
    assert info.value.column == 13 and "'D' is no man" in str(info.value)


@pytest.mark.parametrize("text, fen", [
    ("White: K at K B 6, Q at Q 2. Black: K at K sq, P at K R 2.", "4k3/7p/5K2/8/8/8/3Q4/8 w - - 0 1"),
    ("White (2 pieces): K on QB sq; Q on Q 2. Black (1): K on K R sq.", "7k/8/8/8/8/8/3Q4/2K5 w - - 0 1"),
    ("WHITE (2 pieces): K on QB sq; Q on Q 2. BLACK (1 piece): K on K R sq.", "7k/8/8/8/8/8/3Q4/2K5 w - - 0 1"),
    # a man's letter and his square with a dash, or nothing, between (was: no list, its men read as moves)
    ("White: K-KB6, R-QR1. Black: K-KR1.", "7k/8/5K2/8/8/8/8/R7 w - - 0 1"),
    ("White: K KB6, R QR1. Black: K KR1.", "7k/8/5K2/8/8/8/8/R7 w - - 0 1"),
    ("White (3 pieces): K-KB6; R-QR1; P-KKt5. Black: K-KR sq.", "7k/8/5K2/6P1/8/8/8/R7 w - - 0 1"),
    ("White: K-KB6, Ps-QR2, QKt2. Black: K-KR1, P-KR2.", "7k/7p/5K2/8/8/8/PP6/8 w - - 0 1"),
    # the plural letter, or the word, over two squares
    ("White: K at KB6, R at QR sq; Ps. on QR2, QKt2. Black: K at KR sq.", "7k/8/5K2/8/8/8/PP6/R7 w - - 0 1"),
    ("White: K at KB6, R at QR sq; Pawns at QR2 and QKt2. Black: K at KR sq.", "7k/8/5K2/8/8/8/PP6/R7 w - - 0 1"),
])
def test_descriptive_piece_lists(text, fen):
    assert setup_fen(text) == fen


def test_the_finder_takes_lists_and_fen_and_leaves_a_heading():
    text = ("White: Mr. Staunton. Black: Mr. Horwitz.\n\n"
            "White: Kg1, Qd1.\nBlack: Kg8.\nWhite to play and mate in two moves.\n\n"
            "Or as FEN: 6k1/8/8/8/8/8/8/3Q2K1 b\n")
    found = setups_in(text)
    assert [(s.form, s.turn_given) for s in found] == [("piece list", True), ("FEN", True)]
    assert found[0].board.fen() == "6k1/8/8/8/8/8/8/3Q2K1 w - - 0 1"
    assert found[1].board.turn == chess.BLACK


#: An ending as Philidor prints it (1803): each side's men in words under its heading alone on its line, a
#: paragraph each, then the moves, each move 1 centred over its pair.
SITUATION = """\
A PARTY,

WON WITH A ROOK AND A PAWN AGAINST A BISHOP.

_Situation of the White._
                      The king at his 4th square.
                  The queen’s pawn at the queen’s 4th.
                    The rook at its queen’s square.

                     _Situation of the Black._
                       The king at his 3d square.
             The king’s bishop at his queen’s bishop’s 2d.

                    1.
    W. The rook at its queen’s rook’s square.(a)
    B. The bishop at his queen’s knight’s square.

                    2.
    W. The rook at the adverse queen’s rook’s 3d.
    B. The king at his queen’s 2d.

(a) You bring your rook round.
"""


def test_the_finder_takes_each_sides_men_in_words_under_its_heading():
    (found,) = setups_in(SITUATION)
    assert found.form == "piece list" and found.board.fen() == "8/2b5/4k3/8/3PK3/8/8/3R4 w - - 0 1"
    assert SITUATION[found.start:found.end].startswith("_Situation of the White._")
    assert SITUATION[found.start:found.end].endswith("queen’s bishop’s 2d.")
    # A side's list alone is no position (one King), and a heading alone over no men is no list.
    assert setups_in(SITUATION[SITUATION.index("                     _Situation of the Black._"):]) == [] or \
        all(s.board is None for s in setups_in(SITUATION[SITUATION.index("                     _Sit"):]))
    assert setups_in("_Situation of the White._\n\nWhat is to be done here.\n") == []


def test_marks_of_a_diagram_the_text_does_not_give():
    marks = diagram_marks("PROBLEM 3.\n\n[Illustration]\n\nDiagram 4.\n1. Q-B4 ch\n")
    assert [m for _, m in marks] == ["[Illustration]", "Diagram 4."]


# --------------------------------------------------------------------------
# The replay starts from the set-up printed before the moves


def games(text: str, path: str = "book.txt"):
    return [process(r) for r in split_source(SourceText(path, text))]


def codes(game, severity=None):
    return [d.code for d in game.diagnostics if severity is None or d.severity == severity]


ENDING = ("KING AND QUEEN AGAINST KING.\n\n"
          "BLACK.\n" + BARRED_STAR + "WHITE.\n\n"
          "WHITE.                        BLACK.\n"
          "1. Q. to Q. R's 7th.          1. K. to Q's sq.\n"
          "2. Q. to Q. Kt's 8th. Mate.\n")


def test_a_text_board_above_the_moves_sets_the_start():
    (g,) = games(ENDING)
    assert g.start.startswith("2k5/8/1Q2K3/8/8/8/8/8 w")
    assert [m.status for m in g.moves] == ["ok", "ok", "ok"] and g.moves[-1].normalized == "Qb8#"
    assert "setup-printed" in codes(g) and not codes(g, "error")
    assert ChessGameDetail.of(g.detail).setup_from == "diagram" and ChessGameDetail.of(g.detail).setup_line == 4


def test_a_piece_list_and_a_fen_set_the_start():
    (g,) = games("White: Ke6, Qb6. Black: Kc8.\n\n1. Qa7 Kd8 2. Qb8#\n")
    assert g.status == "ok" and ChessGameDetail.of(g.detail).setup_from == "piece list"
    (g,) = games("Position: 2k5/8/1Q2K3/8/8/8/8/8 w - - 0 1\n\n1. Qa7 Kd8 2. Qb8#\n")
    assert g.status == "ok" and ChessGameDetail.of(g.detail).setup_from == "FEN"


@pytest.mark.parametrize("label", ["Example 12. ", "No. 5.--", "(a) ", "_Ending III._ "])
def test_a_piece_list_after_its_label_on_its_line_sets_the_start(label):
    # A primer's ending names itself and its men on one line: the list after the label is the set-up (the
    # moves were replayed on a reconstruction of the smallest set-up they need, another position).
    text = f"{label}White: K at K6, Q at Q Kt 6. Black: K at QB1.\n\n1. Q-R7, K-Q1; 2. Q-Kt8 mate.\n"
    (g,) = games(text)
    detail = ChessGameDetail.of(g.detail)
    assert g.status == "ok" and detail.setup_from == "piece list" and detail.setup_line == 1
    assert g.start and g.start.startswith("2k5/8/1Q2K3/8/8/8/8/8 w")


@pytest.mark.parametrize("text, fen, label", [
    ("No. 7.\n\nWhite: K. at K. 6; R. at Q. R. sq.\nBlack: K. at K. B. sq.\n", "5k2/8/4K3/8/8/8/8/R7", 7),
    ("POSITION 8.\n\nWhite.--K at QB6, P at Q6.\nBlack.--K at QB sq.\n", "2k5/8/2KP4/8/8/8/8/8", 8),
    ("Ending 9. (White: K on K B 6, R on Q R sq. Black: K on K B sq.)\n", "5k2/8/5K2/8/8/8/8/R7", 9),
    ("[Illustration: White: K at K6, R at QR1. Black: K at KB1. White to play.]\n", "5k2/8/4K3/8/8/8/8/R7", None),
])
def test_lists_with_abbreviations_dashes_and_brackets(text, fen, label):
    # The letters' full stops, a stop and dash after a colour, a list in brackets after its label: each is the
    # position, labelled by its heading (the brackets are the list's: no title "Ending 9. ( )").
    (found,) = setups_in(text)
    assert found.board is not None and found.board.board_fen() == fen and found.label == label
    assert not text[found.end:].strip() or text[found.end:].strip() == "]"


@pytest.mark.parametrize("listed, solution", [
    ("White: K-KB6, R-QR1. Black: K-KR1.", "1. K-B7, K-R2; 2. R-R2, K-R1; 3. R-KR2 mate."),
    ("White: K KB6, R QR1. Black: K KR1.", "1. K-B7, K-R2; 2. R-R2, K-R1; 3. R-KR2 mate."),
    ("WHITE.--K-KB6; R-QR sq. BLACK.--K-KR sq.", "1. K-B7, K-R2; 2. R-R2, K-R1; 3. R-KR2 mate."),
    ("White: K on f6, R on a1. Black: K on h8.", "1. Kf7, Kh7; 2. Rh1 mate."),
    ("White: Kf6, Ra1. Black: Kh8.", "1. Kf7, Kh7; 2. Rh1 mate."),
    ("Weiß: Kf6, Ta1. Schwarz: Kh8.", "1. Kf7, Kh7; 2. Th1 matt."),
    ("White: K on KB6, R on QR sq. Black: K on KR sq.", "1. K-B7, K-R2; 2. R-R2, K-R1; 3. R-KR2 mate."),
    ("WHITE.--K. at K. B. 6; R. at Q. R. sq. BLACK.--K. at K. R. sq.", "1. K-B7, K-R2; 2. R-R2, K-R1; 3. R-KR2 mate."),
])
def test_a_piece_list_in_each_form_sets_the_start_of_its_solution(listed, solution):
    # The dash form and the form with nothing between were no list: the men read as moves ('White:' among them),
    # the moves kept unreplayed; "K on f6" was read as descriptive and failed at its square.
    (g,) = games(f"EXAMPLE 3.\n\n{listed}\n\nWhite mates in three moves: {solution}\n")
    detail = ChessGameDetail.of(g.detail)
    assert g.status == "ok" and detail.setup_from == "piece list" and detail.setup_line == 3
    assert g.start == "7k/8/5K2/8/8/8/8/R7 w - -" and g.moves[-1].normalized in ("Rh1#", "Rh2#")
    assert any(d.message.startswith("the start position is set up from the piece list at line 3") for d in g.diagnostics)


def test_a_list_under_a_label_with_a_colon_needs_no_colon_after_its_colours():
    # "Position: White K on KB6, ..." is a list; the same words in a sentence, with no label, are none.
    (found,) = setups_in("Position: White K on KB6, P on K7; Black K on K sq.\n\nBlack to move. White wins.\n")
    assert found.start == 10 and found.board is not None and found.board.board_fen() == "4k3/4P3/5K2/8/8/8/8/8"
    assert setups_in("White K on KB6 would win; Black K on K sq. holds the draw.\n") == []
    (g,) = games("Position: White K on KB6, P on K7; Black K on K sq.\n\n1. ... K-Q2; 2. K-B7, K-Q3; "
                 "3. P-K8 (Q), and wins.\n")
    assert g.status == "ok" and ChessGameDetail.of(g.detail).setup_from == "piece list"
    assert [m.normalized for m in g.moves] == ["Kd7", "Kf7", "Kd6", "e8=Q"]


def test_each_example_on_a_page_is_a_record_with_its_own_set_up():
    # A mate in one and a solution from Black's move begin no score from the opening; under their own
    # positions (past the task and the columns' heads) they are each an example's, not the one above's.
    text = ("Example 4.\n\nWhite: K at K6, R at QR1. Black: K at KB1.\n\nWhite to play and win.\n\n"
            "1. R-R7, K-Kt sq; 2. K-B6, K-R sq; 3. K-Kt6, K-Kt sq; 4. R-R8 mate.\n\n"
            "Example 5.\n\nWhite: K at KKt6, Q at QB2. Black: K at KR1.\n\nWhite to play and mate in one move.\n\n"
            "1. Q-B8 mate.\n\n"
            "Example 6.\n\nWhite: K at KB6, P at K7. Black: K at K sq.\n\nBlack to move. White wins.\n\n"
            "      WHITE.          BLACK.\n  1. ....           K-Q2\n  2. K-B7           K-Q3\n  3. P-K8 (Q)\n")
    four, five, six = games(text)
    assert [g.tags.get("Title") for g in (four, five, six)] == ["Example 4.", "Example 5.", "Example 6."]
    assert [g.status for g in (four, five, six)] == ["ok", "ok", "ok"]
    assert [m.normalized for m in five.moves] == ["Qc8#"] and five.start.startswith("7k/8/6K1/8/8/8/2Q5/8 w")
    assert [m.normalized for m in six.moves] == ["Kd7", "Kf7", "Kd6", "e8=Q"]


def test_a_positions_label_heads_its_record_and_its_men_are_no_title():
    # "Position 6." goes with the position and the score under it, not with the record above; the piece
    # list's "QR1." is no move 1, and its men no heading ("White: K at K6, R at QR" was the title).
    text = ("No. 5.\n\nWhite: K at K6, R at QR1. Black: K at KB1.\n\nWhite to play and win.\n\n"
            "1. R-R7, K-Kt sq; 2. K-B6, K-R sq; 3. K-Kt6, K-Kt sq; 4. R-R8 mate.\n\n"
            "Position 6.\n\nPosition: White K on KB6, P on K7; Black K on K sq.\n\nBlack to move. White wins.\n\n"
            "1. ... K-Q2; 2. K-B7, K-Q3; 3. P-K8 (Q), and wins.\n")
    five, six = games(text)
    assert (five.tags.get("Title"), six.tags.get("Title")) == ("No. 5.", "Position 6.")
    assert "Position 6." not in five.record.body and six.record.body.startswith("Position 6.")
    assert five.status == six.status == "ok"


def test_a_label_before_the_moves_names_their_set_up_over_the_nearest():
    # Two boards, then "In Diagram 14, ...": the moves start from Diagram 14, not from the board printed last.
    text = ("[Illustration: DIAGRAM 14]\n\nWHITE (2 pieces): K on QB6; P on Q6.\nBLACK (1 piece): K on QB sq.\n\n"
            "[Illustration: DIAGRAM 15]\n\nWHITE (2 pieces): K on K6; R on QR sq.\nBLACK (1 piece): K on KB sq.\n\n"
            "In Diagram 14, White to play can only draw: 1. P-Q7 ch, K-Q sq; 2. K-Q6,\nand Black is stalemated.\n")
    (g,) = games(text)
    assert g.start.startswith("2k5/8/2KP4/8/8/8/8/8 w") and ChessGameDetail.of(g.detail).setup_line == 3
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["d7+", "Kd8", "Kd6"]


def test_endings_set_in_brackets_after_their_labels_are_each_a_record():
    text = ("Ending 9. (White: K on K B 6, R on Q R sq. Black: K on K B sq.)\n\n1. R-R8 mate.\n\n"
            "Ending 10. (White: K on K 6, Q on Q Kt 6. Black: K on Q B sq.)\n\n1. Q-R7, K-Q sq; 2. Q-Kt8 mate.\n")
    nine, ten = games(text)
    assert (nine.tags.get("Title"), ten.tags.get("Title")) == ("Ending 9.", "Ending 10.")
    assert [m.normalized for m in nine.moves] == ["Ra8#"] and [m.normalized for m in ten.moves] == ["Qa7", "Kd8", "Qb8#"]
    assert nine.status == ten.status == "ok"


def test_an_example_from_blacks_move_one_is_a_record_of_its_own():
    # "1. ... K-Kt sq; 2. R-R8 mate." opening a line begins a score (Black moves first), headed by its label's
    # paragraph, and set up from the example it names; before, it ran on in Example 4's record, whose mate in
    # one was 'repaired' into a check so that Black's move could follow it.
    text = ("Example 4.\n\nWhite: K at KKt6, R at QR1. Black: K at KR1.\n\nWhite to play and mate in one move.\n\n"
            "1. R-R8 mate.\n\nExample 5. Same position as Example 4, but Black to move.\n\n1. ... K-Kt sq; 2. R-R8 mate.\n")
    four, five = games(text)
    assert [m.normalized for m in four.moves] == ["Ra8#"] and four.status == "ok"
    assert five.tags.get("Title") == "Example 5." and five.record.body.startswith("Example 5.")
    assert five.start.startswith("7k/8/6K1/8/8/8/8/R7 b") and [m.normalized for m in five.moves] == ["Kg8", "Ra8#"]


_ROOK_MATE = "White: K at K Kt 6; R at K Kt 2.\nBlack: K at K R sq.\n\n"


@pytest.mark.parametrize("text", [
    _ROOK_MATE + "Now 1. R-QR2, and Black answers\n1. ... K-Kt sq; 2. R-R8 mate.\n",
    _ROOK_MATE + "Now 1. R-QR2 and Black answers\n1. ... K-Kt sq; 2. R-R8 mate.\n",
    "EXAMPLE 3.\n\n" + _ROOK_MATE + "White plays 1. R-QR2, and the Black King must go back:\n"
    "1. ... K-Kt sq; 2. R-R8 mate.\n",
    "EXAMPLE 3.\n\n" + _ROOK_MATE + "The first thing to do is to confine the King. White plays 1. R--QR2, and the "
    "Black King must go back:\n1. ... K--Kt sq; 2. R--R8 mate.\n",
    # (the line of Black's reply set off as a paragraph of its own under the sentence that runs on into it)
    _ROOK_MATE + "White plays 1. R-QR2, and Black answers:\n\n1. ... K-Kt sq; 2. R-R8 mate.\n",
])
def test_blacks_reply_on_a_line_of_its_own_goes_on_with_whites_move_one_told_above(text):
    # "1. ... K-Kt sq" under "White plays 1. R-QR2": the dots stand for White's move told just above, no score
    # from a position with Black to move. It cut the piece list off as a record of its own (an error, its "K R sq"
    # no move read) and the play was replayed on a reconstruction, or its sentence's moves were read as none.
    (g,) = games(text)
    detail = ChessGameDetail.of(g.detail)
    assert detail.setup_from == "piece list" and g.start.startswith("7k/8/6K1/8/8/8/6R1/8 w")
    assert [m.normalized for m in g.moves] == ["Ra2", "Kg8", "Ra8#"] and g.status == "ok"


@pytest.mark.parametrize("sentence", ["Now 1. R-QR sq, and Black answers\n", "Now 1. R-QR sq.\n",
                                      "White plays 1. R-QR sq, and Black answers:\n\n"])
def test_whites_move_one_to_a_square_sq_in_the_sentence_over_blacks_reply_is_read(sentence):
    # "R-QR sq" in the sentence is a word of the notation's form its grammar does not read there; above a score read
    # from Black's "1. ...", it may be the score's White's move 1, for the decoder to read (as "R-QR1" was): it was
    # only said, and the play replayed with Black to move, "R-R8 mate" then no move of Black's.
    (g,) = games("White: K at K Kt 6; R at K Kt sq.\nBlack: K at K R sq.\n\n" + sentence
                 + "1. ... K-Kt sq; 2. R-R8 mate.\n")
    assert g.start.startswith("7k/8/6K1/8/8/8/8/6R1 w") and ChessGameDetail.of(g.detail).setup_from == "piece list"
    assert [m.normalized for m in g.moves] == ["Ra1", "Kg8", "Ra8#"] and g.status == "ok"


def test_a_later_example_from_an_earlier_examples_position_starts_there():
    # "From the position in Example 4": the piece list under that label is the start, though the layout
    # leaves the sentence's first moves for prose (its first move read, 'K-Kt3', fits no set-up).
    text = ("Example 4.\n\nWhite: K at K6, R at QR1. Black: K at KB1.\n\nWhite to play and win.\n\n"
            "1. R-R7, K-Kt sq; 2. K-B6, K-R sq; 3. K-Kt6, K-Kt sq; 4. R-R8 mate.\n\n"
            "Example 6.\n\nFrom the position in Example 4, if White plays 1. K-Q7, then K-B2; 2. R-B sq ch,\n"
            "K-Kt3; 3. K-K6 and wins.\n")
    _, six = games(text)
    assert six.start.startswith("5k2/8/4K3/8/8/8/8/R7 w") and ChessGameDetail.of(six.detail).setup_line == 3
    assert six.status == "ok" and [m.normalized for m in six.moves] == ["Kd7", "Kf7", "Rf1+", "Kg6", "Ke6"]


#: A problem as the problem columns print it, the list's squares counted from White's side: Black's King "at Q R 3"
#: is on a3, and his "K-R5" (his moves counted from his side, as descriptive moves are) goes to a4 (1. Kc5 Ka4 2.
#: Ra2#, an exact mate in two).
_FROM_WHITE = ("PROBLEM No. 3.\n\nWhite: K at Q 6; B at K 6; R at Q B 2.\nBlack: K at Q R 3.\n\n"
               "White to play and mate in two moves.\n\nSolution: 1. K-B5, K-R5; 2. R-R2 mate.\n")


def test_a_problem_counting_blacks_squares_from_whites_side_is_read_so():
    # Read from the man's own side, the King stood on a6: the solution slower, the task "a win in 7 plies", the
    # position stored wrong. The list read from White's side, every move and claim holds.
    (g,) = games(_FROM_WHITE)
    assert g.start.startswith("8/8/3KB3/8/8/k7/2R5/8 w") and ChessGameDetail.of(g.detail).setup.startswith(
        "8/8/3KB3/8/8/k7/2R5/8 w")
    assert [m.normalized for m in g.moves] == ["Kc5", "Ka4", "Ra2#"] and g.status == "ok"
    assert all(c.ok for c in g.claims) and {c.what for c in g.claims} == {"mate", "value"}
    (said,) = [d for d in g.diagnostics if d.code == "setup-from-white"]
    assert (said.severity, said.line, said.column) == ("info", 3, 1) and "King at Q R 3 is a3" in said.message
    assert "slower-mate" not in codes(g) and "claim-false" not in codes(g)


def test_the_same_problem_counting_from_blacks_own_side_is_read_as_before():
    # "K at Q R 6" and "K-R5" from Black's own side: a3 and a4. The list reads otherwise from White's side (a6), but
    # the moves do not bear that reading out ("K-R5" from a6 is no move): the man's own side stands, unsaid.
    text = _FROM_WHITE.replace("Q R 3", "Q R 6")
    (listed,) = [s for s in setups_in(text) if s.form == "piece list"]
    assert listed.other is not None and listed.other.king(chess.BLACK) == chess.A6
    (g,) = games(text)
    assert g.start.startswith("8/8/3KB3/8/8/k7/2R5/8 w") and "setup-from-white" not in codes(g)
    assert [m.normalized for m in g.moves] == ["Kc5", "Ka4", "Ra2#"] and g.status == "ok" and all(c.ok for c in g.claims)


def test_a_list_both_readings_of_which_replay_keeps_the_mans_own_side():
    # Black's King "at K R 4": h5 from his side, h4 from White's; "K-R3" is h6 from h5, and h3 from h4 counted from
    # White's side too. Both replay, no claim between them: the man's own side, today's reading, stands.
    text = "White: K at K 6; R at Q R 2.\nBlack: K at K R 4.\n\nWhite to play.\n\n1. R-QR8, K-R3.\n"
    (listed,) = [s for s in setups_in(text) if s.form == "piece list"]
    assert listed.board.king(chess.BLACK) == chess.H5 and listed.other.king(chess.BLACK) == chess.H4
    (g,) = games(text)
    assert g.start.startswith("8/8/4K3/7k/8/8/R7/8 w") and "setup-from-white" not in codes(g)
    assert [m.normalized for m in g.moves] == ["Ra8", "Kh6"] and g.status == "ok"


_MATES = "White: K at K6, R at QR1. Black: K at KB1.\n\n1. R-R7, K-Kt sq; 2. K-B6, K-R sq; 3. K-Kt6"
_DRAWS = ("White: K at K5, P at K4. Black: K at K2.\n\n1. K-Q5, K-Q2; 2. P-K5, K-K2; 3. P-K6, K-K sq; "
          "4. K-Q6, K-Q sq; 5. P-K7 ch, K-K sq; 6. K-K6")


@pytest.mark.parametrize("score, ending, result", [(_MATES, ", and mates in two moves.", "1-0"),
                                                   (_DRAWS, ", and draws.", "1/2-1/2"),
                                                   (_DRAWS, ". White draws.", "1/2-1/2")])
def test_an_endings_verdict_is_the_result(score, ending, result):
    # "and mates in two moves" is the side's that made the last move, a claim the search checks; "draws" a draw.
    (g,) = games(f"No. 5.\n\n{score}{ending}\n")
    assert g.status == "ok" and g.result == result


def test_a_score_taken_up_at_a_later_move_under_its_diagram_is_no_fragment():
    (g,) = games("White: Ke6, Qb6. Black: Kc8.\n\n31. Qa7 Kd8 32. Qb8#\n")
    assert g.status == "ok" and "fragment" not in codes(g)


def test_blacks_first_move_says_black_moves():
    (g,) = games("White: Ke6, Qa7. Black: Kd8.\n\n1. ... Ke8 2. Qe7#\n")
    assert g.start.split()[1] == "b" and g.status == "ok"


def test_columns_under_a_set_up_are_decoded_from_it():
    # White's column, then Black's: the layout reads no whole game; the decoder reads both columns
    # from the piece list's position, not from the opening, and not the list's men as moves.
    (g,) = games("KING AND QUEEN AGAINST KING.\n\nWhite: K at K 6, Q at Q Kt 6. Black: K at Q B sq.\n\n"
                 "WHITE.\n1. Q to Q R 7\n2. Q to Q Kt 8, mate\nBLACK.\n1. K to Q sq\n")
    assert ChessGameDetail.of(g.detail).decoded and ChessGameDetail.of(g.detail).setup_from == "piece list"
    assert g.start.startswith("2k5/8/1Q2K3/8/8/8/8/8 w") and g.status == "ok"
    assert [m.normalized for m in g.moves] == ["Qa7", "Kd8", "Qb8#"]


def test_an_ending_in_words_is_read_from_its_men_in_words():
    # The set-up goes with the score under it (a record of its own), and the moves in words, which the
    # layout reader reads none of, are decoded from it: 1. Ra1 Bb8 2. Ra6+ Kd7.
    text = ("FIRST PARTY.\n\n                    1.\n    W. The king’s pawn 2 squares.\n    B. The same.\n\n"
            "                    2.\n    W. King’s knight at king’s bishop’s 3d square.\n\n" + SITUATION)
    first, g = games(text)
    assert [m.normalized for m in first.moves] == ["e4", "e5", "Nf3"]
    assert g.start.startswith("8/2b5/4k3/8/3PK3/8/8/3R4 w")
    assert ChessGameDetail.of(g.detail).setup_from == "piece list"
    assert [m.normalized for m in g.moves] == ["Ra1", "Bb8", "Ra6+", "Kd7"] and g.status == "ok"


def test_a_missing_set_up_is_not_decoded_from_the_opening():
    # Moves after the first read as legal from the opening; they are still the diagram's, unreplayed.
    (g,) = games("PROBLEM 2.\n\n[Illustration]\n\nWhite to play and mate.\n\n"
                 "1 Q to K R 4 K to K 4 2 P to K 4 P to K 4 3 Kt to K B 3 Kt to Q B 3\n")
    assert codes(g, "error") == ["missing-setup"] and not ChessGameDetail.of(g.detail).decoded
    assert all(m.normalized is None and ChessMoveDetail.of(m.detail).setup_missing for m in g.moves)


def test_a_diagram_the_game_reaches_is_not_its_start():
    text = "BLACK.\n" + BARRED_STAR + "WHITE.\n\n1. e4 e5 2. Nf3 Nc6\n"
    (g,) = games(text)
    assert g.start.startswith("rnbqkbnr/pppppppp") and g.status == "ok"
    assert "diagram-not-start" in codes(g)


def test_an_illustration_mark_is_one_missing_setup_error():
    (g,) = games("PROBLEM 2.\n\n[Illustration]\n\nWhite to play and mate in two moves.\n\n"
                 "1. Q. to K. R's 4th.   1. K. to K's 4th.\n2. Q. to K. B's 6th. (checkmate.)\n")
    assert codes(g, "error") == ["missing-setup"]
    (d,) = [d for d in g.diagnostics if d.code == "missing-setup"]
    assert d.line == 3 and "[Illustration]" in d.message and "3 printed moves" in d.message
    assert [m.printed for m in g.moves] == ["Q. to K. R's 4th.", "K. to K's 4th.", "Q. to K. B's 6th. (checkmate.)"]
    assert all(m.normalized is None and ChessMoveDetail.of(m.detail).setup_missing for m in g.moves)


def test_an_unreadable_board_above_moves_that_need_it_is_a_bad_setup_where_it_fails():
    board = BARRED_STAR.replace("|   |   | K*|   |   |   |   |   |", "|   |   | K*|   |   |   |   |")
    (g,) = games("BLACK.\n" + board + "WHITE.\n\n1. Q. to Q. R's 7th.   1. K. to Q's sq.\n")
    assert codes(g, "error") == ["bad-setup"]
    # The board printed is the set-up, though it cannot be read: none is inferred in its place.
    assert not ChessGameDetail.of(g.detail).setup_inferred and all(m.normalized is None for m in g.moves)
    (d,) = [d for d in g.diagnostics if d.code == "bad-setup"]
    assert d.line == 3 and "8 squares, this one 7" in d.message


def test_a_numbered_reference_finds_the_board_printed_elsewhere_in_the_book():
    text = ("KING AND QUEEN AGAINST KING.\n\n            Diagram 1.\n\n"
            "WHITE.                        BLACK.\n"
            "1. Q. to Q. R's 7th.          1. K. to Q's sq.\n"
            "2. Q. to Q. Kt's 8th. Mate.\n\n\n"
            "            No. 2.\n\nBLACK.\n" + BARRED_STAR.replace("| Q |", "| R |") + "WHITE.\n\n"
            "            No. 1.\n\nBLACK.\n" + BARRED_STAR + "WHITE.\n")
    g = games(text)[0]
    assert g.status == "ok" and g.start.startswith("2k5/8/1Q2K3/8/8/8/8/8 w")
    assert ChessGameDetail.of(g.detail).setup_line == 35
    (d,) = [d for d in g.diagnostics if d.code == "setup-printed"]
    assert d.line == 3 and "line 35" in d.message


def test_a_number_that_names_no_board_is_a_missing_setup():
    (g,) = games("Diagram 17.\n\n1. P. Queens (ch.)   1. K. to R's 2d.\n")
    assert codes(g, "error") == ["missing-setup"]


#: A problem with Black to move, its text board under the task (1q6/8/8/8/8/6k1/8/7K).
BLACK_TO_PLAY = ("PROBLEM 14. By J. B. of Bridport. Black to play and mate in one move.\n\n"
                 + "".join(f" {' '.join(rank)}\n" for rank in (".q......", "........", "........", "........",
                                                               "........", "......k.", "........", ".......K")))


@pytest.mark.parametrize("text", [
    BLACK_TO_PLAY + "\n1. Q to Q Kt 8, mate.\n",
    BLACK_TO_PLAY + "\n1. ... Q to Q Kt 8, mate.\n",
    # a piece list under the task: the heading's task says who moves
    "PROBLEM 14. By J. B. of Bridport. Black to play and mate in one move.\n\n"
    "White: K at K R sq. Black: K at K Kt 6, Q at Q Kt sq.\n\n1. Q-QKt8 mate\n",
])
def test_a_problem_with_black_to_play_numbers_its_solution_from_1(text):
    # Problem books number a solution from 1 whoever moves first: Black's "1." is no wrong side.
    (g,) = games(text)
    assert g.start.startswith("1q6/8/8/8/8/6k1/8/7K b"), g.start
    assert [m.normalized for m in g.moves] == ["Qb1#"] and g.moves[0].side == "black"
    assert g.status == "ok" and "wrong-side" not in codes(g)


def test_a_black_first_solution_counts_whites_reply_under_the_same_number():
    (g,) = games("Aufgabe 14. Schwarz zieht und setzt in 2 Zügen matt.\n\nWeiß: Kh1. Schwarz: Kf3, Db8.\n\n"
                 "1. Db8-g8 Kh1-h2 2. Dg8-g2 matt\n")
    assert [(m.side, m.number, m.normalized) for m in g.moves] == [
        ("black", 1, "Qg8"), ("white", 2, "Kh2"), ("black", 2, "Qg2#")]
    assert g.status == "ok" and g.diagnostics and not [d for d in g.diagnostics if d.severity != "info"]


def test_a_black_move_printed_where_the_text_says_white_plays_is_still_the_wrong_side():
    (g,) = games("PROBLEM 14. White to play.\n\nWhite: K at K R sq. Black: K at K Kt 6, Q at Q Kt sq.\n\n"
                 "1. ... K to R 2.\n")
    assert "wrong-side" in codes(g)


def test_a_set_up_that_does_not_say_who_moves_is_read_from_the_first_move_the_text_gives_in_a_sentence():
    # An ending taught in prose: White's first move in the sentence that leads into the play ("should be 1. K-Q2"),
    # then "the play goes on: 1. ... K-Q4". The layout reader read from Black's "1. ...", so the set-up had Black to
    # move and White's 1. K-Q2 was prose, every White move after it one off ("'K-Q3' is not a legal move", the rook
    # then lost). The decoder reads from either side where the text does not say which moves.
    (g,) = games("EXAMPLE 3.\n\nWhite: K at K sq, R at KR sq.   Black: K at K4.\n\n"
                 "The first move should be 1. K-Q2, and the play goes on: 1. ... K-Q4; 2. K-Q3, K-K4; "
                 "3. R-K sq ch, K-Q4; 4. R-K4, K-B4.\n")
    assert g.start.split()[1] == "w" and [m.normalized for m in g.moves] == [
        "Kd2", "Kd5", "Kd3", "Ke5", "Re1+", "Kd5", "Re4", "Kc5"]
    assert not [d for d in g.diagnostics if d.severity == "error"]


_BOTH_SIDES = ("In the following position,\n\nWhite: K on KB6, P on KKt6.   Black: K on KKt1.\n\n"
               "White to move wins by 1. P-Kt7, K-R2; 2. K-B7, and the Pawn queens. But Black to move draws by "
               "1. ... K-B1, for if 2. P-Kt7 ch, K-Kt1; 3. K-Kt6 it is stalemate.\n")


def _start_claims(game):
    return [(c.claimed, c.actual, c.how) for c in game.claims if c.what == "value" and c.ply == 0]


def test_an_ending_taught_for_each_side_to_move_is_a_line_for_each_from_the_same_set_up():
    # The second line ran on as the first's moves, through OCR repairs of a clean text ('K-Kt1; 3.' read as Kh6),
    # and neither claim was checked: each is now a record from the set-up, its task's side to move, its claim judged.
    white, black = games(_BOTH_SIDES)
    assert white.start.startswith("6k1/8/5KP1/8/8/8/8/8 w") and black.start.startswith("6k1/8/5KP1/8/8/8/8/8 b")
    assert [m.normalized for m in white.moves] == ["g7", "Kh7", "Kf7"]
    assert [m.normalized for m in black.moves] == ["Kf8", "g7+", "Kg8", "Kg6"]  # 3. K-Kt6: stalemate
    assert white.status == black.status == "ok" and "ocr" not in codes(white) + codes(black)
    assert black.result == "1/2-1/2" and black.tags.get("Title") == "Black to move"
    assert _start_claims(white) == [("win", "win", "table")] and _start_claims(black) == [("draw", "draw", "table")]


@pytest.mark.parametrize("first, second", [
    ("White to play wins: 1. P-Kt7, K-R2; 2. K-B7.", "If Black is to move, he draws: 1. K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6."),
    ("White to move wins by 1. P-Kt7, K-R2; 2. K-B7.", "With Black to move, 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6."),
])
def test_the_other_sides_task_in_other_words_and_a_solution_numbered_from_its_side(first, second):
    # "1. K-B1" under "Black is to move" is Black's move 1 (the task says who moves), not White's.
    white, black = games(f"Ending 12.\n\nWhite: K on KB6, P on KKt6.   Black: K on KKt1.\n\n{first} {second}\n")
    assert [m.normalized for m in white.moves] == ["g7", "Kh7", "Kf7"]
    assert [m.normalized for m in black.moves] == ["Kf8", "g7+", "Kg8", "Kg6"] and black.status == "ok"
    assert black.tags.get("Title", "").startswith("Ending 12., Black ")


def test_the_german_ending_for_each_side_to_move():
    white, black = games("Weiß: Kf6, Bg6. Schwarz: Kg8.\n\nWeiß am Zuge gewinnt durch 1. g7 Kh7 2. Kf7 und der Bauer "
                         "wird Dame. Schwarz am Zuge hält remis durch 1. ... Kf8 2. g7+ Kg8 3. Kg6 patt.\n")
    assert [m.normalized for m in black.moves] == ["Kf8", "g7+", "Kg8", "Kg6"] and black.status == "ok"
    assert _start_claims(white) == [("win", "win", "table")] and _start_claims(black) == [("draw", "draw", "table")]


def test_a_wrong_claim_of_a_task_is_a_warning():
    (g,) = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\nBlack to move wins by 1. ... K-B1; 2. K-K6.\n")
    assert _start_claims(g) == [("win", "draw", "table")] and "wrong-claim" in codes(g, "warning")


def test_an_ending_for_one_side_to_move_is_one_record():
    (g,) = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\n"
                 "White to move wins by 1. P-Kt7, K-R2; 2. K-B7, and the Pawn queens.\n")
    assert [m.normalized for m in g.moves] == ["g7", "Kh7", "Kf7"] and g.status == "ok"
    assert _start_claims(g) == [("win", "win", "table")]


def test_a_task_that_names_the_other_side_as_winning_claims_the_movers_loss():
    (g,) = games("White: K on KB6, P on K7.   Black: K on K sq.\n\n"
                 "With Black to move, White wins by 1. ... K-Q2; 2. K-B7, K-Q3; 3. P-K8 (Q), and wins.\n")
    assert g.start.split()[1] == "b" and g.status == "ok"
    assert _start_claims(g) == [("loss", "loss", "table")] and "wrong-claim" not in codes(g)


@pytest.mark.parametrize("text", [
    "PROBLEM No. 28.\n\nWhite: K at K B 6, R at Q R sq.\nBlack: K at K R sq.\n\nWhite to play and mate in two moves.\n\n"
    "SOLUTION.\n\n1. K to Kt 6           K to Kt sq\n2. R to R 8, mate.\n",
    "Aufgabe Nr. 12.\n\nWeiss: K f6, T a1.\nSchwarz: K h8.\n\nWeiss zieht und setzt in zwei Zügen matt.\n\n"
    "1. K f6-g6   K h8-g8\n2. T a1-a8 matt.\n",
])
def test_a_problems_task_to_mate_in_n_moves_is_a_claim_checked(text):
    # "White to play and mate in two moves" claimed nothing: only "wins" / "draws" were a task's verdicts.
    (g,) = games(text)
    assert g.status == "ok" and ("mate in 2", "mate in 2") in [(c.claimed, c.actual) for c in g.claims]


def test_a_problems_task_to_mate_that_the_position_does_not_bear_out_is_a_warning():
    (g,) = games("PROBLEM No. 27.\n\nWhite: K at Q R sq, Q at K Kt 4, R at Q B sq, Kt at K 5.\n"
                 "Black: K at Q 3, P at Q 4.\n\nWhite to play and mate in two moves.\n\n"
                 "SOLUTION.\n\n1. Q to Q 7 (ch)       K takes Kt\n2. R to B 5, mate.\n")
    (wrong,) = [d.message for d in g.diagnostics if d.code == "wrong-claim"]
    assert wrong.startswith("'White to play and mate in two moves': White has no mate in 2 against every defence")


MORPHY_DIAGRAM = """GAME VII.--Between Mr. Morphy and the Allies.

 1. P to K 4             P to K 4
 2. Kt to K B 3          P to Q 3
 3. P to Q 4             B to K Kt 5
 4. P takes P            B takes Kt
 5. Q takes B            P takes P
 6. B to Q B 4           Kt to K B 3
 7. Q to Q Kt 3          Q to K 2
 8. Kt to Q B 3          P to Q B 3
 9. B to K Kt 5          P to Q Kt 4

Position after Black's 9th move:

  r n . . k b . r
  p . . . q p p p
  . . p . . n . .
  . p . . p . B .
  . . B . P . . .
  . Q N . . . . .
  P P P . . P P P
  R . . . K . . R

10. Kt takes Kt P        P takes Kt
11. B takes Kt P (ch)    Q Kt to Q 2
"""


@pytest.mark.parametrize("text", [
    MORPHY_DIAGRAM,
    MORPHY_DIAGRAM.replace("Position after Black's 9th move:", "The position is now as follows:"),  # where it stands
    MORPHY_DIAGRAM.replace("Position after Black's 9th move:", "Stellung nach dem 9. Zuge von Schwarz:"),
])
def test_a_diagram_among_the_moves_is_a_claim_on_the_position_reached(text):
    # Was read as nothing at all: neither checked nor said.
    (g,) = games(text)
    (claim,) = [c for c in g.claims if c.what == "diagram"]
    assert claim.ok and claim.ply == 18 and claim.claimed == "rn2kb1r/p3qppp/2p2n2/1p2p1B1/2B1P3/1QN5/PPP2PPP/R3K2R"
    assert "diagram-differs" not in codes(g) and len(g.moves) == 22


def test_a_diagram_that_differs_from_the_position_reached_is_a_warning_naming_the_squares():
    (g,) = games(MORPHY_DIAGRAM.replace("  p . . . q p p p", "  p . . q . p p p"))
    (claim,) = [c for c in g.claims if c.what == "diagram"]
    assert claim.ok is False
    (warning,) = [d for d in g.diagnostics if d.code == "diagram-differs"]
    assert (warning.line, warning.column, warning.ply) == (15, 1, 18)
    assert "d7: black queen in the diagram, empty in the game, e7: empty in the diagram, black queen in the game" \
        in warning.message


_EXAMPLE_5 = ("EXAMPLE 5.\n\nWhite: K at K B 6, P at K Kt 6.\nBlack: K at K Kt sq.\n\n"
              "White to move wins by 1. P-Kt7, K-R2; 2. K-B7, and the Pawn queens. If Black is to move, he draws by "
              "1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, stalemate.\n")


def _stalemate_claims(game):
    return [(c.ply, c.claimed, c.actual) for c in game.claims if c.what == "stalemate"]


def test_the_verdict_after_the_other_sides_task_and_the_stalemate_its_line_prints_are_claims():
    # "If Black is to move, he draws": the verdict after the task's comma, said of the side named, was no claim, nor
    # the line's last word "stalemate" (3. K-Kt6 stalemates Black): each is now checked, the one by the tables on
    # the start, the other on the position the line reaches.
    white, black = games(_EXAMPLE_5)
    assert _start_claims(white) == [("win", "win", "table")] and _start_claims(black) == [("draw", "draw", "table")]
    assert _stalemate_claims(black) == [(4, "stalemate", "stalemate")] and not _stalemate_claims(white)
    (word,) = [c for c in black.claims if c.what == "stalemate"]
    assert (word.line, word.column) == (6, _EXAMPLE_5.split("\n")[5].index("stalemate") + 1)
    assert not [d for d in white.diagnostics + black.diagnostics if d.severity != "info"]


@pytest.mark.parametrize("task, claim", [
    ("With Black to move the game is drawn:", ("draw", "draw", "table")),
    ("Black, if he has the move, can only draw, for", ("draw", "draw", "table")),
    ("If it were Black's move, White could not win:", ("not loss", "not loss", "table")),
])
def test_the_other_sides_verdict_in_other_words(task, claim):
    _, black = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\nWhite to move wins by 1. P-Kt7, K-R2; "
                     f"2. K-B7. {task} 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, and it is stalemate.\n")
    assert _start_claims(black) == [claim] and _stalemate_claims(black) == [(4, "stalemate", "stalemate")]


def test_a_wrong_verdict_after_the_task_and_a_wrong_stalemate_are_diagnostics():
    # The tables draw the start with Black to move (a warning, as any task's wrong claim), and 3. K-K7 stalemates
    # nobody: Black has moves (an error at the word, as a false mate is).
    _, black = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\nWhite to move wins by 1. P-Kt7, K-R2; "
                     "2. K-B7. If Black is to move, he wins by 1. ... K-B1; 2. K-K6, K-Kt2; 3. K-K7, stalemate.\n")
    assert _start_claims(black) == [("win", "draw", "table")] and "wrong-claim" in codes(black, "warning")
    assert _stalemate_claims(black) == [(4, "stalemate", "not over")]
    (false,) = [d for d in black.diagnostics if d.code == "false-mate"]
    assert false.severity == "error" and "Black to move can play" in false.message and false.column > 100


@pytest.mark.parametrize("second", [
    "Ist Schwarz am Zuge, so hält er remis durch 1. ... Kf8 2. g7+ Kg8 3. Kg6 und Schwarz ist patt.",
    "Schwarz am Zuge: remis, 1. ... Kf8 2. g7+ Kg8 3. Kg6 patt.",
])
def test_the_german_verdict_after_the_task_and_patt(second):
    white, black = games("Weiß: Kf6, Bg6. Schwarz: Kg8.\n\nWeiß am Zuge gewinnt durch 1. g7 Kh7 2. Kf7 und der Bauer "
                         f"wird Dame. {second}\n")
    assert _start_claims(black) == [("draw", "draw", "table")] and _stalemate_claims(black) == [(4, "stalemate", "stalemate")]


def test_words_after_the_task_that_are_no_verdict_on_the_start_claim_nothing_of_it():
    # "White plays for a win in vain" after "If Black is to move," is no verdict on the start (read as "White wins"
    # it would claim Black's loss of a drawn position); the line's printed stalemate is still a claim.
    _, black = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\nWhite to move wins by 1. P-Kt7, K-R2; "
                     "2. K-B7. If Black is to move, White plays for a win in vain: 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; "
                     "3. K-Kt6, stalemate.\n")
    assert [m.normalized for m in black.moves] == ["Kf8", "g7+", "Kg8", "Kg6"]
    assert _start_claims(black) == [] and "wrong-claim" not in codes(black)
    assert _stalemate_claims(black) == [(4, "stalemate", "stalemate")]


@pytest.mark.parametrize("words", ["stalemate.", "and it is stalemate.", "and his adversary is stalemated.",
                                   "Black is stalemated."])
def test_a_stalemate_printed_after_a_lines_last_move(words):
    _, g = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\nWhite to move wins by 1. P-Kt7, K-R2; 2. K-B7. "
                 f"Black to move draws by 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, {words}\n")
    assert _stalemate_claims(g) == [(4, "stalemate", "stalemate")] and "false-mate" not in codes(g)


def test_a_stalemate_said_of_another_position_is_no_claim():
    _, g = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\nWhite to move wins by 1. P-Kt7, K-R2; 2. K-B7. "
                 "Black to move draws by 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, stalemate would follow any other "
                 "move.\n")
    assert len(g.moves) == 4 and _stalemate_claims(g) == []


@pytest.mark.parametrize("ending, ply, actual", [
    ("Black to move draws by 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, stalemate.", 4, "stalemate"),
    ("Black to move draws by 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, and it is stalemate.", 4, "stalemate"),
    ("Black to move draws by 1. ... K-B1; 2. K-K6, K-Kt2; 3. K-K7, stalemate.", 4, "not over"),
])
def test_a_stalemate_after_the_only_sides_line_is_its_claim_not_an_unreadable_word(ending, ply, actual):
    # One side's task alone, read by the layout reader: "stalemate." after the line's last move was a word no move
    # reads ("'stalemate.' cannot be read as a move"), and with nothing before it on its line, the record read
    # no move at all (a no-moves error).
    (g,) = games("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\n" + ending + "\n")
    assert len(g.moves) == 4 and _stalemate_claims(g) == [(ply, "stalemate", actual)]
    assert ("false-mate" in codes(g, "error")) == (actual != "stalemate")
    assert "unreadable" not in codes(g) and "no-moves" not in codes(g)


_GERMAN_GAME = """Partie Nr. 12.

Weiss: Anderssen.    Schwarz: Zukertort.

 1. e2-e4      e7-e5
 2. Sg1-f3     Sb8-c6
 3. Lf1-b5     Sg8-f6
 4. d2-d4      e5xd4
 5. e4-e5      Sf6-e4
 6. 0-0        Lf8-e7

Stellung nach dem 6. Zuge von Schwarz:

  t . l d k . . t
  b b b b l b b b
  . . s . . . . .
  . L . . B . . .
  . . . b s . . .
  . . . . . S . .
  B B B . . B B B
  T S L D . T K .

 7. Sf3xd4
"""


def test_a_text_board_in_german_letters_is_the_games_position():
    # t l d k s b / T S L D K B (Turm, Läufer, Dame, König, Springer, Bauer): no diagram was read at all, silently.
    (g,) = games(_GERMAN_GAME)
    (claim,) = [c for c in g.claims if c.what == "diagram"]
    assert claim.ply == 12 and claim.claimed == claim.actual == "r1bqk2r/ppppbppp/2n5/1B2P3/3pn3/5N2/PPP2PPP/RNBQ1RK1"
    assert "diagram-differs" not in codes(g)
    # The same board with the black queen misprinted a square over: said, square by square.
    (wrong,) = games(_GERMAN_GAME.replace("  t . l d k . . t", "  t . l . k d . t"))
    (warning,) = [d for d in wrong.diagnostics if d.code == "diagram-differs"]
    assert "d8: empty in the diagram, black queen in the game" in warning.message


@pytest.mark.parametrize("words, pawn", [("Weiß zieht und gewinnt.", True), ("White to play and win.", False)])
def test_kings_and_bs_alone_are_pawns_under_german_words(words, pawn):
    board = find_diagrams(words + "\n\n  . . . . k . . .\n" + "  . . . . . . . .\n" * 2 + "  . . . . K . . .\n"
                          + "  . . . . B . . .\n" + "  . . . . . . . .\n" * 3)[0].board
    assert board is not None and board.piece_at(chess.E4) == chess.Piece(chess.PAWN if pawn else chess.BISHOP,
                                                                          chess.WHITE)


@pytest.mark.parametrize("above, e4", [("White to play and win.", "R"), ("Weiß zieht und gewinnt.", "R"),
                                       ("White mates in two moves.", "R"), ("WHITE.", None)])
def test_a_task_above_a_board_is_no_caption_of_its_top_side(above, e4):
    # "White to play and win." over the board was read as the caption "WHITE" at its top: the board turned over
    # (the rook on d5, the black king on d1). A caption alone ("WHITE.") still says White sits at the top.
    board = find_diagrams(above + "\n\n  . . . . k . . .\n" + "  . . . . . . . .\n" * 2 + "  . . . . K . . .\n"
                          + "  . . . . R . . .\n" + "  . . . . . . . .\n" * 3)[0].board
    assert board is not None and (board.piece_at(chess.E4).symbol() if board.piece_at(chess.E4) else None) == e4


_EXAMPLE_6 = "EXAMPLE 6.\n\nWhite: K at K B 6, P at K Kt 6.\nBlack: K at K Kt sq.\n\n{}\n"


@pytest.mark.parametrize("ending", [
    "Black to move draws by 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, stalemate. This is the only defence.",
    "If Black is to move, he draws by 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, stalemate. This is the only defence.",
])
def test_an_only_sides_line_with_a_sentence_after_it_is_read_from_its_tasks_side(ending):
    # The layout reader takes the line and the sentence after it for prose, and the decoder read the record from
    # the piece list's White to move, where "1. ... K-B1" is no move: no move was read (a no-moves error). The task
    # before the moves says who moves first, for the decoder's start as for the layout reader's.
    (g,) = games(_EXAMPLE_6.format(ending))
    assert [m.normalized for m in g.moves] == ["Kf8", "g7+", "Kg8", "Kg6"]
    assert _stalemate_claims(g) == [(4, "stalemate", "stalemate")] and _start_claims(g) == [("draw", "draw", "table")]
    assert "This is the only defence." in (g.moves[-1].comment or "")
    assert not [d for d in g.diagnostics if d.severity != "info"]


def test_a_german_only_sides_line_with_a_sentence_after_it():
    (g,) = games("Weiß: Kf6, Bg6. Schwarz: Kg8.\n\nSchwarz am Zuge hält remis: 1. ... Kf8 2. g7+ Kg8 3. Kg6 patt. "
                 "Dies ist die einzige Verteidigung.\n")
    assert [m.normalized for m in g.moves] == ["Kf8", "g7+", "Kg8", "Kg6"]
    assert _stalemate_claims(g) == [(4, "stalemate", "stalemate")] and _start_claims(g) == [("draw", "draw", "table")]
    assert not [d for d in g.diagnostics if d.severity != "info"]


def test_a_sentence_naming_moves_after_an_only_sides_line_keeps_them():
    # The moves the sentence names are a line of their own (from Black's first move), not dropped.
    (g,) = games(_EXAMPLE_6.format("Black to move draws by 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; 3. K-Kt6, stalemate. "
                                   "It is the only defence, for 1. ... K-R1 loses to 2. K-B7."))
    assert [m.normalized for m in g.moves] == ["Kf8", "g7+", "Kg8", "Kg6"]
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in g.variations] == [(1, ["Kh8", "Kf7"])]
    assert not [d for d in g.diagnostics if d.severity != "info"]
