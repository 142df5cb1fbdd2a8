"""The text syntax of deal files (FORMATS.md): comments, ``key: value`` lines, cards.

This module knows the syntax and which keys each game takes; the games check that
the cards make a legal deal.  Every error names the line (and the column of a bad card).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple, Union

from .cards import Card, card_str, parse_card
from .errors import DealError

if TYPE_CHECKING:
    from .games.acesup import Deal as AcesUpDeal
    from .games.acesup import Position as AcesUpPosition
    from .games.clock import Deal as ClockDeal
    from .games.klondike import Deal, Position

    AnyDeal = Union[Deal, ClockDeal, AcesUpDeal, Position, AcesUpPosition]

GAMES = ("klondike", "acesup", "clock")
KLONDIKE_KEYS = ("game", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "stock", "deck")
#: keys that make a Klondike file a position (README, "Position files")
KLONDIKE_RULE_KEYS = ("draw", "passes", "foundation-moves")
KLONDIKE_POSITION_KEYS = ("waste", "foundations", "passes-used") + KLONDIKE_RULE_KEYS


@dataclass
class Field:
    """One ``key: value`` line: the key (lower case), its cards or text, where it was."""
    key: str
    value: str
    line: int
    value_column: int


def _split_fields(text: str, source: Optional[str]) -> List[Field]:
    fields: List[Field] = []
    seen: Dict[str, int] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise DealError("expected 'key: value', found %r" % _clip(line), n, None, source)
        key, _, value = line.partition(":")
        key = key.strip().lower()
        if not key:
            raise DealError("a line starts with ':' and names no key", n, None, source)
        if key in seen:
            raise DealError("%r given twice (first on line %d)" % (key, seen[key]),
                            n, None, source)
        seen[key] = n
        col = raw.index(":") + 2 + (len(value) - len(value.lstrip()))
        fields.append(Field(key, value.strip(), n, col))
    if not fields:
        raise DealError("the deal is empty (no 'key: value' lines)", None, None, source)
    return fields


def _clip(s: str, n: int = 40) -> str:
    return s if len(s) <= n else s[:n] + "..."


def parse_cards(f: Field, source: Optional[str]) -> List[Card]:
    """The cards on one line; a bad token is named with its line and column."""
    cards: List[Card] = []
    pos = 0
    for tok in f.value.split():
        at = f.value.index(tok, pos)
        pos = at + len(tok)
        c = parse_card(tok)
        if c is None:
            raise DealError("%r is not a card (write e.g. TD, 10d or Q\u2665)" % _clip(tok, 12),
                            f.line, f.value_column + at, source)
        cards.append(c)
    return cards


def _duplicates_where(cards_at: List[Tuple[Card, Field]], source: Optional[str]) -> None:
    first: Dict[Card, Field] = {}
    for c, f in cards_at:
        if c in first:
            g = first[c]
            raise DealError("duplicated card %s (also on line %d)" % (card_str(c), g.line),
                            f.line, None, source)
        first[c] = f


def read_text(text: str, source: Optional[str] = None) -> "AnyDeal":
    """Parse deal text into a game's Deal (Klondike when no ``game:`` line)."""
    if "\x00" in text:
        raise DealError("this is not a text deal file (it holds binary data)", None, None, source)
    fields = _split_fields(text, source)
    by_key = {f.key: f for f in fields}
    game_f = by_key.get("game")
    game = game_f.value.strip().lower() if game_f else "klondike"
    if game not in GAMES:
        raise DealError("unknown game %r (known: %s)" % (game, ", ".join(GAMES)),
                        game_f.line if game_f else None, None, source)
    if game in ("clock", "acesup"):
        return _read_deck_game(game, fields, by_key, source)
    return _read_klondike(fields, by_key, source)


def _read_deck_game(game: str, fields: List[Field], by_key: Dict[str, Field],
                    source: Optional[str]) -> "AnyDeal":
    """Clock and Aces Up: one ``deck:`` line of 52 cards in dealing order."""
    from .games.acesup import Deal as AcesUpDeal
    from .games.clock import Deal as ClockDeal
    title = {"clock": "Clock", "acesup": "Aces Up"}[game]
    if game == "acesup" and any(f.key not in ("game", "deck") for f in fields):
        from .acesup_positionfile import read_acesup_position
        return read_acesup_position(fields, by_key, source)
    for f in fields:
        if f.key not in ("game", "deck"):
            raise DealError("unknown key %r in %s %s deal (known: game, deck)"
                            % (f.key, "an" if game == "acesup" else "a", title),
                            f.line, None, source)
    deck_f = by_key.get("deck")
    if deck_f is None:
        raise DealError("the 'deck:' line is missing (%s deal is one deck line)"
                        % ("an Aces Up" if game == "acesup" else "a Clock"), None, None, source)
    deck = parse_cards(deck_f, source)
    _duplicates_where([(c, deck_f) for c in deck], source)
    if len(deck) != 52:
        raise DealError("'deck:' must list 52 cards, not %d" % len(deck), deck_f.line,
                        None, source)
    if game == "acesup":
        return AcesUpDeal(tuple(deck))
    return ClockDeal(tuple(deck))


def _read_klondike(fields: List[Field], by_key: Dict[str, Field],
                   source: Optional[str]) -> "Union[Deal, Position]":
    from .games.klondike import COLUMNS, STOCK_SIZE, Deal
    for f in fields:
        if f.key not in KLONDIKE_KEYS + KLONDIKE_POSITION_KEYS:
            raise DealError("unknown key %r in a Klondike deal (known: game, T1..T7, stock, "
                            "deck; in a position also waste, foundations, passes-used, draw, "
                            "passes, foundation-moves)" % f.key, f.line, None, source)
    if any(f.key in KLONDIKE_POSITION_KEYS or (f.key.startswith("t") and "|" in f.value)
           for f in fields):
        from .positionfile import read_klondike_position
        return read_klondike_position(fields, by_key, source)
    cards_at: List[Tuple[Card, Field]] = []
    if "deck" in by_key:
        deck_f = by_key["deck"]
        others = [g for g in fields if g.key not in ("deck", "game")]
        if others:
            raise DealError("a 'deck:' line cannot be combined with T1..T7 or stock lines",
                            others[0].line, None, source)
        deck = parse_cards(deck_f, source)
        cards_at = [(c, deck_f) for c in deck]
        _duplicates_where(cards_at, source)
        if len(deck) != 52:
            raise DealError("'deck:' must list 52 cards, not %d" % len(deck), deck_f.line,
                            None, source)
        return Deal.from_deck(deck)
    piles = []
    for i in range(COLUMNS):
        pf = by_key.get("t%d" % (i + 1))
        if pf is None:
            raise DealError("pile T%d is missing (a Klondike deal needs T1..T7 and stock, "
                            "or one deck line)" % (i + 1), None, None, source)
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
    _duplicates_where(cards_at, source)
    if len(stock) != STOCK_SIZE:
        raise DealError("the stock must hold %d cards, not %d" % (STOCK_SIZE, len(stock)),
                        sf.line, None, source)
    return Deal(tuple(piles), tuple(stock))


def read_position(text_or_path: Union[str, "os.PathLike[str]"]) -> "Position":
    """Read a Klondike position (a deal file gives the position before any move, at the
    default rules); the same text-or-path rule as ``read_deal``."""
    from .games.klondike import Deal, Position
    d = read_deal(text_or_path)
    if isinstance(d, Deal):
        return Position(d)
    if not isinstance(d, Position):
        raise DealError("positions are only supported for Klondike, not %s" % d.game)
    return d


def read_deal(text_or_path: Union[str, "os.PathLike[str]"],
              format: Optional[str] = None) -> "AnyDeal":
    """Read a deal from text, or from a file, in ``format`` (one of
    ``kabalsolve.formats.FORMATS``; None: recognised by its look).

    A ``str`` that holds a newline, a ``:`` or a ``{``, or is all digits (and names no
    existing file) is deal text; any other ``str`` or path object names a file.
    """
    from . import formats
    if isinstance(text_or_path, str) and not os.path.exists(text_or_path) and (
            any(ch in text_or_path for ch in "\n:{") or text_or_path.strip().isdigit()):
        return formats.read(text_or_path, format)
    return read_file(text_or_path, format)


def read_bytes(data: bytes, source: Optional[str] = None,
               format: Optional[str] = None) -> "AnyDeal":
    """Decode a deal file's bytes (UTF-8, with or without a byte-order mark) and parse it
    in ``format`` (None: recognised by its look, see kabalsolve.formats)."""
    from . import formats
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise DealError("this is not a UTF-8 text deal file (bad byte at offset %d)" % e.start,
                        None, None, source) from None
    return formats.read(text, format, source)


def read_file(path: Union[str, "os.PathLike[str]"],
              format: Optional[str] = None) -> "AnyDeal":
    """Read the deal in a file (``format``: as in ``read_bytes``)."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise DealError("cannot read the file: %s" % (e.strerror or e), None, None,
                        str(name)) from None
    return read_bytes(data, str(name), format)
