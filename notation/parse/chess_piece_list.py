"""Piece lists in algebraic notation, English and German (and Meyer's universal letters) -> a position
(``grammars/chess_piece_list.lark``).

Problem books and periodicals list a position side by side::

    >>> piece_list_board("White: Kg1, Qd1, Pa2, b3. Black: Kg8, Pf7.").fen()
    '6k1/5p2/8/8/8/1P6/P7/3Q2K1 w - - 0 1'
    >>> piece_list_board("Weiß: Kh1, Ld3, Bg2. Schwarz: Kh8, Bh7. Weiß zieht und gewinnt.").fen()
    '7k/7p/8/8/8/3B4/6P1/7K w - - 0 1'

The men's letters are those of the list's language, told by its colour word:
``B`` is a Bishop after ``White:``, a Pawn (Bauer) after ``Weiß:``. A square
alone is a Pawn. A list in Meyer's universal letters (K L M N O P, the same in
every language) is told by a letter no English list has (L, M, O); each letter
there stands over the squares after it ("M a5, h1"). Who moves is what the list says ("White to play", "Schwarz
zieht"), else White unless Black stands in check. :class:`PieceListError`
names the column and what was expected there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import chess
from lark import Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError

from notation.parse import lark_failure, load
from notation.parse.chess_diagram import checked
from notation.parse.chess_setup import SetUpError

GRAMMAR = "chess_piece_list.lark"

ENGLISH = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT,
           "KT": chess.KNIGHT, "P": chess.PAWN}
GERMAN = {"K": chess.KING, "D": chess.QUEEN, "T": chess.ROOK, "L": chess.BISHOP, "S": chess.KNIGHT,
          "B": chess.PAWN}
#: Meyer's universal letters (King, Queen, Rook, Bishop, Knight, Pawn), printed under English colour words.
UNIVERSAL = {"K": chess.KING, "L": chess.QUEEN, "M": chess.ROOK, "N": chess.BISHOP, "O": chess.KNIGHT,
             "P": chess.PAWN}
#: The universal letters no English list uses: a list that uses one is in the universal letters.
UNIVERSAL_ONLY = frozenset("LMO")

EXPECTED_NAMES = {
    "COLOUR": "a side (White:, Black:, Weiß:, Schwarz:)", "COUNT": "the number of men, such as (5)",
    "_COLON": "':'", "PIECE": "a man's letter", "SQUARE": "a square such as g1",
    "_SEP": "',' or '.'", "TO_MOVE": "who moves (White to play ...)", "$END": "the end of the list",
}


class PieceListError(SetUpError):
    """The text is no piece list of a position; ``column`` is 1-based, ``offset`` 0-based (as a
    :class:`~notation.parse.chess_setup.SetUpError`, the error of the descriptive lists)."""


@dataclass
class PieceList:
    """The men a list names, each with its side and where it is printed, and who moves."""

    text: str
    men: list[tuple[chess.Color, chess.PieceType, chess.Square, int]] = field(default_factory=list)
    turn: chess.Color | None = None

    def board(self, turn: chess.Color | None = None) -> chess.Board:
        """The position, checked (one King a side, no Pawn on an edge rank, nobody in check out of turn)."""
        board = chess.Board.empty()
        for colour, piece, square, at in self.men:
            if board.piece_at(square) is not None:
                raise PieceListError(self.text, at, f"{chess.square_name(square)} is named twice")
            if piece == chess.PAWN and chess.square_rank(square) in (0, 7):
                raise PieceListError(self.text, at, f"a Pawn cannot stand on {chess.square_name(square)}, "
                                                    "the first or last rank")
            board.set_piece_at(square, chess.Piece(piece, colour))
        return checked(board, self.turn if turn is None else turn,
                       lambda message: PieceListError(self.text, len(self.text), message))


def _colour_of(word: str) -> tuple[chess.Color, dict[str, chess.PieceType]]:
    low = word.lower()
    if low.startswith("wei"):
        return chess.WHITE, GERMAN
    if low == "schwarz":
        return chess.BLACK, GERMAN
    return (chess.WHITE if low == "white" else chess.BLACK), ENGLISH


@v_args(meta=True)
class PieceListTransformer(Transformer):
    """Tree of ``chess_piece_list.lark`` -> :class:`PieceList`: each man goes to the side whose list it is in."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def side(self, meta, children):
        return _colour_of(str(children[0]))

    def man(self, meta, children):
        letter = str(children[0]).rstrip(".").upper() if len(children) == 2 else None
        square = chess.parse_square(str(children[-1]).replace(" ", ""))
        return letter, square, meta.start_pos

    def to_move(self, meta, children):
        return _colour_of(str(children[0]).split()[0])[0]

    def start(self, meta, children):
        pieces = PieceList(self.text)
        side: tuple[chess.Color, dict[str, chess.PieceType]] | None = None
        # In the universal letters a letter stands over the squares after it ("M a5, h1": two Rooks); in
        # English and German a square alone is a Pawn.
        universal = any(isinstance(item, tuple) and len(item) == 3 and item[0] in UNIVERSAL_ONLY for item in children)
        named: str | None = None
        for item in children:
            if isinstance(item, tuple) and len(item) == 2:
                side = (item[0], UNIVERSAL) if universal and item[1] is ENGLISH else item
                named = None
            elif isinstance(item, tuple):
                letter, square, at = item
                if universal:
                    letter = named = letter or named
                if side is None:
                    raise PieceListError(self.text, at, "a man before any side's list: expected a side "
                                                        "(White:, Black:, Weiß:, Schwarz:)", [EXPECTED_NAMES["COLOUR"]])
                colour, names = side
                if letter is not None and letter not in names:
                    raise PieceListError(self.text, at, f"{letter!r} is no man in the list's language: "
                                                        f"expected one of {', '.join(sorted(names))}",
                                         sorted(names))
                pieces.men.append((colour, names[letter] if letter else chess.PAWN, square, at))
            else:
                pieces.turn = item
        return pieces


def parse_piece_list(text: str) -> PieceList:
    """Read a piece list; :class:`PieceListError` names the column and what was expected."""
    try:
        tree = load(GRAMMAR).parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    try:
        return PieceListTransformer(text).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, PieceListError):
            raise exc.orig_exc from None
        raise


def piece_list_board(text: str) -> chess.Board:
    """The position a piece list names."""
    return parse_piece_list(text).board()


def _syntax_error(text: str, exc: UnexpectedInput) -> PieceListError:
    offset, expected, found = lark_failure(text, exc, "the end of the list")
    names = sorted({EXPECTED_NAMES.get(name, name) for name in expected})
    return PieceListError(text, offset, f"expected {' or '.join(names) or 'a piece list'}, found {found}", names)
