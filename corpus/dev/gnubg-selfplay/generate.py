"""Play a match between two GNU Backgammon players move by move and export it as GNU Backgammon writes it.

    python corpus/dev/gnubg-selfplay/generate.py LENGTH SEED OUT.mat

The checker plays are GNU Backgammon's own best moves (0-ply, ``gnubg.findbestmove``);
cube actions and resignations are drawn from a seeded random generator, so the
files hold doubles, takes, drops and resignations as well as plays. GNU Backgammon
checks every command (an illegal move is refused) and writes the file
(``export match mat``): the files are GNU Backgammon's own output.
"""

import random
import sys
from pathlib import Path

import gnubg

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from notation.boards.backgammon import Position, format_play_plain, legal_plays  # noqa: E402


def over(length: int) -> tuple[bool, dict]:
    match = gnubg.match()
    score = {"X": 0, "O": 0}
    for game in match["games"]:
        if game["info"].get("winner"):
            score[game["info"]["winner"]] += game["info"].get("points-won", 0)
    return max(score.values()) >= length, match


def play(length: int, seed: int, out: str) -> None:
    rng = random.Random(seed)
    for command in ("set player 0 human", "set player 1 human", "set display off", "set sound enable off",
                    f"set seed {seed}", "set automatic roll off", "set automatic game off"):
        gnubg.command(command)
    gnubg.command(f"new match {length}")
    for _ in range(5000):
        done, match = over(length)
        if done:
            break
        if match["games"][-1]["info"].get("winner"):
            gnubg.command("new game")
            continue
        try:
            best = gnubg.findbestmove()
        except ValueError:  # no dice yet: the turn starts with a cube action or a throw
            if rng.random() < 0.04:
                gnubg.command("double")
                gnubg.command("take" if rng.random() < 0.6 else "drop")
            elif rng.random() < 0.004:
                gnubg.command("resign " + rng.choice(["single", "gammon"]))
                gnubg.command("accept")
            else:
                gnubg.command("roll")
            continue
        if not best:
            continue
        best = tuple(best) + ((0,) if len(best) % 2 else ())
        pairs = [f"{'bar' if a == 25 else a}/{max(b, 0)}" for a, b in zip(best[::2], best[1::2])]
        before = gnubg.board()
        gnubg.command("move " + " ".join(pairs))
        if gnubg.board() == before:
            # The binding's answer can drop a bearing-off pair: play the legal play it begins with.
            theirs, mine = before
            men = [[15 - sum(side)] + list(side[:24]) + [side[24]] for side in (mine, theirs)]
            d1, d2 = gnubg.match()["games"][-1]["game"][-1]["dice"]
            plays = [format_play_plain(p) for p in legal_plays(Position(men, 0, "standard"),
                                                                [d1] * 4 if d1 == d2 else [d1, d2])]
            gnubg.command("move " + next((p for p in plays if p.startswith(pairs[0])), plays[0]))
        if gnubg.board() == before:
            raise SystemExit(f"GNU Backgammon refused every play of {before}")
    gnubg.command(f"export match mat {out}")


if __name__ == "__main__":
    play(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
