"""Cassino (Foster, *Complete Hoyle*, "Cassino", "Royal Cassino", "Spade Cassino").

The cards on the table lie in *piles*: a single card, or a *build* that "cannot
be separated" and is worth its announced value. A player plays one card a
turn from his hand, and with it:

* takes in (``A takes in 4C 3D 2H with 9S``) cards of the same denomination
  (pairing), single cards whose pips add up to the card played (combining,
  "not a K Q or J"), and builds of its value, whole; several at once;
* builds (``A builds 2C on 7D = 9 "Nine"``): the card played and single
  cards of the table made one pile of the announced value, which the player
  must hold a card to take in ("he must have in his hand the cards to win");
  a build is increased only by a card from the hand; two builds or cards of one
  value put together (``on 4D / 5H 2S = 7 "Two Sevens"``) "cannot be increased";
* trails (``A trails 5H``): lays the card on the table, which a player who
  has a build on the table may not do ("obliged either to win it ... or to
  win something else, or to make another build").

Taking in everything on the table is a sweep (``A sweeps ... with 8S``
claims one). Royal cassino (``[Variant "royal cassino"]``) values the
knave 11, the queen 12 and the king 13, so courts combine and build too.

Settling a deal (Baxter-Wray, *Round Games with Cards*, "Cassino"): ``Score: A 1, B 2``
gives the points each side made; ``[Scoring "lowest scorer"]`` ("the lowest scorer shall
not reckon anything, while the number of his points is deducted from those of each of
the others"), ``"difference"`` (two players or partners: "the lesser number of points is
taken from the greater") or ``"two lowest"`` (three players: the two lowest added and
taken from the highest; "if the two lower numbers together either amount to or exceed
the higher, then neither party scores").

Stated numbers: ``points a deal`` (11; spade cassino 24), ``value`` of a card,
``scores`` of a player after settling.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from notation.boards.cards import Card
from notation.parse.cards import CardAction
from notation.rules.cards.replay import Stated, TableReplay, cards_text

PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10}
ROYAL = {**PIPS, "J": 11, "Q": 12, "K": 13}

#: The points of a deal: "The majority of Cards 3, Spades 1, Big Cassino 2, Little Cassino 1,
#: the Aces 1 each, a Sweep 1" (sweeps apart).
POINTS = {"cards": 3, "spades": 1, "big cassino": 2, "little cassino": 1, "aces": 4}
#: Spade cassino: "every spade counts one", the spade knave one more, no point for spades.
SPADE_POINTS = {"cards": 3, "big cassino": 2, "little cassino": 1, "aces": 4, "spade knave": 1,
                "spades": 13}


@dataclass(frozen=True)
class Pile:
    """Cards lying together on the table: one card, or a build of ``value`` made by ``owner``."""

    cards: tuple[Card, ...]
    value: int | None  # None: a court card in plain cassino (it only pairs)
    build: bool = False
    double: bool = False  # "Two Sevens": cannot be increased
    owner: str | None = None

    def text(self) -> str:
        codes = ".".join(c.code for c in self.cards)
        return f"{codes}={self.value}" + ("x2" if self.double else "") if self.build else codes


def split_into(piles: Sequence[Pile], value: int, rank: str) -> bool:
    """Whether ``piles`` can be taken in together by a card of ``value`` and ``rank``: each build of
    that value, each single card of that rank, and the other single cards in groups adding up to it."""
    rest: list[int] = []
    for pile in piles:
        if pile.build:
            if pile.value != value:
                return False
        elif pile.cards[0].rank == rank:
            continue
        elif pile.value is None:
            return False
        else:
            rest.append(pile.value)
    return _partition(tuple(sorted(rest)), value)


def _partition(values: tuple[int, ...], target: int) -> bool:
    if not values:
        return True
    first, others = values[0], values[1:]
    for n in range(len(others) + 1):
        for combo in combinations(range(len(others)), n):
            if first + sum(others[i] for i in combo) == target:
                left = tuple(v for i, v in enumerate(others) if i not in combo)
                if _partition(left, target):
                    return True
    return False


class CassinoReplay(TableReplay):
    """Cassino, royal cassino and spade cassino: every capture and build checked against the rules."""

    variant = "cassino"

    def start(self) -> None:
        name = self.named
        self.variant = name
        self.game.variant = name
        self.values = ROYAL if "royal" in name else PIPS
        self.table: list[Pile] = []
        self.taken: dict[str, list[Card]] = {}
        self.sweeps: dict[str, int] = {}
        self.made: dict[str, int] = {}
        self.scoring = (self.record.tag("Scoring") or "difference").lower()

    def value(self, card: Card) -> int | None:
        return self.values.get(card.rank)

    def on_table(self, action: CardAction) -> None:
        for i, card in enumerate(action.cards):
            offset = action.card_spans[i][0] if i < len(action.card_spans) else None
            if self.see(card, "on the table", offset):
                self.table.append(Pile((card,), self.value(card)))
        self.move.normalized = f"table {cards_text(action.cards)}"

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        cards = self.take_hand(action, None)
        self.move.normalized = f"{player} holds {cards_text(cards)}"

    def play_from_hand(self, player: str, card: Card) -> bool:
        """Play a card from the hand; one lying on the table is not the player's to play."""
        pile = next((p for p in self.table if card in p.cards), None)
        if pile is not None:
            self.error("from-table", f"{card} lies on the table ({pile.text()}): a card is played "
                       "from the hand (\"those from the table not being available\")")
            return False
        return self.remove(player, card, "plays")

    def piles_of(self, cards: Sequence[Card]) -> list[Pile] | None:
        """The table piles made of exactly ``cards``; ``None`` (reported) if a card is not on the table
        or a build would be separated."""
        wanted = set(cards)
        piles = [p for p in self.table if wanted & set(p.cards)]
        on_table = {c for p in piles for c in p.cards}
        missing = wanted - on_table
        if missing:
            self.error("not-on-table", f"{cards_text(sorted(missing))} not on the table (the table: "
                       f"{self.table_text()})", [p.text() for p in self.table])
            return None
        split = [p for p in piles if not set(p.cards) <= wanted]
        if split:
            self.error("build-separated", f"the build {split[0].text()} cannot be separated: "
                       f"\"they are no longer a {split[0].cards[0].rank} and "
                       f"{split[0].cards[-1].rank}, but a {split[0].value}\"")
            return None
        return piles

    def table_text(self) -> str:
        return ", ".join(p.text() for p in self.table) or "empty"

    def on_capture(self, action: CardAction) -> None:
        player = self.actor(action)
        card = action.played
        if card is None:
            raise ValueError("a take-in line without the card played: the grammar requires one")
        self.play_from_hand(player, card)
        value = self.value(card)
        self.move.normalized = f"{player} takes in {cards_text(action.cards)} with {card}"
        piles = self.piles_of(action.cards)
        if piles is None:
            return
        if value is None and any(p.build or p.cards[0].rank != card.rank for p in piles):
            self.error("court-combined", f"{card} is a court card: in cassino it takes in only its "
                       "pair (\"any card, not a K Q or J\" combines)")
        elif value is not None and not split_into(piles, value, card.rank):
            self.error("no-capture", f"{card} cannot take in {' + '.join(p.text() for p in piles)}: "
                       f"each pile must pair it, be a build of {value}, or add up to {value} with others")
        if action.number is not None and value is not None:
            self.claim(f"{player} takes in {value}s", action.number, value)
        for pile in piles:
            self.table.remove(pile)
        self.taken.setdefault(player, []).extend([card, *action.cards])
        swept = not self.table
        if swept:
            self.sweeps[player] = self.sweeps.get(player, 0) + 1
        if (action.what or "") == "sweeps":
            self.note_claim(f"{player} sweeps", "sweep", "sweep" if swept else "no sweep")
            if not swept:
                self.error("no-sweep", f"not a sweep: {self.table_text()} left on the table")

    def on_build(self, action: CardAction) -> None:
        player = self.actor(action)
        card = action.played
        if card is None:
            raise ValueError("a build line without the card played: the grammar requires one")
        if not self.play_from_hand(player, card):
            return
        target = action.number
        self.move.normalized = (f"{player} builds {card} on {' / '.join(cards_text(g) for g in action.groups)}"
                                f" = {target}")
        groups = [self.piles_of(g) for g in action.groups]
        if any(g is None for g in groups) or target is None:
            if target is None:
                self.error("build-value", "a build is announced: expected '= N' (\"Nine\")")
            return
        first, *others = [g for g in groups if g is not None]
        played = self.value(card)
        if played is None or any(p.value is None for g in [first, *others] for p in g):
            self.error("court-built", "court cards have no pip value in cassino: they cannot be built "
                       "(royal cassino values them 11, 12, 13)")
            return
        if any(p.build and p.double for g in [first, *others] for p in g):
            double = next(p for g in [first, *others] for p in g if p.double)
            self.error("double-build", f"{double.text()} is a double build (\"Two {double.value}s\"): "
                       f"it \"cannot be increased ... and nothing but a {double.value} will win it\"")
            return
        total = played + sum(p.value or 0 for p in first)
        pairing = played == target and all(p.value == target for p in first)
        if total != target and not pairing:
            self.error("build-value", f"{card} on {' + '.join(p.text() for p in first)} makes "
                       f"{total}, not {target}", [str(total)])
        for group in others:
            if not split_into(group, target, "-"):
                self.error("build-value", f"{' + '.join(p.text() for p in group)} does not make "
                           f"{target}: only builds of one value are put together")
        hand = self.hands.get(player)
        if hand is not None and not any(self.value(c) == target for c in hand):
            self.error("no-card-for-build", f"{player} builds {target} without a card of {target} in his hand "
                       f"(holds {cards_text(hand)}): \"he must have in his hand the cards to win\" it")
        for pile in [p for g in [first, *others] for p in g]:
            self.table.remove(pile)
        cards = (*[c for p in first for c in p.cards], card, *[c for g in others for p in g for c in p.cards])
        self.table.append(Pile(cards, target, build=True, double=bool(others) or pairing, owner=player))

    def on_trail(self, action: CardAction) -> None:
        player = self.actor(action)
        card = action.cards[0]
        self.play_from_hand(player, card)
        own = [p for p in self.table if p.build and p.owner == player]
        if own:
            self.error("trails-with-build", f"{player} has built {own[0].text()}: \"obliged either to win "
                       "it ... or to win something else, or to make another build\", not to trail")
        self.table.append(Pile((card,), self.value(card)))
        self.move.normalized = f"{player} trails {card}"

    def on_score(self, action: CardAction) -> None:
        """``Score: A 1, B 2, C 3, D 5``: the points each made in the deal, to be settled."""
        self.made = {self.seat(p): int(v) for p, v in action.pairs}
        self.move.normalized = "made " + ", ".join(f"{p} {v}" for p, v in self.made.items())

    def settled(self) -> dict[str, int]:
        """What each scores from :attr:`made` under the record's scoring rule."""
        made = self.made
        if not made:
            return {}
        if self.scoring == "lowest scorer":
            low = min(made.values())
            return {p: v - low for p, v in made.items()}
        ordered = sorted(made, key=lambda p: made[p], reverse=True)
        top = ordered[0]
        if self.scoring == "two lowest":
            rest = sum(made[p] for p in ordered[1:])
            return {p: (max(made[top] - rest, 0) if p == top else 0) for p in made}
        if self.scoring == "difference":
            second = made[ordered[1]] if len(ordered) > 1 else 0
            return {p: (made[top] - second if p == top else 0) for p in made}
        raise ValueError(f"unknown [Scoring] {self.scoring!r}: expected lowest scorer, difference "
                         "or two lowest")

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        spade = "spade" in self.variant
        points = SPADE_POINTS if spade else POINTS

        def value(args: tuple[str, ...]) -> Stated:
            if len(args) != 1:
                raise ValueError("expected one rank")
            v = self.values.get("10" if args[0] == "T" else args[0])
            return Stated(str(v) if v is not None else "none", None)

        def scores(args: tuple[str, ...]) -> Stated:
            if len(args) != 1 or args[0] not in self.made:
                raise ValueError(f"expected a player who made points ({', '.join(self.made) or 'none yet'})")
            return Stated.count(self.settled()[args[0]])

        return {"points a deal": lambda _: Stated.count(sum(points.values())), "value": value,
                "scores": scores}

    def key_extra(self) -> list[str]:
        return ["piles:" + ",".join(p.text() for p in self.table)] if self.table else []
