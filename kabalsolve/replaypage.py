"""One self-contained web page that replays a line of play, for every game.

Everything is in the page: the positions (before the first move and after each move)
as JSON, the styles that draw the cards (CSS only: corner indices, a large suit
symbol, a patterned back for face-down cards), and a small script with previous /
next / play controls, a clickable move list and the step in the address (``#step=40``),
so a link shows one position.  No network, no other file: it works offline.

Every card on the page carries ``data-card`` (e.g. ``QH``) and ``data-face``
(``up``/``down``) and lies in an element with ``data-pile`` (``stock``, ``waste``,
``F1``..``F4``, ``T1``..``T7``): the tests read the board back from a headless browser
and compare it with the reference position.

``page`` fills the template with one game's board and drawing script, which are in
``games/<game>/page.py``.  The template is cut at its places once, when the module is
loaded, and the page is joined from the pieces: what is put in a place is never
searched for another place, so no title or deal can change the page around it.  The
title is escaped HTML text; the data is JSON in a script element, with every ``<``,
``>`` and ``&`` written as a JSON escape, so no string in it can end the element.
"""
from __future__ import annotations

import html
import json
import re
from typing import Any, Callable, Dict, List, Sequence, Tuple

from .cards import card_str



def line_data(start: Any, moves: Sequence[Any], position_data: Callable[[Any], Dict[str, Any]]
              ) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]], Any]:
    """The page's ``steps`` (``position_data`` of the start and of the position after
    each move) and ``moves`` (each move's short text, words, card and kind), and the
    position at the end; ``start`` is a position of a game's reference rules."""
    pos = start.copy()
    steps: List[Dict[str, Any]] = [position_data(pos)]
    listed = []
    for m in moves:
        listed.append({"text": pos.move_text(m), "words": pos.describe(m),
                       "card": card_str(m.card) if m.card is not None else None,
                       "kind": m.kind})
        pos.push(m)
        steps.append(position_data(pos))
    return steps, listed, pos


def page(title: str, data: Dict[str, Any], board: str, draw: str) -> str:
    """The page around one game's board: ``board`` is its markup (elements with
    ``data-pile``), ``draw`` the script that fills them from ``st`` (the step's data)
    and ``mv`` (the move that led to it, or null), with the page's helpers ``card``,
    ``pile``, ``clear`` and ``el``.  ``data`` holds ``steps``, ``moves`` (``text``,
    ``words``), ``rules`` and optionally ``intro`` (the words shown before a move)."""
    values = {"TITLE": html.escape(title), "BOARD": board, "DRAW": draw,
              "DATA": json_in_script(data)}
    return "".join(values[part] if k % 2 else part for k, part in enumerate(_PIECES))


def json_in_script(data: Any) -> str:
    """``data`` as JSON that can stand in a script element whatever its strings hold:
    ``<``, ``>`` and ``&`` as ``\\u003c``-style escapes, which JSON.parse reads back."""
    text = json.dumps(data, ensure_ascii=False)
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


_PAGE = r"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<script>
window.replayErrors = [];
window.addEventListener("error", function (e) {
  window.replayErrors.push(String(e.message));
  document.documentElement.setAttribute("data-errors", window.replayErrors.join(" | "));
});
</script>
<style>
:root { --w: 64px; --h: 90px; --felt: #1d6b3a; }
body { margin: 0; font-family: system-ui, sans-serif; background: var(--felt); color: #f4f4f4; }
header { display: flex; gap: .5em; align-items: center; flex-wrap: wrap; padding: .6em 1em;
         background: rgba(0,0,0,.35); }
header h1 { font-size: 1.05em; margin: 0 1em 0 0; font-weight: 600; }
button { font: inherit; padding: .25em .8em; border-radius: 6px; border: 1px solid #ccc;
         background: #fafafa; color: #222; cursor: pointer; }
button:disabled { opacity: .45; cursor: default; }
#status { margin-left: .5em; }
#layout { display: flex; gap: 1.5em; padding: 1em; align-items: flex-start; }
#board { flex: 1; min-width: calc(7 * (var(--w) + 14px)); }
.row { display: flex; gap: 14px; margin-bottom: 22px; }
.slot { width: var(--w); min-height: var(--h); border-radius: 7px; position: relative;
        outline: 2px dashed rgba(255,255,255,.25); outline-offset: -2px; }
.slot.wide { width: calc(var(--w) + 2 * 22px); outline: none; }
.spacer { width: var(--w); }
.stackpile .card { position: absolute; top: 0; left: 0; }
.waste .card { position: absolute; top: 0; }
.col .card + .card { margin-top: calc(var(--h) * -0.72); }
.col .card.down + .card { margin-top: calc(var(--h) * -0.84); }
.col .card.down + .card.down { margin-top: calc(var(--h) * -0.88); }
.card { width: var(--w); height: var(--h); box-sizing: border-box; border-radius: 7px;
        background: #fff; color: #111; border: 1px solid #999; position: relative;
        box-shadow: 0 1px 2px rgba(0,0,0,.4); }
.card.red { color: #c8102e; }
.card .ix { position: absolute; top: 3px; left: 5px; font-size: 15px; line-height: 1;
            font-weight: 700; text-align: center; white-space: pre; }
.card .ix2 { top: auto; left: auto; bottom: 3px; right: 5px; transform: rotate(180deg); }
.card .pip { position: absolute; inset: 0; display: flex; align-items: center;
             justify-content: center; font-size: 34px; }
.card.down { background: repeating-linear-gradient(45deg, #27408b 0 5px, #3a5bc7 5px 10px);
             border: 3px solid #fff; }
.card.marked { box-shadow: 0 0 0 3px #ffd400, 0 0 12px 3px #ffd400; z-index: 2; }
.count { position: absolute; bottom: -18px; left: 0; width: 100%; text-align: center;
         font-size: 12px; }
#moves { width: 25em; max-height: calc(100vh - 6em); overflow: auto; margin: 0;
         padding: .5em .5em .5em 3.2em; background: rgba(0,0,0,.25); border-radius: 8px; }
#moves li { padding: 1px 0; }
#moves a { color: #f4f4f4; text-decoration: none; }
#moves a code { color: #ffe58a; margin-right: .4em; }
#moves li.current { background: rgba(255,212,0,.3); }
</style>
</head>
<body>
<header>
  <h1>@TITLE@</h1>
  <button id="first" title="the deal (Home)">start</button>
  <button id="prev" title="previous move (left arrow)">&#x25C0; previous</button>
  <button id="play" title="play / pause (space)">&#x25B6; play</button>
  <button id="next" title="next move (right arrow)">next &#x25B6;</button>
  <button id="last" title="the last move (End)">end</button>
  <span id="status"></span>
</header>
<div id="layout">
  <div id="board">
@BOARD@    <p id="words"></p>
  </div>
  <ol id="moves" start="1"></ol>
</div>
<script type="application/json" id="replay-data">@DATA@</script>
<script>
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("replay-data").textContent);
  var N = DATA.moves.length;
  var SUITS = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  var step = 0, timer = null;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function card(code, up, marked) {
    var c = el("div", "card");
    c.setAttribute("data-card", code);
    c.setAttribute("data-face", up ? "up" : "down");
    if (!up) { c.classList.add("down"); return c; }
    var rank = code[0] === "T" ? "10" : code[0], suit = SUITS[code[1]];
    if (code[1] === "H" || code[1] === "D") c.classList.add("red");
    if (marked) c.classList.add("marked");
    c.appendChild(el("span", "ix", rank + "\n" + suit));
    c.appendChild(el("span", "ix ix2", rank + "\n" + suit));
    c.appendChild(el("span", "pip", suit));
    c.title = rank + suit;
    return c;
  }
  function pile(name) { return document.querySelector('[data-pile="' + name + '"]'); }
  function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }

  function draw() {
    var st = DATA.steps[step], mv = step > 0 ? DATA.moves[step - 1] : null;
@DRAW@    document.getElementById("status").textContent =
      "move " + step + " of " + N + " (" + DATA.rules + ")";
    document.getElementById("words").textContent =
      mv ? step + ". " + mv.words : (DATA.intro || "The deal. " + N + " moves win it.");
    var items = document.querySelectorAll("#moves li");
    for (var i = 0; i < items.length; i++) {
      items[i].classList.toggle("current", i === step - 1);
    }
    if (step > 0 && items[step - 1] && items[step - 1].scrollIntoView) {
      items[step - 1].scrollIntoView({block: "nearest"});
    }
    document.getElementById("first").disabled = document.getElementById("prev").disabled =
      step === 0;
    document.getElementById("next").disabled = document.getElementById("last").disabled =
      step === N;
    document.body.setAttribute("data-step", String(step));
  }
  function fromHash() {
    var m = /step=(\d+)/.exec(location.hash);
    var n = m ? parseInt(m[1], 10) : 0;
    return Math.max(0, Math.min(N, n));
  }
  function go(n) {
    n = Math.max(0, Math.min(N, n));
    if (n === step && location.hash === "#step=" + n) return;
    step = n;
    if (history.replaceState) history.replaceState(null, "", "#step=" + n);
    else location.hash = "step=" + n;
    draw();
  }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    document.getElementById("play").textContent = "\u25B6 play";
  }
  function play() {
    if (timer) { stop(); return; }
    if (step === N) go(0);
    document.getElementById("play").textContent = "\u23F8 pause";
    timer = setInterval(function () { if (step >= N) stop(); else go(step + 1); }, 700);
  }
  var list = document.getElementById("moves");
  DATA.moves.forEach(function (mv, i) {
    var li = el("li"), a = el("a");
    a.href = "#step=" + (i + 1);
    a.appendChild(el("code", "", mv.text));
    a.appendChild(document.createTextNode(mv.words));
    a.addEventListener("click", function (e) { e.preventDefault(); stop(); go(i + 1); });
    li.appendChild(a);
    list.appendChild(li);
  });
  document.getElementById("first").onclick = function () { stop(); go(0); };
  document.getElementById("prev").onclick = function () { stop(); go(step - 1); };
  document.getElementById("next").onclick = function () { stop(); go(step + 1); };
  document.getElementById("last").onclick = function () { stop(); go(N); };
  document.getElementById("play").onclick = play;
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") { stop(); go(step + 1); }
    else if (e.key === "ArrowLeft") { stop(); go(step - 1); }
    else if (e.key === "Home") { stop(); go(0); }
    else if (e.key === "End") { stop(); go(N); }
    else if (e.key === " ") { e.preventDefault(); play(); }
  });
  window.addEventListener("hashchange", function () { stop(); step = fromHash(); draw(); });
  step = fromHash();
  draw();
  document.body.setAttribute("data-ready", "1");
})();
</script>
</body>
</html>
"""

#: the template cut at its places: text, place name, text, place name, ..., text
_PIECES = re.split(r"@(TITLE|BOARD|DRAW|DATA)@", _PAGE)
