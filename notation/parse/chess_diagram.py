"""Chess diagrams drawn in text -> a position (``grammars/chess_diagram.lark``).

E-texts print a problem's or an ending's board as eight ranks of text, the
far side's rank first, in several conventions; the grammar reads them all::

    >>> board = diagram_board('''
    ... +---+---+---+---+---+---+---+---+
    ... |   |   | K*|   |   |   |   |   |
    ... +---+---+---+---+---+---+---+---+
    ... |   |   |   |   |   |   |   |   |
    ... +---+---+---+---+---+---+---+---+
    ... |   | Q |   |   | K |   |   |   |
    ... +---+---+---+---+---+---+---+---+
    ... |   |   |   |   |   |   |   |   |
    ... |   |   |   |   |   |   |   |   |
    ... |   |   |   |   |   |   |   |   |
    ... |   |   |   |   |   |   |   |   |
    ... |   |   |   |   |   |   |   |   |
    ... +---+---+---+---+---+---+---+---+
    ... ''')
    >>> board.fen()
    '2k5/8/1Q2K3/8/8/8/8/8 w - - 0 1'

Whose a man is: ``*`` after it marks Black's (then every man without one is
White's, whatever its case); else ``W`` and ``B`` before it; else its case
(upper White, lower Black). The board is printed with White at the bottom
unless the captions or the margins say otherwise (``WHITE.`` above it,
``BLACK.`` below; rank 1 at the top; files ``h`` to ``a``).

:func:`find_diagrams` finds the boards in a longer text with what is printed
around each: its label ("No. 3.", "Diagram 11", "PROBLEM 1."), which side is
at the top, and who moves ("White to play and mate in two moves.").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import chess
from lark import Token, Transformer, UnexpectedInput, v_args

from notation.parse import lark_failure, load, span

GRAMMAR = "chess_diagram.lark"

#: A man's letter (English, Knight as N or Kt) -> python-chess piece type.
MEN = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT,
       "KT": chess.KNIGHT, "P": chess.PAWN}
#: ... and in German (König, Dame, Turm, Läufer, Springer, Bauer): a board with any D, T, L or S is read so.
GERMAN_MEN = {"K": chess.KING, "D": chess.QUEEN, "T": chess.ROOK, "L": chess.BISHOP, "S": chess.KNIGHT,
              "B": chess.PAWN}

#: What the grammar's terminals are, for "expected ..." in messages.
EXPECTED_NAMES = {
    "CELL": "a cell ('|' then a man such as K, Q*, WR, n, or nothing)",
    "_BAR": "'|' closing the rank",
    "MAN_OR_EMPTY": "a man (K, Q, R, B, N or Kt, P) or an empty square ('.', '-', '#')",
    "ROW": "a rank of eight squares",
    "RULE": "a rule such as +---+---+",
    "LABEL": "a rank number (1 to 8)",
    "FILES": "the files a to h",
    "_NL": "the end of the line",
    "$END": "the end of the diagram",
}


class DiagramError(ValueError):
    """The text is no diagram of a position; ``offset`` (0-based) is where in the text, ``expected``
    what would have been read there (empty when the squares read but the position is impossible)."""

    def __init__(self, text: str, offset: int, message: str, expected: list[str] | None = None):
        self.text = text
        self.offset = max(0, min(offset, len(text)))
        self.line = text.count("\n", 0, self.offset) + 1
        self.column = self.offset - (text.rfind("\n", 0, self.offset) + 1) + 1
        self.expected = list(expected or [])
        self.reason = message
        super().__init__(f"line {self.line}, column {self.column} of the diagram: {message}")


@dataclass(frozen=True)
class Cell:
    """One square as printed: its code (``"R*"``, ``"WK"``, ``"n"``, ``""`` for an empty square)."""

    code: str
    start: int


@dataclass
class Rank:
    cells: list[Cell]
    start: int
    labels: list[int] = field(default_factory=list)


@dataclass
class Diagram:
    """What a text board shows, before it is put on a board: its ranks top to bottom."""

    text: str
    ranks: list[Rank]
    files_reversed: bool = False
    #: Whether the words printed around the board are German ("Stellung nach dem 6. Zuge", "Weiß zieht"): a board
    #: of Kings and B's alone is then Kings and pawns (Bauern).
    german_words: bool = False

    def convention(self) -> str:
        """How the men's sides are told: ``"star"``, ``"prefix"`` or ``"case"``."""
        codes = [c.code for rank in self.ranks for c in rank.cells]
        if any(code.endswith("*") for code in codes):
            return "star"
        if any(len(code) == 2 and code[0] in "WBwb" and code[1] in "KQRBNP" for code in codes):
            return "prefix"
        return "case"

    def german(self) -> bool:
        """Whether the men are printed in German letters, so that B is a pawn (Bauer), not a bishop: any D, T, L or
        S, or only K and B under German words (:attr:`german_words`); never with an English man's Q, R, N or P."""
        letters = {c.code.rstrip("*")[-1:].upper() for rank in self.ranks for c in rank.cells
                   if c.code and c.code[0] not in ".#:_-" and not c.code.isdigit()}
        if letters & set("QRNP") or self.convention() == "prefix":
            return False
        return bool(letters & set("DTLS")) or self.german_words and letters <= {"K", "B"}

    def white_at_top(self, caption: str | None = None) -> bool:
        """Whether White's side is printed at the top: the caption says so ("top" / "bottom"), else
        the margins (rank 1 above rank 8, files h to a)."""
        if caption is not None:
            return caption == "white-top"
        labels = [label for rank in self.ranks for label in rank.labels[:1]]
        if len(labels) >= 2 and labels[0] < labels[-1]:
            return True
        return self.files_reversed

    def men(self, white_at_top: bool = False) -> dict[chess.Square, chess.Piece]:
        """The men on their squares; :class:`DiagramError` for a rank of the wrong length or a
        square marked with a number (a board of where a man may go, not a position)."""
        if len(self.ranks) != 8:
            at = self.ranks[min(len(self.ranks), 8) - 1].start if self.ranks else 0
            raise DiagramError(self.text, at, f"a board has 8 ranks, this one {len(self.ranks)}",
                               ["8 ranks"])
        convention = self.convention()
        german = self.german()
        placed: dict[chess.Square, chess.Piece] = {}
        for row, rank in enumerate(self.ranks):
            if len(rank.cells) != 8:
                raise DiagramError(self.text, rank.start,
                                   f"a rank has 8 squares, this one {len(rank.cells)}", ["8 squares"])
            for column, cell in enumerate(rank.cells):
                if not cell.code:
                    continue
                if cell.code.isdigit():
                    raise DiagramError(self.text, cell.start,
                                       f"the square marked {cell.code!r} holds no man: the board shows "
                                       "where a man may go, not a position", [])
                piece = _piece(cell.code, convention, german)
                if piece is None:
                    continue
                if white_at_top:
                    square = chess.square(7 - column, row)
                else:
                    square = chess.square(column, 7 - row)
                placed[square] = piece
        return placed

    def board(self, turn: chess.Color | None = None, white_at_top: bool = False) -> chess.Board:
        """The position, checked: one King a side, no Pawn on the first or last rank, the side
        not to move not in check. ``turn`` ``None``: White, unless Black stands in check."""
        board = chess.Board.empty()
        for square, piece in self.men(white_at_top).items():
            board.set_piece_at(square, piece)
        return checked(board, turn, lambda message: DiagramError(self.text, len(self.text.rstrip()), message))


def checked(board: chess.Board, turn: chess.Color | None, error) -> chess.Board:
    """``board`` with the side to move set and castling allowed where King and Rook stand at home;
    ``error(message)`` (an exception) when the position cannot arise in a game."""
    for colour in (chess.WHITE, chess.BLACK):
        kings = len(board.pieces(chess.KING, colour))
        if kings != 1:
            raise error(f"a position needs one {chess.COLOR_NAMES[colour]} King, this one has {kings}")
    if turn is None:
        king = board.king(chess.BLACK)
        turn = chess.BLACK if king is not None and board.is_attacked_by(chess.WHITE, king) else chess.WHITE
    board.turn = turn
    board.castling_rights = chess.BB_CORNERS
    board.castling_rights = board.clean_castling_rights()
    status = board.status()
    if status != chess.STATUS_VALID:
        names = [flag.name.lower().replace("_", " ") for flag in chess.Status
                 if flag and flag in status and flag.name]
        raise error("the position cannot arise in a game: " + (", ".join(names) or "invalid"))
    return board


def _piece(code: str, convention: str, german: bool = False) -> chess.Piece | None:
    """A cell's man (``german``: in German letters), or ``None`` for an empty square's mark."""
    if code[0] in ".#:_-":
        return None
    if convention == "star":
        black = code.endswith("*")
        letters = code.rstrip("*").upper()
    elif convention == "prefix" and len(code) == 2 and code[0] in "WBwb" and code[1] in "KQRBNP":
        black = code[0] in "Bb"
        letters = code[1]
    else:
        letters = code.rstrip("*")
        black = letters.islower()
        letters = letters.upper()
    return chess.Piece((GERMAN_MEN if german else MEN)[letters], chess.BLACK if black else chess.WHITE)


@v_args(meta=True)
class DiagramTransformer(Transformer):
    """Tree of ``chess_diagram.lark`` -> :class:`Diagram`."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def barred(self, meta, children):
        return [Cell(str(t)[1:].strip(), span(t)[0] + 1) for t in children]

    def spaced(self, meta, children):
        return [Cell(str(t), span(t)[0]) for t in children]

    def compact(self, meta, children):
        (row,) = children
        start = span(row)[0]
        return [Cell(ch, start + k) for k, ch in enumerate(str(row))]

    def rank(self, meta, children):
        labels = [int(c) for c in children if isinstance(c, Token) and c.type == "LABEL"]
        cells = next(c for c in children if isinstance(c, list))
        return Rank(cells, meta.start_pos, labels)

    def files(self, meta, children):
        return str(children[0]).strip()[0].lower() == "h"

    def board(self, meta, children):
        ranks = [c for c in children if isinstance(c, Rank)]
        reversed_files = any(c is True for c in children if isinstance(c, bool))
        return Diagram(self.text, ranks, reversed_files)

    def start(self, meta, children):
        return children[0]


def parse_diagram(text: str) -> Diagram:
    """Read a text board into a :class:`Diagram`; :class:`DiagramError` names where it stops."""
    if not text.endswith("\n"):
        text += "\n"
    try:
        tree = load(GRAMMAR).parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    return DiagramTransformer(text).transform(tree)


def diagram_board(text: str, turn: chess.Color | None = None) -> chess.Board:
    """The position a text board shows (White at the bottom unless its margins say otherwise)."""
    diagram = parse_diagram(text)
    return diagram.board(turn, diagram.white_at_top())


def _syntax_error(text: str, exc: UnexpectedInput) -> DiagramError:
    offset, expected, found = lark_failure(text, exc, "the end of the diagram")
    names = sorted({EXPECTED_NAMES.get(name, name) for name in expected})
    return DiagramError(text, offset, f"expected {' or '.join(names) or 'a diagram'}, found {found}", names)


# --------------------------------------------------------------------------
# Finding boards in a text, with what is printed around them


_CELLS = r"(?:(?:[WBwb][KQRBNP]|Kt|KT|kt|[KQRBNPDTLSkqrbnpdtls])\*?|[.#:_-]{1,3})"
#: A line that may be one rank, or a rule, of a text board.
_BOARD_LINE = re.compile(
    r"^[ \t]*(?:"
    # a rank of a few squares more or less is still read, to say what is wrong with it
    r"[1-8]?[ \t]*(?:\|[^|\n]{0,5}){6,10}\|[ \t]*[0-9]?"  # | R*| N*| ...|
    r"|[1-8]?[ \t]*" + _CELLS + r"(?:[ \t]+" + _CELLS + r"){6,9}[ \t]*[1-8]?"  # r n b q k b n r
    r"|[1-8]?[ \t]*[KQRBNPDTLSkqrbnpdtls.#-]{8}[ \t]*[1-8]?"  # rnbqkbnr (or in German letters: tsldklst)
    r"|[+|]?(?:[-=]{2,}[+|])+[-=]*|[+|]?[-=]{8,}[+|]?"  # +---+---+
    r"|(?i:a[ \t]+b[ \t]+c[ \t]+d[ \t]+e[ \t]+f[ \t]+g[ \t]+h|h[ \t]+g[ \t]+f[ \t]+e[ \t]+d[ \t]+c[ \t]+b[ \t]+a)"
    r")[ \t]*$", re.M)
#: A board's label printed above it, or a record's reference to one: "No. 3.", "Diagram 11", "PROBLEM 1.",
#: "Example 4.", "Ending 9." ("From the position in Example 4, ...").
LABEL = re.compile(r"\b(?:No|Nr|Nos?|Fig|(?i:diagram|diagramm|problem|position|aufgabe|stellung|figure|example|ending|study))"
                   r"\.?[ \t]*(?:No\.?[ \t]*)?([0-9]{1,3})\b")
#: Who moves, as the caption of a problem or an ending says it ("White to play", "White gives mate in two moves.").
TO_MOVE = re.compile(r"\b(?:(White|Black)[ \t]+(?:to[ \t]+(?:move|play)|gives[ \t]+mate|mates)\b"
                     r"|(Wei(?:ß|ss|s)|Schwarz)[ \t]+zieht\b)",
                     re.I)
#: The side printed at a board's top or bottom ("BLACK.", "White (5 men)"): not a task that names who moves ("White to
#: play and win.", "Weiß zieht"), which says nothing of where the side sits (read as one, it turned the board over).
_CAPTION = re.compile(r"^[ \t]*\(?(WHITE|BLACK|Wei(?:ß|ss)|Schwarz)\b"
                      r"(?![ \t]+(?:to[ \t]+(?:move|play)|mates|gives|wins|plays|moves|zieht|setzt|gewinnt|am[ \t]+Zuge)\b)"
                      r"[^\n]{0,20}$", re.M | re.I)
#: How many lines above a board its label, caption and side to move are looked for.
_ABOVE = 4
_BELOW = 3


@dataclass
class FoundDiagram:
    """A board found in a text: where it is, its label, who moves, and its position or why it has none."""

    start: int
    end: int
    label: int | None
    turn: chess.Color | None
    board: chess.Board | None
    error: DiagramError | None


def find_diagrams(text: str) -> list[FoundDiagram]:
    """Every text board in ``text`` (eight ranks or more of board lines), read with its captions."""
    return list(_find(text))


@lru_cache(maxsize=8)
def _find(text: str) -> tuple[FoundDiagram, ...]:
    found = []
    lines = [(m.start(), m.end()) for m in _BOARD_LINE.finditer(text)]
    k = 0
    while k < len(lines):
        j = k
        while j + 1 < len(lines) and lines[j + 1][0] == lines[j][1] + 1:
            j += 1
        start, end = lines[k][0], lines[j][1]
        ranks = sum(1 for a, b in lines[k:j + 1] if not _is_rule(text[a:b]))
        if ranks >= 8:
            found.append(_read(text, start, end))
        k = j + 1
    return tuple(found)


def _is_rule(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and set(stripped) <= set("+-=|")


#: Words of a German caption or task around a board ("Stellung nach dem 6. Zuge von Schwarz", "Weiß zieht und gewinnt").
_GERMAN_WORDS = re.compile(r"\b(?:Wei(?:ß|ss)|Schwarz|Stellung|zieht|Zuge?|Aufgabe|Diagramm|Endspiel|gewinnt)\b")


def _read(text: str, start: int, end: int) -> FoundDiagram:
    above = _lines_around(text, start, -_ABOVE)
    below = _lines_around(text, end, _BELOW)
    label = next((int(m.group(1)) for line in reversed(above) for m in [LABEL.search(line)] if m), None)
    turn = None
    for line in list(reversed(above)) + below:
        m = TO_MOVE.search(line)
        if m:
            word = (m.group(1) or m.group(2)).lower()
            turn = chess.WHITE if word.startswith(("white", "wei")) else chess.BLACK
            break
    # The side printed at the top or bottom is the caption right above or below the board.
    top = next((m.group(1).lower() for m in [_CAPTION.match(above[-1])] if m), None) if above else None
    bottom = next((m.group(1).lower() for m in [_CAPTION.match(below[0])] if m), None) if below else None
    caption = None
    if (top or "").startswith(("white", "wei")) or (bottom or "").startswith(("black", "schwarz")):
        caption = "white-top"
    elif top or bottom:
        caption = "white-bottom"
    try:
        diagram = parse_diagram(text[start:end])
        diagram.german_words = any(_GERMAN_WORDS.search(line) for line in above + below)
        board = diagram.board(turn, diagram.white_at_top(caption))
    except DiagramError as exc:  # the same error, placed in the whole text
        return FoundDiagram(start, end, label, turn, None,
                            DiagramError(text, start + exc.offset, exc.reason, exc.expected))
    return FoundDiagram(start, end, label, turn, board, None)


def _lines_around(text: str, at: int, count: int) -> list[str]:
    """Up to ``count`` non-blank lines above ``at`` (count < 0, nearest last) or below it, up to
    another board's line (what is printed around one board is not another's)."""
    out: list[str] = []
    lines = text[max(0, at - 2000):at].split("\n")[:-1][::-1] if count < 0 else text[at:at + 2000].split("\n")[1:]
    for line in lines:
        if _BOARD_LINE.fullmatch(line):
            break
        if line.strip():
            out.append(line)
            if len(out) == abs(count):
                break
    return out[::-1] if count < 0 else out
