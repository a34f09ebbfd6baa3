"""A notation is one slice: its grammar, one module, one line in its family's list.

What the slice gives is checked on every notation the families list, over every legal move of a
handful of positions (castling both ways, captures, en passant, promotions, checks): the move as
the notation writes it is one of its forms, reads back as that move alone, and is a word the
family's detection finds, built from the notations' own words. A notation added with a wrong
writer, reader or word fails here, named.
"""

from __future__ import annotations

import re
from pathlib import Path

import chess
import pytest

from notation import families
from notation.boards.chess import Position
from notation.grammar_files import GRAMMAR_DIR
from notation.model import Record, SourceText

ROOT = Path(__file__).resolve().parent.parent
CHESS = families.get("chess")

#: Positions with every kind of move: the start; both sides able to castle both ways, with captures;
#: an en passant capture and promotions by capture or not, to every piece; checks and a mate.
FENS = [
    chess.STARTING_FEN,
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 4 8",
    "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 4 8",
    "1n2k3/P5P1/8/3pP3/8/8/5p2/4K1N1 w - d6 0 40",
    "4k3/8/8/8/2Pp4/8/1p6/R3K3 b Q c3 0 40",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
]


def _record(text: str) -> Record:
    return Record(SourceText("x.txt", text), 0, {}, text, text, 0, 0)


@pytest.mark.parametrize("name", list(CHESS.notations))
def test_a_chess_notation_is_one_module_and_its_grammar(name):
    notation = CHESS.notations[name]
    module = type(notation).__module__
    assert module.startswith("notation.rules.chess.notations."), f"{name} is defined in {module}"
    assert (GRAMMAR_DIR / notation.grammar).is_file(), f"{name}'s grammar {notation.grammar} is not in grammars/"
    assert re.compile(notation.word, re.X), name


@pytest.mark.parametrize("name", list(CHESS.notations))
def test_every_move_a_chess_notation_writes_reads_back_and_is_found(name):
    notation = CHESS.notations[name]
    for fen in FENS:
        position = Position.start(chess.Board(fen))
        for move in position.board.legal_moves:
            written = notation.write_move(position, move)
            said = f"{name}, {fen}, {move.uci()} written {written!r}"
            bare = written.removesuffix(" ch").removesuffix(" mate").rstrip("+#")
            # Where no form names the move alone, descriptive names the square it comes from
            # ("B(QB4)xB(K6)"): a form of its own, not among those the repair search tries.
            assert bare in notation.forms(position, move) or re.match(r"[A-Z][a-z]?\([A-Z]+\d\)", bare), said
            (printed,) = notation.parse(_record(f"1. {written}")).line.moves
            assert notation.resolve(position, printed) == [move], said
            board = position.board.copy()
            board.push(move)
            assert notation.printed_marks(printed) == (board.is_check(), board.is_checkmate()), said
            assert CHESS.move_words(written), f"{said}: not found as a chess move word"
            assert notation.clue is None or notation.clue.search(written), f"{said}: its own clue is not in it"
            assert name in CHESS.candidate_notations(_record(f"1. {written}")), said


@pytest.mark.parametrize("family", ["chess", "checkers"])
def test_a_family_lists_each_notation_once_in_one_place(family):
    """The family's notations are the one list in its ``notations`` package, each a module of it."""
    listed = families.get(family).notations
    package = ROOT / "notation" / "rules" / family / "notations"
    modules = {p.stem for p in package.glob("*.py")} - {"__init__", "base"}
    assert {type(n).__module__.rpartition(".")[2] for n in listed.values()} == modules
    text = (package / "__init__.py").read_text(encoding="utf-8")
    for module in modules:
        assert len(re.findall(rf"^    {module}\.NOTATION,$", text, re.M)) == 1, f"{module} is not listed on a line of its own"


@pytest.mark.parametrize("name", ["pdn", "book", "columns"])
def test_every_checkers_move_a_notation_writes_is_one_of_its_forms_and_reads_back(name):
    from notation.boards.checkers import Board
    from notation.model import PrintedMove
    from notation.rules.checkers.notations.base import SquareMove, squares_of

    notation = families.get("checkers").notations[name]
    assert type(notation).__module__ == f"notation.rules.checkers.notations.{name}"
    board = Board.initial()
    for text in ("11-15", "23-19", "8-11", "22-17", "15-18", "24-20"):
        for move in board.legal_moves():
            written = notation.write_move(board, move)
            assert written in notation.forms(board, move), (name, written)
        board = board.push(board.parse_move(text))
    jump = Board.from_fen("B:W9,10,17,18:B6")  # 6 takes to 22 by two paths: the writer names the path
    for move in jump.legal_moves():
        written = notation.write_move(jump, move)
        # A table of columns needs rows of moves: its moves are read as their squares.
        printed = (PrintedMove(written, 0, len(written), SquareMove(squares_of(written), "x")) if name == "columns"
                   else notation.parse(_record(written)).line.moves[0])
        assert notation.resolve(jump, printed) == [move], (name, written)


#: The names a grammar that reads a book's layout imports from it: Lark imports only the names it
#: is given (the rest are namespaced, and the layout's transformer would not see them).
LAYOUT_NAMES = re.search(r"%import \.chess_layout \(([^)]*)\)", (GRAMMAR_DIR / "chess_descriptive.lark").read_text())


@pytest.mark.parametrize("grammar", sorted(p.name for p in GRAMMAR_DIR.glob("chess_*.lark")))
def test_a_layout_grammar_imports_every_rule_the_layout_transformer_reads(grammar):
    text = (GRAMMAR_DIR / grammar).read_text(encoding="utf-8")
    imported = re.search(r"%import \.chess_layout \(([^)]*)\)", text)
    if imported is None:
        return
    layout = (GRAMMAR_DIR / "chess_layout.lark").read_text(encoding="utf-8")
    defined = set(re.findall(r"^(\??[a-zA-Z_]+)(?:\.-?\d+)?\s*:", layout, re.M))
    names = {n.strip() for n in imported.group(1).split(",")}
    missing = {d.lstrip("?") for d in defined if not d.startswith("_")} - names
    assert not missing, f"{grammar} does not import {sorted(missing)} from chess_layout.lark"
