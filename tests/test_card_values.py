"""What the library hands back prints as cards, and the rules go where a user would
give them.

A card is ``kabalsolve.Card``: an int (the core and every sum take it as the number
it is) whose ``str()`` is the card as the files and ``str(move)`` write it, whose
``repr()`` reads back, and which every deal, move and parser hands out.  A Position
takes its rules as keywords, as ``solve``'s message about a Position's own rules says,
and the library's errors name the library's keywords, never the command line's
options."""
import json
import pickle
import re

import pytest

import kabalsolve
from kabalsolve import Card, parse_card
from kabalsolve.games import acesup, clock, klondike


def test_parse_card_gives_a_card_that_prints_as_one():
    c = parse_card("10h")
    assert type(c) is Card and isinstance(c, int) and c == 22
    assert str(c) == "TH" and f"{c}" == "TH" and "%s" % c == "TH"
    assert repr(c) == "Card('TH')" and eval(repr(c)) == c
    assert c.symbol == "10\u2665"
    assert f"{c:d}" == "22" and "%d" % c == "22" and int(c) == 22
    assert type(c + 1) is int and c % 13 == 9
    assert json.dumps([c]) == "[22]"
    assert pickle.loads(pickle.dumps(c)) is c
    assert kabalsolve.Card is Card and Card is not int


@pytest.mark.parametrize("text", ["TH", "th", "10h", "10\u2665", "T\u2661"])
def test_a_card_is_made_from_its_name_or_number(text):
    assert Card(text) is Card(22) is parse_card("10h")


@pytest.mark.parametrize("bad", ["XH", "", "10", 52, -1, True, 2.0, None])
def test_what_is_no_card_is_refused_in_one_line(bad):
    with pytest.raises(kabalsolve.DealError) as e:
        Card(bad)
    assert "\n" not in str(e.value) and "card" in str(e.value)


def test_a_move_prints_its_card_as_the_card_prints():
    """str(card) is the card's part of str(move), in every game."""
    deal = kabalsolve.deal_from_seed(7)
    sol = kabalsolve.solve(deal)
    for m in sol.moves:
        if m.card is not None:
            assert type(m.card) is Card and str(m).startswith(str(m.card) + " ")
    pos = kabalsolve.Position(deal)
    assert all(type(m.card) is Card for m in pos.legal_moves() if m.card is not None)
    ac = kabalsolve.solve(kabalsolve.read_deal("examples/won-acesup.txt"))
    assert all(type(m.card) is Card and str(m).startswith(str(m.card) + " ")
               for m in ac.moves if m.card is not None)
    turns = kabalsolve.solve(clock.Deal.from_seed(8)).moves
    assert all(type(t.card) is Card and str(t).startswith(str(t.card) + " ") for t in turns)


def cards_in(value, seen=None):
    """Every int held in ``value``'s lists, tuples and card fields."""
    if isinstance(value, (list, tuple)):
        for v in value:
            yield from cards_in(v)
    elif isinstance(value, int) and not isinstance(value, bool):
        yield value


def test_what_a_user_gets_back_holds_cards():
    """Deals (seeded, read, of every game), positions, moves and the unseen cards of a
    PartialPosition hold Cards, never bare ints."""
    things = [kabalsolve.deal_from_seed(3).tableau, kabalsolve.deal_from_seed(3).stock,
              kabalsolve.read_deal("examples/won-klondike-draw3.txt").tableau,
              kabalsolve.read_deal("examples/won-draw1-lost-draw3-deck.txt").stock,
              acesup.Deal.from_seed(2).deck, clock.Deal.from_seed(2).deck,
              kabalsolve.read_deal("examples/lost-acesup.txt").deck,
              kabalsolve.read_deal("examples/klondike-unknown-cards.txt").unseen(),
              klondike.Deal(tuple(tuple(range(n * (n - 1) // 2, n * (n + 1) // 2))
                                  for n in range(1, 8)), tuple(range(28, 52))).tableau]
    pos = kabalsolve.Position(kabalsolve.deal_from_seed(3))
    for m in kabalsolve.solve(pos).moves[:40]:
        pos.push(m)
    things += [pos.piles, pos.waste, pos.stock]
    game = kabalsolve.play(kabalsolve.deal_from_seed(7), samples=2, max_states=500)
    things.append([m.card for m in game.moves])
    for thing in things:
        values = list(cards_in(thing))
        assert all(type(c) is Card for c in values), thing
    assert len(list(cards_in(things))) > 400


def test_position_takes_the_rules_as_keywords():
    deal = kabalsolve.deal_from_seed(7)
    pos = kabalsolve.Position(deal, draw=1, passes=3, foundation_moves=False)
    assert pos.rules == kabalsolve.Rules(draw=1, passes=3, foundation_moves=False)
    assert kabalsolve.solve(pos).rules == pos.rules
    assert kabalsolve.Position(deal, variant="danish").rules.danish
    assert kabalsolve.Position(deal, draw=None).rules == kabalsolve.Rules()
    assert kabalsolve.Position(deal, kabalsolve.Rules(draw=2)).rules.draw == 2
    ac = acesup.Position(acesup.Deal.from_seed(5), strict=True)
    assert ac.rules == acesup.Rules(strict=True)
    assert kabalsolve.solve(ac).rules == ac.rules


@pytest.mark.parametrize("call, words", [
    (lambda d: kabalsolve.Position(d, strict=True), "'strict' is no Klondike rule"),
    (lambda d: kabalsolve.Position(d, kabalsolve.Rules(), draw=1), "not both"),
    (lambda d: kabalsolve.Position(d, 1), "rules must be Klondike Rules"),
    (lambda d: kabalsolve.Position(d, draw=0), "draw must be a whole number from 1 to 24"),
    (lambda d: acesup.Position(acesup.Deal.from_seed(1), draw=1), "'draw' is no Aces Up rule"),
])
def test_a_position_refuses_what_is_no_rule_in_one_line(call, words):
    with pytest.raises(kabalsolve.OptionError, match=re.escape(words)):
        call(kabalsolve.deal_from_seed(7))


def test_the_error_for_rules_beside_a_position_says_what_works():
    """The message names two calls; both do what it says, and give the rules asked."""
    deal = kabalsolve.deal_from_seed(7)
    pos = kabalsolve.Position(deal)
    for call in (kabalsolve.solve, kabalsolve.is_winnable):
        with pytest.raises(kabalsolve.OptionError) as e:
            call(pos, draw=1)
        text = str(e.value)
        assert "Position(deal, draw=1)" in text and "position.with_rules(draw=1)" in text
        assert "--" not in text
    made = eval("kabalsolve.Position(deal, draw=1)")
    copied = eval("position.with_rules(draw=1)", {"position": pos})
    assert made.rules == copied.rules == kabalsolve.Rules(draw=1)
    assert pos.rules.draw == 3                  # the copy leaves the position as it was
    assert kabalsolve.solve(copied).verdict_line().startswith("won: klondike draw 1")
    ac = acesup.Position(acesup.Deal.from_seed(5))
    with pytest.raises(kabalsolve.OptionError, match=re.escape("with_rules(strict=True)")):
        kabalsolve.solve(ac, strict=True)
    assert ac.with_rules(strict=True).rules.strict


def test_with_rules_keeps_a_game_possible():
    pos = kabalsolve.Position(kabalsolve.deal_from_seed(7))
    for m in kabalsolve.solve(pos).moves:
        pos.push(m)
        if pos.recycles == 2:
            break
    with pytest.raises(kabalsolve.OptionError, match="used 3 passes, more than passes=2"):
        pos.with_rules(passes=2)
    with pytest.raises(kabalsolve.OptionError, match="keeps its variant"):
        pos.with_rules(variant="danish")
    with pytest.raises(kabalsolve.OptionError, match="'strict' is no Klondike rule"):
        pos.with_rules(strict=True)
    assert pos.with_rules(passes=3).rules.passes == 3


@pytest.mark.parametrize("call", [
    lambda d: kabalsolve.solve(d, max_states=0),
    lambda d: kabalsolve.solve(d, timeout=-1),
    lambda d: kabalsolve.solve(d, max_memory_mb=1),
    lambda d: kabalsolve.solve(d, variant="danish", objective="min-moves"),
    lambda d: kabalsolve.hint(kabalsolve.Position(d), samples=3),
    lambda d: kabalsolve.hint(kabalsolve.Position(d), no_peek=True, timeout=1),
    lambda d: kabalsolve.play(kabalsolve.Position(d), draw=1),
    lambda d: kabalsolve.solve(d, strict=True),
    lambda d: kabalsolve.solve(kabalsolve.read_deal("examples/klondike-unknown-cards.txt")),
])
def test_library_errors_name_the_library_keywords(call):
    with pytest.raises(kabalsolve.KabalError) as e:
        call(kabalsolve.deal_from_seed(7))
    assert not re.search(r"--[a-z]", str(e.value)), str(e.value)
