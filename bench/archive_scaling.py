"""How an archive run (`kabalsolve batch --archive` on Dask) scales from one Dask worker
to two, and its throughput per core.

    python bench/archive_scaling.py                       # Solvitaire 1-1000, draw 1
    python bench/archive_scaling.py --draw 3 --count 300  # a short run on a busy machine

For each worker count J the command itself runs once, in a subprocess, on a new
archive in a temporary directory: ``python -m kabalsolve batch --seeds 1-N
--numbering solvitaire --draw D --dask --jobs J --archive DIR``.  Printed per run:
its wall time, the CPU time of the command and its processes (the Dask workers
included, which the command waits for), the CPU time the archive records for the
deals themselves, deals per CPU second of solving (the throughput of one core), and
the load average, since on a shared machine a wall time is only as good as the load
lets it be.  The verdicts of the two runs must agree number by number; the script
says so, or stops.  The time a local Dask cluster takes to start (a few seconds) is in
the wall time, as it is in a real run's.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from kabalsolve.archive import read_archive  # noqa: E402


def run(count: int, draw: int, jobs: int, where: str) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    load0 = os.getloadavg()[0]
    subprocess.run([sys.executable, "-m", "kabalsolve", "batch", "--seeds", "1-%d" % count,
                    "--numbering", "solvitaire", "--draw", str(draw), "--dask",
                    "--jobs", str(jobs), "--archive", where], cwd=ROOT, check=True,
                   stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    a = read_archive(where)
    solving = a.effort()["cpu_seconds"]
    return {"jobs": jobs, "wall": wall, "cpu": cpu, "solving": solving,
            "rate": count / solving if solving else 0.0,
            "load": (load0 + os.getloadavg()[0]) / 2,
            "verdicts": [a.verdict(n) for n in range(1, count + 1)]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--draw", type=int, default=1, choices=(1, 3))
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in (1, 2):
            rows.append(run(args.count, args.draw, jobs, os.path.join(tmp, "j%d" % jobs)))
    if rows[0]["verdicts"] != rows[1]["verdicts"]:
        sys.exit("the two runs disagree on a verdict")
    print("Solvitaire 1-%d, draw %d, on a local Dask cluster (%d cores here)"
          % (args.count, args.draw, os.cpu_count() or 1))
    for r in rows:
        print("  %d worker%s: %6.1f s wall, %6.1f s CPU in all, %6.1f s CPU solving "
              "(%5.1f deals per CPU second), load %.1f"
              % (r["jobs"], "" if r["jobs"] == 1 else "s", r["wall"], r["cpu"], r["solving"],
                 r["rate"], r["load"]))
    print("  two workers: %.2fx the wall time of one; the verdicts agree"
          % (rows[1]["wall"] / rows[0]["wall"]))


if __name__ == "__main__":
    main()
