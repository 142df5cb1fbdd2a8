"""Batch runs under Vegas rules with the max-foundation objective: the lines,
resume keeping to one objective, and the best-Vegas-score summary of ``stats``.

Seeds 2-4 at draw 1 with one pass take milliseconds each: 2 and 4 are won, 3 is lost
with its best foundation count proved.
"""
import json
import math
import pathlib

import pytest
from kabalsolve.games import klondike

import kabalsolve
from kabalsolve.batch import solve_many
from kabalsolve.results import mean_interval, read_records, summarise
from kabalsolve.stats import wilson

from conftest import call

SEEDS = "2-4"
VEGAS_D1 = {"draw": 1, "foundation_moves": True, "passes": 1, "variant": "classic",
            "objective": "max-foundation"}


def lines_of(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def vegas_file(tmp_path_factory):
    out = tmp_path_factory.mktemp("vegas") / "v.jsonl"
    with pytest.raises(SystemExit) as e:
        kabalsolve.cli.main(["batch", "--seeds", SEEDS, "--draw", "1", "--vegas",
                             "--objective", "max-foundation", "-j", "1", "-o", str(out)])
    assert e.value.code == 0
    return out


def test_lines_give_the_objective_foundation_vegas_score_and_proof(vegas_file):
    recs = lines_of(vegas_file)
    assert [r["id"] for r in recs] == ["seed:2", "seed:3", "seed:4"]
    for r in recs:
        sol = kabalsolve.solve(klondike.Deal.from_seed(int(r["id"][5:])), draw=1, passes=1,
                               objective="max-foundation")
        assert r["rules"] == VEGAS_D1
        assert r["result"] == sol.result
        assert r["foundation"] == sol.extra["foundation"]
        assert r["proved"] is True and sol.extra["foundation_proved"] is True
        assert r["vegas"] == -52 + 5 * r["foundation"]
        assert r["moves"] == len(sol.moves)
    assert [r["result"] for r in recs] == ["won", "lost", "won"]
    assert recs[0]["foundation"] == 52 and recs[0]["vegas"] == 208
    assert recs[1]["foundation"] < 52


def test_records_round_trip_through_the_file(tmp_path):
    out = tmp_path / "r.jsonl"
    recs = list(solve_many([("seed:3", klondike.Deal.from_seed(3))], draw=1, passes=1,
                           objective="max-foundation"))
    out.write_text("".join(r.to_json() + "\n" for r in recs))
    back = list(read_records(str(out)))
    assert back == [r.to_dict() for r in recs]
    assert back[0]["rules"]["objective"] == "max-foundation"
    g, = summarise([str(out)])
    assert g.foundation == [recs[0].foundation] and g.unproved == 0


def test_the_win_objective_keeps_the_old_lines():
    r, = solve_many([("seed:2", klondike.Deal.from_seed(2))], draw=1, passes=1, objective="win")
    d = r.to_dict()
    assert "objective" not in d["rules"] and "foundation" not in d and "vegas" not in d


def test_resume_refuses_another_objective_or_other_passes(vegas_file, tmp_path, capsys,
                                                          monkeypatch):
    monkeypatch.chdir(tmp_path)     # a short path: the whole line fits in 300 characters
    out = pathlib.Path("v.jsonl")
    out.write_text(vegas_file.read_text())
    for args, asked in ((["--draw", "1", "--vegas"],
                         "draw 1, foundation_moves yes, passes 1, variant classic"),
                        (["--draw", "1", "--passes", "2", "--objective", "max-foundation"],
                         "draw 1, foundation_moves yes, objective max-foundation, passes 2, "
                         "variant classic")):
        code, _, err = call(["batch", "--seeds", "2-5", "-j", "1", "-o", str(out), "--resume"]
                            + args, capsys)
        assert code == 2
        assert err == ("kabalsolve: error: %s holds klondike lines solved under other rules "
                       "(draw 1, foundation_moves yes, objective max-foundation, passes 1, "
                       "variant classic), not %s: give those rules, or another --out\n"
                       % (out, asked))
        assert len(lines_of(out)) == 3          # nothing written
    # the same rules go on: only seed 5 is solved
    code, _, err = call(["batch", "--seeds", "2-5", "--draw", "1", "--vegas", "--objective",
                         "max-foundation", "-j", "1", "-o", str(out), "--resume"], capsys)
    assert code == 0 and [r["id"] for r in lines_of(out)][3:] == ["seed:5"]


def test_vegas_and_passes_together_are_refused(capsys):
    code, out, err = call(["batch", "--seeds", "1-2", "--vegas", "--passes", "2"], capsys)
    assert code == 2 and out == ""
    assert err == ("kabalsolve: error: --vegas sets the passes itself: give --vegas or "
                   "--passes, not both\n")


def hand_line(i, result, foundation, proved):
    return json.dumps({"id": "seed:%d" % i, "game": "klondike", "rules": VEGAS_D1,
                       "result": result, "moves": 0, "states": 10 * i, "seconds": 0.001 * i,
                       "foundation": foundation, "vegas": -52 + 5 * foundation,
                       "proved": proved})


def test_stats_on_a_hand_made_file(tmp_path, capsys):
    path = tmp_path / "v.jsonl"
    path.write_text("\n".join([hand_line(1, "won", 52, True), hand_line(2, "lost", 30, True),
                               hand_line(3, "lost", 40, True),
                               hand_line(4, "unknown", 20, False)]) + "\n")
    code, out, err = call(["stats", str(path)], capsys)
    assert code == 0, err
    # worked by hand: scores 208, 98, 148; mean 151.33; sample sd 55.076;
    # half width 1.96 * 55.076 / sqrt(3) = 62.32
    assert ("  best Vegas score: mean 151.33 (95 % interval [89.01, 213.66]) over 3 proved "
            "deals; mean foundation cards 40.67; 1 unproved (not counted)") in out.splitlines()
    assert "4 deals: 1 won, 2 lost, 1 unknown" in out
    lo, hi = wilson(1, 4)[0], wilson(2, 4)[1]
    assert "won 33.3333 %% of decided (95 %% interval [%.4f, %.4f] %%" % (
        100 * lo, 100 * hi) in out


def test_mean_interval_by_hand():
    # [0, 10]: sample variance 50, half width z * sqrt(50) / sqrt(2) = 5 z
    lo, hi = mean_interval([0, 10])
    assert (lo, hi) == pytest.approx((5 - 5 * 1.959964, 5 + 5 * 1.959964))
    # [0, 10, 0, 10]: sample variance 100 / 3, half width z * sqrt(100 / 3) / 2
    lo, hi = mean_interval([0, 10, 0, 10])
    assert hi - 5 == pytest.approx(1.959964 * math.sqrt(100 / 3) / 2)


def test_a_single_proved_deal_has_no_interval(tmp_path):
    path = tmp_path / "v.jsonl"
    path.write_text(hand_line(1, "lost", 30, True) + "\n")
    g, = summarise([str(path)])
    assert g.vegas_line() == ("  best Vegas score: 98.00 (one deal: no interval) over 1 "
                              "proved deals; mean foundation cards 30.00; 0 unproved "
                              "(not counted)")
