"""Aces Up positions as text: the position file, short move text, consistency checks.

Kept apart from ``rules`` (the referee) so that the rules module stays small; its
``Position`` reaches these through thin methods.  It imports nothing of kabalsolve but
the cards and the errors.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from ...cards import Card, card_str, deck_problems, rank, suit
from ...errors import MoveError

if TYPE_CHECKING:
    from .rules import Deal, Move, Position, Rules

PILES = ("P1", "P2", "P3", "P4")
#: a pile of a deal's layout holds one card, and each deal adds at most one card to it
DEALS = 13


def deals_made(stock_left: int) -> int:
    """The deals of four made so far, the layout counted: 13 less those still in the
    stock."""
    return DEALS - stock_left // 4


def pile_limit(stock_left: int) -> int:
    """The most cards a pile can hold with ``stock_left`` cards still to deal.

    Why: a card leaves a pile only from the top, and a card moved onto a pile lands on
    an empty pile.  So a pile holds its bottom card and then only cards dealt to it
    after that bottom arrived, one per deal.  A bottom that was dealt there came with a
    deal; one that was moved there arrived after the layout, when at most all but the
    layout's deal were still to come.  Either way the pile holds at most one card per
    deal made, the layout included."""
    return deals_made(stock_left)


def position_problem(piles: Sequence[Sequence[Card]], stock: Sequence[Card],
                     discarded: Sequence[Card]) -> Optional[str]:
    """Why no game of Aces Up reaches these parts (None when one can, as far as these
    checks see); the message names the part (``P1``..``P4``, ``stock``, ``discarded``)
    first."""
    if len(piles) != 4:
        return "Aces Up has 4 piles, not %d" % len(piles)
    if len(stock) % 4:
        return "stock: it must hold a multiple of 4 cards (one deal is 4), not %d" % (
            len(stock))
    if len(stock) > 48:
        return "stock: at most 48 cards (the layout's 4 are dealt), not %d" % len(stock)
    aces = [c for c in discarded if rank(c) == 0]
    if aces:
        return "discarded: %s is an Ace, and an Ace is never discarded" % card_str(aces[0])
    problem = deck_problems([c for p in piles for c in p] + list(stock) + list(discarded))
    if problem:
        return problem
    limit = pile_limit(len(stock))
    for i, p in enumerate(piles):
        if len(p) > limit:
            return ("P%d: %d cards, but with %d cards still to deal, %d deal%s been made, "
                    "and a pile gains at most one card a deal" % (
                        i + 1, len(p), len(stock), limit,
                        " has" if limit == 1 else "s have"))
    return _discard_problem(piles, discarded)


def _discard_problem(piles: Sequence[Sequence[Card]],
                     discarded: Sequence[Card]) -> Optional[str]:
    """Why these discards cannot have been made, or None.

    A card is discarded while a higher card of its suit (Ace high) tops another pile,
    and that card has left the stock for good.  Take the highest card discarded of a
    suit: the card that let it go is higher, so it was never discarded, and lies on a
    pile now.  If every higher card of the suit is still in the stock, no game gets
    here (a King discarded with its Ace still to deal, say)."""
    def high(c: Card) -> int:
        return 13 if rank(c) == 0 else rank(c)
    on_piles = [c for p in piles for c in p]
    for s in range(4):
        gone = [c for c in discarded if suit(c) == s]
        if not gone:
            continue
        top = max(gone, key=high)
        if not any(suit(c) == s and high(c) > high(top) for c in on_piles):
            return ("discarded: %s can only have gone while a higher card of its suit "
                    "was on top of a pile, and that card would still be on a pile; none "
                    "is (the higher ones are all in the stock)" % card_str(top))
    return None


def rule_lines(rules: "Rules") -> List[str]:
    """The lines of a deal or position file that state ``rules``."""
    return ["strict: %s" % ("yes" if rules.strict else "no"),
            "discard-first: %s" % ("yes" if rules.discard_first else "no")]


def deal_to_text(deal: "Deal", rules: "Rules", comment: Optional[str] = None) -> str:
    """The deal file of ``deal`` with the lines that state ``rules`` (docs/formats.md):
    read back, it is the position before any move, under those rules."""
    lines = deal.to_text(comment or "").splitlines()
    at = lines.index("game: acesup") + 1
    return "\n".join(lines[:at] + rule_lines(rules) + lines[at:]) + "\n"


def position_to_text(pos: "Position", comment: Optional[str] = None) -> str:
    """The position-file text of ``pos``, its rules included; ``dealfile`` reads it back
    to an equal position."""
    lines = ["# " + comment] if comment else []
    lines.append("game: acesup")
    lines += rule_lines(pos.rules)
    for i, pile in enumerate(pos.piles):
        lines.append("P%d: %s" % (i + 1, " ".join(card_str(c) for c in pile) or "-"))
    lines.append("stock: %s" % (" ".join(card_str(c) for c in pos.stock) or "-"))
    lines.append("discarded: %s" % (" ".join(card_str(c) for c in pos.discarded) or "-"))
    return "\n".join(lines) + "\n"


# -- short move text --------------------------------------------------------------------
# "D" deals, "P2 X" discards the top card of P2, "P3 P1" moves the top card of P3 onto
# the empty pile P1.  Only top cards move, so the pile names fix the move.

def move_text(move: "Move") -> str:
    if move.kind == "deal":
        return "D"
    return "%s %s" % (move.src, "X" if move.kind == "discard" else move.dst)


def move_words(text: str) -> Tuple[str, str, str]:
    """(kind, source pile, target pile) that a short move text names (``D``, ``P2 X``,
    ``P3 P1``; any case, also ``deal`` and ``P3>P1``), not yet checked against a
    position; MoveError if it is no Aces Up move at all."""
    words = text.replace(">", " ").upper().split()
    if len(words) == 1 and words[0] in ("D", "DEAL"):
        return "deal", "", ""
    if len(words) == 2 and words[0] in PILES and (words[1] in PILES or words[1] == "X"):
        if words[1] == "X":
            return "discard", words[0], ""
        return "move", words[0], words[1]
    raise MoveError("%r is not an Aces Up move (write D to deal, P2 X to discard the "
                    "top card of P2, P3 P1 to move it to the empty pile P1)" % text)
