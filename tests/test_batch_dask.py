"""The same batch on a real Dask cluster (distributed.LocalCluster, two worker
processes) gives the same records as the local run: solve_many through the client's
executor, and the command through --scheduler."""
import json
from contextlib import ExitStack

import dask
import pytest
from distributed import Client, LocalCluster
from kabalsolve.cli.batch import LOCAL_DASK_CONFIG, dask_executor
from kabalsolve.games import klondike

from kabalsolve import solve_many

from conftest import run

SEEDS = range(27, 56)


def key(records):
    return {r["id"]: (r["game"], r["rules"], r["result"], r["moves"], r["states"])
            for r in records}


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as c:
        yield c


def test_client_executor_gives_the_local_results(cluster):
    deals = [("seed:%d" % s, klondike.Deal.from_seed(s)) for s in SEEDS]
    local = key(r.to_dict() for r in solve_many(deals, draw=3, max_states=50000))
    with Client(cluster) as client:
        got = [r.to_dict() for r in solve_many(deals, executor=client.get_executor(),
                                                chunksize=4, draw=3, max_states=50000)]
    assert len(got) == len(deals) and key(got) == local
    assert {v[2] for v in local.values()} == {"won", "lost", "unknown"}


def test_command_on_a_scheduler_gives_the_local_lines(cluster, tmp_path):
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    p = run(["batch", "--seeds", "27-55", "-j", "1", "-o", str(local)])
    q = run(["batch", "--seeds", "27-55", "--scheduler", cluster.scheduler_address,
             "-o", str(remote)])
    assert p.returncode == 0 and q.returncode == 0, q.stderr
    lines = [json.loads(line) for line in remote.read_text().splitlines()]
    assert len(lines) == len(SEEDS)
    assert key(lines) == key(json.loads(line) for line in local.read_text().splitlines())


def test_command_with_its_own_local_cluster(tmp_path):
    out = tmp_path / "r.jsonl"
    p = run(["batch", "--seeds", "27-40", "--dask", "--jobs", "2", "-o", str(out)])
    assert p.returncode == 0, p.stderr
    # Dask's own logging stays out of the way: only the summary line on stderr
    assert p.stderr.decode().splitlines()[-1].startswith("batch: 14 deals solved")
    assert len(p.stderr.decode().splitlines()) == 1
    assert sorted(json.loads(line)["id"] for line in out.read_text().splitlines()) == \
        sorted("seed:%d" % s for s in range(27, 41))


def test_the_local_cluster_keeps_its_housekeeping_low():
    """--dask's own cluster runs with the settings that keep its housekeeping from
    taking a tenth of a core from the workers; they reach the worker processes, and
    are this process's own again once the cluster is gone."""
    before = {k: dask.config.get(k) for k in LOCAL_DASK_CONFIG}
    assert before != LOCAL_DASK_CONFIG
    with ExitStack() as stack:
        executor, threads = dask_executor(stack, None, 1)
        assert threads == 1
        seen = executor.submit(lambda: {k: dask.config.get(k) for k in LOCAL_DASK_CONFIG})
        assert seen.result(timeout=60) == LOCAL_DASK_CONFIG
    assert {k: dask.config.get(k) for k in LOCAL_DASK_CONFIG} == before


def test_a_bad_scheduler_address_is_one_error_line():
    """(An address where nothing listens gives the same line after a 10 s timeout.)"""
    p = run(["batch", "--seeds", "1-2", "--scheduler", "nonsense://x"])
    assert p.returncode == 2
    err = p.stderr.decode()
    assert err.startswith("kabalsolve: error: cannot reach the Dask scheduler nonsense://x: "
                          "unknown address scheme 'nonsense'")
    assert len(err.splitlines()) == 1
