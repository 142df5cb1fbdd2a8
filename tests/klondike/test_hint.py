"""Hints: which moves keep the game winnable.

The hint search keeps one table of proved-lost positions across the moves of a
position; these tests hold its verdicts against verdicts that share nothing with it:
the exhaustive game graph of the reference rules on small endgames, and a fresh solve
of each child position on larger ones."""
import random

import pytest
from click.testing import CliRunner

import kabalsolve
from kabalsolve import _core
from kabalsolve.games.klondike import bridge
from kabalsolve.cli import cli
from kabalsolve.games.klondike import Position, Rules
from kabalsolve.api import hint
from kabalsolve.games.klondike.bridge import solve_position

from conftest import REPO, BruteForceLimit, GameGraph, _state
from test_positions import reachable_endgame

EXAMPLES = REPO / "examples"


def test_hint_agrees_with_the_exhaustive_game_graph():
    counts = {"won": 0, "lost": 0}
    for seed in range(6):
        rng = random.Random(seed)
        # without moves down from the foundations, so that the graphs stay small (with
        # them, cards travel down and up and even 5-card endgames pass 10^4 positions);
        # test_hint_agrees_with_a_fresh_solve_of_every_child covers those rules
        rules = Rules(draw=[1, 3, 2][seed % 3], passes=[None, 2][seed % 2],
                      foundation_moves=False)
        limited = rules.passes is not None
        checked = 0
        while checked < 10:
            pos = reachable_endgame(rng, rng.randint(6, 12), rules, max_talon=6)
            try:
                graph = GameGraph(pos, limit=2000)
            except BruteForceLimit:
                continue
            h = hint(pos)
            assert h.result == ("won" if graph.won[0] else "lost")
            for v in h.moves:
                child = pos.copy()
                child.push(v.move)
                want = "won" if graph.won[graph.index[_state(child, limited)]] else "lost"
                assert v.result == want, (v, pos.to_text())
                counts[want] += 1
            checked += 1
    assert counts["lost"] > 0 and counts["won"] > 0, counts


def test_hint_agrees_with_a_fresh_solve_of_every_child():
    rng = random.Random(11)
    verdicts = set()
    for k in range(150):
        rules = [Rules(draw=3), Rules(draw=1), Rules(draw=3, passes=2),
                 Rules(draw=1, passes=1, foundation_moves=False)][k % 4]
        pos = reachable_endgame(rng, rng.randint(14, 30), rules, max_talon=14)
        h = hint(pos)
        for v in h.moves:
            child = pos.copy()
            child.push(v.move)
            assert v.result == solve_position(child).result, (v, pos.to_text())
            verdicts.add(v.result)
    assert verdicts == {"won", "lost"}


def test_positions_along_a_known_solution_keep_its_next_move():
    deal = kabalsolve.read_deal(str(EXAMPLES / "won-klondike-draw3.txt"))
    sol = kabalsolve.solve(deal, draw=3)
    pos = Position(deal, sol.rules)
    for n, m in enumerate(sol.moves):
        if n % 10 == 0:
            h = kabalsolve.hint(pos)
            assert h.result == "won"
            assert m in [v.move for v in h.winning]
            lengths = [v.win_length for v in h.winning]
            assert lengths == sorted(lengths)  # best (shortest win found) first
        pos.push(m)


def first_forfeit(deal_file, draw=3):
    """(position, move) for the first move along the deal's solution that forfeits the
    win, found by the hint search."""
    deal = kabalsolve.read_deal(str(deal_file))
    sol = kabalsolve.solve(deal, draw=draw)
    pos = Position(deal, sol.rules)
    for m in sol.moves:
        for v in hint(pos).moves:
            if v.result == "lost":
                return pos, v
        pos.push(m)
    raise AssertionError("no forfeiting move along the solution")


def test_a_move_that_forfeits_the_win_leaves_a_lost_position(tmp_path):
    pos, v = first_forfeit(EXAMPLES / "won-klondike-draw3.txt")
    assert solve_position(pos).result == "won"
    child = pos.copy()
    child.push(v.move)
    assert solve_position(child).result == "lost"   # a fresh search, no shared table
    f = tmp_path / "before.txt"
    f.write_text(pos.to_text())
    r = CliRunner().invoke(cli, ["hint", str(f), "--move", v.text])
    assert r.exit_code == 1, r.output
    assert "forfeits the win" in r.output
    g = tmp_path / "after.txt"
    g.write_text(child.to_text())
    r = CliRunner().invoke(cli, ["hint", str(g)])
    assert r.exit_code == 1
    assert r.output.startswith("lost: no move wins from this position")
    r = CliRunner().invoke(cli, [str(g), "-q"])
    assert r.exit_code == 1 and r.output.startswith("lost:")


def test_hint_command_lists_the_winning_moves(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text((REPO / "tests" / "data" / "position_draw1.txt").read_text())
    r = CliRunner().invoke(cli, ["hint", str(f)])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("won: ") and "klondike draw 1" in lines[0]
    h = hint(kabalsolve.dealfile.read_position(f))
    assert len(lines) == 1 + len(h.moves)
    first = h.winning[0]
    assert lines[1].split()[:len(first.text.split())] == first.text.split()
    r = CliRunner().invoke(cli, ["hint", str(f), "--move", first.text])
    assert r.exit_code == 0 and "keeps the win" in r.output
    r = CliRunner().invoke(cli, ["hint", str(f), "--move", "T1 T9"])
    assert r.exit_code == 2
    assert r.output.strip() == "kabalsolve: error: 'T1 T9' is not a legal move here"
    r = CliRunner().invoke(cli, ["hint", str(f), "--draw", "3"])
    assert r.exit_code == 2 and "position file says draw: 1" in r.output


def test_hint_on_a_lost_deal():
    r = CliRunner().invoke(cli, ["hint", str(EXAMPLES / "lost-klondike.txt")])
    assert r.exit_code == 1
    assert r.output.startswith("lost: no move wins from this position (klondike draw 3)")


def test_the_lost_table_keeps_only_proofs():
    """A won search adds nothing to the kept table; a lost one adds its positions, and
    asking again is answered from the table without a search."""
    pos, v = first_forfeit(EXAMPLES / "won-klondike-draw3.txt")
    columns, found, talon, wp, rec = bridge.klondike_core_args(pos)
    core = _core.KlondikeSolver(columns, found, talon, wp, rec,
                                **bridge.klondike_rule_args(pos.rules))
    win = next(w for w in hint(pos).winning)
    status, _, codes, states = core.decide(bridge.klondike_steps(pos, win.move))
    assert status == "won" and codes and states > 0
    assert core.lost_count == 0
    steps = bridge.klondike_steps(pos, v.move)
    status, _, _, states = core.decide(steps)
    assert status == "lost" and states > 0
    kept = core.lost_count
    assert kept >= states
    assert core.decide(steps) == ("lost", None, [], 0)
    status, _, _, _ = core.decide(bridge.klondike_steps(pos, win.move))
    assert status == "won" and core.lost_count == kept
