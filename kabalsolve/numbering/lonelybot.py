"""lonelybot's exact deal numbers (``lonecli ... exact N``): one number for each of
the 52! orders of the deck, so every Klondike deal has exactly one.

lonelybot numbers the cards 0..51 rank by rank, Ace first, and within a rank hearts,
diamonds, clubs, spades (card 4 * rank + suit).  It lays a deal out as 52 places: the
seven piles one after the other, each from its bottom card to its face-up card, then
the 24 stock cards, the one turned first first.  Number N stands for the layout that
these steps make from the cards 0..51 in order: for i = 1 .. 51, swap place i with
place N mod (i + 1), then N = N // (i + 1).  So 0 <= N < 52!.

Reading a deal's number is the inverse, from the top: for i = 51 .. 1, find card i
among places 0..i at place p, N = N * (i + 1) + p, and swap places p and i.

The tests check these against the numbers lonelybot's own tests hold for deal 0 of
four other numberings.
"""
from __future__ import annotations

import math
from typing import List, Sequence

from ..cards import Card, make, rank, suit
from ..games import klondike

#: the largest exact number
MAX_NUMBER = math.factorial(52) - 1
#: lonelybot's suits 0..3 (hearts, diamonds, clubs, spades) as kabalsolve's suit numbers
_OUR_SUIT = (1, 2, 3, 0)
_THEIR_SUIT = {s: n for n, s in enumerate(_OUR_SUIT)}


def their_card(c: Card) -> int:
    """lonelybot's number of the card ``c``."""
    return 4 * rank(c) + _THEIR_SUIT[suit(c)]


def our_card(n: int) -> Card:
    """The card lonelybot numbers ``n``."""
    return make(n // 4, _OUR_SUIT[n % 4])


def layout_deal(places: Sequence[Card]) -> klondike.Deal:
    """The deal of a lonelybot layout: piles one after the other, then the stock."""
    piles = []
    start = 0
    for size in range(1, klondike.COLUMNS + 1):
        piles.append(tuple(places[start:start + size]))
        start += size
    return klondike.Deal(tuple(piles), tuple(places[start:]))


def deal(number: int) -> klondike.Deal:
    """The deal of an exact number (0 .. MAX_NUMBER; checked by the caller)."""
    places = list(range(52))
    for i in range(1, 52):
        number, j = divmod(number, i + 1)
        places[i], places[j] = places[j], places[i]
    return layout_deal([our_card(n) for n in places])


def number(d: klondike.Deal) -> int:
    """The exact number of the deal ``d`` (``deal(number(d)) == d``)."""
    places: List[int] = [their_card(c) for c in d.cards()]
    where = {card: place for place, card in enumerate(places)}
    n = 0
    for i in range(51, 0, -1):
        p = where[i]
        n = n * (i + 1) + p
        moved = places[i]
        places[p], places[i] = moved, i
        where[moved] = p
    return n
