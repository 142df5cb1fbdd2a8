"""ShootMe's Klondike-Solver: its 156-digit deck string and its move notation.

The deck string (``KlondikeSolver /DECK``, ``Solitaire::LoadSolitaire``): 52 groups of
three digits ``RRS``, rank ``01``..``13`` (Ace..King) and suit ``1`` clubs, ``2``
diamonds, ``3`` hearts, ``4`` spades.  The cards come in the order ShootMe deals them,
which is our ``deck:`` order: row by row (one card to each of T1..T7, then T2..T7, ...),
then the 24 stock cards, the first of them turned first.

The move notation (``/MOVES``, ``Solitaire::MovesMade``; pyksolve's ``moves_made()``),
words separated by spaces:

- ``DRn``: turn the stock n times (n turns, whatever the draw count);
- ``NEW``: turn the waste over to make the stock again;
- ``XY``: move the top card of X onto Y; ``XY-n``: move n cards.  X is ``W`` (the
  waste), ``1``..``7`` (a tableau pile) or a foundation named by its suit (``C D S H``);
  Y is ``1``..``7`` or a foundation's suit;
- ``Fn``: turn up the face-down card the move just uncovered on pile n (written right
  after that move; kabalsolve turns it up by itself, so reading checks and skips it).
"""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence

from ..cards import ASCII_UPPER, CARDS, SUITS, Card, make, suit
from ..digits import is_digits, whole
from ..errors import DealError, MoveError
from ..games import klondike
from ..games.klondike import PILES, Move, Position, Rules
from .syntax import clip

DIGITS = 156
_SUIT_OF_DIGIT = {"1": 3, "2": 2, "3": 1, "4": 0}   # ShootMe's digit -> our suit number
_DIGIT_OF_SUIT = {v: k for k, v in _SUIT_OF_DIGIT.items()}


def looks_like(text: str) -> bool:
    """True if the text, less blank lines and ``#`` comments, is one string of digits
    (auto-detection: digits of any script, so that ``read`` reports a wrong one, and a
    wrong length)."""
    body = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    return len(body) == 1 and body[0].isdigit() and len(body[0]) >= 100


def read(text: str, source: Optional[str] = None) -> klondike.Deal:
    """The deal in a ShootMe deck string (one line; blank and ``#`` lines are skipped)."""
    lines = [(n, raw) for n, raw in enumerate(text.splitlines(), 1)
             if raw.strip() and not raw.strip().startswith("#")]
    if not lines:
        raise DealError("the deal is empty (no ShootMe deck string)", None, None, source)
    n, raw = lines[0]
    s = raw.strip()
    offset = raw.index(s[0]) + 1
    if not is_digits(s):
        bad = next(i for i, ch in enumerate(s) if not is_digits(ch))
        raise DealError("%r is not a digit (a ShootMe deck is %d digits)" % (s[bad], DIGITS),
                        n, offset + bad, source)
    if len(s) != DIGITS:
        raise DealError("a ShootMe deck is %d digits (52 cards of 3), not %d"
                        % (DIGITS, len(s)), n, None, source)
    if len(lines) > 1:
        raise DealError("a ShootMe deck is one line of %d digits; another line follows"
                        % DIGITS, lines[1][0], None, source)
    cards: List[Card] = []
    first_at: Dict[Card, int] = {}
    for i in range(52):
        group = s[3 * i:3 * i + 3]
        r, d = int(group[:2]), group[2]
        if not 1 <= r <= 13 or d not in _SUIT_OF_DIGIT:
            raise DealError("%r (card %d) is not a card: ShootMe writes RRS, rank 01-13 and "
                            "suit 1-4 (clubs, diamonds, hearts, spades)" % (group, i + 1),
                            n, offset + 3 * i, source)
        c = make(r - 1, _SUIT_OF_DIGIT[d])
        if c in first_at:
            raise DealError("%r (card %d) is a duplicate of card %d" % (group, i + 1,
                                                                      first_at[c] + 1),
                            n, offset + 3 * i, source)
        first_at[c] = i
        cards.append(c)
    return klondike.Deal.from_deck(cards)


def write(deal: klondike.Deal) -> str:
    """The ShootMe deck string of ``deal``, with a newline."""
    return "".join("%02d%s" % (c % 13 + 1, _DIGIT_OF_SUIT[suit(c)]) for c in deal.deck()) + "\n"


# -- move notation ---------------------------------------------------------------------
def _pile_name(pile: str, card: Card) -> str:
    if pile == "W":
        return "W"
    if pile == "F":
        return SUITS[suit(card)]  # ShootMe names a foundation by its suit letter, as we do
    return pile[1:]


def format_moves(deal: klondike.Deal, rules: Rules, moves: Sequence[Move]) -> str:
    """``moves`` (played from ``deal``) in ShootMe's notation."""
    pos = Position(deal, rules)
    out: List[str] = []
    draws = 0
    for m in moves:
        if m.kind == "draw":
            pos.push(m)
            draws += 1
            continue
        if draws:
            out.append("DR%d" % draws)
            draws = 0
        if m.kind == "recycle":
            pos.push(m)
            out.append("NEW")
            continue
        assert m.card is not None
        word = _pile_name(m.src, m.card) + _pile_name(m.dst, m.card)
        out.append(word + ("-%d" % m.count if m.count > 1 else ""))
        down_before = sum(pos.down)
        pos.push(m)
        if sum(pos.down) < down_before:
            out.append("F" + m.src[1:])
    if draws:
        out.append("DR%d" % draws)
    return " ".join(out)


def parse_moves(deal: klondike.Deal, rules: Rules, text: str) -> List[Move]:
    """ShootMe's notation as kabalsolve's atomic moves, each played on the reference
    rules as it is read; a word that is not notation or not legal raises MoveError
    naming it and its place."""
    pos = Position(deal, rules)
    out: List[Move] = []
    flip_due: Optional[str] = None   # the pile the last move uncovered a card on
    for n, word in enumerate(text.split(), 1):
        try:
            flip_due = _play_word(pos, out, word, flip_due)
        except MoveError as e:
            raise MoveError("ShootMe move %d (%r): %s" % (n, clip(word, 12), e)) from None
    return out


def _play_word(pos: Position, out: List[Move], word: str, flip_due: Optional[str]) -> Optional[str]:
    def play(m: Move) -> None:
        pos.push(m)
        out.append(m)

    w = word.translate(ASCII_UPPER)
    if w.startswith("DR") and is_digits(w[2:]):
        turns = whole(w[2:], 0, 52)
        if turns is None:
            raise MoveError("more turns than a deck has cards")
        for _ in range(turns):
            play(Move.draw())
        return None
    if w == "NEW":
        play(Move.recycle())
        return None
    if w[0] == "F" and is_digits(w[1:]):
        if flip_due != w[1:]:
            raise MoveError("no card was just uncovered on pile %s" % w[1:])
        return None
    head, sep, count_s = w.partition("-")
    count = whole(count_s, 1, 52) if sep else 1
    if len(head) != 2 or count is None:
        raise MoveError("not ShootMe notation (DRn, NEW, Fn, XY or XY-n)")
    x, y = head[0], head[1]
    if x == "W":
        if not pos.waste:
            raise MoveError("the waste is empty")
        src, card = "W", pos.waste[-1]
    elif x in "1234567":
        pile = pos.piles[int(x) - 1]
        if not 1 <= count <= len(pile):
            raise MoveError("pile %s holds fewer than %d cards" % (x, count))
        src, card = PILES[int(x) - 1], pile[len(pile) - count]
    elif x in SUITS:
        s = SUITS.index(x)
        if not pos.foundations[s]:
            raise MoveError("the %s foundation is empty" % x)
        src, card = "F", CARDS[s * 13 + pos.foundations[s] - 1]
    else:
        raise MoveError("%r names no pile (W, 1-7 or C D S H)" % x)
    if y in "1234567":
        dst = PILES[int(y) - 1]
    elif y in SUITS:
        if suit(card) != SUITS.index(y):
            raise MoveError("the card moved is not a %s" % y)
        dst = "F"
    else:
        raise MoveError("%r names no target (1-7 or C D S H)" % y)
    down_before = sum(pos.down)
    play(Move("move", src, dst, card, count))
    return src[1:] if sum(pos.down) < down_before else None
