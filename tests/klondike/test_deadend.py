"""The win search's dead-end cut (kl_dead in _klondike.pxi).

kl_dead claims a position lost when some card can never be freed: every card lies in a
stack (a column's face-up run from its top, the column from its base down through the
face-down cards, and with no recycle left the waste from its top) and leaves it only
up, onto a parent that can be exposed, or as a King into an empty column.  A cut that
is wrong loses wins, so it is checked two ways: every position it calls lost is lost
for the brute force of the reference rules, and the core's verdicts with and without
the cut agree on whole deals.
"""
import random

import pytest

import kabalsolve
from conftest import (BruteForceLimit, brute_force, core_board, dump_position, parse_position,
                      random_endgame)
from kabalsolve import _core
from kabalsolve.games.klondike import bridge
from kabalsolve.games.klondike import Position, Rules


def dead(pos: Position) -> bool:
    return core_board(pos).dead()


@pytest.mark.parametrize("draw, f2t, passes, variant, tries", [
    (1, True, 1, "classic", 2000), (1, False, 1, "classic", 3000),
    (3, True, 1, "classic", 3000), (1, True, None, "classic", 3000),
    (3, True, 2, "classic", 4000)])
def test_every_dead_position_is_lost(draw, f2t, passes, variant, tries):
    """Random endgames: each one kl_dead calls lost (one in twenty or so in the only
    pass, fewer with the waste free) is lost for the brute force."""
    rng = random.Random(draw * 10 + f2t)
    rules = Rules(draw=draw, passes=passes, foundation_moves=f2t, variant=variant)
    checked = 0
    for _ in range(tries):
        pos = random_endgame(rng, rng.randint(9, 13), rules, max_talon=12)
        if not dead(pos):
            continue
        try:
            won = brute_force(pos, limit=30_000)
        except BruteForceLimit:
            continue
        assert not won, dump_position(pos)
        checked += 1
    assert checked > 30, checked


# The waste, played from the top only: QS lies on both its parents (KH, KD) and on JS,
# so it can leave only up, after JS, which it covers.  Lost in the only pass; with a
# recycle left the waste comes back round as stock (no stack, the cut stays off) and
# every card goes up.
WASTE_LOCK = """
F: 10 12 12 13
T1: KS
W: KH KD JS QS
"""


def test_a_locked_waste_is_dead_only_in_the_last_pass():
    last = parse_position(WASTE_LOCK, Rules(draw=1, passes=1))
    assert dead(last)
    assert not brute_force(last)
    earlier = parse_position(WASTE_LOCK, Rules(draw=1, passes=2))
    assert not dead(earlier)
    assert brute_force(earlier)


# A run leaves the card it lies on with everything on it: QD is exposed by moving JS TH
# (9S on top, from T6) onto QH, although TH itself can never leave JS (its other parent,
# JC, is up for good, and 9H is not up before it).  A cut that exposed a run only from
# the top down called this lost (tests/test_hint.py found it first).
RUN_MOVES_WHOLE = """
F: 7 7 11 13
T1: KD
T5: QS KS | QD JS TH
T6: 8S 8H QH | 9S
T7: KH TS | 9H
S: JH
"""


def test_a_run_moves_off_with_what_lies_on_it():
    pos = parse_position(RUN_MOVES_WHOLE, Rules(draw=1, passes=1, foundation_moves=False))
    assert not dead(pos)
    assert brute_force(pos)


def core_verdict_cut(pos: Position, dead_ends: bool) -> str:
    columns, found, talon, wp, rec = bridge.klondike_core_args(pos)
    return _core.klondike_solve(columns, found, talon, wp, rec, dead_ends=dead_ends,
                                dead_ends_after=0, group=bridge.klondike_core_group(pos),
                                **bridge.klondike_rule_args(pos.rules))[0]


def test_endgame_verdicts_do_not_change_with_the_cut():
    """Bigger random endgames than the brute force can take, at assorted rules: the
    core's verdict with the cut (which also judges every position the search reaches)
    is the verdict without it."""
    rng = random.Random(7)
    rules = [Rules(draw=1, passes=1), Rules(draw=1, passes=1, foundation_moves=False),
             Rules(draw=3, passes=3), Rules(draw=1), Rules(draw=2, passes=2)]
    counts = {"won": 0, "lost": 0}
    for k in range(3000):
        pos = random_endgame(rng, rng.randint(14, 30), rules[k % len(rules)], max_talon=14)
        want = core_verdict_cut(pos, False)
        assert core_verdict_cut(pos, True) == want, dump_position(pos)
        counts[want] += 1
    assert min(counts.values()) > 300, counts


def verdict(deal, draw, passes, dead_ends):
    pos = Position(deal, Rules(draw=draw, passes=passes))
    columns, found, talon, wp, rec = bridge.klondike_core_args(pos)
    return _core.klondike_solve(columns, found, talon, wp, rec, dead_ends=dead_ends,
                                dead_ends_after=0, **bridge.klondike_rule_args(pos.rules))[0]


@pytest.mark.parametrize("draw, passes, seeds", [(1, 1, range(1, 61)), (3, 3, range(1, 13))])
def test_verdicts_do_not_change_with_the_cut(draw, passes, seeds):
    """Vegas rules on seeded deals: the cut changes how many positions are searched,
    never the verdict."""
    won = 0
    for seed in seeds:
        deal = kabalsolve.deal_from_seed(seed)
        with_cut = verdict(deal, draw, passes, True)
        assert with_cut == verdict(deal, draw, passes, False), seed
        won += with_cut == "won"
    assert 0 < won < len(seeds)
