"""Big PGN files of seeded random legal games, for the tests that kill, race and serve imports.

The games are made with python-chess (a test oracle here, as in the benchmarks).
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parent.parent


def random_games(count: int, seed: int, plies: int = 60, first: int = 0) -> str:
    """``count`` random legal games of up to ``plies`` plies as PGN, numbered from ``first``."""
    rng = random.Random(seed)
    out = []
    for index in range(first, first + count):
        board = chess.Board()
        words = []
        while len(board.move_stack) < plies and not board.is_game_over():
            if board.turn == chess.WHITE:
                words.append(f"{board.fullmove_number}.")
            words.append(board.san_and_push(rng.choice(list(board.legal_moves))))
        result = board.result()
        out.append(f'[Event "Random game {index}"]\n[White "W{index}"]\n[Black "B{index}"]\n'
                   f'[Result "{result}"]\n\n{" ".join(words)} {result}\n')
    return "\n".join(out)


def write_games(path: Path, count: int, seed: int, first: int = 0) -> Path:
    path.write_text(random_games(count, seed, first=first), encoding="utf-8")
    return path


def notation(*args: str | os.PathLike, **kwargs) -> subprocess.Popen:
    """``notation ARGS`` from this checkout as a child process (its own session, so it can be killed alone)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "notation", *map(str, args)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, **kwargs)


def count(db: Path, sql: str = "SELECT count(*) FROM games") -> int:
    """A count from an archive that may be being written (0 while it does not exist yet)."""
    if not db.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute(sql).fetchone()[0]
        finally:
            conn.close()
    except sqlite3.OperationalError:  # the schema is not made yet
        return 0


def archive_state(db: Path) -> dict:
    """What an archive holds, independent of row ids and of the order records were stored in."""
    conn = sqlite3.connect(db)
    try:
        games = sorted(conn.execute(
            "SELECT hash, status, move_count, error_count, "
            "(SELECT count(*) FROM moves WHERE game_id = games.id), "
            "(SELECT group_concat(p.key, '|') FROM moves m JOIN positions p ON p.id = m.position_id "
            " WHERE m.game_id = games.id ORDER BY m.variation, m.ply) FROM games").fetchall())
        return {
            "games": games,
            "positions": conn.execute("SELECT count(*) FROM positions").fetchone()[0],
            "forms": conn.execute("SELECT count(*) FROM position_forms").fetchone()[0],
            "diagnostics": conn.execute("SELECT count(*) FROM diagnostics").fetchone()[0],
            "searchable": conn.execute("SELECT count(*) FROM games_fts").fetchone()[0],
        }
    finally:
        conn.close()
