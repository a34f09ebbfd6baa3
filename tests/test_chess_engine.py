"""Stockfish beyond the tables, and mate in N proved by our own search.

The engine searches 12 plies here (tests/conftest.py sets ``NOTATION_ENGINE_DEPTH``; 18 by default):
every verdict below is clear at that depth. Where ``$NOTATION_REQUIRE_STOCKFISH`` is set (CI), a
missing engine fails these tests instead of skipping them.
"""

from __future__ import annotations

import os

import chess
import pytest

from notation.rules.chess.endings import verdict_of
from notation.solve import chess_engine, chess_search
from tests.conftest import replay

LEGAL = "1.e4 e5 2.Nf3 d6 3.Bc4 Bg4 4.Nc3 g6 5.Nxe5 Bxd1"
LUCENA = "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"
PHILIDOR = "4k3/7R/r7/4PK2/8/8/8/8 b - - 0 1"


@pytest.fixture
def engine():
    """The engine, or a skip (a failure where CI requires it)."""
    if chess_engine.engine() is None:
        message = chess_engine.missing() or "no engine"
        if os.environ.get("NOTATION_REQUIRE_STOCKFISH") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return chess_engine


def _board(moves: str) -> chess.Board:
    board = chess.Board()
    for token in moves.split():
        if not token[0].isdigit():
            board.push_san(token)
        else:
            board.push_san(token.split(".")[-1])
    return board


def test_legal_mate_is_proved_in_two(engine):
    proof = chess_search.mate_within(_board(LEGAL), 2)
    assert proof.mates is True
    assert proof.line[0] == "Bxf7+" and proof.line[-1].endswith("#")
    assert chess_search.mate_within(_board(LEGAL), 1).mates is False  # exact: not in one


def test_legal_mate_claim_in_a_record(engine):
    [game] = replay(f'[Game "chess"]\n\n{LEGAL} and White mates in two moves.\n')
    [claim] = [c for c in game.claims if c.what == "mate"]
    assert (claim.claimed, claim.actual, claim.ok, claim.how, claim.exact) == (
        "mate in 2", "mate in 2", True, "search", True)


@pytest.mark.parametrize("told", ["White announced mate in two.", "White announces mate in two moves."])
def test_an_announced_mate_is_a_claim_the_search_checks(engine, told):
    # (It was no result and no claim: the words were the last move's comment.)
    [game] = replay(f'[Game "chess"]\n\n{LEGAL} {told}\n')
    [claim] = [c for c in game.claims if c.what == "mate"]
    assert game.result == "1-0" and (claim.claimed, claim.actual, claim.ok) == ("mate in 2", "mate in 2", True)


def test_a_misprinted_mate_names_the_defence_that_escapes(engine):
    # With 4...Nf6 for 4...g6 the Knight guards d5: no mate in two, and the proof names the defence that escapes.
    board = _board(LEGAL.replace("g6", "Nf6"))
    [game] = replay(f'[Game "chess"]\n[FEN "{board.fen()}"]\n[SetUp "White to play and mate in two moves."]\n\n'
                    '6. Bxf7+ Ke7 *\n')
    # (The stipulation's claim, at the start; the key's, at its move, is refuted with it and not said again.)
    [claim] = [c for c in game.claims if c.what == "mate" and c.ply == 0]
    assert (claim.claimed, claim.actual, claim.ok, claim.how) == ("mate in 2", "no mate in 2", False, "search")
    [wrong] = [d for d in game.diagnostics if d.code == "wrong-claim"]
    assert "escapes" in wrong.message
    attack, defence = chess_search.mate_within(board, 2).line
    after = board.copy()
    after.push_san(attack)
    after.push_san(defence)
    assert chess_search.mate_within(after, 1).mates is False  # the defence named does escape


#: Black to move after White's check, a book's "and White mates in five moves" printed there (an OCR'd book's
#: reading): no mate; refuting it move by move visits about 160,000 positions (a minute in Python).
NO_MATE_IN_FIVE = "3rnk2/8/4b3/2p2q1p/2P5/6KQ/P7/3R1BR1 b - - 8 47"


def test_a_long_mate_claim_beyond_a_short_search_is_the_engines_word(engine):
    proof = chess_search.settle_mate(chess.Board(NO_MATE_IN_FIVE), 5, mated=True)
    assert (proof.mates, proof.how) == (False, "engine")
    assert proof.nodes <= chess_search.QUICK_NODES + 1 and proof.depth and "Stockfish" in proof.reason
    # in a record: a claim the engine disputes, a warning (not proved either way), not an error
    [game] = replay(f'[Game "chess"]\n[FEN "{NO_MATE_IN_FIVE}"]\n[SetUp "1"]\n\n47... Kg8 48. Qh2 '
                    "and White mates in five moves.\n")
    [claim] = [c for c in game.claims if c.what == "mate"]
    assert (claim.claimed, claim.actual, claim.how, claim.exact) == ("mate in 5", "no mate in 5", "engine", False)
    assert [d.severity for d in game.diagnostics if d.code == "engine-disputes"] == ["warning"]
    assert not [d for d in game.diagnostics if d.code == "wrong-result"]


def test_a_short_mate_claim_is_settled_by_proof(engine):
    assert chess_search.settle_mate(_board(LEGAL), 2).how == "search"
    refuted = chess_search.settle_mate(_board(LEGAL.replace("g6", "Nf6")), 2)
    assert (refuted.mates, refuted.how) == (False, "search")


def test_without_an_engine_a_mate_claim_is_proved_by_search_alone(monkeypatch):
    # past the short search, no engine to ask: the search goes on to its whole budget, exact either way
    monkeypatch.setattr(chess_search, "QUICK_NODES", 1)
    monkeypatch.setattr(chess_engine, "evaluate", lambda board, depth=None: None)
    proof = chess_search.settle_mate(_board(LEGAL.replace("g6", "Nf6")), 2)
    assert (proof.mates, proof.how) == (False, "search")
    assert chess_search.settle_mate(_board(LEGAL), 2).mates is True


def test_mate_proof_does_not_trust_the_engine():
    # A proposer that always suggests a bad move: the proof still finds the mate.
    proof = chess_search.mate_within(_board(LEGAL), 2, propose=lambda board, k: next(iter(board.legal_moves)))
    assert proof.mates is True


def test_lucena_is_a_win_by_the_engine(engine):
    verdict = chess_search.solve(LUCENA)
    assert (verdict.value, verdict.how, verdict.exact) == ("win", "engine", False)
    assert verdict.depth == engine.DEPTH and verdict.pawns is not None and verdict.pawns >= 3


def test_philidor_is_a_draw_by_the_engine(engine):
    verdict = chess_search.solve(PHILIDOR)
    assert (verdict.value, verdict.how, verdict.exact) == ("draw", "engine", False)
    assert verdict.pawns is not None and abs(verdict.pawns) < 0.5


def test_set_up_claims_beyond_the_tables_are_judged_by_the_engine(engine):
    [game] = replay(f'[Game "chess"]\n[FEN "{LUCENA}"]\n[SetUp "White to move and win."]\n\n1. Rd1+ *\n')
    [claim] = [c for c in game.claims if c.what == "value"]
    assert (claim.claimed, claim.how, claim.depth, claim.exact) == ("win for White", "engine", engine.DEPTH, False)
    assert claim.ok is True


def test_without_an_engine_the_claims_stay_open(monkeypatch):
    chess_engine.close()
    monkeypatch.setenv("NOTATION_STOCKFISH", "/nonexistent/stockfish")
    try:
        verdict = chess_search.solve(LUCENA)
        assert verdict.value is None and verdict.how == "open"
        assert "apt-get install stockfish" in verdict.reason
        [game] = replay('[Game "chess"]\n\n1. e4 e5 2. Nf3 Nc6 {Even game.}\n')
        [claim] = [c for c in game.claims if c.what == "verdict"]
        assert claim.ok is None and claim.how == "open" and "apt-get install stockfish" in claim.reason
        assert game.status == "ok"
    finally:
        chess_engine.close()


@pytest.mark.parametrize(("note", "expected"), [
    ("Even game.", ("draw", None)),
    ("White has a slight advantage.", ("advantage", "white")),
    ("Black should win.", ("win", "black")),
    ("and wins", ("win", None)),
    ("White has the better game", ("advantage", "white")),
    ("You have the better game.", None),
    ("White has not the better game.", None),
    ("White has little if any advantage.", None),  # hedged: no verdict
    ("and wins easily.", ("win", None)),
    ("and should win.", ("win", None)),
    ("and wins a Pawn.", None),  # a gain of material, no verdict
    ("Black wins the exchange.", None),
    ("and wins the game.", ("win", None)),
    ("White wins.", ("win", "white")),
    ("Black has a winning game.", ("win", "black")),
    ("White has a won position.", ("win", "white")),
    ("with the better game.", ("advantage", None)),  # the side that moved
    ("with the superior game.", ("advantage", None)),
    ("Black has the superior position.", ("advantage", "black")),
    ("Black has the superiority of position.", ("advantage", "black")),
    ("Drawn game.", ("draw", None)),
    ("Drawn.", ("draw", None)),
    ("The game is drawn.", ("draw", None)),
    ("and draws by perpetual check.", ("draw", None)),
    ("White should draw.", ("draw", "white")),
    ("Equal game.", ("draw", None)),
    ("The position is even.", ("draw", None)),
    ("Black resigns.", ("win", "white")),  # the side that resigns has lost
    ("And White resigned.", ("win", "black")),
    ("After this White's game is untenable.", ("win", "black")),
    ("Black's position is hopeless.", ("win", "white")),
    ("White's game is preferable.", ("advantage", "white")),
    ("Black's game is inferior.", ("advantage", "white")),
    ("if B. to Q. B's 4th (ch.), White wins.", None),  # a verdict on a move the note supposes
    ("Otherwise Black has the better game.", None),
    ("If he takes, White wins. Black resigns.", ("win", "white")),  # (the sentence after it says the game's)
    # German notes' verdicts (a gain of material, a supposed move's or a denied one no verdict).
    ("und gewinnt.", ("win", None)),
    ("und Weiss gewinnt.", ("win", "white")),
    ("Schwarz steht besser.", ("advantage", "black")),
    ("Weiß hat das bessere Spiel.", ("advantage", "white")),
    ("Weiss hat Vortheil.", ("advantage", "white")),
    ("Remis.", ("draw", None)),
    ("Schwarz gibt auf.", ("win", "white")),
    ("und gewinnt einen Bauern.", None),
    ("Weiss gewinnt die Qualität.", None),
    ("Wenn 12. Sf3, so gewinnt Weiss.", None),
    ("Schwarz steht nicht besser.", None),
])
def test_book_verdicts_are_read(note, expected):
    found = verdict_of(note)
    assert (found[:2] if found else None) == expected


def test_a_verdict_ends_its_line_as_a_claim(engine):
    [game] = replay('[Game "chess"]\n\n1. e4 e5 2. f4 exf4 3. Bc4 f5 4. Qe2 Qh4+ 5. Kd1 fxe4 6. Qxe4+ Be7 '
                    '7. d4 Nf6 8. Qxf4 Qxf4 {Even game.}\n')
    [claim] = [c for c in game.claims if c.what == "verdict"]
    assert (claim.ply, claim.claimed, claim.how, claim.ok, claim.exact) == (16, "draw", "engine", True, False)
    assert claim.evaluation and claim.depth == engine.DEPTH
    assert not [d for d in game.diagnostics if d.code == "engine-disputes"]


def test_the_engine_disputes_a_clear_misjudgement(engine):
    [game] = replay('[Game "chess"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {Black should win.}\n')
    [claim] = [c for c in game.claims if c.what == "verdict"]
    assert claim.claimed == "win for Black" and claim.ok is False
    [dispute] = [d for d in game.diagnostics if d.code == "engine-disputes"]
    assert "Black should win" in dispute.message and "Stockfish" in dispute.message


def test_a_mate_printed_after_the_mating_sides_check_covers_every_reply(engine):
    [game] = replay(f'[Game "chess"]\n\n{LEGAL} 6.Bxf7+ and White mates in two moves.\n')
    [claim] = [c for c in game.claims if c.what == "mate"]
    assert (claim.actual, claim.ok, claim.reason) == ("mate in 2", True, "proved: Ke7 Nd5#")
    board = _board(LEGAL + " 6.Bxf7+")
    assert chess_search.mated_within(board, 1).mates is True
    assert chess_search.mated_within(_board("1.e4 e5"), 1).mates is False


def test_a_process_that_used_the_engine_exits_and_closes_it(engine, tmp_path):
    # python-chess runs the engine on a thread Python waits for at exit, before the atexit hooks:
    # the engine is started from a daemon thread, so the thread is a daemon and the hook closes it.
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "uses_engine.py"
    script.write_text("import chess\nfrom notation.solve import chess_engine\n"
                      "assert chess_engine.evaluate(chess.Board(), depth=4) is not None\n"
                      "print(chess_engine.engine().transport.get_pid())\n")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    try:
        done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        pytest.fail("the process did not exit: its engine thread kept it alive")
    assert done.returncode == 0, done.stderr
    pid = int(done.stdout.split()[-1])
    assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text()


def test_a_result_printed_in_words_is_judged_by_the_engine(engine):
    # after a mate the rules settle the result, not the engine
    [game] = replay('[Game "chess"]\n\n1. f3 e5 2. g4 Qh4# White resigns.\n')
    assert [(c.what, c.how) for c in game.claims if c.what == "result"] == [("result", "replay")]
    # "White resigns." a Queen down: the book's verdict, checked beyond the tables
    [game] = replay('[Game "chess"]\n\n1. e4 e5 2. Qh5 Nf6 3. Qxf7+ Kxf7 White resigns.\n')
    [claim] = [c for c in game.claims if c.what == "result"]
    assert (claim.claimed, claim.how, claim.depth, claim.ok) == ("win for Black", "engine", engine.DEPTH, True)


def test_a_resignation_the_engine_calls_lost_for_the_winner_is_disputed(engine):
    [game] = replay('[Game "chess"]\n\n1. e4 e5 2. Qh5 Nf6 3. Qxf7+ Kxf7 Black resigns.\n')  # a Queen up
    [claim] = [c for c in game.claims if c.what == "result"]
    assert (claim.claimed, claim.how, claim.ok) == ("win for White", "engine", False)
    [dispute] = [d for d in game.diagnostics if d.code == "engine-disputes"]
    assert "Black resigns" in dispute.message


@pytest.mark.parametrize("told", ["And Black resigned on the 30th move.", "And White won in 40 moves.",
                                  "Drawn after 60 moves.", "Weiss gewinnt nach dem 45. Zuge.",
                                  "Schwarz gab im 30. Zuge auf.", "White resigned after the 40th move.",
                                  "Drawn at the 52nd move.", "And White resigned after a few more moves.",
                                  "Black resigned a few moves later.", "And after some more moves Black resigned.",
                                  "Black resigned after White's 30th move.", "And White won in forty-five moves.",
                                  "White resigned at move 40.", "Black, after a few more moves, resigned."])
def test_a_result_told_at_a_later_move_than_the_score_prints_is_not_judged_by_the_engine(engine, told):
    # The score broken off at move 3, the game's end told at move 30 or so: the engine judged the position after 3,
    # and disputed the book ("Stockfish ... gives -0.41 for Black (draw)"); that is not the position the book judges.
    [game] = replay(f'[Game "chess"]\n\n1. e4 e5 2. Qh5 Nf6 3. Qxf7+ Kxf7 {told}\n')
    [claim] = [c for c in game.claims if c.what == "result"]
    assert (claim.actual, claim.decided) == ("open", False) and "went on past" in claim.reason
    assert not [d for d in game.diagnostics if d.code == "engine-disputes"]


def test_a_score_is_not_judged_by_the_engine(engine):
    # every PGN game ends with one: the engine is asked only of a result printed in words
    [game] = replay('[Game "chess"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n')
    assert [c for c in game.claims if c.what == "result"] == []


def test_a_verdict_on_a_line_read_with_errors_stays_open():
    # 3. Bb6 is no legal move (read as Bb5): where the line ends may not be the position the book judges
    [game] = replay('[Game "chess"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb6 a6 Black resigns.\n')
    [claim] = [c for c in game.claims if c.what == "result"]
    assert (claim.how, claim.ok) == ("open", None) and "not read without errors" in claim.reason
    [game] = replay('[Game "chess"]\n\n1. e4 e5 2. Nf3 Nc6 (2... Nf6 3. Bb6 d6 {Black should win.}) 3. Bb5 a6\n')
    [claim] = [c for c in game.claims if c.what == "verdict"]
    assert (claim.how, claim.ok) == ("open", None) and "not read without errors" in claim.reason


#: Morphy's announced mate in three (Löwenthal, *Morphy's Games*, Game II: White without his Queen's Knight).
MORPHY_MATE = "r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 20"


def test_mate_proof_without_the_engine_proves_and_refutes():
    # No proposals: the ordering alone (checks, then captures) finds the mate and the escape.
    no_engine = lambda board, k: None  # noqa: E731
    board = chess.Board(MORPHY_MATE)
    proof = chess_search.mate_within(board, 3, propose=no_engine)
    assert (proof.mates, proof.line) == (True, ["Rf8+", "Qxf8", "Rxf8+", "Rxf8", "Qxg6#"])
    refuted = chess_search.mate_within(board, 2, propose=no_engine)
    assert (refuted.mates, refuted.line) == (False, ["Qxh8+", "Kxh8"])
    assert board.fen() == MORPHY_MATE  # the proof searched a copy


def test_checks_read_from_the_bitboards_agree_with_pushing_each_move():
    # Castling, en passant, promotion, discovered and double checks, a king in check already with the other side
    # to move (a position set up so); then the positions of random games.
    import random

    rng = random.Random(7)
    starts = ["r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "8/P1k5/8/3pP3/8/8/8/4K2R w K d6 0 1",
              "4k3/8/8/3N4/8/8/8/4R1K1 w - - 0 1", "4k3/4p3/8/3N4/8/8/8/4R1K1 w - - 0 1", "3k4/8/8/KPp4r/8/8/8/8 w - c6 0 1", chess.STARTING_FEN,
              "4k3/8/4N3/8/8/8/1B6/4R1K1 w - - 0 1", "k7/8/2P5/8/8/5Q2/8/K7 w - - 0 1", "4k3/8/8/8/8/2P5/8/B3K3 w - - 0 1",
              "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "8/8/8/8/8/8/8/R3K2k w Q - 0 1", "r3k3/8/8/8/8/8/8/3K4 b q - 0 1"]
    checks = 0
    for game in range(300):
        board = chess.Board(starts[game % len(starts)])
        for _ in range(rng.randint(0, 150)):
            moves = list(board.legal_moves)
            if not moves:
                break
            found = chess_search._checks(board)
            assert list(found) == moves
            assert found == {m: board.gives_check(m) for m in moves}, board.fen()
            # the checks alone, in the same order: only the moves that may check generated
            assert list(chess_search._checks(board, only=True)) == [m for m in moves if found[m]], board.fen()
            checks += sum(found.values())
            board.push(rng.choice(moves))
    assert checks > 100
