"""``kabalsolve solve`` (also ``kabalsolve DEAL``): decide one deal or position and
print the verdict and the line."""
from __future__ import annotations

from typing import Any, Dict, Optional

import click

from ..api import solve
from ..errors import KabalError
from ..formats import FORMATS, pysolfc, shootme
from ..formats.pysolfc import MAX_GAME
from ..games import klondike
from ..games.klondike.cli import every_card
from ..numbering import is_spec, named
from ..solution import Solution
from .numbered import read_deal_arg
from .options import (EXIT, MAX_MEMORY_HELP, MAX_MEMORY_TYPE, MAX_STATES_TYPE, Seconds,
                      Whole, acesup_rules, fail, game_options, klondike_rules)
from .positions import POSITION_SIDES


@click.command("solve", short_help="Decide one deal or position and print how to win it.")
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
@click.option("--pysol", "pysol_game", type=Whole(1, MAX_GAME), default=None,
              metavar="N", help="Solve PySolFC's Klondike game N (instead of a DEAL).")
@click.option("--notation", type=click.Choice(["words", "shootme"]), default="words",
              show_default=True, help="Moves in plain words, or in ShootMe's "
                                      "Klondike-Solver notation (one line).")
@click.option("--vegas", is_flag=True,
              help="Vegas rules: one pass with draw 1, three passes otherwise.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the solution JSON (one object) instead of text.")
@click.option("--quiet", "-q", is_flag=True, help="Print the verdict line only.")
@click.option("--max-states", type=MAX_STATES_TYPE, default=None, metavar="N",
              help="Stop after this many positions: the answer is then 'unknown' "
                   "(default: no limit).")
@click.option("--timeout", type=Seconds(), default=None, metavar="SECONDS",
              help="Stop after this many seconds: the answer is then 'unknown' "
                   "(default: no limit).")
@click.option("--max-memory", "max_memory_mb", type=MAX_MEMORY_TYPE, default=None,
              metavar="MIB", help=MAX_MEMORY_HELP)
@click.pass_context
def solve_cmd(ctx: click.Context, deal: Optional[str], draw: int, passes: Optional[int],
              vegas: bool, no_foundation_moves: bool, variant: str, strict: bool,
              discard_first: bool, objective: str, fmt: str, pysol_game: Optional[int], notation: str,
              as_json: bool, quiet: bool, max_states: Optional[int],
              timeout: Optional[float], max_memory_mb: Optional[int]) -> None:
    """Solve DEAL (a deal or position file in any format of --format, - for standard
    input, or another program's numbered deal NAME:N) and print the verdict and a
    winning line.  The game comes from the
    deal (Klondike without a 'game:' line); Aces Up also gets its best score (--quiet:
    the verdict only).  The word solve may be left out.

    \b
    Examples:
      kabalsolve deal.txt                  solve a Klondike deal (draw 3)
      kabalsolve --draw 1 --passes 3 deal.txt
      kabalsolve - < deal.txt              read the deal from standard input
      kabalsolve --quiet --timeout 60 deal.txt
      kabalsolve --json deal.txt           print the solution JSON
      kabalsolve greenfelt:12345           GreenFelt's game 12345
      kabalsolve solvitaire:7 --draw 1     Solvitaire's seed 7 (docs: formats)
      kabalsolve --pysol 12345             solve PySolFC's Klondike game 12345
      kabalsolve --strict acesup.txt       an Aces Up deal, the strict rule
    """
    if vegas:
        if passes is not None:
            raise fail("--vegas sets the passes itself: give --vegas or --passes, not both")
        passes = 1 if draw == 1 else 3
    if (deal is None) == (pysol_game is None):
        raise fail("give a deal file (or - for standard input) or --pysol N" +
                   (", not both" if deal is not None else ""))
    if pysol_game is not None and fmt != "auto":
        raise fail("--format is for a deal file; --pysol N needs none")
    if deal is not None and is_spec(deal) and fmt != "auto":
        raise fail("--format is for a deal file; %s:N needs none" % deal.split(":")[0])
    fmt_ = None if fmt == "auto" else fmt
    moves_line: Optional[str] = None
    numbered: Optional[Dict[str, str]] = None
    try:
        if pysol_game is not None:
            d: Any = pysolfc.deal(pysol_game)
            numbered = named("pysolfc", pysol_game)
        else:
            d, numbered = read_deal_arg(str(deal), fmt_)
            if numbered is not None and numbered["numbering"] == "pysolfc":
                pysol_game = int(numbered["number"])
        if notation == "shootme" and not isinstance(d, klondike.Deal):
            raise fail("--notation shootme is Klondike notation; this is a %s deal" % d.game)
        game_options(ctx, d.game)
        every_card(d, deal or "", "solve", "kabalsolve hint --no-peek ranks its moves "
                   "from what is visible")
        side = POSITION_SIDES.get(d.game)
        if side is not None and isinstance(d, side.Position):
            sol: Any = side.solve_file_position(d, dict(
                draw=draw, passes=passes, foundation_moves=not no_foundation_moves,
                variant=variant, strict=strict, discard_first=discard_first,
                objective=objective, best_score=not quiet),
                dict(max_states=max_states, timeout=timeout, max_memory_mb=max_memory_mb))
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
            # solve() checks a classic win in the core; the command replays every
            # Klondike line on the Python rules as well (a process start costs far more)
            sol.verify()
            if pysol_game is not None:
                sol = pysolfc.as_pysolfc(sol)
                sol.extra["pysol_game"] = pysol_game
        if numbered is not None:
            sol.extra["numbered"] = numbered
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
