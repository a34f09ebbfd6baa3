"""The fast path for clean English descriptive records gives exactly the game the full replay gives, or steps aside:
both its replays, with python-chess and with the compiled kernel (:mod:`notation.rules.chess.clean_kernel`)."""

import random
from contextlib import contextmanager

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.model import SourceText
from notation.parse.chess_descriptive_clean import parse_clean
from notation.parse.chess_layout import parse_book
from notation.pipeline import process
from notation.records import split_tagged
from notation.rules.chess import FAMILY, clean
from notation.rules.chess.clean_descriptive import read_clean
from notation.rules.chess.notations.descriptive import GRAMMAR, NAME, DescriptiveTransformer

TAGS = '[Game "chess"]\n[Notation "english-descriptive"]\n'


def _record(movetext: str, tags: str = TAGS):
    return split_tagged(SourceText("t.txt", f"{tags}{movetext}\n"))[0]


@contextmanager
def _path(compiled):
    """Replay with the compiled kernel (as a process does once told of a big import), or with python-chess."""
    before = clean._python_plies, clean.COMPILED_AFTER
    clean._python_plies, clean.COMPILED_AFTER = (1, 0) if compiled else (0, 10**12)
    try:
        yield
    finally:
        clean._python_plies, clean.COMPILED_AFTER = before


def _fast(record):
    """The record read on the fast path, with python-chess and with the kernel: the same game, or both ``None``."""
    games = []
    for compiled in (False, True):
        with _path(compiled):
            games.append(read_clean(record))
    if games[0] is None or games[1] is None:
        assert games == [None, None]
        return None
    _same(games[1], games[0])
    # The kernel numbers each position as it goes: the number the archive would give its key.
    assert [m.position_number for m in games[1].moves] == [FAMILY.position_number(m.position) for m in games[1].moves]
    return games[1]


def _full(record):
    return FAMILY.replay(FAMILY.notations[NAME].parse(record)).finish()


def _same(fast, full):
    assert fast.as_json() == full.as_json()
    assert [(m.printed, m.normalized, m.status, m.line, m.column, m.number, m.position, m.detail)
            for m in fast.moves] == [(m.printed, m.normalized, m.status, m.line, m.column, m.number, m.position,
                                      m.detail) for m in full.moves]
    assert fast.claims == full.claims
    assert fast.diagnostics == full.diagnostics
    assert (fast.status, fast.result, fast.title, fast.start) == (full.status, full.result, full.title, full.start)


@pytest.mark.parametrize("movetext", [
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 1-0",
    "1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate 0-1",
    "1. P-KB3 P-K4 2. P-KKt4 Q-R5 mate 1-0",  # a wrong result: the same error as the full replay
    "1. P-K4 P-Q4 2. P-K5 P-KB4 3. PxP P-K4",  # en passant
    "1. Kt-KB3 Kt-KB3 2. Kt-QB3 Kt-QB3 3. Kt-Q4 Kt-Q4 4. Kt(QB3)-Kt5 P-K3",  # SAN's Ncb5
    "1. Kt-KB3 P-K4 2. Kt-QB3 P-QR3 3. Kt-K4 P-R3 4. KKt-Kt5",  # the King's Knight by where it started: Nfg5
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles Kt-B3\n5. R-K1 Castles",
    "1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. Castles QR Castles QR",
    "1. P-Q4 P-K4 2. P-Q5 P-K5 3. P-Q6 P-K6 4. PxBP PxP ch 5. K-Q2 PxKt=Kt 6. PxQ=Q ch KxQ",  # promotions
    "1. P-K4 P-K4 2. Q-R5 Kt-QB3 3. B-B4 Kt-B3 4. QxBP mate",
    "1. P-Q4 P-K3 2. P-K4 B-Kt5 ch 3. Kt-QB3 Kt-KB3 4. KKt-K2",  # the pinned Knight: SAN's Ne2
])
def test_clean_records_replay_as_the_full_replay_does(movetext):
    record = _record(movetext)
    fast = _fast(record)
    assert fast is not None
    _same(fast, _full(record))
    _same(process(record), fast)


@pytest.mark.parametrize("movetext, tags, why", [
    ("1. P-K4 P-K4 2. Kt-KB3 ch Kt-QB3", TAGS, "a false check"),
    ("1. P-KB3 P-K4 2. P-KKt4 Q-R5 ch", TAGS, "mate printed as check"),
    ("1. P-KB3 P-K4 2. P-KKt4 Q-R5", TAGS, "mate not printed"),
    ("1. P-K4 P-KB3 2. Q-R5", TAGS, "check not printed"),
    ("1. Kt-B3 P-K4", TAGS, "an ambiguous move"),
    ("1. P-K5 P-K4", TAGS, "an illegal move"),
    ("1. P-K4 P-K4 2. KT-KB3 Kt-QB3", TAGS, "an OCR confusion"),
    ("1. P. to K's 4th P. to K's 4th", TAGS, "the long form"),
    ("1. P-K4 P-K4", '[Game "chess"]\n', "no notation named: detection weighs every notation"),
    ("1. P-K4 P-K4", TAGS + '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n', "a set-up"),
    ("1. P-K4 P-K4", TAGS + '[Odds "Pawn and move"]\n', "odds"),
])
def test_anything_else_goes_to_the_full_replay(movetext, tags, why):
    record = _record(movetext, tags)
    assert _fast(record) is None, why


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 160))
def test_written_games_read_the_same_on_both_paths(seed, length):
    rng = random.Random(seed)
    board = chess.Board()
    sans = []
    while len(board.move_stack) < length and not board.is_game_over():
        sans.append(board.san_and_push(rng.choice(list(board.legal_moves))))
    words = [f"{i // 2 + 1}. {san}" if i % 2 == 0 else san for i, san in enumerate(sans)]
    game = process(split_tagged(SourceText("t.pgn", '[Event "t"]\n\n' + " ".join(words) + " *\n"))[0])
    record = _record(FAMILY.write(game, "descriptive"))
    # both fast paths: the clean scanner reads what the grammar reads, the clean replay plays what the full one does
    assert parse_clean(record) == parse_book(record, "chess", NAME, GRAMMAR, DescriptiveTransformer)
    fast = _fast(record)
    assert fast is not None
    _same(fast, _full(record))
    assert [m.normalized for m in fast.moves] == [m.normalized for m in game.moves]
    assert process(record).status == "ok"
    # One move spoiled (a mark dropped, added or changed, a man's or square's qualifier dropped, two moves
    # swapped): both fast replays refuse it alike, or read it as the full replay does.
    spoiled = _record(_spoiled(record.body, rng))
    fast = _fast(spoiled)
    if fast is not None:
        _same(fast, _full(spoiled))


def _spoiled(body, rng):
    words = body.split(" ")
    moves = [i for i, w in enumerate(words) if "-" in w or "x" in w]
    if not moves:
        return body
    i = rng.choice(moves)
    how = rng.randrange(5)
    if how == 0:
        words[i] += rng.choice([" ch", " mate"])
    elif how == 1 and i + 1 < len(words) and words[i + 1] in ("ch", "mate"):
        words[i + 1] = rng.choice(["", "ch" if words[i + 1] == "mate" else "mate"])
    elif how == 2:
        words[i] = words[i].replace("KKt", "Kt").replace("QKt", "Kt").replace("KB", "B").replace("QB", "B") \
            .replace("KR", "R").replace("QR", "R")
    elif how == 3:
        words[i] = words[i].replace("Kt", "B", 1) if "Kt" in words[i] else words[i].replace("B", "Kt", 1)
    else:
        later = [j for j in moves if j > i]
        if later:
            j = later[0]
            words[i], words[j] = words[j], words[i]
    return " ".join(w for w in words if w)
