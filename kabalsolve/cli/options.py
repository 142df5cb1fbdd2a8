"""What the commands share: the exit statuses, the one-line error, the rule options of
each game and the budgets, and the check that a rule option fits the deal's game."""
from __future__ import annotations

from typing import Any, Callable, TypeVar

import click

from ..games import GAMES

F = TypeVar("F", bound=Callable[..., Any])

#: exit status by outcome
EXIT = {"won": 0, "lost": 1, "unknown": 3, "error": 2}


def fail(message: str) -> "click.exceptions.Exit":
    """Print one error line on stderr and leave with status 2."""
    click.echo("kabalsolve: error: %s" % message, err=True)
    return click.exceptions.Exit(EXIT["error"])


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
            raise fail("--%s does not apply to %s" % (name.replace("_", "-"),
                                                       GAMES[game].title))


def budget_options(f: F) -> F:
    """--max-states and --timeout, as the position commands (hint, show) take them."""
    f = click.option("--timeout", type=click.FloatRange(0, None, min_open=True),
                     default=None, help="Stop after this many seconds: what is left "
                     "undecided is then 'unknown'.")(f)
    f = click.option("--max-states", type=click.IntRange(1, None), default=None,
                     help="Positions each search may visit; past it: 'unknown'.")(f)
    return f


def write_text_file(path: str, text: str) -> None:
    """Write ``text`` to the file ``path`` (UTF-8); a failure is the one error line."""
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as e:
        raise fail("%s: cannot write: %s" % (path, e.strerror or e))
