"""Deal numbers of other programs: the Klondike deal a program lays out for its
game or seed number N, reproduced exactly (its shuffle, its suit order, its way of
dealing).

    >>> import kabalsolve
    >>> deal = kabalsolve.numbered_deal("solvitaire", 0)
    >>> [kabalsolve.card_str(pile[-1]) for pile in deal.tableau]
    ['6D', '4C', '2H', '3C', '5D', '6H', 'JS']

``numbered_deal(name, number)`` takes the number as an int or as a string of decimal
digits; a number out of the program's range raises ``OptionError`` naming the range.
``SCHEMES`` lists the names; each scheme's module says how its program deals and what
its values were checked against.

Two numberings number every one of the 52! orders of the deck: lonelybot's exact
numbers and Microsoft's.  ``deal_number(deal, name)`` gives any deal's number in them,
and reading it back gives the same deal:

    >>> n = kabalsolve.deal_number(deal, "lonelybot")
    >>> n
    12954810653509400169295621394006691876957783508183809583464865425989
    >>> kabalsolve.numbered_deal("lonelybot", n) == deal
    True
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Dict, Optional, Tuple, Union

from ..digits import is_digits
from ..errors import OptionError
from ..formats import pysolfc
from ..formats.syntax import clip
from ..games import klondike
from . import greenfelt, klondike_solver, lonelybot, microsoft, solvitaire


#: the number of orders of a deck
FACTORIAL_52 = math.factorial(52)


@dataclass(frozen=True)
class Scheme:
    """One program's deal numbers."""
    #: the name ``numbered_deal`` and the command line take
    name: str
    #: how a printed line names deal N: ``title % N``
    title: str
    #: what its numbers are called, for messages: "a %s is a whole number from .."
    noun: str
    #: the smallest and the largest number the program deals
    lo: int
    hi: int
    #: the deal of a number already checked to be in range
    deal: Callable[[int], klondike.Deal]
    #: the number of any deal, for the numberings that number every deal
    number: Optional[Callable[[klondike.Deal], int]] = None


_ALL = (
    Scheme("solvitaire", "Solvitaire seed %d", "Solvitaire seed", 0, solvitaire.MAX_SEED,
           solvitaire.deal),
    Scheme("klondike-solver", "Klondike-Solver game %d", "Klondike-Solver game number", 0,
           klondike_solver.MAX_SEED, klondike_solver.deal),
    Scheme("greenfelt", "GreenFelt game %d", "GreenFelt game number", 0, greenfelt.MAX_GAME,
           greenfelt.deal),
    Scheme("microsoft", "Microsoft deal %d", "Microsoft Solitaire Collection deal number", 0,
           microsoft.MAX_NUMBER, microsoft.deal, microsoft.number),
    Scheme("lonelybot", "lonelybot exact %d", "lonelybot exact number", 0,
           lonelybot.MAX_NUMBER, lonelybot.deal, lonelybot.number),
    Scheme("pysolfc", "PySolFC game %d", "PySolFC game number", 1, pysolfc.MAX_GAME,
           pysolfc.deal),
)
SCHEMES: Dict[str, Scheme] = {s.name: s for s in _ALL}


def scheme(name: str) -> Scheme:
    """The scheme called ``name``; OptionError names the known ones."""
    got = SCHEMES.get(name) if isinstance(name, str) else None
    if got is None:
        raise OptionError("unknown deal numbering %r (known: %s)"
                          % (clip(str(name)), ", ".join(SCHEMES)))
    return got


def check_number(name: str, number: Union[int, str]) -> int:
    """``number`` (an int, or a string of ASCII decimal digits) as an int in the range of
    the numbering ``name``; else OptionError saying what the range is."""
    s = scheme(name)
    top = "52! - 1" if s.hi == FACTORIAL_52 - 1 else str(s.hi)
    what = "a %s is a whole number from %d to %s" % (s.noun, s.lo, top)
    shown = clip(repr(number), 80)
    if isinstance(number, str):
        text = number.strip()
        if not is_digits(text) or len(text.lstrip("0")) > len(str(s.hi)):
            raise OptionError("%s, not %s" % (what, shown))
        number = int(text)
    if isinstance(number, bool) or not isinstance(number, int) or not s.lo <= number <= s.hi:
        raise OptionError("%s, not %s" % (what, shown))
    return number


def numbered_deal(name: str, number: Union[int, str]) -> klondike.Deal:
    """The Klondike deal the program ``name`` lays out for ``number``; ``name`` is one of
    ``SCHEMES``."""
    return scheme(name).deal(check_number(name, number))


def deal_number(deal: klondike.Deal, name: str = "lonelybot") -> int:
    """The number of ``deal`` in the numbering ``name``: "lonelybot" (the default) or
    "microsoft", the two that number every deal; ``numbered_deal(name, n)`` gives the
    deal back."""
    s = scheme(name)
    if s.number is None:
        raise OptionError("%s numbers only the deals its own shuffle makes; the numberings "
                          "of every deal are %s" % (s.name, " and ".join(
                              x.name for x in _ALL if x.number is not None)))
    if not isinstance(deal, klondike.Deal):
        raise OptionError("deal numbers are for Klondike deals, not %s"
                          % clip(type(deal).__name__))
    return s.number(deal)


def title(name: str, number: int) -> str:
    """How a printed line names the deal, e.g. ``Solvitaire seed 12``."""
    return scheme(name).title % number


def spec(name: str, number: int) -> str:
    """How the command line names numbered deal: ``NAME:NUMBER``."""
    return "%s:%d" % (name, number)


def is_spec(text: str) -> bool:
    """True if ``text`` reads ``NAME:...`` with NAME one of ``SCHEMES``: the command
    line takes it as a numbered deal, not as a file name."""
    name, sep, _ = text.partition(":")
    return bool(sep) and name in SCHEMES


def parse_spec(text: str) -> Tuple[str, int]:
    """``NAME:NUMBER`` (e.g. ``solvitaire:12``) as (name, number), both checked."""
    name, sep, number = text.partition(":")
    if not sep:
        raise OptionError("a numbered deal is NAME:NUMBER (e.g. solvitaire:12; names: %s), "
                          "not %r" % (", ".join(SCHEMES), clip(text)))
    return name, check_number(name, number)


def named(name: str, number: int) -> Dict[str, str]:
    """What a solution or a game played records of the numbered deal it is from (the
    ``numbered`` object of its JSON): the numbering, the number (as a string: an exact
    number is too long for a JSON reader's floating point) and the title."""
    return {"numbering": name, "number": str(number), "title": title(name, number)}


def spec_deal(text: str) -> Tuple[str, int, klondike.Deal]:
    """(name, number, deal) of ``NAME:NUMBER``."""
    name, number = parse_spec(text)
    return name, number, scheme(name).deal(number)
