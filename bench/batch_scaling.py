"""How `kabalsolve batch` scales from one worker to two, and what it costs per deal
outside the solver.

    python bench/batch_scaling.py                  # 1,000 draw-3 deals (seeds 1-1000)
    python bench/batch_scaling.py --count 200      # a short run on a busy machine

Scaling: the command itself (`python -m kabalsolve batch --seeds ... --jobs J`) runs
once per J, in a subprocess; its wall time and its CPU time (the command and its worker
processes, which it waits for) are printed.  Target: jobs 2 at most 0.6x the
jobs 1 wall time.  On a shared machine the wall times are only as good as the load lets
them be, so the load average is printed with them, and the CPU times show whether the
second process added work (they should be nearly equal).

Throughput: deals per second per core of ``solve_many`` in one process (deals over its
CPU time), beside the median deal's cost inside ``solve``.

Overhead: everything the batch path does per deal besides ``kabalsolve.solve`` (making
the deal from its seed, the record, its JSON line, writing and flushing it), measured in
this process as CPU time: the whole ``solve_many`` loop minus the CPU time spent inside
``solve`` (wrapped to time it).  With two workers, the coordinating process's CPU time
per deal is the serial part that bounds the scaling; sending a deal and its record
between processes is timed as a pickle round trip.  Target: under 1 ms per deal.
"""
from __future__ import annotations

import argparse
import os
import pickle
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Dict, List, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from kabalsolve.games import klondike

import kabalsolve.batch  # noqa: E402
from kabalsolve.batch import CHUNK_SECONDS, BatchResult, ChunkSizer, solve_many  # noqa: E402


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def self_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def run_command(seeds: str, draw: int, jobs: int) -> Tuple[float, float]:
    """(wall seconds, CPU seconds) of one `kabalsolve batch` run."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "r.jsonl")
        c0, t0 = children_cpu(), time.perf_counter()
        subprocess.run([sys.executable, "-m", "kabalsolve", "batch", "--seeds", seeds,
                        "--draw", str(draw), "--jobs", str(jobs), "--out", out],
                       check=True, env=env, stderr=subprocess.DEVNULL)
        wall, cpu = time.perf_counter() - t0, children_cpu() - c0
        lines = sum(1 for _ in open(out))
    assert lines == int(seeds.split("-")[1]) - int(seeds.split("-")[0]) + 1, lines
    return wall, cpu


class TimedSolve:
    """kabalsolve.batch.solve, adding up the CPU time spent inside it (per deal too)."""

    def __init__(self) -> None:
        self.inner = kabalsolve.batch.solve
        self.cpu = 0.0
        self.each: List[float] = []

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        t = time.process_time()
        try:
            return self.inner(*args, **kwargs)
        finally:
            self.each.append(time.process_time() - t)
            self.cpu += self.each[-1]


def modelled_wall(costs: List[float], workers: int, serial: float) -> float:
    """The wall time of solve_many on ``workers`` idle cores, replayed from measured CPU
    costs per deal: the same adaptive chunks (ChunkSizer, fed as chunks finish), the
    same window of 2 chunks per worker, each chunk run by the first free worker in
    submission order; ``serial`` (the coordinator's CPU per deal) is added to each
    deal's cost, as if it competed for the same cores.  A load-free view of scaling
    for a shared machine whose wall times say little."""
    sizer = ChunkSizer(None, CHUNK_SECONDS)
    free = [0.0] * workers                   # when each worker is next idle
    pending: List[Tuple[float, List[float]]] = []   # (finish time, costs) by submission
    now, i = 0.0, 0
    while i < len(costs) or pending:
        if i < len(costs) and len(pending) < 2 * workers:
            chunk = costs[i:i + sizer.size()]
            i += len(chunk)
            w = min(range(workers), key=lambda k: free[k])
            start = max(now, free[w])
            free[w] = start + sum(c + serial for c in chunk)
            pending.append((free[w], chunk))
            continue
        pending.sort(key=lambda fc: fc[0])
        done, chunk = pending.pop(0)
        now = max(now, done)
        for c in chunk:
            sizer.add(BatchResult("", "", {}, "won", 0, 0, c))
    return max(free)


def in_process_overhead(seeds: range, draw: int) -> Dict[str, Any]:
    """CPU per deal of the in-process batch loop outside solve (what `--jobs 1` does)."""
    timed = TimedSolve()
    kabalsolve.batch.solve = timed
    try:
        with open(os.devnull, "w") as sink:
            t0 = time.process_time()
            for r in solve_many((("seed:%d" % s, klondike.Deal.from_seed(s)) for s in seeds), draw=draw):
                sink.write(r.to_json() + "\n")
                sink.flush()
            total = time.process_time() - t0
    finally:
        kabalsolve.batch.solve = timed.inner
    n = len(seeds)
    return {"total": total, "solve": timed.cpu, "per_deal_ms": 1000 * (total - timed.cpu) / n,
            "costs": timed.each}


def pool_coordinator_cpu(seeds: range, draw: int, jobs: int) -> Dict[str, float]:
    """The coordinating process's CPU per deal with a process pool, and the wall time."""
    with open(os.devnull, "w") as sink, ProcessPoolExecutor(jobs) as pool:
        list(pool.map(int, range(jobs)))             # workers started before timing
        c0, t0 = self_cpu(), time.perf_counter()
        for r in solve_many((("seed:%d" % s, klondike.Deal.from_seed(s)) for s in seeds),
                            executor=pool, draw=draw):
            sink.write(r.to_json() + "\n")
            sink.flush()
        cpu, wall = self_cpu() - c0, time.perf_counter() - t0
    return {"wall": wall, "per_deal_ms": 1000 * cpu / len(seeds)}


def pickle_round_trip_ms(seeds: range, draw: int) -> float:
    """Sending a deal to a worker and its record back, per deal (both directions)."""
    sample = [("seed:%d" % s, klondike.Deal.from_seed(s)) for s in list(seeds)[:100]]
    records = list(solve_many(sample, draw=draw))
    t0 = time.process_time()
    for _ in range(10):
        pickle.loads(pickle.dumps(sample, protocol=pickle.HIGHEST_PROTOCOL))
        pickle.loads(pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL))
    return 1000 * (time.process_time() - t0) / (10 * len(sample))


def main(argv: List[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--draw", type=int, default=3)
    ap.add_argument("--model-only", action="store_true",
                    help="skip the two runs of the command (their wall times mean little "
                         "on a busy machine)")
    args = ap.parse_args(argv)
    seeds = range(args.seed, args.seed + args.count)
    spec = "%d-%d" % (seeds[0], seeds[-1])
    print("kabalsolve batch --seeds %s --draw %d; %d cores; load average %.2f at the start"
          % (spec, args.draw, os.cpu_count() or 1, os.getloadavg()[0]))
    if not args.model_only:
        runs = {}
        for jobs in (1, 2):
            runs[jobs] = run_command(spec, args.draw, jobs)
            print("  --jobs %d: %.2f s wall, %.2f s CPU (load average %.2f)"
                  % (jobs, runs[jobs][0], runs[jobs][1], os.getloadavg()[0]))
        print("  jobs 2 / jobs 1: wall %.2fx (target at most 0.60x), CPU %.2fx"
              % (runs[2][0] / runs[1][0], runs[2][1] / runs[1][1]))
    ov = in_process_overhead(seeds, args.draw)
    print("overhead outside solve, in process (--jobs 1): %.3f ms CPU per deal "
          "(loop %.2f s, inside solve %.2f s; target < 1 ms)"
          % (ov["per_deal_ms"], ov["total"], ov["solve"]))
    each = sorted(ov["costs"])
    print("solve_many in one process: %.0f deals per second per core (CPU); median deal "
          "%.3f ms inside solve" % (len(seeds) / ov["total"], 1000 * each[len(each) // 2]))
    co = pool_coordinator_cpu(seeds, args.draw, 2)
    print("with 2 worker processes: the coordinator spends %.3f ms CPU per deal "
          "(%.2f s wall); a deal and its record cross between processes in %.3f ms CPU"
          % (co["per_deal_ms"], co["wall"], pickle_round_trip_ms(seeds, args.draw)))
    one = ov["total"]
    for workers in (2, 4):
        t = modelled_wall(ov["costs"], workers, co["per_deal_ms"] / 1000)
        print("modelled from CPU times, %d idle cores: %.2f s vs %.2f s in one process: "
              "%.2fx (the longest deal alone takes %.2f s)"
              % (workers, t, one, t / one, max(ov["costs"])))


if __name__ == "__main__":
    main(sys.argv[1:])
