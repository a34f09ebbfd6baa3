"""Where the Lark grammars lie, for every stage that reads one (the records' tag pairs, each notation).

The grammars are written in the top-level ``grammars/`` folder; a wheel carries them
as the package data ``notation/grammars/`` (pyproject's package-dir maps one to the other).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

_PACKAGED = Path(__file__).resolve().parent / "grammars"
GRAMMAR_DIR = _PACKAGED if _PACKAGED.is_dir() else Path(__file__).resolve().parents[1] / "grammars"


def grammar_path(name: str) -> Path:
    """Path of a grammar file in ``grammars/``."""
    return GRAMMAR_DIR / name


#: Lark's options that are code, not settings: not part of a cached parser's name (as Lark leaves them out of its key).
_NOT_NAMED = ("transformer", "postlex", "lexer_callbacks", "edit_terminals")


def parser_cache(name: str, **options: Any) -> str | bool:
    """Where Lark keeps the LALR parser it builds from ``grammars/<name>`` with ``options`` (its ``cache``
    option): a file in ``__pycache__`` beside the grammars, as Python keeps bytecode beside its sources.
    Lark writes the hash of the grammar (its imports too), the options and its version in the file and
    builds again where they differ, so a changed grammar is never read stale. Loading is a few ms where
    building takes 15-30 (``records.lark``, ``chess_san.lark``): every process that reads a record builds
    some. ``False`` (no cache) where the folder cannot be made, or for Earley (Lark caches LALR only)."""
    if options.get("parser", "lalr") != "lalr":
        return False
    folder = GRAMMAR_DIR / "__pycache__"
    try:
        folder.mkdir(exist_ok=True)
    except OSError:
        return False
    if not os.access(folder, os.W_OK | os.X_OK):
        return False
    named = sorted((k, repr(v)) for k, v in options.items() if k not in _NOT_NAMED)
    digest = hashlib.sha256(repr((name, named)).encode()).hexdigest()[:16]
    return str(folder / f"{name}.{digest}.lark-cache")
