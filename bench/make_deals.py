#!/usr/bin/env python3
"""Make, or check, the fixed bench deal set: kabalsolve.deal_from_seed(1..N).

    python bench/make_deals.py            # check the stored set against the generator
                                          # (writes it only if the file does not exist)
    python bench/make_deals.py --write    # overwrite the stored set from the generator

The set is stored as cards, so benchmarks keep using the same deals even if the
generator changes; a check that fails means the generator changed (the stored file
stays the reference: do not overwrite it lightly, or old figures stop being comparable).
Exit status: 0 = the file matches, 1 = it differs, 2 = bad usage.
"""
from __future__ import annotations

import argparse
import os
import sys

import dealset
from dealset import DEFAULT_SET, deck_line, kabalsolve

HEADER = """\
# kabalsolve bench deal set: kabalsolve.deal_from_seed(SEED) for SEED = 1..{n}
# (kabalsolve/seeds.py: splitmix64 + Fisher-Yates, dealt row by row).
# One deal a line: SEED<TAB>52 cards in Deal.deck() order (the `deck:` line of a deal file:
# row 1 one card to each of T1..T7, row 2 to T2..T7, ...; the last 24 = the stock in
# turning order).  The same deals serve draw 1 and draw 3.  Stored as cards so the set
# never changes; `python bench/make_deals.py` checks it still matches the generator.
"""


def generate(n: int) -> str:
    lines = [deck_line(str(seed), kabalsolve.deal_from_seed(seed)) for seed in range(1, n + 1)]
    return HEADER.format(n=n) + "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=300, help="seeds 1..COUNT (default 300)")
    ap.add_argument("--out", default=DEFAULT_SET, help="the deal-set file (default %(default)s)")
    ap.add_argument("--write", action="store_true", help="overwrite the file from the generator")
    a = ap.parse_args(argv)
    if a.count < 1:
        ap.error("--count must be at least 1")
    text = generate(a.count)
    if a.write or not os.path.exists(a.out):
        os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
        with open(a.out, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        deals = dealset.load(a.out)
        print("wrote %d deals to %s (digest %s)" % (len(deals), a.out, dealset.digest(deals)))
        return 0
    stored = dealset.load(a.out)
    fresh = [dealset.parse_line(line, "generator")
             for line in text.splitlines() if line and not line.startswith("#")]
    if len(stored) != len(fresh):
        print("%s holds %d deals, the generator was asked for %d (use --count)"
              % (a.out, len(stored), len(fresh)))
        return 1
    bad = [name for (name, d), (_, g) in zip(stored, fresh) if d != g]
    names_differ = [s for (s, _), (g, _) in zip(stored, fresh) if s != g]
    if bad or names_differ:
        print("%s no longer matches kabalsolve.deal_from_seed: %d deal(s) differ (first: %s)"
              % (a.out, len(bad) + len(names_differ), (bad or names_differ)[0]))
        print("the stored file stays the benchmark set; regenerate only on purpose (--write)")
        return 1
    print("%s: %d deals match kabalsolve.deal_from_seed(1..%d) (digest %s)"
          % (a.out, len(stored), a.count, dealset.digest(stored)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
