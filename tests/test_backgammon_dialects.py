"""Match files as the programs and hand transcriptions write them (issue 11), checked by replay.

Each test rewrites corpus/backgammon/match.mat (a legal three-game match) into
one dialect and checks that the same plays, winners and points come out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notation.model import SourceText
from notation.pipeline import process, split_source

MATCH = (Path(__file__).resolve().parent.parent / "corpus" / "backgammon" / "match.mat").read_text()


@pytest.fixture
def replay_text():
    """Read a text as a file of that name is read: split by its content (a match file is split into games)."""
    return lambda text, path="test.txt": [process(r) for r in split_source(SourceText(path, text))]


def summary(games):
    return [(g.status, g.detail.winner, g.detail.points,
             [m.normalized for m in g.moves]) for g in games]


def test_a_match_file_named_txt_is_backgammon(replay_text):
    games = replay_text(MATCH, "anna-ben.txt")
    assert [g.family for g in games] == ["backgammon"] * 3
    assert summary(games) == summary(replay_text(MATCH, "anna-ben.mat"))
    assert all(g.moves for g in games)


def test_jellyfish_dice_without_a_colon(replay_text):
    text = re.sub(r"(?<=[ )])([1-6][1-6]):", r"\1", MATCH)
    assert "52 " in text or "63 " in text
    assert summary(replay_text(text, "jf.txt")) == summary(replay_text(MATCH, "m.mat"))


def test_score_lines_in_any_spacing_and_one_player_per_line(replay_text):
    text = MATCH.replace(" Anna : 0                       Ben : 0", " Anna:0   Ben:0", 1)
    text = text.replace(" Anna : 0                       Ben : 1", " Anna : 0\n Ben : 1", 1)
    assert summary(replay_text(text, "m.txt")) == summary(replay_text(MATCH, "m.mat"))


def test_cannot_move_and_comment_lines(replay_text):
    text = MATCH.replace(" 10) 43: 25/22* 20/16*           33:",
                         " 10) 43: 25/22* 20/16*           33: Cannot Move\n; Ben is shut out", 1)
    text = text.replace(" 14) 15: 6/1 5/4*                31:", " 14) 15: 6/1 5/4*                31: can't move", 1)
    games = replay_text(text, "m.txt")
    assert summary(games) == summary(replay_text(MATCH, "m.mat"))
    assert "Ben is shut out" in games[1].comments


def test_an_unseen_roll_keeps_the_rest_unchecked_and_the_printed_result(replay_text):
    text = MATCH.replace(" 20) 31: 16/15 10/7", " 20) ????         ", 1)
    games = replay_text(text, "m.txt")
    (unseen,) = [d for d in games[1].diagnostics if d.code == "unseen"]
    assert unseen.severity == "warning" and unseen.line == text[:text.index("????")].count("\n") + 1
    assert games[1].detail.winner == "Anna" and games[1].detail.points == 2
    assert games[1].detail.how == "as printed, unchecked" and games[1].status == "error"
    # The other games are untouched: match length, scores, Crawford state.
    assert [g.status for g in (games[0], games[2])] == ["ok", "ok"]
    assert games[2].detail.match["length"] == 3 and games[2].detail.match["crawford"]


def test_an_unreadable_play_spoils_only_its_own_game(replay_text):
    text = MATCH.replace(" 12) 53: 22/17 17/14*", " 12) 53: 22/17 17/1$*", 1)
    games = replay_text(text, "m.txt")
    (syntax,) = [d for d in games[1].diagnostics if d.code == "syntax"]
    assert syntax.line == text[:text.index("17/1$")].count("\n") + 1
    assert games[1].moves and games[1].status == "error"
    assert games[2].status == "ok" and games[2].detail.match["length"] == 3
    assert games[2].detail.match["score"] == [2, 1]


POST_CRAWFORD = """ 3 point match

 Game 4 (post-Crawford)
 Anna : 0                       Ben : 2
  1)                             31: 8/5 6/5
  2) 64: 24/18 13/9               Doubles => 2
  3)  Takes
  4)  Resigns                     Wins {points}
"""


def test_points_credited_capped_at_the_match_length_are_a_warning(replay_text):
    (game,) = replay_text(POST_CRAWFORD.format(points="1 point and the match"), "m.txt")
    (capped,) = [d for d in game.diagnostics if d.code == "points-capped"]
    assert capped.severity == "warning" and "capped" in capped.message
    assert game.status == "ok" and game.detail.points == 2
    (game,) = replay_text(POST_CRAWFORD.format(points="2 points"), "m.txt")
    assert not [d for d in game.diagnostics if d.code.startswith("points")]
    (game,) = replay_text(POST_CRAWFORD.format(points="3 points"), "m.txt")
    assert [d.code for d in game.diagnostics if d.code.startswith("points")] == ["points"]


def test_losses_in_the_losers_column(replay_text):
    text = POST_CRAWFORD.format(points="2 points").replace("  4)  Resigns                     Wins 2 points",
                                                           "  4)  Resigns\n      Losses 2 points")
    (game,) = replay_text(text, "m.txt")
    assert (game.status, game.detail.winner, game.detail.points) == ("ok", "Ben", 2)


MONEY = """ 0 point match

 Game 1
 Anna : 0                       Ben : 0
  1) 31: 8/5 6/5                 Doubles => 2
  2)  Beavers => 4               Raccoons => 8
  3)                             Resigns
      Wins 8 points
"""


def test_beavers_and_raccoons_in_money_play(replay_text):
    (game,) = replay_text(MONEY, "money.txt")
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.normalized for m in game.moves][2:4] == ["Beavers => 4", "Raccoons => 8"]
    assert (game.detail.winner, game.detail.points, game.detail.cube) == ("Anna", 8, 8)


def test_beavers_are_not_allowed_in_match_play(replay_text):
    (game,) = replay_text(MONEY.replace(" 0 point match", " 5 point match"), "m.txt")
    assert "beaver-not-allowed" in [d.code for d in game.diagnostics] and game.status == "error"


def test_beavers_switched_off_by_the_header(replay_text):
    (game,) = replay_text('; [Beavers "Off"]\n' + MONEY, "money.txt")
    assert "beaver-not-allowed" in [d.code for d in game.diagnostics]


def test_a_resignation_with_its_value(replay_text):
    text = MONEY.replace("  2)  Beavers => 4               Raccoons => 8\n", "").replace(
        "Resigns", "Resigns 2 points").replace("Wins 8 points", "Wins 2 points").replace(
        "  1) 31: 8/5 6/5                 Doubles => 2", "  1) 31: 8/5 6/5")
    (game,) = replay_text(text, "money.txt")
    assert (game.status, game.detail.points) == ("ok", 2)


def test_a_text_no_family_reads_is_unparsed_and_says_why(replay_text):
    (game,) = replay_text("Dear Sir, the weather was fine all week.\n", "letter.txt")
    (diag,) = game.diagnostics
    assert game.status == "unparsed" and diag.code == "family"
    for family in ("chess", "checkers", "backgammon", "cards"):
        assert family in diag.message


# Black (on roll) bears off his last four men; White has not borne one off: a gammon.
GAMMON = ('[Game "backgammon"]\n[Notation "standard"]\n[Position "APj/AwAPAAAAAA"]\n{tags}'
          '1. Black 66: 1/off(4)\n')


@pytest.mark.parametrize("tags, points", [
    ("", 2),                                      # money play, no Jacoby rule: the gammon counts
    ('[Jacoby "On"]\n', 1),                       # Jacoby: the cube was never turned, a single game
    ('[Jacoby "On"]\n[MatchLength "5"]\n', 2),   # no Jacoby rule in match play
])
def test_the_jacoby_rule_with_its_settings(replay_text, tags, points):
    (game,) = replay_text(GAMMON.format(tags=tags), "j.txt")
    assert (game.status, game.detail.points) == ("ok", points), [d.message for d in game.diagnostics]


def test_a_jacoby_tag_of_the_wrong_form(replay_text):
    (game,) = replay_text(GAMMON.format(tags='[Jacoby "sometimes"]\n'), "j.txt")
    assert game.status == "unparsed" and game.diagnostics[0].code == "bad-tag"


def test_a_match_header_alone_in_prose_does_not_make_a_match_file(replay_text):
    from notation.parse.backgammon_mat import looks_like_match

    assert looks_like_match(MATCH) and looks_like_match(MATCH.split("\n Game 2")[0])
    assert not looks_like_match("On the 7 point match\nand how to win it: 3 chapters.\n")


def test_identify_knows_a_match_file_by_its_header():
    from notation import families
    from notation.model import Record

    record = Record(SourceText("x.log", MATCH), 0, {}, MATCH, MATCH, 0, 0)
    answer = families.get("backgammon").identify(record)
    assert answer.score > 0.9 and "match file" in answer.reason


def padded(number: str, left: str, right: str = "") -> str:
    """A line as an online server's export lays it out: every cell padded to a fixed width."""
    return f"  {number} {left:<41}{right:<40}\n" if number else f"   {left:<81}\n"


# The shape of corpus/dev/gammonview-samples' server exports: a money session, padded cells,
# "Wins 1 points", an empty numbered line before a Wins line of its own in the winner's column,
# a resignation in the resigner's column and the Wins line in the winner's.
SERVER = ('; [Site "SampleServer"]\n; [Variation "Backgammon"]\n; [Jacoby "Off"]\n; [Beaver "Off"]\n'
          '; [Cubelimit "64"]\n\n0 point match\n\n Game 1\n'
          + f" {'Fox: 0':<41}{'Blue: 0':<40}\n"
          + padded("1)", "45: 13/8 24/20", "65: 24/18 18/13")
          + padded("2)", "Doubles => 2", "Drops")
          + padded("3)", "")
          + padded("", "Wins 1 points")
          + "\n Game 2\n" + f" {'Fox: 1':<41}{'Blue: 0':<40}\n"
          + padded("1)", "", "53: 24/21 13/8")
          + padded("2)", "Doubles => 2", "Beavers => 4")
          + padded("3)", "Resigns", "")
          + " " * 44 + f"{'Wins 4 points':<40}")


def test_a_servers_padded_export_of_a_money_session(replay_text):
    games = replay_text(SERVER, "session.txt")
    assert [(g.status, g.detail.winner, g.detail.points) for g in games] == [
        ("ok", "Fox", 1), ("error", "Blue", 4)]
    # "[Beaver "Off"]", as the programs spell it, switches beavers off in money play.
    assert "beaver-not-allowed" in [d.code for d in games[1].diagnostics]
    assert [d.code for d in games[0].diagnostics] == []


HEDGEHOG = (Path(__file__).resolve().parent.parent / "corpus" / "dev" / "gammonview-samples"
            / "rK7pXm4TqLb9NzWd.mat").read_text()


def test_a_damaged_game_of_a_real_match_spoils_no_other(replay_text):
    """HedgeHog's 9-point match of 13 games, damaged in memory: a play of game 5 and the head of game 8."""
    text = HEDGEHOG.replace("  3) 24: 25/21 6/4*", "  3) 24: 25/2# 6/4*", 1)
    text = text.replace(" Game 8\n Nils Varley: 5", " Game 8\n Nils Varley 5", 1)
    intact = replay_text(HEDGEHOG, "match.txt")
    games = replay_text(text, "match.txt")
    assert len(games) == len(intact) == 13
    (syntax,) = [d for d in games[4].diagnostics if d.code == "syntax"]
    assert (syntax.line, syntax.column) == (text[:text.index("25/2#")].count("\n") + 1, 14)  # at the "#"
    assert games[4].moves and games[4].status == "error" and games[4].detail.unchecked
    assert games[7].status == "unparsed" and games[7].diagnostics[0].line == text[:text.index(
        " Nils Varley 5")].count("\n") + 1
    # Every other game keeps the match length, its score, the Crawford state and its result.
    others = [i for i in range(13) if i not in (4, 7)]
    for i in others:
        damaged, whole = games[i].detail, intact[i].detail
        assert damaged.match and whole.match and {**damaged.match, "key": None} == {**whole.match, "key": None}
        assert damaged.match["length"] == 9 and damaged.match["game"] == i + 1
        assert (damaged.winner, damaged.points) == (whole.winner, whole.points)
    assert [i for i in others if games[i].detail.match["crawford"]] == [11]  # 8-4 in a 9-point match
    assert games[11].detail.match["score"] == [8, 4]
