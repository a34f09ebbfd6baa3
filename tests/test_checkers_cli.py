"""The generic command line works for checkers through the family interface."""

import json
from pathlib import Path

import sqlite_utils
from click.testing import CliRunner

from notation.cli import cli

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "checkers"

PDN = """[Event "one"]
[GameType "21"]
1. 11-15 22-18 2. 15x22 25x18 (2... 26x17) 3. 8-11 29-25 1-0[Event "two"]
[Setup "1"]
[FEN "W:W18,K14,K23:B24,K6"]
1... 18-15 6-1 2. 14-9 24-28 *
"""


def test_validate_the_corpus_reports_the_one_misprint():
    result = CliRunner().invoke(cli, ["validate", "--no-warnings", str(CORPUS)])
    assert result.exit_code == 1  # the First Position's 14-13 is an error, repaired
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 1 and "end_game_positions.txt:5:139: error: '14-13'" in errors[0]
    assert "50 records, 1 with errors" in result.output


def test_validate_json_shape():
    result = CliRunner().invoke(cli, ["validate", "--json", str(CORPUS / "openings.txt")])
    games = [json.loads(line) for line in result.output.splitlines() if line.startswith("{")]
    assert len(games) == 28 and result.exit_code == 0
    alma = games[0]
    assert alma["family"] == "checkers" and alma["notation"] == "book" and alma["status"] == "ok"
    assert (alma["moves"][4]["printed"], alma["moves"][4]["normalized"], alma["moves"][4]["side"]) == \
        ("3- 8", "3-8", "black")


def test_convert_pdn_to_pdn_and_book(tmp_path):
    path = tmp_path / "games.pdn"
    path.write_text(PDN)
    pdn = CliRunner().invoke(cli, ["convert", str(path), "--to", "pdn"])
    assert pdn.exit_code == 0, pdn.output
    assert "1. 11-15 22-18 2. 15x22 25x18 (2... 26x17) 3. 8-11 29-25 1-0" in pdn.output
    assert '[FEN "W:W18,K14,K23:B24,K6"]' in pdn.output and "1... 18-15 2. 6-1 14-9 3. 24-28 *" in pdn.output
    book = CliRunner().invoke(cli, ["convert", str(path), "--to", "book"])
    assert "11-15 22 18 15-22 A 25 18 8-11 29 25 B wins ------ Var A. 26 17" in book.output
    assert "White to move 18 15 6- 1 14 9 24-28" in book.output


def test_import_stores_games_moves_and_positions(tmp_path):
    db_path = tmp_path / "a.db"
    result = CliRunner().invoke(cli, ["import", str(CORPUS), "--db", str(db_path), "--quiet"])
    assert result.exit_code == 0, result.output
    db = sqlite_utils.Database(db_path)
    assert db.execute("select count(*) from games where family = 'checkers'").fetchone()[0] == 50
    # After 11-15, reached by many openings, the position is stored once.
    after = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15"
    rows = db.execute("select count(*) from positions where family = 'checkers' and key = ?", [after]).fetchone()
    assert rows[0] == 1
    again = CliRunner().invoke(cli, ["import", str(CORPUS), "--db", str(db_path), "--quiet"])
    assert "0 records added" in again.output
