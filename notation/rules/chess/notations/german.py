"""German notation: long form (``e 2-e 4``, ``S g 1-f 3``, ``S f 3 n e 5``) names both squares;
short form (``Sf3``, ``Dxd4``, ``exd5``) names the target and, when needed, the file or rank the
piece comes from. Either way the board decides.

Pieces: K König, D Dame, T Turm, L Läufer, S Springer, B Bauer (usually left out). The grammar
(``grammars/chess_german.lark``) reads a book's layout and each move; :class:`GermanTransformer`
turns a move into a :class:`GermanMove`, read on the board by :func:`resolve_german` (which
algebraic between prose shares: its moves have the same shape, with English letters). Written in
the long form, ``Sg1-f3``, ``Sf3:e5``, ``0-0``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import chess
from lark import Token, Tree

from notation.boards.chess import SYMBOLS, Position
from notation.model import PrintedMove
from notation.parse.chess_descriptive_words import castle_side
from notation.parse.chess_layout import LayoutTransformer
from notation.rules.chess.languages import letters
from notation.rules.chess.notations.base import ALGEBRAIC_CLUE, LayoutNotation, san_read_forms
from notation.write import CannotWrite

NAME = "german"
GRAMMAR = "chess_german.lark"

#: A move as a word of a text: castling, the long form (``Sg1-f3``, ``d4:e5``), and the long form
#: spaced as the periodicals print it (``S. g 1 – f 3``, ``d 4 – e 5 :``). The short form is SAN's word.
WORD = r"""0-0(?:-0)?
    | [KDTLS]?[a-h][1-8](?:[-–—]{1,2}|[:x])[a-h][1-8]:?
    | (?:[KDTLS]\.?\s)?[a-h]\s[1-8]\s?(?:[-–—]|[:n])\s?[a-h]\s[1-8](?:\s?:)?"""


# --------------------------------------------------------------------------
# Reading: a move's words -> GermanMove


#: König, Dame, Turm, Läufer, Springer, Bauer -> python-chess symbols: German's entry of the languages' table.
PIECES = letters("German")
#: Figurines (either colour) as German books and web pages print them.
PIECES.update(zip("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN"))


#: Files an OCR digit stands for where a long move's file letter should be (``07-05`` is c7-c5,
#: ``52-54`` b2-b4): the letters it looks like. The board decides among them, and takes any file
#: when none of them is legal.
OCR_FILES = {"0": "cdefg", "1": "bfh", "5": "b", "6": "b", "8": "gb", "9": "g",
             # and letters for letters: "o" for a round one ("o7-o5"), "li" for "h" ("li7-li5")
             "o": "ce", "li": "h"}
#: Letters an OCR reads where a rank's digit should be (``Lcl`` is Lc1, ``Tez`` Te2, ``Sf6et`` Sf6-e4).
OCR_RANKS = {"l": "1", "I": "1", "i": "1", "z": "2", "t": "4"}


@dataclass
class GermanMove:
    """One move as printed in German notation; squares are python-chess names (``e4``)."""

    piece: str = "P"
    origin: str | None = None  # "e2" (long form), "b" or "1" (short form), or None
    to: str | None = None
    capture: bool = False
    castle: str | None = None  # "K" or "Q"
    #: False for "Castles" alone: the King's side, as the books use it, unless only the Queen's is legal.
    wing_named: bool = True
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
    if text[-1].isdigit():  # the file printed otherwise: "07", "o7", "li7"
        looks = OCR_FILES.get(text[:-1])
        confusions.append(f"{text!r}: {text[:-1]!r} read as a file letter ({', '.join(looks) if looks else 'any file'})")
        return "?" + text[-1], looks or "*"
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
                    elif part.type == "OCR_SQUARES":  # "Tale1", "Sf6et": a square's rank a letter
                        first, second = str(part)[:2], str(part)[2:]
                        squares += [_ocr_square(first, confusions)[0] if first[1] in OCR_RANKS else first,
                                    _ocr_square(second, confusions)[0] if second[1] in OCR_RANKS else second]
                        files += ["", ""]
                    elif part.type == "OCR_QUIET":
                        confusions.append(f"{str(part)!r} read as '-'")
                    elif part.type in ("CAPTURE", "TAKEN"):  # "e4:d5", or "d4-e5:" marked after
                        move.capture = True
                    elif part.type == "OCR_CAPTURE":  # "Lb5;c6"
                        move.capture = True
                        confusions.append(f"{str(part)!r} read as ':'")
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
                text = str(child.children[0])
                if text.startswith("Castles"):  # algebraic's English word, its wing read as descriptive's is
                    side = castle_side(text)
                    move.castle, move.wing_named = side or "K", bool(side)
                else:
                    move.castle = "Q" if sum(c in "O0o" for c in text) == 3 else "K"
                move.piece = "K"
            elif child.data == "check":
                move.check = True
                mark = child.children[0]
                if isinstance(mark, Token) and mark.type == "OCR_CHECK":
                    move.confusions += (f"{str(mark)!r} read as '+'",)
            elif child.data == "mate":
                move.mate = True
        return move


# --------------------------------------------------------------------------
# Resolving: a reading -> the legal moves it can mean


def resolve_german(board: chess.Board, mv: GermanMove, captures_marked: bool = True) -> list[chess.Move]:
    """The legal moves a German (or algebraic) move can mean.

    ``captures_marked=False`` reads the texts that print a capture without its sign
    (``ab4``, ``Nd6`` for axb4, Nxd6); a pawn's move with no file of origin is then still
    a push, as SAN reads ``b4``. A square whose file an OCR digit stands for (``?7``) is read
    on the files the digit looks like, or on any file when none of them is legal.
    """
    if mv.castle:
        # By its wing, not its square: in Chess960 the King "takes" his Rook, wherever it stands.
        wing = board.is_kingside_castling if mv.castle == "K" else board.is_queenside_castling
        moves = [m for m in board.legal_moves if wing(m)]
        return moves or ([] if mv.wing_named else [m for m in board.legal_moves if board.is_castling(m)])
    if mv.to and mv.to[0] == "?":  # "07-05": the rank is known, the file is the board's to find
        targets = chess.BB_RANKS[int(mv.to[1]) - 1]
    elif mv.to:
        targets = chess.BB_SQUARES[chess.parse_square(mv.to)]
    elif mv.to_file:  # "exd": any square of the file
        targets = chess.BB_FILES["abcdefgh".index(mv.to_file)]
    else:
        return []
    moves = _resolve_german(board, mv, targets, captures_marked)
    if not (mv.origin_files or mv.to_files):
        return moves
    looking_alike = [m for m in moves if _looks(m.from_square, mv.origin_files) and _looks(m.to_square, mv.to_files)]
    return looking_alike or moves


def _looks(square: int, files: str) -> bool:
    return not files or files == "*" or chess.FILE_NAMES[chess.square_file(square)] in files


def _resolve_german(board: chess.Board, mv: GermanMove, targets: int, captures_marked: bool) -> list[chess.Move]:
    kind = SYMBOLS[mv.piece]
    out = []
    for m in board.generate_legal_moves(board.pieces_mask(kind, board.turn), targets):
        if board.piece_type_at(m.from_square) != kind or board.is_castling(m):
            continue
        if mv.origin:
            if len(mv.origin) == 2:
                if mv.origin[0] == "?":
                    if chess.square_rank(m.from_square) != int(mv.origin[1]) - 1:
                        continue
                elif m.from_square != chess.parse_square(mv.origin):
                    continue
            if mv.origin.isalpha() and chess.square_file(m.from_square) != "abcdefgh".index(mv.origin):
                continue
            if mv.origin.isdigit() and chess.square_rank(m.from_square) != int(mv.origin) - 1:
                continue
        # A capture must be marked, and a mark must be right; but the periodicals print one sign
        # after a move, so a long-form capture that gives check shows the check alone ("D. a 5 – e 5 †").
        unmarked = not mv.capture and not captures_marked and (kind != chess.PAWN or mv.origin)
        if mv.capture != board.is_capture(m) and not (mv.long and not mv.capture and (mv.check or mv.mate)) \
                and not (unmarked and board.is_capture(m)):
            continue
        if m.promotion and m.promotion != SYMBOLS[mv.promotion or "Q"]:
            continue
        if mv.promotion and not m.promotion:
            continue
        out.append(m)
    return out


# --------------------------------------------------------------------------
# Writing


#: python-chess piece type -> German initial (the pawn has none).
INITIALS = {chess.PAWN: "", chess.KNIGHT: "S", chess.BISHOP: "L", chess.ROOK: "T",
            chess.QUEEN: "D", chess.KING: "K"}


def write_move(board: chess.Board, move: chess.Move) -> str:
    """``move`` in long German notation with ``+`` for check and ``#`` for mate."""
    if board.is_castling(move):
        text = "0-0" if board.is_kingside_castling(move) else "0-0-0"  # (in Chess960 too)
    else:
        piece = board.piece_type_at(move.from_square)
        sep = ":" if board.is_capture(move) else "-"
        promo = INITIALS[move.promotion] if move.promotion else ""
        text = (f"{INITIALS[piece]}{chess.square_name(move.from_square)}{sep}"  # type: ignore[index]
                f"{chess.square_name(move.to_square)}{promo}")
    board.push(move)
    suffix = "#" if board.is_checkmate() else ("+" if board.is_check() else "")
    board.pop()
    return text + suffix


def forms(board: chess.Board, move: chess.Move) -> list[str]:
    """Ways a book might print ``move``: long form, and short German algebraic."""
    return [write_move(board, move).rstrip("+#"), _german(board.san(move).rstrip("+#"))]


def read_forms(board: chess.Board, move: chess.Move) -> list[str]:
    """The forms the decoder reads: the long form, and the short one with the square of departure named
    not at all, by file, by rank or whole (:func:`~notation.rules.chess.notations.base.san_read_forms`); and a
    capture with its mark after the square taken on, as the periodicals of the 1850s-1870s print it and the
    grammar reads it (``TAKEN``: "Sf6-e4:", "d4-e5:", "Se4:"), the long form's dash kept."""
    long = write_move(board, move).rstrip("+#")
    short = [_german(san) for san in san_read_forms(board, move)]
    if not board.is_capture(move) or board.is_castling(move):
        return [long, *short]
    return [long, *short, long.replace(":", "-", 1) + ":", *(san.replace("x", "", 1) + ":" for san in short)]


def _german(san: str) -> str:
    """A SAN move (without marks) with the German pieces' letters and castling's noughts."""
    for english, german in (("N", "S"), ("B", "L"), ("R", "T"), ("Q", "D")):
        san = san.replace(english, german)
    return san.replace("O", "0")


# --------------------------------------------------------------------------
# The notation


class German(LayoutNotation):
    """German, long (``Sg1-f3``) and short (``Sf3``), read from book layouts."""

    name = NAME
    grammar = GRAMMAR
    transformer = GermanTransformer
    word = WORD
    clue = ALGEBRAIC_CLUE
    clue_in_every_move = True

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, GermanMove):
            return []
        return resolve_german(position.board, printed.fields)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        return (f.check or f.mate, f.mate) if isinstance(f, GermanMove) else (False, False)

    def damaged_readings(self, position: Position, printed: PrintedMove) -> list[tuple[chess.Move, str]]:
        """A long move whose square of departure names no man of its kind (``Le1-c6``, no Bishop on e1):
        the moves of a man of that kind to the square it names (the short form's reading, ``Lc6``), the
        square of departure the part the OCR damaged."""
        f = printed.fields
        if not (isinstance(f, GermanMove) and f.long and f.origin and f.to and len(f.origin) == 2
                and "?" not in f.origin + f.to and f.origin[1:].isdigit()):
            return []
        board, kind = position.board, SYMBOLS[f.piece]
        origin = chess.parse_square(f.origin)
        if board.piece_type_at(origin) == kind and board.color_at(origin) == board.turn:
            return []  # it names one: the move is wrong otherwise
        moves = _resolve_german(board, replace(f, origin=None), chess.BB_SQUARES[chess.parse_square(f.to)], True)
        name = chess.piece_name(kind)
        return [(m, f"{f.origin!r} names no {name}: read as {chess.square_name(m.from_square)}, the "
                    f"{name} that goes to {f.to}") for m in moves]

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return forms(position.board, move)

    def read_forms(self, position: Position, move: chess.Move) -> list[str]:
        return read_forms(position.board, move)

    def write_move(self, position: Position, move: chess.Move) -> str:
        if move.drop:
            raise CannotWrite(f"{chess.piece_name(move.drop)} dropped on {chess.square_name(move.to_square)} "
                              "(Crazyhouse): German notation has no drops; expected san or pgn")
        return write_move(position.board, move)


NOTATION = German()
