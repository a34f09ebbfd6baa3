"""The clean path's replay compiled: canonical SAN tokens played from the standard start on a mailbox board.

Kept apart from :mod:`notation.rules.chess.clean` so that numba is imported
only where it compiles this kernel: :mod:`.clean_compiled` builds it ahead of
time into an extension module, once, which a process loads without numba;
only where that cannot be built does numba's JIT compile it in each process
(cached on disk: ``cache=True``).

A token is a row of :data:`.clean_compiled.FIELDS` small integers, read from its text by
:mod:`.clean`. The kernel answers, for every ply, the move's squares, whether it
captures, checks and mates, the position key (the FEN without counters,
en passant only where a legal capture exists), all keys written into one byte
buffer, one line each, and the key's 64-bit number: its Polyglot key
(python-chess's ``chess.polyglot.zobrist_hash``), kept up to date move by move
from python-chess's table of Polyglot numbers. At the first ply that is not clean — no legal move or
more than one for the token, a capture or mark not borne out, a disambiguation
other than python-chess's — it stops and says where; the caller then replays
with python-chess (the reference), which decides.
"""

from __future__ import annotations

import chess.polyglot
import numpy as np
from numba import njit

_KNIGHT = np.array([[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], dtype=np.int64)
_KING = np.array([[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]], dtype=np.int64)
#: Piece symbols by code + 6 (black -6..-1, nothing 0, white 1..6), as FEN writes them.
_SYMBOLS = np.frombuffer(b"kqrbnp.PNBRQK", dtype=np.uint8)
_FILES = np.frombuffer(b"abcdefgh", dtype=np.uint8)
_CASTLING = np.frombuffer(b"KQkq", dtype=np.uint8)
#: python-chess's Polyglot numbers (``POLYGLOT_RANDOM_ARRAY``) as signed 64-bit integers, the same bits: 64 a
#: piece (black pawn, white pawn, black knight ... white king), a square each; then the castling rights K, Q,
#: k, q (768-771), en passant by file (772-779), White to move (780).
_ZOBRIST = np.array(chess.polyglot.POLYGLOT_RANDOM_ARRAY, dtype=np.uint64).view(np.int64)


@njit(cache=True)
def _zobrist(piece, square):
    """The Polyglot number of ``piece`` (-6..-1 black, 1..6 white, as the board holds it) on ``square``."""
    kind = 2 * (piece - 1) + 1 if piece > 0 else 2 * (-piece - 1)
    return _ZOBRIST[64 * kind + square]


@njit(cache=True)
def _attacked(board, square, by):
    """Whether ``square`` is attacked by side ``by`` (1 white, -1 black)."""
    f = square & 7
    r = square >> 3
    pr = r - by  # a pawn of ``by`` attacks from one rank behind, as it moves
    if 0 <= pr < 8:
        if f > 0 and board[pr * 8 + f - 1] == by:
            return True
        if f < 7 and board[pr * 8 + f + 1] == by:
            return True
    for k in range(8):
        nf = f + _KNIGHT[k, 0]
        nr = r + _KNIGHT[k, 1]
        if 0 <= nf < 8 and 0 <= nr < 8 and board[nr * 8 + nf] == 2 * by:
            return True
        nf = f + _KING[k, 0]
        nr = r + _KING[k, 1]
        if 0 <= nf < 8 and 0 <= nr < 8 and board[nr * 8 + nf] == 6 * by:
            return True
    for k in range(8):
        df = _KING[k, 0]
        dr = _KING[k, 1]
        slider = 3 if df != 0 and dr != 0 else 4
        nf = f + df
        nr = r + dr
        while 0 <= nf < 8 and 0 <= nr < 8:
            p = board[nr * 8 + nf]
            if p != 0:
                if p == 5 * by or p == slider * by:
                    return True
                break
            nf += df
            nr += dr
    return False


@njit(cache=True)
def _reaches(board, piece, start, to):
    """Whether a knight, bishop, rook, queen or king on ``start`` moves to ``to`` by its own steps."""
    df = (to & 7) - (start & 7)
    dr = (to >> 3) - (start >> 3)
    adf = abs(df)
    adr = abs(dr)
    if adf == 0 and adr == 0:
        return False
    if piece == 2:
        return (adf == 1 and adr == 2) or (adf == 2 and adr == 1)
    if piece == 6:
        return adf <= 1 and adr <= 1
    if piece == 3 and adf != adr:
        return False
    if piece == 4 and adf != 0 and adr != 0:
        return False
    if piece == 5 and not (adf == 0 or adr == 0 or adf == adr):
        return False
    sf = 1 if df > 0 else -1 if df < 0 else 0
    sr = 1 if dr > 0 else -1 if dr < 0 else 0
    f = (start & 7) + sf
    r = (start >> 3) + sr
    while f * 1 + r * 8 != to:
        if board[r * 8 + f] != 0:
            return False
        f += sf
        r += sr
    return True


@njit(cache=True)
def _pawn_reaches(board, side, start, to, ep):
    """Whether a pawn of ``side`` on ``start`` moves or captures to ``to`` (``ep``: the en passant square)."""
    df = (to & 7) - (start & 7)
    dr = (to >> 3) - (start >> 3)
    if df == 0:
        if board[to] != 0:
            return False
        if dr == side:
            return True
        home = 1 if side == 1 else 6
        return dr == 2 * side and (start >> 3) == home and board[start + 8 * side] == 0
    if (df == 1 or df == -1) and dr == side:
        return board[to] * side < 0 or to == ep
    return False


@njit(cache=True)
def _play(board, start, to, promotion, ep):
    """Make the move on ``board`` (castling moves the rook, en passant takes the pawn)."""
    piece = board[start]
    side = 1 if piece > 0 else -1
    kind = piece * side
    if kind == 1 and to == ep and (to & 7) != (start & 7):
        board[to - 8 * side] = 0
    if kind == 6 and abs(to - start) == 2:
        if to > start:
            board[start + 1] = board[start + 3]
            board[start + 3] = 0
        else:
            board[start - 1] = board[start - 4]
            board[start - 4] = 0
    board[start] = 0
    board[to] = promotion * side if promotion else piece


@njit(cache=True)
def _safe(board, start, to, promotion, ep, king, side):
    """Whether the move leaves its own king unattacked."""
    after = board.copy()
    _play(after, start, to, promotion, ep)
    return not _attacked(after, to if start == king else king, -side)


@njit(cache=True)
def _has_move(board, side, ep, king):
    """Whether ``side`` has a legal move (castling aside: asked only of a side in check)."""
    for start in range(64):
        piece = board[start] * side
        if piece <= 0:
            continue
        f = start & 7
        r = start >> 3
        if piece == 1:
            last = 7 if side == 1 else 0
            for df in range(-1, 2):
                for dr in range(1, 3):
                    nf = f + df
                    nr = r + dr * side
                    if (df != 0 and dr == 2) or not (0 <= nf < 8 and 0 <= nr < 8):
                        continue
                    to = nr * 8 + nf
                    if _pawn_reaches(board, side, start, to, ep) and \
                            _safe(board, start, to, 5 if nr == last else 0, ep, king, side):
                        return True
        elif piece == 2 or piece == 6:
            for k in range(8):
                nf = f + (_KNIGHT[k, 0] if piece == 2 else _KING[k, 0])
                nr = r + (_KNIGHT[k, 1] if piece == 2 else _KING[k, 1])
                if 0 <= nf < 8 and 0 <= nr < 8 and board[nr * 8 + nf] * side <= 0 and \
                        _safe(board, start, nr * 8 + nf, 0, ep, king, side):
                    return True
        else:
            for k in range(8):
                df = _KING[k, 0]
                dr = _KING[k, 1]
                diagonal = df != 0 and dr != 0
                if (piece == 3 and not diagonal) or (piece == 4 and diagonal):
                    continue
                nf = f + df
                nr = r + dr
                while 0 <= nf < 8 and 0 <= nr < 8:
                    p = board[nr * 8 + nf] * side
                    if p > 0:
                        break
                    if _safe(board, start, nr * 8 + nf, 0, ep, king, side):
                        return True
                    if p < 0:
                        break
                    nf += df
                    nr += dr
    return False


@njit(cache=True)
def _en_passant_shown(board, side, ep, king):
    """Whether the key shows ``ep``: a pawn of the side to move can take there legally (the key's number,
    as Polyglot's, then counts the file)."""
    if ep < 0:
        return False
    f = ep & 7
    r = (ep >> 3) - side
    for nf in (f - 1, f + 1):
        if 0 <= nf < 8 and board[r * 8 + nf] == side and _safe(board, r * 8 + nf, ep, 0, ep, king, side):
            return True
    return False


@njit(cache=True)
def _write_key(board, side, rights, ep, shown, keys, at):
    """The position key of ``side`` to move written at ``keys[at]`` (``shown``: whether en passant on ``ep``
    is), then a newline; the next free index."""
    for r in range(7, -1, -1):
        empty = 0
        for f in range(8):
            p = board[r * 8 + f]
            if p == 0:
                empty += 1
                continue
            if empty:
                keys[at] = 48 + empty
                at += 1
                empty = 0
            keys[at] = _SYMBOLS[p + 6]
            at += 1
        if empty:
            keys[at] = 48 + empty
            at += 1
        if r:
            keys[at] = 47  # /
            at += 1
    keys[at] = 32
    keys[at + 1] = 119 if side == 1 else 98  # w, b
    keys[at + 2] = 32
    at += 3
    if rights == 0:
        keys[at] = 45  # -
        at += 1
    for i in range(4):
        if rights & (1 << i):
            keys[at] = _CASTLING[i]
            at += 1
    keys[at] = 32
    at += 1
    if shown:
        keys[at] = _FILES[ep & 7]
        keys[at + 1] = 49 + (ep >> 3)
        at += 2
    else:
        keys[at] = 45
        at += 1
    keys[at] = 10
    return at + 1


@njit(cache=True)
def replay(tokens, out, keys, state):
    """Play ``tokens`` (rows of :data:`.clean_compiled.FIELDS`) from the standard start; the plies played
    cleanly.

    ``out`` (one row of :data:`.clean_compiled.OUT` per token) and ``keys``
    (:data:`.clean_compiled.KEY_BYTES` per token) are filled for each clean ply (the position's Polyglot key
    kept up to date by each move's pieces, then its castling rights, en passant and side to move); ``state``
    gets the end's halfmove clock, fullmove number and the length of ``keys`` written. A count below the
    number of tokens is the first ply that is not clean.
    """
    board = np.zeros(64, dtype=np.int8)
    for f in range(8):
        board[8 + f] = 1
        board[48 + f] = -1
    for f, p in enumerate((4, 2, 3, 5, 6, 3, 2, 4)):
        board[f] = p
        board[56 + f] = -p
    kings = np.array([4, 60], dtype=np.int64)
    placed = np.int64(0)  # the Polyglot numbers of the pieces on their squares, XORed
    for s in range(64):
        if board[s] != 0:
            placed ^= _zobrist(board[s], s)
    side = 1
    rights = 15  # K Q k q, as FEN orders them
    ep = -1
    halfmove = 0
    fullmove = 1
    check = False
    at = 0
    for ply in range(tokens.shape[0]):
        piece = tokens[ply, 0]
        to = tokens[ply, 1]
        file = tokens[ply, 2]
        rank = tokens[ply, 3]
        promotion = tokens[ply, 4]
        king = kings[0 if side == 1 else 1]
        if piece >= 7:  # castling: rights, the squares between empty, the king's path not attacked
            home = 0 if side == 1 else 56
            short = piece == 7
            if not rights & (1 << ((0 if short else 1) + (0 if side == 1 else 2))) or check:
                return ply
            start = home + 4
            to = home + 6 if short else home + 2
            if board[start] != 6 * side or board[home + 7 if short else home] != 4 * side:
                return ply
            between = (home + 5, home + 6) if short else (home + 1, home + 3)
            for s in range(between[0], between[1] + 1):
                if board[s] != 0 or (s != home + 1 and _attacked(board, s, -side)):
                    return ply
            promotion = 0
            piece = 6
        else:
            found = 0
            start = -1
            if board[to] * side > 0:
                return ply
            last = (to >> 3) == (7 if side == 1 else 0)
            if piece == 1 and last != (promotion != 0):
                return ply
            for s in range(64):
                if board[s] != piece * side or (file >= 0 and (s & 7) != file) or (rank >= 0 and (s >> 3) != rank):
                    continue
                if piece == 1:
                    if not _pawn_reaches(board, side, s, to, ep):
                        continue
                elif not _reaches(board, piece, s, to):
                    continue
                if _safe(board, s, to, promotion, ep, king, side):
                    found += 1
                    start = s
            if found != 1:
                return ply
            if piece != 1 and (file >= 0 or rank >= 0):
                # Printed as python-chess prints it: the from-file where it tells the pieces apart, else the
                # from-rank, both where neither alone does; never where no other such piece reaches the square.
                others_rank = False
                others_file = False
                others = False
                for s in range(64):
                    if s != start and board[s] == piece * side and _reaches(board, piece, s, to) and \
                            _safe(board, s, to, 0, ep, king, side):
                        others = True
                        others_rank = others_rank or (s >> 3) == (start >> 3)
                        others_file = others_file or (s & 7) == (start & 7)
                if not others:
                    return ply
                row = others_file
                column = others_rank or not others_file
                if (file >= 0) != column or (rank >= 0) != row:
                    return ply
        capture = board[to] * side < 0 or (piece == 1 and to == ep and (to & 7) != (start & 7))
        if capture != (tokens[ply, 5] != 0):
            return ply
        moved = board[start]
        placed ^= _zobrist(moved, start) ^ _zobrist(promotion * side if promotion else moved, to)
        if board[to] != 0:
            placed ^= _zobrist(board[to], to)
        elif piece == 1 and to == ep and (to & 7) != (start & 7):
            placed ^= _zobrist(-side, to - 8 * side)
        elif piece == 6 and abs(to - start) == 2:  # the rook jumps over the king
            rook_from, rook_to = (start + 3, start + 1) if to > start else (start - 4, start - 1)
            placed ^= _zobrist(4 * side, rook_from) ^ _zobrist(4 * side, rook_to)
        _play(board, start, to, promotion, ep)
        halfmove = 0 if capture or piece == 1 else halfmove + 1
        if piece == 6:
            kings[0 if side == 1 else 1] = to
        ep = (start + to) // 2 if piece == 1 and abs(to - start) == 16 else -1
        for s in (start, to):  # a king or rook leaving home, or a rook taken there, ends those rights
            if s == 4:
                rights &= ~3
            elif s == 60:
                rights &= ~12
            elif s == 7:
                rights &= ~1
            elif s == 0:
                rights &= ~2
            elif s == 63:
                rights &= ~4
            elif s == 56:
                rights &= ~8
        if side == -1:
            fullmove += 1
        side = -side
        king = kings[0 if side == 1 else 1]
        check = _attacked(board, king, -side)
        mate = check and not _has_move(board, side, ep, king)
        if tokens[ply, 6] != (2 if mate else 1 if check else 0):
            return ply
        out[ply, 0] = start
        out[ply, 1] = to
        out[ply, 2] = capture
        out[ply, 3] = check
        out[ply, 4] = mate
        shown = _en_passant_shown(board, side, ep, king)
        number = placed
        for i in range(4):
            if rights & (1 << i):
                number ^= _ZOBRIST[768 + i]
        if shown:
            number ^= _ZOBRIST[772 + (ep & 7)]
        if side == 1:
            number ^= _ZOBRIST[780]
        out[ply, 5] = number
        at = _write_key(board, side, rights, ep, shown, keys, at)
    state[0] = halfmove
    state[1] = fullmove
    state[2] = at
    return tokens.shape[0]
