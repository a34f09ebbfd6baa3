"""Card replays: our cribbage scoring against a brute-force scorer, and the card transcripts replayed, one run.

    python3 bench/cards_bench.py [--hands N] [--seed S] [--rounds R]

1. Cribbage shows: seeded random hands (four cards and a starter, as hand and
   as crib) scored by :func:`notation.rules.cards.cribbage.score_hand` and by
   a brute-force scorer written here from the rules alone (every subset of the
   five cards looked at: fifteens, pairs, runs; then flush and his nob). The
   totals must agree on every hand; the ratio is brute-force time / ours.
2. The card corpus (cribbage, piquet, écarté, Pope Joan transcripts) read and
   replayed ``R`` times by the pipeline: records and printed actions per second.
   There is no other tool that replays these transcripts; the figure is ours alone.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from notation.boards.cards import Card, pack  # noqa: E402
from notation.pipeline import file_records, process  # noqa: E402
from notation.records import iter_files  # noqa: E402
from notation.rules.cards.cribbage import score_hand  # noqa: E402

ORDER = {r: i for i, r in enumerate(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"), 1)}


def brute_force(hand: list[Card], starter: Card, crib: bool) -> int:
    """The show by the rules, looking at every subset of the five cards."""
    cards = hand + [starter]
    value = {c: min(ORDER[c.rank], 10) for c in cards}
    points = 0
    for n in range(2, 6):
        for subset in combinations(cards, n):
            if sum(value[c] for c in subset) == 15:
                points += 2
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            points += 2
    for n in (5, 4, 3):  # the longest runs only, each distinct set of cards once
        runs = [s for s in combinations(cards, n)
                if sorted(ORDER[c.rank] for c in s) == list(range(min(ORDER[c.rank] for c in s),
                                                               min(ORDER[c.rank] for c in s) + n))]
        if runs:
            points += n * len(runs)
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += 5
        elif not crib:
            points += 4
    points += sum(1 for c in hand if c.rank == "J" and c.suit == starter.suit)
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5, help="times the card corpus is replayed")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    deck = pack()
    hands = []
    for _ in range(args.hands):
        five = rng.sample(deck, 5)
        hands.append((five[:4], five[4], rng.random() < 0.5))

    t = time.perf_counter()
    ours = [score_hand(h, s, crib).total for h, s, crib in hands]
    t_ours = time.perf_counter() - t
    t = time.perf_counter()
    reference = [brute_force(h, s, crib) for h, s, crib in hands]
    t_ref = time.perf_counter() - t
    disagree = sum(a != b for a, b in zip(ours, reference))
    print(f"cribbage shows: {args.hands} seeded random hands (seed {args.seed}), {disagree} disagreements")
    print(f"  ours (score_hand)          {t_ours:7.2f} s  {args.hands / t_ours:9.0f} hands/s")
    print(f"  brute force over subsets   {t_ref:7.2f} s  {args.hands / t_ref:9.0f} hands/s")
    print(f"  ratio brute force / ours: {t_ref / t_ours:6.2f}")

    files = list(iter_files([str(ROOT / "corpus" / "cards")]))
    records = [r for f in files for r in file_records(f)]
    t = time.perf_counter()
    statuses: dict[str, int] = {}
    actions = 0
    for _ in range(args.rounds):
        for record in records:
            game = process(record)
            statuses[game.status] = statuses.get(game.status, 0) + 1
            actions += len(game.moves)
    t_replay = time.perf_counter() - t
    n = len(records) * args.rounds
    print(f"card transcripts: {len(records)} records of corpus/cards read and replayed {args.rounds} times; "
          f"statuses {statuses}")
    print(f"  ours (pipeline.process)    {t_replay:7.2f} s  {n / t_replay:9.1f} records/s  "
          f"{actions / t_replay:9.0f} actions/s")
    if disagree:
        sys.exit(1)


if __name__ == "__main__":
    main()
