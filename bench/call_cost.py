#!/usr/bin/env python3
"""The cost of one call, deal by deal: the medians of ``is_winnable``, of ``solve`` and
of the core alone, per draw, beside lonelybot's recorded medians.

    python bench/call_cost.py                  # draw 3 and 1, the 300 deals of the bench set
    python bench/call_cost.py --draw 1 --limit 100 --repeat 3

Each call is timed in CPU time (``time.process_time``) around the call alone, so other
work on the machine counts less than in wall time.  "core" is ``_core.klondike_solve``
on arguments packed beforehand: the search and nothing else.  Each kind of call makes
one pass over the deals, as lonelybot's were timed.  ``is_winnable`` checks a
win with the core's compiled replay of its line; ``solve`` (classic Klondike) has the
core write the line out as atomic moves and check them the same way, and makes the
Move values (docs/api.md says what each verifies).  With --repeat N every
deal is timed N times and its fastest time kept.  Timings are printed, never asserted.
"""
from __future__ import annotations

import argparse
import csv
import os
import time
from typing import Callable, Dict, List

import dealset
from dealset import ROOT, kabalsolve
from kabalsolve import _core
from kabalsolve.games.klondike import Position, Rules, bridge

PEERS = os.path.join(ROOT, "bench", "peers", "lonelybot_medians.tsv")


def lonelybot() -> Dict[int, Dict[str, float]]:
    """lonelybot's recorded figures by draw (bench/peers/lonelybot_medians.tsv)."""
    with open(PEERS) as f:
        rows = csv.DictReader((line for line in f if not line.startswith("#")),
                              delimiter="\t")
        return {int(r["draw"]): {k: float(v) for k, v in r.items() if k != "draw"}
                for r in rows}


def timed(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        best = min(best, time.process_time() - t0)
    return best


def percentile(values: List[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--draw", type=int, choices=[1, 3], action="append",
                    help="draw 3 and 1 when not given")
    ap.add_argument("--limit", type=int, help="only the first N deals of the set")
    ap.add_argument("--repeat", type=int, default=1, help="time each call N times, keep the best")
    a = ap.parse_args()
    deals = [d for _, d in dealset.load()][:a.limit]
    peers = lonelybot()
    print("%d deals of %s, CPU time per call, %s" % (
        len(deals), os.path.relpath(dealset.DEFAULT_SET, ROOT), time.strftime("%Y-%m-%d")))
    for draw in a.draw or [3, 1]:
        rules = Rules(draw=draw)
        rk = bridge.klondike_rule_args(rules)
        packed = [bridge.klondike_core_args(Position(d, rules)) for d in deals]
        kabalsolve.solve(deals[0], draw=draw)                    # warm-up
        kabalsolve.is_winnable(deals[0], draw=draw)
        cost: Dict[str, List[float]] = {
            # one pass over the deals for each kind of call, as lonelybot's figures were
            # taken: a call on a deal just after the same call on the same deal finds
            # the processor's caches and branch history warm, and costs less
            "is_winnable": [timed(lambda: kabalsolve.is_winnable(d, draw=draw), a.repeat)
                            for d in deals],
            "solve": [timed(lambda: kabalsolve.solve(d, draw=draw), a.repeat)
                      for d in deals],
            "core": [timed(lambda: _core.klondike_solve(*args, **rk), a.repeat)
                     for args in packed],
        }
        peer = peers.get(draw, {})
        print("draw %d          median      p90     total   (lonelybot: median %.3f ms, "
              "total %.1f s)" % (draw, peer.get("median_ms", float("nan")),
                                 peer.get("total_s", float("nan"))))
        for name, values in cost.items():
            med = 1000 * percentile(values, 0.5)
            print("  %-12s %7.3f ms %7.3f ms %7.2f s   median %.1fx lonelybot's" % (
                name, med, 1000 * percentile(values, 0.9), sum(values),
                med / peer["median_ms"] if peer else float("nan")))


if __name__ == "__main__":
    main()
