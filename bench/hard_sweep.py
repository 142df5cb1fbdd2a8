#!/usr/bin/env python3
"""Per-deal verdict, positions and CPU time of the core's verdict search over a range of
seeds, one TSV line a deal (seed, draw, result, seconds, positions), for comparing
position counts with another solver's or with an earlier build.

    python bench/hard_sweep.py 100001 102000 --draw 3 > sweep.tsv
    python bench/hard_sweep.py 100001 102000 --draw 3 --compare OTHER.tsv

With --compare, OTHER.tsv (same columns; a ``positions`` column is read by name, so
a peer's file with extra columns works) is read and the totals of both are printed
with the deals whose verdicts differ (there must be none).
"""
from __future__ import annotations

import argparse
import csv
import sys

import dealset  # noqa: F401  (puts the working tree first on sys.path)
from dealset import core_verdict


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--passes", type=int, default=None)
    ap.add_argument("--max-states", type=int, default=0)
    ap.add_argument("--compare", help="a TSV of the same deals to compare with")
    a = ap.parse_args()
    other = {}
    if a.compare:
        with open(a.compare) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if int(row["draw"]) == a.draw:
                    other[int(row["seed"])] = row
    print("seed\tdraw\tresult\tseconds\tpositions", flush=True)
    tot_t = 0.0
    tot_s = 0
    tot_o = 0
    differ = []
    for seed in range(a.first, a.last + 1):
        status, states, t = core_verdict(seed, a.draw, a.passes, a.max_states)
        tot_t += t
        tot_s += states
        print("%d\t%d\t%s\t%.4f\t%d" % (seed, a.draw, status, t, states), flush=True)
        o = other.get(seed)
        if o is not None:
            tot_o += int(o["positions"])
            if o["result"] != status:
                differ.append(seed)
    n = a.last - a.first + 1
    print("# %d deals: %.1f s CPU, %d positions" % (n, tot_t, tot_s), file=sys.stderr)
    if other:
        print("# the other file: %d positions; verdicts differ on %d deals %s"
              % (tot_o, len(differ), differ[:20]), file=sys.stderr)


if __name__ == "__main__":
    main()
