"""English checkers rules: move generation gated by perft, and the laws one by one."""

import pytest

from notation.boards.checkers import BLACK, WHITE, Board, FenError, Move, match_moves

PERFT = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_from_the_opening(depth):
    assert Board.initial().perft(depth) == PERFT[depth - 1]


def moves(fen):
    return sorted((str(m) for m in Board.from_fen(fen).legal_moves()), key=lambda m: [int(x) for x in m.replace("x", "-").split("-")])


def test_men_move_one_square_diagonally_forward():
    assert moves("B:W:B14") == ["14-17", "14-18"]
    assert moves("W:W14:B") == ["14-9", "14-10"]
    # Edge squares have one forward neighbour.
    assert moves("B:W:B12") == ["12-16"]
    assert moves("W:W29:B") == ["29-25"]


def test_kings_move_both_ways_one_square():
    assert moves("B:W:BK14") == ["14-9", "14-10", "14-17", "14-18"]
    assert moves("W:WK14:B") == ["14-9", "14-10", "14-17", "14-18"]


def test_capture_is_compulsory():
    # Black could move 1-5 or 1-6 but must take 10 from 6... here 6 must jump 10.
    assert moves("B:W10:B6,1") == ["6x15"]


def test_capture_sequence_must_be_completed():
    assert moves("B:W15,22:B11") == ["11x18x25"]
    # Two ways on: both are listed, both complete.
    assert moves("B:W15,23,22:B11") == ["11x18x25", "11x18x27"]


def test_crowning_ends_the_move():
    # A man that reaches the king row by a capture stops there; a king would jump on.
    assert moves("B:W26,27:B22") == ["22x31"]
    assert moves("B:W26,27:BK22") == ["22x31x24"]
    assert moves("W:W11:B7,6") == ["11x2"]
    assert moves("W:WK11:B7,6") == ["11x2x9"]
    board = Board.from_fen("W:W11:B7,6")
    (move,) = board.legal_moves()
    assert move.crowned and board.push(move).piece_at(2) == (WHITE, True)
    assert board.push(move).piece_at(7) is None


def test_a_king_may_capture_round_to_its_own_square():
    # Four white men round a diamond: the king jumps all four and lands where it began.
    board = Board.from_fen("B:W18,19,11,10:BK14")
    assert {str(m) for m in board.legal_moves()} == {"14x23x16x7x14", "14x7x16x23x14"}
    after = board.push(board.legal_moves()[0])
    assert after.fen() == "W:W:BK14"


def test_a_side_that_cannot_move_has_lost():
    assert Board.from_fen("B:W:B").is_game_over()
    assert Board.from_fen("B:W1,5:B").is_game_over()  # Black has no pieces
    # Black man on 4 blocked by a white man on 8 backed by 11: no move.
    assert Board.from_fen("B:W8,11:B4").is_game_over()


def test_push_moves_captures_and_switches_sides():
    board = Board.from_fen("B:W15,22:B11")
    after = board.push(board.parse_move("11x25"))
    assert after.fen() == "W:W:B25"
    assert after.turn == WHITE


def test_fen_reads_ranges_one_sided_positions_and_kings():
    assert Board.initial() == Board.from_fen("B:W21-32:B1-12")
    assert Board.from_fen("W:WK3").fen() == "W:WK3:B"
    assert Board.from_fen("B:W21,22,K3:B1,2").pieces() == {
        1: (BLACK, False), 2: (BLACK, False), 3: (WHITE, True), 21: (WHITE, False), 22: (WHITE, False)}
    with pytest.raises(FenError, match="expected the side to move"):
        Board.from_fen("X:W1")
    with pytest.raises(FenError, match="off the board"):
        Board.from_fen("B:W33")


def test_short_capture_notation_matches_every_path_with_those_ends():
    board = Board.from_fen("B:W15,22,16,23:B11")
    # 11x18x25? 11 jumps 15 to 18, then 22 to 25 or 23 to 27; 11 jumps 16 to 20? (16 is 11's other neighbour)
    legal = board.legal_moves()
    assert [str(m) for m in match_moves(legal, [11, 25])] == ["11x18x25"]
    assert [str(m) for m in match_moves(legal, [11, 18, 27])] == ["11x18x27"]
    assert match_moves(legal, [11, 19]) == []
    assert Move((11, 18, 25), (15, 22)).short() == "11x25"
