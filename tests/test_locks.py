"""The lock on a run's output is held by the run's main process alone: its forked
worker processes do not hold it, so that the same command run again right after the
main process is killed finds its output free (the workers may still be ending)."""
from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import children_of
from kabalsolve import locks

fcntl = pytest.importorskip("fcntl")
pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}


def _free(path: str) -> bool:
    """True when a new open file of ``path`` can take the lock."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def test_a_forked_child_does_not_hold_the_lock(tmp_path):
    path = str(tmp_path / "out")
    open(path, "w").close()
    fd = os.open(path, os.O_RDONLY)
    locks.lock(fd)
    assert not _free(path)
    read, write = os.pipe()
    child = os.fork()
    if child == 0:                       # the child: its copy now names the null device
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(os.devnull))
            os.write(write, b"y" if same else b"n")
            time.sleep(30)
        finally:
            os._exit(0)
    try:
        os.close(write)
        assert os.read(read, 1) == b"y"
        assert not _free(path)           # the parent still holds it
        locks.unlock(fd)
        os.close(fd)
        assert _free(path)               # the child, alive, does not
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        os.close(read)


def test_a_child_leaves_alone_a_descriptor_that_is_another_file_by_then(tmp_path):
    """A descriptor closed without ``unlock`` and reused for another file is not
    touched in a child."""
    path = str(tmp_path / "out")
    open(path, "w").close()
    fd = os.open(path, os.O_RDONLY)
    locks.lock(fd)
    os.close(fd)                         # forgotten: no unlock
    other = str(tmp_path / "other")
    with open(other, "w") as fh:
        fh.write("x")
    again = os.open(other, os.O_RDONLY)
    try:
        assert again == fd               # the lowest free number: the same one
        child = os.fork()
        if child == 0:
            os._exit(0 if os.path.samestat(os.fstat(again), os.stat(other)) else 1)
        _, status = os.waitpid(child, 0)
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        locks.unlock(fd)
        os.close(again)


def _open_files(pid: int) -> set:
    out = set()
    for name in os.listdir("/proc/%d/fd" % pid):
        try:
            out.add(os.readlink("/proc/%d/fd/%s" % (pid, name)))
        except OSError:
            pass
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.skipif(multiprocessing.get_start_method() != "fork",
                    reason="the workers are the main process's children only when forked")
@pytest.mark.parametrize("output", ["--archive", "-o"])
def test_the_workers_of_batch_do_not_hold_its_output(tmp_path, output):
    out = tmp_path / ("arc" if output == "--archive" else "r.jsonl")
    locked = str(out / "archive.json") if output == "--archive" else str(out)
    p = subprocess.Popen([sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-100000",
                          "--draw", "3", "-j", "2", "--chunksize", "1", output, str(out)],
                         env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        workers: list = []
        while len(workers) < 2:
            assert p.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
            workers = children_of(p.pid)
        while locked not in _open_files(p.pid):
            assert p.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        for w in workers:
            assert locked not in _open_files(w)
        p.kill()
        p.wait()
        assert _free(locked)             # at once, whether the workers have ended or not
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
