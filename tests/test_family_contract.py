"""Every family in FAMILY_MODULES keeps the contract of notation.families."""

import inspect

import pytest

from notation import families
from notation.families import Family, Identification, PositionQuery
from notation.model import Record, SourceText

NAMES = list(families.FAMILY_MODULES)
HOOKS = [name for name, value in vars(Family).items() if inspect.isfunction(value) and not name.startswith("_")]


@pytest.mark.parametrize("name", NAMES)
def test_family_is_a_family(name):
    family = families.get(name)
    assert isinstance(family, Family)
    assert family.name == name
    assert family.notations and family.formats


@pytest.mark.parametrize("name", NAMES)
def test_hooks_keep_their_signatures(name):
    family = families.get(name)
    for hook in HOOKS:
        declared = inspect.signature(getattr(Family, hook))
        given = inspect.signature(getattr(type(family), hook))
        assert list(given.parameters) == list(declared.parameters), f"{name}.{hook}"


@pytest.mark.parametrize("name", NAMES)
def test_notations_are_named_and_parse(name):
    for key, notation in families.get(name).notations.items():
        assert notation.name == key
        assert callable(notation.parse)


@pytest.mark.parametrize("name", NAMES)
def test_unknown_format_names_the_known_ones(name):
    family = families.get(name)
    record = Record(SourceText("x.txt", ""), 0, {}, "", "", 0, 0)
    from notation.model import Game

    with pytest.raises(ValueError, match=family.formats[0]):
        family.write(Game(record=record, family=name, notation=None), "no-such-format")


@pytest.mark.parametrize("name", NAMES)
def test_identify_and_position_query_answer_in_their_types(name):
    family = families.get(name)
    record = Record(SourceText("x.txt", "hello"), 0, {}, "hello", "hello", 0, 0)
    assert isinstance(family.identify(record), Identification)
    with pytest.raises(ValueError):
        family.position_query("   ")


def test_unknown_game_names_the_known_families():
    with pytest.raises(KeyError, match="chess"):
        families.get("go")


def test_a_family_that_cannot_load_is_named(monkeypatch):
    monkeypatch.setitem(families.FAMILY_MODULES, "broken", "notation.rules.no_such_module")
    with pytest.raises(families.FamilyError, match="broken"):
        families.load_all()


def test_an_internal_error_fails_a_test(monkeypatch, replay_text):
    """Strict mode (the suite's default): an exception inside a family raises, it is not stored quietly."""
    from notation.pipeline import InternalError
    from notation.rules.chess import FAMILY

    def replay(self, parsed):
        raise RuntimeError("boom")

    monkeypatch.setattr(type(FAMILY), "replay", replay)
    with pytest.raises(InternalError, match="boom"):
        # A comment keeps the record off the clean-PGN fast path, so the replay is asked.
        replay_text('[Game "chess"]\n[Notation "san"]\n1. e4 {best} e5\n')


def test_a_tag_value_of_the_wrong_form_is_a_bad_tag_diagnostic_at_the_tag(replay_text):
    text = '[Game "backgammon"]\n[Notation "standard"]\n[MatchLength "seven"]\n1. White 51: 24/23 8/3\n'
    (game,) = replay_text(text, "m.txt")
    assert game.status == "unparsed"
    (diag,) = game.diagnostics
    assert diag.code == "bad-tag" and "MatchLength" in diag.message and "whole number" in diag.message
    assert (diag.line, diag.column) == (3, 15)


MOVE_NOTATION_HOOKS = ("parse", "resolve", "printed_marks", "forms", "write_move")


@pytest.mark.parametrize("key", list(families.get("chess").notations))
def test_every_chess_notation_is_a_move_notation(key):
    """The replay asks its notation (resolve, marks, forms, write); it never tests a notation's name."""
    import chess

    from notation.boards.chess import Position
    from notation.families import MoveNotation

    notation = families.get("chess").notations[key]
    for hook in MOVE_NOTATION_HOOKS:
        declared = inspect.signature(getattr(MoveNotation, hook))
        given = inspect.signature(getattr(type(notation), hook))
        assert list(given.parameters) == list(declared.parameters), f"{key}.{hook}"
    pos = Position.start(chess.Board())
    move = chess.Move.from_uci("g1f3")
    written = notation.write_move(pos, move)
    assert written.rstrip(" ch+") in notation.forms(pos, move)
    record = Record(SourceText("x.txt", f"1. {written}"), 0, {}, f"1. {written}", f"1. {written}", 0, 0)
    (printed,) = notation.parse(record).line.moves
    assert notation.resolve(pos, printed) == [move]
    assert notation.printed_marks(printed) == (False, False)


def test_the_chess_rules_and_writers_depend_one_way():
    """The chess writers import boards, never rules; the board imports neither parsers nor writers."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "notation"
    for path in [*root.glob("write/chess_*.py"), root / "write" / "pgn.py", root / "boards" / "chess.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module]
        assert not [m for m in imported if m.startswith("notation.rules")], path.name
    board = ast.parse((root / "boards" / "chess.py").read_text(encoding="utf-8"))
    assert not [n for n in ast.walk(board) if isinstance(n, ast.ImportFrom) and n.module
                and n.module.startswith(("notation.parse", "notation.write"))]


@pytest.mark.parametrize("text, form, key", [
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "key",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -", "key",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"),
    ("  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR   b ", "turn", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"),
    ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", "placement", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"),
    ("4k3/8/8/8/8/8/8/4K2R w K - 3 40", "key", "4k3/8/8/8/8/8/8/4K2R w K -"),
])
def test_chess_position_query_normalises_each_form(text, form, key):
    chess_family = families.get("chess")
    query = chess_family.position_query(text)
    assert (query.form, query.key) == (form, key)
    stored = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
    if query.key.startswith("rnbq"):
        assert chess_family.position_forms(stored)[query.form] == query.key


@pytest.mark.parametrize("key", [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",  # as the replay writes it
    "4k3/8/8/8/8/8/8/4K2R w K -",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",  # a full FEN stored by another tool
    " 4k3/8/8/8/8/8/8/4K2R  w K - ",
    "4k3/8/8/8/8/8/8/4K2R w",
    "not a position",
])
def test_chess_stored_forms_are_the_forms_the_keys_numbers_do_not_find(key):
    """Every form of a stored key is found: it is the key, or it is stored (the general rule's forms), or the
    keys a search in it can be (query_keys, looked up by number) include this one, as for a key the replay writes."""
    chess_family = families.get("chess")
    stored = chess_family.stored_forms(key)
    assert stored in ({}, Family.stored_forms(chess_family, key))
    for form, value in chess_family.position_forms(key).items():
        assert value == key or stored.get(form) == value or key in chess_family.query_keys(
            PositionQuery(form, value, "")), form


STORED_FORMS_KEYS = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -", "4k3/8/8/8/8/8/8/4K2R w K -",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", " 4k3/8/8/8/8/8/8/4K2R  w K - ",
    "4k3/8/8/8/8/8/8/4K2R  w K -", "4k3/8/8/8/8/8/8/4K2R w K - ", "4k3/8/8/8/8/8/8/4K2R w", "not a position",
]


@pytest.mark.parametrize("name", ["chess", "backgammon", "cards", "checkers"])
def test_any_stored_forms_says_whether_a_batch_of_keys_has_any(name):
    """A batch's answer (asked once instead of stored_forms per key) is True whenever one key has stored forms;
    chess says False for keys as its replay writes them."""
    family = families.get(name)
    for key in STORED_FORMS_KEYS:
        try:
            forms = family.stored_forms(key)
        except ValueError:
            forms = {"unreadable": key}  # the hook must be asked: it says the key cannot be read
        if forms:
            assert family.any_stored_forms([STORED_FORMS_KEYS[1], key]), key
    if name == "chess":
        assert not family.any_stored_forms(STORED_FORMS_KEYS[:2])
        assert not family.any_stored_forms([])
        assert family.any_stored_forms(STORED_FORMS_KEYS[:3])


@pytest.mark.parametrize("text, said", [
    ("8/8/8", "piece placement"), ("8/8/8/8/8/8/8/8 x", "side to move"),
    ("8/8/8/8/8/8/8/8 w XYZ - 0 1", "FEN"), ("hello", "expected a FEN"),
])
def test_chess_position_query_names_the_form_expected(text, said):
    with pytest.raises(ValueError, match=said):
        families.get("chess").position_query(text)


# -- checkers and backgammon: notations are objects the replay asks, boards shared one way ----------


def test_checkers_notations_are_move_notations():
    """Book notation and PDN read a printed move on a board with all its readings, list its forms, write it."""
    from notation.boards.checkers import Board
    from notation.model import PrintedMove
    from notation.rules.checkers.notations import SquareMove

    family = families.get("checkers")
    board = Board.from_fen("B:W18:B15")  # Black's man on 15 takes 18, landing on 22
    for name, notation in family.notations.items():
        for hook in ("resolve", "printed_marks", "forms", "write_move"):
            assert callable(getattr(notation, hook)), f"{name}.{hook}"
        printed = PrintedMove("15x22", 0, 5, fields=SquareMove((15, 22), "x"))
        (move,) = notation.resolve(board, printed)
        assert move.path == (15, 22) and move.captures == (18,)
        assert notation.printed_marks(printed) == (False, False)
        written = notation.write_move(board, move)
        assert written in notation.forms(board, move)
    assert family.notations["book"].write_move(Board.initial(), Board.initial().parse_move("11-15")) == "11-15"
    opening = Board.initial().push(Board.initial().parse_move("11-15"))
    assert family.notations["book"].write_move(opening, opening.parse_move("23-19")) == "23 19"


def test_checkers_short_capture_has_every_reading():
    from notation.boards.checkers import Board
    from notation.model import PrintedMove
    from notation.rules.checkers.notations import SquareMove

    # Black's man on 6 reaches 22 by two paths: over 9 and 17, or over 10 and 18.
    board = Board.from_fen("B:W9,10,17,18:B6")
    for notation in families.get("checkers").notations.values():
        readings = notation.resolve(board, PrintedMove("6x22", 0, 4, fields=SquareMove((6, 22), "x")))
        assert sorted(str(m) for m in readings) == ["6x13x22", "6x15x22"]
        assert notation.write_move(board, readings[0]) == "6x13x22"  # the short form would be ambiguous


def test_position_queries_normalise_or_name_the_form():
    checkers, backgammon = families.get("checkers"), families.get("backgammon")
    query = checkers.position_query(" W:W21-23:B1-3 ")
    assert query.key == "W:W21,22,23:B1,2,3" and query.form in checkers.position_forms(query.key)
    with pytest.raises(ValueError, match="PDN FEN"):
        checkers.position_query("rnbqkbnr/8/8/8/8/8/8/8 w - -")
    query = backgammon.position_query("4HPwATDgc/ABMA:cAkAAAAAAAAA")
    assert query.key == "4HPwATDgc/ABMA"
    assert backgammon.position_forms("4HPwATDgc/ABMA:cAkAAAAAAAAA")[query.form] == query.key
    with pytest.raises(ValueError, match="position ID"):
        backgammon.position_query("not a position")


@pytest.mark.parametrize("tags, name", [
    ('[Game "backgammon"]\n[Notation "standard"]\n[Score "three-two"]\n', "Score"),
    ('[Game "backgammon"]\n[Notation "standard"]\n[MatchLength "7"]\n[Crawford "maybe"]\n', "Crawford"),
])
def test_backgammon_tags_of_the_wrong_form(replay_text, tags, name):
    (game,) = replay_text(tags + "1. White 51: 24/23 8/3\n", "m.txt")
    (diag,) = game.diagnostics
    assert game.status == "unparsed" and diag.code == "bad-tag" and name in diag.message
    assert diag.line == tags.count("\n")


@pytest.mark.parametrize("tags, name", [
    ('[Game "checkers"]\n[Notation "pdn"]\n[FEN "W:Wzz:B1"]\n', "FEN"),
    ('[Game "checkers"]\n[Notation "pdn"]\n[SetUp "yes please"]\n', "SetUp"),
])
def test_checkers_tags_of_the_wrong_form(replay_text, tags, name):
    (game,) = replay_text(tags + "1. 11-15 23-19\n", "c.txt")
    (diag,) = game.diagnostics
    assert game.status == "unparsed" and diag.code == "bad-tag" and name in diag.message
    assert diag.line == tags.count("\n")


def test_writers_and_boards_never_import_rules():
    """Dependencies run one way: rules may call a writer, writers and boards share only notation.boards."""
    import ast
    from pathlib import Path

    root = Path(families.__file__).parent
    for folder in ("write", "boards"):
        for path in (root / folder).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ImportFrom) and node.module:
                    assert not node.module.startswith("notation.rules"), f"{path.name} imports {node.module}"


def test_no_alias_is_claimed_twice_or_is_a_family_name():
    claimed = [alias for family in families.load_all() for alias in family.aliases]
    assert len(claimed) == len(set(claimed)) and not set(claimed) & set(NAMES)
    assert all(alias == alias.strip().lower() for alias in claimed)


def _read(tags: str):
    from notation.pipeline import process, split_source

    (record,) = split_source(SourceText("x.txt", f"{tags}\nPlayers: A, B\n"))
    return process(record)


@pytest.mark.parametrize("name", families.get("cards").aliases)
def test_every_card_game_s_name_is_a_game_tag_of_the_cards_family(name):
    """``[Game "poker"]`` reads as ``[Game "cards"] [Variant "poker"]`` does: the cards family, that game."""
    game = _read(f'[Game "{name.title()}"]')
    as_variant = _read(f'[Game "cards"]\n[Variant "{name}"]')
    assert (game.family, game.variant, game.status) == ("cards", as_variant.variant, "ok")
    assert game.variant not in (None, "cards")


@pytest.mark.parametrize("name", ["draughts", "English draughts"])
def test_draughts_is_a_game_tag_of_the_checkers_family(name):
    assert families.get(name).name == "checkers"
    assert families.canonical(name) == "checkers"


def test_chess_query_keys_include_every_key_a_game_reaches_with_its_placement():
    """A search by placement, or by placement and side, looks up the numbers of the keys it can be: every key
    random games reach (en passant and castling rights among them) is among its placement's, and no key twice."""
    import random

    import chess

    from notation.boards.chess import position_key

    chess_family = families.get("chess")
    rng = random.Random(5)
    seen = set()
    for _ in range(150):
        board = chess.Board()
        for _ in range(rng.randrange(1, 40)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            key, placement = position_key(board), board.board_fen()
            keys = chess_family.query_keys(PositionQuery("placement", placement, ""))
            assert key in keys and len(keys) == len(set(keys)), key
            assert key in chess_family.query_keys(PositionQuery("turn", " ".join(key.split()[:2]), ""))
            seen.add(key.split()[2:] != ["-", "-"])
    assert seen == {True, False}
