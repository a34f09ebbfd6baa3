"""The stages of ``notation/`` import one way, and no module imports itself round a cycle.

Every ``import`` of a module is read with :mod:`ast` (at the top, inside functions and under
``TYPE_CHECKING`` alike: each one is a dependency a reader has to follow), and each module is
placed in its stage by :data:`STAGES`. A module may import modules of its own lane and of any
earlier stage; lanes of one stage are peers that never import each other. (The families' registry
finds each family's package by its name, ``importlib.import_module``: a lookup, not an import arrow.)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "notation"

#: The stages, first to last, and the lanes of each: lane name -> the modules (a package stands
#: for every module under it, but ``notation`` only for itself; the longest name that fits places a module).
STAGES: list[dict[str, tuple[str, ...]]] = [
    # The shared types (Record, Game, Move, Verdict...), the registry of diagnostic codes, the walk over
    # nested calls, the package itself (its version), each family's own facts (a move's and a game's detail,
    # a parsed record's extra).
    {"model": ("notation.model", "notation.nesting", "notation.diagnostics", "notation", "notation.details")},
    # Each game's positions, legal moves and the vocabulary shared by its parser, rules and writer.
    {"boards": ("notation.boards",)},
    # Files -> records: decode, split into tag pairs and body; where the grammars lie.
    {"records": ("notation.grammar_files", "notation.records", "notation.braille")},
    # Text -> printed moves (syntax only), and games -> text: two directions that never meet.
    {"parse": ("notation.parse",), "write": ("notation.write",)},
    # The interface a family implements and the registry that loads the families by name.
    {"families": ("notation.families",)},
    # Engines: the value of a position (tables, searches), and the decoder that reads a page against
    # any game's rules (it knows no game: the families give it their rules).
    {"solve": ("notation.solve",), "decode": ("notation.decode",)},
    # Each family's rules: printed moves replayed on positions.
    {"rules": ("notation.rules",)},
    # Record -> game: the family and notation chosen, parsed, replayed.
    {"pipeline": ("notation.pipeline",)},
    # The pipeline run in worker processes, for imports that store what they read.
    {"parallel": ("notation.parallel",)},
    # SQLite and Parquet archives.
    {"archive": ("notation.archive",)},
    {"datasette": ("notation.datasette",)},
    # The commands (``notation solve`` is a command, kept beside its engines) and their progress bars.
    {"cli": ("notation.cli", "notation.__main__", "notation.solve.commands", "notation.progress")},
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str) -> list[tuple[str, int]]:
    """(module of ``notation`` imported, line) for every import statement of the module."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            # ``from notation.solve import chess_tables`` imports a module; ``from notation.solve import Verdict`` a name.
            found += [(f"{target}.{alias.name}" if f"{target}.{alias.name}" in MODULES else target, node.lineno)
                      for alias in node.names]
    return [(target, line) for target, line in found
            if target in MODULES or target.rpartition(".")[0] in MODULES]


def graph() -> dict[str, list[tuple[str, int]]]:
    """Module -> the modules of ``notation`` it imports (a name imported from a module is its module)."""
    return {name: list(dict.fromkeys((t if t in MODULES else t.rpartition(".")[0], line) for t, line in imports(name)))
            for name in MODULES}


def place(module: str) -> tuple[int, str]:
    """(stage number, lane) of a module: the longest entry of :data:`STAGES` that is it or a package above it."""
    fits = [(len(prefix), stage, lane) for stage, lanes in enumerate(STAGES) for lane, prefixes in lanes.items()
            for prefix in prefixes if module == prefix or (prefix != "notation" and module.startswith(prefix + "."))]
    assert fits, f"{module} is in no stage: add it to STAGES in {Path(__file__).name}"
    _, stage, lane = max(fits)
    return stage, lane


def backward_arrows(edges: dict[str, list[tuple[str, int]]]) -> list[str]:
    """Every import of a later stage's module, or of a peer lane's: ``a (stage) -> b (stage), line n``."""
    wrong = []
    for source, targets in edges.items():
        stage, lane = place(source)
        for target, line in targets:
            to_stage, to_lane = place(target)
            if to_stage > stage or (to_stage == stage and to_lane != lane):
                wrong.append(f"{source} ({lane}) -> {target} ({to_lane}), line {line}")
    return wrong


def cycles(edges: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """The import cycles: strongly connected groups of modules (Tarjan's algorithm, without recursion)."""
    succ = {name: sorted({t for t, _ in targets}) for name, targets in edges.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in succ:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if i < len(succ[node]):
                work.append((node, i + 1))
                nxt = succ[node][i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in succ[node]:
                    found.append(sorted(group))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def test_every_module_is_in_a_stage():
    for name in MODULES:
        place(name)


def test_no_module_imports_a_later_stage():
    assert backward_arrows(graph()) == []


def test_no_import_cycle():
    assert cycles(graph()) == []


def test_the_checks_see_a_backward_arrow_and_a_cycle():
    """The checks themselves: an import inside a function counts, and a cycle is named."""
    edges = {"notation.model": [], "notation.records": [("notation.pipeline", 3)],
             "notation.pipeline": [("notation.records", 5)], "notation.parse": [("notation.model", 1)]}
    assert backward_arrows(edges) == ["notation.records (records) -> notation.pipeline (pipeline), line 3"]
    assert cycles(edges) == [["notation.pipeline", "notation.records"]]
    assert backward_arrows({"notation.write.pgn": [("notation.parse", 9)]}) == [
        "notation.write.pgn (write) -> notation.parse (parse), line 9"]
    # chess_search imports its tables inside a function
    read = {target for target, _ in imports("notation.solve.chess_search")}
    assert {"notation.solve.chess_tables", "notation.solve"} <= read


@pytest.mark.parametrize("name", ["notation.pipeline", "notation.records", "notation.solve.commands"])
def test_modules_are_placed_by_the_longest_entry(name):
    assert place(name)[1] == {"notation.pipeline": "pipeline", "notation.records": "records",
                              "notation.solve.commands": "cli"}[name]
