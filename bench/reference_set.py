#!/usr/bin/env python3
"""The reference seeds as a bench deal set, solved beside lonelybot's stored times.

    python bench/reference_set.py --draw 3     # solve the set; our times beside lonelybot's
    python bench/reference_set.py --draw 1
    python bench/reference_set.py --write      # rewrite bench/deals/reference_1-200.txt

The set (`bench/deals/reference_1-200.txt`) is Klondike deals 1..200 of another deal
numbering than ours: deal SEED is a new deck (spades, hearts, diamonds, clubs, each
Ace to King) shuffled by Python's ``random.Random(SEED).shuffle`` and dealt row by row.
Other solvers' published tables use that numbering, so the set lets us compare with
them; ``--write`` rebuilds it from that rule (Python keeps ``shuffle`` stable for
integer seeds, so the file does not change).

lonelybot's verdicts and times (lonelybot: Rust, the fastest public Klondike solver)
are read from ``--lonelybot TSV`` (default ``bench/peers/lonelybot_klondike_1-200.tsv``:
columns seed, draw, result, solver seconds, peak RSS in KiB, measured on a 2-core
machine like the development machine).  Our times are in-process ``kabalsolve.solve``
calls (the winning line made and checked included).
"""
import argparse
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import kabalsolve  # noqa: E402
from kabalsolve.cards import card_str, parse_card  # noqa: E402

SET = os.path.join(HERE, "deals", "reference_1-200.txt")
TSV = os.path.join(HERE, "peers", "lonelybot_klondike_1-200.tsv")
HEADER = ("# Klondike deals 1..200 of the reference numbering: a new deck (S, H, D, C, each\n"
          "# A..K) shuffled by Python's random.Random(SEED).shuffle, dealt row by row;\n"
          "# SEED<TAB>deck line.  Rebuilt by `python bench/reference_set.py --write`.\n")


def reference_deal(seed: int) -> "kabalsolve.Deal":
    """Deal ``seed`` of the reference numbering (see the module docstring)."""
    deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    random.Random(seed).shuffle(deck)
    return kabalsolve.Deal.from_deck([parse_card(c) for c in deck])


def write() -> None:
    with open(SET, "w", encoding="utf-8", newline="\n") as f:
        f.write(HEADER)
        for seed in range(1, 201):
            deal = reference_deal(seed)
            f.write("%d\t%s\n" % (seed, " ".join(card_str(c) for c in deal.deck())))
    print("wrote", SET)


def compare(draw: int, tsv: str) -> None:
    sys.path.insert(0, HERE)
    import dealset
    deals = dealset.load(SET)
    ref = {}
    if os.path.exists(tsv):
        with open(tsv) as f:
            next(f)
            for line in f:
                seed, d, result, secs, _rss = line.rstrip("\n").split("\t")
                if int(d) == draw:
                    ref[seed] = (result, float(secs))
    else:
        print("no lonelybot table at %s: our side only" % tsv)
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
    print("draw %d, %d deals of the reference set" % (draw, len(deals)))
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
    ap.add_argument("--write", action="store_true", help="rewrite the deal set")
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--lonelybot", metavar="TSV", default=TSV,
                    help="lonelybot's verdicts and times (default: %(default)s)")
    a = ap.parse_args()
    if a.write:
        write()
    else:
        compare(a.draw, a.lonelybot)


if __name__ == "__main__":
    main()
