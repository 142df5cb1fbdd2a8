"""``kabalsolve batch`` when things go wrong around it: killed by SIGKILL (its workers
must end too), a second run on the same results file (refused), a full disk (one error
line, no torn line), and the output faults of every command (a full device, a closed
pipe).  Each runs the command in a child process, as a user would."""
import json
import os
import resource
import signal
import subprocess
import sys
import time

import pytest

from conftest import REPO, check_one_error_line, children_of, default_sigint

ENV = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def start(args, cwd, **kw):
    return subprocess.Popen([sys.executable, "-m", "kabalsolve"] + args, cwd=cwd, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(what, seconds=60.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(0.05)
    return what()


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc to find workers")
def test_sigkill_of_batch_ends_its_workers(tmp_path):
    p = start(["batch", "--seeds", "1-100000", "-j", "2", "-o", "r.jsonl"], tmp_path)
    try:
        workers = wait_for(lambda: len(children_of(p.pid)) >= 2 and children_of(p.pid))
        assert len(workers) >= 2
        wait_for(lambda: (tmp_path / "r.jsonl").exists()
                 and (tmp_path / "r.jsonl").stat().st_size > 0)
    finally:
        p.kill()
        p.communicate()
    assert wait_for(lambda: not any(alive(w) for w in workers)), workers


def test_a_second_run_on_a_results_file_in_use_is_refused(tmp_path):
    first = start(["batch", "--seeds", "1-100000", "-j", "1", "-o", "r.jsonl"], tmp_path)
    try:
        assert wait_for(lambda: (tmp_path / "r.jsonl").exists()
                        and (tmp_path / "r.jsonl").stat().st_size > 0)
        second = subprocess.run([sys.executable, "-m", "kabalsolve", "batch", "--seeds",
                                 "1-10", "-j", "1", "-o", "r.jsonl", "--resume"],
                                cwd=tmp_path, env=ENV, capture_output=True, text=True,
                                timeout=120)
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=60)
    assert second.returncode == 2 and second.stdout == ""
    assert check_one_error_line(second.stderr) == (
        "kabalsolve: error: r.jsonl is in use by another kabalsolve batch run: wait for it "
        "to end, or give another --out")
    # the first run's lines are whole, and the file goes on once it is free
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    assert all(json.loads(line)["id"].startswith("seed:") for line in lines)
    again = subprocess.run([sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-3",
                            "-j", "1", "-o", "r.jsonl", "--resume"], cwd=tmp_path, env=ENV,
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("how", ["removed", "replaced", "moved"])
def test_a_run_whose_results_file_is_removed_stops(tmp_path, how):
    """The results file is removed or moved while the run writes it (and maybe another
    file made in its place): the run stops with one error line instead of writing on
    into a file no one can read any more, or that is no longer where it was asked to
    write; a file in its place is left as it was, a moved file keeps its lines."""
    first = start(["batch", "--seeds", "1-100000", "-j", "1", "-o", "r.jsonl"], tmp_path)
    path = tmp_path / "r.jsonl"
    try:
        assert wait_for(lambda: path.exists() and path.stat().st_size > 0)
        if how == "moved":
            path.rename(tmp_path / "kept.jsonl")
        else:
            path.unlink()
        if how == "replaced":
            path.write_text("another program's file\n")
        _, err = first.communicate(timeout=120)
    finally:
        if first.poll() is None:
            first.kill()
            first.communicate()
    assert first.returncode == 2
    assert check_one_error_line(err.decode()) == (
        "kabalsolve: error: r.jsonl was moved, removed or replaced while this run wrote "
        "it: the run stops here")
    if how == "replaced":
        assert path.read_text() == "another program's file\n"
    else:
        assert not path.exists()
    if how == "moved":
        lines = (tmp_path / "kept.jsonl").read_text().splitlines()
        assert lines and all(json.loads(line)["id"].startswith("seed:") for line in lines)


def _file_size_limit(limit):
    def set_limit():
        default_sigint()
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return set_limit


def test_a_full_disk_is_one_line_and_leaves_no_torn_line(tmp_path):
    """A file-size limit stands in for a full disk: a write past it fails (EFBIG)."""
    r = subprocess.run([sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-60",
                        "-j", "1", "-o", "r.jsonl"], cwd=tmp_path, env=ENV,
                       capture_output=True, text=True, timeout=300,
                       preexec_fn=_file_size_limit(3000))
    assert r.returncode == 2
    assert check_one_error_line(r.stderr).startswith(
        "kabalsolve: error: r.jsonl: cannot write: File too large (the lines before are "
        "kept: run again with --resume to go on)")
    data = (tmp_path / "r.jsonl").read_bytes()
    assert 0 < len(data) <= 3000 and data.endswith(b"\n")
    ids = [json.loads(line)["id"] for line in data.decode().splitlines()]
    resumed = subprocess.run([sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-60",
                              "-j", "1", "-o", "r.jsonl", "--resume"], cwd=tmp_path, env=ENV,
                             capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 0, resumed.stderr
    lines = (tmp_path / "r.jsonl").read_text().splitlines()
    assert sorted(json.loads(line)["id"] for line in lines) == sorted(
        "seed:%d" % s for s in range(1, 61))
    assert [json.loads(line)["id"] for line in lines][:len(ids)] == ids


@pytest.mark.parametrize("args", [["examples/won-klondike-draw3.txt", "-q"],
                                  ["generate", "--count", "3"],
                                  ["batch", "--seeds", "1-3", "-j", "1"]],
                         ids=["solve", "generate", "batch"])
def test_a_full_device_is_one_line_and_status_2(args):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        r = subprocess.run([sys.executable, "-m", "kabalsolve"] + args, cwd=REPO, env=ENV,
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert r.returncode == 2
    assert check_one_error_line(r.stderr) == (
        "kabalsolve: error: cannot write the output: No space left on device")


def test_a_closed_pipe_ends_quietly_with_status_2():
    p = subprocess.Popen([sys.executable, "-m", "kabalsolve", "generate", "--count", "5000"],
                         cwd=REPO, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.read(100)
    p.stdout.close()
    assert p.wait(timeout=120) == 2
    assert p.stderr.read() == b""
