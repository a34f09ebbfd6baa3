"""The replay kit every family calls: one way to report a diagnostic, one look-ahead."""

from __future__ import annotations

from notation.model import Game, Move, Record, SourceText
from notation.rules.kit import best_by_lookahead, reads_more, report, side_printed_last


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


def _game(*statuses: str) -> Game:
    record = Record(SourceText("x.txt", "1. e4"), 0, {}, "1. e4", "1. e4", 0, 0)
    moves = [Move(ply, "white" if ply % 2 else "black", "e4", "e4", status) for ply, status in enumerate(statuses, 1)]
    return Game(record=record, family="chess", notation="san", moves=moves)  # type: ignore[arg-type]


def test_the_decoders_reading_is_kept_where_it_reads_more_moves_legally() -> None:
    assert reads_more(_game("ok", "ok", "error"), _game("ok", "error", "error"))
    assert not reads_more(_game("ok", "repaired", "repaired"), _game("ok", "error"))  # (a repaired move is a guess)
    assert reads_more(_game("ok", "error", "error", "error"), _game())  # the layout reader read nothing


def test_a_flawless_layout_reading_is_not_traded_for_more_words_misread_than_gained() -> None:
    # Two more legal moves, at the price of three errors: the layout reader's reading, every move legal, stands.
    flawless = _game("ok", "ok", "ok")
    assert not reads_more(_game("ok", "ok", "ok", "ok", "ok", "error", "error", "error"), flawless)
    assert reads_more(_game("ok", "ok", "ok", "ok", "ok", "error", "error"), flawless)
    # Where the layout reader misread a word already, more legal moves is enough.
    assert reads_more(_game("ok", "ok", "ok", "error", "error", "error"), _game("ok", "ok", "error"))


def _placed(moves: list[tuple[int, str]], *notes: list[tuple[int, str]]) -> Game:
    """A reading whose main line has a move on each of ``moves``' lines (line, status), and a variation for each note."""
    from notation.model import Variation

    game = _game()
    game.moves = [Move(ply, "white" if ply % 2 else "black", "e4", "e4", status, line=line, column=1)  # type: ignore[arg-type]
                  for ply, (line, status) in enumerate(moves, 1)]
    game.variations = [Variation(i, 0, 1, [Move(ply, "white", "e4", "e4", status, line=line, column=1)  # type: ignore[arg-type]
                                           for ply, (line, status) in enumerate(note, 1)]) for i, note in enumerate(notes, 1)]
    return game


def test_a_reading_that_loses_the_games_last_moves_for_a_notes_is_not_kept() -> None:
    # The layout reader reads the game's four moves; the decoder two more of a note's line, and loses the last
    # of the game's (line 9, its last row, read by neither of its lines): a game's own move outweighs a note's.
    layout = _placed([(1, "ok"), (2, "ok"), (3, "ok"), (9, "ok")])
    decoded = _placed([(1, "ok"), (2, "ok"), (3, "ok")], [(4, "ok"), (5, "ok"), (6, "ok")])
    assert not reads_more(decoded, layout)
    # Where it reads that row too (in the game, or as a line), its note's moves are a gain.
    assert reads_more(_placed([(1, "ok"), (2, "ok"), (3, "ok"), (9, "ok")], [(4, "ok"), (5, "ok")]), layout)
    assert reads_more(_placed([(1, "ok"), (2, "ok")], [(3, "ok"), (4, "ok"), (9, "ok")]), layout)
    # Where the layout reader's main line is another (its moves a ply off), its last move is no surer the game's end.
    for move in layout.moves[:3]:
        move.normalized = "d4"
    assert reads_more(decoded, layout)


def _printed_last(body: str, read: list[tuple[str, int, int]]) -> str | None:
    """:func:`side_printed_last` at the end of ``body``, the moves ``read`` (side, number, offset) placed."""
    from notation.rules.chess.notations import MOVE_WORD

    def position(offset: int) -> tuple[int, int]:
        return body.count("\n", 0, offset) + 1, offset - (body.rfind("\n", 0, offset) + 1) + 1

    record = Record(SourceText("x.txt", body), 0, {}, body, body, 0, 0)
    game = Game(record=record, family="chess", notation="english-descriptive")
    game.moves = [Move(ply, side, "", None, "ok", *position(at), number=number)
                  for ply, (side, number, at) in enumerate(read, 1)]
    return side_printed_last(game, body, len(body), position, MOVE_WORD)


def test_a_result_phrase_is_said_of_the_side_the_printed_rows_give_a_move_not_placed() -> None:
    row = "24.  B.  to Kt's 7th.  24.  B.  to Q's sq.\n\n"
    read = [("white", 24, 0), ("black", 24, 23)]
    # A phrase after the last move placed says nothing (the line decides); a move not placed after it, one past
    # a row of both sides, is White's.
    assert _printed_last(row, read) is None
    assert _printed_last(row + "25.  B.  takes P.  (ch.),  ", read) == "white"
    # The same number printed again (the row's second column), or after dots: Black's; a second move after the
    # number is the other side's.
    assert _printed_last(row + "25.  B.  takes P.  25.  K.  to B's sq.\n\n", read) == "black"
    assert _printed_last(row + "25.  B.  takes P.  K.  to B's sq.  ", read) == "black"
    assert _printed_last(row + "25...  K.  to B's sq.  ", read) == "black"
    # A number after a single one (a column of one side's moves, or a note's) says no side.
    assert _printed_last(row + "27.  R.  to K's sq.\n\n28.  Q.  to R's 5th.\n\n", read) is None
    # A square's figure with its comma ("B to K 7, ch") is no move number.
    body = "20 Q to K 7, ch   K to B sq\n\n21 B to K 7, ch   "
    assert _printed_last(body, [("white", 20, 3), ("black", 20, 18), ("white", 21, 32)]) is None
