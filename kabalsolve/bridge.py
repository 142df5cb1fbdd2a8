"""What every game's bridge to the compiled core shares: the error that means the core
and the reference rules disagree (``SolverError``, defined in ``errors`` so that a
``Solution`` can raise it too), and the checks of the budgets.

The bridges themselves are ``games/<game>/bridge.py``: the only modules besides
``batch`` that import ``_core``.
"""
from __future__ import annotations

import math
from typing import Any, Optional

from .errors import OptionError
from .errors import SolverError as SolverError  # noqa: F401 (the bridges take it from here)

#: the core's "no limit" for a count of recycles (it holds at most 255)
NOLIMIT = 255

#: the largest budgets taken.  The core counts states and bytes in 64 bits; these keep
#: every sum and product it makes of them far below 2**64 (16 TiB is 2**44 bytes)
MAX_STATES = 10**18
MAX_MEMORY_MB = 2**24
#: about 31 years
MAX_TIMEOUT = 1e9


def scaled_states(max_states: int, factor: int) -> int:
    """A budget of positions made from another by ``factor``, saturated at MAX_STATES
    (as the core saturates its own sums): a budget the user may give is never one the
    search refuses once it is scaled."""
    return min(max_states * factor, MAX_STATES)


def whole(value: Any, lo: int, hi: int) -> bool:
    """Whether ``value`` is a whole number (an int, not a bool) from ``lo`` to ``hi``."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def check_budget(max_states: Optional[int], timeout: Optional[float],
                  max_memory_mb: Optional[int]) -> None:
    """OptionError unless each budget given is in range (see MAX_STATES and the rest)."""
    if max_states is not None and not whole(max_states, 1, MAX_STATES):
        raise OptionError("max_states must be a whole number from 1 to %d, not %s"
                          % (MAX_STATES, _shown(max_states)))
    if timeout is not None and not (
            isinstance(timeout, (int, float)) and not isinstance(timeout, bool)
            and math.isfinite(timeout) and 0 < timeout <= MAX_TIMEOUT):
        raise OptionError("timeout must be a number of seconds, more than 0 and at most "
                          "%g, not %s" % (MAX_TIMEOUT, _shown(timeout)))
    if max_memory_mb is not None and not whole(max_memory_mb, 4, MAX_MEMORY_MB):
        raise OptionError("max_memory_mb must be a whole number from 4 to %d, not %s"
                          % (MAX_MEMORY_MB, _shown(max_memory_mb)))


def _shown(value: Any) -> str:
    """``value`` for a message, clipped."""
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


