"""Écarté: the Club Code laws (seed 002, "LAWS OF ECARTE") and the book's game of five deals."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation.boards.cards import Card
from notation.rules.cards.ecarte import (
    EcarteDeal,
    EcarteGame,
    deal,
    ecarte_pack,
    game_value,
    guaranteed_tricks,
    hands_after_exchange,
    laws,
    point_value,
)
from notation.rules.cards.replay import legal_cards, max_tricks, trick_winner


def cards(text: str) -> list[Card]:
    return [Card(code[:-1], code[-1]) for code in text.split()]


def card(code: str) -> Card:
    return cards(code)[0]


# -- the pack and the order of the cards ------------------------------------------

def test_pack_is_thirty_two_cards_seven_to_ace():
    pack = ecarte_pack()
    assert len(pack) == 32 and len(set(pack)) == 32
    assert {c.rank for c in pack} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_king_highest_and_ace_between_knave_and_ten():
    # "the king is the highest card, the ace ranking between the knave and the ten"
    rules = laws("H")
    assert trick_winner(cards("QS KS"), rules) == 1
    assert trick_winner(cards("AS JS"), rules) == 1
    assert trick_winner(cards("AS 10S"), rules) == 0


def test_seven_of_trumps_takes_a_king():
    # "A seven of trumps can take the king of another suit."
    assert trick_winner(cards("KS 7H"), laws("H")) == 1


# -- the deal (laws 8 and 10) ------------------------------------------------------

def test_deal_three_then_two_non_dealer_first():
    pack = ecarte_pack()
    dealt = deal(pack, (3, 2))
    assert dealt.non_dealer == tuple(pack[0:3] + pack[6:8])
    assert dealt.dealer == tuple(pack[3:6] + pack[8:10])
    assert dealt.turnup == pack[10]
    assert len(dealt.stock) == 21


def test_deal_two_then_three():
    pack = ecarte_pack()
    dealt = deal(pack, (2, 3))
    assert dealt.non_dealer == tuple(pack[0:2] + pack[4:7])
    assert dealt.dealer == tuple(pack[2:4] + pack[7:10])


def test_deal_refuses_other_packets_and_other_packs():
    with pytest.raises(ValueError, match="law 8"):
        deal(ecarte_pack(), (4, 1))
    with pytest.raises(ValueError, match="32-card pack"):
        deal(ecarte_pack()[:-1] + [Card("2", "C")])


def test_every_deal_of_a_shuffled_pack_is_two_hands_of_five():
    rng = random.Random(6)
    for _ in range(20):
        pack = ecarte_pack()
        rng.shuffle(pack)
        dealt = deal(pack)
        everything = dealt.dealer + dealt.non_dealer + (dealt.turnup,) + dealt.stock
        assert len(dealt.dealer) == len(dealt.non_dealer) == 5
        assert sorted(everything) == sorted(pack)


def test_hand_of_the_wrong_size_is_an_error():
    d = EcarteDeal("A", "Y")
    problems = d.deal({"A": cards("KS QS JS"), "Y": cards("7C 8C 9C 10C JC")}, card("7D"))
    assert [p.code for p in problems] == ["hand-size"]
    assert problems[0].expected == "5"


def test_card_dealt_twice_is_an_error():
    d = EcarteDeal("A", "Y")
    problems = d.deal({"A": cards("KS QS JS AS 7D"), "Y": cards("7D 8C 9C 10C JC")}, card("8D"))
    assert "duplicate-card" in [p.code for p in problems]


def test_card_outside_the_pack_is_an_error():
    d = EcarteDeal("A", "Y")
    problems = d.deal({"A": cards("KS QS JS AS 6D")}, None)
    assert [p.code for p in problems] == ["no-such-card"]


# -- the king (laws 22-25, 47) --------------------------------------------------------

def dealt(turnup: str = "9C") -> EcarteDeal:
    d = EcarteDeal("A", "Y")
    assert d.deal({"A": cards("KC QS JS AD 8H"), "Y": cards("10S KH 10D 7D 9S")}, card(turnup)) == []
    return d


def test_dealer_marks_the_king_turned_up():
    d = EcarteDeal("A", "Y")
    d.deal({"A": cards("QS JS AS AD 8H"), "Y": cards("10S KH 10D 7D 9C")}, card("KS"))
    assert d.mark_king("A") == []
    assert d.marks == {"A": 1, "Y": 0}


def test_only_the_dealer_marks_a_king_turned_up():
    d = EcarteDeal("A", "Y")
    d.deal({"A": cards("QS JS AS AD 8H"), "Y": cards("10S KH 10D 7D 9C")}, card("KS"))
    assert [p.code for p in d.mark_king("Y")] == ["false-king"]
    assert d.marks == {"A": 0, "Y": 0}


def test_holder_of_the_king_of_trumps_marks_it():
    d = dealt("9C")
    assert d.mark_king("A") == []
    assert d.marks["A"] == 1


def test_announcing_a_king_not_held_is_law_25():
    d = dealt("9D")
    problems = d.mark_king("A")
    assert [p.code for p in problems] == ["false-king"] and "law 25" in problems[0].message
    assert d.false_king == "A"


def test_king_is_marked_once():
    d = dealt("9C")
    d.mark_king("A")
    assert [p.code for p in d.mark_king("A")] == ["king-twice"]


def test_king_announced_after_playing_is_lost():
    # Law 23: "he must announce it before playing his first card".
    d = dealt("9C")
    d.play_without_proposing("Y")
    d.play_card("Y", card("10S"))
    d.play_card("A", card("QS"))
    assert [p.code for p in d.mark_king("A")] == ["king-late"]


def test_king_led_first_may_be_announced_until_played_to():
    # Law 24.
    d = EcarteDeal("A", "Y")
    d.deal({"A": cards("QS JS AS AD 8H"), "Y": cards("KC KH 10D 7D 9S")}, card("9C"))
    d.play_without_proposing("Y")
    d.play_card("Y", card("KC"))
    assert d.mark_king("Y") == []


def test_king_first_played_by_the_dealer_may_be_announced_before_he_plays_again():
    d = dealt("9C")
    d.play_without_proposing("Y")
    d.play_card("Y", card("9S"))     # Y leads a trump
    d.play_card("A", card("KC"))     # A must head it with his king
    assert d.mark_king("A") == []


# -- proposing (laws 26, 27, 49) ------------------------------------------------------

def test_only_the_non_dealer_proposes_and_only_the_dealer_answers():
    d = dealt()
    assert [p.code for p in d.propose("A")] == ["wrong-player"]
    assert d.propose("Y") == []
    assert [p.code for p in d.accept("Y")] == ["wrong-player"]
    assert d.accept("A") == []
    assert d.proposal == "accepted"


def test_answer_without_a_proposal_is_an_error():
    d = dealt()
    assert [p.code for p in d.refuse("A")] == ["no-proposal"]


def test_first_proposal_decides_law_49():
    d = dealt()
    d.propose("Y"), d.accept("A")
    d.propose("Y"), d.refuse("A")
    assert d.proposal == "accepted"


def test_proposal_asks_for_one_to_five_cards():
    assert [p.code for p in dealt().propose("Y", 6)] == ["wrong-count"]


def test_play_without_proposing_is_the_non_dealers():
    d = dealt()
    assert [p.code for p in d.play_without_proposing("A")] == ["wrong-player"]
    assert d.play_without_proposing("Y") == []
    assert d.proposal == "none"
    assert [p.code for p in d.propose("Y")] == ["too-late"]


def test_leading_without_a_proposal_is_playing_without_proposing():
    d = dealt()
    d.play_card("Y", card("10S"))
    assert d.proposal == "none"


# -- discards and drawing (laws 28-34) -------------------------------------------------

def test_exchange_replaces_the_discards():
    d = dealt()
    d.propose("Y"), d.accept("A")
    assert d.exchange("Y", cards("KH 10D 7D"), cards("KD 7S 7H")) == []
    assert d.hands["Y"] == set(cards("10S 9S KD 7S 7H"))


def test_exchange_without_an_accepted_proposal_is_an_error():
    d = dealt()
    assert [p.code for p in d.exchange("Y", cards("KH"), cards("KD"))] == ["no-exchange"]


def test_exchange_counts_must_agree():
    d = dealt()
    d.propose("Y"), d.accept("A")
    problems = d.exchange("Y", cards("KH 10D"), cards("KD 7S 7H"))
    assert [p.code for p in problems] == ["wrong-count"]


def test_discarding_a_card_not_held_is_an_error():
    d = dealt()
    d.propose("Y"), d.accept("A")
    assert [p.code for p in d.exchange("Y", cards("AS"), cards("KD"))] == ["not-held"]


def test_drawing_a_card_already_in_play_is_an_error():
    d = dealt()
    d.propose("Y"), d.accept("A")
    assert [p.code for p in d.exchange("Y", cards("KH"), cards("QS"))] == ["duplicate-card"]


def test_exchange_by_count_only_leaves_the_hand_unknown():
    d = dealt()
    d.propose("Y"), d.accept("A")
    assert d.exchange("Y", None, cards("KD 7S 7H"), count=3) == []
    assert d.hands["Y"] is None


# -- the laws of play (law 43) -----------------------------------------------------------

def test_revoke_is_law_43():
    d = dealt("9C")
    d.play_card("Y", card("10S"))
    problems = d.play_card("A", card("8H"))
    assert [p.code for p in problems] == ["revoke"] and "law 43" in problems[0].message
    assert set(problems[0].suggestions) == {"QS", "JS"}
    assert d.offenders == {"A"}


def test_failing_to_win_the_trick_is_law_43():
    d = EcarteDeal("A", "Y")
    d.deal({"A": cards("KC QS 7S AD 8H"), "Y": cards("10S KH 10D 7D 9S")}, card("9C"))
    d.play_card("Y", card("10S"))
    problems = d.play_card("A", card("7S"))
    assert [p.code for p in problems] == ["not-heading"]
    assert problems[0].suggestions == ("QS",)


def test_failing_to_trump_is_law_43():
    d = dealt("9C")
    d.play_card("Y", card("KH"))
    problems = d.play_card("A", card("AD"))
    assert [p.code for p in problems] == ["revoke"]        # he holds 8H: a revoke first
    d2 = dealt("9C")
    d2.play_card("Y", card("10D"))
    problems = d2.play_card("A", card("QS"))
    assert problems[0].code == "revoke"                     # AD follows diamonds
    d3 = EcarteDeal("A", "Y")
    d3.deal({"A": cards("KC QS JS AS 8H"), "Y": cards("10S KH 10D 7D 9S")}, card("9C"))
    d3.play_card("Y", card("10D"))
    problems = d3.play_card("A", card("8H"))
    assert [p.code for p in problems] == ["not-trumping"] and problems[0].suggestions == ("KC",)


def test_playing_a_card_not_held():
    d = dealt()
    assert [p.code for p in d.play_card("Y", card("AS"))] == ["not-held"]


def test_out_of_turn():
    d = dealt()
    assert [p.code for p in d.play_card("A", card("QS"))] == ["wrong-turn"]


def test_sixth_trick_is_an_error():
    d = dealt("9C")
    plays = [("Y", "10S"), ("A", "QS"), ("A", "JS"), ("Y", "9S"), ("A", "8H"), ("Y", "KH"),
             ("Y", "10D"), ("A", "AD"), ("A", "KC"), ("Y", "7D")]
    for who, c in plays:
        assert d.play_card(who, card(c)) == [], (who, c)
    assert d.finished
    assert [p.code for p in d.play_card("A", card("KC"))] == ["too-many-cards"]


# -- scoring (laws 46-49, 25, 43) ----------------------------------------------------------

@pytest.mark.parametrize("tricks,dealer,proposal,offender,value", [
    (3, True, "accepted", False, 1),     # law 48: the point
    (4, False, "accepted", False, 1),
    (5, True, "accepted", False, 2),     # law 48: the vole
    (3, True, "none", False, 2),         # law 49: non-dealer played without proposing and lost
    (3, False, "none", False, 1),        # ... but won: no extra
    (3, False, "refused", False, 2),     # law 49: dealer refused the first proposal and lost
    (3, True, "refused", False, 1),
    (5, True, "none", False, 2),         # "the score for the vole being unaffected"
    (3, True, "accepted", True, 0),      # law 43: the offender wins the point: nothing
    (5, False, "accepted", True, 1),     # ... the vole: one
    (3, True, "none", True, 1),          # ... a point worth two: one
])
def test_point_value(tricks, dealer, proposal, offender, value):
    assert point_value(tricks, winner_is_dealer=dealer, proposal=proposal, offender=offender) == value


def test_point_value_needs_three_tricks():
    with pytest.raises(ValueError):
        point_value(2, winner_is_dealer=True, proposal="accepted")


@pytest.mark.parametrize("loser,value", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_game_value_law_46(loser, value):
    assert game_value(5, loser) == value


def test_game_is_five_up():
    with pytest.raises(ValueError, match="five up"):
        game_value(4, 0)


def test_wrong_claim_of_the_point_after_full_play():
    d = dealt("9C")
    plays = [("Y", "10S"), ("A", "QS"), ("A", "JS"), ("Y", "9S"), ("A", "8H"), ("Y", "KH"),
             ("Y", "10D"), ("A", "AD"), ("A", "KC"), ("Y", "7D")]
    for who, c in plays:
        d.play_card(who, card(c))
    assert d.tricks() == {"Y": 1, "A": 4}
    problems = d.claim("Y", 3)
    assert [p.code for p in problems] == ["wrong-result"] and problems[0].expected.startswith("1 trick")
    result = d.result()
    assert result.winner == "A" and result.points == {"A": 2, "Y": 0}   # Y played without proposing


def test_offender_who_wins_marks_nothing_for_the_point():
    d = EcarteDeal("A", "Y")
    d.deal({"A": cards("KC QS 7S AD 8H"), "Y": cards("10S KH 10D 7D 9S")}, card("9C"))
    d.propose("Y"), d.refuse("A")
    plays = [("Y", "10S"), ("A", "7S"), ("Y", "KH"), ("A", "8H"), ("Y", "10D"), ("A", "AD"),
             ("A", "KC"), ("Y", "9S"), ("A", "QS"), ("Y", "7D")]
    codes = [p.code for who, c in plays for p in d.play_card(who, card(c))]
    assert codes == ["not-heading"]
    result = d.result()
    assert result.tricks == {"Y": 2, "A": 3}
    assert result.points == {"A": 0, "Y": 0} and "law 25/43" in result.reason


def test_score_claim_checked():
    game = EcarteGame(("A", "Y"))
    d = game.new_deal("A")
    d.claim("A", 3)
    assert game.check_score({"A": 1, "Y": 0}) == []
    problems = game.check_score({"A": 2})
    assert [p.code for p in problems] == ["wrong-score"] and problems[0].expected == "1"
    assert [p.code for p in game.check_score({"B": 0})] == ["unknown-player"]


# -- the book's game of five deals (seed 002) --------------------------------------------------

def test_the_books_game_of_five_deals():
    game = EcarteGame(("A", "Y"))

    # 1. A deals, turns up the king of spades: "I mark the king". Y proposes, A accepts.
    d = game.new_deal("A")
    assert d.deal({"A": cards("QS JS AS AD 8H"), "Y": cards("10S KH 10D 7D 9C")}, card("KS")) == []
    assert d.mark_king("A") == []
    assert d.propose("Y") == [] and d.accept("A") == []
    assert d.exchange("Y", None, cards("KD 7S 7H"), 3) == []
    assert d.exchange("A", None, cards("9S 8S"), 2) == []
    # "... and must win the vole": with the best discard, whatever Y kept.
    a_hands = hands_after_exchange(cards("QS JS AS AD 8H"), cards("9S 8S"))
    y_hands = hands_after_exchange(cards("10S KH 10D 7D 9C"), cards("KD 7S 7H"))
    assert guaranteed_tricks(a_hands, y_hands, side_leads=False, trump="S") == 5
    assert d.claim("A", 5) == []

    # 2. Y deals, turns the nine of clubs. A proposes; "Play," says Y, and he wins the vole.
    d = game.new_deal("Y")
    assert d.deal({"A": cards("KD AD 8H 7H 10S"), "Y": cards("KS QS JS 8C 7C")}, card("9C")) == []
    assert d.propose("A") == [] and d.refuse("Y") == []
    assert max_tricks([cards("KD AD 8H 7H 10S"), cards("KS QS JS 8C 7C")], 0, laws("C"), 1) == 5
    assert d.claim("Y", 5) == []
    assert game.check_score({"Y": 2, "A": 3}) == []       # "Score: Y = 2; A = 3."

    # 3. A deals, turns the knave of diamonds; Y plays without proposing.
    d = game.new_deal("A")
    y3, a3 = cards("QD 10D 10C 8C 8H"), cards("JC AH JH 10H 8D")
    assert d.deal({"Y": y3, "A": a3}, card("JD")) == []
    assert d.play_without_proposing("Y") == []
    # "If he led queen, then ten of diamonds, he would lose the point. If he led ten of
    # clubs, he would win the point."
    assert max_tricks([y3, a3], 0, laws("D"), 0, forced=cards("QD 10D")) == 2
    assert max_tricks([y3, a3], 0, laws("D"), 0, forced=cards("10C")) >= 3
    assert d.claim("Y", 3) == []
    assert game.check_score({"Y": 3, "A": 3}) == []       # "the game stands at 3 all"

    # 4. Y deals and wins the point.
    d = game.new_deal("Y")
    assert d.claim("Y", 3) == []
    assert game.check_score({"Y": 4, "A": 3}) == []

    # 5. A deals, turns the nine of diamonds; Y plays; A does not mark his king.
    d = game.new_deal("A")
    y5, a5 = cards("QD JD KS QS AS"), cards("KD AD AH KC 8S")
    assert d.deal({"Y": y5, "A": a5}, card("9D")) == []
    assert d.play_without_proposing("Y") == []
    plays = [("Y", "KS"), ("A", "8S"), ("Y", "QD"), ("A", "KD"), ("A", "KC"), ("Y", "JD"),
             ("Y", "QS"), ("A", "AD"), ("A", "AH"), ("Y", "AS")]
    for who, c in plays:
        assert d.play_card(who, card(c)) == [], (who, c)
    assert d.tricks() == {"Y": 2, "A": 3}
    result = game.close_deal()
    assert result is not None and result.points == {"A": 2, "Y": 0}   # law 49
    assert game.winner == "A" and game.score == {"A": 5, "Y": 4}
    assert game_value(5, 4) == 1
    # "If Y had followed his first lead with queen of spades, he must have won the game".
    assert max_tricks([y5, a5], 0, laws("D"), 0, forced=cards("KS QS")) >= 3
    assert max_tricks([y5, a5], 0, laws("D"), 0, forced=cards("KS QD")) == 2


def test_the_books_deal_three_legal_plays():
    # Y leads the ten of clubs: A must head it with the knave (law 43).
    assert legal_cards(cards("JC AH JH 10H 8D"), cards("10C"), laws("D")) == cards("JC")


# -- the corpus record ---------------------------------------------------------------------------

def test_corpus_game_of_five_deals_replays_clean():
    from pathlib import Path

    from notation.pipeline import read_games

    path = Path(__file__).resolve().parent.parent / "corpus" / "cards" / "ecarte_002_game_of_five.txt"
    [game] = list(read_games([str(path)]))
    assert game.family == "cards" and game.variant == "ecarte"
    assert game.status == "ok", [d.format(str(path)) for d in game.diagnostics]
    assert game.result == "A wins" and game.detail.score == {"A": 5, "Y": 4}
    scores = [(c.what, c.claimed, c.actual) for c in game.claims if c.what.endswith("score")]
    assert scores == [("Y's score", "2", "2"), ("A's score", "3", "3"),
                      ("A's score", "3", "3"), ("Y's score", "3", "3"),
                      ("Y's score", "4", "4"), ("A's score", "3", "3"),
                      ("A's score", "5", "5"), ("Y's score", "4", "4")]
    assert all(c.ok for c in game.claims)


def test_corpus_record_with_a_misprinted_score_is_pinned(tmp_path):
    from notation.pipeline import read_games

    source = Path(__file__).resolve().parent.parent / "corpus" / "cards" / "ecarte_002_game_of_five.txt"
    text = source.read_text(encoding="utf-8").replace("Score: Y = 2; A = 3 ", "Score: Y = 2; A = 2 ")
    bad = tmp_path / "ecarte.txt"
    bad.write_text(text, encoding="utf-8")
    [game] = list(read_games([str(bad)]))
    [diag] = game.diagnostics
    assert diag.code == "wrong-score" and diag.suggestions == ["3"] and "A's score is 3" in diag.message
    assert game.status == "error"
