"""The oracles of the OCR'd books (corpus/oracle/) and the matcher that pairs a book's records with them
(tests/dev_oracle.py), on small records: the whole books are read against them in their own tests."""

from pathlib import Path

import pytest

from notation.pipeline import read_games
from tests import dev_oracle
from tests.dev_oracle import ORACLES, Pair, figures, pair, same_player, surnames


@pytest.mark.parametrize("folder", sorted(p.name for p in ORACLES.iterdir() if p.is_dir()))
def test_every_oracle_names_its_source_and_replays(folder):
    text = (ORACLES / folder / "README.md").read_text(encoding="utf-8")
    assert "Licen" in text and "https://github.com/" in text and "commit" in text
    assert (ORACLES.parent / "dev" / folder).is_dir(), "an oracle is named as the book it scores"
    games = dev_oracle.oracle_games(folder)
    assert games and all(g.status == "ok" and g.tags.get("White") and g.tags.get("Black") for g in games)


@pytest.mark.parametrize("book, pgn", [
    ("Verganl, B.", "Vergani, Beniamino"),          # the OCR's l for i
    ("Tchigorin", "Chigorin, Mikhail"),             # the book's transliteration
    ("Lowenthal", "Loewenthal, Johann Jacob"),
    ("Riviere, de", "De Riviere, Jules Arnous"),
    ("von Bardeleben, C.", "Von Bardeleben, Curt"),
    ("Mr. ^lorphy", "Morphy, Paul"),
])
def test_a_heading_s_name_is_the_pgn_s_player(book, pgn):
    assert same_player(book, pgn)


@pytest.mark.parametrize("book, pgn", [("Morphy", "Anderssen, Adolf"), ("Mason, J.", "Marco, Georg"),
                                       ("Burn, A.", "Bird, Henry Edward")])
def test_other_players_are_not(book, pgn):
    assert not same_player(book, pgn)


def test_titles_and_amateurs_are_no_surnames():
    assert surnames("the Rev. Mr. Salmon") == ["salmon"]
    assert surnames("an Amateur") == []


GAME = '[White "{w}"]\n[Black "{b}"]\n\n{moves}\n\n'
STEINITZ = ("1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d4 exd4 6.cxd4 Bb4+ 7.Nc3 d5 8.exd5 Nxd5 9.O-O Be6 "
            "10.Bg5 Be7 11.Bxd5 Bxd5 12.Nxd5 Qxd5 13.Bxe7 Nxe7 14.Re1 f6 15.Qe2 Qd7")
OTHER = "1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6 5.d3 d6 6.O-O O-O 7.Re1 a6 8.Bb3 Ba7 9.h3 h6 10.Nbd2 Re8"


def _read(tmp_path: Path, name: str, text: str) -> list:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return list(read_games([tmp_path / name]))


@pytest.fixture
def oracle(tmp_path):
    return _read(tmp_path, "oracle.pgn", GAME.format(w="Steinitz, William", b="Von Bardeleben, Curt", moves=STEINITZ)
                 + GAME.format(w="Steinitz, William", b="Von Bardeleben, Curt", moves=OTHER))


def test_records_pair_by_players_and_moves(tmp_path, oracle):
    misread = STEINITZ.replace("9.O-O", "9.Qb3")  # a legal move, not the game's: the reading leaves it at ply 17
    records = _read(tmp_path, "book.pgn", GAME.format(w="Steinitz, W.", b="Bardeleben, C. von", moves=misread))
    (p,) = pair(records, oracle)
    assert p.oracle is oracle[0] and p.agreeing == 16 and not p.identical
    assert "ply 17 of 30: book 'Qb3'" in p.difference() and "PGN O-O" in p.difference()


def test_a_shorter_reading_that_agrees_is_identical(tmp_path, oracle):
    records = _read(tmp_path, "book.pgn", GAME.format(w="Steinitz", b="Bardeleben", moves=OTHER[:60]))
    (p,) = pair(records, oracle)
    assert p.oracle is oracle[1] and p.identical and p.agreeing == len(p.record.moves) < p.plies
    assert figures([p]) == dev_oracle.Figures(1, 1, p.agreeing, p.plies)


def test_players_on_the_wrong_side_or_unknown_do_not_pair(tmp_path, oracle):
    swapped = GAME.format(w="Bardeleben", b="Steinitz", moves=STEINITZ)
    stranger = GAME.format(w="Steinitz", b="Blackburne", moves=STEINITZ)
    assert pair(_read(tmp_path, "book.pgn", swapped + stranger), oracle) == []


def test_a_record_naming_no_one_pairs_by_its_moves_alone_when_they_agree_long(tmp_path, oracle):
    unnamed = '[Event "?"]\n\n{}\n\n'
    records = _read(tmp_path, "book.pgn", unnamed.format("1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.c3 Nf6") + unnamed.format(STEINITZ))
    pairs = pair(records, oracle)
    assert [p.record.moves[8].normalized for p in pairs] == ["d4"]  # the long one only; 8 plies prove nothing
    assert pairs[0].identical


def test_a_pgn_game_claimed_twice_goes_to_the_record_agreeing_longer(tmp_path, oracle):
    worse = STEINITZ.replace("9.O-O", "9.Qb3")
    records = _read(tmp_path, "book.pgn", GAME.format(w="Steinitz", b="Bardeleben", moves=worse)
                    + GAME.format(w="Steinitz", b="Bardeleben", moves=STEINITZ))
    (p,) = pair(records, oracle)
    assert p.record is records[1] and isinstance(p, Pair)
