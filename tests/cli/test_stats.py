"""kabalsolve stats: win rates over seeded deals with Wilson intervals."""
import re
import subprocess
import sys

import kabalsolve
from kabalsolve import _core
from kabalsolve.stats import wilson


def run(*args):
    return subprocess.run([sys.executable, "-m", "kabalsolve", "stats", *args],
                          capture_output=True, text=True, timeout=300)


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-9
    assert round(lo, 4) == 0.4038 and round(hi, 4) == 0.5962
    assert wilson(0, 10)[0] == 0.0 and abs(wilson(10, 10)[1] - 1.0) < 1e-12


def test_clock_stats_line():
    r = run("--game", "clock", "--count", "100000", "--seed", "7")
    assert r.returncode == 0, r.stderr
    won, _ = _core.clock_stats(7, 100000)
    m = re.match(r"clock: 100000 deals from seed 7: (\d+) won = ([\d.]+) % "
                 r"\(95 % interval \[([\d.]+), ([\d.]+)\] %\)", r.stdout)
    assert m and int(m.group(1)) == won
    assert float(m.group(3)) < 100 / 13 < float(m.group(4))


def test_klondike_stats_match_single_solves():
    r = run("--game", "klondike", "--count", "8", "--seed", "20", "--draw", "1")
    assert r.returncode == 0, r.stderr
    won = sum(kabalsolve.solve(kabalsolve.deal_from_seed(s), draw=1).result == "won"
              for s in range(20, 28))
    assert r.stdout.startswith("klondike: 8 deals from seed 20: %d won" % won)
    assert "draw 1; 0 unknown" in r.stdout


def test_bad_options():
    r = run("--game", "freecell", "--count", "3")
    assert r.returncode == 2 and r.stderr.count("\n") == 1
    r = run("--game", "clock")
    assert r.returncode == 2 and "count" in r.stderr
