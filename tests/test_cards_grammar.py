"""The card transcript language: every card form, every line kind, clear syntax errors."""

from __future__ import annotations

import pytest

from notation.boards.cards import Card, from_unicode, pack, unicode_char
from notation.model import Record, SourceText
from notation.parse import ParseError
from notation.parse.cards import TRANSCRIPT, read_cards


def codes(text: str) -> list[str]:
    return [c.code for c in read_cards(text)]


def record(body: str, tags: dict[str, str] | None = None) -> Record:
    head = "".join(f'[{k} "{v}"]\n' for k, v in (tags or {"Game": "cribbage"}).items())
    source = SourceText("t.txt", head + body)
    return Record(source, 0, tags or {"Game": "cribbage"}, head + body, body, 0, len(head))


@pytest.mark.parametrize("text,expected", [
    ("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A.",
     ["AH", "KH", "QH", "JH", "AC", "KC", "QC", "AD", "KD", "QD", "7D", "AS"]),
    ("♡ A K; ♣ 10 9", ["AH", "KH", "10C", "9C"]),
    ("♢ 7", ["7D"]),
    ("♡A", ["AH"]),
    ("♥A ♦10 ♠2 ♣J", ["AH", "10D", "2S", "JC"]),
    ("AH 10S TS QC", ["AH", "10S", "10S", "QC"]),
    ("the seven of spades", ["7S"]),
    ("queen and six of hearts", ["QH", "6H"]),
    ("king, queen, knave of spades, eight and seven of clubs", ["KS", "QS", "JS", "8C", "7C"]),
    ("5 and 7 of diamonds", ["5D", "7D"]),
    ("the spade Ten", ["10S"]),
    ("the deuce of clubs, the trey of hearts", ["2C", "3H"]),
    ("Ace of Spades", ["AS"]),
    ("🃕 🂵 🂥 🃖 🃇", ["5C", "5H", "5S", "6C", "7D"]),
])
def test_every_card_form_reads_to_the_same_cards(text: str, expected: list[str]) -> None:
    assert codes(text) == expected


def test_the_four_forms_agree_on_every_card() -> None:
    from notation.boards.cards import SUIT_SYMBOLS, name
    for card in pack():
        forms = [card.code, f"{SUIT_SYMBOLS[card.suit]} {card.rank}", card.symbol,
                 "the " + name(card), unicode_char(card)]
        assert {tuple(read_cards(f)) for f in forms} == {(card,)}, forms


@pytest.mark.parametrize("text", ["1H", "11S", "the eleven of hearts", "♡ 1", "XX", "ZH"])
def test_a_card_that_does_not_exist_is_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError, match="expected"):
        read_cards(text)


def test_a_knight_is_not_a_card_of_the_pack() -> None:
    with pytest.raises(ValueError, match="knight"):
        read_cards("🂬")
    with pytest.raises(ValueError):
        from_unicode("x")


LINES = """{The book's own words,
over two lines.}
Players: A (elder hand), B (dealer)
Deal 2: dealer A
A holds the queen and six of hearts, nine of clubs, eight of diamonds and seven of spades
A lays out QH 9C
Starter: QC "B turns up the queen of clubs"
B turns up QC
A plays 7S "seven"
B leads the spade Ten
A says "Go"
B pegs 1 for last card
A shows hand = 5 "fifteen two"
B shows crib 4C AH QH 9C = 6
Score: A 8, B 15
Count: 5H 5C 5S JD starter 5D crib = 29 “fifteen eight”
A declares quatorze aces = 14 “Quatorze Aces”
A declares point ♢ A K Q J 9 = 5
B replies not good "Not good"
Y proposes "I propose"
A accepts
A refuses "Play"
Y draws KD 7S 7H
Trick 1: Y KS, A 8S
"""


def test_every_line_kind() -> None:
    parsed = TRANSCRIPT.parse(record(LINES))
    actions = [m.fields for m in parsed.line.moves]
    assert [a.kind for a in actions] == [
        "players", "deal", "hold", "discard", "starter", "starter", "play", "play", "say", "peg",
        "show", "show", "score", "count", "declare", "declare", "reply", "propose", "accept",
        "refuse", "draw", "trick"]
    assert parsed.comments == ["The book's own words,\nover two lines."]
    assert parsed.line.moves[0].comment == "The book's own words,\nover two lines."
    players, deal, hold = actions[:3]
    assert players.pairs == (("A", "elder hand"), ("B", "dealer"))
    assert (deal.deal, deal.player) == (2, "A")
    assert hold.player == "A" and [c.code for c in hold.cards] == ["QH", "6H", "9C", "8D", "7S"]
    assert actions[4].cards == (Card("Q", "C"),) and actions[4].said == "B turns up the queen of clubs"
    assert actions[6].said == "seven" and actions[7].what == "leads"
    assert actions[9].number == 1 and actions[9].what == "last card"
    assert actions[10].what == "hand" and actions[10].number == 5 and not actions[10].cards
    assert actions[12].pairs == (("A", 8), ("B", 15))
    count = actions[13]
    assert count.starter == Card("5", "D") and count.crib and count.number == 29
    assert count.said == "fifteen eight"
    assert actions[14].rank == "A" and actions[14].what == "quatorze" and actions[14].number == 14
    assert actions[16].what == "not good"
    assert actions[21].plays == (("Y", Card("K", "S")), ("A", Card("8", "S")))
    assert parsed.line.moves[6].text == 'A plays 7S "seven"'


def test_a_syntax_error_names_line_column_and_what_was_expected() -> None:
    with pytest.raises(ParseError) as info:
        TRANSCRIPT.parse(record("A holds AH KH\nA plays 1H\n"))
    error = info.value
    assert (error.line, error.column) == (3, 9)
    assert "card code" in error.reason and "1" in error.reason


def test_one_card_expected_where_one_card_is_played() -> None:
    with pytest.raises(ParseError, match="one card"):
        TRANSCRIPT.parse(record("A plays ♡ A K\n"))
    with pytest.raises(ParseError, match="found 'KH'"):
        TRANSCRIPT.parse(record("A plays AH KH\n"))


def test_book_lines_with_braces_and_score_separators() -> None:
    parsed = TRANSCRIPT.parse(record(
        "; Two fives, a four, and a six } _Fifteen-four, pair,\n"
        "Score: Y = 2; A = 3 {the book's words}\n"
        "B holds ♡ A K; ♣ 10 9\n"))
    assert parsed.comments == ["Two fives, a four, and a six } _Fifteen-four, pair,", "the book's words"]
    score, hold = (m.fields for m in parsed.line.moves)
    assert score.pairs == (("Y", 2), ("A", 3))
    assert [c.code for c in hold.cards] == ["AH", "KH", "10C", "9C"]


def test_a_claimed_number_keeps_its_offset() -> None:
    parsed = TRANSCRIPT.parse(record("A plays 7S = 7 \"seven\"\n"))
    action = parsed.line.moves[0].fields
    assert action.number == 7 and parsed.record.body[action.number_at] == "7"
    assert action.number_at == len("A plays 7S = ")
