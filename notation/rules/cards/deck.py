"""Cards and packs: the one card type every card game shares."""

from __future__ import annotations

from dataclasses import dataclass

#: Ranks low to high in the natural order; games define their own orders on top.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♢", "H": "♡", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {"2": "deuce", "3": "trey", "4": "four", "5": "five", "6": "six", "7": "seven",
              "8": "eight", "9": "nine", "10": "ten", "J": "knave", "Q": "queen", "K": "king",
              "A": "ace"}


@dataclass(frozen=True, order=True)
class Card:
    """A playing card: ``rank`` one of :data:`RANKS`, ``suit`` one of :data:`SUITS`."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError(f"no such rank {self.rank!r}: expected one of {' '.join(RANKS)}")
        if self.suit not in SUITS:
            raise ValueError(f"no such suit {self.suit!r}: expected one of {' '.join(SUITS)}")

    @property
    def code(self) -> str:
        """Compact code: ``AH``, ``10S``, ``QC``."""
        return f"{self.rank}{self.suit}"

    @property
    def symbol(self) -> str:
        """With the suit symbol: ``♡A``."""
        return f"{SUIT_SYMBOLS[self.suit]}{self.rank}"

    @property
    def red(self) -> bool:
        return self.suit in ("D", "H")

    def __str__(self) -> str:
        return self.code


def pack(ranks: tuple[str, ...] = RANKS) -> list[Card]:
    """A full pack of the given ranks in every suit (52 cards by default; piquet's 32 with 7-A)."""
    return [Card(r, s) for s in SUITS for r in ranks]


PIQUET_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
