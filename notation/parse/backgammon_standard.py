"""Standard backgammon move notation (``grammars/backgammon_standard.lark``) -> printed actions.

>>> from notation.parse.backgammon_standard import NOTATION
>>> NOTATION.name
'standard'
"""

from __future__ import annotations

import re
from functools import cache

from lark import Token, Tree

from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record, RecordSpan, SourceText
from notation.parse import load, parse_body
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
        alternatives = [c for c in item.children if isinstance(c, Tree) and c.data == "alternative"]
        if alternatives:
            end = span(alternatives[0])[0]  # the throw's own play ends where "or" begins
        move = PrintedMove(record.body[start:end].rstrip(" \t\n,;"), start, end, action, number=number, side=label)
        # A book's words around the play ("make your five point:", "(slotting)") are the play's comment.
        notes = _notes(item)
        if notes:
            move.comment = " ".join(notes)
            comments.extend(notes)
        for alternative in alternatives:
            # "24/14, or split, 24/18 13/9": the same throw played the other way, a variation of this move; the
            # words after "or" ("split") its comment.
            words = str(alternative.children[0])
            first = span(alternative)[0] + len(words) - len(re.sub(r"(?i)^[\s,;]*or\b\s*", "", words))
            last = span(alternative)[1]
            first += len(record.body[first:last]) - len(record.body[first:last].lstrip())
            play = transformer.transform(alternative.children[1])
            other = Action("roll", action.dice, play, side=side)
            said = [" ".join(words.split()).lstrip(",; ")[2:].strip(":,;-— ")] + _notes(alternative)
            said = [w for w in said if w]
            printed = PrintedMove(record.body[first:last], first, last, other, number=number, side=label,
                                  comment=" ".join(said) or None)
            comments.extend(said)
            move.variations.append(PrintedLine([printed]))
        line.moves.append(move)
        side, label = None, None
    return ParsedRecord(record, "backgammon", notation, line, comments=comments)


def _notes(item: Tree) -> list[str]:
    """The author's words a roll (or its alternative) holds, each as one line of text."""
    return [" ".join(str(n.children[0]).strip().strip("()").split()).strip(":,;-— ") for n in item.children
            if isinstance(n, Tree) and n.data == "note"]


#: A play as the standard notation prints it, from a point or the bar ("8/5", "bar/22", "6/off"): no other family's.
_SLASH_MOVE = re.compile(r"(?<![\w/.-])(?:bar|[0-9]{1,2})/(?:off|[0-9]{1,2})(?![\w/-])", re.IGNORECASE)
_TAG_LINE = re.compile(r'^[ \t]*\[[A-Za-z]\w*[ \t]+"', re.MULTILINE)


@cache
def _throw_line() -> re.Pattern[str]:
    """A line that begins with a throw as a book's table prints it: the grammar's ``THROW``, one pattern for both."""
    throw = load("backgammon_standard.lark").get_terminal("THROW").pattern
    return re.compile(r"^[ \t]*(?:" + throw.to_regexp() + ")", re.MULTILINE | re.IGNORECASE)


def split_openings(source: SourceText) -> list[RecordSpan] | None:
    """A book's table of the opening throws (``With 3-1, make your five point: 8/5, 6/5.``), tagless: each throw a
    record of its own from the opening position, its words to the next throw; the page's heading its ``Title``.

    ``None`` for any other text: one with tag pairs, or no line that begins with such a throw and plays from points
    (a game's ``31: 8/5 6/5`` throws follow one another; a checker text has no slash moves).
    """
    text = source.text
    if _TAG_LINE.search(text) or not _SLASH_MOVE.search(text):
        return None
    # Every line from a throw on is its record's: a line that is not a throw (a sentence run over) is the one
    # before's, read by the grammar (its words a comment, a move it cannot place an error at its column).
    throws = list(_throw_line().finditer(text))
    if not any(_SLASH_MOVE.search(text, m.end(), _paragraph_end(text, m.end())) for m in throws):
        return None
    starts = [m.start() for m in throws]
    head = text[:starts[0]]
    tags = {"Game": "backgammon", "Notation": "standard"}
    spans = []
    heading = ""
    if head.strip() and _SLASH_MOVE.search(head):
        # Words before the first throw with a play in them: a record of their own, read (an error where it stops).
        spans.append(RecordSpan(0, 0, starts[0], dict(tags)))
    elif head.strip():
        heading = " ".join(head.split()).rstrip(".:")
    for index, found in enumerate(throws):
        start = found.start()
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        first = 0 if index == 0 and not spans else start
        # Each record is named by the page's heading and its throw as printed ("OPENING MOVES: 3-1").
        throw = re.sub(r"(?i)^with\s+|[\s:,.—-]+$", "", found.group().strip())
        spans.append(RecordSpan(first, start, end, {**tags, "Title": f"{heading}: {throw}" if heading else throw}))
    return spans


def _paragraph_end(text: str, at: int) -> int:
    """Where the throw's paragraph ends: at a blank line, or at the next throw."""
    ends = [found.start() for found in (re.compile(r"\n[ \t]*\n").search(text, at), _throw_line().search(text, at))
            if found is not None]
    return min(ends, default=len(text))


NOTATION = StandardNotation()
