"""Re-decide a random sample of an archive's deals with an independent solver, deal by deal.

An archive (``kabalsolve batch --archive``) holds a verdict for every number of a
numbering.  This script draws a seeded random sample of its won and of its lost numbers
and asks another program for each one's verdict:

- ``--peer solvitaire`` (the default): Blake and Gent's Solvitaire, the program whose
  numbering and published table the archives of ``results/`` follow.  Give its binary
  with ``--solvitaire PATH`` (or the ``SOLVITAIRE`` environment variable); it is built
  from its own repository and never shipped or imported here.  Each deal is run as
  ``solvitaire --type klondike-deal-1 --random N --classify --timeout MS
  --streamliners smart-solvability`` (draw 1; ``klondike`` for draw 3): Solvitaire's
  own rules, deal and search, set as in its own solvability runs: a first search with
  its streamliners on a tenth of the time, whose wins are real wins, then, unless that
  won, the full search, which alone may answer "unsolvable".  Before the search, the deal Solvitaire prints for N (``--deal-only``,
  all cards face up) must be the deal kabalsolve plays as ``solvitaire:N``, so a verdict
  is never compared across two different deals.
- ``--peer pyksolve``: ShootMe's Klondike-Solver through its Python binding
  (``peer_pyksolve.py``), given kabalsolve's deal.  Its wins are replayed on
  kabalsolve's pure-Python rules.

A peer's budget that runs out gives "unknown", which is reported and not counted as an
agreement.  A disagreement is reported with the deal decided again by kabalsolve with
a larger budget: a win comes with its line replayed on the reference rules, so the
report says which side is wrong.  Then kabalsolve solves the sample again, one deal
after another, and the report gives its verdicts against the archive's and its CPU
time beside the peer's (``--no-ours`` skips this).  The exit status is 1 if any
verdicts disagree.

Each verdict is written to ``--out`` (tab-separated) as it arrives; run the same
command again to go on from where it stopped.

Examples::

    python bench/archive_recheck.py results/solvitaire-draw1 --won 300 --lost 300 \\
        --solvitaire ~/Solvitaire/build/bin/solvitaire --timeout 30 --jobs 2 \\
        --out recheck-draw1.tsv
    .venv-bench/bin/python bench/archive_recheck.py results/solvitaire-draw3 \\
        --peer pyksolve --won 50 --lost 50
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Dict, List, Optional, Sequence, Tuple

from dealset import kabalsolve
from kabalsolve.archive import read_archive
from kabalsolve.cards import card_str

WON, LOST, UNKNOWN = "won", "lost", "unknown"
PRESET = {1: "klondike-deal-1", 3: "klondike"}
SOLVITAIRE_VERDICT = {"solved": WON, "unsolvable": LOST, "timed-out": UNKNOWN,
                      "memory-limit-reached": UNKNOWN}
# The deal of a Klondike preset with every card face up, to read the whole layout.
ALL_UP = {"tableau piles": {"count": 7, "build policy": "red-black", "spaces policy": "kings",
                            "diagonal deal": True, "face up cards": "all"},
          "foundations": {"removable": True},
          "stock": {"size": 24, "deal count": 1, "redeal": True}}
FIELDS = ("number", "archive", "peer", "peer_detail", "peer_seconds")


def sample(archive, won: int, lost: int, seed: int,
           within: Optional[Tuple[int, int]] = None) -> List[Tuple[int, str]]:
    """(number, verdict) pairs: ``won`` won and ``lost`` lost numbers drawn at random
    (all of a verdict when it has fewer), from the numbers ``within`` (first, last) if
    given, in number order."""
    rng = random.Random(seed)
    picked: List[Tuple[int, str]] = []
    for verdict, k in ((WON, won), (LOST, lost)):
        numbers = [n for n in archive.numbers(verdict)
                   if within is None or within[0] <= n <= within[1]]
        picked += [(n, verdict) for n in rng.sample(numbers, min(k, len(numbers)))]
    return sorted(picked)


def _solvitaire_card(text: str) -> str:
    return ("T" + text[2:]) if text.startswith("10") else text


def solvitaire_layout(exe: str, rules_file: str, n: int) -> Tuple[List[List[str]], List[str]]:
    """Solvitaire's deal N with every card face up: its columns, shortest first, each
    from the bottom card up, and its stock in turning order."""
    out = subprocess.run([exe, "--custom-rules", rules_file, "--random", str(n), "--deal-only"],
                         capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    columns = sorted(([_solvitaire_card(c) for c in p] for p in d["tableau piles"]), key=len)
    stock = [_solvitaire_card(c) for c in reversed(d["stock"])]
    return columns, stock


def our_layout(n: int) -> Tuple[List[List[str]], List[str]]:
    deal = kabalsolve.numbered_deal("solvitaire", n)
    return ([[card_str(c) for c in col] for col in deal.tableau],
            [card_str(c) for c in deal.stock])


def ask_solvitaire(exe: str, rules_file: str, draw: int, n: int,
                   timeout: float) -> Tuple[str, str, float]:
    """(verdict, Solvitaire's own word, seconds) for deal N."""
    if solvitaire_layout(exe, rules_file, n) != our_layout(n):
        raise SystemExit("archive_recheck: Solvitaire's deal %d is not kabalsolve's solvitaire:%d;"
                         " the comparison would be meaningless" % (n, n))
    t0 = time.perf_counter()
    cmd = [exe, "--type", PRESET[draw], "--random", str(n), "--classify",
           "--timeout", str(int(timeout * 1000)), "--streamliners", "smart-solvability"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 3 + 30)
    except subprocess.TimeoutExpired:
        return UNKNOWN, "killed", time.perf_counter() - t0
    secs = time.perf_counter() - t0
    lines = proc.stdout.strip().splitlines()
    word = lines[-1].split(",")[-1].strip() if lines else ""
    if proc.returncode != 0 or word not in SOLVITAIRE_VERDICT:
        return UNKNOWN, "exit %d: %s" % (proc.returncode, (lines[-1] if lines else
                                                           proc.stderr.strip()[-200:])), secs
    return SOLVITAIRE_VERDICT[word], word, secs


def ask_pyksolve(draw: int, n: int, max_states: int) -> Tuple[str, str, float]:
    import peer_pyksolve
    deal = kabalsolve.numbered_deal("solvitaire", n)
    result, secs, raw, solitaire = peer_pyksolve.solve(deal, draw, "minimal", max_states)
    if result == WON:
        problem = peer_pyksolve.replay(deal, draw, solitaire)
        if problem:
            raise SystemExit("archive_recheck: pyksolve's win of deal %d does not replay: %s"
                             % (n, problem))
    return result, raw, secs


def settle(n: int, draw: int, archive_verdict: str, peer: str, max_states: int) -> str:
    """kabalsolve's verdict again, with a bigger budget, for a deal the two disagree on."""
    sol = kabalsolve.solve(kabalsolve.numbered_deal("solvitaire", n), draw=draw,
                           foundation_moves=True, max_states=max_states)
    if sol.result == WON:
        why = "kabalsolve wins it again, its %d-move line replayed on the reference rules" \
            % len(sol.moves)
    else:
        why = "kabalsolve says %s again (%d positions)" % (sol.result, sol.stats.states)
    return "deal %d: archive %s, peer %s; %s" % (n, archive_verdict, peer, why)


def read_done(path: str) -> Dict[int, Tuple[str, str, float]]:
    done: Dict[int, Tuple[str, str, float]] = {}
    if not os.path.exists(path):
        return done
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != len(FIELDS) or not parts[0].isdigit():
                raise SystemExit("archive_recheck: %s line %d: expected %d tab-separated fields"
                                 % (path, i, len(FIELDS)))
            done[int(parts[0])] = (parts[1], parts[2], float(parts[4]))
    return done


def main(argv: Optional[Sequence[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("archive")
    p.add_argument("--won", type=int, default=100, help="won numbers to sample (100)")
    p.add_argument("--lost", type=int, default=100, help="lost numbers to sample (100)")
    p.add_argument("--seed", type=int, default=1, help="the sample's seed (1)")
    p.add_argument("--numbers", metavar="A-B",
                   help="sample from these numbers only (default: all the archive holds); "
                        "fixes the sample while a run still adds to the archive")
    p.add_argument("--peer", choices=("solvitaire", "pyksolve"), default="solvitaire")
    p.add_argument("--solvitaire", default=os.environ.get("SOLVITAIRE", "solvitaire"),
                   help="Solvitaire's binary (default: $SOLVITAIRE, else on PATH)")
    p.add_argument("--timeout", type=float, default=30.0,
                   help="Solvitaire's time limit a deal, seconds (30)")
    p.add_argument("--peer-states", type=int, default=5_000_000,
                   help="pyksolve's budget of positions a deal (5,000,000)")
    p.add_argument("--settle-states", type=int, default=400_000_000,
                   help="kabalsolve's budget on a disagreement (400,000,000)")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--no-ours", dest="ours", action="store_false",
                   help="do not solve the sample again with kabalsolve (by default it is, "
                        "in this process, to compare its verdicts and CPU time)")
    p.add_argument("--out", help="tab-separated verdicts, written as they come; "
                                 "an existing file is continued")
    args = p.parse_args(argv)

    archive = read_archive(args.archive)
    rules = archive.rules
    if archive.game != "klondike" or archive.numbering != "solvitaire":
        p.error("the peers take Klondike deals of Solvitaire's numbering; %s holds %s deals "
                "of the %s numbering" % (args.archive, archive.game, archive.numbering))
    if rules.get("passes") is not None or not rules.get("foundation_moves") \
            or rules.get("draw") not in PRESET:
        p.error("the peers play draw 1 or 3, unlimited passes, moves back from the "
                "foundations; %s has other rules: %s" % (args.archive, rules))
    draw = rules["draw"]
    exe = ""
    if args.peer == "solvitaire":
        exe = shutil.which(args.solvitaire) or ""
        if not exe:
            p.error("Solvitaire's binary not found: %s (build it from its repository, then "
                    "give --solvitaire PATH)" % args.solvitaire)
    else:
        import peer_pyksolve
        why = peer_pyksolve.available()
        if why:
            p.error(why)

    within = None
    if args.numbers:
        first, sep, last = args.numbers.partition("-")
        if not (sep and first.isdigit() and last.isdigit() and int(first) <= int(last)):
            p.error("--numbers takes A-B, two numbers, the first not above the second, "
                    "not %r" % args.numbers)
        within = (int(first), int(last))
    todo = sample(archive, args.won, args.lost, args.seed, within)
    done = read_done(args.out) if args.out else {}
    out = open(args.out, "a") if args.out else None
    if out is not None and not done:
        out.write("# %s, peer %s, seed %d\n# %s\n" % (args.archive, args.peer, args.seed,
                                                      "\t".join(FIELDS)))
    print("%s (draw %d): %d won and %d lost numbers, %d already re-decided; peer %s"
          % (args.archive, draw, sum(v == WON for _, v in todo),
             sum(v == LOST for _, v in todo), sum(n in done for n, _ in todo), args.peer),
          flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        rules_file = os.path.join(tmp, "all-up.json")
        with open(rules_file, "w") as f:
            json.dump(ALL_UP, f)

        results: Dict[int, Tuple[str, str, float]] = {n: done[n] for n, _ in todo
                                                       if n in done}
        pending = [(n, v) for n, v in todo if n not in done]
        pool_type = (concurrent.futures.ThreadPoolExecutor if args.peer == "solvitaire"
                     else concurrent.futures.ProcessPoolExecutor)
        with pool_type(max_workers=max(1, args.jobs)) as pool:
            futures = {(pool.submit(ask_solvitaire, exe, rules_file, draw, n, args.timeout)
                        if args.peer == "solvitaire" else
                        pool.submit(ask_pyksolve, draw, n, args.peer_states)): (n, v)
                       for n, v in pending}
            for k, fut in enumerate(concurrent.futures.as_completed(futures), 1):
                n, v = futures[fut]
                verdict, detail, secs = fut.result()
                results[n] = (v, verdict, secs)
                if out is not None:
                    out.write("%d\t%s\t%s\t%s\t%.3f\n" % (n, v, verdict, detail, secs))
                    out.flush()
                if k % 50 == 0:
                    print("  %d of %d re-decided" % (k, len(pending)), flush=True)
    if out is not None:
        out.close()

    print("| archive says | sampled | peer agrees | peer disagrees | peer undecided |")
    print("| --- | --- | --- | --- | --- |")
    disagree: List[Tuple[int, str, str]] = []
    for v in (WON, LOST):
        rows = [(n, peer) for n, (a, peer, _) in results.items() if a == v]
        agree = sum(peer == v for _, peer in rows)
        unknown = sum(peer == UNKNOWN for _, peer in rows)
        disagree += [(n, v, peer) for n, peer in rows if peer not in (v, UNKNOWN)]
        print("| %s | %d | %d | %d | %d |" % (v, len(rows), agree,
                                              len(rows) - agree - unknown, unknown))
    for v in (WON, LOST):
        decided = [secs for a, peer, secs in results.values() if a == v and peer == v]
        if decided:
            print("peer on the %s deals it agrees on: %s" % (v, spread(decided)))
    for n, v, peer in sorted(disagree):
        print(settle(n, draw, v, peer, args.settle_states))
    again = 0
    if args.ours:
        # the sample solved again by kabalsolve, one deal after another in this process:
        # its verdicts against the archive's, and what each took
        for v in (WON, LOST):
            cpu = []
            for n in sorted(n for n, (a, _, _) in results.items() if a == v):
                t = time.process_time()
                sol = kabalsolve.solve(kabalsolve.numbered_deal("solvitaire", n), draw=draw,
                                       foundation_moves=True, max_states=args.settle_states)
                cpu.append(time.process_time() - t)
                if sol.result != v:
                    again += 1
                    print("deal %d: archive %s, kabalsolve now %s" % (n, v, sol.result))
            if cpu:
                print("kabalsolve again on the %d %s deals, CPU: %s" % (len(cpu), v, spread(cpu)))
    return 1 if disagree or again else 0


def spread(secs: List[float]) -> str:
    """Median, mean and largest of a list of seconds."""
    return "median %s, mean %s, largest %s" % tuple(
        _seconds(x) for x in (statistics.median(secs), statistics.mean(secs), max(secs)))


def _seconds(x: float) -> str:
    return "%.1f ms" % (x * 1000) if x < 0.1 else "%.2f s" % x


if __name__ == "__main__":
    sys.exit(main())
