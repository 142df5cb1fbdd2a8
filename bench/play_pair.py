#!/usr/bin/env python3
"""Two players compared deal by deal: the games each wins alone and McNemar's test.

    python bench/play_pair.py A.tsv B.tsv [--first 1] [--last N]

Each file has a header line and one line a deal, tab-separated, the deal number
first and the result ("won" or another word) in the column headed "result" (else the
second): what ``play_rate.py --out`` writes, and the same for any other player.  Only the deals in both files (and in
``--first`` .. ``--last``) count.  Prints each player's wins with the 95 % Wilson
interval, the deals both win, the deals each wins alone, and the two-sided p of the
exact McNemar test (the deals won by one alone split as fair coin tosses would).
"""
import argparse
import os
import sys
from math import comb
from typing import Dict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kabalsolve.stats import wilson  # noqa: E402


def read(path: str) -> Dict[int, bool]:
    """Deal number -> won, from a results file (first line a header)."""
    out = {}
    with open(path, encoding="utf-8") as f:
        head = next(f).rstrip("\n").split("\t")
        at = head.index("result") if "result" in head else 1
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > at and cols[0].isdigit():
                out[int(cols[0])] = cols[at] == "won"
    return out


def mcnemar(a: int, b: int) -> float:
    """The two-sided p of the exact McNemar test for discordant counts a and b."""
    n = a + b
    if n == 0:
        return 1.0
    k = min(a, b)
    p = 2 * sum(comb(n, i) for i in range(k + 1)) / 2 ** n
    return min(1.0, p)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=10**9)
    a = ap.parse_args()
    ra, rb = read(a.a), read(a.b)
    deals = sorted(d for d in ra.keys() & rb.keys() if a.first <= d <= a.last)
    n = len(deals)
    if not n:
        sys.exit("no deal in both files")
    both = sum(ra[d] and rb[d] for d in deals)
    only_a = [d for d in deals if ra[d] and not rb[d]]
    only_b = [d for d in deals if rb[d] and not ra[d]]
    print("%d deals (%d-%d)" % (n, deals[0], deals[-1]))
    for name, r in ((a.a, ra), (a.b, rb)):
        w = sum(r[d] for d in deals)
        lo, hi = wilson(w, n)
        print("%s: won %d = %.1f %% [%.1f, %.1f]" % (name, w, 100 * w / n, 100 * lo,
                                                     100 * hi))
    print("both won %d; won by A alone %d, by B alone %d; McNemar p = %.3g"
          % (both, len(only_a), len(only_b), mcnemar(len(only_a), len(only_b))))


if __name__ == "__main__":
    main()
