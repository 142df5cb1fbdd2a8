"""Klondike positions part-way through a game: consistency, the text form, short moves.

A deal is the position before any move, so a position is given by the same parts the
reference ``Position`` keeps: per column the face-down cards and the face-up run, the
foundations, the waste (bottom -> top), the stock (turning order), the passes used and
the rules.  This module checks that such parts can occur in a game, writes them in the
position-file syntax (docs/formats.md, "Position files"), and gives the
short move text (``W T3``) that depends on the position, as SAN does in chess.

It is pure Python, like ``rules``, which imports it; it imports nothing of kabalsolve
but the cards and the errors.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from ...cards import Card, card_str, is_red, parse_card, rank, suit
from ...errors import MoveError

if TYPE_CHECKING:
    from .rules import Move, Position, Rules

COLUMNS = 7
MAX_TALON = 24

Column = Tuple[Sequence[Card], Sequence[Card]]
#: (message, the part it is about: "T1".."T7", "foundations", "waste", "stock",
#: "passes-used", or "" for the position as a whole)
Problem = Tuple[str, str]


def position_problem(columns: Sequence[Column], foundations: Sequence[int],
                     waste: Sequence[Card], stock: Sequence[Card], recycles: int,
                     rules: "Rules") -> Optional[Problem]:
    """What keeps these parts from being a Klondike position, or None.

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
    for s in range(4):
        for r in range(foundations[s]):
            seen[s * 13 + r] += 1
    for down, up in columns:
        for c in list(down) + list(up):
            seen[c] += 1
    for c in list(waste) + list(stock):
        seen[c] += 1
    dup = [card_str(c) for c in range(52) if seen[c] > 1]
    if dup:
        return ("duplicated card%s %s" % ("s" if len(dup) > 1 else "", " ".join(dup)), "")
    missing = [card_str(c) for c in range(52) if seen[c] == 0]
    if missing:
        return ("missing card%s %s (a position holds all 52 cards: on the foundations, in "
                "the columns, the waste and the stock)"
                % ("s" if len(missing) > 1 else "", " ".join(missing)), "")
    if recycles < 0:
        return ("the passes used start at 1", "passes-used")
    if rules.passes is not None and recycles + 1 > rules.passes:
        return ("%d passes used, but the rules allow %d" % (recycles + 1, rules.passes),
                "passes-used")
    return None


def position_to_text(pos: "Position", comment: Optional[str] = None) -> str:
    """The position-file text of ``pos`` (its rules included); ``dealfile`` reads it back
    to an equal position."""
    r = pos.rules
    lines = ["# " + comment] if comment else []
    lines.append("game: klondike")
    lines.append("draw: %d" % r.draw)
    lines.append("passes: %s" % ("unlimited" if r.passes is None else r.passes))
    if not r.foundation_moves:
        lines.append("foundation-moves: no")
    lines.append("passes-used: %d" % (pos.recycles + 1))
    tops = [card_str(s * 13 + n - 1) for s, n in enumerate(pos.foundations) if n]
    lines.append("foundations: %s" % (" ".join(tops) if tops else "-"))
    for i, pile in enumerate(pos.piles):
        d = pos.down[i]
        if not pile:
            lines.append("T%d: -" % (i + 1))
            continue
        down = " ".join(card_str(c) for c in pile[:d])
        up = " ".join(card_str(c) for c in pile[d:])
        lines.append("T%d: %s| %s" % (i + 1, down + " " if down else "", up))
    lines.append("waste: %s" % (" ".join(card_str(c) for c in pos.waste) or "-"))
    lines.append("stock: %s" % (" ".join(card_str(c) for c in pos.stock) or "-"))
    return "\n".join(lines) + "\n"


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
        raise MoveError("%r is ambiguous: say which card, e.g. %r" % (
            text, "%s %s %s" % (card_str(found[0].card), src, dst)))  # type: ignore[arg-type]
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
