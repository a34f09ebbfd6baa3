"""Piquet as Foster's Complete Hoyle prints it (seed 000, PIQUET): one test per rule and per
score, then the book's hands as a regression suite, every printed number checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.boards.cards import PIQUET_RANKS, Card, pack
from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards.piquet import (
    EQUAL,
    GOOD,
    LAWS,
    NOT_GOOD,
    PiquetDeal,
    RankSet,
    Run,
    best_point,
    compare,
    final_counts,
    game_result,
    is_carte_blanche,
    pip_value,
    play_counts,
    point_of,
    point_value,
    reply_to,
    rubicon_result,
    sequences,
    sets,
    settle,
)
from notation.rules.cards.replay import can_take_all, legal_cards, trick_winner

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def cards(text: str) -> list[Card]:
    """Cards as the book prints them (♡ A K Q J: ♣ A K Q ...) or as codes."""
    return read_cards(text)


def card(code: str) -> Card:
    return cards(code)[0]


# -- the pack and the play ---------------------------------------------------------------

def test_pack_is_thirty_two_cards():
    assert len(pack(PIQUET_RANKS)) == 32


def test_ace_is_highest_and_there_are_no_trumps():
    assert trick_winner(cards("KS AS"), LAWS) == 1
    assert trick_winner(cards("7S AH"), LAWS) == 0


def test_second_player_must_follow_but_need_not_win():
    assert set(legal_cards(cards("AS 7S 9H"), cards("KS"), LAWS)) == set(cards("AS 7S"))


# -- carte blanche -------------------------------------------------------------------------

def test_carte_blanche_is_a_hand_without_king_queen_or_knave():
    assert is_carte_blanche(cards("♡ A 10 9 8: ♣ A 10 9: ♢ A 10 9 7: ♠ A"))
    assert not is_carte_blanche(cards("♡ A 10 9 8: ♣ A 10 9: ♢ A 10 9 7: ♠ J"))
    assert not is_carte_blanche(cards("♡ A 10 9"))          # twelve cards are needed


def test_carte_blanche_counts_ten_first():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A 10 9 8: ♣ A 10 9: ♢ A 10 9 7: ♠ A"))
    assert deal.declare("E", "carte blanche", number=10) == []
    assert deal.items()[0].what == "carte blanche" and deal.total("E") == 10


def test_false_carte_blanche_is_an_error():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"))
    assert [p.code for p in deal.declare("E", "carte blanche")] == ["not-held"]
    assert deal.total("E") == 0


def test_carte_blanche_claimed_at_a_wrong_value():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A 10 9 8: ♣ A 10 9: ♢ A 10 9 7: ♠ A"))
    problems = deal.declare("E", "carte blanche", number=20)
    assert [p.code for p in problems] == ["wrong-count"] and problems[0].expected == "10"


# -- the point -------------------------------------------------------------------------------

@pytest.mark.parametrize("code,pips", [("AS", 11), ("KS", 10), ("QS", 10), ("JS", 10), ("10S", 10),
                                       ("9S", 9), ("8S", 8), ("7S", 7)])
def test_pip_values(code, pips):
    # "the Ace being reckoned for 11, other court cards for 10 each, and the 7 8 9 10 for their face value"
    assert pip_value(card(code)) == pips


def test_point_is_worth_its_number_of_cards():
    assert point_value(cards("AH KH QH JH")) == 4


def test_english_rule_for_a_point_containing_seven_eight_nine():
    # "In England, they count a point containing the 7 8 and 9 as worth one less"
    six = cards("♢ Q J 10 9 8 7")
    assert point_value(six) == 6
    assert point_value(six, english_point=True) == 5
    assert point_value(cards("♢ Q J 10 9 8"), english_point=True) == 5   # no 7: the full count


def test_point_au_cent_is_the_greatest_pip_value():
    # "If one player's best suit contains five cards, worth 48 points, and his adversary has a
    # suit worth 51, the latter would be the only one to count"
    hand = cards("♡ A K Q J: ♣ 10 9 8 7 ♠ 9")
    assert best_point(hand).suit == "H"                  # 41 pips beat 34 in four clubs too
    assert compare((51,), (48,)) == GOOD
    hand = cards("♡ A K Q J: ♣ Q J 10 9 8")
    assert best_point(hand).pips == 47                   # 5 clubs, 47 ...
    hand = cards("♡ A K Q J 10: ♣ Q J 10 9 8")
    assert best_point(hand).suit == "H"                  # ... beaten by 51 in hearts


def test_rubicon_point_counts_cards_first():
    # "scored by the player holding the greatest number of cards in the suit, and the pip value
    # is resorted to only to decide ties"
    hand = cards("♡ A K Q J: ♣ 10 9 8 7 ♠ 9")
    assert best_point(hand, rubicon=True).suit == "H"    # 4 and 4: pips decide
    hand = cards("♡ A K Q: ♣ 10 9 8 7")
    assert best_point(hand, rubicon=True).suit == "C"    # four cards beat three
    assert best_point(hand).suit == "C"                  # 34 pips beat 31 too
    hand = cards("♡ A K Q: ♣ 10 9 8 7 ♢ A K")
    low = cards("♡ A K Q J: ♣ 7")
    assert reply_to("point", point_of(cards("♣ 10 9 8 7")), low, rubicon=True) == NOT_GOOD
    assert reply_to("point", point_of(cards("♣ 10 9 8 7")), low) == NOT_GOOD


def test_point_of_several_suits_is_refused():
    with pytest.raises(ValueError, match="one suit"):
        point_of(cards("AH AS"))


# -- sequences -------------------------------------------------------------------------------

@pytest.mark.parametrize("length,value,name", [(3, 3, "tierce"), (4, 4, "quatrième"), (5, 15, "quinte"),
                                               (6, 16, "sixième"), (7, 17, "septième"),
                                               (8, 18, "huitième")])
def test_sequence_values_and_names(length, value, name):
    # "A tierce counts 3 only, and a quatrième 4 only; but a quinte is worth 15, a sixième 16"
    run = Run("S", length, "A")
    assert run.value == value and run.describe().startswith(name)


def test_sequences_found_in_a_hand():
    found = sequences(cards("♡ A K Q J 8; ♣ A K; ♢ A K; ♠ A K 10"))
    assert found == [Run("H", 4, "A")]
    found = sequences(cards("♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9"))
    assert found == [Run("S", 5, "K"), Run("C", 4, "J"), Run("D", 3, "J")]


def test_longer_sequence_beats_higher():
    # "a longer sequence always outranks a shorter one, regardless of the high cards"
    assert compare(Run("S", 5, "J").key, Run("H", 4, "A").key) == GOOD
    # "a quinte to a King would be better than a quinte to a Queen"
    assert compare(Run("S", 5, "Q").key, Run("H", 5, "K").key) == NOT_GOOD
    assert compare(Run("S", 5, "K").key, Run("H", 5, "K").key) == EQUAL


def test_holder_of_the_best_sequence_scores_his_others_and_intermediate_ones_are_void():
    # The book's instance: a quinte to the Jack in spades, tierces to the Ten in hearts and to the
    # Nine in clubs, against quatrièmes majeures in hearts, diamonds and clubs.
    one = cards("♠ J 10 9 8 7: ♡ 10 9 8: ♣ 9 8 7")
    other = cards("♡ A K Q J: ♢ A K Q J: ♣ A K Q J")
    result = settle("sequence", one, other)
    assert result.winner == "elder" and result.scores == {"elder": 21, "dealer": 0}


def test_equal_best_sequence_scores_nothing():
    result = settle("sequence", cards("♠ A K Q"), cards("♡ A K Q"))
    assert result.winner is None and result.reply == EQUAL and result.scores == {"elder": 0, "dealer": 0}


# -- quatorze and trio -------------------------------------------------------------------------

def test_quatorze_fourteen_trio_three():
    assert RankSet("A", 4).value == 14 and RankSet("10", 3).value == 3


def test_only_tens_and_above_count():
    # "The 7 8 and 9 have no value except in point and sequence."
    assert sets(cards("9H 9C 9D 9S 10H 10C 10D")) == [RankSet("10", 3)]


def test_lowest_quatorze_beats_highest_trio():
    # "One player holds four Tens and three Jacks, his adversary holding triplets of Aces, Kings,
    # and Queens. None of the latter would be of any value"
    four_tens = cards("10H 10C 10D 10S JH JC JD")
    trios = cards("AH AC AD KH KC KD QH QC QD")
    result = settle("sets", four_tens, trios)
    assert result.winner == "elder" and result.scores["elder"] == 17 and result.scores["dealer"] == 0


def test_quatorze_cannot_be_equal():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A"))
    deal.declare("E", "quatorze", rank="A")
    problems = deal.reply("D", "equal")
    assert [p.code for p in problems] == ["no-equal"]


def test_nines_have_no_value_as_a_declaration():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("9H 9C 9D 9S 10H 10C 10D 10S JH JC JD JS"))
    assert [p.code for p in deal.declare("E", "quatorze", rank="9")] == ["no-value"]


# -- declarations and replies -------------------------------------------------------------

def illustration() -> PiquetDeal:
    deal = PiquetDeal("E", "D")
    assert deal.hold("E", cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A.")) == []
    assert deal.hold("D", cards("♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9.")) == []
    return deal


def test_right_reply_is_computed_from_the_other_hand():
    dealer = cards("♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9.")
    assert reply_to("point", point_of(cards("♡ A K Q J")), dealer) == NOT_GOOD
    assert reply_to("sequence", Run("H", 4, "A"), dealer) == NOT_GOOD
    assert reply_to("sets", RankSet("A", 4), dealer) == GOOD


def test_false_not_good_is_an_error_and_corrected():
    deal = illustration()
    deal.declare("E", "quatorze", rank="A")
    problems = deal.reply("D", "not good")
    assert [p.code for p in problems] == ["wrong-reply"] and problems[0].expected == GOOD
    assert deal.class_winner("sets") == "E"


def test_admitted_good_is_good_with_a_warning():
    # "If the elder hand's declaration is admitted by the dealer to be good, it is good, even if
    # the dealer afterward proves to have a better point"
    deal = illustration()
    deal.declare("E", "point", number=41)
    problems = deal.reply("D", "good")
    assert [(p.code, p.severity) for p in problems] == [("admitted-good", "warning")]
    assert deal.class_winner("point") == "E"


def test_declaring_a_combination_not_held():
    # "If either player claims a combination which he does not hold ... he cannot count anything"
    deal = illustration()
    assert [p.code for p in deal.declare("E", "quinte", cards("♡ A K Q J 10"))] == ["not-held"]
    assert [p.code for p in deal.declare("E", "quatorze", rank="J")] == ["not-held"]


def test_wrongly_named_sequence():
    deal = illustration()
    problems = deal.declare("E", "quinte", cards("♡ A K Q J"))
    assert [p.code for p in problems] == ["wrong-name"]


def test_wrong_value_claimed_for_a_sequence():
    deal = illustration()
    problems = deal.declare("E", "quatrième", cards("♡ A K Q J"), number=14)
    assert [p.code for p in problems] == ["wrong-count"] and problems[0].expected == "4"


def test_wrong_pips_claimed_for_the_point():
    deal = illustration()
    problems = deal.declare("E", "point", cards("♡ A K Q J"), number=43)
    assert [p.code for p in problems] == ["wrong-count"] and problems[0].expected == "41"


def test_point_value_under_the_other_rule_is_a_warning():
    deal = PiquetDeal("E", "D")
    problems = deal.declare("D", "point", cards("♢ Q J 10 9 8 7"), number=5)
    assert [(p.code, p.severity) for p in problems] == [("point-rule", "warning")]
    deal = PiquetDeal("E", "D", english_point=True)
    assert deal.declare("D", "point", cards("♢ Q J 10 9 8 7"), number=5) == []


def test_reply_without_a_declaration():
    deal = illustration()
    assert [p.code for p in deal.reply("D", "good")] == ["no-declaration"]


def test_unknown_declaration_and_player():
    deal = illustration()
    assert [p.code for p in deal.declare("E", "flush")] == ["unknown-declaration"]
    assert [p.code for p in deal.declare("X", "point")] == ["unknown-player"]


def test_declaring_after_playing_is_too_late():
    # "If either player has forgotten to declare anything before he plays, the count is lost."
    deal = illustration()
    deal.play_card("E", card("AS"))
    deal.play_card("D", card("9S"))
    assert "too-late" in [p.code for p in deal.declare("D", "tierce", cards("♢ J 10 9"))]


# -- the exchange ------------------------------------------------------------------------------

def test_elder_exchanges_one_to_five():
    deal = illustration()
    assert [p.code for p in deal.discard("E", cards("7D AS QC KC AC QD"))][-1] == "wrong-count"


def test_elder_draws_as_many_as_he_discards():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ 8"))
    assert deal.discard("E", cards("7D 8S")) == []
    problems = deal.draw("E", cards("AS"))
    assert [p.code for p in problems] == ["wrong-count"]


def test_dealer_takes_at_most_what_the_elder_left():
    deal = PiquetDeal("E", "D")
    deal.draw("E", count=4)
    assert deal.draw("D", count=4) == []
    deal = PiquetDeal("E", "D")
    deal.draw("E", count=5)
    assert [p.code for p in deal.draw("D", count=4)] == ["wrong-count"]


def test_dealer_need_not_draw():
    # "In England, he need not draw at all"
    deal = PiquetDeal("E", "D")
    deal.draw("E", count=5)
    assert deal.draw("D", count=0) == []


def test_drawing_a_card_already_held():
    deal = illustration()
    deal.discard("E", cards("7D"))
    assert [p.code for p in deal.draw("E", cards("JS"))] == ["duplicate-card"]


def test_hand_of_wrong_size_and_duplicates():
    deal = PiquetDeal("E", "D")
    assert [p.code for p in deal.hold("E", cards("AS KS"))] == ["hand-size"]
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A."))
    assert "duplicate-card" in [p.code for p in deal.hold("D", cards("♡ A 10 9 8: ♣ J 10 9 8: ♢ J 10 9: ♠ K"))]


# -- counting in play ------------------------------------------------------------------------

def test_leading_a_card_above_nine_counts_one():
    assert play_counts([(card("AS"), card("7S"), 0, 0)]) == [(0, 0, "lead AS")]
    assert play_counts([(card("9S"), card("7S"), 0, 0)]) == []


def test_winning_the_adversarys_lead_with_a_ten_or_better_counts_one():
    assert play_counts([(card("9S"), card("10S"), 0, 1)]) == [(0, 1, "win with 10S")]
    assert play_counts([(card("8S"), card("9S"), 0, 1)]) == []
    # "if the trick is won by the player who led, there is no extra count for winning it"
    assert play_counts([(card("AS"), card("KS"), 0, 0)]) == [(0, 0, "lead AS")]


def test_rubicon_every_lead_and_win_counts_one():
    events = play_counts([(card("7S"), card("8S"), 0, 1)], rubicon=True)
    assert events == [(0, 0, "lead 7S"), (0, 1, "win with 8S")]


def test_last_trick_and_cards():
    assert final_counts([7, 5], 1) == [(1, 1, "last trick"), (10, 0, "cards")]
    assert final_counts([6, 6], 0) == [(1, 0, "last trick")]               # "no further scoring"
    assert final_counts([7, 5], 0, rubicon=True) == [(2, 0, "last trick"), (10, 0, "cards")]


def test_capot_is_forty_including_last_trick_and_cards():
    # "forty points for the capot; but this forty points includes the scores for the last trick
    # and for the odd trick"
    assert final_counts([12, 0], 0) == [(40, 0, "capot")]
    assert final_counts([0, 12], 1) == [(40, 1, "capot")]


def test_a_deal_played_out_scores_leads_last_trick_and_capot():
    deal = illustration()
    order = ["AS", "AH", "KH", "QH", "JH", "AC", "KC", "QC", "AD", "KD", "QD", "7D"]
    dealer = ["9S", "8C", "9C", "10C", "JC", "10S", "JS", "QS", "9D", "10D", "JD", "KS"]
    for e, d in zip(order, dealer):
        assert deal.play_card("E", card(e)) == [], e
        assert deal.play_card("D", card(d)) == [], d
    what = [i.what for i in deal.items() if i.player == "E"]
    assert what[-1] == "capot" and what.count("lead AS") == 1
    # 11 leads above the nine (all but the seven of diamonds), capot 40; no declarations here.
    assert deal.total("E") == 11 + 40


def test_revoke_in_play_is_reported():
    # "There is no revoke in Piquet, and if a player has one of the suit led he must play it."
    deal = illustration()
    deal.play_card("E", card("AS"))
    problems = deal.play_card("D", card("8C"))
    assert [p.code for p in problems] == ["revoke"] and "replayed" in problems[0].message


def test_lead_out_of_turn():
    deal = illustration()
    assert [p.code for p in deal.play_card("D", card("KS"))] == ["wrong-turn"]


# -- repic and pic -----------------------------------------------------------------------------

def test_repic_is_sixty_for_thirty_in_declarations():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ K Q J 10 9; ♣ A K Q; ♢ A Q 9; ♠ Q."))
    deal.declare("E", "point", cards("♡ K Q J 10 9")), deal.reply("D", "good")
    deal.declare("E", "quinte", cards("♡ K Q J 10 9")), deal.reply("D", "good")
    deal.declare("E", "quatorze", rank="Q"), deal.reply("D", "good")
    assert [i.what for i in deal.items()][-1] == "repic"
    assert deal.total("E") == 37 + 60


def test_a_score_by_the_adversary_in_order_saves_the_repic():
    # The dealer's quinte "comes in order before the score for quatorze, and so saves the repic"
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A K Q J 8; ♣ A K; ♢ A K; ♠ A K 10."))
    deal.declare("E", "point", cards("♡ A K Q J 8")), deal.reply("D", "good")
    deal.declare("E", "quatrième", cards("♡ A K Q J")), deal.reply("D", "not good")
    deal.declare("D", "quinte", cards("♢ Q J 10 9 8"), number=15)
    deal.declare("E", "quatorze", rank="A"), deal.declare("E", "quatorze", rank="K")
    assert deal.total("E") == 33 and "repic" not in [i.what for i in deal.items()]


def test_pic_is_thirty_for_thirty_in_hand_and_play():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K."))
    deal.declare("E", "point", cards("♢ K Q J 10 9")), deal.reply("D", "good")
    deal.declare("E", "quinte", cards("♢ K Q J 10 9"))
    deal.declare("E", "quatrième", cards("♣ A K Q J"))
    deal.declare("E", "trio", rank="K")
    assert deal.total("E") == 27
    for c in ("AC", "KC"):
        deal.play_card("E", card(c))
    assert deal.total("E") == 29
    deal.play_card("E", card("QC"))
    assert deal.total("E") == 60 and [i.what for i in deal.items()][-1] == "pic"


def test_no_pic_once_the_adversary_has_scored():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K."))
    deal.declare("E", "point", cards("♢ K Q J 10 9")), deal.reply("D", "good")
    deal.declare("E", "quinte", cards("♢ K Q J 10 9"))
    deal.declare("E", "quatrième", cards("♣ A K Q J"))
    deal.declare("E", "trio", rank="K"), deal.reply("D", "not good")
    deal.declare("D", "trio", rank="A")
    for c in ("AC", "KC", "QC", "JC"):
        deal.play_card("E", card(c))
    assert "pic" not in [i.what for i in deal.items()]


def test_dealer_pic_when_the_elder_leads_below_a_ten():
    # "Pic can never be made by the dealer unless the elder hand leads a card smaller than a
    # Nine": here the elder scores nothing at all, and the dealer's 20 in hand and ten in play
    # make the pic.
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ 9 8 7; ♣ 9 8 7; ♢ 9 8 7; ♠ 9 8 7"))
    deal.declare("E", "point", cards("♡ 9 8 7")), deal.reply("D", "not good")
    deal.declare("E", "tierce", cards("♡ 9 8 7")), deal.reply("D", "not good")
    deal.declare("D", "point", number=5), deal.declare("D", "quinte", number=15)
    assert deal.total("D") == 20
    tricks = [("E", "9H", "10H"), ("D", "AH", "8H"), ("D", "KH", "7H"), ("D", "QH", "9C"),
              ("D", "JH", "8C"), ("D", "AC", "7C"), ("D", "KC", "9D"), ("D", "QC", "8D"),
              ("D", "JC", "7D")]
    for leader, led, second in tricks:
        assert deal.play_card(leader, card(led)) == []
        assert deal.play_card("D" if leader == "E" else "E", card(second)) == []
    assert deal.total("D") == 29
    deal.play_card("D", card("AD"))
    assert deal.total("D") == 60 and deal.total("E") == 0


def test_undeclared_classes_settle_from_both_hands_once_play_begins():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ 9 8 7; ♣ 9 8 7; ♢ 9 8 7; ♠ 9 8 7"))
    deal.hold("D", cards("♡ A K Q J 10; ♣ A K Q; ♢ A K; ♠ A K"))
    assert deal.total("D") == 0
    deal.play_card("E", card("9H"))
    # point 5, quinte 15 and tierce 3, quatorze Aces and Kings 28: repic.
    assert deal.total("D") == 5 + 15 + 3 + 14 + 14 + 60


# -- the game ------------------------------------------------------------------------------------

def test_game_of_a_hundred_and_the_lurch():
    # "if the loser has not reached 50 points he is lurched, and loses a double game"
    assert game_result({"A": 104, "B": 49}) == ("A", 2)
    assert game_result({"A": 104, "B": 50}) == ("A", 1)
    assert game_result({"A": 99, "B": 98}) is None


@pytest.mark.parametrize("a,b,won", [(113, 80, 293), (88, 84, 272), (180, 142, 138)])
def test_rubicon_examples(a, b, won):
    # Foster's three instances: 113 + 80 + 100 = 293; 88 + 84 + 100 = 272; 38 + 100 = 138.
    assert rubicon_result({"A": a, "B": b}) == ("A", won)


def test_rubicon_tie_is_played_on():
    assert rubicon_result({"A": 120, "B": 120}) is None


# -- the book's hands (seed 000) ---------------------------------------------------------------

def test_illustration_declarations():
    deal = illustration()
    assert deal.declare("E", "point", number=41) == []                 # "Forty-one."
    assert deal.reply("D", "not good") == []                          # "Not good."
    assert deal.declare("E", "quatrième", cards("♡ A K Q J"), number=4) == []
    assert deal.reply("D", "not good") == []                          # "Not good."
    assert deal.declare("E", "quatorze", rank="A", number=14) == []   # "which he knows is good"
    assert deal.play_card("E", card("AS")) == []
    assert deal.check_score({"E": 21}) == []                          # "Twenty-one."
    for kind, text, value in [("point", "♠ K Q J 10 9", 5), ("quinte", "♠ K Q J 10 9", 15),
                              ("quatrième", "♣ J 10 9 8", 4), ("tierce", "♢ J 10 9", 3)]:
        assert deal.declare("D", kind, cards(text), number=value) == []
    assert deal.check_score({"D": 27}) == []                          # "27 altogether"
    # "His trios of Jacks and Tens are shut out by the superior combinations in the elder hand."
    assert sets(cards("♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9.")) == [RankSet("J", 3), RankSet("10", 3)]
    assert deal.class_winner("sets") == "E"


def test_illustration_is_a_capot():
    # "If either player wins all twelve tricks, which would be the case in the example hand"
    elder = cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A.")
    dealer = cards("♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9.")
    assert can_take_all([elder, dealer], 0, LAWS, 0)


def test_repic_hand_one_the_book_omits_the_tierce():
    # The book counts 20 + 14 = 34 and 94 with repic, but the tierce major in clubs is an
    # inferior sequence of the holder of the best one, and counts: 37 and 97.
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ K Q J 10 9; ♣ A K Q; ♢ A Q 9; ♠ Q."))
    deal.declare("E", "point", cards("♡ K Q J 10 9")), deal.reply("D", "good")
    deal.declare("E", "quinte", cards("♡ K Q J 10 9")), deal.reply("D", "good")
    deal.declare("E", "quatorze", rank="Q"), deal.reply("D", "good")
    [p34] = deal.check_score({"E": 34})
    assert p34.code == "wrong-score" and p34.expected == "37" and "tierce to the Ace" in p34.message
    [p94] = deal.check_score({"E": 94})
    assert p94.expected == "97"
    assert deal.check_score({"E": 37}) == [] and deal.check_score({"E": 97}) == []


def test_repic_hand_two_and_its_variants():
    hand = "♡ A K Q J 8; ♣ A K; ♢ A K; ♠ A K 10."
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards(hand))
    deal.declare("E", "point", cards("♡ A K Q J 8")), deal.reply("D", "good")
    deal.declare("E", "quatrième", cards("♡ A K Q J")), deal.reply("D", "not good")
    deal.declare("E", "quatorze", rank="A"), deal.declare("E", "quatorze", rank="K")
    assert deal.check_score({"E": 33}) == []                          # "33 altogether"
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards(hand))
    deal.declare("E", "point", cards("♡ A K Q J 8")), deal.reply("D", "not good")
    deal.declare("E", "quatrième", cards("♡ A K Q J")), deal.reply("D", "not good")
    deal.declare("E", "quatorze", rank="A"), deal.declare("E", "quatorze", rank="K")
    deal.play_card("E", card("AS"))
    assert deal.check_score({"E": 29}) == []                          # "He would count 29"
    deal.declare("D", "point", cards("♢ Q J 10 9 8 7"))
    deal.declare("D", "sixième", cards("♢ Q J 10 9 8 7"), number=16)
    deal.declare("D", "quinte", cards("♣ Q J 10 9 8"), number=15)
    # "he would claim a repic, 96 points": right by the English rule for the 7 8 9 point.
    [warning] = deal.check_score({"D": 96})
    assert (warning.code, warning.severity, warning.expected) == ("point-rule", "warning", "97")


def test_equalities_do_not_save_the_repic():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A J 10 9 8; ♣ 10; ♢ 10; ♠ A J 10 9 8."))
    deal.hold("D", cards("♡ K Q; ♣ A K Q; ♢ A K Q J 7; ♠ K Q."))
    assert deal.declare("E", "point", number=48) == [] and deal.reply("D", "equal") == []
    assert deal.declare("E", "quatrième", cards("♡ J 10 9 8")) == []
    assert deal.reply("D", "not good") == []
    assert deal.declare("E", "quatorze", rank="10") == [] and deal.reply("D", "not good") == []
    deal.play_card("E", card("AS"))
    assert deal.check_score({"E": 1}) == []                           # "One."
    assert deal.check_score({"D": 95}) == []                          # "repic, 95 points"


def test_pic_hand():
    deal = PiquetDeal("E", "D")
    deal.hold("E", cards("♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K."))
    deal.declare("E", "point", cards("♢ K Q J 10 9"), number=5), deal.reply("D", "good")
    deal.declare("E", "quinte", cards("♢ K Q J 10 9"), number=15)
    deal.declare("E", "quatrième", cards("♣ A K Q J"), number=4)
    deal.declare("E", "trio", rank="K", number=3)
    assert deal.check_score({"E": 27}) == []                          # "27 before playing a card"
    for c in ("AC", "KC", "QC"):
        deal.play_card("E", card(c))
    assert deal.check_score({"E": 60}) == []                          # "counting 60"


# -- the corpus records -------------------------------------------------------------------------

def corpus_games(name: str):
    return list(read_games([str(CORPUS / name)]))


def test_corpus_illustration_replays_clean():
    [game] = corpus_games("piquet_000_illustration.txt")
    assert game.family == "cards" and game.variant == "piquet"
    assert game.status == "ok", [d.message for d in game.diagnostics]
    scores = [(c.what, c.claimed, c.actual) for c in game.claims if "count" in c.what]
    assert ("E's count", "21", "21") in scores and ("D's count", "27", "27") in scores


def test_corpus_pic_replays_clean():
    [game] = corpus_games("piquet_000_pic.txt")
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert all(c.ok for c in game.claims)


def test_corpus_repic_pins_the_books_numbers():
    [game] = corpus_games("piquet_000_repic.txt")
    found = [(d.severity, d.code, d.suggestions) for d in game.diagnostics]
    assert found == [
        ("error", "wrong-score", ["37"]),       # the book's 34: the tierce in clubs is left out
        ("error", "wrong-score", ["97"]),       # the book's 94, for the same reason
        ("warning", "point-rule", ["97"]),      # 96 counts the 7 8 9 point by the English rule
    ]
    assert game.status == "error"


# -- properties --------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(st.permutations(pack(PIQUET_RANKS)))
def test_settling_a_class_gives_it_to_one_player_at_most(order):
    elder, dealer = order[:12], order[12:24]
    for kind in ("point", "sequence", "sets"):
        result = settle(kind, elder, dealer)
        assert min(result.scores.values()) == 0
        if result.winner is None:
            assert sum(result.scores.values()) == 0
        # The reply the dealer owes is the one settle() acts on.
        if result.reply == GOOD:
            assert result.winner == "elder"
        elif result.reply == NOT_GOOD:
            assert result.winner == "dealer"


@settings(max_examples=80, deadline=None)
@given(st.permutations(pack(PIQUET_RANKS)))
def test_point_is_the_suit_of_most_pips(order):
    hand = order[:12]
    best = best_point(hand)
    for suit in "CDHS":
        pips = sum(pip_value(c) for c in hand if c.suit == suit)
        assert pips <= best.pips


# -- transcripts ----------------------------------------------------------------------------------

def replay(tmp_path, body: str, tags: str = '[Game "piquet"]'):
    path = tmp_path / "deal.txt"
    path.write_text(f"{tags}\n[Title \"test\"]\n\n{body}\n", encoding="utf-8")
    [game] = list(read_games([str(path)]))
    return game


ILLUSTRATION = """Players: E (elder hand), D (dealer)
E holds ♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A.
D holds ♣ J 10 9 8: ♢ J 10 9: ♠ K Q J 10 9.
"""


def test_transcript_wrong_declared_value_is_at_its_line(tmp_path):
    game = replay(tmp_path, ILLUSTRATION + "E declares quatorze aces = 4\n")
    [diag] = game.diagnostics
    assert (diag.code, diag.line, diag.column, diag.suggestions) == ("wrong-count", 7, 1, ["14"])
    assert [(c.claimed, c.actual) for c in game.claims] == [("4", "14")]


def test_transcript_revoke_in_a_trick(tmp_path):
    game = replay(tmp_path, ILLUSTRATION + "Trick 1: E AS, D 8C\n")
    [diag] = game.diagnostics
    assert diag.code == "revoke" and diag.line == 7 and set(diag.suggestions) == {"KS", "QS", "JS", "10S", "9S"}
    assert game.status == "error"


def test_transcript_false_reply(tmp_path):
    game = replay(tmp_path, ILLUSTRATION + "E declares quatorze aces\nD replies not good\n")
    [diag] = game.diagnostics
    assert diag.code == "wrong-reply" and diag.suggestions == ["Good"] and diag.line == 8


def test_transcript_named_score(tmp_path):
    body = ("Players: E (elder hand), D (dealer)\n"
            "E holds ♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K.\n"
            "E declares point ♢ K Q J 10 9 = 5\nD replies good\n"
            "E declares quinte ♢ K Q J 10 9 = 15\nE declares quatrième ♣ A K Q J = 4\n"
            "E declares trio kings = 3\nE leads AC\nE leads KC\nE leads QC\n"
            "E scores 30 for pic\nE scores 60 for repic\n")
    game = replay(tmp_path, body)
    assert [(d.code, d.suggestions) for d in game.diagnostics] == [("no-such-score", ["0"])]


def test_transcript_rubicon_counts_every_lead(tmp_path):
    body = ("Players: E (elder hand), D (dealer)\n"
            "E holds ♡ 9 8 7; ♣ 9 8 7; ♢ 9 8 7; ♠ 9 8 7\n"
            "E leads 9H\nScore: E 1\n")
    assert replay(tmp_path, body, '[Game "piquet"]\n[Variant "rubicon"]').status == "ok"
    assert replay(tmp_path, body).diagnostics[0].suggestions == ["0"]


def test_transcript_english_point_rule_tag(tmp_path):
    body = ("Players: E (elder hand), D (dealer)\n"
            "D declares point ♢ Q J 10 9 8 7 = 5\n")
    assert replay(tmp_path, body, '[Game "piquet"]\n[PointRule "english"]').diagnostics == []
    [diag] = replay(tmp_path, body).diagnostics
    assert (diag.code, diag.severity) == ("point-rule", "warning")


# -- what the adversary can hold: the book's "must be good" -------------------------------------

def test_pic_hand_everything_good_once_the_point_is():
    # "If the dealer acknowledges the point to be good, everything else in the hand must be good also."
    from notation.rules.cards.piquet import must_be_good
    hand = cards("♡ A 9; ♣ A K Q J; ♢ K Q J 10 9; ♠ K.")
    assert must_be_good(hand, "sequence", ["point"])
    assert must_be_good(hand, "sets", ["point"])
    assert not must_be_good(hand, "sequence", [])       # without the point admitted, it need not be


def test_repic_hand_quinte_and_four_queens_must_be_good():
    # "If the quinte to the King is admitted good for the point, it must be good for the sequence
    # also." "The four Queens must be good, as the adversary cannot have any quatorze."
    from notation.rules.cards.piquet import must_be_good
    hand = cards("♡ K Q J 10 9; ♣ A K Q; ♢ A Q 9; ♠ Q.")
    assert must_be_good(hand, "sequence", ["point"])
    assert must_be_good(hand, "sets", [])


def test_illustration_quatorze_aces_known_good_point_not():
    # "“Quatorze Aces,” which he knows is good"; his point and quatrième may be beaten (they are).
    from notation.rules.cards.piquet import must_be_good
    hand = cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A.")
    assert must_be_good(hand, "sets", [])
    assert not must_be_good(hand, "point", []) and not must_be_good(hand, "sequence", [])


def test_must_be_good_needs_a_full_hand_and_a_class():
    from notation.rules.cards.piquet import must_be_good
    with pytest.raises(ValueError, match="twelve|12"):
        must_be_good(cards("AS KS"), "point")
    with pytest.raises(ValueError, match="no such class"):
        must_be_good(cards("♡ A K Q J: ♣ A K Q: ♢ A K Q 7: ♠ A."), "flush")
