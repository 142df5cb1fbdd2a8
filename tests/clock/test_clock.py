"""Clock patience: the core's play-out against the reference rules, the deal files,
the command, and the 1-in-13 win rate (Jenkyns & Muller, 1981)."""
import json
import math
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import _core
from kabalsolve.errors import DealError
from kabalsolve.games import clock
from kabalsolve.seeds import shuffled_deck

from conftest import DATA as TEST_DATA

DATA = os.path.join(TEST_DATA, "clock")


def test_core_shuffle_is_the_library_shuffle():
    for seed in list(range(300)) + [2**32, 2**63 + 7, 2**64 - 1]:
        assert _core.shuffled_deck(seed) == shuffled_deck(seed)


@settings(max_examples=200, deadline=None)
@given(st.permutations(list(range(52))))
def test_core_play_out_equals_reference(deck):
    won, turns = clock.play_out(clock.Deal(tuple(deck)))
    cards = _core.clock_play(deck)
    assert cards == [t.card for t in turns]
    assert won == (len(cards) == 52)
    # each card goes under the pile of its rank, and the next comes from there
    for a, b in zip(turns, turns[1:]):
        assert b.src == a.dst == clock.target_pile(a.card)
    assert turns[0].src == clock.CENTRE
    # the game always ends at the centre, with the fourth King
    assert turns[-1].dst == clock.CENTRE
    assert sum(1 for t in turns if t.dst == clock.CENTRE) == 4


def test_known_deals():
    won = kabalsolve.solve(kabalsolve.read_deal(os.path.join(DATA, "won_seed8.txt")))
    assert won.result == "won" and len(won.turns) == 52
    lost = kabalsolve.solve(kabalsolve.read_deal(os.path.join(DATA, "lost_after_4.txt")))
    assert lost.result == "lost" and len(lost.turns) == 4
    assert [t.dst for t in lost.turns] == [13, 13, 13, 13]
    assert kabalsolve.is_winnable(lost.deal) is False


def test_win_rate_is_one_in_thirteen():
    n = 200_000
    won, turned = _core.clock_stats(1, n)
    p = 1 / 13
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(won / n - p) < 4 * sigma
    assert won * 52 <= turned <= n * 52
    # the batch path plays the same deals as the library
    assert _core.clock_stats(5, 50)[0] == sum(
        clock.play_out(clock.Deal(tuple(shuffled_deck(s))))[0] for s in range(5, 55))


def _deck_text(cards):
    return "game: clock\ndeck: " + " ".join(kabalsolve.card_str(c) for c in cards) + "\n"


@pytest.mark.parametrize("text, message, line", [
    (_deck_text(range(51)), "52 cards, not 51", 2),
    (_deck_text(list(range(51)) + [0]), "duplicated card AS", 2),
    ("game: clock\nT1: AS\n", "unknown key 't1' in a Clock deal", 2),
    ("game: clock\n", "'deck:' line is missing", None),
    ("game: clock\ndeck: AS 2S XX\n", "'XX' is not a card", 2),
])
def test_bad_clock_deals(text, message, line):
    with pytest.raises(DealError) as e:
        kabalsolve.read_text(text)
    assert message in str(e.value)
    assert e.value.line == line


def test_clock_round_trip():
    deal = clock.Deal(tuple(shuffled_deck(3)))
    assert kabalsolve.read_text(deal.to_text()) == deal


def test_str_and_repr_show_cards():
    deal = clock.Deal.from_seed(1)
    assert str(deal) == deal.to_text()
    assert repr(deal).startswith("<Deal clock deck: 9C 7C QD 4C ") and repr(deal).endswith(" 4D>")
    sol = kabalsolve.solve(deal)
    assert [str(t) for t in sol.moves[:3]] == ["4D 13 4", "9D 4 9", "JC 9 11"]
    assert repr(sol.moves[0]) == "<Turn 4D 13 4>"
    assert repr(sol).startswith("<ClockSolution lost: clock, 37 of 52 cards turned; ")


def test_cli(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "kabalsolve", *args],
                              capture_output=True, text=True, timeout=60)
    won = run(os.path.join(DATA, "won_seed8.txt"))
    assert won.returncode == 0
    lines = won.stdout.splitlines()
    assert lines[0].startswith("won: clock, 52 of 52 cards turned")
    assert len(lines) == 53 and lines[1].strip().startswith("1. turn ")
    lost = run("--json", os.path.join(DATA, "lost_after_4.txt"))
    assert lost.returncode == 1
    d = json.loads(lost.stdout)
    assert d["game"] == "clock" and d["result"] == "lost" and d["turned"] == 4
    assert len(d["moves"]) == 4 and all(m[0] == "K" for m in d["moves"])
    quiet = run("-q", os.path.join(DATA, "lost_after_4.txt"))
    assert quiet.stdout.count("\n") == 1
    bad = tmp_path / "bad.txt"
    bad.write_text("game: clock\ndeck: AS\n")
    r = run(str(bad))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
