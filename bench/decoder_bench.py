"""Benchmark: a book read with the decoder against the layout reader alone, in the same run.

Run from the repository root::

    python3 bench/decoder_bench.py                          # both dev books, whole
    python3 bench/decoder_bench.py --records 30             # the first 30 records of each
    python3 bench/decoder_bench.py --skip 60 --records 30   # records 61-90
    python3 bench/decoder_bench.py --runs 3 corpus/dev/lowenthal-morphys-games
    python3 bench/decoder_bench.py --records 30 --profile    # cProfile of the decoder's run, top 30
    python3 bench/decoder_bench.py --records 30 --dump out.jsonl   # each record's reading, to compare

Each measure is one fresh process (no cache of the other kept), reading the
records as ``notation validate`` does (:func:`notation.pipeline.process`):
with the decoder, and with it left out (``decode`` answers ``None``: the layout
reader's reading stands). The figures are CPU seconds (user + sys) of the
reading alone, imports left out, with the load average before and after; the
ratio is the decoder's time over the layout reader's. The issue asks for at
most 2. Timings are printed, never asserted.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere in the checkout
    sys.path.insert(0, str(ROOT))

BOOKS = ["corpus/dev/lowenthal-morphys-games", "corpus/dev/hastings-1895"]


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _records(book: str, limit: int | None, skip: int = 0) -> list:
    from notation.pipeline import iter_files, read_records

    out = []
    for path in iter_files([str(ROOT / book)]):
        out.extend(read_records(path))
    return out[skip:skip + limit] if limit else out[skip:]


def child(mode: str, book: str, limit: int | None, skip: int, dump: str | None, profile: bool,
          profile_out: str | None = None) -> None:
    """One measure: the book's records read (with the decoder, or without), CPU seconds printed as JSON."""
    import notation.rules.chess.decode as chess_decode  # (the family imports its decoder when a record asks)
    from notation.pipeline import process

    decoding = [0.0]
    if mode == "layout":
        chess_decode.decode = lambda *args, **kwargs: None  # type: ignore[assignment]
    else:
        decode = chess_decode.decode

        def timed(*args, **kwargs):  # the decoder's own part of the time
            start = _cpu()
            try:
                return decode(*args, **kwargs)
            finally:
                decoding[0] += _cpu() - start

        chess_decode.decode = timed  # type: ignore[assignment]
    records = _records(book, limit, skip)
    profiler = cProfile.Profile(time.process_time) if profile else None  # (CPU seconds: the machine is shared)
    start = _cpu()
    if profiler:
        profiler.enable()
    games = [process(record) for record in records]
    if profiler:
        profiler.disable()
    seconds = _cpu() - start
    if dump:
        with open(dump, "w", encoding="utf-8") as out:
            for game in games:
                out.write(json.dumps(game.as_json(), ensure_ascii=False, sort_keys=True) + "\n")
    if profiler and profile_out:
        profiler.dump_stats(profile_out)  # (the whole profile, to compare function by function with pstats)
    if profiler:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(30)
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(30)
    print(json.dumps({"seconds": seconds, "decoding": decoding[0], "records": len(records),
                      "decoded": sum(bool(getattr(g.detail, "decoded", False)) for g in games)}))


def measure(mode: str, book: str, limit: int | None, skip: int = 0, dump: str | None = None,
            profile: bool = False) -> dict:
    cmd = [sys.executable, __file__, "--child", mode, "--records", str(limit or 0), "--skip", str(skip), book]
    if dump:
        cmd += ["--dump", dump]
    if profile:
        cmd.append("--profile")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("books", nargs="*", default=BOOKS)
    parser.add_argument("--records", type=int, default=0, help="only the first N records of each book (0: all)")
    parser.add_argument("--skip", type=int, default=0, help="leave out the first N records of each book")
    parser.add_argument("--runs", type=int, default=1, help="measures of each (the layout reader, then the decoder)")
    parser.add_argument("--dump", help="write each record's reading (JSON lines) of the decoder's run here")
    parser.add_argument("--profile", action="store_true", help="cProfile the decoder's run, CPU clock (to stderr)")
    parser.add_argument("--profile-out", help="with --child decoder --profile: the whole profile written here (pstats)")
    parser.add_argument("--child", choices=("layout", "decoder"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    limit = args.records or None
    if args.child:
        child(args.child, args.books[0], limit, args.skip, args.dump, args.profile, args.profile_out)
        return
    for book in args.books:
        for run in range(args.runs):
            load = os.getloadavg()[0]
            layout = measure("layout", book, limit, args.skip)
            dump = args.dump if len(args.books) == 1 else args.dump and f"{args.dump}.{Path(book).name}"
            decoder = measure("decoder", book, limit, args.skip, dump, args.profile)
            after = os.getloadavg()[0]
            print(f"{Path(book).name} run {run + 1}: {decoder['records']} records ({decoder['decoded']} decoded); "
                  f"layout reader {layout['seconds']:.1f} s, with the decoder {decoder['seconds']:.1f} s CPU: "
                  f"ratio {decoder['seconds'] / layout['seconds']:.2f}; decoding alone {decoder['decoding']:.1f} s (load {load:.1f} -> {after:.1f})", flush=True)


if __name__ == "__main__":
    main()
