#!/usr/bin/env python3
"""The hard-deal bench: the core's verdict search on a fixed set of hard Klondike deals,
each deal's positions, CPU time and nanoseconds per position, and a signature.

    python bench/hard_deals.py            # the default set, draw 3 (a few minutes)
    python bench/hard_deals.py --all      # also the five slowest deals of seeds 100001-102000
    python bench/hard_deals.py --deals 100136,101109 --draw 1

Positions are the keys the search stored (``states``): they are exact, so the last
line, ``signature`` (the sum of every deal's positions, and the verdicts as a string
of W / L / ?), changes exactly when the search does; quote it in commits.  Times are
process CPU seconds of the core's call alone (``time.process_time`` around
``_core.klondike_verdict``), noisy on a shared machine: compare ns/position over a
whole run, not deal by deal.  A win is checked by the core's independent replay of
its line, as in ``kabalsolve.is_winnable``; a win the check refuses stops the bench.

The deals are ``Deal.from_seed(N)``, stored below as seeds.  The default set: hard
draw-3 deals of seeds 100001-102000 on which kabalsolve's search stores more positions
than lonelybot's (the lonelybot column: the distinct positions its solver stored on
the same deal at draw 3, measured side by side), each under 10 s, and one (100964)
where kabalsolve's pruning stores five times fewer, to see that a change keeps that;
``--all`` adds three slow ones (100266, 100431, 101831: about two minutes).
"""
from __future__ import annotations

import argparse
import sys

import dealset  # noqa: F401  (puts the working tree first on sys.path)
from dealset import core_verdict

# seed: lonelybot's distinct positions at draw 3, and the verdict
DEFAULT = {
    100036: 1562874,     # won
    100058: 43759,       # lost
    100069: 766146,      # lost
    100090: 745378,      # lost
    100110: 606655,      # won
    100136: 650523,      # won
    100201: 108312,      # lost
    100243: 662433,      # won
    100964: 8759848,     # lost
    101109: 9104352,     # lost
}
SLOW = {
    100266: 43020075,   # won
    100431: 12170480,   # won
    101831: 18142369,   # lost
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--all", action="store_true",
                    help="also three slow deals (about two minutes more)")
    ap.add_argument("--deals", help="comma-separated seeds instead of the set")
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--passes", type=int, default=None)
    a = ap.parse_args()
    if a.deals:
        seeds = [int(x) for x in a.deals.split(",") if x.strip()]
    else:
        seeds = sorted(DEFAULT) + (sorted(s for s in SLOW if s not in DEFAULT)
                                   if a.all else [])
    peer = {**DEFAULT, **SLOW} if a.draw == 3 and a.passes is None else {}
    print("draw %d, passes %s, %d deals" % (a.draw, a.passes or "unlimited", len(seeds)))
    print("%-8s %-7s %12s %9s %8s %12s %6s" % ("deal", "verdict", "positions", "seconds",
                                              "ns/pos", "lonelybot", "ratio"))
    tot_s = 0
    tot_t = 0.0
    verdicts = []
    for seed in seeds:
        status, states, t = core_verdict(seed, a.draw, a.passes)
        tot_s += states
        tot_t += t
        verdicts.append({"won": "W", "lost": "L"}.get(status, "?"))
        lb = peer.get(seed)
        print("%-8d %-7s %12d %9.2f %8.0f %12s %6s" % (
            seed, status, states, t, 1e9 * t / max(states, 1),
            lb if lb else "", "%.2f" % (states / lb) if lb else ""), flush=True)
    lb_tot = sum(peer.get(s, 0) for s in seeds)
    print("%-8s %-7s %12d %9.2f %8.0f %12s %6s" % (
        "total", "", tot_s, tot_t, 1e9 * tot_t / max(tot_s, 1), lb_tot or "",
        "%.2f" % (tot_s / lb_tot) if lb_tot else ""))
    print("signature %d %s" % (tot_s, "".join(verdicts)))


if __name__ == "__main__":
    sys.exit(main())
