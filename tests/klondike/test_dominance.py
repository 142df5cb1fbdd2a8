"""Tests that catch a wrong pruning rule in the core's search.

The search forces "safe" foundation moves (kl_is_safe), moves part of a built run only
as SWAPF, restricts column-emptying moves, and brings cards down from the foundations
(and, at draw 1, out of the talon) only when something can follow (kl_gen's comments).
A rule that loses a win turns a won position into "lost", so every position here is
decided twice: by the core, and by ``brute_force`` in conftest, an exhaustive search
over the atomic moves of the pure-Python rules with no pruning at all.  Positions are
endgames (most cards already on the foundations) so the brute force stays small.

Hand-built positions show each rule's edge: a looser rule (named in ``witnesses``) makes
the brute force lose, while the position is won.  Positions found by random search
(and the ones that caught a real bug, see REGRESSIONS) are kept as data; hypothesis
then draws fresh random endgames on every run.

Checked by mutation (the core rebuilt with one rule broken, this file together with
test_solve.py and test_core_vs_reference.py run against it): F2T chains cut short,
the twin condition dropped, safe talon cards forced at any draw, the draw-1 talon
pruning at any draw, SWAPF removed, followers only from column bases, no column ever
emptied, the key's bottom-card flags or its waste-split merge broken, the safe last
talon card (pruning 1c) forced up at any waste size: each fails tests.
The F2T thresholds of kl_is_safe loosened to the no-F2T ones survive everything, and a
search of some 5,500 won endgames found no position where that looser rule loses: it
may well be sound (the proof without F2T seems to carry over).
"""
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from kabalsolve.games.klondike import bridge
from kabalsolve.cards import rank, suit
from kabalsolve.games.klondike import PILES, Rules

from conftest import (BruteForceLimit, always_to_foundation, brute_force, core_solve, core_verdict,
                      dump_position, forced_safe_moves, forced_safe_talon_always,
                      no_partial_runs, parse_position, position_text, random_endgame,
                      replay_core_codes, safe_to_foundation)


# -- looser rules, as move filters for the brute force -----------------------------------
def loose_rule(opp, twin):
    """Force a playable tableau card up when both other-colour foundations stand at
    r - opp or more and the twin suit's at r - twin or more (r: 1-based rank)."""
    def flt(pos, moves):
        for m in moves:
            if m.kind == "move" and m.src in PILES and m.dst == "F":
                r = rank(m.card) + 1
                su = suit(m.card)
                o1, o2 = (1, 2) if su in (0, 3) else (0, 3)
                f = pos.foundations
                if f[o1] >= r - opp and f[o2] >= r - opp and f[3 - su] >= r - twin:
                    return [m]
        return moves
    return flt


FILTERS = {
    "always": always_to_foundation,                  # every playable card goes up
    "nof2t-off-by-one": loose_rule(3, 3),            # the no-F2T rule one rank looser
    "no-twin": loose_rule(2, 13),                    # the no-F2T rule without the twin
    "talon-always": forced_safe_talon_always,        # safe talon cards forced at draw 3
    "no-partial-runs": no_partial_runs,              # runs move whole, never split
    "f2t-off": lambda pos, ms: [m for m in ms if m.src != "F"],  # no card comes back
}


def check_core(pos, want_won):
    status, stop, codes, states, made, tbytes, secs = core_solve(pos)
    assert stop is None
    assert status == ("won" if want_won else "lost"), position_text(pos)
    if want_won:
        assert replay_core_codes(pos, codes).is_won()
    else:
        assert codes == []


# -- hand-built positions ----------------------------------------------------------------
# name -> (position, rules, won?, filters under which the brute force must lose)
HAND = {
    # (i) a card must come back from a foundation: JH must leave TH, and the only black
    # Queen it can go on is QS, on its foundation; QS comes down onto KD.
    "f2t-needed": ("""
        F: 12 9 12 11
        T1: QC TH | JH
        T2: KD
        S: KS QH KH KC
        """, Rules(draw=1), True, ["always"]),
    # (i) a chain down: 9H must leave 8H for a black Ten, both of which are up; TS can
    # come down only onto a red Jack, and JD (up too) only onto QC: JD, then TS, down.
    "f2t-chain": ("""
        F: 10 7 11 11
        T1: JH 8H | 9H
        T2: KD QC
        T3: KC
        T4: KS
        S: JS QS TH QH KH QD
        """, Rules(draw=1), True, ["always"]),
    # (ii) no F2T: QS is playable, but JH needs it to leave TH (QC lies under TH).
    # f(H) = 9 = r - 3: one rank looser than the rule and QS would go up.
    "unsafe-qs": ("""
        F: 11 9 12 11
        T1: QC TH | JH
        T2: KD QS
        S: KS QH KH KC
        """, Rules(draw=1, foundation_moves=False), True,
        ["always", "nof2t-off-by-one"]),
    # (ii) no F2T, the twin condition: both red foundations are high enough, clubs are
    # not: TC must go onto JH, which must go onto QS (QC lies under 9C).
    "unsafe-twin": ("""
        F: 11 10 11 8
        T1: QC 9C | TC
        T2: KD QS
        S: JH JC QD QH KH KS KC
        """, Rules(draw=1, foundation_moves=False), True, ["always", "no-twin"]),
    # (ii) with F2T: sending QS up turns QD and QS can never come back (both red Kings
    # lie under 9C), while JH and then TC need it.
    "unsafe-f2t": ("""
        F: 11 10 11 8
        T1: KD KH 9C | TC
        T2: QD | QS
        S: JH JC QC KC QH KS
        """, Rules(draw=1), True, ["always"]),
}

VARIANTS = [
    lambda r: r,
    lambda r: replace(r, draw=3),
    lambda r: replace(r, passes=2),
    lambda r: replace(r, draw=3, passes=1),
]


@pytest.mark.parametrize("name", sorted(HAND))
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_hand_built(name, variant):
    text, rules, won, witnesses = HAND[name]
    rules = VARIANTS[variant](rules)
    pos = parse_position(text, rules)
    assert brute_force(pos) is won
    check_core(pos, won)
    for w in witnesses:
        assert brute_force(pos, move_filter=FILTERS[w]) is False, w


@pytest.mark.parametrize("name", ["f2t-needed", "f2t-chain"])
def test_foundation_moves_needed(name):
    """Without foundation-to-tableau moves these positions are lost, by brute force and
    by the core; with them they are won (test_hand_built)."""
    text, rules, _, _ = HAND[name]
    pos = parse_position(text, replace(rules, foundation_moves=False))
    assert brute_force(pos) is False
    check_core(pos, False)
    # and the core's winning line with them does bring a card down
    pos = parse_position(text, rules)
    codes = core_solve(pos)[2]
    moves = []
    for code in codes:
        ms = bridge.decode_klondike_move(pos, code)
        moves += ms
        for m in ms:
            pos.push(m)
    assert any(m.kind == "move" and m.src == "F" for m in moves)


def test_safe_rule_is_not_too_strict_to_matter():
    """The positions above really offer the tempting move: a playable card the core must
    not force (it is unsafe by the rule), and the rule itself says so."""
    for name in ("unsafe-qs", "unsafe-twin", "unsafe-f2t"):
        text, rules, _, _ = HAND[name]
        pos = parse_position(text, rules)
        qs = [m for m in pos.legal_moves() if m.kind == "move" and m.dst == "F"
              and m.src in PILES]
        assert qs and not any(safe_to_foundation(pos, m.card) for m in qs)
        # so the core's pruned list offers more than the foundation move
        from conftest import core_board
        pruned = core_board(pos).moves(full=False)
        assert len(pruned) > 1


# -- positions that once showed a bug, and positions found by random search --------------
REGRESSIONS = [
    # Six endgames that a development build of the core called "lost", though the brute
    # force wins them: it brought a card down from a foundation only if a card could
    # follow onto it at once, missing the case where the card below it on the foundation
    # comes down next (found by random search against that build; kept as data).
    ("""
        F: 9 10 6 8
        T1: JC JS TC KS 7D QH | 8D
        T2: KC 9D JD QD 9C | TD
        W: TS KD
        S: QC KH QS JH
        """, Rules(draw=3), True),
    ("""
        F: 5 9 13 9
        T1: 7S TS JC 8S KS JS | TH
        W: 9S TC JH QH
        S: KC 6S KH QS QC
        """, Rules(draw=1), True),
    ("""
        F: 6 10 3 11
        T1: KD TS 8S JS 7S KS | QS JD
        T2: QH 9S 7D TD KH 4D | 8D
        W: 5D
        S: QD 6D QC KC 9D JH
        """, Rules(draw=1), True),
    ("""
        F: 10 10 11 7
        T1: JH 9C KD KC KH QH | KS QD
        T2: JC JS 8C QS TC | QC
        """, Rules(draw=1, passes=2), True),
    ("""
        F: 13 11 4 10
        T1: 6D QD JC KD 5D TD | JD
        T2: KC 8D | 9D
        W: QC KH QH
        S: 7D
        """, Rules(draw=1), True),
    ("""
        F: 9 1 11 12
        T1: TH KS JH | 3H
        T2: KH QS
        T3: 2H 8H 4H | 6H
        T4: 9H | QD
        W: KC
        S: 7H TS JS KD 5H QH
        """, Rules(draw=3, passes=3), True),
]


@pytest.mark.parametrize("i", range(len(REGRESSIONS)))
def test_regression_positions(i):
    text, rules, won = REGRESSIONS[i]
    pos = parse_position(text, rules)
    assert brute_force(pos) is won
    check_core(pos, won)


# Found by random search (tests/conftest.random_endgame + brute force): each is won, and
# loses under the named looser rule.
FOUND = [
    # needs_partial (random search seed 1511)
    ("""
        F: 9 13 7 11
        T1: 9D JS QS QD KS | 8D
        T2: KD QC JD TS
        W: KC
        S: TD
        """, Rules(foundation_moves=False, passes=3), True, ["no-partial-runs"]),
    # needs_partial (random search seed 1069)
    ("""
        F: 9 8 13 7
        T1: 8C
        T2: 9H | JC TH
        T3: QH 9C | QC
        T4: TS KC | KH QS JH
        W: TC JS
        S: KS
        """, Rules(draw=1, foundation_moves=False, passes=3), True, ["no-partial-runs"]),
    # needs_partial (random search seed 1629)
    ("""
        F: 11 9 8 7
        T1: 8C JC KS KD JH JD | TH 9C
        T2: QS KH QH 9D QC TC | KC QD
        S: TD
        """, Rules(draw=1), True, ["no-partial-runs"]),
    # needs_partial (random search seed 1938)
    ("""
        F: 8 8 9 9
        T1: JH TS TC KC QH TH | KS QD JC TD
        T2: QC KH 9H JD 9S | KD QS
        S: JS
        """, Rules(passes=1), True, ["no-partial-runs"]),
    # needs_partial (random search seed 1206)
    ("""
        F: 8 10 8 11
        T1: KH QC KS | JH TS 9D
        T2: KD QH TD JS KC | JD
        W: 9S QD
        S: QS
        """, Rules(), True, ["no-partial-runs"]),
    # unsafe_talon (random search seed 549)
    ("""
        F: 9 9 10 11
        T1: KD TH KS QH | JS
        W: KC KH TS QS JH QC JD QD
        """, Rules(passes=3), True, ["talon-always"]),
    # unsafe_talon (random search seed 337)
    ("""
        F: 8 11 9 11
        T1: KC QH
        T2: JS
        T3: QD
        T4: KD
        W: JD
        S: 9S KS KH QS QC TS TD
        """, Rules(foundation_moves=False, passes=1), True, ["talon-always"]),
    # unsafe_talon (random search seed 25)
    ("""
        F: 7 11 8 10
        T1: JC TD
        T2: 9S KH TS JD JS | KS
        S: QH QC QD KD 8S QS KC 9D
        """, Rules(draw=1, passes=1), True, ["talon-always"]),
    # needs_f2t (random search seed 312)
    ("""
        F: 11 10 8 11
        T1: QC JD
        T2: KH QS
        T3: 9D TD | KC
        T4: QD KD | JH
        W: KS QH
        """, Rules(), True, ["f2t-off"]),
    # needs_f2t (random search seed 232)
    ("""
        F: 10 10 6 12
        T1: KS QH
        T2: JH QS 7D | 8D
        T3: 9D TD | KC QD
        T4: KD KH JS | JD
        """, Rules(draw=1), True, ["f2t-off"]),
    # unsafe_autoplay (random search seed 164)
    ("""
        F: 10 11 12 8
        T1: 9C | QS
        T2: QH JC | TC
        T3: KS JS KH KC QC | KD
        """, Rules(foundation_moves=False, passes=1), True, ["always"]),
]


@pytest.mark.parametrize("i", range(len(FOUND)))
def test_found_positions(i):
    text, rules, won, witnesses = FOUND[i]
    pos = parse_position(text, rules)
    assert brute_force(pos) is won
    check_core(pos, won)
    for w in witnesses:
        assert brute_force(pos, move_filter=FILTERS[w]) is False, w


def test_found_positions_cover_every_rule():
    kinds = {w for _, _, _, ws in FOUND for w in ws} | {w for _, _, _, ws in HAND.values()
                                                        for w in ws}
    assert set(FILTERS) <= kinds


# -- random endgames ------------------------------------------------------------------
RULES = st.builds(Rules, draw=st.sampled_from([1, 3]), foundation_moves=st.booleans(),
                  passes=st.sampled_from([None, None, 1, 2, 3]))


def endgame(seed, in_play, rules, max_talon=8):
    return random_endgame(random.Random(seed), in_play, rules, max_talon=max_talon)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 17), rules=RULES)
def test_core_agrees_with_brute_force(seed, in_play, rules):
    pos = endgame(seed, in_play, rules)
    note(dump_position(pos) + "\n" + repr(rules))
    try:
        won = brute_force(pos, limit=30_000)
    except BruteForceLimit:
        assume(False)
        return
    check_core(pos, won)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 16), rules=RULES)
def test_core_agrees_with_brute_force_along_a_winning_line(seed, in_play, rules):
    """Walk a winning line of a random endgame; at every position on it, decide each
    position one move away (the mistakes among them lose) by brute force and by the
    core.  The positions just after a losing move, and the won ones just before it, are
    where a wrong pruning rule shows."""
    pos = endgame(seed, in_play, rules)
    rng = random.Random(seed)
    note(dump_position(pos) + "\n" + repr(rules))
    checked = 0
    try:
        for _ in range(12):
            if pos.is_won() or not brute_force(pos, limit=20_000):
                break
            check_core(pos, True)
            good = []
            for m in pos.legal_moves():
                pos.push(m)
                won = brute_force(pos, limit=20_000)
                note("after %s" % m)
                check_core(pos, won)
                checked += 1
                pos.pop()
                if won:
                    good.append(m)
            cards_moves = [m for m in good if m.kind == "move"]
            pos.push(rng.choice(cards_moves if cards_moves and rng.random() < 0.8 else good))
    except BruteForceLimit:
        pass
    assume(checked > 0)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 15), rules=RULES)
def test_safe_rule_keeps_the_verdict(seed, in_play, rules):
    """The safety rule itself, in pure Python: forcing safe cards up (tableau; talon at
    draw 1 with unlimited passes) never changes the brute-force verdict."""
    pos = endgame(seed, in_play, rules)
    note(dump_position(pos) + "\n" + repr(rules))
    try:
        won = brute_force(pos, limit=20_000)
        forced = brute_force(pos, limit=20_000, move_filter=forced_safe_moves)
    except BruteForceLimit:
        assume(False)
        return
    assert forced == won


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(seed=st.integers(0, 2**32), in_play=st.integers(8, 15), rules=RULES)
def test_core_agrees_with_brute_force_without_foundation_moves(seed, in_play, rules):
    """The same endgame with and without foundation-to-tableau moves: both verdicts
    agree with the brute force, and F2T only ever helps."""
    pos = endgame(seed, in_play, replace(rules, foundation_moves=True))
    pos2 = pos.copy()
    pos2.rules = replace(rules, foundation_moves=False)
    note(dump_position(pos) + "\n" + repr(rules))
    try:
        won = brute_force(pos, limit=20_000)
        won2 = brute_force(pos2, limit=20_000)
    except BruteForceLimit:
        assume(False)
        return
    assert won or not won2
    check_core(pos, won)
    check_core(pos2, won2)


# Draw 3, unlimited passes: 7S, the last talon card, is safe but must not be forced up
# here, in the middle of a pass (one card in the waste).  The win needs JS, the waste
# top, before QS and JH leave the talon; taking 7S first turns the rest of the stock
# over, and after the recycle JS is the first of its three, out of reach until QS and
# JH are gone.  Found by a random search against a build that forced 7S up at any waste
# size; pruning 1c forces it only at the start of a pass.
SAFE_LAST_NOT_FORCED = """
F: 6 7 10 10
T1: | 9H 8S
T2: JC QH TH 9S KS TS | QD
T3: 8H KH KD | QC JD
T4: | KC
W: JS
S: QS JH 7S
"""


def test_safe_last_talon_card_is_not_forced_in_the_middle_of_a_pass():
    pos = parse_position(SAFE_LAST_NOT_FORCED, Rules(draw=3))
    last = pos.talon()[-1]
    assert safe_to_foundation(pos, last) and pos.foundations[suit(last)] == rank(last)
    assert brute_force(pos)
    assert core_verdict(pos) == "won"


def _last_talon_card_safe_cases(count, draw):
    # random endgames at unlimited passes whose last talon card is playable and safe
    # (pruning 1c of kl_gen), each with the talon split at every size of the waste:
    # the split decides whether 1c forces that card up (at the start of a pass) or only
    # drops the talon moves that need a recycle
    rng = random.Random(1000 + draw)
    rules = Rules(draw=draw, passes=None)
    out = []
    while len(out) < count:
        pos = random_endgame(rng, rng.randint(8, 16), rules, max_talon=10)
        talon = pos.talon()
        if len(talon) < 2:
            continue
        last = talon[-1]
        if pos.foundations[suit(last)] != rank(last) or not safe_to_foundation(pos, last):
            continue
        for wp in range(len(talon) + 1):
            p = pos.copy()
            p.waste, p.stock = talon[:wp], talon[wp:]
            out.append(p)
    return out


@pytest.mark.parametrize("draw", [2, 3])
def test_safe_last_talon_card_keeps_the_verdict(draw):
    """Pruning 1c (the safe last talon card forced up at the start of a pass, talon
    moves after a recycle dropped otherwise) loses no win: the core against the brute
    force on every split of the talon of endgames where the rule applies."""
    decided = won = 0
    for p in _last_talon_card_safe_cases(120, draw):
        try:
            expect = brute_force(p, limit=20_000)
        except BruteForceLimit:
            continue
        status, _stop, codes = core_solve(p)[:3]
        assert status == ("won" if expect else "lost"), position_text(p)
        if expect:
            replay_core_codes(p, codes)
            won += 1
        decided += 1
    assert decided >= 100 and won >= 20, (decided, won)
