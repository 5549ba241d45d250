"""Interval estimates shared by the analysis layers (simulate, search, advise, tournament): numpy only."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

Z95 = 1.959963984540054  # the 97.5 % point of the normal distribution


def mean_interval(x: np.ndarray, axis: int = -1) -> tuple[Any, Any, Any]:
    """(mean, low, high) along ``axis``: the mean with its 95 % interval (normal approximation,
    mean ± 1.96·sd/√n); NaN where there are fewer than two values."""
    x = np.asarray(x, dtype=np.float64)
    n = x.shape[axis]
    mean = x.mean(axis=axis) if n else np.full(np.delete(x.shape, axis), math.nan)
    half = Z95 * x.std(axis=axis, ddof=1) / math.sqrt(n) if n > 1 else np.full(np.shape(mean), math.nan)
    return mean, mean - half, mean + half


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Proportion with its Wilson score interval (95 % by default)."""
    if n == 0:
        return (math.nan, 0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))
