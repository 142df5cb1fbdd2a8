"""The Aces Up side of ``kabalsolve hint --move`` and ``kabalsolve show``.

``cli_positions`` reads the file and hands an Aces Up position here; the functions
print and return the exit status (``cli.EXIT``).  An Aces Up game that cannot be won
still has a best score, so ``--move`` also says whether a move lowers it, and ``show``
plays the line that reaches the best score, won or not.
"""
from __future__ import annotations

import sys
from typing import Optional

import click

from .cli import EXIT, fail
from .games.acesup import Position
from .solution import UNKNOWN, WON
from .solver import solve_acesup_position


def one_acesup_move(pos: Position, text: str, max_states: Optional[int],
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


def show_acesup(pos: Position, name: str, show_all: bool, at: Optional[int],
                html: Optional[str], max_states: Optional[int],
                timeout: Optional[float]) -> int:
    """``kabalsolve show`` for Aces Up: the line to the best score, board by board (or
    the position after ``at`` of its moves, as a position file, or a replay page)."""
    from .board_acesup import play_in_terminal
    sol = solve_acesup_position(pos, True, max_states, timeout)
    if at is not None:
        if at > len(sol.moves):
            raise fail("--at %d: the line has only %d moves" % (at, len(sol.moves)))
        p = pos.copy()
        for m in sol.moves[:at]:
            p.push(m)
        click.echo(p.to_text(comment="after %d of the %d moves of the line to score %d"
                             % (at, len(sol.moves), sol.best)), nl=False)
        return 0
    if html is not None:
        from .replay_html_acesup import replay_page
        try:
            with open(html, "w", encoding="utf-8") as fh:
                fh.write(replay_page(pos, sol.moves, title=name))
        except OSError as e:
            raise fail("%s: cannot write: %s" % (html, e.strerror or e))
        click.echo("%s: %s" % (html, sol.verdict_line()))
        return EXIT[sol.result]
    click.echo(sol.verdict_line())
    play_in_terminal(pos, sol.moves, step=not show_all and sys.stdin.isatty()
                     and sys.stdout.isatty())
    return EXIT[sol.result]
