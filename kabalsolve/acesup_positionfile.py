"""Aces Up position files: the deal syntax of ``dealfile`` with the parts a game adds.

``dealfile`` sends an Aces Up file here when it has any key besides ``game`` and
``deck``.  The syntax is in the README ("Aces Up positions"): piles ``P1``..``P4``
(bottom -> top, ``-`` for an empty pile), ``stock`` (still to deal, in dealing order),
``discarded`` and the rules ``strict`` and ``discard-first``; or a ``deck:`` line with
the rules beside it (the deal before any move).  Every error names the line it is
about; whether a game can reach the parts is decided by
``games.acesup_position.position_problem``, whose answer names the part first.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from .cards import Card
from .dealfile import Field, _duplicates_where, parse_cards
from .errors import DealError
from .games.acesup import PILES, Deal, Position, Rules
from .games.acesup_position import position_problem

RULE_KEYS = ("strict", "discard-first")
PART_KEYS = ("p1", "p2", "p3", "p4", "stock", "discarded")
KEYS = ("game", "deck") + PART_KEYS + RULE_KEYS

_YES = {"yes": True, "true": True, "on": True, "1": True,
        "no": False, "false": False, "off": False, "0": False}


def _rules(by_key: Dict[str, Field], source: Optional[str]) -> Tuple[Rules, List[str]]:
    """The rules the file states (the defaults for the rest) and which keys it stated."""
    values = {"strict": False, "discard-first": False}
    given = []
    for key in RULE_KEYS:
        f = by_key.get(key)
        if f is None:
            continue
        if f.value.lower() not in _YES:
            raise DealError("%s must be yes or no, not %r" % (key, f.value),
                            f.line, f.value_column, source)
        values[key] = _YES[f.value.lower()]
        given.append(key)
    return Rules(strict=values["strict"], discard_first=values["discard-first"]), given


def _cards(f: Optional[Field], source: Optional[str]) -> List[Card]:
    if f is None or f.value in ("", "-"):
        return []
    return parse_cards(f, source)


def read_acesup_position(fields: List[Field], by_key: Dict[str, Field],
                         source: Optional[str]) -> Position:
    """The position an Aces Up file describes, checked; DealError naming the line."""
    for f in fields:
        if f.key not in KEYS:
            raise DealError("unknown key %r in an Aces Up deal or position (known: game, "
                            "P1..P4, stock, discarded, strict, discard-first; or deck "
                            "with the rules)" % f.key, f.line, None, source)
    rules, given = _rules(by_key, source)
    if "deck" in by_key:
        others = [f for f in fields if f.key in PART_KEYS]
        if others:
            raise DealError("a 'deck:' line gives a deal: it takes only the rules (strict, "
                            "discard-first) beside it", others[0].line, None, source)
        deck_f = by_key["deck"]
        deck = parse_cards(deck_f, source)
        _duplicates_where([(c, deck_f) for c in deck], source)
        if len(deck) != 52:
            raise DealError("'deck:' must list 52 cards, not %d" % len(deck), deck_f.line,
                            None, source)
        pos = Position(Deal(tuple(deck)), rules)
        pos.given_rules = frozenset(given)
        return pos
    cards_at: List[Tuple[Card, Field]] = []
    piles = []
    for name in PILES:
        pf = by_key.get(name.lower())
        if pf is None:
            raise DealError("pile %s is missing (write '%s: -' for an empty pile)"
                            % (name, name), None, None, source)
        pile = _cards(pf, source)
        cards_at += [(c, pf) for c in pile]
        piles.append(pile)
    if "stock" not in by_key:
        raise DealError("the 'stock:' line is missing (write 'stock: -' once all is dealt)",
                        None, None, source)
    stock = _cards(by_key["stock"], source)
    discarded = _cards(by_key.get("discarded"), source)
    for key, cs in (("stock", stock), ("discarded", discarded)):
        if key in by_key:
            cards_at += [(c, by_key[key]) for c in cs]
    _duplicates_where(cards_at, source)
    problem = position_problem(piles, stock, discarded)
    if problem:
        part = problem.split(":")[0].lower()
        where = by_key.get(part) if part in PART_KEYS else None
        raise DealError(problem, where.line if where else None, None, source)
    pos = Position.from_layout(piles, stock, discarded, rules)
    pos.given_rules = frozenset(given)
    return pos
