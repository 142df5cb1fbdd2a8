"""kabalsolve's JSON deal: the text deal format (docs/formats.md) as one JSON object.

    {"game": "klondike",
     "tableau": [["7H"], ["2C", "QS"], ..., [7 cards]],   (T1..T7, bottom -> top; the
                                                           last card of each is face up)
     "stock": [24 cards],                                 (the first listed is turned first)
     "info": {...}}                                       (optional, free: e.g. the seed)

or ``{"game": "klondike", "deck": [52 cards]}`` dealt row by row as the ``deck:`` line,
and ``{"game": "clock", "deck": [52 cards]}``.  Cards are written as in deal files
(``TD``; ``10d``, ``Q♥`` are read too).  ``game`` is required (it is how a JSON deal is
told apart from Solvitaire's).  Written on one line, so that many deals make a JSON
Lines file.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Union

from ..cards import Card, card_str, parse_card
from ..errors import DealError
from ..games import acesup, clock, klondike
from .syntax import clip

if TYPE_CHECKING:
    AnyDeal = Union[klondike.Deal, clock.Deal, acesup.Deal]

KEYS = {"klondike": ("game", "tableau", "stock", "deck", "info"),
        "clock": ("game", "deck", "info"), "acesup": ("game", "deck", "info")}


def to_object(deal: "AnyDeal", info: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    d: Dict[str, Any] = {"game": deal.game}
    if isinstance(deal, klondike.Deal):
        d["tableau"] = [[card_str(c) for c in p] for p in deal.tableau]
        d["stock"] = [card_str(c) for c in deal.stock]
    else:
        d["deck"] = [card_str(c) for c in deal.deck]
    if info:
        d["info"] = info
    return d


def write(deal: "AnyDeal", info: Optional[Dict[str, Any]] = None) -> str:
    return json.dumps(to_object(deal, info), ensure_ascii=False) + "\n"


def from_object(obj: Any, source: Optional[str] = None) -> "AnyDeal":
    """The deal in a parsed JSON object; each fault names the key and place."""
    def fail(msg: str) -> DealError:
        return DealError(msg, None, None, source)

    def quote(value: Any) -> str:
        return clip(json.dumps(value, ensure_ascii=False), 24)

    if not isinstance(obj, dict):
        raise fail("a JSON deal is an object with a \"game\" key")
    game = obj.get("game")
    if not isinstance(game, str) or game not in KEYS:
        raise fail("\"game\" must be one of %s, not %s"
                   % (", ".join('"%s"' % g for g in KEYS), quote(game)))
    for key in obj:
        if key not in KEYS[game]:
            raise fail("unknown key %s in a %s deal (known: %s)"
                       % (quote(key), game, ", ".join(KEYS[game])))
    if not isinstance(obj.get("info", {}), dict):
        raise fail("\"info\" must be an object")
    seen: Dict[Card, str] = {}

    def cards(value: Any, name: str) -> List[Card]:
        if not isinstance(value, list):
            raise fail("%s must be a list of cards" % name)
        out = []
        for k, tok in enumerate(value):
            place = "%s, card %d" % (name, k + 1)
            c = parse_card(tok) if isinstance(tok, str) else None
            if c is None:
                raise fail("%s: %s is not a card (write e.g. \"TD\")" % (place, quote(tok)))
            if c in seen:
                raise fail("%s: duplicated card %s (also at %s)" % (place, card_str(c), seen[c]))
            seen[c] = place
            out.append(c)
        return out

    if "deck" in obj:
        if "tableau" in obj or "stock" in obj:
            raise fail("\"deck\" cannot be combined with \"tableau\" or \"stock\"")
        deck = cards(obj["deck"], "\"deck\"")
        if len(deck) != 52:
            raise fail("\"deck\" must list 52 cards, not %d" % len(deck))
        if game == "klondike":
            return klondike.Deal.from_deck(deck)
        return acesup.Deal(tuple(deck)) if game == "acesup" else clock.Deal(tuple(deck))
    tab = obj.get("tableau")
    if not isinstance(tab, list) or len(tab) != klondike.COLUMNS:
        raise fail("\"tableau\" must be a list of %d piles (or give one \"deck\")"
                   % klondike.COLUMNS)
    piles = []
    for i, p in enumerate(tab):
        pile = cards(p, "\"tableau\" pile T%d" % (i + 1))
        if len(pile) != i + 1:
            raise fail("\"tableau\" pile T%d must hold %d card%s, not %d"
                       % (i + 1, i + 1, "s" if i else "", len(pile)))
        piles.append(tuple(pile))
    if "stock" not in obj:
        raise fail("\"stock\" is missing")
    stock = cards(obj["stock"], "\"stock\"")
    if len(stock) != klondike.STOCK_SIZE:
        raise fail("\"stock\" must hold %d cards, not %d" % (klondike.STOCK_SIZE, len(stock)))
    return klondike.Deal(tuple(piles), tuple(stock))
