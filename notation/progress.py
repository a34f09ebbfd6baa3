"""Progress of long work, on stderr: a tqdm bar on a terminal, a plain line now and then elsewhere.

stdout stays the command's output (``validate --json`` writes pure JSON lines
there). The work is measured in bytes of the files' records, so the bar can
say how much is left; the records and moves read and their rate go beside it.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable
from typing import TextIO

from tqdm import tqdm

from notation.model import Record

#: Seconds between two plain progress lines when stderr is not a terminal (a log, a pipe, CI).
LINE_SECONDS = 30.0


class ReadProgress:
    """How far a command has read its files: :meth:`read` for each record read, :meth:`passed` for one
    passed over unread (already stored); :meth:`close` shows where it ended."""

    def __init__(self, label: str, files: Iterable[str], quiet: bool = False, stream: TextIO | None = None) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.total = sum(os.path.getsize(path) for path in files if os.path.exists(path))
        #: Bytes of the records read or passed over so far.
        self.done = 0
        self.counts = {"records": 0, "moves": 0}
        self.started = time.monotonic()
        self.last_line = self.started
        on_terminal = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.bar = None if quiet or not on_terminal else tqdm(
            total=self.total, desc=label, unit="B", unit_scale=True, unit_divisor=1024,
            file=self.stream, dynamic_ncols=True)
        self.lines = not quiet and not on_terminal

    def read(self, record: Record, moves: int = 0) -> None:
        """``record`` read, with ``moves`` moves."""
        self.counts["records"] += 1
        self.counts["moves"] += moves
        self._advance(len(record.text))

    def passed(self, record: Record) -> None:
        """``record`` passed over unread: its bytes are done, it is not counted as read."""
        self._advance(len(record.text))

    def _advance(self, size: int) -> None:
        step = min(size, self.total - self.done)
        self.done += step
        if self.bar is not None:
            first = self.counts["records"] == 1 and self.bar.postfix is None
            self.bar.set_postfix_str(self._counts(), refresh=False)
            self.bar.update(step)
            if first:  # the records and moves show from the first record on, not after the first interval
                self.bar.refresh()
        elif self.lines and time.monotonic() - self.last_line >= LINE_SECONDS:
            self._line()

    def _counts(self) -> str:
        """``980 records, 45,120 moves, 4.1 records/s``."""
        seconds = max(time.monotonic() - self.started, 1e-9)
        records, moves = self.counts["records"], self.counts["moves"]
        return f"{records:,} records, {moves:,} moves, {records / seconds:,.1f} records/s"

    def _left(self) -> str:
        if not self.done:
            return "time left unknown"
        seconds = int((time.monotonic() - self.started) * (self.total - self.done) / self.done)
        return f"{seconds // 60}:{seconds % 60:02d} left"

    def _line(self) -> None:
        self.last_line = time.monotonic()
        percent = 100 * self.done // self.total if self.total else 100
        print(f"{self.label}: {percent}%, {self._counts()}, {self._left()}", file=self.stream, flush=True)

    def close(self) -> None:
        """Everything is read: the bar is left full on the terminal, else a last line."""
        if self.bar is not None:
            self.bar.set_postfix_str(self._counts(), refresh=False)
            self.bar.update(self.total - self.done)
            self.bar.close()
            self.bar = None
        self.done = self.total
        if self.lines:
            self._line()
            self.lines = False
