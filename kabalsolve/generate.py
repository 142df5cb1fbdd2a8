"""Generated deals: seeded deals of any game (the shuffle is ``kabalsolve.seeds``, the
same on every machine and every version) or PySolFC's Klondike games, optionally only
those proved winnable, and their text in any deal format.

``generate`` yields ``Generated(seed, deal, solution)``; ``render`` writes one in a
chosen format, with what is known about it (where the deal came from, and for a solved
deal its verdict, solution length, states searched and difficulty) where the format has
room: comments in our text format, the ``info`` object of our JSON.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, Iterator, Optional, Union

from . import formats
from .api import solve
from .errors import OptionError
from .formats import pysolfc
from .games import acesup, clock, game_named, klondike

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
        if self.deal.game == clock.NAME and sol is not None:
            lines.append("%s; %d cards turned" % (sol.result, len(sol.moves)))
        elif sol is not None:
            lines.append("%s; %d moves; %d states searched; difficulty %d of 5" % (
                sol.result, len(sol.moves), sol.stats.states, difficulty(sol.stats.states)))
        head = "".join("# %s\n" % line for line in lines)
        return head + self.deal.to_text()


def klondike_deal(seed: int) -> klondike.Deal:
    """Klondike deal number ``seed`` (``kabalsolve.deal_from_seed``)."""
    return klondike.Deal.from_seed(seed)


def generate(game: str = "klondike", seed: int = 1, count: int = 1, winnable: bool = False,
             **rules: Any) -> Iterator[Generated]:
    """Deals number seed, seed + 1, ... of ``game`` (seeded deals are numbered from 1,
    as ``kabalsolve batch --seeds`` and ``kabalsolve stats`` count them; 0 is a seed
    too).  With ``winnable``, each is solved
    (``rules`` go to ``kabalsolve.solve``: draw, foundation_moves, passes, variant,
    budgets) and only deals proved won are kept, until ``count`` of them have been
    yielded; the same arguments give the same deals on every machine."""
    make = game_named(game).from_seed
    if count < 0:
        raise OptionError("count must not be negative")
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


#: where a generated deal's number comes from: our seeds, or PySolFC's game numbers
ORIGINS = ("seed", "pysol")


def info(g: Generated, origin: str = "seed") -> Dict[str, Any]:
    """What is known about ``g``, as a small JSON-ready dict."""
    d: Dict[str, Any] = {"seed" if origin == "seed" else "pysol_game": g.seed}
    sol = g.solution
    if sol is not None:
        d["result"] = sol.result
        if g.deal.game == "clock":
            d["turned"] = len(sol.moves)
        else:
            d["moves"] = len(sol.moves)
            d["states"] = sol.stats.states
            d["difficulty"] = difficulty(sol.stats.states)
    return d


def render(g: Generated, fmt: str = "text", origin: str = "seed") -> str:
    """``g`` in format ``fmt``.  In the text format a seeded deal is written exactly as
    ``Generated.to_text`` writes it; a PySolFC deal says which game it is."""
    if origin not in ORIGINS:
        raise OptionError("unknown origin %r" % origin)
    if fmt == "text":
        if origin == "seed":
            return g.to_text()
        lines = ["PySolFC Klondike game %d, before PySolFC turns the first stock card(s)"
                 % g.seed]
        sol = g.solution
        if sol is not None:
            lines.append("%s; %d moves (the first is PySolFC's own turn); %d states searched; "
                         "difficulty %d of 5" % (sol.result, len(sol.moves), sol.stats.states,
                                                 difficulty(sol.stats.states)))
        return "".join("# %s\n" % ln for ln in lines) + g.deal.to_text()
    return formats.write(g.deal, fmt, info(g, origin) if fmt == "json" else None)


def pysol_range(first: int, last: int, winnable: bool = False,
                **rules: Any) -> Iterator[Generated]:
    """PySolFC's Klondike games ``first``..``last``; with ``winnable`` only those proved
    won under ``rules`` (kabalsolve.solve's keywords), each with its solution, whose
    first move is PySolFC's own first turn (see pysolfc.as_pysolfc)."""
    pysolfc.check_game(first)
    pysolfc.check_game(last)
    for n in range(first, last + 1):
        deal = pysolfc.deal(n)
        if not winnable:
            yield Generated(n, deal)
            continue
        sol = solve(deal, **rules)
        if sol.result == "won":
            yield Generated(n, deal, pysolfc.as_pysolfc(sol))
