"""The bridge to the compiled core for Clock: the core plays the deal out, and the
play-out is checked against the reference rules (``rules.play_out``).
"""
from __future__ import annotations

import time

from ... import _core
from ...bridge import SolverError
from ...solution import LOST, WON, ClockSolution, Stats
from . import rules as clock


def solve_clock(deal: clock.Deal) -> ClockSolution:
    """Play a Clock deal out in the core, and check the play-out on the reference rules."""
    t0 = time.perf_counter()
    cards = _core.clock_play(list(deal.deck))
    won, turns = clock.play_out(deal)
    if [t.card for t in turns] != cards:
        raise SolverError("the core's Clock play-out differs from the reference rules")
    secs = time.perf_counter() - t0
    return ClockSolution(deal, WON if won else LOST, turns,
                         Stats(states=len(turns), moves_made=len(turns), search_seconds=secs,
                               seconds=secs, table_bytes=0))


