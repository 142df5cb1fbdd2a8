"""--objective min-moves: the fewest explicit moves of a win, against a
breadth-first search over the atomic moves of the reference rules on small endgames
under several rule sets; against the default search's length on whole deals; and the
"proved minimal" / "best found" report."""
import random
from collections import deque

import pytest

import kabalsolve
from kabalsolve import OptionError, _core
from kabalsolve.games.klondike import bridge
from kabalsolve.games.klondike import Rules
from kabalsolve.games.klondike.bridge import solve_position

from conftest import BruteForceLimit, _state, core_board, random_endgame

RULES = [Rules(draw=1), Rules(draw=3), Rules(draw=1, passes=2), Rules(draw=3, passes=2),
         Rules(draw=2, passes=1), Rules(draw=1, foundation_moves=False),
         Rules(draw=3, foundation_moves=False)]


def fewest_moves_brute_force(pos, limit=2_500):
    """The fewest atomic moves that win from pos (None: no win), breadth first."""
    p = pos.copy()
    limited = p.rules.passes is not None
    if p.is_won():
        return 0
    seen = {_state(p, limited)}
    frontier = deque([(p, 0)])
    while frontier:
        q, d = frontier.popleft()
        for m in q.legal_moves():
            r = q.copy()
            r.push(m)
            st = _state(r, limited)
            if st in seen:
                continue
            if r.is_won():
                return d + 1
            seen.add(st)
            if len(seen) > limit:
                raise BruteForceLimit(len(seen))
            frontier.append((r, d + 1))
    return None


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_min_moves_equals_brute_force_on_endgames(rules):
    rng = random.Random("min-moves " + repr(rules))
    won = lost = 0
    for _ in range(300):
        if won >= 6:
            break
        pos = random_endgame(rng, rng.randint(4, 9), rules, max_talon=6)
        try:
            truth = fewest_moves_brute_force(pos)
        except BruteForceLimit:
            continue
        sol = solve_position(pos, objective="min-moves")
        assert sol.extra["proved"], pos.to_text()
        if truth is None:
            lost += 1
            assert sol.result == "lost" and sol.extra["min_moves"] is None
            continue
        won += 1
        assert sol.result == "won"
        assert sol.extra["min_moves"] == len(sol.moves) == truth, (pos.to_text(), rules)
        end = pos.copy()
        for m in sol.moves:
            end.push(m)
        assert end.is_won()
    assert won >= 6


@pytest.mark.parametrize("rules", RULES[:4], ids=repr)
def test_route_cost_is_the_replayed_length(rules):
    """The core's cost of every macro move is what the replay expands it into: one
    move plus the turns and recycles (checked through a one-move search)."""
    rng = random.Random("route " + repr(rules))
    for _ in range(40):
        pos = random_endgame(rng, rng.randint(8, 16), rules, max_talon=12)
        board = core_board(pos)
        for code in board.moves(full=True):
            steps = bridge.decode_klondike_move(pos.copy(), code)
            t, a, b, n = _core.decode_move(code)
            assert len(steps) >= 1
            if t in (1, 2):
                assert all(s.kind in ("draw", "recycle") for s in steps[:-1])


def test_min_moves_of_whole_deals_no_longer_than_the_default():
    for seed, draw in ((4, 1), (6, 1), (3, 3)):
        deal = kabalsolve.deal_from_seed(seed)
        win = kabalsolve.solve(deal, draw=draw)
        best = kabalsolve.solve(deal, draw=draw, objective="min-moves", max_states=400_000)
        assert best.result == win.result == "won"
        assert len(best.moves) <= len(win.moves)
        assert best.extra["min_moves"] == len(best.moves)
        end = kabalsolve.games.klondike.replay(deal, best.rules, best.moves)
        assert end.is_won()


@pytest.mark.parametrize("narrow", [1, 2])
@pytest.mark.parametrize("rules,lead", [(Rules(draw=1), 0), (Rules(draw=1), 1), (Rules(draw=1), 2),
                                        (Rules(draw=3), 1), (Rules(draw=1, passes=2), 1)],
                         ids=repr)
def test_narrow_phase_lines_are_real_and_never_proofs(rules, lead, narrow):
    """The narrow phases (ShootMe's move set and order, the talon pointer merged in
    their key at draw 1; narrow 2 also its talon and foundation rules and estimate):
    whatever they find is a line of the real rules that wins in exactly the moves they
    say (forced moves followed in between included), and they never report a proof,
    even when the queue runs dry."""
    from kabalsolve.games import klondike
    from kabalsolve.games.klondike.bridge import klondike_core_args, replay_klondike_codes
    found = 0
    for seed in (4, 6, 7, 9):
        deal = kabalsolve.deal_from_seed(seed)
        pos = klondike.Position(deal, rules)
        columns, fnd, talon, wp, rec = klondike_core_args(pos)
        max_rec = 255 if rules.passes is None else rules.passes - 1
        better, proved, value, codes, *_ = _core.klondike_objective(
            columns, fnd, talon, wp, rec, draw=rules.draw, max_recycles=max_rec,
            objective="min-moves", incumbent=-1, max_states=300_000, lead=lead,
            narrow=narrow)
        assert not proved
        if better:
            found += 1
            end = pos.copy()
            moves = replay_klondike_codes(end, codes, "narrow")
            assert end.is_won() and len(moves) == value
    assert found >= 1


@pytest.mark.parametrize("phases", ["default", "shares above one"])
def test_phases_keep_within_the_states_budget(monkeypatch, phases):
    """Every phase takes at most what is left of max_states (the win search's states
    included), whatever the shares add up to; a search stops after the node it is
    expanding, so only a handful more."""
    from kabalsolve.games.klondike import bridge as objectives
    if phases != "default":
        monkeypatch.setattr(objectives, "PHASES", (
            (1.0, 1, 2, 3 / 4, 1_000), (1.0, 1, 1, 3 / 4, 1_000), (1.0, 0, 0, 1.0, 0)))
    for budget in (30_000, 250_000):
        sol = kabalsolve.solve(kabalsolve.deal_from_seed(13), draw=1, objective="min-moves",
                               max_states=budget)
        assert not sol.extra["proved"]
        assert budget <= sol.stats.states <= budget + 500, sol.stats.states


def test_budget_says_best_found_not_proved():
    deal = kabalsolve.deal_from_seed(1)
    sol = kabalsolve.solve(deal, draw=1, objective="min-moves", max_states=20_000)
    assert sol.result == "won" and not sol.extra["proved"]
    assert "best found" in sol.verdict_line()
    assert ", proved minimal" not in sol.verdict_line()
    assert sol.to_dict()["proved"] is False
    lost = kabalsolve.solve(kabalsolve.deal_from_seed(29), draw=1, objective="min-moves",
                            max_states=50)
    assert lost.result == "unknown" and not lost.extra["proved"]
    assert lost.extra["min_moves"] is None


def test_danish_is_refused():
    with pytest.raises(OptionError, match="classic Klondike"):
        kabalsolve.solve(kabalsolve.deal_from_seed(1), variant="danish",
                         objective="min-moves")


def test_cli_objectives(tmp_path):
    import subprocess
    import sys

    def run(*args):
        return subprocess.run([sys.executable, "-m", "kabalsolve", *args],
                              capture_output=True, text=True, timeout=120)
    r = run("examples/won-klondike-draw3.txt", "--objective", "min-moves",
            "--max-states", "200000", "--json")
    assert r.returncode == 0, r.stderr
    import json
    d = json.loads(r.stdout)
    assert d["objective"] == "min-moves" and d["min_moves"] == len(d["moves"])
    assert d["proved"] is False
    r = run("examples/won-klondike-draw3.txt", "--objective", "max-score",
            "--max-states", "50000", "-q")
    assert r.returncode == 0 and "best score" in r.stdout and "best found" in r.stdout
    r = run("examples/won-klondike-draw3.txt", "--variant", "danish",
            "--objective", "min-moves")
    assert r.returncode == 2 and "classic Klondike" in r.stderr
    assert r.stderr.count("\n") == 1
