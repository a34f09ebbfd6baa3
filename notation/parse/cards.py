"""Card-game transcripts (``grammars/cards.lark``) -> printed card actions.

Each line of a transcript becomes one :class:`~notation.model.PrintedMove`
whose ``fields`` is a :class:`CardAction`: what kind of action it is (deal,
discard, draw, starter, declare, reply, play, say, claim score ...), who did
it, which cards, which number was claimed and what the player said. Cards in
every printed form (suit symbols, compact codes, English words, Unicode card
characters) are read to :class:`~notation.boards.cards.Card`. Nothing
here knows the rules: a card held twice or a wrong count is the replay's
business.

>>> from notation.parse.cards import read_cards
>>> [str(c) for c in read_cards("♡ A K: ♣ 7")]
['AH', 'KH', '7C']
>>> [str(c) for c in read_cards("king, queen, knave of spades, eight and seven of clubs")]
['KS', 'QS', 'JS', '8C', '7C']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Transformer, Tree, UnexpectedInput
from lark.exceptions import VisitError

from notation.boards.cards import Card, from_unicode, parse_code, parse_rank, parse_suit
from notation.details.cards import CardsExtra
from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record
from notation.parse import ParseError, load

NOTATION = "transcript"

#: Human names for the grammar's terminals, used in "expected ..." messages.
TERMINAL_NAMES = {
    "CODE": "a card code (AH, 10S, TS)", "SUIT_SYMBOL": "a suit symbol (♣ ♢ ♡ ♠)",
    "RANK": "a rank (A K Q J 10 ... 2)", "UCARD": "a playing-card character (🂡)",
    "RANK_WORD": "a rank word (ace, knave, deuce ...)", "RANK_NUMBER": "a rank 2-10",
    "SUIT_WORD": "a suit word (clubs, diamonds, hearts, spades)",
    "SUIT_ADJ": "a suit adjective (spade, heart ...)", "NAME": "a player name (A, B, Dealer)",
    "NUMBER": "a number", "STRING": 'a quoted saying ("Go")', "_NL": "the end of the line",
    "$END": "the end of the text", "EQUAL": "'='", "COLON": "':'", "COMMA": "','",
    "DISCARD_VERB": "lays out / discards", "PLAY_VERB": "plays / leads", "PEG_VERB": "pegs / scores",
    "REPLY": "good / not good / equal", "DECL_KIND": "point / sequence / quatorze / trio ...",
    "SHOW_WHAT": "hand / crib", "CAPTURE_VERB": "takes in / gathers / sweeps",
    "TAB_MARK": "a tab mark (. 0 1 X -)", "MONEY": "a sum such as 3d, 1s 6d, 2s",
    "STAKE_VERB": "stakes / bets / adds", "CLAIM_WHAT": "what is claimed, in words",
    "_OF": "'of'", "_AND": "'and'", "_THE": "'the'",
}


@dataclass(frozen=True)
class CardAction:
    """What one transcript line says, read but not checked.

    ``kind`` is one of ``players deal hold discard starter play say peg show
    score count declare reply propose accept refuse draw trick comment``.
    """

    kind: str
    player: str | None = None
    cards: tuple[Card, ...] = ()
    #: The number the line claims (a count, a score, a declaration's value).
    number: int | None = None
    #: What the player or the book says, without its quotes.
    said: str | None = None
    #: The action's object in words: "hand"/"crib" for a show, the kind of a
    #: declaration ("point", "quatorze"), the reply ("not good"), the reason
    #: for a peg ("last card"), the verb as printed ("lays out", "leads").
    what: str | None = None
    #: A plural rank named by a declaration ("quatorze aces" -> "A").
    rank: str | None = None
    #: ``Score:`` lines: (player, claimed total) pairs; ``Players:``: (player, role).
    pairs: tuple[tuple[str, Any], ...] = ()
    #: ``Count:`` lines: the starter, and whether the hand is a crib.
    starter: Card | None = None
    crib: bool = False
    #: ``Trick:`` lines: (player, card) in the order played; ``Deal N:`` its number.
    plays: tuple[tuple[str, Card], ...] = ()
    deal: int | None = None
    #: Offsets (in the record body) of each card as printed, for diagnostics.
    card_spans: tuple[tuple[int, int], ...] = ()
    #: Offset (in the record body) of the claimed number, for diagnostics.
    number_at: int | None = None
    #: Cassino: the card played from the hand to take in or to build (``with 9S``, ``builds 2C``).
    played: Card | None = None
    #: Cassino builds: the table cards built on, one tuple per pile (``on 4D / 5H 2S``).
    groups: tuple[tuple[Card, ...], ...] = ()
    #: Faro tab rows: the marks in order (``.`` soda, ``0`` loser, ``1`` winner, ``X`` split, ``-`` hoc).
    marks: tuple[str, ...] = ()
    #: ``Claim:`` lines: what the claim is about (ranks ``9 8 2``, colours ``B B R``, a dice total
    #: ``14``) and the value as printed (``5 to 1``, ``7¼ to 1``, ``5 out of 12``, ``Q``).
    ranks: tuple[str, ...] = ()
    value: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for key in ("player", "number", "said", "what", "rank", "deal", "value"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.cards:
            out["cards"] = [c.code for c in self.cards]
        if self.starter:
            out["starter"] = self.starter.code
        if self.crib:
            out["crib"] = True
        if self.pairs:
            out["pairs"] = [list(p) for p in self.pairs]
        if self.plays:
            out["plays"] = [[p, c.code] for p, c in self.plays]
        if self.played:
            out["played"] = self.played.code
        if self.groups:
            out["groups"] = [[c.code for c in g] for g in self.groups]
        if self.marks:
            out["marks"] = list(self.marks)
        if self.ranks:
            out["ranks"] = list(self.ranks)
        return out


class CardSyntaxError(ValueError):
    """A card the grammar read but that does not exist (a knight, rank 1 ...), with its offset."""

    def __init__(self, offset: int, message: str) -> None:
        super().__init__(message)
        self.offset = offset


@dataclass
class _Cards:
    cards: list[Card] = field(default_factory=list)
    spans: list[tuple[int, int]] = field(default_factory=list)


class _OneCard(_Cards):
    """The ``card`` rule: exactly one card (cassino's card played, a starter ...)."""


@dataclass(frozen=True)
class _Ranks:
    ranks: tuple[str, ...]


@dataclass(frozen=True)
class _Value:
    text: str
    at: int


def _unquote(token: Token) -> str:
    return str(token)[1:-1]


def _span(token: Token) -> tuple[int, int]:
    return token.start_pos or 0, token.end_pos or 0


def _one_card(token: Token, read: Callable[[str], Card]) -> _Cards:
    """The card one token prints, read by ``read``; a token naming no card is a syntax error at it."""
    try:
        card = read(str(token))
    except ValueError as exc:
        raise CardSyntaxError(token.start_pos or 0, str(exc)) from None
    return _Cards([card], [_span(token)])


class CardsTransformer(Transformer):
    """Tree of ``cards.lark`` -> list of ``(CardAction, start, end)``; card words looked up in the deck."""

    # --- cards -----------------------------------------------------------
    def _card(self, rank: str, suit: str, token: Token) -> Card:
        try:
            return Card(parse_rank(rank), parse_suit(suit))
        except ValueError as exc:
            raise CardSyntaxError(token.start_pos or 0, str(exc)) from None

    def cards_common__code_card(self, children: list[Token]) -> _Cards:
        return _one_card(children[0], parse_code)

    code_card = cards_common__code_card

    def cards_common__unicode_card(self, children: list[Token]) -> _Cards:
        return _one_card(children[0], from_unicode)

    unicode_card = cards_common__unicode_card

    def symbol_group(self, children: list[Token]) -> _Cards:
        suit, *ranks = children
        out = _Cards()
        for rank in ranks:
            out.cards.append(self._card(str(rank), str(suit), rank))
            out.spans.append((suit.start_pos or 0, rank.end_pos or 0) if rank is ranks[0]
                             else _span(rank))
        return out

    def rank_word(self, children: list[Token]) -> Token:
        return children[0]

    def word_group(self, children: list[Token]) -> _Cards:
        out = _Cards()
        if children[0].type.endswith("SUIT_ADJ"):      # the spade Ten
            suit, rank = children
            out.cards.append(self._card(str(rank), str(suit), rank))
            out.spans.append((suit.start_pos or 0, rank.end_pos or 0))
            return out
        *ranks, suit = children                       # queen and six of hearts
        for rank in ranks:
            out.cards.append(self._card(str(rank), str(suit), rank))
            out.spans.append((rank.start_pos or 0, suit.end_pos or 0))
        return out

    def cards(self, children: list[Any]) -> _Cards:
        out = _Cards()
        for group in children:
            if isinstance(group, _Cards):
                out.cards.extend(group.cards)
                out.spans.extend(group.spans)
        return out

    def card(self, children: list[Any]) -> _OneCard:
        group = self.cards(children)
        if len(group.cards) != 1:
            at = group.spans[0][0] if group.spans else 0
            raise CardSyntaxError(at, f"expected one card here, found {len(group.cards)}: "
                                      + " ".join(c.code for c in group.cards))
        return _OneCard(group.cards, group.spans)

    def claim_ranks(self, children: list[Token]) -> _Ranks:
        return _Ranks(tuple(str(t) for t in children))

    def claim_value(self, children: list[Token]) -> _Value:
        return _Value(" ".join(str(t) for t in children), children[0].start_pos or 0)

    # --- lines -----------------------------------------------------------
    def said(self, children: list[Token]) -> str:
        return _unquote(children[0])

    def comment(self, children: list[Token]) -> tuple[str, Token]:
        return ("comment", children[0])

    def player(self, children: list[Token]) -> tuple[str, str | None]:
        name = str(children[0])
        role = str(children[1])[1:-1].strip() if len(children) > 1 else None
        return name, role

    def score_item(self, children: list[Token]) -> tuple[str, int]:
        return str(children[0]), int(children[-1])

    def trick_card(self, children: list[Any]) -> tuple[str, _Cards]:
        return str(children[0]), children[1]

    def rank_plural(self, children: list[Token]) -> tuple[str, str]:
        return ("rank", parse_rank(str(children[0])))

    def __default__(self, data: str, children: list[Any], meta: Any) -> Any:
        # Every line rule ends here: build its CardAction from its pieces.
        if data == "start":
            return Tree(data, children, meta)
        return _line(str(data), children, meta)

    def start(self, children: list[Any]) -> list[Any]:
        return children


def _line(kind: str, children: list[Any], meta: Any) -> tuple[CardAction, int, int]:
    kinds = {"holds": "hold"}
    args: dict[str, Any] = {"kind": kinds.get(kind, kind)}
    cards: list[Card] = []
    spans: list[tuple[int, int]] = []
    pairs: list[tuple[str, Any]] = []
    plays: list[tuple[str, Card]] = []
    seen_cards = 0
    groups: list[tuple[Card, ...]] = []
    marks: list[str] = []
    for child in children:
        if isinstance(child, _OneCard) and kind in ("capture", "build"):
            args["played"] = child.cards[0]
            spans.extend(child.spans)
        elif isinstance(child, _Cards) and kind == "build":
            groups.append(tuple(child.cards))
            cards.extend(child.cards)
            spans.extend(child.spans)
        elif isinstance(child, _Ranks):
            args["ranks"] = child.ranks
        elif isinstance(child, _Value):
            args["value"] = child.text
            args["number_at"] = child.at
        elif isinstance(child, _Cards):
            # Count: the second card list is the starter.
            if kind == "count" and seen_cards:
                args["starter"] = child.cards[0]
            else:
                cards.extend(child.cards)
                spans.extend(child.spans)
            seen_cards += 1
        elif isinstance(child, str) and not isinstance(child, Token):
            args["said"] = child
        elif isinstance(child, tuple) and len(child) == 2 and child[0] == "rank":
            args["rank"] = child[1]
        elif isinstance(child, tuple) and len(child) == 2 and isinstance(child[1], _Cards):
            plays.append((child[0], child[1].cards[0]))
            spans.extend(child[1].spans)
        elif isinstance(child, tuple) and len(child) == 2:
            pairs.append(child)
        elif isinstance(child, Token):
            t = child.type
            if t == "NAME":
                if kind == "deal":
                    args["player"] = str(child)
                else:
                    args.setdefault("player", str(child))
            elif t == "NUMBER":
                if kind in ("deal", "trick") and "number" not in args and "deal" not in args:
                    args["deal"] = int(child)
                else:
                    args["number"] = int(child)
                    args["number_at"] = child.start_pos
            elif t == "CRIB":
                args["crib"] = True
            elif t == "MONEY":
                args["value"] = " ".join(str(child).replace(".", "").split())
                args["number_at"] = child.start_pos
            elif t == "TAB_MARK":
                marks.append(str(child))
            elif t == "RANK":
                args["rank"] = parse_rank(str(child))
            elif t == "COMMENT":
                args["said"] = str(child)[1:-1]
            else:  # verbs, kinds, replies, reasons: the action's object in words
                args["what"] = " ".join(str(child).split())
    if kind == "trick" and "deal" in args:
        args["number"] = args.pop("deal")
    action = CardAction(cards=tuple(cards), pairs=tuple(pairs), plays=tuple(plays),
                        card_spans=tuple(spans), groups=tuple(groups), marks=tuple(marks), **args)
    return action, meta.start_pos, meta.end_pos


def _parse_tree(text: str, record: Record | None, start: str = "start") -> Any:
    parser = load("cards.lark", start=start)
    try:
        tree = parser.parse(text)
        return CardsTransformer().transform(tree)
    except UnexpectedInput as exc:
        if record is None:
            raise ValueError(_message(exc, text)) from None
        pos = getattr(exc, "pos_in_stream", None) or 0
        raise ParseError(record, pos, _message(exc, text),
                         [str(e) for e in getattr(exc, "expected", None) or ()]) from None
    except VisitError as exc:  # the transformer's CardSyntaxError comes wrapped
        inner = exc.orig_exc
        if isinstance(inner, CardSyntaxError):
            if record is None:
                raise ValueError(str(inner)) from None
            raise ParseError(record, inner.offset, str(inner)) from None
        raise


def _message(exc: UnexpectedInput, text: str) -> str:
    pos = getattr(exc, "pos_in_stream", None) or 0
    expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or set()
    names = sorted({TERMINAL_NAMES.get(str(e), str(e).strip('"').lower()) for e in expected})
    token = getattr(exc, "token", None)
    if token is not None and str(token):
        found = f"found {str(token)!r}"
    elif token is not None:
        found = "found the end of the text"
    else:
        found = f"found {text[pos:pos + 1]!r}" if pos < len(text) else "found the end of the text"
    line_text = text[text.rfind("\n", 0, pos) + 1: (text.find("\n", pos) + 1 or len(text) + 1) - 1]
    message = f"cannot read this line {line_text.strip()!r}: {found}"
    if names:
        message += "; expected " + " or ".join(names[:8])
    return message


def read_cards(text: str) -> list[Card]:
    """Read a list of cards in any printed form; raises ``ValueError`` saying what was expected.

    Used by the ``notation cards score`` command and by tests; the same grammar
    rules read the cards of every transcript line.
    """
    result = _parse_tree(text.strip(), None, start="cards")
    return list(result.cards)


class TranscriptNotation:
    """The card transcript notation: ``grammars/cards.lark`` + :class:`CardsTransformer`."""

    name = NOTATION

    def parse(self, record: Record) -> ParsedRecord:
        """Read a record's transcript into printed card actions (syntax only)."""
        items = _parse_tree(record.body, record)
        line = PrintedLine()
        comments: list[str] = []
        pending: list[str] = []
        for item in items:
            if isinstance(item, tuple) and item and item[0] == "comment":
                raw = str(item[1])
                text = raw[1:].strip() if raw.startswith(";") else raw[1:-1]
                comments.append(text)
                pending.append(text)
                continue
            action, start, end = item
            move = PrintedMove(text=record.body[start:end], start=start, end=end, fields=action,
                               side=action.player)
            if pending:
                move.comment = "\n".join(pending)
                pending = []
            line.moves.append(move)
        # A trailing comment on a line (after the action) belongs to that line.
        return ParsedRecord(record=record, family="cards", notation=NOTATION, line=line,
                            comments=comments, extra=CardsExtra(pending))


TRANSCRIPT = TranscriptNotation()
