"""--objective max-score: the best Windows standard score, against a search
over (position, score) of the reference rules with dominance, on small endgames under
several rule sets; Solution.score() equals the reported value; budgets say "best
found", never "proved"."""
import random
from collections import deque

import pytest

import kabalsolve
from kabalsolve.games import klondike
from kabalsolve.games.klondike import Rules
from kabalsolve.games.klondike.bridge import solve_position

from conftest import BruteForceLimit, _state, make_position, random_endgame

# Brute force is only affordable without foundation-to-tableau moves: with them the
# nearly full foundations of a small endgame come down and the positions explode (a
# few thousand even with 4 cards in play).  With them, see test_f2t_never_lowers.
RULES = [Rules(draw=1, foundation_moves=False), Rules(draw=3, foundation_moves=False),
         Rules(draw=1, passes=2, foundation_moves=False),
         Rules(draw=3, passes=5, foundation_moves=False),
         Rules(draw=2, passes=1, foundation_moves=False)]


def step_score(pos, m, score):
    """games.klondike.score's step: the score after playing m (pos is played)."""
    r = 0
    if m.kind == "recycle":
        if pos.rules.draw == 1:
            r = -100
        elif pos.recycles >= 3:
            r = -20
    elif m.dst == "F":
        r = 10
    elif m.src == "W":
        r = 5
    elif m.src == "F":
        r = -15
    down = sum(pos.down)
    pos.push(m)
    return max(score + r + 5 * (down - sum(pos.down)), 0)


def best_score_brute_force(pos, limit=4_000):
    """The best score over every line from pos, or, if some line wins, over the lines
    that win: a label-correcting search over positions, keeping the best score so far
    of each (a higher score is never worse: the update max(S + r, 0) is monotone in S);
    the recycles done count for the draw-3 penalty, so they are part of the position
    (up to 3) at any passes."""
    def key(q):
        return _state(q, True)[:-1] + (min(q.recycles, 3) if q.rules.passes is None
                                       else q.recycles,)
    best = {key(pos): 0}
    todo = deque([(pos.copy(), 0)])
    top = 0
    top_won = 0 if pos.is_won() else None
    while todo:
        q, s = todo.popleft()
        if best[key(q)] > s:
            continue
        for m in q.legal_moves():
            r = q.copy()
            s2 = step_score(r, m, s)
            k = key(r)
            if best.get(k, -1) >= s2:
                continue
            best[k] = s2
            top = max(top, s2)
            if r.is_won():
                top_won = max(top_won or 0, s2)
            if len(best) > limit:
                raise BruteForceLimit(len(best))
            todo.append((r, s2))
    return top if top_won is None else top_won


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_max_score_equals_brute_force_on_endgames(rules):
    rng = random.Random("max-score " + repr(rules))
    done = 0
    for _ in range(300):
        if done >= 6:
            break
        pos = random_endgame(rng, rng.randint(4, 9), rules, max_talon=7)
        try:
            truth = best_score_brute_force(pos)
        except BruteForceLimit:
            continue
        done += 1
        sol = solve_position(pos, objective="max-score")
        assert sol.extra["proved"], pos.to_text()
        assert sol.extra["best_score"] == truth, (pos.to_text(), rules)
        assert sol.score("standard") == truth
        # a won answer comes with a line that wins
        if sol.result == "won":
            assert klondike.replay(pos, rules, sol.moves).is_won()
    assert done >= 6


@pytest.mark.parametrize("draw", [1, 3])
def test_f2t_never_lowers_the_best_score(draw):
    """With foundation-to-tableau moves allowed every line without them is still a
    line: the best score is at least the brute-force best without them, and the
    line's own score (reference rules) is the value claimed."""
    rng = random.Random("f2t %d" % draw)
    done = 0
    for _ in range(100):
        if done >= 5:
            break
        pos = random_endgame(rng, rng.randint(4, 9), Rules(draw=draw, foundation_moves=False),
                             max_talon=7)
        try:
            without = best_score_brute_force(pos)
        except BruteForceLimit:
            continue
        done += 1
        pos.rules = Rules(draw=draw)
        sol = solve_position(pos, objective="max-score", max_states=200_000)
        assert sol.extra["best_score"] >= without
        assert sol.score("standard") == sol.extra["best_score"]
    assert done >= 5


def test_the_clamp_refunds_a_recycle():
    """Draw 1: the waste holds J and Q of clubs (Q on top, with no red King to go on)
    and the stock is empty, so the clubs need a recycle (-100).  Made at score 0 it
    costs nothing (the clamp); made after the King of spades goes up (+10) it costs
    those 10.  The best line recycles first (the standalone recycle move): 40.
    With foundation-to-tableau moves the clamp pays far more, in a line that still
    wins: at score 0 cards come down for nothing (-15 clamped to 0) and go back up for
    +10 each."""
    pos = make_position([((), (51,)), ((), (12,))], [12, 13, 13, 10], waste=[49, 50],
                        rules=Rules(draw=1, foundation_moves=False))
    sol = solve_position(pos, objective="max-score")
    assert sol.extra["best_score"] == 40 == sol.score() == best_score_brute_force(pos)
    assert sol.moves[0].kind == "recycle" and sol.extra["proved"]
    pos.rules = Rules(draw=1)
    sol = solve_position(pos, objective="max-score", max_states=1_000_000)
    assert sol.extra["best_score"] > 40 and sol.score() == sol.extra["best_score"]
    assert sol.result == "won" and klondike.replay(pos, pos.rules, sol.moves).is_won()


def test_max_score_of_a_deal_is_its_line_and_budgets_say_best_found():
    deal = kabalsolve.deal_from_seed(4)
    sol = kabalsolve.solve(deal, draw=1, objective="max-score", max_states=20_000)
    assert sol.score("standard") == sol.extra["best_score"]
    win = kabalsolve.solve(deal, draw=1)
    assert sol.extra["best_score"] >= win.score("standard")
    assert not sol.extra["proved"]
    line = sol.verdict_line()
    assert "best found (not proved" in line and "(proved)" not in line
    assert klondike.replay(deal, sol.rules, sol.moves) is not None
