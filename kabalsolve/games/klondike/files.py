"""Klondike deal and position files: the text syntax (``formats.syntax``) with the
keys of Klondike.

``formats.text`` splits the lines and sends a Klondike file here (``read_fields``).  A
file is a deal (``T1``..``T7`` and ``stock``, or one ``deck`` line) unless it has a
position key (``waste``, ``foundations``, ``passes-used``, or a rule: ``draw``,
``passes``, ``foundation-moves``, ``variant``), a column with a ``|`` between its
face-down and face-up cards, or an unknown card ``??`` (a face-down card or a stock card
not known: the position is then a ``PartialPosition``).  A deal with rule lines beside it
is the position before any move, under those rules (the danish variant only so).  The syntax is in docs/formats.md.  Every error names the line it is about; whether the
parts can occur in a game is decided by ``position.position_problem``, whose answer
names the part.
"""
from __future__ import annotations

from typing import Dict, Iterator, List, Optional, Tuple, Union

from ...cards import ASCII_LOWER, Card, card_str, rank, suit
from ...errors import DealError, OptionError
from ...formats.syntax import (UNKNOWN, Field, card_tokens, cards_or_dash,
                               check_no_duplicates, clip, deck_line, parse_cards,
                               whole_number, yes_no)
from .rules import COLUMNS, STOCK_SIZE, VARIANTS, Deal, Position, Rules
from .position import PartialPosition, position_problem

DEAL_KEYS = ("game", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "stock", "deck")
#: the rule keys a file may state (``variant`` only beside a deal: the danish variant
#: has no positions part-way through a game)
RULE_KEYS = ("draw", "passes", "foundation-moves", "variant")
#: the keys of the parts a game changes
PART_KEYS = ("waste", "foundations", "passes-used")
#: keys that make a Klondike file a position (a deal with its rules is the position
#: before any move)
POSITION_KEYS = PART_KEYS + RULE_KEYS


def not_unknown(place: str) -> str:
    """The message that refuses ``??`` in ``place``."""
    return ("%r (an unknown card) may stand only for a face-down card of a column or a "
            "card of the stock, not for %s" % (UNKNOWN, place))


#: where ``??`` is refused, and how the message names the place
FACE_UP = "a face-up card of %s"
IN_WASTE = not_unknown("a card of the waste")
ON_FOUNDATIONS = not_unknown("a foundation card")
IN_DECK = not_unknown("a card of a deck line (write T1..T7 and stock lines instead)")


def read_fields(fields: List[Field], by_key: Dict[str, Field],
                source: Optional[str]) -> Union[Deal, Position, PartialPosition]:
    """The deal or position of a Klondike file's fields; DealError naming the line."""
    for f in fields:
        if f.key not in DEAL_KEYS + POSITION_KEYS:
            raise DealError("unknown key %r in a Klondike deal (known: game, T1..T7, stock, "
                            "deck; the rules draw, passes, foundation-moves, variant; in a "
                            "position also waste, foundations, passes-used)" % clip(f.key),
                            f.line, None, source)
    if any(f.key in POSITION_KEYS or (f.key.startswith("t") and "|" in f.value)
           or (f.key != "deck" and UNKNOWN in f.value.split()) for f in fields):
        return read_position(fields, by_key, source)
    return read_deal(fields, by_key, source)


def read_deal(fields: List[Field], by_key: Dict[str, Field], source: Optional[str]) -> Deal:
    """A Klondike deal: ``T1``..``T7`` and ``stock``, or one ``deck`` line."""
    if "deck" in by_key:
        others = [g for g in fields if g.key not in ("deck", "game")]
        if others:
            raise DealError("a 'deck:' line cannot be combined with T1..T7 or stock lines",
                            others[0].line, None, source)
        return Deal.from_deck(deck_line(by_key, "a Klondike deal", source, IN_DECK))
    cards_at: List[Tuple[Card, Field]] = []
    piles = []
    for i, pf in enumerate(_columns(by_key, source, "pile T{n} is missing (a Klondike deal "
                                    "needs T1..T7 and stock, or one deck line)")):
        pile = parse_cards(pf, source)
        if len(pile) != i + 1:
            raise DealError("pile T%d must hold %d card%s, not %d"
                            % (i + 1, i + 1, "s" if i else "", len(pile)), pf.line, None, source)
        cards_at += [(c, pf) for c in pile]
        piles.append(tuple(pile))
    sf = by_key.get("stock")
    if sf is None:
        raise DealError("the 'stock:' line is missing", None, None, source)
    stock = parse_cards(sf, source)
    cards_at += [(c, sf) for c in stock]
    check_no_duplicates(cards_at, source)
    if len(stock) != STOCK_SIZE:
        raise DealError("the stock must hold %d cards, not %d" % (STOCK_SIZE, len(stock)),
                        sf.line, None, source)
    return Deal(tuple(piles), tuple(stock))


def _rules(by_key: Dict[str, Field], source: Optional[str]) -> Tuple[Rules, List[str]]:
    """The rules the file states (defaults for the rest) and which keys it stated."""
    draw, passes, fm, variant = 3, None, True, "classic"
    given = []
    if "draw" in by_key:
        draw = whole_number(by_key["draw"], 1, 24, "draw", source)
        given.append("draw")
    if "passes" in by_key:
        f = by_key["passes"]
        if f.value.translate(ASCII_LOWER) not in ("unlimited", "-"):
            passes = whole_number(f, 1, 255, "passes (or 'unlimited')", source)
        given.append("passes")
    if "foundation-moves" in by_key:
        fm = yes_no(by_key["foundation-moves"], "foundation-moves", source)
        given.append("foundation-moves")
    if "variant" in by_key:
        f = by_key["variant"]
        variant = f.value.translate(ASCII_LOWER)
        if variant not in VARIANTS:
            raise DealError("variant must be %s, not %r" % (" or ".join(VARIANTS),
                                                             clip(f.value)),
                            f.line, f.value_column, source)
        given.append("variant")
    if given:
        # a file that states its rules states its variant too: without a variant line
        # it is classic Klondike (the line is written only for the danish variant)
        given.append("variant")
    try:
        return (Rules(draw=draw, passes=passes, foundation_moves=fm, variant=variant),
                sorted(set(given)))
    except OptionError as e:  # the danish variant with a draw other than 3
        at = by_key.get("draw", by_key.get("variant"))
        raise DealError(str(e), at.line if at else None, None, source) from None


def _columns(by_key: Dict[str, Field], source: Optional[str], missing: str) -> Iterator[Field]:
    """The lines of T1..T7 in order, each read before the next is looked for; the first
    one absent is ``missing`` (with ``{n}`` its number)."""
    for n in range(1, COLUMNS + 1):
        f = by_key.get("t%d" % n)
        if f is None:
            raise DealError(missing.format(n=n), None, None, source)
        yield f


def _column(f: Field, source: Optional[str]
            ) -> Tuple[List[Optional[Card]], List[Card]]:
    """``down | up``, or without a bar a dealt column (all but the top card face down);
    a face-down card may be ``??`` (None), a face-up card not."""
    face_up = not_unknown(FACE_UP % f.key.upper())
    if f.value in ("", "-"):
        return [], []
    if "|" not in f.value:
        tokens = card_tokens(f, source, "")
        if tokens and tokens[-1][0] is None:
            raise DealError(face_up, f.line, tokens[-1][1], source)
        return [c for c, _col in tokens[:-1]], [c for c, _col in tokens[-1:] if c is not None]
    bar = f.value.index("|")
    down_f = Field(f.key, f.value[:bar].strip(), f.line, f.value_column)
    rest = f.value[bar + 1:]
    up_f = Field(f.key, rest.strip(), f.line,
                 f.value_column + bar + 1 + len(rest) - len(rest.lstrip()))
    if "|" in up_f.value:
        raise DealError("a column has one '|' at most (face-down | face-up)",
                        f.line, None, source)
    down = [] if down_f.value in ("", "-") else [c for c, _col in
                                                 card_tokens(down_f, source, "")]
    return down, cards_or_dash(up_f, source, face_up)


def read_position(fields: List[Field], by_key: Dict[str, Field],
                  source: Optional[str]) -> Union[Position, PartialPosition]:
    """The position a Klondike file describes, checked; DealError naming the line.  With
    an unknown card (``??``) it is a PartialPosition."""
    rules, given = _rules(by_key, source)
    deal_keys = ("game", "deck", "stock") + tuple("t%d" % n for n in range(1, COLUMNS + 1))
    if "deck" in by_key:
        others = [g for g in fields if g.key not in ("deck", "game") + tuple(given)]
        if others:
            raise DealError("a 'deck:' line gives a deal: it takes only the rules (draw, "
                            "passes, foundation-moves, variant) beside it", others[0].line,
                            None, source)
    if "deck" in by_key or not any(
            f.key in PART_KEYS or (f.key.startswith("t") and "|" in f.value)
            or (f.key != "deck" and UNKNOWN in f.value.split()) for f in fields):
        # a deal with its rules: the position before any move
        deal = read_deal([g for g in fields if g.key in deal_keys],
                         {k: v for k, v in by_key.items() if k in deal_keys}, source)
        pos = Position(deal, rules)
        pos.given_rules = frozenset(given)
        return pos
    if rules.danish:
        raise DealError("the danish variant has no positions part-way through a game: give "
                        "a deal (T1..T7 and stock, or deck) beside 'variant: danish'",
                        by_key["variant"].line, None, source)
    cards_at: List[Tuple[int, Field]] = []
    columns = []
    for f in _columns(by_key, source, "column T{n} is missing (write 'T{n}: -' for an "
                                      "empty column)"):
        down, up = _column(f, source)
        cards_at += [(c, f) for c in down + up if c is not None]
        columns.append((down, up))
    found = [0, 0, 0, 0]
    ff = by_key.get("foundations")
    if ff is not None:
        for c in cards_or_dash(ff, source, ON_FOUNDATIONS):
            s = suit(c)
            if found[s]:
                raise DealError("two foundation cards of one suit (%s and %s): give the "
                                "top card of each foundation" % (
                                    card_str(s * 13 + found[s] - 1), card_str(c)),
                                ff.line, None, source)
            found[s] = rank(c) + 1
            cards_at += [(s * 13 + r, ff) for r in range(rank(c) + 1)]
    waste = cards_or_dash(by_key.get("waste"), source, IN_WASTE)
    sf = by_key.get("stock")
    stock: List[Optional[Card]] = [] if sf is None or sf.value in ("", "-") else [
        c for c, _col in card_tokens(sf, source, "")]
    if "waste" in by_key:
        cards_at += [(c, by_key["waste"]) for c in waste]
    if sf is not None:
        cards_at += [(c, sf) for c in stock if c is not None]
    check_no_duplicates(cards_at, source)
    recycles = 0
    if "passes-used" in by_key:
        recycles = whole_number(by_key["passes-used"], 1, 256, "passes-used", source) - 1
    problem = position_problem(columns, found, waste, stock, recycles, rules)
    if problem:
        message, part = problem
        at = by_key.get(part.lower()) if part else None
        raise DealError(message, at.line if at else None, None, source)
    if any(c is None for c in stock) or any(None in down for down, _up in columns):
        return PartialPosition(rules, tuple((tuple(d), tuple(u)) for d, u in columns),
                               tuple(found), tuple(waste), tuple(stock), recycles,
                               frozenset(given))
    known_columns = [([c for c in d if c is not None], u) for d, u in columns]
    known_stock = [c for c in stock if c is not None]
    pos = Position.from_parts(known_columns, found, waste, known_stock, rules, recycles)
    pos.given_rules = frozenset(given)
    return pos
