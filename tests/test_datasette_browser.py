"""A real browser on the replay page: Playwright drives Debian's chromium headless.

``notation serve`` runs in a subprocess on a free localhost port (and must
take its Datasette down with it when it is stopped). One test steps three moves forward (arrow
keys and the button), checks the board picture changed and the move list
highlights the third move. Another imports real corpus files and steps
through a game of each family: the backgammon legend and dice, the last
move marked on chess and checkers boards, the board that stays (with a note)
after a game's last line, a card game that opens at its deal, and a 390-pixel phone screen where nothing
overflows and the board stays in view. Screenshots go to tests/output/: look
at them.

Skipped only when chromium or Playwright is missing outside CI; in CI
(``CI=true``) it must run.
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from datasette_archive import build

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
OUTPUT = Path(__file__).resolve().parent / "output"
IN_CI = os.environ.get("CI", "").lower() == "true"

if not IN_CI:
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed (apt-get install -y chromium); CI installs it",
                    allow_module_level=True)
    pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import sync_playwright  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    built = build(tmp_path / "archive.db")
    with serving(built.path, tmp_path) as base:
        yield base, built


@contextmanager
def serving(db_path: Path, tmp_path: Path):
    """``notation serve`` on a free port until the block ends; Datasette must stop with it."""
    port = free_port()
    log = open(tmp_path / "datasette.log", "w")
    command = [sys.executable, "-c", "from notation.cli import main; main()",
               "serve", "--db", str(db_path), "--port", str(port)]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/-/versions.json", timeout=2):
                    break
            except OSError as exc:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    raise RuntimeError("Datasette did not start:\n"
                                       + (tmp_path / "datasette.log").read_text()) from exc
                time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
    # Stopping `notation serve` stopped Datasette: nothing listens on the port any more.
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", port)) != 0, "Datasette outlived `notation serve`"


def test_replay_steps_through_three_moves_in_a_real_browser(server):
    base, built = server
    OUTPUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{base}/-/notation/game/{built.allgaier}")
            board = page.locator("#board")
            page.wait_for_function("document.getElementById('board').complete"
                                   " && document.getElementById('board').naturalWidth > 0")
            before_src = board.get_attribute("src")
            before_pixels = board.screenshot()
            assert page.locator(".move.current").count() == 0
            assert page.locator("#board-caption").inner_text() == "Starting position"

            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            page.click("#step-forward")

            current = page.locator(".move.current")
            assert current.count() == 1
            assert current.get_attribute("id") == "move-0-3"
            assert current.get_attribute("aria-current") == "step"
            assert current.locator(".printed").first.inner_text() == "P-KB4"
            assert current.locator(".normalized").first.inner_text() == "f4"
            assert page.locator("#board-caption").inner_text() == "After 2. P-KB4 (f4)"
            page.wait_for_function("document.getElementById('board').complete"
                                   " && document.getElementById('board').naturalWidth > 0")
            after_src = board.get_attribute("src")
            assert after_src != before_src
            assert "4PP2" in page.locator("#board-key code").inner_text()  # e4 and f4 pawns
            assert board.screenshot() != before_pixels

            page.screenshot(path=str(OUTPUT / "replay-after-three-moves.png"), full_page=False)

            # Back one with the button, then jump to the repaired move by clicking it.
            page.click("#step-back")
            assert page.locator(".move.current").get_attribute("id") == "move-0-2"
            # Into the variation 2...P-Q4 by clicking it; back past its start returns to the main line.
            page.click("#move-1-1 .move-button")
            assert page.locator("#board-caption").inner_text() == "After 2… P-Q4 (d5) — variation 1"
            page.keyboard.press("ArrowLeft")
            assert page.locator("#board-caption").inner_text() == "Before variation 1"
            page.keyboard.press("ArrowLeft")
            assert page.locator(".move.current").get_attribute("id") == "move-0-3"
            page.click("#move-0-5 .move-button")
            assert page.locator(".move.current").get_attribute("id") == "move-0-5"
            assert "suggested reading" in page.locator("#move-0-5").inner_text()
            # `notation serve` gave Datasette the metadata: the source's licence is named.
            assert "licence: Public domain" in page.locator("section.source").inner_text()
            assert not errors, errors
        finally:
            browser.close()


ROOT = Path(__file__).resolve().parent.parent
#: Real corpus files, one game or more of each family.
CORPUS_FILES = ["backgammon/gnubg_export.mat", "backgammon/book_plays.txt", "checkers/illustrative_games.txt",
                "chess/endings.txt", "cards/ecarte_002_game_of_five.txt"]


@pytest.fixture
def corpus_server(tmp_path):
    from click.testing import CliRunner

    from notation.cli import cli

    db = tmp_path / "corpus.db"
    # The import in this process (what is tested is the page, not the command's process: a child Python
    # cost a start-up and the families' imports again).
    result = CliRunner().invoke(cli, ["import", *[str(ROOT / "corpus" / f) for f in CORPUS_FILES], "--db", str(db),
                                      "--quiet"])
    assert result.exit_code == 0, result.output
    conn = sqlite3.connect(db)
    ids = dict(conn.execute("SELECT title, id FROM games").fetchall())
    conn.close()
    with serving(db, tmp_path) as base:
        yield base, ids


def board_loaded(page) -> None:
    page.wait_for_function("document.getElementById('board').complete"
                           " && document.getElementById('board').naturalWidth > 0")


def board_svg(page) -> str:
    """The SVG the board shows now, fetched as the browser fetched it."""
    board_loaded(page)
    src = page.locator("#board").evaluate("img => img.src")
    response = page.request.get(src)
    assert response.ok, src
    return response.text()


WIDER_THAN_SCREEN = """width => Array.from(document.querySelectorAll('body *'))
    .filter(e => e.getBoundingClientRect().right > width + 1)
    .map(e => e.tagName + '.' + e.className + ' ' + e.textContent.slice(0, 40))"""


def assert_fits(page) -> None:
    """Nothing is wider than the screen: no sideways scrolling."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], \
        page.evaluate(WIDER_THAN_SCREEN, page.viewport_size["width"])


def test_a_game_of_each_family_in_a_real_browser(corpus_server):
    base, ids = corpus_server
    OUTPUT.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))

            page.goto(base + "/")
            assert page.locator(".doors a", has_text="The books").count() == 1
            page.screenshot(path=str(OUTPUT / "home.png"), full_page=True)
            page.click(".doors a:has-text(\"The books\")")
            assert page.locator("h1").inner_text() == "The books"
            page.screenshot(path=str(OUTPUT / "books.png"))

            # Backgammon: the players named in their colours, the dice of the roll played, pips.
            page.goto(f"{base}/-/notation/game/{ids['Anna v Ben, game 2']}")
            svg = board_svg(page)
            assert "Anna · 167 pips" in svg and "Ben · 167 pips · to play" in svg
            assert 'class="die"' not in svg  # nothing thrown yet
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            svg = board_svg(page)
            assert svg.count('class="die"') == 2 and 'class="cube"' in svg  # a match: the cube is in play
            assert page.locator("#board-caption").inner_text() == "After 2… 32: 13/11 8/5 (13/11 8/5)"
            page.screenshot(path=str(OUTPUT / "backgammon-after-three-moves.png"))
            page.keyboard.press("End")  # the last line is "Wins 2 points": the board stays, with a note
            board_loaded(page)
            assert page.locator("#board").is_visible()
            assert "moves no piece" in page.locator("#board-note").inner_text()
            page.screenshot(path=str(OUTPUT / "backgammon-end.png"))

            # The book's example of an illegal play: not a misprint, the rule named, the board stays.
            page.goto(f"{base}/-/notation/game/{ids['Moving while a man is on the bar']}")
            assert "the book's example of an illegal play" in page.locator(".notation-facts").inner_text()
            svg = board_svg(page)
            assert 'class="cube"' not in svg  # Foster's 1897 game has no doubling cube
            assert "Black · " in svg and "White · " in svg
            page.keyboard.press("ArrowRight")
            board_loaded(page)
            assert "laws forbid" in page.locator("#board-note").inner_text()
            assert "a man on the bar must enter" in page.locator("#move-0-1").inner_text()
            page.screenshot(path=str(OUTPUT / "backgammon-illegal-example.png"))

            # Checkers: moves numbered 1. 11-15 22-18 in two columns, the last move marked.
            page.goto(f"{base}/-/notation/game/{ids['Illustrative Game No. 1']}")
            board_loaded(page)
            first_row = page.locator("table.move-table tbody tr").first
            assert first_row.locator("th").inner_text() == "1."
            assert first_row.locator(".printed").all_inner_texts() == ["11-15", "22 18"]
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            assert page.locator("#board-caption").inner_text() == "After 2. 15-22 (15x22)"
            assert page.locator(".move.current").get_attribute("id") == "move-0-3"
            assert "last=15-22" in page.locator("#board").get_attribute("src")
            assert board_svg(page).count('class="last-move"') == 2
            assert "B wins" in page.locator(".notation-result").inner_text()
            page.screenshot(path=str(OUTPUT / "checkers-after-three-moves.png"))

            # Chess: a set-up from the book's words is marked as such; the last move marked; flip.
            page.goto(f"{base}/-/notation/game/{ids['K, B and Kt against K']}")
            board_loaded(page)
            assert page.locator("#board-caption").inner_text() == "Position set up from the book's words"
            assert "not a printed diagram" in page.locator("#board-note").inner_text()
            page.click("#step-forward")
            assert "lastmove" in board_svg(page)
            unflipped = page.locator("#board").screenshot()
            page.keyboard.press("f")
            board_loaded(page)
            assert "flip=1" in page.locator("#board").get_attribute("src")
            assert page.locator("#board").screenshot() != unflipped
            page.screenshot(path=str(OUTPUT / "chess-flipped.png"))

            # Cards: hands sorted by suit and rank, red and black apart.
            page.goto(f"{base}/-/notation/game/{ids['Écarté: A and Y play a game of five deals']}?ply=8")
            svg = board_svg(page)
            assert 'class="card red"' in svg and 'class="card black"' in svg
            page.screenshot(path=str(OUTPUT / "cards-ecarte.png"))
            # It opens at the deal, its first position: no empty board before it, Home and Back stop there.
            page.goto(f"{base}/-/notation/game/{ids['Écarté: A and Y play a game of five deals']}")
            board_loaded(page)
            for key in ("Home", "ArrowLeft"):
                page.keyboard.press(key)
                assert page.locator(".move.current").get_attribute("id") == "move-0-1"
                assert page.locator("#board-caption").inner_text().startswith("After ")
                assert page.locator("#board-text").is_hidden()
            assert not errors, errors

            # A 390-pixel phone: nothing overflows, and the board stays in view while stepping.
            phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                     is_mobile=True, has_touch=True)
            phone.on("pageerror", lambda exc: errors.append(str(exc)))
            phone.goto(f"{base}/-/notation/game/{ids['Anna v Ben, game 2']}")
            board_loaded(phone)
            for _ in range(40):
                phone.click("#step-forward")
            board_loaded(phone)
            box = phone.locator("#board").bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= 844, box
            current = phone.locator(".move.current").bounding_box()
            assert current["y"] >= box["y"] + box["height"] and current["y"] < 844, (box, current)
            assert_fits(phone)
            phone.screenshot(path=str(OUTPUT / "phone-backgammon-move-40.png"))
            phone.goto(f"{base}/-/notation/game/{ids['Illustrative Game No. 1']}")
            assert_fits(phone)
            phone.screenshot(path=str(OUTPUT / "phone-checkers.png"))
            assert not errors, errors
        finally:
            browser.close()
