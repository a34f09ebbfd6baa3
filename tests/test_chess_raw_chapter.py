"""A book's chapter read raw, as a user pastes it: a record starts at each game and each opening the book prints,
not one record for the chapter (issue 29). The boundary forms one at a time, then Foster's chess chapter against
our own transcription of it (``corpus/chess/openings.txt``, ``little-games.txt``, split into records by hand)."""

import re
from pathlib import Path

from notation.model import SourceText
from notation.pipeline import process, split_source
from notation.records import split_tagged

ROOT = Path(__file__).resolve().parents[1]
CHAPTER = ROOT / "tests" / "data" / "foster_chess_chapter.txt"  # (its source: tests/data/README.md)

PROSE = ("In studying openings, the student should be careful always to play with the winning side next him; "
         "that is, never study how to play a losing game.\n\n")


def games_of(text: str) -> list:
    return [process(r) for r in split_source(SourceText("book.txt", text))]


def sans(game) -> list[str]:
    return [m.normalized for m in game.moves]


def test_a_line_named_alone_over_its_fraction_row_begins_a_record_of_that_name():
    """"Allgaier Gambit:--" over "P-K4 P-KB4 1 ---- 2 ----- P-K4 PxP": each a record titled as printed."""
    text = (PROSE + "Allgaier Gambit:--\n\nP-K4 P-KB4 Kt-KB3 P-KR4 1 ---- 2 ----- 3 ------ 4 ----- P-K4 PxP P-KKt4 P-Kt5\n\n"
            "Classical Defence, to K. B. opening:--\n\nP-K4 B-B4 P-QB3 P-Q4 1 ---- 2 ---- 3 ------ 4 ---- "
            "P-K4 B-B4 Kt-KB3 PxP\n\nRuy Lopez.--\n\nP-K4 Kt-KB3 B-Kt5 B-R4 1 ------ 2 ------ 3 ------- 4 -------- "
            "P-K4 Kt-QB3 P-QR3 Kt-B3\n")
    lines = games_of(text)
    # (The prose above the first, with no move-like word, is stored with it: what stands above a game.)
    assert lines[0].record.text.startswith(PROSE)
    assert [g.tags.get("Title") for g in lines] == ["Allgaier Gambit", "Classical Defence, to K. B. opening", "Ruy Lopez."]
    assert sans(lines[0]) == ["e4", "e5", "f4", "exf4", "Nf3", "g5", "h4", "g4"]
    assert all(g.status == "ok" and len(g.moves) == 8 for g in lines)
    assert "".join(g.record.text for g in lines) == text  # nothing lost


def test_rows_from_move_1_under_one_name_are_each_a_record_under_it():
    """"Irregular Openings:--" over rows, each from move 1: a record each, each titled by the name above."""
    rows = ["P-K4 P-QB3 Kt-B3 KtxP 1 ---- 2 ----- 3 ----- 4 ------ P-K4 P-Q4 PxP B-Q3",
            "P-K4 P-Q4 B-Q3 P-QB3 1 ------ 2 ------ 3 ------- 4 -------- P-Q3 Kt-KB3 Kt-QB3 P-K4"]
    games = games_of(PROSE + "Irregular Openings:--\n\n" + "\n\n".join(rows) + "\n")
    assert [g.tags.get("Title") for g in games] == ["Irregular Openings"] * 2
    assert [len(g.moves) for g in games] == [8, 8]


def test_a_sentence_announcing_a_game_begins_its_record():
    """"Here is another simple little game." over rows from move 1: the game's record begins at the sentence, and
    the game before it (finished: "mate") keeps its own rows, its later rows numbered on from 5."""
    text = ("Play over the following simple little game.\n\n"
            "P-K4 Kt-KB3 Kt-QB3 B-B4 1 ---- 2 ------ 3 ------ 4 ----- P-K4 P-Q3 P-KR3 B-Kt5\n\n"
            "The third move made by Black accomplishes nothing.\n\n"
            "KtxP BxKBP ch Kt-Q5 mate 5 ---- 6 -------- 7 ---------- BxQ K-K2\n\n"
            "Here is another simple little game. Take the black pieces this time.\n\n"
            "P-K4 Kt-KB3 KtxP 1 ---- 2 ------ 3 ------ P-K4 Kt-KB3 Kt-QB3\n")
    first, second = games_of(text)
    assert sans(first)[-1] == "Nd5#" and len(first.moves) == 13 and first.status == "ok"
    assert second.record.text.startswith("Here is another") and sans(second) == ["e4", "e5", "Nf3", "Nf6", "Nxe5", "Nc6"]


def test_a_diagrams_set_up_sentence_binds_only_the_moves_below_it():
    """The moves from a diagram the text does not give are one record with the missing set-up; the game that
    follows, from move 1, is a record of its own, replayed from the opening position."""
    text = ("The moves in Diagram No. 11 would be as follows, supposing the white Queen to arrive from K8:--\n\n"
            "White. Black. 1. Q-B 6, ch Q-Kt 2 Q-B 6, ch Or this; 1. --------- 2. Q-K 8, ch Q-Kt’s Q-Kt 2\n\n"
            "When the abbreviation “ch.” is placed after a move, it means “check.”\n\n"
            "Take the board and pieces, and play over the following simple little game.\n\n"
            "P-K4 Kt-KB3 Kt-QB3 B-B4 1 ---- 2 ------ 3 ------ 4 ----- P-K4 P-Q3 P-KR3 B-Kt5\n")
    diagram, game = games_of(text)
    assert any(d.code == "missing-setup" for d in diagram.diagnostics)
    assert game.status == "ok" and len(game.moves) == 8 and not any(d.code == "missing-setup" for d in game.diagnostics)


def _transcription() -> dict[str, list[tuple[list[str], str]]]:
    """The transcription's records: each title (its "(variation n)" and "(n)" dropped) -> its lines' SAN and status,
    in order (the Petroff's misprint is repaired in both: corpus/chess/MISPRINTS.md)."""
    out: dict[str, list[tuple[list[str], str]]] = {}
    for name in ("little-games.txt", "openings.txt"):
        path = ROOT / "corpus" / "chess" / name
        for record in split_tagged(SourceText(str(path), path.read_text(encoding="utf-8"))):
            title = re.sub(r"\s*\((?:variation )?\d+\)$", "", record.tags["Title"])
            game = process(record)
            out.setdefault(title, []).append((sans(game), game.status))
    return out


def test_fosters_chess_chapter_read_raw_gives_each_opening_and_little_game_as_transcribed():
    """Lines 1529-1878 of the Foster seed, pasted whole: the two "simple little game"s and the fifty openings'
    sixty lines each a record, legal as printed, with the same moves as our transcription's record of that title
    (the little games by their order: the book names them only "simple little game"); every line of the chapter
    in some record's text."""
    text = CHAPTER.read_text(encoding="utf-8")
    games = games_of(text)
    assert "".join(g.record.text for g in games) == text
    expected = _transcription()
    little = expected.pop("Simple little game")
    read: dict[str, list[tuple[list[str], str]]] = {}
    announced = []
    for g in games:
        if g.record.text.lstrip().startswith(("Take the board", "Here is another")):
            announced.append((sans(g), g.status))
        elif g.tags.get("Title") in expected:
            read.setdefault(g.tags["Title"], []).append((sans(g), g.status))
    assert announced == little
    assert read == expected
    assert sum(len(lines) for lines in read.values()) == 60
