"""``notation convert`` of chess: every format written from the boards the replay made the moves on.

A writer that replays a game's moves itself from its own start writes another game, or fails
inside python-chess, where the replay went on on a set-up of its own (after lost moves), from a
set-up's move number, on a variant's board; and a move a notation cannot print is a clear error
naming the record's line, never an AssertionError.
"""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest
from click.testing import CliRunner

from notation.cli import cli
from notation.rules.chess import FAMILY
from notation.write import CannotWrite
from tests.conftest import replay

#: The moves after a gap in the printed numbers (2 -> 30) do not replay on the board before it: the replay
#: goes on on the smallest set-up they need (a white Queen on g4, the black King on f7: ``lost-moves``).
LOST = '[Game "chess"]\n[Notation "san"]\n1. e4 e5 2. Nf3 Nc6 30. Qh5+ Kg8 31. Qh7+ Kf8\n'
SET_UP = "8/5k2/8/8/6Q1/8/8/6K1 w - - 0 30"


def ucis(game):
    return [m.detail.uci for m in game.moves]


def test_the_move_after_lost_moves_keeps_the_set_up_the_replay_went_on_on():
    (g,) = replay(LOST)
    assert any(d.code == "lost-moves" for d in g.diagnostics)
    assert [m.detail.setup for m in g.moves] == [None] * 4 + [SET_UP, None, None, None]
    assert g.as_json()["moves"][4]["detail"]["setup"] == SET_UP


@pytest.mark.parametrize(("fmt", "text"), [
    ("san", "1. e4 e5 2. Nf3 Nc6 30. Qg4h5+ Kf7g8 31. Qh5h7+ Kg8f8"),
    ("english-descriptive", "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 30. Q(KKt4)-KR5 ch K(KB2)-KKt1 31. Q(KR5)-KR7 ch K(KKt1)-KB1"),
    ("german", "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 30. Dg4-h5+ Kf7-g8 31. Dh5-h7+ Kg8-f8"),
])
def test_moves_after_lost_moves_are_written_from_their_set_up_and_read_back_the_same(fmt, text):
    # Written on the board before the gap, the Queen's move from g4 was no move (an AssertionError in
    # python-chess's SAN, a KeyError in German): each move is written on the board it was made on, the
    # printed number again where the set-up begins, so the text read back is replayed on a set-up too,
    # inferred again from the moves after the gap: the same one, since from there on each move names the
    # square its man comes from (descriptive's short "Q-R5", unique on its board, was read back on the
    # smallest set-up of either wing, the Queen's: another game).
    (g,) = replay(LOST)
    assert FAMILY.write(g, fmt) == text
    (back,) = replay(f'[Game "chess"]\n[Notation "{fmt}"]\n{text}\n')
    assert ucis(back) == ucis(g)
    assert [m.detail.setup for m in back.moves] == [m.detail.setup for m in g.moves]


def test_pgn_stops_at_lost_moves_and_tells_the_rest_from_its_set_up_in_a_comment():
    # A PGN game has one start: the line stops at the gap, the rest is told after the last move before it.
    (g,) = replay(LOST)
    pgn = chess.pgn.read_game(__import__("io").StringIO(FAMILY.write(g, "pgn")))
    assert pgn is not None and [m.uci() for m in pgn.mainline_moves()] == ucis(g)[:4]
    comment = pgn.end().comment
    assert "moves lost here" in comment and SET_UP in comment and comment.endswith("30. Qh5+ Kg8 31. Qh7+ Kf8")


def test_a_score_replayed_on_a_reconstructed_set_up_is_numbered_from_its_first_move():
    # "The score begins at move 17 without the position": written from 17, as the set-up says, not from 1;
    # and after the gap (17 -> 19) from the second set-up. (Young's Minor Tactics, OCR'd, shortened.)
    (g,) = replay("17. KKt-KR5. 17. K B P - K B 4.\n19. Q-KR5ch. 19. K-KKt1.\n")
    assert [d.code for d in g.diagnostics][:2] == ["setup-inferred", "lost-moves"]
    assert FAMILY.write(g, "english-descriptive").endswith("\n\n17. Kt-R5 P-B4 19. Q(KKt4)-KR5 ch K(KB2)-KKt1")
    assert FAMILY.write(g, "san") == '[FEN "6k1/8/5p2/8/8/6N1/8/6K1 w - - 0 17"]\n\n17. Nh5 f5 19. Qg4h5+ Kf7g8'
    assert '[FEN "6k1/8/5p2/8/8/6N1/8/6K1 w - - 0 17"]' in FAMILY.write(g, "pgn")


PASS = '[Event "?"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 --\n3. Bc4 *\n'


def test_a_pass_is_written_where_the_notation_has_one_and_is_a_clear_error_where_not():
    (g,) = replay(PASS, "pass.pgn")
    assert FAMILY.write(g, "san") == "1. e4 e5 2. Nf3 -- 3. Bc4"
    for fmt in ("english-descriptive", "german"):
        with pytest.raises(CannotWrite, match=r"^line 4: '--': a pass \(a null move\).*expected .*san"):
            FAMILY.write(g, fmt)


def test_convert_says_which_record_it_cannot_write_writes_the_others_and_exits_1(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text(PASS + '\n[Event "two"]\n[Result "*"]\n\n1. d4 d5 *\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(path), "--to", "descriptive"])
    assert result.exit_code == 1
    assert "1. P-Q4 P-Q4" in result.output
    assert f"error: {path}:1: cannot write this chess record as 'descriptive': line 4: '--': a pass" in result.output
    assert "Traceback" not in result.output and result.exception is not None
    assert isinstance(result.exception, SystemExit)


CRAZYHOUSE = '[Variant "Crazyhouse"]\n[Result "*"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *\n'


def test_a_variant_game_is_written_on_its_board_and_a_drop_has_no_book_notation():
    # A Crazyhouse start's key has its pockets ("[]"): the writers read it on the variant's board.
    (g,) = replay(CRAZYHOUSE, "zh.pgn")
    assert g.status == "ok" and g.variant == "crazyhouse"
    assert FAMILY.write(g, "san").endswith("4. @d4")
    assert "4. @d4" in FAMILY.write(g, "pgn")
    with pytest.raises(CannotWrite, match=r"^line 4: 'P@d4': pawn dropped on d4 \(Crazyhouse\): descriptive"):
        FAMILY.write(g, "english-descriptive")


CHESS960 = ('[Variant "Chess960"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]\n[Result "*"]\n\n'
            "1. d4 d5 2. Bf4 Bf5 3. Ne3 Ne6 4. O-O-O O-O *\n")


def test_chess960_castling_is_written_by_its_wing():
    # In Chess960 the King "takes" his Rook (e1d1): by its square a King's move, by its wing castling.
    (g,) = replay(CHESS960, "960.pgn")
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert FAMILY.write(g, "english-descriptive").endswith("4. Castles QR Castles")
    assert FAMILY.write(g, "german").endswith("4. 0-0-0 0-0")


def test_a_variation_at_the_move_after_lost_moves_is_replayed_once_on_its_set_up_and_said_in_pgn():
    # The alternative printed at the move after the gap was replayed twice: on the board before the gap (its
    # moves no moves there) and again on the set-up; and PGN hung the set-up's moves on the board before the
    # gap (an AssertionError in python-chess). Once, on the set-up; PGN, with no node for it, says so.
    (g,) = replay(LOST.replace("30. Qh5+ Kg8", "30. Qh5+ (30. Qg7+ Ke6) Kg8"))
    assert [(v.branch_ply, ucis(v)) for v in g.variations] == [(5, ["g4g7", "f7e6"])]
    assert FAMILY.write(g, "pgn").split("\n\n")[1].endswith(
        "31. Qh7+ Kf8 (1 variation printed from there not written: made on that set-up) }\n*")


def start(game):
    from notation.write.chess_moves import start_fen

    return start_fen(game)


def read_back(text, fmt):
    (back,) = replay(f'[Game "chess"]\n[Notation "{fmt}"]\n{text}\n')
    return back


#: Black to move at move 17, with castling rights a set-up in words cannot say (the Rook at h1 may not castle).
SET_UP_17 = '[FEN "r3k2r/ppp2ppp/8/8/8/8/PPPP1PPP/R3K2R b Qkq - 0 17"]\n\n17... O-O-O 18. O-O-O Rd7 *\n'


@pytest.mark.parametrize("fmt", ["san", "english-descriptive", "german"])
def test_a_score_from_a_set_up_is_written_under_it_and_read_back_from_it(fmt):
    # The movetext alone was read back from the opening (or from a set-up inferred from its moves, another
    # position): the set-up goes before it as a tag pair, in full (castling rights, side, move number).
    (g,) = replay(SET_UP_17, "setup.pgn")
    text = FAMILY.write(g, fmt)
    assert text.startswith('[FEN "r3k2r/ppp2ppp/8/8/8/8/PPPP1PPP/R3K2R b Qkq - 0 17"]\n\n17. ...'), text
    back = read_back(text, fmt)
    assert back.status == "ok" and ucis(back) == ucis(g) and start(back) == start(g)


def test_descriptive_sets_up_in_words_where_they_say_it_all():
    # A descriptive score's set-up as the books print it (Foster's words, [SetUp]); the move number is the score's.
    (g,) = replay('[FEN "4k3/8/8/8/8/8/4P3/4K2R b K - 0 30"]\n\n30... Kd7 31. O-O Kc6 *\n', "words.pgn")
    text = FAMILY.write(g, "english-descriptive")
    assert text == ('[SetUp "White men;--King on K sq; Rook on K R sq; Pawn on K 2. Black men;--King on K sq. '
                    'Black to move."]\n\n30. ... K-Q2 31. Castles K-B3')
    back = read_back(text, "english-descriptive")
    assert back.status == "ok" and ucis(back) == ucis(g) and start(back) == start(g)
    assert FAMILY.write(back, "english-descriptive") == text


def test_a_fen_tags_move_number_is_the_written_scores():
    # The start's move number came from a set-up the replay kept, else 1: a PGN from move 17 was written from 1.
    (g,) = replay('[FEN "6k1/8/5p2/8/8/6N1/8/6K1 w - - 3 17"]\n\n17. Nh5 f5 18. Kf2 *\n', "17.pgn")
    assert start(g) == "6k1/8/5p2/8/8/6N1/8/6K1 w - - 3 17"
    assert FAMILY.write(g, "san").endswith("\n\n17. Nh5 f5 18. Kf2")


def test_a_game_at_pawn_and_two_moves_is_written_at_its_odds():
    # Descriptive and German print no pass: the odds say that White makes two moves first (a [FEN] alone
    # read "2. P-Q4" as no move of Black's).
    (g,) = replay('[Game "chess"]\n[Notation "english-descriptive"]\n[Odds "Pawn and Two Moves"]\n\n'
                  "1. P-K4 2. P-Q4 P-K3 3. B-Q3 P-B4\n")
    for fmt in ("san", "english-descriptive", "german"):
        text = FAMILY.write(g, fmt)
        assert text.startswith('[Odds "Pawn and Two Moves"]\n\n1. '), text
        back = read_back(text, fmt)
        # (SAN prints the pass, "--": read back, a null move)
        assert back.status == "ok" and [u for u in ucis(back) if u != "0000"] == ucis(g), (fmt, text)


@pytest.mark.parametrize("fmt", ["english-descriptive", "german"])
def test_chess960_castling_is_read_back_by_its_wing(fmt):
    # Written by its wing ("Castles QR", "0-0-0"), castling was read back by the King's square (c1), where a
    # Chess960 King "takes" his Rook (d1): repaired, or no move.
    (g,) = replay(CHESS960, "960.pgn")
    text = FAMILY.write(g, fmt)
    assert text.startswith('[Variant "Chess960"]\n[FEN "nbbrknrq/')
    back = read_back(text, fmt)
    assert back.status == "ok" and ucis(back) == ucis(g), [d.message for d in back.diagnostics]


def test_pgn_leaves_out_a_variation_where_its_line_stops_and_says_so():
    # Hung after the last move written, a variation is the line's continuation in PGN: read back, its moves
    # were the game's.
    import io

    (g,) = replay('[Event "x"]\n\n1. e4 e5 2. Qa8 (2. Nf3 Nc6) Nc6 *\n', "stop.pgn")
    assert g.moves[2].normalized is None and [m.normalized for m in g.variations[0].moves] == ["Nf3", "Nc6"]
    back = chess.pgn.read_game(io.StringIO(FAMILY.write(g, "pgn")))
    assert back is not None and [m.uci() for m in back.mainline_moves()] == ["e2e4", "e7e5"]
    assert back.end().comment.endswith(
        "(1 variation printed from there not written: no move of its line there to be an alternative to)")


def test_convert_tags_every_record_where_one_needs_tags(tmp_path):
    # A score from a set-up is written under its [FEN]; a record without tags after it was read back as
    # its continuation: each gets a tag block.
    path = tmp_path / "two.pgn"
    path.write_text(SET_UP_17 + '\n[Event "two"]\n\n1. d4 d5 *\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(path), "--to", "descriptive"])
    assert result.exit_code == 0, result.output
    assert '\n\n[Game "chess"]\n\n1. P-Q4 P-Q4' in result.output
    written = tmp_path / "two.txt"
    written.write_text(result.output, encoding="utf-8")
    again = CliRunner().invoke(cli, ["convert", str(written), "--to", "san"])
    assert again.exit_code == 0, again.output
    assert again.output.endswith('[Game "chess"]\n\n1. d4 d5\n')


def test_a_pawns_promotion_in_long_san_reads_with_its_sign():
    # After lost moves SAN names each man's square: a pawn's promotion "c2c1=R" was no move of the grammar's.
    (g,) = replay('[Game "chess"]\n[Notation "san"]\n[FEN "8/8/3k4/8/8/8/2p5/4K3 b - - 0 45"]\n\n45... c2c1=R+ 46. Ke2\n')
    assert g.status == "ok" and ucis(g) == ["c2c1r", "e1e2"]


#: A book's game: a heading naming place, year and players, two columns, the result in words, a note under its letter.
BOOK_GAME = """GAME 5.--Played at Paris, 1858, between Mr. Morphy and Herr Harrwitz.

   WHITE (Mr. Morphy).      BLACK (Herr Harrwitz).
 1. P-K4                    P-K4
 2. Kt-KB3                  P-Q3
 3. P-Q4                    PxP
 4. QxP                     Kt-QB3
 5. B-QKt5                  B-Q2 (a)
 6. BxKt                    BxB
 7. Kt-QB3                  Kt-KB3
 8. B-KKt5                  B-K2
 9. Castles (QR)            Castles

Drawn game.

(a) If 5. ..., P-Q4; 6. PxP.
"""


@pytest.mark.parametrize(("words", "verdict"), [("", ""), (", and White has the better game", "and White has the better game.")])
def test_a_book_game_converts_to_pgn_with_its_heading_its_note_and_its_result(tmp_path, words, verdict):
    path = tmp_path / "game.txt"
    path.write_text(BOOK_GAME.replace("6. PxP.", f"6. PxP{words}."), encoding="utf-8")
    out = CliRunner().invoke(cli, ["convert", str(path), "--to", "pgn"])
    assert out.exit_code == 0, out.output
    pgn = chess.pgn.read_game(io.StringIO(out.output))
    headers = pgn.headers
    assert (headers["White"], headers["Black"], headers["Site"], headers["Date"], headers["Result"]) == \
        ("Morphy", "Harrwitz", "Paris", "1858.??.??", "1/2-1/2")
    node = pgn.next()
    while node.ply() < 10:  # 5... Bd7, the move the note's line replaces
        node = node.next()
    (main, note) = node.parent.variations
    assert main.san() == "Bd7" and note.san() == "d5" and note.next().san() == "exd5"
    assert note.next().comment == verdict  # the author's words after the note's moves end its line
    # The note's words that lead into its moves open its line, not the comment of the game's last move.
    assert note.starting_comment == "(a) If"
    # "Drawn game.", a paragraph of its own, is the game's result (its Result tag), not also the last move's note.
    assert pgn.end().comment == ""


def test_pgn_keeps_a_continuation_after_the_games_end_in_its_last_moves_comment():
    # A note's line after the game's last move ("20 Rxe7+ Resigns. ... 20...Nxe7 21 Qxd7+ ...") is a variation from
    # the final position (issue 29); PGN has no place for a variation after a line's last move (read back, its moves
    # would be the game's): its words stay in the last move's comment, which says why.
    text = ("1 e4 e5 2 Nf3 Nc6 3 Bc4 Bc5 4 b4 Bxb4 5 c3 Ba5 6 d4 exd4 7 O-O d3 8 Qb3 Qf6 9 e5 Qg6 10 Re1 Nge7 11 Ba3 "
            "b5 12 Qxb5 Rb8 13 Qa4 Bb6 14 Nbd2 Bb7 15 Ne4 Qf5 16 Bxd3 Qh5 17 Nf6+ gxf6 18 exf6 Rg8 19 Rad1 Qxf3 "
            "20 Rxe7+ Resigns. Anderssen gives the pleasant line 20...Nxe7 21 Qxd7+ Kxd7 22 Bf5+ Ke8 23 Bd7+ Kf8 "
            "24 Bxe7 mate.\n")
    (g,) = replay(text, "evergreen.txt")
    assert g.status == "ok" and [(v.branch_ply, len(v.moves)) for v in g.variations] == [(40, 8)]
    back = chess.pgn.read_game(io.StringIO(FAMILY.write(g, "pgn")))
    assert back is not None and len(list(back.mainline_moves())) == 39 and not back.end().variations
    assert "20...Nxe7 21 Qxd7+" in back.end().comment and back.end().comment.endswith(
        "(1 variation printed from there not written: a continuation after the line's last move, which PGN cannot "
        "hold)")
