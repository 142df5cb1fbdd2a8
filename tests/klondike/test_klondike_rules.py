"""The pure-Python reference rules (kabalsolve.games.klondike): the referee itself must
be right, so these tests check it against the rules (docs/rules.md) by hand and by random play."""
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import MoveError, OptionError
from kabalsolve.cards import card_str
from kabalsolve.games.klondike import PILES, Deal, Move, Position, Rules, replay

from conftest import cards, make_position, python_snapshot


def full_state(pos):
    return (python_snapshot(pos), pos.recycles, [list(p) for p in pos.piles],
            list(pos.down), list(pos.stock), list(pos.waste), len(pos.moves_played()))


def fresh(seed=1, **rules):
    return Position(kabalsolve.deal_from_seed(seed), Rules(**rules))


# -- the start position -----------------------------------------------------------------
def test_start_position():
    deal = kabalsolve.deal_from_seed(5)
    pos = Position(deal)
    assert [len(p) for p in pos.piles] == [1, 2, 3, 4, 5, 6, 7]
    assert pos.down == [0, 1, 2, 3, 4, 5, 6]
    assert pos.stock == list(deal.stock) and pos.waste == []
    assert pos.foundations == [0, 0, 0, 0] and pos.recycles == 0
    assert not pos.is_won() and pos.foundation_cards() == 0
    assert pos.talon() == list(deal.stock)


def test_rules_validation():
    for bad in (0, 25, -1, 1.5, "3"):
        with pytest.raises(OptionError):
            Rules(draw=bad)
    for bad in (0, 256, -2, 2.0):
        with pytest.raises(OptionError):
            Rules(passes=bad)
    assert Rules().draw == 3 and Rules().passes is None and Rules().foundation_moves


# -- push / pop --------------------------------------------------------------------------
def random_walk(pos, rng, steps):
    for _ in range(steps):
        ms = pos.legal_moves()
        if not ms:
            break
        pos.push(rng.choice(ms))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32),
       draw=st.sampled_from([1, 2, 3, 5]), f2t=st.booleans(),
       passes=st.sampled_from([None, 1, 2, 3]))
def test_push_pop_restores_exactly(seed, walk, draw, f2t, passes):
    pos = fresh(seed % 1000, draw=draw, foundation_moves=f2t, passes=passes)
    rng = random.Random(walk)
    states = [full_state(pos)]
    for _ in range(120):
        ms = pos.legal_moves()
        if not ms:
            break
        # every listed move is legal: pushing it never raises
        m = rng.choice(ms)
        pos.push(m)
        states.append(full_state(pos))
        assert sum(len(p) for p in pos.piles) + len(pos.stock) + len(pos.waste) \
            + pos.foundation_cards() == 52
        if rng.random() < 0.25:       # step back and forth
            back = pos.pop()
            assert back == m
            assert full_state(pos) == states[-2]
            pos.push(m)
            assert full_state(pos) == states[-1]
    played = pos.moves_played()
    assert len(played) == len(states) - 1
    for i in range(len(played) - 1, -1, -1):
        assert pos.pop() == played[i]
        assert full_state(pos) == states[i]
    # replay of the same moves gives the same final position
    pos2 = replay(pos_deal(seed % 1000), pos.rules, played)
    for m in played:
        pos.push(m)
    assert full_state(pos2) == full_state(pos)


def pos_deal(seed):
    return kabalsolve.deal_from_seed(seed)


def test_copy_is_independent():
    pos = fresh(3)
    c = pos.copy()
    c.push(Move.draw())
    assert pos.waste == [] and c.waste != []
    assert pos.moves_played() == []


# -- drawing and recycling ---------------------------------------------------------------
def test_draw_three_takes_third_card_on_top():
    pos = fresh(2, draw=3)
    stock = list(pos.stock)
    pos.push(Move.draw())
    assert pos.waste == stock[:3] and pos.waste[-1] == stock[2]
    assert pos.stock == stock[3:]


def test_draw_three_with_fewer_cards_left():
    pos = fresh(2, draw=3)
    stock = list(pos.stock)
    for _ in range(8):
        pos.push(Move.draw())
    assert pos.stock == [] and pos.waste == stock
    # remove two talon cards' worth: build a position with 2 cards in the stock
    p = make_position([((), cards("KS")), ((), cards("KH")), ((), cards("KD")),
                       ((), cards("KC"))], [12, 12, 12, 9],
                      waste=cards("QC"), stock=cards("JC TC"), rules=Rules(draw=3))
    p.push(Move.draw())
    assert p.waste == cards("QC JC TC") and p.stock == []
    assert p.describe(Move.recycle()).startswith("turn the waste over")
    p.pop()
    assert p.describe(Move.draw()) == \
        "turn 2 cards from the stock (10\u2663 on top of the waste)"
    q = make_position([((), cards("KS")), ((), cards("KH")), ((), cards("KD")),
                       ((), cards("KC"))], [12, 12, 12, 10],
                      waste=cards("QC"), stock=cards("JC"), rules=Rules(draw=3))
    q.push(Move.draw())
    assert q.waste == cards("QC JC") and q.stock == []


def test_draw_one():
    pos = fresh(2, draw=1)
    stock = list(pos.stock)
    pos.push(Move.draw())
    assert pos.waste == stock[:1] and pos.stock == stock[1:]


def test_recycle_only_when_stock_empty():
    pos = fresh(4, draw=3)
    assert not pos.can_recycle()
    with pytest.raises(MoveError, match="stock is not empty"):
        pos.push(Move.recycle())
    assert Move.recycle() not in pos.legal_moves()
    stock = list(pos.stock)
    while pos.stock:
        assert Move.recycle() not in pos.legal_moves()
        pos.push(Move.draw())
    assert Move.draw() not in pos.legal_moves()
    with pytest.raises(MoveError, match="stock is empty"):
        pos.push(Move.draw())
    assert Move.recycle() in pos.legal_moves()
    pos.push(Move.recycle())
    assert pos.stock == stock and pos.waste == [] and pos.recycles == 1


def test_recycle_with_empty_waste_refused():
    p = make_position([((), cards("KS")), ((), cards("KH")), ((), cards("KD")),
                       ((), cards("KC"))], [12, 12, 12, 12])
    assert p.is_won() is False
    with pytest.raises(MoveError, match="waste is empty"):
        p.push(Move.recycle())
    assert Move.recycle() not in p.legal_moves() and Move.draw() not in p.legal_moves()


@pytest.mark.parametrize("passes", [1, 2, 3, 5])
def test_passes_limit(passes):
    pos = fresh(6, draw=3, passes=passes)
    recycles = 0
    while True:
        while pos.stock:
            pos.push(Move.draw())
        if Move.recycle() not in pos.legal_moves():
            break
        pos.push(Move.recycle())
        recycles += 1
        assert recycles < 10
    assert recycles == passes - 1
    assert not pos.can_recycle()
    with pytest.raises(MoveError, match="no passes left"):
        pos.push(Move.recycle())


def test_two_passes_allow_exactly_one_recycle():
    pos = fresh(6, draw=1, passes=2)
    for _ in range(24):
        pos.push(Move.draw())
    pos.push(Move.recycle())
    for _ in range(24):
        pos.push(Move.draw())
    with pytest.raises(MoveError):
        pos.push(Move.recycle())
    assert pos.legal_moves() == [m for m in pos.legal_moves() if m.kind == "move"]


def test_unlimited_passes():
    pos = fresh(6, draw=3)
    for _ in range(10):
        while pos.stock:
            pos.push(Move.draw())
        pos.push(Move.recycle())
    assert pos.recycles == 10


# -- illegal moves ---------------------------------------------------------------------
ILLEGAL = [
    Move("move", "W", "F", 0),              # empty waste
    Move("move", "T1", "F", 1),             # not the top card
    Move("move", "T7", "T1", 5, 2),
    Move("move", "F", "T1", 0),              # foundation empty
    Move("move", "T1", "T1", 0),
    Move("move", "X", "T1", 0),
    Move("move", "T1", "W", 0),
    Move("teleport"),
]


def test_illegal_moves_raise_and_change_nothing():
    rng = random.Random(5)
    for seed in range(6):
        pos = fresh(seed, draw=rng.choice([1, 3]), foundation_moves=rng.random() < 0.5)
        random_walk(pos, rng, rng.randint(0, 60))
        before = full_state(pos)
        legal = pos.legal_moves()
        tried = 0
        candidates = list(ILLEGAL)
        # every move of every kind with every card: those not listed must be refused
        for src in ("W", "F") + PILES:
            for dst in ("F",) + PILES:
                for card in range(52):
                    for count in (1, 2):
                        candidates.append(Move("move", src, dst, card, count))
        candidates += [Move.draw(), Move.recycle()]
        for m in candidates:
            if m in legal:
                pos.push(m)
                pos.pop()
            else:
                with pytest.raises(MoveError):
                    pos.push(m)
                tried += 1
            assert full_state(pos) == before
        assert tried > 1000


def test_foundation_moves_off():
    p = make_position([((), cards("KS")), ((), cards("KH")), ((), cards("KD")),
                       ((), cards("KC QH"))], [12, 11, 12, 12],
                      rules=Rules(foundation_moves=False))
    back = Move("move", "F", "T2", cards("QS")[0])  # QS from its foundation onto KH
    assert back not in p.legal_moves()
    with pytest.raises(MoveError, match="not allowed"):
        p.push(back)
    q = make_position([((), cards("KS")), ((), cards("KH")), ((), cards("KD")),
                       ((), cards("KC QH"))], [12, 11, 12, 12])
    assert back in q.legal_moves()
    q.push(back)
    assert q.piles[1] == cards("KH QS") and q.foundations[0] == 11


def test_king_only_into_empty_column():
    p = make_position([((), cards("KS")), ((), cards("QD"))], [11, 13, 11, 13],
                      waste=cards("QS"), stock=cards("KD"))
    ms = p.legal_moves()
    # QS may go onto nothing (KS is black), not into empty columns; QD onto KS
    assert all(not (m.card == cards("QS")[0] and m.dst in PILES) for m in ms)
    assert Move("move", "T2", "T1", cards("QD")[0]) in ms
    assert Move("move", "W", "F", cards("QS")[0]) in ms
    # KS (a whole column) may move to an empty column
    assert Move("move", "T1", "T3", cards("KS")[0]) in ms


def test_runs_move_as_a_unit_and_turn_up():
    p = make_position([(cards("2C"), cards("9H 8S 7D")), ((), cards("TC")),
                       ((), cards("KS"))], [1, 6, 6, 1], check=False)
    m = Move("move", "T1", "T2", cards("9H")[0], 3)
    assert m in p.legal_moves()
    assert Move("move", "T1", "T2", cards("8S")[0], 2) not in p.legal_moves()
    assert p.describe(m) == "move 9\u2665 with the 2 cards on it from T1 onto 10\u2663 in T2 " \
                            "(turn up 2\u2663 in T1)"
    p.push(m)
    assert p.piles[0] == cards("2C") and p.down[0] == 0
    assert p.piles[1] == cards("TC 9H 8S 7D")
    p.pop()
    assert p.piles[0] == cards("2C 9H 8S 7D") and p.down[0] == 1


# -- talon cards within reach --------------------------------------------------------------
def test_reachable_draw_one_is_whole_talon():
    for seed in range(10):
        pos = fresh(seed, draw=1)
        assert sorted(pos.reachable_talon_cards()) == sorted(pos.talon())
        pos.push(Move.draw())
        pos.push(Move.draw())
        assert sorted(pos.reachable_talon_cards()) == sorted(pos.talon())


def test_reachable_draw_three_fresh_deal():
    pos = fresh(8, draw=3)
    stock = list(pos.stock)
    # 24 cards: every third card, nothing else (a recycle repeats the same groups)
    assert pos.reachable_talon_cards() == stock[2::3]
    for card in stock[2::3]:
        steps = pos.steps_to_talon_card(card)
        assert steps == [Move.draw()] * (stock.index(card) // 3 + 1)
    with pytest.raises(MoveError, match="cannot be reached"):
        pos.steps_to_talon_card(stock[0])


def test_reachable_draw_three_by_hand():
    # talon a b c d e f g (7 cards), draw 3, waste empty: a pass shows c, f, g, and a
    # recycle deals the same threes again.  Once c is taken out (waste a b, stock
    # d e f g) the threes shift: b shows at once, then f, g, and after a recycle d.
    ks = [((), cards("KS")), ((), cards("KH")), ((), cards("KD QC")), ((), cards("KC"))]
    talon = cards("5C 6C 7C 8C 9C TC JC")  # a..g
    a, b, c, d, e, f, g = talon
    p = make_position(ks, [12, 12, 12, 4], stock=talon, rules=Rules(draw=3))
    assert p.reachable_talon_cards() == [c, f, g]
    # first pass: c f g; a recycle deals a b c again: nothing new
    p.push(Move.draw())
    assert p.reachable_talon_cards() == [c, f, g]
    # take c out by hand: the waste is a b, stock d e f g
    p2 = make_position(ks, [12, 12, 12, 4], waste=[a, b], stock=[d, e, f, g], check=False,
                       rules=Rules(draw=3))
    # b on top now; then d e f -> f; then g; recycle: a b d -> d; e f g -> g
    assert p2.reachable_talon_cards() == [b, f, g, d]
    assert p2.steps_to_talon_card(b) == []
    assert p2.steps_to_talon_card(d) == [Move.draw(), Move.draw(), Move.recycle(),
                                         Move.draw()]
    # with one pass only, the recycle is not allowed: d is out of reach
    p3 = make_position(ks, [12, 12, 12, 4], waste=[a, b], stock=[d, e, f, g], check=False,
                       rules=Rules(draw=3, passes=1))
    assert p3.reachable_talon_cards() == [b, f, g]
    with pytest.raises(MoveError):
        p3.steps_to_talon_card(d)
    # two passes, one already used: same as one pass
    p4 = make_position(ks, [12, 12, 12, 4], waste=[a, b], stock=[d, e, f, g], check=False,
                       rules=Rules(draw=3, passes=2), recycles=1)
    assert p4.reachable_talon_cards() == [b, f, g]
    p5 = make_position(ks, [12, 12, 12, 4], waste=[a, b], stock=[d, e, f, g], check=False,
                       rules=Rules(draw=3, passes=2))
    assert p5.reachable_talon_cards() == [b, f, g, d]


def test_reachable_cards_are_reached_by_steps():
    rng = random.Random(9)
    for seed in range(12):
        pos = fresh(seed, draw=rng.choice([1, 2, 3]), passes=rng.choice([None, 1, 2]))
        random_walk(pos, rng, rng.randint(0, 50))
        reach = pos.reachable_talon_cards()
        assert len(set(reach)) == len(reach)
        for card in reach:
            steps = pos.steps_to_talon_card(card)
            p = pos.copy()
            for m in steps:
                p.push(m)
            assert p.waste[-1] == card
        # nothing else ever shows: turn the talon over and over and watch
        p = pos.copy()
        shown = {p.waste[-1]} if p.waste else set()
        for _ in range(200):
            if p.stock:
                p.push(Move.draw())
            elif p.can_recycle():
                p.push(Move.recycle())
            else:
                break
            if p.waste:
                shown.add(p.waste[-1])
        assert shown == set(reach)


# -- Move notation -----------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(src=st.sampled_from(("W", "F") + PILES), dst=st.sampled_from(("F",) + PILES),
       card=st.integers(0, 51), count=st.integers(1, 13))
def test_move_json_round_trip(src, dst, card, count):
    m = Move("move", src, dst, card, count)
    d = m.to_json()
    assert json.loads(json.dumps(d)) == d
    assert Move.from_json(d) == m
    assert d["card"] == card_str(card)
    assert ("count" in d) == (count != 1)


def test_move_json_simple_kinds():
    for m in (Move.draw(), Move.recycle()):
        assert m.to_json() == {"type": m.kind}
        assert Move.from_json(m.to_json()) == m
    assert Move.from_json({"type": "move", "from": "t3", "to": "f", "card": "10h"}) == \
        Move("move", "T3", "F", cards("TH")[0])


@pytest.mark.parametrize("bad", [
    {}, {"type": "jump"}, {"type": "move"}, {"type": "move", "from": "W", "to": "T1"},
    {"type": "move", "from": "W", "to": "T1", "card": "XX"},
    {"type": "move", "from": "W", "to": "W", "card": "AS"},
    {"type": "move", "from": "T9", "to": "T1", "card": "AS"},
    {"type": "move", "from": "T1", "to": "T2", "card": "AS", "count": 0},
    {"type": "move", "from": "T1", "to": "T2", "card": "AS", "count": "many"},
    "draw", None, 5,
])
def test_move_json_rejects(bad):
    with pytest.raises(MoveError):
        Move.from_json(bad)


def test_move_str_and_repr():
    run = Move("move", "T1", "T2", cards("9H")[0], 3)
    assert (str(run), repr(run)) == ("9H T1 T2", "<Move 9H T1 T2, 3 cards>")
    assert (str(Move("move", "W", "F", cards("AS")[0])), repr(Move.draw()),
            repr(Move.recycle())) == ("AS W F", "<Move D>", "<Move R>")


def test_move_str_is_the_short_text_with_its_card_and_reads_back():
    """str(move) stands alone: the card, then the words of move_text; parse_move reads
    it back to the same move (the card fixes how many cards of a run move)."""
    rng = random.Random(5)
    seen = set()
    for game in range(30):
        pos = Position(kabalsolve.deal_from_seed(rng.randrange(1, 10**6)),
                       Rules(draw=rng.choice((1, 3))))
        for _ in range(60):
            legal = pos.legal_moves()
            if not legal:
                break
            for m in legal:
                text, short = str(m), pos.move_text(m)
                if m.kind == "move":
                    assert text.split()[0] == card_str(m.card)
                    assert text.split()[1:] == short.split()[-2:]
                    seen.add((m.src[0], m.count > 1, len(short.split())))
                else:
                    assert text == short
                assert pos.parse_move(text) == m
            pos.push(rng.choice(legal))
    assert ("T", True, 2) in seen and ("F", False, 2) in seen


def test_deal_and_position_repr_show_the_cards():
    deal = kabalsolve.deal_from_seed(7)
    assert repr(deal).startswith("<Deal klondike T1: 9D; T2: 7S 9S; T3: 3H QC 3S; ")
    assert repr(deal).endswith("; stock: KS JS 4S KD QH JC 8C 6D KC 7D 8D JD AC 5S 5H 6S "
                               "2H 9C QS 9H 3D 7C AS 8H>")
    pos = Position(deal, Rules(draw=1))
    pos.push(pos.parse_move("T1 T5"))
    assert repr(pos).startswith("<Position klondike draw: 1; passes: unlimited; "
                                "foundation-moves: yes; passes-used: 1; foundations: -; "
                                "T1: -; T2: 7S | 9S; ")
    assert str(pos) == pos.to_text() and str(deal) == deal.to_text()
    assert kabalsolve.read_deal(str(pos)).same_as(pos)
    danish = Position(deal, Rules(variant="danish"))
    assert repr(danish).startswith("<Position klondike variant: danish; draw: 3; ")
    assert str(danish).startswith("# the danish variant (position files are classic")


def test_replay_names_the_bad_move():
    deal = kabalsolve.deal_from_seed(1)
    with pytest.raises(MoveError, match=r"^move 2 \(D\): cannot draw"):
        replay(deal, Rules(draw=24), [Move.draw(), Move.draw()])
    assert isinstance(Deal, type)
