"""Verdict archives (kabalsolve.archive, ``batch --archive``, ``stats ARCHIVE``): the
block format read back as written, a damaged block found out, one writer at a time,
other settings refused, and a run killed by SIGKILL again and again that still ends
with each number decided once and the verdicts of a run never stopped."""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import REPO, check_one_error_line, run
from kabalsolve import solve
from kabalsolve.archive import (BLOCK, GITIGNORE, LOST, MAGIC, OPEN, UNKNOWN, WON,
                                ArchiveWriter, Block, read_archive)
from kabalsolve.errors import KabalError, OptionError
from kabalsolve.games import klondike

ENV = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
DRAW3 = {"draw": 3, "foundation_moves": True, "passes": None, "variant": "classic"}
#: a budget small enough that some of the deals below stay unknown
BUDGET = 20000
SEEDS = range(1, 61)


def reference(seeds, draw, max_states):
    """Each seed's verdict from kabalsolve.solve itself, one deal at a time."""
    return {s: solve(klondike.Deal.from_seed(s), draw=draw, max_states=max_states).result
            for s in seeds}


@pytest.fixture(scope="module")
def expected():
    return reference(SEEDS, 3, BUDGET)


def test_a_block_reads_back_as_written():
    rng = random.Random(5)
    b = Block.empty(1, 1001)
    want = {}
    for n in rng.sample(range(1, 1002), 600):
        want[n] = rng.choice([WON, LOST, UNKNOWN])
        b.set(n, want[n])
    b.set(1001, LOST)           # the last slot, in the last, partly padded byte
    want[1001] = LOST
    b.note(17, "won", 10, 0.5, 2**20)
    back, head = Block.from_bytes(b.to_bytes({"game": "klondike"}), "here")
    assert [back.code(n) for n in range(1, 1002)] == [want.get(n, OPEN) for n in range(1, 1002)]
    assert back.counts() == {"won": list(want.values()).count(WON),
                             "lost": list(want.values()).count(LOST),
                             "unknown": list(want.values()).count(UNKNOWN),
                             "open": 1001 - len(want)}
    assert head["game"] == "klondike" and back.hardest == [
        {"n": 17, "result": "won", "positions": 10, "cpu_seconds": 0.5, "table_mb": 1.0}]
    assert list(back.numbers(LOST)) == sorted(n for n, c in want.items() if c == LOST)


def test_the_stretch_decided_without_a_gap(tmp_path):
    b = Block.empty(1, 10)
    assert b.first_open() == 1
    for n in (1, 2, 3, 4, 5, 7):
        b.set(n, WON)
    assert b.first_open() == 6
    for n in range(6, 11):
        b.set(n, LOST)
    assert b.first_open() is None          # the padding's two open slots do not count
    path = str(tmp_path / "a")
    with ArchiveWriter(path, "klondike", "kabalsolve", DRAW3) as w:
        assert read_archive(path).decided_through() == 0
        for n in list(range(1, 8)) + [BLOCK + 3, 2 * BLOCK + 1]:
            w.record(n, "lost" if n in (2, BLOCK + 3) else "won")
    a = read_archive(path)
    assert a.decided_through() == 7
    assert "\nnumbers 1..7, all decided: 6 won, 1 lost, 0 unknown, " in \
        run(["stats", path]).stdout.decode()
    path2 = str(tmp_path / "b")
    with ArchiveWriter(path2, "klondike", "kabalsolve", DRAW3) as w:
        w.record(5, "won")
    assert read_archive(path2).decided_through() == 0
    assert "numbers 1.." not in run(["stats", path2]).stdout.decode()   # no stretch
    with ArchiveWriter(path, "klondike", "kabalsolve", DRAW3) as w:
        for n in range(8, BLOCK + 3):
            w.record(n, "unknown" if n == 9 else "won")
    a = read_archive(path)
    assert a.decided_through() == BLOCK + 3    # into the next block, up to its gap
    p = run(["stats", path, "--json"])
    assert json.loads(p.stdout)["prefix"] == {
        "first": 1, "last": BLOCK + 3, "count": BLOCK + 3, "won": BLOCK, "lost": 2,
        "unknown": 1, "win_rate": BLOCK / (BLOCK + 2),
        "interval": list(a.counts(1, BLOCK + 3).interval())}
    lines = run(["stats", path]).stdout.decode().splitlines()
    assert lines[3].startswith("numbers 1..%d, none open: %s won, 2 lost, 1 unknown, "
                               % (BLOCK + 3, "{:,}".format(BLOCK)))


@pytest.mark.parametrize("damage", ["cut", "flip", "count"])
def test_a_damaged_block_is_found_out(damage):
    b = Block.empty(1, 100)
    b.set(3, WON)
    data = bytearray(b.to_bytes({}))
    if damage == "cut":
        data = data[:-1]
    elif damage == "flip":
        data[-1] ^= 0x10
    else:
        data = bytearray(bytes(data).replace(b'"won":1', b'"won":2'))
    with pytest.raises(KabalError, match="not a whole kabalsolve archive block"):
        Block.from_bytes(bytes(data), "here")


def test_the_writer_keeps_one_slot_a_number_and_refuses_a_second_writer(tmp_path):
    path = str(tmp_path / "a")
    with ArchiveWriter(path, "klondike", "kabalsolve", DRAW3) as w:
        assert w.todo(range(1, 11)) == list(range(1, 11))
        for n in range(1, 6):
            w.record(n, "won" if n % 2 else "unknown", positions=n)
        w.record(3, "lost", positions=100)       # solved again: the slot is replaced
        with pytest.raises(OptionError, match="being written by another run"):
            ArchiveWriter(path, "klondike", "kabalsolve", DRAW3)
    a = read_archive(path)
    assert [a.verdict(n) for n in range(1, 7)] == ["won", "unknown", "lost", "unknown",
                                                    "won", None]
    c = a.counts()
    assert (c.count, c.won, c.lost, c.unknown, c.open) == (5, 2, 1, 2, BLOCK - 5)
    assert a.hardest(1) == [{"n": 3, "result": "lost", "positions": 100,
                             "cpu_seconds": 0.0, "table_mb": 0.0}]
    assert sorted(os.listdir(path)) == [".gitignore", "archive.json",
                                        "block-0000001-0100000.kvb"]
    assert (tmp_path / "a" / ".gitignore").read_text() == GITIGNORE
    with ArchiveWriter(path, "klondike", "kabalsolve", DRAW3) as w:
        assert w.todo(range(1, 11)) == list(range(6, 11))
        assert w.todo(range(1, 11), retry_unknown=True) == [2, 4] + list(range(6, 11))
    with pytest.raises(OptionError, match="under rules"):
        ArchiveWriter(path, "klondike", "kabalsolve", dict(DRAW3, draw=1))


def test_batch_into_an_archive_then_stats(tmp_path, expected):
    arc = tmp_path / "d3"
    p = run(["batch", "--seeds", "1-60", "--draw", "3", "--max-states", str(BUDGET),
             "-j", "1", "--archive", str(arc)])
    assert p.returncode == 0, p.stderr
    a = read_archive(str(arc))
    assert {s: a.verdict(s) for s in SEEDS} == expected
    got = json.loads(run(["stats", str(arc), "--json"]).stdout)
    assert {k: got[k] for k in ("count", "won", "lost", "unknown")} == {
        "count": 60, "won": list(expected.values()).count("won"),
        "lost": list(expected.values()).count("lost"),
        "unknown": list(expected.values()).count("unknown")}
    lines = run(["stats", str(arc), "--hardest", "3"]).stdout.decode().splitlines()
    top = sorted(got["hardest"], key=lambda h: (-h["positions"], h["n"]))[:3]
    assert lines[-4].startswith("hardest deals") and len(lines[-3:]) == 3
    assert [int(x.split()[0]) for x in lines[-3:]] == [h["n"] for h in top]
    assert [x.split()[1] for x in lines[-3:]] == [expected[h["n"]] for h in top]
    for s in (1, 2, 61):
        out = run(["stats", str(arc), "--deal", str(s)]).stdout.decode()
        assert out.split()[0] == (expected[s] if s in expected else "open")
    p = run(["stats", str(arc), "--deal", "2", "--hardest", "3"])
    assert p.returncode == 2 and check_one_error_line(p.stderr.decode()) == (
        "kabalsolve: error: give --deal N or --hardest K, not both")
    # a number before the archive's first can never be in it: an error, not "open"
    p = run(["stats", str(arc), "--deal", "0"])
    assert p.returncode == 2 and check_one_error_line(p.stderr.decode()) == (
        "kabalsolve: error: --deal 0: this archive's numbers start at 1")
    # the unknowns again with a bigger budget: only they are solved
    assert "unknown" in expected.values()
    q = run(["batch", "--seeds", "1-60", "--draw", "3", "--max-states", "200000", "-j", "1",
             "--archive", str(arc), "--retry-unknown"])
    assert q.returncode == 0, q.stderr
    retried = [s for s, v in expected.items() if v == "unknown"]
    assert "; %d already in" % (60 - len(retried)) in q.stderr.decode()
    again = reference(retried, 3, 200000)
    a = read_archive(str(arc))
    assert {s: a.verdict(s) for s in SEEDS} == {**expected, **again}


def test_a_verdict_without_a_search_keeps_the_figures_of_the_search_before(tmp_path):
    """A deal left unknown by a search, then found lost at draw 1, stays among the
    hardest with what that search cost; a verdict with no search of its own is not
    listed as hard."""
    path = str(tmp_path / "a")
    with ArchiveWriter(path, "klondike", "kabalsolve", DRAW3) as w:
        w.record(4, "unknown", positions=5000, cpu=2.5, table_bytes=2**20)
        w.record(6, "won", positions=300, cpu=0.1)
        w.record(4, "lost", decided_by="lost at draw 1, d1")
        w.record(8, "lost", decided_by="lost at draw 1, d1")
        w.record(9, "lost")                 # as earlier versions wrote such a verdict
    a = read_archive(path)
    assert [a.verdict(n) for n in (4, 6, 8, 9)] == ["lost", "won", "lost", "lost"]
    assert a.hardest() == [
        {"n": 4, "result": "lost", "positions": 5000, "cpu_seconds": 2.5, "table_mb": 1.0,
         "decided_by": "lost at draw 1, d1"},
        {"n": 6, "result": "won", "positions": 300, "cpu_seconds": 0.1, "table_mb": 0.0}]
    out = run(["stats", path, "--hardest", "5"]).stdout.decode().splitlines()
    assert out[-2].split()[:3] == ["4", "lost", "5,000"]
    assert out[-2].endswith("(lost at draw 1, d1)")
    assert out[-1].split()[:2] == ["6", "won"]


def test_lost_at_draw_1_is_lost_at_draw_3(tmp_path):
    d1, d3 = tmp_path / "d1", tmp_path / "d3"
    assert run(["batch", "--seeds", "1-40", "--draw", "1", "--max-states", str(BUDGET),
                "-j", "1", "--archive", str(d1)]).returncode == 0
    lost = list(read_archive(str(d1)).numbers("lost"))
    assert lost
    p = run(["batch", "--seeds", "1-40", "--draw", "3", "--max-states", str(BUDGET), "-j", "1",
             "--archive", str(d3), "--lost-from", str(d1)])
    assert p.returncode == 0, p.stderr
    a3 = read_archive(str(d3))
    assert all(a3.verdict(n) == "lost" for n in lost)
    # what the shortcut says is what a search at draw 3 proves
    assert set(reference(lost, 3, None).values()) == {"lost"}
    # the effort line counts the deals searched, not the ones the shortcut decided
    assert read_archive(str(d1)).effort()["without_search"] == 0
    assert a3.effort()["without_search"] == len(lost)
    line = run(["stats", str(d3)]).stdout.decode().splitlines()[-1]
    assert ("deals per CPU second over the %d searched; %d recorded without a search"
            % (40 - len(lost), len(lost))) in line
    line = run(["stats", str(d1)]).stdout.decode().splitlines()[-1]
    assert "deals per CPU second)" in line and "without" not in line
    bad = run(["batch", "--seeds", "1-40", "--draw", "3", "-j", "1", "--archive",
               str(tmp_path / "x"), "--lost-from", str(d3)])
    assert bad.returncode == 2
    assert "a deal lost at draw 1 is lost at draw 3 only with" in check_one_error_line(
        bad.stderr.decode())


def test_a_block_from_before_blocks_counted_the_shortcut(tmp_path):
    # a block written by an earlier version has no without_search: it reads, and the
    # count is not known rather than 0
    arc = tmp_path / "a"
    assert run(["batch", "--seeds", "1-3", "--draw", "3", "-j", "1",
                "--archive", str(arc)]).returncode == 0
    block = arc / "block-0000001-0100000.kvb"
    data = block.read_bytes()
    end = data.index(b"\n", len(MAGIC))
    head = json.loads(data[len(MAGIC):end])
    assert head.pop("without_search") == 0
    block.write_bytes(MAGIC + json.dumps(head).encode() + data[end:])
    assert read_archive(str(arc)).effort()["without_search"] is None
    p = run(["stats", str(arc), "--json"])
    assert p.returncode == 0 and json.loads(p.stdout)["without_search"] is None
    # a count that cannot be one is refused
    for bad in (-1, True, 1.5, 100_001):
        head["without_search"] = bad
        block.write_bytes(MAGIC + json.dumps(head).encode() + data[end:])
        p = run(["stats", str(arc)])
        assert p.returncode == 2 and "without_search is not a count" in check_one_error_line(
            p.stderr.decode())


def test_stats_of_a_damaged_archive_is_one_error_line(tmp_path):
    arc = tmp_path / "a"
    assert run(["batch", "--seeds", "1-3", "--draw", "3", "-j", "1",
                "--archive", str(arc)]).returncode == 0
    block = arc / "block-0000001-0100000.kvb"
    block.write_bytes(block.read_bytes()[:-7])
    p = run(["stats", str(arc)])
    assert p.returncode == 2
    assert check_one_error_line(p.stderr.decode()) == (
        "kabalsolve: error: %s: not a whole kabalsolve archive block: 24993 bytes of codes "
        "for 100000 numbers" % block)


def test_archive_options_that_do_not_go_together(tmp_path):
    p = run(["batch", "--seeds", "1-3", "--archive", str(tmp_path / "a"), "-o", "x"])
    assert check_one_error_line(p.stderr.decode()) == (
        "kabalsolve: error: --out does not go with --archive (it holds verdicts only)")
    p = run(["batch", "--seeds", "1-3", "--checkpoint", "5"])
    assert check_one_error_line(p.stderr.decode()) == (
        "kabalsolve: error: --checkpoint goes with --archive DIR")
    p = run(["stats", "--deal", "3", "--game", "klondike", "--count", "3"])
    assert check_one_error_line(p.stderr.decode()) == (
        "kabalsolve: error: --deal reads an archive (a directory made by batch --archive)")
    # a directory that is no archive is named as such, not as an unreadable file
    p = run(["stats", str(tmp_path)])
    assert p.returncode == 2 and check_one_error_line(p.stderr.decode()) == (
        "kabalsolve: error: %s is a directory, neither a results file nor an archive (an "
        "archive holds archive.json)" % tmp_path)


def _decided(path):
    """The numbers an archive holds a verdict for, each with it (read as `stats` reads)."""
    if not (path / "archive.json").exists():
        return {}
    a = read_archive(str(path))
    c = a.counts()
    got = {n: a.verdict(n) for v in ("won", "lost", "unknown") for n in a.numbers(v)}
    assert c.count == len(got) == c.won + c.lost + c.unknown
    assert c.count + c.open == BLOCK * len(a.blocks)
    return got


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_points_then_resume(tmp_path, expected):
    """The run is killed three times at random moments (its workers end with it);
    after each kill the archive reads whole, holds only numbers of the run, each once;
    the run then goes on from it and ends with the verdicts of a run never stopped."""
    arc = tmp_path / "d3"
    numbers = range(1, 201)
    want = {**expected, **reference(range(61, 201), 3, BUDGET)}
    cmd = [sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-200", "--draw", "3",
           "--max-states", str(BUDGET), "-j", "2", "--chunksize", "1",
           "--archive", str(arc), "--checkpoint", "0.05"]
    rng = random.Random(46)
    seen = 0
    # the kill points lie in the first half, so that the run cannot end between the
    # moment its archive shows the point and the kill
    for target in sorted(rng.sample(range(5, 100), 3)):
        p = subprocess.Popen(cmd, env=ENV, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        # killed once the archive holds `target` numbers or more, at once or a little
        # later, whichever comes: a random point of the run, mid-write or not
        while len(_decided(arc)) < target:
            assert p.poll() is None, "the run ended before it could be killed (%d, %d, %d)" % (
                target, seen, len(_decided(arc)))
            time.sleep(0.01)
        time.sleep(rng.uniform(0, 0.05))
        assert p.poll() is None, "the run ended before it could be killed"
        p.send_signal(signal.SIGKILL)
        p.wait()
        got = _decided(arc)
        assert set(got) <= set(numbers) and len(got) < len(numbers)
        assert all(want[n] == v for n, v in got.items())
        assert len(got) >= seen          # a snapshot never loses what an older one held
        seen = len(got)
    done = subprocess.run(cmd, env=ENV, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "; %d already in" % seen in done.stderr
    got = _decided(arc)
    assert got == want
    assert not [n for n in os.listdir(arc) if n.endswith(".tmp")]


def test_a_run_whose_archive_is_replaced_stops_and_spoils_nothing(tmp_path):
    """The directory is removed while the run writes it, and another run makes a new
    archive there under other rules: the first run stops with one error line rather
    than write its blocks into the new archive."""
    arc = tmp_path / "a"
    first = subprocess.Popen(
        [sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-100000", "--draw", "3",
         "--max-states", str(BUDGET), "-j", "1", "--archive", str(arc), "--checkpoint",
         "0.05"], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while len(_decided(arc)) < 5:
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.02)
        while arc.exists():              # rm -rf (the run may add a file meanwhile)
            shutil.rmtree(arc, ignore_errors=True)
        second = run(["batch", "--seeds", "1-3", "--draw", "1", "--max-states", str(BUDGET),
                      "-j", "1", "--archive", str(arc)])
        assert second.returncode == 0, second.stderr
        _, err = first.communicate(timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert first.returncode == 2
    assert check_one_error_line(err) == (
        "kabalsolve: error: %s was removed or replaced while this run wrote it: the "
        "verdicts since its last write are not saved" % arc)
    a = read_archive(str(arc))
    assert a.rules["draw"] == 1 and sorted(_decided(arc)) == [1, 2, 3]


def test_an_archive_of_another_programs_numbers(tmp_path, monkeypatch, capsys):
    from kabalsolve import numbered_deal
    from kabalsolve import archive as archive_module
    from kabalsolve.cli.archive import show
    arc = tmp_path / "sv"
    p = run(["batch", "--seeds", "1-6", "--numbering", "solvitaire", "--draw", "1",
             "--max-states", str(BUDGET), "-j", "1", "--archive", str(arc)])
    assert p.returncode == 0, p.stderr
    a = read_archive(str(arc))
    assert a.numbering == "solvitaire"
    assert {n: a.verdict(n) for n in range(1, 7)} == {
        n: solve(numbered_deal("solvitaire", n), draw=1, max_states=BUDGET).result
        for n in range(1, 7)}
    out = run(["stats", str(arc)]).stdout.decode().splitlines()
    assert out[3].split()[:2] == ["Solvitaire", "(Blake"]     # the published row beside
    # Solvitaire counts its seeds from 0: its million are 0..999,999, not the range run
    assert out[4] == ("partial: 6 of the 1,000,000 numbers 1..1000000 in this archive; the "
                      "published row is of its numbers 0..999999 (999,999 in common)")
    # a complete archive is set beside its table, count for count
    key = archive_module._published_key("solvitaire", "klondike", a.rules, 1, 6)
    monkeypatch.setattr(archive_module, "PUBLISHED", {key: ("Ours again", 4, 1, 1)})
    show(a, False)
    c = a.counts()
    lines = capsys.readouterr().out.splitlines()
    assert lines[3].startswith("Ours again")
    assert lines[4] == ("complete: all of the numbers 1..6; the published row is the whole "
                        "range")
    assert lines[5] == "beside the published row: won %+d, lost %+d, unknown %+d" % (
        c.won - 4, c.lost - 1, c.unknown - 1)
    # numbers out of the numbering's range are refused before anything is made
    q = run(["batch", "--seeds", "4294967290-4294967296", "--numbering", "solvitaire",
             "--archive", str(tmp_path / "x")])
    assert check_one_error_line(q.stderr.decode()) == (
        "kabalsolve: error: --seeds takes A-B (e.g. 1-1000) or one number, each from 0 to "
        "2147483647 (the solvitaire numbers), not '4294967290-4294967296'")
    assert not (tmp_path / "x").exists()
