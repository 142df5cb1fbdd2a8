"""Aces Up: the cut by reduced games (ac_reduced_lost in _acesup.pxi).

A position is cut when the same position without every card of the low ranks (as if
discarded already; their stock places become holes) cannot be won.  Here: the core's
search of positions with holes in the stock against plain exhaustive search, no
position on a winning line ever cut, and the verdicts and best scores with and without
the cut."""

import random

import pytest
from kabalsolve.games import acesup

from kabalsolve import _core
from kabalsolve.games.acesup import Position, Rules
from kabalsolve.games.acesup.bridge import decode_acesup_move

from test_acesup import agreeing_verdicts, board, core_solve, positions_along, random_position, \
    verdict_of_seed, won_line

USUAL_AND_STRICT = [Rules(), Rules(strict=True)]


def high(card):
    """Rank for discarding: the Ace above the King."""
    return 13 if card % 13 == 0 else card % 13


def without_low_cards(pos, tops):
    """pos less, in each suit s, its cards from the Two up to rank index tops[s] (0:
    none), as the core takes a reduced game: the piles closed up, holes (None) in the
    stock, those cards discarded."""
    def out(c):
        return 1 <= c % 13 <= tops[c // 13]
    piles = [[c for c in p if not out(c)] for p in pos.piles]
    stock = [None if out(c) else c for c in pos.stock]
    gone = list(pos.discarded) + [c for p in pos.piles for c in p if out(c)] + \
        [c for c in pos.stock if out(c)]
    return piles, stock, gone


def brute_best(piles, stock, gone, strict):
    """The most cards discarded that any line reaches (48: won), by trying every line:
    any discard, any allowed move to an empty pile, the deal at any time."""
    seen = {}

    def best(ps, k):
        key = (ps, k)
        if key in seen:
            return seen[key]
        seen[key] = 0
        tops = [p[-1] if p else None for p in ps]
        result = 52 - sum(len(p) for p in ps) - sum(c is not None for c in stock[4 * k:])
        for i, c in enumerate(tops):
            if c is None:
                continue
            if any(j != i and t is not None and t // 13 == c // 13 and high(t) > high(c)
                   for j, t in enumerate(tops)):
                result = max(result, best(ps[:i] + (ps[i][:-1],) + ps[i + 1:], k))
            if strict and c % 13:
                continue
            for j in range(4):
                if not ps[j] and len(ps[i]) > 0:
                    moved = list(ps)
                    moved[i] = ps[i][:-1]
                    moved[j] = (c,)
                    result = max(result, best(tuple(moved), k))
        if 4 * k < len(stock):
            dealt = tuple(ps[p] + ((stock[4 * k + p],) if stock[4 * k + p] is not None else ())
                          for p in range(4))
            result = max(result, best(dealt, k + 1))
        seen[key] = result
        return result

    assert len(gone) + sum(len(p) for p in piles) + sum(c is not None for c in stock) == 52
    return best(tuple(tuple(p) for p in piles), 0)


def small_positions(rng, rules):
    """Positions with one to three deals left: from random play (nearly all lost), and
    along the core's winning lines of seeded deals (won; so are they with cards left
    out, which only helps)."""
    for _ in range(30):
        yield random_position(rng, rules, rng.choice([4, 8, 8, 12]), play=0.6)
    for deal in range(1, 200):
        pos = Position(acesup.Deal.from_seed(deal), rules)
        codes = won_line(pos.copy(), rules)
        if codes:
            left = rng.choice([4, 8, 12])
            for at in positions_along(pos, codes):
                if len(at.stock) == left:
                    yield at.copy()
                    break


@pytest.mark.parametrize("rules", USUAL_AND_STRICT, ids=lambda r: r.describe() or "usual")
def test_positions_with_holes_against_exhaustive_search(rules):
    """Holes anywhere (each suit's lowest cards, as many as chance gives): the core,
    with and without its own reduced games, finds the best score and verdict that
    trying every line finds."""
    rng = random.Random(8 + rules.strict)
    kinds = {"won": 0, "lost": 0}
    for pos in small_positions(rng, rules):
        tops = [rng.choice([0, 2, 5, 8]) for _ in range(4)]
        piles, stock, gone = without_low_cards(pos, tops)
        truth = brute_best(piles, stock, gone, rules.strict)
        for reduce in (False, True):
            status, stop, codes, *_, best, proved = _core.acesup_solve(
                piles, stock, gone, rules.strict, reduce=reduce)
            assert stop is None and proved
            assert best == truth, (piles, stock, gone, reduce)
            assert (status == "won") == (truth == 48)
            verdict = _core.acesup_solve(piles, stock, gone, rules.strict,
                                         best_score=False, reduce=reduce)[0]
            assert verdict == status
        kinds[status] += 1
    assert kinds["won"] >= 15 and kinds["lost"] >= 20, kinds


@pytest.mark.parametrize("rules", USUAL_AND_STRICT, ids=lambda r: r.describe() or "usual")
def test_no_position_on_a_winning_line_is_cut(rules):
    """Every position along the winning lines found without the cut is still won with
    it (the cut may only remove positions that cannot win)."""
    checked = 0
    for deal in range(1, 61):
        pos = Position(acesup.Deal.from_seed(deal), rules)
        status, _, codes, *_ = core_solve(pos, best_score=False, max_states=200_000,
                                          reduce=False)
        if status != "won":
            continue
        for i, at in enumerate(positions_along(pos, codes)):
            if i % 3 == 0 and at.stock:
                verdict = core_solve(at, best_score=False, max_states=200_000)[0]
                assert verdict != "lost", (deal, i)
                checked += 1
    assert checked >= 150 if not rules.strict else checked >= 20


@pytest.mark.parametrize("strict", [False, True], ids=["usual", "strict"])
def test_verdicts_with_and_without_the_cut_agree(strict):
    assert agreeing_verdicts(range(1, 61), strict, 100_000, reduce=False) >= 45


@pytest.mark.parametrize("strict", [False, True], ids=["usual", "strict"])
def test_best_scores_with_and_without_the_cut_agree(strict):
    """The branch and bound of a best score cuts by reduced games too (a reduced game in
    which no line discards the cards needed proves that none does from the position):
    every best score proved both ways is the same, one proved one way is never below a
    line found the other way, and the lines found replay to their scores.  Under the
    strict rule, whose best scores are proved within the budget, the cut saves
    positions (on easy usual deals the reduced searches cost more than they save)."""
    proved = 0
    states = {True: 0, False: 0}
    for deal in range(1, 31):
        pos = Position(acesup.Deal.from_seed(deal), Rules(strict=strict))
        got = {}
        n_of = {}
        for reduce in (True, False):
            status, _, codes, n, *_, best, sure = core_solve(pos, max_states=300_000,
                                                             reduce=reduce)
            end = pos.copy()
            for code in codes:
                end.push(decode_acesup_move(end, code))
            assert end.score == best, (deal, reduce)
            got[reduce] = (best, sure)
            n_of[reduce] = n
        (b1, p1), (b0, p0) = got[True], got[False]
        if p1 and p0:
            assert b1 == b0, deal
            proved += 1
            states[True] += n_of[True]
            states[False] += n_of[False]
        elif p1:
            assert b1 >= b0, deal
        elif p0:
            assert b0 >= b1, deal
    assert proved >= 20, proved
    if strict:
        assert states[True] * 2 < states[False], states


@pytest.mark.parametrize("rules", USUAL_AND_STRICT, ids=lambda r: r.describe() or "usual")
def test_the_deals_reduced_keys_are_known_before_the_deal(rules):
    """The search looks the reduced games of a position's deal up before dealing
    (ac_search_bound, s.nodeal), with keys worked out from the position itself: they
    must be the keys of the position the deal makes, empty piles filled or not, low
    cards moved to an empty pile or not."""
    rng = random.Random(31 + rules.strict)
    filled = 0
    for _ in range(300):
        pos = random_position(rng, rules, rng.choice([8, 12, 16, 20, 28, 36]), play=0.9)
        for _ in range(rng.randrange(20)):          # discards and moves after the deal
            discards = [m for m in pos.legal_moves() if m.kind == "discard"]
            moves = [m for m in pos.legal_moves() if m.kind == "move"]
            if discards:
                pos.push(rng.choice(discards))
            elif moves and rng.random() < 0.3:
                pos.push(rng.choice(moves))
        b = board(pos)
        ahead = b.reduced_keys(ahead=True)
        assert len(ahead) == 2 and ahead != b.reduced_keys()
        filled += any(not p for p in pos.piles)
        b.push(0)                                   # the deal
        assert b.reduced_keys() == ahead, (pos.piles, pos.stock)
    assert filled >= 10, filled


def test_the_lines_found_with_the_cut_replay_to_a_win():
    for deal in range(1, 41):
        pos = Position(acesup.Deal.from_seed(deal), Rules())
        codes = won_line(pos.copy(), Rules())
        if codes:
            for _ in positions_along(pos, codes):
                pass


def test_the_cut_fires_on_a_hard_loss():
    """Deal 83 (usual rule) is lost; the reduced games prove it in a small fraction of
    the positions (those of the reduced searches included)."""
    on = verdict_of_seed(83, False, 0)
    off = verdict_of_seed(83, False, 0, reduce=False)
    assert on[0] == off[0] == "lost"
    assert on[3] * 4 < off[3], (on[3], off[3])


def test_a_reduced_game_is_searched_only_where_it_proves_something():
    """With discard-first a reduced game proves nothing (a deal may be illegal there),
    so the cut is off: the same positions with and without it."""
    for deal in (13, 41):
        d = acesup.Deal.from_seed(deal).deck
        a = _core.acesup_solve([[d[i]] for i in range(4)], list(d[4:]), (), False, True,
                               best_score=False, max_states=300_000)
        b = _core.acesup_solve([[d[i]] for i in range(4)], list(d[4:]), (), False, True,
                               best_score=False, max_states=300_000, reduce=False)
        assert a[0] == b[0] and a[3] == b[3]


def test_hint_verdicts_with_the_cut_agree_with_the_search_without():
    """The hint's searches (AcesUpSolver, whose table of lost keys outlives each one)
    use the reduced games too: their verdicts after each first move of deals 1-25 are
    those of the search without them."""
    compared = 0
    for deal in range(1, 26):
        d = acesup.Deal.from_seed(deal).deck
        piles, stock = [[d[i]] for i in range(4)], list(d[4:])
        solver = _core.AcesUpSolver(piles, stock)
        board = _core.AcesUpBoard(piles, stock)
        for code in board.moves(True):
            hint = solver.decide(code, max_states=300_000)[0]
            board.push(code)
            after, stock_after, gone = board.snapshot()
            plain = _core.acesup_solve(after, stock_after, gone, best_score=False,
                                       max_states=300_000, reduce=False)[0]
            board.pop()
            if "unknown" not in (hint, plain):
                assert hint == plain, (deal, code)
                compared += 1
    assert compared >= 30
