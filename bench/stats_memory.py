#!/usr/bin/env python3
"""The peak memory of ``kabalsolve stats`` on results files of growing length: it must
stay flat (the lines are read one at a time and never held).

    python bench/stats_memory.py                       # 10,000, 100,000, 1,000,000 lines
    python bench/stats_memory.py --lines 1000000 --keep /tmp/r.jsonl

Each file is made here, synthetically: lines as ``kabalsolve batch`` writes them (ids
seed:1 .. seed:N of Klondike at draw 3, one verdict in five lost and one in fifty
unknown, states and seconds drawn from a spread like a real run's), with the first
hundredth of the deals written a second time at the end (as ``--resume
--retry-unknown`` does), so that the reading that counts each deal by its last line
is measured too.  ``stats FILE`` runs in a child process (the working tree's
kabalsolve: ``python -m kabalsolve`` from the repository root); printed per file: its
lines and size, the child's peak resident memory (``ru_maxrss``) and CPU time, and the
summary's first line.  ``--stdin`` reads the file through standard input instead.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES = {"draw": 3, "foundation_moves": True, "passes": None, "variant": "classic"}


def write_file(path: str, n: int, seed: int = 1) -> int:
    """Write ``n`` deals' lines and their first hundredth again; return the lines."""
    rng = random.Random(seed)

    def one(i: int) -> str:
        r = rng.random()
        result = "unknown" if r < 0.02 else "lost" if r < 0.22 else "won"
        states = int(rng.lognormvariate(7, 2.5)) + 1
        rec = {"id": "seed:%d" % i, "game": "klondike", "rules": RULES, "result": result,
               "moves": rng.randrange(80, 200) if result == "won" else 0,
               "states": states, "seconds": round(states * 2.5e-6 + rng.random() * 1e-4, 6)}
        if result == "unknown":
            rec["stopped_by"] = "max_states"
        return json.dumps(rec, separators=(", ", ": ")) + "\n"

    again = n // 100
    with open(path, "w") as fh:
        for i in range(1, n + 1):
            fh.write(one(i))
        for i in range(1, again + 1):
            fh.write(one(i))
    return n + again


def measure(path: str, stdin: bool) -> None:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    args = [sys.executable, "-m", "kabalsolve", "stats", "-" if stdin else path]
    with open(path, "rb") as fh:
        r = subprocess.run(args, cwd=ROOT, stdin=fh if stdin else None,
                           capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit("stats failed: %s" % r.stderr.strip())
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of the children is the largest of any child so far: the sizes run
    # from small to large, so each figure is this run's
    print("  peak RSS %.1f MiB, CPU %.1f s; %s" % (after.ru_maxrss / 1024, cpu,
                                                   r.stdout.splitlines()[0]))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    ap.add_argument("--stdin", action="store_true", help="read through standard input")
    ap.add_argument("--keep", default=None, help="write the (last) file here and keep it")
    a = ap.parse_args()
    for n in sorted(a.lines):
        path = a.keep or os.path.join(tempfile.gettempdir(), "kabalsolve-stats-%d.jsonl" % n)
        lines = write_file(path, n)
        print("%d deals, %d lines, %.0f MB%s:" % (n, lines, os.path.getsize(path) / 1e6,
                                                  " through stdin" if a.stdin else ""))
        try:
            measure(path, a.stdin)
        finally:
            if not a.keep:
                os.unlink(path)


if __name__ == "__main__":
    main()
