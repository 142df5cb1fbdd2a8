"""The pages read as pages: none too long, and every code fence closed where it should be.

A fence that does not close (```` ``` text ```` on one line is no closing fence in
Markdown) turns the prose after it into code up to the next fence; the check below
finds that, a fence left open at the end of a page, and a heading caught inside a
code block.
"""
import glob
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGES = ["README.md"] + sorted(os.path.relpath(p, ROOT)
                               for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
MAX_LINES = 800
# A record kept whole, in the order the work was done, and marked as such at its top;
# the page for readers is docs/acesup.md.
APPENDICES = {"docs/research-acesup.md"}

_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def fence_problems(lines):
    """(line number, what is wrong) for each fence fault of a Markdown page."""
    problems = []
    fence = None   # (character, length, line) of the open block
    for n, line in enumerate(lines, 1):
        m = _OPEN.match(line)
        if fence is None:
            if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
                fence = (m.group(1)[0], len(m.group(1)), n)
            continue
        char, length, start = fence
        if m and m.group(1)[0] == char and len(m.group(1)) >= length:
            if m.group(2).strip() == "":
                fence = None
            else:
                problems.append((n, "a fence with text after it (%r) does not close the "
                                    "block opened on line %d: the text after it is read "
                                    "as code" % (line.strip()[:40], start)))
        elif re.match(r"^#{2,6} ", line):
            problems.append((n, "a heading inside the code block opened on line %d"
                                % start))
    if fence is not None:
        problems.append((fence[2], "a code block that is never closed"))
    return problems


@pytest.mark.parametrize("page", PAGES)
def test_code_fences_close_where_they_should(page):
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        problems = fence_problems(f.read().splitlines())
    assert not problems, "\n".join("%s, line %d: %s" % (page, n, why) for n, why in problems)


@pytest.mark.parametrize("page", PAGES)
def test_pages_are_not_too_long(page):
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        lines = f.read().splitlines()
    if page in APPENDICES:
        assert "research appendix" in "\n".join(lines[:5]).lower(), (
            "%s is let past %d lines as an appendix, so it must say so at its top"
            % (page, MAX_LINES))
        return
    assert len(lines) <= MAX_LINES, (
        "%s has %d lines: a page past %d lines is a notebook, not a page; move the "
        "history to an appendix" % (page, len(lines), MAX_LINES))


def test_the_fence_check_finds_what_it_should():
    swallowed = ["text", "```text", "python x.py", "``` The deals won where", "prose.",
                 "```text", "more", "```"]
    assert [n for n, _ in fence_problems(swallowed)] == [4, 6]   # 6: the next opener
    assert fence_problems(["```", "code"]) == [(1, "a code block that is never closed")]
    assert fence_problems(["```sh", "# a comment", "```", "## Heading"]) == []
    assert [n for n, _ in fence_problems(["```text", "", "## Heading", "```"])] == [3]
    assert fence_problems(["````md", "```", "inner", "```", "````"]) == []


def test_ci_runs_the_readme_commands_test_line():
    """The README's first commands start from a virtual environment, and CI runs the
    test command exactly as the README gives it (a user's green is CI's green)."""
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    block = re.search(r"```sh\n(.*?)```", readme, re.S).group(1).splitlines()
    assert len(block) == 2, block
    for line in block:
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && "), line
    test_line = block[1]
    assert test_line.endswith("python -m pytest")
    ci = open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8").read()
    assert test_line in ci.splitlines() or "( %s )" % test_line in ci.splitlines()
