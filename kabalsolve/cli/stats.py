"""``kabalsolve stats``: win rates over seeded deals, or over ``batch`` results files."""
from __future__ import annotations

import time
from typing import Any, List, Optional, Tuple

import click

from .. import _core
from ..api import solve
from ..errors import KabalError, OptionError
from ..games import NAMES, acesup, klondike
from ..archive import is_archive
from ..results import summarise
from ..stats import wilson
from .options import (MAX_STATES_TYPE, Seconds, Whole, acesup_rules, fail, game_options,
                      klondike_rules)
from .archive import stats_archives
from .progress import Progress


@click.command(short_help="Win rates with their 95 % intervals.")
@click.argument("results", nargs=-1, metavar="[RESULTS.jsonl]...")
@click.option("--game", type=click.Choice(NAMES), default=None,
              help="The game of the seeded deals to play (with --count).")
@click.option("--count", type=Whole(1, 2**64 - 1), default=None, metavar="N",
              help="How many seeded deals to play.")
@click.option("--seed", type=Whole(0, 2**64 - 1), default=1, show_default=True,
              metavar="N", help="The first deal number.")
@klondike_rules
@acesup_rules
@click.option("--best-score", is_flag=True,
              help="Aces Up: also prove each deal's best score and print the mean "
                   "(far slower than the verdict alone).")
@click.option("--timeout", type=Seconds(), default=None,
              metavar="SECONDS", help="Per-deal budget in seconds; deals it stops count "
                                      "as unknown (default: no limit).")
@click.option("--max-states", type=MAX_STATES_TYPE, default=None, metavar="N",
              help="Per-deal budget in positions; deals it stops count as unknown "
                   "(default: no limit).")
@click.option("--deal", type=Whole(0, 2**64 - 1), default=None, metavar="N",
              help="With an archive: deal N's verdict (its first word: won, lost, "
                   "unknown, or open when not decided yet).")
@click.option("--hardest", type=Whole(1, 1000), default=None, metavar="K",
              help="With an archive: also list its K hardest deals (most positions).")
@click.option("--json", "as_json", is_flag=True,
              help="With an archive: one JSON object (count, won, lost, unknown, ...).")
@click.pass_context
def stats(ctx: click.Context, results: Tuple[str, ...], game: Optional[str],
          count: Optional[int], seed: int, draw: int, passes: Optional[int],
          no_foundation_moves: bool, variant: str, strict: bool, discard_first: bool,
          best_score: bool,
          timeout: Optional[float], max_states: Optional[int], deal: Optional[int],
          hardest: Optional[int], as_json: bool) -> None:
    """Win rate over seeded deals (--game, --count), or in `batch` results files (-
    for standard input), with its 95 % Wilson interval.  Aces Up: the verdicts, and
    with --best-score the mean best score.  Games played without peeking (`batch
    --play`): the games won, per rules and player settings, apart from deals solved.

    \b
    Examples:
      kabalsolve stats --game klondike --count 1000 --draw 1
      kabalsolve stats --game acesup --count 1000 --seed 5001 --strict
      kabalsolve stats --game clock --count 1000000
      kabalsolve stats results.jsonl more-results.jsonl
      kabalsolve batch --seeds 1-100 | kabalsolve stats -
      kabalsolve batch --seeds 1-100 --play | kabalsolve stats -
      kabalsolve stats results/solvitaire-draw1 --deal 17
    """
    if results and any(is_archive(r) for r in results):
        try:
            if not all(is_archive(r) for r in results):
                raise OptionError("give archives or results files, not both")
            stats_archives(results, deal, as_json, hardest)
        except KabalError as e:
            raise fail(str(e))
        return
    if deal is not None or as_json or hardest is not None:
        raise fail("--%s reads an archive (a directory made by batch --archive)"
                   % ("deal" if deal is not None else "json" if as_json else "hardest"))
    if results:
        if game is not None or count is not None:
            raise fail("give results files, or --game and --count, not both")
        try:
            for group in summarise(list(results)):
                click.echo("\n".join(group.lines()))
        except KabalError as e:
            raise fail(str(e))
        return
    if game is None or count is None:
        raise fail("stats needs --game and --count (or batch results files)")
    game_options(ctx, game)
    if seed + count > 2**64:
        raise fail("--seed %d --count %d runs past the last deal number, 2**64 - 1"
                   % (seed, count))
    if best_score and game != "acesup":
        raise fail("--best-score applies to Aces Up only")
    t0 = time.perf_counter()
    unknown = 0
    if game == "clock":
        won, turned = _core.clock_stats(seed, count)
        extra = "; %.2f cards turned per deal; exact 1/13 = 7.6923 %%" % (turned / count)
    else:
        won = 0
        scores: List[int] = []
        not_proved = 0
        try:
            with Progress(count, "stats") as progress:
                for i in range(count):
                    if seed + i >= 2**64:
                        raise OptionError("ran out of seeds below 2**64")
                    if game == "klondike":
                        sol: Any = solve(klondike.Deal.from_seed(seed + i), draw=draw,
                                         passes=passes,
                                         foundation_moves=not no_foundation_moves,
                                         timeout=timeout, max_states=max_states,
                                         variant=variant)
                    else:
                        sol = solve(acesup.Deal.from_seed(seed + i), strict=strict,
                                    discard_first=discard_first, best_score=best_score,
                                    timeout=timeout, max_states=max_states)
                        scores.append(sol.score())
                        not_proved += not sol.score_proved
                    won += sol.result == "won"
                    unknown += sol.result == "unknown"
                    progress.advance(note="%d won, %d unknown" % (won, unknown))
        except KabalError as e:
            raise fail(str(e))
        if game == "klondike":
            rules = "%sdraw %d%s%s" % ("danish, " if variant == "danish" else "", draw,
                                       "" if passes is None else ", %d passes" % passes,
                                       ", no foundation moves" if no_foundation_moves else "")
        else:
            rules = ", ".join(["strict" if strict else "any card to an empty pile"] +
                              (["discard first"] if discard_first else []))
            if best_score:
                rules += "; mean best score %.3f (%d not proved best)" % (
                    sum(scores) / len(scores), not_proved)
        extra = "; %s; %d unknown" % (rules, unknown)
    # unknowns counted both ways (Blake & Gent): lower bound as lost, upper as won
    decided = count - unknown
    lo, _ = wilson(won, count)
    _, hi = wilson(won + unknown, count)
    click.echo("%s: %d deals from seed %d: %d won = %.4f %% (95 %% interval [%.4f, %.4f] %%)%s;"
               " %.1f s" % (game, count, seed, won, 100 * won / max(decided, 1), 100 * lo,
                            100 * hi, extra, time.perf_counter() - t0))
