#!/usr/bin/env python3
"""Hint speed: ``kabalsolve.hint`` on positions along the solutions of draw-3 deals.

    python bench/hint_bench.py [--deals 100] [--per-deal 10] [--seed 1] [--draw 3]

Takes the first DEALS winnable deals of kabalsolve's generator from SEED on (deals
proved lost have no solution to walk along), solves each, and takes PER-DEAL positions
evenly spaced along its solution (the deal itself, then every k-th move; never the won
end).  Times one ``hint(position)`` call per position in CPU time (process time: the
machine is shared) and prints the median, the 90th percentile and the maximum, with
how many positions were lost (none should be: they lie on a win) and how many moves
were found to forfeit the win.  Target: median <= 10 ms at draw 3.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import kabalsolve  # noqa: E402
from kabalsolve.games.klondike import Position  # noqa: E402


def positions(seed: int, deals: int, per_deal: int, draw: int):
    """(seed, move number, position) for PER-DEAL positions along each won deal."""
    found = 0
    s = seed
    while found < deals:
        deal = kabalsolve.deal_from_seed(s)
        sol = kabalsolve.solve(deal, draw=draw)
        if sol.result == "won":
            found += 1
            n = len(sol.moves)
            at = sorted({i * n // per_deal for i in range(per_deal)})
            pos = Position(deal, sol.rules)
            for i, m in enumerate(sol.moves):
                if i in at:
                    yield s, i, pos.copy()
                pos.push(m)
        s += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--per-deal", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--draw", type=int, default=3)
    a = ap.parse_args()
    times = []
    lost_positions = forfeits = moves = 0
    worst = (0.0, 0, 0)
    wall = time.perf_counter()
    for seed, i, pos in positions(a.seed, a.deals, a.per_deal, a.draw):
        t = time.process_time()
        h = kabalsolve.hint(pos)
        dt = time.process_time() - t
        times.append(dt)
        worst = max(worst, (dt, seed, i))
        lost_positions += h.result != "won"
        forfeits += sum(v.result == "lost" for v in h.moves)
        moves += len(h.moves)
    times.sort()
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    print("hint, draw %d: %d positions from %d won deals (seeds from %d), %d per deal"
          % (a.draw, len(times), a.deals, a.seed, a.per_deal))
    print("CPU per hint: median %.2f ms, p90 %.2f ms, max %.1f ms (seed %d after %d moves)"
          % (1e3 * statistics.median(times), 1e3 * p90, 1e3 * worst[0], worst[1],
             worst[2]))
    print("moves judged %d, of which forfeit the win %d; positions not won %d (must be 0)"
          % (moves, forfeits, lost_positions))
    print("total CPU %.1f s, wall %.1f s (solving the deals included)"
          % (sum(times), time.perf_counter() - wall))


if __name__ == "__main__":
    main()
