"""Progress of long work on stderr: a bar on a terminal, plain lines elsewhere, stdout left alone."""

from __future__ import annotations

import io
import json
import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

import notation.progress
from notation.cli import cli
from notation.model import Record, SourceText
from notation.progress import ReadProgress

ROOT = Path(__file__).resolve().parent.parent
CHECKERS = ROOT / "corpus" / "checkers"
LINE = re.compile(r"^(Importing|Validating): (\d+)%, ([\d,]+) records?, ([\d,]+) moves?, [\d.]+ records/s, "
                  r"(\d+:\d\d left|time left unknown)$")


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)


def progress_lines(stderr: str) -> list[tuple[str, int, int, int]]:
    """(label, percent, records, moves) of each progress line."""
    return [(m[1], int(m[2]), int(m[3].replace(",", "")), int(m[4].replace(",", "")))
            for m in map(LINE.match, stderr.splitlines()) if m]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_import_not_on_a_terminal_writes_a_progress_line_now_and_then_and_a_summary(tmp_path, monkeypatch, jobs):
    monkeypatch.setattr(notation.progress, "LINE_SECONDS", 0.0)  # a line at every step
    db = tmp_path / "a.db"
    result = run("import", CHECKERS, "--db", db, "--jobs", jobs)
    assert result.exit_code == 0, result.output
    stored, moves = sqlite3.connect(db).execute("SELECT count(*), sum(move_count) FROM games").fetchone()
    lines = progress_lines(result.stderr)
    assert len(lines) >= 2 and all(label == "Importing" for label, *_ in lines)
    assert [p for _, p, _, _ in lines] == sorted(p for _, p, _, _ in lines)
    assert lines[-1][1:] == (100, stored, moves)  # the last line: every record read, every move counted
    # The summary last, but for the line that counts the files passed over (the folder's MISPRINTS.md).
    *_, last, skipped = result.stderr.splitlines()
    assert last.startswith(f"{db}: {stored} records added"), result.stderr
    assert skipped == "skipped 1 file: 1 .md (documentation)"
    assert result.stdout == ""


def test_a_quiet_import_writes_only_its_summary(tmp_path, monkeypatch):
    monkeypatch.setattr(notation.progress, "LINE_SECONDS", 0.0)
    result = run("import", CHECKERS, "--db", tmp_path / "a.db", "--quiet")
    assert result.exit_code == 0, result.output
    assert progress_lines(result.stderr) == []
    summary, skipped = result.stderr.splitlines()
    assert "records added" in summary and skipped.startswith("skipped 1 file")


def test_a_reimport_passes_over_stored_records_to_the_end(tmp_path, monkeypatch):
    db = tmp_path / "a.db"
    run("import", CHECKERS, "--db", db, "--quiet")
    monkeypatch.setattr(notation.progress, "LINE_SECONDS", 0.0)
    again = run("import", CHECKERS, "--db", db)
    assert progress_lines(again.stderr)[-1] == ("Importing", 100, 0, 0)
    assert "0 records added" in again.stderr


def test_validate_json_keeps_stdout_pure_json_lines_while_progress_goes_to_stderr(monkeypatch):
    monkeypatch.setattr(notation.progress, "LINE_SECONDS", 0.0)
    result = CliRunner().invoke(cli, ["validate", "--json", str(CHECKERS)])
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) > 10 and all(set(r) >= {"title", "status", "moves"} for r in records)
    lines = progress_lines(result.stderr)
    assert lines and lines[-1][:3] == ("Validating", 100, len(records))


def test_on_a_terminal_the_bar_shows_records_moves_rate_and_time_left(tmp_path):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    path = tmp_path / "games.pgn"
    path.write_text("A" * 50 + "\n\n" + "B" * 50 + "\n")
    terminal = Terminal()
    progress = ReadProgress("Importing", [str(path)], stream=terminal)
    source = SourceText(str(path), path.read_text())
    progress.read(Record(source, 0, {}, "A" * 50, "A" * 50, 0, 0), moves=30)
    shown = terminal.getvalue().split("\r")[-1]
    # ("1 record": a count of one names one; it said "1 records".)
    assert re.search(r"Importing:  49%\|.*\| \[00:00<00:00, 1 record, 30 moves, [\d.]+ records/s\]$", shown), shown
    progress.read(Record(source, 1, {}, "B" * 50, "B" * 50, 52, 52), moves=12)
    assert progress.done == 100  # bytes of the records' text, out of the file's 103
    progress.close()
    assert progress.done == progress.total == 103
    assert progress.counts == {"records": 2, "moves": 42}


def test_the_shard_import_counts_each_finished_shard(tmp_path, monkeypatch):
    monkeypatch.setattr(notation.progress, "LINE_SECONDS", 0.0)
    result = run("import", CHECKERS, "--to", "parquet", tmp_path / "parquet", "--shards", "2")
    assert result.exit_code == 0, result.output
    lines = progress_lines(result.stderr)
    summary = re.search(r": (\d+) records \(.*\), (\d+) moves, \d+ shards", result.stderr)
    assert summary, result.stderr
    assert lines[-1][1:] == (100, int(summary[1]), int(summary[2]))
