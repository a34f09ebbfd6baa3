"""Grammars -> printed moves. One Lark grammar (in ``grammars/``) and one transformer per notation.

This layer knows syntax only: it never looks at a board.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from lark import Lark, Token, UnexpectedCharacters, UnexpectedInput
from lark.common import ParserConf
from lark.parser_frontends import ParsingFrontend

from notation.grammar_files import GRAMMAR_DIR, grammar_path, parser_cache
from notation.model import Diagnostic, Record

#: The words that begin a supposition in a book's notes, whatever the game: the moves after one, in its clause, are
#: supposed, not played ("If 10. BxKt, ...", "Should White answer 22-18, ...", "Had Black moved 16 to 20",
#: "Instead of 12. P-Q4, ..."). Alternatives of a regular expression, capitalised as a note's first word; each
#: family's reader adds the words only its books use (chess's "Or" and German, checkers' "Suppose" and "In case").
SUPPOSITION = r"If|Should|Had|Instead\s+of"
#: ... with an alternative's "Or" and German's: the words a supposition opens its clause with.
SUPPOSING = rf"{SUPPOSITION}|Or|Wenn|Falls|Oder|Statt"
#: Words that weigh a move as one not played, wherever they stand before it in its clause ("White cannot well play
#: 7. K-B sq", "If now White tries 4. KtxP", "Black might play", "It would have been better to play 20. R-K sq",
#: "threatening", "is bad", "a mistake") or after it ("12. PxKP would be answered by PxP", "4. KtxP is bad").
WEIGHING = r"would|could|might|instead|better|not|else|otherwise|besser"
#: ... and words that reject a move, read in a game told in sentences only (:func:`weighed`), not by the layout
#: reader's guard (:data:`HYPOTHETICAL`): there they moved the OCR'd books' scores, whose notes say "cannot" and
#: "bad" of the game's moves too.
REJECTING = r"cannot|can't|tries|try|trying|bad|weak|mistake|error"
#: ... and a threat's or a move warded off ("threatening Kt-B6", "to prevent B-Kt5"): a note's too, read by the
#: decoder's threats apart (a pass, then the move), not weighed as an alternative.
FORESEEN = r"threat\w*|prevent\w*"
#: The list of both: a line whose lead-in or whose words after its move hold one is a note's (the layout reader's
#: guard, :mod:`notation.parse.chess_layout`), and a move one stands before in its clause a variation's
#: (:func:`weighed`).
HYPOTHETICAL = re.compile(rf"(?i)\b(?:{SUPPOSING}|{WEIGHING}|{FORESEEN})\b")

#: A side named as the one that plays the move printed next ("Black plays 9-14", "White now answers Kt-B3", "replies
#: with", "continues with", "Black takes, PxP", "White may play", "Weiß zieht", "Schwarz antwortet", "statt dessen spielt Schwarz"):
#: that move is the side's.
_SIDE_PLAYS = re.compile(r"(?i)(?:\b(?P<side>white|black|wei(?:ß|ss)|schwarz)\s+(?:now\s+|then\s+|nun\s+|jetzt\s+)?"
                         r"(?:plays|answers|replies|continues|takes|spielt|zieht|antwortet"
                         r"|may\s+(?:also\s+|then\s+|instead\s+)?"
                         r"(?:play|answer|reply|continue|take))"
                         r"|\b(?:spielt|zieht|antwortet)\s+(?P<after>wei(?:ß|ss)|schwarz)(?:\s+(?:nun|jetzt))?)"
                         r"(?:\s+(?:with|by|mit))?[ \t]*[,:]?\s*$")
#: "instead", "if instead", "instead of which", "statt dessen" before a move: it replaces the last move of its side
#: on the line told so far. ("instead of" before a move names the move replaced: each family reads that apart.)
#: ("If White had moved B-K3 instead, Black ...", "Q to either B sq. instead, followed by ...": an "instead" a stop
#: or comma follows stands after the move it offers, no cue of a move after it, save where it opens its clause:
#: "If, instead, Black plays ...", "Instead, 9.14 ...".)
_INSTEAD_BEFORE = re.compile(r"(?i)(?:\binstead\b(?!\s*[,.;:])|(?:(?<=\bif\s)|(?<=\bif,\s))instead\b"
                             r"|(?:(?<=[.;!?]\s)|^)(?-i:Instead)\b)(?!\s+of\s+(?!which\b))|\bstatt\s*dessen\b")
#: A label's word just before a number: "Example 1", "GAME 1.", "No. 1.", "Ending 1." number a game or a position, no
#: move. A full stop after the word is an abbreviation's ("No. 1", "Nr. 3", "p. 12", "Fig. 2"); after any other word
#: it ends a sentence ("This is the simplest position. 1 R-R7, K-Kt1; ..."), the number after it a move's.
LABEL_BEFORE = re.compile(r"(?i)\b(?:(?:example|game|party|partie|diagram|position|problem|ending|study|figure"
                           r"|chapter|table|page|round|board)|(?:no|nr|fig|p|pp)\.?)[ \t]*$")
#: The end of a heading run into the move number after it by a dash: the heading's full stop, colon, closing bracket
#: or italics' underscore, then the dash ("SOLUTION.--1. K-Kt3!", "_Berlin Defence._--3. ...", "Ruy Lopez.—1. P-K4",
#: "GAME 3.--1. P-K4"). The heading's words, then the number: the decoder's words (:mod:`notation.decode.lattice`) and
#: the layout reader's lead-in (:mod:`notation.parse.chess_layout`) cut there alike. (Its stop before the dash: "P--K4"
#: is a move.)
HEADING_DASH = r"[.:_)](?:--|[—–])"
#: An e-text's page mark, where a page of the book begins: its number in braces ("{428}"), on a line of its own or
#: inside a paragraph broken over the page. The book's furniture, which the archive's pages show as such: no word of
#: a note.
PAGE_MARK = re.compile(r"\{(\d{1,4})\}")


def without_page_marks(note: str | None) -> str | None:
    """A note's words without the e-text's page marks in them (:data:`PAGE_MARK`); ``None`` for a note they were all
    of."""
    if note is None or "{" not in note:
        return note
    return " ".join(PAGE_MARK.sub(" ", note).split()) or None


#: A footnote's sign, as tournament books and newspapers mark a move with it and print its note under the score, the
#: note opening with the same sign ("P to K R 3*" ... "* To prevent B to K Kt 5."; "P to B 4†" ... "† Black has
#: ..."): a star, dagger, double dagger or section sign, or two or three of them for the later notes ("**", "††",
#: "*†"). A pattern's alternative, as the note labels' patterns take it beside "(a)" and "a)".
FOOTNOTE_SIGNS = "*†‡§"
SIGN_LABEL = f"[{FOOTNOTE_SIGNS}]{{1,3}}"
#: An e-text's footnote reference: a figure, a capital or two, or a star in square brackets after the word it
#: marks, glued to it or set apart ("P--B4[1]", "R--K sq [A]", "P x P[*]"), its note below opening with it
#: ("[Footnote 1: _A bold move._ ...]", :data:`FOOTNOTE_HEAD`). (The layout grammar's FOOTNOTE.)
FOOTNOTE_REF = r"\[(?:\d{1,3}|[A-Z]{1,2}|\*{1,3})\]"
#: The head of an e-text's footnote at its line's start, its reference's figure or letter the group.
FOOTNOTE_HEAD = re.compile(r"(?m:^)[ \t]*\[Footnote[ \t]+(\d{1,3}|[A-Z]{1,2}|\*{1,3})[ \t]*:")
_FOOTNOTE_MARK = re.compile(rf"(?<=[\w.)!?+])[ \t]?({FOOTNOTE_REF})(?=[\s.,;]|$)")
#: A note opened by its sign at the head of its line, words after it ("* To prevent ...", "† Black has ..."); and a
#: sign after a word, as it marks a move ("P to K R 3*", "P to B 4 †").
SIGN_NOTE = re.compile(rf"(?m:^)[ \t]*({SIGN_LABEL})[ \t]+(?=[A-Z])")
_SIGN_AFTER = re.compile(rf"(?<=[\w.)])[ \t]?({SIGN_LABEL})(?=[\s,;]|$)")


@lru_cache(maxsize=64)
def footnote_signs(body: str) -> frozenset[str]:
    """The signs (:data:`SIGN_LABEL`) that open a note of ``body`` and mark a word of it: each a note's label, as
    "(a)" is, the note on the move the sign follows, never the check or mate the dagger and double dagger are in the
    books that print no such note (Meyer's universal notation, the German books: a "†" no note opens with stays a
    check). (A sign that marks no word is no label: an OCR'd book's superscript figures read as "*" open its notes,
    its score marked with other marks.)"""
    return frozenset(m.group(1) for m in SIGN_NOTE.finditer(body)) & frozenset(
        m.group(1) for m in _SIGN_AFTER.finditer(body))


#: A note's label: a number or a letter or two in brackets ("(1)", "(a)", "(B).", "( a )"). (Or with its closing
#: bracket only, as German books print it: "1)", "a)"; and their stars and small figures, "*)", "**)", "¹)", as the
#: layout grammar's NOTE marks the move with them.) A footnote's bare sign, "*", "†", "**", is one where it marks a
#: move too (:func:`footnote_signs`).
_LABEL_CORE = r"(?:\d{1,3}|[A-Za-z]{1,2}|\*{1,3}|[¹²³⁰⁴-⁹]{1,2})"
NOTE_LABEL = re.compile(rf"\(?\s*{_LABEL_CORE}\s*\)\.?")
_HEAD_AT = re.compile(rf"[ \t]*({NOTE_LABEL.pattern})")
#: A label after a word on its line (glued to it or not, :func:`carried_labels`): the label a move of the score carries.
_MARK_LABEL = re.compile(rf"(?<=\S)[ \t]*(\([ \t]*{_LABEL_CORE}[ \t]*\)|(?<![\w(]){_LABEL_CORE}[ \t]*\))")
#: The words that cite a note by its label ("cf. note (K)", "see (b)"): a reference to it, no move's mark.
_CITING = frozenset({"note", "notes", "see", "cf.", "cf", "vide", "compare", "anm.", "anmerkung"})
#: A man's or a file's letter, a figure in brackets after it a square's ("B 1)"), no label.
_MAN_LETTER = re.compile(r"(?:Kt|[KQRBNP])\.?")


def label_key(label: str) -> str:
    """A label's letter, figure or sign, whatever brackets, spaces and stop it is printed with ("(a).", "( a )",
    "a)": "a")."""
    return re.sub(r"[\s().:]", "", label)


def _head_key(label: str) -> str | None:
    """The key of a note's label as it opens a note (:func:`label_key`); ``None`` for a figure in both brackets, "(4)",
    a table's column mark, no note's label (:func:`carried_labels`)."""
    key = label_key(label)
    return None if key.isdigit() and "(" in label else key


def label_carried(body: str, at: int) -> bool:
    """Whether the note at ``at`` opens with a label (:data:`NOTE_LABEL`, a footnote's sign, an e-text's "[Footnote
    1:") that a word of the score carries too (:func:`carried_labels`): the note is that move's."""
    sign, footnote, label = SIGN_NOTE.match(body, at), FOOTNOTE_HEAD.match(body, at), _HEAD_AT.match(body, at)
    stopped = STOPPED_LABEL.match(body, at)
    key = sign[1] if sign is not None else footnote[1] if footnote is not None \
        else _head_key(label[1]) if label is not None \
        else stopped[1] if stopped is not None and stopped.start(1) in stopped_labels(body) else None
    return key is not None and key in carried_labels(body)


@lru_cache(maxsize=64)
def carried_labels(body: str) -> frozenset[str]:
    """The labels (:func:`label_key`) that a word of ``body``'s score carries: a note's label printed after a word
    on its line, glued to it or not (:data:`NOTE_LABEL`, "9. P to K R 3 (a)", "KttoB3(A)"), a footnote's sign that
    opens a note too (:func:`footnote_signs`, "P to K R 3*" ... "* To prevent ..."), an e-text's footnote reference
    where the text prints footnotes (:data:`FOOTNOTE_REF`, "P--B4[1]" ... "[Footnote 1: ...]"). A note that opens
    with such a label (the layout reader's :func:`label_carried`; the decoder's note under its label, the label its
    line's first word) is the marked move's, its moves a variation of the score (its bare figures their moves'
    numbers, whatever the score's rows print), never the score going on. Not a label after another, a table's row
    of column marks ("(1) (2) (3)", "a) b) c)"); not a label a note's words cite ("cf. note (K)"); not a figure in
    brackets after a man's or a file's letter, a square's ("B 1)"). (Nor does a note open with a figure in both brackets, "(4)" (:func:`label_carried`):
    Freeborough's tables print their columns' marks so, alone on their lines and after a cell's move; read as notes'
    labels they moved 60 of its records, 10,655 -> 10,461 legal.)"""
    marks = set()
    for m in _MARK_LABEL.finditer(body):
        before = body[body.rfind("\n", 0, m.start()) + 1:m.start()].split()[-1:]  # (the word before, on its line)
        key = label_key(m[1])
        if before and not NOTE_LABEL.fullmatch(before[0]) and not (key.isdigit() and _MAN_LETTER.fullmatch(before[0])) \
                and before[0].lower() not in _CITING:
            marks.add(key)
    if "[Footnote" in body:  # (an e-text's footnote, "[Footnote 1: ...]", and its reference, "P--B4[1]")
        marks |= {m[1].strip("[]") for m in _FOOTNOTE_MARK.finditer(body)}
    # (A bare figure after a move, "c7-c6 1.", where a paragraph under it opens "1. The usual defence.".)
    labels = [(m.start(1), m[1]) for m in STOPPED_LABEL.finditer(body)]
    marks |= {key for at, key in bare_marks(body) if any(k == key and at < head for head, k in labels)}
    return frozenset(marks) | footnote_signs(body)


#: A note's label printed as a figure with its stop at its line's head, "Note" before it or not ("2. Capablanca's
#: freeing manoeuvre.", "Note 2. If ..."), a word of prose after it (not a man's "Kt", nor "Castles") or the number
#: of the move the note names first ("2. 12. ... e6-e5 is the natural move.": no row's number, a number after it):
#: the figure, and where it stands, its group.
STOPPED_LABEL = re.compile(r"(?m:^)[ \t]*(?:Note[ \t]+)?(\d{1,2})\.[ \t]+"
                            r"(?=[\"“‘]?(?!Kt\b|Castles\b)(?:[A-Z][a-z]+|[a-z]{2,}|[AI]\b)|\d{1,3}[ \t]*(?:\.|…))")


@lru_cache(maxsize=64)
def stopped_labels(body: str) -> frozenset[int]:
    """Where (the offset of its figure) ``body`` prints a note's label as a figure with its stop heading its line
    (:data:`STOPPED_LABEL`, "2. Capablanca's freeing manoeuvre. If 9. ... b5 ...", "Note 2. ...") whose figure a
    move of the score carries in brackets (:func:`carried_labels`, "Nd5 (2)"): the note's label, as "(2)" is, no row's
    number. (A row's "2." before a move stays the row's number: no word of prose follows it.) Only a figure the score
    carries in both brackets: a bracket's close after a figure, "(see Fig. 4)", "R(B 5)", "(with 8. ... Kt to R 4)",
    marks no move, and the numbered paragraphs of a book's laws ("5. In case of a complaint ...") were read as notes
    (Hastings 1895's and Hoyle's chapters of rules, 5 moves legal lost)."""
    carried = carried_labels(body) & ({m[1] for m in _FIGURE_MARK.finditer(body)} | {key for _, key in bare_marks(body)})
    return frozenset(m.start(1) for m in STOPPED_LABEL.finditer(body) if m[1] in carried)


#: A figure in both brackets after a word on its line ("Nd5 (2)"): the mark a note's label printed with its stop
#: answers to (:func:`stopped_labels`).
_FIGURE_MARK = re.compile(r"(?<=\S)[ \t]*\([ \t]*(\d{1,2})[ \t]*\)")


#: A bare figure after a move, as a games collection marks the move its note is on ("c7-c6 1.", "Nf6-d5 2" at its
#: line's end; "c7-c6^1", "c7-c6¹" glued to it): a move's word before it (a square's figure, a castling or a move's
#: sign ending it; not "K 4.", a descriptive square's figure at its line's end), the figure, its stop or none.
_BARE_MARK = re.compile(r"(?m)(?:(?<=\d)|(?<=[+#!?]))(?:[ \t]+(\d{1,2})\.?[ \t]*$|\^(\d{1,2})(?=[\s.,;]|$)"
                        r"|([¹²³⁴-⁹][⁰¹²³⁴-⁹]?)(?=[\s.,;]|$))"
                        r"|(?<=[O0]-[O0])[ \t]+(\d{1,2})\.?[ \t]*$")
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
#: A line a row's number opens, and the number.
_ROW_NUMBER = re.compile(r"[ \t]*(\d{1,3})[ \t]*\.")
#: A move's number in a line ("3.", "12...", "2 ..."), a word of its own.
_LINE_NUMBER = re.compile(r"(?<!\S)(\d{1,3})[ \t]*\.")


@lru_cache(maxsize=64)
def bare_marks(body: str) -> tuple[tuple[int, str], ...]:
    """Where ``body`` marks a move with a bare figure (:data:`_BARE_MARK`), and the figure: a note's reference
    where a paragraph under it opens with the figure and its stop (:func:`stopped_labels`, "1. The usual
    defence."). Not the next row's number run on at the line's end ("7. Rc1 c6 8." over "Bd3 dxc4"), nor a
    figure the next line opens with (a row's number printed twice)."""
    out = []
    for m in _BARE_MARK.finditer(body):
        at = next(g for g in range(1, 5) if m.start(g) >= 0)
        key = m[at].translate(_SUPERSCRIPT)
        start = body.rfind("\n", 0, m.start()) + 1
        numbers = _LINE_NUMBER.findall(body, start, m.start())
        below = _ROW_NUMBER.match(body, body.find("\n", m.end()) + 1) if body.find("\n", m.end()) >= 0 else None
        if (numbers and int(key) == int(numbers[-1]) + 1) or (below is not None and below[1] == key):
            continue  # (the next move's number, its move on the next line: "... 3. c3 Nc6 4." over "Qc1", as PGN wraps)
        out.append((m.start(at), key))
    return tuple(out)


#: A line a row's number opens ("10. Q. to B's 2nd.*", "9 P to K R 3*"): a row of the score.
_ROW = re.compile(r"[ \t]*\d{1,3}[ \t]*\.?[ \t]+[^\d\s]")


def sign_marks(body: str, sign: str) -> list[int]:
    """Where ``sign`` marks a word of a score's row in ``body`` (:data:`_SIGN_AFTER`, on a line a number opens), in
    the text's order: the marked moves :func:`sign_order` pairs with the notes (not a sign the OCR left in a note's
    prose, "for his Kt*, with ...")."""
    return [m.start(1) for m in _SIGN_AFTER.finditer(body) if m.group(1) == sign
            and _ROW.match(body, body.rfind("\n", 0, m.start()) + 1)]


def sign_order(body: str, sign: str, at: int) -> int | None:
    """The place (from 0) of the note that opens with ``sign`` at ``at`` among the notes of ``body`` that open with
    it, where several do; ``None`` where it is the only one. A book that marks several moves of a game with one sign
    (or its OCR, that prints "*", "†" and "‡" all as "*") opens their notes with it in the same order: the k-th note
    is the k-th marked move's ("9 Kt to Kt 3*" ... "14 Kt to Kt sq*", then "* Bringing ..." ... "* Directly
    fatal ..."), wherever the page prints the notes, above the score's rows or under them. Only where the notes
    are as many as the rows' marks (:func:`sign_marks`): where the OCR lost a mark, or read another as the sign, the
    order says nothing, and the note is read as a label printed more than once is."""
    heads = [m.start(1) for m in SIGN_NOTE.finditer(body) if m.group(1) == sign]
    if len(heads) < 2 or len(heads) != len(sign_marks(body, sign)):
        return None
    return sum(head < at for head in heads)


#: The words that name the move a note replaces, just before it (and its number): "Instead of 5. Castles", "in lieu
#: of", "in (the) place of", "statt", "anstatt", "an Stelle von": the game's move quoted, no move of the note's line.
#: (Their last two words say it: the decoder looks at most two words back.)
_INSTEAD_WORDS = r"(?:instead|lieu|(?:in\s+(?:the\s+)?)?place)\s+of|(?:an)?statt|(?:an\s*)?stelle\s+von"
INSTEAD_OF = re.compile(rf"(?i){_INSTEAD_WORDS}")
#: The same words in running text, after the move they offer and before the one they name ("24-19 instead of
#: 24-20", "9-14 (in place of 15-18)").
INSTEAD_IN_TEXT = re.compile(rf"(?i)\b(?:{_INSTEAD_WORDS})\b")
#: A few words between a plan's words and the word that leads to its move ("building a centre by", ", after castling,
#: to play", "preparing to advance in the centre with P-Q4"), no sentence's end among them.
_PLAN_GAP = r"(?:[ \t\n,]+[^\W\d_][\w'’-]*){0,5}?[ \t\n,]+(?:to\s+play|playing|by|with)"
#: Words that name the move printed right after them as one not played, a plan of the side that moved ("4. P-B3,
#: preparing P-Q4", "intending to play", "with the idea of", "in order to play", "so as to play",
#: "in der Absicht", "um f4 zu spielen": German's "um" with its "zu" after the move, :func:`plan_named`): the game's
#: next move, where the text prints it, is printed later with its own number. A few words may stand between the plan's words and the word that
#: leads to its move ("with the idea of building a centre by", "intending later to play", "in order, after castling,
#: to play"), and the move may carry its number ("by 5. P-Q4"): still a plan, the line's move printed later. (A
#: threat's words, "threatening Kt-B6", are chess's note reader's, ``_THREAT_WORD``; marked here too, the readings of
#: Steinitz's OCR'd notes moved, 39 more moves read illegal.)
_PLAN = re.compile(r"(?i)\b(?:(?:prepar(?:es|ing)|intend(?:s|ing)|with\s+the\s+(?:idea|intention|object)\s+of)"
                   r"(?:" + _PLAN_GAP + r")?|(?:in\s+order|so\s+as)(?:" + _PLAN_GAP + r")"
                   r"|in\s+der\s+Absicht|(?P<um>um))[ \t]*[,:]?\s*"
                   r"(?:\d{1,3}[ \t]*\.?[ \t]*(?:(?:\.{2,4}|…)[ \t]*,?[ \t]*)?)?$")
#: How far before a move the words naming it as a plan may begin ("with the idea of building a centre by 5. ").
_PLAN_REACH = 72
#: How far after German's "um" its "zu" may stand ("um 5. ... Sf6-e4 zu spielen").
_ZU_REACH = 24
_ZU = re.compile(r"(?i)\bzu\b")


#: Whether a text names a plan anywhere (:data:`_PLAN`'s words): most texts do not, and their words are not looked at.
PLANS_NAMED = re.compile(r"(?i)\b(?:prepar|intend|with\s+the\s+(?:idea|intention|object)|in\s+order|so\s+as|in\s+der\s+absicht|um\b)")


def plan_named(text: str, at: int) -> bool:
    """Whether the words just before ``at`` name the move printed there as a plan (:data:`_PLAN`): a move not played
    ("preparing P-Q4")."""
    found = _PLAN.search(text, max(0, at - _PLAN_REACH), at)
    return found is not None and (found.group("um") is None or _ZU.search(text, at, at + _ZU_REACH) is not None)


#: :data:`HYPOTHETICAL` as the decoder reads it in running prose, before a move in its clause: a supposition's word
#: where it opens the clause ("If now White tries 4. KtxP", "; should White play"; "if" anywhere, "and if 7 Q-Kt3"),
#: not mid-clause ("Black should answer 4. ... Kt-B3": advice, the game's move), or a weighing word anywhere.
#: A weighing word denied ("White has nothing better than 9. PxP", "no better"): it tells the move as the best, the
#: game's.
_SUPPOSED = re.compile(rf"(?i)(?:(?:^|[,;:(]|\b(?:and|but|now))\s*(?:{SUPPOSING})\b|\bif\b"
                       rf"|(?<!nothing )(?<!\bno )\b(?:{WEIGHING}|{REJECTING})\b)")
#: Words that tell the move after them in its clause as the one played: "therefore / so / accordingly White plays",
#: "must interpose", "not ... but", "White played", "the game went on", "the actual move", "in the game".
_PLAYED = re.compile(r"(?i)\b(?:therefore|accordingly|hence|so|must|but|played|actual(?:ly)?|went|continued"
                     r"|game)\b")
_NUMBER_ENDING = re.compile(r"(?<![\w.])\d{1,3}[ \t]*\.?(?:[ \t]*(?:\.{2,4}|…))?[ \t]*,?[ \t]*$")
_NUMBER_AND_DOTS = re.compile(r"\d{1,3}[ \t]*\.?(?:[ \t]*(?:\.{2,4}|…))?[ \t]*,?")
#: How far after a move's number the words that weigh it may stand, up to its clause's end ("4. KtxP is bad").
_WEIGHED_REACH = 40
_WEIGHED_AFTER = re.compile(r"(?i)\b(?:would|could|might|is\s+(?:bad|weak|a\s+mistake|an\s+error|inferior|premature"
                            r"|refuted)|fails|will\s+not\s+do)\b")


#: A move printed after a move's first word: a number, or a word with a move's shape ("BtoB4", "Kt-B3", "KtxKt"; not
#: a long descriptive move's own words, "B to Q Kt 5").
_NEXT_MOVE = re.compile(r"(?<=\s)(?:\d{1,3}\s*\.|[A-Z][A-Za-z]*[-x][A-Za-z]*\d?|[A-Z][A-Za-z]*\d)(?=[\s,;.!?]|$)")


#: A side's name in a clause ("White cannot play KtxP").
_SIDE_WORD = re.compile(r"(?i)\b(white|black|wei(?:ß|ss)|schwarz)\b")


#: A bracket or brace between a move and the words before it: a comment's or a variation's edge (PGN's "{ White is
#: better } ) 1... g5"), across which no word weighs the move.
_BRACKET = re.compile(r"[{}()\[\]]")


def _clause_head(text: str, at: int, since: int) -> int:
    """Where the clause of the move printed at ``at`` begins (no earlier than ``since``): after the last clause's end
    (:data:`CLAUSE_END`) or bracket before it."""
    since = max(0, since)
    return max((m.end() for m in (*CLAUSE_END.finditer(text, since, at), *_BRACKET.finditer(text, since, at))),
               default=since)


def side_weighed(text: str, at: int, since: int) -> str | None:
    """The side the words of its clause before ``at`` (from ``since`` at most) name, the last of them (``"white"``,
    ``"black"``), where a move there is weighed (:func:`weighed`: "White cannot play KtxP"); else ``None``."""
    head = _clause_head(text, at, since)
    found = list(_SIDE_WORD.finditer(text, head, at))
    if not found:
        return None
    return "white" if found[-1][1].lower() in ("white", "weiß", "weiss") else "black"


def weighs_any(text: str) -> bool:
    """Whether a text holds any word :func:`weighed` reads: most texts' moves are not looked at."""
    return _SUPPOSED.search(text) is not None or _PLAYED.search(text) is not None


def weighed(text: str, at: int, since: int, numbered: bool) -> str | None:
    """How the words of its clause before ``at`` (from ``since``, the end of the move or number before it, at most)
    tell the move printed there: ``"supposed"`` where they weigh it as one not played (:data:`HYPOTHETICAL`, "If now
    White tries 4. KtxP", "White cannot well play 7. K-B sq"), or a move's number where its clause goes on to weigh it
    ("4. KtxP is bad"); ``"played"`` where they tell it as the game's ("therefore White plays 4. P-B3", "but must
    interpose 7. B-Q2"); else ``None``. A move named after "instead of" is the game's, quoted (:data:`INSTEAD_OF`)."""
    number = _NUMBER_ENDING.search(text, max(0, at - 12), at)
    if number is not None and number.start() >= since:
        at, numbered = number.start(), True  # (a move's first word after its number: weighed as the number is)
    head = _clause_head(text, at, since)
    before = text[head:at]
    if INSTEAD_OF.search(before[-16:]) is not None:
        return None
    if _SUPPOSED.search(before) is not None:
        return "supposed"
    if numbered:  # (past the number and its dots: "4. ... KtxKt")
        after = _NUMBER_AND_DOTS.match(text, at)
        start = after.end() if after else at
        clause = CLAUSE_END.search(text, start, start + _WEIGHED_REACH)
        end = clause.start() if clause else min(len(text), start + _WEIGHED_REACH)
        comma = text.find(",", start, end)
        end = comma if comma >= 0 else end
        # (Up to the next move printed after it: a row's "3 BtoB4 BtoB4" over "A note: QtoKR38 would lose." is not
        # weighed by the note's words.)
        nxt = _NEXT_MOVE.search(text, start + 1, end)
        if _WEIGHED_AFTER.search(text, start, nxt.start() if nxt else end):
            return "supposed"
    return "played" if _PLAYED.search(before) is not None else None


#: The end of a clause ("... P-Q4, and Black takes."): ".", ";", "!" or "?" before a space, or a paragraph's end. A supposition or
#: an alternative's cue reaches its move no further.
CLAUSE_END = re.compile(r"[.;!?](?=\s)|\n[ \t]*\n")
#: How far before a move word the words naming its side may begin ("Schwarz antwortet jetzt mit ").
_SIDE_REACH = 48


def side_playing(text: str, at: int) -> str | None:
    """The side the words just before ``at`` name as playing the move printed there, ``"white"`` or ``"black"``
    ("Black now plays 8.11", "Weiß zieht"), else ``None``: each family knows which of its sides moves first."""
    found = _SIDE_PLAYS.search(text, max(0, at - _SIDE_REACH), at)
    if found is None:
        return None
    return "white" if (found.group("side") or found.group("after")).lower() in ("white", "weiß", "weiss") else "black"


def going_on(text: str, at: int) -> bool:
    """Whether the words of its sentence before ``at`` say the line goes on from where it stands: "now" ("Black now
    has a choice between 12-16 and 10-14", "White now continues with 4. P-B3", "Weiß zieht nun")."""
    head = max((m.end() for m in SENTENCE_STOP.finditer(text, max(0, at - _SIDE_REACH * 2), at)),
               default=max(0, at - _SIDE_REACH * 2))
    return _NOW.search(text, head, at) is not None


#: The word that says a line goes on from where it stands, not from the start.
_NOW = re.compile(r"(?i)\b(?:now|nun|jetzt)\b")


def instead_cues(text: str) -> list[tuple[int, int, int]]:
    """Where the text offers a move instead of one told before it ("If instead Black plays P-Q3, White gets a strong
    centre by P-Q4."): each cue's end, the end of its clause (its move stands before it), and the end of its
    sentence (the alternative's line goes on to it; the next sentence takes the line it left up again)."""
    out: list[tuple[int, int, int]] = []
    for found in _INSTEAD_BEFORE.finditer(text):
        clause = CLAUSE_END.search(text, found.end())
        sentence = SENTENCE_STOP.search(text, found.end())
        out.append((found.end(), clause.start() if clause else len(text), sentence.start() if sentence else len(text)))
    return out


#: The end of a sentence: a stop before a capital or the text's end (not a man's or a title's abbreviation, "Kt.
#: to B3", "Mr. Morphy"; a move's figure may stand before it, "by P-Q4. White ..."), or a blank line.
SENTENCE_STOP = re.compile(r"(?<!\b[A-Z])(?<!\b[A-Z][a-z])[.!?](?=\s+[A-Z\"“(]|\s*$)|\n[ \t]*\n")


def span(token: Token) -> tuple[int, int]:
    """A token's start and end offsets in the text it was read from (always set by Lark's lexers)."""
    return token.start_pos or 0, token.end_pos or 0


@cache
def load(name: str, start: str = "start", parser: str = "lalr", **options) -> Lark:
    """Build a Lark parser from ``grammars/<name>`` once per process."""
    options.setdefault("propagate_positions", True)
    cache = parser_cache(name, start=start, parser=parser, **options)
    return Lark.open(str(grammar_path(name)), start=start, parser=parser, cache=cache,
                     maybe_placeholders=False, import_paths=[str(GRAMMAR_DIR)], **options)


class GatedEarley:
    """A dynamic-lexer Earley parser that reads a text with only the rules its reading can use, and refuses at once
    a text it cannot read. Earley predicts the whole grammar at every character (about 0.1 s for a line of a dozen
    words against the heading grammar's 856 rules), and a book's reader asks it of every short paragraph above a
    score, most of them prose.

    A reading can use only terminals whose patterns match where a token may start, through rules each of whose
    symbols can be read so; and its tokens, with the ignored ones, cover every character (each token is its
    pattern's match where it starts, as the dynamic lexer takes it). :meth:`may_read` is ``False`` only where
    one of these fails, so the parse would fail too. Where it is ``True`` the text is parsed by the same rules
    (the same objects, with their order and priorities, and the same terminals) less those no reading of this
    text can use: every parse of the whole grammar is one of these rules' and the other way round, so the tree
    chosen is the same (``tests/test_earley_gate.py`` holds the two trees equal), in a few milliseconds. A
    parser is made once per set of rules (a book's headings share a few shapes).
    """

    #: How many parsers of a few rules are kept (Hastings' 262 headings are read by 19).
    PARSERS_KEPT = 256

    def __init__(self, parser: Lark, start: str):
        self.parser = parser
        conf = parser.lexer_conf
        # The patterns as the dynamic lexer compiles them (parser_frontends.EarleyRegexpMatcher).
        self._patterns = {t.name: conf.re_module.compile(t.pattern.to_regexp(), conf.g_regex_flags)
                          for t in conf.terminals}
        self._ignore = [self._patterns[name] for name in conf.ignore]
        # Each rule's alternative, by the name it defines, with its index in the parser's rules.
        self._rules: dict[str, list[tuple[int, tuple[tuple[bool, str], ...]]]] = {}
        for index, rule in enumerate(parser.rules):
            self._rules.setdefault(rule.origin.name, []).append(
                (index, tuple((s.is_term, s.name) for s in rule.expansion)))
        # For the readable rules' fixpoint, each alternative as (the name it defines, its terminals, how many
        # distinct rules it names), and the alternatives that name each rule.
        self._alternatives = [(rule.origin.name, frozenset(s.name for s in rule.expansion if s.is_term),
                               len({s.name for s in rule.expansion if not s.is_term})) for rule in parser.rules]
        self._naming: dict[str, list[int]] = {}
        for index, rule in enumerate(parser.rules):
            for name in {s.name for s in rule.expansion if not s.is_term}:
                self._naming.setdefault(name, []).append(index)
        self._start = start
        self._parsers: dict[tuple[int, ...], Any] = {}

    def may_read(self, text: str) -> bool:
        """Whether ``text`` may be read from the start rule (``False``: it cannot)."""
        return self._reading_rules(text) is not None

    def _reading_rules(self, text: str) -> tuple[int, ...] | None:
        """The indices of the rules a reading of ``text`` from the start can use; ``None`` where it has none."""
        reaches, present = self._tokens(text, self._patterns)
        if not reaches:
            return None
        readable = self._readable_rules(present)
        if self._start not in readable:
            return None
        used: set[str] = set()  # the terminals a reading from the start can use
        rules: list[int] = []  # and its rules
        seen, todo = {self._start}, [self._start]
        while todo:
            for index, alternative in self._rules[todo.pop()]:
                if self._readable(alternative, present, readable):
                    rules.append(index)
                    for is_term, name in alternative:
                        if is_term:
                            used.add(name)
                        elif name not in seen:
                            seen.add(name)
                            todo.append(name)
        return tuple(sorted(rules)) if self._tokens(text, used)[0] else None

    def parse(self, text: str) -> Any:
        """The parser's tree of ``text``; raises :class:`UnexpectedInput` where it cannot be read."""
        rules = self._reading_rules(text)
        if rules is None:
            raise UnexpectedCharacters(text, 0, 1, 1, allowed=set())
        if rules not in self._parsers:
            if len(self._parsers) >= self.PARSERS_KEPT:
                self._parsers.clear()  # a bound on memory whatever the input (a book's headings need a few dozen)
            conf = ParserConf([self.parser.rules[i] for i in rules], self.parser._callbacks, [self._start])
            conf.parser_type = "earley"
            self._parsers[rules] = ParsingFrontend(self.parser.lexer_conf, conf, self.parser.options)
        return self._parsers[rules].parse(text, self._start)

    def _tokens(self, text: str, names: Iterable[str]) -> tuple[bool, set[str]]:
        """Whether tokens of ``names`` (and the ignored ones), each its pattern's match where the one before
        ends, can run from the text's start to its end; and the terminals matched on the way. (Only where a
        token may start: a pattern tried mid-word, where no token ends, can backtrack without end.)"""
        patterns = [(name, self._patterns[name]) for name in names] + [("", p) for p in self._ignore]
        reached = [False] * (len(text) + 1)
        reached[0] = True
        matched: set[str] = set()
        for at in range(len(text)):
            if reached[at]:
                for name, pattern in patterns:
                    found = pattern.match(text, at)
                    if found is not None:
                        reached[found.end()] = True
                        matched.add(name)
        return reached[len(text)], matched

    def _readable_rules(self, present: set[str]) -> set[str]:
        """The rules that derive a string of ``present`` terminals: each alternative waits for the rules it names
        (a count of them), and a rule is readable once one of its alternatives whose terminals are all present
        waits for none."""
        waiting = [count if terms <= present else -1 for _, terms, count in self._alternatives]
        readable: set[str] = set()
        todo = [name for (name, _, _), wait in zip(self._alternatives, waiting) if wait == 0]
        while todo:
            name = todo.pop()
            if name in readable:
                continue
            readable.add(name)
            for index in self._naming.get(name, ()):
                if waiting[index] > 0:
                    waiting[index] -= 1
                    if waiting[index] == 0:
                        todo.append(self._alternatives[index][0])
        return readable

    @staticmethod
    def _readable(alternative: tuple[tuple[bool, str], ...], present: set[str], readable: set[str]) -> bool:
        return all(name in present if is_term else name in readable for is_term, name in alternative)


def parse_body(record: Record, grammar: str, what: str, transformer: Any = None) -> Any:
    """A record's body read by ``grammars/<grammar>`` (with ``transformer`` run inside the LALR parser).

    Raises :class:`ParseError` naming the line, column and what was expected of ``what``.
    """
    parser = load(grammar, transformer=transformer) if transformer is not None else load(grammar)
    try:
        return parser.parse(record.body)
    except UnexpectedInput as exc:
        raise from_lark(record, exc, what=what) from None


def next_turn(number: int | None, side: str | None) -> tuple[int | None, str | None]:
    """Move number and side of the move after one by ``side``: White's 3 -> Black's 3 -> White's 4."""
    if side == "white":
        return number, "black"
    if side == "black":
        return (number + 1 if number is not None else None), "white"
    return number, side


class ParseError(ValueError):
    """The text does not fit the notation's grammar.

    Carries the record, the offset in its body, and what was expected, so the
    message names the file, line and column.
    """

    def __init__(self, record: Record, offset: int, message: str, expected: list[str] | None = None):
        self.record = record
        self.offset = offset
        self.line, self.column = record.position(offset)
        self.expected = expected or []
        self.reason = message
        super().__init__(f"{record.path}:{self.line}:{self.column}: {message}")

    def diagnostic(self) -> Diagnostic:
        return Diagnostic("error", "syntax", self.reason, self.line, self.column,
                          suggestions=[])


#: Readable names for the terminals the grammars share, for "expected ..." in messages.
TERMINAL_NAMES = {
    "SAN": "a move", "MOVE_NUMBER": "a move number", "BRACE_COMMENT": "a {comment}", "OPEN_COMMENT": "a {comment}",
    "LINE_COMMENT": "a ;comment", "NAG": "a NAG such as $1", "GLYPH": "an annotator's symbol such as +-", "RESULT": "a result",
    "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "PIECE": "a piece",
    "PIECE_TAKEN": "the piece taken", "SQUARE": "a square", "TO": "'-'", "TAKES": "'x'",
    "CASTLES": "Castles", "CHECK": "ch", "MATE": "mate", "$END": "the end of the text", "_DOTS": "full stops",
}


def describe_expected(exc: UnexpectedInput, limit: int = 8) -> list[str]:
    """Human names for what the grammar expected at the failure point."""
    expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or set()
    # (A grammar's anonymous terminals, Lark's "__ANON_0", name nothing a reader knows: left out.)
    names = sorted({TERMINAL_NAMES.get(str(e), str(e).lower().replace("_", " ").strip()) for e in expected
                    if not str(e).startswith("__ANON")})
    return names[:limit]


def lark_failure(text: str, exc: UnexpectedInput, end: str) -> tuple[int, set[str], str]:
    """Where a Lark parse of ``text`` stopped, the terminals it would have taken there, and what it
    found (``end`` names the end of the text): what a reader's error message is made of."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        offset = span(exc.token)[0] if exc.token.type != "$END" else len(text)
        found = end if exc.token.type == "$END" else repr(str(exc.token).strip() or str(exc.token))
        return offset, {str(name) for name in exc.accepts or exc.expected}, found
    if isinstance(exc, UnexpectedCharacters):
        offset = exc.pos_in_stream or 0
        return offset, {str(name) for name in exc.allowed}, repr((text[offset:].split() or [""])[0])
    if isinstance(exc, UnexpectedEOF):
        return len(text), {str(name) for name in exc.expected}, end
    return getattr(exc, "pos_in_stream", 0) or 0, set(), "unexpected text"  # pragma: no cover


def from_lark(record: Record, exc: UnexpectedInput, base: int = 0, what: str = "") -> ParseError:
    """A :class:`ParseError` from a Lark exception at ``base`` + its position in the parsed text."""
    pos = getattr(exc, "pos_in_stream", None) or 0
    expected = describe_expected(exc)
    got = ""
    token = getattr(exc, "token", None)
    char = getattr(exc, "char", None)  # UnexpectedToken has a token, UnexpectedCharacters a char
    if token is not None:
        got = f"found {str(token)!r}" if str(token) else "found the end of the text"
    elif char:
        got = f"found {char!r}"
    message = f"cannot read {what or 'the text'}: {got or 'unexpected text'}"
    if expected:
        message += f"; expected {' or '.join(expected)}"
    return ParseError(record, base + pos, message, expected)
