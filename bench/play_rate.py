#!/usr/bin/env python3
"""Klondike played without peeking: the player's win rate and its time per game.

    python bench/play_rate.py [--model stock-known|as-dealt] [--draw 3] [--count 200]
                              [--seed 1] [--samples K] [--max-states N]
                              [--player-seed 0] [--rule ucb|halving] [--passes P]
                              [--solve] [--jobs 1] [--verbose] [--out FILE]

Plays the seeded deals SEED .. SEED+COUNT-1 (``Deal.from_seed``) with
``kabalsolve.play`` and prints the win rate with its 95 % Wilson interval, and the
median and the largest CPU time of a game (the player's process alone: with
``--jobs 2`` two games run at once, each on its own core).  ``--solve`` also asks the
thoughtful solver about each deal (at most 5,000,000 positions; not in the times) and
prints how many of the winnable deals the player won.  ``--passes`` limits the passes
through the stock (Vegas: draw 3 with 3, draw 1 with 1); the cards on the foundations
at each game's end and the Vegas score (5 a card, less the 52 paid) are printed with
their means.  ``--rule ucb`` plays the bandit rule (see player.py; with ``--samples 100``);
``--out`` writes one line a deal for ``play_pair.py``.  Give the figures with the
command and its date (docs/results.md).
"""
import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Dict, List, Tuple

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import kabalsolve  # noqa: E402
from kabalsolve.games.klondike import player  # noqa: E402
from kabalsolve.games.klondike.rules import start_position  # noqa: E402
from kabalsolve.stats import wilson  # noqa: E402

Row = Tuple[int, str, str, int, float, str, int]


def one(args: Dict[str, Any]) -> Row:
    """(deal number, result, how it ended, moves, CPU seconds, the deal's verdict)."""
    deal = kabalsolve.deal_from_seed(args["seed"])
    t = time.process_time()
    rules = kabalsolve.Rules(draw=args["draw"], passes=args["passes"])
    game = player.play_deal(deal, rules, seed=args["player_seed"], model=args["model"],
                            samples=args["samples"], max_states=args["max_states"],
                            rule=args["rule"])
    cpu = time.process_time() - t
    verdict = ""
    if args["solve"]:
        verdict = "won" if game.won else kabalsolve.solve(
            deal, draw=args["draw"], max_states=player.DEAL_STATES).result
    pos = start_position(deal, rules)
    for m in game.moves:
        pos.push(m)
    return (args["seed"], game.result, game.ended, len(game.moves), cpu, verdict,
            sum(pos.foundations))


def mean_interval(xs: List[int]) -> Tuple[float, float]:
    """The 95 % interval of the mean of ``xs`` (normal approximation)."""
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
    return m - h, m + h


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=("stock-known", "as-dealt"), default="stock-known")
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1, help="the first deal")
    ap.add_argument("--samples", type=int, default=player.SAMPLES)
    ap.add_argument("--max-states", type=int, default=player.MAX_STATES)
    ap.add_argument("--player-seed", type=int, default=0)
    ap.add_argument("--rule", choices=player.RULES, default=player.RULE,
                    help="how the player shares its imagined deals between choices")
    ap.add_argument("--passes", type=int, default=None, help="passes through the stock")
    ap.add_argument("--out", help="write one line a deal here (tab-separated)")
    ap.add_argument("--solve", action="store_true",
                    help="also the thoughtful solver's verdict of each deal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="one line per game")
    a = ap.parse_args()
    work = [dict(seed=s, draw=a.draw, player_seed=a.player_seed, model=a.model,
                 samples=a.samples, max_states=a.max_states, solve=a.solve,
                 rule=a.rule, passes=a.passes)
            for s in range(a.seed, a.seed + a.count)]
    t0 = time.perf_counter()
    rows: List[Row] = []
    with ProcessPoolExecutor(a.jobs) as pool:
        for row in pool.map(one, work):
            rows.append(row)
            if a.verbose:
                print("%d\t%s\t%s\t%d moves\t%.2f s\t%s\t%d up" % row, flush=True)
    wall = time.perf_counter() - t0
    if a.out:
        with open(a.out, "w") as f:
            f.write("seed\tresult\tended\tmoves\tcpu\tverdict\tfoundations\n")
            for r in rows:
                f.write("%d\t%s\t%s\t%d\t%.3f\t%s\t%d\n" % r)
    n = len(rows)
    won = sum(r[1] == "won" for r in rows)
    lo, hi = wilson(won, n)
    cpu = [r[4] for r in rows]
    print("klondike draw %d, %s, deals %d-%d, %d samples, %d states a search, player "
          "seed %d" % (a.draw, a.model, a.seed, a.seed + n - 1, a.samples, a.max_states,
                       a.player_seed))
    print("won %d of %d = %.1f %% (95 %% Wilson interval %.1f-%.1f %%)"
          % (won, n, 100 * won / n, 100 * lo, 100 * hi))
    if a.solve:
        winnable = sum(r[5] == "won" for r in rows)
        unknown = sum(r[5] == "unknown" for r in rows)
        print("the deals: %d winnable, %d lost, %d unknown; won %.1f %% of the winnable"
              % (winnable, n - winnable - unknown, unknown, 100 * won / max(winnable, 1)))
    up = [r[6] for r in rows]
    lo, hi = mean_interval(up)
    print("cards on the foundations at the end: mean %.2f [%.2f, %.2f]; Vegas score "
          "(5 a card, less 52): mean %.1f [%.1f, %.1f]"
          % (statistics.mean(up), lo, hi, 5 * statistics.mean(up) - 52, 5 * lo - 52,
             5 * hi - 52))
    ended: Dict[str, int] = {}
    for r in rows:
        ended[r[2]] = ended.get(r[2], 0) + 1
    print("ended: " + ", ".join("%s %d" % kv for kv in sorted(ended.items())))
    print("CPU per game: median %.2f s, max %.2f s, total %.0f s (wall %.0f s, %d jobs)"
          % (statistics.median(cpu), max(cpu), sum(cpu), wall, a.jobs))


if __name__ == "__main__":
    main()
