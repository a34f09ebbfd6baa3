"""Every command fails cleanly: encodings, deep nesting, bad paths, unbounded input, empty input, re-imports.

Each test is one way a careless user (or a hostile file) meets the commands:
the answer is a clear message naming the file, line, column, path or port,
and a non-zero exit when a command cannot do what it was asked; never a
traceback, never a hang, never a lost archive.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import chess
import pytest
from click.testing import CliRunner
from conftest import replay

from notation import pipeline
from notation.archive import Archive
from notation.cli import cli
from notation.records import MAX_RECORD_CHARS, NotText, decode, iter_files, read_file, stream_encoding

ROOT = Path(__file__).resolve().parent.parent
GAME = '[Event "Café"]\n[White "Müller"]\n\n1. e4 e5 2. Nf3 Nc6 *\n'


def run(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def one_line_error(result, *words: str) -> None:
    """A failed command: non-zero exit, one line naming what failed, no traceback."""
    assert result.exit_code != 0, result.output
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert lines and lines[-1].startswith("Error: "), result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    for word in words:
        assert word in lines[-1], (word, lines[-1])


# --------------------------------------------------------------------------
# Encodings


@pytest.mark.parametrize("encoding, bom", [("utf-8", b"\xef\xbb\xbf"), ("utf-16-le", b"\xff\xfe"),
                                           ("utf-16-be", b"\xfe\xff"), ("utf-32-le", b"\xff\xfe\x00\x00"),
                                           ("utf-32-be", b"\x00\x00\xfe\xff")])
def test_a_byte_order_mark_says_how_the_file_is_encoded(tmp_path, encoding, bom):
    path = tmp_path / "game.pgn"
    path.write_bytes(bom + GAME.encode(encoding))
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    game = next(pipeline.read_games([path]))
    assert game.status == "ok" and game.record.tags["Event"] == "Café" and game.record.tags["White"] == "Müller"
    assert not game.diagnostics


def test_invalid_utf8_is_read_with_a_warning_naming_the_first_bad_byte(tmp_path):
    data = GAME.encode("utf-8").replace("Müller".encode(), b"M\xfcller")  # a latin-1 ü inside UTF-8 text
    path = tmp_path / "game.pgn"
    path.write_bytes(data)
    offset = data.index(b"\xfc")
    result = run("validate", path)
    assert f"{path}:2:10: warning: not valid UTF-8 (first bad byte 0xfc at byte offset {offset}): " \
           f"read as cp1252" in result.output
    game = next(pipeline.read_games([path]))
    assert game.record.tags["White"] == "Müller" and game.status == "ok"


def test_a_bad_byte_after_a_utf16_mark_is_named_and_the_rest_is_read():
    data = b"\xff\xfe" + GAME.encode("utf-16-le") + b"\x00\xd8"  # a lone high surrogate at the end
    source = decode(data, "x.pgn")
    assert source.text.startswith("[Event")
    assert source.decoding_warning is not None
    assert f"byte offset {len(data) - 2} is not valid UTF-16-LE" in source.decoding_warning[1]


def random_bytes(n: int, seed: int, nul: bool = True) -> bytes:
    data = random.Random(seed).randbytes(n)
    return data if nul else data.replace(b"\x00", b"\x01")


@pytest.mark.parametrize("name, data", [("noise.txt", random_bytes(2000, 1)), ("noise.pgn", random_bytes(2000, 2)),
                                        ("noise.mat", random_bytes(300, 3, nul=False)),
                                        ("nuls.pgn", GAME.encode() + b"\x00" * 40 + GAME.encode())])
def test_a_file_that_is_not_text_is_refused_naming_it_and_nothing_is_stored(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    db = tmp_path / "a.db"
    result = run("import", path, "--db", db)
    one_line_error(result, "not text", str(path))
    assert f"error: {path}: not a text file (" in result.output and "byte offset" in result.output
    assert "0 records added" in result.output and "1 file refused (not text)" in result.output
    assert sqlite3.connect(db).execute("SELECT count(*) FROM games").fetchone() == (0,)
    checked = run("validate", path)
    assert checked.exit_code == 1 and "0 records, 0 with errors, 1 file refused (not text)" in checked.output
    one_line_error(run("convert", path, "--to", "json"), "not text", str(path))
    with pytest.raises(NotText, match="not a text file"):
        list(pipeline.read_games([path]))


def test_a_folder_with_a_binary_file_imports_the_rest_and_fails(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "game.pgn").write_text(GAME, encoding="utf-8")
    (tmp_path / "in" / "noise.txt").write_bytes(random_bytes(5000, 4))
    result = run("import", tmp_path / "in", "--db", tmp_path / "a.db")
    assert result.exit_code == 1 and "1 record added (1 ok)" in result.output
    assert "1 file refused (not text)" in result.output and "noise.txt" in result.output.splitlines()[-1]
    refused: list[NotText] = []
    games = list(pipeline.read_games([tmp_path / "in"], refused=refused.append))
    assert [g.status for g in games] == ["ok"] and [e.path for e in refused] == [str(tmp_path / "in" / "noise.txt")]


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "utf-8"])
def test_legacy_text_with_a_stray_control_character_is_still_read(tmp_path, encoding):
    """A DOS end-of-file mark or a printer's escape in an old book's file is not binary data."""
    text = '[Event "Café ½"]\n\n1. e4 e5 2. Nf3 Nc6 *\n' if encoding != "latin-1" else GAME
    path = tmp_path / "book.pgn"
    path.write_bytes(text.encode(encoding) + b"\x1a")
    result = run("validate", path)
    assert result.exit_code == 0 and "1 record, 0 with errors" in result.output, result.output


@pytest.mark.parametrize("name", ["game.pgn", "game.txt"])
def test_a_stray_nul_byte_is_read_as_a_bad_byte_where_it_stands(tmp_path, name):
    # A database export with one stray NUL is text (python-chess reads it, the NUL kept in a tag): read, the
    # NUL kept as U+FFFD and said at its line and column as a byte no encoding fits is; the games all read.
    path = tmp_path / name
    path.write_bytes(GAME.encode().replace(b"Caf", b"Ca\x00f", 1) + b"\n" + GAME.encode())
    games = list(pipeline.read_games([path]))
    assert len(games) == 2 and all(g.moves for g in games)
    (said,) = [d for g in games for d in g.diagnostics if "NUL" in d.message]
    assert (said.severity, said.line, said.column) == ("warning", 1, 11) and "byte offset 10" in said.message
    result = run("import", path, "--db", tmp_path / "a.db")
    assert "2 records added" in result.output and "refused" not in result.output


def test_every_corpus_file_is_text():
    for path in iter_files([str(ROOT / "corpus")]):
        read_file(path)
        stream_encoding(path)


# --------------------------------------------------------------------------
# Deep nesting


def nested(depth: int) -> str:
    """A PGN record whose variations nest ``depth`` deep: each replaces the second move of the one around it."""
    rng = random.Random(depth)
    board = chess.Board()
    words = []
    second = None

    def lively(moves):  # moves after which the game goes on with a choice
        out = []
        for m in moves:
            board.push(m)
            if board.legal_moves.count() >= 2:
                out.append(m)
            board.pop()
        return out

    for _ in range(depth + 1):
        first = rng.choice(lively(m for m in board.legal_moves if m != second))
        words.append(("(" if second else "") + board.san(first))
        board.push(first)
        second = rng.choice(lively(board.legal_moves))
        words.append(board.san(second))
    return '[Event "deep"]\n\n' + " ".join(words) + ")" * depth + " *\n"


@pytest.mark.parametrize("depth", [600, 1500])
def test_variations_nested_hundreds_deep_are_read_replayed_written_and_stored(tmp_path, depth):
    game = replay(nested(depth), "deep.pgn")[0]
    assert game.status == "ok" and not game.diagnostics
    assert len(game.variations) == depth
    assert [v.parent for v in game.variations[:3]] == [0, 1, 2]
    path = tmp_path / "deep.pgn"
    path.write_text(nested(depth), encoding="utf-8")
    pgn = run("convert", path, "--to", "pgn")
    assert pgn.exit_code == 0, pgn.output
    again = replay(pgn.output, "again.pgn")[0]  # the PGN written reads back with every variation
    assert again.status == "ok" and len(again.variations) == depth
    db = tmp_path / "deep.db"
    assert run("import", path, "--db", db, "--quiet").exit_code == 0
    assert sqlite3.connect(db).execute("SELECT count(*) FROM variations").fetchone() == (depth,)


def test_pdn_variations_nested_deep_are_read_and_written(tmp_path):
    depth = 1200
    text = '[GameType "21"]\n\n1. 11-15 23-19 2. 8-11 ' + "(2. 9-14 " * depth + ")" * depth + " 22-17 *\n"
    game = replay(text, "deep.pdn")[0]
    assert not any(d.code == "internal" for d in game.diagnostics)
    assert len(game.variations) == depth
    path = tmp_path / "deep.pdn"
    path.write_text(text, encoding="utf-8")
    written = run("convert", path, "--to", "pdn")
    assert written.exit_code == 0 and written.output.count("(") == depth


def test_an_internal_error_stores_a_short_message_never_a_traceback_or_a_path(
        tmp_path, monkeypatch, capsys, lenient_internal_errors):
    def broken(self, parsed):
        raise ValueError(f"cannot open {ROOT}/secret/dir/file.txt for reading")

    chess_family = type(pipeline.families.get("chess"))
    monkeypatch.setattr(chess_family, "replay", broken)
    monkeypatch.setattr(chess_family, "read_fast", lambda self, notation, record: None)  # the full reader
    path = tmp_path / "game.pgn"
    path.write_text(GAME, encoding="utf-8")
    db = tmp_path / "a.db"
    Archive(str(db)).store_all(pipeline.read_games([path]))
    conn = sqlite3.connect(db)
    stored = "\n".join(str(v) for row in conn.execute("SELECT * FROM games") for v in row)
    stored += "\n".join(str(v) for row in conn.execute("SELECT * FROM diagnostics") for v in row)
    assert "internal error while reading this record: ValueError: cannot open file.txt for reading" in stored
    assert str(ROOT) not in stored and "Traceback" not in stored and "traceback" not in stored
    err = capsys.readouterr().err
    assert "Traceback" in err and "secret" in err  # the traceback goes to stderr, for the bug report


# --------------------------------------------------------------------------
# Unbounded input


def test_a_device_or_a_pipe_is_refused_not_read_forever(tmp_path):
    one_line_error(run("import", "/dev/urandom", "--db", tmp_path / "a.db"), "/dev/urandom", "not a regular file")
    fifo = tmp_path / "pipe.pgn"
    os.mkfifo(fifo)
    one_line_error(run("validate", fifo), str(fifo), "not a regular file")


def test_a_record_over_the_size_limit_is_stored_unparsed_with_the_limit_named(tmp_path):
    path = tmp_path / "huge.pgn"
    huge = '[Event "huge"]\n\n{' + "x" * (MAX_RECORD_CHARS + 10) + "}\n1. e4 *\n"
    path.write_text(huge + "\n" + GAME, encoding="utf-8")
    games = list(pipeline.read_games([path]))
    assert [g.status for g in games] == ["unparsed", "ok"]
    message = games[0].diagnostics[0].format(str(path))
    assert f"{path}:3:1: error: the record is {len(huge) + 1:,} characters long, over the limit of " \
           f"{MAX_RECORD_CHARS:,}" in message
    assert games[0].record.text == huge + "\n"  # the text is kept


# --------------------------------------------------------------------------
# Bad paths and ports


def test_an_archive_in_a_missing_folder_is_named(tmp_path):
    game = tmp_path / "g.pgn"
    game.write_text(GAME, encoding="utf-8")
    one_line_error(run("import", game, "--db", tmp_path / "nowhere" / "a.db"),
                   f"the folder {tmp_path / 'nowhere'} does not exist")


def test_a_file_that_is_not_sqlite_is_named_not_overwritten(tmp_path):
    game = tmp_path / "g.pgn"
    game.write_text(GAME, encoding="utf-8")
    notes = tmp_path / "notes.db"
    notes.write_text("my notes, not a database\n" * 100)
    one_line_error(run("import", game, "--db", notes), str(notes), "not an SQLite database")
    assert notes.read_text() == "my notes, not a database\n" * 100
    one_line_error(run("serve", "--db", notes), str(notes), "not an SQLite database")
    one_line_error(run("serve", "--db", tmp_path / "missing.db"), "no archive at")
    plain = tmp_path / "plain.db"
    sqlite3.connect(plain).execute("CREATE TABLE t (x)").connection.close()
    one_line_error(run("serve", "--db", plain), "not a notation archive")
    result = run("import", game, "--db", plain)
    one_line_error(result, f"{plain} is not a notation archive", "(t)")
    assert "schema" not in result.output
    assert sqlite3.connect(plain).execute("SELECT name FROM sqlite_master").fetchall() == [("t",)]


def test_serving_on_a_port_in_use_is_an_error_naming_the_port(tmp_path):
    game = tmp_path / "g.pgn"
    game.write_text(GAME, encoding="utf-8")
    db = tmp_path / "a.db"
    assert run("import", game, "--db", db).exit_code == 0
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        one_line_error(run("serve", "--db", db, "--port", port), f"cannot serve on 127.0.0.1:{port}")


def test_serve_exits_non_zero_when_datasette_stops_with_an_error(tmp_path, monkeypatch):
    game = tmp_path / "g.pgn"
    game.write_text(GAME, encoding="utf-8")
    db = tmp_path / "a.db"
    assert run("import", game, "--db", db).exit_code == 0
    import notation.datasette as serving

    monkeypatch.setattr(serving, "serve_args", lambda *a, **k: [sys.executable, "-c", "raise SystemExit(3)"])
    one_line_error(run("serve", "--db", db, "--port", "1"), "exit status 3")


# --------------------------------------------------------------------------
# Empty input


def test_nothing_to_import_says_so_and_fails(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    folder = tmp_path / "folder"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "picture.png").write_bytes(b"\x89PNG")
    for args in (["import", empty, "--db", tmp_path / "a.db"], ["import", folder, "--db", tmp_path / "a.db"],
                 ["validate", empty], ["validate", folder], ["convert", empty, "--to", "json"]):
        one_line_error(run(*args), "nothing found: no record in")


def test_files_a_folder_holds_that_are_passed_over_are_counted_with_why(tmp_path):
    folder = tmp_path / "books"
    (folder / "sub").mkdir(parents=True)
    (folder / "game.pgn").write_text(GAME, encoding="utf-8")
    for name in ("README.md", "sub/NOTES.md", "LICENSE", "sub/.hidden.pgn"):
        (folder / name).write_text("text\n", encoding="utf-8")
    (folder / "gone.pgn").symlink_to(tmp_path / "nowhere.pgn")
    line = "skipped 5 files: 2 .md (documentation), 1 no file ending, 1 dangling link, 1 hidden"
    for args in (["import", folder, "--db", tmp_path / "a.db"], ["validate", folder]):
        result = run(*args)
        assert result.exit_code == 0 and line in result.output.splitlines(), result.output
    assert "skipped" not in run("validate", folder / "game.pgn").output  # a file named itself is read


# --------------------------------------------------------------------------
# Re-importing, and the full-text index of an import that stops early


def test_reimport_checks_each_record_hash_before_replaying_it(tmp_path, monkeypatch):
    corpus = ROOT / "corpus" / "checkers"
    db = tmp_path / "a.db"
    first = run("import", corpus, "--db", db, "--jobs", "1")
    assert first.exit_code == 0, first.output
    replayed = []
    real = pipeline.process
    monkeypatch.setattr(pipeline, "process", lambda record: replayed.append(record) or real(record))
    second = run("import", corpus, "--db", db, "--jobs", "2")
    assert second.exit_code == 0 and "0 records added" in second.output
    assert replayed == []  # nothing replayed: every record's hash was already stored


def test_the_full_text_index_is_current_after_every_record(tmp_path):
    db = tmp_path / "a.db"
    archive = Archive(str(db))
    archive.store(replay(GAME, "g.pgn")[0])  # one record, and the import stops here
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM games_fts WHERE games_fts MATCH 'Café'").fetchone() == (1,)


# --------------------------------------------------------------------------
# The set-up scripts


def test_serve_corpus_imports_into_its_own_archive_and_keeps_what_is_there(tmp_path):
    """The script adds the corpus to corpus.db (idempotent) and never touches a user's archive.db.

    It runs from a copy of the checkout's scripts beside a corpus of two families: what it does with
    its corpus is the point here (the whole corpus is replayed once, by the fuzzing test's seeds, and the
    development books by their floors in tests/test_corpus_dev.py)."""
    checkout = tmp_path / "checkout"
    shutil.copytree(ROOT / "scripts", checkout / "scripts")
    for family in ("checkers", "backgammon"):
        shutil.copytree(ROOT / "corpus" / family, checkout / "corpus" / family)
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    log = tmp_path / "calls.log"
    # A stand-in for the virtual environment's python: installing and serving are logged, the imports are real
    # (each logs its end); the server waits for the whole corpus's import, started beside it, to end.
    (venv / "bin" / "python").write_text(
        "#!/bin/sh\n"
        f'echo "$@" >> {log}\n'
        'case "$1 $2 $3" in\n'
        f'  "-m notation import") PYTHONPATH={ROOT} {sys.executable} "$@"; status=$?; echo "ended $*" >> {log}; '
        'exit $status ;;\n'
        f'  "-m notation serve") for _ in $(seq 1200); do grep -q "^ended -m notation import corpus/ " {log} && break; '
        "sleep 0.1; done ;;\n"
        "esac\n"
        "exit 0\n")
    (venv / "bin" / "python").chmod(0o755)
    db = tmp_path / "corpus.db"
    user = tmp_path / "user.pgn"
    user.write_text(GAME, encoding="utf-8")
    assert run("import", user, "--db", db).exit_code == 0
    env = dict(os.environ, VIRTUAL_ENV=str(venv), NOTATION_DB=str(db), PORT="8123")
    for _ in range(2):
        done = subprocess.run([str(checkout / "scripts" / "serve-corpus")], env=env, capture_output=True,
                              text=True, timeout=900)
        assert done.returncode == 0, done.stderr
    assert "0 records added" in done.stderr  # the second run adds nothing
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM games WHERE file = ?", (str(user),)).fetchone() == (1,)
    assert conn.execute("SELECT count(*) FROM games WHERE file LIKE 'corpus/checkers/%'").fetchone()[0] >= 50
    assert conn.execute("SELECT count(*) FROM games WHERE file LIKE 'corpus/backgammon/%'").fetchone()[0] > 10
    calls = log.read_text().splitlines()
    serve = f"-m notation serve --db {db} --name archive --port 8123"
    assert calls[0] == "-m pip install --quiet -e ." and serve in calls
    # The transcriptions are in before the server starts; the whole corpus (the books of corpus/dev/) is added
    # beside it, while it serves.
    first = f"-m notation import corpus/backgammon/ corpus/checkers/ --db {db}"
    assert calls.index(first) < calls.index(f"ended {first}") < calls.index(serve)
    assert f"-m notation import corpus/ --db {db}" in calls and f"ended -m notation import corpus/ --db {db}" in calls


def test_the_scripts_choose_a_virtual_environment_when_the_system_python_refuses_pip(tmp_path):
    fake = tmp_path / "bin"
    fake.mkdir()
    # A Debian-like python3: externally managed (PEP 668), and able to make a virtual environment.
    (fake / "python3").write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then mkdir -p "$3/bin" && '
        'printf "#!/bin/sh\\necho venv-python \\"\\$@\\"\\n" > "$3/bin/python" && '
        'chmod +x "$3/bin/python"; exit 0; fi\n'
        'if [ "$1" = "-c" ]; then exit 0; fi\n'  # the externally-managed check answers yes
        "exit 1\n")
    (fake / "python3").chmod(0o755)
    env = {"PATH": f"{fake}:/usr/bin:/bin", "NOTATION_VENV": str(tmp_path / "venv")}
    chosen = subprocess.run(["bash", "-c", f". {ROOT}/scripts/python-env && echo $PY"], env=env,
                            capture_output=True, text=True)
    assert chosen.stdout.strip() == f"{tmp_path}/venv/bin/python", chosen.stderr
    assert "virtual environment" in chosen.stderr
    inside = subprocess.run(["bash", "-c", f". {ROOT}/scripts/python-env && echo $PY"],
                            env={**env, "VIRTUAL_ENV": "/some/venv"}, capture_output=True, text=True)
    assert inside.stdout.strip() == "/some/venv/bin/python"


def test_archives_are_not_committed():
    ignored = subprocess.run(["git", "check-ignore", "archive.db", "corpus.db", "corpus.db-wal", "x/a.db-shm"],
                             cwd=ROOT, capture_output=True, text=True)
    assert ignored.stdout.split() == ["archive.db", "corpus.db", "corpus.db-wal", "x/a.db-shm"]


def test_json_lines_of_an_encoded_file_carry_the_warning(tmp_path):
    path = tmp_path / "game.pgn"
    path.write_bytes(GAME.encode("utf-8").replace("Müller".encode(), b"M\xfcller"))
    result = run("validate", "--json", path)
    record = json.loads(result.output.splitlines()[0])
    assert [d["code"] for d in record["diagnostics"]] == ["encoding"]
