"""Promises the docs make that a hostile user once found broken: a hint under a budget
claims only what its searches showed; show's exit status is the verdict's and it says
why no page is written; a file is never overwritten without --force; a budget scaled up
saturates; stats reads a results file line by line and still counts each deal by its
last line, with exact percentiles.  (Bad input of these kinds is in the malformed
corpus: tests/data/malformed/cases.tsv.)"""
import json
import pathlib
import random

import pytest

import kabalsolve
from kabalsolve.bridge import MAX_STATES, scaled_states
from kabalsolve.results import Spread, percentile, summarise

from conftest import call

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


@pytest.fixture
def here(monkeypatch):
    monkeypatch.chdir(ROOT)


def test_an_aces_up_hint_under_a_budget_claims_only_what_it_showed(here, capsys, tmp_path):
    code, position, _ = call(["show", "examples/lost-acesup.txt", "--at", "20"], capsys)
    assert code == 1
    p = tmp_path / "p.txt"
    p.write_text(position)
    code, full, _ = call(["hint", str(p)], capsys)
    assert code == 1 and "D     deal" in full and "lowers the best score to 25" in full
    code, out, _ = call(["hint", str(p), "--max-states", "100"], capsys)
    assert code == 1
    head, *moves = out.splitlines()
    assert "found (not proved)" in head
    for line in moves:
        # the full hint's best is 31: no move under the budget may claim to keep 25
        assert "keeps the best score (25)" not in line
        if "keeps the best score" in line:
            assert "(31)" in line
    assert any("a budget ran out" in line for line in moves)


def test_show_exits_with_the_verdict(here, capsys):
    assert call(["show", "examples/lost-klondike.txt", "--at", "0"], capsys)[0] == 1
    assert call(["show", "examples/won-klondike-draw3.txt", "--at", "0",
                 "--max-states", "10"], capsys)[0] == 3
    assert call(["show", "examples/won-klondike-draw3.txt", "--at", "5"], capsys)[0] == 0
    assert call(["show", "examples/lost-acesup.txt", "--at", "3"], capsys)[0] == 1
    assert call(["show", "examples/won-acesup.txt", "--at", "3",
                 "--max-states", "5"], capsys)[0] == 3


def test_show_says_why_no_page_is_written(here, capsys, tmp_path):
    page = tmp_path / "x.html"
    code, out, _ = call(["show", "examples/lost-klondike.txt", "--html", str(page)], capsys)
    assert code == 1 and not page.exists()
    assert out.splitlines()[1] == ("no solution to show (lost: no line wins); no page "
                                   "written to %s" % page)
    code, out, _ = call(["show", "examples/won-klondike-draw3.txt", "--html", str(page),
                         "--max-states", "10"], capsys)
    assert code == 3 and not page.exists() and "a budget ran out" in out


def test_a_page_goes_to_standard_output_or_over_a_file_with_force(here, capsys, tmp_path):
    code, out, _ = call(["show", "examples/won-acesup.txt", "--html", "-"], capsys)
    assert code == 0 and out.startswith("<!DOCTYPE html>") and not pathlib.Path("-").exists()
    deal = tmp_path / "deal.txt"
    deal.write_text((ROOT / "examples" / "won-acesup.txt").read_text())
    code, _, err = call(["show", str(deal), "--html", str(deal)], capsys)
    assert code == 2 and "exists already: give --force" in err
    assert deal.read_text().startswith("# Aces Up")
    code, out, _ = call(["show", str(deal), "--html", str(deal), "--force"], capsys)
    assert code == 0 and deal.read_text().startswith("<!DOCTYPE html>")
    code, _, err = call(["show", "examples/won-acesup.txt", "--force"], capsys)
    assert code == 2 and "--force applies with --html only" in err


def test_a_scaled_budget_saturates():
    assert scaled_states(10**15 + 1, 1000) == MAX_STATES
    assert scaled_states(1000, 1000) == 10**6
    # the player multiplies its budget once every card is known: the largest budget
    # the help allows plays to the end
    game = kabalsolve.play(kabalsolve.read_deal(
        (ROOT / "examples" / "won-klondike-draw3.txt").read_text()),
        samples=1, max_states=MAX_STATES)
    assert game.result in ("won", "lost")


def line(i, result="won", seconds=0.5, states=10, game="klondike", rules=None):
    return json.dumps({"id": "seed:%d" % i, "game": game,
                       "rules": {"draw": 3} if rules is None else rules,
                       "result": result, "moves": 1, "states": states, "seconds": seconds})


def test_stats_counts_a_deal_by_its_last_line_across_files_and_stdin(tmp_path, capsys,
                                                                      monkeypatch):
    import io
    import sys
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(line(i, "unknown", states=i) + "\n" for i in range(1, 6)))
    b.write_text("".join(line(i, "won", states=100 * i) + "\n" for i in (2, 4)))
    g, = summarise([str(a), str(b)])
    assert g.counts == {"won": 2, "lost": 0, "unknown": 3}
    values = sorted([1.0, 3.0, 5.0, 200.0, 400.0])
    assert [g.states.percentile(q) for q in (0.5, 0.9, 0.99)] == \
        [percentile(values, q) for q in (0.5, 0.9, 0.99)]
    assert g.states.mean() == sum(values) / 5 and g.states.most == 400.0
    # the same through standard input, read twice by way of a copy
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(
        a.read_bytes() + b.read_bytes())))
    code, out, _ = call(["stats", "-"], capsys)
    assert code == 0 and "5 deals: 2 won, 0 lost, 3 unknown" in out
    assert "states: mean 122, p50 5, p90 320, p99 392, max 400" in out


def test_the_spread_gives_exact_percentiles():
    rng = random.Random(5)
    for n in (1, 2, 3, 10, 1000):
        values = [rng.choice([0.0, 1.0, 7.0, rng.random(), rng.random() * 1e6,
                              float(rng.randrange(10**12))]) for _ in range(n)]
        s = Spread()
        for v in values:
            s.add(v)
        qs = (0.0, 0.25, 0.5, 0.9, 0.99, 1.0)
        if s.want(qs):
            for v in values:
                s.keep(v)
        values.sort()
        assert [s.percentile(q) for q in qs] == [percentile(values, q) for q in qs]
        assert s.most == values[-1]


def test_stats_of_many_groups_and_games_played(tmp_path):
    path = tmp_path / "r.jsonl"
    played = json.dumps({"id": "seed:1", "game": "klondike", "mode": "play",
                         "rules": {"draw": 3}, "player": {"model": "as-dealt", "seed": 0,
                                                          "samples": 4, "max_states": 9},
                         "result": "won", "ended": "won", "moves": 3, "searches": 7,
                         "seconds": 0.25})
    path.write_text("\n".join([line(1), line(1, game="clock", rules={}), played,
                               line(2, "lost", rules={"draw": 1}), line(1, "lost")]) + "\n")
    groups = summarise([str(path)])
    assert [(g.game, g.mode, g.n) for g in groups] == [
        ("klondike", "solve", 1), ("clock", "solve", 1), ("klondike", "play", 1),
        ("klondike", "solve", 1)]
    assert groups[0].counts["lost"] == 1            # its last line
    assert "searches per game: median 7, mean 7, p90 7, max 7" in "\n".join(
        groups[2].lines())
