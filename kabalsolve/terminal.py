"""Drawing boards in a terminal, for every game: a card in a cell of fixed width, colour
when the terminal takes it, and stepping through a line board by board.

Each game draws its own board (``games/<game>/board.py``) with these pieces.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Callable, Optional, Sequence, TextIO

from .cards import card_symbol, is_red

RED = "\x1b[31m"
REVERSE = "\x1b[7m"
RESET = "\x1b[0m"
BACK = "##"
CELL = 5


def colour_wanted(stream: TextIO) -> bool:
    """Colour on a terminal unless NO_COLOR is set (no-color.org)."""
    return stream.isatty() and "NO_COLOR" not in os.environ


def card_cell(card: int, colour: bool, marked: bool) -> str:
    """One card, padded to a cell: suit symbol, ``*`` when marked, colour on request
    (every game's board draws its cards with it)."""
    text = card_symbol(card) + ("*" if marked else "")
    pad = " " * max(0, CELL - len(text))
    if colour:
        style = (RED if is_red(card) else "") + (REVERSE if marked else "")
        if style:
            text = style + text + RESET
    return text + pad


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
