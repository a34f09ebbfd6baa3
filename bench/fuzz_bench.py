"""Fuzzing at scale: generated and mutated inputs for every grammar, and hostile files.

For each notation (grammar) of every family, N inputs are made from the
corpus's own records of that notation, mutated (characters deleted,
inserted and replaced with notation-like and hostile noise: brackets,
digits, NUL, control characters, far Unicode), plus the hostile files:
variations nested 1,000 deep, a 5 MB line, NUL bytes, UTF-16 with a BOM,
invalid UTF-8, a 100,000-character tag value. Each input goes the way a
file goes (bytes -> decode -> split -> family -> parse -> replay) and must:

* raise nothing (an internal error is a bug: NOTATION_STRICT=1 makes it raise);
* give every record that is not ``ok`` a diagnostic at a line and column of the file;
* keep every record's text, exactly as in the decoded file;
* finish in bounded time (the slowest input is reported; over 10 s fails);
* stay in bounded memory (the peak is reported; over 2 GB fails).

    python3 bench/fuzz_bench.py              # 10,000 inputs per grammar
    python3 bench/fuzz_bench.py --count 200  # a quick look

The test suite runs a sample of the same inputs (tests/test_fuzz_scale.py).
There is no reference tool: the figures are counts, the slowest input and the memory peak.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

os.environ["NOTATION_STRICT"] = "1"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from notation.pipeline import process, read_games, split_source  # noqa: E402
from notation.records import NotText, decode  # noqa: E402

#: What is inserted: the notations' own characters, and what hostile files hold.
NOISE = list("()[]{}\"';:.,-x*+#!?=/ \n\t0123456789abcdefghKQRBNPkqrbnp") + [
    "\x00", "\x07", "\x1b", "\u2028", "\ufeff", "\U0001F0A1", "½", "–", "(", ")", "((", "))", "[Game \"", "\\"]

SLOW_SECONDS = 10.0
MEMORY_LIMIT_KB = 2_000_000


#: Records for the notations the corpus holds none of (its sources are books, not PGN or PDN files).
EXTRA_SEEDS = {
    "chess/san": [("seed.pgn", '[Event "Seed"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
                               "1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6 3. d4 exd4) 3. Bb5 a6 $1 "
                               "4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0\n")],
    "checkers/pdn": [("seed.pdn", '[Event "Seed"]\n[GameType "21"]\n[Result "1-0"]\n\n'
                                  "1. 11-15 23-19 2. 8-11 22-17 {a comment} (2. 9-14 22-17) 3. 4-8 17-13 "
                                  "4. 15-18 24-20 1-0\n")],
}


@functools.cache
def seeds(folders: tuple[Path, ...] = (ROOT / "corpus",)) -> dict[str, list[tuple[str, str]]]:
    """(file name, record text) of the readable records under ``folders`` (the whole corpus), by
    family/notation (read once a process)."""
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for game in read_games(folders):
        if game.status != "unparsed" and game.notation:
            found[f"{game.family}/{game.notation}"].append((Path(game.record.path).name, game.record.text))
    for notation, records in EXTRA_SEEDS.items():
        found.setdefault(notation, records)
    return dict(found)


def mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, max(2, len(chars) // 20))):
        at = rng.randrange(len(chars) + 1)
        kind = rng.random()
        if kind < 0.35 and at < len(chars):
            del chars[at]
        elif kind < 0.75:
            chars.insert(at, rng.choice(NOISE))
        elif at < len(chars):
            chars[at] = rng.choice(NOISE)
    if rng.random() < 0.1:  # a cut: the file ends in the middle of a record
        chars = chars[: rng.randrange(len(chars) + 1)]
    return "".join(chars)


def hostile(name: str, text: str) -> Iterator[tuple[str, str, bytes]]:
    """(label, file name, bytes) of the hostile forms of one record."""
    body_at = text.find("\n\n")
    head, body = (text[:body_at + 2], text[body_at + 2:]) if body_at >= 0 else ("", text)
    yield "nested 1,000 deep", name, (head + "1. e4 " + "(1. d4 " * 1000 + ")" * 1000 + " " + body).encode()
    yield "5 MB line", name, (head + "P-K4 " * 1_000_000 + "\n" + body).encode()
    yield "NUL bytes", name, text.replace(" ", "\x00 ", 5).encode()
    yield "UTF-16 with BOM", name, b"\xff\xfe" + text.encode("utf-16-le")
    yield "invalid UTF-8", name, text.encode() + b"\xff\xfe\xc3(" + body.encode()
    yield "100,000-char tag", name, (f'[Title "{"T" * 100_000}"]\n' + text).encode()


def check(label: str, name: str, data: bytes) -> list[str]:
    """What is wrong with how one input was read (nothing: an empty list)."""
    try:
        source = decode(data, name)
    except NotText as exc:
        # A file that is not text is refused whole, with one line naming it: a clean answer too.
        return [] if name in str(exc) else [f"{label}: refused without naming the file: {exc}"]
    problems = []
    for record in split_source(source):
        try:
            game = process(record)
        except Exception as exc:  # NOTATION_STRICT=1: an internal error raises
            return [f"{label}: {type(exc).__name__}: {exc}"]
        if source.text[record.start:record.start + len(record.text)] != record.text:
            problems.append(f"{label}: record {record.index} does not keep its text")
        if game.status != "ok":
            lines = source.original.count("\n") + 1
            if not game.diagnostics:
                problems.append(f"{label}: record {record.index} is {game.status} with no diagnostic")
            for d in game.diagnostics:
                if d.line is not None and not (1 <= d.line <= lines and (d.column or 1) >= 1):
                    problems.append(f"{label}: diagnostic at {d.line}:{d.column} outside the file")
    return problems


def inputs(count: int, pool: list[tuple[str, str]], rng: random.Random) -> Iterator[tuple[str, str, bytes]]:
    """``count`` inputs from one notation's records: the hostile forms of the first, then mutations."""
    yield from hostile(*pool[0])
    for i in range(count - 6):
        name, text = rng.choice(pool)
        yield f"mutation {i}", name, mutate(text, rng).encode("utf-8", "surrogatepass")


def run(count: int, seed: int = 16, report=print, folders: tuple[Path, ...] = (ROOT / "corpus",)) -> dict[str, dict]:
    results = {}
    for notation, pool in sorted(seeds(folders).items()):
        rng = random.Random(f"{seed}:{notation}")
        started = time.perf_counter()
        slowest = (0.0, "")
        problems: list[str] = []
        n = 0
        for label, name, data in inputs(count, pool, rng):
            t = time.perf_counter()
            problems += check(label, name, data)
            took = time.perf_counter() - t
            slowest = max(slowest, (took, label))
            n += 1
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        results[notation] = {"inputs": n, "problems": problems, "slowest": slowest, "peak_kb": peak,
                             "seconds": time.perf_counter() - started}
        report(f"  {notation:34} {n:6,} inputs  {len(problems):3} problems  "
               f"slowest {slowest[0]:5.2f} s ({slowest[1]})  peak {peak / 1024:5.0f} MB  "
               f"{time.perf_counter() - started:6.1f} s")
        for p in problems[:5]:
            report(f"      {p}")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="inputs per grammar")
    parser.add_argument("--seed", type=int, default=16)
    args = parser.parse_args(argv)
    print(f"Fuzzing: {args.count:,} inputs per grammar (seed {args.seed})")
    results = run(args.count, args.seed)
    bad = [n for n, r in results.items() if r["problems"] or r["slowest"][0] > SLOW_SECONDS
           or r["peak_kb"] > MEMORY_LIMIT_KB]
    total = sum(r["inputs"] for r in results.values())
    print(f"{total:,} inputs, {len(results)} grammars: " + ("all read cleanly" if not bad else f"FAILED: {bad}"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
