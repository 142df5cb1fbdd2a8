"""Aces Up: the core's "Aces stuck" cut (ac_aces_stuck in _acesup.pxi), which ends a
win search wherever the Aces on the piles cannot all get clear of the cards under them.

It is checked against plain exhaustive search on the reference rules: wherever it
fires, no line wins; and the verdicts of searches that use it agree with exhaustive
search on positions where it fires somewhere below the root.
"""
import random

import pytest

from kabalsolve import _core
from kabalsolve.cards import parse_card
from kabalsolve.games.acesup import Deal, Position, best_score_brute_force
from kabalsolve.seeds import shuffled_deck
from kabalsolve.games.acesup.bridge import decode_acesup_move

from test_acesup import RULES, any_layout, board, play_to, positions_along, won_line


def aces_first_position(rng, rules, stock_left, play):
    """Random play from a deal whose four Aces come in the first deals (so that they
    are on the piles, with cards under them, while the stock is still small)."""
    deck = list(shuffled_deck(rng.randrange(2**64)))
    aces = [c for c in deck if c % 13 == 0]
    rest = [c for c in deck if c % 13 != 0]
    head = rest[:rng.randrange(0, 9)] + aces
    rng.shuffle(head)
    return play_to(Position(Deal(tuple(head + rest[len(head) - 4:])), rules), rng,
                   stock_left, play)


def test_a_known_stuck_layout():
    """Two Aces on a Nine of Spades that the Three of Spades over the Ace of Spades
    needs; only the clubs pile can be cleared, and the first Ace moved onto it leaves
    an Ace on every pile: stuck, under both rules (the core proves a best score of 40,
    not 48)."""
    piles = [["8S", "TS", "2S", "AS", "3S"], ["8H", "9C", "QC", "JC", "8C"],
             ["KH", "8D", "6D", "9S", "AD", "AC"], ["5C", "9H", "4H", "AH", "7H", "2D"]]
    stock = ["KD", "KC", "4D", "QD"]
    piles = [[parse_card(c) for c in p] for p in piles]
    stock = [parse_card(c) for c in stock]
    left = {c for p in piles for c in p} | set(stock)
    gone = [c for c in range(52) if c % 13 and c not in left]
    for strict in (False, True):
        b = _core.AcesUpBoard(piles, stock, gone, strict=strict)
        assert b.aces_stuck()
        assert b.bound() == 48                 # the analysis alone does not see it
        status, stop, codes, states, *_ , best, proved = _core.acesup_solve(
            piles, stock, gone, strict=strict)
        assert status == "lost" and proved and best == 40


@pytest.mark.parametrize("piles, won", [
    # three piles with Aces, and the Ace of Diamonds must move off the Five of Hearts
    # while the Ace of Spades stays: that move, made last, fills the fourth pile: won
    ([["AS", "5H", "AD"], ["AH"], ["AC"], []], True),
    # the same, but the Ace of Spades must move too (off the Five of Spades), and only
    # after the Ace of Diamonds has: once that has moved every pile holds an Ace: lost
    ([["5S", "AS", "5H", "AD"], ["AH"], ["AC"], []], False),
    # two Aces stacked on nothing else need not move at all
    ([["AS", "AD"], ["AH", "5H"], ["AC"], ["6C"]], True),
])
def test_layouts_at_the_limit(piles, won):
    """Small layouts where the count is exactly at its limit (c0 + I = 4), each checked
    by exhaustive search as well."""
    cards = [[parse_card(c) for c in p] for p in piles]
    left = {c for p in cards for c in p}
    gone = [c for c in range(52) if c % 13 and c not in left]
    b = _core.AcesUpBoard(cards, [], gone)
    assert b.aces_stuck() == (not won)
    assert (_core.acesup_solve(cards, [], gone, best_score=False)[0] == "won") == won
    assert (best_score_brute_force(Position.from_layout(cards, [], gone)) == 48) == won


def test_stuck_positions_are_never_won():
    """Wherever the cut fires, exhaustive search finds no win, under every rule set;
    and the cut does fire often on such positions."""
    rng = random.Random(31)
    fired = 0
    for i in range(700):
        rules = RULES[i % 4]
        pos = aces_first_position(rng, rules, rng.choice([0, 4, 8, 12]),
                                  rng.choice([0.3, 0.5, 0.7]))
        if board(pos).aces_stuck():
            fired += 1
            assert best_score_brute_force(pos) < 48, (pos.piles, pos.stock, rules)
    assert fired >= 60


def test_verdicts_with_the_cut_equal_exhaustive_search():
    """Win searches from positions with the Aces out early (where the cut fires inside
    the search) give the verdict of exhaustive search."""
    rng = random.Random(8)
    for i in range(120):
        rules = RULES[i % 4]
        pos = aces_first_position(rng, rules, rng.choice([4, 8, 12]), 0.6)
        truth = best_score_brute_force(pos) == 48
        status = _core.acesup_solve(pos.piles, pos.stock, pos.discarded,
                                    strict=rules.strict, discard_first=rules.discard_first,
                                    best_score=False)[0]
        assert status == ("won" if truth else "lost"), (pos.piles, pos.stock, rules)


def test_never_fires_along_winning_lines():
    """Every position along a winning line (found by the core, replayed on the reference
    rules) is won, so the cut must never fire there.  Deals with the Aces early give
    many positions with Aces over other cards and piles about to run out, where an
    over-eager count would fire."""
    rng = random.Random(4)
    checked = won = 0
    for attempt in range(200):
        rules = RULES[attempt % 2]
        deck = list(shuffled_deck(rng.randrange(2**64)))
        aces = [c for c in deck if c % 13 == 0]
        rest = [c for c in deck if c % 13 != 0]
        cut = rng.randrange(0, 12)
        head = rest[:cut] + aces
        rng.shuffle(head)
        pos = Position(Deal(tuple(head + rest[cut:])), rules)
        codes = won_line(pos, rules)
        if codes is None:
            continue
        won += 1
        for p in positions_along(pos, codes):
            assert not board(p).aces_stuck(), (p.piles, p.stock, rules)
            checked += 1
    assert won >= 45 and checked >= 3500, (won, checked)


# -- the count with the Aces still in the stock (ac_aces_stuck(s, 1), via ac_bound) ----
def two_aces_late(rng, deck, cut):
    """deck rearranged: cut of its other cards and two of its Aces first, shuffled, then
    the rest with the other two Aces, shuffled."""
    aces = [c for c in deck if c % 13 == 0]
    rest = [c for c in deck if c % 13 != 0]
    early = rest[:cut] + aces[:2]
    late = rest[cut:] + aces[2:]
    rng.shuffle(early)
    rng.shuffle(late)
    return Deal(tuple(early + late))


def late_aces_position(rng, rules, stock_left, play):
    """Random play from a deal with two Aces among the first cards and two among the
    last stock_left, so that Aces still to come land on piles that hold Aces."""
    deck = list(shuffled_deck(rng.randrange(2**64)))
    deal = two_aces_late(rng, deck, 48 - stock_left)
    return play_to(Position(deal, rules), rng, stock_left, play)


@pytest.mark.parametrize("pile1, pile4, stock, won", [
    (["5S", "AS"], ["KD", "9H"], ["AD", "2C", "3C", "4C"], False),
    (["AS"], ["KD", "9H"], ["AD", "2C", "3C", "4C"], True),
    (["5S", "AS"], ["9H"], ["AD", "2C", "3C", "4C"], True),
    (["AS", "5S"], ["9D"], ["AD", "6S", "3D", "4D"], True),
])
def test_an_ace_to_come_counted(pile1, pile4, stock, won):
    """(The last two layouts cannot arise in a game, a Diamond discarded with no higher
    Diamond out of the stock, but the count and the brute force are defined on any
    layout: ``any_layout``.)  The Ace of Diamonds, still in the stock, lands on pile 1.  With the Five of Spades
    under the Ace of Spades there and the King of Diamonds keeping pile 4 from emptying
    before that deal, the Ace of Spades cannot move away first: both Aces must then move
    off pile 1, and the first move fills the last pile: lost (best 47), which only the
    count with the stock sees.  Without the Five neither Ace needs to move; without the
    King pile 4 empties at once, the Ace of Spades moves there and the Five goes beside
    it before the deal: both won.  With the Five above the Ace of Spades, the Ace of
    Diamonds lands on the Five and must move, but the Ace of Spades need not: that move
    may come last, and it does (the Five goes beside the Six of Spades dealt on pile 2,
    then the Six beside the Ace of Spades): won."""
    piles = [pile1, ["AH"], ["AC"], pile4]
    cards = [[parse_card(c) for c in p] for p in piles]
    stock = [parse_card(c) for c in stock]
    left = {c for p in cards for c in p} | set(stock)
    gone = [c for c in range(52) if c % 13 and c not in left]
    for strict in (False, True):
        b = _core.AcesUpBoard(cards, stock, gone, strict=strict)
        assert not b.aces_stuck()
        assert b.aces_stuck(ahead=True) == (not won)
        assert b.bound() == 48
        best = best_score_brute_force(any_layout(cards, stock, gone,
                                                 RULES[1 if strict else 0]))
        assert best == (48 if won else 47)
        status, *_, core_best, proved = _core.acesup_solve(cards, stock, gone,
                                                           strict=strict)
        assert status == ("won" if won else "lost") and core_best == best and proved


def test_stuck_ahead_positions_are_never_won():
    """Wherever the count with the stock fires, exhaustive search finds no win (both
    empty-pile rules; discard-first too), and it fires often where the count without
    the stock does not."""
    rng = random.Random(5)
    fired = only_ahead = 0
    for i in range(300):
        rules = RULES[i % 4]
        pos = late_aces_position(rng, rules, rng.choice([4, 8, 12]),
                                 rng.choice([0.3, 0.5, 0.7]))
        b = board(pos)
        plain, ahead = b.aces_stuck(), b.aces_stuck(ahead=True)
        assert ahead or not plain
        if ahead:
            fired += 1
            only_ahead += not plain
            assert best_score_brute_force(pos) < 48, (pos.piles, pos.stock, rules)
    assert fired >= 100 and only_ahead >= 100, (fired, only_ahead)


def test_stuck_ahead_never_fires_along_winning_lines():
    """Along winning lines of deals with Aces early and late (found by the core, replayed
    on the reference rules), the count with the stock never fires."""
    rng = random.Random(12)
    checked = won = 0
    for attempt in range(300):
        rules = RULES[attempt % 2]
        deck = list(shuffled_deck(rng.randrange(2**64)))
        pos = Position(two_aces_late(rng, deck, rng.randrange(8, 40)), rules)
        codes = won_line(pos, rules)
        if codes is None:
            continue
        won += 1
        for p in positions_along(pos, codes):
            assert not board(p).aces_stuck(ahead=True), (p.piles, p.stock, rules)
            checked += 1
    assert won >= 30 and checked >= 2000, (won, checked)


def test_verdicts_with_the_count_ahead_equal_exhaustive_search():
    """Win searches from positions with Aces still to come give the verdict of exhaustive
    search.  The positions lie one random move off winning lines (found by the core and
    replayed on the reference rules) of deals with two Aces early and two late, once at
    most 12 cards are left to deal, sometimes dealt on from there: a mix of won and lost
    positions whose searches pass the count with the stock after each deal."""
    rng = random.Random(23)
    won = lost = 0
    for attempt in range(400):
        rules = RULES[attempt % 4]
        deck = list(shuffled_deck(rng.randrange(2**64)))
        deal = two_aces_late(rng, deck, rng.randrange(8, 36))
        pos = Position(deal, rules)
        codes = won_line(pos, rules)
        if codes is None:
            continue
        stops = []        # moves before which at most 12 cards, an Ace among them, are left
        for i, p in enumerate(positions_along(pos, codes)):
            if len(p.stock) <= 12 and any(c % 13 == 0 for c in p.stock):
                stops.append(i)
        if not stops:
            continue
        pos = Position(deal, rules)
        for code in codes[:rng.choice(stops)]:
            pos.push(decode_acesup_move(pos, code))
        pos.push(rng.choice(pos.legal_moves()))
        while pos.stock and rng.random() < 0.5:      # on to just after a later deal
            deals = [m for m in pos.legal_moves() if m.kind == "deal"]
            if not deals:
                break
            pos.push(deals[0])
        truth = best_score_brute_force(pos) == 48
        won += truth
        lost += not truth
        status = _core.acesup_solve(pos.piles, pos.stock, pos.discarded,
                                    strict=rules.strict, discard_first=rules.discard_first,
                                    best_score=False)[0]
        assert status == ("won" if truth else "lost"), (pos.piles, pos.stock, rules)
    assert won >= 20 and lost >= 20, (won, lost)


def test_bound_going_on_from_the_early_stop_equals_fresh_analyses():
    """Where the count with the stock fires on the masks of the analysis' early stop,
    ac_bound lets the analysis go on from there to its fixed points; the value, s.b0fail
    (must-move mode) and the masks it leaves equal those of the same counts made on
    fresh analyses from empty masks (ac_bound_restart), with and without the two phases,
    on positions where the count fires and where it does not."""
    rng = random.Random(31)
    fired = kept = 0
    for i in range(400):
        rules = RULES[i % 4]
        make = late_aces_position if i % 3 else aces_first_position
        pos = make(rng, rules, rng.choice([4, 8, 12, 16, 24]), rng.choice([0.3, 0.5, 0.7]))
        b = board(pos)
        for twophase in (True, False):
            got = b.win_bound(twophase=twophase)
            want = b.win_bound(twophase=twophase, restart=True)
            assert got == want, (pos.piles, pos.stock, rules, twophase)
        if not b.aces_stuck():
            if b.aces_stuck(ahead=True):
                fired += 1
            elif got[0] == 48:
                kept += 1
    assert fired >= 100 and kept >= 25, (fired, kept)
