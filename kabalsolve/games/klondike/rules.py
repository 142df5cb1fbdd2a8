"""Klondike: the pure-Python reference rules.

This module is the readable statement of the rules (docs/rules.md) and the referee:
the solutions the compiled core returns are replayed here, move by move, before they
are shown to anyone (``solve``'s classic win is checked in the core instead, by a
check written apart from the search, and ``Solution.verify`` replays it here).  It imports only the cards, the errors and its own position text
(``position``): never the core, the solver, hints or file formats.

Moves are atomic, as in the solution JSON (docs/formats.md): ``draw``, ``recycle`` and
``move`` (from ``W``/``T1``..``T7``/``F`` to ``T1``..``T7``/``F``).  Turning up a
face-down tableau card is automatic and is not a move.

Two stock variants (``Rules.variant``):

classic
    The waste grows; when the stock is empty it is turned over (a recycle).
danish
    The Danish 7-kabale, always draw 3.  The stock is a queue and the waste holds only
    the current three: a ``draw`` first puts the cards left of the current three under
    the stock, in the order they were turned (the packet is turned face down, so the
    first turned comes first again), then turns the next three (fewer if fewer are
    left); the third turned is on top.  There is no recycle: the talon keeps its dealt
    order as a circle from which cards only leave.  A draw is legal while the stock is
    not empty.  Passes: a pass ends with the turn that shows the last card, in dealt
    order, still in the talon (the "seam" of the circle); ``recycles`` counts the passes
    so ended, and with ``passes=N`` no turn is allowed once N passes have ended.  The
    first pass is the 8 turns of the dealt stock (24 = 8 x 3, and cards only leave the
    three already turned), so ``passes=1`` means every card is seen exactly once.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, Iterator, List, Optional, Sequence, Tuple, Union

from ...cards import (CARDS, Card, as_card, as_cards, card_str, card_symbol, deck_problems,
                      is_card, is_red, not_a_card, parse_card, rank, suit)
from ...errors import DealError, MoveError, OptionError
from ...seeds import shuffled_deck
from .position import move_text, parse_move, position_problem, position_to_text

NAME = "klondike"
COLUMNS = 7
TABLEAU_SIZE = 28
STOCK_SIZE = 24
PILES = tuple("T%d" % i for i in range(1, COLUMNS + 1))
MAX_DRAW = 24
VARIANTS = ("classic", "danish")
DANISH_DRAW = 3


def iter_deck_rows() -> Iterator[Tuple[int, int]]:
    """(row, column) of each of the 28 tableau cards in dealing order: row 1 one card to
    each of T1..T7, row 2 to T2..T7, and so on."""
    for row in range(COLUMNS):
        for col in range(row, COLUMNS):
            yield row, col


@dataclass(frozen=True)
class Rules:
    """Rule options, as data.

    draw: cards turned per stock turn (1..24).  foundation_moves: whether a card may
    come back from a foundation to the tableau.  passes: how many passes through the
    stock are allowed (None = unlimited; N passes = N - 1 recycles).  variant:
    "classic", or "danish" (the queue stock of the Danish 7-kabale, draw 3 only; see the module
    docstring for its turns and passes).
    """
    draw: int = 3
    foundation_moves: bool = True
    passes: Optional[int] = None
    variant: str = "classic"

    def __post_init__(self) -> None:
        if not isinstance(self.draw, int) or not 1 <= self.draw <= MAX_DRAW:
            raise OptionError("draw must be a whole number from 1 to %d, not %r"
                              % (MAX_DRAW, self.draw))
        if self.passes is not None and (not isinstance(self.passes, int)
                                        or not 1 <= self.passes <= 255):
            raise OptionError("passes must be a whole number from 1 to 255, not %r"
                              % (self.passes,))
        if self.variant not in VARIANTS:
            raise OptionError("unknown Klondike variant %r (known: %s)"
                              % (self.variant, ", ".join(VARIANTS)))
        if self.variant == "danish" and self.draw != DANISH_DRAW:
            raise OptionError("the danish variant turns %d cards at a time, not %d"
                              % (DANISH_DRAW, self.draw))

    @property
    def danish(self) -> bool:
        return self.variant == "danish"


#: the keywords that name the rules, as ``Position`` and ``kabalsolve.solve`` take them
RULE_KEYWORDS = ("draw", "passes", "foundation_moves", "variant")
#: each rule keyword's key in a position file
FILE_KEYS = {"draw": "draw", "passes": "passes", "foundation_moves": "foundation-moves",
             "variant": "variant"}


def rules_of(rules: Optional[Rules], options: Dict[str, Any]) -> Rules:
    """The rules a Position is made under: ``rules`` (a Rules), or the rule keywords
    (``draw=1``; None stands for the default, as in ``kabalsolve.solve``), or the
    defaults; OptionError for both, for a keyword that names no rule, or for another
    game's Rules."""
    if rules is not None and not isinstance(rules, Rules):
        raise OptionError("rules must be Klondike Rules (kabalsolve.Rules(draw=1, ...)), "
                          "not %s" % type(rules).__name__)
    unknown = [k for k in options if k not in RULE_KEYWORDS]
    if unknown:
        raise OptionError("%s %s no Klondike rule (the rules: %s)" % (
            ", ".join(map(repr, unknown)), "is" if len(unknown) == 1 else "are",
            ", ".join(RULE_KEYWORDS)))
    given = {k: v for k, v in options.items() if v is not None}
    if rules is not None and given:
        raise OptionError("give the rules as rules=Rules(...) or as keywords (%s), not both"
                          % ", ".join(given))
    if given:
        return Rules(**given)
    return Rules() if rules is None else rules


@dataclass(frozen=True)
class Deal:
    """A Klondike deal: seven piles (bottom -> top; only the top card face up) and the
    stock in turning order (first = turned first)."""
    tableau: Tuple[Tuple[Card, ...], ...]
    stock: Tuple[Card, ...]
    game: str = field(default=NAME, init=False)

    def __post_init__(self) -> None:
        if len(self.tableau) != COLUMNS:
            raise DealError("a Klondike deal has %d tableau piles, not %d"
                            % (COLUMNS, len(self.tableau)))
        for i, pile in enumerate(self.tableau):
            if len(pile) != i + 1:
                raise DealError("pile T%d must hold %d card%s, not %d"
                                % (i + 1, i + 1, "s" if i else "", len(pile)))
        if len(self.stock) != STOCK_SIZE:
            raise DealError("the stock must hold %d cards, not %d"
                            % (STOCK_SIZE, len(self.stock)))
        for name, pile in [("T%d" % (i + 1), p) for i, p in enumerate(self.tableau)] + [
                ("the stock", self.stock)]:
            for j, c in enumerate(pile):
                if not is_card(c):
                    raise DealError(not_a_card(c, "%s, card %d" % (name, j + 1)))
        problem = deck_problems(self.cards())
        if problem:
            raise DealError(problem)
        object.__setattr__(self, "tableau", tuple(as_cards(p) for p in self.tableau))
        object.__setattr__(self, "stock", as_cards(self.stock))

    def cards(self) -> List[Card]:
        return [c for pile in self.tableau for c in pile] + list(self.stock)

    @classmethod
    def from_deck(cls, deck: Sequence[Card]) -> "Deal":
        """Deal 52 cards row by row (row 1: T1..T7, row 2: T2..T7, ...); the last 24
        become the stock in listed order."""
        if len(deck) != 52:
            raise DealError("a deck must hold 52 cards, not %d" % len(deck))
        piles: List[List[Card]] = [[] for _ in range(COLUMNS)]
        for i, (_row, col) in enumerate(iter_deck_rows()):
            piles[col].append(deck[i])
        return cls(tuple(tuple(p) for p in piles), tuple(deck[TABLEAU_SIZE:]))

    @classmethod
    def from_seed(cls, seed: int) -> "Deal":
        """Deal number ``seed`` (0 <= seed < 2**64): the shuffled deck of
        ``kabalsolve.seeds`` dealt by ``from_deck``; the same on every machine."""
        return cls.from_deck(shuffled_deck(seed))

    def deck(self) -> List[Card]:
        """The inverse of ``from_deck``."""
        return [self.tableau[col][row] for row, col in iter_deck_rows()] + list(self.stock)

    def to_text(self, comment: Optional[str] = None) -> str:
        lines = ["# " + comment] if comment else []
        lines.append("game: klondike")
        for i, pile in enumerate(self.tableau):
            lines.append("T%d: %s" % (i + 1, " ".join(card_str(c) for c in pile)))
        lines.append("stock: " + " ".join(card_str(c) for c in self.stock))
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        """The deal file (``to_text``)."""
        return self.to_text()

    def __repr__(self) -> str:
        """The deal file's lines after ``game:`` on one line, e.g. ``<Deal klondike T1:
        9D; T2: 7S 9S; ...; stock: KS JS ...>``."""
        return "<Deal klondike %s>" % "; ".join(self.to_text().splitlines()[1:])


@dataclass(frozen=True)
class Move:
    """One atomic move.  ``kind`` is draw, recycle or move; for a move, ``card`` is the
    card placed onto the target (the bottom card of a moved run)."""
    kind: str
    src: str = ""
    dst: str = ""
    card: Optional[Card] = None
    count: int = 1

    def __post_init__(self) -> None:
        if self.card is not None and type(self.card) is not Card:
            object.__setattr__(self, "card", as_card(self.card))

    @classmethod
    def draw(cls) -> "Move":
        return cls("draw")

    @classmethod
    def recycle(cls) -> "Move":
        return cls("recycle")

    def to_json(self) -> Dict[str, Any]:
        if self.kind != "move":
            return {"type": self.kind}
        d: Dict[str, Any] = {"type": "move", "from": self.src, "to": self.dst,
                             "card": card_str(self.card) if self.card is not None else None}
        if self.count != 1:
            d["count"] = self.count
        return d

    @classmethod
    def from_json(cls, d: Dict[str, Any]) -> "Move":
        try:
            kind = d["type"]
            if kind in ("draw", "recycle"):
                return cls(kind)
            if kind != "move":
                raise MoveError("unknown Klondike move type %r" % (kind,))
            src, dst = str(d["from"]).upper(), str(d["to"]).upper()
            card = parse_card(str(d["card"]))
            count = int(d.get("count", 1))
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, MoveError):
                raise
            raise MoveError("malformed Klondike move %r" % (d,)) from None
        if card is None:
            raise MoveError("bad card in move %r" % (d,))
        if src not in ("W", "F") + PILES or dst not in ("F",) + PILES or count < 1:
            raise MoveError("bad pile or count in move %r" % (d,))
        return cls("move", src, dst, card, count)

    def __str__(self) -> str:
        """The move as text that needs no position: ``D``, ``R``, or the card, then the
        words of the short move text, e.g. ``8H W T2`` (``Position.move_text`` writes the
        card only when the move needs it; ``Position.parse_move`` reads both)."""
        if self.kind in ("draw", "recycle"):
            return self.kind[0].upper()
        if self.kind != "move":
            return self.kind
        card = card_str(self.card) if self.card is not None else "?"
        return "%s %s %s" % (card, self.src, self.dst)

    def __repr__(self) -> str:
        """``<Move 8H W T2>``; a run says how many cards move: ``<Move 9H T1 T2, 3
        cards>``."""
        return "<Move %s%s>" % (self, ", %d cards" % self.count if self.count != 1 else "")


@dataclass
class _Undo:
    move: Move
    revealed: bool = False
    waste_len: int = 0
    # danish draw: the stock, waste and recycles before it
    talon: Optional[Tuple[List[Card], List[Card], int]] = None


class Position:
    """A mutable Klondike position with push/pop.

    ``piles[i]`` lists pile T(i+1) bottom -> top; its first ``down[i]`` cards are
    face down.  ``stock`` is in turning order; ``waste`` is bottom -> top (danish: the
    current three, or what is left of them).  ``foundations[s]`` is how many cards of
    suit ``s`` are up.  ``stock_order`` gives each talon card's place in the dealt
    stock: the danish variant needs it to find the seam of its circle.
    """

    game = NAME

    def __init__(self, deal: Deal, rules: Optional[Rules] = None, **options: Any) -> None:
        """The first position of ``deal``, under ``rules`` or the rule keywords ``draw``,
        ``passes``, ``foundation_moves`` and ``variant`` (``Position(deal, draw=1)``;
        the defaults: draw 3, unlimited passes, foundation moves, classic)."""
        self.rules = rules_of(rules, options)
        self.piles: List[List[Card]] = [list(p) for p in deal.tableau]
        self.down: List[int] = [len(p) - 1 for p in deal.tableau]
        self.stock: List[Card] = list(deal.stock)
        self.waste: List[Card] = []
        self.foundations: List[int] = [0, 0, 0, 0]
        self.recycles = 0
        self.stock_order: Dict[Card, int] = {c: i for i, c in enumerate(deal.stock)}
        self._history: List[_Undo] = []
        #: the rule keys a position file stated (``dealfile``); the command line may
        #: not contradict them
        self.given_rules: FrozenSet[str] = frozenset()

    @classmethod
    def from_parts(cls, columns: Sequence[Tuple[Sequence[Card], Sequence[Card]]],
                   foundations: Sequence[int], waste: Sequence[Card] = (),
                   stock: Sequence[Card] = (), rules: Rules = Rules(),
                   recycles: int = 0) -> "Position":
        """A position part-way through a game: per column (face-down, face-up) cards
        bottom -> top, cards up per suit, the waste bottom -> top, the stock in turning
        order, the recycles done (passes used - 1).  DealError if no game can reach it
        (see position.position_problem)."""
        if rules.danish:
            raise OptionError("positions part-way through a game are classic Klondike "
                              "only, not the danish variant")
        problem = position_problem(columns, foundations, waste, stock, recycles, rules)
        if problem:
            raise DealError(problem[0])
        p = cls.__new__(cls)
        p.rules = rules
        p.piles = [list(d) + list(u) for d, u in columns]
        p.down = [len(d) for d, _ in columns]
        p.stock = list(stock)
        p.waste = list(waste)
        p.foundations = list(foundations)
        p.recycles = recycles
        p.stock_order = {c: i for i, c in enumerate(list(waste) + list(stock))}
        p._history = []
        p.given_rules = frozenset()
        return p

    # -- queries ---------------------------------------------------------------
    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.rules = self.rules
        p.piles = [list(x) for x in self.piles]
        p.down = list(self.down)
        p.stock = list(self.stock)
        p.waste = list(self.waste)
        p.foundations = list(self.foundations)
        p.recycles = self.recycles
        p.stock_order = self.stock_order
        p._history = list(self._history)
        p.given_rules = self.given_rules
        return p

    def with_rules(self, **options: Any) -> "Position":
        """A copy of this position under other rules: the keywords (those of
        ``Position``) change them, the rest stay (``pos.with_rules(draw=1)``).
        OptionError for more passes used than ``passes`` allows, or for another variant
        part-way through a game."""
        unknown = [k for k in options if k not in RULE_KEYWORDS]
        if unknown:
            raise OptionError("%s %s no Klondike rule (the rules: %s)" % (
                ", ".join(map(repr, unknown)), "is" if len(unknown) == 1 else "are",
                ", ".join(RULE_KEYWORDS)))
        rules = dataclasses.replace(self.rules, **options)
        if rules.passes is not None and self.recycles + 1 > rules.passes:
            raise OptionError("the position has used %d passes, more than passes=%d allows"
                              % (self.recycles + 1, rules.passes))
        if rules.variant != self.rules.variant and not self.at_start():
            raise OptionError("a position part-way through a game keeps its variant (%s): "
                              "make the deal's first position with Position(deal, "
                              "variant=%r)" % (self.rules.variant, rules.variant))
        p = self.copy()
        p.rules = rules
        p.given_rules = self.given_rules | {FILE_KEYS[k] for k in options}
        return p

    def at_start(self) -> bool:
        """Whether this is a deal's first position: every column as dealt, nothing on
        the foundations or the waste, the whole stock still to turn."""
        return (not self.waste and not any(self.foundations) and self.recycles == 0
                and len(self.stock) == STOCK_SIZE
                and all(len(p) == i + 1 and self.down[i] == i
                        for i, p in enumerate(self.piles)))

    def to_deal(self) -> Deal:
        """The deal whose first position this is (``at_start``); OptionError for a
        position part-way through a game."""
        if not self.at_start():
            raise OptionError("this position is part-way through a game, not a deal's "
                              "first position")
        return Deal(tuple(tuple(p) for p in self.piles), tuple(self.stock))

    def same_as(self, other: "Position") -> bool:
        """Whether the two hold the same cards in the same places under the same rules
        (the moves that led there do not count)."""
        return (self.rules == other.rules and self.piles == other.piles
                and self.down == other.down and self.stock == other.stock
                and self.waste == other.waste and self.foundations == other.foundations
                and self.recycles == other.recycles)

    def to_text(self, comment: Optional[str] = None) -> str:
        """The position file of this position (docs/formats.md, "Position files")."""
        return position_to_text(self, comment)

    def move_text(self, move: Move) -> str:
        """The short text of a legal move here: ``D``, ``R``, ``W T3``, ``T2 F``, ``T1 T4``
        (``9S F T3`` when two foundation cards fit T3), like SAN in chess."""
        return move_text(self, move)

    def parse_move(self, text: str) -> Move:
        """The legal move that a short text names here; MoveError otherwise."""
        return parse_move(self, text)

    def is_won(self) -> bool:
        return sum(self.foundations) == 52

    def foundation_cards(self) -> int:
        return sum(self.foundations)

    def talon(self) -> List[Card]:
        """The talon in the order the core keeps: classic, waste (bottom -> top) then
        stock (turning order); danish, the circle in dealt order from its seam."""
        if self.rules.danish:
            return sorted(self.waste + self.stock, key=self.stock_order.__getitem__)
        return self.waste + self.stock

    def talon_pointer(self) -> int:
        """The core's talon pointer: classic, the waste size; danish, the index in
        ``talon()`` of the next card to turn (0 for an empty talon)."""
        if not self.rules.danish:
            return len(self.waste)
        ring = self.stock + self.waste   # a rotation of talon(), starting at that card
        return self.talon().index(ring[0]) if ring else 0

    def can_recycle(self) -> bool:
        if self.rules.danish or self.stock or not self.waste:
            return False
        return self.rules.passes is None or self.recycles < self.rules.passes - 1

    def can_draw(self) -> bool:
        if not self.stock:
            return False
        return (not self.rules.danish or self.rules.passes is None
                or self.recycles < self.rules.passes)

    def _fits_on_pile(self, card: Card, i: int) -> bool:
        pile = self.piles[i]
        if not pile:
            return rank(card) == 12
        top = pile[-1]
        return rank(top) == rank(card) + 1 and is_red(top) != is_red(card)

    def _fits_on_foundation(self, card: Card) -> bool:
        return self.foundations[suit(card)] == rank(card)

    def legal_moves(self) -> List[Move]:
        """Every legal atomic move, in a fixed order."""
        out: List[Move] = []
        if self.can_draw():
            out.append(Move.draw())
        elif self.can_recycle():
            out.append(Move.recycle())
        if self.waste:
            c = self.waste[-1]
            if self._fits_on_foundation(c):
                out.append(Move("move", "W", "F", c))
            for j in range(COLUMNS):
                if self._fits_on_pile(c, j):
                    out.append(Move("move", "W", PILES[j], c))
        for i in range(COLUMNS):
            pile = self.piles[i]
            if not pile:
                continue
            top = pile[-1]
            if self._fits_on_foundation(top):
                out.append(Move("move", PILES[i], "F", top))
            for k in range(self.down[i], len(pile)):
                c = pile[k]
                for j in range(COLUMNS):
                    if j != i and self._fits_on_pile(c, j):
                        out.append(Move("move", PILES[i], PILES[j], c, len(pile) - k))
        if self.rules.foundation_moves:
            for s in range(4):
                if self.foundations[s]:
                    c = CARDS[s * 13 + self.foundations[s] - 1]
                    for j in range(COLUMNS):
                        if self._fits_on_pile(c, j):
                            out.append(Move("move", "F", PILES[j], c))
        return out

    def _check(self, move: Move) -> None:
        """Raise MoveError unless ``move`` is legal here."""
        if move.kind == "draw":
            if not self.stock:
                raise MoveError("cannot draw: the stock is empty")
            if not self.can_draw():
                raise MoveError("cannot draw: no passes left")
            return
        if move.kind == "recycle":
            if self.rules.danish:
                raise MoveError("the danish variant has no recycle")
            if self.stock:
                raise MoveError("cannot recycle: the stock is not empty")
            if not self.waste:
                raise MoveError("cannot recycle: the waste is empty")
            if not self.can_recycle():
                raise MoveError("cannot recycle: no passes left")
            return
        if move.kind != "move" or move.card is None:
            raise MoveError("unknown move %r" % (move,))
        c = move.card
        if move.src == "W":
            if not self.waste or self.waste[-1] != c or move.count != 1:
                raise MoveError("%s is not on top of the waste" % card_str(c))
        elif move.src == "F":
            if not self.rules.foundation_moves:
                raise MoveError("moves from the foundations are not allowed")
            if self.foundations[suit(c)] != rank(c) + 1 or move.count != 1:
                raise MoveError("%s is not on top of its foundation" % card_str(c))
        elif move.src in PILES:
            i = PILES.index(move.src)
            pile = self.piles[i]
            k = len(pile) - move.count
            if move.count < 1 or k < self.down[i] or pile[k] != c:
                raise MoveError("%s is not a face-up card %d from the top of %s"
                                % (card_str(c), move.count, move.src))
        else:
            raise MoveError("unknown source pile %r" % move.src)
        if move.dst == "F":
            if move.count != 1 or not self._fits_on_foundation(c):
                raise MoveError("%s cannot go to its foundation now" % card_str(c))
        elif move.dst in PILES:
            j = PILES.index(move.dst)
            if move.dst == move.src or not self._fits_on_pile(c, j):
                raise MoveError("%s cannot go onto %s" % (card_str(c), move.dst))
        else:
            raise MoveError("unknown target pile %r" % move.dst)

    # -- push / pop ------------------------------------------------------------
    def push(self, move: Move) -> None:
        """Play ``move`` (checked: an illegal move raises MoveError and changes nothing)."""
        self._check(move)
        undo = _Undo(move)
        if move.kind == "draw" and self.rules.danish:
            undo.talon = (list(self.stock), list(self.waste), self.recycles)
            last = max(self.stock + self.waste, key=self.stock_order.__getitem__)
            queue = self.stock + self.waste          # the leftovers go under the stock
            k = min(DANISH_DRAW, len(queue))
            self.waste, self.stock = queue[:k], queue[k:]
            if last in self.waste:
                self.recycles += 1                   # this turn ends a pass
        elif move.kind == "draw":
            k = min(self.rules.draw, len(self.stock))
            undo.waste_len = k
            self.waste.extend(self.stock[:k])
            del self.stock[:k]
        elif move.kind == "recycle":
            self.stock = self.waste
            self.waste = []
            self.recycles += 1
        else:
            c = move.card
            assert c is not None  # _check refused a move without a card
            if move.src == "W":
                cards = [self.waste.pop()]
            elif move.src == "F":
                self.foundations[suit(c)] -= 1
                cards = [c]
            else:
                i = PILES.index(move.src)
                pile = self.piles[i]
                cards = pile[len(pile) - move.count:]
                del pile[len(pile) - move.count:]
                if pile and self.down[i] == len(pile):
                    self.down[i] -= 1
                    undo.revealed = True
            if move.dst == "F":
                self.foundations[suit(c)] += 1
            else:
                self.piles[PILES.index(move.dst)].extend(cards)
        self._history.append(undo)

    def pop(self) -> Move:
        """Take back the last move pushed, and return it."""
        undo = self._history.pop()
        move = undo.move
        if undo.talon is not None:
            stock, waste, self.recycles = undo.talon
            self.stock, self.waste = list(stock), list(waste)
        elif move.kind == "draw":
            k = undo.waste_len
            self.stock[:0] = self.waste[len(self.waste) - k:]
            del self.waste[len(self.waste) - k:]
        elif move.kind == "recycle":
            self.waste = self.stock
            self.stock = []
            self.recycles -= 1
        else:
            c = move.card
            assert c is not None
            if move.dst == "F":
                self.foundations[suit(c)] -= 1
                cards = [c]
            else:
                pile = self.piles[PILES.index(move.dst)]
                cards = pile[len(pile) - move.count:]
                del pile[len(pile) - move.count:]
            if move.src == "W":
                self.waste.append(c)
            elif move.src == "F":
                self.foundations[suit(c)] += 1
            else:
                i = PILES.index(move.src)
                if undo.revealed:
                    self.down[i] += 1
                self.piles[i].extend(cards)
        return move

    def moves_played(self) -> List[Move]:
        return [u.move for u in self._history]

    # -- talon macro moves (the core's "play the talon card reachable by k turns") --
    def steps_to_talon_card(self, card: Card, turn: bool = False) -> List[Move]:
        """The draws and recycles that bring ``card`` to the top of the waste, taking the
        first time it shows (fewest turns).  Raises MoveError if it never shows.

        danish: with ``turn`` at least one draw is made (the card shows again at the top
        of a new three, with other cards under it than now); without, ``card`` must be
        on top of the waste already."""
        p = self.copy()
        steps: List[Move] = []
        if self.rules.danish and not turn:
            if p.waste and p.waste[-1] == card:
                return steps
            raise MoveError("%s is not on top of the waste" % card_str(card))
        for _ in range(2 * (len(p.stock) + len(p.waste)) + 4):
            if p.waste and p.waste[-1] == card and (steps or not turn):
                return steps
            m = Move.draw() if p.stock else Move.recycle()
            if (m.kind == "recycle" and not p.can_recycle()) or (
                    m.kind == "draw" and not p.can_draw()):
                break
            p.push(m)
            steps.append(m)
        raise MoveError("%s cannot be reached in the stock" % card_str(card))

    def talon_routes(self) -> List[Tuple[Card, bool]]:
        """The talon macro moves' routes: (card, turn) for each way to bring a card to
        the top of the waste that leads somewhere different.  Classic: every reachable
        card once, ``turn`` False (the waste after playing it is the same whichever way
        it came).  Danish: the top of the current three with no turn, and each card
        that shows on top of a new three after some turns, first time only (every such
        route leaves the same talon; later ones only use more passes)."""
        if not self.rules.danish:
            return [(c, False) for c in self.reachable_talon_cards()]
        out: List[Tuple[Card, bool]] = []
        if self.waste:
            out.append((self.waste[-1], False))
        p = self.copy()
        seen = set()
        visited = set()
        while p.can_draw():
            p.push(Move.draw())
            st = (tuple(p.stock), tuple(p.waste))
            if st in visited:
                break
            visited.add(st)
            if p.waste[-1] not in seen:
                seen.add(p.waste[-1])
                out.append((p.waste[-1], True))
        return out

    def reachable_talon_cards(self) -> List[Card]:
        """Talon cards that some number of turns (and allowed recycles) brings to the top
        of the waste, in the order they first show."""
        if self.rules.danish:
            out: List[Card] = []
            for c, _turn in self.talon_routes():
                if c not in out:
                    out.append(c)
            return out
        p = self.copy()
        limited = self.rules.passes is not None
        seen: List[Card] = []
        visited = set()
        while True:
            # the split of the talon into waste and stock (and, with limited passes, the
            # recycles used) fixes everything that follows
            st = (len(p.waste), p.recycles if limited else 0)
            if st in visited:
                return seen
            visited.add(st)
            if p.waste and p.waste[-1] not in seen:
                seen.append(p.waste[-1])
            if p.stock:
                p.push(Move.draw())
            elif p.can_recycle():
                p.push(Move.recycle())
            else:
                return seen

    # -- human notation (needs the position, like SAN in chess) -----------------
    def describe(self, move: Move) -> str:
        """Plain words for ``move`` played from this position, e.g.
        ``move 9♥ from T3 onto 10♠ in T5 (turns up Q♦ in T3)``."""
        if move.kind == "draw" and self.rules.danish and self.stock:
            queue = self.stock + self.waste
            k = min(DANISH_DRAW, len(queue))
            under = ("put the %d card%s left under the stock, then " % (
                len(self.waste), "s" if len(self.waste) > 1 else "")) if self.waste else ""
            return "%sturn %d cards from the stock (%s on top)" % (
                under, k, card_symbol(queue[k - 1]))
        if move.kind == "draw":
            k = min(self.rules.draw, len(self.stock))
            shown = self.stock[k - 1] if k else None
            what = "1 card" if k == 1 else "%d cards" % k
            return "turn %s from the stock (%s on top of the waste)" % (
                what, card_symbol(shown) if shown is not None else "none")
        if move.kind == "recycle":
            return "turn the waste over to make the stock again"
        c = move.card
        assert c is not None
        if move.count == 2:
            what = "%s and the card on it" % card_symbol(c)
        elif move.count > 2:
            what = "%s with the %d cards on it" % (card_symbol(c), move.count - 1)
        else:
            what = card_symbol(c)
        src = {"W": "the waste", "F": "the foundation"}.get(move.src, move.src)
        if move.dst == "F":
            dst = "to the foundation"
        else:
            pile = self.piles[PILES.index(move.dst)]
            dst = ("onto %s in %s" % (card_symbol(pile[-1]), move.dst) if pile
                   else "to the empty %s" % move.dst)
        text = "move %s from %s %s" % (what, src, dst)
        if move.src in PILES:
            i = PILES.index(move.src)
            pile = self.piles[i]
            rest = len(pile) - move.count
            if rest > 0 and self.down[i] == rest:
                text += " (turn up %s in %s)" % (card_symbol(pile[rest - 1]), move.src)
            elif rest == 0:
                text += " (%s is now empty)" % move.src
        return text

    def __str__(self) -> str:
        """The position file (``to_text``).  Position files are classic Klondike, so a
        danish position's text says so in a comment."""
        if self.rules.danish:
            return self.to_text("the danish variant (position files are classic Klondike)")
        return self.to_text()

    def __repr__(self) -> str:
        """The position file's lines after ``game:`` on one line, e.g. ``<Position
        klondike draw: 3; passes: unlimited; passes-used: 1; foundations: -; T1: | 9D;
        ...>`` (a danish position: ``variant: danish`` first)."""
        lines = self.to_text().splitlines()[1:]
        if self.rules.danish:
            lines.insert(0, "variant: danish")
        return "<Position klondike %s>" % "; ".join(lines)


def start_position(start: "Union[Deal, Position]", rules: Rules) -> Position:
    """A fresh position to play from: the deal as dealt, or a copy of a position."""
    if isinstance(start, Position):
        p = start.copy()
        p._history = []
        return p
    return Position(start, rules)


def replay(deal: "Union[Deal, Position]", rules: Rules, moves: Sequence[Move]) -> Position:
    """Play ``moves`` from the deal (or a position); raise MoveError naming the first
    illegal one."""
    pos = start_position(deal, rules)
    for n, m in enumerate(moves, 1):
        try:
            pos.push(m)
        except MoveError as e:
            raise MoveError("move %d (%s): %s" % (n, m, e)) from None
    return pos


SCORINGS = ("standard", "vegas")


def score(deal: "Union[Deal, Position]", rules: Rules, moves: Sequence[Move],
          scoring: str = "standard") -> int:
    """The score of playing ``moves`` from the deal (from a position: the points they
    earn from there, the passes used so far counted for the recycle penalty).

    standard (Windows): waste to foundation +10, tableau to foundation +10, waste to
    tableau +5, each face-down card turned up +5, foundation to tableau -15; recycling
    the waste costs 100 at draw 1, and at any other draw is free for the first three
    recycles and costs 20 from the fourth on (the Windows Solitaire help: "-20 points for
    each pass through the deck after four passes (Draw Three option), -100 points for
    each pass through the deck after one pass (Draw One option)").  As in Windows the
    score never goes below 0; there is no time bonus.
    vegas: -52 for the deal, +5 for each card on a foundation at the end.
    """
    if scoring == "vegas":
        return -52 + 5 * replay(deal, rules, moves).foundation_cards()
    if scoring != "standard":
        raise OptionError("unknown scoring %r (known: %s)" % (scoring, ", ".join(SCORINGS)))
    pos = start_position(deal, rules)
    total = 0
    for m in moves:
        if m.kind == "recycle":
            if rules.draw == 1:
                total -= 100
            elif pos.recycles >= 3:
                total -= 20
        elif m.kind == "move":
            if m.dst == "F":
                total += 10
            elif m.src == "W":
                total += 5
            elif m.src == "F":
                total -= 15
        down = sum(pos.down)
        pos.push(m)
        total += 5 * (down - sum(pos.down))
        total = max(total, 0)
    return total
