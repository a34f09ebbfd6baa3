"""Progress of long work, on stderr: a bar on a terminal, a plain line now and then elsewhere.

The bar is tqdm's (records and moves read, their rate, time left); where
stderr is not a terminal (a log, a pipe, CI) a line is written every
:data:`LINE_SECONDS`. Standard output is never touched, so ``validate
--json`` stays JSON. The command prints its own one-line summary at the end.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, TextIO

from notation.model import Record

if TYPE_CHECKING:  # tqdm is loaded for a bar on a terminal: a quiet or logged run does without (0.04 s)
    from tqdm import tqdm

#: Seconds between two plain progress lines where stderr is not a terminal (``inf``: none; the README's
#: examples are compared with their output whatever the machine's speed).
LINE_SECONDS = float(os.environ.get("NOTATION_PROGRESS_SECONDS", "10"))


class Progress:
    """Work done out of a known ``total`` (bytes read, table bytes built), with counts beside it.

    ``counts`` names what is counted (records, moves); the first is the one
    whose rate is shown. ``quiet`` shows nothing.
    """

    def __init__(self, label: str, total: float, counts: Sequence[str] = ("records", "moves"),
                 quiet: bool = False, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = max(total, 1)
        self.done = 0.0
        self.counts = dict.fromkeys(counts, 0)
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.monotonic()
        self._next_line = self.started + LINE_SECONDS
        self._quiet = quiet
        self._bar: tqdm | None = None
        if not quiet and self.stream.isatty():
            from tqdm import tqdm

            self._bar = tqdm(total=self.total, desc=label, file=self.stream, leave=False, dynamic_ncols=True,
                             bar_format="{desc}: {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}{postfix}]")

    @property
    def seconds(self) -> float:
        return time.monotonic() - self.started

    def advance(self, amount: float = 0, **counts: int) -> None:
        """``amount`` more of the total done, and the counts added (``records=1, moves=40``)."""
        amount = min(amount, self.total - self.done)
        self.done += amount
        for name, n in counts.items():
            self.counts[name] += n
        if self._bar is not None:
            first = self._bar.n == 0
            self._bar.postfix = self.describe()
            self._bar.update(amount)
            if first:  # the counts show from the first step, not only once tqdm's interval has passed
                self._bar.refresh()
        elif not self._quiet and time.monotonic() >= self._next_line:
            self._next_line = time.monotonic() + LINE_SECONDS
            print(self.line(), file=self.stream, flush=True)

    def describe(self) -> str:
        """The counts and the rate of the first: ``480 records, 23,100 moves, 16.0 records/s``."""
        # ("1 record, 28 moves": a count of one names one.)
        text = ", ".join(f"{n:,} {name[:-1] if n == 1 and name.endswith('s') else name}"
                         for name, n in self.counts.items())
        first, n = next(iter(self.counts.items()), ("", 0))
        seconds = self.seconds
        return f"{text}, {n / seconds:.1f} {first}/s" if first and seconds > 0 else text

    def line(self) -> str:
        """The plain progress line: ``Importing: 45%, 480 records, 23,100 moves, 16.0 records/s, 0:37 left``."""
        share = self.done / self.total
        left = self.seconds * (1 - share) / share if share > 0 else None
        return (f"{self.label}: {100 * share:.0f}%, {self.describe()}, "
                + (f"{_clock(left)} left" if left is not None else "time left unknown"))

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The bar cleared while the command writes a line of its own (a table built) to the terminal."""
        if self._bar is not None:
            self._bar.clear()
        try:
            yield
        finally:
            if self._bar is not None:
                self._bar.refresh()

    def close(self) -> None:
        """The whole total done; the bar cleared (the command's summary line follows)."""
        self.advance(self.total - self.done)
        if self._bar is not None:
            self._bar.close()


class ReadProgress(Progress):
    """The progress of reading files: bytes of the files read (for the time left), records and moves.

    A record advances it by its length; when the records of the next file
    begin, or at the end, a file counts as read whole (blank lines and
    multi-byte characters make up the difference).
    """

    def __init__(self, label: str, files: Iterable[str], quiet: bool = False, stream: TextIO | None = None) -> None:
        self.sizes = {path: _size(path) for path in files}
        super().__init__(label, sum(self.sizes.values()), quiet=quiet, stream=stream)
        self._path: str | None = None
        self._in_file = 0
        self._before = 0.0  # bytes of the files read whole

    def read(self, record: Record, moves: int) -> None:
        """One record read (replayed), with its main line's moves."""
        self._at(record)
        self.advance(self._step(record), records=1, moves=moves)

    def passed(self, record: Record) -> None:
        """One record passed over (already stored): its bytes are read, nothing counted."""
        self._at(record)
        self.advance(self._step(record))

    def _at(self, record: Record) -> None:
        if record.path != self._path:
            if self._path is not None:
                self._file_done()
            self._path = record.path

    def _step(self, record: Record) -> int:
        size = self.sizes.get(record.path, 0)
        step = max(0, min(len(record.text), size - self._in_file))
        self._in_file += step
        return step

    def _file_done(self) -> None:
        self._before += self.sizes.get(self._path or "", 0)
        self._in_file = 0
        self.advance(self._before - self.done)

    def close(self) -> None:
        if self._path is not None:
            self._file_done()
        super().close()


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
