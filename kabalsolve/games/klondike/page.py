"""The replay page (``kabalsolve.replaypage``) for a Klondike line of play.

The board: the stock, the waste, the foundations F1..F4 and the columns T1..T7, each
card in an element with ``data-pile`` (``stock``, ``waste``, ``F1``..``F4``,
``T1``..``T7``), which the tests read back from a headless browser.  The card the last
move placed is marked (after a turn of the stock, the new top of the waste).
"""
from __future__ import annotations

from typing import Any, Dict, Sequence

from ...cards import card_str
from ...replaypage import line_data, page
from .rules import Move, Position


def position_data(pos: Position) -> Dict[str, Any]:
    """The JSON the page draws one position from (cards as ``QH`` strings)."""
    return {
        "f": [card_str(s * 13 + n - 1) if n else None for s, n in enumerate(pos.foundations)],
        "c": [[[card_str(c) for c in p[:d]], [card_str(c) for c in p[d:]]]
              for p, d in zip(pos.piles, pos.down)],
        "w": [card_str(c) for c in pos.waste],
        "s": [card_str(c) for c in pos.stock],
    }


def replay_data(start: Position, moves: Sequence[Move]) -> Dict[str, Any]:
    steps, listed, pos = line_data(start, moves, position_data)
    r = start.rules
    rules = "draw %d, %s" % (r.draw, "unlimited passes" if r.passes is None
                             else "%d passes" % r.passes)
    return {"steps": steps, "moves": listed, "rules": rules}


def replay_page(start: Position, moves: Sequence[Move], title: str = "kabalsolve") -> str:
    """The page's HTML text."""
    return page("Klondike: " + title, replay_data(start, moves), _BOARD, _DRAW)


_BOARD = """    <div class="row">
      <div class="slot stackpile" data-pile="stock"></div>
      <div class="slot wide waste" data-pile="waste"></div>
      <div class="spacer"></div>
      <div class="slot stackpile" data-pile="F1"></div>
      <div class="slot stackpile" data-pile="F2"></div>
      <div class="slot stackpile" data-pile="F3"></div>
      <div class="slot stackpile" data-pile="F4"></div>
    </div>
    <div class="row">
      <div class="slot col" data-pile="T1"></div><div class="slot col" data-pile="T2"></div>
      <div class="slot col" data-pile="T3"></div><div class="slot col" data-pile="T4"></div>
      <div class="slot col" data-pile="T5"></div><div class="slot col" data-pile="T6"></div>
      <div class="slot col" data-pile="T7"></div>
    </div>
"""

_DRAW = r"""    var mark = mv ? (mv.kind === "draw" ? st.w[st.w.length - 1] : mv.card) : null;
    var p = clear(pile("stock"));
    st.s.slice().reverse().forEach(function (c) { p.appendChild(card(c, false, false)); });
    p.appendChild(el("span", "count", st.s.length + " in stock"));
    p = clear(pile("waste"));
    st.w.forEach(function (c, i) {
      var e = card(c, true, c === mark);
      var fan = Math.max(0, i - (st.w.length - 3));
      e.style.left = (fan * 22) + "px";
      p.appendChild(e);
    });
    p.appendChild(el("span", "count", st.w.length + " in waste"));
    for (var f = 0; f < 4; f++) {
      p = clear(pile("F" + (f + 1)));
      if (st.f[f]) p.appendChild(card(st.f[f], true, st.f[f] === mark));
    }
    for (var t = 0; t < 7; t++) {
      p = clear(pile("T" + (t + 1)));
      st.c[t][0].forEach(function (c) { p.appendChild(card(c, false, false)); });
      st.c[t][1].forEach(function (c) { p.appendChild(card(c, true, c === mark)); });
    }
"""
