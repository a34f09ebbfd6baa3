"""``notation claims``: a book's claims about a position's value, how each was settled, the engine's disputes.

Without Stockfish the verdicts stay open with one reason (and the mate proof, our own, is still exact);
with it, the verdict the engine disputes is listed with the book's words, its evaluation and depth.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from notation.cli import cli
from notation.solve import chess_engine
from tests.test_chess_engine import engine  # noqa: F401  (the fixture: the engine, or a skip)

BOOK = """[Game "chess"]
[Source "Test Book, Openings"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Black should win.}

[Game "chess"]
[Source "Test Book, Openings"]

1. e4 e5 2. Nf3 Nc6 {Even game.}

[Game "chess"]
[Source "Test Book, Traps"]

1.e4 e5 2.Nf3 d6 3.Bc4 Bg4 4.Nc3 g6 5.Nxe5 Bxd1 and White mates in two moves.
"""


@pytest.fixture
def book(tmp_path):
    path = tmp_path / "book.txt"
    path.write_text(BOOK)
    return str(path)


def _claims(*args: str) -> list[dict]:
    done = CliRunner().invoke(cli, ["claims", "--json", "--quiet", *args])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def test_without_an_engine_the_verdicts_stay_open_with_one_reason(book, monkeypatch):
    chess_engine.close()
    monkeypatch.setenv("NOTATION_STOCKFISH", "/nonexistent/stockfish")
    try:
        [test_book] = _claims(book)
    finally:
        chess_engine.close()
    assert test_book["book"] == "Test Book"
    assert test_book["kinds"]["chess mate"] == {"claims": 1, "exact": 1, "engine": 0, "open": 0, "wrong": 0,
                                                "disputed": 0}
    assert test_book["kinds"]["chess verdict (win)"] == {"claims": 1, "exact": 0, "engine": 0, "open": 1, "wrong": 0,
                                                         "disputed": 0}
    assert test_book["kinds"]["chess verdict (draw)"]["open"] == 1
    [(reason, n)] = test_book["open_reasons"].items()
    assert n == 2 and "apt-get install stockfish" in reason
    assert test_book["disputes"] == []


def test_the_engine_disputes_are_listed_with_the_books_words(engine, book):  # noqa: F811
    [test_book] = _claims(book)
    assert test_book["kinds"]["chess verdict (win)"]["disputed"] == 1
    assert test_book["kinds"]["chess verdict (draw)"]["engine"] == 1
    assert test_book["totals"] == {"claims": 3, "exact": 1, "engine": 2, "open": 0, "wrong": 0, "disputed": 1}
    [dispute] = test_book["disputes"]
    assert (dispute["book_words"], dispute["claimed"], dispute["move"], dispute["move_number"], dispute["side"],
            dispute["ply"], dispute["depth"]) == ("Black should win.", "win for Black", "a6", 3, "black", 6,
                                                  engine.DEPTH)
    assert dispute["evaluation"].startswith("-") and dispute["line"] == 4  # White is better: not a win for Black
    text = CliRunner().invoke(cli, ["claims", "--quiet", book]).stdout
    # (the engine's hash is warm the second time: the evaluation may differ in its last digits)
    assert re.search(rf"record {dispute['record']} \(.*book.txt:4\), after 3\.\.\. a6: 'Black should win\.' "
                     rf"\(win for Black\); engine -\d\.\d\d at depth {engine.DEPTH} \(advantage for White\)", text)


def test_an_archive_gives_the_same_report_as_its_files(book, tmp_path, monkeypatch):
    chess_engine.close()
    monkeypatch.setenv("NOTATION_STOCKFISH", "/nonexistent/stockfish")
    db = str(tmp_path / "archive.db")
    try:
        assert CliRunner().invoke(cli, ["import", "--quiet", "--db", db, book]).exit_code == 0
        assert _claims("--db", db) == _claims(book)
    finally:
        chess_engine.close()


def test_no_archive_is_said(tmp_path):
    done = CliRunner().invoke(cli, ["claims", "--db", str(tmp_path / "none.db")])
    assert done.exit_code == 1 and "no archive" in done.output


def test_the_datasette_queries_are_the_reports(book, tmp_path, monkeypatch):
    """The canned queries ``claims_per_book`` and ``engine_disputes`` run the report's SQL, the book named by
    the plugin's ``notation_book`` (the metadata's books and aliases)."""
    import sqlite3

    from notation.archive import claims as report
    from notation.datasette import metadata_for
    from notation.datasette.plugin import book_name

    metadata = metadata_for("archive.db")
    queries = metadata["databases"]["archive"]["queries"]
    assert queries["claims_per_book"]["sql"] == report.per_book_sql(report.BOOK_IN_DATASETTE)
    assert queries["engine_disputes"]["sql"] == report.disputes_sql(report.BOOK_IN_DATASETTE)
    chess_engine.close()
    monkeypatch.setenv("NOTATION_STOCKFISH", "/nonexistent/stockfish")
    db = str(tmp_path / "archive.db")
    try:
        assert CliRunner().invoke(cli, ["import", "--quiet", "--db", db, book]).exit_code == 0
    finally:
        chess_engine.close()
    conn = sqlite3.connect(db)
    known = metadata["plugins"]["notation"]["books"]
    conn.create_function("notation_book", 1, lambda source: book_name(known, source))
    rows = conn.execute(queries["claims_per_book"]["sql"]).fetchall()
    assert rows == [("Test Book", "chess", "mate", 1, 1, 0, 0, 0, 0), ("Test Book", "chess", "verdict (draw)", 1, 0, 0, 1, 0, 0),
                    ("Test Book", "chess", "verdict (win)", 1, 0, 0, 1, 0, 0)]
    assert conn.execute(queries["engine_disputes"]["sql"]).fetchall() == []


def test_a_disputed_result_names_the_printed_words_and_the_last_move(engine, tmp_path):  # noqa: F811
    path = tmp_path / "games.txt"
    path.write_text('[Game "chess"]\n[Source "Test Book"]\n\n1. e4 e5 2. Qh5 Nf6 3. Qxf7+ Kxf7 Black resigns.\n')
    [test_book] = _claims(str(path))
    assert test_book["kinds"]["chess result (win)"]["disputed"] == 1
    [dispute] = test_book["disputes"]
    assert (dispute["kind"], dispute["book_words"], dispute["claimed"], dispute["move"], dispute["move_number"],
            dispute["side"], dispute["ply"], dispute["depth"]) == ("result", "Black resigns.", "win for White", "Kxf7",
                                                                   3, "black", 6, engine.DEPTH)
    assert dispute["replay"].endswith("?line=0&ply=6")


def test_a_claim_that_a_side_cannot_win_is_no_win_in_the_report(tmp_path):
    # "If it were Black's move, White could not win": claimed "not loss", counted apart from the wins (was a win).
    path = tmp_path / "ending.txt"
    path.write_text("White: K on KB6, P on KKt6.   Black: K on KKt1.\n\nWhite to move wins by 1. P-Kt7, K-R2; "
                    "2. K-B7. If it were Black's move, White could not win: 1. ... K-B1; 2. P-Kt7 ch, K-Kt1; "
                    "3. K-Kt6, stalemate.\n")
    [ending] = _claims(str(path))
    assert ending["kinds"]["chess value (no win)"]["claims"] == 1 and ending["kinds"]["chess value (win)"]["claims"] == 1
