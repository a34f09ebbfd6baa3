"""Shards on a local Dask cluster -> Parquet; DuckDB over every shard; back into SQLite: the same games."""

import json
import multiprocessing
import os
import re
import sqlite3
from pathlib import Path

import chess
import pytest
from click.testing import CliRunner

pytest.importorskip("dask.distributed")
pytest.importorskip("duckdb")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from notation import parallel  # noqa: E402
from notation.archive import parquet, position_number, shards  # noqa: E402
from notation.cli import cli  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

GAMES = [
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 1/2-1/2",
    "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 1-0",
    "1. d4 d5 2. c4 e6 3. Nc3 Nf6 0-1",
    "1. f3 e5 2. g4 Qh4+ 0-1",  # mate printed as check: the full replay's warning
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 {the Spanish} a6 (3... Nf6 4. O-O) 4. Ba4 *",
    "1. e4 e5 2. Ke3 Nf6 3. Kxe5 *",  # an illegal move
]


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def collection(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for f in range(3):
        text = "".join(f'[Event "File {f} game {i}"]\n[White "A"]\n[Black "B"]\n\n{g}\n\n'
                       for i, g in enumerate(GAMES))
        (folder / f"games{f}.pgn").write_text(text, encoding="utf-8")
    return folder


def _sqlite_content(db):
    conn = sqlite3.connect(db)
    games = conn.execute("select hash, status, result, move_count, error_count, printed from games "
                         "order by hash").fetchall()
    moves = conn.execute("""select g.hash, m.variation, m.ply, m.printed, m.normalized, m.status, m.detail, p.key
                            from moves m join games g on g.id = m.game_id
                            left join positions p on p.id = m.position_id
                            order by g.hash, m.variation, m.ply""").fetchall()
    positions = {k for (k,) in conn.execute(
        "select key from positions where id in (select position_id from moves union "
        "select start_position_id from games union select final_position_id from games)")}
    diagnostics = conn.execute("""select g.hash, d.code, d.line, d."column" from diagnostics d
                                  join games g on g.id = d.game_id order by g.hash, d.id""").fetchall()
    claims = conn.execute("""select g.hash, c.what, c.claimed, c.actual, c.ok from claims c
                             join games g on g.id = c.game_id order by g.hash, c.id""").fetchall()
    return games, moves, positions, diagnostics, claims


def test_shards_on_a_local_cluster_hold_what_the_sqlite_import_holds(collection, tmp_path, monkeypatch):
    monkeypatch.setattr(shards, "SPLIT_BYTES", 0)  # every file cut into shards, as a big one would be
    out = tmp_path / "parquet"
    result = run("import", collection, "--to", "parquet", out, "--shards", "2", "--quiet")
    assert result.exit_code == 0, result.output
    assert len(list((out / "games").glob("*.parquet"))) == 6  # 3 files x 2 shards

    db = tmp_path / "direct.db"
    assert run("import", collection, "--db", db, "--quiet").exit_code == 0
    loaded = tmp_path / "loaded.db"
    assert run("load-parquet", out, "--db", loaded).exit_code == 0
    direct, back = _sqlite_content(db), _sqlite_content(loaded)
    assert len(direct[0]) == 18 and len(direct[1]) > 100
    assert direct == back

    # DuckDB reads the Parquet files themselves: the same games, moves and positions.
    con = parquet.connect(out)
    assert sorted(con.execute("select hash, status, result, move_count, error_count, printed from games")
                  .fetchall()) == direct[0]
    moves = con.execute("""select m.game, m.variation, m.ply, m.printed, m.normalized, m.status, m.detail, p.key
                           from moves m left join distinct_positions p on p.id = m.position_id""").fetchall()
    assert sorted(moves, key=lambda r: r[:3]) == direct[1]
    assert {k for (k,) in con.execute("select key from distinct_positions").fetchall()} == direct[2]


def test_which_games_reach_a_position_across_every_shard(collection, tmp_path, monkeypatch):
    monkeypatch.setattr(shards, "SPLIT_BYTES", 0)
    out = tmp_path / "parquet"
    shards.import_to_parquet([str(collection)], str(out), 3)
    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6"):
        board.push_san(san)
    result = run("query-parquet", out, "--position", board.fen())
    rows = [json.loads(line) for line in result.output.splitlines()]
    # Games 0, 1 and 4 of each file reach it after Black's second move; shards differ.
    assert len(rows) == 9 and {r["ply"] for r in rows} == {4}
    assert len({r["shard"] for r in rows}) > 1
    # A placement, with or without the side to move, by the numbers of every key it can be.
    for placement in (board.board_fen(), board.board_fen() + " w"):
        assert run("query-parquet", out, "--position", placement).output == result.output
    assert run("query-parquet", out, "--position", board.board_fen() + " b").output == ""
    start = run("query-parquet", out, "--position", chess.STARTING_FEN)
    assert len(start.output.splitlines()) == 18


def test_a_position_query_reads_only_the_row_groups_that_may_hold_it(collection, tmp_path, monkeypatch):
    """Bloom filters on the moves' position numbers and the games' hashes: DuckDB skips every row
    group that cannot hold what the query asks for (1,000,000 games: bench/parquet_bench.py)."""
    monkeypatch.setattr(parquet, "ROW_GROUP_GAMES", 1)  # a row group a game: 6 in each table
    monkeypatch.setattr(parquet, "GAMES_ROW_GROUP", 1)
    out = tmp_path / "parquet"
    shards.import_shard(str(collection / "games0.pgn"), 0, 1, str(out))
    con = parquet.connect(out)

    def row_groups(sql: str, values: list) -> list[tuple[int, int]]:
        """(scanned, of how many) for each table the query reads."""
        plan = con.execute("EXPLAIN ANALYZE " + sql, {"values": values}).fetchall()[0][1]
        return [(int(a), int(b)) for a, b in re.findall(r"Row Groups Scanned: (\d+) / (\d+)", plan)]

    board = chess.Board()
    for san in ("f3", "e5", "g4"):  # game 3 only
        board.push_san(san)
    reached = position_number("chess", " ".join(board.fen().split()[:4]))
    board.push_san("d5")  # no game
    never = position_number("chess", " ".join(board.fen().split()[:4]))
    moves = "SELECT game FROM moves WHERE list_contains($values, position_id)"
    assert row_groups(moves, [reached]) == [(1, 6)]
    assert row_groups(moves, [never]) == [(0, 6)]
    count, found = parquet.games_reaching(out, [reached])
    assert count == 1 and [(g["title"], g["ply"]) for g in found] == [("A – B, File 0 game 3", 3)]
    assert row_groups("SELECT title FROM games WHERE list_contains($values, hash)", [found[0]["hash"]]) == [(1, 6)]


def test_the_index_finds_what_a_scan_of_the_moves_finds(collection, tmp_path, monkeypatch):
    """Every position of the archive (and one no game reaches), looked up in the index ``reached``:
    the same games and first plies as a scan of every game's start and moves, in every line; the
    index sorted by number, its min/max statistics narrowing a number to one of its row groups."""
    monkeypatch.setattr(shards, "SPLIT_BYTES", 0)
    monkeypatch.setattr(parquet, "ROW_GROUP_GAMES", 1)
    monkeypatch.setattr(parquet, "INDEX_ROW_GROUP", 4)  # small row groups: a number in few of them
    monkeypatch.setattr(parquet, "INDEX_RUN_ROWS", 15)  # and sorted runs of two games' rows a part
    out = tmp_path / "parquet"
    shards.import_shard(str(collection / "games0.pgn"), 0, 2, str(out))
    shards.import_shard(str(collection / "games1.pgn"), 1, 2, str(out))
    con = parquet.connect(out)
    scanned: dict[int, dict[str, int]] = {}
    for game, number, ply in con.execute("SELECT game, position_id, ply FROM moves WHERE position_id IS NOT NULL "
                                         "UNION ALL SELECT hash, start_position_id, 0 FROM games").fetchall():
        plies = scanned.setdefault(number, {})
        plies[game] = min(ply, plies.get(game, ply))
    assert len(scanned) > 20 and any(len(p) > 1 for p in scanned.values())
    for number, plies in scanned.items():
        count, found = parquet.games_reaching(out, [number])
        assert count == len(found) and {g["hash"]: g["ply"] for g in found} == plies
    # The variation's move (3... Nf6, game 4) is found, at its ply, in the one game that plays it.
    board = chess.Board()
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"):
        board.push_san(san)
    count, found = parquet.games_reaching(out, [position_number("chess", " ".join(board.fen().split()[:4]))])
    assert (count, [(g["title"], g["ply"]) for g in found]) == (1, [("A – B, File 0 game 4", 6)])
    # Each run of the index sorted by number (two runs a part: three games of about 10 positions, a run
    # written after 15 rows), in row groups of 4: a number is read from a row group or two of each run.
    runs = 0
    for path in (out / "reached").glob("*.parquet"):
        index = pq.ParquetFile(path)
        groups = [index.read_row_group(g).column("position_id").to_pylist() for g in range(index.num_row_groups)]
        assert all(len(g) <= 4 and g == sorted(g) for g in groups)
        numbers = [n for g in groups for n in g]
        descents = sum(b < a for a, b in zip(numbers, numbers[1:]))
        assert descents <= 1
        runs += 2
    plan = con.execute("EXPLAIN ANALYZE SELECT ordinal FROM reached WHERE list_contains($values, position_id)",
                       {"values": [next(iter(scanned))]}).fetchall()[0][1]
    scanned_groups, groups = map(int, re.search(r"Row Groups Scanned: (\d+) / (\d+)", plan).groups())
    assert groups >= 12 and scanned_groups <= 2 * runs
    assert parquet.games_reaching(out, [next(iter(scanned)) + 1]) == (0, [])


def test_a_limit_prints_the_first_games_and_says_how_many_reach_the_position(collection, tmp_path, monkeypatch):
    monkeypatch.setattr(shards, "SPLIT_BYTES", 0)
    out = tmp_path / "parquet"
    shards.import_to_parquet([str(collection)], str(out), 2)
    every = run("query-parquet", out, "--position", chess.STARTING_FEN)
    assert len(every.stdout.splitlines()) == 18 and not every.stderr
    result = run("query-parquet", out, "--position", chess.STARTING_FEN, "--limit", "5")
    assert result.stdout.splitlines() == every.stdout.splitlines()[:5]  # the first five, in the same order
    assert "18 games reach the position; the first 5 shown (--limit 5)" in result.stderr
    count, found = parquet.games_reaching(out, [position_number("chess", " ".join(chess.STARTING_FEN.split()[:4]))], 5)
    assert count == 18 and [(g["file"], g["line"]) for g in found] == sorted((g["file"], g["line"]) for g in found)


def test_a_chosen_part_loads_into_sqlite(collection, tmp_path):
    out = tmp_path / "parquet"
    shards.import_to_parquet([str(collection)], str(out), 2)
    db = tmp_path / "part.db"
    ok = parquet.load_sqlite(out, str(db), "status = 'ok'")
    statuses = {s for (s,) in sqlite3.connect(db).execute("select status from games")}
    assert ok == 15 and statuses == {"ok"}  # all but the illegal move of each file
    # The rest follows; what is there already is skipped.
    assert parquet.load_sqlite(out, str(db)) == 18 - ok


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="workers are spawned")
def test_local_workers_are_forked_and_each_task_told_its_share(collection, tmp_path, monkeypatch):
    """What the importing process has loaded, the local cluster's workers have (here a stand-in for
    ``parallel.expect``, which only a forked worker sees), and each task is told its share of the file."""
    told = tmp_path / "told"
    told.mkdir()

    def expect(text):  # runs in a worker
        (told / f"{os.getpid()}-{text}").touch()

    monkeypatch.setattr(parallel, "expect", expect)
    monkeypatch.setattr(shards, "SPLIT_BYTES", 0)
    games = collection / "games0.pgn"
    results = shards.import_to_parquet([str(games)], str(tmp_path / "out"), 2)
    assert sum(r.games for r in results) == len(GAMES)
    calls = [name.split("-") for name in os.listdir(told)]
    share = games.stat().st_size // 2
    # The importing process is told a task's share too: it replays the first record before the workers are
    # forked, so that what a replay loads on first use (the chess kernel with it) is loaded once.
    assert [int(text) for pid, text in calls if pid == str(os.getpid())] == [share]
    assert sorted(int(text) for pid, text in calls if pid != str(os.getpid())) == [share] * 2


def test_bad_options_are_refused(collection, tmp_path):
    result = CliRunner().invoke(cli, ["import", str(collection), "--shards", "2"])
    assert result.exit_code != 0 and "--to parquet" in result.output
    result = CliRunner().invoke(cli, ["query-parquet", str(tmp_path), "--position", "8/8/8"])
    assert result.exit_code != 0 and "--position" in result.output
    # An archive written before the index: refused, with the reason, not answered by nothing.
    result = CliRunner().invoke(cli, ["query-parquet", str(tmp_path), "--position", chess.STARTING_FEN])
    assert result.exit_code != 0 and "no index of the positions" in result.output
    # An index written before it held the games' file and line: refused the same way.
    (tmp_path / "reached").mkdir()
    pq.write_table(pa.table({"position_id": pa.array([1], pa.int64()), "ordinal": pa.array([0], pa.int32()),
                             "ply": pa.array([0], pa.int32())}), tmp_path / "reached" / "old.parquet")
    result = CliRunner().invoke(cli, ["query-parquet", str(tmp_path), "--position", chess.STARTING_FEN])
    assert result.exit_code != 0 and "written before it held the games' file and line" in result.output


def test_a_file_that_is_not_text_is_refused_by_its_first_shard_and_writes_no_game(tmp_path):
    noise = tmp_path / "noise.pgn"
    noise.write_bytes(bytes(range(256)) * 8)
    first, second = (shards.import_shard(str(noise), shard, 2, str(tmp_path / "out")) for shard in (0, 1))
    assert first.games == second.games == 0
    assert first.refused and f"{noise}: not a text file" in first.refused and second.refused is None


def test_a_limit_reads_the_games_it_prints_only(collection, tmp_path, monkeypatch):
    """The first N of every position, in order, are the whole answer's first N: parts cut from one file,
    a file in two parts at once (its games tied by file and line), a row group a game. The index holds
    each game's file and line: the first N are chosen there, and only their parts' games are read."""
    monkeypatch.setattr(parquet, "ROW_GROUP_GAMES", 1)
    monkeypatch.setattr(parquet, "GAMES_ROW_GROUP", 1)
    out = tmp_path / "parquet"
    for name, shard, of in (("games0.pgn", 0, 2), ("games0.pgn", 1, 2), ("games1.pgn", 0, 1),
                            ("games2.pgn", 0, 2), ("games2.pgn", 0, 1)):
        shards.import_shard(str(collection / name), shard, of, str(out))
    con = parquet.connect(out)
    numbers = [n for (n,) in con.execute("SELECT DISTINCT position_id FROM reached ORDER BY 1").fetchall()]
    assert len(numbers) > 20
    for number in numbers:
        count, every = parquet.games_reaching(out, [number])
        assert count == len(every)
        for limit in {0, 1, 2, 3, count // 2, count - 1, count}:
            assert parquet.games_reaching(out, [number], limit) == (count, every[:limit]), (number, limit)
    start = position_number("chess", " ".join(chess.STARTING_FEN.split()[:4]))
    count, first = parquet.games_reaching(out, [start], 2)
    # The games of the other parts moved away: the same answer (21 games reach the start, in 5 parts).
    for path in (out / "games").glob("*.parquet"):
        if path.stem not in {g["shard"] for g in first}:
            path.rename(tmp_path / path.name)
    assert parquet.games_reaching(out, [start], 2) == (count, first)
    assert count == 21 and len(first) == 2
    assert [(g["title"], g["shard"].split("-", 2)[2]) for g in first] == [
        ("A – B, File 0 game 0", "0000-of-0002"), ("A – B, File 0 game 1", "0001-of-0002")]


def test_games_are_written_in_row_groups_of_their_own_and_answer_as_before(collection, tmp_path, monkeypatch):
    """``games`` in row groups of GAMES_ROW_GROUP games, the other tables' every ROW_GROUP_GAMES (fewer row
    groups for a frequent position's games to read: bench/parquet_bench.py); every position's games, whole
    or the first N, the same as from shards written before, a row group of games every ROW_GROUP_GAMES."""
    monkeypatch.setattr(parquet, "ROW_GROUP_GAMES", 1)
    answers = {}
    for games_row_group in (1, 4):  # 1: as written before; 4: six games in row groups of 4 and 2
        monkeypatch.setattr(parquet, "GAMES_ROW_GROUP", games_row_group)
        out = tmp_path / f"parquet-{games_row_group}"
        for name in ("games0.pgn", "games1.pgn"):
            shards.import_shard(str(collection / name), 0, 1, str(out))
        for path in (out / "games").glob("*.parquet"):
            meta = pq.ParquetFile(path).metadata
            assert [meta.row_group(g).num_rows for g in range(meta.num_row_groups)] == (
                [1] * 6 if games_row_group == 1 else [4, 2])
            assert pq.ParquetFile(out / "moves" / path.name).metadata.num_row_groups == 6
        numbers = [n for (n,) in parquet.connect(out).execute(
            "SELECT DISTINCT position_id FROM reached ORDER BY 1").fetchall()]
        assert len(numbers) > 20
        answers[games_row_group] = [parquet.games_reaching(out, [n], limit) for n in numbers for limit in (None, 2)]
    assert answers[4] == answers[1]
    assert any(count > 2 for count, _ in answers[4])


def test_games_in_two_parts_at_one_place_come_in_order_of_the_parts_names(collection, tmp_path):
    """Parts are named in the query by their place in a list sorted by name ("p" before "p-1"), not by
    their files' paths ("p-1.parquet" before "p.parquet"): a file imported twice gives each game twice,
    at one file and line, the part named first first, whole answer or first N."""
    first = tmp_path / "first"
    shards.import_shard(str(collection / "games0.pgn"), 0, 1, str(first))
    out = tmp_path / "parquet"
    for table in parquet.TABLES:
        (source,) = (first / table).glob("*.parquet")
        (out / table).mkdir(parents=True)
        for name in ("p", "p-1"):
            (out / table / f"{name}.parquet").write_bytes(source.read_bytes())
    start = position_number("chess", " ".join(chess.STARTING_FEN.split()[:4]))
    count, found = parquet.games_reaching(out, [start])
    assert count == 2 * len(GAMES) and [g["shard"] for g in found] == ["p", "p-1"] * len(GAMES)
    assert [g["hash"] for g in found[::2]] == [g["hash"] for g in found[1::2]]  # the same game in each part
    assert parquet.games_reaching(out, [start], 3) == (count, found[:3])


def test_the_glyphs_printed_after_a_move_are_kept_as_the_sqlite_import_keeps_them(tmp_path):
    """A move's ``!`` or ``?!`` rides in its detail's JSON in SQLite; a Parquet shard kept the detail without them."""
    games = tmp_path / "glyphs.pgn"
    games.write_text('[Event "t"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n1. e4! e5?! 2. Nf3 *\n')
    shards.import_shard(str(games), 0, 1, str(tmp_path / "out"))
    stored = pq.read_table(tmp_path / "out" / "moves", columns=["detail"]).column("detail").to_pylist()
    assert CliRunner().invoke(cli, ["import", str(games), "--db", str(tmp_path / "a.db"), "--quiet"]).exit_code == 0
    with sqlite3.connect(tmp_path / "a.db") as conn:
        expected = [row[0] for row in conn.execute("SELECT detail FROM moves ORDER BY ply")]
    assert stored == expected
    assert [json.loads(d).get("annotations") for d in stored] == [["!"], ["?!"], None]
    # Loaded back into SQLite, the glyphs are read again.
    CliRunner().invoke(cli, ["load-parquet", str(tmp_path / "out"), "--db", str(tmp_path / "b.db")])
    with sqlite3.connect(tmp_path / "b.db") as conn:
        assert [row[0] for row in conn.execute("SELECT detail FROM moves ORDER BY ply")] == expected
