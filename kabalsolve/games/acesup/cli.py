"""The Aces Up side of the position commands (``kabalsolve hint``, ``show``, and
``solve`` of a position file).

``cli.positions`` reads the file and hands an Aces Up deal or position here; the
functions print and return the exit status (``cli.options.EXIT``).  An Aces Up game that cannot be won
still has a best score, so ``--move`` also says whether a move lowers it, and ``show``
plays the line that reaches the best score, won or not.
"""
from __future__ import annotations

import sys
from typing import Any, Dict, Optional

import click

from ...cli.options import EXIT, fail, write_text_file
from ...errors import OptionError
from ...solution import UNKNOWN, WON, AcesUpSolution
from .board import play_in_terminal
from .bridge import solve_acesup_position
from .page import replay_page
from .rules import Deal, Position, Rules


def with_rules(pos: Position, strict: bool, discard_first: bool) -> Position:
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
    rules = Rules(strict=new["strict"], discard_first=new["discard-first"])
    if rules == pos.rules:
        return pos
    p = pos.copy()
    p.rules = rules
    return p


def position_of(d: Any, name: str, opts: Dict[str, Any]) -> Position:
    """The Aces Up position of a file's deal or position, under the file's rules and the
    command's options (``opts``: strict, discard_first)."""
    if isinstance(d, Deal):
        return Position(d, Rules(strict=opts["strict"], discard_first=opts["discard_first"]))
    return with_rules(d, opts["strict"], opts["discard_first"])


def solve_file_position(d: Position, opts: Dict[str, Any],
                        budgets: Dict[str, Any]) -> AcesUpSolution:
    """``kabalsolve solve`` of an Aces Up position file, at its rules and the options
    (``best_score``: False for the verdict only)."""
    return solve_acesup_position(with_rules(d, opts["strict"], opts["discard_first"]),
                                 opts["best_score"], **budgets)


def one_move(pos: Position, text: str, max_states: Optional[int],
                    timeout: Optional[float]) -> int:
    """Print whether one move keeps the win (or, in a lost position, the best score);
    return the exit status of the position after the move."""
    m = pos.parse_move(text)
    head = "%s (%s)" % (pos.move_text(m), pos.describe(m))
    child = pos.copy()
    child.push(m)
    after = solve_acesup_position(child, True, max_states, timeout)
    if after.result == WON:
        click.echo("%s: keeps the win" % head)
        return EXIT[WON]
    before = solve_acesup_position(pos, True, max_states, timeout)
    if UNKNOWN in (after.result, before.result) or not (after.score_proved
                                                        and before.score_proved):
        click.echo("%s: unknown (a budget ran out; best score %d found after it, %d "
                   "without it)" % (head, after.best, before.best))
        return EXIT[UNKNOWN]
    if before.result == WON:
        click.echo("%s: forfeits the win (best score %d after it)" % (head, after.best))
    elif after.best < before.best:
        click.echo("%s: lowers the best score from %d to %d" % (head, before.best,
                                                                after.best))
    else:
        click.echo("%s: keeps the best score (%d; the position is lost already)"
                   % (head, after.best))
    return EXIT[after.result]


def show(pos: Position, name: str, show_all: bool, at: Optional[int],
                html: Optional[str], force: bool, max_states: Optional[int],
                timeout: Optional[float]) -> int:
    """``kabalsolve show`` for Aces Up: the line to the best score (found, when a budget
    ran out), board by board (or the position after ``at`` of its moves, as a position
    file, or a replay page to the file ``html``, ``-`` for standard output); the exit
    status is the verdict's."""
    sol = solve_acesup_position(pos, True, max_states, timeout)
    status = EXIT[sol.result]
    if at is not None:
        if at > len(sol.moves):
            raise fail("--at %d: the line has only %d moves" % (at, len(sol.moves)))
        p = pos.copy()
        for m in sol.moves[:at]:
            p.push(m)
        click.echo(p.to_text(comment="after %d of the %d moves of the line to score %d%s"
                             % (at, len(sol.moves), sol.best,
                                "" if sol.score_proved else " (the best found: %s)"
                                % sol.result)), nl=False)
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
