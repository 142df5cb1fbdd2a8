"""Many deals at once: ``solve_many`` sends deals in chunks to any Executor.

Why chunks: one task per deal would cost more to send than most deals take to solve
(the median Klondike deal is decided in well under a millisecond), so deals travel in
lists of ``chunksize`` and each task returns the small result records of its list.
Why any ``concurrent.futures.Executor``: a ``ProcessPoolExecutor`` on one machine and
a Dask cluster (``distributed.Client(...).get_executor()``) then run the same code, so
the local run is a faithful test of the distributed one.

Nothing here knows a game: a deal goes to ``kabalsolve.solve(deal, **rules)``, and the
record is made from what every solution has (``game``, ``result``, ``moves``, ``stats``
and, for games with options, a ``rules`` dataclass).  ``solution=True`` adds the full
``Solution.to_dict()``, left out by default because making it (scores are replayed)
costs more than most solves.

``play_many`` sends Klondike deals the same way to ``kabalsolve.play``, the player that
does not peek, and yields a ``PlayRecord`` per game: the same chunks, executors and
results files, with records that say they are games played (``"mode": "play"``).
"""
from __future__ import annotations

import ctypes
import dataclasses
import itertools
import json
import os
import signal
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from typing import (Any, Callable, ClassVar, Dict, Iterable, Iterator, List, Optional,
                    Protocol, Set, Tuple, TypeVar)

from . import _core
from .api import play, solve
from .errors import KabalError, OptionError
from .games import GAMES, acesup, klondike
from .games.klondike import player as klondike_player
from .games.klondike.view import AS_DEALT, STOCK_KNOWN
from .results import PLAY, SOLVE, vegas_score

#: seconds of solving a task should hold when the chunk size adapts: enough that the
#: cost of sending a task (a fraction of a millisecond to a local process, a few
#: milliseconds to a Dask worker) stays in the noise, little enough that workers share
#: the end of a run evenly and lines come out steadily
CHUNK_SECONDS = 0.05

#: the largest chunk an adapting size reaches (Clock deals take microseconds each)
MAX_CHUNKSIZE = 1000

#: before the mean solve time is known it is guessed high, as if PRIOR_DEALS deals had
#: taken PRIOR_SECONDS: solve times are heavy-tailed (most Klondike deals take under a
#: millisecond, a few take seconds), so the first cheap deals would otherwise make
#: chunks of a hundred that lump the hard deals together on one worker
PRIOR_DEALS, PRIOR_SECONDS = 10, 1.0

#: the freed table arrays a process running batch chunks keeps for its next deals (see
#: keep_tables): a worker solving hard deal after hard deal would otherwise have the
#: kernel fault in and clear every page of every table afresh (six hard Aces Up losses
#: in one process: 20.5 s of CPU without, 19.3 s with; README, "Batch solving")
KEEP_TABLE_MB = 512

#: solve() keywords that are budgets, not rules: they shape the search, not the game
BUDGETS = ("max_states", "timeout", "max_memory_mb")

#: the rule keywords of each game: a batch may mix games, and each deal gets its own
#: the rule options each game's solve takes (the registry's)
GAME_RULES = {name: g.options for name, g in GAMES.items()}
#: the keywords a position carries itself (the others, such as objective, still apply)
POSITION_RULES = klondike.RULE_KEYWORDS + acesup.RULE_KEYWORDS


@dataclass(frozen=True)
class BatchResult:
    """One deal's line in a results file.

    ``id`` names the deal (a file path, ``seed:N``, ...); ``rules`` are the game's rule
    options as the solver used them (``{}`` for Clock); ``result`` is won, lost or
    unknown; ``moves`` the length of the winning line (Clock: cards turned); ``states``
    and ``seconds`` the solver's effort (the whole ``solve`` call); ``stopped_by`` which
    budget ran out (unknown only); ``solution`` the full solution dict when asked for.
    Klondike with ``objective="max-foundation"`` (recorded in ``rules``, so a resumed
    file keeps to one objective): ``foundation`` the most cards that reached the
    foundations, ``proved`` whether the search proved no line gets more; the line
    also gives the Vegas score that count makes (``vegas_score``).  Aces Up with its
    best score (the default, not ``best_score=False``): ``score`` the most cards
    discarded by a line found, ``proved`` whether no line discards more."""
    id: str
    game: str
    rules: Dict[str, Any]
    result: str
    moves: int
    states: int
    seconds: float
    stopped_by: Optional[str] = None
    solution: Optional[Dict[str, Any]] = None
    foundation: Optional[int] = None
    proved: Optional[bool] = None
    score: Optional[int] = None
    mode: ClassVar[str] = SOLVE

    def settings(self) -> Dict[str, Any]:
        """What the line was made under (``results.settings_of``): the rules."""
        return self.rules

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"id": self.id, "game": self.game, "rules": self.rules,
                             "result": self.result, "moves": self.moves,
                             "states": self.states, "seconds": round(self.seconds, 6)}
        if self.foundation is not None:
            d["foundation"] = self.foundation
            d["vegas"] = vegas_score(self.foundation)
            d["proved"] = bool(self.proved)
        if self.score is not None:
            d["score"] = self.score
            d["proved"] = bool(self.proved)
        if self.stopped_by:
            d["stopped_by"] = self.stopped_by
        if self.solution is not None:
            d["solution"] = self.solution
        return d

    def to_json(self) -> str:
        """The record as one line of JSON (no newline)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(", ", ": "))


def solve_one(deal_id: str, deal: Any, rules: Dict[str, Any],
              solution: bool = False) -> BatchResult:
    """Solve one deal and make its record; a solver error names the deal.  A position
    (a file that states its rules) is solved at the rules it carries: the rule options
    are for the deals."""
    mine = GAME_RULES.get(getattr(deal, "game", ""), ())
    if isinstance(deal, (klondike.Position, acesup.Position)):
        mine = tuple(k for k in mine if k not in POSITION_RULES)
    try:
        sol = solve(deal, **{k: v for k, v in rules.items() if k in BUDGETS or k in mine})
    except KabalError as e:
        raise KabalError("%s: %s" % (deal_id, e)) from None
    sol_rules = getattr(sol, "rules", None)
    used: Dict[str, Any] = {}
    if dataclasses.is_dataclass(sol_rules) and not isinstance(sol_rules, type):
        used = dataclasses.asdict(sol_rules)
    extra = getattr(sol, "extra", {})
    objective = rules.get("objective") if "objective" in mine else None
    if objective not in (None, "win"):
        used["objective"] = objective     # the default stays out: older files match
    if "best_score" in mine and rules.get("best_score") is False:
        used["best_score"] = False        # Aces Up verdicts only (the default stays out)
    found = extra.get("foundation")
    proved = bool(extra.get("foundation_proved")) if isinstance(found, int) else None
    score = None
    if sol.game == "acesup" and rules.get("best_score") is not False:
        score, proved = sol.score(), bool(sol.score_proved)
    return BatchResult(id=deal_id, game=sol.game, rules=used, result=sol.result,
                       moves=len(sol.moves), states=sol.stats.states,
                       seconds=sol.stats.seconds,
                       stopped_by=getattr(sol, "stopped_by", None),
                       solution=sol.to_dict() if solution else None,
                       foundation=found if isinstance(found, int) else None,
                       proved=proved, score=score)


def keep_tables(max_mb: int) -> int:
    """Let this process keep up to ``max_mb`` MiB of freed search tables (arrays of
    2 MiB and more) for its next searches, which then clear one with memset instead of
    having the kernel map and clear fresh pages.  0 keeps none and gives back what is
    kept.  Returns the bound it had, in MiB.  Only on Linux (elsewhere nothing is kept).
    ``solve_chunk`` sets KEEP_TABLE_MB the first time it runs in a process, so a program
    that runs chunks in its own threads calls ``keep_tables(0)`` when done with them."""
    if not isinstance(max_mb, int) or max_mb < 0:
        raise OptionError("max_mb must be a whole number of at least 0, not %r" % (max_mb,))
    return int(_core.keep_tables(max_mb << 20)) >> 20


_keeping = False


def _keep_tables_once() -> None:
    """The first task in a process lets it keep KEEP_TABLE_MB of freed tables for the
    tasks after it (keep_tables)."""
    global _keeping
    if not _keeping:
        _keeping = True
        keep_tables(KEEP_TABLE_MB)


def solve_chunk(chunk: List[Tuple[str, Any]], rules: Dict[str, Any],
                solution: bool = False) -> List[BatchResult]:
    """One task: the records of a list of (id, deal), in order.  Module-level so that
    process pools and Dask workers find it by name."""
    _keep_tables_once()
    return [solve_one(i, d, rules, solution) for i, d in chunk]


def _with_ids(deals: Iterable[Any]) -> Iterator[Tuple[str, Any]]:
    """(id, deal) pairs: pairs pass through, a bare deal is named by its place (#0, #1...)."""
    for n, item in enumerate(deals):
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str):
            yield item[0], item[1]
        else:
            yield "#%d" % n, item


class Timed(Protocol):
    """A record of one deal that says how long it took: what ChunkSizer reads (a
    BatchResult, a PlayRecord, an archive's Decided)."""

    @property
    def seconds(self) -> float: ...


class ChunkSizer:
    """How many deals the next task takes.  A fixed ``chunksize`` is used as given;
    otherwise the size follows the mean solve time of the deals seen so far (guessed
    high at first, see PRIOR_DEALS) so that a task holds about ``seconds`` of work: one
    deal at a time for draw-3 Klondike, hundreds for Clock, without the caller knowing
    which game or rules it sent."""

    def __init__(self, chunksize: Optional[int], seconds: float) -> None:
        if chunksize is not None and chunksize < 1:
            raise OptionError("chunksize must be at least 1, not %r" % (chunksize,))
        if not seconds > 0:
            raise OptionError("chunk_seconds must be positive, not %r" % (seconds,))
        self.fixed, self.seconds = chunksize, seconds
        self.deals, self.spent = 0, 0.0

    def add(self, r: Timed) -> None:
        self.deals += 1
        self.spent += r.seconds

    def size(self) -> int:
        if self.fixed is not None:
            return self.fixed
        mean = (self.spent + PRIOR_SECONDS) / (self.deals + PRIOR_DEALS)
        return max(1, min(MAX_CHUNKSIZE, round(self.seconds / mean)))

    def chunks(self, items: Iterator[Tuple[str, Any]]) -> Iterator[List[Tuple[str, Any]]]:
        """Lists of the next ``size()`` items, the size read afresh for each list."""
        while True:
            chunk = list(itertools.islice(items, self.size()))
            if not chunk:
                return
            yield chunk


def default_max_pending(executor: Executor) -> int:
    """Chunks kept in flight: two per worker keeps every worker busy while results come
    back, without reading (and holding) the whole input at once.  The worker count of the
    standard pools is read where they keep it; other executors get a generous 64."""
    workers = getattr(executor, "_max_workers", None)
    if isinstance(workers, int) and workers > 0:
        return 2 * workers
    return 64


#: a record of one deal: BatchResult (solve_many), PlayRecord (play_many), Decided (archives)
R = TypeVar("R", bound=Timed)


def _results(done: Iterable["Future[List[R]]"]) -> Iterator[R]:
    """The records of finished chunks; a failed chunk raises only after the others'
    records are out, so a crash loses nothing that was solved."""
    failed: Optional[BaseException] = None
    for fut in done:
        err = fut.exception()
        if err is not None:
            failed = failed or err
        else:
            yield from fut.result()
    if failed is not None:
        raise failed


def _run(one: Callable[..., R], task: Callable[..., List[R]], args: Tuple[Any, ...],
         deals: Iterable[Any], executor: Optional[Executor], chunksize: Optional[int],
         max_pending: Optional[int], chunk_seconds: float) -> Iterator[R]:
    """The records of ``deals``: ``one(id, deal, *args)`` each, here one after another
    without an executor; with one, ``task(chunk, *args)`` for chunks of (id, deal)
    sized by ChunkSizer, at most ``max_pending`` at once.  What ``solve_many`` and
    ``play_many`` share."""
    sizer = ChunkSizer(chunksize, chunk_seconds)
    items = _with_ids(deals)
    if executor is None:
        for deal_id, deal in items:
            yield one(deal_id, deal, *args)
        return
    limit = max_pending or default_max_pending(executor)
    pending: Set["Future[List[R]]"] = set()
    try:
        for chunk in sizer.chunks(items):
            pending.add(executor.submit(task, chunk, *args))
            while len(pending) >= limit:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for r in _results(done):
                    sizer.add(r)
                    yield r
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            yield from _results(done)
    finally:
        for fut in pending:
            fut.cancel()


def solve_many(deals: Iterable[Any], executor: Optional[Executor] = None,
               chunksize: Optional[int] = None, solution: bool = False,
               max_pending: Optional[int] = None, chunk_seconds: float = CHUNK_SECONDS,
               **rules: Any) -> Iterator[BatchResult]:
    """Solve many deals; yield each deal's ``BatchResult`` as its chunk finishes.

    ``deals``: deals (named ``#0``, ``#1``, ... by place) or ``(id, deal)`` pairs, read
    lazily.  ``executor``: any ``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``,
    or a Dask client's ``get_executor()``); ``None`` solves here, one deal after another,
    each result as soon as it is known.  ``rules``: ``kabalsolve.solve`` keywords, rules
    and per-deal budgets alike (``draw=3, max_states=10**6, timeout=5``): a budget that
    runs out gives an "unknown" record, never a stuck run.  ``solution``: add the full
    solution dict to each record.

    Deals go out ``chunksize`` at a time, or (by default) in chunks that adapt to hold
    about ``chunk_seconds`` of solving each; at most ``max_pending`` chunks are out at
    once (default: two per worker).  Results come in the order chunks finish, not the
    input order.  Closing the iterator early cancels the chunks not yet started.
    """
    return _run(solve_one, solve_chunk, (rules, solution), deals, executor, chunksize,
                max_pending, chunk_seconds)


#: the keywords of ``play_many``: the Klondike rules, then the player's settings
PLAY_RULES = ("draw", "passes", "foundation_moves")
PLAYER_OPTIONS = ("stock_known", "seed", "samples", "max_states")


def play_settings(options: Dict[str, Any]) -> Dict[str, Any]:
    """The settings a game played with ``play_many``'s ``options`` is recorded under
    (``results.settings_of``): ``{"rules": ..., "player": ...}``, the rules as a
    solved deal's line gives them.  Bad options are an OptionError."""
    bad = sorted(set(options) - set(PLAY_RULES + PLAYER_OPTIONS))
    if bad:
        raise OptionError("play takes the options %s, not %s" % (
            ", ".join(PLAY_RULES + PLAYER_OPTIONS), ", ".join(bad)))
    rules = klondike.Rules(**{k: options[k] for k in PLAY_RULES if k in options})
    return {"rules": dataclasses.asdict(rules), "player": {
        "model": STOCK_KNOWN if options.get("stock_known") else AS_DEALT,
        "seed": options.get("seed", 0),
        "samples": options.get("samples", klondike_player.SAMPLES),
        "max_states": options.get("max_states", klondike_player.MAX_STATES)}}


@dataclass(frozen=True)
class PlayRecord:
    """One game played without peeking (``kabalsolve.play``), as its line in a results
    file.  ``id`` names the deal; ``rules`` are the Klondike rules, as a solved deal's
    line gives them; ``player`` the player's settings: ``model`` ("as-dealt" or
    "stock-known"), ``seed``, ``samples``, ``max_states``; ``result`` is won or lost;
    ``ended`` why the game ended (``PlayResult.ended``); ``moves`` how many moves were
    played; ``searches`` and ``seconds`` the player's effort; ``play`` the game's JSON
    (``PlayResult.to_dict()``, its moves included) when asked for.  The line says
    ``"mode": "play"``, so that it is never taken for a deal solved."""
    id: str
    rules: Dict[str, Any]
    player: Dict[str, Any]
    result: str
    ended: str
    moves: int
    searches: int
    seconds: float
    play: Optional[Dict[str, Any]] = None
    game: str = "klondike"
    mode: ClassVar[str] = PLAY

    def settings(self) -> Dict[str, Any]:
        """What the line was made under (``results.settings_of``)."""
        return {"rules": self.rules, "player": self.player}

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"id": self.id, "game": self.game, "mode": self.mode,
                             "rules": self.rules, "player": self.player,
                             "result": self.result, "ended": self.ended,
                             "moves": self.moves, "searches": self.searches,
                             "seconds": round(self.seconds, 6)}
        if self.play is not None:
            d["play"] = self.play
        return d

    def to_json(self) -> str:
        """The record as one line of JSON (no newline)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(", ", ": "))


def play_one(deal_id: str, deal: Any, options: Dict[str, Any],
             games: bool = False) -> PlayRecord:
    """Play one deal without peeking and make its record; an error names the deal.  A
    deal's first position (a file that states its rules) is played at the rules it
    carries: the rule options are for the deals."""
    try:
        if isinstance(deal, klondike.Position):
            options = {k: v for k, v in options.items() if k not in klondike.RULE_KEYWORDS}
            settings = play_settings(dict(options, draw=deal.rules.draw,
                                          passes=deal.rules.passes,
                                          foundation_moves=deal.rules.foundation_moves))
        else:
            settings = play_settings(options)
        game = play(deal, **options)
    except KabalError as e:
        raise KabalError("%s: %s" % (deal_id, e)) from None
    return PlayRecord(id=deal_id, rules=settings["rules"], player=settings["player"],
                      result=game.result, ended=game.ended, moves=len(game.moves),
                      searches=game.tally.searches, seconds=game.seconds,
                      play=game.to_dict() if games else None)


def play_chunk(chunk: List[Tuple[str, Any]], options: Dict[str, Any],
               games: bool = False) -> List[PlayRecord]:
    """One task of ``play_many``: the records of a list of (id, deal), in order."""
    _keep_tables_once()
    return [play_one(i, d, options, games) for i, d in chunk]


def play_many(deals: Iterable[Any], executor: Optional[Executor] = None,
              chunksize: Optional[int] = None, games: bool = False,
              max_pending: Optional[int] = None, chunk_seconds: float = CHUNK_SECONDS,
              **options: Any) -> Iterator[PlayRecord]:
    """Play many Klondike deals without peeking; yield each game's ``PlayRecord`` as
    its chunk finishes.

    ``deals``, ``executor``, ``chunksize``, ``max_pending`` and ``chunk_seconds`` are
    those of ``solve_many``.  ``options``: ``kabalsolve.play``'s keywords, the rules
    ``draw``, ``passes`` and ``foundation_moves`` and the player's ``stock_known``,
    ``seed``, ``samples`` and ``max_states``; every deal is played with the same
    ``seed``, so the same call plays the same games.  ``games``: add each game's JSON
    (with its moves) to its record.
    """
    play_settings(options)          # bad options are refused before any deal is read
    return _run(play_one, play_chunk, (options, games), deals, executor, chunksize,
                max_pending, chunk_seconds)


#: prctl's option that has the kernel send a signal when the parent process ends (Linux)
PR_SET_PDEATHSIG = 1


def end_with_parent(parent: int) -> None:
    """End this process when the process ``parent`` ends, however it ends: a worker
    left behind would go on holding a core and its table, or sleep for ever.  On Linux
    the kernel sends it SIGKILL (prctl's PR_SET_PDEATHSIG); elsewhere a thread looks
    every second whether the parent is still there."""
    if _parent_death_signal(signal.SIGKILL):
        if os.getppid() != parent:    # the parent ended before the signal was set
            os._exit(1)
        return
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True,
                     name="kabalsolve-parent-watch").start()


def _parent_death_signal(sig: int) -> bool:
    """Ask the kernel to send ``sig`` to this process when its parent ends; False where
    it cannot (not Linux, or no C library to call)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def cores() -> int:
    """The cores this process may run on (the default number of worker processes)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
