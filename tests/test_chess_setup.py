"""Prose set-ups (Foster's "Black K on his own square ...") and games at odds -> positions.

These tests are the specification of ``notation.parse.chess_setup`` and
``notation.rules.chess.odds``: every set-up the corpus and the book print
gives the position the book's own moves are played from.
"""

from __future__ import annotations

from pathlib import Path

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.parse.chess_setup import SetUpError, descriptive_square, parse_setup, setup_board, setup_fen, setup_prose
from notation.records import read_file, split_tagged
from notation.rules.chess.odds import ODDS, Odds, OddsError, odds, odds_fen

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "chess"

K2B = ("Black K on his own square. White King on K B 6; white Bishops on K B 4 and K B 5. "
       "White to move and win.")
KBKT = ("Black King on K R sq. White King on K B 6, white Bishop on K B 5, and white Knight "
        "on K Kt 5; White to move and win.")
DIAGRAM_11 = ("Black men;--King on Q R’s; Queen on Q Kt’s; Pawns on Q R 2, and Q Kt, 3; "
              "Rook on Q R 3. White men;--King on Q Kt 5; Queen on Q B 6.")
PAWN_ENDING = "Put the black King on K B square; the white King on K B 6, and a white Pawn on K 6."

#: Every prose set-up the seed prints, with the position it describes.
SEED_SETUPS = {
    K2B: "4k3/8/5K2/5B2/5B2/8/8/8 w - - 0 1",
    KBKT: "7k/8/5K2/5BN1/8/8/8/8 w - - 0 1",
    # Black is in check from the Queen and the text names no side: Black moves.
    DIAGRAM_11: "kq6/p7/rpQ5/1K6/8/8/8/8 b - - 0 1",
    PAWN_ENDING: "5k2/8/4PK2/8/8/8/8/8 w - - 0 1",
    # Foster's three King and Pawn against King positions, either side to move
    # (corpus/chess/foster_000_pawn_endings_and_openings_table.txt).
    PAWN_ENDING[:-1] + ". Black to move.": "5k2/8/4PK2/8/8/8/8/8 b - - 0 1",
    PAWN_ENDING[:-1] + ". White to move.": "5k2/8/4PK2/8/8/8/8/8 w - - 0 1",
    "The black King on K B square; the white King on K B 6, and a white Pawn on K B 5. Black to move.":
        "5k2/8/5K2/5P2/8/8/8/8 b - - 0 1",
    "The black King on K B square; the white King on K B 6, and a white Pawn on K B 5. White to move.":
        "5k2/8/5K2/5P2/8/8/8/8 w - - 0 1",
    "The black King on K B square; the white King on K B 5, and a white Pawn on K B 4. White to move.":
        "5k2/8/8/5K2/5P2/8/8/8 w - - 0 1",
    "The black King on K B square; the white King on K B 5, and a white Pawn on K B 4. Black to move.":
        "5k2/8/8/5K2/5P2/8/8/8 b - - 0 1",
}


def corpus_records():
    for path in sorted(CORPUS.glob("*.txt")):
        yield from split_tagged(read_file(str(path)))


def replay(fen: str, sans: list[str]) -> chess.Board:
    board = chess.Board(fen)
    for san in sans:
        board.push_san(san)
    return board


# --------------------------------------------------------------------------
# The book's set-ups


@pytest.mark.parametrize("prose, fen", SEED_SETUPS.items())
def test_seed_setups(prose, fen):
    assert setup_fen(prose) == fen


def test_every_setup_in_the_corpus_is_specified_and_parses():
    setups = [r.tags["SetUp"] for r in corpus_records() if "SetUp" in r.tags]
    assert len(setups) == 10
    for prose in setups:
        assert prose in SEED_SETUPS, f"corpus set-up without an expected position: {prose!r}"
        assert setup_fen(prose) == SEED_SETUPS[prose]


def test_two_bishops_mate_from_the_prose_position():
    # The book's six moves, "B-B7 K-B sq ... B-K5 mate", end in mate only from this position.
    board = replay(setup_fen(K2B), "Bc7 Kf8 Bd7 Kg8 Kg6 Kf8 Bd6+ Kg8 Be6+ Kh8 Be5#".split())
    assert board.is_checkmate()


def test_bishop_and_knight_alternative_mates_from_the_prose_position():
    # The alternative continuation (Black's fourth move K-Q sq) replays as printed to mate.
    moves = ("Nf7+ Kg8 Be4 Kf8 Bh7 Ke8 Ne5 Kd8 Ke6 Kc7 Nd7 Kc6 Bd3 Kc7 Bb5 Kd8 Ne5 Kc7 "
             "Nc4 Kd8 Kd6 Kc8 Na5 Kd8 Nb7+ Kc8 Kc6 Kb8 Nd6 Ka7 Kc7 Ka8 Bc4 Ka7 Nc8+ Ka8 Bd5#")
    assert replay(setup_fen(KBKT), moves.split()).is_checkmate()


def test_diagram_11_prose_is_the_position_after_the_first_check():
    # The record starts "supposing the white Queen to arrive from K8": its [FEN]
    # has the Queen on K 8, and 1. Q-B 6, ch gives the diagram of the prose.
    (record,) = [r for r in corpus_records() if r.tags.get("Title") == "Perpetual check (Diagram No. 11)"]
    after = replay(record.tags["FEN"], ["Qc6+"])
    diagram = setup_board(record.tags["SetUp"])
    assert (diagram.board_fen(), diagram.turn) == (after.board_fen(), after.turn)


def test_squares_count_from_each_sides_own_side():
    # "Q R 2" is a7 for a black Pawn and a2 for a white one; "K B 6" is f6 / f3.
    board = setup_board("White K on K R sq; P on Q R 2; Kt on K B 6. "
                        "Black K on K R sq; P on Q R 2; Kt on K B 6.")
    assert board.piece_at(chess.A2) == chess.Piece(chess.PAWN, chess.WHITE)
    assert board.piece_at(chess.A7) == chess.Piece(chess.PAWN, chess.BLACK)
    assert board.piece_at(chess.F6) == chess.Piece(chess.KNIGHT, chess.WHITE)
    assert board.piece_at(chess.F3) == chess.Piece(chess.KNIGHT, chess.BLACK)
    assert board.king(chess.WHITE) == chess.H1 and board.king(chess.BLACK) == chess.H8


def test_blacks_bare_squares_may_count_from_whites_side():
    # Some books count every square from White's side: a black King "at Q R 3" on a3, a black Pawn "on Q R 2" on a2.
    setup = parse_setup("White: K at Q 6; R at Q B 2. Black: K at Q R 3; P at K R 5.")
    assert setup.board().king(chess.BLACK) == chess.A6
    other = setup.board(black_from_white=True)
    assert other.king(chess.BLACK) == chess.A3 and other.piece_at(chess.H5) == chess.Piece(chess.PAWN, chess.BLACK)
    assert other.king(chess.WHITE) == chess.D6
    assert setup.recounted() == ["King at Q R 3 is a3", "Pawn at K R 5 is h5"]


def test_a_square_in_words_or_his_own_square_reads_one_way_only():
    # "his" (and "his own square") fixes the side the square is counted from: no other reading.
    assert parse_setup("Situation of the White. The king at his square. Situation of the Black. The king at his "
                       "queen’s rook’s 3d.").recounted() == []
    assert parse_setup("White K on his own square. Black King on his own square.").recounted() == []


@pytest.mark.parametrize("words, square", [
    ("K R sq", chess.H1), ("K R square", chess.H1), ("Q R’s", chess.A1), ("Q R's", chess.A1),
    ("Q Kt, 3", chess.B3), ("QKt3", chess.B3), ("K 6", chess.E6), ("Q 4", chess.D4),
    ("KB6", chess.F6), ("K Kt 8", chess.G8),
    # The rank as an ordinal, the letters with their stops, as the older books print them.
    ("K. B. 6th", chess.F6), ("Q. R. 2d", chess.A2), ("K. 3rd", chess.E3), ("Q. Kt. 8th", chess.B8),
])
def test_square_forms(words, square):
    board = setup_board(f"White King on Q R 5; Queen on {words}. Black King on K R sq.")
    assert board.piece_at(square) == chess.Piece(chess.QUEEN, chess.WHITE)


def test_own_square_is_the_home_square_of_king_and_queen():
    board = setup_board("White K on his own square; Q on her own square. Black King on his own square.")
    assert board.king(chess.WHITE) == chess.E1 and board.king(chess.BLACK) == chess.E8
    assert board.piece_at(chess.D1) == chess.Piece(chess.QUEEN, chess.WHITE)


#: Philidor's first ending (1803): each side's men in words under its heading, a paragraph each.
SITUATION = ("Situation of the White. The king at the adverse king’s 3d. The rook at its queen’s bishop’s "
             "square. The bishop at the adverse king’s 4th. Situation of the Black. The king at his square. "
             "The rook at its queen’s 2d.")


def test_the_long_form_in_words_under_each_sides_heading():
    assert setup_fen(SITUATION) == "4k3/3r4/4K3/4B3/8/8/8/2R5 w - - 0 1"


@pytest.mark.parametrize("man, words, square", [
    # "his" with no file: the man's own file (the King's, the Queen's, his name's); "his square" the first rank,
    # a pawn's "its square" his own (the second).
    ("The king", "his 4th square", chess.E4), ("The queen", "her 3d square", chess.D3),
    ("The queen’s knight", "his square", chess.B1), ("The king’s bishop", "his square", chess.F1),
    ("The queen’s pawn", "its square", chess.D2),
    # "his" before a minor file alone: the man's own wing; a file named whole is that file.
    ("The king", "his bishop’s 4th", chess.F4), ("The queen", "her knight’s 3d", chess.B3),
    ("The king’s bishop’s pawn", "its bishop’s 4th", chess.F4), ("The king", "his queen’s bishop’s 4th", chess.C4),
    ("The queen’s pawn", "the queen’s 4th", chess.D4), ("The rook", "its king’s rook’s square", chess.H1),
    # A side named counts the rank from that side's end.
    ("The queen", "the adverse queen’s bishop’s square", chess.C8), ("The rook", "the adversary’s king’s 4th", chess.E5),
    ("The knight", "the black queen’s knight’s 4th", chess.B5), ("The knight", "the white queen’s knight’s 4th", chess.B4),
])
def test_squares_in_words(man, words, square):
    board = setup_board(f"Situation of the White. {man} at {words}."
                        + ("" if man.endswith("king") else " The king at his rook’s 2d.")
                        + " Situation of the Black. The king at the adverse queen’s rook’s 7th.")
    assert board.piece_at(square) is not None and board.piece_at(square).color == chess.WHITE


def test_squares_in_words_count_from_a_black_mans_side():
    board = setup_board("Situation of the White. The king at his square. Situation of the Black. The king at his "
                        "bishop’s 3d. The king’s knight’s pawn at its knight’s 3d.(a) The pawn at the adverse king’s 2d.")
    assert board.king(chess.BLACK) == chess.F6
    assert board.pieces(chess.PAWN, chess.BLACK) == chess.SquareSet([chess.G6, chess.E2])


def test_his_file_of_a_man_named_without_his_wing_is_an_error():
    with pytest.raises(SetUpError, match="does not say which B file"):
        setup_board("Situation of the White. The king at his square. The rook at its bishop’s 2d. "
                    "Situation of the Black. The king at his square.")


def test_men_without_a_colour_take_the_colour_of_the_man_before():
    board = setup_board("White King on K B 6, Bishop on K B 5 and K B 4. Black King on K sq.")
    assert board.pieces(chess.BISHOP, chess.WHITE) == chess.SquareSet([chess.F5, chess.F4])



@pytest.mark.parametrize("pawns", ["P's at KKt2, KR2", "P’s at KKt2, KR2"])
def test_a_pawns_plural_with_its_apostrophe_places_each_square_after_it(pawns):
    # "Black (3 pieces): K at KR sq; P's at KKt2, KR2.": the apostrophe's plural was no letter, the side's list
    # refused ("a set-up needs one black King, this one has 0"). (Only a Pawn's: "Q R's" is a square.)
    board = setup_board(f"White: K at KKt sq, R at QR sq. Black: K at KR sq; {pawns}.")
    assert board.pieces(chess.PAWN, chess.BLACK) == chess.SquareSet([chess.G7, chess.H7])
    assert board.king(chess.BLACK) == chess.H8


def test_a_mans_letter_in_the_plural_places_each_square_after_it(replay_text):
    # "Ps at KB2, KKt2, KR2", "Kts. at Q4 and K5": the plural's "s" after a man's letter (a problem's list, early
    # 20th century); read as no letter, the set-up was refused and the solution replayed from nowhere.
    board = setup_board("White: K at K sq, Kts. at Q4 and K5, Ps at KB2, KKt2. Black: K at KR sq, Rs. at QR sq and Q sq.")
    assert board.pieces(chess.KNIGHT, chess.WHITE) == chess.SquareSet([chess.D4, chess.E5])
    assert board.pieces(chess.PAWN, chess.WHITE) == chess.SquareSet([chess.F2, chess.G2])
    assert board.pieces(chess.ROOK, chess.BLACK) == chess.SquareSet([chess.A8, chess.D8])
    (g,) = replay_text('[Game "chess"]\n[Notation "english-descriptive"]\n\nNo. 7.\n\n'
                       "White: K at KKt sq, Q at KR5, R at Q3, B at QB4, Kt at K5, Ps at KB2, KKt2, KR2.\n"
                       "Black: K at KR sq, Q at QKt sq, R at KB sq, Ps at KKt2, KR2.\n\n"
                       "White to play and win.\n\n1. QxP ch, KxQ; 2. R-R3 mate.\n")
    assert [m.normalized for m in g.moves] == ["Qxh7+", "Kxh7", "Rh3#"] and g.result == "1-0", \
        [d.message for d in g.diagnostics]

def test_side_to_move():
    assert setup_fen(KBKT.replace("White to move and win", "Black to move")).split()[1] == "b"
    assert setup_fen("White King on K sq. Black King on K sq.").split()[1] == "w"
    assert setup_fen("White King on K sq. Black King on K sq.", side_to_move_default="black").split()[1] == "b"
    # Diagram 11 names no side; whatever the default, the side in check moves.
    assert setup_fen(DIAGRAM_11, side_to_move_default="white").split()[1] == "b"


def test_castling_rights_only_where_king_and_rook_stand_at_home():
    fen = setup_fen("White men;--King on his own square; Rooks on K R sq and Q R 3. "
                    "Black men;--King on his own square; Rook on Q R sq.")
    assert fen.split()[2] == "Kq"


def test_parse_setup_keeps_where_each_man_was_named():
    setup = parse_setup(K2B)
    bishops = setup.placements[-1]
    assert [loc.text for loc in bishops.locations] == ["K B 4", "K B 5"]
    assert K2B[bishops.locations[1].start:bishops.locations[1].end] == "K B 5"
    assert setup.to_move is not None and setup.to_move.colour == "white"


@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=0, max_size=60))
@settings(max_examples=60, deadline=None)
def test_prose_round_trip(choices):
    # Any position of a game, described in Foster's words, reads back to itself.
    board = chess.Board()
    for n in choices:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[n % len(moves)])
    again = setup_board(setup_prose(board))
    assert again.board_fen() == board.board_fen()
    assert again.turn == board.turn


def test_descriptive_square_names():
    assert descriptive_square(chess.F6, chess.WHITE) == "K B 6"
    assert descriptive_square(chess.F6, chess.BLACK) == "K B 3"
    assert descriptive_square(chess.A8, chess.BLACK) == "Q R sq"


# --------------------------------------------------------------------------
# Bad prose: the error names the column and what was expected there


def error(prose: str, **kwargs) -> SetUpError:
    with pytest.raises(SetUpError) as info:
        setup_fen(prose, **kwargs)
    assert isinstance(info.value, ValueError)
    assert str(info.value).startswith(f"column {info.value.column}: ")
    return info.value


def test_unknown_word_where_a_square_belongs():
    prose = "Black King on K R sq. White King in K B 6"
    e = error(prose)
    assert e.column == prose.index(" in ") + 2
    assert e.expected == ["'on'"]
    assert "found 'in'" in str(e)


def test_a_word_where_a_letters_dash_or_square_belongs():
    # After a man's letter a dash or a square may stand too ("K-KB6", "K KB6"): the error says so.
    e = error("Black K in K R sq")
    assert e.column == 9 and e.expected == ["'-'", "'on'", "a square (such as K B 6 or Q R sq)"]


@pytest.mark.parametrize("prose", ["White: K R6. Black: K KR sq.", "White: K-R6. Black: K-KR sq."])
def test_a_letters_square_without_its_wing_is_no_man_on_a_square(prose):
    # "K R6" (a file with no wing) places no man: the letter before a square with no "on" is a man's only where
    # the square names its wing.
    with pytest.raises(SetUpError):
        setup_fen(prose)


def test_bad_file_letter():
    prose = "Black King on K R sq. White King on K X 5"
    e = error(prose)
    assert e.column == prose.index("X") + 1
    assert "a file (R, Kt or B)" in e.expected and "a rank (1 to 8, sq or ’s)" in e.expected


def test_rank_out_of_range():
    prose = "Black King on K R sq. White King on K B 9"
    e = error(prose)
    assert e.column == prose.index("9") + 1
    assert "a rank (1 to 8, sq or ’s)" in e.expected


def test_not_a_man():
    prose = "Black King on K R sq. White Prince on K B 6"
    e = error(prose)
    assert e.column == prose.index("Prince") + 1
    assert any(name.startswith("a man (King, Queen") for name in e.expected)


def test_set_up_may_not_end_with_and():
    prose = "Black King on K R sq. White King on K B 6, and"
    e = error(prose)
    assert e.column == len(prose) + 1
    assert "found the end of the set-up" in str(e)
    assert "a square (such as K B 6 or Q R sq)" in e.expected


def test_missing_separator():
    prose = "Black King on K R sq. White King on K B 6 white Bishop on K B 5"
    e = error(prose)
    assert e.column == prose.index("white") + 1
    assert "'and'" in e.expected


def test_file_that_does_not_say_which_side():
    prose = "Black King on K R sq. White King on K B 6; white Bishop on B 5."
    e = error(prose)
    assert e.column == prose.index("B 5") + 1
    assert e.expected == ["K B", "Q B"]


def test_two_men_on_one_square():
    prose = "Black King on K R sq; Queen on K R sq. White King on K B 6."
    e = error(prose)
    assert e.column == prose.index("Queen on K R sq") + len("Queen on ") + 1
    assert "h8 is already taken by the black king placed at column 15" in str(e)


def test_colour_missing():
    e = error("King on K R sq.")
    assert e.column == 1 and e.expected == ["a colour (White or Black)"]


def test_kings_must_be_one_a_side():
    assert "one white King, this one has 0" in str(error("Black King on K R sq."))
    assert "one white King, this one has 2" in str(error("Black King on K R sq. White Kings on K B 6 and K B 3."))


def test_pawn_on_the_last_rank():
    prose = "Black King on K R sq; Pawn on K 8. White King on K B 6."
    e = error(prose)
    assert e.column == prose.index("K 8") + 1 and "first or last rank" in str(e)


def test_own_square_of_a_bishop_is_ambiguous():
    prose = "Black King on K R sq. White Bishop on his own square. White King on K B 6."
    e = error(prose)
    assert e.column == prose.index("his own square") + 1


def test_side_to_move_contradicts_a_check():
    prose = "Black King on K R sq. White Queen on K R 7. White King on K B 6. White to move."
    e = error(prose)
    assert e.column == prose.index("White to move") + 1
    assert "black is in check" in str(e)


# --------------------------------------------------------------------------
# Games at odds


ODDS_FENS = {
    "Pawn and Move": "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "Pawn and Two Moves": "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "Odds of Queen’s Knight": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
    "Odds of King’s Knight": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
}


@pytest.mark.parametrize("name, fen", ODDS_FENS.items())
def test_odds_fen(name, fen):
    assert odds_fen(name) == fen


def test_every_odds_in_the_corpus_is_known():
    names = {r.tags["Odds"] for r in corpus_records() if "Odds" in r.tags}
    assert names == set(ODDS_FENS)


@pytest.mark.parametrize("written, name", [
    ("Odds of Queen's Knight", "Odds of Queen’s Knight"),
    ("odds of king's knight", "Odds of King’s Knight"),
    ("Knight", "Odds of Queen’s Knight"),  # "the Knight is usually the Q Kt"
    ("the Knight", "Odds of Queen’s Knight"),
    ("PAWN AND MOVE", "Pawn and Move"),
    ("Pawn and Two Moves:--", "Pawn and Two Moves"),
    ("Rook", "Odds of Queen’s Rook"),
])
def test_odds_names(written, name):
    assert odds(written) is ODDS[name]


def test_unknown_odds_names_what_is_known():
    with pytest.raises(OddsError, match=r"unknown odds 'Pawn and Three Moves': expected one of 'Pawn and Move'"):
        odds_fen("Pawn and Three Moves")


def test_pawn_and_move_examples_need_blacks_kbp_gone():
    # Example 1: 3. Q-R5 ch is check only with Black's K B P removed.
    board = replay(odds_fen("Pawn and Move"), "e4 e6 d4 d5".split())
    board.push_san("Qh5+")
    assert board.is_check()
    assert not _gives_check(replay(chess.STARTING_FEN, "e4 e6 d4 d5".split()).fen(), "Qh5")
    # Example 4 of Pawn and Two Moves: the black Knight goes to K B 2 (f7), the Pawn's square.
    two = odds("Pawn and Two Moves")
    assert two.first_moves == 2 and two.giver == chess.BLACK


def _gives_check(fen: str, san: str) -> bool:
    board = chess.Board(fen)
    return board.gives_check(board.parse_san(san))


def test_pawn_and_two_moves_examples_replay_with_white_moving_twice():
    # Four White moves over three Black ones: White's first two come before Black's first.
    examples = ["e4 d4 e6 Bd3 c5 d5 d6", "e4 d4 e6 c4 c5 d5 d6",
                "e4 d4 d6 f4 e6 Bd3 Ne7", "e4 d4 Nc6 d5 Ne5 f4 Nf7"]
    spec = odds("Pawn and Two Moves")
    for example in examples:
        board = chess.Board(spec.fen)
        sans = example.split()
        for san in sans[:spec.first_moves - 1]:
            board.push_san(san)
            board.push(chess.Move.null())  # Black's turn passes
        for san in sans[spec.first_moves - 1:]:
            board.push_san(san)
        assert board.is_valid()


def test_knight_odds_examples_need_whites_knight_gone():
    # Odds of King's Knight, example 1: 3. Kt-B3 can only be the Queen's Knight, and
    # example 2 castles at move four, possible only with K Kt 1 empty of the Knight that never moved.
    board = replay(odds_fen("Odds of King’s Knight"), "e4 e5 Bc4 Nf6 d3 Bc5".split())
    assert board.is_legal(board.parse_san("O-O"))
    qkt = replay(odds_fen("Odds of Queen’s Knight"), ["e4", "e5"])
    knight_moves = [m for m in qkt.legal_moves if qkt.piece_type_at(m.from_square) == chess.KNIGHT
                    and chess.square_file(m.to_square) in (2, 5) and chess.square_rank(m.to_square) == 2]
    assert [qkt.san(m) for m in knight_moves] == ["Nf3"]  # "Kt-B3" is unambiguous


def test_odds_board_is_a_fresh_board():
    spec: Odds = odds("Odds of King’s Knight")
    board = spec.board()
    board.push_san("e4")
    assert spec.board().fen() == ODDS_FENS["Odds of King’s Knight"]


def test_docstring_examples():
    import doctest

    import notation.parse.chess_setup as setup_module
    import notation.rules.chess.odds as odds_module

    for module in (setup_module, odds_module):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_a_sides_player_in_brackets_of_any_length_before_its_list(replay_text):
    # "White (Mr. Morphy, who gives the odds of the Queen's Knight): K at ...": the bracket after a side's
    # colour names its player and what the book says of him, however long (a bracket of 20 characters at most
    # was read as a list's opening before, and the grammar read none): the list sets up the position.
    text = ('[Game "chess"]\n[Notation "english-descriptive"]\n\n'
            "White (Mr. Morphy, who gives the odds of the Queen's Knight): K at K Kt sq, Q at Q sq, R at K B sq,"
            " P at K R 2.\nBlack (Mr. Thompson): K at K Kt sq, Q at Q sq, P at K R 2.\n\n"
            "1. Q to K 2, Q to Q 5 ch; 2. K to R sq, Q to Q 4 ch.\n")
    (g,) = replay_text(text)
    assert g.start.startswith("3q2k1/7p/8/8/8/8/7P/3Q1RK1 w")
    assert [m.normalized for m in g.moves] == ["Qe2", "Qd4+", "Kh1", "Qd5+"], [d.message for d in g.diagnostics]


@pytest.mark.parametrize("lists", [
    "White: King at K B 6, Rook at Q R sq.\nBlack: King at K R sq.",
    "White: K. at K. B. 6th; R. at Q. R. sq.\nBlack: K. at K. R. sq.",
])
def test_a_piece_list_with_the_mens_names_in_full_or_the_ranks_as_ordinals_sets_up_the_ending(replay_text, lists):
    # Each was "the moves start from a diagram the text does not give": a man's name in full was no man on a square
    # to the list's finder, and "6th" no rank to the grammar.
    text = f'[Game "chess"]\n\nEnding No. 3.\n\n{lists}\n\nWhite to play and mate in two moves.\n\n' \
           "1. K-B7, K-R2; 2. R-R sq mate.\n"
    (g,) = replay_text(text)
    assert g.start.startswith("7k/8/5K2/8/8/8/8/R7 w") and g.status == "ok"
    assert [m.normalized for m in g.moves] == ["Kf7", "Kh7", "Rh1#"]


#: A problem set from a piece list (White K h4, Q e5, R d3; Black K f1, N h8, P b5): a mate in two whose only key is
#: Kg3 (Nf7, Ng6, b4 met by Rd1#, Kg1 by Qe1#).
PROBLEM = ('[Game "chess"]\n\nPROBLEM No. 5.\n\nWhite: K at K R 4; Q at K 5; R at Q 3.\n'
           "Black: K at K B 8; Kt at K R sq; P at Q Kt 4.\n\nWhite to play and mate in two moves.\n\n")


@pytest.mark.parametrize("key, mates", [("K-Kt3", True), ("Q-K4", False)])
def test_a_problems_key_is_checked_against_its_stipulation(replay_text, key, mates):
    # The stipulation was proved of the start position, but the printed key not: a wrong key ("1. Q-K4": Nf7 and no
    # mate follows) read `ok`, nothing said. The key claims a mate in N - 1 more against every defence.
    (g,) = replay_text(PROBLEM + f"      WHITE.            BLACK.\n1. {key}               1. Any move\n"
                       "2. Mates accordingly.\n")
    [claim] = [c for c in g.claims if c.ply == 1 and c.claimed == "mate in 1"]
    assert (claim.what, claim.ok, claim.how) == ("mate", mates, "search")
    assert claim.reason.startswith("proved: ") if mates else claim.reason == "Nf7 escapes"
    # (Said once: "Mates accordingly" after every reply is the key's claim refuted.)
    assert [d.code for d in g.diagnostics if d.severity != "info"] == ([] if mates else ["wrong-claim"])
    # The key checked where no words after it claim anything: a wrong one said, naming the defence that escapes.
    (g,) = replay_text(PROBLEM + f"Solution: 1. {key}!\n")
    wrong = [d for d in g.diagnostics if d.code == "wrong-claim"]
    if mates:
        assert not wrong and [c.ok for c in g.claims if c.ply == 1] == [True]
    else:
        [said] = wrong
        assert said.severity == "warning" and (said.line, said.column, said.ply) == (10, 14, 1)
        assert "after the key Qe4" in said.message and "Nf7 escapes" in said.message


#: A solution's heading run into its key move's number by a dash or a colon, each form the books print.
HEADED_SOLUTIONS = [
    ("SOLUTION.--", "1. K-Kt3!"),
    ("SOLUTION.--", "1. K-Kt3! Any move. 2. Mates accordingly."),
    ("Solution.—", "1. K-Kt3!"),
    ("_Solution._--", "1. K-Kt3!"),
    ("Answer.--", "1. K-Kt3! Any move. 2. Mates accordingly."),
    ("Solution by J. B.: ", "1. K-Kt3!"),
    ("Solution by the author.--", "1. K-Kt3! Any move. 2. Mates accordingly."),
]


@pytest.mark.parametrize("heading, moves", HEADED_SOLUTIONS)
def test_a_solution_run_into_its_heading_is_read(replay_text, heading, moves):
    # "SOLUTION.--1. K-Kt3!" was prose ("no move reading begins the line") and the record "no move could be read":
    # the layout reader cut a lead-in at its colon only, the dash the decoder's alone. Read as "Solution: 1. ..." is,
    # the key checked against the stipulation.
    (g,) = replay_text(PROBLEM + heading + moves + "\n")
    assert [(m.normalized, m.line, m.column) for m in g.moves] == [("Kg3", 10, len(heading) + 4)]
    assert g.status == "ok" and [d.code for d in g.diagnostics if d.severity != "info"] == []
    keys = [c.ok for c in g.claims if c.ply == 1]
    assert keys and all(keys)
    # A wrong key under the same heading is read and said wrong, not left as prose.
    (g,) = replay_text(PROBLEM + heading + moves.replace("K-Kt3", "Q-K4") + "\n")
    assert [m.normalized for m in g.moves] == ["Qe4"]
    assert [d.code for d in g.diagnostics if d.severity != "info"] == ["wrong-claim"]


@pytest.mark.parametrize("heading, layout", [("SOLUTION.--", True), ("Answer.--", True), ("_Solution._--", True),
                                             ("Solution by J. B.—", True), ("Ruy Lopez.—", False),
                                             ("GAME 3.--", False)])
def test_a_heading_run_into_move_one_is_cut_alike_by_both_readers(heading, layout):
    # One rule (notation.parse.HEADING_DASH): the decoder's words end at the dash, and the layout reader's lead-in
    # there too after a solution's label; another heading's score it leaves to the decoder, which reads the named
    # lines after it back to their branch.
    from notation.decode.lattice import tokens
    from notation.parse.chess_layout import lead_in

    line = heading + "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3."
    assert lead_in(line) == (len(heading) if layout else None)
    first = next(t for t in tokens(line) if t.number is not None)
    assert (first.number, first.start) == (1, len(heading))


@pytest.mark.parametrize("solution", [
    "SOLUTION.--1. K-Kt3! If 1. ... Kt-B2, Kt-Kt3 or P-Kt5, 2. R-Q sq mate. If 1. ... K-Kt8, 2. Q-K sq mate.",
    "Solution: 1. K-Kt3, Kt-B2 (or Kt-Kt3, or P-Kt5); 2. R-Q sq mate. If 1. ..., K-Kt8; 2. Q-K sq mate.",
])
def test_defences_listed_with_or_each_share_the_mate_after_them(replay_text, solution):
    # "Kt-B2, Kt-Kt3 or P-Kt5, 2. R-Q sq mate": each defence is a line of its own with the mate after it. Read as one
    # line, the second defence was an alternative with no reply and the third left out (an error, or prose said as
    # info with the record `ok`).
    (g,) = replay_text(PROBLEM + solution + "\n")
    assert [m.normalized for m in g.moves] == ["Kg3", "Nf7", "Rd1#"]
    lines = sorted([m.normalized for m in v.moves] for v in g.variations if v.branch_ply == 2)
    assert lines == [["Kg1", "Qe1#"], ["Ng6", "Rd1#"], ["b4", "Rd1#"]], [d.message for d in g.diagnostics]
    assert g.status == "ok" and not [d for d in g.diagnostics if d.code == "prose"]
    # Each shared mate is checked after its own defence.
    assert [c.ok for c in g.claims if c.what == "mate" and c.claimed == "mate"] == [True] * 4


@pytest.mark.parametrize("key, escapes", [("K-Kt3", None), ("Q-K4", "Nf7")])
def test_a_number_behind_the_line_after_a_mate_is_the_next_defence(replay_text, key, escapes):
    # "1. ... K-Kt8; 2. Q-K sq mate. 1. ... Kt-B2; 2. R-Q sq mate.": the second "1. ..." was read as a move after the
    # mate ("'Kt-B2' is not a legal move for black"). No move follows a mate: it is the next defence, a variation at
    # Black's first move.
    (g,) = replay_text(PROBLEM + f"SOLUTION.--1. {key} (threatening 2. R-Q sq mate). 1. ... K-Kt8; 2. Q-K sq mate. "
                       "1. ... Kt-B2; 2. R-Q sq mate. 1. ... Kt-Kt3; 2. R-Q sq mate.\n")
    assert [m.normalized for m in g.moves][1:] == ["Kg1", "Qe1#" if escapes is None else "Qe1+"]
    lines = sorted([m.normalized for m in v.moves] for v in g.variations if v.branch_ply == 2)
    if escapes is None:
        assert g.moves[0].normalized == "Kg3" and lines == [["Nf7", "Rd1#"], ["Ng6", "Rd1#"]]
        assert g.status == "ok" and [d.code for d in g.diagnostics if d.severity != "info"] == []
    else:  # a wrong key: read all the same, the defence that escapes named, its false mates said
        assert g.moves[0].normalized == "Qe4" and [line[0] for line in lines] == ["Nf7", "Ng6+"]
        [wrong] = [d for d in g.diagnostics if d.code == "wrong-claim"]
        assert f"{escapes} escapes" in wrong.message and g.status == "error"
        assert not [d for d in g.diagnostics if "'Kt-B2' is not a legal move" in d.message]


@pytest.mark.parametrize("solution", [
    "SOLUTION.--1. K-Kt3! White threatens R-Q sq mate. If Black plays Kt-B2 or Kt-Kt3, R-Q sq mates; if K-Kt8, "
    "Q-K sq mates.",
    "SOLUTION.--1. K-Kt3! If Black plays Kt-B2 or Kt-Kt3, R-Q sq mates; if K-Kt8, Q-K sq mates.",
])
def test_a_solution_told_in_words_numbers_its_moves_from_the_problem(replay_text, solution):
    # "If Black plays Kt-B2 or Kt-Kt3, R-Q sq mates; if K-Kt8, Q-K sq mates.": the unnumbered moves were read as
    # one game after the key (K-Kt3 taken for Kg4 to fit them, its mates false). The key's number makes the moves a
    # score (a problem's solution), and after a mate the words before the next move take it back to the defence:
    # Black's first move, the reply White's second.
    (g,) = replay_text(PROBLEM + solution + "\n")
    assert [m.normalized for m in g.moves] == ["Kg3", "Nf7", "Rd1#"]
    lines = sorted([m.normalized for m in v.moves] for v in g.variations if v.branch_ply == 2)
    defences = [["Kg1", "Qe1#"], ["Ng6", "Rd1#"]]
    assert lines == (sorted([["--", "Rd1#"], *defences]) if "threatens" in solution else defences)
    assert g.status == "ok" and [d.code for d in g.diagnostics if d.severity != "info"] == []
    marks = [c for c in g.claims if c.what == "mate" and c.claimed == "mate"]
    assert len(marks) >= 3 and all(c.ok for c in marks)
    # A wrong key in the same words is read and said wrong, the defence that escapes named.
    (g,) = replay_text(PROBLEM + solution.replace("K-Kt3", "Q-K4") + "\n")
    assert g.moves[0].normalized == "Qe4"
    [wrong] = [d for d in g.diagnostics if d.code == "wrong-claim"]
    assert "Nf7 escapes" in wrong.message


@pytest.mark.parametrize("solution", ["Solution: 1. K-Kt3, Kt-B2; 2. R-Q sq mates.",
                                      "Solution: 1. K-Kt3! If 1. ... Kt-B2 or Kt-Kt3, 2. R-Q sq mates; if 1. ... K-Kt8, "
                                      "2. Q-K sq mates."])
def test_mates_after_a_move_is_its_mate_mark(replay_text, solution):
    # "2. R-Q sq mates." was a move that gives mate "and the text does not say so" (missed-mate), or its defences'
    # lines were lost (the main line's 2. Qe1+ after Nf7).
    (g,) = replay_text(PROBLEM + solution + "\n")
    assert [m.normalized for m in g.moves] == ["Kg3", "Nf7", "Rd1#"] and g.status == "ok"
    assert [d.code for d in g.diagnostics if d.severity != "info"] == []
    marks = [c for c in g.claims if c.what == "mate" and c.claimed == "mate"]
    assert marks and all(c.ok for c in marks)


@pytest.mark.parametrize("square, mates", [("Q sq", True), ("Q 7", False)])
def test_a_threat_in_brackets_after_the_key_is_checked(replay_text, square, mates):
    # "(threat: 2. R-Q sq mate)" was the key's remark, its move neither read nor said.
    (g,) = replay_text(PROBLEM + f"Solution: 1. K-Kt3! (threat: 2. R-{square} mate)\n")
    assert [m.normalized for m in g.moves] == ["Kg3"] and g.moves[0].comment == f"threat: 2. R-{square} mate"
    [threat] = [c for c in g.claims if c.what == "threat"]
    assert threat.ply == 1 and threat.ok is mates
    assert [d.code for d in g.diagnostics if d.severity != "info"] == ([] if mates else ["false-threat"])


def test_a_threat_in_brackets_before_the_defences_is_the_keys_side_after_a_pass(replay_text):
    # "(threatening R-Q sq mate)" before "If ...": the Rook's move was read as another key, 1. Rd1+, its mate false.
    (g,) = replay_text(PROBLEM + "Solution: 1. K-Kt3! (threatening R-Q sq mate). If 1. ... K-Kt8, 2. Q-K sq mate.\n")
    assert [m.normalized for m in g.moves] == ["Kg3", "Kg1", "Qe1#"] and g.status == "ok"
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in g.variations] == [(2, ["--", "Rd1#"])]


#: Each way a side's list opens that a sentence before an ending's moves prints, with White K e1, R h1 and Black K e5
#: (Black's "K 4" counted from his side).
SENTENCE_FORMS = [
    "White, King at K 1, Rook at K R 1; Black, King at K 4.",  # a colour and a comma open a side's list
    "White, K at K1, R at KR1; Black, K at K4.",
    "White has his King at K sq and Rook at K R sq; Black his King at K 4.",  # "has"; the verb left out after
    "White has a King at K sq and a Rook at K R sq; Black has a King at K 4.",
    "White: K on K sq., R on K R sq. Black: K on K 4.",  # the abbreviation's stop before the comma
    "White--King at K square; Rook at King's Rook's square. Black--King at King's fourth.",  # ordinals in words
    "The White King at K sq, the White Rook at K R sq, and the Black King at K 4.",  # each man's colour, an article
]
ENDING = ("1. K-Q2 K-Q5 2. R-KR4 ch K-K4 3. K-Q3 K-Q4 4. R-KR5 ch K-K3 5. K-Q4 K-Q3 6. R-KR6 ch K-K2 7. K-K5 K-KB2 "
          "8. K-KB5 K-KKt2 9. R-QR6 K-KB2 10. R-QR7 ch K-K1 11. K-K6 K-Q1 12. R-KR7 K-QB1 13. K-Q6 K-QKt1 "
          "14. K-QB6 K-QR1 15. K-QKt6 K-QKt1 16. R-KR8 mate\n")


@pytest.mark.parametrize("prose", SENTENCE_FORMS)
def test_each_form_of_a_sides_list_in_a_sentence_reads(prose):
    # Each was an error in the grammar ("expected ... found ','", "found 'fourth.'") or read as no list at all.
    assert setup_fen(prose) == "8/8/8/4k3/8/8/8/4K2R w K - 0 1"


@pytest.mark.parametrize("words, rank", [("K at K B sixth", 6), ("K at K B 6th", 6), ("K at King's fourth", 4),
                                         ("K at his third square", 3)])
def test_a_rank_as_an_ordinal_in_words_or_figures(words, rank):
    (placement,) = parse_setup(f"White: {words}.").placements
    (square,) = placement.locations
    assert square.rank == rank


@pytest.mark.parametrize("prose", SENTENCE_FORMS + ["White King on K 1, Rook on K R 1; Black King on K 4."])
def test_an_endings_position_in_a_sentence_sets_up_its_moves(replay_text, prose):
    # The first two and the third's "has" were no set-up to the finder: the moves were replayed, ok, on a set-up
    # reconstructed from them (8/8/8/8/2k5/7R/8/2K5), not the book's position.
    (g,) = replay_text(f"SIMPLE ENDINGS\n\nTake the following position: {prose}\n\n{ENDING}")
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert g.start.startswith("8/8/8/4k3/8/8/8/4K2R w")
    assert len(g.moves) == 31 and g.moves[-1].normalized == "Rh8#"
    assert not any("reconstruction" in d.message for d in g.diagnostics)


def test_a_position_in_a_sentence_not_read_as_a_set_up_is_said_not_reconstructed(replay_text):
    # Never silent: men named on squares before moves that do not start from the opening, in a form the set-up is
    # not read from, are an error where the reading stops, with what was expected; not an ok replay from a set-up
    # of the reader's own making.
    text = ("SIMPLE ENDINGS\n\nIn the following position the White King is at K sq, his Rook at K R sq; the Black "
            f"King at K 4.\n\n{ENDING}")
    (g,) = replay_text(text)
    assert g.status != "ok"
    (bad,) = [d for d in g.diagnostics if d.code == "bad-setup"]
    assert bad.severity == "error" and (bad.line, bad.column) == (3, 42)
    assert "position printed in prose" in bad.message and "expected 'on', found 'is'" in bad.message
    assert not any("reconstruction" in d.message for d in g.diagnostics)


def test_a_position_whose_words_read_where_no_set_up_begins_is_said(replay_text):
    # The words read as a position, but mid-sentence, where no piece list is looked for: said, not replayed from a
    # reconstruction.
    text = f"SIMPLE ENDINGS\n\nAs the book has it, White, King at K 1, Rook at K R 1; Black, King at K 4.\n\n{ENDING}"
    (g,) = replay_text(text)
    (bad,) = [d for d in g.diagnostics if d.code == "bad-setup"]
    assert g.status != "ok" and (bad.line, bad.column) == (3, 21) and "not where a set-up is read" in bad.message
