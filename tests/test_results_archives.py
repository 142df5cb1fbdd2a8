"""The million-deal figures of docs/million.md are what the committed archives hold.

The archives in results/ are the run's state and its figures at once; the results page
quotes them as of a commit. Each row of the page's table of Solvitaire's deals is read
here and counted again from its archive: the numbers it names all decided, the won and
lost counts, and the win rate and interval as printed; so are the results page's
headline rows and the counts set beside Solvitaire's. A torn commit of an archive, or
a row left behind by a later change, fails here.
"""
import os
import re
import shutil
import subprocess

import pytest

import kabalsolve
from kabalsolve.archive import PUBLISHED, read_archive

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "million.md")

# | 3 | 1-478,031 (all of them; ...) | 391,853 | 86,178 | **0** | 81.97 % [81.86, 82.08] |
ROW = re.compile(r"^\| (\d+) \| ([\d,]+)-([\d,]+) \(all of them[^)]*\) \| ([\d,]+) \| "
                 r"([\d,]+) \| \*\*0\*\* \| (?:\*\*)?([\d.]+) %(?:\*\*)? "
                 r"\[([\d.]+), ([\d.]+)\] \|$")


def number(text):
    return int(text.replace(",", ""))


def page_lines(path=PAGE):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def rows():
    return [m.groups() for m in map(ROW.match, page_lines()) if m]


def archive_of(draw):
    return read_archive(os.path.join(ROOT, "results", "solvitaire-draw%s" % draw))


def as_printed(x, like):
    """x as a percentage with as many decimals as the page's figure ``like`` has."""
    places = len(like.partition(".")[2])
    return "%.*f" % (places, 100 * x)


def rate_as_printed(c, rate, lo, hi):
    """The win rate and interval of counts ``c``, printed as the page's figures are."""
    i_lo, i_hi = c.interval()
    return as_printed(c.won / c.count, rate), as_printed(i_lo, lo), as_printed(i_hi, hi)


def test_the_page_has_a_row_for_each_draw():
    assert sorted(r[0] for r in rows()) == ["1", "3"]


@pytest.mark.parametrize("row", rows(), ids=lambda r: "draw%s" % r[0])
def test_a_row_is_what_its_archive_holds(row):
    draw, first, last, won, lost, rate, lo, hi = row
    first, last = number(first), number(last)
    archive = archive_of(draw)
    assert archive.rules["draw"] == int(draw) and archive.numbering == "solvitaire"
    c = archive.counts(first, last)
    assert (c.count, c.open, c.unknown) == (last - first + 1, 0, 0)
    assert (c.won, c.lost) == (number(won), number(lost))
    assert rate_as_printed(c, rate, lo, hi) == (rate, lo, hi)
    # the stretch the row quotes is decided without a gap from the archive's start
    assert first == archive.first and archive.decided_through() >= last


def test_every_block_of_an_archive_adds_up():
    # decided and open numbers make up each block, and no block is missing
    for draw in (1, 3):
        archive = archive_of(draw)
        c = archive.counts()
        assert c.count + c.open == 1_000_000
        assert sorted(archive.blocks) == list(range(1, 1_000_001, archive.block_size))


def test_git_keeps_the_blocks_as_bytes():
    # a block can pass for text (a text header, then two bits a deal); git must never
    # convert its line endings (core.autocrlf) or merge it as text
    git = shutil.which("git")
    # .git is a directory in a clone and a file in a worktree
    if git is None or not os.path.exists(os.path.join(ROOT, ".git")):
        pytest.skip("not a git checkout")
    block = os.path.join("results", "solvitaire-draw1", "block-0000001-0100000.kvb")
    out = subprocess.run([git, "check-attr", "text", "diff", "merge", "--", block],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["%s: %s: unset" % (block, a) for a in ("text", "diff", "merge")]


# | draw 1, unlimited passes (Solvitaire's deals 1-1,000,000) | 1,000,000 | **90.423 %** [90.365, 90.480] (904,229 won, 95,771 lost, none unknown) | 2026-12-05 |
SUMMARY = re.compile(r"^\| draw (\d), unlimited passes \(Solvitaire's deals ([\d,]+)-([\d,]+)\) "
                     r"\| ([\d,]+) \| \*\*([\d.]+) %\*\* \[([\d.]+), ([\d.]+)\] "
                     r"\(([\d,]+) won, ([\d,]+) lost, none unknown\) \|")


def test_the_results_summary_is_what_the_archives_hold():
    # the headline table of docs/results.md quotes whole draws of the run
    found = [m.groups() for m in map(SUMMARY.match,
                                     page_lines(os.path.join(ROOT, "docs", "results.md"))) if m]
    assert sorted(r[0] for r in found) == ["1", "3"], "docs/results.md's million-deal rows"
    for draw, first, last, count, rate, lo, hi, won, lost in found:
        c = archive_of(draw).counts(number(first), number(last))
        assert (c.count, c.open, c.unknown) == (number(count), 0, 0)
        assert (c.won, c.lost) == (number(won), number(lost))
        assert rate_as_printed(c, rate, lo, hi) == (rate, lo, hi)


# | draw 1, over seeds 0-999,999 | won | lost | unknown |, then the rows
# | Solvitaire (published) | ... |, | kabalsolve | ... |, | difference | ... |
SIDE = re.compile(r"^\| draw (\d), over seeds 0-999,999 \| won \| lost \| unknown \|$")
CELLS = re.compile(r"^\| ([^|]+) \| ([-+]?[\d,]+) \| ([-+]?[\d,]+) \| (?:\*\*)?([-+]?[\d,]+)(?:\*\*)? \|$")


def side_by_side_tables():
    lines = page_lines()
    tables = {}
    for i, line in enumerate(lines):
        m = SIDE.match(line)
        if m:
            rows = [CELLS.match(row) for row in lines[i + 2:i + 5]]
            assert all(rows), "docs/million.md: the rows under %r" % line
            tables[m.group(1)] = {r.group(1): tuple(number(x) for x in r.groups()[1:])
                                  for r in rows}
    return tables


def test_the_comparison_with_solvitaire_is_what_the_archives_hold():
    # Solvitaire's range is its seeds 0..999,999: the archive's 1..999,999 and deal 0,
    # solved here; the published row is the one `kabalsolve stats` prints beside it
    tables = side_by_side_tables()
    assert sorted(tables) == ["1", "3"]
    for draw, table in tables.items():
        _, s_won, s_lost, s_unknown = next(value for key, value in PUBLISHED.items()
                                           if key[0] == "solvitaire"
                                           and dict(key[2])["draw"] == int(draw))
        assert table["Solvitaire (published)"] == (s_won, s_lost, s_unknown)
        c = archive_of(draw).counts(1, 999_999)
        assert (c.open, c.unknown) == (0, 0)
        zero = kabalsolve.is_winnable(kabalsolve.numbered_deal("solvitaire", 0), draw=int(draw))
        assert zero is not None
        ours = (c.won + zero, c.lost + (not zero), 0)
        assert table["kabalsolve"] == ours
        assert table["difference"] == tuple(a - b for a, b in zip(ours, (s_won, s_lost, s_unknown)))


HARDEST_CMD = re.compile(r"^kabalsolve stats results/solvitaire-draw(\d) --hardest (\d+)$")
HARDEST_HEAD = "| deal | verdict | positions | CPU s | table MiB |"
HARDEST_ROW = re.compile(r"^\| (\d+) \| (won|lost) \| ([\d,]+) \| ([\d.]+) \| (\d+) \|$")


def hardest_tables():
    """{draw: rows} of each table of hardest deals set right under its command."""
    lines = page_lines()
    tables = {}
    for i, line in enumerate(lines):
        m = HARDEST_CMD.match(line)
        # the table right under the command's code block: its fence, a blank line
        if not m or lines[i + 1:i + 4] != ["```", "", HARDEST_HEAD]:
            continue
        rows = []
        for row in lines[i + 5:]:
            r = HARDEST_ROW.match(row)
            if r:
                rows.append(r.groups())
            elif rows:
                break
        assert len(rows) == int(m.group(2)), "docs/million.md: the table after %r" % line
        tables[m.group(1)] = rows
    return tables


def test_the_hardest_deals_are_the_archives():
    tables = hardest_tables()
    assert sorted(tables) == ["1", "3"]
    for draw, rows in tables.items():
        hardest = archive_of(draw).hardest(len(rows))
        assert rows == [(str(h["n"]), h["result"], "{:,}".format(h["positions"]),
                         "%.1f" % h["cpu_seconds"], "%d" % h["table_mb"]) for h in hardest]
