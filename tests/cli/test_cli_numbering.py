"""Other programs' numbered deals on the command line: NAME:N in place of a deal file,
--numbering beside batch --seeds and generate --seed, and ``kabalsolve number``."""
import json
import math
import re

import pytest

import kabalsolve
from kabalsolve.formats import shootme
from kabalsolve.numbering import SCHEMES

from conftest import call, check_one_error_line, run

EXACT_SOLVITAIRE_0 = "12954810653509400169295621394006691876957783508183809583464865425989"


@pytest.mark.parametrize("name", list(SCHEMES))
def test_every_numbering_solves_as_a_deal_argument(name, capsys):
    code, out, err = call([name + ":7", "--quiet"], capsys)
    sol = kabalsolve.solve(kabalsolve.numbered_deal(name, 7))
    assert (code, err) == ({"won": 0, "lost": 1}[sol.result], "")
    title = SCHEMES[name].title % 7
    assert out.startswith("%s: klondike draw 3 (%s)" % (sol.result, title)), out


def test_the_json_names_the_numbered_deal(capsys):
    code, out, _ = call(["--json", "greenfelt:12345"], capsys)
    d = json.loads(out)
    assert d["numbered"] == {"numbering": "greenfelt", "number": "12345",
                             "title": "GreenFelt game 12345"}
    assert d["result"] == kabalsolve.solve(kabalsolve.numbered_deal("greenfelt", 12345)).result


def test_pysolfc_name_is_the_pysol_option(capsys):
    a = call(["pysolfc:5", "--draw", "1"], capsys)
    b = call(["--pysol", "5", "--draw", "1"], capsys)
    assert re.sub(r"in \d+\.\d+ s", "", a[1]) == re.sub(r"in \d+\.\d+ s", "", b[1])
    assert a[0] == b[0] == 0
    assert a[1].startswith("won: klondike draw 1 (PySolFC game 5), ")
    assert "PySolFC makes this turn when it deals game 5" in a[1].split("\n")[1]


@pytest.mark.parametrize("arg,message", [
    ("solvitaire:2147483648", "a Solvitaire seed is a whole number from 0 to 2147483647, "
                              "not '2147483648'"),
    ("solvitaire:-1", "a Solvitaire seed is a whole number from 0 to 2147483647, not '-1'"),
    ("klondike-solver:x", "a Klondike-Solver game number is a whole number from 0 to "
                          "2147483647, not 'x'"),
    ("greenfelt:4294967296", "a GreenFelt game number is a whole number from 0 to "
                             "4294967295, not '4294967296'"),
    ("microsoft:%d" % math.factorial(52), "a Microsoft Solitaire Collection deal number is "
                                          "a whole number from 0 to 52! - 1, not '806"),
    ("lonelybot:", "a lonelybot exact number is a whole number from 0 to 52! - 1, not ''"),
    ("pysolfc:0", "a PySolFC game number is a whole number from 1 to 99999999999999999999, "
                  "not '0'"),
])
def test_a_number_out_of_range_is_one_error_line(arg, message, capsys):
    for command in ([arg], ["hint", arg], ["show", arg], ["play", arg], ["number", arg]):
        code, out, err = call(command, capsys)
        assert (code, out) == (2, ""), command
        assert check_one_error_line(err).startswith("kabalsolve: error: " + message), err


def test_edges_solve(capsys):
    for arg in ("solvitaire:0", "solvitaire:2147483647", "greenfelt:4294967295",
                "lonelybot:0", "microsoft:%d" % (math.factorial(52) - 1)):
        code, out, err = call([arg, "--quiet", "--max-states", "100000"], capsys)
        assert code in (0, 1, 3) and err == "" and out.count("\n") == 1, arg


def test_format_does_not_go_with_a_numbered_deal(capsys):
    code, _, err = call(["solvitaire:3", "--format", "json"], capsys)
    assert code == 2
    assert check_one_error_line(err) == ("kabalsolve: error: --format is for a deal file; "
                                         "solvitaire:N needs none")


def test_a_file_of_such_a_name_is_read_as_dot_slash(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "solvitaire:3").write_text(kabalsolve.deal_from_seed(1).to_text())
    code, out, _ = call(["./solvitaire:3", "--quiet"], capsys)
    assert "Solvitaire" not in out and code in (0, 1)


def test_number_writes_the_exact_number_and_reads_it_back(capsys):
    code, out, err = call(["number", "solvitaire:0"], capsys)
    assert (code, out, err) == (0, "lonelybot:%s\n" % EXACT_SOLVITAIRE_0, "")
    code, back, _ = call(["number", out.strip(), "--numbering", "microsoft"], capsys)
    assert code == 0 and back.startswith("microsoft:")
    code, again, _ = call(["number", back.strip()], capsys)
    assert again == out
    for arg in (out.strip(), back.strip(), "solvitaire:0"):
        code, shown, _ = call(["generate", "--numbering", arg.split(":")[0], "--seed",
                               arg.split(":")[1], "--format", "shootme"], capsys)
        assert shootme.read(shown) == kabalsolve.numbered_deal("solvitaire", 0)


def test_number_of_a_file_and_of_standard_input(tmp_path):
    deal = kabalsolve.deal_from_seed(9)
    p = tmp_path / "d.txt"
    p.write_text(deal.to_text())
    r = run(["number", str(p)])
    assert r.returncode == 0 and r.stderr == b""
    n = int(r.stdout.decode().strip().split(":")[1])
    assert kabalsolve.numbered_deal("lonelybot", n) == deal
    assert run(["number", "-"], stdin=deal.to_text().encode()).stdout == r.stdout


def test_number_refuses_what_is_not_a_klondike_deal(capsys, tmp_path):
    p = tmp_path / "a.txt"
    p.write_text(kabalsolve.generate("acesup").__next__().deal.to_text())
    code, _, err = call(["number", str(p)], capsys)
    assert code == 2
    assert check_one_error_line(err).endswith("numbers are for Klondike deals, not Aces Up "
                                              "deals")


def test_play_names_the_numbered_deal(capsys):
    code, out, err = call(["play", "solvitaire:7", "--quiet", "--samples", "2",
                           "--max-states", "300"], capsys)
    assert err == "" and ", Solvitaire seed 7); " in out


def test_hint_and_show_take_a_numbered_deal(capsys):
    code, out, _ = call(["hint", "klondike-solver:3"], capsys)
    assert code in (0, 1) and out.startswith(("won:", "lost:"))
    code, out, _ = call(["show", "greenfelt:5", "--at", "0"], capsys)
    assert code == 0
    assert out.endswith(kabalsolve.numbered_deal("greenfelt", 5).to_text().split(
        "game: klondike\n")[1].split("stock:")[1])


def test_batch_numbering_ids_and_resume(tmp_path, capsys):
    out = str(tmp_path / "r.jsonl")
    code, _, err = call(["batch", "--numbering", "solvitaire", "--seeds", "0-3",
                         "--draw", "1", "-j", "1", "-o", out], capsys)
    assert code == 0, err
    lines = [json.loads(x) for x in open(out)]
    assert [x["id"] for x in lines] == ["solvitaire:%d" % n for n in range(4)]
    for x in lines:
        deal = kabalsolve.numbered_deal("solvitaire", int(x["id"].split(":")[1]))
        assert x["result"] == kabalsolve.solve(deal, draw=1).result
    code, _, err = call(["batch", "--numbering", "solvitaire", "--seeds", "0-5",
                         "--draw", "1", "-j", "1", "-o", out, "--resume"], capsys)
    assert code == 0 and "2 deals solved" in err and "4 already in" in err
    assert len(open(out).readlines()) == 6


@pytest.mark.parametrize("args,message", [
    (["--numbering", "greenfelt", "--seeds", "0-4294967296"],
     "--seeds takes A-B (e.g. 1-1000) or one number, each from 0 to 4294967295 (the "
     "greenfelt numbers), not '0-4294967296'"),
    (["--numbering", "greenfelt"], "--numbering names the numbers of --seeds: give "
                                   "--seeds A-B too"),
    (["--numbering", "greenfelt", "--seeds", "1-2", "--game", "clock"],
     "--numbering numbers Klondike deals, not Clock"),
    (["--numbering", "pysolfc", "--seeds", "0-2"],
     "--seeds takes A-B (e.g. 1-1000) or one number, each from 1 to 99999999999999999999 "
     "(the pysolfc numbers), not '0-2'"),
])
def test_batch_numbering_errors(args, message, capsys):
    code, out, err = call(["batch"] + args, capsys)
    assert (code, out) == (2, "")
    assert check_one_error_line(err).startswith("kabalsolve: error: " + message), err


def test_generate_numbering(tmp_path, capsys):
    code, out, err = call(["generate", "--numbering", "klondike-solver", "--seed", "0",
                           "--count", "2"], capsys)
    assert code == 0 and err == ""
    first, second = out.split("\n\n")
    assert first.startswith("# Klondike-Solver game 0 (kabalsolve generate)\n")
    assert kabalsolve.read_text(second) == kabalsolve.numbered_deal("klondike-solver", 1)
    code, out, err = call(["generate", "--numbering", "microsoft", "--seed", "3",
                           "--format", "json"], capsys)
    assert json.loads(out)["info"] == {"numbered": {
        "numbering": "microsoft", "number": "3", "title": "Microsoft deal 3"}}
    code, _, err = call(["generate", "--numbering", "greenfelt", "--seed", "7", "--count",
                         "2", "--winnable", "--out", str(tmp_path)], capsys)
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == 2 and all(n.startswith("greenfelt-") for n in names)
    for n in names:
        number = int(n[len("greenfelt-"):-len(".txt")])
        text = (tmp_path / n).read_text()
        assert text.startswith("# GreenFelt game %d (kabalsolve generate)\n# won; " % number)
        assert kabalsolve.read_text(text) == kabalsolve.numbered_deal("greenfelt", number)
    code, out, err = call(["generate", "--numbering", "solvitaire", "--seed",
                           "2147483647", "--count", "2"], capsys)
    assert code == 2 and out.startswith("# Solvitaire seed 2147483647 ")
    assert check_one_error_line(err) == ("kabalsolve: error: ran out of solvitaire numbers "
                                         "(the last is 2147483647)")
    code, _, err = call(["generate", "--numbering", "solvitaire", "--seed", "2147483648"],
                        capsys)
    assert code == 2 and "a Solvitaire seed is a whole number from 0 to 2147483647" in err
