"""Seeded deals, the same on every machine and every version.

The shuffle: a splitmix64 generator started from the seed (any integer 0 <= seed < 2**64)
draws 64-bit numbers x; a Fisher-Yates shuffle of the new-deck order (spades, hearts,
diamonds, clubs, each Ace..King; card i of kabalsolve.cards) goes from the last place
down, swapping place i with place (x * (i + 1)) >> 64.  Klondike deals are then dealt
row by row (Deal.from_deck).  Python's own random module is not used: its shuffle is
not promised to stay the same across versions.
"""
from __future__ import annotations

from typing import Iterator, List

from .cards import Card
from .games import klondike

_MASK = (1 << 64) - 1


def _splitmix64(state: int) -> Iterator[int]:
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        yield z ^ (z >> 31)


def shuffled_deck(seed: int) -> List[Card]:
    """The 52 cards in the order the seed gives (see the module docstring)."""
    if not 0 <= seed < 1 << 64:
        raise ValueError("a seed is a whole number from 0 to 2**64 - 1, not %r" % (seed,))
    deck = list(range(52))
    rng = _splitmix64(seed)
    for i in range(51, 0, -1):
        j = (next(rng) * (i + 1)) >> 64
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def klondike_deal(seed: int) -> klondike.Deal:
    """Klondike deal number ``seed``."""
    return klondike.Deal.from_deck(shuffled_deck(seed))
