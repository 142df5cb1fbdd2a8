"""kabalsolve's JSON deal: the text deal format (docs/formats.md) as one JSON object.

    {"game": "klondike",
     "tableau": [["7H"], ["2C", "QS"], ..., [7 cards]],   (T1..T7, bottom -> top; the
                                                           last card of each is face up)
     "stock": [24 cards],                                 (the first listed is turned first)
     "rules": {"draw": 1, "passes": null,                 (optional: the rules it was
               "foundation_moves": true, "variant": "classic"}  solved under; as the
                                                           ``rules`` of a results line)
     "info": {...}}                                       (optional, free: e.g. the seed)

or ``{"game": "klondike", "deck": [52 cards]}`` dealt row by row as the ``deck:`` line,
and ``{"game": "clock", "deck": [52 cards]}``.  A deal with ``"rules"`` (Klondike:
``draw``, ``passes``, ``foundation_moves``, ``variant``; Aces Up: ``strict``,
``discard_first``; each may be left out) reads as the position before any move, under
those rules, as a text deal file with rule lines does.  Cards are written as in deal files
(``TD``; ``10d``, ``Q♥`` are read too).  ``game`` is required (it is how a JSON deal is
told apart from Solvitaire's).  Written on one line, so that many deals make a JSON
Lines file.
"""
from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple, Union

from ..cards import Card, card_str, parse_card
from ..errors import DealError, OptionError
from ..games import acesup, clock, klondike
from ..games.acesup.rules import FILE_KEYS as ACESUP_FILE_KEYS
from ..games.klondike.rules import FILE_KEYS as KLONDIKE_FILE_KEYS
from .syntax import clip

if TYPE_CHECKING:
    AnyDeal = Union[klondike.Deal, clock.Deal, acesup.Deal]
    #: what a JSON deal reads as: a deal, or with "rules" the position before any move
    DealOrPosition = Union[klondike.Deal, clock.Deal, acesup.Deal, klondike.Position,
                           acesup.Position]

KEYS = {"klondike": ("game", "tableau", "stock", "deck", "rules", "info"),
        "clock": ("game", "deck", "info"), "acesup": ("game", "deck", "rules", "info")}

#: the rules a JSON deal may state, by game: each rule's check and what it must be
RULES: Dict[str, Dict[str, Tuple[Callable[[Any], bool], str]]] = {
    "klondike": {
        "draw": (lambda v: _whole(v, 1, klondike.MAX_DRAW),
                 "a whole number from 1 to %d" % klondike.MAX_DRAW),
        "passes": (lambda v: v is None or _whole(v, 1, 255),
                   "null (unlimited) or a whole number from 1 to 255"),
        "foundation_moves": (lambda v: isinstance(v, bool), "true or false"),
        "variant": (lambda v: v in klondike.VARIANTS,
                    " or ".join('"%s"' % v for v in klondike.VARIANTS))},
    "acesup": {"strict": (lambda v: isinstance(v, bool), "true or false"),
               "discard_first": (lambda v: isinstance(v, bool), "true or false")},
}


def _whole(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def to_object(deal: "AnyDeal", info: Optional[Dict[str, Any]] = None,
              rules: Any = None) -> Dict[str, Any]:
    d: Dict[str, Any] = {"game": deal.game}
    if isinstance(deal, klondike.Deal):
        d["tableau"] = [[card_str(c) for c in p] for p in deal.tableau]
        d["stock"] = [card_str(c) for c in deal.stock]
    else:
        d["deck"] = [card_str(c) for c in deal.deck]
    if rules is not None:
        d["rules"] = dataclasses.asdict(rules)
    if info:
        d["info"] = info
    return d


def write(deal: "AnyDeal", info: Optional[Dict[str, Any]] = None, rules: Any = None) -> str:
    """The JSON deal on one line; ``rules`` (the game's Rules), when given, are stated."""
    return json.dumps(to_object(deal, info, rules), ensure_ascii=False) + "\n"


def _with_rules(deal: Union[klondike.Deal, acesup.Deal], obj: Dict[str, Any],
                fail: Callable[[str], DealError]
                ) -> Union[klondike.Deal, acesup.Deal, klondike.Position, acesup.Position]:
    """``deal``, or with a ``"rules"`` object the position before any move under them
    (the rules it names stated, the others the defaults)."""
    if "rules" not in obj:
        return deal
    given = obj["rules"]
    known = RULES[deal.game]
    if not isinstance(given, dict):
        raise fail("\"rules\" must be an object of rules (%s)" % ", ".join(known))
    for key, value in given.items():
        if key not in known:
            raise fail("unknown rule %s in \"rules\" (known: %s)"
                       % (clip(json.dumps(key, ensure_ascii=False), 24), ", ".join(known)))
        ok, what = known[key]
        if not ok(value):
            raise fail("\"rules\": %s must be %s, not %s"
                       % (key, what, clip(json.dumps(value, ensure_ascii=False), 24)))
    pos: Union[klondike.Position, acesup.Position]
    try:
        if isinstance(deal, klondike.Deal):
            pos = klondike.Position(deal, klondike.Rules(**given))
            names = KLONDIKE_FILE_KEYS
        else:
            pos = acesup.Position(deal, acesup.Rules(**given))
            names = ACESUP_FILE_KEYS
    except OptionError as e:     # the danish variant with a draw other than 3
        raise fail("\"rules\": %s" % e) from None
    stated = {names[k] for k in given}
    if deal.game == "klondike" and stated:
        stated.add("variant")    # stated rules without a variant are classic Klondike
    pos.given_rules = frozenset(stated)
    return pos


def from_object(obj: Any, source: Optional[str] = None) -> "DealOrPosition":
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
            return _with_rules(klondike.Deal.from_deck(deck), obj, fail)
        if game == "acesup":
            return _with_rules(acesup.Deal(tuple(deck)), obj, fail)
        return clock.Deal(tuple(deck))
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
    return _with_rules(klondike.Deal(tuple(piles), tuple(stock)), obj, fail)
