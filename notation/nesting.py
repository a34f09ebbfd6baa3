"""Walking nested variations without Python's recursion limit.

A printed game may nest variations hundreds deep (a PGN or PDN file made by
a program, or a hostile one); Python's own stack stops at about a thousand
calls. A function that would call itself is written as a generator that
``yield``s the call instead, and :func:`run_nested` runs the calls on a list.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

#: A call written as a generator: it yields the calls it makes, receives their results, returns its own.
Nested = Generator["Nested", Any, Any]


def run_nested(call: Nested) -> Any:
    """Run ``call`` and every call it yields, depth first, each receiving its callee's result.

    >>> def depth(n):
    ...     return (yield depth(n - 1)) + 1 if n else 0
    >>> run_nested(depth(10_000))
    10000
    """
    stack = [call]
    value: Any = None
    while stack:
        try:
            inner = stack[-1].send(value)
        except StopIteration as stop:
            stack.pop()
            value = stop.value
            continue
        stack.append(inner)
        value = None
    return value
