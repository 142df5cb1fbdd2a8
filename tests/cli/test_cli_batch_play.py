"""``kabalsolve batch --play`` and ``kabalsolve stats`` of its files: one line per game
played without peeking, resumed under the same settings only, never taken for a deal
solved.

The player gets tiny budgets (4 samples, at most 2,000 positions a search): a game then
takes a fraction of a second, and is still the same game on every run.
"""
import json
import math
import pathlib

import pytest
from kabalsolve.games import acesup, klondike
from kabalsolve.games.klondike import player

import kabalsolve

from conftest import call, check_one_error_line

FAST = ["--samples", "4", "--max-states", "2000"]
PLAY = ["batch", "--play", "-j", "1"] + FAST
SEEDS = ["--seeds", "1-4"]


def lines_of(path):
    return [json.loads(line) for line in pathlib.Path(path).read_text().splitlines()]


def games(records):
    """What must not change from one run to the next: everything but the time."""
    return {r["id"]: {k: v for k, v in r.items() if k != "seconds"} for r in records}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    out = tmp_path_factory.mktemp("play") / "p.jsonl"
    with pytest.raises(SystemExit) as e:
        kabalsolve.cli.main(PLAY + SEEDS + ["-o", str(out)])
    assert e.value.code == 0
    return out


def test_one_line_per_game_as_play_plays_it(played):
    recs = lines_of(played)
    assert [r["id"] for r in recs] == ["seed:%d" % s for s in range(1, 5)]
    for r in recs:
        game = kabalsolve.play(klondike.Deal.from_seed(int(r["id"][5:])), seed=0,
                               samples=4, max_states=2000)
        assert r["game"] == "klondike" and r["mode"] == "play"
        assert r["rules"] == {"draw": 3, "foundation_moves": True, "passes": None,
                              "variant": "classic"}
        assert r["player"] == {"model": "as-dealt", "seed": 0, "samples": 4,
                               "max_states": 2000}
        assert (r["result"], r["ended"], r["moves"], r["searches"]) == (
            game.result, game.ended, len(game.moves), game.tally.searches)
        assert r["seconds"] > 0 and "play" not in r and "states" not in r


def test_the_settings_and_the_moves_in_the_line(capsys):
    code, out, err = call(["batch", "--play", "-j", "1", "--seeds", "2", "--draw", "1",
                           "--passes", "3", "--stock-known", "--player-seed", "7",
                           "--solutions"] + FAST, capsys)
    assert code == 0, err
    [r] = [json.loads(line) for line in out.splitlines()]
    assert r["rules"] == {"draw": 1, "foundation_moves": True, "passes": 3,
                          "variant": "classic"}
    assert r["player"] == {"model": "stock-known", "seed": 7, "samples": 4,
                           "max_states": 2000}
    assert r["play"]["result"] == r["result"] and len(r["play"]["moves"]) == r["moves"]
    moves = [kabalsolve.Move.from_json(m) for m in r["play"]["moves"]]
    end = klondike.replay(klondike.Deal.from_seed(2), klondike.Rules(draw=1, passes=3),
                          moves)
    assert end.is_won() == (r["result"] == "won")
    assert "batch: 1 deals played (" in err


def test_resume_plays_only_the_missing_games(played, tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    whole = played.read_text().splitlines(keepends=True)
    out.write_text(whole[0] + whole[2] + whole[3][:40])     # seed:2 missing, seed:4 torn
    code, _, err = call(PLAY + SEEDS + ["-o", str(out)], capsys)
    assert code == 2 and "already holds results: give --resume" in err
    code, stdout, err = call(PLAY + SEEDS + ["-o", str(out), "--resume"], capsys)
    assert code == 0 and stdout == ""
    assert "batch: 2 deals played" in err and "2 already in" in err
    recs = lines_of(out)
    ids = [r["id"] for r in recs]
    assert ids[:2] == ["seed:1", "seed:3"] and sorted(ids[2:]) == ["seed:2", "seed:4"]
    assert games(recs) == games(lines_of(played))
    code, _, err = call(PLAY + SEEDS + ["-o", str(out), "--resume"], capsys)
    assert code == 0 and "batch: 0 deals played" in err and len(lines_of(out)) == 4


@pytest.mark.parametrize("settings, differ", [
    (["--samples", "8", "--max-states", "2000"], "(4 samples), not 8 samples"),
    (["--samples", "4"], "(at most 2000 positions a search), not at most %d"
     % player.MAX_STATES),
    (FAST + ["--stock-known"], "(as-dealt), not stock-known"),
    (FAST + ["--player-seed", "1"], "(player seed 0), not player seed 1"),
    (FAST + ["--draw", "1"], "(draw 3), not draw 1"),
    (FAST + ["--passes", "3"], "(passes unlimited), not passes 3"),
])
def test_resume_refuses_other_settings(played, tmp_path, capsys, monkeypatch, settings,
                                       differ):
    monkeypatch.chdir(tmp_path)
    pathlib.Path("p.jsonl").write_text(played.read_text())
    code, _, err = call(["batch", "--play", "-j", "1", "--seeds", "1-6", "-o", "p.jsonl",
                         "--resume"] + settings, capsys)
    line = check_one_error_line(err)
    assert code == 2
    assert line.startswith("kabalsolve: error: p.jsonl holds klondike games played under "
                           "other settings " + differ), line
    assert pathlib.Path("p.jsonl").read_text() == played.read_text()


def test_solved_and_played_files_are_never_resumed_as_each_other(played, tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    out.write_text(played.read_text())
    code, _, err = call(["batch", "-j", "1"] + SEEDS + ["-o", str(out), "--resume"], capsys)
    assert code == 2
    assert check_one_error_line(err) == ("kabalsolve: error: %s holds games played "
                                         "without peeking: resume it with --play and its "
                                         "settings, or give another --out" % out)
    solved = tmp_path / "s.jsonl"
    assert call(["batch", "-j", "1", "--seeds", "1-2", "-o", str(solved)], capsys)[0] == 0
    before = solved.read_text()
    code, _, err = call(PLAY + SEEDS + ["-o", str(solved), "--resume"], capsys)
    assert code == 2
    assert check_one_error_line(err).startswith("kabalsolve: error: %s holds deals solved, "
                                                "not games played" % solved)
    assert solved.read_text() == before


@pytest.mark.parametrize("args, message", [
    (["--game", "acesup", "--play"], "--play plays Klondike only, not Aces Up"),
    (["--game", "clock", "--play"], "--play plays Klondike only, not Clock"),
    (["--variant", "danish", "--play"], "--play plays classic Klondike, not the danish"),
    (["--samples", "4"], "--samples sets the player of --play: give --play too"),
    (["--player-seed", "4"], "--player-seed sets the player of --play"),
    (["--stock-known"], "--stock-known sets the player of --play"),
    (["--play", "--timeout", "5"], "--timeout does not apply to --play"),
    (["--play", "--objective", "max-foundation"], "--objective does not apply to --play"),
    (["--play", "--max-memory", "64"], "--max-memory does not apply to --play"),
    (["--play", "--samples", "0"], "Invalid value for '--samples'"),
])
def test_usage_errors(args, message, capsys):
    code, out, err = call(["batch", "--seeds", "1-2", "-j", "1"] + args, capsys)
    assert (code, out) == (2, "")
    assert check_one_error_line(err).startswith("kabalsolve: error: " + message)


def test_a_deal_of_another_game_is_one_line(tmp_path, capsys):
    deal = tmp_path / "a.txt"
    deal.write_text(acesup.Deal.from_seed(1).to_text())
    code, _, err = call(["batch", "--play", "-j", "1", str(deal)] + FAST, capsys)
    assert code == 2
    assert check_one_error_line(err) == ("kabalsolve: error: file:%s: play takes a Klondike "
                                         "deal, not an Aces Up deal" % deal)


# -- stats of games played -------------------------------------------------------------

def wilson95(k, n):
    """The Wilson score interval, written out here apart from kabalsolve.stats."""
    z = 1.959964
    centre = (k + z * z / 2) / (n + z * z)
    half = z * math.sqrt(k * (n - k) / n + z * z / 4) / (n + z * z)
    return centre - half, centre + half


RULES = {"draw": 3, "foundation_moves": True, "passes": None, "variant": "classic"}


def play_line(i, result, samples=4, seconds=0.5, ended=None):
    return json.dumps({
        "id": "seed:%d" % i, "game": "klondike", "mode": "play", "rules": RULES,
        "player": {"model": "as-dealt", "seed": 0, "samples": samples, "max_states": 2000},
        "result": result, "ended": ended or ("won" if result == "won" else "no-move"),
        "moves": 100, "searches": 10 * i, "seconds": seconds})


def solve_line(i, result):
    return json.dumps({"id": "seed:%d" % i, "game": "klondike", "rules": RULES,
                       "result": result, "moves": 100, "states": 1000, "seconds": 0.001})


def test_stats_of_games_played(tmp_path, capsys):
    """7 games won of 20 (one line given twice, counted once), a group of another
    player's settings and solved deals of the same rules: three groups."""
    lines = [play_line(i, "won" if i <= 7 else "lost", seconds=i / 10,
                       ended=None if i <= 15 else "no-progress") for i in range(1, 21)]
    lines += [play_line(3, "won", seconds=0.3)]
    lines += [solve_line(i, "won") for i in range(1, 6)]
    lines += [play_line(i, "won", samples=8) for i in range(1, 3)]
    path = tmp_path / "mixed.jsonl"
    path.write_text("".join(line + "\n" for line in lines))
    code, out, err = call(["stats", str(path)], capsys)
    assert code == 0 and err == ""
    text = out.splitlines()
    lo, hi = wilson95(7, 20)
    assert text[0] == ("klondike (draw 3, foundation_moves yes, passes unlimited, variant "
                       "classic) played without peeking (as-dealt, 4 samples, at most 2000 "
                       "positions a search, player seed 0): 20 games: 7 won, 13 lost")
    assert text[1] == ("  won 35.0000 %% without peeking (95 %% interval [%.4f, %.4f] %%)"
                       % (100 * lo, 100 * hi))
    assert text[2] == "  ended: 7 won, 8 no-move, 5 no-progress"
    assert text[3].startswith("  seconds per game: median 1.050, mean 1.050, ")
    assert text[4].startswith("  searches per game: median 105, ")
    assert ("klondike (draw 3, foundation_moves yes, passes unlimited, variant classic): "
            "5 deals: 5 won, 0 lost, 0 unknown") in text
    assert any(t.startswith("klondike (draw 3") and "8 samples" in t
               and t.endswith(": 2 games: 2 won, 0 lost") for t in text)
    assert sum("without peeking (95 % interval" in t for t in text) == 2


def test_stats_of_a_file_batch_played(played, capsys):
    code, out, _ = call(["stats", str(played)], capsys)
    won = sum(r["result"] == "won" for r in lines_of(played))
    assert code == 0
    assert ": 4 games: %d won, %d lost" % (won, 4 - won) in out.splitlines()[0]
