"""The commands about positions: ``kabalsolve hint`` and ``kabalsolve show``, and how a
position file's own rules meet the rule options of the command line.

They are registered on the ``cli`` group of ``cli.py`` (which imports this module at
its end); exit statuses are those of ``cli.EXIT``.
"""
from __future__ import annotations

import sys
from typing import Any, Dict, Optional

import click

from .cli import EXIT, F, cli, fail, klondike_rules
from .dealfile import read_bytes, read_file
from .errors import KabalError, OptionError
from .games.klondike import Deal, Position, Rules
from .solver import solve_position


def with_rules(pos: Position, draw: int, passes: Optional[int],
               foundation_moves: bool) -> Position:
    """The position under the rules its file states, completed by the rule options given
    on the command line; an option that contradicts the file is an OptionError."""
    ctx = click.get_current_context()

    def on_line(name: str) -> bool:
        return ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE

    stated = {"draw": on_line("draw"),
              "passes": on_line("passes") or bool(on_line("vegas") and ctx.params["vegas"]),
              "foundation-moves": on_line("no_foundation_moves")}
    option = {"draw": "--draw", "passes": "--passes" if on_line("passes") else "--vegas",
              "foundation-moves": "--no-foundation-moves"}
    r = pos.rules
    have: Dict[str, Any] = {"draw": r.draw, "passes": r.passes,
                            "foundation-moves": r.foundation_moves}
    want: Dict[str, Any] = {"draw": draw, "passes": passes,
                            "foundation-moves": foundation_moves}
    new = dict(have)
    for key, on in stated.items():
        if not on:
            continue
        if key in pos.given_rules and want[key] != have[key]:
            v = have[key]
            text = ("yes" if v else "no") if key == "foundation-moves" else (
                "unlimited" if v is None else str(v))
            raise OptionError("the position file says %s: %s, and %s says otherwise"
                              % (key, text, option[key]))
        new[key] = want[key]
    if new == have:
        return pos
    p = pos.copy()
    p.rules = Rules(draw=new["draw"], passes=new["passes"],
                    foundation_moves=new["foundation-moves"])
    if p.rules.passes is not None and p.recycles + 1 > p.rules.passes:
        raise OptionError("the position has used %d passes, more than %s allows"
                          % (p.recycles + 1, option["passes"]))
    return p


def read_position_arg(name: str, draw: int, passes: Optional[int],
                      foundation_moves: bool) -> Position:
    """The Klondike position a command's file argument names (a deal file gives the
    position before any move), under the file's rules and the options."""
    d = read_bytes(sys.stdin.buffer.read(), "<stdin>") if name == "-" else read_file(name)
    if isinstance(d, Deal):
        return Position(d, Rules(draw=draw, passes=passes,
                                 foundation_moves=foundation_moves))
    if not isinstance(d, Position):
        raise OptionError("%s: positions, hints and the board are for Klondike only"
                          % name)
    return with_rules(d, draw, passes, foundation_moves)


def classic_only(variant: str) -> None:
    """Positions, hints and the board are for classic Klondike so far."""
    if variant != "classic":
        raise OptionError("--variant %s: hint and show are for classic Klondike only"
                          % variant)


def budget_options(f: F) -> F:
    f = click.option("--timeout", type=click.FloatRange(0, None, min_open=True),
                     default=None, help="Stop after this many seconds: what is left "
                     "undecided is then 'unknown'.")(f)
    f = click.option("--max-states", type=click.IntRange(1, None), default=None,
                     help="Positions each search may visit; past it: 'unknown'.")(f)
    return f


@cli.command("hint")
@click.argument("position", metavar="POSITION")
@klondike_rules
@click.option("--move", "move", default=None, metavar="MOVE",
              help="Only say whether this move (e.g. 'W T3', 'T2 F', 'D') forfeits the "
                   "win.")
@budget_options
def hint_cmd(position: str, draw: int, passes: Optional[int], no_foundation_moves: bool,
             variant: str, move: Optional[str], max_states: Optional[int],
             timeout: Optional[float]) -> None:
    """The moves of POSITION (a position or deal file, - for standard input) that keep
    the game winnable, best first; exit 0 if there is one, 1 if the position is lost."""
    from .hints import hint
    try:
        classic_only(variant)
        pos = read_position_arg(position, draw, passes, not no_foundation_moves)
        if move is not None:
            raise click.exceptions.Exit(_one_move(pos, move, max_states, timeout))
        h = hint(pos, max_states=max_states, timeout=timeout)
    except KabalError as e:
        raise fail(str(e))
    click.echo(str(h))
    raise click.exceptions.Exit(EXIT[h.result])


def _one_move(pos: Position, text: str, max_states: Optional[int],
              timeout: Optional[float]) -> int:
    """Print whether one move keeps the win; return the exit status."""
    m = pos.parse_move(text)
    head = "%s (%s)" % (pos.move_text(m), pos.describe(m))
    child = pos.copy()
    child.push(m)
    after = solve_position(child, max_states=max_states, timeout=timeout)
    if after.result == "won":
        click.echo("%s: keeps the win (a win in %d more moves)" % (head, len(after.moves)))
        return EXIT["won"]
    if after.result == "unknown":
        click.echo("%s: unknown (a budget ran out)" % head)
        return EXIT["unknown"]
    before = solve_position(pos, max_states=max_states, timeout=timeout)
    if before.result == "won":
        click.echo("%s: forfeits the win (the position can be won, but not after this "
                   "move)" % head)
    elif before.result == "lost":
        click.echo("%s: the position is lost already, with or without this move" % head)
    else:
        click.echo("%s: leaves a lost position" % head)
    return EXIT["lost"]


@cli.command()
@click.argument("deal", metavar="DEAL")
@klondike_rules
@click.option("--all", "show_all", is_flag=True,
              help="Print the board after every move at once (the default when the "
                   "output is not a terminal).")
@click.option("--at", "at", type=click.IntRange(0, None), default=None, metavar="N",
              help="Print the position after N moves of the solution as a position "
                   "file.")
@click.option("--html", "html", default=None, metavar="FILE",
              help="Write a self-contained web page that replays the solution.")
@budget_options
def show(deal: str, draw: int, passes: Optional[int], no_foundation_moves: bool,
         variant: str, show_all: bool, at: Optional[int], html: Optional[str],
         max_states: Optional[int], timeout: Optional[float]) -> None:
    """Solve DEAL (a deal or position file) and show the board after each move."""
    from .board_text import play_in_terminal
    try:
        classic_only(variant)
        pos = read_position_arg(deal, draw, passes, not no_foundation_moves)
        sol = solve_position(pos, max_states=max_states, timeout=timeout)
    except KabalError as e:
        raise fail(str(e))
    if sol.result != "won" and at != 0:
        click.echo("%s\nno solution to show" % sol.verdict_line())
        raise click.exceptions.Exit(EXIT[sol.result])
    if at is not None:
        if at > len(sol.moves):
            raise fail("--at %d: the solution has only %d moves" % (at, len(sol.moves)))
        p = pos.copy()
        for m in sol.moves[:at]:
            p.push(m)
        click.echo(p.to_text(comment="after %d of the %d moves of the solution"
                             % (at, len(sol.moves))), nl=False)
        return
    if html is not None:
        from .replay_html import replay_page
        try:
            with open(html, "w", encoding="utf-8") as fh:
                fh.write(replay_page(pos, sol.moves, title=deal))
        except OSError as e:
            raise fail("%s: cannot write: %s" % (html, e.strerror or e))
        click.echo("%s: %s" % (html, sol.verdict_line()))
        return
    play_in_terminal(pos, sol.moves, step=not show_all and sys.stdin.isatty()
                     and sys.stdout.isatty())
