"""Percentiles for the benchmark reports (nearest rank: always a measured value, never an interpolation)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(samples: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile of ``samples``; NaN when there are none."""
    data = sorted(samples)
    if not data:
        return float("nan")
    rank = max(1, min(len(data), math.ceil(p * len(data) / 100)))
    return data[rank - 1]
