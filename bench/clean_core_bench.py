"""Benchmark and check: the clean path's compiled kernel against its python-chess replay, game by game.

Run from the repository root::

    python3 bench/clean_core_bench.py                   # 100,000 random games
    python3 bench/clean_core_bench.py --games 2000      # fewer

Every seeded random legal game (``bench/chess_bench.py``'s generator) is read by
:func:`notation.rules.chess.clean.read_clean` twice: with the compiled kernel
(:mod:`notation.rules.chess.clean_kernel`) and with python-chess alone. Each game
is also read spoiled in one way — a check mark dropped or added, a mate
written as a check, a disambiguation python-chess would not print, a move
swapped with the next — where either both readings refuse it or both give
the same game. Moves, keys, details, claims, diagnostics and result must be
identical; any difference is printed and the exit status is 1. CPU times of
both readings are printed, per ply.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere in the checkout
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from chess_bench import random_game  # noqa: E402

from notation.model import Game, Record  # noqa: E402
from notation.records import decode, split_tagged  # noqa: E402
from notation.rules.chess import clean  # noqa: E402

MOVE = re.compile(r"(?<![\w.])([NBRQK]?[a-h]?x?[a-h][1-8](?:=[NBRQ])?|O-O(?:-O)?)([+#]?)(?![\w=])")


def view(game: Game | None) -> tuple | None:
    """What a reading gives, as plain values to compare."""
    if game is None:
        return None
    return (game.status, game.result, game.start, game.title,
            [(m.ply, m.side, m.printed, m.normalized, m.status, m.line, m.column, m.number, m.position,
              m.detail.values()) for m in game.moves],
            [(c.ply, c.what, c.claimed, c.actual, c.ok, c.line, c.column, c.how, c.reason) for c in game.claims],
            [(d.severity, d.code, d.message, d.line, d.column, d.suggestions) for d in game.diagnostics])


def spoiled(text: str, rng: random.Random) -> str:
    """The game's PGN with one move's text changed: a reading the clean path should refuse or read alike."""
    matches = list(MOVE.finditer(text.split("\n\n", 1)[1]))
    head = len(text.split("\n\n", 1)[0]) + 2
    if not matches:
        return text
    m = rng.choice(matches)
    word, mark = m.group(1), m.group(2)
    how = rng.randrange(5)
    if how == 0:
        new = word  # a mark dropped (or nothing changed where there was none)
    elif how == 1:
        new = word + ("+" if mark != "+" else "#")  # a mark added, or a check called mate
    elif how == 2 and word[0] in "NBRQK" and not word.startswith("O"):
        new = word[0] + rng.choice("abcdefgh12345678") + word[1:] + mark  # a disambiguation perhaps not needed
    elif how == 3:
        new = word.replace("x", "") + mark  # a capture's x dropped
    else:
        nxt = [n for n in matches if n.start() > m.start()]
        if not nxt:
            return text
        n = nxt[0]  # this move and the next swapped
        a, b = head + m.start(), head + n.start()
        return text[:a] + n.group(0) + text[a + len(m.group(0)):b] + m.group(0) + text[b + len(n.group(0)):]
    a = head + m.start()
    return text[:a] + new + text[a + len(m.group(0)):]


def record_of(text: str) -> Record:
    """The one record of a game's PGN text, as an import splits it."""
    return split_tagged(decode(text.encode("utf-8"), "bench.pgn"))[0]


def compare(records: list[Record]) -> tuple[int, int, list[str], float, float]:
    """(clean games, plies, differences, CPU seconds compiled, CPU seconds python-chess)."""
    clean.COMPILED_AFTER = 10 ** 18
    t = time.process_time()
    reference = [view(clean.read_clean("san", r)) for r in records]
    python_seconds = time.process_time() - t
    clean.COMPILED_AFTER = 0
    clean.read_clean("san", records[0])  # the kernel loaded before the timing
    t = time.process_time()
    compiled = [view(clean.read_clean("san", r)) for r in records]
    compiled_seconds = time.process_time() - t
    differences = [f"{r.tag('Event')}: python-chess {a!r:.300}\n  compiled {b!r:.300}"
                   for r, a, b in zip(records, reference, compiled) if a != b]
    games = sum(v is not None for v in reference)
    plies = sum(len(v[4]) for v in reference if v is not None)
    return games, plies, differences, compiled_seconds, python_seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="random games (default 100000)")
    parser.add_argument("--seed", type=int, default=7, help="random seed (default 7)")
    parser.add_argument("--batch", type=int, default=5_000, help="games generated and compared at a time")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    total = {"games": 0, "plies": 0, "spoiled": 0, "spoiled clean": 0, "compiled": 0.0, "python": 0.0}
    differences: list[str] = []
    start = time.perf_counter()
    for first in range(0, args.games, args.batch):
        texts = [random_game(rng, i) for i in range(first, min(args.games, first + args.batch))]
        games, plies, diff, compiled_seconds, python_seconds = compare([record_of(t) for t in texts])
        if games != len(texts):
            differences.append(f"{len(texts) - games} random games not read as clean")
        differences += diff
        total["games"] += games
        total["plies"] += plies
        total["compiled"] += compiled_seconds
        total["python"] += python_seconds
        spoiled_games, _, diff, _, _ = compare([record_of(spoiled(t, rng)) for t in texts])
        differences += diff
        total["spoiled"] += len(texts)
        total["spoiled clean"] += spoiled_games
        print(f"  {first + len(texts)} games, {len(differences)} differences, "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    plies = max(total["plies"], 1)
    print(f"{total['games']} random games ({total['plies']} plies) identical in both readings: "
          f"{'no' if differences else 'yes'}; {total['spoiled']} spoiled ones, {total['spoiled clean']} still clean, "
          f"the rest refused by both")
    print(f"CPU per ply, read_clean whole: compiled {total['compiled'] / plies * 1e6:.1f} us, "
          f"python-chess {total['python'] / plies * 1e6:.1f} us (ratio {total['python'] / total['compiled']:.2f})")
    for d in differences[:20]:
        print(d)
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
