"""The ``kabalsolve`` command.

``kabalsolve DEAL [OPTIONS]`` is ``kabalsolve solve DEAL [OPTIONS]``: a first word that
is not a subcommand is taken as a deal, so options may come before or after it.
Exit status (one table, used everywhere): see EXIT below.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Dict, List, Optional, Tuple, TypeVar, Union

F = TypeVar("F", bound=Callable[..., Any])

import click

from . import __version__
from .dealfile import read_bytes, read_file
from .errors import KabalError
from .formats import FORMATS
from .formats.pysolfc import MAX_GAME
from .games.acesup import Deal as AcesUpDeal
from .games.acesup import Position as AcesUpPosition
from .games.clock import Deal as ClockDeal
from .games.klondike import Deal, Position
from .solution import Solution
from .solver import solve, solve_position
from .stats import wilson

#: exit status by outcome
EXIT = {"won": 0, "lost": 1, "unknown": 3, "error": 2}


def fail(message: str) -> "click.exceptions.Exit":
    """Print one error line on stderr and leave with status 2."""
    click.echo("kabalsolve: error: %s" % message, err=True)
    return click.exceptions.Exit(EXIT["error"])


class DefaultToSolve(click.Group):
    """A group whose first argument, when it is not a subcommand, is a deal for ``solve``."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        if args and args[0] not in self.commands and args[0] not in (
                "--help", "-h", "--version"):
            args = ["solve"] + list(args)
        return super().parse_args(ctx, args)


@click.group(cls=DefaultToSolve, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kabalsolve")
def cli() -> None:
    """Decide whether a solitaire deal can be won, and print how.

    \b
      kabalsolve deal.txt              solve a Klondike deal (draw 3)
      kabalsolve --draw 1 deal.txt     draw one card at a time
      kabalsolve - < deal.txt          read the deal from standard input
      kabalsolve --pysol 12345         solve PySolFC's Klondike game 12345

    Exit status: 0 won, 1 lost, 3 unknown (a budget ran out), 2 bad input or usage.
    """


def klondike_rules(f: F) -> F:
    """The Klondike rule options, the same for every command that takes them."""
    f = click.option("--no-foundation-moves", is_flag=True,
                     help="Klondike: no moves back from the foundations to the tableau.")(f)
    f = click.option("--passes", type=click.IntRange(1, 255), default=None,
                     help="Klondike: passes through the stock allowed (default: "
                          "unlimited).")(f)
    f = click.option("--draw", type=click.IntRange(1, 24), default=3, show_default=True,
                     help="Klondike: cards turned from the stock at a time.")(f)
    f = click.option("--variant", type=click.Choice(["classic", "danish"]),
                     default="classic", show_default=True,
                     help="Klondike: danish = the queue stock of 7-kabale (draw 3; only "
                          "the current three play, the rest go under the stock).")(f)
    return f


def acesup_rules(f: F) -> F:
    """The Aces Up rule options, the same for every command that takes them."""
    f = click.option("--discard-first", is_flag=True,
                     help="Aces Up: deal only when no discard is possible (house rule).")(f)
    f = click.option("--strict", is_flag=True,
                     help="Aces Up: only an Ace may move to an empty pile.")(f)
    return f


KLONDIKE_OPTIONS = ("draw", "passes", "no_foundation_moves", "vegas", "variant",
                    "objective")
ACESUP_OPTIONS = ("strict", "discard_first")


def game_options(ctx: click.Context, game: str) -> None:
    """Refuse a rule option given on the command line for a game it does not apply to."""
    mine = {"klondike": KLONDIKE_OPTIONS, "acesup": ACESUP_OPTIONS}.get(game, ())
    for name in KLONDIKE_OPTIONS + ACESUP_OPTIONS:
        if name not in mine and ctx.get_parameter_source(name) == \
                click.core.ParameterSource.COMMANDLINE:
            raise fail("--%s does not apply to %s" % (
                name.replace("_", "-"),
                {"klondike": "Klondike", "acesup": "Aces Up", "clock": "Clock"}[game]))


@cli.command()
@click.argument("deal", metavar="DEAL", required=False)
@klondike_rules
@acesup_rules
@click.option("--objective", type=click.Choice(["win", "max-foundation", "min-moves",
                                               "max-score"]), default="win",
              show_default=True,
              help="Klondike: win; or also find the most cards that can reach the "
                   "foundations (the best Vegas result); the fewest moves of a win; the "
                   "best Windows standard score; each with the line that does it.")
@click.option("--format", "fmt", type=click.Choice(("auto",) + FORMATS), default="auto",
              show_default=True, help="The deal's format (default: recognised by its look).")
@click.option("--pysol", "pysol_game", type=click.IntRange(1, MAX_GAME), default=None,
              metavar="N", help="Solve PySolFC's Klondike game N (instead of a DEAL).")
@click.option("--notation", type=click.Choice(["words", "shootme"]), default="words",
              show_default=True, help="Moves in plain words, or in ShootMe's "
                                      "Klondike-Solver notation (one line).")
@click.option("--vegas", is_flag=True,
              help="Vegas rules: one pass with draw 1, three passes otherwise.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the solution JSON (one object) instead of text.")
@click.option("--quiet", "-q", is_flag=True, help="Print the verdict line only.")
@click.option("--max-states", type=click.IntRange(1, None), default=None,
              help="Stop after this many positions: the answer is then 'unknown'.")
@click.option("--timeout", type=click.FloatRange(0, None, min_open=True), default=None,
              help="Stop after this many seconds: the answer is then 'unknown'.")
@click.option("--max-memory", "max_memory_mb", type=click.IntRange(4, None), default=None,
              help="Memory for the search table in MiB (default 8192): the answer is "
                   "'unknown' if it fills.")
@click.pass_context
def solve_cmd(ctx: click.Context, deal: Optional[str], draw: int, passes: Optional[int],
              vegas: bool, no_foundation_moves: bool, variant: str, strict: bool,
              discard_first: bool, objective: str, fmt: str, pysol_game: Optional[int], notation: str,
              as_json: bool, quiet: bool, max_states: Optional[int],
              timeout: Optional[float], max_memory_mb: Optional[int]) -> None:
    """Solve DEAL (a deal file in any format of --format, or - for standard input).
    The game comes from the deal (Klondike without a 'game:' line); Aces Up also gets
    its best score (--quiet: the verdict only)."""
    from .formats import pysolfc, shootme
    if vegas:
        if passes is not None:
            raise fail("--vegas sets the passes itself: give --vegas or --passes, not both")
        passes = 1 if draw == 1 else 3
    if (deal is None) == (pysol_game is None):
        raise fail("give a deal file (or - for standard input) or --pysol N" +
                   (", not both" if deal is not None else ""))
    if pysol_game is not None and fmt != "auto":
        raise fail("--format is for a deal file; --pysol N needs none")
    fmt_ = None if fmt == "auto" else fmt
    moves_line: Optional[str] = None
    try:
        if pysol_game is not None:
            d: Union[Deal, ClockDeal, AcesUpDeal, Position, AcesUpPosition] = \
                pysolfc.deal(pysol_game)
        elif deal == "-":
            d = read_bytes(sys.stdin.buffer.read(), "<stdin>", fmt_)
        else:
            d = read_file(str(deal), fmt_)
        if notation == "shootme" and not isinstance(d, Deal):
            raise fail("--notation shootme is Klondike notation; this is a %s deal" % d.game)
        game_options(ctx, d.game)
        if isinstance(d, Position):
            if variant != "classic":
                raise fail("--variant %s applies to deals; position files are classic "
                           "Klondike" % variant)
            from .cli_positions import with_rules
            sol: Any = solve_position(with_rules(d, draw, passes, not no_foundation_moves),
                                      max_states=max_states, timeout=timeout,
                                      max_memory_mb=max_memory_mb, objective=objective)
        elif isinstance(d, AcesUpPosition):
            from .cli_positions import acesup_with_rules
            from .solver import solve_acesup_position
            sol = solve_acesup_position(acesup_with_rules(d, strict, discard_first),
                                        not quiet, max_states, timeout, max_memory_mb)
        else:
            rules: Dict[str, Any] = {}
            if d.game == "klondike":
                rules = dict(draw=draw, foundation_moves=not no_foundation_moves,
                             passes=passes, variant=variant, objective=objective)
            elif d.game == "acesup":
                rules = dict(strict=strict, discard_first=discard_first, best_score=not quiet)
            sol = solve(d, max_states=max_states, timeout=timeout,
                        max_memory_mb=max_memory_mb, **rules)
        if isinstance(sol, Solution):
            if pysol_game is not None:
                sol = pysolfc.as_pysolfc(sol)
                sol.extra["pysol_game"] = pysol_game
            if notation == "shootme":
                moves_line = shootme.format_moves(sol.deal, sol.rules, sol.moves)
    except KabalError as e:
        raise fail(str(e))
    if as_json:
        if moves_line is not None and isinstance(sol, Solution):
            sol.extra["shootme"] = moves_line
        click.echo(sol.to_json())
    elif quiet:
        click.echo(sol.verdict_line())
    elif moves_line is not None:
        click.echo(sol.verdict_line() + ("\n" + moves_line if moves_line else ""))
    else:
        lines = [sol.verdict_line()] + sol.move_lines()
        if pysol_game is not None and len(lines) > 1:
            lines[1] += " - PySolFC makes this turn when it deals game %d" % pysol_game
        click.echo("\n".join(lines))
    raise click.exceptions.Exit(EXIT[sol.result])


solve_cmd.name = "solve"
cli.add_command(solve_cmd, "solve")


@cli.command()
@click.option("--game", type=click.Choice(["klondike", "acesup", "clock"]), default="klondike",
              show_default=True)
@click.option("--count", type=click.IntRange(0, None), default=1, show_default=True,
              help="How many deals to write.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="The first deal number (see kabalsolve/generate.py for the shuffle).")
@click.option("--winnable", is_flag=True,
              help="Keep only deals proved winnable, each with its verdict, solution "
                   "length, states searched and a 1-5 difficulty rating as comments.")
@klondike_rules
@acesup_rules
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
              show_default=True, help="The format to write the deals in.")
@click.option("--pysol-range", default=None, metavar="A-B",
              help="PySolFC's Klondike games A to B instead of seeded deals.")
@click.option("--out", default="-", show_default=True, metavar="DIR|-",
              help="A directory to write GAME-SEED.txt files into (other formats: "
                   ".json, .board, .deck; PySolFC games: pysol-klondike-N.*), or - for "
                   "standard output (deals separated by blank lines, or one a line in "
                   "the one-line formats).")
@click.pass_context
def generate(ctx: click.Context, game: str, count: int, seed: int, winnable: bool,
             draw: int, passes: Optional[int], no_foundation_moves: bool, variant: str,
             strict: bool, discard_first: bool, fmt: str,
             pysol_range: Optional[str], out: str) -> None:
    """Write reproducible deals (the same seed gives the same deals everywhere)."""
    import os
    from .formats import EXTENSIONS, ONE_LINE
    from .formats.generated import pysol_range as pysol_gen
    from .formats.generated import render
    from .formats.pysolfc import parse_range
    from .generate import generate as gen
    game_options(ctx, game)
    rules: Dict[str, Any] = {}
    if game == "klondike":
        rules = dict(draw=draw, passes=passes, foundation_moves=not no_foundation_moves,
                     variant=variant)
    elif game == "acesup":
        rules = dict(strict=strict, discard_first=discard_first, best_score=False)
    origin, prefix = "seed", game
    if pysol_range is not None:
        given = [p for p in ("count", "seed", "game")
                 if ctx.get_parameter_source(p) != click.core.ParameterSource.DEFAULT]
        if given:
            raise fail("--pysol-range names the deals itself: drop --%s" % given[0])
        origin, prefix = "pysol", "pysol-klondike"
    if out != "-":
        try:
            os.makedirs(out, exist_ok=True)
        except OSError as e:
            raise fail("%s: cannot make the directory: %s" % (out, e.strerror or e))
    try:
        if pysol_range is not None:
            first, last = parse_range(pysol_range)
            deals = pysol_gen(first, last, winnable, **rules)
        else:
            deals = gen(game, seed=seed, count=count, winnable=winnable, **rules)
        for n, g in enumerate(deals):
            text = render(g, fmt, origin)
            if out == "-":
                click.echo(("\n" if n and fmt not in ONE_LINE else "") + text, nl=False)
            else:
                path = os.path.join(out, "%s-%d%s" % (prefix, g.seed, EXTENSIONS[fmt]))
                try:
                    with open(path, "w", encoding="utf-8") as fh:
                        fh.write(text)
                except OSError as e:
                    raise fail("%s: cannot write: %s" % (path, e.strerror or e))
    except KabalError as e:
        raise fail(str(e))


@cli.command()
@click.argument("results", nargs=-1, metavar="[RESULTS.jsonl]...")
@click.option("--game", type=click.Choice(["klondike", "acesup", "clock"]), default=None)
@click.option("--count", type=click.IntRange(1, None), default=None,
              help="How many seeded deals to play.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True,
              help="The first deal number.")
@klondike_rules
@acesup_rules
@click.option("--best-score", is_flag=True,
              help="Aces Up: also prove each deal's best score and print the mean "
                   "(far slower than the verdict alone).")
@click.option("--timeout", type=click.FloatRange(0, None, min_open=True), default=None,
              help="Per-deal budget; deals it stops count as unknown.")
@click.option("--max-states", type=click.IntRange(1, None), default=None,
              help="Per-deal budget in positions; deals it stops count as unknown.")
@click.pass_context
def stats(ctx: click.Context, results: Tuple[str, ...], game: Optional[str],
          count: Optional[int], seed: int, draw: int, passes: Optional[int],
          no_foundation_moves: bool, variant: str, strict: bool, discard_first: bool,
          best_score: bool,
          timeout: Optional[float], max_states: Optional[int]) -> None:
    """Win rate over seeded deals (--game, --count), or in `batch` results files, with
    its 95 % Wilson interval.  Aces Up: the verdicts, and with --best-score the mean
    best score."""
    import time
    if results:
        from .results import summarise
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
    if best_score and game != "acesup":
        raise fail("--best-score applies to Aces Up only")
    from . import _core
    from .generate import acesup_deal, klondike_deal
    t0 = time.perf_counter()
    unknown = 0
    if game == "clock":
        won, turned = _core.clock_stats(seed, count)
        extra = "; %.2f cards turned per deal; exact 1/13 = 7.6923 %%" % (turned / count)
    else:
        won = 0
        scores: List[int] = []
        not_proved = 0
        show = sys.stderr.isatty()
        for i in range(count):
            if seed + i >= 2**64:
                raise fail("ran out of seeds below 2**64")
            try:
                if game == "klondike":
                    sol: Any = solve(klondike_deal(seed + i), draw=draw, passes=passes,
                                     foundation_moves=not no_foundation_moves,
                                     timeout=timeout, max_states=max_states, variant=variant)
                else:
                    sol = solve(acesup_deal(seed + i), strict=strict,
                                discard_first=discard_first, best_score=best_score,
                                timeout=timeout, max_states=max_states)
                    scores.append(sol.score())
                    not_proved += not sol.score_proved
            except KabalError as e:
                raise fail(str(e))
            won += sol.result == "won"
            unknown += sol.result == "unknown"
            if show and ((i + 1) % 10 == 0 or i + 1 == count):
                el = time.perf_counter() - t0
                click.echo("\r%d/%d deals, %.1f deals/s, ETA %.0f s   " % (
                    i + 1, count, (i + 1) / el, el / (i + 1) * (count - i - 1)),
                    nl=False, err=True)
        if show:
            click.echo("", err=True)
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


from .cli_batch import batch  # noqa: E402  (it uses the helpers above)

cli.add_command(batch)

from . import cli_positions  # noqa: E402,F401  (registers hint and show on cli)


def main(argv: Optional[List[str]] = None) -> None:
    """Entry point: run the command and turn usage errors into one line and status 2."""
    try:
        rv = cli.main(args=argv, prog_name="kabalsolve", standalone_mode=False)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else "usage: kabalsolve DEAL [OPTIONS]")
        sys.exit(EXIT["error"])
    except click.UsageError as e:
        msg = e.format_message()
        if e.ctx is not None and e.ctx.command_path and e.ctx.command_path != "kabalsolve":
            msg = "%s (see '%s --help')" % (msg, e.ctx.command_path)
        click.echo("kabalsolve: error: %s" % msg, err=True)
        sys.exit(EXIT["error"])
    except click.ClickException as e:
        click.echo("kabalsolve: error: %s" % e.format_message(), err=True)
        sys.exit(EXIT["error"])
    except click.Abort:
        click.echo("kabalsolve: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(EXIT["error"])
    sys.exit(rv if isinstance(rv, int) else 0)
