"""The backgammon board: laws of moving, position and match IDs, checked against GNU Backgammon and gammonview.

GNU Backgammon (``pip install gnubg``) and gammonview's legality module are
test oracles only; the tests that need them are skipped where they are missing.
"""

from __future__ import annotations

import random

import pytest

from notation.boards.backgammon import (
    BAR,
    MatchState,
    Position,
    Step,
    dice_list,
    format_play,
    legal_plays,
    match_id,
    play_steps,
    position_from_gnubg_id,
    position_from_id,
    position_id,
    read_match_id,
)


def random_positions(seed: int, games: int):
    """(position, dice) pairs met while playing random legal games with seeded dice."""
    rng = random.Random(seed)
    for _ in range(games):
        pos = Position.initial(turn=rng.randrange(2))
        while pos.winner() is None:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            yield pos.copy(), dice
            plays = legal_plays(pos, dice_list(*dice))
            if plays:
                for step in rng.choice(plays):
                    pos.apply(step)
            pos.turn = 1 - pos.turn


def test_starting_position_id():
    assert position_id(Position.initial()) == "4HPwATDgc/ABMA"


def test_position_id_round_trip():
    for pos, _ in random_positions(7, 5):
        pid = position_id(pos)
        back = position_from_gnubg_id(pid, pos.turn)
        assert back.men == pos.men


def test_position_id_rejects_garbage():
    with pytest.raises(ValueError, match="14 characters"):
        position_from_id("4HPw")
    with pytest.raises(ValueError, match="base 64"):
        position_from_id("4HPwATDgc/AB!A")


def test_match_id_round_trip():
    m = MatchState(7, (3, 5), 4, 1, False, 1, 1, False, 0, (5, 2), 1)
    assert read_match_id(match_id(m)) == m


def test_opening_six_four_has_the_book_plays():
    plays = {format_play(p) for p in legal_plays(Position.initial(), [6, 4])}
    assert {"24/18 13/9", "24/14", "8/2 6/2", "13/9 13/7"} <= plays


def test_law_12_larger_die_when_only_one_can_be_played():
    # A man on 14, the rest on the ace point; the adversary holds my four point.
    # 14/8 or 14/10 can be played, but neither man can then go on to 4: only one die plays.
    pos = Position([[0] * 26, [0] * 26])
    pos.men[0][14] = 1
    pos.men[0][1] = 14
    pos.men[1][25 - 4] = 2
    pos.men[1][0] = 13
    assert [format_play(p) for p in legal_plays(pos, [6, 4])] == ["14/8"]


def test_law_12_both_dice_when_possible():
    pos = Position([[0] * 26, [0] * 26])
    pos.men[0][14] = 1
    pos.men[0][1] = 14
    pos.men[1][25 - 8] = 2       # 14/8 covered, but 14/10/4 plays both dice
    pos.men[1][0] = 13
    assert [format_play(p) for p in legal_plays(pos, [6, 4])] == ["14/4"]


def test_bar_must_enter_first_and_blocked_entry_loses_the_throw():
    pos = Position.initial()
    pos.men[0][24] -= 1
    pos.men[0][BAR] += 1
    for q in (5, 2):             # adversary holds his five and deuce points: my 20 and 23
        pos.men[1][q] = 2
    pos.men[1][6] -= 4
    assert legal_plays(pos, [5, 2]) == []
    pos.men[1][2] = 0
    pos.men[1][6] += 2
    plays = {format_play(p) for p in legal_plays(pos, [5, 2])}
    # bar/18 is bar/23/18: the entering man goes on with the five.
    assert plays == {"bar/18", "bar/23 13/8", "bar/23 8/3"}


def test_bearing_off_higher_die_takes_the_farthest_man():
    pos = Position([[0] * 26, [0] * 26])
    pos.men[0][4] = 2
    pos.men[0][3] = 1
    pos.men[0][0] = 12
    pos.men[1][0] = 15
    plays = {format_play(p) for p in legal_plays(pos, [6, 2])}
    assert plays == {"4/2 4/off", "4/off 3/1"}


def test_no_bearing_off_before_all_home():
    pos = Position.initial()
    with pytest.raises(Exception, match="before all fifteen"):
        pos.check_step(6, 6)


def test_format_marks_intermediate_hits():
    steps = [Step(13, 7, 6, True), Step(7, 5, 2, False)]
    assert format_play(steps) == "13/7*/5"
    assert format_play([Step(8, 5, 3), Step(8, 5, 3), Step(6, 3, 3), Step(6, 3, 3)]) == "8/5(2) 6/3(2)"
    assert format_play([Step(BAR, 22, 3), Step(6, 0, 6)]) == "bar/22 6/off"


# -- oracles -------------------------------------------------------------------


def _gnubg_board(pos: Position):
    s = pos.turn
    return (tuple(pos.men[1 - s][1:26]), tuple(pos.men[s][1:26]))


def test_position_ids_and_legal_plays_agree_with_gnubg():
    gnubg = pytest.importorskip("gnubg")
    # An explicit money-game cube: the defaults follow whatever match gnubg last loaded.
    ci, ec = gnubg.cubeinfo(1, -1, 1, 0, (0, 0), 0, 0), gnubg.evalcontext()
    checked = 0
    for pos, dice in random_positions(11, 12):
        board = _gnubg_board(pos)
        assert gnubg.position_id(board) == position_id(pos)
        ours = {position_id(play_steps(pos, p)) for p in legal_plays(pos, dice_list(*dice))}
        try:
            theirs = gnubg.find_best_moves(board, ci, ec, dice)
        except SystemError:   # the binding raises when there is no legal play
            theirs = []
        # gnubg lists one move per resulting position, as we do.
        assert len(ours) == len(theirs), (position_id(pos), dice)
        for found in theirs:
            move = found["move"]
            if len(move) % 2:  # the binding cuts a move short at its first bear-off
                continue
            b = [list(board[0]), list(board[1])]
            for i in range(0, len(move), 2):
                f, t = move[i], move[i + 1]
                b[1][f - 1] -= 1
                b[1][t - 1] += 1
                if b[0][24 - t] == 1:
                    b[0][24 - t], b[0][24] = 0, b[0][24] + 1
            assert gnubg.position_id((tuple(b[0]), tuple(b[1]))) in ours
        checked += 1
    assert checked > 500


def test_play_format_agrees_with_gnubg():
    gnubg = pytest.importorskip("gnubg")
    for pos, dice in random_positions(5, 6):
        for play in legal_plays(pos, dice_list(*dice))[:3]:
            move = tuple(x for s in play for x in (s.frm, s.to))
            assert format_play(play) == gnubg.move_tuple_to_string(move, _gnubg_board(pos))


def test_match_ids_agree_with_gnubg():
    gnubg = pytest.importorskip("gnubg")
    rng = random.Random(3)
    for _ in range(200):
        length = rng.choice([1, 3, 5, 7, 11, 25])
        score = (rng.randrange(length), rng.randrange(length))
        cube = rng.choice([2, 4, 8])
        owner = rng.randrange(2)
        roll = rng.randrange(2)
        dice = tuple(sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True))
        theirs = gnubg.match_id(gnubg.cubeinfo(cube, owner, roll, length, score, 0, 0),
                                gnubg.posinfo(roll, 0, 0, 1, dice))
        # The binding sets the Jacoby flag in match play.
        ours = match_id(MatchState(length, score, cube, owner, False, roll, roll, False, 0, dice, 1,
                                   jacoby=True))
        assert ours == theirs


def test_legal_plays_agree_with_gammonview():
    legality = pytest.importorskip("gvformat.legality")
    checked = 0
    for pos, dice in random_positions(21, 3):
        mine = list(pos.men[pos.turn])
        opp = [0] * 26
        for p in range(1, 25):
            opp[p] = pos.enemy_at(pos.turn, p)
        theirs, used = legality.legal_plays(mine, opp, *dice)
        ours = legal_plays(pos, dice_list(*dice))
        assert used == (len(ours[0]) if ours else 0)
        # gammonview lists spellings, we list resulting positions: compare where the mover's men end.
        def outcome(pairs, mine=mine):
            m = list(mine)
            for f, t in pairs:
                m[f] -= 1
                if t:
                    m[t] += 1
            return tuple(m[1:])
        assert {outcome(p) for p in theirs} == {outcome((s.frm, s.to) for s in p) for p in ours}
        checked += 1
    assert checked > 100
