#!/usr/bin/env python3
"""Aces Up: the cost of one verdict call, deal by deal, by the two paths a verdict can
take: the median, 90th percentile and total CPU time per call.

    python bench/acesup_call_cost.py                    # seeds 1-300, usual and strict
    python bench/acesup_call_cost.py --rules usual --count 100 --repeat 3

"solve" is ``solve_acesup_position(pos, best_score=False)``: the search, then the line
decoded, shortened and replayed on the reference rules in Python (what ``is_winnable``
has used for Aces Up).  "verdict" is ``bridge.verdict(pos)``: the same search, its win
checked by the core's compiled replay (_check_acesup.pxi), no line made.  "core" is
``_core.acesup_solve`` alone on the same arguments (best_score=False): the search and
the list of move codes, the floor of both.  Deals are
``acesup.Deal.from_seed(seed)`` for seed = --seed .. --seed + --count - 1.  Each kind
of call makes its own pass over the deals, as bench/call_cost.py times Klondike's; each
call is timed in CPU time (``time.process_time``) around the call alone, and with
--repeat N every call is timed N times and its fastest time kept.  The verdicts of
the two paths must agree.
The usual rule's hard losses make most of the total (seeds 1-300: about 35 s a column
on one core).  Timings are printed, never asserted.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kabalsolve import _core  # noqa: E402
from kabalsolve.games.acesup import Deal, Position, Rules, bridge  # noqa: E402

RULES = {"usual": Rules(), "strict": Rules(strict=True),
         "discard-first": Rules(discard_first=True),
         "strict-discard-first": Rules(strict=True, discard_first=True)}


def timed(fn: Callable[[], Any], repeat: int) -> Tuple[float, Any]:
    """(the fastest of repeat calls of fn in CPU seconds, what the last call returned)"""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t0)
    return best, out


def percentile(values: List[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", choices=sorted(RULES), action="append",
                    help="usual and strict when not given")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=1, help="time each call N times, keep the best")
    a = ap.parse_args()
    seeds = range(a.seed, a.seed + a.count)
    print("Aces Up seeds %d-%d, CPU time per call, %s" % (
        seeds[0], seeds[-1], time.strftime("%Y-%m-%d")))
    for name in a.rules or ["usual", "strict"]:
        rules = RULES[name]
        positions = [Position(Deal.from_seed(s), rules) for s in seeds]
        bridge.verdict(positions[0])                          # warm-up
        bridge.solve_acesup_position(positions[0], best_score=False)
        kw = dict(strict=rules.strict, discard_first=rules.discard_first)
        # one pass over the deals for each kind of call: a call on a deal just after
        # another search of the same deal finds the processor's caches and branch
        # history warm, and would cost less
        solved = [timed(lambda: bridge.solve_acesup_position(pos, best_score=False),
                        a.repeat) for pos in positions]
        verdicts = [timed(lambda: bridge.verdict(pos), a.repeat) for pos in positions]
        cores = [timed(lambda: _core.acesup_solve(pos.piles, pos.stock, pos.discarded,
                                                  best_score=False, **kw), a.repeat)
                 for pos in positions]
        results: Dict[str, int] = {}
        for seed, (_, sol), (_, result) in zip(seeds, solved, verdicts):
            if result != sol.result:
                raise SystemExit("seed %d: the verdict says %s, solve %s"
                                 % (seed, result, sol.result))
            results[result] = results.get(result, 0) + 1
        cost: Dict[str, List[float]] = {"solve": [t for t, _ in solved],
                                        "verdict": [t for t, _ in verdicts],
                                        "core": [t for t, _ in cores]}
        print("%s rule (%s)     median      p90     total" % (
            name, ", ".join("%d %s" % (n, r) for r, n in sorted(results.items()))))
        for call, values in cost.items():
            print("  %-10s %8.3f ms %8.3f ms %8.2f s" % (
                call, 1000 * percentile(values, 0.5), 1000 * percentile(values, 0.9),
                sum(values)))


if __name__ == "__main__":
    main()
