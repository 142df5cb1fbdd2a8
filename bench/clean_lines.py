#!/usr/bin/env python3
"""Count the pointless moves left in kabalsolve's lines: it must print 0.

    python bench/clean_lines.py                    # 150 + 150 Klondike, 100 + 100 Aces Up
    python bench/clean_lines.py --klondike 50 --acesup 0 --first 1
    python bench/clean_lines.py --variants         # also no foundation moves, Vegas, danish

Deals: ``Deal.from_seed(first .. first + N - 1)`` of each game (default first 20001, a
set kept apart from the tests'), Klondike at draw 3 and draw 1 (``--variants``: also
without foundation moves, with Vegas passes and the danish stock), Aces Up under the
usual and the strict rule, each solved by one ``kabalsolve.solve`` call (budget
``--max-states``).  Every line is replayed on the reference rules and then tried for
every removal of tests/removable.py (the suite's own check, which shares no code with
the shortening): one card move, a card move with the next move of the same card, a
pass through the stock that plays nothing (Klondike); a lone card's move, a card moved
twice in one stretch, a stretch that fewer moves do (Aces Up).  Printed per rule set:
lines and their median length, removable moves found, the CPU time of the solves and
of the check; for Aces Up also the lone cards' moves the lines keep (no removal takes
them: the deals after them need the piles as they leave them).  The exit status is 1
if any move can go or any line fails to replay.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from typing import List, Tuple

import dealset  # noqa: F401  (puts the worktree's kabalsolve first on sys.path)
from dealset import ROOT, kabalsolve

sys.path.insert(0, os.path.join(ROOT, "tests"))
from removable import acesup_lone_moves, acesup_removals, klondike_removals  # noqa: E402

from kabalsolve.games import acesup, klondike  # noqa: E402


def klondike_sets(variants: bool) -> List[Tuple[str, dict]]:
    out = [("draw 3", dict(draw=3)), ("draw 1", dict(draw=1))]
    if variants:
        out += [("draw 3, no foundation moves", dict(draw=3, foundation_moves=False)),
                ("draw 1, no foundation moves", dict(draw=1, foundation_moves=False)),
                ("draw 3, 3 passes", dict(draw=3, passes=3)),
                ("draw 1, 1 pass", dict(draw=1, passes=1)),
                ("danish", dict(variant="danish"))]
    return out


def main(argv: List[str] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--klondike", type=int, default=150, help="Klondike deals per rule set")
    ap.add_argument("--acesup", type=int, default=100, help="Aces Up deals per rule")
    ap.add_argument("--first", type=int, default=20001, help="the first seed")
    ap.add_argument("--max-states", type=int, default=2_000_000)
    ap.add_argument("--variants", action="store_true",
                    help="Klondike also without foundation moves, with Vegas passes, danish")
    a = ap.parse_args(argv)
    seeds = range(a.first, a.first + a.klondike)
    total = bad = 0
    print("kabalsolve %s: pointless moves left in its lines (seeds %d..)"
          % (kabalsolve.__version__, a.first))
    for label, rules in klondike_sets(a.variants) if a.klondike else []:
        lines = found = 0
        lengths = []
        t_solve = t_check = 0.0
        for seed in seeds:
            deal = klondike.Deal.from_seed(seed)
            t = time.process_time()
            sol = kabalsolve.solve(deal, max_states=a.max_states, **rules)
            t_solve += time.process_time() - t
            if not sol.moves:
                continue
            lines += 1
            lengths.append(len(sol.moves))
            t = time.process_time()
            try:
                removals = klondike_removals(klondike.Position(deal, sol.rules), sol.moves)
            except AssertionError as e:
                print("  seed %d: %s" % (seed, e))
                bad += 1
                continue
            t_check += time.process_time() - t
            for r in removals:
                print("  seed %d: %s" % (seed, r))
            found += len(removals)
        total += found
        print("klondike %-28s %4d lines (median %g moves), %d removable moves; solve %.1f s, "
              "check %.1f s CPU" % (label, lines, statistics.median(lengths or [0]), found,
                                    t_solve, t_check))
    for label, rules in (("usual", dict()), ("strict", dict(strict=True))) if a.acesup else []:
        lines = found = lone = twice = with_lone = 0
        lengths = []
        t_solve = t_check = 0.0
        for seed in range(a.first, a.first + a.acesup):
            deal = acesup.Deal.from_seed(seed)
            t = time.process_time()
            sol = kabalsolve.solve(deal, max_states=a.max_states, **rules)
            t_solve += time.process_time() - t
            lines += 1
            lengths.append(len(sol.moves))
            t = time.process_time()
            start = acesup.Position(deal, sol.rules)
            try:
                removals = acesup_removals(start, sol.moves, sol.best)
            except AssertionError as e:
                print("  seed %d: %s" % (seed, e))
                bad += 1
                continue
            t_check += time.process_time() - t
            for r in removals:
                print("  seed %d: %s" % (seed, r))
            found += len(removals)
            n_lone, n_twice = acesup_lone_moves(start, sol.moves)
            lone += n_lone
            twice += n_twice
            with_lone += n_lone > 0
        total += found
        print("acesup   %-28s %4d lines (median %g moves), %d removable moves; solve %.1f s, "
              "check %.1f s CPU" % (label, lines, statistics.median(lengths or [0]), found,
                                    t_solve, t_check))
        print("         lone cards' moves kept (no removal takes them): %d in %d lines, "
              "%d of them a card's second move in its stretch" % (lone, with_lone, twice))
    print("removable moves: %d; lines that do not replay: %d" % (total, bad))
    return 1 if total or bad else 0


if __name__ == "__main__":
    sys.exit(main())
