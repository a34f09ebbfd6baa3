"""Transcript replays of the trick-taking games: piquet and écarté.

Each walks the printed card actions of a record (see
:class:`~notation.rules.cards.replay.TableReplay`) and hands them to the
game's rules, :class:`~notation.rules.cards.piquet.PiquetDeal` or
:class:`~notation.rules.cards.ecarte.EcarteDeal`; every problem the rules
return becomes a diagnostic on the line that caused it, and every claimed
number (a declaration's value, an announced count, ``Score:``) is recorded
as a :class:`~notation.model.Claim` against the recomputed one.

Transcript lines and their meaning here:

* piquet — ``E holds ...`` (the hand dealt, or after the draw), ``E discards``
  / ``E draws``, ``E declares point|quinte|quatorze aces|carte blanche ... = N``,
  ``D replies good|not good|equal``, ``E leads AS`` / ``D plays 7S`` /
  ``Trick: E AS, D 9S``, ``Score: E 21`` (the count announced in the deal, as
  players announce it: "Twenty-one"; each ``Deal`` starts from nothing),
  ``E scores 60 for pic`` (one score of the deal checked);
* écarté — ``A turns up KS`` / ``Trumps: KS``, ``A marks 1 for the king``,
  ``Y proposes``, ``A accepts``, ``A refuses "Play"`` (the dealer refuses;
  the non-dealer "refuses" to propose: he plays without proposing),
  ``Y discards`` / ``Y draws``, plays and tricks, ``A marks 2 for the vole``,
  ``Score: Y 2, A 3`` (the game's score).
"""

from __future__ import annotations

from typing import Any

from notation.rules.cards import ecarte, piquet
from notation.rules.cards.replay import ROLE_ELDER, TableReplay, cards_text


class _TrickGameReplay(TableReplay):
    """What the two trick-taking replays share: seats, the elder hand and the dealer."""

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

    def on_players(self, action: Any) -> None:
        super().on_players(action)
        for name, role in self.roles.items():
            if role in ROLE_ELDER and self.dealer is None and len(action.pairs) == 2:
                self.dealer = next(n for n, _ in action.pairs if n != name)

    def on_say(self, action: Any) -> None:
        self.move.normalized = f'{action.player} says "{action.said}"'

    def on_trick(self, action: Any) -> None:
        for player, card in action.plays:
            self.play(self.seat(player), card)
        self.move.normalized = "trick " + ", ".join(f"{p} {c}" for p, c in action.plays)

    def on_play(self, action: Any) -> None:
        card = action.cards[0]
        self.play(self.seat(action.player), card)
        self.move.normalized = f"{action.player} {action.what or 'plays'} {card}"

    def on_discard(self, action: Any) -> None:
        self.problems(self.current().discard(self.seat(action.player), action.cards))
        self.sync()
        self.move.normalized = f"{action.player} discards {cards_text(action.cards)}"

    def on_draw(self, action: Any) -> None:
        count = action.number if not action.cards else None
        self.problems(self.current().draw(self.seat(action.player), action.cards, count))
        self.sync()
        self.move.normalized = f"{action.player} draws {cards_text(action.cards)}"


class PiquetReplay(_TrickGameReplay):
    """Piquet (au cent; ``[Variant "rubicon"]`` for Rubicon piquet's declaring and scoring)."""

    variant = "piquet"

    def start(self) -> None:
        game = (self.record.tag("Game") or "").lower()
        self.rubicon = "rubicon" in game or "rubicon" in (self.record.tag("Variant") or "").lower()
        rule = (self.record.tag("PointRule") or "").lower()
        self.english_point = rule == "english"
        self.deal: piquet.PiquetDeal | None = None
        self.past: dict[str, int] = {}
        self.game.detail["rubicon"] = self.rubicon

    def current(self) -> piquet.PiquetDeal:
        if self.deal is None:
            elder, dealer = self.elder_and_dealer()
            self.seat(elder), self.seat(dealer)
            self.deal = piquet.PiquetDeal(elder, dealer, rubicon=self.rubicon,
                                          english_point=self.english_point)
        return self.deal

    def on_deal(self, action: Any) -> None:
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

    def on_hold(self, action: Any) -> None:
        player = self.seat(action.player)
        self.problems(self.current().hold(player, action.cards))
        self.sync()
        self.move.normalized = f"{player} holds {cards_text(action.cards)}"

    def on_declare(self, action: Any) -> None:
        deal = self.current()
        player = self.seat(action.player)
        kind = action.what or ""
        self.problems(deal.declare(player, kind, action.cards, action.rank, action.number))
        decl = deal.declarations[-1] if deal.declarations and deal.declarations[-1].player == player \
            else None
        if decl is not None and decl.combo is not None and action.number is not None:
            actual = _declared_value(decl, action.number)
            if actual is not None:
                self.game.claims.append(_claim(self, f"{kind} declared by {player}",
                                               action.number, actual))
        self.sync()
        what = decl.combo.describe() if decl is not None and decl.combo is not None \
            and getattr(decl.combo, "suit", "?") != "?" else kind
        self.move.normalized = f"{player} declares {what}" + (
            f" = {action.number}" if action.number is not None else "")

    def on_reply(self, action: Any) -> None:
        self.problems(self.current().reply(self.seat(action.player), action.what or ""))
        self.sync()
        self.move.normalized = f"{action.player} replies {action.what}"

    def play(self, player: str, card: Any) -> None:
        self.problems(self.current().play_card(player, card))
        self.sync()

    def on_score(self, action: Any) -> None:
        # A piquet player announces his count for the deal ("Twenty-one"): Score lines
        # are checked against the deal's running counts.
        deal = self.current()
        claimed = dict(action.pairs)
        for player, value in action.pairs:
            actual = deal.total(player) if player in (deal.elder, deal.dealer) else None
            self.game.claims.append(_claim(self, f"{player}'s count", value, actual))
        self.problems(deal.check_score(claimed))
        self.sync()
        self.move.normalized = "score " + ", ".join(f"{p} {v}" for p, v in action.pairs)

    def on_peg(self, action: Any) -> None:
        """``E scores 60 for pic``: one score of the deal, looked up by its name."""
        deal = self.current()
        player = self.seat(action.player)
        reason = (action.what or "").lower()
        items = [i for i in deal.items() if i.player == player and _matches(reason, i.what)]
        actual = sum(i.points for i in items)
        self.game.claims.append(_claim(self, f"{player} {reason}", action.number, actual))
        if not items:
            self.error("no-such-score", f"{player} scores nothing for {reason or 'this'} in this deal "
                       f"(his scores: {deal.breakdown(player) or 'none'})", ["0"])
        elif actual != action.number:
            self.error("wrong-count", f"{player}'s {reason} is worth {actual}, not {action.number}",
                       [str(actual)])
        self.move.normalized = f"{player} scores {action.number} for {reason}"

    def finish(self) -> None:
        if self.deal is not None:
            self.game.detail["deal"] = {p: self.deal.breakdown(p) for p in (self.deal.elder, self.deal.dealer)}

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


def _declared_value(decl: piquet.Declaration, number: int) -> int | None:
    combo = decl.combo
    if isinstance(combo, piquet.Point):
        if combo.suit == "?":
            return None
        return combo.pips if number > 8 else combo.value
    if isinstance(combo, piquet.Run) and combo.suit == "?":
        return None
    return combo.value if combo is not None else None


def _claim(replay: TableReplay, what: str, claimed: Any, actual: Any) -> Any:
    from notation.model import Claim
    line, column = replay.where()
    return Claim(replay.ply, what, str(claimed), str(actual), line, column)


class EcarteReplay(_TrickGameReplay):
    """Écarté, five up, under the Club Code laws."""

    variant = "ecarte"

    def start(self) -> None:
        self.match: ecarte.EcarteGame | None = None
        self.deal: ecarte.EcarteDeal | None = None
        self.pending_dealer: str | None = None

    def game_of_five(self) -> ecarte.EcarteGame:
        if self.match is None:
            elder, dealer = self.elder_and_dealer()
            self.seat(elder), self.seat(dealer)
            self.match = ecarte.EcarteGame((self.players[0], self.players[1]))
        return self.match

    def current(self) -> ecarte.EcarteDeal:
        if self.deal is None:
            match = self.game_of_five()
            _, dealer = self.elder_and_dealer()
            if dealer not in match.players:
                dealer = match.players[1]
            self.deal = match.new_deal(dealer)
        return self.deal

    def on_deal(self, action: Any) -> None:
        if self.match is None and action.player:
            self.dealer = self.seat(action.player)  # name the players before the game is made
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
                if result is not None and not getattr(self.match, "_scored", True):
                    pending = result.points.get(p, 0)
                self.scores[p] = self.match.score[p] + pending

    def on_hold(self, action: Any) -> None:
        player = self.seat(action.player)
        self.problems(self.current().deal({player: action.cards}, None))
        self.sync()
        self.move.normalized = f"{player} holds {cards_text(action.cards)}"

    def on_starter(self, action: Any) -> None:
        card = action.cards[0]
        deal = self.current()
        if action.player and action.player != deal.dealer:
            self.error("wrong-player", f"the dealer ({deal.dealer}) turns up the trump, not {action.player}")
        self.problems(deal.deal({}, card))
        self.sync()
        self.move.normalized = f"turn-up {card}"

    def on_declare(self, action: Any) -> None:
        if (action.what or "").lower() != "king":
            self.error("unknown-declaration", f"écarté has one announcement, the king, not "
                       f"{action.what!r}", ["king"])
            return
        self.problems(self.current().mark_king(self.seat(action.player)))
        self.sync()
        self.move.normalized = f"{action.player} marks the king"

    def on_propose(self, action: Any) -> None:
        self.problems(self.current().propose(self.seat(action.player), action.number))
        self.move.normalized = f"{action.player} proposes"

    def on_accept(self, action: Any) -> None:
        self.problems(self.current().accept(self.seat(action.player)))
        self.move.normalized = f"{action.player} accepts"

    def on_refuse(self, action: Any) -> None:
        deal = self.current()
        player = self.seat(action.player)
        if player == deal.non_dealer and deal.pending is None:
            self.problems(deal.play_without_proposing(player))
            self.move.normalized = f"{player} plays without proposing"
        else:
            self.problems(deal.refuse(player))
            self.move.normalized = f"{player} refuses"

    def play(self, player: str, card: Any) -> None:
        self.problems(self.current().play_card(player, card))
        self.sync()

    def on_peg(self, action: Any) -> None:
        """``A marks 1 for the king``, ``Y marks 1 for the point``, ``A marks 2 for the vole``."""
        deal = self.current()
        player = self.seat(action.player)
        reason = (action.what or "").lower()
        number = action.number
        if "king" in reason:
            self.problems(deal.mark_king(player))
            self.game.claims.append(_claim(self, f"{player} marks the king", number, 1))
            if number != 1:
                self.error("wrong-count", f"the king marks one (law 47), not {number}", ["1"])
        elif "vole" in reason or "point" in reason:
            tricks = 5 if "vole" in reason else 3
            self.problems(deal.claim(player, tricks))
            result = deal.result()
            actual = result.points.get(player, 0) - deal.marks.get(player, 0) \
                if result.winner == player else 0
            self.game.claims.append(_claim(self, f"{player} marks {reason}", number, actual))
            if actual != number:
                self.error("wrong-count", f"{player} marks {actual} for {reason} ({result.reason}), "
                           f"not {number}", [str(actual)])
        else:
            self.error("no-such-score", f"écarté scores the king, the point and the vole, not "
                       f"{reason!r}", ["king", "point", "vole"])
        self.sync()
        self.move.normalized = f"{player} marks {number} for {reason}"

    def on_score(self, action: Any) -> None:
        match = self.game_of_five()
        claimed = dict(action.pairs)
        problems = match.check_score(claimed)
        for player, value in action.pairs:
            self.game.claims.append(_claim(self, f"{player}'s score", value, match.score.get(player)))
        self.problems(problems)
        self.sync()
        self.move.normalized = "score " + ", ".join(f"{p} {v}" for p, v in action.pairs)

    def finish(self) -> None:
        if self.match is None:
            return
        self.match.close_deal()
        self.sync()
        winner = self.match.winner
        self.game.detail["score"] = dict(self.match.score)
        if winner is not None:
            loser = next(p for p in self.match.players if p != winner)
            self.game.result = f"{winner} wins"
            self.game.detail["game_value"] = ecarte.game_value(self.match.score[winner],
                                                               self.match.score[loser])

    def key_extra(self) -> list[str]:
        if self.deal is None or self.deal.turnup is None:
            return []
        return [f"turnup:{self.deal.turnup}"]
