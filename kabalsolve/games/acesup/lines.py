"""Aces Up lines without moves that rearrange the piles for nothing.

A move to an empty pile of a card that is alone on its pile changes nothing but which
pile the card lies on.  That matters to the deals still to come (each deal puts its
first card on pile 1, its second on pile 2, ...), so such a move may be what wins;
after the last deal it only renames two piles.  The search tries these moves after
every other move of a position (``ac_gen`` in _acesup.pxi), so the lines it finds make
them only where nothing else worked from there; but on the way there it may still
shuffle several lone cards around before the deal that needs one of them elsewhere.

``shorten`` makes the line as short as the same play allows, and keeps every deal,
discard and score:

- each stretch of moves between two deals or discards becomes the fewest moves that
  leave the piles as the stretch leaves them (found breadth first over the moves to
  empty piles);
- a move of a lone card is left out wherever the line still reaches its score without
  it, the two piles' names swapped in the moves after it or not;
- a card moved twice in one stretch: both moves are left out, or made one move from
  the first move's pile to the second move's, wherever the line still reaches its
  score.

The line it is given is legal (the bridge has it from the core, whose moves are the
rules' moves), so it follows the piles along the line by bookkeeping alone, and tries
each candidate with the core's own replay (``_core.acesup_reaches``).  The bridge
replays the line it returns on the reference rules before anyone sees it.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from ... import _core
from ...cards import Card, rank
from .rules import PILES, Move, Position

Layout = Tuple[Tuple[Card, ...], ...]


class _Piles:
    """The piles, the stock still to deal and the cards discarded along a legal line."""

    def __init__(self, start: Position) -> None:
        self.piles: List[List[Card]] = [list(p) for p in start.piles]
        self.stock: List[Card] = list(start.stock)
        self.dealt = 0
        self.gone: List[Card] = list(start.discarded)

    def copy(self) -> "_Piles":
        p = _Piles.__new__(_Piles)
        p.piles = [list(x) for x in self.piles]
        p.stock = self.stock
        p.dealt = self.dealt
        p.gone = list(self.gone)
        return p

    def layout(self) -> Layout:
        return tuple(tuple(p) for p in self.piles)

    def play(self, m: Move) -> None:
        if m.kind == "deal":
            for i in range(4):
                self.piles[i].append(self.stock[self.dealt + i])
            self.dealt += 4
        elif m.kind == "discard":
            self.gone.append(self.piles[PILES.index(m.src)].pop())
        else:
            self.piles[PILES.index(m.dst)].append(self.piles[PILES.index(m.src)].pop())


def _code(m: Move) -> int:
    """The core's code of a move (as ``bridge.acesup_move_code``)."""
    if m.kind == "deal":
        return 0
    a = PILES.index(m.src)
    if m.kind == "discard":
        return 1 | (a << 4)
    return 2 | (a << 4) | (PILES.index(m.dst) << 8)


def _reaches(at: _Piles, rules: Position, moves: Sequence[Move], score: int) -> bool:
    """Whether ``moves`` are legal from ``at`` and discard ``score`` cards in all."""
    got = _core.acesup_reaches(at.piles, at.stock[at.dealt:], at.gone,
                               [_code(m) for m in moves], strict=rules.rules.strict,
                               discard_first=rules.rules.discard_first)
    return got >= score


def _fewest_moves(first: Layout, goal: Layout, strict: bool, limit: int) -> Optional[List[Move]]:
    """The fewest moves to empty piles that turn ``first`` into ``goal``, if fewer than
    ``limit`` do; None otherwise."""
    if first == goal:
        return []
    came: Dict[Layout, Tuple[Layout, Move]] = {}
    frontier = [first]
    seen = {first}
    for _depth in range(limit - 1):
        nxt = []
        for lay in frontier:
            for i in range(4):
                if not lay[i] or (strict and rank(lay[i][-1]) != 0):
                    continue
                for j in range(4):
                    if lay[j]:
                        continue
                    piles = list(lay)
                    piles[j] = (lay[i][-1],)
                    piles[i] = lay[i][:-1]
                    new = tuple(piles)
                    if new in seen:
                        continue
                    seen.add(new)
                    came[new] = (lay, Move("move", PILES[i], PILES[j], lay[i][-1]))
                    if new == goal:
                        out = []
                        while new != first:
                            new, m = came[new]
                            out.append(m)
                        return out[::-1]
                    nxt.append(new)
        frontier = nxt
    return None


def _fewest_stretches(start: Position, moves: Sequence[Move]) -> List[Move]:
    """Each stretch of moves as the fewest moves that do what it does."""
    out: List[Move] = []
    p = _Piles(start)
    i = 0
    while i < len(moves):
        j = i
        while j < len(moves) and moves[j].kind == "move":
            j += 1
        if j - i > 1:
            first = p.layout()
            for m in moves[i:j]:
                p.play(m)
            fewer = _fewest_moves(first, p.layout(), start.rules.strict, j - i)
            out += moves[i:j] if fewer is None else fewer
        else:
            out += moves[i:j]
            for m in moves[i:j]:
                p.play(m)
        if j < len(moves):
            p.play(moves[j])
            out.append(moves[j])
        i = j + 1
    return out


def _renamed(moves: Sequence[Move], a: str, b: str) -> List[Move]:
    swap = {a: b, b: a}
    return [Move(m.kind, swap.get(m.src, m.src), swap.get(m.dst, m.dst), m.card)
            for m in moves]


def _leave_out(start: Position, moves: List[Move], score: int) -> Optional[List[Move]]:
    """The line with the first lone move or second move of a card left out (module
    docstring) that still reaches ``score``, or None."""
    p = _Piles(start)
    moved: Dict[Card, Tuple[int, _Piles]] = {}    # card -> its move in this stretch
    for i, m in enumerate(moves):
        if m.kind != "move":
            moved.clear()
            p.play(m)
            continue
        assert m.card is not None    # a move of a legal line names its card
        tail = moves[i + 1:]
        tries: List[Tuple[int, _Piles, List[Move]]] = []
        if len(p.piles[PILES.index(m.src)]) == 1:
            tries += [(i, p, tail), (i, p, _renamed(tail, m.src, m.dst))]
        if m.card in moved:
            k, at = moved[m.card]
            first = moves[k]
            tries.append((k, at, moves[k + 1:i] + tail))
            if first.src != m.dst:
                tries.append((k, at, moves[k + 1:i] + [Move("move", first.src, m.dst, m.card)]
                              + tail))
        for k, at, rest in tries:
            if _reaches(at, start, rest, score):
                return moves[:k] + rest
        moved[m.card] = (i, p.copy())
        p.play(m)
    return None


def shorten(start: Position, moves: Sequence[Move], score: int) -> List[Move]:
    """``moves`` (a legal line from ``start``, which is not changed, reaching ``score``)
    made as short as the module docstring says, still reaching ``score``."""
    line = _fewest_stretches(start, moves)
    while True:
        shorter = _leave_out(start, line, score)
        if shorter is None:
            return line
        line = _fewest_stretches(start, shorter)
