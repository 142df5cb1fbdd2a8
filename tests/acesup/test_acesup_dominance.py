"""Aces Up: the dominance cut of the search (ac_dominated in _acesup.pxi).

A position s is a leaf when the table holds the position D that s would be with the
lowest card, or the two lowest, of one suit still left discarded (cards on the piles,
none of them in the stock).  The proof has two parts, each checked here on its own:

- every line from s, with the moves of those cards deleted, plays from D and leaves
  D's piles equal to s's piles less those cards (random play on the reference rules,
  and the core's key of D against the key of the replayed line);
- so D does at least as well as s: its best score (plain exhaustive search) is never
  lower, and it wins wherever s does;

and then end to end: verdicts, best scores and their proofs are the same with the cut
and without it, and the cut does save positions.
"""
import random

import pytest

from kabalsolve.cards import parse_card, rank, suit
from kabalsolve.games.acesup import Deal, Position, Rules, best_score_brute_force
from kabalsolve.seeds import shuffled_deck
from kabalsolve.games.acesup.bridge import acesup_move_code

from test_acesup import (RULES, agreeing_verdicts, answers_with_and_without, board,
                         random_position, verdict_of_seed)

NO_DISCARD_FIRST = [r for r in RULES if not r.discard_first]


def lowest_sets(pos):
    """Each set the cut may take out of pos: for each suit, its lowest card left and
    its two lowest, as long as none of them is in the stock (Aces never count)."""
    out = []
    stock = set(pos.stock)
    for s in range(4):
        left = sorted((c for p in pos.piles for c in p if suit(c) == s and rank(c)),
                      key=rank)
        left += [c for c in pos.stock if suit(c) == s and rank(c)]
        left.sort(key=rank)
        for k in (1, 2):
            if len(left) >= k and not stock & set(left[:k]):
                out.append(left[:k])
    return out


def without(pos, cards):
    """The position D: pos with the pile cards ``cards`` discarded."""
    return Position.from_layout([[c for c in p if c not in cards] for p in pos.piles],
                                pos.stock, list(pos.discarded) + list(cards), pos.rules)


def own_cards(deck, deals, p):
    """The cards that started in pile p or were dealt to it in the first ``deals``
    deals, in dealing order."""
    return [deck[4 * k + p] for k in range(deals + 1)]


def piles_of_key(deck, key):
    """The piles a core key stands for (the reading in the comment of ac_key): each
    pile is its moved-in bottom card, then its own cards neither discarded nor a bottom
    elsewhere.  After the last deal the piles come sorted, as the key has them."""
    gone = {c for c in range(52) if key[0] >> c & 1}
    deals = key[0] >> 52 & 63
    if deals < 12:
        bottoms = [key[1] >> (6 * p) & 63 for p in range(4)]
        named = {b for b in bottoms if b != 63}
        return [([b] if b != 63 else []) +
                [c for c in own_cards(deck, deals, p) if c not in gone | named]
                for p, b in enumerate(bottoms)]
    descs = [key[1] >> (9 * i) & 511 for i in range(4)]
    named = {d & 63 for d in descs if d & 63 != 63}
    piles = []
    for d in descs:
        b, p = d & 63, d >> 6
        head = [b] if b != 63 else []
        piles.append(head if p == 7 else
                     head + [c for c in own_cards(deck, deals, p) if c not in gone | named])
    return sorted(piles)


def play(rng, pos, b, stock_left, line):
    """Random legal play on pos (and the core board b, if any), mostly discards and
    moves, down to stock_left cards and then a few moves more without dealing; the
    moves are appended to line."""
    while True:
        moves = pos.legal_moves()
        if len(pos.stock) <= stock_left:
            moves = [m for m in moves if m.kind != "deal"]
            if not moves or rng.random() < 0.3:
                return
        others = [m for m in moves if m.kind != "deal"]
        m = rng.choice(others) if others and rng.random() < 0.8 else \
            next((m for m in moves if m.kind == "deal"), rng.choice(moves))
        line.append(m)
        pos.push(m)
        if b is not None:
            b.push(acesup_move_code(m))


@pytest.mark.parametrize("rules", NO_DISCARD_FIRST, ids=lambda r: r.describe() or "usual")
def test_key_without_stands_for_the_piles_less_those_cards(rules):
    """The key the cut looks up is the key of D: decoded by the reading of ac_key, it
    gives s's piles less the taken cards, moved-in bottom cards among them included,
    before and after the last deal."""
    rng = random.Random(5150 + rules.strict)
    checked = bottoms = late = 0
    for _ in range(150):
        deck = tuple(shuffled_deck(rng.randrange(2**64)))
        pos = Position(Deal(deck), rules)
        b = board(pos)
        play(rng, pos, b, rng.choice([0, 0] + list(range(0, 48, 4))), [])
        assert piles_of_key(deck, b.key()) == (pos.piles if pos.stock else sorted(pos.piles))
        for cards in lowest_sets(pos):
            less = [[c for c in p if c not in cards] for p in pos.piles]
            assert piles_of_key(deck, b.key_without(cards)) == (
                less if pos.stock else sorted(less)), (pos.piles, cards)
            checked += 1
            bottoms += any(p and p[0] in cards and p[0] not in own_cards(
                deck, (48 - len(pos.stock)) // 4, i) for i, p in enumerate(pos.piles))
            late += not pos.stock
    assert checked >= 300 and late >= 30, (checked, late)
    assert bottoms >= (0 if rules.strict else 5)      # only Aces move with the strict rule


@pytest.mark.parametrize("rules", NO_DISCARD_FIRST, ids=lambda r: r.describe() or "usual")
def test_lines_from_s_replay_from_d_without_the_taken_cards(rules):
    """Part (a) of the proof, move by move: any line from s with the moves of the
    taken cards deleted is legal from D, and the piles stay s's piles less those cards
    all along (random lines to the end of the game)."""
    rng = random.Random(99 + rules.strict)
    checked = dropped = 0
    for _ in range(100):
        pos = random_position(rng, rules, rng.randrange(4, 44, 4), play=0.7)
        for cards in lowest_sets(pos):
            d = without(pos, cards)
            s = pos.copy()
            line = []
            play(rng, s, None, 0, line)
            s = pos.copy()
            for m in line:
                s.push(m)
                if m.card in cards:
                    dropped += 1
                    continue
                assert m in d.legal_moves(), (m, d.piles)
                d.push(m)
                assert d.piles == [[c for c in p if c not in cards] for p in s.piles]
            assert d.score >= s.score
            checked += 1
    assert checked >= 200 and dropped >= 50, (checked, dropped)


@pytest.mark.parametrize("rules", NO_DISCARD_FIRST, ids=lambda r: r.describe() or "usual")
def test_the_position_without_them_does_at_least_as_well(rules):
    """Part (a)'s consequence, by plain exhaustive search with no shortcut: D's best
    score is never below s's (so D wins wherever s does)."""
    rng = random.Random(77 + rules.strict)
    checked = won = strictly = 0
    for _ in range(60):
        pos = random_position(rng, rules, rng.choice([4, 8, 8, 12]), play=0.7)
        sets = lowest_sets(pos)
        if not sets:
            continue
        best = best_score_brute_force(pos)
        for cards in rng.sample(sets, min(2, len(sets))):
            d_best = best_score_brute_force(without(pos, cards))
            assert d_best >= best, (pos.piles, pos.stock, pos.discarded, cards)
            checked += 1
            won += best == 48
            strictly += d_best > best
    assert checked >= 60 and strictly >= 1, (checked, won, strictly)


def test_any_other_card_taken_out_can_lose_a_win():
    """Why the cut takes the lowest cards of a suit only: here the Ten of Hearts, the
    only higher card that the Eight of Hearts of the last deal can go beside, is not
    among them, and the position without it is lost while the position itself is
    won."""
    piles = [["AS", "6S", "TH"], ["AD"], ["AC"], ["AH", "TS"]]
    stock = ["5S", "QS", "KD", "8H"]
    p = [[parse_card(c) for c in x] for x in piles]
    st = [parse_card(c) for c in stock]
    left = {c for x in p for c in x} | set(st)
    gone = [c for c in range(52) if rank(c) and c not in left]
    pos = Position.from_layout(p, st, gone)
    ten = parse_card("TH")
    assert [ten] not in lowest_sets(pos)
    assert best_score_brute_force(pos) == 48
    assert best_score_brute_force(without(pos, [ten])) < 48


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_answers_are_the_same_with_and_without_the_cut(rules):
    """End to end on deeper positions: the verdict, the best score and whether it is
    proved agree with the cut turned off, and the line replays to its score."""
    rng = random.Random(4242 + 2 * rules.strict + rules.discard_first)
    compared = with_cut = without_cut = 0
    for _ in range(40):
        pos = random_position(rng, rules, rng.choice([8, 12, 16, 20, 24, 28]), play=0.75)
        both = answers_with_and_without(pos, 300000, dominance=False)
        if both is None:
            continue
        on, off = both
        compared += 1
        assert on[3] <= off[3]
        with_cut += on[3]
        without_cut += off[3]
    assert compared >= 30
    if rules.discard_first:
        assert with_cut == without_cut      # no dominance under discard-first
    else:
        assert with_cut < without_cut, (with_cut, without_cut)


@pytest.mark.parametrize("strict", [False, True], ids=["usual", "strict"])
def test_verdicts_of_whole_deals_agree(strict):
    """Seeded deals, verdict only: where both searches decide within the budget, they
    agree."""
    assert agreeing_verdicts(range(1, 41), strict, 100000, dominance=False) >= 30


def test_the_cut_saves_positions_on_a_hard_loss():
    """Deal 30, usual rule: about 1.3 million positions to prove lost without the
    cut, and a third fewer with it (both without the reduced games, which prove it in
    far fewer)."""
    on = verdict_of_seed(30, False, 2000000, reduce=False)
    off = verdict_of_seed(30, False, 2000000, dominance=False, reduce=False)
    assert on[0] == off[0] == "lost"
    assert on[3] < 0.75 * off[3], (on[3], off[3])
