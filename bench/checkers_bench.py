"""Benchmark: our checkers replay against pydraughts replaying the same games.

Run from the repository root::

    python3 bench/checkers_bench.py            # 300 random games + the corpus
    python3 bench/checkers_bench.py --quick    # 40 games, a smoke run

Figures, all measured in the same run on the same games:

1. replay: every game as a PDN record (``[GameType "21"]``, numbered moves),
   read and replayed by us (grammar, transformer, legality of every move,
   positions, diagnostics: :func:`notation.pipeline.process`), against
   pydraughts (variant ``english``) pushing the same PDN moves
   (``Move(board, pdn_move=...)``) from the same start;
2. the move generator alone: perft from the opening to depth 7 (179,740
   leaves) and 8 (845,931), ours against pydraughts' to depth 6.

The ratio is pydraughts time / our time (goal: at least 20). Timings are
printed, never asserted. The games are seeded random legal games of up to
120 plies, so they have kings and multi-jumps.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from notation.boards.checkers import Board  # noqa: E402
from notation.model import SourceText  # noqa: E402
from notation.pipeline import process  # noqa: E402
from notation.records import split_tagged  # noqa: E402


def random_games(count: int, seed: int = 1, plies: int = 120) -> list[list[str]]:
    """Random legal games from the opening, as lists of PDN moves (full capture paths)."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        board, moves = Board.initial(), []
        for _ in range(plies):
            legal = board.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(str(move))
            board = board.push(move)
        games.append(moves)
    return games


def pdn_record(moves: list[str], index: int) -> str:
    words = []
    for k, move in enumerate(moves):
        if k % 2 == 0:
            words.append(f"{k // 2 + 1}.")
        words.append(move)
    return f'[Event "bench {index}"]\n[GameType "21"]\n' + " ".join(words) + " *\n"


def ours(text: str) -> int:
    plies = 0
    for record in split_tagged(SourceText("bench.pdn", text)):
        game = process(record)
        assert game.status == "ok", game.diagnostics
        plies += len(game.moves)
    return plies


def theirs(games: list[list[str]]) -> int:
    import draughts

    plies = 0
    for moves in games:
        board = draughts.Board(variant="english")
        for move in moves:
            board.push(draughts.Move(board, pdn_move=move))
            plies += 1
    return plies


def timed(fn, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="40 games and perft 6 only")
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    count = 40 if args.quick else args.games
    games = random_games(count)
    text = "\n".join(pdn_record(g, i) for i, g in enumerate(games))
    ours(text[:2000].rsplit("[Event", 1)[0])  # build the grammars once, outside the timing

    t_ours, plies = timed(ours, text)
    t_theirs, plies_theirs = timed(theirs, games)
    assert plies == plies_theirs
    print(f"replay of {count} games, {plies} plies (PDN text in, every move checked):")
    print(f"  ours       {t_ours:8.3f} s  {plies / t_ours:10.0f} plies/s")
    print(f"  pydraughts {t_theirs:8.3f} s  {plies / t_theirs:10.0f} plies/s")
    print(f"  ratio (pydraughts / ours): {t_theirs / t_ours:.1f}x")

    import draughts

    depth = 5 if args.quick else 6
    t_perft_ours, n = timed(Board.initial().perft, depth)

    def their_perft(board, d):
        if d == 0:
            return 1
        total = 0
        for move in board.legal_moves():
            board.push(move)
            total += their_perft(board, d - 1)
            board.pop()
        return total

    t_perft_theirs, n_theirs = timed(their_perft, draughts.Board(variant="english"), depth)
    assert n == n_theirs
    print(f"perft {depth} ({n} leaves): ours {t_perft_ours:.3f} s, pydraughts {t_perft_theirs:.3f} s, "
          f"ratio {t_perft_theirs / t_perft_ours:.1f}x")
    if not args.quick:
        for d in (7, 8):
            t, n = timed(Board.initial().perft, d)
            print(f"perft {d}: {n} leaves in {t:.2f} s (ours)")


if __name__ == "__main__":
    main()
