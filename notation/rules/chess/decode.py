"""Chess for the decoder (:mod:`notation.decode`): a book's page read against the legal moves.

What only chess knows: the legal moves of a position in the forms a notation
prints them (``P-K4``, ``Kt-KB3``, ``KtxP``; ``Sg1-f3``, ``Sf3``), and how a
printed stretch of words compacts to one of those forms (``P. to K's 4th.``,
``P to K 4``, ``PtoK4`` all read ``p-k4``). The decoder chooses the words and
their order; the chosen reading comes back as a :class:`ParsedRecord` whose
moves carry a :class:`Decoded` reading, and the replay checks it as it checks
any other (claims, marks, the result).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

import chess

from notation.boards.chess import HOME_WINGS, Position, descriptive_file, gives_mate
from notation.decode import (
    GLUED_REF,
    Decoder,
    Segment,
    Step,
    Token,
    joined,
    named_plans,
    named_sides,
    named_weighed,
    segments,
    tokens,
)
from notation.decode.prose import in_a_row, numbered_alone
from notation.decode.search import (
    OCR_MARK,
    PLANNED,
    REPEAT,
    Branch,
    collector_paused,
    goes_on,
    in_carried_note,
    names_replaced,
    second_numbered,
    told_in_sentences,
)
from notation.details.chess import ChessExtra
from notation.families import move_like_words
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove
from notation.parse import (
    FOOTNOTE_HEAD,
    FOOTNOTE_SIGNS,
    INSTEAD_OF,
    bare_marks,
    carried_labels,
    footnote_signs,
    instead_cues,
    sign_marks,
    sign_order,
)
from notation.parse.chess_descriptive_words import ORDINALS, ordinal
from notation.parse.chess_layout import CAPTURE, IN_SENTENCE, RUNNING_HEAD, marked_move, result_after_score
from notation.parse.chess_text_setup import mate_moves, without_setups
from notation.records import line_name, run_in_name
from notation.rules.chess.notations import ChessNotation
from notation.rules.chess.notations.descriptive import INITIALS, SPACED

# -- compacting printed words --------------------------------------------------

#: The OCR's marks for a quote ("R*s", "Q^s", "K»s": Löwenthal) and for a dash and a cross.
_QUOTES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "*": "'", "^": "'", "»": "'", "—": "-", "–": "-",
                         "×": "x"})
#: The letters :data:`_QUOTES` reads otherwise, and "~" (most words have none).
_QUOTED = re.compile("[’‘`´*^»—–×~]")
_TAKES = re.compile(r"tak\w*|tks\b")
#: "to" as the OCR reads it between a piece and its square ("P. 10 K. B's 4th.", "B lo Kt 3"): compacted to
#: ``~``, which no form has, so the word is read through an OCR confusion (``~`` for ``-``), at its cost.
_TO_AS_TEN = re.compile(r"(?<=[a-z.])\s+[1li][0o]\s+(?=[a-z])")
#: Letters the OCR misread in a descriptive word, each read back through an OCR confusion: compacted with
#: the letters meant after ``¤`` (:data:`notation.decode.search.OCR_MARK`, which no form has and which the
#: decoder's folding drops), so the word is read at an OCR correction's cost and named, never as printed.
#: "Kt" as "Kf", "Ki", "KV" ("P. to Q. Kfs 4th.", "Ki. to B's 3rd."); the possessive's "s" as "8" before
#: the rank ("B*8 3rd."); "K" as "IC" ("P. to ICs 4th."); the "3" of "3rd" as "S" ("P. to Q's Srd.").
#: "sq" with its "q" read as "y" or "g" after a file's letter ("K to R sy", "QRtoBsyq", "Ktsqg"): the first rank.
_DAMAGED_SQ = re.compile(r"(?<=[kqbrt\s])s(?:[yg][qgy]?|q[gy])\b")
#: The King's file's "K" read twice, "Kk", before the rank ("PtoKk4", "Pto Kk 3"; "KKt" is "K Kt").
#: The Bishop's file's "B" read as a figure, "6" or "8", before the rank, after the dash or a wing's letter ("Kt— 63",
#: "P— Q64", "B— 84": Steinitz's *Instructor*, 700 times); and "5" as "$" after a file's letter ("R— Kt$").
_FIGURE_FOR_B = re.compile(r"(-\s*[kq]?)[68](?=[1-8](?![\d$]))")
#: "Q" read as "g" as a man's or a wing's letter ("gxR", "KB— gB4", "K— g3", "P_gKt4"; Steinitz's *Instructor*).
#: (Before a dash or cross only with a man or a square after it: "g-ermany", a word the OCR broke, stays.)
_G_FOR_Q = re.compile(r"(?<![a-z])g(?=(?:kt|[kbr])?[1-8]|(?:kt|[kbr])?\s*[-x~]\s*[kqbrp¤])")
#: "Q" read as "O" as the square's file after the dash, its full stop or none before the rank ("Kt— O.2", "B — O2",
#: "P— O4"; Steinitz's *Instructor*): no square's letter is "O". (Not after castles' own "O— O": "O— O 4" is
#: castling and the next row's number run in.)
_O_FOR_Q = re.compile(r"(?<![o0])(-\s*)o\.?(?=[1-8](?!\d))")
#: The dash between a man and his square read as an underscore ("Q_B3", "P_QKt4"): a damaged separator, ``~``.
_UNDERSCORE = re.compile(r"(?<=[kqrbptg.])\s*_+\s*(?=[kqbrg\d])")
#: A rank's "3" read as "38" after its file's letter ("Ktto B38", "PtoK R38", "QtoK B38": London 1883's OCR, 244
#: times, where any other two figures there are a row's number run in, a few times each): the third rank.
_THREE_AS_38 = re.compile(r"(?<=[kqbrt])(\s?)38\b")
_MISREAD = ((re.compile(r"\bk[fiv](?=s\b|\s|[.,']|$)"), "¤kt"), (re.compile(r"(?<=[a-z])'8(?=\s*\d)"), "¤'s"),
            (re.compile(r"\bic(?='?s\b)"), "¤k"), (re.compile(r"\bsrd\b"), "¤3"),
            (re.compile(r"kk(?=\s*[1-8])"), "¤k"), (_DAMAGED_SQ, "¤sq"), (_FIGURE_FOR_B, "\\1¤b"),
            (re.compile(r"(?<=[a-z])\$"), "¤5"), (_G_FOR_Q, "¤q"), (_THREE_AS_38, "\\1¤3"),
            (_O_FOR_Q, "\\1¤q"))
#: "t." for "takes" between two pieces, as some books print it ("P t. P", "Kt t. B", "Bt. Kt", "RtR" with the
#: stop lost): after a piece's letter or a space, never after a lone "K" ("Kt. P" is the knight's pawn), and
#: before a piece, never before "o" ("PtoK4"); its stop may be printed as a comma after a piece's letter
#: ("Bt, Kt", as the OCR reads it), never after a space (a lone "t," is the OCR's noise: "r, r, t, r"). A capture
#: names the man taken, never a square: "t" before a square is "to" with its "o" lost (``_OCR_TO``: "PtK4", "Bt Q2").
#: (A rank's figure as a worn page prints it, :data:`CONFUSIONS`, is a rank: "PtKRS", "BtQs", "Bt Ktd" go "to".)
_SQUARE_AHEAD = r"\s*[kq]?\s*(?:kt|[kqrb])\s*(?:[1-8]|sq|[sdg]\b)"
_T_TAKES = re.compile(r"(?:(?:(?<=\s)|(?<=[pbrq])|(?<=kt))t\.?|(?:(?<=[pbrq])|(?<=kt))t,)"
                      rf"(?!{_SQUARE_AHEAD})\s*(?=(?:[kq]\s*)?(?:kt|[pbrq])|k\b)")
#: The possessive's quote lost: "R  s  5th", "Q. Rs 4th", "Kts sq".
_LOST_QUOTE = re.compile(r"(?<=[a-z])\s+s\s+(?=\d)|(?<=\b[kqrb])s(?=\s*(?:\d|sq\b))|(?<=\bkt)s(?=\s*(?:\d|sq\b))")
_POSSESSIVE = re.compile(r"'s(?:\b|(?=\d))|'")  # "K's 4th", and "Q's4th" with the space lost
#: "Q. to her Kt's 3rd", "K. to his 2nd": the king's or queen's own wing (``q-qkt3``, ``k-k2``).
_OWN_WING = re.compile(r"^([kq])-(?:his|her|its)")
#: "Queen's bishop at his 1st square", "K. Kt. to his 5th": a rank alone after "his" is the piece's own file;
#: "King's knight at his bishop's 3d": a file after "his" is on the piece's own wing (KB3).
_OWN_FILE = re.compile(r"^([kq](?:kt|[br]))-(?:his|her|its)(?=\d)")
_OWN_SIDE = re.compile(r"^([kq])(kt|[br])-(?:his|her|its)(?=kt|[br])")
#: "Knight at his bishop's 3d": a man of no wing named, "his" before a file says only that the mover counts the
#: squares. (Before a rank alone, "Kt. to his 3rd", it names the man's own file, which a wingless man leaves
#: unsaid: kept, to be read as near a form, as before.)
_HIS = re.compile(r"(?<=-)(?:his|her|its)(?=[a-z]+\d)")
#: "sq" for the first rank, as its own word ("R. to K's sq.") or run into the file's letter ("QRtoQsq", "KtoBsq",
#: "Ktsq", as some books print it with the spaces lost); not in brackets, where it names the square a piece
#: moves from ("R(Qsq)— Q5", left as the shape of a move's first word).
_SQUARE = re.compile(r"(?:\b|(?<=[kqbrt])(?<!\([kqbr])(?<!\(kt))sq(?:uare)?\b")
_ORDINAL = re.compile(r"(?<=\d)[a-z]{1,3}\b")
#: A discovered or double check's word before its mark ("dis. ch.", "dbl. ch", "double ch").
_DISCOVERED = r"(?:(?:disc?|dble?|double)\.?\s*)"
_MARK_AT_END = re.compile(rf"[\s,;.]*\(?(?:ch|check|mate|{_DISCOVERED}ch)\.?\)?[.,;]*$")
#: A note's reference after the move ("KtoB2(B)", "BtoQ3(!)(E)", "Q to K2 ch (A", "(v2)"): its letter (and figure),
#: or the author's mark.
_NOTE_AT_END = re.compile(r"(?:\s*\((?:[a-z]{1,2}|[a-z]\d|[!?]{1,2})(?:\)|$))+[.,;:]*$")
#: "to" as the OCR damaged it between a piece and its square ("PtcQ4", "Pt0Q3", "QteoQ2", "Pio K 5",
#: "P. loK. 4.", "P wo Kt7", "PwKR3", "PtwQ3", "PtwoQR3"; its round "o" read twice, "PtooK B4", "PteeQR4", or
#: open at the top, "PtuR5": London 1883, 70 times; never "tukts", Löwenthal's "takes" with its "a" read so), or
#: "t" alone after a man's letter ("PtK4", "Bt Q2",
#: "Bt.Q3": never after a lone "K", where "Kt B3" is the knight's move with "to" lost), or "o" alone after a
#: man's letter ("Bo B4", "BoQ3": the "t" lost; never after "K" or "Kt", where "KtoB2" is the King's move):
#: compacted to ``~``, which the decoder reads as ``-`` at an OCR confusion's cost.
_OCR_TO = re.compile(r"(?:(?:(?<=\b[pkqrb])|(?<=\bkt)|(?<=\s))(?:t[ce0]o?|te[eo]|too|tu(?!k[te]s)|tw[o0]?|w[o0]?|[i1l]o)"
                     r"|(?:(?<=[pqrb])|(?<=kt))t\.?|(?<=\b[pqrb])o)(?=[.\s]*[kq]?[.\s]*(?:kt|[kqrb])[.\s]*(?:[1-8]|sq|[sdg]\b))")
#: The dash between a man and his square read by the OCR as a full stop, the word set close ("P.K4", "Kt.KB3",
#: "Q.R5ch", "K.K2": Freeborough's *Chess Openings*, 2,405 times): compacted to ``~``, as a damaged "to" is. Only at
#: the word's start and before a square with its rank, so the long form's stops ("Kt. to K. B's 3rd.", "Q. B. 3.") and
#: a man named by his square ("K.B.P.") stay as they were.
_STOP_FOR_DASH = re.compile(r"^((?:[kq]?(?:kt|[rbp])|[kq]))\.(?=(?:[kq](?:kt|[rb])?|kt|[rb])(?:[1-8]|sq))")
#: A move printed so, as a word of a text (:data:`notation.rules.chess.notations.descriptive.SPACED`); and a move to
#: a square printed with its dash or "to" ("P-K4", "Kt to B3", "PtoK4"): which of them a score prints.
_SPACED_WORD = re.compile(rf"(?<![\w.]){SPACED}", re.X)
_DASHED = re.compile(r"(?:Kt|[PBRQK])\.?\s*(?:[-–—]|to(?![a-z]))")
_MEN = frozenset("kqrbp")  # (the letters a man's name begins with: other texts are not matched)
#: A space where the dash stands between a man and his square, as newspapers' columns and texts that lost the dash
#: print the short form ("P K4", "Kt K B3", "R K sq", "Q R Q sq" for QR-Q sq, "K Kt K2" for KKt-K2), in a score
#: that prints its moves so (:func:`compact_spaced`): a form of the book, read as printed. The man and the square are
#: split where both are whole (a square names its file: "Q B3" is the Queen to B3, never a wing's man without a
#: square); the words are set without stops ("Mr. P. K. Smith", "Q. B. 3.") and the rank close to its file.
_SPACE_FOR_DASH = re.compile(r"((?:[kq]\s*)?(?:(?:kt|[rb])\s*)?p|(?:[kq]\s*)?(?:kt|[rb])|[kq])\s+"
                             r"((?:[kq]\s*(?:kt|[rb])|[kq]|kt|[rb])(?:[1-8]|\s*sq))\.?\s*")
#: A rank's figure as the OCR of a worn descriptive page reads it (London 1883: "BtoK8" and "PtoQR8" for
#: B to K 3 and P to Q R 3, "KttoQBs" and "BtKRS" for Kt to Q B 3 and B to K R 3, "Bto Ktd" for B to Kt 5,
#: "Kt to RG" for Kt to R 6): one more reading of a damaged word besides the shared one (where ``s`` is a ``5``,
#: as in Löwenthal's "B to Kt s"), at an OCR confusion's cost, the moves after deciding; one way only, a printed
#: "3" is never an "8". (Before, a letter off: "B to K 8"'s neighbours as likely as B to K 3.)
#: No descriptive form has these letters; algebraic's "d" and "g" are files.
CONFUSIONS = {"english-descriptive": (("8sdg", "3356"),)}
#: "Castles (Q)", "Castles (Q R)": the bracket after "Castles" names the side castled, no note's reference. (A
#: reference after the side, "Castles QR(A)" as London 1883 prints it, is a note's: left, it read as no form.)
_CASTLES_SIDE = re.compile(r"castles[\s.,]*\(\s*[kq]\.?\s*(?:r\.?\s*)?\)")
_NOT_MOVE = re.compile(r"[^a-z0-9x=~¤^@-]")
#: Castling with its wing named as books print it, compacted: "Castles (Q)", "Castles Q side", "Castles on K's side",
#: "Castles K R" (the King's wing is castling's plain form, the Queen's ``castlesqr``).
_CASTLING_WING = re.compile(r"castles(?:on)?(?:the|his|her)?([kq])(?:ueen|ing)?s?(r|side)?")
#: Castling set with the figure 0 ("0-0", "0 - 0-0", as descriptive books of the 1880s to the 1920s print it, and as
#: the layout grammar's CASTLES reads it): the letters of ``o-o`` (left as figures, a note's "7 0-0, R-Ksq" lost it).
_ZEROS_CASTLING = re.compile(r"0-0(?:-0)?")
#: A rank in words, as the long form of the early 1800s spells it ("K. B. to Q. B. fourth", "Q. to her Kt. third"):
#: its figure and ordinal, as the later books print it.
_RANK_WORDS = {word: f"{n}{'st' if n == 1 else 'd' if n in (2, 3) else 'th'}" for n, word in enumerate(ORDINALS, 1)}
#: (After a file's name only, and not before a word that goes on: "at the first view" is prose.)
_FILE_BEFORE = re.compile(r"(?:\b(?:kt|n|b|r|k|q)\.?|knight|bishop|rook|castle|king|queen)(?:['’]s)?\.?\s+$")


def _rank_in_words(m: re.Match[str]) -> str:
    """A rank in words as its figure, where a file's name stands before it."""
    return _RANK_WORDS[m[1]] if _FILE_BEFORE.search(m.string, 0, m.start()) else m[1]


_RANK_IN_WORDS = re.compile(rf"(?<=[a-z.'’]\s)\b({'|'.join(_RANK_WORDS)})\b(?!\s+(?!square|rank)[a-z])")
#: A pawn's step counted in squares ("King's pawn 2 squares", "Q. P. one square", "Q. P. one."): ``^2``, as the forms print it
#: (after the pawn's name only: "one square straight" is a Knight's move described; "one" or "two" alone only where its
#: stop ends the move, "Q. P. one.": a note's "push your king's knight's pawn two steps" is prose).
_STEPS = re.compile(r"(?:(?<=p)|(?<=p\.)|(?<=pawn))\s+(?:(1|one)(?:\s+square\b|(?=[.;)][\s.;)]*$))|(2|two)(?:\s+squares\b|(?=[.;)][\s.;)]*$)))")
#: The long form spelled out in words, as the oldest English books print it ("King's knight at king's bishop's
#: 3d square", "Queen at her own bishop's 2d", "The knight takes the pawn"): each name to its initial, "at" for
#: "to" (words with "to" are left as they were: "the Queen to her Knight's 2nd", in a note of Staunton's
#: day, is prose round the score's moves); "the", "own" and "square" after a rank say nothing more; "his" and "her" before a file's name only
#: say the mover's side counts the squares (before a rank alone they name its own file: ``_OWN_FILE``). Only
#: words of that form alone (a move, or the first words of one, with a note's mark and "gives check" after
#: it): other words, a note's prose round a move, compact as they did; and a pawn's steps only after its
#: file is named ("the pawn 2 squares" would be any pawn's). A bare figure is a word of the form only as a
#: pawn's count ("King's knight's pawn 1", a window short of its "square"): elsewhere it is the next move's
#: number ("Knight takes Bishop. 7. Queen takes Knight.").
_SPELLED = re.compile(r"(?:(?:the|his|her|its|own|at|takes|black|white|adversary's|adverse|and|gives|giving|discovering"
                      r"|check|mate|castles|(?:retires|returns|advances|moves)\s+to"
                      r"|squares?|\^[12]|pawn[\s.,;:]+(?:[12]|one|two)|(?:king|queen|knight|bishop|rook|castle|pawn)(?:'s)?"
                      r"|\d(?:st|nd|rd|th|d)"
                      r"|\(\w{1,2}\)"
                      r"|\[\d+\]|[†‡⸸*])(?:[\s.,;:]+|$))+")
_ANY_PAWN = re.compile(r"(?:the\s+)?pawn\s+\^")
_NAMES = (("king", "k"), ("queen", "q"), ("knight", "kt"), ("bishop", "b"), ("rook", "r"), ("castle", "r"),
          ("pawn", "p"))
_SPELLED_NAME = re.compile(r"\b(king|queen|knight|bishop|rook|castle|pawn)(?:'s)?\b")
_FILLER = re.compile(r"\b(?:the|own)\s+|(?<=\d)(?:st|nd|rd|th|d)?\s+square\b|\s+gives\s+check(?=\s+at\b)|(?:,?\s*and)?\s+gives\b|,?\s*(?:giving|discovering)\b|"
                     r"\b(?:his|her|its)\s+(?=(?:king|queen)\b)|\bking\s+(?=castles)|"
                     r"\b(?:black|white)\s+(?=(?:pawn|knight|bishop|rook|queen|king)\b(?!'))")  # "takes the black pawn"
#: "at", and a move told with its verb ("The king retires to his rook's square", "The queen advances to ..."): "to".
_AT = re.compile(r"\b(?:(?:retires|returns|advances|moves)\s+to|at)\b")
#: A footnote's number run into a word within the move ("takes the black[23] pawn"): no part of it. (After the
#: move's last word, "P to B 3[78]", or before the next move's number, it stays, as before: a side-by-side
#: layout's columns are read by it.)
_FOOTNOTE = re.compile(r"\[\d{1,3}\](?=\s+[a-z])")
#: A square named from a side's own end of the board ("Knight at the black queen's knight's 4th", "Queen at the
#: white king's rook's 3d", "King's knight at the adversary's king's 4th"): descriptive counts a rank from the
#: side named ("the fifth square of his own file, which is the fourth on the adversary's side", Philidor's
#: editor, 1803), so the square is compacted with its side, ``@b``, ``@w`` or ``@o`` (the mover's opponent)
#: before it (``kt-@bqkt4``), and read as the mover counts it where a position is known (:func:`counted_by_mover`).
_SIDE_NAMED = re.compile(r"\b(?:the\s+)?(black|white|adversary's|adverse)\s+(?=(?:king|queen|knight|bishop|rook)'s\b)")
_SIDES = {"black": "@b", "white": "@w", "adversary's": "@o", "adverse": "@o"}
_COUNTED = re.compile(r"@([bwo])([a-z]*)([1-8])")
#: "The same.", "The same move.", "Ditto.": the move that mirrors the move before (:data:`notation.decode.search.REPEAT`).
_SAME = re.compile(r"\s*(?:the\s+same(?:\s+move)?|ditto)\s*[.;,]?\s*")
#: A compact move's piece: "p", "kt", "qkt", "kr" (the king's rook), "k".
_PIECE = re.compile(r"[kq]?(?:kt|[rbp])|[kq]|[a-h](?=[1-8x])")
#: "P. Queens.": a pawn's move to its last square, made a Queen; told in words after the move too, as the
#: descriptive grammar's ``QUEENS`` reads it ("P. takes Kt. and queens", "P. takes R., becoming a Q.",
#: "P. to K's 8th, becoming a Queen", "P-Kt8, queening", "P. to R's 8th (becomes a Queen)").
_QUEENS = re.compile(r"[\s,;]*\(?(?:and\s+)?(?:queens|queening|becom(?:ing|es)\s+a\s+q(?:ueen)?)\b\.?\)?")


#: A move told by what it does to a check, without its square ("The rook gives check.", "The king's bishop gives
#: check.", "The bishop covers the check."): the man's move that checks, or that covers his king's check (a man
#: put between), compacted ``r-check``, ``b-cover``; or by the mate it gives, as the descriptive grammar's
#: ``piece_only`` reads it ("Kt. mates.", "Q. B. checkmates."): ``kt-mate``. Read as printed only
#: (:func:`as_printed_only`), where the position and the moves after it say which, and named where more than one
#: goes on.
_TOLD_BY_CHECK = re.compile(
    r"(?:the\s+)?((?:(?:king|queen)'s\s+)?(?:(?:knight|bishop|rook)'s\s+)?(?:king|queen|knight|bishop|rook|pawn)"
    r"|(?:[kq]\.?\s*)?(?:(?:kt|[rbn])\.?\s*)?p|(?:[kq]\.?\s*)?(?:kt|[rbn])|[kq])\.?"
    r"\s+(?:gives\s+(check)|(covers)\s+the\s+check|(?:check)?(mate)s)[\s.,;:]*(?:\(\w{1,2}\)|\[\d+\]|[†‡⸸☜*]|\s)*")
#: How the forms of :data:`_TOLD_BY_CHECK` end (looked up apart: :meth:`ChessRules._told`; a suffix, no pattern run).
_TOLD_ENDS = ("-check", "-cover", "-mate")
#: Those, and a pawn's steps counted in squares: read only as printed.
_AS_PRINTED = re.compile(r"\^|-(?:check|cover|mate)$")


def as_printed_only(form: str) -> bool:
    """Whether a compact form names no square (a pawn's steps, a check given or covered): it is read only
    as printed, never as the near reading of other words."""
    return _AS_PRINTED.search(form) is not None


#: Each pattern of :data:`_MISREAD` with the letters every text it matches has (one of them, at least): a
#: text without them is left as it is without running the pattern (a window of prose is compacted once,
#: and most patterns find nothing in it).
_MISREAD_GATED = tuple(zip((("kf", "ki", "kv"), ("'8",), ("ic",), ("srd",), ("kk",), ("sy", "sg", "sq"), ("6", "8"),
                            ("$",), ("g",), ("38",), tuple(f"o{rank}" for rank in "12345678.")),
                           (pattern for pattern, _ in _MISREAD), (meant for _, meant in _MISREAD), strict=True))


#: What every match of a pattern below has, found by a quick scan (a pattern whose match may begin anywhere
#: is tried at every letter; these begin with a letter to look for): a text without it is left as it is.
#: "t" (or its stop) before a man's letter (:data:`_T_TAKES`); a man's letter (or "kt"'s "t") before his
#: square (:data:`_OCR_TO`'s lookahead); "s" before a rank (:data:`_LOST_QUOTE`); a figure before a letter
#: (:data:`_ORDINAL`); "10" between spaces (:data:`_TO_AS_TEN`); "his", "her" or "its" after the dash (:data:`_OWN_WING`,
#: :data:`_OWN_FILE`, :data:`_OWN_SIDE`, :data:`_HIS`).
_TO_AS_TEN_GATE = re.compile(r"\s[1li][0o]\s")
_T_TAKES_GATE = re.compile(r"t[.,]?\s*[kqpbr]")
_OCR_TO_GATE = re.compile(r"[kqrbt][.\s]*(?:[1-8]|sq|[sdg]\b)")
_LOST_QUOTE_GATE = re.compile(r"s\s*(?:\d|sq)")
_ORDINAL_GATE = re.compile(r"\d[a-z]")
_OWN_GATE = re.compile(r"-(?:his|her|its)")


@lru_cache(maxsize=65536)
def compact_descriptive(words: str) -> str:
    """English descriptive words as one compact form: ``Kt. to K. B's 3rd.`` -> ``kt-kb3``."""
    return _compact_descriptive(words, False)


@lru_cache(maxsize=65536)
def compact_spaced(words: str) -> str:
    """:func:`compact_descriptive` for a score printed with a space for the dash (:func:`prints_space_for_dash`):
    ``P K4`` -> ``p-k4``, ``Q R Q sq`` -> ``qr-q1``, as printed."""
    return _compact_descriptive(words, True)


def _compact_descriptive(words: str, spaced: bool) -> str:
    """English descriptive words as one compact form; with ``spaced``, a man and his square set apart as one move.

    (A pattern runs only where the text has the letters each of its matches has, ``"("`` for a note's mark
    at the end, ``"sq"`` for the first rank: every window of words is compacted once, prose most of them.)"""
    text = words.lower()
    if _QUOTED.search(text):
        text = text.translate(_QUOTES).replace("~", "")  # ("~" is the mark of a damaged "to", below)
    if "--" in text:  # (two hyphens for the dash, as e-texts set it: "P--K4")
        text = text.replace("--", "-")
    if "_" in text:
        text = _UNDERSCORE.sub("~", text)
    if "[" in text:
        text = _FOOTNOTE.sub(" ", text)
    if ("same" in text or "ditto" in text) and _SAME.fullmatch(text):
        return REPEAT
    if "." in text[1:4]:
        text = _STOP_FOR_DASH.sub(r"\1~", text)
    told = _TOLD_BY_CHECK.fullmatch(text.strip()) if "check" in text or "mates" in text else None
    if told is not None:
        name = re.sub(r"[\s.']|(?<=[a-z])s\b", "", _SPELLED_NAME.sub(lambda m: dict(_NAMES)[m[1]], told[1]))
        return f"{name.replace('n', 'kt') if 'kt' not in name else name}-{told[2] or told[4] or 'cover'}"
    if ("th" in text or "ir" in text or "econd" in text) and _RANK_IN_WORDS.search(text):
        text = _RANK_IN_WORDS.sub(_rank_in_words, text)  # "Q. B. fourth": as "Q. B. 4th"
    if "square" in text or " one" in text or " two" in text:  # ("Q. P. one.", "K. P. two squares.")
        text = _STEPS.sub(lambda m: " ^1" if m[1] else " ^2", text)
    if _SPELLED.fullmatch(text) and not _ANY_PAWN.match(text):
        text = _SIDE_NAMED.sub(lambda m: f" {_SIDES[m[1]]} ", text)
        text = _AT.sub("to", _FILLER.sub(" ", text))
        text = _SPELLED_NAME.sub(lambda m: dict(_NAMES)[m[1]], text)
    bracketed_wing = "(" in text and _CASTLES_SIDE.search(text) is not None
    if "(" in text and not bracketed_wing:  # ("Castles (Q)" names the side; "KtoB2(B)", "Castles QR(A)" a note)
        text = _NOTE_AT_END.sub("", text)
    if "ch" in text or "mate" in text:
        text = _MARK_AT_END.sub("", text)
    if spaced and (apart := _space_for_dash(text)) is not None:
        text = f"{apart[1]}-{apart[2]}"
    if _TO_AS_TEN_GATE.search(text):
        text = _TO_AS_TEN.sub(" ~ ", text)
    if "queen" in text or "becom" in text:
        text = _QUEENS.sub("=q", text)
    for letters, misread, meant in _MISREAD_GATED:
        for part in letters:
            if part in text:
                text = misread.sub(meant, text)
                break
    if "tak" in text or "tks" in text:
        text = _TAKES.sub("x", text)
    if _T_TAKES_GATE.search(text):
        text = _T_TAKES.sub("x", text)
    if _OCR_TO_GATE.search(text):
        text = _OCR_TO.sub("~", text)
    text = text.replace("to", "-")
    if _LOST_QUOTE_GATE.search(text):
        text = _LOST_QUOTE.sub(" ", text)
    if "'" in text:
        text = _POSSESSIVE.sub("", text)
    if "sq" in text:
        text = _SQUARE.sub("1", text)
    # (A dash after the move's full stop is a stray mark, "Castles.-": no form ends in one.)
    if _ORDINAL_GATE.search(text):
        text = _ORDINAL.sub("", text)
    text = _NOT_MOVE.sub("", text)
    if _OWN_GATE.search(text):
        text = _HIS.sub("", _OWN_SIDE.sub(r"\1\2-\1", _OWN_FILE.sub(r"\1-\1", _OWN_WING.sub(r"\1-\1", text))))
    text = text.rstrip("-")
    if "0-0" in text and _ZEROS_CASTLING.fullmatch(text):
        return text.replace("0", "o")
    if "castles" not in text:
        return text.replace("n", "kt")
    # (A wing's letter alone is one only in brackets: "Castles Q." is "Castles" and the first word of the next move.)
    wing = _CASTLING_WING.fullmatch(text)
    if wing is None or not (wing[2] or bracketed_wing):
        return text
    return _CASTLES_QR if wing[1] == "q" else _CASTLES


def _space_for_dash(text: str) -> re.Match[str] | None:
    """The man and the square of lower-cased words printed with a space for the dash (``p k4``, ``q r q sq``)."""
    return _SPACE_FOR_DASH.fullmatch(text) if text[:1] in _MEN else None


def prints_space_for_dash(body: str) -> bool:
    """Whether a record prints its moves with a space for the dash (``P K4``): at least two such, and more of them
    than moves to a square with a dash or "to". Such a score's words are compacted with it (:func:`compact_spaced`),
    as printed; elsewhere a man and his square set apart are no move (a note's "Q B3", a sub-window of "Kt to
    Q B3"), at most a word a letter off one."""
    spaced = len(_SPACED_WORD.findall(body))
    return spaced >= 2 and spaced > len(_DASHED.findall(body))


def rules_for(notation: ChessNotation, body: str) -> ChessRules:
    """The rules a record's words are read with: its notation's, its words compacted with a space for the dash where
    the record prints its moves so (:func:`prints_space_for_dash`)."""
    rules = ChessRules(notation)
    rules.stipulated = mate_moves(body) is not None
    if notation.name == "english-descriptive" and prints_space_for_dash(body):
        rules.compact = compact_spaced
    return rules


def counted_by_mover(form: str, white: bool) -> str:
    """A compact form whose square is named from a side (``kt-@bqkt4``) as the mover names it: the same rank
    where the side named is the mover's, else counted from the other end (White's ``kt-qkt5``)."""
    def count(m: re.Match) -> str:
        own = m[1] == ("w" if white else "b")
        return f"{m[2]}{m[3] if own else 9 - int(m[3])}"
    return _COUNTED.sub(count, form)


#: (A comma or semicolon after a move is the sentence's: "play 6...Nxe5, where ...".)
#: (A footnote's sign at a move's end, "h2—h3*", "Lg4§", the star by then the apostrophe an OCR's star is: :data:`_QUOTES`.)
_ALGEBRAIC_NOISE = re.compile(r"e\.\s?p\.|[\s.,;+#!?†‡§]|'+$")


def _unbracketed(words: str) -> str:
    """The words without the brackets at their edges that a note opens or closes around them and they do not
    close or open again ("(Lg4", "Lg4.)", "Lg4).", "Bg4!)]": no part of the move). A pair stays: "Sf3(a)", a note's reference."""
    opened = words.count("(") + words.count("[")
    closed = words.count(")") + words.count("]")
    while closed > opened and (bare := words.rstrip(".,;:!?"))[-1:] in (")", "]"):
        words, closed = bare[:-1] + words[len(bare):], closed - 1  # ("Lg4.)", "Lg4)." alike)
    while opened > closed and words[:1] in ("(", "["):
        words, opened = words[1:], opened - 1
    return words


@lru_cache(maxsize=65536)
def compact_algebraic(words: str) -> str:
    """German and algebraic words as one compact form: ``S g 1-f 3`` -> ``Sg1-f3``, ``d4:e5`` -> ``d4xe5``; a note's
    bracket at their edge left out (``Lg4.)`` -> ``Lg4``)."""
    text = _unbracketed(words) if "(" in words or ")" in words or "[" in words or "]" in words else words
    if ")" in text or "^" in text or not text.isascii():
        # (a note's reference glued to the move, "Sf3(a)", "Nf6-d5(2)", "c7-c6^1", "c7-c6¹": the note's, no part of it)
        text = GLUED_REF.sub("", text)
    return _ALGEBRAIC_NOISE.sub("", text.translate(_QUOTES)).replace(":", "x").replace("O", "0")


COMPACT = {"english-descriptive": compact_descriptive}
#: What a compact move looks like, before a near form is looked for in it.
#: (A figure before the dash: the square a piece comes from, in brackets, "R (Kt sq) to B sq".)
_DESCRIPTIVE_SHAPE = re.compile(r"(?:[kq]?(?:kt|[rbp])|[kq])[a-z]{0,3}[1-8]?[-x~](?:@[bwo])?[a-z0-9]{1,5}(?:=[a-z]+)?$"
                                r"|castles|o-o"
                                r"|[kq]?(?:kt|[rb])?p\^[12]$"  # "King's pawn 2 squares"
                                r"|(?:[kq]?(?:kt|[rb])?p|[kq]?(?:kt|[rb])|[kq])-(?:check|cover)$"  # "The rook gives check"
                                r"|[kq]?(?:kt|[rb])?p=q$")  # "P. Queens.", "R. P. Queens."
_ALGEBRAIC_SHAPE = re.compile(r"[A-Za-z]{0,2}[a-h]?[1-8]?[-x]?[a-h][1-8]|0-0|Castles")  # (algebraic's English castling word too)
#: The universal notation's, compacted (its Knight's "O" is read as castling's "0" by then): "0f3", "Phg6x", "KM".
_UNIVERSAL_SHAPE = re.compile(r"[KLMNP0][a-h1-8]?[a-h][1-8]|KM")
SHAPES = {"english-descriptive": _DESCRIPTIVE_SHAPE, "universal": _UNIVERSAL_SHAPE}
#: How a word left as prose begins, compacted, to be counted a move-like word (:func:`_unexplained`): as a
#: move does, with a piece's letters (others only before the move's dash or "takes": the OCR's "QgxR",
#: "nO-0"; after it anything: a damaged word stays move-like), or castles. The shape the search reads by
#: lets any letters stand between a piece and its square (a damaged word is read a letter off), so a word
#: of prose fitted it, alone or with the move after it: "next" (its "n" a knight's: "kt e x t"), "be",
#: "by Kt-Kt5" ("b y kt-kt5").
_DESCRIPTIVE_START = re.compile(r"(?:(?:[kq]?(?:kt|[rbp])|[kq])(?:[kqrbpts]{0,3}(?:[1-8]?[-x~=][a-z0-9]*)?"
                                r"|[a-z]{1,3}(?:[-~=]|x(?=[kqrbp]))[a-z0-9]*)|castles[a-z]*|o(?:-o)*-?)$")
#: The algebraic notations' (German, SAN, long algebraic): a move begins with a piece's letter or a file, and a word of
#: three letters or more that has a letter no file, capture or OCR one is ("Auf" of "Auf 5. ..., d7-d5 folgt", "mit",
#: "Das") is a word of the language the book is written in, not a move: its letters, with the moves after it, fit the
#: algebraic shape's loose lead ("Au" + "f5" of "Auf5d7-d5"), which lets a piece's letters stand before a square.
_ALGEBRAIC_START = re.compile(r"(?!(?=[^\W\d_]{3,}$)[^\W\d_][a-zäöüß]*[jkm-wyzäöüß])")
MOVE_START = {"english-descriptive": _DESCRIPTIVE_START, "german": _ALGEBRAIC_START, "san": _ALGEBRAIC_START,
              "algebraic": _ALGEBRAIC_START}


def _descriptive_names() -> dict[str, int]:
    """Every name a descriptive form gives the man it moves (``p``, ``kbp``, ``qkt``, ``k``), compacted,
    with his kind: the names :func:`notation.rules.chess.notations.descriptive.readings` prints."""
    names: dict[str, int] = {}
    for kind, initial in INITIALS.items():
        names[initial.lower()] = kind
        if kind == chess.PAWN:
            for file in range(8):
                for short in (True, False):
                    names[f"{descriptive_file(file, short)}p".lower()] = kind
        elif kind in HOME_WINGS:
            for wing in "kq":
                names[f"{wing}{initial}".lower()] = kind
    return names


_DESCRIPTIVE_NAMES = _descriptive_names()
#: The name before the move's dash, "takes" or "Queens", and before the square a piece comes from, named in
#: brackets where two may go ("R (Kt sq) to B sq": ``rkt1-b1``).
_MOVER_NAME = re.compile(r"([a-z]+?)(?:[kq]?(?:kt|[rb])?[1-8])?[-x=]")


@lru_cache(maxsize=65536)
def _descriptive_mover(form: str) -> int | None:
    """The kind of man a compact descriptive form moves (``kbp-b4``: a pawn; castling: the king);
    ``None`` for a form that names none."""
    if form.startswith(("castles", "o-o")):
        return chess.KING
    if "^" in form:  # a pawn's step counted in squares ("King's pawn 2 squares": ``kp^2``)
        return chess.PAWN
    name = _MOVER_NAME.match(form)
    return None if name is None else _DESCRIPTIVE_NAMES.get(name.group(1))


#: Per notation: the kind of man (python-chess's piece type) a compact form moves, read from the form alone
#: (``None``: any kind may print it). Only that kind's moves can print the form, so a position's forms are
#: made a kind at a time (:class:`_Forms`); a notation not here has every move's forms made at once.
MOVERS: dict[str, Callable[[str], int | None]] = {"english-descriptive": _descriptive_mover}
#: A position's legal moves by form, per notation and position key, for one record (:func:`decode` empties it).
_FORMS: dict[tuple[str, str], _Forms] = {}
_CACHED = 4000
#: Per notation: the forms of each move signature (:meth:`ChessRules.forms`), and the signatures of each form.
#: and every form made so far, in the order made.
_MOVE_FORMS: dict[str, tuple[dict[tuple, tuple[str, ...]], dict[str, list[tuple]], list[str]]] = {}


class _Forms(Mapping[str, list[tuple[chess.Move, float]]]):
    """A position's legal moves by compacted form, looked up one form at a time: a position is
    asked for a few forms (the words where a reading stands), of the hundred its moves have.

    Where the notation says which kind of man a form moves (:data:`MOVERS`), a form is looked for among
    the moves of that kind alone, made when first asked for (the words at a position mostly name one
    or two kinds); the rest of the moves are made only when every form is asked for (:meth:`complete`)."""

    def __init__(self, make: Callable[[int | None], dict[tuple, int]], made: dict[tuple, tuple[str, ...]],
                 by_form: dict[str, list[tuple]], legal: Callable[[chess.Move], bool] | None = None,
                 mover: Callable[[str], int | None] | None = None, white: bool = True,
                 told: Callable[[str], list[tuple[chess.Move, float]]] | None = None) -> None:
        #: The position's moves (each signature's entry, :func:`_entry`) of one kind of man, or of all (``None``).
        self._make = make
        self._made, self._by_form = made, by_form
        #: Whether one of the moves is legal, when they are the board's pseudo-legal moves (checked when
        #: a form names it); ``None`` when they are its legal moves.
        self._check = legal
        #: The kind of man a form moves (``None``: any), when the notation says.
        self._mover = mover
        #: Whether White moves (a square named from a side is counted as the mover counts it).
        self._white = white
        #: The moves a form names that tells a move by what it does (:meth:`ChessNotation.told_forms`).
        self._told = told
        #: Every move, once made; before that, the moves made for each kind asked for.
        self._moves: dict[tuple, int] | None = None if mover is not None else make(None)
        self._kinds: dict[int, dict[tuple, int]] = {}
        self._found: dict[str, list[tuple[chess.Move, float]] | None] = {}
        #: Every move's entry by form, once every move is made (:meth:`complete`).
        self._printing: dict[str, list[int]] | None = None
        self._all: dict[str, list[tuple[chess.Move, float]]] | None = None
        self._order: dict[str, None] | None = None

    def _legal(self, move: chess.Move) -> bool:
        return self._check is None or self._check(move)

    def complete(self) -> dict[tuple, int]:
        """Every move of the position (so every form of it is among the rules' known forms), indexed by
        form: a position made whole is asked for many forms (a damaged word's near forms), most of them
        printed by none of its moves."""
        if self._moves is None:
            self._moves = self._make(None)
            self._kinds = {}
        if self._printing is None:
            printing: dict[str, list[int]] = {}
            made = self._made
            for signature, entry in self._moves.items():
                for form in made[signature]:
                    hits = printing.get(form)
                    if hits is None:
                        printing[form] = [entry]
                    else:
                        hits.append(entry)
            self._printing = printing
        return self._moves

    def _of(self, form: str) -> dict[tuple, int]:
        """The moves that may print ``form``: those of the man it names, or every move."""
        if self._moves is not None:
            return self._moves
        kind = self._mover(form)  # type: ignore[misc]
        if kind is None:
            return self.complete()
        moves = self._kinds.get(kind)
        if moves is None:
            moves = self._kinds[kind] = self._make(kind)
        return moves

    def get(self, form: str, default=None):
        found = self._found.get(form, _UNSEEN)
        if found is not _UNSEEN:
            return default if found is None else found
        if "@" in form:  # a square named from a side (``kt-@bqkt4``): read as printed, never near
            counted = counted_by_mover(form, self._white)
            return default if "@" in counted else self.get(counted, default)
        if self._told is not None and form.endswith(_TOLD_ENDS):
            found = self._found[form] = self._told(form) or None
        else:
            if self._printing is not None:  # (the position made whole: its moves by form, in its order)
                hits = self._printing.get(form)
                if hits is None:
                    if form != _CASTLES:
                        return default
                    hits = []
            else:
                hits = self._hits(form)
            found = self._found[form] = [(move, 0.0) for move in map(_move, hits) if self._legal(move)] or None
            if form == _CASTLES:
                # "Castles" alone is with the King's Rook, or the only castling legal (as the layout reader
                # reads it: resolve_descriptive): a book prints Castles for castling with the Queen's Rook too.
                # Where both are legal, with the Queen's Rook at a cost (against the books' usage): read so where
                # only that castling lets the game go on (Morphy's "12. Castles." in the Opera game).
                long = self.get(_CASTLES_QR)
                if found is None:
                    found = self._found[form] = long
                elif long:
                    found = self._found[form] = found + [(move, cost + CASTLES_LONG) for move, cost in long]
        return default if found is None else found

    def order(self, form: str) -> tuple[int, str]:
        """Where a form of a legal move stands among the position's forms as iterated (:meth:`_forms`): its first
        legal move's order, then the form itself (each move's forms are made in sorted order)."""
        for entry in self._index().get(form, ()):
            if self._legal(_move(entry)):
                return entry >> 18, form
        raise KeyError(form)  # (as the forms' ranks did: a form no legal move prints has none)

    def _index(self) -> dict[str, list[int]]:
        self.complete()
        return self._printing  # type: ignore[return-value]

    def _hits(self, form: str) -> list[int]:
        """The entries of the moves that print ``form`` (of its man, or of every move), in the position's order."""
        moves = self._of(form)
        printing = self._by_form.get(form, ())
        if len(printing) > len(moves):  # a common form (``p-k3``): printed by signatures of many positions
            made = self._made
            return [entry for s, entry in moves.items() if form in made[s]]  # in the position's order
        hits = [moves[s] for s in printing if s in moves]
        if len(hits) > 1:
            hits.sort()  # by the order the position gives its moves
        return hits

    def __getitem__(self, form: str) -> list[tuple[chess.Move, float]]:
        found = self.get(form)
        if found is None:
            raise KeyError(form)
        return found

    def _every(self) -> dict[str, list[tuple[chess.Move, float]]]:
        if self._all is None:
            self._all = {}
            for signature, entry in self.complete().items():
                move = _move(entry)
                if not self._legal(move):
                    continue
                for form in self._made[signature]:
                    self._all.setdefault(form, []).append((move, 0.0))
        return self._all

    def _forms(self) -> dict[str, None]:
        """The forms alone, in the same order (the order a near reading's equal forms are taken in)."""
        if self._order is None:
            made, legal = self._made, self._legal
            self._order = dict.fromkeys(form for signature, entry in self.complete().items() if legal(_move(entry))
                                        for form in made[signature])
        return self._order

    def items(self):
        return self._every().items()

    def __iter__(self):
        return iter(self._forms())

    def __len__(self) -> int:
        return len(self._forms())


_UNSEEN: list = []  # a form not looked up yet
#: "Castles" and "Castles QR" as compacted (:func:`compact_descriptive`).
_CASTLES, _CASTLES_QR = "castles", "castlesqr"
#: What reading "Castles" alone as castling with the Queen's Rook costs where both castlings are legal: half of
#: what a move earns (the books' "Castles" is with the King's Rook where both are legal).
CASTLES_LONG = 0.5


def _entry(order: int, move: chess.Move) -> int:
    """A position's move as one number, its order among the position's moves first (so entries sort in
    that order): a number is no object the cyclic collector walks, and the cache holds thousands of
    positions' moves (their ``chess.Move`` objects, kept, made the collector's walks a fifth of a book's
    reading). (:meth:`ChessRules.forms` makes it inline.)"""
    return order << 18 | (move.drop or 0) << 15 | move.from_square << 9 | move.to_square << 3 | (move.promotion or 0)


def _move(entry: int) -> chess.Move:
    """The move of an entry (:func:`_entry`)."""
    return chess.Move(entry >> 9 & 63, entry >> 3 & 63, entry & 7 or None, entry >> 15 & 7 or None)

#: The positions the decoder's moves reached, by the position, move counters and move they came from
#: (:meth:`ChessRules.play`), each entry (the position it came from, the position, its key) also by the
#: position's id, for its key (the entry keeps it alive: no id is reused); for one record, as :data:`_FORMS`.
_PLAYED: dict[tuple, tuple[Position, Position, str]] = {}
_PLAYED_KEYS: dict[int, tuple[Position, Position, str]] = {}
_PLAYED_MOST = 20000


#: A move as (from, to, promotion, drop): what a position's table keeps of it (:func:`_entry`).
_Squares = tuple[int, int, "int | None", "int | None"]
_PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)


def _pseudo_legal(board: chess.Board, from_mask: int) -> list[_Squares]:
    """The pseudo-legal moves of the men on ``from_mask``, as python-chess's ``generate_pseudo_legal_moves``
    makes them and in its order (its own steps, for a plain :class:`chess.Board`), without a ``chess.Move``
    made for each: a position's table keeps a number a move, and makes the move only where a form names it."""
    turn, occupied = board.turn, board.occupied
    our = board.occupied_co[turn]
    out: list[_Squares] = []
    attacks = board.attacks_mask
    for start in chess.scan_reversed(our & ~board.pawns & from_mask):
        out += [(start, end, None, None) for end in chess.scan_reversed(attacks(start) & ~our)]
    if from_mask & board.kings:
        out += [(m.from_square, m.to_square, m.promotion, None) for m in board.generate_castling_moves(from_mask)]
    pawns = board.pawns & our & from_mask
    if not pawns:
        return out
    them = board.occupied_co[not turn]
    for start in chess.scan_reversed(pawns):
        for end in chess.scan_reversed(chess.BB_PAWN_ATTACKS[turn][start] & them):
            out += [(start, end, p, None) for p in _PROMOTIONS] if end >> 3 in (0, 7) else [(start, end, None, None)]
    if turn == chess.WHITE:
        single = pawns << 8 & ~occupied
        double = single << 8 & ~occupied & (chess.BB_RANK_3 | chess.BB_RANK_4)
        back = -8
    else:
        single = pawns >> 8 & ~occupied
        double = single >> 8 & ~occupied & (chess.BB_RANK_6 | chess.BB_RANK_5)
        back = 8
    for end in chess.scan_reversed(single & chess.BB_ALL):
        start = end + back
        out += [(start, end, p, None) for p in _PROMOTIONS] if end >> 3 in (0, 7) else [(start, end, None, None)]
    out += [(end + 2 * back, end, None, None) for end in chess.scan_reversed(double & chess.BB_ALL)]
    if board.ep_square:
        out += [(m.from_square, m.to_square, None, None) for m in board.generate_pseudo_legal_ep(from_mask)]
    return out


def _safe(board: chess.Board) -> Callable[[chess.Move], bool]:
    """Whether a pseudo-legal move of ``board`` (its side not in check) leaves the king safe: python-chess's
    own test for its legal moves, with the king's pinned pieces found once."""
    king = board.king(board.turn)
    if king is None:
        return lambda move: True
    if not hasattr(board, "_is_safe") or not hasattr(board, "_slider_blockers"):
        # (Private to python-chess 1.10-1.11: a release without them gets the public test, slower.)
        return lambda move: not board.is_into_check(move)
    blockers = board._slider_blockers(king)
    return lambda move: board._is_safe(king, blockers, move)


# -- the rules the decoder asks --------------------------------------------------


class ChessRules:
    """:class:`notation.decode.Rules` for chess in one notation."""

    def __init__(self, notation: ChessNotation) -> None:
        self.notation = notation
        self.compact = COMPACT.get(notation.name, compact_algebraic)
        self.shape = SHAPES.get(notation.name, _ALGEBRAIC_SHAPE)
        self.made, self.by_form, self._known = _MOVE_FORMS.setdefault(notation.name, ({}, {}, []))
        self.mover = MOVERS.get(notation.name)
        #: The OCR's confusions of the notation's figures besides the shared ones (:class:`notation.decode.Rules`).
        self.confusions = CONFUSIONS.get(notation.name, ())
        #: Whether the record states a "mate in N": only a problem's solution goes on past a mate, to its next defence.
        self.stipulated = False
        #: Whether each compact text has a move's shape, as asked (every window of words is asked, some again
        #: and again); for the record (strings and booleans: nothing the cyclic collector walks).
        self._plausible: dict[str, bool] = {}

    def key(self, position: Position) -> str:
        made = _PLAYED_KEYS.get(id(position))
        if made is not None and made[1] is position:
            return made[2]
        return position.key()

    def side(self, position: Position) -> int:
        return 0 if position.board.turn == chess.WHITE else 1

    def number(self, position: Position) -> int:
        return position.board.fullmove_number

    def ended(self, position: Position) -> bool:
        """Whether the line cannot go on: the side to move is mated (:meth:`notation.decode.search.Decoder._after_mate`),
        in a problem's solution. (In a game the words after a mate go back nowhere: a mate read in OCR'd moves, London's
        Tchigorin - Steinitz "Q to Kt 5 ch" read Qxg2#, took the game's last moves for another line, three lost.)"""
        return self.stipulated and position.board.is_checkmate()

    def plausible(self, text: str) -> bool:
        known = self._plausible.get(text)
        if known is None:
            known = self._plausible[text] = self.shape.match(text.replace(OCR_MARK, "")) is not None
        return known

    def same_piece(self, text: str, form: str) -> bool:
        """Whether a compact word and a form begin with the same piece (``kr-q1s`` names a rook, not
        the knight of ``kt-k5``): a move legible only by its piece and last letter is one of its piece's."""
        a, b = _PIECE.match(text), _PIECE.match(form)
        return a is not None and b is not None and a.group() == b.group()

    def forms(self, position: Position) -> Mapping[str, list[tuple[chess.Move, float]]]:
        # A reading comes back to the same positions: a position's moves are found once for the record.
        key = (self.notation.name, self.key(position))
        cached = _FORMS.get(key)
        if cached is not None:
            return cached
        if len(_FORMS) > _CACHED:
            _FORMS.clear()
        board = position.board
        # Out of check, the legal moves are the pseudo-legal ones that do not leave the king attacked,
        # in the same order: a move whose forms are made already is checked only when a form names it
        # (a position is asked for a few forms of its moves). The decoder never changes a position it
        # has read (play makes a new one), so the board stays as it is for the later checks.
        legal = _safe(board) if type(board) is chess.Board and not board.is_check() else None
        mover = self.mover if legal is not None else None  # (a check's evasions are made all at once)
        out = _FORMS[key] = _Forms(lambda kind: self._moves(position, legal, kind), self.made, self.by_form,
                                   legal, mover, board.turn == chess.WHITE, lambda form: self._told(position, form))
        return out

    def _told(self, position: Position, form: str) -> list[tuple[chess.Move, float]]:
        """The legal moves a form names that tells a move by what it does ("The rook gives check.": ``r-check``),
        in the position's order: the man's moves whose told forms (:meth:`ChessNotation.told_forms`) compact to it."""
        board = position.board
        kind = self.mover(form) if self.mover is not None else None
        return [(move, 0.0) for move in board.legal_moves
                if (kind is None or board.piece_type_at(move.from_square) == kind)
                and form in {self.compact(f) for f in self.notation.told_forms(position, move)}]

    def _moves(self, position: Position, legal: Callable[[chess.Move], bool] | None,
               kind: int | None) -> dict[tuple, int]:
        """The position's moves of one kind of man (``None``: every move), each signature's entry
        (:func:`_entry`); the forms of each signature not seen before made and indexed by form."""
        made, by_form = self.made, self.by_form
        cells, origin = position.cells, position.origins.get
        moves: dict[tuple, int] = {}
        board = position.board
        generated: list[_Squares]
        if legal is None:
            generated = [(m.from_square, m.to_square, m.promotion, m.drop) for m in board.legal_moves]
        else:  # (a kind's moves in the same order as among all of them: python-chess's order by square)
            generated = _pseudo_legal(board, chess.BB_ALL if kind is None else board.pieces_mask(kind, board.turn))
        for i, (start, end, promotion, drop) in enumerate(generated):
            # A move's forms depend on the pieces it moves and takes and where they started, not on
            # the rest of the board (castling and en passant follow from the squares and the pieces):
            # made once for each such signature, and indexed by form.
            signature = (start, end, promotion, cells[start], origin(start), cells[end], origin(end))
            if signature not in made:
                move = chess.Move(start, end, promotion, drop)
                if legal is not None and not legal(move):
                    continue  # forms are made from legal moves only
                forms = made[signature] = tuple(sorted({self.compact(f) for f in self.notation.read_forms(position, move)}))
                for form in forms:
                    if form not in by_form:
                        by_form[form] = []
                        if not as_printed_only(form):  # (a pawn's steps in squares, a check without its square)
                            self._known.append(form)
                    by_form[form].append(signature)
            moves[signature] = i << 18 | (drop or 0) << 15 | start << 9 | end << 3 | (promotion or 0)  # _entry
        return moves

    def known(self) -> list[str]:
        return self._known

    def play(self, position: Position, move: chess.Move) -> Position:
        # A reading makes the same move in the same position again and again (it waits at a position over
        # a note's words, and each word printing one of its moves is read as that move): the position
        # reached is made once, and shared (the decoder never changes a position it has been given).
        # The same position is the same board (its kind, key and move counters) with the same origins.
        # (The cache's key and the position reached hold as few objects as they can: the cyclic collector
        # walks every one it keeps, again and again, once the search is done.)
        board = position.board
        played = (self.key(position), board.fullmove_number, board.halfmove_clock, type(board).__name__,
                  board.chess960, move.from_square, move.to_square, move.promotion, move.drop)
        cached = _PLAYED.get(played)
        if cached is not None and cached[0].origins == position.origins:
            return cached[1]
        after = position.copy()
        after.push(move)
        after.board.clear_stack()  # (a reading's positions are never taken back)
        if len(_PLAYED) > _PLAYED_MOST:
            _PLAYED.clear()
            _PLAYED_KEYS.clear()
        _PLAYED[played] = _PLAYED_KEYS[id(after)] = (position, after, after.key())
        return after


@dataclass(frozen=True)
class Decoded:
    """A printed move as the decoder read it: the legal move meant, and how its words were read."""

    move: chess.Move
    #: ``printed``: a form of the move as printed; ``ocr``: through an OCR confusion; ``misprint``: a letter off;
    #: ``lost``: a word past reading where the rows say a move stands, the move the next moves follow from.
    how: str
    #: The form the words were read as (compacted: ``p-k5`` for ``P to K s``).
    form: str
    check: bool = False
    mate: bool = False
    #: The other legal moves the words read as, when the form names more than one (``Kt-B3``): the
    #: rest of the game chose among them.
    also: tuple[chess.Move, ...] = ()
    #: Whether one of those readings too lets every following move be made: the text does not say which.
    unsettled: bool = False
    #: Whether the printed check marks (or their absence) say which: none of the others agrees with them.
    marked: bool = False


#: A check or mate mark printed after the move: the words, or the signs every notation's grammar reads, ``+`` and
#: ``#``, and the dagger and double dagger of German and older books (``†`` check, ``‡`` mate; ``††`` double check),
#: ``checkmate`` ("R. to Q. 8th, checkmate.", as the layout reader's grammar reads it), German ``Schach`` and ``matt``,
#: after a capture's colon too (``L e3: †``); a discovered or double check in words ("dis. ch.", "dbl. ch", "double ch").
_MARK_AFTER = re.compile(rf"[\s,;.:]*\(?{_DISCOVERED}?(ch\b|check\b|checkmate\b|mate\b|mates\b(?!\s+(?:in|at)\b)|schach\b|matt\b|\+|#|†|‡)",
                         re.IGNORECASE)
#: A check or mate mark printed at the end of the move's own word (SAN's ``Bxf7+``, ``Qh7#``, ``Rd8+!``, ``N g6:†``;
#: descriptive's ``B-Kt5ch``, ``BxBch.``), the sentence's stop or semicolon after it (``B-Kt5ch;``).
_MARK_IN_WORD = re.compile(r"(\+|#|†|‡|(?<=[\da-zA-Z])ch)\.?[!?]*[,;:]?$")
#: The marks that say check, and those that say mate (lower-cased).
_SAYS_CHECK = ("ch", "check", "schach", "+", "†")
_GLYPH_AT_END = re.compile(r"(?<![!?])([!?]{1,2})()$")
#: The annotator's assessment at a move's end or after its check mark ("QR-Q sq!", "QxQP ch!!", "B-B4 (?)").
_GLYPH = re.compile(r"[ \t]*(?:([!?]{1,2})(?![!?])|\(\s*([!?]{1,2})\s*\))")
_SAYS_MATE = ("mate", "mates", "checkmate", "matt", "#", "‡")
#: A check said in words, within the move's own words or after them ("The queen takes the pawn, and gives check",
#: "Rook at the king's square, giving check", "still giving check"): as the move's check mark.
_CHECK_IN_WORDS = re.compile(r"[\s,;.]*(?:(?:and|still)\s+)?(?:gives|giving|discovering)\s+(?:the\s+\w+\s+king\s+)?_?(?:check-?)?(check|mate)(?![a-z])",
                             re.IGNORECASE)


def decode(parsed: ParsedRecord, notation: ChessNotation, start: Position, returns: bool = True) -> ParsedRecord | None:
    """The record read by the decoder: its main line the reading of its words that explains the most
    of them as legal moves from ``start``, each note's moves a variation where its number and their
    legality put them (``None`` when not one move is read); with ``returns``, a number printed before
    the line's moves may take the reading back there (:data:`notation.decode.search.RETURN`). A number
    named in a sentence always may (:data:`notation.decode.search.SENTENCE`): the note's line it begins
    is a variation, and the game's rows take the line up again after it."""
    with collector_paused():
        try:
            return _decode(parsed, notation, start, returns)
        finally:
            # The positions reached and their forms are kept for one record's search, not for the next records:
            # kept, the cyclic collector walked them again and again through the rest of the book's reading
            # (whole Löwenthal: its time 8.7 s -> 6.0 s), and the next record found almost none of them again
            # (the decoding took as long without them). Dropped here, they go at once (no cycles among them),
            # and before the collector is back on: its first run after the pause walks every object made
            # during it that is still alive (it was a tenth of the decoding, walking these caches just before
            # they went).
            _FORMS.clear()
            _PLAYED.clear()
            _PLAYED_KEYS.clear()


def _decode(parsed: ParsedRecord, notation: ChessNotation, start: Position, returns: bool) -> ParsedRecord | None:
    body = parsed.record.body
    rules = rules_for(notation, body)
    # (A piece list's "Kg1, Qd1" are no moves; a column's moves printed apart from their numbers are
    # read on their numbers' lines.)
    words = joined(tokens(without_setups(body)), rest_of_a_move)
    # A paragraph the layout reader read as the author's note opening with its numbered move ("12. PxKP would be
    # answered by PxP."): its numbers are named in his sentence, though one begins the line.
    noted = [(a, b) for a, b, reason, _ in ChessExtra.of(parsed.extra).prose if reason == IN_SENTENCE]
    words = [replace(w, noted=True) if w.number is not None and any(a <= w.start < b for a, b in noted) else w
             for w in words]
    words = named_sides(body, _sides_named(words, rules), "white")  # ("Black plays P-Q3": Black's move)
    words = named_plans(body, words)  # ("4. P-B3, preparing P-Q4": no move played)
    words = named_weighed(body, words)  # ("If now White tries 4. KtxP": a note's; "therefore White plays": the game's)
    # The game's moves a note quotes by their number in words ("By his fifth move, KB - K 2, Black ..."): no line's.
    quotes = _quotes(words, rules)
    quoted = {id(w) for _, _, quote in quotes for w in quote}
    # A variation's table under its heading ("Variation at White's 6th Move,") is no part of the game's score:
    # it is read as a variation from the move it names (:func:`_table`), and the game from the words around it.
    tables = _tables(words, variation_headings(body), rules)
    # A sentence that offers a move instead of one told before it ("If instead Black plays P-Q3, White gets a strong
    # centre by P-Q4."): its moves are a variation (:func:`_offered`), the next sentence takes the line up again.
    offers = _offered(body, words, rules)
    aside = {id(w) for _, table, _ in tables for w in table} | {id(w) for _, offer in offers for w in offer}
    rest = [w for w in words if id(w) not in aside and id(w) not in quoted]
    # The game ends at its printed result ("And wins."): what follows is notes, read as variations.
    end = parsed.result_span[0] if parsed.result_span else len(body)
    # An e-text's footnote ("[Footnote G: ... if B. to Q. B's 4th (ch.), ...]") is a note: its moves are no part of
    # the game's score, read as variations where they are legal (:func:`_notes`), never as the moves after its end.
    notes = [m.span() for m in _FOOTNOTE_TEXT.finditer(body)]
    carried = carried_labels(body)  # (the labels of notes that moves of the score carry: those notes are the moves')
    score = [w for w in rest if w.start < end and not any(a <= w.start < b for a, b in notes)]
    reading = Decoder(rules, returns=returns, sentences=True, plans=PLANNED, carried=carried,
                      omitted=_claims_mate(body)).read(segments(score, _WHITE_HEAD, _BLACK_HEAD), start.copy())
    going_on = end < len(body) and (_rows_go_on(body, end, start, len(reading.steps)) or _rows_resume(body, end))
    if going_on or end < len(body) and _result_beside(body, end, start, len(reading.steps)):
        # The score's rows go on below the result at the move the reading comes to next ("4. P. to Q. Kt's
        # 4th.  4. B. takes P." under a footnote's "31. B. takes Kt's P. (ch.)" / "And wins."): the result was
        # a note's, the game's is not printed before its rows end. Or the result is the game's, printed in the
        # page's second pair of columns beside the first pair's rows: which side it ends on is then the
        # reading's last move only where the reading reaches the second pair's last row, which nothing here
        # tells, so no result is read from it (a result unknown, never one the wrong way round).
        reading = Decoder(rules, returns=returns, sentences=True, plans=PLANNED, carried=carried,
                          omitted=_claims_mate(body)).read(segments(rest, _WHITE_HEAD, _BLACK_HEAD), start.copy())
        # The game's own result, where one follows the rows read on at once ("And White mates in four moves."),
        # is the game's: the one above was a note's.
        own = result_after_score(notation.grammar, body, reading.steps[-1].last.end) \
            if going_on and reading.steps else None
        parsed = replace(parsed, result=own[0] if own else None, result_span=own[1] if own else None)
    main = list(reading.steps)
    branches = [b for b in reading.branches if b.ply < len(main)]
    after_noted = {id(words[k + 1]) for k in range(len(words) - 1) if words[k].noted}
    # (Nor a note's line under a label a move of the score carries, "9. P to K R 3 (a)" over "(a) If 11 P to Q 4":
    # the marked move's note, whatever the layout reader made of it.)
    index = {id(w): k for k, w in enumerate(words)}
    for branch in reading.branches:
        # (Not a note's line the layout reader found in the author's sentence, at or past the line's end, "(a) If
        # 11 P to Q 4, ..." under a score that ends at Black's 10th: no game's going on; its words stay unread, said.)
        if branch.ply == len(main) and not (branch.steps and (
                id(branch.steps[0].first) in after_noted
                or id(branch.steps[0].first) in index and in_carried_note(words, index[id(branch.steps[0].first)], carried))):
            main.extend(branch.steps)  # the text went back and read nothing more: the line goes on as printed
    if not in_a_row(words, main) and not numbered_alone(words, main) and not _solution(body, start, words, main):
        return None
    main = _omitted_settled(body, main, start, rules)
    positions = _played(start.copy(), main, rules)
    line = PrintedLine(_line(body, main, positions[0], rules))
    if start.board.turn == chess.BLACK:
        line.start_number, line.start_side = start.board.fullmove_number, "black"
    used = list(main)
    first = positions[0].board.fullmove_number, positions[0].board.turn == chess.BLACK
    named = {id(w) for step in main for w in (step.first, step.last)}
    for number, owner, quote in quotes + _named_instead(words):
        if any(id(w) in named for w in quote):
            continue  # (a longer reading of the same words was the game's move: named)
        for side in (0, 1) if owner is None else (owner,):
            ply = 2 * (number - first[0]) + side - first[1]
            text = rules.compact(" ".join(w.text.strip("()'\"") for w in quote))
            if 0 <= ply < len(main) and any(m == main[ply].move for m, _ in rules.forms(positions[ply]).get(text, ())):
                # (The game's move, named: its words explained. One the game did not make stays unread, said.)
                used.append(Step(quote[0], quote[-1], main[ply].move, "printed", text))
                named.update((id(quote[0]), id(quote[-1])))
                break
    for branch in branches:
        used.extend(_hang(body, line, branch, positions, rules))
    unread: list[tuple[int, str]] = []
    for heading, table, verdict in tables:
        found = _table(heading, table, main, positions, rules)
        if found is None:
            unread.append((heading.start, heading.text))
            continue
        ply, steps = found
        line.moves[ply].variations.append(PrintedLine(_line(body, steps, positions[ply], rules), label=heading.text,
                                                      comment=verdict))
        used.extend(steps)
    for cue, offer in offers:
        # The alternative to the last move of the side the sentence names (else to the last move) before its cue.
        told = sum(1 for step in main if step.first.start < cue)
        if offer[0].number is not None:  # (its number names the move it replaces: its side's, by dots or what reads)
            sides = (offer[0].side,) if offer[0].side is not None else (0, 1)
            at = next((k for k in range(told - 1, -1, -1) if rules.number(positions[k]) == offer[0].number
                       and rules.side(positions[k]) in sides and rules.forms(positions[k]).get(
                           rules.compact(offer[1].text.strip(",;:.!?")))), None)
        else:
            at = next((k for k in range(told - 1, -1, -1) if offer[0].plays in (None, rules.side(positions[k]))),
                      None)
        if at is None:
            continue  # (no move of that side told yet: its words are said unread, as prose's)
        # (Read as printed or through an OCR confusion only, as a note's prose is: a word a letter off there is prose.)
        steps = Decoder(rules, near=False).read(segments(offer, _WHITE_HEAD, _BLACK_HEAD), positions[at].copy()).steps
        if steps:
            line.moves[at].variations.append(PrintedLine(_line(body, steps, positions[at], rules)))
            used.extend(steps)
    # (A transcriber's note, "[Footnote B: Transcriber's Note: This move is notated as the impossible 14. B. to K. B's
    # 4th. (ch.) in the original text.]", is prose about the print: the misprint it quotes is no line to replay.)
    transcribed = [m.span() for m in TRANSCRIBERS_NOTE.finditer(body)]
    untranscribed = [w for w in rest if not any(a <= w.start < b for a, b in transcribed)]
    plans: list[Diagnostic] = []
    for ply, steps, plan in _notes(untranscribed, main, positions, rules, used, end, body):
        variation = PrintedLine(_line(body, steps, positions[ply], rules))
        line.moves[ply].variations.append(variation)
        used.extend(steps)
        if plan is not None:
            # (Said: the line is one side's moves with the other's passes between, no game's nor note's line in turn.)
            moved = [m for m in variation.moves if m.text]
            at, column = parsed.record.position(moved[0].start)
            plans.append(Diagnostic("info", "plan", f"a plan of {'White' if plan else 'Black'}'s: "
                                    f"{', '.join(m.text.rstrip(',;.') for m in moved)} (each after the one before, "
                                    f"{'Black' if plan else 'White'} not moving)", at, column))
    kept = [w for _, table, _ in tables for w in table] + _verdict_words(words, tables)
    _words_as_notes(body, line, words, kept, parsed.result_span, rules)
    prose = [(a, b, TRANSCRIBED if any(x <= a < y for x, y in transcribed) else why, said)
             for a, b, why, said in _unexplained(words, used, rules, body)]
    extra = replace(ChessExtra.of(parsed.extra), prose=prose,
                    # (A footnote's words are no row of the score, though a move's number begins its line.)
                    rows_unread=_rows_unread([w for w in words if not any(a <= w.start < b for a, b in notes)],
                                             used, rules, main,
                                             (start.board.fullmove_number, start.board.turn == chess.BLACK)),
                    variations_unread=unread)
    comments = _comments_before(parsed.comments, body, line.moves[0].start) if line.moves else parsed.comments
    return replace(parsed, line=line, diagnostics=[d for d in parsed.diagnostics if d.code in _KEPT] + plans, extra=extra,
                   comments=comments)


def _offered(body: str, words: list[Token], rules: ChessRules) -> list[tuple[int, list[Token]]]:
    """The moves offered "instead" of one told before them, in running prose ("If instead Black plays P-Q3, White
    gets a strong centre by P-Q4."): where each cue ends and the words of its sentence from the first move of its
    clause on. A numbered alternative right after its cue ("If, instead, 8. KKtxB, then 8. ..., P-Q4 all the
    same.") is its sentence's line from the move its number names (its number first); one with words between
    ("Instead, White may play 5. P-Q3") goes back by its number, as a note's does."""
    out: list[tuple[int, list[Token]]] = []
    for cue, clause, sentence in instead_cues(body):
        numbered = next((w for w in words if w.start >= cue), None)
        if numbered is not None and numbered.number is not None and _BETWEEN_CUE.fullmatch(body, cue, numbered.start):
            # (Its sentence ends at a stop after a word, not after a move's number: "8. KKtxB, then 8. ..., P-Q4.")
            stop = _STOP_AFTER_A_WORD.search(body, numbered.end)
            stretch = [w for w in words if cue <= w.start < (stop.start() if stop else len(body))]
            if len(stretch) > 1 and begins_a_move(stretch[1], rules):
                out.append((cue, stretch))
            continue
        stretch = [w for w in words if cue <= w.start < sentence]
        first = next((k for k, w in enumerate(stretch) if begins_a_move(w, rules)), None)
        if first is not None and stretch[first].start < clause and all(w.number is None for w in stretch):
            out.append((cue, stretch[first:]))
    return out


#: What may stand between an alternative's cue and its number ("If, instead, 8. KKtxB"): spaces, a comma.
_BETWEEN_CUE = re.compile(r"[\s,:]*")
#: A sentence's end after a word or a move, not after a move's number or its dots ("8. ..., P-Q4 all the same.").
_STOP_AFTER_A_WORD = re.compile(r"(?<![\d.])[.!?](?=\s+[A-Z\"“(]|\s*$)|\n[ \t]*\n")


def _verdict_words(words: list[Token], tables: list[tuple[Heading, list[Token], str | None]]) -> list[Token]:
    """The words of each table's verdict, the line after its table (:func:`_tables`): the table's comment already."""
    out: list[Token] = []
    for _, table, verdict in tables:
        if verdict is None or not table:
            continue
        after = next((w for w in words if w.start >= table[-1].end and w.line != table[-1].line), None)
        if after is not None:
            out.extend(w for w in words if w.line == after.line)
    return out


def _words_as_notes(body: str, line: PrintedLine, words: list[Token], kept: list[Token],
                    result: tuple[int, int] | None, rules: ChessRules) -> None:
    """The author's words the reading left between the moves, kept as the notes they are, as the layout reader
    keeps them: a stretch of words (no move read between them, in one paragraph) after the first move is the note
    on the move printed before it, whichever line that move is in ("10. QxKt, and White has the better game.": the
    verdict ends the note's line), but its last sentence, where a variation's first move follows it at once, opens
    that variation ("(a) Auf 5. ..., d7-d5 folgt 6. e4xd5.": the note's line, its words its comment; not where
    other words stand between, a table's heading: "And Black preserves the Gambit Pawn." ends the game's line). A stretch
    of numbers, marks and a note's label only (``(a)``) is no note; nor are two words or fewer that end in no
    sentence's stop, within a paragraph and under no label heading its line ("folgt 6.", "; or 5.", "then"), nor a few words before the number of the
    line's next move ("on account of 10. RxKt"): they join a move to the next, unless one of them has a move's shape
    (a move the reading left, "folgt Lh4)": the author's, kept where it was printed). The words above the first move
    are the heading's, the printed result's and a table's (``kept``) their own."""
    moves: list[tuple[int, int, PrintedMove, PrintedLine, int]] = []  # start, end, move, its line, its index

    def collect(of: PrintedLine) -> None:
        stack = [of]
        while stack:
            current = stack.pop()
            for k, pm in enumerate(current.moves):
                if pm.end > pm.start:
                    # (Its check in words after it, "8. QxQ ch.", is the move's mark, read with it: no note's word.)
                    mark = _MARK_AFTER.match(body, pm.end) if pm.fields.check or pm.fields.mate else None
                    moves.append((pm.start, mark.end() if mark else pm.end, pm, current, k))
                stack.extend(pm.variations)

    collect(line)
    if not moves:
        return
    moves.sort(key=lambda m: m[0])
    starts = [m[0] for m in moves]
    first = min(pm.start for pm in line.moves if pm.end > pm.start) if line.moves else moves[0][0]
    skip = {id(w) for w in kept}
    signs = footnote_signs(body)
    stretches: list[list[Token]] = []
    for word in words:
        at = bisect.bisect_right(starts, word.start) - 1
        if word.start < first or id(word) in skip or at >= 0 and moves[at][0] <= word.start < moves[at][1] \
                or result is not None and result[0] <= word.start < result[1]:
            if stretches and stretches[-1]:
                stretches.append([])
            continue
        last = stretches[-1][-1] if stretches and stretches[-1] else None
        if last is not None and (bisect.bisect_right(starts, last.start) != bisect.bisect_right(starts, word.start)
                                 or "\n\n" in body[last.end:word.start].replace(" ", "").replace("\t", "")
                                 # (each note under its label heading its line, "* ..." over "† ...", as apart)
                                 or last.line != word.line and _is_label(word, signs)):
            stretches.append([])
        if not stretches:
            stretches.append([])
        stretches[-1].append(word)
    index = {id(w): k for k, w in enumerate(words)}
    sentences = told_in_sentences(words)
    for stretch in (s for s in stretches if s):
        if len(stretch) > 1 and _is_label(stretch[0], signs) and stretch[1].text == stretch[0].text:
            # (The score's mark at its row's end, the note under the row opening with the same label: "P-QR3 (a)"
            # over "(a) The usual defence.": the label once.)
            stretch = stretch[1:]
        lettered = [w for w in stretch if sum(c.isalpha() for c in w.text) >= 2 and not _is_label(w, signs)]
        if not lettered:
            continue
        at = bisect.bisect_right(starts, stretch[0].start) - 1
        if at < 0:
            continue
        _, _, before, before_line, k = moves[at]
        after = moves[at + 1] if at + 1 < len(moves) else None
        ends = len(stretch)
        while ends > 1 and stretch[ends - 1].number is not None and after is not None \
                and not body[stretch[ends - 1].end:after[0]].strip():
            ends -= 1  # (the next row's number, "... is the open defence." over "6. R-K sq": the move's, no note's)
        # (A line's name run in before its moves, "_Berlin Defence._--3. ...,", is its note: the name, not its marks.)
        text = run_in_name(" ".join(body[stretch[0].start:stretch[ends - 1].end].split()))
        opens = "\n\n" in body[before.end:stretch[0].start].replace(" ", "").replace("\t", "") \
            or _is_label(stretch[0], signs) and "\n" in body[before.end:stretch[0].start]
        if opens and RUNNING_HEAD.fullmatch(text):
            continue  # (a page's running head between the rows, "48  THE CHESS TOURNAMENT.": the page's, no note)
        moved = any(rules.plausible(rules.compact(w.text)) for w in lettered)
        # (A game told in sentences joins its moves with the author's words, "and Black answers 1. ... P-K4": his,
        # kept as the note on the move before them; a score's joiners, "1. P-K4, P-K4; or 2. ...", are none.)
        if not sentences and len(lettered) <= 2 and not opens and not lettered[-1].text.rstrip(")").endswith((".", "!", "?")) \
                and not moved:
            continue  # (words that join one move to the next: "folgt 6.", "or 5.", "then")
        if not sentences and after is not None and after[3] is before_line and after[4] == k + 1 \
                and len(lettered) <= _JOINING \
                and any(w.number is not None for w in stretch[stretch.index(lettered[-1]):]) \
                and not lettered[-1].text.rstrip(")").endswith((".", "!", "?")) and not _is_label(stretch[0], signs) \
                and not moved:
            continue  # (... and the line's next move by its number: "on account of 10. RxKt", "because of 13. ...")
        nxt = next((w for w in words[index[id(stretch[-1])] + 1:]), None)
        # (A line's name as a paragraph of its own above the variation's first move, "Berlin Defence." over "3. ...,
        # Kt-B3", opens it as a run-in name does; a paragraph of the author's sentences there ends the line before.)
        named = line_name(text) if opens else None
        if named is not None and nxt is not None and nxt.number is not None:
            nxt = next((w for w in words[index[id(nxt)] + 1:]), None)  # (its number in the next paragraph, the move's)
        if after is not None and after[4] == 0 and after[3] is not line and nxt is not None and nxt.start >= after[0] \
                and (named is not None or "\n\n" not in body[stretch[-1].end:after[0]].replace(" ", "").replace("\t", "")):
            leading = named or _SENTENCE_END_NOTE.split(text)[-1]
            rest = text[:len(text) - len(leading)].strip()
            after[3].comment = f"{after[3].comment} {leading}" if after[3].comment else leading
            text = rest
            if not text:
                continue
        # (A note labelled as a move of the score is marked, "B-Kt5 (a)" ... "(a) This is ...": that move's.)
        before = marked_move(line, body, text, stretch[0].start) or before
        before.comment = f"{before.comment}\n\n{text}" if before.comment else text


#: How many words may join a line's move to its next, numbered (:func:`_words_as_notes`).
_JOINING = 4
#: The end of a sentence in a note's words: a full stop after a word of small letters ("... the Pawn. If"), not an
#: abbreviation's ("Mr.", "Kt.").
_SENTENCE_END_NOTE = re.compile(r"(?<=[a-z]{2}[.!?])\s+")


def _comments_before(comments: list[str], body: str, first: int) -> list[str]:
    """The layout reader's comments on the game (its words above the first move it read: the heading, and
    words it could not read as moves), cut where the decoded main line begins: words read as moves are no
    comment ("EVANS GAMBIT. 1. K. P. two. 1. K. P. two." over a score the decoder reads from "K. P. two.")."""
    out = []
    for comment in comments:
        found = re.search(r"\s+".join(map(re.escape, comment.split())), body) if comment.strip() else None
        if found is None or found.end() <= first:
            out.append(comment)
        elif found.start() < first and (kept := _NUMBER_AT_END.sub("", " ".join(body[found.start():first].split()))):
            out.append(run_in_name(kept))  # (a heading run in before move 1, "_Ruy Lopez._--1.": the opening's name)
    return out


#: The first move's number at the end of the words above it ("... BLACK. 1."): the row's, no comment.
_NUMBER_AT_END = re.compile(r"\s*\b\d{1,3}\s*[.,)]?$")


# -- a variation's table under its heading ----------------------------------------

#: An e-text's footnote, its label and its text in square brackets ("[Footnote G: And Black has ...]").
_FOOTNOTE_TEXT = re.compile(r"\[Footnote\b[^\]:]{0,8}:[^\]]*\]")
#: A transcriber's note of an e-text, in its brackets, a footnote's or its own ("[Footnote B: Transcriber's Note:
#: This move is notated as the impossible ...]", "[Transcriber's note: ...]", "[Footnote A: Transcriber supplied
#: ...]"): prose about the printed text, its moves the misprints it quotes.
TRANSCRIBERS_NOTE = re.compile(r"\[(?:Footnote\b[^\]:]{0,8}:\s*)?Transcriber'?s?\b[^\]]*\]", re.IGNORECASE)
#: Why the words of a transcriber's note are prose (:data:`TRANSCRIBERS_NOTE`): no line to replay nor to judge.
TRANSCRIBED = "a transcriber's note on the printed text, the misprint it quotes no line to replay"
#: The word that opens an e-text's footnote (:data:`notation.parse.FOOTNOTE_HEAD`).
_FOOTNOTE_WORD = "[Footnote"
#: A variation's heading at the start of its line, at most one word before it ("Variation at White's 6th Move,",
#: "Substituted Variation AT Black's 10th Move.", "Variation Commencing at Black's 8th Move,": Bird's *Chess
#: Openings*), maybe numbered ("Variation 2 at"), its words broken over lines ("Variation" / "2" / "AT") and
#: its V as the OCR gives it ("Yariation", "YaRIATION", "Second A^ariation at"): a table of the variation
#: follows, its moves the game's no more.
_VARIATION_AT = re.compile(r"(?m)^[ \t]*(?:[A-Z][A-Za-z]+[ \t]+)?(?:V|Y|A\^|\\\^)(?i:ariation)(?:\s+\d{1,2})?"
                           r"\s+(?:Commencing\s+)?(?i:at|al)\b")
#: The move it names, within the next few lines (the OCR breaks the heading over lines and at times prints a
#: stray line of the score inside it): the side, maybe lost ("Variation at 9Tn Move."), its possessive as the OCR
#: gives it ("White' s", "Black\\s"), the number with its ordinal damaged ("5tii", "7rii", "IOth", "Ttii", "?Tii"
#: over a line break, "I" / "?Tii"), and "Move" ("Nove").
_MOVE_NAMED = re.compile(r"(?:\b(White|Black)\W{0,4}s?\s+)?(\S[^\n]{0,2}?|\S\s*\n\s*\S)"
                         r"(?:st|nd|rd|d|[tTr][hiIn][iI]?)[.,]?\s+[MN]ove\b[.,]?", re.IGNORECASE)
#: How far after "Variation at" the move it names is looked for.
_NAMED_WITHIN = 60
#: The OCR's letters for figures in the heading's number ("IOth" for 10th, "llTii" for 11th, "Ttii" for 7th).
_HEADING_FIGURES = str.maketrans("IlOoT|", "110071")


@dataclass(frozen=True)
class Heading:
    """A variation's heading: where it stands, its text, and the move it names (``number`` ``None`` where
    the OCR left it past reading; ``side`` 0 White, 1 Black, ``None`` where not printed)."""

    start: int
    end: int
    text: str
    number: int | None
    side: int | None


def variation_headings(body: str) -> list[Heading]:
    """The variations' headings of a record's text, in order (:data:`_VARIATION_AT`)."""
    out = []
    for match in _VARIATION_AT.finditer(body):
        named = _MOVE_NAMED.search(body, match.end(), match.end() + _NAMED_WITHIN)
        number, side, end, text = None, None, match.end(), " ".join(match.group().split())
        if named is not None:
            figures = re.sub(r"\s", "", named.group(2)).translate(_HEADING_FIGURES)
            number = int(figures) if figures.isdigit() else None
            side = None if named.group(1) is None else int(named.group(1).lower() == "black")
            end, text = named.end(), " ".join(f"{text} {named.group()}".split())
        out.append(Heading(match.end() - len(match.group().lstrip()), end, text, number, side))
    return out


#: How many lines may stand between a heading and its table's first move (a game's title, the players' names
#: over its columns: "No. 108 CHESS MASTERPIECES." / "BoDEN.").
_TITLE_LINES = 4
#: A page's running head (its letters all capitals: "THE MUZIO GAMBIT.", "RUY LOPEZ"), which a table runs on
#: past where its lines go on within this many lines.
_PAGE_HEAD = re.compile(r"[^a-z]*[A-Z]{3}[^a-z]*")
_RUNS_ON = 3
#: A short line with a move's joining word, its man past reading (". to K. R. 5.", "11 y. takes Kt.", "Iv. to K.
#: sq."): a move the OCR damaged, a line of the table.
_DAMAGED_MOVE = re.compile(r"(?:\S{1,3}\s*){0,4}(?:to|takes)\S{0,3}(?:\s+\S{1,5}){0,6}")


def _tables(words: list[Token], headings: list[Heading], rules: ChessRules
            ) -> list[tuple[Heading, list[Token], str | None]]:
    """Each heading with the words of its table: the heading's own, then the lines of its table (a column of
    numbers, the sides' heads, lines that begin with a move or are one the OCR damaged; a title or the players'
    names above them, a page's running head among them), up to the first line of prose after its first move (the
    verdict, "White has the better game.": a comment, and what follows it is the record's again), unless the
    column of a side whose head the table has not printed yet follows it ("The positions are about equal." /
    "BLACK." / "5 B. to K. 2."), or the next heading; and the verdict's line where the table ends at it."""
    lines: dict[int, list[Token]] = {}
    for word in words:
        lines.setdefault(word.line, []).append(word)
    order = sorted(lines)
    out = []
    for k, heading in enumerate(headings):
        stop = headings[k + 1].start if k + 1 < len(headings) else None
        own = [w for w in words if heading.start <= w.start < heading.end]
        after = [lines[n] for n in order if lines[n][0].start >= heading.end and (stop is None or lines[n][0].start < stop)]
        kinds = [_table_line(line, rules) for line in after]
        heads = [_heads(line) for line in after]
        end, moved, seen, i = 0, False, 0, 0
        while i < len(after):
            ahead = range(i + 1, min(len(after), i + 1 + _RUNS_ON))
            if kinds[i] is not None:
                moved, seen = moved or kinds[i] == "move", seen | heads[i]
                end = i = i + 1
            elif not moved and i < _TITLE_LINES \
                    or _PAGE_HEAD.fullmatch(" ".join(w.text for w in after[i])) and any(kinds[j] for j in ahead) \
                    or seen and any(heads[j] & ~seen for j in ahead):
                i += 1
            else:
                break
        # (The line that ends it, where it ends at prose: the verdict, kept as the variation's comment.)
        verdict = " ".join(w.text for w in after[i]) if i < len(after) and i == end and kinds[i] is None else None
        out.append((heading, own + [w for line in after[:end] for w in line], verdict))
    return out


def _heads(line: list[Token]) -> int:
    """The sides whose heads a line prints, as bits (1 White, 2 Black)."""
    text = " ".join(w.text for w in line)
    words = [w.text for w in line]
    return (_WHITE_HEAD(text) or any(_WHITE_HEAD(w) for w in words)) | 2 * (_BLACK_HEAD(text) or any(_BLACK_HEAD(w) for w in words))


def _table_line(line: list[Token], rules: ChessRules) -> str | None:
    """What a line of a variation's table is: ``move`` (a move begins it, after its number, or one the OCR
    damaged stands alone on it), ``frame`` (numbers, the sides' heads, marks the OCR made of the print's rules);
    ``None`` for a line of prose."""
    text = " ".join(w.text for w in line)
    if _WHITE_HEAD(text) or _BLACK_HEAD(text) or all(
            w.number is not None or w.numeral or _WHITE_HEAD(w.text) or _BLACK_HEAD(w.text)
            or len(re.sub(r"\W", "", w.text)) <= 2 for w in line):
        return "frame"
    first = next((j for j, w in enumerate(line) if w.number is None and not w.numeral), None)
    if first is not None and _move_like(line[first], line[first:first + 4], rules) or _DAMAGED_MOVE.fullmatch(text):
        return "move"
    return None


def _table(heading: Heading, table: list[Token], main: list[Step[chess.Move]], positions: list[Position],
           rules: ChessRules) -> tuple[int, list[Step[chess.Move]]] | None:
    """The variation a heading's table prints: the ply of the game's line it replaces and its moves, or
    ``None`` where it cannot be read (the move it names is not on the line read, or no move of the table
    reads from there). The table is read as a score is, its columns in the orders the layout gives
    (numbers apart from the moves, ``WHITE`` and ``BLACK`` in either order), from the position before
    the move the heading names. A table that prints the moves before it again (from its first row's
    number, "1 P. to K. 4." under "Variation at White's 4th Move.") is read from there, and the variation
    begins where it leaves the game's line. It must leave it at the move the heading names: a table that
    leaves it elsewhere is not the one the heading says, and is not read as it. Where the heading's side or
    number is lost, the table's first number names the move, as a note's does (:func:`_notes`)."""
    first, black_first = positions[0].board.fullmove_number, positions[0].board.turn == chess.BLACK

    def ply(number: int, side: int) -> int:
        return 2 * (number - first) - black_first + side

    # (The heading's own words are no row of it: "Variation 2 at White's 10th Move" numbers the variation.)
    printed = next((w.number for w in table if w.number is not None and w.start >= heading.end), None)
    sides = (0, 1) if heading.side is None else (heading.side,)
    number = heading.number
    named = None if number is None else {ply(number, side) for side in sides}
    if named is not None and (printed is None or number is None or printed >= number):
        plies = sorted(named)
    elif printed is not None:  # the rows before the move named printed again, or the heading's number lost
        plies = [ply(printed, 0)] if named is not None else [ply(printed, side) for side in sides]
    else:
        return None
    best: tuple[float, int, list[Step[chess.Move]]] | None = None
    for at in dict.fromkeys(plies):
        if not 0 <= at < len(main):
            continue
        reading = Decoder(rules).read(segments(table, _WHITE_HEAD, _BLACK_HEAD), positions[at].copy())
        steps, shared = reading.steps, 0
        while shared < len(steps) and at + shared < len(main) and steps[shared].move == main[at + shared].move:
            shared += 1
        if shared < len(steps) and at + shared < len(main) and (named is None or at + shared in named) \
                and (best is None or reading.cost < best[0]):
            best = (reading.cost, at + shared, steps[shared:])
    return None if best is None else (best[1], best[2])


def _rows_go_on(body: str, end: int, start: Position, plies: int) -> bool:
    """Whether a row of both columns numbered as the move White makes after ``plies`` from ``start``
    (``4.  P. to Q. Kt's 4th.  4.  B. takes P.``) begins a line of ``body`` after ``end``, before any
    line that begins a score again at move 1 (another game's, under a heading the OCR damaged). Where the
    reading ends with Black to move, White's next row is the one after Black's: the result was then printed
    after a White move the reading took last, as a note's line ends ("The second player should now have moved
    thus, -- ... 16. R. to K. R's 4th. / And wins." over the game's rows "14. Q. to K's 2nd. ..."), and the rows
    below say the score goes on as well as after a Black move."""
    number = _next_row(start, plies) or _next_row(start, plies + 1)
    if number is None:
        return False
    return _row_below(body, end, rf"{number}[.,][^\n]*?\s{number}[.,]\s")


def _rows_resume(body: str, end: int) -> bool:
    """Whether the result at ``end`` ends a note's line printed among the score's rows: the score's rows take up
    below it at a row that follows one printed above it, and every line numbered between that row and the result is
    numbered past all the rows below ("25 Qt. Kt Bt.R" / "97 R to K 3 ..." ... "103 K to K sq" / "and wins easily."
    / "26 Q to K 3" ... "47 K to Kt 2": the OCR put the previous game's note there). A score's own rows, numbered
    in turn up to its result, are no note's, whatever a note's table below it numbers ("3 ...", "5 ..." ...
    "Resigns." / "4 P to Q 4 ..." under its label)."""
    first = _ROW_START.search(body, end)
    if first is None or int(first[1]) <= 1:
        return False
    below = int(first[1])
    # (The rows below: the lines from that row to the next blank line, one move number each, read or not; rows that
    # go on in turn, one of the next rows' numbers among them (the OCR's "297" for 27), not a line of a note's words
    # that opens with a figure.)
    block = body[first.start():].split("\n\n", 1)[0]
    if not any(below < int(m[1]) <= below + 3 for m in _ROW_START.finditer(block)):
        return False
    last_row = below + block.strip().count("\n")
    above = [int(m[1]) for m in _ROW_START.finditer(body[:end])]
    if below - 1 not in above:
        return False
    between = above[len(above) - above[::-1].index(below - 1):]
    return bool(between) and all(number > last_row for number in between)


#: A line that opens with its row's number, a move after it ("26 QtoK 3", "108. i<'5 3 PtoR 7,").
_ROW_START = re.compile(r"(?m)^[^\S\n]*(\d{1,3})[.,]?[^\S\n]+\S")


def _result_beside(body: str, end: int, start: Position, plies: int) -> bool:
    """Whether the result at ``end`` stands on the row of the move before the one White makes after ``plies``,
    in the page's second pair of columns ("3 Bto Kt Kt to B3 Resigns." where moves 31 to 38 stand beside 1 to
    8), and that move's row begins a line below it: the OCR reads the two pairs row by row."""
    number = _next_row(start, plies)
    if number is None or not re.match(rf"[^\S\n]*{number - 1}[.,]?[ \t]*[A-Z]", body[body.rfind("\n", 0, end) + 1:end]):
        return False
    return _row_below(body, end, rf"{number}[.,]?[ \t]*[A-Z]")


def _next_row(start: Position, plies: int) -> int | None:
    """The number of White's move after ``plies`` from ``start``; None where Black is to move (no row begins there)."""
    ply = plies + (start.board.turn == chess.BLACK)
    return None if ply % 2 else start.board.fullmove_number + ply // 2


def _row_below(body: str, end: int, row: str) -> bool:
    """Whether a line after ``end`` begins with ``row``, before any line that begins a score again at move 1."""
    found = re.search(rf"(?m)^[^\S\n]*{row}", body[end:])
    again = re.search(r"(?m)^[^\S\n]*1[.,]\s", body[end:])
    return found is not None and (again is None or found.start() < again.start())


def _line(body: str, steps: list[Step[chess.Move]], start: Position, rules: ChessRules) -> list[PrintedMove]:
    black_first = start.board.turn == chess.BLACK
    out, position = [], start
    for ply, step in enumerate(steps):
        if not step.move:  # a pass (a threat's word): no move to name, no mark to check; no move printed
            out.append(PrintedMove("", step.first.start, step.first.start,
                                   Decoded(step.move, step.how, step.form),
                                   start.board.fullmove_number + (ply + black_first) // 2,
                                   "black" if (ply + black_first) % 2 else "white"))
            position = rules.play(position, step.move)
            continue
        if step.how == "omitted":
            # A reply the text leaves out, before the first player's move his next number prints: no words of its
            # own; the other replies after which the printed move reads too (the replay names the one, or checks
            # the printed move's claim against each).
            also = tuple(m for m in position.board.legal_moves
                         if m != step.move and goes_on(rules, rules.play(position, m), steps[ply + 1:ply + 2]))
            out.append(PrintedMove("", step.first.end, step.first.end, Decoded(step.move, "omitted", "", also=also),
                                   start.board.fullmove_number + (ply + black_first) // 2,
                                   "black" if (ply + black_first) % 2 else "white"))
            position = rules.play(position, step.move)
            continue
        if step.how == "lost":
            # A move lost to the OCR is any the next moves follow from: the others they follow from too.
            also = tuple(m for m in position.board.legal_moves
                         if m != step.move and goes_on(rules, rules.play(position, m), steps[ply + 1:ply + 3]))
        else:
            # (Another meaning of the words no dearer than the one read: "Castles" read with the King's Rook where
            # both castlings are legal has no other; read with the Queen's, it has.)
            forms = rules.forms(position).get(step.form, ())
            cost = next((c for m, c in forms if m == step.move), 0.0)
            also = tuple(m for m, c in forms if m != step.move and c <= cost)
        pm = _printed(body, step, start.board.fullmove_number + (ply + black_first) // 2,
                      "black" if (ply + black_first) % 2 else "white", also)
        # A reading the printed check mark (or its absence) does not bear out, where the one read does, is
        # no other meaning of the words (as the replay settles an ambiguous move by the marks).
        board, check = position.board, pm.fields.check or pm.fields.mate
        rivals = [m for m in also if board.gives_check(m) == check] if board.gives_check(step.move) == check else also
        if also and not rivals:
            pm.fields = replace(pm.fields, marked=True)
        if any(goes_on(rules, rules.play(position, m), steps[ply + 1:]) for m in rivals):
            pm.fields = replace(pm.fields, unsettled=True)
        out.append(pm)
        position = rules.play(position, step.move)
    return out


def _omitted_settled(body: str, steps: list[Step[chess.Move]], start: Position, rules: ChessRules
                     ) -> list[Step[chess.Move]]:
    """The line with each reply the text leaves out (``omitted``, :meth:`notation.decode.search.Decoder._omitted`)
    and the move printed after it read so that the move bears out its printed check or mate marks where some reply
    lets it ("1. K-B7. 2. R-R4 mate.": a reply after which ``R-R4`` is Ra4#, not Rh4), the moves after it going on:
    the search weighs every reply alike, the marks are read here."""
    if not any(step.how == "omitted" for step in steps):
        return steps
    out = list(steps)
    position = start
    for ply, step in enumerate(out):
        if step.how == "omitted" and ply + 1 < len(out):
            printed = _printed(body, out[ply + 1], 0, "white").fields
            mate = printed.mate
            if printed.check or mate:
                if not _bears_out(rules.play(position, step.move), out[ply + 1].move, mate):
                    for reply in position.board.legal_moves:
                        mid = rules.play(position, reply)
                        found = next((m for m, _ in rules.forms(mid).get(out[ply + 1].form, ())
                                      if _bears_out(mid, m, mate) and goes_on(rules, rules.play(mid, m), out[ply + 2:])),
                                     None)
                        if found is not None:
                            out[ply] = replace(step, move=reply)
                            out[ply + 1] = replace(out[ply + 1], move=found)
                            break
        position = rules.play(position, out[ply].move)
    return out


def _solution(body: str, start: Position, words: list[Token], main: list[Step[chess.Move]]) -> bool:
    """Whether a reading is a problem's solution: a "mate in N" over a position set up, its key after its number
    ("SOLUTION.--1. K-Kt3! If Black plays Kt-B2 or Kt-Kt3, R-Q sq mates"). The stipulation makes its moves a score,
    whatever words tell the defences and mates after the key (:func:`in_a_row` takes them for moves in prose)."""
    if not main or start.board.board_fen() == chess.STARTING_BOARD_FEN or mate_moves(body) is None:
        return False
    at = next((k for k, w in enumerate(words) if w is main[0].first), 0)
    return at > 0 and words[at - 1].number == start.board.fullmove_number


def _claims_mate(body: str) -> Callable[[Token], bool]:
    """Whether the move ending at a word claims mate: a mate mark printed after it ("R-R8 mate.", "Q-R8#")."""
    def claims(last: Token) -> bool:
        mark = _MARK_AFTER.match(body, last.end) or _MARK_IN_WORD.search(body, last.start, last.end)
        return mark is not None and mark.group(1).lower() in _SAYS_MATE
    return claims


def _bears_out(before: Position, move: chess.Move, mate: bool) -> bool:
    """Whether ``move`` gives the check (or the mate, with ``mate``) its marks print."""
    return before.board.gives_check(move) and (not mate or gives_mate(before.board, move))


def _played(start: Position, steps: list[Step[chess.Move]], rules: ChessRules) -> list[Position]:
    """``start`` and the position after each of ``steps`` played from it in turn."""
    positions = [start]
    for step in steps:
        positions.append(rules.play(positions[-1], step.move))
    return positions


def _hang(body: str, line: PrintedLine, branch: Branch[chess.Move], positions: list[Position],
          rules: ChessRules) -> list[Step[chess.Move]]:
    """A variation the reading left where the text went back to an earlier move, hung on the line's
    move it replaces, with the variations inside it; the steps it uses."""
    steps = list(branch.steps)
    own = line.moves[branch.ply].fields
    if len(steps) == 1 and not branch.branches and isinstance(own, Decoded) \
            and _reads_as(rules, positions[branch.ply], steps[0], own.move):
        # A note's one move whose words may mean the line's own move there ("If Black, instead of 4. ..., B x P,
        # plays ..."): the move the line made, named again; no variation (it was read as the other meaning).
        return steps
    variation = PrintedLine(_line(body, steps, positions[branch.ply], rules))
    line.moves[branch.ply].variations.append(variation)
    after = _played(positions[branch.ply], steps, rules)
    used = list(steps)
    for inner in branch.branches:
        if inner.ply < len(steps):
            used.extend(_hang(body, variation, inner, after, rules))
    return used


def _notes(words: list[Token], main: list[Step[chess.Move]], positions: list[Position],
           rules: ChessRules, used: list[Step[chess.Move]], end: int, body: str = ""
           ) -> list[tuple[int, list[Step[chess.Move]], chess.Color | None]]:
    """The moves printed between the game's moves (a note's ``If 12. B-Q3, P-K5``), each stretch read
    as a variation: from the ply its first number names, else as an alternative to the move printed
    before it or after it (a number printed with its dots, ``17...``, names Black's move alone); the
    reading that explains most of it wins. A stretch that only repeats
    the game's moves is no variation. The words of ``used`` (the variations the reading left) are
    no note's: a stretch stops at them. After the printed result (at ``end``) no move is printed after
    a stretch nor, the score having ended, before it: there only a stretch with a number is a variation
    (from the ply it names); one without ("Thanks. Next time Kt-QB3.") is the author's words, prose.
    A stretch is cut where a note's label heads a line ("(2) Black could not play 15. ..., KtxP"): each
    note is read apart, and one whose moves have no number goes from the move its label follows in the
    score ("Kt-K4 (2);"), as an alternative to it or a move after it. A plan, one side's moves the note names in turn
    ("Black intends Kt-K sq, P-B4 and B-B3"), is read for that side, each after the one before, the other side passing
    (:class:`_PlanRules`): the side is given with the line (``None`` for any other note's)."""
    taken = sorted((step.first.start, step.last.end) for step in used)
    spans = sorted((step.first.start, step.last.end, ply) for ply, step in enumerate(main))
    white_only = not second_numbered(words)  # (a bare number is the first player's move's)
    gaps: list[tuple[int, list[Token]]] = []
    at = 0
    for j, (_, end, ply) in enumerate(spans):
        stop = spans[j + 1][0] if j + 1 < len(spans) else None
        while at < len(words) and words[at].start < end:
            at += 1
        gap: list[Token] = []
        while at < len(words) and (stop is None or words[at].start < stop):
            k = bisect.bisect_right(taken, (words[at].start, 1 << 62)) - 1
            if k >= 0 and taken[k][0] <= words[at].start < taken[k][1]:
                if gap:
                    gaps.append((ply, gap))
                gap = []
            else:
                gap.append(words[at])
            at += 1
        if gap:
            gaps.append((ply, gap))
    signs = footnote_signs(body) if body else frozenset()
    footnotes = [m.span() for m in _FOOTNOTE_TEXT.finditer(body)]
    gaps = [(ply, part) for ply, gap in gaps for part in _by_label(gap, signs, footnotes)]
    out: list[tuple[int, list[Step[chess.Move]], chess.Color | None]] = []
    for ply, gap in gaps:
        listed = _listed(gap, main, positions, rules, ply, body)
        if listed:
            out.extend((ply, steps, None) for steps in listed)
            continue
        head = gap[0]
        referenced = _referenced(body, head, main) if body else None
        # (Whether each word and the three after it have a move's shape: asked once a word.)
        four = [rules.plausible(rules.compact(" ".join(x.text for x in gap[i:i + 4]))) for i in range(len(gap))]
        one = [rules.plausible(rules.compact(w.text)) for w in gap]
        if not any(four) and not any(one):
            continue
        shapes = [i for i in range(len(gap)) if four[i] or one[i]]
        cut = _plan_said(gap, shapes[0], one)
        if cut:
            # (A plan of one move, "4. P-B3, preparing P-Q4.", is the author's words, no line: the move is not played
            # at its turn, a pass before it no move of the game's. The note's moves after its clause are read where
            # a number says where they go: unnumbered, "Black intends Ne8; then d4 is met by f5", they go from the
            # plan's position, which no line reaches, and are the author's words too.)
            gap, four, one = gap[cut:], four[cut:], one[cut:]
            shapes = [i for i in range(len(gap)) if four[i] or one[i]]
            if not shapes or all(w.number is None for w in gap):
                continue
        threat = _threat(gap, shapes[0], positions[ply if referenced is None else referenced].board.turn)
        # (A number after the note's last move numbers none of its moves: the next row's, "... QxQ. / 15. BxR".)
        # (Nor does a plan's own number, "by 5. P-Q4": the plan is its side's move after a pass, as unnumbered.)
        numbers = {id(w) for i, w in enumerate(gap[:shapes[-1]]) if w.number is not None and not gap[i + 1].planned}
        # (In a note under its label, a numbered move's shape may be its word's alone, "(1) 10. B-Q3 was simpler":
        # the words after it no move's. Elsewhere a figure before a word is as often a column's row number.)
        labelled = _is_label(head, signs)
        # A capture printed without a figure ("If White now plays QxQ ch, Black replies PxQ.") is a move's shape
        # alone, though the words after it are prose: no column's row number looks so. Only where the author's
        # sentence names it, the word before it his ("plays", "After"): one the score's reading left ("... KtoK4
        # RxP / Drawn game. / 65 / Notes ...", a column's last cell) is no note's, and would draw the note's
        # window back over the page's number, read as the note's.
        shaped = [i for i, shape in enumerate(four)
                  if shape or labelled and one[i] and i and gap[i - 1].number is not None
                  or one[i] and i and CAPTURE.search(gap[i].text) is not None and _authors(gap[i - 1], one[i - 1])]
        whole = gap
        # (An e-text's footnote is bounded by its brackets: no score's words about it to cut off, and its first move
        # may have no shape in four words, "If 10.., P. takes P., then 11. R. takes P.": read whole.)
        # (Nor cut past a threat's or a plan's word: the moves it names are the note's, "Black intends P-Q3, Kt-K2 and
        # Castles", whatever shape the first has in four words.)
        said = next(k for k, w in enumerate(gap) if w is threat[0]) + 1 if threat is not None else len(gap)
        gap = gap[max(0, min(shaped[0] - 2, said)):shaped[-1] + 6] \
            if shaped and not any(a <= head.start < b for a, b in footnotes) else gap
        # (The label heading a note is no move's number, "(1) Or P-Q3": the note's moves go from its move.)
        numbered = next((w for w in gap if id(w) in numbers and (referenced is None or w is not head)), None)
        if numbered is None and gap[0].start >= end and referenced is None:
            continue
        footnote = any(a <= head.start < b for a, b in footnotes)
        cited = _cited(gap, numbered, referenced, main, positions, rules) if numbered is not None else None
        if cited is not None:
            # The note cites its move or a later move of the game by its number, as played ("Routine--indirectly
            # including the questionable 16. P. to Q's 5th? At once Kt. to Kt's sq., ..." on White's 14th): its
            # words name the game's move (explained, as a quote's are), and the note's line goes on from the move
            # the note is on, never from the one it cites, nor reads the quote again as the other side's move.
            used.append(cited)
            gap = [w for w in gap if w.start >= cited.last.end]
            numbered = next((w for w in gap if id(w) in numbers), None)
        plies = [ply, ply + 1] if referenced is None else [referenced, referenced + 1]
        # A threat names a move of the side that threatens, whichever side is to move (:func:`_threat`).
        starts: list[tuple[int, Token | None]] = [(branch, None) for branch in plies]
        if threat is not None and numbered is None:
            word, side, past = threat
            nxt = plies[1]
            # Its move now, where that side is to move after the note's move; or its move after a pass, where
            # the other side is to move (the threat the note's move met, where the word says so: "threatened"
            # first). "Black threatened QxQ" after Black's move is (15. -- QxQ), never White's QxQ.
            now: list[tuple[int, Token | None]] = \
                [(nxt, None)] if nxt < len(positions) and positions[nxt].board.turn == side else []
            pass_first: list[tuple[int, Token | None]] = \
                [(nxt if nxt < len(positions) and positions[nxt].board.turn != side else plies[0], word)]
            starts = pass_first + now if past else now + pass_first
        if numbered is not None and numbered.number is not None:
            first = positions[0].board.fullmove_number
            black_first = positions[0].board.turn == chess.BLACK
            white = 2 * (numbered.number - first) - black_first
            # (A number with its dots, "17... KKtxP", names Black's move: the note branches there only.)
            plies = [white + 1] if numbered.side == 1 else [white, white + 1]
            starts = [(branch, None) for branch in plies]
        best: tuple[float, int, list[Step[chess.Move]], chess.Color | None] | None = None
        for branch, passed in dict.fromkeys(starts):
            if not 0 <= branch < len(main):
                continue
            start = positions[branch].copy()
            if passed is not None:
                if start.board.is_check():
                    continue  # (no side passes in check)
                start.push(chess.Move.null())
            # A note's words are read only as printed or through an OCR confusion: its prose is
            # not to be made into moves a letter off.
            reading = Decoder(rules, near=False, aside=0.0).read([Segment([(gap,)])], start)
            steps, cost, plan = reading.steps, reading.cost, None
            if threat is not None and numbered is None and start.board.turn == threat[1]:
                # (A threat's or a plan's side named, its moves may be that side's alone, one after another: read
                # so where that explains as much of the note, "White will play P-Q4, Castles and R-K sq" no line of
                # White's and Black's moves in turn.)
                planned = Decoder(_PlanRules(rules), near=False, aside=0.0).read([Segment([(gap,)])], start)
                if len(planned.steps) >= 2 and planned.cost <= cost:
                    steps, cost, plan = _with_passes(planned.steps, start), planned.cost, threat[1]
            if footnote and _false_check(body, steps, start):
                # (A footnote's move read where its printed check is none tells its line too soon: the moves
                # before it told in words, "by taking the K. B. P. with his B., checking, and when the K. took the
                # B., playing Q. to K. R's 5th (ch.)". No line of the note, its words said as prose.)
                continue
            if passed is not None:
                if not steps:
                    continue
                # The pass is the threat's word: what says the other side's move is left out.
                steps = [Step(passed, passed, chess.Move.null(), "printed", _PASS), *steps]
            shared = 0
            while shared < len(steps) and branch + shared < len(main) and (
                    steps[shared].move == main[branch + shared].move
                    # (the note's last move names the game's, its words read either way: "instead of 4. ...,
                    # B x P, plays ..." repeats the move the game made, no other move it may mean)
                    or shared == len(steps) - 1 and _reads_as(rules, positions[branch + shared], steps[shared],
                                                              main[branch + shared].move)):
                shared += 1
            if shared < len(steps) and branch + shared < len(main) and (best is None or cost < best[0]):
                best = (cost, branch + shared, steps[shared:], plan)
            elif steps and shared == len(steps) and numbered is not None and numbered.side is None \
                    and branch == plies[0] and white_only and _instead_of(whole, numbered):
                # The number's first player's move is the game's, quoted as the note's words say ("Instead of 5.
                # Castles, White may play ..."): the note names the move it is on, no move of the other side's at
                # that number. (Where the text numbers both sides' moves, a bare number may be the second's: "viz., 2. P. to Q's 3d; 2. K's
                # Kt. to B's 3d" after White's 2nd are Black's replies, whose words read as White's move too.)
                break
        if best is not None:
            out.append((best[1], best[2], best[3]))
    return out


def _plan_said(gap: list[Token], first: int, one: list[bool]) -> int:
    """Where the words of a plan of one move end in a note (its first move at ``first`` named as a plan,
    :attr:`Token.planned`: "preparing P-Q4. Black should answer"): past its clause, up to a stop, a semicolon or the
    next move's number. 0 where the note's first move is no plan, or its plan names more moves in its clause ("Black
    intends P-Q3, KKt-K2 and Castles": one side's moves in turn, :class:`_PlanRules`)."""
    if not gap[first].planned:
        return 0
    for i in range(first, len(gap)):
        if i > first and (gap[i].number is not None or one[i]):
            return i if gap[i].number is not None else 0
        if gap[i].text.endswith((".", ";", "!", "?")):
            return i + 1
    return len(gap)


#: A word that joins a list of alternatives ("Kt-B2, Kt-Kt3 or P-Kt5", "(or Kt-Kt3, or P-Kt5)"): "or", its brackets.
_OR = re.compile(r"\(?(?:or|oder)[,:]?", re.I)


def _listed(gap: list[Token], main: list[Step[chess.Move]], positions: list[Position], rules: ChessRules,
            ply: int, body: str) -> list[list[Step[chess.Move]]]:
    """The lines of a list of alternatives to the line's move at ``ply``, printed right after it and before the reply
    they share ("If 1. ... Kt-B2, Kt-Kt3 or P-Kt5, 2. R-Q sq mate."; "1. K-Kt3, Kt-B2 (or Kt-Kt3, or P-Kt5); 2. R-Q sq
    mate."): each alternative a line of its own, with that reply after it where the reply's words read a legal move
    there (its mark checked there too). Only where the words between the move and its reply are the list's alone
    (each a move of the side to move, as printed; "or", commas and brackets between; the reply's number): read as
    one line, the list's second move was the line's and the rest prose, the reply joined to the first alone.
    A list is joined by "or", or shares a reply that claims mate (a problem's solution, "Kt-B2, Kt-Kt3, 2. R-Q sq
    mate": the mate checked after each); the reply is shared where it claims mate or the list stands outside
    brackets (a game's "P-K4 (or P-QB4)" offers another move, not the game's reply to it)."""
    if not gap:
        return []
    reply = main[ply + 1] if ply + 1 < len(main) else None
    mates = reply is not None and _claims_mate(body)(reply.last)
    if not mates and not any(_OR.fullmatch(w.text) for w in gap):
        return []
    words = list(gap)
    if reply is not None and words and words[-1].number is not None and words[-1].end <= reply.first.start:
        words.pop()  # (the reply's number: "2. R-Q sq mate")
    items: list[list[Token]] = [[]]
    for word in words:
        if _OR.fullmatch(word.text):
            if items[-1]:
                items.append([])
            continue
        if word.number is not None:
            return []
        items[-1].append(word)
        if word.text.endswith((",", ";", ")")):
            items.append([])
    items = [item for item in items if item]
    if not items:
        return []
    lines = []
    for item in items:
        text = rules.compact(" ".join(w.text for w in item).strip("(),;:. "))
        moves = {m for m, _ in rules.forms(positions[ply]).get(text) or ()} if rules.plausible(text) else set()
        if len(moves) != 1:
            return []  # (a word no move of the list's, or a move the print does not name alone: no list)
        (move,) = moves
        if move == main[ply].move:
            return []  # (the line's own move named again: a note's, not a list of others)
        steps = [Step(item[0], item[-1], move, "printed", text)]
        after = rules.play(positions[ply], move)
        answers = {m for m, _ in rules.forms(after).get(reply.form) or ()} if reply is not None else set()
        if reply is not None and len(answers) == 1 and (mates or not any(w.depth or w.aside for w in item)):
            steps.append(Step(reply.first, reply.last, answers.pop(), reply.how, reply.form, reply.words))
        lines.append(steps)
    return lines


class _PlanRules(ChessRules):
    """The rules of one side's plan (:func:`_notes`): after each of its moves the other side passes, so the words
    after it are read as the same side's next move (python-chess's null move), not as a reply."""

    def __init__(self, rules: ChessRules) -> None:
        self.__dict__.update(rules.__dict__)

    def play(self, position: Position, move: chess.Move) -> Position:
        after = super().play(position, move)
        if not move or after.board.is_check():
            return after  # (no side passes in check: the plan's next move is not the same side's)
        passed = after.copy()
        passed.push(chess.Move.null())
        passed.board.clear_stack()
        return passed


def _with_passes(steps: list[Step[chess.Move]], start: Position) -> list[Step[chess.Move]]:
    """A plan's moves (read by :class:`_PlanRules` from ``start``) as a line: a pass (the other side's, no word of its
    own: at the move before it) after each move but the last, where the move gives no check."""
    out: list[Step[chess.Move]] = []
    board = start.board.copy(stack=False)
    for k, step in enumerate(steps):
        if k:
            if board.is_check():
                break  # (read by the rules only as the other side's reply: no plan's move)
            out.append(Step(steps[k - 1].last, steps[k - 1].last, chess.Move.null(), "printed", _PASS))
            board.push(chess.Move.null())
        out.append(step)
        board.push(step.move)
    return out


def _false_check(body: str, steps: list[Step[chess.Move]], start: Position) -> bool:
    """Whether a move of a reading from ``start`` prints a check or mate mark (:data:`_MARK_AFTER`) and gives
    no check."""
    board = start.board.copy()
    for step in steps:
        mark = _MARK_AFTER.match(body, step.last.end) or _MARK_IN_WORD.search(body, step.first.start, step.last.end)
        if mark is not None and mark.group(1).lower() in _SAYS_CHECK + _SAYS_MATE and step.move \
                and not board.gives_check(step.move):
            return True
        board.push(step.move)
    return False


def _cited(gap: list[Token], numbered: Token, referenced: int | None, main: list[Step[chess.Move]],
           positions: list[Position], rules: ChessRules) -> Step[chess.Move] | None:
    """The game's own move a note on it or on an earlier move (at ply ``referenced``, its label's) quotes by its
    number, as it was played at that number, maybe with its "?" or "!" ("16. P. to Q's 5th?" in the note on White's
    14th, "With 20. Q. R. to B's sq. he commenced ..." on White's 20th): the step that explains its words; else
    ``None``."""
    if referenced is None or numbered.number is None:
        return None
    k = next(i for i, w in enumerate(gap) if w is numbered)
    first = positions[0].board.fullmove_number
    white = 2 * (numbered.number - first) - (positions[0].board.turn == chess.BLACK)
    # (A bare number names the first player's move where its words read as one there: "7. B. takes Kt." in the
    # note on White's 7th is White's other move, BxKt, though Black's 7th was B. takes Kt.) Its words are read as the
    # caller's quotes are (:func:`_quotes`), the longest first up to its clause's end: no decoder's reading, which
    # passes over a quote to read more moves after it.
    quote = gap[k + 1:k + 8]
    for j, w in enumerate(quote):
        if w.number is not None or w.text.endswith((",", ";", ":")):
            quote = quote[:j + (w.number is None)]
            break
    # (But the note's own move first, where the number names it: "[Footnote N: ... 41. Q. to Q's 2d is a final
    # blunder." on Black's 41st cites it, though White could have played Q. to Q's 2d too.)
    plies = [white + 1] if numbered.side == 1 else [white, white + 1]
    for ply in sorted(plies, key=lambda p: p != referenced):
        if not referenced <= ply < len(main):
            continue
        forms = rules.forms(positions[ply])
        for n in range(len(quote), 0, -1):
            text = rules.compact(" ".join(w.text.strip("()'\"") for w in quote[:n]).rstrip("?!"))
            if text in forms:
                if any(m == main[ply].move for m, _ in forms[text]):
                    return Step(quote[0], quote[n - 1], main[ply].move, "printed", text)
                return None  # (another move there: the note's line, no citation)
    return None


#: The words that name the move a note is on, before its number: "Instead of 5. Castles", "in lieu of", "Statt".
_INSTEAD = INSTEAD_OF


def _instead_of(gap: list[Token], numbered: Token) -> bool:
    """Whether the words just before a note's number say the move after it is the one the note is on
    (:data:`_INSTEAD`): the game's move quoted, which the note's alternatives replace."""
    # (The decoder's own reading of the words before a number, :func:`notation.decode.search.names_replaced`.)
    return names_replaced(gap, next(k for k, w in enumerate(gap) if w is numbered) + 1)


def _named_instead(words: list[Token]) -> list[tuple[int, int | None, list[Token]]]:
    """The moves a note names by their number after "instead of" (:data:`_INSTEAD`: "Black may also try 5. ...,
    Kt-Q3 (instead of 5. ..., B-K2), when ..."): the game's move the note replaces, quoted, no move of the note's line.
    Each as :func:`_quotes` gives them (its number, the side its dots name or ``None``, its words), the longest
    reading first, up to the end of its clause; which is the game's move, the game says (:func:`_decode`)."""
    out: list[tuple[int, int | None, list[Token]]] = []
    for i, word in enumerate(words):
        if word.number is None or not _instead_of(words[max(0, i - 3):i + 1], word):
            continue
        k = i + 1
        while k < len(words) and k - i <= 7 and words[k].number is None and words[k].line - words[k - 1].line <= 1:
            k += 1
            if words[k - 1].text.endswith((",", ";", ")", ":")):
                break  # (the clause ends: "(instead of 5. ..., B-K2), when")
        out += [(word.number, word.side, words[i + 1:j]) for j in range(k, i + 1, -1)]
    return out


#: Whose move a note names before its ordinal ("White's fifth move"); "his" names neither.
_OWNERS = {"white's": 0, "black's": 1, "first": 0, "second": 1}  # ("the first player's", "the second player's")


def _quotes(words: list[Token], rules: ChessRules) -> list[tuple[int, int | None, list[Token]]]:
    """The game's moves a note quotes by their number in words, where both sides' moves are numbered: "By his
    fifth move, KB - K 2, Black avoids ...", "White's ninth move, P. to K's 5th, was weak". The words after
    "<ordinal> move," that begin the score's row of that number (a number that begins its line, or the same number
    again on it: "5. KB - K2. He cannot play ...") name the game's move: a reference, no move of a line (read on,
    they were taken for the note's line's next move). Each quote: its number, the side its words name ("White's",
    "the second player's") or ``None``, and its words."""
    if not second_numbered(words):
        return []
    rows: dict[int, list[str]] = {}
    head: Token | None = None  # (the word that begins the line)
    for k, word in enumerate(words):
        if _begins_line(words, k):
            head = word
        if word.number is not None and head is not None and head.number == word.number:
            rows.setdefault(word.number, []).append(
                rules.compact(" ".join(w.text for w in words[k + 1:k + 8] if w.line == word.line)))
    out: list[tuple[int, int | None, list[Token]]] = []
    for i in range(1, len(words) - 1):
        if words[i].text.lower() not in ("move,", "move:") and not (
                words[i].text.lower() == "move" and words[i + 1].text.startswith("(")):
            continue
        number = ordinal(words[i - 1].text)
        if number is None or number not in rows:
            continue
        before = [w.text.lower().replace("\u2019", "'") for w in words[max(0, i - 3):i - 1]]
        owner = _OWNERS.get(before[-1]) if before and before[-1] in ("white's", "black's") else \
            _OWNERS.get(before[0]) if len(before) == 2 and before[1] == "player's" else None
        for k in range(7, 0, -1):
            quote = words[i + 1:i + 1 + k]
            text = rules.compact(" ".join(w.text.strip("()'\"") for w in quote))
            if len(quote) == k and text and rules.plausible(text) and any(row.startswith(text) for row in rows[number]):
                out.append((number, owner, quote))
                break
    return out


def _sides_named(words: list[Token], rules: ChessRules) -> list[Token]:
    """The words, each bare move number named in a note's sentence given the side the note names, in a text that
    numbers both sides' moves: there a bare number may be either side's, and a note's alternatives were read as
    the first player's where their words read as his moves too.

    The side its words name: the nearest side's name before the number in its sentence (:data:`_SIDE_NAMES`:
    "Black may play 4. P. to Q's 3d; 4. Q. to K's 2d", "Black's best reply is 5. ...", "he (Black) may play 5.
    ...", "If White plays 5. Kt. to B's 3d, Black replies 5. ..."). Where none, the side of the game's move it
    quotes after "Instead of" (:data:`_INSTEAD`), as the score's row of that number prints it ("Instead of 4. K's Kt.
    to B's 3d" under the row "4. P. to Q. B's 3d.  4. K's Kt. to B's 3d.": Black's), for that number and the bare
    numbers after it in the sentence. The sentence is looked back over to its last whole word's stop
    (:data:`_SENTENCE_END`), a blank line, or a line a number begins (a row of the score), a side's name
    :data:`_THREAT_REACH` words at most (a possessive before a man's name, "Black's KP", names no side's move), or
    the same number given its side so, :data:`_SIDE_REACH` words at most, where the number follows a ";" or an "or"
    (the next alternative to the same move: a line's next number, "Black plays 7. QB - Q2 in order to prevent 8. KKt
    X QKt", is the other side's). A number that begins its line is a row's, and keeps no side but its dots'."""
    if not second_numbered(words):
        return words
    cells = _row_cells(words, rules)
    out = list(words)
    quoted: set[int] = set()
    named: set[int] = set()
    for i, word in enumerate(words):
        if word.number is None or word.side is not None or _begins_line(words, i):
            continue
        if _instead_of(words[max(0, i - 3):i + 1], word):
            sides = {side for side, text in cells.get(word.number, ()) if any(
                rules.compact(" ".join(w.text for w in words[i + 1:i + 1 + k])) == text for k in range(1, 8))}
            if len(sides) == 1:
                out[i] = replace(word, side=sides.pop())
                quoted.add(i)
                continue
        for j in range(i - 1, max(-1, i - 1 - _SIDE_REACH), -1):
            before = words[j]
            if before.line != words[j + 1].line and (words[j + 1].line - before.line > 1 or _begins_line(words, j + 1)
                                                     and words[j + 1].number is not None):
                break  # (a blank line, or the row a number begins: the sentence began after it)
            side = _SIDE_NAMES.get(before.text.lower().strip("()[],;:").removesuffix("'s").removesuffix("’s"))
            if side is not None and before.text.lower().rstrip(",;:").endswith(("'s", "’s")) \
                    and words[j + 1].number is None and not words[j + 1].text[:1].islower():
                side = None  # (a man's owner, "win Black's KP, by 4. KB x QKt": no side's move)
            chained = out[j].number == word.number and (j in quoted or j in named and (
                words[i - 1].text.endswith(";") or words[i - 1].text.lower().strip(",") == "or"))
            if side is not None and i - j <= _THREAT_REACH or chained:
                out[i] = replace(word, side=int(side == chess.BLACK) if side is not None else out[j].side)
                named.add(i)
                break
            if _SENTENCE_END.fullmatch(before.text) or before.number is not None and _begins_line(words, j):
                break
    return out


#: How many words before a note's number its side's name may stand ("Black may play 4."), or the note's number before
#: it that a side's name or a quote gave its side ("Black may play 4. K. Kt. to K. B's 3rd; or 4. ..."): no further,
#: where a sentence's stop is no whole word's ("... Black would capture Q with Q. The probable continuation after 8.").
_SIDE_REACH = 8


def _row_cells(words: list[Token], rules: ChessRules) -> dict[int, list[tuple[int, str]]]:
    """The cells of the score's rows that number both sides' moves, by number: each the side (0 the first cell,
    1 the one after the number printed again) and its words compacted (:meth:`ChessRules.compact`)."""
    out: dict[int, list[tuple[int, str]]] = {}
    i = 0
    while i < len(words):
        j = i + 1
        while j < len(words) and words[j].line == words[i].line:
            j += 1
        number = words[i].number
        again = [k for k in range(i + 1, j) if words[k].number == number]
        if number is not None and len(again) == 1:
            for side, (a, b) in enumerate(((i + 1, again[0]), (again[0] + 1, j))):
                out.setdefault(number, []).append((side, rules.compact(" ".join(w.text for w in words[a:b]))))
        i = j
    return out


def _begins_line(words: list[Token], i: int) -> bool:
    return i == 0 or words[i - 1].line != words[i].line


#: The form of a pass read from a threat's word (a null move: PGN's ``--``).
_PASS = "--"
#: A word that says the move after it is threatened ("White threatens QxP", "threatening Kt-B6 ch", "The threat was
#: R-K8 ch", "Weiß droht Dxf7"), a move of the side that threatens: never of the other.
_THREAT_WORD = re.compile(r"\(?(?:threat(?:en(?:s|ed|ing)?)?|menac(?:e|es|ed|ing)|droht|drohend|drohte|Drohung)[,:;.]?",
                          re.IGNORECASE)
#: A word warding a move off before it ("to prevent Kt-Kt5", "to prevent the threatened Kt-Kt5", "parrying the
#: threat of"): the move is the other side's than the note's move.
_WARD = re.compile(r"(?:prevent|stop|parr(?:y|ie)|avert|guard)\w*[,:;.]?", re.IGNORECASE)
#: A plan's word, as a threat's names its side's move ("Black intends Kt-K sq, P-B4 and B-B3"), and a move to come
#: ("White will play P-Q4, Castles and R-K sq": "play" after :data:`_WILL` only, "could play" naming an alternative).
_PLAN_WORD = re.compile(r"(?:intend(?:s|ing)?|play)[,:;.]?", re.IGNORECASE)
_WILL = re.compile(r"will|shall", re.IGNORECASE)
#: The sides as a note names them ("Black threatened", "White's threat"; "Weiß droht").
_SIDE_NAMES = {"white": chess.WHITE, "black": chess.BLACK, "weiss": chess.WHITE, "weiß": chess.WHITE,
               "schwarz": chess.BLACK}
#: A word that ends a sentence: a whole word's letters before its stop ("Pawn.", "time!"), not an initial's ("Kt.",
#: "K.", "sq.") nor a square's ("B's 4th.").
_SENTENCE_END = re.compile(r"[A-Za-z]{3,}[.!?]\)?")
#: How many words a threat's word may stand before the move it names ("threatening to win the Queen by Kt-B6").
_THREAT_REACH = 6


def _threat(gap: list[Token], first: int, moved: chess.Color) -> tuple[Token, chess.Color, bool] | None:
    """Whose move a note's first move (its first word at ``first``) is, where the words before it say: a
    threat's word names a move of the side that threatens, as the note names it ("Black threatened QxQ") or
    else of the side whose move the note follows (``moved``: "threatening Kt-B6 ch"); a word warding a move
    off names the other side's ("to prevent Kt-Kt5", "to prevent the threatened Kt-Kt5"). The word, the side,
    and whether the word speaks of a threat past ("threatened": made before the move that met it). ``None``
    where no such word stands a few words before the move (one after it, "Q-B2, threatening ...", says
    nothing of that move). A plan (:attr:`Token.planned`: "4. P-B3, preparing P-Q4") names its side's move so too."""
    since = max(0, first - _THREAT_REACH)
    ends = [i for i in range(since, first) if _SENTENCE_END.fullmatch(gap[i].text)]
    before = range(ends[-1] + 1 if ends else since, first)  # (in the move's own sentence)
    said = [i for i in before if _THREAT_WORD.fullmatch(gap[i].text)
            or _PLAN_WORD.fullmatch(gap[i].text) and (gap[i].text[0] in "iI" or i and _WILL.fullmatch(gap[i - 1].text))]
    if not said and first and gap[first].planned:
        said = [first - 1]  # (a plan's words just before the move, "preparing P-Q4": its side's move, as a threat's)
    warded = [i for i in before if _WARD.fullmatch(gap[i].text)]
    if not said and not warded:
        return None
    at = said[-1] if said else warded[-1]
    named = [_SIDE_NAMES.get(w.text.lower().removesuffix("'s").removesuffix("’s").strip(",;:."))
             for w in gap[max(0, at - 3):at]]
    sides = [side for side in named if side is not None]
    past = gap[at].text.lower().rstrip(",:;.").endswith(("ed", "te"))
    if sides:
        return gap[at], sides[-1], past
    return gap[at], (not moved) if any(at - 3 <= i <= at for i in warded) else moved, past


def _reads_as(rules: ChessRules, position: Position, step: Step[chess.Move], move: chess.Move) -> bool:
    """Whether the words a step read may mean ``move`` too (an ambiguous form: ``BxP``)."""
    return any(m == move for m, _ in rules.forms(position).get(step.form, ()))


#: A note's label at the head of its line: a number or a letter in brackets ("(2)", "(a)", "(B)"), or with its
#: closing bracket alone as German books print it ("a)", "1)"), and their stars and small figures ("*)", "¹)"); a bare
#: word of two letters is the OCR's damage ("iS)" for "(3)"), no label.
_LABEL_HEAD = re.compile(r"(?:\((?:\d{1,3}|[A-Za-z]{1,2})|[a-z]|\d{1,2}|\*{1,3}|[¹²³⁰⁴-⁹]{1,2})\)[.:]?")


def _is_label(word: Token, signs: frozenset[str]) -> bool:
    """Whether a word is a note's label (:data:`_LABEL_HEAD`), or a footnote's sign that marks a move of the record
    as well as opening its note (``signs``, :func:`notation.parse.footnote_signs`: "P to K R 3*" ... "* To ..."), or a
    figure with its stop the words took for no move's number (:func:`notation.parse.stopped_labels`: "2.
    Capablanca's ..." under "Nd5 (2)")."""
    return _LABEL_HEAD.fullmatch(word.text) is not None or word.text in signs \
        or word.number is None and _STOPPED_HEAD.fullmatch(word.text) is not None


#: A note's label printed as a figure with its stop ("2."), the note's own where the words read it as no number.
_STOPPED_HEAD = re.compile(r"\d{1,2}\.")


def _authors(word: Token, shaped: bool) -> bool:
    """Whether a word is the author's, in his sentence: a word of three letters or more ("plays", "After",
    "replies,"), no move's shape and no number (not a piece's "Kt", a row's "14", a column's "KtoK4")."""
    letters = word.text.strip(".,;:!?()'\"")
    return not shaped and word.number is None and len(letters) >= 3 and letters.isalpha()


def _by_label(gap: list[Token], signs: frozenset[str], footnotes: list[tuple[int, int]]) -> list[list[Token]]:
    """A stretch of words cut before each note's label that heads a line (:func:`_is_label`), and before each
    e-text's footnote ("[Footnote D: ..."): each note its own, never one line strung through the next. In a
    footnote (``footnotes``, their spans), a move's number lower than the one before it opens another line of the
    note ("... because of 12. R. to Q. B's 4th. Nor could 10.., K. to K's 2d be played, ..."): read apart, each from
    the move its number names."""
    parts: list[list[Token]] = [[]]
    last = 0  # (the last move's number in the part, where the part is a footnote's)
    for k, word in enumerate(gap):
        footnote = any(a <= word.start < b for a, b in footnotes)
        if k and parts[-1] and (gap[k - 1].line != word.line and (_is_label(word, signs)
                                                                   or word.text == _FOOTNOTE_WORD)
                                or footnote and word.number is not None and word.number < last):
            parts.append([])
            last = 0
        if footnote and word.number is not None:
            last = word.number
        parts[-1].append(word)
    return parts


def _referenced(body: str, head: Token, main: list[Step[chess.Move]]) -> int | None:
    """The ply of the game's move a note's label (``head``, heading the note) follows in the score ("Kt-K4
    (2);" for the note "(2) ..."), where the label is printed once there; else ``None``. A footnote's sign that opens
    several notes: the move of its mark of the same place (:func:`notation.parse.sign_order`). An e-text's
    footnote ("[Footnote D: ..."): the move its reference ("[D]") follows (:data:`notation.parse.FOOTNOTE_HEAD`)."""
    footnote = FOOTNOTE_HEAD.match(body, body.rfind("\n", 0, head.start) + 1) if head.text == _FOOTNOTE_WORD else None
    if footnote is None and not _is_label(head, footnote_signs(body)):
        return None
    label = f"[{footnote[1]}]" if footnote is not None else head.text.rstrip(".:")
    if _STOPPED_HEAD.fullmatch(head.text) is not None:
        label = f"({label})"  # (the mark the score prints it with, "Nd5 (2)")
    if not label.strip(FOOTNOTE_SIGNS):  # a footnote's sign: its whole run at the move's end or after it ("3*", "4 †")
        found = [k for k, step in enumerate(main) if label in _signs_at(body, step.last.start, step.last.end)]
        order = sign_order(body, label, head.start)
        marks = sign_marks(body, label)
        if order is not None and order < len(marks):
            # (One of several notes the sign opens: the move its k-th mark follows, the k-th note's.)
            # (The mark ends the move's last word, "3*", or stands after it, "3 *".)
            return next((k for k, step in enumerate(main) if step.last.start < marks[order]
                         and not body[step.last.end:marks[order]].strip(" \t!?.,;")), None)
    else:
        # (Or printed with its stop, the move marked by the bare figure, "c7-c6 1.", "c7-c6^1", "c7-c6¹".)
        bare = {at for at, key in bare_marks(body) if f"({key})" == label} if head.text[-1:] == "." else set()
        found = [k for k, step in enumerate(main)
                 if body[step.last.end:step.last.end + len(label) + 4].lstrip(" \t!?").startswith(label)
                 or step.last.text.rstrip(",;.").endswith(label)
                 or any(step.last.end <= at and not body[step.last.end:at].strip(" \t^") for at in bare)]
    return found[0] if len(found) == 1 else None


def _unexplained(words: list, steps: list[Step[chess.Move]], rules: ChessRules, body: str) -> list[tuple]:
    """Stretches of words the reading left as prose that have words of a move's shape, as the layout
    reader reports them (start, end, why, the words): every word is accounted for. A word left that
    reads as a move only in another notation or game (``d4`` after a descriptive score) is a stretch
    with no words of the notation's own, for the replay to say where it stands (:func:`move_like_words`)."""
    used = {id(w) for step in steps for w in (step.first, step.last)}
    spans = sorted((step.first.start, step.last.end) for step in steps)
    elsewhere = [at for at, _ in move_like_words(body)]  # where a word reads as a move in any notation
    out: list[tuple] = []
    stretch: list = []
    for i, word in enumerate(words):
        at = bisect.bisect_right(spans, (word.start, 1 << 62)) - 1
        if id(word) in used or (at >= 0 and spans[at][0] <= word.start < spans[at][1]):
            if stretch:
                out.append(_stretch(stretch))
                stretch = []
            continue
        if _move_like(word, words[i:i + 4], rules):
            stretch.append(word)
        elif bisect.bisect_left(elsewhere, word.start) < bisect.bisect_left(elsewhere, word.end):
            out.append((word.start, word.end, "not a move of the game as the decoder reads it", []))
    if stretch:
        out.append(_stretch(stretch))
    return sorted(out)


def _rows_unread(words: list, steps: list[Step[chess.Move]], rules: ChessRules,
                 main: list[Step[chess.Move]], first: tuple[int, bool] = (1, False)) -> list[tuple[int, str]]:
    """The words the reading left that stand where a row's number prints a move: the first word after a
    number that begins its line, of a move's shape (``7 Castles.`` in a column of White's moves read as
    both sides'), and the words of a row the main line passes over (:func:`_rows_passed`), whatever their
    shape. Every other word left is a note's, maybe; these are the score's."""
    used = {id(w) for step in steps for w in (step.first, step.last)}
    spans = sorted((step.first.start, step.last.end) for step in steps)
    out = _rows_passed(words, main, steps, first, rules)
    passed = {at for at, _ in out}
    out += [(at, text) for at, text in _run_on_passed(words, main, used, rules) if at not in passed]
    out += [(at, text) for at, text in _row_half_passed(words, main, spans, rules) if at not in passed]
    out += [(at, text) for at, text in _column_cells(words, used, spans, rules) if at not in passed]
    said = {at for at, _ in out}
    for k in range(len(words) - 1):
        number, i = words[k], k + 1
        while i < len(words) - 1 and words[i].line == number.line and not words[i].text.strip(".…"):
            i += 1  # (Black's move after its number's dots: "12. … Sa4xc3")
        word = words[i]
        if number.number is None or word.number is not None or word.line != number.line or id(word) in used \
                or k and words[k - 1].line == number.line:
            continue
        at = bisect.bisect_right(spans, (word.start, 1 << 62)) - 1
        if at >= 0 and spans[at][0] <= word.start < spans[at][1]:
            continue
        if word.start not in said and _move_like(word, words[i:i + 4], rules):
            out.append((word.start, word.text))
    return sorted(out)


def _column_cells(words: list, used: set[int], spans: list[tuple[int, int]],
                  rules: ChessRules) -> list[tuple[int, str]]:
    """The lines of a score's column the reading leaves whole: a line whose words, after a number that may begin
    it, are a move or two and nothing else ("Kt. takes B," under "Castles." in Black's column, its numbers
    printed in a column of their own above it), none of them read, next to another such line, read or not (a
    column is lines of moves; a lone line of a move in a note is the note's). A sentence that names a move ("the
    move P. to K. 4th is best", "Auf 12. Sc3xa4 folgt ...") is no such line. Each line's first word, and the line's
    words."""
    lines: list[list[Token]] = []
    for word in words:
        if lines and lines[-1][0].line == word.line:
            lines[-1].append(word)
        else:
            lines.append([word])

    def read(word: Token) -> bool:
        at = bisect.bisect_right(spans, (word.start, 1 << 62)) - 1
        return id(word) in used or at >= 0 and spans[at][0] <= word.start < spans[at][1]

    def prose(word: Token) -> bool:  # the author's word: letters, three or more, with no move's shape ("folgt")
        own = rules.compact(word.text)
        return len(own) >= 3 and own.isalpha() and not rules.plausible(own)

    def moves(line: list[Token]) -> list[Token] | None:  # the line's words after its number, if they are moves
        rest = line[1:] if line[0].number is not None else line
        while rest and not rules.compact(rest[0].text):
            rest = rest[1:]  # (Black's move after its number's dots: "12. … Sa4xc3")
        if not rest or len(rest) > 12 or rest[0].number is not None or any(map(prose, rest)):
            return None

        def move(part: list[Token]) -> bool:
            return rules.plausible(rules.compact(" ".join(w.text for w in part)))

        # (One move, or two side by side.)
        return rest if move(rest) or any(move(rest[:k]) and move(rest[k:]) for k in range(1, len(rest))) else None

    cells = [moves(line) for line in lines]
    out = []
    for k, cell in enumerate(cells):
        if cell is None or any(read(w) for w in cell):
            continue
        if k and cells[k - 1] is not None or k + 1 < len(cells) and cells[k + 1] is not None:
            out.append((cell[0].start, " ".join(w.text for w in cell)))
    return out


def _row_half_passed(words: list, main: list[Step[chess.Move]], spans: list[tuple[int, int]],
                     rules: ChessRules) -> list[tuple[int, str]]:
    """The second move of a row whose first the main line reads, where the main line's next move is read from
    another line ("11 Q-R3  P-Q4 (b)", the row's P-Q4 illegal, and Black's 11th read from the note under the
    score, "If 11 ... B-B3"): a printed move of the score the reading leaves out, however well the note's move
    fits. Only a word of a move's shape, in no stretch the reading used, on the row after the main line's move."""
    out: list[tuple[int, str]] = []
    starts = sorted((step.first.start, k) for k, step in enumerate(main))
    for _, number, after in _rows(words):
        if not after:
            continue
        k = bisect.bisect_left(starts, (after[0].start, -1))
        if k >= len(starts) or starts[k][0] != after[0].start:
            continue  # the row's first word is not the main line's move
        step = main[starts[k][1]]
        following = main[starts[k][1] + 1] if starts[k][1] + 1 < len(main) else None
        if following is None or following.first.line == number.line:
            continue  # the game ends there, or the row's next move is read where it stands
        rest = [w for w in after if w.start >= step.last.end]
        for i, word in enumerate(rest):
            at = bisect.bisect_right(spans, (word.start, 1 << 62)) - 1
            if at >= 0 and spans[at][0] <= word.start < spans[at][1]:
                break  # a stretch the reading used (a variation in the row's brackets): the row's own
            if _move_like(word, rest[i:i + 4], rules):
                out.append((word.start, word.text))
                break
    return out


def _run_on_passed(words: list, main: list[Step[chess.Move]], used: set[int],
                   rules: ChessRules) -> list[tuple[int, str]]:
    """The words a score run on in lines passes over ("2. Sg1-f3 Sb8-q6 3. q2-q3 Sg8-f6", the main line
    reading Nf3 Nf6): between two moves of the main line on one line or the next, a short stretch
    (:data:`_RUN_ON_GAP` words at most) of numbers and words of no author's
    sentence, no bracket (a note's, a variation's), each word there of a move's shape by itself: a printed
    move of the score left out, whatever the reading made of the rest (but a move printed twice, "17. dxe5
    Nxe4 17... Nxe4": the reading's move beside it; a piece's letter alone, a column's head, a number the
    OCR damaged, "Kt", "BL.4CK", "II", are the OCR's breaks, no moves)."""
    out: list[tuple[int, str]] = []
    starts = [w.start for w in words]
    for a, b in zip(main, main[1:]):
        if a.last.end >= b.first.start or b.first.line - a.last.line > 1:
            continue
        gap = words[bisect.bisect_left(starts, a.last.end):bisect.bisect_left(starts, b.first.start)]
        if not gap or len(gap) > _RUN_ON_GAP or any(set(w.text) & set("()[]") or _authors(w, _move_like(w, [w], rules)) for w in gap):
            continue
        beside = {rules.compact(step.first.text) for step in (a, b)}
        for word in gap:
            own = rules.compact(word.text)
            if id(word) in used or word.number is not None or not own.replace(OCR_MARK, "") or own in beside:
                continue
            if _move_like(word, [word], rules):
                out.append((word.start, word.text))
    return out


#: The most words a run-on score's main line may pass over and be said to (a number and a pair of moves, a
#: mark): a longer stretch between two of its moves, or one over more than a line break, is a table's other
#: column or a note's line, the decoder's to place.
_RUN_ON_GAP = 4


def _rows(words: list) -> list[tuple[int, Token, list[Token]]]:
    """The rows of a score: each number that begins its line (the number, its word), with the words after
    it on that line up to the next row's number (a page's second pair of columns: ``3 P to K 4 ... 23 R to
    B sq ...``; a figure of eight or less is a rank's, ``Kt to K 5``)."""
    rows: list[tuple[int, Token, list[Token]]] = []
    for k, word in enumerate(words):
        same = bool(rows) and rows[-1][1].line == word.line
        if word.number is not None and (k == 0 or words[k - 1].line != word.line
                                        or same and word.number > max(8, rows[-1][0])):
            rows.append((word.number, word, []))
        elif same:
            rows[-1][2].append(word)
    return rows


def _rows_passed(words: list, main: list[Step[chess.Move]], used: list[Step[chess.Move]] | None = None,
                 first: tuple[int, bool] = (1, False), rules: ChessRules | None = None) -> list[tuple[int, str]]:
    """The rows the main line passes over: a row of the score (:func:`_rows`) with words after its number,
    where no move of the main line stands on a row of that number, between two rows it reads, a few numbers
    apart, the first numbered as the main line counts its move there (or a move or two past it) and the
    second further past the count ("15 Q RtoQsqB to Kt sq^" between rows 14 and 16, row 16 read as move 15:
    the OCR ran the row's two moves together, no word of a move's shape): its moves are printed and not read,
    whatever their words' shape. (A row whose words a variation or a note reads is read, if misplaced; a
    note's numbered line among the score's, "88. Game 7.-- An excellent move", lies between rows numbered
    far from the count, or begins with a word no move begins with: "7. Game i.-- Defending everything".)
    ``first``: the number of the main line's first move, and whether it is Black's; ``rules``: the notation's,
    whose moves' first words (:data:`MOVE_START`) a row's first word must begin as.
    Each such row's first word after its number, and the row's words."""
    rows = [(n, word, after) for n, word, after in _rows(words) if after]

    def on(steps: list[Step[chess.Move]]) -> dict[int, int]:
        """Where the rows a move of ``steps`` stands on are: the index of the first such move by position."""
        starts = sorted((step.first.start, k) for k, step in enumerate(steps))
        found = {}
        for _, word, after in rows:
            k = bisect.bisect_left(starts, (after[0].start, -1))
            if k < len(starts) and starts[k][0] < after[-1].end:
                found[word.start] = starts[k][1]
        return found

    main_rows = on(main)
    # The rows read, by where they are: (the printed number, how far it is past the main line's count there).
    read = {word.start: (n, n - (first[0] + (main_rows[word.start] + first[1]) // 2))
            for n, word, _ in rows if word.start in main_rows}
    taken = on(list(used)) if used else {}
    numbers = {n for n, _ in read.values()}
    at = sorted(read)
    out = []
    for n, word, after in rows:
        if n in numbers or word.start in read or word.start in taken or rules is not None and not begins_a_move(
                after[0], rules):
            continue
        k = bisect.bisect_left(at, word.start)
        if not 0 < k < len(at):
            continue
        (before, behind), (after_n, lag) = read[at[k - 1]], read[at[k]]
        if before < n < after_n <= before + _ROWS_LOST + 1 and 0 <= behind <= _ROWS_LOST and behind < lag <= behind + _ROWS_LOST:
            out.append((after[0].start, " ".join(w.text for w in after)))
    return out


def begins_a_move(word: Token, rules: ChessRules) -> bool:
    """Whether a word begins as the notation's moves do (:data:`MOVE_START`; any word that compacts to
    something, where the notation says nothing)."""
    own = rules.compact(word.text).replace(OCR_MARK, "")
    start = MOVE_START.get(rules.notation.name)
    return bool(own) and (start is None or start.match(own) is not None)


#: How many rows a reading may pass over at once and still be said to (more is a note's numbered lines).
_ROWS_LOST = 3


def _move_like(word: Token, following: list[Token], rules: ChessRules) -> bool:
    """Whether a word left as prose is a move-like word: it, or it and the three words after it (a move's
    first word, ``Q—`` of ``Q— R4``), have a move's shape, and it begins as a move does (:data:`MOVE_START`).
    A word that compacts to nothing (a full stop of ``7. . . .Kt— B sq.``, a quote) is no move's word."""
    if word.number is not None:
        return False  # a move's number ("1." before "e4 e5": the words after it have a move's shape)
    own = rules.compact(word.text)
    start = MOVE_START.get(rules.notation.name)
    if not own or start is not None and start.match(own.replace(OCR_MARK, "")) is None:
        return False
    return rules.plausible(own) or rules.plausible(rules.compact(" ".join(w.text for w in following)))


def _stretch(words: list) -> tuple:
    return (words[0].start, words[-1].end, "not a move of the game as the decoder reads it",
            [w.text for w in words])


#: A line that may be the rest of a move whose number (and first word) the OCR printed apart: it begins
#: with "to", "takes" or a piece's letters (``to K's 7th.``, ``R. to K's 2nd.``, ``. to Q's 5th.``, the
#: OCR's ``a`` for ``Q.``), or castles; not with a word of prose ("The correct mode ...").
_MOVE_REST = re.compile(r"\W*(?:(?:to|t[a-z]?k[a-z]{0,3}|castles)\b|[a-z]{1,2}\b|[a-z]{1,2}(?=[.,'*s]))", re.I)


def rest_of_a_move(line: str) -> bool:
    """Whether a printed line may be the rest of a move whose number the OCR printed apart (:data:`_MOVE_REST`)."""
    return _MOVE_REST.match(line) is not None

#: Diagnostics of the layout reading that are not about which words are moves (they stand).
_KEPT = {"bad-tag", "heading", "decoding", "odds"}

_HEAD = re.compile(r"\W*([A-Za-zß][^\s(]{2,8})\W*(?:\(.*)?")
_NOT_LETTER = re.compile(r"[^A-Za-zß]")


def _head(*names: str):
    """A column head: the side's name alone on its line (with the player in brackets), the OCR's
    damage allowed (``wniTF. (Mr. M.)`` for ``WHITE. (Mr. M.)``, ``bt-ack:.`` for ``BLACK.``)."""
    def is_head(line: str) -> bool:
        match = _HEAD.fullmatch(line)
        if match is None:
            return False
        word = _NOT_LETTER.sub("", match.group(1)).lower()  # "bt-ack:." as the OCR gives "BLACK."
        return 4 <= len(word) <= 7 and any(_distance(word, name) <= 2 for name in names)
    return is_head


def _distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


_WHITE_HEAD = _head("white", "weiss", "weiß")
_BLACK_HEAD = _head("black", "schwarz")


def _sign_run(body: str, at: int) -> str:
    """The run of footnote signs (:data:`notation.parse.FOOTNOTE_SIGNS`) that the sign at ``at`` is one of ("" where
    no sign stands there)."""
    if not 0 <= at < len(body) or body[at] not in FOOTNOTE_SIGNS:
        return ""
    start, end = at, at + 1
    while start > 0 and body[start - 1] in FOOTNOTE_SIGNS:
        start -= 1
    while end < len(body) and body[end] in FOOTNOTE_SIGNS:
        end += 1
    return body[start:end]


def _signs_at(body: str, start: int, end: int) -> tuple[str, str]:
    """The runs of footnote signs ending the word ``body[start:end]`` ("3*") and standing after it ("3 †")."""
    own = body[start:end].rstrip(",;.")
    after = end + len(body[end:end + 8]) - len(body[end:end + 8].lstrip(" \t!?"))
    return _sign_run(own, len(own) - 1), _sign_run(body, after)


def _printed(body: str, step: Step[chess.Move], number: int, side: str,
             also: tuple[chess.Move, ...] = ()) -> PrintedMove:
    mark = _MARK_AFTER.match(body, step.last.end) or _CHECK_IN_WORDS.search(body, step.first.start, step.last.end) \
        or _MARK_IN_WORD.search(body, step.first.start, step.last.end)
    if mark is None:
        mark = _CHECK_IN_WORDS.match(body, step.last.end)
    said = mark.group(1).lower() if mark else ""
    if not said and step.form.endswith("-mate"):
        said = "mate"  # "Kt. mates.": the mate is the move's own words
    if mark is not None and said in ("†", "‡") and _sign_run(body, mark.start(1)) in footnote_signs(body):
        said = ""  # the mark of the note under the score that opens with it ("P to B 4†" ... "† Black has ..."), no check
    fields = Decoded(step.move, step.how, step.form, check=said in _SAYS_CHECK, mate=said in _SAYS_MATE,
                     also=also)
    end = step.last.end
    while end > step.first.start + 1 and body[end - 1] in ",;:)":
        end -= 1  # the punctuation after a move is the sentence's, not the move's
    text = body[step.first.start:end]
    glyph = _GLYPH_AT_END.search(text) or _GLYPH.match(body, mark.end() if mark else end)
    if step.words:  # its first word beside its number, the rest in the column printed after the numbers
        head = [w for w in step.words if not w.joined]
        tail = [w for w in step.words if w.joined]
        text = f"{body[head[0].start:head[-1].end]} {body[tail[0].start:end]}"
    return PrintedMove(text, step.first.start, end, fields, number, side,
                       annotations=[glyph.group(1) or glyph.group(2)] if glyph else [])
