"""notation: parse historical game notations, replay them under the rules, archive them.

The pipeline, one module boundary per arrow::

    file -> notation.records -> notation.parse -> notation.rules.<game> -> notation.archive -> notation.datasette

The public entry points are :func:`notation.pipeline.read_games` and the
``notation`` command line.
"""

__version__ = "0.1.0"
