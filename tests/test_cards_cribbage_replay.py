"""Cribbage transcripts replayed: every claimed number checked, errors placed, the replay going on."""

from __future__ import annotations

from click.testing import CliRunner

from notation.model import Record, SourceText
from notation.pipeline import process
from notation.rules.cards import FAMILY
from notation.rules.cards.commands import cards


def replay(body: str, variant: str = "six-card"):
    head = f'[Game "cribbage"]\n[Variant "{variant}"]\n'
    source = SourceText("deal.txt", head + body)
    record = Record(source, 0, {"Game": "cribbage", "Variant": variant}, head + body, body, 0, len(head))
    return process(record)


def codes(game) -> list[tuple[str, int | None]]:
    return [(d.code, d.line) for d in game.diagnostics]


# Foster's Hoyle, six-card cribbage: the play and the show (cards as the text describes them).
PLAY_AND_SHOW = """Players: P (pone), D (dealer)
P holds 4S 3C 5S 4H AH 10C
D holds 2H AD 2D 3D JC JD
P lays out AH 10C
D lays out JC JD
Starter: QD
P plays 4S = 4
D plays 2H = 6 "Six."
P plays 3C = 9 "Nine, with a run of three,"
P pegs 3
D plays AD = 10 "Ten, with a run of four,"
D pegs 4
P plays 5S = 15
P pegs 7
D plays 2D = 17
P plays 4H = 21 "Twenty-one, with a run of five,"
P pegs 5
D plays 3D = 24
D pegs 6 for run of five and last card
Score: D 10, P 15
P shows hand = 10
D shows hand = 14
D shows crib = 9
Score: P 25, D 33
"""


def test_the_play_and_show_deal_replays_with_every_number_right() -> None:
    game = replay(PLAY_AND_SHOW)
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert all(c.ok for c in game.claims) and len(game.claims) == 20
    assert game.detail.scores == {"P": 25, "D": 33}
    play = next(m for m in game.moves if m.printed.startswith("P plays 5S"))
    assert play.normalized == "P plays 5S (15: fifteen 2, run of 5 5)"
    assert play.position.startswith("cribbage|dealer:D|hand.P:4H|hand.D:2D.3D|crib:AH.10C.JC.JD|starter:QD")
    assert "table:4S.2H.3C.AD.5S|count:15" in play.position


def test_a_wrong_count_is_an_error_with_the_right_number_and_the_replay_goes_on() -> None:
    game = replay(PLAY_AND_SHOW.replace("P shows hand = 10", "P shows hand = 12")
                  .replace("P plays 3C = 9", "P plays 3C = 8"))
    assert game.status == "error"
    wrong = [d for d in game.diagnostics if d.code == "wrong-count"]
    assert [(d.line, d.suggestions) for d in wrong] == [(11, ["9"]), (23, ["10"])]
    assert "fifteen two, pair 2, run of 3 ×2 6: 10" in wrong[1].message
    # The score goes on with the recomputed count: the final claims still hold.
    assert game.claims[-1].ok and game.claims[-2].ok


def test_a_card_not_held_a_card_twice_and_a_short_hand() -> None:
    game = replay("P holds 4S 3C 5S 4H AH\nD holds 2H AD 2D 3D JC 4S\nP plays 9C\n")
    assert codes(game) == [("hand-size", 3), ("card-twice", 4), ("not-held", 5)]
    not_held = game.diagnostics[-1]
    assert not_held.column == 9 and not_held.suggestions == ["4S", "3C", "5S", "4H", "AH"]
    assert "4S is held twice: it is already in P's hand" in game.diagnostics[1].message


def test_passing_thirty_one_and_a_false_go() -> None:
    body = ("Players: P (pone), D (dealer)\nP holds 10S 10C 5S 4H AH 2C\nD holds KH QD 9D AD 2D 6C\n"
            "P lays out AH 2C\nD lays out 2D 6C\nStarter: 7H\n"
            "P plays 10S = 10\nD plays KH = 20\nP plays 10C = 30\nD says \"Go\"\nD plays 9D\n")
    game = replay(body)
    assert [d.code for d in game.diagnostics] == ["false-go", "passes-31"]
    assert game.diagnostics[0].suggestions == ["AD"]
    assert game.diagnostics[1].suggestions == ["AD"] and "making 39" in game.diagnostics[1].message


def test_his_heels_and_a_go_pegged_without_playing() -> None:
    # Foster: the dealer holds two Nines, an Eight and a Five; the pone pegs the go without playing.
    body = ("Players: P (pone), D (dealer)\nP holds JS 9C JH 10D 2C 3C\nD holds 9S 9H 8D 5C KC QC\n"
            "P lays out 2C 3C\nD lays out KC QC\nStarter: JD\nD pegs 2 for his heels\n"
            "P plays JS = 10\nD plays 5C = 15\nD pegs 2\nP plays 9C = 24\nD says \"Go.\"\nP pegs 1 for the go\n"
            "D plays 9S = 9\nP plays JH = 19 \"Nineteen.\"\nD plays 9H = 28 \"Twenty-eight.\"\n"
            "P says \"Go\"\nD pegs 1\nP plays 10D = 10\nD plays 8D = 18\nD pegs 1 for last card\n"
            "Score: P 1, D 6\n")
    game = replay(body)
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert game.detail.scores == {"P": 1, "D": 6}


def test_the_show_order_and_muggins() -> None:
    body = ("Players: P (pone), D (dealer)\nP holds 5H 5C 5S JD 2C 3C\nD holds 9S 9H 8D 4C KC QC\n"
            "P lays out 2C 3C\nD lays out KC QC\nStarter: 5D\n"
            "D shows hand = 2\nP shows hand = 28\nD pegs 1 for muggins\nScore: P 28, D 3\n")
    game = replay(body)
    assert [d.code for d in game.diagnostics] == ["show-order", "wrong-count"]
    assert game.diagnostics[1].suggestions == ["29"]
    assert game.detail.scores == {"P": 28, "D": 3}
    assert game.claims[-1].ok and game.claims[-2].ok


def test_three_for_last_belongs_to_the_non_dealer_of_the_five_card_game() -> None:
    game = replay("Players: A (elder hand), B (dealer)\nB pegs 3 for three for last\n", "five-card")
    assert [d.code for d in game.diagnostics] == ["three-for-last", "wrong-count"]


def test_three_handed_deals_five_and_lays_out_one() -> None:
    body = ("Players: A, B, C (dealer)\nA holds 5H 6H 7H 8H 9H\nB holds 5C 6C 7C 8C 9C\n"
            "C holds 5D 6D 7D 8D 9D\nA lays out 9H\nB lays out 9C 8C\n")
    game = replay(body)
    assert [d.code for d in game.diagnostics] == ["crib-size"]


def test_count_lines_check_a_hand_on_its_own() -> None:
    game = replay("Count: 5H 5C 5S JD starter 5D = 29\nCount: 8H 8C 6S 7D = 13\n")
    assert [(d.code, d.suggestions) for d in game.diagnostics] == [("wrong-count", ["12"])]


def test_cards_score_cribbage_command() -> None:
    runner = CliRunner()
    score = ["score", "cribbage"]
    result = runner.invoke(cards, score + ["5H", "5C", "5S", "JD", "--starter", "5D"])
    assert result.exit_code == 0 and result.output == "fifteen sixteen, double pair royal 12, his nob 1: 29\n"
    result = runner.invoke(cards, score + ["2H", "4H", "6H", "8H", "--starter", "10S", "--crib"])
    assert result.output.endswith(": 0\n")
    result = runner.invoke(cards, score + ["5H", "5H", "5S", "JD", "--starter", "5D"])
    assert result.exit_code == 2 and "held twice: 5H" in result.output
    result = runner.invoke(cards, score + ["5X", "--starter", "5D"])
    assert result.exit_code == 2 and "expected" in result.output
    result = runner.invoke(cards, score + ["5H", "5C", "5S", "JD"])
    assert result.exit_code == 2 and "expected --starter" in result.output
    assert cards in FAMILY.commands()


def test_cards_score_piquet_declarations() -> None:
    # Foster's carte-blanche-less hand: point of five in hearts, quinte major, quatorze of aces.
    result = CliRunner().invoke(cards, ["score", "piquet", "♡ A K Q J 10 ♣ A 9 ♢ A 8 ♠ A 7 8"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "point: 51 in hearts (5 cards): 5", "quinte to the Ace in hearts: 15", "quatorze Aces: 14",
        "all good: 34"]
    result = CliRunner().invoke(cards, ["score", "piquet", "2H 3H"])
    assert result.exit_code == 2 and "not in the piquet pack" in result.output


def test_write_and_picture() -> None:
    game = replay(PLAY_AND_SHOW)
    text = FAMILY.write(game, "transcript")
    assert "P plays 5S = 15" in text and text.startswith('[Game "cribbage"]')
    svg = FAMILY.picture(game.moves[10].position)
    assert svg.startswith("<svg") and "#c00000" in svg and ("♠" in svg or "♣" in svg) and ("♡" in svg or "♢" in svg)


def test_seven_card_hands_and_the_show_of_five_with_the_starter() -> None:
    body = ("Players: A (pone), B (dealer)\nA holds 5H 5C 5S JD 4C 6C KH\nB holds 2C 3D 8S 9H QS AC 7D\n"
            "A lays out KH 4C\nB lays out AC 7D\nStarter: 5D\nA shows hand = 31\n")
    game = replay(body, "seven-card")
    # Five cards kept and the starter: fifteen sixteen, double pair royal 12, his nob 1 (the 6 adds nothing).
    assert [(d.code, d.suggestions) for d in game.diagnostics] == [("wrong-count", ["29"])]


def test_four_handed_partners_score_together() -> None:
    body = ("Players: N, E, S, W (dealer)\nN holds 5H 6H 7C 8D 9S\nE holds 10H JH QC KD 2S\n"
            "S holds 5C 6C 7D 8S 9D\nW holds AH 2H 3C 4D 10S\n"
            "N lays out 9S\nE lays out 2S\nS lays out 9D\nW lays out 10S\nStarter: AS\n"
            "N plays 5H = 5\nE plays 10H = 15\nE pegs 2\nS plays 5C = 20\nS pegs 0\n"
            "Score: N 0, E 2, S 0, W 2\n")
    game = replay(body, "")
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert game.detail.scores["E"] == 2


def test_a_hand_of_the_wrong_size_is_an_error_naming_the_size() -> None:
    game = replay("A holds 5H 5C 5S JD 4C 6C 7C\n", "six-card")
    (d,) = game.diagnostics
    assert d.code == "hand-size" and "has 7 cards: cribbage deals 6" in d.message and d.suggestions == ["6"]


def test_three_handed_crib_is_completed_from_the_pack_and_shown_last() -> None:
    body = ("Players: A, B, C (dealer)\nA holds 5H 6H 7C 8D 9S\nB holds 10H JH QC KD 2S\n"
            "C holds AH 2H 3C 4D 10S\nA lays out 9S\nB lays out 2S\nC lays out 10S\nStarter: AS\n"
            "A shows hand = 8\nB shows hand = 4\nC shows hand = 10\nC shows crib 9S 2S 10S 4S = 9\n")
    game = replay(body, "")
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert game.moves[-1].normalized.startswith("C shows crib 9S 2S 10S 4S + AS")


def test_a_hand_no_cribbage_deals() -> None:
    game = replay("A holds 5H 5C\n", "")
    assert [d.code for d in game.diagnostics] == ["hand-size"]
