"""The core's imagined deals for the no-peek player (``bridge.SampledPosition``,
``_core.klondike_sample_wins``): the unseen cards relabelled by the k-th random
permutation of a seed.

Checked against every deal of three unseen cards solved one by one: the share of
samples won is the share of the six deals won (exactly when it is 0 or 1, within a
binomial bound otherwise); the samples are the same for the same seed and k, however
the range is split; and bad unseen lists are refused.
"""
import itertools

import pytest

import kabalsolve
from kabalsolve import _core
from kabalsolve.games.klondike import Position
from kabalsolve.games.klondike.bridge import SampledPosition, solve_position
from kabalsolve.games.klondike.estimate import view_of

BIG = 1_000_000     # positions a search: enough to decide every deal here


def _three_unknown():
    """Position 116 of the bundled won draw-3 deal's line, its three face-down cards
    unknown (the no-peek hint's test uses it too)."""
    path = "examples/won-klondike-draw3.txt"
    moves = kabalsolve.solve(kabalsolve.read_deal(path)).moves
    start = Position(kabalsolve.read_deal(path))
    for m in moves[:116]:
        start.push(m)
    view = view_of(start)
    assert view.unknown() == 3
    return start, view


def test_the_share_won_is_the_share_of_deals_won():
    start, view = _three_unknown()
    shown = 0
    for m in start.legal_moves():
        won = []
        for cards in itertools.permutations(view.unseen()):
            deal = view.fill(list(cards))
            deal.push(m)
            won.append(solve_position(deal).result == "won")
        p = sum(won) / len(won)
        after = view.any_position()
        after.push(m)
        n = 600
        w = SampledPosition(after, view.unseen(), seed=5, max_states=BIG).wins(0, n)
        if p in (0.0, 1.0):
            assert w == p * n, m
        else:
            shown += 1
            # 6 standard deviations of a binomial share: fails by chance < 1e-8
            sd = (n * p * (1 - p)) ** 0.5
            assert abs(w - n * p) < 6 * sd, (m, w, p)
    assert shown >= 1


def test_the_same_seed_and_k_give_the_same_deal_however_split():
    _start, view = _three_unknown()
    pos = view.any_position()
    a = SampledPosition(pos, view.unseen(), seed=11, max_states=300)
    b = SampledPosition(pos, view.unseen(), seed=11, max_states=300)
    assert a.wins(0, 40) == b.wins(0, 10) + b.wins(10, 30) == a.wins(0, 40)


def test_no_unseen_card_is_the_position_itself():
    pos = Position(kabalsolve.read_deal("examples/won-klondike-draw3.txt"))
    assert SampledPosition(pos, [], seed=1, max_states=BIG).wins(0, 3) == 3


@pytest.mark.parametrize("unseen", [[1, 1], [52], [-1]])
def test_bad_unseen_cards_are_refused(unseen):
    with pytest.raises(ValueError, match="unseen"):
        _core.klondike_sample_wins([([], [])] * 7, [0] * 4, [], unseen, 1, 0, 1)
