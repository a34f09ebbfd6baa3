"""The words of a page and the orders they can be read in.

A record's text becomes a list of :class:`Token` (its words, with where each
stands), and the text is cut into :class:`Segment` s: stretches read one
after the other, each with its candidate reading orders. Most of a page has
one order, the words as printed. A column of one side's moves printed
before the column of the other's (``WHITE`` over moves 1-13, then
``BLACK`` over their answers, as OCR gives a two-column score) has two: the
columns as two streams, each side reading its own, and the words as
printed. The search (:mod:`notation.decode.search`) chooses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from notation.parse import FOOTNOTE_REF, HEADING_DASH, LABEL_BEFORE, stopped_labels

_WORD = re.compile(r"\S+")
#: In an e-text that prints its footnotes so ("[Footnote 1: ...]"), a footnote's reference glued to the word it marks
#: ("P--B4[1]") is a word of its own, as where it is set apart ("P--B4 [1]"): the move reads as printed, its
#: reference an aside. (Only there: Philidor's e-text, its notes "[35] The EDITOR ...", read its "3d.[35]" so, one
#: record's reading moved, three prose words read as moves not legal, not traced.)
_FOOTNOTED_WORD = re.compile(rf"\S*?[\w.)!?+](?={FOOTNOTE_REF}(?:\s|$))|\S+")
#: A move number run into its move by the OCR ("4PtoQ3", "8BtoQ3"), its dots too ("26....Rto"): two words. (Before
#: a pawn's square or capture only after its stop, "12...e5", "1.e4", "9...dxc4": "3rd", "2nd" are no numbers.)
_GLUED_NUMBER = re.compile(r"\d{1,3}(?:\.+|\.?…)?(?=[A-Z(])|\d{1,3}(?:\.+|\.?…)(?=[a-h](?:[1-8]|x[a-h]))")
#: A move number the OCR read as letters (``n`` or ``U`` for 11, ``lo`` for 10, ``i6`` for 16), run into the move
#: it numbers, a man's capital and a dash or cross after it (``nKt-Q4``, ``loP— K6``, ``1UQ—K2``: Steinitz's
#: columns and notes): a number stands there (a numeral), the move is the rest. (No man's name begins with these
#: letters; ``O`` begins none, the OCR's "Q" as often as a figure; "lo" for "to" runs into a square, ``P. loK. 4.``.)
_GLUED_NUMERAL = re.compile(r"(?=[\dIilLuUnJj|oO]{0,2}[IilLuUnJj|oO])[\dIilLuUnJj|][\dIilLuUnJj|oO]{0,2}"
                            r"(?=[KQ]?(?:Kt|[KQRBP])[—–x×X-])")
_NUMBER = re.compile(r"\(?(\d{1,3})(?:\.{1,6}|\)|\.?…)?,?")
#: A heading run into the move number after it by a dash (:data:`notation.parse.HEADING_DASH`), as an openings
#: article prints a line's name ("_Berlin Defence._--3. ...," "Ruy Lopez.—1. P-K4"): the heading's words, then the
#: number, two words. (The number's stop after it: "Var. A.--24-19" is a checkers line.)
_HEADED_NUMBER = re.compile(rf"\S*?{HEADING_DASH}(?=\d{{1,3}}(?:\.+|\.?…),?$)")
#: A word of dots only, after a move number on its line ("7. . . .", "12. …", "18... ."): the number's.
_DOTS = re.compile(r"[.…]+,?")
#: A move number of a note's line whose small figures the OCR read as letters, standing alone before the move it
#: numbers ("10 KtxKt; u PxKt, u QxP", "; ii B— Kt 3 ch., n K— R sq.", "; IO R — Kt sq. ; II QxBP", Steinitz's
#: notes, which number both sides' moves): "11" set small is read as one letter ("n", "u") or two ("ii", "II"), "10"
#: as "io", "IO". Neither word is English, and a move after it (a man's capital, then a dash or cross, or castles)
#: says a number stands there: it is that number. ("lo" stays: Bird's "to".)
_LETTERED_NUMBER = {"n": 11, "u": 11, "U": 11, "ii": 11, "II": 11, "iI": 11, "Ii": 11, "il": 11, "li": 11,
                    "io": 10, "IO": 10, "Io": 10, "iO": 10}
#: (Within a line of a note only: at a line's start such a word is a column's row number, which the layout's
#: orders read against the number its column expects: ``_row_number``; Hastings 1895's "II KtxP" in two pairs of
#: columns read as a number there took the reading off its interleaved rows.)
_MOVE_AFTER = re.compile(r"[ \t]+(?:[KQ]?(?:Kt|[KQRBP])[ \t]*[—–x×X-]|O[ \t]*[—–-][ \t]*O)")
#: A move number whose figures the OCR read as letters or marks (``li.``, ``I.``, ``i).``, ``-5.``, ``1{.``):
#: figures and their look-alikes, then the number's full stop.
_DAMAGED_NUMBER = re.compile(r"[-•'‘’:]?(?=\S*[\dIil|])[\dIil|)\]}{]{1,3}\.")


@dataclass(frozen=True)
class Token:
    """One printed word: its text and its offsets in the text it was cut from."""

    text: str
    start: int
    end: int
    line: int  # the index of its line in that text
    #: The move number the word prints (``12``, ``12.``, ``(12)``, ``12...``), else ``None``.
    number: int | None = None
    #: Whether the word stands inside brackets (an aside: a note's alternative, the author's remark).
    aside: bool = False
    #: Whether the word is a move number the OCR damaged past reading (``li.`` for ``14.``, ``i).`` for
    #: ``9.``): a number stands there, which one is not known.
    numeral: bool = False
    #: Whether the word's line was printed apart from the line it is read on (``line``): the rest of
    #: a column's moves, printed after the column of their numbers (:func:`joined`).
    joined: bool = False
    #: The side a move number says moves next, where its dots print it (:func:`_sided`): 1, the second
    #: player (``12...``, ``12. …``, ``7. . . .``); ``None`` for a bare number, which says only what the
    #: text's custom says (:func:`notation.decode.search.second_numbered`).
    side: int | None = None
    #: How many brackets the word stands in (those it opens counted): a note's note in brackets inside a
    #: note's (``(if 19. P-B4, then ...)`` inside ``(the alternative was ...)``) stands deeper, and ends where
    #: the text comes back out of its brackets.
    depth: int = 0
    #: Whether the word is a move number the family's reading of the layout put in a paragraph of the author's
    #: note ("12. PxKP would be answered by PxP."): named in a sentence, though it begins its line.
    noted: bool = False
    #: Whether the words before it in its sentence say that the line goes on from where it stands ("Black now has a
    #: choice between 12-16 and 10-14", :func:`named_going_on`): a sentence's first move read there, not from the start.
    goes_on: bool = False
    #: Where the word begins on its line, in characters (-1: not known): a row's word printed over or under
    #: a fraction's bar stands at or right of its number (:func:`_fractions`).
    column: int = -1
    #: The side the prose names as playing the move the word begins ("Black plays P-Q3", "Weiß zieht ..."): 0 the
    #: first player, 1 the second (:func:`named_sides`): prose read as lines reads it only where that side moves, and a
    #: move offered "instead" replaces that side's last move. (A cost on the score's reading for the other side was
    #: tried: notes' readings changed in the OCR'd books, a game's result lost among them; not kept.)
    plays: int | None = None
    #: Whether the words before it name the move the word begins as a plan, a move not played ("4. P-B3,
    #: preparing P-Q4": :func:`named_plans`): the score's reading takes it for the game's next move only at a cost.
    planned: bool = False
    #: How the words of its clause tell the move the word begins (:func:`named_weighed`): ``"supposed"``, one not
    #: played ("If now White tries 4. KtxP", "White cannot play KtxP"), read on the game's line only at a cost;
    #: ``"played"``, the game's ("therefore White plays 4. P-B3"), which may end the note a sentence began at its
    #: number and go on with the game; else ``None``.
    weighed: str | None = None


def _word(text: str, start: int, line: int, aside: bool, depth: int = 0, column: int = -1) -> Token:
    match = _NUMBER.fullmatch(text)
    return Token(text, start, start + len(text), line, int(match.group(1)) if match else None, aside,
                 match is None and _DAMAGED_NUMBER.fullmatch(text) is not None, depth=depth, column=column)


def tokens(text: str, base: int = 0) -> list[Token]:
    """The words of ``text``, offsets counted from ``base``."""
    out: list[Token] = []
    line, at, depth, line_start = 0, 0, 0, 0
    for match in (_FOOTNOTED_WORD if "[Footnote" in text else _WORD).finditer(text):
        gap = text[at:match.start()]
        line += gap.count("\n")
        if "\n" in gap:
            line_start = at + gap.rfind("\n") + 1
        if _PARAGRAPH.search(gap):
            depth = 0  # an unclosed bracket ends with its paragraph
        at = match.end()
        word, start = match.group(), match.start() + base
        # A note's reference run into the move it annotates ("KtoB2(B)", "PtoQ3(!)") opens no aside.
        core = NOTE_REF.sub("", word)
        marked = _MARK.fullmatch(core) is not None
        within = depth + (0 if marked else core.count("(") + core.count("["))
        opened = within > 0 and not marked
        depth = max(0, depth + core.count("(") + core.count("[") - core.count(")") - core.count("]"))
        if (headed := _HEADED_NUMBER.match(word)) is not None:
            out.append(_word(word[:headed.end()], start, line, opened, within, start - base - line_start))
            word, start = word[headed.end():], start + headed.end()
        glued = _GLUED_NUMBER.match(word)
        if (numeral := _GLUED_NUMERAL.match(word)) is not None:
            out.append(replace(_word(word[:numeral.end()], start, line, opened, within), numeral=True))
            word, start = word[numeral.end():], start + numeral.end()
        elif glued and glued.end() < len(word):
            out.append(_word(word[:glued.end()], start, line, opened, within))
            word, start = word[glued.end():], start + glued.end()
        lettered = _LETTERED_NUMBER.get(word)
        if lettered is not None and _MOVE_AFTER.match(text, match.end()) \
                and text[text.rfind("\n", 0, match.start()) + 1:match.start()].strip():
            out.append(Token(word, start, start + len(word), line, lettered, opened, depth=within))
            continue
        out.append(_word(word, start, line, opened, within, start - base - line_start))
    return _sided(_note_labels(out, stopped_labels(text), base), text, base)


#: A note's label: a number in brackets ("(1)", "(12)").
_LABEL = re.compile(r"\(?\d{1,3}\)")
#: A word of prose after it: letters, small ones among them ("If", "Or", "Best,", "Threatening"; not "Kt", a man), an
#: opening quote before them, a possessive, an elision or a hyphen's word within them ("Capablanca's", "Black’s",
#: "“The", "Self-evident", "Don't"; not "Kt's", a man's).
_PROSE_WORD = re.compile(r"[\"“‘]?(?!Kt\b)(?:[A-Z][a-z]+|[a-z]{2,})(?:['’-][A-Za-z]+)*['’]?[,.;:!?]?|[AI]")


def _note_labels(words: list[Token], stopped: frozenset[int] = frozenset(), base: int = 0) -> list[Token]:
    """The words, a number in brackets that opens a line before the note's words or its line's own move number
    ("(1) A better defence is 7. ..., P-Q3.", "(4) 4 .., Kt-KB3") no move number: the note's label, which the
    score prints after the move it is on ("P-Q6 (1);"). Before a move ("(12) P-Q4") it numbers the move.
    Nor is a number after a label's word on its line (:data:`notation.parse.LABEL_BEFORE`: "Diagram 12.", "Fig. 3",
    "No. 5"): it numbers a figure or a game, and read as a move's it took the reading back to that move.
    Nor is a figure with its stop where the text prints a note's label so (``stopped``, offsets in the text,
    :func:`notation.parse.stopped_labels`: "2. Capablanca's freeing manoeuvre." under "Nd5 (2)")."""
    out = list(words)
    for i, word in enumerate(words):
        if word.number is None:
            continue
        if word.start - base in stopped:
            out[i] = replace(word, number=None)
            continue
        before = words[i - 1] if i and words[i - 1].line == word.line else None
        if before is not None and LABEL_BEFORE.fullmatch(before.text) and not _MAN_LETTER.fullmatch(before.text):
            out[i] = replace(word, number=None)
            continue
        after = words[i + 1] if i + 1 < len(words) else None
        if after is not None and _LABEL.fullmatch(word.text) and before is None \
                and after.line == word.line and (after.number is not None or _PROSE_WORD.fullmatch(after.text)):
            out[i] = replace(word, number=None)
    return out


#: A man's letter with its stop ("P.", in "K. P. 2."): no abbreviation "p." of a page.
_MAN_LETTER = re.compile(r"[A-Z]\.?")


def _sided(words: list[Token], text: str, base: int) -> list[Token]:
    """The words, each move number printed with the dots that say the second player's move follows (three
    at least, its own full stop counted, two together, or an ellipsis: ``12...``, ``12…``, ``12. …``,
    ``7. . . .``, ``14 . . .``, ``7 ..``, ``7..``; the layout grammar's ``MOVE_NUMBER``) one word, its side the
    second player's: the dots are the number's, not words of prose between it and the move it numbers."""
    out: list[Token] = []
    i = 0
    while i < len(words):
        word, j = words[i], i + 1
        dots = word.text.lstrip("(0123456789") if word.number is not None else ""
        together = ".." in dots
        while word.number is not None and j < len(words) and words[j].line == word.line and _DOTS.fullmatch(words[j].text):
            dots += words[j].text
            together = together or ".." in words[j].text
            j += 1
        # (Two stops apart, "8. . P to R 3", are the number's and a stray one.)
        if "…" in dots or dots.count(".") >= 3 or together:
            end = words[j - 1].end
            out.append(replace(word, text=text[word.start - base:end - base], end=end, side=1))
            i = j
        else:
            out.append(word)  # (a bare number, and a stray stop after one, stay words of their own)
            i += 1
    return out


def joined(words: list[Token], rest: Callable[[str], bool] = lambda line: True) -> list[Token]:
    """The words, where the OCR printed a column's numbers apart from its moves, each move read on the
    line of its number: a run of lines that are each a number alone, or a number and a move's first
    word (``21.  K.`` .. ``33.  R.``), followed at once by as many lines without a number that may
    each be the rest of a move (``rest``: ``R. to K's 2nd.``, ``to K's 7th.``; not a column's head or
    a line of prose): the first of those lines is the rest of the first number's move, and so on.
    The words stay in the text's order; a line joined to another takes that line's index."""
    lines: dict[int, list[Token]] = {}
    for token in words:
        lines.setdefault(token.line, []).append(token)
    order = sorted(lines)
    onto: dict[int, int] = {}
    i = 0
    while i < len(order):
        j, short = i, []
        while j < len(order) and _numbered(lines[order[j]]):
            if _short(lines[order[j]]):
                short.append(order[j])
            j += 1
        if len(short) >= _SPLIT_RUN:
            tails: list[int] = []
            k = j
            while k < len(order) and len(tails) < len(short) and not _numbered(lines[order[k]]) \
                    and rest(" ".join(t.text for t in lines[order[k]])):
                tails.append(order[k])
                k += 1
            if len(tails) == len(short):
                onto.update(zip(tails, short))
                i = k
                continue
        i = max(j, i + 1)
    if not onto:
        return words
    return [replace(t, line=onto[t.line], joined=True) if t.line in onto else t for t in words]


#: The fewest lines of numbers printed apart from their moves that are taken for a column of them.
_SPLIT_RUN = 3
#: A move's first word as a column of numbers keeps it: a piece's letters (``K.``, ``Kt,``, ``R»``; not
#: a whole move, ``BxB``).
_FIRST_WORD = 2


def _numbered(line: list[Token]) -> bool:
    return line[0].number is not None or line[0].numeral


def _short(line: list[Token]) -> bool:
    """Whether a numbered line is its number alone, or with one short word: the rest of its move is
    printed elsewhere."""
    return len(line) == 1 or len(line) == 2 and len(line[1].text.strip(".,;:'»")) <= _FIRST_WORD \
        and not line[1].text[:1].isdigit()


_PARAGRAPH = re.compile(r"\n[ \t\r]*\n")
#: A note's reference run into the word before it: its letter (``(B)``) or the author's mark (``(!)``, ``(?)``); after
#: the move's stop or comma too (``17-13.(a)``, ``17-13,(a)``). A game's compaction drops it from the move it marks.
NOTE_REF = re.compile(r"(?<=[\w.,])(?:\((?:[A-Za-z]{1,2}|[!?]{1,2})\))+[.,;:]*$")
#: The same, or a note's figure (``Nf6-d5(2)``), cut from an algebraic word only: among the lattice's words a figure
#: glued in brackets stays its word's (Freeborough's OCR'd tables glue their columns' marks, ``(4)``, to their cells'
#: moves: read as notes' references they cost the book 47 moves legal).
#: A figure after a caret or as a small figure after a square's (``c7-c6^1``, ``c7-c6¹``) is one too (as a games
#: collection marks the move its note "1." is on, :func:`notation.parse.bare_marks`).
GLUED_REF = re.compile(r"(?:(?<=[\w.,])(?:\((?:[A-Za-z]{1,2}|\d{1,2}|[!?]{1,2})\))+|(?<=[\w.,+#!?])\^\d{1,2}"
                       r"|(?<=[0-9+#!?])[¹²³⁴-⁹][⁰¹²³⁴-⁹]?)[.,;:]*$")
#: A bracketed word that is part of a move (``(ch.)``, ``(K.R.)``, ``(8)``), not an aside.
_MARK = re.compile(r"\((?:ch|dis|mate|[KQ]\.?\s?R?\.?|\d+)\.?\)[.,;]*")


#: One reading order: one stream (both sides read the words in turn) or two (each side its own column),
#: and a third, the rows the score runs on in under the first column, read in turn once a column is read.
Order = tuple[list[Token], ...]


@dataclass
class Segment:
    """A stretch of the text and the orders it may be read in, the printed order first."""

    orders: list[Order]


#: Whether a line (its words joined by spaces) is a column's head (``WHITE.``, ``BLACK. (Mr. H.)``).
Head = Callable[[str], bool]


def segments(words: list[Token], first_head: Head, second_head: Head) -> list[Segment]:
    """The text cut into segments: a column pair wherever a line that is only the first side's head
    (``WHITE``) is followed, further down, by a line that is only the second side's (``BLACK``), and
    wherever the lines' numbers run on and then start again (``6.``, ``7.``, then ``6.``, ``7.``: the
    OCR gave a stretch of the two columns one after the other, without heads).

    The second column is taken as long as the first (a few lines more, for the OCR's stray
    lines), and stops before a line numbered past the first column's numbers (the score goes
    on in rows): what follows it is read in printed order again.
    """
    lines: dict[int, list[Token]] = {}
    for token in words:
        lines.setdefault(token.line, []).append(token)
    order = sorted(lines)
    out: list[Segment] = []
    single: list[Token] = []

    def heads(line: list[Token]) -> bool:
        return _only(line, first_head) or _only(line, second_head)

    i = 0
    while i < len(order):
        line = lines[order[i]]
        # Two pairs of columns, the left pair's first column alone, its second among the right pair's rows.
        beside_rows = _beside_rows(lines, order, i, first_head, second_head) if _only(line, first_head) else None
        if beside_rows is not None:
            columns, end = beside_rows
            if single:
                out.append(Segment([(single,)]))
                single = []
            out.append(Segment([columns, ([t for n in order[i:end] for t in lines[n]],)]))
            i = end
            continue
        # A pair of columns, each under its head: White's first, or Black's first where the OCR gave the
        # right-hand column first (then as White's and Black's, in that order).
        found = _column_pair(lines, order, i, first_head, second_head) if _only(line, first_head) else None
        in_order = found is not None
        if found is None and _only(line, second_head):
            reversed_pair = _reversed_pair(lines, order, i, first_head, second_head)
            if reversed_pair is not None:
                black, white, end = reversed_pair
                found = white, black, end
        if found is not None:
            white, black, end = found
            if single:
                out.append(Segment([(single,)]))
                single = []
            printed = [t for n in order[i:end] for t in lines[n]]
            rows = _rows(white)
            columns = (white[:len(white) - len(rows)], black, rows) if rows else (white, black)
            # (A second column longer than the first may end in rows of both sides' moves, "PtoQKt3 KttoQB3",
            # that the columns' short stretch runs on in: its lines past the first's, read in turn, are one
            # more order; they may as well be a move wrapped or a stray line, which the column reads.)
            tail = _past(black, white) if in_order and not rows else []
            more: list[Order] = [(white, black[:len(black) - len(tail)], tail)] if tail else []
            out.append(Segment([columns, *more, (printed,)]))
            i = end
            continue
        beside = _side_by_side(lines, order, i) or _interleaved(lines, order, i, heads) or _fractions(lines, order, i)
        if beside is not None:
            stream, end = beside
            if single:
                out.append(Segment([(single,)]))
                single = []
            printed = [t for n in order[i:end] for t in lines[n]]
            out.append(Segment([(stream,), (printed,)]))
            i = end
            continue
        found = _numbered_pair(lines, order, i)
        if found is not None:
            white, black, end = found
            if single:
                out.append(Segment([(single,)]))
                single = []
            printed = [t for n in order[i:end] for t in lines[n]]
            out.append(Segment([(white, black), (printed,)]))
            i = end
            continue
        single.extend(line)
        i += 1
    if single:
        out.append(Segment([(single,)]))
    return out


#: A fraction's bar: a run of dashes, the move number before it ("1. --------").
_BAR = re.compile(r"-{3,}")


def _fractions(lines: dict[int, list[Token]], order: list[int], at: int) -> tuple[list[Token], int] | None:
    """Fractions in a row ("P-K4 Kt-KB3" over "1. ---- 2. -----" over "P-K4 Kt-QB3"): White's moves on the
    line above the bars, Black's under them, each over or under its number's bar, at or right of the number.
    Move by move (the number, White's move, Black's), and where the stretch ends. The numbers go on one by
    one, two or more of them (fractions of lines side by side, "4. ----  4. ----", are the columns' to read;
    a fraction alone reads in the printed order)."""
    if at + 2 >= len(order) or order[at + 1] != order[at] + 1 or order[at + 2] != order[at] + 2:
        return None
    top, bar, bottom = lines[order[at]], lines[order[at + 1]], lines[order[at + 2]]
    numbers = [t for t in bar if t.number is not None]
    if len(numbers) < 2 or any(t.number is None and not _BAR.fullmatch(t.text) for t in bar) \
            or any(b.number != (a.number or 0) + 1 for a, b in zip(numbers, numbers[1:])) \
            or any(t.column < 0 for t in numbers) or any(_BAR.fullmatch(t.text) for t in top + bottom):
        return None
    bounds = [t.column for t in numbers[1:]] + [10 ** 6]
    if any(t.column < numbers[0].column for t in top + bottom):
        return None
    stream: list[Token] = []
    for number, right in zip(numbers, bounds):
        stream.append(number)
        stream += [t for t in top if number.column <= t.column < right]
        stream += [t for t in bottom if number.column <= t.column < right]
    return stream, at + 3


def _numbered_pair(lines: dict[int, list[Token]], order: list[int], at: int
                   ) -> tuple[list[Token], list[Token], int] | None:
    """A stretch of the two columns one after the other, without heads: lines numbered ``n``, ``n+1``
    .. ``m`` (notes between them), then lines numbered ``n``, ``n+1`` .. again. The first side's column
    runs to the line before the second ``n``; the second side's to its last line numbered ``m`` or below
    (the notes after it are read in printed order again)."""
    first = _column_number(lines[order[at]])
    if first is None:
        return None
    expected, restart = first + 1, None
    for j in range(at + 1, min(len(order), at + _LONGEST)):
        number = _column_number(lines[order[j]])
        if number is None:
            continue
        if number == expected:
            expected += 1
        elif number == first and expected > first + 1:
            restart = j
            break
        else:
            return None
    if restart is None:
        return None
    last, expected, end = expected - 1, first, restart
    for j in range(restart, min(len(order), restart + _LONGEST)):
        number = _column_number(lines[order[j]])
        if number is None:
            continue
        if number != expected or number > last:
            break
        expected, end = expected + 1, j + 1
    if expected < first + 2:
        return None  # one number repeated is a row broken over two lines (``6. B-B4`` / ``6. P-K4``)
    white = [t for n in order[at:restart] for t in lines[n]]
    black = [t for n in order[restart:end] for t in lines[n]]
    return white, black, end


#: How many rows of the second column a stretch of two columns side by side has at least.
_BESIDE = 3


def _side_by_side(lines: dict[int, list[Token]], order: list[int], at: int) -> tuple[list[Token], int] | None:
    """Two columns of rows printed side by side, the OCR giving each line as a row of each
    (``12 BtoKt2(C) BtoK5  54 Kt to K 3 Bto R6``): the left column's rows, then the right's, as one
    stream, and where the stretch ends. A line's right half begins at the number its column goes on
    with (the first time, the one the next lines go on from); a line without one belongs to the left
    column (its rows run on below the right's, or a stray line: ``[1st hour.]``), a line that begins
    with it to the right (the left column has ended). The stretch ends before a line that is neither
    (after two such), and needs :data:`_BESIDE` lines that begin with a row of the left column and go on
    with one of the right (a sentence that names "Col. 7" and "Col. 8" is none)."""
    line = lines[order[at]]
    found = _right_start(line, line[0].number, None, [lines[n] for n in order[at + 1:at + 3]])
    if found is None:
        return None
    start, right_next = found
    left_next = line[0].number + 1 if line[0].number is not None else None
    cuts: list[int] = []  # per line: where its right half begins (its length: none)
    rows, misses, end = 0, 0, at
    for j in range(at, min(len(order), at + _LONGEST)):
        line = lines[order[j]]
        first = line[0].number
        found = (start, right_next) if j == at else _right_start(line, first, right_next, [])
        if found is None and first is not None and right_next <= first <= right_next + 1:
            found = 0, first  # the right column's row alone: the left column has ended
        k = None if found is None else found[0]
        if found is not None:
            right_next = found[1] + 1
            rows += found[0] > 0 and first is not None  # a row of each column
        elif not (first is not None and left_next is not None and left_next - 1 <= first <= left_next + 1):
            misses += 1
            if misses > 2:
                break
            cuts.append(len(line))
            continue
        if k != 0 and first is not None:
            left_next = first + 1
        misses, end = 0, j + 1
        cuts.append(len(line) if k is None else k)
    if rows < _BESIDE:
        return None
    chosen = [(lines[n], cut) for n, cut in zip(order[at:end], cuts)]
    return [t for line, cut in chosen for t in line[:cut]] + [t for line, cut in chosen for t in line[cut:]], end


#: How many lines a row of two moves takes at most where the OCR gives each cell a line of its own (its number,
#: each move, a move broken in two, a stray mark).
_ROW_LINES = 5
#: The most words a line of such a row holds (a number and two moves): a longer line is prose.
_ROW_WORDS = 14


def _interleaved(lines: dict[int, list[Token]], order: list[int], at: int,
                 head: Callable[[list[Token]], bool]) -> tuple[list[Token], int] | None:
    """Two pairs of columns side by side (``WHITE BLACK WHITE BLACK``), the OCR giving their rows one
    after the other: a row of the left pair (its number and both moves, on one line or on several: ``I P
    to K 4`` / ``Pto K4``), then a row of the right pair (``4 P to Q 4`` / ``KtxKP``), then the left's
    next row (``2``), and so on. The left pair's rows, then the right's, as one stream, and where the
    stretch ends. A row begins at a line that begins with the number its pair goes on with (its figures
    as the OCR may have confused them, ``lo`` for 10); the right pair's first number is above the left's
    next. The stretch ends before a line that begins with another number (a page's number, a note's
    row), a line of prose, or a row longer than a row's few lines; it needs two rows of each pair in turn
    (the printed order then differs)."""
    first = _row_number(lines[order[at]][0], None)
    if first is None:
        return None
    left_next, right_next = first + 1, None
    rows: list[tuple[bool, int]] = [(False, at)]  # (in the right pair, the row's first line index in order)
    end, turns = at + 1, 0
    for j in range(at + 1, min(len(order), at + _LONGEST)):
        line = lines[order[j]]
        if len(line) > _ROW_WORDS or head(line):
            break
        number = _row_number(line[0], None)
        if right_next is None and number is not None and number > left_next:
            right, right_next = True, number + 1  # the right pair's first row
        elif number is not None and _row_number(line[0], left_next) == left_next:
            right, left_next = False, left_next + 1
        elif right_next is not None and number is not None and _row_number(line[0], right_next) == right_next:
            right, right_next = True, right_next + 1
        elif number is None and right_next is not None and _lost_number(line, rows[-1][1] < j - 1):
            # (A row's number the OCR damaged past reading, "n" for 11: the other pair's row comes in turn.)
            right = not rows[-1][0]
            if right:
                right_next += 1
            else:
                left_next += 1
        elif number is not None and len(line) > 1:
            break  # another number: a page's, a note's row (a figure alone may end a move: "P to K R" / "4")
        elif j - rows[-1][1] >= _ROW_LINES:
            break
        else:
            end = j + 1
            continue
        turns += right != rows[-1][0]
        rows.append((right, j))
        end = j + 1
    if right_next is None or turns < 3:
        return None
    bounds = [(right, order[j:(rows[k + 1][1] if k + 1 < len(rows) else end)]) for k, (right, j) in enumerate(rows)]
    left = [t for right, span in bounds if not right for n in span for t in lines[n]]
    right_rows = [t for right, span in bounds if right for n in span for t in lines[n]]
    return left + right_rows, end


def _beside_rows(lines: dict[int, list[Token]], order: list[int], at: int, first_head: Head,
                 second_head: Head) -> tuple[Order, int] | None:
    """Two pairs of columns side by side (moves 1-12 ``WHITE BLACK`` | moves 13-24 ``WHITE BLACK``), the
    OCR giving the left pair's first column alone under its head, then the heads of the other three
    (``BLACK``, ``WHITE``, ``BLACK``), then the left pair's second column cell by cell, each before a row
    of the right pair: ``P to Q B 4`` (Black's 1st), ``13 KxB``, ``QxQ``, ``PxP`` (Black's 2nd), ``14
    BxQ`` .. (Hastings 1895). The order: the first column, the second column's cells, and the right
    pair's rows (a third stream, read in turn once both columns are read), and where the stretch ends.

    A row begins at a line that begins with the number the right pair goes on with (the first, a number
    after at least one cell: one above the first column's last row); the first line after the row's
    number is its second move, the lines after it to the next row are the left column's cells. A line of
    one short word (``sq``, a figure) ends the cell before it, wrapped. The stretch ends at a column's
    head, a line of prose, another number with words after it, the left column full (as many cells as
    the first column has rows) with no row to come, or a row run past a few lines; it needs two rows."""
    first = None
    for j in range(at + 1, min(len(order), at + _LONGEST)):
        if _only(lines[order[j]], first_head):
            return None
        if _only(lines[order[j]], second_head):
            first = j
            break
    if first is None or first == at + 1 or first + 3 >= len(order) \
            or not (_only(lines[order[first + 1]], first_head) and _only(lines[order[first + 2]], second_head)):
        return None
    cells: list[list[int]] = []  # the left column's cells, each its lines' indices in order
    rows: list[list[int]] = []  # the right pair's rows
    expected, into, answered, end = None, None, True, first + 3
    full = _LONGEST  # how many cells the left column has: as many as its first column's rows
    for j in range(first + 3, min(len(order), first + 3 + _LONGEST)):
        line = lines[order[j]]
        if len(line) > _ROW_WORDS or _only(line, first_head) or _only(line, second_head):
            break
        number = _row_number(line[0], expected)
        if number is not None and cells and (number == expected or expected is None and number > 1):
            if not rows:
                full = number - 1
            rows.append([j])
            into, answered, expected = rows[-1], False, number + 1
        elif into is not None and len(line) == 1 and len(line[0].text.strip(".,;:'")) <= _FIRST_WORD:
            into.append(j)  # (a cell wrapped: "Q R to Kt" / "sq")
        elif number is not None and (len(line) > 1 or expected is None):
            break  # another number: a page's, a note's row
        elif not answered:
            rows[-1].append(j)
            answered = True
        elif len(cells) >= full or rows and j - rows[-1][-1] >= _ROW_LINES:
            break
        else:
            cells.append([j])
            into = cells[-1]
        end = j + 1
    if len(rows) < 2:
        return None
    white = [t for n in order[at + 1:first] for t in lines[n]]
    black = [t for cell in cells for j in cell for t in lines[order[j]]]
    right = [t for row in rows for j in row for t in lines[order[j]]]
    return (white, black, right), end


#: Words of two letters at most that begin a line of a score without being a row's number: a piece, "to" ..
_NOT_NUMERALS = frozenset("K Q R B P Kt N to x X ch or if in of at by on so as it is A a an An".split())


def _lost_number(line: list[Token], after_moves: bool) -> bool:
    """Whether a line begins with a short word that is no piece and no word of a move or a sentence, a
    move after it (``n Qto K 2``, ``iQ K RtoKsq``, ``• 3 BtoQ3``): a row's number the OCR damaged past
    reading, once the row before has its moves (``after_moves``)."""
    word = line[0].text.rstrip(".,")
    return after_moves and len(line) > 1 and 0 < len(word) <= 2 and word not in _NOT_NUMERALS


def _row_number(word: Token, expected: int | None) -> int | None:
    """The row number a line's first word prints: a number, or, where ``expected`` is given or the word is
    short, figures the OCR confused (``I`` for 1, ``lo`` for 10, ``S`` for 5)."""
    if word.number is not None:
        if expected is None or word.number == expected:
            return word.number
    text = word.text.rstrip(".")
    folded = text.translate(_FIGURES)
    if len(text) <= 2 and folded.isdigit() and text != folded and (expected is None or int(folded) == expected):
        return int(folded)
    return word.number


def _right_start(line: list[Token], left: int | None, expected: int | None,
                 after: list[list[Token]]) -> tuple[int, int] | None:
    """Where the right column's row begins on a line of two columns side by side, and its number: at
    the number it goes on with (``expected``, or one more where the OCR lost one; its figures may be
    damaged, :func:`_damaged_figures`); the first time, at a number above the left row's that a word of
    the next lines goes on from."""
    for k in range(1, len(line)):
        number = line[k].number
        if number is None:
            continue
        meant = _damaged_figures(line, k, expected) if expected is not None else None
        if meant is not None:
            return k, meant
        if left is not None and number < left + 3:
            continue  # (a row numbered twice, "9. B-Kt5  9. Kt-K5", is one row of both sides)
        if expected is not None:
            if expected <= number <= expected + 1:
                return k, number
        elif any(row[n].number is not None and (row[n].number == number + 1
                                                 or _damaged_figures(row, n, number + 1) is not None)
                 for row in after for n in range(1, len(row))):
            return k, number
    return None


#: Figures the OCR prints for others in a row's number ("86" for 36, "3L" for 31, "1S" for 15), each read as
#: the figure meant: in a column of rows the number expected is known, so the damaged one is named by it.
_FIGURES = str.maketrans("8lIL|SsOo", "311115500")


def _damaged_figures(line: list[Token], k: int, expected: int) -> int | None:
    """The number ``expected`` (or one more) where ``line[k]`` prints it with figures the OCR confused
    (:data:`_FIGURES`), a letter run into it included ("3L": the OCR's "L" for "1")."""
    text = line[k].text.rstrip(".")
    if k + 1 < len(line) and line[k + 1].start == line[k].end and line[k + 1].text in ("l", "I", "L", "|", "S", "O"):
        text += line[k + 1].text  # (the letter the tokens split from the number run into it: "3L")
    folded = text.translate(_FIGURES)
    for meant in (expected, expected + 1):
        if folded == str(meant).translate(_FIGURES) and text != str(meant):  # (as printed: no damage)
            return meant
    return None


def _rows(column: list[Token]) -> list[Token]:
    """The end of a first column that is rows of both sides' moves: from its first line numbered as the
    line before (``11. P-KB4`` then ``11. Q-B5``: Black's move under White's) or holding its number
    twice (``12. P-Kt3  12. Q-R6``). (A smaller number is no sign: the OCR loses figures, ``7`` for ``17``.)"""
    lines: dict[int, list[Token]] = {}
    for token in column:
        lines.setdefault(token.line, []).append(token)
    before = None
    for line in lines.values():
        number = line[0].number
        if number is not None and (number == before or any(t.number == number for t in line[1:])):
            return column[column.index(line[0]):]
        if line[0].number is not None:
            before = line[0].number
    return []


def _past(column: list[Token], first: list[Token]) -> list[Token]:
    """The words of ``column`` on its lines past as many as ``first`` has, where the first of them is a
    row of two moves: longer than any line of ``first``, each one move (a move wrapped, a stray line, a
    note's mark are none), and none of them prose."""
    lines = sorted({t.line for t in column})
    count = len({t.line for t in first})
    tail = [t for t in column if t.line in lines[count:]]
    if not tail or any(_SENTENCE_WORD.fullmatch(t.text) for t in tail) \
            or any(sum(t.line == n for t in tail) > _ROW_WORDS for n in lines[count:]):
        return []  # (a line of prose: a note's, after a column run short)
    widest = max(_width([t for t in first if t.line == n]) for n in {t.line for t in first})
    return tail if _width([t for t in tail if t.line == tail[0].line]) > widest else []


#: A word no row of moves prints: six small letters or more ("variation", "considered").
_SENTENCE_WORD = re.compile(r"[a-z]{6,}[,.;:!?]?")


def _width(line: list[Token]) -> int:
    """How many characters a line's words span."""
    return line[-1].end - line[0].start if line else 0


def _column_number(line: list[Token]) -> int | None:
    """The number a line of one column begins with (one move: no other number on the line, as a row
    of both sides' moves, ``16. Q-K4  16. P-KKt3``, has); ``None`` for any other line."""
    number = line[0].number
    if number is None or any(t.number is not None for t in line[1:]):
        return None
    return number


def _only(line: list[Token], head: Head) -> bool:
    return head(" ".join(t.text for t in line))


#: How many lines a column may run past the other (stray OCR lines, a footnote mark on a line of its own).
_SLACK = 3
#: The longest column looked for: a score of sixty moves, with stray lines.
_LONGEST = 80


def _column_pair(lines: dict[int, list[Token]], order: list[int], at: int, first_head: Head,
                 second_head: Head) -> tuple[list[Token], list[Token], int] | None:
    # (A line that is a number alone counts for no line of the column: the other column's numbers, printed in
    # a column of their own between the two, "1" / "2" / .. / "50" under White's 50 numbered moves and above
    # "BLACK.", as Bird's books print them, make a long score's first column twice its moves' length.)
    counted = 0
    for j in range(at + 1, len(order)):
        line = lines[order[j]]
        counted += len(line) > 1 or line[0].number is None
        if counted >= _LONGEST:
            return None
        if _only(line, first_head):
            return None
        if _only(line, second_head):
            white = [t for n in order[at + 1:j] for t in lines[n]]
            if not white:
                return None
            last = max((t.number for t in white if t.number is not None), default=None)
            # (Where the first column prints its moves without numbers, beside a column of them, its figures are
            # squares: "P. to K. R. 3." over "P. to Q. B. 3.". Where the second's first line is numbered past
            # them, it runs while its own numbers go on one by one, never empty: "6 P. to Q. 3." .. "9 Castles Q.
            # R." under "WHITE." / "Castles." .. "P. to K. B. 4.", and "4 Q. to K. Kt. 5." then "6 P. to Q. 4."
            # is another table's.)
            following, run = None, False
            if last is not None and not _line_numbers(white) and j + 1 < len(order) \
                    and (lines[order[j + 1]][0].number or 0) > last:
                last, run = None, True
            end = j + 1
            while end < len(order) and end - j - 1 < j - at - 1 + _SLACK:
                line = lines[order[end]]
                if _only(line, first_head) or _only(line, second_head):
                    break
                number = line[0].number
                if last is not None and number is not None and number > last:
                    break
                if run and number is not None:
                    if following is not None and number != following:
                        break
                    following = number + 1
                end += 1
            black = [t for n in order[j + 1:end] for t in lines[n]]
            return white, black, end
    return None


def _line_numbers(column: list[Token]) -> list[int]:
    """The numbers a column's lines begin with, in order."""
    firsts: dict[int, Token] = {}
    for token in column:
        firsts.setdefault(token.line, token)
    return [t.number for t in firsts.values() if t.number is not None]


def _reversed_pair(lines: dict[int, list[Token]], order: list[int], at: int, first_head: Head,
                   second_head: Head) -> tuple[list[Token], list[Token], int] | None:
    """The second side's column printed before the first's (``BLACK`` over moves 3-7, then ``WHITE``
    over moves 3-7: the OCR gave the right-hand column first), found as :func:`_column_pair` finds the
    columns in their own order; only where White's column begins with the lines numbered as Black's are, in
    order, so that the ``BLACK`` of a pair whose ``WHITE`` stood above is never paired with the next score's
    ``WHITE`` further down. (White's column may go on in rows of both sides' moves, as a first column may.)"""
    found = _column_pair(lines, order, at, second_head, first_head)
    if found is None:
        return None
    black, white, end = found
    black_numbers, white_numbers = _line_numbers(black), _line_numbers(white)
    if not black_numbers or white_numbers[:len(black_numbers)] != black_numbers \
            or black_numbers != sorted(black_numbers):
        return None
    return found


def named_sides(text: str, words: list[Token], first: str) -> list[Token]:
    """The words, each that the words before it name a side as playing (:func:`notation.parse.side_playing`: "Black
    now plays 9.14", "Weiß zieht") given that side (:attr:`Token.plays`); ``first`` is the colour that moves first
    (``"white"`` in chess, ``"black"`` in checkers)."""
    from notation.parse import side_playing

    out = list(words)
    for i, word in enumerate(words):
        if word.number is None and (side := side_playing(text, word.start)) is not None:
            out[i] = replace(word, plays=int(side != first))
    return out


def named_going_on(text: str, words: list[Token]) -> list[Token]:
    """The words, each unnumbered one after "now" in its sentence (:func:`notation.parse.going_on`: "Black now has
    a choice between 12-16 and 10-14", "White now continues with") marked :attr:`Token.goes_on`."""
    from notation.parse import going_on

    return [replace(word, goes_on=True) if word.number is None and going_on(text, word.start) else word
            for word in words]


def named_weighed(text: str, words: list[Token], first: str = "white") -> list[Token]:
    """The words, each move number and each unnumbered word marked with how the words of its clause before it tell
    its move (:func:`notation.parse.weighed`, :attr:`Token.weighed`): from the end of the number or the move-like
    word before it, at most ("6. PxP, B-Kt5 ch, White cannot well play 7. K-B sq" weighs 7. K-B sq by "White cannot
    well play" alone). A word right after a number is that number's move, weighed with it."""
    from notation.parse import side_weighed, weighed, weighs_any

    if not weighs_any(text):
        return words
    out = list(words)
    since = 0
    for i, word in enumerate(words):
        if i and words[i - 1].number is not None:
            if out[i - 1].weighed is not None:
                out[i] = replace(word, weighed=out[i - 1].weighed)  # (the number's move, weighed with it)
        elif (mark := weighed(text, word.start, max(since, word.start - _WEIGHED_BACK), word.number is not None)):
            out[i] = replace(word, weighed=mark)
            if mark == "supposed" and word.number is None and word.plays is None \
                    and (side := side_weighed(text, word.start, max(since, word.start - _WEIGHED_BACK))) is not None:
                # ("White cannot play KtxP": the side named is the one whose move is weighed.)
                out[i] = replace(out[i], plays=int(side != first))
        if word.number is not None or word.text[:1].isupper() and not word.text.rstrip(",;:.!?").isalpha():
            since = word.end  # (a number, or a word with a move's shape: the words that weigh the next begin after it)
    return out


#: How far back before a move the words that weigh it may begin.
_WEIGHED_BACK = 160


def named_plans(text: str, words: list[Token]) -> list[Token]:
    """The words, each unnumbered one that the words before it name as a plan
    (:func:`notation.parse.plan_named`: "preparing P-Q4", "with the idea of P-KB4") marked :attr:`Token.planned`."""
    from notation.parse import PLANS_NAMED, plan_named

    if PLANS_NAMED.search(text) is None:
        return words
    return [replace(word, planned=True) if word.number is None and plan_named(text, word.start) else word
            for word in words]
