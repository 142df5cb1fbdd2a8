"""``kabalsolve batch`` and ``kabalsolve stats RESULTS``: lines, resume, errors, Ctrl-C."""
import json
import os
import pathlib
import pty
import re
import signal
import subprocess
import sys
import time

import pytest
from kabalsolve.games import klondike
from kabalsolve.games import clock
from kabalsolve.games import acesup

import kabalsolve

from conftest import default_sigint
from conftest import REPO, call, run

SEEDS = "27-55"     # decided in milliseconds each at draw 3; 3 lost
N = 29


def lines_of(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def key(records):
    return {r["id"]: (r["game"], r["rules"], r["result"], r["moves"], r["states"])
            for r in records}


@pytest.fixture(scope="module")
def jobs1(tmp_path_factory):
    out = tmp_path_factory.mktemp("batch") / "r.jsonl"
    with pytest.raises(SystemExit) as e:
        kabalsolve.cli.main(["batch", "--seeds", SEEDS, "-j", "1", "-o", str(out)])
    assert e.value.code == 0
    return out


def test_one_line_per_deal(jobs1):
    recs = lines_of(jobs1)
    assert [r["id"] for r in recs] == ["seed:%d" % s for s in range(27, 56)]
    for r in recs[:5]:
        sol = kabalsolve.solve(klondike.Deal.from_seed(int(r["id"][5:])), draw=3)
        assert r["game"] == "klondike" and r["result"] == sol.result
        assert r["rules"] == {"draw": 3, "foundation_moves": True, "passes": None,
                              "variant": "classic"}
        assert (r["moves"], r["states"]) == (len(sol.moves), sol.stats.states)
        assert r["seconds"] > 0 and "solution" not in r


def test_two_processes_give_the_same_lines(jobs1, tmp_path):
    out = tmp_path / "r2.jsonl"
    p = run(["batch", "--seeds", SEEDS, "--jobs", "2", "--out", str(out)])
    assert p.returncode == 0, p.stderr
    assert key(lines_of(out)) == key(lines_of(jobs1)) and len(lines_of(out)) == N
    # not a terminal: no progress bar, only the closing summary line
    assert p.stderr.decode().splitlines() == [
        line for line in p.stderr.decode().splitlines() if line.startswith("batch: 29 deals")]


def test_stats_of_a_results_file(jobs1, capsys):
    code, out, err = call(["stats", str(jobs1)], capsys)
    assert code == 0 and err == ""
    assert out.splitlines()[0] == ("klondike (draw 3, foundation_moves yes, passes "
                                   "unlimited, variant classic): 29 deals: 26 won, 3 lost, "
                                   "0 unknown")
    assert "won 89.6552 % of decided (95 % interval [" in out
    assert "time (ms): mean" in out and "states: mean" in out and "p99" in out


def test_stats_reads_results_from_standard_input(jobs1, capsys):
    _, from_file, _ = call(["stats", str(jobs1)], capsys)
    p = run(["stats", "-"], stdin=jobs1.read_bytes())
    assert p.returncode == 0 and p.stderr == b""
    assert p.stdout.decode() == from_file
    p = run(["stats", "-"], stdin=jobs1.read_bytes() + b"not a line\n")
    assert p.returncode == 2
    assert p.stderr.decode() == ("kabalsolve: error: <stdin>, line 30: not a kabalsolve "
                                 "results line: 'not a line\\n'\n")


def test_resume_after_a_torn_line(jobs1, tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    whole = jobs1.read_text().splitlines(keepends=True)
    out.write_text("".join(whole[:10]) + whole[10][:30])
    code, stdout, err = call(["batch", "--seeds", SEEDS, "-j", "1", "-o", str(out)], capsys)
    assert code == 2 and "already holds results: give --resume" in err
    code, stdout, err = call(["batch", "--seeds", SEEDS, "-j", "1", "-o", str(out),
                              "--resume"], capsys)
    assert code == 0 and stdout == ""
    assert "batch: 19 deals solved" in err and "10 already in" in err
    recs = lines_of(out)
    assert len(recs) == N and key(recs) == key(lines_of(jobs1))


def test_resume_keeps_to_the_rules_of_the_file(jobs1, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)     # a short path: the whole line fits in 300 characters
    out = "r.jsonl"
    pathlib.Path(out).write_text("".join(jobs1.read_text().splitlines(keepends=True)[:3]))
    code, _, err = call(["batch", "--seeds", SEEDS, "--draw", "1", "-j", "1", "-o", out,
                         "--resume"], capsys)
    assert code == 2
    assert err == ("kabalsolve: error: %s holds klondike lines solved under other rules "
                   "(draw 3, foundation_moves yes, passes unlimited, variant classic), not draw 1, "
                   "foundation_moves yes, passes unlimited, variant classic: give those rules, or another "
                   "--out\n" % out)
    assert len(lines_of(pathlib.Path(out))) == 3     # nothing written under the other rules


@pytest.mark.parametrize("other", [["--draw", "1"], ["--objective", "max-foundation"]])
def test_resume_of_a_complete_file_keeps_to_its_rules_too(jobs1, tmp_path, capsys, other):
    out = tmp_path / "r.jsonl"
    out.write_text(jobs1.read_text())
    code, _, err = call(["batch", "--seeds", SEEDS, "-j", "1", "-o", str(out), "--resume"]
                        + other, capsys)
    assert code == 2 and err.startswith("kabalsolve: error: %s holds klondike lines solved "
                                        "under other rules (draw 3, " % out), err
    assert out.read_text() == jobs1.read_text()
    code, _, err = call(["batch", "--seeds", SEEDS, "-j", "1", "-o", str(out), "--resume"],
                        capsys)
    assert code == 0 and err.startswith("batch: 0 deals solved ") and "29 already in" in err


def test_out_is_a_file_not_a_directory(tmp_path, capsys):
    for resume in ([], ["--resume"]):
        code, out, err = call(["batch", "--seeds", "1-2", "-o", str(tmp_path)] + resume,
                              capsys)
        assert (code, out) == (2, "")
        assert err == ("kabalsolve: error: %s is a directory: --out takes the name of the "
                       "results file, e.g. %s\n" % (tmp_path, tmp_path / "results.jsonl"))


def test_acesup_verdicts_only(tmp_path, capsys):
    """--verdict-only: Aces Up lines without the best-score proof, which the line's rules
    record, so a file of them is not resumed as a file of best scores."""
    out = tmp_path / "a.jsonl"
    code, _, err = call(["batch", "--game", "acesup", "--seeds", "1-4", "--verdict-only",
                         "-j", "1", "-o", str(out)], capsys)
    assert code == 0, err
    recs = lines_of(out)
    assert [r["rules"]["best_score"] for r in recs] == [False] * 4
    for r in recs:
        deal = acesup.Deal.from_seed(int(r["id"].split(":")[1]))
        assert r["result"] == kabalsolve.solve(deal, best_score=False).result
    code, _, err = call(["batch", "--game", "acesup", "--seeds", "1-6", "-j", "1",
                         "-o", str(out), "--resume"], capsys)
    assert code == 2 and "solved under other rules" in err
    assert len(lines_of(out)) == 4


def test_acesup_best_scores_in_lines_and_stats(tmp_path, capsys):
    """Aces Up lines with the best score give it and whether it is proved; stats gives
    their mean over the proved deals, and counts the unproved apart."""
    out = tmp_path / "b.jsonl"
    code, _, err = call(["batch", "--game", "acesup", "--strict", "--seeds", "1-8",
                         "-j", "1", "-o", str(out)], capsys)
    assert code == 0, err
    recs = lines_of(out)
    for r in recs:
        sol = kabalsolve.solve(acesup.Deal.from_seed(int(r["id"].split(":")[1])), strict=True)
        assert (r["score"], r["proved"]) == (sol.score(), sol.score_proved)
    scores = [r["score"] for r in recs if r["proved"]]
    assert len(scores) == 8
    code, text, _ = call(["stats", str(out)], capsys)
    assert code == 0
    assert "best score: mean %.3f (95 %% interval [" % (sum(scores) / 8) in text
    assert "over 8 proved deals; 0 unproved (not counted)" in text
    # a budget too small to prove a best score: the deal is counted apart
    small = tmp_path / "s.jsonl"
    code, _, err = call(["batch", "--game", "acesup", "--seeds", "2", "--max-states", "50",
                         "-j", "1", "-o", str(small)], capsys)
    assert code == 0, err
    assert lines_of(small)[0]["proved"] is False
    code, text, _ = call(["stats", str(small)], capsys)
    assert "best score: n/a over 0 proved deals; 1 unproved (not counted)" in text
    found = lines_of(small)[0]["score"]
    most = 48 if lines_of(small)[0]["result"] == "unknown" else 47
    assert ("best score of all 1 deals: mean between %.3f and %.3f (" % (found, most)
            in text)
    # a proved deal and two unproved ones, a loss and an undecided deal: the mean over
    # all lies between the lines found (40, 30, 20) and 40, 47, 48
    mixed = tmp_path / "m.jsonl"
    mixed.write_text("".join(json.dumps({
        "id": "seed:%d" % i, "game": "acesup", "rules": {"strict": False,
        "discard_first": False}, "result": result, "moves": 10, "states": 100,
        "seconds": 0.1, "score": score, "proved": proved}) + "\n"
        for i, (result, score, proved) in enumerate(
            [("lost", 40, True), ("lost", 30, False), ("unknown", 20, False)])))
    code, text, _ = call(["stats", str(mixed)], capsys)
    assert code == 0
    assert "over 1 proved deals; 2 unproved (not counted)" in text
    assert "best score of all 3 deals: mean between 30.000 and 45.000 (" in text
    # verdicts only: no score in the line, no score line in stats
    verdicts = tmp_path / "v.jsonl"
    call(["batch", "--game", "acesup", "--seeds", "1-2", "--verdict-only", "-j", "1",
          "-o", str(verdicts)], capsys)
    assert all("score" not in r for r in lines_of(verdicts))
    assert "best score" not in call(["stats", str(verdicts)], capsys)[1]


def test_files_directories_and_seeds_together(tmp_path, capsys):
    d = tmp_path / "deals"
    (d / "sub").mkdir(parents=True)
    (d / "a.txt").write_text(klondike.Deal.from_seed(30).to_text())
    (d / "sub" / "c.txt").write_text(clock.Deal.from_seed(3).to_text())
    (d / ".hidden").write_text("not a deal")
    one = tmp_path / "one.txt"
    one.write_text(klondike.Deal.from_seed(31).to_text())
    out = d / "results.jsonl"           # inside the directory: not taken as a deal
    same = os.path.join(str(tmp_path), ".", "one.txt")    # one.txt again: solved once
    code, _, err = call(["batch", str(d), str(one), "--seeds", "40-41", "--draw", "1",
                         same, "-j", "1", "-o", str(out)], capsys)
    assert code == 0, err
    assert len(lines_of(out)) == 5
    recs = {r["id"]: r for r in lines_of(out)}
    assert sorted(recs) == sorted(["file:%s" % p for p in (d / "a.txt", d / "sub" / "c.txt", one)]
                                  + ["seed:40", "seed:41"])
    assert recs["file:%s" % (d / "sub" / "c.txt")]["game"] == "clock"
    assert recs["file:%s" % (d / "sub" / "c.txt")]["rules"] == {}
    assert recs["seed:40"]["rules"]["draw"] == 1


def test_clock_seeds_with_solutions_to_stdout(capsys):
    code, out, err = call(["batch", "--game", "clock", "--seeds", "5-7", "--solutions",
                           "-j", "1"], capsys)
    assert code == 0
    recs = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in recs] == ["seed:5", "seed:6", "seed:7"]
    for r in recs:
        assert r["solution"] == {**kabalsolve.solve(clock.Deal.from_seed(int(r["id"][5:]))).to_dict(),
                                 "stats": r["solution"]["stats"]}


def test_budgets_give_unknown_lines(capsys):
    code, out, err = call(["batch", "--seeds", "27-30", "--max-states", "5", "-j", "1"],
                          capsys)
    assert code == 0
    recs = [json.loads(line) for line in out.splitlines()]
    assert {(r["result"], r["stopped_by"]) for r in recs} == {("unknown", "max_states")}
    assert "4 unknown" in err


def test_retry_unknown_settles_the_unknowns(tmp_path, capsys):
    """A run with a tiny budget leaves unknowns; --resume --retry-unknown with a bigger
    one solves those deals again (and only those), appending their lines; stats counts
    each deal once, by its last line (budgets are not rules: one group)."""
    out = tmp_path / "r.jsonl"
    base = ["batch", "--seeds", "27-40", "--draw", "3", "-j", "1", "-o", str(out)]
    assert call(base + ["--max-states", "300"], capsys)[0] == 0
    first = lines_of(out)
    unknown = {r["id"] for r in first if r["result"] == "unknown"}
    assert 0 < len(unknown) < 14
    # without --retry-unknown a resume has nothing left to do
    code, _, err = call(base + ["--resume"], capsys)
    assert code == 0 and "0 deals solved" in err
    code, _, err = call(base + ["--resume", "--retry-unknown", "--max-states", "2000000"],
                        capsys)
    assert code == 0 and "%d deals solved" % len(unknown) in err
    again = lines_of(out)[len(first):]
    assert {r["id"] for r in again} == unknown
    assert all(r["result"] != "unknown" and r["rules"] == first[0]["rules"] for r in again)
    code, text, _ = call(["stats", str(out)], capsys)
    assert code == 0
    won = sum(r["result"] == "won" for r in first + again)
    assert "14 deals: %d won, %d lost, 0 unknown" % (won, 14 - won) in text


def test_retry_unknown_settles_unproved_best_scores_too(tmp_path, capsys):
    """An Aces Up best score that a budget left unproved is an unknown of its own: deals
    1-10 at 3,000 positions leave lost deals whose best score is not proved (1, 2 and
    7); --retry-unknown solves them again, with the verdicts still unknown, and only
    those, and stats then counts every best score proved."""
    out = tmp_path / "r.jsonl"
    base = ["batch", "--game", "acesup", "--seeds", "1-10", "-j", "1", "-o", str(out)]
    assert call(base + ["--max-states", "3000"], capsys)[0] == 0
    first = lines_of(out)
    unproved = {r["id"] for r in first if r["result"] != "unknown" and not r["proved"]}
    unknown = {r["id"] for r in first if r["result"] == "unknown"}
    assert {"seed:1", "seed:2", "seed:7"} <= unproved
    code, _, err = call(base + ["--resume", "--retry-unknown", "--max-states", "300000"],
                        capsys)
    assert code == 0 and "%d deals solved" % len(unproved | unknown) in err
    again = lines_of(out)[len(first):]
    assert {r["id"] for r in again} == unproved | unknown
    assert all(r["proved"] for r in again)
    code, text, _ = call(["stats", str(out)], capsys)
    assert code == 0 and "over 10 proved deals; 0 unproved" in text


@pytest.mark.parametrize("args, message", [
    ([], "nothing to solve: give deal files, directories or --seeds A-B"),
    (["--seeds", "1-2", "--retry-unknown"], "--retry-unknown solves again the unknowns"),
    (["--seeds", "1-2", "--resume"], "--resume goes on with a results file"),
    (["--seeds", "5-2"], "--seeds 5-2: give 0 <= A <= B < 2**64"),
    (["--seeds", "x"], "--seeds takes A-B"),
    (["no/such/deal.txt"], "no/such/deal.txt: no such file or directory"),
    (["--seeds", "1-2", "--scheduler", "tcp://127.0.0.1:1", "--dask"],
     "give --scheduler or --dask, not both"),
])
def test_usage_errors(args, message, capsys):
    code, out, err = call(["batch"] + args, capsys)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("kabalsolve: error: " + message)


def test_a_bad_deal_file_is_one_line_and_keeps_what_was_written(tmp_path, capsys):
    d = tmp_path / "deals"
    d.mkdir()
    (d / "1.txt").write_text(klondike.Deal.from_seed(27).to_text())
    (d / "2.txt").write_text("game: klondike\nT1: XH\n")
    out = tmp_path / "r.jsonl"
    code, _, err = call(["batch", str(d), "-j", "1", "-o", str(out)], capsys)
    assert code == 2
    assert err == "kabalsolve: error: %s, line 2, column 5: 'XH' is not a card " \
                  "(write e.g. TD, 10d or Q\u2665)\n" % (d / "2.txt")
    assert [r["id"] for r in lines_of(out)] == ["file:%s" % (d / "1.txt")]


def test_stats_takes_files_or_seeds_not_both(jobs1, capsys):
    code, _, err = call(["stats", str(jobs1), "--game", "clock", "--count", "5"], capsys)
    assert code == 2 and "not both" in err
    code, _, err = call(["stats"], capsys)
    assert code == 2 and "needs --game and --count" in err
    code, _, err = call(["stats", "no-such.jsonl"], capsys)
    assert (code, err) == (2, "kabalsolve: error: no-such.jsonl: cannot read the results "
                              "file: No such file or directory\n")


def env():
    e = dict(os.environ)
    e["PYTHONPATH"] = str(REPO) + os.pathsep + e.get("PYTHONPATH", "")
    return e


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_loses_nothing_written_and_resume_finishes(tmp_path, jobs):
    """Seeds 140-300 hold deals of seconds (156, 231, 296): Ctrl-C lands mid-run, in
    the command's own search (--jobs 1) or while it waits for its workers (--jobs 2)."""
    out = tmp_path / "r.jsonl"
    args = [sys.executable, "-m", "kabalsolve", "batch", "--seeds", "140-300", "-j", jobs,
            "-o", str(out)]
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env(),
                         cwd=REPO, preexec_fn=default_sigint)
    deadline = time.monotonic() + 60
    while (not out.exists() or out.read_text().count("\n") < 5) and time.monotonic() < deadline:
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    _, err = p.communicate(timeout=60)
    assert time.monotonic() - t0 < 10         # the workers were stopped, not waited for
    if p.returncode == 0:
        pytest.skip("the run finished before the interrupt (a very fast machine)")
    assert p.returncode == 130, err
    assert b"interrupted" in err and b"Traceback" not in err
    text = out.read_text()
    assert text.endswith("\n")
    written = [json.loads(line)["id"] for line in text.splitlines()]
    assert 5 <= len(written) < 161
    # go on cheaply: a budget makes the rest quick; every deal ends with one line
    q = subprocess.run(args + ["--resume", "--max-states", "20000"], capture_output=True,
                       env=env(), cwd=REPO, timeout=120)
    assert q.returncode == 0, q.stderr
    ids = [r["id"] for r in lines_of(out)]
    assert ids[:len(written)] == written
    assert sorted(ids) == sorted("seed:%d" % s for s in range(140, 301))


def stderr_on_a_terminal(args, tmp_path):
    """What ``kabalsolve ARGS`` writes on standard error when that is a terminal."""
    master, slave = pty.openpty()
    p = subprocess.Popen([sys.executable, "-m", "kabalsolve"] + args,
                         stdout=subprocess.PIPE, stderr=slave, env=env(), cwd=tmp_path)
    os.close(slave)
    p.communicate(timeout=120)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert p.returncode == 0, seen
    return seen.decode()


@pytest.mark.parametrize("args, label, n, note", [
    (["batch", "--seeds", SEEDS, "-j", "1", "-o", "r.jsonl"], "batch", 29,
     "26 won, 3 lost, 0 unknown"),
    (["stats", "--game", "klondike", "--count", "12", "--seed", "27"], "stats", 12,
     "11 won, 0 unknown"),
    (["generate", "--seed", "27", "--count", "3", "--winnable", "--out", "d"],
     "generate", 3, "4 tried"),
], ids=["batch", "stats", "generate"])
def test_one_progress_bar_on_a_terminal(tmp_path, args, label, n, note):
    text = stderr_on_a_terminal(args, tmp_path)
    bars = re.findall(r"\r\x1b\[\?25l(%s  \[[^\r]*)" % label, text)
    assert bars, repr(text)
    assert bars[0].startswith("%s  [--------------------]  0/%d    0%%" % (label, n))
    assert bars[-1].startswith("%s  [####################]  %d/%d  100%%  " % (
        label, n, n)), repr(text)
    assert re.search(r"\d deals/s  %s *\x1b\[\?25h$" % note, bars[-1]), bars[-1]
    if label == "batch":
        assert "batch: 29 deals solved (26 won, 3 lost, 0 unknown)" in text


def test_no_progress_bar_off_a_terminal(tmp_path):
    r = subprocess.run([sys.executable, "-m", "kabalsolve", "stats", "--game", "klondike",
                        "--count", "3"], capture_output=True, env=env(), cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == b""
