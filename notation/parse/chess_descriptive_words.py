"""The words of English descriptive notation: piece and square names (``KKt3``, ``Q. B's 3rd``),
castling and promotion, read into the fields of :class:`notation.boards.chess.DescriptiveMove`.

Shared by the grammar's transformer (:mod:`notation.rules.chess.notations.descriptive`) and the fast
path for clean movetext (:mod:`notation.parse.chess_descriptive_clean`), so both read a word alike.
"""

from __future__ import annotations

import re

from notation.boards.chess import PieceSpec, SquareSpec

NAME = "english-descriptive"

#: Piece initials as printed -> python-chess piece symbols.
KINDS = {"P": "P", "Kt": "N", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "K"}


#: The ranks in words, as the long form of the 1800s spells them ("K. B. to Q. B. fourth").
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")

#: Every ordinal in words a book numbers a move or a game by ("fifth", "twelfth", "twenty-sixth"), with its number.
_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
#: The tens' stems both counts and ordinals are made of ("forty", "fortieth", "forty-first").
_TENS = ("twent", "thirt", "fort", "fift", "sixt", "sevent", "eight", "ninet")
ORDINAL_NUMBERS = {**{w: k + 1 for k, w in enumerate(_UNITS)},
                   **{w: k + 10 for k, w in enumerate(("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
                                                       "fifteenth", "sixteenth", "seventeenth", "eighteenth",
                                                       "nineteenth"))},
                   **{f"{tens}{end}": 10 * t + k for t, tens in enumerate(_TENS, 2)
                      for k, end in [(0, "ieth")] + [(u + 1, f"y-{w}") for u, w in enumerate(_UNITS)]}}
_ORDINAL_FIGURES = re.compile(r"(\d{1,3})(?:st|nd|rd|d|th)")
#: Every number in words a book counts moves by ("four", "forty-five"), with its number.
_ONES = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
CARDINAL_NUMBERS = {**{w: k + 1 for k, w in enumerate(_ONES)},
                    **{w: k + 10 for k, w in enumerate(("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
                                                        "sixteen", "seventeen", "eighteen", "nineteen"))},
                    **{f"{tens}{end}": 10 * t + k for t, tens in enumerate(_TENS, 2)
                       for k, end in [(0, "y")] + [(u + 1, f"y-{w}") for u, w in enumerate(_ONES)]}}


def ordinal(text: str) -> int | None:
    """The number an ordinal prints ("fifth", "twenty-sixth", "26th", "5th,"), else ``None``."""
    text = text.lower().strip(",;:.")
    figures = _ORDINAL_FIGURES.fullmatch(text)
    return int(figures.group(1)) if figures else ORDINAL_NUMBERS.get(text)


def cardinal(text: str) -> int | None:
    """The number a count prints ("four", "forty-five", "45"), else ``None``."""
    text = text.lower().strip(",;:.")
    return int(text) if text.isdigit() else CARDINAL_NUMBERS.get(text)

#: Letters an e-text's OCR prints for the digit 1 (``K Bl``, ``QRI``).
_OCR_ONE = "lI"


def ocr_confusions(text: str) -> list[str]:
    """The OCR confusions in a piece or square name, said in words (``'KT' read as 'Kt'``)."""
    found = []
    squeezed = "".join(text.split()).replace(".", "")
    if "KT" in squeezed:
        found.append("'KT' read as 'Kt'")
    if squeezed[-1:] in _OCR_ONE and not squeezed.endswith("'s"):
        found.append(f"{squeezed[-1]!r} read as '1'")
    return found


#: A possessive printed without its apostrophe, after an initial's full stop: ``K.s`` is ``K's``.
_DROPPED_APOSTROPHE = re.compile(r"(?<=[A-Za-z])\.s(?![a-z])")


def _units(text: str) -> list[str]:
    """Split a piece or square name into its initials: ``KKt3`` -> ``K Kt 3``.

    Spaces and full stops go (``K. Kt.``); an ordinal's letters go (``4th``), an ordinal in words is
    its number (``fourth``);
    ``sq``, ``square`` and a closing ``'s`` (``Kt's``) are the first rank; a
    possessive inside a name is dropped (``K's 4th``, ``Q. B's 3rd``), and so is one whose apostrophe the
    typist or the OCR dropped after the initial's full stop (``K.s 4th``, ``K. B.s 3d``).
    """
    s = "".join(_DROPPED_APOSTROPHE.sub("'s", text).split()).replace("’", "'").replace(".", "")
    units: list[str] = []
    i = 0
    while i < len(s):
        if s.startswith(("Kt", "KT"), i):
            units.append("Kt")
            i += 2
        elif (word := next((w for w in ORDINALS if s.startswith(w, i)), None)) is not None:
            units.append(str(ORDINALS.index(word) + 1))  # "Q. B. fourth": the rank in words
            i += len(word)
        elif s.startswith("square", i):
            units.append("sq")
            i += 6
        elif s.startswith("sq", i):
            units.append("sq")
            i += 2
        elif s.startswith("'s", i):
            if i + 2 == len(s):
                units.append("sq")
            i += 2
        elif s[i].isdigit() or (s[i] in _OCR_ONE and i == len(s) - 1):
            units.append("1" if s[i] in _OCR_ONE else s[i])
            i += 1
            while i < len(s) and s[i].islower():  # 4th, 3rd, 2nd
                i += 1
        else:
            units.append(s[i])
            i += 1
    return units


def piece_spec(text: str) -> PieceSpec:
    """Read a piece name: ``P``, ``Kt``, ``KB``, ``K Kt``, ``QP``, ``KBP``, ``Q R P``."""
    units = _units(text)
    kind = KINDS[units[-1]]
    quals = [KINDS.get(u, u) for u in units[:-1]]
    if kind == "P":
        if len(quals) == 2:
            return PieceSpec("P", quals[0], quals[1])
        if len(quals) == 1:
            return PieceSpec("P", None, quals[0])
        return PieceSpec("P")
    return PieceSpec(kind, quals[0] if quals else None)


def square_spec(text: str) -> SquareSpec:
    """Read a square name: ``K4``, ``KB3``, ``Q Kt 2``, ``B sq``, ``Kt's``."""
    units = _units(text)
    if units[-1] == "sq":
        rank, units = 1, units[:-1]
    elif units[-1].isdigit():
        rank, units = int(units[-1]), units[:-1]
    else:
        rank = 0  # "R to QB": any rank, the board decides
    files = [KINDS.get(u, u) for u in units]
    if len(files) == 2:
        return SquareSpec(files[1], rank, files[0])
    return SquareSpec(files[0], rank)


def own_square_spec(text: str, piece: PieceSpec) -> SquareSpec:
    """A square on the mover's own file, or its side's: ``K. Kt. to his 5th`` is KKt5,
    ``Q. to her Kt's 3d`` QKt3, ``K. to his sq.`` K1."""
    units = _units(text.split(None, 1)[1])
    rank = 1 if units[-1] == "sq" else int(units[-1])
    side = piece.kind if piece.kind in ("K", "Q") else piece.wing
    if len(units) > 1:  # "her Kt's 3d": a file of the piece's side
        return SquareSpec(KINDS[units[0]], rank, side)
    if piece.kind in ("K", "Q"):
        return SquareSpec(piece.kind, rank)
    if piece.kind == "P":  # "P. to his 4th": the pawn's own file
        return SquareSpec(piece.file or "P", rank, piece.wing)
    return SquareSpec(piece.kind, rank, piece.wing)


def castle_side(text: str) -> str:
    """``K`` for King's side, ``Q`` for Queen's side, ``""`` when the text does not say."""
    t = text.replace(" ", "")
    if t.startswith(("O-O-O", "0-0-0")):
        return "Q"
    if t.startswith(("O-O", "0-0")):
        return "K"
    rest = t[len("Castles"):].strip("().").removeprefix("on").removeprefix("the")  # "Castles on the Q's side"
    if rest.startswith("Q"):
        return "Q"
    if rest.startswith("K"):
        return "K"
    return ""


def promotion_piece(text: str) -> str:
    """``=Q``, ``(Kt)``, `` (Kt).``, ``Queens`` -> python-chess symbol."""
    t = text.strip(" \t=().")
    if "ueen" in t:
        return "Q"
    return KINDS[t] if t in KINDS else "Q"
