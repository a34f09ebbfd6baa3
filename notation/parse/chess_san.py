"""SAN / PGN movetext: ``grammars/chess_san.lark`` -> printed moves.

Follows the PGN standard: move numbers, SAN, NAGs, brace and line comments,
recursive variations, a termination marker. Each SAN token is read against
the board by the rules (python-chess's SAN parser), not here.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, cast

from lark import Lark, Token, Transformer, UnexpectedInput, v_args

from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse import from_lark, load, next_turn, span
from notation.parse.chess_layout import Unreadable

NAME = "san"
GRAMMAR = "chess_san.lark"


@lru_cache(maxsize=1)
def _san_word() -> re.Pattern[str]:
    """The grammar's SAN terminal, to say which words of a trailer read as moves."""
    return re.compile(next(t.pattern.value for t in load(GRAMMAR).terminals if t.name == "SAN"))


def number_side(number: str) -> str:
    """Whose move a move number announces: ``1...`` (three full stops or more) black's, else white's."""
    return "black" if number.count(".") >= 3 else "white"


class SanTransformer(Transformer):
    """Turns PGN movetext into a :class:`PrintedLine` with nested variations."""

    def __init__(self, base: int = 0) -> None:
        super().__init__()
        self.base = base
        self.final_result: tuple[str, int] | None = None
        self.trailing: tuple[str, int] | None = None
        self.leading: list[str] = []

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
        for child in children:
            if isinstance(child, tuple) and child[0] == "number":
                number, side = child[1], child[2]
            elif isinstance(child, PrintedMove):
                child.number, child.side = number, side
                line.moves.append(child)
                number, side = next_turn(number, side)
            elif isinstance(child, tuple) and child[0] == "nag" and line.moves:
                line.moves[-1].annotations.append(child[1])
            elif isinstance(child, tuple) and child[0] == "comment":
                if line.moves and not ended:
                    m = line.moves[-1]
                    m.comment = f"{m.comment} {child[1]}" if m.comment else child[1]
                elif line.comment is None:
                    line.comment = child[1]
                else:
                    line.comment += " " + child[1]
            elif isinstance(child, PrintedLine):
                if line.moves:
                    line.moves[-1].variations.append(child)
            elif isinstance(child, tuple) and child[0] == "result":
                self.final_result = (child[1], child[2])
                ended = True
        return line

    @v_args(inline=True)
    def move_number(self, token: Token) -> tuple[str, int, str]:
        digits = re.match(r"\d+", str(token))
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
    def nag(self, token: Token) -> tuple[str, str]:
        return ("nag", str(token))

    @v_args(inline=True)
    def comment(self, token: Token) -> tuple[str, str]:
        text = str(token)
        return ("comment", text[1:-1].strip() if text.startswith("{") else text[1:].strip())

    @v_args(inline=True)
    def trailer(self, token: Token) -> tuple[str, str, int]:
        self.trailing = (str(token), self.base + span(token)[0])
        return ("trailer", str(token), self.base + span(token)[0])

    @v_args(inline=True)
    def result(self, token: Token) -> tuple[str, str, int]:
        return ("result", str(token), self.base + span(token)[0])


def game_ends(body: str) -> list[int]:
    """Offsets in a PGN body where one tagless game ends and the next begins.

    PGN files from other programs run games together without tags
    (``1. e4 e5 1-0 1. d4 d5 0-1``, ``* *``): a termination marker followed by
    a first move number or by another marker ends a game. Found with the
    grammar's own lexer, so a result inside a {comment} is no end.
    """
    if sum(body.count(r) for r in ("1-0", "0-1", "1/2", "*")) < 2:
        return []  # one result at most: one game (the common case, and no lexing)
    tokens = []
    try:
        for token in load(GRAMMAR).lex(body):
            tokens.append(token)
    except UnexpectedInput:
        return []
    ends = []
    for here, after in zip(tokens, tokens[1:]):
        if here.type == "RESULT" and (after.type == "RESULT" or (
                after.type == "MOVE_NUMBER" and re.match(r"1\s*\.(?!\s*\.)", str(after)))):
            ends.append(span(after)[0])
    return ends


class San:
    """Standard algebraic notation in PGN movetext."""

    name = NAME

    def __init__(self) -> None:
        # The transformer runs inside the LALR parser: no tree is built (PGN files are big).
        self._transformer = SanTransformer()
        self._parser: Lark | None = None

    def parse(self, record: Record) -> ParsedRecord:
        if self._parser is None:
            self._parser = load(GRAMMAR, transformer=self._transformer)
        transformer = self._transformer
        transformer.final_result = None
        transformer.trailing = None
        try:
            # With an inline transformer the parser returns the transformer's PrintedLine, not a tree.
            line = cast(PrintedLine, self._parser.parse(record.body))
        except UnexpectedInput as exc:
            raise from_lark(record, exc, 0, "the PGN movetext") from None
        parsed = ParsedRecord(record, "chess", NAME, line)
        if line.comment:
            parsed.comments.append(line.comment)
        if transformer.final_result:
            text, at = transformer.final_result
            parsed.result, parsed.result_span = text, (at, at + len(text))
        if transformer.trailing:
            text, at = transformer.trailing
            parsed.comments.append(" ".join(text.split()))
            parsed.extra["prose"] = [(at, at + len(text), "it follows the result, which ends the game",
                                      [w.rstrip(".,;:!?") for w in text.split()
                                       if _san_word().fullmatch(w.rstrip(".,;:!?"))])]
        return parsed
