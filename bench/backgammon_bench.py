"""Backgammon legality checking: our rules module against gammonview's legality module, same plays, one run.

    python3 bench/backgammon_bench.py [--games N] [--seed S] [--repeat R]

Plays come from random legal games with seeded dice (every play actually
made), plus for each play of two or more steps the same play with its last
step left off (illegal under Law 12 whenever that step could be played).
Both checkers answer "is this play legal here?" for every one; the answers
must agree, and the report gives plays per second for each and the ratio.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from notation.boards.backgammon import dice_list, random_game  # noqa: E402
from notation.parse.backgammon_common import Segment  # noqa: E402
from notation.rules.backgammon.replay import check_play  # noqa: E402


def cases(games: int, seed: int):
    """(position, dice, steps) for every play of ``games`` random games, and an under-play of each."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        for side, kind, payload in random_game(rng, cube=False):
            if kind != "roll":
                continue
            dice, play, pos = payload
            pos.turn = side
            out.append((pos, dice, list(play)))
            if len(play) >= 2:
                out.append((pos, dice, list(play[:-1])))
    return out


def ours(case) -> bool:
    pos, dice, steps = case
    segments = [Segment((s.frm, s.to), (s.hit,)) for s in steps]
    return check_play(pos, dice_list(*dice), segments)[0]


def gammonview_inputs(case):
    pos, dice, steps = case
    mine = list(pos.men[pos.turn])
    opp = [0] * 26
    for p in range(1, 25):
        opp[p] = pos.enemy_at(pos.turn, p)
    return mine, opp, dice[0], dice[1], [(s.frm, s.to) for s in steps]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    try:
        from gvformat.legality import is_play_legal
    except ImportError:
        sys.exit("gammonview is not installed: pip install gammonview (a test/bench oracle only)")
    plays = cases(args.games, args.seed)
    inputs = [gammonview_inputs(c) for c in plays]

    t0 = time.perf_counter()
    for _ in range(args.repeat):
        our_answers = [ours(c) for c in plays]
    t_ours = time.perf_counter() - t0

    t0 = time.perf_counter()
    for _ in range(args.repeat):
        their_answers = [is_play_legal(*i) for i in inputs]
    t_theirs = time.perf_counter() - t0

    disagree = sum(a != b for a, b in zip(our_answers, their_answers))
    n = len(plays) * args.repeat
    print(f"plays checked: {len(plays)} x {args.repeat} ({sum(our_answers)} legal, "
          f"{len(plays) - sum(our_answers)} illegal), disagreements: {disagree}")
    print(f"ours:       {n / t_ours:10.0f} plays/s  ({t_ours:.3f} s)")
    print(f"gammonview: {n / t_theirs:10.0f} plays/s  ({t_theirs:.3f} s)")
    print(f"ratio: {t_theirs / t_ours:.1f}x faster (goal: at least 5x)")
    if disagree:
        sys.exit(1)


if __name__ == "__main__":
    main()
