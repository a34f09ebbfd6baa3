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
    from notation.solve.checkers import Database, Proof

SIDES = ("Black", "White")

#: Most pieces a database holds (:data:`notation.solve.checkers.MAX_PIECES`).
MAX_PIECES = 5
#: Above this many pieces a claim's proof gets a fiftieth of the budget: a proof there is rare (the corpus's one is at six
#: pieces), and a collection of games ended by resignation (723 in Raven's PDN) would pay it at every game.
SEARCH_PIECES = 6

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


def settle_result(board: Board, claimed: str) -> tuple[str, Verdict, str]:
    """What the database or a proof search says of a result claimed at an unfinished position.

    Returns the result in book words ("B wins", "W wins", "Drawn"; ``not B wins``
    where the claimed win is refuted and the search could not tell a draw from a
    loss), or ``open``; the verdict that says how; and, where the claim is wrong,
    the moves that show it (the defence against a claimed win, the win against a
    claimed draw). The database answers what it holds (built on first use when
    small enough); above it, a proof-number search within
    :data:`notation.solve.checkers.NODES` positions a question (a fiftieth of it above :data:`SEARCH_PIECES`).
    """
    from notation.solve import checkers as ck

    words = book_words(claimed)
    # the whole budget only where a proof is within reach: few pieces, and the database's leaves to end in
    nodes = ck.NODES if _count(board) <= SEARCH_PIECES and ck.database().leaves() else max(1, ck.NODES // 50)
    verdict = ck.probe(board)
    if verdict.value is not None:
        actual = _result_of(board, verdict.value)
        if actual == words or words not in (*_WINS.values(), "Drawn"):
            return actual, verdict, ""
        # the database contradicts the book: the defence (or the win) it holds, named move by move
        side = next((s for s, w in _WINS.items() if w in (words, actual)), BLACK)
        return actual, verdict, ck.prove(board, side).line
    if _count(board) <= ck.database().pieces:
        return "open", verdict, ""  # the database's own material, not built: searching without it is hopeless
    if words not in (*_WINS.values(), "Drawn"):
        found = ck.search(board, nodes)
        return ("open" if found.value is None else _result_of(board, found.value)), found, ""
    proofs = []
    for side in [s for s, w in _WINS.items() if words in (w, "Drawn")]:
        proofs.append(ck.prove(board, side, nodes=nodes))
        if proofs[-1].proved:
            break
    won = proofs[-1] if proofs[-1].proved else None
    if words == "Drawn":
        if won is not None:
            return _WINS[won.winner], _searched(board, proofs, won.winner), won.line
        if all(p.proved is False for p in proofs):
            return "Drawn", _searched(board, proofs, None), ""
        return "open", _open(board, proofs), ""
    (proof,) = proofs
    if proof.proved:
        return words, _searched(board, proofs, proof.winner), ""
    if proof.proved is None:
        return "open", _open(board, proofs), ""
    other = ck.prove(board, 1 - proof.winner, nodes=nodes)  # refuted: a draw, or a win for the other side?
    if other.proved is None:
        verdict = _searched(board, [proof], -1)
        verdict.reason += f"; {other.how} for {SIDES[other.winner]}"
        return f"not {words}", verdict, proof.line
    return (_WINS[other.winner] if other.proved else "Drawn"), \
        _searched(board, [proof, other], other.winner if other.proved else None), proof.line


def _result_of(board: Board, value: str) -> str:
    if value == "draw":
        return "Drawn"
    return _WINS[board.turn if value == "win" else 1 - board.turn]


def _searched(board: Board, proofs: list[Proof], winner: int | None) -> Verdict:
    """The search's verdict for the side to move: ``winner`` wins (None: a draw; -1: not known), and what
    each proof showed."""
    shown = "; ".join(f"{'a' if p.proved else 'no'} win for {SIDES[p.winner]}" for p in proofs)
    value = None if winner == -1 else "draw" if winner is None else "win" if winner == board.turn else "loss"
    spent = sum(p.nodes for p in proofs)
    return Verdict(value, None, "search", f"{shown}, by proof-number search ({spent:,} positions, database leaves)")


def _open(board: Board, proofs: list[Proof]) -> Verdict:
    held = [f"no win for {SIDES[p.winner]} proved" for p in proofs if p.proved is False]
    budget = max(p.budget for p in proofs)
    return Verdict(None, None, "open", f"{_count(board)} pieces, beyond the database: no proof within "
                   f"{budget:,} positions a side (proof-number search, database leaves)"
                   + (f"; {held[0]}" if held else ""))


def settle_claim(claimed: str, board: Board, ply: int | None, line: int | None, column: int | None,
                 game: Game, result_text: Callable[[str], str] = str, undecided: str = "undecided") -> Claim:
    """The claim of a result at an unfinished position, settled by the database or a search, or left open.

    ``result_text`` turns book words ("B wins") into the notation's own (PDN's ``1-0``). A claim the
    database or the search contradicts is a ``wrong-claim`` warning naming the defence (or the win).
    """
    actual, verdict, shown = settle_result(board, claimed)
    if actual == "open":
        return Claim(ply, "result", claimed, undecided, line, column, decided=False, reason=verdict.reason)
    said, actual = result_text(book_words(claimed)), result_text(actual)
    to_move = f"{SIDES[board.turn]} to move"
    value = verdict.describe() if verdict.how == "table" else actual
    claim = Claim(ply, "result", said, actual, line, column, how=verdict.how,
                  reason=f"{value} for {to_move} ({verdict.reason})" if verdict.how == "table"
                  else f"{to_move}: {verdict.reason}")
    if said != actual:
        source = "the database" if verdict.how == "table" else "the proof search"
        game.diagnostics.append(Diagnostic(
            "warning", "wrong-claim", f"{claimed!r}: {source} says {actual} ({claim.reason})"
            + (f": {shown}" if shown else ""), line, column, ply))
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


def _count(board: Board) -> int:
    return (board.black | board.white).bit_count()
