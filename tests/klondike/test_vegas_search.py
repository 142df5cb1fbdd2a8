"""The Vegas search space: why a dominance between waste pointers buys nothing
with one pass.

A position with the waste pointer further on is reachable from the same position with
a smaller pointer by turning, so it never needs its own search.  But the core never
turns on its own: a talon move takes the card at index j and leaves the pointer at j.
In the only pass, every card taken from the stock was dealt after every card taken
before it, so the pointer always counts the talon cards left that were dealt before the
last card taken from the stock: it is a function of which cards are left (the key's
talon mask), and two keys that differ only in the pointer never occur.  With more
passes a recycle breaks this, and the pointer does vary for one talon mask.
"""
import random

import pytest

from conftest import core_board, random_endgame
from kabalsolve.games.klondike import Rules

WP_SHIFT, WP_BITS = 40, 31          # the waste pointer in a one-word key (_klondike.pxi)


def walk(pos, limit=4_000):
    """The keys the search reaches from pos (the core's pruned moves; at most
    ``limit``): a depth-first walk with make/unmake on one board, with an explicit stack
    of each level's moves and the next one to try."""
    board = core_board(pos)
    seen = {board.key()}
    stack = [(board.moves(full=False), 0)]
    while stack and len(seen) < limit:
        moves, i = stack[-1]
        if i == len(moves):
            stack.pop()
            if stack:
                board.pop()
            continue
        stack[-1] = (moves, i + 1)
        board.push(moves[i])
        key = board.key()
        if key in seen:
            board.pop()
            continue
        seen.add(key)
        stack.append((board.moves(full=False), 0))
    return seen


def pointers_by_rest(keys):
    """For each key with the waste pointer masked out, the pointers seen with it."""
    out = {}
    for (k,) in keys:
        out.setdefault(k & ~(WP_BITS << WP_SHIFT), set()).add((k >> WP_SHIFT) & WP_BITS)
    return out


@pytest.mark.parametrize("draw", [1, 3])
def test_with_one_pass_the_pointer_is_a_function_of_the_talon_mask(draw):
    rng = random.Random(5)
    sizes = []
    for _ in range(12):
        pos = random_endgame(rng, rng.randint(8, 13), Rules(draw=draw, passes=1),
                             max_talon=10)
        keys = walk(pos)
        assert all(len(k) == 1 for k in keys)
        sizes.append(len(keys))
        assert all(len(wps) == 1 for wps in pointers_by_rest(keys).values())
    assert sum(sizes) > 1000            # the walks covered many positions


def test_with_two_passes_the_pointer_varies():
    rng = random.Random(5)
    varied = 0
    for _ in range(12):
        pos = random_endgame(rng, rng.randint(8, 13), Rules(draw=1, passes=2),
                             max_talon=10)
        keys = walk(pos)
        varied += any(len(wps) > 1 for wps in pointers_by_rest(keys).values())
    assert varied > 0
