"""Build the chess tables the package carries and write them to notation/solve/tables/ (xz).

    python3 bench/ship_tables.py [--from DIR] [--check]

Builds every table of :func:`notation.solve.chess_tables.shipped_materials`
(every table without pawns, of three and four men) in a fresh temporary
directory (``--from DIR``: the whole tables already built there are read
instead), then writes each table's bytes, xz-compressed, as
``notation/solve/tables/<material>.xz``. The build is deterministic: the
same command writes the same bytes (``tests/test_solve_chess.py`` rebuilds
some and compares them). ``--check`` writes nothing: it compares the
tables built with those shipped and exits 1 when one differs.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from notation.solve import chess_tables as ct  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--from", dest="source", type=Path, default=None,
                        help="Read the whole tables built in this directory (default: build them afresh).")
    parser.add_argument("--check", action="store_true", help="Compare with the shipped tables; write nothing.")
    args = parser.parse_args()
    wanted = ct.shipped_materials()
    with tempfile.TemporaryDirectory() as scratch:
        store = ct.Tables(args.source or scratch, wanted, shipped=False)
        start = time.process_time()
        built = store.build()
        print(f"{len(built)} tables built, {time.process_time() - start:.1f} s of CPU", flush=True)
        ct.SHIPPED_DIR.mkdir(exist_ok=True)
        total = 0
        differ = 0
        for m in wanted:
            values = store.table(m)
            digest = hashlib.sha256(values.tobytes()).hexdigest()
            path = ct.SHIPPED_DIR / f"{m.name}.xz"
            if args.check:
                same = path.exists() and (ct.read_shipped(path) == values.reshape(-1)).all()
                differ += not same
                print(f"{m.name:7} {digest[:16]} {'same' if same else 'DIFFERS'}")
                continue
            ct.write_shipped(values, path)
            total += path.stat().st_size
            print(f"{m.name:7} {path.stat().st_size:>10,} bytes  sha256 {digest}")
        if args.check:
            sys.exit(1 if differ else 0)
        print(f"{len(wanted)} tables, {total:,} bytes in {ct.SHIPPED_DIR}")


if __name__ == "__main__":
    main()
