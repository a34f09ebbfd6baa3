"""Benchmark: our whole chess import against python-chess reading and replaying the same PGN.

Run from the repository root::

    python3 bench/chess_bench.py              # 10,000 games
    python3 bench/chess_bench.py --quick      # 500 games, a smoke run
    python3 bench/chess_bench.py --profile 1000   # cProfile of our import, top 25 by cumulative time
    python3 bench/chess_bench.py --phases 1000    # CPU seconds per stage: split, parse, replay, rows, store
    python3 bench/chess_bench.py --process 3000 --repeat 3   # whole processes, start-up included

Three figures, all measured in the same run on the same files:

1. python-chess: ``chess.pgn.read_game`` in a loop over the PGN, pushing every
   mainline move onto a board (read-and-replay, nothing stored);
2. ours: what ``notation import`` does — :func:`notation.archive.read_rows_parallel`
   on the file (worker processes read, replay and make the rows, as many as
   the import would start; the file read as a stream), every game stored by
   :class:`notation.archive.Archive` in a fresh SQLite file, then the
   full-text index — SQLite included; and the same in one process;
3. English descriptive: the same games written in descriptive notation as
   ``[Game "chess"] [Notation "english-descriptive"]`` records, read and
   replayed by us (and imported), against python-chess on the SAN version.

Each ratio is python-chess time / our time: 1.0 or more means we are at least
as fast. Timings are printed, never asserted. The games are seeded random
legal games with the seven-tag roster, cached under ``bench/.cache/``.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import io
import os
import pstats
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere in the checkout
    sys.path.insert(0, str(ROOT))

from notation.archive import Archive, enable_search, read_rows_parallel  # noqa: E402
from notation.parallel import default_jobs  # noqa: E402
from notation.pipeline import read_games  # noqa: E402

CACHE = Path(__file__).resolve().parent / ".cache"
#: Bump when the generator changes, so stale cached files are not reused.
GENERATOR_VERSION = 1


# --------------------------------------------------------------------------
# The test data: seeded random legal games


def random_game(rng: random.Random, index: int) -> str:
    """One random legal game of 40-120 plies (fewer if it ends in mate or a draw) as PGN."""
    board = chess.Board()
    target = rng.randint(40, 120)
    sans: list[str] = []
    while len(sans) < target and not board.is_game_over(claim_draw=False):
        move = rng.choice(list(board.legal_moves))
        sans.append(board.san_and_push(move))
    result = board.result(claim_draw=False)
    tags = {
        "Event": f"Random game {index + 1}",
        "Site": "bench/chess_bench.py",
        "Date": f"{1850 + index % 150}.{1 + index % 12:02d}.{1 + index % 28:02d}",
        "Round": str(1 + index % 20),
        "White": f"Player {rng.randint(1, 500)}",
        "Black": f"Player {rng.randint(1, 500)}",
        "Result": result,
    }
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    words: list[str] = []
    for i, san in enumerate(sans):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(san)
    words.append(result)
    return head + "\n" + _wrap(words) + "\n"


def _wrap(words: list[str], width: int = 79) -> str:
    """Movetext wrapped at ``width`` columns, as PGN export format asks."""
    lines: list[str] = []
    current = ""
    for w in words:
        if current and len(current) + 1 + len(w) > width:
            lines.append(current)
            current = w
        else:
            current = f"{current} {w}" if current else w
    lines.append(current)
    return "\n".join(lines)


def pgn_file(games: int, seed: int, regenerate: bool = False) -> Path:
    """A PGN file of ``games`` random games (cached under ``bench/.cache``)."""
    CACHE.mkdir(exist_ok=True)
    path = CACHE / f"random-{games}-seed{seed}-v{GENERATOR_VERSION}.pgn"
    if path.exists() and not regenerate:
        return path
    rng = random.Random(seed)
    t = time.perf_counter()
    text = "\n".join(random_game(rng, i) for i in range(games))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    print(f"  generated {games} games in {time.perf_counter() - t:.1f} s -> {_rel(path)}")
    return path


def _writer_version() -> str:
    """A hash of the descriptive notation (its module, with the writer) and grammar: a changed
    writer regenerates the cached file. (Not the replay: it changes often, and any readable
    descriptive text serves as input. ``--regenerate`` rebuilds the file regardless.)
    """
    h = hashlib.sha256()
    for name in ("notation/rules/chess/notations/descriptive.py", "grammars/chess_descriptive.lark"):
        h.update((ROOT / name).read_bytes())
    return h.hexdigest()[:10]


def descriptive_file(pgn: Path, regenerate: bool = False) -> tuple[Path, Counter]:
    """The games of ``pgn`` replayed by us and written as English descriptive records (cached)."""
    from notation.rules.chess import FAMILY

    path = pgn.with_name(pgn.stem + f"-descriptive-{_writer_version()}.txt")
    written: Counter = Counter()
    if path.exists() and not regenerate:
        return path, written
    t = time.perf_counter()
    records = []
    for game in read_games([pgn]):
        written[game.status] += 1
        body = FAMILY.write(game, "descriptive")
        records.append(f'[Game "chess"]\n[Notation "english-descriptive"]\n'
                       f'[Title "{game.title}"]\n{body}\n')
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(records), encoding="utf-8")
    tmp.replace(path)
    print(f"  wrote {len(records)} descriptive records in {time.perf_counter() - t:.1f} s -> {_rel(path)}")
    return path, written


def _rel(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------
# The contestants


def python_chess_replay(path: Path) -> tuple[int, int]:
    """python-chess: read every game of the PGN and push every mainline move. Returns (games, plies)."""
    games = plies = 0
    with open(path, encoding="utf-8") as handle:
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                plies += 1
            games += 1
    return games, plies


def our_import(path: Path, jobs: int | None = None) -> tuple[int, int, Counter]:
    """Ours: what ``notation import`` does, on a fresh SQLite file. Returns (games, plies, statuses)."""
    statuses: Counter = Counter()
    plies = 0

    def counted(rows):
        nonlocal plies
        for row in rows:
            if row is not None:  # None: the reader waits for its workers (store what has come)
                statuses[row.status] += 1
                plies += row.plies
            yield row

    with tempfile.TemporaryDirectory(prefix="notation-bench-") as tmp:
        archive = Archive(os.path.join(tmp, "bench.db"))
        # The same reader and the same number of worker processes as `notation import`.
        jobs = default_jobs([path]) if jobs is None else jobs
        archive.store_rows(counted(read_rows_parallel([path], jobs)))
        enable_search(archive.db)
        archive.db.conn.close()
    return sum(statuses.values()), plies, statuses


def our_import_one_process(path: Path) -> tuple[int, int, Counter]:
    """Ours, the same import with no worker processes (``notation import --jobs 1``)."""
    return our_import(path, 1)


def our_replay(path: Path) -> tuple[int, int, Counter]:
    """Ours without the archive: read, parse and replay every record."""
    statuses: Counter = Counter()
    plies = 0
    for game in read_games([path]):
        statuses[game.status] += 1
        plies += len(game.moves)
    return sum(statuses.values()), plies, statuses


#: CPU seconds (user + system, this process and its finished children) of each timed run, by label.
CPU: dict[str, float] = {}


def timed(fn: Callable, *args, repeat: int = 1):
    """(best wall time over ``repeat`` runs, the last run's result); the CPU time goes to :data:`CPU`."""
    return interleaved([(fn, args)], repeat)[0]


def interleaved(runs: list[tuple[Callable, tuple]], repeat: int = 1) -> list[tuple[float, Any]]:
    """:func:`timed` for several contestants, run in turn (A B C, A B C ...): a slow spell of a shared
    machine then falls on all of them, not on one's repeats. The CPU time of each best run goes to
    :data:`CPU`, by function name."""
    best = [float("inf")] * len(runs)
    results: list[Any] = [None] * len(runs)
    for _ in range(repeat):
        for i, (fn, args) in enumerate(runs):
            before = os.times()
            t = time.perf_counter()
            results[i] = fn(*args)
            wall = time.perf_counter() - t
            after = os.times()
            if wall < best[i]:
                best[i] = wall
                CPU[fn.__name__] = sum(after[:4]) - sum(before[:4])
    return list(zip(best, results))


def _load() -> str:
    """The machine's load average (1, 5, 15 minutes): how much other work shared the cores."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def _line(label: str, seconds: float, games: int, plies: int) -> str:
    return (f"  {label:<44} {seconds:8.2f} s  {games / seconds:9.0f} games/s  "
            f"{plies / seconds:10.0f} plies/s")


# --------------------------------------------------------------------------
# Memory: the same import of a small and a big file, peak memory of all its processes


def big_pgn(base: Path, megabytes: float, folder: Path) -> Path:
    """A PGN of about ``megabytes`` MB: ``base``'s games over and over, each copy its own Event (a new record)."""
    path = folder / f"big-{megabytes:g}MB.pgn"
    text = base.read_text(encoding="utf-8")
    goal = int(megabytes * 1e6)
    with open(path, "w", encoding="utf-8") as out:
        written = copy = 0
        while written < goal:
            chunk = text.replace('[Event "Random game ', f'[Event "Copy {copy} of random game ')
            chunk = chunk[: goal - written] if written + len(chunk) > goal else chunk
            if written + len(chunk) >= goal:  # end on a whole game: never half a game (it would be an error)
                chunk = chunk[: chunk.rfind("\n[Event ") + 1]
                if not chunk:
                    break
            out.write(chunk)
            written += len(chunk)
            copy += 1
    return path


def _memory_kb(pid: int) -> tuple[int, int]:
    """The process's resident memory and its proportional share (RSS, PSS) in kB (Linux /proc).

    RSS counts every page the process maps, so summed over forked processes the pages they share
    (the modules, the compiled kernel loaded before the fork) count once per process; PSS divides
    each shared page among the processes sharing it, so its sum is the honest total.
    """
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Rss:"):
                    rss = int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


def _family(pid: int) -> list[int]:
    """The process and all its descendants (Linux /proc)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as children:
                    todo.extend(int(c) for c in children.read().split())
        except OSError:
            pass
    return out


def _default_sigint() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _games_so_far(db: str) -> int | str:
    """The games an import running on ``db`` has committed (their last id: one look-up), or ``?``."""
    import sqlite3

    try:
        with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1)) as conn:
            return conn.execute("SELECT max(rowid) FROM games").fetchone()[0] or 0
    except sqlite3.Error:
        return "?"


def import_memory(path: Path, limit: float | None = None, every: float | None = None
                  ) -> tuple[float, float, float, float, float, int, bool]:
    """``notation import`` of ``path`` in a fresh process, stopped after ``limit`` seconds if it runs longer:
    (seconds, peak MB of all its processes by RSS, the same by PSS (:func:`_memory_kb`), peak RSS MB and
    peak PSS MB of the main (storing) one, games stored, whether it finished).

    With ``every``, a line each ``every`` seconds: the interval's own peak beside the peak so far and the
    games stored so far, so that a peak still rising shows (a long import stopped by ``limit``)."""
    import signal
    import sqlite3
    import subprocess

    with tempfile.TemporaryDirectory(prefix="notation-bench-") as tmp:
        db = os.path.join(tmp, "m.db")
        t = time.perf_counter()
        # SIGINT as a terminal gives it: a benchmark run in the background (``nohup ... &``) ignores it, the
        # child would inherit that, and the stop below would wait 120 s and kill it mid-batch.
        child = subprocess.Popen([sys.executable, "-m", "notation", "import", str(path), "--db", db, "--quiet"],
                                 cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 preexec_fn=_default_sigint)
        peak = peak_pss = peak_main = peak_main_pss = 0
        finished = True
        span = span_rss = span_pss = 0  # the current interval of ``every``: its number, its peaks (kB)
        while child.poll() is None:
            sizes = {p: _memory_kb(p) for p in _family(child.pid)}
            rss_now, pss_now = sum(rss for rss, _ in sizes.values()), sum(pss for _, pss in sizes.values())
            if every is not None:  # this sample belongs to the next interval once the last one is over
                if int((time.perf_counter() - t) // every) > span:
                    print(f"    {(span + 1) * every:6.0f} s: peak of the last {every:g} s {span_rss / 1024:6.1f} MB "
                          f"RSS, {span_pss / 1024:6.1f} MB PSS (so far {peak / 1024:.1f} and {peak_pss / 1024:.1f}); "
                          f"{_games_so_far(db)} games stored", flush=True)
                    span, span_rss, span_pss = span + 1, 0, 0
                span_rss, span_pss = max(span_rss, rss_now), max(span_pss, pss_now)
            peak, peak_pss = max(peak, rss_now), max(peak_pss, pss_now)
            peak_main = max(peak_main, sizes[child.pid][0])
            peak_main_pss = max(peak_main_pss, sizes[child.pid][1])
            if limit is not None and time.perf_counter() - t > limit:
                child.send_signal(signal.SIGINT)  # Ctrl-C: the batch being stored is rolled back
                try:
                    child.wait(timeout=120)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()
                finished = False
                break
            time.sleep(0.05)
        seconds = time.perf_counter() - t
        if finished and child.returncode:
            raise SystemExit(f"notation import failed on {path}")
        with sqlite3.connect(db) as conn:
            games = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    return seconds, peak / 1024, peak_pss / 1024, peak_main / 1024, peak_main_pss / 1024, games, finished


def shard_import(path: Path, shards: int) -> tuple[int, int]:
    """``notation import --to parquet DIR --shards N`` on a local Dask cluster: (games, plies)."""
    from notation.archive.shards import import_to_parquet

    with tempfile.TemporaryDirectory(prefix="notation-bench-") as tmp:
        results = import_to_parquet([str(path)], os.path.join(tmp, "parquet"), shards)
    return sum(r.games for r in results), sum(r.plies for r in results)


# --------------------------------------------------------------------------


def profile(path: Path, top: int = 25) -> None:
    """cProfile of our import of ``path``: the ``top`` functions by cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    our_import(path)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(top)
    print(out.getvalue())
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    print(out.getvalue())


def phases(path: Path) -> None:
    """Where our import's CPU time goes, stage by stage, in one process, without a profiler's overhead
    (CPU time, not wall time: on a shared machine the wall time stretches with the others' work)."""
    from notation.archive import game_rows
    from notation.families import splitters
    from notation.parallel import expect, input_bytes
    from notation.pipeline import families_for, process
    from notation.records import iter_records

    clock = time.process_time
    own = splitters()  # the families loaded before the timing
    expect(input_bytes([path]))  # as the import in one process is told its text (chess: its kernel loaded at once)
    t = clock()
    records = list(iter_records(str(path), own))
    split = clock() - t
    parse = replay = 0.0
    plies = fast = 0
    for record in records:
        family = families_for(record)[0][0]
        named = record.tag("Notation")
        name = named.strip().lower() if named else next(iter(family.candidate_notations(record)))
        t = clock()
        game = family.read_fast(name, record)
        if game is None:
            parsed = family.notations[name].parse(record)
            parse += clock() - t
            t = clock()
            game = family.replay(parsed).finish()
        else:
            fast += 1
        replay += clock() - t
        plies += len(game.moves)
    games = [process(record) for record in records]
    t = clock()
    rows = [game_rows(game) for game in games]
    made = clock() - t
    with tempfile.TemporaryDirectory(prefix="notation-bench-") as tmp:
        archive = Archive(os.path.join(tmp, "bench.db"))
        t = clock()
        archive.store_rows(rows)
        store = clock() - t
        t = clock()
        enable_search(archive.db)
        fts = clock() - t
        archive.db.conn.close()
    total = split + parse + replay + made + store + fts
    print(f"  {len(records)} records, {plies} plies, {fast} records read on the fast path; CPU time, "
          f"load average {_load()}")
    for label, seconds in (("split into records (tag pairs)", split), ("parse (Lark + transformer)", parse),
                           ("replay (fast path: parse and replay)", replay),
                           ("rows (token roles, JSON)", made), ("store (SQLite)", store),
                           ("full-text index", fts), ("total", total)):
        print(f"  {label:<36} {seconds:7.2f} s  {seconds / max(plies, 1) * 1e6:6.1f} us/ply  "
              f"{seconds / total * 100:5.1f} %")


# --------------------------------------------------------------------------
# Whole processes: start-up included, every process's CPU (issue 30's figures for the command itself)

#: python-chess as a process: read every game of the file, push every mainline move; prints games and plies.
PYTHON_CHESS_SCRIPT = """\
import sys
import chess.pgn
games = plies = 0
with open(sys.argv[1], encoding="utf-8") as handle:
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            plies += 1
        games += 1
print(games, plies)
"""


def run_process(argv: list[str]) -> tuple[float, float, str]:
    """Run ``argv`` from the checkout (so ``-m notation`` is this checkout's) to its end: (wall seconds, CPU
    seconds of it and every process it waited for, its workers included, its standard error and output).
    The CPU is the delta of ``getrusage(RUSAGE_CHILDREN)``: user + system of every finished descendant."""
    import resource
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(ROOT), "NOTATION_PROGRESS_SECONDS": "inf"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as a user runs it: modules loaded from their bytecode caches
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr[-2000:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stderr + done.stdout


def notation_argv(*args: str) -> list[str]:
    """``notation ARGS`` as a process: this checkout's, by ``python -m notation`` (what the console script runs)."""
    return [sys.executable, "-m", "notation", *args]


def processes(path: Path, repeat: int, shards: int = 2, startup_repeat: int = 3) -> None:
    """Issue 30's goals for the whole command: python-chess's read + replay as a process against
    ``notation import FILE --db NEW`` as a process (default workers, then ``--jobs 1``), and
    ``notation import FILE --to parquet NEW --shards N`` (unless ``shards`` is 0), start-up included,
    best of ``repeat`` runs each, the contestants in turn; then the start-up of light commands.

    The Parquet import's CPU per core is compared with the SQLite import's as a user runs each, a whole
    command: in this process (the timing above) the Dask run alone paid for loading Dask and starting its
    cluster, and the SQLite import, best of three, for nothing but its work."""
    import compileall
    import re

    # The bytecode caches written first, as installing the package does: without them every process compiles
    # the modules it loads (a one-game import spent over half its CPU time so where $PYTHONDONTWRITEBYTECODE is set).
    compileall.compile_dir(ROOT / "notation", quiet=1)
    jobs = default_jobs([path])
    with tempfile.TemporaryDirectory(prefix="notation-bench-") as tmp:
        def ours(*extra: str) -> list[str]:
            db = os.path.join(tmp, "fresh.db")
            for leftover in (db, db + "-wal", db + "-shm"):
                if os.path.exists(leftover):
                    os.unlink(leftover)
            return notation_argv("import", str(path), "--db", db, "--quiet", *extra)

        def parquet() -> list[str]:
            folder = os.path.join(tmp, "parquet")
            shutil.rmtree(folder, ignore_errors=True)
            return notation_argv("import", str(path), "--to", "parquet", folder, "--shards", str(shards), "--quiet")

        contestants: list[tuple[str, Callable[[], list[str]]]] = [
            ("python-chess read_game + push, a process", lambda: [sys.executable, "-c", PYTHON_CHESS_SCRIPT, str(path)]),
            (f"notation import (default: {jobs} workers)", ours),
            ("notation import --jobs 1 (one process)", lambda: ours("--jobs", "1")),
        ]
        if shards:
            contestants.append((f"notation import --to parquet --shards {shards}", parquet))
        wall = [float("inf")] * len(contestants)
        cpu = [float("inf")] * len(contestants)
        said = [""] * len(contestants)
        for _ in range(repeat):
            for i, (_, argv) in enumerate(contestants):
                w, c, said[i] = run_process(argv())
                wall[i], cpu[i] = min(wall[i], w), min(cpu[i], c)
    games, plies = (int(x) for x in said[0].split())
    for label, out in zip([c[0] for c in contestants[1:]], said[1:]):
        added = re.search(r"(\d+) records(?: added)? \(([^)]*)\)", out)
        if not added or int(added.group(1)) != games:
            print(f"  NOTE: {label}: {out.strip()[:200]!r}, python-chess read {games} games")
    for (label, _), w, c in zip(contestants, wall, cpu):
        print(f"  {label:<44} wall {w:6.2f} s  CPU {c:6.2f} s (all processes)  {games / w:6.0f} games/s")
    cores = min(os.cpu_count() or 1, 2)
    print(f"  {games} games, {plies} plies; ratio python-chess / ours by wall: default {wall[0] / wall[1]:.3f} "
          f"(goal 2.0 on 2 cores), one process {wall[0] / wall[2]:.3f} (goal 1.0)")
    print(f"  by CPU: one process {cpu[0] / cpu[2]:.3f}; default over {cores} cores at best "
          f"{cores * cpu[0] / cpu[1]:.3f}; load average {_load()}")
    if shards:
        print(f"  the Parquet import per core (CPU of the SQLite import's default / of the Parquet import's): "
              f"{cpu[1] / cpu[3]:.3f} (1.0 or more: at least as fast)")
    startup(path, startup_repeat)


def startup(path: Path, repeat: int = 3) -> None:
    """The start-up of commands that need no grammar, board or database, and of a one-game import (the first
    game of ``path``), as processes: best of ``repeat``, wall and CPU of all processes."""
    startup_repeat = repeat
    with tempfile.TemporaryDirectory(prefix="notation-bench-") as tmp:
        one = Path(tmp) / "one.pgn"
        with open(path, encoding="utf-8") as handle:
            one.write_text(handle.read().split("\n\n[", 1)[0] + "\n", encoding="utf-8")
        new_db = (os.path.join(tmp, f"{n}.db") for n in range(startup_repeat))
        print(f"  start-up, best of {startup_repeat} (wall / CPU of all processes):")
        commands = [("python -c pass (the interpreter alone)", lambda: [sys.executable, "-c", "pass"]),
                    ("python -c 'import chess.pgn'", lambda: [sys.executable, "-c", "import chess.pgn"]),
                    ("notation --help", lambda: notation_argv("--help")),
                    ("notation validate --help", lambda: notation_argv("validate", "--help")),
                    ("notation codes", lambda: notation_argv("codes")),
                    ("notation import (one game, a new archive)",
                     lambda: notation_argv("import", str(one), "--db", next(new_db), "--quiet"))]
        best = {label: (float("inf"), float("inf")) for label, _ in commands}
        for _ in range(startup_repeat):
            for label, argv in commands:
                w, c, _ = run_process(argv())
                best[label] = (min(best[label][0], w), min(best[label][1], c))
    for label, (w, c) in best.items():
        print(f"    {label:<44} {w:5.2f} s / {c:5.2f} s")
    print(f"  load average {_load()}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000, help="games in the PGN (default 10000)")
    parser.add_argument("--quick", action="store_true", help="a small run: 500 games")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the games (default 1)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="best of N runs per side, the sides run in turn (default 1)")
    parser.add_argument("--no-descriptive", action="store_true", help="skip the descriptive figures")
    parser.add_argument("--memory", default="5,50", metavar="MB,MB",
                        help="sizes of the PGN files whose import's peak memory is compared "
                             "(default 5,50; the issue's figure is 5,500; empty to skip)")
    parser.add_argument("--memory-every", type=float, default=None, metavar="S",
                        help="during each memory import, print the peak of every S seconds and the games so far")
    parser.add_argument("--memory-seconds", type=float, default=None, metavar="S",
                        help="stop each memory import after S seconds and report its peak so far")
    parser.add_argument("--shards", type=int, default=2, help="shards of the Parquet import (0 to skip)")
    parser.add_argument("--regenerate", action="store_true", help="rebuild the cached input files")
    parser.add_argument("--profile", type=int, metavar="N", default=0,
                        help="instead of timing, profile our import of N games (cProfile, top 25)")
    parser.add_argument("--phases", type=int, metavar="N", default=0,
                        help="instead of timing, time each stage of our import of N games")
    parser.add_argument("--process", type=int, metavar="N", default=0,
                        help="instead, time whole processes on N games: python-chess as a process against "
                             "`notation import` (start-up and workers included), and the start-up of light commands")
    args = parser.parse_args(argv)
    games = 500 if args.quick else args.games

    if args.process:
        path = pgn_file(args.process, args.seed, args.regenerate)
        print(f"whole processes: {args.process} seeded random games (seed {args.seed}), best of {args.repeat}, "
              f"python-chess {chess.__version__}, Python {sys.version.split()[0]}")
        print(f"  input: {_rel(path)} ({path.stat().st_size / 1e6:.1f} MB); load average: {_load()}")
        processes(path, args.repeat, args.shards)
        return 0

    if args.profile:
        path = pgn_file(args.profile, args.seed, args.regenerate)
        profile(path)
        return 0
    if args.phases:
        path = pgn_file(args.phases, args.seed, args.regenerate)
        print(f"stages of our import of {_rel(path)}:")
        phases(path)
        if not args.no_descriptive:
            desc, _ = descriptive_file(path, args.regenerate)
            print(f"stages of our import of {_rel(desc)}:")
            phases(desc)
        return 0

    print(f"chess benchmark: {games} seeded random games (seed {args.seed}), "
          f"best of {args.repeat}, python-chess {chess.__version__}, Python {sys.version.split()[0]}")
    pgn = pgn_file(games, args.seed, args.regenerate)
    print(f"  input: {_rel(pgn)} ({pgn.stat().st_size / 1e6:.1f} MB); load average: {_load()}")

    (t_pc, (n_pc, plies_pc)), (t_us, (n_us, plies_us, statuses)), (t_one, _) = interleaved(
        [(python_chess_replay, (pgn,)), (our_import, (pgn,)), (our_import_one_process, (pgn,))], args.repeat)
    print(_line("python-chess read_game + push (SAN)", t_pc, n_pc, plies_pc))
    print(_line(f"notation import (SAN, SQLite, {default_jobs([pgn])} workers)", t_us, n_us, plies_us))
    print(_line("notation import --jobs 1 (one process)", t_one, n_us, plies_us))
    print(f"  our statuses: {dict(statuses)}")
    if n_us != n_pc or plies_us != plies_pc:
        print(f"  NOTE: counts differ: python-chess {n_pc} games / {plies_pc} plies, "
              f"ours {n_us} games / {plies_us} plies")
    print(f"  ratio python-chess / ours (SAN import, default): {t_pc / t_us:6.3f}")
    print(f"  ratio python-chess / ours (SAN import, one process): {t_pc / t_one:6.3f}")
    print(f"  per ply: python-chess {t_pc / plies_pc * 1e6:.1f} us, ours {t_us / plies_us * 1e6:.1f} us "
          f"(one process {t_one / plies_us * 1e6:.1f} us); --phases N splits ours by stage")
    # On a machine shared with other work the wall times above stretch; CPU time does much less.
    cpu_pc, cpu_us, cpu_one = CPU["python_chess_replay"], CPU["our_import"], CPU["our_import_one_process"]
    print(f"  CPU time: python-chess {cpu_pc:.2f} s, ours {cpu_us:.2f} s in all processes "
          f"(one process {cpu_one:.2f} s); ratio one process by CPU {cpu_pc / cpu_one:.3f}, "
          f"default by CPU over {os.cpu_count()} cores at best {min(os.cpu_count() or 1, 2) * cpu_pc / cpu_us:.3f}")
    print(f"  load average: {_load()}")

    if not args.no_descriptive:
        desc, written = descriptive_file(pgn, args.regenerate)
        if written:
            print(f"  (source games replayed for writing: {dict(written)})")
        t_dr, (n_dr, plies_dr, d_statuses) = timed(our_replay, desc, repeat=args.repeat)
        t_di, (n_di, plies_di, _) = timed(our_import_one_process, desc, repeat=args.repeat)
        cpu_dr, cpu_di = CPU["our_replay"], CPU["our_import_one_process"]
        print(_line("ours: descriptive read + replay", t_dr, n_dr, plies_dr))
        print(_line("ours: descriptive import --jobs 1 (SQLite included)", t_di, n_di, plies_di))
        print(f"  descriptive statuses: {dict(d_statuses)}")
        if plies_dr != plies_pc:
            print(f"  NOTE: descriptive plies {plies_dr} != SAN plies {plies_pc}")
        print(f"  ratio python-chess SAN / ours descriptive replay: {t_pc / t_dr:6.3f}")
        print(f"  ratio python-chess SAN / ours descriptive import: {t_pc / t_di:6.3f}")
        print(f"  ratio descriptive import / SAN import, one process each (time of SAN / time of descriptive): "
              f"wall {t_one / t_di:6.3f}, CPU {cpu_one / cpu_di:6.3f}")
        print(f"  CPU time: descriptive read + replay {cpu_dr:.2f} s, import {cpu_di:.2f} s; per ply: "
              f"{cpu_dr / plies_dr * 1e6:.1f} us and {cpu_di / plies_di * 1e6:.1f} us (SAN import "
              f"{cpu_one / plies_us * 1e6:.1f} us, python-chess {cpu_pc / plies_pc * 1e6:.1f} us)")
        print(f"  load average: {_load()}")

    if args.shards:
        # Its worker processes' CPU counted; best of --repeat as the SQLite import is (the first run alone loads
        # Dask in this process). --process compares the two as whole commands.
        t_sh, (n_sh, plies_sh) = timed(shard_import, pgn, args.shards, repeat=args.repeat)
        print(_line(f"import --to parquet --shards {args.shards} (Dask)", t_sh, n_sh, plies_sh))
        cpu_sh = CPU["shard_import"]
        print(f"  CPU time: Dask shards {cpu_sh:.2f} s in all processes ({cpu_sh / plies_sh * 1e6:.1f} us a ply), "
              f"the SQLite import {cpu_us:.2f} s ({cpu_us / plies_us * 1e6:.1f} us a ply): per core the shards "
              f"go {(plies_sh / cpu_sh) / (plies_us / cpu_us):.3f} times as fast (1.0 or more: at least as fast)")
        print(f"  load average: {_load()}")

    sizes = [float(x) for x in args.memory.split(",") if x.strip()]
    if sizes:
        with tempfile.TemporaryDirectory(prefix="notation-bench-") as tmp:
            for mb in sizes:
                big = big_pgn(pgn, mb, Path(tmp))
                seconds, peak, peak_pss, main_peak, main_pss, stored, finished = import_memory(
                    big, args.memory_seconds, args.memory_every)
                print(f"  peak memory, notation import of a {big.stat().st_size / 1e6:.0f} MB PGN: "
                      f"{peak:7.1f} MB in all processes by RSS, {peak_pss:.1f} MB by PSS (shared pages "
                      f"shared out; the main one {main_peak:.1f} MB RSS, {main_pss:.1f} MB PSS), {seconds:.0f} s, "
                      f"{stored} games stored" + ("" if finished else " (stopped there: --memory-seconds)"))
                big.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
