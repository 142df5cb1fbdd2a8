"""The bridge to the compiled core: the only module that imports ``_core``.

Pack the deal once, make one call, decode the move codes by replaying them on the
pure-Python ``Position``: a move the reference rules refuse raises, so every "won"
that leaves this module has been checked by code that did not produce it.
"""
from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Tuple, Union, overload

from . import _core
from .errors import KabalError, OptionError
from .games import clock, klondike
from .solution import LOST, UNKNOWN, WON, ClockSolution, Solution, Stats

_T = _core.KLONDIKE_MOVE_TYPES
NOLIMIT = 255


class SolverError(KabalError):
    """The core returned something the reference rules refuse: a bug, never bad input."""


CoreColumns = List[Tuple[List[int], List[int]]]


def klondike_core_args(pos: klondike.Position) -> Tuple[CoreColumns, List[int], List[int], int, int]:
    """The core's view of a Python position: (columns, found, talon, wp, recycles)."""
    columns = [(pos.piles[i][:pos.down[i]], pos.piles[i][pos.down[i]:]) for i in range(7)]
    # the core counts recycles only with limited passes (and holds at most 255)
    rec = pos.recycles if pos.rules.passes is not None else 0
    return columns, list(pos.foundations), pos.talon(), len(pos.waste), rec


def klondike_rule_args(rules: klondike.Rules) -> Dict[str, Any]:
    max_rec = NOLIMIT if rules.passes is None else rules.passes - 1
    return dict(draw=rules.draw, max_recycles=max_rec, foundation_moves=rules.foundation_moves)


def decode_klondike_move(pos: klondike.Position, code: int) -> List[klondike.Move]:
    """The atomic moves that a core move code stands for, from ``pos`` (not played)."""
    t, a, b, n = _core.decode_move(code)
    M = klondike.Move
    P = klondike.PILES
    if t == _T["T2F"]:
        return [M("move", P[a], "F", pos.piles[a][-1])]
    if t in (_T["W2F"], _T["W2T"]):
        card = pos.talon()[a]
        steps = pos.steps_to_talon_card(card)
        return steps + [M("move", "W", "F" if t == _T["W2F"] else P[b], card)]
    if t == _T["T2T"]:
        pile = pos.piles[a]
        return [M("move", P[a], P[b], pile[len(pile) - n], n)]
    if t == _T["F2T"]:
        return [M("move", "F", P[b], a * 13 + pos.foundations[a] - 1)]
    if t == _T["SWAPF"]:
        pile = pos.piles[a]
        return [M("move", P[a], P[b], pile[len(pile) - n], n),
                M("move", P[a], "F", pile[len(pile) - n - 1])]
    raise SolverError("unknown move code %d" % code)


def _check_budget(max_states: Optional[int], timeout: Optional[float],
                  max_memory_mb: Optional[int]) -> None:
    if max_states is not None and (not isinstance(max_states, int) or max_states < 1):
        raise OptionError("max_states must be a positive whole number, not %r" % (max_states,))
    if timeout is not None and not timeout > 0:
        raise OptionError("timeout must be a positive number of seconds, not %r" % (timeout,))
    if max_memory_mb is not None and (not isinstance(max_memory_mb, int) or max_memory_mb < 4):
        raise OptionError("max_memory_mb must be a whole number of at least 4, not %r"
                          % (max_memory_mb,))


def solve_klondike(deal: klondike.Deal, rules: klondike.Rules,
                   max_states: Optional[int] = None, timeout: Optional[float] = None,
                   max_memory_mb: Optional[int] = None) -> Solution:
    return solve_position(klondike.Position(deal, rules), max_states, timeout,
                          max_memory_mb, deal)


def solve_position(start: klondike.Position, max_states: Optional[int] = None,
                   timeout: Optional[float] = None, max_memory_mb: Optional[int] = None,
                   deal: Optional[klondike.Deal] = None) -> Solution:
    """Decide a Klondike position (a deal is the position before any move) at its own
    rules; the Solution's moves start from it."""
    _check_budget(max_states, timeout, max_memory_mb)
    t0 = time.perf_counter()
    rules = start.rules
    pos = start.copy()
    columns, found, talon, wp, rec = klondike_core_args(pos)
    status, stop, codes, states, made, tbytes, secs = _core.klondike_solve(
        columns, found, talon, wp, rec, max_states=max_states or 0,
        timeout=timeout or 0.0, max_table_mb=max_memory_mb or 8192,
        **klondike_rule_args(rules))
    moves: List[klondike.Move] = []
    if status == WON:
        for code in codes:
            for m in decode_klondike_move(pos, code):
                try:
                    pos.push(m)
                except KabalError as e:
                    raise SolverError("the core's solution breaks the rules at move %d: %s"
                                      % (len(moves) + 1, e)) from None
                moves.append(m)
        if not pos.is_won():
            raise SolverError("the core's solution does not end with all cards up")
    elif status not in (LOST, UNKNOWN):
        raise SolverError("unknown status %r" % status)
    stats = Stats(states=states, moves_made=made, search_seconds=secs,
                  seconds=time.perf_counter() - t0, table_bytes=tbytes)
    return Solution("klondike", status, rules, deal if deal is not None else start.copy(),
                    moves, stats, stop)


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
        _check_budget(None, None, max_memory_mb)
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
        here); the win is replayed on the reference rules."""
        child = self.pos.copy()
        child.push(move)
        status, stop, codes, states = self.core.decide(
            klondike_steps(self.pos, move), max_states=max_states or 0,
            timeout=timeout or 0.0, flip=flip)
        self.states += states
        moves: List[klondike.Move] = []
        if status == WON:
            for code in codes:
                for m in decode_klondike_move(child, code):
                    try:
                        child.push(m)
                    except KabalError as e:
                        raise SolverError("the core's win after %s breaks the rules: %s"
                                          % (move, e)) from None
                    moves.append(m)
            if not child.is_won():
                raise SolverError("the core's win after %s does not end with all cards up"
                                  % move)
        return status, stop, moves


def solve_clock(deal: clock.Deal) -> ClockSolution:
    """Play a Clock deal out in the core, and check the play-out on the reference rules."""
    t0 = time.perf_counter()
    cards = _core.clock_play(list(deal.deck))
    won, turns = clock.play_out(deal)
    if [t.card for t in turns] != cards:
        raise SolverError("the core's Clock play-out differs from the reference rules")
    secs = time.perf_counter() - t0
    return ClockSolution(deal, WON if won else LOST, turns,
                         Stats(states=len(turns), moves_made=len(turns), search_seconds=secs,
                               seconds=secs, table_bytes=0))


@overload
def solve(deal: klondike.Deal, draw: int = ..., foundation_moves: bool = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...) -> Solution: ...
@overload
def solve(deal: clock.Deal, draw: int = ..., foundation_moves: bool = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...) -> ClockSolution: ...
@overload
def solve(deal: klondike.Position, draw: int = ..., foundation_moves: bool = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...) -> Solution: ...
@overload
def solve(deal: str, draw: int = ..., foundation_moves: bool = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...
          ) -> Union[Solution, ClockSolution]: ...


def solve(deal: Union[klondike.Deal, clock.Deal, klondike.Position, str], draw: int = 3,
          foundation_moves: bool = True, max_states: Optional[int] = None,
          timeout: Optional[float] = None, passes: Optional[int] = None,
          max_memory_mb: Optional[int] = None) -> Union[Solution, ClockSolution]:
    """Decide a deal; see the package docstring.  A Clock deal is played out (it has no
    choices, so the Klondike options do not apply) and gives a ClockSolution.  A
    Klondike ``Position`` (or position text) is decided at its own rules."""
    if isinstance(deal, str):
        from .dealfile import read_deal
        deal = read_deal(deal)
    if isinstance(deal, clock.Deal):
        return solve_clock(deal)
    if isinstance(deal, klondike.Position):
        return solve_position(deal, max_states, timeout, max_memory_mb)
    rules = klondike.Rules(draw=draw, foundation_moves=foundation_moves, passes=passes)
    return solve_klondike(deal, rules, max_states, timeout, max_memory_mb)


def is_winnable(deal: Union[klondike.Deal, clock.Deal, klondike.Position, str], draw: int = 3,
                foundation_moves: bool = True, **budget: Any) -> Optional[bool]:
    """True (won), False (proved lost) or None (a budget ran out first)."""
    sol = solve(deal, draw=draw, foundation_moves=foundation_moves, **budget)
    return {WON: True, LOST: False}.get(sol.result)
