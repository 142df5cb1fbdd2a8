"""The Klondike objectives that count along a line: ``min-moves`` (the fewest explicit
moves of a win) and ``max-score`` (the best Windows standard score).

Both start from the win search's answer, which gives a line to beat (its length, or
its score), then run the core's best-first search (``_core.klondike_objective``,
_objective.pxi) for a strictly better line within what is left of the budgets.  The
answer is a proof when that search ends ("proved"), else the best line found.  Every
line is replayed on the reference rules, and its length or score recomputed there
(``len(moves)``, ``games.klondike.score``) must equal what the core claims.
"""
from __future__ import annotations

import time
from typing import List, Optional

from . import _core
from .errors import OptionError
from .games import klondike
from .solution import LOST, UNKNOWN, WON, Solution, Stats


#: The searches of min-moves, in order: (weight, lead, narrow, share of the states
#: budget, cap without a budget).  Weighted A* first (priority g + w * h): it finds a
#: first short line far sooner than A* but proves nothing.  Then the move set, order
#: and estimate of ShootMe's minimal solver, "narrow 2" (bf_search, bf_moves,
#: kl_h_shootme: g + h + lead x cards not up, part of a run moved only to send the
#: card under it up, a low talon card played before any deeper one, the talon
#: pointer merged at draw 1), greedy (lead 8) and then as ShootMe orders (lead 1),
#: which finds its lines: on the first 100 won draw-1 deals of our generator at 6 M
#: states, ours is no longer than ShootMe's on every deal, where narrow 1 (its move
#: set with our bound) left 10 longer and weighted A* alone 41
#: (bench/minmoves_bench.py).  Each line found lowers the incumbent, and A* (weight
#: 1, no lead, all moves), last, with what is left, stores only positions that could
#: still beat it, so it proves far more within a budget after them.  A phase never
#: takes more than what is left of the budget.
PHASES = ((8.0, 0, 0, 1 / 32, 250_000), (1.0, 8, 2, 1 / 32, 250_000),
          (1.0, 1, 2, 3 / 4, 4_500_000), (1.0, 0, 0, 1.0, 0))

#: The searches of max-score, in order, as PHASES: weighted ones first (weight below
#: 1: the score so far counts for more than the gain still possible, so they go deep
#: and end good lines), then A* with what is left.  With foundation-to-tableau moves
#: allowed the same run first without them (SCORE_FIRST in place of the last, with a
#: share): their best line is a line of the real rules, found in a far smaller space.
SCORE_PHASES = ((0.0, 0, False, 1 / 16, 100_000), (0.25, 0, False, 1 / 16, 200_000),
                (1.0, 0, False, 1.0, 0))
SCORE_FIRST = (1.0, 0, False, 1 / 4, 500_000)


def _left(budget: Optional[float], used: float) -> Optional[float]:
    """What is left of a budget (None: no budget; 0 or less: spent)."""
    return None if budget is None else budget - used


def solve_counted(start: klondike.Position, objective: str,
                  max_states: Optional[int] = None, timeout: Optional[float] = None,
                  max_memory_mb: Optional[int] = None,
                  deal: Optional[klondike.Deal] = None) -> Solution:
    """Solve ``start`` for ``objective`` ("min-moves" or "max-score"); see the module
    docstring.  max-score of a deal the win search finds won is the best score of a
    line that wins (a won game ends there, and "won" always comes with a winning line);
    of any other, the best score of any line.  The Solution's ``extra``: ``objective``,
    ``proved`` (no line is better), and ``min_moves`` (None if no win is known) or
    ``best_score``."""
    from .solver import (SolverError, klondike_core_args, replay_klondike_codes,
                         solve_position)
    if start.rules.danish:
        raise OptionError("--objective %s is for classic Klondike, not the danish variant"
                          % objective)
    t0 = time.perf_counter()
    seed = solve_position(start, max_states, timeout, max_memory_mb, deal, "win")
    rules = start.rules
    first = deal if deal is not None else start.copy()
    if objective == "min-moves":
        incumbent = len(seed.moves) if seed.won else -1
    else:
        incumbent = klondike.score(first, rules, seed.moves) if seed.won else 0
    states_left = _left(max_states, seed.stats.states)
    time_left = _left(timeout, time.perf_counter() - t0)
    better, proved, value = False, False, incumbent
    codes: List[int] = []
    states = made = reopened = tbytes = 0
    secs = 0.0
    stop = seed.stopped_by
    if objective == "min-moves" and seed.result == LOST:
        proved = True                   # no win, so no fewest moves of one
    elif (states_left is None or states_left > 0) and (time_left is None or time_left > 0):
        pos = start.copy()
        columns, found, talon, wp, rec = klondike_core_args(pos)
        if objective == "max-score":
            rec = pos.recycles              # the draw-3 penalty counts every recycle
        max_rec = 255 if rules.passes is None else rules.passes - 1
        if objective == "min-moves":
            phases = [p + (rules.foundation_moves,) for p in PHASES]
        else:
            phases = [p + (rules.foundation_moves,) for p in SCORE_PHASES]
            if rules.foundation_moves:
                # every line without foundation-to-tableau moves is a line with them,
                # and that search is far smaller (no clamp refunds to chase): first
                phases[:0] = [p + (False,) for p in SCORE_PHASES[:-1] + (SCORE_FIRST,)]
        for weight, lead, narrow, share, cap, f2t in phases:
            budget = states_left
            if cap:
                budget = cap
                if max_states and states_left is not None:
                    budget = max(1, min(int(max_states * share), int(states_left)))
            found_better, proved, got, got_codes, n, m, ro, tb, secs_, stop = \
                _core.klondike_objective(
                    columns, found, talon, wp, rec, draw=rules.draw, max_recycles=max_rec,
                    foundation_moves=f2t, objective=objective,
                    incumbent=value, max_states=int(budget or 0),
                    timeout=float(time_left or 0.0), max_table_mb=max_memory_mb or 8192,
                    weight=weight, wins_only=seed.won, lead=lead, narrow=narrow)
            states += n
            made += m
            reopened += ro
            tbytes = max(tbytes, tb)
            secs += secs_
            if found_better:
                better, value, codes = True, got, got_codes
            if f2t != rules.foundation_moves:
                proved = False              # a proof under fewer moves proves nothing here
            states_left = _left(max_states, seed.stats.states + states)
            time_left = _left(timeout, time.perf_counter() - t0)
            if proved or (states_left is not None and states_left <= 0) or (
                    time_left is not None and time_left <= 0):
                break
    else:
        stop = stop or ("max_states" if states_left is not None and states_left <= 0
                        else "timeout")
    moves: List[klondike.Move] = seed.moves
    if better:
        pos = start.copy()
        moves = replay_klondike_codes(pos, codes, "the core's %s line" % objective)
        if objective == "min-moves" and (not pos.is_won() or len(moves) != value):
            raise SolverError("the core's min-moves line has %d moves, not %d, or does "
                              "not win" % (len(moves), value))
    if objective == "max-score":
        got = klondike.score(first, rules, moves)
        if got != value:
            raise SolverError("the core's max-score line scores %d, not %d" % (got, value))
    line_wins = klondike.replay(first, rules, moves).is_won()
    result = seed.result
    if line_wins:
        result = WON
    elif objective == "min-moves" and proved and result == UNKNOWN:
        result = LOST       # the complete search found no win at all
    elif result == WON:
        raise SolverError("the %s line of a won deal does not win" % objective)
    stats = Stats(states=seed.stats.states + states, moves_made=seed.stats.moves_made + made,
                  search_seconds=seed.stats.search_seconds + secs,
                  seconds=time.perf_counter() - t0,
                  table_bytes=max(seed.stats.table_bytes, tbytes))
    sol = Solution("klondike", result, rules, first, moves, stats,
                   None if proved else (stop or seed.stopped_by))
    sol.extra.update(objective=objective, proved=proved, objective_states=states,
                     reopened=reopened)
    if objective == "min-moves":
        sol.extra["min_moves"] = len(moves) if line_wins else None
    else:
        sol.extra.update(best_score=value, line_wins=line_wins)
    if result == UNKNOWN and sol.stopped_by is None:
        sol.stopped_by = seed.stopped_by or stop
    return sol

