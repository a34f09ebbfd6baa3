"""PGN movetext (``grammars/chess_san.lark``): what reading it shares at the parse stage.

The SAN notation itself (its transformer, its moves read on the board, its writer) is
:mod:`notation.rules.chess.notations.san`. Here are the grammar's name and what the PGN
splitter (:func:`game_ends`) and the fast path for clean movetext
(:mod:`notation.parse.chess_san_clean`) read with its terminals.
"""

from __future__ import annotations

import re

from lark import UnexpectedInput

from notation.parse import load, span

NAME = "san"
GRAMMAR = "chess_san.lark"


def number_side(number: str) -> str:
    """Whose move a move number announces: ``1...`` (three full stops or more) black's, else white's."""
    return "black" if number.count(".") >= 3 else "white"


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
