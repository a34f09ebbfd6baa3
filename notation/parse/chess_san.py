"""PGN movetext (``grammars/chess_san.lark``): what reading it shares at the parse stage.

The SAN notation itself (its transformer, its moves read on the board, its writer) is
:mod:`notation.rules.chess.notations.san`. Here are the grammar's name and what the PGN
splitter (:func:`game_ends`) and the fast path for clean movetext
(:mod:`notation.parse.chess_san_clean`) read with its terminals.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lark import UnexpectedInput

from notation.parse import load, span

NAME = "san"
GRAMMAR = "chess_san.lark"


def number_side(number: str) -> str:
    """Whose move a move number announces: ``1...`` (three full stops or more) black's, else white's."""
    return "black" if number.count(".") >= 3 else "white"


#: PGN's termination markers, the draw with its fraction's glyph, and the results typed with spaced dashes:
#: a game's movetext ends at its first.
RESULTS = ("1-0", "0-1", "1/2-1/2", "½-½", "*", "1 - 0", "0 - 1", "1/2 - 1/2")


def word_before_result(body: str) -> bool:
    """Whether a word no PGN reads (the grammar's ``WORD``: ``P-K4``, prose) comes before the body's first result
    outside a variation. Read token by token, stopping at the first of the two: a body that begins a book's
    score or prose is answered at its first word, not lexed whole (a megabyte line of ``P-K4``). Before that
    result the grammar's own parse lexes the same tokens (every terminal but the trailer's may stand there, and
    where the trailer's pattern matches a word's does, at a higher priority), so such a word is ``unreadable``
    in it."""
    depth = 0
    try:
        for token in load(GRAMMAR).lex(body):
            if token.type == "WORD":
                return True
            if token.type == "LPAR":
                depth += 1
            elif token.type == "RPAR":
                depth = max(depth - 1, 0)
            elif token.type == "RESULT" and depth == 0:
                return False
    except UnexpectedInput:
        pass  # a character no token takes: as far as the tokens go
    return False


def game_ends(body: str, move_words: Callable[[str], Sequence[object]]) -> list[int]:
    """Offsets in a PGN body where one game ends and the next, tagless, begins.

    A game's movetext ends at its result (a result inside a {comment} or a
    variation is none). What follows it, past the comments on the game, is another game where it
    is one: a first move number or another result (other programs run games together without tags:
    ``1. e4 e5 1-0 1. d4 d5 0-1``, ``* *``), or any text with words that read as moves in some
    notation (``move_words``: descriptive ``P-K4``, checkers ``11-15``), whichever family reads it;
    else it is prose after the game (a signature), which the grammar keeps as the game's trailer.
    Found with the grammar's own lexer.
    """
    count = sum(body.count(r) for r in RESULTS)
    if count == 0 or count == 1 and body.rstrip().endswith(RESULTS):
        return []  # nothing after the only result (the common case, and no lexing)
    tokens = []
    try:
        for token in load(GRAMMAR).lex(body):
            tokens.append(token)
    except UnexpectedInput:
        pass  # a character no token takes ("]"): the games before it are still cut
    ends = []
    ended = False  # the current game's result has been read
    depth = 0
    for token in tokens:
        if ended:
            if token.type in ("BRACE_COMMENT", "LINE_COMMENT"):
                continue  # a comment after the result is on the game ("{PGN 02}")
            at = span(token)[0]
            if not (token.type == "RESULT" or token.type == "MOVE_NUMBER" and re.match(r"1\s*\.(?!\s*\.)", str(token))
                    or move_words(body[at:])):
                break  # prose to the end of the body: the game's trailer
            ends.append(at)
            ended, depth = False, 0
        if token.type == "LPAR":
            depth += 1
        elif token.type == "RPAR":
            depth = max(depth - 1, 0)
        elif token.type == "RESULT" and depth == 0:
            ended = True
    return ends
