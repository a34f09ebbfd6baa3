"""The registry of diagnostic codes is the one list: every code given is in it, every code in it is given.

Codes are read from the source with ``ast``. A place where a code is given is a parameter, a
dataclass field or an element of a returned tuple annotated ``Code``
(:data:`notation.diagnostics.Code`): ``Diagnostic(severity, code, ...)``, each family's reporting
helper, backgammon's ``IllegalStep`` and its laws, the card games' ``Problem`` and ``Fault``. The
string literals passed there are the codes given; a name passed there passes on a code given
elsewhere; a code built from pieces (``"tab-" + name``) cannot be checked, and fails the test.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from click.testing import CliRunner

import notation
from notation import diagnostics
from notation.cli import cli

PACKAGE = Path(notation.__file__).parent
DOCS = PACKAGE.parent / "docs" / "diagnostic-codes.md"
SEVERITIES = {"error", "warning", "info"}


@dataclass
class Slot:
    """A callable that takes a code: its parameters (the one named ``code`` takes the code) and their defaults."""

    code: str
    params: list[str]
    defaults: dict[str, ast.expr]


@dataclass
class Given:
    """A code given at one place, with the severities it is given with there (empty: not known there)."""

    code: str
    where: str
    severities: list[str] = field(default_factory=list)


def _is_code(annotation: ast.expr | None) -> bool:
    return annotation is not None and any(isinstance(n, ast.Name) and n.id == "Code" for n in ast.walk(annotation))


def _function_params(fn: ast.FunctionDef) -> tuple[list[ast.arg], dict[str, ast.expr]]:
    args = fn.args.posonlyargs + fn.args.args
    if args and args[0].arg in ("self", "cls"):
        args = args[1:]
    positional = fn.args.posonlyargs + fn.args.args
    defaults = {a.arg: d for a, d in zip(positional[len(positional) - len(fn.args.defaults):], fn.args.defaults)}
    defaults.update({a.arg: d for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults) if d is not None})
    return args + fn.args.kwonlyargs, defaults


def _slot_of(node: ast.AST) -> Slot | None:
    """The slot a function or class defines, if one of its parameters (or fields) is a ``Code``."""
    if isinstance(node, ast.FunctionDef):
        params, defaults = _function_params(node)
        codes = [a.arg for a in params if _is_code(a.annotation)]
        if codes:
            return Slot(codes[0], [a.arg for a in params], defaults)
    if isinstance(node, ast.ClassDef):
        init = next((n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"), None)
        if init is not None:
            return _slot_of(init)
        fields = [n for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)]
        codes = [f.target.id for f in fields if _is_code(f.annotation)]  # type: ignore[union-attr]
        if codes:
            return Slot(codes[0], [f.target.id for f in fields],  # type: ignore[union-attr]
                        {f.target.id: f.value for f in fields if f.value is not None})  # type: ignore[union-attr]
    return None


def _literals(expr: ast.expr, where: str) -> list[str]:
    """The codes an expression gives: its string literals; none for a name (a code passed on)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        return _literals(expr.body, where) + _literals(expr.orelse, where)
    if isinstance(expr, (ast.List, ast.Tuple, ast.Set)):
        return [code for e in expr.elts for code in _literals(e, where)]
    if isinstance(expr, (ast.Name, ast.Attribute)):
        return []
    raise AssertionError(f"{where}: a code built from pieces cannot be checked: {ast.unparse(expr)}")


def _argument(call: ast.Call, slot: Slot, name: str) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == name:
            return keyword.value
    index = slot.params.index(name) if name in slot.params else len(call.args)
    if index < len(call.args) and not any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
        return call.args[index]
    return None


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


def _imported_or_inherited(call: ast.Call, imported: set[str]) -> bool:
    """``name(...)`` of an imported name or ``self.name(...)``: may call a function or method of another
    module (``obj.add(...)`` calls whatever ``obj`` is, ``report(...)`` may call a parameter: they are
    read only where the slot is defined)."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in imported
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"


def _modules() -> dict[str, ast.Module]:
    return {str(path.relative_to(PACKAGE.parent)): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(PACKAGE.rglob("*.py")) if path.name != "diagnostics.py"}


@cache
def given_codes() -> tuple[Given, ...]:
    """Every code the package gives, where, and with which severities."""
    modules = _modules()
    defined: dict[str, set[str]] = {m: set() for m in modules}  # module -> names it defines
    imported: dict[str, set[str]] = {m: set() for m in modules}  # module -> names it imports
    slots: dict[str, dict[str, Slot]] = defaultdict(dict)  # name -> module -> slot
    for module, tree in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined[module].add(node.name)
                slot = _slot_of(node)
                if slot is not None:
                    slots[node.name][module] = slot
            elif isinstance(node, ast.ImportFrom):
                imported[module].update(alias.asname or alias.name for alias in node.names)
    given: list[Given] = []
    for module, tree in modules.items():
        for node in ast.walk(tree):
            where = f"{module}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and (name := _callee(node)) in slots:
                if name in defined[module] or not _imported_or_inherited(node, imported[module]):  # a name defined here is the one called
                    slot = slots[name].get(module)
                    if slot is None:
                        continue
                else:
                    others = list(slots[name].values())
                    assert len(others) == 1, f"{where}: {name}() takes a code in several modules; name them apart"
                    slot = others[0]
                code = _argument(node, slot, slot.code)
                severity = _argument(node, slot, "severity") if "severity" in slot.params else None
                if severity is None and "severity" in slot.defaults:
                    severity = slot.defaults["severity"]
                severities = _literals(severity, where) if severity is not None else []
                if code is not None:
                    given += [Given(c, where, severities) for c in _literals(code, where)]
            elif isinstance(node, ast.FunctionDef) and node.returns is not None:
                returned = node.returns
                tuples = [n for n in ast.walk(returned) if isinstance(n, ast.Subscript)
                          and isinstance(n.value, ast.Name) and n.value.id == "tuple"
                          and isinstance(n.slice, ast.Tuple)]
                for t in tuples:
                    index = next((i for i, e in enumerate(t.slice.elts) if _is_code(e)), None)  # type: ignore[attr-defined]
                    if index is None:
                        continue
                    for ret in ast.walk(node):
                        if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                            at = f"{module}:{ret.lineno}"
                            given += [Given(c, at) for c in _literals(ret.value.elts[index], at)]
            elif isinstance(node, ast.AnnAssign) and _is_code(node.annotation) and node.value is not None:
                given += [Given(c, where) for c in _literals(node.value, where)]
            elif isinstance(node, ast.Compare):  # d.code == "odds": a code read back is a code too
                sides = [node.left, *node.comparators]
                if any(isinstance(s, ast.Attribute) and s.attr == "code" for s in sides):
                    given += [Given(c, where) for s in sides if not isinstance(s, ast.Attribute)
                              for c in _literals(s, where)]
    return tuple(given)


def test_every_code_given_is_registered() -> None:
    unregistered = sorted({f"{g.code} ({g.where})" for g in given_codes() if g.code not in diagnostics.CODES})
    assert not unregistered, "codes missing from notation/diagnostics.py: " + ", ".join(unregistered)


def test_every_registered_code_is_given() -> None:
    given = {g.code for g in given_codes()}
    assert not [name for name in diagnostics.CODES if name not in given]


def test_codes_are_given_with_their_registered_severities() -> None:
    wrong = sorted({f"{g.code} as {s} ({g.where})" for g in given_codes() if g.code in diagnostics.CODES
                    for s in g.severities if s not in diagnostics.CODES[g.code].severities})
    assert not wrong


def test_the_scan_finds_codes_at_every_kind_of_place() -> None:
    """A code given through each kind of place is seen: a guard that the scan itself keeps working."""
    places = {(g.code, g.where.split(":")[0]) for g in given_codes()}
    assert ("empty-game", "notation/model.py") in places  # Diagnostic(...)
    assert ("bad-tag", "notation/pipeline.py") in places  # pipeline.unparsed(record, code, ...)
    assert ("illegal-move", "notation/rules/checkers/replay.py") in places  # checkers' diag(severity, code, ...)
    assert ("hit-not-blot", "notation/rules/backgammon/replay.py") in places  # backgammon's diag(pm, ply, code, ...)
    assert ("larger-die", "notation/rules/backgammon/replay.py") in places  # a law's returned (code, message)
    assert ("blocked-point", "notation/boards/backgammon.py") in places  # IllegalStep(code, ...)
    assert ("false-mate", "notation/rules/chess/replay.py") in places  # chess's sink.add(severity, code, ...)
    assert ("tab-row", "notation/rules/cards/faro.py") in places  # the card games' self.error(code, ...)
    assert ("revoke", "notation/rules/cards/replay.py") in places  # Fault(kind, ...)
    assert ("not-good", "notation/rules/cards/piquet.py") in places  # Problem(code, ...)
    severities = {(g.code, s) for g in given_codes() for s in g.severities}
    assert ("unmarked-hit", "info") in severities and ("unmarked-hit", "warning") in severities
    assert ("tab-row", "error") in severities  # the helper's default


def test_a_code_built_from_pieces_fails_the_scan() -> None:
    expr = ast.parse('"tab-" + name', mode="eval").body
    try:
        _literals(expr, "faro.py:1")
    except AssertionError as exc:
        assert "built from pieces" in str(exc)
    else:
        raise AssertionError("a built code passed the scan")


def test_the_registry_is_well_formed() -> None:
    names = [c.name for codes in diagnostics.SECTIONS.values() for c in codes]
    assert len(names) == len(set(names)) == len(diagnostics.CODES)
    for code in diagnostics.CODES.values():
        assert code.severities and set(code.severities) <= SEVERITIES, code
        assert code.meaning and not code.meaning.endswith("."), code


def test_the_docs_table_is_generated_from_the_registry() -> None:
    result = CliRunner().invoke(cli, ["codes", "--markdown"])
    assert result.exit_code == 0
    assert result.output == diagnostics.markdown()
    assert DOCS.read_text(encoding="utf-8") == diagnostics.markdown(), \
        "docs/diagnostic-codes.md is stale: python3 -m notation codes --markdown > docs/diagnostic-codes.md"
    assert "| `legal-misprint` | error |" in result.output


def test_codes_lists_every_code_with_its_severity() -> None:
    lines = CliRunner().invoke(cli, ["codes"]).output.splitlines()
    assert len(lines) == len(diagnostics.CODES)
    assert any(line.split()[:2] == ["ambiguous-move", "error/warning"] for line in lines)


def test_a_diagnostics_line_names_its_first_suggestions_and_how_many_more():
    from notation.model import Diagnostic

    many = Diagnostic("error", "ambiguous-move", "'Qz9' is ambiguous", 4, 34, suggestions=[f"m{i}" for i in range(32)])
    assert many.format("g.txt").endswith("(nearest legal reading: m0, m1, m2, m3, m4, m5, and 26 more)")
    assert many.as_json()["suggestions"] == [f"m{i}" for i in range(32)]  # (the JSON keeps them all)
    few = Diagnostic("error", "illegal-move", "'Kt-Q9' cannot be read", 9, 4, suggestions=["Kt-Q4", "Kt-B3"])
    assert few.format("g.txt") == "g.txt:9:4: error: 'Kt-Q9' cannot be read (nearest legal reading: Kt-Q4, Kt-B3)"
