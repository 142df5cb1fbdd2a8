"""Hints for Aces Up: what each legal move of a position leaves, the win or the score.

An Aces Up game that cannot be won still has a score (cards discarded), so a hint says
for every legal move both whether the game can still be won after it and the best score
that can still be reached after it.  The position itself is solved first (verdict and
best score); the first move of the line found is then known to keep both (its child's
best is the position's best, and the line shows it), so that child is not searched
again.  Every other child is loaded into the core and solved the same way, with the
same budgets.  (The core's table is not shared across children: its keys count the
deals made since the position loaded, so sharing it would need a search rooted at the
parent; that is left undone.)

"Best first": the moves that keep the win, then by the best score after them (higher
first), then the undecided ones; ties in the order of ``Position.legal_moves()``.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import List, Optional

from ...errors import MoveError
from ...solution import LOST, UNKNOWN, WON
from .bridge import AcesUpSearch, solve_acesup_position
from .rules import WIN_SCORE, Move, Position


@dataclass(frozen=True)
class AcesUpMoveVerdict:
    """One legal move and what it leaves: ``result`` "won" (the game can still be won
    after it), "lost" (no line wins after it, proved) or "unknown" (a budget ran out);
    ``best`` the best score reachable after it (48 when won), ``best_proved`` whether no
    line after it does better.  ``text`` is the short move text, ``words`` the move in
    plain words."""
    move: Move
    text: str
    words: str
    result: str
    best: int
    best_proved: bool


@dataclass
class AcesUpHint:
    """The verdicts of every legal move of ``position``, best first.  ``result`` and
    ``best`` are the verdict and best score of the position itself."""
    position: Position
    result: str
    best: int
    best_proved: bool
    moves: List[AcesUpMoveVerdict]
    states: int
    seconds: float

    @property
    def winning(self) -> List[AcesUpMoveVerdict]:
        return [m for m in self.moves if m.result == WON]

    def verdict_for(self, move: Move) -> AcesUpMoveVerdict:
        for m in self.moves:
            if m.move == move:
                return m
        raise MoveError("%s is not a legal move here" % move)

    def lines(self) -> List[str]:
        """The verdict line and one line per move, as ``kabalsolve hint`` prints them."""
        rules = self.position.rules.describe()
        game = "acesup" + (" (%s)" % rules if rules else "")
        n, w = len(self.moves), len(self.winning)
        best = "best score %d of %d%s" % (self.best, WIN_SCORE,
                                          "" if self.best_proved else " found (not proved)")
        if self.position.is_won():
            head = "won: only the Aces are left (%s)" % game
        elif self.result == WON:
            head = "won: %d of %d move%s keep%s the game winnable (%s)" % (
                w, n, "" if n == 1 else "s", "s" if w == 1 else "", game)
        elif self.result == LOST:
            head = "lost: no move wins from this position, %s (%s)" % (best, game)
        else:
            head = "unknown: a budget ran out, %s (%s)" % (best, game)
        if not self.moves and not self.position.is_won():
            head += "; no legal move: the game is over"
        out = ["%s; %d states searched in %.3f s" % (head, self.states, self.seconds)]
        width = max([len(m.text) for m in self.moves] + [1])
        for m in self.moves:
            out.append("  %-*s  %s: %s" % (width, m.text, m.words, self._tail(m)))
        return out

    def _tail(self, m: AcesUpMoveVerdict) -> str:
        """What the searches showed of one move, and only that: a best score that a
        budget kept from being proved is "found", and what it leaves open is said to be
        unknown."""
        if m.result == WON:
            return "keeps the win"
        found = "best score %d found after it; a budget ran out, so more may be " \
                "reachable" % m.best
        if m.result == UNKNOWN:
            return "unknown (a budget ran out; best score %d found after it)" % m.best
        if self.result == WON:
            return "forfeits the win (%s)" % ("best score %d after it" % m.best
                                              if m.best_proved else found)
        # the position is lost (or undecided): self.best was reached from it, so it is
        # at most the position's best score, and m.best at most that too
        if m.best_proved and m.best < self.best:
            return "lowers the best score to %d" % m.best
        if self.best_proved and m.best >= self.best:
            return "keeps the best score (%d)" % self.best
        if m.best_proved:
            return ("best score %d after it; whether another move reaches more is "
                    "unknown (a budget ran out)" % m.best)
        return found

    def __str__(self) -> str:
        return "\n".join(self.lines())


def hint(position: Position, max_states: Optional[int] = None,
         timeout: Optional[float] = None,
         max_memory_mb: Optional[int] = None) -> AcesUpHint:
    """Decide every legal move of an Aces Up ``position`` (see the module docstring).
    ``max_states`` bounds each search, ``timeout`` the whole call; what they stop is
    "unknown" (with the best score found so far), never "lost"."""
    t0 = time.perf_counter()
    deadline = None if timeout is None else t0 + timeout
    pos = position.copy()
    root = solve_acesup_position(pos, True, max_states, timeout, max_memory_mb)
    states = root.stats.states
    first = root.moves[0] if root.moves else None
    out: List[AcesUpMoveVerdict] = []
    search: Optional[AcesUpSearch] = None
    for m in pos.legal_moves():
        text, words = pos.move_text(m), pos.describe(m)
        if m == first and root.result != UNKNOWN:
            # the root's line goes on from this child: it reaches the root's best, and
            # no line from the child can beat the root's best (it is a line of the root)
            out.append(AcesUpMoveVerdict(m, text, words, root.result, root.best,
                                         root.score_proved))
            continue
        left = None if deadline is None else deadline - time.perf_counter()
        child = pos.copy()
        child.push(m)
        if left is not None and left <= 0:
            out.append(AcesUpMoveVerdict(m, text, words, UNKNOWN, child.score, False))
            continue
        if root.result == WON:
            # the verdict first, in one table shared by all the moves (AcesUpSearch)
            if search is None:
                search = AcesUpSearch(pos, max_memory_mb)
            before = search.states
            verdict, _ = search.verdict_after(m, max_states, left)
            states += search.states - before
            if verdict == WON:
                out.append(AcesUpMoveVerdict(m, text, words, WON, WIN_SCORE, True))
                continue
            left = None if deadline is None else deadline - time.perf_counter()
        sol = solve_acesup_position(child, True, max_states, left, max_memory_mb)
        states += sol.stats.states
        out.append(AcesUpMoveVerdict(m, text, words, sol.result, sol.best,
                                     sol.score_proved))
    order = {WON: 0, LOST: 1, UNKNOWN: 2}
    out.sort(key=lambda v: (order[v.result], -v.best))
    result = root.result
    if result == UNKNOWN and any(v.result == WON for v in out):
        result = WON
    return AcesUpHint(position, result, root.best, root.score_proved, out, states,
                      time.perf_counter() - t0)

