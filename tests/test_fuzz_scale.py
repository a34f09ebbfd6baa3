"""A sample of bench/fuzz_bench.py in the suite: every grammar, mutated inputs and every hostile file.

The benchmark runs 10,000 inputs per grammar; this runs the hostile files
(variations 1,000 deep, a 5 MB line, NUL bytes, UTF-16 with a BOM, invalid
UTF-8, a 100,000-character tag) and some mutations for each grammar, with
the same checks: no internal error, a diagnostic at a line and column of the
file for every record that is not ok, every record's text kept. No clock: the
bound is on the work itself — nothing recurses (the recursion limit is lowered
while it runs, far below the nesting) and memory stays bounded (the process's
peak grows by less than :data:`MEMORY_GROWTH_KB`). The time per input is the
benchmark's to report.
"""

from __future__ import annotations

import inspect
import resource
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import fuzz_bench  # noqa: E402

#: Frames the reading of one input may use above the test's own: a tenth of the 1,000-deep nesting.
FRAMES = 100
#: How much the process's peak memory may grow while the inputs are read (the 5 MB line read whole is
#: well under it; a reader holding copies of it per level, or per token, is far over).
MEMORY_GROWTH_KB = 1_000_000


@contextmanager
def recursion_limit(frames: int):
    """Python's recursion limit set ``frames`` above the caller's depth (as it was, after)."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


#: The seeds: the families' corpora. The development books are replayed whole by their floors
#: (tests/test_corpus_dev.py), not a second time here; the benchmark takes its seeds from all of it.
SEED_FOLDERS = tuple(fuzz_bench.ROOT / "corpus" / family for family in ("backgammon", "cards", "checkers", "chess"))


def test_every_grammar_reads_hostile_and_mutated_input_cleanly():
    fuzz_bench.seeds(SEED_FOLDERS)  # read first, at the usual limit: what is bounded is the inputs' reading
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with recursion_limit(FRAMES):
        results = fuzz_bench.run(count=12, seed=17, report=lambda line: None, folders=SEED_FOLDERS)
    assert set(results) >= {"chess/english-descriptive", "chess/german", "chess/san", "checkers/book",
                            "checkers/pdn", "backgammon/standard", "backgammon/mat", "backgammon/book",
                            "cards/transcript"}
    for notation, result in results.items():
        assert result["inputs"] == 12
        assert result["problems"] == [], (notation, result["problems"][:5])
        assert result["peak_kb"] - peak_before < MEMORY_GROWTH_KB, (notation, result["peak_kb"], peak_before)
