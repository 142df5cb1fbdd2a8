"""The bridge to the compiled core for Aces Up: the verdict and best-score search of a
deal or position, the search behind hints, and the decoding of the core's moves.

Every line the core returns is replayed on the reference ``Position`` (``rules``); a
move the rules refuse raises SolverError.  It is then shortened (``lines.shorten``:
no lone card moved about for nothing) and the short line is replayed once more, from
the start, before it leaves this module; should it not reach what the core's line
reaches, the core's line is kept.
"""
from __future__ import annotations

import time
from typing import List, Optional, Tuple

from ... import _core
from ...bridge import SolverError, check_budget
from ...errors import KabalError
from ...solution import LOST, UNKNOWN, WON, AcesUpSolution, Stats
from . import rules as acesup
from .lines import shorten


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


def shortened(start: acesup.Position, moves: List[acesup.Move],
              end: acesup.Position) -> List[acesup.Move]:
    """``moves`` (played from ``start`` to ``end`` already) without the moves that only
    rearrange lone cards for nothing (``lines.shorten``), replayed from ``start``; the
    moves as they are if the short line does not reach ``end``'s score and verdict."""
    short = shorten(start, moves)
    if len(short) == len(moves):
        return moves
    p = start.copy()
    try:
        for m in short:
            p.push(m)
    except KabalError:
        return moves
    return short if p.score == end.score and p.is_won() == end.is_won() else moves


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
        check_budget(None, None, max_memory_mb)
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
            start = self.pos.copy()
            start.push(move)
            moves = shortened(start, moves, child)
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
    check_budget(max_states, timeout, max_memory_mb)
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
    moves = shortened(start.copy(), moves, pos)
    stats = Stats(states=states, moves_made=made, search_seconds=secs,
                  seconds=time.perf_counter() - t0, table_bytes=tbytes)
    return AcesUpSolution(status, rules, deal, moves, stats, pos.score,
                          proved and (best_score or status == WON), stop, best_score,
                          start=None if deal is not None else start.copy())


