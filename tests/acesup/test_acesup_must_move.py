"""Aces Up: the search's must-move mode (ac_search_bound in _acesup.pxi).

Where only a win is wanted, the analysis of a fresh position runs in two phases: the
first over the lines that make no move before the next deal, the second over every
line.  When the first proves those lines lose and the second does not rule the others
out, the position is searched with no deal until a move has been made.  Checked here:

- the first phase bounds every line without a move before the deal, and where it says
  no pile can be emptied before the deal, no move is possible before it (exhaustive
  search on the reference rules);
- where the mode is set, no line without a move before the deal wins, and the
  positions that are won anyway are won by the core's search;
- the mode follows make and unmake: discards keep it, a move or a deal ends it;
- end to end, verdicts are the same with the mode and without it, and it saves
  positions on a hard loss.
"""
import random

import pytest

from kabalsolve.games.acesup import best_score_brute_force

from test_acesup import (RULES, agreeing_verdicts, answers_with_and_without, board,
                         positions_along, random_position, verdict_of_seed, won_line)

DEAL, DISCARD, MOVE = 0, 1, 2


def best_without_a_move_first(pos):
    """The best score of the lines from pos that make no move before the next deal
    (exhaustive: discards in every order, then the deal and anything after it)."""
    seen = set()
    best = pos.score

    def go():
        nonlocal best
        k = tuple(tuple(p) for p in pos.piles)
        if k in seen:
            return
        seen.add(k)
        best = max(best, pos.score)
        for m in pos.legal_moves():
            if m.kind == "move":
                continue
            pos.push(m)
            if m.kind == "deal":
                best = max(best, best_score_brute_force(pos))
            else:
                go()
            pos.pop()

    go()
    return best


def move_before_the_deal(pos):
    """True if some position reached from pos by discards alone allows a move."""
    seen = set()

    def go():
        k = tuple(tuple(p) for p in pos.piles)
        if k in seen:
            return False
        seen.add(k)
        for m in pos.legal_moves():
            if m.kind == "move":
                return True
            if m.kind == "discard":
                pos.push(m)
                found = go()
                pos.pop()
                if found:
                    return True
        return False

    return go()


def small_positions(rules, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        yield random_position(rng, rules, rng.choice([4, 8]), play=0.9)


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_the_first_phase_covers_the_lines_without_a_move_first(rules):
    checked = closed = 0
    for pos in small_positions(rules, 150, 31 + 2 * rules.strict + rules.discard_first):
        bound, may_empty = board(pos).first_phase_bound()
        assert bound >= best_without_a_move_first(pos.copy()), (pos.piles, pos.stock)
        checked += 1
        if not may_empty:
            assert not move_before_the_deal(pos.copy()), (pos.piles, pos.stock)
            closed += 1
    assert checked == 150 and closed >= 50, closed


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_must_move_leaves_out_only_lines_that_lose(rules):
    """Where the mode is set, every winning line moves before the deal; some such
    positions are won all the same (seldom under the strict rule, where only Aces
    move), and the core's search wins them."""
    fired = won = 0
    for pos in small_positions(rules, 1500, 97 + 2 * rules.strict + rules.discard_first):
        bound, must = board(pos).search_bound(48)
        if not must:
            continue
        fired += 1
        assert bound == 48
        assert best_without_a_move_first(pos.copy()) < 48, (pos.piles, pos.stock)
        if best_score_brute_force(pos.copy()) == 48:
            won += 1
            codes = won_line(pos, rules)
            assert codes is not None
            assert sum(1 for _ in positions_along(pos.copy(), codes)) == len(codes)
    assert fired >= 10, fired
    assert won >= (0 if rules.strict else 3), won


def must_move_position(rng):
    """A usual-rule position with stock left in which the search sets must-move, and
    the board that holds it (after search_bound)."""
    for _ in range(5000):
        pos = random_position(rng, RULES[0], rng.choice([8, 12, 16]), play=0.9)
        b = board(pos)
        if b.search_bound(48)[1]:
            return pos, b
    raise AssertionError("no must-move position found")


def has_deal(moves):
    return any(m & 15 == DEAL for m in moves)


def test_the_mode_follows_make_and_unmake():
    """From positions where the search sets the mode, every line of discards keeps
    it (no deal offered, though the full list has it), a move ends it, and unmake
    brings it back."""
    rng = random.Random(5)
    counts = {DISCARD: 0, MOVE: 0}

    def walk(b):
        assert b.search_bound(48)[1] and not has_deal(b.moves(False))
        for m in b.moves(True):
            kind = m & 15
            if kind == DEAL:
                continue
            b.push(m)
            counts[kind] += 1
            if kind == DISCARD:
                walk(b)
            else:
                assert not b.search_bound(48)[1], "a move ends the mode"
            b.pop()
            assert not has_deal(b.moves(False)), "unmake brings the mode back"

    for _ in range(30):
        pos, b = must_move_position(rng)
        assert has_deal(b.moves(True))          # the full list is every legal move
        walk(b)
        b.push([m for m in b.moves(True) if m & 15 == DEAL][0])
        b.pop()
        assert not has_deal(b.moves(False))
    assert counts[DISCARD] >= 30 and counts[MOVE] >= 5, counts


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_answers_are_the_same_with_and_without_the_mode(rules):
    rng = random.Random(777 + 2 * rules.strict + rules.discard_first)
    compared = 0
    for _ in range(40):
        pos = random_position(rng, rules, rng.choice([8, 12, 16, 20, 24, 28]), play=0.75)
        compared += answers_with_and_without(pos, 300000, must_move=False) is not None
    assert compared >= 30


@pytest.mark.parametrize("strict", [False, True], ids=["usual", "strict"])
def test_verdicts_of_whole_deals_agree(strict):
    assert agreeing_verdicts(range(41, 91), strict, 100000, must_move=False) >= 35


def test_the_mode_saves_positions_on_a_hard_loss():
    """Deal 83, usual rule: 0.88 million positions to prove lost without the mode,
    0.66 million with it (both without the reduced games, which prove it in far
    fewer)."""
    on = verdict_of_seed(83, False, 2000000, reduce=False)
    off = verdict_of_seed(83, False, 2000000, must_move=False, reduce=False)
    assert on[0] == off[0] == "lost"
    assert on[3] < 0.85 * off[3], (on[3], off[3])
