"""Every README example that shows output is run, and its output compared.

A shell example is a code block whose lines start with ``$ ``: the command
runs in the checkout (``notation`` is this checkout's), and what it prints
(stdout, then stderr) must match the lines after it, where ``...`` stands
for any text. A ``>>>`` block is a doctest.
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
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```[a-z]*\n(.*?)^```", README, re.S | re.M)


def shell_examples() -> list[tuple[str, str]]:
    examples = []
    for block in BLOCKS:
        if not block.startswith("$ "):
            continue
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command.strip(), output))
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


def test_the_readme_has_examples_with_output():
    assert len(shell_examples()) >= 8


@pytest.mark.parametrize("command, expected", shell_examples(), ids=[c for c, _ in shell_examples()])
def test_readme_shell_example(command, expected, path_with_notation):
    done = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, PATH=path_with_notation, COLUMNS="200",
                                   NOTATION_PROGRESS_SECONDS="inf"))  # no progress line in the output
    actual = done.stdout + done.stderr
    assert matches(expected, actual), f"$ {command}\n--- README says:\n{expected}\n--- it prints:\n{actual}"


def test_readme_python_examples():
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    blocks = [b for b in BLOCKS if b.lstrip().startswith(">>>")]
    assert blocks
    for number, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"README block {number}", "README.md", 0))
    assert runner.summarize(verbose=False).failed == 0
