"""Round trips of random legal games (seeded dice) through every backgammon notation, and the CLI."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.boards.backgammon import random_game, standard_text
from notation.cli import cli
from notation.model import SourceText
from notation.pipeline import process, split_source
from notation.rules.backgammon import FAMILY
from tests.conftest import replay


def replayed(seed: int):
    actions = random_game(random.Random(seed))
    (g,) = replay('[Game "backgammon"]\n[Notation "standard"]\n' + standard_text(actions))
    return actions, g


def moves(g):
    return [(m.normalized, m.position, m.status) for m in g.moves]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_random_games_replay_clean_and_the_result_is_recomputed(seed):
    actions, g = replayed(seed)
    assert g.status == "ok", [d.format("x") for d in g.diagnostics]
    assert all(c.ok for c in g.claims)
    assert g.detail.points == actions[-1][2]


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_standard_and_book_round_trips(seed):
    _, g = replayed(seed)
    for fmt in ("standard", "book"):
        text = FAMILY.write(g, fmt)
        (again,) = replay(f'[Game "backgammon"]\n[Notation "{fmt}"]\n' + text)
        assert moves(again) == moves(g), fmt
        assert again.result == g.result


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6))
def test_mat_round_trip(seed):
    _, g = replayed(seed)
    text = FAMILY.write(g, "mat")
    (record,) = split_source(SourceText("x.mat", text))
    again = process(record)
    assert [(m.normalized, m.position) for m in again.moves if m.detail.kind != "resign"] == \
        [(m.normalized, m.position) for m in g.moves if m.detail.kind != "resign"]
    assert again.result == g.result and again.status == "ok"


def test_written_match_file_is_read_by_gnubg():
    gnubg = pytest.importorskip("gnubg")
    _, g = replayed(2024)
    import os
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "x.mat")
        with open(path, "w") as f:
            f.write(FAMILY.write(g, "mat"))
        gnubg.command(f"import mat {path}")
        game = gnubg.match()["games"][0]
    boards = [a.get("board") for a in game["game"] if a["action"] in ("move", "set")]
    rolls = [m for m in g.moves if m.detail.kind == "roll"]
    before = [g.start.split(":")[0]] + [m.position.split(":")[0] for m in rolls[:-1]]
    assert len(boards) == len(rolls)
    assert all(b is None or b == p for b, p in zip(boards, before))


def test_cli_validate_and_convert_to_mat(tmp_path):
    runner = CliRunner()
    result = runner.invoke(cli, ["validate", "corpus/backgammon/match.mat"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli, ["convert", "corpus/backgammon/game_book.txt", "--to", "mat"])
    assert result.exit_code == 0 and " 0 point match" in result.output and " Game 1" in result.output
    out = tmp_path / "g.mat"
    out.write_text(result.output)
    result = runner.invoke(cli, ["validate", str(out)])
    assert result.exit_code == 0, result.output


def test_picture_of_every_position_is_an_svg_with_the_board():
    _, g = replayed(99)
    for m in g.moves[:20]:
        if not m.position:
            continue
        svg = FAMILY.picture(m.position)
        root = ET.fromstring(svg)
        texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert all(str(p) in texts for p in range(1, 25))
        assert any(t and t.startswith("off ") for t in texts)
    from notation.boards.backgammon import MatchState, match_id

    owned = FAMILY.picture("4HPwATDgc/ABMA:" + match_id(MatchState(7, (2, 3), cube=4, owner=0)))
    assert ">4</text>" in owned and "7-point match: Player 1 2, Player 2 3" in owned
    # A centred cube shows 64, but only where the record has a cube: never on a book's 1897 position.
    assert ">64</text>" in FAMILY.picture("4HPwATDgc/ABMA", {"cube": "1"})
    assert 'class="cube"' not in FAMILY.picture("4HPwATDgc/ABMA")


def test_picture_names_the_players_in_their_colours_with_the_dice_played():
    view = {"names": "Black|White", "dark": "0", "dice": "52", "dice_side": "0"}
    svg = FAMILY.picture("4HPwATDgc/ABMA:MAEAAAAAAAAA", view)
    root = ET.fromstring(svg)
    legend = {c.get("class"): c.get("fill") for c in root.iter("{http://www.w3.org/2000/svg}circle")
              if "legend" in (c.get("class") or "")}
    assert legend["legend side-0"] == "#262626" and legend["legend side-1"] == "#fbf8f0"  # Black dark, White light
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Black · 167 pips · to play" in texts and "White · 167 pips" in texts
    assert svg.count('class="die"') == 2


def test_picture_rejects_a_key_that_is_not_a_position_id():
    with pytest.raises(ValueError, match="14 characters"):
        FAMILY.picture("not-a-key")


def test_a_table_of_openings_written_in_standard_keeps_its_titles_and_words_and_reads_back_the_same():
    text = ("OPENING MOVES.\n\nWith 3-1 the best play is to make your five point: 8/5, 6/5.\n"
            "With 6-1, make your bar point: 13/7, 8/7.\nWith 6-4 run a back man, 24/14, or\nsplit, 24/18 13/9.\n")
    games = [process(r) for r in split_source(SourceText("open.txt", text))]
    written = "\n\n".join(FAMILY.write(g, "standard") for g in games)
    # the table names no side: none is written (read back, the unnamed throw is side 0's, as it was)
    assert "1. 31: 8/5 6/5 {the best play is to make your five point}" in written and "Black" not in written
    again = [process(r) for r in split_source(SourceText("again.txt", written))]
    assert "1. 64: 24/14 (run a back man) or 24/18 13/9 (split)" in written  # the author's other play
    assert [(g.title, g.status, moves(g), g.comments) for g in again] == \
        [(g.title, g.status, moves(g), g.comments) for g in games]
    assert [[(m.normalized, m.comment) for v in g.variations for m in v.moves] for g in again] == \
        [[], [], [("24/18 13/9", "split")]]
    assert [g.title for g in again] == ["OPENING MOVES: 3-1", "OPENING MOVES: 6-1", "OPENING MOVES: 6-4"]
