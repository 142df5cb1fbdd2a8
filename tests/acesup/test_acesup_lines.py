"""Aces Up lines without moves that rearrange lone cards for nothing
(games/acesup/lines.py, and the order of ac_gen in _acesup.pxi).

Every line is held against tests/removable.py, which shares no code with the
shortening: a lone card's move that can be left out (the piles renamed after it or
not), a card moved twice in a stretch for nothing, a stretch that fewer moves do.
(conftest.py also tries every line that kabalsolve.solve gives any test.)  A lone
card's move that a line needs stays: which pile a card lies on decides what the deals
still to come put on it, and the first test shows a position that needs one.
"""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve.games import acesup
from kabalsolve.games.acesup import Move, Position, Rules, bridge, lines

from conftest import cards, check_line
from removable import acesup_lone_moves, acesup_removals
from test_acesup import any_layout

RULES = [Rules(), Rules(strict=True), Rules(discard_first=True),
         Rules(strict=True, discard_first=True)]


def best_without_lone_moves(pos: Position) -> int:
    """The best score of ``pos`` by exhaustive search over every legal move but the moves
    of a card alone on its pile."""
    seen = {}

    def go() -> int:
        key = (tuple(tuple(p) for p in pos.piles), len(pos.stock))
        if key in seen:
            return seen[key]
        seen[key] = best = pos.score
        for m in pos.legal_moves():
            if m.kind == "move" and len(pos.piles[acesup.PILES.index(m.src)]) == 1:
                continue
            pos.push(m)
            best = max(best, go())
            pos.pop()
        seen[key] = best
        return best

    return go()


def test_a_line_may_need_a_lone_cards_move():
    """2♣ goes (A♣ is higher), and the deal to come is A♥ Q♣ A♦ 3♦.  Only with A♠ moved
    onto the emptied pile 1 first does the 3♦ land alone, go, and leave its pile to the
    A♦, which uncovers A♣ for the Q♣ and the 2♦: without a lone card's move the best is
    46.  (No game reaches this layout: Hearts are discarded with the A♥ still to deal.)"""
    pos = any_layout([cards("2C"), cards("2D"), cards("AC"), cards("AS")],
                     cards("AH QC AD 3D"),
                     [c for c in range(52) if c % 13 and c not in cards("2C 2D QC 3D")])
    assert acesup.best_score_brute_force(pos.copy()) == 48
    assert best_without_lone_moves(pos.copy()) == 46
    sol = kabalsolve.solve(pos)
    assert sol.won
    assert acesup_lone_moves(pos, sol.moves)[0] >= 1
    assert acesup_removals(pos, sol.moves, 48) == []


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_the_lines_of_seeded_deals_have_no_move_that_can_go(rules):
    for seed in range(301, 316):
        sol = kabalsolve.solve(acesup.Deal.from_seed(seed), strict=rules.strict,
                               discard_first=rules.discard_first, max_states=200_000)
        end = Position(sol.deal, rules)
        end.replay(sol.moves)
        assert end.score == sol.best
        check_line(sol)


@pytest.mark.raw_lines
def test_the_search_alone_leaves_rearrangements_that_the_check_finds(monkeypatch):
    """Without the shortening, lines of the same deals hold stretches that fewer moves
    do, and the check finds them (so the test above could fail)."""
    monkeypatch.setattr(bridge, "shorten", lambda start, moves, score: list(moves))
    found = 0
    for seed in range(301, 331):
        sol = kabalsolve.solve(acesup.Deal.from_seed(seed), max_states=200_000)
        found += bool(acesup_removals(sol.start_position(), sol.moves, sol.best))
    assert found >= 1


def example_line(name: str):
    deal = kabalsolve.read_deal("examples/%s.txt" % name)
    sol = kabalsolve.solve(deal)
    return Position(deal), list(sol.moves), sol.best


def test_a_walk_of_lone_cards_is_made_as_short_as_what_it_does():
    """Lone cards walked round the empty pile and back, before the first deal: the
    check sees the stretch, and the shortening leaves the line as it was."""
    pos, moves, best = example_line("won-acesup")
    assert moves[0].kind == "discard"       # pile 1 is empty after it, the others lone
    walk = [Move("move", "P2", "P1", pos.piles[1][0]), Move("move", "P3", "P2", pos.piles[2][0]),
            Move("move", "P1", "P3", pos.piles[1][0]), Move("move", "P2", "P1", pos.piles[2][0]),
            Move("move", "P3", "P2", pos.piles[1][0]), Move("move", "P1", "P3", pos.piles[2][0])]
    longer = moves[:1] + walk + moves[1:]
    end = pos.copy()
    end.replay(longer)
    assert end.score == best
    found = acesup_removals(pos, longer, best)
    assert any("moves 2-" in f for f in found), found
    assert lines.shorten(pos, longer, best) == moves


def test_lone_moves_after_the_last_deal_only_rename_piles():
    pos, moves, best = example_line("won-acesup")
    at = max(i for i, m in enumerate(moves) if m.kind == "deal") + 1
    p = pos.copy()
    p.replay(moves[:at])
    while not any(len(x) == 1 for x in p.piles) or all(p.piles):
        p.push(moves[at])
        at += 1
    lone = next(i for i, x in enumerate(p.piles) if len(x) == 1)
    empty = next(i for i, x in enumerate(p.piles) if not x)
    m = Move("move", acesup.PILES[lone], acesup.PILES[empty], p.piles[lone][0])
    swap = {acesup.PILES[lone]: acesup.PILES[empty], acesup.PILES[empty]: acesup.PILES[lone]}
    rest = [Move(x.kind, swap.get(x.src, x.src), swap.get(x.dst, x.dst), x.card)
            for x in moves[at:]]
    longer = moves[:at] + [m] + rest
    end = pos.copy()
    end.replay(longer)
    assert end.score == best
    assert any("alone on" in f for f in acesup_removals(pos, longer, best))
    assert lines.shorten(pos, longer, best) == moves


def test_a_short_line_that_loses_cards_is_not_used(monkeypatch):
    """Should the shortening ever give a line that breaks the rules or discards less,
    the core's line is kept."""
    pos, moves, best = example_line("won-acesup")
    monkeypatch.setattr(bridge, "shorten", lambda start, line, score: list(line))
    raw = bridge.solve_acesup_position(pos.copy()).moves
    assert len(raw) > len(moves)
    for fake in (lambda start, line, score: list(line)[:-1],
                 lambda start, line, score: list(line)[1:]):
        monkeypatch.setattr(bridge, "shorten", fake)
        sol = bridge.solve_acesup_position(pos.copy())
        assert sol.won and sol.moves == raw


def test_the_lines_of_positions_and_hints_have_no_move_that_can_go():
    pos, moves, best = example_line("lost-acesup")
    at = pos.copy()
    at.replay(moves[:10])
    check_line(kabalsolve.solve(Position.from_layout(at.piles, at.stock, at.discarded)))
    won_pos, won_moves, _ = example_line("won-acesup")
    p = won_pos.copy()
    p.replay(won_moves[:3])
    search = bridge.AcesUpSearch(p)
    wins = 0
    for m in p.legal_moves():
        result, line = search.verdict_after(m)
        if result == "won":
            child = p.copy()
            child.push(m)
            assert acesup_removals(child, line, 48) == []
            wins += 1
    assert wins >= 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 64 - 1), rules=st.sampled_from(RULES))
def test_random_deals_give_lines_with_no_move_that_can_go(seed, rules):
    sol = kabalsolve.solve(acesup.Deal.from_seed(seed), strict=rules.strict,
                           discard_first=rules.discard_first, max_states=50_000)
    end = Position(sol.deal, rules)
    end.replay(sol.moves)
    assert end.score == sol.best
    check_line(sol)
