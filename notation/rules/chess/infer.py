"""The smallest set-up a chess score's moves need, where the text gives none.

A score printed from a later move (a *fragment*: ``15. Dd2-f4 Sc6-e5 ...``), under a diagram
the text only names (``missing-setup``), or whose first move is no move from the opening, cannot
be replayed from the opening. Its moves say much of the position they start from, and this
module reads it off them:

* long algebraic (``Sg1-f3``, ``d4-e5:``, ``Lc1xf4``) names each move's piece and from-square:
  each man stands on the first square he moves from (a square whose file the OCR lost, ``07``,
  on each file the digit may stand for);
* SAN, short German and descriptive (``Nf3``, ``Sxf3``, ``Kt. to K. B's 3d.``) name the piece and
  the square it goes to (descriptive counted from the mover's side): the man comes from a square
  a piece of that kind reaches it from on an empty board, a man already there first, else the
  nearest square no later move names (the search goes back to the other squares when a later
  move cannot be made); a descriptive square printed without its wing (``R-R7``: a7 or h7, ``K-Kt1``
  for Black b8 or g8) is either, the moves after settling which (a king's next move one square away,
  the mate true);
* a capture's target holds an enemy man: the one the text names (descriptive ``P. takes Kt.``),
  else a placeholder, a pawn off the back ranks and a knight on them (it is taken at once, so its
  kind changes no later move);
* castling puts king and rook on their home squares with the right to castle;
* a side whose king no move names gets one on a square none of the moves touches, the first of
  its home-side squares (g1, f1, h1 ... for White) on which every move replays; a line piece
  placed for the moves that would check a king where no move lets it is blocked by a pawn of the
  king's side on a square no move touches (:func:`_shielded`), as is one whose move is printed
  without check where it would give one (``R-R8`` along a rank to the king in the other corner).

The side to move is the first printed move's (``15. ...`` is Black's), the move number its number.
The set-up is searched over the stretch of the main line whose printed numbers follow one another
(a gap or a number going back ends it: what follows is replayed from it, and said so where it does
not fit); every move of the stretch must replay on it, as a legal move with its printed check and
mate marks true (a check from a man no move names is not invented), else there is none and the
record keeps its ``fragment`` or ``missing-setup`` error. Of the set-ups found, the one on which most
moves read as one is kept, then the one with fewest men (no shield or blocking man where a set-up
needs none). The walk goes deep first: where its first set-ups all placed a man more for a late move
(a second rook for ``R-R8``, the first on the wrong wing), the set-ups with a man fewer than any of
them are looked for again. The search is bounded (:data:`NODES` squares tried, :data:`LEAVES` set-ups
replayed, :data:`KING_SQUARES` squares a king).
"""

from __future__ import annotations

import itertools
import operator
import re
from dataclasses import dataclass, field
from functools import cache, reduce

import chess

from notation.boards.chess import SYMBOLS, DescriptiveMove, PieceSpec, Position, files_of, squares_of
from notation.model import PrintedLine, PrintedMove
from notation.rules.chess.notations import ChessNotation
from notation.rules.chess.notations.descriptive import EnglishDescriptive, resolve_descriptive
from notation.rules.chess.notations.german import GermanMove

#: Squares tried in the whole search, and complete set-ups replayed (the one on which most printed
#: check marks agree is kept), before it gives up.
NODES = 20000
LEAVES = 12
#: The moves of the stretch after a long move read from a square one letter off the printed one that
#: must replay on the set-up (one such move a set-up): what settles the reading.
SETTLING = 3
#: Squares tried for a king no move names, and men placed to shield a king from a check.
KING_SQUARES = 8
SHIELDS = 6


@dataclass(frozen=True)
class _Shape:
    """What a printed move says of itself: the piece, the squares it may come from and go to."""

    piece: int
    targets: tuple[int, ...] = ()
    #: Squares it comes from (long algebraic; several where an OCR digit hides the file), or ``None``.
    origins: tuple[int, ...] | None = None
    #: The file or rank a short move names for its origin (``Nbd2``, ``R1e2``).
    file: int | None = None
    rank: int | None = None
    #: ``None``: the print does not say (a long move marked only with its check).
    capture: bool | None = False
    castle: str | None = None  # "K" or "Q"
    promotion: int | None = None
    #: The kind of man a capture takes, where the print names it (descriptive ``PxKt``).
    taken: int | None = None
    #: Whether ``origins`` is a long move's printed square, one of whose two letters may be misprinted.
    misprintable: bool = False


_SAN = re.compile(r"^([KQRBN])?([a-h])?([1-8])?([x:])?([a-h][1-8])(?:=?([QRBN]))?")


def _squares(name: str, files: str) -> tuple[int, ...]:
    """A square's name, or ``?7`` (its file lost to the OCR) with the files it may be."""
    if name[0] != "?":
        return (chess.parse_square(name),)
    rank = int(name[1]) - 1
    return tuple(chess.square(f, rank) for f in range(8)
                 if not files or files == "*" or chess.FILE_NAMES[f] in files)


def shape_of(pm: PrintedMove, color: chess.Color) -> _Shape | None:
    """The shape of a printed move of ``color``; ``None`` for one that names no square it goes to
    (``P. Queens``, ``R takes P`` with no square)."""
    fields = pm.fields
    if isinstance(fields, DescriptiveMove):
        return _descriptive(fields, color)
    if isinstance(fields, GermanMove):
        if fields.castle:
            return _Shape(chess.KING, castle=fields.castle)
        piece = SYMBOLS[fields.piece]
        promotion = SYMBOLS[fields.promotion] if fields.promotion else None
        if fields.to_file:  # "exd": a pawn takes on a file
            targets = tuple(chess.square("abcdefgh".index(fields.to_file), r) for r in range(8))
        elif fields.to:
            targets = _squares(fields.to, fields.to_files)
        else:
            return None
        capture = True if fields.capture else (None if fields.check or fields.mate else False)
        if fields.long and fields.origin:
            return _Shape(piece, targets, _squares(fields.origin, fields.origin_files), capture=capture,
                          promotion=promotion, misprintable=True)
        origin = fields.origin or ""
        return _Shape(piece, targets, file="abcdefgh".index(origin) if origin.isalpha() else None,
                      rank=int(origin) - 1 if origin.isdigit() else None, capture=capture, promotion=promotion)
    if isinstance(fields, str):
        text = fields.translate(str.maketrans("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN")).replace("0", "O")
        if text.startswith("O-O"):
            return _Shape(chess.KING, castle="Q" if text.startswith("O-O-O") else "K")
        found = _SAN.match(text)
        if not found:
            return None
        letter, file, rank, takes, to, becomes = found.groups()
        return _Shape(SYMBOLS[letter or "P"], (chess.parse_square(to),),
                      file="abcdefgh".index(file) if file else None, rank=int(rank) - 1 if rank else None,
                      capture=bool(takes), promotion=SYMBOLS[becomes] if becomes else None)
    return None


def _descriptive(move: DescriptiveMove, color: chess.Color) -> _Shape | None:
    """A descriptive move's shape: its squares counted from the mover's side, a capture's man named."""
    if move.kind == "castle":
        return _Shape(chess.KING, castle=move.castle) if move.castle else None
    if move.kind not in ("move", "capture") or move.piece is None:
        return None
    if move.to is not None:
        targets = tuple(sorted(squares_of(move.to, color)))
    elif move.kind == "capture" and move.target is not None:
        targets = _targets(move.target)
    else:
        return None
    origins = tuple(sorted(squares_of(move.origin, color))) if move.origin else None
    taken = SYMBOLS.get(move.target.kind) if move.target is not None else None
    return _Shape(SYMBOLS[move.piece.kind], targets, origins, capture=move.kind == "capture", taken=taken,
                  promotion=SYMBOLS[move.promotion] if move.promotion else None)


def _targets(target: PieceSpec) -> tuple[int, ...]:
    """The squares a capture that names only the man it takes (``KxP``, ``PxKBP``, ``BxKt``) may be made on:
    a pawn's file where it is named (``KBP``: the f-file), off the back ranks; any square for a piece."""
    files = files_of(target.wing, target.file) if target.kind == "P" and target.file else set(range(8))
    ranks = range(1, 7) if target.kind == "P" else range(8)
    return tuple(sorted(chess.square(f, r) for f in files for r in ranks))


@dataclass
class _State:
    """The search's partial position: the set-up so far, the board now, the squares already decided."""

    setup: dict[int, chess.Piece] = field(default_factory=dict)
    board: dict[int, chess.Piece] = field(default_factory=dict)
    #: Squares whose content at the start is decided (a man placed, or found empty by a move), as a bitboard.
    fixed: int = 0
    #: Squares a man has left (a king or rook that left home cannot castle).
    left: set[int] = field(default_factory=set)
    castling: set[str] = field(default_factory=set)
    #: The side to move at the start.
    first: chess.Color = chess.WHITE
    #: The moves (by their index) planned from a square one letter off the printed one.
    misprinted: set[int] = field(default_factory=set)
    #: The squares of ``board``, of its White men, and of its men of each kind (by piece type, 1-6), as
    #: bitboards (kept with it: the search asks its attacks at each step).
    occupied: int = 0
    white: int = 0
    kinds: list[int] = field(default_factory=lambda: [0] * 7)

    def copy(self) -> _State:
        return _State(dict(self.setup), dict(self.board), self.fixed, set(self.left), set(self.castling),
                      self.first, set(self.misprinted), self.occupied, self.white, list(self.kinds))

    def put(self, square: int, piece: chess.Piece) -> None:
        """Put ``piece`` on ``square`` now (the man there, if any, taken: the board's order of men kept)."""
        bit = chess.BB_SQUARES[square]
        there = self.board.get(square)
        if there is not None:
            self.kinds[there.piece_type] &= ~bit
            self.white &= ~bit
        self.board[square] = piece
        self.occupied |= bit
        self.kinds[piece.piece_type] |= bit
        if piece.color:
            self.white |= bit

    def lift(self, square: int) -> None:
        """Take the man on ``square`` off now."""
        piece = self.board.pop(square)
        bit = ~chess.BB_SQUARES[square]
        self.occupied &= bit
        self.white &= bit
        self.kinds[piece.piece_type] &= bit

    def attackers_now(self, color: chess.Color, square: int) -> int:
        """:func:`_attackers` of the board now, as a bitboard (``chess.BaseBoard.attackers_mask``)."""
        return _attackers_mask(self.kinds, self.occupied, self.white, color, square)

    def place(self, square: int, piece: chess.Piece) -> bool:
        """Put ``piece`` on ``square`` at the start, if nothing is known of that square yet."""
        if self.fixed >> square & 1 or square in self.board:
            return False
        if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
            return False
        if piece.piece_type == chess.KING and piece in self.setup.values():
            return False  # one king a side
        if piece.piece_type == chess.KING and piece.color != self.first and self.attacked(square, piece.color, True):
            return False  # the side not to move is not in check at the start
        self.setup[square] = piece
        self.put(square, piece)
        self.fixed |= chess.BB_SQUARES[square]
        return True

    def attacked(self, square: int, color: chess.Color, start: bool = False) -> bool | None:
        """Whether the men of the set-up (``start``) or of the board now attack a king of ``color``
        on ``square``: ``True``, ``False``, or ``None`` when every attack crosses a square nothing is
        known of, where a man of the set-up may yet stand and block it."""
        if start:
            attackers = _mask(_attackers(self.setup, not color, square))
            known = self.fixed | _mask(self.setup)
        else:
            attackers = self.attackers_now(not color, square)
            known = self.fixed | self.occupied
        if not attackers:
            return False
        if any(not chess.between(at, square) & ~known for at in chess.scan_forward(attackers)):
            return True
        return None

    def kings_of(self, color: chess.Color) -> int:
        """The squares of the kings of ``color`` now, as a bitboard."""
        return self.kinds[chess.KING] & (self.white if color else self.occupied & ~self.white)

    def clear(self, squares: int) -> bool:
        """Whether the squares are empty now (those not yet decided are, from the start): they are decided
        where they are (the state is left where they are not: the search drops it)."""
        if squares & self.occupied:
            return False
        self.fixed |= squares
        return True


def _attackers_mask(kinds: list[int], occupied: int, white: int, color: chess.Color, square: int) -> int:
    """The squares of the men of ``color`` that attack ``square`` on a board given as bitboards (its men of each
    kind by piece type, all of them, White's), as ``chess.BaseBoard.attackers_mask`` answers."""
    straight, diagonal = kinds[chess.QUEEN] | kinds[chess.ROOK], kinds[chess.QUEEN] | kinds[chess.BISHOP]
    attackers = ((chess.BB_KING_ATTACKS[square] & kinds[chess.KING])
                 | (chess.BB_KNIGHT_ATTACKS[square] & kinds[chess.KNIGHT])
                 | (chess.BB_PAWN_ATTACKS[not color][square] & kinds[chess.PAWN]))
    if straight:
        attackers |= (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
                      | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]) & straight
    if diagonal:
        attackers |= chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied] & diagonal
    return attackers & (white if color else occupied & ~white)


def _mask(squares) -> int:
    """The bitboard of a set of squares (or of a dict's keys)."""
    return reduce(operator.or_, map(chess.BB_SQUARES.__getitem__, squares), 0)


def _attackers(men: dict[int, chess.Piece], color: chess.Color, square: int) -> list[int]:
    """The squares of the men of ``color`` among ``men`` that attack ``square``, the other men blocking
    the line pieces' lines: what ``chess.BaseBoard.attackers`` answers on a board of ``men`` alone,
    without making one (the set-up search asks it at each of its steps; its men are bitboards made in one
    pass, their attacks python-chess's tables, as ``chess.BaseBoard.attackers_mask`` reads them)."""
    occupied = pawns = knights = kings = straight = diagonal = 0
    squares = chess.BB_SQUARES
    for at, piece in men.items():
        bit = squares[at]
        occupied |= bit
        if piece.color != color:
            continue
        kind = piece.piece_type
        if kind == chess.PAWN:
            pawns |= bit
        elif kind == chess.KNIGHT:
            knights |= bit
        elif kind == chess.KING:
            kings |= bit
        else:
            if kind != chess.BISHOP:
                straight |= bit
            if kind != chess.ROOK:
                diagonal |= bit
    attackers = (chess.BB_KING_ATTACKS[square] & kings) | (chess.BB_KNIGHT_ATTACKS[square] & knights) \
        | (chess.BB_PAWN_ATTACKS[not color][square] & pawns)
    if straight:
        attackers |= (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
                      | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]) & straight
    if diagonal:
        attackers |= chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied] & diagonal
    return list(chess.scan_forward(attackers)) if attackers else []


#: The distance between two squares (``chess.square_distance``), by square and square.
_DISTANCE = [[chess.square_distance(a, b) for b in chess.SQUARES] for a in chess.SQUARES]


@cache
def _reaches(piece: int, color: chess.Color, to: int) -> tuple[int, ...]:
    """Squares a ``piece`` of ``color`` can reach ``to`` from on an empty board (a pawn's by moving and taking).
    (Kept for each of the 768 men and squares: the set-up search asks it a million times a book.)"""
    if piece == chess.PAWN:
        step = -8 if color == chess.WHITE else 8
        behind = [to + step] if 0 <= to + step < 64 else []
        if chess.square_rank(to) == (3 if color == chess.WHITE else 4):
            behind.append(to + 2 * step)
        diagonal = [s for s in chess.SquareSet(chess.BB_PAWN_ATTACKS[not color][to])]
        return tuple(s for s in behind + diagonal if chess.square_rank(s) not in (0, 7))
    board = chess.Board.empty()
    board.set_piece_at(to, chess.Piece(piece, color))
    return tuple(board.attacks(to))


@cache
def _geometry(piece: int, color: chess.Color, origin: int, to: int) -> tuple[bool | None, int] | None:
    """Whether ``piece`` goes ``origin`` -> ``to`` as a capture (``True``), a move (``False``) or either
    (``None`` in the first place), and the squares between; ``None`` when it cannot."""
    if origin == to or origin not in _reaches(piece, color, to):
        return None
    between = chess.between(origin, to) if piece in (chess.BISHOP, chess.ROOK, chess.QUEEN, chess.PAWN) else 0
    if piece == chess.PAWN:
        return (chess.square_file(origin) != chess.square_file(to), between)
    return (None, between)


class _Search:
    def __init__(self, shapes: list[_Shape], sides: list[chess.Color], named: list[set[int]],
                 checks: list[bool], misprints: bool = False, most_men: int | None = None) -> None:
        self.shapes, self.sides, self.named, self.checks = shapes, sides, named, checks
        #: Whether a long move may come from a square one letter off the printed one.
        self.misprints = misprints
        #: The most men a set-up may have (``None``: any number): no step places one more.
        self.most_men = most_men
        self.nodes = 0
        #: The squares the moves after each name (made once, not at each step).
        self.later = [set().union(*named[i + 1:]) for i in range(len(named))]
        #: Each move's pairs of squares in order (:meth:`order`), by the move and the origins asked.
        self.orders: dict[tuple[int, tuple[int, ...] | None], list[tuple[int, int, bool | None, int]]] = {}
        #: The squares each move may go to, as a bitboard.
        self.targets = [_mask(shape.targets) for shape in shapes]

    def walk(self, i: int, state: _State, plan: list[chess.Move]):
        """Every set-up (with the planned moves) the stretch's shapes allow, in order of preference."""
        if i == len(self.shapes):
            yield state, plan
            return
        for after, move in self.moves(i, state):
            self.nodes += 1
            if self.nodes > NODES:
                return
            if self.most_men is not None and len(after.setup) > self.most_men:
                continue
            if self.checked(after, self.sides[i]) in (None, self.checks[i]):
                yield from self.walk(i + 1, after, plan + [move])

    @staticmethod
    def checked(state: _State, color: chess.Color) -> bool | None:
        """Whether the men known so far check the other side's king, if he is known (``None``: not
        known, or only through squares a man of the set-up may yet block)."""
        kings = state.kings_of(not color)
        if kings & (kings - 1):  # (two: the first the board holds, as the board's order of men says)
            king = next(s for s, p in state.board.items() if p.piece_type == chess.KING and p.color != color)
            return state.attacked(king, not color)
        return None if not kings else state.attacked(chess.lsb(kings), not color)

    def moves(self, i: int, state: _State):
        shape, color = self.shapes[i], self.sides[i]
        if shape.castle:
            after = self.castle(state, shape.castle, color)
            if after is not None:
                yield after
            return
        made = False
        for after in self.steps(i, state, shape.origins):
            made = True
            yield after
        if made or not (self.misprints and shape.misprintable) or shape.origins is None or state.misprinted \
                or len(self.shapes) - 1 - i < SETTLING:
            return
        # No man can make the long move from the square printed ("Le1-c6" where the bishop stands on
        # e4, "Te2-e6" where the queen stands on e2): the square is one letter off, a misprint or an
        # OCR confusion that the replay repairs and names; the man comes from a square of its file or
        # rank. Once a set-up, and where the moves after it settle it.
        printed = set(shape.origins)
        off = tuple(s for s in chess.SQUARES if s not in printed and any(
            chess.square_file(s) == chess.square_file(o) or chess.square_rank(s) == chess.square_rank(o)
            for o in printed))
        for after, move in self.steps(i, state, off):
            after.misprinted.add(i)
            yield after, move

    def order(self, i: int, origins_printed: tuple[int, ...] | None) -> list[tuple[int, int, bool | None, int]]:
        """The ``i``th move's (origin, target) pairs its piece can go between, each with its geometry, in
        order of preference but for a man already there (:meth:`steps` puts those first): the squares no
        later move names, then (where the OCR left the square it goes to in doubt, "Dd8-16") one a later
        move names, nearest first. (None of it depends on the state: made once a search and move.)"""
        key = (i, origins_printed)
        found = self.orders.get(key)
        if found is not None:
            return found
        shape, color = self.shapes[i], self.sides[i]
        later = self.later[i] if i < len(self.later) else set()
        pairs = []
        for to in shape.targets:
            origins = origins_printed if origins_printed is not None else _reaches(shape.piece, color, to)
            for origin in origins:
                if (shape.file is not None and chess.square_file(origin) != shape.file) or (
                        shape.rank is not None and chess.square_rank(origin) != shape.rank):
                    continue
                geometry = _geometry(shape.piece, color, origin, to)
                if geometry is None or (geometry[0] is not None and shape.capture is not None
                                        and shape.capture != geometry[0]):
                    continue  # (the step fails whatever the state)
                pairs.append((origin in later, to not in later, _DISTANCE[origin][to], origin, to, geometry))
        pairs.sort(key=lambda pair: pair[:5])
        self.orders[key] = found = [(origin, to, taking, between)
                                    for _, _, _, origin, to, (taking, between) in pairs]
        return found

    def tried(self, i: int, state: _State, origins_printed: tuple[int, ...] | None, man: chess.Piece,
              closed: int = 0):
        """The pairs :meth:`steps` tries in ``state``, in order: :meth:`order`'s, those from a square
        ``man`` already stands on first (the order otherwise the same), less those from the ``closed``
        squares (:func:`_closed`: no step from them)."""
        order = self.order(i, origins_printed)
        own = _mask(square for square, piece in state.board.items() if piece == man)
        if own:
            for pair in order:
                if own >> pair[0] & 1:
                    yield pair
        closed |= own
        for pair in order:
            if not closed >> pair[0] & 1:
                yield pair

    def steps(self, i: int, state: _State, origins_printed: tuple[int, ...] | None):
        """The states after the ``i``th move from each of its origins (``None``: every square its piece
        reaches the target from), in order of preference."""
        shape, color = self.shapes[i], self.sides[i]
        man = chess.Piece(shape.piece, color)
        occupied = state.occupied
        checked = self.checks[i - 1] if i else None
        # A man placed where the move before would check him through squares nothing is known of yet (a
        # king on KKt2 when the rook's R-R7 was printed without check) comes after the others: a man of
        # the set-up may stand between, but the set-up with fewest men has none.
        # (Made as the walk asks for them: it stops at its bound, most often after the first few. Those put
        # after the others are kept until the others are all made, so the order is the same.)
        # (What :func:`_may_step` tests, read from bitboards made once a step: :meth:`tried` leaves out the
        # origins the man cannot be put on, :meth:`order` the pairs whose capture disagrees with the print; a
        # square a step goes to holds no man where it is no capture (``refused``), none of its own side, no
        # king and no man of another kind than the one the print names (``held``).)
        board = state.board
        own_side = _mask(at for at, piece in board.items() if piece.color == color or piece.piece_type == chess.KING
                         or (shape.taken is not None and piece.piece_type != shape.taken))
        refused = occupied if shape.capture is False else own_side
        held = own_side
        if not self.targets[i] & ~(refused if shape.piece != chess.PAWN else held):
            return  # every square the move may go to holds a man it cannot take (a piece's steps are all ``refused``'s)
        later_ones = []
        for origin, to, taking, between in self.tried(i, state, origins_printed, man, _closed(state, man)):
            if between & occupied or (refused if taking is None else occupied if taking is False else held) >> to & 1:
                continue
            after = self.step(state, shape, color, man, origin, to, taking, between, checked)
            if after is None:
                continue
            if checked is not None and _checked_before(after[0], after[1], color) != checked:
                later_ones.append(after)
            else:
                yield after
        yield from later_ones

    def step(self, state: _State, shape: _Shape, color: chess.Color, man: chess.Piece, origin: int, to: int,
             taking: bool | None, between: int, checked: bool | None) -> tuple[_State, chess.Move] | None:
        """The step from ``origin`` to ``to`` (its geometry found, :func:`_may_step` passed) on a copy of
        ``state``, or ``None``."""
        state = state.copy()
        if state.board.get(origin) != man and not state.place(origin, man):
            return None
        if not state.clear(between):
            return None
        there = state.board.get(to)
        capture = shape.capture if taking is None else taking
        if taking is not None and shape.capture is not None and shape.capture != taking:
            return None
        if there is not None:
            if there.color == color or there.piece_type == chess.KING or capture is False or (
                    shape.taken is not None and there.piece_type != shape.taken):
                return None
        elif capture:
            enemy = shape.taken or (chess.PAWN if chess.square_rank(to) not in (0, 7) else chess.KNIGHT)
            if not state.place(to, chess.Piece(enemy, not color)):
                return None
        if checked is not None and self.checked(state, not color) not in (None, checked):
            return None  # the king is in check before he moves, or not, as the move before was printed
        state.lift(origin)
        state.left.add(origin)
        state.fixed |= chess.BB_SQUARES[to]
        last = chess.square_rank(to) in (0, 7) and shape.piece == chess.PAWN
        promotion = (shape.promotion or chess.QUEEN) if last else None
        state.put(to, chess.Piece(promotion, color) if promotion else man)
        return state, chess.Move(origin, to, promotion)

    def castle(self, state: _State, side: str, color: chess.Color) -> tuple[_State, chess.Move] | None:
        rank = 0 if color == chess.WHITE else 7
        king, rook = chess.square(4, rank), chess.square(7 if side == "K" else 0, rank)
        state = state.copy()
        for square, piece in ((king, chess.KING), (rook, chess.ROOK)):
            if square in state.left or (state.board.get(square) != chess.Piece(piece, color)
                                        and not state.place(square, chess.Piece(piece, color))):
                return None
        if not state.clear(chess.between(king, rook)):
            return None
        to_king, to_rook = chess.square(6 if side == "K" else 2, rank), chess.square(5 if side == "K" else 3, rank)
        state.lift(king)
        state.lift(rook)
        state.put(to_king, chess.Piece(chess.KING, color))
        state.put(to_rook, chess.Piece(chess.ROOK, color))
        state.left.update((king, rook))
        state.fixed |= chess.BB_SQUARES[to_king] | chess.BB_SQUARES[to_rook]
        state.castling.add(side if color == chess.WHITE else side.lower())
        return state, chess.Move(king, to_king)


def _closed(state: _State, man: chess.Piece) -> int:
    """The squares ``man`` cannot be put on at the start (where he does not stand now), as a bitboard: those
    decided or holding a man, a pawn's back ranks, every square for a king of a side that has one (the
    first test of :func:`_may_step`, made once for every square)."""
    if man.piece_type == chess.KING and man in state.setup.values():
        return chess.BB_ALL
    closed = state.fixed | state.occupied
    return closed | chess.BB_BACKRANKS if man.piece_type == chess.PAWN else closed


def _may_step(state: _State, shape: _Shape, man: chess.Piece, origin: int, to: int, taking: bool | None,
              between: int, occupied: int) -> bool:
    """``False`` where :meth:`_Search.step` would surely fail, found without copying the state: the man
    cannot be put on ``origin``, a man stands between, or the square it goes to holds a man it cannot
    take (the same tests, read-only; the step makes them all again). ``occupied``: the squares of the
    men on the board now."""
    board = state.board
    if board.get(origin) != man and (
            state.fixed >> origin & 1 or origin in board
            or (man.piece_type == chess.PAWN and chess.square_rank(origin) in (0, 7))
            or (man.piece_type == chess.KING and man in state.setup.values())):
        return False
    if between & occupied:
        return False
    if taking is not None and shape.capture is not None and shape.capture != taking:
        return False
    there = board.get(to)
    capture = shape.capture if taking is None else taking
    return there is None or not (there.color == man.color or there.piece_type == chess.KING or capture is False
                                 or (shape.taken is not None and there.piece_type != shape.taken))


def _checked_before(state: _State, move: chess.Move, color: chess.Color) -> bool:
    """Whether the king of ``color`` stood in check before ``move`` (made in ``state``), every square
    nothing is known of taken as empty (``False`` where no king of his is known)."""
    # The state's bitboards with the move taken back (asked at each step of the search: no board of men made).
    board, kinds = state.board, list(state.kinds)
    occupied, white = state.occupied, state.white
    to_bit = chess.BB_SQUARES[move.to_square]
    moved = board.get(move.to_square)
    if moved is not None:
        occupied &= ~to_bit
        white &= ~to_bit
        kinds[moved.piece_type] &= ~to_bit
        if move.promotion is None:
            from_bit = chess.BB_SQUARES[move.from_square]
            there = board.get(move.from_square)
            if there is not None:
                kinds[there.piece_type] &= ~from_bit
                white &= ~from_bit
            occupied |= from_bit
            kinds[moved.piece_type] |= from_bit
            if moved.color:
                white |= from_bit
    taken = state.setup.get(move.to_square)
    if taken is not None and taken.color != color:
        occupied |= to_bit
        kinds[taken.piece_type] |= to_bit
        if taken.color:
            white |= to_bit
    kings = kinds[chess.KING] & (white if color else occupied & ~white)
    # (python-chess's king(): the highest square)
    return bool(kings) and bool(_attackers_mask(kinds, occupied, white, not color, chess.msb(kings)))


def pawn_side(pm: PrintedMove) -> chess.Color | None:
    """The side a long pawn move's direction says it is (``g7-g6`` can only be Black's), else ``None``."""
    fields = pm.fields
    if not (isinstance(fields, GermanMove) and fields.long and fields.piece == "P" and fields.origin and fields.to and fields.origin[1:].isdigit() and fields.to[1:].isdigit()):
        return None
    step = int(fields.to[1:]) - int(fields.origin[1:])
    return None if step == 0 else step > 0


def stretch(line: PrintedLine) -> list[PrintedMove]:
    """The main line's first moves whose printed numbers and sides follow one another."""
    out: list[PrintedMove] = []
    ply = None
    for pm in line.moves:
        if shape_of(pm, chess.WHITE) is None:
            break
        side = pm.side if pm.side in ("white", "black") else None
        if ply is None:
            ply = 2 * (pm.number or 1) + (side == "black")
        else:
            ply += 1
            if (pm.number is not None and pm.number != ply // 2) or (side is not None and (side == "black") != ply % 2):
                break
        out.append(pm)
    return out


def _king_squares(color: chess.Color, taken: set[int], named: int | None = None) -> list[int]:
    """Squares for a king no move names: the square a later move of his starts from (``named``), then
    his home side's."""
    home = 0 if color == chess.WHITE else 7
    free = [s for s in chess.SQUARES if s not in taken]
    return sorted(free, key=lambda s: (s != named, abs(chess.square_rank(s) - home),
                                       abs(chess.square_file(s) - 6)))[:KING_SQUARES]


def _kings_named(moves: list[PrintedMove], white: bool) -> dict[chess.Color, int]:
    """The square each king starts from in the first move of his among ``moves`` that names it
    (``white``: whether the first of them is White's)."""
    named: dict[chess.Color, int] = {}
    for k, pm in enumerate(moves):
        color = (k % 2 == 0) == white
        shape = shape_of(pm, color)
        if shape is not None and shape.piece == chess.KING and shape.origins and len(shape.origins) == 1 \
                and color not in named:
            named[color] = shape.origins[0]
    return named


def infer_setup(line: PrintedLine, notation: ChessNotation) -> chess.Board | None:
    """The smallest set-up on which the score's first stretch of moves replays, else on which the
    longest first part of it does (of :data:`FIRST_MOVES` at least: a move no set-up lets be made, a
    misprint or a square the OCR changed, ends it, and the replay reports it), or ``None``."""
    moves = stretch(line)
    board = _fitting(moves, notation)
    if board is not None or len(moves) <= FIRST_MOVES:
        return board
    white = moves[0].side != "black"
    # (The search is the same for the same first moves and kings: the parts tried one by one after halving
    # are often parts halving tried already, each a whole bounded search. Each is searched once.)
    known: dict[tuple[int, tuple[tuple[chess.Color, int], ...]], chess.Board | None] = {}

    def _fitting_part(size: int, kings: dict[chess.Color, int]) -> chess.Board | None:
        key = (size, tuple(sorted(kings.items())))
        if key not in known:
            known[key] = _fitting(moves[:size], notation, kings)
        found = known[key]
        return None if found is None else found.copy()

    # The longest part halving finds (a set-up that fits a part mostly fits a shorter one), then the few
    # parts just longer than it one by one (the bounded search may miss a part's set-up and find a
    # shorter one's).
    low, high, size = FIRST_MOVES, len(moves) - 1, 0
    while low <= high:
        middle = (low + high) // 2
        found = _fitting_part(middle, _kings_named(moves[middle:], white == (middle % 2 == 0)))
        if found is not None:
            board, size, low = found, middle, middle + 1
        else:
            high = middle - 1
    for longer in range(size + 1, min(len(moves), size + PARTS)) if board is not None else ():
        found = _fitting_part(longer, _kings_named(moves[longer:], white == (longer % 2 == 0)))
        if found is not None:
            board = found
    return board


def _fitting(moves: list[PrintedMove], notation: ChessNotation,
             kings: dict[chess.Color, int] | None = None) -> chess.Board | None:
    """The smallest set-up for ``moves`` as printed, else with one long move read from a square one letter
    off the printed one ("Le1-c6" for Le4-c6), which the replay then repairs and names."""
    board = _setup_for(moves, notation, kings)
    if board is None and any(isinstance(pm.fields, GermanMove) and pm.fields.long for pm in moves):
        board = _setup_for(moves, notation, kings, misprints=True)
    return board


#: The fewest first moves of a stretch a set-up is inferred from, where the whole stretch has none,
#: and how many parts longer than the one halving finds are tried.
FIRST_MOVES = 6
PARTS = 6


def _setup_for(moves: list[PrintedMove], notation: ChessNotation,
               kings: dict[chess.Color, int] | None = None, misprints: bool = False) -> chess.Board | None:
    """The smallest set-up on which every one of ``moves`` replays, or ``None``; ``kings``: where a
    king no move of them names starts a later move; ``misprints``: whether a long move may come from
    a square one letter off the one printed."""
    if not moves:
        return None
    first = moves[0]
    white = first.side != "black"
    sides = [(k % 2 == 0) == white for k in range(len(moves))]
    shapes = [shape_of(pm, side) for pm, side in zip(moves, sides)]
    if None in shapes:  # a move that says nothing of its squares ("P. Queens"): the set-up is the moves' before it
        moves, sides, shapes = moves[:shapes.index(None)], sides[:shapes.index(None)], shapes[:shapes.index(None)]
        if not moves:
            return None
    named = [set(s.targets) | set(s.origins or ()) for s in shapes if s is not None]
    checks = [notation.printed_marks(pm)[0] for pm in moves]

    def best_of(search: _Search) -> tuple[tuple[int, chess.Board] | None, int, int]:
        """The set-up of the first :data:`LEAVES` the walk yields on which most moves read as one, the one
        with fewest men of those (:func:`_better`), the men the moves placed on it, and the fewest men the
        moves placed on a leaf."""
        best: tuple[int, chess.Board] | None = None
        men, fewest = 0, 64
        for leaves, (state, plan) in enumerate(search.walk(0, _State(first=white), [])):
            if leaves >= LEAVES:
                break
            fewest = min(fewest, len(state.setup))
            found = _with_kings(state, plan, moves, notation, white, first.number or 1, kings or {})
            if found is not None and _better(found, best):
                best, men = found, len(state.setup)
                # (A set-up that needed men no move names beyond the kings, a shield or a mated king's own
                # men, is kept until a leaf after it needs none.)
                if best[0] == len(moves) and _size(best[1]) == len(state.setup) + 2 - _kings(state):
                    break
        return best, men, fewest

    shaped = [s for s in shapes if s is not None]
    best, men, fewest = best_of(_Search(shaped, sides, named, checks, misprints))
    # The walk goes deep first: where its first leaf failed at a late move (a rook taken to QR7 where the
    # mate after it needs KR7), it places a man more for that move before it tries the other reading of a
    # move before. A set-up that fits with fewer men than the one found is the smaller one the moves need:
    # looked for with no step placing a man beyond each number in turn, from the fewest a leaf had.
    for most in range(fewest, men) if best is not None else ():
        fewer, _, _ = best_of(_Search(shaped, sides, named, checks, misprints, most_men=most))
        if fewer is not None:
            return fewer[1]
    # Where no leaf fits, the walk's first leaves all read an early square on the wrong wing ("K-Kt1" as b8,
    # where the mate at the end needs g8) and placed a man more for each later move that then found the
    # square taken (a second rook for "R-R8"): the leaves with a man fewer than any of those are the
    # readings of the early moves a single man of each kind replays. (One walk, bounded as the first.)
    if best is None and _least(shaped, sides) < fewest < 64:
        best, _, _ = best_of(_Search(shaped, sides, named, checks, misprints, most_men=fewest - 1))
    return best[1] if best else None


def _least(shapes: list[_Shape], sides: list[chess.Color]) -> int:
    """The fewest men a set-up for moves of these shapes may have: one of each kind and side that moves."""
    return len({(shape.piece, side) for shape, side in zip(shapes, sides)})


def _kings(state: _State) -> int:
    """How many kings the moves placed on the set-up."""
    return sum(piece.piece_type == chess.KING for piece in state.setup.values())


def _size(board: chess.Board) -> int:
    """How many men stand on ``board``."""
    return chess.popcount(board.occupied)


def _better(found: tuple[int, chess.Board], best: tuple[int, chess.Board] | None) -> bool:
    """Whether a set-up (how many moves read as one on it, the board) is better than the best so far: more
    moves read as one, else as many on fewer men (no shield or blocking man where one man replays them)."""
    return best is None or (found[0], -_size(found[1])) > (best[0], -_size(best[1]))


def _with_kings(state: _State, plan: list[chess.Move], moves: list[PrintedMove], notation: ChessNotation,
                white: bool, number: int, kings: dict[chess.Color, int]) -> tuple[int, chess.Board] | None:
    """The set-up with a king for each side that has none, the first on which every move replays:
    (how many moves read as one legal move, the board)."""
    placed = {p.color for p in state.setup.values() if p.piece_type == chess.KING}
    missing = [c for c in (chess.WHITE, chess.BLACK) if c not in placed]
    best: tuple[int, chess.Board] | None = None
    men = chess.Board.empty()
    for square, piece in state.setup.items():
        men.set_piece_at(square, piece)
    men.turn = white
    men.set_castling_fen("".join(sorted(state.castling, key="KQkq".index)) or "-")
    boards = _PlanBoards(men, plan)  # the plan replayed once, on the set-up's men alone
    boards.unread = _unread(men, plan, moves, notation, state.misprinted)
    printed = [notation.printed_marks(pm) for pm in moves]
    marks, mates = [check for check, _ in printed], [mate for _, mate in printed]
    # (A move printed mate that is only check is what :func:`_blocked` repairs: without one among the plan's
    # moves it has nothing to do.)
    mated = any(mates[:len(plan)])
    fixed = set(chess.scan_forward(state.fixed))
    for squares in itertools.product(*(_king_squares(color, fixed, kings.get(color)) for color in missing)):
        board = men.copy(stack=False)  # (the set-up's men, side to move and castling rights: the kings added)
        for color, square in zip(missing, squares):
            board.set_piece_at(square, chess.Piece(chess.KING, color))
        board.fullmove_number = number
        shielded = _shielded(board, plan, fixed | set(squares), boards, marks)
        if shielded is None or not shielded.is_valid():
            continue
        board = shielded
        agreed = None if boards.refuted(board, marks, state.misprinted, mates) else \
            _replays(board, plan, moves, notation, state.misprinted)
        if agreed is None and mated:
            blocked = _blocked(board, plan, moves, notation, fixed | set(squares))
            if blocked is not None:
                board = blocked
                agreed = None if boards.refuted(board, marks, state.misprinted, mates) else \
                    _replays(board, plan, moves, notation, state.misprinted)
        if agreed is not None and (best is None or agreed > best[0]):
            best = (agreed, board)
            if agreed == len(moves):
                break
    return best


#: A position's men as bitboards: pawns, knights, bishops, rooks, queens, kings, White's men, Black's.
_Men = tuple[int, int, int, int, int, int, int, int]


def _men(board: chess.BaseBoard, within: int = chess.BB_ALL) -> _Men:
    return (board.pawns & within, board.knights & within, board.bishops & within, board.rooks & within,
            board.queens & within, board.kings & within, board.occupied_co[chess.WHITE] & within,
            board.occupied_co[chess.BLACK] & within)


def _attacks_on(men: _Men, color: chess.Color, square: int) -> int:
    """``chess.BaseBoard.attackers_mask`` of a position given as bitboards."""
    pawns, knights, bishops, rooks, queens, kings, white, black = men
    occupied = white | black
    straight, diagonal = queens | rooks, queens | bishops
    attackers = ((chess.BB_KING_ATTACKS[square] & kings) | (chess.BB_KNIGHT_ATTACKS[square] & knights)
                 | (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied] & straight)
                 | (chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied] & straight)
                 | (chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied] & diagonal)
                 | (chess.BB_PAWN_ATTACKS[not color][square] & pawns))
    return attackers & (white if color else black)


def _king(men: _Men, color: chess.Color) -> int | None:
    """``chess.BaseBoard.king`` of a position given as bitboards (no promoted kings in standard chess)."""
    mask = men[5] & men[6 if color else 7]
    return chess.msb(mask) if mask else None


def _escapes(men: _Men, color: chess.Color, king: int) -> bool:
    """Whether the king of ``color`` on ``king`` has a legal step: a square next to him not his own men's that
    no enemy man attacks with the king gone from his square (so none attacks it with him there)."""
    bit = chess.BB_SQUARES[king]
    pawns, knights, bishops, rooks, queens, kings, white, black = men
    without: _Men = (pawns, knights, bishops, rooks, queens, kings & ~bit, white & ~bit, black & ~bit)
    for square in chess.scan_forward(chess.BB_KING_ATTACKS[king] & ~(white if color else black)):
        if not _attacks_on(without, not color, square):
            return True
    return False


class _PlanBoards:
    """A plan's positions, replayed once on the set-up's men alone (``men``: no king the search adds, no man
    placed to shield one), for the tests each candidate set-up makes of the plan: a set-up adds men only on
    squares no planned move touches (else the tests answer as a replay of its own does), so each of its
    positions is the plan's with the added men, and their attacks are read without a board."""

    def __init__(self, men: chess.Board, plan: list[chess.Move]) -> None:
        self.men, self.plan = men, plan
        board = men.copy(stack=False)
        self.turn = board.turn
        self.positions = [_men(board)]
        self.castles: list[bool] = []
        touched = 0
        for move in plan:
            self.castles.append(board.is_castling(move))
            before = self.positions[-1]
            board.push(move)
            after = _men(board)
            self.positions.append(after)
            touched |= chess.BB_SQUARES[move.from_square] | chess.BB_SQUARES[move.to_square]
            for old, new in zip(before, after):
                touched |= old ^ new
        self.touched = touched
        #: Whether a planned move is one its print cannot mean on any set-up adding men where the plan touches
        #: nothing (:func:`_unread`; set by the caller that knows the moves).
        self.unread = False

    def _added(self, board: chess.Board) -> _Men | None:
        """The men ``board`` adds to the set-up's, or ``None`` where one stands on a square the plan touches
        (or the board is not the set-up's men with others added)."""
        added = board.occupied & ~self.men.occupied
        if added & self.touched or board.turn != self.turn or _men(board, self.men.occupied) != self.positions[0]:
            return None
        return _men(board, added)

    def _with(self, k: int, added: _Men) -> _Men:
        p, a = self.positions[k], added  # (spelt out: the tests ask it for each position of each candidate)
        return (p[0] | a[0], p[1] | a[1], p[2] | a[2], p[3] | a[3], p[4] | a[4], p[5] | a[5], p[6] | a[6],
                p[7] | a[7])

    def exposed(self, board: chess.Board, checks: list[bool] | None = None) -> tuple[chess.Color, int, int] | None:
        """:func:`_exposed` of ``board`` and the plan."""
        added = self._added(board)
        if added is None:
            return _exposed(board, self.plan, checks)
        turn = self.turn
        for k in range(len(self.plan) + 1):
            if k:
                move = self.plan[k - 1]
                if self.castles[k - 1]:
                    men = self._with(k - 1, added)
                    crossed = chess.SquareSet(chess.between(move.from_square, move.to_square)) | {move.to_square}
                    for square in crossed:
                        attackers = _attacks_on(men, not turn, square)
                        if attackers:
                            return turn, chess.lsb(attackers), square
                turn = not turn
            men = self._with(k, added)
            color = not turn
            king = _king(men, color)
            if king is None:
                return None
            attackers = _attacks_on(men, turn, king)
            if attackers:
                return color, chess.lsb(attackers), king
            if checks is not None and 0 < k <= len(checks) and not checks[k - 1]:
                checked = _king(men, turn)
                attackers = _attacks_on(men, color, checked) if checked is not None else 0
                if checked is not None and attackers and not attackers & ~(men[2] | men[3] | men[4]):
                    return turn, chess.lsb(attackers), checked
        return None

    def refuted(self, board: chess.Board, checks: list[bool], misprinted: set[int] | frozenset[int],
                mates: list[bool] | None = None) -> bool:
        """Whether :func:`_replays` of ``board`` and the plan is sure to answer ``None`` (``checks``, ``mates``:
        each move's printed marks): a planned move leaves its own king attacked (it is not legal), or gives check
        where none is printed, or none where one is, or is printed mate where the king can step out of it.
        ``False`` where it cannot tell."""
        added = self._added(board)
        if added is None:
            return False
        if self.unread:
            return True
        turn = self.turn
        for k in range(min(len(self.plan), len(checks))):  # (as _replays zips the plan with the moves)
            men = self._with(k + 1, added)
            own, other = _king(men, turn), _king(men, not turn)
            if own is None or other is None:
                return False
            if k not in misprinted and _attacks_on(men, not turn, own):
                return True
            if checks[k] != bool(_attacks_on(men, turn, other)):
                return True
            if mates is not None and mates[k] and _escapes(men, not turn, other):
                return True  # printed mate, and the king has a square to go to
            turn = not turn
        return False


def _unread(men: chess.Board, plan: list[chess.Move], moves: list[PrintedMove], notation: ChessNotation,
            misprinted: set[int] | frozenset[int]) -> bool:
    """Whether a planned move is one its printed descriptive move (a plain move or capture) cannot mean on any
    set-up that adds men (kings, shields, blocks) only on squares the plan touches nothing of: its man, the
    square it goes to, the man it takes, or the squares they started from, disagree with the print (a knight
    placed on the Queen's side for ``K. Kt. to K's 2nd``, a bishop taken that started on the King's for
    ``Kt. takes Q's B.``). Such a move's readings are the legal moves that pass these tests, which the men
    added do not change: read on the set-up's men alone (``men``), the planned move the only one offered, it
    is not read, and :func:`_replays` of every such set-up answers ``None``. (A move planned from a square
    one letter off the printed one is not asked; nor is any notation but English descriptive.)"""
    if type(notation).resolve is not EnglishDescriptive.resolve:
        return False
    position = Position.start(men.copy(stack=False))
    for k, (move, pm) in enumerate(zip(plan, moves)):
        fields = pm.fields
        if k not in misprinted and isinstance(fields, DescriptiveMove) and fields.kind in ("move", "capture") \
                and not fields.castle:
            def offered(from_mask: int, to_mask: int, move: chess.Move = move) -> list[chess.Move]:
                return [move] if from_mask >> move.from_square & 1 and to_mask >> move.to_square & 1 else []

            if not resolve_descriptive(position.board, fields, position.origins, offered):
                return True
        position.push(move)
    return False


def _shielded(board: chess.Board, plan: list[chess.Move], fixed: set[int],
              boards: _PlanBoards | None = None, checks: list[bool] | None = None) -> chess.Board | None:
    """The set-up with a man of the king's side between him and each line piece that would check him
    where no move lets it (a placed bishop on the king's diagonal), or attack a square he crosses as he
    castles (a rook placed on d1 where Black castles long), or that a move printed without check would
    check him with (``checks``: each move's printed mark), on a square no move touches; ``None`` when
    a check cannot be blocked so. (``board`` itself where it needs no shield, else a copy.)"""
    own = False  # (the board is copied where the first shield is placed: most set-ups need none)
    for _ in range(SHIELDS):
        exposed = boards.exposed(board, checks) if boards is not None else _exposed(board, plan, checks)
        if exposed is None:
            return board
        color, attacker, king = exposed
        free = [s for s in chess.SquareSet(chess.between(attacker, king))
                if s not in fixed and board.piece_at(s) is None]
        if not free:
            return None
        square = min(free, key=lambda s: chess.square_distance(s, king))
        man = chess.PAWN if chess.square_rank(square) not in (0, 7) else chess.KNIGHT
        if not own:
            board, own = board.copy(), True
        board.set_piece_at(square, chess.Piece(man, color))
    return None


def _blocked(board: chess.Board, plan: list[chess.Move], moves: list[PrintedMove], notation: ChessNotation,
             fixed: set[int]) -> chess.Board | None:
    """The set-up with the mated king's escapes blocked by his own men, where a move printed as mate is only
    check on it (``R-Q8 mate`` of a king on KKt1 needs his pawns on KB2, KKt2 and KR2, which no move names):
    a man on each square the king could flee to, on a square no move touches (a pawn off the back ranks, else
    a knight); ``None`` where the mate has no such escape or blocking it does not make the mate."""
    board = board.copy()
    replayed = board.copy(stack=False)
    for move, pm in zip(plan, moves):
        replayed.push(move)
        if not notation.printed_marks(pm)[1] or not replayed.is_check() or replayed.is_checkmate():
            continue
        mated = replayed.turn
        king = replayed.king(mated)
        escapes = {m.to_square for m in replayed.legal_moves if m.from_square == king}
        if not escapes or len(escapes) > SHIELDS or escapes & fixed or any(board.piece_at(s) for s in escapes):
            return None
        for square in escapes:
            man = chess.PAWN if chess.square_rank(square) not in (0, 7) else chess.KNIGHT
            board.set_piece_at(square, chess.Piece(man, mated))
        return board if board.is_valid() else None
    return None


def _exposed(board: chess.Board, plan: list[chess.Move],
             checks: list[bool] | None = None) -> tuple[chess.Color, int, int] | None:
    """The first king left in check by the set-up or by his own side's planned move, or crossing an
    attacked square as he castles, or (``checks``: each move's printed check mark) checked by line pieces
    only after a move printed without check: his colour, the attacking man's square and the king's (or the
    square he crosses)."""
    board = board.copy(stack=False)
    for k, move in enumerate([None, *plan]):
        if move is not None:
            if board.is_castling(move):
                crossed = chess.SquareSet(chess.between(move.from_square, move.to_square)) | {move.to_square}
                for square in crossed:
                    attackers = board.attackers(not board.turn, square)
                    if attackers:
                        return board.turn, next(iter(attackers)), square
            board.push(move)
        color = not board.turn
        king = board.king(color)
        if king is None:
            return None
        attackers = board.attackers(board.turn, king)
        if attackers:
            return color, next(iter(attackers)), king
        checked = board.king(board.turn)
        if checks is not None and 0 < k <= len(checks) and not checks[k - 1] and checked is not None:
            checkers = board.attackers_mask(not board.turn, checked)
            if checkers and not checkers & ~(board.bishops | board.rooks | board.queens):
                return board.turn, chess.lsb(checkers), checked
    return None


def _replays(board: chess.Board, plan: list[chess.Move], moves: list[PrintedMove],
             notation: ChessNotation, misprinted: set[int] | frozenset[int] = frozenset()) -> int | None:
    """How many moves read as one legal move, their printed check marks agreeing, when every move
    replays as planned (an OCR'd square may leave two readings, for the replay to choose between);
    ``None`` if one does not. A move planned from a square one letter off the printed one
    (``misprinted``, by index) replays where the print reads as no legal move, and is not counted."""
    position, agreed = Position.start(board.copy()), 0
    for k, (move, pm) in enumerate(zip(plan, moves)):
        readings = notation.resolve(position, pm)
        if move not in readings and (k not in misprinted or readings):
            return None
        position.push(move)
        check, mate = notation.printed_marks(pm)
        if check != position.board.is_check() or mate != position.board.is_checkmate():
            return None
        agreed += readings == [move]
    return agreed
