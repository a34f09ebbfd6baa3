"""The chess notations as the replay meets them: each reads, resolves, lists and writes its own moves.

Every notation object here is a :class:`notation.families.MoveNotation`: the
parser (one grammar, one transformer, from :mod:`notation.parse`) plus what it
takes to read a printed move on a :class:`~notation.boards.chess.Position`
(``resolve``, with every reading), the check and mate marks it printed
(``printed_marks``), the forms a legal move can be printed in (``forms``, for
the nearest-reading repair) and the move as it would print it (``write_move``).
The replay asks these; it never tests a notation's name.
"""

from __future__ import annotations

import chess

from notation.boards.chess import (
    FIGURINES,
    SYMBOLS,
    DescriptiveMove,
    Origins,
    PieceSpec,
    Position,
    files_of,
    squares_of,
)
from notation.model import PrintedMove
from notation.parse.chess_algebraic import Algebraic
from notation.parse.chess_descriptive import EnglishDescriptive
from notation.parse.chess_german import German, GermanMove
from notation.parse.chess_san import San
from notation.write import chess_descriptive as descriptive_writer
from notation.write import chess_german as german_writer

# --------------------------------------------------------------------------
# English descriptive


def _piece_matches(spec: PieceSpec, square: int, origins: Origins) -> bool:
    """Whether the piece on ``square`` answers to ``spec``'s qualifiers (``KKt``, ``QBP``, ``KP``)."""
    if spec.kind == "P":
        if spec.file is None:
            return True
        return chess.square_file(square) in files_of(spec.wing, spec.file)
    if spec.wing is None or spec.kind in ("K", "Q"):
        return True
    # The King's Knight is the one that started on the King's side.
    origin = origins.get(square, square)
    return chess.square_file(origin) in files_of(spec.wing, spec.kind)


def _mates(board: chess.Board, move: chess.Move) -> bool:
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()


def resolve_descriptive(board: chess.Board, mv: DescriptiveMove, origins: Origins) -> list[chess.Move]:
    """The legal moves an English descriptive reading can mean."""
    color = board.turn
    if mv.kind == "castle":
        out = [m for m in board.legal_moves if board.is_castling(m)]
        if mv.castle == "K" or (mv.castle == "" and len(out) > 1):
            # "Castles" alone is with the King's Rook, as the books use it.
            out = [m for m in out if chess.square_file(m.to_square) == 6]
        elif mv.castle == "Q":
            out = [m for m in out if chess.square_file(m.to_square) == 2]
        return out
    assert mv.piece is not None
    kind = SYMBOLS[mv.piece.kind]
    to_squares = squares_of(mv.to, color) if mv.to is not None else None
    from_squares = squares_of(mv.origin, color) if mv.origin is not None else None
    # Only the named kind of piece, and for a plain move only the named squares: python-chess
    # then generates a handful of moves instead of every legal move of the position.
    from_mask = board.pieces_mask(kind, color)
    to_mask = chess.BB_ALL
    if mv.kind == "move" and to_squares is not None:
        to_mask = 0
        for square in to_squares:
            to_mask |= chess.BB_SQUARES[square]
    out = []
    for m in board.generate_legal_moves(from_mask, to_mask):
        if board.piece_type_at(m.from_square) != kind or board.is_castling(m):
            continue
        if from_squares is not None and m.from_square not in from_squares:
            continue
        if not _piece_matches(mv.piece, m.from_square, origins):
            continue
        capture = board.is_capture(m)
        if mv.kind == "move":
            if capture or m.to_square not in to_squares:  # type: ignore[operator]
                continue
        elif mv.kind == "capture":
            if not capture or (to_squares is not None and m.to_square not in to_squares):
                continue
            taken: int | None
            if board.is_en_passant(m):
                at = m.to_square + (-8 if color == chess.WHITE else 8)
                taken = chess.PAWN
            else:
                at, taken = m.to_square, board.piece_type_at(m.to_square)
            assert mv.target is not None
            if taken != SYMBOLS[mv.target.kind] or not _piece_matches(mv.target, at, origins):
                continue
            if mv.en_passant and not board.is_en_passant(m):
                continue
        elif mv.kind == "queens" and not m.promotion:
            continue
        elif mv.kind in ("checks", "mates") and not board.gives_check(m):
            continue
        elif mv.kind == "mates" and not _mates(board, m):
            continue
        elif mv.kind == "interposes" and (capture or not board.is_check()):
            continue
        if m.promotion:
            if m.promotion != SYMBOLS[mv.promotion or "Q"]:
                continue
        elif mv.promotion and mv.kind != "queens":
            continue
        out.append(m)
    return out


class DescriptiveNotation(EnglishDescriptive):
    """English descriptive: ``P-K4``, ``Kt-KB3``, ``P. to K's 4th``."""

    #: How a pass is printed between moves when the movetext is written (none in books).
    null_move: str | None = None

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, DescriptiveMove):
            return []
        return resolve_descriptive(position.board, printed.fields, position.origins)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        return (f.check or f.mate, f.mate) if isinstance(f, DescriptiveMove) else (False, False)

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return descriptive_writer.forms(position.board, move, position.origins)

    def write_move(self, position: Position, move: chess.Move) -> str:
        return descriptive_writer.write_move(position.board, move, position.origins, resolve_descriptive)


# --------------------------------------------------------------------------
# German


def resolve_german(board: chess.Board, mv: GermanMove, captures_marked: bool = True) -> list[chess.Move]:
    """The legal moves a German (or algebraic) move can mean.

    ``captures_marked=False`` reads the texts that print a capture without its sign
    (``ab4``, ``Nd6`` for axb4, Nxd6); a pawn's move with no file of origin is then still
    a push, as SAN reads ``b4``. A square whose file an OCR digit stands for (``?7``) is read
    on the files the digit looks like, or on any file when none of them is legal.
    """
    if mv.castle:
        side = 6 if mv.castle == "K" else 2
        return [m for m in board.legal_moves if board.is_castling(m) and chess.square_file(m.to_square) == side]
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


class GermanNotation(German):
    """German, long (``Sg1-f3``) and short (``Sf3``)."""

    null_move: str | None = None

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, GermanMove):
            return []
        return resolve_german(position.board, printed.fields)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        return (f.check or f.mate, f.mate) if isinstance(f, GermanMove) else (False, False)

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return german_writer.forms(position.board, move)

    def write_move(self, position: Position, move: chess.Move) -> str:
        return german_writer.write_move(position.board, move)


# --------------------------------------------------------------------------
# Algebraic between prose (books, newspapers, web pages)


class AlgebraicNotation(Algebraic):
    """SAN and long algebraic read from a book's or a web page's layout (``6. d4 exd``, ``♘f3``)."""

    null_move: str | None = None

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, GermanMove):
            return []
        return resolve_german(position.board, printed.fields, captures_marked=False)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        return (f.check or f.mate, f.mate) if isinstance(f, GermanMove) else (False, False)

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return [position.board.san(move).rstrip("+#"), move.uci()]

    def write_move(self, position: Position, move: chess.Move) -> str:
        return position.board.san(move)


# --------------------------------------------------------------------------
# SAN


#: Castling typeset with en or em dashes (O–O, 0—0—0) reads as O-O.
_DASHES = str.maketrans("–—", "--")


def resolve_san(board: chess.Board, text: str) -> list[chess.Move]:
    """The legal moves a SAN token can mean (python-chess reads it; an ambiguous one gives every reading)."""
    # "exf6 e.p.": python-chess reads the capture without the mark; figurines read as letters.
    text = text.replace("e. p.", "").replace("e.p.", "").strip().translate(FIGURINES).translate(_DASHES)
    try:
        return [board.parse_san(text)]
    except chess.AmbiguousMoveError:
        bare = text.rstrip("+#!?")
        return [m for m in board.legal_moves if _undisambiguated(board, m) == bare]
    except ValueError:
        return []


def _undisambiguated(board: chess.Board, move: chess.Move) -> str:
    san = board.san(move).rstrip("+#")
    piece = board.piece_type_at(move.from_square)
    if piece == chess.PAWN or board.is_castling(move):
        return san
    capture = "x" if board.is_capture(move) else ""
    return f"{san[0]}{capture}{chess.square_name(move.to_square)}"


class SanNotation(San):
    """Standard algebraic notation in PGN movetext (figurines read as letters)."""

    null_move: str | None = "--"

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, str):
            return []
        return resolve_san(position.board, printed.fields)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        if not isinstance(f, str):
            return False, False
        bare = f.rstrip("!?")
        return bare.endswith(("+", "#")), bare.endswith("#")

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return [position.board.san(move).rstrip("+#"), move.uci()]

    def write_move(self, position: Position, move: chess.Move) -> str:
        return position.board.san(move)


#: The chess notations, by name.
NOTATIONS: dict[str, DescriptiveNotation | GermanNotation | SanNotation | AlgebraicNotation] = {
    n.name: n for n in (DescriptiveNotation(), GermanNotation(), SanNotation(), AlgebraicNotation())
}
ChessNotation = DescriptiveNotation | GermanNotation | SanNotation | AlgebraicNotation
