"""Generated deals written in any format, and PySolFC game numbers as generated deals.

``generate`` yields ``Generated(seed, deal, solution)``; here they become the text of a
chosen format, with what is known about them (where the deal came from, and for a
solved deal its verdict, solution length, states searched and difficulty) where the
format has room: comments in our text format, the ``info`` object of our JSON.
"""
from __future__ import annotations

from typing import Any, Dict, Iterator

from ..errors import OptionError
from ..generate import Generated, difficulty
from . import pysolfc, write

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
    return write(g.deal, fmt, info(g, origin) if fmt == "json" else None)


def pysol_range(first: int, last: int, winnable: bool = False,
                **rules: Any) -> Iterator[Generated]:
    """PySolFC's Klondike games ``first``..``last``; with ``winnable`` only those proved
    won under ``rules`` (kabalsolve.solve's keywords), each with its solution, whose
    first move is PySolFC's own first turn (see pysolfc.as_pysolfc)."""
    from ..solver import solve
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
