"""Klondike position files: the deal syntax of ``dealfile`` with the parts a game adds.

``dealfile`` splits the lines and sends a Klondike file here when it has a position key
(``waste``, ``foundations``, ``passes-used``, ``draw``, ``passes``,
``foundation-moves``) or a column with a ``|`` between its face-down and face-up cards.
The syntax is in the README ("Position files").  Every error names the line it is
about; whether the parts can occur in a game is decided by
``games.klondike_position.position_problem``, whose answer names the part.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from .cards import Card, card_str, rank, suit
from .dealfile import Field, _duplicates_where, parse_cards
from .errors import DealError, OptionError
from .games.klondike import COLUMNS, Deal, Position, Rules
from .games.klondike_position import position_problem

_YES = {"yes": True, "true": True, "on": True, "1": True,
        "no": False, "false": False, "off": False, "0": False}


def _int(f: Field, lo: int, hi: int, what: str, source: Optional[str]) -> int:
    v: Optional[int]
    try:
        v = int(f.value)
    except ValueError:
        v = None
    if v is None or not lo <= v <= hi:
        raise DealError("%s must be a whole number from %d to %d, not %r"
                        % (what, lo, hi, f.value), f.line, f.value_column, source)
    return v


def _rules(by_key: Dict[str, Field], source: Optional[str]) -> Tuple[Rules, List[str]]:
    """The rules the file states (defaults for the rest) and which keys it stated."""
    draw, passes, fm = 3, None, True
    given = []
    if "draw" in by_key:
        draw = _int(by_key["draw"], 1, 24, "draw", source)
        given.append("draw")
    if "passes" in by_key:
        f = by_key["passes"]
        if f.value.lower() not in ("unlimited", "-"):
            passes = _int(f, 1, 255, "passes (or 'unlimited')", source)
        given.append("passes")
    if "foundation-moves" in by_key:
        f = by_key["foundation-moves"]
        if f.value.lower() not in _YES:
            raise DealError("foundation-moves must be yes or no, not %r" % f.value,
                            f.line, f.value_column, source)
        fm = _YES[f.value.lower()]
        given.append("foundation-moves")
    try:
        return Rules(draw=draw, passes=passes, foundation_moves=fm), given
    except OptionError as e:  # cannot happen after the range checks above
        raise DealError(str(e), None, None, source) from None


def _cards(f: Optional[Field], source: Optional[str]) -> List[Card]:
    if f is None or f.value in ("", "-"):
        return []
    return parse_cards(f, source)


def _column(f: Field, source: Optional[str]) -> Tuple[List[Card], List[Card]]:
    """``down | up``, or without a bar a dealt column (all but the top card face down)."""
    if f.value in ("", "-"):
        return [], []
    if "|" not in f.value:
        cards = parse_cards(f, source)
        return cards[:-1], cards[-1:]
    bar = f.value.index("|")
    down_f = Field(f.key, f.value[:bar].strip(), f.line, f.value_column)
    rest = f.value[bar + 1:]
    up_f = Field(f.key, rest.strip(), f.line,
                 f.value_column + bar + 1 + len(rest) - len(rest.lstrip()))
    if "|" in up_f.value:
        raise DealError("a column has one '|' at most (face-down | face-up)",
                        f.line, None, source)
    return _cards(down_f, source), _cards(up_f, source)


def read_klondike_position(fields: List[Field], by_key: Dict[str, Field],
                           source: Optional[str]) -> Position:
    """The position a Klondike file describes, checked; DealError naming the line."""
    rules, given = _rules(by_key, source)
    if "deck" in by_key:
        others = [g for g in fields if g.key not in ("deck", "game") + tuple(given)]
        if others:
            raise DealError("a 'deck:' line gives a deal: it takes only the rules (draw, "
                            "passes, foundation-moves) beside it", others[0].line, None,
                            source)
        from .dealfile import _read_klondike
        deal = _read_klondike([g for g in fields if g.key in ("deck", "game")],
                              {k: v for k, v in by_key.items() if k in ("deck", "game")},
                              source)
        assert isinstance(deal, Deal)
        pos = Position(deal, rules)
        pos.given_rules = frozenset(given)
        return pos
    cards_at: List[Tuple[Card, Field]] = []
    columns = []
    for i in range(COLUMNS):
        f = by_key.get("t%d" % (i + 1))
        if f is None:
            raise DealError("column T%d is missing (write 'T%d: -' for an empty column)"
                            % (i + 1, i + 1), None, None, source)
        down, up = _column(f, source)
        cards_at += [(c, f) for c in down + up]
        columns.append((down, up))
    found = [0, 0, 0, 0]
    ff = by_key.get("foundations")
    if ff is not None:
        for c in _cards(ff, source):
            s = suit(c)
            if found[s]:
                raise DealError("two foundation cards of one suit (%s and %s): give the "
                                "top card of each foundation" % (
                                    card_str(s * 13 + found[s] - 1), card_str(c)),
                                ff.line, None, source)
            found[s] = rank(c) + 1
            cards_at += [(s * 13 + r, ff) for r in range(rank(c) + 1)]
    waste = _cards(by_key.get("waste"), source)
    stock = _cards(by_key.get("stock"), source)
    for key, cs in (("waste", waste), ("stock", stock)):
        if key in by_key:
            cards_at += [(c, by_key[key]) for c in cs]
    _duplicates_where(cards_at, source)
    recycles = 0
    if "passes-used" in by_key:
        recycles = _int(by_key["passes-used"], 1, 256, "passes-used", source) - 1
    problem = position_problem(columns, found, waste, stock, recycles, rules)
    if problem:
        message, part = problem
        f = by_key.get(part.lower()) if part else None
        raise DealError(message, f.line if f else None, None, source)
    pos = Position.from_parts(columns, found, waste, stock, rules, recycles)
    pos.given_rules = frozenset(given)
    return pos
