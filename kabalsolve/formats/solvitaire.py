"""Solvitaire's JSON deal for Klondike (Blake & Gent's solver; its ``deal_parser.cpp``
and ``card.cpp``)::

    {"tableau piles": [["qh"], ["7h", "10S"], ...],      (T1..T7, bottom first)
     "stock": ["6H", "2H", ..., "AC", "4H"]}            (the LAST element is turned first)

A card is a rank ``A 2 .. 10 J Q K`` (Solvitaire also reads ``1`` .. ``13``) and a suit
``C D H S``; in the tableau a lowercase suit letter marks a face-down card.  Solvitaire
lays piles out as listed, so in a Klondike deal all but the last card of each pile must
be face down (lowercase).  Empty ``waste`` and ``foundations`` lists are accepted;
anything else has no place in a Klondike deal.  Written compactly on one line, face-down
cards wholly in lowercase (``10h``, ``ks``), as Solvitaire's own ShootMe converter does.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Tuple

from ..cards import ASCII_UPPER, Card, card_str, make, rank, suit
from ..digits import whole
from ..errors import DealError
from ..games import klondike
from .syntax import clip

_RANKS = {"A": 0, "J": 10, "Q": 11, "K": 12}
_SUIT = {"S": 0, "H": 1, "D": 2, "C": 3, "s": 0, "h": 1, "d": 2, "c": 3}


def card_token(c: Card, face_down: bool = False) -> str:
    r = rank(c)
    tok = {0: "A", 10: "J", 11: "Q", 12: "K"}.get(r, str(r + 1)) + "SHDC"[suit(c)]
    return tok.lower() if face_down else tok


def parse_token(tok: object) -> Optional[Tuple[Card, bool]]:
    """(card, face down) for a Solvitaire card string, or None."""
    if not isinstance(tok, str) or len(tok) < 2 or tok[-1] not in _SUIT:
        return None
    r_s, s_ch = tok[:-1].translate(ASCII_UPPER), tok[-1]
    r = _RANKS.get(r_s)
    if r is None:
        number = whole(r_s, 1, 13)
        if number is None:
            return None
        r = number - 1
    return make(r, _SUIT[s_ch]), s_ch.islower()


def write(deal: klondike.Deal) -> str:
    d = {"tableau piles": [[card_token(c, k < len(p) - 1) for k, c in enumerate(p)]
                           for p in deal.tableau],
         "stock": [card_token(c) for c in reversed(deal.stock)]}
    return json.dumps(d) + "\n"


def from_object(obj: Any, source: Optional[str] = None) -> klondike.Deal:
    """The deal in a parsed Solvitaire JSON object; each fault names where it is."""
    def fail(msg: str) -> DealError:
        return DealError(msg, None, None, source)

    if not isinstance(obj, dict):
        raise fail("a Solvitaire deal is a JSON object")
    for key, value in obj.items():
        if key == "waste":
            if value != []:
                raise fail("'waste': a Klondike deal starts with it empty")
        elif key == "foundations":
            if not (isinstance(value, list) and all(x == [] for x in value)):
                raise fail("'foundations': a Klondike deal starts with them empty")
        elif key not in ("tableau piles", "stock"):
            raise fail("%r has no place in a Solvitaire Klondike deal (known: "
                       "'tableau piles', 'stock', empty 'waste' and 'foundations')" % clip(key))
    piles_v = obj.get("tableau piles")
    if not isinstance(piles_v, list) or len(piles_v) != klondike.COLUMNS:
        raise fail("'tableau piles' must be a list of %d piles" % klondike.COLUMNS)
    where: Dict[Card, str] = {}

    def take(tok: object, place: str) -> Tuple[Card, bool]:
        got = parse_token(tok)
        if got is None:
            shown = repr(clip(tok, 12)) if isinstance(tok, str) else clip(json.dumps(tok), 12)
            raise fail("%s: %s is not a Solvitaire card (e.g. 10H, qs)" % (place, shown))
        if got[0] in where:
            raise fail("%s: duplicated card %s (also at %s)" % (place, card_str(got[0]),
                                                               where[got[0]]))
        where[got[0]] = place
        return got

    piles: List[Tuple[Card, ...]] = []
    for i, p in enumerate(piles_v):
        if not isinstance(p, list) or len(p) != i + 1:
            raise fail("tableau pile %d must list %d card%s" % (i + 1, i + 1, "s" if i else ""))
        cards = []
        for k, tok in enumerate(p):
            place = "tableau pile %d, card %d" % (i + 1, k + 1)
            c, down = take(tok, place)
            if down != (k < i):
                raise fail("%s: %r is face %s, but in a Klondike deal only a pile's last card "
                           "is face up (lowercase suit = face down)"
                           % (place, tok, "down" if down else "up"))
            cards.append(c)
        piles.append(tuple(cards))
    stock_v = obj.get("stock")
    if not isinstance(stock_v, list) or len(stock_v) != klondike.STOCK_SIZE:
        raise fail("'stock' must list %d cards" % klondike.STOCK_SIZE)
    stock = [take(tok, "stock card %d" % (k + 1))[0] for k, tok in enumerate(stock_v)]
    return klondike.Deal(tuple(piles), tuple(reversed(stock)))
