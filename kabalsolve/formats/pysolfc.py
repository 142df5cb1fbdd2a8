"""PySolFC's Klondike game numbers: the deal PySolFC lays out for game N.

PySolFC shuffles a new deck with one of two generators, chosen by the game number:

- N <= 32000: the Microsoft C runtime's ``rand()`` (x = x * 214013 + 2531011 mod 2**31,
  output bits 16..30), seeded with N, shuffling the deck in Microsoft's order (rank by
  rank, Ace first; within a rank clubs, diamonds, hearts, spades);
- N > 32000: the Mersenne Twister MT19937 seeded the way Python's ``random.Random(N)``
  seeds it (``init_by_array`` over the 32-bit words of N), drawing 53-bit floats, and
  shuffling the deck in PySol's order (suit by suit: clubs, spades, hearts, diamonds;
  Ace to King within a suit).

The shuffle is Fisher-Yates from the last place down: for n = 51 .. 1, swap place n
with place j, j = rand() % (n + 1) (Microsoft) or int(random() * (n + 1)) (MT).  The
shuffled list is PySolFC's talon with its top card last; PySolFC deals from the top:
six rounds of face-down cards (the first to T7, T6, .., T2; the next to T7 .. T3; ...;
the sixth to T7 alone), then one face-up card to each of T7, T6, .., T1; the 24 cards
left stay in the talon, the next to be dealt being the first turned.  This is the
layout the pysol-cards package prints for ``klondike`` (checked in the tests for
games 1 and 12345 and others).

PySolFC then turns the first card(s) of the stock onto the waste by itself.  A
kabalsolve deal starts before that turn; ``first_turn_first`` reorders a solution so
that its first move is that turn (always possible, see its docstring), so the rest of
the moves are what a PySolFC player plays.

Pure Python, no dependency: neither pysol-cards nor Python's ``random`` is used (the
tests compare the generator with ``random.Random``, whose ``random()`` sequence for an
integer seed Python promises to keep).
"""
from __future__ import annotations

import dataclasses
from typing import Iterator, List, Sequence, Tuple

from ..cards import Card, make
from ..digits import span
from ..errors import MoveError, OptionError
from ..games import klondike
from ..solution import Solution
from .syntax import clip

#: PySolFC uses the Microsoft generator up to this game number, the Mersenne Twister above
MS_LAST = 32000
#: the largest game number PySolFC takes (20 decimal digits)
MAX_GAME = 10 ** 20 - 1

_CLUBS, _DIAMONDS, _HEARTS, _SPADES = 3, 2, 1, 0  # suit numbers of kabalsolve.cards


def _ms_rand(seed: int) -> Iterator[int]:
    """Microsoft's rand(): 15-bit outputs."""
    x = seed
    while True:
        x = (x * 214013 + 2531011) & 0x7FFFFFFF
        yield x >> 16


class MT19937:
    """The Mersenne Twister, seeded as Python's ``random.Random(n)`` seeds it for an
    integer n >= 0, with its 53-bit ``random()``."""

    def __init__(self, seed: int) -> None:
        mt = [0] * 624
        mt[0] = 19650218
        for i in range(1, 624):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
        key: List[int] = []
        n = abs(seed)
        while n:
            key.append(n & 0xFFFFFFFF)
            n >>= 32
        key = key or [0]
        i, j = 1, 0
        for _ in range(max(624, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525))
                     + key[j] + j) & 0xFFFFFFFF
            i += 1
            j += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(623):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
            i += 1
            if i >= 624:
                mt[0] = mt[623]
                i = 1
        mt[0] = 0x80000000
        self._mt = mt
        self._i = 624

    def _refill(self) -> None:
        mt = self._mt
        for k in range(624):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
            mt[k] = mt[(k + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._i = 0

    def next32(self) -> int:
        if self._i >= 624:
            self._refill()
        y = self._mt[self._i]
        self._i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def random(self) -> float:
        a, b = self.next32() >> 5, self.next32() >> 6
        return (a * 67108864 + b) / 9007199254740992.0


def check_game(n: int) -> None:
    if not isinstance(n, int) or not 1 <= n <= MAX_GAME:
        raise OptionError("a PySolFC game number is a whole number from 1 to %d, not %s"
                          % (MAX_GAME, clip(repr(n))))


def talon(n: int) -> List[Card]:
    """PySolFC's shuffled talon for game ``n``, the top card (dealt first) first."""
    check_game(n)
    if n <= MS_LAST:
        cards = [make(r, s) for r in range(13) for s in (_CLUBS, _DIAMONDS, _HEARTS, _SPADES)]
        ms = _ms_rand(n)
        for i in range(51, 0, -1):
            j = next(ms) % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
    else:
        cards = [make(r, s) for s in (_CLUBS, _SPADES, _HEARTS, _DIAMONDS) for r in range(13)]
        mt = MT19937(n)
        for i in range(51, 0, -1):
            j = int(mt.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
    cards.reverse()
    return cards


def deal(n: int) -> klondike.Deal:
    """PySolFC's Klondike game ``n`` as it is dealt, before its first stock turn."""
    cards = iter(talon(n))
    piles: List[List[Card]] = [[] for _ in range(klondike.COLUMNS)]
    for first in range(1, klondike.COLUMNS):       # face-down rounds: T7..T2, T7..T3, ...
        for col in range(klondike.COLUMNS - 1, first - 1, -1):
            piles[col].append(next(cards))
    for col in range(klondike.COLUMNS - 1, -1, -1):  # the face-up round, T7..T1
        piles[col].append(next(cards))
    return klondike.Deal(tuple(tuple(p) for p in piles), tuple(cards))


def parse_range(text: str) -> Tuple[int, int]:
    """``"A-B"`` (or one number) as (A, B), checked."""
    got = span(text, 1, MAX_GAME)
    if got is None:
        raise OptionError("a PySolFC range is A-B with whole numbers from 1 to %d, e.g. "
                          "1-1000, not %r" % (MAX_GAME, clip(text)))
    a, b = got
    if b < a:
        raise OptionError("the PySolFC range %s ends before it starts" % text)
    return a, b


def first_turn_first(moves: Sequence[klondike.Move]) -> List[klondike.Move]:
    """The same moves with the first ``draw`` moved to the front: the turn PySolFC makes
    when it deals.

    Why this is always legal and keeps a win a win: before the first draw the waste is
    empty and the stock is full, so every earlier move is between tableau and
    foundations, and a draw changes neither; those moves are as legal after the draw as
    before it, and they leave the talon as they found it.  A won line always has a draw
    (the stock's cards must reach the foundations)."""
    out = list(moves)
    for i, m in enumerate(out):
        if m.kind == "draw":
            return [m] + out[:i] + out[i + 1:]
        if m.kind == "recycle" or m.src == "W":
            raise MoveError("move %d uses the talon before any draw" % (i + 1))
    return out


def as_pysolfc(solution: Solution) -> Solution:
    """A Klondike Solution whose moves start with PySolFC's own first turn (replayed on
    the reference rules, like every solution kabalsolve prints)."""
    if not solution.moves:
        return solution
    reordered = first_turn_first(solution.moves)
    klondike.replay(solution.deal, solution.rules, reordered)
    return dataclasses.replace(solution, moves=reordered)
