"""The trick-taking core: who wins, what may be played, faults with their legal alternatives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.boards.cards import PIQUET_RANKS, Card, pack
from notation.rules.cards.replay import (
    ECARTE_ORDER,
    PIQUET_ORDER,
    WHIST_ORDER,
    Laws,
    TrickPlay,
    beats,
    check_play,
    legal_cards,
    max_tricks,
    trick_winner,
)


def cards(text: str) -> list[Card]:
    return [Card(code[:-1], code[-1]) for code in text.split()]


def card(code: str) -> Card:
    return cards(code)[0]


PIQUET = Laws(PIQUET_ORDER)
ECARTE_D = Laws(ECARTE_ORDER, "D", must_head=True, must_trump=True)


# -- who wins ----------------------------------------------------------------

def test_higher_card_of_the_suit_led_wins_without_trumps():
    assert trick_winner(cards("10S AS"), PIQUET) == 1
    assert trick_winner(cards("AS KS"), PIQUET) == 0


def test_card_of_another_suit_never_wins_without_trumps():
    # Piquet: "If the second player does not follow suit, the leader wins."
    assert trick_winner(cards("7S AH"), PIQUET) == 0


def test_rank_order_is_the_games_own():
    # Écarté: "the knave can take the ace, but the ace can take the ten".
    assert trick_winner(cards("AC JC"), ECARTE_D) == 1
    assert trick_winner(cards("10C AC"), ECARTE_D) == 1
    assert trick_winner(cards("QC KC"), ECARTE_D) == 1
    # At piquet the ace is highest.
    assert trick_winner(cards("JC AC"), PIQUET) == 1


def test_a_trump_beats_any_card_of_another_suit():
    # "A seven of trumps can take the king of another suit."
    assert beats(card("7D"), card("KS"), ECARTE_D)
    assert trick_winner(cards("KS 7D"), ECARTE_D) == 1
    assert trick_winner(cards("7D KS"), ECARTE_D) == 0


def test_higher_trump_wins_among_trumps_in_a_trick_of_four():
    whist = Laws(WHIST_ORDER, "H")
    assert trick_winner(cards("AS 2H 3H KS"), whist) == 2


def test_empty_trick_has_no_winner():
    with pytest.raises(ValueError, match="at least one card"):
        trick_winner([], PIQUET)


def test_card_outside_the_pack_is_named():
    with pytest.raises(ValueError, match="not in this game's pack"):
        PIQUET.power(card("2C"))


# -- what may be played ----------------------------------------------------------

def test_any_card_may_be_led():
    hand = cards("AS 7H 9C")
    assert set(legal_cards(hand, [], ECARTE_D)) == set(hand)


def test_must_follow_suit_when_able():
    assert legal_cards(cards("AS 7S 9C"), cards("KS"), PIQUET) == cards("7S AS")


def test_piquet_does_not_oblige_winning_the_trick():
    # "The dealer is bound to follow suit, if able, but he is not obliged to win the trick."
    assert set(legal_cards(cards("AS 7S"), cards("KS"), PIQUET)) == set(cards("AS 7S"))


def test_void_without_obligations_plays_anything():
    assert set(legal_cards(cards("AH 7D"), cards("KS"), PIQUET)) == set(cards("AH 7D"))


def test_ecarte_must_head_the_trick_when_able():
    # Law 43: "fail to win the trick when able".
    assert legal_cards(cards("KC 8C 9S"), cards("QC"), ECARTE_D) == cards("KC")


def test_ecarte_follows_with_any_card_of_the_suit_when_unable_to_head():
    assert set(legal_cards(cards("8C 9C AS"), cards("QC"), ECARTE_D)) == set(cards("8C 9C"))


def test_ecarte_must_trump_when_unable_to_follow():
    assert legal_cards(cards("7D AH JH"), cards("KS"), ECARTE_D) == cards("7D")


def test_ecarte_discards_anything_without_the_suit_or_a_trump():
    assert set(legal_cards(cards("AH JH"), cards("KS"), ECARTE_D)) == set(cards("AH JH"))


def test_must_overtrump_only_when_heading_is_required():
    head = Laws(WHIST_ORDER, "H", must_head=True, must_trump=True)
    trump_only = Laws(WHIST_ORDER, "H", must_trump=True)
    hand = cards("2H AH 3C")
    assert legal_cards(hand, cards("AS 10H"), head) == cards("AH")
    assert set(legal_cards(hand, cards("AS 10H"), trump_only)) == set(cards("2H AH"))


# -- faults -------------------------------------------------------------------------

def test_revoke_is_reported_with_the_legal_cards():
    fault = check_play(cards("AS 7S 9C"), cards("KS"), card("9C"), PIQUET)
    assert fault is not None and fault.kind == "revoke"
    assert "9C" in fault.message and "AS 7S" in fault.message
    assert set(fault.legal) == set(cards("AS 7S"))
    assert set(fault.problem().suggestions) == {"AS", "7S"}


def test_card_not_held_is_reported():
    fault = check_play(cards("AS 7S"), [], card("KH"), PIQUET)
    assert fault is not None and fault.kind == "not-held"


def test_failing_to_head_is_reported():
    fault = check_play(cards("KC 8C"), cards("QC"), card("8C"), ECARTE_D)
    assert fault is not None and fault.kind == "not-heading"
    assert fault.legal == (card("KC"),)


def test_failing_to_trump_is_reported():
    fault = check_play(cards("7D AH"), cards("KS"), card("AH"), ECARTE_D)
    assert fault is not None and fault.kind == "not-trumping"
    assert fault.legal == (card("7D"),)


def test_lawful_card_has_no_fault():
    assert check_play(cards("7D AH"), cards("KS"), card("7D"), ECARTE_D) is None


# -- replaying a deal's play -------------------------------------------------------

def test_trick_play_rotates_the_lead_to_the_winner():
    play = TrickPlay([cards("KS 7H"), cards("AS 8H")], 0, PIQUET)
    assert play.play(card("KS")) is None
    assert play.play(card("AS")) is None
    assert play.current.winner == 1
    assert play.play(card("8H")) is None      # player 1 leads the next trick
    assert play.to_play == 0
    assert play.play(card("7H")) is None
    assert play.finished
    assert play.tricks_won() == [0, 2]


def test_trick_play_goes_on_after_a_revoke():
    play = TrickPlay([cards("KS 7H"), cards("AS 8H")], 0, PIQUET)
    play.play(card("KS"))
    fault = play.play(card("8H"))
    assert fault is not None and fault.kind == "revoke"
    assert play.current.winner == 0           # the card counts as played
    assert play.faults == [(0, fault)]


def test_trick_play_reports_the_wrong_player():
    play = TrickPlay([cards("KS"), cards("AS")], 0, PIQUET)
    fault = play.play(card("AS"), player=1)
    assert fault is not None and fault.kind == "wrong-turn"
    assert play.current.cards == []


# -- double dummy ------------------------------------------------------------------

def test_max_tricks_with_all_trumps_is_all_tricks():
    # Écarté, seed 002: A "takes in the nine and eight of spades, and must win the vole".
    spades = Laws(ECARTE_ORDER, "S", must_head=True, must_trump=True)
    assert max_tricks([cards("10S KH KD 7S 7H"), cards("QS JS AS 9S 8S")], 0, spades, side=1) == 5


def test_max_tricks_counts_for_the_side_asked():
    hands = [cards("AS KS"), cards("7S 8S")]
    assert max_tricks(hands, 0, PIQUET, side=0) == 2
    assert max_tricks(hands, 0, PIQUET, side=1) == 0


def test_max_tricks_needs_two_equal_hands():
    with pytest.raises(ValueError):
        max_tricks([cards("AS"), cards("KS 7S")], 0, PIQUET)
    with pytest.raises(ValueError):
        max_tricks([cards("AS"), cards("KS"), cards("QS")], 0, PIQUET)


# -- properties ------------------------------------------------------------------------

PIQUET_PACK = pack(PIQUET_RANKS)


@settings(max_examples=60, deadline=None)
@given(st.permutations(PIQUET_PACK), st.integers(1, 8), st.sampled_from([None, "C", "D", "H", "S"]),
       st.booleans(), st.booleans())
def test_legal_cards_are_never_empty_and_never_faulted(order, size, trump, head, must_trump):
    laws = Laws(ECARTE_ORDER, trump, must_head=head, must_trump=must_trump)
    hand, led = order[:size], order[size]
    legal = legal_cards(hand, [led], laws)
    assert legal and set(legal) <= set(hand)
    for c in hand:
        assert (check_play(hand, [led], c, laws) is None) == (c in legal)


@settings(max_examples=40, deadline=None)
@given(st.permutations(PIQUET_PACK), st.sampled_from(["C", "D", "H", "S"]))
def test_double_dummy_shares_the_tricks(order, trump):
    laws = Laws(ECARTE_ORDER, trump, must_head=True, must_trump=True)
    a, b = order[:3], order[3:6]
    assert max_tricks([a, b], 0, laws, 0) + max_tricks([a, b], 0, laws, 1) <= 3
    # The two searches are of the same zero-sum game: their values add up to the tricks.
    assert max_tricks([a, b], 0, laws, 0) + max_tricks([a, b], 0, laws, 1) == 3
