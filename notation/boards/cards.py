"""The card vocabulary every card game, transcript parser and picture shares: cards, suits, ranks, card codes."""

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


# --------------------------------------------------------------------------
# Reading the names of ranks and suits as books print them. The grammar
# (grammars/cards.lark) decides *where* a rank or suit stands; these tables
# say *which* rank or suit a word, letter or symbol names.

#: Every way a rank is written: letters, digits, English words (singular and plural).
RANK_ALIASES: dict[str, str] = {
    **{r.lower(): r for r in RANKS},
    "t": "10", "1": "A",
    "two": "2", "deuce": "2", "three": "3", "trey": "3", "tray": "3", "four": "4",
    "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
    "jack": "J", "knave": "J", "queen": "Q", "king": "K", "ace": "A",
    "twos": "2", "deuces": "2", "threes": "3", "treys": "3", "fours": "4", "fives": "5",
    "sixes": "6", "sevens": "7", "eights": "8", "nines": "9", "tens": "10",
    "jacks": "J", "knaves": "J", "queens": "Q", "kings": "K", "aces": "A",
}

#: Every way a suit is written: letters, symbols (black and white), words.
SUIT_ALIASES: dict[str, str] = {
    "c": "C", "d": "D", "h": "H", "s": "S",
    "♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S",
    "club": "C", "clubs": "C", "diamond": "D", "diamonds": "D",
    "heart": "H", "hearts": "H", "spade": "S", "spades": "S",
}

#: Rank -> offset in a suit row of the Unicode "Playing Cards" block (U+1F0A0).
#: The row holds A 2..10 J, the knight (C, unused here), Q, K.
_UNICODE_RANK_OFFSET = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8,
                        "9": 9, "10": 10, "J": 11, "Q": 13, "K": 14}
_UNICODE_SUIT_BASE = {"S": 0x1F0A0, "H": 0x1F0B0, "D": 0x1F0C0, "C": 0x1F0D0}


def parse_rank(text: str) -> str:
    """The rank named by ``text`` (``"K"``, ``"10"``, ``"T"``, ``"knave"``, ``"deuce"``, ``"Aces"``).

    Raises ``ValueError`` naming the accepted forms.
    """
    try:
        return RANK_ALIASES[text.strip().lower()]
    except KeyError:
        raise ValueError(f"no such rank {text!r}: expected 2-10, J, Q, K, A, T, "
                         "or a word such as seven, knave, deuce, trey") from None


def parse_suit(text: str) -> str:
    """The suit named by ``text`` (``"H"``, ``"♡"``, ``"♥"``, ``"hearts"``, ``"spade"``).

    Raises ``ValueError`` naming the accepted forms.
    """
    try:
        return SUIT_ALIASES[text.strip().lower()]
    except KeyError:
        raise ValueError(f"no such suit {text!r}: expected C D H S, ♣ ♢ ♡ ♠, "
                         "or clubs, diamonds, hearts, spades") from None


def from_unicode(char: str) -> Card:
    """The card shown by a character of the Unicode Playing Cards block (``"🃕"`` is the five of clubs).

    Raises ``ValueError`` for other characters, the backs, jokers and knights.
    """
    if len(char) != 1:
        raise ValueError(f"expected one playing-card character, got {char!r}")
    point = ord(char)
    for suit, base in _UNICODE_SUIT_BASE.items():
        offset = point - base
        for rank, off in _UNICODE_RANK_OFFSET.items():
            if off == offset:
                return Card(rank, suit)
    raise ValueError(f"{char!r} (U+{point:04X}) is not a card of the 52-card pack: "
                     "expected a character from U+1F0A1 to U+1F0DE other than a knight")


def unicode_char(card: Card) -> str:
    """The Unicode playing-card character of a card (the inverse of :func:`from_unicode`)."""
    return chr(_UNICODE_SUIT_BASE[card.suit] + _UNICODE_RANK_OFFSET[card.rank])


def parse_code(text: str) -> Card:
    """A card from its compact code: ``AH``, ``10S``, ``TS``, ``QC`` (case-insensitive).

    Raises ``ValueError`` naming the expected form.
    """
    s = text.strip()
    if len(s) < 2:
        raise ValueError(f"cannot read card {text!r}: expected a rank and a suit such as AH, 10S, TS, QC")
    return Card(parse_rank(s[:-1]), parse_suit(s[-1]))


def name(card: Card) -> str:
    """The card in words, as the books print it: ``"knave of hearts"``."""
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"
