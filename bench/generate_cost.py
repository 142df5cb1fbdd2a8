"""What generating only-winnable deals costs, against solving random deals.

    python bench/generate_cost.py [--count 1000] [--draw 3] [--seed 1]

Times (CPU) ``kabalsolve.generate(winnable=True, count=N)`` and the solving of
1.25 * N random deals (the same seeded deals, one solve each), and prints the ratio.
The target: 1,000 winnable draw-3 deals cost at most the solving of about
1,250 random deals (a ratio of at most 1.0).  generate solves each candidate once and
keeps the solution it found, so the only work beyond that is the deals that turn out
lost.  The ratio is that of two sets of deals, whose totals a few hard deals decide,
so it also prints the solving of the very deals generate tried (generate's own work
beyond solving them is what the difference shows).  It also prints the winnable
deals (and the deals tried) per second of CPU: one core's throughput, since generate
runs in one thread.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import kabalsolve  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    t = time.process_time()
    last = None
    for g in kabalsolve.generate("klondike", seed=a.seed, count=a.count, winnable=True,
                                 draw=a.draw):
        last = g.seed
    gen = time.process_time() - t
    tried = (last or a.seed) - a.seed + 1
    m = round(1.25 * a.count)
    t = time.process_time()
    for s in range(a.seed + 50_000, a.seed + 50_000 + m):  # other deals than generate's
        kabalsolve.solve(kabalsolve.deal_from_seed(s), draw=a.draw)
    solve = time.process_time() - t
    print("generate %d winnable draw-%d deals: %d tried, %.1f s CPU" % (
        a.count, a.draw, tried, gen))
    print("solve %d random deals (seeds %d..%d): %.1f s CPU" % (
        m, a.seed + 50_000, a.seed + 50_000 + m - 1, solve))
    print("ratio %.2f (target: at most 1.0)" % (gen / solve))
    t = time.process_time()
    for s in range(a.seed, a.seed + tried):        # the very deals generate tried
        kabalsolve.solve(kabalsolve.deal_from_seed(s), draw=a.draw)
    same = time.process_time() - t
    print("solve the %d deals generate tried, one by one: %.1f s CPU (generate: %.2fx)"
          % (tried, same, gen / same))
    print("generate --winnable: %.0f winnable deals (%.0f tried) per second per core"
          % (a.count / gen, tried / gen))


if __name__ == "__main__":
    main()
