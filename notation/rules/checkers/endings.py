"""Checkers endings: a result printed at an unfinished position, and the value after each move of an ending.

The values come from :mod:`notation.solve.checkers`, imported only when a position is small
enough to look up (it loads the database and numba).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from notation.boards.checkers import BLACK, Board
from notation.model import Claim, Diagnostic, Game
from notation.rules.kit import note_value
from notation.solve import Verdict

if TYPE_CHECKING:
    from notation.solve.checkers import Database

#: Most pieces a database holds (:data:`notation.solve.checkers.MAX_PIECES`).
MAX_PIECES = 5
#: A result claimed with more pieces than this on the board gets only :data:`LARGE_NODES` of search
#: (a proof there is rare: a forced win found soon, a "Drawn" hardly ever), else it stays open.
SEARCH_PIECES = 8
LARGE_NODES = 3_000

#: Book words for a result, from the side that wins.
_WINS = {BLACK: "B wins", 1: "W wins"}


def book_words(claimed: str) -> str:
    """"Black wins." / "B wins" / "drawn" / "1-0" -> "B wins", "W wins", "Drawn" (else as printed)."""
    text = claimed.strip().rstrip(".").strip()
    low = text.lower()
    if low in ("1-0", "2-0"):
        return "B wins"
    if low in ("0-1", "0-2"):
        return "W wins"
    if low in ("1/2-1/2", "1-1") or low.startswith("draw"):
        return "Drawn"
    if low.endswith("wins") and low[:1] in ("b", "w"):
        return _WINS[BLACK if low[0] == "b" else 1]
    return text


def settle_result(board: Board, nodes: int = 20_000) -> tuple[str, Verdict]:
    """What the database or a proof search says of a result claimed at an unfinished position.

    Returns the result in book words ("B wins", "W wins", "Drawn"), or
    ``open`` with the open verdict saying why.
    """
    from notation.solve.checkers import solve

    if _pieces(board) > SEARCH_PIECES:
        nodes = min(nodes, LARGE_NODES)
    verdict = solve(board, nodes=nodes)
    if verdict.value is None:
        return "open", verdict
    if verdict.value == "draw":
        return "Drawn", verdict
    winner = board.turn if verdict.value == "win" else 1 - board.turn
    return _WINS[winner], verdict


def settle_claim(claimed: str, board: Board, ply: int | None, line: int | None, column: int | None,
                 game: Game, result_text: Callable[[str], str] = str, undecided: str = "undecided") -> Claim:
    """The claim of a result at an unfinished position, settled by the database or a search, or left open.

    ``result_text`` turns book words ("B wins") into the notation's own (PDN's ``1-0``).
    """
    actual, verdict = settle_result(board)
    if verdict.value is None:
        return Claim(ply, "result", claimed, undecided, line, column, decided=False, reason=verdict.reason)
    said, actual = result_text(book_words(claimed)), result_text(actual)
    claim = Claim(ply, "result", said, actual, line, column, how=verdict.how,
                  reason=f"{verdict.describe()} for {('Black', 'White')[board.turn]} to move ({verdict.reason})")
    if said != actual:
        game.diagnostics.append(Diagnostic(
            "warning", "wrong-claim", f"{claimed!r}: the {'database' if verdict.how == 'table' else verdict.how} "
            f"says {actual} ({claim.reason})", line, column, ply))
    return claim


def _fen_pieces(key: str | None) -> int:
    """Pieces in a PDN FEN, counted from its text (no board built)."""
    if not key:
        return 99
    return sum(len([s for s in part[1:].split(",") if s.strip()]) for part in key.split(":")[1:])


def values_along(game: Game) -> None:
    """The database value after each move of a few-piece ending, in the move's detail; warnings where a win is let go.

    Only the database is read (no search): a position it does not hold gets no value.
    """
    lines = [(None, game.moves)] + [(v.id, v.moves) for v in game.variations]
    for variation, moves in lines:
        if not any(_fen_pieces(m.position) <= MAX_PIECES for m in moves):
            continue
        from notation.solve.checkers import database

        db = database()
        before = None
        if variation is None and game.start and _fen_pieces(game.start) <= db.pieces:
            before = _db_verdict(Board.from_fen(game.start), db)
        for move in moves:
            if move.position is None or _fen_pieces(move.position) > db.pieces:
                before = None
                continue
            after = _db_verdict(Board.from_fen(move.position), db)
            if after is None or (after.how == "rules" and before is None):
                before = None  # no database value (a lost position is noted only in a line the database follows)
                continue
            note_value(game, move, variation, before, after, "black" if move.position.startswith("B") else "white",
                       f"wins in {before.plies} plies" if before is not None else "")
            before = after


def _db_verdict(board: Board, db: Database) -> Verdict | None:
    """The database's value of a position, or ``None`` where it holds none."""
    from notation.solve.checkers import probe

    verdict = probe(board, db)
    return verdict if verdict.settled else None


def _pieces(board: Board) -> int:
    return bin(board.black | board.white).count("1")
