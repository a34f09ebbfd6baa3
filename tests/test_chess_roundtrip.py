"""Round trips: random legal games written in each notation and read back to the same moves."""

import random

import chess
import pytest

from notation.rules.chess import FAMILY
from tests.conftest import replay

GAMES = 400


def random_game(seed: int, plies: int = 60) -> list[chess.Move]:
    rng = random.Random(seed)
    board = chess.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        board.push(move)
    return moves


def as_game(moves):
    body = " ".join(chess.Board().variation_san(moves).split())
    (g,) = replay(f'[Game "chess"]\n[Notation "san"]\n{body}\n')
    return g


@pytest.mark.parametrize("notation", ["english-descriptive", "german", "san"])
def test_random_games_round_trip(notation):
    for seed in range(GAMES):
        moves = random_game(seed)
        original = as_game(moves)
        text = FAMILY.write(original, notation)
        (back,) = replay(f'[Game "chess"]\n[Notation "{notation}"]\n{text}\n')
        assert [m.detail.uci for m in back.moves] == [m.uci() for m in moves], (seed, text)
        assert back.status == "ok", (seed, text, [d.message for d in back.diagnostics])


def test_pgn_round_trip_keeps_moves_variations_and_result():
    (g,) = replay('[Game "chess"]\n[Notation "english-descriptive"]\n'
                  "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 Or this; 2. P-KB4 PxP\n\n3. B-Kt5 resigns\n")
    pgn = FAMILY.write(g, "pgn")
    (back,) = replay(pgn, path="back.pgn")
    assert [m.normalized for m in back.moves] == [m.normalized for m in g.moves]
    assert [m.normalized for m in back.variations[0].moves] == ["f4", "exf4"]
    assert back.result == g.result == "1-0"


def test_position_keys_are_python_chess_epd_for_every_ply():
    # The replay keeps the key up to date move by move; it must equal python-chess's own.
    for seed in range(60):
        moves = random_game(seed, plies=120)
        g = as_game(moves)
        board = chess.Board()
        for move, stored in zip(moves, g.moves):
            board.push(move)
            assert stored.position == board.epd(en_passant="legal"), (seed, stored.ply)


def test_comments_with_blank_lines_are_written_as_valid_pgn_and_read_back():
    """A blank line ends a PGN game's movetext: a note's blank lines are folded, its words kept."""
    import io

    import chess.pgn

    (game,) = replay('[Event "Notes"]\n\n{Opening note\n\n  more} 1. e4 {first para\n \n\nsecond para} e5 2. Nf3 *\n')
    text = FAMILY.write(game, "pgn")
    movetext = text.split("\n\n", 1)[1]
    assert "\n\n" not in movetext.rstrip("\n") and "\n \n" not in movetext, text
    back = chess.pgn.read_game(io.StringIO(text))
    assert back is not None and not back.errors
    assert [m.uci() for m in back.mainline_moves()] == ["e2e4", "e7e5", "g1f3"]
    assert back.comment == "Opening note\n  more"
    assert back.next().comment == "first para\nsecond para"
    (again,) = replay(text)
    assert [m.normalized for m in again.moves] == ["e4", "e5", "Nf3"] and again.status == "ok"
