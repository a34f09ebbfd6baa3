"""Compare two archives table by table, row by row (a faster import must store the same rows).

    python3 bench/compare_archives.py A.db B.db
    python3 bench/compare_archives.py --build OUT.db [--games 4000] [--jobs N]   # the bench's games imported

Every table of both archives is read in the order of its key (``rowid``, or the key of a table
``WITHOUT ROWID``) and compared row by row, ids included; the indexes and the schema by their SQL;
``PRAGMA user_version`` and ``page_size``. The full-text index's shadow tables (``games_fts_*``)
depend on where the batches fell (a parallel import commits when it waits for a worker), so the
index is compared by its content instead: every (term, row, column, offset) of ``fts5vocab``
'instance'. Prints each table's rows and whether they match; exits 1 when anything differs.
"""

from __future__ import annotations

import argparse
import hashlib
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _tables(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    return conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").fetchall()


def _order(conn: sqlite3.Connection, table: str, sql: str) -> str:
    if "WITHOUT ROWID" in (sql or "").upper():
        keys = [row[1] for row in sorted(conn.execute(f'PRAGMA table_info("{table}")'), key=lambda r: r[5])
                if row[5]]
        return ", ".join(f'"{k}"' for k in keys)
    return "rowid"


def digest(path: str) -> dict[str, tuple[int, str]]:
    """Table (or pseudo-table) -> (rows, SHA-256 of its rows in key order)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    out: dict[str, tuple[int, str]] = {}
    for name, sql in _tables(conn):
        if name.startswith("games_fts_") or name.startswith("sqlite_"):
            continue
        if name == "games_fts":  # content by fts5vocab: (term, doc, col, offset)
            conn.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.v USING fts5vocab(main, games_fts, instance)")
            query = "SELECT term, doc, col, offset FROM temp.v ORDER BY term, doc, col, offset"
        else:
            query = f'SELECT rowid, * FROM "{name}" ORDER BY {_order(conn, name, sql)}' \
                if _order(conn, name, sql) == "rowid" else f'SELECT * FROM "{name}" ORDER BY {_order(conn, name, sql)}'
        h = hashlib.sha256()
        n = 0
        for row in conn.execute(query):
            h.update(repr(row).encode())
            n += 1
        out[name] = (n, h.hexdigest())
    schema = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'games_fts_%' "
                          "ORDER BY type, name").fetchall()
    out["(schema)"] = (len(schema), hashlib.sha256(repr(schema).encode()).hexdigest())
    pragmas = [conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("user_version", "page_size", "journal_mode")]
    out["(pragmas)"] = (len(pragmas), hashlib.sha256(repr(pragmas).encode()).hexdigest())
    out["(integrity)"] = (1, conn.execute("PRAGMA integrity_check").fetchone()[0])
    conn.close()
    return out


def build(out: str, games: int, jobs: int | None) -> None:
    """Import the bench's random games into a new archive ``out`` as ``notation import`` does."""
    import chess_bench

    from notation.archive import Archive, enable_search, read_rows_parallel
    from notation.parallel import default_jobs

    path = chess_bench.pgn_file(games, 1)
    archive = Archive(out)
    archive.store_rows(read_rows_parallel([path], default_jobs([path]) if jobs is None else jobs))
    enable_search(archive.db)
    archive.db.conn.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archives", nargs="*")
    parser.add_argument("--build", metavar="OUT")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    if args.build:
        build(args.build, args.games, args.jobs)
        return 0
    first, second = (digest(a) for a in args.archives)
    differ = 0
    for name in sorted(set(first) | set(second)):
        a, b = first.get(name), second.get(name)
        same = a == b
        differ += not same
        print(f"{name:24} {a[0] if a else '-':>9} {b[0] if b else '-':>9}  {'same' if same else 'DIFFERENT'}")
    print("the archives are the same" if not differ else f"{differ} tables differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
