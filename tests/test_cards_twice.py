"""A card held or written twice is refused by every card game's replay (issue 28), at the second
sighting, naming the first; a game dealt from several packs allows as many of each card."""

from __future__ import annotations

from notation.model import Game, SourceText
from notation.pipeline import process, split_source
from notation.rules.cards.notations import NOTATIONS
from notation.rules.cards.replay import GenericReplay
from notation.rules.cards.rouge_et_noir import RougeEtNoirReplay


def replay(variant: str, body: str) -> Game:
    text = f'[Game "cards"]\n[Variant "{variant}"]\n[Notation "transcript"]\n\n{body}'
    (game,) = [process(r) for r in split_source(SourceText("deal.txt", text))]
    return game


def twice(game: Game) -> list[tuple[int | None, int | None, str]]:
    return [(d.line, d.column, d.message) for d in game.diagnostics if d.code == "card-twice"]


def test_a_poker_claim_with_the_same_card_in_both_hands() -> None:
    game = replay("poker", "Claim: better hand 9S 10S JS QS KS 9S 2H 3H 4H 5H = 1\n")
    assert twice(game) == [(5, 36, "9S is written twice on one line: first at line 5, column 20")]
    assert game.status == "error"


def test_the_same_card_in_two_poker_hands() -> None:
    game = replay("poker", "Players: A (dealer), B\nA holds AS KS QS JS 9S\nB holds AS 2D 3H 4C 5S\n")
    assert twice(game) == [(7, 9, "AS is held twice: it is already in A's hand (line 6, column 9)")]


def test_one_card_played_by_two_players_whose_hands_are_not_given() -> None:
    for variant in ("nap", "spoil five", "piquet", "ecarte", "pope joan"):
        game = replay(variant, "Players: A (dealer), B\nTrick 1: A AS, B KS\nA plays KS\n")
        assert twice(game) == [(7, 9, "KS is held twice: it is already played by B (line 6, column 18)")], variant


def test_a_card_written_twice_on_a_line_in_games_with_rules_of_their_own() -> None:
    cases = {"ecarte": "Players: A (dealer), Y\nY holds AS KS QS JS 9S\nY discards AS AS\n",
             "piquet": "Players: A (dealer), B\nA declares point AS AS = 2\n",
             "cribbage": "Players: A (dealer), B\nA shows hand 5H 5H 5S JD = 12\n"}
    for variant, body in cases.items():
        (found,) = twice(replay(variant, body))
        assert "written twice on one line" in found[2], variant


def test_each_card_once_is_still_ok() -> None:
    game = replay("poker", "Claim: better hand 9S 10S JS QS KS AH 2H 3H 4H 5H = 1\n"
                           "Players: A (dealer), B\nA holds AS KS QS JS 9S\nB holds AD 2D 3H 4C 5S\n")
    assert game.status == "ok", [d.message for d in game.diagnostics]


def test_a_game_of_several_packs_allows_that_many_of_a_card() -> None:
    assert RougeEtNoirReplay.packs == 6 and GenericReplay.packs == 1

    class TwoPacks(GenericReplay):
        packs = 2

    text = '[Game "cards"]\n[Variant "two packs"]\n\nPlayers: A, B\nA holds AS AS\nB holds AS KD\n'
    (record,) = split_source(SourceText("two.txt", text))
    parsed = NOTATIONS["transcript"].parse(record)
    game = TwoPacks(parsed, "two packs").run()
    assert twice(game) == [(6, 9, "AS is held 3 times in 2 packs: it is already in A's hand (line 5, column 9)")]


def test_a_card_twice_in_a_hand_that_starts_the_next_deal_is_reported_once() -> None:
    game = replay("cribbage", "Players: A (dealer), B\nB holds 5H 5C 5S JD 2C 3C\n"
                              "B holds 5H 5C 5S JD\nB holds 4H 4H 6S 7D 8C 9C\n")
    assert [(line, column) for line, column, _ in twice(game)] == [(8, 12)]
