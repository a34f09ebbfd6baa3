"""Rouge et noir's counting kernel, compiled by numba: both rows' weights dealt one card value at a time.

Kept apart from :mod:`notation.rules.cards.rouge_et_noir` so that numba is imported only when a
record's chances are counted, not by every command at start-up.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def deal_kernel(weights: np.ndarray, moves: np.ndarray, factors: np.ndarray, n_v: int,
                primes: np.ndarray, out: np.ndarray) -> None:
    """``out[moves[x, i], moves[y, k]] += weights[i, k] * factors[x, y]`` modulo each prime, for every
    ``x + y <= n_v`` cards of the value dealt (``moves[x, i]`` is -1 where row ``i`` cannot take ``x``)."""
    most = moves.shape[0] - 1
    rows = weights.shape[0]
    for x in range(most + 1):
        for y in range(min(most, n_v - x) + 1):
            for i in range(rows):
                d1 = moves[x, i]
                if d1 < 0:
                    continue
                for k in range(rows):
                    d2 = moves[y, k]
                    if d2 < 0:
                        continue
                    for p in range(primes.shape[0]):
                        out[d1, d2, p] = (out[d1, d2, p] + weights[i, k, p] * factors[x, y, p]) % primes[p]
