"""Klondike lines without pointless moves (games/klondike/lines.py, _tidy.pxi).

Every line is held against tests/removable.py, which tries each removal on the
reference rules without sharing any code with the shortening: one card move, a card
move with the next move of the same card, a pass through the stock that plays nothing.
(conftest.py also tries every line that kabalsolve.solve gives any test.)
"""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import _core
from kabalsolve.cards import rank, suit
from kabalsolve.games import klondike
from kabalsolve.games.klondike import Move, Position, Rules, bridge, lines
from kabalsolve.games.klondike.hints import hint

from conftest import check_line
from removable import klondike_removals

#: the rules, each with how many of the seeded deals below it wins at least
RULES = [(Rules(draw=3), 8), (Rules(draw=1), 8), (Rules(draw=3, foundation_moves=False), 8),
         (Rules(draw=1, foundation_moves=False), 8), (Rules(draw=3, passes=3), 4),
         (Rules(draw=1, passes=1), 2), (Rules(draw=3, passes=2, foundation_moves=False), 2),
         (Rules(variant="danish"), 2), (Rules(variant="danish", passes=3), 1)]


def rules_id(r: Rules) -> str:
    return "%s draw %d%s%s" % (r.variant, r.draw, "" if r.passes is None else
                               ", %d passes" % r.passes,
                               "" if r.foundation_moves else ", no F moves")


def core_line(pos: Position, **kw):
    """The core's winning line of ``pos`` as it comes out of the search (codes), or
    None."""
    columns, found, talon, wp, rec = bridge.klondike_core_args(pos)
    status, _stop, codes, *_ = _core.klondike_solve(
        columns, found, talon, wp, rec, group=bridge.klondike_core_group(pos),
        **bridge.klondike_rule_args(pos.rules), **kw)
    return codes if status == "won" else None


def tidy(pos: Position, codes):
    columns, found, talon, wp, rec = bridge.klondike_core_args(pos)
    return _core.klondike_tidy(columns, found, talon, codes, wp, rec,
                               group=bridge.klondike_core_group(pos),
                               **bridge.klondike_rule_args(pos.rules))


def atomic(pos: Position, codes):
    return bridge.replay_klondike_codes(pos.copy(), codes, "the line")


@pytest.mark.parametrize("rules,least", RULES, ids=[rules_id(r) for r, _ in RULES])
def test_the_lines_of_seeded_deals_have_no_move_that_can_go(rules, least):
    won = 0
    for seed in range(501, 516):
        sol = kabalsolve.solve(kabalsolve.deal_from_seed(seed), draw=rules.draw,
                               foundation_moves=rules.foundation_moves,
                               passes=rules.passes, variant=rules.variant,
                               max_states=200_000)
        if sol.won:
            won += 1
            assert klondike.replay(sol.deal, rules, sol.moves).is_won()
            check_line(sol)
    assert won >= least


@pytest.mark.raw_lines
def test_the_search_leaves_round_trips_that_the_check_finds():
    """Without the shortening the same deals give lines with moves that can go (so the
    test above could fail), and the core takes every one of them out."""
    raw_found = 0
    for seed in range(10001, 10021):
        pos = Position(klondike.Deal.from_seed(seed), Rules(draw=3))
        codes = core_line(pos)
        if codes is None:
            continue
        raw_found += bool(klondike_removals(pos, atomic(pos, codes)))
        short = tidy(pos, codes)
        assert short is not None
        assert klondike_removals(pos, atomic(pos, short)) == []
    assert raw_found >= 3


def round_trip_at(pos: Position, codes):
    """The line ``codes`` with a card sent up and brought straight back down inserted
    where the first such trip is legal: (new codes, where)."""
    p = pos.copy()
    T = _core.KLONDIKE_MOVE_TYPES
    for k, code in enumerate(codes):
        for c in range(7):
            pile = p.piles[c]
            if len(pile) > p.down[c] + 1 and p.foundations[suit(pile[-1])] == rank(pile[-1]):
                up = T["T2F"] | (c << 4)
                down = T["F2T"] | (suit(pile[-1]) << 4) | (c << 9)
                return codes[:k] + [up, down] + codes[k:], k
        for m in bridge.decode_klondike_move(p, code):
            p.push(m)
    raise AssertionError("no card could go up and come back")


def test_the_core_takes_out_a_round_trip_put_into_a_line():
    pos = Position(klondike.Deal.from_seed(3), Rules(draw=1))
    codes = tidy(pos, core_line(pos))
    longer, at = round_trip_at(pos, codes)
    n = len(atomic(pos, codes[:at]))               # the atomic moves before the trip
    moves = atomic(pos, longer)
    assert klondike.replay(pos, pos.rules, moves).is_won()
    assert "moves %d and %d (%s, %s) can go" % (n + 1, n + 2, moves[n], moves[n + 1]) \
        in klondike_removals(pos, moves)
    assert tidy(pos, longer) == codes


def test_a_line_that_does_not_win_or_breaks_the_rules_is_not_tidied():
    pos = Position(klondike.Deal.from_seed(3), Rules(draw=1))
    codes = core_line(pos)
    assert tidy(pos, codes[:-3]) is None
    down = _core.KLONDIKE_MOVE_TYPES["F2T"]         # the foundations are empty at the start
    assert tidy(pos, [down] + codes) is None


def test_a_short_line_the_reference_rules_refuse_is_not_used(monkeypatch):
    """If the core's shortened line ever failed on the reference rules, the line as
    found is played instead."""
    pos = Position(klondike.Deal.from_seed(3), Rules(draw=1))
    codes = core_line(pos)
    want = atomic(pos, tidy(pos, codes))
    down = _core.KLONDIKE_MOVE_TYPES["F2T"]
    for fake in (codes[:-2], [down] + codes):      # does not win; breaks the rules
        monkeypatch.setattr(_core, "klondike_tidy", lambda *a, **k: fake)
        sol = bridge.solve_position(pos.copy())
        assert sol.won and sol.moves == atomic(pos, codes)
    monkeypatch.undo()
    assert bridge.solve_position(pos.copy()).moves == want


# -- the reference-rules shortening of lines that do not win or count their score -----
def test_a_pass_that_plays_nothing_is_found_and_left_out():
    deal = klondike.Deal.from_seed(3)
    pos = Position(deal, Rules(draw=3))
    sol = kabalsolve.solve(deal, draw=3)
    idle = [Move.draw()] * 8 + [Move.recycle()]
    longer = idle + list(sol.moves)
    assert klondike.replay(deal, pos.rules, longer).is_won()
    assert any("pass ending at move 9" in f for f in klondike_removals(pos, longer))
    assert lines.shorten(pos, longer, lambda p, _l: p.is_won()) == sol.moves


def test_a_move_that_changes_nothing_is_left_out_of_a_line_that_does_not_win():
    deal = klondike.Deal.from_seed(29)          # lost at draw 3
    sol = kabalsolve.solve(deal, draw=3, objective="max-foundation")
    assert sol.result == "lost" and sol.moves
    pos = Position(deal, Rules(draw=3))
    end = klondike.replay(deal, pos.rules, sol.moves)
    extra = next(m for m in end.legal_moves() if m.kind == "move" and m.dst != "F")
    longer = list(sol.moves) + [extra]
    assert klondike_removals(pos, longer)
    keeps = lambda p, _l: p.foundation_cards() >= sol.extra["foundation"]  # noqa: E731
    assert lines.shorten(pos, longer, keeps) == sol.moves
    check_line(sol)


@pytest.mark.parametrize("objective", ["max-foundation", "min-moves", "max-score"])
def test_the_lines_of_the_objectives_have_no_move_that_can_go(objective):
    seeds = (2, 29) if objective != "min-moves" else (2, 3)   # 29 is lost: no win to shorten
    for seed in seeds:
        sol = kabalsolve.solve(kabalsolve.deal_from_seed(seed), draw=3, objective=objective,
                               max_states=30_000)
        assert sol.moves
        check_line(sol)


def test_the_lines_of_positions_and_hints_have_no_move_that_can_go():
    rng = random.Random(5)
    checked = 0
    for seed in (21, 22, 23):
        deal = kabalsolve.deal_from_seed(seed)
        rules = Rules(draw=rng.choice([1, 3]))
        sol = kabalsolve.solve(deal, draw=rules.draw)
        if not sol.won:
            continue
        pos = klondike.replay(deal, rules, sol.moves[:len(sol.moves) // 3])
        pos._history = []
        check_line(kabalsolve.solve(pos))
        search = bridge.PositionSearch(pos)
        for m in pos.legal_moves():
            result, _stop, win = search.decide_after(m, max_states=20_000)
            if result == "won":
                child = pos.copy()
                child.push(m)
                assert klondike_removals(child, win) == []
                checked += 1
        assert hint(pos).result == "won"
    assert checked >= 5


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 64 - 1), draw=st.sampled_from([1, 3]),
       foundation_moves=st.booleans(), passes=st.sampled_from([None, 1, 2, 3]))
def test_random_deals_give_lines_with_no_move_that_can_go(seed, draw, foundation_moves,
                                                           passes):
    sol = kabalsolve.solve(klondike.Deal.from_seed(seed), draw=draw,
                           foundation_moves=foundation_moves, passes=passes,
                           max_states=20_000)
    if sol.moves:
        assert klondike.replay(sol.deal, sol.rules, sol.moves).is_won()
        check_line(sol)
