"""The replay page (``kabalsolve.replaypage``) for an Aces Up line of play.

The board: the stock (face down, with its count), the discarded cards (the last one
face up, with the score) and the four piles P1..P4 as columns, bottom card first.  As
on the Klondike page every card carries ``data-card`` and ``data-face`` inside an
element with ``data-pile`` (``stock``, ``discarded``, ``P1``..``P4``), which the tests
read back from a headless browser.  The cards the last move placed are marked: all four
after a deal, the discarded card after a discard, the moved card after a move.
"""
from __future__ import annotations

from typing import Any, Dict, Sequence

from ...cards import card_str
from ...replaypage import line_data, page
from .rules import WIN_SCORE, Move, Position


def position_data(pos: Position) -> Dict[str, Any]:
    """The JSON the page draws one position from (cards as ``QH`` strings)."""
    return {"p": [[card_str(c) for c in pile] for pile in pos.piles],
            "s": [card_str(c) for c in pos.stock],
            "x": [card_str(c) for c in pos.discarded]}


def replay_data(start: Position, moves: Sequence[Move]) -> Dict[str, Any]:
    steps, listed, pos = line_data(start, moves, position_data)
    rules = start.rules.describe() or "usual rules"
    intro = "The start. %d moves %s." % (
        len(moves), "win it" if pos.is_won() else "reach score %d of %d"
        % (pos.score, WIN_SCORE))
    return {"steps": steps, "moves": listed, "rules": rules, "intro": intro}


def replay_page(start: Position, moves: Sequence[Move], title: str = "kabalsolve") -> str:
    """The page's HTML text."""
    return page("Aces Up: " + title, replay_data(start, moves), _BOARD, _DRAW)


_BOARD = """    <div class="row">
      <div class="slot stackpile" data-pile="stock"></div>
      <div class="slot stackpile" data-pile="discarded"></div>
    </div>
    <div class="row">
      <div class="slot col" data-pile="P1"></div><div class="slot col" data-pile="P2"></div>
      <div class="slot col" data-pile="P3"></div><div class="slot col" data-pile="P4"></div>
    </div>
"""

_DRAW = r"""    var marks = !mv ? [] : mv.kind === "deal"
      ? st.p.map(function (q) { return q[q.length - 1]; }) : [mv.card];
    function marked(c) { return marks.indexOf(c) >= 0; }
    var p = clear(pile("stock"));
    st.s.slice().reverse().forEach(function (c) { p.appendChild(card(c, false, false)); });
    p.appendChild(el("span", "count", st.s.length + " in stock"));
    p = clear(pile("discarded"));
    var last = st.x[st.x.length - 1];
    if (last) p.appendChild(card(last, true, marked(last)));
    p.appendChild(el("span", "count", "score " + st.x.length));
    for (var t = 0; t < 4; t++) {
      p = clear(pile("P" + (t + 1)));
      st.p[t].forEach(function (c) { p.appendChild(card(c, true, marked(c))); });
    }
"""
