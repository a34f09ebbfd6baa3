"""Match files as BackgammonGalaxy and FIBS write them (issue 28).

BackgammonGalaxy writes a resignation that wins the match with the points the match needed
(``Wins 2 point and the match``, or ``Losses 2 point`` in the loser's column), not the game's
value: read as GNU Backgammon's ``import mat`` reads it (a resignation whose kind is the least
that covers the points, times the cube), the written points kept beside as the claim. A win of
points no game is worth is a ``bad-score`` error. A resumed FIBS match numbers its first game 1
at the score it was resumed at: read from that score, with a note.
"""

from __future__ import annotations

from pathlib import Path

from notation.model import Game, SourceText
from notation.pipeline import process, split_source

MATCH = (Path(__file__).resolve().parent.parent / "corpus" / "backgammon" / "match.mat").read_text()
#: The first thirteen numbered lines of the corpus match's first game: legal plays, nobody off.
OPENING = "".join(MATCH.splitlines(keepends=True)[6:19])

GALAXY_HEADER = """; [Site "BackgammonGalaxy"]
; [Match ID "5412877"]
; [Player 1 "Anna"]
; [Player 2 "Ben"]
; [EventDate "2024.03.14"]
; [EventTime "19.02"]
; [Variation "Backgammon"]
; [Unrated "Off"]
; [Crawford "On"]
; [CubeLimit "1024"]

 5 point match

"""

#: Ben leads 3-2 and needs 2; the cube goes to 4; Anna resigns; Galaxy credits the 2 Ben needed.
GALAXY = GALAXY_HEADER + " Game 5\n Anna : 2                       Ben : 3\n" + OPENING + """\
 14)  Doubles => 2               Takes
 15) 16: 25/24* 18/12*           Doubles => 4
 16)  Takes                      Wins 2 point and the match
"""


def read(text: str) -> list[Game]:
    return [process(r) for r in split_source(SourceText("galaxy.txt", text))]


def codes(game: Game) -> list[tuple[str, str]]:
    return [(d.code, d.severity) for d in game.diagnostics]


def test_a_resignation_that_wins_the_match_with_the_points_needed() -> None:
    (game,) = read(GALAXY)
    assert (game.status, game.detail.winner, game.detail.points, game.detail.how) == \
        ("ok", "Ben", 4, "resignation")
    # The written points beside the computed ones: GNU Backgammon reads a single game at a cube of 4.
    assert [(c.claimed, c.actual) for c in game.claims if c.what == "points"] == [("2", "4")]
    assert codes(game) == [("points-capped", "warning")]


def test_the_loss_written_in_the_losers_column() -> None:
    (game,) = read(GALAXY.replace(" 16)  Takes                      Wins 2 point and the match",
                                  " 16)  Takes\n      Losses 2 point"))
    assert (game.status, game.detail.winner, game.detail.points) == ("ok", "Ben", 4)
    assert [(c.claimed, c.actual) for c in game.claims if c.what == "points"] == [("2", "4")]


def test_the_match_resigned_for_more_than_the_game_is_worth() -> None:
    text = GALAXY_HEADER + " Game 1\n Anna : 0                       Ben : 0\n" + OPENING + \
        " 14)                             Wins 5 point and the match\n"
    (game,) = read(text)
    # GNU Backgammon: more than twice the cube is a backgammon resigned, 3 points at a cube of 1.
    assert (game.status, game.detail.winner, game.detail.points) == ("ok", "Ben", 3)
    assert codes(game) == [("match-resigned", "warning")]


def test_points_no_game_is_worth_are_a_bad_score() -> None:
    second = " Game 2\n Anna : 0                       Ben : 4016\n" + OPENING
    text = GALAXY_HEADER + " Game 1\n Anna : 0                       Ben : 0\n" + OPENING + \
        " 14)                             Wins 4016 point\n\n" + second
    first, after = read(text)
    (bad,) = [d for d in first.diagnostics if d.code == "bad-score"]
    assert "no game is worth 4016 points" in bad.message and "Ben needed 5" in bad.message
    at = text.index("Wins 4016")
    assert (bad.line, bad.column) == (text[:at].count("\n") + 1, at - text.rfind("\n", 0, at))
    assert first.status == "error" and first.detail.winner is None
    # The next game's score is not summed from a number no game is worth.
    assert "score" not in [d.code for d in after.diagnostics]


FIBS_RESUMED = " 3 point match\n\n" + "".join(MATCH.splitlines(keepends=True)[22:]) \
    .replace(" Game 2\n", " Game 1\n", 1).replace(" Game 3\n", " Game 2\n", 1) \
    .replace(" Anna : 0                       Ben : 1", " Anna,1660 : 0                  Ben,1733 : 1", 1) \
    .replace(" Anna : 2                       Ben : 1", " Anna,1660 : 2                  Ben,1733 : 1", 1)


def test_a_resumed_fibs_match_is_read_from_its_first_score() -> None:
    first, second = read(FIBS_RESUMED)
    assert [(g.status, g.detail.winner, g.detail.points) for g in (first, second)] == \
        [("ok", "Anna,1660", 2), ("ok", "Anna,1660", 1)]
    (note,) = first.diagnostics
    assert (note.code, note.severity, note.line) == ("resumed-match", "info", 3)
    assert "begins at 0-1" in note.message
    # The later games' scores are still added up from the wins, from that score on.
    assert [(c.claimed, c.actual) for c in second.claims if c.what == "score"] == [("2-1", "2-1")]
