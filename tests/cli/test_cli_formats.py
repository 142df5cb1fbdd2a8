"""The command line for other formats: solve --format / auto-detection, --pysol N,
--notation shootme; generate --format and --pysol-range.  Errors are one line, exit 2."""
import json

import pytest
from kabalsolve.games import clock

import kabalsolve
from kabalsolve import formats
from kabalsolve.formats import pysolfc, shootme
from kabalsolve.games.klondike import Move, Rules, replay

from conftest import WON_SEED, call, run

SOLVE = ["--max-states", "200000"]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The won deal in every format, each in a file named as generate names them."""
    d = tmp_path_factory.mktemp("formats")
    deal = kabalsolve.deal_from_seed(WON_SEED)
    paths = {}
    for fmt in formats.FORMATS:
        p = d / ("deal-%s%s" % (fmt, formats.EXTENSIONS[fmt]))
        p.write_text(formats.write(deal, fmt), encoding="utf-8")
        paths[fmt] = str(p)
    return paths


@pytest.mark.parametrize("fmt", formats.FORMATS)
def test_every_format_solves_alike_detected_or_forced(fmt, files, capsys):
    want = call([files["text"], "--json"] + SOLVE, capsys)
    for extra in ([], ["--format", fmt]):
        code, out, err = call([files[fmt], "--json"] + SOLVE + extra, capsys)
        assert (code, err) == (0, "")
        assert json.loads(out)["moves"] == json.loads(want[1])["moves"]


def test_forcing_the_wrong_format_is_one_line(files, capsys):
    code, out, err = call([files["pysol"], "--format", "shootme"], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("kabalsolve: error: %s, line 1, column 1: 'T' is not a digit"
                          % files["pysol"])


@pytest.mark.parametrize("fmt, breakage, where", [
    ("pysol", lambda t: t.replace("<", "", 1).replace(">", "", 1),
     ", line 3: in a deal only the last card"),
    ("shootme", lambda t: "0" + t, ", line 1: a ShootMe deck is 156 digits"),
    ("solvitaire", lambda t: t.replace('"stock"', '"stok"'), ": 'stok' has no place"),
    ("json", lambda t: t[:-3], ", line 1, column "),
])
def test_bad_files_give_one_line_naming_the_place(fmt, breakage, where, files, tmp_path,
                                                  capsys):
    p = tmp_path / ("bad-" + fmt)
    p.write_text(breakage(open(files[fmt], encoding="utf-8").read()), encoding="utf-8")
    code, out, err = call([str(p)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("kabalsolve: error: %s%s" % (p, where)), err


def test_pysol_game_solution_starts_with_pysolfcs_turn(capsys):
    code, out, err = call(["--pysol", "1", "--draw", "1"] + SOLVE, capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[1].startswith("  1. turn 1 card from the stock (4\u2665 on top")
    assert lines[1].endswith("PySolFC makes this turn when it deals game 1")
    code, out, _ = call(["--pysol", "1", "--draw", "1", "--json"] + SOLVE, capsys)
    sol = json.loads(out)
    assert sol["pysol_game"] == 1 and sol["moves"][0] == {"type": "draw"}
    moves = [Move.from_json(m) for m in sol["moves"]]
    assert replay(pysolfc.deal(1), Rules(draw=1), moves).is_won()


def test_pysol_and_a_deal_file_do_not_mix(files, capsys):
    code, out, err = call([files["text"], "--pysol", "3"], capsys)
    assert code == 2 and "not both" in err
    code, out, err = call(["solve"], capsys)
    assert code == 2 and "--pysol N" in err
    code, out, err = call(["--pysol", "0"], capsys)
    assert code == 2 and err.count("\n") == 1
    code, out, err = call(["--pysol", "3", "--format", "json"], capsys)
    assert code == 2 and "--format is for a deal file" in err


def test_pysol_range_files_are_named_by_game(tmp_path, capsys):
    code, out, err = call(["generate", "--pysol-range", "7-8", "--format", "pysol",
                           "--out", str(tmp_path)], capsys)
    assert (code, out, err) == (0, "", "")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pysol-klondike-7.board",
                                                          "pysol-klondike-8.board"]
    assert kabalsolve.read_deal(tmp_path / "pysol-klondike-8.board") == pysolfc.deal(8)


def test_shootme_notation_line_reads_back(capsys):
    code, out, err = call(["--pysol", "12345", "--notation", "shootme"] + SOLVE, capsys)
    assert code == 0
    head, line = out.rstrip("\n").split("\n")
    moves = shootme.parse_moves(pysolfc.deal(12345), Rules(draw=3), line)
    assert replay(pysolfc.deal(12345), Rules(draw=3), moves).is_won()
    assert head.startswith("won: klondike draw 3 (PySolFC game 12345), %d moves" % len(moves))
    code, out, _ = call(["--pysol", "12345", "--notation", "shootme", "--json"] + SOLVE,
                        capsys)
    assert json.loads(out)["shootme"] == line


def test_shootme_notation_is_for_klondike(tmp_path, capsys):
    p = tmp_path / "clock.txt"
    p.write_text(formats.write(clock.Deal.from_seed(1), "text"))
    code, out, err = call([str(p), "--notation", "shootme"], capsys)
    assert code == 2 and "Klondike" in err


@pytest.mark.parametrize("fmt", formats.FORMATS)
def test_generate_writes_each_format_readably(fmt, tmp_path, capsys):
    code, out, err = call(["generate", "--count", "3", "--seed", "5", "--format", fmt,
                           "--out", str(tmp_path)], capsys)
    assert (code, out, err) == (0, "", "")
    for seed in (5, 6, 7):
        p = tmp_path / ("klondike-%d%s" % (seed, formats.EXTENSIONS[fmt]))
        assert kabalsolve.read_deal(p) == kabalsolve.deal_from_seed(seed)
        assert kabalsolve.read_deal(p, format=fmt) == kabalsolve.deal_from_seed(seed)


def test_generate_to_stdout_one_line_formats_are_lines(capsys):
    code, out, _ = call(["generate", "--count", "3", "--format", "json"], capsys)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert [json.loads(x)["info"] == {"seed": i} for i, x in enumerate(lines, 1)] == [True] * 3


def test_generate_pysol_range_winnable(capsys):
    code, out, _ = call(["generate", "--pysol-range", "1-3", "--winnable", "--draw", "3",
                         "--format", "json"], capsys)
    assert code == 0
    got = [json.loads(x) for x in out.splitlines()]
    assert [g["info"]["pysol_game"] for g in got] == [1, 2, 3]   # all three are won
    for g in got:
        deal = pysolfc.deal(g["info"]["pysol_game"])
        assert formats.read(json.dumps(g)) == deal
        assert g["info"]["result"] == "won"


def test_generate_pysol_range_text_names_the_game(capsys):
    code, out, _ = call(["generate", "--pysol-range", "12345"], capsys)
    assert code == 0 and out.startswith("# PySolFC Klondike game 12345,")
    assert formats.read(out) == pysolfc.deal(12345)


@pytest.mark.parametrize("args, problem", [
    (["--pysol-range", "5-2"], "ends before it starts"),
    (["--pysol-range", "1-2", "--count", "4"], "drop --count"),
    (["--pysol-range", "a"], "A-B"),
    (["--game", "clock", "--format", "shootme"], "Klondike deals only"),
])
def test_generate_errors_are_one_line(args, problem, capsys):
    code, out, err = call(["generate"] + args, capsys)
    assert code == 2 and err.count("\n") == 1 and problem in err


def test_real_process_reads_a_pysol_board_on_stdin(files):
    r = run(["-", "--quiet"] + SOLVE, stdin=open(files["pysol"], "rb").read())
    assert r.returncode == 0 and r.stdout.decode().startswith("won: klondike draw 3")
