"""Standard backgammon move notation (``grammars/backgammon_standard.lark``) -> printed actions.

>>> from notation.parse.backgammon_standard import NOTATION
>>> NOTATION.name
'standard'
"""

from __future__ import annotations

from lark import Token, Tree

from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse import parse_body
from notation.parse.backgammon_common import Action, PlayTransformer, span

#: Side labels: Black (or Red) is side 0, White side 1, as in the book's diagrams.
SIDES = {"black": 0, "red": 0, "white": 1}


class StandardNotation:
    """``1. Black 31: 8/5 6/5  White 64: 24/18 13/9`` and cube actions, ``{comments}``."""

    name = "standard"
    #: Whether the notation marks the men it hits, so that an unmarked hit is worth a warning: a hit is marked with ``*``.
    marks_hits = True

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's body. Raises :class:`~notation.parse.ParseError` naming the line, column and what was expected."""
        tree = parse_body(record, "backgammon_standard.lark", "the backgammon moves")
        return read_items(record, "standard", tree.children)


def read_items(record: Record, notation: str, items: list[Tree | Token]) -> ParsedRecord:
    """Turn the items of a standard-notation tree into a parsed record."""
    transformer = PlayTransformer()
    line = PrintedLine()
    comments: list[str] = []
    side: int | None = None
    label = None
    number: int | None = None
    for item in items:
        assert isinstance(item, Tree)
        kind = item.data
        if kind == "turn_number":
            number = int(str(item.children[0])[:-1])
            continue
        if kind == "side":
            label = str(item.children[0])
            side = SIDES[label.lower()]
            continue
        if kind == "comment":
            text = str(item.children[0])[1:-1].strip()
            if line.moves:
                line.moves[-1].comment = text
            comments.append(text)
            continue
        action: Action = transformer.transform(item)
        action.side = side
        start, end = span(item)
        line.moves.append(PrintedMove(record.body[start:end], start, end, action, number=number,
                                      side=label))
        side, label = None, None
    return ParsedRecord(record, "backgammon", notation, line, comments=comments)


NOTATION = StandardNotation()
