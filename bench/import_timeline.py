"""A timeline of the default import: where its wall time exceeds the storing thread's busy time.

Runs what ``bench/chess_bench.py`` times as "notation import" (``read_rows_parallel`` with the default
workers, ``Archive.store_rows`` on a fresh SQLite file, the full-text index, the connection closed) on the
bench's seeded random games, with hooks wrapped around the import's own functions (nothing in
``notation`` is changed), and prints:

- the parent's events by wall time: the import's start, each chunk read from the file (and handed to a
  worker), each chunk's rows received by the storing thread, each batch stored, each step of the tail
  (the moves' position index, the last checkpoint, the search schema, the close), the end;
- each worker's chunks (wall and CPU), its start and exit;
- a summary: the storing thread's busy and idle time before the first batch, between batches and after
  the last rows, and the CPU of every thread of the parent and of each worker.

::

    python3 bench/import_timeline.py                # 4,000 games, the default workers
    python3 bench/import_timeline.py --repeat 3     # three runs, one summary line each, the last in full
    python3 bench/import_timeline.py --cli          # `notation import` in this process (start-up included)

All times are ``time.perf_counter()`` (the system's monotonic clock, the same in every process).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

T_START = time.perf_counter()
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import chess_bench  # noqa: E402

import notation.archive as archive_mod  # noqa: E402
import notation.parallel as parallel  # noqa: E402

CLK_TCK = os.sysconf("SC_CLK_TCK")


def process_start(pid: int | str = "self") -> float:
    """When the process started, on ``perf_counter``'s clock (to 1/CLK_TCK s)."""
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    started = int(fields[19]) / CLK_TCK  # since boot
    with open("/proc/uptime") as handle:
        uptime = float(handle.read().split()[0])
    return time.perf_counter() - (uptime - started)


def schedstat() -> tuple[float, float]:
    """This thread's seconds on a core and seconds runnable but waiting for one (``/proc/thread-self/schedstat``)."""
    with open("/proc/thread-self/schedstat") as handle:
        ran, waited, _ = handle.read().split()
    return int(ran) / 1e9, int(waited) / 1e9


def thread_cpu() -> dict[str, float]:
    """CPU seconds (user + system) of each live thread of this process, by name and id."""
    out: dict[str, float] = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/stat") as handle:
                text = handle.read()
        except OSError:
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        fields = text.rsplit(")", 1)[1].split()
        out[f"{name}[{tid}]"] = (int(fields[11]) + int(fields[12])) / CLK_TCK
    return out


@dataclass
class Timeline:
    """The parent's events and the folder where the workers write theirs."""

    folder: str
    events: list[tuple[float, str, float]] = field(default_factory=list)  # (wall, what, CPU of the thread)
    waits: list[tuple[float, float]] = field(default_factory=list)  # storing thread waiting for rows
    batches: list[tuple[float, float, float, int, float]] = field(default_factory=list)  # start, end, CPU, games,
    # and the time the storing thread was runnable but off the cores
    reads: list[tuple[float, float]] = field(default_factory=list)  # the parent reading a chunk
    results: list[tuple[float, float]] = field(default_factory=list)  # the parent waiting for a chunk's rows
    in_batch: bool = False
    copies: list[tuple[float, float, float]] = field(default_factory=list)  # the checkpoint thread's copies
    manager_cpu: float = 0.0  # the executor's thread
    queued: float = 0.0  # the storing thread runnable but off the cores, in all
    cpu0: float = field(default_factory=time.thread_time)  # the storing thread's CPU at the start
    main_cpu: float = 0.0  # the storing thread's CPU in the import

    def note(self, what: str) -> None:
        self.events.append((time.perf_counter(), what, time.thread_time()))


TL: Timeline | None = None


# --------------------------------------------------------------------------
# Hooks: each wraps one of the import's functions and notes when it ran.


def _worker_note(line: str) -> None:
    assert TL is not None
    with open(os.path.join(TL.folder, f"{os.getpid()}.txt"), "a") as handle:
        handle.write(line + "\n")


def timed_rows_chunk(records: list) -> list:
    """The workers' ``_rows_chunk``, its wall and CPU noted in the worker's file."""
    start, cpu = time.perf_counter(), time.process_time()
    rows = ORIGINAL["rows_chunk"](records)
    _worker_note(f"chunk {start:.6f} {time.perf_counter():.6f} {time.process_time() - cpu:.6f} {len(records)}")
    return rows


def timed_worker_start(parent: int, share: int) -> None:
    """The workers' initializer: their start (process and initializer) and their exit noted."""
    from multiprocessing.util import Finalize

    began = time.perf_counter()
    ORIGINAL["worker_start"](parent, share)
    _worker_note(f"start {process_start():.6f} {began:.6f} {time.perf_counter():.6f}")

    def at_exit() -> None:
        usage = os.times()
        _worker_note(f"exit {time.perf_counter():.6f} {usage.user + usage.system:.6f}")

    Finalize(None, at_exit, exitpriority=100)


def timed_chunks(path: str, *args: Any) -> Iterator[list]:
    """The parent's chunks of records, each one's reading noted."""
    assert TL is not None
    chunks = ORIGINAL["chunks"](path, *args)
    while True:
        start = time.perf_counter()
        chunk = next(chunks, None)
        TL.reads.append((start, time.perf_counter()))
        if chunk is None:
            return
        yield chunk


def timed_result(self: Any, timeout: float | None = None) -> Any:
    """``Future.result`` in the storing thread: how long it waited for a chunk's rows."""
    assert TL is not None
    start = time.perf_counter()
    try:
        return ORIGINAL["result"](self, timeout)
    finally:
        TL.results.append((start, time.perf_counter()))


def timed_store_batch(self: Any, games: list, summary: Any) -> None:
    assert TL is not None
    start, cpu, (_, queued) = time.perf_counter(), time.thread_time(), schedstat()
    TL.in_batch = True
    try:
        ORIGINAL["store_batch"](self, games, summary)
    finally:
        TL.in_batch = False
    TL.batches.append((start, time.perf_counter(), time.thread_time() - cpu, len(games), schedstat()[1] - queued))


def timed_write(self: Any, action: Callable[[], Any]) -> Any:
    assert TL is not None
    if TL.in_batch:  # the batch's own transaction: noted by the batch
        return ORIGINAL["write"](self, action)
    start, cpu = time.perf_counter(), time.thread_time()
    done = ORIGINAL["write"](self, action)
    TL.events.append((start, "write (not a batch) start", cpu))
    TL.note("write (not a batch) end")
    return done


def timed_checkpoints_close(self: Any) -> None:
    assert TL is not None
    TL.note("checkpoints.close.start")
    ORIGINAL["checkpoints_close"](self)
    TL.note("checkpoints.close.end")


def timed_checkpoints_wait(self: Any) -> None:
    assert TL is not None
    start = time.perf_counter()
    ORIGINAL["checkpoints_wait"](self)
    if time.perf_counter() - start > 0.002:
        TL.events.append((start, f"checkpoints.wait {time.perf_counter() - start:.3f}s", time.thread_time()))


def timed_copy(self: Any) -> None:
    """The checkpoint thread's copy of the log: its wall and CPU."""
    assert TL is not None
    start, cpu = time.perf_counter(), time.thread_time()
    ORIGINAL["copy"](self)
    TL.copies.append((start, time.perf_counter(), time.thread_time() - cpu))


def timed_manager_run(self: Any) -> None:
    """The executor's thread (it unpickles the workers' rows in the parent): its CPU."""
    assert TL is not None
    ORIGINAL["manager_run"](self)
    TL.manager_cpu += time.thread_time()


ORIGINAL: dict[str, Any] = {}


def install() -> None:
    """Wrap the import's functions (once)."""
    from concurrent.futures import Future
    from concurrent.futures.process import _ExecutorManagerThread

    if ORIGINAL:
        return
    ORIGINAL.update(rows_chunk=archive_mod._rows_chunk, worker_start=parallel._worker_start,
                    chunks=parallel._chunks, result=Future.result, store_batch=archive_mod.Archive._store_batch,
                    write=archive_mod.Archive._write, checkpoints_close=archive_mod.Checkpoints.close,
                    checkpoints_wait=archive_mod.Checkpoints.wait, copy=archive_mod.Checkpoints._copy,
                    manager_run=_ExecutorManagerThread.run)
    archive_mod.Checkpoints._copy = timed_copy  # type: ignore[method-assign]
    _ExecutorManagerThread.run = timed_manager_run  # type: ignore[method-assign]
    archive_mod._rows_chunk = timed_rows_chunk
    parallel._worker_start = timed_worker_start
    parallel._chunks = timed_chunks
    Future.result = timed_result  # type: ignore[method-assign]
    archive_mod.Archive._store_batch = timed_store_batch  # type: ignore[method-assign]
    archive_mod.Archive._write = timed_write  # type: ignore[method-assign]
    archive_mod.Checkpoints.close = timed_checkpoints_close  # type: ignore[method-assign]
    archive_mod.Checkpoints.wait = timed_checkpoints_wait  # type: ignore[method-assign]


# --------------------------------------------------------------------------
# The run


def run_import(path: Path, folder: str, cli: bool) -> tuple[float, float, dict[str, float], float]:
    """One default import, as the bench times it (or as ``notation import`` runs it). Returns (start, end,
    the parent's threads' CPU, the parent's CPU in all)."""
    assert TL is not None
    db = os.path.join(folder, "bench.db")
    before = os.times()
    queued = schedstat()[1]
    start = time.perf_counter()
    TL.note("import.start")
    if cli:
        from notation.cli import cli as command

        command.main(["import", str(path), "--db", db, "--quiet"], standalone_mode=False)
    else:
        archive = archive_mod.Archive(db)
        TL.note("archive.open")
        jobs = parallel.default_jobs([path])
        reader = archive_mod.read_rows_parallel([path], jobs)
        archive.store_rows(_waits(reader))
        TL.note("store_rows.end")
        archive_mod.enable_search(archive.db)
        TL.note("enable_search.end")
        archive.db.conn.close()
        TL.note("close.end")
    end = time.perf_counter()
    TL.queued = schedstat()[1] - queued
    TL.main_cpu = time.thread_time() - TL.cpu0
    threads = thread_cpu()
    after = os.times()
    return start, end, threads, after.user + after.system - before.user - before.system


def _waits(rows: Iterator) -> Iterator:
    """The rows as ``store_rows`` takes them, each wait for the next noted (the storing thread idle or
    reading the file)."""
    assert TL is not None
    while True:
        start = time.perf_counter()
        row = next(rows, StopIteration)
        TL.waits.append((start, time.perf_counter()))
        if row is None:
            TL.note("the reader says it is about to wait (None)")
        if row is StopIteration:
            return
        yield row


def workers(folder: str) -> dict[int, dict[str, Any]]:
    """Each worker's notes: start, chunks, exit."""
    out: dict[int, dict[str, Any]] = {}
    for name in os.listdir(folder):
        if not name.endswith(".txt"):
            continue
        info: dict[str, Any] = {"chunks": []}
        with open(os.path.join(folder, name)) as handle:
            for line in handle:
                kind, *values = line.split()
                numbers = [float(v) for v in values]
                if kind == "chunk":
                    info["chunks"].append(numbers)
                else:
                    info[kind] = numbers
        out[int(name[:-4])] = info
    return out


def report(t0: float, start: float, end: float, threads: dict[str, float], parent_cpu: float,
           folder: str, full: bool) -> dict[str, float]:
    """Print the timeline (``full``) and the summary; return the summary's figures."""
    assert TL is not None
    rel = lambda t: t - start  # noqa: E731
    pool = workers(folder)
    batches = TL.batches
    first_batch = batches[0][0] if batches else end
    last_batch_end = batches[-1][1] if batches else end
    # The rows: when the storing thread got each chunk's rows (the end of a result() wait).
    received = [r[1] for r in TL.results]
    last_rows = max(received) if received else start
    busy = sum(b[1] - b[0] for b in batches)
    idle_before = sum(b - a for a, b in TL.results if b <= first_batch)
    stats = {
        "wall": end - start,
        "batches_wall": busy,
        "batches_cpu": sum(b[2] for b in batches),
        "batches_runqueue": sum(b[4] for b in batches),
        "batches": len(batches),
        "before_first_batch": first_batch - start,
        "rows_after_last_batch_start": last_rows - batches[-1][0] if batches else 0.0,
        "after_last_rows": end - last_rows,
        "tail_after_last_batch": end - last_batch_end,
        "storing_waits": sum(b - a for a, b in TL.results),
        "waits_before_first_batch": idle_before,
        "reading": sum(b - a for a, b in TL.reads),
        "main_runqueue": TL.queued,
        "parent_cpu": parent_cpu,
        "main_thread_cpu": TL.main_cpu,
        "executor_thread_cpu": TL.manager_cpu,
        "checkpoint_cpu": sum(c[2] for c in TL.copies),
        "workers_cpu": sum(w.get("exit", [0, 0])[1] for w in pool.values()),
    }
    if full:
        print(f"process start {rel(process_start()):+.3f} s, script start {rel(t0):+.3f} s (0 = the import's start)")
        rows: list[tuple[float, str]] = []
        for t, what, cpu in TL.events:
            rows.append((t, f"parent   {what}  (the storing thread's CPU so far {cpu - TL.cpu0:.3f} s)"))
        for i, (a, b) in enumerate(TL.reads):
            if b - a > 0.001 or i < 3:
                rows.append((a, f"parent   read chunk {i} ({(b - a) * 1e3:.1f} ms)"))
        for a, b in TL.results:
            rows.append((b, f"parent   rows of a chunk received (waited {(b - a) * 1e3:.1f} ms)"))
        for a, b, cpu in TL.copies:
            rows.append((a, f"checkpoint thread: log copied, {(b - a) * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU"))
        for a, b, cpu, n, queued in batches:
            rows.append((a, f"parent   batch of {n} games stored: {(b - a) * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU, "
                            f"{queued * 1e3:.0f} ms waiting for a core"))
        for pid, info in sorted(pool.items()):
            who = "worker" if pid != os.getpid() else "the parent's first record"
            if "start" in info:
                p, i0, i1 = info["start"]
                rows.append((p, f"worker {pid} process start"))
                rows.append((i0, f"worker {pid} initializer ({(i1 - i0) * 1e3:.1f} ms)"))
            for a, b, cpu, n in info["chunks"]:
                rows.append((a, f"{who} {pid} chunk of {n:.0f}: {(b - a) * 1e3:.0f} ms wall, {cpu * 1e3:.0f} ms CPU"))
            if "exit" in info:
                rows.append((info["exit"][0], f"worker {pid} exit (CPU {info['exit'][1]:.3f} s)"))
        rows.append((end, "parent   end"))
        for t, what in sorted(rows):
            print(f"  {rel(t):7.3f}  {what}")
        print("parent threads' CPU:", ", ".join(f"{k} {v:.2f}" for k, v in threads.items()),
              f"(the process {parent_cpu:.2f} s)")
        for pid, info in sorted(pool.items()):
            chunks = info["chunks"]
            if chunks:
                gaps = sum(b[0] - a[1] for a, b in zip(chunks, chunks[1:]))
                print(f"worker {pid}: first chunk at {rel(chunks[0][0]):.3f}, last done at {rel(chunks[-1][1]):.3f}, "
                      f"busy {sum(c[1] - c[0] for c in chunks):.3f} s wall / {sum(c[2] for c in chunks):.3f} s CPU, "
                      f"idle between chunks {gaps:.3f} s, {len(chunks)} chunks")
    print("  ".join(f"{k} {v:.3f}" for k, v in stats.items()))
    return stats


def main(argv: list[str] | None = None) -> int:
    global TL
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="set a constant of notation's for the run (an experiment), e.g. parallel.CHUNK=50")
    parser.add_argument("--cli", action="store_true", help="`notation import` (click) instead of the bench's import")
    args = parser.parse_args(argv)
    path = chess_bench.pgn_file(args.games, args.seed)
    for setting in args.set:
        import ast
        import importlib

        name, value = setting.split("=", 1)
        module, attr = name.rsplit(".", 1)
        setattr(importlib.import_module(f"notation.{module}"), attr, ast.literal_eval(value))
        print(f"set notation.{name} = {value}")
    install()
    print(f"import timeline: {path.name}, load average {chess_bench._load()}")
    for n in range(args.repeat):
        with tempfile.TemporaryDirectory(prefix="notation-timeline-") as folder:
            TL = Timeline(folder)
            start, end, threads, cpu = run_import(path, folder, args.cli)
            time.sleep(0.2)  # the workers' exit notes
            report(T_START, start, end, threads, cpu, folder, full=n == args.repeat - 1)
    print(f"load average {chess_bench._load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
