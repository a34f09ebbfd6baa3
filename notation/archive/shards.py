"""Import past one machine: shards read, replayed and written as Parquet in parallel on Dask.

The work is cut into tasks: a file under :data:`SPLIT_BYTES` is one task; a
bigger one is cut into ``shards`` tasks, task ``i`` of ``n`` taking the
records whose index is ``i`` modulo ``n`` (each task reads the file as a
stream and replays only its own records). Each task writes its own part of
every table (:class:`notation.archive.parquet.ShardWriter`). Dask runs the
tasks: on this machine a ``LocalCluster`` of one process per core, or, given
a scheduler address, any Dask cluster whose workers have this package and see
the same files — the same code either way.
"""

from __future__ import annotations

import hashlib
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from notation.model import Game

#: Files at least this big are cut into one task per shard.
SPLIT_BYTES = 2_000_000


@dataclass
class ShardResult:
    """What one task did."""

    part: str
    games: int = 0
    plies: int = 0
    seconds: float = 0.0
    by_status: dict[str, int] = field(default_factory=dict)
    #: Why the file was refused whole (not text), told by its first shard; else ``None``.
    refused: str | None = None
    #: The task's share of its file's bytes (what the import's progress counts).
    bytes: int = 0


def tasks(paths: Iterable[str], shards: int) -> list[tuple[str, int, int]]:
    """(file, shard, of how many) for every task of an import."""
    from notation.records import iter_files  # here: the records' grammar library (Lark) is not for a query

    out: list[tuple[str, int, int]] = []
    for path in iter_files([str(p) for p in paths]):
        n = shards if shards > 1 and os.path.getsize(path) >= SPLIT_BYTES else 1
        out.extend((path, i, n) for i in range(n))
    return out


def import_shard(path: str, shard: int, of: int, folder: str) -> ShardResult:
    """Read, replay and write one task's records (those whose index is ``shard`` modulo ``of``)."""
    from notation.archive.parquet import ShardWriter
    from notation.parallel import bulk_collection, expect
    from notation.pipeline import file_records, process, unreadable_file
    from notation.records import NotText

    started = time.perf_counter()
    name = hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]
    part = f"{Path(path).stem}-{name}-{shard:04d}-of-{of:04d}"
    writer = ShardWriter(folder, part)
    result = ShardResult(part)
    games: Iterator[Game]
    try:
        games = (process(r) for r in file_records(path) if r.index % of == shard)
    except OSError as exc:
        games = iter([process(unreadable_file(path, exc))] if shard == 0 else [])
    except NotText as exc:
        games = iter(())
        result.refused = str(exc) if shard == 0 else None
    result.bytes = os.path.getsize(path) // of if os.path.exists(path) else 0
    # As a worker of the SQLite import does: told its share of the text (chess's compiled kernel is then
    # taken from the first clean game, not after 50,000 plies), the cyclic collector set for a long read.
    expect(result.bytes)
    with bulk_collection():
        for game in games:
            writer.add(game)
            result.by_status[game.status] = result.by_status.get(game.status, 0) + 1
        writer.close()
    result.games, result.plies = writer.games, writer.plies
    result.seconds = time.perf_counter() - started
    return result


#: The local cluster's settings, read as it starts (a remote one keeps its own). Workers forked from this
#: process, which has loaded the task's modules (:func:`_load_task_modules`), not spawned to import them
#: again: about 0.8 s of CPU less a worker. No sampling profiler in the workers (a stack every 10 ms, and no
#: dashboard to show it), the servers' periodic checks rarer, no work stealing (one task a worker): an idle
#: cluster of two workers costs 25-35 ms of CPU a second of wall time instead of 85-120 (docs/benchmarks.md).
FORK = "distributed.worker.multiprocessing-method"
LOCAL_CONFIG = {
    FORK: "fork",
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.scheduler.work-stealing": False,
}


def _load_task_modules(work: list[tuple[str, int, int]] | None = None) -> None:
    """Import what :func:`import_shard` needs (the pipeline, the families' splitters, the Parquet writer) here,
    before the workers are forked, so that each inherits it.

    Given the import's tasks, also read the first task's first record here, told a task's share of its file
    (:func:`notation.parallel.expect`), and replay it, its game thrown away, as the SQLite import works its first
    record before it forks (:func:`notation.parallel.in_workers`): what a replay loads on first use (the
    family's rules and grammar, python-chess's tables, chess's compiled kernel; about 0.3 s of CPU) is then
    loaded once, not again in every worker.
    """
    import notation.archive.parquet  # noqa: F401
    import notation.pipeline  # noqa: F401
    from notation.families import splitters

    splitters()
    if not work:
        return
    from notation.parallel import expect
    from notation.pipeline import file_records, process
    from notation.records import NotText

    path, _, of = work[0]
    try:
        first = next(iter(file_records(path)), None)
    except (OSError, NotText):  # the task says so, as it would have
        return
    if first is not None:
        expect(os.path.getsize(path) // of)
        process(first)


def import_to_parquet(paths: Iterable[str], folder: str, shards: int, scheduler: str | None = None,
                      on_done: Callable[[ShardResult], None] | None = None) -> list[ShardResult]:
    """Import ``paths`` into the Parquet archive ``folder`` on Dask: a local cluster of ``shards``
    worker processes (at most one per core), or the cluster at ``scheduler``.

    ``on_done`` is told of each task's result as it finishes (the import's progress).
    """
    import multiprocessing

    import dask
    from dask.distributed import Client, LocalCluster, as_completed

    work = tasks(paths, shards)
    Path(folder).mkdir(parents=True, exist_ok=True)
    if scheduler:
        client, cluster = Client(scheduler), None
    else:
        workers = max(1, min(shards, os.cpu_count() or 1, len(work)))
        forked = "fork" in multiprocessing.get_all_start_methods()
        with dask.config.set(LOCAL_CONFIG if forked else {**LOCAL_CONFIG, FORK: "spawn"}):
            _load_task_modules(work if forked else None)  # a spawned worker inherits nothing
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(import_shard, *zip(*work), folder=os.path.abspath(folder), pure=False) if work else []
        if on_done is not None:
            for future in as_completed(futures):
                on_done(future.result())
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


# --------------------------------------------------------------------------
# Commands


@click.command("query-parquet")
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@click.option("--position", "text", required=True,
              help="The position, as the family reads a typed one (chess: a FEN, move counters optional, "
                   "or a placement, with or without the side to move).")
@click.option("--family", default="chess", show_default=True, help="The game family of the position.")
@click.option("--limit", type=click.IntRange(min=0), default=None,
              help="Print the first N games only (by file and line); how many reach it is said on stderr.")
def query_parquet(folder: str, text: str, family: str, limit: int | None) -> None:
    """Which games, in every shard of a Parquet archive, reach a position; JSON lines, one a game."""
    import json

    from notation import families
    from notation.archive.parquet import games_reaching

    try:
        found = families.get(family)
        query = found.position_query(text)
    except (KeyError, ValueError) as exc:
        raise click.BadParameter(str(exc), param_hint="--position") from None
    keys = found.query_keys(query)  # a position by the numbers of the keys it can be
    if not keys:
        raise click.BadParameter(f"{query.how}: a Parquet archive is searched by the positions' numbers, "
                                 f"which a {query.form} does not give; give the whole position", param_hint="--position")
    try:
        count, games = games_reaching(folder, [found.position_number(key) for key in keys], limit)
    except FileNotFoundError as exc:
        raise click.ClickException(str(exc)) from None
    # One encoder and one stream for every line (click.echo and json.dumps per line: a fifth more, 56,400 lines).
    encode = json.JSONEncoder(ensure_ascii=False).encode
    sys.stdout.writelines(f"{encode(row)}\n" for row in games)
    sys.stdout.flush()  # before the count on standard error
    if len(games) < count:  # never a silent cut
        click.echo(f"{count:,} games reach the position; the first {len(games):,} shown (--limit {limit})", err=True)


@click.command("load-parquet")
@click.argument("folder", type=click.Path(exists=True, file_okay=False))
@click.option("--db", "db_path", default="archive.db", show_default=True, help="SQLite archive to write.")
@click.option("--where", help="Which games, as a condition on the games table, e.g. \"status = 'ok'\".")
def load_parquet(folder: str, db_path: str, where: str | None) -> None:
    """Load games of a Parquet archive (all, or those matching --where) into SQLite for Datasette."""
    from notation.archive import enable_search
    from notation.archive.parquet import load_sqlite

    added = load_sqlite(folder, db_path, where)
    from notation.archive import Archive

    enable_search(Archive(db_path).db)
    click.echo(f"{db_path}: {added} records added from {folder}", err=True)


COMMANDS = (query_parquet, load_parquet)
