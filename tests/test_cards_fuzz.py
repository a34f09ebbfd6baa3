"""Robustness: a damaged card record never stops an import; it becomes diagnostics, never an internal error."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation.model import STATUS_ORDER, Record, SourceText
from notation.pipeline import process
from notation.records import split_tagged

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"
TEXTS = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*.txt"))]
PIECES = ["AH", "10S", "♡ A K", "🃕", "the seven of spades", " = 31", " = 99", "\n", " plays ",
          "Score: A 1", "says \"Go\"", "{", "}", ";", ":", "Deal 2: dealer B", "7", "X", "“", ","]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEXTS), st.lists(st.tuples(st.floats(0, 1), st.integers(0, 6),
                                                  st.sampled_from(PIECES)), max_size=4))
def test_a_damaged_record_is_reported_not_raised(text: str, edits: list[tuple[float, int, str]]) -> None:
    for where, cut, piece in edits:
        at = int(where * len(text))
        text = text[:at] + piece + text[at + cut:]
    for record in split_tagged(SourceText("fuzz.txt", text)):
        game = process(record)
        assert not any(d.code == "internal" for d in game.diagnostics), [d.message for d in game.diagnostics]
        assert game.status in STATUS_ORDER
        for d in game.diagnostics:
            assert d.line is None or d.line >= 1


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=",#abcdefghij1234678;._-' \nxyz0", max_size=80))
def test_any_braille_ascii_back_translates_with_one_offset_per_character(braille: str) -> None:
    from notation.braille import back_translate
    printed, origin = back_translate(braille)
    assert len(printed) == len(origin)
    assert origin == sorted(origin) and all(0 <= o < len(braille) for o in origin)


def test_an_empty_card_record() -> None:
    source = SourceText("e.txt", '[Game "cribbage"]\n')
    record = Record(source, 0, {"Game": "cribbage"}, source.text, "", 0, len(source.text))
    game = process(record)
    assert game.status == "empty" and game.moves == []  # nothing printed: an empty game, never "ok"
    assert [d.code for d in game.diagnostics] == ["empty-game"]
