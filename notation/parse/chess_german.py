"""German notation: ``grammars/chess_german.lark`` -> printed moves.

Long form (``e 2-e 4``, ``S g 1-f 3``, ``S f 3 n e 5``) names both squares;
short form (``Sf3``, ``Dxd4``, ``exd5``) names the target and, when needed,
the file or rank the piece comes from. Either way the board decides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Tree

from notation.model import ParsedRecord, Record
from notation.parse.chess_layout import LayoutTransformer, parse_book

NAME = "german"
GRAMMAR = "chess_german.lark"

#: König, Dame, Turm, Läufer, Springer, Bauer -> python-chess symbols.
PIECES = {"K": "K", "D": "Q", "T": "R", "L": "B", "S": "N", "B": "P"}
#: Figurines (either colour) as German books and web pages print them.
PIECES.update(zip("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN"))


#: Files an OCR digit stands for where a long move's file letter should be (``07-05`` is c7-c5,
#: ``52-54`` b2-b4): the letters it looks like. The board decides among them, and takes any file
#: when none of them is legal.
OCR_FILES = {"0": "cdefg", "1": "bfh", "5": "b", "6": "b", "8": "gb", "9": "g"}
#: Letters an OCR reads where a rank's digit should be (``Lcl`` is Lc1, ``Tez`` Te2).
OCR_RANKS = {"l": "1", "I": "1", "i": "1", "z": "2"}


@dataclass
class GermanMove:
    """One move as printed in German notation; squares are python-chess names (``e4``)."""

    piece: str = "P"
    origin: str | None = None  # "e2" (long form), "b" or "1" (short form), or None
    to: str | None = None
    capture: bool = False
    castle: str | None = None  # "K" or "Q"
    promotion: str | None = None
    en_passant: bool = False
    check: bool = False
    mate: bool = False
    long: bool = False
    to_file: str | None = None  # "exd": a pawn capture that names only the file it takes on
    #: The files an OCR digit printed for a square's file may stand for ("cdeg" for "0"), or "*"
    #: for any file (the file is lost: "Lf1-4"); the square itself is then "?7" (file unknown).
    origin_files: str = ""
    to_files: str = ""
    #: OCR confusions read through, said in words ("'0' read as a file letter"), for a warning.
    confusions: tuple[str, ...] = ()


def _square(text: str) -> str:
    return text.replace(" ", "")


def _ocr_square(text: str, confusions: list[str]) -> tuple[str, str]:
    """An OCR-damaged square (``07``, ``cl``) as ``(square, files)``: ``?7`` with the files the
    digit may stand for, or ``c1`` with no doubt left; the confusion is said in ``confusions``."""
    text = text.strip()
    if text[0].isdigit():
        looks = OCR_FILES.get(text[0])
        confusions.append(f"{text!r}: {text[0]!r} read as a file letter ({', '.join(looks) if looks else 'any file'})")
        return "?" + text[1], OCR_FILES.get(text[0], "*")
    confusions.append(f"{text!r}: {text[1]!r} read as {OCR_RANKS[text[1]]!r}")
    return text[0] + OCR_RANKS[text[1]], ""


class GermanTransformer(LayoutTransformer):
    """The layout transformer, reading each ``move`` as a :class:`GermanMove`."""

    #: The piece letters and figurines of the notation -> python-chess symbols.
    pieces = PIECES

    def fields(self, children: list[Any]) -> GermanMove:
        move = GermanMove()
        for child in children:
            if not isinstance(child, Tree):
                continue
            if child.data in ("long_move", "short_move"):
                move.long = child.data == "long_move"
                squares = []
                files: list[str] = []
                confusions: list[str] = []
                for part in child.children:
                    if isinstance(part, Tree):
                        if part.data == "origin":
                            move.origin = str(part.children[0])
                        elif part.data == "promotion":
                            move.promotion = self.pieces[str(part.children[0]).strip(" =()")]
                        elif part.data == "en_passant":
                            move.en_passant = True
                    elif part.type == "PIECE":
                        move.piece = self.pieces[str(part).rstrip(".")]
                    elif part.type == "SQUARE":
                        squares.append(_square(str(part)))
                        files.append("")
                    elif part.type == "OCR_SQUARE":
                        square, candidates = _ocr_square(str(part), confusions)
                        squares.append(square)
                        files.append(candidates)
                    elif part.type == "LOST_FILE":
                        squares.append("?" + str(part).strip())
                        files.append("*")
                        confusions.append("the file of the square it goes to is lost")
                    elif part.type == "SQUARES":
                        squares += [str(part)[:2], str(part)[2:]]
                        files += ["", ""]
                    elif part.type in ("CAPTURE", "TAKEN"):  # "e4:d5", or "d4-e5:" marked after
                        move.capture = True
                move.confusions = tuple(confusions)
                if move.long:
                    move.origin, move.to = squares[0], squares[1]
                    move.origin_files, move.to_files = files[0], files[1]
                else:
                    move.to = squares[0]
            elif child.data == "file_capture":  # "exd" (only algebraic's grammar has it)
                if len(child.children) == 1:  # "ed"
                    pair = str(child.children[0])
                    move.origin, move.to_file = pair[0], pair[1]
                else:  # "exd"
                    move.origin, move.to_file = str(child.children[0].children[0]), str(child.children[-1])
                move.capture = True
            elif child.data == "castle":
                move.castle = "Q" if sum(c in "O0o" for c in str(child.children[0])) == 3 else "K"
                move.piece = "K"
            elif child.data == "check":
                move.check = True
                mark = child.children[0]
                if isinstance(mark, Token) and mark.type == "OCR_CHECK":
                    move.confusions += (f"{str(mark)!r} read as '+'",)
            elif child.data == "mate":
                move.mate = True
        return move


class German:
    """German notation, long and short, read from book layouts."""

    name = NAME

    def parse(self, record: Record) -> ParsedRecord:
        return parse_book(record, "chess", NAME, GRAMMAR, GermanTransformer)
