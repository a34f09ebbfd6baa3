"""The archive under load and faults: a killed import, two imports at once, serving while importing.

These run the real command in child processes on files of random legal
games (tests/big_pgn.py) and kill, race and read them as a user would.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from big_pgn import archive_state, count, notation, random_games, write_games

from notation import archive as archive_module
from notation import families
from notation.archive import Archive, ArchiveError, begin_write
from notation.families import PositionQuery

GAMES = 800


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    return write_games(tmp_path_factory.mktemp("big") / "random.pgn", GAMES, seed=16)


@pytest.fixture(scope="module")
def clean(big, tmp_path_factory) -> Path:
    """The archive a clean, uninterrupted import of ``big`` makes."""
    db = tmp_path_factory.mktemp("clean") / "clean.db"
    process = notation("import", big, "--db", db, "--quiet", "--jobs", "1")
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    return db


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    """Running and not a zombie (a re-parented child that exited may wait to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def test_a_killed_import_leaves_a_sound_archive_its_workers_exit_and_a_rerun_gives_the_clean_counts(
        big, clean, tmp_path):
    db = tmp_path / "killed.db"
    process = notation("import", big, "--db", db, "--quiet", "--jobs", "2")
    # The workers are noted while they run: they may have replayed every chunk, and exited, before the
    # storing process commits its first records.
    seen: set[int] = set()

    def first_records() -> bool:
        try:
            seen.update(children(process.pid))
        except FileNotFoundError:  # the import is over
            pass
        return count(db) >= 50 or process.poll() is not None

    wait_for(first_records, 300, "the first records")
    workers = sorted(seen)
    assert len(workers) >= 2, "the import forked its workers"
    os.kill(process.pid, signal.SIGKILL)  # the importing process alone, as `kill -9 <pid>` does
    process.wait()
    stored = count(db)
    assert 0 < stored < GAMES, "killed in the middle"
    # The workers notice their parent is gone and exit (they are not killed with it: only the parent was).
    wait_for(lambda: not any(alive(w) for w in workers), 10, "the workers to exit")

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    # No half-stored game: every record has all its moves, and the full-text index has every record.
    assert conn.execute("SELECT count(*) FROM games WHERE move_count != "
                        "(SELECT count(*) FROM moves WHERE moves.game_id = games.id AND variation = 0)"
                        ).fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM moves WHERE position_id IS NULL AND status = 'ok'").fetchone() == (0,)
    assert conn.execute("SELECT count(*) FROM games_fts WHERE games_fts MATCH 'Random'").fetchone() == (stored,)
    conn.close()

    rerun = notation("import", big, "--db", db, "--quiet", "--jobs", "1")
    out, err = rerun.communicate(timeout=600)
    assert rerun.returncode == 0, err
    assert f"{GAMES - stored} records added" in err and f"{stored} already stored" in err
    assert archive_state(db) == archive_state(clean)


def test_two_imports_into_one_archive_at_once_both_finish_and_equal_one_import_of_both(tmp_path):
    records = random_games(300, seed=17).split("\n\n[Event")
    records = [records[0]] + ["[Event" + r for r in records[1:]]
    first = tmp_path / "first.pgn"
    second = tmp_path / "second.pgn"
    # Each record's text ends with the blank line before the next tag: the same text in either file.
    first.write_text("".join(r.rstrip("\n") + "\n\n" for r in records[:200]), encoding="utf-8")
    second.write_text("".join(r.rstrip("\n") + "\n\n" for r in records[100:]), encoding="utf-8")
    db = tmp_path / "shared.db"
    runs = [notation("import", f, "--db", db, "--quiet", "--jobs", "1") for f in (first, second)]
    results = [r.communicate(timeout=600) for r in runs]
    for run, (_, err) in zip(runs, results):
        assert run.returncode == 0, err
        assert "Traceback" not in err
    added = sum(int(err.split(" records added")[0].rsplit(" ", 1)[-1]) for out, err in results)
    assert added == 300  # each shared record stored once, counted "already stored" by the other

    both = tmp_path / "both.db"
    single = notation("import", first, second, "--db", both, "--quiet", "--jobs", "1")
    assert single.wait(timeout=600) == 0
    assert archive_state(db) == archive_state(both)


def test_a_writer_waiting_for_the_lock_says_so_and_goes_on(tmp_path, monkeypatch, capsys):
    path = tmp_path / "a.db"
    Archive(str(path)).conn.close()
    holder = sqlite3.connect(path, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    monkeypatch.setattr(archive_module, "BUSY_SECONDS", 0.1)
    waiter = sqlite3.connect(path, timeout=0.1)
    threading.Timer(0.5, holder.rollback).start()
    begin_write(waiter, str(path))
    assert waiter.in_transaction
    assert f"waiting for another process that is writing {path}" in capsys.readouterr().err
    waiter.rollback()
    holder.execute("BEGIN IMMEDIATE")
    monkeypatch.setattr(archive_module, "BUSY_GIVE_UP_SECONDS", 0.3)
    with pytest.raises(ArchiveError, match="gave up after"):
        begin_write(waiter, str(path))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def test_serving_while_an_import_writes_shows_every_committed_record(big, tmp_path):
    db = tmp_path / "live.db"
    importing = notation("import", big, "--db", db, "--quiet", "--jobs", "1")
    wait_for(lambda: count(db) > 0, 300, "the first record")
    port = free_port()
    serving = notation("serve", "--db", db, "--port", port)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(lambda: _up(base), 60, "Datasette to start")
        seen = []
        while True:
            finished = importing.poll() is not None
            status, body = get(f"{base}/live.json?sql=select+count(*)+from+games&_shape=arrayfirst")
            assert status == 200, body
            seen.append(int(body.strip("[]")))
            status, body = get(f"{base}/live/games?_size=5")
            assert status == 200 and "malformed" not in body
            if finished:
                break
            time.sleep(0.2)
        assert importing.returncode == 0
        # Counts never go back and end at every game: the pages follow the commits, never a stale snapshot.
        # (How many steps are seen depends on the machine's speed: the import commits 200 records at a time.)
        assert seen == sorted(seen) and seen[-1] == GAMES
        status, body = get(f"{base}/-/notation/positions?family=chess&key=8/8/8/8/8/8/8/8")
        assert status == 200
    finally:
        os.killpg(serving.pid, signal.SIGTERM)
        serving.wait(timeout=30)
        if importing.poll() is None:
            importing.kill()


def _up(base: str) -> bool:
    try:
        return get(base + "/-/versions.json")[0] == 200
    except OSError:
        return False


def test_an_archive_of_schema_1_gets_its_search_forms_and_a_full_text_index_kept_by_triggers(tmp_path):
    path = tmp_path / "old.db"
    archive = Archive(str(path))
    archive.conn.executescript(
        """DROP TABLE position_forms; DROP TRIGGER games_ai; DROP TRIGGER games_ad; DROP TRIGGER games_au;
           DROP TABLE games_fts; PRAGMA user_version = 1;
           INSERT INTO positions (family, key) VALUES ('chess', '4k3/8/8/8/8/8/8/4K3 w - -');
           INSERT INTO games (hash, family, status, printed, title) VALUES ('h', 'chess', 'ok', 'x', 'Old one');""")
    archive.conn.close()
    conn = Archive(str(path)).conn
    assert conn.execute("PRAGMA user_version").fetchone() == (archive_module.SCHEMA_VERSION,)
    # its placement and turn are found by the numbers of the keys they can be, not stored
    assert list(conn.execute("SELECT form, value FROM position_forms")) == []
    for form, value in [("key", "4k3/8/8/8/8/8/8/4K3 w - -"), ("turn", "4k3/8/8/8/8/8/8/4K3 w"),
                        ("placement", "4k3/8/8/8/8/8/8/4K3")]:
        assert _found(conn, "chess", form, value) == ["4k3/8/8/8/8/8/8/4K3 w - -"], form
    assert conn.execute("SELECT count(*) FROM games_fts WHERE games_fts MATCH 'Old'").fetchone() == (1,)
    conn.execute("INSERT INTO games (hash, family, status, printed, title) VALUES ('i', 'chess', 'ok', 'y', 'New')")
    assert conn.execute("SELECT count(*) FROM games_fts WHERE games_fts MATCH 'New'").fetchone() == (1,)


def _found(conn: sqlite3.Connection, family: str, form: str, value: str) -> list[str]:
    """The stored keys a position search (the Datasette page's query) finds."""
    from notation.datasette.plugin import found_positions, position_lookup

    query = PositionQuery(form, value, "")
    cursor = conn.execute(*position_lookup(family, query))
    names = [d[0] for d in cursor.description]
    return [row["key"] for row in found_positions([dict(zip(names, r)) for r in cursor], family, query)]


def test_an_archive_of_schema_2_gets_the_search_forms_that_positions_numbers_do_not_find(tmp_path):
    path = tmp_path / "old.db"
    archive = Archive(str(path))
    key = "4k3/8/8/8/8/8/8/4K3 b - -"
    archive.conn.executescript(
        f"""PRAGMA user_version = 2;
           INSERT INTO positions (id, family, key) VALUES (1, 'chess', '{key} 0 1'),
                                                          (2, 'backgammon', '4HPwATDgc/ABMA:cAkAAAAAAAAA'),
                                                          (3, 'cards', 'hand  AS');
           INSERT INTO position_forms (position_id, form, value) VALUES
               (1, 'key', '{key}'), (1, 'turn', '4k3/8/8/8/8/8/8/4K3 b'), (1, 'placement', '4k3/8/8/8/8/8/8/4K3'),
               (2, 'position_id', '4HPwATDgc/ABMA'), (3, 'key', 'hand AS');""")
    archive.conn.close()
    conn = Archive(str(path)).conn
    assert conn.execute("PRAGMA user_version").fetchone() == (archive_module.SCHEMA_VERSION,)
    cards_key = families.get("cards").position_query("hand  AS").key  # as the family normalises it
    # Chess's key as the replay writes it needs none; one stored otherwise (with counters) all its forms;
    # backgammon's position ID (once found as a range of keys, no longer indexed); a cards key unnormalised.
    assert sorted(conn.execute("SELECT key, form, value FROM position_forms JOIN positions ON id = position_id")) == [
        ("4HPwATDgc/ABMA:cAkAAAAAAAAA", "position_id", "4HPwATDgc/ABMA"),
        (key + " 0 1", "key", key), (key + " 0 1", "placement", "4k3/8/8/8/8/8/8/4K3"),
        (key + " 0 1", "turn", "4k3/8/8/8/8/8/8/4K3 b"), ("hand  AS", "key", cards_key)]
    for form, value in [("key", key), ("turn", "4k3/8/8/8/8/8/8/4K3 b"), ("placement", "4k3/8/8/8/8/8/8/4K3")]:
        assert _found(conn, "chess", form, value) == [key + " 0 1"], form
    assert _found(conn, "backgammon", "position_id", "4HPwATDgc/ABMA") == ["4HPwATDgc/ABMA:cAkAAAAAAAAA"]
    assert _found(conn, "cards", "key", cards_key) == ["hand  AS"]


def test_an_archive_of_schema_4_gets_its_positions_numbered_by_their_keys(tmp_path):
    """Schema 4 numbered positions in the order met, their keys indexed; schema 5 numbers each by its key
    (chess: the Polyglot key). Every game reads back as it was, and a search in each form finds it."""
    import chess
    import chess.polyglot

    from notation.archive.read import read_game
    from notation.pipeline import read_games

    path = tmp_path / "old.db"
    archive = Archive(str(path))
    archive.store_all(read_games([write_games(tmp_path / "few.pgn", 5, seed=7)]))
    conn = archive.conn
    games = {gid: read_game(conn, gid).as_json() for (gid,) in conn.execute("SELECT id FROM games")}
    # The same archive as schema 4 wrote it: positions numbered 1, 2, ... and unique by family and key.
    conn.executescript("""
        CREATE TABLE p4 (id INTEGER PRIMARY KEY, family TEXT NOT NULL, key TEXT NOT NULL, UNIQUE (family, key));
        INSERT INTO p4 (family, key) SELECT family, key FROM positions ORDER BY key;
        CREATE TEMP TABLE old AS SELECT positions.id AS number, p4.id AS id FROM positions JOIN p4 USING (family, key);
        UPDATE moves SET position_id = (SELECT id FROM old WHERE number = position_id);
        UPDATE games SET start_position_id = (SELECT id FROM old WHERE number = start_position_id),
                         final_position_id = (SELECT id FROM old WHERE number = final_position_id);
        DROP TABLE positions; ALTER TABLE p4 RENAME TO positions; PRAGMA user_version = 4;""")
    assert conn.execute("SELECT max(id) FROM positions").fetchone()[0] < 1000
    conn.close()
    conn = Archive(str(path)).conn
    assert conn.execute("PRAGMA user_version").fetchone() == (archive_module.SCHEMA_VERSION,)
    assert {gid: read_game(conn, gid).as_json() for gid in games} == games
    keys = dict(conn.execute("SELECT id, key FROM positions"))
    assert all(chess.polyglot.zobrist_hash(chess.Board(key + " 0 1")) == number % 2**64
               for number, key in keys.items())
    assert conn.execute("SELECT count(*) FROM moves WHERE position_id NOT IN (SELECT id FROM positions)"
                        ).fetchone() == (0,)
    key = conn.execute("SELECT key FROM positions JOIN moves ON position_id = positions.id LIMIT 1").fetchone()[0]
    placement, turn = key.split()[:2]
    for form, value in [("key", key), ("turn", f"{placement} {turn}"), ("placement", placement)]:
        assert key in _found(conn, "chess", form, value), form


def test_ctrl_c_while_a_batch_is_stored_stops_the_import_with_none_of_the_batch_stored(tmp_path, monkeypatch):
    """Ctrl-C is not a faulty game: the batch is rolled back and the import stops (it was once
    retried game by game, and the import went on as if nothing had been pressed)."""
    from notation.pipeline import read_games

    path = write_games(tmp_path / "few.pgn", 6, seed=3)
    games = list(read_games([path]))
    archive = Archive(str(tmp_path / "a.db"))
    written = Archive._store_many
    pressed = []

    def interrupted(self, rows):
        written(self, rows)  # the batch's rows are written; Ctrl-C comes (once) before the commit
        if not pressed:
            pressed.append(True)
            raise KeyboardInterrupt

    monkeypatch.setattr(Archive, "_store_many", interrupted)
    with pytest.raises(KeyboardInterrupt):
        archive.store_all(games)
    monkeypatch.undo()
    assert archive.conn.execute("SELECT count(*) FROM games").fetchone() == (0,)
    assert archive.store_all(games).added == len(games) == 6  # the next import stores them all
    # The position ids cached inside the rolled-back batch were forgotten: every move's position exists.
    assert archive.conn.execute("""SELECT count(*) FROM moves LEFT JOIN positions ON positions.id = moves.position_id
                                   WHERE positions.id IS NULL""").fetchone() == (0,)
    assert archive.conn.execute("SELECT count(*) FROM moves").fetchone()[0] > 0


def test_the_full_text_index_is_filled_once_a_batch_and_its_trigger_is_always_there_after(tmp_path, monkeypatch):
    """A batch's games are indexed together (the insert trigger is dropped inside the batch's transaction
    and made again before it commits); a batch rolled back keeps the trigger; a game inserted by
    hand is still indexed by it."""
    from notation.pipeline import read_games

    games = list(read_games([write_games(tmp_path / "few.pgn", 8, seed=5)]))
    archive = Archive(str(tmp_path / "a.db"))
    trigger = "SELECT sql FROM sqlite_master WHERE name = 'games_ai'"
    made = archive.conn.execute(trigger).fetchone()
    assert made is not None
    monkeypatch.setattr(archive_module, "moves_rows", lambda *args: (_ for _ in ()).throw(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):  # stopped after the trigger was dropped, before it was made again
        archive.store_all(games[:3])
    monkeypatch.undo()
    assert archive.conn.execute(trigger).fetchone() == made
    assert archive.store_all(games).added == 8
    assert archive.conn.execute(trigger).fetchone() == made
    assert archive.conn.execute("SELECT count(*) FROM games_fts WHERE games_fts MATCH 'Random'").fetchone() == (8,)
    assert archive.conn.execute("SELECT count(*) FROM games_fts").fetchone() == (8,)
    archive.conn.execute("INSERT INTO games (hash, family, status, printed, title) VALUES ('h', 'chess', 'ok', 'x', 'Byhand')")
    assert archive.conn.execute("SELECT count(*) FROM games_fts WHERE games_fts MATCH 'Byhand'").fetchone() == (1,)


def test_the_stored_positions_cache_stays_bounded_on_every_path(tmp_path, monkeypatch):
    """The cache of positions known stored is emptied when full wherever positions are stored (an import's
    batches, a Parquet part loaded game by game), so memory stays flat; a position met again after it
    is emptied is stored once, by its number."""
    monkeypatch.setattr(archive_module, "POSITION_CACHE", 10)
    archive = Archive(str(tmp_path / "a.db"))
    begin_write(archive.conn, "the test")
    number = archive_module.position_number
    for i in range(50):
        archive._store_positions("cards", [(number("cards", f"hand {i}"), f"hand {i}"),
                                           (number("cards", "hand 0"), "hand 0")])
        assert len(archive._positions) <= 10 + 2
    ids = dict(archive.conn.execute("SELECT key, id FROM positions"))
    assert ids["hand 0"] == number("cards", "hand 0") and len(ids) == 50
    archive.conn.execute("ROLLBACK")


def test_a_chess_position_is_numbered_by_its_polyglot_key(tmp_path):
    """Every stored chess position's id is python-chess's Polyglot key of the board the game reaches."""
    import chess
    import chess.polyglot

    from notation.pipeline import read_games

    archive = Archive(str(tmp_path / "a.db"))
    archive.store_all(read_games([write_games(tmp_path / "few.pgn", 6, seed=11)]))
    conn = archive.conn
    checked = 0
    for (game_id,) in conn.execute("SELECT id FROM games").fetchall():
        board = chess.Board()
        for normalized, number in conn.execute("SELECT normalized, position_id FROM moves WHERE game_id = ? "
                                               "AND variation = 0 ORDER BY ply", (game_id,)).fetchall():
            board.push_san(normalized)
            assert number % 2**64 == chess.polyglot.zobrist_hash(board), board.fen()
            checked += 1
    assert checked > 100


def test_a_chess_key_not_as_the_replay_writes_it_gets_a_number_of_its_own():
    """A key the Polyglot key would number as another (castling rights or an en passant square the board
    does not allow, a Chess960 file letter) is numbered by the hash of its text: never the other's number."""
    chess_family = families.get("chess")
    plain = "4k3/8/8/8/8/8/8/4K3 w - -"
    odd = ["4k3/8/8/8/8/8/8/4K3 w K -", "4k3/8/8/8/8/8/8/4K3 w - e6", "4k3/8/8/8/8/8/8/4K3 w Hh -"]
    numbers = [chess_family.position_number(key) for key in [plain, *odd]]
    assert len(set(numbers)) == 4
    assert numbers[1:] == [families.key_number("chess", key) for key in odd]


def test_the_moves_position_index_is_built_after_a_new_archives_first_import(tmp_path, monkeypatch):
    """Into a new archive the moves' index on position id is built once the import is stored (also when it
    stops early); an archive with moves keeps it up to date throughout; the ids are the games' Polyglot keys."""
    import chess
    import chess.polyglot

    from notation.pipeline import read_games

    games = list(read_games([write_games(tmp_path / "few.pgn", 8, seed=5)]))
    archive = Archive(str(tmp_path / "a.db"))
    conn = archive.conn
    indexed = "SELECT 1 FROM sqlite_master WHERE name = 'moves_position'"
    seen = []
    store_batch = archive._store_batch
    monkeypatch.setattr(archive, "_store_batch", lambda *a: seen.append(conn.execute(indexed).fetchone())
                        or store_batch(*a))
    archive.store_all(games[:4])
    assert seen == [None] and conn.execute(indexed).fetchone() == (1,)
    archive.store_all(games[4:])
    assert seen == [None, (1,)]  # not dropped again: the archive has moves
    plan = " ".join(row[-1] for row in conn.execute("EXPLAIN QUERY PLAN SELECT game_id FROM moves WHERE position_id = 1"))
    assert "moves_position" in plan
    for game in games:  # the ids the import gave: python-chess's Polyglot keys of the boards the games reach
        board = chess.Board()
        for move in game.moves:
            board.push_uci(move.detail.uci)
            (stored,) = conn.execute("SELECT position_id FROM moves JOIN games g ON g.id = game_id "
                                     "WHERE g.hash = ? AND ply = ? AND variation = 0", (game.record.hash, move.ply)).fetchone()
            assert stored % 2**64 == chess.polyglot.zobrist_hash(board)

    stopped = Archive(str(tmp_path / "b.db"))
    monkeypatch.setattr(archive_module, "moves_rows", lambda *args: (_ for _ in ()).throw(KeyboardInterrupt))
    with pytest.raises(KeyboardInterrupt):
        stopped.store_all(games)
    assert stopped.conn.execute(indexed).fetchone() == (1,)


def test_an_import_copies_its_log_into_the_archive_in_a_thread_of_its_own_after_each_batch(tmp_path, monkeypatch):
    """While an import stores, its connection takes no checkpoint of its own (SQLite's would run inside a
    batch's commit): a second connection copies the write-ahead log into the archive's file in another
    thread after each batch, and the next batch waits until it is copied; the last copy goes on while
    the positions index is built. The connection has its checkpoints back after; the games are all stored."""
    from notation.pipeline import read_games

    games = list(read_games([write_games(tmp_path / "few.pgn", 5, seed=9)]))
    monkeypatch.setattr(archive_module, "BATCH_BYTES", 1)  # a batch a game
    archive = Archive(str(tmp_path / "a.db"))
    conn = archive.conn
    events: list[tuple] = []
    copy = archive_module.Checkpoints._copy

    def copied(self):
        copy(self)
        time.sleep(0.05)  # a slow copy: the next batch still comes after it
        events.append(("copied", threading.current_thread() is threading.main_thread()))

    monkeypatch.setattr(archive_module.Checkpoints, "_copy", copied)
    store_batch = archive._store_batch
    monkeypatch.setattr(archive, "_store_batch", lambda batch, summary: (
        events.append(("stored", conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0])),
        store_batch(batch, summary)))
    conn.set_trace_callback(lambda sql: events.append(("indexed",)) if sql.startswith("CREATE INDEX") else None)
    assert archive.store_all(games).added == 5
    assert events == [("stored", 0), ("copied", False)] * 4 + [("stored", 0), ("indexed",), ("copied", False)]
    assert conn.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)
    assert conn.execute("SELECT count(*) FROM games").fetchone() == (5,)


def test_a_copy_of_the_log_that_fails_stops_the_import_before_its_next_batch(tmp_path, monkeypatch):
    """Never silent: what stopped the copy in its thread (a full disk ...) is raised by the import before
    it writes another batch; what was committed stays, and the connection has its checkpoints back."""
    from notation.pipeline import read_games

    class Failing:
        def execute(self, sql):
            raise sqlite3.OperationalError("disk I/O error")

        def close(self):
            pass

    games = list(read_games([write_games(tmp_path / "few.pgn", 3, seed=9)]))
    monkeypatch.setattr(archive_module, "BATCH_BYTES", 1)
    start = archive_module.Checkpoints.start
    monkeypatch.setattr(archive_module.Checkpoints, "start", lambda self: (setattr(self, "copier", Failing()),
                                                                             start(self)))
    archive = Archive(str(tmp_path / "a.db"))
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        archive.store_all(games)
    assert archive.conn.execute("SELECT count(*) FROM games").fetchone() == (1,)
    assert archive.conn.execute("PRAGMA wal_autocheckpoint").fetchone() == (1000,)


def test_a_schema_5_archive_gains_the_variations_verdict_column_and_keeps_its_games(tmp_path):
    # Schema 6 keeps a variation's verdict (variations.result); an archive of 5 has no such column: it gains it empty.
    from notation.archive.read import read_game
    from notation.pipeline import read_games

    page = tmp_path / "book.txt"
    page.write_text('[Game "checkers"]\n[Notation "book"]\n11-15 23 19 8-11 A 22 17 4- 8 ------ Var A. 21 17 9-13 '
                    "B wins\n")
    path = tmp_path / "old.db"
    archive = Archive(str(path))
    archive.store_all(read_games([str(page)]))
    conn = archive.conn
    (gid,) = [gid for (gid,) in conn.execute("SELECT id FROM games")]
    assert [v.result for v in read_game(conn, gid).variations] == ["B wins"]
    conn.executescript("ALTER TABLE variations DROP COLUMN result; PRAGMA user_version = 5;")
    conn.close()
    conn = Archive(str(path)).conn
    assert conn.execute("PRAGMA user_version").fetchone() == (archive_module.SCHEMA_VERSION,)
    (back,) = read_game(conn, gid).variations
    assert (back.comment, back.result) == ("B wins", None)
