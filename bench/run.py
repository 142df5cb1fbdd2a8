#!/usr/bin/env python3
"""Solve a fixed deal set and print how the solver does against its targets.

    python bench/run.py --draw 3                      # the 300 stored deals, in-process
    python bench/run.py --draw 1 --limit 50 --timeout 60
    python bench/run.py --draw 3 --isolate            # each deal in a fresh process: per-deal peak RSS
    python bench/run.py --draw 1 --vegas --limit 200 --cpu  # Vegas: 1 pass (3 at draw 3), CPU time
    python bench/run.py --variant danish              # the danish queue stock (draw 3)
    .venv-bench/bin/python bench/run.py --draw 3 --peer pyksolve    # side by side with ShootMe

Each deal is solved in this process by one ``kabalsolve.solve`` call, timed with
``time.perf_counter`` around the call (packing, search and the line's checks included);
``stats.search_seconds`` is the core's own share.  One untimed warm-up solve comes first.
Printed: decided %, won % with its 95 % Wilson interval against the published figure,
unknowns, median / p90 / p99 / max / total of both times, states per second, peak RSS,
the largest table, the slowest deals, the targets, and a one-line signature
(total states: it changes exactly when the search does, so quote it in commits).
Timings are printed, never asserted.  Use one core (--jobs 1, the default) for figures.
"""
from __future__ import annotations

import argparse
import csv
import math
import multiprocessing
import os
import platform
import resource
import subprocess
import sys
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

import dealset
from dealset import DEFAULT_SET, ROOT, kabalsolve
from kabalsolve.stats import wilson

# Blake & Gent (Solvitaire): share of winnable deals, unlimited passes, foundation moves on.
PUBLISHED = {3: 81.945, 1: 90.48}
TARGETS = dict(median=0.005, search_median=0.001, p90=0.050, max=5.0, rss=1 << 30)
Row = Dict[str, Any]


# -- measuring ------------------------------------------------------------------------
def peak_rss_bytes() -> int:
    """This process's peak resident set: ru_maxrss (KiB on Linux)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def vm_hwm_bytes() -> Optional[int]:
    """The peak RSS of this process's own address space (VmHWM; reset by exec, so a
    spawned worker does not inherit its parent's peak), or None off Linux."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


# what "per call" is timed with: wall time, or this process's CPU time (--cpu: steadier
# on a shared machine; it counts the whole call, the core's search included)
TIMER = time.perf_counter


def solve_ours(name: str, deal, draw: int, opts: Dict[str, Any]) -> Row:
    t0 = TIMER()
    sol = kabalsolve.solve(deal, draw=draw, **opts)
    secs = TIMER() - t0
    st = sol.stats
    return dict(name=name, result=sol.result, seconds=secs, search_seconds=st.search_seconds,
                states=st.states, moves_made=st.moves_made, table_bytes=st.table_bytes,
                solution_moves=len(sol.moves), stopped_by=sol.stopped_by or "")


def solve_peer(name: str, deal, draw: int, mode: str, states: int) -> Row:
    import peer_pyksolve
    result, secs, raw, s = peer_pyksolve.solve(deal, draw, mode, states)
    problem = peer_pyksolve.replay(deal, draw, s) if result == "won" else None
    return dict(name=name, peer_result=result, peer_raw=raw, peer_seconds=secs,
                peer_replay=problem or ("ok" if result == "won" else ""))


def _task(args: Tuple[str, str, Any, int, Dict[str, Any]]) -> Row:
    """One deal in a pool worker (picklable entry point)."""
    which, name, deck, draw, opts = args
    deal = kabalsolve.Deal.from_deck(deck)
    if which == "ours":
        row = solve_ours(name, deal, draw, opts)
        key = "rss_bytes"
    else:
        row = solve_peer(name, deal, draw, opts["mode"], opts["states"])
        key = "peer_rss_bytes"
    row[key] = vm_hwm_bytes() or peak_rss_bytes()
    return row


def _baseline(_: Any) -> int:
    """Peak RSS of a fresh worker that imported everything but solved nothing."""
    return vm_hwm_bytes() or peak_rss_bytes()


class Runner:
    """Runs one solver over the deals: inline, in a pool, or one fresh process per deal."""

    def __init__(self, jobs: int, isolate: bool, quiet: bool) -> None:
        self.jobs, self.isolate, self.quiet = jobs, isolate, quiet

    def run(self, which: str, deals, draw: int, opts: Dict[str, Any]) -> List[Row]:
        label = "kabalsolve" if which == "ours" else "pyksolve"
        tasks = [(which, name, deal.deck(), draw, opts) for name, deal in deals]
        rows: List[Row] = []
        t_start = last = time.perf_counter()
        if self.jobs == 1 and not self.isolate:
            it = (solve_ours(n, d, draw, opts) if which == "ours"
                  else solve_peer(n, d, draw, opts["mode"], opts["states"])
                  for n, d in deals)
            pool = None
        else:
            ctx = multiprocessing.get_context("spawn" if self.isolate else "fork")
            pool = ctx.Pool(self.jobs, maxtasksperchild=1 if self.isolate else None)
            it = pool.imap(_task, tasks)
        try:
            for row in it:
                rows.append(row)
                now = time.perf_counter()
                if not self.quiet and now - last >= 10:
                    last = now
                    sys.stdout.flush()
                    sys.stderr.write("  %s: %d/%d deals, %.0f s\n"
                                     % (label, len(rows), len(deals), now - t_start))
                    sys.stderr.flush()
        finally:
            if pool is not None:
                pool.close()
                pool.join()
        return rows

    def baseline_rss(self) -> Optional[int]:
        if not self.isolate:
            return None
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(1, maxtasksperchild=1) as pool:
            return pool.apply(_baseline, (None,))


# -- statistics -----------------------------------------------------------------------
def quantile(xs: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    s = sorted(xs)
    if not s:
        return float("nan")
    pos = (len(s) - 1) * q
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def fmt_s(x: float) -> str:
    if x != x:
        return "-"
    if x < 1:
        return "%.3f ms" % (x * 1e3)
    return "%.3f s" % x


def mib(b: Optional[float]) -> str:
    return "-" if b is None else "%.1f MiB" % (b / 2 ** 20)


def spread(xs: Sequence[float]) -> str:
    return "median %s   p90 %s   p99 %s   max %s   total %s" % (
        fmt_s(quantile(xs, .5)), fmt_s(quantile(xs, .9)), fmt_s(quantile(xs, .99)),
        fmt_s(max(xs)), fmt_s(sum(xs)))


# -- report ---------------------------------------------------------------------------
def git_version() -> str:
    try:
        out = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "?"


def report_ours(rows: List[Row], draw: int, set_name: str, rss: Optional[int], rss_what: str,
                rss_isolated: Optional[int], baseline: Optional[int],
                classic_unlimited: bool = True) -> None:
    n = len(rows)
    won = sum(r["result"] == "won" for r in rows)
    lost = sum(r["result"] == "lost" for r in rows)
    unknown = n - won - lost
    decided = won + lost
    print("deals            %d" % n)
    print("decided          %d (%.1f %%)" % (decided, 100.0 * decided / n))
    print("unknown          %d%s" % (unknown, "  (%s)" % ", ".join(
        "%s: %s" % (r["name"], r["stopped_by"] or "?") for r in rows
        if r["result"] == "unknown")[:400] if unknown else ""))
    lo, hi = wilson(won, decided)
    pub = PUBLISHED.get(draw) if classic_unlimited else None
    verdict = ("no published figure for draw %d" % draw if pub is None else
               "published %.3f %% (Blake & Gent) is %s" % (
                   pub, "inside" if 100 * lo <= pub <= 100 * hi else "OUTSIDE"))
    print("won              %d of %d decided = %.1f %%; 95 %% Wilson interval [%.1f, %.1f] %%; %s"
          % (won, decided, 100.0 * won / max(decided, 1), 100 * lo, 100 * hi, verdict))
    print("lost             %d" % lost)
    secs = [r["seconds"] for r in rows]
    search = [r["search_seconds"] for r in rows]
    print("per call         %s" % spread(secs))
    print("  (kabalsolve.solve timed with %s: packing, search, the line's checks)"
          % ("process_time, CPU" if TIMER is time.process_time else "perf_counter"))
    print("search only      %s" % spread(search))
    print("  (stats.search_seconds: the core alone)")
    states = sum(r["states"] for r in rows)
    print("states           total %s; per deal median %s, max %s; %.2f M states/s "
          "(sum states / sum search seconds)"
          % (format(states, ","), format(round(quantile([r["states"] for r in rows], .5)), ","),
             format(max(r["states"] for r in rows), ","), states / max(sum(search), 1e-12) / 1e6))
    big = max(rows, key=lambda r: r["table_bytes"])
    if rss is not None:
        print("peak RSS         %s (%s)" % (mib(rss), rss_what))
    if rss_isolated is not None:
        worst = max(rows, key=lambda r: r.get("rss_bytes") or 0)
        print("peak RSS/deal    %s max (deal %s), median %s; a fresh worker that solved "
              "nothing: %s" % (mib(rss_isolated), worst["name"],
                               mib(quantile([r["rss_bytes"] for r in rows], .5)),
                               mib(baseline)))
    print("largest table    %s (deal %s)" % (mib(big["table_bytes"]), big["name"]))
    print("slowest 5:")
    for r in sorted(rows, key=lambda r: -r["seconds"])[:5]:
        print("  deal %-6s %-7s %s (search %s, %s states)"
              % (r["name"], r["result"], fmt_s(r["seconds"]), fmt_s(r["search_seconds"]),
                 format(r["states"], ",")))
    worst_rss = rss_isolated if rss_isolated is not None else rss
    checks = [("unknown = 0", unknown == 0, str(unknown)),
              ("median <= 5 ms", quantile(secs, .5) <= TARGETS["median"], fmt_s(quantile(secs, .5))),
              ("search median <= 1 ms", quantile(search, .5) <= TARGETS["search_median"],
               fmt_s(quantile(search, .5))),
              ("p90 <= 50 ms", quantile(secs, .9) <= TARGETS["p90"], fmt_s(quantile(secs, .9))),
              ("max <= 5 s", max(secs) <= TARGETS["max"], fmt_s(max(secs))),
              ("peak RSS <= 1 GiB", worst_rss is not None and worst_rss <= TARGETS["rss"],
               mib(worst_rss))]
    print("targets          " + "; ".join("%s: %s %s" % (label, val, "ok" if ok else "MISSED")
                                          for label, ok, val in checks))
    print("signature        %s draw %d: %s states, %s moves made; %d won %d lost %d unknown"
          % (set_name, draw, format(states, ","), format(sum(r["moves_made"] for r in rows), ","),
             won, lost, unknown))


def report_peer(ours: List[Row], peer: List[Row], mode: str, budget: int, version: str,
                rss: Optional[int], rss_isolated: Optional[int], source: str = "") -> None:
    n = len(peer)
    won = sum(p["peer_result"] == "won" for p in peer)
    lost = sum(p["peer_result"] == "lost" for p in peer)
    unknown = n - won - lost
    print()
    print("peer: pyksolve %s (binding of ShootMe's Klondike-Solver), solve_%s, budget %s "
          "states per deal%s" % (version, mode, format(budget, ","), source))
    print("peer decided     %d (%.1f %%): %d won, %d lost" % (won + lost, 100.0 * (won + lost) / n,
                                                              won, lost))
    print("peer unknown     %d (budget spent; not counted as lost)" % unknown)
    secs = [p["peer_seconds"] for p in peer]
    print("peer per call    %s" % spread(secs))
    print("  (load_pysol + reset_game + solve, timed with perf_counter)")
    both = [(o, p) for o, p in zip(ours, peer)
            if o["result"] != "unknown" and p["peer_result"] != "unknown"]
    disagree = [(o, p) for o, p in both if o["result"] != p["peer_result"]]
    print("agreement        %d of %d deals decided by both agree; %d disagree%s"
          % (len(both) - len(disagree), len(both), len(disagree),
             ":" if disagree else ""))
    for o, p in disagree:
        print("  deal %s: kabalsolve %s, pyksolve %s (%s)"
              % (o["name"], o["result"], p["peer_result"], p["peer_raw"]))
    only_ours = [o for o, p in zip(ours, peer)
                 if p["peer_result"] == "unknown" and o["result"] != "unknown"]
    if only_ours:
        print("peer unknown where kabalsolve decided: %d (kabalsolve: %d won, %d lost)"
              % (len(only_ours), sum(o["result"] == "won" for o in only_ours),
                 sum(o["result"] == "lost" for o in only_ours)))
    only_peer = [p for o, p in zip(ours, peer)
                 if o["result"] == "unknown" and p["peer_result"] != "unknown"]
    if only_peer:
        print("kabalsolve unknown where the peer decided: %s"
              % ", ".join("%s (%s)" % (p["name"], p["peer_result"]) for p in only_peer))
    bad = [p for p in peer if p["peer_result"] == "won" and p["peer_replay"] != "ok"]
    print("peer wins replayed on kabalsolve's rules: %d of %d ok%s"
          % (won - len(bad), won, "" if not bad else "; failed: " + ", ".join(
              "%s (%s)" % (p["name"], p["peer_replay"]) for p in bad)))
    ours_secs = [o["seconds"] for o in ours]
    print("time ratio       pyksolve / kabalsolve: total %.0fx (%s / %s), median %.0fx (%s / %s)"
          % (sum(secs) / sum(ours_secs), fmt_s(sum(secs)), fmt_s(sum(ours_secs)),
             quantile(secs, .5) / quantile(ours_secs, .5), fmt_s(quantile(secs, .5)),
             fmt_s(quantile(ours_secs, .5))))
    if both:
        bs = [p["peer_seconds"] for _, p in both]
        bo = [o["seconds"] for o, _ in both]
        print("  on the %d deals both decided: total %.0fx, median %.0fx"
              % (len(both), sum(bs) / sum(bo), quantile(bs, .5) / quantile(bo, .5)))
    if rss is not None:
        print("peak RSS         %s (this process after both solvers; ru_maxrss)" % mib(rss))
    if rss_isolated is not None:
        print("peer peak RSS/deal %s max" % mib(rss_isolated))


def write_csv(path: str, draw: int, ours: List[Row], peer: Optional[List[Row]]) -> None:
    cols = ["name", "draw", "result", "seconds", "search_seconds", "states", "moves_made",
            "table_bytes", "solution_moves", "stopped_by", "rss_bytes"]
    if peer is not None:
        cols += ["peer_result", "peer_raw", "peer_seconds", "peer_replay", "peer_rss_bytes",
                 "peer_version", "peer_mode", "peer_states"]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, cols, extrasaction="ignore")
        w.writeheader()
        for i, o in enumerate(ours):
            row = dict(o, draw=draw)
            if peer is not None:
                row.update(peer[i])
            w.writerow(row)


def read_peer_csv(path: str, deals, draw: int) -> Tuple[List[Row], Dict[str, str]]:
    """The peer's rows of an earlier ``--peer ... --csv`` run, in the order of ``deals``,
    and what the peer was run with.  The peer does not change when kabalsolve does, so
    its slow run need not be repeated to compare it with a new core."""
    with open(path, newline="") as f:
        rows = {r["name"]: r for r in csv.DictReader(f)}
    out: List[Row] = []
    for name, _ in deals:
        r = rows.get(name)
        if r is None or not r.get("peer_result"):
            raise ValueError("%s has no peer row for deal %s" % (path, name))
        if int(r["draw"]) != draw:
            raise ValueError("%s was run at draw %s, not %d" % (path, r["draw"], draw))
        out.append(dict(name=name, peer_result=r["peer_result"], peer_raw=r["peer_raw"],
                        peer_seconds=float(r["peer_seconds"]), peer_replay=r["peer_replay"]))
    first = rows[deals[0][0]]
    return out, {k: first.get(k) or "" for k in ("peer_version", "peer_mode", "peer_states")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--draw", type=int, default=3, help="cards per stock turn (default 3)")
    ap.add_argument("--passes", type=int, help="passes through the stock (default unlimited)")
    ap.add_argument("--vegas", action="store_true",
                    help="Vegas rules: 1 pass at draw 1, 3 passes otherwise")
    ap.add_argument("--variant", choices=["classic", "danish"], default="classic",
                    help="the stock: classic, or danish (the queue stock of 7-kabale; draw 3)")
    ap.add_argument("--deals", default=DEFAULT_SET, help="deal-set file (default: %(default)s)")
    ap.add_argument("--limit", type=int, help="only the first N deals")
    ap.add_argument("--timeout", type=float, help="kabalsolve timeout per deal, seconds "
                    "(default: none, the default settings)")
    ap.add_argument("--max-states", type=int, help="kabalsolve state budget per deal")
    ap.add_argument("--max-memory-mb", type=int, help="kabalsolve table limit per deal")
    ap.add_argument("--jobs", type=int, default=1,
                    help="worker processes (default 1: keep 1 for timing figures)")
    ap.add_argument("--isolate", action="store_true",
                    help="solve each deal in a fresh process, to report per-deal peak RSS")
    ap.add_argument("--peer", choices=["pyksolve"], help="also solve every deal with the peer")
    ap.add_argument("--peer-mode", choices=["minimal", "fast"], default="minimal",
                    help="pyksolve search: minimal (ShootMe's default; proves losses) or fast "
                         "(never proves a loss)")
    ap.add_argument("--peer-states", type=int, default=5_000_000,
                    help="pyksolve budget, states per deal (default: its own 5,000,000)")
    ap.add_argument("--peer-from", metavar="CSV",
                    help="take the peer's rows from the CSV of an earlier --peer run at the same "
                         "draw instead of running it again (compare a new core with it)")
    ap.add_argument("--csv", help="write one row per deal to this CSV file")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("--cpu", action="store_true",
                    help="time each call with process CPU time instead of wall time "
                         "(in-process runs only; 'search only' stays the core's wall time)")
    a = ap.parse_args(argv)
    if a.jobs < 1:
        ap.error("--jobs must be at least 1")
    if a.cpu:
        if a.jobs != 1 or a.isolate:
            ap.error("--cpu times calls in this process: not with --jobs or --isolate")
        global TIMER
        TIMER = time.process_time
    if a.peer and a.peer_from:
        ap.error("--peer runs the peer, --peer-from reads an earlier run: not both")
    if a.peer:
        import peer_pyksolve
        why = peer_pyksolve.available()
        if why:
            print("cannot run the peer: " + why, file=sys.stderr)
            return 2

    deals = dealset.load(a.deals)
    digest = dealset.digest(deals)
    if a.limit:
        deals = deals[:a.limit]
    set_name = os.path.splitext(os.path.basename(a.deals))[0]
    opts = {k: v for k, v in (("timeout", a.timeout), ("max_states", a.max_states),
                              ("max_memory_mb", a.max_memory_mb)) if v is not None}
    budget = ", ".join("%s=%s" % kv for kv in opts.items()) or "none (defaults)"
    if a.vegas:
        if a.passes is not None:
            ap.error("--vegas sets the passes itself")
        a.passes = 1 if a.draw == 1 else 3
    rules = ("%s%s" % ("" if a.passes is None else ", %d pass%s" % (
        a.passes, "" if a.passes == 1 else "es"), ", danish" if a.variant == "danish" else ""))
    if a.passes is not None:
        opts["passes"] = a.passes
    if a.variant != "classic":
        opts["variant"] = a.variant
    mode = "one fresh process per deal" if a.isolate else (
        "in-process" if a.jobs == 1 else "%d worker processes" % a.jobs)
    print("kabalsolve bench: klondike draw %d%s, %d deals from %s (set digest %s)"
          % (a.draw, rules, len(deals), os.path.relpath(a.deals, ROOT), digest))
    print("kabalsolve %s (%s, %s); Python %s; %s x%d; %s; budget %s"
          % (kabalsolve.__version__, git_version(),
             os.path.relpath(os.path.dirname(kabalsolve.__file__), ROOT),
             platform.python_version(), cpu_name(), os.cpu_count() or 0, mode, budget))
    print()

    runner = Runner(a.jobs, a.isolate, a.quiet)
    if not a.isolate:
        kabalsolve.solve(deals[0][1], draw=a.draw, **opts)  # warm-up, untimed
    t0 = time.perf_counter()
    ours = runner.run("ours", deals, a.draw, opts)
    wall = time.perf_counter() - t0
    inline = a.jobs == 1 and not a.isolate
    rss_iso = max(r["rss_bytes"] for r in ours) if not inline else None
    if inline:
        rss, rss_what = peak_rss_bytes(), "this process, ru_maxrss, after all %d deals" % len(ours)
    elif a.isolate:
        rss, rss_what = None, ""
    else:
        rss, rss_what = rss_iso, "the largest of %d forked workers, VmHWM" % a.jobs
    report_ours(ours, a.draw, set_name, rss, rss_what, rss_iso if a.isolate else None,
                runner.baseline_rss(), classic_unlimited=not rules)
    print("wall             %s for the whole run" % fmt_s(wall))

    peer = None
    if a.csv and a.peer:
        write_csv(a.csv, a.draw, ours, None)  # kabalsolve's rows now; rewritten with the peer's
    if a.peer:
        import peer_pyksolve
        popts = dict(mode=a.peer_mode, states=a.peer_states)
        peer = runner.run("peer", deals, a.draw, popts)
        for p in peer:
            p.update(peer_version=peer_pyksolve.version(), peer_mode=a.peer_mode,
                     peer_states=a.peer_states)
        report_peer(ours, peer, a.peer_mode, a.peer_states, peer_pyksolve.version(),
                    peak_rss_bytes() if inline else None,
                    max(p["peer_rss_bytes"] for p in peer) if not inline else None)
    elif a.peer_from:
        peer, how = read_peer_csv(a.peer_from, deals, a.draw)
        report_peer(ours, peer, how["peer_mode"] or "minimal (assumed)",
                    int(how["peer_states"] or 5_000_000), how["peer_version"] or "?", None, None,
                    "; rows read from %s (peak RSS not known)" % a.peer_from)
    if a.csv:
        write_csv(a.csv, a.draw, ours, peer)
        print("\nper-deal rows written to %s" % a.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
