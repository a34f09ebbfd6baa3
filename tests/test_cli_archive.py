"""The command line and the archive, end to end on real corpus files."""

import json
import sqlite3
from pathlib import Path

from click.testing import CliRunner

from notation.cli import cli

ROOT = Path(__file__).resolve().parent.parent
CHESS = ROOT / "corpus" / "chess"


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def test_import_stores_every_record_and_reimport_adds_nothing(tmp_path):
    db = tmp_path / "a.db"
    first = run("import", CHESS, "--db", db, "--quiet")
    assert first.exit_code == 0, first.output
    conn = sqlite3.connect(db)
    games = conn.execute("select count(*) from games").fetchone()[0]
    assert games >= 78
    # The text exactly as printed is stored with its status and source.
    printed, status, source = conn.execute(
        "select printed, status, sources.name from games join sources on sources.id = games.source_id "
        "where title = 'Petroff’s Counter Attack'").fetchone()
    assert "K-KB3" in printed and status == "repaired" and source.startswith("Foster")
    second = run("import", CHESS, "--db", db, "--quiet")
    assert "0 records added" in second.output
    assert conn.execute("select count(*) from games").fetchone()[0] == games


def test_positions_are_stored_once_and_searchable(tmp_path):
    db = tmp_path / "a.db"
    run("import", CHESS, "--db", db, "--quiet")
    conn = sqlite3.connect(db)
    after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"
    reached = conn.execute(
        "select count(distinct game_id) from moves join positions p on p.id = moves.position_id "
        "where p.key = ?", (after_e4_e5,)).fetchone()[0]
    assert reached > 20
    assert conn.execute("select count(*) from positions where key = ?", (after_e4_e5,)).fetchone()[0] == 1


def test_validate_prints_compiler_style_diagnostics_and_exits_1():
    result = run("validate", CHESS / "openings.txt")
    assert result.exit_code == 1
    assert "openings.txt:257:18: error: 'K-KB3' is not a legal move for white; read as Kt-KB3" in result.output


def test_validate_json_lines_shape():
    result = run("validate", "--json", CHESS / "little-games.txt")
    rows = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    assert len(rows) == 2
    for row in rows:
        assert {"title", "family", "notation", "status", "moves", "diagnostics"} <= set(row)
        assert {"ply", "printed", "normalized", "status"} <= set(row["moves"][0])
    bad = rows[1]["diagnostics"][0]
    assert {"ply", "line", "column", "severity", "code", "message", "suggestions"} <= set(bad)


def test_convert_to_pgn_and_back(tmp_path):
    result = run("convert", CHESS / "little-games.txt", "--to", "pgn")
    assert result.exit_code == 0
    assert "1. e4 e5 2. Nf3 d6 3. Nc3 h6 4. Bc4 Bg4" in " ".join(result.output.split())
    pgn = tmp_path / "games.pgn"
    pgn.write_text(result.stdout)
    back = run("validate", "--json", pgn)
    rows = [json.loads(line) for line in back.output.splitlines() if line.startswith("{")]
    assert [r["notation"] for r in rows] == ["san", "san"]
    assert rows[0]["moves"][-1]["normalized"] == "Nd5#"


def test_convert_rejects_an_unknown_format():
    result = CliRunner().invoke(cli, ["convert", str(CHESS / "little-games.txt"), "--to", "xyz"])
    assert result.exit_code != 0 and "expected json or one of" in result.output


def test_convert_leaves_out_a_record_the_format_cannot_hold_and_writes_the_others(tmp_path):
    # A book's prose before its game (no family reads it) stopped the whole conversion: nothing was written.
    book = tmp_path / "book.txt"
    book.write_text("The history of the game is an old one, and its laws are simple enough.\n\n\n"
                    '[Game "checkers"]\n11-15 23-19 8-11 22-17\n')
    result = CliRunner().invoke(cli, ["convert", str(book), "--to", "pdn"])
    assert result.exit_code == 1
    assert "11-15 23-19" in result.stdout and "8-11 22-17" in result.stdout
    assert f"error: {book}:1: cannot write this unknown record as 'pdn' (no family reads it): left out" in result.output


def test_bad_input_is_reported_with_file_line_column_and_stored(tmp_path):
    bad = tmp_path / "bad.txt"
    # (A ")" that closes no variation, outside a .pgn (where a bracket may be the prose's): the movetext does not
    # parse. In a .pgn it is read past, as a stray "}" or "]" is and a "{" no "}" closes: tests/test_chess_pgn_quirks.py.)
    bad.write_text('[Game "chess"]\n[Notation "san"]\n1. e4 e5 2. Nf3 ) Nc6\n\n'
                   '[Game "chess"]\n[Notation "english-descriptive"]\nP-K4 P-K4\n')
    result = run("validate", bad)
    assert result.exit_code == 1 and f"{bad}:3:" in result.output and "expected" in result.output
    db = tmp_path / "a.db"
    run("import", bad, "--db", db, "--quiet")
    rows = sqlite3.connect(db).execute("select status from games order by id").fetchall()
    assert rows == [("unparsed",), ("ok",)]


def test_parallel_import_stores_the_same_archive(tmp_path, monkeypatch):
    import notation.parallel as parallel

    monkeypatch.setattr(parallel, "CHUNK", 7)  # several chunks per file, as a big PGN gets
    serial, parallel = tmp_path / "serial.db", tmp_path / "parallel.db"
    # The families' corpora: every family, files of many chunks (the development books are replayed by
    # their floors in tests/test_corpus_dev.py, not twice more here).
    folders = [ROOT / "corpus" / family for family in ("backgammon", "cards", "checkers", "chess")]
    run("import", *folders, "--db", serial, "--quiet", "--jobs", "1")
    run("import", *folders, "--db", parallel, "--quiet", "--jobs", "2")
    query = ("select g.hash, g.status, m.ply, m.variation, m.normalized, m.status, p.key from games g "
             "left join moves m on m.game_id = g.id left join positions p on p.id = m.position_id "
             "order by g.id, m.variation, m.ply")
    a = sqlite3.connect(serial).execute(query).fetchall()
    b = sqlite3.connect(parallel).execute(query).fetchall()
    assert a == b and len(a) > 1000


def test_unknown_game_and_notation_are_reported_at_their_tags(tmp_path):
    bad = tmp_path / "tags.txt"
    bad.write_text('[Game "chss"]\nP-K4\n\n[Game "chess"]\n[Notation "klingon"]\nP-K4\n')
    result = run("validate", bad)
    assert f"{bad}:1:8: error: unknown game 'chss': expected one of chess" in result.output
    assert f"{bad}:5:12: error: unknown notation 'klingon' for chess: expected one of english-descriptive" \
        in result.output


def test_syntax_errors_name_what_was_expected_in_words(tmp_path):
    bad = tmp_path / "bad.pgn"
    # (A move after a variation's own result: nothing PGN reads. A stray "}" among the moves is read past now.)
    bad.write_text('[Event "x"]\n\n1. e4 e5 2. Nf3 (2. Nc3 1-0 Nc6) *\n')
    result = run("validate", bad)
    assert f"{bad}:3:29: error: cannot read the PGN movetext: found 'Nc6'; expected ')'" in result.output
    assert "a ;comment" in result.output and "a {comment}" in result.output and "open comment" not in result.output


def test_archive_records_its_schema_version(tmp_path):
    import sqlite3

    from notation.archive import SCHEMA_VERSION, open_db

    open_db(str(tmp_path / "a.db")).conn.close()
    assert sqlite3.connect(tmp_path / "a.db").execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_an_archive_of_another_schema_stops_with_how_to_rebuild(tmp_path):
    import sqlite3

    import pytest

    from notation.archive import ArchiveVersionError, open_db

    old = tmp_path / "old.db"
    conn = sqlite3.connect(old)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.commit()
    conn.close()
    with pytest.raises(ArchiveVersionError, match="unversioned.*rebuild"):
        open_db(str(old))
    conn = sqlite3.connect(old)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(ArchiveVersionError, match="newer"):
        open_db(str(old))


def test_a_move_detail_met_again_is_stored_as_the_same_json_and_equal_numbers_of_other_types_stay_apart():
    from notation.archive import _detail_json, move_detail_json
    from notation.details.backgammon import BackgammonMoveDetail
    from notation.details.cards import CardsMoveDetail
    from notation.details.chess import ChessMoveDetail

    detail = ChessMoveDetail(uci="e2e4", from_="e2", to="e4", piece="P", capture=False, check=False, mate=False)
    assert move_detail_json(detail) == _detail_json(detail.as_json()) == move_detail_json(ChessMoveDetail(
        uci="e2e4", from_="e2", to="e4", piece="P", capture=False, check=False, mate=False))
    assert '"promotion": null' in move_detail_json(detail)  # a move made: all its facts, a promotion of none too
    # True == 1 == 1.0 in Python, but not in JSON: the cache must not give one for another.
    assert [move_detail_json(CardsMoveDetail(count=v)) for v in (True, 1, 1.0, True)] == [
        '{"count": true}', '{"count": 1}', '{"count": 1.0}', '{"count": true}']
    # Not hashable: written each time.
    assert move_detail_json(BackgammonMoveDetail(dice=[3, 1])) == '{"dice": [3, 1]}'
    assert move_detail_json(ChessMoveDetail()) is None  # nothing kept: no JSON at all


def test_a_chess_move_detail_keys_its_json_by_its_values_alone_so_holds_no_number():
    """ChessMoveDetail.json_key leaves out the values' types (True == 1 in Python, not in JSON): right only
    while every field but the engine's value (a dict: not hashable, written each time) is text or a flag."""
    import typing
    from dataclasses import fields

    from notation.archive import move_detail_json
    from notation.details.chess import ChessMoveDetail

    hints = typing.get_type_hints(ChessMoveDetail)
    for f in fields(ChessMoveDetail):
        if f.name != "value":
            assert set(typing.get_args(hints[f.name])) <= {str, bool, type(None)}, f.name
    detail = ChessMoveDetail.made("e7e8q", "e7", "e8", "P", True, "Q", True, False)
    assert detail.json_key() == detail.values()
    assert move_detail_json(detail) == ('{"uci": "e7e8q", "from": "e7", "to": "e8", "piece": "P", "capture": true, '
                                        '"promotion": "Q", "check": true, "mate": false}')
    detail.value = {"value": "win", "plies": 3, "settled_by": "table", "side": "black"}
    assert '"value": {"value": "win"' in move_detail_json(detail)  # a value: not hashable, written each time
