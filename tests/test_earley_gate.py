"""notation.parse.GatedEarley: an Earley parser that refuses a text it cannot read before parsing it, and parses
what it may read with only the rules a reading of it can use. Neither may change a reading: wherever the gate says
no, the whole grammar's parser fails too, and where it parses, its tree is the whole grammar's."""

import random

from lark import UnexpectedInput

from notation.parse.chess_book import _head_parser

HEADINGS = ["Game 17.", "Blackburne v. Steinitz.", "GAME III.--Between Mr. Morphy and Mr. Harrwitz.",
            "Played at Paris, in 1858, between Mr. Morphy and M. Harrwitz.", "Partie Nr. 3.", "Aufgabe Nr. 2.",
            "WHITE. (Mr. M.)  BLACK. (Mr. H.)", "Anderssen – Dufresne. Wien 1873.", "Game 1, played on the 26th of April.",
            "Mr. Morphy against some amateurs of the club.", "RUY LOPEZ."]
PROSE = ["in some openings he can be kept at home for a long time until P — KB4 can be played",
         "prison and attack the hostile King in a position from which he cannot be released. This",
         "P — QB3 if the opponent has Castled on the King's side. In some openings in which the",
         "Game 14. — We do not like this exchange, and we much prefer Kt — QB4.",
         "and some of the best players of the period thought otherwise"]


def _parses(start: str, text: str) -> bool:
    try:
        _head_parser(start).parser.parse(text)
    except UnexpectedInput:
        return False
    return True


def test_the_gate_refuses_prose_and_lets_headings_through():
    gate = _head_parser("head")
    assert all(gate.may_read(text) for text in HEADINGS)
    assert not any(gate.may_read(text) for text in PROSE[:3])


def test_where_the_gate_refuses_the_parser_fails_too():
    # Headings and prose, and words of both shuffled and cut: a refusal of a text the parser reads would change
    # a book's headings (and be a bug); the parse of a text the gate lets through is the parser's own.
    rng = random.Random(29)
    words = " ".join(HEADINGS + PROSE).split()
    texts = HEADINGS + PROSE + [" ".join(rng.sample(words, rng.randint(1, 8))) for _ in range(150)]
    texts += [text[:cut] for text in HEADINGS for cut in range(3, len(text), 5)]
    texts = [" ".join(text.split()) for text in texts]  # as the heading reader flattens a paragraph
    for start in ("head", "labelled"):
        gate = _head_parser(start)
        for text in texts:
            if not gate.may_read(text):
                assert not _parses(start, text), (start, text)
            else:
                assert _tree(gate.parser, text) == _tree(gate, text), (start, text)


def _tree(parser, text: str):
    """The tree ``parser`` reads from ``text`` (the whole grammar's parser, or the gate's), ``None`` where none."""
    try:
        return parser.parse(text)
    except UnexpectedInput:
        return None


def test_the_gate_parses_with_only_the_rules_a_reading_can_use():
    # Its parse is the whole grammar's, by a parser made of far fewer rules (once per set of them).
    gate = _head_parser("head")
    for text in ("Blackburne v. Steinitz.", "Game 1, played on the 26th of April.", "Blackburne v. Steinitz."):
        assert gate.parse(text) == gate.parser.parse(text)
    assert gate._parsers and all(len(p.parser_conf.rules) < len(gate.parser.rules) / 4 for p in gate._parsers.values())


def test_a_name_of_many_words_after_some_is_read_in_time():
    # "some" and the words after it, with no stop or "and" to end them: the pattern of a name that is a number
    # of players ("some amateurs of the club.") backtracked without end over a long line before (its words'
    # letters split every way); the gate tries it after every token, so it must end at once.
    text = "in some openings he can be kept at home for a long time until P — KB4 can be played later on"
    assert not _head_parser("head").may_read(text)
    assert _head_parser("head").may_read("Mr. Morphy against some amateurs of the club.")
