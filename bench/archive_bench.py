"""Position search on a big archive: how long "which records reach this position" takes, per key form.

Builds (once, cached under bench/.cache/) an archive of POSITIONS chess
positions, each reached by one move of one of POSITIONS / 50 records, stored
through the same schema, numbers (``position_number``) and search forms
(``form_rows``) as an import; then times the Datasette position search page for a full FEN, a FEN
without counters, the placement and side, and the placement alone. There is
no reference tool for this: the figure is the time per page against the
200 ms the archive promises.

    python3 bench/archive_bench.py                 # 1,000,000 positions
    python3 bench/archive_bench.py --positions 100000
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from pathlib import Path
from urllib.parse import quote_plus

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from datasette.app import Datasette  # noqa: E402

from notation.archive import SCHEMA_VERSION, form_rows, open_db, position_number  # noqa: E402
from notation.datasette import metadata_for  # noqa: E402

CACHE = ROOT / "bench" / ".cache"
PIECES = "pnbrqkPNBRQK"


def random_key(rng: random.Random) -> str:
    """A FEN without counters (placement, side, castling, en passant), as the chess replay stores keys."""
    ranks = []
    for _ in range(8):
        rank, empty = "", 0
        for _ in range(8):
            if rng.random() < 0.3:
                rank += (str(empty) if empty else "") + rng.choice(PIECES)
                empty = 0
            else:
                empty += 1
        ranks.append(rank + (str(empty) if empty else ""))
    return f"{'/'.join(ranks)} {rng.choice('wb')} {rng.choice(['KQkq', 'Kk', '-'])} -"


def build(path: Path, positions: int, seed: int = 15) -> list[str]:
    """The archive at ``path`` (made if missing) and some of its keys."""
    rng = random.Random(seed)
    keys = [random_key(rng) for _ in range(positions)]
    if path.exists():
        return keys
    tmp = path.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    db = open_db(str(tmp))
    conn = db.conn
    started = time.perf_counter()
    numbers = [position_number("chess", key) for key in keys]
    with conn:
        conn.executemany("INSERT INTO positions (id, family, key) VALUES (?, 'chess', ?) ON CONFLICT DO NOTHING",
                         zip(numbers, keys))
        conn.executemany("INSERT INTO position_forms (position_id, form, value) VALUES (?, ?, ?)",
                         form_rows("chess", zip(numbers, keys)))
        games = positions // 50
        conn.executemany("INSERT INTO games (id, hash, family, status, printed, title) "
                         "VALUES (?, ?, 'chess', 'ok', 'synthetic', ?)",
                         ((g, f"h{g}", f"Record {g}") for g in range(1, games + 1)))
        conn.executemany("INSERT INTO moves (game_id, ply, status, position_id, printed) VALUES (?, ?, 'ok', ?, 'x')",
                         ((1 + i % games, 1 + i // games, numbers[i]) for i in range(positions)))
    conn.close()
    tmp.rename(path)
    print(f"  built {positions:,} positions in {time.perf_counter() - started:.0f} s -> {path.relative_to(ROOT)}")
    return keys


async def time_searches(path: Path, keys: list[str], samples: int) -> None:
    datasette = Datasette([str(path)], metadata=metadata_for(path), settings={"sql_time_limit_ms": 2000})
    await datasette.invoke_startup()
    name = path.stem
    rng = random.Random(1)
    await datasette.client.get(f"/-/notation/positions?db={name}&family=chess&key=8/8/8/8/8/8/8/8")  # warm up
    for label, form in (("full FEN (counters)", lambda k: k + " 0 1"), ("FEN without counters", lambda k: k),
                        ("placement and side", lambda k: " ".join(k.split()[:2])),
                        ("placement alone", lambda k: k.split()[0])):
        times = []
        for key in rng.sample(keys, samples):
            started = time.perf_counter()
            response = await datasette.client.get(
                f"/-/notation/positions?db={name}&family=chess&key={quote_plus(form(key))}")
            times.append(time.perf_counter() - started)
            assert response.status_code == 200 and "reach" in response.text, response.text[:300]
        times.sort()
        print(f"  {label:22} median {1000 * times[len(times) // 2]:6.1f} ms   "
              f"worst {1000 * times[-1]:6.1f} ms   ({samples} pages)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=1_000_000)
    parser.add_argument("--samples", type=int, default=20)
    args = parser.parse_args(argv)
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"positions-{args.positions}-schema{SCHEMA_VERSION}.db"
    keys = build(path, args.positions)
    print(f"Position search page on {args.positions:,} positions:")
    asyncio.run(time_searches(path, keys, args.samples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
