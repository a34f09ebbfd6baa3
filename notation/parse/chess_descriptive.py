"""English descriptive notation: ``grammars/chess_descriptive.lark`` -> printed moves.

What a move *says* (piece, square counted from the mover's side, piece
taken, check) is read here, word by word by :mod:`notation.parse.chess_descriptive_words`; what it *means* on the board is the rules'
business (:mod:`notation.rules.chess`). The move's fields
(:class:`DescriptiveMove`) are vocabulary shared with the rules and the
writer, in :mod:`notation.boards.chess`.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from notation.boards.chess import DescriptiveMove, PieceSpec, SquareSpec
from notation.model import ParsedRecord, Record
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
from notation.parse.chess_layout import LayoutTransformer, parse_book

GRAMMAR = "chess_descriptive.lark"

__all__ = ["DescriptiveMove", "PieceSpec", "SquareSpec", "EnglishDescriptive", "DescriptiveTransformer"]

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


class EnglishDescriptive:
    """The English descriptive notation, read from book layouts."""

    name = NAME

    def parse(self, record: Record) -> ParsedRecord:
        """The record's moves: clean compact movetext on the fast path, anything else by the grammar."""
        parsed = parse_clean(record)
        return parsed if parsed is not None else parse_book(record, "chess", NAME, GRAMMAR, DescriptiveTransformer)

