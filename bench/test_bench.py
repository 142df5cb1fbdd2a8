"""pytest-benchmark benchmarks of kabalsolve.solve on fixed deals of bench/deals.

    python -m pytest bench/test_bench.py --benchmark-enable
    python -m pytest bench/test_bench.py --benchmark-enable --benchmark-autosave   # keep a run
    python -m pytest bench/test_bench.py --benchmark-enable --benchmark-compare    # vs the last

The project's pytest settings (``testpaths = ["tests"]``, ``--benchmark-disable``) keep
these out of the normal suite; with ``--benchmark-disable`` each body runs once, as a
smoke test.  Nothing here asserts a time: the asserts check verdicts only, and the
total state count of each batch goes into ``extra_info`` (saved with ``--benchmark-json``
or ``--benchmark-autosave``) so a search change shows next to its timing.
"""
from __future__ import annotations

from typing import List, Tuple

import pytest

import dealset
from dealset import kabalsolve
from kabalsolve import _core
from kabalsolve.games.klondike import Position, Rules, bridge, replay

DEALS = dict(dealset.load())
NAMES = list(DEALS)
# Chosen from run.py's per-deal rows (draw 3, core of November 2026), fixed from then on:
BATCH = NAMES[100:120]      # seeds 101..120: ordinary deals, 5 lost at draw 3, no outlier
EASY = "1"                  # won at both draws with a few hundred states
HARD = "12"                 # lost at both draws: the whole tree is searched (~2.7 M states)


def solve_all(names: List[str], draw: int) -> Tuple[List[str], int]:
    results, states = [], 0
    for name in names:
        sol = kabalsolve.solve(DEALS[name], draw=draw)
        results.append(sol.result)
        states += sol.stats.states
    return results, states


@pytest.mark.parametrize("draw", [1, 3])
def test_batch_of_20(benchmark, draw):
    """Twenty fixed deals of the set, one solve each, in one round."""
    benchmark.group = "batch of 20 deals"
    results, states = benchmark.pedantic(solve_all, args=(BATCH, draw), rounds=10,
                                         iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(draw=draw, deals=len(BATCH), states=states,
                                won=results.count("won"), lost=results.count("lost"))
    assert "unknown" not in results


@pytest.mark.parametrize("draw", [1, 3])
def test_easy_deal(benchmark, draw):
    """One quick win: mostly the fixed cost of a call (packing, decoding, replay)."""
    benchmark.group = "single easy deal"
    sol = benchmark(kabalsolve.solve, DEALS[EASY], draw=draw)
    benchmark.extra_info.update(draw=draw, deal=EASY, states=sol.stats.states)
    assert sol.result == "won"


def test_hard_deal(benchmark):
    """A proof of loss: the search has to exhaust the game tree."""
    benchmark.group = "single hard deal"
    sol = benchmark.pedantic(kabalsolve.solve, args=(DEALS[HARD],), kwargs=dict(draw=3),
                             rounds=3, iterations=1)
    benchmark.extra_info.update(draw=3, deal=HARD, states=sol.stats.states,
                                table_bytes=sol.stats.table_bytes)
    assert sol.result == "lost"


def test_peer_easy_deal(benchmark):
    """pyksolve (ShootMe) on the easy deal at draw 3, for scale; skipped without it."""
    pytest.importorskip("pyksolve.solver")
    import peer_pyksolve
    benchmark.group = "single easy deal"
    result, _, _, _ = benchmark.pedantic(peer_pyksolve.solve, args=(DEALS[EASY], 3),
                                         rounds=3, iterations=1)
    assert result == "won"


# -- the fixed cost of one call, piece by piece (the easy deal, draw 3) -------------------
def _easy_parts():
    rules = Rules(draw=3)
    args = bridge.klondike_core_args(Position(DEALS[EASY], rules))
    rk = bridge.klondike_rule_args(rules)
    codes = _core.klondike_solve(*args, **rk)[2]
    return rules, args, rk, codes


def test_micro_pack_a_deal(benchmark):
    """A deal made into the core's arguments (the Python position, then its parts)."""
    benchmark.group = "one call, piece by piece"
    args = benchmark(lambda: bridge.klondike_core_args(Position(DEALS[EASY], Rules(draw=3))))
    assert len(args[0]) == 7


def test_micro_core_call(benchmark):
    """The easy deal's search in the core alone, its line handed back as codes."""
    benchmark.group = "one call, piece by piece"
    _rules, args, rk, _codes = _easy_parts()
    status = benchmark(lambda: _core.klondike_solve(*args, **rk)[0])
    assert status == "won"


def test_micro_check_a_line(benchmark):
    """The core's independent compiled check of the line (what is_winnable rests on)."""
    benchmark.group = "one call, piece by piece"
    _rules, args, rk, codes = _easy_parts()
    rk = dict(rk)
    rk.pop("danish")
    assert benchmark(_core.klondike_check_line, args[0], args[1], args[2], codes, args[3],
                     args[4], **rk) == -1


def test_micro_line_made_and_checked_in_the_core(benchmark):
    """The easy deal's search with its line tidied, written out as atomic moves and
    checked in the core (_core.klondike_solve_line, what solve calls for a classic
    win): against test_micro_core_call, what making and checking the line adds."""
    benchmark.group = "one call, piece by piece"
    _rules, args, rk, _codes = _easy_parts()
    rk = dict(rk)
    rk.pop("danish")
    got = benchmark(lambda: _core.klondike_solve_line(*args, **rk))
    assert got[0] == "won" and got[7] == -1


def test_micro_decode_a_line_to_moves(benchmark):
    """That line of atomic moves (2 bytes each) made into Move values through the
    bridge's table (bridge.atomic_moves), the table filled by the first round: what
    solve does with the line instead of decoding and replaying it in Python."""
    benchmark.group = "one call, piece by piece"
    rules, args, rk, _codes = _easy_parts()
    rk = dict(rk)
    rk.pop("danish")
    line = _core.klondike_solve_line(*args, **rk)[2]
    moves = benchmark(bridge.atomic_moves, line)
    assert len(moves) == len(line) // 2
    assert replay(DEALS[EASY], rules, moves).is_won()


def test_micro_decode_and_replay_a_line(benchmark):
    """The line decoded into atomic moves and replayed on the Python rules (what solve
    did with every line before it was made in the core; what the other objectives and
    the danish variant still do, and about what Solution.verify costs)."""
    benchmark.group = "one call, piece by piece"
    rules, _args, _rk, codes = _easy_parts()
    moves = benchmark(lambda: bridge.replay_klondike_codes(Position(DEALS[EASY], rules),
                                                           codes, "the line"))
    assert moves


@pytest.mark.parametrize("call", ["is_winnable", "solve"])
def test_micro_whole_call(benchmark, call):
    """The easy deal through the library: the verdict only, or the line (made and
    checked in the core, then made into Moves)."""
    benchmark.group = "one call, piece by piece"
    fn = getattr(kabalsolve, call)
    result = benchmark(fn, DEALS[EASY], draw=3)
    assert result is True or getattr(result, "result", None) == "won"


def test_micro_hint(benchmark):
    """A hint along the easy deal's win (every legal move decided, the win after each
    made and checked in the core): what an app pays to ask for one."""
    benchmark.group = "one call, piece by piece"
    rules = Rules(draw=3)
    pos = Position(DEALS[EASY], rules)
    for m in kabalsolve.solve(DEALS[EASY], draw=3).moves[:30]:
        pos.push(m)
    h = benchmark(kabalsolve.hint, pos)
    assert h.result == "won" and h.moves[0].result == "won"
