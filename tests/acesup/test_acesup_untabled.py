"""Aces Up: the layouts just after a deal stay out of the search's table.

Nothing but the deal leads to such a layout, and the deal only from one parent, which
the table lets the search expand once (the comment after ac_key in _acesup.pxi), so
looking those layouts up could never find one.  Here: the one-parent property on the
positions of random lines, the last deal included, and whole searches with and without
the layouts in the table giving the same answers in the same positions."""

import random

import pytest
from kabalsolve.games import acesup

from kabalsolve.games.acesup import Deal, Position, Rules
from kabalsolve.seeds import shuffled_deck

from test_acesup import board, core_solve, solve_seed

USUAL_AND_STRICT = [Rules(), Rules(strict=True)]


@pytest.mark.parametrize("rules", USUAL_AND_STRICT, ids=lambda r: r.describe() or "usual")
def test_a_layout_just_after_a_deal_has_one_parent(rules):
    """Random lines of a few deals, each step taken at random and the deal tried wherever
    it is legal: the key just after a deal is never that of a deal from another
    position, before the last deal or after it (where the key sorts the piles)."""
    rng = random.Random(5 + rules.strict)
    parent_of = {}
    last = 0
    for _ in range(12):
        deck = tuple(shuffled_deck(rng.randrange(2**64)))
        for _ in range(40):
            pos = Position(Deal(deck), rules)
            b = board(pos)
            while True:
                codes = b.moves(True)
                if 0 in codes:                      # the deal: key it, and take it back
                    before = b.key()
                    b.push(0)
                    after = b.key()
                    b.pop()
                    assert parent_of.setdefault(after, before) == before
                    last += len(b.snapshot()[1]) == 4
                if not codes:
                    break
                b.push(rng.choice(codes))
    assert len(parent_of) > 2000 and last > 200, (len(parent_of), last)


@pytest.mark.parametrize("strict", [False, True], ids=["usual", "strict"])
def test_the_same_answers_in_the_same_positions_with_them_in_the_table(strict):
    """Deals 1-40, verdict and best score: the search that keeps those layouts out of
    its table finds what the search that puts them in finds, with as many positions
    (a key met both just after a deal and by other moves would be searched twice: it
    may add a few, never change an answer)."""
    for seed in range(1, 41):
        for best_score in (False, True):
            a = solve_seed(seed, strict, 300_000, best_score=best_score)
            b = solve_seed(seed, strict, 300_000, best_score=best_score, table_deals=True)
            assert (a[0], a[7], a[8]) == (b[0], b[7], b[8]), (seed, best_score)
            if a[1] is None and b[1] is None:     # both searched to the end
                assert b[3] <= a[3] <= b[3] * 1.01 + 10, (seed, a[3], b[3])


def test_a_hard_loss_needs_no_layout_in_the_table():
    """Deal 83, a usual-rule loss: the same positions either way."""
    pos = Position(acesup.Deal.from_seed(83), Rules())
    a = core_solve(pos, best_score=False)
    b = core_solve(pos, best_score=False, table_deals=True)
    assert a[0] == b[0] == "lost" and a[3] == b[3]
