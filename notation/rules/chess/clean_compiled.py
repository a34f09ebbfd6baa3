"""The clean kernel (:mod:`.clean_kernel`) compiled ahead of time: a process that replays with it loads
neither numba nor LLVM.

numba's JIT costs a process about 123 MB of RSS, 47 MB of it its own (numba, llvmlite's LLVM, the
cached machine code loaded); the same kernel built by ``numba.pycc`` into a C extension module costs
it under 1 MB, and gives the same answers (tests/test_chess_clean_kernel.py). The module is built once, on
first use, by a child process (numba and the C compiler there, not here) into a cache folder
(:func:`cache_folder`), named by a hash of the kernel's source, its signature and numpy's version (a
changed kernel is built anew) and by the Python ABI. Where it cannot be built (no C compiler, no Python
headers), the error is kept beside it, so that it is tried once, not in every process, and numba's JIT
compiles the kernel as it did before; remove that ``.failed`` file to try again.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import struct
import subprocess
import sys
import sysconfig
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: A token's fields, in order: what a printed move names, in squares, for SAN and English descriptive alike.
#: 0 the piece moved (1-6 as python-chess numbers them), or castling: 7 short, 8 long, 9 either (short where
#: both are legal: descriptive's ``Castles``); 1 the squares it may come from, 2 the squares it may have
#: started the game on (``KKt``: the Knight from g1 or g8), 3 the squares it may go to; 4 what it takes: 0
#: nothing, 1-6 a man of that kind, 7 any man (SAN's ``x``); 5 and 6 the squares that man may stand on and
#: have started on; 7 the promotion printed (0 none), 8 the promotion a Pawn reaching the last rank makes
#: where none is printed (0: it must be printed, as in SAN); 9 the from-file (1) and from-rank (2) SAN prints
#: (checked against python-chess's), -1 for the kernel to work them out; 10 the mark (0 none, 1 check, 2
#: mate). Squares are 64-bit masks, a1 the lowest bit, as signed integers (:func:`mask`).
FIELDS = 11
#: What each ply's row of the answer holds: from-square, to-square, capture, check, mate, the position's
#: Polyglot key (signed, as the archive stores it), the promotion (0 none), and the from-file (1) and
#: from-rank (2) SAN prints.
OUT = 8
#: Every square, as a mask.
ALL = -1


def mask(squares: int) -> int:
    """python-chess's 64-bit square mask as the signed integer the kernel's tokens hold."""
    return squares - (1 << 64) if squares >> 63 else squares


#: A key's longest line: 64 squares and 7 slashes, the side, castling and en passant, spaces and newline.
KEY_BYTES = 90
#: ``replay``'s types in the built module: tokens, out, keys, state, all C-contiguous (as numpy makes them).
SIGNATURE = "i8(i8[:, ::1], i8[:, ::1], u1[::1], i8[::1])"
#: The extension module's name (its ``PyInit_`` function); the file's name adds the hash.
MODULE = "clean_kernel_aot"
SOURCE = Path(__file__).with_name("clean_kernel.py")

#: ``replay(tokens, out, keys, state)``: the plies played cleanly (:func:`.clean_kernel.replay`).
Replay = Callable[[Any, Any, Any, Any], int]


@functools.cache
def load() -> Replay:
    """The kernel's ``replay``: from the module built ahead of time (built now if need be), else numba's JIT."""
    path = built()
    if path is None:
        from notation.rules.chess.clean_kernel import replay
        return replay
    spec = importlib.util.spec_from_file_location(MODULE, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.replay


def pack(code: tuple[int, ...]) -> bytes:
    """A token's :data:`FIELDS` as :func:`play` takes them: the row's bytes, as the kernel reads them."""
    return struct.pack(f"={FIELDS}q", *code)


def play(codes: list[bytes]) -> tuple[list[list[int]], list[str], str] | None:
    """Replay a game's plies, one row of :data:`FIELDS` each (:func:`pack`: joined, they are the kernel's
    array, with no Python a ply; ``numpy.array`` of the tuples cost more than the kernel), with the kernel:
    the answer's :data:`OUT` columns (each a list of every ply's value: the caller makes its moves column by
    column, in C loops), each position's key after it, and the final board's FEN; ``None`` where a ply is
    not clean."""
    import numpy as np

    n = len(codes)
    tokens = np.frombuffer(bytearray(b"".join(codes)), dtype=np.int64).reshape(n, FIELDS)
    out = np.empty((n, OUT), dtype=np.int64)
    keys = np.empty(n * KEY_BYTES, dtype=np.uint8)
    state = np.empty(3, dtype=np.int64)
    if load()(tokens, out, keys, state) < n:
        return None
    positions = keys[:state[2] - 1].tobytes().decode("ascii").split("\n")
    return out.T.tolist(), positions, f"{positions[-1]} {state[0]} {state[1]}"


def cache_folder() -> Path:
    """Where built modules are kept: ``$NOTATION_CACHE``, else ``$XDG_CACHE_HOME/notation`` (``~/.cache``)."""
    env = os.environ.get("NOTATION_CACHE")
    if env:
        return Path(env)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "notation"


def module_path() -> Path:
    """The built module's file for this kernel's source, numpy and Python."""
    import numpy as np

    digest = hashlib.sha256(SOURCE.read_bytes() + f"{SIGNATURE} {np.__version__}".encode())
    return cache_folder() / f"{MODULE}_{digest.hexdigest()[:16]}{sysconfig.get_config_var('EXT_SUFFIX')}"


def built() -> Path | None:
    """The built module's file, built now if it is not yet and was never tried; ``None`` if it cannot be."""
    path = module_path()
    failed = path.with_name(path.name + ".failed")
    if not path.exists() and not failed.exists():
        error = build(path)
        if error is not None:
            failed.parent.mkdir(parents=True, exist_ok=True)
            failed.write_text(error, encoding="utf-8")
            warnings.warn(f"the clean chess kernel could not be compiled ahead of time (why: {failed}); "
                          "numba compiles it in each process instead", RuntimeWarning, stacklevel=2)
    return path if path.exists() else None


def build(path: Path) -> str | None:
    """Build the module into ``path`` in a child process (this one loads no numba); its error, if it failed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # The child imports this very package (its sys.path is this one's), from the cache folder.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    run = subprocess.run([sys.executable, "-m", __name__, str(path)], cwd=path.parent, env=env,
                         capture_output=True, text=True)
    if run.returncode == 0 and path.exists():
        return None
    return f"exit status {run.returncode}\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}"


def _build_here(path: Path) -> None:
    """What :func:`build`'s child does: ``numba.pycc`` compiles the kernel's ``replay`` with its helpers and
    a C compiler links the module, in a folder of its own; then it is moved into place in one step."""
    import tempfile

    warnings.simplefilter("ignore")  # numba.pycc warns that it will be deprecated
    from numba.pycc import CC

    from notation.rules.chess import clean_kernel

    with tempfile.TemporaryDirectory(dir=path.parent) as folder:
        cc = CC(MODULE)
        cc.output_dir = folder
        cc.export("replay", SIGNATURE)(clean_kernel.replay.py_func)
        cc.compile()
        (made,) = Path(folder).glob(MODULE + "*")
        os.replace(made, path)


if __name__ == "__main__":
    _build_here(Path(sys.argv[1]))
