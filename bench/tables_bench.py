"""Endgame tables: build time, size, and probe speed against python-chess's move generation, one run.

    python3 bench/tables_bench.py [MATERIAL ...] [--dir DIR] [--probes N] [--checkers PIECES]
    python3 bench/tables_bench.py --first-solve [MATERIAL ...] [--warm]

Builds the chess tables named (default KQK KRK KPK, with what they depend
on) in DIR (default a fresh temporary directory; tables already there are
loaded, not rebuilt), reports for each its positions, bytes on disk, build
seconds and passes, checks the known figures (longest mates, KPK counts),
then probes N random positions and times the same positions through
python-chess's legal move generation (``list(board.legal_moves)``): the ratio
says what a probe costs next to generating the moves once. With
``--checkers P`` it does the same for the checkers database of up to P pieces
against the board's own move generator.

With ``--first-solve`` it measures what a new user meets instead: for each
material (default: every one the docs name) ``notation solve "<fen>" --json``
in a fresh process, with an empty tables directory and an empty numba cache
(``--warm``: the cache as it is), the wall and CPU seconds (user + sys of the
process) and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
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


def chess_tables(names: list[str], directory: Path, probes: int, workers: int | None) -> None:
    wanted = [ct.Material.parse(n) for n in names]
    store = ct.Tables(directory, wanted)
    print(f"chess tables in {directory}")
    start = time.perf_counter()
    cpu = time.process_time()
    built = {m: (s, p) for m, s, p in store.build(workers=workers)}
    print(f"built {len(built)} in {time.perf_counter() - start:.1f} s wall, {time.process_time() - cpu:.1f} s CPU "
          f"(load {os.getloadavg()[0]:.1f})")
    print(f"{'table':8} {'positions':>11} {'on disk':>10} {'build s':>8} {'pass 0':>7} {'passes':>7} {'save':>6} "
          f"{'passes':>6}  longest mate (wtm)")
    for m in store.materials:
        table = store.table(m)
        wins = table[0][(table[0] > 0) & (table[0] < ct.LOSS)]
        longest = int(wins.max()) if wins.size else 0
        known = KNOWN_MAX.get(m.name)
        check = "" if known is None else f" (published {known}: {'agrees' if known == longest else 'DIFFERS'})"
        seconds, passes = built.get(m, (None, None))
        phases = "".join(f" {store.timings[m][k]:>{w}.1f}" if m in store.timings else " " * (w + 1)
                         for k, w in (("pass 0", 7), ("passes", 7), ("save", 6)))
        print(f"{m.name:8} {2 * m.size:>11,} {store.path(m).stat().st_size:>10,} "
              f"{'loaded' if seconds is None else f'{seconds:.1f}':>8}{phases} {passes or '':>6}  {longest}{check}")
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


#: One position a material, as the docs show them: what a first ``notation solve`` is timed on.
FIRST_SOLVE = {
    "KPvK": "5k2/8/4PK2/8/8/8/8/8 w - - 0 1",
    "KBNvK": "7k/8/8/8/8/8/8/KBN5 w - - 0 1",
    "KQvKR": "8/8/8/3k4/8/8/2r5/K3Q3 w - - 0 1",
    "KRvKR": "8/8/8/3k4/8/8/2r5/K3R3 w - - 0 1",
    "KRvKP": "8/8/8/8/3k4/8/3p4/K6R w - - 0 1",
    "KQvKP": "8/8/8/8/8/2k5/p7/4K2Q w - - 0 1",
    "KPvKP": "8/5p2/8/8/8/2k5/4P3/4K3 w - - 0 1",
    "KPPvK": "8/8/8/3k4/8/8/2PP4/4K3 w - - 0 1",
    "KRPvK": "8/8/8/4k3/8/8/4P3/R3K3 w - - 0 1",
    "KBvKP": "8/8/8/8/3k4/8/3p4/K6B w - - 0 1",
    "KNPvK": "8/8/8/3k4/8/8/3P4/3NK3 w - - 0 1",
}


def first_solve(names: list[str], warm: bool) -> None:
    root = Path(__file__).resolve().parent.parent
    print(f"first `notation solve --json`, fresh process, empty tables directory, "
          f"{'numba cache as it is' if warm else 'empty numba cache'}; {os.cpu_count()} cores")
    print(f"{'material':8} {'answer':18} {'tables':>6} {'wall s':>7} {'CPU s':>7}  load before/after")
    for name in names:
        fen = FIRST_SOLVE[ct.Material.parse(name).name]
        with tempfile.TemporaryDirectory() as tables, tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, NOTATION_TABLES=tables, PYTHONPATH=str(root))
            if not warm:
                env["NUMBA_CACHE_DIR"] = cache
            load = os.getloadavg()[0]
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            out = subprocess.run([sys.executable, "-m", "notation", "solve", fen, "--json"], env=env,
                                 capture_output=True, text=True, check=True)
            wall = time.perf_counter() - start
            now = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = now.ru_utime - used.ru_utime + now.ru_stime - used.ru_stime
            answer = json.loads(out.stdout)
            said = answer["value"] + (f" in {answer['plies']}" if answer["plies"] else "")
            count = len(list(Path(tables).glob("*.npz")))
            print(f"{name:8} {said:18} {count:>6} {wall:>7.1f} {cpu:>7.1f}  {load:.1f}/{os.getloadavg()[0]:.1f}",
                  flush=True)


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
    parser.add_argument("materials", nargs="*", default=None)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--probes", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=None, help="Tables built side by side (default: one a core).")
    parser.add_argument("--checkers", type=int, default=0, help="Also build the checkers database of up to N pieces.")
    parser.add_argument("--first-solve", action="store_true",
                        help="Time a first `notation solve` of each material in a fresh process and tables directory.")
    parser.add_argument("--warm", action="store_true", help="With --first-solve: keep the numba cache.")
    args = parser.parse_args()
    if args.first_solve:
        first_solve(args.materials or list(FIRST_SOLVE), args.warm)
        return
    args.materials = args.materials or ["KQK", "KRK", "KPK"]
    directory = args.dir or Path(tempfile.mkdtemp(prefix="notation-tables-"))
    chess_tables(args.materials, directory, args.probes, args.workers)
    if args.checkers:
        checkers_tables(args.checkers, directory, args.probes)


if __name__ == "__main__":
    main()
