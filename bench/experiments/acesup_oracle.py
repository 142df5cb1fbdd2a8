"""Aces Up: how many positions the search would save if its bound knew, at every layout
just after a deal that passes it with at most K deals still to come, what the lines
from that layout really do (an oracle: it searches every line from the layout, with no
cut, and makes the analysis again with the real facts put in).  The oracle's own work
is not counted: the figure is what a perfect bound of that kind could save, not a cut
anyone could afford.

Needs the scratch hooks of acesup-slack-hooks.patch (see acesup_slack.py for the
worktree and the build), then, from the worktree:

    PYTHONPATH=. python bench/experiments/acesup_oracle.py --seeds 372,4010,4417,486 \
        --runs 0:0 2:1 3:1 1:2 2:2 3:2 4:2 5:2

Each run is K:MODE, MODE 1 for the epochs at which each pile is really empty, 2 for
the real events after the last deal (what is on top, discarded, moved, and which piles
are empty then), 3 for both, 4 for the perfect bound of the analysis' form (the layout
is cut where some card other than an Ace is discarded in no line), 0 for no oracle.  A
layout whose lines exceed --limit positions is left to the search.
"""
from __future__ import annotations

import argparse
import time

from kabalsolve import _core, batch
from kabalsolve.generate import acesup_deal


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="372,4010,4417,486")
    ap.add_argument("--runs", nargs="+", default=["0:0", "2:2"])
    ap.add_argument("--limit", type=int, default=50000)
    a = ap.parse_args()
    batch.keep_tables(2048)
    seeds = [int(x) for x in a.seeds.split(",")]
    for run in a.runs:
        k, mode = (int(x) for x in run.split(":"))
        _core.oracle(k if mode else -1, mode, a.limit)
        states = []
        t0 = time.process_time()
        for seed in seeds:
            d = acesup_deal(seed).deck
            r = _core.acesup_solve([[c] for c in d[:4]], list(d[4:]), (), False, False,
                                   False, 0)
            states.append(r[3])
        calls, cuts, over, walked = _core.oracle(-1, 0)
        print(f"K {k} mode {mode}: positions {sum(states):,} "
              f"({', '.join(f'{s / 1e6:.2f} M' for s in states)}); oracle at {calls:,} "
              f"layouts, cut {cuts:,}, {over:,} over the limit, {walked:,} positions "
              f"walked; {time.process_time() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
