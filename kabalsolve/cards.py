"""Cards as small ints, with parse/format pairs.

A card is ``suit * 13 + rank`` with rank 0 = Ace .. 12 = King and suit in the order
of ``SUITS`` (spades, hearts, diamonds, clubs: the order of a new deck).  Hearts and
diamonds are red.  The compiled core uses the same numbering.

``Card`` is that int with a name: ``str()`` writes it as the files and moves do
(``TH``), ``repr()`` as the call that makes it (``Card('TH')``), ``symbol`` as the lines
in words do (``10♥``).  It is an ``int`` subclass, so the core and every sum, index
and comparison take it as the number it is; the 52 values are made once (``CARDS``), and
the deals, moves and parsers hand those out.
"""
from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence, Tuple

from .errors import DealError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "\u2660\u2665\u2666\u2663"  # ♠ ♥ ♦ ♣
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight",
              "nine", "ten", "jack", "queen", "king")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


class Card(int):
    """One card: the int ``suit * 13 + rank`` (0 is A♠, 51 is K♣) that prints as
    a card.  ``Card("10h")``, ``Card("TH")``, ``Card("10♥")`` and ``Card(22)`` are
    all the ten of hearts; ``str()`` is ``TH`` (the notation of files and of
    ``str(move)``), ``repr()`` is ``Card('TH')``, ``symbol`` is ``10♥`` (the lines in
    words).  Arithmetic on a card gives a plain int."""

    __slots__ = ()

    def __new__(cls, card: Any) -> "Card":
        if isinstance(card, str):
            c = parse_card(card)
            if c is None:
                raise DealError("%r is not a card (write e.g. TD, 10d or Q♥)"
                                % (card[:12] + ("..." if len(card) > 12 else ""),))
            return c
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
            return CARDS[card]
        raise DealError("a card is a number from 0 to 51 or a card's name (TD, 10d, Q♥), "
                        "not %r" % (card,))

    def __str__(self) -> str:
        return RANKS[self % 13] + SUITS[self // 13]

    def __repr__(self) -> str:
        return "Card('%s')" % self

    def __format__(self, spec: str) -> str:
        """``f"{card}"`` is the card; a number format (``f"{card:d}"``) the number."""
        return str(self) if not spec else int.__format__(self, spec)

    def __reduce__(self) -> Tuple[Any, Tuple[int]]:
        return (Card, (int(self),))

    @property
    def symbol(self) -> str:
        """The card with its suit's symbol, as the lines in words write it: ``10♥``."""
        return card_symbol(self)


#: the 52 cards, ``CARDS[n]`` the card numbered ``n``
CARDS: Tuple[Card, ...] = tuple(int.__new__(Card, n) for n in range(52))
DECK: List[Card] = list(CARDS)


def as_card(c: int) -> int:
    """The Card of the number ``c`` (a Card already is one); a value that is no card
    number is given back as it is, for the checks that name it."""
    if type(c) is Card:
        return c
    try:
        return CARDS[c] if 0 <= c < 52 else c
    except TypeError:
        return c


def as_cards(cs: Iterable[int]) -> Tuple[Card, ...]:
    """The Cards of card numbers that a deck's check has passed (each from 0 to 51)."""
    return tuple(map(CARDS.__getitem__, cs))

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


def rank(card: int) -> int:
    """0 = Ace .. 12 = King."""
    return card % 13


def suit(card: int) -> int:
    """0 = spades, 1 = hearts, 2 = diamonds, 3 = clubs."""
    return card // 13


def is_red(card: int) -> bool:
    return 1 <= card // 13 <= 2


def make(rank_: int, suit_: int) -> Card:
    """The card of rank ``rank_`` (0 = Ace .. 12 = King) and suit ``suit_`` (0..3)."""
    return CARDS[suit_ * 13 + rank_]


def parse_card(token: str) -> Optional[Card]:
    """The Card a token names (``TD``, ``10d``, ``Q♥``), or None if it names none.
    Letters are ASCII in either case; nothing else is folded into them."""
    t = token.strip()
    s = _SUIT_OF_CHAR.get(t[-1:])
    r = _RANK_OF_TEXT.get(t[:-1])
    if s is None or r is None:
        return None
    return CARDS[s * 13 + r]


def card_str(card: int) -> str:
    """ASCII notation, e.g. ``TD``; ``parse_card(card_str(c)) == c``."""
    return RANKS[card % 13] + SUITS[card // 13]


def card_symbol(card: int) -> str:
    """Human notation with a suit symbol, e.g. ``10♦``."""
    r = card % 13
    return ("10" if r == 9 else RANKS[r]) + SUIT_SYMBOLS[card // 13]


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


def is_card(c: object) -> bool:
    """Whether ``c`` is a card: a Card or its number, 0 to 51.  A bool, a float or a
    string is not one, and a number out of range would index from the end or past it."""
    return type(c) is not bool and isinstance(c, int) and 0 <= c < 52


def not_a_card(c: object, place: str = "") -> str:
    """The message for a value that is no card, at ``place`` if given ("T3, card 2")."""
    return "%snot a card: %r (a card is a Card or a number from 0 to 51)" % (
        place + " is " if place else "", c)


def deck_problems(cards: Iterable[int]) -> Optional[str]:
    """Describe what keeps ``cards`` from being one full deck, or None if it is one."""
    seen = [0] * 52
    for c in cards:
        if not is_card(c):
            return not_a_card(c)
        seen[c] += 1
    dup = [card_str(c) for c in DECK if seen[c] > 1]
    missing = [card_str(c) for c in DECK if seen[c] == 0]
    parts = []
    if dup:
        parts.append("duplicated card%s %s" % ("s" if len(dup) > 1 else "", " ".join(dup)))
    if missing:
        parts.append("missing card%s %s" % ("s" if len(missing) > 1 else "", " ".join(missing)))
    return "; ".join(parts) if parts else None


def whole_deck_problem(cards: Sequence[int], what: str) -> Optional[str]:
    """What keeps ``cards`` from being one whole deck in dealing order, the deal of
    ``what`` (e.g. "an Aces Up deal"), or None if it is one."""
    if len(cards) != 52:
        return "%s has 52 cards, not %d" % (what, len(cards))
    for i, c in enumerate(cards):
        if not is_card(c):
            return not_a_card(c, "card %d of %s" % (i + 1, what))
    return deck_problems(cards)
