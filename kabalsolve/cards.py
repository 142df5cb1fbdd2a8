"""Cards as small ints, with parse/format pairs.

A card is ``suit * 13 + rank`` with rank 0 = Ace .. 12 = King and suit in the order
of ``SUITS`` (spades, hearts, diamonds, clubs: the order of a new deck).  Hearts and
diamonds are red.  The compiled core uses the same numbering.
"""
from __future__ import annotations

from typing import Iterable, List, Optional, Sequence

Card = int

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"  # ♠ ♥ ♦ ♣
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight",
              "nine", "ten", "jack", "queen", "king")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
DECK: List[Card] = list(range(52))

_SUIT_OF_CHAR = {"S": 0, "H": 1, "D": 2, "C": 3, "s": 0, "h": 1, "d": 2, "c": 3,
                 "\u2660": 0, "\u2665": 1, "\u2666": 2, "\u2663": 3,
                 "\u2664": 0, "\u2661": 1, "\u2662": 2, "\u2667": 3}
#: rank text in either case, compared exactly: Unicode case folding would read the
#: long s or a dotless i as ASCII letters (``"\u017f".upper() == "S"``)
_RANK_OF_TEXT = dict([(r, n) for n, r in enumerate(RANKS)]
                     + [(r.lower(), n) for n, r in enumerate(RANKS) if r.isalpha()]
                     + [("10", 9)])
#: ``text.translate(ASCII_UPPER)``: upper case for ASCII letters only, every other
#: character kept as it is (``str.upper`` folds some non-ASCII letters into ASCII)
ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
#: ``text.translate(ASCII_LOWER)``: lower case for ASCII letters only
ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def rank(card: Card) -> int:
    """0 = Ace .. 12 = King."""
    return card % 13


def suit(card: Card) -> int:
    """0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs."""
    return card // 13


def is_red(card: Card) -> bool:
    return 1 <= card // 13 <= 2


def make(rank_: int, suit_: int) -> Card:
    return suit_ * 13 + rank_


def parse_card(token: str) -> Optional[Card]:
    """The card a token names (``TD``, ``10d``, ``Q♥``), or None if it names none.
    Letters are ASCII in either case; nothing else is folded into them."""
    t = token.strip()
    s = _SUIT_OF_CHAR.get(t[-1:])
    r = _RANK_OF_TEXT.get(t[:-1])
    if s is None or r is None:
        return None
    return make(r, s)


def card_str(card: Card) -> str:
    """ASCII notation, e.g. ``TD``; ``parse_card(card_str(c)) == c``."""
    return RANKS[card % 13] + SUITS[card // 13]


def card_symbol(card: Card) -> str:
    """Human notation with a suit symbol, e.g. ``10♦``."""
    r = card % 13
    return ("10" if r == 9 else RANKS[r]) + SUIT_SYMBOLS[card // 13]


def cards_str(cards: Iterable[Card]) -> str:
    return " ".join(card_str(c) for c in cards)


def deck_problems(cards: Iterable[Card]) -> Optional[str]:
    """Describe what keeps ``cards`` from being one full deck, or None if it is one."""
    seen = [0] * 52
    for c in cards:
        seen[c] += 1
    dup = [card_str(c) for c in DECK if seen[c] > 1]
    missing = [card_str(c) for c in DECK if seen[c] == 0]
    parts = []
    if dup:
        parts.append("duplicated card%s %s" % ("s" if len(dup) > 1 else "", " ".join(dup)))
    if missing:
        parts.append("missing card%s %s" % ("s" if len(missing) > 1 else "", " ".join(missing)))
    return "; ".join(parts) if parts else None


def whole_deck_problem(cards: Sequence[Card], what: str) -> Optional[str]:
    """What keeps ``cards`` from being one whole deck in dealing order, the deal of
    ``what`` (e.g. "an Aces Up deal"), or None if it is one."""
    if len(cards) != 52:
        return "%s has 52 cards, not %d" % (what, len(cards))
    return deck_problems(cards)
