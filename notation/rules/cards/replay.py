"""The part of a card-transcript replay every card game shares.

A :class:`TableReplay` walks the printed card actions of one record, makes a
:class:`~notation.model.Move` of each, and keeps what any card game knows:
who sits where and who deals, which cards have been seen (a card held twice
is an error wherever it appears), the hands as dealt and as they shrink, the
claimed scores. A game (cribbage, piquet, écarté) subclasses it and handles
the actions its rules give meaning to; an action a game does not know is
reported, and the replay goes on.

The position key of a card game is a compact state string::

    cribbage|dealer:B|hand.A:6H.7S|hand.B:10C|crib:QH.9C.AH.4D|starter:QC|table:7S.10H|count:17|score:A=3,B=0

segments separated by ``|``, the first naming the game; ``picture`` draws it.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from notation.model import Claim, Diagnostic, Game, Move, ParsedRecord, PrintedMove
from notation.rules.cards.deck import Card

ROLE_DEALER = ("dealer", "the dealer")
ROLE_ELDER = ("elder hand", "elder", "pone", "non-dealer", "eldest hand", "leader")


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards) or "-"


class TableReplay:
    """Replay of one card-game transcript: moves, diagnostics, claims, position keys."""

    #: The game's name in position keys and Game.variant.
    variant = "cards"

    def __init__(self, parsed: ParsedRecord) -> None:
        record = parsed.record
        self.parsed = parsed
        self.record = record
        self.game = Game(record=record, family="cards", notation=parsed.notation,
                         variant=self.variant, title=record.tag("Title") or record.tag("Event"))
        self.game.comments = list(parsed.comments)
        self.game.diagnostics.extend(parsed.diagnostics)
        self.players: list[str] = []
        self.roles: dict[str, str] = {}
        self.dealer: str | None = None
        self.deal_number = 0
        self.hands: dict[str, list[Card] | None] = {}
        self.seen: dict[Card, str] = {}
        self.scores: dict[str, int] = {}
        self.ply = 0
        self.move: Move | None = None
        self.printed: PrintedMove | None = None

    # --- the walk ----------------------------------------------------------
    def run(self) -> Game:
        """Replay every action; never raises for bad input."""
        self.start()
        for printed in self.parsed.line.moves:
            self.ply += 1
            action = printed.fields
            line, column = self.record.position(printed.start)
            self.printed = printed
            self.move = Move(ply=self.ply, side=action.player or "", printed=printed.text,
                             normalized=None, line=line, column=column,
                             detail={"action": action.as_dict()}, comment=printed.comment)
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

    def error(self, code: str, message: str, suggestions: Sequence[str] = (),
              severity: str = "error", offset: int | None = None, status: str = "error") -> None:
        """Report a problem at the current action (or at a body offset); the move takes ``status``."""
        line, column = self.where(offset)
        self.game.diagnostics.append(Diagnostic(severity, code, message, line, column,  # type: ignore[arg-type]
                                                self.ply or None, None, list(suggestions)))
        if severity == "error" and self.move is not None and self.move.status == "ok":
            self.move.status = status  # type: ignore[assignment]

    def problems(self, problems: Iterable[Any]) -> None:
        """Report the :class:`~notation.rules.cards.tricks.Problem` list a game's rules returned."""
        for p in problems:
            suggestions = list(p.suggestions) or ([p.expected] if p.expected else [])
            self.error(p.code, p.message, suggestions, severity=p.severity)

    def claim(self, what: str, claimed: Any, actual: Any, message: str | None = None,
              suggestion: str | None = None) -> bool:
        """Record a claimed number against the recomputed one; a wrong one is an error. True if right."""
        # Point at the number claimed when the line has one.
        action = self.printed.fields if self.printed is not None else None
        at = getattr(action, "number_at", None) if getattr(action, "number", None) == claimed else None
        line, column = self.where(at)
        self.game.claims.append(Claim(self.ply, what, str(claimed), str(actual), line, column))
        if str(claimed) == str(actual):
            return True
        self.error("wrong-count", message or f"{what}: the text claims {claimed}, the rules give {actual}",
                   [suggestion or str(actual)], offset=at)
        return False

    # --- seats, hands, cards seen -------------------------------------------
    def seat(self, name: str) -> str:
        """Make sure a player has a seat (in order of first appearance)."""
        if name not in self.players:
            self.players.append(name)
            self.scores.setdefault(name, 0)
            self.hands.setdefault(name, None)
        return name

    def next_player(self, name: str, step: int = 1) -> str:
        i = self.players.index(name)
        return self.players[(i + step) % len(self.players)]

    def on_players(self, action: Any) -> None:
        for name, role in action.pairs:
            self.seat(name)
            if role:
                self.roles[name] = role.lower()
                if role.lower() in ROLE_DEALER:
                    self.dealer = name
        self.move.normalized = "players " + ", ".join(
            f"{n} ({self.roles[n]})" if n in self.roles else n for n in self.players)

    def on_deal(self, action: Any) -> None:
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
        """Note that ``card`` is at ``where``; a card seen twice in one deal is an error."""
        if card in self.seen:
            self.error("card-twice", f"{card} is held twice: it is already {self.seen[card]}",
                       offset=offset)
            return False
        self.seen[card] = where
        return True

    def take_hand(self, action: Any, size: int | None) -> list[Card]:
        """A dealt hand: every card new to this deal, of the size the game deals."""
        player = self.seat(action.player)
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
            return self.see(card, f"played by {player}", offset) or True
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
        self.variant = (self.record.tag("Variant") or self.record.tag("Game") or "cards").lower()
        self.game.variant = self.variant

    def on_hold(self, action: Any) -> None:
        cards = self.take_hand(action, None)
        self.move.normalized = f"{action.player} holds {cards_text(cards)}"

    def on_starter(self, action: Any) -> None:
        card = action.cards[0]
        self.see(card, "turned up")
        self.starter = card
        self.move.normalized = f"turn-up {card}"

    def on_play(self, action: Any) -> None:
        card = action.cards[0]
        self.remove(self.seat(action.player), card, "plays")
        self.move.normalized = f"{action.player} plays {card}"

    def on_discard(self, action: Any) -> None:
        for card in action.cards:
            self.remove(self.seat(action.player), card, "discards")
        self.move.normalized = f"{action.player} discards {cards_text(action.cards)}"

    def on_say(self, action: Any) -> None:
        self.move.normalized = f'{action.player} says "{action.said}"'

    def key_extra(self) -> list[str]:
        starter = getattr(self, "starter", None)
        return [f"turnup:{starter}"] if starter else []
