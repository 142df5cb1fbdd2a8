"""The bridge to the compiled core for Aces Up: the verdict and best-score search of a
deal or position, the search behind hints, and the decoding of the core's moves.

Every line the core returns is shortened (``lines.shorten``: no lone card moved about
for nothing) and replayed on the reference ``Position`` (``rules``) before it leaves
this module.  Should the short line break the rules or discard less than the core's
line, the core's line is replayed instead, and a move the rules refuse there raises
SolverError.  ``verdict`` hands no line back: its win is checked in the core instead
(see there).
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


def decode_line(start: acesup.Position, codes: List[int]) -> List[acesup.Move]:
    """The moves a line of core move codes stands for from ``start``, found by following
    the piles along it; whether they are legal is for the reference rules to say
    (``refereed``)."""
    piles = [list(p) for p in start.piles]
    stock = list(start.stock)
    moves: List[acesup.Move] = []
    for code in codes:
        t, a, b = _core.acesup_decode(code)
        if t == 0:
            if len(stock) < 4:
                raise SolverError("the core's Aces Up line deals from an empty stock")
            moves.append(acesup.Move("deal"))
            for i in range(4):
                piles[i].append(stock[i])
            del stock[:4]
            continue
        if not 0 <= a < 4 or not piles[a]:
            raise SolverError("Aces Up move code %d names an empty pile" % code)
        if t == 1:
            moves.append(acesup.Move("discard", acesup.PILES[a], "", piles[a].pop()))
        elif t == 2 and 0 <= b < 4:
            moves.append(acesup.Move("move", acesup.PILES[a], acesup.PILES[b], piles[a][-1]))
            piles[b].append(piles[a].pop())
        else:
            raise SolverError("unknown Aces Up move code %d" % code)
    return moves


def refereed(start: acesup.Position, codes: List[int], score: int,
             what: str) -> Tuple[List[acesup.Move], acesup.Position]:
    """The core's line ``codes`` from ``start``, which it says discards ``score`` cards
    in all, shortened (``lines.shorten``) and replayed on the reference rules: (the
    moves, the position they end in).  If the short line breaks the rules or discards
    fewer cards, the core's line is replayed instead; a move the rules refuse there is
    a SolverError naming ``what``."""
    line = decode_line(start, codes)
    short = shorten(start, line, score)
    if len(short) < len(line):
        p = start.copy()
        try:
            for m in short:
                p.push(m)
        except KabalError:
            pass
        else:
            if p.score == score:
                return short, p
    p = start.copy()
    for n, m in enumerate(line, 1):
        try:
            p.push(m)
        except KabalError as e:
            raise SolverError("%s breaks the rules at move %d: %s" % (what, n, e)) from None
    return line, p


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
            moves, child = refereed(child, codes, acesup.WIN_SCORE,
                                    "the core's win after %s" % move)
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


def verdict(start: acesup.Position, max_states: Optional[int] = None,
            timeout: Optional[float] = None, max_memory_mb: Optional[int] = None) -> str:
    """"won", "lost" or "unknown" for an Aces Up position (a deal is the position
    before any move) at its own rules, with no line handed back: the same search as
    ``solve_acesup_position`` with best_score=False.  What is checked: a win is
    believed only when the core's winning line passes the core's independent compiled
    replay (_check_acesup.pxi, its own state and its own reading of the reference rules
    of ``rules.py``), which plays every move from ``start`` and must end with the stock
    dealt and 48 cards discarded; the line is not replayed on the Python rules.  A loss
    is the search's exhaustive proof, as for ``solve_acesup_position``; "unknown" means
    a budget ran out first.  A line the replay refuses is a SolverError."""
    check_budget(max_states, timeout, max_memory_mb)
    rules = start.rules
    status, _stop, _states, _made, _tbytes, _secs, refused = _core.acesup_verdict(
        start.piles, start.stock, start.discarded, strict=rules.strict,
        discard_first=rules.discard_first, max_states=max_states or 0,
        timeout=timeout or 0.0, max_table_mb=max_memory_mb or 8192)
    if refused >= 0:
        raise SolverError("the core's Aces Up win fails the independent check at move %d"
                          % (refused + 1))
    if status not in (WON, LOST, UNKNOWN):
        raise SolverError("unknown status %r" % status)
    return status


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
    moves, pos = refereed(start, codes, max(best, 0), "the core's Aces Up line")
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


