"""Checkers endgame database (three pieces, built in the test) and claims settled by it or by a proof search."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from click.testing import CliRunner

from notation.boards.checkers import BLACK, WHITE, Board
from notation.cli import cli
from notation.pipeline import process
from notation.solve import checkers as ck
from tests.conftest import records_from


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    database = ck.Database(tmp_path_factory.mktemp("checkers-db"), pieces=3)
    database.build(ck.all_materials(3))
    ck.use_database(database)
    yield database
    ck.use_database(None)


def _random_board(rng: random.Random, pieces: int) -> Board:
    squares = rng.sample(range(1, 33), pieces)
    blacks = rng.randint(1, pieces - 1)
    layout = {}
    for j, s in enumerate(squares):
        side = BLACK if j < blacks else WHITE
        king = rng.random() < 0.5 or (side == BLACK and s > 28) or (side == WHITE and s < 5)
        layout[s] = (side, king)
    return Board.from_pieces(layout, turn=rng.choice([BLACK, WHITE]))


def test_compiled_move_generator_agrees_with_the_board():
    # Board.legal_moves is checked against perft counts and pydraughts; the compiled one against it.
    rng = random.Random(3)
    out = np.empty((64, 3), np.int64)
    stack = np.empty((64, 2), np.int64)
    for _ in range(400):
        board = _random_board(rng, rng.randint(2, 9))
        n = ck._children(board.black, board.white, board.kings, board.turn, out, stack)
        got = sorted(set(map(tuple, out[:n].tolist())))
        want = sorted({(c.black, c.white, c.kings) for c in (board.push(m) for m in board.legal_moves())})
        assert got == want, board.fen()


def _expected(db: ck.Database, board: Board) -> int:
    moves = board.legal_moves()
    if not moves:
        return 128
    values = [db.byte(board.push(m)) for m in moves]
    losses = [2 * (v - 128) for v in values if v >= 128]
    if losses:
        return (min(losses) + 2) // 2
    if all(0 < v < 128 for v in values):
        return 128 + (max(2 * v - 1 for v in values) + 1) // 2
    return 0


def test_every_value_agrees_with_its_moves(db):
    rng = random.Random(5)
    for _ in range(1500):
        board = _random_board(rng, rng.randint(2, 3))
        assert db.byte(board) == _expected(db, board), board.fen()


def test_two_kings_beat_one(db):
    verdict = ck.solve("B:WK32:BK1,K5", db)
    assert verdict.value == "win" and verdict.how == "table" and verdict.plies > 1
    assert ck.solve("W:WK32:BK1", db).value == "draw"


def _pdn(fen: str, moves: str) -> str:
    return f'[Game "checkers"]\n[Notation "pdn"]\n[SetUp "1"]\n[FEN "{fen}"]\n{moves}\n'


def test_result_claims_settled_by_the_database(db):
    game = process(records_from(_pdn("B:WK32:BK1,K5", "1. 1-6 32-27 1-0"))[0])
    (claim,) = game.claims
    assert (claim.claimed, claim.actual, claim.ok, claim.how) == ("1-0", "1-0", True, "table")
    game = process(records_from(_pdn("B:WK32:BK1,K5", "1. 1-6 32-27 1/2-1/2"))[0])
    (claim,) = game.claims
    assert claim.ok is False and any(d.code == "wrong-claim" for d in game.diagnostics)


def test_a_proof_search_beyond_the_database(db):
    # Four pieces, the database holds three: White must take the man on 18 and wins with two kings v one.
    verdict = ck.search(Board.from_fen("W:WK22,K32:B18,K1"), db=db)
    assert verdict.value == "win" and verdict.how == "search"
    game = process(records_from(_pdn("W:WK22,K32:B18,K1", "0-1"))[0])
    (claim,) = game.claims
    assert (claim.how, claim.ok) == ("search", True)


def test_an_unsettled_claim_stays_open_with_its_reason(db):
    game = process(records_from(_pdn("B:W21,22,23,24,25:B1,2,3,4,5", "1. 5-9 25-20 1-0"))[0])
    (claim,) = game.claims
    assert claim.ok is None and claim.how == "open" and claim.reason


def test_solve_command_checkers(db, monkeypatch):
    monkeypatch.setenv("NOTATION_CHECKERS_DB", str(db.directory))
    out = CliRunner().invoke(cli, ["solve", "--json", "B:WK32:BK1,K5"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert got["game"] == "checkers" and got["value"] == "win" and got["settled_by"] == "table"


def test_values_after_each_move_and_a_win_let_go(db):
    game = process(records_from(_pdn("B:WK32:BK1,K5", "1. 1-6 32-27 1-0"))[0])
    assert game.moves[0].detail.value["value"] == "loss"  # White to move, lost
    assert game.moves[0].detail.value["side"] == "white"
    # Black leaves his king on 27 to be taken: two kings against one become one against one
    game = process(records_from(_pdn("B:WK32:BK1,K27", "1. 1-6 32x23 *"))[0])
    assert [(d.ply, d.code) for d in game.diagnostics if d.code == "throws-away-win"] == [(1, "throws-away-win")]
    assert game.moves[1].detail.value["value"] == "draw"


def test_tables_build_command_builds_through_the_family(db, tmp_path):
    runner = CliRunner()
    out = runner.invoke(cli, ["tables", "build", "--game", "checkers", "0m1k-v-0m1k", "--dir", str(tmp_path)])
    assert out.exit_code == 0, out.output
    assert out.output.startswith("0m1k-v-0m1k: 2,048 bytes, ") and "1 tables built in " in out.output
    built = ck.Database(tmp_path)
    verdict = ck.solve("B:WK32:BK1", built)
    assert (verdict.value, verdict.how) == ("draw", "table")  # one king each: read from the table just built
    out = runner.invoke(cli, ["tables", "build", "--game", "checkers", "9m1k-v-0m1k", "--dir", str(tmp_path)])
    assert out.exit_code == 1 and "at most 5 pieces" in out.output
    out = runner.invoke(cli, ["tables", "build", "--game", "backgammon"])
    assert out.exit_code == 1 and "the backgammon family has no endgame tables" in out.output
    out = runner.invoke(cli, ["solve", "--game", "backgammon", "x"])
    assert out.exit_code == 1 and "the backgammon family has no solver" in out.output


def _value_of(proofs: dict[int, ck.Proof], turn: int) -> str | None:
    """The value for the side to move that two proofs (one per side) give, None where either is open."""
    if proofs[turn].proved:
        return "win"
    if proofs[1 - turn].proved:
        return "loss"
    if proofs[turn].proved is False and proofs[1 - turn].proved is False:
        return "draw"
    return None


def test_the_proof_search_agrees_with_the_database_it_reaches_past(db):
    # Leaves from two pieces only: every three-piece position the search settles must be what the
    # three-piece database says (repetitions included: a line that goes round is no win).
    two = ck.Database(db.directory, pieces=2)
    rng = random.Random(11)
    settled: dict[str, int] = {}
    for _ in range(150):
        board = _random_board(rng, 3)
        if not board.legal_moves():
            continue
        proofs = {side: ck.prove(board, side, two, nodes=4_000) for side in (BLACK, WHITE)}
        got = _value_of(proofs, board.turn)
        if got is not None:
            settled[got] = settled.get(got, 0) + 1
            assert got == ck.probe(board, db).value, board.fen()
    # wins, losses and draws proved alike (a draw needs both sides' wins refuted); the rest past the budget
    assert sum(settled.values()) >= 60 and min(settled.get(v, 0) for v in ("win", "loss", "draw")) >= 5, settled


def test_a_missing_material_is_built_on_first_use(tmp_path, monkeypatch):
    board = Board.from_fen("B:WK32:BK1,K5")
    fresh = ck.Database(tmp_path, pieces=3)
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "0")
    verdict = ck.probe(board, fresh)
    assert verdict.value is None and "notation tables build --game checkers 0m2k-v-0m1k" in verdict.reason
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "1")
    fresh = ck.Database(tmp_path, pieces=3)
    verdict = ck.probe(board, fresh)
    assert (verdict.value, verdict.how) == ("win", "table")
    # kept where the next process finds it, with what it needs; no half-written file left
    kept = sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock"))
    assert kept == ["0m1k-v-0m1k.npz", "0m2k-v-0m1k.npz"]
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "0")
    assert ck.Database(tmp_path, pieces=3).byte(board) == fresh.byte(board)


def _build_into(directory: str) -> None:
    ck.Database(directory).build([ck.parse_material("0m2k-v-0m1k")])


def test_two_processes_building_one_material_build_it_once(tmp_path):
    import multiprocessing

    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_build_into, args=(str(tmp_path),)) for _ in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [w.exitcode for w in workers] == [0, 0]
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == \
        ["0m1k-v-0m1k.npz", "0m2k-v-0m1k.npz"]


def _diagnostic(game, code: str) -> str:
    (message,) = [d.message for d in game.diagnostics if d.code == code]
    return message


def test_a_win_the_database_refutes_names_the_defence(db):
    # One king each is a draw: "Black wins" is wrong, and for each of Black's moves White's answer is named.
    game = process(records_from(_pdn("B:WK32:BK1", "1-0"))[0])
    (claim,) = game.claims
    assert (claim.claimed, claim.actual, claim.ok, claim.how) == ("1-0", "1/2-1/2", False, "table")
    message = _diagnostic(game, "wrong-claim")
    assert "White meets 1-5 by 32-27; 1-6 by 32-27" in message, message
    # with White to move, the one move that holds
    game = process(records_from(_pdn("W:WK32:BK1", "1-0"))[0])
    assert "White holds with 32-27" in _diagnostic(game, "wrong-claim")


def test_claims_the_search_refutes_name_the_defence_or_the_win(db):
    # Four pieces, past the three-piece database: White must take 15x8, Black retakes 3x12: one king each.
    game = process(records_from(_pdn("W:W15,K18:B3,K11", "0-1"))[0])
    (claim,) = game.claims
    assert (claim.actual, claim.ok, claim.how) == ("1/2-1/2", False, "search")
    assert "Black meets 15x8 by 3x12" in _diagnostic(game, "wrong-claim")
    # the draw itself is proved: neither side's win holds
    game = process(records_from(_pdn("W:W15,K18:B3,K11", "1/2-1/2"))[0])
    (claim,) = game.claims
    assert (claim.actual, claim.ok, claim.how) == ("1/2-1/2", True, "search")
    assert "no win for Black; no win for White" in claim.reason
    # a draw claimed where White wins: the winning move is named
    game = process(records_from(_pdn("W:WK22,K32:B18,K1", "1/2-1/2"))[0])
    (claim,) = game.claims
    assert (claim.actual, claim.ok, claim.how) == ("0-1", False, "search")
    assert "White wins by 22x15" in _diagnostic(game, "wrong-claim")


def test_a_claim_past_the_budget_stays_open_naming_it(db, monkeypatch):
    monkeypatch.setattr(ck, "NODES", 2_000)
    game = process(records_from(_pdn("B:W21,22,23,24,25:B1,2,3,4,5", "1. 5-9 25-20 1-0"))[0])
    (claim,) = game.claims
    assert claim.ok is None and claim.how == "open"
    # above six pieces a fiftieth of the budget
    assert "10 pieces, beyond the database: no proof within 40 positions" in claim.reason
    assert not [d for d in game.diagnostics if d.code == "wrong-claim"]


def test_a_database_read_from_disk_holds_every_byte_once(db):
    """Loaded material by material, the bytes are those built, each material held once in one array."""
    read = ck.Database(db.directory, pieces=db.pieces)
    for m in db.materials:
        assert read.load(m)
    assert read.materials == db.materials and read.values.size == db.values.size
    assert np.array_equal(read.values, db.values)
    for m in db.materials:
        assert np.array_equal(read._bytes(m), db._bytes(m))
    # built again in place: the same bytes, no second copy registered
    m = db.materials[-1]
    read.build([m], force=True)
    assert read.materials.count(m) == 1 and np.array_equal(read.values, db.values)


def test_replaying_builds_four_pieces_on_first_use_and_solve_five(tmp_path, monkeypatch):
    """An import pays for four-piece materials unasked (seconds), not five (minutes): the reason names the
    command; ``solve``, asked of the position, builds it."""
    monkeypatch.setenv("NOTATION_TABLES_ON_DEMAND", "1")
    monkeypatch.setattr(ck, "FIRST_USE_PIECES", 1)  # scaled down: one piece built unasked, up to three by solve
    fresh = ck.Database(tmp_path, pieces=3)
    board = Board.from_fen("B:WK32:BK1,K5")
    verdict = ck.probe(board, fresh)
    assert verdict.value is None and "notation tables build --game checkers 0m2k-v-0m1k" in verdict.reason
    assert not fresh.leaves()
    verdict = ck.solve(board, fresh)
    assert (verdict.value, verdict.how) == ("win", "table")
    assert fresh.first_use == 1 and (tmp_path / "0m2k-v-0m1k.npz").exists()  # kept; unasked builds still one piece
