"""Chess endgame tables built in the test (KQK, KRK, KPK), checked against known figures and python-chess."""

from __future__ import annotations

import json
import random

import chess
import numpy as np
import pytest
from click.testing import CliRunner

from notation.cli import cli
from notation.solve import chess_search
from notation.solve import chess_tables as ct
from tests.conftest import records_from, replay


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    tables = ct.Tables(tmp_path_factory.mktemp("tables"), [ct.Material.parse(m) for m in ("KQK", "KRK", "KPK")])
    tables.build()
    chess_search.use_tables(tables)
    yield tables
    chess_search.use_tables(None)


def _max_moves(table: np.ndarray) -> int:
    wins = table[(table > 0) & (table < ct.LOSS)]
    return int(wins.max())


def test_known_maximum_distances(store):
    # White to move: KQK mates in at most 10 moves, KRK in at most 16 (published DTM maxima).
    assert _max_moves(store.table(ct.Material.parse("KQK"))[0]) == 10
    assert _max_moves(store.table(ct.Material.parse("KRK"))[0]) == 16


def test_kpk_counts(store):
    # The table keeps White's king on files a-d; the mirror image doubles every count.
    wtm = store.table(ct.Material.parse("KPK"))[0]
    legal = 2 * int((wtm != ct.ILLEGAL).sum())
    won = 2 * int(((wtm > 0) & (wtm < ct.LOSS)).sum())
    assert legal == 163_328  # legal KPK positions with White to move (pawn on ranks 2-7, kings apart)
    assert won == 124_960
    assert _max_moves(wtm) == 28


def _expected(board: chess.Board) -> int:
    """The table byte a position must have, from its children (python-chess moves) read from the tables."""
    if board.is_checkmate():
        return ct.LOSS
    children = []
    for move in board.legal_moves:
        board.push(move)
        children.append(chess_search.probe(board))
        board.pop()
    losses = [c.plies for c in children if c.value == "loss"]
    if losses:
        return (min(losses) + 2) // 2
    if children and all(c.value == "win" for c in children):
        return ct.LOSS + (max(c.plies for c in children) + 1) // 2
    return 0


@pytest.mark.parametrize("material", ["KQK", "KRK", "KPK"])
def test_every_value_agrees_with_python_chess(store, material):
    m = ct.Material.parse(material)
    rng = random.Random(7)
    checked = 0
    while checked < 150:
        board = chess.Board.empty()
        pieces = [chess.Piece(chess.KING, chess.WHITE), chess.Piece(chess.KING, chess.BLACK),
                  chess.Piece(m.white[0], chess.WHITE)]
        for piece, square in zip(pieces, rng.sample(range(64), 3)):
            board.set_piece_at(square, piece)
        # colours swapped half the time: the table is read turned round
        if rng.random() < 0.5:
            board = board.mirror()
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if not board.is_valid():
            continue
        assert store.byte(board) == _expected(board), board.fen()
        checked += 1


def test_probe_en_passant_searches_one_ply(store):
    board = chess.Board("8/8/8/8/4Pp2/8/8/K6k b - e3 0 1")  # KPvKP is not built: the probe says so
    verdict = chess_search.probe(board, store)
    assert verdict.value is None and "KPvKP" in verdict.reason


def test_solve_command(store, monkeypatch):
    monkeypatch.setenv("NOTATION_TABLES", str(store.directory))
    runner = CliRunner()
    out = runner.invoke(cli, ["solve", "--json", "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert (got["value"], got["plies"], got["settled_by"]) == ("win", 11, "table")
    assert "best move Q" in got["reason"]
    out = runner.invoke(cli, ["solve", "8/8/8/8/8/2k5/8/KQ6 b - - 0 1"])
    assert out.output.startswith("loss in")
    out = runner.invoke(cli, ["solve", "--json", "8/8/8/8/8/2k5/8/KR5r w - - 0 1"])
    assert json.loads(out.output)["value"] == "open" and "no table KRvKR" in json.loads(out.output)["reason"]
    # more men than the tables: a bounded search finds a mate in one, else the engine judges (not exact)
    out = runner.invoke(cli, ["solve", "--json", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"])
    assert json.loads(out.output)["settled_by"] == "search" and json.loads(out.output)["plies"] == 1
    out = runner.invoke(cli, ["solve", "--json", chess.STARTING_FEN])
    got = json.loads(out.output)
    if got["settled_by"] == "engine":
        assert got["exact"] is False and got["depth"] and "Stockfish" in got["reason"]
    else:  # no engine installed: open, saying why and how to install one
        assert got["value"] == "open" and "32 men" in got["reason"] and "apt-get install stockfish" in got["reason"]


RECORD = """[Game "chess"]
[Notation "san"]
[Title "Rook ending"]
[SetUp "Black King on K sq. White King on K 6; white Rook on Q R 7. White to move and {claim}."]
[Result "{result}"]
{moves}
"""


def test_claims_and_values_along_the_line(store):
    game, = replay(RECORD.format(claim="win", result="1/2-1/2", moves="1. Rd7 Kf8 2. Rd8+ Kg7"))
    value = next(c for c in game.claims if c.what == "value")
    assert (value.claimed, value.actual, value.ok, value.how) == ("win", "win", True, "table")
    assert game.moves[0].detail.value == {"value": "loss", "plies": 8, "settled_by": "table", "side": "black"}
    codes = [(d.ply, d.code) for d in game.diagnostics]
    assert (1, "slower-mate") in codes  # Rd7 lets a mate in one go by
    assert (3, "throws-away-win") not in codes
    result = next(c for c in game.claims if c.what == "result")
    assert (result.claimed, result.actual, result.ok) == ("1/2-1/2", "1-0", False)


def test_a_line_that_throws_the_win_away(store):
    text = RECORD.format(claim="win", result="*", moves="1. Re7+ Kxe7")
    text = text.replace("White King on K 6", "White King on K R sq")
    game, = replay(text)
    assert [(d.ply, d.code) for d in game.diagnostics if d.code == "throws-away-win"] == [(1, "throws-away-win")]


def test_mate_in_claims(store):
    game, = replay(RECORD.format(claim="mate in one", result="*", moves="1. Ra8#"))
    value = next(c for c in game.claims if c.what == "value")
    assert (value.claimed, value.actual, value.ok) == ("mate in 1", "mate in 1", True)
    game, = replay(RECORD.format(claim="mate in two moves", result="*", moves="1. Ra8#"))
    value = next(c for c in game.claims if c.what == "value")
    assert value.ok is False and any(d.code == "wrong-claim" for d in game.diagnostics)


def test_no_table_leaves_the_claim_open(store, tmp_path):
    chess_search.use_tables(ct.Tables(tmp_path))
    try:
        game, = replay(RECORD.format(claim="win", result="*", moves="1. Ra8#"))
    finally:
        chess_search.use_tables(store)
    value = next(c for c in game.claims if c.what == "value")
    assert value.ok is None and value.how == "open" and "no table KRvK" in value.reason


@pytest.mark.asyncio
async def test_replay_page_shows_verdicts_and_values(store, tmp_path):
    from datasette.app import Datasette

    from notation.archive import Archive
    from notation.datasette import metadata_for

    game, = replay(RECORD.format(claim="win", result="*", moves="1. Rd7 Kf8 2. Rd8#"))
    path = tmp_path / "archive.db"
    game_id = Archive(str(path)).store(game)
    ds = Datasette([str(path)], metadata=metadata_for(path))
    await ds.invoke_startup()
    page = " ".join((await ds.client.get(f"/-/notation/game/{game_id}")).text.split())
    assert "loss in 8 plies (table)" in page  # after 1. Rd7, for Black to move
    assert "settled by table: win in 1 plies (KRvK table)" in page


def _game_down_to(materials: set[str]) -> str:
    """A legal game in SAN that takes whenever it can, down to three men of one of ``materials``."""
    for seed in range(500):
        rng = random.Random(seed)
        board = chess.Board()
        words = []
        while not board.is_game_over() and len(board.piece_map()) > 3:
            moves = list(board.legal_moves)
            captures = [m for m in moves if board.is_capture(m)]
            if board.turn == chess.WHITE:
                words.append(f"{board.fullmove_number}.")
            words.append(board.san_and_push(rng.choice(captures or moves)))
        pieces = "".join(sorted(p.symbol().upper() for p in board.piece_map().values()))
        if len(board.piece_map()) == 3 and not board.is_game_over() and pieces in materials:
            return " ".join(words + ["*"])
    raise AssertionError("no seed reached the materials")


def test_clean_pgn_fast_path_values_an_ending_as_the_full_replay_does(store):
    from notation.rules.chess import FAMILY
    from notation.rules.chess.clean import read_clean

    record = records_from('[Event "t"]\n\n' + _game_down_to({"KKQ", "KKR"}) + "\n", "t.pgn")[0]
    fast = read_clean("san", record)
    full = FAMILY.replay(FAMILY.notations["san"].parse(record)).finish()
    assert fast is not None
    assert [m.detail for m in fast.moves] == [m.detail for m in full.moves]
    assert fast.diagnostics == full.diagnostics and fast.claims == full.claims
    assert fast.moves[-1].detail.value is not None


def test_a_missing_table_is_built_on_first_use(tmp_path, monkeypatch):
    tables = ct.Tables(tmp_path, [ct.Material.parse("KRK")])
    board = chess.Board("8/8/8/8/8/2k5/8/KR6 w - - 0 1")
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "0")
    verdict = chess_search.probe(board, tables)
    assert verdict.value is None and "notation tables build" in verdict.reason
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "1")
    verdict = chess_search.probe(board, tables)
    assert (verdict.value, verdict.how) == ("win", "table")
    # kept where the next process finds it; no half-written file or lock left in the way
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["KRvK.npz"]
    assert ct.Tables(tmp_path, [ct.Material.parse("KRK")]).byte(board) == tables.byte(board)


def _build_into(directory: str) -> None:
    ct.Tables(directory, [ct.Material.parse("KRK")]).build()


def test_two_processes_building_one_table_build_it_once(tmp_path):
    import multiprocessing

    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_build_into, args=(str(tmp_path),)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [w.exitcode for w in workers] == [0, 0]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["KRvK.npz"]
    tables = ct.Tables(tmp_path, [ct.Material.parse("KRK")])
    assert _max_moves(tables.table(ct.Material.parse("KRK"))[0]) == 16


#: SHA-256 of each table's bytes as the builder has always made them (a faster build must keep every byte).
CHECKSUMS = {
    "KQK": "9ed08c0f60015f11ddab267d8ef117ef764ec726934a0d93086359e75878017e",
    "KRK": "91591f84aa2d16b2368e0b025d633a6b23b56b911ff58f471d1f7c215cd561c8",
    "KPK": "c9a5d6c79aa68fee3f6adec03cf12b8d2bff4a507c72bb2fee85e8e67244320f",
}


@pytest.mark.parametrize("material", ["KQK", "KRK", "KPK"])
def test_tables_keep_every_byte(store, material):
    import hashlib

    digest = hashlib.sha256(store.table(ct.Material.parse(material)).tobytes()).hexdigest()
    assert digest == CHECKSUMS[material]


def test_tables_built_side_by_side_keep_every_byte(store, tmp_path):
    # KPK's dependencies (KQK, KRK, KBK, KNK) are built on two threads at once, then KPK after them:
    # each table is built by itself, so every byte is the one a single thread builds.
    import hashlib

    tables = ct.Tables(tmp_path, [ct.Material.parse("KPK")])
    built = tables.build(workers=2)
    assert sorted(m.name for m, _, _ in built) == ["KBvK", "KNvK", "KPvK", "KQvK", "KRvK"]
    for name in ("KQK", "KRK", "KPK"):
        m = ct.Material.parse(name)
        assert hashlib.sha256(tables.table(m).tobytes()).hexdigest() == CHECKSUMS[name]
        assert (tables.table(m) == store.table(m)).all()


def test_a_solve_builds_only_the_pawn_slices_it_needs(store, tmp_path, monkeypatch):
    # A pawn keeps its file until it captures: a KPvK position with the pawn on the e-file needs the
    # slices of the e-file and of its mirror image, the d-file (White's king kept on files a-d).
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "1")
    kpk = ct.Material.parse("KPK")
    tables = ct.Tables(tmp_path, [kpk])
    board = chess.Board("5k2/8/4PK2/8/8/8/8/8 w - - 0 1")
    assert tables.position(board) == (kpk, frozenset({3, 4}))
    assert chess_search.probe(board, tables).value == "draw"
    names = sorted(p.name for p in tmp_path.glob("*.npz"))
    assert names == ["KBvK.npz", "KNvK.npz", "KPvK.d-e.npz", "KQvK.npz", "KRvK.npz"]
    # a book's "mate in N" is read from the slices built (the proof search is for positions the tables lack)
    from notation.rules.chess.endings import _has_table

    assert _has_table(board.fen(), tables) and not _has_table("8/8/8/8/2k5/8/1P6/4K3 w - - 0 1", tables)
    # every value of the partial table is the whole table's, slice by slice
    whole = store.table(kpk)
    part = np.load(tmp_path / "KPvK.d-e.npz")["values"]
    wanted = np.zeros(64, np.bool_)
    wanted[[3, 4]] = True
    inside = ct._members(3, np.array(kpk.types + [0], np.int64), True, kpk.size, wanted)
    assert inside.sum() == kpk.size // 4  # two files of eight
    assert (part[:, inside] == whole[:, inside]).all()
    assert (part[:, ~inside] == ct.ILLEGAL).all()
    # a position outside the slices built is not read from them: it builds its own, on demand
    other = chess.Board("8/8/8/8/2k5/8/1P6/4K3 w - - 0 1")  # b-file (and its mirror, g)
    assert tables.byte(other) is None
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "0")
    assert chess_search.probe(other, tables).value is None
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "1")
    assert tables.byte(board) == store.byte(board)
    verdict = chess_search.probe(other, tables)
    assert (verdict.value, verdict.how) == (chess_search.probe(other, store).value, "table")
    assert (tmp_path / "KPvK.b-g.npz").exists()
    # a new process reads both partial tables, and each slice as the whole table has it
    again = ct.Tables(tmp_path, [kpk])
    for b in (board, other, chess.Board("8/8/8/3k4/8/5K2/6P1/8 b - - 0 1")):
        assert again.byte(b) == store.byte(b), b.fen()


def test_a_slice_whose_captures_lead_to_slices_not_built_is_refused(tmp_path):
    # KPvK's slices read KQvK, KRvK ... at each promotion: built without them, the build fails
    # rather than take an unbuilt value for a draw.
    kpk = ct.Material.parse("KPK")
    tables = ct.Tables(tmp_path, [kpk])
    with pytest.raises(RuntimeError, match="slices not built"):
        tables._build_one(kpk, frozenset({3, 4}))


def test_slices_a_pawn_ending_needs():
    kpkp = ct.Material.parse("KPKP")
    e_against_f = ct.slices_of((4,), (5,))
    assert e_against_f == frozenset({4 * 8 + 5, 3 * 8 + 2})  # e/f, and mirrored d/c
    plan = ct.slice_closure({kpkp: e_against_f})
    # the pawns' captures and promotions reach these files: the queen ending keeps the other pawn's
    assert plan[kpkp] == e_against_f
    assert plan[ct.Material.parse("KQKP")] == frozenset({2, 3, 4, 5})
    assert plan[ct.Material.parse("KPK")] == frozenset(range(1, 7))
    assert plan[ct.Material.parse("KQKR")] is None  # no pawns: the whole table
    assert len(plan) == 20


def test_the_shipped_tables_are_the_builds_bytes(store, tmp_path):
    # The package carries the pawnless tables of three and four men, written by
    # `python3 bench/ship_tables.py`: rebuilt here (KQK, KRK and KNvKN, the cheapest of four men), every
    # byte is the one shipped.
    import hashlib

    shipped = {m.name for m in ct.shipped_materials()}
    assert {p.name.removesuffix(".xz") for p in ct.SHIPPED_DIR.glob("*.xz")} == shipped
    assert len(shipped) == 24 and {"KQvKR", "KQQvK", "KBNvK"} <= shipped and not any("P" in m for m in shipped)
    tables = ct.Tables(tmp_path, [ct.Material.parse(m) for m in ("KQK", "KRK", "KNKN")], shipped=False)
    tables.build(workers=1)
    for name in ("KQK", "KRK", "KNKN"):
        m = ct.Material.parse(name)
        built = tables.table(m)
        assert ct.read_shipped(ct.SHIPPED_DIR / f"{m.name}.xz").tobytes() == built.tobytes()
        if name in CHECKSUMS:
            assert hashlib.sha256(built.tobytes()).hexdigest() == CHECKSUMS[name]


def test_a_solve_reads_the_shipped_tables_and_builds_the_rest(tmp_path, monkeypatch):
    # The default set of tables reads the package's where its directory has none: a first KRvKP solve
    # builds only the slices of the pawn tables, and a KQvKR one builds nothing.
    monkeypatch.setenv("NOTATION_TABLES", str(tmp_path))
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "0")
    tables = ct.Tables()
    assert tables.shipped and not ct.Tables(tmp_path).shipped
    board = chess.Board("8/8/8/3k4/8/8/2r5/K3Q3 w - - 0 1")
    verdict = chess_search.probe(board, tables)
    assert (verdict.value, verdict.plies, verdict.how) == ("win", 21, "table")
    assert not list(tmp_path.glob("*.npz"))
    kpk = ct.Material.parse("KPK")
    assert tables.missing_slices(kpk, frozenset({3, 4})) == {kpk: frozenset({3, 4})}
