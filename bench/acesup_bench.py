"""Aces Up: verdicts and best scores over seeded deals, timed per call in CPU time.

    python bench/acesup_bench.py --count 200 [--strict] [--best-score] [--max-states N]
                                 [--no-dominance] [--no-must-move] [--no-reduce]
                                 [--seeds 12,22,...] [--keep-tables MB]

Deals are kabalsolve.games.acesup.Deal.from_seed(seed) for seed = --seed .. --seed + count - 1,
or the seeds listed by --seeds.
Prints won / lost / unknown with the 95 % Wilson interval (unknowns counted both ways),
the median, 90th and 99th percentile and the largest time per call, the total, and with
--best-score the mean best score and how many were proved.  --csv FILE keeps one line per
deal.  The targets (10,000 deals): verdict median <= 5 ms, p99 <= 1 s, 0 unknown;
best score median <= 50 ms.  --no-dominance turns the search's dominance cut off
(ac_dominated), --no-must-move its must-move mode (ac_search_bound), --no-reduce its cut by
reduced games (ac_reduced_lost), to measure what each saves on the same build.  The states
counted include those of the reduced games.  --keep-tables MB lets the process keep up
to MB MiB of freed big tables for its next deals, as a batch worker does
(kabalsolve.batch.keep_tables; default 0, each deal maps its tables afresh).
"""
from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kabalsolve.games import acesup

import kabalsolve  # noqa: E402
from kabalsolve import _core, batch  # noqa: E402
from kabalsolve.stats import wilson  # noqa: E402


def pct(xs, q):
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--discard-first", action="store_true")
    ap.add_argument("--best-score", action="store_true")
    ap.add_argument("--max-states", type=int, default=None)
    ap.add_argument("--csv", default=None)
    ap.add_argument("--no-dominance", action="store_true")
    ap.add_argument("--no-must-move", action="store_true")
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--seeds", default=None, help="comma-separated seeds (instead of "
                    "--seed and --count)")
    ap.add_argument("--keep-tables", type=int, default=0, metavar="MB",
                    help="MiB of freed big tables kept for the next deals (default 0)")
    a = ap.parse_args()
    batch.keep_tables(a.keep_tables)
    seeds = ([int(x) for x in a.seeds.split(",")] if a.seeds else
             list(range(a.seed, a.seed + a.count)))
    rows = []
    for seed in seeds:
        deal = acesup.Deal.from_seed(seed)
        t = time.process_time()
        if a.no_dominance or a.no_must_move or a.no_reduce:
            d = deal.deck
            r = _core.acesup_solve([[d[i]] for i in range(4)], list(d[4:]), (), a.strict,
                                   a.discard_first, a.best_score, a.max_states or 0,
                                   dominance=not a.no_dominance,
                                   must_move=not a.no_must_move,
                                   reduce=not a.no_reduce)
            row = (seed, r[0], r[7], r[8], r[3])
        else:
            sol = kabalsolve.solve(deal, strict=a.strict, discard_first=a.discard_first,
                                   best_score=a.best_score, max_states=a.max_states)
            row = (seed, sol.result, sol.score(), sol.score_proved, sol.stats.states)
        rows.append(row + (time.process_time() - t,))
        if sys.stderr.isatty():
            print("\r%d/%d" % (len(rows), len(seeds)), end="", file=sys.stderr)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    n = len(rows)
    won = sum(r[1] == "won" for r in rows)
    unknown = sum(r[1] == "unknown" for r in rows)
    lo, _ = wilson(won, n)
    _, hi = wilson(won + unknown, n)
    times = sorted(r[5] for r in rows)
    rules = ("strict" if a.strict else "usual") + (", discard first" if a.discard_first else "")
    which = ("seeds " + a.seeds if a.seeds else "deals %d-%d" % (a.seed, a.seed + n - 1))
    print("acesup %s, %s, %s%s%s%s" % (
        rules, "best score" if a.best_score else "verdict", which,
        "" if a.max_states is None else ", at most %d states each" % a.max_states,
        ", no dominance cut" if a.no_dominance else "",
        ", no must-move mode" if a.no_must_move else "") +
        (", no reduced games" if a.no_reduce else "") +
        (", %d MiB of tables kept" % a.keep_tables if a.keep_tables else ""))
    print("  won %d, lost %d, unknown %d: %.2f %% won (95 %% interval [%.2f, %.2f] %%)" % (
        won, n - won - unknown, unknown, 100 * won / max(n - unknown, 1), 100 * lo, 100 * hi))
    print("  CPU per call: median %.2f ms, p90 %.1f ms, p99 %.1f ms, max %.2f s; total %.1f s"
          % (1e3 * pct(times, .5), 1e3 * pct(times, .9), 1e3 * pct(times, .99), times[-1],
             sum(times)))
    print("  states: %d in all" % sum(r[4] for r in rows))
    if a.best_score:
        proved = sum(r[3] for r in rows)
        print("  mean best score %.3f; %d of %d proved best" % (
            sum(r[2] for r in rows) / n, proved, n))
    if a.csv:
        with open(a.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["seed", "result", "score", "score_proved", "states", "cpu_seconds"])
            w.writerows(rows)


if __name__ == "__main__":
    main()
