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

_SUIT_OF_CHAR = {"S": 0, "H": 1, "D": 2, "C": 3,
                 "\u2660": 0, "\u2665": 1, "\u2666": 2, "\u2663": 3,
                 "\u2664": 0, "\u2661": 1, "\u2662": 2, "\u2667": 3}


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
    """The card a token names (``TD``, ``10d``, ``Q♥``), or None if it names none."""
    t = token.strip().upper()
    if len(t) < 2:
        return None
    r_text, s_text = t[:-1], t[-1]
    s = _SUIT_OF_CHAR.get(s_text)
    if s is None:
        return None
    if r_text == "10":
        r = 9
    elif len(r_text) == 1 and r_text in RANKS:
        r = RANKS.index(r_text)
    else:
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
