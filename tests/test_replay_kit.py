"""The replay kit every family calls: one way to report a diagnostic, one look-ahead."""

from __future__ import annotations

from notation.model import Game, Record, SourceText
from notation.rules.kit import best_by_lookahead, report


def test_the_lookahead_takes_the_one_choice_that_goes_furthest() -> None:
    reach = {"a": 2, "b": 5, "c": 1}
    assert best_by_lookahead(["a", "b", "c"], reach.__getitem__) == ("b", 5)


def test_the_lookahead_tells_nothing_on_a_tie_or_when_nothing_replays() -> None:
    assert best_by_lookahead(["a", "b", "c"], {"a": 4, "b": 4, "c": 1}.__getitem__) is None
    assert best_by_lookahead(["a", "b"], lambda choice: 0) is None
    assert best_by_lookahead([], lambda choice: 3) is None


def test_the_lookahead_asks_each_choice_once() -> None:
    asked: list[str] = []
    best_by_lookahead(["a", "b"], lambda choice: asked.append(choice) or len(asked))
    assert asked == ["a", "b"]


def test_report_adds_the_diagnostic_to_the_game_where_it_is() -> None:
    record = Record(SourceText("x.txt", "1. e4"), 0, {}, "1. e4", "1. e4", 0, 0)
    game = Game(record=record, family="chess", notation="san")
    added = report(game, "warning", "wrong-side", "not your turn", (3, 7), ply=2, variation=1,
                   suggestions=iter(["e4"]))
    assert game.diagnostics == [added]
    assert (added.severity, added.code, added.line, added.column, added.ply, added.variation, added.suggestions) \
        == ("warning", "wrong-side", 3, 7, 2, 1, ["e4"])
    assert report(game, "info", "odds", "at odds").line is None
