"""The Klondike board drawn in a terminal, and stepping through a solution on it.

One picture per position: the stock (cards left), the waste (its top three cards, as a
player sees them fanned), the four foundations, and the seven columns drawn downwards
with face-down cards as backs (``##``).  The card the last move placed (or, for a turn of
the stock, the new top of the waste) is marked with ``*``; on a colour terminal hearts
and diamonds are red and the marked card is shown in reverse video.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, List, Optional, Sequence, TextIO

from .cards import Card, card_symbol, is_red
from .games.klondike import PILES, Move, Position

RED = "\x1b[31m"
REVERSE = "\x1b[7m"
RESET = "\x1b[0m"
BACK = "##"
CELL = 5


def colour_wanted(stream: TextIO) -> bool:
    """Colour on a terminal unless NO_COLOR is set (no-color.org)."""
    return stream.isatty() and "NO_COLOR" not in os.environ


def card_cell(card: Card, colour: bool, marked: bool) -> str:
    """One card, padded to a cell: suit symbol, ``*`` when marked, colour on request
    (the Aces Up board draws its cards with it too)."""
    text = card_symbol(card) + ("*" if marked else "")
    pad = " " * max(0, CELL - len(text))
    if colour:
        style = (RED if is_red(card) else "") + (REVERSE if marked else "")
        if style:
            text = style + text + RESET
    return text + pad


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


def step_through(start: Any, moves: Sequence[Any], step: bool,
                 draw: Callable[[Any, Optional[Any], bool, str], str],
                 out: Optional[TextIO] = None, inp: Optional[TextIO] = None) -> None:
    """play_in_terminal for any game: ``start`` is a position of its reference rules
    (copy, describe, push), ``draw`` its board (position, last move, colour, heading)."""
    out = out or sys.stdout
    inp = inp or sys.stdin
    colour = colour_wanted(out)
    pos = start.copy()
    total = len(moves)
    out.write(draw(pos, None, colour, "start (%d moves to go)" % total) + "\n")
    for n, m in enumerate(moves, 1):
        if step:
            out.write("-- Enter: next move, q: quit -- ")
            out.flush()
            answer = inp.readline()
            if not answer or answer.strip().lower().startswith("q"):
                return
        words = pos.describe(m)
        pos.push(m)
        out.write("\n" + draw(pos, m, colour, "move %d of %d: %s" % (n, total, words))
                  + "\n")
    out.flush()


def boards(start: Position, moves: Sequence[Move]) -> List[Position]:
    """The position before the first move and after each move."""
    pos = start.copy()
    out = [pos.copy()]
    for m in moves:
        pos.push(m)
        out.append(pos.copy())
    return out
