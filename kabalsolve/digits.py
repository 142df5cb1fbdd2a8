"""Numbers as kabalsolve reads them: ASCII digits and nothing else.

Python's ``int()`` also takes ``1_0``, spaces around the digits and the digits of every
script (``int("\u0663") == 3``), and ``str.isdigit()`` takes characters that ``int()``
refuses (``"\u00b2"``).  Deal files, position files and options are ASCII formats, so a
number in them is written with ``0``..``9`` only (and a decimal with one ``.``); any
other text is an error, never another number.
"""
from __future__ import annotations

import math
import re
from typing import Optional, Tuple

_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")


def is_digits(text: str) -> bool:
    """True if ``text`` is one or more ASCII digits ``0``..``9``."""
    return text.isascii() and text.isdigit()


def is_decimal(text: str) -> bool:
    """True if ``text`` is a decimal in ASCII: digits with at most one point."""
    return len(text) <= 40 and text.isascii() and bool(_DECIMAL.fullmatch(text))


def whole(text: str, lo: int, hi: int) -> Optional[int]:
    """The whole number ``text`` writes, if it is ASCII digits and from ``lo`` to ``hi``;
    else None.  Leading zeros are allowed; a value far out of range is never converted
    (``int()`` of a million digits takes seconds)."""
    if not is_digits(text) or len(text.lstrip("0")) > len(str(hi)):
        return None
    v = int(text)
    return v if lo <= v <= hi else None


def decimal(text: str, lo: float, hi: float) -> Optional[float]:
    """The number ``text`` writes (``5``, ``0.25``, ``.5``: ASCII digits and one point),
    if it is more than ``lo`` and at most ``hi``; else None."""
    if not is_decimal(text):
        return None
    v = float(text)
    return v if math.isfinite(v) and lo < v <= hi else None


def span(text: str, lo: int, hi: int) -> Optional[Tuple[int, int]]:
    """``"A-B"`` or one number ``"N"`` (A = B = N) as (A, B), each written in ASCII
    digits and from ``lo`` to ``hi``; else None (B before A included: the caller says
    which is wrong)."""
    a_s, sep, b_s = text.partition("-")
    a = whole(a_s, lo, hi)
    b = whole(b_s, lo, hi) if sep else a
    if a is None or b is None:
        return None
    return a, b
