"""Statistics shared by the command line and the benchmarks."""
from __future__ import annotations

import math
from typing import Tuple


def wilson(k: int, n: int, z: float = 1.959964) -> Tuple[float, float]:
    """The 95 % Wilson score interval of k successes in n trials, as fractions."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)
