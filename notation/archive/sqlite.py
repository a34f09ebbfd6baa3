"""sqlite-utils, loaded without NumPy.

sqlite-utils imports NumPy when it is installed, only to map NumPy's number types to column types when a
table is made from inserted values; the archive makes its tables by SQL and stores Python values, so it never
needs that. NumPy costs about 0.08 s of CPU to load, a tenth of a one-game ``notation import``
(``bench/chess_bench.py --process``); a process that has loaded NumPy already (a kernel, Datasette's
plugins) keeps it and sqlite-utils sees it.
"""

from __future__ import annotations

import sys

_without_numpy = "numpy" not in sys.modules
if _without_numpy:
    sys.modules["numpy"] = None  # type: ignore[assignment]  # `import numpy` raises ImportError meanwhile
try:
    import sqlite_utils as sqlite_utils  # re-exported: the archive's one import of it
finally:
    if _without_numpy:
        del sys.modules["numpy"]
