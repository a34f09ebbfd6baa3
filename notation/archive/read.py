"""A game read back from the archive: the :class:`~notation.model.Game` its rows were written from.

The pages and the downloads of the Datasette plugin read a stored game with :func:`read_game`
rather than from its rows one by one. What the archive does not keep, the game read back
does not have: the record's body apart from its tag block is found again in the printed text
(the tag pairs at its head), the byte offsets of a Braille source are gone (lines and columns
are stored with each move and diagnostic), and a family's detail keeps only the keys its
class knows (:meth:`notation.model.Detail.from_json`).
"""

from __future__ import annotations

import json
import re
import sqlite3
from typing import cast

from notation import families
from notation.archive import roles
from notation.archive.sqlite import sqlite_utils
from notation.model import Claim, Detail, Diagnostic, Game, Move, Record, SourceText, Status, Variation

#: The tag pairs at the head of a printed record, one a line, and the blank lines after them:
#: what comes after them is its body.
_TAG_BLOCK = re.compile(r"(?:(?:[ \t]*\[[^\]\n]*\][ \t]*\r?\n)+(?:[ \t]*\r?\n)*)?")


class GameNotFound(KeyError):
    """No game with that id in the archive."""


def read_game(db: sqlite_utils.Database | sqlite3.Connection, game_id: int) -> Game:
    """The game stored with id ``game_id``: its moves, variations, diagnostics, claims and detail.

    ``game.as_json()`` is the one the replay gave when it was stored (``validate --json``).
    """
    conn = db.conn if isinstance(db, sqlite_utils.Database) else db
    found = _rows(conn, """SELECT games.*, sources.name AS source_name, start.key AS start_key
                           FROM games LEFT JOIN sources ON sources.id = games.source_id
                                      LEFT JOIN positions AS start ON start.id = games.start_position_id
                           WHERE games.id = ?""", game_id)
    if not found:
        raise GameNotFound(f"no game {game_id} in the archive")
    row = found[0]
    game_detail, move_detail = _detail_types(row["family"])
    game = Game(record=_record(row), family=row["family"], notation=row["notation"], variant=row["variant"],
                title=row["title"], start=row["start_key"], result=row["result"],
                status=cast(Status, row["status"]), candidates=_list(row["candidates"]),
                comments=row["comments"].split("\n\n") if row["comments"] else [],
                detail=game_detail.from_json(_object(row["detail"])))
    lines: dict[int, list[Move]] = {}
    for m in _rows(conn, """SELECT moves.*, positions.key AS position_key FROM moves
                            LEFT JOIN positions ON positions.id = moves.position_id
                            WHERE moves.game_id = ? ORDER BY moves.variation, moves.ply, moves.id""", game_id):
        detail = _object(m["detail"])
        annotations = cast("list[str]", detail.pop("annotations", None) or []) if detail else []
        lines.setdefault(m["variation"], []).append(Move(
            m["ply"], m["side"], m["printed"], m["normalized"], cast(Status, m["status"]), m["line"], m["column"],
            m["number"], move_detail.from_json(detail), m["position_key"], m["comment"],
            annotations=annotations))
    game.moves = lines.get(0, [])
    game.variations = [
        Variation(v["number"], v["parent"], v["branch_ply"], lines.get(v["number"], []), v["label"], v["comment"],
                  v["result"])
        for v in _rows(conn, "SELECT * FROM variations WHERE game_id = ? ORDER BY id", game_id)]
    game.diagnostics = [_diagnostic(d) for d in _rows(conn, "SELECT * FROM diagnostics WHERE game_id = ? ORDER BY id",
                                                      game_id)]
    game.claims = [
        Claim(c["ply"], c["what"], c["claimed"], c["actual"], c["line"], c["column"], decided=c["ok"] is not None,
              how=c["how"] or "replay", reason=c["reason"] or "", evaluation=c["evaluation"], depth=c["depth"])
        for c in _rows(conn, "SELECT * FROM claims WHERE game_id = ? ORDER BY id", game_id)]
    return game


def read_tokens(db: sqlite_utils.Database | sqlite3.Connection, game_id: int,
                game: Game | None = None) -> list[roles.Token]:
    """The stored game's printed text as tokens with their roles (:mod:`notation.archive.roles`), every
    character in one: the ``tokens`` rows, with the plain prose between them back.

    A game stored without its tokens (one whose roles are the plain ones, :func:`notation.archive.roles.derived`;
    an archive loaded from Parquet shards, which keep none) has them made from the game read back (``game``,
    when the caller has read it already).
    """
    conn = db.conn if isinstance(db, sqlite_utils.Database) else db
    found = conn.execute("SELECT printed, line FROM games WHERE id = ?", (game_id,)).fetchone()
    if found is None:
        raise GameNotFound(f"no game {game_id} in the archive")
    printed, first_line = found
    rows = conn.execute(f"SELECT {roles.SQL_COLUMNS} FROM tokens WHERE game_id = ? ORDER BY start", (game_id,)).fetchall()
    if not rows:
        return roles.roles(game if game is not None else read_game(conn, game_id))
    return roles.filled(printed, [roles.Token(*row) for row in rows], first_line or 1)


def _diagnostic(row: sqlite3.Row) -> Diagnostic:
    code, severity = row["code"], row["severity"]  # each registered when it was given (notation/diagnostics.py)
    return Diagnostic(severity=severity, code=code, message=row["message"], line=row["line"], column=row["column"],
                      ply=row["ply"], variation=row["variation"], suggestions=_list(row["suggestions"]))


def _rows(conn: sqlite3.Connection, sql: str, *params: object) -> list[sqlite3.Row]:
    """Rows read by column name (the connection's own row factory is left alone: it may be Datasette's)."""
    cursor = conn.cursor()
    cursor.row_factory = sqlite3.Row
    return cursor.execute(sql, params).fetchall()


def _object(text: str | None) -> dict[str, object] | None:
    return json.loads(text) if text else None


def _list(text: str | None) -> list[str]:
    return json.loads(text) if text else []


def _record(row: sqlite3.Row) -> Record:
    """The record as printed, its tags as stored (a match file's tags come from its header, not its text)."""
    text = row["printed"]
    source = SourceText(row["file"] or "", text, first_line=row["line"] or 1)
    # The source the record's folder named, for a record without a [Source] tag: the one stored.
    source.folder_source = row["source_name"]
    body_start = _TAG_BLOCK.match(text).end()  # type: ignore[union-attr]  # matches the empty string at least
    return Record(source, row["record_index"] or 0, json.loads(row["tags"] or "{}"), text, text[body_start:],
                  0, body_start)


def _detail_types(family: str) -> tuple[type[Detail], type[Detail]]:
    """The family's detail classes; plain :class:`Detail` (nothing read) for a family not installed."""
    try:
        found = families.get(family)
    except (KeyError, families.FamilyError):
        return Detail, Detail
    return found.game_detail, found.move_detail
