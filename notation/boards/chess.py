"""The chess board as the rules and the writers both see it.

A :class:`Position` is a python-chess board plus where each piece started
(the King's Knight is the one that started on g1), kept up to date move by
move together with the position key. The English descriptive vocabulary
(:class:`DescriptiveMove`, its piece and square names, and the tables that
turn them into files and squares) lives here too, so the parser, the rules
and the writer share one reading of it without importing each other.
"""

from __future__ import annotations

import functools
import itertools
import operator
from dataclasses import dataclass, field
from functools import lru_cache

import chess
import chess.polyglot

Origins = dict[int, int]

#: SAN / python-chess piece letters -> piece types.
SYMBOLS = {"P": chess.PAWN, "N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK,
           "Q": chess.QUEEN, "K": chess.KING}
#: Figurine algebraic -> SAN letters (either colour's figurine may be printed).
FIGURINES = str.maketrans("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN")
#: File piece -> file index, for the King's (K) and Queen's (Q) wings.
WING_FILES = {("K", "B"): 5, ("K", "N"): 6, ("K", "R"): 7, ("Q", "B"): 2, ("Q", "N"): 1, ("Q", "R"): 0}
CENTRE_FILES = {"K": 4, "Q": 3}
#: File index -> (wing, file piece) as printed: a=QR, b=QKt, c=QB, d=Q, e=K, f=KB, g=KKt, h=KR.
FILE_NAMES = [("Q", "R"), ("Q", "Kt"), ("Q", "B"), (None, "Q"), (None, "K"),
              ("K", "B"), ("K", "Kt"), ("K", "R")]
#: The file each side's Knights, Bishops and Rooks start on -> its wing. A promoted piece has none.
HOME_WINGS = {chess.KNIGHT: {1: "Q", 6: "K"}, chess.BISHOP: {2: "Q", 5: "K"}, chess.ROOK: {0: "Q", 7: "K"}}


def gives_mate(board: chess.Board, move: chess.Move) -> bool:
    """Whether ``move`` mates on ``board`` (the board as it was after)."""
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()


def colour_name(color: chess.Color) -> str:
    return "white" if color == chess.WHITE else "black"


# --------------------------------------------------------------------------
# English descriptive vocabulary


@dataclass(frozen=True)
class PieceSpec:
    """A piece as named in the text: ``KBP`` is kind P, wing K, file B.

    ``wing`` is ``"K"`` or ``"Q"`` (King's or Queen's side) when given;
    ``file`` names the file by its piece (``B``, ``N``, ``R``, or ``K``/``Q``
    for the King's and Queen's files) — for pawns only.
    """

    kind: str
    wing: str | None = None
    file: str | None = None


@dataclass(frozen=True)
class SquareSpec:
    """A square counted from the mover's side: ``KB3`` is wing K, file B, rank 3.

    ``file`` is ``K`` or ``Q`` for the King's and Queen's files, else
    ``B``/``N``/``R`` with an optional ``wing``. Rank 1 is written ``sq`` or ``'s``;
    rank 0 is a square printed without its rank (``R to QB``), any rank the board allows.
    """

    file: str
    rank: int
    wing: str | None = None


@dataclass
class DescriptiveMove:
    """One move as printed in English descriptive notation."""

    kind: str  # "move", "capture", "castle", "queens"; "checks", "mates", "interposes": the board gives the square;
    # "step": a pawn's step counted in squares ("K. P. two."), ``steps`` of them
    piece: PieceSpec | None = None
    to: SquareSpec | None = None  # for a capture, only when printed: QxP(QKt5)
    target: PieceSpec | None = None
    origin: SquareSpec | None = None  # Kt(KB3)-Q4: the square the piece comes from
    castle: str | None = None  # "K" or "Q" side; "" when the text leaves it open
    promotion: str | None = None  # python-chess symbol, "Q" when "Queens"
    en_passant: bool = False
    check: bool = False
    mate: bool = False
    #: OCR confusions read through, said in words ("'KT' read as 'Kt'"), for a warning.
    confusions: tuple[str, ...] = ()
    steps: int = 0


def files_of(wing: str | None, file_piece: str) -> set[int]:
    """Files a file name may mean: ``KB`` is f; ``B`` alone is c or f; ``K`` is e."""
    if file_piece in CENTRE_FILES:
        return {CENTRE_FILES[file_piece]}
    if wing:
        return {WING_FILES[(wing, file_piece)]}
    return {WING_FILES[("K", file_piece)], WING_FILES[("Q", file_piece)]}


@lru_cache(maxsize=4096)  # a few hundred names and two sides: asked for every descriptive move
def squares_of(spec: SquareSpec, color: chess.Color) -> frozenset[int]:
    """Squares a descriptive square name may mean, counted from ``color``'s side."""
    if spec.rank == 0:
        return frozenset(chess.square(f, r) for f in files_of(spec.wing, spec.file) for r in range(8))
    rank = spec.rank - 1 if color == chess.WHITE else 8 - spec.rank
    return frozenset(chess.square(f, rank) for f in files_of(spec.wing, spec.file))


def wing_of(piece: int, origin: int | None) -> str | None:
    """``K`` or ``Q`` for a Knight, Bishop or Rook still known by its starting square."""
    if origin is None or piece not in HOME_WINGS or chess.square_rank(origin) not in (0, 7):
        return None
    return HOME_WINGS[piece].get(chess.square_file(origin))


def descriptive_square(square: int, color: chess.Color, short: bool = False) -> str:
    """``KB3`` for f3 seen by White (``KB6`` by Black); ``B3`` when ``short``."""
    wing, piece = FILE_NAMES[chess.square_file(square)]
    rank = chess.square_rank(square) + 1 if color == chess.WHITE else 8 - chess.square_rank(square)
    name = piece if short or wing is None else wing + piece
    return f"{name}{rank}"


def descriptive_file(file: int, short: bool = False) -> str:
    """``QB`` for the c-file (``B`` when ``short``)."""
    wing, piece = FILE_NAMES[file]
    return piece if short or wing is None else wing + piece


# --------------------------------------------------------------------------
# Position keys


def position_key(board: chess.Board) -> str:
    """FEN without the move counters: equal positions get equal keys whatever the move number.

    The same text as ``board.epd(en_passant="legal")``, built from the
    bitboards: it is written for every ply of every import, and python-chess's
    square-by-square ``board_fen`` was most of the replay's time.
    """
    if type(board) is not chess.Board:  # a variant's key carries its pockets or check counts
        return board.epd(en_passant="legal")
    cells: dict[int, str] = {}
    for color, case in ((chess.WHITE, str.upper), (chess.BLACK, str.lower)):
        mine = board.occupied_co[color]
        for piece, mask in ((chess.PAWN, board.pawns), (chess.KNIGHT, board.knights),
                            (chess.BISHOP, board.bishops), (chess.ROOK, board.rooks),
                            (chess.QUEEN, board.queens), (chess.KING, board.kings)):
            symbol = case(chess.PIECE_SYMBOLS[piece])  # type: ignore[arg-type]
            for square in chess.scan_forward(mask & mine):
                cells[square] = symbol
    occupied = board.occupied
    ranks = []
    for rank in range(7, -1, -1):
        row = (occupied >> (8 * rank)) & 0xFF
        ranks.append(_RANK_TEMPLATES[row].format(*[cells[8 * rank + f] for f in _RANK_FILES[row]]))
    return f"{'/'.join(ranks)} {'w' if board.turn else 'b'} {castling_xfen(board)} {_ep(board)}"


#: python-chess's Polyglot random numbers: 64 a piece kind (black pawn, white pawn, black knight ...), then
#: castling's four, en passant's eight files, the side to move.
_POLYGLOT = chess.polyglot.POLYGLOT_RANDOM_ARRAY
_TURN = {"w": _POLYGLOT[780], "b": 0}


#: Ranks' numbers kept for each rank (about 150 bytes each): the common ones are met again and again.
RANK_CACHE = 4096


class _RankNumbers(dict[str, int]):
    """The Polyglot numbers of one rank's pieces, by the rank's FEN (``pp1ppppp``), made when first met:
    the ranks of a game's positions repeat, so a key's placement costs eight lookups, not 32 pieces."""

    def __init__(self, rank: int) -> None:
        super().__init__()
        self.rank = rank

    def __missing__(self, text: str) -> int:
        number, file = 0, 0
        for char in text:
            if char in "12345678":
                file += int(char)
                continue
            kind = "pnbrqk".find(char.lower())
            if kind < 0 or file > 7:
                raise ValueError(f"not a rank of a FEN: {text!r}")
            number ^= _POLYGLOT[64 * (2 * kind + char.isupper()) + 8 * self.rank + file]
            file += 1
        if file != 8:
            raise ValueError(f"not a rank of a FEN: {text!r}")
        if len(self) >= RANK_CACHE:  # bounded: forgotten when full
            self.clear()
        self[text] = number
        return number


_RANKS = [_RankNumbers(7 - i) for i in range(8)]  # in a FEN's order, the eighth rank first


def polyglot_number(key: str) -> int:
    """``chess.polyglot.zobrist_hash`` of the position a key (:func:`position_key`) names, from its text.

    Signed, as SQLite's INTEGER holds it. The placement by its ranks' numbers (cached); castling by
    the back ranks (the rights python-chess keeps); en passant, rare, from the whole
    key. ``ValueError`` for a text that is not a FEN without counters as :func:`position_key` writes
    it (castling rights cleaned, en passant only where a pawn can take), which another key would share.
    """
    fields = key.split(" ")
    if len(fields) != 4:
        raise ValueError(f"not a FEN without counters: {key!r}")
    placement, turn, castling, ep = fields
    ranks = placement.split("/")
    if len(ranks) != 8 or turn not in _TURN:
        raise ValueError(f"not a FEN without counters: {key!r}")
    r = _RANKS
    number = (r[0][ranks[0]] ^ r[1][ranks[1]] ^ r[2][ranks[2]] ^ r[3][ranks[3]] ^ r[4][ranks[4]]
              ^ r[5][ranks[5]] ^ r[6][ranks[6]] ^ r[7][ranks[7]] ^ _TURN[turn])
    if castling != "-":
        number ^= _castling_number(castling, ranks[0], ranks[7])
    if ep != "-":
        ep_number = _HASHER.hash_ep_square(chess.Board(f"{key} 0 1"))
        if not ep_number:  # the key would be numbered as the one without it
            raise ValueError(f"an en passant square no pawn can take on: {key!r}")
        number ^= ep_number
    return number - (1 << 64) if number >= 1 << 63 else number


_HASHER = chess.polyglot.ZobristHasher(_POLYGLOT)


#: Castling rights as python-chess writes them (in this order, each once), with their Polyglot numbers.
_CASTLING_NUMBERS = {"".join(r for r, on in zip("KQkq", bits) if on): functools.reduce(
    operator.xor, [_POLYGLOT[768 + i] for i, on in enumerate(bits) if on])
    for bits in itertools.product((0, 1), repeat=4) if any(bits)}
#: The king's and the rook's squares each castling right needs (python-chess drops a right without them).
CASTLING_SQUARES = {"K": (chess.E1, chess.H1), "Q": (chess.E1, chess.A1),
                    "k": (chess.E8, chess.H8), "q": (chess.E8, chess.A8)}


def _castling_number(castling: str, eighth: str, first: str) -> int:
    """The Polyglot number of castling rights; ``ValueError`` for rights not as python-chess writes them
    cleaned (a Chess960 file letter, a right the king and rook on the back rank do not allow): the key
    would be numbered as another."""
    number = _CASTLING_NUMBERS.get(castling)
    if number is None:
        raise ValueError(f"castling rights not as python-chess writes them: {castling!r}")
    for right in castling:
        king, rook = CASTLING_SQUARES[right]
        white = right.isupper()
        cells = _cells(first if white else eighth)
        if cells[chess.square_file(king)] != "kK"[white] or cells[chess.square_file(rook)] != "rR"[white]:
            raise ValueError(f"castling rights not as python-chess writes them: {castling!r}")
    return number


@lru_cache(maxsize=1024)
def _cells(rank: str) -> str:
    """A FEN rank a character a square (``r3k2r`` -> ``r...k..r``)."""
    return "".join("." * int(c) if c.isdigit() else c for c in rank)


#: What :func:`castling_xfen` has found, by all it reads of a board (a few hundred kinds in a book).
_XFEN: dict[tuple[int, int, int, int, bool, bool], str] = {}
_BACK_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8


def castling_xfen(board: chess.Board) -> str:
    """``board.castling_xfen()``, kept by all it reads: the rights, the rooks on the back ranks, the kings (not
    promoted ones), whose each of those is, the kind of game and whether the board has a move stack (with one,
    python-chess takes the rights as cleaned already). Every position's key writes it, and python-chess works it
    out again each time: three quarters of a key's time while a side may castle (14 µs of 17 µs; kept, 1 µs).
    A variant's board asks python-chess."""
    if type(board) is not chess.Board:
        return board.castling_xfen()
    rooks, kings = board.rooks & _BACK_RANKS, board.kings & ~board.promoted
    key = (board.castling_rights, rooks, kings, board.occupied_co[chess.WHITE] & (rooks | kings), board.chess960,
           not getattr(board, "_stack", None))
    xfen = _XFEN.get(key)
    if xfen is None:
        if len(_XFEN) > 4096:
            _XFEN.clear()
        xfen = _XFEN[key] = board.castling_xfen()
    return xfen


def _ep(board: chess.Board) -> str:
    if board.ep_square is not None and board.has_legal_en_passant():
        return chess.SQUARE_NAMES[board.ep_square]
    return "-"


def _rank_template(row: int) -> str:
    """FEN of one rank with ``{}`` for each piece: 0b00010011 -> ``{}{}2{}3``."""
    out, empty = [], 0
    for f in range(8):
        if row >> f & 1:
            if empty:
                out.append(str(empty))
                empty = 0
            out.append("{}")
        else:
            empty += 1
    if empty:
        out.append(str(empty))
    return "".join(out)


_RANK_TEMPLATES = [_rank_template(row) for row in range(256)]
_RANK_FILES = [[f for f in range(8) if row >> f & 1] for row in range(256)]


def full_fen(key: str) -> str:
    """A position key (FEN without counters) as a full FEN python-chess reads."""
    parts = key.split()
    return key if len(parts) >= 6 else " ".join(parts + ["0", "1"])


@dataclass
class Position:
    """A board plus where each piece started (to tell the King's Knight from the Queen's)."""

    board: chess.Board
    origins: Origins = field(default_factory=dict)
    #: The piece symbol on each square, and the FEN of each rank (a1-h1 first),
    #: kept up to date move by move for :meth:`key`.
    cells: list[str | None] = field(default_factory=list)
    ranks: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, board: chess.Board) -> Position:
        cells: list[str | None] = [None] * 64
        occupied = board.occupied
        for sq in chess.scan_forward(occupied):  # (the men alone: the set-up search starts thousands)
            cells[sq] = board.piece_at(sq).symbol()  # type: ignore[union-attr]
        if type(board) is chess.Board:  # the ranks of position_key(board), from the cells
            ranks = [_RANK_TEMPLATES[row].format(*[cells[8 * rank + f] for f in _RANK_FILES[row]])
                     for rank, row in ((rank, (occupied >> (8 * rank)) & 0xFF) for rank in range(8))]
        else:
            ranks = position_key(board).split(" ", 1)[0].split("/")[::-1]
        return cls(board, {sq: sq for sq in chess.scan_forward(occupied)}, cells, ranks)

    def copy(self) -> Position:
        return Position(self.board.copy(stack=False), dict(self.origins), list(self.cells), list(self.ranks))

    def key(self) -> str:
        """:func:`position_key` of the board, from the ranks the moves changed."""
        board = self.board
        if type(board) is not chess.Board:
            return board.epd(en_passant="legal")
        castling = castling_xfen(board) if board.castling_rights else "-"
        return f"{'/'.join(self.ranks[::-1])} {'w' if board.turn else 'b'} {castling} {_ep(board)}"

    def _refresh(self, squares: tuple[int, ...]) -> None:
        board, cells = self.board, self.cells
        for sq in squares:
            piece = board.piece_at(sq)
            cells[sq] = piece.symbol() if piece else None
        for rank in {sq >> 3 for sq in squares}:
            row = (board.occupied >> (8 * rank)) & 0xFF
            self.ranks[rank] = _RANK_TEMPLATES[row].format(*[cells[8 * rank + f] for f in _RANK_FILES[row]])

    def push(self, move: chess.Move) -> None:
        """Make the move, keeping track of where each piece started."""
        self._push(move, False)

    def push_san(self, move: chess.Move) -> str:
        """Make the move and return its SAN (check and mate marks included), in one pass."""
        return self._push(move, True)  # type: ignore[return-value]

    def _push(self, move: chess.Move, san: bool) -> str | None:
        board = self.board
        changed = carry_origins(board, move, self.origins)
        text = None
        if san:
            text = board.san_and_push(move)
        else:
            board.push(move)
        self._refresh(changed)
        return text


def carry_origins(board: chess.Board, move: chess.Move, origins: Origins) -> tuple[int, ...]:
    """Carry each piece's starting square along with ``move``, before it is made on ``board``; the
    squares the move changes (a castling's Rook, an en passant capture's Pawn included)."""
    changed: tuple[int, ...] = (move.from_square, move.to_square)
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
        rook_from = chess.square(7 if kingside else 0, rank)
        rook_to = chess.square(5 if kingside else 3, rank)
        if board.chess960 or board.piece_type_at(move.to_square) == chess.ROOK:
            rook_from = move.to_square
        king_to = chess.square(6 if kingside else 2, rank)
        king_origin = origins.pop(move.from_square, move.from_square)
        rook_origin = origins.pop(rook_from, rook_from)
        origins[king_to], origins[rook_to] = king_origin, rook_origin
        return changed + (king_to, rook_from, rook_to)
    if board.is_en_passant(move):
        taken = move.to_square + (-8 if board.turn == chess.WHITE else 8)
        origins.pop(taken, None)
        changed += (taken,)
    origins[move.to_square] = origins.pop(move.from_square, move.from_square)
    return changed
