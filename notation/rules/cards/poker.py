"""Poker (Baxter-Wray, *Round Games with Cards*, "Poker"): the value of the hands, and the money.

**The hands**, "in order of value": sequence flush, fours, full hand, flush,
sequence, triplets, two pairs, a pair, and the highest card. The book's own
rules: "In sequences ... the ace is the lowest card, and the king the
highest" (ace to five is the lowest sequence, nine to king the highest; ten
to ace is no sequence), and "the suit of hearts, ceteris paribus, takes
precedence". ``[Modification "blaze"]`` adds the blaze, "five court cards",
which "takes precedence of two pairs, but is beaten by triplets"; ``[Modification "skip"]`` the skip
sequence, "a sequence of alternate cards", above triplets and below a sequence. The joker, "to
which any value may be given by the player holding it", makes a hand of four cards whatever
it can be named to make best (:func:`joker_value`; that it beats the real card it names only
breaks ties, and is not modelled). Stated numbers about hands: ``hand number`` (the book's No.
1 to 8, 9 for the highest card), ``hand number with the joker as`` (the joker's name first),
``best hand number with the joker``, ``better hand`` (1 or 2 of ten cards, 0 for a tie).

**The money.** A transcript follows every stake (``B stakes 3d``, ``C
stakes 1s``): who is still in (``D refuses`` throws the cards up), each
player's stake, and the pool, everything staked by those who have gone out
and before the draw. Stated numbers: ``stake of`` a player, ``pool``,
``straddle limit`` (half the ``[Limit]``), ``jack-pot opener`` N (the lowest
pair that opens the Nth jack-pot in a row: knaves, queens, kings, knaves ...).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from notation.boards.cards import Card, parse_code
from notation.parse.cards import CardAction
from notation.rules.cards.replay import Stated, TableReplay, cards_text

#: Ranks low to high for the value of cards; in sequences the ace is low instead.
ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SEQUENCE_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: "The suit of hearts, ceteris paribus, takes precedence of other suits."
SUIT_ORDER = ("C", "D", "S", "H")
NAMES = {"A": "aces", "K": "kings", "Q": "queens", "J": "knaves", "10": "tens", "9": "nines",
         "8": "eights", "7": "sevens", "6": "sixes", "5": "fives", "4": "fours", "3": "threes",
         "2": "twos"}
CATEGORIES = ("highest card", "a pair", "two pairs", "blaze", "triplets", "skip sequence", "sequence",
              "flush", "full hand", "fours", "sequence flush")
#: The book's numbers for the hands, "in order of value" (No. 1 the best); the highest card is
#: what is left, No. 9 here. The blaze and the skip sequence are variations the book numbers not.
BOOK_NUMBERS = {"sequence flush": 1, "fours": 2, "full hand": 3, "flush": 4, "sequence": 5,
                "triplets": 6, "two pairs": 7, "a pair": 8, "highest card": 9}
JACK_POT_OPENERS = ("J", "Q", "K")


@dataclass(frozen=True, order=True)
class HandValue:
    """A hand's value: compare two with ``<``. ``category`` indexes :data:`CATEGORIES`."""

    category: int
    ranks: tuple[int, ...]
    hearts: bool
    text: str = ""


def hand_value(cards: list[Card], blaze: bool = False, skip: bool = False) -> HandValue:
    """The value of a five-card hand under the book's rules. ``ValueError`` for another number of cards.

    ``blaze``: five court cards, above two pairs and below triplets; ``skip``: "a sequence of
    alternate cards--two, four, six, eight, ten", which "takes precedence of triplets" and "is
    beaten by an ordinary sequence".
    """
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"a poker hand is five different cards, not {cards_text(cards)}")
    counts = Counter(c.rank for c in cards)
    by_count = sorted(counts, key=lambda r: (counts[r], ORDER.index(r)), reverse=True)
    ranks = tuple(ORDER.index(r) for r in by_count)
    flush = len({c.suit for c in cards}) == 1
    seq_positions = sorted(SEQUENCE_ORDER.index(c.rank) for c in cards)
    sequence = len(counts) == 5 and seq_positions[-1] - seq_positions[0] == 4
    hearts = any(c.suit == "H" for c in cards)
    top = SEQUENCE_ORDER[seq_positions[-1]]
    shape = sorted(counts.values(), reverse=True)
    if sequence:
        low = SEQUENCE_ORDER[seq_positions[0]]
        name = f"{'sequence flush' if flush else 'sequence'}, {low} to {top}"
        return HandValue(CATEGORIES.index("sequence flush" if flush else "sequence"),
                         (seq_positions[-1],), hearts and flush, name)
    if shape[0] == 4:
        return HandValue(CATEGORIES.index("fours"), ranks, False, f"fours, {NAMES[by_count[0]]}")
    if shape[:2] == [3, 2]:
        return HandValue(CATEGORIES.index("full hand"), ranks[:1], False,
                         f"full hand, {NAMES[by_count[0]]} and {NAMES[by_count[1]]}")
    high = tuple(sorted((ORDER.index(c.rank) for c in cards), reverse=True))
    if flush:
        return HandValue(CATEGORIES.index("flush"), high, cards[0].suit == "H",
                         f"flush, {ORDER[high[0]]} high")
    skips = [b - a for a, b in zip(seq_positions, seq_positions[1:])]
    if skip and len(counts) == 5 and skips == [2, 2, 2, 2]:
        return HandValue(CATEGORIES.index("skip sequence"), (seq_positions[-1],), hearts,
                         f"skip sequence, {SEQUENCE_ORDER[seq_positions[0]]} to {top}")
    if shape[0] == 3:
        return HandValue(CATEGORIES.index("triplets"), ranks[:1], False, f"triplets, {NAMES[by_count[0]]}")
    if blaze and all(c.rank in ("J", "Q", "K") for c in cards):
        return HandValue(CATEGORIES.index("blaze"), high, hearts, f"blaze, {ORDER[high[0]]} high")
    if shape[:2] == [2, 2]:
        return HandValue(CATEGORIES.index("two pairs"), ranks, hearts,
                         f"two pairs, {NAMES[by_count[0]]} and {NAMES[by_count[1]]}")
    if shape[0] == 2:
        return HandValue(CATEGORIES.index("a pair"), ranks, hearts, f"a pair of {NAMES[by_count[0]]}")
    return HandValue(0, high, hearts, f"highest card, {ORDER[high[0]]}")


def joker_value(cards: list[Card], blaze: bool = False, skip: bool = False) -> tuple[HandValue, Card]:
    """The best a hand of four cards and the joker can be: "any value may be given by the player
    holding it", "a higher card ... than the actual card whose name it takes". Naming a card the
    player holds makes nothing another suit of its rank would not, so those names are skipped."""
    if len(cards) != 4 or len(set(cards)) != 4:
        raise ValueError(f"a hand with the joker has four other cards, not {cards_text(cards)}")
    best: tuple[HandValue, Card] | None = None
    for suit in SUIT_ORDER:
        for rank in ORDER:
            named = Card(rank, suit)
            if named in cards:
                continue
            value = hand_value([*cards, named], blaze, skip)
            if best is None or value > best[0]:
                best = (value, named)
    assert best is not None
    return best


def book_number(value: HandValue) -> int:
    """The book's number of a hand (No. 1 sequence flush ... No. 8 a pair; 9 the highest card)."""
    name = CATEGORIES[value.category]
    if name not in BOOK_NUMBERS:
        raise ValueError(f"the book gives the {name} no number")
    return BOOK_NUMBERS[name]


def opens_jack_pot(cards: list[Card], nth: int) -> bool:
    """Whether a hand may open the ``nth`` jack-pot in a row (1: knaves or better, 2: queens, 3: kings)."""
    need = ORDER.index(JACK_POT_OPENERS[(nth - 1) % 3])
    value = hand_value(cards)
    if value.category >= CATEGORIES.index("two pairs"):
        return True
    return value.category == CATEGORIES.index("a pair") and value.ranks[0] >= need


def pence(text: str) -> int:
    """A sum as the transcript writes it (``3d``, ``1s 6d``, ``2s``) in pence."""
    total = 0
    for word in text.replace(".", "").split():
        if word.endswith("s"):
            total += 12 * int(word[:-1])
        elif word.endswith("d"):
            total += int(word[:-1])
        else:
            raise ValueError(f"cannot read the sum {text!r}: expected shillings and pence such as 1s 6d")
    return total


def money(d: int) -> str:
    """Pence as the transcript writes them: 66 -> ``5s 6d``."""
    s, d = divmod(d, 12)
    return " ".join(p for p in (f"{s}s" if s else "", f"{d}d" if d else "") if p) or "0d"


def money_stated(d: int) -> Stated:
    return Stated(money(d), Fraction(d))


def score_text(hand: list[Card], starter: Card | None = None, crib: bool = False) -> str:
    """``notation cards score poker``: the value of a five-card hand, by the book's order."""
    if starter is not None or crib:
        raise ValueError("poker has no starter and no crib: expected the five cards of one hand")
    return hand_value(hand).text


class PokerReplay(TableReplay):
    """Poker's stakes and pool, followed line by line; every stated sum recomputed."""

    variant = "poker"

    def start(self) -> None:
        self.staked: dict[str, int] = {}
        self.out: set[str] = set()
        self.drawn = False
        self.before_draw: dict[str, int] = {}
        limit = self.record.tag("Limit")
        self.limit = pence(limit) if limit else None

    def on_stake(self, action: CardAction) -> None:
        player = self.actor(action)
        amount = pence(action.value or "0d")
        if player in self.out:
            self.error("not-in-game", f"{player} has thrown up his cards and is out until the next deal")
        self.staked[player] = self.staked.get(player, 0) + amount
        if self.limit is not None and self.drawn:
            highest_other = max((v for p, v in self.staked.items() if p != player and p not in self.out),
                                default=0)
            raise_by = self.staked[player] - max(highest_other, self.staked[player] - amount)
            if raise_by > self.limit:
                self.error("over-limit", f"{player} raises by {money(raise_by)}: the limit is "
                           f"{money(self.limit)}")
        self.move.normalized = f"{player} {action.what or 'stakes'} {money(amount)} " \
                               f"(his stake {money(self.staked[player])})"

    def on_refuse(self, action: CardAction) -> None:
        player = self.actor(action)
        self.out.add(player)
        self.move.normalized = f"{player} throws up his cards"

    def on_exchange(self, action: CardAction) -> None:
        player = self.actor(action)
        n = action.number or 0
        if not 0 <= n <= 5:
            self.error("exchange", f"{player} exchanges {n} cards: a hand is five", ["5"])
        self.before_draw[player] = self.staked.get(player, 0)  # his stake made equal before he draws
        self.drawn = True
        self.move.normalized = f"{player} exchanges {n}"

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        cards = self.take_hand(action, 5)
        self.move.normalized = f"{player} holds {cards_text(cards)}"
        if len(cards) == 5:
            hands = self.detail.hands = self.detail.hands or {}
            hands[player] = hand_value(cards, self.blaze(), self.skip()).text

    def on_say(self, action: CardAction) -> None:
        self.move.normalized = f'{action.player} says "{action.said}"'

    def modification(self, name: str) -> bool:
        """Whether the record plays one of the book's modifications: ``[Modification "blaze"]``
        (or ``"skip"``; several separated by commas), or the word in its ``[Variant]``."""
        tags = f"{self.record.tag('Variant') or ''} {self.record.tag('Modification') or ''}".lower()
        return name in tags

    def blaze(self) -> bool:
        return self.modification("blaze")

    def skip(self) -> bool:
        return self.modification("skip")

    def pool(self) -> int:
        """Everything staked, but the stakes of the players still in since the draw."""
        total = sum(self.staked.values())
        if not self.drawn:
            return total
        betting = sum(v - self.before_draw[p] for p, v in self.staked.items()
                      if p not in self.out and p in self.before_draw)
        return total - betting

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def stake_of(args: tuple[str, ...]) -> Stated:
            if len(args) != 1:
                raise ValueError("expected one player")
            player = args[0]
            since = self.before_draw.get(player, 0) if player not in self.out else 0
            return money_stated(self.staked.get(player, 0) - since)

        def straddle_limit(_: tuple[str, ...]) -> Stated:
            if self.limit is None:
                raise ValueError("the straddle limit is half the limit: expected a [Limit] tag")
            return money_stated(self.limit // 2)

        def opener(args: tuple[str, ...]) -> Stated:
            if len(args) != 1 or not args[0].isdigit() or int(args[0]) < 1:
                raise ValueError("expected which jack-pot in a row (1, 2, 3 ...)")
            return Stated(JACK_POT_OPENERS[(int(args[0]) - 1) % 3])

        def hands(args: tuple[str, ...], size: int) -> list[Card]:
            if len(args) != size:
                raise ValueError(f"expected {size} cards")
            return [parse_code(a) for a in args]

        def number(args: tuple[str, ...]) -> Stated:
            return Stated.count(book_number(hand_value(hands(args, 5), self.blaze(), self.skip())))

        def joker_number(args: tuple[str, ...]) -> Stated:
            return Stated.count(book_number(joker_value(hands(args, 4), self.blaze(), self.skip())[0]))

        def joker_named(args: tuple[str, ...]) -> Stated:
            # "with the joker as AH KH QH JH 10H": the first card is the one the joker is called.
            return number(args)

        def better(args: tuple[str, ...]) -> Stated:
            cards = hands(args, 10)
            first, second = (hand_value(h, self.blaze(), self.skip()) for h in (cards[:5], cards[5:]))
            return Stated.count(1 if first > second else 2 if second > first else 0)

        return {"stake of": stake_of, "pool": lambda _: money_stated(self.pool()),
                "straddle limit": straddle_limit, "jack-pot opener": opener,
                "hand number": number, "hand number with the joker as": joker_named,
                "best hand number with the joker": joker_number, "better hand": better}
