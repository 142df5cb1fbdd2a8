"""The ``kabalsolve`` command: a click group with one module per command family.

``kabalsolve DEAL [OPTIONS]`` is ``kabalsolve solve DEAL [OPTIONS]``: a first word that
is not a subcommand is taken as a deal, so options may come before or after it.  The
exit statuses (one table, used everywhere) are ``options.EXIT``.

=========== =================================================================
options     exit statuses, the error line, rule options, budgets
solve       ``solve`` (the default command)
generate    ``generate``
stats       ``stats``
batch       ``batch``
positions   ``hint`` and ``show`` (each game's side in ``games/<game>/cli.py``)
play        ``play``: a Klondike game played without peeking
numbered    deals named NAME:NUMBER (other programs' numbers) and ``number``
progress    the progress bar of ``batch``, ``stats`` and ``generate --winnable``
=========== =================================================================
"""
from __future__ import annotations

import errno
import io
import os
import sys
from typing import Any, Dict, List, NoReturn, Optional

try:
    import fcntl
except ImportError:     # not on POSIX: no descriptor flags to read
    fcntl = None  # type: ignore[assignment]

import click

from .._version import __version__
from . import batch, generate, numbered, play, positions, solve, stats
from .options import EXIT, error_line


class DefaultToSolve(click.Group):
    """A group whose first argument, when it is not a subcommand, is a deal for ``solve``."""

    def parse_args(self, ctx: click.Context, args: List[str]) -> List[str]:
        if args and args[0] not in self.commands and args[0] not in (
                "--help", "-h", "--version"):
            args = ["solve"] + list(args)
        if args and args[0] in self.commands:
            refuse_repeated(self.commands[args[0]], list(args[1:]))
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: click.Context) -> List[str]:
        """The commands in the order they were added (solve first), not sorted."""
        return list(self.commands)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a fault of the system (a closed pipe, a full disk, a closed
        standard stream) leaves it as a ``StreamFault``, which click passes on untouched:
        how click itself treats an ``OSError`` has changed between its releases (8.5.1
        ends a closed pipe with status 1, which here means "lost")."""
        try:
            return super().invoke(ctx)
        except OSError as e:
            raise StreamFault(e) from e


def refuse_repeated(cmd: click.Command, args: List[str]) -> None:
    """A UsageError if an option that takes one value is given twice (``--seeds 1-3
    --seeds 5-6``): click would keep the last and drop the first without a word.  A
    flag given twice says the same thing twice, and passes."""
    options: Dict[str, click.Option] = {}
    for p in cmd.params:
        if isinstance(p, click.Option):
            for o in p.opts + p.secondary_opts:
                options[o] = p
    seen: Dict[str, str] = {}
    i = 0
    while i < len(args):
        a = args[i]
        i += 1
        if a == "--":
            break
        if not a.startswith("-") or a == "-":
            continue
        name = a.split("=", 1)[0] if a.startswith("--") else a[:2]
        opt = options.get(name)
        if opt is None or opt.is_flag or opt.count:
            continue
        if ("=" not in a) if a.startswith("--") else len(a) == 2:
            i += 1                          # its value, whatever it looks like
        if opt.multiple or opt.name is None:
            continue
        if opt.name in seen:
            both = ("" if seen[opt.name] == name
                    else " (as %s and as %s)" % (seen[opt.name], name))
            raise click.UsageError(
                "%s is given twice%s: it takes one value, and a second would replace the "
                "first; give it once" % (max(opt.opts, key=len), both))
        seen[opt.name] = name


class StreamFault(Exception):
    """An ``OSError`` raised while a command ran, carried past click to ``main``."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class ClosedStreamError(OSError):
    """Reading or writing a standard stream that was closed when kabalsolve started."""


class ClosedStream(io.TextIOBase):
    """Stands for a standard stream the command was started without (``>&-``,
    ``<&-``): Python leaves such a stream ``None``, and writing to it would silently do
    nothing.  Reading or writing it is an ``OSError`` naming the stream."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    @property
    def buffer(self) -> "ClosedStream":
        return self

    def _closed(self, *args: Any) -> NoReturn:
        raise ClosedStreamError(errno.EBADF, "%s is closed" % self.name)

    read = readline = write = _closed

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        """Nothing was written, so nothing to flush."""


def _guard_standard_streams() -> None:
    """Put a ``ClosedStream`` in place of each standard stream that is closed, and the
    null device on its descriptor, so that no file the command opens later takes
    descriptor 0, 1 or 2 (and a worker process inherits no surprise)."""
    try:   # started with 2>&-: a file Python opened may hold descriptor 2, read-only
        if fcntl is not None and fcntl.fcntl(2, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY:
            sys.stderr = open(os.devnull, "w")
    except OSError:
        pass
    for fd, name, attr in ((0, "standard input", "stdin"), (1, "standard output", "stdout"),
                           (2, "standard error", "stderr")):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        try:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
        except OSError:
            pass
        # standard error closed: its messages have nowhere to go, and the exit status
        # still tells the outcome (an error there must not turn status 2 into a crash)
        setattr(sys, attr, open(os.devnull, "w") if fd == 2 else ClosedStream(name))


@click.group(cls=DefaultToSolve, context_settings={"help_option_names": ["-h", "--help"]},
             subcommand_metavar="DEAL | COMMAND [ARGS]...")
@click.version_option(__version__, prog_name="kabalsolve")
def cli() -> None:
    """Decide whether a solitaire deal (Klondike, Aces Up, Clock) can be won, and
    print how.  A DEAL in place of a command is solved: kabalsolve DEAL is kabalsolve
    solve DEAL, and 'kabalsolve solve --help' lists its options (the rules, the
    budgets, the output).  'kabalsolve COMMAND --help' shows any command's options
    and examples.

    \b
    Examples:
      kabalsolve deal.txt              solve a Klondike deal (draw 3)
      kabalsolve --draw 1 deal.txt     draw one card at a time
      kabalsolve - < deal.txt          read the deal from standard input
      kabalsolve --pysol 12345         solve PySolFC's Klondike game 12345
      kabalsolve greenfelt:12345       GreenFelt's game 12345 (or solvitaire:N, ...)
      kabalsolve solve --help          the options of solve

    Exit status: 0 won, 1 lost, 3 unknown (a budget ran out), 2 bad input or usage.
    """


cli.add_command(solve.solve_cmd, "solve")
cli.add_command(positions.hint_cmd, "hint")
cli.add_command(positions.show)
cli.add_command(play.play_cmd, "play")
cli.add_command(generate.generate)
cli.add_command(batch.batch)
cli.add_command(stats.stats)
cli.add_command(numbered.number_cmd, "number")


def _drop_output() -> None:
    """Point standard output at the null device: what is left in its buffer would
    otherwise be written again when Python exits, and fail again with a traceback."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):   # ValueError: standard output has no descriptor
        pass


def _os_fault(e: OSError) -> NoReturn:
    """Leave with status 2 after a fault of the system: quietly for a closed pipe
    (``| head`` has all it wanted), with one error line for anything else."""
    _drop_output()
    if e.errno != errno.EPIPE and not isinstance(e, BrokenPipeError):
        if isinstance(e, ClosedStreamError):
            where = ""
        else:
            where = "%s: " % e.filename if e.filename else "cannot write the output: "
        try:
            click.echo(error_line(where + (e.strerror or str(e))), err=True)
        except OSError:
            pass
    sys.exit(EXIT["error"])


def main(argv: Optional[List[str]] = None) -> None:
    """Entry point: run the command and turn usage errors into one line and status 2;
    so too a fault writing the output (a full disk, a closed standard output); a closed
    pipe (``| head``) ends the command quietly with status 2.  These faults are handled
    here, whatever the version of click: ``DefaultToSolve.invoke`` hands them over as
    ``StreamFault``, and what is still buffered is flushed here, not at exit."""
    _guard_standard_streams()
    try:
        rv = cli.main(args=argv, prog_name="kabalsolve", standalone_mode=False)
        sys.stdout.flush()
    except StreamFault as e:
        _os_fault(e.error)
    except click.exceptions.Exit as e:
        try:
            sys.stdout.flush()
        except OSError as fault:
            _os_fault(fault)
        sys.exit(e.exit_code)
    except click.exceptions.NoArgsIsHelpError as e:
        click.echo(e.ctx.get_help() if e.ctx else "usage: kabalsolve DEAL [OPTIONS]")
        sys.exit(EXIT["error"])
    except click.UsageError as e:
        msg = e.format_message()
        if e.ctx is not None and e.ctx.command_path and e.ctx.command_path != "kabalsolve":
            msg = "%s (see '%s --help')" % (msg, e.ctx.command_path)
        click.echo(error_line(msg), err=True)
        sys.exit(EXIT["error"])
    except click.ClickException as e:
        click.echo(error_line(e.format_message()), err=True)
        sys.exit(EXIT["error"])
    except click.Abort:
        click.echo("kabalsolve: interrupted", err=True)
        sys.exit(130)
    except OSError as e:
        _os_fault(e)
    sys.exit(rv if isinstance(rv, int) else 0)
