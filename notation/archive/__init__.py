"""Games -> SQLite (through sqlite-utils).

Tables: ``sources``, ``games`` (one per record, with the text exactly as
printed), ``moves``, ``positions`` (each stored once, numbered by its 64-bit key:
:meth:`notation.families.Family.position_number`; ``moves.position_id`` is that
number, indexed, so "which records reach this position" is one query),
``variations``, ``diagnostics``, ``claims``, ``tokens`` (the printed text cut into words with their
roles: :mod:`notation.archive.roles`). One transaction per record;
a record's content hash makes re-import add nothing.
"""

from __future__ import annotations

import functools
import json
import operator
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import repeat
from typing import TYPE_CHECKING, NamedTuple, TypeVar, cast

from notation import families
from notation.archive import roles
from notation.families import KEY_FIELD_SEPARATORS
from notation.model import Detail, Game, Move, Record

if TYPE_CHECKING:  # loaded where used: a position number or the Parquet query needs none of them (0.2 s of CPU)
    import sqlite_utils

    from notation.pipeline import Keep, Refused

#: The archive's layout, kept in ``PRAGMA user_version``. Raise it with every change to the
#: tables, and teach :data:`MIGRATIONS` the step from the version before.
SCHEMA_VERSION = 6


T = TypeVar("T")


class ArchiveError(Exception):
    """An archive that cannot be opened or written: the message names the file and why."""


class ArchiveVersionError(ArchiveError):
    """An archive written by another version of notation, which this one cannot bring up to date."""


#: Bytes of a page of a new archive (SQLite's default is 4,096).
PAGE_SIZE = 8192
#: Seconds one attempt waits for another process's write lock before saying that it waits.
BUSY_SECONDS = 5.0
#: Seconds after which an import stops waiting for another writer.
BUSY_GIVE_UP_SECONDS = 600.0


def open_db(path: str) -> sqlite_utils.Database:
    """Open (creating if need be) an archive database with every table and index (:func:`open_conn`), as
    sqlite-utils' ``Database`` (without its plugins: the archive's SQL is its own)."""
    from notation.archive.sqlite import sqlite_utils

    return sqlite_utils.Database(open_conn(path), execute_plugins=False)


def open_conn(path: str) -> sqlite3.Connection:
    """Open (creating if need be) an archive database with every table and index: the connection.

    An archive of an older schema is migrated; one that cannot be (or a newer
    one) raises :class:`ArchiveVersionError` saying how to rebuild it. A
    missing folder, or a file that is not SQLite, raises :class:`ArchiveError`
    naming the path. Two imports opening a new archive at once make its
    schema once: it is made in one write transaction.
    """
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ArchiveError(f"cannot create the archive {path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise ArchiveError(f"cannot open the archive {path}: it is a folder")
    try:
        # A plain connection: sqlite-utils (its import and its plugins' look-up, which reads every installed
        # package's entry points) is loaded only where a caller asks for :attr:`Archive.db`.
        db = sqlite3.connect(path, timeout=BUSY_SECONDS)
        # As sqlite-utils' Database sets it (the archive was written so): a trigger fired by a trigger's write
        # fires (the full-text index's triggers on a row a REPLACE deletes).
        db.execute("PRAGMA recursive_triggers = on")
        # A new archive's pages (an existing one keeps its own): half as many B-tree pages to walk, split
        # and write for the moves' rows of 200-odd bytes (storing 4,000 random games 3.22-3.35 s CPU against
        # 3.49-3.71 at 4 KiB, four rounds in turn; docs/benchmarks.md, issue 30 round 2).
        db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        # readers (notation serve) see each committed record
        wait_while_busy(lambda: db.execute("PRAGMA journal_mode = WAL"), path)
        db.execute("PRAGMA synchronous = NORMAL")
        # 8 MiB: the positions index outgrows SQLite's default 2 MiB on big imports. (More was measured no
        # faster, 4,000 random games in one process: 25.6 s CPU at 64 MiB, 25.7 s at 16; storing 4,202 games'
        # rows 2.9-3.0 s at 8 MiB, 3.0-3.2 s at 16, SQLite's peak 20 MB against 29.)
        db.execute("PRAGMA cache_size = -8192")
        begin_write(db, path)
        try:
            check_version(db, path)
            create_schema(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    except sqlite3.DatabaseError as exc:
        if "not a database" in str(exc):
            raise ArchiveError(f"cannot open the archive {path}: it is not an SQLite database") from None
        raise ArchiveError(f"cannot open the archive {path}: {exc}") from None
    return db


def check_version(db: sqlite_utils.Database | sqlite3.Connection, path: str) -> None:
    """Bring an archive to :data:`SCHEMA_VERSION`, or stop with a message that says how to rebuild it.

    Runs inside the caller's transaction.
    """
    conn = db if isinstance(db, sqlite3.Connection) else db.conn
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = [row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    if version == SCHEMA_VERSION or (version == 0 and not tables):
        return
    if "games" not in tables:  # every archive, of any schema, has its games table
        shown = ", ".join(tables[:5]) + (f" and {len(tables) - 5} more" if len(tables) > 5 else "")
        raise ArchiveError(f"{path} is not a notation archive: it is an SQLite database of other tables "
                           f"({shown}); name a new file or an archive with --db")
    rebuild = (f"rebuild it: move {path} aside and run `notation import <your files> --db {path}` "
               f"(the printed texts are in its games table, column printed)")
    if version > SCHEMA_VERSION:
        raise ArchiveVersionError(f"{path} has archive schema {version}, newer than this notation "
                                  f"({SCHEMA_VERSION}): upgrade notation, or {rebuild}")
    if version == 0 or any(step not in MIGRATIONS for step in range(version, SCHEMA_VERSION)):
        raise ArchiveVersionError(f"{path} has archive schema {version or 'unversioned'}, older than this "
                                  f"notation's {SCHEMA_VERSION}, with no migration: {rebuild}")
    for step in range(version, SCHEMA_VERSION):
        MIGRATIONS[step](conn)
        conn.execute(f"PRAGMA user_version = {step + 1}")


#: The tables and indexes, one statement each (run together in one transaction).
#: "Which records reach this position": built after the first import into a new archive
#: (:meth:`Archive.store_rows`), kept up to date by every later one.
MOVES_POSITION_INDEX = "CREATE INDEX IF NOT EXISTS moves_position ON moves(position_id)"

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS sources (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        licence TEXT
    )""",
    # A position once, its id the 64-bit number of its key (Family.position_number: chess's Polyglot
    # key), what moves and games refer to; its key's text is kept here only, not indexed.
    """CREATE TABLE IF NOT EXISTS positions (
        id INTEGER PRIMARY KEY,
        family TEXT NOT NULL,
        key TEXT NOT NULL
    )""",
    # A position's key in each other form its family's stored_forms gives (backgammon's position ID,
    # a key stored unnormalised ...): a search in such a form is one index lookup. Chess stores none:
    # a search by placement, or by placement and side, looks up the numbers of the keys it can be
    # (Family.query_keys).
    """CREATE TABLE IF NOT EXISTS position_forms (
        position_id INTEGER NOT NULL REFERENCES positions(id),
        form TEXT NOT NULL,
        value TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS position_forms_lookup ON position_forms(form, value)",
    """CREATE TABLE IF NOT EXISTS games (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        family TEXT NOT NULL,
        variant TEXT,
        notation TEXT,
        title TEXT,
        source_id INTEGER REFERENCES sources(id),
        file TEXT,
        line INTEGER,
        record_index INTEGER,
        status TEXT NOT NULL,
        result TEXT,
        start_position_id INTEGER REFERENCES positions(id),
        final_position_id INTEGER REFERENCES positions(id),
        move_count INTEGER,
        error_count INTEGER,
        candidates TEXT,
        tags TEXT,
        detail TEXT,
        comments TEXT,
        printed TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS variations (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        number INTEGER NOT NULL,
        parent INTEGER NOT NULL,
        branch_ply INTEGER NOT NULL,
        label TEXT,
        comment TEXT,
        result TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS moves (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        variation INTEGER NOT NULL DEFAULT 0,
        ply INTEGER NOT NULL,
        number INTEGER,
        side TEXT,
        printed TEXT,
        normalized TEXT,
        status TEXT NOT NULL,
        line INTEGER,
        "column" INTEGER,
        position_id INTEGER REFERENCES positions(id),
        comment TEXT,
        detail TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS diagnostics (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        variation INTEGER,
        ply INTEGER,
        line INTEGER,
        "column" INTEGER,
        severity TEXT NOT NULL,
        code TEXT NOT NULL,
        message TEXT NOT NULL,
        suggestions TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS claims (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games(id),
        ply INTEGER,
        what TEXT NOT NULL,
        claimed TEXT,
        actual TEXT,
        ok INTEGER,
        line INTEGER,
        "column" INTEGER,
        how TEXT,
        reason TEXT,
        evaluation TEXT,
        depth INTEGER
    )""",
    # The printed text cut into tokens, each with its role (notation/archive/roles.py): every character
    # of games.printed is in one token, but the runs of plain prose between them are not stored. Kept in
    # the order of its key, a game's tokens together: the key is the index on game_id, and no rowid is kept.
    """CREATE TABLE IF NOT EXISTS tokens (
        game_id INTEGER NOT NULL REFERENCES games(id),
        start INTEGER NOT NULL,
        "end" INTEGER NOT NULL,
        line INTEGER,
        "column" INTEGER,
        role TEXT NOT NULL,
        correction TEXT,
        variation INTEGER,
        ply INTEGER,
        reading TEXT,
        PRIMARY KEY (game_id, start)
    ) WITHOUT ROWID""",
    "CREATE INDEX IF NOT EXISTS moves_game ON moves(game_id, variation, ply)",
    MOVES_POSITION_INDEX,
    "CREATE INDEX IF NOT EXISTS games_start ON games(start_position_id)",
    "CREATE INDEX IF NOT EXISTS games_status ON games(status)",
    "CREATE INDEX IF NOT EXISTS games_family ON games(family)",
    "CREATE INDEX IF NOT EXISTS diagnostics_game ON diagnostics(game_id)",
    "CREATE INDEX IF NOT EXISTS variations_game ON variations(game_id)",
    "CREATE INDEX IF NOT EXISTS claims_game ON claims(game_id)",
]

#: Full-text search over titles, printed text and comments, kept current by triggers in the
#: same transaction as each record (the SQL sqlite-utils' ``enable_fts`` writes, so Datasette finds it).
FTS_COLUMNS = ("title", "comments", "printed")


def _fts_schema() -> list[str]:
    cols = _FTS_COLS
    new = ", ".join(f'new."{c}"' for c in FTS_COLUMNS)
    old = ", ".join(f'old."{c}"' for c in FTS_COLUMNS)
    return [
        f'CREATE VIRTUAL TABLE "games_fts" USING FTS5 ({cols}, content="games")',
        f'INSERT INTO "games_fts" (rowid, {cols}) SELECT rowid, {cols} FROM "games"',
        f'CREATE TRIGGER "games_ai" AFTER INSERT ON "games" BEGIN\n'
        f'  INSERT INTO "games_fts" (rowid, {cols}) VALUES (new.rowid, {new});\nEND',
        f'CREATE TRIGGER "games_ad" AFTER DELETE ON "games" BEGIN\n'
        f'  INSERT INTO "games_fts" ("games_fts", rowid, {cols}) VALUES(\'delete\', old.rowid, {old});\nEND',
        f'CREATE TRIGGER "games_au" AFTER UPDATE ON "games" BEGIN\n'
        f'  INSERT INTO "games_fts" ("games_fts", rowid, {cols}) VALUES(\'delete\', old.rowid, {old});\n'
        f'  INSERT INTO "games_fts" (rowid, {cols}) VALUES (new.rowid, {new});\nEND',
    ]


_FTS_COLS = ", ".join(f'"{c}"' for c in FTS_COLUMNS)
#: The trigger that indexes each game inserted (``games_ai``), as :func:`_fts_schema` writes it.
_FTS_INSERT_TRIGGER = _fts_schema()[2]


def _full_text_by_batch(conn: sqlite3.Connection) -> bool:
    """Whether a batch's games are indexed together after they are stored, not one by one by the trigger.

    Inside the caller's write transaction: the insert trigger (if it is this archive's own) is
    dropped; the caller fills the index with one statement and makes the trigger again before it
    commits, so no other connection ever sees the archive without it. (Measured by callgrind on 500
    random games: storing 69,000 -> 61,900 instructions a ply.)
    """
    found = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'games_ai'").fetchone()
    if found is None or found[0] != _FTS_INSERT_TRIGGER:
        return False
    conn.execute('DROP TRIGGER "games_ai"')
    return True


def _claim_columns(conn: sqlite3.Connection) -> None:
    """The claims' columns added since the table was first made, where an archive lacks them."""
    columns = {name for (name,) in conn.execute("SELECT name FROM pragma_table_info('claims')")}
    if "how" not in columns:  # archives written before claims said how they were settled
        conn.execute("ALTER TABLE claims ADD COLUMN how TEXT")
        conn.execute("ALTER TABLE claims ADD COLUMN reason TEXT")
    if "evaluation" not in columns:  # ... nor, before that, what an engine judged
        conn.execute("ALTER TABLE claims ADD COLUMN evaluation TEXT")
        conn.execute("ALTER TABLE claims ADD COLUMN depth INTEGER")


def create_schema(db: sqlite_utils.Database | sqlite3.Connection) -> None:
    """Create the tables, indexes and full-text index if they are missing (inside the caller's transaction).

    The full-text index is made with the tables and kept by triggers, so an
    import stopped early leaves an archive whose search works.
    """
    conn = db if isinstance(db, sqlite3.Connection) else db.conn
    for statement in SCHEMA:
        conn.execute(statement)
    _claim_columns(conn)
    if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'games_fts'").fetchone() is None:
        for statement in _fts_schema():
            conn.execute(statement)


def _to_position_forms(conn: sqlite3.Connection) -> None:
    """Schema 1 -> 2: every stored position's search forms; the full-text index made again, with triggers."""
    for statement in SCHEMA:
        conn.execute(statement)
    rows = conn.execute("SELECT id, family, key FROM positions").fetchall()
    conn.executemany("INSERT INTO position_forms (position_id, form, value) VALUES (?, ?, ?)",
                     [(pid, form, value) for pid, family, key in rows
                      for form, value in position_forms(family, key).items()])
    # Schema 1 made the full-text index at the end of an import, without being sure of its triggers.
    for name in ("games_ai", "games_ad", "games_au"):
        conn.execute(f'DROP TRIGGER IF EXISTS "{name}"')
    conn.execute('DROP TABLE IF EXISTS "games_fts"')


def _to_key_prefixes(conn: sqlite3.Connection) -> None:
    """Schema 2 -> 3: search forms that are the key's leading fields are found by the key's index; not stored."""
    conn.execute(
        f"""DELETE FROM position_forms WHERE rowid IN (
              SELECT f.rowid FROM position_forms f JOIN positions p ON p.id = f.position_id
              WHERE substr(p.key, 1, length(f.value) + 1) IN
                    ({", ".join(f"f.value || '{sep}'" for sep in KEY_FIELD_SEPARATORS)}))""")


def _to_tokens(conn: sqlite3.Connection) -> None:
    """Schema 3 -> 4: the tokens of every stored game, from the game read back (its moves' printed words at
    their lines and columns, its diagnostics, claims and text: what they were made from at import)."""
    for statement in SCHEMA:
        conn.execute(statement)
    from notation.archive.read import read_game

    _claim_columns(conn)  # the games are read back whole, claims and all
    ids = [game_id for (game_id,) in conn.execute("SELECT id FROM games ORDER BY id")]
    for game_id in ids:
        game = read_game(conn, game_id)
        if not roles.derived(game):
            conn.executemany(TOKENS_INSERT, [(game_id, *roles.row(t)) for t in roles.stored(roles.roles(game))])


def _to_position_numbers(conn: sqlite3.Connection) -> None:
    """Schema 4 -> 5: each position renumbered by its key's 64-bit number (moves and games with it), its
    key no longer indexed; the search forms stored again (a form that is the key's leading fields too)."""
    conn.execute("CREATE TEMP TABLE renumbered (old INTEGER PRIMARY KEY, new INTEGER NOT NULL)")
    positions = conn.execute("SELECT id, family, key FROM positions").fetchall()
    conn.executemany("INSERT INTO renumbered VALUES (?, ?)",
                     [(pid, position_number(family, key)) for pid, family, key in positions])
    conn.execute("CREATE TABLE positions_5 (id INTEGER PRIMARY KEY, family TEXT NOT NULL, key TEXT NOT NULL)")
    # Two old keys of one number (one position written two ways) become one position.
    conn.execute("""INSERT INTO positions_5 SELECT r.new, p.family, p.key FROM positions p JOIN renumbered r
                    ON r.old = p.id ORDER BY p.id ON CONFLICT DO NOTHING""")
    new = "(SELECT new FROM renumbered WHERE old = {})"
    conn.execute(f"UPDATE moves SET position_id = {new.format('position_id')} WHERE position_id IS NOT NULL")
    conn.execute(f"UPDATE games SET start_position_id = {new.format('start_position_id')}, "
                 f"final_position_id = {new.format('final_position_id')}")
    conn.execute("DROP TABLE position_forms")
    conn.execute("DROP TABLE positions")
    conn.execute("ALTER TABLE positions_5 RENAME TO positions")
    conn.execute("DROP TABLE renumbered")
    for statement in SCHEMA:
        conn.execute(statement)
    by_family: dict[str, list[tuple[int, str]]] = {}
    for pid, family, key in conn.execute("SELECT id, family, key FROM positions"):
        by_family.setdefault(family, []).append((pid, key))
    for family, found in by_family.items():
        conn.executemany("INSERT INTO position_forms (position_id, form, value) VALUES (?, ?, ?)",
                         form_rows(family, found))


def _to_variation_results(conn: sqlite3.Connection) -> None:
    """Version 5 -> 6: a variation's verdict (``Variation.result``) gets its column (empty for the games stored
    before it: re-import them to fill it)."""
    if "result" not in {row[1] for row in conn.execute("PRAGMA table_info(variations)")}:
        conn.execute("ALTER TABLE variations ADD COLUMN result TEXT")


#: version -> the step that brings an archive of that version to the next one (inside one transaction).
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _to_position_forms, 2: _to_key_prefixes,
                                                                 3: _to_tokens, 4: _to_position_numbers,
                                                                 5: _to_variation_results}
TOKENS_INSERT = f"INSERT INTO tokens (game_id, {roles.SQL_COLUMNS}) VALUES ({', '.join('?' * (len(roles.COLUMNS) + 1))})"


def position_number(family: str, key: str) -> int:
    """A position's id in every archive: its key's 64-bit number by the family
    (:meth:`notation.families.Family.position_number`; a family not installed: the default hash)."""
    return _numbering(family)(key)


def _numbering(family: str) -> Callable[[str], int]:
    try:
        return families.get(family).position_number
    except (KeyError, families.FamilyError):
        return functools.partial(families.key_number, family)


def position_forms(family: str, key: str) -> dict[str, str]:
    """The forms of a stored key that the archive stores: those that differ from the key itself and are
    not its leading fields, by the family's ``stored_forms`` hook.

    (A key stored as the family normalises it, as every replay does, is found
    in ``positions.key``; one stored otherwise also gets its normal ``key`` form.)
    A family that is not installed, or a key it cannot read, gives none: the key is still found whole.
    """
    return {form: value for _, form, value in form_rows(family, [(0, key)])}


def form_rows(family: str, positions: Iterable[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """``position_forms`` rows (id, form, value) of many (id, key) positions of one family, by its
    ``stored_forms`` hook."""
    try:
        hook = families.get(family).stored_forms
    except (KeyError, families.FamilyError):
        return []
    rows = []
    for pid, key in positions:
        try:
            forms = hook(key)
        except ValueError:
            continue
        if forms:
            rows += [(pid, form, value) for form, value in forms.items()]
    return rows


def _sql_text(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def _any_stored_forms(family: str, keys: Iterable[str]) -> bool:
    """Whether any of these keys of the family may have stored forms (:meth:`Family.any_stored_forms`)."""
    try:
        return families.get(family).any_stored_forms(keys)
    except (KeyError, families.FamilyError):
        return False


def begin_write(conn: sqlite3.Connection, what: str) -> None:
    """Start a write transaction, waiting for another process that holds the archive's write lock."""
    wait_while_busy(lambda: conn.execute("BEGIN IMMEDIATE"), what)


def wait_while_busy(action: Callable[[], object], what: str) -> None:
    """Run ``action``, again while another process holds a lock on the archive.

    Each attempt waits :data:`BUSY_SECONDS` (the connection's busy timeout);
    after the first, a message says what is waited for; after
    :data:`BUSY_GIVE_UP_SECONDS`, :class:`ArchiveError`. (Some locks, such as
    the one a new archive's switch to WAL takes, answer "locked" at once.)
    """
    started = time.monotonic()
    told = False
    while True:
        try:
            action()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            waited = time.monotonic() - started
            if waited > BUSY_GIVE_UP_SECONDS:
                raise ArchiveError(f"gave up after {waited:.0f} s waiting for another process "
                                   f"writing {what}") from None
            if not told:
                print(f"waiting for another process that is writing {what} ...", file=sys.stderr)
                told = True
            time.sleep(0.05)


#: The rows stored in one transaction by :meth:`Archive.store_rows`, in bytes held in memory
#: (:attr:`GameRows.size`): a batch is bounded by its size, not its number of games, so that a file
#: of long or annotated games holds no more in the storing process than one of short ones. 10 MB is
#: about 300 random games of 80 plies. (Smaller batches store slower: each commit writes the positions
#: index's changed pages again; 200 games a transaction once took a quarter longer than 500.)
BATCH_BYTES = 10_000_000
#: About the bytes one row of a game (a move, a token, a diagnostic) takes in memory: a tuple of a dozen
#: fields and their strings (measured: 32 kB for a random game of 80 plies and 620 characters).
ROW_BYTES = 400
#: Numbers of the positions known stored, kept in memory (the common ones are met again and again: a
#: position met again is not inserted again); forgotten when full, so memory stays flat on any import.
POSITION_CACHE = 20_000
#: Details are written as JSON by one encoder, not one made per call.
_detail_json = json.JSONEncoder(ensure_ascii=False, default=str).encode


class Checkpoints:
    """The write-ahead log copied into the archive's file by a thread of its own, while an import goes on.

    SQLite copies the log (a checkpoint) inside the commit that takes it past 1,000 pages: in an
    import, nearly every batch's commit (0.2 s of CPU and the file's ``fsync`` in storing 4,000 random
    games). Made for an import's connection, this turns that off for it and copies the log from a second
    connection, in a thread: SQLite runs without Python's lock, so the copy goes on beside the storing
    process's Python (reading the next batch's rows) on another core. :meth:`wait` before each batch is
    written, so that the log is copied whole and the batch's pages go to its beginning again, as after
    SQLite's own checkpoint: the log never holds more than a batch. An archive not in WAL mode (in
    memory) is left as it is.

    The thread runs only between a commit and the next batch. An import's workers are forked once its
    first record is read (:func:`notation.parallel.in_workers`), before any commit but where that record's
    rows alone fill a batch; and a worker never uses SQLite, whose state a fork would copy.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.copier: sqlite3.Connection | None = None
        self.thread: threading.Thread | None = None
        self.error: BaseException | None = None
        self.pages = 0
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            return
        path = next(file for _, name, file in conn.execute("PRAGMA database_list") if name == "main")
        self.pages = conn.execute("PRAGMA wal_autocheckpoint").fetchone()[0]
        # Used by one thread at a time: started after a commit, waited for before the next.
        self.copier = sqlite3.connect(path, timeout=BUSY_SECONDS, check_same_thread=False)
        conn.execute("PRAGMA wal_autocheckpoint = 0")

    def start(self) -> None:
        """Copy the log in the background (what has been committed so far)."""
        if self.copier is not None and self.thread is None:
            self.thread = threading.Thread(target=self._copy, name="notation-checkpoint", daemon=True)
            self.thread.start()

    def _copy(self) -> None:
        try:
            assert self.copier is not None
            # PASSIVE: never waits for a reader (notation serve); what a reader still needs is copied next time.
            self.copier.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except BaseException as exc:  # raised in the storing thread by wait()
            self.error = exc

    def wait(self) -> None:
        """Wait for the copy started last; raise what stopped it."""
        if self.thread is not None:
            self.thread.join()
            self.thread = None
        if self.error is not None:
            error, self.error = self.error, None
            raise error

    def close(self) -> None:
        """Wait for the copy, close the second connection, and give the import's connection its checkpoints
        back (what it wrote since the last copy is copied at its next checkpoint, or when it is closed)."""
        if self.copier is None:
            return
        try:
            self.wait()
        finally:
            self.copier.close()
            self.copier = None
            self.conn.execute(f"PRAGMA wal_autocheckpoint = {self.pages}")


@dataclass
class ImportSummary:
    """What an import did: counts by status, records skipped as already stored."""

    added: int = 0
    skipped: int = 0
    by_status: dict[str, int] = field(default_factory=dict)

    def count(self, game: Game | GameRows) -> None:
        self.added += 1
        self.by_status[game.status] = self.by_status.get(game.status, 0) + 1


class Archive:
    """Stores games; keeps a cache of the positions stored for the life of one import."""

    def __init__(self, db: sqlite_utils.Database | str) -> None:
        self.name = db if isinstance(db, str) else "the archive"
        self._db = None if isinstance(db, str) else db
        self.conn = open_conn(db) if isinstance(db, str) else db.conn
        if not isinstance(db, str):
            enable_search(db)
        #: Numbers (ids) of positions known stored.
        self._positions: set[int] = set()
        self._sources: dict[str, int | None] = {}

    @property
    def db(self) -> sqlite_utils.Database:
        """The archive's connection as sqlite-utils' ``Database`` (made on first use: an import stores by SQL
        on :attr:`conn`, and loads no sqlite-utils)."""
        if self._db is None:
            from notation.archive.sqlite import sqlite_utils

            self._db = sqlite_utils.Database(self.conn, execute_plugins=False)
        return self._db

    def has(self, record_hash: str) -> bool:
        """Whether a record with this content hash is already stored."""
        return self.conn.execute("SELECT 1 FROM games WHERE hash = ?", (record_hash,)).fetchone() is not None

    def store(self, game: Game) -> int | None:
        """Store one game in one transaction. Returns its id, or ``None`` if it was already stored.

        The hash is checked again inside the transaction: another import
        writing the same archive may have stored the record meanwhile.
        """
        return self._store_one(game_rows(game))

    def _store_one(self, rows: GameRows) -> int | None:
        if self.has(rows.hash):
            return None
        try:  # all of the game or none of it
            return self._write(lambda: None if self.has(rows.hash) else self._store_rows(rows))
        except BaseException:
            self._forget_ids()
            raise

    def store_all(self, games: Iterable[Game], summary: ImportSummary | None = None) -> ImportSummary:
        """Store many games, :data:`BATCH_BYTES` of rows to a transaction; a batch that fails is stored game by game."""
        return self.store_rows(map(game_rows, games), summary)

    def store_rows(self, games: Iterable[GameRows | None], summary: ImportSummary | None = None) -> ImportSummary:
        """:meth:`store_all` for games already made into rows (:func:`game_rows`, in a worker process).

        A ``None`` among them stores the games so far at once, in a smaller
        transaction: the reader says it is about to wait for the last of its workers
        (:func:`read_rows_parallel`).
        """
        summary = summary or ImportSummary()
        deferred = self._defer_position_index()
        checkpoints = Checkpoints(self.conn)
        try:
            batch: list[GameRows] = []
            size = 0
            for game in games:
                if game is not None:
                    batch.append(game)
                    size += game.size
                if size >= BATCH_BYTES or (game is None and batch):
                    checkpoints.wait()  # the log copied: this batch's pages go to its beginning again
                    self._store_batch(batch, summary)
                    checkpoints.start()  # while the next batch's rows are read
                    batch = []
                    size = 0
                    release_free_memory()  # the batch's rows, now freed
            if batch:
                checkpoints.wait()
                self._store_batch(batch, summary)
        finally:
            try:
                if deferred:  # also when the import stops early: the archive is left with every index
                    self._write(lambda: self.conn.execute(MOVES_POSITION_INDEX))
            finally:
                checkpoints.close()  # after the index: the last batch's copy goes on while it is built
        return summary

    def _defer_position_index(self) -> bool:
        """Whether the archive has no moves yet: then the moves' index on position id is dropped, to be built
        once the import is stored (by sorting: a position's id is a random number, and the index kept
        up to date move by move cost about 2 µs a move more, measured on 4,000 random games)."""
        def drop() -> bool:
            empty = self.conn.execute("SELECT 1 FROM moves LIMIT 1").fetchone() is None
            if empty:
                self.conn.execute("DROP INDEX IF EXISTS moves_position")
            return empty
        return self._write(drop)

    def _write(self, action: Callable[[], T]) -> T:
        """``action`` in a write transaction of its own."""
        begin_write(self.conn, self.name)
        try:
            done = action()
            self.conn.execute("COMMIT")
            return done
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    def _store_batch(self, games: list[GameRows], summary: ImportSummary) -> None:
        """One write transaction for the batch: all of it or none (never half a game); hashes checked inside."""
        def store() -> list[GameRows | None]:
            stored: list[GameRows | None] = []
            seen: set[str] = set()  # a record printed twice in one batch is stored once
            for game in games:
                fresh = game.hash not in seen and not self.has(game.hash)
                seen.add(game.hash)
                stored.append(game if fresh else None)
            self._store_many([game for game in stored if game is not None])
            return stored

        try:
            stored = self._write(store)
        except BaseException as exc:
            self._forget_ids()
            if not isinstance(exc, Exception):
                raise  # Ctrl-C, exit: the import stops here, its archive as it was before the batch
            # One game at a time: the good ones are kept, the fault is raised by its own game.
            for game in games:
                if self._store_one(game) is None:
                    summary.skipped += 1
                else:
                    summary.count(game)
            return
        for kept in stored:
            if kept is None:
                summary.skipped += 1
            else:
                summary.count(kept)

    # -- internals ---------------------------------------------------------

    def _source_id(self, name: str | None) -> int | None:
        if not name:
            return None
        sid = self._sources.get(name)
        if sid is None:
            row = self.conn.execute("SELECT id FROM sources WHERE name = ?", (name,)).fetchone()
            sid = row[0] if row else self.conn.execute(
                "INSERT INTO sources (name) VALUES (?)", (name,)).lastrowid
            self._sources[name] = sid
        return sid

    def _forget_ids(self) -> None:
        """Forget the cached ids: a rolled-back transaction may have made some that no longer exist.
        (Rare, so all are forgotten rather than each new one noted.)"""
        self._positions.clear()
        self._sources.clear()

    def _store_positions(self, family: str,
                         positions: dict[int | None, str | None] | Iterable[tuple[int | None, str | None]]) -> None:
        """Store the positions (number -> key, or (number, key) pairs) of one family not stored yet.

        Runs inside the caller's write transaction. A position's id is its key's
        number, worked out where the game was replayed (:func:`game_rows`), so
        nothing is looked up: the positions not known stored go in by one
        ``executemany`` that skips those already there, in order of number (a
        batch's inserts then walk the table's B-tree once forward: random order
        and a ``json_each`` of pairs were measured 1-2 µs a position dearer). The
        few with search forms (chess: a key not as the replay writes it) are
        first looked up, so their forms are stored only when they are new.
        """
        if not isinstance(positions, dict):
            positions = dict(positions)
        cache = self._positions
        if len(cache) >= POSITION_CACHE:  # forgotten before a batch is stored, never during it
            cache.clear()
        # The numbers not known stored, in order (C loops: a set difference, ints sorted, not pairs), then
        # their keys; a position without a number or a key (a move not replayed) is none.
        new = positions.keys() - cache
        new.discard(None)
        numbers = sorted(new)
        keys = list(map(positions.__getitem__, numbers))
        if not all(keys):
            numbers, keys = [n for n, k in zip(numbers, keys) if k], [k for k in keys if k]
        if not numbers:
            return
        conn = self.conn
        forms = []
        if _any_stored_forms(family, keys):  # in the order first met, as the forms' rows always were
            forms = form_rows(family, [(n, k) for n, k in positions.items() if n is not None and k and n in new])
        if forms:
            stored = {number for (number,) in conn.execute(
                "SELECT id FROM positions WHERE id IN (SELECT value FROM json_each(?))",
                (json.dumps(sorted({number for number, _, _ in forms})),))}
            forms = [row for row in forms if row[0] not in stored]
        # The family in the statement (a quoted literal), so that a row is the pair zip makes: no tuple
        # made and one value fewer bound a position.
        conn.executemany(f"INSERT INTO positions (id, family, key) VALUES (?, {_sql_text(family)}, ?) "
                         "ON CONFLICT DO NOTHING", zip(numbers, keys))
        conn.executemany("INSERT INTO position_forms (position_id, form, value) VALUES (?, ?, ?)", forms)
        cache.update(numbers)

    def _store_rows(self, rows: GameRows) -> int | None:
        return self._store_many([rows])[0]

    def _store_many(self, games: list[GameRows]) -> list[int]:
        """Store games inside the caller's transaction; their ids. Moves and the rest go in one
        ``executemany`` per table for all the games."""
        conn = self.conn
        # Each family's positions (number -> key) in the order first met; gathered by C loops (zip, map), no
        # pair made per move.
        by_family: dict[str, dict[int | None, str | None]] = {}
        for rows in games:
            positions = by_family.setdefault(rows.family, {})
            positions[rows.game.start_id] = rows.game.start_key
            positions[rows.game.final_id] = rows.game.final_key
            for _, moves in rows.lines:
                positions.update(zip(map(_position_id, moves), map(_position_key, moves)))
        for family, positions in by_family.items():
            self._store_positions(family, positions)
        by_batch = _full_text_by_batch(conn)
        ids: list[int] = []
        for rows in games:
            game = rows.game
            # The source's name, where the table keeps its id.
            values = (game.hash, game.family, game.variant, game.notation, game.title, self._source_id(game.source),
                      game.file, game.line, game.record_index, game.status, game.result, game.start_id,
                      game.final_id, game.move_count, game.error_count, game.candidates, game.tags,
                      game.detail, game.comments, game.printed)
            game_id = conn.execute(
                """INSERT INTO games (hash, family, variant, notation, title, source_id, file, line,
                       record_index, status, result, start_position_id, final_position_id, move_count,
                       error_count, candidates, tags, detail, comments, printed)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", values).lastrowid
            assert game_id is not None
            ids.append(game_id)
        if by_batch:
            if ids:  # numbered on in order inside the write transaction: the range holds only these games
                conn.execute(f'INSERT INTO "games_fts" (rowid, {_FTS_COLS}) SELECT rowid, {_FTS_COLS} FROM "games" '
                             "WHERE rowid BETWEEN ? AND ?", (ids[0], ids[-1]))
            conn.execute(_FTS_INSERT_TRIGGER)
        # Each table's rows for all the games are made as executemany reads them, never held in a list
        # of their own: a batch's moves and tokens so copied held more memory than the batch itself.
        stored = list(zip(ids, games))
        conn.executemany("INSERT INTO variations (game_id, number, parent, branch_ply, label, comment, result) "
                         "VALUES (?,?,?,?,?,?,?)",
                         ((gid, *variation) for gid, rows in stored for variation, _ in rows.lines
                          if variation is not None))
        conn.executemany(MOVES_INSERT, moves_rows(stored))
        conn.executemany(
            """INSERT INTO diagnostics (game_id, variation, ply, line, "column", severity, code, message,
                   suggestions) VALUES (?,?,?,?,?,?,?,?,?)""",
            ((gid, *d) for gid, rows in stored for d in rows.diagnostics))
        conn.executemany(
            """INSERT INTO claims (game_id, ply, what, claimed, actual, ok, line, "column", how, reason,
                                   evaluation, depth)
               VALUES (?,?,?,?,?,?,?,?,?,?,?,?)""", ((gid, *c) for gid, rows in stored for c in rows.claims))
        conn.executemany(TOKENS_INSERT, ((gid, *t) for gid, rows in stored for t in rows.tokens))
        return ids


class GameRow(NamedTuple):
    """A ``games`` row as :func:`game_rows` makes it: the table's columns in order, with the
    source's name where the table keeps its id, and the start and final positions' keys beside their ids."""

    hash: str
    family: str
    variant: str | None
    notation: str | None
    title: str | None
    source: str | None
    file: str
    line: int
    record_index: int
    status: str
    result: str | None
    start_key: str | None
    final_key: str | None
    start_id: int | None
    final_id: int | None
    move_count: int
    error_count: int
    candidates: str | None
    tags: str
    detail: str | None
    comments: str | None
    printed: str


#: The columns of a ``moves`` row as :func:`game_rows` makes it: without ``game_id``, the position's key
#: beside its id (stored in ``positions`` if new), and :data:`NO_COMMENT` for a move without a comment. A
#: plain tuple, read by these names: a named tuple was measured three times slower to send from a worker
#: process (pickled), and, never untracked by the garbage collector, it doubled the time to make the rows
#: of a file's games.
MOVE_COLUMNS = ("variation", "ply", "number", "side", "printed", "normalized", "status", "line", "column",
                "position_key", "position_id", "comment", "detail")
POSITION_KEY = MOVE_COLUMNS.index("position_key")
POSITION_ID = MOVE_COLUMNS.index("position_id")
_position_key = operator.itemgetter(POSITION_KEY)
_position_id = operator.itemgetter(POSITION_ID)


#: A move's comment in its row where it has none: stored as NULL (by :data:`MOVES_INSERT`). Not ``None``,
#: which Python's ``sqlite3`` binds only after looking for an adapter (a tuple made and looked up for
#: each value): binding the moves' rows, nearly all of them without a comment, took half as long again
#: with ``None`` there (0.43-0.61 s against 0.30 s for 316,279 rows). A comment is text, never this number.
NO_COMMENT = 0

#: The ``moves`` INSERT of a game's id and a row of :data:`MOVE_COLUMNS` as it is: the parameters are
#: numbered, and ``?11`` (the position's key) is bound but not stored, so no row is cut and joined again
#: (cutting each row and joining it again was a fifth of the storing process's Python time); ``?13``, the comment, is
#: NULL where it is :data:`NO_COMMENT` (``NULLIF`` compares the integer with text as unequal: a comment
#: "0" is kept).
MOVES_INSERT = f"""INSERT INTO moves (game_id, variation, ply, number, side, printed, normalized, status,
    line, "column", position_id, comment, detail)
    VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?12,NULLIF(?13, {NO_COMMENT}),?14)"""
assert MOVE_COLUMNS.index("position_key") == 9 and MOVE_COLUMNS.index("comment") == 11  # ?11, ?13 above


def moves_rows(games: list[tuple[int, GameRows]]) -> Iterator[tuple]:
    """The parameters of :data:`MOVES_INSERT` for every move of these (id, rows) games, made as they are read."""
    return ((gid, *m) for gid, rows in games for _, moves in rows.lines for m in moves)


@dataclass
class GameRows:
    """A game as the rows the archive stores, without the ids only the archive can give.

    Made where the game was replayed — a worker process — so that what crosses
    between processes is plain tuples, and the JSON is written there too.
    Positions come numbered (:func:`position_number`, or the replay's own number)
    with their keys; the source is named, and :class:`Archive` turns it into an id.
    """

    hash: str
    family: str
    status: str
    #: Moves of the main line.
    plies: int
    game: GameRow
    #: Each line: ``None`` for the main line, else its ``variations`` row (without ``game_id``),
    #: and its ``moves`` rows (:data:`MOVE_COLUMNS`).
    lines: list[tuple[tuple | None, list[tuple]]]
    diagnostics: list[tuple]
    claims: list[tuple]
    #: The ``tokens`` rows (:data:`notation.archive.roles.COLUMNS`).
    tokens: list[tuple]

    @property
    def size(self) -> int:
        """About the bytes these rows hold in memory (what bounds a batch, :data:`BATCH_BYTES`)."""
        rows = 1 + sum(len(moves) for _, moves in self.lines) + len(self.diagnostics) + len(self.claims) \
            + len(self.tokens)
        return rows * ROW_BYTES + len(self.game.printed) + len(self.game.comments or "")


def game_rows(game: Game) -> GameRows:
    """The rows of one game, ready for :meth:`Archive.store_rows`."""
    record = game.record
    number = _numbering(game.family)
    lines: list[tuple[tuple | None, list[tuple]]] = [(None, _move_rows(0, game.moves, number))]
    for v in game.variations:
        lines.append(((v.id, v.parent, v.branch_ply, v.label, v.comment, v.result), _move_rows(v.id, v.moves, number)))
    start_id = number(game.start) if game.start else None
    last = lines[0][1][-1] if game.moves else None
    final, final_id = (last[POSITION_KEY], last[POSITION_ID]) if last else (game.start, start_id)
    values = GameRow(record.hash, game.family, game.variant, game.notation, game.title, game.source, record.path,
                     record.line, record.index, game.status, game.result, game.start, final, start_id, final_id,
                     len(game.moves),
                     sum(d.severity == "error" for d in game.diagnostics),
                     json.dumps(game.candidates) if game.candidates else None,
                     json.dumps(record.tags, ensure_ascii=False),
                     _detail_json(detail) if (detail := game.detail.as_json()) else None,
                     "\n\n".join(game.comments) or None, record.text)
    diagnostics = [(d.variation, d.ply, d.line, d.column, d.severity, d.code, d.message,
                    json.dumps(d.suggestions) if d.suggestions else None) for d in game.diagnostics]
    claims = [(c.ply, c.what, c.claimed, c.actual, None if c.ok is None else int(c.ok), c.line, c.column,
               c.how, c.reason or None, c.evaluation, c.depth) for c in game.claims]
    tokens = [] if roles.derived(game) else [roles.row(t) for t in roles.stored(roles.roles(game))]
    return GameRows(record.hash, game.family, game.status, len(game.moves), values, lines, diagnostics, claims,
                    tokens)


def read_rows_parallel(paths: Iterable[str | os.PathLike[str]], jobs: int,
                       keep: Keep | None = None, refused: Refused | None = None,
                       on_read: Callable[[Record, int], None] | None = None) -> Iterator[GameRows | None]:
    """The games of :func:`notation.parallel.read_games_parallel` as the archive's rows (:func:`game_rows`).

    The workers make the rows: what comes back is plain tuples, cheaper to
    send between processes than games, and the parent is left only the
    storing. This is what ``notation import`` stores (:meth:`Archive.store_rows`).

    A ``None`` among the rows says that every record has been handed out and
    the reader is about to wait for a worker: the moment to store what has
    come so far, while the workers finish, rather than all of it after them.

    ``on_read(record, moves)`` is told of each record as its rows come back (the import's progress);
    files that are not text go to ``refused``.
    """
    from notation.parallel import in_workers

    for chunk, rows in in_workers(paths, jobs, _rows_chunk, keep, refused):
        if chunk is None:
            yield None
            continue
        if on_read is not None:
            for record, game in zip(chunk, rows):
                on_read(record, game.plies)
        yield from rows


def _rows_chunk(records: list[Record]) -> list[GameRows]:
    from notation.pipeline import process

    return [game_rows(process(record)) for record in records]


def _move_rows(variation: int, moves: list[Move], number: Callable[[str], int]) -> list[tuple]:
    """Rows of :data:`MOVE_COLUMNS`; a position the replay did not number is numbered by ``number``.

    Made column by column (each field of every move by ``map``, the rows by ``zip``: loops in C), so
    that no Python runs a move but the look-up of its detail's JSON (and a comment's, where a line has any).
    """
    numbers = list(map(_NUMBERED, moves))
    if None in numbers:
        numbers = [n if n is not None or not m.position else number(m.position) for n, m in zip(numbers, moves)]
    found = list(map(_COMMENT, moves))
    comments: Iterable[str | int] = (repeat(NO_COMMENT) if found.count(None) == len(found)
                                     else [NO_COMMENT if c is None else c for c in found])
    details = list(map(move_detail_json, map(_DETAIL, moves)))
    if any(map(_ANNOTATIONS, moves)):  # the glyphs printed after a move ride in its detail's JSON
        details = [with_annotations(d, m.annotations) if m.annotations else d for d, m in zip(details, moves)]
    return list(zip(repeat(variation), *[map(get, moves) for get in _MOVE_FIELDS], numbers, comments, details))


def with_annotations(detail: str | None, annotations: list[str]) -> str:
    """A move's detail JSON with the glyphs printed after it (``"annotations"``, read back by
    :mod:`notation.archive.read`): a few moves of a few games, so written each time."""
    return _detail_json({**(json.loads(detail) if detail else {}), "annotations": annotations})


#: A move's fields in the order of :data:`MOVE_COLUMNS` from ``ply`` to ``position``; then the others read.
_MOVE_FIELDS = tuple(map(operator.attrgetter, ("ply", "number", "side", "printed", "normalized", "status", "line",
                                               "column", "position")))
_NUMBERED, _COMMENT, _DETAIL, _ANNOTATIONS = (operator.attrgetter(name) for name in (
    "position_number", "comment", "detail", "annotations"))


#: Distinct move details met, as JSON: most moves' details repeat (``e2e4``, a pawn, no capture ...).
_details: dict[Hashable, str] = {}
#: Details kept in :data:`_details` (about 700 bytes each); it is emptied when full, so memory stays flat.
DETAIL_CACHE = 20_000


def move_detail_json(detail: Detail) -> str | None:
    """A move's detail as JSON, the same text :data:`_detail_json` writes (``None`` for nothing kept); the
    text of a detail met before is looked up, not written again (encoding was a tenth of an import's time)."""
    try:
        key = detail.json_key()
        text = _details.get(key)
    except TypeError:  # a list or dict among the values: not hashable, written each time
        return _json_or_none(detail)
    if text is None:
        if len(_details) >= DETAIL_CACHE:
            _details.clear()
        text = _details[key] = _json_or_none(detail) or ""
    return text or None


def _json_or_none(detail: Detail) -> str | None:
    found = detail.as_json()
    return _detail_json(found) if found else None



def _malloc_trim() -> Callable[[int], int] | None:
    """The C library's ``malloc_trim`` (glibc), or ``None`` where there is none."""
    import ctypes

    try:
        return cast("Callable[[int], int]", ctypes.CDLL(None).malloc_trim)
    except (OSError, AttributeError):
        return None


_trim = _malloc_trim() if sys.platform.startswith("linux") else None


def release_free_memory() -> None:
    """Give the memory freed by a stored batch back to the system (glibc's ``malloc_trim``; elsewhere nothing).

    A batch's rows and SQLite's work are freed in the middle of the C heap, which the C library keeps
    for the process; given back, the next batch does not add to it (the storing process of a 5 MB
    import held 7-13 MB less between batches).
    """
    if _trim is not None:
        _trim(0)


def enable_search(db: sqlite_utils.Database) -> None:
    """Full-text search over titles, printed text and comments: made with the schema, kept by triggers.

    For callers that built a ``games`` table themselves: makes whatever is missing.
    """
    begin_write(db.conn, "the archive")
    try:
        create_schema(db)
        db.conn.execute("COMMIT")
    except BaseException:
        db.conn.execute("ROLLBACK")
        raise
