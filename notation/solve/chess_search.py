"""Chess verdicts: the tables for four men or fewer, a bounded search beyond them, and the book's claims.

:func:`solve` gives the value of a position (a FEN or a position key) for the
side to move. :func:`settle` is the replay's one call: it checks what a record
claims about its ending ("White to move and win", "mate in three", a result
printed before the end), notes the value after each move of a four-man ending
in the move's detail, and warns where a printed move throws a win away.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import chess

from notation.model import Claim, Diagnostic, Game, Move
from notation.solve import Verdict

if TYPE_CHECKING:
    from notation.solve import chess_tables as ct

#: Men in the largest tables (:data:`notation.solve.chess_tables.MAX_MEN`); the tables module
#: (and numba) is imported only when a position this small is met.
MAX_MEN = 4

#: Plies the search looks ahead beyond the tables (iterative deepening, each level a full-width search).
SEARCH_PLIES = 3
WIN = 10_000


_store: ct.Tables | None = None


def tables() -> ct.Tables:
    """The tables in use: by default those in ``$NOTATION_TABLES`` or the user's data dir, loaded on demand."""
    global _store
    if _store is None:
        from notation.solve import chess_tables

        _store = chess_tables.Tables()
    return _store


def use_tables(store: ct.Tables | None) -> None:
    """Probe ``store`` from now on (``None``: the default directory again)."""
    global _store
    _store = store


def _board(position: str | chess.Board) -> chess.Board:
    if isinstance(position, chess.Board):
        return position.copy(stack=False)
    parts = position.split()
    return chess.Board(" ".join(parts + ["0", "1"][: max(0, 6 - len(parts))]))


def probe(board: chess.Board, store: ct.Tables | None = None) -> Verdict:
    """The verdict of the tables (or the rules, when the game is over) for a position of at most four men."""
    from notation.solve import chess_tables as ct

    store = store or tables()
    if board.is_checkmate():
        return Verdict("loss", 0, "rules", "checkmate")
    if board.is_stalemate() or board.is_insufficient_material():
        return Verdict("draw", None, "rules", "stalemate" if board.is_stalemate() else "insufficient material")
    men = chess.popcount(board.occupied)
    if men > MAX_MEN:
        return Verdict(None, None, "open", f"{men} men: the tables hold at most {MAX_MEN}")
    if board.castling_rights:
        return Verdict(None, None, "open", "castling rights: the tables hold none")
    material = store.material_of(board)
    if material is None or not store.available(material):
        name = material.name if material else "?"
        return Verdict(None, None, "open", f"no table {name} in {store.directory} "
                                           "(build it with `notation tables build`)")
    if board.ep_square is not None and board.has_legal_en_passant():
        return _one_ply(board, store, material.name)
    byte = store.byte(board)
    if byte is None or byte == ct.ILLEGAL:
        return Verdict(None, None, "open", f"the {material.name} table has no such position")
    return Verdict(ct.outcome(byte), ct.plies(byte), "table", f"{material.name} table")


def _one_ply(board: chess.Board, store: ct.Tables, name: str) -> Verdict:
    """A position with a capture en passant open: the best of its moves, each read from the tables."""
    best: tuple[int, str] | None = None
    for move in board.legal_moves:
        board.push(move)
        child = probe(board, store)
        board.pop()
        if child.value is None:
            return Verdict(None, None, "open", child.reason)
        score = _parent(_score(child))
        if best is None or score > best[0]:
            best = (score, board.san(move))
    assert best is not None
    verdict = _verdict(best[0], "table", f"{name} table, one ply (en passant)")
    verdict.best = best[1]
    return verdict


def _score(v: Verdict) -> int:
    if v.value == "win":
        return WIN - (v.plies or 0)
    if v.value == "loss":
        return -WIN + (v.plies or 0)
    return 0


def _parent(child: int) -> int:
    """The score of a move for the side making it, from the score of the position it leads to (one ply more)."""
    if child > WIN // 2:
        return -child + 1
    if child < -WIN // 2:
        return -child - 1
    return -child


def _verdict(score: int, how: str, reason: str) -> Verdict:
    if score > WIN // 2:
        return Verdict("win", WIN - score, how, reason)
    if score < -WIN // 2:
        return Verdict("loss", WIN + score, how, reason)
    return Verdict("draw", None, how, reason)


def search(board: chess.Board, plies: int = SEARCH_PLIES, store: ct.Tables | None = None) -> Verdict:
    """A full-width search of up to ``plies`` half-moves; leaves of four men or fewer read from the tables.

    The answer is settled only when every line it depends on ends in a known
    value (mate, stalemate, a table); otherwise it is open, saying how far it
    looked. A win found is a win; its plies are the shortest found, an upper
    bound on the distance to mate once a table leaf is involved.
    """
    store = store or tables()
    reason = ""
    for depth in range(1, plies + 1):
        score = _negamax(board, depth, store)
        if score is not None:
            how = "search"
            return _verdict(score, how, f"search of {depth} plies")
    men = chess.popcount(board.occupied)
    reason = f"{men} men, beyond the tables; no forced result within {plies} plies"
    return Verdict(None, None, "open", reason)


def _negamax(board: chess.Board, depth: int, store: ct.Tables) -> int | None:
    """Exact score of the side to move, or None when some line needed runs past the horizon unsettled."""
    if board.is_checkmate():
        return -WIN
    if board.is_stalemate() or board.is_insufficient_material():
        return 0
    if chess.popcount(board.occupied) <= MAX_MEN and not board.castling_rights:
        v = probe(board, store)
        if v.value is not None:
            return _score(v)
    if depth == 0:
        return None
    best = -WIN - 1
    unknown = False
    for move in board.legal_moves:
        board.push(move)
        child = _negamax(board, depth - 1, store)
        board.pop()
        if child is None:
            unknown = True
            continue
        score = _parent(child)
        if score > best:
            best = score
        if best > WIN // 2:
            break  # a win at this depth: iterative deepening found no faster one
    if best <= WIN // 2 and unknown:
        return None
    return best


def solve(position: str | chess.Board, plies: int = SEARCH_PLIES, store: ct.Tables | None = None) -> Verdict:
    """The value of a position for the side to move: the tables, else a bounded search, else open."""
    board = _board(position)
    verdict = probe(board, store)
    if verdict.value is not None:
        if verdict.value != "draw" and verdict.plies:
            verdict.best = _best_move(board, verdict, store)
        return verdict
    if chess.popcount(board.occupied) <= MAX_MEN and not board.castling_rights:
        return verdict  # a table is missing: say so rather than guess
    return search(board, plies, store)


def _best_move(board: chess.Board, verdict: Verdict, store: ct.Tables | None) -> str | None:
    target = _score(verdict)
    for move in board.legal_moves:
        board.push(move)
        child = probe(board, store)
        board.pop()
        if child.value is not None and _parent(_score(child)) == target:
            return board.san(move)
    return None


# --------------------------------------------------------------------------
# Claims

#: "mate in three", "mates in 3 moves"
_MATE_IN = re.compile(r"\bmates?\s+in\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b", re.I)
_NUMBERS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}


#: Deletes every ASCII character but the letters: what is left of a placement is its men.
_NOT_MEN = str.maketrans("", "", "".join(chr(c) for c in range(128) if not chr(c).isalpha()))


def _men(key: str | None) -> int:
    """Men on the board of a position key (letters of its placement; asked for every ply of every game)."""
    if not key:
        return 99
    placement = key.split(" ", 1)[0]
    if placement.isascii():
        return len(placement.translate(_NOT_MEN))
    return sum(ch.isalpha() for ch in placement)


def _reaches_ending(game: Game) -> bool:
    """Whether the main line starts in or reaches a position of at most :data:`MAX_MEN` men."""
    if _men(game.start) <= MAX_MEN:
        return True
    # Men only leave the board (a promotion replaces one; Crazyhouse's captured men stay in the key's
    # pockets): the line's last position has the fewest.
    return next((_men(m.position) for m in reversed(game.moves) if m.position), 99) <= MAX_MEN


def settle(game: Game) -> None:
    """Check the record's claims about its ending; note each ending move's value; warn at moves that lose ground.

    Positions of more than four men are left alone unless a claim asks about
    them (then the bounded search tries).
    """
    start_claim = _start_claim(game)
    ending = _reaches_ending(game)
    if start_claim is None and not ending:
        return
    store = tables()
    if start_claim is not None:
        _check_start(game, start_claim, store)
    if ending:
        _values_along(game, game.moves, None, store)
        for variation in game.variations:
            _values_along(game, variation.moves, variation.id, store)
        _check_final(game, store)


def _start_claim(game: Game) -> tuple[str, int | None, str] | None:
    """(goal, mate moves, printed text) from the set-up: "White to move and win", "... mate in 3"."""
    setup = game.record.tag("SetUp")
    if not setup or setup.strip() in ("0", "1"):
        return None
    from notation.parse.chess_setup import parse_setup

    try:
        parsed = parse_setup(setup)
    except ValueError:
        return None
    goal = parsed.to_move.goal if parsed.to_move else None
    mate = _MATE_IN.search(setup)
    if mate:
        n = mate.group(1).lower()
        return "win", int(n) if n.isdigit() else _NUMBERS[n], mate.group(0)
    if goal is None:
        return None
    start = setup.find(" to move", parsed.to_move.start) if parsed.to_move else -1
    end = setup.find(goal, start) + len(goal) if start >= 0 else len(setup)
    return goal, None, setup[parsed.to_move.start:end] if parsed.to_move else goal


def _check_start(game: Game, claim: tuple[str, int | None, str], store: ct.Tables) -> None:
    goal, mate_moves, printed = claim
    line, column = game.record.tag_position("SetUp", (game.record.tag("SetUp") or "").find(printed))
    verdict = solve(game.start, store=store) if game.start else Verdict(None, None, "open", "no start position")
    if mate_moves is not None:
        claimed = f"mate in {mate_moves}"
        if verdict.value == "win" and verdict.plies is not None:
            actual = f"mate in {(verdict.plies + 1) // 2}"
        else:
            actual = verdict.value or "open"
    else:
        claimed, actual = goal, verdict.value or "open"
    c = Claim(0, "value", claimed, actual, line, column, decided=verdict.settled,
              how=verdict.how if verdict.settled else "open", reason=verdict.describe() + _why(verdict))
    game.claims.append(c)
    if c.ok is False:
        game.diagnostics.append(Diagnostic(
            "warning", "wrong-claim", f"{printed!r}: the position is a {verdict.describe()} for the side to move"
            f"{_why(verdict)}", line, column, 0))


def _why(v: Verdict) -> str:
    return f" ({v.reason})" if v.reason and v.how != "open" else ""


def _values_along(game: Game, moves: list[Move], variation: int | None, store: ct.Tables) -> None:
    """The value after each move of a line once the men are four or fewer; warnings where a win is let go."""
    before = probe(_board(game.start), store) if game.start and _men(game.start) <= MAX_MEN else None
    if variation is not None:
        before = None  # the position before a variation's first move is the parent's; not looked up again
    for move in moves:
        if not move.position or move.normalized is None:
            before = None
            continue
        if _men(move.position) > MAX_MEN:
            before = None
            continue
        after = probe(_board(move.position), store)
        if after.value is None or (after.how == "rules" and before is None):
            before = None  # no table (a mate or stalemate is noted only at the end of a line the tables follow)
            continue
        move.detail["value"] = {"value": after.value, "plies": after.plies, "settled_by": after.how,
                                "side": "white" if move.position.split()[1] == "w" else "black"}
        if before is not None and before.value == "win" and after.value != "loss":
            game.diagnostics.append(Diagnostic(
                "warning", "throws-away-win",
                f"{move.printed!r} lets the win go: before it {move.side} mates in "
                f"{((before.plies or 0) + 1) // 2}, after it the position is a {after.describe()} for the other side",
                move.line, move.column, move.ply, variation))
        elif (before is not None and before.value == "win" and after.plies is not None
              and before.plies is not None and after.plies > before.plies - 1):
            game.diagnostics.append(Diagnostic(
                "warning", "slower-mate",
                f"{move.printed!r} still wins, but slower: mate in {(before.plies + 1) // 2} before it, "
                f"in {(after.plies + 2) // 2} after it",
                move.line, move.column, move.ply, variation))
        before = after


def _check_final(game: Game, store: ct.Tables) -> None:
    """A printed result at an unfinished position ("drawn", "White wins") checked against the tables."""
    if any(c.what == "result" for c in game.claims) or game.result in (None, "*"):
        return
    final = game.moves[-1].position if game.moves and game.moves[-1].position else game.start
    if final is None or _men(final) > MAX_MEN:
        return
    board = _board(final)
    if board.is_checkmate() or board.is_stalemate():
        return  # the replay has checked the result against the board (or nothing was claimed)
    verdict = probe(board, store)
    white = board.turn == chess.WHITE
    if verdict.value is None:
        actual = "*"
    elif verdict.value == "draw":
        actual = "1/2-1/2"
    else:
        actual = "1-0" if (verdict.value == "win") == white else "0-1"
    game.claims.append(Claim(None, "result", game.result, actual, None, None, decided=verdict.settled,
                             how=verdict.how if verdict.settled else "open", reason=verdict.describe()))
    if verdict.settled and actual != game.result:
        game.diagnostics.append(Diagnostic(
            "error", "wrong-result", f"the result {game.result!r} contradicts the "
            f"{'tables' if verdict.how == 'table' else verdict.how}: {verdict.describe()} for the side to move",
            suggestions=[actual]))
