"""Aces Up (Idiotkabal): the pure-Python reference rules.

Four piles, all cards face up, only the top card of each pile in play.  A deal puts one
card from the stock on each of the four piles, empty ones too; the first deal is the
layout and is not a move.  A top card may be discarded when another pile's top card
has the same suit and a higher rank (Ace high, so Aces never leave).  A top card may
move to an empty pile (``strict``: only an Ace may).  The next deal may be made at any
time while the stock lasts (``discard_first``, a house rule: only when no discard is
possible).  Score = cards discarded; 48 (only the four Aces left, stock
empty) is a win.

This module is the referee: every move list the compiled core returns is replayed
here before anyone sees it.  It imports only the cards, the errors and its own
position text (``position``): never the core, the solver, hints or file formats.

A position may also start part-way through a game (``Position.from_layout``): piles,
the stock still to deal (in dealing order, a multiple of four cards) and the cards
already discarded.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, FrozenSet, List, Optional, Sequence, Tuple

from ...cards import Card, as_card, card_str, card_symbol, parse_card, rank, suit
from ...errors import DealError, MoveError, OptionError
from ...seeds import DeckDeal
# PILES as PILES: re-exported, the board, the bridge and the lines read it from here
from .position import PILES as PILES
from .position import move_text, move_words, position_problem, position_to_text

NAME = "acesup"
WIN_SCORE = 48


def high(card: Card) -> int:
    """Rank for discarding: 2 = 1 .. King = 12, Ace = 13 (Ace high)."""
    r = rank(card)
    return 13 if r == 0 else r


@dataclass(frozen=True)
class Rules:
    """Rule options, as data.  strict: only an Ace may move to an empty pile.
    discard_first: the next deal is allowed only when no discard is possible."""
    strict: bool = False
    discard_first: bool = False

    def __post_init__(self) -> None:
        for name in ("strict", "discard_first"):
            if not isinstance(getattr(self, name), bool):
                raise OptionError("%s must be True or False, not %r"
                                  % (name, getattr(self, name)))

    def describe(self) -> str:
        parts = []
        if self.strict:
            parts.append("strict")
        if self.discard_first:
            parts.append("discard first")
        return ", ".join(parts)


#: the keywords that name the rules, as ``Position`` and ``kabalsolve.solve`` take them
RULE_KEYWORDS = ("strict", "discard_first")
#: each rule keyword's key in a position file
FILE_KEYS = {"strict": "strict", "discard_first": "discard-first"}


def _unknown_rules(options: Dict[str, Any]) -> None:
    unknown = [k for k in options if k not in RULE_KEYWORDS]
    if unknown:
        raise OptionError("%s %s no Aces Up rule (the rules: %s)" % (
            ", ".join(map(repr, unknown)), "is" if len(unknown) == 1 else "are",
            ", ".join(RULE_KEYWORDS)))


def rules_of(rules: Optional[Rules], options: Dict[str, Any]) -> Rules:
    """The rules a Position is made under: ``rules`` (a Rules), or the rule keywords
    (``strict=True``; None stands for the default, False), or the defaults;
    OptionError for both, for a keyword that names no rule, or another game's Rules."""
    if rules is not None and not isinstance(rules, Rules):
        raise OptionError("rules must be Aces Up Rules (Rules(strict=True, ...)), not %s"
                          % type(rules).__name__)
    _unknown_rules(options)
    given = {k: v for k, v in options.items() if v is not None}
    if rules is not None and given:
        raise OptionError("give the rules as rules=Rules(...) or as keywords (%s), not both"
                          % ", ".join(given))
    if given:
        return Rules(**given)
    return Rules() if rules is None else rules


@dataclass(frozen=True)
class Deal(DeckDeal):
    """An Aces Up deal: the 52 cards in dealing order (cards 1-4 are the layout on
    piles 1-4, cards 5-8 the next deal, ...)."""
    game: str = field(default=NAME, init=False)
    WHAT: ClassVar[str] = "an Aces Up deal"

    def to_text(self, comment: str = "") -> str:
        head = "# " + comment + "\n" if comment else ""
        return head + "game: acesup\ndeck: " + " ".join(card_str(c) for c in self.deck) + "\n"

    def __str__(self) -> str:
        """The deal file (``to_text``)."""
        return self.to_text()

    def __repr__(self) -> str:
        """``<Deal acesup deck: 9C 7C QD ...>``: the deal file's deck line."""
        return "<Deal acesup %s>" % "; ".join(self.to_text().splitlines()[1:])


@dataclass(frozen=True)
class Move:
    """One move: ``deal``; ``discard`` of ``card`` from pile ``src``; ``move`` of
    ``card`` from pile ``src`` to the empty pile ``dst`` (piles named P1..P4)."""
    kind: str
    src: str = ""
    dst: str = ""
    card: Optional[Card] = None

    def __post_init__(self) -> None:
        if self.card is not None and type(self.card) is not Card:
            object.__setattr__(self, "card", as_card(self.card))

    def to_json(self) -> Dict[str, Any]:
        if self.kind == "deal":
            return {"type": "deal"}
        d: Dict[str, Any] = {"type": self.kind, "from": self.src}
        if self.kind == "move":
            d["to"] = self.dst
        d["card"] = card_str(self.card) if self.card is not None else None
        return d

    @classmethod
    def from_json(cls, d: Dict[str, Any]) -> "Move":
        try:
            kind = d["type"]
            if kind == "deal":
                return cls("deal")
            if kind not in ("discard", "move"):
                raise MoveError("unknown Aces Up move type %r" % (kind,))
            src = str(d["from"]).upper()
            dst = str(d["to"]).upper() if kind == "move" else ""
            card = parse_card(str(d["card"]))
        except (KeyError, TypeError) as e:
            raise MoveError("malformed Aces Up move %r" % (d,)) from e
        if card is None:
            raise MoveError("bad card in move %r" % (d,))
        if src not in PILES or (kind == "move" and dst not in PILES):
            raise MoveError("bad pile in move %r" % (d,))
        return cls(kind, src, dst, card)

    def __str__(self) -> str:
        """The move as text that needs no position: ``D``, or the card, then the words
        of the short move text, e.g. ``4S P2 X``, ``QH P3 P1`` (``Position.move_text``
        leaves the card out: only top cards move)."""
        if self.kind == "deal":
            return "D"
        if self.kind not in ("discard", "move"):
            return self.kind
        card = card_str(self.card) if self.card is not None else "?"
        return "%s %s %s" % (card, self.src, "X" if self.kind == "discard" else self.dst)

    def __repr__(self) -> str:
        """``<Move 4S P2 X>``."""
        return "<Move %s>" % self


class Position:
    """A mutable Aces Up position with push/pop.

    ``piles[i]`` lists pile P(i+1) bottom -> top; ``stock`` the cards still to deal, in
    dealing order; ``discarded`` the discarded cards in the order they went.
    """

    game = NAME

    def __init__(self, deal: Deal, rules: Optional[Rules] = None, **options: Any) -> None:
        """The first position of ``deal`` (the layout dealt), under ``rules`` or the rule
        keywords ``strict`` and ``discard_first`` (``Position(deal, strict=True)``; both
        False by default)."""
        self.rules = rules_of(rules, options)
        self.piles: List[List[Card]] = [[c] for c in deal.deck[:4]]
        self.stock: List[Card] = list(deal.deck[4:])
        self.discarded: List[Card] = []
        self._history: List[Tuple[Move, int]] = []
        #: the rule keys a position file stated (``dealfile``); the command line may
        #: not contradict them
        self.given_rules: FrozenSet[str] = frozenset()

    @classmethod
    def from_layout(cls, piles: Sequence[Sequence[Card]], stock: Sequence[Card],
                    discarded: Sequence[Card] = (), rules: Rules = Rules()) -> "Position":
        """A position part-way through a game: DealError unless the cards make one deck
        that a game can have reached (``position.position_problem``)."""
        problem = position_problem(piles, stock, discarded)
        if problem:
            raise DealError(problem)
        return cls._of_parts(piles, stock, discarded, rules)

    @classmethod
    def _of_parts(cls, piles: Sequence[Sequence[Card]], stock: Sequence[Card],
                  discarded: Sequence[Card], rules: Rules) -> "Position":
        """The position of these parts, unchecked (``from_layout`` checks them first)."""
        p = cls.__new__(cls)
        p.rules = rules
        p.piles = [list(x) for x in piles]
        p.stock = list(stock)
        p.discarded = list(discarded)
        p._history = []
        p.given_rules = frozenset()
        return p

    def copy(self) -> "Position":
        p = Position.__new__(Position)
        p.rules = self.rules
        p.piles = [list(x) for x in self.piles]
        p.stock = list(self.stock)
        p.discarded = list(self.discarded)
        p._history = list(self._history)
        p.given_rules = self.given_rules
        return p

    def with_rules(self, **options: Any) -> "Position":
        """A copy of this position under other rules: the keywords (those of
        ``Position``) change them, the rest stay (``pos.with_rules(strict=True)``)."""
        _unknown_rules(options)
        p = self.copy()
        p.rules = dataclasses.replace(self.rules, **options)
        p.given_rules = self.given_rules | {FILE_KEYS[k] for k in options}
        return p

    def to_deal(self) -> Deal:
        """The deal whose first position this is (``at_start``); OptionError for a
        position part-way through a game."""
        if not self.at_start():
            raise OptionError("this position is part-way through a game, not a deal's "
                              "first position")
        return Deal(tuple(p[0] for p in self.piles) + tuple(self.stock))

    def same_as(self, other: "Position") -> bool:
        """The same cards in the same places under the same rules (the order in which
        the discarded cards went does not count, nor the moves that led here)."""
        return (self.rules == other.rules and self.piles == other.piles
                and self.stock == other.stock
                and sorted(self.discarded) == sorted(other.discarded))

    def to_text(self, comment: Optional[str] = None) -> str:
        """The position file of this position (docs/formats.md, "Aces Up positions")."""
        return position_to_text(self, comment)

    def __str__(self) -> str:
        """The position file (``to_text``)."""
        return self.to_text()

    def __repr__(self) -> str:
        """The position file's lines after ``game:`` on one line: ``<Position acesup
        strict: no; discard-first: no; P1: JC; ...; discarded: ->``."""
        return "<Position acesup %s>" % "; ".join(self.to_text().splitlines()[1:])

    def move_text(self, move: Move) -> str:
        """The short text of a move: ``D`` deals, ``P2 X`` discards from P2, ``P3 P1``
        moves P3's top card onto the empty pile P1."""
        return move_text(move)

    def parse_move(self, text: str) -> Move:
        """The legal move that a short text names here (``D``, ``P2 X``, ``P3 P1``; any
        case, also ``deal`` and ``P3>P1``; with the card first, as ``str(move)`` writes
        it: ``4S P2 X``); MoveError (saying why) otherwise."""
        words = text.split()
        want = parse_card(words[0]) if len(words) == 3 else None
        kind, src, dst = move_words(" ".join(words[1:]) if want is not None else text)
        if kind == "deal":
            m = Move("deal")
        else:
            card = self.top(PILES.index(src))
            if card is None:
                raise MoveError("%r: %s is empty" % (text, src))
            if want is not None and want != card:
                raise MoveError("%r: the top card of %s is %s" % (text, src, card_str(card)))
            m = Move(kind, src, dst, card)
        try:
            self.check(m)
        except MoveError as e:
            raise MoveError("%r is not legal here: %s" % (text, e)) from None
        return m

    # -- queries ---------------------------------------------------------------
    def top(self, i: int) -> Optional[Card]:
        return self.piles[i][-1] if self.piles[i] else None

    def discarder(self, i: int) -> Optional[int]:
        """The pile whose top card lets pile i's top card go (the highest such), or None."""
        c = self.top(i)
        if c is None:
            return None
        best = None
        for j in range(4):
            t = self.top(j)
            if j != i and t is not None and suit(t) == suit(c) and high(t) > high(c):
                if best is None or high(t) > high(self.piles[best][-1]):
                    best = j
        return best

    def can_discard(self) -> bool:
        return any(self.discarder(i) is not None for i in range(4))

    def legal_moves(self) -> List[Move]:
        """Every legal move: discards, moves to empty piles, then the deal."""
        out: List[Move] = []
        for i in range(4):
            if self.discarder(i) is not None:
                out.append(Move("discard", PILES[i], "", self.piles[i][-1]))
        for i in range(4):
            c = self.top(i)
            if c is None or (self.rules.strict and rank(c) != 0):
                continue
            for j in range(4):
                if not self.piles[j]:
                    out.append(Move("move", PILES[i], PILES[j], c))
        if self.stock and not (self.rules.discard_first and self.can_discard()):
            out.append(Move("deal"))
        return out

    @property
    def score(self) -> int:
        """Cards discarded so far."""
        return len(self.discarded)

    def is_won(self) -> bool:
        return not self.stock and len(self.discarded) == WIN_SCORE

    def at_start(self) -> bool:
        """Whether this is a deal's first position: the layout (one card on each pile)
        and nothing else dealt or discarded."""
        return (not self.discarded and len(self.stock) == 48
                and all(len(p) == 1 for p in self.piles))

    def describe_layout(self) -> str:
        """The first deal in plain words (the layout, not a move), as a line of the
        moves starts: ``deal J♣ 10♠ Q♦ 10♥ onto piles 1 to 4 (the layout)``."""
        return "deal %s onto piles 1 to 4 (the layout)" % " ".join(
            card_symbol(p[-1]) if p else "-" for p in self.piles)

    def is_over(self) -> bool:
        return not self.legal_moves()

    # -- moves -------------------------------------------------------------------
    def _pile(self, name: str) -> int:
        if name not in PILES:
            raise MoveError("no pile %r (piles are P1..P4)" % name)
        return PILES.index(name)

    def check(self, m: Move) -> None:
        """Raise MoveError unless ``m`` is legal here."""
        if m.kind == "deal":
            if not self.stock:
                raise MoveError("the stock is empty: nothing to deal")
            if self.rules.discard_first and self.can_discard():
                raise MoveError("a discard is possible: deal only when none is "
                                "(discard-first rule)")
            return
        if m.kind not in ("discard", "move"):
            raise MoveError("unknown Aces Up move %r" % m.kind)
        i = self._pile(m.src)
        if self.top(i) is None or self.top(i) != m.card:
            raise MoveError("%s is not the top card of %s" % (
                card_str(m.card) if m.card is not None else "?", m.src))
        assert m.card is not None       # it is the top card of its pile (above)
        if m.kind == "discard":
            if self.discarder(i) is None:
                raise MoveError("%s cannot be discarded: no higher %s on another pile"
                                % (card_str(m.card), "card of its suit"))
            return
        j = self._pile(m.dst)
        if self.piles[j]:
            raise MoveError("%s is not empty" % m.dst)
        if self.rules.strict and rank(m.card) != 0:
            raise MoveError("only an Ace may move to an empty pile (strict rule)")

    def push(self, m: Move) -> None:
        self.check(m)
        if m.kind == "deal":
            for i in range(4):
                self.piles[i].append(self.stock[i])
            del self.stock[:4]
        elif m.kind == "discard":
            self.discarded.append(self.piles[self._pile(m.src)].pop())
        else:
            self.piles[self._pile(m.dst)].append(self.piles[self._pile(m.src)].pop())
        self._history.append((m, 0))

    def pop(self) -> Move:
        m, _ = self._history.pop()
        if m.kind == "deal":
            dealt = [self.piles[i].pop() for i in range(4)]
            self.stock[:0] = dealt
        elif m.kind == "discard":
            self.piles[self._pile(m.src)].append(self.discarded.pop())
        else:
            self.piles[self._pile(m.src)].append(self.piles[self._pile(m.dst)].pop())
        return m

    def describe(self, m: Move) -> str:
        """The move in plain words, from this position (before it is made)."""
        if m.kind == "deal":
            return "deal %s onto piles 1 to 4" % " ".join(card_symbol(c) for c in self.stock[:4])
        c = card_symbol(m.card)  # type: ignore[arg-type]
        i = self._pile(m.src)
        if m.kind == "discard":
            j = self.discarder(i)
            by = ("%s on pile %d is higher" % (card_symbol(self.piles[j][-1]), j + 1)
                  if j is not None else "?")
            return "discard %s from pile %d (%s)" % (c, i + 1, by)
        text = "move %s from pile %d to the empty pile %d" % (c, i + 1, self._pile(m.dst) + 1)
        if len(self.piles[i]) == 1:
            text += " (pile %d is now empty)" % (i + 1)
        return text

    def replay(self, moves: Sequence[Move]) -> None:
        for n, m in enumerate(moves, 1):
            try:
                self.push(m)
            except MoveError as e:
                raise MoveError("move %d (%s): %s" % (n, m, e)) from None


def best_score_brute_force(pos: Position) -> int:
    """The best score reachable from ``pos`` by plain exhaustive search (every legal
    move, a set of positions seen, no shortcut of any kind): the yardstick the core is
    tested against on small positions.  The score is a property of the position, so the
    best score is the highest score of any reachable position."""
    seen = set()
    best = pos.score

    def go() -> None:
        nonlocal best
        k = (tuple(tuple(p) for p in pos.piles), len(pos.stock))
        if k in seen:
            return
        seen.add(k)
        best = max(best, pos.score)
        for m in pos.legal_moves():
            pos.push(m)
            go()
            pos.pop()

    go()
    return best
