"""Robustness of the import path: whatever bytes a file holds, the import finishes and stores them
(or, when they are not text at all, refuses the file whole, naming it).

The property test takes real corpus records (every ``corpus/<family>/`` file,
so each new family's records join automatically), mutates them — truncation,
flipped and inserted bytes, broken tag pairs, huge lines, text in cp1252 /
latin-1 or invalid UTF-8, random unicode, lone brackets, unbalanced braces —
and imports the file twice: through :func:`notation.pipeline.read_games` and
:class:`notation.archive.Archive`, and through ``notation import`` itself.
Either way: no exception escapes, every record is stored with a status and its
text exactly as printed, and the database is consistent afterwards.

The other tests pin down the transactional promises: re-importing adds
nothing, a failure inside :meth:`Archive.store` leaves no half-stored game,
and a bug while reading one record stores it as ``unparsed`` with an
``internal`` diagnostic while the import goes on.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.archive import Archive
from notation.cli import cli
from notation.model import STATUS_ORDER, SourceText
from notation.pipeline import read_games
from notation.records import FILE_SUFFIXES, NotText, read_file, split_tagged

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
STATUSES = set(STATUS_ORDER)
#: Tables whose rows belong to one game.
CHILD_TABLES = ("moves", "variations", "diagnostics", "claims")


def corpus_records() -> list[str]:
    """The text of every record of every corpus file, in a stable order."""
    texts: list[str] = []
    for path in sorted(CORPUS.glob("*/*")):
        if path.suffix.lower() not in FILE_SUFFIXES or not path.is_file():
            continue
        source = SourceText(str(path), path.read_text(encoding="utf-8"))
        texts.extend(r.text for r in split_tagged(source))
    return texts


SEEDS = corpus_records()


# --------------------------------------------------------------------------
# Mutations of a record's bytes


def _splice(data: bytes, at: int, insert: bytes, cut: int = 0) -> bytes:
    at = min(at, len(data))
    return data[:at] + insert + data[at + cut:]


@st.composite
def mutation(draw, data: bytes) -> bytes:
    """One mutation of ``data``, chosen by hypothesis."""
    kind = draw(st.sampled_from([
        "truncate", "flip", "insert", "delete", "break-tag", "huge-line", "legacy-encoding",
        "invalid-utf8", "unicode", "brackets", "line-breaks", "duplicate",
    ]))
    at = draw(st.integers(0, max(len(data), 1)))
    if kind == "truncate":
        return data[:at]
    if kind == "flip":
        if not data:
            return b"\xff"
        i = min(at, len(data) - 1)
        return data[:i] + bytes([data[i] ^ draw(st.integers(1, 255))]) + data[i + 1:]
    if kind == "insert":
        return _splice(data, at, draw(st.binary(min_size=1, max_size=12)))
    if kind == "delete":
        return _splice(data, at, b"", draw(st.integers(1, 40)))
    if kind == "break-tag":
        # Damage a tag pair: drop a quote or bracket, add one, or leave a tag open.
        tag_bytes = [i for i, b in enumerate(data) if b in b'[]"']
        if tag_bytes and draw(st.booleans()):
            i = draw(st.sampled_from(tag_bytes))
            return data[:i] + data[i + 1:]
        return _splice(data, at, draw(st.sampled_from(
            [b"[", b"]", b'"', b'[Game "', b'[Notation "klingon"]\n', b'[Game "chess"]\n',
             b'[Game "nosuchgame"]\n', b'[FEN "8/8/8/8 w - -"]\n', b'[SetUp "1"]\n[FEN "x"]\n',
             b'[Title "a \\" b"]\n', b"[ ]\n", b'[A""]\n', b'[Game "checkers"]\n', b'[Game "backgammon"]\n',
             b'[Game "cards"]\n', b'[Encoding "braille-ascii"]\n', b'[Odds "Pawn and Move"]\n'])))
    if kind == "huge-line":
        unit = draw(st.sampled_from([b"P-K4 ", b"x", b"1. e4 e5 ", b"{", b"(", b"- ", b"\t"]))
        return _splice(data, at, unit * draw(st.integers(500, 4000)) + b"\n")
    if kind == "legacy-encoding":
        # The same text as an old file would hold it: cp1252 (curly quotes, ½) or latin-1.
        text = data.decode("utf-8", errors="replace") + draw(st.sampled_from(
            ["", " ’", " ½-½", " Kt–B3", " é", " ‘Or this’"]))
        encoding = draw(st.sampled_from(["cp1252", "latin-1"]))
        return text.encode(encoding, errors="replace")
    if kind == "invalid-utf8":
        return _splice(data, at, draw(st.sampled_from(
            [b"\xff", b"\xc3(", b"\xe2\x80", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x00", b"\xef\xbb\xbf"])))
    if kind == "unicode":
        return _splice(data, at, draw(st.text(min_size=1, max_size=30)).encode("utf-8"))
    if kind == "brackets":
        return _splice(data, at, draw(st.sampled_from(
            [b"{", b"}", b"(", b")", b"{{(", b"[", b"\n[\n", b")(", b"{ unclosed", b"$", b";"])))
    if kind == "line-breaks":
        # Line ends Python counts as lines but the file may not: CR, form feed, NEL, U+2028.
        return _splice(data, at, draw(st.sampled_from(
            ["\r", "\r\n", "\x0c", "\x85", "\u2028", "\x1c", "\v"])).encode("utf-8"))
    # "duplicate": the record twice (the same text may occur twice in a file).
    return data + b"\n" + data


@st.composite
def mutated_file(draw) -> tuple[bytes, str]:
    """The bytes of a file and its suffix: mutated corpus records, or something odd on its own."""
    suffix = draw(st.sampled_from([".txt", ".txt", ".txt", ".pgn", ".pdn", ".mat", ".brf"]))
    shape = draw(st.sampled_from(["mutated", "mutated", "mutated", "mutated", "odd", "random"]))
    if shape == "odd":
        return draw(st.sampled_from(
            [b"", b"[", b"]", b"{", b"}", b"(", b"\n\n\n", b"\xff\xfe", b"\xef\xbb\xbf", b'[Game "chess"]',
             b'[Game "chess"]\n', b'[Game "chess"]\n[Notation "san"]\n{', b"1.", b"1. e4 {", b"\x00" * 10,
             b'[Game "chess"]\n[Notation "english-descriptive"]\n(((', b"[]", b'[""]'])), suffix
    if shape == "random":
        if draw(st.booleans()):
            return draw(st.binary(max_size=300)), suffix
        return draw(st.text(max_size=300)).encode("utf-8"), suffix
    records = draw(st.lists(st.sampled_from(SEEDS), min_size=1, max_size=3))
    data = "\n".join(records).encode("utf-8")
    for _ in range(draw(st.integers(1, 3))):
        data = draw(mutation(data))
    return data, suffix


# --------------------------------------------------------------------------
# What must hold of an archive after any import


def check_consistent(db_path: Path) -> dict[str, str]:
    """Assert the archive is sound; return ``{hash: status}`` of its games."""
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        for table in CHILD_TABLES:
            orphans = conn.execute(
                f"SELECT count(*) FROM {table} WHERE game_id NOT IN (SELECT id FROM games)").fetchone()[0]
            assert orphans == 0, f"{orphans} {table} rows point to no game"
        dangling = conn.execute(
            "SELECT count(*) FROM moves WHERE position_id IS NOT NULL "
            "AND position_id NOT IN (SELECT id FROM positions)").fetchone()[0]
        assert dangling == 0, f"{dangling} moves point to no position"
        stored = dict(conn.execute("SELECT hash, status FROM games").fetchall())
        assert set(stored.values()) <= STATUSES
        # Each game's rows are all there: its move count matches its main-line move rows.
        mismatched = conn.execute(
            "SELECT count(*) FROM games g WHERE g.move_count != "
            "(SELECT count(*) FROM moves m WHERE m.game_id = g.id AND m.variation = 0)").fetchone()[0]
        assert mismatched == 0
        return stored
    finally:
        conn.close()


def table_counts(db_path: Path) -> dict[str, int]:
    conn = sqlite3.connect(db_path)
    try:
        return {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("games", "positions", "sources", *CHILD_TABLES)}
    finally:
        conn.close()


def import_with_archive(path: Path, db_path: Path, refused: list[NotText] | None = None) -> list:
    """``read_games`` + ``Archive.store``, as ``notation import`` does; returns the games read
    (a file that is not text goes to ``refused``)."""
    archive = Archive(str(db_path))
    games = []
    try:
        for game in read_games([path], refused=None if refused is None else refused.append):
            archive.store(game)
            games.append(game)
    finally:
        archive.conn.close()
    return games


def _whitespace_free(text: str) -> str:
    return re.sub(r"\s+", "", text)


# --------------------------------------------------------------------------
# The property


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                 HealthCheck.function_scoped_fixture])
@given(mutated_file())
def test_any_file_imports_without_loss_and_leaves_a_consistent_archive(tmp_path_factory, case):
    data, suffix = case
    tmp = tmp_path_factory.mktemp("robust")
    path = tmp / f"input{suffix}"
    path.write_bytes(data)

    # 1. The library path: read_games + Archive.store. A file that is not text is refused whole.
    db_path = tmp / "api.db"
    refused: list[NotText] = []
    games = import_with_archive(path, db_path, refused)
    stored = check_consistent(db_path)
    assert not (refused and stored), "a file refused stores nothing"
    assert {g.record.hash for g in games} == set(stored), "every record is stored, and nothing else"
    for game in games:
        assert game.status in STATUSES
        assert stored[game.record.hash] == game.status
    conn = sqlite3.connect(db_path)
    printed = dict(conn.execute("SELECT hash, printed FROM games").fetchall())
    conn.close()
    for game in games:
        assert printed[game.record.hash] == game.record.text, "the text is stored exactly as read"
    if suffix in (".txt", ".pgn") and games:
        # The records are slices of the decoded file: together they hold every character but blank lines.
        # (A file is read as a stream, each record with a source of its own: compare with the whole file.)
        source = read_file(str(path))
        assert _whitespace_free("".join(g.record.text for g in games)) == _whitespace_free(source.text)

    # 2. The command: the same records, the same statuses; a second run adds nothing.
    cli_db = tmp / "cli.db"
    runner = CliRunner()
    result = runner.invoke(cli, ["import", str(path), "--db", str(cli_db), "--quiet"])
    # A file that holds no record, or is not text, says so and exits 1; any other imports and exits 0.
    expected_exit = 0 if stored else 1
    assert result.exception is None or (isinstance(result.exception, SystemExit)
                                        and result.exit_code == expected_exit), result.output
    assert result.exit_code == expected_exit, result.output
    if refused:
        assert f"{path}: not a text file" in result.output
    elif not stored:
        assert "nothing found" in result.output
    assert check_consistent(cli_db) == stored
    before = table_counts(cli_db)
    again = runner.invoke(cli, ["import", str(path), "--db", str(cli_db), "--quiet"])
    assert again.exit_code == expected_exit, again.output
    assert table_counts(cli_db) == before


# --------------------------------------------------------------------------
# Re-import, interrupted store, internal errors


def test_reimporting_the_corpus_adds_nothing(tmp_path):
    db_path = tmp_path / "a.db"
    runner = CliRunner()
    first = runner.invoke(cli, ["import", str(CORPUS / "chess"), "--db", str(db_path), "--quiet"])
    assert first.exit_code == 0, first.output
    counts = table_counts(db_path)
    assert counts["games"] > 0 and counts["moves"] > 0
    second = runner.invoke(cli, ["import", str(CORPUS / "chess"), "--db", str(db_path), "--quiet"])
    assert second.exit_code == 0, second.output
    assert "0 records added" in second.output
    assert f"{counts['games']} already stored" in second.output
    assert table_counts(db_path) == counts
    # The library path agrees: every record is already there.
    archive = Archive(str(db_path))
    assert all(archive.store(g) is None for g in read_games([CORPUS / "chess"]))
    archive.conn.close()
    assert table_counts(db_path) == counts
    check_consistent(db_path)


RICH_GAME = """[Game "chess"]
[Notation "san"]
[Title "Rich"]
[Source "Robustness test"]
1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3+ Nc6 {a comment} 3. Bb5 a6 1-0
"""
OTHER_GAME = """[Game "chess"]
[Notation "san"]
[Title "Other"]
[Source "Robustness test"]
1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5
"""


def expected_positions(game) -> list[tuple[int, int, str | None]]:
    """(variation, ply, position key) of every move of a game, as replayed."""
    rows = [(0, m.ply, m.position) for m in game.moves]
    rows += [(v.id, m.ply, m.position) for v in game.variations for m in v.moves]
    return sorted(rows, key=lambda r: (r[0], r[1]))


def stored_positions(db_path: Path, game) -> list[tuple[int, int, str | None]]:
    """(variation, ply, position key) of every stored move of a game, read back through ``positions``."""
    conn = sqlite3.connect(db_path)
    try:
        return conn.execute(
            "SELECT m.variation, m.ply, p.key FROM moves m JOIN games g ON g.id = m.game_id "
            "LEFT JOIN positions p ON p.id = m.position_id WHERE g.hash = ? ORDER BY m.variation, m.ply",
            (game.record.hash,)).fetchall()
    finally:
        conn.close()


class FailingConnection:
    """A sqlite3 connection that raises on the ``nth`` insert into ``table`` (any INSERT form)."""

    def __init__(self, real: sqlite3.Connection, table: str, nth: int, error: BaseException) -> None:
        self.real, self.nth, self.error = real, nth, error
        self.pattern = re.compile(rf"^\s*INSERT\b[^(]*?\bINTO\s+{table}\b", re.IGNORECASE)
        self.seen = 0

    def _maybe_fail(self, sql: str) -> None:
        if self.pattern.match(sql):
            self.seen += 1
            if self.seen == self.nth:
                raise self.error

    def execute(self, sql, *args):
        self._maybe_fail(sql)
        return self.real.execute(sql, *args)

    def executemany(self, sql, rows):
        self._maybe_fail(sql)
        return self.real.executemany(sql, rows)

    def __enter__(self):
        return self.real.__enter__()

    def __exit__(self, *exc):
        return self.real.__exit__(*exc)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.mark.parametrize("table,nth", [  # a batch writes each table in one statement (the games row by row)
    ("positions", 1), ("position_forms", 1), ("games", 1), ("moves", 1), ("variations", 1), ("diagnostics", 1),
    ("claims", 1),
])
@pytest.mark.parametrize("error", [sqlite3.OperationalError("disk I/O error"), KeyboardInterrupt()],
                         ids=["sqlite-error", "interrupt"])
def test_a_failure_inside_store_leaves_no_half_stored_game(tmp_path, table, nth, error):
    path = tmp_path / "games.txt"
    path.write_text(OTHER_GAME + "\n" + RICH_GAME, encoding="utf-8")
    other, rich = list(read_games([path]))
    assert rich.variations and rich.diagnostics and rich.claims, "the game exercises every table"
    db_path = tmp_path / "a.db"
    archive = Archive(str(db_path))
    assert archive.store(other) is not None
    before = table_counts(db_path)

    real = archive.conn
    failing = FailingConnection(real, table, nth, error)
    archive.conn = failing  # type: ignore[assignment]
    with pytest.raises(type(error)):
        archive.store(rich)
    assert failing.seen == nth
    archive.conn = real
    assert table_counts(db_path) == before, "nothing of the failed game is left"
    assert not archive.has(rich.record.hash)
    check_consistent(db_path)

    # The same archive goes on: the game stores whole, each move pointing at its own position.
    assert archive.store(rich) is not None
    assert stored_positions(db_path, rich) == expected_positions(rich)
    assert stored_positions(db_path, other) == expected_positions(other)
    after = table_counts(db_path)
    assert after["games"] == before["games"] + 1
    assert after["variations"] == before["variations"] + len(rich.variations)
    assert after["diagnostics"] == before["diagnostics"] + len(rich.diagnostics)
    assert after["moves"] == before["moves"] + len(rich.moves) + sum(len(v.moves) for v in rich.variations)
    archive.conn.close()
    check_consistent(db_path)


def test_a_record_whose_processing_raises_is_stored_unparsed_and_the_import_goes_on(tmp_path, monkeypatch,
                                                                                   lenient_internal_errors):
    from notation.rules.chess import FAMILY

    real_replay = type(FAMILY).replay

    def replay(self, parsed):
        if parsed.record.tag("Title") == "Rich":
            raise RuntimeError("boom in replay")
        return real_replay(self, parsed)

    monkeypatch.setattr(type(FAMILY), "replay", replay)
    path = tmp_path / "games.txt"
    path.write_text(OTHER_GAME + "\n" + RICH_GAME + "\n" + OTHER_GAME.replace("Other", "Third"),
                    encoding="utf-8")

    games = import_with_archive(path, tmp_path / "api.db")
    assert [g.title for g in games] == ["Other", "Rich", "Third"]
    assert [g.status for g in games] == ["ok", "unparsed", "ok"]
    bad = games[1]
    assert [d.code for d in bad.diagnostics] == ["internal"]
    assert "boom in replay" in bad.diagnostics[0].message
    first = bad.record.line
    assert first <= bad.diagnostics[0].line <= first + bad.record.text.count("\n"), "it points into the record"
    stored = check_consistent(tmp_path / "api.db")
    assert stored[bad.record.hash] == "unparsed"

    result = CliRunner().invoke(cli, ["import", str(path), "--db", str(tmp_path / "cli.db"), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "3 records added" in result.output and "1 unparsed" in result.output
    conn = sqlite3.connect(tmp_path / "cli.db")
    row = conn.execute("SELECT g.status, d.code, g.printed FROM games g JOIN diagnostics d ON d.game_id = g.id "
                       "WHERE g.title = 'Rich'").fetchone()
    conn.close()
    assert row == ("unparsed", "internal", bad.record.text)


# --------------------------------------------------------------------------
# Inputs the property search found that ended in an "internal" diagnostic (now fixed). Each must
# read as the plain-space text reads, or get a diagnostic that says what is wrong with the text.

DESCRIPTIVE = '[Game "chess"]\n[Notation "english-descriptive"]\n'
CAPTURE_KBP = "P-K4 P-K4 Kt-KB3 Kt-QB3 B-B4 B-B4 Kt-Kt5 Kt-B3 KtxK{ws}BP"
QUEEN_AT = "P-K4 P-Q4 PxP QxP(Q{ws}4)"

def _moves_of(text: str):
    from conftest import replay

    game = replay(text)[0]
    return game, [(m.printed.split()[0] if m.printed else m.printed, m.normalized, m.status) for m in game.moves]


@pytest.mark.parametrize("body", ["P-K{ws}4 P-K4", CAPTURE_KBP, QUEEN_AT])
@pytest.mark.parametrize("ws", ["\n", "\t", "\xa0", "\x0c", "\u2003"],
                         ids=["newline", "tab", "nbsp", "formfeed", "emspace"])
def test_any_whitespace_inside_a_descriptive_square_reads_as_a_space(body, ws):
    game, moves = _moves_of(DESCRIPTIVE + body.format(ws=ws) + "\n")
    expected_game, expected = _moves_of(DESCRIPTIVE + body.format(ws=" ") + "\n")
    assert "internal" not in [d.code for d in game.diagnostics]
    assert expected_game.status == "ok"
    assert [(n, s) for _, n, s in moves] == [(n, s) for _, n, s in expected]


def test_a_descriptive_square_without_a_file_is_a_diagnostic_not_an_internal_error():
    game, _ = _moves_of(DESCRIPTIVE + "P-K4 P-K4 P-5\n")
    assert "internal" not in [d.code for d in game.diagnostics]
    assert game.status in ("error", "unparsed")
    errors = [d for d in game.diagnostics if d.severity == "error"]
    assert errors and errors[0].line == 3 and errors[0].column == 11, "it points at 'P-5'"
