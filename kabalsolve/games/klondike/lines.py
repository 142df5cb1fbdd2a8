"""Klondike lines without pointless moves: what can be left out of a line, and the line
without it.

The searches keep whatever their path holds when they stop, so a line may carry moves
that do nothing for it.  ``shorten`` leaves out, one at a time and as long as one can
go, each of these wherever the line without it is still legal and still reaches what
it must (``keeps``):

- one card move (not a turn of the stock or a recycle);
- a card move and the next move of the same card: the next move whose card is the
  same, and the next move that carries the card at all (inside a run too);
- a pass through the stock in which no card is played from the waste: its turns and
  the recycle that ends it (danish: its turns, the last of them showing the seam), and
  the turns of a last pass that plays nothing.

A winning line from the core has its round trips taken out in the core already
(``_core.klondike_tidy``, which is all that can go from a winning line: see
``_tidy.pxi``); this module serves the lines that do not win and the lines that are
judged by their score, on the reference rules alone, so it costs far more.  Every line
it returns has been replayed from ``start``.
"""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence, Set, Tuple

from .rules import PILES, Move, Position

#: what a shortened line must still do: given the position it ends in and its moves
Keeps = Callable[[Position, Sequence[Move]], bool]


def _fresh(start: Position) -> Position:
    p = start.copy()
    p._history = []
    return p


def _carries(pos: Position, move: Move) -> Tuple[int, ...]:
    """The cards ``move`` carries from ``pos``: its card and the cards on it."""
    if move.kind != "move" or move.card is None:
        return ()
    if move.src in PILES:
        pile = pos.piles[PILES.index(move.src)]
        return tuple(pile[len(pile) - move.count:])
    return (move.card,)


def _removals(moves: Sequence[Move], carried: Sequence[Tuple[int, ...]],
              pass_ends: Sequence[int]) -> List[Set[int]]:
    """Every set of moves the module docstring lists, in the order they are tried."""
    out: List[Set[int]] = []
    for i, m in enumerate(moves):
        if m.kind != "move":
            continue
        out.append({i})
        same = next((k for k in range(i + 1, len(moves))
                     if moves[k].kind == "move" and moves[k].card == m.card), None)
        carry = next((k for k in range(i + 1, len(moves)) if m.card in carried[k]), None)
        for j in sorted({k for k in (same, carry) if k is not None}):
            out.append({i, j})
    first = 0
    for end in list(pass_ends) + [len(moves) - 1]:
        span = range(first, end + 1)
        if not any(moves[k].src == "W" for k in span):
            turns = {k for k in span if moves[k].kind in ("draw", "recycle")}
            if turns:
                out.append(turns)
        first = end + 1
    return out


def shorten(start: Position, moves: Sequence[Move], keeps: Keeps) -> List[Move]:
    """``moves`` (legal from ``start``, which is not changed) with every removal of the
    module docstring made that leaves a line ``keeps`` accepts; the moves as they
    were if none can go."""
    line = list(moves)
    while True:
        shorter = _shorten_once(start, line, keeps)
        if shorter is None:
            return line
        line = shorter


def _shorten_once(start: Position, moves: List[Move], keeps: Keeps) -> Optional[List[Move]]:
    """The line with the first removal made that ``keeps`` accepts, or None."""
    before: List[Position] = []
    carried: List[Tuple[int, ...]] = []
    pass_ends: List[int] = []
    p = _fresh(start)
    for i, m in enumerate(moves):
        before.append(p.copy())
        carried.append(_carries(p, m))
        passes = p.recycles
        p.push(m)
        if p.recycles > passes:
            pass_ends.append(i)
    for drop in _removals(moves, carried, pass_ends):
        first = min(drop)
        q = before[first].copy()
        line = moves[:first]
        try:
            for k in range(first, len(moves)):
                if k not in drop:
                    q.push(moves[k])
                    line.append(moves[k])
        except ValueError:
            continue
        if keeps(q, line):
            return line
    return None
