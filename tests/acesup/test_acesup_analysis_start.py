"""Aces Up: ac_analyse starts each card's T from the epoch it arrives on top (the top
rule with nothing known), which must reach the same least fixed point as rounds from
empty masks: the same value and masks wherever the analysis runs to its end, and where
it stops early the same value, with masks no further on than the end's."""

import random

import pytest
from kabalsolve.games import acesup

from kabalsolve.games.acesup import Position

from test_acesup import RULES, board, positions_along, random_position, won_line


def positions(rules, count, seed):
    """Positions with cards still to deal: from random play (most of them lost), and
    along the core's winning lines of seeded deals (none lost)."""
    rng = random.Random(seed)
    for _ in range(count):
        yield random_position(rng, rules, 4 * rng.randrange(1, 9),
                              play=rng.choice([0.3, 0.6, 0.9]))
    for deal in range(1, 21):
        pos = Position(acesup.Deal.from_seed(deal), rules)
        codes = won_line(pos.copy(), rules)
        if codes:
            for at in positions_along(pos, codes):
                if at.stock:
                    yield at.copy()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_the_seeded_start_reaches_the_same_fixed_point(rules):
    kinds = {"cut": 0, "passed": 0, "early": 0}
    for pos in positions(rules, 150, 113 + 2 * rules.strict + rules.discard_first):
        b = board(pos)
        for need in (-1, 0, pos.score + 1, 40, 47, 48):
            for twophase in (0, 1, 2):
                seeded = b.analysis(need, twophase)
                empty = b.analysis(need, twophase, seeded=False)
                where = (pos.piles, pos.stock, need, twophase)
                if need < 0 or seeded[0] < 48:
                    assert seeded == empty, where
                    kinds["cut" if seeded[0] < 48 else "passed"] += 1
                else:       # stopped early: the same value; with need 48 it keeps its
                    # masks so far (ac_keep_partial), no further on than the end's
                    assert empty[0] == 48 and not seeded[2] and not empty[2], where
                    if need == 48:
                        full = b.analysis(-1, twophase)
                        for got in (seeded, empty):
                            assert all(x >= y for x, y in zip(got[4], full[4])), where
                            assert all(x >= y for x, y in zip(got[5], full[5])), where
                        kinds["early"] += 1
        for twophase in (False, True):
            assert (b.win_bound(twophase)[0] ==
                    b.win_bound(twophase, seeded=False)[0]), pos.piles
    assert min(kinds.values()) >= 50, kinds
