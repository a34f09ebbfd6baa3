"""Écarté: the laws of the Club Code (Cavendish), as the card books print them.

Law numbers below are those of the Club Code quoted in *Round Games* /
seed 002 ("LAWS OF ECARTE"). The parts:

* the pack — 32 cards, 7 to ace; the king is the highest card and the ace
  ranks between the knave and the ten (``K Q J A 10 9 8 7``);
* the deal (law 8) — five each, by two then three or three then two,
  non-dealer first; the dealer turns up the next card for trumps (law 10);
* the king (laws 22-25, 47) — the dealer marks one for turning up a king; a
  player holding the king of trumps marks one if he announces it before
  playing his first card (or, when the king is led first, before it is
  played to);
* proposing (laws 26-27, 38) — the non-dealer proposes or plays; the dealer
  accepts or refuses ("Play"); after an accepted proposal each discards and
  draws from the stock, the non-dealer first;
* play (laws 39-43) — the non-dealer leads; a player must follow suit, must
  win the trick when able, and, unable to follow, must trump;
* scoring (laws 46-49) — the point (three or four tricks) is one, the vole
  (five tricks) two; playing without proposing, or refusing the first
  proposal, and then failing to win the point gives the adversary two; a
  player who revoked or failed to head the trick (law 43) or announced a king
  he did not hold (law 25) and wins marks nothing for the point, one for the
  vole or for a point worth two; game is five up.

:class:`EcarteDeal` replays one deal action by action (each method returns
the :class:`~notation.rules.cards.tricks.Problem` list for that action) and
:class:`EcarteGame` keeps the score across deals and checks claimed scores.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Literal

from notation.boards.cards import PIQUET_RANKS, SUIT_NAMES, Card, pack, parse_code
from notation.parse.cards import CardAction
from notation.rules.cards.replay import (
    ECARTE_ORDER,
    Laws,
    Problem,
    Stated,
    TrickGameReplay,
    TrickPlay,
    cards_text,
    legal_cards,
    max_tricks,
    trick_winner,
)

#: Cards in a hand (law 8).
HAND_SIZE = 5
#: Points that win the game (law 46).
GAME = 5
#: The order of the cards, low to high.
ORDER = ECARTE_ORDER

Proposal = Literal["none", "refused", "accepted"]


def ecarte_pack() -> list[Card]:
    """The 32-card piquet pack écarté is played with: 7 to ace in each suit."""
    return pack(PIQUET_RANKS)


def laws(trump: str | None) -> Laws:
    """The laws of play for a deal with ``trump`` as trumps (law 43: follow, head the trick, trump)."""
    return Laws(ECARTE_ORDER, trump, must_follow=True, must_head=True, must_trump=True)


def book_line_tricks(hand: Sequence[Card], adversary: Iterable[Card], trump: str) -> int:
    """The fewest tricks a player who leads makes by the book's line, whatever his adversary plays.

    The line, as the *Jeux de règle* print it ("Lead king of spades; if not trumped, follow with
    queen, etc."): on lead he plays the first card of ``hand``, in the order given, that he still
    holds; following, law 43 binds him, and of the cards it allows he plays the lowest that wins
    the trick, else the lowest. His adversary's every legal answer and lead is tried.
    """
    return _worst(tuple(hand), trump, frozenset(hand), frozenset(adversary), True)


@cache
def _worst(order: tuple[Card, ...], trump: str, mine: frozenset[Card], his: frozenset[Card],
           i_lead: bool) -> int:
    if not mine:
        return 0
    rules = laws(trump)
    outcomes = []
    if i_lead:
        lead = next(c for c in order if c in mine)
        for answer in legal_cards(his, (lead,), rules):
            won = trick_winner((lead, answer), rules) == 0
            outcomes.append(won + _worst(order, trump, mine - {lead}, his - {answer}, won))
        return min(outcomes)
    for lead in legal_cards(his, (), rules):
        allowed = legal_cards(mine, (lead,), rules)
        winners = [c for c in allowed if trick_winner((lead, c), rules) == 1]
        answer = min(winners or allowed, key=lambda c: (c.suit == trump, rules.power(c)))
        outcomes.append(bool(winners) + _worst(order, trump, mine - {answer}, his - {lead}, bool(winners)))
    return min(outcomes)


def _gaps(hand: Sequence[Card]) -> dict[Card, tuple[str, int]]:
    """Each card the player does not hold -> its suit and how many of the player's cards of that
    suit it is above. Cards are only ever compared with the other player's, so two adversary
    hands with as many cards in each such gap are played out alike."""
    def power(c: Card) -> int:
        return ECARTE_ORDER.index(c.rank)
    return {c: (c.suit, sum(1 for m in hand if m.suit == c.suit and power(m) < power(c)))
            for c in ecarte_pack() if c not in hand}


def sure_tricks(hand: Sequence[Card], trump: str, most_trumps: int) -> tuple[int, int]:
    """The fewest tricks the book's line makes (:func:`book_line_tricks`) against every hand the
    adversary can hold with at most ``most_trumps`` trumps (a trump being left for the turn-up);
    and how many such hands there are."""
    gap = _gaps(hand)
    rest = sorted(gap, key=lambda c: (c.suit, ECARTE_ORDER.index(c.rank)))
    trumps_left = sum(1 for c in rest if c.suit == trump)
    kinds: dict[tuple[tuple[str, int], ...], tuple[Card, ...]] = {}
    hands = 0
    for his in combinations(rest, HAND_SIZE):
        trumps = sum(1 for c in his if c.suit == trump)
        if trumps > most_trumps or trumps == trumps_left:
            continue
        hands += 1
        kinds.setdefault(tuple(sorted(gap[c] for c in his)), his)
    return min(book_line_tricks(hand, his, trump) for his in kinds.values()), hands


@dataclass(frozen=True)
class Dealt:
    """A deal as law 8 and law 10 make it: the two hands, the turn-up and the stock."""

    dealer: tuple[Card, ...]
    non_dealer: tuple[Card, ...]
    turnup: Card
    stock: tuple[Card, ...]


def deal(cards: Sequence[Card], packets: tuple[int, int] = (3, 2)) -> Dealt:
    """Deal a shuffled pack (top card first) as law 8 orders it.

    The dealer gives ``packets[0]`` cards to his adversary and as many to
    himself, then ``packets[1]`` to each: by three then two, or two then
    three. The next card is turned up for trumps (law 10); the rest is the stock.
    """
    if sorted(packets) != [2, 3]:
        raise ValueError(f"law 8 deals by two then three or by three then two, not {packets}")
    _check_pack(cards)
    at = 0
    non_dealer: list[Card] = []
    dealer: list[Card] = []
    for n in packets:
        non_dealer += cards[at:at + n]
        dealer += cards[at + n:at + 2 * n]
        at += 2 * n
    return Dealt(tuple(dealer), tuple(non_dealer), cards[at], tuple(cards[at + 1:]))


def _check_pack(cards: Sequence[Card]) -> None:
    if len(cards) != 32 or set(cards) != set(ecarte_pack()):
        raise ValueError("écarté is dealt from the 32-card pack, 7 to ace in each suit; "
                         f"got {len(cards)} cards, {len(set(cards))} different")


def point_value(tricks: int, *, winner_is_dealer: bool, proposal: Proposal,
                offender: bool = False) -> int:
    """What the winner of a deal marks for winning ``tricks`` tricks (three to five).

    Law 48: the point (three or four tricks) is one, the vole (five) two.
    Law 49: two for the point when the loser is the non-dealer who played
    without proposing, or the dealer who refused the first proposal ("only to
    the point, the score for the vole being unaffected"). Laws 25 and 43: an
    ``offender`` (he revoked, failed to win a trick when able, or announced a
    king he did not hold) marks nothing for the point, one for the vole, and
    one for a point worth two.
    """
    if not 3 <= tricks <= HAND_SIZE:
        raise ValueError(f"the winner of a deal takes three to five tricks, not {tricks}")
    doubled = (proposal == "none" and winner_is_dealer) or (proposal == "refused" and not winner_is_dealer)
    if tricks == HAND_SIZE:
        return 1 if offender else 2
    if doubled:
        return 1 if offender else 2
    return 0 if offender else 1


def game_value(winner_score: int, loser_score: int) -> int:
    """Law 46, by agreement: a treble if the loser has not scored, a double if he
    has one or two, a single if three or four."""
    if winner_score < GAME:
        raise ValueError(f"the game is five up: {winner_score} has not won it")
    if loser_score <= 0:
        return 3
    return 2 if loser_score <= 2 else 1


@dataclass
class DealResult:
    """The outcome of a deal: tricks each player won and what each marks (king included)."""

    tricks: dict[str, int]
    points: dict[str, int]
    winner: str | None
    reason: str


class EcarteDeal:
    """One deal of écarté replayed action by action.

    The books seldom give everything: a hand may be unknown (``None``), the
    discards unnamed, the play only begun. What is given is checked; what is
    missing is not invented. Every method returns the problems found with
    that action (empty when it is lawful); the deal goes on regardless.
    """

    def __init__(self, dealer: str, non_dealer: str) -> None:
        self.dealer = dealer
        self.non_dealer = non_dealer
        self.hands: dict[str, set[Card] | None] = {dealer: None, non_dealer: None}
        self.turnup: Card | None = None
        self.seen: set[Card] = set()
        self.marks: dict[str, int] = {dealer: 0, non_dealer: 0}
        self.king_marked: str | None = None
        self.false_king: str | None = None
        self.proposal: Proposal | None = None
        self.proposals = 0
        self.pending: str | None = None  # a proposal awaiting the dealer's answer
        self.exchanged: dict[str, int] = {dealer: 0, non_dealer: 0}
        self.play: TrickPlay | None = None
        self.offenders: set[str] = set()
        self.claimed: dict[str, int] = {}
        self.last_answer: Proposal | None = None
        self._out: dict[str, list[Card]] = {}  # discards awaiting their draw

    def _stranger(self, player: str) -> list[Problem]:
        if player in (self.dealer, self.non_dealer):
            return []
        return [Problem("unknown-player", f"{player} is not playing this deal "
                        f"(dealer {self.dealer}, non-dealer {self.non_dealer})")]

    # -- the deal and the turn-up ---------------------------------------
    @property
    def trump(self) -> str | None:
        return self.turnup.suit if self.turnup else None

    def deal(self, hands: Mapping[str, Iterable[Card] | None], turnup: Card | None) -> list[Problem]:
        """Record the hands dealt (law 8: five each) and the turn-up (law 10)."""
        problems: list[Problem] = []
        for player, cards in hands.items():
            if player not in self.hands:
                problems.append(Problem("unknown-player", f"{player} is not playing this deal "
                                        f"(players: {self.dealer}, {self.non_dealer})"))
                continue
            if cards is None:
                continue
            hand = list(cards)
            problems += self._new_cards(hand, f"{player}'s hand")
            if len(hand) != HAND_SIZE:
                problems.append(Problem("hand-size", f"law 8: {player} is dealt {len(hand)} cards, "
                                        f"expected {HAND_SIZE}", str(HAND_SIZE)))
            self.hands[player] = set(hand)
        if turnup is not None:
            problems += self._new_cards([turnup], "the turn-up")
            self.turnup = turnup
        return problems

    def _new_cards(self, cards: Sequence[Card], where: str) -> list[Problem]:
        problems = []
        for card in cards:
            if card.rank not in PIQUET_RANKS:
                problems.append(Problem("no-such-card", f"{card} in {where} is not in the écarté "
                                        "pack (7 to ace)"))
            elif card in self.seen or cards.count(card) > 1:
                problems.append(Problem("duplicate-card", f"{card} in {where} is already in play"))
        self.seen.update(cards)
        return problems

    # -- the king ---------------------------------------------------------
    def mark_king(self, player: str) -> list[Problem]:
        """``player`` marks the king: turned up by him as dealer (law 22) or held in hand (law 23)."""
        if self._stranger(player):
            return self._stranger(player)
        if self.turnup is None:
            return [Problem("no-trump", "the king is marked before a card is turned up for trumps")]
        king = Card("K", self.turnup.suit)
        if self.king_marked is not None:
            return [Problem("king-twice", f"the king has already been marked by {self.king_marked}")]
        if self.turnup == king:
            if player != self.dealer:
                return [Problem("false-king", f"law 22: the king turned up is the dealer's "
                                f"({self.dealer}) to mark, not {player}'s")]
        else:
            hand = self.hands.get(player)
            if hand is not None and king not in hand:
                self.false_king = player
                return [Problem("false-king", f"law 25: {player} announces the king of "
                                f"{SUIT_NAMES[king.suit]} but does not hold it")]
            if self.play is not None and player in self._played_by() and not self._king_led(player):
                return [Problem("king-late", f"law 23: {player} must announce the king before "
                                "playing his first card")]
        self.king_marked = player
        self.marks[player] += 1
        return []

    def _king_led(self, player: str) -> bool:
        """Law 24: a king of trumps that was the player's first card may still be announced
        (led: until it is played to; played by the dealer: until he plays again)."""
        assert self.play is not None and self.turnup is not None
        index = 0 if player == self.non_dealer else 1
        mine = [(t, c) for t in self.play.tricks for p, c in zip(t.players, t.cards) if p == index]
        if len(mine) != 1 or mine[0][1] != Card("K", self.turnup.suit):
            return False
        trick = mine[0][0]
        led = trick.players[0] == index
        return not led or (len(trick.cards) == 1 and len(self.play.tricks) == 1)

    @property
    def finished(self) -> bool:
        """All five tricks have been played."""
        return self.play is not None and sum(1 for t in self.play.tricks if t.complete) == HAND_SIZE

    def _played_by(self) -> set[str]:
        assert self.play is not None
        names = (self.non_dealer, self.dealer)
        return {names[p] for t in self.play.tricks for p in t.players}

    # -- proposing --------------------------------------------------------
    def propose(self, player: str, cards: int | None = None) -> list[Problem]:
        """The non-dealer proposes (asks for fresh cards)."""
        if self._stranger(player):
            return self._stranger(player)
        if player != self.non_dealer:
            return [Problem("wrong-player", f"the non-dealer ({self.non_dealer}) proposes, not {player}")]
        if self.play is not None or self.proposal in ("none", "refused"):
            return [Problem("too-late", "no proposal once play has begun or a proposal was refused")]
        if cards is not None and not 1 <= cards <= HAND_SIZE:
            return [Problem("wrong-count", f"a proposal asks for one to five cards, not {cards}")]
        self.pending = player
        self.proposals += 1
        return []

    def accept(self, player: str) -> list[Problem]:
        """The dealer accepts the proposal: both may exchange."""
        return self._answer(player, "accepted")

    def refuse(self, player: str) -> list[Problem]:
        """The dealer refuses ("Play"): the hands are played as they are."""
        return self._answer(player, "refused")

    def _answer(self, player: str, answer: Proposal) -> list[Problem]:
        if self._stranger(player):
            return self._stranger(player)
        if player != self.dealer:
            return [Problem("wrong-player", f"the dealer ({self.dealer}) accepts or refuses, not {player}")]
        if self.pending is None:
            return [Problem("no-proposal", f"{player} answers a proposal nobody made")]
        self.pending = None
        self.last_answer = answer
        if self.proposals == 1:
            self.proposal = answer  # law 49 looks at the first proposal only
        return []

    def play_without_proposing(self, player: str) -> list[Problem]:
        """The non-dealer elects to play without proposing (law 49)."""
        if self._stranger(player):
            return self._stranger(player)
        if player != self.non_dealer:
            return [Problem("wrong-player", f"only the non-dealer ({self.non_dealer}) can play "
                            f"without proposing, not {player}")]
        if self.proposals:
            return [Problem("too-late", f"{player} has already proposed")]
        self.proposal = "none"
        return []

    # -- discarding and drawing -------------------------------------------
    def exchange(self, player: str, discards: Iterable[Card] | None = None,
                 drawn: Iterable[Card] | None = None, count: int | None = None) -> list[Problem]:
        """``player`` discards and draws as many from the stock (laws 28-34).

        Any of the three may be missing (the books say "Y takes three cards"
        and name only what is taken in); the counts that are given must agree.
        """
        if self._stranger(player):
            return self._stranger(player)
        problems: list[Problem] = []
        if self.last_answer != "accepted":
            problems.append(Problem("no-exchange", "cards are exchanged only after a proposal "
                                    "is accepted (law 26)"))
        out = list(discards) if discards is not None else None
        new = list(drawn) if drawn is not None else None
        counts = {n for n in (count, len(out) if out is not None else None,
                              len(new) if new is not None else None) if n is not None}
        if len(counts) > 1:
            problems.append(Problem("wrong-count", f"{player} discards and draws different numbers "
                                    f"of cards ({', '.join(map(str, sorted(counts)))}): "
                                    "laws 29-34 give as many as are discarded"))
        n = max(counts) if counts else None
        if n is not None and player == self.non_dealer and not 1 <= n <= HAND_SIZE:
            problems.append(Problem("wrong-count", f"the non-dealer exchanges one to five cards, not {n}"))
        if n is not None and not 0 <= n <= HAND_SIZE:
            problems.append(Problem("wrong-count", f"a player exchanges at most five cards, not {n}"))
        hand = self.hands.get(player)
        if out is not None and hand is not None:
            for card in out:
                if card not in hand:
                    problems.append(Problem("not-held", f"{player} discards {card}, which he does "
                                            f"not hold ({' '.join(sorted(c.code for c in hand))})"))
        if new is not None:
            problems += self._new_cards(new, f"{player}'s draw")
        if hand is not None and out is not None and new is not None:
            self.hands[player] = (hand - set(out)) | set(new)
        else:
            self.hands[player] = None  # the hand is no longer known card for card
        self.exchanged[player] += n or 0
        return problems

    def discard(self, player: str, cards: Iterable[Card]) -> list[Problem]:
        """``player`` puts out ``cards``; the exchange is completed by :meth:`draw`."""
        if self._stranger(player):
            return self._stranger(player)
        self._out[player] = self._out.get(player, []) + list(cards)
        hand = self.hands.get(player)
        missing = [c.code for c in cards if hand is not None and c not in hand]
        if missing:
            return [Problem("not-held", f"{player} discards {' '.join(missing)}, which he does not "
                            f"hold ({' '.join(sorted(c.code for c in hand or ()))})")]
        return []

    def draw(self, player: str, cards: Iterable[Card] = (), count: int | None = None) -> list[Problem]:
        """``player`` takes ``cards`` (or ``count`` unnamed cards) from the stock, after his discard."""
        if self._stranger(player):
            return self._stranger(player)
        out = self._out.pop(player, None)
        new = list(cards)
        hand = self.hands.get(player)
        if out is not None and hand is not None:
            out = [c for c in out if c in hand]  # a card not held was reported by discard()
        return self.exchange(player, out, new if new or count is None else None,
                             count if count is not None else None)

    # -- play -------------------------------------------------------------
    def play_card(self, player: str, card: Card) -> list[Problem]:
        """``player`` plays ``card``: checked against laws 39-43 when his hand is known."""
        if self._stranger(player):
            return self._stranger(player)
        if self.play is None:
            if self.proposal is None and self.proposals == 0:
                self.proposal = "none"  # the non-dealer led without proposing
            hands = [self.hands[self.non_dealer] or set(), self.hands[self.dealer] or set()]
            self.play = TrickPlay(hands, 0, laws(self.trump))
            self._known = [self.hands[self.non_dealer] is not None, self.hands[self.dealer] is not None]
        index = 0 if player == self.non_dealer else 1
        if player not in (self.dealer, self.non_dealer):
            return [Problem("unknown-player", f"{player} is not playing this deal")]
        if self.finished:
            return [Problem("too-many-cards", f"{player} plays {card} after the fifth trick")]
        if not self._known[index]:
            # The hand is unknown: play the card as printed, checking only the turn.
            self.play.hands[index].add(card)
            fault = self.play.play(card, index)
            if fault is not None and fault.kind == "wrong-turn":
                return [fault.problem()]
            return []
        fault = self.play.play(card, index)
        if fault is None:
            return []
        if fault.kind in ("revoke", "not-heading", "not-trumping"):
            self.offenders.add(player)
        problem = fault.problem()
        lawful = problem.code in ("revoke", "not-heading", "not-trumping")
        return [Problem(problem.code, f"law 43: {problem.message}" if lawful else problem.message,
                        None, problem.suggestions)]

    def tricks(self) -> dict[str, int]:
        """Tricks won so far by each player."""
        if self.play is None:
            return {self.non_dealer: 0, self.dealer: 0}
        won = self.play.tricks_won()
        return {self.non_dealer: won[0], self.dealer: won[1]}

    # -- the result -------------------------------------------------------
    def claim(self, player: str, tricks: int) -> list[Problem]:
        """The book says ``player`` wins the deal with ``tricks`` tricks (3: "the point", 5: "the vole").

        When the play is printed to its end the claim is checked against it;
        otherwise it stands for the tricks not shown.
        """
        if self._stranger(player):
            return self._stranger(player)
        problems: list[Problem] = []
        if not 3 <= tricks <= HAND_SIZE:
            problems.append(Problem("wrong-count", f"the winner of a deal takes three to five "
                                    f"tricks, not {tricks}"))
        if self.finished:
            won = self.tricks()[player]
            if (won >= 3) != (tricks >= 3) or (won == 5) != (tricks == 5):
                problems.append(Problem("wrong-result", f"{player} took {won} tricks, which is "
                                        f"{_result_name(won)}, not {_result_name(tricks)}",
                                        _result_name(won)))
        self.claimed = {player: tricks}
        return problems

    def result(self) -> DealResult:
        """What each player marks for this deal (the king included), from the play when it is
        complete, else from the claim."""
        tricks = self.tricks()
        if self.finished:
            winner = max(tricks, key=tricks.__getitem__)
            won = tricks[winner]
            how = "played out"
        elif self.claimed:
            (winner, won), = self.claimed.items()
            how = "as claimed"
        else:
            return DealResult(tricks, dict(self.marks), None, "not finished")
        won = max(3, min(won, HAND_SIZE))
        points = dict(self.marks)
        offender = winner in self.offenders or winner == self.false_king
        value = point_value(won, winner_is_dealer=winner == self.dealer,
                            proposal=self.proposal or "accepted", offender=offender)
        points[winner] += value
        reason = f"{winner} wins {_result_name(won)} ({how})"
        if value == 2 and won < HAND_SIZE:
            reason += ", two by law 49"
        if offender:
            reason += ", reduced by law 25/43"
        return DealResult(tricks, points, winner, reason)


def _result_name(tricks: int) -> str:
    if tricks >= HAND_SIZE:
        return "the vole"
    if tricks >= 3:
        return "the point"
    return f"{tricks} trick{'s' if tricks != 1 else ''} (not the point)"


class EcarteGame:
    """A game of five up: deals in turn, the score after each, claims checked (laws 46-50)."""

    def __init__(self, players: tuple[str, str]) -> None:
        self.players = players
        self.score: dict[str, int] = {p: 0 for p in players}
        self.deals: list[EcarteDeal] = []
        #: Whether the current deal's marks are in :attr:`score` (no deal yet: nothing to add).
        self.scored = True

    def new_deal(self, dealer: str) -> EcarteDeal:
        """Start a deal by ``dealer``, scoring the previous one first."""
        if dealer not in self.players:
            raise ValueError(f"{dealer} is not playing this game (players: {', '.join(self.players)})")
        self.close_deal()
        other = self.players[1] if dealer == self.players[0] else self.players[0]
        current = EcarteDeal(dealer, other)
        self.deals.append(current)
        self.scored = False
        return current

    def close_deal(self) -> DealResult | None:
        """Add the current deal's marks to the score (once)."""
        if not self.deals or self.scored:
            return None
        result = self.deals[-1].result()
        if result.winner is not None or any(result.points.values()):
            for player, n in result.points.items():
                self.score[player] += n
            self.scored = True
        return result

    @property
    def winner(self) -> str | None:
        """The player who has reached five, if any."""
        for p in self.players:
            if self.score[p] >= GAME:
                return p
        return None

    def check_score(self, claimed: Mapping[str, int]) -> list[Problem]:
        """Check a printed score (``Score: Y = 2; A = 3``) against the score so far."""
        self.close_deal()
        problems = []
        for player, value in claimed.items():
            if player not in self.score:
                problems.append(Problem("unknown-player", f"{player} is not playing this game "
                                        f"(players: {', '.join(self.players)})"))
            elif self.score[player] != value:
                problems.append(Problem("wrong-score", f"{player}'s score is {self.score[player]}, "
                                        f"not {value}", str(self.score[player])))
        return problems


def guaranteed_tricks(side_hands: Iterable[Iterable[Card]], other_hands: Iterable[Iterable[Card]],
                      side_leads: bool, trump: str, ) -> int:
    """The tricks a player is sure of whatever the adversary holds among ``other_hands``:
    the best of his possible hands ``side_hands``, each against the worst case.

    Used to check a book's "and must win the vole" when a hand is known only
    up to the choice of discards.
    """
    rules = laws(trump)
    others = [tuple(h) for h in other_hands]
    best = 0
    for mine in side_hands:
        mine = tuple(mine)
        worst = min(max_tricks([mine, other] if side_leads else [other, mine],
                               0, rules, 0 if side_leads else 1) for other in others)
        best = max(best, worst)
    return best


def hands_after_exchange(before: Iterable[Card], drawn: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every hand a player can hold after drawing ``drawn``: he discarded as many of ``before``."""
    before, drawn = list(before), list(drawn)
    keep = len(before) - len(drawn)
    return [tuple(kept) + tuple(drawn) for kept in combinations(before, keep)]


__all__ = ["HAND_SIZE", "GAME", "ORDER", "ecarte_pack", "laws", "Dealt", "deal", "point_value",
           "game_value", "DealResult", "EcarteDeal", "EcarteGame", "guaranteed_tricks",
           "hands_after_exchange", "legal_cards", "trick_winner"]

# --------------------------------------------------------------------------
# The transcript replay

class EcarteReplay(TrickGameReplay):
    """Écarté, five up, under the Club Code laws."""

    variant = "ecarte"

    def start(self) -> None:
        self.match: EcarteGame | None = None
        self.deal: EcarteDeal | None = None
        self.pending_dealer: str | None = None

    def game_of_five(self) -> EcarteGame:
        if self.match is None:
            elder, dealer = self.elder_and_dealer()
            self.seat(elder), self.seat(dealer)
            self.match = EcarteGame((self.players[0], self.players[1]))
        return self.match

    def current(self) -> EcarteDeal:
        if self.deal is None:
            match = self.game_of_five()
            _, dealer = self.elder_and_dealer()
            if dealer not in match.players:
                dealer = match.players[1]
            self.deal = match.new_deal(dealer)
        return self.deal

    def on_deal(self, action: CardAction) -> None:
        if self.match is None and action.player:
            self.dealer = self.actor(action)  # name the players before the game is made
        match = self.game_of_five()
        dealer = action.player
        if dealer is not None and dealer not in match.players:
            self.error("unknown-player", f"{dealer} is not playing this game (players: "
                       f"{', '.join(match.players)})", list(match.players))
            dealer = None
        if dealer is None:
            # The deal passes: "It is now Y's turn to deal."
            if self.deal is not None:
                dealer = self.deal.non_dealer
            else:
                dealer = self.dealer if self.dealer in match.players else match.players[0]
        self.new_deal(dealer)
        self.deal = match.new_deal(dealer)
        self.move.normalized = f"deal {self.deal_number}, dealer {dealer}"
        self.sync()

    def sync(self) -> None:
        if self.deal is not None:
            for p in (self.deal.dealer, self.deal.non_dealer):
                hand = self.deal.hands.get(p)
                self.hands[p] = sorted(hand) if hand is not None else None
        if self.match is not None:
            result = self.deal.result() if self.deal is not None else None
            for p in self.match.players:
                pending = 0
                if result is not None and not self.match.scored:
                    pending = result.points.get(p, 0)
                self.scores[p] = self.match.score[p] + pending

    def on_hold(self, action: CardAction) -> None:
        player = self.actor(action)
        self.problems(self.current().deal({player: action.cards}, None))
        self.sync()
        self.move.normalized = f"{player} holds {cards_text(action.cards)}"

    def on_starter(self, action: CardAction) -> None:
        card = action.cards[0]
        deal = self.current()
        if action.player and action.player != deal.dealer:
            self.error("wrong-player", f"the dealer ({deal.dealer}) turns up the trump, not {action.player}")
        self.problems(deal.deal({}, card))
        self.sync()
        self.move.normalized = f"turn-up {card}"

    def on_declare(self, action: CardAction) -> None:
        if (action.what or "").lower() != "king":
            self.error("unknown-declaration", f"écarté has one announcement, the king, not "
                       f"{action.what!r}", ["king"])
            return
        self.problems(self.current().mark_king(self.actor(action)))
        self.sync()
        self.move.normalized = f"{action.player} marks the king"

    def on_propose(self, action: CardAction) -> None:
        self.problems(self.current().propose(self.actor(action), action.number))
        self.move.normalized = f"{action.player} proposes"

    def on_accept(self, action: CardAction) -> None:
        self.problems(self.current().accept(self.actor(action)))
        self.move.normalized = f"{action.player} accepts"

    def on_refuse(self, action: CardAction) -> None:
        deal = self.current()
        player = self.actor(action)
        if player == deal.non_dealer and deal.pending is None:
            self.problems(deal.play_without_proposing(player))
            self.move.normalized = f"{player} plays without proposing"
        else:
            self.problems(deal.refuse(player))
            self.move.normalized = f"{player} refuses"

    def on_peg(self, action: CardAction) -> None:
        """``A marks 1 for the king``, ``Y marks 1 for the point``, ``A marks 2 for the vole``."""
        deal = self.current()
        player = self.actor(action)
        reason = (action.what or "").lower()
        number = action.number
        if "king" in reason:
            self.problems(deal.mark_king(player))
            self.note_claim(f"{player} marks the king", number, 1)
            if number != 1:
                self.error("wrong-count", f"the king marks one (law 47), not {number}", ["1"])
        elif "vole" in reason or "point" in reason:
            tricks = 5 if "vole" in reason else 3
            self.problems(deal.claim(player, tricks))
            result = deal.result()
            actual = result.points.get(player, 0) - deal.marks.get(player, 0) \
                if result.winner == player else 0
            self.note_claim(f"{player} marks {reason}", number, actual)
            if actual != number:
                self.error("wrong-count", f"{player} marks {actual} for {reason} ({result.reason}), "
                           f"not {number}", [str(actual)])
        else:
            self.error("no-such-score", f"écarté scores the king, the point and the vole, not "
                       f"{reason!r}", ["king", "point", "vole"])
        self.sync()
        self.move.normalized = f"{player} marks {number} for {reason}"

    def on_score(self, action: CardAction) -> None:
        match = self.game_of_five()
        claimed = dict(action.pairs)
        problems = match.check_score(claimed)
        for player, value in action.pairs:
            self.note_claim(f"{player}'s score", value, match.score.get(player))
        self.problems(problems)
        self.sync()
        self.move.normalized = "score " + ", ".join(f"{p} {v}" for p, v in action.pairs)

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        """``Claim: tricks sure against one trump H KS QS JS 8H 8D = 3`` (*Jeux de règle*): the trump
        suit, then the leader's hand in the order the book plays it; the fewest tricks that line
        makes against every hand holding at most that many trumps (:func:`sure_tricks`)."""
        def sure(most: int) -> Callable[[tuple[str, ...]], Stated]:
            def stated(args: tuple[str, ...]) -> Stated:
                if len(args) != HAND_SIZE + 1 or args[0] not in SUIT_NAMES:
                    raise ValueError("expected the trump suit (C D H S) and the five cards of the hand")
                hand = [parse_code(a) for a in args[1:]]
                if len(set(hand)) != HAND_SIZE or any(c not in ecarte_pack() for c in hand):
                    raise ValueError(f"{' '.join(args[1:])} is not a hand of five cards of the piquet pack")
                return Stated.count(sure_tricks(hand, args[0], most)[0])
            return stated
        return {f"tricks sure against {word} trump": sure(n) for n, word in enumerate(("no", "one"))} | {
            "tricks sure against two trumps": sure(2)}

    def finish(self) -> None:
        if self.match is None:
            return
        self.match.close_deal()
        self.sync()
        winner = self.match.winner
        self.detail.score = dict(self.match.score)
        if winner is not None:
            loser = next(p for p in self.match.players if p != winner)
            self.game.result = f"{winner} wins"
            self.detail.game_value = game_value(self.match.score[winner],
                                                               self.match.score[loser])

    def key_extra(self) -> list[str]:
        if self.deal is None or self.deal.turnup is None:
            return []
        return [f"turnup:{self.deal.turnup}"]
