"""What the commands share: the exit statuses, the one-line error, number options whose
range reads as words, the rule options of each game and the budgets, and the check that
a rule option fits the deal's game."""
from __future__ import annotations

import math
import os
from typing import Any, Callable, Optional, Protocol, TypeVar

import click

from ..bridge import MAX_MEMORY_MB, MAX_STATES, MAX_TIMEOUT
from ..digits import is_decimal, is_digits
from ..errors import OptionError
from ..formats.syntax import clip
from ..games import GAMES

F = TypeVar("F", bound=Callable[..., Any])

#: exit status by outcome
EXIT = {"won": 0, "lost": 1, "unknown": 3, "error": 2}

#: the longest error line: a message quoting a whole input file is cut to it
MAX_ERROR_LINE = 300


def error_line(message: str) -> str:
    """``kabalsolve: error: message`` as one line of at most MAX_ERROR_LINE characters:
    line breaks and other control characters written as escapes, the end clipped with
    an ellipsis."""
    line = "kabalsolve: error: " + "".join(
        ch if ch.isprintable() else repr(ch)[1:-1] for ch in message[:2 * MAX_ERROR_LINE])
    return clip(line, MAX_ERROR_LINE - 3)


def fail(message: str) -> "click.exceptions.Exit":
    """Print one error line on stderr and leave with status 2."""
    click.echo(error_line(message), err=True)
    return click.exceptions.Exit(EXIT["error"])


def _bound(n: float) -> str:
    """A range's end as a person reads it: 10**18, 2**64 - 1, rather than their many
    digits."""
    if n == int(n) and abs(n) >= 10**6:
        m = int(n)
        for base in (2, 10):
            for v, tail in ((m, ""), (m + 1, " - 1")):
                k = round(math.log(v, base))
                if base ** k == v:
                    return "%d**%d%s" % (base, k, tail)
    return "%g" % n if isinstance(n, float) else str(n)


class _NumberRange(Protocol):
    """What ReadableRange reads of the click number range it is mixed into (IntRange's
    ends are ints, FloatRange's floats; older clicks say float for both)."""

    @property
    def min(self) -> Optional[float]: ...

    @property
    def max(self) -> Optional[float]: ...

    @property
    def min_open(self) -> bool: ...

    @property
    def max_open(self) -> bool: ...

    def _describe_range(self) -> str: ...


class ReadableRange:
    """Mixed into click's number ranges: the range in the help, and in the error for a
    value outside it, reads "1 to 24", "1 or more", "more than 0, at most 10**9", not
    "1<=x<=24"."""

    def _describe_range(self: _NumberRange) -> str:
        lo, hi = self.min, self.max
        if lo is None:
            # click's range, next in the method order, has it; mypy sees only the
            # protocol's empty body
            return super()._describe_range()  # type: ignore[safe-super]
        if hi is None:
            return ("more than %s" if self.min_open else "%s or more") % _bound(lo)
        if not (self.min_open or self.max_open):
            return "%s to %s" % (_bound(lo), _bound(hi))
        return "%s %s, %s %s" % ("more than" if self.min_open else "at least", _bound(lo),
                                 "less than" if self.max_open else "at most", _bound(hi))


class Whole(ReadableRange, click.IntRange):
    """A whole number from ``lo`` to ``hi`` written in ASCII digits: click's own integer
    also reads ``1_0`` as 10 and the digits of every script."""

    def __init__(self, lo: int, hi: Optional[int] = None) -> None:
        super().__init__(lo, hi)

    def convert(self, value: Any, param: Optional[click.Parameter],
                ctx: Optional[click.Context]) -> int:
        if isinstance(value, str) and not is_digits(value):
            self.fail("%r is not a whole number (write it with the digits 0-9)"
                      % clip(value), param, ctx)
        return super().convert(value, param, ctx)


class Seconds(ReadableRange, click.FloatRange):
    """A number of seconds, more than 0 and at most MAX_TIMEOUT, written in ASCII
    digits with at most one point (click's own float also reads ``nan``, ``1e9``,
    ``1_0`` and the digits of every script)."""

    def __init__(self) -> None:
        super().__init__(0, MAX_TIMEOUT, min_open=True)

    def convert(self, value: Any, param: Optional[click.Parameter],
                ctx: Optional[click.Context]) -> float:
        if isinstance(value, str):
            if not is_decimal(value):
                self.fail("%r is not a number of seconds (write it with the digits 0-9 "
                          "and at most one point)" % clip(value), param, ctx)
            # click's own wording here ("0.0 is not in the range more than 0, ...")
            # echoes a number the user did not write and reads awkwardly for an open end
            seconds = float(value)
            if seconds <= 0:
                self.fail("must be more than 0 seconds, not %s" % clip(value), param, ctx)
            if seconds > MAX_TIMEOUT:
                self.fail("must be at most %s seconds, not %s"
                          % (_bound(MAX_TIMEOUT), clip(value)), param, ctx)
        return super().convert(value, param, ctx)


#: the option types of the budgets, the same in every command
MAX_STATES_TYPE = Whole(1, MAX_STATES)
MAX_MEMORY_TYPE = Whole(4, MAX_MEMORY_MB)


def klondike_rules(f: F) -> F:
    """The Klondike rule options, the same for every command that takes them."""
    f = klondike_position_rules(f)
    f = click.option("--variant", type=click.Choice(["classic", "danish"]),
                     default="classic", show_default=True,
                     help="Klondike: danish = the queue stock of 7-kabale (draw 3; only "
                          "the current three play, the rest go under the stock).")(f)
    return f


def klondike_position_rules(f: F) -> F:
    """The Klondike rule options of the commands about positions (hint, show): those of
    ``klondike_rules`` but --variant, since positions are classic Klondike."""
    f = click.option("--no-foundation-moves", is_flag=True,
                     help="Klondike: no moves back from the foundations to the tableau.")(f)
    f = click.option("--passes", type=Whole(1, 255), default=None, metavar="N",
                     help="Klondike: passes through the stock allowed (default: "
                          "unlimited).")(f)
    f = click.option("--draw", type=Whole(1, 24), default=3, show_default=True,
                     metavar="N", help="Klondike: cards turned from the stock at a time.")(f)
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


#: the help of --max-memory (solve, batch): what the default does
MAX_MEMORY_HELP = ("The most memory the search's table may use, in MiB (default 8192). "
                   "The table starts small and grows as the search needs, up to this; a "
                   "search that needs more stops, and the answer is 'unknown'.")


def budget_options(f: F) -> F:
    """--max-states and --timeout, as the position commands (hint, show) take them."""
    f = click.option("--timeout", type=Seconds(), default=None, metavar="SECONDS",
                     help="Stop after this many seconds: what is left undecided is then "
                          "'unknown'.")(f)
    f = click.option("--max-states", type=MAX_STATES_TYPE, default=None, metavar="N",
                     help="Positions each search may visit; past it: 'unknown'.")(f)
    return f


#: the help of --force wherever a command writes a file
FORCE_HELP = "Overwrite the file if it exists (without it, an existing file is an error)."


def refuse_existing(path: str, force: bool, instead: str = "") -> None:
    """OptionError if ``path`` exists and ``force`` is not given (``write_text_file``'s
    rule, checked before a long search as well as when the file is written)."""
    if not force and path != "-" and os.path.lexists(path):
        raise OptionError("%s exists already: give --force to overwrite it%s"
                          % (path, ", or " + instead if instead else ""))


def write_text_file(path: str, text: str, force: bool = False, instead: str = "") -> None:
    """The one rule for a file a command writes (``show --html``, ``generate --out``):
    ``-`` is standard output; a file that exists already is never replaced unless
    ``force`` (it may be the deal itself, or hold notes of its own), and is an
    OptionError saying so (``instead``: what else to give, e.g. "another --out").
    A failure to write is an OptionError naming the file."""
    if path == "-":
        click.echo(text, nl=False)
        return
    refuse_existing(path, force, instead)
    try:
        with open(path, "w" if force else "x", encoding="utf-8") as fh:
            fh.write(text)
    except FileExistsError:
        raise OptionError("%s exists already: give --force to overwrite it%s"
                          % (path, ", or " + instead if instead else "")) from None
    except OSError as e:
        raise OptionError("%s: cannot write: %s" % (path, e.strerror or e)) from None
