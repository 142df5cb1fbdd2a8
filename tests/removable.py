"""Pointless moves in a line, found by trying to remove them: the tests' own check.

Written apart from the code that cleans the lines (``kabalsolve.games.*.lines``) and
built only on the reference rules, so that it checks that code instead of repeating
it.  It tries every removal that a line kabalsolve prints must survive:

Klondike (``klondike_removals``)
    - one card move (any move that is not a turn of the stock or a recycle);
    - a card move and the next move of the same card: the next move whose card is the
      same, and the next move that carries the card at all (in a run too);
    - a pass through the stock in which no card is played from the waste: its turns
      and the recycle that ends it (danish: its turns, the last one showing the seam),
      and the turns of a last, unfinished pass in which nothing is played.

    A removal is found when the shortened line is still legal and still wins (a line
    that does not win: still puts at least as many cards up, or with
    ``measure="score"`` still scores at least as much).

Aces Up (``acesup_removals``)
    - a move of a card that is alone on its pile to an empty pile, left out, the two
      piles' names swapped in the moves after it or not;
    - a card moved twice with nothing dealt or discarded in between: both moves left
      out, or made one move;
    - a stretch of moves between two deals or discards that fewer moves do.

    A removal is found when the line is still legal and still discards as many cards.
    A lone card's move that no removal can take stays: which pile a card lies on
    decides what the deals to come put on it (tests/acesup/test_acesup_lines.py shows a
    position that needs one).  ``acesup_lone_moves`` counts them.

Each function first replays the line on the reference rules (an illegal move fails
the test) and returns a list of findings in words: empty for a clean line.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence, Set, Tuple

from kabalsolve.cards import card_str
from kabalsolve.games import acesup, klondike

KMove = klondike.Move
KPosition = klondike.Position


def _fresh(start: KPosition) -> KPosition:
    p = start.copy()
    p._history = []
    return p


def _carried(pos: KPosition, m: KMove) -> Tuple[int, ...]:
    """The cards a card move carries from ``pos`` (the run from its card up)."""
    if m.kind != "move" or m.card is None:
        return ()
    if m.src in klondike.PILES:
        pile = pos.piles[klondike.PILES.index(m.src)]
        return tuple(pile[len(pile) - m.count:])
    return (m.card,)


def _goal(start: KPosition, moves: Sequence[KMove],
          measure: str) -> Callable[[KPosition, Sequence[KMove]], bool]:
    end = _fresh(start)
    for n, m in enumerate(moves, 1):
        try:
            end.push(m)
        except ValueError as e:
            raise AssertionError("move %d (%s) does not replay: %s" % (n, m, e))
    if end.is_won():
        return lambda p, _line: p.is_won()
    if measure == "score":
        want = klondike.score(start, start.rules, moves)
        return lambda _p, line: klondike.score(start, start.rules, line) >= want
    cards = end.foundation_cards()
    return lambda p, _line: p.foundation_cards() >= cards


def klondike_removals(start: KPosition, moves: Sequence[KMove],
                      measure: str = "foundation") -> List[str]:
    """Every removal (see the module docstring) that leaves ``moves``, played from
    ``start``, still winning or reaching what it reaches.  ``start`` is not changed."""
    reach = _goal(start, moves, measure)
    # one replay: the position before each move (copies), what each move carries, and
    # where the passes end
    before: List[KPosition] = []
    carried: List[Tuple[int, ...]] = []
    pass_ends: List[int] = []
    p = _fresh(start)
    for i, m in enumerate(moves):
        before.append(p.copy())
        carried.append(_carried(p, m))
        rec = p.recycles
        p.push(m)
        if m.kind in ("draw", "recycle") and p.recycles > rec:
            pass_ends.append(i)

    def survives(drop: Set[int]) -> bool:
        first = min(drop)
        q = before[first].copy()
        line = list(moves[:first])
        for k in range(first, len(moves)):
            if k in drop:
                continue
            try:
                q.push(moves[k])
            except ValueError:
                return False
            line.append(moves[k])
        return reach(q, line)

    found: List[str] = []
    tried: Set[Tuple[int, ...]] = set()

    def attempt(drop: Set[int], what: str) -> None:
        key = tuple(sorted(drop))
        if not drop or key in tried:
            return
        tried.add(key)
        if survives(drop):
            found.append(what)

    for i, m in enumerate(moves):
        if m.kind != "move":
            continue
        attempt({i}, "move %d (%s) can go" % (i + 1, m))
        same = next((k for k in range(i + 1, len(moves)) if moves[k].card == m.card
                     and moves[k].kind == "move"), None)
        carry = next((k for k in range(i + 1, len(moves)) if m.card in carried[k]), None)
        for j in {same, carry} - {None}:
            attempt({i, j}, "moves %d and %d (%s, %s) can go" % (
                i + 1, j + 1, m, moves[j]))  # type: ignore[index]

    def talon(a: int, b: int) -> Optional[Set[int]]:
        """The stock turns of moves a..b-1, or None if a card is played from the waste
        among them."""
        if any(moves[k].src == "W" for k in range(a, b)):
            return None
        return {k for k in range(a, b) if moves[k].kind in ("draw", "recycle")}

    start_at = 0
    for end in pass_ends:
        turns = talon(start_at, end + 1)
        if turns:
            attempt(turns, "the pass ending at move %d can go" % (end + 1))
        start_at = end + 1
    turns = talon(start_at, len(moves))
    if turns:
        attempt(turns, "the turns after move %d can go" % start_at)
    return found


def _acesup_reaches(start: acesup.Position, moves: Sequence[acesup.Move],
                    score: int) -> bool:
    p = start.copy()
    try:
        for m in moves:
            p.push(m)
    except ValueError:
        return False
    return p.score >= score


def _renamed(moves: Sequence[acesup.Move], a: str, b: str) -> List[acesup.Move]:
    """``moves`` with piles ``a`` and ``b`` swapped."""
    swap = {a: b, b: a}
    return [acesup.Move(m.kind, swap.get(m.src, m.src), swap.get(m.dst, m.dst), m.card)
            for m in moves]


def _shortest_rearrangement(piles: Sequence[Sequence[int]], goal: Sequence[Sequence[int]],
                            strict: bool, longest: int) -> int:
    """The fewest moves to empty piles that turn ``piles`` into ``goal`` (breadth
    first, at most ``longest``: more is not looked for)."""
    first = tuple(tuple(p) for p in piles)
    want = tuple(tuple(p) for p in goal)
    seen = {first}
    frontier = [first]
    for depth in range(longest + 1):
        if want in seen:
            return depth
        nxt = []
        for lay in frontier:
            for i in range(4):
                if not lay[i] or (strict and lay[i][-1] % 13 != 0):
                    continue
                for j in range(4):
                    if lay[j]:
                        continue
                    new = list(lay)
                    new[j] = (lay[i][-1],)
                    new[i] = lay[i][:-1]
                    t = tuple(new)
                    if t not in seen:
                        seen.add(t)
                        nxt.append(t)
        frontier = nxt
    return longest + 1


def acesup_removals(start: acesup.Position, moves: Sequence[acesup.Move],
                    score: Optional[int] = None) -> List[str]:
    """The pointless moves of an Aces Up line played from ``start`` (not changed), as
    removals that keep the line reaching ``score`` (default: what it reaches):

    - a move of a card alone on its pile to an empty pile that can be left out, the
      two piles' names swapped in the moves after it or not;
    - a card moved twice with nothing dealt or discarded in between, where the two
      moves can go, or become one (from the first's pile to the second's);
    - a stretch of moves between two deals or discards that fewer moves do.

    A line that only moves cards to empty piles after the last deal has such a move
    (they only rename piles, which no deal tells apart any more): the first removal
    finds it."""
    p = start.copy()
    before: List[acesup.Position] = []
    for n, m in enumerate(moves, 1):
        before.append(p.copy())
        try:
            p.push(m)
        except ValueError as e:
            raise AssertionError("move %d (%s) does not replay: %s" % (n, m, e))
    reached = p.score
    if score is None:
        score = reached
    found: List[str] = []
    if reached != score:
        found.append("the line discards %d cards, not %d" % (reached, score))

    def reaches(line: Sequence[acesup.Move]) -> bool:
        return _acesup_reaches(start, line, score)  # type: ignore[arg-type]

    last_move: Dict[int, int] = {}       # card -> its move since the last deal or discard
    stretch = 0                          # where the current stretch of moves began
    for i, m in enumerate(moves):
        if m.kind != "move":
            last_move.clear()
            stretch = i + 1
            continue
        head, tail = list(moves[:i]), list(moves[i + 1:])
        if len(before[i].piles[acesup.PILES.index(m.src)]) == 1:
            if reaches(head + tail) or reaches(head + _renamed(tail, m.src, m.dst)):
                found.append("move %d (%s): %s alone on %s need not move" % (
                    i + 1, m, card_str(m.card), m.src))  # type: ignore[arg-type]
        k = last_move.get(m.card)  # type: ignore[arg-type]
        if k is not None:
            first = moves[k]
            both = list(moves[:k]) + list(moves[k + 1:i]) + tail
            one = (list(moves[:k]) + list(moves[k + 1:i])
                   + [acesup.Move("move", first.src, m.dst, m.card)] + tail)
            if reaches(both) or (first.src != m.dst and reaches(one)):
                found.append("moves %d and %d (%s, %s): %s moved twice for nothing" % (
                    k + 1, i + 1, first, m, card_str(m.card)))  # type: ignore[arg-type]
        last_move[m.card] = i  # type: ignore[index]
        if i + 1 == len(moves) or moves[i + 1].kind != "move":
            after = before[i + 1].piles if i + 1 < len(moves) else p.piles
            need = _shortest_rearrangement(before[stretch].piles, after,
                                           start.rules.strict, i - stretch)
            if need <= i - stretch:
                found.append("moves %d-%d: %d moves do what these %d do" % (
                    stretch + 1, i + 1, need, i + 1 - stretch))
    return found


def acesup_lone_moves(start: acesup.Position, moves: Sequence[acesup.Move]) -> Tuple[int, int]:
    """(moves of a card alone on its pile to an empty pile, moves of a card moved
    already since the last deal or discard) in a line played from ``start``: the
    rearrangements of lone cards that a line keeps because a later deal tells the
    piles apart.  Counted, not judged: ``acesup_removals`` judges them."""
    p = start.copy()
    lone = twice = 0
    moved: Set[int] = set()
    for m in moves:
        if m.kind == "move":
            lone += len(p.piles[acesup.PILES.index(m.src)]) == 1
            twice += m.card in moved
            moved.add(m.card)  # type: ignore[arg-type]
        else:
            moved.clear()
        p.push(m)
    return lone, twice
