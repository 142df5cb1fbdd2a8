"""Every command when a standard stream is not there: a pipe that closes before the
output is read (``| head``, ``| true``), standard output or input closed when the
command starts (``>&-``, ``<&-``).  Output that cannot be written is never a silent
success and never "lost": status 2, quietly for a closed pipe, with one line for a
closed stream.  These are handled by kabalsolve itself, whatever click's version."""
import os
import subprocess
import sys

import pytest

from conftest import REPO, check_one_error_line

ENV = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
WON = "examples/won-klondike-draw3.txt"

#: one run of each command that writes a good deal to standard output
COMMANDS = {
    "solve": [WON],
    "solve-quiet": [WON, "--quiet"],
    "play": ["play", WON],
    "play-quiet": ["play", WON, "-q"],
    "hint": ["hint", WON],
    "show": ["show", WON, "--all"],
    "generate": ["generate", "--count", "3000"],
    "batch": ["batch", "--seeds", "1-40", "--verdict-only"],
    "stats": ["stats", "RESULTS"],
}
#: the commands that can read standard input
READERS = {
    "solve": ["-"],
    "play": ["play", "-"],
    "hint": ["hint", "-"],
    "show": ["show", "-"],
    "stats": ["stats", "-"],
}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """A small results file of ``batch``, for ``stats``."""
    path = tmp_path_factory.mktemp("streams") / "r.jsonl"
    subprocess.run([sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-5",
                    "--verdict-only", "-o", str(path)], cwd=REPO, env=ENV, check=True,
                   stdout=subprocess.DEVNULL, timeout=120)
    return str(path)


def command(name, results):
    return [results if a == "RESULTS" else a for a in COMMANDS[name]]


def run_shell(args, redirect):
    """Run kabalsolve with a shell redirection (``>&-``, ``<&-``) after it."""
    cmd = " ".join([sys.executable, "-m", "kabalsolve"] + args) + " " + redirect
    return subprocess.run(["sh", "-c", cmd], cwd=REPO, env=ENV, stderr=subprocess.PIPE,
                          stdout=subprocess.DEVNULL if ">&-" not in redirect else None,
                          text=True, timeout=300)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_standard_output_closed_is_status_2_and_one_line(name, results):
    r = run_shell(command(name, results), ">&-")
    assert r.returncode == 2, r.stderr
    assert check_one_error_line(r.stderr) == "kabalsolve: error: standard output is closed"


@pytest.mark.parametrize("name", sorted(READERS))
def test_standard_input_closed_is_status_2_and_one_line(name):
    r = run_shell(READERS[name], "<&-")
    assert r.returncode == 2, r.stderr
    assert check_one_error_line(r.stderr) == "kabalsolve: error: standard input is closed"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_pipe_closed_before_reading_is_status_2_and_quiet(name, results):
    """The reader is gone before anything is written: every command's first write (or
    the flush at its end) meets a closed pipe."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        r = subprocess.run([sys.executable, "-m", "kabalsolve"] + command(name, results), cwd=REPO,
                           env=ENV, stdout=write_end, stderr=subprocess.PIPE, text=True,
                           timeout=300)
    finally:
        os.close(write_end)
    assert r.returncode == 2, r.stderr
    assert r.stderr == ""


def test_standard_error_closed_still_gives_the_verdicts_status():
    r = subprocess.run(["sh", "-c", " ".join([sys.executable, "-m", "kabalsolve", WON,
                                              "--quiet"]) + " 2>&-"],
                       cwd=REPO, env=ENV, stdout=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 0
    assert r.stdout.startswith("won: klondike draw 3")


def test_standard_error_closed_keeps_status_2_for_an_error():
    """With 2>&- the error line has nowhere to go, but the status still says 2 (Python
    may hand descriptor 2 to a file it reads, so writing there would crash)."""
    r = subprocess.run(["sh", "-c", " ".join([sys.executable, "-m", "kabalsolve",
                                              "--no-such-option"]) + " 2>&-"],
                       cwd=REPO, env=ENV, stdout=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 2
