"""The compiled move generator against the pure-Python rules (STYLE.md 9 and 11).

(a) perft over macro moves: node counts to a fixed depth must agree exactly;
(b) random walks driven by hypothesis: after every step the core's full move list is
    the Python macro-move set, and the core's state is the Python position;
(c) the search's pruned move list is always made of legal macro moves;
(d) the canonical key: equal positions give equal keys, and equal keys mean positions
    that agree on everything the key claims to fix.
"""
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import MoveError, _core
from kabalsolve.games.klondike import bridge
from kabalsolve.cards import is_red, rank
from kabalsolve.games.klondike import PILES, Position, Rules

from conftest import (cards, core_board, core_move_key, core_snapshot, macro_key,
                      macro_keys, macro_moves,
                      make_position, pop_n, position_text, push_all, python_snapshot,
                      random_endgame)

T = _core.KLONDIKE_MOVE_TYPES
TALON_TYPES = (T["W2F"], T["W2T"])


def decode(pos, code):
    return bridge.decode_klondike_move(pos, code)


def core_macro_counter(board, pos):
    return Counter(core_move_key(pos, c) for c in board.moves(full=True))


def py_macro_counter(pos):
    return macro_keys(pos)


# -- (a) perft --------------------------------------------------------------------------
def perft_core(board, depth, counts, d=0):
    if d == depth:
        return
    for code in board.moves(full=True):
        counts[d] += 1
        board.push(code)
        perft_core(board, depth, counts, d + 1)
        board.pop()


def perft_py(pos, depth, counts, d=0):
    if d == depth:
        return
    for ms in macro_moves(pos):
        counts[d] += 1
        push_all(pos, ms)
        perft_py(pos, depth, counts, d + 1)
        pop_n(pos, len(ms))


PERFT_CASES = [
    # (seed, rules, depth)
    (1, Rules(draw=1), 4),
    (2, Rules(draw=1), 4),
    (1, Rules(draw=3), 6),
    (7, Rules(draw=3), 6),
    (43, Rules(draw=1), 4),
    (43, Rules(draw=1, foundation_moves=False), 4),
    (5, Rules(draw=3, foundation_moves=False), 4),
    (9, Rules(draw=3, passes=2), 5),
    (9, Rules(draw=1, passes=2), 4),
    (11, Rules(draw=3, passes=1), 6),
]

# Node counts per depth, computed once by both sides and pinned: the seeded deals and
# the rules never change, so neither may these (a perft file, as in chess).
PERFT_PINNED = {
    (1, 1): [7, 50, 364, 2701],
    (43, 1): [11, 121, 1331, 14634],
    (5, 3): [6, 41, 306, 2314, 16852],
}


@pytest.mark.parametrize("seed,rules,depth", PERFT_CASES)
def test_perft_fresh_deals(seed, rules, depth):
    pos = Position(kabalsolve.deal_from_seed(seed), rules)
    board = core_board(pos)
    cc = [0] * depth
    pc = [0] * depth
    perft_core(board, depth, cc)
    perft_py(pos, depth, pc)
    assert cc == pc
    assert cc[0] > 0
    assert core_snapshot(board) == python_snapshot(pos)   # both back where they started


@pytest.mark.parametrize("seed,draw", sorted(PERFT_PINNED))
def test_perft_pinned_counts(seed, draw):
    want = PERFT_PINNED[(seed, draw)]
    rules = Rules(draw=draw, foundation_moves=(seed, draw) != (5, 3))
    pos = Position(kabalsolve.deal_from_seed(seed), rules)
    pc = [0] * len(want)
    perft_py(pos, len(want), pc)
    assert pc == want
    cc = [0] * len(want)
    perft_core(core_board(pos), len(want), cc)
    assert cc == want


def test_perft_midgame_positions():
    """Perft from positions deep in a game, where foundation moves, empty columns and
    recycles with limited passes are all in play."""
    rng = random.Random(2024)
    done = 0
    for seed in range(40):
        rules = Rules(draw=rng.choice([1, 3]), foundation_moves=rng.random() < 0.6,
                      passes=rng.choice([None, 2, 3]))
        pos = Position(kabalsolve.deal_from_seed(1000 + seed), rules)
        sol = kabalsolve.solve(pos_deal(1000 + seed), draw=rules.draw,
                               foundation_moves=rules.foundation_moves,
                               passes=rules.passes, max_states=20000)
        if not sol.moves:
            continue
        cut = rng.randint(len(sol.moves) // 3, 2 * len(sol.moves) // 3)
        push_all(pos, sol.moves[:cut])
        board = core_board(pos)
        cc, pc = [0, 0], [0, 0]
        perft_core(board, 2, cc)
        perft_py(pos, 2, pc)
        assert cc == pc, position_text(pos)
        done += 1
        if done == 6:
            break
    assert done == 6


def pos_deal(seed):
    return kabalsolve.deal_from_seed(seed)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 26), draw=st.sampled_from([1, 2, 3]),
       f2t=st.booleans(), passes=st.sampled_from([None, None, 1, 2, 3]))
def test_perft_random_endgames(seed, in_play, draw, f2t, passes):
    rules = Rules(draw=draw, foundation_moves=f2t, passes=passes)
    pos = random_endgame(random.Random(seed), in_play, rules)
    note(position_text(pos))
    board = core_board(pos)
    assert core_snapshot(board) == python_snapshot(pos)
    cc, pc = [0, 0, 0], [0, 0, 0]
    perft_core(board, 3, cc)
    perft_py(pos, 3, pc)
    assert cc == pc


# -- (b), (c) differential random walks ----------------------------------------------------
def check_pruned_subset(board, pos, full):
    """(c): every move of the pruned list is a legal macro move of the full list (SWAPF,
    which the full generator does not make, is checked as its two atomic moves)."""
    full_set = set(full)
    full_keys = {core_move_key(pos, c) for c in full}
    pruned = board.moves(full=False)
    for code in pruned:
        t = code & 15
        if t == T["SWAPF"]:
            ms = decode(pos, code)
            assert len(ms) == 2
            run, up = ms
            assert macro_key(run) in full_keys, (run, position_text(pos))
            assert up.dst == "F" and up.src == run.src
            # the run goes onto the twin of the card it uncovers
            onto = pos.piles[PILES.index(run.dst)][-1]
            assert rank(onto) == rank(up.card) and is_red(onto) == is_red(up.card) \
                and onto != up.card
            push_all(pos, ms)      # both legal one after the other
            pop_n(pos, 2)
        else:
            assert code in full_set, (code, _core.decode_move(code), position_text(pos))
    return pruned


def differential_walk(pos, choose, steps, check_pruned=True):
    board = core_board(pos)
    history = []           # number of atomic moves of each macro move played
    assert core_snapshot(board) == python_snapshot(pos)
    for _ in range(steps):
        full = board.moves(full=True)
        assert len(set(full)) == len(full), "duplicate move codes"
        assert core_macro_counter(board, pos) == py_macro_counter(pos), position_text(pos)
        assert board.is_won() == pos.is_won()
        if check_pruned:
            check_pruned_subset(board, pos, full)
        if history and choose(4) == 0:
            # take back one or more moves on both sides
            for _ in range(1 + choose(min(3, len(history)))):
                if not history:
                    break
                board.pop()
                pop_n(pos, history.pop())
            assert core_snapshot(board) == python_snapshot(pos), position_text(pos)
            continue
        if not full:
            break
        code = full[choose(len(full))]
        ms = decode(pos, code)
        assert macro_key(ms[-1]) == core_move_key(pos, code)
        if (code & 15) in TALON_TYPES:
            turn = bool(code & _core.KLONDIKE_TURNED)
            assert ms[:-1] == pos.steps_to_talon_card(ms[-1].card, turn)
            # the recycles (danish: passes ended) the code carries are those the turns make
            p = pos.copy()
            push_all(p, ms[:-1])
            assert _core.decode_move(code)[3] == p.recycles - pos.recycles
        push_all(pos, ms)
        board.push(code)
        history.append(len(ms))
        assert core_snapshot(board) == python_snapshot(pos), position_text(pos)
    # unwind everything: both sides back at the start
    while history:
        board.pop()
        pop_n(pos, history.pop())
        assert core_snapshot(board) == python_snapshot(pos)


RULES = st.builds(Rules, draw=st.sampled_from([1, 3]), foundation_moves=st.booleans(),
                  passes=st.sampled_from([None, None, 1, 2, 3]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), rules=RULES, data=st.data())
def test_differential_walk_from_deals(seed, rules, data):
    pos = Position(kabalsolve.deal_from_seed(seed), rules)

    def choose(n):
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    differential_walk(pos, choose, 60)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), in_play=st.integers(10, 30), rules=RULES,
       data=st.data())
def test_differential_walk_from_endgames(seed, in_play, rules, data):
    pos = random_endgame(random.Random(seed), in_play, rules, max_talon=12)
    note(position_text(pos))

    def choose(n):
        return data.draw(st.integers(0, n - 1)) if n > 1 else 0

    differential_walk(pos, choose, 60)


def test_differential_walks_along_solutions():
    """Walk along real solutions (where the game goes deep: empty columns, foundation
    moves back, recycles), comparing at every macro move on the way."""
    for seed, draw, f2t in ((43, 1, True), (52, 3, True), (136, 1, True), (3, 3, False)):
        rules = Rules(draw=draw, foundation_moves=f2t)
        deal = kabalsolve.deal_from_seed(seed)
        sol = kabalsolve.solve(deal, draw=draw, foundation_moves=f2t)
        assert sol.result == "won"
        pos = Position(deal, rules)
        board = core_board(pos)
        # regroup the atomic solution into macro moves: turns join the next card move
        pending = []
        for m in sol.moves:
            pending.append(m)
            if m.kind != "move":
                continue
            full = board.moves(full=True)
            assert core_macro_counter(board, pos) == py_macro_counter(pos)
            check_pruned_subset(board, pos, full)
            match = [c for c in full if decode(pos, c) == pending]
            assert len(match) == 1, (pending, position_text(pos))
            push_all(pos, pending)
            board.push(match[0])
            pending = []
            assert core_snapshot(board) == python_snapshot(pos)
        assert not pending
        assert board.is_won() and pos.is_won()


# -- (d) keys ------------------------------------------------------------------------
NON_TALON = (T["T2F"], T["T2T"], T["F2T"])


def test_key_same_for_independent_moves_in_either_order():
    found = 0
    for seed in range(60):
        for draw in (1, 3):
            pos = Position(kabalsolve.deal_from_seed(seed), Rules(draw=draw))
            board = core_board(pos)
            rng = random.Random(seed)
            for _ in range(rng.randint(0, 12)):
                ms = board.moves(full=True)
                if not ms:
                    break
                board.push(rng.choice(ms))
            moves = [c for c in board.moves(full=True) if (c & 15) in NON_TALON]
            for i, a in enumerate(moves):
                for b in moves[i + 1:]:
                    board.push(a)
                    ok = b in board.moves(full=True)
                    if ok:
                        board.push(b)
                        snap_ab, key_ab = core_snapshot(board), board.key()
                        board.pop()
                    board.pop()
                    if not ok:
                        continue
                    board.push(b)
                    if a in board.moves(full=True):
                        board.push(a)
                        if core_snapshot(board) == snap_ab:
                            assert board.key() == key_ab
                            found += 1
                        board.pop()
                    board.pop()
    assert found >= 50


def test_key_same_for_talon_and_tableau_moves_in_either_order():
    """A tableau move and a talon move commute as positions; the talon code differs
    only by index, so play them through the Python rules and compare keys."""
    found = 0
    for seed in range(40):
        pos = Position(kabalsolve.deal_from_seed(seed), Rules(draw=1))
        macros = macro_moves(pos)
        talon = [ms for ms in macros if ms[-1].src == "W"]
        tab = [ms for ms in macros if ms[-1].src in PILES]
        for a in talon[:4]:
            for b in tab[:4]:
                if a[-1].dst == b[-1].dst:
                    continue
                p1 = pos.copy()
                push_all(p1, a)
                try:
                    push_all(p1, b)
                except MoveError:
                    continue
                p2 = pos.copy()
                push_all(p2, b)
                try:
                    push_all(p2, p2.steps_to_talon_card(a[-1].card) + [a[-1]])
                except MoveError:
                    continue
                if p1.piles == p2.piles and p1.foundations == p2.foundations \
                        and sorted(p1.talon()) == sorted(p2.talon()):
                    assert core_board(p1).key() == core_board(p2).key(), \
                        position_text(p1) + "\n--\n" + position_text(p2)
                    found += 1
    assert found >= 20


def key_features(pos):
    """What the key claims to fix: foundations, the talon (cards and order), face-down
    cards per column, the set of face-up tableau cards, the set of column bases, the
    cards reachable in the talon (with unlimited passes wp is merged only when the
    reachable cards agree), and the recycles used with limited passes."""
    ups = frozenset(c for p, d in zip(pos.piles, pos.down) for c in p[d:])
    bases = frozenset(p[d] for p, d in zip(pos.piles, pos.down) if p)
    downs = tuple(pos.down)
    return (tuple(pos.foundations), tuple(pos.talon()), downs, ups, bases,
            frozenset(pos.reachable_talon_cards()),
            pos.recycles if pos.rules.passes is not None else None)


@pytest.mark.parametrize("draw,passes,f2t", [(1, None, True), (3, None, True),
                                            (3, 2, False), (1, 3, True)])
def test_equal_keys_mean_equal_features(draw, passes, f2t):
    rng = random.Random(draw * 100 + (passes or 0))
    for seed in range(6):
        deal = kabalsolve.deal_from_seed(500 + seed)
        rules = Rules(draw=draw, passes=passes, foundation_moves=f2t)
        seen = {}
        for walk in range(60):
            pos = Position(deal, rules)
            board = core_board(pos)
            for _ in range(rng.randint(5, 50)):
                full = board.moves(full=True)
                if not full:
                    break
                code = rng.choice(full)
                push_all(pos, decode(pos, code))
                board.push(code)
                k = board.key()
                f = key_features(pos)
                if k in seen:
                    assert seen[k] == f, position_text(pos)
                else:
                    seen[k] = f
        assert len(seen) > 50


def test_key_restored_by_pop():
    rng = random.Random(3)
    for seed in range(10):
        pos = Position(kabalsolve.deal_from_seed(seed), Rules(draw=rng.choice([1, 3])))
        board = core_board(pos)
        keys = [board.key()]
        for _ in range(30):
            ms = board.moves(full=True)
            if not ms:
                break
            board.push(rng.choice(ms))
            keys.append(board.key())
        while len(keys) > 1:
            keys.pop()
            board.pop()
            assert board.key() == keys[-1]


def test_key_merges_column_order():
    """Columns without face-down cards are interchangeable: the same runs in other
    columns give the same key; a column with face-down cards keeps its place."""
    found = [12, 11, 12, 11]          # in play: KS, QH KH, KD, QC KC
    ks, kd, kc = ((), cards("KS QH")), ((), cards("KD QC")), (cards("KH"), cards("KC"))
    empty = ((), ())
    a = make_position([ks, kd, kc], found)
    b = make_position([kd, ks, kc], found)
    c = make_position([empty, kd, kc, ks], found)
    d = make_position([kd, empty, kc, empty, empty, empty, ks], found)
    keys = {core_board(p).key() for p in (a, b, c, d)}
    assert len(keys) == 1
    e = make_position([kc, kd, ks], found)   # the face-down card now lies in T1
    assert core_board(e).key() not in keys


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), in_play=st.integers(10, 30),
       draw=st.sampled_from([1, 2, 3, 4]), passes=st.sampled_from([None, None, 1, 2, 3]),
       recycles=st.integers(0, 2))
def test_key_merges_waste_splits_only_when_the_talon_plays_the_same(seed, in_play, draw,
                                                                      passes, recycles):
    """The same cards with the talon split at every possible place: two splits may share
    a key only if the same talon cards are within reach (so the same talon moves lead to
    the same positions)."""
    rules = Rules(draw=draw, passes=passes)
    pos = random_endgame(random.Random(seed), in_play, rules, max_talon=24)
    talon = pos.talon()
    if passes is not None:
        recycles = min(recycles, passes - 1)
    else:
        recycles = 0
    by_key = {}
    for wp in range(len(talon) + 1):
        p = pos.copy()
        p.waste, p.stock, p.recycles = talon[:wp], talon[wp:], recycles
        key = core_board(p).key()
        reach = frozenset(p.reachable_talon_cards())
        note("wp=%d reach=%s key=%s" % (wp, sorted(reach), key))
        if key in by_key:
            assert by_key[key] == reach, position_text(p)
        by_key[key] = reach
