"""Clock patience (Klokkekabal): the pure-Python reference rules.

Thirteen piles of four face-down cards: piles 1..12 are the clock positions, pile 13
the centre.  Turn the top card of the centre; each turned card goes face up under the
pile of its rank (A = 1 .. Q = 12, K = the centre) and the next card is turned from the
top of that pile.  The game ends when the pile to turn from has no face-down card left,
which happens only at the centre, with the fourth King; it is won when no face-down
card remains.  There are no choices: the deal decides (exactly 1 deal in 13 wins).

The deal (docs/formats.md): 52 cards in dealing order; card i (0-based) goes to pile
(i mod 13) + 1, and within a pile later cards lie on top.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, List, Sequence, Tuple

from ...cards import Card, as_card, card_str, card_symbol, rank
from ...seeds import DeckDeal

NAME = "clock"
PILES = 13
CENTRE = 13


@dataclass(frozen=True)
class Rules:
    """Clock has no rule options."""


@dataclass(frozen=True)
class Deal(DeckDeal):
    """A Clock deal: the 52 cards in dealing order."""
    game: str = field(default=NAME, init=False)
    WHAT: ClassVar[str] = "a Clock deal"

    def piles(self) -> List[List[Card]]:
        """Pile 1..13 (index 0..12), each bottom -> top."""
        out: List[List[Card]] = [[] for _ in range(PILES)]
        for i, c in enumerate(self.deck):
            out[i % PILES].append(c)
        return out

    def to_text(self, comment: str = "") -> str:
        head = "# " + comment + "\n" if comment else ""
        return head + "game: clock\ndeck: " + " ".join(card_str(c) for c in self.deck) + "\n"

    def __str__(self) -> str:
        """The deal file (``to_text``)."""
        return self.to_text()

    def __repr__(self) -> str:
        """``<Deal clock deck: 9C 7C QD ...>``: the deal file's deck line."""
        return "<Deal clock %s>" % "; ".join(self.to_text().splitlines()[1:])


def target_pile(card: Card) -> int:
    """The pile (1..13) a card goes under: its rank, Kings to the centre."""
    return rank(card) + 1


@dataclass(frozen=True)
class Turn:
    """One step of the play-out: ``card`` was turned from pile ``src`` and placed under
    pile ``dst``."""
    card: Card
    src: int
    dst: int

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", as_card(self.card))

    def to_json(self) -> Dict[str, Any]:
        return {"type": "turn", "card": card_str(self.card), "from": self.src, "to": self.dst}

    def __str__(self) -> str:
        """The card, the pile it was turned from and the pile it went under (13 is the
        centre), e.g. ``7C 13 7``."""
        return "%s %d %d" % (card_str(self.card), self.src, self.dst)

    def __repr__(self) -> str:
        """``<Turn 7C 13 7>``."""
        return "<Turn %s>" % self

    def describe(self) -> str:
        where = "the centre" if self.dst == CENTRE else "pile %d" % self.dst
        return "turn %s from %s and put it under %s" % (
            card_symbol(self.card),
            "the centre" if self.src == CENTRE else "pile %d" % self.src, where)


def play_out(deal: Deal) -> Tuple[bool, List[Turn]]:
    """Play the deal to its end: (won, the turns in order)."""
    piles = deal.piles()          # face-down cards, bottom -> top; pop() turns the top
    turns: List[Turn] = []
    p = CENTRE
    while piles[p - 1]:
        c = piles[p - 1].pop()
        dst = target_pile(c)
        turns.append(Turn(c, p, dst))
        p = dst
    return len(turns) == 52, turns


def deal_from_deck(cards: Sequence[Card]) -> Deal:
    return Deal(tuple(cards))
