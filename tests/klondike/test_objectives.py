"""Klondike objectives: max-foundation, the most cards that can reach the
foundations, against plain exhaustive search on random endgames under every rule
combination, and on whole deals (52 for a won deal; the line replays)."""
import random
import subprocess
import sys

import pytest

import kabalsolve
from kabalsolve import OptionError
from kabalsolve.games.klondike import Rules
from kabalsolve.games.klondike.bridge import solve_position

from conftest import BruteForceLimit, _state, random_endgame

RULES = [Rules(draw=1), Rules(draw=3), Rules(draw=1, passes=1), Rules(draw=3, passes=2),
         Rules(draw=1, foundation_moves=False), Rules(draw=3, foundation_moves=False)]


def most_up_brute_force(pos, limit=20_000):
    """The most cards on the foundations over every position reachable from pos, by
    exhaustive search over the atomic moves with a set of positions seen."""
    p = pos.copy()
    limited = p.rules.passes is not None
    seen = {_state(p, limited)}
    best = sum(p.foundations)
    stack = [iter(p.legal_moves())]
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if stack:
                p.pop()
            continue
        p.push(m)
        st = _state(p, limited)
        if st in seen:
            p.pop()
            continue
        seen.add(st)
        best = max(best, sum(p.foundations))
        if best == 52:
            return best                 # nothing beats all cards up
        if len(seen) > limit:
            raise BruteForceLimit(len(seen))
        stack.append(iter(p.legal_moves()))
    return best


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_max_foundation_equals_brute_force_on_endgames(rules):
    rng = random.Random(repr(rules))
    won = lost = 0
    for _ in range(3000):
        if won >= 5 and lost >= 12:
            break
        pos = random_endgame(rng, rng.randint(6, 14), rules, max_talon=8)
        try:
            truth = most_up_brute_force(pos)
        except BruteForceLimit:
            continue
        if truth == 52 and won >= 5:
            continue
        won += truth == 52
        lost += truth < 52
        sol = solve_position(pos, objective="max-foundation")
        assert sol.extra["foundation"] == truth, (pos.to_text(), rules)
        assert sol.extra["foundation_proved"]
        assert sol.result == ("won" if truth == 52 else "lost")
        end = pos.copy()
        for m in sol.moves:
            end.push(m)
        assert sum(end.foundations) == truth
    assert won >= 5 and lost >= 12


def test_max_foundation_of_whole_deals():
    for seed in (7, 29, 55):
        deal = kabalsolve.deal_from_seed(seed)
        for draw in (1, 3):
            win = kabalsolve.solve(deal, draw=draw)
            most = kabalsolve.solve(deal, draw=draw, objective="max-foundation")
            assert most.result == win.result
            assert (most.extra["foundation"] == 52) == (win.result == "won")
            assert most.extra["foundation_proved"]
    sol = kabalsolve.solve(kabalsolve.deal_from_seed(29), objective="max-foundation",
                           max_states=100)
    assert sol.result == "unknown" and not sol.extra["foundation_proved"]
    assert "(the most found;" in sol.verdict_line()
    with pytest.raises(OptionError, match="objective must be one of"):
        kabalsolve.solve(kabalsolve.deal_from_seed(1), objective="fastest")


def test_cli_objective(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "kabalsolve", *args],
                              capture_output=True, text=True, timeout=120)
    deal = kabalsolve.deal_from_seed(29)
    f = tmp_path / "deal.txt"
    f.write_text(deal.to_text())
    most = kabalsolve.solve(deal, passes=3, objective="max-foundation").extra["foundation"]
    r = run(str(f), "--vegas", "--objective", "max-foundation", "--quiet")
    assert r.returncode == 1
    assert ", %d cards at most can reach the foundations (Vegas %d);" % (
        most, 5 * most - 52) in r.stdout
    r = run("examples/won-acesup.txt", "--objective", "max-foundation")
    assert r.returncode == 2 and "--objective does not apply to Aces Up" in r.stderr
