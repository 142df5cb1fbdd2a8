"""The progress display of the commands that take long (``batch``, ``stats``,
``generate --winnable``): one look for all three, click's progress bar on standard
error with the count, the share done, the rate and the time left, and a note of the
command's own (the verdicts so far, the deals tried).

It shows only on a terminal: when standard error is a file or a pipe (a log, a job
scheduler), nothing at all is written, so the output stays what the command itself
prints.
"""
from __future__ import annotations

import sys
import time
from typing import IO, Any, Optional, TextIO, TypeVar

import click

#: seconds between two redraws at most
REDRAW = 0.1

_P = TypeVar("_P", bound="Progress")


def clock_text(seconds: float) -> str:
    """A time as h:mm:ss, e.g. 0:01:05."""
    s = int(seconds + 0.5)
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):     # no isatty, or closed
        return False


class Progress:
    """A progress bar for ``total`` deals, labelled ``label``, on ``stream`` (standard
    error unless given) when it is a terminal; otherwise every call does nothing.

    ``advance()`` after each deal, with the note to show after the rate and the time
    left; use it as a context manager (or call ``close()``) so that the bar's line is
    ended before anything else is printed, Ctrl-C and errors included."""

    def __init__(self, total: int, label: str, stream: Optional[TextIO] = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.total, self.done, self.waiting = total, 0, 0
        self.note = ""
        self.t0 = self.shown = time.perf_counter()
        self.bar: Any = None
        if total > 0 and is_terminal(self.stream):
            self.bar = click.progressbar(length=total, label=label, file=self.stream,
                                         show_pos=True, show_percent=True, show_eta=False,
                                         item_show_func=self.info, width=20)
            self.bar.__enter__()

    def info(self, _item: Any = None) -> str:
        """What follows the bar's count and share: the rate, the time left, the note."""
        elapsed = time.perf_counter() - self.t0
        rate = self.done / elapsed if elapsed > 0 else 0.0
        parts = ["%.1f deals/s" % rate]
        if rate > 0 and self.done < self.total:
            parts.append("ETA %s" % clock_text((self.total - self.done) / rate))
        if self.note:
            parts.append(self.note)
        return "  ".join(parts)

    def advance(self, n: int = 1, note: str = "") -> None:
        """``n`` more deals done; ``note`` replaces the note shown."""
        self.done += n
        self.note = note
        if self.bar is None:
            return
        self.waiting += n
        now = time.perf_counter()
        if now - self.shown >= REDRAW or self.done >= self.total:
            self.shown = now
            self.bar.update(self.waiting)
            self.waiting = 0

    def close(self) -> None:
        """Draw the last state and end the bar's line (once)."""
        if self.bar is None:
            return
        if self.waiting:
            self.bar.update(self.waiting)
            self.waiting = 0
        self.bar.__exit__(None, None, None)
        self.bar = None

    def __enter__(self: _P) -> _P:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
