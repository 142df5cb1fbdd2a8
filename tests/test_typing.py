"""The package's type annotations hold.  kabalsolve ships ``py.typed``, so code that
calls it is type-checked against them: mypy must find no error in the package (with
the settings of pyproject.toml's [tool.mypy]), and a user's script must get the types
the docs promise.

mypy is in the test extra; run without it, or with a mypy older than MIN_MYPY (whose
inference trips on code that newer ones accept), these tests are skipped."""
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
#: the oldest mypy that checks the package clean (1.16 cannot narrow a min() with a
#: default of None inside its key function)
MIN_MYPY = (1, 17)


def _mypy_version():
    try:
        from mypy.version import __version__
    except ImportError:
        return None
    return tuple(int(n) for n in re.findall(r"\d+", __version__)[:2])


pytestmark = pytest.mark.skipif(
    _mypy_version() is None or _mypy_version() < MIN_MYPY,
    reason="needs mypy %d.%d or later (the test extra has it)" % MIN_MYPY)


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory):
    """One mypy cache for this module's runs, outside the source tree."""
    return str(tmp_path_factory.mktemp("mypy_cache"))


def _mypy(cache_dir, *args, env=None):
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", cache_dir, *args],
                          cwd=ROOT, capture_output=True, text=True, env=env)


def test_mypy_finds_no_error_in_the_package(cache_dir):
    run = _mypy(cache_dir, "kabalsolve")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found"), run.stdout


USER_SCRIPT = '''\
import kabalsolve

deal = kabalsolve.deal_from_seed(1)
reveal_type(deal)
reveal_type(kabalsolve.solve(deal, draw=1))
reveal_type(kabalsolve.is_winnable(deal))
reveal_type(kabalsolve.hint(kabalsolve.Position(deal, kabalsolve.Rules(draw=1))))
reveal_type(kabalsolve.Card("TH").symbol)
kabalsolve.solve(deal, draw="three")
'''


def test_a_user_script_gets_the_promised_types(cache_dir, tmp_path):
    """solve() of a Klondike deal is a Solution (its overloads are read), and a wrong
    argument is caught: the annotations reach the caller's checker."""
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT)
    env = dict(os.environ, MYPYPATH=ROOT)      # this tree's kabalsolve, not an installed one
    run = _mypy(cache_dir, "--python-version", "3.10", str(script), env=env)
    revealed = re.findall(r"user\.py:(\d+): note: Revealed type is \"([^\"]+)\"", run.stdout)
    assert revealed == [
        ("4", "kabalsolve.games.klondike.rules.Deal"),
        ("5", "kabalsolve.solution.Solution"),
        ("6", "bool | None"),
        ("7", "kabalsolve.games.klondike.hints.Hint"),
        ("8", "str"),
    ], run.stdout + run.stderr
    errors = re.findall(r"user\.py:(\d+): error: .*\[([a-z-]+)\]", run.stdout)
    assert errors == [("9", "call-overload")], run.stdout + run.stderr
