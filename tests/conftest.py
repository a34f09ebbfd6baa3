"""Shared helpers for the tests: build records from text without touching the disk."""

from __future__ import annotations

import os
import random
import tempfile

import pytest
from hypothesis import settings

# An exception inside a family is a bug: every test fails on it (worker processes inherit this).
os.environ["NOTATION_STRICT"] = "1"
# No test builds a large endgame table unasked (a test that needs one builds a small one itself), and the
# engine searches 12 plies, not 18: the tests' verdicts are clear at that depth (set before notation is imported).
os.environ["NOTATION_TABLES_ON_DEMAND"] = "0"
os.environ.setdefault("NOTATION_ENGINE_DEPTH", "12")
# The checkers proof search gives up after 3,000 positions a question, not 250,000 (a test of a proof past
# the database sets its own budget).
os.environ.setdefault("NOTATION_CHECKERS_NODES", "3000")
# The checkers database a user built on this machine is not the tests' (its values would show in the moves' details):
# the tests see an empty one, as on a fresh machine, and build their own small ones where they need them.
os.environ["NOTATION_CHECKERS_DB"] = tempfile.mkdtemp(prefix="notation-checkers-db-")
# Nor are the chess tables the user built (the pawn endings' built on first use): a run sees the tables the package
# ships and those it builds itself (:func:`pawn_ending_tables`), in a directory of its own that its workers share. (The
# books' pawn endings were judged by the user's KPvK, and on a new machine 16 tests found their claims open.)
os.environ["NOTATION_TABLES"] = os.path.join(
    tempfile.gettempdir(), f"notation-tables-{os.environ.get('PYTEST_XDIST_TESTRUNUID') or os.getpid()}")

from notation.model import Game, SourceText
from notation.pipeline import process
from notation.records import split_tagged

#: The longest files, longest first, as the suite measured them at the start of stop 58 (`--durations=0`, two
#: workers, load 1-2; seconds each): the OCR'd books (tests/test_corpus_dev_<book>.py: London 138, Freeborough 120,
#: Hastings 92, Löwenthal 78, Steinitz 58, Young 20) and the other development books' floors (test_corpus_dev.py, 97),
#: the fuzzer's sample (48), the README's examples (42), the Blue Book's PGN appendix (35), then 32 s down to 10 s;
#: every other file takes less. Collected first, ``-n auto --dist loadfile`` hands them out in this order as the
#: workers free, so that no worker reads a long file alone at the end while the other waits.
LONGEST_FIRST = ("test_corpus_dev_london.py", "test_corpus_dev_freeborough.py", "test_corpus_dev.py",
                 "test_corpus_dev_hastings.py", "test_corpus_dev_lowenthal.py", "test_corpus_dev_steinitz.py",
                 "test_fuzz_scale.py", "test_readme.py", "test_blue_book_oracle.py", "test_chess_roundtrip.py",
                 "test_dev_corpus.py", "test_archive_load.py", "test_decode.py", "test_corpus_dev_young.py",
                 "test_chess_clean_kernel.py", "test_chess_clean.py", "test_datasette.py", "test_solve_chess.py",
                 "test_solve_checkers.py", "test_datasette_browser.py", "test_failures.py", "test_identification.py",
                 "test_claims_report.py", "test_parquet_shards.py")


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist (3.x) sorts the files of a --dist loadfile run by their number of tests, most first, unless
    # told not to: the whole-book files, one test each, then started last of all, side by side at the end.
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: the rest keep their order


# No test asserts a time: Hypothesis's own deadline (200 ms an example by default) failed on a loaded machine.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


def records_from(text: str, path: str = "test.txt"):
    """The records of ``text`` as if read from a file called ``path``."""
    return split_tagged(SourceText(path, text))


def replay(text: str, path: str = "test.txt") -> list[Game]:
    """Every record of ``text``, parsed and replayed."""
    return [process(r) for r in records_from(text, path)]


@pytest.fixture(autouse=True, scope="session")
def pawn_ending_tables():
    """KPvK, which the books' pawn endings need (half a second), built once a run as a user's first use builds it
    (under the table's lock: the workers of a run build it once)."""
    from notation.solve.chess_tables import Tables, all_materials

    Tables().build([m for m in all_materials() if m.name == "KPvK"])


@pytest.fixture(autouse=True)
def strict_internal_errors(monkeypatch):
    """Internal errors raise in every test; a test of how they are stored turns this off itself."""
    import notation.pipeline

    monkeypatch.setattr(notation.pipeline, "STRICT", True)


@pytest.fixture
def lenient_internal_errors(monkeypatch):
    """For the tests of what an import does with an internal error: store it and go on."""
    import notation.pipeline

    monkeypatch.setattr(notation.pipeline, "STRICT", False)
    monkeypatch.setenv("NOTATION_STRICT", "0")


@pytest.fixture
def replay_text():
    return replay


def mutate(text: str, rng: random.Random, edits: int, noise: list[str]) -> str:
    """``text`` with ``edits`` random deletions, insertions and replacements drawn from ``noise``."""
    chars = list(text)
    for _ in range(edits):
        at = rng.randrange(len(chars) + 1)
        kind = rng.random()
        if kind < 0.4 and at < len(chars):
            del chars[at]
        elif kind < 0.8:
            chars.insert(at, rng.choice(noise))
        elif at < len(chars):
            chars[at] = rng.choice(noise)
    return "".join(chars)
