"""Robustness: damaged checkers records never crash the pipeline; every problem has a place in the file."""

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from notation.model import STATUS_ORDER, SourceText
from notation.pipeline import process
from notation.records import split_tagged
from tests.conftest import mutate

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "checkers"
TEXTS = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*.txt"))]
PDN = ('[Event "x"]\n[GameType "21"]\n[FEN "W:W18,K14,K23:B24,K6"]\n'
       "1... 18-15 {note} (1... 14-9 6-1) 6-1 2. 14-9 24-28 $1 3. 23-19 1-5 0-1\n")
NOISE = list("0123456789-x *{}()[];.\"\n ABWKrnqiosVa") + ["B wins", "Var A.", "White to move", "------"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 12))
def test_damaged_records_are_reported_not_raised(seed, edits):
    rng = random.Random(seed)
    text = rng.choice(TEXTS + [PDN])
    damaged = mutate(text, rng, edits, NOISE)
    records = split_tagged(SourceText("fuzz.txt", damaged))
    for record in records:
        game = process(record)
        if game.family != "checkers":  # a damaged [Game] tag sends the record elsewhere
            continue
        assert game.status in STATUS_ORDER
        # An internal error would be a bug: the reading must fail gracefully, with a place.
        assert not any(d.code == "internal" for d in game.diagnostics), [d.message for d in game.diagnostics]
        for d in game.diagnostics:
            if d.severity == "error":
                assert d.line is not None and d.line >= 1
        game.as_json()
