"""freeborough-chess-openings: a whole OCR'd book of the development corpus, read and held to its floors
(tests/test_corpus_dev.py; a file of its own so that the suite's workers read the books side by side)."""

from tests.test_corpus_dev import check


def test_the_figure_does_not_drop():
    check("freeborough-chess-openings")
