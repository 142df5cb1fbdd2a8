"""Cards: every notation is a tested pair (parse_card / card_str / card_symbol)."""
import pytest

from kabalsolve import cards
from kabalsolve.cards import (DECK, RANKS, SUITS, card_str, card_symbol, cards_str, deck_problems, is_red, make, parse_card, rank, suit)

ALL = list(range(52))


def test_numbering_is_suit_major_in_new_deck_order():
    assert [card_str(c) for c in ALL[:13]] == [r + "S" for r in RANKS]
    assert card_str(0) == "AS" and card_str(12) == "KS"
    assert card_str(13) == "AH" and card_str(26) == "AD" and card_str(51) == "KC"
    assert [suit(c) for c in (0, 13, 26, 39)] == [0, 1, 2, 3]
    assert [rank(c) for c in (0, 9, 12, 25)] == [0, 9, 12, 12]
    assert [make(rank(c), suit(c)) for c in ALL] == ALL
    assert DECK == ALL


def test_colours():
    red = {c for c in ALL if is_red(c)}
    assert red == set(range(13, 39))  # hearts and diamonds


@pytest.mark.parametrize("c", ALL)
def test_ascii_round_trip(c):
    s = card_str(c)
    assert len(s) == 2 and s[0] in RANKS and s[1] in SUITS
    assert parse_card(s) == c
    assert parse_card(s.lower()) == c
    assert parse_card(s[0].lower() + s[1]) == c
    assert parse_card("  %s\t" % s) == c


@pytest.mark.parametrize("c", ALL)
def test_symbol_round_trip(c):
    s = card_symbol(c)
    assert s[-1] in "\u2660\u2665\u2666\u2663"
    assert parse_card(s) == c
    # the symbol form uses "10"; ASCII rank with a symbol works too
    assert parse_card(card_str(c)[0] + s[-1]) == c


def test_ten_spellings():
    td = make(9, 2)
    for tok in ("TD", "td", "tD", "10d", "10D", "10\u2666", "T\u2666", "10\u2662"):
        assert parse_card(tok) == td, tok
    assert card_str(td) == "TD"
    assert card_symbol(td) == "10\u2666"


def test_hollow_suit_symbols():
    assert parse_card("Q\u2661") == make(11, 1)   # white heart
    assert parse_card("A\u2664") == make(0, 0)    # white spade
    assert parse_card("3\u2667") == make(2, 3)    # white club


def test_examples_from_formats_md():
    assert parse_card("TD") == make(9, 2)
    assert parse_card("10d") == make(9, 2)
    assert parse_card("Q\u2665") == make(11, 1)
    assert parse_card("7H") == make(6, 1)
    assert parse_card("2C") == make(1, 3)
    assert parse_card("QS") == make(11, 0)


@pytest.mark.parametrize("tok", [
    "", " ", "A", "S", "1S", "11S", "0S", "01S", "1", "10", "ZS", "AX", "AA", "KSS",
    "QSH", "100D", "T", "♠", "A♠♠", "10 D", "1OD", "KB", "J*", "-AS", "AS.", "1\u2666",
    "XX", "\u2660A",
])
def test_rejects_bad_tokens(tok):
    assert parse_card(tok) is None


def test_cards_str():
    assert cards_str([]) == ""
    assert cards_str([0, 51, 22]) == "AS KC TH"


def test_deck_problems_full_deck():
    assert deck_problems(ALL) is None
    assert deck_problems(list(reversed(ALL))) is None


def test_deck_problems_missing_one():
    msg = deck_problems(ALL[:-1])
    assert msg == "missing card KC"


def test_deck_problems_missing_several():
    msg = deck_problems([c for c in ALL if c not in (0, 13)])
    assert msg == "missing cards AS AH"


def test_deck_problems_duplicate_and_missing():
    deck = ALL[:-1] + [0]          # AS twice, KC missing
    msg = deck_problems(deck)
    assert msg == "duplicated card AS; missing card KC"


def test_deck_problems_several_duplicates():
    deck = ALL[2:] + [5, 6]        # 6S 7S twice, AS 2S missing
    msg = deck_problems(deck)
    assert msg == "duplicated cards 6S 7S; missing cards AS 2S"


def test_deck_problems_too_many():
    msg = deck_problems(ALL + [51])
    assert msg == "duplicated card KC"


def test_deck_problems_empty():
    msg = deck_problems([])
    assert msg is not None and msg.startswith("missing cards AS 2S")
    assert len(msg.split()) == 2 + 52


@pytest.mark.parametrize("bad", [-1, -52, 52, 99, True, 0.0, "AS", None])
def test_a_value_that_is_no_card_is_named_not_taken_for_one(bad):
    """-1 once read as the last card (a list indexed from its end), 52 and up raised an
    IndexError, True passed as the Two of spades."""
    from kabalsolve import Deal
    from kabalsolve.errors import DealError
    from kabalsolve.games.acesup.rules import Deal as AcesUpDeal
    from kabalsolve.games.clock.rules import Deal as ClockDeal
    assert deck_problems(ALL[:51] + [bad]) == (
        "not a card: %r (a card is a Card or a number from 0 to 51)" % (bad,))
    deck = ALL[:51] + [bad]
    with pytest.raises(DealError, match=r"^the stock, card 24 is not a card: "):
        Deal.from_deck(deck)
    deck = ALL[:3] + [bad] + ALL[4:]
    with pytest.raises(DealError, match=r"^T4, card 1 is not a card: "):
        Deal.from_deck(deck)
    with pytest.raises(DealError, match=r"^card 4 of an Aces Up deal is not a card: "):
        AcesUpDeal(tuple(deck))
    with pytest.raises(DealError, match=r"^card 4 of a Clock deal is not a card: "):
        ClockDeal(tuple(deck))


def test_module_constants():
    assert cards.RANKS == "A23456789TJQK" and cards.SUITS == "SHDC"
    assert len(cards.RANK_NAMES) == 13 and len(cards.SUIT_NAMES) == 4
