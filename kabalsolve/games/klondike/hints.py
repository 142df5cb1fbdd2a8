"""Hints: which moves of a Klondike position keep the game winnable.

``hint(position)`` first decides the position itself with the ordinary solver (its
quick searches and the draw-1 proof of loss make that cheap).  A lost position needs no
more work: every move from it leads to a lost position.  Otherwise the first move of
the win found keeps the game winnable, and every other legal move is decided by one
``bridge.PositionSearch``: the position is loaded into the core once, and the table of
positions proved lost is kept from move to move, so the moves that forfeit the win
(whose lost positions overlap) share one search's work.

"Best first" means: the winning moves by the length of the win the solver found after
each (shorter first), ties in the order of ``Position.legal_moves()``.  The solver does
not look for the shortest win, so this is a guide, not a proof that one move is better.

``hint_no_peek(position)`` is the hint of a player who does not peek: it sees only what
is visible (``estimate.view_of``: never the face-down cards, the stock cards that are
known) and ranks the moves by the share of random deals of the unseen cards each wins
(``estimate.estimate_moves``), best first, ties in the order of ``legal_moves()``.  It
takes a ``PartialPosition`` (unknown cards written ``??``) as well as a ``Position``.
It also gives the move the player of ``kabalsolve play`` makes there (``player.Player``
with its defaults and the hint's seed): the ranking weighs each atomic move alone, the
player weighs what it can do before a move that changes the game for good.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple, Union

from ...errors import MoveError
from ...solution import LOST, UNKNOWN, WON
from .bridge import PositionSearch, solve_win
from .estimate import MAX_STATES, SAMPLES, MoveEstimate, estimate_moves, view_of, words
from .player import MAX_STATES as PLAYER_STATES, Player
from .position import PartialPosition
from .rules import Move, Position, Rules


@dataclass(frozen=True)
class MoveVerdict:
    """One legal move and what it leaves: ``result`` is "won" (the game can still be won
    after it), "lost" (it forfeits the win, proved) or "unknown" (a budget ran out).
    ``text`` is the short move text, ``words`` the move in plain words, ``win_length``
    the number of moves of the win found after it (won only)."""
    move: Move
    text: str
    words: str
    result: str
    win_length: Optional[int] = None


@dataclass
class Hint:
    """The verdicts of every legal move of ``position``: winning moves first (best
    first), then undecided ones, then the moves that forfeit the win.  ``result`` is the
    verdict of the position itself."""
    position: Position
    result: str
    moves: List[MoveVerdict]
    states: int
    seconds: float

    @property
    def winning(self) -> List[MoveVerdict]:
        return [m for m in self.moves if m.result == WON]

    def verdict_for(self, move: Move) -> MoveVerdict:
        for m in self.moves:
            if m.move == move:
                return m
        raise MoveError("%s is not a legal move here" % move)

    def lines(self) -> List[str]:
        """The verdict line and one line per move, as ``kabalsolve hint`` prints them."""
        rules = _rules_text(self.position.rules)
        n, w = len(self.moves), len(self.winning)
        if self.result == LOST:
            head = "lost: no move wins from this position (%s)" % rules
        elif self.position.is_won():
            head = "won: all cards are on the foundations (%s)" % rules
        else:
            head = "%s: %d of %d move%s keep%s the game winnable (%s)" % (
                self.result if w == 0 else WON, w, n, "" if n == 1 else "s",
                "s" if w == 1 else "", rules)
        out = ["%s; %d states searched in %.3f s" % (head, self.states, self.seconds)]
        if self.result == LOST:
            return out
        width = max([len(m.text) for m in self.moves] + [1])
        for m in self.moves:
            if m.result == WON:
                tail = "keeps the win (a win in %d more moves)" % (m.win_length or 0)
            elif m.result == LOST:
                # "forfeits" only where a win was shown: under a budget that ran out
                # the position itself may be lost
                tail = "forfeits the win" if self.result == WON else "leaves a lost position"
            else:
                tail = "unknown (a budget ran out)"
            out.append("  %-*s  %s: %s" % (width, m.text, m.words, tail))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _rules_text(r: Rules) -> str:
    return "klondike draw %d%s" % (r.draw, "" if r.passes is None else
                                   ", %d pass%s" % (r.passes, "" if r.passes == 1 else "es"))


#: Short searches tried before the full one, as the solver's kl_decide does: (moves of
#: each bucket in reverse order, states).  A win is often found at once in one order
#: and only after millions of states in the other; a short search that ends "lost" is
#: a proof like any other and its positions are kept, one that runs out is thrown away.
QUICK = ((False, 3000), (True, 3000))


def _decide(search: PositionSearch, move: Move, max_states: Optional[int],
            timeout: Optional[float]) -> Tuple[str, List[Move]]:
    t0 = time.perf_counter()
    for flip, budget in QUICK:
        if max_states is not None and max_states <= budget:
            break
        result, _stop, win = search.decide_after(move, max_states=budget, timeout=timeout,
                                                 flip=flip)
        if result != UNKNOWN:
            return result, win
    if timeout is not None:
        timeout -= time.perf_counter() - t0
        if timeout <= 0:
            return UNKNOWN, []
    result, _stop, win = search.decide_after(move, max_states=max_states, timeout=timeout)
    return result, win


def hint(position: Position, max_states: Optional[int] = None,
         timeout: Optional[float] = None, max_memory_mb: Optional[int] = None) -> Hint:
    """Decide every legal move of a Klondike ``position`` (see the module docstring).
    ``max_states`` bounds each search, ``timeout`` the whole call; what they stop is
    "unknown", never "lost"."""
    t0 = time.perf_counter()
    deadline = None if timeout is None else t0 + timeout
    pos = position.copy()
    legal = pos.legal_moves()

    def verdict(m: Move, result: str, length: Optional[int] = None) -> MoveVerdict:
        return MoveVerdict(m, pos.move_text(m), pos.describe(m), result, length)

    root = solve_win(pos, pos.rules, max_states=max_states, timeout=timeout,
                     max_memory_mb=max_memory_mb)
    states = root.stats.states
    if root.result == LOST:
        return Hint(position, LOST, [verdict(m, LOST) for m in legal], states,
                    time.perf_counter() - t0)
    first = root.moves[0] if root.result == WON and root.moves else None
    search = PositionSearch(pos, max_memory_mb)
    out: List[MoveVerdict] = []
    for m in legal:
        if m == first:
            out.append(verdict(m, WON, len(root.moves) - 1))
            continue
        left = None if deadline is None else deadline - time.perf_counter()
        if left is not None and left <= 0:
            out.append(verdict(m, UNKNOWN))
            continue
        result, win = _decide(search, m, max_states, left)
        out.append(verdict(m, result, len(win) if result == WON else None))
    states += search.states
    order = {WON: 0, UNKNOWN: 1, LOST: 2}
    out.sort(key=lambda v: (order[v.result], v.win_length or 0))
    if pos.is_won() or root.result == WON or any(v.result == WON for v in out):
        result = WON
    elif all(v.result == LOST for v in out):
        result = LOST   # every move (if any) forfeits: the position itself is lost
    else:
        result = UNKNOWN
    return Hint(position, result, out, states, time.perf_counter() - t0)


@dataclass
class NoPeekHint:
    """The hint of a player who does not peek (``hint_no_peek``): every legal move of
    ``position`` with the random deals of its ``unseen`` cards won after it, best first
    (most won first, ties in the order of ``Position.legal_moves()``).  ``result`` is
    "won" when every card is on the foundations, "lost" when no move is legal (the
    game is over), else "ranked"."""
    position: Union[Position, PartialPosition]
    result: str
    moves: List[MoveEstimate]
    unseen: int
    samples: int
    max_states: int
    seed: int
    searches: int
    seconds: float
    #: the move ``kabalsolve play`` makes here (``player.Player`` with its defaults and
    #: this seed), its short text and words, and the searches it took; None if none
    player_move: Optional[Move] = None
    player_text: str = ""
    player_words: str = ""
    player_searches: int = 0

    @property
    def best(self) -> Optional[MoveEstimate]:
        """The move that won the most deals (the first of ``moves``), or None."""
        return self.moves[0] if self.moves else None

    def estimate_for(self, move: Move) -> MoveEstimate:
        for m in self.moves:
            if m.move == move:
                return m
        raise MoveError("%s is not a legal move here" % move)

    def lines(self) -> List[str]:
        """The first line and one line per move, as ``kabalsolve hint --no-peek`` prints
        them."""
        rules = "%s, seed %d" % (_rules_text(self.position.rules), self.seed)
        n = len(self.moves)
        if self.result == WON:
            head = "won: all cards are on the foundations (%s)" % rules
        elif self.result == LOST:
            head = "lost: no legal move (%s)" % rules
        else:
            head = "without peeking: %d move%s, each tried on the same %d random deal%s %s " \
                   "(%s)" % (n, "" if n == 1 else "s", self.samples,
                             "" if self.samples == 1 else "s",
                             "of the %d unseen cards" % self.unseen if self.unseen else
                             "(every card is known)", rules)
        out = ["%s; %d searches of at most %d positions in %.3f s"
               % (head, self.searches, self.max_states, self.seconds)]
        width = max([len(m.text) for m in self.moves] + [1])
        for m in self.moves:
            lo, hi = m.interval
            out.append("  %-*s  %s: %d of %d won, %.0f %% (95 %% interval %.0f-%.0f %%)" % (
                width, m.text, m.words, m.wins, m.samples, 100 * m.rate, 100 * lo,
                100 * hi))
        if self.player_move is not None:
            out.append("the player plays: %s  %s (%d searches of at most %d positions)"
                       % (self.player_text, self.player_words, self.player_searches,
                          PLAYER_STATES))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_dict(self) -> Dict[str, Any]:
        r = self.position.rules
        return {"game": "klondike", "draw": r.draw, "foundation_moves": r.foundation_moves,
                "passes": r.passes, "no_peek": True, "seed": self.seed,
                "samples": self.samples, "max_states": self.max_states,
                "unseen": self.unseen, "result": self.result,
                "moves": [m.to_dict() for m in self.moves],
                "player": None if self.player_move is None else {
                    "move": self.player_move.to_json(), "text": self.player_text,
                    "words": self.player_words, "searches": self.player_searches},
                "stats": {"searches": self.searches, "seconds": self.seconds}}

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)


def hint_no_peek(position: Union[Position, PartialPosition], samples: int = SAMPLES,
                 max_states: int = MAX_STATES, seed: int = 0) -> NoPeekHint:
    """Rank every legal move of ``position`` from what a player who does not peek sees
    (see the module docstring and ``estimate``): ``samples`` random deals of the unseen
    cards, at most ``max_states`` positions a search, the deals seeded by ``seed``."""
    t0 = time.perf_counter()
    view = view_of(position)
    estimates, searches = estimate_moves(view, samples, max_states, seed)
    estimates.sort(key=lambda e: -e.wins)     # stable: ties keep the legal moves' order
    if sum(view.foundations) == 52:
        result = WON
    elif not estimates:
        result = LOST
    else:
        result = "ranked"
    move, text, said, played = None, "", "", 0
    if result == "ranked":
        player = Player(seed)
        move = player.choose(view)
        played = player.tally.searches
        if move is not None:
            pos = view.any_position()
            text, said = pos.move_text(move), words(view, pos, move)
    return NoPeekHint(position, result, estimates, view.unknown(), samples, max_states,
                      seed, searches, time.perf_counter() - t0, move, text, said, played)
