"""The core's independent check of a Klondike line (_check_klondike.pxi), on which the
verdict-only calls (``is_winnable``) rest: it must accept exactly the lines the Python
rules accept and that win, and ``is_winnable`` must agree with ``solve``."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import _core
from kabalsolve.errors import KabalError
from kabalsolve.games.klondike import Position, Rules, bridge

RULES = [Rules(draw=3), Rules(draw=1), Rules(draw=3, passes=3), Rules(draw=1, passes=1),
         Rules(draw=3, foundation_moves=False), Rules(draw=2, passes=2)]


def core_line(pos):
    """(core arguments, rule arguments, the core's line) of a won position, or None."""
    args = bridge.klondike_core_args(pos)
    rk = bridge.klondike_rule_args(pos.rules)
    rk.pop("danish")
    status, _stop, codes, *_ = _core.klondike_solve(*args, **rk, max_states=100_000)
    return (args, rk, codes) if status == "won" else None


def check(args, rk, codes):
    cols, found, talon, wp, rec = args
    return _core.klondike_check_line(cols, found, talon, codes, wp, rec, **rk)


def python_says(pos, codes):
    """What the Python rules say of a line: -1 if it plays and wins, else the index of
    the first move they refuse (the length of the line if it ends short)."""
    p = pos.copy()
    for i, code in enumerate(codes):
        try:
            bridge.replay_klondike_codes(p, [code], "a line")
        except (KabalError, IndexError):
            return i
    return -1 if p.is_won() else len(codes)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_check_accepts_the_cores_wins(rules):
    won = 0
    for seed in range(1, 26):
        pos = Position(kabalsolve.deal_from_seed(seed), rules)
        found = core_line(pos)
        if found is None:
            continue
        won += 1
        assert check(*found) == -1
    assert won >= 5


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10_000), st.sampled_from(RULES), st.integers(0, 2**32 - 1))
def test_the_check_and_the_python_rules_agree_on_spoiled_lines(seed, rules, salt):
    """A won line with one move dropped, two moves swapped, a move changed or the end
    cut off: the check refuses it exactly where the Python rules do (or both accept it,
    when the change still wins)."""
    pos = Position(kabalsolve.deal_from_seed(seed), rules)
    found = core_line(pos)
    if found is None:
        return
    args, rk, codes = found
    rng = random.Random(salt)
    line = list(codes)
    how = rng.randrange(4)
    i = rng.randrange(len(line))
    if how == 0:
        del line[i]
    elif how == 1 and len(line) > 1:
        j = rng.randrange(len(line))
        line[i], line[j] = line[j], line[i]
    elif how == 2:
        line[i] ^= 1 << rng.randrange(19)
    else:
        line = line[:i]
    if any((code & 15) > 5 for code in line):
        return      # not a code of the win search (6 is max-score's own recycle)
    assert check(args, rk, line) == python_says(pos, line)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_is_winnable_agrees_with_solve(rules):
    for seed in range(1, 12):       # (12 is a hard loss: seconds a search)
        deal = kabalsolve.deal_from_seed(seed)
        kw = dict(draw=rules.draw, passes=rules.passes,
                  foundation_moves=rules.foundation_moves)
        sol = kabalsolve.solve(deal, **kw)
        assert kabalsolve.is_winnable(deal, **kw) == {"won": True, "lost": False}[sol.result]
        pos = Position(deal, rules)
        assert kabalsolve.is_winnable(pos) == (sol.result == "won")


def test_is_winnable_keeps_budgets_and_refuses_what_solve_refuses():
    deal = kabalsolve.deal_from_seed(12)          # lost: the whole tree is searched
    assert kabalsolve.is_winnable(deal, max_states=50) is None
    with pytest.raises(kabalsolve.OptionError):
        kabalsolve.is_winnable(deal, strict=True)
    with pytest.raises(kabalsolve.OptionError):
        kabalsolve.is_winnable(Position(deal), draw=1)
    with pytest.raises(kabalsolve.OptionError):
        kabalsolve.is_winnable(deal, max_states=0)


def test_is_winnable_short_way_keeps_each_rule_set_apart():
    # after a first call with a Deal, the rules' core keywords are kept by the rule
    # arguments as given (api._VERDICT_KEYWORDS) and later calls go straight to the core
    from kabalsolve import api
    deal = kabalsolve.deal_from_seed(1)
    sets = [dict(draw=1), dict(draw=3), dict(), dict(draw=1, passes=1),
            dict(draw=1, foundation_moves=False), dict(draw=3, passes=1)]
    for kw in sets:
        want = {"won": True, "lost": False}[kabalsolve.solve(deal, **kw).result]
        assert kabalsolve.is_winnable(deal, **kw) is want
        key = api._verdict_key(kw.get("draw"), kw.get("foundation_moves"), kw.get("passes"))
        assert key in api._VERDICT_KEYWORDS
        assert kabalsolve.is_winnable(deal, **kw) is want
    assert kabalsolve.is_winnable(deal, draw=3) is True      # won, and lost in one pass
    assert kabalsolve.is_winnable(deal, draw=3, passes=1) is False
    # the budgets are still checked and kept on the short way
    with pytest.raises(kabalsolve.OptionError):
        kabalsolve.is_winnable(deal, draw=3, max_states=0)
    with pytest.raises(kabalsolve.OptionError):
        kabalsolve.is_winnable(deal, draw=3, timeout=-1)
    assert kabalsolve.is_winnable(kabalsolve.deal_from_seed(12), draw=3, max_states=50) is None


def test_the_checks_start_must_be_one_deck():
    deal = kabalsolve.deal_from_seed(1)
    cols = [(list(p[:-1]), list(p[-1:])) for p in deal.tableau]
    rk = bridge.verdict_keywords(Rules())
    assert _core.klondike_verdict(cols, [0] * 4, list(deal.stock), **rk)[0] == "won"
    twice = [list(c) for c in cols]
    twice[6] = (cols[6][0], [cols[5][1][0]])              # a card twice, one missing
    with pytest.raises(ValueError):
        _core.klondike_verdict(twice, [0] * 4, list(deal.stock), **rk)
    with pytest.raises(ValueError):                       # not a card
        _core.klondike_verdict(cols, [0] * 4, list(deal.stock[:-1]) + [52], **rk)
    with pytest.raises(ValueError):                       # more than a column holds
        _core.klondike_verdict(cols[:6] + [([0] * 20, [1] * 6)], [0] * 4,
                               list(deal.stock), **rk)
