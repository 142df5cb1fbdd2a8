"""Aces Up: the analysis after the last deal (ac_analyse_last in _acesup.pxi) against
ac_analyse's own (last_fast=False), which it must equal in every respect."""

import random

import pytest
from kabalsolve.games import acesup

from kabalsolve.games.acesup import Position

from test_acesup import RULES, board, positions_along, random_position, solve_seed, won_line


def boards(pos):
    """The position held twice in the core: with the analysis for the end, and with
    ac_analyse doing it."""
    return [board(pos, last_fast=fast) for fast in (True, False)]


def end_positions(rules, count, seed):
    """Positions after the last deal: from random play (most of them lost), and along
    the core's winning lines of seeded deals (none lost)."""
    rng = random.Random(seed)
    for _ in range(count):
        yield random_position(rng, rules, 0, play=rng.choice([0.3, 0.6, 0.9]))
    for deal in range(1, 41):
        pos = Position(acesup.Deal.from_seed(deal), rules)
        codes = won_line(pos.copy(), rules)
        if codes:
            for at in positions_along(pos, codes):
                if not at.stock:
                    yield at.copy()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_the_end_analysis_equals_the_general_one(rules):
    kinds = {"lost": 0, "open": 0, "empties": 0, "early": 0}
    for pos in end_positions(rules, 200, 71 + 2 * rules.strict + rules.discard_first):
        fast, general = boards(pos)
        for need in (-1, 0, pos.score + 1, 40, 47, 48):
            for twophase in (0, 1, 2):
                a = fast.analysis(need, twophase)
                b = general.analysis(need, twophase)
                if need < 0 or a[0] < 48:
                    assert a == b, (pos.piles, pos.discarded, need, twophase)
                else:       # stopped early: the value, and masks no further than the end
                    assert a[0] == b[0] and not a[2] and not b[2], (pos.piles, need)
                    kinds["early"] += 1
                    full = general.analysis(-1, 0)
                    assert all(x >= y for x, y in zip(a[4], full[4]))
                    assert all(x >= y for x, y in zip(a[5], full[5]))
        value, b0fail, *_ = fast.analysis(-1, 1)
        kinds["lost" if value < 48 else "open"] += 1
        kinds["empties"] += b0fail
        assert fast.search_bound(48) == general.search_bound(48)
        assert fast.aces_stuck(True) == general.aces_stuck(True)
    # both outcomes, piles that the first phase empties, and early stops
    assert min(kinds.values()) >= 20, kinds


@pytest.mark.parametrize("strict", [False, True], ids=["usual", "strict"])
def test_searches_are_the_same_with_either_end_analysis(strict):
    searched = 0
    for seed in range(1, 41):
        for best in (False, True):
            on, off = (solve_seed(seed, strict, 100_000, best_score=best, last_fast=fast)
                       for fast in (True, False))
            # verdict, line, positions, moves made, best, proved: all the same
            assert (on[0], on[2], on[3], on[4], on[7], on[8]) == \
                (off[0], off[2], off[3], off[4], off[7], off[8]), (seed, best)
            searched += on[3]
    assert searched > 500_000, searched
