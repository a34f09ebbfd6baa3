"""What every checkers notation is: a printed move is its squares, read on the board.

The three notations (the books', PDN, the encyclopaedias' columns) all print squares 1-32;
they differ in what the marks between them say. Each is a module of this package, its grammar
in ``grammars/``; the fields of every printed move are a :class:`SquareMove`.
"""

from __future__ import annotations

import abc
import re
from dataclasses import dataclass
from typing import Any

from notation.boards.checkers import Board, Move, match_moves, square_xy
from notation.model import ParsedRecord, PrintedMove, Record


@dataclass(frozen=True)
class SquareMove:
    """A checker move as printed: squares in order, the joining mark, the side the mark implies.

    ``joiner`` is ``"-"`` (Black in book notation, any side in PDN), ``" "``
    (White in book notation) or ``"x"`` (a capture); ``side`` is ``"black"``,
    ``"white"`` or ``None`` when the printing does not say.
    """

    squares: tuple[int, ...]
    joiner: str
    side: str | None = None
    losing: bool = False
    #: The printing marks the man crowned (``6-2K``, ``6-2 (K)``).
    crowned: bool = False
    #: OCR's letters read as digits (``l1-15`` as 11-15): said in a warning.
    ocr: bool = False
    #: How the decoder read the words (:mod:`notation.rules.checkers.decode`): ``printed``, ``ocr`` (through
    #: an OCR confusion), ``misprint`` (a figure off) or ``damaged``; ``None`` when a grammar read them.
    decoded: str | None = None
    #: Where prose names this move again where its line plays it ("and Black has the choice of 12-16 or 10-14.
    #: After 12-16, ..."): each word (start, end) read as this move, not as a second line.
    again: tuple[tuple[int, int], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"squares": list(self.squares), "joiner": self.joiner, "side": self.side,
                "losing": self.losing, "crowned": self.crowned, "ocr": self.ocr,
                "decoded": self.decoded}


#: The letters e-texts' OCR prints for digits.
OCR_DIGITS = {"l": "1", "O": "0"}

#: A note's letter glued bare to the move it marks, "17-13a" (its note opens "a."): a letter no OCR reads for a figure.
BARE_REF = re.compile(r"(?<=[0-9])[a-h](?=[.,;:]*$)")


def squares_of(text: str) -> tuple[int, ...]:
    """The square numbers in a printed move, in order (``"3- 8"`` -> ``(3, 8)``; OCR's ``l1`` -> 11)."""
    out: list[int] = []
    number = ""
    text = text.replace("(K)", "").rstrip("K ")
    for ch in text:
        ch = OCR_DIGITS.get(ch, ch) if number or ch in OCR_DIGITS else ch
        if ch.isdigit():
            number += ch
        elif number:
            out.append(int(number))
            number = ""
    if number:
        out.append(int(number))
    return tuple(out)


class SquareNotation(abc.ABC):
    """What every checkers notation shares: a printed move is its squares (a :class:`SquareMove`), read
    against the legal moves. A notation subclasses it, with its name, ``parse``, ``forms`` and ``write_move``."""

    name: str

    #: Whether the printing marks the side that moves (the books' hyphen and space).
    side_marks: bool = False
    #: Whether ``x`` claims a capture, so ``x`` on a plain move is worth a warning.
    capture_mark: bool = False

    @abc.abstractmethod
    def parse(self, record: Record) -> ParsedRecord:
        """A record's moves as printed (syntax only); :class:`notation.parse.ParseError` if it cannot."""

    @abc.abstractmethod
    def forms(self, position: Board, move: Move) -> list[str]:
        """The ways this notation may print ``move`` here, for repairs."""

    @abc.abstractmethod
    def write_move(self, position: Board, move: Move) -> str:
        """The move as this notation prints it."""

    def resolve(self, position: Board, printed: PrintedMove) -> list[Move]:
        """Every legal move whose path holds the printed squares, in order, from the first to the last."""
        squares = list(printed.fields.squares)
        if len(squares) < 2:
            return []
        return match_moves(position.legal_moves(), squares)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        """Checkers prints no check or mate."""
        return False, False

    def result_text(self, book_words: str) -> str:
        """A result or verdict of the rules (in book words) as this notation prints results."""
        return book_words


def is_leg(a: int, b: int) -> bool:
    """Whether a piece can go from ``a`` to ``b`` in one step or one jump (by the squares' numbers alone)."""
    if not (1 <= a <= 32 and 1 <= b <= 32):
        return False
    (r1, c1), (r2, c2) = square_xy(a), square_xy(b)
    return abs(r1 - r2) == abs(c1 - c2) in (1, 2)
