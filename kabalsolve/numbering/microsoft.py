"""Microsoft Solitaire Collection's Klondike deal numbers: the number its log file
records for each game (on Windows, ``solitaire.log`` in
``%LocalAppData%\\Packages\\Microsoft.MicrosoftSolitaireCollection_8wekyb3d8bbwe\\
LocalState\\logs``, on the lines that begin ``SolitaireGameLogic::TryLoadGame`` or
``SolvableDeckAppComponent``).

The number, below 52!, is the order of the deck written in mixed radix: the new deck
is spades, hearts, clubs, diamonds, each Ace to King; for i = 51 .. 1, place i swaps
with place N mod (i + 1), then N = N // (i + 1).  The deck is then dealt from its
end: its last card is the first of a row-by-row deal (one card to each of T1..T7,
then T2..T7, ...), and its first 24 cards are the stock, place 23 turned first.

This is the reading lonelybot made (credited there to ShootMe); the tests check it
against the number lonelybot's tests hold for one of Microsoft's deals.
"""
from __future__ import annotations

import math

from ..cards import make
from ..games import klondike

MAX_NUMBER = math.factorial(52) - 1
_SUITS = (0, 1, 3, 2)   # spades, hearts, clubs, diamonds


def deal(number: int) -> klondike.Deal:
    """The deal of Microsoft's number ``number`` (0 .. MAX_NUMBER; checked by the caller)."""
    cards = [make(r, s) for s in _SUITS for r in range(13)]
    for i in range(51, 0, -1):
        number, j = divmod(number, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    cards.reverse()
    return klondike.Deal.from_deck(cards)


def number(d: klondike.Deal) -> int:
    """Microsoft's number of the deal ``d`` (``deal(number(d)) == d``): the swaps that
    make its deck, found from the last place down, read as the mixed-radix digits."""
    final = d.deck()[::-1]
    places = [make(r, s) for s in _SUITS for r in range(13)]
    where = {c: p for p, c in enumerate(places)}
    digits = [0] * 52
    for i in range(51, 0, -1):
        j = where[final[i]]
        digits[i] = j
        places[i], places[j] = places[j], places[i]
        where[places[j]] = j
        where[places[i]] = i
    n = 0
    for i in range(1, 52):
        n = n * (i + 1) + digits[i]
    return n
