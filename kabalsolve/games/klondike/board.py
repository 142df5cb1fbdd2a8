"""The Klondike board drawn in a terminal, and stepping through a solution on it.

One picture per position: the stock (cards left), the waste (its top three cards, as a
player sees them fanned), the four foundations, and the seven columns drawn downwards
with face-down cards as backs (``##``).  The card the last move placed (or, for a turn of
the stock, the new top of the waste) is marked with ``*``; on a colour terminal hearts
and diamonds are red and the marked card is shown in reverse video.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, TextIO

from ...cards import Card
from ...terminal import BACK, CELL, card_cell, step_through
from .rules import PILES, Move, Position

def marked_card(pos: Position, move: Optional[Move]) -> Optional[Card]:
    """The card to mark after ``move`` (already played in ``pos``)."""
    if move is None or move.kind == "recycle":
        return None
    if move.kind == "draw":
        return pos.waste[-1] if pos.waste else None
    return move.card


def render(pos: Position, move: Optional[Move] = None, colour: bool = False,
           heading: str = "") -> str:
    """The board of ``pos``; ``move`` is the move that led to it (marked)."""
    mark = marked_card(pos, move)
    lines = [heading] if heading else []
    f_cells = []
    for s, n in enumerate(pos.foundations):
        f_cells.append(card_cell(s * 13 + n - 1, colour, s * 13 + n - 1 == mark) if n
                       else "--".ljust(CELL))
    waste = pos.waste[-3:]
    w_cells = [card_cell(c, colour, c == mark) for c in waste] or ["--".ljust(CELL)]
    stock = "%s x%-2d" % (BACK, len(pos.stock)) if pos.stock else "--   "
    passes = "" if pos.rules.passes is None else "  pass %d of %d" % (
        pos.recycles + 1, pos.rules.passes)
    lines.append("stock %s  waste %s  foundations %s%s" % (
        stock, "".join(w_cells).rstrip(), "".join(f_cells).rstrip(), passes))
    lines.append("".join(p.ljust(CELL) for p in PILES).rstrip())
    height = max([len(p) for p in pos.piles] + [1])
    for row in range(height):
        cells = []
        for i, pile in enumerate(pos.piles):
            if row >= len(pile):
                cells.append(("--" if row == 0 else "").ljust(CELL))
            elif row < pos.down[i]:
                cells.append(BACK.ljust(CELL))
            else:
                cells.append(card_cell(pile[row], colour, pile[row] == mark))
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def play_in_terminal(start: Position, moves: Sequence[Move], step: bool,
                     out: Optional[TextIO] = None, inp: Optional[TextIO] = None) -> None:
    """Print the board before the first move and after each move; with ``step``, wait
    for Enter between boards (``q`` and Enter stops).  Standard output and input by
    default (looked up at call time, so that redirections apply)."""
    step_through(start, moves, step, render, out, inp)


def boards(start: Position, moves: Sequence[Move]) -> List[Position]:
    """The position before the first move and after each move."""
    pos = start.copy()
    out = [pos.copy()]
    for m in moves:
        pos.push(m)
        out.append(pos.copy())
    return out
