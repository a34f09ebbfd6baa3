"""A game read back from the archive is the game the replay stored: the same JSON as ``validate --json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation.archive import Archive
from notation.archive.read import GameNotFound, read_game
from notation.details.chess import ChessMoveDetail
from notation.model import Game
from notation.pipeline import games_in_file

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
#: Records taken from each file: a few of each, from every file of the family, so that lines,
#: variations, claims, diagnostics and every kind of detail the family keeps come in.
PER_FILE = 4


def _as_stored(game: Game) -> dict:
    """The game's JSON, through JSON text as the archive keeps it (tuples become lists)."""
    return json.loads(json.dumps(game.as_json(), ensure_ascii=False, default=str))


def _games(family: str) -> list[Game]:
    games = []
    for path in sorted((CORPUS / family).rglob("*")):
        if path.is_file() and path.suffix != ".md":
            for k, game in enumerate(games_in_file(str(path))):
                if k == PER_FILE:
                    break
                games.append(game)
    return games


@pytest.mark.parametrize("family, kinds", [
    ("chess", {"variations", "claims", "diagnostics", "detail"}),
    ("checkers", {"variations", "claims", "diagnostics", "detail"}),
    ("backgammon", {"claims", "diagnostics", "detail"}),  # no variations: the books print none
    ("cards", {"claims", "diagnostics", "detail"}),
])
def test_each_game_read_back_is_the_game_stored(tmp_path, family, kinds):
    games = [g for g in _games(family) if g.family == family]
    archive = Archive(str(tmp_path / "a.db"))
    stored = {}
    for game in games:
        game_id = archive.store(game)
        if game_id is not None:  # a record printed twice is stored once
            stored[game_id] = game
    assert len(stored) >= 8
    seen = dict.fromkeys(kinds, 0)  # "detail": a game's or a move's
    for game_id, game in stored.items():
        back = read_game(archive.db, game_id)
        assert _as_stored(back) == _as_stored(game), (game.record.path, game.record.line)
        assert type(back.detail) is type(game.detail)
        stored_json = _as_stored(game)
        for kind in kinds:
            seen[kind] += bool(stored_json[kind] or kind == "detail" and any(m["detail"] for m in stored_json["moves"]))
    assert all(seen.values()), seen  # each part of a game was compared, not only empty ones


def test_a_move_read_back_has_its_familys_detail(tmp_path):
    text = '[Event "t"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 *\n'
    path = tmp_path / "g.pgn"
    path.write_text(text)
    game = next(games_in_file(str(path)))
    archive = Archive(str(tmp_path / "a.db"))
    back = read_game(archive.db, archive.store(game) or 0)
    detail = back.moves[2].detail
    assert isinstance(detail, ChessMoveDetail) and (detail.from_, detail.to, detail.piece) == ("g1", "f3", "N")
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in back.variations] == [(3, ["f4", "exf4"])]
    assert back.record.body == game.record.body and back.tags["White"] == "A"


def test_a_game_not_stored_is_said_so(tmp_path):
    archive = Archive(str(tmp_path / "a.db"))
    with pytest.raises(GameNotFound, match="no game 7"):
        read_game(archive.db, 7)


def test_a_new_archive_has_the_import_page_size_and_an_old_one_keeps_its_own(tmp_path: Path) -> None:
    """New archives get PAGE_SIZE (fewer pages for the moves' rows); an existing archive is opened as it is."""
    import sqlite3

    from notation.archive import PAGE_SIZE, open_db

    new = open_db(str(tmp_path / "new.db"))
    assert new.execute("PRAGMA page_size").fetchone() == (PAGE_SIZE,) != (4096,)
    old_path = tmp_path / "old.db"
    old = sqlite3.connect(old_path)
    old.execute("PRAGMA page_size = 4096")
    old.execute("CREATE TABLE t (x)")  # the file written at 4 KiB pages
    old.execute("DROP TABLE t")
    old.close()
    opened = open_db(str(old_path))
    assert "moves" in opened.table_names()
    assert opened.execute("PRAGMA page_size").fetchone() == (4096,)


def test_a_move_without_a_comment_is_stored_null_and_one_with_a_comment_keeps_its_text(tmp_path):
    """A move's row carries NO_COMMENT, not ``None``, where it has no comment (Python's ``sqlite3`` binds
    ``None`` through its adapters, dearly); the archive stores NULL there, and every comment as its text,
    "0" too, which is text, not the number."""
    from notation.archive import MOVE_COLUMNS, NO_COMMENT, game_rows

    record = tmp_path / "c.pgn"
    record.write_text('[Event "Comments"]\n\n1. e4 {0} e5 2. Nf3 {A knight.} Nc6 *\n', encoding="utf-8")
    (game,) = games_in_file(str(record))
    column = MOVE_COLUMNS.index("comment")
    assert [row[column] for _, moves in game_rows(game).lines for row in moves] == ["0", NO_COMMENT, "A knight.",
                                                                                    NO_COMMENT]
    archive = Archive(str(tmp_path / "a.db"))
    archive.store(game)
    assert archive.conn.execute("SELECT comment, typeof(comment) FROM moves ORDER BY ply").fetchall() == [
        ("0", "text"), (None, "null"), ("A knight.", "text"), (None, "null")]
    assert [m.comment for m in read_game(archive.conn, 1).moves] == ["0", None, "A knight.", None]


def test_a_continuation_after_the_games_end_is_stored_and_read_back_as_a_variation(tmp_path):
    # A note's line after the game's last move (issue 29) is a variation from the final position, its branch ply the
    # one after the last move: stored and read back as any variation.
    path = tmp_path / "evergreen.txt"
    path.write_text(
        "1 e4 e5 2 Nf3 Nc6 3 Bc4 Bc5 4 b4 Bxb4 5 c3 Ba5 6 d4 exd4 7 O-O d3 8 Qb3 Qf6 9 e5 Qg6 10 Re1 Nge7 11 Ba3 b5 "
        "12 Qxb5 Rb8 13 Qa4 Bb6 14 Nbd2 Bb7 15 Ne4 Qf5 16 Bxd3 Qh5 17 Nf6+ gxf6 18 exf6 Rg8 19 Rad1 Qxf3 20 Rxe7+ "
        "Resigns.\n\nAnderssen gives the pleasant line 20...Nxe7 21 Qxd7+ Kxd7 22 Bf5+ Ke8 23 Bd7+ Kf8 24 Bxe7 mate.\n",
        encoding="utf-8")
    (game,) = games_in_file(str(path))
    archive = Archive(str(tmp_path / "a.db"))
    back = read_game(archive.db, archive.store(game))
    assert _as_stored(back) == _as_stored(game)
    assert [(v.parent, v.branch_ply, v.moves[-1].normalized) for v in back.variations] == [(0, 40, "Bxe7#")]
