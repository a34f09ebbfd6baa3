"""A real browser on the replay page: Playwright drives Debian's chromium headless.

``notation serve`` runs in a subprocess on a free localhost port (and must
take its Datasette down with it when it is stopped). The test steps three moves forward (arrow
keys and the button), checks the board picture changed and the move list
highlights the third move, and saves a screenshot in tests/output/.

Skipped only when chromium or Playwright is missing outside CI; in CI
(``CI=true``) it must run.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
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
    port = free_port()
    log = open(tmp_path / "datasette.log", "w")
    command = [sys.executable, "-c", "from notation.cli import main; main()",
               "serve", "--db", str(built.path), "--port", str(port)]
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/-/versions.json", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    log.flush()
                    raise RuntimeError("Datasette did not start:\n" + (tmp_path / "datasette.log").read_text())
                time.sleep(0.2)
        yield base, built
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
