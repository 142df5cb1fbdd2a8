"""The commands about positions: ``kabalsolve hint`` and ``kabalsolve show``, and how a
position file's own rules meet the rule options of the command line.

They are registered on the ``cli`` group of ``cli.py`` (which imports this module at
its end); exit statuses are those of ``cli.EXIT``.
"""
from __future__ import annotations

import sys
from typing import Any, Dict, Optional, Union

import click

from .cli import EXIT, F, acesup_rules, cli, fail, game_options, klondike_rules
from .dealfile import read_bytes, read_file
from .errors import KabalError, OptionError
from .games import acesup
from .games.klondike import Deal, Position, Rules
from .solver import solve_position

AnyPosition = Union[Position, acesup.Position]


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


def acesup_with_rules(pos: acesup.Position, strict: bool,
                      discard_first: bool) -> acesup.Position:
    """The Aces Up position under the rules its file states, completed by the rule
    options given on the command line (flags: given means yes); an option that
    contradicts the file is an OptionError."""
    ctx = click.get_current_context()
    new = {"strict": pos.rules.strict, "discard-first": pos.rules.discard_first}
    for key, value in (("strict", strict), ("discard-first", discard_first)):
        name = key.replace("-", "_")
        if ctx.get_parameter_source(name) != click.core.ParameterSource.COMMANDLINE:
            continue
        if key in pos.given_rules and not new[key]:
            raise OptionError("the position file says %s: no, and --%s says otherwise"
                              % (key, key))
        new[key] = value
    rules = acesup.Rules(strict=new["strict"], discard_first=new["discard-first"])
    if rules == pos.rules:
        return pos
    p = pos.copy()
    p.rules = rules
    return p


def read_any_position(name: str, draw: int, passes: Optional[int],
                      foundation_moves: bool, variant: str, strict: bool,
                      discard_first: bool) -> AnyPosition:
    """The Klondike or Aces Up position a command's file argument names (a deal file
    gives the position before any move), under the file's rules and the options; a
    rule option of the other game is refused."""
    d = read_bytes(sys.stdin.buffer.read(), "<stdin>") if name == "-" else read_file(name)
    game_options(click.get_current_context(), d.game)
    if isinstance(d, acesup.Deal):
        return acesup.Position(d, acesup.Rules(strict=strict, discard_first=discard_first))
    if isinstance(d, acesup.Position):
        return acesup_with_rules(d, strict, discard_first)
    classic_only(variant)
    return klondike_position(d, name, draw, passes, foundation_moves)


def klondike_position(d: Any, name: str, draw: int, passes: Optional[int],
                      foundation_moves: bool) -> Position:
    """The Klondike position of a file's deal or position, under the file's rules and
    the options."""
    if isinstance(d, Deal):
        return Position(d, Rules(draw=draw, passes=passes,
                                 foundation_moves=foundation_moves))
    if not isinstance(d, Position):
        raise OptionError("%s: positions, hints and the board are for Klondike and "
                          "Aces Up only" % name)
    return with_rules(d, draw, passes, foundation_moves)


def classic_only(variant: str) -> None:
    """Klondike positions, hints and the board are for classic Klondike so far."""
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
@acesup_rules
@click.option("--move", "move", default=None, metavar="MOVE",
              help="Only say whether this move (e.g. 'W T3', 'T2 F', 'D'; Aces Up 'D', "
                   "'P2 X', 'P3 P1') forfeits the win (Aces Up: or lowers the best "
                   "score).")
@budget_options
def hint_cmd(position: str, draw: int, passes: Optional[int], no_foundation_moves: bool,
             variant: str, strict: bool, discard_first: bool, move: Optional[str],
             max_states: Optional[int], timeout: Optional[float]) -> None:
    """The moves of POSITION (a position or deal file, - for standard input) that keep
    the game winnable, best first; exit 0 if there is one, 1 if the position is lost.
    Aces Up also gives the best score reachable after each move."""
    from .hints import hint
    try:
        pos = read_any_position(position, draw, passes, not no_foundation_moves, variant,
                                strict, discard_first)
        if move is not None:
            if isinstance(pos, acesup.Position):
                from .cli_acesup import one_acesup_move
                raise click.exceptions.Exit(one_acesup_move(pos, move, max_states,
                                                            timeout))
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
@acesup_rules
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
         variant: str, strict: bool, discard_first: bool, show_all: bool,
         at: Optional[int], html: Optional[str], max_states: Optional[int],
         timeout: Optional[float]) -> None:
    """Solve DEAL (a deal or position file) and show the board after each move (Aces Up:
    of the line that reaches the best score)."""
    from .board_text import play_in_terminal
    try:
        any_pos = read_any_position(deal, draw, passes, not no_foundation_moves, variant,
                                    strict, discard_first)
        if isinstance(any_pos, acesup.Position):
            from .cli_acesup import show_acesup
            raise click.exceptions.Exit(show_acesup(any_pos, deal, show_all, at, html,
                                                    max_states, timeout))
        pos = any_pos
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
