"""Card pictures: hands sorted and fanned as the books print them, the cassino table, the faro tab."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

from notation.parse.cards import read_cards
from notation.pipeline import read_games
from notation.rules.cards import FAMILY
from notation.rules.cards.picture import sort_hand

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "cards"


def texts(svg: str) -> list[str]:
    root = ElementTree.fromstring(svg)
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_hands_are_sorted_by_suit_alternating_colours_then_rank() -> None:
    hand = sort_hand(read_cards("5D 7D 4H JH JS KS AC QC"))
    assert [c.code for c in hand] == ["KS", "JS", "JH", "4H", "AC", "QC", "7D", "5D"]


def test_a_hand_is_drawn_in_book_order_red_and_black_apart() -> None:
    svg = FAMILY.picture("pope joan|hand.A:5D.7D.4H.JH.JS.KS.AC.QC|turnup:7H")
    words = texts(svg)
    assert words[:3] == ["pope joan", "A", "K"]          # the king of spades first
    assert svg.count('stroke="#c00000"') == 5 and svg.count('stroke="#111111"') == 4


def test_every_card_position_in_the_corpus_draws() -> None:
    for path in sorted(CORPUS.glob("*.txt")):
        for game in read_games([path]):
            for move in game.moves[-1:]:
                ElementTree.fromstring(FAMILY.picture(move.position))   # well-formed SVG


def test_the_cassino_table_and_the_faro_tab() -> None:
    svg = FAMILY.picture("cassino|piles:4D.3C.5H.2S=7x2,9C")
    assert "build 7 (double)" in texts(svg)
    tab, _ = read_games([CORPUS / "faro_000_foster.txt"])
    words = texts(FAMILY.picture(tab.moves[-1].position))
    assert "0 0 X" in words and ". 0 1 0" in words and "1 1 0 -" in words
