"""Games -> Parquet files that DuckDB queries directly, and back into SQLite for Datasette.

An archive past one machine is a folder of Parquet files, one part per
shard in each table's folder (``games/``, ``moves/``, ``positions/``,
``diagnostics/``). Shards are written independently (on different machines),
so nothing is numbered: a game is named by its record's content hash and a
position by its key's 64-bit number (:func:`notation.archive.position_number`,
chess's Polyglot key), the same in every shard and in the SQLite archive. Any part of such an archive loads into the SQLite
archive (:func:`load_sqlite`) and is browsed in Datasette as usual.

Each part also has an index, ``reached/``: a row for each position a game reaches
(its number, the game's ordinal in the part, the first ply it is reached at),
sorted by the number in small row groups, so that a position query reads a row
group or two of each part, however many games reach it (:func:`games_reaching`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

from notation.archive import position_number
from notation.model import Game

TABLES = ("games", "moves", "positions", "diagnostics", "reached")
#: Games buffered before their rows are written as one row group: memory stays flat.
ROW_GROUP_GAMES = 500
#: Bloom filters written in each row group for the columns a position query looks up, with the
#: distinct values a row group holds at most (a row group of moves: about 80 plies a game) and the
#: false positives allowed: DuckDB then reads only the row groups that may hold a position's number
#: (or a game's hash) instead of every one (bench/parquet_bench.py).
BLOOM_FILTERS = {
    "moves": {"position_id": {"ndv": 100 * ROW_GROUP_GAMES, "fpp": 0.01}},
    "games": {name: {"ndv": ROW_GROUP_GAMES, "fpp": 0.01} for name in ("hash", "start_position_id")},
}
#: Rows in a row group of the index ``reached``: its min/max statistics then narrow a position number
#: to one row group (or a few, for a number thousands of games reach) of each sorted run.
INDEX_ROW_GROUP = 8192
#: Index rows a writer holds before it sorts and writes them as one run (16 bytes a row: memory stays
#: flat on a long task; each run of a part is sorted, and a lookup reads a row group or two of each).
INDEX_RUN_ROWS = 4_000_000
#: The index's numbers, sorted, and its ordinals, ascending in a number's run, are stored as differences
#: (a third less than plain values and their dictionary: the sample's index 5.5 -> 3.4 MB a part).
ENCODINGS = {"reached": {"use_dictionary": ["ply"],
                         "column_encoding": {"position_id": "DELTA_BINARY_PACKED", "ordinal": "DELTA_BINARY_PACKED"}}}

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
        # The index: the game by its row in the part's games (not its 64-character hash: a fifth the size).
        "reached": pa.schema([("position_id", i), ("ordinal", pa.int32()), ("ply", pa.int32())]),
    }


def rows(game: Game, shard: str, seen: set[int], ordinal: int) -> dict[str, list[tuple]]:
    """The rows of one game in each table; positions not in ``seen`` (which it updates) only; in
    ``reached``, each position the game reaches once, at its first ply, the game named by ``ordinal``."""
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
    out["games"].append((
        record.hash, family, game.variant, game.notation, game.title, game.source, record.path,
        record.line, record.index, game.status, game.result, start, pid(final), len(game.moves),
        sum(d.severity == "error" for d in game.diagnostics),
        _json(game.candidates) if game.candidates else None, _json(record.tags),
        _json(detail) if (detail := game.detail.as_json()) else None, "\n\n".join(game.comments) or None,
        _json([{"number": v.id, "parent": v.parent, "branch_ply": v.branch_ply, "label": v.label,
                "comment": v.comment} for v in game.variations]) if game.variations else None,
        _json([{"ply": c.ply, "what": c.what, "claimed": c.claimed, "actual": c.actual, "ok": c.ok,
                "line": c.line, "column": c.column, "how": c.how, "reason": c.reason or None,
                "evaluation": c.evaluation, "depth": c.depth} for c in game.claims]) if game.claims else None,
        record.text, shard))
    first: dict[int, int] = {} if start is None else {start: 0}  # a position's number -> its first ply
    for variation, moves in lines:
        for m in moves:
            number = pid(m.position, m.position_number)
            out["moves"].append((record.hash, variation, m.ply, m.number, m.side, m.printed, m.normalized,
                                 m.status, m.line, m.column, number, m.comment,
                                 _json(md) if (md := m.detail.as_json()) else None))
            if number is not None and m.ply < first.get(number, m.ply + 1):
                first[number] = m.ply
    out["reached"] = [(number, ordinal, ply) for number, ply in first.items()]
    for seq, d in enumerate(game.diagnostics):
        out["diagnostics"].append((record.hash, seq, d.variation, d.ply, d.line, d.column, d.severity, d.code,
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
    """Writes one shard's part of each table, a row group every :data:`ROW_GROUP_GAMES` games, and its
    index ``reached`` sorted by position number, a run every :data:`INDEX_RUN_ROWS` rows."""

    def __init__(self, folder: str | os.PathLike[str], part: str) -> None:
        self.folder, self.part = Path(folder), part
        self.schemas = schemas()
        self.buffer: dict[str, list[tuple]] = {name: [] for name in TABLES}
        self.writers: dict = {}
        self.games = self.plies = 0
        self.seen: set[int] = set()
        self.run: list = []  # the index's rows not yet written, as Arrow tables
        self.run_rows = 0

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
            if name == "reached":
                self.run.append(self._table(name))
                self.run_rows += self.run[-1].num_rows
                if self.run_rows >= INDEX_RUN_ROWS:
                    self._write_run()
            else:
                writer = self._writer(name)  # every table's part written, if empty
                if self.buffer[name]:
                    writer.write_table(self._table(name))

    def _write_run(self) -> None:
        """The index's rows held, sorted by position number, written in row groups of :data:`INDEX_ROW_GROUP`."""
        import pyarrow as pa

        writer = self._writer("reached")
        if not self.run_rows:
            return
        run = pa.concat_tables(self.run).sort_by([("position_id", "ascending"), ("ordinal", "ascending")])
        writer.write_table(run, row_group_size=INDEX_ROW_GROUP)
        self.run, self.run_rows = [], 0

    def close(self) -> None:
        self.flush()
        self._write_run()
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


#: The columns of each game found that :func:`games_reaching` gives (and ``shard``, ``ply``).
FOUND_COLUMNS = ("hash", "title", "file", "line", "status")


def games_reaching(folder: str | os.PathLike[str], numbers: list[int],
                   limit: int | None = None) -> tuple[int, list[dict]]:
    """How many games, in every shard, reach a position of one of these numbers
    (:func:`notation.archive.position_number`; its start or after a move), and those games (the first
    ``limit`` of them, if given) with the ply each first reaches one at, ordered by file and line
    (then shard and place in it: copies of a file imported twice).

    The index ``reached`` (sorted by number, in small row groups) gives each game's shard, its place
    there and the ply: DuckDB reads the row group or two of each part whose min/max statistics may
    hold a number. The games' rows are then read from the row groups that hold them; with a limit, the
    file and line only where they may place a game among the first (:func:`_first`). (The moves
    scanned instead: 1,000,000 games, a position 50,000 reach, 2.3 s of CPU: every row group.)
    """
    import duckdb

    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")  # nothing drawn on a command's output (JSON lines)
    index = _glob(folder, "reached")
    if not any(Path(folder, "reached").glob("*.parquet")):
        raise FileNotFoundError(f"{folder}: no index of the positions (reached/): written before it was; "
                                "import the games again")
    hits = con.execute(
        f"""SELECT parse_filename(filename, true) AS part, ordinal, min(ply) FROM read_parquet('{index}', filename=true)
            WHERE list_contains($ids, position_id) GROUP BY part, ordinal""", {"ids": numbers}).fetchall()
    by_part: dict[str, dict[int, int]] = {}
    for part, ordinal, ply in hits:
        by_part.setdefault(part, {})[ordinal] = ply
    if limit is None or len(hits) <= limit:
        found = _games_at(folder, by_part, FOUND_COLUMNS, {})
    else:  # the first ``limit`` in order, found from the row groups' statistics; their columns read
        sources: dict = {}  # each part's games file, opened (its footer read) once
        found = _games_at(folder, _first(folder, by_part, limit, sources), FOUND_COLUMNS, sources)
    found.sort(key=_order)
    for g in found:
        del g["ordinal"]
    return len(hits), found


def _order(game: dict) -> tuple:
    return game["file"] or "", game["line"] or 0, game["shard"], game["ordinal"]


def _first(folder: str | os.PathLike[str], by_part: dict[str, dict[int, int]],
           limit: int, sources: dict) -> dict[str, dict[int, int]]:
    """The first ``limit`` of these games (:func:`_order`: by file and line), each part's with its ply.

    The file and line of a game are read only where they may place it among the first: each row group
    holding games found is first known by a bound below every game in it (the least file and line its
    statistics give, its part, its least ordinal found), and read (those two columns) only when that
    bound comes first among what is known; a game comes out when its own place does. A frequent
    position's first 100 of 56,400 games (1,000,000 games): a row group or so of each part read,
    not all of them.
    """
    import bisect
    import heapq

    heap: list[tuple] = []  # (place, 0 a game or 1 a row group, part, its ordinals found or the game's)
    for part, plies in by_part.items():
        source = _source(folder, part, sources)
        meta = source.metadata
        columns = [source.schema_arrow.get_field_index(name) for name in ("file", "line")]
        starts = _starts(meta)
        ordinals = sorted(plies)
        for group in sorted({bisect.bisect_right(starts, o) - 1 for o in ordinals}):
            held = ordinals[bisect.bisect_left(ordinals, starts[group]):bisect.bisect_left(ordinals, starts[group + 1])]
            file, line = (meta.row_group(group).column(c).statistics for c in columns)
            heapq.heappush(heap, ((_least(file, ""), _least(line, 0), part, held[0]), 1, part, (group, starts[group], held)))
    first: dict[str, dict[int, int]] = {}
    taken = 0
    while heap and taken < limit:
        _, kind, part, what = heapq.heappop(heap)
        if kind == 0:
            first.setdefault(part, {})[what] = by_part[part][what]
            taken += 1
            continue
        group, start, held = what
        rows = sources[part].read_row_group(group, columns=["file", "line"], use_threads=False)
        files, lines = rows.column("file").to_pylist(), rows.column("line").to_pylist()
        for o in held:
            heapq.heappush(heap, ((files[o - start] or "", lines[o - start] or 0, part, o), 0, part, o))
    return first


def _least(statistics, empty: str | int) -> str | int | float:
    """The least value a row group's column may hold as :func:`_order` reads it (a missing value as
    ``empty``), by its statistics; -infinity where they do not say."""
    if statistics is None or not statistics.has_min_max:
        return float("-inf") if isinstance(empty, int) else ""
    if not statistics.has_null_count or statistics.null_count:
        return min(statistics.min, empty)
    return statistics.min


def _starts(meta) -> list[int]:
    """The ordinal of each row group's first game, and the number of games after the last."""
    starts = [0]
    for group in range(meta.num_row_groups):
        starts.append(starts[-1] + meta.row_group(group).num_rows)
    return starts


def _source(folder: str | os.PathLike[str], part: str, sources: dict):
    """The part's games file (``pyarrow.parquet.ParquetFile``), opened once into ``sources``."""
    if part not in sources:
        sources[part] = _open(folder, part)
    return sources[part]


def _open(folder: str | os.PathLike[str], part: str):
    import pyarrow.parquet as pq

    return pq.ParquetFile(Path(folder) / "games" / f"{part}.parquet")


def _games_at(folder: str | os.PathLike[str], by_part: dict[str, dict[int, int]],
              columns: tuple[str, ...], sources: dict) -> list[dict]:
    """``columns`` of the games at these ordinals (with their ply) of each part, read from the row
    groups that hold them; each with its ``shard`` (the part), ``ordinal`` and ``ply``."""
    import bisect

    out: list[dict] = []
    for part, plies in by_part.items():
        # Taken out of ``sources``: a file read is let go at once (it keeps what it read: 400 MB held, not
        # 250, for a frequent position's every game, and a cold read's system time twice over).
        source = sources.pop(part, None) or _open(folder, part)
        starts = _starts(source.metadata)
        ordinals = sorted(plies)
        groups = sorted({bisect.bisect_right(starts, o) - 1 for o in ordinals})
        table = source.read_row_groups(groups, columns=list(columns), use_threads=False)
        # The row in ``table`` of an ordinal: its place in its row group, after the row groups read before.
        offset, before = {}, 0
        for group in groups:
            offset[group] = before - starts[group]
            before += starts[group + 1] - starts[group]
        values = table.take([o + offset[bisect.bisect_right(starts, o) - 1] for o in ordinals]).to_pylist()
        out.extend({**row, "shard": part, "ordinal": o, "ply": plies[o]} for o, row in zip(ordinals, values))
    return out


# --------------------------------------------------------------------------
# Back into SQLite: any chosen part, for Datasette


def load_sqlite(folder: str | os.PathLike[str], db_path: str, where: str | None = None) -> int:
    """Load the games matching ``where`` (a DuckDB condition on ``games``, e.g. ``status = 'ok'``
    or ``shard = 'part-0'``) into the SQLite archive ``db_path``, with their moves, positions,
    variations, claims and diagnostics. Games already there are skipped; returns how many were added.

    The three tables are read as streams ordered by game and walked side by side, so memory
    holds one game whatever the size of the part chosen.
    """
    from notation.archive import POSITION_ID, POSITION_KEY, Archive, moves_row

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
            conn.executemany(
                """INSERT INTO moves (game_id, variation, ply, number, side, printed, normalized, status,
                       line, "column", position_id, comment, detail) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)""",
                [moves_row(game_id, m) for m in game_moves])
            for v in json.loads(g["variations"] or "[]"):
                conn.execute("INSERT INTO variations (game_id, number, parent, branch_ply, label, comment) "
                             "VALUES (?,?,?,?,?,?)",
                             (game_id, v["number"], v["parent"], v["branch_ply"], v["label"], v["comment"]))
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
