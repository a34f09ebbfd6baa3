"""The trick-taking core shared by piquet, écarté and the games that follow them.

A game describes its laws of play once, as :class:`Laws`: the rank order
(low to high), the trump suit if any, and the obligations a player has to the
card led. Everything else here is the same for every trick-taking game:

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

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from notation.rules.cards.deck import RANKS, SUIT_NAMES, Card

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
    """

    ranks: tuple[str, ...]
    trump: str | None = None
    must_follow: bool = True
    must_head: bool = False
    must_trump: bool = False

    def power(self, card: Card) -> int:
        """Position of a card's rank in :attr:`ranks` (higher beats lower)."""
        try:
            return self.ranks.index(card.rank)
        except ValueError:
            raise ValueError(f"{card} is not in this game's pack: ranks are "
                             f"{' '.join(self.ranks)}") from None


def beats(challenger: Card, holder: Card, laws: Laws) -> bool:
    """Whether ``challenger`` takes a trick currently held by ``holder``.

    A trump beats any card of another suit; otherwise only a higher card of
    the same suit wins.
    """
    if challenger.suit == holder.suit:
        return laws.power(challenger) > laws.power(holder)
    return laws.trump is not None and challenger.suit == laws.trump


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
    cards = sorted(set(hand), key=lambda c: (c.suit, laws.power(c)))
    if not trick or not cards:
        return cards
    led = trick[0].suit
    holding = trick[trick_winner(trick, laws)]
    if laws.must_follow:
        follow = [c for c in cards if c.suit == led]
        if follow:
            if laws.must_head:
                winners = [c for c in follow if beats(c, holding, laws)]
                if winners:
                    return winners
            return follow
    if laws.trump is not None and (laws.must_trump or laws.must_head):
        trumps = [c for c in cards if c.suit == laws.trump]
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

    code: str
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

    kind: str
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
    led = trick[0].suit
    if laws.must_follow and card.suit != led and any(c.suit == led for c in held):
        return Fault("revoke", card, f"revoke: {card} played to a {SUIT_NAMES[led][:-1]} lead "
                     f"while holding {_cards(c for c in held if c.suit == led)}", tuple(legal))
    if card.suit != led and card.suit != laws.trump and any(c.suit == laws.trump for c in held):
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

    @lru_cache(maxsize=None)
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

    @lru_cache(maxsize=None)
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
