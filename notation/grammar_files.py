"""Where the Lark grammars lie, for every stage that reads one (the records' tag pairs, each notation).

The grammars are written in the top-level ``grammars/`` folder; a wheel carries them
as the package data ``notation/grammars/`` (pyproject's package-dir maps one to the other).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGED = Path(__file__).resolve().parent / "grammars"
GRAMMAR_DIR = _PACKAGED if _PACKAGED.is_dir() else Path(__file__).resolve().parents[1] / "grammars"


def grammar_path(name: str) -> Path:
    """Path of a grammar file in ``grammars/``."""
    return GRAMMAR_DIR / name
