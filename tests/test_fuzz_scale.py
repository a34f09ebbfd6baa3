"""A sample of bench/fuzz_bench.py in the suite: every grammar, mutated inputs and every hostile file.

The benchmark runs 10,000 inputs per grammar; this runs the hostile files
(variations 1,000 deep, a 5 MB line, NUL bytes, UTF-16 with a BOM, invalid
UTF-8, a 100,000-character tag) and some mutations for each grammar, with
the same checks: no internal error, a diagnostic at a line and column of the
file for every record that is not ok, every record's text kept, no slow input.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import fuzz_bench  # noqa: E402


def test_every_grammar_reads_hostile_and_mutated_input_cleanly():
    results = fuzz_bench.run(count=12, seed=17, report=lambda line: None)
    assert set(results) >= {"chess/english-descriptive", "chess/german", "chess/san", "checkers/book",
                            "checkers/pdn", "backgammon/standard", "backgammon/mat", "backgammon/book",
                            "cards/transcript"}
    for notation, result in results.items():
        assert result["inputs"] == 12
        assert result["problems"] == [], (notation, result["problems"][:5])
        assert result["slowest"][0] < fuzz_bench.SLOW_SECONDS, (notation, result["slowest"])
