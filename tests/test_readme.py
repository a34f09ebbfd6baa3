"""Every example in the README and in docs/ that shows output is run, and its output compared.

A shell example is a code block whose lines start with ``$ ``: the command
runs in the checkout (``notation`` is this checkout's), and what it prints
(stdout, then stderr) must match the lines after it, where ``...`` stands
for any text. A ``>>>`` block is a doctest. The README stays short, and every
link between the pages leads somewhere.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def blocks(page: Path) -> list[str]:
    return re.findall(r"^```[a-z]*\n(.*?)^```", page.read_text(encoding="utf-8"), re.S | re.M)


def shell_examples() -> list[tuple[str, str, str]]:
    examples = []
    for page in PAGES:
        for block in blocks(page):
            if not block.startswith("$ "):
                continue
            for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
                command, _, output = chunk.partition("\n")
                examples.append((name(page), command.strip(), output))
    return examples


def matches(expected: str, actual: str) -> bool:
    """Whether ``actual`` is ``expected``, where ``...`` inside a line is any text, and alone on a line any lines."""
    pattern = ""
    for line in expected.rstrip().splitlines():
        if line.strip() == "...":
            pattern += r"(?:[^\n]*\n)*?"
        else:
            pattern += ".*?".join(re.escape(part) for part in line.rstrip().split("...")) + r"\n"
    text = "".join(line.rstrip() + "\n" for line in actual.rstrip().splitlines())
    return re.fullmatch(pattern, text) is not None


@pytest.fixture(scope="module")
def path_with_notation(tmp_path_factory) -> str:
    bin_dir = tmp_path_factory.mktemp("bin")
    script = bin_dir / "notation"
    script.write_text(f'#!/bin/sh\nPYTHONPATH={ROOT} exec {sys.executable} -m notation "$@"\n')
    script.chmod(0o755)
    return f"{bin_dir}:{os.environ['PATH']}"


def test_the_pages_have_examples_with_output():
    pages = {page for page, _, _ in shell_examples()}
    assert "README.md" in pages
    assert {"docs/chess.md", "docs/checkers.md", "docs/backgammon.md", "docs/cards.md"} <= pages
    assert len(shell_examples()) >= 20


@pytest.mark.parametrize("page, command, expected", shell_examples(),
                         ids=[f"{page}: {command}" for page, command, _ in shell_examples()])
def test_shell_example(page, command, expected, path_with_notation):
    done = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PATH=path_with_notation, COLUMNS="200",
                                   NOTATION_PROGRESS_SECONDS="inf"))  # no progress line in the output
    actual = done.stdout + done.stderr
    assert matches(expected, actual), f"$ {command}\n--- {page} says:\n{expected}\n--- it prints:\n{actual}"


def test_python_examples():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    ran = 0
    for page in PAGES:
        for number, block in enumerate(b for b in blocks(page) if b.lstrip().startswith(">>>")):
            runner.run(parser.get_doctest(block, {}, f"{name(page)} block {number}", name(page), 0))
            ran += 1
    assert ran
    assert runner.summarize(verbose=False).failed == 0


def test_the_readme_fits_on_a_few_screens():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 130, f"README.md has {lines} lines: move the detail into docs/"


def anchors(page: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces as hyphens."""
    headings = re.findall(r"^#+ (.*)$", page.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def test_every_link_between_the_pages_leads_somewhere():
    for page in PAGES:
        text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), f"{name(page)} links to {target}, which does not exist"
            if anchor and linked.suffix == ".md":
                assert anchor in anchors(linked), f"{name(page)} links to {target}: no such heading"


def test_the_readme_leads_to_every_page_of_docs():
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/README.md)" in readme
    for page in PAGES[1:]:
        if page.name != "README.md":
            assert f"]({page.name})" in index, f"docs/README.md does not link to {page.name}"
