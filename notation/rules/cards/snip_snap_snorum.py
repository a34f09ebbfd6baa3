"""Snip-snap-snorum and Jig (Baxter-Wray, *Round Games with Cards*).

**Snip-snap-snorum**: each plays in turn; a card of the denomination just
played by the player on the right pairs it: "one stake for Snip, which is
the first pairing of a card; two stakes for Snap ...; and three stakes for
Snorum", paid by the player whose card was paired. "The penalties ... do not
remain in force if any other card intervenes." The replay follows the plays,
checks each call said (``C plays 9H "Snip"``) and totals what each player
pays (``Claim: pays B = 1``).

**Jig** is played "on the lines of Pope Joan": a lead and the four cards
next above it in suit are called Snip, Snap, Snorum, Hicockalorum and Jig;
the player of the Jig leads again. ``Claim: jig to A = 5``: the card that is
Jig to a lead (none from the ten up: the king stops the run first).
"""

from __future__ import annotations

from collections.abc import Callable

from notation.boards.cards import RANKS, Card
from notation.details.cards import CardsMoveDetail
from notation.parse.cards import CardAction
from notation.rules.cards.pope_joan import SEQUENCE
from notation.rules.cards.replay import Stated, TableReplay

CALLS = ("snip", "snap", "snorum")
JIG_CALLS = ("snip", "snap", "snorum", "hicockalorum", "jig")


def jig_to(rank: str) -> str | None:
    """The rank that is Jig to a lead of ``rank``: four above it, ace low, king high."""
    i = SEQUENCE.index(rank) + len(JIG_CALLS) - 1
    return SEQUENCE[i] if i < len(SEQUENCE) else None


class SnipSnapSnorumReplay(TableReplay):
    """Snip-snap-snorum: pairings of the card just played, called and paid for."""

    variant = "snip-snap-snorum"

    def start(self) -> None:
        self.variant = self.named
        self.game.variant = self.variant
        self.pairing: list[tuple[str, Card]] = []   # the unbroken pairings of one denomination
        self.paid: dict[str, int] = {}

    def on_hold(self, action: CardAction) -> None:
        self.take_hand(action, None)
        self.move.normalized = f"{action.player} holds {' '.join(c.code for c in action.cards)}"

    def on_play(self, action: CardAction) -> None:
        player = self.actor(action)
        card = action.cards[0]
        self.remove(player, card, "plays")
        pairs = bool(self.pairing) and self.pairing[-1][1].rank == card.rank
        self.pairing = [*self.pairing, (player, card)] if pairs else [(player, card)]
        call = CALLS[len(self.pairing) - 2] if len(self.pairing) >= 2 else None
        said = (action.said or "").strip().lower().rstrip(".!")
        if call is not None:
            payer = self.pairing[-2][0]
            stakes = len(self.pairing) - 1
            self.paid[payer] = self.paid.get(payer, 0) + stakes
            if said and said != call:
                self.error("wrong-call", f"{card} makes the {len(self.pairing) - 1}. pairing: "
                           f"the call is {call.capitalize()}, not {action.said}", [call.capitalize()])
            self.move.normalized = f"{player} plays {card}: {call}, {payer} pays {stakes}"
        else:
            if said in CALLS:
                self.error("wrong-call", f"{card} pairs nothing (the card before it: "
                           f"{self.previous()}): no {action.said}")
            self.move.normalized = f"{player} plays {card}"

    def previous(self) -> str:
        plays = [a for m in self.game.moves if (a := CardsMoveDetail.of(m.detail).action or {}).get("kind") == "play"]
        cards = plays[-1].get("cards") if plays else None
        return str(cards[0]) if isinstance(cards, list) and cards else "none"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        def pays(args: tuple[str, ...]) -> Stated:
            if len(args) != 1:
                raise ValueError("expected one player")
            return Stated.count(self.paid.get(args[0], 0))

        def jig(args: tuple[str, ...]) -> Stated:
            if len(args) != 1 or args[0] not in RANKS + ("A",):
                raise ValueError("expected one rank")
            return Stated(jig_to(args[0]) or "none")

        return {"pays": pays, "jig to": jig}
