"""Robustness: damaged backgammon records (book words, standard notation, match files) never crash the
pipeline, and every problem is reported with a place in the file."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from notation import families
from notation.model import STATUS_ORDER, SourceText
from notation.pipeline import process, split_source
from tests.conftest import mutate

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "backgammon"
TEXTS = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(CORPUS.iterdir()) if p.suffix in (".txt", ".mat")]
NOISE = list("0123456789/*:()-.,; \n") + ["bar", "off", "Doubles => 2", "Takes", "Wins 2 points", "Game 2",
                                          "throws", "double fours", "enters on the", "Black", " point"]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 10))
@example(seed=5399616, edits=2)  # a broken [Title] tag: the rest read as checkers moves in prose
def test_damaged_records_are_reported_not_raised(seed, edits):
    rng = random.Random(seed)
    name, text = rng.choice(TEXTS)
    damaged = mutate(text, rng, edits, NOISE)
    records = split_source(SourceText(name, damaged))
    assert "".join(r.text for r in records).strip() or not damaged.strip() or name.endswith(".mat")
    for record in records:
        game = process(record)
        assert game.status in STATUS_ORDER
        assert not any(d.code == "internal" for d in game.diagnostics), [d.message for d in game.diagnostics]
        for d in game.diagnostics:
            assert d.line is not None and d.line >= 1 and d.column is not None
        # A damaged text may be read as another family's (a broken tag line splits the record): its
        # positions are pictured by the family that read them.
        for m in game.moves:
            if m.position:
                families.get(game.family).picture(m.position)
