"""Start-up: a command that needs no grammar, board or database loads none of their libraries.

``notation --help`` took 0.7 s of CPU loading every family, python-chess, Lark, sqlite-utils and
numpy; each command now imports what it needs when it runs (timings are in docs/benchmarks.md;
here only what is loaded is checked).
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from notation import families
from notation.cli import LAZY_COMMANDS, cli

ROOT = Path(__file__).resolve().parent.parent

#: Libraries that cost start-up time (grammars, boards, numbers, databases, servers, clusters).
HEAVY = ("lark", "chess", "numba", "numpy", "sqlite_utils", "datasette", "dask", "distributed", "duckdb",
         "pyarrow", "notation.rules", "notation.archive", "notation.parse", "notation.pipeline")


def loaded_by(*args: str) -> set[str]:
    """The modules loaded by ``python -m notation ARGS`` (run in a fresh interpreter)."""
    script = ("import runpy, sys, json\n"
              f"sys.argv = ['notation', *{list(args)!r}]\n"
              "try:\n    runpy.run_module('notation', run_name='__main__')\n"
              "except SystemExit:\n    pass\n"
              "print(json.dumps(sorted(sys.modules)), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize("args", [("--help",), ("import", "--help"), ("validate", "--help"), ("serve", "--help"),
                                  ("codes",)])
def test_commands_that_need_no_heavy_module_load_none(args):
    modules = loaded_by(*args)
    assert "notation.cli" in modules
    assert heavy(modules) == []


def test_a_command_that_works_loads_what_it_needs(tmp_path):
    """The check itself sees a heavy module: validate reads a game, so it loads the grammars and the rules."""
    game = tmp_path / "g.pgn"
    game.write_text('[Event "e"]\n\n1. e4 e5 *\n', encoding="utf-8")
    modules = loaded_by("validate", str(game))
    assert {"lark", "chess", "notation.rules.chess"} <= modules


def test_a_small_import_loads_only_what_it_needs(tmp_path):
    """A one-game import needs SQLite and the rules, not sqlite-utils (the archive stores by SQL on its
    connection; sqlite-utils, and its plugins' look-up through every installed package's entry points, only for
    a caller of ``Archive.db``), NumPy (the solvers' and rouge et noir's
    NumPy when they count), numba (chess's kernel pays only in bulk), the
    card games' rules (loaded by the game a record is of), python-chess's engine module (loaded to run Stockfish)
    nor tqdm (a bar only on a terminal)."""
    game = tmp_path / "g.pgn"
    game.write_text('[Event "e"]\n\n1. e4 e5 2. Nf3 Nc6 *\n', encoding="utf-8")
    modules = loaded_by("import", str(game), "--db", str(tmp_path / "a.db"), "--quiet")
    assert {"sqlite3", "chess", "notation.rules.cards", "notation.archive"} <= modules
    assert heavy(modules & {"numpy", "numba"}) == []
    assert not modules & {"sqlite_utils", "pluggy", "importlib.metadata"}
    # Every family is loaded to split and identify a file: checkers' decoder and the chess book reader (its
    # headings) are loaded only by a record that needs them, not by a PGN game read cleanly.
    assert not modules & {"notation.rules.checkers.decode", "notation.parse.chess_book"}
    assert not modules & {"tqdm", "notation.rules.cards.cribbage", "notation.rules.cards.rouge_et_noir", "chess.engine"}


def test_every_command_is_listed_by_the_help_line_it_has():
    """The lines ``--help`` shows for the commands not loaded are the commands' own."""
    lazy = {**LAZY_COMMANDS, **families.FAMILY_COMMANDS}
    for name, (module, attribute, line) in lazy.items():
        command = getattr(importlib.import_module(module), attribute)
        assert command.name == name
        assert click.Command(name, help=line).get_short_help_str(1000) == command.get_short_help_str(1000), name
    shown = CliRunner().invoke(cli, ["--help"]).output
    for name in [*lazy, "import", "validate", "convert", "serve", "codes"]:
        assert f"\n  {name} " in shown, name


def test_the_families_commands_are_the_ones_in_the_table():
    declared = {name: getattr(importlib.import_module(module), attribute)
                for name, (module, attribute, _) in families.FAMILY_COMMANDS.items()}
    added = {command.name: command for family in families.load_all() for command in family.commands()}
    assert added == declared


def test_a_lazy_command_runs():
    out = CliRunner().invoke(cli, ["cards", "score", "cribbage", "5H", "5D", "5S", "JC", "--starter", "5C"])
    assert out.exit_code == 0, out.output
    assert "29" in out.output


def test_a_grammar_changed_after_its_parser_was_cached_is_built_again(tmp_path, monkeypatch):
    """The parsers built from ``grammars/`` are cached beside them (notation.grammar_files.parser_cache); Lark
    keeps the grammar's hash in the cache and builds again where the grammar differs."""
    from lark import Lark

    from notation import grammar_files

    monkeypatch.setattr(grammar_files, "GRAMMAR_DIR", tmp_path)
    grammar = tmp_path / "t.lark"
    options = {"parser": "lalr", "start": "start"}
    for word in ("x", "y"):
        grammar.write_text(f'start: "{word}"\n', encoding="utf-8")
        cache = grammar_files.parser_cache("t.lark", **options)
        assert isinstance(cache, str) and Path(cache).parent == tmp_path / "__pycache__"
        assert Lark.open(str(grammar), cache=cache, **options).parse(word) is not None
        assert Path(cache).exists()
    assert grammar_files.parser_cache("t.lark", parser="earley") is False


def test_a_position_query_loads_no_grammar_replay_nor_sqlite(tmp_path):
    """``query-parquet`` needs the position's numbers (python-chess) and DuckDB: not the chess family's
    notations, replay and decoder, Lark, the pipeline nor sqlite-utils (0.5 s of CPU), nor pyarrow (0.1-0.2 s:
    DuckDB reads the index and the games' rows)."""
    pytest.importorskip("duckdb")
    pytest.importorskip("pyarrow")
    from notation.archive import shards

    game = tmp_path / "g.pgn"
    game.write_text('[Event "e"]\n\n1. e4 e5 *\n', encoding="utf-8")
    shards.import_shard(str(game), 0, 1, str(tmp_path / "out"))
    modules = loaded_by("query-parquet", str(tmp_path / "out"), "--position", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")
    assert {"duckdb", "chess", "notation.rules.chess", "notation.archive.parquet"} <= modules
    assert not modules & {"lark", "sqlite_utils", "notation.pipeline", "notation.parallel", "notation.records",
                          "notation.rules.chess.notations", "notation.rules.chess.replay", "notation.rules.chess.decode",
                          "pyarrow"}
