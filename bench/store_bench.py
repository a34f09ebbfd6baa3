"""The storing alone: the bench's games made into rows once, then stored into new archives, CPU timed.

    python3 bench/store_bench.py [--games 4000] [--repeat 5]

The rows (:func:`notation.archive.game_rows` of every game, as the workers make them) are made once and
kept pickled in memory; each repeat unpickles them in chunks of 100 games, as the storing process receives
them, and stores them with :meth:`Archive.store_rows` into a new archive, then the full-text index and the
close, as ``notation import`` does. Printed per repeat: the storing thread's CPU (``thread_time``: the
unpickling included), of which the tail (after the last rows: last batch, the moves' index, the close),
and the process's CPU (the checkpoint thread's copies included); then the least and the median.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess_bench  # noqa: E402

from notation.archive import Archive, _rows_chunk, enable_search  # noqa: E402
from notation.pipeline import read_records  # noqa: E402


def make_chunks(games: int) -> list[bytes]:
    records = read_records(str(chess_bench.pgn_file(games, 1)))
    return [pickle.dumps(_rows_chunk(records[i:i + 100]), pickle.HIGHEST_PROTOCOL)
            for i in range(0, len(records), 100)]


def store(chunks: list[bytes]) -> tuple[float, float, float]:
    marks: dict[str, float] = {}

    def rows():
        for i, chunk in enumerate(chunks):
            if i == len(chunks) - 1:
                yield None  # the reader waits for its last worker
            yield from pickle.loads(chunk)
        marks["last"] = time.thread_time()

    with tempfile.TemporaryDirectory(prefix="notation-store-") as tmp:
        p0, t0 = time.process_time(), time.thread_time()
        archive = Archive(os.path.join(tmp, "a.db"))
        archive.store_rows(rows())
        enable_search(archive.db)
        archive.db.conn.close()
        t1, p1 = time.thread_time(), time.process_time()
    return t1 - t0, t1 - marks["last"], p1 - p0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    chunks = make_chunks(args.games)
    runs = []
    for _ in range(args.repeat):
        runs.append(store(chunks))
        thread, tail, process = runs[-1]
        print(f"storing thread {thread:.3f} s (tail {tail:.3f} s), process {process:.3f} s", flush=True)
    for i, what in enumerate(("storing thread", "tail", "process")):
        values = [r[i] for r in runs]
        print(f"{what}: least {min(values):.3f} s, median {statistics.median(values):.3f} s")
    print("load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
