"""The progress bar of batch, stats and generate (kabalsolve.cli.progress), on a fake
terminal and a fake clock."""
import io

import pytest

from kabalsolve.cli import progress
from kabalsolve.cli.progress import Progress, clock_text


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.fixture
def clock(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(progress.time, "perf_counter", lambda: now[0])
    return now


def drawn(term):
    """The bar's lines as drawn, each redraw starting with a carriage return."""
    return [line.replace("\x1b[?25l", "").replace("\x1b[?25h", "").rstrip()
            for line in term.getvalue().split("\r") if line]


def test_count_share_rate_time_left_and_note(clock):
    term = Terminal()
    with Progress(10, "stats", term) as bar:
        assert drawn(term) == ["stats  [--------------------]  0/10    0%  0.0 deals/s"]
        clock[0] += 2.0
        bar.advance(note="1 won")
        clock[0] += 2.0
        bar.advance(3, note="4 won")
        assert drawn(term)[-1] == ("stats  [########------------]  4/10   40%  1.0 deals/s  "
                                   "ETA 0:00:06  4 won")
        clock[0] += 6.0
        bar.advance(6, note="9 won")
    lines = drawn(term)
    assert lines[-1] == "stats  [####################]  10/10  100%  1.0 deals/s  9 won"
    assert term.getvalue().endswith("\n")


def test_redrawn_at_most_ten_times_a_second(clock):
    term = Terminal()
    bar = Progress(100, "batch", term)
    for _ in range(50):
        bar.advance()
    assert len(drawn(term)) == 1               # no time has passed: not redrawn
    clock[0] += 0.125
    bar.advance()
    assert len(drawn(term)) == 2
    assert drawn(term)[-1].startswith("batch  [##########----------]  51/100   51%")
    bar.advance()
    bar.close()                                # draws what is waiting, ends the line
    assert drawn(term)[-1].startswith("batch  [##########----------]  52/100   52%")
    bar.close()                                # once only
    assert len(drawn(term)) == 3 and term.getvalue().endswith("\n")


def test_nothing_off_a_terminal(clock):
    log = io.StringIO()
    with Progress(3, "generate", log) as bar:
        for _ in range(3):
            clock[0] += 1
            bar.advance(note="x")
    assert log.getvalue() == "" and bar.done == 3


def test_clock_text():
    assert [clock_text(s) for s in (0, 59.6, 61, 3600 * 25 + 5)] == [
        "0:00:00", "0:01:00", "0:01:01", "25:00:05"]
