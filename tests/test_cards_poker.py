"""Poker: the value of hands by the book's order, the money of the practical illustration."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards.commands import cards
from notation.rules.cards.poker import hand_value, money, opens_jack_pot, pence

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def value(text: str, blaze: bool = False):
    return hand_value(read_cards(text), blaze)


def test_the_ace_is_low_in_sequences() -> None:
    assert value("AS 2D 3H 4C 5S").text == "sequence, A to 5"
    assert value("9H 10H JH QH KH").text == "sequence flush, 9 to K"
    assert value("10S JD QH KC AS").text == "highest card, A"          # no sequence ten to ace
    assert value("AS 2D 3H 4C 5S") < value("2S 3D 4H 5C 6S")


def test_full_hands_go_by_their_threes_and_hearts_break_ties() -> None:
    # "three tens and two fours, is better than ... three nines and two kings"
    assert value("10S 10D 10H 4C 4S") > value("9S 9D 9H KC KS")
    assert value("AH KH QH JH 9H") > value("AS KS QS JS 9S")


def test_the_blaze_beats_two_pairs_not_triplets() -> None:
    blaze = value("KS QD JH KC QS", blaze=True)
    assert blaze.text.startswith("two pairs") is False and blaze.text.startswith("blaze")
    assert value("AS AD 2H 2C 5S", True) < blaze < value("2S 2D 2H 5C 7S", True)
    assert value("KS QD JH KC QS").text.startswith("two pairs")         # no blaze without the variant


def test_jack_pots_open_with_knaves_queens_kings_in_turn() -> None:
    knaves = read_cards("JS JD 3H 5C 7S")
    assert opens_jack_pot(knaves, 1) and not opens_jack_pot(knaves, 2) and opens_jack_pot(knaves, 4)


def test_money() -> None:
    assert pence("1s 6d") == 18 and money(66) == "5s 6d" and money(60) == "5s"


def test_cards_score_poker() -> None:
    result = CliRunner().invoke(cards, ["score", "poker", "10S", "10D", "10H", "4C", "4S"])
    assert result.exit_code == 0 and result.output == "full hand, tens and fours\n"
    result = CliRunner().invoke(cards, ["score", "poker", "10S", "10D"])
    assert result.exit_code == 2 and "five different cards" in result.output


def test_the_practical_illustration_pays_c_the_books_sums() -> None:
    illustration, straddle, jack, *_ = read_games([CORPUS / "poker_004_braille.txt"])
    assert illustration.status == "ok" and [c.actual for c in illustration.claims] == [
        "1s 6d", "1s 6d", "5s", "2s 6d", "5s 6d", "2s 6d"]
    assert all(c.ok for c in illustration.claims)
    assert straddle.claims[0].actual == "1s" and [c.actual for c in jack.claims] == ["J", "Q", "K", "J"]


def test_the_skip_sequence_beats_triplets_and_loses_to_a_sequence() -> None:
    from notation.rules.cards.poker import CATEGORIES
    skip = hand_value(read_cards("2S 4D 6H 8C 10S"), skip=True)
    assert CATEGORIES[skip.category] == "skip sequence"
    assert hand_value(read_cards("AS AD AH KC QS"), skip=True) < skip < hand_value(read_cards("3S 4H 5H 6C 7S"))
    assert CATEGORIES[hand_value(read_cards("2S 4D 6H 8C 10S")).category] == "highest card"   # without it


def test_the_joker_takes_the_name_that_makes_the_best_hand() -> None:
    from notation.rules.cards.poker import CATEGORIES, book_number, joker_value
    value, named = joker_value(read_cards("KH QH JH 10H"))
    assert CATEGORIES[value.category] == "sequence flush" and named == read_cards("9H")[0]
    # Called the ace of hearts it makes only a flush: in sequences the ace is the lowest card.
    assert book_number(hand_value(read_cards("AH KH QH JH 10H"))) == 4
    assert CATEGORIES[joker_value(read_cards("AS AD AH 2C"))[0].category] == "fours"


def test_the_value_of_the_hands_and_the_books_joker_example() -> None:
    *_, values, modifications = read_games([CORPUS / "poker_004_braille.txt"])
    assert values.status == "ok" and [c.actual for c in values.claims] == ["1", "1", "3", "1", "7"]
    wrong = [(c.what, c.claimed, c.actual) for c in modifications.claims if not c.ok]
    assert wrong == [("hand number with the joker as AH KH QH JH 10H", "1", "4")]
    assert len(modifications.claims) == 6


def test_the_joker_with_any_four_cards_is_at_least_as_good_as_any_fifth_card() -> None:
    import random

    from notation.boards.cards import pack
    from notation.rules.cards.poker import joker_value
    rng = random.Random(12)
    cards = pack()
    for _ in range(200):
        hand = rng.sample(cards, 5)
        best, named = joker_value(hand[:4], blaze=True, skip=True)
        assert named not in hand[:4] and best >= hand_value(hand, blaze=True, skip=True)
