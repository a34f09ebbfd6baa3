"""Rules of each game family: replay printed moves against positions, report what is wrong.

One module (or package) per family; each defines ``FAMILY`` (see :mod:`notation.families`).
"""
