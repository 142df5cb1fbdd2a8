"""What every game's bridge to the compiled core shares: the error that means the core
and the reference rules disagree, and the checks of the budgets.

The bridges themselves are ``games/<game>/bridge.py``: the only modules besides
``batch`` that import ``_core``.
"""
from __future__ import annotations

from typing import Optional

from .errors import KabalError, OptionError

#: the core's "no limit" for a count of recycles (it holds at most 255)
NOLIMIT = 255


class SolverError(KabalError):
    """The core returned something the reference rules refuse: a bug, never bad input."""


def check_budget(max_states: Optional[int], timeout: Optional[float],
                  max_memory_mb: Optional[int]) -> None:
    if max_states is not None and (not isinstance(max_states, int) or max_states < 1):
        raise OptionError("max_states must be a positive whole number, not %r" % (max_states,))
    if timeout is not None and not timeout > 0:
        raise OptionError("timeout must be a positive number of seconds, not %r" % (timeout,))
    if max_memory_mb is not None and (not isinstance(max_memory_mb, int) or max_memory_mb < 4):
        raise OptionError("max_memory_mb must be a whole number of at least 4, not %r"
                          % (max_memory_mb,))


