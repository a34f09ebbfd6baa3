"""Cribbage: counting hands and cribs, pegging in play, and replaying a transcript.

Five-, six- and seven-card cribbage, two-, three- and four-handed. The
counting functions are plain functions over :class:`~notation.boards.cards.Card`:

>>> from notation.parse.cards import read_cards
>>> hand = read_cards("5H 5C 5S JD")
>>> score_hand(hand, read_cards("5D")[0]).text()
'fifteen sixteen, double pair royal 12, his nob 1: 29'
>>> score_hand(hand, read_cards("5D")[0]).total
29

:func:`peg_points` scores one card played on the table during play, and
:class:`CribbageReplay` walks a transcript (deal, lay-out, starter, play,
show), recomputing every count the players or the book announce.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from notation.boards.cards import Card, pack
from notation.parse.cards import CardAction
from notation.rules.cards.replay import Stated, TableReplay, cards_text

#: Order of ranks for sequences: the Ace is always low, K high; Q K A is no run.
ORDINAL = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10,
           "J": 11, "Q": 12, "K": 13}


def pips(card: Card) -> int:
    """Counting value: court cards and tens 10, the Ace 1, others their face."""
    return min(ORDINAL[card.rank], 10)


_NUMBER_WORDS = ["nothing", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                 "seventeen", "eighteen", "nineteen", "twenty"]


def words(n: int) -> str:
    """A small number in words, as players count aloud: ``fifteen eight``."""
    if n < len(_NUMBER_WORDS):
        return _NUMBER_WORDS[n]
    tens = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty"}
    t, u = divmod(n, 10)
    if t in tens:
        return tens[t] + ("" if u == 0 else "-" + _NUMBER_WORDS[u])
    return str(n)


@dataclass(frozen=True)
class Item:
    """One scoring combination: ``name`` (``fifteen``, ``pair royal``, ``run of 4``), its points and cards."""

    name: str
    points: int
    cards: tuple[Card, ...] = ()


@dataclass
class Breakdown:
    """The count of a hand or crib, combination by combination."""

    items: list[Item] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(i.points for i in self.items)

    def points(self, name: str) -> int:
        """Points from combinations whose name starts with ``name`` (``"fifteen"``, ``"run"``)."""
        return sum(i.points for i in self.items if i.name.startswith(name))

    def text(self) -> str:
        """As a player counts aloud: ``fifteen eight, pair royal 6, run of 3 ×3 9: 23``."""
        parts = []
        fifteens = self.points("fifteen")
        if fifteens:
            parts.append(f"fifteen {words(fifteens)}")
        groups: dict[str, list[int]] = {}
        for item in self.items:
            if not item.name.startswith("fifteen"):
                groups.setdefault(item.name, []).append(item.points)
        for name, points in groups.items():
            times = f" ×{len(points)}" if len(points) > 1 and name.startswith("run") else ""
            count = f" ×{len(points)}" if len(points) > 1 and name == "pair" else ""
            parts.append(f"{name}{times}{count} {sum(points)}")
        return f"{', '.join(parts) or 'nineteen (nothing)'}: {self.total}"

    def as_dict(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in self.items:
            key = "fifteens" if item.name.startswith("fifteen") else item.name
            out[key] = out.get(key, 0) + item.points
        out["total"] = self.total
        return out


PAIR_NAMES = {2: "pair", 3: "pair royal", 4: "double pair royal"}


def _fifteens(cards: Sequence[Card]) -> list[Item]:
    out = []
    values = [pips(c) for c in cards]
    # Subset sums by dynamic programming over indices would hide the cards;
    # a hand has at most 7 cards (127 subsets), so enumerate them.
    for size in range(2, len(cards) + 1):
        for combo in combinations(range(len(cards)), size):
            if sum(values[i] for i in combo) == 15:
                out.append(Item("fifteen", 2, tuple(cards[i] for i in combo)))
    return out


def _pairs(cards: Sequence[Card]) -> list[Item]:
    out = []
    for rank, n in Counter(c.rank for c in cards).items():
        if n >= 2:
            same = tuple(c for c in cards if c.rank == rank)
            out.append(Item(PAIR_NAMES[n], n * (n - 1), same))
    return out


def _runs(cards: Sequence[Card]) -> list[Item]:
    """Every run: a maximal stretch of consecutive ranks, once per choice of duplicates."""
    by_ord: dict[int, list[Card]] = {}
    for c in cards:
        by_ord.setdefault(ORDINAL[c.rank], []).append(c)
    out = []
    o = 1
    while o <= 13:
        if o not in by_ord:
            o += 1
            continue
        end = o
        while end + 1 in by_ord:
            end += 1
        length = end - o + 1
        if length >= 3:
            stretch = [by_ord[k] for k in range(o, end + 1)]
            for choice in _product(stretch):
                out.append(Item(f"run of {length}", length, tuple(choice)))
        o = end + 1
    return out


def _product(groups: list[list[Card]]) -> Iterable[list[Card]]:
    if not groups:
        yield []
        return
    for first in groups[0]:
        for rest in _product(groups[1:]):
            yield [first, *rest]


def score_cards(cards: Sequence[Card]) -> Breakdown:
    """Fifteens, pairs and runs of a set of cards taken together (no flush, no nob)."""
    return Breakdown(_fifteens(cards) + _pairs(cards) + _runs(cards))


def score_hand(hand: Sequence[Card], starter: Card | None, crib: bool = False) -> Breakdown:
    """The show of a hand (or of the crib) with the starter.

    Fifteens 2 each, pairs 2 / pairs royal 6 / double pairs royal 12, runs
    one a card (each duplicate makes another), a flush of the whole hand one
    a card (plus one if the starter agrees; in the crib only when the starter
    agrees), and one for his nob (the knave of the starter's suit).
    """
    cards = list(hand) + ([starter] if starter is not None else [])
    result = score_cards(cards)
    suits = {c.suit for c in hand}
    if len(hand) >= 3 and len(suits) == 1:
        same = starter is not None and starter.suit in suits
        if same:
            result.items.append(Item("flush", len(hand) + 1, tuple(cards)))
        elif not crib:
            result.items.append(Item("flush", len(hand), tuple(hand)))
    if starter is not None:
        for c in hand:
            if c.rank == "J" and c.suit == starter.suit:
                result.items.append(Item("his nob", 1, (c,)))
    return result


# --------------------------------------------------------------------------
# Pegging in play


@dataclass(frozen=True)
class Peg:
    """What one card played scores: the new count and the combinations it completes."""

    count: int
    items: tuple[Item, ...]

    @property
    def points(self) -> int:
        return sum(i.points for i in self.items)

    def text(self) -> str:
        said = words(self.count).capitalize()
        if self.items:
            said += ", " + ", ".join(f"{i.name} {i.points}" for i in self.items)
        return said


def peg_points(table: Sequence[Card], card: Card) -> Peg:
    """Points for playing ``card`` on ``table`` (the cards of the current count, in order).

    Fifteen and thirty-one 2; a pair 2, pair royal 6, double pair royal 12
    (the cards just played, unbroken); a run of the last n cards in any order
    (no duplicate among them) n. Raises ``ValueError`` if the count passes 31.
    """
    count = sum(pips(c) for c in table) + pips(card)
    if count > 31:
        raise ValueError(f"{card} makes {count}: no card may pass thirty-one")
    played = [*table, card]
    items: list[Item] = []
    if count == 15:
        items.append(Item("fifteen", 2, tuple(played)))
    if count == 31:
        items.append(Item("thirty-one", 2, tuple(played)))
    same = 1
    while same < len(played) and played[-1 - same].rank == card.rank:
        same += 1
    if same >= 2:
        items.append(Item(PAIR_NAMES[same], same * (same - 1), tuple(played[-same:])))
    for n in range(len(played), 2, -1):
        ords = sorted(ORDINAL[c.rank] for c in played[-n:])
        if all(b - a == 1 for a, b in zip(ords, ords[1:])):
            items.append(Item(f"run of {n}", n, tuple(played[-n:])))
            break
    return Peg(count, tuple(items))


# --------------------------------------------------------------------------
# Replaying a transcript


#: Cards dealt to each player, by form, in the two-handed game.
FORMS = {"five-card": 5, "six-card": 6, "seven-card": 7}
#: Game points by form: 61 for five-card, 121 for six-card, 181 for seven-card.
GAME_POINTS = {"five-card": 61, "six-card": 121, "seven-card": 181}
HEELS_REASONS = ("heels", "his heels", "for his heels", "two for his heels")
GO_REASONS = ("go", "the go", "last card", "last", "a go", "one for last card", "thirty-one", "31")


class CribbageReplay(TableReplay):
    """Cribbage under the rules of Foster's *Complete Hoyle* and the laws it quotes.

    Every number is recomputed: the count announced with each card, the
    points pegged in play (fifteen, thirty-one, pairs, runs, go, last card),
    his heels, the show (fifteens, pairs, runs, flush with the crib rule,
    his nob), muggins, and the running score. A wrong number is an error
    whose suggestion is the right one; the score goes on with the right one.
    """

    variant = "cribbage"

    def start(self) -> None:
        form = (self.record.tag("Variant") or "").lower().replace(" ", "-")
        self.form: str | None = form if form in FORMS else None
        if form and self.form is None:
            self.error("variant", f"unknown cribbage variant {form!r}: expected one of {', '.join(FORMS)}",
                       severity="warning")
        self.detail.form = self.form
        self._reset_deal()

    def _reset_deal(self) -> None:
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.table: list[Card] = []
        self.count = 0
        self.last_player: str | None = None
        self.said_go: set[str] = set()
        self.just_closed = False
        self.play_over = False
        self.played: dict[str, list[Card]] = {p: [] for p in self.players}
        self.kept: dict[str, list[Card] | None] = {p: None for p in self.players}
        self.unclaimed: dict[str, list[tuple[int, str]]] = {p: [] for p in self.players}
        self.heels: tuple[str, int] | None = None
        self.shows: list[str] = []
        self.last_show: tuple[str, int, int] | None = None
        self.three_for_last: set[str] = set()

    # --- the shape of the deal ----------------------------------------------------
    def dealt_size(self) -> int | None:
        if len(self.players) >= 3:
            return 5
        return FORMS.get(self.form or "")

    def kept_size(self) -> int | None:
        dealt = self.dealt_size()
        if dealt is None:
            return None
        return dealt - (1 if len(self.players) >= 3 else 2)

    def pone(self) -> str | None:
        if self.dealer and len(self.players) > 1:
            return self.next_player(self.dealer)
        for p, role in self.roles.items():
            if role in ("elder hand", "elder", "pone", "non-dealer", "eldest hand"):
                return p
        return None

    def side(self, player: str) -> list[str]:
        """The players who score together: partners sit opposite in the four-handed game."""
        if len(self.players) == 4:
            i = self.players.index(player)
            return [self.players[i], self.players[(i + 2) % 4]]
        return [player]

    @property
    def scored(self) -> bool:
        """Whether anything has been scored (or claimed) in the record yet."""
        return bool(self.game.claims) or any(self.scores.values())

    def add(self, player: str, points: int, why: str) -> None:
        self.scores[player] = self.scores.get(player, 0) + points
        if points:
            self.unclaimed.setdefault(player, []).append((points, why))

    def total(self, player: str) -> int:
        return sum(self.scores.get(p, 0) for p in self.side(player))

    def seat(self, name: str) -> str:
        new = name not in self.players
        super().seat(name)
        if new and hasattr(self, "played"):
            self.played[name] = []
            self.kept[name] = None
            self.unclaimed[name] = []
        return name

    # --- actions --------------------------------------------------------------------
    def on_players(self, action: CardAction) -> None:
        super().on_players(action)
        if self.dealer is None:
            for p in self.players:
                if self.roles.get(p) in ("elder hand", "pone", "non-dealer", "elder") and len(self.players) == 2:
                    self.dealer = self.next_player(p)

    def on_deal(self, action: CardAction) -> None:
        self._close_play()
        super().on_deal(action)
        self._reset_deal()

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        if self.hands.get(player) is not None or self.played.get(player):
            # A second hand for the same player starts the next deal.
            self._close_play()
            self.new_deal()
            self._reset_deal()
        if self.form is None and len(self.players) <= 2:
            for name, size in FORMS.items():
                if size == len(action.cards):
                    self.form = name
                    self.detail.form = name
        # A hand of the size kept after laying out is the hand as played (the crib unknown).
        after_crib = self.kept_size() is not None and len(action.cards) == self.kept_size()
        cards = self.take_hand(action, None if after_crib else self.dealt_size())
        if self.form is None and len(self.players) <= 2 and not 3 <= len(action.cards) <= 7:
            self.error("hand-size", f"{player}'s hand has {len(action.cards)} cards: cribbage deals "
                       "5, 6 or 7 (3, 4 or 5 after laying out for the crib)", ["5", "6", "7"])
        if after_crib:
            self.kept[player] = list(cards)
        role = " (dealer)" if player == self.dealer else ""
        self.move.normalized = f"{player}{role} holds {cards_text(cards)}"

    def on_discard(self, action: CardAction) -> None:
        player = self.actor(action)
        for i, card in enumerate(action.cards):
            offset = action.card_spans[i][0] if i < len(action.card_spans) else None
            if self.remove(player, card, "lays out", offset):
                self.crib.append(card)
        want = self.dealt_size()
        if want is not None:
            n = 1 if len(self.players) >= 3 else 2
            if len(action.cards) != n:
                self.error("crib-size", f"{player} lays out {len(action.cards)} cards: each player lays "
                           f"out {n} for the crib", [str(n)])
        hand = self.hands.get(player)
        if hand is not None:
            self.kept[player] = list(hand)
        self.move.normalized = f"{player} lays out {cards_text(action.cards)} for the crib"

    def on_starter(self, action: CardAction) -> None:
        card = action.cards[0]
        if action.player and action.player in self.players and action.player != self.dealer:
            self.error("starter", f"the dealer turns up the starter, not {action.player}",
                       severity="warning")
        self.see(card, "the starter")
        self.starter = card
        text = f"starter {card}"
        if card.rank == "J" and self.dealer:
            self.add(self.dealer, 2, "his heels")
            self.heels = (self.dealer, 2)
            text += f" ({self.dealer} 2 for his heels)"
        self.move.normalized = text

    def _hands_known(self) -> bool:
        return bool(self.players) and all(self.hands.get(p) is not None for p in self.players)

    def _can_play(self, player: str) -> bool | None:
        hand = self.hands.get(player)
        if hand is None:
            return None
        return any(self.count + pips(c) <= 31 for c in hand)

    def _next_to_play(self) -> str | None:
        if not self.players:
            return None
        if self.last_player is None:
            return self.pone() if self.dealer else None
        for step in range(1, len(self.players) + 1):
            p = self.next_player(self.last_player, step)
            if p not in self.said_go and self.hands.get(p) != []:
                if self._can_play(p) is not False:
                    return p
        return None

    def on_play(self, action: CardAction) -> None:
        player = self.actor(action)
        card = action.cards[0]
        offset = action.card_spans[0][0] if action.card_spans else None
        self.just_closed = False
        if self.play_over:
            self.error("play-over", f"{player} plays {card} after the play has ended: in five-card "
                       "cribbage there is no further play after a go or thirty-one")
        if self.count + pips(card) > 31:
            # With every hand known the round has already closed when nobody could play.
            if not self._hands_known() and self.said_go:
                # Hands unknown: after a go, a card that would pass 31 begins the next count.
                self._close_round()
            if self.count + pips(card) > 31:
                hand = self.hands.get(player) or []
                legal = [c.code for c in hand if self.count + pips(c) <= 31 and c != card]
                self.error("passes-31", f"{player} plays {card} on {self.count}, making "
                           f"{self.count + pips(card)}: no card may pass thirty-one", legal)
                self._close_round()
        expected = self._next_to_play()
        if expected is not None and expected != player and self._hands_known():
            self.error("out-of-turn", f"{player} plays out of turn: it is {expected}'s turn to play",
                       [expected], severity="warning")
        self.remove(player, card, "plays", offset)
        self.played.setdefault(player, []).append(card)
        peg = peg_points(self.table, card)
        self.table.append(card)
        self.count = peg.count
        self.last_player = player
        for item in peg.items:
            self.add(player, item.points, item.name)
        if action.number is not None:
            self.claim(f"count after {player}'s {card}", action.number, peg.count,
                       f"{player} plays {card} and announces {action.number}: the count is {peg.count}")
        text = f"{player} plays {card} ({peg.count}"
        if peg.items:
            text += ": " + ", ".join(f"{i.name} {i.points}" for i in peg.items)
        self.move.normalized = text + ")"
        detail = self.move_detail
        detail.count, detail.points, detail.scores = peg.count, peg.points, [i.name for i in peg.items]
        if peg.count == 31:
            self._end_round(scored_31=True)
        elif self._hands_known():
            self._maybe_close()
        elif self._all_played():
            self._close_round()

    def _all_played(self) -> bool:
        kept = self.kept_size()
        if kept is None or not self.players:
            return False
        return all(len(self.played.get(p, [])) >= kept for p in self.players)

    def _maybe_close(self) -> None:
        """With every hand known: close the round when nobody can play."""
        if any(self._can_play(p) for p in self.players):
            return
        self._close_round()

    def _close_round(self) -> None:
        """End a count below 31: the last player scores one for the go (or for the last card)."""
        if not self.table:
            return
        if self.count != 31 and self.last_player:
            no_cards = self._all_played() or (self._hands_known() and not any(self.hands.values()))
            self.add(self.last_player, 1, "last card" if no_cards else "go")
        self._end_round(scored_31=False)
        self.just_closed = True

    def _end_round(self, scored_31: bool) -> None:
        self.table = []
        self.count = 0
        self.said_go = set()
        if self.form == "five-card":
            self.play_over = True

    def _close_play(self) -> None:
        if self.table:
            self._close_round()
        self.play_over = True

    def on_say(self, action: CardAction) -> None:
        player = self.actor(action)
        said = (action.said or "").strip().strip(".!,").lower()
        self.move.normalized = f'{player} says "{action.said}"'
        if said not in ("go", "go on"):
            return
        if self.just_closed:
            return  # the go that closed the round just now, said after the card
        playable = [c for c in (self.hands.get(player) or []) if self.count + pips(c) <= 31]
        if self.hands.get(player) is not None and playable and not self.play_over:
            self.error("false-go", f"{player} says go but can play {cards_text(playable)} on "
                       f"{self.count} (the adversary may score two)", [c.code for c in playable])
        self.said_go.add(player)
        self.move.normalized = f"{player} says go ({self.count})"
        if self._hands_known():
            self._maybe_close()

    def on_peg(self, action: CardAction) -> None:
        player = self.actor(action)
        reason = (action.what or "").lower()
        claimed = action.number
        if claimed is None:
            raise ValueError("a peg line without a number: the grammar requires one")
        if reason in HEELS_REASONS:
            actual = self.heels[1] if self.heels and self.heels[0] == player else 0
            self._take_unclaimed(player, "his heels")
            self.claim(f"{player} for his heels", claimed, actual,
                       f"{player} pegs {claimed} for his heels: "
                       + ("the starter is no knave" if not self.heels else f"his heels is {actual}"))
            self.move.normalized = f"{player} pegs {actual} for his heels"
            return
        if "three for last" in reason:
            right = player == self.pone() and (self.form in (None, "five-card"))
            actual = 3 if right else 0
            if not right:
                self.error("three-for-last", f"three for last belongs to the non-dealer of the "
                           f"five-card game, not {player}", severity="error")
            elif player in self.three_for_last:
                actual = 0
                self.error("three-for-last", f"{player} has already taken three for last")
            self.three_for_last.add(player)
            self.add(player, actual, "three for last")
            self._take_unclaimed(player, "three for last")
            self.claim(f"{player} three for last", claimed, actual)
            self.move.normalized = f"{player} pegs {actual} for three for last"
            return
        if "muggins" in reason:
            actual = 0
            if self.last_show and self.last_show[0] != player and self.last_show[2] > self.last_show[1]:
                owner, said, counted = self.last_show
                actual = counted - said
                self.scores[owner] -= actual
                self.scores[player] = self.scores.get(player, 0) + actual
                self.last_show = None
            self.claim(f"{player} muggins", claimed, actual,
                       f"{player} claims muggins {claimed}: the points the adversary missed are {actual}")
            self.move.normalized = f"{player} pegs {actual} muggins"
            return
        if "penalty" in reason:
            self.add(player, claimed, "penalty")
            self._take_unclaimed(player, "penalty")
            self.move.normalized = f"{player} pegs {claimed} penalty"
            return
        if reason in GO_REASONS and self.table and not self._hands_known():
            self._close_round()
        items = self._take_unclaimed(player)
        actual = sum(p for p, _ in items)
        what = ", ".join(f"{why} {p}" for p, why in items) or "nothing"
        self.claim(f"{player} pegs", claimed, actual,
                   f"{player} pegs {claimed}{' for ' + reason if reason else ''}: "
                   f"the play gives {player} {actual} ({what})")
        self.move.normalized = f"{player} pegs {actual} ({what})"

    def _take_unclaimed(self, player: str, only: str | None = None) -> list[tuple[int, str]]:
        items = self.unclaimed.get(player, [])
        if only is None:
            self.unclaimed[player] = []
            return items
        taken = [i for i in items if i[1] == only]
        self.unclaimed[player] = [i for i in items if i[1] != only]
        return taken

    def _show_order(self) -> list[str]:
        if not self.dealer or not self.players:
            return []
        order = [self.next_player(self.dealer, k) for k in range(1, len(self.players) + 1)]
        return [f"{p} hand" for p in order] + [f"{self.dealer} crib"]

    def on_show(self, action: CardAction) -> None:
        player = self.actor(action)
        self._close_play()
        crib = action.what == "crib"
        what = f"{player} {'crib' if crib else 'hand'}"
        order = self._show_order()
        if order:
            expected = next((o for o in order if o not in self.shows), None)
            if what not in order:
                self.error("show-order", f"{player} shows a crib, but the crib is the dealer's "
                           f"({self.dealer})", [f"{self.dealer} crib"])
            elif expected and expected != what:
                self.error("show-order", f"the show goes in order ({', '.join(order)}): "
                           f"{expected} before {what}", [expected], severity="warning")
        self.shows.append(what)
        known = list(self.crib) if crib else self._kept(player)
        if crib and action.cards and len(self.players) == 3 and len(self.crib) == 3 \
                and set(self.crib) <= set(action.cards) and len(action.cards) == 4:
            # Three-handed: the fourth card of the crib comes from the top of the pack.
            for card in set(action.cards) - set(self.crib):
                self.see(card, "in the crib from the pack")
            self.crib = list(action.cards)
            known = list(self.crib)
        cards = list(action.cards) or known or []
        if action.cards and known is not None and sorted(action.cards) != sorted(known):
            self.error("show-cards", f"{player} shows {cards_text(action.cards)} but "
                       f"{'the crib holds' if crib else player + ' kept'} {cards_text(known)}",
                       [cards_text(known)])
            cards = known
        if not cards:
            self.error("show-unknown", f"the cards of {what} are not known: list them on the line")
            return
        if self.starter is None:
            self.error("no-starter", "the show counts the starter, and none was turned up")
        breakdown = score_hand(cards, self.starter, crib=crib)
        self.add(player, breakdown.total, "crib" if crib else "hand")
        self._take_unclaimed(player, "crib" if crib else "hand")
        self.claim(f"{what}", action.number, breakdown.total,
                   f"{player} counts {action.number} for the {'crib' if crib else 'hand'}: "
                   f"{cards_text(cards)} with the starter {self.starter or '-'} count {breakdown.text()}",
                   str(breakdown.total))
        self.last_show = (player, action.number if action.number is not None else breakdown.total,
                          breakdown.total)
        self.move.normalized = (f"{player} shows {'crib ' if crib else ''}{cards_text(cards)}"
                                f" + {self.starter or '-'}: {breakdown.text()}")
        self.move_detail.count = breakdown.as_dict()

    def _kept(self, player: str) -> list[Card] | None:
        kept = self.kept.get(player)
        if kept is not None:
            return kept
        played = self.played.get(player) or []
        want = self.kept_size()
        if played and (want is None or len(played) == want):
            return list(played)
        return None

    def on_score(self, action: CardAction) -> None:
        if not self.scored:
            # Before anything is scored, a Score line says how the game stands as the record opens.
            for name, claimed in action.pairs:
                self.scores[self.seat(name)] = claimed
            self.move.normalized = "score " + ", ".join(f"{p} {n}" for p, n in action.pairs)
            return
        parts = []
        for name, claimed in action.pairs:
            player = self.seat(name)
            actual = self.total(player)
            self.claim(f"score {player}", claimed, actual,
                       f"the score of {player} is {actual}, not {claimed}")
            parts.append(f"{player} {actual}")
        self.move.normalized = "score " + ", ".join(parts)
        self._check_game()

    def _check_game(self) -> None:
        target = GAME_POINTS.get(self.form or "", None)
        if len(self.players) >= 3:
            target = 121 if len(self.players) == 4 else 61
        if target:
            for p in self.players:
                if self.total(p) >= target and not self.game.result:
                    self.game.result = f"{p} wins"

    def on_count(self, action: CardAction) -> None:
        cards = list(action.cards)
        seen: set[Card] = set()
        for card in cards + ([action.starter] if action.starter else []):
            if card in seen:
                self.error("card-twice", f"{card} is held twice in this hand")
            seen.add(card)
        if action.starter is not None:
            breakdown = score_hand(cards, action.starter, crib=action.crib)
        else:
            breakdown = score_cards(cards)
        what = "crib" if action.crib else "hand"
        self.claim(f"{what} {cards_text(cards)}", action.number, breakdown.total,
                   f"{cards_text(cards)}{' + ' + str(action.starter) if action.starter else ''} "
                   f"counts {breakdown.text()}, not {action.number}", str(breakdown.total))
        self.move.normalized = (f"count {cards_text(cards)}"
                                f"{' + ' + str(action.starter) if action.starter else ''}"
                                f"{' (crib)' if action.crib else ''}: {breakdown.text()}")
        self.move_detail.count = breakdown.as_dict()

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        """``Claim: hands counting 19 = 0``: of all the deals of four cards and a starter, how many
        count that total in hand (``cribs counting``: in the crib, where only a five-card flush counts);
        ``tenth cards``: the cards of the pack that count ten."""
        def counting(crib: bool) -> Callable[[tuple[str, ...]], Stated]:
            def stated(args: tuple[str, ...]) -> Stated:
                if len(args) != 1 or not args[0].isdigit():
                    raise ValueError(f"expected one total, not {' '.join(args) or 'none'}")
                return Stated.count(count_distribution(crib)[int(args[0])])
            return stated
        tenth = sum(1 for card in pack() if pips(card) == 10)  # "sixteen tenth cards to four of any other"
        return {"hands counting": counting(False), "cribs counting": counting(True),
                "tenth cards": lambda _: Stated.count(tenth)}

    def key_extra(self) -> list[str]:
        out = []
        if self.crib:
            out.append(f"crib:{'.'.join(c.code for c in self.crib)}")
        if self.starter:
            out.append(f"starter:{self.starter}")
        if self.table:
            out.append(f"table:{'.'.join(c.code for c in self.table)}")
            out.append(f"count:{self.count}")
        return out

    def finish(self) -> None:
        self._check_game()
        self.detail.scores = dict(self.scores)


def score_text(hand: list[Card], starter: Card | None, crib: bool = False) -> str:
    """``notation cards score cribbage``: a hand and its starter counted in words."""
    if starter is None:
        raise ValueError("a cribbage hand is counted with the starter: expected --starter")
    if not 3 <= len(hand) <= 6:
        raise ValueError(f"a hand of {len(hand)} cards: expected 3 to 6 (five-, six- or seven-card cribbage)")
    return score_hand(hand, starter, crib=crib).text()


# --------------------------------------------------------------------------
# Which counts a hand can have: "As it is impossible to hold 19 in hand or crib ...
# twenty-seven, twenty-six and twenty-five are also impossible" (Foster).

_RANKS_LOW = tuple(ORDINAL)  # A 2 ... K


def pattern_counts(hand_ranks: Sequence[str], starter_rank: str, crib: bool = False) -> Counter[int]:
    """How many real deals of four cards of ``hand_ranks`` and a starter of ``starter_rank`` count
    each total (in hand, or in the crib).

    Fifteens, pairs and runs depend on the ranks alone (counted once); the flush and his nob
    depend on the suits, whose choices are counted rather than enumerated: with ``j`` knaves in
    a hand that repeats a rank (no flush possible) his nob comes with one starter suit in four
    of every knave's, so in ``j/4`` of the deals; with four different ranks the 4**4 suit choices
    of the hand are split by hand (four flushes) and by the starter's suit.
    """
    m = Counter(hand_ranks)
    if len(hand_ranks) != 4 or any(n > 4 for n in m.values()) or m[starter_rank] > 3:
        raise ValueError(f"no such deal: hand {' '.join(hand_ranks)}, starter {starter_rank}")
    base = _ranks_total(tuple(sorted([*hand_ranks, starter_rank])))
    ms = m[starter_rank]
    knave = "J" in m and starter_rank != "J"  # a knave turned up cannot be "his nob" to a hand knave
    out: Counter[int] = Counter()
    if len(m) < 4:  # a repeated rank: no flush
        total = (4 - ms)
        for n in m.values():
            total *= comb(4, n)
        nob = total * m["J"] // 4 if knave else 0
        out[base + 1] += nob
        out[base] += total - nob
        return out
    # Four different ranks: 256 suit choices for the hand, a starter suit not taken by its rank.
    four = 0 if crib else 4           # a four-card flush counts in hand only
    if ms == 0:
        out[base + 5 + (1 if knave else 0)] += 4          # all five of one suit
        out[base + four] += 12                             # the hand flush, the starter not
        if knave:                                          # no flush: nob with the knave's suit
            out[base + 1] += 252
            out[base] += 756
        else:
            out[base] += 1008
    else:
        out[base + four] += 12                             # the starter's suit is taken by its rank
        if knave:
            out[base + 1] += 192                           # the knave not of the suit taken
            out[base] += 564
        else:
            out[base] += 756
    return out


@cache
def _ranks_total(ranks: tuple[str, ...]) -> int:
    """Fifteens, pairs and runs of five cards of these ranks (sorted: the order does not count), whatever
    their suits: cached, since the 2 × 23,647 deal patterns of :func:`count_distribution` share 6,175
    multisets of five ranks (2.3 s of CPU a process for both distributions scored each pattern again)."""
    return score_cards([Card(r, s) for r, s in zip(ranks, "CDHSC")]).total


@cache
def count_distribution(crib: bool = False) -> Counter[int]:
    """How many of the 270,725 × 48 deals of a hand (or crib) and a starter count each total."""
    out: Counter[int] = Counter()
    for hand in combinations_with_replacement(_RANKS_LOW, 4):
        m = Counter(hand)
        if max(m.values()) > 4:
            continue
        for starter in _RANKS_LOW:
            if m[starter] <= 3:
                out.update(pattern_counts(hand, starter, crib))
    return out
