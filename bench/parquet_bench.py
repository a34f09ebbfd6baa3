"""The DuckDB position query over Parquet shards holding the positions of 1,000,000 games.

Importing a million games here would take hours, so the benchmark imports a
real sample once (``--sample`` of chess_bench's seeded random games, through
``notation import --to parquet``: :func:`notation.archive.shards.import_to_parquet`)
and then writes the shards of ``--games`` games by copying the sample's parts,
each copy's games under new hashes (the SHA-256 of the sample game's hash and
the copy's number) and turned round by a shift of its own (copy ``c``'s games
begin at the sample part's game ``c * SHIFT``), in row groups as the writer makes
them. Every position therefore occurs as often as in the sample, times the number
of copies: a position one sample game reaches is reached by ``games / sample``
games, each at another place in its part (as in a real archive: unshifted, they
would all be in the same row group of each part, which a query's bounds on the
games' places narrow to one). The copies' ``positions`` rows are the sample's,
written once (the query does not read that table); each copy's index ``reached``
is the sample part's, its ordinals shifted with the games and sorted again as the
writer sorts them. Both are cached under ``bench/.cache/`` (git-ignored), keyed
by a hash of the writer (the writing half of ``notation/archive/parquet.py``),
so a changed layout builds them again (about 3.2 GB; 5-15 minutes here).

Then :func:`notation.archive.parquet.games_reaching` (what ``notation
query-parquet`` runs) is timed for 20 positions of each kind: often (the most
frequent positions of the sample), rarely (positions one sample game reaches)
and never (legal positions of other random games that no game reaches). Cold:
each query in a fresh process, the shards' pages first dropped from the
operating system's cache (``posix_fadvise(DONTNEED)`` on each file); warm: the
same query again in one process; then the often ones again, the first ``--limit`` games only (what
``query-parquet --limit`` prints). Wall and CPU time are printed with the load.

    python3 bench/parquet_bench.py                        # 1,000,000 games from a 10,000-game sample
    python3 bench/parquet_bench.py --games 100000 --samples 5
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere in the checkout
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import chess  # noqa: E402
from chess_bench import CACHE, pgn_file  # noqa: E402

from notation import families  # noqa: E402
from notation.archive.parquet import TABLES, games_reaching  # noqa: E402


def _layout_version() -> str:
    """A hash of the shards' writer (the module up to its reading half): a changed layout builds the
    cached shards again."""
    text = (ROOT / "notation/archive/parquet.py").read_text(encoding="utf-8")
    return hashlib.sha256(text.partition("# Reading")[0].encode()).hexdigest()[:10]


def _du(folder: Path) -> float:
    """Megabytes of the files under ``folder``."""
    return sum(p.stat().st_size for p in folder.rglob("*.parquet")) / 1e6


def sample_shards(games: int, seed: int) -> Path:
    """The sample's Parquet archive: chess_bench's random games imported as `notation import --to parquet` does."""
    from notation.archive.shards import import_to_parquet

    folder = CACHE / f"parquet-sample-{games}-seed{seed}-{_layout_version()}"
    if folder.exists():
        return folder
    pgn = pgn_file(games, seed)
    tmp = folder.with_suffix(".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    before, started = os.times(), time.perf_counter()
    results = import_to_parquet([str(pgn)], str(tmp), 2)
    after = os.times()
    print(f"  imported the sample: {sum(r.games for r in results):,} games, {sum(r.plies for r in results):,} "
          f"plies in {time.perf_counter() - started:.0f} s ({sum(after[:4]) - sum(before[:4]):.0f} s CPU) "
          f"-> {tmp.name} ({_du(tmp):.0f} MB)")
    tmp.rename(folder)
    return folder


#: Each copy's games turned round by this many more than the last copy's (prime to a part's size: every
#: copy of a part begins at another game).
SHIFT = 1237


def copied_shards(sample: Path, games: int) -> Path:
    """Shards of ``games`` games: the sample's parts copied, each copy's games under new hashes and
    turned round by a shift of its own (its index's ordinals with them)."""
    import pyarrow as pa
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    hashes = pq.read_table(sample / "games", columns=["hash"]).column("hash").combine_chunks()
    copies = max(1, games // len(hashes))
    folder = CACHE / f"parquet-{copies * len(hashes)}-shifted-from-{sample.name.removeprefix('parquet-')}"
    if folder.exists():
        return folder
    from notation.archive.parquet import GAMES_ROW_GROUP, INDEX_ROW_GROUP, part_writer

    tmp = folder.with_suffix(".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    started = time.perf_counter()
    key = {"games": "hash", "moves": "game", "diagnostics": "game"}
    for copy in range(copies):
        new = pa.array([hashlib.sha256(f"{h}:{copy}".encode()).hexdigest() for h in hashes.to_pylist()])
        for table in TABLES:
            if table == "positions" and copy:
                continue  # the copies reach the sample's positions: written once
            for path in sorted((sample / table).glob("*.parquet")):
                part = f"{path.stem}-copy{copy:04d}"
                source = pq.ParquetFile(path)
                count = pq.ParquetFile(sample / "games" / path.name).metadata.num_rows  # the part's games
                shift = copy * SHIFT % count if count else 0
                with part_writer(tmp, table, part) as out:  # the writer's schema and Bloom filters
                    if table == "games":  # turned round: game `shift` first, in row groups as the writer's
                        rows = source.read()
                        rows = pa.concat_tables([rows.slice(shift), rows.slice(0, shift)])
                        column = rows.schema.get_field_index("hash")
                        rows = rows.set_column(column, "hash", pc.take(new, pc.index_in(rows.column(column),
                                                                                       value_set=hashes)))
                        rows = rows.set_column(rows.schema.get_field_index("shard"), "shard",
                                               pa.array([part] * len(rows)))
                        out.write_table(rows, row_group_size=GAMES_ROW_GROUP)
                    elif table == "reached":  # the ordinals with the games, sorted again as the writer sorts
                        rows = source.read()
                        ordinal = pc.add(pc.cast(rows.column("ordinal"), pa.int64()), count - shift)
                        ordinal = pc.if_else(pc.less(ordinal, count), ordinal, pc.subtract(ordinal, count))
                        rows = rows.set_column(rows.schema.get_field_index("ordinal"), "ordinal",
                                               pc.cast(ordinal, pa.int32()))  # (ordinal - shift) modulo count
                        rows = rows.sort_by([("position_id", "ascending"), ("ordinal", "ascending")])
                        out.write_table(rows, row_group_size=INDEX_ROW_GROUP)
                    else:
                        for group in range(source.num_row_groups):  # the writer's own row groups, in order
                            rows = source.read_row_group(group)
                            if table in key:
                                column = rows.schema.get_field_index(key[table])
                                rows = rows.set_column(column, key[table], pc.take(
                                    new, pc.index_in(rows.column(column), value_set=hashes)))
                            out.write_table(rows)
        if copy % 10 == 9:
            print(f"  copied {copy + 1} of {copies} ({time.perf_counter() - started:.0f} s)", flush=True)
    tmp.rename(folder)
    print(f"  wrote {copies} copies of the sample in {time.perf_counter() - started:.0f} s -> {folder.name} "
          f"({_du(folder):.0f} MB)")
    return folder


# --------------------------------------------------------------------------
# The positions asked for


def chosen_positions(sample: Path, n: int, seed: int) -> dict[str, list[str]]:
    """``n`` position keys of each kind: often (the sample's most frequent), rarely (one sample
    game reaches each) and never (legal positions of other random games, reached by none)."""
    import duckdb

    moves = f"read_parquet('{sample}/moves/*.parquet')"
    positions = f"read_parquet('{sample}/positions/*.parquet')"
    con = duckdb.connect()
    counted = f"""SELECT position_id, count(DISTINCT game) AS games FROM {moves} GROUP BY position_id"""
    often = [k for (k,) in con.execute(
        f"""SELECT any_value(p.key) FROM ({counted}) AS c JOIN {positions} AS p ON p.id = c.position_id
            GROUP BY c.position_id, c.games ORDER BY c.games DESC, c.position_id LIMIT {n}""").fetchall()]
    once = sorted(k for (k,) in con.execute(
        f"""SELECT DISTINCT p.key FROM ({counted}) AS c JOIN {positions} AS p ON p.id = c.position_id
            WHERE c.games = 1""").fetchall())
    rng = random.Random(seed)
    rarely = rng.sample(once, n)
    reached = {i for (i,) in con.execute(f"SELECT DISTINCT position_id FROM {moves}").fetchall()}
    from notation.boards.chess import position_key

    chess_family = families.get("chess")
    never: list[str] = []
    while len(never) < n:  # a random game's position some plies in: legal, and (checked) in no game
        board = chess.Board()
        for _ in range(rng.randint(12, 60)):
            moves_now = list(board.legal_moves)
            if not moves_now:
                break
            board.push(rng.choice(moves_now))
        key = position_key(board)
        if chess_family.position_number(key) not in reached:
            never.append(key)
    return {"often": often, "rarely": rarely, "never": never}


def numbers(key: str) -> list[int]:
    """The numbers `notation query-parquet --position KEY` searches for (one for a whole FEN)."""
    found = families.get("chess")
    return [found.position_number(k) for k in found.query_keys(found.position_query(key))]


# --------------------------------------------------------------------------
# Timing


def evict(folder: Path) -> None:
    """Drop the shards' pages from the operating system's cache (these files only): a cold read."""
    for path in folder.rglob("*.parquet"):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


_COLD = """
import json, resource, sys, time
from notation.archive.parquet import games_reaching
folder, ids, limit = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
before, started = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
found, _ = games_reaching(folder, ids, limit)
wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF)
print("result:", json.dumps([wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, found]))
"""


def cold(folder: Path, ids: list[int], limit: int | None) -> tuple[float, float, int]:
    """(wall, CPU, games found) of the query in a fresh process, the shards evicted first."""
    evict(folder)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    out = subprocess.run([sys.executable, "-c", _COLD, str(folder), json.dumps(ids), json.dumps(limit)], env=env, check=True,
                         capture_output=True, text=True).stdout
    wall, cpu, found = json.loads(out.rpartition("result:")[2])  # after DuckDB's progress bar, if it drew one
    return wall, cpu, found


def warm(folder: Path, ids: list[int], limit: int | None) -> tuple[float, float, int]:
    """(wall, CPU, games found) of the query run a second time in this process."""
    games_reaching(folder, ids, limit)
    before, started = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    found, _ = games_reaching(folder, ids, limit)
    wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, found


def command(folder: Path, key: str, *options: str) -> tuple[float, float, int]:
    """(wall, CPU, lines) of the whole `notation query-parquet FOLDER --position KEY`, start-up included."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "notation", "query-parquet", str(folder), "--position", key,
                          *options],
                         env=env, check=True, capture_output=True, text=True).stdout
    wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, len(out.splitlines())


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1_000_000, help="games in the shards (default 1000000)")
    parser.add_argument("--sample", type=int, default=10_000, help="random games imported (default 10000)")
    parser.add_argument("--samples", type=int, default=20, help="positions of each kind (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the games (default 1)")
    parser.add_argument("--limit", type=int, default=100, help="the often positions again, the first N games "
                        "only (default 100)")
    args = parser.parse_args(argv)
    import duckdb

    print(f"parquet benchmark: DuckDB {duckdb.__version__}, {os.cpu_count()} cores, load average {_load()}")
    sample = sample_shards(args.sample, args.seed)
    folder = copied_shards(sample, args.games)
    import pyarrow.parquet as pq

    games = sum(pq.ParquetFile(p).metadata.num_rows for p in (folder / "games").glob("*.parquet"))
    moves = sum(pq.ParquetFile(p).metadata.num_rows for p in (folder / "moves").glob("*.parquet"))
    groups = sum(pq.ParquetFile(p).metadata.num_row_groups for p in (folder / "moves").glob("*.parquet"))
    copies = games // args.sample
    print(f"  shards: {games:,} games, {moves:,} moves in {len(list((folder / 'moves').glob('*.parquet')))} "
          f"files ({groups:,} row groups), {_du(folder):,.0f} MB: {copies} copies of {args.sample:,} imported "
          f"random games under new hashes (the positions repeat as the sample's do, {copies} times)")
    print("  by table: " + ", ".join(f"{table} {_du(folder / table):,.0f} MB" for table in TABLES))
    kinds = chosen_positions(sample, args.samples, args.seed)
    print(f"games_reaching (what `notation query-parquet` runs), {args.samples} positions of each kind; "
          "cold: a fresh process, the shards evicted from the page cache; warm: run again in one process")
    # Every game found, and (often only: fewer are all of them) the first --limit, as `query-parquet --limit` does.
    for kind, keys, limit in [(kind, keys, None) for kind, keys in kinds.items()] + [("often", kinds["often"], args.limit)]:
        for label, how in (("cold", cold), ("warm", warm)):
            runs = [how(folder, numbers(key), limit) for key in keys]
            walls = sorted(r[0] for r in runs)
            cpus = sorted(r[1] for r in runs)
            found = sorted(r[2] for r in runs)
            name = kind if limit is None else f"{kind}, --limit {limit}"
            print(f"  {name} {label}: median {walls[len(walls) // 2]:6.3f} s, worst {walls[-1]:6.3f} s wall; "
                  f"CPU median {cpus[len(cpus) // 2]:6.3f} s, worst {cpus[-1]:6.3f} s; "
                  f"games found {found[0]:,}-{found[-1]:,}; load {_load()}", flush=True)
    for kind, keys, options in [(kind, keys, ()) for kind, keys in kinds.items()] + [
            ("often", kinds["often"], ("--limit", str(args.limit)))]:
        evict(folder)
        wall, cpu, lines = command(folder, keys[0], *options)
        print(f"  the whole command `notation query-parquet --position ... {' '.join(options)}` ({kind}, cold, "
              f"start-up included): {wall:.2f} s wall, {cpu:.2f} s CPU, {lines:,} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
