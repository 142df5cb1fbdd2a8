"""Solvitaire's seeded Klondike deals (Blake & Gent's solver: ``solvitaire --type
klondike --random N``; the deals of its published Klondike tables, draw 1 and draw 3
alike: the deal does not depend on the draw).

How Solvitaire deals seed N (its ``game_state`` constructor for a seed):

- the generator is C++'s ``std::mt19937`` seeded with N (the 32-bit Mersenne Twister,
  seeded by its standard ``init_genrand``);
- the new deck is rank by rank, Ace first, and within a rank clubs, hearts, spades,
  diamonds (Solvitaire's suit numbers 0..3);
- the shuffle is Fisher-Yates from the last place down: for i = 51 .. 1, place i is
  swapped with place j drawn by Boost's ``uniform_int_distribution(0, i)``: with
  b = 2**32 // (i + 1), draw 32-bit outputs x until x // b <= i, and j = x // b;
- the deck is dealt from its end: first the 24 stock cards (place 51 to the bottom of
  the stock, ..., place 28 on top, turned first), then the tableau row by row, each row
  from the seventh pile leftwards (places 27, 26, .. 21 to T7 .. T1; 20 .. 15 to
  T7 .. T2; ...; place 0 to T7).

Solvitaire's own ``--deal-only`` output was the second reading in the tests.
"""
from __future__ import annotations

import random
from typing import List

from ..cards import Card, make
from ..games import klondike

#: the largest seed: Solvitaire reads ``--random`` as a C++ int (and -1 means "none")
MAX_SEED = 2 ** 31 - 1
#: Solvitaire's suits 0..3 (clubs, hearts, spades, diamonds) as kabalsolve's
_SUITS = (3, 1, 0, 2)


def mt19937(seed: int) -> random.Random:
    """A ``random.Random`` whose ``getrandbits(32)`` gives the outputs of C++'s
    ``std::mt19937(seed)``: the state ``init_genrand`` makes, handed to Python's own
    Mersenne Twister (which then draws the same 32-bit outputs, at C speed)."""
    mt = [seed & 0xFFFFFFFF]
    for i in range(1, 624):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    rng = random.Random()
    rng.setstate((3, tuple(mt) + (624,), None))
    return rng


def shuffled(seed: int) -> List[Card]:
    """Solvitaire's shuffled deck for ``seed``, in its own places 0..51."""
    deck = [make(r, s) for r in range(13) for s in _SUITS]
    bits = mt19937(seed).getrandbits
    for i in range(51, 0, -1):
        bucket = (1 << 32) // (i + 1)
        j = bits(32) // bucket
        while j > i:
            j = bits(32) // bucket
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(seed: int) -> klondike.Deal:
    """Solvitaire's Klondike deal for ``seed`` (0 .. MAX_SEED; checked by the caller)."""
    deck = shuffled(seed)
    stock = tuple(deck[28:])                     # place 28 is on top: turned first
    piles: List[List[Card]] = [[] for _ in range(klondike.COLUMNS)]
    place = 27
    for row in range(klondike.COLUMNS):
        for col in range(klondike.COLUMNS - 1, row - 1, -1):
            piles[col].append(deck[place])
            place -= 1
    return klondike.Deal(tuple(tuple(p) for p in piles), stock)
