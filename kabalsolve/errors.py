"""The few error kinds kabalsolve raises.  All are ``ValueError`` subclasses.

A user-facing error names the problem and, where it comes from a file, the line
(1-based) and the column (1-based) it was found on.  The CLI turns any of them into
one line on stderr and exit status 2.
"""
from __future__ import annotations

from typing import Optional


class KabalError(ValueError):
    """Base class of every error kabalsolve raises on purpose."""


class DealError(KabalError):
    """A deal or position that cannot be read or is not a legal deal."""

    def __init__(self, message: str, line: Optional[int] = None,
                 column: Optional[int] = None, source: Optional[str] = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.source = source
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append("line %d" % self.line)
            if self.column is not None:
                where.append("column %d" % self.column)
        return (", ".join(where) + ": " + self.message) if where else self.message


class MoveError(KabalError):
    """A move that cannot be parsed, or that is illegal in the given position."""


class OptionError(KabalError):
    """A rule option that is out of range or unknown."""


class SolverError(KabalError):
    """The core returned something the reference rules refuse: a bug, never bad input."""
