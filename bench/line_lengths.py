#!/usr/bin/env python3
"""How long kabalsolve's winning Klondike lines are, on a fixed deal set.

    python bench/line_lengths.py --draw 3                 # bench/deals/klondike_300.txt
    python bench/line_lengths.py --draw 1 --deals bench/deals/reference_1-200.txt \\
        --peer bench/peers/lonelybot_line_lengths_1-200.tsv
    python bench/line_lengths.py --draw 3 --min-moves 30 --max-states 300000

A line's length is its number of atomic moves, as the solution JSON lists them: every
stock turn, every recycle and every card or run move counts one.  Each deal is solved
by one ``kabalsolve.solve`` call (the default objective, a win); the lost ones have no
line.  Printed: the won lines' median, mean, 90th percentile, longest and total.

``--peer TSV``: another solver's lines of the same deals (columns seed, draw, result,
line length; bench/peers/lonelybot_line_lengths_1-200.tsv holds lonelybot's, expanded
to atomic moves the same way, for the reference set), compared on the deals both won.
``--min-moves N``: the first N won deals solved again with ``--objective min-moves``
under ``--max-states``, both lengths on those deals.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from typing import Dict, List, Sequence

import dealset
from dealset import DEFAULT_SET, ROOT, kabalsolve


def quantile(xs: Sequence[int], q: float) -> int:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def describe(xs: Sequence[int]) -> str:
    if not xs:
        return "no lines"
    return "median %g   mean %.1f   p90 %d   max %d   total %d  (%d lines)" % (
        statistics.median(xs), statistics.mean(xs), quantile(xs, .9), max(xs), sum(xs),
        len(xs))


def read_peer(path: str, draw: int) -> Dict[str, int]:
    """The peer's line lengths at ``draw`` by deal name (won deals only)."""
    out: Dict[str, int] = {}
    with open(path, encoding="utf-8") as f:
        next(f)
        for line in f:
            seed, d, result, length = line.rstrip("\n").split("\t")
            if int(d) == draw and result == "won" and length:
                out[seed] = int(length)
    return out


def main(argv: List[str] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--deals", default=DEFAULT_SET, help="deal-set file (default: %(default)s)")
    ap.add_argument("--limit", type=int, help="only the first N deals")
    ap.add_argument("--peer", metavar="TSV", help="another solver's line lengths")
    ap.add_argument("--min-moves", type=int, default=0, metavar="N",
                    help="also solve the first N won deals with --objective min-moves")
    ap.add_argument("--max-states", type=int, default=300_000,
                    help="the min-moves budget per deal (default %(default)s)")
    a = ap.parse_args(argv)
    deals = dealset.load(a.deals)[:a.limit]
    print("kabalsolve %s: won lines of klondike draw %d, %d deals from %s"
          % (kabalsolve.__version__, a.draw, len(deals), os.path.relpath(a.deals, ROOT)))
    lengths: Dict[str, int] = {}
    for name, deal in deals:
        sol = kabalsolve.solve(deal, draw=a.draw)
        if sol.won:
            lengths[name] = len(sol.moves)
    print("kabalsolve       %s" % describe(list(lengths.values())))
    if a.peer:
        peer = read_peer(a.peer, a.draw)
        both = [n for n in lengths if n in peer]
        print("peer             %s  (all its won lines)" % describe(list(peer.values())))
        print("on the %d deals both won: kabalsolve median %g, peer median %g; "
              "kabalsolve shorter on %d, longer on %d"
              % (len(both), statistics.median(lengths[n] for n in both),
                 statistics.median(peer[n] for n in both),
                 sum(lengths[n] < peer[n] for n in both),
                 sum(lengths[n] > peer[n] for n in both)))
    if a.min_moves:
        names = list(lengths)[:a.min_moves]
        by_name = dict(deals)
        short, proved = [], 0
        for n in names:
            sol = kabalsolve.solve(by_name[n], draw=a.draw, objective="min-moves",
                                   max_states=a.max_states)
            short.append(len(sol.moves))
            proved += bool(sol.extra.get("proved"))
        print("min-moves        %s; %d proved shortest (budget %d states)"
              % (describe(short), proved, a.max_states))
        print("the win search on the same %d deals: %s"
              % (len(names), describe([lengths[n] for n in names])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
