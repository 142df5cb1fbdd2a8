"""ShootMe's Klondike-Solver: its game numbers (``KlondikeSolver /GAME N``, a
``G N`` line in its deal files; ``Solitaire::Shuffle1``).

The generator is Klondike-Solver's own (its ``Random`` class): three signed 32-bit
words value, mix and twist, stepped by

    y = value ^ (twist - mix) ^ value;  y ^= twist ^ value ^ mix;
    mix ^= twist ^ value;  value ^= twist - mix;  twist ^= value ^ y;
    value ^= (twist << 7) ^ (mix >> 16) ^ (y << 8)       (>> keeps the sign)

with the output value & 0x7FFFFFFF.  Seeding with N: mix = 51651237,
twist = 895213268, value = N, 50 steps; then value = 0x9417B3AF ^ N ^ (N >> 15) and
950 more steps.  The new deck is suit by suit (clubs, diamonds, spades, hearts), Ace
to King; then 269 times two outputs k and j (each mod 52) swap places k and j.  The
deck is dealt row by row (one card to each of T1..T7, then T2..T7, ...), the last 24
cards the stock, place 28 turned first.

Klondike-Solver reads any C int; -1 asks it for a random game, so kabalsolve takes
0 .. 2**31 - 1.  The tests compare the deals with the ones Klondike-Solver itself
deals (through pyksolve, which wraps its code).
"""
from __future__ import annotations

from typing import List

from ..cards import make
from ..games import klondike

MAX_SEED = 2 ** 31 - 1
_M32 = 0xFFFFFFFF
#: the suits of Klondike-Solver's new deck, in order, as kabalsolve's suit numbers
_SUITS = (3, 2, 0, 1)   # clubs, diamonds, spades, hearts


def outputs(seed: int, count: int) -> List[int]:
    """The first ``count`` outputs of Klondike-Solver's ``Random(seed)`` (``Next1``),
    stepped in one loop of local variables (a deal takes 1,538 steps)."""
    m32, sign = _M32, 0x80000000
    value, mix, twist = seed & m32, 51651237, 895213268
    out: List[int] = []
    for step in range(1000 + count):
        if step == 50:                          # the reseeding after 50 steps
            s = seed & m32
            value = 0x9417B3AF ^ s ^ (((s ^ sign) - sign) >> 15 & m32)
        y = value ^ ((twist - mix) & m32) ^ value
        y ^= twist ^ value ^ mix
        mix ^= twist ^ value
        value ^= (twist - mix) & m32
        twist ^= value ^ y
        # mix >> 16 keeps the sign (a C int's shift)
        value ^= ((twist << 7) ^ (((mix ^ sign) - sign) >> 16) ^ (y << 8)) & m32
        if step >= 1000:
            out.append(value & 0x7FFFFFFF)
    return out


def deal(seed: int) -> klondike.Deal:
    """Klondike-Solver's game ``seed`` (0 .. MAX_SEED; checked by the caller)."""
    cards = [make(r, s) for s in _SUITS for r in range(13)]
    draws = outputs(seed, 2 * 269)
    for x in range(269):
        k = draws[2 * x] % 52
        j = draws[2 * x + 1] % 52
        cards[k], cards[j] = cards[j], cards[k]
    return klondike.Deal.from_deck(cards)
