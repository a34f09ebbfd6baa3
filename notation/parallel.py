"""Parallel reading: worker processes parse and replay (:func:`notation.pipeline.process`), the caller stores.

What comes back from the workers is games (:func:`read_games_parallel`), or whatever a caller's
``work`` makes of a chunk of records in the worker (:func:`in_workers`: the archive's rows,
:func:`notation.archive.read_rows_parallel`).
"""

from __future__ import annotations

import gc
import os
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import chain, islice

from notation.model import Game, Record
from notation.pipeline import Keep, Refused, file_records, process, unreadable_file
from notation.records import iter_files

#: Records per task given to a worker: small enough to keep both cores busy to the end.
CHUNK = 100
#: Below this much text, starting worker processes costs more than it saves. Measured on random games
#: (600 bytes each) by CPU, the main process and its workers apart: with two workers the main process
#: spends 0.8 ms a game, the workers 2.2, against 2.65 in one process; so on two free cores a game costs
#: about 1.5 ms of wall time against 2.65, and the workers' first chunk (about 0.2 s) is won back from
#: about 200 games (120 kB). Five hundred kB (about 800 games) leaves a margin for a busy machine.
PARALLEL_BYTES = 500_000


def default_jobs(paths: Iterable[str | os.PathLike[str]]) -> int:
    """Worker processes worth starting for these files: one per core for big imports, else none."""
    return max(1, os.cpu_count() or 1) if input_bytes(paths) >= PARALLEL_BYTES else 1


def input_bytes(paths: Iterable[str | os.PathLike[str]]) -> int:
    """The size of the files (a folder's files) to be read."""
    return sum(os.path.getsize(f) for f in iter_files([str(p) for p in paths]) if os.path.exists(f))


def expect(text: int) -> None:
    """Tell every family that this process is about to read about ``text`` bytes of records (:meth:`Family.expect`)."""
    from notation.families import all_families

    for family in all_families():
        family.expect(text)


def read_games_parallel(paths: Iterable[str | os.PathLike[str]], jobs: int,
                        keep: Keep | None = None, refused: Refused | None = None) -> Iterator[Game]:
    """The games of :func:`notation.pipeline.read_games`, in the same order, replayed by ``jobs`` worker processes.

    The caller (the import) stores them while the workers go on. Records are
    read as a stream and sent to the workers :data:`CHUNK` at a time, at most
    :data:`IN_FLIGHT` chunks per worker ahead of the caller, so memory stays
    flat whatever the size of the file; each game comes back without its
    record (the caller has it). With one job, or where processes cannot be
    forked, this is :func:`notation.pipeline.read_games`. Workers watch this process and exit
    when it dies. Records ``keep`` turns down (already stored) are not replayed; files that
    are not text go to ``refused`` as in :func:`notation.pipeline.read_games`.
    """
    for chunk, games in in_workers(paths, jobs, _replay_chunk, keep, refused):
        for record, game in zip(chunk or [], games):
            game.record = record
            yield game


def in_workers(paths: Iterable[str | os.PathLike[str]], jobs: int, work: Callable[[list[Record]], list],
               keep: Keep | None = None, refused: Refused | None = None
               ) -> Iterator[tuple[list[Record] | None, list]]:
    """(chunk of records, ``work(chunk)``) for every chunk of every file, in order, worked in ``jobs`` processes.

    Once every chunk is handed out, ``(None, [])`` comes before each wait for a worker.
    ``work`` runs in the workers: a module-level function, so that it can be sent to them.
    """
    import multiprocessing

    files = [str(p) for p in paths]
    chunks: Iterator[list[Record]] = (chunk for path in iter_files(files) for chunk in _chunks(path, keep, refused))
    with bulk_collection():
        if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
            expect(input_bytes(files))
            for chunk in chunks:
                yield chunk, work(chunk)
            return
        first = next(chunks, None)
        if first is None:
            return
        # The first record is worked here, before the workers are forked: what it needs (its family's
        # rules, its grammar, python-chess's tables; told a worker's share of the text, what a worker loads
        # for that much, such as chess's compiled kernel) is loaded once and its pages shared, not loaded
        # again in each worker (the kernel's built module: a worker's build or load, once; where numba's
        # JIT compiles it instead, numba and the kernel: about 47 MB of a worker's own memory).
        share = input_bytes(files) // jobs
        expect(share)
        yield first[:1], work(first[:1])
        rest = first[1:]
        if not rest:
            following = next(chunks, None)
            if following is None:  # one record in all: no worker is started
                return
            rest = following
        chunks = chain([rest], chunks)
        gc.freeze()  # what the first record loaded too: out of the collections, its pages shared with the workers
        # Each worker is told its share too: what the first record did not load, a worker loads when it needs it.
        yield from _pooled(chunks, jobs, work, share)


def _pooled(chunks: Iterator[list[Record]], jobs: int, work: Callable[[list[Record]], list], share: int = 0
            ) -> Iterator[tuple[list[Record] | None, list]]:
    """:func:`in_workers`'s chunks worked by ``jobs`` forked processes, at most :data:`IN_FLIGHT` each ahead;
    each is told it will read about ``share`` bytes (:func:`expect`)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # The caller's process (the import's storing one) only receives and stores what the workers make: its
    # young objects are the rows in flight, freed by their counts, so it collects far less often (the
    # workers, forked with the caller's setting, set theirs back: :func:`_worker_start`).
    gc.set_threshold(RECEIVING_GC_THRESHOLD, *gc.get_threshold()[1:])
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                             initializer=_worker_start, initargs=(os.getpid(), share)) as pool:
        pending: deque = deque()
        for chunk in chunks:
            pending.append((chunk, pool.submit(work, chunk)))
            while len(pending) >= IN_FLIGHT * jobs:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            if not future.done():
                yield None, []
            yield done, future.result()


#: Allocations between two collections of the youngest generation during a bulk read (Python's default: 700).
BULK_GC_THRESHOLD = 10_000


#: The same in the process that receives the workers' results (:func:`_pooled`): above what it holds alive at
#: once (a batch of rows being stored and the chunks in flight, about 60,000 objects of the bench's random
#: games), so that rows are freed by their counts without a collection walking them first. Storing the
#: 4,000 random games' rows: 26-27 collections, 0.06-0.07 s of the storing thread's 2.2-2.6 s, at 10,000;
#: none at 100,000. Cycles are still collected, 100,000 objects later.
RECEIVING_GC_THRESHOLD = 100_000


@contextmanager
def bulk_collection() -> Iterator[None]:
    """Python's cyclic garbage collector set for a long import (as it was, after).

    Everything loaded before (modules, grammars) is frozen out of its
    collections (``gc.freeze``: forked workers also leave those pages
    shared), and the youngest generation is collected every
    :data:`BULK_GC_THRESHOLD` allocations: a replay makes many small objects
    and almost no cycles, and full collections walking every long-lived
    object took 5 % of an import. Cycles are still collected, so memory stays flat.
    """
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(BULK_GC_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _chunks(path: str, keep: Keep | None = None, refused: Refused | None = None) -> Iterator[list[Record]]:
    """The file's records that ``keep`` keeps, :data:`CHUNK` at a time; a file that cannot be read is one
    unreadable record, one that is not text goes to ``refused``."""
    try:
        records: Iterator[Record] = file_records(path, refused)
    except OSError as exc:
        yield [unreadable_file(path, exc)]
        return
    if keep is not None:
        records = filter(keep, records)
    while chunk := list(islice(records, CHUNK)):
        yield chunk


#: Chunks given to each worker ahead of the one the caller waits for: 2 keeps the main process of a 5 MB import
#: at 145 MB (152-157 MB with 3), no slower (bench/chess_bench.py --memory 5, 2026-12-02, load 0.2-1).
IN_FLIGHT = 2


def _replay_chunk(records: list[Record]) -> list[Game]:
    games = [process(record) for record in records]
    for game in games:
        game.record = None  # type: ignore[assignment]  # the parent has it: no need to send the text back
    return games


#: Seconds between a worker's checks that the process that started it is alive.
PARENT_CHECK_SECONDS = 0.5


#: How much lower the workers' scheduling priority is than the process that started them (``nice``). That
#: process stores what they read (the import's storing process, which bounds its wall time): where the
#: cores are short it comes first, and the workers take what it leaves. Three busy processes on two
#: cores at one priority share them evenly; at +3 (Linux weighs a task at nice 3 about half one at 0) two
#: workers together weigh what the storing process does, so it keeps a core to itself. (The default import
#: of 4,000 random games on two idle cores, three runs each in turn: 2.87-2.90 s against 2.99-3.00 s at
#: one priority.) Where the workers are the slower side (a book for the decoder), the storing process
#: mostly waits, and they get every core.
WORKER_NICENESS = 3


def _worker_start(parent: int, share: int) -> None:
    """A worker's start: it dies with ``parent``, yields the cores to it (:data:`WORKER_NICENESS`), and
    expects ``share`` bytes of records."""
    die_with_parent(parent)
    gc.set_threshold(BULK_GC_THRESHOLD, *gc.get_threshold()[1:])  # not the receiving process's (:func:`_pooled`)
    os.nice(WORKER_NICENESS)
    expect(share)


def die_with_parent(parent: int) -> None:
    """Worker start: exit as soon as ``parent`` is gone (even killed with ``kill -9``).

    A re-parented worker would otherwise live on with the whole file in memory.
    """
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
