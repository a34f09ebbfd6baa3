"""The smallest set-up a chess score's moves need, where the text gives none (docs/chess.md, "Set-ups").

A score printed from a later move (a fragment) or under a diagram the text only names is replayed
on the smallest set-up its moves need, marked as a reconstruction; where no set-up within the
bounded search makes every move (and its printed check marks) fit, the record keeps its error.
"""

from __future__ import annotations

import json
import re

import chess
import pytest
from datasette.app import Datasette

from notation.archive import Archive
from notation.datasette import metadata_for
from notation.datasette.plugin import start_caption
from notation.details.chess import ChessGameDetail
from notation.model import SourceText
from notation.pipeline import process, split_source
from notation.rules.chess.infer import infer_setup
from notation.rules.chess.notations import NOTATIONS


def games(text: str, notation: str | None = None) -> list:
    tags = f'[Game "chess"]\n[Notation "{notation}"]\n\n' if notation else ""
    return [process(r) for r in split_source(SourceText("page.txt", tags + text))]


def codes(g, severity=None) -> list[str]:
    return [d.code for d in g.diagnostics if severity is None or d.severity == severity]


def test_a_long_algebraic_fragment_from_move_15_is_replayed_on_the_men_its_moves_name():
    (g,) = games("15. Dd2-f4 Sc6-e5 16. Th1-f1 c7-c5\n", "german")
    detail = ChessGameDetail.of(g.detail)
    # Each man on the first square he moves from; each king where no move goes (White's e1, as
    # g1, f1 and h1 are crossed by the rook); move 15, White to move.
    fen = "6k1/2p5/2n5/8/8/8/3Q4/4K2R w - - 0 15"
    assert detail.setup_inferred is True and detail.setup == fen and g.start == fen.rsplit(" ", 2)[0]
    assert g.status == "ok" and codes(g) == ["setup-inferred"]
    (d,) = g.diagnostics
    assert d.severity == "info" and "move 15." in d.message and fen in d.message and (d.line, d.column) == (4, 5)
    assert [m.normalized for m in g.moves] == ["Qf4", "Ne5", "Rf1", "c5"]
    assert detail.fragment_from is None and not any(m.detail.fragment for m in g.moves)


def test_a_capture_takes_a_man_placed_for_it_and_blacks_first_move_says_black_moves():
    (g,) = games("22. ... Lc8-g4 23. Sf3-e5 Lg4-d1:\n", "german")
    board = chess.Board(ChessGameDetail.of(g.detail).setup)
    assert board.turn == chess.BLACK and board.fullmove_number == 22
    # The man taken on d1 is a placeholder: a knight on the back rank (a pawn off it).
    assert board.piece_at(chess.D1) == chess.Piece(chess.KNIGHT, chess.WHITE)
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["Bg4", "Ne5", "Bxd1"]


def test_a_san_fragment_takes_each_man_from_a_square_his_kind_reaches_the_target_from():
    (g,) = games("20. Nf3 Nc6 21. Bb5 a6 22. Bxc6 dxc6 23. Nd4\n")
    detail = ChessGameDetail.of(g.detail)
    assert g.status == "ok" and detail.setup_inferred and codes(g) == ["setup-inferred"]
    board = chess.Board(detail.setup)
    assert board.piece_type_at(chess.C6) is None and board.fullmove_number == 20
    # The knight that takes on c6's neighbour later comes from where it went: one knight, not two.
    assert len(board.pieces(chess.KNIGHT, chess.WHITE)) == 1
    assert [m.normalized for m in g.moves] == ["Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "Nd4"]


def test_castling_in_a_fragment_puts_king_and_rook_at_home_with_the_right():
    (g,) = games("15. 0-0 Sc6-e5 16. Tf1-e1 0-0-0\n", "german")
    assert ChessGameDetail.of(g.detail).setup == "r3k3/8/2n5/8/8/8/8/4K2R w Kq - 0 15"
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["O-O", "Ne5", "Re1", "O-O-O"]


def test_a_king_no_move_names_is_placed_out_of_check_and_shielded_from_a_line_piece():
    parsed = NOTATIONS["german"].parse(split_source(SourceText("p.txt", "10. Lb3-d5 Sc6-e5\n"))[0])
    board = infer_setup(parsed.line, NOTATIONS["german"])
    assert board is not None and board.is_valid()
    # Black's king goes to g8, his home side, behind a man of his on f7: the bishop on b3 would check him.
    assert board.king(chess.BLACK) == chess.G8 and board.piece_at(chess.F7) == chess.Piece(chess.PAWN, chess.BLACK)
    assert board.king(chess.WHITE) == chess.G1 and not board.is_check()


def test_the_printed_check_marks_must_agree():
    (g,) = games("30. Th1-h8+ Kg8-g7\n", "german")
    board = chess.Board(ChessGameDetail.of(g.detail).setup)
    assert g.status == "ok" and board.king(chess.BLACK) == chess.G8 and [m.normalized for m in g.moves] == ["Rh8+", "Kg7"]


def test_a_fragment_whose_moves_admit_no_set_up_keeps_its_error():
    # The knight leaves e7 at move 26 and moves from e7 again at 27.
    (g,) = games("26. Dh5-e2 Se7-g6 27. Kg1-h1 Se7-f6\n", "german")
    assert codes(g, "error") == ["fragment"] and g.status == "error"
    assert ChessGameDetail.of(g.detail).setup_inferred is None and "setup-inferred" not in codes(g)
    # A mate the smallest set-up cannot show: no set-up, the error stays.
    (g,) = games("22. Qf6+ Nxf6 23. Be7#\n")
    assert codes(g, "error") == ["fragment"]


def test_a_diagram_the_text_only_names_is_inferred_from_the_moves_under_it():
    (g,) = games("Diagram 3.\n\nWHITE. BLACK.\n1. R. to K. R's 8th. (ch.)   1. K. to K. Kt's 2d.\n"
                 "2. R. to K. R's 4th.   2. K. to K. B's 3d.\n")
    detail = ChessGameDetail.of(g.detail)
    assert detail.setup_inferred and not detail.setup_missing and "missing-setup" not in codes(g)
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["Rh8+", "Kg7", "Rh4", "Kf6"]
    (d,) = [d for d in g.diagnostics if d.code == "setup-inferred"]
    assert "diagram the text does not give" in d.message


@pytest.mark.asyncio
async def test_the_datasette_board_marks_an_inferred_set_up_as_a_reconstruction(tmp_path):
    (g,) = games("15. Dd2-f4 Sc6-e5 16. Th1-f1 c7-c5\n", "german")
    path = tmp_path / "archive.db"
    archive = Archive(str(path))
    game_id = archive.store(g)
    archive.db.conn.close()
    datasette = Datasette([str(path)], metadata=metadata_for(path))
    await datasette.invoke_startup()
    page = (await datasette.client.get(f"/-/notation/game/{game_id}", follow_redirects=True)).text
    found = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert found is not None
    before = json.loads(found.group(1))["lines"]["0"]["before"]
    assert before["caption"] == "Reconstructed position"
    assert before["note"].startswith("Reconstruction — not the book's diagram")
    # The board before the first move is the set-up inferred, not the opening.
    assert start_caption({}, g.detail.as_json(), g.start)[0] == "Reconstructed position"


def test_a_score_from_move_1_whose_first_move_is_no_move_from_the_opening_gets_the_set_up_it_needs():
    # An ending from move 1 whose diagram the text neither gives nor names: "K. to Q's 2d." is no
    # move from the opening, nor is any near reading of it.
    (g,) = games("KING AND PAWN AGAINST KING.\n\nWHITE. BLACK.\n1. K. to Q's 2d.   1. K. to his 2d.\n"
                 "2. K. to his 3d.   2. K. to his 3d.\n")
    assert ChessGameDetail.of(g.detail).setup_inferred and g.status == "ok"
    assert [m.normalized for m in g.moves] == ["Kd2", "Ke7", "Ke3", "Ke6"]
    (d,) = [d for d in g.diagnostics if d.code == "setup-inferred"]
    assert "no move from the opening" in d.message


def test_a_first_move_no_set_up_explains_is_left_as_the_opening_reads_it():
    # No pawn goes e2-e5 from any set-up: the game is the opening's, with its error.
    (g,) = games("1. e2-e5 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6\n", "german")
    assert not ChessGameDetail.of(g.detail).setup_inferred and g.start.startswith("rnbqkbnr/pppppppp")
    assert "illegal-move" in codes(g, "error") and "setup-inferred" not in codes(g)


def test_a_line_piece_placed_where_a_king_castles_through_is_shielded():
    # "24. Td1-e1" puts a rook on d1, where it would attack d8, which Black's king crosses as he
    # castles long at move 22: a man of his on the d-file stands between (page-148's Evans game).
    (g,) = games("22. Kg1-h1 0-0-0 23. Lc4-f7: Th8-g8 24. Td1-e1 Kc8-b8\n", "german")
    board = chess.Board(ChessGameDetail.of(g.detail).setup)
    assert g.status == "ok" and [m.normalized for m in g.moves] == ["Kh1", "O-O-O", "Bxf7", "Rhg8", "Re1", "Kb8"]
    shield = [board.piece_at(s) for s in chess.SquareSet(chess.between(chess.D1, chess.D8))]
    assert chess.Piece(chess.PAWN, chess.BLACK) in shield
