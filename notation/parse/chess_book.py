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

What the headings say becomes the record's tags, as PGN names them (White,
Black, Event, Site, Date, Round, Opening; ``Title`` the heading as printed when
it names no players): ``head`` of ``grammars/chess_heading.lark`` reads each
short paragraph above the score ("GAME III.--Between Mr. Morphy and Mr.
Harrwitz.", "W. Steinitz v. B. Vergani.", "White: X. Black: Y.", "Anderssen –
Dufresne, Berlin 1852", "(Evans Gambit.)", "Partie Nr. 3. Spanische Partie.").
Who had White is what the heading says ("X v. Y", "White: X"), else the
columns' heads by initials ("WHITE. (Mr. M.)  BLACK. (Mr. H.)"), else it is not
known: the names "Between X and Y" gives are kept, in printed order, in a ``Players`` tag. Names printed under the columns' heads ("White. Black." over "M. Tcuiconix. J. H.
Zoxertorr.", OCR'd) are read as the names the book prints often that they are most like
(:class:`Roster`). A heading over a series ("MATCH BETWEEN MR.
MORPHY AND HERR HARRWITZ.", "Between the same players.") names the players of
the games below it that name them only by their initials.

German periodicals and books number their games and print the number in a
heading above the score ("3685. Spanische Partie.", "Partie Nr. 2.",
"Nr. 17. Evansgambit"), read by ``grammars/chess_heading.lark``: a record
begins at such a heading when a score that begins at move 1 follows it, even
where the page before it ends another game (a fragment that began on an
earlier page) or the heading stands inside a line of OCR text.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import lru_cache

from lark import Lark, Token, Transformer, Tree, UnexpectedInput

from notation.model import RecordSpan
from notation.parse import LABEL_BEFORE, STOPPED_LABEL, GatedEarley, load, stopped_labels
from notation.parse.chess_descriptive_words import ORDINAL_NUMBERS, ordinal
from notation.parse.chess_diagram import LABEL
from notation.parse.chess_layout import in_blacks_column, lead_in
from notation.parse.chess_text_setup import diagram_marks, other_sides_tasks, setups_in
from notation.records import RUN_IN_HEADING, read_tags, tagged_spans

#: A line that opens with move number 1 (not "1..." for Black's move), in a table's bars or not;
#: the 1890s often print it with no full stop ("1 P to K 4 P to K 4"), then a word must follow;
#: German books of the 1850s close it with a bracket ("1) e 2 – e 4 1) d 7 – d 5."), and some books
#: (Meyer's universal notation, 1890) with a comma ("1, P d4  P d5"), a word after it too.
_FIRST_MOVE = re.compile(r"^[ \t|]*1(?:[ \t]*\.(?![ \t]*\.)|\)|,?[ \t]+(?=[A-Za-z]))[ \t]*\S", re.M)
#: The number of White's second move, where the first move pair ends; with no full stop only
#: at the start of a line ("K 2" is a square).
#: A score whose heading is run in before its move 1 (:data:`notation.records.RUN_IN_HEADING`: "_Evans Gambit._--1.
#: P-K4, P-K4; 2. ...", "Giuoco Piano: 1. e4 e5") at a paragraph's start.
_RUN_IN_FIRST_MOVE = re.compile(
    r"(?:\A|(?<=\n\n)|(?<=\n[ \t]\n))" + RUN_IN_HEADING + r"(?P<one>1(?:[ \t]*\.(?![ \t]*\.)|,?(?=[ \t]+[A-Z])))[ \t]*[A-Za-z]")
#: A score whose columns' heads are run in before its move 1, as a newspaper's column prints a game in one paragraph
#: ("White (Mr. Blackburne). Black (Mr. Gunsberg). 1 P-K4 P-K4 2 ..."): the heads are its heading's, the players'
#: colours ("heads").
_HEADS_BEFORE_FIRST_MOVE = re.compile(
    r"(?:\A|(?<=\n\n)|(?<=\n[ \t]\n))[ \t]*(?P<heads>(?:White|WHITE)\.?[ \t]*\([^()\n]{2,40}\)\.?[,;]?[ \t]*"
    r"(?:Black|BLACK)\.?[ \t]*\([^()\n]{2,40}\)\.?[ \t]*)"
    r"(?P<one>1(?:[ \t]*\.(?![ \t]*\.)|,?(?=[ \t]+[A-Z])))[ \t]*[A-Za-z]")
_SECOND_MOVE = re.compile(r"(?<![\d.])2[ \t]*\.(?![ \t]*\.)|^[ \t|]*2,?[ \t]+(?=[A-Za-z])", re.M)
#: A row of fractions that begins at move 1 on one line ("P-K4 Kt-KB3 1 ---- 2 ----- P-K4 Kt-QB3": White's moves,
#: the bars' numbers, Black's moves, :mod:`notation.parse.chess_layout`'s ``fraction``): a score from move 1 whose
#: line opens with White's move, not its number.
_FRACTION_ROW = re.compile(r"^(?=[ \t|]*[^\d\s|][^\n]*?[ \t]1\.?[ \t]*-{3,})", re.M)
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
#: Move 1's number on a fraction's bar ("1. --------"), White's move printed over it, Black's under it.
_FRACTION_BAR = re.compile(r"[ \t|]*1\.?[ \t]*-{3,}")
#: The head of White's column on the line above the first move, blank lines between.
_WHITE_ABOVE = re.compile(r"^[ \t]*WHITE\.?[ \t]*\n(?:[ \t]*\n)*[ \t|]*\Z", re.M)
#: A numbered line: moves, not a heading (its number before a comma too, "1, P d4", before a man's letter).
_NUMBERED = re.compile(r"^[ \t]*\d+[ \t]*(?:\.|,(?=[ \t]+[A-Z]))", re.M)
#: A row of moves as a column prints it, its number with a stop or without ("1. P-K4", " 1 P-K4    P-K4",
#: "10 .. Kt-B3", "1 e 2-e 4"): no row of players' names opens so.
_MOVES_ROW = re.compile(r"^[ \t]*\d+[ \t]*(?:\.|,(?=[ \t]+[A-Z])|[ \t]+(?=[A-Z]|\.{2,}|…|[a-h][ \t]?[1-8]|[O0]-[O0]))",
                        re.M)
#: Words of a remark that ends the game before ("You have an excellent position."), not a heading.
_CLOSING_WORDS = re.compile(r"\b(?:wins|resigns|drawn|draw|mate|position|game|move)\b")
#: A verdict on the line above ("White has a slight advantage.", "And Black should win."): it ends
#: that line, it is no heading of the next game.
_VERDICT = re.compile(r"^\s*(?i:and\s+|but\s+)?(?i:white|black|wei(?:ss|ß)|schwarz|he|er)\s+[a-zäöü]")
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

#: How many moves the chess notations read in a text when they read it whole (the most of any):
#: the family's notations answer (each one's ``book_moves``), so this module names none of them.
MovesRead = Callable[[str], int]
#: How many words of a text read as moves, wherever they stand (the family's ``move_words``): a
#: game's heading is one where moves follow, read or not (the OCR damages the score's layout).
MoveWords = Callable[[str], int]


#: How many lines of text (blank lines aside) with no move-like word in them, cut off above a game, are read as
#: what stands over it (a chapter's and a section's heading, a line on the game): more are a text of their own.
_ABOVE_LINES = 12


def _lines(text: str, start: int, end: int) -> int:
    """How many lines of ``text[start:end]`` hold a word."""
    return sum(1 for line in text[start:end].splitlines() if line.strip())


def book_spans(text: str, moves_read: MovesRead, move_words: MoveWords | None = None) -> list[RecordSpan] | None:
    """The records of a book's text: tagged records as they are, and each untagged stretch cut
    at every game's heading and before every score that begins again at move 1, with the tags
    its headings give; ``None`` when there is nothing to cut and no heading to read."""
    spans: list[RecordSpan] = []
    cut = named = False
    for span in _book_tagged_spans(text):
        if span.start != span.tag_end:  # a record with tag pairs is the user's own record
            spans.append(span)
            continue
        starts = sorted(set(at for at in game_starts(text, span.start, span.end, moves_read, move_words)
                            if at > span.start))
        series = _Series(moves_read, text, move_words)
        bounds = [span.start] + starts + [span.end]
        own: list[RecordSpan] = []
        labels: list[tuple[str | None, bool]] = []
        game_labels: list[str | None] = []
        above: int | None = None
        for at, end in zip(bounds, bounds[1:]):
            if end <= at:
                continue
            tags = series.tags(text, at, end)
            labels.append((series.label, series.initialled))
            game_labels.append(series.game_label)
            # A text with no cut is a book only where a score begins in it (a match file or a
            # checker book with headings is another family's to split): a move pair, or a problem's
            # solution under its position, whatever its length ("1. Q to Q R 8, mate." alone).
            named = named or any(key != KIND for key in tags) and (any(
                _opens_a_game(text, m.start(), end, moves_read) for m in _FIRST_MOVE.finditer(text, at, end))
                or bool(_scores_under_setups(text, at, end, move_words or moves_read, _printed_setups(text, at, end))))
            if above is not None:
                # (The text above, cut off with no move-like word in it, is this record's: its tags are the heading's.)
                at, above = above, None
            if move_words is not None and end < span.end and _lines(text, at, end) <= _ABOVE_LINES \
                    and _fewer_words_than(move_words, text[at:end], 1):
                # Text with no move-like word in it cut off above a game ("CHAPTER IV" / "ILLUSTRATIVE GAMES" over
                # "GAME 7") is part of what stands above that game, stored with it, not a record no family reads.
                # (Without the family's move-like words, the moves read whole say nothing of a piece's words.) A
                # book's front matter, its preface, stays a record of its own: no heading of the game below.
                above, cut = at, True
                labels.pop()
                game_labels.pop()
                continue
            own.append(RecordSpan(at, at, end, tags=tags))
            cut = cut or at > span.start
        _other_sides_titles(own, text, span.start, span.end)
        kinds = [s.tags for s in own if s.tags is not None]
        if all(tags.get(KIND) in (ANALYSIS, NOTES) for tags in kinds):
            # A text none of whose headings names a game (a web page, a column's problem) does not say
            # which of its scores are games: none is called a line of analysis (notes on a game are its notes).
            for tags in kinds:
                if tags.get(KIND) == ANALYSIS:
                    tags.pop(KIND)
        # (After: a book that numbers its lines as "games" says what its scores are, though none is a game.)
        _numbered_lines(own, labels)
        _match_rounds(own, game_labels)
        spans.extend(own)
    return spans if cut or named else None


def _other_sides_titles(records: list[RecordSpan], text: str, begin: int, end: int) -> None:
    """Title the other side's line of an ending taught for each side to move (a record from its task: :func:`game_starts`)
    by the first line's title and its task ("Ending 12., Black to move"; "Black to move" where the first has none)."""
    tasks = {task.start(): task for task in other_sides_tasks(text, begin, end)}
    for before, record in zip(records, records[1:]):
        task = tasks.get(record.start)
        if task is None or record.tags is None:
            continue
        title = (before.tags or {}).get("Title")
        record.tags["Title"] = f"{title.rstrip()}, {task.group('turn')}" if title else task.group("turn")


def _book_tagged_spans(text: str) -> list[RecordSpan]:
    """The text's records by its tag pairs (:func:`tagged_spans`), where a line that only looks like one is the
    book's own text: a bracketed line with a quote the OCR left open in it (a game's odds under its heading,
    ``[Remove  "Wliite's Q*8  Kt.]``), where no tag block of the text reads, is no tag block. Read as one, it took
    the rest of the book for one unparsed record; a PGN-like file's broken tag block (two lines or more, or one
    among tag blocks that read) is still reported where it stops."""
    spans = tagged_spans(text)
    tagged = [span for span in spans if span.start != span.tag_end]
    if not tagged or not all(_bracketed_remark(text[span.start:span.tag_end]) for span in tagged):
        return spans
    return [RecordSpan(spans[0].start, spans[0].start, spans[-1].end)]


def _bracketed_remark(block: str) -> bool:
    """Whether a tag block is one bracketed line that does not read as tag pairs (``[Remove "White's Kt.]``)."""
    return len([line for line in block.split("\n") if line.strip()]) == 1 and read_tags(block)[1] is not None


def _numbered_lines(records: list[RecordSpan], labels: list[tuple[str | None, bool]]) -> None:
    """Mark as lines of analysis the numbered "games" of a book that numbers them afresh in each chapter and
    names no one who played them: a run of labels from a game numbered 1 (``GAME 1.``, ``Game I.``) to the
    next, in a book whose numbering begins again at 1 (under each opening, each match), none of whose
    records names a player, a place, a date, an event or a round, is a chapter's lines of play (Bird's
    *Chess Openings*: ``GAME 1.``, ``GAME 2.`` under "Variation by Authorities", forty times over), as a
    record under a section's title is; a run one of whose games names its players numbers games played (a
    match's games, one whose names the OCR lost among them), and so does one whose columns' heads name a
    player by initials (Löwenthal's match with "Alter": ``Game I.`` over ``WHITE, ("Alter.")  BLACK. (Mr. M.)``,
    the players named by the chapter's title, which no record's heading holds)."""
    runs: list[list[int]] = []
    for k, (label, _) in enumerate(labels):
        if label is None:
            continue
        if label in _FIRST_LABELS:
            runs.append([])
        if runs:
            runs[-1].append(k)
    if len(runs) < 2:
        return  # one numbering through the book: its games'
    for run in runs:
        tags = [t for k in run if (t := records[k].tags) is not None]
        if not any(key in t for t in tags for key in _GAME_TAGS) and not any(labels[k][1] for k in run):
            for t in tags:
                t[KIND] = ANALYSIS


def book_rounds(records: list[RecordSpan], titles: list[str | None]) -> None:
    """A book's games numbered as this reader numbers them, for another family's book (a checker book's "GAME No.
    4.--THE OLD FOURTEENTH."): from each record's title, its game's label; a book that numbers its lines afresh in
    each chapter numbers lines of analysis (:func:`_numbered_lines`), else each game's number is its ``Round``
    (:func:`_match_rounds`)."""
    labels = []
    for title in titles:
        heading = read_heading(title) if title else None
        labels.append(heading.label if heading is not None and heading.label is not None
                      and not heading.number_alone and not heading.board else None)
    _numbered_lines(records, [(label, False) for label in labels])
    _match_rounds(records, labels)


def _match_rounds(records: list[RecordSpan], labels: list[str | None]) -> None:
    """The number of a game of a match is its round: in a run of numbered games from one numbered 1 to the next
    (or a game numbered alone, ``GAME 5.``), whose headings name two players at most and neither event, place
    nor date, each game's number is its ``Round`` (as "Match Game No. 4." says it); a run that names more
    players numbers a collection's or a tournament's games (London 1883's ``Game 244.``), one that says where
    or when a game was played is a tournament's or a periodical's ("Partie Nr. 3. ... Wien 1873", "3669.
    Evansgambit. Gespielt im Schachclub zu Philadelphia"), not rounds; a line of analysis
    (:func:`_numbered_lines`) has none."""
    runs: list[list[int]] = []
    for k, label in enumerate(labels):
        if label is None:
            continue
        if label in _FIRST_LABELS or not runs:
            runs.append([])
        runs[-1].append(k)
    for run in runs:
        tags = [t for k in run if (t := records[k].tags) is not None]
        names = {name for t in tags for key in ("White", "Black", "Players")
                 for name in (t.get(key) or "").split(" and ") if name and name != "?"}
        # (A match's games are its rounds wherever and whenever each was played: "MATCH STEINITZ-ZUKERTORT, 1886."
        # over "GAME 1." and "Played at New York, January 11, 1886.")
        match = any(_MATCH_EVENT.search(t.get("Event", "")) for t in tags)
        if len(names) > 2 or any(t.get(KIND) in (ANALYSIS, NOTES) for t in tags) \
                or not match and any(t.keys() & {"Event", "Site", "Date"} for t in tags):
            continue
        if any(int(label) >= _MATCH_GAMES for k in run if (label := str(labels[k])).isdigit()):
            continue  # a periodical's or a collection's running number ("GAME No. 1,234."): no match is that long
        for k in run:
            t = records[k].tags
            if t is not None and "Round" not in t:
                t["Round"] = _round_number(str(labels[k]))


#: A column's head with its player in brackets, whatever is inside ("WHITE. (Mr. M.)", "BLACK. (Messrs. M. and B.)").
_HEAD_NAMING = re.compile(r"\b(?:WHITE|BLACK|White|Black|black)[.,]?[ \t]*[(\[]")

#: A game's label numbering it the first: "1", "I" (the OCR's "i", "l" are read as 1).
_FIRST_LABELS = ("1", "I")
#: No match has had a hundredth game: a game numbered 100 or more is a periodical's or a collection's, not a round.
_MATCH_GAMES = 100


# --------------------------------------------------------------------------
# What the headings say


@dataclass
class Heading:
    """What one heading paragraph says, as ``head`` of ``chess_heading.lark`` reads it."""

    tags: dict[str, str] = field(default_factory=dict)
    #: The players a "Between X and Y" names, in printed order (who had White is not said).
    players: list[str] = field(default_factory=list)
    #: The initials of White's and Black's column heads ("WHITE. (Mr. M.)").
    initials: dict[str, str] = field(default_factory=dict)
    same_players: bool = False
    #: The game's number as its label prints it ("GAME III.", "Game 12,", "Partie Nr. 3"), if it has one.
    label: str | None = None
    #: Whether the label is a number alone ("No. 7."), as a book numbers its problems and endings.
    number_alone: bool = False
    #: Whether the label numbers a board (a table) of a simultaneous display ("Board No. 5."): each board's
    #: game is against another opponent, so the players a heading above named are none of this game's.
    board: bool = False
    #: Two names in capitals, one above the other ("ANDERSSEN" over "STEINITZ."): a game's columns
    #: name White above Black, under the game's label.
    stacked: list[str] = field(default_factory=list)
    #: White and Black are the names printed over the columns' heads ("Boden. Bird," over "WHITE. BLACK,"),
    #: as the OCR gives them: each is the book's name it is (:meth:`_Series.over_head`).
    over_heads: bool = False
    #: The kind of game the heading names without naming its players ("BLINDFOLD GAME.", "Correspondence Game."):
    #: a game, not a line of analysis.
    kind: str | None = None
    #: The player of a simultaneous or blindfold display ("Played blindfold by Mr. Morphy against eight opponents."):
    #: the player of every board below, on the side the board's columns' heads give him.
    display: str | None = None
    #: The side the display's player had on every board, where the heading says it ("with the white pieces").
    display_side: str | None = None

    def begins_a_game(self) -> bool:
        """Whether the heading is one game's: it numbers a game, names its two players, or its round
        (a heading over a section, "RUY LOPEZ.", "AUGUST 5.", heads the games below it, not one)."""
        return bool(self.label or len(self.players) == 2 or "White" in self.tags or self.same_players
                    or "Round" in self.tags)


#: A heading in capitals that opens a paragraph of text, up to its last word in capitals.
#: (A name in quotes among them: "ALTER.", the name a player took.)
_CAPITALS_RUN_IN = re.compile(r"\s*((?:[A-Z][A-Z.,'\"]*[ \t]+)*?(?:BETWEEN|ZWISCHEN)(?:[ \t\n]+[\"“]?[A-Z][A-Z.,'\"”]*(?!\w))+)")
#: A page's number opening its running head.
_PAGE_NUMBER = re.compile(r"[ \t]*\d{1,4}[ \t]+")


def _capitals_run_in(paragraph: str) -> str | None:
    """The heading in capitals a paragraph opens with (:data:`_CAPITALS_RUN_IN`), on one line, its quotes
    closed (the OCR's "ALTER/*" is "ALTER"); or where the paragraph is a page's running head, its number
    and the OCR's damaged words first, the capitals in its first line ("122 UOBFHT's OA.JIUc MATCH BETWEEN
    MR. MORPHY AND "ALTER/*")."""
    found = _CAPITALS_RUN_IN.match(paragraph)
    if found is None and _PAGE_NUMBER.match(paragraph):
        first_line = paragraph.split("\n", 1)[0]
        found = next((m for word in re.finditer(r"(?<!\S)\S", first_line)
                      if (m := _CAPITALS_RUN_IN.match(first_line, word.start()))), None)
    if found is None:
        return None
    heading = " ".join(found.group(1).split())
    return heading + '"' if (heading.count('"') + heading.count("“") + heading.count("”")) % 2 else heading


#: A heading over a series of games names its players with "between" ("MATCH BETWEEN MR. MORPHY
#: AND HERR HARRWITZ."): only such paragraphs after a score are read for the games below.
_SERIES = re.compile(r"\b(?i:between|zwischen)\b")
_LABEL_WORD = re.compile(r"\b(?i:g\.?a\.?m\.?e|partie|nr|no)\b|\bTable\b")
#: The shapes the OCR of the period's books gives the letters of a game's label word ("^AME", "jTAME", "Oame"
#: for GAME; "BOABD", "BoAKD", "BcABD" for BOARD), each letter as a small table of what it may be read as.
_LABEL_LETTERS = {
    "G": r"G|O|0|6|\^|jT", "A": r"A|a", "M": r"M|m|rn|IM|\^[lI]", "E": r"E|e|c|F|f|K", "B": r"B|b|8|13",
    "O": r"O|o|0|c|Q", "R": r"R|r|B|K|E|U|H", "D": r"D|d|I\)", "P": r"P|p", "T": r"T|t|f", "I": r"I|i|l|1",
}
#: The words that label a game ("GAME III.", "Board No. 5.", "Partie Nr. 3"), as printed.
_LABEL_WORDS = {"GAME": "Game", "BOARD": "Board", "PARTIE": "Partie"}


#: A wide capital the OCR split in two: a thin stroke, then a capital or a bracket ("jL" and "iJ" for A, "jT" for G,
#: "I)" for D), read as any one letter of a label word.
_SPLIT_LETTER = r"[iIjJl1|/\\^][A-Z)\]]"


def _ocr_word(word: str) -> str:
    """A pattern of a label word as the OCR prints it: its first letter through the letter's shapes
    (:data:`_LABEL_LETTERS`), each letter after it too, or one of those wrong (a letter, or a capital
    split in two, :data:`_SPLIT_LETTER`: "BojLRD") or one more among them ("Gaue", "Gamf", "GaxMe": the
    word is short, and the number after it says what it is); not one more after it ("GAMES")."""
    first, *rest = (f"(?:{_LABEL_LETTERS[c]})" for c in word)
    wrong = f"(?:[A-Za-z]|{_SPLIT_LETTER})"
    one_off = ["".join(rest[:k]) + wrong + "".join(rest[k + 1:]) for k in range(len(rest))]
    one_more = ["".join(rest[:k]) + "[A-Za-z]" + "".join(rest[k:]) for k in range(1, len(rest))]
    return first + "(?:" + "|".join(["".join(rest), *one_off, *one_more]) + ")"


#: A game's label that opens a line as the OCR prints it: a stray mark before it (a mark or a letter alone,
#: "V Game V.", "✓^GameVIII.", "l/^ BoAED No. 4."), the word through the OCR's shapes, the number run on to
#: it or not, then its stop, a dash or the line's end ("^AME IV.—", "Oame VL", "BOABD No. S,—"): the
#: number in figures or a roman numeral (its "l", "1", "L" for I); the OCR's letters for figures ("S", "i",
#: "o") after "No." only ("GAMES, 25", a running head, is no "Game S").
_LABEL_PATTERN = (
    rf"(?P<word>(?P<game>{_ocr_word('GAME')})|(?P<board>{_ocr_word('BOARD')})(?=[ \t]*[NK][o0][.,*])"
    rf"|(?P<partie>{_ocr_word('PARTIE')}))"
    r"(?P<no>[ \t]*(?:[NK][o0][.,*]|Nr\.?))?[ \t]*(?P<number>[IVXLC][IVXLCl1|!]{0,6}|\d{1,4}|(?(no)[\dSilo]{1,4}|(?!)))"
    r"(?=[.,:;*]|[ \t]*[—–-]|[ \t]*$)")
_OCR_LABEL = re.compile(r"^(?P<stray>(?:[^\w\s]|[A-Za-z](?![A-Za-z])){1,3}[ \t]*)?" + _LABEL_PATTERN, re.M)
#: A game's label the OCR ran on after the end of the game above, on its last line ("37. Q. to Kt's 8th.
#: Mateu Oame VL": "Mate." and the next game's "Game VI." printed beside it): the result word (a letter of
#: the OCR's after it at most), then the label alone to the line's end.
_LABEL_AFTER_A_RESULT = re.compile(
    r"\b(?i:mate|wins|resigns|resigned|drawn)\W{0,2}\w?\W{0,2}[ \t]+(?=" + _LABEL_PATTERN + r"[.,]?[ \t]*$)", re.M)
#: Roman numerals as they are written (up to 399): the OCR's letters for I read as I give one where the
#: printed letters give none ("VL" is VI; "XL", 40, stays).
_ROMAN_NUMERAL = re.compile(r"C{0,3}(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")


def _ocr_labels(paragraph: str) -> str:
    """The game's label that opens a line of ``paragraph`` as printed ("Game VI.", "Board No. 8,"), where the
    OCR damaged its word or its numeral (:data:`_OCR_LABEL`), so that the heading grammar reads it; the
    paragraph as it is else."""
    def printed(found: re.Match[str]) -> str:
        number = found.group("number")
        if number[:1] in "IVXLC" and not _ROMAN_NUMERAL.fullmatch(number):
            number = re.sub(r"[l1|!]", "I", number)
            if not _ROMAN_NUMERAL.fullmatch(number):
                number = number.replace("L", "I")
            if not _ROMAN_NUMERAL.fullmatch(number):
                return found.group()  # no numeral: no label
        kind = next(k for k in ("game", "board", "partie") if found.group(k))
        no = " No." if kind == "board" else " " + found.group("no").strip() if found.group("no") else ""
        return f"{_LABEL_WORDS[kind.upper()]}{no} {number}"
    return _OCR_LABEL.sub(printed, paragraph)


#: (An opening bracket never closed in the heading is one too: "(Game 277.", the OCR's stray mark or lost bracket.)
_STRAY_MARK = re.compile(r"^(?:[^\w(\[{]+|\((?=[^)]*$)(?=\s*\w))")
#: How many paragraphs above a score are read as its headings (the heading, a note on who played,
#: the odds, a page's mark, the columns' heads).
_HEADINGS_READ = 6
#: A paragraph above a score that may be a heading: a few lines, none long.
_HEAD_LINES = 3
_HEAD_WIDTH = 90
#: A game's label may head more lines in one paragraph: its opening, its occasion, the columns' heads and names.
_LABELLED_LINES = 5
#: A paragraph whose first line opens with a game's label ("GAME 14.--RUY LOPEZ.", "GAME No. 3", "Partie Nr. 2.").
_LABEL_FIRST = re.compile(r"[ \t]*(?i:game|partie)[ \t]+(?:(?i:no|nr)\.?[ \t]*)?(?:\d{1,4}|[IVXLC]{1,7})\b")


def read_heading(paragraph: str) -> Heading | None:
    """What a heading paragraph says, or ``None`` when it reads as none of the heading forms."""
    # A colour's word alone on its line goes with the name below it ("White,\nM. TSCHIGORIN.\nBlack,\n
    # W. STEINITZ.", the first move under them in the same paragraph): one line each.
    paragraph = _COLOUR_OVER_NAME.sub(r"\1 ", paragraph)
    # The columns' heads on a line, their players' initials in brackets under them ("WHITE.  BLACK." over
    # "(Mr. M'D.)  (M. De la B.)"): one line of heads with initials.
    paragraph = _INITIALS_UNDER_HEADS.sub(r"\1 \3  \2 \4", paragraph)
    lines = [line for line in paragraph.split("\n") if line.strip()]
    if len(lines) == _HEAD_LINES + 1 and (heads := _heads_alone(lines[-1])) is not None:
        # A heading's lines with the columns' heads under them, no blank line between ("Game VI. — Evans's
        # Gambit." / "Between the same players." / "[Remove White's Q's Kt.]" / "WHITE. (Mr. M.)  BLACK.
        # (Mr. — .)"): the heads are the heading's last line, not a line too many.
        above = read_heading("\n".join(lines[:-1]))
        return merged_headings([above, heads]) if above is not None else None
    if _HEAD_LINES < len(lines) <= _LABELLED_LINES and _LABEL_FIRST.match(lines[0]):
        # A game's label over the lines that say what it was, where and when, and who played it, no blank line
        # between them ("GAME 14.--RUY LOPEZ." / "Seventh Round, played March 30th, 1889." / "White.  Black." /
        # "M. Weiss.  J. W. Showalter."): each line above the columns' heads says its part (the heads and the names
        # under them are the columns' to read); a line that says none (a remark, a move) makes it no heading.
        columns = next((k for k, line in enumerate(lines) if _COLUMNS_ALONE.match(line)), len(lines))
        read = [_read_heading(line) if len(line.strip()) <= _HEAD_WIDTH else None for line in lines[:columns]]
        if all(h is not None for h in read):
            return merged_headings([h for h in read if h is not None])
    if len(lines) > _HEAD_LINES and len(lines[0].strip()) <= _HEAD_WIDTH:
        # The columns' heads with initials over the moves of White's column, in one paragraph ("WHITE.
        # (Sir. M.)" over "P. to K's 4th."): the heads' line says who played.
        return _heads_alone(lines[0])
    # (A sentence over the game typed on one line, as a book prints it over two: "The following game was played in
    # the Championship Match, 1894, between Lasker and Steinitz.")
    width = _HEAD_WIDTH * (2 if len(lines) == 1 else 1)
    if not lines or len(lines) > _HEAD_LINES or any(len(line.strip()) > width for line in lines) \
            or _COLUMNS_ALONE.match(paragraph) or paragraph.strip()[:1] in "[{":
        return None  # the columns' heads alone, a footnote, a page's mark: no heading to parse
    stacked = [_STACKED_NAME.fullmatch(line.strip()) for line in lines]
    if len(lines) == 2 and all(stacked) and _read_heading(paragraph) is None:
        return Heading(stacked=[_pgn_name(" ".join(m.group("name").split())) for m in stacked if m])
    return _read_heading(paragraph)


def _heads_alone(line: str) -> Heading | None:
    """The columns' heads with their players' initials (``WHITE. (Mr. M.)  BLACK. (Mr. H.)``) when ``line``
    says that and nothing else, else ``None``."""
    if len(line.strip()) > _HEAD_WIDTH:
        return None
    heads = _read_heading(line)
    return heads if heads is not None and heads.initials and not (heads.tags or heads.players) else None


#: The columns' heads alone on a line, the two players' initials in brackets alone on the next, each under its
#: side's word ("WHITE.  BLACK." over "(Mr. M'D.)  (M. De la B.)", Walker's and Lewis's games of the 1830s).
_INITIALS_UNDER_HEADS = re.compile(r"^[ \t]*(WHITE\.?|White\.)[ \t]+(BLACK\.?|Black\.)[ \t]*\n"
                                   r"[ \t]*(\([^()\n]{1,30}\))[ \t]{2,}(\([^()\n]{1,30}\))[ \t]*$", re.M)
#: A colour's word and its comma alone on a line, a name on the next ("White,\nM. TSCHIGORIN.").
_COLOUR_OVER_NAME = re.compile(r"^([ \t]*(?:White|WHITE|Black|BLACK|Weiss|Weiß|Schwarz),)[ \t]*\n(?=[ \t]*[A-Z\\])", re.M)
#: A player's name in capitals alone on its line, as a game's columns print their players one above
#: the other ("ANDERSSEN" over "STEINITZ."): initials and a particle before it, a stray mark of OCR
#: around it; a possessive or an opening's word ("PETROFF'S" over "DEFENCE.") is none.
_STACKED_NAME = re.compile(
    r"[^\w]{0,2}(?P<name>(?:[A-Z]\.\s*){0,3}(?:(?i:von|van|de|du|le|la)\s+)?"
    r"(?!(?:GAME|GAMBIT|DEFEN[CS]E|OPENING|ATTACK|CHESS|PART|CHAPTER|WHITE|BLACK|AND|THE|OF|MATCH)\b)[A-Z]{3,}(?![\w'’-]))"
    r"[.,]?[^\w]{0,2}")


#: The shapes the OCR of the period's books gives the letters of the columns' heads ("TVHirE", "^vniTE",
#: "Bi.ACK", "elack" for WHITE and BLACK), each letter as a small table of what it may be read as; a
#: stray stop may stand between two letters ("BLA.CK").
_HEAD_LETTERS = {
    "W": r"W|w|TV|VV|\\V|\^V|\^v|iv|v", "H": r"H|h|n|J", "I": r"I|i|l|U|r", "T": r"T|t|r", "E": r"E|e|K|F",
    "B": r"B|b|e|p|i\.|jii", "L": r"L|l|i\.|t,|t-|\.|\^", "A": r"A|a", "C": r"C|c|\^", "K": r"K|k|x",
}
_OCR_SIDE = {side: r"\.?".join(f"(?:{_HEAD_LETTERS[c]})" for c in side) for side in ("WHITE", "BLACK")}
#: The titles a book prints before a player's name, no part of it as PGN writes it ("Dr. E. Lasker.", "Herr J.
#: Mieses.", "Rev. G. A. MacDonnell.", "Capt. G. H. Mackenzie.", "Prof. I. Rice.", "Sig. Dubois"): the one list every
#: reading of a name here uses; the heading grammar's HONORIFIC reads each (tests/test_chess_headings.py).
#: ("Judge" is left out: "WHITE. (Mr. M.)  BLACK. (Judge M.)" of "Mr. Morphy and Judge Meek" tells the colours by
#: the word "Judge" alone, and the heads' titles are not matched with the players' yet.)
#: (The French "M." is left out: "M. Tchigorin." is Mikhail Tchigorin, and an initial is kept.)
_TITLES = ("Dr", "Mr", "Herr", "Rev", "Capt", "Captain", "Prof", "Professor", "Sig", "Signor", "Mons", "Baron", "Count",
           "Col", "Colonel", "Major", "Lord", "Sir", "Hon")
#: The OCR's shapes of "Dr." ("Da.", "Dra.", "Dn."): a title where it stands for the initials ("Da. Noa").
_OCR_DR = ("Da", "Dra", "Dn")
#: The titles that are abbreviations, printed with their stop always ("Dr Lasker" is none of them).
_ABBREVIATED_TITLES = ("Dr", "Mr", "Capt", "Prof", "Hon")
#: One title, as printed or in capitals ("MR. CAPABLANCA.", "HERR LASKER"), its stop after it, or none after a whole
#: word (the German "Herr" takes none; "Sig Dubois", "Major Hanham").
_TITLE = (r"(?:(?:" + "|".join(sorted({*_ABBREVIATED_TITLES, *(t.upper() for t in _ABBREVIATED_TITLES)})) + r")\.|(?:"
          + "|".join(sorted({t for t in _TITLES if t not in _ABBREVIATED_TITLES}
                            | {t.upper() for t in _TITLES if t not in _ABBREVIATED_TITLES}, key=lambda t: (-len(t), t)))
          + r")(?:\.|(?![\w.])))")
#: A title, or the OCR's "Dr.", before a name's initials ("Dr. E." of "Dr. E. Lasker."): dropped from them.
_TITLE_BEFORE_INITIALS = re.compile(rf"(?:{_TITLE}|(?:{'|'.join(_OCR_DR)})\.)[ \t]*(?=\S)")


def _without_title(initials: str) -> str:
    """A name's printed initials without the title before them ("Dr. E. " is "E. "); a title printed alone for
    them as printed ("Dr. " of "Dr. Noa", which the roster counts as the initials the book prints him with)."""
    found = _TITLE_BEFORE_INITIALS.match(initials)
    return initials[found.end():] if found else initials


#: The honorific of a column's head as the OCR prints it ("Mt.", "^Ir.", "Afr", "iVIr.", "Mr-"): "Mr.".
_OCR_MR = r"(?:Mr|Mt|Mi|Afr|Air|\^Ir|iVIr|Sir|M7\\?|J/r)[.,^-]?"
#: One column's head with the initials of its player, or his name ("White (Mr. Bird). Black (Mr.
#: Brien)."), as the OCR prints it: the word, its stop, the bracket (or the OCR's "^", "[" or "{" for
#: it), a name's quotes (the OCR's `("  Alter.**)`, `(**  Alter.")`, `("Alter/')`), the initials or the
#: name, the closing bracket where the OCR kept it.
_OCR_HEAD = re.compile(
    rf"[\"'^■-]*[ \t]*(?P<side>{_OCR_SIDE['WHITE']}|{_OCR_SIDE['BLACK']})[.,:]*[ \t]*[(^\[{{][ \t]*(?:[\"“*]+[ \t]*)?"
    rf"(?:(?P<mr>{_OCR_MR})|(?P<title>{_TITLE}|Judge))?[ \t]*"  # ("Judge": see _TITLES)
    rf"(?P<initials>(?:Mc|Mac)?[A-Z][a-z]{{2,}}(?=[ \t]*[)\]}}.,/])|(?:[A-Z][a-z]{{0,2}}[.,]?[ \t]*){{1,3}}|[—–-][—–\- \t.]*)"
    rf"[)\]}}'^*\".,/]*[ \t]*")


def _ocr_heads(paragraph: str) -> str:
    """The columns' heads with initials as printed, where the OCR damaged their letters ("TVHirE.
    (Mr. Mor.)  elack. (Mr. Med.)", "WHITE. (Mr. M.)  BLACK. (Mr. L."): the words as printed, so
    that the heading grammar reads them; any other paragraph as it is."""
    line = paragraph.strip()
    heads: list[str] = []
    at = 0
    while at < len(line) and len(heads) < 2:
        found = _OCR_HEAD.match(line, at)
        if found is None:
            return paragraph
        side = "WHITE" if re.fullmatch(_OCR_SIDE["WHITE"], found.group("side")) else "BLACK"
        initials = " ".join(found.group("initials").replace(",", ".").split()).rstrip(".")
        initials = "----" if initials[:1] in "—–-" else initials  # a player the heading does not name
        title = "Mr. " if found.group("mr") else f"{found.group('title')} " if found.group("title") else ""
        heads.append(f"{side}. ({title}{initials}.)")
        at = found.end()
    if at < len(line) or [h[:5] for h in heads] not in (["WHITE"], ["BLACK"], ["WHITE", "BLACK"]):
        return paragraph
    return "  ".join(heads)


#: The shapes the OCR gives a capital M before the small letters of a name ("^lorphy", "]\\Iorphy", "^Iorphy")
#: or of "Mr." ("Mr. Morphy and ^Ir. Paulsen."), or as an initial in a column's head ("(Mr.  ^I.)"), or of the
#: French "M." before a name ("Mr. Morphy and ^I. Bornemann.").
_OCR_CAPITAL_M = re.compile(r"(?:\^[lI]|\]\\I|\]\\l)(?=[a-z]{2}|r[.,]\s)|(?<=\s)\^I(?=\.\)|\.[ \t]+[A-Z][a-z])")


#: A line that ends in a name's letter (or its stop: "N.N."), then a line of a place (one or two words, "St." before
#: them or not) and a year alone, a day and month before it or not, or a season ("London 1851", "New York, 1918.",
#: "Wien, 12. Mai 1873", "St. Petersburg, 1895-96").
_PLACE_AND_YEAR_BELOW = re.compile(
    r"([A-Za-zäöüßé]\.?)[ \t]*\n(?=[ \t]*(?:St\.[ \t]+)?[A-ZÄÖÜ][a-zäöüß'’-]+(?:[ \t]+[A-ZÄÖÜ][a-zäöüß'’-]+)?,?[ \t]+"
    r"(?:\d{1,2}\.?[ \t]+[A-ZÄÖÜ][a-zäöü]+\.?,?[ \t]+)?1[5-9]\d\d(?:[-–/](?:1[5-9])?\d\d)?\.?[ \t]*(?:\n|$))")


@lru_cache(maxsize=4096)
def _read_heading(paragraph: str) -> Heading | None:
    # (The OCR's "\\V" is a W: "\\V. Steinitz."; its "^l", "]\\I" a capital M: "Mr. ^lorphy", "Mr. ]\\Iorphy".)
    paragraph = _OCR_CAPITAL_M.sub("M", _ocr_labels(_ocr_heads(paragraph)).replace("\\V", "W"))
    # A place and its year on a line of their own under the names ("Anderssen - Kieseritzky" / "London 1851")
    # are the occasion, set off from the names as a comma sets them off on one line, not a name's last words.
    paragraph = _PLACE_AND_YEAR_BELOW.sub(r"\1,\n", paragraph)
    # Emphasis marks ("_Partie_") and a stray mark of OCR before the first word ("■  WHITE.") say nothing.
    flat = _STRAY_MARK.sub("", " ".join(paragraph.replace("_", " ").split()))
    try:
        tree = _head_parser("head").parse(flat)
    except UnexpectedInput:
        lines = [line for line in paragraph.split("\n") if line.strip()]
        if len(lines) > 1:
            # Each line by itself: a line the forms do not read (the odds, "[Remove White's Q's Kt.]",
            # or the OCR's damage) does not keep the others from saying what they say.
            read = [h for h in map(_read_heading, lines) if h is not None]
            if read:
                return merged_headings(read)
        if not _LABEL_WORD.search(flat):
            return None
        try:
            labelled = _head_parser("labelled").parse(flat)
        except UnexpectedInput:
            return None
        # A game's label and words the forms do not read: a heading that says only the game's number.
        number = next(labelled.scan_values(lambda v: isinstance(v, Token) and v.type == "NUMERAL"), "?")
        word = next(labelled.scan_values(lambda v: isinstance(v, Token) and v.type == "GAME_WORD"), "")
        if word.strip() == "Table":  # an opening manual's table of analysis (:meth:`_HeadingReader.label`)
            return Heading(label=str(number).strip(" .,"), number_alone=True)
        # (A problem's number with words the forms do not read, "Problem No. 1, by Wm. Payne.", is no game's.)
        return Heading(label=str(number).strip(" .,"), number_alone=_numbers_alone(word.strip()),
                       board=_BOARD_WORD.match(word) is not None)
    return _HeadingReader().transform(tree)


def merged_headings(headings: list[Heading]) -> Heading:
    """What the lines of one heading paragraph say together, the first line's word first."""
    merged = Heading()
    for h in headings:
        for key, value in h.tags.items():
            merged.tags.setdefault(key, value)
        merged.players = merged.players or h.players
        for side, mark in h.initials.items():
            merged.initials.setdefault(side, mark)
        merged.same_players = merged.same_players or h.same_players
        merged.kind = merged.kind or h.kind
        merged.display = merged.display or h.display
        merged.display_side = merged.display_side or h.display_side
        merged.over_heads = merged.over_heads or h.over_heads and "White" in h.tags
        if merged.label is None and h.label is not None:
            merged.label, merged.number_alone, merged.board = h.label, h.number_alone, h.board
    return merged


def match_round(heading: Heading) -> Heading:
    """The heading, its game's number as its ``Round`` where it is a match's game: numbered under its event ("(Match,
    1894. Game 2.)", "GAME 7." over "Played in the match for the championship"), as "Game 7 of the match." says it."""
    if heading.label is not None and not heading.number_alone and not heading.board and "Round" not in heading.tags \
            and _MATCH_EVENT.search(heading.tags.get("Event", "")):
        heading.tags["Round"] = _round_number(heading.label)
    return heading


def _numbers_alone(word: str) -> bool:
    """Whether a label's word numbers a position alone, no game: a problem's ("PROBLEM 21.", "Problem No. 45.",
    "Aufgabe Nr. 3.", "Schachaufgabe 5."), or "No. 7." by itself."""
    return word == "No." or word.lower().startswith(("problem", "aufgabe", "schachaufgabe"))


class _HeadingReader(Transformer):
    """The ``head`` tree as a :class:`Heading`: each part says ``(what, value)``."""

    def head(self, children: list) -> Heading:
        heading = Heading()
        for kind, value in (item for c in children for item in (c if isinstance(c, list) else [c])):
            if kind == "between":
                heading.players = value
            elif kind == "colours":
                heading.tags["White"], heading.tags["Black"] = value
            elif kind == "initial":
                heading.initials.setdefault(*value)
            elif kind == "same":
                heading.same_players = True
            elif kind == "over_heads":
                heading.over_heads = True
            elif kind == "kind":
                heading.kind = value
            elif kind == "display":
                heading.display = value
            elif kind == "display_side":
                heading.display_side = value
            elif kind == "label":
                if heading.label is None:
                    heading.label, heading.number_alone, heading.board = value
            elif kind == "Event" and (place := _event_place(value)):
                # The event's own place ("a match at New York", "Meisterturnier zu Breslau", "Wiener Turnier"):
                # where it was played.
                heading.tags.setdefault(kind, value)
                heading.tags.setdefault("Site", place + ("." if _PLACE_QUALIFIER.search(place) else ""))
            elif kind == "Date" and "Date" in heading.tags:
                # A date read as two where the parse cut it ("June" and "1883"): the parts the first left out.
                heading.tags["Date"] = ".".join(old if "?" not in old else new for old, new in
                                                zip(heading.tags["Date"].split("."), value.split(".")))
            else:
                heading.tags.setdefault(kind, value)
        return match_round(heading)

    # -- the parts: a name, a place, an event, a date ----------------------

    def player(self, children: list) -> tuple[str, str]:
        words = [str(c).strip() for c in children if c.type == "NAME"]
        if children[-1].type == "UNKNOWN_PLAYER" or _UNKNOWN_NAME.fullmatch(" ".join(words)):
            return ("name", UNKNOWN_PLAYER)  # (after a title too: "Mr. N. N.")
        return ("name", _pgn_name(" ".join(words).strip(" .,\"“”")))

    titled = player

    def place_date(self, children: list) -> list:
        return children  # (the site's and the date's tags)

    def site(self, children: list) -> tuple[str, str]:
        words = " ".join(("," if c.type == "CITY" else "") + " " + str(c) for c in children)
        site = " ".join(words.split()).replace(" ,", ",").removeprefix("the ").strip(" ,.")
        return ("Site", site + "." if _PLACE_QUALIFIER.search(site) else site)  # ("Frankfurt a. M.": its stop kept)

    def event(self, children: list) -> tuple[str, str]:
        words = _event_name(children[0])
        # "MATCH BETWEEN ...", "in the Match between ...": the event's word alone names it as "(Match, 1894.)" does
        # ("Match"), its players named after it. (German's compound, "Meisterturnier", is a name as "Masters'
        # Tournament" is.)
        return ("Event", words.capitalize() if words.lower() in _EVENT_KINDS else words)  # "Divan-Turnier" is two

    def occasion(self, children: list) -> list:
        """An event with its date and no "played" ("(Match, 1894.)", "Hastings Tournament, 1895."): its word alone
        names it, as printed ("Match"), where the date says it is an event's."""
        return [("Event", _event_name(children[0])), *children[1:]]

    def date(self, children: list) -> tuple[str, str]:
        year, month, day = "????", "??", "??"
        for token in children:
            text = str(token).strip(" .,")
            if token.type == "YEAR":
                year = text[:4]  # (a season's first year: "1895-96")
            elif token.type == "MONTH":
                month = f"{_month(text):02d}"
            elif token.type == "DAY":
                day = f"{int(_DIGITS.sub('', text)):02d}"
        return ("Date", f"{year}.{month}.{day}")

    def initial(self, children: list) -> str:
        """The head's name or initials as printed ("McD.", "V. H. d. L."), without the honorific; "Allies"
        for a head that names the side of several ("(The Allies.)"); each player's of a side of several, a
        colon between them as between the side's names ("(Messrs. L. and M.)" is "L.:M.")."""
        words = [c for c in children if not (isinstance(c, Token) and c.type == "HONORIFIC")]
        if not isinstance(words[0], Token):  # each player's of the side, read by ``allied_initials``
            return ":".join(words)
        if words[0].type == "ALLIES_HEAD":
            return ALLIES
        text = str(words[0])
        for before, token in zip(words, words[1:]):
            text += ("" if token.start_pos == before.end_pos else " ") + str(token)
        return text

    def allied_initials(self, children: list) -> str:
        """One player's initials in a head that names each of a side of several ("L." of "(Messrs. L. and M.)")."""
        return self.initial(children)

    # -- the clauses ---------------------------------------------------------

    def label(self, children: list) -> list:
        if children[0].type == "ORDINAL":  # "FIRST PARTY": the game's number is its ordinal
            number = _round_number(str(children[0]))
            return [("label", (number, False, False))] + ([("Round", number)] if children[-1].type == "OF_MATCH" else [])
        if isinstance(children[-1], list):  # No. 23.--QUEEN'S GAMBIT DECLINED.: a game's label, and its opening
            (kind, (number, alone, board)), *rest = self.label(children[:-1])
            return [(kind, (number, alone and str(children[0]).strip() != "No.", board)), *rest, *children[-1]]
        if children[-1].type == "QUOTED_NAME":  # GAME 12.--"Ruy Lopez.": the label, and the game's opening
            return [*self.label(children[:-1]), *self.opening(children[-1:])]
        number = str(children[1]).strip(" .,").replace(",", "")  # ("1,234": a periodical's running number)
        if number.islower() or any(c.isdigit() for c in number):
            number = number.translate(_OCR_DIGITS)  # the OCR's "io" for 10
        word = str(children[0]).strip()
        if word == "Table":  # an opening manual's table of analysis: numbered as "No. 4." is, no game's label
            return [("label", (number, True, False))]
        board = _BOARD_WORD.match(word) is not None
        # (A problem's number, "PROBLEM 21.", "Problem No. 45.", "Aufgabe Nr. 3.", "Schachaufgabe 5.", is a number
        # alone as "No. 7." is: no game's.)
        alone = _numbers_alone(word)
        label: list[tuple[str, object]] = [("label", (number, alone, board))]
        if board and not word.lower().startswith("table"):
            # A board of a simultaneous or blindfold display ("Board No. 3."): PGN's Board tag, as a team event's.
            label.append(("Board", number))
        # Game 7 of the match, Match Game No. 4.: the match's round.
        matched = children[-1].type == "OF_MATCH" or children[0].type == "MATCH_GAME"
        return label + ([("Round", _round_number(number))] if matched else [])

    def numbered(self, children: list) -> list:
        return [("label", (str(children[0]).strip(" ."), False, False)), *children[1]]

    def side(self, children: list) -> str:
        """One column's player, or a side of two in consultation ("MASON und MARTINEZ")."""
        return _consulting([_printed_case(str(c)) for c in children])

    def names_over_heads(self, children: list) -> list:
        names = [c for c in children if not isinstance(c, Token)]
        return [("colours", (names[0], names[1])), ("over_heads", True)]

    def over_name(self, children: list) -> str:
        """A surname over an English column's head, as printed ("BoDEX": the book's name is read later)."""
        return " ".join(str(children[0]).split())

    def between(self, children: list) -> list:
        children = [item for c in children for item in (c if isinstance(c, list) else [c])]  # (a joined pair's two)
        names = [value for kind, value in children if kind == "name" and value]
        return [("between", names)] + [c for c in children if c[0] != "name"]

    def sides(self, children: list) -> list:
        """Two players and who had White, said in words ("X having the white pieces against Y") or by a colour after
        each name ("between X (White) and Y (Black)"): the colours; two sides of one colour say none."""
        said = [("mark", "Black" if "black" in str(c).lower() else "White")
                for c in children if isinstance(c, Token) and c.type == "DISPLAY_SIDE"]
        children = [c for c in children if isinstance(c, tuple)]
        marks = [value for kind, value in said + children if kind == "mark"]
        if len(marks) == 2 and marks[0] == marks[1]:
            return self.between(children)
        return self.versus(said + children)

    def introduced(self, children: list) -> list:
        return [item for c in children for item in (c if isinstance(c, list) else [c])]

    def joined_pair(self, children: list) -> list[tuple[str, str]]:
        """A match's two players joined by a hyphen ("STEINITZ-ZUKERTORT"), each a name."""
        return [("name", _pgn_name(_printed_case(name))) for name in str(children[0]).split("-")]

    def team(self, children: list) -> tuple[str, str]:
        """A side of two in consultation ("Karl von Braunschweig und Graf Isouard")."""
        return ("name", _consulting([value for _, value in children]))

    allies = party = team

    def peer(self, children: list) -> tuple[str, str]:
        """A peer by his title and his land ("the Duke of Brunswick", "DUKE OF BRUNSWICK" are "Duke of Brunswick")."""
        words = [word if word in ("of", "OF") and k else _printed_case(word)
                 for k, word in enumerate(str(children[0]).split())]
        return ("name", " ".join(w.lower() if w == "OF" else w for w in words).removeprefix("the ").removeprefix("The "))

    def versus(self, children: list) -> list:
        names = [value for kind, value in children if kind == "name"]
        others = [c for c in children if c[0] not in ("name", "mark")]
        if not all(_NAME_WORD.search(name) or name == UNKNOWN_PLAYER for name in names):
            return others  # "R — B8", "P — K4": moves printed with a dash, no players
        # White is named first, unless a colour after a name says otherwise ("X (Black) v. Y (White)", "X v. Y
        # (White)"): each colour is the side's whose name it follows (a colour before any name, the first side's).
        marks: dict[int, str] = {}
        seen = 0
        for kind, value in children:
            if kind == "name":
                seen += 1
            elif kind == "mark":
                marks[max(seen - 1, 0)] = value
        if marks.get(0) == "Black" or marks.get(1) == "White" and marks.get(0) != "White":
            names.reverse()
        return [("colours", (names[0], names[1]))] + others

    def colours(self, children: list) -> list:
        """White's side, then Black's ("White: Mr. Staunton. Black: Mr. Horwitz.", "White, Morphy; Black, ...")."""
        return self.versus([c for c in children if not isinstance(c, Token)])

    def colours_black_first(self, children: list) -> list:
        """Black's side, then White's ("Black: J. Wyllie.   White: R. Martins.")."""
        return self.versus([("mark", "Black")] + [c for c in children if not isinstance(c, Token)])

    def result(self, children: list) -> tuple[str, str]:
        """The game's result printed in its heading after the players ("Won by White.", "Drawn."), as PGN's Result."""
        said = str(children[0]).lower()
        return ("Result", "1/2-1/2" if said.startswith("drawn") else "0-1" if "black" in said else "1-0")

    def colour_mark(self, children: list) -> tuple[str, str]:
        """The colour printed after a side's name ("Mr. Morphy (White)")."""
        return ("mark", "White" if children[0].type == "WHITE_WORD" else "Black")

    def the_allies(self, children: list) -> tuple[str, str]:
        """A side of several players the book names by its word for them ("THE ALLIES")."""
        return ("name", ALLIES)

    def consultation(self, children: list) -> list:
        return []

    def colour(self, children: list) -> list:
        side, *names = children
        if not names[-1][-1].endswith("."):
            return []  # the name goes on below ("A. PONCE" over "AND"): no one player's whole name
        return [("White" if side.type == "WHITE_COMMA" else "Black",
                 _consulting([_pgn_name(" ".join(words).strip(" .,")) for words in names]))]

    def colour_after(self, children: list) -> list:
        """A player and his colour after him ("Mr. Anderssen, White.")."""
        (_, name), side = children
        return [("White" if side.type == "WHITE_WORD" else "Black", name)]

    def colour_name(self, children: list) -> list[str]:
        """The words of one player's name under a colour ("A. PONCE"), without the honorific."""
        return [str(c).strip() for c in children if c.type == "NAME"]

    def columns(self, children: list) -> list:
        found = []
        side = "White"
        for c in children:
            if isinstance(c, Token):
                side = "White" if c.type == "WHITE_HEAD" else "Black"
            else:
                found.append(("initial", (side, c)))
        return found

    def played(self, children: list) -> list:
        return [item for c in children for item in (c if isinstance(c, list) else [c])]

    played_in_event = played_in_round = played

    def opening(self, children: list) -> list:
        name = " ".join(str(children[0]).split())
        for article in ("the ", "The ", "THE "):
            name = name.removeprefix(article)
        name = name.strip("\"“”").rstrip(".")  # a game known by its name in quotes: THE "IMMORTAL GAME."
        return [("Opening", name)]

    def round(self, children: list) -> list:
        number = next(c for c in children if c.type in ("NUMERAL", "ORDINAL", "LONG_ORDINAL"))
        return [("Round", _round_number(str(number).strip(" .")))]

    def same_players(self, children: list) -> list:
        return [("same", True)]

    def composer(self, children: list) -> list:
        """A problem's composer ("By J. Wyllie."): the Composer tag, as problem collections' PGN writes it."""
        return [("Composer", children[0][1])]

    def task(self, children: list) -> list:
        """A problem's or an ending's task ("White to play and mate in one move."): part of its heading, no tag (the
        diagram's or the piece list's reader takes who moves from the words around the position)."""
        return []

    def game_kind(self, children: list) -> list:
        """A game by its kind ("BLINDFOLD GAME.", "Correspondence game"): "blindfold", "correspondence"."""
        return [("kind", str(children[0]).split()[0].lower())]

    def display(self, children: list) -> list:
        """A simultaneous or blindfold display's player against his several opponents: who played the board the
        heading numbers, not whether he had White (the columns' heads say that)."""
        kind = "blindfold" if any(c.type == "DISPLAY_BLINDFOLD" for c in children if isinstance(c, Token)) \
            else "simultaneous"
        # The player of the display, and where and when (", at Birmingham"): each board's record takes them; the
        # side he had on every board where the heading says it (", with the white pieces,", "having the move").
        side = [("display_side", "Black" if "black" in str(c).lower() else "White")
                for c in children if isinstance(c, Token) and c.type == "DISPLAY_SIDE"]
        return [("kind", kind)] + side \
            + [("display", c[1]) if c[0] == "name" else c for c in children if isinstance(c, tuple)]


_DIGITS = re.compile(r"\D")
#: The place an event's name gives after its word ("Tournament at Hastings", "Meisterturnier zu Breslau").
#: A German town's river or region after its name, its last letter's stop stripped: "Frankfurt a. M", "Freiburg i. B".
_PLACE_QUALIFIER = re.compile(r"\s[a-z]{1,2}\.\s*[A-Z][a-z]?$")
_EVENT_PLACE = re.compile(r"\s(?:at|in|zu)\s+([A-ZÄÖÜ][\w.]*(?:\s+[A-ZÄÖÜ][\w.]*)?(?:\s+[a-z]{1,2}\.\s*[A-Z][a-z]?\.?)?)$")
#: A German town's adjective before the event's word, its town's name and "-er" ("Wiener Turnier", "Berliner
#: Kongress", "Leipziger Meisterturnier"): not an adjective that declines (an ordinal, "Deutscher", "Großer").
_TOWN_ADJECTIVE = re.compile(r"([A-ZÄÖÜ][a-zäöüß]{2,})er\s+[A-ZÄÖÜ]?[a-zäöüß]*(?i:turnier|wettkampf|kongress|kongreß)\b")
_DECLINED_ADJECTIVES = frozenset({"deutsch", "groß", "gross", "international", "allgemein", "national", "offen",
                                   "klein", "jährlich", "ander", "letzt", "nächst", "neu", "alt", "österreichisch"})


def _event_place(event: str) -> str | None:
    """The place an event's name gives: after its word ("Tournament at Hastings", "Meisterturnier zu Breslau"),
    or as the German town's adjective before it ("Wiener Turnier": Wien)."""
    if (place := _EVENT_PLACE.search(event)) is not None:
        return place.group(1)
    town = _TOWN_ADJECTIVE.match(event)
    if town is None or town[1].lower() in _DECLINED_ADJECTIVES or _GERMAN_ORDINAL.fullmatch(town[1].lower() + "er"):
        return None
    return town[1]


#: An event's word alone: the kind of the game ("in the Match between ..."), no event's name.
_EVENT_KINDS = ("match", "tournament", "congress", "meeting", "tourney", "turnier", "wettkampf", "kongress", "kongreß")
#: An event that is a match, whose games' numbers are its rounds: "Match", "Championship Match", "Wettkampf".
_MATCH_EVENT = re.compile(r"(?i:match|wettkampf)\b")


def _event_name(token: Token) -> str:
    """An event's name as printed, without its article or stop ("the Championship Match," is "Championship Match")."""
    words = " ".join(str(token).split())
    for article in ("the ", "The ", "THE ", "a ", "an "):
        words = words.removeprefix(article)
    words = words.strip(" ,.")
    return words + "." if _PLACE_QUALIFIER.search(words) else words  # ("Hauptturnier zu Frankfurt a. M.")
#: The label's word of a simultaneous display's board or table.
_BOARD_WORD = re.compile(r"(?i:board|table)\b")
#: The OCR's letters for figures in a game's number ("Game io." is Game 10).
_OCR_DIGITS = str.maketrans("ilo", "110")
#: A name has a word of three letters or more, and no figure ("K4" is a square).
_NAME_WORD = re.compile(r"^(?!.*\d).*[^\W\d_]{3}")
_ORDINALS = tuple(word for word, n in ORDINAL_NUMBERS.items() if n <= 12)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
#: A German ordinal from one to twelve, with its ending ("siebente", "siebten", "zweiter"): the group that matched
#: is its number.
_GERMAN_ORDINAL = re.compile("(?:" + "|".join(f"({stem})" for stem in (
    "erst", "zweit", "dritt", "viert", "fünft", "sechst", "sieb(?:en)?t", "acht", "neunt", "zehnt", "elft", "zwölft"))
    + ")e[nrs]?")


def _round_number(text: str) -> str:
    """A round's number as PGN writes it: "III", "Third" and "Dritte" are "3" ("last" stays as printed)."""
    low = text.lower()
    if low in _ORDINALS:
        return str(_ORDINALS.index(low) + 1)
    german = _GERMAN_ORDINAL.fullmatch(low)
    if german:
        return str(german.lastindex)
    if (number := ordinal(low)) is not None:  # ("Twenty-first", "21st")
        return str(number)
    if text and all(c in _ROMAN for c in text):
        values = [_ROMAN[c] for c in text]
        return str(sum(-v if k + 1 < len(values) and v < values[k + 1] else v for k, v in enumerate(values)))
    return text


def _month(text: str) -> int:
    low = text.lower().replace("ä", "a")
    for k, prefix in enumerate(("jan", "feb", "mar", "apr", "ma", "jun", "jul", "aug", "sep", "o", "nov", "de")):
        if low.startswith(prefix):
            return k + 1
    return 0


#: Honorifics are not part of a name as PGN writes it; particles are ("von der Laza").
_PARTICLES = ("von", "van", "der", "den", "de", "du", "la", "le", "St.", "Von", "Van", "De", "Du", "La", "Le")


#: A piece's or a file's letter, then a figure: a square of a move, no initials ("K. B. 3.", "P.  7.").
_SQUARE = re.compile(r"[KQBRPN]\.[ \t]*\d")
#: A particle as the roster reads it before a surname ("C. von Bardeleben", "Herr Von Bardeleben").
_PARTICLE = r"(?i:von|van|der|den|de|du|la|le)"
#: A word that may be a particle the OCR damaged, before a surname ("C. vor BarDELEBEy"): a short word in
#: small letters.
_PARTICLE_LIKE = re.compile(r"[a-z][a-zA-Z]{1,2}")


def _surname_key(surname: str) -> str:
    """A printed surname as the roster counts it: in a name's case ("BARDELEBEN" is "Bardeleben"), its
    particle in small letters before it ("von Bardeleben"); the pieces the OCR set apart rejoined
    ("Zox enrort")."""
    words = surname.split()
    if len(words) > 1 and _PARTICLE_LIKE.fullmatch(words[0]):
        return f"{words[0].lower()} {_printed_case(''.join(words[1:]))}"
    return _printed_case("".join(words))


def _core(name: str) -> str:
    """A roster's surname without its particle ("Bardeleben" of "von Bardeleben")."""
    return name.split()[-1] if name else ""


#: A word of a name that is an initial alone: "J.", "B.".
_INITIAL_ONLY = re.compile(r"[A-Z]\.?")


def _pgn_name(name: str) -> str:
    """A player's name as PGN writes it: surname first, then the given names or initials
    ("H. P. Montgomery" is "Montgomery, H. P."); a name of one word, or "an Amateur", as printed."""
    words = [_printed_case(word) for word in name.split()]
    if len(words) > 1 and all(_INITIAL_ONLY.fullmatch(word) for word in words):
        # Initials alone, as a composer signs ("By J. B. of Bridport."): no surname to put first; each its stop.
        return " ".join(word.rstrip(".") + "." for word in words)
    if len(words) < 2 or not words[-1][:1].isupper() or words[0].lower() in ("a", "an", "another", "one"):
        return " ".join(words)
    k = len(words) - 1
    while k > 0:
        if words[k - 1] in _PARTICLES:
            k -= 1
        elif words[k - 1] == "und" and k > 1:  # a double surname ("von Heydebrand und der Lasa"): one surname
            k -= 2
        else:
            break
    if k == 0:  # particles only before the surname ("de Riviere", "von der Lasa"): they follow it; a saint's
        # "St." is the surname's own ("de St. Amant" is "St. Amant, de")
        k = next(i for i, word in enumerate(words) if word not in _PARTICLES or word == "St." or i == len(words) - 1)
        if k == 0:  # the saint's name alone ("St. Amant"): the surname whole, nothing after its comma
            return " ".join(words)
        return f"{' '.join(words[k:])}, {' '.join(words[:k])}"
    surname = " ".join(words[k:])
    return f"{surname}, {' '.join(words[:k])}"


def _consulting(names: list[str]) -> str:
    """A side's players as PGN writes them: in alphabetical order, a colon between them (the PGN standard,
    8.1.1.5, "The White tag"); one player's name as it is."""
    return ":".join(sorted(names))


def _printed_case(word: str) -> str:
    """A name's word as a name is written: an OCR'd heading in capitals, or with the OCR's
    small letters among them ("TCHIGORIN", "TiNSLEY", "BLiCKBURNE"), is "Tchigorin"; a stray
    small letter before the capital ("jMieses") is dropped. "McCabe" stays as printed."""
    if len(word) > 2 and word[0].islower() and word[1].isupper():
        word = word[1:]
    letters = [c for c in word if c.isalpha()]
    if len(letters) > 2 and sum(c.isupper() for c in letters) * 2 > len(letters):
        word = word.title()
    return word


#: The tag that says what a record of a book is when it is no game: ``[Kind "analysis"]`` (a tag name of
#: the PGN standard's form, section 8.1.1: its export writes it as it is, the archive stores it with the
#: record's tags). A record with no ``Kind`` tag is a game.
KIND = "Kind"
ANALYSIS = "analysis"
#: A page of notes on a game printed apart from its score (``[Kind "notes"]``): their lines are the game's,
#: played from its positions, not a game of their own nor a line from the opening.
NOTES = "notes"
#: What names a game, not a line of play: who played it, or where, when, in which event or round.
_GAME_TAGS = ("White", "Black", "Players", "Event", "Site", "Date", "Round")


def _names_a_game(headings: list[Heading]) -> bool:
    """Whether a record's headings name a game: a numbered game's label ("GAME VI.", "Game 12,",
    "Board No. 5.", "Partie Nr. 3"), its players (by name, by the columns' initials, "Between the same
    players"), or its occasion. A score under no such heading (a section's title, "THE GIUOCO PIANO.",
    "GAME THE FOURTH." of an opening's chapter, "VARIATION (A.)", an ending's "Diagram 15.", an opening's
    name alone, a number alone, "No. 7.", as a book numbers its problems and endings) is a line of
    analysis: the book's own play, with no players to name."""
    return any(h.label and not h.number_alone or h.players or h.initials or h.same_players or h.kind
               or any(k in h.tags for k in _GAME_TAGS) for h in headings)


#: A note on a game, as a page of notes prints them under the game's players ("Ponce v. Steinitz."):
#: "15. Game 2. — This may be as safely played as ...", "Game 2.— If 8 Q— Q4, ...", the OCR's "Ga.we 2.—";
#: not a game continued ("Game 11— cont'd.").
#: The game a note names, as :data:`_GAME_NOTE` prints it ("Game 8" of "70. Game 8.— Compare ...").
GAME_NOTE_LABEL = re.compile(r"(?m)^[ \t.,'|]*(?:\d+[ \t]*\.[ \t]*)?(G[a-z.]{2,4}[ \t]*\d+)[ \t]*\.?[ \t]*[—–-]+")
_GAME_NOTE = re.compile(r"[ \t.,'|]*(?:\d+[ \t]*\.[ \t]*)?G[a-z.]{2,4}[ \t]*\d+[ \t]*\.?[ \t]*[—–-]+(?![ \t]*(?i:con))")


def _notes_on_a_game(text: str, start: int, end: int) -> bool:
    """Whether a record with no score is notes on a game: below its headings, the first paragraph is
    a note that names the game it is on ("Ponce v. Steinitz." over "15. Game 2. — This may be ...").
    Its moves are the notes' lines of analysis, not a game's score. A heading of that form that says
    what the game is ("Game 4. — King's Gambit.") is no note."""
    return _first_note(_paragraphs(text, start, min(end, start + _HEADING_TO_MOVES))) is not None


def _first_note(paragraphs: list[str]) -> int | None:
    """Which of a record's first paragraphs is the first note on a game (:data:`_GAME_NOTE`), the first
    or under the game's heading (the record may begin with the last lines of the notes before it, "moves,
    32 R — Kt8 mate." over "Vienna v. London." over "Game 12. — ..."); ``None``: the record is no notes."""
    for k, paragraph in enumerate(paragraphs[:_HEADINGS_READ]):
        if _GAME_NOTE.match(paragraph):
            heading = read_heading(paragraph)
            return k if (k == 0 or read_heading(paragraphs[k - 1]) is not None) and (
                heading is None or not (heading.tags or heading.players)) else None
    return None


def _notes_end(text: str, start: int, end: int) -> int | None:
    """Where a page of notes on a game ends, when the record from ``start`` opens with one (a note that names
    its game, :data:`_GAME_NOTE`, first or under a heading in its first paragraphs: the record may begin at the
    last lines of the notes before) and more is printed after the notes: at the first section's title in
    capitals after them over text that is no note ("Amateur v. Kieseritzky." over "70. Game 8.— ...", "73.
    Game 8.— ...", then "PHILIDOR'S DEFENCE." over the next chapter's text and tables). The chapter is no note
    on the game: read with the notes, its tables were one game's score from the opening. A running head between
    notes ("PHILIDOR S DEFENCE." over "74. Game 8.— ...") or over the next game's label is no end. ``None``:
    no page of notes, or nothing after it."""
    spans = []
    at = start
    for blank in [*_BLANK_LINE.finditer(text, start, end), None]:
        stop = end if blank is None else blank.start()
        if text[at:stop].strip():
            spans.append((at, text[at:stop]))
        at = end if blank is None else blank.end()
    paragraphs = [paragraph for _, paragraph in spans]
    first = _first_note(paragraphs)
    if first is None:
        return None
    for k in range(first + 1, len(paragraphs)):
        paragraph = paragraphs[k]
        if not _GAME_NOTE.match(paragraph) and _heads_a_section(paragraphs, k) \
                and _IN_CAPITALS.fullmatch(paragraph.strip()) and any(
                    not _GAME_NOTE.match(p) and not _is_heading(p) for p in paragraphs[k + 1:k + 2]):
            while k - 1 > first and _TITLE_LINE.fullmatch(paragraphs[k - 1].strip()):
                k -= 1  # the title's lines above it ("THE CONTEST BETWEEN" over "MESSRS. STEINITZ AND TSCHIGORIN.")
            return spans[k][0]
    return None


#: A line of a title in capitals, unstopped ("THE CONTEST BETWEEN").
_TITLE_LINE = re.compile(r"[A-Z][A-Z'’ \t-]{3,}")


#: The move a diagram shows, printed under its caption's game label ("GAME No. 8." over "Move 25. RxP ch.").
_CAPTION_MOVE = re.compile(r"[ \t]*Move[ \t]+\d")


def _read_headings(paragraphs: list[str], move_words: MoveWords) -> list[Heading]:
    """What the heading paragraphs say, each read by :func:`read_heading`. A diagram's caption, a game's
    label over the move the diagram shows ("GAME No. 8." over "Move 25. RxP ch.", as a page of notes
    prints them over the notes), names a game printed elsewhere: its label does not name this record's.
    The players a heading names are names (:func:`_are_names`), or it names none."""
    headings = []
    for k, paragraph in enumerate(paragraphs):
        heading = read_heading(paragraph)
        if heading is None:
            continue
        if _is_caption(paragraphs, k, heading):
            heading = replace(heading, label=None, number_alone=False)  # (read_heading's are cached: a copy)
        sides = [heading.tags[side] for side in ("White", "Black") if side in heading.tags]
        if len(sides) == 2 and not _are_names(sides, move_words):
            heading = replace(heading, tags={k: v for k, v in heading.tags.items() if k not in ("White", "Black")},
                              over_heads=False)
        if heading.players and not _are_names(heading.players, move_words):
            heading = replace(heading, players=[])
        headings.append(heading)
    return headings


#: A word with a possessive: of a book's or an opening's name ("Staunton's Chess Player's Handbook"), no player's.
_POSSESSIVE = re.compile(r"[^\W\d_][’']s\b")


def _are_names(names: list[str], move_words: MoveWords) -> bool:
    """Whether the two players a heading names are names: none with a word that reads as a move
    (``move_words``: "PxP — BxKtch", a table's column read as "X — Y") or a possessive (a list of
    references, "Handbook — Staunton's Chess Player's Handbook."), and not the same name twice."""
    return len(set(names)) == len(names) and not any(_POSSESSIVE.search(name) or move_words(name) for name in names)


def _over_a_caption_move(text: str, line_end: int, end: int) -> bool:
    """Whether the first line with words after ``line_end`` is the move a diagram shows ("Move 13. QR-Kt sq.")."""
    below = _NEXT_LINE.match(text, line_end, end)
    return below is not None and _CAPTION_MOVE.match(below.group(1)) is not None


def _is_caption(paragraphs: list[str], k: int, heading: Heading) -> bool:
    """Whether ``paragraphs[k]``, read as ``heading``, is a diagram's caption: a game's label with the
    move the diagram shows on its next line or in the next paragraph."""
    below = paragraphs[k].strip().split("\n")[1:2] + paragraphs[k + 1:k + 2]
    return bool(heading.label and below and _CAPTION_MOVE.match(below[0]))


def _opens_with_caption(text: str, start: int, end: int) -> bool:
    """Whether the record ``text[start:end]`` opens with a diagram's caption (a stray mark of the OCR
    may stand above it): with no score of its own, it is the page of notes the diagram stands over."""
    paragraphs = _paragraphs(text, start, min(end, start + _HEADING_TO_MOVES))[:3]
    for k, paragraph in enumerate(paragraphs[:2]):
        heading = read_heading(paragraph)
        if heading is not None and _is_caption(paragraphs, k, heading):
            return True
    return False


def _full_names(initials: dict[str, str]) -> bool:
    """Whether both columns' heads print a name, not initials ("(Mr. Bird.)", not "(Mr. B.)" or "(Mr. Mor.)")."""
    return all(_FULL_NAME.fullmatch(initials.get(side, "")) for side in ("White", "Black"))


#: A surname in a column's head, not its initials or a cut of it ("Mor."): four letters or more.
_FULL_NAME = re.compile(r"(?:Mc|Mac)?[A-Z][a-z]{3,}\.?")


def _surname(name: str) -> str:
    return name.split(",")[0].split()[-1] if name else ""


class _Series:
    """What the headings of a book say, game after game: the players a heading over a series
    names ("MATCH BETWEEN MR. MORPHY AND HERR HARRWITZ.") stand for the games below it that
    name them by initials only or as "the same players"."""

    def __init__(self, moves_read: MovesRead, text: str = "", move_words: MoveWords | None = None) -> None:
        self.moves_read = moves_read
        self.move_words = move_words or moves_read
        self.text = text
        self._roster: Roster | None = None
        #: Each running head that says whose games its pages hold: (where, the player, or None).
        self._sections: list[tuple[int, str | None]] | None = None
        self._words: Counter[str] | None = None
        self.players: list[str] = []
        #: The last heading printed after a score ("THE KING'S GAMBIT."): the title of a line of
        #: play printed under it with no heading of its own.
        self.section: str | None = None
        #: The number the last record's heading gives its game ("GAME 1." is "1"), if it numbers one.
        self.label: str | None = None
        #: The number the last record's heading gives its game, where it numbers a game, not a board of a display.
        self.game_label: str | None = None
        #: The player of the display whose boards follow ("Played blindfold by Mr. Morphy against eight opponents.").
        self.display: str | None = None
        self.display_side: str | None = None
        self.display_where: dict[str, str] = {}
        #: Whether the last record's columns' heads name its players by initials ("WHITE. (Mr. M.)").
        self.initialled = False
        #: The match a heading over a series names, with its two players ("MATCH BETWEEN MR. MORPHY AND HERR
        #: HARRWITZ.", "MATCH STEINITZ-ZUKERTORT, 1886."): the event of the games below between them.
        self.match: tuple[str, frozenset[str]] | None = None

    def tags(self, text: str, start: int, end: int) -> dict[str, str]:
        """The tags of the record ``text[start:end]``: what the heading paragraphs above its
        score say; the paragraphs after the score only set who is playing for the games below."""
        score = _first_score(text, start, end)
        above = _heading_pieces(_names_run_on(_heading_paragraphs(text, start, score))[-_HEADINGS_READ:])  # just above it
        headings = _read_headings(above, self.move_words)
        run = _run_together(above)
        if run is not None:
            headings.insert(0, run)
        if score == end or not any(h.begins_a_game() for h in headings):
            # A record that a game's heading begins with no move 1 below it (the OCR lost the
            # number; the side's name in full for the number: "White. The king's pawn 2 squares."):
            # its headings are those it opens with, not the last paragraphs of its notes.
            lead = leading_headings(text, start, end, self.moves_read)
            if lead:
                # (With the name below the last of them where it runs on: "Black," / "A. GAVILAN" / "AND" /
                # "W. STEINITZ.")
                following = _heading_paragraphs(text, start, min(end, start + _HEADING_TO_MOVES))
                k = len(lead)
                while k < len(following) and (_RUNS_ON.search(following[k - 1]) or _AND_FIRST.match(following[k])):
                    k += 1
                above = _names_run_on(following[:k])
                headings = _read_headings(above, self.move_words)
        if not any(h.begins_a_game() for h in headings):
            # The record opens with White's column, its heading printed between it and Black's.
            between = _heading_between_columns(text, start, end, self.moves_read, self.move_words)
            if between is not None:
                above = [between]
                headings = _read_headings(above, self.move_words)
        tags: dict[str, str] = {}
        players: list[str] = []
        initials: dict[str, str] = {}
        same = False
        self.label = next((h.label for h in headings if h.label and not h.number_alone), None)
        self.game_label = next((h.label for h in headings if h.label and not h.number_alone and not h.board), None)
        # (Or in forms the heading reader does not read: ``WHITE, ("Alter.")``, ``(Messrs. S. and A.)``.)
        self.initialled = any(h.initials for h in headings) or _HEAD_NAMING.search(text, start, score) is not None
        for heading in headings:
            if heading.over_heads and "White" not in tags:
                # The names over the columns' heads as the OCR gave them ("BoDEX. Bikd."): the book's names.
                white, black = (self.over_head(heading.tags[side]) for side in ("White", "Black"))
                if white and black and white != black:
                    tags["White"], tags["Black"] = white, black
            for key, value in heading.tags.items():
                if key == "Date" and value.count("?") < tags.get(key, value).count("?"):
                    tags[key] = value  # (the game's day under its match's year: "Played ... January 11, 1886.")
                elif not (heading.over_heads and key in ("White", "Black")):  # (as printed: read above)
                    tags.setdefault(key, value)
            players = players or heading.players
            initials.update(heading.initials)
            same = same or heading.same_players
        series = inherited = False
        # A name the OCR damaged once ("Mr. IMorphy", "Mr. Morpby") is the book's frequent name one letter off.
        players = [self.misprinted(name) for name in players]
        if players:
            self.players = players
            # (A game's own "Between X and Y." under its match's heading: still the match's.)
            self.match = self._match(headings, players) or (
                self.match if self.match is not None and self.match[1] == frozenset(players) else None)
        elif same or initials and not any(h.board for h in headings):
            # (A board of a simultaneous display is played against another opponent than the board before.)
            players, series, inherited = self.players, not same, True
        else:
            # (A match's heading that names its players as one game's colours, "Match Steinitz – Zukertort, 1886.":
            # the match of the games below between the same two all the same.)
            self.match = next((m for h in headings if "White" in h.tags and "Black" in h.tags
                               and (m := self._match([h], [h.tags["White"], h.tags["Black"]])) is not None), self.match)
        stacked = next((h.stacked for h in headings if h.stacked), [])
        if stacked and "White" not in tags and not players and any(h.label for h in headings):
            # Names stacked only under a game's label: two lines of capitals elsewhere may be a title.
            tags["White"], tags["Black"] = stacked
        if "White" not in tags and len(players) == 2:
            tags.update(_colours(players, initials, own=not series))
        if "White" not in tags and not players and _full_names(initials):
            # No heading names the players, and the columns' heads print their names in full ("White (Mr.
            # Bird). Black (Mr. Brien)."): the heads name them.
            tags["White"], tags["Black"] = (initials[side].rstrip(".") for side in ("White", "Black"))
        if "White" not in tags and "Black" not in tags:
            tags.update(self.names_below_heads(text, start, end))
        if "White" not in tags and "Black" not in tags:
            tags.update(self.names_over_a_head(text, start, end))
        display = next((h for h in headings if h.display), None)
        if display is not None:
            self.display, self.display_side = display.display, display.display_side
            self.display_where = {k: v for k, v in display.tags.items() if k in ("Site", "Date", "Event") and v}
        elif players or any(h.label and not h.board for h in headings):
            self.display = None  # a game of its own: the display's boards are over
        if self.display and any(h.board for h in headings):
            # A board of a display ("Played blindfold by Mr. Morphy against eight opponents, at Birmingham." over
            # "Board No. 3."): where and when the display was, and its player on the side whose column's head fits
            # him alone ("WHITE. (Mr. A.)  BLACK. (Mr. M.)").
            for key, value in self.display_where.items():
                tags.setdefault(key, value)
            fit: list[str] = [side for side in ("White", "Black")
                              if side in initials and _fits(initials[side], self.display)]
            if len(fit) != 1 and self.display_side is not None:
                fit = [self.display_side]  # no column's head fits him alone: the heading's words say his side
            if len(fit) == 1 and "White" not in tags and "Black" not in tags:
                tags[fit[0]] = self.display
            elif "White" not in tags and "Black" not in tags and "Players" not in tags:
                # Neither a head nor the heading says which side he had: he is named, his side not (as "Between X
                # and Y" with no heads names its players), not left out.
                tags["Players"] = self.display
        if "White" not in tags and len(players) == 2 and players[0] != players[1] and not series:
            # (The series' players only where this game's columns fit them: initials that fit neither,
            # "WHITE. (Utica.)", are another game's, under a heading the forms do not read.)
            # Named, but who had White the book does not say: the names are kept, in printed order.
            tags["Players"] = " and ".join(players)
        if self.match is not None and "Event" not in tags and (inherited or self.match[1] == frozenset(
                (tags.get("White", ""), tags.get("Black", ""))) or self.match[1] == set(players)):
            tags["Event"] = self.match[0]  # a game of the match the heading over the series names
        if not (tags.get("White") and tags.get("Black")) and "Event" not in tags:
            # (The odds above a game's label are no title where the label is: "Remove White's Queen's Knight." over
            # "GAME 3.--Between ..."; nor is the paper the game was taken from: "(From the "Illustrated London
            # News.")".)
            own = _title([p for p in above if not _ODDS_LINE.fullmatch(p.strip()) and not _FROM_A_PAPER.match(p)],
                         self.moves_read) \
                or _title(above, self.moves_read)
            if own and not players:
                self.section = own  # a heading over what follows, not one game's
            title = own or self.section
            if title:
                tags["Title"] = title
        # A score with no move 1 continues a game from a page before (not under an opening manual's table,
        # "Table 8.— PETROFF'S COUNTER ATTACK.", whose first number the OCR lost: a table of analysis still);
        # a numbered German heading ("3669. Evansgambit.") numbers a game.
        fragment = score == end and _NUMBERED.search(text, start, end) is not None \
            and not any(_TABLE_LABEL.match(paragraph.strip()) for paragraph in above)
        if not (_names_a_game(headings) or any(key in tags for key in _GAME_TAGS) or fragment
                or any(_numbered_heading(p) for p in above)) or score == end and (
                    _notes_on_a_game(text, start, end) or _opens_with_caption(text, start, end)):
            tags[KIND] = NOTES if score == end and _notes_on_a_game(text, start, end) else ANALYSIS
        after = _paragraphs(text, score, end)
        # (A record with no score, the front matter, may end with the heading over the games below it.)
        for paragraph in after if score < end else _paragraphs(text, start, end):
            if not _SERIES.search(paragraph):
                continue
            # (A heading in capitals that the OCR ran into the text below it: "MATCH BETWEEN MR. MORPHY
            # AND HERR ANDERSSEN. This match, like ...", its capitals alone, read whatever their length:
            # "CONSULTATION GAMES BETWEEN MESSRS. MORPHY AND BARNES AGAINST MESSRS. STAUNTON AND "ALTER."".)
            run_in = _capitals_run_in(paragraph)
            over = read_heading(paragraph) or (_read_heading(run_in) if run_in else None)
            if over is not None and len(over.players) == 2:
                self.players = [self.book_name(name) for name in over.players]  # a heading over the games that follow
                self.match = self._match([over], self.players)
        # A heading over what follows is centred, or run in ("Philidor's Defense.—", its stop and dash) as the
        # last paragraph after a score: the line of play below is printed under it (the cut fell at its move 1).
        run_in_head = after[-1:] if score < end and after and _RUN_IN_DASH.search(after[-1]) and _is_heading(after[-1]) else []
        self.section = (_title([p for k, p in enumerate(after) if _heads_a_section(after, k)][-1:] or run_in_head, self.moves_read)
                        or self.section)
        return {key: value for key, value in tags.items() if value}




    def book_name(self, name: str) -> str:
        """A series heading's name as the book prints it often ("MATCH BETWEEN MR. MOIIPIIY AND HERR
        IIAERWITZ." names Morphy and Harrwitz: :class:`Roster`), else as printed; each player of a side of
        several ("Barnes:Morpht")."""
        if ":" in name:
            return _consulting([self.book_name(one) for one in name.split(":")])
        if self._roster is None:
            self._roster = Roster(self.text)
        surname = _surname(name)
        if not surname.isalpha() or self._roster.count[surname] >= Roster.FREQUENT:
            return name
        return self._roster.name("", surname) or name

    @staticmethod
    def _match(headings: list[Heading], players: list[str]) -> tuple[str, frozenset[str]] | None:
        """The match a heading over games names with its two players ("MATCH BETWEEN MR. MORPHY AND HERR
        HARRWITZ.", "MATCH STEINITZ-ZUKERTORT, 1886."): the event of the games below between the same two."""
        event = next((h.tags["Event"] for h in headings if _MATCH_EVENT.search(h.tags.get("Event", ""))), None)
        return (event, frozenset(players)) if event is not None and len(set(players)) == 2 else None

    def over_head(self, name: str) -> str | None:
        """The book's name a surname printed over a column's head is ("BoDEX" is Boden, "Hakrwitz" Harrwitz):
        as printed where the book prints it elsewhere too ("LOWENTHAL", "Lowenthal" in its text); printed
        clean (in capitals, or a capital then small letters), as printed ("POTTER", "HORWITZ") unless one
        letter off one of the book's players' names ("Bikd" is Bird); else, the OCR's capitals among small
        letters, the player's name it is most like (:meth:`Roster.like`), or no one where it is like none.
        The players' names are those the book prints twice or more and names with an honorific or initials.
        A side of two ("MASON und MARTINEZ"), each."""
        if self._words is None:
            self._words = Counter(_CAPITALISED.findall(self.text))
        roster = self.roster(self.text)
        players = [other for other in roster.count if self._words[other] >= 2]
        names = []
        for printed in name.split(":"):
            word = " ".join(_printed_case(w) for w in printed.split())
            if self._words[word] >= 2:
                pass
            elif _CLEAN_NAME.fullmatch(printed):
                # Clean letters: a name of its own ("HORWITZ", two letters off Harrwitz), but one letter off
                # one of the book's ("Bikd", "Hakrwitz", "Rosentha"): that one misprinted.
                near = [other for other in players if _one_letter_off(word.lower(), other.lower())]
                word = near[0] if len(near) == 1 else word
            else:
                word = roster.like(word, players, self._words) or ""
            if not word:
                return None
            names.append(word)
        return ":".join(names)

    def misprinted(self, name: str) -> str:
        """A heading's name as the book prints it where the OCR damaged it ("Mr. Morpby", "Mr. IMorphy",
        "Mr. Morpliy", "Mr. Miirpby" are Morphy): one letter off the one name the book prints far more
        often, or, where that name is one of the book's players' (:attr:`Roster.known`), alike it letter by
        letter and by the letters' shapes (:meth:`Roster.likeness`, the first letter the same: a word the book
        prints often, "Calif" of its running heads, is no player's name); else as printed ("Horwitz" is no
        misprint of Harrwitz where the book prints both). Each player of a side in consultation
        ("Lowcnthai:Medley") is read so."""
        if ":" in name:
            return _consulting([self.misprinted(one) for one in name.split(":")])
        if self._words is None:
            self._words = Counter(_CAPITALISED.findall(self.text))
        surname = _surname(name)
        if name != surname or not surname.isalpha():
            return name
        printed = self._words[surname]
        roster = self.roster(self.text)
        near = [other for other, n in self._words.items()
                if n >= _MISPRINT_RATIO * max(printed, 1) and (
                    _one_letter_off(surname.lower(), other.lower())
                    or other in roster.known and other[:1] == surname[:1]
                    and roster.likeness(surname, other) >= _OCR_LIKE)]
        return near[0] if len(near) == 1 else name

    def names_below_heads(self, text: str, start: int, end: int) -> dict[str, str]:
        """White and Black from the players' names printed under the columns' heads ("White.
        Black." over "M. Tchigorin. J. H. Zukertort."), each as the book prints it elsewhere
        (:class:`Roster`): an OCR'd name ("M. Tontcortx.") is the name of the book's it is most
        like, and a name like none of them, or like two alike, names no one; one printed clean where the book
        has no name it may be (a hand-set text's players, printed once) stands as printed. Where the OCR kept one
        column's head and name only ("Black." over "A. Sellman."), or one of the two names is past
        reading, the player whose games the pages hold (:meth:`section_player`) is the other."""
        stop = min(end, start + _HEADING_TO_MOVES)
        # The first heads with two names under them: the heads of a page that goes on with the moves
        # ("White. Black." over "29 Rt. B ...") name no one.
        printed = next((dict(zip(("White", "Black"), found)) for heads in _HEADS_OVER_NAMES.finditer(text, start, stop)
                        if len(found := _names_in_line(row := _names_row(text, heads))) == 2
                        or len(found := _clean_names_in_line(row)) == 2), None)
        printed = printed or _names_under_a_head(text, start, stop) or _names_over_the_heads(text, start, stop) \
            or _names_as_heads(text, start, stop)
        if not printed:
            return {}
        roster = self.roster(text)
        names = {side: roster.name(initials, surname) for side, (initials, surname) in printed.items()}
        read = [name for name in names.values() if name is not None]
        owner = self.section_player(text, start) if len(read) == 1 else None
        if owner is not None and _surname(read[0]) != owner:
            # The section's player is the other: the column the OCR lost, or the name past reading where
            # it may be his ("W. Sree" on Steinitz's pages: his initial, his surname's first letter).
            for side in ("White", "Black"):
                if side not in printed:
                    names[side] = owner
                elif names[side] is None and printed[side][1][:1].upper() == owner[:1] \
                        and roster.may_be(owner, printed[side][0]):
                    names[side] = roster.written(owner, printed[side][0])
        if len(names) < 2 or None in names.values() or names["White"] == names["Black"]:
            return {}
        return {"White": str(names["White"]), "Black": str(names["Black"])}

    def names_over_a_head(self, text: str, start: int, end: int) -> dict[str, str]:
        """White and Black from a name over each column's head where the book prints the columns one after
        the other ("LOWENTHAL," / "WHITE." over White's moves, then "MOHPIIV." / "BLACK." over Black's): the
        record's first two such heads, one of each colour, each name the book's (:meth:`over_head`)."""
        found = [(m.group("side"), m.group("name")) for m in _NAME_OVER_A_HEAD.finditer(text, start, end)][:2]
        if sorted(side for side, _ in found) != ["BLACK", "WHITE"]:
            return {}
        names = {side.title(): self.over_head(" ".join(name.split())) for side, name in found}
        if None in names.values() or names["White"] == names["Black"]:
            return {}
        return {side: str(name) for side, name in names.items()}

    def roster(self, text: str) -> Roster:
        """The book's players' names (:class:`Roster`), counted once."""
        if self._roster is None:
            self._roster = Roster(self.text or text)
        return self._roster

    def section_player(self, text: str, at: int) -> str | None:
        """The player whose games the pages around ``at`` hold, where a book prints each player's games
        in a section of their own with his name in its running heads ("ZUKERTORT’S GAMES, 17"): the
        running heads before and after ``at`` name the same one player, as the book prints him
        (:class:`Roster`). A contents page's list of the sections, a section's last page before the
        next section's title, a head over several players' games ("MORTIMER’S, NOA’S, ... GAMES") or a
        head past reading names no one."""
        if self._sections is None:
            roster = self.roster(text)
            self._sections = []
            for head in _WHOSE_GAMES.finditer(self.text or text):
                one = _ONE_PLAYER.fullmatch(head.group("who").strip())
                self._sections.append((head.start(), roster.name("", one.group("name")) if one else None))
        k = bisect_right([position for position, _ in self._sections], at)
        if 0 < k < len(self._sections) and self._sections[k - 1][1] == self._sections[k][1]:
            return self._sections[k][1]
        return None


#: A page's running head that says whose games the pages hold: "ZUKERTORT’S GAMES, 17", "“BLACKBURNE'S
#: GAMES. 89", "MORTIMER’S, NOA’S, SELLMAN’S, AND SKIPWORTH’S GAMES. 303" (``who``: the words before "'S GAMES").
_WHOSE_GAMES = re.compile(r"^[^\w\n]*(?P<who>[A-Z][^\n]{0,80}?)[’'`]+S[ \t]+GAMES\b", re.M)
#: One player's surname in capitals, his initials before it ("J. H. ZUKERTORT", the OCR's "STEINIT2Z").
_ONE_PLAYER = re.compile(r"(?:[A-Z0-9][A-Za-z]?[.,][ \t]*){0,3}(?P<name>[A-Z][A-Z0-9]{2,})")
#: One column's head, or the heads of a row of columns, on a line of their own (a note's text may run on
#: after them in the next column: "Black. (A) The best reply ..."), the names on the next line that is
#: not blank.
_HEADS_OVER_A_NAME = re.compile(
    r"^[ \t]*(?P<heads>(?:(?:White|Black)[.,]?[ \t|]*)+)(?:\([A-Z]\)[^\n]*)?\n(?:[ \t]*\n)?(?P<names>[^\n]*)$"
    r"(?!\n(?:[ \t]*\n)*[ \t]*AND\b)", re.M)  # (not a side's first name: "A. PONCE" over "AND")


def _names_under_a_head(text: str, start: int, end: int) -> dict[str, tuple[str, str]]:
    """The names the OCR kept under one column's head each (initials, surname as printed), by colour:
    "Black." over "A. Sellman." (the other column's head and name lost), "White." over "H. E. Bird,"
    then "Black." over "J. H. Blackburne." A row of heads that opens with Black's ("Black. White. Black."
    over "B. Englisch.": White's head of the first column lost, the second column's heads over moves)
    heads Black's name, or, over two names ("S. Rosenthal. S. Winawer."), the first column's White and Black;
    two heads over one name ("White. Black." over "J. Mason.") say neither."""
    found: dict[str, tuple[str, str]] = {}
    for row in _HEADS_OVER_A_NAME.finditer(text, start, end):
        heads = re.findall(r"White|Black", row.group("heads"))
        names = _names_in_line(row.group("names"))
        if len(names) == 1 and (heads[0] == "Black" or heads == ["White"]):
            found.setdefault(heads[0], names[0])
        elif len(names) == 2 and heads == ["Black", "White", "Black"]:
            # (Two names under them: the first column's, under its White head the OCR lost and its Black.)
            found.setdefault("White", names[0])
            found.setdefault("Black", names[1])
    return found


#: A column's head over its player's name, as English and German books print it, its stop, comma or colon
#: after it ("WHITE.", "White:", "Weiß.", "SCHWARZ:").
_WHITE_OVER = r"(?:White|WHITE|Weiß|Weiss|WEISS)[.,:]?"
_BLACK_OVER = r"(?:Black|BLACK|Schwarz|SCHWARZ)[.,:]?"
#: The columns' heads ("White. Black.", "White:  Black:", "Weiß.  Schwarz.", twice where a page prints two
#: columns of moves), the players' names on the next line that is not blank.
_HEADS_OVER_NAMES = re.compile(
    rf"^[ \t]*{_WHITE_OVER}(?:[ \t|]+|[ \t]*\n(?:[ \t]*\n)?[ \t]*(?={_BLACK_OVER}[ \t]*\n)){_BLACK_OVER}"
    rf"(?:[ \t|]+{_WHITE_OVER}[ \t|]+{_BLACK_OVER})?[^\n]*\n(?:[ \t]*\n)?(?P<names>[^\n]*)",
    re.M)
#: A surname's word as the OCR prints it: letters, a figure 1 or an "@" among them ("Tcn1gorty", "Esa@utscit").
_OCR_WORD = r"[A-Za-zÄÖÜ](?:[A-Za-zäöüßéÄÖÜ]|[1@](?=[A-Za-z]))+"
#: One name as printed under a column's head: initials or an honorific (the OCR's "J, H." "8." "Da."
#: "J..." "G@."), then the surname, split by the OCR at most once ("Zox enrort", "Rosentu an": a piece
#: in small letters), up to its full stop or comma (or the OCR's "-", ":", "..", or, where the OCR lost
#: it, up to the next name's initials: "J. Mason Dr. Noa,"); a stray mark of the OCR's before it ("}j").
_NAME_UNDER_HEAD = re.compile(
    rf"[ \t_]*(?:[^\w\s.,]+[a-z]?[ \t]+)?(?P<initials>{_TITLE_BEFORE_INITIALS.pattern}(?:[A-Z]\.[ \t]*){{0,3}}"
    r"|(?:[A-Z0-9][A-Za-z0-9@]?[.,]{1,3}[ \t]*){1,3})"
    rf"(?!{_TITLE})(?P<surname>{_OCR_WORD}(?:[ \t](?![A-Z][A-Za-z]?[.,]){_OCR_WORD})?)"  # (a title is no name)
    rf"(?:[.,:;-]{{1,2}}|[ \t]*$|(?=[ \t]+(?:{_TITLE}|[A-Z0-9][A-Za-z0-9]?[.,]|\d)))")


#: A surname as a hand-set text prints it, a German's too, maybe two joined by a hyphen ("Anderssen", "MacDonnell",
#: "Lipschütz", "LÖWENTHAL", "Bird-Smith"), its particles in small letters before it ("Baron von Heydebrand.").
_CLEAN_SURNAME = re.compile(rf"(?:(?:{'|'.join(p for p in _PARTICLES if p.islower())})[ \t]+){{0,2}}"
                            r"(?:(?:Ma?c)?[A-ZÄÖÜ][a-zäöüßé]+|[A-ZÄÖÜ]{2,})(?:-(?:[A-ZÄÖÜ][a-zäöüßé]+|[A-ZÄÖÜ]{2,}))?")
#: A player's given name or names before his surname, a middle initial after them ("Max Weiss", "Frank J. Marshall").
_GIVEN_NAMES = r"(?:[A-ZÄÖÜ][a-zäöüß]+[ \t](?:[A-Z]\.[ \t]?)?){1,2}"
#: What a hand-set text prints before a surname under a column's head: a title (:data:`_TITLES`) and initials
#: or not, initials or given names.
_BEFORE_SURNAME = rf"(?:{_TITLE}[ \t]*(?:[A-Z]\.[ \t]*){{0,3}}|(?:[A-Z]\.[ \t]*){{1,3}}|{_GIVEN_NAMES})"
#: A line of two names as a hand-set text prints them under the columns' heads, and nothing else: an honorific
#: or not, maybe in brackets ("(Mr. Anderssen.)   (Mr. Morphy.)", "ANDERSSEN.   MORPHY.", "Herr Steinitz.").
_TWO_CLEAN_NAMES = re.compile(
    rf"[ \t]*\(?(?P<i1>{_BEFORE_SURNAME})?(?!{_TITLE})(?P<s1>{_CLEAN_SURNAME.pattern})[.,]?\)?[.,]?[ \t]{{2,}}"
    rf"\(?(?P<i2>{_BEFORE_SURNAME})?(?!{_TITLE})(?P<s2>{_CLEAN_SURNAME.pattern})[.,]?\)?[.,]?[ \t]*")


#: A line of two fields side by side, three spaces or more between them: the second's column and each field.
_TWO_FIELDS = re.compile(r"[ \t]*(?P<left>\S(?:.*?\S)?)[ \t]{3,}(?P<right>\S(?:.*?\S)?)[ \t]*")
#: How far the second field of a column's next line may stand from the first's, in characters.
_COLUMN_SLACK = 4


def _side_by_side(rows: list[str]) -> str | None:
    """Two columns printed side by side over one or more lines, each column's lines run together as one
    line of two fields ("Mr. J. H.      Mr. S." over "Blackburne.    Tinsley." is "Mr. J. H. Blackburne.
    Mr. S. Tinsley."), or ``None`` where a line is not two fields whose second stands under the first
    line's second (a line of moves, prose)."""
    fields = [_TWO_FIELDS.fullmatch(row) for row in rows]
    if not rows or None in fields:
        return None
    found = [f for f in fields if f is not None]
    if any(abs(f.start("right") - found[0].start("right")) > _COLUMN_SLACK for f in found):
        return None
    return " ".join(f["left"] for f in found) + "   " + " ".join(f["right"] for f in found)


def _names_row(text: str, heads: re.Match[str]) -> str:
    """The line of names under the columns' heads (:data:`_HEADS_OVER_NAMES`), with the line below it where
    each name goes on there, side by side ("Mr. J. H.   Mr. S." over "Blackburne.   Tinsley.")."""
    names = heads.group("names")
    end = heads.end("names")
    below = text[end + 1:text.find("\n", end + 1)] if end < len(text) and text.find("\n", end + 1) > end else ""
    if _MOVES_ROW.match(below):
        return names  # the moves begin below the names
    return _side_by_side([names, below]) or names


#: The columns' heads alone on their line ("WHITE.   BLACK."), one or two lines above them (a blank line
#: between allowed): names printed over the heads, side by side.
_NAMES_ABOVE_HEADS = re.compile(
    r"^(?P<rows>(?:[ \t]*\S[^\n]*\n){1,2})(?:[ \t]*\n)?[ \t]*(?:White|WHITE)[.,]?[ \t]+(?:Black|BLACK)[.,]?[ \t]*$", re.M)


def _names_over_the_heads(text: str, start: int, end: int) -> dict[str, tuple[str, str]]:
    """White's and Black's names printed over the columns' heads, side by side on one line or two
    ("Mr. J. H.   Mr. S." / "Blackburne.   Tinsley." / "WHITE.   BLACK."): (initials, surname) each; the
    first such heads' names only, and two names or none."""
    for found in _NAMES_ABOVE_HEADS.finditer(text, start, end):
        rows = found.group("rows").rstrip("\n").split("\n")
        for first in range(len(rows)):  # both lines, else the one above the heads
            if any(_MOVES_ROW.match(r) for r in rows[first:]):
                continue  # the moves of a score above
            row = _side_by_side(rows[first:])
            if row is not None and len(names := _names_in_line(row)) == 2:
                return dict(zip(("White", "Black"), names))
        return {}
    return {}


#: A line right over a score's first row ("  BLACKBURNE.      ZUKERTORT." over " 1 P-K4      P-K4"): the columns'
#: heads, where a book heads them with the players' names and no colour.
_LINE_OVER_MOVE_ONE = re.compile(r"^(?P<names>[^\n]*)\n(?=[ \t]*1[ \t]*[.,]?[ \t]+\S)", re.M)


def _names_as_heads(text: str, start: int, end: int) -> dict[str, tuple[str, str]]:
    """White's and Black's names where they head the columns themselves, alone on the line over move 1, side by side
    (:data:`_TWO_CLEAN_NAMES`): the first column is White's."""
    found = _LINE_OVER_MOVE_ONE.search(text, start, end)
    names = _clean_names_in_line(found.group("names")) if found else []
    if len(names) != 2 or any(re.fullmatch(rf"{_WHITE_OVER}|{_BLACK_OVER}", surname) for _, surname in names):
        return {}  # (the colours' own heads, "WHITE.   BLACK.", name no one)
    return dict(zip(("White", "Black"), names))


def _clean_names_in_line(line: str) -> list[tuple[str, str]]:
    """The two names of a line that holds them alone (:data:`_TWO_CLEAN_NAMES`): (honorific, surname) each."""
    found = _TWO_CLEAN_NAMES.fullmatch(line)
    return [] if found is None else [(_without_title(found["i1"] or ""), found["s1"]),
                                     (_without_title(found["i2"] or ""), found["s2"])]


def _names_in_line(line: str) -> list[tuple[str, str]]:
    """The two names that open a line, side by side: (initials, surname) each, as printed."""
    names = []
    at = 0
    for _ in range(2):
        found = _NAME_UNDER_HEAD.match(line, at)
        if found is None:
            break
        names.append((_without_title(found.group("initials")), found.group("surname")))
        at = found.end()
    return names


#: A name as a hand-set text prints it: initials of letters or an honorific (and initials), a surname of letters with a vowel
#: (capitalised, or in capitals), maybe two joined by a hyphen ("Mr. Anderssen", "A. ANDERSSEN", "H. Bird-Smith").
_CLEAN_INITIALS = re.compile(
    rf"(?:{_TITLE}[ \t]*(?:[A-Z]\.[ \t]*){{0,3}}|(?:[A-Z]\.[ \t]*){{1,3}}|"
    + _GIVEN_NAMES + r")[ \t]*")


#: What no name's letters do, and the OCR's damage does: five consonants in a row ("Stnrnitz"; "Pillsbury" has
#: four), a "q" with no "u" after it ("Xqvpqa").
_NO_NAMES_LETTERS = re.compile(r"[b-df-hj-np-tv-xz]{5}|q(?!u)", re.IGNORECASE)


def _clean_name(initials: str, surname: str) -> bool:
    """Whether a name under a column's head is printed clean (:data:`_CLEAN_SURNAME`), no mark of the OCR's in it
    and no letters no name has (:data:`_NO_NAMES_LETTERS`)."""
    return bool((not initials.strip() or _CLEAN_INITIALS.fullmatch(initials.strip() + " "))
                and _CLEAN_SURNAME.fullmatch(surname) and len(surname) >= 3
                and re.search(r"[aeiouy]", surname, re.IGNORECASE) and not _NO_NAMES_LETTERS.search(surname))


class Roster:
    """The players' names a book prints, with initials or an honorific ("J. H. Zukertort", "Dr. Noa",
    "W. STEINITZ"), counted over the whole text: a name printed under a column's head is read as
    the one of them it is most like, so that the OCR's "J, H. Zveeatont" is Zukertort."""

    #: A name printed with its initials or an honorific, the possessive dropped ("ZUKERTORT'S GAMES"); its
    #: particle with it ("C. von Bardeleben"); the OCR's figure for a later initial kept ("F. 8. Ensor").
    _NAME = re.compile(rf"\b(?P<initials>{_TITLE}[ \t]*"
                       r"|[A-Z]\.[ \t]*(?:[A-Z0-9]\.[ \t]*){0,2})"
                       rf"(?P<surname>(?:{_PARTICLE}[ \t]+)?(?:(?:Ma?c)?[A-Z][a-z]{{2,}}|[A-Z]{{3,}}))(?:['’]s)?\b")
    #: How often a name must be printed to stand as printed and for the names the OCR damaged, and
    #: to be a player whose initials say who a damaged name is.
    FREQUENT = 5
    PRINTED = 2
    MINOR = 3
    #: How like a damaged name must be to a frequent one (difflib's ratio), and by how much more
    #: like it than to the next.
    LIKE = 0.55
    #: How like two of the book's names are where one is the other misprinted.
    MISPRINT = 0.6
    MARGIN = 0.1

    def __init__(self, text: str) -> None:
        self.count: Counter[str] = Counter()
        self.initials: dict[str, Counter[str]] = {}
        for found in self._NAME.finditer(text):
            if _SQUARE.search(found.group("initials")):
                continue  # (a move's square: "K. B. 3. Black", "P. 7. Castles")
            surname = _surname_key(found.group("surname"))
            self.count[surname] += 1
            initials = " ".join(found.group("initials").split())
            self.initials.setdefault(surname, Counter())[initials] += 1
        frequent = {name for name, n in self.count.items() if n >= self.FREQUENT}
        self._group_printings(Counter(_CAPITALISED.findall(text)), frequent)
        # (Initials printed once with a frequent name may be the OCR's: "C. B. Ranken" for C. E.)
        taken = {clean for name in frequent for initials, n in self.initials[name].items()
                 if n >= self.PRINTED and (clean := _initial_letters(initials))}
        #: The names a printed one may be: those printed often, and those printed a few times with initials
        #: none of the frequent names has, like none of them (a minor tournament's players: "C. J. Lampert",
        #: "T. H. Piper"; "W. Srernitz", printed thrice, is Steinitz misprinted: W. is his).
        self.known = frequent | {
            name for name, n in self.count.items() if self.MINOR <= n and name not in frequent
            and (own := self._own_initials(name)) and not own & taken
            and all(self._like(name, other, "") < self.MISPRINT for other in frequent)}

    def _own_initials(self, name: str) -> set[str]:
        """The readable initials the book prints with a name (the OCR's "F. 8." too), but those the OCR cut from
        others of them ("B." of "C. B. Vansittart", its first letter lost)."""
        letters = {"".join(words) for initials in self.initials[name] if (words := _readable_initials(initials))}
        return {one for one in letters if not any(other != one and other.endswith(one) for other in letters)}

    def _group_printings(self, words: Counter[str], frequent: set[str]) -> None:
        """Count a minor player's printings that the OCR damaged each differently as one name ("W.E. Vyse",
        "W. E. Vyae", "W. E. Vyas", "W. E. Vvsz"): names printed fewer than :attr:`FREQUENT` times, with
        initials that agree in full (letters the OCR prints one for another agreeing: "F. 8." is "F. S."), their
        surnames alike by letters and shapes (:meth:`likeness`), and like none of the ``frequent`` names (the
        damaged printings of one of those are his). The group's name is the one printed most with initials,
        else the one the text prints most (the list of entries' "W. Elliot Vyse"). A group is no frequent
        name: it is known by the rules of the minor names (:attr:`known`)."""
        minor = sorted((name for name, n in self.count.items() if n < self.FREQUENT
                        and all(self.likeness(name, other) < self.MISPRINT for other in frequent)),
                       key=lambda name: (-self.count[name], -words[_core(name)], name))
        into: dict[str, str] = {}
        for k, name in enumerate(minor):
            if name in into or not self._initial_words(name):
                continue
            for other in minor[k + 1:]:
                if other not in into and self.likeness(other, name) >= self.MISPRINT and any(
                        _initials_agree(mine, theirs, whole=True)
                        for mine in self._initial_words(name) for theirs in self._initial_words(other)):
                    into[other] = name
        for other, name in into.items():
            self.count[name] += self.count.pop(other)
            self.initials[name].update(self.initials.pop(other))

    def _initial_words(self, name: str) -> list[list[str]]:
        """The initials the book prints with a name, each as its letters (an honorific none)."""
        return [words for initials in self.initials[name] if (words := _readable_initials(initials))]

    def name(self, initials: str, surname: str) -> str | None:
        """The name as PGN writes it ("Zukertort, J. H.", "Noa") of the book's name the printed one
        is, or ``None``: the name as printed where the book prints it often, else the frequent name
        it is like (a name printed a few times only may be the OCR's damage repeated). A frequent
        name whose initials disagree with the printed ones is not it ("C. J. Lawpert" is not S.
        Winawer, "G. A. MacDonnetr" not G. H. Mackenzie); where the book prints the printed initials, clean, with some of its names,
        it is one of those ("W. A. Lixpsay" is W. A. Lindsay, printed too seldom to stand for him,
        not Lewis: no one; "H. E. Brap" is H. E. Bird). The initials are the
        book's where the printed ones are among them (the OCR's "8." for "S." is not), else the
        surname stands alone."""
        word = _surname_key(surname)
        first = _first_initials(initials)
        if word not in self.known:
            named = [other for other, n in self.count.items() if n >= self.PRINTED and self.may_be(other, initials)]
            # Initials printed readable, the first a letter, that the book prints with some of its names: one of
            # those it is (letters the OCR prints one for another agreeing: "T. Guysnera" is I. Gunsberg, "J. 1.
            # Miyeurm" J. I. Minchin).
            letters = _initial_letters(initials)
            readable = _readable_initials(initials)
            readable = readable if readable and readable[0].isalpha() else []
            same = [other for other in named if any(_initials_agree(readable, book, whole=True)
                                                    for book in self._initial_words(other))]
            scored = sorted(((self._like(word, other, first), other) for other in (same if readable and same else named)
                             if other in self.known), reverse=True)
            # The next most like is another name, not the best one misprinted ("Morpliy" for Morphy).
            others = [score for score, other in scored[1:]
                      if SequenceMatcher(None, other.lower(), scored[0][1].lower()).ratio() < self.MISPRINT] if scored else []
            # Two initials or more, printed clean, that one name of the book's has, its first letter the
            # surname's: that name, the rest of it past reading ("H. E. Bmp" is H. E. Bird).
            owner = [other for other in same if other in self.known] if len(letters) > 1 else []
            if len(owner) == 1 and _core(owner[0])[:1].lower() == _core(word)[:1].lower():
                word = owner[0]
            elif not scored:
                # No name of the book's it may be (a hand-set text's players, each printed once: "Mr. Anderssen."
                # under "WHITE."): a name printed clean stands as printed, its initials with it as a heading's
                # are ("J. R. Capablanca." is "Capablanca, J. R.", as from "White: J. R. Capablanca."); the OCR's
                # damage does not.
                if not _clean_name(initials, surname):
                    return None
                # (As the heading grammar writes it: "Baron von Heydebrand." is "Heydebrand, von".)
                return _pgn_name(" ".join([*(letter + "." for letter in _initial_letters(initials)), word]))
            elif scored[0][0] < self.LIKE or others and scored[0][0] - others[0] < self.MARGIN:
                return None
            else:
                word = scored[0][1]
        return self.written(word, initials)

    def like(self, word: str, names: list[str], often: Counter[str]) -> str | None:
        """The one of ``names`` a printed surname is most like, letter by letter and by the letters' shapes,
        by a margin over the next (one of them misprinted, "Murphy" for Morphy, is no other: the one printed
        more often is it); ``None`` where none is like it."""
        scored = sorted(((self._like(word, other, ""), often[other], other) for other in names), reverse=True)
        if not scored or scored[0][0] < self.LIKE:
            return None
        best = scored[0][2]
        others = [score for score, _, other in scored[1:]
                  if SequenceMatcher(None, other.lower(), best.lower()).ratio() < self.MISPRINT]
        return None if others and scored[0][0] - others[0] < self.MARGIN else best

    def written(self, name: str, initials: str) -> str:
        """One of the book's names as PGN writes it, with the printed initials where the book prints
        them with it, clean, here and elsewhere ("Zukertort, J. H.", from "J.H." too; not the OCR's "U. voN
        BARDELEBEN", printed once), else the surname alone."""
        given = " ".join(initials.replace(",", ".").split())
        letters = _initial_letters(given)  # (not "Dr.", nor the OCR's "J. 1.")
        printed = sum(n for other, n in self.initials.get(name, {}).items() if letters and _initial_letters(other) == letters)
        return f"{name}, {' '.join(letter + '.' for letter in letters)}" if printed >= self.PRINTED else name

    def _like(self, word: str, other: str, first: str) -> float:
        """How like a printed surname is to one of the book's, its first initial (any of the letters
        ``first`` may be) counting."""
        same_initial = bool(first) and any(i[:1] and i[:1] in first for i in self.initials[other])
        word, other = _core(word), _core(other)  # (a particle the OCR damaged, "vor", or left out)
        letters = SequenceMatcher(None, word.lower(), other.lower()).ratio()
        if word[:1].lower() == other[:1].lower():
            # Where the first letters agree, letter by letter and shape by shape alike: "Sreiyirz" is
            # Steinitz, "Exouisen" Englisch, "Tontcortx" Tchigorin (the OCR of a worn page).
            letters = (letters + SequenceMatcher(None, _shapes(word), _shapes(other)).ratio()) / 2
        return letters + (0.1 if same_initial else 0.0)

    def likeness(self, word: str, other: str) -> float:
        """How like a printed surname is to another, letter by letter and, the first letters the same, by
        the letters' shapes (no initials counting)."""
        return self._like(word, other, "")

    def may_be(self, other: str, initials: str) -> bool:
        """Whether the book's name may be the one printed with these initials: the book prints it with
        none, or with initials that agree, the one's letters beginning the other's where both are readable
        ("G. A." is not "G. H."; letters the OCR prints one for another agree: "T." may be "I.", "F. S." is
        "F. 8."), else the first letters where the printed first initial is a letter (the OCR's "8.", "Il."
        or "OG." may be any)."""
        given = [i for i in self.initials[other] if not _HONORIFIC_ALONE.fullmatch(i)]
        letters = _initial_letters(initials)
        first = _first_initials(initials)
        if not given:
            return True
        if letters:
            readable = [words for words in map(_readable_initials, given) if words]
            return any(_initials_agree(list(letters), words) for words in readable) if readable else any(
                g[:1] == letters[0] for g in given)
        return len(first) != 1 or any(g[:1] == first for g in given)

#: A word printed with a capital, as the book's words are counted for its names' misprints.
_CAPITALISED = re.compile(r"\b[A-Z][a-z]{3,}\b")
#: How many times more often the book prints a name than a misprint of it.
_MISPRINT_RATIO = 20
#: How like a heading's name the OCR damaged is to the book's name it is, letters and their shapes
#: (:meth:`Roster.likeness`): "Miirpby" is Morphy (0.62); "Marache" (0.54), "Medley" (0.5) are not.
_OCR_LIKE = 0.6


#: The small letters the OCR of a worn page reads one for another, by shape ("Sreiyirz" for Steinitz,
#: "Tontcortx" for Tchigorin, "Exouisen" for Englisch): each group stands for its first letter.
_SHAPE_GROUPS = ("itrfl1j", "nhuyv", "oceagq", "sz5", "kx", "mw")
_SHAPE = str.maketrans({c: group[0] for group in _SHAPE_GROUPS for c in group})


def _shapes(word: str) -> str:
    """A word by its letters' shapes (:data:`_SHAPE_GROUPS`), for likeness through the OCR's confusions."""
    return word.lower().translate(_SHAPE)


def _one_letter_off(word: str, other: str) -> bool:
    """Whether two words differ by one letter changed, added or dropped."""
    if abs(len(word) - len(other)) > 1 or word == other:
        return False
    if len(word) == len(other):
        return sum(a != b for a, b in zip(word, other)) == 1
    short, long_ = sorted((word, other), key=len)
    return any(long_[:k] + long_[k + 1:] == short for k in range(len(long_)))


_HONORIFIC_ALONE = re.compile(_TITLE)


#: The capitals and figures the OCR prints one for another in initials ("T. Guysnera" for I. Gunsberg,
#: "F. 8. Ensor" for F. S. Ensor, "J. 1." for J. I.).
_INITIAL_GROUPS = ("IJTl1", "S85", "B8", "OQCG06")
#: Stops the OCR doubled or strewed among initials ("J..." for "J. H."): a letter may be lost.
_STOPS_RUN = re.compile(r"[.,][ \t]*[.,]")


#: The OCR's H of two strokes, in initials ("II. E. Bird", "IH. E. Binp" are H. E. Bird; "Il." may be any letter).
_TWO_STROKE_H = re.compile(r"[Il1][IH]")


def _initial_words(initials: str) -> list[str]:
    """Printed initials one by one, as printed ("J, H." is ["J", "H"]) but the OCR's H of two strokes."""
    words = initials.replace(",", ".").replace(".", " ").split()
    return ["H" if _TWO_STROKE_H.fullmatch(word) else word for word in words]


def _readable_initials(initials: str) -> list[str]:
    """Printed initials one by one, each a capital or the OCR's figure for one ("F. 8." is ["F", "8"]), or
    none where they are an honorific or damaged past reading ("Il. E.", "J...")."""
    words = _initial_words(initials)
    if _STOPS_RUN.search(initials) or not all(len(w) == 1 and (w.isupper() or w.isdigit()) for w in words):
        return []
    return words


def _initials_agree(printed: list[str], book: list[str], whole: bool = False) -> bool:
    """Whether printed initials may be the book's: each the same, or letters the OCR prints one for another
    (:data:`_INITIAL_GROUPS`); the one's initials beginning the other's ("J." and "J. H."), or, ``whole``,
    as many."""
    if not printed or not book or whole and len(printed) != len(book):
        return False
    return all(a == b or any(a in group and b in group for group in _INITIAL_GROUPS) for a, b in zip(printed, book))


def _initial_letters(initials: str) -> str:
    """The letters of printed initials ("J, H." is "JH"), or "" where the OCR damaged one of them: a
    figure among them ("J. 1."), two letters for one ("Il. E.", "J. WH.", "A, LB."; but the OCR's H: "II. E." is "HE"), or stops run
    together where one may be lost ("J...")."""
    if _STOPS_RUN.search(initials):
        return ""
    words = _initial_words(initials)
    return "".join(words) if words and all(len(w) == 1 and w.isalpha() and w.isupper() for w in words) else ""


#: The capitals a figure of the OCR's stands for where it prints a first initial ("8. Wisawen", "5. WINAWER").
_FIGURE_INITIALS = {"8": "SB", "5": "S", "3": "SJ", "1": "IJT", "0": "OG", "6": "G"}


#: An honorific printed for the initials ("Dr. Noa", the OCR's "Da."): its first letter is as the book prints it.
_HONORIFICS = (*_TITLES, *_OCR_DR)


def _first_initials(initials: str) -> str:
    """The letters a printed first initial may be: itself where it is a capital alone ("J." of "J. WH."),
    those of its shape where the OCR printed a figure ("8." is likelier S or B, though it may be any),
    else any ("" where the OCR damaged it past reading: "Il.", "OG.", "NH."; "II." is the OCR's H)."""
    words = _initial_words(initials)
    word = words[0] if words else ""
    if len(word) == 1 and word.isalpha() and word.isupper() or word in _HONORIFICS:
        return word[0]
    return _FIGURE_INITIALS.get(word, "") if len(word) == 1 else ""


def leading_headings(text: str, start: int, end: int, moves_read: MovesRead) -> list[str]:
    """The paragraphs ``text[start:end]`` opens with, up to the first that reads as moves or has a
    numbered line of moves, when a game's heading is among them (a score whose first number the OCR
    lost has no move 1 to find); else none. Headings stand above the moves: a caption below a score
    (a diagram's "No. 33." after a line that ends "&c.", which the notations do not read whole) is
    no heading of the record the score begins."""
    lead = []
    for paragraph in _paragraphs(text, start, min(end, start + _HEADING_TO_MOVES))[:_HEADINGS_READ]:
        if moves_read(paragraph) >= 2 or _numbered_moves(paragraph, moves_read):
            break
        lead.append(paragraph)
    games = [h for h in map(read_heading, _names_run_on(lead)) if h is not None and h.begins_a_game()]
    return lead if games else []


def _colours(players: list[str], initials: dict[str, str], own: bool = True) -> dict[str, str]:
    """White and Black of "Between X and Y", by the columns' heads ("WHITE. (Mr. M.)", "WHITE.
    (Mr. Marache.)", "(Mr. ----.)" for the one the book does not name): the one order of the two
    names whose heads each fit their player. A book prints the two names in either order, so
    with no such heads, or heads that fit both orders, the colours are not known. Where both
    orders fit by the surname's initial ("Dr. B." and "Von B." for Bledow and Von Bilguer), the
    order whose heads' every word begins a word of the name decides. Where the game's ``own``
    heading names the players, a head of one or two letters that fits neither is the OCR's damage."""
    if not initials:
        return {}
    if own and len(initials) == 2:
        # A head the OCR damaged past fitting either player ("BLACK. (Mr R)" for Mr. Bird, "(Mr. AV )"
        # for Mr. W.) says nothing: the other head tells the colours alone.
        damaged = [side for side, mark in initials.items()
                   if not any(_fits(mark, name) for name in players) and len(mark.strip(" .")) <= 2]
        if len(damaged) == 1:
            initials = {side: mark for side, mark in initials.items() if side not in damaged}
    for strict in (False, True):
        fitting = [order for order in (players, players[::-1])
                   if all(_fits(initials[side], name, strict) for side, name in zip(("White", "Black"), order)
                          if side in initials)]
        if len(fitting) != 2:
            break
    if len(fitting) == 2:
        # A head that fits a named player by his initial is his ("WHITE. (Mr. M.)" of "Mr. Morphy and an
        # Amateur"), not the player the heading does not name (whom any head fits).
        by_name = [order for order in fitting if all(
            not _ANONYMOUS.match(name) for side, name in zip(("White", "Black"), order)
            if side in initials and not initials[side].startswith("--"))]
        fitting = by_name if len(by_name) == 1 else fitting
    if len(fitting) != 1:
        return {}
    white, black = fitting[0]
    return {"White": white, "Black": black}


def _fits(mark: str, name: str, strict: bool = False) -> bool:
    """Whether a column's head ("M", "Marache", "d. L", "----") may name ``name``: its last word
    begins the surname; any head, a dash too, may name a player the heading does not name ("an Amateur", "one of the best players of the day", who is "Mr. P."
    in the columns). ``strict``: every word of the head begins a word of the name too. A side of several
    in consultation ("Fiske:Fuller, W. L.:Perrin") is named by a head that names one of them, or "(The Allies.)",
    or by one that names each of them ("L.:M." of "(Messrs. L. and M.)", each a player of the side)."""
    words = [w.strip(".").lower() for w in mark.split() if w.strip(".")]
    if _ANONYMOUS.match(name):
        return True
    if ":" in mark:
        ones = name.split(":")
        return len(ones) >= len(mark.split(":")) > 1 and all(any(_fits(each, one, strict) for one in ones)
                                                            for each in mark.split(":"))
    if ":" in name:
        return mark == ALLIES or any(_fits(mark, one, strict) for one in name.split(":"))
    if mark == ALLIES:
        return False
    if not words or words[-1].startswith("--"):
        return False  # a dash stands for a player the heading does not name either
    surname = _surname(name).lower()
    if not (surname.startswith(words[-1]) or _SCOTTISH.sub("mc", surname).startswith(_SCOTTISH.sub("mc", words[-1]))):
        return False
    named = [w.strip(".,").lower() for w in name.split()]
    named += [_SCOTTISH.sub("mc", n) for n in named]
    return not strict or all(any(n.startswith(w) or n.startswith(_SCOTTISH.sub("mc", w)) for n in named) for w in words)


#: A surname's "M'", "Mc" or "Mac" ("M'Donnell", "McDonnell", "Macdonnell"), as books print one name each way:
#: read alike, so that "(Mr. McD.)" and "(Mr. M'D.)" fit the one player. (Lower case: as :func:`_fits` compares.)
_SCOTTISH = re.compile(r"^(?:m['’‘]|mac|mc)")


#: What a column's head that names the side of several players says ("WHITE. (The Allies.)").
ALLIES = "Allies"
#: The player a book does not name ("N.N.", "N. N.", "NN": nomen nescio), as PGN files write him.
UNKNOWN_PLAYER = "NN"
_UNKNOWN_NAME = re.compile(r"N\.?[ \t]?N\.?")
#: A player the heading does not name: "an Amateur", "another strong player", "two Amateurs of Utica".
_ANONYMOUS = re.compile(r"^(?:an?|another|one|two|three|some)\s")


def _first_score(text: str, start: int, end: int) -> int:
    """Where the record's first score begins (its first line that opens with move 1), else its end."""
    # (A section's numbered heading, "1. SOME SIMPLE MATES", numbers the section: no move 1.)
    first = next((m for m in _FIRST_MOVE.finditer(text, start, end)
                  if not _section_heading(text[m.start():_line_end(text, m.start(), end)])), None)
    # A game's label numbers the game, not its first move ("GAME 1.--Between Mr. Morphy and ..."), and a
    # position's square its man ("R at QR1."): no move 1 in a printed set-up.
    printed = _printed_setups(text, start, end)
    one = next((m for m in _MOVE_ONE.finditer(text, start, end)
                if not LABEL_BEFORE.search(text, max(start, m.start() - 12), m.start())
                and not any(a <= m.start() < b for a, b in printed)
                and not _section_heading(text[max(start, text.rfind("\n", start, m.start()) + 1):_line_end(text, m.start(), end)])),
               None)
    found = [m.start() for m in (first, one) if m is not None]
    row = _FRACTION_ROW.search(text, start, end)  # (a row of fractions: "P-K4 Kt-KB3 1 ---- 2 ---- P-K4 Kt-QB3")
    found += [row.start()] if row is not None else []
    run_in = _RUN_IN_FIRST_MOVE.search(text, start, end)  # (its heading before it on the line: "Giuoco Piano.--1 P-K4")
    found += [run_in.start("one")] if run_in is not None else []
    heads = _HEADS_BEFORE_FIRST_MOVE.search(text, start, end)  # ("White (Mr. X). Black (Mr. Y). 1 P-K4 ...")
    found += [heads.start("one")] if heads is not None else []
    return min(found) if found else end



def _paragraphs(text: str, start: int, end: int) -> list[str]:
    return [p for p in _BLANK_LINE.split(text[start:end]) if p.strip()]


def _heading_paragraphs(text: str, start: int, end: int) -> list[str]:
    """The paragraphs of ``text[start:end]`` without the positions they print (a piece list, a board): the men
    on their squares are no heading ("White: K at K6, R at QR1." names no player), the label before them is
    ("Example 12. White: K at K6 ..."), but not a lead-in that ends in a colon ("Position: White K on ...")."""
    part = text[start:end]
    for setup in setups_in(part):
        if setup.board is not None:
            line = part.rfind("\n", 0, setup.start) + 1
            cut = line if part[line:setup.start].rstrip().endswith(":") else setup.start
            part = part[:cut] + re.sub(r"[^\n]", " ", part[cut:setup.end]) + part[setup.end:]
    return [p for p in _BLANK_LINE.split(part) if p.strip()]


#: A paragraph whose last line is a colour's word and its comma ("White,"), or a side's "AND" alone: the
#: name goes on in the next paragraph. (The OCR prints a blank line between "Black," and "M. TSCHIGORIN.",
#: and between the names of a side of two: "A. PONCE" / "AND" / "M. TSCHIGORIN."), or a heading's line that
#: ends at its "v.": the second name is in the next ("G. Marco v." / "I. GUNSBERG.").
_RUNS_ON = re.compile(r"(?:^|\n)[ \t]*(?:White|WHITE|Black|BLACK|Weiss|Weiß|Schwarz),[ \t]*\n?\Z|(?:^|\n)[ \t]*AND[ \t]*\n?\Z"
                      r"|\S[ \t]+[vV]\.[ \t]*\n?\Z")
#: A paragraph that opens with a side's "AND" alone on its line: it goes on from the paragraph before.
_AND_FIRST = re.compile(r"[ \t]*AND[ \t]*(?:\n|\Z)")


def _names_run_on(paragraphs: list[str]) -> list[str]:
    """The paragraphs, each player's name under a colour joined to its colour's word and its side's
    "AND" where the OCR set them apart ("White," / "W. STEINITZ.": one heading, "White,\nW. STEINITZ.")."""
    joined: list[str] = []
    for paragraph in paragraphs:
        if joined and (_RUNS_ON.search(joined[-1]) or _AND_FIRST.match(paragraph)):
            joined[-1] = joined[-1].rstrip() + "\n" + paragraph.strip("\n")
        else:
            joined.append(paragraph)
    return joined


#: Where a German heading printed in one run of OCR text ends a sentence: after a word or number of
#: three letters or more ("Evansgambit.", "MACKENZIE."), a year ("1876."), or a closing quote ("Farm“."),
#: not after an initial, an honorific or the game's number ("J. H.", "Mr.", "Nr. 3.", "3669.").
_SENTENCE_END = re.compile(r"(?:(?<=[^\W\d_]{3}[.,])|(?<=\s1[5-9]\d\d\.)|(?<=[“”\"]\.))\s+")


def _heading_pieces(paragraphs: list[str]) -> list[str]:
    """The heading paragraphs above a score, a numbered German heading that the OCR ran into one long
    line with what follows it ("3669. Evansgambit. Gespielt im Schachclub zu Philadelphia im März 1876.
    Aus „Turf, Field and Farm“. MASON und ... Schwarz,") cut into its sentences, each a heading's line."""
    pieces: list[str] = []
    for paragraph in paragraphs:
        if "\n" not in paragraph.strip() and len(paragraph.strip()) > _HEAD_WIDTH and _numbered_heading(paragraph):
            pieces.extend(p for p in _SENTENCE_END.split(paragraph.strip()) if p.strip())
        else:
            pieces.append(paragraph)
    return pieces


#: The most short pieces above a score read run together as one heading printed in columns.
_RUN_TOGETHER = 4


def _run_together(pieces: list[str]) -> Heading | None:
    """The players' names over the columns' heads, where the OCR gave each column's lines as pieces of
    their own ("POTTER." / "WISKER.\nWeiss." / "Schwarz."): the last few short pieces read as one line
    by ``names_over_heads`` of the heading grammar (that form only: no other reads across pieces)."""
    for k in range(min(_RUN_TOGETHER, len(pieces)), 1, -1):
        last = pieces[-k:]
        if any(len(p.split("\n")) > 2 or len(p.strip()) > _HEAD_WIDTH for p in last):
            continue
        try:
            tree = _head_parser("names_over_heads").parse(" ".join(" ".join(p.split()) for p in last))
        except UnexpectedInput:
            continue
        return _HeadingReader().transform(Tree("head", [tree]))
    return None


def _title(paragraphs: list[str], moves_read: MovesRead) -> str | None:
    """The first heading as printed among ``paragraphs``: a few short lines of words, not a
    remark, a footnote, a page's mark ("{PGN 02}"), the columns' heads or a solution's ("SOLUTION.")."""
    in_prose = False
    for k, printed in enumerate(paragraphs):
        paragraph = _HEADS_UNDER_A_TITLE.sub("", printed).rstrip(" \t\n|")  # the columns' heads are no title's
        paragraph = _STRAY_LETTER.sub("", paragraph)
        if _is_noise(paragraph) or _WEB_FURNITURE.fullmatch(paragraph.strip()):
            continue
        if _begins_mid_sentence(paragraph):
            # Running prose above the score: a heading after it is one set apart, in capitals, numbered or a
            # game's ("ILLUSTRATIVE GAMES.", "GAME 3.", "Game 63, played on the 26th of April."), not its next
            # short paragraph ("(f) KRP commands the point ...").
            in_prose = True
            continue
        if in_prose and paragraph != paragraph.upper() and not _numbered_heading(paragraph) \
                and not _game_heading(paragraph):
            continue
        if _INTRODUCES.search(paragraph) or _only_the_occasion(paragraph):
            # A sentence that leads into the score ("The following opening is instructive:"), or a heading that says
            # only where, when, in which event or round the game was played ("Played at Hastings, August 1895."): its
            # tags say it; no title, nor an event's name for a record without [Event].
            continue
        if _damaged_word(paragraph) or len(paragraph.split()) == 1 and k + 1 < len(paragraphs) \
                and re.search(r"[^\W\d_]$", paragraph) and _begins_mid_sentence(paragraphs[k + 1]) \
                and not _WEB_FURNITURE.fullmatch(paragraphs[k + 1].strip()):
            # One word the OCR damaged, or the first letters of a word it broke from the rest, which opens the next
            # paragraph ("Castli" / "ng on Queen's side would give ..."): no heading set apart.
            continue
        name = _line_name(paragraph)
        if name is not None and moves_read(paragraph) == 0:
            return name
        if (_is_heading(paragraph) or _numbered_heading(paragraph) and len(paragraph.strip()) <= _HEADING_WIDTH) \
                and re.search(r"[^\W\d_]{2}", paragraph) \
                and not _COLUMN_HEADS.match(paragraph) and paragraph.strip()[:1] not in "[{" \
                and not _OVER_A_SOLUTION.fullmatch(paragraph.strip()) \
                and not (_RUNNING_HEAD.search(paragraph.strip()) and not _LABEL_NUMBER.search(paragraph.strip())) \
                and (moves_read(paragraph) == 0 or _game_heading(paragraph)):
            # A chapter's heading over its numbered section's ("CHAPTER I" / "FIRST PRINCIPLES" / "1. SOME SIMPLE
            # MATES"): the section's is the record's own, the chapter's heads every section of it.
            section = next((p for p in paragraphs[k + 1:] if _section_heading(p)), None) \
                if not _section_heading(paragraph) else None
            if section is not None and all(_is_heading(p) for p in paragraphs[k + 1:paragraphs.index(section, k + 1)]):
                paragraph = section
            elif _CHAPTER_NUMBER.fullmatch(paragraph.strip()) and k + 1 < len(paragraphs) \
                    and _is_heading(paragraphs[k + 1]) and not _numbered_heading(paragraphs[k + 1]) \
                    and paragraphs[k + 1].isupper() and moves_read(paragraphs[k + 1]) == 0:
                # A chapter's number alone over its title in capitals ("CHAPTER IV." / "THE SINGLE CORNER."): the
                # title names the record, the number only its place in the book.
                paragraph = paragraphs[k + 1]
            return _RUN_IN_DASH.sub("", " ".join(paragraph.replace("_", "").split()))
        if _labels_a_position(paragraph):
            # A position's label ("No. 5.", a page's number as a running head's is not), without the sentence
            # after it ("Example 5. Same position as Example 4, but Black to move.").
            return _POSITION_LABEL.match(paragraph.strip()).group()  # type: ignore[union-attr]
    return None


#: A letter standing alone before a heading's first word, the OCR's mark from the margin or the facing page
#: ("d Table 17.— STAUNTON'S OPENING,"): no part of the title.
_STRAY_LETTER = re.compile(r"^\s*[a-z](?=[ \t]+[A-Z])[ \t]+")

#: A sentence of prose that ends in a colon, leading into what follows: three words or more in small letters.
_INTRODUCES = re.compile(r"^(?=(?:[^\n]*?\b[a-zäöüß]{2,}\b){3})[^\n]*:\s*$")
#: What a heading may say of a game's occasion: where, when, in which event and round.
_OCCASION_TAGS = {"Site", "Date", "Event", "Round"}


def _only_the_occasion(paragraph: str) -> bool:
    """Whether a heading paragraph says only where, when, in which event or round a game was played: no label,
    players, opening nor kind of game."""
    heading = read_heading(paragraph)
    return heading is not None and bool(heading.tags) and heading.tags.keys() <= _OCCASION_TAGS \
        and heading.label is None and not heading.players and heading.kind is None and not heading.initials


def _begins_mid_sentence(paragraph: str) -> bool:
    """Whether a paragraph begins in the middle of a sentence or a word, a small letter first ("ates radii of
    defence from ...", the rest of a word broken over a page; "notes on Black's 6th move in Game 3)."; the OCR's
    noise "ez ;snSny ]"): no heading, but for a name's particle ("von Bardeleben – Lasker", "de la Bourdonnais")."""
    first = paragraph.lstrip()[:1]
    return first.isalpha() and first.islower() and not re.match(rf"\s*{_PARTICLE}\b", paragraph)


#: A web page's furniture, kept by whoever saved its text: the links that skip to its parts ("Zum Inhalt springen",
#: "Zur Navigation springen", "Skip to content", "Jump to search") and the site's line over its article ("aus
#: Wikipedia, der freien Enzyklopädie", "From Wikisource, the free library"): no part of the text, no title.
_WEB_FURNITURE = re.compile(
    r"(?i:(?:(?:zum|zur|zu)\s+(?:inhalt|navigation|suche|hauptinhalt)\s+springen\s*)+"
    r"|(?:(?:skip|jump)\s+to\s+(?:the\s+)?(?:main\s+)?(?:content|navigation|search|main)\s*)+"
    r"|(?:aus|from)\s+(?:wikipedia|wikisource|wikibooks)\b[^\n]{0,40})")


def _damaged_word(paragraph: str) -> bool:
    """Whether a paragraph is one word the OCR damaged or broke off a heading: under three letters ("IB"), or small
    letters after capitals ("EFENi" of "DEFENCE"), which no word of a heading is printed in."""
    words = paragraph.split()
    if len(words) != 1:
        return False
    letters = "".join(c for c in words[0] if c.isalpha())
    return len(letters) < 3 or re.search(r"[A-Z]{2}[a-z]", letters) is not None


def _is_noise(paragraph: str) -> bool:
    """Whether a paragraph is the OCR's noise rather than words: fewer letters and figures than other
    marks (a picture read as text, `"^ cp^^iy^'% ^''^^ri^'V`, `<|o|<^|ci>`)."""
    marks = "".join(paragraph.split())  # (counted by C loops: a paragraph may be a 5 MB line)
    return len(_NOT_ALNUM.sub("", marks)) * 2 < len(marks)


#: Any character but a letter or a figure (``str.isalnum``'s: ``\w`` less the underscore).
_NOT_ALNUM = re.compile(r"[\W_]+")


def _game_heading(paragraph: str) -> bool:
    """Whether the heading grammar reads a paragraph as one game's heading, whatever a layout reads as moves in it
    ("GAME 3.--Between Mr. X and Mr. Y.": the label's number and the dash after it read as a move and its blank)."""
    heading = read_heading(paragraph)
    return heading is not None and heading.begins_a_game()


#: The columns' heads printed under a heading in its paragraph, or run on to its line by the OCR, and all after
#: them ("GAME I. | WHITE. | BLACK. |", "RUY LOPEZ." over "White. Black.", "Game VIII.—] Between WHITE. (Mr. B.)"):
#: a side's word in capitals with its stop, before a bracket, a table's bar, the other head or the line's end;
#: in small letters ("White. Black.") only where it begins a line ("... of the Black." is a title's word).
_SIDE_HEAD = r"(?:WHITE|BLACK|White|Black|Weiss|Weiß|Schwarz)"
_HEADS_UNDER_A_TITLE = re.compile(
    rf"(?:(?<![^\s|])(?:WHITE|BLACK)|^[ \t|]*{_SIDE_HEAD})[.,:]?(?=[ \t]*(?:[(\[|]|$|{_SIDE_HEAD}\b(?![’'])))[\s\S]*",
    re.M)


#: A run-in heading's end, its full stop and a dash ("The Giuoco Piano.—"): what follows is under it, and the
#: dash is no part of its title.
_RUN_IN_DASH = re.compile(r"(?<=\.)\s*(?:[—–]+|-{2,})\s*$")


#: A page's running head, its number before or after it ("CHESS OPENINGS 107", "102 MORPHY'S GAMES."), a
#: move number before a square ("23. Tale1", moves damaged past reading), a move number with the dots that
#: stand for White's move ("If 15. ... Kt to R 3, White would win": a note), or a note that ends in the number
#: of the reply below it ("Es konnte auch Te6 nebst Dd2: geschehen. 45."; not a label's "Nr. 7.", "No. 3."): no
#: title.
_RUNNING_HEAD = re.compile(r"^\d{1,4}\s+\S|\S\s+\d{1,4}$|\b\d{1,3}\.\s+\S*\d|\b\d{1,3}\.\s*(?:(?:\.\s*){2,}|…)"
                           r"|(?<!\b(?i:nr|no))[.!?:]\s+\d{1,3}\.$")


#: A label's number at a heading's end ("GAME 8", "Aufgabe Nr. 2"): a game's or a position's, not a page's (a running
#: head's "CHESS OPENINGS 107").
_LABEL_NUMBER = re.compile(r"(?i:\b(?:game|partie|party|aufgabe|example|problem|ending|study|board|round|diagram"
                           r"|position|no|nr)\.?[ \t]+\d{1,4}\.?)$")


#: The columns' heads alone ("WHITE.  BLACK.", "Weiss. Schwarz.", and Black's first where he moved first,
#: "BLACK.  WHITE."): no title.
_COLUMN_HEADS = re.compile(r"^\s*(?:(?:white|weiss|weiß)\.?[\s(]|(?:black|schwarz)\.?\s+(?:white|weiss|weiß)\b)", re.I)


_head: dict[str, GatedEarley] = {}


def _head_parser(start: str) -> GatedEarley:
    if start not in _head:
        parser = load("chess_heading.lark", start=start, parser="earley", propagate_positions=False)
        _head[start] = GatedEarley(parser, start)  # most paragraphs asked are prose: refused before the parse
    return _head[start]


def game_starts(text: str, begin: int, end: int, moves_read: MovesRead,
                move_words: MoveWords | None = None) -> list[int]:
    """Where each game's record begins in ``text[begin:end]``: at each game's heading, and above
    each score that begins again at move 1 (a numbered line or a row of fractions; with the headings just above it,
    a line's name alone, or the paragraph announcing the game) but the first, whose
    heading begins it when it has one (what comes before the first score else belongs to it)."""
    headed = dict(heading_scores(text, begin, end, moves_read))  # score -> its numbered heading
    words = move_words or moves_read
    scores = [m.start() for m in _FIRST_MOVE.finditer(text, begin, end) if _opens_a_game(text, m.start(), end, moves_read)]
    # (A run-in heading's score begins its paragraph, the heading with it: the line is the record's.)
    scores += [m.start() for m in _RUN_IN_FIRST_MOVE.finditer(text, begin, end)
               if _opens_a_game(text, m.start("one"), end, moves_read) or _pair_to_semicolon(text, m.start("one"), moves_read)]
    printed = _printed_setups(text, begin, end)
    scores += _first_numbers_alone(text, begin, end, words, printed)
    scores += _scores_under_setups(text, begin, end, words, printed + _marks(text, begin, end), _marks(text, begin, end))
    scores += _blacks_first_moves(text, begin, end, moves_read, words)
    scores += _fraction_rows(text, begin, end, moves_read)
    scores = sorted(set(scores) | set(headed))
    scores = [score for k, score in enumerate(scores) if not _notes_label(text, scores[k - 1] if k else begin, score, end)]
    cuts: dict[int, int] = {}  # score -> where its record begins
    floor = begin
    for k, score in enumerate(scores):
        if score in headed:
            # A numbered heading begins its game, the first on the page too: what is above it
            # is the end of another (or the volume's front matter, a record of its own).
            if headed[score] > begin and text[begin:headed[score]].strip():
                cuts[score] = _odds_above(text, headed[score], begin)
        elif k > 0 or _moves_above(text, begin, score, moves_read):
            # The first score too, when the page above it ends another game (a fragment: moves
            # numbered past 1), so that the game from move 1 is not read as the fragment's notes.
            # (The position printed just above the score, and the headings above that, go with it.)
            cuts[score] = _with_headings(text, _set_up_above(text, score, floor, printed), floor, words)
        floor = score
    starts = set(cuts.values())
    headings = game_headings(text, begin, end, moves_read, words)
    for cut, line, after in headings:
        below = next((s for s in scores if s > line), None)
        if below is not None and _fewer_words_than(words, text[after:below], _MOVES_BELOW):
            # The score below the heading is its game's: the record begins at the heading, once.
            starts.discard(cuts.get(below, begin))
            cut = min(cut, cuts.get(below, cut))
            cuts[below] = cut
        if cut > begin and text[begin:cut].strip():
            starts.add(cut)
    for cut, score in _scores_after_a_result(text, begin, end):
        if not any(cut <= at <= score for at in starts):
            starts.add(cut)
    # An ending taught from one set-up for each side to move ("White to move wins by 1. ...; but Black to move draws
    # by 1. ... K-B1"): the other side's line begins at its task, a record of its own (PGN hangs no line with the
    # other side to move under the first), set up from the same position (:mod:`notation.rules.chess.setups`).
    starts.update(task.start() for task in other_sides_tasks(text, begin, end))
    # A page of notes on a game ends where the next section's title is printed after them: what follows is no note.
    # (Read from the game's heading: the record may begin above it, at the last lines of the notes before.)
    bounds = sorted({begin, *starts, end})
    for at in sorted({begin, *starts, *(line for _, line, _ in headings)}):
        notes_end = _notes_end(text, at, next(b for b in bounds if b > at))
        if notes_end is not None:
            starts.add(notes_end)
    return sorted(starts)


#: Characters of text counted at a time by :func:`_fewer_words_than` (then on to the next blank line).
_COUNTED_AT_A_TIME = 2_000


def _notes_label(text: str, before: int, at: int, end: int) -> bool:
    """Whether the "1." at ``at`` heads a note on the score above it (from ``before``), no game's first move: its
    label printed with its stop before prose, a move of that score marking it (:func:`notation.parse.stopped_labels`:
    "c7-c6 (1)" or "c7-c6 1." ... "1. The usual defence. 7. ... b7-b6 is weaker ..."), the note's moves read as
    a pair of move 1's only by their count."""
    label = STOPPED_LABEL.match(text, at)
    if label is None:
        return False
    paragraph = _BLANK_LINE.search(text, at, end)
    return label.start(1) - before in stopped_labels(text[before:paragraph.start() if paragraph else end])


def _fewer_words_than(words: MoveWords | MovesRead, text: str, n: int) -> bool:
    """Whether fewer than ``n`` words of ``text`` read as moves, counted a few paragraphs at a time so as to stop
    at the ``n``th: the text between a heading and the next score found may run on for many pages (London 1883:
    48 MB counted under its 196 headings, a third of its split). No move word spans a blank line (a word's
    spaces are one character each), so the count is the whole text's."""
    count, at = 0, 0
    while at < len(text) and count < n:
        cut = text.find("\n\n", at + _COUNTED_AT_A_TIME)
        cut = len(text) if cut < 0 else cut + 1
        count += words(text[at:cut])
        at = cut
    return count < n


#: A game's end, "Aufgegeben." or "White resigns." ending a line of moves, then a side's column head
#: alone on its line: another score begins under it.
_GAME_OVER = re.compile(
    r"(?i:\baufgegeben|\b(?:white|black|wei(?:ss|ß)|schwarz)\s+(?:resigns|resigned|gie?bt\s+auf))\.?[ \t]*\n"
    r"(?:[ \t]*\n)*(?P<head>[ \t]*(?i:white|black|wei(?:ss|ß)|schwarz)\.?[ \t]*)\n")
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})[ \t]*\.(?!\d)")


def _scores_after_a_result(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """(where its record begins, where its first number is) for each score printed under a column
    head after another game's result, numbered lower than the moves before the result: the page
    goes on with the middle of another game ("49. Dd7-e87 Aufgegeben. / Weiss. / 16. ...")."""
    out = []
    for over in _GAME_OVER.finditer(text, begin, end):
        line = text.rfind("\n", begin, over.start()) + 1
        before = [int(m.group(1)) for m in _NUMBER.finditer(text, line, over.start())]
        after = _NUMBER.search(text, over.end(), min(end, over.end() + _HEADING_SPAN))
        if before and after is not None and int(after.group(1)) < before[-1]:
            out.append((over.start("head"), after.start()))
    return out


#: An opening manual's table opening its line ("Table 13.— THE THREE KNIGHTS' GAME.", the OCR's "h Table 65.—"): a
#: table of analysis, numbered as a game's heading is but no game's.
_TABLE_LABEL = re.compile(r"[^\w\n]{0,3}\w?[^\w\n]{0,2}Table\s+\d{1,3}\s*\.")
#: A line that may be a game's heading, as a cheap look before the heading grammar reads it: a
#: game's label ("GAME 12.", "Partie Nr. 3", "FIRST PARTY,", "EXAMPLE IV."), two names against each other ("X v. Y", OCR's
#: "X V, Y", "X vs. Y", "X – Y", "X gegen Y", "Mr. X and Y against Z": a note's "played by X against Y", "no defence
#: against the threatening R" are none), "between", "Mr. X and Mr. Y" (the OCR's "^Ir." too), a round, a board or table, an
#: opening manual's table of analysis opening its line ("Table 13.— THE THREE KNIGHTS' GAME.").
_HEADING_CUE = re.compile(
    r"(?i:\b(?:g\.?a\.?m\.?e|partie|party|example)\s+(?:no\.?\s*|nr\.?\s*)?(?:\d{1,4}|[ivxlc]{1,7})\b|\b(?:between|zwischen|round|runde|board)\b|\btable\s+no[.,]"
    r"|\b(?-i:(?=[A-Z]))(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)"
    r"\s+(?:game|party)\b"  # (capitalised: a note's "the first game of the match" is no heading)
    r")|(?:" + _OCR_LABEL.pattern + ")" +  # (the label as the OCR damaged it: "^AME IV.", "BoABD No. 3.")
    r"|\s(?:[vV][.,]|vs\.?|VS\.?|gegen|[–—])(?:\s|$)|(?:\b(?:Mr|Messrs|MM|Mons|M|Herr)|\^Ir)\.?\s+\S[^\n]*?\sagainst\s"
    r"|(?:\b(?:Mr|Herr|Mons)|\^Ir)\.?\s+\S+\s+and\s+(?:Mr|Herr|Mons|\^Ir|an?\b)"
    r"|^" + _TABLE_LABEL.pattern + r"(?=[\s—–^-]|$)", re.M)
#: Two players against each other in brackets, the line's only words ("(Judd v. Blackburne.)", "{Wisker v. Bird.)",
#: "(See p. 130, Morphy v. Alter.)"): a note's citation of the game its line was played in, no game's heading (read as
#: one, each cut a record in the middle of a table's notes, the notes below it a "game" of their own).
_CITATION = re.compile(r"[ \t]*[({\[][^()\[\]{}\n]*\s(?:[vV][.,]|vs\.?)\s[^()\[\]{}\n]*[)}\]][.,;]*[ \t\r]*")
#: How far below a game's heading its moves must begin, in characters, and how many words there
#: must read as moves (a heading over a series, "ROUND III.", has the next game's heading below it).
_HEADING_TO_MOVES = 1200
_MOVES_BELOW = 4
#: The most words after a game's label that the forms do not read ("Game V, — Irregulab Openino."):
#: more is a note on a game ("Game 2. — If 8 Q-Q4, Black's best answer is ..."), no heading.
_LABEL_REST_WORDS = 7


def _line_starts(text: str, begin: int, matches: Iterator[re.Match[str]]) -> Iterator[tuple[int, re.Match[str]]]:
    """Each of ``matches`` (in order) with where its line begins: after the last newline from ``begin`` to it, else
    0. Each stretch is looked through once, not again from each match back to ``begin`` (a 5 MB line of cues)."""
    newline, searched = -1, begin
    for match in matches:
        found = text.rfind("\n", searched, match.start())
        if found >= 0:
            newline = found
        searched = max(searched, match.start())
        yield newline + 1, match


def game_headings(text: str, begin: int, end: int, moves_read: MovesRead,
                  move_words: MoveWords) -> list[tuple[int, int, int]]:
    """(where its record begins, where its line begins, where it ends) for each game's heading in
    ``text[begin:end]`` (:meth:`Heading.begins_a_game`: "GAME III.--Between Mr. Morphy and Mr.
    Harrwitz.", "A. Burn v. C. von Bardeleben.", "Game 1, played on the 26th of April.") that
    moves follow before the next such heading: a game's heading begins its record, whether or not
    its score begins at a printed move 1 (the OCR loses numbers). The record begins above it at the
    headings just above (a date, a round), as a score's does."""
    found: list[tuple[int, int]] = []
    # Each cue's line; a label run on after the game above's result from where it begins (its line's end the
    # heading's first line's).
    cues = sorted([(line, cue.end()) for line, cue in _line_starts(text, begin, _HEADING_CUE.finditer(text, begin, end))]
                  + [(label.end(), label.end()) for label in _LABEL_AFTER_A_RESULT.finditer(text, begin, end)])
    for line, cue_end in cues:
        if found and line < found[-1][1]:
            continue  # a cue on the heading's own lines
        line_end = text.find("\n", cue_end, end)
        line_end = end if line_end < 0 else line_end
        if _CITATION.fullmatch(text, line, line_end):
            continue
        # The heading is its line, or its line and the next (a heading wrapped: "B. Vergani v.\nA. Walbrodt.";
        # past a blank line, where the OCR set one under each line: "G. Marco v.\n\nI. GUNSBERG.").
        wrapped = _line_end(text, line_end + 1, end)
        if not text[line_end + 1:wrapped].strip():
            wrapped = _line_end(text, wrapped + 1, end)
        if _over_a_caption_move(text, line_end, end):
            continue  # a diagram's caption ("GAME No. 11." over "Move 13. QR-Kt sq."): its game is printed elsewhere
        for stop in (line_end, wrapped):
            heading = read_heading(text[line:stop])
            if heading is not None and heading.begins_a_game() and _says_no_moves(text[line:stop], heading, moves_read):
                found.append((line, stop))
                break
    games: list[tuple[int, int, int]] = []
    # A game's label with no move under it before the next heading, a few lines above it ("GAME XI.", a note on
    # the game, then "Played in London, 1851, between ..."), heads the next one's game too: where that game
    # begins. (A heading that names players there is a series' ("MATCH BETWEEN ..." over its "Game I."): no.)
    pending: int | None = None
    for k, (line, stop) in enumerate(found):
        following = found[k + 1][0] if k + 1 < len(found) else end
        until = min(following, stop + _HEADING_TO_MOVES)
        floor = games[-1][2] if games else begin
        if move_words(text[stop:until]) >= _MOVES_BELOW and not _taken_up(text, stop, until, move_words):
            cut = _with_headings(text, line, floor, move_words, headed=True)
            if pending is not None and pending >= floor:
                cut = min(cut, pending)
            column = _white_column_above(text, line, stop, floor, end, moves_read, move_words)
            games.append((min(cut, column) if column is not None else cut, line, stop))
            pending = None
        elif following - stop <= _HEADING_TO_SCORE and not move_words(text[stop:following]) \
                and _label_alone(text[line:stop]):
            pending = _with_headings(text, line, floor, move_words, headed=True) if pending is None else pending
        else:
            pending = None
    return games


#: Where a game was printed first, a line of its heading: "(From the "Illustrated London News.")", "From the Field.",
#: "(Aus der „Deutschen Schachzeitung“.)".
_FROM_A_PAPER = re.compile(r"\s*[(\[]?\s*(?i:(?:taken\s+|reprinted\s+)?from|aus)\s+(?:the\s+|dem\s+|der\s+|den\s+)?[\"“„'‘]?"
                           r"(?:[A-ZÄÖÜ][\wäöüß'’-]*\s*){1,5}[\"”“'’]?\.?[\"”“'’]?\s*[)\]]?\.?\s*$")


def _odds_above(text: str, heading: int, floor: int) -> int:
    """Where a numbered heading's record begins: at the heading, or at the odds or the paper it was taken from
    printed in the paragraphs just above it ("Ohne Damenspringer." over "Partie Nr. 3.", "(Aus der „Deutschen
    Schachzeitung“.)"), which are that game's, not the end of the game before."""
    start = heading
    for _ in range(2):
        before = _strip_end(text, floor, start)
        if before <= floor:
            break
        above = _paragraph_start(text, before, floor)
        if not (_ODDS_LINE.fullmatch(text[above:before].strip()) or _FROM_A_PAPER.match(text[above:before])):
            break
        start = above
    return start


def _label_alone(heading: str) -> bool:
    """Whether a heading is a game's label and names no one ("GAME XI.", "Game 4. — Ruy Lopez.")."""
    read = read_heading(heading)
    return read is not None and read.label is not None and not read.players and not (
        {"White", "Black"} & read.tags.keys())


#: A side's column head alone on its line ("WHITE", "white", "BLACK."), as the heading of a column pair is.
_SIDE_ALONE = re.compile(r"^[ \t]*(?i:(white|weiss|weiß)|(black|schwarz))\.?[ \t]*$")
#: A column's number alone on its line, as the OCR gives it ("7", "II" for 11, "lO" for 10, "IS" for 15).
_COLUMN_NUMBER = re.compile(r"^[ \t]*[\dIlSOoi]{1,3}[ \t.,]*$")
#: The next line that is not blank, from the end of a line.
_NEXT_LINE = re.compile(r"\n(?:[ \t]*\n)*([^\n]*)")
#: The lines of a column above its game's heading that read as no move (the OCR's damage) it may have,
#: each no longer than a move.
_STRAYS, _STRAY = 4, 16
#: The longest line a column's line or a heading between two columns may be: a longer one is prose or a run
#: of text (a hostile file's 5 MB line), never read for its moves here.
_COLUMN_LINE_MOST = 200
#: The most lines a column printed above its game's heading is looked for over.
_COLUMN_LINES = 80


def _heading_between_columns(text: str, start: int, end: int, moves_read: MovesRead,
                             move_words: MoveWords) -> str | None:
    """The game's heading of a record that opens with the first player's column, printed between that
    column and the second player's (:func:`_white_column_above`), else ``None``."""
    at = start
    for _ in range(2 * _COLUMN_LINES):
        stop = text.find("\n", at, end)
        if stop < 0:
            return None
        line = text[at:stop]
        if len(line) > _COLUMN_LINE_MOST:
            return None
        if line.strip() and not _SIDE_ALONE.match(line) and not _COLUMN_NUMBER.match(line) \
                and not max(moves_read(line), move_words(line)):
            heading = read_heading(line)
            if heading is None and len(line.strip()) <= _STRAY:
                at = stop + 1
                continue  # (a move the OCR damaged past reading)
            if heading is None or not heading.begins_a_game():
                return None
            top = _white_column_above(text, at, stop, start, end, moves_read, move_words)
            return line.strip() if top is not None and not text[start:top].strip() else None
        at = stop + 1
    return None


def _white_column_above(text: str, line: int, stop: int, floor: int, end: int, moves_read: MovesRead,
                        move_words: MoveWords) -> int | None:
    """Where the first player's column begins when the page prints it above the game's heading, and the
    second player's column under it ("WHITE" / "1 P to K 4" / ... / "A. Burn v. E. Lasker." / "BLACK" /
    "P to K 4" ...): the heading's next line is the second side's head alone, and every line above it up
    to the first side's head alone (with the column's numbers printed above that head, if so) is a move
    or a move's number. ``None`` where the page is not so."""
    below = _NEXT_LINE.match(text, stop, end)
    head = _SIDE_ALONE.match(below.group(1)) if below is not None else None
    if head is None or head.group(2) is None:
        return None
    at, moves, strays = line, 0, 0
    for _ in range(_COLUMN_LINES):
        if at <= floor:
            return None
        above = max(text.rfind("\n", floor, at - 1) + 1, floor)
        here, at = text[above:at - 1], above
        if len(here) > _COLUMN_LINE_MOST:
            return None
        if not here.strip() or _COLUMN_NUMBER.match(here):
            continue
        side = _SIDE_ALONE.match(here)
        if side is not None:
            if side.group(2) is not None or moves < _MOVES_BELOW:
                return None
            while at > floor:  # the column's numbers, printed above its head
                above = max(text.rfind("\n", floor, at - 1) + 1, floor)
                if text[above:at - 1].strip() and not _COLUMN_NUMBER.match(text[above:at - 1]):
                    break
                at = above
            return at
        read = max(moves_read(here), move_words(here))
        if not read:
            # A move the OCR damaged past reading ("KtoR2<?)'", "21 K toRsq^"): a short line, a few at most.
            strays += 1
            if len(here.strip()) > _STRAY or strays > _STRAYS:
                return None
        moves += read
    return None


#: A move's number alone on its line, centred over the move pair below it, "Couplet" or "Move" before it or not
#: ("COUPLET 17.", "17.").
_NUMBER_ALONE = re.compile(r"^[ \t]*(?:(?i:couplet|move)[ \t]+)?(\d{1,3})[ \t]*\.[ \t]*$", re.M)


def _first_numbers_alone(text: str, begin: int, end: int, move_words: MoveWords,
                         printed: Sequence[tuple[int, int]] = ()) -> list[int]:
    """Where each score begins whose move 1 is its number alone on its line, centred over the move pair
    (Philidor's "1." / "W. The king's pawn 2 squares." / "B. The same."): the next line reads as a move,
    or a position is printed just above the number (an ending's men in words over "1." / "W. The rook
    gives check.": the moves that follow are that position's, whatever words they are told in)."""
    found = []
    for number in _NUMBER_ALONE.finditer(text, begin, end):
        if number.group(1) != "1" or not number.group().startswith((" ", "\t")):
            continue
        below = text[number.end():min(end, number.end() + _HEADING_SPAN)].lstrip("\n \t")
        if move_words(below.split("\n", 1)[0]) >= 1 or _set_up_above(text, number.start(), begin, printed) \
                != number.start():
            found.append(number.start())
    return found


#: White's or Black's move 1 opening a line ("1. Q-B8 mate.", "1. ... K-Q2", "1.  ---   K-Kt2").
_MOVE_ONE_LINE = re.compile(r"[ \t|]*1[ \t]*[.)]")
#: What a page prints between a position and its solution: blank lines, the task ("White to play and win.",
#: "Black to move. White wins.", "White draws.", "Weiß zieht und setzt in zwei Zügen matt."), the columns'
#: heads ("WHITE.   BLACK."), the solution's own head alone on its line ("SOLUTION.", "Solution:", "Lösung.").
#: A task's words run to no move number with a move after it: "White wins by 1 P-Kt7, K-B2; 2 ..." is the solution
#: told in a sentence (:func:`notation.parse.chess_layout.lead_in`), not a task over it.
_TASK_WORDS = r"(?:(?![ \t]\d{1,3}[ \t]*[.,)]?[ \t]*[A-Z])[^.\n]){0,60}"
_SETUP_TO_SCORE = re.compile(
    r"(?:[ \t]*(?:(?:(?:White|Black|WHITE|BLACK)[ \t]+(?:to[ \t]+(?:move|play)|wins|draws|mates|gives[ \t]+mate)"
    + _TASK_WORDS + r"|(?:Wei(?:ss|ß)|Schwarz)[ \t]+(?:zieht|am[ \t]+Zuge?|gewinnt|setzt)" + _TASK_WORDS
    + r"|(?:WHITE|White)\.?[ \t]+(?:BLACK|Black)|Drawn(?:[ \t]+game)?"
    r"|(?:SOLUTION|Solution|L(?:ö|oe)sung|LÖSUNG)[.:]?(?=[ \t]*\n))[.!]?[ \t]*)*\n)*")


def _scores_under_setups(text: str, begin: int, end: int, move_words: MoveWords,
                         printed: Sequence[tuple[int, int]], marks: Sequence[tuple[int, int]] = ()) -> list[int]:
    """Where each score begins whose move 1 opens the first line under a printed position, past its task and
    its columns' heads: the moves are that position's, though the first pair is one move (a mate in one, "1.
    Q-B8 mate.") or Black's ("1. ... K-Q2"), which no score from the opening begins with. Under a position
    with its label above it ("ENDING 8." over its diagram), the first line may number any move ("23. QxP
    mate.", the move of the game the position was taken from); under one with none, a number past 1 is the
    game above going on under a diagram of it ("[Illustration: POSITION AFTER BLACK'S 23RD MOVE]").

    Under a diagram's mark (``marks``: the diagram in an e-text only ``[Illustration]``), the solution may be told
    in the paragraph's sentence, move 1 on a later line ("In this position the power of the Rook is shown ... and
    the mate is accomplished by: 1 K-Kt2, K-B1; 2 ..."): the score begins at that paragraph, under its mark."""
    found = []
    under_marks = set(marks)
    for start, stop in printed:
        line = text.find("\n", stop, end)
        if line < 0:
            continue
        gap = _SETUP_TO_SCORE.match(text, line + 1, end)
        at = gap.end() if gap is not None else line + 1
        first = (_MOVE_ONE_LINE if not _labelled(text, start, begin) else _MOVE_NUMBER_LINE).match(text, at, end)
        line_end = _line_end(text, at, end)
        one = lead_in(text[at:line_end]) if first is None else 0  # ("The solution is: 1. R-R7, ...")
        if one is not None and move_words(text[at + one:line_end]) >= 1 \
                or (start, stop) in under_marks and _told_in_the_paragraph(text, at, end, move_words):
            found.append(at)
    return found


def _told_in_the_paragraph(text: str, at: int, end: int, move_words: MoveWords) -> bool:
    """Whether a line of the paragraph from ``at`` (its first line's left to the caller) leads in to move 1 with a
    move after it on its line ("... and the mate is quickly accomplished by: 1 K-Kt2, K-B1; 2 K-B3, K-K1; 3")."""
    stop = text.find("\n\n", at, end)
    stop = end if stop < 0 else stop
    line = _line_end(text, at, stop) + 1
    while line < stop:
        line_end = _line_end(text, line, stop)
        one = lead_in(text[line:line_end])
        if one is not None and move_words(text[line + one:line_end]) >= 1:
            return True
        line = line_end + 1
    return False


#: A move number opening a line, any number ("23. QxP mate.").
_MOVE_NUMBER_LINE = re.compile(r"[ \t|]*\d{1,3}[ \t]*[.)]")


def _labelled(text: str, start: int, floor: int) -> bool:
    """Whether the paragraph just above the position printed at ``start`` is a position's label ("ENDING 8.")."""
    before = _strip_end(text, floor, _paragraph_start(text, start, floor))
    return before > floor and _labels_a_position(text[_paragraph_start(text, before, floor):before])


#: Black's move 1 opening a line, White's first move printed as dots or dashes ("1. ... K-Kt sq; 2. R-R8 mate.",
#: "1. ....  K-Q2", "1 --- K-Q2"): a score from a position with Black to move.
_BLACKS_FIRST = re.compile(r"^[ \t|]*1[ \t]*\.?[ \t]*(?:\.{2,4}|…|-{2,4}|—)[ \t,]*(?=[A-Z])", re.M)


def _blacks_first_moves(text: str, begin: int, end: int, moves_read: MovesRead, words: MoveWords | MovesRead) -> list[int]:
    """Where each score begins that opens a line with Black's move 1 and goes on to White's move 2 on that line
    ("1. ... K-Kt sq; 2. R-R8 mate."): an example taken up from a position with Black to move, as a score from
    White's move 1 is a game's. Not where the line told just above it ends at White's move 1 ("White plays 1. R-R7,
    and Black answers" / "1. ... K-Kt sq; 2. ..."): the dots stand for that move, and Black's reply goes on with it."""
    found = []
    for first in _BLACKS_FIRST.finditer(text, begin, end):
        line_end = _line_end(text, first.end(), end)
        second = _SECOND_MOVE.search(text, first.end(), line_end)
        if second is not None and moves_read(text[first.start():line_end]) >= 2 \
                and not _after_whites_move_one(text, begin, first.start(), words):
            found.append(first.start())
    return found


#: A move number told in a line's words ("1. R-R7", "2. K-B7", "1 P-K4"), not one whose dots stand for White's move
#: ("1. ..."), not a square's rank ("QR1.") or a decimal.
_TOLD_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})(?:[ \t]*\.(?![ \t]*[\d.…])|(?=[ \t]+[A-Z]))[ \t]*")
#: Where a move told in words after its number ends: its comma, semicolon or line's end, and no further than a move's
#: words reach ("R-QR sq" of "1. R-QR sq and Black answers"; "Black to" of "Example 5. Black to move" is no move).
_TOLD_MOVE_END = re.compile(r"[,;\n]")
_TOLD_REACH = 16


def _after_whites_move_one(text: str, begin: int, line: int, words: MoveWords | MovesRead) -> bool:
    """Whether the last move told above ``line`` is White's move 1, in the line's paragraph or in the paragraph just
    above when that one's sentence runs on into it ("... and the Black King must go back:"): a line begun there."""
    start = _paragraph_start(text, line, begin)
    above = _strip_end(text, begin, start)
    if start > begin and above > begin and text[above - 1] not in ".!?":
        start = _paragraph_start(text, above, begin)
    told = [number for number in _TOLD_NUMBER.finditer(text, start, line)
            if words(_TOLD_MOVE_END.split(text[number.end():min(line, number.end() + _TOLD_REACH)], 1)[0]) >= 1]
    return bool(told) and told[-1].group(1) == "1"


def _marks(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """(start, end) of each mark in ``text[begin:end]`` of a diagram the text does not give (``[Illustration]``): a
    position stood there as much as a printed one, and the score under it is its solution."""
    return [(begin + at, begin + at + len(mark)) for at, mark in diagram_marks(text[begin:end])]


def _printed_setups(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """(start, end) of each position printed in ``text[begin:end]`` that reads (a diagram, a piece list, a FEN)."""
    return [(s.start, s.end) for s in setups_in(text) if s.board is not None and begin <= s.start < end]


def _set_up_above(text: str, score: int, floor: int, printed: Sequence[tuple[int, int]]) -> int:
    """The start of the line of the position printed just above the score's line (blank lines between
    at most), else the score's own start: a game's position goes with its score."""
    line = text.rfind("\n", floor, score) + 1 if score > floor else score
    k = bisect_right([start for start, _ in printed], line) - 1
    if k >= 0 and floor <= printed[k][0] and _only_a_task(text, printed[k][1], line):
        return max(floor, text.rfind("\n", 0, printed[k][0]) + 1)
    return score


def _only_a_task(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]``, from a position's end to its score's line, is blank or the position's
    task and columns' heads (:data:`_SETUP_TO_SCORE`)."""
    line = text.find("\n", start, end)
    if line < 0 or text[start:line].strip():
        return not text[start:end].strip()
    gap = _SETUP_TO_SCORE.match(text, line + 1, end)
    return gap is not None and not text[gap.end():end].strip()


def _taken_up(text: str, stop: int, until: int, move_words: MoveWords) -> bool:
    """Whether the moves below a heading are another game's taken up at a later move (a "back-game":
    "EXAMPLE II." over "COUPLET 17."): the first move number alone on its line numbers a move past 1,
    with no move before it. Such a heading begins no game of its own; its moves go on from the game above."""
    number = _NUMBER_ALONE.search(text, stop, until)
    return number is not None and int(number.group(1)) > 1 and move_words(text[stop:number.start()]) == 0


def _line_end(text: str, at: int, end: int) -> int:
    stop = text.find("\n", at, end) if at < end else -1
    return end if stop < 0 else stop


#: A game continued from a page before ("Game 7— Cont'd.", OCR's "Confd", "contu"): no game begins there.
_CONTINUED = re.compile(r"(?i)\bcon[tf]\W?(?:d\b|inued|u)")


def _says_no_moves(line: str, heading: Heading, moves_read: MovesRead) -> bool:
    """Whether a heading line is a heading, not a note that names a game ("Game 2. — If 8 Q-Q4, ..."):
    no moves in it, and after a label the forms do not read, a few words only."""
    if moves_read(line) > 0 or _CONTINUED.search(line):
        return False
    return bool(heading.tags or heading.players) or len(line.split()) <= _LABEL_REST_WORDS + 2


def _numbered_moves(paragraph: str, moves_read: MovesRead) -> bool:
    """Whether a paragraph has a line that opens with a move number and a move ("1. K. to B's 2d."),
    not a numbered heading ("3685. Spanische Partie.")."""
    return any(moves_read(line.group()) >= 1 for line in _NUMBERED_LINE.finditer(paragraph))


#: A numbered line up to its second number or its end: its first move, read alone.
_NUMBERED_LINE = re.compile(r"^[ \t]*\d+[ \t]*\.[ \t]*\S[^\n]*?(?=[ \t]{2,}|\n|$)", re.M)


def _moves_above(text: str, begin: int, score: int, moves_read: MovesRead) -> bool:
    """Whether ``text[begin:score]`` has a numbered line of moves (``22. Qf6+ Nxf6 23. Be7#``)."""
    for line in _NUMBERED.finditer(text, begin, score):
        end = text.find("\n", line.start(), score)
        if moves_read(text[line.start():end if end >= 0 else score].strip()) >= 2:
            return True
    return False


def heading_scores(text: str, begin: int, end: int, moves_read: MovesRead) -> list[tuple[int, int]]:
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
        if moves_read(text[one.start():stop]) >= 1:
            found.append((one.start(), at))
    return found


_heading: list[Lark] = []


def _numbered_heading(paragraph: str) -> bool:
    """Whether a paragraph opens with a game's numbered German heading ("3685. Spanische Partie.")."""
    try:
        _heading_parser().parse(paragraph.strip()[:_HEADING_SPAN])
    except UnexpectedInput:
        return False
    return True


def _heading_parser() -> Lark:
    if not _heading:
        _heading.append(load("chess_heading.lark", propagate_positions=False))
    return _heading[0]


def _fraction_rows(text: str, begin: int, end: int, moves_read: MovesRead) -> list[int]:
    """Where each row of fractions from move 1 (:data:`_FRACTION_ROW`) begins whose line reads as a move pair."""
    return [row.start() for row in _FRACTION_ROW.finditer(text, begin, end)
            if moves_read(text[row.start():_line_end(text, row.start(), end)]) >= 2]


def _opens_a_game(text: str, at: int, end: int, moves_read: MovesRead) -> bool:
    """Whether the moves numbered 1 at ``at`` are a move pair (White's and Black's first move)."""
    paragraph = _BLANK_LINE.search(text, at, end)
    stop = min(paragraph.start() if paragraph else end, at + 400)
    second = _SECOND_MOVE.search(text, at + 2, stop)
    first_pair = text[at:second.start() if second else stop]
    if _FRACTION_BAR.match(text, at):
        # A fraction's bar, White's move printed over it: the pair is the rows above and below.
        above = text.rfind("\n", 0, max(0, text.rfind("\n", 0, at))) + 1
        below = text.find("\n", text.find("\n", at, end) + 1, end)
        first_pair = text[above:below if below >= 0 else end]
    read = moves_read(first_pair)
    if read == 0:
        return _pair_split_by_a_note(text, at, end, moves_read)
    # White's column printed whole before Black's: "WHITE" over "1 P to K 4" alone on its line; or
    # a score that begins at Black's move, his move 1 alone in his column over the rows of both.
    return read >= 2 or read == 1 and (_WHITE_ABOVE.search(text, max(0, at - 40), at) is not None
                                       or in_blacks_column(text, text.index("1", at)))


def _pair_to_semicolon(text: str, at: int, moves_read: MovesRead) -> bool:
    """Whether move 1 at ``at`` is a pair up to its semicolon, as a line run on in a sentence prints it with no
    stops after its numbers ("1 P-K4, P-K4; 2 Kt-KB3, ..."): no "2." tells where the first pair ends."""
    semicolon = text.find(";", at, at + _PAIR_REACH)
    return semicolon > 0 and moves_read(text[at:semicolon]) >= 2


#: How far a move pair run on in a sentence may reach to its semicolon, in characters.
_PAIR_REACH = 60


#: A move's note run on after it: the first sentence of words after the move ("1. KP-K4. The King's ...").
_NOTE_AFTER = re.compile(r"\.[ \t]+[A-Z][a-z]")
#: How far below White's move 1 and its note Black's move 1 may be printed, in characters.
_NOTE_LENGTH = 2500


def _pair_split_by_a_note(text: str, at: int, end: int, moves_read: MovesRead) -> bool:
    """Whether White's move 1 at ``at`` has its note run on after it and Black's move 1 begins a line
    below the note, before any move 2 ("1. KP-K4. The King's Pawn is advanced two steps. ..." then
    "1. KP -K4. The King's Pawn ..."): the first move pair, each move with its note."""
    def move_alone(start: int) -> bool:
        note = _NOTE_AFTER.search(text, start, min(end, start + 80))
        return note is not None and moves_read(text[start:note.start() + 1]) == 1

    if not move_alone(at):
        return False
    line_end = text.find("\n", at, end)
    black = _FIRST_MOVE.search(text, line_end, min(end, at + _NOTE_LENGTH)) if line_end >= 0 else None
    if black is None or _SECOND_MOVE.search(text, line_end, black.start()):
        return False
    return move_alone(black.start())


def _with_headings(text: str, score: int, floor: int, words: MoveWords | MovesRead | None = None,
                   headed: bool = False) -> int:
    """The start of the score's line, moved up over the headings just above it: lines of its
    own paragraph ("GAME IV.", "| WHITE. | BLACK. |"), then whole heading paragraphs above. With ``words``,
    no line that holds a move above a heading's line that holds none: the last lines of the game before's notes,
    run into the heading with no blank line between (an OCR'd page's columns: "7BtoK2 PtoQ4 en prise in the
    Tournament." over "Game 115, played on the 12th of June,"), are that game's. (Lines of moves right above
    the score are its own: a fraction's move over its bar, "P to K 4" over "1. --------"; ``headed``: ``score`` is
    a heading's line, no score's.)"""
    start, heading_line = score, headed
    while start > floor:
        above = text.rfind("\n", floor, start - 1) + 1
        line = text[above:start - 1] if start - 1 >= above else ""
        if not line.strip() or not _is_heading(line):
            break
        if words is not None:
            moves = not _fewer_words_than(words, line, 1)
            if moves and headed:
                break
            headed = headed or not moves
        start = max(above, floor)
    if start != _paragraph_start(text, score, floor):
        return start
    # Whether ``start`` is a game's heading's: its line, the heading's lines over the score in its paragraph, or a
    # paragraph of its headings.
    under_a_heading = heading_line or start < score and _heads_one_game(text[start:score])
    for k in range(_HEADINGS):
        before = _strip_end(text, floor, start)
        if before <= floor:
            break
        above = _paragraph_start(text, before, floor)
        if k == 0 and _ANNOUNCES_A_GAME.search(text, above, before):
            # The paragraph just above the score says a game follows ("... play over the following simple little
            # game.", "Here is another simple little game."): the game's record begins with it, not the one before.
            return above
        heads = _heads_a_game(text[above:before])
        if not heads and not _section_heading(text[above:before]) \
                and not _names_over_heads(text[above:score]) \
                and not _OVER_A_SOLUTION.fullmatch(text[above:before].strip()) \
                and not (_labels_a_position(text[above:before]) and not _leads_in_to_move_1(text[above:before])):
            if under_a_heading and words is not None and _INTRODUCES_A_GAME.fullmatch(text[above:before].strip()) \
                    and _fewer_words_than(words, text[above:before], 1):
                # A sentence that ends in a colon just above a game's heading introduces that game ("A less
                # celebrated example was played at odds in Australia:"): its first comment, not the last of the
                # game before. (A note of that game's with a move in it, "(B) If 22.... P t. Q, White has two lines
                # of play, ...:", stays its.)
                return above
            break
        under_a_heading = heads and _heads_one_game(text[above:before])
        start = above
    return start


def _heads_one_game(paragraph: str) -> bool:
    """Whether a paragraph is a game's heading (:meth:`Heading.begins_a_game`): the columns' heads, a section's
    title, a line's name ("Allgaier Gambit:--") are none."""
    read = read_heading(paragraph)
    return read is not None and read.begins_a_game()


def _leads_in_to_move_1(paragraph: str) -> bool:
    """Whether a paragraph tells a score from move 1 in its sentence after its label ("Example 3. This is the
    simplest position. 1 R-R7, K-Kt1; ..."): its own position's, not a label over the score below it."""
    return any(lead_in(line) is not None for line in paragraph.splitlines())


#: A sentence (words in small letters) that ends in a colon, as an article or a book introduces the game whose heading
#: stands under it ("It is known to every reader, but it bears repeating:", "... was played at odds in Australia:"); a
#: note opening with its mark ("(B) If ...", "a) ...") is a note on the game before.
_INTRODUCES_A_GAME = re.compile(r"(?s)(?!\(\w{1,3}\)|\w{1,2}\))(?=.*\b[a-z]{2,}\s+[a-z]{2,}\b).*[a-z)”\"'’]:(?:-{1,2}|—)?")


#: A sentence that says a game follows: "play over the following (simple little) game", "Here is another (short)
#: game", "The following game was played ...".
_ANNOUNCES_A_GAME = re.compile(r"(?i:\bthe\s+following|\bhere\s+is\s+(?:an(?:other)?|a|one))\s+(?:[\w’'-]+\s+){0,3}?game\b")


#: What a problem or an ending prints between its diagram and its solution's score, each a paragraph of its
#: own: the diagram ("[Illustration: 8 + 10 = 18 pieces.]"), what is to be done ("White to play and mate in
#: five (5) moves."), the solution's heading ("SOLUTION."). They head the score below them: its moves start
#: from that diagram, not from the opening (:mod:`notation.rules.chess.setups`).
_OVER_A_SOLUTION = re.compile(r"\[Illustration\b[^\]\n]*\]|(?i:white|black)\s+to\s+play\b[^\n]{0,60}|(?i:solution)[.:]?")


#: A position's label opening its paragraph ("No. 5.", "Position 6.", "(Diagram 13)", "DIAGRAM 7."): it heads the
#: position and the score below it, as a game's label heads its game.
_POSITION_LABEL = re.compile(r"\(?" + LABEL.pattern + r"\.?\)?")
#: The longest paragraph a position's label heads: its label alone, or with a short sentence on the position
#: ("Example 5. Same position as Example 4, but Black to move.").
_LABEL_PARAGRAPH = 100


def _labels_a_position(paragraph: str) -> bool:
    """Whether a paragraph is a position's label, alone or with a short sentence after its stop."""
    words = paragraph.strip()
    label = _POSITION_LABEL.match(words)
    return label is not None and (label.end() == len(words) or len(words) <= _LABEL_PARAGRAPH
                                  and words[label.end() - 1] in ".)" and "\n\n" not in words)


def _names_over_heads(text: str) -> bool:
    """Whether ``text``, paragraphs above a score, is the players' names over the columns' heads, each name
    or head a paragraph of the OCR's ("BoDEX. Bird," / "WHITE. BLACK,", "Anderssen." / "Blackbcrne." /
    "WHITE." / "BLACK.")."""
    pieces = _paragraphs(text, 0, len(text))
    if _NAME_OVER_A_HEAD.fullmatch("\n\n".join(pieces).strip("\n")):
        return True  # one column's player over its head ("LOWENTHAL," / "WHITE."), the other's further down
    heading = _run_together(pieces) if len(pieces) <= _RUN_TOGETHER else None
    return heading is not None and heading.over_heads


#: A surname printed clean: in capitals, or a capital then small letters (a particle before it: "De Vere").
_CLEAN_NAME = re.compile(r"(?:(?:De|Le|La|Van|Von)[ \t]+)?(?:[A-Z][a-z'’]+|[A-Z'’]+)")
#: One player's surname over his column's head, each a line of its own ("LOWENTHAL," / "WHITE.", "Bird." /
#: "BLACK."), where the book prints the two columns one after the other, each under its player's name.
_NAME_OVER_A_HEAD = re.compile(
    rf"^[ \t]*(?:{_TITLE}[ \t]*)?"  # (a title is no part of the name: "Herr Lowenthal,")
    r"(?P<name>(?!(?i:white|black|game|gambit|opening|defen[cs]e|attack|form|variation|move|chess|the|castles|"
    r"resigns|wins|drawn|mate|check)\b)"  # (a move or a result ends a column: "Castles." over the next "WHITE.")
    r"(?:(?:De|Le|La|Van|Von)[ \t]+)?[A-Z][A-Za-z'’]{2,})[.,][ \t]*\n(?:[ \t]*\n)*[ \t]*(?P<side>WHITE|BLACK)[.,]?[ \t]*$",
    re.M)


#: A line's name printed alone over its moves, ending in a colon, a colon and a dash, or a full stop and a dash, as an
#: opening manual or a handbook's survey prints each line ("Allgaier Gambit:--", "Classical Defence, to K. B.
#: opening:--", "Ruy Lopez.--"): a name, not a sentence that leads into the moves ("The moves are as follows:--"):
#: two words in small letters at most besides "of", "the", "and", and no word that leads a sentence into its moves
#: ("Suppose:--", "First, suppose White moves:--", "If Black play:--": the lines of an ending under its diagram, no
#: name). (``heading``: its words.)
_LINE_NAME = re.compile(r"[ \t]*_?(?P<heading>(?!(?:[^\n:;]*?\b(?!(?:of|the|and|de|la)\b)[a-z]{2,}\b){3})"
                        r"(?![^\n:;]*\b(?i:suppose|supposing|if|when|then|now|thus|moves?|plays?|playing|have|has|is|are|"
                        r"was|were|will|would|must|should|can|could|may|continues?|follows?|following)\b)"
                        r"[A-Z][^\n:;]{1,60}?)_?[ \t]*(?::[ \t]*(?:--|—|–)?|\.[ \t]*(?:--|—|–))[ \t]*")


def _line_name(paragraph: str) -> str | None:
    """The name of a paragraph that is one line's name alone (:data:`_LINE_NAME`), as printed: its full stop kept
    where one ends it ("The Damiano Gambit.--" names "The Damiano Gambit."), the dash or colon not; else ``None``."""
    text = paragraph.strip()
    named = _LINE_NAME.fullmatch(text) if "\n" not in text else None
    if named is None:
        return None
    stop = "." if text[named.end("heading"):].lstrip("_ \t").startswith(".") else ""
    return " ".join(named.group("heading").replace("_", "").split()) + stop


def _heads_a_game(paragraph: str) -> bool:
    """A heading paragraph above a score: centred (every line indented), or one the heading
    grammar reads ("Game II. — Ruy Lopez Knights' Game.", "W. Steinitz v. B. Vergani."), or
    the columns' heads ("WHITE  BLACK"), or the odds the game was played at ("Remove White's
    Queen's Knight."), or a line's name alone ("Allgaier Gambit:--")."""
    return _is_heading(paragraph, indented=True) or _line_name(paragraph) is not None or _is_heading(paragraph) and (
        read_heading(paragraph) is not None or _COLUMNS_ALONE.match(paragraph) is not None
        or _ODDS_LINE.fullmatch(paragraph.strip()) is not None or _FROM_A_PAPER.match(paragraph) is not None)


#: A heading's line that states the odds of the game below it, in a paragraph of its own above or below its
#: label: "Remove White's Queen's Knight.", "[Remove White's Q. R. from the Board.]", "(At the odds of the Pawn
#: and Move.)", "Ohne Damenspringer.", "Vorgabe des Damenspringers." (what it removes the chess rules read:
#: :func:`notation.rules.chess.odds.odds_in_heading`).
_ODDS_LINE = re.compile(r"[(\[]?[ \t]*(?i:remove[ \t]+(?:the[ \t]+)?(?:white|black)\b|(?:played[ \t]+)?(?:at[ \t]+)?(?:the[ \t]+)?odds[ \t]+of\b"
                        r"|(?:wei(?:ss|ß)[ \t]+)?ohne[ \t]+(?:den[ \t]+|die[ \t]+)?[\wäöüß]+[ \t]*[.)\]]*$|vorgabe[ \t]+(?:des|der|von)\b)"
                        r"[^\n]{0,60}")


def _heads_a_section(paragraphs: list[str], k: int) -> bool:
    """Whether ``paragraphs[k]``, printed after a score, is a heading over what follows: centred (every line
    indented), or one line in capitals at the margin ("THE EVANS GAMBIT.", "KING AND ROOK AGAINST KING.") as a
    book prints its sections' titles between paragraphs of text; not a page's running head in capitals beside
    its page's number ("MORPHY'S GAMES." over "178") or over a score's middle run on from the page before
    ("MORPHY'S GAMES." over "12. B. to Kt's 3rd."), nor the columns' heads ("WHITE.")."""
    paragraph = paragraphs[k]
    if _is_heading(paragraph, indented=True):
        return True
    beside = paragraphs[max(0, k - 1):k] + paragraphs[k + 1:k + 2]
    below = _MOVE_NUMBER.match(paragraphs[k + 1]) if k + 1 < len(paragraphs) else None
    return (_is_heading(paragraph) and _IN_CAPITALS.fullmatch(paragraph.strip()) is not None
            and not _SIDE_WORD.search(paragraph) and not any(_PAGE_NUMBER.fullmatch(p.strip()) for p in beside)
            and (below is None or below.group(1) == "1"))


#: A line of moves' number ("12. B. to Kt's 3rd.", "16  Q. takes Q.").
_MOVE_NUMBER = re.compile(r"[ \t]*(\d{1,3})[ \t]*[.,]?[ \t]+[A-Z]")


#: A page's number as an OCR prints it, a paragraph of its own ("178", "27^"); an e-text's page mark is in braces.
_PAGE_NUMBER = re.compile(r"\d{1,4}\W?")
#: A column's head in a line of capitals ("IB WHITE.", the OCR's mark before it).
_SIDE_WORD = re.compile(r"\b(?:WHITE|BLACK)\b")


#: One line in capitals ending in its full stop (a footnote's mark after it), two words or more, none in small
#: letters ("THE \"COMPROMISED\" DEFENCE.", "KING AND ROOK AGAINST KING.", "THE FIANCHETTO.[105]"): a page's
#: running head ("CASUAL GAMES, 229"), the columns' heads ("BLACK.") or a date ("AUGUST 12.") is none.
_CAPITALS_WORD = r"[^\sa-z]*[A-Z]{2}[^\sa-z]*"
_IN_CAPITALS = re.compile(rf"{_CAPITALS_WORD}(?:[ \t]+{_CAPITALS_WORD})+(?<=\.)(?:\[\d+\])?")


#: The columns' heads standing alone over a score: "WHITE", "WHITE BLACK", "Weiss. Schwarz.".
_COLUMNS_ALONE = re.compile(r"^\s*(?:(?:white|black|weiss|weiß|schwarz)[.:]?\s*){1,4}$", re.I)


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
            and (not _NUMBERED.search(paragraph) or _section_heading(paragraph))
            and not _CLOSING_WORDS.search(paragraph)
            and not _VERDICT.match(paragraph) and not _FIGURE_CAPTION.match(paragraph))


#: A book's numbered section heading, a line of capitals ("1. SOME SIMPLE MATES", "2. PAWN PROMOTION."): numbered as a
#: line of moves is, but its words are words, two at least with a vowel ("1. PXP, BXKT" and "12. CASTLES, MATE." none).
_SECTION_NUMBER = re.compile(r"[ \t]*\d{1,3}\.[ \t]+[A-Z][A-Z'’ \t,:;-]*\.?[ \t]*")
_SECTION_WORD = re.compile(r"(?<![\w'’-])(?!(?:CASTLES|CHECK|MATE|MATES|RESIGNS)(?![\w'’-]))[A-Z'’-]*[AEIOUY][A-Z'’-]*")


#: A chapter's heading that is its number alone: ``CHAPTER IV.``, ``Chapter 3``.
_CHAPTER_NUMBER = re.compile(r"(?i:chapter)[ \t]+(?:[IVXLC]{1,7}|[0-9]{1,3})\.?")


def _section_heading(paragraph: str) -> bool:
    """Whether a paragraph is a section's numbered heading in capitals, its one line (:data:`_SECTION_NUMBER`)."""
    words = paragraph.strip()
    return "\n" not in words and _SECTION_NUMBER.fullmatch(words) is not None \
        and sum(len(word) >= 3 for word in _SECTION_WORD.findall(words)) >= 2


#: A figure's caption, centred under its diagram ("FIG. 9." over "[POSITION AFTER WHITE'S 19TH MOVE.]",
#: "FIG. 1.--The Men in Position.", the OCR's "Fig, 4."): it says what the diagram above shows, it heads
#: nothing below it.
_FIGURE_CAPTION = re.compile(r"\s*(?:FIG|Fig|FIGURE|Figure)[.,]?[ \t]*(?:\d{1,3}|[IVXL]{1,6})\b")
