"""Piquet (au cent, and Rubicon piquet's scoring) as Foster's *Complete Hoyle* prints it.

Quotations in the docstrings are from the PIQUET chapter of the Hoyle
(seed 000). The parts:

* the pack — 32 cards, ``A K Q J 10 9 8 7``, no trumps; twelve cards each,
  the talon of eight: five for the elder hand, three for the dealer;
* the exchange — the elder hand discards one to five and takes as many from
  the top of the talon; the dealer takes up to the rest ("in England, he
  need not draw at all");
* carte blanche — a hand "without a K Q or J": ten points;
* the point — the suit of greatest pip value ("reckoning the Ace as 11,
  court cards as 10 each, and the 10 9 8 7 at their face value"), worth the
  number of its cards; in England "a point containing the 7 8 and 9" is
  worth one less (``english_point=True``); Rubicon piquet compares the
  number of cards first and pips only to break a tie;
* sequences — tierce to huitième, worth 3, 4, then ten more than their
  length; the longer wins, then the higher; the holder of the best scores
  all his others; equal best: nobody scores;
* quatorze and trio — four or three of a rank above the nine, worth 14 and
  3; a quatorze beats any trio, then the higher rank; the holder of the best
  scores all his others;
* the replies — "Good", "Not good", "Equal" (never "Equal" for quatorze or trio);
* repic — 30 reached by the declarations alone, in order, before the
  adversary scores: 60 more; pic — 30 reached in hand and play before the
  adversary scores: 30 more;
* play — leading a card above a nine counts one, winning the adversary's
  lead with one counts one, the last trick one; the odd trick ("cards") ten;
  all twelve tricks ("capot") forty, which "includes the scores for the last
  trick and for the odd trick". Rubicon: "every card led, whatever its value,
  counts one, and winning the trick counts one also. The last trick counts
  two, and the capot forty";
* the game — 100 up, a lurch (double) if the loser has not 50; Rubicon: six
  deals, with the rubicon rule for a loser under 100.

Pure functions answer the questions a transcript asks (what is this hand's
point, which sequence is better, what must the dealer reply, what does the
elder hand count); :class:`PiquetDeal` replays a deal line by line and
checks every announced total.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Literal

from notation.boards.cards import PIQUET_RANKS, SUIT_NAMES, SUITS, Card
from notation.parse.cards import CardAction
from notation.rules.cards.replay import (
    PIQUET_ORDER,
    Laws,
    Problem,
    Stated,
    TrickGameReplay,
    can_take_all,
    cards_text,
    check_play,
)

HAND_SIZE = 12
TALON = 8
ELDER_TALON = 5
LAWS = Laws(PIQUET_ORDER)  # follow suit; "not obliged to win the trick"; no trumps

Reply = Literal["Good", "Not good", "Equal"]
GOOD: Reply = "Good"
NOT_GOOD: Reply = "Not good"
EQUAL: Reply = "Equal"

SEQUENCE_NAMES = {3: "tierce", 4: "quatrième", 5: "quinte", 6: "sixième", 7: "septième", 8: "huitième"}
RANK_WORDS = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Knaves", "10": "Tens"}
CARTE_BLANCHE = 10
REPIC = 60
PIC = 30
CARDS = 10
CAPOT = 40


def _power(rank: str) -> int:
    return PIQUET_ORDER.index(rank)


def pip_value(card: Card) -> int:
    """A card's pips: "the Ace being reckoned for 11, other court cards for 10 each, and the 7 8 9 10
    for their face value"."""
    if card.rank == "A":
        return 11
    if card.rank in ("K", "Q", "J"):
        return 10
    return int(card.rank)


def is_carte_blanche(hand: Iterable[Card]) -> bool:
    """A hand of twelve "without a K Q or J" (ten points, scored before anything else)."""
    cards = list(hand)
    return len(cards) == HAND_SIZE and not any(c.rank in ("K", "Q", "J") for c in cards)


# --------------------------------------------------------------------------
# The point


@dataclass(frozen=True)
class Point:
    """A player's point: the cards of one suit, their pips and what they are worth."""

    suit: str
    cards: tuple[Card, ...]
    pips: int
    value: int

    def describe(self) -> str:
        return f"{self.pips} in {SUIT_NAMES[self.suit]} ({len(self.cards)} cards)"


def point_value(cards: Sequence[Card], english_point: bool = False) -> int:
    """What a point is worth: "the number of cards that go to make it"; under the English
    rule "a point containing the 7 8 and 9" is "worth one less than the number of cards"."""
    ranks = {c.rank for c in cards}
    if english_point and {"7", "8", "9"} <= ranks:
        return len(cards) - 1
    return len(cards)


def point_of(cards: Iterable[Card], english_point: bool = False) -> Point:
    """The point made by ``cards`` (all of one suit)."""
    cards = tuple(sorted(cards, key=lambda c: -_power(c.rank)))
    suits = {c.suit for c in cards}
    if len(suits) != 1:
        raise ValueError(f"a point is made of one suit, not {' '.join(c.code for c in cards)}")
    return Point(cards[0].suit, cards, sum(pip_value(c) for c in cards),
                 point_value(cards, english_point))


def point_key(point: Point | None, rubicon: bool = False) -> tuple[int, ...]:
    """The order of points: au cent by pips ("the suit having the greatest pip value"); Rubicon
    by "the greatest number of cards in the suit", pips "only to decide ties"."""
    if point is None:
        return (0, 0)
    return (len(point.cards), point.pips) if rubicon else (point.pips,)


def best_point(hand: Iterable[Card], rubicon: bool = False, english_point: bool = False) -> Point | None:
    """The hand's point: its best suit by :func:`point_key`."""
    by_suit: dict[str, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    points = [point_of(cards, english_point) for cards in by_suit.values()]
    if not points:
        return None
    return max(points, key=lambda p: point_key(p, rubicon))


# --------------------------------------------------------------------------
# Sequences, quatorzes and trios


@dataclass(frozen=True)
class Run:
    """A sequence: ``length`` cards of ``suit`` next in value, up to ``top``."""

    suit: str
    length: int
    top: str

    @property
    def value(self) -> int:
        """"A tierce counts 3 only, and a quatrième 4 only; but a quinte is worth 15, a sixième 16"."""
        return self.length if self.length <= 4 else 10 + self.length

    @property
    def key(self) -> tuple[int, int]:
        """Longer beats shorter; of equal length the higher top card wins."""
        return (self.length, _power(self.top))

    @property
    def cards(self) -> tuple[Card, ...]:
        top = _power(self.top)
        return tuple(Card(PIQUET_ORDER[i], self.suit) for i in range(top, top - self.length, -1))

    def describe(self) -> str:
        name = SEQUENCE_NAMES.get(self.length, f"sequence of {self.length}")
        top = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Knave"}.get(self.top, self.top)
        return f"{name} to the {top} in {SUIT_NAMES[self.suit]}"


def sequences(hand: Iterable[Card]) -> list[Run]:
    """Every sequence (three or more cards of a suit next in value) in the hand, best first."""
    held = set(hand)
    runs: list[Run] = []
    for suit in SUITS:
        length = 0
        for i, rank in enumerate(PIQUET_ORDER + ("",)):
            if rank and Card(rank, suit) in held:
                length += 1
                continue
            if length >= 3:
                runs.append(Run(suit, length, PIQUET_ORDER[i - 1]))
            length = 0
    return sorted(runs, key=lambda r: r.key, reverse=True)


@dataclass(frozen=True)
class RankSet:
    """A quatorze (four) or trio (three) of one rank above the nine."""

    rank: str
    count: int

    @property
    def value(self) -> int:
        """"The value of any quatorze is 14 ... Trios are worth 3 only"."""
        return 14 if self.count == 4 else 3

    @property
    def key(self) -> tuple[int, int]:
        """"The lowest quatorze is better than the highest trio"; then the higher rank."""
        return (self.count, _power(self.rank))

    def describe(self) -> str:
        return f"{'quatorze' if self.count == 4 else 'three'} {RANK_WORDS[self.rank]}"


def sets(hand: Iterable[Card]) -> list[RankSet]:
    """Every quatorze and trio (tens and above: "the 7 8 and 9 have no value except in point
    and sequence") in the hand, best first."""
    counts: dict[str, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    found = [RankSet(rank, n) for rank, n in counts.items()
             if n >= 3 and _power(rank) >= _power("10")]
    return sorted(found, key=lambda s: s.key, reverse=True)


# --------------------------------------------------------------------------
# Comparisons


def compare(mine: tuple[int, ...] | None, theirs: tuple[int, ...] | None) -> Reply:
    """The reply to a declaration with key ``mine`` from a player whose best has key ``theirs``."""
    if theirs is None or (mine is not None and mine > theirs):
        return GOOD
    if mine is None or mine < theirs:
        return NOT_GOOD
    return EQUAL


def reply_to(kind: str, declared: Point | Run | RankSet, hand: Iterable[Card], *, rubicon: bool = False,
             english_point: bool = False) -> Reply:
    """What a player holding ``hand`` must answer to ``declared`` ("Good", "Not good", "Equal")."""
    hand = list(hand)
    if kind == "point":
        assert isinstance(declared, Point)
        best = best_point(hand, rubicon, english_point)
        return compare(point_key(declared, rubicon), point_key(best, rubicon) if best else None)
    if kind == "sequence":
        assert isinstance(declared, Run)
        runs = sequences(hand)
        return compare(declared.key, runs[0].key if runs else None)
    assert isinstance(declared, RankSet)
    found = sets(hand)
    return compare(declared.key, found[0].key if found else None)


@dataclass
class Combination:
    """One class of declarations settled between the two hands."""

    kind: str                       # "point", "sequence", "sets"
    winner: str | None              # "elder", "dealer", or None (equal, or nobody holds one)
    reply: Reply | None             # what the dealer answers the elder's best (None: elder has none)
    scores: dict[str, int] = field(default_factory=dict)
    items: dict[str, list[str]] = field(default_factory=dict)


def settle(kind: str, elder: Iterable[Card], dealer: Iterable[Card], *, rubicon: bool = False,
           english_point: bool = False) -> Combination:
    """Who scores a class (``point``, ``sequence``, ``sets``) and what, both players declaring their best.

    "The player holding the best sequence is entitled to score it, together
    with any inferior sequences he may hold in other suits. Should his
    adversary hold intermediate sequences, they are of no value"; likewise
    quatorzes and trios. "If the best sequence is a tie, no sequences can be
    scored by either player." Only the best suit makes the point.
    """
    hands = {"elder": list(elder), "dealer": list(dealer)}
    result = Combination(kind, None, None, {"elder": 0, "dealer": 0}, {"elder": [], "dealer": []})
    if kind == "point":
        best = {p: best_point(h, rubicon, english_point) for p, h in hands.items()}
        keys = {p: (point_key(b, rubicon) if b else None) for p, b in best.items()}
    elif kind == "sequence":
        runs = {p: sequences(h) for p, h in hands.items()}
        keys = {p: (f[0].key if f else None) for p, f in runs.items()}
    elif kind == "sets":
        rank_sets = {p: sets(h) for p, h in hands.items()}
        keys = {p: (f[0].key if f else None) for p, f in rank_sets.items()}
    else:
        raise ValueError(f"no such class {kind!r}: expected point, sequence or sets")
    if keys["elder"] is not None:
        result.reply = compare(keys["elder"], keys["dealer"])
    if keys["elder"] is None and keys["dealer"] is None:
        return result
    reply = compare(keys["elder"], keys["dealer"])
    if reply == EQUAL:
        return result
    winner = "elder" if reply == GOOD else "dealer"
    result.winner = winner
    if kind == "point":
        p = best[winner]
        assert p is not None
        result.scores[winner] = p.value
        result.items[winner] = [f"point {p.describe()}: {p.value}"]
    else:
        combos: list[Run] | list[RankSet] = runs[winner] if kind == "sequence" else rank_sets[winner]
        for combo in combos:
            result.scores[winner] += combo.value
            result.items[winner].append(f"{combo.describe()}: {combo.value}")
    return result


# --------------------------------------------------------------------------
# Scoring the play


def play_counts(tricks: Sequence[tuple[Card, Card, int, int]], *, rubicon: bool = False) -> list[tuple[int, int, str]]:
    """Points scored in play, in order: ``(trick index, player, what)`` with player 0 or 1.

    ``tricks`` gives for each trick the card led, the card played to it, the
    leader and the winner. Au cent: "Every time a card is played which is
    better than a Nine, the leader counts one for it ... If the second player
    wins the trick with any card better than a Nine he also counts one; but if
    the trick is won by the player who led, there is no extra count for
    winning it. The winner of the last trick counts one for it". Rubicon:
    every lead counts one whatever its value, winning the adversary's lead
    counts one, the last trick two. Cards and capot are not included (see
    :func:`final_counts`).
    """
    events: list[tuple[int, int, str]] = []
    for i, (led, second, leader, winner) in enumerate(tricks):
        if rubicon or _power(led.rank) >= _power("10"):
            events.append((i, leader, f"lead {led}"))
        if winner != leader and (rubicon or _power(second.rank) >= _power("10")):
            events.append((i, winner, f"win with {second}"))
    return events


def final_counts(won: Sequence[int], last_winner: int, *, rubicon: bool = False) -> list[tuple[int, int, str]]:
    """The end of the play: the last trick, cards (ten for the odd trick), capot (forty, which
    "includes the scores for the last trick and for the odd trick"). ``(points, player, what)``."""
    out: list[tuple[int, int, str]] = []
    for player in (0, 1):
        if won[player] == sum(won) and sum(won) == HAND_SIZE:
            return [(CAPOT, player, "capot")]
    out.append((2 if rubicon else 1, last_winner, "last trick"))
    for player in (0, 1):
        if won[player] * 2 > sum(won):
            out.append((CARDS, player, "cards"))
    return out


# --------------------------------------------------------------------------
# Games


def game_result(scores: Mapping[str, int], target: int = 100) -> tuple[str, int] | None:
    """Piquet au cent: the winner and the games won (2 for a lurch: "if the loser has not
    reached 50 points he is lurched, and loses a double game"); ``None`` while nobody has 100."""
    (a, sa), (b, sb) = scores.items()
    if max(sa, sb) < target:
        return None
    winner, loser = (a, sb) if sa >= sb else (b, sa)
    return winner, 2 if loser < target // 2 else 1


def rubicon_result(scores: Mapping[str, int]) -> tuple[str, int] | None:
    """Rubicon piquet after six deals: the winner and what he wins.

    "The lower score is then deducted from the higher, and 100 points added";
    "If either or both players fail to reach 100 points in the six deals, the
    one having the most is the winner, and adds to his own score all the
    points made by the loser, with 100 in addition for game." A tie gives
    ``None`` ("two more deals must be played").
    """
    (a, sa), (b, sb) = scores.items()
    if sa == sb:
        return None
    winner, high, low = (a, sa, sb) if sa > sb else (b, sb, sa)
    if low < 100:
        return winner, high + low + 100
    return winner, high - low + 100


# --------------------------------------------------------------------------
# What the adversary can hold


def must_be_good(hand: Iterable[Card], kind: str, admitted: Iterable[str] = ("point",), *,
                 rubicon: bool = False, english_point: bool = False) -> bool:
    """Whether the best ``kind`` (``point``, ``sequence``, ``sets``) of ``hand`` is good against
    every hand the adversary can hold once he has admitted the classes ``admitted`` good.

    Checks the book's reasoning: "If the dealer acknowledges the point to be
    good, everything else in the hand must be good also"; "The four Queens
    must be good, as the adversary cannot have any quatorze". The adversary
    holds twelve of the twenty cards the player does not; the search goes
    suit by suit and drops a suit's holdings that break an admitted reply,
    so it looks at far fewer than the 125,970 possible hands.
    """
    mine = list(hand)
    if len(set(mine)) != HAND_SIZE:
        raise ValueError(f"a piquet hand is {HAND_SIZE} cards, not {len(set(mine))}")
    own_point = best_point(mine, rubicon, english_point)
    own_runs, own_sets = sequences(mine), sets(mine)
    bests = {"point": point_key(own_point, rubicon) if own_point else None,
             "sequence": own_runs[0].key if own_runs else None,
             "sets": own_sets[0].key if own_sets else None}
    if kind not in bests:
        raise ValueError(f"no such class {kind!r}: expected point, sequence or sets")
    own = bests[kind]
    if own is None:
        return False
    own_point_key = bests["point"]
    admitted = set(admitted)
    unseen = [c for c in pack_of_piquet() if c not in set(mine)]
    by_suit: list[dict[int, list[tuple[tuple[Card, ...], tuple, tuple]]]] = []
    for suit in SUITS:
        cards = [c for c in unseen if c.suit == suit]
        sizes: dict[int, list[tuple[tuple[Card, ...], tuple, tuple]]] = {}
        for n in range(len(cards) + 1):
            for sub in combinations(cards, n):
                pkey = point_key(point_of(sub, english_point), rubicon) if sub else None
                runs = sequences(sub)
                rkey = runs[0].key if runs else None
                if "point" in admitted and pkey is not None and (own_point_key is None
                                                                 or not pkey < own_point_key):
                    continue
                if "sequence" in admitted and bests["sequence"] is not None and rkey is not None \
                        and not rkey < bests["sequence"]:
                    continue
                sizes.setdefault(n, []).append((sub, pkey or (), rkey or ()))
        by_suit.append(sizes)

    def better(keys: list[tuple], own: tuple) -> bool:
        return any(k and not k < own for k in keys)

    for a in by_suit[0]:
        for b in by_suit[1]:
            for c in by_suit[2]:
                d = HAND_SIZE - a - b - c
                if d not in by_suit[3]:
                    continue
                for sa in by_suit[0][a]:
                    for sb in by_suit[1][b]:
                        for sc in by_suit[2][c]:
                            for sd in by_suit[3][d]:
                                parts = (sa, sb, sc, sd)
                                if kind == "point" and better([p[1] for p in parts], own):
                                    return False
                                if kind == "sequence" and better([p[2] for p in parts], own):
                                    return False
                                if kind == "sets" or "sets" in admitted:
                                    theirs = sets([x for p in parts for x in p[0]])
                                    top = theirs[0].key if theirs else None
                                    beats = top is not None and bests["sets"] is not None \
                                        and not top < bests["sets"]
                                    if "sets" in admitted and beats:
                                        continue
                                    if kind == "sets" and beats:
                                        return False
    return True


def pack_of_piquet() -> list[Card]:
    """The 32-card piquet pack."""
    return [Card(r, s) for s in SUITS for r in PIQUET_RANKS]


# --------------------------------------------------------------------------
# One deal, line by line

#: How transcripts name a declaration -> (class, length or count implied).
DECLARATION_KINDS: dict[str, tuple[str, int | None]] = {
    "carte blanche": ("blanche", None), "point": ("point", None), "sequence": ("sequence", None),
    "tierce": ("sequence", 3), "quart": ("sequence", 4), "quatrième": ("sequence", 4),
    "quatrieme": ("sequence", 4), "quinte": ("sequence", 5), "quint": ("sequence", 5),
    "sixième": ("sequence", 6), "sixieme": ("sequence", 6), "septième": ("sequence", 7),
    "septieme": ("sequence", 7), "huitième": ("sequence", 8), "huitieme": ("sequence", 8),
    "quatorze": ("sets", 4), "trio": ("sets", 3), "three": ("sets", 3), "four": ("sets", 4),
}
CLASSES = ("point", "sequence", "sets")


@dataclass
class Declaration:
    """A combination announced by a player (what he says he holds) and the reply it got."""

    player: str
    kind: str                      # "point", "sequence", "sets"
    combo: Point | Run | RankSet | None
    claimed: int | None = None
    reply: Reply | None = None


@dataclass
class ScoreItem:
    """One score of a deal in Foster's order of scoring (stage, then the order of play)."""

    stage: int        # 0 carte blanche, 1 point, 2 sequence, 3 quatorze/trio, 4 repic, 5 play, 7 cards/capot
    order: int
    player: str
    points: int
    what: str


class PiquetDeal:
    """One deal of piquet, replayed line by line, every announced total recomputed.

    The books give what they need: sometimes both hands, sometimes one hand
    and the replies it met, sometimes the first few leads. What is given is
    checked and what is missing is taken from what the players say:

    * a reply is checked against the replier's hand when it is known, and
      binds either way ("If the elder hand's declaration is admitted by the
      dealer to be good, it is good");
    * the winner of a class scores all his combinations of that class when
      his hand is known, else what he declared;
    * :meth:`check_score` compares a claimed running total with the sum of
      the player's scores so far, repic and pic included.

    Every method returns the :class:`Problem` list of that line.
    """

    def __init__(self, elder: str, dealer: str, *, rubicon: bool = False,
                 english_point: bool = False) -> None:
        self.elder = elder
        self.dealer = dealer
        self.rubicon = rubicon
        self.english_point = english_point
        self.hands: dict[str, set[Card] | None] = {elder: None, dealer: None}
        self.dealt: dict[str, set[Card] | None] = {elder: None, dealer: None}
        self.discarded: dict[str, list[Card]] = {elder: [], dealer: []}
        self.drawn: dict[str, int] = {elder: 0, dealer: 0}
        self.blanche: dict[str, bool] = {elder: False, dealer: False}
        self.declarations: list[Declaration] = []
        self.pending: Declaration | None = None
        #: Tricks as [leader, card led, card played to it or None, winner or None].
        self.tricks: list[list] = []

    # -- who is who -------------------------------------------------------
    def role(self, player: str) -> str:
        if player == self.elder:
            return "elder"
        if player == self.dealer:
            return "dealer"
        raise ValueError(f"{player} is not playing this deal (elder {self.elder}, dealer {self.dealer})")

    def other(self, player: str) -> str:
        return self.dealer if player == self.elder else self.elder

    def _player(self, player: str) -> Problem | None:
        if player not in (self.elder, self.dealer):
            return Problem("unknown-player", f"{player} is not playing this deal "
                           f"(elder hand {self.elder}, dealer {self.dealer})")
        return None

    # -- hands and the exchange -------------------------------------------
    def hold(self, player: str, cards: Iterable[Card]) -> list[Problem]:
        """``player`` holds ``cards``: the dealt hand before any exchange, else the hand after it."""
        if (bad := self._player(player)) is not None:
            return [bad]
        hand = list(cards)
        problems = []
        for card in hand:
            if card.rank not in PIQUET_RANKS:
                problems.append(Problem("no-such-card", f"{card} is not in the piquet pack "
                                        "(\"all below the Seven being deleted\")"))
        doubles = sorted({c.code for c in hand if hand.count(c) > 1})
        if doubles:
            problems.append(Problem("duplicate-card", f"{player} holds {' '.join(doubles)} twice"))
        other = self.hands[self.other(player)] or set()
        clash = sorted(c.code for c in set(hand) & other)
        if clash:
            problems.append(Problem("duplicate-card", f"{' '.join(clash)} held by both players"))
        if len(set(hand)) != HAND_SIZE:
            problems.append(Problem("hand-size", f"{player} holds {len(set(hand))} cards; a piquet "
                                    f"hand is {HAND_SIZE}", str(HAND_SIZE)))
        self.hands[player] = set(hand)
        if not self.discarded[player] and not self.drawn[player]:
            self.dealt[player] = set(hand)
        return problems

    def discard(self, player: str, cards: Iterable[Card]) -> list[Problem]:
        """``player`` lays out ``cards`` (elder: one to five; dealer: up to what the talon holds for him)."""
        if (bad := self._player(player)) is not None:
            return [bad]
        out = list(cards)
        problems = []
        hand = self.hands[player]
        if hand is not None:
            missing = [c.code for c in out if c not in hand]
            if missing:
                problems.append(Problem("not-held", f"{player} discards {' '.join(missing)}, not in "
                                        f"his hand"))
            self.hands[player] = hand - set(out)
        self.discarded[player] += out
        problems += self._exchange_count(player, len(self.discarded[player]))
        return problems

    def draw(self, player: str, cards: Iterable[Card] = (), count: int | None = None) -> list[Problem]:
        """``player`` takes ``cards`` (or ``count`` unnamed cards) from the talon."""
        if (bad := self._player(player)) is not None:
            return [bad]
        new = list(cards)
        n = count if count is not None else len(new)
        problems = []
        if new and count is not None and count != len(new):
            problems.append(Problem("wrong-count", f"{player} takes {count} cards but "
                                    f"{len(new)} are named"))
        seen = (self.hands[self.elder] or set()) | (self.hands[self.dealer] or set())
        for card in new:
            if card in seen or card in self.discarded[self.elder] + self.discarded[self.dealer]:
                problems.append(Problem("duplicate-card", f"{card} is drawn from the talon but is "
                                        "already in play"))
        self.drawn[player] += n
        if self.discarded[player] and self.drawn[player] != len(self.discarded[player]):
            problems.append(Problem("wrong-count", f"{player} discards {len(self.discarded[player])} "
                                    f"and takes {self.drawn[player]}: he must end with twelve cards",
                                    str(len(self.discarded[player]))))
        problems += self._exchange_count(player, self.drawn[player])
        hand = self.hands[player]
        if hand is not None and len(new) == n:
            self.hands[player] = hand | set(new)
        elif hand is not None:
            self.hands[player] = None
        return problems

    def _exchange_count(self, player: str, n: int) -> list[Problem]:
        if player == self.elder and not 1 <= n <= ELDER_TALON:
            return [Problem("wrong-count", f"the elder hand exchanges one to five cards, not {n} "
                            "(\"He must take at least one card\")")]
        limit = TALON - self.drawn[self.elder] if player == self.dealer else ELDER_TALON
        if player == self.dealer and n > limit:
            return [Problem("wrong-count", f"the dealer may take {limit} card(s) from the talon, "
                            f"not {n}", str(limit))]
        return []

    # -- declarations -----------------------------------------------------
    def declare(self, player: str, kind: str, cards: Sequence[Card] = (), rank: str | None = None,
                number: int | None = None) -> list[Problem]:
        """``player`` announces a combination: ``kind`` as the transcript names it ("point",
        "quinte", "quatorze", "carte blanche" ...), its cards or rank, and the value claimed.

        For the point a ``number`` above eight is the pips announced ("Forty-one"),
        otherwise the value ("The point is worth 5").
        """
        if (bad := self._player(player)) is not None:
            return [bad]
        key = kind.strip().lower()
        if key not in DECLARATION_KINDS:
            return [Problem("unknown-declaration", f"piquet has no declaration {kind!r}: expected "
                            "carte blanche, point, tierce ... huitième, quatorze or trio")]
        cls, size = DECLARATION_KINDS[key]
        if cls == "blanche":
            return self._carte_blanche(player, number)
        problems: list[Problem] = []
        if self._has_played(player):
            problems.append(Problem("too-late", f"{player} declares after playing a card: "
                                    "\"If either player has forgotten to declare anything before "
                                    "he plays, the count is lost\""))
        hand = self.hands[player]
        combo, more = self._combination(player, cls, size, list(cards), rank, number, hand)
        problems += more
        if combo is not None and number is not None:
            problems += self._check_value(player, cls, combo, number)
        decl = Declaration(player, cls, combo, number)
        if combo is None:
            decl.reply = NOT_GOOD  # a combination not held counts nothing
        self.declarations.append(decl)
        if player == self.elder and combo is not None:
            self.pending = decl
        elif player == self.dealer and combo is not None:
            problems += self._dealer_claim(decl)
        return problems

    def _has_played(self, player: str) -> bool:
        return any(leader == player or second is not None for leader, _, second, _ in self.tricks)

    def _carte_blanche(self, player: str, number: int | None) -> list[Problem]:
        problems = []
        hand = self.dealt[player] or self.hands[player]
        if hand is not None and any(c.rank in ("K", "Q", "J") for c in hand):
            court = " ".join(sorted(c.code for c in hand if c.rank in ("K", "Q", "J")))
            problems.append(Problem("not-held", f"{player} claims carte blanche holding {court}: "
                                    "carte blanche is a hand \"without a K Q or J\""))
        else:
            self.blanche[player] = True
        if number is not None and number != CARTE_BLANCHE:
            problems.append(Problem("wrong-count", f"carte blanche counts {CARTE_BLANCHE}, not "
                                    f"{number}", str(CARTE_BLANCHE)))
        return problems

    def _combination(self, player: str, cls: str, size: int | None, cards: list[Card],
                     rank: str | None, number: int | None,
                     hand: set[Card] | None) -> tuple[Point | Run | RankSet | None, list[Problem]]:
        """The combination a declaration names, checked against the hand when it is known."""
        problems: list[Problem] = []
        if hand is not None:
            missing = [c.code for c in cards if c not in hand]
            if missing:
                return None, [Problem("not-held", f"{player} declares {' '.join(missing)} which "
                                      "he does not hold: \"If either player claims a combination "
                                      "which he does not hold ... he cannot count anything that "
                                      "deal\"")]
        if cls == "point":
            if cards:
                try:
                    return point_of(cards, self.english_point), problems
                except ValueError as exc:
                    return None, [Problem("not-a-point", str(exc))]
            if hand is None:
                if number is None:
                    return None, [Problem("unknown-point", "a point needs its cards, its pips or "
                                          "the hand")]
                # Only the pips (or the value) are known: a placeholder point of that size.
                pips = number if number > 8 else 0
                return Point("?", (), pips, number if number <= 8 else 0), problems
            if number is not None and number > 8:
                by_suit = {s: [c for c in hand if c.suit == s] for s in SUITS}
                for suit_cards in by_suit.values():
                    if suit_cards and sum(pip_value(c) for c in suit_cards) == number:
                        return point_of(suit_cards, self.english_point), problems
            best = best_point(hand, self.rubicon, self.english_point)
            if best is None:
                return None, [Problem("not-held", f"{player} has no cards")]
            return best, problems
        if cls == "sequence":
            if cards:
                suits = {c.suit for c in cards}
                powers = sorted(_power(c.rank) for c in cards)
                if len(suits) != 1 or powers != list(range(powers[0], powers[0] + len(powers))) \
                        or len(cards) < 3:
                    return None, [Problem("not-a-sequence", f"{' '.join(c.code for c in cards)} is "
                                          "not a sequence: three or more cards of one suit "
                                          "next in value")]
                run = Run(cards[0].suit, len(cards), PIQUET_ORDER[powers[-1]])
                if size is not None and size != run.length:
                    problems.append(Problem("wrong-name", f"{run.describe()} is not a "
                                            f"{SEQUENCE_NAMES.get(size, size)}", run.describe()))
                return run, problems
            if hand is None:
                length = size or 3
                return Run("?", length, "?"), problems
            runs = [r for r in sequences(hand) if size is None or r.length == size]
            if not runs:
                name = SEQUENCE_NAMES.get(size or 3, "sequence")
                return None, [Problem("not-held", f"{player} declares a {name} but holds "
                                      + (", ".join(r.describe() for r in sequences(hand)) or
                                         "no sequence"))]
            return runs[0], problems
        # quatorze or trio
        if cards and rank is None:
            rank = cards[0].rank
        if rank is None:
            if hand is None:
                return None, [Problem("unknown-set", "a quatorze or trio needs its rank")]
            found = [s for s in sets(hand) if size is None or s.count == size]
            if not found:
                return None, [Problem("not-held", f"{player} holds no "
                                      f"{'quatorze' if size == 4 else 'trio'}")]
            return found[0], problems
        if _power(rank) < _power("10"):
            return None, [Problem("no-value", f"{RANK_WORDS.get(rank, rank)} have no value: "
                                  "\"The 7 8 and 9 have no value except in point and sequence\"")]
        count = size or 3
        if hand is not None:
            held = sum(1 for c in hand if c.rank == rank)
            if held < count:
                return None, [Problem("not-held", f"{player} announces {count} "
                                      f"{RANK_WORDS[rank]} but holds {held}")]
            if size is None:
                count = min(held, 4)
        return RankSet(rank, count), problems

    def _check_value(self, player: str, cls: str, combo: Point | Run | RankSet,
                     number: int) -> list[Problem]:
        if cls == "point":
            assert isinstance(combo, Point)
            if number > 8:
                if combo.pips and combo.pips != number:
                    return [Problem("wrong-count", f"{player}'s point is {combo.pips}, not {number}",
                                    str(combo.pips))]
                return []
            if combo.cards and combo.value != number:
                other = point_value(combo.cards, not self.english_point)
                if other == number:
                    rule = "English" if not self.english_point else "older"
                    return [Problem("point-rule", f"the point {combo.describe()} is worth "
                                    f"{number} only under the {rule} rule (\"In England, they count "
                                    "a point containing the 7 8 and 9 as worth one less\")",
                                    str(combo.value), severity="warning")]
                return [Problem("wrong-count", f"the point {combo.describe()} is worth "
                                f"{combo.value}, not {number}", str(combo.value))]
            return []
        if combo.value != number and "?" not in str(getattr(combo, "suit", "")):
            return [Problem("wrong-count", f"{combo.describe()} is worth {combo.value}, not {number}",
                            str(combo.value))]
        return []

    def reply(self, player: str, answer: str) -> list[Problem]:
        """The adversary answers the last declaration: "Good", "Not good" or "Equal"."""
        if (bad := self._player(player)) is not None:
            return [bad]
        norm = {"good": GOOD, "not good": NOT_GOOD, "equal": EQUAL}.get(answer.strip().lower())
        if norm is None:
            return [Problem("unknown-reply", f"the reply is \"Good\", \"Not good\" or \"Equal\", "
                            f"not {answer!r}")]
        decl = self.pending
        if decl is None or decl.player == player:
            return [Problem("no-declaration", f"{player} replies {norm!r} to no declaration of "
                            "his adversary")]
        self.pending = None
        problems: list[Problem] = []
        if norm == EQUAL and decl.kind == "sets":
            problems.append(Problem("no-equal", "fours and trios cannot be \"equal\"",
                                    suggestions=(GOOD, NOT_GOOD)))
            norm = NOT_GOOD
        right = self._right_reply(decl)
        if right is not None and right != norm:
            if norm == GOOD:
                problems.append(Problem("admitted-good", f"{player} admits {self._name(decl)} good "
                                        f"holding {self._best_name(player, decl.kind)}; admitted, "
                                        "it is good", right, (right,), severity="warning"))
            else:
                problems.append(Problem("wrong-reply", f"{player} answers {norm!r} to "
                                        f"{self._name(decl)} but holds "
                                        f"{self._best_name(player, decl.kind)}: the reply is "
                                        f"{right!r}", right, (right,)))
                norm = right
        decl.reply = norm
        return problems

    def _right_reply(self, decl: Declaration) -> Reply | None:
        hand = self.hands[self.other(decl.player)]
        if hand is None or decl.combo is None or "?" == getattr(decl.combo, "suit", None):
            return None
        return reply_to(decl.kind, decl.combo, hand, rubicon=self.rubicon,
                        english_point=self.english_point)

    def _name(self, decl: Declaration) -> str:
        combo = decl.combo
        if combo is None:
            return decl.kind
        if isinstance(combo, Point) and combo.suit == "?":
            return f"a point of {combo.pips or combo.value}"
        if isinstance(combo, Run) and combo.suit == "?":
            return SEQUENCE_NAMES.get(combo.length, "a sequence")
        return combo.describe()

    def _best_name(self, player: str, kind: str) -> str:
        hand = self.hands[player] or set()
        if kind == "point":
            best = best_point(hand, self.rubicon, self.english_point)
            return f"a point of {best.describe()}" if best else "no point"
        found: list = sequences(hand) if kind == "sequence" else sets(hand)
        return found[0].describe() if found else f"no {kind}"

    def _dealer_claim(self, decl: Declaration) -> list[Problem]:
        """A declaration by the player who answered: it must beat what his adversary declared."""
        rival = [d for d in self.declarations if d.player == self.other(decl.player)
                 and d.kind == decl.kind and d.combo is not None]
        if not rival:
            return []
        for lost in rival:
            if lost.reply is not None and lost.reply in (GOOD, EQUAL):
                return [Problem("not-good", f"{decl.player} claims {self._name(decl)} but the class "
                                f"was {lost.reply.lower()} for {lost.player}")]
        return []

    # -- play -------------------------------------------------------------
    def play_card(self, player: str, card: Card) -> list[Problem]:
        """``player`` plays ``card``: leads (when the trick is new) or plays to the lead.

        When a player leads twice running, the adversary's card to the first
        lead was not printed: the leader is taken to have won that trick.
        """
        if (bad := self._player(player)) is not None:
            return [bad]
        if self.pending is not None:
            self.pending = None  # a declaration left unanswered stands as good
        problems: list[Problem] = []
        hand = self.hands[player]
        current = self.tricks[-1] if self.tricks else None
        if current is None or current[3] is not None or current[0] == player:
            if current is not None and current[3] is None:
                current[3] = player  # the card played to it was not printed
            leader = self.elder if not self.tricks else (current[3] if current else self.elder)
            if player != leader:
                problems.append(Problem("wrong-turn", f"{leader} leads to trick {len(self.tricks) + 1}, "
                                        f"not {player}"))
            self.tricks.append([player, card, None, None])
            legal_trick: list[Card] = []
        else:
            legal_trick = [current[1]]
            current[2] = card
            current[3] = current[0] if not (card.suit == current[1].suit
                                            and _power(card.rank) > _power(current[1].rank)) else player
        if len(self.tricks) > HAND_SIZE:
            problems.append(Problem("too-many-cards", f"{player} plays a thirteenth trick"))
        if hand is not None:
            fault = check_play(hand, legal_trick, card, LAWS)
            if fault is not None:
                p = fault.problem()
                message = p.message
                if fault.kind == "revoke":
                    message += " (\"There is no revoke in Piquet ... the cards must be taken " \
                               "back and replayed\")"
                problems.append(Problem(p.code, message, None, p.suggestions))
            hand.discard(card)
        return problems

    # -- scores -----------------------------------------------------------
    def class_winner(self, kind: str) -> str | None:
        """Who scores a class (``point``, ``sequence``, ``sets``), as far as the deal has shown it."""
        decls = [d for d in self.declarations if d.kind == kind]
        elder = [d for d in decls if d.player == self.elder]
        dealer = [d for d in decls if d.player == self.dealer and d.combo is not None]
        held = [d for d in elder if d.combo is not None]
        if held:
            first = held[0]
            reply = first.reply or self._right_reply(first) or GOOD
            if reply == GOOD:
                return self.elder
            if reply == EQUAL:
                return None
            return self.dealer
        if dealer:
            return self.dealer
        # Nothing declared: settle from the hands when both are known and the play has begun.
        if self.hands[self.elder] is not None and self.hands[self.dealer] is not None and self.tricks:
            result = settle(kind, self._full(self.elder), self._full(self.dealer),
                            rubicon=self.rubicon, english_point=self.english_point)
            if result.winner == "dealer":
                return self.dealer
        return None

    def _full(self, player: str) -> set[Card]:
        """The hand as it was when the play began (cards played put back)."""
        hand = set(self.hands[player] or set())
        for leader, led, second, _ in self.tricks:
            if leader == player:
                hand.add(led)
            elif second is not None:
                hand.add(second)
        return hand

    def _class_score(self, player: str, kind: str) -> tuple[int, str]:
        known = self.hands[player] is not None
        own = [d for d in self.declarations if d.player == player and d.kind == kind and d.combo is not None]
        if known:
            hand = self._full(player)
            if kind == "point":
                declared = [d.combo for d in own if isinstance(d.combo, Point) and d.combo.cards]
                p = declared[0] if declared else best_point(hand, self.rubicon, self.english_point)
                if p is None:
                    return 0, ""
                value = point_value(p.cards, self.english_point)
                return value, f"point of {p.describe()}"
            found: list = sequences(hand) if kind == "sequence" else sets(hand)
            return sum(c.value for c in found), " + ".join(f"{c.describe()} {c.value}" for c in found)
        total = 0
        names = []
        for d in own:
            combo = d.combo
            if combo is None:
                continue
            value = combo.value if not (isinstance(combo, Point) and combo.suit == "?") else 0
            if isinstance(combo, Point) and combo.cards:
                value = point_value(combo.cards, self.english_point)
            if isinstance(combo, Point) and combo.suit == "?":
                value = d.claimed if d.claimed is not None and d.claimed <= 8 else 0
            if isinstance(combo, Run) and combo.suit == "?" and d.claimed is not None:
                value = d.claimed
            total += value
            names.append(self._name(d))
        return total, ", ".join(names)

    def items(self) -> list[ScoreItem]:
        """Every score of the deal so far, in Foster's order of scoring, repic and pic included."""
        out: list[ScoreItem] = []
        for player in (self.elder, self.dealer):
            if self.blanche[player]:
                out.append(ScoreItem(0, 0, player, CARTE_BLANCHE, "carte blanche"))
        for stage, kind in enumerate(CLASSES, start=1):
            winner = self.class_winner(kind)
            if winner is not None:
                points, what = self._class_score(winner, kind)
                if points:
                    out.append(ScoreItem(stage, 0, winner, points, what))
        # Repic: 30 by declarations alone, in order, before the adversary scores.
        totals = {self.elder: 0, self.dealer: 0}
        bonus: str | None = None
        for item in out:
            totals[item.player] += item.points
            if totals[item.player] >= 30 and totals[self.other(item.player)] == 0:
                bonus = item.player
                break
        if bonus is not None:
            out.append(ScoreItem(4, 0, bonus, REPIC, "repic"))
        totals = {p: sum(i.points for i in out if i.player == p) for p in totals}
        # Play, trick by trick; pic when 30 is reached before the adversary scores.
        pic_done = bonus is not None
        names = (self.elder, self.dealer)
        order = 0
        for leader, led, second, winner in self.tricks:
            events = []
            if self.rubicon or _power(led.rank) >= _power("10"):
                events.append((leader, 1, f"lead {led}"))
            if winner is not None and winner != leader and second is not None \
                    and (self.rubicon or _power(second.rank) >= _power("10")):
                events.append((winner, 1, f"win with {second}"))
            for who, pts, what in events:
                order += 1
                out.append(ScoreItem(5, order, who, pts, what))
                totals[who] += pts
                if not pic_done and totals[who] >= 30 and totals[self.other(who)] == 0:
                    pic_done = True
                    order += 1
                    out.append(ScoreItem(5, order, who, PIC, "pic"))
                    totals[who] += PIC
        complete = len(self.tricks) == HAND_SIZE and self.tricks[-1][3] is not None
        if complete:
            won = [sum(1 for t in self.tricks if t[3] == p) for p in names]
            last = names.index(self.tricks[-1][3])
            for points, who, what in final_counts(won, last, rubicon=self.rubicon):
                order += 1
                out.append(ScoreItem(7, order, names[who], points, what))
        return out

    def total(self, player: str) -> int:
        """``player``'s score for the deal so far."""
        return sum(i.points for i in self.items() if i.player == player)

    def breakdown(self, player: str) -> str:
        """The scores that make up :meth:`total`, in order: ``point of 49 in hearts (5 cards) = 5, ...``."""
        return ", ".join(f"{i.what} = {i.points}" for i in self.items() if i.player == player)

    def _total_under_other_rule(self, player: str) -> int:
        self.english_point = not self.english_point
        try:
            return self.total(player)
        finally:
            self.english_point = not self.english_point

    def check_score(self, claimed: Mapping[str, int]) -> list[Problem]:
        """Check announced totals (``"Twenty-one"``, ``Score: A 94``) against the deal so far."""
        problems = []
        for player, value in claimed.items():
            if (bad := self._player(player)) is not None:
                problems.append(bad)
                continue
            items = [i for i in self.items() if i.player == player]
            actual = sum(i.points for i in items)
            # A count announced just before the repic or pic is added ("This makes the
            # total 34, and 60 added for repic, 94") is right too.
            bonus = sum(i.points for i in items if i.what in ("repic", "pic"))
            if value in (actual, actual - bonus) and (value == actual or bonus):
                continue
            expected = actual - bonus if bonus and abs(value - actual + bonus) < abs(value - actual) \
                else actual
            when = " before the repic or pic" if expected != actual else ""
            if self._total_under_other_rule(player) == value:
                rule, other = ("English", "older") if not self.english_point else ("older", "English")
                problems.append(Problem("point-rule", f"{player}'s count {value} follows the {rule} "
                                        "rule for a point containing the 7 8 and 9 (\"In England, "
                                        "they count a point containing the 7 8 and 9 as worth one "
                                        f"less\"); by the {other} rule it is {expected}",
                                        str(expected), severity="warning"))
                continue
            problems.append(Problem("wrong-score", f"{player}'s count is {expected}{when} "
                                    f"({self.breakdown(player) or 'nothing scored'}), "
                                    f"not {value}", str(expected)))
        return problems


__all__ = [
    "PiquetReplay", "score_text", "HAND_SIZE", "TALON", "ELDER_TALON", "LAWS", "GOOD", "NOT_GOOD", "EQUAL",
    "Point", "Run", "RankSet", "Combination", "pip_value", "is_carte_blanche", "point_value", "point_of",
    "point_key", "best_point", "sequences", "sets", "compare", "reply_to", "settle", "play_counts",
    "final_counts", "game_result", "rubicon_result", "must_be_good", "pack_of_piquet", "PiquetDeal",
    "Declaration", "ScoreItem",
]

def score_text(hand: list[Card], starter: Card | None = None, crib: bool = False) -> str:
    """``notation cards score piquet``: a hand's declarations (carte blanche, point, sequences,
    quatorzes and trios) and what each is worth if good."""
    if starter is not None or crib:
        raise ValueError("piquet has no starter and no crib: expected the cards of one hand only")
    strangers = [c.code for c in hand if c.rank not in PIQUET_RANKS]
    if strangers:
        raise ValueError(f"{' '.join(strangers)} not in the piquet pack: expected ranks 7 to A")
    if len(hand) > HAND_SIZE:
        raise ValueError(f"a hand of {len(hand)} cards: a piquet hand holds at most {HAND_SIZE}")
    lines: list[str] = []
    total = 0
    if is_carte_blanche(hand):
        lines.append("carte blanche: 10")
        total += 10
    point = best_point(hand)
    if point is not None:
        lines.append(f"point: {point.describe()}: {point.value}")
        total += point.value
    for run in sequences(hand):
        lines.append(f"{run.describe()}: {run.value}")
        total += run.value
    for rank_set in sets(hand):
        lines.append(f"{rank_set.describe()}: {rank_set.value}")
        total += rank_set.value
    lines.append(f"all good: {total}")
    return "\n".join(lines)


# --------------------------------------------------------------------------
# The transcript replay

class PiquetReplay(TrickGameReplay):
    """Piquet (au cent; ``[Variant "rubicon"]`` for Rubicon piquet's declaring and scoring)."""

    variant = "piquet"

    def start(self) -> None:
        game = (self.record.tag("Game") or "").lower()
        self.rubicon = "rubicon" in game or "rubicon" in (self.record.tag("Variant") or "").lower()
        rule = (self.record.tag("PointRule") or "").lower()
        self.english_point = rule == "english"
        self.deal: PiquetDeal | None = None
        self.past: dict[str, int] = {}
        self.detail.rubicon = self.rubicon

    def current(self) -> PiquetDeal:
        if self.deal is None:
            elder, dealer = self.elder_and_dealer()
            self.seat(elder), self.seat(dealer)
            self.deal = PiquetDeal(elder, dealer, rubicon=self.rubicon,
                                          english_point=self.english_point)
        return self.deal

    def on_deal(self, action: CardAction) -> None:
        if self.deal is not None:
            for p in (self.deal.elder, self.deal.dealer):
                self.past[p] = self.past.get(p, 0) + self.deal.total(p)
        self.new_deal(action.player)
        self.deal = None
        if self.dealer is not None and len(self.players) == 2:
            elder = next(p for p in self.players if p != self.dealer)
            self.roles = {elder: "elder hand", self.dealer: "dealer"}
        self.move.normalized = f"deal {self.deal_number}, dealer {self.dealer or '?'}"

    def sync(self) -> None:
        deal = self.current()
        for p in (deal.elder, deal.dealer):
            hand = deal.hands.get(p)
            self.hands[p] = sorted(hand) if hand is not None else None
            self.scores[p] = self.past.get(p, 0) + deal.total(p)

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        self.problems(self.current().hold(player, action.cards))
        self.sync()
        self.move.normalized = f"{player} holds {cards_text(action.cards)}"

    def on_declare(self, action: CardAction) -> None:
        deal = self.current()
        player = self.actor(action)
        kind = action.what or ""
        self.problems(deal.declare(player, kind, action.cards, action.rank, action.number))
        decl = deal.declarations[-1] if deal.declarations and deal.declarations[-1].player == player \
            else None
        if decl is not None and decl.combo is not None and action.number is not None:
            actual = _declared_value(decl, action.number)
            if actual is not None:
                self.note_claim(f"{kind} declared by {player}", action.number, actual)
        self.sync()
        what = decl.combo.describe() if decl is not None and decl.combo is not None \
            and getattr(decl.combo, "suit", "?") != "?" else kind
        self.move.normalized = f"{player} declares {what}" + (
            f" = {action.number}" if action.number is not None else "")

    def on_reply(self, action: CardAction) -> None:
        self.problems(self.current().reply(self.actor(action), action.what or ""))
        self.sync()
        self.move.normalized = f"{action.player} replies {action.what}"

    def on_score(self, action: CardAction) -> None:
        # A piquet player announces his count for the deal ("Twenty-one"): Score lines
        # are checked against the deal's running counts.
        deal = self.current()
        claimed = dict(action.pairs)
        for player, value in action.pairs:
            actual = deal.total(player) if player in (deal.elder, deal.dealer) else None
            self.note_claim(f"{player}'s count", value, actual)
        self.problems(deal.check_score(claimed))
        self.sync()
        self.move.normalized = "score " + ", ".join(f"{p} {v}" for p, v in action.pairs)

    def on_peg(self, action: CardAction) -> None:
        """``E scores 60 for pic``: one score of the deal, looked up by its name."""
        deal = self.current()
        player = self.actor(action)
        reason = (action.what or "").lower()
        items = [i for i in deal.items() if i.player == player and _matches(reason, i.what)]
        actual = sum(i.points for i in items)
        self.note_claim(f"{player} {reason}", action.number, actual)
        if not items:
            self.error("no-such-score", f"{player} scores nothing for {reason or 'this'} in this deal "
                       f"(his scores: {deal.breakdown(player) or 'none'})", ["0"])
        elif actual != action.number:
            self.error("wrong-count", f"{player}'s {reason} is worth {actual}, not {action.number}",
                       [str(actual)])
        self.move.normalized = f"{player} scores {action.number} for {reason}"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def rubicon(args: tuple[str, ...]) -> Stated:
            if len(args) != 2 or not all(a.isdigit() for a in args):
                raise ValueError("expected the two players' scores after the six deals")
            result = rubicon_result({"A": int(args[0]), "B": int(args[1])})
            return Stated.count(result[1]) if result is not None else Stated("a tie: two more deals")

        def capot(args: tuple[str, ...]) -> Stated:
            # "If either player wins all twelve tricks, which would be the case in the example
            # hand": can he take every trick, whatever his adversary plays (double dummy)?
            deal = self.deal
            if len(args) != 1 or deal is None or args[0] not in (deal.elder, deal.dealer):
                raise ValueError("expected the player who would win every trick, in a deal with both hands given")
            if deal.hands[deal.elder] is None or deal.hands[deal.dealer] is None:
                raise ValueError("the capot is settled when both hands are given")
            hands = [deal._full(deal.elder), deal._full(deal.dealer)]
            side = 0 if args[0] == deal.elder else 1
            return Stated.count(CAPOT) if can_take_all(hands, 0, LAWS, side) else Stated("no capot")

        return {"rubicon game": rubicon, "capot": capot}

    def finish(self) -> None:
        if self.deal is not None:
            self.detail.deal = {p: self.deal.breakdown(p) for p in (self.deal.elder, self.deal.dealer)}

    def key_extra(self) -> list[str]:
        if self.deal is None:
            return []
        out = []
        if self.deal.tricks:
            out.append("table:" + ".".join(c.code for t in self.deal.tricks[-1:] for c in t[1:3] if c))
        return out


def _matches(reason: str, what: str) -> bool:
    what = what.lower()
    words = [w for w in reason.replace("the ", "").split() if w]
    return bool(words) and all(w.rstrip("s") in what for w in words)


def _declared_value(decl: Declaration, number: int) -> int | None:
    combo = decl.combo
    if isinstance(combo, Point):
        if combo.suit == "?":
            return None
        return combo.pips if number > 8 else combo.value
    if isinstance(combo, Run) and combo.suit == "?":
        return None
    return combo.value if combo is not None else None
