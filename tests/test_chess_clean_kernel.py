"""The clean path's compiled kernel gives, game by game, what its python-chess replay gives.

On python-chess's own test PGNs, on random legal games and on the same games spoiled
in one place (a mark dropped or added, a needless disambiguation, an ``x`` dropped, two
moves swapped): moves, keys, details, claims, diagnostics and result are identical, or
both readings refuse the record. ``bench/clean_core_bench.py`` runs the same check on
100,000 games.
"""

import random
import sys
from pathlib import Path

import pytest

from notation.families import splitters
from notation.records import iter_records
from notation.rules.chess import clean

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from chess_bench import random_game  # noqa: E402
from clean_core_bench import compare, record_of, spoiled  # noqa: E402


@pytest.fixture(autouse=True)
def restore(monkeypatch):
    monkeypatch.setattr(clean, "COMPILED_AFTER", clean.COMPILED_AFTER)


def test_python_chess_test_pgns_read_alike():
    records = [r for path in sorted((ROOT / "corpus/dev/python-chess-pgn").glob("*.pgn"))
               for r in iter_records(str(path), splitters())]
    games, plies, differences, _, _ = compare(records)
    assert differences == []
    assert games >= 9 and plies >= 700  # the clean games among them were read, not refused


def test_random_and_spoiled_games_read_alike():
    rng = random.Random(30)
    texts = [random_game(rng, i) for i in range(150)]
    games, plies, differences, _, _ = compare([record_of(t) for t in texts])
    assert differences == []
    assert games == len(texts)
    refused = 0
    for _ in range(3):
        records = [record_of(spoiled(t, rng)) for t in texts]
        games, _, differences, _, _ = compare(records)
        assert differences == []
        refused += len(records) - games
    assert refused > 200  # the spoiling does spoil: most spoiled games are refused by both readings


def test_the_kernel_refuses_what_is_not_clean():
    """A ply the kernel does not read cleanly hands the game to the python-chess replay (here: refused)."""
    import numpy as np

    from notation.rules.chess import clean_compiled

    def plies(movetext):
        tokens = [clean._token(w) for w in movetext.split()]
        codes = np.array([t.code for t in tokens], dtype=np.int64)
        out = np.empty((len(tokens), clean_compiled.OUT), dtype=np.int64)
        keys = np.empty(len(tokens) * clean_compiled.KEY_BYTES, dtype=np.uint8)
        return clean_compiled.load()(codes, out, keys, np.empty(3, dtype=np.int64))

    assert plies("e4 e5 Nf3 Nc6 Bc4 Bc5 O-O") == 7
    assert plies("e4 e5 Nf3 Nc6 O-O") == 4  # castling through the bishop
    assert plies("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7+") == 6  # a mate written as a check
    assert plies("Nf3 Nf6 Nc3 Nc6 Nd4 Nd5 Nb5") == 6  # ambiguous
    assert plies("Nf3 Nf6 Ngf3") == 2  # illegal, and a needless disambiguation
    assert plies("d4 e6 e4 Bb4+ Nc3 Nf6 Nce2") == 6  # a pinned knight


@pytest.fixture
def kernel_calls(monkeypatch):
    """The calls of the compiled kernel, in a process that loads it after 10 plies replayed with python-chess."""
    calls = []
    compiled = clean._compiled
    monkeypatch.setattr(clean, "_compiled", lambda *a: calls.append(1) or compiled(*a))
    monkeypatch.setattr(clean, "COMPILED_AFTER", 10)
    monkeypatch.setattr(clean, "_python_plies", 0)
    return calls


def test_the_kernel_is_loaded_once_python_chess_has_replayed_its_cost(kernel_calls):
    calls = kernel_calls
    record = record_of('[Event "t"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 *\n')
    first = clean.read_clean("san", record)
    assert calls == [] and clean._python_plies == 12
    second = clean.read_clean("san", record)
    assert calls == [1] and clean._python_plies == 12
    assert first is not None and second is not None
    assert [m.position for m in first.moves] == [m.position for m in second.moves]


def test_a_bulk_read_big_enough_loads_the_kernel_with_its_first_game(kernel_calls, monkeypatch):
    calls = kernel_calls
    record = record_of('[Event "t"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n')
    clean.expect(10 * clean.PLY_BYTES - 1)  # too little text to pay for it: python-chess replays
    assert clean.read_clean("san", record) is not None and calls == []
    monkeypatch.setattr(clean, "_python_plies", 0)
    clean.expect(10 * clean.PLY_BYTES)
    assert clean.read_clean("san", record) is not None and calls == [1]


def test_an_import_in_one_process_tells_the_families_its_size(tmp_path, monkeypatch):
    from notation import parallel
    from notation.rules.chess import ChessFamily

    told = []
    monkeypatch.setattr(ChessFamily, "expect", lambda self, text: told.append(text))
    path = tmp_path / "g.pgn"
    path.write_text('[Event "t"]\n\n1. e4 e5 *\n\n[Event "u"]\n\n1. d4 d5 *\n', encoding="utf-8")
    assert len(list(parallel.in_workers([path], 1, lambda chunk: chunk))) == 1
    assert told == [path.stat().st_size]


def test_the_kernel_numbers_every_position_by_its_polyglot_key():
    """Each ply's number is python-chess's Polyglot key (``zobrist_hash``) of the position its key names,
    on python-chess's test PGNs and random games: every piece, castling right, en passant file and side."""
    import chess
    import chess.polyglot

    clean.COMPILED_AFTER = 0
    rng = random.Random(31)
    records = [r for path in sorted((ROOT / "corpus/dev/python-chess-pgn").glob("*.pgn"))
               for r in iter_records(str(path), splitters())] + [record_of(random_game(rng, i)) for i in range(150)]
    checked = shown = 0
    for record in records:
        game = clean.read_clean("san", record)
        if game is None:
            continue
        for move in game.moves:
            number = chess.polyglot.zobrist_hash(chess.Board(f"{move.position} 0 1"))
            assert move.position_number == (number - 2**64 if number >= 2**63 else number), move.position
            checked += 1
            shown += move.position.split()[3] != "-"
    assert checked > 10_000 and shown > 10  # en passant squares among them


def test_the_kernel_built_ahead_of_time_answers_as_numbas_jit():
    """The one kernel compiled twice (the extension module :mod:`.clean_compiled` builds, numba's JIT where it
    cannot be built): the same plies, rows, keys and end state, on random games and spoiled ones."""
    import numpy as np

    from notation.parse.chess_san_clean import scan_clean
    from notation.rules.chess import clean_compiled, clean_kernel

    aot = clean_compiled.load()
    if aot is clean_kernel.replay:
        pytest.skip("the kernel cannot be built ahead of time here (no C compiler): only numba's JIT runs")
    rng = random.Random(32)
    texts = [random_game(rng, i) for i in range(100)]
    texts += [spoiled(t, rng) for t in texts]
    compared = refused = 0
    for text in texts:
        scanned = scan_clean(record_of(text).body)
        tokens = [clean._token(t[0]) for t in scanned[0]] if scanned else [None]
        if None in tokens:
            continue
        codes = np.array([t.code for t in tokens], dtype=np.int64)
        answers = []
        for replay in (aot, clean_kernel.replay):
            out = np.zeros((len(codes), clean_compiled.OUT), dtype=np.int64)
            keys = np.zeros(len(codes) * clean_compiled.KEY_BYTES, dtype=np.uint8)
            state = np.zeros(3, dtype=np.int64)
            answers.append((replay(codes, out, keys, state), out.tolist(), keys.tobytes(), state.tolist()))
        assert answers[0] == answers[1]
        compared += 1
        refused += answers[0][0] < len(codes)
    assert compared > 150 and refused > 20


def test_a_kernel_that_cannot_be_built_falls_back_to_numba_tried_once(tmp_path, monkeypatch):
    """Where the module cannot be built (no C compiler), the error is kept beside it and said once, the build
    not tried again by the next process, and numba's JIT compiles the kernel."""
    from notation.rules.chess import clean_compiled, clean_kernel

    monkeypatch.setenv("NOTATION_CACHE", str(tmp_path))
    tried = []
    monkeypatch.setattr(clean_compiled, "build", lambda path: tried.append(path) or "error: no C compiler")
    with pytest.warns(RuntimeWarning, match="could not be compiled ahead of time"):
        assert clean_compiled.built() is None
    failed = tmp_path / (clean_compiled.module_path().name + ".failed")
    assert failed.read_text() == "error: no C compiler"
    assert clean_compiled.built() is None and len(tried) == 1
    assert clean_compiled.load.__wrapped__() is clean_kernel.replay
