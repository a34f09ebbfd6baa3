"""Staunton's *Blue Book* checked against its own PGN appendix: the transcriber's games as the oracle.

The book prints its illustrative games in the long descriptive form, each marked
``{PGN NN}``; the e-text's transcriber gives the same games in PGN in an appendix
under the same mark. Both are records of one import. For each marked game the
main line read from the descriptive text is compared with the PGN's main line,
move by move (UCI, from each record's own start position), and two figures are
kept as floors: games read identical to the PGN to their end, and plies that
agree before each game's first difference. The games that differ, and why, are
listed in ``corpus/dev/staunton-blue-book/README.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from notation.model import Game, Record
from tests import dev_oracle
from tests.test_corpus_dev import DEV, check, read_book

SOURCE = "staunton-blue-book"
BOOK = DEV / SOURCE / "16377.txt"
MARK = re.compile(r"\{PGN (\d\d)\}")

#: Floors: games identical to the PGN to the end, plies agreeing before the first difference.
GAMES_IDENTICAL = 74
PLIES_AGREEING = 5180
#: The appendix holds 85 games, each marked once in the book's text.
MARKED = 85


@dataclass
class Pair:
    mark: str
    book: Game
    pgn: Game

    @property
    def agreeing(self) -> int:
        """Plies of the PGN's main line the book's reading gives before the first difference."""
        return dev_oracle.agreeing(self.book, self.pgn)

    @property
    def plies(self) -> int:
        """The PGN's main line without the null moves (``--``) that end it: the transcriber's
        place for "and Black announced mate", where the book prints no move."""
        n = len(self.pgn.moves)
        while n and self.pgn.moves[n - 1].detail.uci == "0000":
            n -= 1
        return n

    @property
    def identical(self) -> bool:
        return self.agreeing == self.plies == len(self.book.moves)


def _appendix(record: Record) -> bool:
    """A record of the PGN appendix: its tag pairs hold a [Result] (the tags a book record's
    heading gives, White, Black, Site ..., never do)."""
    return "Result" in record.tags


def _marked(record: Record) -> bool:
    return _appendix(record) or MARK.search(record.text) is not None


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """The Blue Book's folder read once: held to its floors (tests/test_corpus_dev.py) and to its appendix."""
    return read_book(SOURCE)


def test_the_figure_does_not_drop(games):
    check(SOURCE, games)


@pytest.fixture(scope="module")
def pairs(games) -> list[Pair]:
    """Each ``{PGN NN}`` game of the book with its appendix game, from one import of the whole book."""
    book: dict[str, Game] = {}
    pgn: dict[str, Game] = {}
    pending: str | None = None  # the mark just above the next PGN record (it ends the record before)
    for game in games:
        if Path(game.record.source.path).resolve() != BOOK or not _marked(game.record):
            continue
        marks = MARK.findall(game.record.text)
        if _appendix(game.record):
            if pending is not None:
                pgn[pending] = game
        elif marks:
            book.setdefault(marks[0], game)
        pending = marks[-1] if marks else None
    return [Pair(mark, book[mark], pgn[mark]) for mark in sorted(book) if mark in pgn]


def test_every_marked_game_has_its_pgn(pairs):
    assert len(pairs) == MARKED
    # PGN 73's comment nests braces ("the Black {K. B.} is brought into play"): read as PGN all the same.
    (p73,) = [p for p in pairs if p.mark == "73"]
    assert p73.pgn.notation == "san" and p73.pgn.status == "ok" and p73.plies == 68


def test_the_book_read_against_its_pgn_appendix(pairs):
    identical = sum(p.identical for p in pairs)
    agreeing = sum(p.agreeing for p in pairs)
    plies = sum(p.plies for p in pairs)
    print(f"\nBlue Book against its PGN appendix: {identical} / {len(pairs)} games identical to the end, "
          f"{agreeing} / {plies} plies agreeing before the first difference")
    for p in pairs:
        if not p.identical:
            at = p.agreeing
            ours = p.book.moves[at].printed if at < len(p.book.moves) else "(end)"
            theirs = p.pgn.moves[at].normalized if at < len(p.pgn.moves) else "(end)"
            line = p.book.moves[at].line if at < len(p.book.moves) else None
            print(f"  PGN {p.mark}: ply {at + 1} of {p.plies}, book line {line} {ours!r}, PGN {theirs}")
    assert identical >= GAMES_IDENTICAL
    assert agreeing >= PLIES_AGREEING
