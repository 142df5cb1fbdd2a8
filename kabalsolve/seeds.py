"""Seeded deals' shuffle, the same on every machine and every version.

A splitmix64 generator started from the seed (any integer 0 <= seed < 2**64) draws
64-bit numbers x; a Fisher-Yates shuffle of the new-deck order (spades, hearts,
diamonds, clubs, each Ace..King; card i of ``kabalsolve.cards``) goes from the last
place down, swapping place i with place (x * (i + 1)) >> 64.  Each game deals the
shuffled deck its own way (``Deal.from_seed``).  Python's own random module is not
used: its shuffle is not promised to stay the same across versions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Iterator, List, Tuple, Type, TypeVar

from .cards import DECK, Card, as_cards, whole_deck_problem
from .errors import DealError, OptionError

D = TypeVar("D", bound="DeckDeal")

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
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise OptionError("a seed is a whole number from 0 to 2**64 - 1, not %r" % (seed,))
    deck = list(DECK)
    rng = _splitmix64(seed)
    for i in range(51, 0, -1):
        j = (next(rng) * (i + 1)) >> 64
        deck[i], deck[j] = deck[j], deck[i]
    return deck


@dataclass(frozen=True)
class DeckDeal:
    """A deal that is one deck in dealing order (Aces Up and Clock deal this way): the
    52 cards are checked when the deal is made, and deal number N is the shuffled deck
    of seed N as it is."""
    deck: Tuple[Card, ...]
    #: the deal, as a message names it ("an Aces Up deal")
    WHAT: ClassVar[str] = "a deal"

    def __post_init__(self) -> None:
        problem = whole_deck_problem(self.deck, self.WHAT)
        if problem:
            raise DealError(problem)
        object.__setattr__(self, "deck", as_cards(self.deck))

    @classmethod
    def from_seed(cls: Type[D], seed: int) -> D:
        """Deal number ``seed`` (0 <= seed < 2**64): the shuffled deck in dealing
        order; the same on every machine."""
        return cls(tuple(shuffled_deck(seed)))
