"""The search: which words are the moves, read in which order, explains the page best.

Dynamic programming over the words and the game's positions (a beam of the
best readings at each point of the text, one per position reached): at each
word, a reading may take the next few words as a legal move of its position
(in one of the forms the family says the move may be printed in, as printed,
through an OCR confusion, or one letter off), or leave the word as prose.
Every move read earns the same reward, a correction costs part of it, so the
reading that explains the most words as legal moves wins, and a wrong turn
taken at a word (a note's move read as the game's) is settled by everything
that follows: the game's later moves are legal only after the right one.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from itertools import accumulate, chain
from typing import Any, Generic, Protocol, TypeVar

from notation.decode.lattice import Order, Segment, Token
from notation.parse import INSTEAD_OF, label_key

P = TypeVar("P")
M = TypeVar("M")

#: What a move read is worth (a cost below zero): every reading is compared by its total.
READ = -1.0
#: What reading a word through an OCR confusion costs (``K s`` for ``K 5``, ``i`` for ``1``).
OCR = 0.3
#: What a game's own confusion (:class:`Rules`) costs besides :data:`OCR`: a little, so that where the word
#: and the next read a move as printed, or through a shared confusion, that reading comes first (Löwenthal's
#: "P. to Kfs 5th.": the possessive's "s" is no rank 3 of "P. to Kfs" with "5th." left as prose).
MISREAD = 0.05
#: What reading a word one letter off costs (a letter lost, added or changed).
MISPRINT = 0.9
#: What reading a word whose piece and last figure are all that is left costs: nearly what it earns.
DAMAGED = 0.95
#: What reading a word whose piece and last letter are all that is left costs, where a move must stand
#: (:meth:`Decoder._run`): all it earns. It keeps the reading in step with the print (the next row's
#: moves read for their own sides), and is named as the least legible of readings.
ILLEGIBLE = 1.0
#: What reading a word past every reading costs where the row's number says a move stands (``7 rte Pt. P``:
#: White's seventh move, lost to the OCR, is the legal move after which the next printed move reads,
#: :meth:`Decoder._lost`): all it earns and a little more, so that any reading of the words comes first. It
#: keeps the reading in step with the print: without it the rows after are read one ply off, each move
#: for the other side, or a row is skipped.
LOST = 1.05
#: A reply the text leaves out (:meth:`Decoder._omitted`): the first player's move printed with his next number
#: where the second is to move ("1. R-Q R sq. 2. R-R8 mate.", a problem's solution that prints White's moves
#: alone, or tells Black's reply in words between them). The reply earns nothing and costs nearly all the printed
#: move earns: any reading of the words as printed comes first.
OMITTED = 0.95
#: A move of the game read inside brackets (a note's alternative, more often) costs a little.
ASIDE = 0.3
#: A move number where the game stands earns a little: it keeps the reading in step with the print.
NUMBER = -0.05
#: A move's words are read whole: leaving a word as prose where the words from it read a legal move as printed,
#: and the words after it, to the same last word, may be read as another, costs half of what a move earns.
#: A wing's word begins the move it names (``Q R to K sq``, ``K Kt to Q 2``: Hastings 1895's columns); left
#: as prose, ``R to K sq`` read either Rook where both go there, and the position's first was chosen, not the
#: one the print names, whenever the rest of the reading was no dearer with it.
PARTLY = 0.5
#: ... and at its end: a move read from the first words of a longer printed move that ends its line, whose words
#: read another legal move as printed and add no figure (``Castles Q. R.`` read as ``Castles``, the wing left as
#: prose: the position's first castling), costs as much, so that the whole move is read where nothing else tells
#: them apart.
#: A move printed after another move's number costs half of what it earns (it is read for the wrong side,
#: or as the wrong move, unless everything after says so).
WRONG_NUMBER = 0.5
#: Going back to an earlier move of the line (a number printed before the line's: the text left the game
#: for a note's moves and takes it up again) costs as much as a move earns: the note's moves are then a
#: variation where they branch, and the game's moves after them are read where they stand.
RETURN = 1.0
#: A note a sentence began that goes back to a move and begins with the line's own move there (the game's move
#: printed again before the one the note changes: "The usual defence is 2. Kt-KB3, Kt-QB3", after the game's 2.
#: Kt-KB3) costs more than a number naming the other side's move (:data:`WRONG_NUMBER`): where the words read as
#: that side's move, they are read so ("viz., 2. P. to Q's 3d; 2. K's Kt. to B's 3d", Black's defences after the
#: game's 2. K's Kt. to B's 3d). The moves it repeats are hung where the line differs when the game is stored
#: (:meth:`notation.model.Game.branch_where_lines_differ`). A row's line that goes back may not begin so.
REPEATED = 0.9
#: The line's last move named again where the line stands, with its number and the side its dots name ("4 Castles, KtxP.
#: After 4 ... KtxP, 5 P-Q4 is the strongest"): the words are the move read (not made) again, and earn what the line's
#: move printed again earns (:data:`READ` and :data:`REPEATED`) and its number's in step (:data:`NUMBER`). A little more
#: than leaving the row's move as prose and making it from the words named again (their number's twice): the row's
#: word read and the note's words named, rather than the row's word left unread.
AGAIN = READ + REPEATED + NUMBER
#: A move read after a number whose dots name the line's last move, number and side ("4 Castles, KtxP. After 4 ... KtxP":
#: Black's 4th), as the next move, the other side's (White's 5th), costs all it earns: the dots say whose move it is
#: more surely than a bare number's place does (:data:`WRONG_NUMBER`), and the move they name was made (:data:`AGAIN`).
#: (At exactly what it earns, a note's "14 ... P to K B 4" after the rows' last move, 14... Be6, illegal at Black's
#: 14th, ties with prose and is read as White's 15. f4. A little more, 1.05, read it as prose, but moved Steinitz's
#: figures, 2522 / 3792 -> 2548 / 3815 with a result lost, Freeborough's prose words +1, London's 12851 / 17106 ->
#: 12864 / 17113, stop 65: not kept before each moved record is explained.)
#: (Charged wherever dots and reading disagree, it moved Hoyle's and Steinitz's readings: 1331 -> 1301, 2522 -> 2437.)
WRONG_SIDE = 1.0
#: Leaving the line at a number named in a sentence ("Auf 12. Sc3xa4 folgt ...": a note's line, going back
#: to the move it names or from the line's next move) costs half of that: a number in a sentence is a note's
#: more surely than one that begins a row, and the line it begins is a variation however the reading goes on
#: (taken up again by the rows after it, or at the end), never the game's.
SENTENCE = 0.5
#: A move printed without its number where the text numbers that side's moves, after a word that is no
#: move's ("White's reply would have been Kt. to Q's 5th"), costs half of what it earns: a note's move,
#: more often than the game's, read as the game's only where everything after says so. (After another
#: move, a number the OCR lost is more often the cause.)
UNNUMBERED = 0.5
#: A move read as the line's from a word the text names as a plan (:attr:`Token.planned`: "4. P-B3, preparing
#: P-Q4", the move White means to play later) costs a little more than it earns: left as the author's words (a note's
#: plan, read apart as a threat is), unless the moves after cannot be read without it. Read at :data:`UNNUMBERED`, it
#: was Black's 4th in "... preparing P-Q4. Black replies 4. ... Kt-B3": going back to "4. ..." cost what it saved.
PLANNED = 1.05
#: A move read as the game's next where the author's note names it by a number at the line's next move or ahead of it
#: (the layout reader put the number in his sentence, ahead of the score, :attr:`Token.noted`: "(a) If 11 P to Q 4, B
#: to K Kt 5." under a score that ends at Black's 10th) costs a little more than it earns: the note's moves are no game's going on (read at
#: :data:`WRONG_NUMBER`, they were the game's 11th, silently), but prose the record names, unless the moves after
#: cannot be read without them.
AHEAD = 1.05
#: Passing over, as prose, the move right after a bare number the author's sentence names (:func:`_bare_in_sentence`),
#: where the line stands at the move it names and the move is legal there, gives back what the number earned
#: (:data:`NUMBER`: it kept no move in step), and a trifle more: a tie-break. "White wins by 7 Castles, PxP; and if 7
#: Q-Kt3, Q-K2." after Black's 6th reads two moves either way, the game's 7th from the first note or from the second;
#: the first goes on with the game, and the later one at the same number is its alternative (a note's variation).
#: Without it the second won, its two numbers each earning as the line's, the first's move passed over.
PASSED = -NUMBER + 0.001
#: How many numbers at least a text must print twice (:func:`second_numbered`) to number both sides' moves.
_TWICE = 3
#: The most words one printed move spans (``R.'s P. takes Q. Kt.'s P.``).
SPAN = 7
#: ... and spelled out in words (``Queen's knight at the black queen's knight's 4th square``): a window past
#: :data:`SPAN` words (and past ``3 * LONGEST`` characters) only where it begins with a whole word, never an
#: initial (``K. Kt. to K. B's 3rd.``), so the abbreviated forms' windows stay as short as they were.
SPELLED_SPAN = 9
_WHOLE_WORD = re.compile(r"[^\W\d_]{3,}(?:['’]s)?[.,;:]?")
#: The longest compact form tried (longer windows are prose).
LONGEST = 16
#: Readings kept at each point of the text.
WIDTH = 12
#: How many of them look for a damaged move where no word reads as printed.
NEAR_RANKS = 3

#: A family's mark, in a compacted word, before the letters it reads in place of what the OCR printed
#: (chess's ``¤kt`` for "Kf"): the word is no form as it stands, and is one through an OCR confusion.
OCR_MARK = "¤"
#: A family's compact text for words that print the reply mirroring the move before ("The same.": chess's
#: descriptive notation names each square from the mover's side, so the reply prints as the move did): read
#: as the move before's form, where the words stand on a line of their own (after a side's label at most).
REPEAT = "^^"
#: Letters and digits the OCR confuses, read as one (on the printed word and the form alike); ``~`` is a
#: family's mark for a separator the OCR damaged (chess's ``10`` for "to", London 1883's "PtcQ4", "P wo Kt7"),
#: read as the form's ``-``; :data:`OCR_MARK` is dropped.
_CONFUSED = str.maketrans("silo|~", "51110-", OCR_MARK)
#: What stands for a letter blanked in the index of forms a letter off (:class:`_Known`): no form has it.
_BLANK = "\0"


class Rules(Protocol[P, M]):
    """What the decoder needs of a game: the only place it learns anything about one.

    A game may also give ``confusions``: pairs of strings, the letters its books' OCR prints and the letters
    meant (``("8sdg", "3356")``: a worn page's 3, 5 and 6), each pair one more way of reading a damaged word
    besides :data:`_CONFUSED`, at an OCR confusion's cost, the moves after deciding (London 1883's ``s`` is a
    ``3`` where Löwenthal's is a ``5``). It is read one way only: a printed ``8`` may be a ``3``, a printed
    ``3`` is never an ``8``. A game may also give ``known()``: every form :meth:`forms` has given so far, in the order first
    given (a list that only grows). A damaged word's near forms are then looked for once among them,
    and only those looked up in each position; without it, among each position's own forms. A
    position's forms may be made as they are asked for (chess makes a kind of man's moves at a time):
    such a mapping has ``complete()``, which makes them all (and so known) before a near form is looked for. It
    may also have ``order(form)``: a key that sorts the position's forms as iterating it gives them (equal
    readings through several forms are taken in that order), asked of the forms a reading finds only.
    """

    def key(self, position: P) -> Hashable:
        """The position's identity: readings reaching the same position at the same word are merged."""
        ...

    def side(self, position: P) -> int:
        """0 when the first player is to move, 1 the second: which column a column pair reads."""
        ...

    def number(self, position: P) -> int:
        """The move number printed before the move to be made."""
        ...

    def forms(self, position: P) -> Mapping[str, list[tuple[M, float]]]:
        """Every legal move by its printed forms, compacted (:meth:`compact`), each with a cost
        (0 for the usual forms, a little more for rare ones)."""
        ...

    def play(self, position: P, move: M) -> P:
        """A new position: ``move`` made in ``position`` (which is left as it was)."""
        ...

    def compact(self, words: str) -> str:
        """Printed words as the forms are compacted (``P. to K's 4th.`` -> ``p-k4``); '' for no move."""
        ...

    def plausible(self, text: str) -> bool:
        """Whether a compact text has the shape of a move (every form has): other words are prose."""
        ...

    def same_piece(self, text: str, form: str) -> bool:
        """Whether a compact word and a form name the same man (chess's ``kr-q1s`` names a rook, not
        the knight of ``kt-k5``): a move legible only by its piece and last letter is one of its piece's."""
        ...


@dataclass(frozen=True)
class Step(Generic[M]):
    """A move the chosen reading took from the words ``first`` .. ``last``."""

    first: Token
    last: Token
    move: M
    #: ``printed`` (a form of the move as printed), ``ocr`` (through an OCR confusion), ``misprint``
    #: (a letter off), ``damaged`` (only the piece and the last figure agree) or ``illegible`` (only the
    #: piece and the last letter, where a move must stand).
    how: str
    form: str
    #: The move's words, where they are not printed one after the other (its first word beside its
    #: number, the rest in the column printed after the numbers: :func:`notation.decode.lattice.joined`).
    words: tuple[Token, ...] = ()


@dataclass(frozen=True)
class Branch(Generic[M]):
    """Moves the text gave before going back to an earlier move of its line: a variation that replaces
    the line's move ``ply`` (counted from 0), with the branches printed inside it (their plies counted
    in it)."""

    ply: int
    steps: tuple[Step[M], ...]
    branches: tuple[Branch[M], ...] = ()


@dataclass
class Reading(Generic[P, M]):
    """The best reading of a text: its moves in game order, the position they reach, its cost, and the
    variations its line left where the text went back to an earlier move (:data:`RETURN`)."""

    steps: list[Step[M]]
    position: P
    cost: float
    branches: list[Branch[M]] = field(default_factory=list)


class _State:
    """A reading at a point of the text: its cost, the position its line reaches, its last move (``step``,
    made after ``back``), how far it has read each stream (``cursor``)."""

    __slots__ = ("cost", "position", "key", "back", "step", "cursor", "depth", "branches", "avoid", "left")

    def __init__(self, cost: float, position, key: Hashable, back, step, cursor: tuple[int, ...], depth: int = 0,
                 branches: tuple[Branch, ...] = (), avoid: object = None, left: tuple | None = None) -> None:
        self.cost, self.position, self.key, self.back, self.step = cost, position, key, back, step
        self.cursor = cursor
        #: How many moves the line has (its steps back to the start).
        self.depth = depth
        #: The variations left on the line so far.
        self.branches = branches
        #: The move not to be read next: the line's own move where the reading went back (read again,
        #: it would be no variation).
        self.avoid = avoid
        #: Where the reading last went back: (the reading it left, the reading it went back to, the
        #: variation the left line's moves made, whether the number that took it back stood in a sentence,
        #: how many brackets that number stood in), to take the left line up again after a note.
        self.left = left

    def moved_on(self, cost: float, cursor: tuple[int, ...]) -> _State:
        """The same reading, a word further on (a word left as prose, or a number)."""
        return _State(cost, self.position, self.key, self.back, self.step, cursor, self.depth, self.branches,
                      self.avoid, self.left)

    def line(self, down_to: int) -> tuple[list[Step], _State]:
        """The line's moves after its first ``down_to`` moves, in order, and the reading they start from."""
        steps: list[Step] = []
        at = self
        while at.depth > down_to or at.step is None and at.back is not None and at.back.depth > down_to:
            if at.step is not None:
                steps.append(at.step)
            at = at.back
        return steps[::-1], at


class _Known:
    """The forms the rules have given so far, indexed for the near readings of a word: a damaged
    word's candidates are found once among every form, then looked up in each position.

    The forms a letter off a word are found by their letters, not by comparing the word with every
    form: a form with one letter changed shares the word's every other letter in place (indexed with
    that letter blanked, :data:`_BLANK`), one with a letter added is the word once that letter is
    taken out (indexed by each form less a letter), one with a letter lost is the word less one."""

    def __init__(self) -> None:
        self.seen = 0
        #: OCR-folded form -> the forms folded to it.
        #: (Tuples, not lists, in the large indexes: a tuple of strings is one object the cyclic collector stops
        #: walking, and these live as long as the process, through every full collection of a book's reading.)
        self.folded: dict[str, tuple[str, ...]] = {}
        #: The folded forms in the order first seen.
        self.keys: list[str] = []
        #: A folded form with one letter blanked (each in turn) -> the folded forms.
        self._blanked: dict[str, tuple[str, ...]] = {}
        #: A folded form less one letter (each in turn) -> the folded forms.
        self._less: dict[str, tuple[str, ...]] = {}
        #: (first two letters, last letter) of a folded form -> the folded forms.
        self._pieces: dict[tuple[str, str], list[str]] = {}
        #: (first letter, last letter) of a folded form -> the folded forms.
        self._ends_of: dict[tuple[str, str], list[str]] = {}
        #: A folded word -> (folded forms known when made, forms a letter off, forms damaged) for it.
        self._near: dict[str, tuple[int, list[str], list[str]]] = {}
        #: A folded word -> (folded forms known when made, forms with its first and last letters) for it.
        self._ends: dict[str, tuple[int, list[str]]] = {}

    def update(self, forms: Sequence[str]) -> None:
        folded, blanked, less, before = self.folded, self._blanked, self._less, len(self.keys)
        for form in forms[self.seen:]:
            key = form.translate(_CONFUSED)
            if key not in folded:
                folded[key] = ()
                self.keys.append(key)
                for i in range(len(key)):
                    wild = f"{key[:i]}{_BLANK}{key[i + 1:]}"
                    blanked[wild] = (*blanked.get(wild, ()), key)
                for short in dict.fromkeys(key[:i] + key[i + 1:] for i in range(len(key))):
                    less[short] = (*less.get(short, ()), key)
                self._pieces.setdefault((key[:2], key[-1]), []).append(key)
                self._ends_of.setdefault((key[0], key[-1]), []).append(key)
            folded[key] = (*folded[key], form)
        if len(self.keys) > before:
            # (A word's near forms were found among the forms known then: with more known, none is used again.)
            self._near.clear()
            self._ends.clear()
        self.seen = len(forms)

    def near(self, folded: str) -> tuple[list[str], list[str]]:
        """The forms a letter off ``folded`` (with its first letter: a word's piece is read as printed),
        and those with only its piece and last figure (both folded), among the forms known. (Their order
        does not matter: the readings they give are put in the position's order.)"""
        cached = self._near.get(folded)
        if cached is not None and cached[0] == len(self.keys):
            return cached[1], cached[2]
        first, size = folded[0], len(folded)
        blanked, known = self._blanked, self.folded
        same = [folded] if folded in known else []
        changed = (key for i in range(1, size)  # (never the first letter: a word's piece is read as printed)
                   for key in blanked.get(f"{folded[:i]}{_BLANK}{folded[i + 1:]}", ()))
        added = (key for key in self._less.get(folded, ()) if key[0] == first)
        lost = (key for key in (folded[:i] + folded[i + 1:] for i in range(size)) if key in known and key[:1] == first)
        off = list(dict.fromkeys(chain(same, changed, added, lost)))
        damaged = [key for key in self._pieces.get((folded[:2], folded[-1]), ()) if abs(len(key) - size) <= 2]
        self._near[folded] = (len(self.keys), off, damaged)
        return off, damaged

    def ends(self, folded: str) -> list[str]:
        """The forms (folded) with the first and last letters of ``folded`` and about its length: the
        forms of a word only its piece and last letter are legible of (``P:t.-P``: ``pxp``)."""
        cached = self._ends.get(folded)
        if cached is not None and cached[0] == len(self.keys):
            return cached[1]
        size = len(folded)
        found = [key for key in self._ends_of.get((folded[0], folded[-1]), ()) if abs(len(key) - size) <= 2]
        self._ends[folded] = (len(self.keys), found)
        return found


#: Per list of known forms (one per game notation): its index.
_KNOWN: dict[int, tuple[Sequence[str], _Known]] = {}


def _known(forms: Sequence[str]) -> _Known:
    entry = _KNOWN.get(id(forms))
    if entry is None or entry[0] is not forms:
        entry = _KNOWN[id(forms)] = (forms, _Known())
    if entry[1].seen < len(forms):
        entry[1].update(forms)
    return entry[1]


class _Table:
    """A position's moves by compact form; its near readings looked for among every known form."""

    def __init__(self, forms: Mapping[str, list], known: Sequence[str] | None, letters_off: bool,
                 misreads: tuple[dict[int, int], ...] = ()) -> None:
        self.exact = forms
        #: The game's own confusions, printed letters to meant (:class:`Rules`), each read before the shared ones.
        self.misreads = misreads
        self.known = known
        self.letters_off = letters_off
        self._mine: _Known | None = None
        #: Where each form stands among the position's (a number, or what the forms' ``order`` gives).
        self._rank: dict[str, Any] | None = None

    def _own(self) -> _Known:
        """The position's own forms, indexed (for rules that do not say which forms they know)."""
        if self._mine is None:
            self._mine = _Known()
            self._mine.update(list(self.exact))
        return self._mine

    def _complete(self) -> None:
        """Every form of the position made, where they are made as asked for (:class:`Rules`): a near
        form is looked for among the forms known, and this position's must all be among them."""
        complete = getattr(self.exact, "complete", None)
        if complete is not None:
            complete()

    def find(self, text: str) -> list[tuple[object, float, str, str]]:
        """The moves printed as ``text`` exactly."""
        found = self.exact.get(text)
        return [(move, cost, "printed", text) for move, cost in found] if found else []

    def confused(self, text: str) -> bool:
        """Whether some move is printed as ``text`` through an OCR confusion (no form made for it)."""
        return bool(self._confused(text))

    def _confused(self, text: str) -> list[tuple[object, float, str, str]]:
        """The moves printed as ``text`` through an OCR confusion: the shared ones, then each of the game's."""
        known = _known(self.known) if self.known is not None else self._own()
        exact = self.exact
        found = [(m, c + OCR, "ocr", form) for form in known.folded.get(text.translate(_CONFUSED), ())
                 for m, c in exact.get(form, ())]
        for misread in self.misreads:
            found += [(m, c + OCR + MISREAD, "ocr", form)
                      for form in known.folded.get(text.translate(misread).translate(_CONFUSED), ())
                      for m, c in exact.get(form, ())]
        return list(dict.fromkeys(found)) if self.misreads else found

    def near(self, text: str) -> list[tuple[object, float, str, str]]:
        """The moves ``text`` may be a damaged print of: through an OCR confusion, a letter off, or
        with only the piece and the last figure legible (the cheapest kind that reads any)."""
        self._complete()
        known = _known(self.known) if self.known is not None else self._own()
        folded = text.translate(_CONFUSED)
        exact = self.exact
        found = self._confused(text)
        if found or len(text) < 4 or not self.letters_off:
            return self._in_order(found)
        off, damaged = known.near(folded)
        for keys, cost, how in ((off, MISPRINT, "misprint"), (damaged, DAMAGED, "damaged")):
            found = [(m, c + cost, how, form) for key in keys for form in known.folded[key]
                     for m, c in exact.get(form, ())]
            if found:
                return self._in_order(found)
        return []

    def illegible(self, text: str, same: Callable[[str, str], bool]) -> list[tuple[object, float, str, str]]:
        """The moves ``text`` may be where only its piece and its last letter are legible (at
        :data:`ILLEGIBLE`): a last resort, where a move must stand. ``same`` (the rules' ``same_piece``:
        a form's first letter need not name its piece, chess's "K R" is a rook) says whether the word
        and a form name the same piece."""
        self._complete()
        known = _known(self.known) if self.known is not None else self._own()
        exact = self.exact
        return self._in_order([(m, c + ILLEGIBLE, "illegible", form) for key in known.ends(text.translate(_CONFUSED))
                               for form in known.folded[key] if same(text, form)
                               for m, c in exact.get(form, ())])

    def _in_order(self, found: list[tuple[object, float, str, str]]) -> list[tuple[object, float, str, str]]:
        """Readings through several forms in the order the position gives its forms (grouped by
        folded form): equal readings are settled the same way whatever was known before."""
        forms = {form for *_, form in found}
        if len(forms) < 2:
            return found
        order = getattr(self.exact, "order", None)
        if self._rank is None:
            self._rank = {} if order is not None else {form: i for i, form in enumerate(self.exact)}
        rank = self._rank
        if order is not None:  # (where a form stands, asked of the forms found only)
            for form in forms:
                if form not in rank:
                    rank[form] = order(form)
        group: dict[str, Any] = {}
        for *_, form in found:
            key = form.translate(_CONFUSED)
            group[key] = min(group.get(key, rank[form]), rank[form])
        return sorted(found, key=lambda hit: (group[hit[3].translate(_CONFUSED)], rank[hit[3]]))



class Decoder(Generic[P, M]):
    """Reads segments of printed words against a game's rules (:meth:`read`)."""

    def __init__(self, rules: Rules[P, M], width: int = WIDTH, near: bool = True, aside: float = ASIDE,
                 returns: bool = False, sentences: bool = False, plans: float = 0.0,
                 carried: frozenset[str] = frozenset(), omitted: Callable[[Token], bool] | None = None) -> None:
        self.rules = rules
        #: Where the second player's reply may be left out before the first player's move his next number prints
        #: (:meth:`_omitted`): whether the move ending at a word claims mate, a claim the replay checks after every
        #: reply (``None``: never left out).
        self.omitted = omitted
        self.width = width
        #: Whether a word may be read as a move one letter off or with only its piece and last figure
        #: legible (a score's damaged word), or only as printed and through OCR confusions (a note's prose).
        self.near = near
        #: What a move read inside brackets costs (nothing, when a note is read as a variation).
        self.aside = aside
        #: Whether a number printed before the line's moves takes the line back there (:data:`RETURN`).
        self.returns = returns
        #: Whether a number named in a sentence takes the reading back too ("Auf 12. Sc3xa4 folgt ..."): the
        #: note's line it begins is a variation, and a number that begins a row takes the line it left up again.
        self.sentences = sentences
        #: What reading a word named as a plan as a move of the line costs (:data:`PLANNED` for a score;
        #: nothing for a note, whose line begins with the plan).
        self.plans = plans
        #: Whether the text prints the second player's moves with their numbers too (``39. P-B7 39. R-B6``):
        #: else a number just before a move says it is the first player's.
        self.second_numbered = False
        #: Whether the text numbers its rows without a stop (``9 P to K R 3``, :func:`rows_bare`): its notes number
        #: their moves so (``(a) If 9 P to Q 4, B to K Kt 5.``), a bare figure after the note's words a move's number.
        self.rows_bare = False
        #: Whether it prints its move numbers with their stops (``4. c3``, :func:`numbers_stopped`): a bare figure in
        #: the author's sentence ("Better was 4 d4") is set apart from them, a note's move's (:func:`_bare_in_sentence`).
        self.numbers_stopped = False
        #: Whether the text is no game told in sentences (:func:`told_in_sentences`): a score in rows, whose words that
        #: weigh a move as not played ("If 35. QKtPxQRP") stand in a note the rows already set apart, a row the OCR
        #: damaged taking the note's move as printed in its place, or a page of notes on games printed elsewhere; the
        #: words weigh the game's moves only where its line runs in sentences.
        self.rowed = False
        #: The labels of the notes that a move of the score carries too (:func:`notation.parse.carried_labels`, over
        #: the text the words were cut from, given by the family's reader): such a note is that move's, a bare figure
        #: in it a move's number whatever the rows print.
        self.carried = carried
        #: Per stream and move word, the number of the author's note the word follows (:func:`_noted_number`): the
        #: same for every state the search reaches the word in, found once.
        self._noted: dict[tuple[int, int], int | None] = {}
        self._bare: dict[tuple[int, int], int | None] = {}  # (the bare number named in a sentence a move word follows)
        #: Whether the text numbers the first player's moves, and the second's (:data:`UNNUMBERED`).
        self.numbered = (False, False)
        self._tables: dict[Hashable, _Table] = {}
        #: The game's own OCR confusions (:class:`Rules`), each as a translation of a printed word.
        self.misreads = tuple(str.maketrans(printed, meant) for printed, meant in getattr(rules, "confusions", ()))

    def read(self, segments: list[Segment], start: P) -> Reading[P, M]:
        """The reading of ``segments`` (in turn) from ``start`` that explains the most words as legal moves."""
        with collector_paused():
            return self._read(segments, start)

    def _read(self, segments: list[Segment], start: P) -> Reading[P, M]:
        rules = self.rules
        # (Each segment's printed order is its last: the first may be a pair of columns, whose first column
        # prints each number once, or a diagram's heads' columns, empty.)
        printed = [t for segment in segments for t in segment.orders[-1][0]]
        self.second_numbered = second_numbered(printed)
        self.rows_bare = rows_bare(printed)
        self.numbers_stopped = numbers_stopped(printed)
        self.rowed = not told_in_sentences(printed)
        self._noted = {}
        self._bare = {}
        if self.returns:  # (a reading that cannot go back is a note's: its moves are named in sentences)
            self.numbered = (any(t.number is not None for t in printed), self.second_numbered)
        states = {rules.key(start): _State(0.0, start, rules.key(start), None, None, ())}
        for segment in segments:
            ends: dict[Hashable, _State] = {}
            for order in segment.orders:
                for key, state in self._run(order, states).items():
                    if key not in ends or state.cost < ends[key].cost:
                        ends[key] = state
            states = dict(sorted(ends.items(), key=lambda kv: kv[1].cost)[:self.width])
        best = min(states.values(), key=lambda s: s.cost)
        while best.left is not None and (best.left[3] or best.left[0].depth >= best.depth):
            # The text went back and never took the line it left up again: the line printed first, as
            # long as the one after, is the game's, and the one after a note's (the notes follow the game);
            # a line that a number in a sentence began is a note's, however long.
            resumed = _taken_up(best)
            if resumed is None:
                break
            best = resumed
        steps: list[Step[M]] = []
        at: _State | None = best
        while at is not None:
            if at.step is not None:
                steps.append(at.step)
            at = at.back
        return Reading(steps[::-1], best.position, best.cost, list(best.branches))

    def _table(self, position: P, key: Hashable) -> _Table:
        table = self._tables.get(key)
        if table is None:
            if len(self._tables) > 4096:
                self._tables.clear()
            known = getattr(self.rules, "known", None)
            table = self._tables[key] = _Table(self.rules.forms(position), known() if known else None, self.near,
                                               self.misreads)
        return table

    def _windows(self, words: list[Token]) -> list[list[tuple[int, str]]]:
        """For each word, the compact text of it and the words after it (up to :data:`SPAN`) that
        has a move's shape, by length."""
        compact, plausible = self.rules.compact, self.rules.plausible
        out = []
        for i in range(len(words)):
            seen: set[str] = set()
            here: list[tuple[int, str]] = []
            out.append(here)
            if words[i].number is not None or not compact(words[i].text):
                continue  # a move begins with a word of its own, never a number or a mark
            joined = ""
            spelled = _WHOLE_WORD.fullmatch(words[i].text) is not None
            span, chars = (SPELLED_SPAN, 4 * LONGEST) if spelled else (SPAN, 3 * LONGEST)
            for k in range(1, min(span, len(words) - i) + 1):
                if k > 1 and words[i + k - 1].line - words[i].line > 1:
                    break  # a move is printed on one line, or wrapped onto the next
                joined = f"{joined} {words[i + k - 1].text}" if k > 1 else words[i].text
                if len(joined) > chars:
                    break
                text = compact(joined)
                if len(text) > LONGEST:
                    break
                if text and text not in seen and (plausible(text) or text == REPEAT and _in_moves_place(words, i, k, out)):
                    seen.add(text)
                    here.append((k, text))
        return out

    def _run(self, order: Order, starts: dict[Hashable, _State]) -> dict[Hashable, _State]:
        """Read one order (one stream, or two columns) from each start; the readings at its end."""
        rules, width = self.rules, self.width
        streams = list(order)
        windows = [self._windows(stream) for stream in streams]
        closing = [[False] * len(stream) for stream in streams]  # whether a word may end a move
        for ending, starting in zip(closing, windows):
            for i, here in enumerate(starting):
                for k, _ in here:
                    ending[i + k - 1] = True
        sizes = [len(stream) for stream in streams]
        # Which streams are a column printed without numbers (no line of it begins with one): its figures are squares.
        unnumbered = [len(streams) > 1 and not _begins_numbered(stream) for stream in streams]
        # Where a move lost to the OCR may stand (:meth:`_lost`): no word of prose there is passed over at once.
        rowed = _row_places(streams[0]) if self.near and len(streams) == 1 else [False] * (sizes[0] + 1)
        # Where a paragraph begins (a blank line before the word), or a note under a label a move of the score carries
        # (:func:`notation.parse.carried_labels`, "(b) If 10 .. B to Q 2" on the line under "(a)"'s note): a note a sentence began
        # ends there.
        opens = [i > 0 and (word.line - streams[0][i - 1].line > 1 or word.line != streams[0][i - 1].line
                            and _ANY_LABEL.fullmatch(word.text) is not None and label_key(word.text) in self.carried)
                 for i, word in enumerate(streams[0])] + [False]
        # Which paragraph each word of the first stream stands in (by where it begins): a sentence in the paragraph of
        # the line's last move, where the line's moves there run over more than one number, goes on with the line
        # (:meth:`_returns`).
        paragraph = dict(zip((word.start for word in streams[0]), accumulate(opens[:sizes[0]])))

        def running(state: _State, at: int) -> bool:
            # (The line's moves in paragraph ``at``, back from its last, under two numbers at least: the author's
            # sentence of moves, "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5.", not a row with its note.)
            numbers = set()
            while state.step is not None and state.back is not None and paragraph.get(state.step.last.start) == at:
                numbers.add(rules.number(state.back.position))
                if len(numbers) > 1:
                    return True
                state = state.back
            return False

        def opened(state: _State, at: int) -> bool:
            # (Every move of the line in paragraph ``at``: the paragraph opened with the score, the author's own
            # sentence of an opening's moves, "1. P-K4, P-K4; ... 4. P-B3, Kt-B3. If instead of 4. P-B3 ...": not a
            # plan's "1. QP-Q4; 2. KP-K3" in a paragraph pages after a game's score, Young's, read as the line.)
            while state.back is not None:
                if state.step is not None and paragraph.get(state.step.last.start) != at:
                    return False
                state = state.back
            return True
        # The rows of a score that numbers both sides' moves (the number that begins each line one begins),
        # where rows and notes stand in paragraphs of their own: a reading whose last move stands on a row, for
        # the number and side the row prints, waits for the next row through a note's words (:func:`_kept`): the
        # game's own line only, not a note's read as a variation (its readings would crowd the game's out).
        rows = _row_numbers(streams[0]) if len(streams) == 1 and self.second_numbered else {}
        # The rows that print both sides' cells, each with the row's number (``9. B. to K. Kt's 5th.  9. P. to K.
        # R's 3rd.``): the number that begins one may be the first player's where the line stands at the second's.
        paired = _paired_rows(streams[0]) if len(streams) == 1 and self.second_numbered else set()
        apart = _set_apart(streams[0]) if rows else []
        # Where the score's last row begins (:func:`_last_row`): a note under a label a move of the score carries, past
        # it, is that move's, its moves no game's going on (:data:`AHEAD`). Only where the text prints its numbers
        # with their stops: an OCR'd page's bare row numbers stand mid-line too ("Kt to K 2 43 R to K 6"), and its last
        # row found there would cut the score's real rows under a note's label (London 1883: 20 records moved).
        last_row = _last_row(streams[0]) if len(streams) == 1 and self.carried and self.numbers_stopped \
            else len(streams[0])
        past_score: dict[tuple[int, int], bool] = {}  # (per stream and word: such a note's word, found once)

        def in_step(state: _State) -> bool:
            number = None if state.step is None or state.left is not None else rows.get(state.step.last.line)
            if number is None:
                return False
            moved = rules.side(state.position)  # (the side to move: the other moved last)
            return rules.number(state.position) == (number if moved == 1 else number + 1)

        buckets: list[dict[tuple, _State]] = [{} for _ in range(sum(sizes) + 1)]
        zero = (0,) * len(streams)
        for key, state in starts.items():
            first = _State(state.cost, state.position, key, state, None, zero, state.depth, state.branches, state.avoid,
                           state.left)
            buckets[0][_slot(first)] = first
        ends: dict[Hashable, _State] = {}

        def add(progress: int, state: _State) -> None:
            bucket = buckets[progress]
            slot = _slot(state)
            old = bucket.get(slot)
            if old is None or state.cost < old.cost:
                bucket[slot] = state

        for progress, bucket in enumerate(buckets):
            if not bucket:
                continue
            kept = _kept(bucket.values(), width, in_step if progress < len(apart) and apart[progress] else None)
            buckets[progress] = {}
            if len(streams) == 1 and progress < sizes[0] and not windows[0][progress] and streams[0][progress].number is None \
                    and not rowed[progress] and not (opens[progress] and any(s.left is not None for s in kept)):
                # A word of prose (no move begins there, no number): every reading leaves it, at no cost, and
                # the readings after it are these, in this order, until a word may be read otherwise or a
                # move read earlier ends, or a paragraph begins (where a note a sentence began ends). So they
                # are taken over the stretch at once.
                words, starting, to = streams[0], windows[0], progress + 1
                while to < sizes[0] and not starting[to] and words[to].number is None and not buckets[to] and not rowed[to] \
                        and not opens[to]:
                    to += 1
                for state in kept:
                    add(to, state.moved_on(state.cost, (to,)))
                    for back in self._after_mate(state, words, progress):
                        add(to, back.moved_on(back.cost, (to,)))
                continue
            for rank, state in enumerate(kept):
                position, cursor, key = state.position, state.cursor, state.key
                s = rules.side(position) if len(streams) > 1 else 0
                if cursor[s] >= sizes[s]:
                    # This side's column is read: what is left of the other is prose. Where the score
                    # runs on in rows under the first column (a third stream), both sides read them in turn.
                    if key not in ends or state.cost < ends[key].cost:
                        ends[key] = state
                    if len(streams) < 3:
                        continue
                    s = 2
                i = cursor[s]
                if i >= sizes[s]:
                    continue
                word = streams[s][i]
                if state.left is not None and state.left[3] and len(streams) == 1 and opens[i]:
                    # A note named in a sentence ends with its paragraph: the line it left goes on.
                    state = _closed(state)
                    position, key = state.position, state.key
                elif state.left is not None and state.left[3] and word.depth < state.left[4]:
                    # ... and a note in brackets with its brackets: "17. P-B4 (17. P-B3, BxKt ...), B-B2".
                    state = _closed(state, word.depth)
                    position, key = state.position, state.key
                step_cost = NUMBER if word.number is not None and word.number == rules.number(position) else 0.0
                if windows[s][i] and i + 1 < sizes[s] and windows[s][i + 1]:
                    shorter = {k for k, _ in windows[s][i + 1]}
                    table = self._table(position, key)
                    if any(k - 1 in shorter and table.find(text) for k, text in windows[s][i]):
                        step_cost += PARTLY  # (the move's last words read without its first: ``PARTLY``)
                backs: list[_State] = []
                ended = False  # (whether the number ends a note a sentence began)
                if word.number is not None:
                    # (A number after a word of prose on its line is named in a sentence, and only leaves the
                    # line: the note's line it begins is a variation. One that begins its line numbers a row: it
                    # goes back, or takes a line up again. One after the move just read goes on with the line.)
                    # A number in brackets is a note's, whatever begins its line ("17. P-B4 (17. P-B3, ...)", "17.
                    # P-B4 (the alternative was 17. P-B3 ...)": a score in running lines), as its brackets set it apart.
                    # (Nor is a number a row's that begins a line within the brackets of a note still open: the
                    # note's line wrapped.)
                    again = self._names_again(state, word, streams[s][i - 1]) if i else False
                    begins = _begins_row(streams[s], i) and not word.noted and not (
                        state.left is not None and state.left[3] and 0 < state.left[4] <= word.depth)
                    sentence = not begins and (_named(word) or _named_bare(streams[s], i, windows[s], self.rows_bare, self.carried)) and (
                        word.noted or word.depth > streams[s][i - 1].depth
                        or word.weighed == "supposed" and not self.rowed
                        or any(c.isalpha() for c in streams[s][i - 1].text)
                        and not _ended_a_move(state, streams[s][i - 1], len(streams))
                        and (word.depth > 0 or _unnumbered_line(streams[s], i)
                             or streams[s][_row_start(streams[s], i)].number != word.number
                             # (mid-sentence: a number opening one, "... weiter. 6. e4-e5", takes the score up)
                             and not streams[s][i - 1].text.endswith((".", "!", "?", ";", ":"))
                             and _made(rules, state, word.number, word.side, self.second_numbered)
                             and len(streams) == 1 and state.step is not None
                             and paragraph.get(state.step.last.start) == paragraph[word.start]
                             and running(state, paragraph[word.start]) and opened(state, paragraph[word.start]))
                        or again)
                    if state.left is not None and self._quotes_replaced(state, streams[s], i):
                        pass  # (the move the note replaces, named: no line's move, the note's line goes on after it)
                    elif self.sentences if sentence else begins and (self.returns or state.left is not None):
                        # (A number that names the note's move again after its ";" begins the next alternative, from
                        # where the note's line began: the line does not go on past it, the number read as the other
                        # side's, as it may in a text that numbers both sides' moves.)
                        named = rules.side(state.left[1].position) if again and state.left is not None else None
                        within = sentence and len(streams) == 1 and state.step is not None and state.left is None \
                            and word.depth <= state.step.last.depth \
                            and paragraph.get(state.step.last.start) == paragraph[word.start] \
                            and running(state, paragraph[word.start])
                        backs, ended = self._returns(state, word, sentence, begins, named, within)
                        if begins and not sentence and named is None and i in paired and self.returns \
                                and rules.number(position) == word.number and rules.side(position) == 1:
                            # (A row printing both sides' cells where the line has come to the second player's
                            # move of its number: a note's rows after the first player's, from his move again.)
                            backs += self._back(state, word.number, (0,), False, backs)
                        ended = ended or bool(backs) and again
                for back in backs:
                    add(progress + 1, back.moved_on(back.cost, _advance(cursor, s, 1)))
                if word.number is not None and len(streams) == 1:
                    for k, cost in self._named_again(state, streams[s], i, windows[s]):
                        add(progress + 1 + k, state.moved_on(state.cost + AGAIN + cost, _advance(cursor, s, 1 + k)))
                if not ended:
                    # (A note a sentence began ends where a row goes on with the line it left: no reading goes on
                    # with the note's line past the row's number.)
                    if windows[s][i] and len(streams) == 1 and state.left is None and i \
                            and (bare := self._bare_number(streams[s], s, i, windows[s])) == i - 1 \
                            and not _against(rules, state, streams[s][bare], self._bare_sides()) \
                            and any(self._table(position, key).find(text) for _, text in windows[s][i]):
                        step_cost += PASSED  # (the move the number names, legal where it names it, passed over)
                    add(progress + 1, state.moved_on(state.cost + step_cost, _advance(cursor, s, 1)))
                if not windows[s][i]:
                    if rank == 0 and self.near and len(streams) == 1:  # (the best reading's last resort: below)
                        for k, (move, cost, how, form) in self._lost(streams[s], i, windows[s], state):
                            after = rules.play(position, move)  # type: ignore[arg-type]
                            step = Step(word, streams[s][i + k - 1], move, how, form)
                            add(progress + k, _State(state.cost + READ + cost, after, rules.key(after), state, step,
                                                     _advance(cursor, s, k), state.depth + 1, state.branches,
                                                     None, state.left))
                    continue
                table = self._table(position, key)
                # The word before, when it is a number: not the figure alone that ended the move read
                # before in this stream ("2 K Kt to B 3 Q Kt to B 3": the "3" is a square, and "Q Kt" no
                # move after the wrong number; in a column, the second player's move before this one);
                # a number with its full stop read into a move ("3rd. 4.") stays the next one's, but in a column of
                # one side's moves printed without their numbers ("P. to K. R. 3." over "P. to Q. B. 3.") it is
                # the square of the move above.
                prior = streams[s][i - 1] if i else None
                before = None if prior is None or (prior.text.isdigit() or unnumbered[s]) \
                    and _ended_a_move(state, prior, len(streams)) else prior.number
                if before is None:
                    numbered = 0.0
                    if word.planned:
                        numbered = self.plans
                    elif len(streams) == 1 and self.numbered[rules.side(position)] and i \
                            and not streams[s][i - 1].numeral and not closing[s][i - 1]:
                        numbered = UNNUMBERED
                elif before != rules.number(position):
                    numbered = WRONG_SIDE if prior is not None and _names_last(rules, state, before, prior) else WRONG_NUMBER
                elif prior is not None and prior.side is not None:
                    # (Its dots print whose move it numbers: "17... KKtxP" is the second player's, wherever it stands.)
                    numbered = NUMBER if prior.side == rules.side(position) else WRONG_NUMBER
                elif len(streams) == 1 and rules.side(position) == 1 and not self.second_numbered \
                        and not (prior is not None and i > 1 and not windows[s][i - 2]
                                 and _own_reply(rules, state, before, prior.side, prior.depth, streams[s][i - 2])):
                    numbered = WRONG_NUMBER  # "2. B-B4": the first player's move, not the second's
                else:
                    numbered = NUMBER
                if len(streams) == 1 and state.left is None:
                    if (s, i) not in self._noted:
                        self._noted[s, i] = _noted_number(streams[s], i, self.carried)
                    named = self._noted[s, i]
                    if i > last_row and (s, i) not in past_score:
                        past_score[s, i] = in_carried_note(streams[s], i, self.carried)
                    if named is not None and named >= rules.number(position) or past_score.get((s, i), False):
                        # (the note's line at the line's next move or ahead of it; or a marked move's note under the
                        # score, its label naming the move as a number does: "5. P-B3 B-K2 (a) 6. QKt-Q2 Castles"
                        # over "(a) Black intends Kt-K sq, P-B4 and B-B3", no 7. P-B4 B-B3 of the game's)
                        numbered = max(numbered, AHEAD)
                    bare = self._bare_number(streams[s], s, i, windows[s])
                    if bare is not None and _against(rules, state, streams[s][bare], self._bare_sides()):
                        # (A bare number the author's sentence names, "Better was 4 d4", "draw. 19 B-Kt 5 would ...":
                        # the note's moves from that number, never the game's going on against it.)
                        numbered = max(numbered, AHEAD)
                if self.sentences and not self.rowed and len(streams) == 1 and state.left is None \
                        and (prior if before is not None and prior is not None else word).weighed == "supposed":
                    # (A move the words of its clause weigh as not played, "If now White tries 4. KtxP", "White
                    # cannot play KtxP": a note's, read as the game's going on only where nothing else reads. Only
                    # in the score's reading, whose notes are named in sentences (a note's own line is its moves),
                    # and where the game's line runs in sentences too: a score in rows sets its notes apart itself,
                    # and its row the OCR damaged may take the note's move in its place, :attr:`rowed`.)
                    numbered = max(numbered, AHEAD)
                if word.planned and before is not None:
                    # (A plan printed with its number, "with the idea of building a centre by 5. P-Q4": the
                    # number names the move the plan would be, a plan all the same.)
                    numbered = max(numbered, self.plans)
                found = [(k, hit) for k, text in windows[s][i]
                         for hit in table.find(state.step.form if text == REPEAT and state.step else text)]
                if not found and rank < NEAR_RANKS:
                    # No move is printed here as it stands: a damaged one may be (looked for by the
                    # best readings only: a last resort, and the dearest lookup).
                    found = [(k, hit) for k, text in windows[s][i] for hit in table.near(text)]
                    if not found and self.near and len(streams) == 1 and rules.side(position) == 1 \
                            and not self.second_numbered:
                        # Nor a damaged one, but a move must stand here: the second player's, in the
                        # row its number begins, before the next row's number. Its piece and last letter
                        # may say which it is.
                        following = rules.number(position) + 1
                        row = i
                        while row > 0 and streams[s][row - 1].line == word.line:
                            row -= 1
                        if row < i and streams[s][row].number == following - 1:
                            found = [(k, hit) for k, text in windows[s][i]
                                     if i + k < sizes[s] and streams[s][i + k].number == following
                                     and streams[s][i + k].line != streams[s][i + k - 1].line
                                     for hit in table.illegible(text, rules.same_piece)]
                if not found and rank == 0 and self.near and len(streams) == 1:
                    found = self._lost(streams[s], i, windows[s], state)
                if not found and rank == 0 and self.omitted is not None and len(streams) == 1 and prior is not None \
                        and before is not None and prior.side is None and not self.second_numbered \
                        and rules.side(position) == 1 and before == rules.number(position) + 1:
                    # The first player's move under his next number, the second's reply not printed: read after
                    # each reply it may follow (the replay says which it is, or checks the claim against each).
                    for reply, mid, k, (move, cost, how, form) in self._omitted(state, streams[s], i, windows[s]):
                        between = _State(state.cost + OMITTED, mid, rules.key(mid), state,
                                         Step(prior, prior, reply, "omitted", ""), cursor, state.depth + 1,
                                         state.branches, None, state.left)
                        after = rules.play(mid, move)  # type: ignore[arg-type]
                        add(progress + k, _State(between.cost + READ + cost + NUMBER, after, rules.key(after), between,
                                                 Step(word, streams[s][i + k - 1], move, how, form),
                                                 _advance(cursor, s, k), state.depth + 2, state.branches, None,
                                                 state.left))
                    continue
                short = _cut_short(found, streams[s], i)
                # (A move without its number that the words of its clause weigh as not played, "White cannot play
                # KtxP because of KtxKt": a note may begin with it where the line stands, as at a number named in a
                # sentence, :data:`SENTENCE`.)
                rejects = word.weighed == "supposed" and before is None and state.left is None and len(streams) == 1 \
                    and self.sentences and not self.rowed
                for k, (move, cost, how, form) in found:
                    if move == state.avoid:
                        if state.left is None or not state.left[3] or names_replaced(streams[s], i):
                            # (A row's line that goes back: read again, it would be no variation. A move named
                            # after "instead of" is the one the note replaces: "Instead of 6. Castles, ... by 6. P.
                            # takes P.", White's 6th the note's, not Black's reply to the game's.)
                            continue
                        cost += REPEATED
                    if k in short:
                        cost += PARTLY
                    after = rules.play(position, move)  # type: ignore[arg-type]
                    last = streams[s][i + k - 1]
                    step = Step(word, last, move, how, form,
                                tuple(streams[s][i:i + k]) if last.joined and not word.joined else ())
                    if word.aside:
                        cost += self.aside
                    add(progress + k, _State(state.cost + READ + cost + numbered, after, rules.key(after),
                                             state, step, _advance(cursor, s, k), state.depth + 1, state.branches,
                                             None, state.left))
                    if rejects and how == "printed" and word.plays == rules.side(position):
                        # (As printed, and for the side its clause names: "If he retire K. to Kt.'s sq.", "If Black,
                        # instead of the move in the text, play B. to Q. B's 4th" at White's move, are no such note.)
                        add(progress + k, _State(state.cost + READ + cost + SENTENCE, after, rules.key(after), state,
                                                 step, _advance(cursor, s, k), state.depth + 1, state.branches, None,
                                                 (state, state, None, True, word.depth)))
        return ends

    def _bare_number(self, words: list[Token], s: int, i: int, windows: list[list[tuple[int, str]]]) -> int | None:
        """Where the move word ``i`` follows a bare number the author's sentence names (:func:`_bare_in_sentence`) in its
        paragraph, that number's place; found once a word (the same for every reading)."""
        if (s, i) not in self._bare:
            at = _number_before(words, i)
            # (Before a move's words: a figure of a move's or a count, "pawn 2 squares", is none. Only in a text that
            # prints its move numbers with their stops (:func:`numbers_stopped`), where a bare one is set apart: where
            # it numbers them bare, :func:`_named_bare` reads a note's under its label, and an OCR'd page interleaves
            # its rows with the notes' prose, "material or 20 at kta.", "Mackenzir. 15 BtoB4é": charged there, London
            # 1883 lost 50 moves.)
            self._bare[s, i] = at if at is not None and windows[at + 1] and self.numbers_stopped \
                and _bare_in_sentence(words, at) else None
        return self._bare[s, i]

    def _bare_sides(self) -> tuple[int, ...]:
        """The sides whose moves a bare number may name: the first player's, or either where the text numbers both."""
        return (0, 1) if self.second_numbered else (0,)

    def _lost(self, words: list[Token], i: int, windows: list[list[tuple[int, str]]], state: _State
              ) -> list[tuple[int, tuple[object, float, str, str]]]:
        """Where word ``i`` reads as no move at all but the rows say a move stands there, the moves it may
        have printed (at :data:`LOST`, with how many words it spans): every legal move after which the
        next printed move reads (as printed or through an OCR confusion), those whose forms are nearest
        the word's letters first. A move stands there when the word follows the row's number that is the
        position's (``7 rte Pt. P``: White's seventh), or, for the second player's move, when it follows the
        first player's move in the row and ends the row, before the next row's number (``7 Pt. P rte`` / ``8``).
        Nothing else is read so: a move the next moves follow from is the one a reader restores. Only the best
        reading at the word looks for one: the moves it may be are many, and made at the readings after the best
        they crowded the beam out of the readings it held (Bird's *Chess Openings*, "No. 93": 43 -> 30 legal)."""
        rules = self.rules
        position, key = state.position, state.key
        word, number = words[i], rules.number(position)
        row = _row_of(words, i)
        if not _row_place(words, i) or words[row].number != number:
            return []
        if rules.side(position) == 0:
            if row != i - 1:
                return []  # White's move is the row's first word after its number
            span, reply = 1, i + 1
        else:
            if row == i - 1 or self.second_numbered or state.step is None or state.step.last is not words[i - 1]:
                return []  # (the second player's move follows the first's in the row: "does the same." is prose)
            span = 1
            while i + span < len(words) and words[i + span].number is None:
                span += 1
            if i + span >= len(words) or words[i + span].number != number + 1:
                return []  # the second player's move ends its row: the next row's number follows it
            reply = i + span + 1
        # The next printed move: the first word after the lost one (and the next row's number) that
        # begins a move, on the same line or the next.
        ahead = [windows[j] for j in range(reply, min(len(words), reply + 3))
                 if words[j].number is None and words[j].line - word.line <= 1 and windows[j]]
        texts = [text for here in ahead[:2] for _, text in here]
        if not texts:
            return []
        moves: dict = {}
        for form, hits in self._table(position, key).exact.items():
            for move, _ in hits:
                moves.setdefault(move, []).append(form)
        compact = rules.compact(word.text)
        out: list[tuple[int, tuple[object, float, str, str]]] = []
        for move, forms in moves.items():
            after = rules.play(position, move)
            follows = self._table(after, rules.key(after))
            if any(follows.find(text) or follows.confused(text) for text in texts):
                # (Of those, the nearest the word's letters first: "Bo B4" is a Bishop's move to a B4.)
                like, form = max((SequenceMatcher(None, compact, form, autojunk=False).ratio(), form) for form in forms)
                out.append((span, (move, LOST + 0.02 * (1 - like), "lost", form)))
        return sorted(out, key=lambda hit: hit[1][1])

    def _omitted(self, state: _State, words: list[Token], i: int, windows: list[list[tuple[int, str]]]
                 ) -> list[tuple[M, P, int, tuple[object, float, str, str]]]:
        """The readings of word ``i`` as the first player's move after a reply of the second's the text leaves
        out: each legal reply, the position after it, and the move the words read as printed there. Only where
        the reply is the one legal move, or the move printed claims mate (a problem's solution: "1. R-Q R sq. 2.
        R-R8 mate.", the claim checked after every reply): elsewhere a reply left out is one of many, a guess (an
        OCR'd score whose second column the reading has not reached yet)."""
        rules = self.rules
        assert self.omitted is not None
        replies: dict[M, None] = {move: None for hits in self._table(state.position, state.key).exact.values()
                                  for move, _ in hits}
        # (The windows read after a reply: every one where the reply is forced, else those that claim mate; none
        # such, no reply's table is made.)
        read = [(k, text) for k, text in windows[i] if len(replies) == 1 or self.omitted(words[i + k - 1])]
        out: list[tuple[M, P, int, tuple[object, float, str, str]]] = []
        for reply in replies if read else ():
            mid = rules.play(state.position, reply)
            table = self._table(mid, rules.key(mid))
            out.extend((reply, mid, k, hit) for k, text in read for hit in table.find(text))
        return out

    def _returns(self, state: _State, word: Token, sentence: bool = False, row: bool = True, side: int | None = None,
                 within: bool = False) -> tuple[list[_State], bool]:
        """Where a number printed before the line's moves takes the reading back (:data:`RETURN`).

        To the line's position before the first player's move ``word`` numbers (and the second's, when
        the text numbers them too; only the second's where the number's dots say it is theirs: ``12...``,
        :attr:`Token.side`): the moves since are a variation there (a note's line read as the game's until
        the game goes on), and the line goes on from there; or, where the reading went back before (a note's
        line that left the game), to the line it left, when the number is the one that line goes on with:
        then the note's moves are the variation (and those of a note's note the variation's: "Auf 12. Sc3xa4
        folgt ... 13. Dc5–c1 ... oder 13. Dc5xe7 ...", then the game's row "12. … Sa4xc3").

        A number that begins its line (a ``row``) goes back only where the decoder ``returns``, and takes a
        line up again wherever a number left it. A number in a ``sentence``
        (:data:`SENTENCE`) only leaves the line: back to an earlier move, or where it stands when it names
        the line's next move ("6...Nxe5, where ..." before the game's row "6... Bxd1"; not within a note's
        line, which goes on); a note's line it names from where another note's line began ("5...Bxf3, or
        5...Be6") is that note's sibling, not its variation.

        The readings, and whether the number ends a note a sentence began: a number that begins its line and
        goes on with the line the note left ends it, and no reading goes on with the note's line past it. ``side``:
        the side whose move the number names, where the reading knows it (a number named again). ``within``: whether
        the number stands in the paragraph of the line's last move, whose moves there run over more than one number
        (the author's sentence of moves, "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5."): a sentence naming the line's
        next move there goes on with the line and leaves it for no note ("3. B-Kt5. The usual reply is 3. ...,
        P-QR3; when 4. B-R4 ...": the author carries the game on, and a row that goes back to Black's 3rd after it,
        a named defence, is a variation). A note on the next move after a row of one number's moves leaves it ("6.
        Nxe5" over "Black's best course now is to play 6...Nxe5, where ...", then the game's row "6... Bxd1"; "1.
        QP-Q4. 1. KP-K3. Inferior, because in reply White may play 2. KP-K4"), as does one in brackets."""
        rules, number = self.rules, word.number
        if number is None:
            return [], False
        sides = (word.side,) if word.side is not None else (0, 1) if self.second_numbered else (0,)
        if side is not None:
            sides = (side,)  # (the side whose move the number names again: :meth:`_names_again`)
        if not sentence:
            out = self._taken_up_by(state, number, sides)
            ended = row and bool(out) and state.left is not None and state.left[3]
            return (out + self._back(state, number, sides, False, out) if self.returns and row else out), ended
        named = (number, min(sides))
        ended = rejected = False
        while state.left is not None and state.left[3] \
                and named <= (rules.number(state.left[1].position), rules.side(state.left[1].position)):
            closed = _taken_up(state)  # (the note before ends: a sibling begins)
            if closed is None:
                break
            state, ended = closed, True
            # (Whether the note ended was one its words weigh as not played, "If now White tries 4. KtxP": the
            # line at its number after it is the game's, unless weighed so too.)
            rejected = bool(state.branches) and bool(state.branches[-1].steps) \
                and state.branches[-1].steps[0].first.weighed == "supposed"
        if rules.number(state.position) == number and rules.side(state.position) in sides:
            if state.left is not None and state.left[3]:
                return [], False  # (a note naming its own next move goes on: "folgt 12. … Sf6xe4")
            if ended and not self.rowed and word.weighed != "supposed" and (word.weighed == "played" or rejected):
                # (The note ends, and the words tell the move at its number as the game's: "If now White tries 4.
                # KtxP, ...; therefore White plays 4. P-B3", or weighed the note's as not played: "Black must not
                # take the Pawn: if 5. ... KtxP, 6. RxKt wins. After 5. ... P-Q3". The game goes on there. Not in a
                # score in rows, :attr:`rowed`: its next row takes the game up, the words of its notes weigh none.)
                return [_State(state.cost + NUMBER, state.position, state.key, state.back, state.step, state.cursor,
                               state.depth, state.branches, None, state.left)], False
            # (Within the author's sentence of moves the line goes on, unless its words weigh the move as not
            # played: "3. B-B4, and Black replies 3. ... B-B4. If now White tries 4. KtxP" leaves it for a note.)
            here = [] if within and (word.weighed != "supposed" or self.rowed) else [
                _State(state.cost + SENTENCE + NUMBER, state.position, state.key, state.back, state.step,
                       state.cursor, state.depth, state.branches, None, (state, state, None, True, word.depth))]
            # (A bare number where both sides' moves are numbered may name the other side's move of that number
            # too, one the line has made: "If White had played 9. P takes Q P, Black's best reply would have been
            # 9. ... P takes P; if 9. P takes Kt P, ...", after the game's "9. Q takes P", is White's 9th again.)
            other = tuple(s for s in sides if s != rules.side(state.position))
            return here + (self._back(state, number, other, True, [], word.depth) if other else []), False
        return self._back(state, number, sides, True, [], word.depth), False

    def _after_mate(self, state: _State, words: list[Token], i: int) -> list[_State]:
        """The readings gone back, at the author's words right after a move that mates (``words[i]``, no number), to
        before the mated side's last move: no move follows a mate, and the moves after the words are another line
        ("R-Q sq mates; if K-Kt8, Q-K sq mates": a problem's next defence, Black's first move, though unnumbered),
        as a number in a sentence takes the line back (:meth:`_returns`)."""
        ended = getattr(self.rules, "ended", None)
        if ended is None or state.step is None or not i or state.step.last is not words[i - 1] \
                or not ended(state.position):
            return []
        rules = self.rules
        named = replace(words[i], number=rules.number(state.position) - 1, side=rules.side(state.position))
        return self._returns(state, named, True, False, None, False)[0]

    def _named_again(self, state: _State, words: list[Token], i: int, windows: list[list[tuple[int, str]]]
                     ) -> list[tuple[int, float]]:
        """Where the number ``words[i]`` names the line's last move again, for its side (:data:`AGAIN`): how many words
        after the number read that move in the position it was made from, each with its reading's cost."""
        rules, number, step, before = self.rules, words[i].number, state.step, state.back
        if step is None or before is None or i + 1 >= len(words) or number != rules.number(before.position):
            return []
        # (Only a number whose dots name the side: a bare one's side is the text's custom, and a move read from the
        # author's prose without its number, "play your Kt. to K's 5th", was named again by "the move of 5. Kt. to K's
        # 5th" after it, the game's own row "5. Kt. to Kt.'s 5th." left unread: Every Boy's Book's Allgaier Gambit.)
        if words[i].side != rules.side(before.position):
            return []
        table = self._table(before.position, before.key)
        return [(k, min(hit[1] for hit in hits)) for k, text in windows[i + 1]
                for hits in [[hit for hit in table.find(text) + table._confused(text) if hit[0] == step.move]] if hits]

    def _quotes_replaced(self, state: _State, words: list[Token], i: int) -> bool:
        """Whether the number ``words[i]``, after "instead of" (:func:`names_replaced`), names the move where the note
        being read left its line, its number and side ("Black may also try 5..., Kt-Q3 (instead of 5..., B-K2), when
        6. BxKt"): the line's move the note replaces, quoted, neither the note's nor a sibling's (read as one, the
        note was cut there and its moves after taken back to the game's)."""
        assert state.left is not None
        began, number = state.left[1].position, words[i].number
        return number == self.rules.number(began) and words[i].side in (None, self.rules.side(began)) \
            and names_replaced(words, i + 1)

    def _names_again(self, state: _State, word: Token, before: Token) -> bool:
        """Whether a number after a note's move and its ";" (``before``), in the note a sentence began, names a move
        that note's line has already passed ("White may play 5. Kt-B3; 5. P-KR3; or 5. Q-K2.": the note's own
        move's number again): no number of its line going on, but the next alternative's, a sibling from where
        the number puts it."""
        rules, number = self.rules, word.number
        if number is None or state.left is None or not state.left[3] or state.step is None \
                or not before.text.endswith(";") or state.step.last is not before:
            return False
        began = (rules.number(state.left[1].position), rules.side(state.left[1].position))
        # (A bare number is the first player's, or the second's where the note began at the second's move of it.)
        side = word.side if word.side is not None else began[1] if number == began[0] else 0
        return began <= (number, side) < (rules.number(state.position), rules.side(state.position))

    def _taken_up_by(self, state: _State, number: int, sides: tuple[int, ...]) -> list[_State]:
        """The line a note's line left taken up again by a row numbered as the move it goes on with (the
        notes read since it was left each a variation where it branched); none where no line was left so."""
        rules = self.rules
        inner: _State | None = state
        while inner is not None and inner.left is not None:
            left = inner.left[0]
            if rules.number(left.position) == number and rules.side(left.position) in sides:
                resumed = _taken_up(inner)
                if resumed is None:
                    return []
                resumed.cost += NUMBER
                return [resumed]
            inner = _taken_up(inner)  # (a note's note ends with the note: its line is the note's variation)
        return []

    def _back(self, state: _State, number: int, sides: tuple[int, ...], sentence: bool, out: list[_State],
              depth: int = 0) -> list[_State]:
        """The readings gone back to the line's positions before the move ``number`` names for ``sides``
        (before the line's next move only; from a number in a ``sentence`` or one that begins a row, at
        :data:`SENTENCE` or :data:`RETURN`): the moves since a variation there. ``depth``: how many brackets
        the number stands in (:attr:`Token.depth`), where the note it begins ends."""
        rules, cost = self.rules, SENTENCE if sentence else RETURN
        if number > rules.number(state.position) or number == rules.number(state.position) \
                and rules.side(state.position) in sides:
            return []
        found: list[_State] = []
        steps: list[Step] = []
        at: _State | None = state
        while at is not None and rules.number(at.position) >= number:
            if at.depth < state.depth and rules.number(at.position) == number and rules.side(at.position) in sides \
                    and not any(o.depth == at.depth for o in (*out, *found)):
                ply = at.depth
                # (Branch's own constructor: dataclasses.replace costs several times it, once a branch a level of nesting.)
                inside = tuple(Branch(b.ply - ply, b.steps, b.branches) for b in state.branches if b.ply >= ply)
                kept = tuple(b for b in state.branches if b.ply < ply)
                branch = Branch(ply, tuple(steps[::-1]), inside)
                found.append(_State(state.cost + cost + NUMBER, at.position, at.key, at.back, at.step, state.cursor,
                                    at.depth, (*kept, branch), steps[-1].move, (state, at, branch, sentence, depth)))
            if at.step is not None:
                steps.append(at.step)
            at = at.back
        return found


def _begins_numbered(words: list[Token]) -> bool:
    """Whether a line of ``words`` begins with a move number."""
    return any(word.number is not None and (k == 0 or words[k - 1].line != word.line) for k, word in enumerate(words))


def _cut_short(found: list[tuple[int, tuple[object, float, str, str]]], words: list[Token], i: int) -> set[int]:
    """How many words, of the moves ``found`` at word ``i``, a move read there as printed may span and leave
    words of a longer move printed on its line, which read another legal move as printed (:data:`PARTLY`)."""
    whole: dict[int, set] = {}
    for k, (move, _, how, _) in found:
        if how == "printed":
            whole.setdefault(k, set()).add(move)
    if len(whole) < 2:
        return set()
    return {k for k, (move, _, how, _) in found
            if how == "printed" and any(longer > k and move not in moves and _rest_of_line(words, i + k, i + longer)
                   for longer, moves in whole.items())}


def _rest_of_line(words: list[Token], start: int, end: int) -> bool:
    """Whether ``words[start:end]`` end their line, on the line of the word before them, with no figure among
    them (a wing's or a man's letters, ``Q. R,``: not a square, nor the next move's number)."""
    return words[end - 1].line == words[start - 1].line and (end == len(words) or words[end].line != words[end - 1].line) \
        and not any(c.isdigit() for word in words[start:end] for c in word.text)


def _row_place(words: list[Token], i: int) -> bool:
    """Whether word ``i`` stands where a row of a score has a move (:meth:`Decoder._lost`): the word after
    the number that begins its row (the first player's move), or one of the last two words of a row
    whose line the next number begins after it, or, in a score run on in one line, the next row's number
    (the second player's)."""
    word = words[i]
    if word.number is not None or word.numeral:
        return False
    row = _row_of(words, i)
    number = words[row].number
    if row == i or number is None:
        return False
    if row == i - 1:
        return True
    for j in (i + 1, i + 2):
        if j >= len(words) or words[j].line != word.line:
            return j < len(words) and words[j].number is not None
        if words[j].number is not None:
            return _run_on(words, j) and words[j].number == number + 1
    return False


def _run_on(words: list[Token], i: int) -> bool:
    """Whether the number ``words[i]`` begins a row of a score run on in one line, as periodicals and many
    books print it (``1. e2-e4 e7-e5 2. Sg1-f3 ...``, ``1. P-K4 P-K4 2. Kt-KB3 ...``): a move's number with its
    stop or dots standing after a word of its line, on a line a number begins, each number of the line the one
    before it and one more, outside brackets and not named in the author's sentence. (A rank's figure with its
    stop, ``10 Kt. to K. 4.``, is no row's; nor is the second pair's number where two pairs of columns are read
    across the page, ``3 PtoQ4 PxP 33 RtoK1 QxR``.)"""
    row = _row_start(words, i)
    expected = words[row].number
    if expected is None or row == i or words[i].number is None:
        return False
    for word in words[row + 1:i + 1]:
        if word.number is None:
            continue
        if word.number != expected + 1 or not _named(word) or word.noted or word.depth:
            return False
        expected += 1
    return True


def _row_of(words: list[Token], i: int) -> int:
    """The first word of word ``i``'s row: the number before it that begins a row of a score run on in one
    line (:func:`_run_on`), else its line's first word."""
    row = _row_start(words, i)
    for j in range(i - 1, row, -1):
        if words[j].number is not None:
            return j if _run_on(words, j) else row
    return row


def _row_start(words: list[Token], i: int) -> int:
    """The first word of word ``i``'s line."""
    return _line_starts(words)[i]


#: The last words list's line starts (:func:`_line_starts`): the list itself, its length, and the starts.
_STARTS: list[Any] = [None, 0, []]


def _line_starts(words: list[Token]) -> list[int]:
    """Each word's line's first word, indexed once per words list (a walk back per word is quadratic in a
    line's length: a 5 MB line, or a record nested 1,000 deep on one line)."""
    if _STARTS[0] is not words or _STARTS[1] != len(words):
        starts: list[int] = []
        for k, word in enumerate(words):
            starts.append(starts[-1] if k and words[k - 1].line == word.line else k)
        _STARTS[:] = [words, len(words), starts]
    return _STARTS[2]


def _row_places(words: list[Token]) -> list[bool]:
    return [_row_place(words, i) for i in range(len(words))] + [False]


def _row_numbers(words: list[Token]) -> dict[int, int]:
    """The rows of a score in ``words``: each line a move number begins and no other number goes on (the
    second column's, where it prints the row's number again, aside), and that number. A line that two rows
    share (two pairs of columns read across the page: ``3 PtoQ4 PxP 33 RtoK1 QxR``) is none."""
    numbers: dict[int, set[int]] = {}
    for word in words:
        if word.number is not None:
            numbers.setdefault(word.line, set()).add(word.number)
    return {word.line: word.number for i, word in enumerate(words)
            if word.number is not None and _begins_row(words, i) and numbers[word.line] == {word.number}}


def _paired_rows(words: list[Token]) -> set[int]:
    """The numbers (their indices in ``words``) that begin a row printing both sides' cells, each numbered
    (``9. B. to K. Kt's 5th.  9. P. to K. R's 3rd.``: the row's number again further on its line, a move's word
    between): the first player's move, whatever move the line has come to. A note's rows printed after the
    game's White's move ("9. P. to K. R's 3rd." / "If-" / "9. B. to K. Kt's 5th.  9. P. to K. R's 3rd.") go
    back to White's 9th, not on with Black's; the row with Black's cell alone takes the game up again."""
    out: set[int] = set()
    for i, word in enumerate(words):
        if word.number is None or word.side is not None or not _begins_row(words, i):
            continue
        j = i + 1
        while j < len(words) and words[j].line == word.line and words[j].number is None:
            j += 1
        if i + 1 < j < len(words) and words[j].line == word.line and words[j].number == word.number:
            out.add(i)
    return out


def _set_apart(words: list[Token]) -> list[bool]:
    """Whether each word stands in a paragraph (a blank line sets it apart) of rows only (a move number begins
    each of its lines) or of prose only (none): a score's rows, or a note between them, as a book prints them
    apart. A paragraph that mixes the two (a column of notes printed beside the rows, read across the page by
    the OCR) is neither."""
    out: list[bool] = []
    start = 0
    for end in range(1, len(words) + 1):
        if end == len(words) or words[end].line - words[end - 1].line > 1:
            firsts = [w.number is not None for k, w in enumerate(words[start:end]) if _begins_row(words, start + k)]
            out += [all(firsts) or not any(firsts)] * (end - start)
            start = end
    return out


def _kept(readings: Iterable[_State], width: int, in_step: Callable[[_State], bool] | None) -> list[_State]:
    """The readings kept at a point of the text: the ``width`` cheapest, and, where it is not among them, the
    cheapest of those whose last move stands on a row of the score for the number and side the row prints
    (``in_step``). A note's paragraph between two rows ("... the old move of Q. takes K. Kt.'s P., to which
    Black replies, K's Kt. to B's 3d.") may have more move-like words than the beam has places: each reading
    of them is cheaper for now than leaving them as prose, and the reading that waits for the next row would
    be pushed out before the row's number comes, though it alone reads the rows after in step with the print."""
    ranked = sorted(readings, key=lambda s: s.cost)
    kept = ranked[:width]
    if in_step is not None:
        waiting = next((s for s in ranked[width:] if in_step(s)), None)
        if waiting is not None:
            kept.append(waiting)
    return kept


def _taken_up(state: _State) -> _State | None:
    """The line the reading left when it last went back, taken up again: the moves read since are a
    variation where it went back (a note's line); ``None`` when none were read."""
    assert state.left is not None
    left, back, branch = state.left[:3]
    if state.depth <= back.depth:
        return None
    steps, at = state.line(back.depth)
    if at.key != back.key:
        return None
    # (The variations the line had when the note left it are no note's own, though they branch where it does: the
    # note before it at the same move, "Instead of 5. P. to Q's 4th, White may play 5. Castles; 5. P. to Q's 3d", is
    # a sibling, not its variation.)
    before = {id(b) for b in left.branches}
    inside = tuple(replace(b, ply=b.ply - back.depth) for b in state.branches
                   if b.ply >= back.depth and b is not branch and id(b) not in before)
    note = Branch(back.depth, tuple(steps), inside)
    return _State(state.cost, left.position, left.key, left.back, left.step, state.cursor, left.depth,
                  (*left.branches, note), None, left.left)


def names_replaced(words: Sequence[Token], i: int) -> bool:
    """Whether the words just before word ``i`` (and its number) name the move it begins as the one a note
    replaces (:data:`notation.parse.INSTEAD_OF`: "Instead of 6. Castles"): the line's own move quoted."""
    at = i - 1 if i and words[i - 1].number is not None else i
    # (In a note's brackets too: "Kt-Q3 (instead of 5. ..., B-K2)".)
    return INSTEAD_OF.fullmatch(" ".join(w.text for w in words[max(0, at - 2):at]).strip(" ,([")) is not None \
        or at > 0 and INSTEAD_OF.fullmatch(words[at - 1].text.strip(" ,([")) is not None


def _slot(state: _State) -> tuple:
    """Where a reading stands, for merging: its cursor and position, and the line it left at a number in a
    sentence (:data:`SENTENCE`), if any. Such a reading is no other reading's twin at the same position: a
    note's line read from the line's next move would else be merged away by the line read on."""
    left = state.left
    return state.cursor, state.key, None if left is None or not left[3] else left[0].key


def _names_last(rules: Rules, state: _State, number: int, prior: Token) -> bool:
    """Whether the number ``prior`` (``number``), by its dots, names the line's last move: its number and its side."""
    back = state.back
    return prior.side is not None and state.step is not None and back is not None \
        and (number, prior.side) == (rules.number(back.position), rules.side(back.position))


def _own_reply(rules: Rules, state: _State, number: int, side: int | None, depth: int, prior: Token) -> bool:
    """Whether a number named in a note a sentence began numbers the note's own next move, the second
    player's reply to the note's first move, in a text that numbers the first player's rows only: "If 5. Kt-B3,
    Black replies 5. B-KKt5." repeats the note's number before Black's move. Read so, the number is the move's
    (:data:`NUMBER`), not a wrong one: the reading that went on with the note's line cost more than the one that
    closed the note and began another from the same move (two variations, the reply read as White's). The
    other reading is still made, and the costs choose. Only in the note's own brackets (``depth``): a number in
    brackets of its own is a note's note, "3. QxP (best, for if 3. P-QB3, PxP)", on the move before. And only
    after the author's words (``prior``, the word before the number: a word of three letters or more, "replies",
    "plays", no word of the note's last move; the caller asks that no move's shape begin there): numbers that
    follow the moves at once list the first player's choices, "5. Kt-B3; 5. P-KR3", "5. BxP ch., 5. K-K2", also
    where the reading at hand left the word before unread or read its mark apart (a move's word, "KtXP,", or a
    mark, "ch.,", is never the author's).
    """
    left = state.left
    letters = prior.text.strip(".,;:!?()'\"")
    return left is not None and left[3] and depth == left[4] and side in (None, 1) and state.depth > left[1].depth \
        and rules.side(state.position) == 1 and rules.number(state.position) == number \
        and len(letters) >= 3 and letters.isalpha() and not _ended_a_move(state, prior, 1)


def _closed(state: _State, depth: int = -1) -> _State:
    """The reading with every note a number in a sentence began (:data:`SENTENCE`) ended: each line it left
    taken up again, the note's moves a variation (a note that read none left no line); with ``depth``, only
    the notes begun inside more brackets than that (the text has come out of their brackets)."""
    while state.left is not None and state.left[3] and depth < state.left[4]:
        state = _taken_up(state) or state.left[0]
    return state


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic collector paused for a search (and restored as it was).

    A search makes many small objects (states, moves, positions) that die young, beside the rules'
    large caches of positions and forms: the collector, run every few hundred new objects, walked those
    caches again and again (a quarter of the decoding's time). The search makes no cycles, and
    whatever is garbage is collected as usual once the collector is back on."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def second_numbered(words: list[Token]) -> bool:
    """Whether the text prints each number twice (``39. P. takes B.  39. P. to B's 7th.``): the second
    player's moves are numbered too.

    So they are where two in five of the numbers in a row repeat the one before, or where half of the
    move numbers printed as such are printed twice, each with its full stop (a bare figure may be a
    square's, ``P to K 4``): a game whose rows a note, a diagram or a lost number break in places (Löwenthal's
    ``11. Castles.  11. Kt. to B's 3rd.`` / ``VI,  B. to K. B's 4th.  12. Castles.``, then a column of
    White's moves alone) still numbers both sides, though fewer than two in five of its numbers repeat.
    A number in brackets is a note's, which repeats the game's ("2. Kt-KB3 (2. P-Q4, PxP; ...)"): not counted."""
    at = [i for i, word in enumerate(words) if word.number is not None and not word.aside
          and not _squares_figure(words, i)]
    numbers = [words[i].number for i in at]
    repeated = sum(a == b for a, b in zip(numbers, numbers[1:]))
    if len(numbers) > 1 and repeated * 5 >= 2 * (len(numbers) - 1):
        return True
    # (A figure run into a comma or a bracket, "P to K 4, ..." or "(1)", is a square's or a note's mark.)
    printed = [words[i] for i in at if not words[i].text.isdigit()]
    twice = {a.number for a, b in zip(printed, printed[1:])
             if a.number == b.number and a.text.endswith(".") and b.text.endswith(".")}
    return len(twice) >= _TWICE and len(twice) * 2 >= len({word.number for word in printed})


def _squares_figure(words: list[Token], i: int) -> bool:
    """Whether the number ``words[i]`` stands right after a word of letters on its line, with no stop between: a
    square's figure with the move's full stop ("K P - K 4. 1. K P - K 3."), not a move's number."""
    before = words[i - 1] if i > 0 else None
    return before is not None and before.line == words[i].line and before.text.isalpha()


def _named(word: Token) -> bool:
    """Whether a number is printed as a move's number named in a sentence is: with its full stop or its dots
    (``12.``, ``12...``, ``12. …``); a bare figure after a letter is more often a square's (``Q to B 3``)."""
    return word.side is not None or word.text.rstrip(",").endswith(".")


def _number_before(words: Sequence[Token], i: int) -> int | None:
    """The number the move word ``i`` follows in its paragraph, if any (passing the figures of the moves' squares, "P to Q
    4, B to K Kt 5": a man's or a wing's letter before them)."""
    k = i - 1
    while k >= 0 and (words[k].number is None or k and words[k - 1].line == words[k].line
                      and _MAN_BEFORE.fullmatch(words[k - 1].text) is not None
                      and words[k].text.rstrip(",;.").isdigit()) and words[k + 1].line - words[k].line <= 1:
        k -= 1
    return None if k < 0 or words[k + 1].line - words[k].line > 1 else k


def _against(rules: Rules, state: _State, number: Token, sides: tuple[int, ...]) -> bool:
    """Whether the line ``state`` reads past ``number`` read the move after it against it: at another move number than the
    one it prints, or at a side's move the bare number cannot name (``sides``: where the text numbers the first player's
    moves alone, "and if 7 Q-Kt3, Q-K2" names White's 7th, never Black's with "Q-K2" after the first move skipped)
    (the move to read now, where no move after it is read yet)."""
    at = state
    while at.step is not None and at.back is not None and at.step.first.start > number.start:
        if at.back.step is None or at.back.step.first.start <= number.start:
            inside = at.back.step is not None and at.back.step.last.start >= number.start  # (a move's figure)
            return not inside and _off(rules, at.back.position, number, sides)
        at = at.back
    if at.step is not None and at.step.first.start < number.start <= at.step.last.start:
        return False  # (the figure is a move's read: "The king's pawn 2 squares.")
    return _off(rules, state.position, number, sides)


def _off(rules: Rules, position: Any, number: Token, sides: tuple[int, ...]) -> bool:
    """Whether the move to make in ``position`` is not the one the bare ``number`` names (its number, one of ``sides``)."""
    return rules.number(position) != number.number or rules.side(position) not in sides


def _noted_number(words: Sequence[Token], i: int, carried: frozenset[str]) -> int | None:
    """The number of the author's note (:attr:`Token.noted`, under its label) that the move word ``i`` follows in its
    paragraph, if any: where it names the line's next move or a later one, the note's line is ahead of the game
    (:data:`AHEAD`)."""
    k = _number_before(words, i)
    # (Only in a note under its label, "(a) If 11 P to Q 4": charged on any note the layout reader left in the author's
    # sentence, it moved Hastings 1895's footnotes, "After 8. Castles, Castles ; 9. P to B 4, ...", a variation strung
    # from several notes' moves in Von Bardeleben - Tchigorin, 62 -> 60 legal.)
    # (Or in a note under a label a move of the score carries, :func:`notation.parse.carried_labels`, whatever the layout reader made
    # of it: "9. P to K R 3 (a)" over "(a) If 11 P to Q 4, ...".)
    if k is None:
        return None
    label = _label_of(words, k)
    return words[k].number if label is not None and (
        words[k].noted and _NOTE_LABEL.fullmatch(words[label].text) is not None
        or label_key(words[label].text) in carried) else None


#: A man's or a wing's letters, before a square's figure (``Q 4``, ``K Kt 5``, ``B 3``).
_MAN_BEFORE = re.compile(r"(?:Kt|[KQRBNP])\.?(?:Kt|[KQRBNP])?\.?")


def rows_bare(words: Sequence[Token]) -> bool:
    """Whether the text numbers its score's rows without a stop: two lines at least begin with a bare number before
    a move's word, more than begin with a number printed with its stop or dots (the layout reader's
    :func:`notation.parse.chess_layout.rows_bare`, on the decoder's words)."""
    firsts = [w for k, w in enumerate(words) if w.number is not None and (k == 0 or words[k - 1].line != w.line)]
    bare = sum(w.text.isdigit() for w in firsts)
    return bare >= 2 and bare > len(firsts) - bare


def told_in_rows(words: Sequence[Token]) -> bool:
    """Whether the text prints its score in rows: its rows' numbers, each beginning its line, are four at least and
    half the numbers up to the highest of them at least (a score of several games counted once: its numbers begin
    again). Not a number a sentence runs on to past its line's end ("White plays\n4. P-B3"), nor one the family's
    reading of the layout put in the author's note (:attr:`Token.noted`): a game told in sentences begins a line with
    its number only here and there, however many numbers its notes name."""
    rows = {w.number for k, w in enumerate(words)
            if w.number is not None and w.depth == 0 and not w.noted and (k == 0 or words[k - 1].line != w.line and not (
                words[k - 1].text[:1].islower() and words[k - 1].text.rstrip(",").isalpha()))}
    # (Or four rows numbered in turn: an OCR'd page's score among a page's number and its notes' high numbers,
    # "94 LONDON CHESS TOURNAMENT." over rows 1 to 40, covers less than half of them.)
    return len(rows) >= 4 and (2 * len(rows) >= max(rows) or any(all(n + d in rows for d in range(1, 4)) for n in rows))


def told_in_sentences(words: Sequence[Token]) -> bool:
    """Whether the text tells a game in sentences: no score in rows (:func:`told_in_rows`), and told from its first
    move, its first numbers 1 and then 2 ("White opens with 1. P-K4, and Black answers 1. ... P-K4. White now attacks
    ... by 2. Kt-KB3"). An OCR'd page of notes on games printed elsewhere takes them up at their notes' moves ("36
    PxB; 37 PxP (if KtxP, ...)", "Game 2.-- 20 R-B2 would not have been good"), its numbers in no turn: its words
    weigh no game's line (Steinitz's Modern Chess Instructor lost 21 moves legal over seven such records)."""
    first = [k for k, w in enumerate(words) if w.number is not None and w.depth == 0 and not w.noted]
    seen = list(dict.fromkeys(words[k].number for k in first))[:2]
    if seen != [1, 2]:
        return False
    # (Its first number in a sentence: a word of prose before it in its paragraph, "White opens with 1. P-K4", "After
    # the moves 1. P-K4"; not a table's head line, "Table 98.-THE KIESERITZKY GAMBIT.\n\n1 P.K4, P.K4: 2 P-KB4",
    # whose columns' notes, "(3) If 7 .., Q-K2", were weighed against its moves: Freeborough lost 2 moves legal.)
    k = first[0]
    before = words[k - 1] if k else None
    return before is not None and words[k].line - before.line <= 1 and before.text.rstrip(",:")[:1].islower() \
        and before.text.rstrip(",:").isalpha() and not told_in_rows(words)


def numbers_stopped(words: Sequence[Token]) -> bool:
    """Whether the text prints its move numbers with their stops or dots (``4. c3 Nf6``): two at least, more than it
    prints bare. (Not an OCR'd page of columns whose rows' numbers stand bare in mid-line after a heading's prose,
    London 1883's "G. Il. Mackenzir. 15 BtoB4é" / "PwQB4 16 BtoQé", its first column's numbers lost, nor one whose
    only stop is an initial read as a figure, "8. Rosewriat, 31 KtoB3".)"""
    numbers = [w for w in words if w.number is not None]
    bare = sum(w.text.isdigit() for w in numbers)
    return len(numbers) - bare >= 2 and len(numbers) - bare > bare


#: A note's label (``(a)``, ``(B)``, ``(*)``), and a word of prose before a bare figure: two letters or
#: more, a small one among them (``If``, ``then``, ``is``), not a move's own word (``to``, ``takes``, ``sq``, ``ch``).
#: (Not a figure's, ``(5)``: Freeborough's OCR'd tables print them alone on their lines among the columns' cells,
#: each a column's mark, and their cells' figures read as notes' numbers cost the book 123 moves legal.)
_NOTE_LABEL = re.compile(r"\((?:[A-Za-z]|\*)\)[.:]?")
_PROSE_WORD = re.compile(r"(?=[A-Za-z]*[a-z])[A-Za-z]{2,}[,;:]?")
_MOVE_WORDS = frozenset(("kt", "ch", "sq", "dis", "dbl", "mate", "check", "takes", "to", "ep", "castles", "and", "x"))
#: Any form of a note's label (``(a)``, ``a)``, ``1)``, ``(*)``) and a footnote's sign (``*``, ``†``, ``**``), as a
#: word that opens a note's line: the note is a move's of the score where the text carries its label
#: (:func:`notation.parse.carried_labels`). (Not a figure in both brackets, ``(4)``: Freeborough's tables' column marks.)
_ANY_LABEL = re.compile(r"\((?:[A-Za-z]|\*{1,3})\)[.:]?|(?:[A-Za-z]|\d{1,2}|\*{1,3})\)[.:]?|[*†‡§]{1,3}")


def _named_bare(words: Sequence[Token], i: int, windows: Sequence[Sequence[tuple[int, str]]], rows_bare: bool,
                carried: frozenset[str]) -> bool:
    """Whether the bare figure ``words[i]`` is a move's number named in the author's sentence: after a word of prose
    or a note's label, a move read after it ("(a) If 9 P to Q 4, B to K Kt 5.", "(a) 9 P to Q 4 is met by ..."), in
    a note under its label (:func:`_label_of`), where the text numbers its rows bare (:func:`rows_bare`) or a move of
    the score carries the label (:func:`notation.parse.carried_labels`: the note is that move's, whatever the rows print, "9. P to K
    R 3 (a)" over "(a) If 9 P to Q 4, ..."). After a man's or a file's letters it is a square's figure. (An OCR'd
    book's figures after prose, "If 24 PxQ ;" in notes no label heads, are left as they were: named so, Steinitz's
    notes, "Col. 9.— If 9 QB— Kt5; 10 P— KR3", read 2490 -> 2457 legal, five games' results the other way round.)"""
    if not words[i].text.isdigit() or i == 0 or i + 1 >= len(words) or not windows[i + 1]:
        return False
    prior = words[i - 1].text
    if not (_ANY_LABEL.fullmatch(prior) is not None or _PROSE_WORD.fullmatch(prior) is not None
            and prior.rstrip(",;:").lower() not in _MOVE_WORDS):
        return False
    if words[i].text == "1":
        # (The first move's number: where the line began is the start, whatever the columns or notes read, and a
        # square's figure follows a man's letters, not a word of prose: "after 1 P-K4, P-K4 ; 2 Kt-KB3, Kt-KB3".)
        return True
    label = _label_of(words, i)
    return label is not None and (label_key(words[label].text) in carried
                                  or rows_bare and _NOTE_LABEL.fullmatch(words[label].text) is not None)


def _bare_in_sentence(words: Sequence[Token], i: int) -> bool:
    """Whether the bare figure ``words[i]`` (no stop, no dots: "Better was 4 d4") stands in the author's sentence, after a
    word of his prose on its line ("was", "draw."; not a man's or a move's word, "Kt", "to", "KtxP;", nor a square's figure
    after its letters, "Q B 3"): a move's number named there, not a row's, which begins its line."""
    if not words[i].text.isdigit() or i == 0 or _begins_row(words, i) or words[i - 1].line != words[i].line:
        return False
    prior = words[i - 1].text.rstrip(",;:.!?")
    # (A capital past a word's first letter is a move's, "8 KtxP; 9 Kt-K4": a row run on in a line, no sentence.)
    return _PROSE_WORD.fullmatch(prior) is not None and prior[1:].islower() and prior.lower() not in _MOVE_WORDS


def _last_row(words: Sequence[Token]) -> int:
    """Where the score's last row begins: the last number that begins its line (:func:`_begins_row`), outside brackets
    and the author's sentences (:attr:`Token.noted`); ``-1`` where none does. A note's line after it is no row of the
    score's."""
    return max((i for i, w in enumerate(words) if w.number is not None and w.depth == 0 and not w.noted
                and _begins_row(words, i)), default=-1)


def in_carried_note(words: Sequence[Token], i: int, carried: frozenset[str]) -> bool:
    """Whether word ``i`` stands in a note under a label a move of the score carries (:func:`notation.parse.carried_labels`,
    :func:`_label_of`): the marked move's note, its moves never the game's going on."""
    label = _label_of(words, i)
    return label is not None and label_key(words[label].text) in carried


def _label_of(words: Sequence[Token], i: int) -> int | None:
    """The note's label (:data:`_ANY_LABEL`) word ``i`` stands under, if any: on the line a note's label begins
    (``(a) If 9 P to Q 4, ...``), or on the lines the note wraps onto, each its sentence going on ("(a) Many players
    prefer here the more enterprising" / "continuation 9 P to Q 4, B to K Kt 5."; the label alone on its line above
    its note); not past a line that begins with a move's number, as an OCR'd page of columns interleaves the score's
    rows with the notes (London 1883's Winawer v. Zukertort, its rows read 59 -> 52 so), nor past a blank line."""
    k = i
    while not (_ANY_LABEL.fullmatch(words[k].text) is not None and (k == 0 or words[k - 1].line != words[k].line)):
        if k == 0:
            return None
        if words[k - 1].line != words[k].line and (
                k == i or words[k].line - words[k - 1].line > 1 or words[k].text[:1].isdigit()):
            return None  # (a blank line, or a line that begins with a number: a row of the score)
        k -= 1
    return k


def _begins_row(words: Sequence[Token], i: int) -> bool:
    """Whether ``words[i]`` begins its line, a table's cell borders before it aside ("| 5. P. to Q. B.'s 3rd. |":
    a row of a table begins at its first border)."""
    j = i - 1
    while j >= 0 and words[j].line == words[i].line and words[j].text.strip() == "|":
        j -= 1
    return j < 0 or words[j].line != words[i].line


def _unnumbered_line(words: list[Token], i: int) -> bool:
    """Whether word ``i``'s line begins with no number: a number further on a row that begins with one
    (``5. B. to Q. Kt*f 5tb.  5. P. takes P.``, the second column's) is the row's, whatever stands before it.
    A number below the one its line begins with is none of that row's (its second column prints the row's
    number, a score run on the next ones): the author's, going back ("8. PxP, Kt-Kt2, White has a fine
    development. Black may also try 5..., Kt-Q3, when 6. BxKt, ...": the note's line at Black's 5th)."""
    first, number = words[_row_start(words, i)], words[i].number
    if first.number is not None and number is not None and number < first.number:
        return True
    return first.number is None and not first.numeral


def _made(rules: Rules, state: _State, number: int, side: int | None, both: bool) -> bool:
    """Whether a number names a move ``state``'s line has already made, for every side it may name (its dots' side,
    else the first player's, or either where the text numbers both sides' moves): after a word of prose, the author
    goes back to it for a note, though his paragraph began with the score ("1. P-K4, P-K4; ... 4. P-B3, Kt-B3. If
    instead of 4. P-B3 White plays 4. P-Q3, ..."): never a move of the line going on under another ply's number. (Not
    the number its line begins with, further on it: a row's second cell, "8. B. takes P. (ch.)  8. K. to K's sq."; and
    only in the paragraph of the line's last move, whose moves there run over two numbers at least: the author's own
    sentence of moves, :meth:`_returns`'s ``within``.)"""
    sides = (side,) if side is not None else (0, 1) if both else (0,)
    return all((number, s) < (rules.number(state.position), rules.side(state.position)) for s in sides)


def _ended_a_move(state: _State, word: Token, moves: int) -> bool:
    """Whether ``word`` is the last word of one of the last ``moves`` moves ``state`` read (each stream's
    last, where the streams are read in turn)."""
    at: _State | None = state
    for _ in range(moves):
        if at is None or at.step is None:
            return False
        if at.step.last is word:
            return True
        at = at.back
    return False


def _in_moves_place(words: list[Token], i: int, k: int, windows: list[list[tuple[int, str]]]) -> bool:
    """Whether words ``i`` .. ``i + k - 1`` ("The same.") stand where a move is printed, not in a sentence ("in the
    same way"): on a line of their own, after one word (a side's label) at most; in a row's numbered cell, after
    its number and up to the line's end or the next cell's number (``1. P. to K's 4th.  1. The same.``); or after a
    move and its comma, up to the line's end or a stop (``1. P-K4, the same; 2. Kt-KB3``); in a run, its own stop
    or comma ends it (``3. The same, Kt-KB3;``). ``windows`` are the
    moves found at the words before ``i``."""
    line = words[i].line
    ends_cell = i + k >= len(words) or words[i + k].line != line or words[i + k].number is not None
    if not ends_cell and not words[i + k - 1].text.endswith((".", ";", ",")):
        return False
    if i < 1 or words[i - 1].line != line:
        return ends_cell
    before = words[i - 1]
    if before.number is not None:
        return ends_cell
    if before.text.endswith(","):  # the move before ends at that word, read as a move
        return any(j + n == i and text != REPEAT for j in range(max(0, i - SPAN), i) for n, text in windows[j])
    # After a side's label ("Black. The same."), not a note's ("(l) Ditto.": the note says what the one before said).
    return ends_cell and (i < 2 or words[i - 2].line != line) and not before.text.startswith(("(", "["))


def _advance(cursor: tuple[int, ...], stream: int, by: int) -> tuple[int, ...]:
    return cursor[:stream] + (cursor[stream] + by,) + cursor[stream + 1:]


#: How many plies after an ambiguous or repaired move another reading must go on for, to leave it unsettled.
SURVIVE = 40


def goes_on(rules: Rules[P, M], position: P, steps: list[Step[M]]) -> bool:
    """Whether every following move, by the form it was read in, is legal after another reading too
    (up to :data:`SURVIVE` of them): then the text does not say which reading is meant."""
    for step in steps[:SURVIVE]:
        moves = [m for m, _ in rules.forms(position).get(step.form, ())]
        if not moves:
            return False
        position = rules.play(position, step.move if step.move in moves else moves[0])
    return True
