"""Commerce (Baxter-Wray, *Round Games with Cards*): three cards a hand, and which hand is best.

"The object of the players being to secure special combinations of the
cards, technically termed (a) Tricon, (b) Sequence, (c) Flush, (d) Pair,
(e) Point, which range in value in the order given":

* tricon: "three cards of the same denomination"; ties: "the highest wins,
  aces being first ... then kings, queens, etc., down to twos";
* sequence: "three following cards of the same suit ... the ace may be used
  at either end ... King, ace, two, is not, therefore, permissible"; ties:
  "the ace, king, queen sequence reckoning as the best, and the three, two,
  ace sequence as the lowest";
* flush: "three cards of the same suit"; ties: "the one making the best point";
* pair: ties: "the highest wins. If two players are alike, then the holder of
  the highest third card has the preference";
* point: "the total number of pips on the three cards, ace reckoning for
  eleven, and either of the court cards for ten"; ties: "the holder of the
  first highest card different from the opponent's wins".

Transcripts: ``A holds AS AH AC``, ``A declares tricon aces``, ``B declares
sequence ♠ Q K A``, ``C declares point ♡ 10 ♠ 9 ♣ 2 = 21``. A declaration
that is not the hand's best combination is an error naming it; when every
hand of a deal is shown the best one wins (``Game.detail.deals``; ``Game.result``
for a record of one deal). Stated numbers: ``best``
and ``lowest`` of a kind (``Claim: best sequence = A``: the top card of the
best sequence), ``point`` of ranks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

from notation.boards.cards import RANKS, Card, pack
from notation.details.cards import CommerceDeal
from notation.parse.cards import CardAction
from notation.rules.cards.replay import GenericReplay, Stated, cards_text

#: The combinations, best first.
KINDS = ("tricon", "sequence", "flush", "pair", "point")
#: Ranks low to high for tricons, pairs and deciding ties: "aces being first".
ORDER = RANKS
POINTS = {**{str(n): n for n in range(2, 11)}, "J": 10, "Q": 10, "K": 10, "A": 11}


@dataclass(frozen=True)
class Combination:
    """A hand's best combination and what decides a tie within its kind (higher is better)."""

    kind: str
    tie: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def strength(self) -> tuple[int, tuple[int, ...]]:
        return (len(KINDS) - KINDS.index(self.kind), self.tie)

    def describe(self) -> str:
        return f"{self.kind} {cards_text(self.cards)}" + (
            f" ({point(self.cards)})" if self.kind in ("point", "flush") else "")


def point(cards: Sequence[Card]) -> int:
    """The pips of the cards: ace eleven, court cards ten."""
    return sum(POINTS[c.rank] for c in cards)


def _sequence_top(cards: Sequence[Card]) -> int | None:
    """The place of a sequence's top card (3 2 A lowest, A K Q highest), or None."""
    if len({c.suit for c in cards}) != 1:
        return None
    places = sorted(ORDER.index(c.rank) for c in cards)
    if places[1] == places[0] + 1 and places[2] == places[1] + 1:
        return places[2]
    if places == [0, 1, 12]:  # 2 3 A: "the ace may be used at either end" (the lowest sequence)
        return -1
    return None


def combination(cards: Sequence[Card]) -> Combination:
    """The best combination of a hand of three cards."""
    hand = tuple(sorted(cards, key=lambda c: ORDER.index(c.rank), reverse=True))
    if len(hand) != 3 or len(set(hand)) != 3:
        raise ValueError(f"a Commerce hand is three different cards, not {cards_text(hand)}")
    places = tuple(ORDER.index(c.rank) for c in hand)
    count = Counter(c.rank for c in hand)
    if len(count) == 1:
        return Combination("tricon", (places[0],), hand)
    top = _sequence_top(hand)
    if top is not None:
        if top == -1:  # printed as the book names it: three, two, ace
            hand = (hand[1], hand[2], hand[0])
        return Combination("sequence", (top,), hand)
    if len({c.suit for c in hand}) == 1:
        return Combination("flush", (point(hand), *places), hand)
    if len(count) == 2:
        paired = next(r for r, n in count.items() if n == 2)
        odd = next(r for r, n in count.items() if n == 1)
        return Combination("pair", (ORDER.index(paired), ORDER.index(odd)), hand)
    return Combination("point", (point(hand), *places), hand)


def best_hand(hands: Mapping[str, Sequence[Card]]) -> list[str]:
    """The players whose hands are best (more than one only at absolute equality)."""
    combos = {p: combination(h) for p, h in hands.items()}
    top = max(c.strength for c in combos.values())
    return [p for p, c in combos.items() if c.strength == top]


@cache
def extreme(kind: str, best: bool) -> Combination:
    """The best (or lowest) combination of a kind that three cards of the pack can make."""
    found = [c for c in (combination(h) for h in combinations(pack(), 3)) if c.kind == kind]
    key = (lambda c: c.tie)
    return max(found, key=key) if best else min(found, key=key)


class CommerceReplay(GenericReplay):
    """Commerce: every hand's combination, the declarations, and who wins."""

    variant = "commerce"

    def start(self) -> None:
        super().start()
        self.variant = "commerce"
        self.game.variant = self.variant
        self.shown: dict[str, list[Card]] = {}
        self.deals: list[CommerceDeal] = []
        self.detail.deals = self.deals

    def on_deal(self, action: CardAction) -> None:
        self.settle()
        super().on_deal(action)

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        cards = self.take_hand(action, 3)
        if len(cards) == 3:
            self.shown[player] = cards
            self.move.normalized = f"{player} holds {combination(cards).describe()}"
        else:
            self.move.normalized = f"{player} holds {cards_text(cards)}"

    def on_declare(self, action: CardAction) -> None:
        player = self.actor(action)
        kind = action.what or ""
        hand = self.hands.get(player)
        if action.cards:
            cards = list(action.cards)
            if hand is not None and sorted(cards) != sorted(hand):
                self.error("not-held", f"{player} declares {cards_text(cards)} but holds {cards_text(hand)}",
                           [cards_text(hand)])
        elif hand is not None:
            cards = list(hand)
        else:
            self.error("hands-unknown", f"{player} declares a {kind} with no cards given")
            return
        if kind not in KINDS:
            self.error("unknown-combination", f"Commerce has no {kind!r}: expected one of {', '.join(KINDS)}",
                       list(KINDS))
            return
        try:
            combo = combination(cards)
        except ValueError as exc:
            self.error("bad-hand", str(exc))
            return
        if action.rank is not None and kind in ("tricon", "pair"):
            named = action.rank
            held = combo.cards[0].rank if combo.kind == "tricon" else \
                next((r for r, n in Counter(c.rank for c in cards).items() if n == 2), None)
            if named != held:
                self.error("wrong-combination", f"{player} names {kind} of {named}, the hand holds "
                           f"{cards_text(cards)}", [str(held)])
        self.note_claim(f"{player}'s combination", kind, combo.kind)
        if combo.kind != kind:
            self.error("wrong-combination", f"{cards_text(cards)} is a {combo.describe()}, not a {kind}"
                       + (" (King, ace, two is no sequence)" if kind == "sequence"
                          and sorted(c.rank for c in cards) == ["2", "A", "K"] else ""),
                       [combo.kind])
        if action.number is not None:
            self.claim(f"point {cards_text(cards)}", action.number, point(cards))
        self.move.normalized = f"{player} declares {combo.describe()}"

    def settle(self) -> None:
        """The hands shown in this deal: the best wins (``Game.detail.deals``)."""
        full = {p: h for p, h in self.shown.items() if len(h) == 3}
        self.shown = {}
        if len(full) >= 2:
            self.deals.append({
                "combinations": {p: combination(h).describe() for p, h in full.items()},
                "winners": best_hand(full)})

    def finish(self) -> None:
        self.settle()
        deals = self.deals
        if len(deals) == 1:
            winners = deals[0]["winners"]
            self.game.result = " and ".join(winners) + (" win" if len(winners) > 1 else " wins")

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def top(kind: str, best: bool) -> Callable[[tuple[str, ...]], Stated]:
            return lambda _: Stated(top_rank(extreme(kind, best)))
        return {
            **{f"best {k}": top(k, True) for k in ("tricon", "sequence")},
            **{f"lowest {k}": top(k, False) for k in ("tricon", "sequence")},
            "point": lambda args: Stated.count(_point_of_ranks(args)),
        }


def _point_of_ranks(ranks: tuple[str, ...]) -> int:
    unknown = [r for r in ranks if r not in POINTS]
    if unknown or not ranks:
        raise ValueError(f"expected ranks ({' '.join(POINTS)}), not {' '.join(unknown) or 'none'}")
    return sum(POINTS[r] for r in ranks)


def top_rank(combo: Combination) -> str:
    """A tricon's rank, or a sequence's top card (3 for "three, two, ace")."""
    if combo.kind == "sequence" and combo.tie[0] == -1:
        return "3"
    return ORDER[combo.tie[0]]


def score_text(hand: list[Card], starter: Card | None = None, crib: bool = False) -> str:
    """``notation cards score commerce``: a hand's best combination (and its point)."""
    if starter is not None or crib:
        raise ValueError("a Commerce hand is three cards: no starter, no crib")
    combo = combination(hand)
    return combo.describe() if combo.kind in ("point", "flush") else f"{combo.describe()}; point {point(hand)}"
