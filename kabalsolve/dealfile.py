"""Reading deals and positions from text, bytes and files, in any format.

The entry points of the file-format layer: ``read_deal`` (text or a path),
``read_file``, ``read_bytes`` and ``read_position``.  The formats themselves are in
``kabalsolve.formats`` (our text files in ``formats.text``).
"""
from __future__ import annotations

import os
from typing import Any, Optional, Union

from . import formats
from .errors import DealError
from .games import klondike


def read_position(text_or_path: Union[str, "os.PathLike[str]"]) -> klondike.Position:
    """Read a Klondike position (a deal file gives the position before any move, at the
    default rules); the same text-or-path rule as ``read_deal``."""
    d = read_deal(text_or_path)
    if isinstance(d, klondike.Deal):
        return klondike.Position(d)
    if not isinstance(d, klondike.Position):
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
            any(ch in text_or_path for ch in "\n:{") or text_or_path.strip().isdigit()):
        return formats.read(text_or_path, format)
    return read_file(text_or_path, format)


def read_bytes(data: bytes, source: Optional[str] = None,
               format: Optional[str] = None) -> Any:
    """Decode a deal file's bytes (UTF-8, with or without a byte-order mark) and parse it
    in ``format`` (None: recognised by its look, see kabalsolve.formats)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DealError("this is not a UTF-8 text deal file (bad byte at offset %d)" % e.start,
                        None, None, source) from None
    return formats.read(text, format, source)


def read_file(path: Union[str, "os.PathLike[str]"],
              format: Optional[str] = None) -> Any:
    """Read the deal in a file (``format``: as in ``read_bytes``)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise DealError("cannot read the file: %s" % (e.strerror or e), None, None,
                        str(name)) from None
    return read_bytes(data, str(name), format)
