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
    "rook": "Odds of Queen’s Rook",
    "queen": "Odds of the Queen",
    "pawn and 2 moves": "Pawn and Two Moves",
}


def _key(name: str) -> str:
    """Lower case, straight apostrophes, no "odds of" / "the" / "a", single spaces."""
    words = name.replace("’", "'").replace("‘", "'").strip(" .:-").lower().split()
    if words[:2] == ["odds", "of"]:
        words = words[2:]
    if words[:1] in (["the"], ["a"]):
        words = words[1:]
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
