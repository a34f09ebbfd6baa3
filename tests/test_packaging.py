"""The wheel carries every package and its data as real files (grammars, templates, metadata)."""

import subprocess
import sys
import zipfile
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent


#: The package's folders of data, listed as packages (setuptools warns of a data folder that is not).
DATA_FOLDERS = {"notation.datasette.static", "notation.datasette.templates", "notation.solve.tables"}


def test_every_package_in_the_tree_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    in_tree = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "notation").rglob("__init__.py")}
    assert in_tree | {"notation.grammars"} | DATA_FOLDERS == listed
    assert all((ROOT / name.replace(".", "/")).is_dir() for name in DATA_FOLDERS)


def test_the_wheel_carries_the_grammars_and_the_datasette_files(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("notation-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for grammar in (ROOT / "grammars").glob("*.lark"):
        assert f"notation/grammars/{grammar.name}" in names
    assert "notation/datasette/templates/notation_game.html" in names
    assert "notation/datasette/metadata.json" in names
    assert "notation/solve/tables/KQvKR.xz" in names  # the chess tables the package carries


def test_starting_a_command_loads_no_compiler():
    """Every family is loaded when a command starts (``notation --help`` too): numba, which compiles the
    endgame tables' and rouge et noir's kernels, is imported only when one of them is used."""
    code = "import sys; from notation import families; families.load_all(); print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "False"
