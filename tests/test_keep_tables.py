"""Kept table arrays: a process may keep freed search tables for its next searches.

A kept array is handed out again after memset, so a search that gets one must find
exactly what a search on fresh memory finds: the same verdict and the same count of
positions.  Deal 60752 (a usual-rule Aces Up loss of 336,499 positions, a quarter of a
second) grows its table through several arrays of 2 MiB and more.
"""
import sys
import threading

import pytest
from kabalsolve.games import acesup

import kabalsolve
from kabalsolve import _core, batch
from kabalsolve.errors import OptionError

linux = pytest.mark.skipif(not sys.platform.startswith("linux"),
                           reason="tables are kept only on Linux")

MIB = 1 << 20


@pytest.fixture(autouse=True)
def nothing_kept():
    was = batch.keep_tables(0)
    yield
    batch.keep_tables(was)


def run(seed=60752):
    # the budget is about ten times what either deal needs: a search misled by a dirty table
    # stops as "unknown" and fails the comparison instead of running on
    sol = kabalsolve.solve(acesup.Deal.from_seed(seed), max_states=5_000_000)
    return sol.result, sol.stats.states


@pytest.fixture(scope="module")
def fresh():
    was = batch.keep_tables(0)
    out = {s: run(s) for s in (60752, 13321)}
    batch.keep_tables(was)
    return out


@linux
def test_a_kept_array_is_handed_out_cleared():
    # before any search: a search on a dirty table may never end, so this fails first
    batch.keep_tables(8)
    assert _core.table_array_nonzero_words(4 * MIB, scribble=True) == 0
    assert _core.kept_table_sizes() == [4 * MIB]
    assert _core.table_array_nonzero_words(4 * MIB) == 0
    assert _core.kept_table_sizes() == [4 * MIB]
    # smaller arrays come from calloc and are never kept
    assert _core.table_array_nonzero_words(MIB, scribble=True) == 0
    assert _core.kept_table_sizes() == [4 * MIB]


@linux
def test_tables_kept_by_a_search_are_handed_out_cleared(fresh):
    batch.keep_tables(64)
    run()
    sizes = _core.kept_table_sizes()
    assert sizes and sum(sizes) == _core.kept_table_bytes()
    assert all(s >= 2 * MIB for s in sizes)
    # every kept array is dirty from the search; each must come back all zeros, and go
    # back to the kept list after
    for size in sizes:
        assert _core.table_array_nonzero_words(size) == 0
    assert sorted(_core.kept_table_sizes()) == sorted(sizes)


@linux
def test_freed_tables_are_kept_within_the_bound_and_reused_clean(fresh):
    assert _core.kept_table_bytes() == 0
    assert batch.keep_tables(64) == 0
    assert run() == fresh[60752]
    kept = _core.kept_table_bytes()
    assert 2 * MIB <= kept <= 64 * MIB
    # the next searches take kept arrays (dirty from the last search) and must see
    # them empty
    for _ in range(2):
        assert run() == fresh[60752]
        assert run(13321) == fresh[13321]
    assert _core.kept_table_bytes() <= 64 * MIB


@linux
def test_lowering_the_bound_gives_kept_tables_back(fresh):
    batch.keep_tables(64)
    run()
    assert _core.kept_table_bytes() > 4 * MIB
    assert batch.keep_tables(4) == 64
    assert _core.kept_table_bytes() <= 4 * MIB
    batch.keep_tables(0)
    assert _core.kept_table_bytes() == 0
    assert run() == fresh[60752]


@linux
def test_a_bound_below_the_smallest_array_keeps_nothing(fresh):
    batch.keep_tables(1)
    assert run() == fresh[60752]
    assert _core.kept_table_bytes() == 0


def test_threads_share_the_kept_tables(fresh):
    batch.keep_tables(64)
    got = {}

    def work(n):
        got[n] = [run(s) for s in (60752, 13321, 60752)]

    threads = [threading.Thread(target=work, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    want = [fresh[60752], fresh[13321], fresh[60752]]
    assert got == {0: want, 1: want}


def test_solve_chunk_sets_the_batch_bound_once(monkeypatch):
    monkeypatch.setattr(batch, "_keeping", False)
    batch.solve_chunk([("a", acesup.Deal.from_seed(1))], {})
    expect = batch.KEEP_TABLE_MB if sys.platform.startswith("linux") else 0
    assert batch.keep_tables(0) == expect
    # once set, later tasks leave a bound the program chose alone
    batch.solve_chunk([("a", acesup.Deal.from_seed(1))], {})
    assert batch.keep_tables(0) == 0


@pytest.mark.parametrize("bad", [-1, 1.5, "64"])
def test_bad_bounds_are_refused(bad):
    with pytest.raises(OptionError, match="max_mb"):
        batch.keep_tables(bad)
