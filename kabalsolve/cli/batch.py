"""``kabalsolve batch``: many deals, in parallel, one JSON line each as it finishes.

Inputs are named by ids (``file:PATH`` with a file's path as given, ``seed:N``, or
``NAME:N`` for another program's deal N, ``--numbering NAME``); the
deals are read here, in the order given, and sent in chunks to worker processes or a Dask cluster
(``kabalsolve.batch.solve_many``; with ``--play``, ``play_many``, which plays each
Klondike deal without peeking).  Every line is flushed as it is written, so Ctrl-C,
a crash or a full disk leaves a results file that ``--resume`` continues.
"""
from __future__ import annotations

import importlib
import logging
import os
import signal
import sys
import time
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple, Union

import click

from ..archive import read_archive
from ..batch import (CHUNK_SECONDS, BatchResult, PlayRecord, cores, end_with_parent,
                     play_many, play_settings, solve_many, solve_one)
from ..dealfile import read_file
from ..digits import span
from ..errors import KabalError, OptionError
from ..formats.syntax import clip
from ..games import GAMES, NAMES, acesup, game_named, klondike
from ..games.acesup import cli as acesup_cli
from ..games.klondike import cli as klondike_cli
from ..games.klondike import player
from ..numbering import FACTORIAL_52, SCHEMES, is_spec, scheme, spec, spec_deal
from ..results import (FILE_PREFIX, PLAY, SEED_PREFIX, SOLVE, Existing, describe_rules,
                       open_results)
from . import archive as archive_cli
from .options import (MAX_MEMORY_HELP, MAX_MEMORY_TYPE, MAX_STATES_TYPE, Seconds, Whole,
                      acesup_rules, fail, klondike_rules)
from .progress import Progress

#: the Klondike objectives a batch records (their lines carry the objective's result)
BATCH_OBJECTIVES = ("win", "max-foundation")

#: the most seeds one run takes: the ids of a run are held in memory
MAX_SEEDS = 10**7

#: seconds of solving per task on Dask: each task costs the scheduler and the client
#: a few milliseconds of CPU in the main process.  Measured on a local cluster of two
#: workers on two cores, at draw 3 (the main process's share of a core): a quarter of
#: a second a task, 9.8 %; a second, 7.3 %; a second and LOCAL_DASK_CONFIG, 2.9 %.
DASK_CHUNK_SECONDS = 1.0

#: Dask settings for the local cluster of --dask.  Its default housekeeping (each
#: server's event-loop tick every 20 ms, memory checks every 100 ms, the workers'
#: statistical profiler every 10 ms) kept 11-12 % of a core busy with the cluster idle
#: (two workers; 1.6 % with these), CPU taken from the workers where each has a core.
#: The cost: the dashboard's profile page stays empty.
LOCAL_DASK_CONFIG = {"distributed.admin.tick.interval": "1s",
                     "distributed.worker.memory.monitor-interval": "1s",
                     "distributed.admin.system-monitor.interval": "2s",
                     "distributed.worker.profile.enabled": False}


def parse_seeds(text: str, numbering: Optional[str] = None) -> range:
    """``A-B`` (both included) or one seed ``N``, in ASCII digits; at most MAX_SEEDS.
    The numbers are our seeds, or those of ``numbering`` (its own range)."""
    first, last, top = 0, 2**64 - 1, "2**64 - 1"
    if numbering is not None:
        s = scheme(numbering)
        first, last = s.lo, s.hi
        top = "52! - 1" if last == FACTORIAL_52 - 1 else str(last)
    got = span(text, first, last)
    if got is None:
        raise OptionError("--seeds takes A-B (e.g. 1-1000) or one number, each from %d to "
                          "%s%s, not %r" % (first, top, "" if numbering is None else
                                            " (the %s numbers)" % numbering, clip(text)))
    lo, hi = got
    if hi < lo:
        raise OptionError("--seeds %s: give %d <= A <= B %s" % (
            text, first, "< 2**64" if numbering is None else "<= " + top))
    if hi - lo >= MAX_SEEDS:
        raise OptionError("--seeds %s: at most %d deals in one run (go on with the next "
                          "range and --resume)" % (text, MAX_SEEDS))
    return range(lo, hi + 1)


def deal_paths(inputs: Tuple[str, ...], skip: Optional[str]) -> List[str]:
    """The deal files named, normalised (``./d/a.txt`` is ``d/a.txt``, so that ids
    match on --resume): files as given, directories walked in name order (hidden files
    and the results file itself left out)."""
    paths: List[str] = []
    skip_real = os.path.realpath(skip) if skip else None
    for name in inputs:
        if os.path.isdir(name):
            for root, dirs, files in os.walk(name):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for f in sorted(files):
                    p = os.path.join(root, f)
                    if not f.startswith(".") and os.path.realpath(p) != skip_real:
                        paths.append(os.path.normpath(p))
        elif os.path.exists(name):
            paths.append(os.path.normpath(name))
        else:
            raise OptionError("%s: no such file or directory" % name)
    return paths


def seed_deal_maker(game: str) -> Any:
    """The function giving deal number N of ``game`` (its ``Deal.from_seed``)."""
    return game_named(game).from_seed


def read_deals(ids: List[str], game: str,
               own_rules: Optional[Callable[[Any], Any]] = None) -> Iterator[Tuple[str, Any]]:
    """(id, deal) for each id, read as it is needed (a bad file stops the run there).
    A file that states its rules (a position) goes through ``own_rules``: the rule
    options given complete them, and one that contradicts them is an error naming the
    file."""
    make = None
    for deal_id in ids:
        if deal_id.startswith(FILE_PREFIX):
            d = read_file(deal_id[len(FILE_PREFIX):])
            if own_rules is not None and isinstance(d, (klondike.Position,
                                                        acesup.Position)):
                try:
                    d = own_rules(d)
                except KabalError as e:
                    raise OptionError("%s: %s" % (deal_id[len(FILE_PREFIX):], e)) from None
            yield deal_id, d
        elif is_spec(deal_id):
            yield deal_id, spec_deal(deal_id)[2]
        else:
            make = make or seed_deal_maker(game)
            yield deal_id, make(int(deal_id[len(SEED_PREFIX):]))


def check_mode(done: Existing, mode: str, out: str) -> None:
    """--resume goes on with lines of the same kind: a deal solved is no game played,
    and its id in the file must not stop the deal from being played (nor the other way
    round)."""
    if done.mode_clash(mode) == SOLVE:
        raise OptionError("%s holds deals solved, not games played without peeking: "
                          "resume it without --play, or give another --out" % out)
    if done.mode_clash(mode) == PLAY:
        raise OptionError("%s holds games played without peeking: resume it with --play "
                          "and its settings, or give another --out" % out)


def check_seed_game(done: Existing, game: str, out: str) -> None:
    """--resume --seeds goes on with deals of the file's game: ``seed:N`` of another
    game is another deal, which the file's line must not pass for."""
    others = sorted(done.seed_games - {game})
    if others:
        raise OptionError("%s holds seeded deals of %s, not of %s: give --game %s, or "
                          "another --out" % (out, " and ".join(GAMES[g].title for g in others),
                                             GAMES[game].title, others[0]))


def check_rules(done: Existing, r: Union[BatchResult, PlayRecord], out: str) -> None:
    """--resume goes on with the same rules: ids are solved once, so lines of one game
    under two rule sets would be two half runs, not one.  Games played keep to the
    player's settings as well."""
    if r.mode == PLAY:
        check_settings(done, r.game, r.settings(), out)
        return
    other = done.clash(r.game, r.rules)
    if other:
        raise OptionError("%s holds %s lines solved under other rules (%s), not %s: give "
                          "those rules, or another --out" % (
                              out, r.game, other, describe_rules(r.rules).strip(" ()")))


def check_settings(done: Existing, game: str, settings: Dict[str, Any], out: str) -> None:
    """--resume --play goes on with the rules and the player's settings of the file."""
    have, want = done.play_clash(game, settings)
    if have or want:
        raise OptionError("%s holds %s games played under other settings (%s), not %s: "
                          "give those, or another --out" % (out, game, have, want))


def check_resumed_rules(done: Existing, first: Tuple[str, Any], rules: Dict[str, Any],
                        out: str) -> None:
    """--resume checks the rules before anything is solved, so that other rules are
    refused even when no deal is left to solve: the run's first deal, searched for one
    position (``solve_one`` with max_states=1), gives the rules its line would record."""
    deal_id, deal = first
    probe = solve_one(deal_id, deal, dict(rules, max_states=1, timeout=None), False)
    check_rules(done, probe, out)


class BatchProgress(Progress):
    """The progress bar of a batch, with the verdicts so far as its note, and the
    closing line, which is printed on standard error whether it is a terminal or not."""

    def __init__(self, total: int, skipped: int, done: str = "solved") -> None:
        super().__init__(total, "batch")
        self.skipped = skipped
        self.counts: Dict[str, int] = {}
        self.what = done

    def add(self, r: Union[BatchResult, PlayRecord]) -> None:
        self.counts[r.result] = self.counts.get(r.result, 0) + 1
        self.advance(note=self.verdicts())

    def verdicts(self) -> str:
        kinds = ("won", "lost") if self.what == "played" else ("won", "lost", "unknown")
        return ", ".join("%d %s" % (self.counts.get(v, 0), v) for v in kinds)

    def finish(self, where: str) -> None:
        self.close()
        skipped = "; %d already in %s" % (self.skipped, where) if self.skipped else ""
        click.echo("batch: %d deals %s (%s) in %.1f s%s" % (
            self.done, self.what, self.verdicts(), time.perf_counter() - self.t0,
            skipped), err=True)


#: the options of batch that do not apply to --play (the player has no time or memory
#: budget: its searches are bounded in positions, so that its games do not vary)
NOT_PLAY = ("objective", "timeout", "max_memory_mb", "retry_unknown", "verdict_only",
            "strict", "discard_first")


def check_play_options(ctx: click.Context, game: str, variant: str) -> None:
    """--play plays classic Klondike deals: refuse another game, the danish variant and
    the options that do not apply."""
    if game != "klondike":
        raise fail("--play plays Klondike only, not %s" % GAMES[game].title)
    if variant == "danish":
        raise fail("--play plays classic Klondike, not the danish variant")
    for name in NOT_PLAY:
        if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE:
            raise fail("--%s does not apply to --play" % (
                "max-memory" if name == "max_memory_mb" else name.replace("_", "-")))


def _worker_start(parent: int) -> None:
    """Worker processes leave Ctrl-C to the main process, which stops them itself, and
    end when it does, however it ends (SIGKILL gives it no chance to stop them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    end_with_parent(parent)


class WorkerPool(ProcessPoolExecutor):
    """A process pool that, leaving a ``with`` block by an exception (Ctrl-C, a bad deal
    file), ends its workers at once rather than waiting for them: a hard deal in
    progress could otherwise keep the command alive for minutes.  Leaving normally, it
    waits for them as usual (so their CPU time is counted in the parent's)."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers, initializer=_worker_start, initargs=(os.getpid(),))

    def __exit__(self, kind: Any, value: Any, tb: Any) -> Optional[bool]:
        if kind is None:
            return super().__exit__(kind, value, tb)
        # the pool's thread that watches the workers: see below
        manager = getattr(self, "_executor_manager_thread", None)
        stop = getattr(self, "terminate_workers", None)     # Python 3.14
        if stop is not None:
            stop()
        else:
            # before 3.14 the pool's process table is the only handle on its workers
            procs = dict(getattr(self, "_processes", None) or {})
            self.shutdown(wait=False, cancel_futures=True)
            for p in procs.values():
                p.terminate()
        # That thread closes its wake-up pipe once it sees the workers gone, and Python,
        # exiting, writes to that pipe: at the same moment, the write fails (a bad file
        # descriptor) and Python prints a traceback after the command's own error line.
        # The workers are ending, so the thread ends at once; a second is plenty.
        if manager is not None and manager.is_alive():
            manager.join(1.0)
        return None


def dask_executor(stack: ExitStack, scheduler: Optional[str], jobs: int) -> Tuple[Executor, int]:
    """A Dask client's executor (on the given scheduler, or on a new local cluster of
    ``jobs`` one-thread worker processes) and the number of worker threads it has."""
    try:   # imported by name: an optional extra, so mypy --strict may not see it
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise OptionError("Dask is not installed: install the extra, e.g. "
                          "python -m pip install 'kabalsolve[dask]'")
    if scheduler:
        try:
            client = stack.enter_context(distributed.Client(scheduler, timeout="10s"))
        except (OSError, TimeoutError, ValueError) as e:   # ValueError: a bad address
            raise OptionError("cannot reach the Dask scheduler %s: %s" % (scheduler, e))
    else:
        stack.enter_context(importlib.import_module("dask").config.set(LOCAL_DASK_CONFIG))
        # the dashboard on a free port (a fixed one may be another cluster's), on the
        # loopback interface only: it has no login, and shows the deals and the code
        cluster = stack.enter_context(distributed.LocalCluster(
            n_workers=jobs, threads_per_worker=1, processes=True,
            dashboard_address="127.0.0.1:0",
            silence_logs=logging.ERROR))       # no warnings about tasks cut by Ctrl-C
        client = stack.enter_context(distributed.Client(cluster))
        if sys.stderr.isatty():
            click.echo("Dask dashboard: %s" % client.dashboard_link, err=True)
    threads = sum(client.nthreads().values()) or 1
    return client.get_executor(), threads


def workers(stack: ExitStack, scheduler: Optional[str], use_dask: bool, jobs: Optional[int]
            ) -> Tuple[Optional[Executor], Optional[int], float]:
    """Where a batch's deals are solved: (executor, the most tasks to keep pending, the
    seconds of work a task should hold).  A Dask cluster (``--scheduler`` or ``--dask``)
    keeps two tasks a worker thread pending, of longer chunks; otherwise a pool of worker
    processes, or none (in this process) for one job."""
    if scheduler or use_dask:
        executor, threads = dask_executor(stack, scheduler, jobs or cores())
        return executor, 2 * threads, DASK_CHUNK_SECONDS
    if (jobs or cores()) > 1:
        return stack.enter_context(WorkerPool(jobs or cores())), None, CHUNK_SECONDS
    return None, None, CHUNK_SECONDS


@click.command(short_help="Solve many deals in parallel into a results file.")
@click.argument("inputs", nargs=-1, metavar="INPUT...")
@click.option("--seeds", metavar="A-B", default=None,
              help="Deals number A to B (both included) of --game, with ids seed:N.")
@click.option("--game", type=click.Choice(NAMES), default="klondike",
              show_default=True, help="The game of the --seeds deals.")
@click.option("--numbering", type=click.Choice(list(SCHEMES)), default=None,
              help="The --seeds numbers are another program's Klondike deal numbers "
                   "(ids NAME:N): %s." % ", ".join(SCHEMES))
@klondike_rules
@click.option("--vegas", is_flag=True,
              help="Klondike: Vegas rules (one pass with draw 1, three passes otherwise).")
@click.option("--objective", type=click.Choice(list(BATCH_OBJECTIVES)), default="win",
              show_default=True,
              help="Klondike: win, or also the most cards that can reach the foundations "
                   "(each line then gives it, its Vegas score and whether it is proved).")
@acesup_rules
@click.option("--verdict-only", is_flag=True,
              help="Aces Up: won or lost only, without proving each deal's best score "
                   "(far faster; the line's rules say so).")
@click.option("--play", "play_games", is_flag=True,
              help="Klondike: play each deal once without peeking at the face-down "
                   "cards (as 'kabalsolve play' does) instead of solving it; each line "
                   "says won or lost and how the game ended.")
@click.option("--stock-known", is_flag=True,
              help="With --play: the stock's order is known from the start; by default "
                   "a stock card is unknown until it is turned.")
@click.option("--samples", type=Whole(1, player.MAX_SAMPLES), default=None, metavar="N",
              help="With --play: random deals of the unseen cards the player weighs "
                   "each choice on (default %d)." % player.SAMPLES)
@click.option("--player-seed", type=Whole(0, 2**64 - 1), default=None, metavar="N",
              help="With --play: seeds the player's random deals, the same for every "
                   "deal; the same seed plays the same games (default 0).")
@click.option("--max-states", type=MAX_STATES_TYPE, default=None, metavar="N",
              help="Per deal: stop after this many positions (the line says unknown; "
                   "default: no limit).  With --play: the positions each of the "
                   "player's searches may visit (default %d)." % player.MAX_STATES)
@click.option("--timeout", type=Seconds(), default=None, metavar="SECONDS",
              help="Per deal: stop after this many seconds (the line says unknown; "
                   "default: no limit).")
@click.option("--max-memory", "max_memory_mb", type=MAX_MEMORY_TYPE, default=None,
              metavar="MIB", help=MAX_MEMORY_HELP + " Per deal, in each worker.")
@click.option("--jobs", "-j", type=Whole(1, 1024), default=None, metavar="N",
              help="Worker processes (default: all cores; 1 solves in this process).")
@click.option("--out", "-o", default="-", show_default=True, metavar="FILE|-",
              help="The results file (JSON lines), or - for standard output.")
@click.option("--archive", "archive", metavar="DIR", default=None,
              help="Record each --seeds deal's verdict in this archive (two bits a "
                   "deal, blocks of 100,000 numbers), going on from what it holds; "
                   "instead of --out.")
@click.option("--checkpoint", type=Seconds(), default=None, metavar="SECONDS",
              help="With --archive: the longest the deals decided are kept before their "
                   "block is written again (default 60); a run stopped by force solves "
                   "again at most this much.")
@click.option("--lost-from", metavar="DIR", default=None,
              help="With --archive at draw 2 or more: the deals lost in this draw-1 "
                   "archive of the same deals and rules are lost here too, without a "
                   "search.")
@click.option("--resume", is_flag=True,
              help="Go on with --out: skip the ids already in it (a torn last line is "
                   "cut off and solved again).")
@click.option("--retry-unknown", is_flag=True,
              help="With --resume: solve again the deals whose line says unknown, or "
                   "whose best score or foundation count is not proved (after an upgrade, "
                   "or with a bigger --max-states or --timeout); stats counts each deal "
                   "by its last line.")
@click.option("--solutions", is_flag=True,
              help="Put each deal's full solution JSON in its line (with --play: the "
                   "game's JSON, its moves included, as \"play\").")
@click.option("--chunksize", type=Whole(1, 10**6), default=None, metavar="N",
              help="Deals sent to a worker at a time (default: as many as take about "
                   "0.05 s to solve, 1 s on Dask, from the deals solved so far).")
@click.option("--scheduler", metavar="tcp://HOST:PORT", default=None,
              help="Solve on this Dask cluster (needs kabalsolve[dask]).")
@click.option("--dask", "use_dask", is_flag=True,
              help="Solve on a Dask cluster started here with --jobs workers.")
@click.pass_context
def batch(ctx: click.Context, inputs: Tuple[str, ...], seeds: Optional[str], game: str,
          numbering: Optional[str],
          draw: int, passes: Optional[int], no_foundation_moves: bool, variant: str,
          vegas: bool, objective: str, strict: bool, discard_first: bool,
          verdict_only: bool, play_games: bool, stock_known: bool, samples: Optional[int],
          player_seed: Optional[int], max_states: Optional[int], timeout: Optional[float],
          max_memory_mb: Optional[int], jobs: Optional[int],
          out: str, archive: Optional[str], checkpoint: Optional[float],
          lost_from: Optional[str],
          resume: bool, retry_unknown: bool, solutions: bool,
          chunksize: Optional[int],
          scheduler: Optional[str], use_dask: bool) -> None:
    """Solve many deals: INPUT files, directories of deal files, and/or --seeds A-B.

    \b
    Examples:
      kabalsolve batch deals/ -o results.jsonl
      kabalsolve batch --seeds 1-10000 --timeout 60 -o r.jsonl
      kabalsolve batch --seeds 1-10000 --timeout 60 -o r.jsonl --resume
      kabalsolve batch --seeds 1-10000 -o r.jsonl --resume --retry-unknown
      kabalsolve stats r.jsonl
      kabalsolve batch --seeds 1-1000 --vegas --objective max-foundation
      kabalsolve batch --seeds 1-1000 --play --stock-known -o played.jsonl
      kabalsolve batch --numbering solvitaire --seeds 0-999 --draw 1 -o s.jsonl

    One JSON line per deal, written as it finishes: id, game, rules, result, moves,
    states, seconds (with --objective max-foundation also foundation, vegas and
    proved; Aces Up without --verdict-only also score and proved).  With --play: id,
    game, "mode": "play", rules, player (model, seed, samples, max_states), result,
    ended, moves, searches, seconds.  Exit status 0 when every deal has its line.
    """
    if archive is not None or lost_from is not None or checkpoint is not None:
        return batch_archive(ctx, archive, numbering, checkpoint, lost_from, inputs, seeds,
                             game, draw, passes, no_foundation_moves, variant, max_states,
                             timeout, max_memory_mb, jobs, retry_unknown, chunksize,
                             scheduler, use_dask)
    if play_games:
        check_play_options(ctx, game, variant)
    else:
        given = [p for p in ("stock_known", "samples", "player_seed")
                 if ctx.get_parameter_source(p) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise fail("--%s sets the player of --play: give --play too"
                       % given[0].replace("_", "-"))
    if numbering is not None:
        if seeds is None:
            raise fail("--numbering names the numbers of --seeds: give --seeds A-B too")
        if game != "klondike":
            raise fail("--numbering numbers Klondike deals, not %s" % GAMES[game].title)
    if not inputs and seeds is None:
        raise fail("nothing to %s: give deal files, directories or --seeds A-B"
                   % ("play" if play_games else "solve"))
    if resume and out == "-":
        raise fail("--resume goes on with a results file: give --out FILE too")
    if out != "-" and os.path.isdir(out):
        raise fail("%s is a directory: --out takes the name of the results file, e.g. %s"
                   % (out, os.path.join(out, "results.jsonl")))
    if retry_unknown and not resume:
        raise fail("--retry-unknown solves again the unknowns of a results file: give "
                   "--resume and --out FILE too")
    if scheduler and use_dask:
        raise fail("give --scheduler or --dask, not both")
    if vegas:
        if passes is not None:
            raise fail("--vegas sets the passes itself: give --vegas or --passes, not both")
        passes = 1 if draw == 1 else 3
    rules: Dict[str, Any] = dict(draw=draw, passes=passes,
                                 foundation_moves=not no_foundation_moves,
                                 variant=variant, objective=objective,
                                 strict=strict, discard_first=discard_first,
                                 max_states=max_states, timeout=timeout,
                                 max_memory_mb=max_memory_mb)
    if verdict_only:
        rules["best_score"] = False

    def own_rules(d: Any) -> Any:
        """A file's position under its own rules and the rule options given here."""
        if d.game == acesup.NAME:
            return acesup_cli.with_rules(d, strict, discard_first)
        return klondike_cli.with_rules(d, draw, passes, not no_foundation_moves,
                                       None if play_games else variant)

    options = dict(draw=draw, passes=passes, foundation_moves=not no_foundation_moves,
                   stock_known=stock_known, seed=player_seed or 0,
                   samples=samples or player.SAMPLES,
                   max_states=max_states or player.MAX_STATES)
    with ExitStack() as stack:
        try:
            paths = deal_paths(inputs, out if out != "-" else None)
            ids = [FILE_PREFIX + p for p in paths]
            if numbering is not None and seeds is not None:
                ids += [spec(numbering, s) for s in parse_seeds(seeds, numbering)]
            elif seeds is not None:
                seed_deal_maker(game)
                ids += [SEED_PREFIX + str(s) for s in parse_seeds(seeds)]
            if out == "-":
                sink: Any = sys.stdout
                done = Existing()
            else:
                sink, done = open_results(out, resume)
                stack.enter_context(sink)
            ids = list(dict.fromkeys(ids))        # a deal named twice is solved once
            if seeds is not None:
                check_seed_game(done, game, out)
            check_mode(done, PLAY if play_games else SOLVE, out)
            if play_games:
                check_settings(done, "klondike", play_settings(options), out)
            elif done.rules and ids:
                check_resumed_rules(done, next(read_deals(ids[:1], game, own_rules)),
                                    rules, out)
            todo = [i for i in ids if i not in done.ids
                    or (retry_unknown and i in done.unknown)]
            executor, pending, chunk_seconds = workers(stack, scheduler, use_dask, jobs)
            deals = read_deals(todo, game, own_rules)
            checked: Set[str] = set()
            records: Iterator[Union[BatchResult, PlayRecord]] = (
                play_many(deals, executor=executor, chunksize=chunksize,
                          chunk_seconds=chunk_seconds, games=solutions,
                          max_pending=pending, **options) if play_games else
                solve_many(deals, executor=executor, chunksize=chunksize,
                           chunk_seconds=chunk_seconds, solution=solutions,
                           max_pending=pending, **rules))
            with BatchProgress(len(todo), len(ids) - len(todo),
                               "played" if play_games else "solved") as progress:
                for r in records:
                    if r.game not in checked:
                        check_rules(done, r, out)
                        checked.add(r.game)
                    sink.write(r.to_json() + "\n")
                    sink.flush()
                    progress.add(r)
            progress.finish(out)
        except KabalError as e:
            raise fail(str(e))
        except BrokenExecutor:
            raise fail("a worker process died; the lines written so far are kept "
                       "(run again with --resume to go on)")
        except OSError as e:
            if out == "-":
                raise       # standard output: the command's own output fault (cli.main)
            raise fail("%s: cannot write: %s (the lines before are kept: run again with "
                       "--resume to go on)" % (out, e.strerror or e))


#: the options of batch that do not go with --archive (it holds verdicts only)
NOT_ARCHIVE = ("out", "resume", "solutions", "play_games", "objective", "vegas",
               "stock_known", "samples", "player_seed", "verdict_only", "strict",
               "discard_first")


def batch_archive(ctx: click.Context, archive: Optional[str], numbering_name: Optional[str],
                  checkpoint: Optional[float],
                  lost_from: Optional[str],
                  inputs: Tuple[str, ...], seeds: Optional[str], game: str, draw: int,
                  passes: Optional[int], no_foundation_moves: bool, variant: str,
                  max_states: Optional[int], timeout: Optional[float],
                  max_memory_mb: Optional[int], jobs: Optional[int], retry_unknown: bool,
                  chunksize: Optional[int], scheduler: Optional[str],
                  use_dask: bool) -> None:
    """``batch --seeds A-B --archive DIR``: the verdicts of numbers A..B into an
    archive (kabalsolve.archive), on worker processes or Dask, going on from what the
    archive holds; --retry-unknown solves its unknowns again (with bigger budgets)."""
    if archive is None:
        raise fail("--%s goes with --archive DIR"
                   % ("lost-from" if lost_from is not None else "checkpoint"))
    for name in NOT_ARCHIVE:
        if ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE:
            raise fail("--%s does not go with --archive (it holds verdicts only)"
                       % {"play_games": "play", "out": "out"}.get(name, name).replace("_", "-"))
    if inputs or seeds is None:
        raise fail("--archive records numbered deals: give --seeds A-B and no deal files")
    if game != "klondike":
        raise fail("--archive records Klondike deals, not %s" % GAMES[game].title)
    if scheduler and use_dask:
        raise fail("give --scheduler or --dask, not both")
    with ExitStack() as stack:
        try:
            numbers = parse_seeds(seeds, numbering_name)
            numbering = archive_cli.numbering_of(numbering_name)
            rules = archive_cli.klondike_archive_rules(draw, passes, not no_foundation_moves,
                                                       variant)
            lost = None
            if lost_from is not None:
                lost = read_archive(lost_from)
                want = dict(rules, draw=1)
                if draw == 1 or lost.rules != want or lost.numbering != numbering or \
                        lost.game != game or rules["passes"] is not None:
                    raise OptionError(
                        "--lost-from %s: a deal lost at draw 1 is lost at draw %d only with "
                        "unlimited passes and the same deals: give a draw-1 archive of the "
                        "%s numbering with rules %s" % (
                            lost_from, draw, numbering,
                            ", ".join("%s=%s" % kv for kv in sorted(want.items()))))
            executor, pending, chunk_seconds = workers(stack, scheduler, use_dask, jobs)
            asked, already, counts, seconds = archive_cli.fill(
                archive, numbers, game, numbering, rules,
                dict(max_states=max_states, timeout=timeout, max_memory_mb=max_memory_mb),
                executor, chunksize, pending, chunk_seconds, retry_unknown,
                BatchProgress, lost, checkpoint)
        except KabalError as e:
            raise fail(str(e))
        except BrokenExecutor:
            raise fail("a worker process died; the archive keeps what was written (run "
                       "the same command again to go on)")
        except OSError as e:
            raise fail("%s: cannot write: %s (run the same command again to go on)"
                       % (archive, e.strerror or e))
    done = asked - already
    click.echo("batch: %d deals solved (%s) in %.1f s; %d already in %s" % (
        done, ", ".join("%d %s" % (counts.get(v, 0), v) for v in ("won", "lost", "unknown")),
        seconds, already, archive), err=True)
