"""Seeded deals, the same on every machine and every version.

The shuffle: a splitmix64 generator started from the seed (any integer 0 <= seed < 2**64)
draws 64-bit numbers x; a Fisher-Yates shuffle of the new-deck order (spades, hearts,
diamonds, clubs, each Ace..King; card i of kabalsolve.cards) goes from the last place
down, swapping place i with place (x * (i + 1)) >> 64.  Klondike deals are then dealt
row by row (Deal.from_deck).  Python's own random module is not used: its shuffle is
not promised to stay the same across versions.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Union

from .cards import Card
from .errors import OptionError
from .games import acesup, clock, klondike

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


def clock_deal(seed: int) -> clock.Deal:
    """Clock deal number ``seed``: the shuffled deck in dealing order."""
    return clock.Deal(tuple(shuffled_deck(seed)))


def acesup_deal(seed: int) -> acesup.Deal:
    """Aces Up deal number ``seed``: the shuffled deck in dealing order."""
    return acesup.Deal(tuple(shuffled_deck(seed)))


def difficulty(states: int) -> int:
    """A 1..5 rating of how hard the solver found a deal, from the positions it searched:
    1 up to 100, 2 up to 1,000, 3 up to 10,000, 4 up to 100,000, 5 above."""
    return max(1, min(5, math.ceil(math.log10(max(states, 1)) - 1e-9) - 1))


@dataclass(frozen=True)
class Generated:
    """One generated deal: its seed, the deal, and (when it was solved) the solution."""
    seed: int
    deal: Union[klondike.Deal, clock.Deal, acesup.Deal]
    solution: Optional[Any] = None

    def to_text(self) -> str:
        """The deal file, with the seed and (if solved) the verdict, the solution length,
        the states searched and the difficulty rating as comments."""
        lines = ["seed %d (kabalsolve generate)" % self.seed]
        sol = self.solution
        if isinstance(self.deal, clock.Deal) and sol is not None:
            lines.append("%s; %d cards turned" % (sol.result, len(sol.moves)))
        elif sol is not None:
            lines.append("%s; %d moves; %d states searched; difficulty %d of 5" % (
                sol.result, len(sol.moves), sol.stats.states, difficulty(sol.stats.states)))
        head = "".join("# %s\n" % line for line in lines)
        return head + self.deal.to_text()


GAMES = ("klondike", "acesup", "clock")


def generate(game: str = "klondike", seed: int = 0, count: int = 1, winnable: bool = False,
             **rules: Any) -> Iterator[Generated]:
    """Deals number seed, seed + 1, ... of ``game``.  With ``winnable``, each is solved
    (``rules`` go to ``kabalsolve.solve``: draw, foundation_moves, passes, variant,
    budgets) and only deals proved won are kept, until ``count`` of them have been
    yielded; the same arguments give the same deals on every machine."""
    from .solver import solve
    if game not in GAMES:
        raise OptionError("unknown game %r (known: %s)" % (game, ", ".join(GAMES)))
    if count < 0:
        raise OptionError("count must not be negative")
    makers: Dict[str, Callable[[int], Union[klondike.Deal, clock.Deal, acesup.Deal]]] = {
        "klondike": klondike_deal, "acesup": acesup_deal, "clock": clock_deal}
    make = makers[game]
    n = 0
    s = seed
    while n < count:
        if s >= 1 << 64:
            raise OptionError("ran out of seeds below 2**64")
        deal = make(s)
        if winnable:
            sol = solve(deal, **rules)
            if sol.result == "won":
                yield Generated(s, deal, sol)
                n += 1
        else:
            yield Generated(s, deal)
            n += 1
        s += 1
