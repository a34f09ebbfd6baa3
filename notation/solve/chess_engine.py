"""Stockfish through python-chess's ``chess.engine``: an evaluation where the tables and the search stop.

An engine's word is not a proof: a verdict from here has ``how = "engine"``, the evaluation
and the depth it was reached at. Mate in N is not taken from the engine: it proposes the
moves and :func:`notation.solve.chess_search.mate_within` proves them.

One engine process serves the whole import (a worker process opens its own), with one
thread and a small hash so that several imports can share a machine; it is closed at exit.
Without Stockfish every engine question answers ``None`` and :func:`missing` says why,
naming the command that installs it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

import chess

from notation.model import Verdict

if TYPE_CHECKING:  # python-chess's engine module (asyncio, ssl: 0.05 s of CPU) is loaded by engine(), if asked
    import chess.engine

#: Plies the engine searches (``$NOTATION_ENGINE_DEPTH``; the tests lower it where the verdict is clear).
DEPTH = int(os.environ.get("NOTATION_ENGINE_DEPTH", "18"))
#: The longest the engine thinks about one position, in seconds (``$NOTATION_ENGINE_SECONDS``): a bound on
#: an import's time where the depth would take long (a loaded machine); the depth reached is stored.
SECONDS = float(os.environ.get("NOTATION_ENGINE_SECONDS", "5"))
THREADS = 1
HASH_MB = 16
#: Where Debian's ``stockfish`` package puts the binary (``$NOTATION_STOCKFISH`` to use another).
DEFAULT_PATH = "/usr/games/stockfish"
INSTALL = "apt-get install stockfish"

#: Centipawns at and beyond which the engine calls a position won (a book's "wins"), and within which even.
WON_CP = 300
EVEN_CP = 50


def path() -> str:
    """The engine binary to run: ``$NOTATION_STOCKFISH``, else ``stockfish`` on the PATH, else Debian's."""
    return os.environ.get("NOTATION_STOCKFISH") or shutil.which("stockfish") or DEFAULT_PATH


_engine: chess.engine.SimpleEngine | None = None
_pid: int | None = None
_failed: str | None = None


def engine() -> chess.engine.SimpleEngine | None:
    """The engine process of this process (opened on first use), or ``None`` when none can be run."""
    global _engine, _pid, _failed
    if _pid != os.getpid():  # a forked worker: the parent's process and its thread are not ours
        _engine, _pid, _failed = None, os.getpid(), None
    if _engine is None and _failed is None:
        import chess.engine  # every use of chess.engine below comes after this

        binary = path()
        if not os.access(binary, os.X_OK):
            _failed = f"no chess engine at {binary} (install Stockfish: `{INSTALL}`)"
            return None
        try:
            _engine = _open(binary)
            _engine.configure({"Threads": THREADS, "Hash": HASH_MB})
        except (OSError, chess.engine.EngineError) as exc:
            _engine, _failed = None, f"the chess engine at {binary} did not start: {exc} (`{INSTALL}`)"
    return _engine


def _open(binary: str) -> chess.engine.SimpleEngine:
    """Start the engine from a daemon thread, so that the thread python-chess runs it on is a daemon too
    (a thread inherits the flag): Python then runs the ``atexit`` hook that closes the engine at exit,
    where it would first wait for a thread of its own that ends only when the engine is closed."""
    opened: list[chess.engine.SimpleEngine] = []
    failed: list[BaseException] = []

    def start() -> None:
        try:
            opened.append(chess.engine.SimpleEngine.popen_uci(binary))
        except BaseException as exc:  # raised again in the caller's thread
            failed.append(exc)

    starter = threading.Thread(target=start, name="notation-engine-start", daemon=True)
    starter.start()
    starter.join()
    if failed:
        raise failed[0]
    return opened[0]


def missing() -> str | None:
    """Why no engine runs (``None`` when one does)."""
    return None if engine() is not None else _failed


def close() -> None:
    """End the engine process (at exit; a test that changes the engine path closes it first)."""
    global _engine, _failed
    if _engine is not None and _pid == os.getpid():
        try:
            _engine.quit()
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError, OSError):
            pass
    _engine, _failed = None, None


atexit.register(close)


@dataclass
class Evaluation:
    """The engine's score for the side to move: centipawns, or moves to mate (negative: mated)."""

    cp: int | None
    mate: int | None
    depth: int
    best: chess.Move | None
    pv: list[chess.Move]

    @property
    def pawns(self) -> float:
        """The score in pawns, a mate counted as 100 pawns."""
        if self.mate is not None:
            return 100.0 if self.mate > 0 else -100.0
        return (self.cp or 0) / 100

    def text(self, sign: int = 1) -> str:
        """``+1.25``, ``mate in 3``, ``mated in 2``; ``sign`` -1 reads it for the other side."""
        if self.mate is not None:
            m = self.mate * sign
            return f"mate in {m}" if m > 0 else f"mated in {-m}"
        return f"{(self.cp or 0) * sign / 100:+.2f}"

    def value(self) -> str:
        """``win``, ``loss`` or ``draw`` as the engine sees it; ``advantage`` / ``disadvantage`` between."""
        p = self.pawns
        if p >= WON_CP / 100:
            return "win"
        if p <= -WON_CP / 100:
            return "loss"
        if abs(p) < EVEN_CP / 100:
            return "draw"
        return "advantage" if p > 0 else "disadvantage"


def evaluate(board: chess.Board, depth: int | None = None) -> Evaluation | None:
    """The engine's evaluation of ``board`` for the side to move at ``depth`` plies (``None``: no engine)."""
    sf = engine()
    if sf is None or board.is_game_over():
        return None
    depth = depth or DEPTH
    info = sf.analyse(board, chess.engine.Limit(depth=depth, time=SECONDS))
    score = info["score"].relative
    pv = list(info.get("pv", []))
    return Evaluation(score.score(), score.mate(), int(info.get("depth", depth)), pv[0] if pv else None, pv)


def propose(board: chess.Board, mate: int) -> chess.Move | None:
    """The engine's move towards a mate in ``mate`` moves (a short search: the proof is ours)."""
    sf = engine()
    if sf is None or board.is_game_over():
        return None
    info = sf.analyse(board, chess.engine.Limit(depth=min(DEPTH, 2 * mate + 6), mate=mate))
    pv = info.get("pv")
    return pv[0] if pv else None


def verdict(board: chess.Board, depth: int | None = None) -> Verdict:
    """The engine's verdict on ``board`` for the side to move; open (saying why) without an engine.

    ``value`` is ``win`` / ``loss`` at three pawns or a mate, ``draw`` within
    half a pawn, and ``None`` between (an advantage is not a result); the
    evaluation and the depth are kept in the verdict either way.
    """
    ev = evaluate(board, depth)
    if ev is None:
        return Verdict(None, None, "open", missing() or "the game is over")
    value = ev.value()
    settled = value if value in ("win", "loss", "draw") else None
    reason = f"Stockfish at depth {ev.depth}: {ev.text()}"
    # no plies: the engine's distance to mate is not proved (a proof is chess_search.mate_within's)
    return Verdict(settled, None, "engine" if settled else "open", reason, board.san(ev.best) if ev.best else None,
                   ev.text(), ev.depth, ev.pawns)
