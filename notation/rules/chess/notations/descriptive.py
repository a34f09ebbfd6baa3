"""English descriptive notation: ``P-K4``, ``Kt-KB3``, ``KtxP ch``, ``Castles QR``, and the long
form of Staunton's day, ``P. to K's 4th``, ``K. Kt. takes P.``.

The grammar (``grammars/chess_descriptive.lark``) reads a book's layout and each move's words;
:class:`DescriptiveTransformer` turns a move into a
:class:`~notation.boards.chess.DescriptiveMove` (what it *says*: piece, square counted from the
mover's side, piece taken, check), word by word with :mod:`notation.parse.chess_descriptive_words`
(which the fast path for clean movetext, :mod:`notation.parse.chess_descriptive_clean`, shares).
What a move *means* is found on the board (:func:`resolve_descriptive`). The writer picks the
shortest form that names exactly one legal move, as a careful editor of the period would:
``Kt-B3`` when only one Knight reaches a Bishop's third, ``Kt-KB3`` when the side matters,
``K Kt-B3`` (the King's Knight, by its starting square) when two Knights reach the same square;
each form is built with its reading, so a form is proved unique by resolving that reading.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

import chess
from lark import Token, Tree

from notation.boards.chess import (
    SYMBOLS,
    DescriptiveMove,
    Origins,
    PieceSpec,
    Position,
    SquareSpec,
    descriptive_file,
    descriptive_square,
    files_of,
    gives_mate,
    position_key,
    squares_of,
    wing_of,
)
from notation.model import ParsedRecord, PrintedMove, Record
from notation.parse.chess_descriptive_clean import parse_clean
from notation.parse.chess_descriptive_words import (
    NAME,
    castle_side,
    ocr_confusions,
    own_square_spec,
    piece_spec,
    promotion_piece,
    square_spec,
)
from notation.parse.chess_layout import LayoutTransformer, Unreadable, tokens_of
from notation.parse.chess_setup import setup_board, setup_prose
from notation.rules.chess.notations.base import LayoutNotation
from notation.write import CannotWrite

GRAMMAR = "chess_descriptive.lark"

#: A move with a space for the dash (``P K4``, ``Kt K B3``, ``Q R Q sq``), its words without stops and its rank set
#: close to its file (verbose: the spaces escaped).
SPACED = r"(?:[KQ]\ )?(?:(?:Kt|B|R)\ )?(?:P|Kt|B|R|Q|K)\ (?:[KQ]\ )?(?:Kt|B|R|K|Q)(?:[1-8]|\ sq)\b"

#: A move as a word of a text: castling, ``P-K4``, ``KtxP``, ``Kt(KB3)-Q4``; spaced, as the books of
#: the 1920s print it (``P - K 4``, ``Q P x B``); a man named by its wing and file, its letters joined
#: or spaced, ending with the score's full stop, as American books of the 1890s print it (``KP - K4.``,
#: ``QKt-QB3.``, ``K B P - K B 3.``; the OCR's capital X for the sign between spaces, ``KKt X P.``, and set
#: close between two men, ``PXP``, ``KtXB``: the cross as Steinitz's *Instructor*'s OCR gives it 835 times);
#: the word "to" between the man and his square in its short form, spaced or set close as the books of
#: the 1880s and 1890s and their OCR print it (``P to K4``, ``Kt to K B 3``, ``PtoK4``, ``KttoKB3``, ``Q Kt
#: to Q2``, ``R to K sq``; a rank's 3 read as "38", ``KttoKB38``: :mod:`notation.rules.chess.decode`);
#: the short form with a space for the dash, as newspapers' columns and texts that lost the dash print it (``P K4``,
#: ``Kt K B3``, ``Q R Q sq``: the grammar reads no such move, the decoder reads it against the board, where "Q B3"
#: is the Queen's move), its words without stops and the rank set close to its file ("Mr. P. K. Smith" is no move);
#: a space on either side of the dash, the square set close, as the OCR of Steinitz's books gives it (``P— K4``,
#: ``KKt— B3``, ``R — Q sq``), or the dash as an e-text's two hyphens (``K--B5``, ``P--K8``); and the long form (``P. to K's``, ``K. Kt. takes P.``), the man's letter as the OCR may set it in lower case,
#: its stop kept (``p. to Q. 4.``, ``q. to Q. Kt. 8.``: no grammar reads it, the decoder does, case aside).
WORD = r"""Castles | O\ -\ O(?:\ -\ O)?
    | """ + SPACED + r"""
    | (?:P|Kt|N|B|R|Q|K)\.?(?:\([A-Z]{1,3}\d?\))?[-x×–—](?:[QK]?(?:R|Kt|N|B)?\.?\d|[QK]?(?:R|Kt|N|B)?P|[QK]?(?:R|Kt|N|B)|Q|K)
    | (?:P|Kt|N|B|R|Q|K)X(?:[QK]?(?:R|Kt|N|B)?P|[QK]?(?:R|Kt|N|B)|Q|K)(?![a-z])
    | (?:[KQ]\ )?(?:P|Kt|N|B|R|Q|K)\ [-x×–—]\ (?:[QK]\ )?(?:(?:R|Kt|N|B)\ )?(?:[1-8]|P|Kt|N|B|R|Q|K)
    | [KQ]?(?:R|Kt|N|B)?(?:P|Kt|N|B|R|Q|K)\ ?(?:--|[-–—])\ ?[QK]?(?:R|Kt|N|B)?(?:[1-8]|\ ?sq\b)
    | [KQ]\ ?(?:(?:R|Kt|N|B)\ ?)?(?:P|Kt|N|B|R)\ ?(?:-\ ?|x|\ X\ )
      (?:[QK]\ ?(?:(?:R|Kt|N|B)\ ?)?[1-8]|(?:[KQ]\ ?(?:(?:R|Kt|N|B)\ ?)?)?(?:P|Kt|N|B|R|Q|K))(?:ch)?(?=\.)
    | (?:[KQ]\s?)?(?:(?:R|Kt|B)\s?)?(?:P|Kt|B|R|Q|K)\s?to\s?(?:[KQ]\s?)?(?:(?:R|Kt|B)\s?)?(?:38|[1-8]|sq)\b
    | (?:[KQ]\.\s?)?(?:(?:Kt|B|R)\.\s?)?(?:(?:P|Kt|B|R|Q|K)\.?|(?:p|kt|b|r|q|k)\.)\s+(?:to|takes)\s+(?:[KQ]|Kt|B|R|P|his|her)\b
    | (?:(?:[Kk]ing|[Qq]ueen)['’]s\s+)?(?:(?:[Kk]night|[Bb]ishop|[Rr]ook)['’]s\s+)?(?:[Pp]awn|[Kk]night|[Bb]ishop|[Rr]ook|[Qq]ueen|[Kk]ing)
      \s+(?:(?:at|to)\s+(?:(?:the|his|her|its)\s+)?(?:own\s+)?(?:(?:white|black)\s+)?(?:king|queen|knight|bishop|rook)['’]s|takes\s+the\s+(?:pawn|knight|bishop|rook|queen)|(?:[12]|one|two)\s+squares?)\b"""


# --------------------------------------------------------------------------
# Reading: a move's words -> DescriptiveMove


class DescriptiveTransformer(LayoutTransformer):
    """The layout transformer, reading each ``move`` as a :class:`DescriptiveMove`."""

    #: The move read last (moves are read in the text's order): what "The same." mirrors.
    _last: DescriptiveMove | None = None

    def fields(self, children: list[Any]) -> DescriptiveMove | Unreadable:
        if any(isinstance(c, Tree) and c.data == "same" for c in children):
            # The move before's words, read for the other side (a square is named from the mover's side).
            if self._last is None:
                return Unreadable("'The same' with no move before it to mirror")
            # (Its check is its own: the move before's may not mirror.)
            return replace(self._last, check=_said(children, "check"), mate=_said(children, "mate"), confusions=())
        self._last = self._fields(children)
        return self._last

    def _fields(self, children: list[Any]) -> DescriptiveMove:
        move = DescriptiveMove("move")
        for child in children:
            if not isinstance(child, Tree):
                continue
            if child.data in ("piece_move", "capture"):
                parts = [c for c in child.children
                         if not (isinstance(c, Token) and c.type in ("TO", "CHECKS_AT", "MATES_AT"))]
                move.check = any(isinstance(c, Token) and c.type == "CHECKS_AT" for c in child.children)
                move.mate = any(isinstance(c, Token) and c.type == "MATES_AT" for c in child.children)
                move.kind = "move" if child.data == "piece_move" else "capture"
                move.piece = piece_spec(str(parts.pop(0)))
                if isinstance(parts[0], Tree) and parts[0].data == "from_square":
                    move.origin = square_spec(str(parts.pop(0).children[-2]))
                if move.kind == "move":
                    square = parts.pop(0)
                    own = isinstance(square, Token) and square.type == "OWN_SQUARE"
                    move.to = own_square_spec(str(square), move.piece) if own else square_spec(str(square))
                    if parts and isinstance(parts[0], Token) and parts[0].type == "OR_SQUARE":
                        # The first of two squares the move may go to, with the rank printed after the second.
                        other = square_spec(str(parts.pop(0))[2:].strip())
                        if move.to.rank == 0:
                            move.to = replace(move.to, rank=other.rank)
                else:
                    parts.pop(0)  # the cross
                    if isinstance(parts[0], Token) and parts[0].type == "DOUBLED":
                        parts.pop(0)
                    move.target = piece_spec(str(parts.pop(0)))
                    if parts and isinstance(parts[0], Tree) and parts[0].data == "at_square":
                        move.to = square_spec(str(parts.pop(0).children[-2]))
                self._extras(move, parts)
            elif child.data == "step":
                move.kind, move.piece = "step", piece_spec(str(child.children[0]))
                move.steps = 2 if str(child.children[1]).startswith("two") else 1
            elif child.data == "queens":
                move.kind = "queens"
                move.piece = piece_spec(str(child.children[0]))
                move.promotion = "Q"
            elif child.data == "piece_only":
                piece, does = child.children
                kind = does.type if isinstance(does, Token) else ""
                move.kind = {"CHECKS": "checks", "MATES": "mates"}.get(kind, "interposes")
                move.piece = piece_spec(str(piece))
                move.check = move.kind == "checks"
                move.mate = move.kind == "mates"
            elif child.data == "castle":
                move.kind = "castle"
                move.castle = castle_side(str(child.children[0]))
            elif child.data == "check":
                move.check = True
            elif child.data == "mate":
                move.mate = True
        confusions = [c for token in tokens_of(children) if token.type in ("PIECE", "SQUARE", "PIECE_TAKEN")
                      for c in ocr_confusions(str(token))]
        move.confusions = tuple(dict.fromkeys(confusions))
        return move

    @staticmethod
    def _extras(move: DescriptiveMove, children: list[Any]) -> None:
        for child in children:
            if isinstance(child, Tree) and child.data == "promotion":
                move.promotion = promotion_piece(str(child.children[0]))
            elif isinstance(child, Tree) and child.data == "en_passant":
                move.en_passant = True


def _said(children: list[Any], suffix: str) -> bool:
    """Whether a move's own suffix says ``check`` or ``mate`` ("The same, check.")."""
    return any(isinstance(c, Tree) and c.data == suffix for c in children)


# --------------------------------------------------------------------------
# Resolving: a reading -> the legal moves it can mean


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



#: The legal moves of the men on the first mask to the squares of the second (python-chess's
#: ``generate_legal_moves``, or a caller's quicker equal of it).
LegalMoves = Callable[[int, int], Iterable[chess.Move]]


def resolve_descriptive(board: chess.Board, mv: DescriptiveMove, origins: Origins,
                        legal: LegalMoves | None = None) -> list[chess.Move]:
    """The legal moves an English descriptive reading can mean (``legal``: how they are generated)."""
    color = board.turn
    if mv.kind == "castle":
        out = [m for m in board.legal_moves if board.is_castling(m)]
        # By its wing, not its square: in Chess960 the King "takes" his Rook, wherever it stands.
        if mv.castle == "K" or (mv.castle == "" and len(out) > 1):
            # "Castles" alone is with the King's Rook, as the books use it.
            out = [m for m in out if board.is_kingside_castling(m)]
        elif mv.castle == "Q":
            out = [m for m in out if board.is_queenside_castling(m)]
        return out
    assert mv.piece is not None
    kind = SYMBOLS[mv.piece.kind]
    to_squares = squares_of(mv.to, color) if mv.to is not None else None
    from_squares = squares_of(mv.origin, color) if mv.origin is not None else None
    # Only the named kind of piece, and for a plain move only the named squares: python-chess
    # then generates a handful of moves instead of every legal move of the position.
    from_mask = board.pieces_mask(kind, color)
    to_mask = chess.BB_ALL
    if mv.kind in ("move", "capture") and to_squares is not None:
        to_mask = 0
        for square in to_squares:
            to_mask |= chess.BB_SQUARES[square]
    if mv.kind == "capture":
        # A capture goes to a square of the named kind of man, or en passant to the square behind it.
        assert mv.target is not None
        taken_kind = SYMBOLS[mv.target.kind]
        targets = board.pieces_mask(taken_kind, not color)
        if taken_kind == chess.PAWN and kind == chess.PAWN and board.ep_square is not None:
            targets |= chess.BB_SQUARES[board.ep_square]
        to_mask &= targets
    out = []
    for m in (legal or board.generate_legal_moves)(from_mask, to_mask):
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
        elif mv.kind == "step" and (capture or abs(m.to_square - m.from_square) != 8 * mv.steps):
            continue
        elif mv.kind in ("checks", "mates") and not board.gives_check(m):
            continue
        elif mv.kind == "mates" and not gives_mate(board, m):
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


# --------------------------------------------------------------------------
# Writing: a legal move -> its forms, and the shortest that names it alone


#: python-chess piece type -> initial as printed.
INITIALS = {chess.PAWN: "P", chess.KNIGHT: "Kt", chess.BISHOP: "B", chess.ROOK: "R",
            chess.QUEEN: "Q", chess.KING: "K"}
#: Printed initial -> the letter a :class:`PieceSpec` uses.
_SPEC = {"P": "P", "Kt": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}


def _pieces(board: chess.Board, piece: int, square: int, origins: Origins | None) -> list[tuple[str, PieceSpec]]:
    """Names of the piece on ``square``: ``P``, ``BP``, ``KBP``; ``Kt``, ``KKt``."""
    initial = INITIALS[piece]
    out = [(initial, PieceSpec(_SPEC[initial]))]
    if piece == chess.PAWN:
        f = chess.square_file(square)
        short, full = descriptive_file(f, short=True), descriptive_file(f)
        out.append((short + "P", PieceSpec("P", None, _SPEC[short])))
        if full != short:
            out.append((full + "P", PieceSpec("P", full[0], _SPEC[full[1:]])))
    elif origins is not None:
        wing = wing_of(piece, origins.get(square))
        if wing:
            out.append((wing + initial, PieceSpec(_SPEC[initial], wing)))
    return out


def _square(square: int, color: chess.Color, short: bool) -> tuple[str, SquareSpec]:
    text = descriptive_square(square, color, short)
    name, rank = text[:-1], int(text[-1])
    if len(name) > 1 and name[0] in "KQ" and name != "Kt":
        return text, SquareSpec(_SPEC[name[1:]], rank, name[0])
    return text, SquareSpec(_SPEC[name], rank)


def readings(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> list[tuple[str, DescriptiveMove]]:
    """Every way a book might print ``move`` (without check marks), with its reading, shortest first."""
    color = board.turn
    if board.is_castling(move):
        side = "K" if board.is_kingside_castling(move) else "Q"  # (in Chess960 too)
        spec = DescriptiveMove("castle", castle=side)
        return [("Castles", spec), ("O-O", spec)] if side == "K" else [("Castles QR", spec), ("O-O-O", spec)]
    piece = board.piece_type_at(move.from_square)
    assert piece is not None
    movers = _pieces(board, piece, move.from_square, origins)
    promo = f"={INITIALS[move.promotion]}" if move.promotion else ""
    promotion = _SPEC[INITIALS[move.promotion]] if move.promotion else None
    out: list[tuple[str, DescriptiveMove]] = []
    if board.is_capture(move):
        if board.is_en_passant(move):
            captured, at = chess.PAWN, move.to_square + (-8 if color == chess.WHITE else 8)
        else:
            captured, at = board.piece_type_at(move.to_square), move.to_square  # type: ignore[assignment]
        targets = _pieces(board, captured, at, origins)
        for mover, mspec in movers:
            for target, tspec in targets:
                out.append((f"{mover}x{target}{promo}",
                            DescriptiveMove("capture", mspec, target=tspec, promotion=promotion)))
    else:
        for mover, mspec in movers:
            for short in (True, False):
                text, sspec = _square(move.to_square, color, short)
                out.append((f"{mover}-{text}{promo}", DescriptiveMove("move", mspec, sspec, promotion=promotion)))
            if move.promotion == chess.QUEEN:  # "P. Queens.": the square goes without saying
                out.append((f"{mover} Queens", DescriptiveMove("queens", mspec, promotion="Q")))
    unique: dict[str, DescriptiveMove] = {}
    for text, spec in out:
        unique.setdefault(text, spec)
    return sorted(unique.items(), key=lambda x: len(x[0]))


def forms(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> list[str]:
    """Every way a book might print ``move`` (without check marks), shortest first; then, for a piece,
    the forms naming the square it comes from in brackets (``R (Kt sq) to B sq``, ``Kt (Q 6) x B``: a
    book's way to say which of two), as :func:`write_move` writes a move no other form names alone."""
    out = [text for text, _ in readings(board, move, origins)]
    piece = board.piece_type_at(move.from_square)
    if piece is None or piece == chess.PAWN or board.is_castling(move):
        return out
    initial, rest = INITIALS[piece], {text.split("x", 1)[1] if "x" in text else text.split("-", 1)[1]
                                      for text in out if not text.endswith("Queens") and ("x" in text or "-" in text)}
    for short in (True, False):
        origin = f"{initial}({descriptive_square(move.from_square, board.turn, short)})"
        out.extend(f"{origin}{'x' if board.is_capture(move) else '-'}{tail}" for tail in sorted(rest))
    return list(dict.fromkeys(out))


def step_forms(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> list[str]:
    """A pawn's step as the oldest books count it, in squares from where it stands (``K. P. 2 squares``:
    Philidor's English editors, 1803): forms to read, never to write or to repair to (no square named)."""
    if board.piece_type_at(move.from_square) != chess.PAWN or board.is_capture(move) or move.promotion:
        return []
    steps = abs(chess.square_rank(move.to_square) - chess.square_rank(move.from_square))
    return [f"{mover} {steps} square{'s' if steps > 1 else ''}"
            for mover, _ in _pieces(board, chess.PAWN, move.from_square, origins)]


def check_forms(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> list[str]:
    """A man's move told by what it does to a check, without its square, as the oldest books tell it
    ("The rook gives check.", "The bishop covers the check.": Philidor's English editors, 1803): a move
    that is no capture and checks, or a man's (not the King's) that is put between his King and the
    check; and a man's move that mates, a capture too, as the grammar's ``piece_only`` reads "Kt. mates." (a pawn's
    only where it makes a Queen, as the grammar's does). Forms to read, never to write or to repair to (no square named)."""
    if board.is_castling(move):
        return []
    kind = board.piece_type_at(move.from_square)
    told = []
    if move.promotion in (None, chess.QUEEN) and board.gives_check(move) and gives_mate(board, move):
        told.append("mates")
    if not board.is_capture(move):
        if board.gives_check(move):
            told.append("gives check")
        if board.is_check() and kind != chess.KING:
            told.append("covers the check")
    return [f"{mover} {words}" for words in told for mover, _ in _pieces(board, kind, move.from_square, origins)]  # type: ignore[arg-type]


def write_move(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> str:
    """The shortest form of ``move`` that names it alone, with ``ch`` / ``mate``: each form's
    reading is resolved, and the first that names this move and no other is taken."""
    candidates = readings(board, move, origins)
    text = candidates[-1][0]
    for form, spec in candidates:
        # A side castles one way to each wing: "Castles" (QR) names it alone, in Chess960 too (the king
        # takes his rook there, a move the reading of a square never names).
        if board.is_castling(move) or resolve_descriptive(board, spec, origins or {}) == [move]:
            text = form
            break
    else:
        # No piece-and-square form is unique: name the square it comes from.
        initial = INITIALS[board.piece_type_at(move.from_square)]  # type: ignore[index]
        origin = f"{initial}({descriptive_square(move.from_square, board.turn)})"
        if board.is_capture(move):
            taken = text.split("x", 1)[1]
            promo = taken[taken.index("="):] if "=" in taken else ""
            taken = taken.split("=")[0]
            text = f"{origin}x{taken}({descriptive_square(move.to_square, board.turn)}){promo}"
        else:
            text = f"{origin}-{text.split('-', 1)[1]}"
    return text + _mark(board, move)


def write_long(board: chess.Board, move: chess.Move, origins: Origins | None = None) -> str:
    """``move`` naming the square its man comes from and the one he goes to, both whole, and the man he
    takes (``Q(KKt4)-KR5``, ``Kt(K6)xP(KKt7)``, ``P(K7)-K8=Q``), with ``ch`` / ``mate``: no other move
    has all three; castling as :func:`write_move` writes it."""
    if board.is_castling(move):
        return write_move(board, move, origins)
    color, piece = board.turn, board.piece_type_at(move.from_square)
    origin = f"{INITIALS[piece]}({descriptive_square(move.from_square, color)})"  # type: ignore[index]
    to = descriptive_square(move.to_square, color)
    promo = f"={INITIALS[move.promotion]}" if move.promotion else ""
    if board.is_capture(move):
        taken = chess.PAWN if board.is_en_passant(move) else board.piece_type_at(move.to_square)
        text = f"{origin}x{INITIALS[taken]}({to}){promo}"  # type: ignore[index]
    else:
        text = f"{origin}-{to}{promo}"
    return text + _mark(board, move)


def _mark(board: chess.Board, move: chess.Move) -> str:
    """`` mate`` or `` ch`` after ``move``, or nothing."""
    board.push(move)
    suffix = " mate" if board.is_checkmate() else (" ch" if board.is_check() else "")
    board.pop()
    return suffix


# --------------------------------------------------------------------------
# The notation


class EnglishDescriptive(LayoutNotation):
    """English descriptive, read from book layouts; clean compact movetext on a fast path."""

    name = NAME
    grammar = GRAMMAR
    transformer = DescriptiveTransformer
    word = WORD

    def parse(self, record: Record) -> ParsedRecord:
        """The record's moves: clean compact movetext on the fast path, anything else by the grammar."""
        parsed = parse_clean(record)
        return parsed if parsed is not None else super().parse(record)

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, DescriptiveMove):
            return []
        return resolve_descriptive(position.board, printed.fields, position.origins)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        return (f.check or f.mate, f.mate) if isinstance(f, DescriptiveMove) else (False, False)

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return forms(position.board, move, position.origins)

    def read_forms(self, position: Position, move: chess.Move) -> list[str]:
        board, origins = position.board, position.origins
        return forms(board, move, origins) + step_forms(board, move, origins)

    def told_forms(self, position: Position, move: chess.Move) -> list[str]:
        return check_forms(position.board, move, position.origins)

    def write_move(self, position: Position, move: chess.Move) -> str:
        if move.drop:
            raise CannotWrite(f"{chess.piece_name(move.drop)} dropped on {chess.square_name(move.to_square)} "
                              "(Crazyhouse): descriptive notation has no drops; expected san or pgn")
        return write_move(position.board, move, position.origins)

    def write_long(self, position: Position, move: chess.Move) -> str:
        if move.drop:
            return self.write_move(position, move)
        return write_long(position.board, move, position.origins)

    def setup_tags(self, board: chess.Board) -> dict[str, str]:
        """The set-up in words, as the books print it (``[SetUp "White men;--King on K Kt sq; ..."]``,
        :func:`~notation.parse.chess_setup.setup_prose`) where they say it all: no castling right but
        where a King and Rook stand at home, no pawn to take en passant, no moves counted toward the
        fifty-move rule, a standard board; else ``[FEN]``. (Its move number is the score's first.)"""
        if type(board) is chess.Board and not board.chess960 and not board.halfmove_clock:
            prose = setup_prose(board)
            try:
                if position_key(setup_board(prose)) == position_key(board):
                    return {"SetUp": prose}
            except ValueError:  # a position the words cannot set up (SetUpError)
                pass
        return super().setup_tags(board)


NOTATION = EnglishDescriptive()
