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

from typing import Iterator

from ..cards import make
from ..games import klondike

MAX_SEED = 2 ** 31 - 1
_M32 = 0xFFFFFFFF
#: the suits of Klondike-Solver's new deck, in order, as kabalsolve's suit numbers
_SUITS = (3, 2, 0, 1)   # clubs, diamonds, spades, hearts


def _sar(x: int, n: int) -> int:
    """The 32-bit word ``x`` shifted right by ``n`` keeping its sign (a C int's >>)."""
    return ((x ^ 0x80000000) - 0x80000000) >> n & _M32


def outputs(seed: int) -> Iterator[int]:
    """The outputs of Klondike-Solver's ``Random(seed)``, ``Next1`` after ``Next1``."""
    value, mix, twist = seed & _M32, 51651237, 895213268

    def step() -> None:
        nonlocal value, mix, twist
        y = value ^ ((twist - mix) & _M32) ^ value
        y ^= twist ^ value ^ mix
        mix ^= twist ^ value
        value ^= (twist - mix) & _M32
        twist ^= value ^ y
        value ^= ((twist << 7) ^ _sar(mix, 16) ^ (y << 8)) & _M32

    for _ in range(50):
        step()
    s = seed & _M32
    value = 0x9417B3AF ^ s ^ _sar(s, 15)
    for _ in range(950):
        step()
    while True:
        step()
        yield value & 0x7FFFFFFF


def deal(seed: int) -> klondike.Deal:
    """Klondike-Solver's game ``seed`` (0 .. MAX_SEED; checked by the caller)."""
    cards = [make(r, s) for s in _SUITS for r in range(13)]
    rng = outputs(seed)
    for _ in range(269):
        k = next(rng) % 52
        j = next(rng) % 52
        cards[k], cards[j] = cards[j], cards[k]
    return klondike.Deal.from_deck(cards)
