"""Standard algebraic notation in PGN movetext (the PGN standard, section 8.2): move numbers, SAN,
NAGs, brace and line comments, recursive variations, a termination marker; figurines read as
letters. Each SAN token is read against the board by python-chess's SAN parser; the grammar
(``grammars/chess_san.lark``) only cuts the movetext into its tokens. Clean movetext is read on
a fast path (:mod:`notation.rules.chess.clean`); a PGN file is split at tagless games' results
with the grammar's lexer (:func:`notation.parse.chess_san.game_ends`).
"""

from __future__ import annotations

import re
from typing import Any, cast

import chess
from lark import Lark, Token, Transformer, UnexpectedInput, v_args

from notation.boards.chess import FIGURINES, Position
from notation.details.chess import ChessExtra
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse import from_lark, load, next_turn, span, stopped_labels
from notation.parse.chess_layout import Unreadable, stray_bracket
from notation.parse.chess_san import GRAMMAR, NAME, number_side
from notation.records import tag_comments
from notation.rules.chess.languages import letters
from notation.rules.chess.notations.base import ALGEBRAIC_CLUE, ChessNotation, san_read_forms, tree_moves

#: A move as a word of a text: castling, or a SAN move (``e4``, ``Nf3``, ``exd5``, ``Nbxd2``, ``e8=Q``).
WORD = r"""O-O(?:-O)? | [KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[QRBN])?"""


# --------------------------------------------------------------------------
# Reading: movetext -> printed moves


class SanTransformer(Transformer):
    """Turns PGN movetext into a :class:`PrintedLine` with nested variations."""

    def __init__(self, base: int = 0) -> None:
        super().__init__()
        self.base = base
        self.final_result: tuple[str, int] | None = None
        self.trailing: tuple[str, int] | None = None
        self.leading: list[str] = []
        #: NAGs and glyphs before a line's first move ("$1 1. e4"), which annotate no move: (text, offset).
        self.stray: list[tuple[str, int]] = []
        #: Where a "{" comment that nothing closes opens, if one does.
        self.unclosed: int | None = None
        #: What a damaged file left among the moves (the grammar's ``stray_token``): (its terminal, text, offset).
        self.damage: list[tuple[str, str, int]] = []
        #: Where the text prints a note's label as a figure with its stop (:func:`notation.parse.stopped_labels`).
        self.labels: frozenset[int] = frozenset()

    def start(self, children: list[Any]) -> Any:
        return children[0]

    def movetext(self, children: list[Any]) -> PrintedLine:
        return self._line(children)

    def variation(self, children: list[Any]) -> PrintedLine:
        return self._line(children)

    def _line(self, children: list[Any]) -> PrintedLine:
        line = PrintedLine()
        number: int | None = None
        side: str | None = None
        ended = False  # past the result: a comment there is on the game, not on the last move
        # A variation before the line's first move ("(1. d4 d5) 1. e4") replaces no move yet: it is
        # an alternative to the first one, from the same position.
        early: list[PrintedLine] = []
        for child in children:
            if isinstance(child, tuple) and child[0] == "number":
                number, side = child[1], child[2]
            elif isinstance(child, PrintedMove):
                child.number, child.side = number, side
                child.variations.extend(early)
                early = []
                line.moves.append(child)
                number, side = next_turn(number, side)
            elif isinstance(child, tuple) and child[0] == "nag" and line.moves and not ended:
                line.moves[-1].annotations.append(child[1])
            elif isinstance(child, tuple) and child[0] == "nag":
                # Before the line's first move (or after the result) it annotates no move: kept as the line's
                # comment, and said (python-chess hangs it on the game, and writes it nowhere).
                line.comment = f"{line.comment} {child[1]}" if line.comment else child[1]
                self.stray.append((child[1], child[2]))
            elif isinstance(child, tuple) and child[0] == "comment":
                if line.moves and not ended:
                    m = line.moves[-1]
                    m.comment = f"{m.comment} {child[1]}" if m.comment else child[1]
                elif line.comment is None:
                    line.comment = child[1]
                else:
                    line.comment += " " + child[1]
            elif isinstance(child, PrintedLine):
                (line.moves[-1].variations if line.moves else early).append(child)
            elif isinstance(child, tuple) and child[0] == "result":
                self.final_result = (child[1], child[2])
                ended = True
            elif isinstance(child, tuple) and child[0] == "line_end":
                # A variation's own result: kept as a note on its last move (the game's result is the main line's).
                if line.moves:
                    m = line.moves[-1]
                    m.comment = f"{m.comment} {child[1]}" if m.comment else child[1]
                else:
                    line.comment = f"{line.comment} {child[1]}" if line.comment else child[1]
        return line

    @v_args(inline=True)
    def move_number(self, token: Token) -> tuple[str, int, str] | PrintedMove:
        digits = re.match(r"\d+", str(token))
        at = self.base + span(token)[0]
        if at in self.labels:
            # (A note's label printed as a figure with its stop, "2. Capablanca's ..." under "Nd5 (2)": no move's
            # number, and no move, as "(2)" is none: a word PGN's movetext cannot read, said where it stands.)
            return PrintedMove(str(token).strip(), at, at + len(str(token).strip()), Unreadable("a note's label"))
        return ("number", int(digits.group()) if digits else 0, number_side(str(token)))

    def san(self, children: list[Token]) -> PrintedMove:
        token = children[0]
        move = PrintedMove(str(token), self.base + span(token)[0], self.base + span(token)[1], str(token))
        if len(children) > 1:
            move.annotations.append(str(children[1]))
        return move

    def unreadable(self, children: list[Token]) -> PrintedMove:
        token = children[0]
        return PrintedMove(str(token), self.base + span(token)[0], self.base + span(token)[1],
                           Unreadable("not a SAN move"))

    @v_args(inline=True)
    def nag(self, token: Token) -> tuple[str, str, int]:
        return ("nag", "$" + str(token)[1:].lstrip() if str(token)[:1] == "$" else str(token),
                self.base + span(token)[0])

    @v_args(inline=True)
    def comment(self, token: Token) -> tuple[str, str]:
        text = str(token)
        if token.type == "OPEN_COMMENT":
            self.unclosed = self.base + span(token)[0]
            return ("comment", text[1:].strip())
        return ("comment", text[1:-1].strip() if text.startswith("{") else text[1:].strip())

    @v_args(inline=True)
    def stray_token(self, token: Token) -> tuple[str, str]:
        self.damage.append((token.type, str(token), self.base + span(token)[0]))
        # A command that lost its braces is the comment it was; a bracket or a reserved token is no part of the line.
        return ("comment", str(token)) if token.type == "BARE_COMMAND" else ("stray", str(token))

    @v_args(inline=True)
    def trailer(self, token: Token) -> tuple[str, str, int]:
        self.trailing = (str(token), self.base + span(token)[0])
        return ("trailer", str(token), self.base + span(token)[0])

    @v_args(inline=True)
    def result(self, token: Token) -> tuple[str, str, int]:
        return ("result", str(token), self.base + span(token)[0])

    @v_args(inline=True)
    def line_end(self, token: Token) -> tuple[str, str, int]:
        return ("line_end", str(token), self.base + span(token)[0])


def _stray_said(kind: str, text: str, line: int, column: int) -> Diagnostic:
    """What a damaged file left among the moves (the grammar's ``stray_token`` of terminal ``kind``), said where it
    stands: a bracket that closes or opens nothing, a command out of its braces, a token the standard reserves."""
    if kind == "STRAY_BRACKET":
        return stray_bracket(text, line, column)
    if kind == "BARE_COMMAND":
        return Diagnostic("warning", "bare-command", f"{text!r} stands outside a {{comment}}, where a command "
                          "belongs: read as the comment it was", line, column)
    return Diagnostic("info", "reserved-token", f"{text!r} is a token the PGN standard reserves for future expansion "
                      "(section 8.2): skipped, as the standard says", line, column)


def _balanced(body: str) -> tuple[str, list[tuple[int, str]], tuple[int, int]] | None:
    """The movetext with its variations' brackets balanced, where each change stands and what it was, and
    ``(at, by)``: from offset ``at`` of the text on, its offsets are ``by`` past the body's (``by`` 0 but where
    brackets had no room); ``None`` where they balance or the text cannot be lexed.

    A ``)`` that closes no variation is read as a space; variations left open are closed where the
    game's result stands (the spaces before it made brackets, or brackets put in before it where
    they have no room: ``(2... e6 *``), or at the end of the text.
    """
    try:
        tokens = list(load(GRAMMAR).lex(body))
    except UnexpectedInput:
        return None
    text = list(body)
    changes: list[tuple[int, str]] = []
    open_at: list[int] = []
    result = None
    for token in tokens:
        at = span(token)[0]
        if token.type == "LPAR":
            open_at.append(at)
        elif token.type == "RPAR":
            if open_at:
                open_at.pop()
            else:
                text[at] = " "
                changes.append((at, "a ')' that closes no variation: read past"))
        elif token.type == "RESULT" and result is None:
            result = at
    if not open_at:
        return ("".join(text), changes, (len(body), 0)) if changes else None
    changes.extend((at, "a variation left open: closed where the game's moves end") for at in open_at)
    closing, joined = ")" * len(open_at), "".join(text)
    if result is None:
        return joined + closing, changes, (len(body), 0)  # (at the end: no offset moves)
    gap = result - len(joined[:result].rstrip())
    if gap < len(closing):
        # no room to close them before the result: put in, the result and what follows it moved on
        return joined[:result] + closing + joined[result:], changes, (result, len(closing))
    return joined[:result - gap] + closing + joined[result - gap + len(closing):], changes, (len(body), 0)


def _moved_back(transformer: SanTransformer, at: int, by: int) -> None:
    """The offsets the transformer took past ``at`` of a text with ``by`` characters put in there, made the body's
    again: only what may follow a game's result (the result, the trailer, a stray NAG) stands there."""
    if by:
        def back(item: tuple[str, int]) -> tuple[str, int]:
            return (item[0], item[1] - by) if item[1] >= at else item
        transformer.final_result = transformer.final_result and back(transformer.final_result)
        transformer.trailing = transformer.trailing and back(transformer.trailing)
        transformer.stray = [back(item) for item in transformer.stray]
        transformer.damage = [(kind, *back((text, where))) for kind, text, where in transformer.damage]


# --------------------------------------------------------------------------
# Resolving: a SAN token -> the legal moves it can mean


#: Castling typeset with en or em dashes (O–O, 0—0—0) reads as O-O; German piece letters as SAN's
#: (Springer, Läufer, Turm, Dame: the grammar's SAN takes them; its King's is SAN's, its pawn's "B" SAN's Bishop).
_DASHES = str.maketrans({"–": "-", "—": "-", **{german: san for german, san in letters("German").items()
                                                 if german != san and san != "P"}})


#: The en passant mark after a capture, with or without its full stops ("e.p.", "e. p.", "ep").
_EN_PASSANT = re.compile(r"\s?e\.?\s?p\.?$")


#: Check and mate in words or signs after a move ("Qxe4ch", "Nf3 mate", "Qxe4†", "Nf3‡"): SAN's "+" and "#".
_WORD_MARKS = re.compile(r"\s?(ch|mate)\.?$|([†‡])$")

#: A promotion's piece in brackets or after a slash, as older programs print it ("e8(Q)", "e8/Q").
_PROMOTED = re.compile(r"(?:\(([QRBN])\)|/([QRBN]))(?=[+#]*$)")


#: A King's move of two files along its first rank in long algebraic ("Ke1-g1", "e8-c8"): castling.
_KING_STEPS = re.compile(r"K?(e[18])[-x]?([cg][18])")


def resolve_san(board: chess.Board, text: str) -> list[chess.Move]:
    """The legal moves a SAN token can mean (python-chess reads it; an ambiguous one gives every reading)."""
    # "exf6 e.p.": python-chess reads the capture without the mark; figurines and German letters read as SAN's.
    text = _EN_PASSANT.sub("", text).strip().translate(FIGURINES).translate(_DASHES)
    # A pawn's letter ("Pe4", "Pexd5") and a doubled check ("Qxf7++") are read without them; the mark is
    # still the text's (printed_marks), checked against the move.
    if text[:1] == "P" and text[1:2].isalpha():
        text = text[1:]
    text = _WORD_MARKS.sub("+", text.replace("++", "+"))
    # A capture marked with a colon ("B:f7", "Nf3:e5") and a promotion's piece in brackets or after a
    # slash ("e8(Q)", "e8/Q") read as SAN's "x" and "=Q".
    text = _PROMOTED.sub(lambda m: f"={m.group(1) or m.group(2)}", text.replace(":", "x"))
    try:
        return [board.parse_san(text)]
    except chess.AmbiguousMoveError:
        bare = text.rstrip("+#!?")
        return [m for m in board.legal_moves if _undisambiguated(board, m) == bare]
    except ValueError:
        pass
    # Castling in long algebraic, as the King's move ("Ke1-g1", "e1-c1": older programs' long exports), as
    # UCI writes it: the King's two steps.
    king = _KING_STEPS.fullmatch(text.rstrip("+#"))
    if king is not None and board.piece_type_at(chess.parse_square(king.group(1))) == chess.KING:
        try:
            move = board.parse_uci(king.group(1) + king.group(2))
        except ValueError:
            return []
        return [move] if board.is_castling(move) else []
    return []


def _undisambiguated(board: chess.Board, move: chess.Move) -> str:
    san = board.san(move).rstrip("+#")
    piece = board.piece_type_at(move.from_square)
    if piece == chess.PAWN or board.is_castling(move):
        return san
    capture = "x" if board.is_capture(move) else ""
    return f"{san[0]}{capture}{chess.square_name(move.to_square)}"


# --------------------------------------------------------------------------
# The notation


class San(ChessNotation):
    """Standard algebraic notation in PGN movetext (figurines read as letters)."""

    name = NAME
    grammar = GRAMMAR
    word = WORD
    clue = ALGEBRAIC_CLUE
    clue_in_every_move = True
    null_move = "--"

    def __init__(self) -> None:
        # The transformer runs inside the LALR parser: no tree is built (PGN files are big).
        self._transformer = SanTransformer()
        self._parser: Lark | None = None
        self._tree_parser: Lark | None = None

    def parse(self, record: Record) -> ParsedRecord:
        if self._parser is None:
            self._parser = load(GRAMMAR, transformer=self._transformer)
        transformer = self._transformer
        transformer.final_result = None
        transformer.trailing = None
        transformer.stray = []
        transformer.unclosed = None
        transformer.damage = []
        transformer.labels = stopped_labels(record.body)
        unbalanced: list[Diagnostic] = []
        try:
            # With an inline transformer the parser returns the transformer's PrintedLine, not a tree.
            line = cast(PrintedLine, self._parser.parse(record.body))
        except UnexpectedInput as exc:
            # Only a .pgn's movetext is PGN's by the standard: elsewhere a bracket may be the prose's.
            balanced = _balanced(record.body) if record.path.lower().endswith(".pgn") else None
            if balanced is None:
                raise from_lark(record, exc, 0, "the PGN movetext") from None
            body, unbalanced = balanced[0], [Diagnostic("warning", "unbalanced-variation", message,
                                                        *record.position(at)) for at, message in balanced[1]]
            transformer.final_result = None
            transformer.trailing = None
            transformer.stray = []
            transformer.damage = []
            try:
                line = cast(PrintedLine, self._parser.parse(body))
            except UnexpectedInput:
                raise from_lark(record, exc, 0, "the PGN movetext") from None
            _moved_back(transformer, *balanced[2])
        parsed = ParsedRecord(record, "chess", NAME, line)
        # A comment before the tags or among them (an exporting program's remark) is the game's, as PDN's is.
        parsed.comments.extend(tag_comments(record.text[:record.body_start - record.start]))
        parsed.diagnostics.extend(unbalanced)
        if transformer.unclosed is not None:
            line_, column = record.position(transformer.unclosed)
            parsed.diagnostics.append(Diagnostic(
                "error", "unclosed-comment", f"a comment opened at {line_}:{column} is never closed: the text after "
                "it, to the end of the record, is read as the comment (the moves before it are read)", line_, column))
        parsed.diagnostics.extend(_stray_said(kind, text, *record.position(at)) for kind, text, at in transformer.damage)
        parsed.diagnostics.extend(Diagnostic("info", "stray-nag", f"{text!r} stands before the line's first move (or "
                                             "after the result) and annotates no move: kept as the line's comment",
                                             *record.position(at)) for text, at in sorted(transformer.stray, key=lambda s: s[1]))
        if line.comment:
            parsed.comments.append(line.comment)
        if transformer.final_result:
            text, at = transformer.final_result
            parsed.result, parsed.result_span = text, (at, at + len(text))
        if transformer.trailing:
            # Its move-like words are those of any chess notation ("1. P-K4 P-K4" after the result
            # is a game too): the replay names them (None), as this module knows only SAN's.
            text, at = transformer.trailing
            parsed.comments.append(" ".join(text.split()))
            parsed.extra = ChessExtra(prose=[(at, at + len(text), "it follows the result, which ends the game", None)])
        return parsed

    def book_moves(self, text: str) -> int:
        if self._tree_parser is None:
            self._tree_parser = load(GRAMMAR, propagate_positions=False)
        return tree_moves(self._tree_parser, "san", text, damage="stray_token")

    def resolve(self, position: Position, printed: PrintedMove) -> list[chess.Move]:
        if not isinstance(printed.fields, str):
            return []
        return resolve_san(position.board, printed.fields)

    def printed_marks(self, printed: PrintedMove) -> tuple[bool, bool]:
        f = printed.fields
        if not isinstance(f, str):
            return False, False
        bare = _WORD_MARKS.sub(lambda m: "#" if (m.group(1) or m.group(2)) in ("mate", "‡") else "+", f.rstrip("!?"))
        return bare.endswith(("+", "#")), bare.endswith("#")

    def forms(self, position: Position, move: chess.Move) -> list[str]:
        return [position.board.san(move).rstrip("+#"), move.uci()]

    def read_forms(self, position: Position, move: chess.Move) -> list[str]:
        return [*san_read_forms(position.board, move), move.uci()]

    def write_move(self, position: Position, move: chess.Move) -> str:
        return position.board.san(move)

    def write_long(self, position: Position, move: chess.Move) -> str:
        """SAN with its from-square in full (``Rf6f3``, ``b7xc6``: PGN's readers take a move so
        disambiguated); castling and a drop as SAN has them."""
        board = position.board
        san = board.san(move)
        if move.drop or board.is_castling(move):
            return san
        piece = board.piece_type_at(move.from_square)
        letter = chess.piece_symbol(piece).upper() if piece != chess.PAWN else ""  # type: ignore[arg-type]
        takes = "x" if board.is_capture(move) else ""
        promotion = f"={chess.piece_symbol(move.promotion).upper()}" if move.promotion else ""
        mark = san[-1] if san[-1] in "+#" else ""
        return f"{letter}{chess.square_name(move.from_square)}{takes}{chess.square_name(move.to_square)}{promotion}{mark}"


NOTATION = San()
