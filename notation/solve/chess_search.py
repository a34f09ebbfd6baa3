"""Chess verdicts: the tables for four men or fewer, and a bounded search beyond them.

:func:`solve` gives the value of a position (a FEN, a position key or a board) for the
side to move, :func:`probe` the tables' value alone. What a record claims about its ending
is checked against them by the chess rules (:mod:`notation.rules.chess.endings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import chess

from notation.solve import Verdict, building

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


def build_missing(store: ct.Tables, material: ct.Material, slices: frozenset[int] | None = None) -> None:
    """Build what a position of ``material`` in ``slices`` (its pawns' files: :meth:`ct.Tables.position`;
    ``None``: the whole table) needs that is not on disk, with a progress bar; kept for the next time.
    Only the slices of the tables the position can reach are built."""
    from notation.solve import chess_tables as ct

    todo = store.missing_slices(material, slices)
    if todo:
        nodes = {m: store.nodes(m, codes) for m, codes in todo.items()}
        plan = ct.slice_closure({material: slices})
        what = "table" if todo.get(material, slices) is None else "table for these pawns' files"
        building.with_progress(f"Building the {material.name} {what} (once)", sum(nodes.values()),
                               lambda advance: store.build(plan=plan, report=lambda m, s, p: advance(nodes.get(m, 0))))


def board_of(position: str | chess.Board) -> chess.Board:
    """A board of a FEN or a position key (the move counters optional), or a copy of a board."""
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
    where = store.position(board)
    if where is not None and where[0] in store.tid and not store.holds(*where) and building.on_demand():
        build_missing(store, *where)
    if where is None or not store.holds(*where):
        name = where[0].name if where else "?"
        return Verdict(None, None, "open", f"no table {name} in {store.directory} "
                                           "(build it with `notation tables build`)")
    material = where[0]
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


def solve(position: str | chess.Board, plies: int = SEARCH_PLIES, store: ct.Tables | None = None,
          engine: bool = True) -> Verdict:
    """The value of a position for the side to move: the tables, else a bounded search, else (``engine``)
    the engine's judgement (``how = "engine"``, not exact), else open."""
    board = board_of(position)
    verdict = probe(board, store)
    if verdict.value is not None:
        if verdict.value != "draw" and verdict.plies:
            verdict.best = _best_move(board, verdict, store)
        return verdict
    if chess.popcount(board.occupied) <= MAX_MEN and not board.castling_rights:
        return verdict  # a table is missing: say so rather than guess
    found = search(board, plies, store)
    if found.value is not None or not engine:
        return found
    from notation.solve import chess_engine

    judged = chess_engine.verdict(board)
    if judged.evaluation is None:
        judged.reason = f"{found.reason}; {judged.reason}"
    return judged


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
# Mate in N, proved: the engine proposes, an AND/OR search checks every defence.

#: Positions the proof of a mate in N may visit before it gives up (then the claim stays open).
MATE_NODES = 200_000
#: Positions :func:`settle_mate` lets the proof visit, without the engine's proposals, before it asks the engine:
#: a mate in one or two is settled exactly in a few hundred; refuting a mate in four or more exhaustively takes
#: tens of thousands (a minute in Python), where the engine answers in a second.
QUICK_NODES = 3_000
#: Engine proposals one proof asks for (each a short engine search); past them, checks and captures first.
PROPOSALS = 200


class _Budget(Exception):
    """The proof ran out of :data:`MATE_NODES`."""


@dataclass
class MateProof:
    """The answer to "does the side to move mate within N moves?".

    ``mates`` is True (proved: ``line`` is one mating line, the defence
    longest-resisting first found), False (disproved: ``line`` is the attack
    tried first and the defence that escapes it), or None (the search gave up).
    """

    mates: bool | None
    moves: int
    line: list[str]
    nodes: int
    reason: str = ""
    #: ``search`` (proved or refuted move by move), or ``engine`` (Stockfish's word, not a proof:
    #: :func:`settle_mate`), with the engine's evaluation for the side to move and its depth.
    how: str = "search"
    evaluation: str | None = None
    depth: int | None = None


def mate_within(board: chess.Board, n: int, propose=None, nodes: int = MATE_NODES) -> MateProof:
    """Whether the side to move mates within ``n`` moves against every defence, proved move by move.

    ``propose(board, k)`` (the engine's :func:`notation.solve.chess_engine.propose`
    by default) gives a move to try first at each attacking turn with ``k``
    moves left; every other move is tried after it, checks and captures first,
    so the answer does not depend on the engine being right. On the last
    move only checks can mate. A position already proved or refuted for ``k``
    moves is remembered.
    """
    if propose is None:
        from notation.solve import chess_engine

        propose = chess_engine.propose
    board = board.copy(stack=False)
    memo: dict[tuple, chess.Move | None] = {}
    count = [0, 0]  # positions, engine proposals

    def attack(k: int) -> chess.Move | None:
        """A move of the side to move that mates within ``k`` moves (None: there is none)."""
        key = (board._transposition_key(), k)
        if key in memo:
            return memo[key]
        count[0] += 1
        if count[0] > nodes:
            raise _Budget
        checks = _checks(board, only=k == 1)
        # on the last move only checks can mate (every one is tried); past PROPOSALS the ordering alone goes on
        moves = [m for m, check in checks.items() if check] if k == 1 else list(checks)
        hint = None
        if k > 1 and moves and count[1] < PROPOSALS:
            count[1] += 1
            hint = propose(board, k)
        moves.sort(key=lambda m: (m != hint, not checks[m], not board.is_capture(m)))
        for move in moves:
            board.push(move)
            try:
                # only a check can mate; a move that does not end the game leaves a defence to try
                if checks[move] and not any(board.generate_legal_moves()) or (
                        k > 1 and not _drawn(board) and escape(k - 1) is None):
                    memo[key] = move
                    return move
            finally:
                board.pop()
        memo[key] = None
        return None

    def escape(k: int) -> chess.Move | None:
        """A defence after which no mate within ``k`` moves follows (None: every defence is mated)."""
        # generated as they are tried (each push is popped before the next): the first escape ends the search
        for reply in board.generate_legal_moves():
            board.push(reply)
            try:
                if attack(k) is None:
                    return reply
            finally:
                board.pop()
        return None

    try:
        first = attack(n)
    except _Budget:
        return MateProof(None, n, [], count[0], f"no proof within {nodes:,} positions")
    if first is not None:
        return MateProof(True, n, _mating_line(board, first, n, attack, escape), count[0])
    # refuted: show the defence that escapes the attack the engine (or the ordering) tries first
    moves = list(board.legal_moves)
    hint = propose(board, n) if moves else None
    tried = hint if hint in moves else next((m for m in moves if board.gives_check(m)), moves[0] if moves else None)
    line: list[str] = []
    if tried is not None:
        line.append(board.san(tried))
        board.push(tried)
        if not board.is_game_over():
            try:
                reply = escape(n - 1) if n > 1 else next(iter(board.legal_moves), None)
            except _Budget:
                reply = None
            if reply is not None:
                line.append(board.san(reply))
        board.pop()
    return MateProof(False, n, line, count[0])


def _checks(board: chess.Board, only: bool = False) -> dict[chess.Move, bool]:
    """Each legal move (in :attr:`chess.Board.legal_moves` order) and whether it gives check: the
    same answer as :meth:`chess.Board.gives_check`, read from the bitboards after the move rather
    than by pushing it (castling and en passant, rare, are pushed).

    With ``only``, the moves that give check alone, in the same order: only the moves to a square
    a man may check from are generated (any square for a man whose leaving uncovers a check), the
    last move of a mate in N's proof needing no other (most of its positions are there)."""
    us, them = board.turn, not board.turn
    king = board.king(them)
    if king is None:
        return {} if only else dict.fromkeys(board.legal_moves, False)
    ours = board.occupied_co[us]
    rooks, bishops = (board.rooks | board.queens) & ours, (board.bishops | board.queens) & ours
    knights, pawns, kings = board.knights & ours, board.pawns & ours, board.kings & ours
    # where a man must move to (by its kind) or from (any line through the king) to give check: others do not
    lines = chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]
    diagonals = chess.BB_DIAG_ATTACKS[king][0]
    reach = {chess.PAWN: chess.BB_PAWN_ATTACKS[them][king], chess.KNIGHT: chess.BB_KNIGHT_ATTACKS[king],
             chess.BISHOP: diagonals, chess.ROOK: lines, chess.QUEEN: lines | diagonals,
             chess.KING: chess.BB_KING_ATTACKS[king]}
    through = lines | diagonals
    generated = chess.BB_ALL  # the squares the moves generated go to
    if board.attackers_mask(us, king):  # the other king is in check already (a position set up so): every move is read
        through = chess.BB_ALL
    elif only:
        generated = _to_check(board, king, rooks, bishops)
    # the squares each man may check from; any for a man on a line through the king (it may uncover one), for a
    # pawn also the last rank (it may promote) and the square it takes en passant on, for the king (castling)
    en_passant = chess.BB_SQUARES[board.ep_square] if board.ep_square is not None else 0
    generated |= en_passant
    towards: dict[int, int] = {}  # (found for the men that move, as they move: only a few where ``only``)
    checks = {}
    for move in board.generate_legal_moves(chess.BB_ALL, generated):
        toward = towards.get(move.from_square)
        if toward is None:
            kind = board.piece_type_at(move.from_square)
            if chess.BB_SQUARES[move.from_square] & through or kind == chess.KING or kind is None:
                toward = chess.BB_ALL
            elif kind == chess.PAWN:
                toward = reach[kind] | chess.BB_BACKRANKS | en_passant
            else:
                toward = reach[kind]
            towards[move.from_square] = toward
        if not chess.BB_SQUARES[move.to_square] & toward:
            if not only:
                checks[move] = False
            continue
        source, target = chess.BB_SQUARES[move.from_square], chess.BB_SQUARES[move.to_square]
        moved = move.promotion or board.piece_type_at(move.from_square)
        if board.is_castling(move) or board.is_en_passant(move):
            check = board.gives_check(move)
            if check or not only:
                checks[move] = check
            continue
        occupied = board.occupied & ~source | target
        # our men after the move: the one moved leaves its square for its target (as a promoted piece)
        r = rooks & ~source | (target if moved in (chess.ROOK, chess.QUEEN) else 0)
        b = bishops & ~source | (target if moved in (chess.BISHOP, chess.QUEEN) else 0)
        n = knights & ~source | (target if moved == chess.KNIGHT else 0)
        p = pawns & ~source | (target if moved == chess.PAWN else 0)
        kg = kings & ~source | (target if moved == chess.KING else 0)
        check = bool(
            (chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied] & r)
            | (chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied] & r)
            | (chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied] & b)
            | (chess.BB_KNIGHT_ATTACKS[king] & n) | (chess.BB_PAWN_ATTACKS[them][king] & p)
            | (chess.BB_KING_ATTACKS[king] & kg))
        if check or not only:
            checks[move] = check
    return checks


def _to_check(board: chess.Board, king: chess.Square, rooks: int, bishops: int) -> int:
    """The squares a move of the side to move may give check by going to (``rooks`` and ``bishops``
    are its men that move as one, queens in both): each man's squares that attack ``king``, every
    square for a man that alone stands between ``king`` and a piece of its side that would then
    attack it, the rooks' squares of castling (a castling move is generated by its rook's square)."""
    us = board.turn
    ours = board.occupied_co[us]
    lines = chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]
    diagonals = chess.BB_DIAG_ATTACKS[king][0]
    # a man of ours alone between the king and our rook, bishop or queen behind it on that line uncovers a check
    for sniper in chess.scan_reversed(lines & rooks | diagonals & bishops):
        between = chess.between(king, sniper) & board.occupied
        if between & ours and between & (between - 1) == 0:
            return chess.BB_ALL
    to = 0
    if board.knights & ours:
        to |= chess.BB_KNIGHT_ATTACKS[king]
    if board.pawns & ours:
        to |= chess.BB_PAWN_ATTACKS[not us][king] | chess.BB_BACKRANKS  # (a pawn promoted may check from afar)
    if rooks:
        to |= chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & board.occupied] \
            | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & board.occupied]
    if bishops:
        to |= chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & board.occupied]
    return to | board.clean_castling_rights()


def _drawn(board: chess.Board) -> bool:
    """Whether the game is over in a position that is not checkmate (:meth:`chess.Board.is_game_over`
    without its test for mate)."""
    return (board.is_insufficient_material() or not any(board.generate_legal_moves())
            or board.is_seventyfive_moves() or board.is_fivefold_repetition())


def _mating_line(board: chess.Board, first: chess.Move, n: int, attack, escape) -> list[str]:
    """One line of the proved mate: the attack found, each defence the first one tried, to the mate."""
    line = []
    pushed = 0
    move: chess.Move | None = first
    k = n
    while move is not None:
        line.append(board.san(move))
        board.push(move)
        pushed += 1
        if board.is_checkmate() or k <= 1:
            break
        reply = next(iter(board.legal_moves))
        line.append(board.san(reply))
        board.push(reply)
        pushed += 1
        k -= 1
        move = attack(k)
    for _ in range(pushed):
        board.pop()
    return line


def mated_within(board: chess.Board, n: int, propose=None, nodes: int = MATE_NODES) -> MateProof:
    """Whether the side to move is mated within ``n`` moves of the other side, whatever it plays
    ("26. Kt-B6 ch, and White mates in four moves", printed with Black to move): every reply is
    followed by a proof of :func:`mate_within`; the first reply that escapes is the answer's line."""
    if board.is_game_over():
        return MateProof(False, n, [], 0, "the game is over")
    board = board.copy(stack=False)
    line: list[str] = []
    used = 0
    for reply in list(board.legal_moves):
        san = board.san(reply)
        board.push(reply)
        proof = mate_within(board, n, propose, nodes - used)
        board.pop()
        used += proof.nodes
        if proof.mates is None:
            return MateProof(None, n, [], used, proof.reason)
        if not proof.mates:
            return MateProof(False, n, [san], used)
        line = line or [san, *proof.line]
    return MateProof(True, n, line, used)


def settle_mate(board: chess.Board, n: int, mated: bool = False) -> MateProof:
    """Whether the side to move mates within ``n`` moves against every defence (``mated``: whether it is
    mated within ``n`` whatever it plays), settled as exactly as it can be at a bounded cost.

    Our search first, for :data:`QUICK_NODES` positions (a short mate and a short refutation are
    proved there). Beyond them the engine is asked once: where it finds the mate, our search proves
    it with the engine proposing the attack (up to :data:`MATE_NODES` positions); where it finds
    none, or the proof gives up, its word is the answer, ``how = "engine"`` (not a proof: an
    exhaustive refutation of a mate in four or more would visit hundreds of thousands of positions).
    Without an engine, our search alone, up to :data:`MATE_NODES` (open where it gives up).
    """
    search = mated_within if mated else mate_within
    quick = search(board, n, _no_proposal, QUICK_NODES)
    if quick.mates is not None:
        return quick
    from notation.solve import chess_engine

    seen = chess_engine.evaluate(board, min(chess_engine.DEPTH, 2 * n + 8))
    if seen is None:
        return search(board, n)
    found = seen.mate is not None and 0 < (-seen.mate if mated else seen.mate) <= n
    if found:
        proof = search(board, n)
        if proof.mates is not None:
            return proof
    line = [] if seen.best is None else _sans(board, seen.pv[:2 * n])
    text = seen.text()
    return MateProof(found, n, line, quick.nodes, f"Stockfish at depth {seen.depth}: {text} for the side to move",
                     how="engine", evaluation=text, depth=seen.depth)


def _no_proposal(board: chess.Board, k: int) -> None:
    """No engine move to try first (the search's own ordering: checks and captures first)."""
    return None


def _sans(board: chess.Board, moves: list[chess.Move]) -> list[str]:
    """``moves`` from ``board`` in SAN (as far as they are legal)."""
    board = board.copy(stack=False)
    sans = []
    for move in moves:
        if not board.is_legal(move):
            break
        sans.append(board.san(move))
        board.push(move)
    return sans
