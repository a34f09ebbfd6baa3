"""The fast path for clean PGN gives exactly the game the full replay gives, or steps aside."""

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.model import SourceText
from notation.records import split_tagged
from notation.rules.chess import FAMILY, clean
from notation.rules.chess.clean import read_clean


@pytest.fixture(autouse=True, params=["compiled", "python-chess"])
def path(request, monkeypatch):
    """Every test on both replays of the clean path: the compiled kernel's and python-chess's."""
    monkeypatch.setattr(clean, "COMPILED_AFTER", 0 if request.param == "compiled" else 10 ** 18)
    return request.param


def _record(movetext: str, tags: str = '[Event "t"]\n'):
    return split_tagged(SourceText("t.pgn", f"{tags}\n{movetext}\n"))[0]


def _full(record):
    return FAMILY.replay(FAMILY.notations["san"].parse(record)).finish()


def _random_game(rng: random.Random, length: int) -> tuple[chess.Board, list[str]]:
    """A random legal game of up to ``length`` plies: the board after it and its movetext's words."""
    board = chess.Board()
    words: list[str] = []
    while len(board.move_stack) < length and not board.is_game_over():
        if board.turn == chess.WHITE:
            words.append(f"{board.fullmove_number}.")
        words.append(board.san_and_push(rng.choice(list(board.legal_moves))))
    return board, words


def _same(fast, full):
    assert fast.as_json() == full.as_json()
    assert fast.claims == full.claims
    assert fast.diagnostics == full.diagnostics


@pytest.mark.parametrize("movetext", [
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0",
    "1. f3 e5 2. g4 Qh4# 0-1",
    "1. f3 e5 2. g4 Qh4# 1-0",  # a wrong result: the same error as the full replay
    "1. e4 d5 2. e5 f5 3. exf6 e5 *",  # en passant
    "1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Ncb5 *",  # needed disambiguation
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. Re1 O-O *",
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "1. d4 e5 2. d5 e4 3. d6 e3 4. dxc7 exf2+ 5. Kd2 fxg1=N 6. cxd8=Q+ Kxd8 *",
    "1. d4 e6 2. e4 Bb4+ 3. Nc3 Nf6 4. Ne2 *",  # the knight on c3 is pinned: Ne2 needs no file
])
def test_clean_records_replay_as_the_full_replay_does(movetext):
    record = _record(movetext)
    fast = read_clean("san", record)
    assert fast is not None
    _same(fast, _full(record))


@pytest.mark.parametrize("movetext, why", [
    ("1. f3 e5 2. g4 Qh4+ 0-1", "mate printed as check"),
    ("1. f3 e5 2. g4 Qh4 0-1", "mate not marked"),
    ("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0", "missed mate"),
    ("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0", "missed mate"),
    ("1. e4+ *", "false check"),
    ("1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5 *", "ambiguous"),
    ("1. Nge2 *", "illegal"),
    ("1. Nxf3 *", "capture mark on a quiet move"),
    ("1. Ngf3 *", "needless disambiguation"),
    ("1. d4 e6 2. e4 Bb4+ 3. Nc3 Nf6 4. Nce2 *", "a pinned piece moved"),
    ("1. d4 e6 2. e4 Bb4+ 3. Nf3 *", "a move that leaves the king in check"),
    ("1. e4 {best} e5 *", "a comment"),
    ("1. e4 e5 (1... c5) *", "a variation"),
    ("1. e4! e5 *", "an annotation"),
    ("1. e4 ... e5 *", "a word that is no move"),
    ("1. e4 2. e5 *", "the wrong side"),
    ("1. 0-0 *", "castling written with zeros"),
    ("1. e4 e5 * 2. Nf3", "moves after the result"),
])
def test_anything_to_report_goes_to_the_full_replay(movetext, why):
    assert read_clean("san", _record(movetext)) is None, why


def test_set_up_positions_go_to_the_full_replay():
    record = _record("1. e4 *", '[Event "t"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n')
    assert read_clean("san", record) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 160))
def test_random_legal_games_read_the_same_on_both_paths(seed, length):
    rng = random.Random(seed)
    board, words = _random_game(rng, length)
    words.append(rng.choice([board.result(), "*", "1-0"]))
    record = _record(" ".join(words))
    fast = read_clean("san", record)
    assert fast is not None
    _same(fast, _full(record))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120))
def test_a_move_that_leaves_the_king_in_check_is_never_read_on_the_fast_path(seed, length):
    """After a random legal game, a pseudo-legal move that leaves the king in check (a pinned man's,
    a king's into check): the fast path steps aside, or reads the token as the full replay does."""
    rng = random.Random(seed)
    board, words = _random_game(rng, length)
    illegal = [m for m in board.generate_pseudo_legal_moves()
               if not board.is_legal(m) and not board.is_castling(m)]
    if not illegal:
        return
    move = rng.choice(illegal)
    to = chess.square_name(move.to_square)
    capture = board.is_capture(move)
    if board.piece_type_at(move.from_square) == chess.PAWN:
        token = (chess.FILE_NAMES[chess.square_file(move.from_square)] + "x" + to if capture else to)
        token += "=" + chess.piece_symbol(move.promotion).upper() if move.promotion else ""
    else:
        token = chess.piece_symbol(board.piece_type_at(move.from_square)).upper() + ("x" if capture else "") + to
    if board.turn == chess.WHITE:
        words.append(f"{board.fullmove_number}.")
    record = _record(" ".join(words + [token, "*"]))
    fast = read_clean("san", record)
    if fast is not None:
        _same(fast, _full(record))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 120), st.sampled_from("NBRQK"), st.booleans(),
       st.integers(0, 63), st.booleans())
def test_any_piece_to_any_square_reads_as_the_full_replay_reads_it(seed, length, piece, capture, square, aim):
    """After a random legal game, a piece named to any square, with or without a capture mark (legal,
    illegal, ambiguous, onto its own side's man, mismarked; with ``aim``, a piece's pseudo-legal move as
    it is): the fast path steps aside, or reads it as the full replay does."""
    rng = random.Random(seed)
    board, words = _random_game(rng, length)
    pieces = [m for m in board.generate_pseudo_legal_moves(~board.pawns) if not board.is_castling(m)]
    if aim and pieces:
        move = rng.choice(pieces)
        piece = chess.piece_symbol(board.piece_type_at(move.from_square)).upper()
        capture, square = board.is_capture(move), move.to_square
    if board.turn == chess.WHITE:
        words.append(f"{board.fullmove_number}.")
    token = piece + ("x" if capture else "") + chess.square_name(square)
    if aim and pieces and board.gives_check(move):
        board.push(move)
        token += "#" if board.is_checkmate() else "+"
    record = _record(" ".join(words + [token, "*"]))
    fast = read_clean("san", record)
    if fast is not None:
        _same(fast, _full(record))
