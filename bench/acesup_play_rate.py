#!/usr/bin/env python3
"""Aces Up played without peeking: a first figure for a player who does not know the
order of the cards still to deal.

    python bench/acesup_play_rate.py [--strict] [--count 200] [--seed 1] [--samples 20]
                                     [--max-states 2000] [--jobs 1] [--verbose]

The player sees the four piles (every card in them) and the discarded cards, so it
knows which cards the stock still holds but not their order.  Before each move it
deals the stock's cards in a random order ``--samples`` times and asks the core
whether each such game can still be won (48 discarded) after each legal move, at most
``--max-states`` positions a search; every move is tried on the same random orders.
It plays the move that wins the most, between equals a discard first, then the first
legal move (hindsight optimisation, as the Klondike player).  It never moves a lone
card to an empty pile: which pile a card lies on matters only through the order of
the cards to come, which it does not know.  Nor does it go back to a layout seen since
the last deal or discard, so every game ends.  Prints the win
rate with its 95 % Wilson interval beside the thoughtful win rate of the same deals
(every card seen, proved by the solver), and the median CPU time per game.
"""
import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Dict, List, Tuple

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kabalsolve import _core  # noqa: E402
from kabalsolve.games.acesup.rules import Deal, Move, Position, Rules  # noqa: E402
from kabalsolve.stats import wilson  # noqa: E402


def wins_after(pos: Position, move: Move, stock: List[int], max_states: int) -> bool:
    child = pos.copy()
    child.stock = list(stock)
    child.push(move)
    status = _core.acesup_solve(child.piles, child.stock, child.discarded,
                                strict=pos.rules.strict,
                                discard_first=pos.rules.discard_first,
                                best_score=False, max_states=max_states)[0]
    return status == "won"


def layout(pos: Position) -> Tuple[Any, ...]:
    return tuple(map(tuple, pos.piles))


def choose(pos: Position, seen: set, rng: random.Random, samples: int,
           max_states: int) -> Move:
    legal = [m for m in pos.legal_moves() if m.kind != "move" or (
        len(pos.piles[int(m.src[1]) - 1]) > 1 and not _back(pos, m, seen))]
    if len(legal) <= 1:
        return legal[0] if legal else None
    wins = [0] * len(legal)
    for _ in range(samples if pos.stock else 1):
        stock = list(pos.stock)
        rng.shuffle(stock)
        for i, m in enumerate(legal):
            wins[i] += wins_after(pos, m, stock, max_states)
    best = min(range(len(legal)), key=lambda i: (-wins[i], legal[i].kind != "discard", i))
    return legal[best]


def _back(pos: Position, m: Move, seen: set) -> bool:
    """Whether ``m`` leads to a layout seen since the last deal or discard."""
    child = pos.copy()
    child.push(m)
    return layout(child) in seen


def play(args: Dict[str, Any]) -> Tuple[int, bool, bool, float]:
    """(deal, won without peeking, won with every card seen, CPU seconds)."""
    rules = Rules(strict=args["strict"])
    deal = Deal.from_seed(args["seed"])
    t = time.process_time()
    rng = random.Random(args["seed"] * 1_000_003 + args["player_seed"])
    pos = Position(deal, rules)
    seen = {layout(pos)}
    while True:
        m = choose(pos, seen, rng, args["samples"], args["max_states"])
        if m is None:
            break
        pos.push(m)
        if m.kind != "move":
            seen = set()
        seen.add(layout(pos))
    cpu = time.process_time() - t
    start = Position(deal, rules)
    thoughtful = _core.acesup_solve(start.piles, start.stock, start.discarded,
                                    strict=rules.strict, best_score=False)[0] == "won"
    return args["seed"], pos.is_won(), thoughtful, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--strict", action="store_true", help="only Aces move to empty piles")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1, help="the first deal")
    ap.add_argument("--samples", type=int, default=20)
    ap.add_argument("--max-states", type=int, default=2000)
    ap.add_argument("--player-seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="one line per game")
    a = ap.parse_args()
    work = [dict(seed=s, strict=a.strict, samples=a.samples, max_states=a.max_states,
                 player_seed=a.player_seed) for s in range(a.seed, a.seed + a.count)]
    rows = []
    with ProcessPoolExecutor(a.jobs) as pool:
        for row in pool.map(play, work):
            rows.append(row)
            if a.verbose:
                print("%d\t%s\t%s\t%.2f s" % (row[0], "won" if row[1] else "lost",
                                               "winnable" if row[2] else "lost", row[3]),
                      flush=True)
    n = len(rows)
    won = sum(r[1] for r in rows)
    winnable = sum(r[2] for r in rows)
    lo, hi = wilson(won, n)
    print("aces up, %s rule, deals %d-%d, %d samples, %d positions a search, player "
          "seed %d" % ("strict" if a.strict else "usual", a.seed, a.seed + n - 1,
                       a.samples, a.max_states, a.player_seed))
    print("won without peeking %d of %d = %.1f %% (95 %% Wilson interval %.1f-%.1f %%); "
          "with every card seen %d = %.1f %%" % (won, n, 100 * won / n, 100 * lo, 100 * hi,
                                                 winnable, 100 * winnable / n))
    cpu = [r[3] for r in rows]
    print("CPU per game: median %.2f s, max %.2f s" % (statistics.median(cpu), max(cpu)))


if __name__ == "__main__":
    main()
