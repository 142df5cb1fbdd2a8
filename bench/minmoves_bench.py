#!/usr/bin/env python3
"""min-moves against ShootMe's minimal solver (pyksolve's solve_minimal).

    .venv-bench/bin/python bench/minmoves_bench.py                  # 100 deals
    .venv-bench/bin/python bench/minmoves_bench.py --deals 10 --csv out.csv
    python bench/minmoves_bench.py --peer-from out.csv    # pyksolve's figures from then

The deals: the first N seeds of our generator that kabalsolve wins at draw 1.  For
each, in this one process (CPU time, time.process_time):
- ours: ``kabalsolve.solve(deal, draw=1, objective="min-moves")`` within --max-states
  and --timeout; its length is len(solution.moves) (each stock turn, recycle and card
  or run move is one move), and whether it is proved minimal;
- pyksolve: ``solve_minimal`` (its own budget, 5,000,000 closed states); its moves are
  replayed on our reference rules (bench/peer_pyksolve.shootme_moves) and counted in
  our metric; its own count (ShootMe's notation, tokens of moves_made()) is printed too.
The target: ours no longer on every deal, total CPU time no more than pyksolve's.
"""
from __future__ import annotations

import argparse
import csv
import sys
import time
from typing import Any, Dict, List

import dealset  # noqa: F401  (puts the worktree's kabalsolve first on sys.path)
import peer_pyksolve as peer
from dealset import kabalsolve


def won_seeds(n: int) -> List[int]:
    """The first n seeds (from 1) whose deal kabalsolve wins at draw 1."""
    out: List[int] = []
    seed = 0
    while len(out) < n:
        seed += 1
        if kabalsolve.solve(kabalsolve.deal_from_seed(seed), draw=1).won:
            out.append(seed)
    return out


def run_ours(deal: Any, max_states: int, timeout: float) -> Dict[str, Any]:
    t0 = time.process_time()
    sol = kabalsolve.solve(deal, draw=1, objective="min-moves", max_states=max_states,
                           timeout=timeout)
    cpu = time.process_time() - t0
    return dict(ours=len(sol.moves) if sol.won else None, proved=sol.extra["proved"],
                ours_cpu=cpu, ours_states=sol.stats.states)


def run_peer(deal: Any) -> Dict[str, Any]:
    t0 = time.process_time()
    result, _secs, raw, s = peer.solve(deal, 1, "minimal")
    cpu = time.process_time() - t0
    moves = None
    own = None
    if result == peer.WON:
        text = s.moves_made()
        moves = len(peer.shootme_moves(deal, 1, text))
        own = len(text.split())
    return dict(peer=moves, peer_own=own, peer_raw=raw, peer_cpu=cpu)


def main(argv: Any = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--max-states", type=int, default=4_000_000,
                    help="our budget per deal (positions), default 4,000,000")
    ap.add_argument("--timeout", type=float, default=60.0,
                    help="our budget per deal (seconds), default 60")
    ap.add_argument("--csv", default=None, help="write one row per deal here")
    ap.add_argument("--peer-from", default=None, metavar="CSV",
                    help="take pyksolve's figures from an earlier run's --csv instead of "
                         "running it again (they are printed as measured then)")
    args = ap.parse_args(argv)
    why = peer.available()
    if why and not args.peer_from:
        print(why, file=sys.stderr)
        return 2
    seeds = won_seeds(args.deals)
    earlier: Dict[int, Dict[str, Any]] = {}
    if args.peer_from:
        with open(args.peer_from, newline="") as f:
            for r in csv.DictReader(f):
                earlier[int(r["seed"])] = dict(
                    peer=int(r["peer"]) if r["peer"] else None,
                    peer_own=int(r["peer_own"]) if r["peer_own"] else None,
                    peer_raw=r["peer_raw"], peer_cpu=float(r["peer_cpu"]))
    rows = []
    for seed in seeds:
        deal = kabalsolve.deal_from_seed(seed)
        row: Dict[str, Any] = dict(seed=seed)
        row.update(run_ours(deal, args.max_states, args.timeout))
        row.update(earlier[seed] if seed in earlier else run_peer(deal))
        rows.append(row)
        print("seed %4d  ours %4s%s %7.2f s   pyksolve %4s (own count %4s, %s) %7.2f s"
              % (seed, row["ours"], "*" if row["proved"] else " ", row["ours_cpu"],
                 row["peer"], row["peer_own"], row["peer_raw"], row["peer_cpu"]),
              flush=True)
    both = [r for r in rows if r["ours"] is not None and r["peer"] is not None]
    longer = [r for r in both if r["ours"] > r["peer"]]
    shorter = [r for r in both if r["ours"] < r["peer"]]
    print()
    print("deals: %d (seeds %d..%d won at draw 1)" % (len(rows), seeds[0], seeds[-1]))
    print("ours proved minimal: %d of %d (* above)" % (sum(r["proved"] for r in rows),
                                                      len(rows)))
    print("pyksolve won: %d; both won: %d" % (sum(r["peer"] is not None for r in rows),
                                              len(both)))
    print("ours longer than pyksolve: %d deals %s" % (
        len(longer), [(r["seed"], r["ours"], r["peer"]) for r in longer]))
    print("ours shorter: %d deals; equal: %d" % (len(shorter),
                                                 len(both) - len(shorter) - len(longer)))
    print("total moves (both won): ours %d, pyksolve %d" % (
        sum(r["ours"] for r in both), sum(r["peer"] for r in both)))
    print("total CPU: ours %.1f s, pyksolve %.1f s" % (
        sum(r["ours_cpu"] for r in rows), sum(r["peer_cpu"] for r in rows)))
    ok = not longer and sum(r["ours_cpu"] for r in rows) <= sum(r["peer_cpu"] for r in rows)
    print("target (no longer on every deal, total time <= pyksolve's): %s"
          % ("met" if ok and len(both) == len(rows) else "NOT met"))
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
