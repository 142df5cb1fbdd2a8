"""The danish variant (the Danish 7-kabale): the queue stock.

The reference rules are checked against the seed's text on small hand-made talons;
then the core's danish move-generator mode is compared with them as the classic one
is (perft, differential walks, keys), the search against the brute force on random
endgames, and the solver's answers against invariants that follow from the rules:

(I1) a danish line of play is a line at classic draw 1 with unlimited passes (the
     same tableau moves, and every talon card is playable at any time there), so a
     danish win means a classic draw-1 win;
(I2) in the first pass the danish stock turns exactly as the classic draw-3 stock (the
     leftovers go under the seam and are not seen again in that pass) and the danish
     top card is the classic waste's top, so the moves of a danish win with one pass
     replay, unchanged, as a classic draw-3 win with one pass;
(I3) N passes allow every line that N - 1 passes allow, and unlimited passes every
     line of any limit;
(I4) foundation-to-tableau moves only add lines.
"""
import random
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import MoveError, OptionError
from kabalsolve.games.klondike import bridge
from kabalsolve.cli import cli
from kabalsolve.games.klondike import Move, Position, Rules, replay

from conftest import (BruteForceLimit, brute_force, cards, core_board, core_solve,
                      dump_position, make_position, position_text, python_snapshot,
                      core_snapshot, random_endgame, replay_core_codes)
from test_core_vs_reference import differential_walk, perft_core, perft_py

DANISH = Rules(variant="danish")
DRAW = Move.draw()


def talon_position(stock_text, waste_text="", passes=None):
    """Five Kings' columns hold the cards not in the talon (foundations empty apart from
    what the talon lacks is not needed: check=False), so only the talon matters."""
    stock, waste = cards(stock_text), cards(waste_text)
    rules = Rules(variant="danish", passes=passes)
    return make_position([], [0, 0, 0, 0], waste=waste, stock=stock, rules=rules,
                         check=False)


# -- the reference rules against the seed's text ------------------------------------------
def test_turn_shows_three_with_the_third_on_top():
    pos = talon_position("AS 2S 3S 4S 5S 6S 7S")
    pos.push(DRAW)
    assert pos.waste == cards("AS 2S 3S") and pos.waste[-1] == cards("3S")[0]
    assert pos.stock == cards("4S 5S 6S 7S")


def test_leftovers_go_under_the_stock_in_turning_order():
    pos = talon_position("AS 2S 3S 4S 5S 6S 7S")
    pos.push(DRAW)
    pos.waste.pop()                      # the top card was played somewhere
    pos.push(DRAW)
    assert pos.waste == cards("4S 5S 6S")
    assert pos.stock == cards("7S AS 2S")
    pos.push(DRAW)                       # fewer than three are never turned while more wait
    assert pos.waste == cards("7S AS 2S")
    assert pos.stock == cards("4S 5S 6S")


def test_only_the_top_of_the_current_three_plays_and_there_is_no_recycle():
    pos = talon_position("AS 2S 3S 4S")
    pos.push(DRAW)
    kinds = {m.kind for m in pos.legal_moves()}
    assert "recycle" not in kinds
    with pytest.raises(MoveError):
        pos.push(Move.recycle())
    assert pos.reachable_talon_cards()[0] == cards("3S")[0]
    # a card under the top shows only after the top leaves, or on a later turn
    assert cards("2S")[0] not in [c for c, turn in pos.talon_routes() if not turn]


def test_no_draw_when_all_talon_cards_are_showing():
    pos = talon_position("", "AS 2S")
    assert not pos.can_draw()
    with pytest.raises(MoveError):
        pos.push(DRAW)


@pytest.mark.parametrize("passes", [1, 2, 3])
def test_a_pass_is_eight_turns_of_the_dealt_stock(passes):
    deal = kabalsolve.deal_from_seed(5)
    pos = Position(deal, Rules(variant="danish", passes=passes))
    turns = 0
    while pos.can_draw():
        pos.push(DRAW)
        turns += 1
    assert turns == 8 * passes
    assert pos.recycles == passes
    # and the first pass shows the dealt stock three by three, as classic draw 3
    pos = Position(deal, Rules(variant="danish"))
    tops = []
    for _ in range(8):
        pos.push(DRAW)
        tops.append(pos.waste[-1])
    assert tops == list(deal.stock[2::3])


def test_a_pass_ends_with_the_turn_that_shows_the_last_card_of_the_circle():
    pos = talon_position("AS 2S 3S 4S 5S", passes=2)
    pos.push(DRAW)                                   # AS 2S 3S
    pos.push(DRAW)                                   # 4S 5S AS: shows 5S, pass 1 ends
    assert pos.waste == cards("4S 5S AS") and pos.recycles == 1
    pos.push(DRAW)                                   # 2S 3S 4S
    assert pos.recycles == 1
    pos.push(DRAW)                                   # 5S AS 2S: pass 2 ends
    assert pos.recycles == 2 and not pos.can_draw()
    for _ in range(4):
        pos.pop()
    assert pos.recycles == 0 and pos.stock == cards("AS 2S 3S 4S 5S") and pos.waste == []


def test_the_circle_keeps_the_dealt_order():
    """stock + waste is always a rotation of talon() (the dealt order, seam at the end)."""
    rng = random.Random(7)
    for seed in range(10):
        pos = Position(kabalsolve.deal_from_seed(seed), DANISH)
        for _ in range(80):
            ms = pos.legal_moves()
            if not ms:
                break
            pos.push(rng.choice(ms))
            ring, talon = pos.stock + pos.waste, pos.talon()
            if ring:
                i = talon.index(ring[0])
                assert ring == talon[i:] + talon[:i]
                assert len(pos.waste) <= 3


def test_options():
    with pytest.raises(OptionError):
        Rules(variant="danish", draw=1)
    with pytest.raises(OptionError):
        Rules(variant="swedish")
    with pytest.raises(OptionError):
        kabalsolve.solve(kabalsolve.deal_from_seed(1), variant="danish", draw=1)


# -- the core against the reference rules ------------------------------------------------
@pytest.mark.parametrize("seed,passes,depth", [(1, None, 6), (7, None, 6), (9, 1, 6),
                                               (11, 2, 6), (12, 3, 5)])
def test_perft_fresh_deals(seed, passes, depth):
    pos = Position(kabalsolve.deal_from_seed(seed), Rules(variant="danish", passes=passes))
    board = core_board(pos)
    cc, pc = [0] * depth, [0] * depth
    perft_core(board, depth, cc)
    perft_py(pos, depth, pc)
    assert cc == pc and cc[0] > 0
    assert core_snapshot(board) == python_snapshot(pos)


DANISH_RULES = st.builds(Rules, variant=st.just("danish"), foundation_moves=st.booleans(),
                         passes=st.sampled_from([None, None, 1, 2, 3]))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 26), rules=DANISH_RULES,
       recycles=st.integers(0, 2))
def test_perft_random_endgames(seed, in_play, rules, recycles):
    pos = random_endgame(random.Random(seed), in_play, rules, max_talon=24)
    if rules.passes is not None:
        pos.recycles = min(recycles, rules.passes)
    note(position_text(pos))
    board = core_board(pos)
    assert core_snapshot(board) == python_snapshot(pos)
    cc, pc = [0, 0, 0], [0, 0, 0]
    perft_core(board, 3, cc)
    perft_py(pos, 3, pc)
    assert cc == pc


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), rules=DANISH_RULES, data=st.data())
def test_differential_walk_from_deals(seed, rules, data):
    pos = Position(kabalsolve.deal_from_seed(seed), rules)

    def choose(n):
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    differential_walk(pos, choose, 60)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), in_play=st.integers(10, 30), rules=DANISH_RULES,
       data=st.data())
def test_differential_walk_from_endgames(seed, in_play, rules, data):
    pos = random_endgame(random.Random(seed), in_play, rules, max_talon=14)
    note(position_text(pos))

    def choose(n):
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    differential_walk(pos, choose, 60)


def key_features(pos):
    """What a danish key claims to fix: as classic, and the whole talon state (the
    circle, the next card to turn, the cards left of the current three)."""
    ups = frozenset(c for p, d in zip(pos.piles, pos.down) for c in p[d:])
    bases = frozenset(p[d] for p, d in zip(pos.piles, pos.down) if p)
    return (tuple(pos.foundations), tuple(pos.talon()), pos.talon_pointer(), len(pos.waste),
            tuple(pos.down), ups, bases,
            pos.recycles if pos.rules.passes is not None else None)


@pytest.mark.parametrize("passes,f2t", [(None, True), (2, False), (1, True)])
def test_equal_keys_mean_equal_features(passes, f2t):
    rng = random.Random(passes or 0)
    total = 0
    for seed in range(4):
        rules = Rules(variant="danish", passes=passes, foundation_moves=f2t)
        seen = {}
        for _walk in range(40):
            pos = Position(kabalsolve.deal_from_seed(600 + seed), rules)
            board = core_board(pos)
            for _ in range(rng.randint(5, 50)):
                full = board.moves(full=True)
                if not full:
                    break
                code = rng.choice(full)
                for m in bridge.decode_klondike_move(pos, code):
                    pos.push(m)
                board.push(code)
                k, f = board.key(), key_features(pos)
                assert seen.setdefault(k, f) == f, position_text(pos)
        total += len(seen)
    assert total > 100


# -- the search against the brute force ----------------------------------------------------
def check_core(pos, want_won):
    status, stop, codes, *_ = core_solve(pos)
    assert stop is None
    assert status == ("won" if want_won else "lost"), position_text(pos)
    if want_won:
        assert replay_core_codes(pos, codes).is_won()


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 14), rules=DANISH_RULES)
def test_core_agrees_with_brute_force(seed, in_play, rules):
    pos = random_endgame(random.Random(seed), in_play, rules, max_talon=7)
    note(dump_position(pos) + "\n" + repr(rules))
    try:
        won = brute_force(pos, limit=4_000)
    except BruteForceLimit:
        assume(False)
        return
    check_core(pos, won)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 12), rules=DANISH_RULES)
def test_core_agrees_with_brute_force_along_a_winning_line(seed, in_play, rules):
    """As in test_dominance: every position one move off a winning line, decided by
    both; the mistakes among them are where a wrong pruning would show."""
    pos = random_endgame(random.Random(seed), in_play, rules, max_talon=6)
    rng = random.Random(seed)
    note(dump_position(pos) + "\n" + repr(rules))
    checked = 0
    try:
        for _ in range(10):
            if pos.is_won() or not brute_force(pos, limit=3_000):
                break
            good = []
            for m in pos.legal_moves():
                pos.push(m)
                won = brute_force(pos, limit=3_000)
                check_core(pos, won)
                checked += 1
                pos.pop()
                if won:
                    good.append(m)
            pos.push(rng.choice(good))
    except BruteForceLimit:
        pass
    assume(checked > 0)


# -- the solver: wins replay, invariants hold ---------------------------------------------
SEEDS = range(1, 31)


@pytest.fixture(scope="module")
def verdicts():
    """seed -> {label: result} for the rules the invariants compare (budgeted: the
    invariants are checked only between decided answers)."""
    out = {}
    for seed in SEEDS:
        deal = kabalsolve.deal_from_seed(seed)
        r = {}
        for label, kw in (("danish", {}), ("danish1", dict(passes=1)),
                          ("danish2", dict(passes=2)),
                          ("danish-nof2t", dict(foundation_moves=False))):
            sol = kabalsolve.solve(deal, variant="danish", max_states=300_000, **kw)
            if sol.result == "won":
                rules = Rules(variant="danish", **kw)
                assert replay(deal, rules, sol.moves).is_won()
                assert all(m.kind != "recycle" for m in sol.moves)
                if label == "danish1":   # (I2): the same moves win classic draw 3, 1 pass
                    assert replay(deal, Rules(draw=3, passes=1), sol.moves).is_won(), seed
            r[label] = sol.result
        r["draw1"] = kabalsolve.solve(deal, draw=1, max_states=300_000).result
        r["classic1"] = kabalsolve.solve(deal, draw=3, passes=1, max_states=300_000).result
        out[seed] = r
    return out


def implies(a, b):
    """a won implies b won, wherever both are decided."""
    return a != "won" or b in ("won", "unknown")


def test_solver_invariants(verdicts):
    decided = 0
    for seed, r in verdicts.items():
        assert implies(r["danish"], r["draw1"]), (seed, r)            # I1
        assert implies(r["danish1"], r["classic1"]), (seed, r)        # I2
        assert implies(r["danish1"], r["danish2"]), (seed, r)         # I3
        assert implies(r["danish2"], r["danish"]), (seed, r)          # I3
        assert implies(r["danish-nof2t"], r["danish"]), (seed, r)     # I4
        decided += "unknown" not in r.values()
    assert decided >= 20
    assert any(r["danish"] == "won" for r in verdicts.values())
    assert any(r["danish1"] == "lost" for r in verdicts.values())


# -- the command line ------------------------------------------------------------------
def test_cli_variant(tmp_path):
    deal = tmp_path / "d.txt"
    deal.write_text(kabalsolve.deal_from_seed(1).to_text())
    runner = CliRunner()
    res = runner.invoke(cli, ["solve", str(deal), "--variant", "danish", "--json"])
    assert res.exit_code == 0, res.output
    import json
    d = json.loads(res.output)
    assert d["variant"] == "danish" and d["result"] == "won"
    rules = Rules(variant="danish")
    assert replay(kabalsolve.deal_from_seed(1), rules,
                  [Move.from_json(m) for m in d["moves"]]).is_won()
    res = runner.invoke(cli, ["solve", str(deal), "--variant", "danish", "--draw", "1"])
    assert res.exit_code == 2
    res = runner.invoke(cli, ["stats", "--game", "klondike", "--count", "3",
                              "--variant", "danish"])
    assert res.exit_code == 0 and "danish, draw 3" in res.output
    res = runner.invoke(cli, ["generate", "--count", "1", "--winnable", "--variant", "danish"])
    assert res.exit_code == 0 and "# won;" in res.output


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), in_play=st.integers(10, 30),
       passes=st.sampled_from([None, 2]))
def test_key_tells_every_talon_state_apart(seed, in_play, passes):
    """The same cards with the circle cut anywhere and 0..3 cards left of the current
    three: the key never merges two of these talon states (each plays differently: the
    cards under the top and the next three differ)."""
    rules = Rules(variant="danish", passes=passes)
    pos = random_endgame(random.Random(seed), in_play, rules, max_talon=24)
    talon = pos.talon()
    assume(len(talon) >= 2)
    keys = {}
    for start in range(len(talon)):
        ring = talon[start:] + talon[:start]
        for gl in range(min(3, len(ring) - 1) + 1):
            p = pos.copy()
            p.stock, p.waste = ring[:len(ring) - gl], ring[len(ring) - gl:]
            k = core_board(p).key()
            assert k not in keys, (keys.get(k), (start, gl))
            keys[k] = (start, gl)
