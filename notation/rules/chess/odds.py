"""Games at odds, as Foster's Complete Hoyle plays them.

    >>> odds_fen("Pawn and Move")
    'rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

Foster's rule (Chess, Games at Odds): "The Pawn removed in each instance is
Black's K B P, and the Knight is usually the Q Kt." His examples settle the
rest, and every one of them replays legally only under this reading:

* **Pawn and Move** -- Black, the stronger player, plays without his King's
  Bishop's Pawn; White, receiving the odds, has the move as usual
  (his examples open 1. P-K4 P-K3 2. P-Q4 P-Q4 3. Q-R5 ch, a check only
  possible with Black's K B P gone).
* **Pawn and Two Moves** -- the same Pawn removed, and White makes two moves
  before Black's first: the examples print four White moves over three Black
  ones. A FEN cannot say this, so :attr:`Odds.first_moves` is 2 and the
  replay lets Black pass once, after White's first move.
* **Odds of Queen's Knight** / **Odds of King's Knight** -- White, the
  stronger player, plays without that Knight and moves first (his examples
  play Kt-B3 unambiguously, and castle on the King's side at move four
  without the King's Knight having moved).

"The Knight" alone is the Queen's Knight. Foster also mentions giving a Rook
or the Queen; those odds follow the Knight's: White plays without the man.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import chess


class OddsError(ValueError):
    """The odds are not among those Foster describes."""


@dataclass(frozen=True)
class Odds:
    """One kind of odds: who gives them, what is removed, how many moves White makes first."""

    name: str
    giver: chess.Color
    removed: tuple[chess.Square, ...]
    #: Moves White makes before Black's first reply (2 for Pawn and Two Moves).
    first_moves: int = 1

    def board(self) -> chess.Board:
        """The starting position: the standard one without the removed men, White to move."""
        board = chess.Board()
        for square in self.removed:
            board.remove_piece_at(square)
        board.castling_rights = board.clean_castling_rights()
        return board

    @property
    def fen(self) -> str:
        """FEN of :meth:`board`."""
        return self.board().fen()


#: Foster's odds, by the names he prints.
ODDS: dict[str, Odds] = {
    odds.name: odds
    for odds in (
        Odds("Pawn and Move", chess.BLACK, (chess.F7,)),
        Odds("Pawn and Two Moves", chess.BLACK, (chess.F7,), first_moves=2),
        Odds("Odds of Queen’s Knight", chess.WHITE, (chess.B1,)),
        Odds("Odds of King’s Knight", chess.WHITE, (chess.G1,)),
        Odds("Odds of Queen’s Rook", chess.WHITE, (chess.A1,)),
        Odds("Odds of King’s Rook", chess.WHITE, (chess.H1,)),
        Odds("Odds of the Queen", chess.WHITE, (chess.D1,)),
    )
}

#: Other ways of writing the same odds -> the name in :data:`ODDS`.
_ALIASES = {
    "knight": "Odds of Queen’s Knight",
    "kt": "Odds of Queen’s Knight",
    "rook": "Odds of Queen’s Rook",
    "queen": "Odds of the Queen",
    "pawn and 2 moves": "Pawn and Two Moves",
    # German books' names ("giebt den Damenspringer vor", "Vorgabe des Damenspringers"; the period's "Thurm").
    "springer": "Odds of Queen’s Knight",
    "damenspringer": "Odds of Queen’s Knight",
    "königsspringer": "Odds of King’s Knight",
    "turm": "Odds of Queen’s Rook",
    "damenturm": "Odds of Queen’s Rook",
    "königsturm": "Odds of King’s Rook",
    "dame": "Odds of the Queen",
    "bauer und zug": "Pawn and Move",
    "bauer und zwei züge": "Pawn and Two Moves",
}


def _key(name: str) -> str:
    """Lower case, straight apostrophes, no "odds of" / "the" / "a", single spaces."""
    words = name.replace("’", "'").replace("‘", "'").strip(" .:-").lower().replace("thurm", "turm").split()
    if words[:2] == ["odds", "of"]:
        words = words[2:]
    if words[:1] in (["the"], ["a"], ["his"]):  # "the odds of his Queen's Knight"
        words = words[1:]
    if words and words[-1].endswith(("springers", "turms")):  # the German genitive: "des Damenspringers"
        words[-1] = words[-1][:-1]
    return " ".join(words)


_BY_KEY: dict[str, Odds] = {_key(name): odds for name, odds in ODDS.items()}
_BY_KEY.update({_key(alias): ODDS[name] for alias, name in _ALIASES.items()})


def odds(name: str) -> Odds:
    """The :class:`Odds` called ``name``: "Pawn and Move", "Odds of King's Knight", "Knight", ...

    Case, curly or straight apostrophes, and a leading "Odds of" do not matter.
    Raises :class:`OddsError` naming the odds it knows.
    """
    found = _BY_KEY.get(_key(name))
    if found is None:
        known = ", ".join(repr(n) for n in ODDS)
        raise OddsError(f"unknown odds {name!r}: expected one of {known}")
    return found


def odds_fen(name: str) -> str:
    """FEN of the starting position of a game at these odds (see :class:`Odds` for who moves first)."""
    return odds(name).fen


# --------------------------------------------------------------------------
# Odds a book names only in a game's heading

#: "(Remove White's Q. R. from the Board.)", "Remove White Queen's Knight.", "Remove Black's King's
#: Bishop's Pawn": the side and the man, in the book's words.
_REMOVE = re.compile(r"\bremove\s+(?:the\s+)?(?P<side>white|black)(?:['’*]s)?\s+(?P<man>[A-Za-z.'’* ]+?)"
                     r"(?:\s+from\s+the\s+board\b|\.?\s*[)\]]|\.?[ \t]*$|\.\s+(?=[A-Z][a-z]))", re.I | re.M)
#: "at odds of Knight", "at the odds of the Pawn and Move", "gives the odds of the Queen's Rook".
_NAMED = re.compile(r"\bodds\s+of\s+(?:the\s+)?(?P<name>[A-Za-z'’ ]+?)\s*(?:[.,;:)]|$)", re.I | re.M)
#: "Kt odds", "Rook odds": the odds before the word.
_BEFORE = re.compile(r"\b(?P<name>Kt|Knight|Rook|Queen)\.?\s+odds\b", re.I)
#: "Anderssen giebt den Damenspringer vor", "Vorgabe des Damenspringers", "mit Vorgabe von Bauer und Zug": German;
#: "Ohne Damenspringer.", "(Weiss ohne Königsturm.)": the man White plays without, a heading's line of its own.
_VOR = re.compile(r"\b(?:gie?bt|gab)\s+(?:den|die|seinen|seine)\s+(?P<name>[\wäöüß ]+?)\s+vor\b"
                  r"|\bVorgabe\s+(?:des|der|von)\s+(?P<given>[\wäöüß ]+?)\s*(?:[.,;:)]|$)"
                  r"|^[ \t(\[]*(?:Wei(?:ss|ß)\s+)?ohne\s+(?:den\s+|die\s+)?(?P<without>[\wäöüß]+)\s*[.)\]]*[ \t]*$",
                  re.I | re.M)
#: "Mr. Staunton gives his Queen's Rook", "White gives the Knight".
_GIVES = re.compile(r"\bgives\s+(?:his|the)\s+(?P<man>(?:(?:queen|king)['’]s\s+)?(?:rook|knight|queen))\b", re.I)

_MEN = {"k": chess.KING, "king": chess.KING, "q": chess.QUEEN, "queen": chess.QUEEN, "r": chess.ROOK,
        "rook": chess.ROOK, "b": chess.BISHOP, "bishop": chess.BISHOP, "kt": chess.KNIGHT, "n": chess.KNIGHT,
        "knight": chess.KNIGHT, "p": chess.PAWN, "pawn": chess.PAWN}
#: The files of the Queen's and the King's Rook, Knight and Bishop.
_WINGS = {chess.ROOK: (0, 7), chess.KNIGHT: (1, 6), chess.BISHOP: (2, 5)}


def _file(wing: list[chess.PieceType], piece: chess.PieceType) -> int | None:
    """The home file of a King or Queen, or of a Rook, Knight or Bishop named with its wing."""
    if piece in (chess.KING, chess.QUEEN):
        return None if wing else (4 if piece == chess.KING else 3)
    if piece in _WINGS and len(wing) == 1 and wing[0] in (chess.KING, chess.QUEEN):
        return _WINGS[piece][wing[0] == chess.KING]
    return None


def _home_square(side: chess.Color, man: str) -> chess.Square | None:
    """The home square of the man a book names ("Q. R.", "Queen's Knight", "King's Bishop's Pawn"),
    ``None`` when the words name no single man."""
    words = [w for w in re.split(r"[\s.'’*]+", man.lower()) if w and w != "s"]
    kinds = [_MEN.get(w) for w in words]
    if not kinds or None in kinds:
        return None
    *named, piece = [k for k in kinds if k is not None]
    if piece == chess.PAWN:  # the Pawn in front of the man it is named after
        file = _file(named[:-1], named[-1]) if named else None
        rank = 1 if side == chess.WHITE else 6
    else:
        file = _file(named, piece)
        rank = 0 if side == chess.WHITE else 7
    return None if file is None else chess.square(file, rank)


def odds_in_heading(text: str) -> tuple[Odds, int] | None:
    """The odds a game's heading states, and where the statement begins in ``text``.

    The heading's own instruction first ("Remove White's Q. R. from the Board.": that man off
    the board, White to move), else the odds it names ("at the odds of the Pawn and Move",
    "Mr. Staunton gives his Queen's Rook"), read as :func:`odds` reads a name. ``None`` when
    the heading says nothing of odds.
    """
    named: Odds | None = None
    for pattern in (_NAMED, _BEFORE, _GIVES, _VOR):
        for m in pattern.finditer(text):
            try:
                named = odds(m.group(m.lastgroup or "name"))
                break
            except OddsError:
                continue
        if named is not None:
            break
    removal = _REMOVE.search(text)
    if removal is not None:
        side = chess.WHITE if removal.group("side").lower() == "white" else chess.BLACK
        square = _home_square(side, removal.group("man"))
        if square is not None:
            if named is not None and named.removed == (square,):
                return named, removal.start()  # the name and the instruction agree: Pawn and Two Moves too
            man = " ".join(removal.group("man").replace("*", "'").split())  # the OCR's "*" for a quote
            return Odds(f"{removal.group('side').title()} without {man}", side, (square,)), removal.start()
    if named is not None:
        found = next(m for m in (p.search(text) for p in (_NAMED, _BEFORE, _GIVES, _VOR)) if m is not None)
        return named, found.start()
    return None
