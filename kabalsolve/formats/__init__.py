"""Deal formats other than, and including, our text deal files: one registry.

========== ============================================ =========================
name       what                                         module
========== ============================================ =========================
text       our deal and position files                  text
json       our JSON deal (the text format as JSON)      jsondeal
pysol      PySol board text (pysol-cards, pyksolve)     pysolboard
solvitaire Solvitaire's JSON deal                       solvitaire
shootme    ShootMe Klondike-Solver's 156-digit string   shootme
========== ============================================ =========================

``detect`` tells them apart by their look (a JSON object with ``"tableau piles"`` is
Solvitaire's, any other JSON object ours; a first line ``Talon:`` is a PySol board; one
line of digits is ShootMe's; anything else is our text format, whose reader then names
what is wrong).  ``read`` and ``write`` go through the registry by name.
"""
from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple, Union

from ..errors import DealError, OptionError
from ..games import acesup, clock, klondike
from . import jsondeal, pysolboard, shootme, solvitaire, text as textfile
from .syntax import clip
from ..games.acesup.position import deal_to_text as acesup_deal_text
from ..games.klondike.position import deal_to_text as klondike_deal_text

if TYPE_CHECKING:
    AnyDeal = Union[klondike.Deal, clock.Deal, acesup.Deal, klondike.Position,
                    klondike.PartialPosition, acesup.Position]
    DealOnly = Union[klondike.Deal, clock.Deal, acesup.Deal]

FORMATS = ("text", "json", "pysol", "solvitaire", "shootme")
#: file name endings for ``generate --out DIR``
EXTENSIONS = {"text": ".txt", "json": ".json", "pysol": ".board", "solvitaire": ".json",
              "shootme": ".deck"}
#: formats written one deal per line (so many deals stream as lines)
ONE_LINE = ("json", "solvitaire", "shootme")
#: the deepest nesting of arrays and objects a JSON deal may have: a deal needs 3, its
#: free "info" object a few more; deeper input is refused before it is parsed (the
#: parser recurses once per level)
MAX_JSON_DEPTH = 32
#: the most characters a deal or position may have (a deal takes a few hundred)
MAX_CHARS = 256 * 1024

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise OptionError("unknown deal format %r (known: %s)"
                          % (clip(str(fmt)), ", ".join(FORMATS)))
    return fmt


def detect(text: str) -> str:
    """The name of the format ``text`` is written in (see the module docstring)."""
    body = text.lstrip("\ufeff \t\r\n")
    if body.startswith("{"):
        try:
            obj = _load_json(body, None)
        except DealError:
            return "json"   # its reader reports where the JSON breaks
        return "solvitaire" if isinstance(obj, dict) and "tableau piles" in obj else "json"
    if pysolboard.looks_like(text):
        return "pysol"
    if shootme.looks_like(text):
        return "shootme"
    return "text"


def json_depth(text: str) -> int:
    """How deep the arrays and objects of the JSON ``text`` nest (brackets in strings
    not counted), found without parsing it."""
    steps = [1 if b in "[{" else -1 for b in _JSON_BRACKET.findall(_JSON_STRING.sub("", text))]
    return max(accumulate(steps), default=0)


def _unique_keys(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    """A JSON object whose keys are all different: with a key given twice, which value
    was meant is not known (json.loads would keep the last, unchecked)."""
    obj = dict(pairs)
    if len(obj) < len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise DealError("the key %s is given twice in one object"
                                % clip(json.dumps(key, ensure_ascii=False)))
            seen.add(key)
    return obj


def _load_json(text: str, source: Optional[str]) -> Any:
    if json_depth(text) > MAX_JSON_DEPTH:
        raise DealError("the JSON nests deeper than a deal does (more than %d levels)"
                        % MAX_JSON_DEPTH, None, None, source)
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except DealError as e:
        raise DealError(e.message, None, None, source) from None
    except ValueError as e:
        line = getattr(e, "lineno", None)
        col = getattr(e, "colno", None)
        msg = getattr(e, "msg", str(e))
        raise DealError("not valid JSON: %s" % msg, line, col, source) from None


def read(text: str, fmt: Optional[str] = None, source: Optional[str] = None) -> "AnyDeal":
    """The deal in ``text``, in format ``fmt`` (None: detected)."""
    if len(text) > MAX_CHARS:
        raise DealError("this is too long for a deal (more than %d KiB)" % (MAX_CHARS // 1024),
                        None, None, source)
    fmt = detect(text) if fmt is None else check_format(fmt)
    if fmt == "text":
        return textfile.read_text(text, source)
    if "\x00" in text:
        raise DealError("this is not a %s deal (it holds binary data)" % fmt, None, None, source)
    if fmt == "json":
        return jsondeal.from_object(_load_json(text, source), source)
    if fmt == "solvitaire":
        return solvitaire.from_object(_load_json(text, source), source)
    if fmt == "pysol":
        return pysolboard.read(text, source)
    return shootme.read(text, source)


def write(deal: "DealOnly", fmt: str = "text", info: Optional[Dict[str, Any]] = None,
          rules: Any = None) -> str:
    """``deal`` in format ``fmt``, ending with a newline.  ``info`` (e.g. the seed and the
    verdict of ``generate``) goes where the format has room for it: comments in the text
    format, the ``info`` object in our JSON; the other formats have none.  ``rules`` (the
    game's Rules) are stated in our text and JSON formats, which then read back as the
    position before any move, under them; the other formats have no room for them."""
    check_format(fmt)
    if fmt == "json":
        return jsondeal.write(deal, info, rules)
    if fmt == "text":
        comments = "".join("# %s\n" % line for line in info_lines(info or {}))
        if rules is not None and isinstance(deal, klondike.Deal):
            return comments + klondike_deal_text(deal, rules)
        if rules is not None and isinstance(deal, acesup.Deal):
            return comments + acesup_deal_text(deal, rules)
        return comments + deal.to_text()
    if not isinstance(deal, klondike.Deal):
        raise OptionError("the %s format holds Klondike deals only" % fmt)
    if fmt == "pysol":
        return pysolboard.write(deal)
    if fmt == "solvitaire":
        return solvitaire.write(deal)
    return shootme.write(deal)


def info_lines(info: Dict[str, Any]) -> List[str]:
    """``info`` as comment lines for the text format."""
    return ["%s: %s" % (k, v) for k, v in info.items()]
