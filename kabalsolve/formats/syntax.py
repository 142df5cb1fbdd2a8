"""The text syntax of deal and position files: comments, ``key: value`` lines, cards.

The games' readers (``games/<game>/files.py``) build on these pieces; ``text`` splits a
file and hands it to the reader of its game.  Every error names the line (and the
column of a bad card or value).  The syntax is in docs/formats.md.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ..cards import ASCII_LOWER, Card, card_str, parse_card
from ..digits import whole
from ..errors import DealError

#: the words a yes/no key takes
YES_NO = {"yes": True, "true": True, "on": True, "1": True,
          "no": False, "false": False, "off": False, "0": False}


@dataclass
class Field:
    """One ``key: value`` line: the key (lower case), its cards or text, where it was."""
    key: str
    value: str
    line: int
    value_column: int


def split_fields(text: str, source: Optional[str]) -> List[Field]:
    """The ``key: value`` lines of ``text`` (comments and blank lines skipped); a key
    given twice, a line with no key, and a file with no line at all are DealErrors."""
    fields: List[Field] = []
    seen: Dict[str, int] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise DealError("expected 'key: value', found %r" % clip(line), n, None, source)
        key, _, value = line.partition(":")
        key = key.strip().translate(ASCII_LOWER)
        if not key:
            raise DealError("a line starts with ':' and names no key", n, None, source)
        if key in seen:
            raise DealError("%r given twice (first on line %d)" % (clip(key), seen[key]),
                            n, None, source)
        seen[key] = n
        col = raw.index(":") + 2 + (len(value) - len(value.lstrip()))
        fields.append(Field(key, value.strip(), n, col))
    if not fields:
        raise DealError("the deal is empty (no 'key: value' lines)", None, None, source)
    return fields


def clip(s: str, n: int = 40) -> str:
    """``s``, cut to ``n`` characters with an ellipsis, for quoting in a message."""
    return s if len(s) <= n else s[:n] + "..."


#: an unknown card, in the places of a Klondike position a player cannot see
UNKNOWN = "??"


def card_tokens(f: Field, source: Optional[str], unknown: Optional[str] = None
                ) -> List[Tuple[Optional[Card], int]]:
    """(card, column) of each card on one line; a bad token is named with its line and
    column.  ``unknown``: None if ``??`` is not a card here (the plain "not a card"
    error), "" if it is (the card is None), or else the message that refuses it."""
    out: List[Tuple[Optional[Card], int]] = []
    pos = 0
    for tok in f.value.split():
        at = f.value.index(tok, pos)
        pos = at + len(tok)
        if tok == UNKNOWN and unknown is not None:
            if unknown:
                raise DealError(unknown, f.line, f.value_column + at, source)
            out.append((None, f.value_column + at))
            continue
        c = parse_card(tok)
        if c is None:
            raise DealError("%r is not a card (write e.g. TD, 10d or Q\u2665)" % clip(tok, 12),
                            f.line, f.value_column + at, source)
        out.append((c, f.value_column + at))
    return out


def parse_cards(f: Field, source: Optional[str], unknown: Optional[str] = None
                ) -> List[Card]:
    """The cards on one line; a bad token is named with its line and column.
    ``unknown``: the message that refuses ``??`` here (None: it is just not a card)."""
    return [c for c, _col in card_tokens(f, source, unknown or None)
            if c is not None]


def cards_or_dash(f: Optional[Field], source: Optional[str],
                  unknown: Optional[str] = None) -> List[Card]:
    """The cards of a line that may be missing, empty or ``-`` (no cards)."""
    if f is None or f.value in ("", "-"):
        return []
    return parse_cards(f, source, unknown)


def check_no_duplicates(cards_at: Sequence[Tuple[int, Field]], source: Optional[str]) -> None:
    """DealError naming the line of a card given twice (and of its first place)."""
    first: Dict[int, Field] = {}
    for c, f in cards_at:
        if c in first:
            g = first[c]
            raise DealError("duplicated card %s (also on line %d)" % (card_str(c), g.line),
                            f.line, None, source)
        first[c] = f


def deck_line(by_key: Dict[str, Field], what: str, source: Optional[str],
              unknown: Optional[str] = None) -> List[Card]:
    """The 52 cards of the ``deck:`` line (``what`` names the deal in the message when
    the line is missing), with no card twice; ``unknown`` as in ``parse_cards``."""
    deck_f = by_key.get("deck")
    if deck_f is None:
        raise DealError("the 'deck:' line is missing (%s is one deck line)" % what,
                        None, None, source)
    deck = parse_cards(deck_f, source, unknown)
    check_no_duplicates([(c, deck_f) for c in deck], source)
    if len(deck) != 52:
        raise DealError("'deck:' must list 52 cards, not %d" % len(deck), deck_f.line,
                        None, source)
    return deck


def whole_number(f: Field, lo: int, hi: int, what: str, source: Optional[str]) -> int:
    """The value of ``f`` as a whole number from ``lo`` to ``hi`` (ASCII digits)."""
    v = whole(f.value, lo, hi)
    if v is None:
        raise DealError("%s must be a whole number from %d to %d, not %r"
                        % (what, lo, hi, clip(f.value)), f.line, f.value_column, source)
    return v


def yes_no(f: Field, what: str, source: Optional[str]) -> bool:
    """The value of ``f`` as yes or no (also true/false, on/off, 1/0)."""
    word = f.value.translate(ASCII_LOWER)
    if word not in YES_NO:
        raise DealError("%s must be yes or no, not %r" % (what, clip(f.value)),
                        f.line, f.value_column, source)
    return YES_NO[word]
