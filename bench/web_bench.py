"""Datasette pages: server time of our pages against Datasette's own pages over the same rows, one run.

    python3 bench/web_bench.py [--repeat R]

Imports the whole corpus plus one generated chess game of 120 plies (a
seeded random legal game, written as PGN) into a temporary archive, then
asks Datasette's in-process client (no network: server time only) for each
page ``R`` times and prints the median time. The reference for each of our
pages is the Datasette page that shows the same rows without us: the
replay page of the 120-ply game against ``/archive/moves?game_id=...``
(Datasette's table page of its moves), the games list against the same
table page of the moves of an eight-ply record (the games list is the compact
list a plain request for the table is sent to), the front and books pages
against Datasette's own database page. The target is under 200 ms for the
replay page and the games list.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import chess  # noqa: E402
import chess.pgn  # noqa: E402
from datasette.app import Datasette  # noqa: E402

from notation.datasette import metadata_for, typed_settings  # noqa: E402
from notation.datasette.plugin import compact_games_location  # noqa: E402

PLIES = 120


def long_game(seed: int = 120) -> str:
    """A legal chess game of :data:`PLIES` plies (seeded random moves, checkmate and stalemate avoided)."""
    rng = random.Random(seed)
    while True:
        board = chess.Board()
        while len(board.move_stack) < PLIES:
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if len(board.move_stack) == PLIES:
            break
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"A generated game of {PLIES} plies"
    game.headers["Result"] = "*"
    return str(game) + "\n"


def build(folder: Path) -> Path:
    db = folder / "archive.db"
    pgn = folder / "long.pgn"
    pgn.write_text(long_game(), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "notation", "import", str(ROOT / "corpus"), str(pgn),
                    "--db", str(db), "--quiet"], check=True)
    return db


async def timed(ds: Datasette, path: str, repeat: int) -> float:
    """Median seconds to answer ``path``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = await ds.client.get(path)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, (path, response.status_code, response.text[:300])
    return statistics.median(times)


async def run(db: Path, repeat: int) -> None:
    conn = sqlite3.connect(db)
    long_id, count = conn.execute("SELECT id, move_count FROM games WHERE move_count = ? ORDER BY id DESC",
                                  [PLIES]).fetchone()
    short_id = conn.execute("SELECT id FROM games WHERE family = 'chess' AND move_count = 8").fetchone()[0]
    games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    conn.close()
    ds = Datasette([str(db)], immutables=[str(db)], metadata=metadata_for(db), settings=typed_settings())
    await ds.invoke_startup()
    name = db.stem
    pairs = [
        (f"replay page, {count} plies", f"/-/notation/game/{long_id}", f"/{name}/moves?game_id={long_id}"),
        (f"games list ({games} records, first 100)", compact_games_location(f"/{name}/games", ""),
         f"/{name}/moves?game_id={short_id}"),
        ("front page", "/", f"/{name}"),
        ("books page (every record)", "/-/notation/books", f"/{name}"),
    ]
    for _, ours, reference in pairs:  # warm: templates compiled, families imported, pages cached by SQLite
        await ds.client.get(ours)
        await ds.client.get(reference)
    print(f"{'page':42} {'ours ms':>9} {'Datasette ms':>13} {'ratio':>7}")
    for label, ours, reference in pairs:
        a = await timed(ds, ours, repeat)
        b = await timed(ds, reference, repeat)
        print(f"{label:42} {a * 1000:9.1f} {b * 1000:13.1f} {a / b:7.2f}")
    print(f"(median of {repeat}; reference: Datasette's own table or database page over the same rows)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = build(Path(tmp))
        asyncio.run(run(db, args.repeat))


if __name__ == "__main__":
    main()
