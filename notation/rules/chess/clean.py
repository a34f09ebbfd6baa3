"""Clean PGN replayed on a fast path: the game the full replay gives, when there is nothing to report.

A clean record is one whose every printed move is the move's own SAN — legal,
unambiguous, written the way python-chess writes it, check and mate marks
exactly right — from the standard start. The full replay
(:class:`notation.rules.chess.replay.Replay`) finds nothing to say about such a
record; this module gives the same :class:`Game` at a fraction of the cost, by
asking python-chess only what it must: the move a token names (one
generation of the named piece's moves to the named square), whether the
move gives check, and only then whether it mates. The position key is kept
up to date rank by rank. At the first doubt — a token not in canonical form,
a wrong or missing mark, an ambiguity, an illegal move, a move printed for
the wrong side, a set-up position — it answers ``None`` and the full replay
reads the record, with every check and repair it makes.

A process that has replayed many clean plies, or is told it will (:func:`expect`: a big
import), hands them to a compiled kernel (:mod:`.clean_kernel`, built ahead of time by numba:
:mod:`.clean_compiled`), which makes the
same moves, keys and marks without python-chess, and each key's number (its Polyglot key: the archive's
position id); at any ply the kernel does not read cleanly, python-chess replays the game as above and
decides. Both give the same game (tests/test_chess_clean_kernel.py, bench/clean_core_bench.py).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable
from itertools import compress, cycle, islice, repeat
from typing import NamedTuple

import chess

from notation.boards.chess import _RANK_FILES, _RANK_TEMPLATES, position_key
from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.model import Claim, Game, Move, ParsedRecord, PrintedLine, Record
from notation.parse.chess_san_clean import Scanned, scan_clean
from notation.records import tag_comments
from notation.rules.chess.clean_compiled import ALL, pack
from notation.rules.chess.clean_compiled import mask as mask_of

#: SAN as python-chess writes it: piece, optional from-file and from-rank, capture, square; a pawn
#: move or capture with its promotion; castling. Then at most one of ``+`` and ``#``.
CANONICAL = re.compile(
    r"(?:(?P<piece>[NBRQK])(?P<file>[a-h])?(?P<rank>[1-8])?(?P<x>x)?(?P<to>[a-h][1-8])"
    r"|(?P<pawn>[a-h])(?:(?P<px>x)(?P<pto>[a-h]))?(?P<prank>[1-8])(?:=(?P<promo>[NBRQ]))?"
    r"|(?P<castle>O-O(?:-O)?))(?P<mark>[+#]?)")
_PIECES = {"N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK, "Q": chess.QUEEN, "K": chess.KING}


def read_clean(notation: str, record: Record) -> Game | None:
    """The finished game of a clean SAN record, or ``None`` for the full reader to read it."""
    if notation != "san" or any(record.tag(t) for t in ("FEN", "SetUp", "Odds", "Variant")):
        return None
    scanned = scan_clean(record.body)
    if scanned is None or not scanned[0]:
        return None
    printed, result = scanned
    from notation.rules.chess.endings import settle
    from notation.rules.chess.notations import NOTATIONS
    from notation.rules.chess.replay import Replay, _Context, _pgn_title
    from notation.rules.chess.results_table import check_row

    game = Game(record=record, family="chess", notation=notation, variant="standard",
                title=record.named("Title") or _pgn_title(record), start=_START_KEY, detail=ChessGameDetail())
    game.comments.extend(tag_comments(record.text[:record.body_start - record.start]))  # a remark among the tags
    tokens: list[_Token] = []
    side = "white"
    for token, _, _, printed_side in printed:
        if printed_side is not None and printed_side != side:
            return None
        t = _tokens[token] if token in _tokens else _token(token)
        if t is None:
            return None
        tokens.append(t)
        side = "black" if side == "white" else "white"
    places = record.positions([start for _, start, _, _ in printed])
    global _python_plies
    board = _compiled(game, printed, tokens, places) if _python_plies >= COMPILED_AFTER else None
    if board is None:
        _python_plies += len(tokens)
        board = _replay(game, printed, tokens, places)
        if board is None:
            return None
    # The result is checked as the full replay checks it, which reads of the parsed record only its result.
    parsed = ParsedRecord(record, "chess", notation, PrintedLine())
    if result is not None:
        parsed.result, parsed.result_span = result[0], (result[1], result[1] + len(result[0]))
    Replay()._check_result(_Context(parsed, game, NOTATIONS[notation]), board)
    # What the full replay asks of every game at its end: a results-table row's numbers, an ending's values.
    check_row(game)
    settle(game, parsed)
    return game.finish()


#: Plies a process replays with python-chess before it loads the compiled kernel. Where numba's JIT
#: compiles it (:mod:`.clean_compiled` could not build it ahead of time), the kernel's first call in a
#: process (numba's import and its cached machine code: 0.9-1.4 s of CPU) costs what the kernel saves
#: over about 50,000 plies (20-25 us each), so it is loaded once the Python replay has spent about as
#: much: a small import never pays for it, a large one at most twice what it had to. (Built ahead of
#: time, its load costs 2 ms, but its first build about 10 s: also paid only by a large import.)
COMPILED_AFTER = 50_000
#: Plies replayed with python-chess in this process so far.
_python_plies = 0
#: Bytes of PGN a ply takes at the least, tags included (random games with the seven tags: 7.6).
PLY_BYTES = 8


def expect(text: int) -> None:
    """This process is about to read ``text`` bytes of records in bulk (an import's share of its files).

    Where that is enough text for :data:`COMPILED_AFTER` plies, the kernel is loaded with the first clean
    game rather than after that many plies replayed with python-chess (each about 17 us dearer than the
    kernel's: for the 50,000 plies, 0.85 s of CPU a process, measured on 4,000 random games).
    """
    global _python_plies
    if text >= COMPILED_AFTER * PLY_BYTES:
        _python_plies = max(_python_plies, COMPILED_AFTER)


def _compiled(game: Game, printed: list[Scanned], tokens: list[_Token],
              places: list[tuple[int, int]]) -> chess.Board | None:
    """The moves of ``game`` made by the compiled kernel (:mod:`.clean_kernel`) and its final board;
    ``None`` where a ply is not clean (the Python replay then decides, with python-chess)."""
    from notation.rules.chess import clean_compiled as kernel

    played = kernel.play([t.packed for t in tokens])
    if played is None:
        return None
    columns, positions, fen = played
    texts = list(map(_FIRST, printed))
    made_moves(game, columns, positions, texts, texts, islice(cycle(_SIDES), len(texts)), list(map(_LETTER, tokens)),
               list(map(_PROMOTION, tokens)), list(map(_MARK, tokens)), list(map(_THIRD, printed)), places)
    return chess.Board(fen)


_FIRST, _SECOND, _THIRD = operator.itemgetter(0), operator.itemgetter(1), operator.itemgetter(2)
_LETTER, _PROMOTION, _MARK = operator.attrgetter("letter"), operator.attrgetter("promotion"), operator.attrgetter("mark")
_SIDES = ("white", "black")


def made_moves(game: Game, columns: list[list[int]], positions: list[str], printed: list[str], normalized: list[str],
               sides: Iterable[str], letters: list[str], promotions: list[str | None], marks: list[str],
               numbers: list[int | None], places: list[tuple[int, int]]) -> None:
    """Add to ``game`` the moves the compiled kernel made (its answer's ``columns`` and ``positions``:
    :func:`.clean_compiled.play`), each with its check or mate claim where ``marks`` has one; ``printed``
    and ``normalized`` are the moves' texts, ``letters`` and ``promotions`` the pieces moved and made
    (``P``, ``Q``), ``numbers`` the printed move numbers, ``places`` the (line, column)s.

    Made column by column: each field of every move by ``map`` (a loop in C), the objects by ``map`` of
    their classes, so that no Python runs a ply but the objects' own ``__init__`` (a loop over the plies
    building each move was a third of a clean game's replay).
    """
    starts, tos, captures, checks, mates, keys = columns[:6]
    n = len(starts)
    names = chess.SQUARE_NAMES
    froms, to_names = list(map(names.__getitem__, starts)), list(map(names.__getitem__, tos))
    ucis = list(map(operator.add, froms, to_names))
    for i in compress(range(n), promotions):
        ucis[i] += promotions[i].lower()  # type: ignore[union-attr]
    captures, checks, mates = list(map(bool, captures)), list(map(bool, checks)), list(map(bool, mates))
    # ChessMoveDetail.made's fields, the class called without it (a call less a ply)
    details = map(ChessMoveDetail, repeat(None, n), ucis, froms, to_names, letters, captures, promotions, checks,
                  mates)
    lines, columns_ = list(map(_FIRST, places)), list(map(_SECOND, places))
    game.moves.extend(map(Move, range(1, n + 1), sides, printed, normalized, repeat("ok", n), lines, columns_,
                          numbers, details, positions, repeat(None, n), keys))
    for i in compress(range(n), marks):
        what = "mate" if mates[i] else "check"
        game.claims.append(Claim(i + 1, what, what, what, lines[i], columns_[i]))


def _replay(game: Game, printed: list[Scanned], tokens: list[_Token],
            places: list[tuple[int, int]]) -> chess.Board | None:
    """The moves of ``game`` made with python-chess, and its final board; ``None`` at the first doubt."""
    board = chess.Board()
    keys = _Keys(board)
    moves, claims = game.moves, game.claims
    ply = 0
    check = False  # whether the side to move is in check: known from the move before
    for (token, _, number, _), t in zip(printed, tokens):
        ply += 1
        turn = board.turn
        side = "white" if turn else "black"
        move = _move(board, t, check)
        if move is None:
            return None
        capture = board.is_capture(move)
        if capture != t.capture:
            return None
        if t.disambiguated and board.san(move).rstrip("+#") != token.rstrip("+#"):
            return None  # a disambiguation must be exactly python-chess's, no more and no less than needed
        keys.push(move, t.white if turn else t.black)
        check = board.is_check()
        mate = check and not any(board.generate_legal_moves())
        if t.mark != ("#" if mate else "+" if check else ""):
            return None
        detail = ChessMoveDetail.made(move.uci(), chess.SQUARE_NAMES[move.from_square],
                                      chess.SQUARE_NAMES[move.to_square], t.letter, capture, t.promotion, check, mate)
        line, column = places[ply - 1]
        if t.mark:
            what = "mate" if mate else "check"
            claims.append(Claim(ply, what, what, what, line, column))
        moves.append(Move(ply, side, token, token, "ok", line, column, number, detail, keys.key(), None))
    return board


class _Token(NamedTuple):
    """What a canonical SAN token says, read once per distinct token."""

    letter: str  # the piece moved: P, N, B, R, Q, K
    piece: int  # its python-chess piece type
    from_mask: int  # squares it may come from (the from-file and from-rank printed), all for none
    to: int  # the square it goes to (the king's for castling)
    promotion: str | None
    capture: bool
    mark: str  # "", "+" or "#"
    castle: str | None
    disambiguated: bool
    white: str  # the symbol on the to-square after the move, for each side
    black: str
    code: tuple[int, ...]  # the compiled kernel's fields (:data:`.clean_compiled.FIELDS`)
    uci_suffix: str  # what a UCI move adds after its squares: the promotion's letter
    packed: bytes = b""  # ``code`` as the kernel takes it (:func:`.clean_compiled.pack`)


_tokens: dict[str, _Token | None] = {}


def _token(text: str) -> _Token | None:
    if text in _tokens:
        return _tokens[text]
    m = CANONICAL.fullmatch(text)
    t = None
    if m is not None:
        piece, file, rank, x, to, pawn, px, pto, prank, promo, castle, mark = m.groups()
        marked = "+#".find(mark) + 1 if mark else 0
        if castle:
            t = _Token("K", chess.KING, chess.BB_ALL, 0, None, False, mark, castle, False, "K", "k",
                       (7 if castle == "O-O" else 8, ALL, ALL, ALL, 0, ALL, ALL, 0, 0, 0, marked), "")
        elif piece:
            mask = chess.BB_ALL
            if file:
                mask &= chess.BB_FILES[ord(file) - 97]
            if rank:
                mask &= chess.BB_RANKS[int(rank) - 1]
            square = chess.parse_square(to)
            t = _Token(piece, _PIECES[piece], mask, square, None, bool(x), mark, None,
                       bool(file or rank), piece, piece.lower(),
                       (_PIECES[piece], mask_of(mask), ALL, mask_of(chess.BB_SQUARES[square]), 7 if x else 0, ALL,
                        ALL, 0, 0, (1 if file else 0) | (2 if rank else 0), marked), "")
        else:
            symbol = promo or "P"
            square = chess.square(ord(pto or pawn) - 97, int(prank) - 1)
            t = _Token("P", chess.PAWN, chess.BB_FILES[ord(pawn) - 97], square, promo, bool(px), mark, None,
                       False, symbol, symbol.lower(),
                       (chess.PAWN, mask_of(chess.BB_FILES[ord(pawn) - 97]), ALL, mask_of(chess.BB_SQUARES[square]),
                        7 if px else 0, ALL, ALL, _PIECES[promo] if promo else 0, 0, 0, marked),
                       promo.lower() if promo else "")
    if t is not None:
        t = t._replace(packed=pack(t.code))
    if len(_tokens) < 100_000:
        _tokens[text] = t
    return t


def _move(board: chess.Board, t: _Token, check: bool) -> chess.Move | None:
    """The one legal move a token names, or ``None`` (illegal, ambiguous: the full replay reports it).

    ``check``: whether the side to move is in check. Out of check, the named
    piece's pseudo-legal moves to the square are each tested for leaving the
    king safe, as ``generate_legal_moves`` does, without asking again who
    gives check.
    """
    if t.castle:
        try:
            return board.parse_san(t.castle)
        except ValueError:
            return None
    turn = board.turn
    from_mask = board.pieces_mask(t.piece, turn) & t.from_mask
    to_mask = chess.BB_SQUARES[t.to] & ~board.occupied_co[turn]
    promotion = _PIECES[t.promotion] if t.promotion else None
    if check:
        candidates = [m for m in board.generate_legal_moves(from_mask, to_mask) if m.promotion == promotion]
    else:
        if t.piece == chess.PAWN:
            candidates = [m for m in board.generate_pseudo_legal_moves(from_mask, to_mask)
                          if m.promotion == promotion]
        else:
            # A piece's pseudo-legal moves to a square not its own side's are its attacks on it: the
            # named pieces attacking the square are the candidates, without generating their moves.
            froms = board.attackers_mask(turn, t.to) & from_mask if to_mask else 0
            candidates = [chess.Move(square, t.to) for square in chess.scan_forward(froms)]
        if candidates:
            king = board.king(turn)
            if king is None:
                return None  # no king to keep safe: not a game the full replay would call clean
            # Only a king's move, an en passant capture or a man on a line with its king and an enemy
            # slider can leave the king in check (``_is_safe`` answers yes for any other): the pins are
            # sought for those alone.
            rays = chess.BB_RAYS[king]
            sliders = board.occupied_co[not turn] & (board.queens | board.rooks | board.bishops)
            if (t.piece == chess.KING or (t.piece == chess.PAWN and t.to == board.ep_square)
                    or any(rays[m.from_square] & sliders for m in candidates)):
                blockers = board._slider_blockers(king)
                candidates = [m for m in candidates if board._is_safe(king, blockers, m)]
    return candidates[0] if len(candidates) == 1 else None


def _start_cells_and_ranks() -> tuple[list[str], list[str]]:
    """The standard start's piece symbol on each square and FEN of each rank (rank 1 first)."""
    start = chess.Board()
    return ([p.symbol() if p else "" for p in map(start.piece_at, chess.SQUARES)],
            position_key(start).split(" ", 1)[0].split("/")[::-1])


#: Where every clean game begins, worked out once (per game it was a tenth of a short game's time).
_START_CELLS, _START_RANKS = _start_cells_and_ranks()
_START_KEY = position_key(chess.Board())
#: Castling rights as the key writes them, by python-chess's mask: from the standard start they
#: depend on the mask alone.
_CASTLING: dict[int, str] = {}


class _Keys:
    """The position key (:func:`notation.boards.chess.position_key`) kept up to date rank by rank.

    The piece on each square is kept here too, so a rank is rewritten from
    its occupancy byte and these symbols, without asking the board.
    """

    def __init__(self, board: chess.Board) -> None:
        """Keys of ``board``, a board at the standard start (where every clean game begins)."""
        self.board = board
        self.cells = list(_START_CELLS)
        self.ranks = list(_START_RANKS)

    def push(self, move: chess.Move, symbol: str) -> None:
        """Make ``move`` of the piece ``symbol`` (``N``, ``p``...; the promoted piece for a promotion)."""
        board, cells = self.board, self.cells
        start, to = move.from_square, move.to_square
        ranks = {start >> 3, to >> 3}
        if symbol in "Kk" and abs(to - start) == 2:  # castling: the rook jumps over the king
            rook_from, rook_to = (start + 3, start + 1) if to > start else (start - 4, start - 1)
            cells[rook_to], cells[rook_from] = cells[rook_from], ""
        elif symbol in "Pp" and to == board.ep_square:
            cells[to - 8 if board.turn else to + 8] = ""  # the pawn taken en passant
        cells[start], cells[to] = "", symbol
        board.push(move)
        occupied = board.occupied
        for rank in ranks:
            row = (occupied >> (8 * rank)) & 0xFF
            at = 8 * rank
            self.ranks[rank] = _RANK_TEMPLATES[row].format(*[cells[at + f] for f in _RANK_FILES[row]])

    def key(self) -> str:
        board = self.board
        rights = board.castling_rights
        castling = _CASTLING.get(rights)
        if castling is None:
            castling = _CASTLING[rights] = board.castling_xfen() if rights else "-"
        ep = "-"
        if board.ep_square is not None and board.has_legal_en_passant():
            ep = chess.SQUARE_NAMES[board.ep_square]
        return f"{'/'.join(self.ranks[::-1])} {'w' if board.turn else 'b'} {castling} {ep}"
