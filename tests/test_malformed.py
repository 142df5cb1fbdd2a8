"""Malformed input, one file a case (tests/data/malformed/, listed with the message each
must give in cases.tsv): every command answers with exactly one error line of at most
300 characters and exit status 2, and the library with a DealError or OptionError.

Also here: what strict reading must still accept (suit symbols, Solvitaire's empty
waste and foundations), the library's budgets, and the replay page's data, which no
title or deal can break out of.
"""
import json
import pathlib
import re

import pytest

import kabalsolve
from kabalsolve import formats, replaypage
from kabalsolve.cli.options import MAX_ERROR_LINE, error_line
from kabalsolve.errors import DealError, OptionError
from kabalsolve.games import acesup, klondike
from kabalsolve.games.klondike.page import replay_page

from conftest import call, check_one_error_line

DATA = pathlib.Path(__file__).parent / "data" / "malformed"


def cases():
    out = []
    for n, line in enumerate((DATA / "cases.tsv").read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#") or not line.strip():
            continue
        name, args, message = line.split("\t")
        out.append(pytest.param(name, args, message, id="%s:%d" % (name, n)))
    return out


def test_every_file_of_the_corpus_is_in_the_table():
    named = {line.split("\t")[0] for line in (DATA / "cases.tsv").read_text("utf-8").splitlines()
             if line and not line.startswith("#")}
    assert {p.name for p in DATA.iterdir()} - {"cases.tsv"} == named - {"-"}


@pytest.mark.parametrize("name,args,message", cases())
def test_the_command_line_gives_one_clean_line(name, args, message, capsys, monkeypatch):
    monkeypatch.chdir(DATA)         # file names as short as a user's
    before = {p.name: p.read_bytes() for p in DATA.iterdir()}
    code, out, err = call([a.replace("{}", name) for a in args.split()], capsys)
    line = check_one_error_line(err)
    assert code == 2 and out == ""
    assert message in line, line
    assert len(line) <= MAX_ERROR_LINE
    # a command refused leaves every file as it was, and writes none
    assert {p.name: p.read_bytes() for p in DATA.iterdir()} == before


@pytest.mark.parametrize("name,args,message",
                         [c for c in cases() if c.values[0] != "-" and c.values[1] == "{}"])
def test_the_library_raises_a_deal_error(name, args, message):
    with pytest.raises(DealError) as e:
        kabalsolve.read_deal(DATA / name)
    assert message in str(e.value)
    assert len(str(e.value)) < 250 + len(str(DATA / name))


def test_an_error_line_is_one_line_clipped_to_300_characters():
    line = error_line("bad: " + "x\n" * 2000)
    assert "\n" not in line and len(line) == MAX_ERROR_LINE and line.endswith("...")
    assert error_line("short") == "kabalsolve: error: short"


def test_a_long_file_name_is_clipped_too(tmp_path, capsys):
    path = tmp_path / ("d" * 200) / ("e" * 200)
    path.parent.mkdir()
    path.write_text("nonsense\n")
    code, _, err = call([str(path)], capsys)
    assert code == 2 and len(check_one_error_line(err)) == MAX_ERROR_LINE


def test_standard_input_is_bounded_too(capsys, monkeypatch):
    import io
    import sys

    class Endless(io.RawIOBase):
        read_bytes = 0

        def readable(self):
            return True

        def readinto(self, b):
            Endless.read_bytes += len(b)
            b[:] = b"#" * len(b)
            return len(b)

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(Endless())))
    code, _, err = call(["-"], capsys)
    assert code == 2 and "<stdin>: this is too long for a deal file" in check_one_error_line(err)
    assert Endless.read_bytes < 1024 * 1024


# -- what stays accepted -----------------------------------------------------------------
def test_suit_symbols_and_either_case_of_ascii_letters_still_read():
    deal = klondike.Deal.from_seed(5)
    text = deal.to_text()
    symbols = re.sub(r"\b([A2-9TJQK])([SHDC])\b",
                     lambda m: m.group(1).lower() + "\u2660\u2665\u2666\u2663"["SHDC".index(m.group(2))],
                     text)
    assert symbols != text
    assert kabalsolve.read_deal(symbols) == deal
    assert kabalsolve.read_deal(text.lower()) == deal


def test_solvitaire_empty_waste_and_foundations_are_accepted():
    deal = klondike.Deal.from_seed(9)
    obj = json.loads(formats.write(deal, "solvitaire"))
    obj["waste"] = []
    obj["foundations"] = [[], [], [], []]
    assert kabalsolve.read_deal(json.dumps(obj)) == deal


def test_a_shootme_deck_of_ascii_digits_still_reads():
    deal = klondike.Deal.from_seed(11)
    assert kabalsolve.read_deal(formats.write(deal, "shootme")) == deal


# -- the library's budgets and options ----------------------------------------------------
@pytest.mark.parametrize("budget", [
    dict(max_states=2**64), dict(max_states=0), dict(max_states=True), dict(max_states=1.5),
    dict(max_memory_mb=17592186044416), dict(max_memory_mb=3), dict(max_memory_mb="64"),
    dict(timeout=float("nan")), dict(timeout=float("inf")), dict(timeout="5"),
    dict(timeout=-1), dict(timeout=10**10)])
@pytest.mark.parametrize("deal", [klondike.Deal.from_seed(1), acesup.Deal.from_seed(1)],
                         ids=["klondike", "acesup"])
def test_a_budget_out_of_range_is_an_option_error(budget, deal):
    with pytest.raises(OptionError):
        kabalsolve.solve(deal, **budget)


def test_budgets_at_their_bounds_are_taken():
    sol = kabalsolve.solve(klondike.Deal.from_seed(1), max_states=10**18,
                           max_memory_mb=2**24, timeout=1e9)
    assert sol.result in ("won", "lost")


def test_the_table_stays_within_its_budget():
    """The core's own check: a search that fills a 4 MiB budget reports the bytes its
    table holds, and old + new never passed the budget while it doubled."""
    deal = klondike.Deal.from_seed(12)
    sol = kabalsolve.solve(deal, max_memory_mb=4)
    assert sol.result == "unknown" and sol.stopped_by == "memory"
    assert 0 < sol.stats.table_bytes and 3 * sol.stats.table_bytes // 2 <= 4 << 20


# -- the replay page -----------------------------------------------------------------------
def test_the_replay_page_cannot_be_broken_out_of():
    pos = klondike.Position(klondike.Deal.from_seed(3))
    title = "@BOARD@ @DATA@ </script><script>alert(1)</script> & \"x\""
    page = replay_page(pos, [], title)
    template = replay_page(pos, [], "plain")
    # the title is escaped text, and the markers in it were never filled
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;" in page
    assert page.count('data-pile="T1"') == template.count('data-pile="T1"')
    assert page.count("<script") == template.count("<script")
    data = replaypage.json_in_script({"words": "</script><!-- \u2028 & >"})
    assert "<" not in data and ">" not in data and "&" not in data
    assert json.loads(data) == {"words": "</script><!-- \u2028 & >"}
