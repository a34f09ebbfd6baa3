"""Endgame tables: build time, size, and probe speed against python-chess's move generation, one run.

    python3 bench/tables_bench.py [MATERIAL ...] [--dir DIR] [--probes N] [--checkers PIECES]

Builds the chess tables named (default KQK KRK KPK, with what they depend
on) in DIR (default a fresh temporary directory; tables already there are
loaded, not rebuilt), reports for each its positions, bytes on disk, build
seconds and passes, checks the known figures (longest mates, KPK counts),
then probes N random positions and times the same positions through
python-chess's legal move generation (``list(board.legal_moves)``): the ratio
says what a probe costs next to generating the moves once. With
``--checkers P`` it does the same for the checkers database of up to P pieces
against the board's own move generator.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402

from notation.solve import chess_tables as ct  # noqa: E402

#: Published maxima of the distance to mate, White to move, in moves.
KNOWN_MAX = {"KQvK": 10, "KRvK": 16, "KBNvK": 33, "KQvKR": 35, "KBBvK": 19}


def random_boards(store: ct.Tables, materials: list[ct.Material], n: int, seed: int) -> list[chess.Board]:
    rng = random.Random(seed)
    boards = []
    while len(boards) < n:
        m = rng.choice(materials)
        board = chess.Board.empty()
        pieces = [chess.Piece(chess.KING, chess.WHITE), chess.Piece(chess.KING, chess.BLACK)]
        pieces += [chess.Piece(p, chess.WHITE) for p in m.white] + [chess.Piece(p, chess.BLACK) for p in m.black]
        for piece, square in zip(pieces, rng.sample(range(64), len(pieces))):
            board.set_piece_at(square, piece)
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid():
            boards.append(board)
    return boards


def chess_tables(names: list[str], directory: Path, probes: int) -> None:
    wanted = [ct.Material.parse(n) for n in names]
    store = ct.Tables(directory, wanted)
    print(f"chess tables in {directory}")
    print(f"{'table':8} {'positions':>11} {'on disk':>10} {'build s':>8} {'passes':>6}  longest mate (wtm)")
    built = {m: (s, p) for m, s, p in store.build()}
    for m in store.materials:
        table = store.table(m)
        wins = table[0][(table[0] > 0) & (table[0] < ct.LOSS)]
        longest = int(wins.max()) if wins.size else 0
        known = KNOWN_MAX.get(m.name)
        check = "" if known is None else f" (published {known}: {'agrees' if known == longest else 'DIFFERS'})"
        seconds, passes = built.get(m, (None, None))
        print(f"{m.name:8} {2 * m.size:>11,} {store.path(m).stat().st_size:>10,} "
              f"{'loaded' if seconds is None else f'{seconds:.1f}':>8} {passes or '':>6}  {longest}{check}")
        if m.name == "KPvK":
            legal, won = 2 * int((table[0] != ct.ILLEGAL).sum()), 2 * int(((table[0] > 0) & (table[0] < ct.LOSS)).sum())
            print(f"         KPK, White to move, whole board: {legal:,} legal positions, {won:,} won")
    boards = random_boards(store, [m for m in store.materials if m.men >= 3], probes, 1)
    start = time.perf_counter()
    for b in boards:
        store.byte(b)
    probe = time.perf_counter() - start
    start = time.perf_counter()
    for b in boards:
        list(b.legal_moves)
    movegen = time.perf_counter() - start
    print(f"probe: {probes / probe:,.0f} positions/s; python-chess legal moves: {probes / movegen:,.0f} positions/s; "
          f"ratio probe/movegen time {probe / movegen:.2f}")


def checkers_tables(pieces: int, directory: Path, probes: int) -> None:
    from notation.boards.checkers import BLACK, WHITE, Board
    from notation.solve import checkers as ck

    db = ck.Database(directory / "checkers", pieces=pieces)
    start = time.perf_counter()
    built = db.build(ck.all_materials(pieces))
    total = time.perf_counter() - start
    size = sum(db.path(m).stat().st_size for m in db.materials)
    positions = sum(2 * m.size for m in db.materials)
    print(f"checkers database, up to {pieces} pieces: {len(db.materials)} materials, {positions:,} entries, "
          f"{size:,} bytes on disk, built {len(built)} in {total:.1f} s")
    rng = random.Random(2)
    boards = []
    while len(boards) < probes:
        squares = rng.sample(range(1, 33), rng.randint(2, pieces))
        split = rng.randint(1, len(squares) - 1)
        layout = {s: (BLACK if j < split else WHITE, rng.random() < 0.5 or s > 28 or s < 5)
                  for j, s in enumerate(squares)}
        boards.append(Board.from_pieces(layout, turn=rng.choice([BLACK, WHITE])))
    start = time.perf_counter()
    for b in boards:
        db.byte(b)
    probe = time.perf_counter() - start
    start = time.perf_counter()
    for b in boards:
        b.legal_moves()
    movegen = time.perf_counter() - start
    print(f"probe: {probes / probe:,.0f} positions/s; board legal moves: {probes / movegen:,.0f} positions/s; "
          f"ratio probe/movegen time {probe / movegen:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("materials", nargs="*", default=["KQK", "KRK", "KPK"])
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--probes", type=int, default=20_000)
    parser.add_argument("--checkers", type=int, default=0, help="Also build the checkers database of up to N pieces.")
    args = parser.parse_args()
    directory = args.dir or Path(tempfile.mkdtemp(prefix="notation-tables-"))
    chess_tables(args.materials, directory, args.probes)
    if args.checkers:
        checkers_tables(args.checkers, directory, args.probes)


if __name__ == "__main__":
    main()
