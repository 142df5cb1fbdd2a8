"""Deal numbers of other programs (kabalsolve.numbering), each against values the
program itself printed or holds in its own source and tests (tests/data/numbering/:
each file's header says where its values come from)."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator, List, Tuple

import pytest

import kabalsolve
from kabalsolve import OptionError
from kabalsolve.cards import card_str
from kabalsolve.numbering import SCHEMES, check_number, numbered_deal, parse_spec, title

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
