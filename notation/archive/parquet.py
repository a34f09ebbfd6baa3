"""Games -> Parquet files that DuckDB queries directly, and back into SQLite for Datasette.

An archive past one machine is a folder of Parquet files, one part per
shard in each table's folder (``games/``, ``moves/``, ``positions/``,
``diagnostics/``). Shards are written independently (on different machines),
so nothing is numbered: a game is named by its record's content hash and a
position by its key's 64-bit number (:func:`notation.archive.position_number`,
chess's Polyglot key), the same in every shard and in the SQLite archive. Any part of such an archive loads into the SQLite
archive (:func:`load_sqlite`) and is browsed in Datasette as usual.

Each part also has an index, ``reached/``: a row for each position a game reaches
(its number, the game's ordinal in the part, the first ply it is reached at, and the
game's file and line, the order answers are given in), sorted by the number in row
groups, so that a position query reads a row group or two of each part, however many
games reach it, and picks the first games of its answer from the index alone
(:func:`games_reaching`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

from notation.archive import move_detail_json, position_number, with_annotations
from notation.model import Game

TABLES = ("games", "moves", "positions", "diagnostics", "reached")
#: Games buffered before their rows are written as one row group: memory stays flat.
ROW_GROUP_GAMES = 500
#: Games in a row group of ``games`` (held as Arrow tables until then): a position query reads the hash,
#: title and status of the games it finds, and a frequent one's games are in every row group; DuckDB's cost
#: is mostly its cost for each row group and column (1,000,000 games, a position 56,000 reach: 0.63-1.1 s
#: at 500 games a row group, 0.37-0.58 s at 5,000), while a lookup of one game by hash reads a row group of
#: 5,000 games' columns instead of 500.
GAMES_ROW_GROUP = 5000
#: Bloom filters written in each row group for the columns a position query looks up, with the
#: distinct values a row group holds at most (a row group of moves: about 80 plies a game) and the
#: false positives allowed: DuckDB then reads only the row groups that may hold a position's number
#: (or a game's hash) instead of every one (bench/parquet_bench.py).
BLOOM_FILTERS = {
    "moves": {"position_id": {"ndv": 100 * ROW_GROUP_GAMES, "fpp": 0.01}},
    "games": {name: {"ndv": GAMES_ROW_GROUP, "fpp": 0.01} for name in ("hash", "start_position_id")},
}
#: Rows in a row group of the index ``reached``: its min/max statistics then narrow a position number
#: to one row group (or two, for a number thousands of games reach) of each sorted run. DuckDB's cost of
#: a lookup is mostly its cost for each row group of each file (1,000,000 games in 200 parts: a query
#: 0.16 s of CPU at 8,192 rows, 0.08 s at 32,768, though each row group read is four times bigger).
INDEX_ROW_GROUP = 32768
#: Index rows a writer holds before it sorts and writes them as one run (16 bytes a row: memory stays
#: flat on a long task; each run of a part is sorted, and a lookup reads a row group or two of each).
INDEX_RUN_ROWS = 4_000_000
#: The index's numbers, sorted, and its ordinals and lines, ascending in a number's run, are stored as
#: differences (a third less than plain values and their dictionary: the sample's index 5.5 -> 3.4 MB a
#: part without the file and line); a part's file, one or a few, by dictionary.
ENCODINGS = {"reached": {"use_dictionary": ["ply", "file"],
                         "column_encoding": {"position_id": "DELTA_BINARY_PACKED", "ordinal": "DELTA_BINARY_PACKED",
                                             "line": "DELTA_BINARY_PACKED"}}}

_json = json.JSONEncoder(ensure_ascii=False, default=str).encode


def schemas():
    """The Arrow schema of each table."""
    import pyarrow as pa

    s, i = pa.string(), pa.int64()
    return {
        "games": pa.schema([("hash", s), ("family", s), ("variant", s), ("notation", s), ("title", s),
                            ("source", s), ("file", s), ("line", i), ("record_index", i), ("status", s),
                            ("result", s), ("start_position_id", i), ("final_position_id", i),
                            ("move_count", i), ("error_count", i), ("candidates", s), ("tags", s),
                            ("detail", s), ("comments", s), ("variations", s), ("claims", s),
                            ("printed", s), ("shard", s)]),
        "moves": pa.schema([("game", s), ("variation", i), ("ply", i), ("number", i), ("side", s),
                            ("printed", s), ("normalized", s), ("status", s), ("line", i), ("column", i),
                            ("position_id", i), ("comment", s), ("detail", s)]),
        "positions": pa.schema([("id", i), ("family", s), ("key", s)]),
        "diagnostics": pa.schema([("game", s), ("seq", i), ("variation", i), ("ply", i), ("line", i),
                                  ("column", i), ("severity", s), ("code", s), ("message", s),
                                  ("suggestions", s)]),
        # The index: the game by its row in the part's games (not its 64-character hash: a fifth the size),
        # with its file and line, by which the answers are ordered (the first N found without the games' rows).
        "reached": pa.schema([("position_id", i), ("ordinal", pa.int32()), ("ply", pa.int32()), ("file", s),
                              ("line", i)]),
    }


def rows(game: Game, shard: str, seen: set[int], ordinal: int) -> dict[str, list[tuple]]:
    """The rows of one game in each table; positions not in ``seen`` (which it updates) only; in
    ``reached``, each position the game reaches once, at its first ply, the game named by ``ordinal``
    (with its file and line)."""
    record, family = game.record, game.family
    out: dict[str, list[tuple]] = {name: [] for name in TABLES}

    def pid(key: str | None, number: int | None = None) -> int | None:
        """The position's number (``number``: the replay's own), stored if not in ``seen``."""
        if not key:
            return None
        p = position_number(family, key) if number is None else number
        if p not in seen:
            seen.add(p)
            out["positions"].append((p, family, key))
        return p

    final = game.moves[-1].position if game.moves else game.start
    start = pid(game.start)
    lines = [(0, game.moves)] + [(v.id, v.moves) for v in game.variations]
    # The record's hash, file and line once a game, not once a move (the hash is a SHA-256 of its text).
    name, path, line = record.hash, record.path, record.line
    out["games"].append((
        name, family, game.variant, game.notation, game.title, game.source, path,
        line, record.index, game.status, game.result, start, pid(final), len(game.moves),
        sum(d.severity == "error" for d in game.diagnostics),
        _json(game.candidates) if game.candidates else None, _json(record.tags),
        _json(detail) if (detail := game.detail.as_json()) else None, "\n\n".join(game.comments) or None,
        _json([{"number": v.id, "parent": v.parent, "branch_ply": v.branch_ply, "label": v.label,
                "comment": v.comment, "result": v.result} for v in game.variations]) if game.variations else None,
        _json([{"ply": c.ply, "what": c.what, "claimed": c.claimed, "actual": c.actual, "ok": c.ok,
                "line": c.line, "column": c.column, "how": c.how, "reason": c.reason or None,
                "evaluation": c.evaluation, "depth": c.depth} for c in game.claims]) if game.claims else None,
        record.text, shard))
    first: dict[int, int] = {} if start is None else {start: 0}  # a position's number -> its first ply
    move_rows, positions = out["moves"], out["positions"]
    for variation, moves in lines:
        for m in moves:
            key, number = m.position, m.position_number  # (pid inlined: a call a move)
            if not key:
                number = None
            else:
                if number is None:
                    number = position_number(family, key)
                if number not in seen:
                    seen.add(number)
                    positions.append((number, family, key))
            # The detail's JSON as the SQLite import writes it (a detail met before looked up, not encoded again;
            # the glyphs printed after the move in it, which :mod:`notation.archive.read` reads back).
            move_rows.append((name, variation, m.ply, m.number, m.side, m.printed, m.normalized, m.status, m.line,
                              m.column, number, m.comment,
                              with_annotations(move_detail_json(m.detail), m.annotations) if m.annotations
                              else move_detail_json(m.detail)))
            if number is not None and m.ply < first.get(number, m.ply + 1):
                first[number] = m.ply
    out["reached"] = [(number, ordinal, ply, path, line) for number, ply in first.items()]
    for seq, d in enumerate(game.diagnostics):
        out["diagnostics"].append((name, seq, d.variation, d.ply, d.line, d.column, d.severity, d.code,
                                   d.message, _json(d.suggestions) if d.suggestions else None))
    return out


def part_writer(folder: str | os.PathLike[str], table: str, part: str):
    """A ``pyarrow.parquet.ParquetWriter`` of one shard's part of ``table``: its schema, its Bloom filters."""
    import pyarrow.parquet as pq

    path = Path(folder) / table / f"{part}.parquet"
    path.parent.mkdir(parents=True, exist_ok=True)
    return pq.ParquetWriter(str(path), schemas()[table], bloom_filter_options=BLOOM_FILTERS.get(table),
                            **ENCODINGS.get(table, {}))


class ShardWriter:
    """Writes one shard's part of each table, a row group every :data:`ROW_GROUP_GAMES` games (``games``:
    every :data:`GAMES_ROW_GROUP`), and its index ``reached`` sorted by position number, a run every
    :data:`INDEX_RUN_ROWS` rows."""

    def __init__(self, folder: str | os.PathLike[str], part: str) -> None:
        self.folder, self.part = Path(folder), part
        self.schemas = schemas()
        self.buffer: dict[str, list[tuple]] = {name: [] for name in TABLES}
        self.writers: dict = {}
        self.games = self.plies = 0
        self.seen: set[int] = set()
        # The rows of ``games`` and of the index not yet written, as Arrow tables, and how many.
        self.held: dict[str, list] = {"games": [], "reached": []}
        self.held_rows = {name: 0 for name in self.held}

    def add(self, game: Game) -> None:
        for name, new in rows(game, self.part, self.seen, self.games).items():
            self.buffer[name].extend(new)
        self.games += 1
        self.plies += len(game.moves)
        if len(self.seen) > 200_000:
            self.seen.clear()  # a repeated position row costs less than memory that grows
        if len(self.buffer["games"]) >= ROW_GROUP_GAMES:
            self.flush()

    def _table(self, name: str):
        import pyarrow as pa

        schema = self.schemas[name]
        columns: list = list(zip(*self.buffer[name])) or [() for _ in schema]  # an empty run: no rows
        self.buffer[name] = []
        return pa.Table.from_arrays([pa.array(c, type=f.type) for c, f in zip(columns, schema)], schema=schema)

    def _writer(self, name: str):
        if name not in self.writers:
            self.writers[name] = part_writer(self.folder, name, self.part)
        return self.writers[name]

    def flush(self) -> None:
        for name in TABLES:
            if name in self.held:
                self.held[name].append(self._table(name))
                self.held_rows[name] += self.held[name][-1].num_rows
                if self.held_rows[name] >= (GAMES_ROW_GROUP if name == "games" else INDEX_RUN_ROWS):
                    self._write_held(name)
            else:
                writer = self._writer(name)  # every table's part written, if empty
                if self.buffer[name]:
                    writer.write_table(self._table(name))

    def _write_held(self, name: str) -> None:
        """The rows held of ``games`` (a row group of them), or of the index (a run, sorted by position
        number, in row groups of :data:`INDEX_ROW_GROUP`)."""
        import pyarrow as pa

        writer = self._writer(name)
        if not self.held_rows[name]:
            return
        rows = pa.concat_tables(self.held[name])
        if name == "reached":
            rows = rows.sort_by([("position_id", "ascending"), ("ordinal", "ascending")])
        writer.write_table(rows, row_group_size=INDEX_ROW_GROUP if name == "reached" else GAMES_ROW_GROUP)
        self.held[name], self.held_rows[name] = [], 0

    def close(self) -> None:
        self.flush()
        for name in self.held:
            self._write_held(name)
        for writer in self.writers.values():
            writer.close()


# --------------------------------------------------------------------------
# Reading: DuckDB over every shard's files at once


def _glob(folder: str | os.PathLike[str], table: str) -> str:
    return str(Path(folder) / table / "*.parquet")


def connect(folder: str | os.PathLike[str]):
    """A DuckDB connection with one view per table over every shard's Parquet files."""
    import duckdb

    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")  # nothing drawn on a command's output (JSON lines)
    for table in TABLES:
        con.execute(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{_glob(folder, table)}')")
    # A position is written once per shard that meets it: one row each here.
    con.execute("CREATE VIEW distinct_positions AS SELECT DISTINCT id, family, key FROM positions")
    return con


def games_reaching(folder: str | os.PathLike[str], numbers: list[int],
                   limit: int | None = None) -> tuple[int, list[dict]]:
    """How many games, in every shard, reach a position of one of these numbers
    (:func:`notation.archive.position_number`; its start or after a move), and those games (the first
    ``limit`` of them, if given) with the ply each first reaches one at, ordered by file and line
    (then shard and place in it: copies of a file imported twice).

    One DuckDB query of the index ``reached`` (sorted by number, in row groups whose min/max statistics
    narrow a number to one or two of each part) gives how many games reach one, and each game's shard,
    place there, ply, file and line: the first ``limit`` are chosen there, in order. A second reads the
    other columns of those games only, from the row groups of ``games`` that hold them. DuckDB alone:
    pyarrow is not loaded (0.1-0.2 s of CPU at start-up). (The moves scanned instead: 1,000,000
    games, a position 50,000 reach, 2.3 s of CPU: every row group.)
    """
    import duckdb

    # The parts in order of name: a part is named in the queries by its place here (DuckDB's ``file_index``,
    # a number to group and join on, not the file's name parsed on every row).
    parts = [path.stem for path in sorted(Path(folder, "reached").glob("*.parquet"), key=lambda path: path.stem)]
    if not parts:
        raise FileNotFoundError(f"{folder}: no index of the positions (reached/): written before it was; "
                                "import the games again")
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")  # nothing drawn on a command's output (JSON lines)
    # A game reaching several of the numbers (a placement's keys) is one game, at the first of its plies.
    # The count is taken before the limit (a window over every game found); a limit of 0 still asks for
    # one row, to carry it.
    try:
        hits = con.execute(
            f"""SELECT part, ordinal, ply, file, line, count(*) OVER () FROM (
                    SELECT file_index AS part, ordinal, min(ply) AS ply,
                           any_value(file) AS file, any_value(line) AS line
                    FROM read_parquet($index) WHERE list_contains($ids, position_id) GROUP BY part, ordinal)
                ORDER BY coalesce(file, ''), coalesce(line, 0), part, ordinal
                {'' if limit is None else f'LIMIT {max(limit, 1):d}'}""",
            {"ids": numbers, "index": [str(Path(folder, "reached", f"{part}.parquet")) for part in parts]}).fetchall()
    except duckdb.BinderException:  # an index without the games' file and line (written before 4 December 2026)
        raise FileNotFoundError(f"{folder}: the index of the positions (reached/) was written before it held the "
                                "games' file and line; import the games again") from None
    count = hits[0][-1] if hits else 0
    hits = hits[:limit]
    if not hits:
        return count, []
    # The games' hash, title and status, by their row in their part's games: DuckDB reads the files of the
    # parts found only, and their row groups that may hold the rows asked for (the join's bounds on
    # ``file_row_number``); each part found is named by its place among those files.
    found = sorted({h[0] for h in hits})
    place_of = {part: place for place, part in enumerate(found)}
    con.execute("CREATE TEMP TABLE found AS SELECT unnest($files) AS file, unnest($ordinals) AS ordinal, "
                "unnest($places) AS place",
                {"files": [place_of[h[0]] for h in hits], "ordinals": [h[1] for h in hits],
                 "places": list(range(len(hits)))})
    rows = con.execute(
        """SELECT found.place, g.hash, g.title, g.status
           FROM read_parquet($files, file_row_number=true) AS g
           JOIN found ON g.file_index = found.file AND g.file_row_number = found.ordinal""",
        {"files": [str(Path(folder, "games", f"{parts[part]}.parquet")) for part in found]}).fetchall()
    by_place = {place: (hash_, title, status) for place, hash_, title, status in rows}
    out = []
    for place, (part, _, ply, file, line, _) in enumerate(hits):
        hash_, title, status = by_place[place]
        out.append({"hash": hash_, "title": title, "file": file, "line": line, "status": status,
                    "shard": parts[part], "ply": ply})
    return count, out


# --------------------------------------------------------------------------
# Back into SQLite: any chosen part, for Datasette


def load_sqlite(folder: str | os.PathLike[str], db_path: str, where: str | None = None) -> int:
    """Load the games matching ``where`` (a DuckDB condition on ``games``, e.g. ``status = 'ok'``
    or ``shard = 'part-0'``) into the SQLite archive ``db_path``, with their moves, positions,
    variations, claims and diagnostics. Games already there are skipped; returns how many were added.

    The three tables are read as streams ordered by game and walked side by side, so memory
    holds one game whatever the size of the part chosen.
    """
    from notation.archive import MOVES_INSERT, POSITION_ID, POSITION_KEY, Archive

    archive = Archive(db_path)
    con = connect(folder)
    # Only the hashes: the games' text stays in the Parquet files until it is read, game by game.
    con.execute(f"CREATE TABLE chosen AS SELECT hash FROM games {'WHERE ' + where if where else ''}")
    moves = _grouped(con.cursor(), """  -- the game's hash, then archive.MOVE_COLUMNS
        SELECT m.game, m.variation, m.ply, m.number, m.side, m.printed, m.normalized, m.status, m.line,
               m."column", p.key, m.position_id, m.comment, m.detail
        FROM moves AS m JOIN chosen ON chosen.hash = m.game
        LEFT JOIN distinct_positions AS p ON p.id = m.position_id
        ORDER BY m.game, m.variation, m.ply""")
    diagnostics = _grouped(con.cursor(), """
        SELECT d.game, d.variation, d.ply, d.line, d."column", d.severity, d.code, d.message, d.suggestions
        FROM diagnostics AS d JOIN chosen ON chosen.hash = d.game ORDER BY d.game, d.seq""")
    games = con.cursor().execute("""
        SELECT g.*, s.key AS start_key, f.key AS final_key FROM games AS g JOIN chosen USING (hash)
        LEFT JOIN distinct_positions AS s ON s.id = g.start_position_id
        LEFT JOIN distinct_positions AS f ON f.id = g.final_position_id ORDER BY g.hash""")
    names = [d[0] for d in games.description]
    added = 0
    conn = archive.conn
    with conn:
        for values in _fetch(games):
            g = dict(zip(names, values))
            game_moves = [m[1:] for m in moves.take(g["hash"])]  # m[0]: the game's hash; then MOVE_COLUMNS
            game_diagnostics = diagnostics.take(g["hash"])
            if archive.has(g["hash"]):
                continue
            family = g["family"]
            # The game's positions stored (if new) in one statement: the shards number them as the archive does.
            archive._store_positions(family, [(g["start_position_id"], g["start_key"]),
                                              (g["final_position_id"], g["final_key"]),
                                              *((m[POSITION_ID], m[POSITION_KEY]) for m in game_moves)])
            game_id = conn.execute(
                """INSERT INTO games (hash, family, variant, notation, title, source_id, file, line,
                       record_index, status, result, start_position_id, final_position_id, move_count,
                       error_count, candidates, tags, detail, comments, printed)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (g["hash"], family, g["variant"], g["notation"], g["title"], archive._source_id(g["source"]),
                 g["file"], g["line"], g["record_index"], g["status"], g["result"],
                 g["start_position_id"], g["final_position_id"],
                 g["move_count"], g["error_count"], g["candidates"], g["tags"], g["detail"], g["comments"],
                 g["printed"]),
            ).lastrowid
            assert game_id is not None
            conn.executemany(MOVES_INSERT, [(game_id, *m) for m in game_moves])  # a comment None: NULL too
            for v in json.loads(g["variations"] or "[]"):
                conn.execute("INSERT INTO variations (game_id, number, parent, branch_ply, label, comment, result) "
                             "VALUES (?,?,?,?,?,?,?)",
                             (game_id, v["number"], v["parent"], v["branch_ply"], v["label"], v["comment"],
                              v.get("result")))  # (a parquet file written before 6: no verdict)
            for c in json.loads(g["claims"] or "[]"):
                conn.execute("""INSERT INTO claims (game_id, ply, what, claimed, actual, ok, line, "column", how,
                                                    reason, evaluation, depth)
                                VALUES (?,?,?,?,?,?,?,?,?,?,?,?)""",
                             (game_id, c["ply"], c["what"], c["claimed"], c["actual"],
                              None if c["ok"] is None else int(c["ok"]), c["line"], c["column"], c.get("how"),
                              c.get("reason"), c.get("evaluation"), c.get("depth")))
            conn.executemany(
                """INSERT INTO diagnostics (game_id, variation, ply, line, "column", severity, code, message,
                       suggestions) VALUES (?,?,?,?,?,?,?,?,?)""",
                [(game_id, *d[1:]) for d in game_diagnostics])
            added += 1
    return added


def _fetch(cursor, size: int = 2000) -> Iterator[tuple]:
    while batch := cursor.fetchmany(size):
        yield from batch


class _grouped:
    """Rows ordered by their first column, handed out one game at a time."""

    def __init__(self, cursor, sql: str) -> None:
        self.rows = _fetch(cursor.execute(sql))
        self.next = next(self.rows, None)

    def take(self, game: str) -> list[tuple]:
        out = []
        while self.next is not None and self.next[0] <= game:
            if self.next[0] == game:
                out.append(self.next)
            self.next = next(self.rows, None)
        return out
