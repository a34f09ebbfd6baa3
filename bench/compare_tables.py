"""Compare two directories of chess tables value by value (a faster build must keep every byte).

    python3 bench/compare_tables.py DIR_A DIR_B [MATERIAL ...]

Reads each material's table (default: every ``.npz`` both directories hold)
from both and reports, per material, the positions compared and how many
differ; a partial table of DIR_B (``KPvKP.dc-ef.npz``: only the slices of
some pawn files) is compared with the whole table of DIR_A on its slices, a
table the package carries (``KQvKR.xz``, DIR_B ``notation/solve/tables``) whole.
Exits 1 when any value differs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from notation.solve import chess_tables as ct  # noqa: E402


def compare(first: Path, second: Path, materials: list[str] | None = None) -> list[tuple[str, int, int]]:
    """(table file, values compared, values that differ) for each table of ``second`` that ``first``
    holds whole: a whole table value by value, a partial one on its slices."""
    out = []
    for path in sorted([*second.glob("*.npz"), *second.glob("*.xz")]):
        name = path.name.split(".")[0]
        if materials and name not in materials or not (first / f"{name}.npz").exists():
            continue
        m = ct.Material.parse(name)
        a = np.load(first / f"{name}.npz")["values"].reshape(2, -1)
        b = (ct.read_shipped(path) if path.suffix == ".xz" else np.load(path)["values"]).reshape(2, -1)
        if path.name.count(".") == 1:
            member = np.ones(a.shape[1], bool)
        else:
            wanted = np.zeros(64, np.bool_)
            wanted[list(ct.Tables(second, [m])._partials(m)[path])] = True
            member = ct._members(m.men, np.array(m.types + [0] * (4 - m.men), np.int64), m.pawns, m.size, wanted)
        bad = int((a[:, member] != b[:, member]).sum()) if a.shape == b.shape else a.size
        out.append((path.name, 2 * int(member.sum()), bad))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    parser.add_argument("materials", nargs="*")
    args = parser.parse_args()
    rows = compare(args.first, args.second, [ct.Material.parse(m).name for m in args.materials])
    for name, compared, bad in rows:
        print(f"{name:18} {compared:>11,} values, {bad:,} differ")
    differ = sum(bad for _, _, bad in rows)
    print(f"{len(rows)} tables, {'all equal' if differ == 0 else f'{differ:,} values differ'}")
    sys.exit(1 if differ or not rows else 0)


if __name__ == "__main__":
    main()
