#!/usr/bin/env python3
"""Where the player that does not peek loses deals it could have won: the move after
which the game can no longer be won.

    python bench/play_losses.py [--model stock-known|as-dealt] [--draw 3] [--count 300]
                                [--seed 1] [--jobs 1] [--verbose]

Plays the seeded deals SEED .. SEED+COUNT-1 as ``bench/play_rate.py`` does (the default
player), and for each game lost on a deal the thoughtful solver wins, finds the fatal
move: the first move after which the real position (every card known, as the solver
sees it) is lost.  A position that can be won stays so until a move makes it lost, so
the search for that move halves the game each time (a few solves a game, at most
MAX_STATES positions each; a deal where one of them cannot tell is counted apart).
Prints how many fatal moves are of each kind (the player's own order between kinds:
turning a card up, a card to its foundation, a card from the waste onto a column, a
turn of the stock, a move that empties a column), how far into the game they come, and
how many cards were still face down, and with --verbose the move of each deal in
words.
"""
import argparse
import os
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Dict, List, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import kabalsolve  # noqa: E402
from kabalsolve.games.klondike import player  # noqa: E402
from kabalsolve.games.klondike.rules import Rules, start_position  # noqa: E402

#: the positions each solve along a game may take
MAX_STATES = 2_000_000
#: the kinds of move, in the order of ``player._kind_of``
KINDS = ("turns a card up", "to its foundation", "waste to a column", "turns the stock",
         "empties a column")

#: (deal, "won" | "not winnable" | "fatal" | "unknown", move number, moves, kind, words,
#: face-down cards before the fatal move)
Row = Tuple[int, str, int, int, int, str, int]


def verdict(deal: Any, rules: Rules, moves: List[Any], n: int) -> str:
    """The solver's verdict on the real position after the first ``n`` moves."""
    pos = start_position(deal, rules)
    for m in moves[:n]:
        pos.push(m)
    return kabalsolve.solve(pos, max_states=MAX_STATES).result


def one(args: Dict[str, Any]) -> Row:
    deal = kabalsolve.deal_from_seed(args["seed"])
    rules = Rules(draw=args["draw"])
    game = kabalsolve.play(deal, draw=args["draw"], stock_known=args["model"] == "stock-known")
    moves = game.moves
    if game.won:
        return args["seed"], "won", 0, len(moves), -1, "", 0
    first = verdict(deal, rules, moves, 0)
    if first != "won":
        return args["seed"], "not winnable" if first == "lost" else "unknown", 0, \
            len(moves), -1, "", 0
    lo, hi = 0, len(moves)        # won after lo moves; lost (we check) after hi
    last: Optional[str] = verdict(deal, rules, moves, hi)
    if last != "lost":
        return args["seed"], "unknown", 0, len(moves), -1, "", 0
    while hi - lo > 1:
        mid = (lo + hi) // 2
        v = verdict(deal, rules, moves, mid)
        if v == "unknown":
            return args["seed"], "unknown", 0, len(moves), -1, "", 0
        if v == "won":
            lo = mid
        else:
            hi = mid
    pos = start_position(deal, rules)
    for m in moves[:hi - 1]:
        pos.push(m)
    fatal = moves[hi - 1]
    return (args["seed"], "fatal", hi, len(moves), player._kind_of(pos, fatal),
            pos.describe(fatal), sum(pos.down))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=("stock-known", "as-dealt"), default="stock-known")
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1, help="the first deal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="the fatal move of each deal")
    a = ap.parse_args()
    work = [dict(seed=s, draw=a.draw, model=a.model) for s in range(a.seed, a.seed + a.count)]
    with ProcessPoolExecutor(a.jobs) as pool:
        rows = list(pool.map(one, work))
    ends: Dict[str, int] = {}
    for r in rows:
        ends[r[1]] = ends.get(r[1], 0) + 1
    fatal = [r for r in rows if r[1] == "fatal"]
    print("klondike draw %d, %s, deals %d-%d, the default player" % (
        a.draw, a.model, a.seed, a.seed + a.count - 1))
    print("games: " + ", ".join("%s %d" % kv for kv in sorted(ends.items())))
    if fatal:
        print("the fatal move of the %d winnable deals lost, by kind:" % len(fatal))
        for k, name in enumerate(KINDS):
            print("  %-20s %d" % (name, sum(r[4] == k for r in fatal)))
        print("it comes at move %g of %g (medians); the game ends %g moves later" % (
            statistics.median(r[2] for r in fatal), statistics.median(r[3] for r in fatal),
            statistics.median(r[3] - r[2] for r in fatal)))
        print("face-down cards before it: median %g, %d of %d deals with 12 to 20" % (
            statistics.median(r[6] for r in fatal), sum(12 <= r[6] <= 20 for r in fatal),
            len(fatal)))
    if a.verbose:
        for r in fatal:
            print("%d\tmove %d of %d\t%s" % (r[0], r[2], r[3], r[5]))


if __name__ == "__main__":
    main()
