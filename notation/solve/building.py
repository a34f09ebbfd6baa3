"""What the games' endgame tables share when they are built on first use.

A position whose table is missing has it built where it is needed (chess's tables, checkers'
database), once: this module holds the switch (:func:`on_demand`), the progress bar the command
line installs (:data:`PROGRESS`), the lock one table is built under (:func:`locked`) and the
write under a temporary name, then renamed (:func:`save`). Two processes asking for one table
build it once, and a reader never sees half a table. No numba here: the commands import it.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # NumPy is loaded when a table is saved: the commands that replay import this module
    import numpy as np


def on_demand() -> bool:
    """Whether a missing table is built when a position needs it (``$NOTATION_TABLES_ON_DEMAND=0``: never;
    the tests set that, and build the small tables they need themselves)."""
    return os.environ.get("NOTATION_TABLES_ON_DEMAND", "1") != "0"


#: Makes the progress bar of tables built on first use, ``PROGRESS(label, total bytes)`` with
#: ``advance(bytes, tables=1)`` and ``close()``; the command line sets it (None: built quietly).
PROGRESS: Callable[[str, float], Any] | None = None


def with_progress(label: str, total: int, build: Callable[[Callable[[int], None]], object]) -> None:
    """Run ``build(advance)``, which calls ``advance(bytes)`` after each table, under a progress bar."""
    bar = PROGRESS(label, total) if PROGRESS else None

    def advance(size: int) -> None:
        if bar is not None:
            bar.advance(size, tables=1)

    try:
        build(advance)
    finally:
        if bar is not None:
            bar.close()


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (made if missing) while the block runs; others wait."""
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def save(path: Path, values: np.ndarray) -> None:
    """Write a table's bytes to ``path`` (compressed ``.npz``) under a temporary name, then rename it."""
    import numpy as np

    partial = path.with_name(f".{path.stem}.{os.getpid()}.npz")
    with open(partial, "wb") as out:
        np.savez_compressed(out, values=values)
        out.flush()
        os.fsync(out.fileno())
    os.replace(partial, path)
