"""The command line's archive parts: ``batch --archive DIR`` fills a verdict archive
(``kabalsolve.archive``) over a range of numbers, going on from what it holds;
``stats DIR`` prints an archive's tally beside a published table for the same deals,
and ``stats DIR --deal N`` one deal's verdict."""
from __future__ import annotations

import dataclasses
import json
import sys
import time
from concurrent.futures import Executor
from typing import Any, Dict, List, Optional, Tuple

import click

from ..archive import (CHECKPOINT_SECONDS, HARDEST, OWN_NUMBERING, PUBLISHED_NUMBERS, Archive,
                       ArchiveWriter, Decided, decide_chunk, decide_one, read_archive)
from ..batch import _run
from ..errors import OptionError
from ..games import klondike
from ..stats import wilson
from .progress import is_terminal

#: seconds between two lines of a run's log, when standard error is not a terminal
LOG_SECONDS = 300.0


def klondike_archive_rules(draw: int, passes: Optional[int], foundation_moves: bool,
                           variant: str) -> Dict[str, Any]:
    """The rules an archive of Klondike deals records (the Rules dataclass's fields)."""
    return dataclasses.asdict(klondike.Rules(draw=draw, foundation_moves=foundation_moves,
                                             passes=passes, variant=variant))


def fill(path: str, numbers: range, game: str, numbering: str, rules: Dict[str, Any],
         budgets: Dict[str, Any], executor: Optional[Executor],
         chunksize: Optional[int], max_pending: Optional[int], chunk_seconds: float,
         retry_unknown: bool, progress_cls: Any,
         lost_from: Optional[Archive] = None, checkpoint: Optional[float] = None
         ) -> Tuple[int, int, Dict[str, int], float]:
    """Solve the numbers the archive at ``path`` does not hold yet (and its unknowns
    with ``retry_unknown``) and record each as it comes.  ``lost_from``: an archive
    whose lost deals are lost here too (recorded without a search).  Returns the
    numbers asked, those already there, the verdicts of this run, its seconds."""
    t0 = time.perf_counter()
    with ArchiveWriter(path, game, numbering, rules,
                       checkpoint=CHECKPOINT_SECONDS if checkpoint is None else checkpoint
                       ) as writer:
        todo = writer.todo(numbers, retry_unknown)
        already = len(numbers) - len(todo)
        counts: Dict[str, int] = {}
        if lost_from is not None:
            rest: List[int] = []
            for n in todo:
                if lost_from.verdict(n) == "lost":
                    writer.record(n, "lost", decided_by="lost at draw %s, %s" % (
                        lost_from.rules.get("draw"), lost_from.path))
                    counts["lost"] = counts.get("lost", 0) + 1
                else:
                    rest.append(n)
            todo = rest
        options = dict(rules, **{k: v for k, v in budgets.items() if v is not None})
        records = _run(decide_one, decide_chunk, (game, numbering, options),
                       ((str(n), n) for n in todo), executor, chunksize, max_pending,
                       chunk_seconds)
        log = not is_terminal(sys.stderr)
        logged = time.perf_counter()
        with progress_cls(len(todo), already) as progress:
            for r in records:
                assert isinstance(r, Decided)
                writer.record(r.n, r.result, r.positions, r.cpu, r.table_bytes, r.rss_mb)
                counts[r.result] = counts.get(r.result, 0) + 1
                progress.add(r)
                if log and time.perf_counter() - logged >= LOG_SECONDS:
                    logged = time.perf_counter()
                    click.echo("batch: %d of %d deals solved (%s) in %.0f s" % (
                        progress.done, len(todo), progress.verdicts(), logged - t0),
                        err=True)
        progress.close()
    return len(numbers), already, counts, time.perf_counter() - t0


def rate_text(won: int, decided: int, lo: float, hi: float) -> str:
    rate = 100.0 * won / decided if decided else 0.0
    return "%.3f %% [%.3f, %.3f]" % (rate, 100 * lo, 100 * hi)


def summary(archive: Archive) -> Dict[str, Any]:
    """What ``stats --json`` prints for an archive."""
    c = archive.counts()
    d = c.to_dict()
    d.update(archive=archive.path, game=archive.game, numbering=archive.numbering,
             rules=archive.rules, **archive.effort())
    pub = archive.published()
    if pub is not None:
        source, won, lost, unknown = pub
        first, last = archive.published_range() or (0, -1)
        pfirst, plast = PUBLISHED_NUMBERS.get(source, (first, last))
        d["published"] = {"source": source, "first": pfirst, "last": plast,
                          "count": won + lost + unknown, "won": won, "lost": lost,
                          "unknown": unknown}
        inside = archive.counts(first, last)
        d["range"] = {"first": first, "last": last, "won": inside.won, "lost": inside.lost,
                      "unknown": inside.unknown}
        d["complete"] = inside.open == 0 and inside.count == last - first + 1
    last = archive.decided_through()
    d["prefix"] = dict(archive.counts(archive.first, last).to_dict(), first=archive.first,
                       last=last)
    del d["prefix"]["open"]
    d["hardest"] = archive.hardest()
    return d


def show(archive: Archive, as_json: bool, hardest: Optional[int] = None) -> None:
    """Print an archive's tally (and the published table beside it), and its
    ``hardest`` hardest deals."""
    d = summary(archive)
    if hardest is not None:
        d["hardest"] = archive.hardest(hardest)
    if as_json:
        click.echo(json.dumps(d, sort_keys=True))
        return
    c = archive.counts()
    lo, hi = c.interval()
    rules = rules_text(archive.rules)
    click.echo("%s: %s deals of the %s numbering (%s)" % (
        archive.path, archive.game, archive.numbering, rules))
    rows = [("", "count", "won", "lost", "unknown", "won of decided [95 % interval, unknowns both ways]")]
    rows.append(("this archive", "{:,}".format(c.count), "{:,}".format(c.won),
                 "{:,}".format(c.lost), "{:,}".format(c.unknown),
                 rate_text(c.won, c.won + c.lost, lo, hi)))
    pub = d.get("published")
    if pub:
        plo, _ = _wilson(pub["won"], pub["count"])
        _, phi = _wilson(pub["won"] + pub["unknown"], pub["count"])
        rows.append((pub["source"], "{:,}".format(pub["count"]), "{:,}".format(pub["won"]),
                     "{:,}".format(pub["lost"]), "{:,}".format(pub["unknown"]),
                     rate_text(pub["won"], pub["won"] + pub["lost"], plo, phi)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        click.echo("  ".join(x.ljust(widths[i]) if i in (0, len(r) - 1) else
                             x.rjust(widths[i]) for i, x in enumerate(r)).rstrip())
    if pub:
        first, last = d["range"]["first"], d["range"]["last"]
        if d["complete"]:
            head = "complete: all of the numbers %d..%d" % (first, last)
        else:
            head = "partial: %s of the %s numbers %d..%d in this archive" % (
                "{:,}".format(c.count), "{:,}".format(last - first + 1), first, last)
        if (pub["first"], pub["last"]) == (first, last):
            tail = "the published row is the whole range"
        else:
            common = max(0, min(last, pub["last"]) - max(first, pub["first"]) + 1)
            tail = "the published row is of its numbers %d..%d (%s in common)" % (
                pub["first"], pub["last"], "{:,}".format(common))
        click.echo("%s; %s" % (head, tail))
        if d["complete"]:
            mine = d["range"]
            click.echo("beside the published row: won %+d, lost %+d, unknown %+d" % (
                mine["won"] - pub["won"], mine["lost"] - pub["lost"],
                mine["unknown"] - pub["unknown"]))
    pre = d["prefix"]
    if 0 < pre["count"] < c.count:         # the numbers with none open, apart
        plo, phi = pre["interval"]
        # an unknown is not decided: its search ran out of budget
        click.echo("numbers %d..%d, %s: %s won, %s lost, %s unknown, %s" % (
            pre["first"], pre["last"], "none open" if pre["unknown"] else "all decided",
            "{:,}".format(pre["won"]), "{:,}".format(pre["lost"]),
            "{:,}".format(pre["unknown"]),
            rate_text(pre["won"], pre["won"] + pre["lost"], plo, phi)))
    e = archive.effort()
    skipped = e["without_search"] or 0
    rate = (c.count - skipped) / e["cpu_seconds"] if e["cpu_seconds"] else 0.0
    # a verdict recorded without a search (--lost-from) took no CPU time: the rate is
    # of the deals searched
    per = ("%.1f deals per CPU second over the %s searched; %s recorded without a "
           "search" % (rate, "{:,}".format(c.count - skipped), "{:,}".format(skipped))
           if skipped else "%.1f deals per CPU second" % rate)
    click.echo("effort: %.2f CPU hours (%.0f s, %s), %s positions, "
               "peak memory %.0f MiB in one process" % (
                   e["cpu_seconds"] / 3600, e["cpu_seconds"], per,
                   "{:,}".format(int(e["positions"])), e["peak_rss_mb"]))
    if hardest:
        click.echo("hardest deals (most positions; a block keeps its %d hardest):" % HARDEST)
        for h in d["hardest"]:
            click.echo(("  %-8d %-7s %12s positions  %8.1f s CPU  %7.1f MiB table" % (
                h["n"], h["result"], "{:,}".format(h["positions"]), h["cpu_seconds"],
                h["table_mb"]) + ("  (%s)" % h["decided_by"] if h.get("decided_by") else
                                  "")).rstrip())


def rules_text(rules: Dict[str, Any]) -> str:
    """Klondike rules as a person reads them: draw 1, unlimited passes, moves back from
    the foundations."""
    parts = ["danish" if rules.get("variant") == "danish" else None,
             "draw %s" % rules.get("draw"),
             "unlimited passes" if rules.get("passes") is None else
             "%s passes" % rules.get("passes"),
             "moves back from the foundations" if rules.get("foundation_moves") else
             "no moves back from the foundations"]
    return ", ".join(p for p in parts if p)


def _wilson(k: int, n: int) -> Tuple[float, float]:
    return wilson(k, n)


def stats_archives(paths: Tuple[str, ...], deal: Optional[int], as_json: bool,
                   hardest: Optional[int] = None) -> None:
    """``stats ARCHIVE...`` (and ``--deal N``)."""
    if deal is not None and len(paths) != 1:
        raise OptionError("--deal N reads one archive, not %d" % len(paths))
    if deal is not None and hardest is not None:
        raise OptionError("give --deal N or --hardest K, not both")
    for path in paths:
        archive = read_archive(path)
        if deal is None:
            show(archive, as_json, hardest)
            continue
        if deal < archive.first:
            raise OptionError("--deal %d: this archive's numbers start at %d"
                              % (deal, archive.first))
        verdict = archive.verdict(deal) or "open"
        if as_json:
            click.echo(json.dumps({"deal": deal, "verdict": verdict,
                                   "archive": archive.path}))
        else:
            click.echo("%s (deal %d of the %s numbering, %s)" % (
                verdict, deal, archive.numbering,
                "not decided in this archive yet" if verdict == "open" else archive.path))


def numbering_of(name: Optional[str]) -> str:
    """The numbering an archive is made in: kabalsolve's own seeds (no --numbering), or
    the program ``name`` of ``kabalsolve.numbering``."""
    return OWN_NUMBERING if name is None else name
