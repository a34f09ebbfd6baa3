"""Backgammon in the book's words (``grammars/backgammon_book.lark``) -> printed actions.

The book (Foster's Hoyle, "Backgammon, or Tric-Trac") numbers the points
1-24 from each player's side, starting where he has two men, so its point
``n`` is the mover's ``25 - n`` in GNU Backgammon's numbering; it names the
home-table points ace to six and the bar point. This transformer turns the
words into the same :class:`~notation.parse.backgammon_common.Action` a
``24/18 13/11`` play gives; it knows the mover from the sentence, never the board.

>>> from notation.parse.backgammon_book import NOTATION
>>> NOTATION.name
'book'
"""

from __future__ import annotations

import re
from typing import cast

from lark import Token, Transformer, Tree

from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record, RecordSpan, SourceText
from notation.parse import parse_body
from notation.parse.backgammon_common import BAR, OFF, Action, Segment, span

SIDES = {"black": 0, "white": 1}
NUMBERS = {"ace": 1, "one": 1, "deuce": 2, "two": 2, "trey": 3, "three": 3, "four": 4,
           "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
PLURALS = {"aces": 1, "ones": 1, "deuces": 2, "twos": 2, "treys": 3, "threes": 3, "fours": 4,
           "fives": 5, "sixes": 6}


def number(token: Token | str) -> int:
    text = str(token).lower()
    return NUMBERS[text] if text in NUMBERS else int(text)


class _Place:
    """A point as named: ``("numbered", n)``, ``("named", owner, k)``, ``("bar_point", owner)``, ``("mid_point", owner)``,
    ``("bar",)``."""

    def __init__(self, *how: object) -> None:
        self.how = how

    def resolve(self, mover: int, entering: bool) -> int:
        """The point in the mover's own numbering (25 bar)."""
        kind = self.how[0]
        if kind == "bar":
            return BAR
        if kind == "numbered":
            return 25 - int(str(self.how[1]))
        owner = self.how[1]
        own = owner == "own" or owner == mover or (owner == "the" and not entering)
        k = 7 if kind == "bar_point" else 13 if kind == "mid_point" else int(str(self.how[2]))
        return k if own else 25 - k


class BookTransformer(Transformer):
    """Clauses to segments in the mover's numbering; sentences to actions."""

    def pair(self, c):
        return number(c[0]), number(c[1])

    def doublet(self, c):
        d = PLURALS[str(c[-1]).lower()]
        return d, d

    def men(self, c):
        text = str(c[0]).lower() if c else "a man"
        return NUMBERS.get(text, 1) if not text.isdigit() else int(text)

    def distance(self, c):
        return number(c[0])

    def owner(self, c):
        text = str(c[0]).lower().replace("’", "'")
        if text.startswith("the") and "adversary" not in text:
            return "the"
        if text.startswith("his") and "adversary" not in text:
            return "own"
        if "adversary" in text:
            return "adversary"
        return SIDES[text.split("'")[0]]

    def numbered(self, c):
        return _Place("numbered", number(c[0]))

    def named(self, c):
        return _Place("named", c[0], number(c[1]))

    def bar_point(self, c):
        return _Place("bar_point", c[0])

    def mid_point(self, c):
        return _Place("mid_point", c[0])

    def bar(self, c):
        return _Place("bar")

    def enter(self, c):
        men = next((x for x in c if isinstance(x, int)), 1)
        place = next(x for x in c if isinstance(x, _Place))
        return ("enter", men, place)

    def bear(self, c):
        men = next((x for x in c if isinstance(x, int)), 1)
        place = next(x for x in c if isinstance(x, _Place))
        return ("bear", men, place)

    def bear_off(self, c):
        return ("off", next((x for x in c if isinstance(x, int)), 1))

    def hit(self, c):
        return ("hit",)

    def cannot(self, c):
        return ("cannot",)

    def make(self, c):
        return ("make", c[0])

    def run(self, c):
        return ("run", next((x for x in c if isinstance(x, _Place)), None))


class BookNotation:
    """Sentences such as ``Black throws five-deuce: enters on the deuce point, ...``."""

    name = "book"
    #: Whether the notation marks the men it hits, so that an unmarked hit is worth a warning: the book's sentences name a hit only where the author chose to: an unmarked hit is normal.
    marks_hits = False

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's body. Raises :class:`~notation.parse.ParseError` naming the line, column and what was expected."""
        tree = parse_body(record, "backgammon_book.lark", "the backgammon sentences")
        line = PrintedLine()
        comments: list[str] = []
        for item in cast(list[Tree], tree.children):  # the grammar's top level holds only rules
            start, end = span(item)
            text = record.body[start:end]
            if item.data == "comment":
                note = str(item.children[0])[1:-1].strip()
                comments.append(note)
                if line.moves:
                    line.moves[-1].comment = note
                continue
            label = str(item.children[0])
            side = SIDES[label.lower()]
            action = self._action(item, side)
            line.moves.append(PrintedMove(text, start, end, action, side=label))
        return ParsedRecord(record, "backgammon", self.name, line, comments=comments)

    def _action(self, item: Tree, side: int) -> Action:
        kind = item.data
        if kind == "turn":
            return self._turn(item, side)
        if kind == "double":
            return Action("double", side=side)
        if kind == "take":
            return Action("take", side=side)
        if kind == "drop":
            return Action("drop", side=side)
        if kind == "resign":
            return Action("resign", side=side)
        if kind == "outcome_points":
            return Action("win", value=number(str(item.children[1])), side=side)
        what = str(item.children[1]).lower().split()[-1]
        what = {"hit": "single", "game": "single"}.get(what, what)
        words = str(item.children[1]).lower()
        if "double game" in words:
            what = "gammon"
        elif "triple game" in words:
            what = "backgammon"
        return Action("win", what=what, side=side)

    def _turn(self, item: Tree, side: int) -> Action:
        transformer = BookTransformer()
        dice = transformer.transform(item.children[1])
        segments: list[Segment] = []
        effects: list[tuple] = []
        hit_after: list[int] = []  # the segments a hit clause follows
        for clause in item.children[2:]:
            # Mark which number of a play clause counted men, before the tree is folded.
            if clause.data == "play":
                men_trees = [c for c in clause.children if isinstance(c, Tree) and c.data == "men"]
                dist_trees = [c for c in clause.children if isinstance(c, Tree) and c.data == "distance"]
                men = transformer.transform(men_trees[0]) if men_trees else 1
                dist = transformer.transform(dist_trees[0]) if dist_trees else None
                places = [transformer.transform(c) for c in clause.children
                          if isinstance(c, Tree) and c.data in ("numbered", "named", "bar_point", "mid_point", "bar")]
                frm = places[0].resolve(side, False)
                if len(places) > 1:
                    to = places[1].resolve(side, False)
                elif dist is not None:
                    to = max(frm - dist, OFF)
                else:
                    to = frm
                segments.append(Segment((frm, to), (False,), men, dist))
                continue
            kind, *rest = transformer.transform(clause)
            if kind == "enter":
                men, place = rest
                segments.append(Segment((BAR, place.resolve(side, True)), (False,), men))
            elif kind == "bear":
                men, place = rest
                segments.append(Segment((place.resolve(side, False), OFF), (False,), men))
            elif kind == "hit" and segments:
                hit_after.append(len(segments) - 1)
            elif kind == "hit":
                effects.append(("hit",))  # "throws 4-2 and hits the blot": no man named, the hit is the play
            elif kind == "make":
                effects.append(("make", rest[0].resolve(side, False)))
            elif kind == "off":
                effects.append(("off", rest[0]))  # "bears off two men": the dice choose the points
            elif kind == "run":
                effects.append(("run", rest[0].resolve(side, False) if rest[0] is not None else None))
        # A hit after the men printed is theirs when they use the whole throw ("plays a man from 14 to 20, taking
        # up the blot"); when a die is left to the reader ("enters a man on White's three point, and hits the
        # blot"), either die may have hit: the hit is an effect the play must have.
        pips = sum((seg.frm - seg.to) * seg.count for seg in segments)
        if hit_after and pips < (4 * dice[0] if dice[0] == dice[1] else dice[0] + dice[1]):
            effects.append(("hit",))
        else:
            for index in hit_after:
                last = segments[index]
                segments[index] = Segment(last.path, last.hits[:-1] + (True,), last.count, last.distance)
        return Action("roll", dice, segments, side=side, effects=tuple(effects))


#: A line that opens with a side's throw as the book words it ("White throws 6-1", "Black throws five-deuce",
#: "White throws double fours"): a game in the book's words begins there.
_FACE = r"(?:[1-6]|ace|one|deuce|two|trey|three|four|five|six)"
_TURN_LINE = re.compile(rf"(?im)^[ \t]*(?:black|white)\s+throws\s+(?:{_FACE}\s*-\s*{_FACE}\b|double(?:ts)?\s+(?:of\s+)?"
                        rf"{_FACE}s?\b)")
_TAG_LINE = re.compile(r'^[ \t]*\[[A-Za-z]\w*[ \t]+"', re.MULTILINE)
#: A heading: a few short lines ("A GAME.", "ILLUSTRATIVE GAME: Black wins a gammon").
_HEADING_LINES, _HEADING_WIDTH = 3, 80


def split_game(source: SourceText) -> list[RecordSpan] | None:
    """A game in the book's words under a heading, tagless: one record from its first throw, the heading its
    ``Title`` (as the chess and checkers readers keep a heading over a game). ``None`` for any other text: tag
    pairs, no line that opens with a throw, or more than a heading above the first (a page of prose)."""
    text = source.text
    first = _TURN_LINE.search(text)
    if first is None or _TAG_LINE.search(text):
        return None
    lines = [line.strip() for line in text[:first.start()].splitlines() if line.strip()]
    if not lines or len(lines) > _HEADING_LINES or any(len(line) > _HEADING_WIDTH for line in lines):
        return None
    heading = " ".join(" ".join(lines).split()).rstrip(".:")
    return [RecordSpan(0, first.start(), len(text), {"Game": "backgammon", "Title": heading})]


NOTATION = BookNotation()
