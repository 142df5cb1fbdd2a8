"""Ctrl-C stops a long search: the library raises KeyboardInterrupt, the CLI exits 130."""
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import kabalsolve

from conftest import default_sigint

HARD = 12      # deal 12 at draw 1: lost, about 2.7 million states (seconds of search)


def test_library_search_raises_keyboard_interrupt():
    deal = kabalsolve.deal_from_seed(HARD)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    t0 = time.perf_counter()
    try:
        with pytest.raises(KeyboardInterrupt):
            kabalsolve.solve(deal, draw=1)
    finally:
        timer.join()
        signal.signal(signal.SIGINT, before)
    # the search noticed within a fraction of its full length, and the core is usable after
    assert time.perf_counter() - t0 < 30
    assert kabalsolve.solve(kabalsolve.deal_from_seed(29), draw=1).result == "lost"


def cpu_seconds(pid):
    """The CPU time a live process has used (user and system, read from /proc)."""
    with open("/proc/%d/stat" % pid) as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_cli_exits_130_on_ctrl_c(tmp_path):
    path = tmp_path / "hard.txt"
    path.write_text(kabalsolve.deal_from_seed(HARD).to_text())
    p = subprocess.Popen([sys.executable, "-m", "kabalsolve", "--draw", "1", str(path)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=default_sigint)
    # Ctrl-C once the search runs, not while Python starts (a loaded machine can take
    # seconds of wall time to start it): wait for CPU time past the start-up's (about
    # 0.5 s) and well short of the search's (about 2 s of CPU)
    deadline = time.monotonic() + 120
    while p.poll() is None and cpu_seconds(p.pid) < 1.0 and time.monotonic() < deadline:
        time.sleep(0.02)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    if p.returncode == 1:
        pytest.fail("the search finished before the interrupt: pick a harder deal")
    assert p.returncode == 130
    assert "interrupted" in err and "Traceback" not in err
    assert out == ""
