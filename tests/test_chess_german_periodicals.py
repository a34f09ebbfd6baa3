"""German chess texts as the periodicals and web pages print them (``corpus/dev/schachzeitung-1876-google-books``).

Grammar and reader tests per form: a page cut into one record per game at its
numbered heading, a score that begins in the middle of a game (a fragment), the
OCR confusions of German long algebraic, and the printed move numbers used to
find lost moves.
"""

import pytest
from lark import UnexpectedInput

from notation.model import SourceText
from notation.parse import load
from notation.parse.chess_book import book_spans
from notation.pipeline import process
from notation.records import split


def games_of(text, path="page.txt"):
    from notation.families import load_all

    load_all()
    return [process(r) for r in split(SourceText(path, text))]


@pytest.mark.parametrize("heading", [
    "3685. Spanische Partie.", "Partie Nr. 2.", "Nr. 17. Evansgambit", "Partie 3647",
    "12. Zweispringerspiel im Nachzuge.", "Partie 12. Französische Eröffnung.",
    "3669. Evansgambit. Gespielt im Schachclub zu Philadelphia im März 1876.",
])
def test_the_heading_grammar_reads_a_numbered_game_heading(heading):
    load("chess_heading.lark").parse(heading)


@pytest.mark.parametrize("text", ["26. Dh5-e2?", "Die Partie ist von beiden Seiten", "1876. Aus Turf"])
def test_moves_and_prose_are_no_heading(text):
    with pytest.raises(UnexpectedInput):
        load("chess_heading.lark").parse(text)


PAGE = """Weiss.  Schwarz.
26. Dh5-e2  Se7-g6
27. Kg1-h1  Sh7-f6
Aufgegeben.

3685. Spanische Partie.

Gespielt im Divan-Turnier.

POTTER.  WISKER.
Weiss.  Schwarz.
1. e2-e4

e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6
"""


def test_a_page_is_cut_at_the_numbered_heading_of_the_next_game():
    spans = book_spans(PAGE)
    assert spans is not None and [PAGE[s.start:s.end].split("\n")[0] for s in spans] == [
        "Weiss.  Schwarz.", "3685. Spanische Partie."]


def test_a_heading_inside_a_line_of_ocr_text_begins_a_game():
    text = ("15. Dd2-f4 Sc6-e5 16. Th1-f1 Aufgegeben. 3669. Evansgambit. Gespielt im Schachclub "
            "zu Philadelphia im März 1876. Weiss. Schwarz. 1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6")
    spans = book_spans(text)
    assert spans is not None and [text[s.start:s.end][:18] for s in spans] == ["15. Dd2-f4 Sc6-e5 ", "3669. Evansgambit."]


def test_a_heading_that_no_score_from_move_1_follows_begins_nothing():
    text = "5. d2-d3 d7-d6 6. c2-c3 (s. Partie 3647 im Märzheft). 6. ... g7-g6 7. h2-h3"
    assert book_spans(text) is None


def test_the_game_below_the_heading_replays_from_the_start():
    games = games_of(PAGE)
    assert [m.normalized for m in games[1].moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert games[1].status == "ok", [d.message for d in games[1].diagnostics]
