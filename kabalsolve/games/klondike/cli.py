"""The Klondike side of the position commands (``kabalsolve hint``, ``show``, and
``solve`` of a position file): how a position file's own rules meet the rule options of
the command line, one move's verdict, and the board of a solution.

Each function returns the exit status (``cli.options.EXIT``) or raises a KabalError
that the command turns into its one error line.
"""
from __future__ import annotations

import dataclasses
import sys
from typing import Any, Dict, Optional, Union, overload

import click

from ...cli.options import EXIT, fail, write_text_file
from ...errors import DealError, OptionError
from ...solution import Solution
from .board import play_in_terminal
from .bridge import solve_klondike, solve_position
from .page import replay_page
from .position import PartialPosition, unknown_cards
from .rules import Deal, Position, Rules

AnyPosition = Union[Position, PartialPosition]


def every_card(d: Any, name: str, command: str, instead: str) -> None:
    """DealError if ``d`` is a position with unknown cards (``??``): ``command`` needs
    every card; ``instead`` says what takes it."""
    if isinstance(d, PartialPosition):
        raise DealError("%s: %s needs every card; %s"
                        % (unknown_cards(d.unknown()), command, instead), None, None,
                        "<stdin>" if name == "-" else name)


@overload
def with_rules(pos: Position, draw: int, passes: Optional[int],
               foundation_moves: bool, variant: Optional[str] = None) -> Position: ...
@overload
def with_rules(pos: PartialPosition, draw: int, passes: Optional[int],
               foundation_moves: bool, variant: Optional[str] = None) -> PartialPosition: ...


def with_rules(pos: AnyPosition, draw: int, passes: Optional[int],
               foundation_moves: bool, variant: Optional[str] = None) -> AnyPosition:
    """The position under the rules its file states, completed by the rule options given
    on the command line; an option that contradicts the file is an OptionError."""
    ctx = click.get_current_context()

    def on_line(name: str) -> bool:
        return ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE

    stated = {"draw": on_line("draw"),
              "passes": on_line("passes") or bool(on_line("vegas") and ctx.params["vegas"]),
              "foundation-moves": on_line("no_foundation_moves"),
              "variant": variant is not None and on_line("variant")}
    option = {"draw": "--draw", "passes": "--passes" if on_line("passes") else "--vegas",
              "foundation-moves": "--no-foundation-moves", "variant": "--variant"}
    r = pos.rules
    have: Dict[str, Any] = {"draw": r.draw, "passes": r.passes,
                            "foundation-moves": r.foundation_moves, "variant": r.variant}
    want: Dict[str, Any] = {"draw": draw, "passes": passes,
                            "foundation-moves": foundation_moves, "variant": variant}
    new = dict(have)
    for key, on in stated.items():
        if not on:
            continue
        if key in pos.given_rules and want[key] != have[key]:
            v = have[key]
            text = ("yes" if v else "no") if key == "foundation-moves" else (
                "unlimited" if v is None else str(v))
            raise OptionError("the %s file says %s: %s, and %s says otherwise"
                              % ("position" if not pos_at_start(pos) else "deal", key,
                                 text, option[key]))
        new[key] = want[key]
    if new == have:
        return pos
    if new["variant"] != have["variant"] and not pos_at_start(pos):
        raise OptionError("--variant %s applies to deals; a position part-way through a "
                          "game is classic Klondike" % new["variant"])
    if new["variant"] == "danish" and not on_line("draw"):
        new["draw"] = 3                         # the danish variant's only draw
    rules = Rules(draw=new["draw"], passes=new["passes"],
                  foundation_moves=new["foundation-moves"], variant=new["variant"])
    if rules.passes is not None and pos.recycles + 1 > rules.passes:
        raise OptionError("the position has used %d passes, more than %s allows"
                          % (pos.recycles + 1, option["passes"]))
    if isinstance(pos, PartialPosition):
        return dataclasses.replace(pos, rules=rules)
    p = pos.copy()
    p.rules = rules
    return p


def pos_at_start(pos: AnyPosition) -> bool:
    """Whether ``pos`` is a deal's first position (a deal file with its rules)."""
    return isinstance(pos, Position) and pos.at_start()


def position_of(d: Union[Deal, AnyPosition], name: str, opts: Dict[str, Any]) -> AnyPosition:
    """The Klondike position of a file's deal or position, under the file's rules and
    the command's options (``opts``: draw, passes, foundation_moves); positions are
    classic Klondike, so hint and show take no --variant.  A position with unknown cards
    (``??``) stays one: the commands that need every card refuse it."""
    if isinstance(d, Deal):
        return Position(d, Rules(draw=opts["draw"], passes=opts["passes"],
                                 foundation_moves=opts["foundation_moves"]))
    if d.rules.danish:
        raise OptionError("%s: hints and the board are for classic Klondike, and this deal "
                          "says variant: danish" % ("<stdin>" if name == "-" else name))
    return with_rules(d, opts["draw"], opts["passes"], opts["foundation_moves"])


def solve_file_position(d: Position, opts: Dict[str, Any],
                        budgets: Dict[str, Any]) -> Solution:
    """``kabalsolve solve`` of a Klondike position file, at its rules and the options."""
    pos = with_rules(d, opts["draw"], opts["passes"], opts["foundation_moves"],
                     opts["variant"])
    if pos.rules.danish and pos_at_start(pos):
        # a deal with its rules, of the danish variant: solved as its deal is
        return solve_klondike(pos.to_deal(), pos.rules, objective=opts["objective"],
                              **budgets)
    return solve_position(pos, objective=opts["objective"], **budgets)


def one_move(pos: Position, text: str, max_states: Optional[int],
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


def show(pos: Position, name: str, show_all: bool, at: Optional[int],
         html: Optional[str], force: bool, max_states: Optional[int],
         timeout: Optional[float]) -> int:
    """``kabalsolve show`` for Klondike: the solution, board by board (or the position
    after ``at`` of its moves, as a position file, or a replay page to the file
    ``html``, ``-`` for standard output); the exit status is the verdict's."""
    sol = solve_position(pos, max_states=max_states, timeout=timeout)
    status = EXIT[sol.result]
    if sol.result != "won" and at != 0:
        why = ("lost: no line wins" if sol.result == "lost" else
               "unknown: a budget ran out before a win was found")
        click.echo("%s\nno solution to show (%s)%s" % (
            sol.verdict_line(), why, "" if html is None else
            "; no page written" + ("" if html == "-" else " to %s" % html)))
        return status
    if at is not None:
        if at > len(sol.moves):
            raise fail("--at %d: the solution has only %d moves" % (at, len(sol.moves)))
        p = pos.copy()
        for m in sol.moves[:at]:
            p.push(m)
        comment = ("after %d of the %d moves of the solution" % (at, len(sol.moves))
                   if sol.result == "won" else "%s: the position itself" % sol.result)
        click.echo(p.to_text(comment=comment), nl=False)
        return status
    if html is not None:
        write_text_file(html, replay_page(pos, sol.moves, title=name), force)
        if html != "-":
            click.echo("%s: %s" % (html, sol.verdict_line()))
        return status
    click.echo(sol.verdict_line())
    play_in_terminal(pos, sol.moves, step=not show_all and sys.stdin.isatty()
                     and sys.stdout.isatty())
    return status
