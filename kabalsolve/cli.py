"""The ``kabalsolve`` command.

``kabalsolve DEAL [OPTIONS]`` is ``kabalsolve solve DEAL [OPTIONS]``: a first word that
is not a subcommand is taken as a deal, so options may come before or after it.
Exit status (one table, used everywhere): see EXIT below.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, List, Optional, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

import click

from . import __version__
from .dealfile import read_bytes, read_file
from .errors import KabalError
from .games.klondike import Position
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
    return f


@cli.command()
@click.argument("deal", metavar="DEAL")
@klondike_rules
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
def solve_cmd(deal: str, draw: int, passes: Optional[int], vegas: bool,
              no_foundation_moves: bool,
              as_json: bool, quiet: bool, max_states: Optional[int],
              timeout: Optional[float], max_memory_mb: Optional[int]) -> None:
    """Solve DEAL (a deal file, or - for standard input)."""
    if vegas:
        if passes is not None:
            raise fail("--vegas sets the passes itself: give --vegas or --passes, not both")
        passes = 1 if draw == 1 else 3
    try:
        if deal == "-":
            d = read_bytes(sys.stdin.buffer.read(), "<stdin>")
        else:
            d = read_file(deal)
        sol: Any
        if isinstance(d, Position):
            from .cli_positions import with_rules
            sol = solve_position(with_rules(d, draw, passes, not no_foundation_moves),
                                 max_states=max_states, timeout=timeout,
                                 max_memory_mb=max_memory_mb)
        else:
            sol = solve(d, draw=draw, foundation_moves=not no_foundation_moves,
                        max_states=max_states, timeout=timeout, passes=passes,
                        max_memory_mb=max_memory_mb)
    except KabalError as e:
        raise fail(str(e))
    if as_json:
        click.echo(sol.to_json())
    elif quiet:
        click.echo(sol.verdict_line())
    else:
        click.echo(str(sol))
    raise click.exceptions.Exit(EXIT[sol.result])


solve_cmd.name = "solve"
cli.add_command(solve_cmd, "solve")


@cli.command()
@click.option("--game", type=click.Choice(["klondike", "clock"]), default="klondike",
              show_default=True)
@click.option("--count", type=click.IntRange(0, None), default=1, show_default=True,
              help="How many deals to write.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
              help="The first deal number (see kabalsolve/generate.py for the shuffle).")
@click.option("--winnable", is_flag=True,
              help="Keep only deals proved winnable, each with its verdict, solution "
                   "length, states searched and a 1-5 difficulty rating as comments.")
@klondike_rules
@click.option("--out", default="-", show_default=True, metavar="DIR|-",
              help="A directory to write GAME-SEED.txt files into, or - for standard "
                   "output (deals separated by blank lines).")
def generate(game: str, count: int, seed: int, winnable: bool, draw: int,
             passes: Optional[int], no_foundation_moves: bool, out: str) -> None:
    """Write reproducible deals (the same seed gives the same deals everywhere)."""
    import os
    from .generate import generate as gen
    rules = {} if game == "clock" else dict(draw=draw, passes=passes,
                                             foundation_moves=not no_foundation_moves)
    if out != "-":
        try:
            os.makedirs(out, exist_ok=True)
        except OSError as e:
            raise fail("%s: cannot make the directory: %s" % (out, e.strerror or e))
    try:
        for n, g in enumerate(gen(game, seed=seed, count=count, winnable=winnable, **rules)):
            text = g.to_text()
            if out == "-":
                click.echo(("\n" if n else "") + text, nl=False)
            else:
                path = os.path.join(out, "%s-%d.txt" % (game, g.seed))
                try:
                    with open(path, "w", encoding="utf-8") as fh:
                        fh.write(text)
                except OSError as e:
                    raise fail("%s: cannot write: %s" % (path, e.strerror or e))
    except KabalError as e:
        raise fail(str(e))


@cli.command()
@click.option("--game", type=click.Choice(["klondike", "clock"]), required=True)
@click.option("--count", type=click.IntRange(1, None), required=True,
              help="How many seeded deals to play.")
@click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=1, show_default=True,
              help="The first deal number.")
@klondike_rules
@click.option("--timeout", type=click.FloatRange(0, None, min_open=True), default=None,
              help="Klondike: per-deal budget; deals it stops count as unknown.")
def stats(game: str, count: int, seed: int, draw: int, passes: Optional[int],
          no_foundation_moves: bool, timeout: Optional[float]) -> None:
    """Win rate over seeded deals, with its 95 % Wilson interval."""
    import time
    from . import _core
    from .generate import klondike_deal
    t0 = time.perf_counter()
    unknown = 0
    if game == "clock":
        won, turned = _core.clock_stats(seed, count)
        extra = "; %.2f cards turned per deal; exact 1/13 = 7.6923 %%" % (turned / count)
    else:
        won = 0
        show = sys.stderr.isatty()
        for i in range(count):
            if seed + i >= 2**64:
                raise fail("ran out of seeds below 2**64")
            try:
                sol = solve(klondike_deal(seed + i), draw=draw, passes=passes,
                            foundation_moves=not no_foundation_moves, timeout=timeout)
            except KabalError as e:
                raise fail(str(e))
            won += sol.result == "won"
            unknown += sol.result == "unknown"
            if show and (i + 1) % 10 == 0:
                el = time.perf_counter() - t0
                click.echo("\r%d/%d deals, %.1f deals/s, ETA %.0f s   " % (
                    i + 1, count, (i + 1) / el, el / (i + 1) * (count - i - 1)),
                    nl=False, err=True)
        if show:
            click.echo("", err=True)
        rules = "draw %d%s%s" % (draw, "" if passes is None else ", %d passes" % passes,
                                 ", no foundation moves" if no_foundation_moves else "")
        extra = "; %s; %d unknown" % (rules, unknown)
    # unknowns counted both ways (Blake & Gent): lower bound as lost, upper as won
    decided = count - unknown
    lo, _ = wilson(won, count)
    _, hi = wilson(won + unknown, count)
    click.echo("%s: %d deals from seed %d: %d won = %.4f %% (95 %% interval [%.4f, %.4f] %%)%s;"
               " %.1f s" % (game, count, seed, won, 100 * won / max(decided, 1), 100 * lo,
                            100 * hi, extra, time.perf_counter() - t0))


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
