"""The bridge to the compiled core for Klondike: every search the core makes of a
Klondike deal or position, and the decoding of its answers.

Pack the position once, make one call, decode the move codes by replaying them on the
reference ``Position`` (``rules``): a move the rules refuse raises SolverError, so
every line that leaves this module has been checked by code that did not produce it.
One kind of line is checked in the core instead (``solve_win``, for
``kabalsolve.solve``, and ``PositionSearch.decide_after``, for the hints): a classic
win, written out as atomic moves and played as it is written by the core's independent
check (_line_klondike.pxi, _check_klondike.pxi), since the Python replay cost several
times the search; the tests hold it to the replayed line.

The objectives: ``win``; ``max-foundation`` (the most cards that can reach the
foundations, with a line that gets them there); and the two that count along a line,
``min-moves`` (the fewest explicit moves of a win) and ``max-score`` (the best Windows
standard score).  These two start from the win search's answer, which gives a line to
beat (its length, or its score), then run the core's best-first search
(``_core.klondike_objective``, _objective.pxi) for a strictly better line within what
is left of the budgets.  The answer is a proof when that search ends ("proved"), else
the best line found; the length or score recomputed on the reference rules
(``len(moves)``, ``rules.score``) must equal what the core claims.

``PositionSearch`` keeps a position in the core between searches, for the hints.
"""
from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ... import _core
from ...bridge import NOLIMIT, SolverError, check_budget
from ...cards import CARDS, Card
from ...errors import KabalError, OptionError
from ...solution import LOST, UNKNOWN, WON, Solution, Stats
from . import rules as klondike
from .lines import shorten

_T = _core.KLONDIKE_MOVE_TYPES


CoreColumns = List[Tuple[List[Card], List[Card]]]
#: the core's position arguments, as its functions take them: (columns, found, talon, wp,
#: recycles)
CoreArgs = Tuple[Sequence[Tuple[Sequence[int], Sequence[int]]], Sequence[int], Sequence[int],
                 int, int]


def klondike_core_args(pos: klondike.Position
                       ) -> Tuple[CoreColumns, List[int], List[Card], int, int]:
    """The core's view of a Python position: (columns, found, talon, wp, recycles).
    (Danish positions also need ``group=klondike_core_group(pos)``.)"""
    columns = [(pos.piles[i][:pos.down[i]], pos.piles[i][pos.down[i]:]) for i in range(7)]
    # the core counts recycles only with limited passes (and holds at most 255)
    rec = pos.recycles if pos.rules.passes is not None else 0
    return columns, list(pos.foundations), pos.talon(), pos.talon_pointer(), rec


def klondike_core_group(pos: klondike.Position) -> int:
    """Danish: the cards left of the current three (the core's gl); 0 in classic."""
    return len(pos.waste) if pos.rules.danish else 0


def klondike_rule_args(rules: klondike.Rules) -> Dict[str, Any]:
    max_rec = NOLIMIT if rules.passes is None else rules.passes - 1
    return dict(draw=rules.draw, max_recycles=max_rec, foundation_moves=rules.foundation_moves,
                danish=rules.danish)


def decode_klondike_move(pos: klondike.Position, code: int) -> List[klondike.Move]:
    """The atomic moves that a core move code stands for, from ``pos`` (not played)."""
    t, a, b, n = _core.decode_move(code)
    M = klondike.Move
    P = klondike.PILES
    if t == _T["T2F"]:
        return [M("move", P[a], "F", pos.piles[a][-1])]
    if t in (_T["W2F"], _T["W2T"]):
        card = pos.talon()[a]
        steps = pos.steps_to_talon_card(card, turn=bool(code & _core.KLONDIKE_TURNED))
        return steps + [M("move", "W", "F" if t == _T["W2F"] else P[b], card)]
    if t == _T["T2T"]:
        pile = pos.piles[a]
        return [M("move", P[a], P[b], pile[len(pile) - n], n)]
    if t == _T["F2T"]:
        return [M("move", "F", P[b], CARDS[a * 13 + pos.foundations[a] - 1])]
    if code == _core.KLONDIKE_RECYCLE:
        # max-score's standalone recycle: turn the rest of the stock, then recycle
        turns = -(-len(pos.stock) // pos.rules.draw)
        return [M.draw()] * turns + [M.recycle()]
    if t == _T["SWAPF"]:
        pile = pos.piles[a]
        return [M("move", P[a], P[b], pile[len(pile) - n], n),
                M("move", P[a], "F", pile[len(pile) - n - 1])]
    raise SolverError("unknown move code %d" % code)


def replay_klondike_codes(pos: klondike.Position, codes: List[int],
                          what: str) -> List[klondike.Move]:
    """Play the core's move codes on ``pos`` (the reference rules) and return the atomic
    moves; a move the rules refuse is a SolverError naming ``what`` and the move."""
    moves: List[klondike.Move] = []
    for code in codes:
        for m in decode_klondike_move(pos, code):
            try:
                pos.push(m)
            except KabalError as e:
                raise SolverError("%s breaks the rules at move %d: %s"
                                  % (what, len(moves) + 1, e)) from None
            moves.append(m)
    return moves


def replay_winning_codes(pos: klondike.Position, codes: List[int],
                         what: str) -> Tuple[List[klondike.Move], klondike.Position]:
    """``replay_klondike_codes`` of a winning line, its round trips taken out first
    (``_core.klondike_tidy``: a card moved away and back where the line wins without
    it): (the atomic moves, the position they end in).  The short line is played on a
    copy of ``pos`` and kept if it replays on the reference rules and wins; else the
    line as found is played on ``pos`` itself, checked as ever."""
    columns, found, talon, wp, rec = klondike_core_args(pos)
    short = _core.klondike_tidy(columns, found, talon, codes, wp, rec,
                                group=klondike_core_group(pos),
                                **klondike_rule_args(pos.rules))
    if short is not None and short != codes:
        p = pos.copy()
        try:
            moves = replay_klondike_codes(p, short, what)
        except SolverError:
            moves = []
        if p.is_won():
            return moves, p
    return replay_klondike_codes(pos, codes, what), pos


def solve_klondike(deal: klondike.Deal, rules: klondike.Rules,
                   max_states: Optional[int] = None, timeout: Optional[float] = None,
                   max_memory_mb: Optional[int] = None, objective: str = "win") -> Solution:
    return solve_position(klondike.Position(deal, rules), max_states, timeout,
                          max_memory_mb, deal, objective)


#: the objectives of the Klondike search
OBJECTIVES = ("win", "max-foundation", "min-moves", "max-score")


def solve_position(start: klondike.Position, max_states: Optional[int] = None,
                   timeout: Optional[float] = None, max_memory_mb: Optional[int] = None,
                   deal: Optional[klondike.Deal] = None, objective: str = "win") -> Solution:
    """Decide a Klondike position (a deal is the position before any move) at its own
    rules; the Solution's moves start from it.  objective "max-foundation": also the
    most cards that can reach the foundations, with a line that gets them there
    (``extra["foundation"]``, ``extra["foundation_proved"]``)."""
    check_budget(max_states, timeout, max_memory_mb)
    if objective not in OBJECTIVES:
        raise OptionError("objective must be one of %s, not %r"
                          % (", ".join(OBJECTIVES), objective))
    if objective in ("min-moves", "max-score"):
        return solve_counted(start, objective, max_states, timeout, max_memory_mb, deal)
    t0 = time.perf_counter()
    rules = start.rules
    pos = start.copy()
    columns, found, talon, wp, rec = klondike_core_args(pos)
    args = dict(group=klondike_core_group(pos), max_states=max_states or 0,
                timeout=timeout or 0.0, max_table_mb=max_memory_mb or 8192,
                **klondike_rule_args(rules))
    best = -1
    if objective == "max-foundation":
        status, stop, codes, states, made, tbytes, secs, best = \
            _core.klondike_max_foundation(columns, found, talon, wp, rec, **args)
    else:
        status, stop, codes, states, made, tbytes, secs = _core.klondike_solve(
            columns, found, talon, wp, rec, **args)
    moves: List[klondike.Move] = []
    if best >= 0:
        moves = replay_klondike_codes(pos, codes, "the core's line")
        if sum(pos.foundations) != best or (status == WON) != pos.is_won():
            raise SolverError("the core's line puts %d cards up, not %d"
                              % (sum(pos.foundations), best))
        moves = shorten(start, moves, lambda p, _line: p.foundation_cards() >= best)
    elif status == WON:
        moves, pos = replay_winning_codes(pos, codes, "the core's solution")
        if not pos.is_won():
            raise SolverError("the core's solution does not end with all cards up")
    elif status not in (LOST, UNKNOWN):
        raise SolverError("unknown status %r" % status)
    stats = Stats(states=states, moves_made=made, search_seconds=secs,
                  seconds=time.perf_counter() - t0, table_bytes=tbytes)
    sol = Solution("klondike", status, rules, deal if deal is not None else start.copy(),
                   moves, stats, stop)
    if best >= 0:
        sol.extra.update(objective=objective, foundation=best,
                         foundation_proved=status != UNKNOWN)
    return sol


def classic_args(start: Union[klondike.Deal, klondike.Position], rules: klondike.Rules,
                 what: str) -> Tuple[klondike.Rules, CoreArgs, Dict[str, Any]]:
    """(the rules, the core's position arguments, its rule keywords) of a classic
    Klondike deal at ``rules`` or position at its own rules; a deal is packed as is,
    without a Position (the top card of each pile face up).  OptionError for the danish
    variant: ``what`` is for classic Klondike."""
    args: CoreArgs
    if isinstance(start, klondike.Position):
        rules = start.rules
        args = klondike_core_args(start)
    else:
        args = ([(pile[:-1], pile[-1:]) for pile in start.tableau], [0, 0, 0, 0],
                list(start.stock), 0, 0)
    if rules.danish:
        raise OptionError("%s is for classic Klondike" % what)
    return rules, args, verdict_keywords(rules)


def verdict(start: Union[klondike.Deal, klondike.Position], rules: klondike.Rules,
            max_states: Optional[int] = None, timeout: Optional[float] = None,
            max_memory_mb: Optional[int] = None) -> str:
    """"won", "lost" or "unknown" for a classic Klondike deal (at ``rules``) or position
    (at its own rules), with no line handed back: the core's win is checked by its
    independent compiled replay (_check_klondike.pxi), not by the Python rules, and a
    loss is the search's exhaustive proof, as for ``solve_position``."""
    check_budget(max_states, timeout, max_memory_mb)
    rules, args, kw = classic_args(start, rules, "the verdict-only search")
    return _checked_verdict(args, kw, max_states, timeout, max_memory_mb)


def verdict_keywords(rules: klondike.Rules) -> Dict[str, Any]:
    """The core's rule keywords of ``klondike_verdict`` for classic ``rules``."""
    kw = klondike_rule_args(rules)
    del kw["danish"]
    return kw


#: the foundations of a deal (read, never changed, by the core)
_NO_CARDS_UP = (0, 0, 0, 0)


def deal_verdict(deal: klondike.Deal, kw: Dict[str, Any], max_states: Optional[int],
                 timeout: Optional[float], max_memory_mb: Optional[int]) -> str:
    """``verdict`` of a classic deal at the rules whose core keywords are ``kw``
    (``verdict_keywords``), with nothing made on the way: the same search and the same
    check of a win."""
    check_budget(max_states, timeout, max_memory_mb)
    return _checked_verdict(([(pile[:-1], pile[-1:]) for pile in deal.tableau],
                             _NO_CARDS_UP, deal.stock, 0, 0),
                            kw, max_states, timeout, max_memory_mb)


def _checked_verdict(args: CoreArgs, kw: Dict[str, Any], max_states: Optional[int],
                     timeout: Optional[float], max_memory_mb: Optional[int]) -> str:
    # the core's verdict on its position arguments; a win its check refuses is an error
    status, _stop, _states, _made, _tbytes, _secs, refused = _core.klondike_verdict(
        *args, max_states=max_states or 0, timeout=timeout or 0.0,
        max_table_mb=max_memory_mb or 8192, **kw)
    if refused >= 0:
        raise SolverError("the core's win fails the independent check at move %d"
                          % (refused + 1))
    return status


def solve_win(start: Union[klondike.Deal, klondike.Position], rules: klondike.Rules,
              max_states: Optional[int] = None, timeout: Optional[float] = None,
              max_memory_mb: Optional[int] = None) -> Solution:
    """``solve()`` of a classic Klondike deal (at ``rules``) or position (at its own
    rules) for a win: the same search, verdict and line as ``solve_position``, the line
    made in the core instead of in Python (``_core.klondike_solve_line``).  There the
    line loses its round trips as ``replay_winning_codes`` takes them out, is written
    out as atomic moves as ``decode_klondike_move`` writes them, and each move is played
    as it is written on the independent check's state and rules (_line_klondike.pxi,
    on _check_klondike.pxi), which must end with every card up; it is not replayed on
    the Python rules (``Solution.verify`` does that).  A win the check refuses is a
    SolverError."""
    check_budget(max_states, timeout, max_memory_mb)
    t0 = time.perf_counter()
    rules, args, kw = classic_args(start, rules, "the line checked in the core")
    first = start.copy() if isinstance(start, klondike.Position) else start
    status, stop, line, states, made, tbytes, secs, refused = _core.klondike_solve_line(
        *args, max_states=max_states or 0, timeout=timeout or 0.0,
        max_table_mb=max_memory_mb or 8192, **kw)
    if refused >= 0:
        raise SolverError("the core's win fails the independent check at move %d"
                          % (refused + 1))
    moves = atomic_moves(line) if line is not None else []
    stats = Stats(states=states, moves_made=made, search_seconds=secs,
                  seconds=time.perf_counter() - t0, table_bytes=tbytes)
    return Solution("klondike", status, rules, first, moves, stats, stop)


#: the places of a card move by number in the core's line: the columns, the foundations,
#: the waste (_line_klondike.pxi)
_PLACES = klondike.PILES + ("F", "W")
assert _PLACES.index("F") == _core.KLONDIKE_ATOMIC["F"]
assert _PLACES.index("W") == _core.KLONDIKE_ATOMIC["W"]

#: each atomic move's Move by its number, made the first time a line holds it: Moves
#: are frozen values, so one serves every line.  Its size never changes (390 KB of
#: empty places at first), so threads may share it.
_MOVE_TABLE: List[Optional[klondike.Move]] = [None] * _core.KLONDIKE_ATOMIC["count"]


def atomic_moves(line: bytes) -> List[klondike.Move]:
    """The Moves of a line of atomic moves from the core (``klondike_solve_line``)."""
    return _core.klondike_moves(line, _MOVE_TABLE, klondike.Move, _PLACES)


def klondike_steps(pos: klondike.Position, move: klondike.Move) -> List[int]:
    """The core's atomic steps (KlondikeSolver.decide) for a legal move of ``pos``."""
    S = _core.KLONDIKE_STEPS
    if move.kind in ("draw", "recycle"):
        return [S[move.kind]]
    P = klondike.PILES
    card = move.card
    assert card is not None
    if move.src == "W":
        a = len(pos.waste) - 1
        if move.dst == "F":
            return [_code(_T["W2F"], a, 0, 0)]
        return [_code(_T["W2T"], a, P.index(move.dst), 0)]
    if move.src == "F":
        return [_code(_T["F2T"], card // 13, P.index(move.dst), 0)]
    if move.dst == "F":
        return [_code(_T["T2F"], P.index(move.src), 0, 0)]
    return [_code(_T["T2T"], P.index(move.src), P.index(move.dst), move.count)]


def _code(t: int, a: int, b: int, n: int) -> int:
    return t | (a << 4) | (b << 9) | (n << 14)


class PositionSearch:
    """A Klondike position held in the core (``_core.KlondikeSolver``) with the table of
    positions proved lost kept from one search to the next: the hint search asks about
    every move of one position, and the answers share most of their work."""

    def __init__(self, pos: klondike.Position, max_memory_mb: Optional[int] = None) -> None:
        check_budget(None, None, max_memory_mb)
        if pos.rules.danish:
            raise OptionError("hints are for classic Klondike, not the danish variant")
        self.pos = pos.copy()
        columns, found, talon, wp, rec = klondike_core_args(self.pos)
        self.core = _core.KlondikeSolver(columns, found, talon, wp, rec,
                                         max_table_mb=max_memory_mb or 8192,
                                         **klondike_rule_args(pos.rules))
        self.states = 0

    def decide_after(self, move: klondike.Move, max_states: Optional[int] = None,
                     timeout: Optional[float] = None, flip: bool = False
                     ) -> Tuple[str, Optional[str], List[klondike.Move]]:
        """(result, stopped_by, a win from there) for the position after ``move`` (legal
        here).  The win is the line ``solve`` would give from there: made in the core
        without its round trips, written out as atomic moves and checked there by the
        independent check (``_core.klondike_won_line``), not replayed on the Python
        rules."""
        status, stop, codes, states = self.core.decide(
            klondike_steps(self.pos, move), max_states=max_states or 0,
            timeout=timeout or 0.0, flip=flip)
        self.states += states
        moves: List[klondike.Move] = []
        if status == WON:
            child = self.pos.copy()
            child.push(move)
            columns, found, talon, wp, rec = klondike_core_args(child)
            refused, line = _core.klondike_won_line(columns, found, talon, codes, wp, rec,
                                                    **verdict_keywords(child.rules))
            if refused >= 0 or line is None:
                raise SolverError("the core's win after %s fails the independent check at "
                                  "move %d" % (move, refused + 1))
            moves = atomic_moves(line)
        return status, stop, moves


def quick_search(pos: klondike.Position, max_states: int) -> Tuple[str, List[int]]:
    """(verdict, the core's move codes of the win found) of a classic position within
    ``max_states``, for a player that weighs its moves by many searches of imagined
    positions (player.py).  The win is not replayed here: it is a weight, not a line
    shown to anyone, and every move the player makes is played on the reference rules
    (``decode_klondike_move`` gives the atomic moves of a code)."""
    columns, found, talon, wp, rec = klondike_core_args(pos)
    status, _stop, codes, _states, _made, _tbytes, _secs = _core.klondike_solve(
        columns, found, talon, wp, rec, max_states=max_states, max_table_mb=64,
        **klondike_rule_args(pos.rules))
    return status, codes


class SampledPosition:
    """A classic position whose ``unseen`` cards stand for the cards in the places a
    player cannot see, loaded once and searched as many imagined deals as asked
    (``_core.klondike_sample_wins``): sample k relabels the unseen cards by the k-th
    random permutation of ``seed``, the same in every SampledPosition of that seed, so
    two positions after different moves are judged on the same imagined deals."""

    def __init__(self, pos: klondike.Position, unseen: Sequence[int], seed: int,
                 max_states: int) -> None:
        if pos.rules.danish:
            raise ValueError("imagined deals are for classic Klondike")
        self._args = klondike_core_args(pos)
        self._rules = klondike_rule_args(pos.rules)
        del self._rules["danish"]
        self._unseen = list(unseen)
        self._seed = seed
        self._max_states = max_states

    def wins(self, first: int, count: int) -> int:
        """How many of the samples first .. first+count-1 are won within the budget."""
        columns, found, talon, wp, rec = self._args
        return _core.klondike_sample_wins(
            columns, found, talon, self._unseen, self._seed, first, count, wp, rec,
            max_states=self._max_states, **self._rules)[0]


#: The searches of min-moves, in order: (weight, lead, narrow, share of the states
#: budget, cap without a budget).  Weighted A* first (priority g + w * h): it finds a
#: first short line far sooner than A* but proves nothing.  Then the move set, order
#: and estimate of ShootMe's minimal solver, "narrow 2" (bf_search, bf_moves,
#: kl_h_shootme: g + h + lead x cards not up, part of a run moved only to send the
#: card under it up, a low talon card played before any deeper one, the talon
#: pointer merged at draw 1), greedy (lead 8) and then as ShootMe orders (lead 1),
#: which finds its lines: on the first 100 won draw-1 deals of our generator at 6 M
#: states, ours is no longer than ShootMe's on every deal, where narrow 1 (its move
#: set with our bound) left 10 longer and weighted A* alone 41
#: (bench/minmoves_bench.py).  Each line found lowers the incumbent, and A* (weight
#: 1, no lead, all moves), last, with what is left, stores only positions that could
#: still beat it, so it proves far more within a budget after them.  A phase never
#: takes more than what is left of the budget.
PHASES = ((8.0, 0, 0, 1 / 32, 250_000), (1.0, 8, 2, 1 / 32, 250_000),
          (1.0, 1, 2, 3 / 4, 4_500_000), (1.0, 0, 0, 1.0, 0))

#: The searches of max-score, in order, as PHASES: weighted ones first (weight below
#: 1: the score so far counts for more than the gain still possible, so they go deep
#: and end good lines), then A* with what is left.  With foundation-to-tableau moves
#: allowed the same run first without them (SCORE_FIRST in place of the last, with a
#: share): their best line is a line of the real rules, found in a far smaller space.
SCORE_PHASES = ((0.0, 0, False, 1 / 16, 100_000), (0.25, 0, False, 1 / 16, 200_000),
                (1.0, 0, False, 1.0, 0))
SCORE_FIRST = (1.0, 0, False, 1 / 4, 500_000)


def _left(budget: Optional[float], used: float) -> Optional[float]:
    """What is left of a budget (None: no budget; 0 or less: spent)."""
    return None if budget is None else budget - used


def solve_counted(start: klondike.Position, objective: str,
                  max_states: Optional[int] = None, timeout: Optional[float] = None,
                  max_memory_mb: Optional[int] = None,
                  deal: Optional[klondike.Deal] = None) -> Solution:
    """Solve ``start`` for ``objective`` ("min-moves" or "max-score"); see the module
    docstring.  max-score of a deal the win search finds won is the best score of a
    line that wins (a won game ends there, and "won" always comes with a winning line);
    of any other, the best score of any line.  The Solution's ``extra``: ``objective``,
    ``proved`` (no line is better), and ``min_moves`` (None if no win is known) or
    ``best_score``."""
    if start.rules.danish:
        raise OptionError("objective %r is for classic Klondike, not the danish variant"
                          % objective)
    t0 = time.perf_counter()
    seed = solve_position(start, max_states, timeout, max_memory_mb, deal, "win")
    rules = start.rules
    first = deal if deal is not None else start.copy()
    if objective == "min-moves":
        incumbent = len(seed.moves) if seed.won else -1
    else:
        incumbent = klondike.score(first, rules, seed.moves) if seed.won else 0
    states_left = _left(max_states, seed.stats.states)
    time_left = _left(timeout, time.perf_counter() - t0)
    better, proved, value = False, False, incumbent
    codes: List[int] = []
    states = made = reopened = tbytes = 0
    secs = 0.0
    stop = seed.stopped_by
    if objective == "min-moves" and seed.result == LOST:
        proved = True                   # no win, so no fewest moves of one
    elif (states_left is None or states_left > 0) and (time_left is None or time_left > 0):
        pos = start.copy()
        columns, found, talon, wp, rec = klondike_core_args(pos)
        if objective == "max-score":
            rec = pos.recycles              # the draw-3 penalty counts every recycle
        max_rec = 255 if rules.passes is None else rules.passes - 1
        if objective == "min-moves":
            phases = [p + (rules.foundation_moves,) for p in PHASES]
        else:
            phases = [p + (rules.foundation_moves,) for p in SCORE_PHASES]
            if rules.foundation_moves:
                # every line without foundation-to-tableau moves is a line with them,
                # and that search is far smaller (no clamp refunds to chase): first
                phases[:0] = [p + (False,) for p in SCORE_PHASES[:-1] + (SCORE_FIRST,)]
        for weight, lead, narrow, share, cap, f2t in phases:
            budget = states_left
            if cap:
                budget = cap
                if max_states and states_left is not None:
                    budget = max(1, min(int(max_states * share), int(states_left)))
            found_better, proved, got, got_codes, n, m, ro, tb, secs_, stop = \
                _core.klondike_objective(
                    columns, found, talon, wp, rec, draw=rules.draw, max_recycles=max_rec,
                    foundation_moves=f2t, objective=objective,
                    incumbent=value, max_states=int(budget or 0),
                    timeout=float(time_left or 0.0), max_table_mb=max_memory_mb or 8192,
                    weight=weight, wins_only=seed.won, lead=lead, narrow=narrow)
            states += n
            made += m
            reopened += ro
            tbytes = max(tbytes, tb)
            secs += secs_
            if found_better:
                better, value, codes = True, got, got_codes
            if f2t != rules.foundation_moves:
                proved = False              # a proof under fewer moves proves nothing here
            states_left = _left(max_states, seed.stats.states + states)
            time_left = _left(timeout, time.perf_counter() - t0)
            if proved or (states_left is not None and states_left <= 0) or (
                    time_left is not None and time_left <= 0):
                break
    else:
        stop = stop or ("max_states" if states_left is not None and states_left <= 0
                        else "timeout")
    moves: List[klondike.Move] = seed.moves
    if better:
        pos = start.copy()
        moves = replay_klondike_codes(pos, codes, "the core's %s line" % objective)
        if objective == "min-moves" and (not pos.is_won() or len(moves) != value):
            raise SolverError("the core's min-moves line has %d moves, not %d, or does "
                              "not win" % (len(moves), value))
    if objective == "max-score":
        got = klondike.score(first, rules, moves)
        if got != value:
            raise SolverError("the core's max-score line scores %d, not %d" % (got, value))
    line_wins = klondike.replay(first, rules, moves).is_won()
    moves, value = _shortened_counted(first, rules, objective, moves, line_wins, value,
                                      proved)
    result = seed.result
    if line_wins:
        result = WON
    elif objective == "min-moves" and proved and result == UNKNOWN:
        result = LOST       # the complete search found no win at all
    elif result == WON:
        raise SolverError("the %s line of a won deal does not win" % objective)
    stats = Stats(states=seed.stats.states + states, moves_made=seed.stats.moves_made + made,
                  search_seconds=seed.stats.search_seconds + secs,
                  seconds=time.perf_counter() - t0,
                  table_bytes=max(seed.stats.table_bytes, tbytes))
    sol = Solution("klondike", result, rules, first, moves, stats,
                   None if proved else (stop or seed.stopped_by))
    sol.extra.update(objective=objective, proved=proved, objective_states=states,
                     reopened=reopened)
    if objective == "min-moves":
        sol.extra["min_moves"] = len(moves) if line_wins else None
    else:
        sol.extra.update(best_score=value, line_wins=line_wins)
    if result == UNKNOWN and sol.stopped_by is None:
        sol.stopped_by = seed.stopped_by or stop
    return sol


def _shortened_counted(first: Union[klondike.Deal, klondike.Position], rules: klondike.Rules,
                       objective: str, moves: List[klondike.Move], wins: bool, value: int,
                       proved: bool) -> Tuple[List[klondike.Move], int]:
    """The line of a counted objective without the moves ``lines.shorten`` can leave
    out (a line that wins still wins; a max-score line scores no less), with its value
    made again.  A line proved the shortest that still loses a move, or one proved the
    best score that gains points, is a SolverError: the proof was wrong."""

    def keeps(p: klondike.Position, line: Sequence[klondike.Move]) -> bool:
        if wins and not p.is_won():
            return False
        return objective != "max-score" or klondike.score(first, rules, line) >= value

    short = shorten(klondike.start_position(first, rules), moves, keeps)
    if len(short) == len(moves):
        return moves, value
    if objective == "min-moves":
        if proved:
            raise SolverError("the proved shortest win has %d moves, and %d of them can "
                              "go" % (len(moves), len(moves) - len(short)))
        return short, len(short) if wins else value
    got = klondike.score(first, rules, short)
    if got > value and proved:
        raise SolverError("the proved best score %d is beaten by %d" % (value, got))
    return short, got
