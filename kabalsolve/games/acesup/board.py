"""The Aces Up board drawn in a terminal, and stepping through a line of play on it.

One picture per position: a status line (cards left in the stock, the score, the last
card discarded) and the four piles as columns drawn downwards, bottom card first, so a
pile's top card is its lowest one.  The cards the last move placed are marked with ``*``
(all four after a deal; the discarded card, in the status line, after a discard); on a
colour terminal hearts and diamonds are red and marked cards are in reverse video, as on
the Klondike board (``board_text``).
"""
from __future__ import annotations

from typing import List, Optional, Sequence, TextIO

from ...cards import Card
from ...terminal import CELL, card_cell, step_through
from .rules import PILES, WIN_SCORE, Move, Position


def marked_cards(pos: Position, move: Optional[Move]) -> List[Card]:
    """The cards to mark after ``move`` (already played in ``pos``)."""
    if move is None:
        return []
    if move.kind == "deal":
        return [p[-1] for p in pos.piles if p]
    return [move.card] if move.card is not None else []


def render(pos: Position, move: Optional[Move] = None, colour: bool = False,
           heading: str = "") -> str:
    """The board of ``pos``; ``move`` is the move that led to it (marked)."""
    marks = marked_cards(pos, move)
    lines = [heading] if heading else []
    stock = "## x%d" % len(pos.stock) if pos.stock else "--"
    status = "stock %s  score %d of %d" % (stock, pos.score, WIN_SCORE)
    if pos.discarded:
        last = pos.discarded[-1]
        status += "  discarded %s" % card_cell(last, colour, last in marks).rstrip()
    lines.append(status)
    lines.append("".join(p.ljust(CELL) for p in PILES).rstrip())
    height = max([len(p) for p in pos.piles] + [1])
    for row in range(height):
        cells = []
        for pile in pos.piles:
            if row >= len(pile):
                cells.append(("--" if row == 0 else "").ljust(CELL))
            else:
                cells.append(card_cell(pile[row], colour, pile[row] in marks))
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def play_in_terminal(start: Position, moves: Sequence[Move], step: bool,
                     out: Optional[TextIO] = None, inp: Optional[TextIO] = None) -> None:
    """Print the board before the first move and after each move; with ``step``, wait
    for Enter between boards (``q`` and Enter stops): board_text.step_through."""
    step_through(start, moves, step, render, out, inp)
