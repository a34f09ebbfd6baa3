"""Which family reads a record that names none: what its moves read as decides, not the tags.

Real PDN files carry the same player tags as PGN files (``[Black]``, ``[White]``,
``[Event]``); a PDN collection once came back as empty chess games because those
tags weighed more than its moves. The property tests write random legal games as
real files are written (the standard's tags, with and without ``[GameType]`` and
``[FEN]``, CRLF and LF, one and many games a file) and read them back whole.
Checkers games are played by pydraughts, chess games by python-chess: both are
oracles here, independent of our own boards.
"""

from __future__ import annotations

import random

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.pipeline import read_games

draughts = pytest.importorskip("draughts")

#: The PDN 3.0 standard's seven tag roster, in its order, with values as programs write them.
PDN_ROSTER = ("Event", "Site", "Date", "Round", "Black", "White", "Result")


def random_checkers_game(rng: random.Random, plies: int, fen: str | None = None) -> tuple[list[str], str, str]:
    """(moves as PDN prints them, the FEN it starts from, the PDN result) of a random legal game by pydraughts."""
    board = draughts.Board(variant="english", fen=fen) if fen else draughts.Board(variant="english")
    start = board.fen
    moves = []
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        # Jumps as real files print them: the whole path, or its two end squares.
        steps = move.steps_move
        sep = "x" if move.captures else "-"
        moves.append(sep.join(map(str, steps if rng.random() < 0.5 else [steps[0], steps[-1]])))
        board.push(move)
    over = not board.legal_moves()
    # PDN's 1-0 is a win for Black, who moves first; the side with no move has lost.
    result = ("0-1" if board.fen.startswith("B") else "1-0") if over else rng.choice(["*", "1/2-1/2"])
    return moves, start, result


def pdn_movetext(moves: list[str], black_first: bool, result: str) -> str:
    words, number = [], 1
    for k, move in enumerate(moves):
        black_to_move = (k % 2 == 0) == black_first
        if black_to_move:
            words.append(f"{number}.")
        elif k == 0:
            words.append(f"{number}...")
        words.append(move)
        if not black_to_move:
            number += 1
    # Lines wrapped as programs write them, at about 80 characters.
    lines, line = [], ""
    for word in [*words, result]:
        if len(line) + len(word) + 1 > 78:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join([*lines, line])


def pdn_game(rng: random.Random, index: int) -> tuple[str, list[str], str]:
    """(a PDN record as a program writes it, its moves, its result)."""
    fen = None
    if rng.random() < 0.3:  # a game from a set position: [FEN] (with or without [SetUp])
        prefix = draughts.Board(variant="english")
        for _ in range(rng.randrange(2, 12)):
            legal = prefix.legal_moves()
            if not legal:
                break
            prefix.push(rng.choice(legal))
        fen = prefix.fen
    moves, start, result = random_checkers_game(rng, rng.randrange(1, 90), fen)
    values = {"Event": f"Club match {index}", "Site": "Glasgow", "Date": f"19{rng.randrange(10, 99)}.0{rng.randrange(1, 9)}.??",
              "Round": str(rng.randrange(1, 9)), "Black": f"Player, B{index}", "White": f"Player, W{index}",
              "Result": result}
    tags = [f'[{name} "{values[name]}"]' for name in PDN_ROSTER if name in ("Black", "White", "Result") or rng.random() < 0.8]
    if rng.random() < 0.5:
        tags.append('[GameType "21"]')
    if fen:
        if rng.random() < 0.5:
            tags.append('[SetUp "1"]')
        tags.append(f'[FEN "{fen}"]')
    black_first = start.startswith("B")
    return "\n".join(tags) + "\n" + ("\n" if rng.random() < 0.7 else "") + pdn_movetext(moves, black_first, result), moves, result


def written(tmp_path, name: str, records: list[str], crlf: bool) -> str:
    text = "\n\n".join(records) + "\n"
    path = tmp_path / name
    path.write_bytes((text.replace("\n", "\r\n") if crlf else text).encode("utf-8"))
    return str(path)


def printed_moves(game) -> list[str]:
    return [m.printed for m in game.moves]


def read_back(folder, name: str, texts: list[str], crlf: bool, family: str, notation: str) -> list:
    """The games of a file of ``texts``, each asserted to be read by ``family`` in ``notation``, ``ok``."""
    read = list(read_games([written(folder, name, texts, crlf)]))
    assert len(read) == len(texts)
    for game in read:
        assert (game.family, game.notation) == (family, notation), (game.family, game.notation, game.diagnostics)
        assert game.status == "ok", [str(d) for d in game.diagnostics]
    return read


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 4), crlf=st.booleans(),
       ending=st.sampled_from([".pdn", ".txt"]))
def test_random_pdn_files_read_as_checkers(tmp_path_factory, seed, count, crlf, ending):
    rng = random.Random(seed)
    games = [pdn_game(rng, i) for i in range(count)]
    read = read_back(tmp_path_factory.mktemp("pdn"), f"games{ending}", [g[0] for g in games], crlf, "checkers", "pdn")
    for game, (_text, moves, result) in zip(read, games):
        assert printed_moves(game) == moves
        assert game.result == result
        assert game.record.tag("Black") and game.record.tag("White")


def pgn_game(rng: random.Random, index: int) -> tuple[str, list[str]]:
    """(a PGN record with the seven tag roster and a few more, its SAN moves) of a random legal game by python-chess."""
    board = chess.Board()
    words, sans = [], []
    for _ in range(rng.randrange(1, 120)):
        if board.is_game_over():
            break
        if board.turn == chess.WHITE:
            words.append(f"{board.fullmove_number}.")
        san = board.san_and_push(rng.choice(list(board.legal_moves)))
        words.append(san)
        sans.append(san)
    result = board.result()
    tags = [f'[Event "Open {index}"]', '[Site "London ENG"]', '[Date "1883.??.??"]', f'[Round "{index}"]',
            f'[White "Zukertort, J{index}"]', f'[Black "Steinitz, W{index}"]', f'[Result "{result}"]']
    if rng.random() < 0.5:
        tags += ['[ECO "C00"]', f'[PlyCount "{len(sans)}"]']
    return "\n".join(tags) + "\n\n" + " ".join([*words, result]), sans


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(1, 4), crlf=st.booleans(),
       ending=st.sampled_from([".pgn", ".txt"]))
def test_random_pgn_files_stay_chess(tmp_path_factory, seed, count, crlf, ending):
    rng = random.Random(seed)
    games = [pgn_game(rng, i) for i in range(count)]
    read = read_back(tmp_path_factory.mktemp("pgn"), f"games{ending}", [g[0] for g in games], crlf, "chess", "san")
    for game, (_text, sans) in zip(read, games):
        assert [m.normalized for m in game.moves] == sans


def descriptive_game(rng: random.Random) -> list[str]:
    """The moves of a random legal game by python-chess as English descriptive notation prints them (our writer)."""
    from notation.rules.chess import FAMILY
    from tests.conftest import replay

    board = chess.Board()
    for _ in range(rng.randrange(1, 60)):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    body = " ".join(chess.Board().variation_san(board.move_stack).split())
    (game,) = replay(f'[Game "chess"]\n[Notation "san"]\n{body}\n')
    (written_game,) = replay(f'[Game "chess"]\n[Notation "english-descriptive"]\n'
                             f'{FAMILY.write(game, "english-descriptive")}\n')
    return [m.printed for m in written_game.moves]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), crlf=st.booleans(), ending=st.sampled_from([".pgn", ".txt"]),
       between=st.sampled_from(["\n\n", "\n", " "]))
def test_a_descriptive_game_after_a_pgn_game_is_a_record_of_its_own(tmp_path_factory, seed, crlf, ending, between):
    """A PGN game, then after its result a descriptive score with no tags: two records, each read in its
    own notation, ``ok``, with every move; every character of the file in one of them."""
    rng = random.Random(seed)
    pgn, sans = pgn_game(rng, 1)
    descriptive = descriptive_game(rng)
    words = []
    for k, move in enumerate(descriptive):
        words += [f"{k // 2 + 1}.", move] if k % 2 == 0 else [move]
    text = f"{pgn}{between}{' '.join(words)}\n"
    path = tmp_path_factory.mktemp("mixed") / f"games{ending}"
    path.write_bytes((text.replace("\n", "\r\n") if crlf else text).encode("utf-8"))
    first, second = read_games([str(path)])
    assert (first.notation, first.status) == ("san", "ok") and [m.normalized for m in first.moves] == sans
    assert (second.family, second.notation, second.status) == ("chess", "english-descriptive", "ok"), \
        [str(d) for d in second.diagnostics]
    assert printed_moves(second) == descriptive
    assert first.record.text + second.record.text == text


def test_player_tags_do_not_make_a_pdn_game_chess(tmp_path):
    """The issue's own case: with [Black] and [White] it was an empty chess game; without them, checkers."""
    path = tmp_path / "t.pdn"
    path.write_bytes(b'[Event "x"]\r\n[Site "y"]\r\n[Black "Red"]\r\n[White "White"]\r\n[Result "1-0"]\r\n'
                     b"1. 11-15 23-19 2. 8-11 22-17 1-0\r\n")
    (game,) = read_games([path])
    assert (game.family, game.notation, game.status) == ("checkers", "pdn", "ok")
    assert printed_moves(game) == ["11-15", "23-19", "8-11", "22-17"]


def test_a_text_both_families_could_claim_goes_to_the_one_that_reads_more(tmp_path):
    """A few chess words in a checkers game's note do not make it chess: the checkers reading reads its moves."""
    path = tmp_path / "note.txt"
    path.write_text('[White "Wyllie"]\n[Black "Martins"]\n'
                    "11-15 23-19 8-11 22-17 4-8 17-13 15-18 24-20 {as in a chess game, Nf3 and e4 come first}\n",
                    encoding="utf-8")
    (game,) = read_games([path])
    assert game.family == "checkers" and len(game.moves) == 8 and game.status == "ok"


@pytest.mark.parametrize("name", ["wrong.pgn", "wrong.txt"])
def test_a_chess_game_of_checker_moves_is_an_error_not_empty(tmp_path, name):
    """Move-like words from which nothing was read: an error naming the first and where it stands."""
    path = tmp_path / name
    path.write_text('[Game "chess"]\n[White "A"]\n[Black "B"]\n\n1. 11-15 23-19 2. 8-11 22-17 *\n', encoding="utf-8")
    (game,) = read_games([path])
    assert game.status == "error"
    first = next(d for d in game.diagnostics if d.severity == "error")
    assert "11-15" in first.message and (first.line, first.column) == (5, 4)
    assert not any(d.code == "empty-game" for d in game.diagnostics)


@pytest.mark.parametrize("body", ["*", "1-0", "1/2-1/2", "{The game was not recorded.} *"])
def test_a_record_with_no_move_like_word_is_empty(tmp_path, body):
    path = tmp_path / "none.pgn"
    path.write_text(f'[White "A"]\n[Black "B"]\n\n{body}\n', encoding="utf-8")
    (game,) = read_games([path])
    assert game.status == "empty" and game.family == "chess"
    assert any(d.code == "empty-game" for d in game.diagnostics)


@pytest.mark.parametrize("text, words", [
    ("[Event \"x\"]\n\n1. 24/18 13/11 *\n", ["24/18", "13/11"]),    # backgammon plays in a tagged record
    ("[Game \"checkers\"]\n\nWhite plays Nf3 and then Bb5.\n", ["Nf3", "Bb5"]),  # chess words in a checkers record
])
def test_move_like_words_of_any_family_make_a_record_without_moves_an_error(tmp_path, text, words):
    path = tmp_path / "x.txt"
    path.write_text(text, encoding="utf-8")
    (game,) = read_games([path])
    assert not game.moves
    assert game.status in ("error", "unparsed")
    message = " ".join(d.message for d in game.diagnostics if d.severity == "error")
    assert all(word in message for word in words), message


@pytest.mark.parametrize("text", [
    "1 P to K4 P to K4\n2 Kt to KB3 Kt to QB3\n3 B to B4 B to B4\n",  # "to" between the man and his square
    "1 PtoK4 PtoK4\n2 KttoKB3 KttoQB3\n3 BtoB4 BtoB4\n",  # set close, as London 1883's OCR reads it
    "1 P to K 4 P to K 4\n2 K Kt to B 3 Q Kt to B 3\n3 B to B 4 B to B 4\n",
    # A space on either side of the dash, as Steinitz's books' OCR gives it, and an e-text's two hyphens for it
    "After 1 P— K4, 1 P— K4 ; 2 KKt— B3, 2 QKt— B3 ; 3 B — B4, 3 B— B4.\n",
    "1. P--K4    P--K4\n2. Kt--KB3  Kt--QB3\n3. B--B4    B--B4\n",
])
def test_descriptive_moves_printed_with_to_make_a_plain_text_chess(tmp_path, text):
    # They were no move-like words: a plain text of them was "no family reads this text".
    path = tmp_path / "score.txt"
    path.write_text(text, encoding="utf-8")
    (game,) = read_games([path])
    assert (game.family, game.notation, game.status) == ("chess", "english-descriptive", "ok")
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]


def test_a_book_description_of_throws_a_grammar_stops_in_is_backgammon_and_says_where(tmp_path):
    # "White throws 6-1, and builds his five point, ...": the "6-1" was read as a checker move, and the record
    # a checkers PDN error at line 1 ("expected '(' or a ;comment ..."); a text no grammar reads in full is still
    # the family whose throws it names, and its error stands where the book notation stopped, naming what it
    # expected there (no grammar's anonymous terminal, "anon 0", among them).
    path = tmp_path / "throws.txt"
    path.write_text("White throws six-ace: plays a man from 12 to 18, plays a man from 17 to 18.\n\n"
                    "Black throws 3-1, and builds his five point.\n", encoding="utf-8")  # a verb no grammar reads
    (game,) = read_games([path])
    assert game.family == "backgammon" and game.status == "unparsed"
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    assert (error.line, error.column) == (3, 23) and "found 'b'" in error.message and "anon" not in error.message


@pytest.mark.parametrize("text", [
    "OPENING MOVES.\n\nWith 3-1 the best play is to make your five point: 8/5, 6/5.\nWith 6-1, make your bar point: "
    "13/7, 8/7.\n",                                               # a page of a book's table: split, a record a throw
    '[Event "Openings"]\nWith 3-1, make your five point: 8/5, 6/5.\n',  # a tagged record: told by its plays
])
def test_a_book_table_of_opening_throws_is_backgammon_not_checkers(tmp_path, text):
    # "With 3-1 ...": the "3-1" was a checker move, the page a checkers error at 'W'; a slash move ("8/5") is
    # backgammon's and no other family's.
    path = tmp_path / "openings.txt"
    path.write_text(text, encoding="utf-8")
    games = list(read_games([path]))
    assert [(g.family, g.notation, g.status) for g in games] == [("backgammon", "standard", "ok")] * len(games)
    assert games[0].moves[0].normalized == "8/5 6/5"
