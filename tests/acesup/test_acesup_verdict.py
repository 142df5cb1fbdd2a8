"""Aces Up's verdict-only search (``bridge.verdict``, ``_core.acesup_verdict``), which
hands no line back and checks a win with the core's independent compiled replay
(_check_acesup.pxi) instead of the Python rules:

- the replay accepts exactly the lines the reference rules accept and that win, on
  the core's own wins, on those lines spoiled, and on random lines;
- the verdict agrees with ``solve_acesup_position(best_score=False)`` on seeded deals
  and on positions part-way through them, under every rule combination;
- a win whose line is spoiled is refused (a SolverError from the bridge), and a budget
  that runs out gives "unknown".
"""
import functools
import random

import pytest

from kabalsolve import _core
from kabalsolve.errors import KabalError, OptionError, SolverError
from kabalsolve.games.acesup import Deal, Position, Rules, bridge
from kabalsolve.games.acesup.bridge import decode_acesup_move, solve_acesup_position

from test_acesup import any_layout

RULES = [Rules(), Rules(strict=True), Rules(discard_first=True),
         Rules(strict=True, discard_first=True)]
NAMES = [r.describe() or "usual" for r in RULES]
#: positions each search may visit here: enough to decide most of seeds 1-300 (the
#: rest end "unknown" the same way in both searches, which run the same search), with
#: the usual rule's hard losses cut short
BUDGET = 50_000


def deal_position(seed, rules):
    return Position(Deal.from_seed(seed), rules)


def core_args(pos):
    return (pos.piles, pos.stock, pos.discarded)


def core_line(pos):
    """The core's winning line from pos (move codes), or None."""
    status, _stop, codes, *_ = _core.acesup_solve(
        *core_args(pos), strict=pos.rules.strict, discard_first=pos.rules.discard_first,
        best_score=False, max_states=BUDGET)
    return codes if status == "won" else None


def check(pos, codes):
    return _core.acesup_check_line(*core_args(pos), codes, strict=pos.rules.strict,
                                   discard_first=pos.rules.discard_first)


def python_says(pos, codes):
    """What the reference rules say of a line: -1 if it plays and wins, else the index
    of the first move they refuse (the length of the line if it ends short)."""
    p = pos.copy()
    for i, code in enumerate(codes):
        try:
            p.push(decode_acesup_move(p, code))
        except KabalError:
            return i
    return -1 if p.is_won() else len(codes)


def part_way(seed, rules, stock_left):
    """A position of seeded deal ``seed`` after random legal play (seeded too) until
    ``stock_left`` cards are left to deal: mostly discards and moves while there are
    any, so that the piles stay low and the game stays open."""
    rng = random.Random(seed * 100 + stock_left)
    pos = deal_position(seed, rules)
    while len(pos.stock) > stock_left:
        moves = pos.legal_moves()
        deals = [m for m in moves if m.kind == "deal"]
        others = [m for m in moves if m.kind != "deal"]
        pos.push(rng.choice(others) if others and (not deals or rng.random() < 0.8)
                 else deals[0])
    return Position.from_layout(pos.piles, pos.stock, pos.discarded, rules)


def spoiled(codes, rng):
    """A copy of a line with one move dropped, two swapped, a move's bits changed or
    the end cut off."""
    line = list(codes)
    i = rng.randrange(len(line))
    how = rng.randrange(4)
    if how == 0:
        del line[i]
    elif how == 1:
        j = rng.randrange(len(line))
        line[i], line[j] = line[j], line[i]
    elif how == 2:
        line[i] ^= 1 << rng.randrange(12)
    else:
        line = line[:i]
    return line


# -- the replay against the reference rules -------------------------------------------
@pytest.mark.parametrize("rules", RULES, ids=NAMES)
def test_the_check_accepts_the_cores_wins_and_refuses_them_spoiled(rules):
    rng = random.Random(7)
    won = refused = 0
    for seed in range(1, 121):
        pos = deal_position(seed, rules)
        codes = core_line(pos)
        if codes is None:
            continue
        won += 1
        assert check(pos, codes) == -1, seed
        for _ in range(5):
            line = spoiled(codes, rng)
            want = python_says(pos, line)
            assert check(pos, line) == want, (seed, line)
            refused += want >= 0
    assert won >= 10 and refused >= 40


@pytest.mark.parametrize("rules", RULES, ids=NAMES)
def test_the_check_and_the_reference_rules_agree_on_random_lines(rules):
    """Random legal play from positions part-way through deals, in a third of the
    lines with one code replaced by a random one (type 0-3, piles 0-4): the check
    refuses a line exactly where the rules do, and accepts it only if it wins."""
    rng = random.Random(11)
    refused = ends_short = 0
    for seed in range(1, 61):
        for stock_left in (48, 24, 8, 0):
            pos = part_way(seed, rules, stock_left)
            p = pos.copy()
            line = []
            for _ in range(rng.randrange(1, 40)):
                moves = p.legal_moves()
                if not moves:
                    break
                m = rng.choice(moves)
                line.append(bridge.acesup_move_code(m))
                p.push(m)
            if not line or rng.random() < 0.3:
                at = rng.randrange(len(line) + 1)
                line[at:at + 1] = [rng.randrange(4) | rng.randrange(5) << 4
                                   | rng.randrange(5) << 8]
            want = python_says(pos, line)
            assert check(pos, line) == want, (seed, stock_left, line)
            refused += 0 <= want < len(line)
            ends_short += want == len(line)
    assert refused >= 20 and ends_short >= 100


def test_the_check_refuses_a_start_that_is_not_one_deck():
    pos = deal_position(1, Rules())
    piles, stock, gone = core_args(pos)
    with pytest.raises(ValueError, match="one deck"):
        _core.acesup_check_line(piles, stock[:-4], gone, [])
    with pytest.raises(ValueError, match="one deck"):
        _core.acesup_check_line(piles, [None] * 4 + stock[4:], gone, [])
    with pytest.raises(ValueError, match="one deck"):
        _core.acesup_verdict(piles, [stock[0]] + stock[:-1], gone)
    ace = next(c for c in stock if c % 13 == 0)
    rest = [c for c in stock if c != ace]
    with pytest.raises(ValueError, match="Ace"):
        _core.acesup_check_line(piles, rest[3:], [ace] + rest[:3], [])


def test_the_check_reads_a_won_start_as_won():
    # the position at the end of a win: nothing to deal and 48 cards discarded
    pos = deal_position(3, Rules())
    codes = core_line(pos)
    assert codes is not None
    for code in codes:
        pos.push(decode_acesup_move(pos, code))
    assert pos.is_won()
    assert check(pos, []) == -1
    assert _core.acesup_verdict(*core_args(pos))[0::6] == ("won", -1)
    # every card but the Aces discarded, the Aces still to deal: won only once dealt
    # (no game reaches this layout, a King goes only with its Ace on a pile, and
    # Position.from_layout refuses it; but the check must still tell a win from 48
    # cards discarded)
    aces = [0, 13, 26, 39]
    gone = [c for c in range(52) if c not in aces]
    with pytest.raises(KabalError, match="discarded: K"):
        Position.from_layout([[], [], [], []], aces, gone)
    pos = any_layout([[], [], [], []], aces, gone)
    assert not pos.is_won()
    assert check(pos, []) == python_says(pos, []) == 0
    assert check(pos, [0]) == python_says(pos, [0]) == -1


# -- the verdict against solve --------------------------------------------------------
@pytest.mark.parametrize("rules", RULES, ids=NAMES)
def test_verdict_agrees_with_solve_on_seeded_deals(rules):
    seen = {"won": 0, "lost": 0, "unknown": 0}
    for seed in range(1, 301):
        pos = deal_position(seed, rules)
        result = bridge.verdict(pos, max_states=BUDGET)
        assert result == solve_acesup_position(pos, best_score=False,
                                               max_states=BUDGET).result, seed
        seen[result] += 1
    assert seen["won"] >= 15 and seen["lost"] >= 70
    assert seen["won"] + seen["lost"] >= 200


@pytest.mark.parametrize("rules", RULES, ids=NAMES)
def test_verdict_agrees_with_solve_part_way_through(rules):
    seen = {"won": 0, "lost": 0, "unknown": 0}
    for seed in range(1, 51):
        for stock_left in (40, 28, 16, 4):
            pos = part_way(seed, rules, stock_left)
            result = bridge.verdict(pos, max_states=BUDGET)
            assert result == solve_acesup_position(pos, best_score=False,
                                                   max_states=BUDGET).result, (
                seed, stock_left)
            seen[result] += 1
    assert seen["won"] >= 5 and seen["lost"] >= 50


def test_verdict_counts_what_solve_counts():
    """The same search: the same positions and moves, on a win and on a loss."""
    for seed, result in ((3, "won"), (1, "lost")):
        pos = deal_position(seed, Rules())
        v = _core.acesup_verdict(*core_args(pos))
        s = _core.acesup_solve(*core_args(pos), best_score=False)
        assert (v[0], v[2], v[3]) == (s[0], s[3], s[4]) and v[0] == result


# -- a spoiled win, a budget ------------------------------------------------------------
def test_a_spoiled_win_is_refused_where_the_rules_refuse_it():
    """The line the verdict found, with one move's code changed before the check: the
    check refuses it at the move the reference rules refuse (the verdict's line is
    acesup_solve's, the same search)."""
    rng = random.Random(5)
    refused = 0
    for seed in range(1, 61):
        pos = deal_position(seed, Rules())
        codes = core_line(pos)
        if codes is None:
            continue
        for _ in range(3):
            at = rng.randrange(len(codes))
            xor = rng.randrange(1, 1 << 12)
            line = list(codes)
            line[at] ^= xor
            want = python_says(pos, line)
            got = _core.acesup_verdict(*core_args(pos), max_states=BUDGET, spoil_at=at,
                                       spoil_xor=xor)
            assert got[0] == "won" and got[6] == want, (seed, at, xor)
            refused += want >= 0
    assert refused >= 30


def test_the_bridge_raises_on_a_refused_win(monkeypatch):
    pos = deal_position(3, Rules())
    assert bridge.verdict(pos) == "won"
    # xor'ed with 15, a code of type 0, 1 or 2 becomes one of type 15, 14 or 13: no move
    monkeypatch.setattr(_core, "acesup_verdict",
                        functools.partial(_core.acesup_verdict, spoil_at=4, spoil_xor=15))
    with pytest.raises(SolverError, match="independent check at move 5"):
        bridge.verdict(pos)


def test_a_budget_that_runs_out_gives_unknown():
    """Losses and a win that need more positions than the budget, or more time: never
    "lost" (nor "won") then."""
    for seed in (12, 13, 14):      # lost, each proved in 0.5 M positions or more
        pos = deal_position(seed, Rules())
        assert bridge.verdict(pos, max_states=1_000) == "unknown"
        assert _core.acesup_verdict(*core_args(pos), max_states=1_000)[1] == "max_states"
    pos = deal_position(10, Rules())            # won in about 700 positions
    assert bridge.verdict(pos) == "won"
    assert bridge.verdict(pos, max_states=100) == "unknown"
    pos = deal_position(12, Rules())            # lost, in about 8 M positions
    assert bridge.verdict(pos, timeout=0.01) == "unknown"
    assert _core.acesup_verdict(*core_args(pos), timeout=0.01)[1] == "timeout"


def test_the_verdict_refuses_bad_budgets():
    pos = deal_position(1, Rules())
    with pytest.raises(OptionError):
        bridge.verdict(pos, max_states=0)
    with pytest.raises(OptionError):
        bridge.verdict(pos, timeout=-1.0)


@pytest.mark.parametrize("rules", RULES, ids=NAMES)
def test_is_winnable_takes_the_verdict_and_agrees_with_solve(rules, monkeypatch):
    import kabalsolve
    calls = []
    real = bridge.verdict
    monkeypatch.setattr(bridge, "verdict", lambda *a, **k: calls.append(1) or real(*a, **k))
    opts = dict(strict=rules.strict, discard_first=rules.discard_first)
    for seed in range(1, 41):
        deal = Deal.from_seed(seed)
        sol = kabalsolve.solve(deal, best_score=False, max_states=BUDGET, **opts)
        want = {"won": True, "lost": False}.get(sol.result)
        assert kabalsolve.is_winnable(deal, max_states=BUDGET, **opts) is want
        assert kabalsolve.is_winnable(Position(deal, rules), max_states=BUDGET) is want
    assert len(calls) == 80                     # every call took the verdict
    with pytest.raises(OptionError):
        kabalsolve.is_winnable(Position(Deal.from_seed(1), rules), strict=True)
    deal = Deal.from_seed(10)                   # won in about 700 positions
    assert kabalsolve.is_winnable(deal, max_states=100, **opts) is None

