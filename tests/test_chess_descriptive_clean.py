"""Clean compact descriptive movetext is read on the fast path into exactly what the grammar reads, or steps aside."""


import pytest

from notation.model import SourceText
from notation.parse.chess_descriptive_clean import parse_clean
from notation.parse.chess_layout import parse_book
from notation.records import split_tagged
from notation.rules.chess.notations.descriptive import GRAMMAR, NAME, DescriptiveTransformer


def _record(movetext: str):
    tags = '[Game "chess"]\n[Notation "english-descriptive"]\n'
    return split_tagged(SourceText("t.txt", f"{tags}{movetext}\n"))[0]


def _grammar(record):
    return parse_book(record, "chess", NAME, GRAMMAR, DescriptiveTransformer)


@pytest.mark.parametrize("movetext", [
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3",
    "1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate 0-1",
    "1. P-K4 P-KB4 2. PxP P-KKt3 3. PxP Kt-KB3 4. PxP ch KxP",
    "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP P-K4",
    "1. P-Q4 P-K4 2. P-Q5 P-K5 3. P-Q6 P-K6 4. PxP PxP ch 5. K-Q2 PxKt=Kt ch 6. PxQ=Q ch KxQ",
    "1. Kt-KB3 Kt-KB3 2. Kt-QB3 Kt-QB3 3. Kt-Q4 Kt-Q4 4. Kt(QB3)-Kt5 P-K3",
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles Kt-B3\n5. R-K1 Castles",
    "1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. Castles QR Castles QR",
])
def test_clean_movetext_reads_as_the_grammar_reads_it(movetext):
    record = _record(movetext)
    fast = parse_clean(record)
    assert fast is not None
    assert fast == _grammar(record)


@pytest.mark.parametrize("movetext, why", [
    ("1. P. to K's 4th P. to K's 4th", "the long form"),
    ("1. P-K4 P-K4 2. K Kt-B3 Kt-QB3", "a spaced name"),
    ("1. P-K4 P-K4\n\n2. Kt-KB3 Kt-QB3", "two paragraphs"),
    ("1. P-K4 P-K4 2. Kt-KB3 (a) Kt-QB3", "a note letter"),
    ("1. P-K4 P-K4 3. Kt-KB3 Kt-QB3", "a move number out of turn"),
    ("1. P-K4 1. ... P-K4", "Black's move numbered"),
    ("P-K4 P-K4", "moves without numbers"),
    ("1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP e.p. P-K4", "en passant marked"),
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 Good", "a word that is no move"),
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 White wins.", "a result in words"),
    ("1. P-K4 P-K4 2. KT-KB3 Kt-QB3", "an OCR confusion, which the grammar reports"),
    ("1. P-K4 P-K4 1-0 2. Kt-KB3", "moves after the result"),
])
def test_anything_else_goes_to_the_grammar(movetext, why):
    assert parse_clean(_record(movetext)) is None, why
