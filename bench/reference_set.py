#!/usr/bin/env python3
"""Write the shared reference seeds as a bench deal set, and compare with lonelybot.

    python bench/reference_set.py --write      # bench/deals/reference_1-200.txt from
                                               # ../shared/reference/deals.py (seeds 1..200)
    python bench/reference_set.py --draw 3     # solve them; our times beside lonelybot's

The deal set is stored in the repository (the generator lives outside it); the
lonelybot verdicts and times are read from ../shared/reference/klondike_seeds_1-200.tsv
(lonelybot, Rust, measured on this kind of 2-core machine) when it is there.  Times are
our in-process `kabalsolve.solve` calls (decoding and replay included).
"""
import argparse
import importlib.util
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import kabalsolve  # noqa: E402
from kabalsolve.cards import card_str  # noqa: E402

SHARED = os.path.join(os.path.dirname(HERE), "..", "shared", "reference")
SET = os.path.join(HERE, "deals", "reference_1-200.txt")
TSV = os.path.join(SHARED, "klondike_seeds_1-200.tsv")


def write() -> None:
    spec = importlib.util.spec_from_file_location("deals", os.path.join(SHARED, "deals.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with open(SET, "w", encoding="utf-8") as f:
        f.write("# shared/reference/deals.py klondike SEED for SEED = 1..200 (Python's\n"
                "# random.Random(SEED).shuffle, dealt row by row); SEED<TAB>deck line.\n")
        for seed in range(1, 201):
            deal = kabalsolve.read_text(mod.klondike_text(seed))
            f.write("%d\t%s\n" % (seed, " ".join(card_str(c) for c in deal.deck())))
    print("wrote", SET)


def compare(draw: int) -> None:
    sys.path.insert(0, HERE)
    import dealset
    deals = dealset.load(SET)
    ref = {}
    if os.path.exists(TSV):
        with open(TSV) as f:
            next(f)
            for line in f:
                seed, d, result, secs, _rss = line.split("\t")
                if int(d) == draw:
                    ref[seed] = (result, float(secs))
    kabalsolve.solve(deals[0][1], draw=draw)      # warm-up
    ours, theirs, bad = [], [], []
    for name, deal in deals:
        t = time.perf_counter()
        sol = kabalsolve.solve(deal, draw=draw)
        ours.append(time.perf_counter() - t)
        if name in ref:
            theirs.append(ref[name][1])
            if sol.result != ref[name][0]:
                bad.append((name, sol.result, ref[name][0]))
    q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))]
    print("draw %d, %d deals of shared/reference" % (draw, len(deals)))
    print("kabalsolve  total %8.3f s  median %8.5f s  p90 %7.4f s  max %7.3f s"
          % (sum(ours), statistics.median(ours), q(ours, .9), max(ours)))
    if theirs:
        print("lonelybot   total %8.3f s  median %8.5f s  p90 %7.4f s  max %7.3f s  (tsv)"
              % (sum(theirs), statistics.median(theirs), q(theirs, .9), max(theirs)))
        print("ratio       total %.2fx (kabalsolve / lonelybot)" % (sum(ours) / sum(theirs)))
        print("verdicts    %d of %d agree with lonelybot" % (len(theirs) - len(bad), len(theirs)))
        for b in bad:
            print("  DISAGREE", *b)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--draw", type=int, default=3)
    a = ap.parse_args()
    if a.write:
        write()
    else:
        compare(a.draw)


if __name__ == "__main__":
    main()
