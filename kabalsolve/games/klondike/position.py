"""Klondike positions part-way through a game: consistency, the text form, short moves.

A deal is the position before any move, so a position is given by the same parts the
reference ``Position`` keeps: per column the face-down cards and the face-up run, the
foundations, the waste (bottom -> top), the stock (turning order), the passes used and
the rules.  This module checks that such parts can occur in a game, writes them in the
position-file syntax (docs/formats.md, "Position files"), and gives the
short move text (``W T3``) that depends on the position, as SAN does in chess.

A position may also have unknown cards, written ``??`` in a file: a face-down card of
a column or a card of the stock that a player has not seen.  ``PartialPosition`` holds
such a position (None for each unknown card); only a hint that does not peek takes it.

It is pure Python, like ``rules``, which imports it; it imports nothing of kabalsolve
but the cards and the errors.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar, FrozenSet, List, Optional, Sequence, Tuple

from ...cards import DECK, Card, card_str, is_red, parse_card, rank, suit
from ...errors import DealError, MoveError

if TYPE_CHECKING:
    from .rules import Deal, Move, Position, Rules

COLUMNS = 7
MAX_TALON = 24
#: how an unknown card is written in a position file
UNKNOWN = "??"

#: (face-down cards, face-up cards); a face-down card may be None: unknown
Column = Tuple[Sequence[Optional[Card]], Sequence[Card]]
#: (message, the part it is about: "T1".."T7", "foundations", "waste", "stock",
#: "passes-used", or "" for the position as a whole)
Problem = Tuple[str, str]


def position_problem(columns: Sequence[Column], foundations: Sequence[int],
                     waste: Sequence[Card], stock: Sequence[Optional[Card]], recycles: int,
                     rules: "Rules") -> Optional[Problem]:
    """What keeps these parts from being a Klondike position, or None.

    A face-down card or a stock card may be None, unknown: then the known cards are
    distinct and the unknown ones are exactly as many as the cards not shown.

    The checks are those a game can never break: 52 distinct cards in all (the
    foundations hold the cards below their tops); column Tn keeps at most n - 1 of the
    face-down cards it was dealt, and has a face-up card on any it still has; face-up
    runs go down by one rank in alternating colours; at most 24 cards in the talon; the
    passes used within the limit.  A face-up non-King at the bottom of a column is
    allowed: it is the card the column was dealt at its bottom, turned up when the
    cards on it left.
    """
    if len(columns) != COLUMNS:
        return ("a Klondike position has %d columns, not %d" % (COLUMNS, len(columns)), "")
    if len(foundations) != 4 or any(not 0 <= f <= 13 for f in foundations):
        return ("each foundation holds 0 to 13 cards", "foundations")
    for i, (down, up) in enumerate(columns):
        name = "T%d" % (i + 1)
        if len(down) > i:
            return ("%s holds %d face-down cards; it was dealt %d and never gets more"
                    % (name, len(down), i), name)
        if down and not up:
            return ("%s has face-down cards but no face-up card on them (the top card "
                    "of a column is always face up)" % name, name)
        for a, b in zip(up, up[1:]):
            if not (rank(a) == rank(b) + 1 and is_red(a) != is_red(b)):
                return ("%s: %s cannot lie on %s (a face-up run goes down by one rank in "
                        "alternating colours)" % (name, card_str(b), card_str(a)), name)
    if len(waste) + len(stock) > MAX_TALON:
        return ("the waste and the stock hold %d cards together; at most %d"
                % (len(waste) + len(stock), MAX_TALON), "stock" if stock else "waste")
    seen = [0] * 52
    unknown = 0
    for s in range(4):
        for r in range(foundations[s]):
            seen[s * 13 + r] += 1
    for c in [c for down, up in columns for c in list(down) + list(up)] + list(waste) + \
            list(stock):
        if c is None:
            unknown += 1
        else:
            seen[c] += 1
    dup = [card_str(c) for c in range(52) if seen[c] > 1]
    if dup:
        return ("duplicated card%s %s" % ("s" if len(dup) > 1 else "", " ".join(dup)), "")
    missing = [card_str(c) for c in range(52) if seen[c] == 0]
    if missing and not unknown:
        return ("missing card%s %s (a position holds all 52 cards: on the foundations, in "
                "the columns, the waste and the stock)"
                % ("s" if len(missing) > 1 else "", " ".join(missing)), "")
    if len(missing) != unknown:
        return ("%d known cards and %d unknown ones (%s) make %d, not 52 (a position holds "
                "all 52 cards: on the foundations, in the columns, the waste and the stock)"
                % (52 - len(missing), unknown, UNKNOWN, 52 - len(missing) + unknown), "")
    if recycles < 0:
        return ("the passes used start at 1", "passes-used")
    if rules.passes is not None and recycles + 1 > rules.passes:
        return ("%d passes used, but the rules allow %d" % (recycles + 1, rules.passes),
                "passes-used")
    return None


def position_to_text(pos: "Position", comment: Optional[str] = None) -> str:
    """The position-file text of ``pos`` (its rules included); ``dealfile`` reads it back
    to an equal position.  A danish position, which only a deal's first one can be, is
    written as its deal with its rules."""
    if pos.rules.danish and pos.at_start():
        return deal_to_text(pos.to_deal(), pos.rules, comment)
    return parts_to_text(pos.rules, columns_of(pos), pos.foundations, pos.waste,
                         pos.stock, pos.recycles, comment)


def rule_lines(rules: "Rules") -> List[str]:
    """The lines of a deal or position file that state ``rules``, every rule written
    (the variant only when it is not classic, which older readers do not know)."""
    lines = ["draw: %d" % rules.draw,
             "passes: %s" % ("unlimited" if rules.passes is None else rules.passes),
             "foundation-moves: %s" % ("yes" if rules.foundation_moves else "no")]
    if rules.danish:
        lines.append("variant: %s" % rules.variant)
    return lines


def deal_to_text(deal: "Deal", rules: "Rules", comment: Optional[str] = None) -> str:
    """The deal file of ``deal`` with the lines that state ``rules`` (docs/formats.md):
    read back, it is the position before any move, under those rules."""
    lines = deal.to_text(comment).splitlines()
    at = lines.index("game: klondike") + 1
    return "\n".join(lines[:at] + rule_lines(rules) + lines[at:]) + "\n"


def parts_to_text(rules: "Rules", columns: Sequence[Column], foundations: Sequence[int],
                  waste: Sequence[Card], stock: Sequence[Optional[Card]], recycles: int,
                  comment: Optional[str] = None) -> str:
    """The position-file text of these parts, an unknown card (None) written ``??``."""
    def cards(cs: Sequence[Optional[Card]]) -> str:
        return " ".join(UNKNOWN if c is None else card_str(c) for c in cs)

    lines = ["# " + comment] if comment else []
    lines.append("game: klondike")
    lines += rule_lines(rules)
    lines.append("passes-used: %d" % (recycles + 1))
    tops = [card_str(s * 13 + n - 1) for s, n in enumerate(foundations) if n]
    lines.append("foundations: %s" % (" ".join(tops) if tops else "-"))
    for i, (down, up) in enumerate(columns):
        if not down and not up:
            lines.append("T%d: -" % (i + 1))
            continue
        lines.append("T%d: %s| %s" % (i + 1, cards(down) + " " if down else "", cards(up)))
    lines.append("waste: %s" % (cards(waste) or "-"))
    lines.append("stock: %s" % (cards(stock) or "-"))
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class PartialPosition:
    """A Klondike position in which some cards are unknown: written ``??`` in a position
    file, None here.  Only a face-down card of a column or a card of the stock may be
    unknown; the known cards are distinct, and the unknown ones stand for exactly the
    cards not shown (``unseen()``).  ``columns``: per column the face-down cards and the
    face-up run, bottom -> top; the rest as in ``Position``.

    What needs every card (solving, the ordinary hints, the board) refuses it; a hint
    that does not peek (``kabalsolve.hint(pos, no_peek=True)``) takes it.  Building one
    checks it as a position file is checked (DealError)."""
    rules: "Rules"
    columns: Tuple[Tuple[Tuple[Optional[Card], ...], Tuple[Card, ...]], ...]
    foundations: Tuple[int, ...]
    waste: Tuple[Card, ...]
    stock: Tuple[Optional[Card], ...]
    recycles: int = 0
    #: the rules its file states (as ``Position.given_rules``)
    given_rules: FrozenSet[str] = field(default=frozenset(), compare=False)
    game: ClassVar[str] = "klondike"

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "columns", tuple((tuple(d), tuple(u)) for d, u in self.columns))
        set_(self, "foundations", tuple(self.foundations))
        set_(self, "waste", tuple(self.waste))
        set_(self, "stock", tuple(self.stock))
        set_(self, "given_rules", frozenset(self.given_rules))
        problem = position_problem(self.columns, self.foundations, self.waste, self.stock,
                                   self.recycles, self.rules)
        if problem:
            raise DealError(problem[0])

    def unknown(self) -> int:
        """How many cards are unknown."""
        return sum(d.count(None) for d, _up in self.columns) + self.stock.count(None)

    def unseen(self) -> List[Card]:
        """The cards the unknown ones stand for, in card order."""
        known = set(s * 13 + r for s, n in enumerate(self.foundations) for r in range(n))
        for down, up in self.columns:
            known.update(c for c in down + up if c is not None)
        known.update(self.waste)
        known.update(c for c in self.stock if c is not None)
        return [c for c in DECK if c not in known]

    def to_text(self, comment: Optional[str] = None) -> str:
        """The position-file text, ``??`` for each unknown card; read back, it gives an
        equal PartialPosition."""
        return parts_to_text(self.rules, self.columns, self.foundations, self.waste,
                             self.stock, self.recycles, comment)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return "<PartialPosition klondike %s>" % "; ".join(self.to_text().splitlines()[1:])


def unknown_cards(n: int) -> str:
    """The start of the message of a command that needs every card."""
    return "the position has %d unknown card%s (%s)" % (n, "" if n == 1 else "s", UNKNOWN)


# -- short move text ----------------------------------------------------------------------
# "D" turns the stock, "R" turns the waste over, "SRC DST" moves a card (or a run) from
# W, F or T1..T7 to F or T1..T7.  In Klondike the source and target fix the move except
# for F -> Tn, where the two cards of the other colour one rank below the target's top
# card may both stand on their foundations: only then the card is written first,
# "9S F T3".  From one column to another exactly one card of the face-up run can fit
# (the run's ranks differ), so the count is never written.

def move_text(pos: "Position", move: "Move") -> str:
    """The short text of ``move`` in ``pos`` (which it must be legal in)."""
    if move.kind == "draw":
        return "D"
    if move.kind == "recycle":
        return "R"
    text = "%s %s" % (move.src, move.dst)
    if move.src == "F":
        same = [m for m in pos.legal_moves()
                if m.kind == "move" and m.src == "F" and m.dst == move.dst]
        if len(same) > 1:
            text = "%s %s" % (card_str(move.card), text)  # type: ignore[arg-type]
    return text


def parse_move(pos: "Position", text: str) -> "Move":
    """The legal move of ``pos`` that ``text`` names (``D``, ``R``, ``W T3``, ``T2 F``,
    ``9S F T3``; any case, also ``draw``/``recycle`` and ``T2>F``); MoveError if it
    names none or more than one."""
    words = text.replace(">", " ").upper().split()
    legal = pos.legal_moves()
    want_card: Optional[Card] = None
    if len(words) == 1 and words[0] in ("D", "DRAW", "R", "RECYCLE"):
        kind = "draw" if words[0][0] == "D" else "recycle"
        found = [m for m in legal if m.kind == kind]
        if not found:
            raise MoveError("%r is not legal here (%s)" % (text, _why_not_stock(pos, kind)))
        return found[0]
    if len(words) == 3:
        want_card = parse_card(words[0])
        if want_card is None:
            raise MoveError("%r: %r is not a card" % (text, words[0]))
        words = words[1:]
    if len(words) != 2:
        raise MoveError("%r is not a move (write e.g. D, R, W T3, T2 F or T1 T4)" % text)
    src, dst = words
    found = [m for m in legal if m.kind == "move" and m.src == src and m.dst == dst
             and (want_card is None or m.card == want_card)]
    if not found:
        raise MoveError("%r is not a legal move here" % text)
    if len(found) > 1:
        card = found[0].card
        assert card is not None     # every legal card move names its card
        raise MoveError("%r is ambiguous: say which card, e.g. %r" % (
            text, "%s %s %s" % (card_str(card), src, dst)))
    return found[0]


def _why_not_stock(pos: "Position", kind: str) -> str:
    if kind == "draw":
        return "the stock is empty"
    if pos.stock:
        return "the stock is not empty"
    return "the waste is empty" if not pos.waste else "no passes left"


def columns_of(pos: "Position") -> List[Tuple[List[Card], List[Card]]]:
    """(face-down, face-up) cards of each column, bottom -> top."""
    return [(p[:d], p[d:]) for p, d in zip(pos.piles, pos.down)]


def suit_of_foundation_card(card: Card) -> Tuple[int, int]:
    """(suit, cards up) that a foundation whose top card is ``card`` stands at."""
    return suit(card), rank(card) + 1
