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
from .games import acesup, clock, klondike
from .solution import (LOST, UNKNOWN, WON, AcesUpSolution, ClockSolution, Solution,
                       Stats)

_T = _core.KLONDIKE_MOVE_TYPES
NOLIMIT = 255


class SolverError(KabalError):
    """The core returned something the reference rules refuse: a bug, never bad input."""


CoreColumns = List[Tuple[List[int], List[int]]]


def klondike_core_args(pos: klondike.Position) -> Tuple[CoreColumns, List[int], List[int], int, int]:
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
        return [M("move", "F", P[b], a * 13 + pos.foundations[a] - 1)]
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
                   max_memory_mb: Optional[int] = None, objective: str = "win") -> Solution:
    return solve_position(klondike.Position(deal, rules), max_states, timeout,
                          max_memory_mb, deal, objective)


#: the objectives of the Klondike search (issue 5)
OBJECTIVES = ("win", "max-foundation", "min-moves", "max-score")


def solve_position(start: klondike.Position, max_states: Optional[int] = None,
                   timeout: Optional[float] = None, max_memory_mb: Optional[int] = None,
                   deal: Optional[klondike.Deal] = None, objective: str = "win") -> Solution:
    """Decide a Klondike position (a deal is the position before any move) at its own
    rules; the Solution's moves start from it.  objective "max-foundation": also the
    most cards that can reach the foundations, with a line that gets them there
    (``extra["foundation"]``, ``extra["foundation_proved"]``)."""
    _check_budget(max_states, timeout, max_memory_mb)
    if objective not in OBJECTIVES:
        raise OptionError("objective must be one of %s, not %r"
                          % (", ".join(OBJECTIVES), objective))
    if objective in ("min-moves", "max-score"):
        from .objectives import solve_counted
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
    elif status == WON:
        moves = replay_klondike_codes(pos, codes, "the core's solution")
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
        here); the win is replayed on the reference rules."""
        child = self.pos.copy()
        child.push(move)
        status, stop, codes, states = self.core.decide(
            klondike_steps(self.pos, move), max_states=max_states or 0,
            timeout=timeout or 0.0, flip=flip)
        self.states += states
        moves: List[klondike.Move] = []
        if status == WON:
            moves = replay_klondike_codes(child, codes, "the core's win after %s" % move)
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


def decode_acesup_move(pos: acesup.Position, code: int) -> acesup.Move:
    """The move a core move code stands for, from ``pos`` (not played)."""
    t, a, b = _core.acesup_decode(code)
    if t == 0:
        return acesup.Move("deal")
    if not 0 <= a < 4 or not pos.piles[a]:
        raise SolverError("Aces Up move code %d names an empty pile" % code)
    if t == 1:
        return acesup.Move("discard", acesup.PILES[a], "", pos.piles[a][-1])
    if t == 2 and 0 <= b < 4:
        return acesup.Move("move", acesup.PILES[a], acesup.PILES[b], pos.piles[a][-1])
    raise SolverError("unknown Aces Up move code %d" % code)


def acesup_move_code(move: acesup.Move) -> int:
    """The core's code for an Aces Up move (the inverse of decode_acesup_move)."""
    if move.kind == "deal":
        return 0
    a = acesup.PILES.index(move.src)
    if move.kind == "discard":
        return 1 | (a << 4)
    return 2 | (a << 4) | (acesup.PILES.index(move.dst) << 8)


class AcesUpSearch:
    """An Aces Up position held in the core (``_core.AcesUpSolver``) with the table of
    positions proved unable to win kept from one verdict search to the next: the hint
    asks about every move of one position, and the answers share most of their work."""

    def __init__(self, pos: acesup.Position, max_memory_mb: Optional[int] = None) -> None:
        _check_budget(None, None, max_memory_mb)
        self.pos = pos.copy()
        self.core = _core.AcesUpSolver(pos.piles, pos.stock, pos.discarded,
                                       strict=pos.rules.strict,
                                       discard_first=pos.rules.discard_first,
                                       max_table_mb=max_memory_mb or 8192)
        self.states = 0

    def verdict_after(self, move: acesup.Move, max_states: Optional[int] = None,
                      timeout: Optional[float] = None) -> Tuple[str, List[acesup.Move]]:
        """(result, a win from there) for the position after ``move`` (legal here); the
        win is replayed on the reference rules."""
        child = self.pos.copy()
        child.push(move)
        status, _stop, codes, states, _best = self.core.decide(
            acesup_move_code(move), max_states=max_states or 0, timeout=timeout or 0.0)
        self.states += states
        moves: List[acesup.Move] = []
        if status == WON:
            for code in codes:
                m = decode_acesup_move(child, code)
                try:
                    child.push(m)
                except KabalError as e:
                    raise SolverError("the core's win after %s breaks the rules: %s"
                                      % (move, e)) from None
                moves.append(m)
            if not child.is_won():
                raise SolverError("the core's win after %s does not win" % move)
        return status, moves


def solve_acesup(deal: acesup.Deal, rules: acesup.Rules, best_score: bool = True,
                 max_states: Optional[int] = None, timeout: Optional[float] = None,
                 max_memory_mb: Optional[int] = None) -> AcesUpSolution:
    """Decide an Aces Up deal and (with best_score) prove its best score; the line
    returned is replayed on the reference rules."""
    return solve_acesup_position(acesup.Position(deal, rules), best_score, max_states,
                                 timeout, max_memory_mb, deal)


def solve_acesup_position(start: acesup.Position, best_score: bool = True,
                          max_states: Optional[int] = None, timeout: Optional[float] = None,
                          max_memory_mb: Optional[int] = None,
                          deal: Optional[acesup.Deal] = None) -> AcesUpSolution:
    """Decide an Aces Up position (a deal is the position before any move) at its own
    rules and (with best_score) prove its best score; the moves start from it."""
    _check_budget(max_states, timeout, max_memory_mb)
    t0 = time.perf_counter()
    rules = start.rules
    pos = start.copy()
    status, stop, codes, states, made, tbytes, secs, best, proved = _core.acesup_solve(
        pos.piles, pos.stock, pos.discarded, strict=rules.strict,
        discard_first=rules.discard_first, best_score=best_score,
        max_states=max_states or 0, timeout=timeout or 0.0,
        max_table_mb=max_memory_mb or 8192)
    moves: List[acesup.Move] = []
    for code in codes:
        m = decode_acesup_move(pos, code)
        try:
            pos.push(m)
        except KabalError as e:
            raise SolverError("the core's Aces Up line breaks the rules at move %d: %s"
                              % (len(moves) + 1, e)) from None
        moves.append(m)
    if pos.score != max(best, 0) or (status == WON) != pos.is_won():
        raise SolverError("the core's Aces Up line discards %d cards, not %d"
                          % (pos.score, best))
    if status not in (WON, LOST, UNKNOWN):
        raise SolverError("unknown status %r" % status)
    stats = Stats(states=states, moves_made=made, search_seconds=secs,
                  seconds=time.perf_counter() - t0, table_bytes=tbytes)
    return AcesUpSolution(status, rules, deal, moves, stats, pos.score,
                          proved and (best_score or status == WON), stop, best_score,
                          start=None if deal is not None else start.copy())


_SolveOpts = Any


@overload
def solve(deal: klondike.Deal, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> Solution: ...
@overload
def solve(deal: clock.Deal, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> ClockSolution: ...
@overload
def solve(deal: acesup.Deal, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> AcesUpSolution: ...
@overload
def solve(deal: klondike.Position, draw: Optional[int] = ...,
          foundation_moves: Optional[bool] = ..., max_states: Optional[int] = ...,
          timeout: Optional[float] = ..., passes: Optional[int] = ...,
          max_memory_mb: Optional[int] = ..., **options: _SolveOpts) -> Solution: ...
@overload
def solve(deal: acesup.Position, draw: Optional[int] = ...,
          foundation_moves: Optional[bool] = ..., max_states: Optional[int] = ...,
          timeout: Optional[float] = ..., passes: Optional[int] = ...,
          max_memory_mb: Optional[int] = ..., **options: _SolveOpts) -> AcesUpSolution: ...
@overload
def solve(deal: str, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> Union[Solution, ClockSolution, AcesUpSolution]: ...


def solve(deal: Union[klondike.Deal, clock.Deal, acesup.Deal, klondike.Position,
                      acesup.Position, str],
          draw: Optional[int] = None, foundation_moves: Optional[bool] = None,
          max_states: Optional[int] = None, timeout: Optional[float] = None,
          passes: Optional[int] = None, max_memory_mb: Optional[int] = None,
          **options: _SolveOpts) -> Union[Solution, ClockSolution, AcesUpSolution]:
    """Decide a deal of any game; see the package docstring.

    Klondike: ``draw`` (default 3), ``foundation_moves`` (default True), ``passes``
    (default unlimited), ``variant`` ("classic", or "danish": the queue stock of seed
    003, draw 3 only), ``objective`` ("win", or "max-foundation": also the most cards
    that can reach the foundations, in ``Solution.extra``).  Aces Up: ``strict`` and ``discard_first`` (default False),
    ``best_score`` (default True: also prove the best score of a lost deal; False:
    the verdict only).  A Klondike or Aces Up ``Position`` (or position text) is decided
    at its own rules, which it carries: rule options with it are refused.  Clock has no
    options: it is played out.  Every game takes the
    budgets ``max_states``, ``timeout`` and ``max_memory_mb``; an option of another
    game is an OptionError.
    """
    if isinstance(deal, str):
        from .dealfile import read_deal
        deal = read_deal(deal)
    unknown = sorted(set(options) - {"strict", "discard_first", "best_score", "variant",
                                     "objective"})
    if unknown:
        raise OptionError("unknown option %s" % ", ".join(repr(k) for k in unknown))
    klondike_given = [k for k, v in (("draw", draw), ("foundation_moves", foundation_moves),
                                     ("passes", passes), ("variant", options.get("variant")),
                                     ("objective", options.get("objective")))
                      if v is not None]
    acesup_given = [k for k in ("strict", "discard_first", "best_score")
                    if options.get(k) is not None]
    game = getattr(deal, "game", None)
    wrong = acesup_given if game != acesup.NAME else klondike_given
    if game == clock.NAME:
        wrong = klondike_given + acesup_given
    if wrong:
        raise OptionError("%s %s not apply to %s" % (
            ", ".join(wrong), "does" if len(wrong) == 1 else "do",
            {"klondike": "Klondike", "acesup": "Aces Up", "clock": "Clock"}.get(
                str(game), str(game))))
    if isinstance(deal, clock.Deal):
        return solve_clock(deal)
    if isinstance(deal, klondike.Position):
        rules_given = [k for k in klondike_given if k != "objective"]
        if rules_given:
            raise OptionError("a Position carries its own rules: set %s on it, not here"
                              % ", ".join(rules_given))
        return solve_position(deal, max_states, timeout, max_memory_mb,
                              objective=options.get("objective") or "win")
    if isinstance(deal, acesup.Position):
        given = [k for k in ("strict", "discard_first") if options.get(k) is not None]
        if given:
            raise OptionError("a Position carries its own rules: set %s on it, not here"
                              % ", ".join(given))
        best = options.get("best_score")
        return solve_acesup_position(deal, True if best is None else bool(best),
                                     max_states, timeout, max_memory_mb)
    if isinstance(deal, acesup.Deal):
        rules_a = acesup.Rules(strict=bool(options.get("strict") or False),
                               discard_first=bool(options.get("discard_first") or False))
        best = options.get("best_score")
        return solve_acesup(deal, rules_a, True if best is None else bool(best),
                            max_states, timeout, max_memory_mb)
    rules = klondike.Rules(draw=3 if draw is None else draw,
                           foundation_moves=True if foundation_moves is None else foundation_moves,
                           passes=passes, variant=options.get("variant") or "classic")
    return solve_klondike(deal, rules, max_states, timeout, max_memory_mb,
                          options.get("objective") or "win")


def is_winnable(deal: Union[klondike.Deal, clock.Deal, acesup.Deal, klondike.Position,
                            acesup.Position, str],
                **options: Any) -> Optional[bool]:
    """True (won), False (proved lost) or None (a budget ran out first).  Takes the
    options of ``solve``; for Aces Up only the verdict is searched for."""
    if isinstance(deal, str):
        from .dealfile import read_deal
        deal = read_deal(deal)
    if isinstance(deal, (acesup.Deal, acesup.Position)):
        options.setdefault("best_score", False)
    sol = solve(deal, **options)
    return {WON: True, LOST: False}.get(sol.result)
