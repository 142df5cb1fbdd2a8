#!/usr/bin/env python3
"""Clock: win rate and play-out speed of the core's batch path.

    python bench/clock_rate.py [--count 2000000] [--seed 1]

Plays out the seeded deals SEED .. SEED+COUNT-1 (kabalsolve.seeds' shuffle, made in
the core) and prints the win rate with its 95 % Wilson interval beside the exact 1/13
(Jenkyns & Muller, 1981), and deals per second.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kabalsolve import _core  # noqa: E402
from kabalsolve.stats import wilson  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=2_000_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    t = time.perf_counter()
    won, turned = _core.clock_stats(a.seed, a.count)
    dt = time.perf_counter() - t
    lo, hi = wilson(won, a.count)
    p = 1 / 13
    print("clock: %d deals from seed %d" % (a.count, a.seed))
    print("won    %d = %.4f %%; 95 %% Wilson interval [%.4f, %.4f] %%; 1/13 = %.4f %% %s"
          % (won, 100 * won / a.count, 100 * lo, 100 * hi, 100 * p,
             "inside" if lo <= p <= hi else "OUTSIDE"))
    print("turned %.2f cards per deal on average" % (turned / a.count))
    print("speed  %.0f deals/s (%.3f s)" % (a.count / dt, dt))


if __name__ == "__main__":
    main()
