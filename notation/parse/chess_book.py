"""A whole chess book as printed: where each game's score begins.

A book (a Project Gutenberg e-text, a magazine's chess column) prints game
after game with no tag pairs: a heading ("GAME II.--Between Mr. Morphy and
Mr. Harrwitz."), the moves from White's first, the notes. Each score that
begins again at move 1 is a game (or a variation printed from the start) of
its own, so the book is split there, one record per score; nothing of the
text is dropped or changed. A score begins where a line opens with the
number 1 and the grammars read at least two moves before the number 2
("1. P. to K's 4th.   1. P. to K's 4th."), so a numbered list of single
alternatives ("1. P. to K. B's 3d. / 2. K's B. to Q's 3d.") or of anything
else is no game. The headings just above a score go with it.

German periodicals and books number their games and print the number in a
heading above the score ("3685. Spanische Partie.", "Partie Nr. 2.",
"Nr. 17. Evansgambit"), read by ``grammars/chess_heading.lark``: a record
begins at such a heading when a score that begins at move 1 follows it, even
where the page before it ends another game (a fragment that began on an
earlier page) or the heading stands inside a line of OCR text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from lark import Lark, Token, UnexpectedInput

from notation.model import PrintedMove, RecordSpan
from notation.parse import load
from notation.parse.chess_descriptive import GRAMMAR as DESCRIPTIVE
from notation.parse.chess_descriptive import DescriptiveTransformer
from notation.parse.chess_german import GRAMMAR as GERMAN
from notation.parse.chess_german import GermanTransformer
from notation.parse.chess_layout import LayoutTransformer, Unreadable, _clean_parse, _parser, _Segment
from notation.parse.chess_san import GRAMMAR as SAN
from notation.records import tagged_spans

#: A line that opens with move number 1 (not "1..." for Black's move), in a table's bars or not;
#: the 1890s often print it with no full stop ("1 P to K 4 P to K 4"), then a word must follow.
_FIRST_MOVE = re.compile(r"^[ \t|]*1(?:[ \t]*\.(?![ \t]*\.)|[ \t]+(?=[A-Za-z]))[ \t]*\S", re.M)
#: The number of White's second move, where the first move pair ends; with no full stop only
#: at the start of a line ("K 2" is a square).
_SECOND_MOVE = re.compile(r"(?<![\d.])2[ \t]*\.(?![ \t]*\.)|^[ \t|]*2[ \t]+(?=[A-Za-z])", re.M)
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
#: The head of White's column on the line above the first move, blank lines between.
_WHITE_ABOVE = re.compile(r"^[ \t]*WHITE\.?[ \t]*\n(?:[ \t]*\n)*[ \t|]*\Z", re.M)
#: A numbered line: moves, not a heading.
_NUMBERED = re.compile(r"^[ \t]*\d+[ \t]*\.", re.M)
#: Words of a remark that ends the game before ("You have an excellent position."), not a heading.
_CLOSING_WORDS = re.compile(r"\b(?:wins|resigns|drawn|draw|mate|position|game|move)\b")
#: The longest heading paragraph taken along with the score below it, in lines.
_HEADING_LINES = 4
_HEADINGS = 4
_HEADING_WIDTH = 70

#: Where a heading may begin: a line's start, or a sentence's ("... Aufgegeben. 3669. Evansgambit.").
_HEADING_AT = re.compile(r"(?:^|(?<=\. ))(?=[ \t]*(?:\d|Partie\b|Nr\b|Nummer\b))", re.M)
#: White's first move number after a heading (not "1..." and not a date "1876").
_MOVE_ONE = re.compile(r"(?<![\d.])1[ \t]*\.(?![ \t]*[\d.])")
#: How far below its heading a game's score may begin (the place, the players, "Weiss. Schwarz.").
_HEADING_TO_SCORE = 400
_HEADING_SPAN = 160

_LAYOUTS: tuple[tuple[str, Callable[[str, int], LayoutTransformer]], ...] = (
    (DESCRIPTIVE, DescriptiveTransformer), (GERMAN, GermanTransformer))


def book_spans(text: str) -> list[RecordSpan] | None:
    """The records of a book's text: tagged records as they are, and each untagged stretch cut
    before every score that begins again at move 1; ``None`` when there is nothing to cut."""
    spans: list[RecordSpan] = []
    cut = False
    for span in tagged_spans(text):
        if span.start != span.tag_end:  # a record with tag pairs is the user's own record
            spans.append(span)
            continue
        starts = sorted(set(at for at in game_starts(text, span.start, span.end) if at > span.start))
        at = span.start
        for start in starts:
            if start > at:
                spans.append(RecordSpan(at, at, start))
                at = start
                cut = True
        spans.append(RecordSpan(at, at, span.end))
    return spans if cut else None


def game_starts(text: str, begin: int, end: int) -> list[int]:
    """Where each game's record begins in ``text[begin:end]``: the headings above each score
    after the first (what comes before the first score belongs to it)."""
    headed = dict(heading_scores(text, begin, end))  # score -> its numbered heading
    scores = [m.start() for m in _FIRST_MOVE.finditer(text, begin, end) if _opens_a_game(text, m.start(), end)]
    scores = sorted(set(scores) | set(headed))
    starts = []
    floor = begin
    for k, score in enumerate(scores):
        if score in headed:
            # A numbered heading begins its game, the first on the page too: what is above it
            # is the end of another (or the volume's front matter, a record of its own).
            if headed[score] > begin and text[begin:headed[score]].strip():
                starts.append(headed[score])
        elif k > 0 or _moves_above(text, begin, score):
            # The first score too, when the page above it ends another game (a fragment: moves
            # numbered past 1), so that the game from move 1 is not read as the fragment's notes.
            starts.append(_with_headings(text, score, floor))
        floor = score
    return starts


def _moves_above(text: str, begin: int, score: int) -> bool:
    """Whether ``text[begin:score]`` has a numbered line of moves (``22. Qf6+ Nxf6 23. Be7#``)."""
    for line in _NUMBERED.finditer(text, begin, score):
        end = text.find("\n", line.start(), score)
        if _moves_read(text[line.start():end if end >= 0 else score].strip()) >= 2:
            return True
    return False


def heading_scores(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """(score, heading) for each numbered German game heading in ``text[begin:end]`` that a score
    beginning at move 1 follows: where White's first move is and where its heading begins."""
    found: list[tuple[int, int]] = []
    for candidate in _HEADING_AT.finditer(text, begin, end):
        at = candidate.start()
        while text[at] in " \t":
            at += 1
        try:
            tree = _heading_parser().parse(text[at:min(end, at + _HEADING_SPAN)])
        except UnexpectedInput:
            continue
        tail = next(tree.scan_values(lambda v: isinstance(v, Token) and v.type == "TAIL"), None)
        after = at + tail.start_pos if tail is not None and tail.start_pos is not None else min(end, at + _HEADING_SPAN)
        one = _MOVE_ONE.search(text, after, min(end, after + _HEADING_TO_SCORE))
        if one is None or any(score == one.start() for score, _ in found):
            continue
        line_end = text.find("\n", one.start(), end)
        second = _SECOND_MOVE.search(text, one.end(), line_end if line_end >= 0 else end)
        stop = second.start() if second else line_end if line_end >= 0 else end
        if _moves_read(text[one.start():stop]) >= 1:
            found.append((one.start(), at))
    return found


_heading: list[Lark] = []


def _heading_parser() -> Lark:
    if not _heading:
        _heading.append(load("chess_heading.lark", propagate_positions=False))
    return _heading[0]


def _opens_a_game(text: str, at: int, end: int) -> bool:
    """Whether the moves numbered 1 at ``at`` are a move pair (White's and Black's first move)."""
    paragraph = _BLANK_LINE.search(text, at, end)
    stop = min(paragraph.start() if paragraph else end, at + 400)
    second = _SECOND_MOVE.search(text, at + 2, stop)
    first_pair = text[at:second.start() if second else stop]
    read = _moves_read(first_pair)
    # White's column printed whole before Black's: "WHITE" over "1 P to K 4" alone on its line.
    return read >= 2 or read == 1 and _WHITE_ABOVE.search(text, max(0, at - 40), at) is not None


def _moves_read(text: str) -> int:
    """How many moves the chess grammars read in ``text`` when they read it whole (the most of any)."""
    best = 0
    for grammar, transformer in _LAYOUTS:
        items = _clean_parse(_parser(grammar), text, 0, transformer)
        if items:
            best = max(best, sum(isinstance(m, PrintedMove) and not isinstance(m.fields, Unreadable)
                                 for seg in items if isinstance(seg, _Segment) for m in seg.items))
    try:
        tree = _san_parser().parse(text)
    except UnexpectedInput:
        return best
    return max(best, sum(1 for _ in tree.find_data("san")))


_san: list[Lark] = []


def _san_parser() -> Lark:
    if not _san:
        _san.append(load(SAN, propagate_positions=False))
    return _san[0]


def _with_headings(text: str, score: int, floor: int) -> int:
    """The start of the score's line, moved up over the headings just above it: lines of its
    own paragraph ("GAME IV.", "| WHITE. | BLACK. |"), then whole heading paragraphs above."""
    start = score
    while start > floor:
        above = text.rfind("\n", floor, start - 1) + 1
        line = text[above:start - 1] if start - 1 >= above else ""
        if not line.strip() or not _is_heading(line):
            break
        start = max(above, floor)
    if start != _paragraph_start(text, score, floor):
        return start
    for _ in range(_HEADINGS):
        before = _strip_end(text, floor, start)
        if before <= floor:
            break
        above = _paragraph_start(text, before, floor)
        if not _is_heading(text[above:before], indented=True):
            break
        start = above
    return start


def _strip_end(text: str, floor: int, end: int) -> int:
    while end > floor and text[end - 1] in " \t\n":
        end -= 1
    return end


def _paragraph_start(text: str, at: int, floor: int) -> int:
    """Where the paragraph holding ``at`` begins: after the last blank line before it."""
    ends = [blank.end() for blank in _BLANK_LINE.finditer(text, floor, at)]
    return ends[-1] if ends else floor


def _is_heading(paragraph: str, indented: bool = False) -> bool:
    """A heading: a few short lines, no moves and no closing remark; a paragraph of them
    above the score's own is centred (every line indented)."""
    lines = [line for line in paragraph.split("\n") if line.strip()]
    return (0 < len(lines) <= _HEADING_LINES and all(len(line.strip()) <= _HEADING_WIDTH for line in lines)
            and (not indented or all(line[:1] in " \t" for line in lines))
            and not _NUMBERED.search(paragraph) and not _CLOSING_WORDS.search(paragraph))
