"""Windows standard and Vegas scores of move lists, and the --vegas shorthand."""
import os
import subprocess
import sys

import pytest

import kabalsolve
from kabalsolve.errors import OptionError
from kabalsolve.games.klondike import Move, Rules, replay, score

from conftest import REPO

DEAL = kabalsolve.deal_from_seed(7)
EXAMPLE = os.path.join(REPO, "examples", "won-klondike-draw3.txt")


def cycles(rules, moves, n):
    """``moves`` followed by n passes: draw until the stock is empty, then recycle."""
    pos = replay(DEAL, rules, moves)
    out = list(moves)
    for _ in range(n):
        while pos.stock:
            pos.push(Move.draw())
            out.append(Move.draw())
        pos.push(Move.recycle())
        out.append(Move.recycle())
    return out


def test_won_deal_vegas_score_is_208():
    sol = kabalsolve.solve(DEAL, draw=3)
    assert sol.result == "won"
    assert sol.score("vegas") == -52 + 5 * 52
    assert sol.to_dict()["score"] == {"standard": sol.score("standard"), "vegas": 208}


def test_standard_score_step_by_step():
    # replay a winning line and recompute the standard score move by move by hand
    sol = kabalsolve.solve(DEAL, draw=1)
    pos = kabalsolve.Position(DEAL, sol.rules)
    total = 0
    for m in sol.moves:
        down = sum(pos.down)
        if m.kind == "recycle":
            total -= 100                               # draw 1: every recycle
        elif m.kind == "move":
            total += {"F": 10}.get(m.dst, 0)
            if m.dst != "F":
                total += {"W": 5, "F": -15}.get(m.src, 0)
        pos.push(m)
        total = max(0, total + 5 * (down - sum(pos.down)))
    assert score(DEAL, sol.rules, sol.moves) == total
    # every face-down card turned up and every card sent up counted once at least
    assert total >= 21 * 5 + 52 * 10 - 100 * sum(m.kind == "recycle" for m in sol.moves) \
        - 15 * sum(m.kind == "move" and m.src == "F" for m in sol.moves)


def test_recycle_penalties_by_draw():
    for draw, costs in ((3, [0, 0, 0, 20, 20]), (1, [100, 100])):
        rules = Rules(draw=draw)
        sol = kabalsolve.solve(DEAL, draw=draw)
        # a prefix of the win that has earned enough to pay them all, with cards left in
        # the talon; at draw 3 without a recycle of its own (the count matters there)
        prefix = []
        for m in sol.moves:
            if m.kind == "recycle" and draw == 3:
                break
            prefix.append(m)
            pos = replay(DEAL, rules, prefix)
            if score(DEAL, rules, prefix) > sum(costs) + 20 and pos.talon():
                break
        base = score(DEAL, rules, prefix)
        assert base > sum(costs)
        for n in range(1, len(costs) + 1):
            assert score(DEAL, rules, cycles(rules, prefix, n)) == base - sum(costs[:n])


def test_floor_and_penalties():
    rules = Rules(draw=1)
    # draw all 24, recycle: -100 floored at 0
    moves = [Move.draw()] * 24 + [Move.recycle()]
    assert score(DEAL, rules, moves) == 0
    with pytest.raises(OptionError):
        score(DEAL, rules, moves, "bogus")


def test_vegas_option_sets_passes():
    path = EXAMPLE
    out = subprocess.run([sys.executable, "-m", "kabalsolve", "-q", "--vegas", path],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and "draw 3, 3 passes" in out.stdout
    out = subprocess.run([sys.executable, "-m", "kabalsolve", "-q", "--vegas", "--draw", "1",
                          path], capture_output=True, text=True, timeout=120)
    assert "draw 1, 1 pass," in out.stdout
    out = subprocess.run([sys.executable, "-m", "kabalsolve", "--vegas", "--passes", "2", path],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
