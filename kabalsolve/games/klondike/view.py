"""Klondike as a person sees it: what is face up, and what has been seen before.

A player who does not peek knows the face-up cards of the columns, the foundations,
the waste (every card the stock turned was seen: at draw 3 all three, fanned) and how
many cards lie face down in each column and in the stock.  It remembers every card once
seen, so a stock made again from the waste is known card by card.  Two models say what
is seen of the stock:

as-dealt
    a stock card is unknown until the stock turns it;
stock-known
    the stock's order is known from the start (only the face-down tableau cards are
    unknown), the model of lonelybot's player.

``Table`` holds the game itself: the reference ``Position``, which only it touches,
and the cards seen so far.  A player gets ``Table.view()``, a ``View``: the visible
game and nothing else (no reference to the position), and gives back a move, which the
table plays on the reference rules.  ``View.sample`` deals the unseen cards at random
into the unknown places: each way is as likely as any other given what was seen, since
the deal was shuffled and a player's moves never depend on the unseen cards.

It is pure Python, like ``rules``: it imports the cards, the errors and the rules only.
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import AbstractSet, Any, List, Optional, Sequence, Set, Tuple, Union

from ...cards import DECK, Card
from ...errors import OptionError
from .rules import Deal, Move, Position, Rules, start_position

AS_DEALT, STOCK_KNOWN = "as-dealt", "stock-known"
MODELS = (AS_DEALT, STOCK_KNOWN)


@dataclass(frozen=True)
class View:
    """The visible game.  ``columns``: per column the number of face-down cards and the
    face-up cards (bottom -> top); ``foundations``: cards up per suit; ``waste``:
    bottom -> top; ``stock``: in turning order, None for a card not seen yet;
    ``recycles``: the waste turned over so far.  It has no other attributes (no
    ``__dict__``): nothing to carry what the player should not see."""
    __slots__ = ("rules", "columns", "foundations", "waste", "stock", "recycles")
    rules: Rules
    columns: Tuple[Tuple[int, Tuple[Card, ...]], ...]
    foundations: Tuple[int, ...]
    waste: Tuple[Card, ...]
    stock: Tuple[Optional[Card], ...]
    recycles: int

    @classmethod
    def of(cls, pos: Position, seen: AbstractSet[Card]) -> "View":
        """What a player who has seen the cards ``seen`` sees of ``pos``: face-down
        tableau cards never, stock cards if seen."""
        return cls(pos.rules,
                   tuple((d, tuple(p[d:])) for p, d in zip(pos.piles, pos.down)),
                   tuple(pos.foundations), tuple(pos.waste),
                   tuple(c if c in seen else None for c in pos.stock), pos.recycles)

    def shown(self) -> List[Card]:
        """Every card the view shows (the foundations' too), unordered."""
        out = [DECK[s * 13 + r] for s, n in enumerate(self.foundations) for r in range(n)]
        for _down, up in self.columns:
            out.extend(up)
        out.extend(self.waste)
        out.extend(c for c in self.stock if c is not None)
        return out

    def unseen(self) -> List[Card]:
        """The cards in unknown places, in card order."""
        shown = set(self.shown())
        return [c for c in DECK if c not in shown]

    def unknown(self) -> int:
        """How many places hold a card not seen: face down in a column or in the stock."""
        return sum(d for d, _up in self.columns) + self.stock.count(None)

    def fill(self, cards: Sequence[Card]) -> Position:
        """The position with ``cards`` (as many as ``unknown()``) in the unknown places:
        the face-down cards of T1 bottom -> top, then T2's and so on, then the unknown
        stock cards in turning order."""
        it = iter(cards)
        columns = [([next(it) for _ in range(d)], list(up)) for d, up in self.columns]
        stock = [c if c is not None else next(it) for c in self.stock]
        return Position.from_parts(columns, self.foundations, self.waste, stock,
                                   self.rules, self.recycles)

    def sample(self, rng: random.Random) -> Position:
        """A position this view may be of, the unseen cards shuffled by ``rng`` into the
        unknown places (every way equally likely)."""
        cards = self.unseen()
        rng.shuffle(cards)
        return self.fill(cards)

    def any_position(self) -> Position:
        """A position this view may be of (the unseen cards in card order): for what
        does not depend on the unseen cards, such as the legal moves."""
        return self.fill(self.unseen())

    def rng(self, seed: int) -> random.Random:
        """The random generator of this view's imagined deals for a player of seed
        ``seed`` (0 to 2**64 - 1): the same view and seed give the same deals on every
        run and machine."""
        h = hashlib.blake2b(seed.to_bytes(8, "little") + self.digest(),
                            digest_size=8).digest()
        return random.Random(int.from_bytes(h, "little"))

    def digest(self) -> bytes:
        """A hash of the view that is the same in every process and on every machine
        (``hash()`` of a str is not)."""
        r = self.rules
        parts = (r.draw, r.passes, r.foundation_moves, self.columns, self.foundations,
                 self.waste, self.stock, self.recycles)
        return hashlib.blake2b(repr(_numbers(parts)).encode("ascii"),
                               digest_size=16).digest()


def _numbers(parts: Any) -> Any:
    """``parts`` with each card as its plain number: the digest of a view is the same
    whatever the cards print as."""
    if isinstance(parts, tuple):
        return tuple(_numbers(x) for x in parts)
    return int(parts) if type(parts) is Card else parts


class Table:
    """A game at the table: the reference position, held here and never handed out,
    and the cards a player has seen.  ``view()`` is what the player gets; ``play(move)``
    plays a move on the reference rules (MoveError if it is illegal)."""

    def __init__(self, start: Union[Deal, Position], rules: Rules, model: str = AS_DEALT
                 ) -> None:
        if model not in MODELS:
            raise OptionError("model must be one of %s, not %r"
                              % (", ".join(MODELS), model))
        self.model = model
        self._pos = start_position(start, rules)
        self._seen: Set[Card] = set()
        if model == STOCK_KNOWN or self._pos.recycles:
            # after a recycle every talon card has been turned once
            self._seen.update(self._pos.stock)
        self._look()

    def _look(self) -> None:
        """Remember every card face up now: in the columns and the waste (the
        foundations' cards were face up before they went there)."""
        for p, d in zip(self._pos.piles, self._pos.down):
            self._seen.update(p[d:])
        self._seen.update(self._pos.waste)

    def view(self) -> View:
        return View.of(self._pos, self._seen)

    def play(self, move: Move) -> None:
        self._pos.push(move)
        self._look()

    def is_won(self) -> bool:
        return self._pos.is_won()

    def moves(self) -> List[Move]:
        """The moves played so far."""
        return self._pos.moves_played()
