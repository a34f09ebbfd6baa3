"""What every card game's replay shares: the table replay and the trick-taking core.

**The table replay.** A :class:`TableReplay` walks the printed card actions
of one record, makes a :class:`~notation.model.Move` of each, and keeps what
any card game knows: who sits where and who deals, which cards have been
seen (a card held twice is an error wherever it appears), the hands as dealt
and as they shrink, the claimed scores. A game subclasses it and handles the
actions its rules give meaning to (``on_<kind>`` for each
:class:`~notation.parse.cards.CardAction` kind); an action a game does not
know is reported, and the replay goes on.

The position key of a card game is a compact state string::

    cribbage|dealer:B|hand.A:6H.7S|hand.B:10C|crib:QH.9C.AH.4D|starter:QC|table:7S.10H|count:17|score:A=3,B=0

segments separated by ``|``, the first naming the game; :mod:`.picture` draws it.

**The trick-taking core.** A game describes its laws of play once, as
:class:`Laws`: the rank order (low to high), the trump suit if any, and the
obligations a player has to the card led. Everything else is the same for
every trick-taking game:

* :func:`trick_winner` — who takes a trick;
* :func:`legal_cards` — which cards a player may play to a trick;
* :func:`check_play` — whether a given card may be played, and if not, why
  (a card not held, a revoke, failing to head the trick, failing to trump),
  with the legal alternatives;
* :class:`TrickPlay` — a small replay of a deal's play, card by card, which
  keeps going after a fault (the card is played as printed, so the tricks
  and counts that follow are those the book describes) and records each fault;
* :func:`max_tricks` — a double-dummy search: how many tricks a side can
  force from a position, used to check the books' "must win the vole".

The obligations, as the laws print them:

* piquet (Foster, *Complete Hoyle*, "Method of playing"): "The dealer is bound
  to follow suit, if able, but he is not obliged to win the trick." —
  ``Laws(PIQUET_ORDER)``;
* écarté (Cavendish's Club Code, law 43): a player must not "renounce when he
  holds a card of the suit led", nor "fail to win the trick when able"; a
  player who cannot follow wins the trick by trumping, so he must trump —
  ``Laws(ECARTE_ORDER, trump, must_head=True, must_trump=True)``.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any, Protocol

from notation.boards.cards import RANKS, SUIT_NAMES, SUITS, Card, parse_code
from notation.details.cards import CardsGameDetail, CardsMoveDetail
from notation.diagnostics import Code
from notation.model import Claim, Game, Move, ParsedRecord, PrintedMove
from notation.parse.cards import CardAction
from notation.rules.kit import report

# ==========================================================================
# The trick-taking core

#: Piquet's order, low to high: "A K Q J 10 9 8 7, the Ace being the highest".
PIQUET_ORDER: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
#: Écarté's order, low to high: "the king is the highest card, the ace ranking
#: between the knave and the ten".
ECARTE_ORDER: tuple[str, ...] = ("7", "8", "9", "10", "A", "J", "Q", "K")
#: Whist's order, low to high, for the games of the next issue.
WHIST_ORDER: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Laws:
    """The laws of play of one game (or one deal, since the trump changes).

    ``ranks`` is the rank order from lowest to highest; ``trump`` the trump
    suit (``None``: no trumps, as at piquet). ``must_follow``: a player holding
    the suit led must play it. ``must_head``: he must win the trick when he
    can (by a higher card of the suit, or by trumping when void).
    ``must_trump``: a player who cannot follow must trump if he holds a trump.

    For games whose cards rank differently by suit and trump (spoil five):
    ``order`` gives each card's power outright; ``trump_cards`` are trumps
    whatever their suit (the ace of hearts), but follow their own suit when
    led; ``trump_instead``: a player may trump a plain suit led instead of
    following; ``renege``: trumps a player need not play to a lower trump led.
    """

    ranks: tuple[str, ...]
    trump: str | None = None
    must_follow: bool = True
    must_head: bool = False
    must_trump: bool = False
    order: Mapping[Card, int] | None = None
    trump_cards: frozenset[Card] = frozenset()
    trump_instead: bool = False
    renege: frozenset[Card] = frozenset()

    def power(self, card: Card) -> int:
        """A card's power (higher beats lower in the same suit): its place in :attr:`order` or :attr:`ranks`."""
        if self.order is not None:
            try:
                return self.order[card]
            except KeyError:
                raise ValueError(f"{card} has no place in this game's order") from None
        try:
            return self.ranks.index(card.rank)
        except ValueError:
            raise ValueError(f"{card} is not in this game's pack: ranks are "
                             f"{' '.join(self.ranks)}") from None

    def suit(self, card: Card) -> str:
        """The suit a card belongs to in play (a trump card belongs to the trumps)."""
        return self.trump if card in self.trump_cards and self.trump is not None else card.suit

    def led_suit(self, card: Card) -> str:
        """The suit others must follow when ``card`` is led (a trump card led counts as its own suit)."""
        return card.suit if card in self.trump_cards else self.suit(card)


def beats(challenger: Card, holder: Card, laws: Laws) -> bool:
    """Whether ``challenger`` takes a trick currently held by ``holder``.

    A trump beats any card of another suit; otherwise only a higher card of
    the same suit wins.
    """
    if laws.suit(challenger) == laws.suit(holder):
        return laws.power(challenger) > laws.power(holder)
    return laws.trump is not None and laws.suit(challenger) == laws.trump


def trick_winner(cards: Sequence[Card], laws: Laws) -> int:
    """Index (in playing order, 0 = the leader) of the card that wins the trick."""
    if not cards:
        raise ValueError("a trick needs at least one card")
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], laws):
            best = i
    return best


def legal_cards(hand: Iterable[Card], trick: Sequence[Card], laws: Laws) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already played, leader first).

    Any card may be led. Otherwise the game's obligations apply in order:
    follow suit; if the player must head the trick, play a card that wins it
    when he has one (of the suit led, or a trump when void); if void and
    bound to trump, play a trump.
    """
    cards = sorted(set(hand), key=lambda c: (laws.suit(c), laws.power(c)))
    if not trick or not cards:
        return cards
    lead = trick[0]
    led = laws.led_suit(lead)
    holding = trick[trick_winner(trick, laws)]
    if laws.must_follow:
        follow = [c for c in cards if laws.suit(c) == led]
        if led == laws.trump:  # reneging: a privileged trump need not answer a lower trump led
            obliged = [c for c in follow if not (c in laws.renege and laws.power(c) > laws.power(lead))]
        else:
            obliged = follow
        if obliged:
            if laws.must_head:
                winners = [c for c in follow if beats(c, holding, laws)]
                if winners:
                    return winners
            if laws.trump_instead and led != laws.trump:
                return sorted(set(follow) | {c for c in cards if laws.suit(c) == laws.trump},
                              key=lambda c: (laws.suit(c), laws.power(c)))
            return follow
    if laws.trump is not None and (laws.must_trump or laws.must_head):
        trumps = [c for c in cards if laws.suit(c) == laws.trump]
        if laws.must_head:
            winners = [c for c in trumps if beats(c, holding, laws)]
            if winners:
                return winners
        if trumps and laws.must_trump:
            return trumps
    return cards


@dataclass(frozen=True)
class Problem:
    """Something a transcript says that the rules do not allow or do not give.

    ``code`` is a short stable name (``wrong-count``, ``not-good``, ...),
    ``message`` says what is wrong, ``expected`` is the right value when
    there is one (a recomputed score), ``suggestions`` the nearest legal
    readings. The game replays refer to the law they apply in the message.
    """

    code: Code
    message: str
    expected: str | None = None
    suggestions: tuple[str, ...] = ()
    severity: str = "error"


@dataclass(frozen=True)
class Fault:
    """Why a card may not be played: ``kind`` is one of ``not-held``,
    ``revoke`` (did not follow suit), ``not-heading`` (did not win the trick
    when able), ``not-trumping`` (did not trump when unable to follow),
    ``wrong-turn`` (not this player's turn)."""

    kind: Code
    card: Card
    message: str
    legal: tuple[Card, ...] = ()

    def problem(self) -> Problem:
        """The fault as a :class:`Problem`, the legal cards as suggestions."""
        return Problem(self.kind, self.message, None, tuple(c.code for c in self.legal))


def check_play(hand: Iterable[Card], trick: Sequence[Card], card: Card, laws: Laws) -> Fault | None:
    """``None`` if ``card`` may be played from ``hand`` to ``trick``, else the :class:`Fault`."""
    held = set(hand)
    legal = legal_cards(held, trick, laws)
    if card not in held:
        return Fault("not-held", card, f"{card} is not in the hand ({_cards(held)})", tuple(legal))
    if card in legal:
        return None
    led = laws.led_suit(trick[0])
    if laws.must_follow and laws.suit(card) != led and any(laws.suit(c) == led for c in held):
        return Fault("revoke", card, f"revoke: {card} played to a {SUIT_NAMES[led][:-1]} lead "
                     f"while holding {_cards(c for c in held if laws.suit(c) == led)}", tuple(legal))
    if laws.suit(card) != led and laws.suit(card) != laws.trump and any(laws.suit(c) == laws.trump for c in held):
        return Fault("not-trumping", card, f"{card} is not a trump: unable to follow, the player "
                     f"must trump with {_cards(legal)}", tuple(legal))
    return Fault("not-heading", card, f"{card} does not win the trick, and "
                 f"{_cards(legal)} would", tuple(legal))


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in sorted(cards, key=lambda c: (c.suit, -RANKS.index(c.rank)))) \
        or "nothing"


@dataclass
class Trick:
    """One trick: who led, the cards in playing order, who won."""

    leader: int
    cards: list[Card] = field(default_factory=list)
    players: list[int] = field(default_factory=list)
    winner: int | None = None

    @property
    def complete(self) -> bool:
        return self.winner is not None


class TrickPlay:
    """Replay the play of one deal, card by card, for ``len(hands)`` players in rotation.

    ``hands[i]`` is player *i*'s hand; ``leader`` leads the first trick.
    :meth:`play` takes the next card of the player whose turn it is (or of the
    player named) and returns the :class:`Fault` if it broke a law; the card
    is played all the same, as the book prints it, so the replay goes on.
    """

    def __init__(self, hands: Sequence[Iterable[Card]], leader: int, laws: Laws) -> None:
        self.hands: list[set[Card]] = [set(h) for h in hands]
        self.laws = laws
        self.tricks: list[Trick] = [Trick(leader)]
        self.faults: list[tuple[int, Fault]] = []

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def current(self) -> Trick:
        """The trick being played (a fresh one once the last is complete)."""
        return self.tricks[-1]

    @property
    def to_play(self) -> int:
        """The player whose turn it is."""
        trick = self.current
        return (trick.leader + len(trick.cards)) % self.players

    @property
    def finished(self) -> bool:
        """Every card has been played."""
        return not any(self.hands) and (not self.current.cards or self.current.complete)

    def legal(self) -> list[Card]:
        """The cards the player to play may play now."""
        return legal_cards(self.hands[self.to_play], self.current.cards, self.laws)

    def play(self, card: Card, player: int | None = None) -> Fault | None:
        """Play ``card`` for ``player`` (default: whoever is to play). Returns the fault, if any."""
        if self.current.complete:
            self.tricks.append(Trick(self.current.winner or 0))
        trick = self.current
        turn = self.to_play
        fault = None
        if player is not None and player != turn:
            fault = Fault("wrong-turn", card, f"it is player {turn + 1}'s turn, not player {player + 1}'s",
                          tuple(self.legal()))
        else:
            player = turn
            fault = check_play(self.hands[player], trick.cards, card, self.laws)
        if fault is not None:
            self.faults.append((len(self.tricks) - 1, fault))
        if fault is None or fault.kind != "wrong-turn":
            self.hands[player].discard(card)
            trick.cards.append(card)
            trick.players.append(player)
            if len(trick.cards) == self.players:
                trick.winner = trick.players[trick_winner(trick.cards, self.laws)]
        return fault

    def tricks_won(self) -> list[int]:
        """Number of complete tricks each player has won."""
        won = [0] * self.players
        for trick in self.tricks:
            if trick.winner is not None:
                won[trick.winner] += 1
        return won


def max_tricks(hands: Sequence[Iterable[Card]], leader: int, laws: Laws, side: int = 0,
               forced: Sequence[Card] = ()) -> int:
    """Double-dummy: the most tricks player ``side`` can be sure of, both sides playing their best.

    ``forced`` are the next cards ``side`` plays, in order, as a book prints
    them ("If he led queen, then ten of diamonds, he would lose the point"):
    the adversary answers them as well as he can. Two players only (piquet,
    écarté). Exhaustive search with memoisation; quick for écarté's five
    cards, and for piquet end positions.
    """
    if len(hands) != 2:
        raise ValueError("max_tricks solves two-handed play only")
    start = (frozenset(hands[0]), frozenset(hands[1]))
    if len(start[0]) != len(start[1]):
        raise ValueError("both hands must hold the same number of cards")
    forced = tuple(forced)
    missing = [c.code for c in forced if c not in start[side]]
    if missing:
        raise ValueError(f"the forced cards {' '.join(missing)} are not in player {side + 1}'s hand")

    def choices(hand: frozenset[Card], trick: tuple[Card, ...], who: int, step: int) -> list[Card]:
        legal = legal_cards(hand, trick, laws)
        if who == side and step < len(forced):
            if forced[step] not in legal:
                raise ValueError(f"{forced[step]} may not be played there: the legal cards are "
                                 f"{_cards(legal)}")
            return [forced[step]]
        return legal

    @cache
    def solve(h0: frozenset[Card], h1: frozenset[Card], lead: int, step: int) -> int:
        if not h0:
            return 0
        hs = (h0, h1)
        follower = 1 - lead
        best_for_side: int | None = None
        for a in choices(hs[lead], (), lead, step):  # side plays one card a trick: card ``step``
            outcomes = []
            for b in choices(hs[follower], (a,), follower, step):
                win = lead if trick_winner((a, b), laws) == 0 else follower
                rest = [hs[0], hs[1]]
                rest[lead] = hs[lead] - {a}
                rest[follower] = hs[follower] - {b}
                outcomes.append((1 if win == side else 0) + solve(rest[0], rest[1], win, step + 1))
            value = max(outcomes) if follower == side else min(outcomes)
            if best_for_side is None:
                best_for_side = value
            elif lead == side:
                best_for_side = max(best_for_side, value)
            else:
                best_for_side = min(best_for_side, value)
        return best_for_side or 0

    return solve(start[0], start[1], leader, 0)


def can_take_all(hands: Sequence[Iterable[Card]], leader: int, laws: Laws, side: int = 0) -> bool:
    """Whether player ``side`` can take every trick whatever his adversary does (the capot, the vole).

    Much quicker than :func:`max_tricks` for twelve-card piquet hands: a line
    is dropped as soon as one trick is lost.
    """
    if len(hands) != 2:
        raise ValueError("can_take_all solves two-handed play only")

    @cache
    def solve(h0: frozenset[Card], h1: frozenset[Card], lead: int) -> bool:
        if not h0:
            return True
        hs = (h0, h1)
        follower = 1 - lead

        def after(a: Card, b: Card) -> bool:
            win = lead if trick_winner((a, b), laws) == 0 else follower
            if win != side:
                return False
            rest = [hs[0], hs[1]]
            rest[lead] = hs[lead] - {a}
            rest[follower] = hs[follower] - {b}
            return solve(rest[0], rest[1], win)

        if lead == side:
            return any(all(after(a, b) for b in legal_cards(hs[follower], (a,), laws))
                       for a in legal_cards(hs[lead], (), laws))
        return all(any(after(a, b) for b in legal_cards(hs[follower], (a,), laws))
                   for a in legal_cards(hs[lead], (), laws))

    start = (frozenset(hands[0]), frozenset(hands[1]))
    if len(start[0]) != len(start[1]):
        raise ValueError("both hands must hold the same number of cards")
    return solve(start[0], start[1], leader)


# ==========================================================================
# The table replay

ROLE_DEALER = ("dealer", "the dealer")
ROLE_ELDER = ("elder hand", "elder", "pone", "non-dealer", "eldest hand", "leader")


# ==========================================================================
# Numbers the books state: counts, odds, results


@dataclass(frozen=True)
class Stated:
    """What the rules give for a stated number: its exact value (``None`` for a name, such as a
    rank) and how the book would print it."""

    text: str
    exact: Fraction | None = None
    #: A proportion found by trials (rouge et noir's "31--13 times"): the book's figure is rough.
    observed: bool = False

    @staticmethod
    def count(n: int) -> Stated:
        return Stated(str(n), Fraction(n))

    @staticmethod
    def odds_against(p: Fraction) -> Stated:
        """Odds against an event of probability ``p``, as "a to 1" (exact to two decimals)."""
        against = (1 - p) / p
        return Stated(f"{_decimal(against)} to 1", against)

    @staticmethod
    def out_of(k: int, n: int) -> Stated:
        return Stated(f"{k} out of {n}", Fraction(k, n))


_GLYPHS = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
#: Words by which a book reports a figure it does not hold ("the odds against it are supposed to
#: be 63 to 1, [but] the bankers expect it about twice in three deals").
_HEARSAY = ("supposed",)


def _decimal(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}".rstrip("0")


def printed_number(text: str) -> Fraction:
    """A number as books print it: ``7``, ``7¼``, ``½``."""
    whole = text.rstrip("½¼¾")
    return Fraction(int(whole) if whole else 0) + sum((_GLYPHS[g] for g in text[len(whole):]), Fraction(0))


def printed_value(text: str) -> Fraction | None:
    """The exact value of a stated number: ``5 to 1`` -> 5, ``5 out of 12`` -> 5/12, ``25`` -> 25;
    ``None`` for a name (``Q``)."""
    words = text.split()
    try:
        if len(words) == 1:
            return printed_number(words[0])
        if words[1] == "to" and words[-1] == "1":
            return printed_number(words[0])
        if words[1] in ("to", "for"):
            return printed_number(words[0]) / printed_number(words[-1])
        if words[1:3] == ["out", "of"]:
            return printed_number(words[0]) / printed_number(words[-1])
    except (ValueError, ZeroDivisionError, KeyError):
        return None
    return None


#: Key segments that hold a set of cards (their order means nothing): sorted in a normalised key.
UNORDERED = ("hand.", "crib", "talon", "discard")


def normalise_key(text: str) -> str:
    """A position key in one form: card codes upper-case, the cards of a hand, crib or talon in
    suit and rank order. ``ValueError`` naming the expected form for text that is not a key."""
    parts = [p.strip() for p in text.strip().split("|")]
    if not re.fullmatch(r"[a-zé][a-zé' -]*", parts[0].lower()):
        raise ValueError(f"expected a card position key such as "
                         f"'cribbage|hand.A:5H.5C.5S.JD|starter:5D', not {text.strip()!r}")
    out = [parts[0].lower()]
    for part in parts[1:]:
        label, colon, value = part.partition(":")
        if not colon:
            raise ValueError(f"expected label:value in a position key, not {part!r}")
        if label.startswith(UNORDERED) or label in UNORDERED or label in ("starter", "table", "turnup"):
            cards = [parse_code(code) for code in value.split(".") if code]
            if label.startswith(UNORDERED) or label in UNORDERED:
                cards.sort(key=lambda c: (SUITS.index(c.suit), RANKS.index(c.rank)))
            value = ".".join(c.code for c in cards)
        out.append(f"{label}:{value}")
    return "|".join(out)


def written_cards(action: CardAction, printed: PrintedMove) -> list[tuple[Card, int | None, str | None]]:
    """Every card a line names, in the order written: the card, its body offset (``None`` when the
    reader kept none) and the player from whose hand it comes (``None`` for the table's cards, a
    count's or a claim's).

    A claim's arguments count when they are card codes (``better hand AS KS ...``), not ranks."""
    if action.kind == "claim":
        return [(card, at, None) for card, at in _claimed_cards(action, printed)]
    cards: list[Card | None]
    owners: list[str | None]
    if action.kind == "trick":
        cards = [c for _, c in action.plays]
        owners = [p for p, _ in action.plays]
    elif action.kind == "capture":  # "takes in 4C 3D with 9S": only the card played leaves the hand
        cards = [*action.cards, action.played]
        owners = [*(None for _ in action.cards), action.player]
    elif action.kind == "build":  # "builds 2C on 7D": the card built with leaves the hand
        cards = [action.played, *action.cards]
        owners = [action.player, *(None for _ in action.cards)]
    elif action.kind == "count":
        cards = [*action.cards, action.starter]
        owners = [None] * len(cards)
    else:
        cards = list(action.cards)
        owners = [action.player] * len(cards)
    spans = action.card_spans
    return [(card, spans[i][0] if i < len(spans) else None, owners[i])
            for i, card in enumerate(cards) if card is not None]


def _claimed_cards(action: CardAction, printed: PrintedMove) -> list[tuple[Card, int | None]]:
    """The card codes among a claim's arguments, each with its offset in the line."""
    out: list[tuple[Card, int | None]] = []
    at = 0
    for arg in action.ranks:
        found = re.compile(rf"(?<!\S){re.escape(arg)}(?!\S)").search(printed.text, at)
        offset = None
        if found is not None:
            at = found.end()
            offset = printed.start + found.start()
        try:
            out.append((parse_code(arg), offset))
        except ValueError:
            continue  # a rank, a colour, a trump suit: not a card
    return out


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards) or "-"


class TableReplay:
    """Replay of one card-game transcript: moves, diagnostics, claims, position keys."""

    #: The game's name in position keys and Game.variant.
    variant = "cards"
    #: Packs shuffled together: a card may be seen this many times in one deal.
    packs = 1

    def __init__(self, parsed: ParsedRecord, named: str) -> None:
        record = parsed.record
        self.parsed = parsed
        self.record = record
        #: The game the record names, as the family reads its tags (``[Game "royal cassino"]``, or
        #: ``[Game "cards"] [Variant "royal cassino"]``): a replay of several games plays that one.
        self.named = named
        #: The game's tallies (:attr:`Game.detail`), each game filling its own.
        self.detail = CardsGameDetail()
        self.game = Game(record=record, family="cards", notation=parsed.notation,
                         variant=self.variant, title=record.named("Title") or record.named("Event"), detail=self.detail)
        self.game.comments = list(parsed.comments)
        self.game.diagnostics.extend(parsed.diagnostics)
        self.players: list[str] = []
        self.roles: dict[str, str] = {}
        self.dealer: str | None = None
        self.deal_number = 0
        self.hands: dict[str, list[Card] | None] = {}
        #: Each card seen this deal: where it is, and where it was written (a body offset).
        self.seen: dict[Card, list[tuple[str, int | None]]] = {}
        #: Offsets of the cards of the line being replayed already reported as written twice on it.
        self.repeated: set[int | None] = set()
        self.scores: dict[str, int] = {}
        self.ply = 0
        self._move: Move | None = None
        self.printed: PrintedMove | None = None

    @property
    def move(self) -> Move:
        """The move made of the transcript line being replayed (only while one is)."""
        if self._move is None:
            raise RuntimeError("no transcript line is being replayed")
        return self._move

    @property
    def move_detail(self) -> CardsMoveDetail:
        """The detail of :attr:`move`."""
        return CardsMoveDetail.of(self.move.detail)

    # --- the walk ----------------------------------------------------------
    def run(self) -> Game:
        """Replay every action; never raises for bad input."""
        self.start()
        for printed in self.parsed.line.moves:
            self.ply += 1
            action: CardAction = printed.fields
            line, column = self.record.position(printed.start)
            self.printed = printed
            self._move = Move(ply=self.ply, side=action.player or "", printed=printed.text,
                             normalized=None, line=line, column=column,
                             detail=CardsMoveDetail(action.as_dict()), comment=printed.comment)
            self.check_cards(action, printed)
            handler = getattr(self, "on_" + action.kind, None)
            if handler is None:
                self.error("unknown-action", f"{action.kind!r} has no meaning in {self.variant}: "
                           f"expected one of {', '.join(self.actions())}")
            else:
                handler(action)
            if self.move.normalized is None:
                self.move.normalized = printed.text
            self.move.position = self.key()
            self.game.moves.append(self.move)
        self._move = None
        self.finish()
        return self.game

    def actions(self) -> list[str]:
        """The action kinds this game understands."""
        return sorted(name[3:] for name in dir(self) if name.startswith("on_"))

    def start(self) -> None:
        """Read the tags before the first action (a game may set its variant here)."""

    def finish(self) -> None:
        """After the last action (a game may check the final score here)."""

    # --- reporting -----------------------------------------------------------
    def where(self, offset: int | None = None) -> tuple[int | None, int | None]:
        if offset is None:
            if self.printed is None:
                return None, None
            offset = self.printed.start
        return self.record.position(offset)

    def error(self, code: Code, message: str, suggestions: Sequence[str] = (),
              severity: str = "error", offset: int | None = None, status: str = "error") -> None:
        """Report a problem at the current action (or at a body offset); the move takes ``status``."""
        report(self.game, severity, code, message, self.where(offset), self.ply or None, None, suggestions)
        if severity == "error" and self._move is not None and self._move.status == "ok":
            self._move.status = status  # type: ignore[assignment]

    def problems(self, problems: Iterable[Problem]) -> None:
        """Report the :class:`Problem` list a game's rules returned."""
        for p in problems:
            suggestions = list(p.suggestions) or ([p.expected] if p.expected else [])
            self.error(p.code, p.message, suggestions, severity=p.severity)

    def claim(self, what: str, claimed: Any, actual: Any, message: str | None = None,
              suggestion: str | None = None) -> bool:
        """Record a claimed number against the recomputed one; a wrong one is an error. True if right."""
        # Point at the number claimed when the line has one.
        action: CardAction | None = self.printed.fields if self.printed is not None else None
        at = action.number_at if action is not None and action.number == claimed else None
        line, column = self.where(at)
        self.game.claims.append(Claim(self.ply, what, str(claimed), str(actual), line, column))
        if str(claimed) == str(actual):
            return True
        self.error("wrong-count", message or f"{what}: the text claims {claimed}, the rules give {actual}",
                   [suggestion or str(actual)], offset=at)
        return False

    def note_claim(self, what: str, claimed: Any, actual: Any) -> Claim:
        """Record a claimed number against the recomputed one at the current line (the caller reports
        a wrong one in its own words)."""
        line, column = self.where()
        claim = Claim(self.ply, what, str(claimed), str(actual), line, column)
        self.game.claims.append(claim)
        return claim

    # --- stated numbers -----------------------------------------------------
    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        """Claim name -> how the game's rules compute it from the claim's arguments (ranks, totals)."""
        return {}

    def on_claim(self, action: CardAction) -> None:
        """``Claim: odds against 9 = 7¼ to 1``: a number the book states, recomputed.

        A printed fraction (½ ¼ ¾), "about" in the saying or a proportion found by trials marks an
        approximation: within a tenth it is a warning giving the exact figure; otherwise a wrong
        number is an error. A figure the book says is "supposed" is a warning however far out."""
        what = action.what or ""
        name = " ".join([what, *action.ranks])
        known = self.stated_numbers()
        self.move.normalized = f"claim {name} = {action.value}"
        if what not in known:
            self.error("unknown-claim", f"{self.variant} has no rule for {what!r}: expected one of "
                       f"{', '.join(sorted(known)) or 'nothing (no stated numbers in this game)'}",
                       sorted(known))
            return
        try:
            answer = known[what](action.ranks)
        except ValueError as exc:
            self.error("bad-claim", str(exc))
            return
        printed = action.value or ""
        self.note_claim(name, printed, answer.text)
        if printed == answer.text:
            return
        if printed == "?":
            self.error("number-missing", f"{name}: the book states no number; the rules give {answer.text}",
                       [answer.text], severity="warning", offset=action.number_at)
            return
        value = printed_value(printed)
        if answer.exact is not None and value == answer.exact:
            self.game.claims[-1].actual = printed  # the same number, printed another way
            return
        said = (action.said or "").lower()
        if any(word in said for word in _HEARSAY) and answer.exact is not None and value is not None:
            self.error("approximate", f"{name}: the book gives {printed} as what is supposed, "
                       f"exactly {answer.text}", [answer.text], severity="warning", offset=action.number_at)
            return
        rough = any(g in printed for g in _GLYPHS) or "about" in said or answer.observed
        if rough and answer.exact and value is not None and abs(value - answer.exact) <= answer.exact / 10:
            self.error("approximate", f"{name}: the book gives {printed}, exactly {answer.text}",
                       [answer.text], severity="warning", offset=action.number_at)
            return
        self.error("wrong-count", f"{name}: the book gives {printed}, the rules give {answer.text}",
                   [answer.text], offset=action.number_at)

    # --- seats, hands, cards seen -------------------------------------------
    def seat(self, name: str) -> str:
        """Make sure a player has a seat (in order of first appearance)."""
        if name not in self.players:
            self.players.append(name)
            self.scores.setdefault(name, 0)
            self.hands.setdefault(name, None)
        return name

    def actor(self, action: CardAction) -> str:
        """The player who acts on a line, seated. The grammar names one on every line but
        ``Players:``, ``Deal``, ``Starter:``, ``Score:``, ``Count:`` and ``Trick:``."""
        if action.player is None:
            raise ValueError(f"a {action.kind} line names no player")
        return self.seat(action.player)

    def next_player(self, name: str, step: int = 1) -> str:
        i = self.players.index(name)
        return self.players[(i + step) % len(self.players)]

    def on_players(self, action: CardAction) -> None:
        for name, role in action.pairs:
            self.seat(name)
            if role:
                self.roles[name] = role.lower()
                if role.lower() in ROLE_DEALER:
                    self.dealer = name
        self.move.normalized = "players " + ", ".join(
            f"{n} ({self.roles[n]})" if n in self.roles else n for n in self.players)

    def on_deal(self, action: CardAction) -> None:
        self.new_deal(action.player)
        self.move.normalized = f"deal {self.deal_number}, dealer {self.dealer or '?'}"

    def new_deal(self, dealer: str | None = None) -> None:
        """Start a deal: hands and cards seen are cleared; the deal passes if no dealer is named."""
        self.deal_number += 1
        if dealer:
            self.dealer = self.seat(dealer)
        elif self.dealer and self.deal_number > 1 and len(self.players) > 1:
            self.dealer = self.next_player(self.dealer)
        self.seen = {}
        self.hands = {p: None for p in self.players}

    def see(self, card: Card, where: str, offset: int | None = None) -> bool:
        """Note that ``card`` is at ``where``; a card seen more often in one deal than the game has
        packs is an error at its second sighting, naming the first."""
        sightings = self.seen.setdefault(card, [])
        if len(sightings) >= self.packs:
            if offset is None or offset not in self.repeated:  # the line's own check said it already
                first, at = sightings[0]
                times = "twice" if self.packs == 1 else f"{len(sightings) + 1} times in {self.packs} packs"
                self.error("card-twice", f"{card} is held {times}: it is already {first}"
                           + (f" ({self.at_text(at)})" if at is not None else ""), offset=offset)
            return False
        sightings.append((where, offset))
        return True

    def at_text(self, offset: int) -> str:
        """``line L, column C`` of a body offset."""
        line, column = self.record.position(offset)
        return f"line {line}, column {column}"

    #: Kinds of line that take a card out of the player's hand.
    FROM_HAND = frozenset({"play", "trick", "trail", "capture", "build", "discard"})

    def check_cards(self, action: CardAction, printed: PrintedMove) -> None:
        """What every card game checks of a line's cards, whatever its rules: no card written on one
        line more often than the game has packs, and a card that leaves a hand not yet given is seen
        (so two players cannot play the same card)."""
        written = written_cards(action, printed)
        self.repeated = set()
        count: dict[Card, list[int | None]] = {}
        for card, offset, player in written:
            offsets = count.setdefault(card, [])
            offsets.append(offset)
            if len(offsets) > self.packs:
                self.repeated.add(offset)
                first = f": first at {self.at_text(offsets[0])}" if offsets[0] is not None else ""
                times = "twice" if self.packs == 1 else f"{len(offsets)} times in {self.packs} packs"
                self.error("card-twice", f"{card} is written {times} on one line{first}", offset=offset)
                continue
            if action.kind in self.FROM_HAND and player is not None and self.hands.get(player) is None:
                self.see(card, f"played by {player}", offset)

    def take_hand(self, action: CardAction, size: int | None) -> list[Card]:
        """A dealt hand: every card new to this deal, of the size the game deals."""
        player = self.actor(action)
        cards: list[Card] = []
        for i, card in enumerate(action.cards):
            offset = action.card_spans[i][0] if i < len(action.card_spans) else None
            if self.see(card, f"in {player}'s hand", offset):
                cards.append(card)
        if size is not None and len(action.cards) != size:
            self.error("hand-size", f"{player}'s hand has {len(action.cards)} cards: "
                       f"{self.variant} deals {size}", [str(size)])
        self.hands[player] = cards
        return cards

    def remove(self, player: str, card: Card, verb: str, offset: int | None = None) -> bool:
        """Take a card out of a player's hand; a card not held is an error naming what is held."""
        hand = self.hands.get(player)
        if hand is None:
            return True  # seen by check_cards: the hand is not given
        if card in hand:
            hand.remove(card)
            return True
        self.error("not-held", f"{player} {verb} {card}, which {player} does not hold "
                   f"(holds {cards_text(hand)})", [c.code for c in hand], offset=offset)
        return False

    # --- the position key ------------------------------------------------------
    def key(self) -> str:
        parts = [self.variant]
        if self.dealer:
            parts.append(f"dealer:{self.dealer}")
        for p in self.players:
            hand = self.hands.get(p)
            if hand is not None:
                parts.append(f"hand.{p}:{'.'.join(c.code for c in hand)}")
        parts.extend(self.key_extra())
        if self.scores:
            parts.append("score:" + ",".join(f"{p}={n}" for p, n in self.scores.items()))
        return "|".join(parts)

    def key_extra(self) -> list[str]:
        return []


class GenericReplay(TableReplay):
    """A card game without rules of its own here (Pope Joan, Nap ...): cards, hands and duplicates only."""

    def start(self) -> None:
        self.variant = self.named
        self.game.variant = self.variant
        self.starter: Card | None = None

    def on_hold(self, action: CardAction) -> None:
        cards = self.take_hand(action, None)
        self.move.normalized = f"{action.player} holds {cards_text(cards)}"

    def on_starter(self, action: CardAction) -> None:
        card = action.cards[0]
        self.see(card, "turned up")
        self.starter = card
        self.move.normalized = f"turn-up {card}"

    def on_play(self, action: CardAction) -> None:
        card = action.cards[0]
        self.remove(self.actor(action), card, "plays")
        self.move.normalized = f"{action.player} plays {card}"

    def on_discard(self, action: CardAction) -> None:
        for card in action.cards:
            self.remove(self.actor(action), card, "discards")
        self.move.normalized = f"{action.player} discards {cards_text(action.cards)}"

    def on_say(self, action: CardAction) -> None:
        self.move.normalized = f'{action.player} says "{action.said}"'

    def key_extra(self) -> list[str]:
        return [f"turnup:{self.starter}"] if self.starter else []


class TrickDeal(Protocol):
    """What a trick-taking game's deal offers its replay: the exchange and the play."""

    def discard(self, player: str, cards: Iterable[Card]) -> list[Problem]: ...

    def draw(self, player: str, cards: Iterable[Card] = (), count: int | None = None) -> list[Problem]: ...

    def play_card(self, player: str, card: Card) -> list[Problem]: ...


class TrickGameReplay(TableReplay, abc.ABC):
    """What the two-handed trick-taking replays share: seats, the elder hand and the dealer,
    the exchange and the play, handed to the game's deal (:meth:`current`)."""

    @abc.abstractmethod
    def current(self) -> TrickDeal:
        """The deal being played (started on first use)."""

    @abc.abstractmethod
    def sync(self) -> None:
        """Copy the deal's hands and counts into the replay's hands and scores."""

    def play(self, player: str, card: Card) -> None:
        self.problems(self.current().play_card(player, card))
        self.sync()

    def elder_and_dealer(self) -> tuple[str, str]:
        dealer = self.dealer
        elder = next((p for p, r in self.roles.items() if r in ROLE_ELDER and p != dealer), None)
        if dealer is None and elder is not None and len(self.players) == 2:
            dealer = next(p for p in self.players if p != elder)
        if elder is None and dealer is not None and len(self.players) == 2:
            elder = next(p for p in self.players if p != dealer)
        names = self.players + ["Elder", "Dealer"]
        if elder is None:
            elder = next(n for n in names if n != dealer)
        if dealer is None:
            dealer = next(n for n in names if n != elder)
        return elder, dealer

    def on_players(self, action: CardAction) -> None:
        super().on_players(action)
        for name, role in self.roles.items():
            if role in ROLE_ELDER and self.dealer is None and len(action.pairs) == 2:
                self.dealer = next(n for n, _ in action.pairs if n != name)

    def on_say(self, action: CardAction) -> None:
        self.move.normalized = f'{action.player} says "{action.said}"'

    def on_trick(self, action: CardAction) -> None:
        for player, card in action.plays:
            self.play(self.seat(player), card)
        self.move.normalized = "trick " + ", ".join(f"{p} {c}" for p, c in action.plays)

    def on_play(self, action: CardAction) -> None:
        card = action.cards[0]
        self.play(self.actor(action), card)
        self.move.normalized = f"{action.player} {action.what or 'plays'} {card}"

    def on_discard(self, action: CardAction) -> None:
        self.problems(self.current().discard(self.actor(action), action.cards))
        self.sync()
        self.move.normalized = f"{action.player} discards {cards_text(action.cards)}"

    def on_draw(self, action: CardAction) -> None:
        count = action.number if not action.cards else None
        self.problems(self.current().draw(self.actor(action), action.cards, count))
        self.sync()
        self.move.normalized = f"{action.player} draws {cards_text(action.cards)}"


class TrickTableReplay(TableReplay, abc.ABC):
    """A trick-taking round game (nap, spoil five): every hand given, the play checked by
    :class:`TrickPlay` under the laws the game gives once the first card is led."""

    def start(self) -> None:
        self.trick_play: TrickPlay | None = None

    @abc.abstractmethod
    def laws(self, first: Card) -> Laws:
        """The laws of this deal, the first card led being ``first``."""

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        cards = self.take_hand(action, None)
        self.move.normalized = f"{player} holds {cards_text(cards)}"

    def play(self, player: str, card: Card) -> None:
        if self.trick_play is None:
            if any(self.hands.get(p) is None for p in self.players):
                self.error("hands-unknown", "the play is checked when every hand is given")
                return
            self.trick_play = TrickPlay([self.hands[p] or [] for p in self.players],
                                        self.players.index(player), self.laws(card))
        fault = self.trick_play.play(card, self.players.index(player))
        if fault is not None:
            self.problems([fault.problem()])
        self.remove(player, card, "plays")

    def on_play(self, action: CardAction) -> None:
        player = self.actor(action)
        self.play(player, action.cards[0])
        self.move.normalized = f"{player} plays {action.cards[0]}"

    def on_trick(self, action: CardAction) -> None:
        for player, card in action.plays:
            self.play(self.seat(player), card)
        self.move.normalized = "trick " + ", ".join(f"{p} {c}" for p, c in action.plays)

    def tricks_won(self) -> dict[str, int]:
        if self.trick_play is None:
            return {}
        won = self.trick_play.tricks_won()
        return {p: won[i] for i, p in enumerate(self.players)}
