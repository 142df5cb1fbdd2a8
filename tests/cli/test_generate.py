"""Seeded deals: the same on every machine and version; only-winnable generation, and
how many games a player that does not peek wins of each."""
import json
import os
import re
import subprocess
import sys

import pytest
from kabalsolve.games import clock

import kabalsolve
from kabalsolve.cards import card_str
from kabalsolve.errors import OptionError
from kabalsolve.seeds import shuffled_deck
from kabalsolve.generate import difficulty, generate

from conftest import call, check_one_error_line

# The shuffle is a promise (generate.py documents it): these decks must never change.
PINNED = {
    0: "KS TD 9S TC 3S JC KC QS 3D KH 6H AH JH 3C 4S QC 4D 2H JD AS 5S 5D KD 6C 8D 5C "
       "8C QH TS 4C AC 7D 2D 7S QD 5H 7H AD 9H 8H 6D 4H 2C JS 9D 8S 3H 6S 9C 2S TH 7C",
    2**64 - 1: "3H 7H KS 5H QC 3S JD 7D AD TH QD TS 2D 4D KH 2S 9D JC 5D 9S JH 4S AC 6H "
               "6D 9H 4H 3D 6S TD TC 6C AH 5S 7S 2H QH 8S 2C 3C 7C 4C AS 9C QS 5C KD 8D "
               "8H JS KC 8C",
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_pinned_shuffles(seed):
    assert " ".join(card_str(c) for c in shuffled_deck(seed)) == PINNED[seed]


def test_bad_seeds():
    for bad in (-1, 2**64):
        with pytest.raises(ValueError):
            shuffled_deck(bad)
    with pytest.raises(OptionError):
        list(generate("spider"))


def test_generate_is_deal_from_seed():
    got = list(generate("klondike", seed=40, count=5))
    assert [g.seed for g in got] == [40, 41, 42, 43, 44]
    assert [g.deal for g in got] == [kabalsolve.deal_from_seed(s) for s in range(40, 45)]
    assert all(g.solution is None for g in got)
    assert [g.deal for g in generate("clock", seed=3, count=2)] == [clock.Deal.from_seed(3), clock.Deal.from_seed(4)]


def test_winnable_keeps_exactly_the_won_deals():
    got = list(generate("klondike", seed=1, count=12, winnable=True, draw=3))
    assert len(got) == 12
    seeds = [g.seed for g in got]
    assert seeds == sorted(seeds)
    for g in got:
        assert g.solution.result == "won"
        assert kabalsolve.games.klondike.replay(g.deal, g.solution.rules,
                                                g.solution.moves).is_won()
    skipped = set(range(seeds[0], seeds[-1])) - set(seeds)
    assert skipped, "seeds 1.. include lost deals at draw 3"
    for s in skipped:
        assert kabalsolve.solve(kabalsolve.deal_from_seed(s), draw=3).result == "lost"
    # the same arguments give the same deals
    assert [g.seed for g in generate("klondike", seed=1, count=12, winnable=True)] == seeds


def test_winnable_clock_deals_are_won():
    got = list(generate("clock", seed=0, count=3, winnable=True))
    assert all(g.solution.result == "won" and len(g.solution.moves) == 52 for g in got)


def test_difficulty_buckets():
    assert [difficulty(n) for n in (1, 100, 101, 1000, 1001, 10**4, 10**4 + 1, 10**5,
                                    10**5 + 1, 10**9)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_cli_generate(tmp_path):
    out = tmp_path / "deals"
    r = subprocess.run([sys.executable, "-m", "kabalsolve", "generate", "--count", "3",
                        "--seed", "20", "--winnable", "--draw", "1", "--out", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    files = sorted(os.listdir(out))
    assert len(files) == 3 and all(f.startswith("klondike-") for f in files)
    for f in files:
        text = (out / f).read_text()
        assert "# won; " in text and "difficulty" in text
        read = kabalsolve.read_deal(str(out / f))     # the deal with its rules, as proved
        assert read.rules.draw == 1 and kabalsolve.solve(read).result == "won"
    r = subprocess.run([sys.executable, "-m", "kabalsolve", "generate", "--count", "2"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0
    assert r.stdout.count("game: klondike") == 2
    assert "# seed 1 " in r.stdout and "# seed 2 " in r.stdout


def test_seeded_deals_count_from_1():
    assert [g.seed for g in generate(count=2)] == [1, 2]
    assert next(generate("acesup")).deal == kabalsolve.games.acesup.Deal.from_seed(1)


def test_out_dir_refuses_to_overwrite_a_deal_file(tmp_path, capsys):
    out = tmp_path / "deals"
    assert call(["generate", "--count", "2", "--out", str(out)], capsys)[0] == 0
    mine = out / "klondike-2.txt"
    mine.write_text("# my notes\n" + mine.read_text())
    code, _, err = call(["generate", "--count", "3", "--out", str(out)], capsys)
    assert code == 2
    assert err == ("kabalsolve: error: %s exists already: give --force to overwrite it, "
                   "or another --out or --seed\n" % (out / "klondike-1.txt"))
    assert sorted(os.listdir(out)) == ["klondike-1.txt", "klondike-2.txt"]
    assert mine.read_text().startswith("# my notes\n")
    code, _, err = call(["generate", "--count", "3", "--out", str(out), "--force"], capsys)
    assert code == 0 and err == ""
    assert sorted(os.listdir(out)) == ["klondike-%d.txt" % n for n in (1, 2, 3)]
    assert mine.read_text().startswith("# seed 2 (kabalsolve generate)\n")


# -- how many games a player that does not peek wins -----------------------------------

FAST = dict(samples=4, player_max_states=2000)


def test_no_peek_rate_counts_the_games_won():
    got = list(generate("klondike", seed=1, count=2, winnable=True, no_peek_rate=3, **FAST))
    for g in got:
        assert g.solution.result == "won"
        won = sum(kabalsolve.play(g.deal, seed=k, samples=4, max_states=2000).won
                  for k in range(3))
        assert (g.no_peek.won, g.no_peek.games) == (won, 3)
        assert (g.no_peek.model, g.no_peek.samples, g.no_peek.max_states) == (
            "as-dealt", 4, 2000)
    assert [g.no_peek for g in generate("klondike", seed=1, count=2, winnable=True,
                                        no_peek_rate=3, **FAST)] == [g.no_peek for g in got]
    assert all(g.no_peek is None for g in generate("klondike", count=2, winnable=True))


def test_no_peek_rate_in_text_and_json(capsys):
    args = ["generate", "--winnable", "--count", "2", "--seed", "3", "--no-peek-rate", "2",
            "--samples", "4", "--max-states", "2000", "--draw", "1"]
    code, text, err = call(args, capsys)
    assert code == 0, err
    labels = [line for line in text.splitlines() if "without peeking" in line]
    assert len(labels) == 2
    counts = []
    for line in labels:
        m = re.fullmatch(r"# won without peeking in (\d+) of 2 games \(as-dealt, 4 samples, "
                         r"at most 2000 positions a search, player seeds 0-1\)", line)
        assert m, line
        counts.append(int(m.group(1)))
    assert all(0 <= c <= 2 for c in counts)
    code, js, _ = call(args + ["--format", "json"], capsys)
    infos = [json.loads(line)["info"] for line in js.splitlines()]
    assert [i["no_peek"]["won"] for i in infos] == counts
    assert infos[0]["no_peek"] == {"won": counts[0], "games": 2, "model": "as-dealt",
                                   "samples": 4, "max_states": 2000}
    assert call(args, capsys)[1] == text          # the same labels on every run


@pytest.mark.parametrize("args, message", [
    (["--winnable", "--no-peek-rate", "0"], "Invalid value for '--no-peek-rate': 0 is not in "
                                            "the range 1 to 1000."),
    (["--winnable", "--no-peek-rate", "1001"], "Invalid value for '--no-peek-rate': 1001"),
    (["--no-peek-rate", "2"], "--no-peek-rate plays the winnable deals: give --winnable too"),
    (["--winnable", "--no-peek-rate", "2", "--game", "acesup"],
     "--no-peek-rate plays Klondike deals only, not Aces Up"),
    (["--winnable", "--no-peek-rate", "2", "--variant", "danish"],
     "--no-peek-rate plays classic Klondike, not the danish variant"),
    (["--winnable", "--samples", "4"], "--samples sets the player of --no-peek-rate"),
])
def test_no_peek_rate_errors(args, message, capsys):
    code, out, err = call(["generate"] + args, capsys)
    assert (code, out) == (2, "")
    assert check_one_error_line(err).startswith("kabalsolve: error: " + message)


def test_no_peek_rate_in_the_library_is_checked():
    with pytest.raises(OptionError, match="no_peek_rate must be a whole number from 1 to 1000"):
        next(generate("klondike", winnable=True, no_peek_rate=1001))
    with pytest.raises(OptionError, match="give winnable=True too"):
        next(generate("klondike", no_peek_rate=2))
    with pytest.raises(OptionError, match="Klondike deals only"):
        next(generate("clock", winnable=True, no_peek_rate=2))
