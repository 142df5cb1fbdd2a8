"""Clock deal files: the text syntax (``formats.syntax``) with the one key of Clock.

A Clock deal is one ``deck:`` line of 52 cards in dealing order (docs/formats.md);
``formats.text`` sends a Clock file here (``read_fields``).
"""
from __future__ import annotations

from typing import Dict, List, Optional

from ...errors import DealError
from ...formats.syntax import Field, clip, deck_line
from .rules import Deal


def read_fields(fields: List[Field], by_key: Dict[str, Field],
                source: Optional[str]) -> Deal:
    """The deal of a Clock file's fields; DealError naming the line."""
    for f in fields:
        if f.key not in ("game", "deck"):
            raise DealError("unknown key %r in a Clock deal (known: game, deck)" % clip(f.key),
                            f.line, None, source)
    return Deal(tuple(deck_line(by_key, "a Clock deal", source)))
