"""Every example in README.md and docs/*.md runs, and prints what the page shows.

Two kinds of example are executed, both from fenced code blocks (```):

* Python examples: the ``>>>`` lines of the page. All the blocks of one page run in
  order as one doctest (names carry over from one block to the next), with the working
  directory at the repository root, and the options ELLIPSIS and
  NORMALIZE_WHITESPACE.

* Command examples: a block whose lines start with ``$ `` (write such blocks as
  ```console). Each ``$ `` line is run by bash at the repository root, where the word
  ``kabalsolve`` runs ``sys.executable -m kabalsolve`` from this checkout, so pipes,
  ``echo "exit status $?"`` and the like work. The lines after it, up to the next
  ``$ `` line, are what it prints (standard output and standard error together).

The expected output is compared line by line (trailing spaces ignored) with these
masks, and no others:

* a line that is only ``...`` stands for any number of lines, none included;
* ``...`` within a line stands for any text on that line;
* a time, a decimal number followed by `` s`` (``0.001 s``), matches any time;
* ``<N>`` stands for any whole number (for a count that may vary).

Everything else must match exactly, state counts included: they do not vary from run
to run, so a change in them is a change the page must show.  Show only commands that
take a second or so.  A ``$ kabalsolve`` line outside a fenced block fails the test
(it would never be run).
"""
from __future__ import annotations

import doctest
import functools
import glob
import os
import re
import stat
import subprocess
import sys
from typing import List, Tuple

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = ["README.md"] + sorted(os.path.relpath(p, ROOT)
                               for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))

_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)")
_MASK = re.compile(r"(\.\.\.)|(<N>)|(\d+\.\d+ s(?![A-Za-z]))")


def _read(page: str) -> List[str]:
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        return f.read().splitlines()


def fenced_blocks(lines: List[str]) -> List[Tuple[int, str, List[str]]]:
    """(line number of the first content line, info string, content lines) of each
    fenced code block; MyST directives (```{name}) are not code and are left out."""
    blocks = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = len(m.group(1)), m.group(2), m.group(3)
        body, j = [], i + 1
        while j < len(lines):
            s = lines[j].strip()
            if s.startswith(fence[0] * len(fence)) and set(s) == {fence[0]}:
                break
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j])
            j += 1
        if not info.startswith("{"):
            blocks.append((i + 2, info, body))
        i = j + 1
    return blocks


# -- command examples ------------------------------------------------------------------

def command_examples() -> List[Tuple[str, int, str, List[str]]]:
    """(page, line, command, expected lines) of every ``$ `` line in a fenced block."""
    out = []
    for page in PAGES:
        for first, _info, body in fenced_blocks(_read(page)):
            if not any(ln.startswith("$ ") for ln in body):
                continue
            cmd = None
            for k, ln in enumerate(body):
                if ln.startswith("$ "):
                    if cmd is not None:
                        out.append((page, cmd[0], cmd[1], cmd[2]))
                    cmd = (first + k, ln[2:], [])
                elif cmd is None:
                    raise AssertionError("%s, line %d: a command block must start with "
                                         "a '$ ' line" % (page, first + k))
                else:
                    cmd[2].append(ln)
            assert cmd is not None
            out.append((page, cmd[0], cmd[1], cmd[2]))
    return out


def _line_pattern(expected: str) -> "re.Pattern[str]":
    parts, at = [], 0
    for m in _MASK.finditer(expected):
        parts.append(re.escape(expected[at:m.start()]))
        parts.append(".*" if m.group(1) else r"\d+" if m.group(2) else r"\d+\.\d+ s")
        at = m.end()
    parts.append(re.escape(expected[at:]))
    return re.compile("".join(parts))


def output_matches(expected: List[str], actual: List[str]) -> bool:
    """Whether ``actual`` is what ``expected`` shows, with the masks of the docstring."""
    exp = [e.rstrip() for e in expected]
    act = [a.rstrip() for a in actual]
    while exp and not exp[-1]:
        exp.pop()
    while act and not act[-1]:
        act.pop()
    pats = [None if e == "..." else _line_pattern(e) for e in exp]

    @functools.lru_cache(maxsize=None)
    def match(i: int, j: int) -> bool:
        if i == len(exp):
            return j == len(act)
        if pats[i] is None:
            return any(match(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and pats[i].fullmatch(act[j]) is not None and match(i + 1, j + 1)

    return match(0, 0)


@pytest.fixture(scope="module")
def shell_env(tmp_path_factory):
    """An environment whose ``kabalsolve`` is this checkout run by this interpreter."""
    bindir = tmp_path_factory.mktemp("bin")
    script = bindir / "kabalsolve"
    script.write_text('#!/bin/sh\nexec "%s" -m kabalsolve "$@"\n' % sys.executable)
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    env = dict(os.environ)
    env.update(PATH=str(bindir) + os.pathsep + env.get("PATH", ""), PYTHONPATH=ROOT,
               PYTHONUTF8="1", PYTHONIOENCODING="utf-8", NO_COLOR="1")
    return env


EXAMPLES = command_examples()


@pytest.mark.parametrize("page,line,command,expected", EXAMPLES,
                         ids=["%s:%d" % (e[0], e[1]) for e in EXAMPLES])
def test_command_example(page, line, command, expected, shell_env):
    r = subprocess.run(["bash", "-c", command], cwd=ROOT, env=shell_env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=120)
    actual = r.stdout.decode("utf-8", "replace").splitlines()
    assert output_matches(expected, actual), (
        "%s, line %d: $ %s\n--- shown ---\n%s\n--- printed (exit status %d) ---\n%s"
        % (page, line, command, "\n".join(expected), r.returncode, "\n".join(actual)))


def test_commands_are_shown_only_in_fenced_blocks():
    for page in PAGES:
        lines = _read(page)
        inside = set()
        for first, _info, body in fenced_blocks(lines):
            inside.update(range(first, first + len(body)))
        for n, ln in enumerate(lines, 1):
            if n not in inside and re.match(r"\s*\$ kabalsolve", ln):
                raise AssertionError("%s, line %d: a '$ kabalsolve' line outside a fenced "
                                     "block is never run; put it in a ```console block"
                                     % (page, n))


def test_there_are_examples_to_run():
    pages = {e[0] for e in EXAMPLES}
    assert "README.md" in pages and len(EXAMPLES) >= 10


def test_the_masks_mask_only_what_they_say():
    assert output_matches(["won in 0.001 s", "...", "end"], ["won in 12.5 s", "a", "b", "end"])
    assert output_matches(["a ... z"], ["a b c z"])
    assert output_matches(["<N> states"], ["11657 states"])
    assert not output_matches(["11657 states"], ["11658 states"])
    assert not output_matches(["won"], ["won", "extra line"])
    assert not output_matches(["0.001 s"], ["5 states"])


# -- Python examples -------------------------------------------------------------------

def _doctest_text(page: str) -> str:
    """The page with every line blanked out except the Python examples' blocks, so that
    a failure names the page's own line number."""
    lines = _read(page)
    keep = [""] * len(lines)
    for first, _info, body in fenced_blocks(lines):
        if any(ln.lstrip().startswith(">>>") for ln in body):
            for k, ln in enumerate(body):
                keep[first - 1 + k] = ln
    return "\n".join(keep) + "\n"


DOCTEST_PAGES = [p for p in PAGES if ">>>" in _doctest_text(p)]


@pytest.mark.parametrize("page", DOCTEST_PAGES)
def test_python_examples(page, monkeypatch):
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(_doctest_text(page), {}, page, page, 0)
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report: List[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries > 0


def test_readme_and_quickstart_have_python_examples():
    assert "README.md" in DOCTEST_PAGES and "docs/quickstart.md" in DOCTEST_PAGES
