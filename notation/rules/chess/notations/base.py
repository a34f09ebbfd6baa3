"""What every chess notation is: the class each notation's module subclasses.

A chess notation is one slice: its grammar in ``grammars/`` and one module in
this package that reads a record with it (``parse``), reads a printed move on a
:class:`~notation.boards.chess.Position` (``resolve``, with every reading), says
which check and mate marks it printed (``printed_marks``), lists the forms a
legal move can be printed in (``forms``, for the nearest-reading repair) and
prints a move (``write_move``): a :class:`notation.families.MoveNotation`. It
also says how to recognise its moves in a text (``word``, ``clue``), so that the
family's detection is built from its notations, never written beside them.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Iterable

import chess
from lark import Lark, UnexpectedInput

from notation.boards.chess import Position
from notation.model import ParsedRecord, PrintedMove, Record
from notation.parse.chess_layout import LayoutTransformer, layout_moves_read, parse_book

#: What every text in an algebraic notation (SAN, German, algebraic between prose) has: a square
#: (``e4``, ``e 2``, never the ``x`` of a capture) or castling.
ALGEBRAIC_CLUE = re.compile(r"(?<![a-wyz])[a-h] ?[1-8]|[O0]-[O0]|[O0]–[O0]|[O0]—[O0]")


class ChessNotation(abc.ABC):
    """One way of printing chess moves, with everything the family asks of it."""

    #: The notation's name, as a record's ``[Notation]`` tag gives it.
    name: str
    #: Its grammar, a file of ``grammars/``.
    grammar: str
    #: One move as the notation prints it, as a regular expression (without check marks, which
    #: the family adds): the family finds the notation's moves in a text with it.
    word: str
    #: Something every text in the notation has (``None``: no such sign): a text without it is
    #: not tried in this notation.
    clue: re.Pattern[str] | None = None
    #: Whether every move the notation reads has its clue (names a square or castles): then a text's
    #: clues bound the moves a reading in it can read.
    clue_in_every_move: bool = False
    #: How a pass is printed between moves when the movetext is written (``None``: never printed).
    null_move: str | None = None

    @abc.abstractmethod
    def parse(self, record: Record) -> ParsedRecord:
        """A record's moves as printed (syntax only); :class:`notation.parse.ParseError` if it cannot."""

    @abc.abstractmethod
    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        """Every legal move the printed move can mean here (empty: none; several: ambiguous)."""

    @abc.abstractmethod
    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        """(check, mate) as printed."""

    @abc.abstractmethod
    def forms(self, position: Position, move: chess.Move) -> list[str]:
        """The ways this notation may print ``move`` here (without check marks), for repairs."""

    def read_forms(self, position: Position, move: chess.Move) -> list[str]:
        """The ways a book may print ``move`` here, for the decoder to read: :meth:`forms`, and any a
        notation reads but never proposes as a repair (descriptive's pawn steps counted in squares).
        They depend on the men the move moves and takes and where those men started, never on the rest
        of the board: the decoder makes them once for every position where those are the same."""
        return self.forms(position, move)

    def told_forms(self, position: Position, move: chess.Move) -> list[str]:
        """The ways a book may tell ``move`` by what it does, not by where it goes (descriptive's "The
        rook gives check."): they depend on the whole position, not on the move's men alone, so the
        decoder looks them up apart from :meth:`read_forms`, and only as printed. None by default."""
        return []

    def damaged_readings(self, position: Position, printed: PrintedMove) -> list[tuple[chess.Move, str]]:
        """Where ``printed`` reads as no legal move, the legal moves it reads as with one part of it taken
        as damaged by the OCR, each with that part said in words (``'e1' names no bishop: ...``): the
        replay reads the move so, as an OCR confusion, only where there is one. None by default."""
        return []

    @abc.abstractmethod
    def write_move(self, position: Position, move: chess.Move) -> str:
        """The move as this notation prints it, with its check or mate mark."""

    def write_long(self, position: Position, move: chess.Move) -> str:
        """The move naming the square its man comes from as well as the one he goes to (and the man he
        takes): written where the replay went on on a set-up inferred from the moves after lost ones,
        which a reader infers again from the moves, and so must be left no choice of where a man stood.
        :meth:`write_move` where that names them already."""
        return self.write_move(position, move)

    def setup_tags(self, board: chess.Board) -> dict[str, str]:
        """The tag pairs a score in this notation starts from ``board`` with, where that is not the
        opening: ``[FEN]``, which says it all (the castling rights, the move number)."""
        return {"FEN": board.fen()}

    def book_moves(self, text: str) -> int:
        """How many moves the notation reads in ``text`` when it reads it whole (0 if it cannot):
        a book is cut into games where a score of two moves or more begins at move 1
        (:mod:`notation.parse.chess_book`). 0 by default: the notation finds no games in a book."""
        return 0


class LayoutNotation(ChessNotation):
    """A notation printed in a book's layouts (``grammars/chess_layout.lark``): paragraphs of
    numbered moves and the author's prose. Its grammar imports the layout and overrides ``move``;
    its :attr:`transformer` reads one ``move`` tree into the fields ``resolve`` reads."""

    #: The layout transformer with this notation's ``fields``.
    transformer: type[LayoutTransformer]

    def parse(self, record: Record) -> ParsedRecord:
        return parse_book(record, "chess", self.name, self.grammar, self.transformer)

    def book_moves(self, text: str) -> int:
        return layout_moves_read(self.grammar, self.transformer, text)


def tree_moves(parser: Lark, rule: str, text: str, damage: str | None = None) -> int:
    """How many ``rule`` subtrees ``parser`` reads in ``text`` whole (0 if it cannot read it, or reads it only past
    a ``damage`` subtree: a stray bracket a PGN file's reader reads past is a book's tag or its prose's)."""
    try:
        tree = parser.parse(text)
    except UnexpectedInput:
        return 0
    if damage is not None and any(tree.find_data(damage)):
        return 0
    return sum(1 for _ in tree.find_data(rule))


def move_word(notations: Iterable[ChessNotation]) -> re.Pattern[str]:
    """A move of any of the notations as a word of a text: not glued to the word before (but to a move
    number before a capital, as the OCR glues them: "6PtoK5"), its marks after it (``ch``, ``mate``,
    ``+``, ``!?``), not glued to the word after."""
    words = list(dict.fromkeys(n.word for n in notations))
    return re.compile(r"(?x)(?:(?<![\w/-])|(?<=(?<![\w.,/-])\d)(?=[A-Z])|(?<=(?<![\w.,/-])\d\d)(?=[A-Z]))(?:"
                      + "|".join(f"(?:{w})" for w in words) + r")(?:ch|mate|[+#!?])*(?![\w/])")


def san_read_forms(board: chess.Board, move: chess.Move) -> list[str]:
    """SAN's ways of printing ``move`` (without check marks) that depend on its men alone: a piece's move
    with its square of departure named not at all, by file, by rank and whole (``Nd5``, ``Nbd5``, ``N6d5``,
    ``Nb6d5``), whatever the other men. SAN names as much as the position needs (``Nbd5`` where the other
    Knight goes to d5 too); a book may print more, or less (an ambiguous ``Nd5``, which the moves after it
    settle), and a form that changed with the other men would be wrong where the decoder makes the move's
    forms once for all its positions (:meth:`ChessNotation.read_forms`)."""
    piece = board.piece_type_at(move.from_square)
    if move.drop or piece in (None, chess.PAWN, chess.KING) or board.is_castling(move):
        return [board.san(move).rstrip("+#")]
    letter, took = chess.piece_symbol(piece).upper(), "x" if board.is_capture(move) else ""
    start, end = chess.square_name(move.from_square), chess.square_name(move.to_square)
    return [f"{letter}{named}{took}{end}" for named in ("", start[0], start[1], start)]
