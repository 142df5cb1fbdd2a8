"""GreenFelt's Klondike game numbers (the number GreenFelt shows for its game; the
algorithm as ShootMe's MinimalKlondike reproduces it, ``Board.ShuffleGreenFelt``).

The generator is Park and Miller's: x = x * 16807 mod (2**31 - 1), started at the
game number, each output the new x.  The new deck is clubs, diamonds, hearts, spades,
each Ace to King.  Seven passes: in each, for place j = 0 .. 51, the next output mod
52 names a place k and places j and k swap.  The shuffled deck is then dealt from its
end: its last card is the first of a row-by-row deal (one card to each of T1..T7,
then T2..T7, ...), and its first 24 cards are the stock, place 23 turned first.

MinimalKlondike reads the game number as an unsigned 32-bit number, so kabalsolve
takes 0 .. 2**32 - 1 (number 0 leaves the generator at 0: a deal, but one GreenFelt
does not offer).  The tests compare the deals with ShootMe's C++ version of the same
shuffle (Klondike-Solver's ``Shuffle2``, through pyksolve) and with the number
lonelybot's tests hold for game 0.
"""
from __future__ import annotations

from ..cards import make
from ..games import klondike

MAX_GAME = 2 ** 32 - 1
_MOD = 2 ** 31 - 1
_SUITS = (3, 2, 1, 0)   # clubs, diamonds, hearts, spades


def deal(game: int) -> klondike.Deal:
    """GreenFelt's game ``game`` (0 .. MAX_GAME; checked by the caller)."""
    cards = [make(r, s) for s in _SUITS for r in range(13)]
    x = game
    for _ in range(7):
        for j in range(52):
            x = x * 16807 % _MOD
            k = x % 52
            cards[j], cards[k] = cards[k], cards[j]
    cards.reverse()
    return klondike.Deal.from_deck(cards)
