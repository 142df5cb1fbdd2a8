"""Deal numbers of other programs (kabalsolve.numbering), each against values the
program itself printed or holds in its own source and tests (tests/data/numbering/:
each file's header says where its values come from)."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

import kabalsolve
from kabalsolve import OptionError
from kabalsolve.cards import card_str
from kabalsolve.formats import shootme
from kabalsolve.numbering import (SCHEMES, check_number, deal_number, lonelybot, microsoft,
                                  numbered_deal, parse_spec, title)

DATA = Path(__file__).resolve().parent.parent / "data" / "numbering"


def rows(name: str) -> Iterator[Tuple[int, List[str]]]:
    """(number, [T1 .. T7, stock] as card strings) of a reference file."""
    for line in (DATA / name).read_text().splitlines():
        if line and not line.startswith("#"):
            number, _, body = line.partition(" ")
            yield int(number), [part.strip() for part in body.split("|")]


def layout(deal: kabalsolve.Deal) -> List[str]:
    return [" ".join(card_str(c) for c in p) for p in deal.tableau] + [
        " ".join(card_str(c) for c in deal.stock)]


def test_solvitaire_deals_are_the_ones_solvitaire_prints() -> None:
    seen = 0
    for seed, expected in rows("solvitaire.txt"):
        assert layout(numbered_deal("solvitaire", seed)) == expected, seed
        seen += 1
    assert seen > 300


def deck_rows(name: str) -> Iterator[Tuple[int, str]]:
    """(number, ShootMe deck string) of a reference file."""
    for line in (DATA / name).read_text().splitlines():
        if line and not line.startswith("#"):
            number, deck = line.split()
            yield int(number), deck


def test_klondike_solver_deals_are_the_ones_it_deals() -> None:
    rows_ = list(deck_rows("klondike_solver.txt"))
    assert len(rows_) > 100 and rows_[0][0] == 0 and rows_[-1][0] == 2 ** 31 - 1
    for n, deck in rows_:
        assert numbered_deal("klondike-solver", n) == shootme.read(deck), n


def test_greenfelt_deals_are_the_ones_shootme_deals() -> None:
    rows_ = list(deck_rows("greenfelt.txt"))
    assert len(rows_) > 100
    for n, deck in rows_:
        assert numbered_deal("greenfelt", n) == shootme.read(deck), n


def test_klondike_solver_and_greenfelt_agree_with_pyksolve_when_installed() -> None:
    """A live second reading on other numbers than the files hold."""
    solver = pytest.importorskip("pyksolve.solver")
    s = solver.Solitaire()
    for n in list(range(100, 400, 7)) + [777777, 123456789]:
        s.shuffle1(n)
        assert numbered_deal("klondike-solver", n) == shootme.read(s.get_solitaire()), n
        s.shuffle2(n)
        assert numbered_deal("greenfelt", n) == shootme.read(s.get_solitaire()), n


#: exact numbers lonelybot's own tests and README hold: (numbering, number, its exact one)
LONELYBOT_VALUES = [
    ("solvitaire", 0, 12954810653509400169295621394006691876957783508183809583464865425989),
    ("solvitaire", 22, 75815935119064350470717521029623259780400326814603147288883495865917),
    ("klondike-solver", 0, 35511235380175238168226668580770214465574563740067205469369780560069),
    ("greenfelt", 0, 70781775317263119030027683441491840945148374294523658484644048341783),
    ("microsoft", 37529377358585594134454298882350599254635682470701937210952436445911,
     6555618124709432518914756628087920429793617258659043425228908599455),
]


@pytest.mark.parametrize("name,number,exact", LONELYBOT_VALUES)
def test_lonelybot_exact_numbers_of_other_numberings(name: str, number: int,
                                                     exact: int) -> None:
    deal = numbered_deal(name, number)
    assert deal_number(deal, "lonelybot") == exact
    assert deal_number(deal) == exact
    assert numbered_deal("lonelybot", exact) == deal
    assert numbered_deal("lonelybot", str(exact)) == deal


def test_exact_numbers_read_back_to_the_same_deal() -> None:
    import random
    rng = random.Random(45)
    for name in ("lonelybot", "microsoft"):
        top = SCHEMES[name].hi
        assert top == math.factorial(52) - 1
        for n in [0, 1, 51, top - 1, top] + [rng.randrange(top + 1) for _ in range(100)]:
            assert deal_number(numbered_deal(name, n), name) == n, (name, n)
        for seed in range(1, 30):       # and every deal has one
            deal = kabalsolve.deal_from_seed(seed)
            assert numbered_deal(name, deal_number(deal, name)) == deal


def test_exact_number_edges_and_layout() -> None:
    """Number 0 swaps every place with place 0: lonelybot's new deck (hearts, diamonds,
    clubs, spades within a rank) moves one place on, its King of spades first, laid out
    pile by pile; Microsoft's (spades, hearts, clubs, diamonds, each Ace to King) moves
    one place back, its Ace of spades last, and is dealt from the end."""
    zero = numbered_deal("lonelybot", 0)
    assert layout(zero)[:3] == ["KS", "AH AD", "AC AS 2H"]
    assert card_str(zero.stock[0]) == "7S" and card_str(zero.stock[-1]) == "KC"
    assert [card_str(lonelybot.our_card(n)) for n in range(4)] == ["AH", "AD", "AC", "AS"]
    ms = numbered_deal("microsoft", 0)
    assert layout(ms)[:3] == ["AS", "KD 7D", "QD 6D AD"]
    assert card_str(ms.stock[0]) == "QH" and card_str(ms.stock[-1]) == "2S"
    for name in ("lonelybot", "microsoft"):
        with pytest.raises(OptionError, match=r"from 0 to 52! - 1, not 8065817517"):
            numbered_deal(name, math.factorial(52))
    assert microsoft.MAX_NUMBER == lonelybot.MAX_NUMBER


def test_only_the_exact_numberings_number_any_deal() -> None:
    deal = kabalsolve.deal_from_seed(3)
    for name in ("solvitaire", "klondike-solver", "greenfelt", "pysolfc"):
        with pytest.raises(OptionError, match="numbers only the deals its own shuffle "
                                              "makes; the numberings of every deal are "
                                              "microsoft and lonelybot"):
            deal_number(deal, name)


@pytest.mark.parametrize("name,lo,hi", [("solvitaire", 0, 2 ** 31 - 1),
                                        ("klondike-solver", 0, 2 ** 31 - 1),
                                        ("greenfelt", 0, 2 ** 32 - 1),
                                        ("microsoft", 0, math.factorial(52) - 1),
                                        ("lonelybot", 0, math.factorial(52) - 1),
                                        ("pysolfc", 1, 10 ** 20 - 1)])
def test_every_numbering_at_its_edges(name: str, lo: int, hi: int) -> None:
    assert (SCHEMES[name].lo, SCHEMES[name].hi) == (lo, hi)
    for n in (lo, hi):
        deal = numbered_deal(name, n)
        assert sorted(deal.cards()) == list(range(52))
        assert numbered_deal(name, str(n)) == deal
    top = "52! - 1" if hi == math.factorial(52) - 1 else str(hi)
    for bad in (lo - 1, hi + 1):
        with pytest.raises(OptionError) as e:
            numbered_deal(name, bad)
        assert str(e.value) == "a %s is a whole number from %d to %s, not %d" % (
            SCHEMES[name].noun, lo, top, bad)


def test_solvitaire_edges() -> None:
    top = SCHEMES["solvitaire"].hi
    assert top == 2 ** 31 - 1
    assert numbered_deal("solvitaire", "0") == numbered_deal("solvitaire", 0)
    assert numbered_deal("solvitaire", str(top)) == numbered_deal("solvitaire", top)
    for bad in (-1, top + 1, 2 ** 32, "-1", "2147483648", "12a", "", "\u0663", True, 1.0):
        with pytest.raises(OptionError, match=r"a Solvitaire seed is a whole number "
                                              r"from 0 to 2147483647, not "):
            numbered_deal("solvitaire", bad)  # type: ignore[arg-type]


def test_unknown_numbering_names_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown deal numbering 'solvitare' \(known: "
                                          r"solvitaire, "):
        numbered_deal("solvitare", 1)


def test_a_long_string_is_refused_without_converting_it() -> None:
    with pytest.raises(OptionError, match="from 0 to 2147483647"):
        check_number("solvitaire", "9" * 100000)


def test_spec_and_title() -> None:
    assert parse_spec("solvitaire:12") == ("solvitaire", 12)
    assert title("solvitaire", 12) == "Solvitaire seed 12"
    for bad in ("solvitaire", "solvitaire:", "nothing:1", "solvitaire:-3"):
        with pytest.raises(OptionError):
            parse_spec(bad)


def test_pysolfc_is_a_numbering_too() -> None:
    from kabalsolve.formats import pysolfc
    assert numbered_deal("pysolfc", 12345) == pysolfc.deal(12345)
    with pytest.raises(OptionError, match="from 1 to 99999999999999999999"):
        numbered_deal("pysolfc", 0)


def test_module_docstring_examples() -> None:
    import doctest

    import kabalsolve.numbering
    result = doctest.testmod(kabalsolve.numbering)
    assert result.attempted > 0 and result.failed == 0


def test_solvitaire_verdicts_on_its_own_deals() -> None:
    """The deals are the ones Solvitaire decided: our verdict is its verdict."""
    seen = 0
    for line in (DATA / "solvitaire_verdicts.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            seed, draw, verdict = line.split("\t")
            sol = kabalsolve.solve(numbered_deal("solvitaire", int(seed)), draw=int(draw))
            assert sol.result == verdict, (seed, draw)
            seen += 1
    assert seen >= 90


def minimal_klondike_layout(game: int) -> Tuple[List[Tuple[int, ...]], Tuple[int, ...]]:
    """GreenFelt's game as MinimalKlondike's ``ShuffleGreenFelt`` lays it out, step by
    step as that code does (a second reading of the layout, apart from the module's
    "reverse, then deal row by row"): its deck array after the seven passes is
    rotated by 24 places, then cards are swapped into column order, piles are filled
    from consecutive places, and the stock is turned from its last place."""
    from kabalsolve.cards import make
    ours = {0: 3, 1: 2, 2: 0, 3: 1}    # its suits clubs, diamonds, spades, hearts

    def card(v: int) -> int:
        return make(v % 13, ours[v // 13])
    deck = [card(i) for i in range(26)] + [card(i + 39) for i in range(13)] + [
        card(i + 26) for i in range(13)]
    x = game
    for _ in range(7):
        for j in range(52):
            x = x * 16807 % (2 ** 31 - 1)
            k = x % 52
            deck[j], deck[k] = deck[k], deck[j]
    deck = deck[24:] + deck[:24]
    orig = 27
    for i in range(7):
        pos = (i + 1) * (i + 2) // 2 - 1
        for j in range(6 - i, -1, -1):
            if j >= i:
                deck[pos], deck[orig] = deck[orig], deck[pos]
            orig -= 1
            pos += 7 - j
    piles, m = [], 0
    for size in range(1, 8):
        piles.append(tuple(deck[m:m + size]))
        m += size
    return piles, tuple(reversed(deck[28:]))


def test_greenfelt_layout_is_minimal_klondikes() -> None:
    for game in list(range(0, 60)) + [12345, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1]:
        deal = numbered_deal("greenfelt", game)
        piles, stock = minimal_klondike_layout(game)
        assert (list(deal.tableau), deal.stock) == (piles, stock), game
