"""The clean paths' replay compiled: SAN or English descriptive moves played from the standard start on a mailbox board.

Kept apart from :mod:`notation.rules.chess.clean` so that numba is imported
only where it compiles this kernel: :mod:`.clean_compiled` builds it ahead of
time into an extension module, once, which a process loads without numba;
only where that cannot be built does numba's JIT compile it in each process
(cached on disk: ``cache=True``).

A token is a row of :data:`.clean_compiled.FIELDS` integers, read from its text by
:mod:`.clean` (SAN) or :mod:`.clean_descriptive`: what the printed move asks of the legal move it names,
as masks of squares (where the piece stands, where it started the game, where it goes, the man it takes),
one matcher for both notations (SAN's is the case of one square to go to). The kernel answers, for every ply, the move's squares, whether it
captures, checks and mates, the position key (the FEN without counters,
en passant only where a legal capture exists), all keys written into one byte
buffer, one line each, and the key's 64-bit number: its Polyglot key
(python-chess's ``chess.polyglot.zobrist_hash``), kept up to date move by move
from python-chess's table of Polyglot numbers, and what SAN prints of the from-square. At the first ply
that is not clean — no legal move or more than one for the token, a mark not borne out, a SAN
disambiguation other than python-chess's — it stops and says where; the caller then replays
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
def _has(mask, square):
    """Whether ``mask`` (64 squares as a signed 64-bit integer) holds ``square``."""
    return (mask >> square) & 1 != 0


@njit(cache=True)
def _can_castle(board, side, rights, check, short):
    """Whether ``side`` may castle short or long: the right, King and Rook at home, the squares between
    empty, the King neither in check nor passing an attacked square."""
    home = 0 if side == 1 else 56
    if not rights & (1 << ((0 if short else 1) + (0 if side == 1 else 2))) or check:
        return False
    if board[home + 4] != 6 * side or board[home + 7 if short else home] != 4 * side:
        return False
    first, last = (home + 5, home + 6) if short else (home + 1, home + 3)
    for s in range(first, last + 1):
        if board[s] != 0 or (s != home + 1 and _attacked(board, s, -side)):
            return False
    return True


@njit(cache=True)
def _match(board, origin, side, ep, king, token, targets):
    """The legal moves ``token`` names (a row of :data:`.clean_compiled.FIELDS`): their count, and the last
    one's from-square, to-square and promotion. ``targets`` is room for the squares it may go to."""
    piece = token[0]
    from_mask = token[1]
    origin_mask = token[2]
    target = token[4]
    n = 0
    for to in range(64):  # the squares it may go to, and what must stand there
        if not _has(token[3], to):
            continue
        held = board[to] * side
        passant = piece == 1 and to == ep
        if held > 0 or (target == 0 and held != 0) or (target == 7 and held == 0 and not passant) or \
                (0 < target < 7 and held != -target and not (target == 1 and passant)):
            continue
        targets[n] = to
        n += 1
    found = 0
    start = -1
    dest = -1
    promotion = 0
    last = 7 if side == 1 else 0
    for s in range(64):
        if board[s] != piece * side or not _has(from_mask, s) or not _has(origin_mask, origin[s]):
            continue
        for i in range(n):
            to = targets[i]
            if piece == 1:
                if not _pawn_reaches(board, side, s, to, ep):
                    continue
            elif not _reaches(board, piece, s, to):
                continue
            passant = piece == 1 and to == ep and (to & 7) != (s & 7)
            if (board[to] != 0 or passant) != (target != 0):
                continue  # a capture where one is printed (7: of any man), else none
            if 0 < target < 7:  # the man taken, of the kind named, answers to its name: its file, where it started
                at = to - 8 * side if passant else to
                if -board[at] * side != target or not _has(token[5], at) or not _has(token[6], origin[at]):
                    continue
            p = 0
            if piece == 1 and (to >> 3) == last:
                p = token[7] if token[7] else token[8]
                if p == 0:
                    continue
            elif token[7]:
                continue
            if _safe(board, s, to, p, ep, king, side):
                found += 1
                start = s
                dest = to
                promotion = p
    return found, start, dest, promotion


@njit(cache=True)
def _disambiguation(board, side, ep, king, piece, start, to):
    """What SAN prints of a piece's from-square, as python-chess prints it: 1
    its file, 2 its rank, 3 both; the file where it tells the pieces apart, else the rank, both where neither
    alone does; 0 where no other such piece reaches the square."""
    others = False
    others_rank = False
    others_file = False
    for s in range(64):
        if s != start and board[s] == piece * side and _reaches(board, piece, s, to) and \
                _safe(board, s, to, 0, ep, king, side):
            others = True
            others_rank = others_rank or (s >> 3) == (start >> 3)
            others_file = others_file or (s & 7) == (start & 7)
    if not others:
        return 0
    return (1 if others_rank or not others_file else 0) | (2 if others_file else 0)


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
    origin = np.arange(64)  # the square each man started on (descriptive's King's Knight is the one from g1)
    targets = np.empty(64, dtype=np.int64)
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
        token = tokens[ply]
        piece = token[0]
        king = kings[0 if side == 1 else 1]
        disambiguation = 0
        if piece >= 7:  # castling: short (7), long (8), or either (9: short where both are legal)
            short = piece == 7 or (piece == 9 and _can_castle(board, side, rights, check, True))
            if token[4] != 0 or not _can_castle(board, side, rights, check, short):
                return ply
            home = 0 if side == 1 else 56
            start = home + 4
            to = home + 6 if short else home + 2
            promotion = 0
            piece = 6
        else:
            found, start, to, promotion = _match(board, origin, side, ep, king, token, targets)
            if found != 1:
                return ply
            if piece > 1 and token[9] != 0:
                disambiguation = _disambiguation(board, side, ep, king, piece, start, to)
                if token[9] > 0 and disambiguation != token[9]:
                    return ply  # SAN's from-file and from-rank exactly python-chess's, no more and no less
        passant = piece == 1 and to == ep and (to & 7) != (start & 7)
        capture = board[to] * side < 0 or passant
        moved = board[start]
        placed ^= _zobrist(moved, start) ^ _zobrist(promotion * side if promotion else moved, to)
        if board[to] != 0:
            placed ^= _zobrist(board[to], to)
        elif passant:
            placed ^= _zobrist(-side, to - 8 * side)
        elif piece == 6 and abs(to - start) == 2:  # the rook jumps over the king
            rook_from, rook_to = (start + 3, start + 1) if to > start else (start - 4, start - 1)
            placed ^= _zobrist(4 * side, rook_from) ^ _zobrist(4 * side, rook_to)
            origin[rook_to] = origin[rook_from]
        _play(board, start, to, promotion, ep)
        origin[to] = origin[start]
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
        if token[10] != (2 if mate else 1 if check else 0):
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
        out[ply, 6] = promotion
        out[ply, 7] = disambiguation
        at = _write_key(board, side, rights, ep, shown, keys, at)
    state[0] = halfmove
    state[1] = fullmove
    state[2] = at
    return tokens.shape[0]
