"""The command line contract (docs/cli.md): exit codes, one-line errors, --json.

A few key cases run the real thing (``python -m kabalsolve`` in a subprocess); the
rest call ``kabalsolve.cli.main`` in-process for speed, catching its SystemExit.
"""
import json
import re

import click
import pytest

import kabalsolve
from kabalsolve.games.klondike import Move, Rules, replay

from conftest import (BAD_FILES, DATA, WON_SEED, call, check_one_error_line,
                      deal_needing_states, run)


LOST_SEED = 62     # lost at draw 1 and draw 3 in a few states
F2T_SEED = 43      # draw 1: won with foundation-to-tableau moves, lost without
LINE = re.compile(r"^ *(\d+)\. \S")


@pytest.fixture(scope="module")
def deals(tmp_path_factory):
    d = tmp_path_factory.mktemp("deals")
    paths = {}
    for name, seed in (("won", WON_SEED), ("lost", LOST_SEED), ("f2t", F2T_SEED)):
        p = d / ("%s.txt" % name)
        p.write_text(kabalsolve.deal_from_seed(seed).to_text("seed %d" % seed), encoding="utf-8")
        paths[name] = str(p)
    return paths


def check_won_text(out, draw=3):
    lines = out.rstrip("\n").split("\n")
    head = lines[0]
    assert head.startswith("won: klondike draw %d" % draw), head
    n = int(re.search(r", (\d+) moves, score \d+ \(Vegas -?\d+\);", head).group(1))
    assert n == len(lines) - 1 > 0
    for i, line in enumerate(lines[1:], 1):
        m = LINE.match(line)
        assert m and int(m.group(1)) == i, line
    return n


# -- the real thing ---------------------------------------------------------------------
def test_subprocess_won(deals):
    r = run([deals["won"]])
    assert r.returncode == 0, r.stderr
    assert r.stderr == b""
    check_won_text(r.stdout.decode("utf-8"))


def test_subprocess_lost(deals):
    r = run([deals["lost"], "--draw", "1"])
    assert r.returncode == 1, r.stderr
    out = r.stdout.decode("utf-8")
    assert out.startswith("lost: klondike draw 1")
    assert out.count("\n") == 1
    assert r.stderr == b""


def test_subprocess_unknown(deals):
    r = run([deals["won"], "--max-states", "1"])
    assert r.returncode == 3, r.stderr
    out = r.stdout.decode("utf-8")
    assert out.startswith("unknown: klondike draw 3")
    assert "--max-states" in out and "lost" not in out
    assert out.count("\n") == 1


def test_subprocess_json(deals):
    r = run(["--json", deals["won"]])
    assert r.returncode == 0
    d = json.loads(r.stdout.decode("utf-8"))   # exactly one object: nothing else on stdout
    assert isinstance(d, dict)
    assert d["game"] == "klondike" and d["result"] == "won" and d["draw"] == 3
    pos = replay(kabalsolve.deal_from_seed(WON_SEED), Rules(draw=3),
                 [Move.from_json(m) for m in d["moves"]])
    assert pos.is_won()


def test_subprocess_stdin(deals):
    with open(deals["won"], "rb") as fh:
        data = fh.read()
    r = run(["-", "--quiet"], stdin=data)
    assert r.returncode == 0, r.stderr
    assert r.stdout.decode().startswith("won: ") and r.stdout.count(b"\n") == 1
    r = run(["--draw", "1", "-"], stdin=open(deals["lost"], "rb").read())
    assert r.returncode == 1


def test_subprocess_bad_file():
    path = DATA / "bad" / "bad_card_token.txt"
    r = run([str(path)])
    assert r.returncode == 2
    assert r.stdout == b""
    line = check_one_error_line(r.stderr.decode("utf-8"))
    assert "line 5" in line and "'6X' is not a card" in line


def test_subprocess_bad_stdin():
    r = run(["-"], stdin=b"\xff\xfe garbage")
    assert r.returncode == 2
    line = check_one_error_line(r.stderr.decode("utf-8"))
    assert "<stdin>" in line and "UTF-8" in line


def test_subprocess_usage_errors(deals):
    for args in (["--bogus", deals["won"]], [deals["won"], "--draw", "0"]):
        r = run(args)
        assert r.returncode == 2, args
        assert r.stdout == b""
        check_one_error_line(r.stderr.decode("utf-8"))


def test_subprocess_version_and_help():
    r = run(["--version"])
    assert r.returncode == 0
    assert kabalsolve.__version__ in r.stdout.decode()
    r = run(["--help"])
    assert r.returncode == 0
    out = r.stdout.decode()
    assert "Usage" in out and "Exit status" in out


def test_subprocess_file_named_like_a_command(tmp_path):
    (tmp_path / "solve").write_text(kabalsolve.deal_from_seed(WON_SEED).to_text())
    r = run(["./solve", "--quiet"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    r = run(["solve", "./solve", "--quiet"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr


# -- in-process ----------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["--draw", "1", "{won}"],
    ["{won}", "--draw", "1"],
    ["solve", "{won}", "--draw", "1"],
    ["solve", "--draw", "1", "{won}"],
    ["--quiet", "--draw", "1", "{won}", "--max-states", "1000000"],
])
def test_options_before_and_after(args, deals, capsys):
    args = [a.format(**deals) for a in args]
    code, out, err = call(args, capsys)
    assert code == 0 and err == ""
    assert out.startswith("won: klondike draw 1")


def test_won_text_in_process(deals, capsys):
    code, out, err = call([deals["won"], "--draw", "1"], capsys)
    assert code == 0
    n = check_won_text(out, draw=1)
    sol = kabalsolve.solve(kabalsolve.deal_from_seed(WON_SEED), draw=1)
    assert n == len(sol.moves)


def test_quiet_prints_one_line(deals, capsys):
    for name, code_ in (("won", 0), ("lost", 1)):
        code, out, err = call([deals[name], "-q"], capsys)
        assert code == code_
        assert out.count("\n") == 1 and not out.startswith(" ")


@pytest.mark.parametrize("draw", [1, 3])
def test_json_won_replays(draw, deals, capsys):
    code, out, err = call([deals["won"], "--json", "--draw", str(draw)], capsys)
    assert code == 0 and err == ""
    d = json.loads(out)
    assert d["draw"] == draw and d["result"] == "won"
    assert d["foundation_moves"] is True and d["passes"] is None
    assert "stats" in d and d["stats"]["states"] >= 1
    moves = [Move.from_json(m) for m in d["moves"]]
    assert replay(kabalsolve.deal_from_seed(WON_SEED), Rules(draw=draw), moves).is_won()
    for m in d["moves"]:
        assert m["type"] in ("draw", "recycle", "move")
        if m["type"] == "move":
            assert m["from"] in ("W", "F", "T1", "T2", "T3", "T4", "T5", "T6", "T7")
            assert m["to"] in ("F", "T1", "T2", "T3", "T4", "T5", "T6", "T7")
            assert kabalsolve.parse_card(m["card"]) is not None


def test_json_lost_and_unknown(deals, capsys):
    code, out, _ = call([deals["lost"], "--json"], capsys)
    assert code == 1
    d = json.loads(out)
    assert d["result"] == "lost" and d["moves"] == []
    code, out, _ = call([deals["won"], "--json", "--max-states", "1"], capsys)
    assert code == 3
    d = json.loads(out)
    assert d["result"] == "unknown" and d["moves"] == []
    assert d["stopped_by"] == "max_states"


def test_foundation_moves_option(deals, capsys):
    code, out, _ = call([deals["f2t"], "--draw", "1", "--json"], capsys)
    assert code == 0
    d = json.loads(out)
    assert any(m["type"] == "move" and m["from"] == "F" for m in d["moves"])
    code, out, _ = call([deals["f2t"], "--draw", "1", "--no-foundation-moves", "-q"], capsys)
    assert code == 1
    assert out.startswith("lost: klondike draw 1, no foundation moves")


def test_passes_option(deals, capsys):
    code, out, _ = call([deals["won"], "--passes", "1", "--json", "--draw", "1"], capsys)
    assert code in (0, 1)
    d = json.loads(out)
    assert d["passes"] == 1
    assert not any(m["type"] == "recycle" for m in d["moves"])
    if code == 0:
        moves = [Move.from_json(m) for m in d["moves"]]
        pos = replay(kabalsolve.deal_from_seed(WON_SEED), Rules(draw=1, passes=1), moves)
        assert pos.is_won()


def test_timeout_gives_unknown(capsys, tmp_path):
    # a deal whose search takes thousands of states; the clock is read every 1024
    p = tmp_path / "d.txt"
    p.write_text(deal_needing_states(5000)[1].to_text())
    code, out, _ = call([str(p), "--draw", "1", "--timeout", "0.000001", "-q"], capsys)
    assert code == 3
    assert out.startswith("unknown:") and "--timeout" in out


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_every_bad_file(name, capsys):
    substring, line = BAD_FILES[name]
    path = DATA / "bad" / name
    code, out, err = call([str(path)], capsys)
    assert code == 2
    assert out == ""
    msg = check_one_error_line(err)
    assert substring in msg
    assert str(path) in msg
    if line is not None:
        assert ", line %d" % line in msg
    else:
        assert ", line" not in msg


@pytest.mark.parametrize("name", sorted(BAD_FILES)[:5])
def test_bad_files_with_json_keep_stdout_clean(name, capsys):
    code, out, err = call([str(DATA / "bad" / name), "--json"], capsys)
    assert code == 2 and out == ""
    check_one_error_line(err)


@pytest.mark.parametrize("args", [
    ["{missing}"],
    ["{dir}"],
])
def test_unreadable(args, tmp_path, capsys):
    args = [a.format(missing=str(tmp_path / "nope.txt"), dir=str(tmp_path)) for a in args]
    code, out, err = call(args, capsys)
    assert code == 2 and out == ""
    assert "cannot read the file" in check_one_error_line(err)


@pytest.mark.parametrize("args", [
    ["--bogus", "{won}"],
    ["{won}", "--bogus"],
    ["{won}", "--draw", "0"],
    ["{won}", "--draw", "25"],
    ["{won}", "--draw", "x"],
    ["{won}", "--passes", "0"],
    ["{won}", "--max-states", "0"],
    ["{won}", "--timeout", "0"],
    ["{won}", "--timeout", "-1"],
    ["solve"],
    ["{won}", "{won}"],
])
def test_usage_errors(args, deals, capsys):
    code, out, err = call([a.format(**deals) for a in args], capsys)
    assert code == 2
    assert out == ""
    check_one_error_line(err)


def test_version_and_help_in_process(capsys):
    code, out, err = call(["--version"], capsys)
    assert code == 0 and kabalsolve.__version__ in out
    code, out, err = call(["--help"], capsys)
    assert code == 0 and "Usage" in out
    code, out, err = call(["solve", "--help"], capsys)
    assert code == 0 and "--draw" in out and "--no-foundation-moves" in out


COMMANDS = ["solve", "hint", "show", "play", "generate", "batch", "stats", "number"]


def test_the_top_help_lists_the_commands_and_points_at_solve_help(capsys):
    code, out, _ = call(["--help"], capsys)
    assert code == 0
    assert "'kabalsolve solve --help' lists its options" in out
    listed = [line.split()[0] for line in out.split("\nCommands:\n")[1].splitlines()]
    assert listed == COMMANDS


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_examples_and_plain_ranges(command, capsys):
    code, out, _ = call([command, "--help"], capsys)
    assert code == 0
    examples = out.split("\n  Examples:\n")[1].split("\n\n")[0].splitlines()
    assert examples and all(e.startswith("    kabalsolve ") for e in examples), examples
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "x>" not in out and "<=x" not in out and "INTEGER" not in out
    options = [p for p in kabalsolve.cli.cli.commands[command].params
               if isinstance(p, click.Option)]
    assert [p.name for p in options if not p.help] == []


def test_ranges_read_as_words(capsys):
    code, out, _ = call(["solve", "--help"], capsys)
    assert "[default: 3; 1 to 24]" in out and "[1 to 10**20 - 1]" in out
    assert "the answer is 'unknown'.  [4 to 2**24]" in out and "to 10**18]" in out
    code, out, _ = call(["generate", "--help"], capsys)
    assert "[default: 1; 0 to 2**64 - 1]" in out and "kabalsolve/" not in out
    code, _, err = call(["solve", "--draw", "25", "x.txt"], capsys)
    assert code == 2 and "25 is not in the range 1 to 24." in err
    code, _, err = call(["solve", "--timeout", "0", "x.txt"], capsys)
    assert code == 2 and "'--timeout': must be more than 0 seconds, not 0 (" in err
    code, _, err = call(["solve", "--timeout", "0.000", "x.txt"], capsys)
    assert code == 2 and "more than 0 seconds, not 0.000 (" in err
    code, _, err = call(["solve", "--timeout", "1000000000.5", "x.txt"], capsys)
    assert code == 2 and "must be at most 10**9 seconds, not 1000000000.5 (" in err
    code, _, err = call(["batch", "--seeds", "1", "--archive", "a", "--checkpoint", "0"],
                        capsys)
    assert code == 2 and "'--checkpoint': must be more than 0 seconds, not 0 (" in err
