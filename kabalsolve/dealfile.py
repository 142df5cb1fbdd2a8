"""Reading deals and positions from text, bytes and files, in any format.

The entry points of the file-format layer: ``read_deal`` (text or a path),
``read_file``, ``read_bytes`` and ``read_position``.  The formats themselves are in
``kabalsolve.formats`` (our text files in ``formats.text``).
"""
from __future__ import annotations

import os
from typing import IO, Any, Optional, Union

from . import formats
from .digits import is_digits
from .errors import DealError
from .games import klondike

#: the most bytes a deal or position file may have: a deal takes a few hundred, so
#: anything near this is not a deal, and an endless input (a device, a pipe that never
#: ends) is cut off here instead of filling the memory
MAX_BYTES = 256 * 1024


def read_position(text_or_path: Union[str, "os.PathLike[str]"]
                  ) -> Union[klondike.Position, klondike.PartialPosition]:
    """Read a Klondike position (a deal file gives the position before any move, at the
    default rules); the same text-or-path rule as ``read_deal``.  A position with
    unknown cards (``??``) is a ``PartialPosition``."""
    d = read_deal(text_or_path)
    if isinstance(d, klondike.Deal):
        return klondike.Position(d)
    if not isinstance(d, (klondike.Position, klondike.PartialPosition)):
        raise DealError("positions are only supported for Klondike, not %s" % d.game)
    return d


def read_deal(text_or_path: Union[str, "os.PathLike[str]"],
              format: Optional[str] = None) -> Any:
    """Read a deal from text, or from a file, in ``format`` (one of
    ``kabalsolve.formats.FORMATS``; None: recognised by its look).

    A ``str`` that holds a newline, a ``:`` or a ``{``, or is all digits (and names no
    existing file) is deal text; any other ``str`` or path object names a file.
    """
    if isinstance(text_or_path, str) and not os.path.exists(text_or_path) and (
            any(ch in text_or_path for ch in "\n:{") or is_digits(text_or_path.strip())):
        return formats.read(text_or_path, format)
    return read_file(text_or_path, format)


def read_bytes(data: bytes, source: Optional[str] = None,
               format: Optional[str] = None) -> Any:
    """Decode a deal file's bytes (UTF-8, with or without a byte-order mark) and parse it
    in ``format`` (None: recognised by its look, see kabalsolve.formats)."""
    if not isinstance(data, bytes):
        raise DealError("read_bytes takes bytes, not %s" % type(data).__name__,
                        None, None, source)
    if len(data) > MAX_BYTES:
        raise DealError("this is too long for a deal file (more than %d KiB)"
                        % (MAX_BYTES // 1024), None, None, source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DealError("this is not a UTF-8 text deal file (bad byte at offset %d)" % e.start,
                        None, None, source) from None
    return formats.read(text, format, source)


def read_file(path: Union[str, "os.PathLike[str]"],
              format: Optional[str] = None) -> Any:
    """Read the deal in a file (``format``: as in ``read_bytes``); a file longer than
    MAX_BYTES is refused without being read whole."""
    try:
        name = os.fspath(path)
    except TypeError:
        raise DealError("a deal is given as text or a path, not %s"
                        % type(path).__name__) from None
    try:
        with open(name, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except (OSError, ValueError) as e:    # ValueError: a NUL in the path
        raise DealError("cannot read the file: %s" % (getattr(e, "strerror", None) or e),
                        None, None, str(name)) from None
    return read_bytes(data, str(name), format)


def read_stream(fh: IO[bytes], source: Optional[str] = None,
                format: Optional[str] = None) -> Any:
    """Read the deal in an open binary file (standard input, say) as ``read_bytes``
    does, reading no more than one byte past MAX_BYTES."""
    return read_bytes(fh.read(MAX_BYTES + 1), source, format)
