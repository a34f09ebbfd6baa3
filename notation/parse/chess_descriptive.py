"""English descriptive notation: ``grammars/chess_descriptive.lark`` -> printed moves.

What a move *says* (piece, square counted from the mover's side, piece
taken, check) is read here; what it *means* on the board is the rules'
business (:mod:`notation.rules.chess`). The move's fields
(:class:`DescriptiveMove`) are vocabulary shared with the rules and the
writer, in :mod:`notation.boards.chess`.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from notation.boards.chess import DescriptiveMove, PieceSpec, SquareSpec
from notation.model import ParsedRecord, Record
from notation.parse.chess_layout import LayoutTransformer, parse_book

NAME = "english-descriptive"
GRAMMAR = "chess_descriptive.lark"

__all__ = ["DescriptiveMove", "PieceSpec", "SquareSpec", "EnglishDescriptive", "DescriptiveTransformer"]

#: Piece initials as printed -> python-chess piece symbols.
KINDS = {"P": "P", "Kt": "N", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}


#: Letters an e-text's OCR prints for the digit 1 (``K Bl``, ``QRI``).
_OCR_ONE = "lI"


def ocr_confusions(text: str) -> list[str]:
    """The OCR confusions in a piece or square name, said in words (``'KT' read as 'Kt'``)."""
    found = []
    squeezed = "".join(text.split()).replace(".", "")
    if "KT" in squeezed:
        found.append("'KT' read as 'Kt'")
    if squeezed[-1:] in _OCR_ONE and not squeezed.endswith("'s"):
        found.append(f"{squeezed[-1]!r} read as '1'")
    return found


def _units(text: str) -> list[str]:
    """Split a piece or square name into its initials: ``KKt3`` -> ``K Kt 3``.

    Spaces and full stops go (``K. Kt.``); an ordinal's letters go (``4th``);
    ``sq``, ``square`` and a closing ``'s`` (``Kt's``) are the first rank; a
    possessive inside a name is dropped (``K's 4th``, ``Q. B's 3rd``).
    """
    s = "".join(text.split()).replace("’", "'").replace(".", "")
    units: list[str] = []
    i = 0
    while i < len(s):
        if s.startswith(("Kt", "KT"), i):
            units.append("Kt")
            i += 2
        elif s.startswith("square", i):
            units.append("sq")
            i += 6
        elif s.startswith("sq", i):
            units.append("sq")
            i += 2
        elif s.startswith("'s", i):
            if i + 2 == len(s):
                units.append("sq")
            i += 2
        elif s[i].isdigit() or (s[i] in _OCR_ONE and i == len(s) - 1):
            units.append("1" if s[i] in _OCR_ONE else s[i])
            i += 1
            while i < len(s) and s[i].islower():  # 4th, 3rd, 2nd
                i += 1
        else:
            units.append(s[i])
            i += 1
    return units


def piece_spec(text: str) -> PieceSpec:
    """Read a piece name: ``P``, ``Kt``, ``KB``, ``K Kt``, ``QP``, ``KBP``, ``Q R P``."""
    units = _units(text)
    kind = KINDS[units[-1]]
    quals = [KINDS.get(u, u) for u in units[:-1]]
    if kind == "P":
        if len(quals) == 2:
            return PieceSpec("P", quals[0], quals[1])
        if len(quals) == 1:
            return PieceSpec("P", None, quals[0])
        return PieceSpec("P")
    return PieceSpec(kind, quals[0] if quals else None)


def square_spec(text: str) -> SquareSpec:
    """Read a square name: ``K4``, ``KB3``, ``Q Kt 2``, ``B sq``, ``Kt's``."""
    units = _units(text)
    if units[-1] == "sq":
        rank, units = 1, units[:-1]
    elif units[-1].isdigit():
        rank, units = int(units[-1]), units[:-1]
    else:
        rank = 0  # "R to QB": any rank, the board decides
    files = [KINDS.get(u, u) for u in units]
    if len(files) == 2:
        return SquareSpec(files[1], rank, files[0])
    return SquareSpec(files[0], rank)


def own_square_spec(text: str, piece: PieceSpec) -> SquareSpec:
    """A square on the mover's own file, or its side's: ``K. Kt. to his 5th`` is KKt5,
    ``Q. to her Kt's 3d`` QKt3, ``K. to his sq.`` K1."""
    units = _units(text.split(None, 1)[1])
    rank = 1 if units[-1] == "sq" else int(units[-1])
    side = piece.kind if piece.kind in ("K", "Q") else piece.wing
    if len(units) > 1:  # "her Kt's 3d": a file of the piece's side
        return SquareSpec(KINDS[units[0]], rank, side)
    if piece.kind in ("K", "Q"):
        return SquareSpec(piece.kind, rank)
    if piece.kind == "P":  # "P. to his 4th": the pawn's own file
        return SquareSpec(piece.file or "P", rank, piece.wing)
    return SquareSpec(piece.kind, rank, piece.wing)


class DescriptiveTransformer(LayoutTransformer):
    """The layout transformer, reading each ``move`` as a :class:`DescriptiveMove`."""

    def fields(self, children: list[Any]) -> DescriptiveMove:
        move = DescriptiveMove("move")
        for child in children:
            if not isinstance(child, Tree):
                continue
            if child.data in ("piece_move", "capture"):
                parts = [c for c in child.children if not (isinstance(c, Token) and c.type == "TO")]
                move.kind = "move" if child.data == "piece_move" else "capture"
                move.piece = piece_spec(str(parts.pop(0)))
                if isinstance(parts[0], Tree) and parts[0].data == "from_square":
                    move.origin = square_spec(str(parts.pop(0).children[-2]))
                if move.kind == "move":
                    square = parts.pop(0)
                    own = isinstance(square, Token) and square.type == "OWN_SQUARE"
                    move.to = own_square_spec(str(square), move.piece) if own else square_spec(str(square))
                else:
                    parts.pop(0)  # the cross
                    if isinstance(parts[0], Token) and parts[0].type == "DOUBLED":
                        parts.pop(0)
                    move.target = piece_spec(str(parts.pop(0)))
                    if parts and isinstance(parts[0], Tree) and parts[0].data == "at_square":
                        move.to = square_spec(str(parts.pop(0).children[-2]))
                self._extras(move, parts)
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
        confusions = [c for token in _tokens_of(children) if token.type in ("PIECE", "SQUARE", "PIECE_TAKEN")
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


def _tokens_of(children: list[Any]):
    for child in children:
        if isinstance(child, Token):
            yield child
        elif isinstance(child, Tree):
            yield from child.scan_values(lambda v: isinstance(v, Token))


def castle_side(text: str) -> str:
    """``K`` for King's side, ``Q`` for Queen's side, ``""`` when the text does not say."""
    t = text.replace(" ", "")
    if t.startswith(("O-O-O", "0-0-0")):
        return "Q"
    if t.startswith(("O-O", "0-0")):
        return "K"
    rest = t[len("Castles"):].strip("().").removeprefix("on").removeprefix("the")  # "Castles on the Q's side"
    if rest.startswith("Q"):
        return "Q"
    if rest.startswith("K"):
        return "K"
    return ""


def promotion_piece(text: str) -> str:
    """``=Q``, ``(Kt)``, ``Queens`` -> python-chess symbol."""
    t = text.strip(" =()")
    if "ueen" in t:
        return "Q"
    return KINDS[t] if t in KINDS else "Q"


class EnglishDescriptive:
    """The English descriptive notation, read from book layouts."""

    name = NAME

    def parse(self, record: Record) -> ParsedRecord:
        """The record's moves: clean compact movetext on the fast path, anything else by the grammar."""
        from notation.parse.chess_descriptive_clean import parse_clean  # it reads with this module's readers

        parsed = parse_clean(record)
        return parsed if parsed is not None else parse_book(record, "chess", NAME, GRAMMAR, DescriptiveTransformer)

