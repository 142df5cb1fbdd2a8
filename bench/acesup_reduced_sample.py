"""Aces Up: what a reduced game with fewer cards left out costs, on layouts the search
cannot cut.

    python bench/acesup_reduced_sample.py --seeds 6583,7889,4529,9563 [--stock 28] [--per-deal 6]

For each deal, random lines of the search's own moves are played until the stock holds
--stock cards (just after a deal); a layout is kept when the analysis passes it
(AcesUpBoard.win_bound() gives 48) and it is lost (solved alone, no budget).  Each kept
layout is then solved with the ranks Two .. k left out for k = Two .. Six (the cards of
those ranks taken off the piles and the stock and counted as discarded, as the search's
reduced games do) and printed as: the layout's positions, then for each k the verdict (w
won, l lost) and the positions of its reduced game.  The positions of the reduced games
include those of their own reduced games.  Fixed random seeds: the same build prints the
same lines.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import List, Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from kabalsolve.games import acesup

from kabalsolve import _core  # noqa: E402


RANKS = ("Two", "Three", "Four", "Five", "Six")


def solve_without(piles: Sequence[Sequence[int]], stock: Sequence[Optional[int]],
                  gone: Sequence[int], top: int) -> tuple:
    """The verdict of the position with the ranks Two .. top (RANK 1 .. top - 1) left out."""
    def out(c: Optional[int]) -> bool:
        return c is not None and 1 <= c % 13 <= top - 1
    return _core.acesup_solve(
        [[c for c in p if not out(c)] for p in piles],
        [None if out(c) else c for c in stock],
        list(gone) + [c for p in piles for c in p if out(c)] + [c for c in stock if out(c)],
        False, False, False, 0)


def sample(seed: int, stock_left: int, want: int, tries: int = 5000) -> List[str]:
    deck = acesup.Deal.from_seed(seed).deck
    rng = random.Random(seed)
    lines: List[str] = []
    for _ in range(tries):
        if len(lines) >= want:
            break
        board = _core.AcesUpBoard([[c] for c in deck[:4]], list(deck[4:]))
        while len(board.snapshot()[1]) > stock_left:
            moves = board.moves(False)
            if not moves:
                break
            board.push(rng.choice(moves))
        piles, stock, gone = board.snapshot()
        if len(stock) != stock_left or board.win_bound()[0] < 48:
            continue
        full = _core.acesup_solve(piles, stock, gone, False, False, False, 0)
        if full[0] != "lost":
            continue
        row = [f"deal {seed}: layout {full[3]}"]
        for top in range(2, 7):
            r = solve_without(piles, stock, gone, top)
            row.append(f"to {RANKS[top - 2]} {r[0][0]}/{r[3]}")
        lines.append("  ".join(row))
    return lines


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", required=True, help="deal numbers, comma-separated")
    ap.add_argument("--stock", type=int, default=28, help="cards left in the stock (multiple of 4)")
    ap.add_argument("--per-deal", type=int, default=6, help="layouts kept per deal")
    a = ap.parse_args(argv)
    for seed in (int(x) for x in a.seeds.split(",")):
        for line in sample(seed, a.stock, a.per_deal):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
