"""Compare two directories of chess tables value by value (a faster build must keep every byte).

    python3 bench/compare_tables.py DIR_A DIR_B [MATERIAL ...]

Reads each material's table (default: every ``.npz`` both directories hold)
from both and reports, per material, the positions compared and how many
differ; exits 1 when any does.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    parser.add_argument("materials", nargs="*")
    args = parser.parse_args()
    names = args.materials or sorted({p.stem for p in args.first.glob("*.npz")}
                                     & {p.stem for p in args.second.glob("*.npz")})
    differ = 0
    for name in names:
        a = np.load(args.first / f"{name}.npz")["values"]
        b = np.load(args.second / f"{name}.npz")["values"]
        bad = int((a != b).sum()) if a.shape == b.shape else a.size
        differ += bad
        print(f"{name:8} {a.size:>11,} values, {bad:,} differ")
    print(f"{len(names)} tables, {'all equal' if differ == 0 else f'{differ:,} values differ'}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
