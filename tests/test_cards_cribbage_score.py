"""Cribbage counting: the book's combinations, flush and nob rules, pegging, and a brute-force oracle."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.boards.cards import Card, pack
from notation.parse.cards import read_cards
from notation.rules.cards.cribbage import peg_points, score_cards, score_hand

RUN_ORDER = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def brute_force(hand: list[Card], starter: Card, crib: bool) -> int:
    """Independent count: look at every subset of the five (or more) cards, nothing cleverer."""
    cards = hand + [starter]
    value = {r: min(i + 1, 10) for i, r in enumerate(RUN_ORDER)}
    total = 0
    subsets = [s for n in range(1, len(cards) + 1) for s in combinations(cards, n)]
    total += 2 * sum(1 for s in subsets if len(s) >= 2 and sum(value[c.rank] for c in s) == 15)
    total += 2 * sum(1 for s in subsets if len(s) == 2 and s[0].rank == s[1].rank)

    def is_run(s: tuple[Card, ...]) -> bool:
        ords = sorted(RUN_ORDER.index(c.rank) for c in s)
        return len(s) >= 3 and all(b - a == 1 for a, b in zip(ords, ords[1:]))

    runs = [set(s) for s in subsets if is_run(s)]
    total += sum(len(r) for r in runs if not any(r < other for other in runs))
    if len({c.suit for c in cards}) == 1:
        total += len(cards)
    elif not crib and len({c.suit for c in hand}) == 1:
        total += len(hand)
    total += sum(1 for c in hand if c.rank == "J" and c.suit == starter.suit)
    return total


@settings(max_examples=400, deadline=None)
@given(st.permutations(pack()), st.sampled_from([3, 4, 5]), st.booleans())
def test_every_hand_score_equals_a_brute_force_count(cards: list[Card], size: int, crib: bool) -> None:
    hand, starter = cards[:size], cards[size]
    assert score_hand(hand, starter, crib=crib).total == brute_force(hand, starter, crib)


def hand_of(text: str) -> tuple[list[Card], Card]:
    cards = read_cards(text)
    return cards[:-1], cards[-1]


@pytest.mark.parametrize("cards,crib,total", [
    ("5H 5C 5S JD 5D", False, 29),       # the best hand
    ("5H 5C 5S 5D JD", False, 28),       # knave turned up: his heels is the dealer's, not the hand's
    ("4H 3H 5C 4C QH", False, 10),        # run of three with a duplicate and a fifteen
    ("2H AC 2S 3D QH", False, 14),
    ("AC 10S JH JC QH", True, 9),         # 8 for the double run, his nob
    ("2H 4H 6H 8H 10H", False, 5),        # a flush of five (all even: no fifteen)
    ("2H 4H 6H 8H 10S", False, 4),        # a hand flush of four
    ("2H 4H 6H 8H 10S", True, 0),         # no flush in the crib unless the starter agrees
    ("2H 4H 6H 8H 10H", True, 5),
    ("2H 4H 6H 8H 5H", False, 5 + 4 + 3),  # flush, 2+4+... fifteens 4+5+6, 2+5+8, run 4 5 6
    ("AS 3D 6H 10C QS", False, 0),        # "nineteen"
])
def test_known_counts(cards: str, crib: bool, total: int) -> None:
    hand, starter = hand_of(cards)
    assert score_hand(hand, starter, crib=crib).total == total


def test_breakdown_reads_as_a_count() -> None:
    hand, starter = hand_of("5H 5C 5S JD 5D")
    breakdown = score_hand(hand, starter)
    assert breakdown.text() == "fifteen sixteen, double pair royal 12, his nob 1: 29"
    assert breakdown.as_dict() == {"fifteens": 16, "double pair royal": 12, "his nob": 1, "total": 29}
    assert "run of 3 ×3 9" in score_cards(read_cards("5C 5H 5S 6C 7D")).text()


def test_the_book_combination_examples() -> None:
    # Foster's Hoyle, Nos. 1-4 (Unicode illustrations): 17, 21, 16, 24.
    for text, total in [("🃕 🂵 🂥 🃖 🃇", 17), ("🂦 🃇 🂨 🃈 🃘", 21),
                        ("🃆 🂧 🂸 🂩 🂹", 16), ("🃖 🂷 🃗 🃈 🃘", 24)]:
        assert score_cards(read_cards(text)).total == total


def test_pegging_in_play() -> None:
    table: list[Card] = []
    said = []
    # Foster's Hoyle: 4, 2, 3 (run of three), A (run of four), 5 (fifteen and run of five),
    # 2 (nothing), 4 (run of five), 3 (run of five).
    for code in "4S 2H 3C AD 5S 2D 4H 3D".split():
        card = Card(code[:-1], code[-1])
        peg = peg_points(table, card)
        said.append((peg.count, peg.points))
        table.append(card)
    assert said == [(4, 0), (6, 0), (9, 3), (10, 4), (15, 7), (17, 0), (21, 5), (24, 5)]


def test_pairs_in_play_and_thirty_one() -> None:
    six = [Card("6", s) for s in "CDHS"]
    assert [peg_points(six[:i], six[i]).points for i in range(4)] == [0, 2, 6, 12]
    assert peg_points(read_cards("10C 10D 5S"), Card("6", "H")).items[0].name == "thirty-one"
    with pytest.raises(ValueError, match="thirty-one"):
        peg_points(read_cards("10C 10D 5S"), Card("7", "H"))
    # A pair is broken by a card between: no pair royal for 6 9 6 6.
    assert peg_points(read_cards("6C 9D 6S"), Card("6", "H")).points == 2


def test_no_run_through_a_duplicate() -> None:
    # 4 2 3 A 5 2: the second deuce finds another deuce before the four: no run.
    assert peg_points(read_cards("4S 2H 3C AD 5S"), Card("2", "D")).points == 0
    assert peg_points(read_cards("QS KH"), Card("A", "D")).points == 0   # Q K A is no run
