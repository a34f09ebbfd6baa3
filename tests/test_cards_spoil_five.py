"""Spoil five under the shared trick core: the book's four orders, reneging, the ace of hearts, robbing."""

from __future__ import annotations

from pathlib import Path

from notation.boards.cards import Card
from notation.pipeline import read_games
from notation.rules.cards.replay import legal_cards, trick_winner
from notation.rules.cards.spoil_five import laws, order

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def c(code: str) -> Card:
    return Card(code[:-1], code[-1])


def test_the_ace_of_hearts_is_the_third_trump_and_never_a_heart() -> None:
    assert [x.code for x in order("S", "S")[:4]] == ["5S", "JS", "AH", "AS"]
    assert c("AH") not in order("H", "S") and len(order("H", "H")) == 13
    spades = laws("S")
    assert trick_winner([c("KS"), c("AH")], spades) == 1          # AH beats the king of trumps
    assert trick_winner([c("2C"), c("10C")], spades) == 0          # black plain suits: the lowest pips best


def test_reneging_and_trumping_a_plain_lead() -> None:
    spades = laws("S")
    # a lower trump led: the five of trumps need not answer
    assert set(legal_cards([c("5S"), c("7D")], [c("3S")], spades)) == {c("5S"), c("7D")}
    # the knave led: the ace of hearts must
    assert legal_cards([c("AH"), c("7D")], [c("JS")], spades) == [c("AH")]
    # a plain suit led: follow or trump, as he pleases
    assert set(legal_cards([c("9H"), c("4S"), c("6D")], [c("KH")], spades)) == {c("9H"), c("4S")}


def test_the_books_examples() -> None:
    found = {g.title: g for g in read_games([CORPUS / "spoil_five_004_braille.txt"])}
    assert len(found) == 9
    wrong = {t: [d.code for d in g.diagnostics] for t, g in found.items() if g.diagnostics}
    assert wrong == {"Spoil five: the knave led draws the ace of hearts": ["revoke"],
                     "Spoil five: robbing without the ace": ["robbing-without-the-ace"]}
    claims = [x for g in found.values() for x in g.claims]
    assert len(claims) == 106 and all(x.ok for x in claims)
