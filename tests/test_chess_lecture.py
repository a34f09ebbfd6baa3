"""A lecture's opening told in running prose (books of the 1890s): the game's moves in its sentences, a plan
("with the idea of building a centre by 5. P-Q4"), an alternative ("If, instead, 8. KKtxB, then 8. ..., P-Q4"),
and the game going on under a diagram its paragraph names ("In this position, after 8. ..., P-Q4, ...")."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation.details.chess import ChessGameDetail
from notation.pipeline import read_games

OPENING = (
    "After the moves 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4, White\n"
    "may play 4. P-B3, with the idea of building a centre by 5. P-Q4. Black\n"
    "replies 4. ..., Kt-B3; 5. P-Q4, PxP; 6. PxP, B-Kt5 ch; 7. B-Q2, BxB ch;\n"
    "8. QKtxB, P-Q4! and Black has a good game. If, instead, 8. KKtxB, then\n"
    "8. ..., P-Q4 all the same.\n")
GOING_ON = (
    "\n[Illustration]\n\n"
    "In this position, after 8. ..., P-Q4, White has nothing better than\n"
    "9. PxP, KKtxP; 10. Q-Kt3, QKt-K2; 11. Castles KR, Castles, with an even\n"
    "game.\n")
PAGE = "LECTURE II\n\nTHE OPENINGS\n\n" + OPENING + GOING_ON
#: The game to White's 8th, then Black's 8th, and on to the 11th.
TO_EIGHT = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+",
            "Nbxd2", "d5"]
ON = ["exd5", "Nxd5", "Qb3", "Nce7", "O-O", "O-O"]


def _games(tmp_path: Path, text: str):
    path = tmp_path / "lecture.txt"
    path.write_text(text, encoding="utf-8")
    return read_games([path])


def _main_and_variations(game) -> tuple[list[str], list[tuple[int, list[str]]]]:
    return ([m.normalized for m in game.moves], [(v.branch_ply, [m.normalized for m in v.moves])
                                                 for v in game.variations])


def _errors(game) -> list[str]:
    return [d.message for d in game.diagnostics if d.severity == "error"]


def test_a_lectures_page_is_one_game_going_on_under_its_diagram(tmp_path):
    # The diagram's paragraph takes the game up at 9. PxP: the position after 8... d5, which the text above tells
    # from move 1. Was: every move of the first paragraph prose and a missing-setup error, 6 moves unreplayed.
    (game,) = _games(tmp_path, PAGE)
    main, variations = _main_and_variations(game)
    assert main == TO_EIGHT + ON and len(main) == 22
    assert (15, ["Nfxd2", "d5"]) in variations  # ("If, instead, 8. KKtxB, then 8. ..., P-Q4": White's 8th)
    assert not _errors(game) and game.status == "ok"


@pytest.mark.parametrize("plan", [
    "with the idea of building a centre by 5. P-Q4",  # (words between, and the move's number)
    "with the idea of playing P-Q4 later",  # (its number left out)
    "intending later to play P-Q4",
])
def test_a_lectures_first_paragraph_reads_the_plan_as_no_move_of_the_game(tmp_path, plan):
    # The plan is the author's words on 4. P-B3 (as "preparing P-Q4" is; was a variation "4... -- 5. d4", issue 29),
    # never Black's 4... d5 with the game's own moves a variation of it; its move is said as prose. "P-Q4!" is Black's
    # 8th and the alternative at White's 8th takes its reply with it.
    (game,) = _games(tmp_path, OPENING.replace("with the idea of building a centre by 5. P-Q4", plan))
    main, variations = _main_and_variations(game)
    assert main == TO_EIGHT
    assert variations == [(15, ["Nfxd2", "d5"])]
    assert game.moves[6].comment.startswith(plan)
    assert [d.code for d in game.diagnostics if "P-Q4" in d.message] == ["prose"]
    assert not _errors(game) and ChessGameDetail.of(game.detail).decoded
