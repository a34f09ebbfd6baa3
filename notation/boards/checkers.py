"""English checkers (draughts) under Foster's laws: the board, legal moves, PDN FEN.

Squares are numbered 1-32 as in every checker book: Black's men start on
1-12 at the top of the diagram and move down the board (to higher numbers),
White's on 21-32 move up; Black moves first. Men move one square diagonally
forward, kings one square either way. Captures are compulsory, a capture
sequence must be completed, and a man that reaches the far row is crowned and
ends its move there. A side that cannot move loses.

The position is four numbers (bitboards: bit ``s - 1`` for square ``s``),
so copying one is cheap and move generation is a few table look-ups.

>>> board = Board.initial()
>>> [str(m) for m in board.legal_moves()][:3]
['9-13', '9-14', '10-14']
>>> board.push(board.parse_move("11-15")).fen()
'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

BLACK, WHITE = 0, 1
SIDE_NAMES = ("black", "white")
FULL = (1 << 32) - 1

#: Diagonal directions: 0 and 1 go down the board (Black's forward), 2 and 3 up (White's).
_DELTAS = ((1, -1), (1, 1), (-1, -1), (-1, 1))
FORWARD = ((0, 1), (2, 3))
KING_DIRS = (0, 1, 2, 3)
#: The row where each side's men are crowned (Black on 29-32, White on 1-4).
CROWN_ROW = (0xF << 28, 0xF)


def square_xy(square: int) -> tuple[int, int]:
    """``(row, column)`` of a square on the 8x8 board, row 0 at the top (Black's side), column 0 at the left."""
    i = square - 1
    row = i // 4
    return row, 2 * (i % 4) + (1 if row % 2 == 0 else 0)


def xy_square(row: int, col: int) -> int | None:
    """The square number at ``(row, column)``, or ``None`` for a light square or off the board."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    return row * 4 + col // 2 + 1


def _tables() -> tuple[list[list[int]], list[list[int]]]:
    step = [[-1] * 4 for _ in range(32)]
    jump = [[-1] * 4 for _ in range(32)]
    for i in range(32):
        row, col = square_xy(i + 1)
        for d, (dr, dc) in enumerate(_DELTAS):
            n = xy_square(row + dr, col + dc)
            j = xy_square(row + 2 * dr, col + 2 * dc)
            step[i][d] = -1 if n is None else n - 1
            jump[i][d] = -1 if j is None or n is None else j - 1
    return step, jump


#: STEP[i][d]: index of the neighbour of index i in direction d (-1 off the board);
#: JUMP[i][d]: the landing index of a jump from i in direction d.
STEP, JUMP = _tables()


class Move(NamedTuple):
    """A move: the squares visited (1-32), the squares of the pieces captured, whether the man was crowned."""

    path: tuple[int, ...]
    captures: tuple[int, ...] = ()
    crowned: bool = False

    @property
    def start(self) -> int:
        return self.path[0]

    @property
    def end(self) -> int:
        return self.path[-1]

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)

    def __str__(self) -> str:
        """PDN style: ``11-15``, ``15x22``, ``11x18x25`` (the full path of a multi-jump)."""
        return ("x" if self.captures else "-").join(map(str, self.path))

    def short(self) -> str:
        """PDN short form: the two end squares only (``11x25``)."""
        return f"{self.path[0]}{'x' if self.captures else '-'}{self.path[-1]}"


class FenError(ValueError):
    """A PDN FEN string that cannot be read; the message says what was expected."""


class FenPositionError(FenError):
    """A PDN FEN that reads, but names no position of the board: a man on a square the board has not, a square
    given to both sides."""


class Board:
    """A position: the pieces of each side, the kings, and the side to move."""

    __slots__ = ("black", "white", "kings", "turn")

    def __init__(self, black: int = 0, white: int = 0, kings: int = 0, turn: int = BLACK) -> None:
        self.black = black
        self.white = white
        self.kings = kings
        self.turn = turn

    @classmethod
    def initial(cls) -> Board:
        """The opening position: Black on 1-12, White on 21-32, Black to move."""
        return cls(0xFFF, 0xFFF << 20, 0, BLACK)

    @classmethod
    def from_pieces(cls, pieces: dict[int, tuple[int, bool]], turn: int = BLACK) -> Board:
        """A board from ``{square: (side, is_king)}``."""
        board = cls(turn=turn)
        for square, (side, king) in pieces.items():
            bit = 1 << (square - 1)
            if side == BLACK:
                board.black |= bit
            else:
                board.white |= bit
            if king:
                board.kings |= bit
        return board

    def copy(self) -> Board:
        return Board(self.black, self.white, self.kings, self.turn)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Board) and self.black == other.black and self.white == other.white
                and self.kings == other.kings and self.turn == other.turn)

    def __hash__(self) -> int:
        return hash((self.black, self.white, self.kings, self.turn))

    def __repr__(self) -> str:
        return f"Board({self.fen()!r})"

    def piece_at(self, square: int) -> tuple[int, bool] | None:
        """``(side, is_king)`` of the piece on a square, or ``None`` if it is empty."""
        bit = 1 << (square - 1)
        if self.black & bit:
            return BLACK, bool(self.kings & bit)
        if self.white & bit:
            return WHITE, bool(self.kings & bit)
        return None

    def pieces(self) -> dict[int, tuple[int, bool]]:
        """Every piece: ``{square: (side, is_king)}``."""
        out = {}
        for s in range(1, 33):
            p = self.piece_at(s)
            if p is not None:
                out[s] = p
        return out

    # ------------------------------------------------------------------
    # Move generation

    def legal_moves(self) -> list[Move]:
        """Every legal move: the captures if there is one (captures are compulsory), else the plain moves."""
        captures = self.captures()
        return captures if captures else self.plain_moves()

    def captures(self) -> list[Move]:
        """Every complete capture sequence of the side to move."""
        own, enemy = (self.black, self.white) if self.turn == BLACK else (self.white, self.black)
        forward = FORWARD[self.turn]
        crown = CROWN_ROW[self.turn]
        empty = ~(self.black | self.white) & FULL
        out: list[Move] = []
        bits = own
        while bits:
            low = bits & -bits
            bits ^= low
            i = low.bit_length() - 1
            king = bool(self.kings & low)
            # The piece leaves its square: a king may capture round back to it.
            self._jump(i, KING_DIRS if king else forward, enemy, empty | low,
                       0 if king else crown, (i + 1,), (), 0, out)
        return out

    @staticmethod
    def _jump(i: int, dirs: tuple[int, ...], enemy: int, empty: int, crown: int,
              path: tuple[int, ...], taken: tuple[int, ...], taken_bits: int, out: list[Move]) -> None:
        extended = False
        for d in dirs:
            land = JUMP[i][d]
            if land < 0:
                continue
            over = 1 << STEP[i][d]
            if enemy & over and not taken_bits & over and empty >> land & 1:
                extended = True
                step_path = path + (land + 1,)
                step_taken = taken + (STEP[i][d] + 1,)
                if crown >> land & 1:
                    # Crowning ends the move.
                    out.append(Move(step_path, step_taken, True))
                else:
                    Board._jump(land, dirs, enemy, empty, crown, step_path, step_taken,
                                taken_bits | over, out)
        if not extended and taken:
            out.append(Move(path, taken, False))

    def plain_moves(self) -> list[Move]:
        """Every non-capturing move of the side to move (legal only when there is no capture)."""
        own = self.black if self.turn == BLACK else self.white
        forward = FORWARD[self.turn]
        crown = CROWN_ROW[self.turn]
        occupied = self.black | self.white
        out: list[Move] = []
        bits = own
        while bits:
            low = bits & -bits
            bits ^= low
            i = low.bit_length() - 1
            king = self.kings & low
            for d in (KING_DIRS if king else forward):
                n = STEP[i][d]
                if n >= 0 and not occupied >> n & 1:
                    out.append(Move((i + 1, n + 1), (), not king and bool(crown >> n & 1)))
        return out

    def push(self, move: Move) -> Board:
        """The position after a move (which is assumed legal here). The board itself is unchanged."""
        start = 1 << (move.path[0] - 1)
        end = 1 << (move.path[-1] - 1)
        black, white, kings = self.black, self.white, self.kings
        taken = 0
        for s in move.captures:
            taken |= 1 << (s - 1)
        is_king = kings & start
        kings &= ~(start | taken)
        if is_king or move.crowned:
            kings |= end
        if self.turn == BLACK:
            black = (black & ~start) | end
            white &= ~taken
        else:
            white = (white & ~start) | end
            black &= ~taken
        return Board(black, white, kings & FULL, 1 - self.turn)

    def is_game_over(self) -> bool:
        """Whether the side to move cannot move (and so has lost)."""
        return not self.legal_moves()

    def parse_move(self, text: str) -> Move:
        """The legal move written in PDN (``11-15``, ``15x22``, ``11x25``, ``11x18x25``). Raises ``ValueError``."""
        squares = [int(p) for p in text.replace("x", "-").split("-")]
        matches = match_moves(self.legal_moves(), squares)
        if len(matches) != 1:
            raise ValueError(f"{text!r} is {'ambiguous' if matches else 'not legal'} in {self.fen()}: "
                             f"expected one of {', '.join(map(str, self.legal_moves()))}")
        return matches[0]

    def perft(self, depth: int) -> int:
        """Number of move paths of ``depth`` plies (the standard generator test)."""
        moves = self.legal_moves()
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        return sum(self.push(m).perft(depth - 1) for m in moves)

    # ------------------------------------------------------------------
    # PDN FEN: "B:W21,22,K3:B1,2"

    def fen(self) -> str:
        """The PDN FEN of the position: side to move, then White's and Black's squares, men before kings."""
        def squares(bits: int, prefix: str = "") -> list[str]:
            out = []
            while bits:
                low = bits & -bits
                out.append(prefix + str(low.bit_length()))
                bits ^= low
            return out

        def side(bits: int) -> str:
            return ",".join(squares(bits & ~self.kings) + squares(bits & self.kings, "K"))
        return f"{'BW'[self.turn]}:W{side(self.white)}:B{side(self.black)}"

    @classmethod
    def from_fen(cls, fen: str) -> Board:
        """Read a PDN FEN: ``B:W21,22,K3:B1,2``; ranges (``W21-32``), one side only, a final ``.`` all allowed."""
        text = fen.strip().strip('"').rstrip(".").strip()
        parts = [p.strip() for p in text.split(":")]
        if not parts or parts[0].upper() not in ("B", "W"):
            raise FenError(f"FEN {fen!r}: expected the side to move (B or W) first")
        board = cls(turn=BLACK if parts[0].upper() == "B" else WHITE)
        for part in parts[1:]:
            if not part:
                continue
            colour = part[0].upper()
            if colour not in ("B", "W"):
                raise FenError(f"FEN {fen!r}: expected a piece list starting with W or B, found {part!r}")
            for item in part[1:].split(","):
                item = item.strip()
                if not item:
                    continue
                king = item[0].upper() == "K"
                body = item[1:] if king else item
                try:
                    if "-" in body:
                        lo, hi = (int(x) for x in body.split("-"))
                        squares: Iterable[int] = range(lo, hi + 1)
                    else:
                        squares = (int(body),)
                except ValueError:
                    raise FenError(f"FEN {fen!r}: expected a square number 1-32, found {item!r}") from None
                for s in squares:
                    if not 1 <= s <= 32:
                        raise FenPositionError(f"FEN {fen!r}: square {s} is off the board (expected 1-32)")
                    bit = 1 << (s - 1)
                    if colour == "B":
                        board.black |= bit
                    else:
                        board.white |= bit
                    if king:
                        board.kings |= bit
        if board.black & board.white:
            raise FenPositionError(f"FEN {fen!r}: a square is given to both sides")
        return board


INITIAL_FEN = Board.initial().fen()


def match_moves(moves: Iterable[Move], squares: list[int]) -> list[Move]:
    """The moves a printed square list can mean: the same start and end, and every printed square on the path in order.

    ``[11, 25]`` matches ``11x18x25``; ``[11, 18, 25]`` matches it only by its full path.
    """
    out = []
    for m in moves:
        if m.path[0] != squares[0] or m.path[-1] != squares[-1]:
            continue
        if len(squares) > 2:
            it = iter(m.path)
            if not all(s in it for s in squares):
                continue
        out.append(m)
    return out


def book_text(board: Board, move: Move) -> str:
    """A move as the checker books print it: ``11-15``, ``3- 8`` for Black, ``23 19`` for White.

    A capture is written by its end squares, unless another capture from the
    same position shares them; then by its full path (``11x18x25``), which
    book notation also reads.
    """
    a, b = move.path[0], move.path[-1]
    if len(move.path) > 2 and len(match_moves(board.legal_moves(), [a, b])) > 1:
        return "x".join(map(str, move.path))
    if board.turn == BLACK:
        return f"{a}-{b}" if b >= 10 else f"{a}- {b}"
    return f"{a} {b}"
