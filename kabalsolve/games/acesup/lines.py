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

Every line it returns has been replayed from ``start``.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from ...cards import rank
from .rules import PILES, Move, Position

Layout = Tuple[Tuple[int, ...], ...]


def _layout(pos: Position) -> Layout:
    return tuple(tuple(p) for p in pos.piles)


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
    p = start.copy()
    i = 0
    while i < len(moves):
        if moves[i].kind != "move":
            p.push(moves[i])
            out.append(moves[i])
            i += 1
            continue
        j = i
        end = p.copy()
        while j < len(moves) and moves[j].kind == "move":
            end.push(moves[j])
            j += 1
        fewer = (_fewest_moves(_layout(p), _layout(end), p.rules.strict, j - i)
                 if j - i > 1 else None)
        for m in moves[i:j] if fewer is None else fewer:
            p.push(m)
            out.append(m)
        i = j
    return out


def _renamed(moves: Sequence[Move], a: str, b: str) -> List[Move]:
    swap = {a: b, b: a}
    return [Move(m.kind, swap.get(m.src, m.src), swap.get(m.dst, m.dst), m.card)
            for m in moves]


def _reaches(pos: Position, moves: Sequence[Move], score: int) -> bool:
    """Whether ``moves`` are legal from ``pos`` (which they change) and reach ``score``."""
    try:
        for m in moves:
            pos.push(m)
    except ValueError:
        return False
    return pos.score >= score


def _leave_out(start: Position, moves: List[Move], score: int) -> Optional[List[Move]]:
    """The line with the first lone move or second move of a card left out (module
    docstring) that still reaches ``score``, or None."""
    p = start.copy()
    moved: Dict[int, Tuple[int, Position]] = {}   # card -> its move in this stretch
    for i, m in enumerate(moves):
        if m.kind != "move":
            moved.clear()
            p.push(m)
            continue
        tail = moves[i + 1:]
        tries: List[Tuple[int, Position, List[Move]]] = []
        if len(p.piles[PILES.index(m.src)]) == 1:
            tries += [(i, p, tail), (i, p, _renamed(tail, m.src, m.dst))]
        if m.card in moved:
            k, at = moved[m.card]  # type: ignore[index]
            first = moves[k]
            tries.append((k, at, moves[k + 1:i] + tail))
            if first.src != m.dst:
                tries.append((k, at, moves[k + 1:i] + [Move("move", first.src, m.dst, m.card)]
                              + tail))
        for k, at, rest in tries:
            if _reaches(at.copy(), rest, score):
                return moves[:k] + rest
        moved[m.card] = (i, p.copy())  # type: ignore[index]
        p.push(m)
    return None


def shorten(start: Position, moves: Sequence[Move]) -> List[Move]:
    """``moves`` (legal from ``start``, which is not changed) made as short as the
    module docstring says, reaching the same score."""
    end = start.copy()
    for m in moves:
        end.push(m)
    score = end.score
    line = _fewest_stretches(start, moves)
    while True:
        shorter = _leave_out(start, line, score)
        if shorter is None:
            return line
        line = _fewest_stretches(start, shorter)
