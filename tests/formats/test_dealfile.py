"""Deal files (docs/formats.md): parse/format round trips, the syntax's freedoms, and one
file per fault in tests/data/bad with the message and line it must give."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import DealError, KabalError, read_deal, read_text
from kabalsolve.cards import card_str, card_symbol
from kabalsolve.dealfile import read_bytes, read_file
from kabalsolve.games.klondike import Deal

from conftest import BAD_FILES, DATA

BAD = DATA / "bad"



def seed_deal(n=1):
    return kabalsolve.deal_from_seed(n)


# -- round trips -----------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_to_text_read_text_round_trip(seed):
    deal = kabalsolve.deal_from_seed(seed)
    text = deal.to_text(comment="seed %d" % seed)
    assert text.startswith("# seed %d\ngame: klondike\n" % seed)
    back = read_text(text)
    assert back == deal
    assert back.to_text() == deal.to_text()
    assert str(deal) == deal.to_text()


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_deck_line_equals_pile_lines(seed):
    deal = kabalsolve.deal_from_seed(seed)
    deck = deal.deck()
    assert sorted(deck) == list(range(52))
    assert Deal.from_deck(deck) == deal
    text = "game: klondike\ndeck: %s\n" % " ".join(card_str(c) for c in deck)
    assert read_text(text) == deal


@settings(max_examples=40, deadline=None)
@given(st.permutations(list(range(52))))
def test_from_deck_and_deck_are_inverse(deck):
    deal = Deal.from_deck(deck)
    assert deal.deck() == list(deck)
    # row by row: row 1 gives one card to each pile, the last 24 are the stock
    assert [p[0] for p in deal.tableau] == list(deck[:7])
    assert [p[1] for p in deal.tableau[1:]] == list(deck[7:13])
    assert list(deal.stock) == list(deck[28:])
    assert [len(p) for p in deal.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert deal.tableau[6][-1] == deck[27]


def test_dealing_order_by_hand():
    deck = list(range(52))
    deal = Deal.from_deck(deck)
    assert deal.tableau[0] == (0,)
    assert deal.tableau[1] == (1, 7)
    assert deal.tableau[2] == (2, 8, 13)
    assert deal.tableau[6] == (6, 12, 17, 21, 24, 26, 27)
    assert deal.stock == tuple(range(28, 52))


def test_symbols_ten_and_lower_case():
    deal = seed_deal(7)

    def sym(c):
        return card_symbol(c).lower()

    lines = ["GAME: Klondike"]
    for i, pile in enumerate(deal.tableau):
        lines.append("t%d:   %s" % (i + 1, " ".join(sym(c) for c in pile)))
    lines.append("Stock :" + " ".join(card_str(c).lower() for c in deal.stock))
    assert read_text("\n".join(lines)) == deal


def test_ten_accepted_as_10():
    deal = seed_deal(3)
    # write every ten as 10 inside the card lists only
    out = []
    for line in deal.to_text().splitlines():
        key, _, value = line.partition(":")
        out.append(key + ":" + " ".join("10" + t[1] if t[0] == "T" else t
                                         for t in value.split()))
    assert any("10" in line for line in out)
    assert read_text("\n".join(out)) == deal


def test_comments_blank_lines_and_spaces():
    deal = seed_deal(11)
    lines = deal.to_text().splitlines()
    noisy = ["# a comment", "", "   ", "  # an indented comment"]
    for line in lines:
        noisy += ["   " + line + "   ", "", "#" + line]
    text = "\r\n".join(noisy) + "\r\n"
    assert read_text(text) == deal


def test_game_line_optional_and_anywhere():
    deal = seed_deal(12)
    lines = [line for line in deal.to_text().splitlines() if not line.startswith("game")]
    assert read_text("\n".join(lines)) == deal
    assert read_text("\n".join(lines + ["game:  KLONDIKE  "])) == deal
    assert read_text("\n".join(reversed(lines))) == deal


def test_bom_and_bytes():
    deal = seed_deal(13)
    data = deal.to_text().encode("utf-8")
    assert read_bytes(b"\xef\xbb\xbf" + data) == deal
    assert read_bytes(data) == deal


def test_bom_file(tmp_path):
    deal = seed_deal(14)
    p = tmp_path / "bom.txt"
    p.write_bytes(b"\xef\xbb\xbf" + deal.to_text().encode("utf-8"))
    assert read_file(p) == deal
    assert read_deal(p) == deal
    assert read_deal(str(p)) == deal


def test_read_deal_text_or_path(tmp_path):
    deal = seed_deal(15)
    assert read_deal(deal.to_text()) == deal
    p = tmp_path / "d.txt"
    p.write_text(deal.to_text(), encoding="utf-8")
    assert read_deal(str(p)) == deal


def test_shuffled_line_order_same_deal():
    deal = seed_deal(16)
    lines = deal.to_text().splitlines()
    rng = random.Random(1)
    for _ in range(5):
        rng.shuffle(lines)
        assert read_text("\n".join(lines)) == deal


def test_deal_validation_direct():
    deal = seed_deal(2)
    tab = [list(p) for p in deal.tableau]
    stock = list(deal.stock)
    stock[0] = tab[0][0]
    with pytest.raises(DealError) as e:
        Deal(tuple(tuple(p) for p in tab), tuple(stock))
    missing = card_str(deal.stock[0])
    assert str(e.value) == "duplicated card %s; missing card %s" % (card_str(tab[0][0]), missing)
    with pytest.raises(DealError, match="7 tableau piles"):
        Deal(deal.tableau[:6], deal.stock)
    with pytest.raises(DealError, match="pile T2 must hold 2 cards, not 1"):
        Deal((deal.tableau[0], deal.tableau[0]) + deal.tableau[2:], deal.stock)
    with pytest.raises(DealError, match="the stock must hold 24 cards, not 23"):
        Deal(deal.tableau, deal.stock[1:])
    with pytest.raises(DealError, match="a deck must hold 52 cards, not 51"):
        Deal.from_deck(list(range(51)))


def test_column_of_bad_card():
    deal = seed_deal(1)
    lines = deal.to_text().replace("T3: ", "T3:   ", 1).splitlines()
    # the T3 line (line 4) reads "T3:   QD 6S 7D": make the second card bad
    assert lines[3] == "T3:   QD 6S 7D"
    lines[3] = "T3:   QD 6X 7D"
    with pytest.raises(DealError) as e:
        read_text("\n".join(lines))
    err = e.value
    assert err.line == 4
    assert err.column == lines[3].index("6X") + 1
    assert "'6X' is not a card" in err.message
    assert err.column == 10
    assert str(err).startswith("line 4, column 10: ")


# -- bad files -----------------------------------------------------------------------
def test_bad_files_table_is_complete():
    on_disk = sorted(p.name for p in BAD.glob("*.txt"))
    assert on_disk == sorted(BAD_FILES)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file(name):
    substring, line = BAD_FILES[name]
    path = BAD / name
    with pytest.raises(DealError) as e:
        read_file(path)
    err = e.value
    assert isinstance(err, KabalError) and isinstance(err, ValueError)
    assert substring in err.message
    assert err.line == line
    assert err.source == str(path)
    text = str(err)
    assert "\n" not in text
    assert text.startswith(str(path))
    if line is not None:
        assert ", line %d" % line in text
    else:
        assert ", line" not in text
    assert text.endswith(err.message)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_file_through_read_deal(name):
    with pytest.raises(DealError):
        read_deal(BAD / name)


def test_unreadable_directory(tmp_path):
    with pytest.raises(DealError) as e:
        read_file(tmp_path)
    assert "cannot read the file" in str(e.value)
    assert e.value.line is None
    assert e.value.source == str(tmp_path)


def test_unreadable_nonexistent(tmp_path):
    p = tmp_path / "no-such-deal.txt"
    with pytest.raises(DealError) as e:
        read_file(p)
    assert "cannot read the file" in str(e.value)
    assert "No such file" in str(e.value)
    assert e.value.line is None
    with pytest.raises(DealError):
        read_deal(str(p))


def test_error_str_forms():
    assert str(DealError("boom")) == "boom"
    assert str(DealError("boom", 3)) == "line 3: boom"
    assert str(DealError("boom", 3, 7)) == "line 3, column 7: boom"
    assert str(DealError("boom", 3, 7, "f.txt")) == "f.txt, line 3, column 7: boom"
    assert str(DealError("boom", None, None, "f.txt")) == "f.txt: boom"
