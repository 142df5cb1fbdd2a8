"""Aces Up deal and position files: the text syntax (``formats.syntax``) with the keys
of Aces Up.

``formats.text`` splits the lines and sends an Aces Up file here (``read_fields``).  A
deal is one ``deck:`` line of 52 cards in dealing order; a file with any other key is a
position.  The syntax is in docs/formats.md ("Aces Up positions"): piles ``P1``..``P4``
(bottom -> top, ``-`` for an empty pile), ``stock`` (still to deal, in dealing order),
``discarded`` and the rules ``strict`` and ``discard-first``; or a ``deck:`` line with
the rules beside it (the deal before any move).  Every error names the line it is
about; whether a game can reach the parts is decided by
``position.position_problem``, whose answer names the part first.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple, Union

from ...cards import Card
from ...errors import DealError
from ...formats.syntax import (Field, cards_or_dash, check_no_duplicates, clip, deck_line,
                               yes_no)
from .position import PILES, position_problem
from .rules import Deal, Position, Rules

RULE_KEYS = ("strict", "discard-first")
PART_KEYS = ("p1", "p2", "p3", "p4", "stock", "discarded")
KEYS = ("game", "deck") + PART_KEYS + RULE_KEYS



def read_fields(fields: List[Field], by_key: Dict[str, Field],
                source: Optional[str]) -> Union[Deal, Position]:
    """The deal (one ``deck:`` line) or position of an Aces Up file's fields."""
    if any(f.key not in ("game", "deck") for f in fields):
        return read_position(fields, by_key, source)
    return Deal(tuple(deck_line(by_key, "an Aces Up deal", source)))


def _rules(by_key: Dict[str, Field], source: Optional[str]) -> Tuple[Rules, List[str]]:
    """The rules the file states (the defaults for the rest) and which keys it stated."""
    values = {"strict": False, "discard-first": False}
    given = []
    for key in RULE_KEYS:
        f = by_key.get(key)
        if f is None:
            continue
        values[key] = yes_no(f, key, source)
        given.append(key)
    return Rules(strict=values["strict"], discard_first=values["discard-first"]), given


def read_position(fields: List[Field], by_key: Dict[str, Field],
                  source: Optional[str]) -> Position:
    """The position an Aces Up file describes, checked; DealError naming the line."""
    for f in fields:
        if f.key not in KEYS:
            raise DealError("unknown key %r in an Aces Up deal or position (known: game, "
                            "P1..P4, stock, discarded, strict, discard-first; or deck "
                            "with the rules)" % clip(f.key), f.line, None, source)
    rules, given = _rules(by_key, source)
    if "deck" in by_key:
        others = [f for f in fields if f.key in PART_KEYS]
        if others:
            raise DealError("a 'deck:' line gives a deal: it takes only the rules (strict, "
                            "discard-first) beside it", others[0].line, None, source)
        pos = Position(Deal(tuple(deck_line(by_key, "an Aces Up deal", source))), rules)
        pos.given_rules = frozenset(given)
        return pos
    cards_at: List[Tuple[Card, Field]] = []
    piles = []
    for name in PILES:
        pf = by_key.get(name.lower())
        if pf is None:
            raise DealError("pile %s is missing (write '%s: -' for an empty pile)"
                            % (name, name), None, None, source)
        pile = cards_or_dash(pf, source)
        cards_at += [(c, pf) for c in pile]
        piles.append(pile)
    if "stock" not in by_key:
        raise DealError("the 'stock:' line is missing (write 'stock: -' once all is dealt)",
                        None, None, source)
    stock = cards_or_dash(by_key["stock"], source)
    discarded = cards_or_dash(by_key.get("discarded"), source)
    for key, cs in (("stock", stock), ("discarded", discarded)):
        if key in by_key:
            cards_at += [(c, by_key[key]) for c in cs]
    check_no_duplicates(cards_at, source)
    problem = position_problem(piles, stock, discarded)
    if problem:
        part = problem.split(":")[0].lower()
        where = by_key.get(part) if part in PART_KEYS else None
        raise DealError(problem, where.line if where else None, None, source)
    pos = Position.from_layout(piles, stock, discarded, rules)
    pos.given_rules = frozenset(given)
    return pos
