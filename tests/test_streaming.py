"""Import as a stream: records are read one at a time, so memory does not grow with the file."""

import os
import tracemalloc

from hypothesis import given, settings
from hypothesis import strategies as st

from notation import parallel, records
from notation.families import splitters
from notation.parallel import read_games_parallel
from notation.pipeline import read_games, read_records
from notation.records import iter_records

GAME = ('[Event "Game {i}"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3\n"
        "O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n\n")


def _file(tmp_path, name, size):
    path = tmp_path / name
    with open(path, "w", encoding="utf-8") as out:
        i = written = 0
        while written < size:
            text = GAME.format(i=i)
            out.write(text)
            written += len(text)
            i += 1
    return path


def _peak_while_reading(path) -> tuple[int, int]:
    tracemalloc.start()
    try:
        count = sum(1 for _ in iter_records(str(path), splitters()))
        return tracemalloc.get_traced_memory()[1], count
    finally:
        tracemalloc.stop()


def test_peak_memory_of_reading_does_not_grow_with_the_file(tmp_path, monkeypatch):
    monkeypatch.setattr(records, "STREAM_CHUNK", 16_384)  # the encoding is checked a chunk at a time
    _peak_while_reading(_file(tmp_path, "warm.pgn", 1_000))  # modules imported, caches filled
    small_peak, small = _peak_while_reading(_file(tmp_path, "small.pgn", 50_000))
    big_peak, big = _peak_while_reading(_file(tmp_path, "big.pgn", 1_000_000))
    assert big > 19 * small
    # Read whole, the big file alone would take 1 MB of text, and its records twice that.
    assert big_peak < small_peak + 20_000, (small_peak, big_peak)


def test_streamed_records_are_the_records_of_the_whole_file(tmp_path):
    path = tmp_path / "mixed.pgn"
    path.write_bytes('\ufeffloose text\r\n\r\n[Event "x"]\r\n[Site "y"]\r\n\r\n1. e4 *\r\n'
                     '[Event "z"]\n\n1. d4 *\n\n\n[Event "caf\u00e9"]\n1. c4 *\n'.encode("utf-8"))
    whole, streamed = read_records(str(path)), list(iter_records(str(path), splitters()))
    assert [(r.index, r.tags, r.text, r.body, r.line, r.position(3)) for r in whole] == \
           [(r.index, r.tags, r.text, r.body, r.line, r.position(3)) for r in streamed]


def test_a_legacy_encoding_is_found_before_streaming(tmp_path):
    path = tmp_path / "old.pgn"
    path.write_bytes('[Event "Caf\u00e9"]\n\n1. e4 *\n'.encode("cp1252"))
    (record,) = iter_records(str(path), splitters())
    assert record.tags["Event"] == "Caf\u00e9" and record.source.encoding == "cp1252"


# Results and what may follow them (moves in any notation, prose) too: a game's result cuts a record.
LINES = st.lists(st.sampled_from(['[Event "x"]\n', '[White "A"] [Black "B"]\n', "\n", "  \n", "1. e4 e5\n",
                                  "text\n", "[Bad\n", "{c}\n", "\x0c\n", "x", "1-0\n", "* ", "P-K4 P-K4\n",
                                  "11-15 23-19\n", "% escape\n", "; remark\n", "{a\n", "b}\n"]), max_size=14)


@settings(max_examples=200, deadline=None)
@given(LINES)
def test_streaming_and_whole_text_split_the_same_way(tmp_path_factory, lines):
    # A .pgn file is the one read as a stream; a .txt file is read whole (a book's text is cut
    # at its scores, notation.parse.chess_book), so the stream is compared with the whole file.
    text = "".join(lines)
    path = tmp_path_factory.mktemp("s") / "f.pgn"
    path.write_text(text, encoding="utf-8")
    whole = read_records(str(path))
    streamed = list(iter_records(str(path), splitters()))
    assert [(r.index, r.tags, r.text, r.body, r.status, r.line, r.position(1)) for r in whole] == \
           [(r.index, r.tags, r.text, r.body, r.status, r.line, r.position(1)) for r in streamed]
    # A streamed group is one record's lines: the splitter is given it as one span (records.source_spans),
    # which is what grouping its lines again gives.
    for record in streamed:
        assert records.source_spans(record.source) == records.tagged_spans(record.source.text)


def test_parallel_reading_gives_the_same_games_in_order(tmp_path, monkeypatch):
    monkeypatch.setattr(parallel, "CHUNK", 3)
    path = _file(tmp_path, "games.pgn", 12_000)
    serial = [g.as_json() for g in read_games([path])]
    in_parallel = [g.as_json() for g in read_games_parallel([path], 2)]
    assert len(serial) > 20 and serial == in_parallel


def _pids(chunk):
    return [os.getpid()] * len(chunk)


def test_the_first_record_is_worked_here_and_the_workers_forked_after_it(tmp_path, monkeypatch):
    """What the first record needs (its family, its grammar) is loaded once, before the fork; a file of
    one record starts no worker."""
    monkeypatch.setattr(parallel, "CHUNK", 3)
    worked = [(len(chunk), pids) for chunk, pids in parallel.in_workers([_file(tmp_path, "g.pgn", 3000)], 2, _pids)
              if chunk]
    assert worked[0] == (1, [os.getpid()])
    pids = [pid for _, chunk_pids in worked[1:] for pid in chunk_pids]
    assert len(pids) > 5 and os.getpid() not in pids

    def no_workers(*args):
        raise AssertionError("workers started for one record")

    monkeypatch.setattr(parallel, "_pooled", no_workers)
    one = list(parallel.in_workers([_file(tmp_path, "one.pgn", 10)], 2, _pids))
    assert one == [(one[0][0], [os.getpid()])] and len(one[0][0]) == 1


def _niceness(chunk):
    return [os.nice(0)] * len(chunk)


def test_the_workers_yield_the_cores_to_the_process_that_stores(tmp_path, monkeypatch):
    """Workers run at a lower priority than the process that started them (the import's storing process,
    its bottleneck): the first record, worked here, at this process's own; every other at WORKER_NICENESS more."""
    monkeypatch.setattr(parallel, "CHUNK", 3)
    here = os.nice(0)
    worked = [levels for chunk, levels in parallel.in_workers([_file(tmp_path, "g.pgn", 3000)], 2, _niceness)
              if chunk]
    assert worked[0] == [here] and len(worked) > 3
    assert parallel.WORKER_NICENESS > 0
    assert {level for levels in worked[1:] for level in levels} == {min(here + parallel.WORKER_NICENESS, 19)}
    assert os.nice(0) == here


_KERNEL_BEFORE_THE_FORK = """
import sys
from notation import parallel
from notation.rules.chess import clean, clean_compiled

clean.COMPILED_AFTER = 10  # a small file is told enough text to load the compiled kernel at once
parallel.CHUNK = 3

def loaded_then_replayed(chunk):
    loaded = clean_compiled.load.cache_info().currsize == 1
    parallel._replay_chunk(chunk)
    return [loaded] * len(chunk)

worked = [flags for chunk, flags in parallel.in_workers([sys.argv[1]], 2, loaded_then_replayed) if chunk]
print(worked[0] == [False], all(all(flags) for flags in worked[1:]), len(worked),
      "numba" in sys.modules, clean_compiled.module_path().exists())
"""


def test_the_compiled_kernel_is_loaded_before_the_workers_fork(tmp_path):
    """A worker's share of clean chess loads the compiled kernel; the first record, worked here before the
    fork, loads it once, its pages shared with every worker (a fresh process: no test before has loaded it).
    Built ahead of time, the kernel loads no numba; only where it cannot be built does numba's JIT compile it."""
    import subprocess
    import sys

    path = _file(tmp_path, "g.pgn", 3000)
    run = subprocess.run([sys.executable, "-c", _KERNEL_BEFORE_THE_FORK, str(path)], capture_output=True,
                         text=True, check=True)
    before, after, chunks, numba, built = run.stdout.split()
    assert (before, after) == ("True", "True") and int(chunks) > 5
    assert numba != built  # numba loaded only where the module was not built


def _rows_held_at_the_end(records):
    """The archive's rows of a chunk; the chunk holding the file's last game waits (in its worker) for the
    reader to say it waits for it: the flag file named in NOTATION_TEST_FLAG, made when a ``None`` is read."""
    import time

    from notation.archive import game_rows
    from notation.pipeline import process

    flag = os.environ["NOTATION_TEST_FLAG"]
    if any('"Game last"' in r.text for r in records):
        deadline = time.monotonic() + 30  # the reader never said it waits: the test fails, no hang
        while not os.path.exists(flag) and time.monotonic() < deadline:
            time.sleep(0.01)
    return [game_rows(process(r)) for r in records]


def test_parallel_rows_say_when_the_reader_waits_and_the_archive_stores_then(tmp_path, monkeypatch):
    """Once every record is handed out, a ``None`` comes before each wait for a worker; the archive
    stores what it has at each one, so the last transaction holds only what came after."""
    import notation.archive
    from notation.archive import Archive, game_rows, read_rows_parallel

    monkeypatch.setattr(parallel, "CHUNK", 3)
    path = _file(tmp_path, "games.pgn", 12_000)
    with open(path, "a", encoding="utf-8") as out:
        out.write(GAME.replace("{i}", "last"))
    flag = tmp_path / "waited"
    monkeypatch.setenv("NOTATION_TEST_FLAG", str(flag))
    # The workers are forked after this: they work chunks with it too. Without a hold the last chunks can be
    # done before the reader asks for them (a quiet machine), and then there is rightly no wait to say.
    monkeypatch.setattr(notation.archive, "_rows_chunk", _rows_held_at_the_end)
    stream = []
    for row in read_rows_parallel([path], 2):
        if row is None:
            flag.touch()
        stream.append(row)
    rows = [r for r in stream if r is not None]
    assert [r.game for r in rows] == [game_rows(g).game for g in read_games([path])]
    waits = [i for i, r in enumerate(stream) if r is None]
    # the last chunks, those in flight when the file ran out: IN_FLIGHT per worker
    last_chunks = len(stream) - parallel.IN_FLIGHT * 2 * parallel.CHUNK - len(waits)
    assert waits and all(i >= last_chunks for i in waits)

    archive = Archive(str(tmp_path / "a.db"))
    batches: list[int] = []
    store_batch = archive._store_batch
    monkeypatch.setattr(archive, "_store_batch", lambda games, summary: (batches.append(len(games)),
                                                                          store_batch(games, summary)))
    summary = archive.store_rows(stream)
    assert summary.added == len(rows) and sum(batches) == len(rows)
    assert len(batches) == len(waits) + 1 and batches[-1] == len(stream) - 1 - waits[-1]


def test_a_batch_is_bounded_by_the_size_of_its_rows_not_by_its_games(tmp_path, monkeypatch):
    """Long games make smaller batches: the storing process holds about the same memory whatever the games."""
    import dataclasses

    import notation.archive
    from notation.archive import Archive, game_rows

    short = [game_rows(g) for g in read_games([_file(tmp_path, "games.pgn", 6_000)])]
    # The same games with their moves printed five times over (distinct records: their own hashes).
    long = [dataclasses.replace(r, hash=r.hash + "x", game=r.game._replace(hash=r.hash + "x"),
                                lines=[(None, r.lines[0][1] * 5)]) for r in short]
    assert all(lg.size > 4 * sh.size for sh, lg in zip(short, long))
    monkeypatch.setattr(notation.archive, "BATCH_BYTES", 6 * short[0].size)
    archive = Archive(str(tmp_path / "a.db"))
    batches: list[list] = []
    store_batch = archive._store_batch
    monkeypatch.setattr(archive, "_store_batch", lambda games, summary: (batches.append(games),
                                                                          store_batch(games, summary)))
    summary = archive.store_rows(short + long)
    assert summary.added == len(short) + len(long)
    assert [len(b) for b in batches[:2]] == [6, 6]  # short games: six to a batch
    long_batches = [b for b in batches if b[0] in long]
    assert long_batches and all(len(b) <= 2 for b in long_batches)
    for batch in batches[:-1]:  # each full batch passes the bound by its last game only
        sizes = [r.size for r in batch]
        assert sum(sizes) >= notation.archive.BATCH_BYTES > sum(sizes[:-1])
