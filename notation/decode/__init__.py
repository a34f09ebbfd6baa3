"""The reader that decodes a page against the rules, for any game.

A book prints a game among its notes, headings, page heads and OCR damage;
which words are the moves, and in which order they go, is decided here with
the rules' help rather than before they see anything. The text is cut into
words and segments with their candidate reading orders
(:mod:`.lattice`), and a search (:mod:`.search`) chooses the reading that
explains the most words as legal moves, each correction at a cost.

The decoder knows no game: a family gives it a :class:`Rules` (the legal
moves of a position by their printed forms, how a move is made, whose turn
it is) and reads what it returns.
"""

from notation.decode.lattice import (
    GLUED_REF,
    NOTE_REF,
    Order,
    Segment,
    Token,
    joined,
    named_going_on,
    named_plans,
    named_sides,
    named_weighed,
    segments,
    tokens,
)
from notation.decode.search import Decoder, Reading, Rules, Step

__all__ = ["GLUED_REF", "NOTE_REF", "Decoder", "Order", "Reading", "Rules", "Segment", "Step", "Token", "joined", "named_going_on", "named_plans", "named_weighed", "named_sides", "segments", "tokens"]
