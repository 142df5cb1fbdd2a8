"""The Aces Up replay page in a real browser, as tests/test_replay_html.py does for
Klondike: headless chromium loads the page written by ``kabalsolve show --html`` at
``#step=N``; the cards it shows must be the reference position after N moves (with the
cards the move placed marked), and the page must have run without a script error."""
import re

from click.testing import CliRunner

import kabalsolve
from kabalsolve.cards import card_str
from kabalsolve.cli import cli
from kabalsolve.games.acesup import Rules

from conftest import REPO, browser, dump_dom


def board_in_dom(dom):
    """{pile: [(card, face, marked), ...]} in document order."""
    piles = {}
    current = None
    pattern = (r'data-pile="(stock|discarded|P[1-4])"'
               r'|<div class="card([^"]*)" data-card="([^"]+)" data-face="(up|down)"')
    for m in re.finditer(pattern, dom):
        if m.group(1):
            current = m.group(1)
            piles[current] = []
        else:
            assert current is not None
            piles[current].append((m.group(3), m.group(4), "marked" in m.group(2)))
    return piles


def reference_board(pos, marked):
    piles = {"stock": [(card_str(c), "down", False) for c in reversed(pos.stock)],
             "discarded": [(card_str(c), "up", c in marked) for c in pos.discarded[-1:]]}
    for i, p in enumerate(pos.piles):
        piles["P%d" % (i + 1)] = [(card_str(c), "up", c in marked) for c in p]
    return piles


def test_acesup_replay_page_shows_the_position_after_n_moves(tmp_path):
    exe = browser()
    deal_file = REPO / "examples" / "lost-acesup.txt"
    page = tmp_path / "replay.html"
    r = CliRunner().invoke(cli, ["show", str(deal_file), "--html", str(page)])
    assert r.exit_code == 1 and "best score 31" in r.output, r.output
    text = page.read_text(encoding="utf-8")
    assert not re.search(r'(src|href)="(?!#)', text)
    assert "http://" not in text and "https://" not in text
    sol = kabalsolve.solve(kabalsolve.read_deal(str(deal_file)))
    n = len(sol.moves)
    kinds = {m.kind: i + 1 for i, m in enumerate(sol.moves)}   # a step after each kind
    for step in sorted({0, kinds["deal"], kinds["discard"], kinds.get("move", 1), n}):
        pos = sol.start_position()
        for m in sol.moves[:step]:
            pos.push(m)
        last = sol.moves[step - 1] if step else None
        marked = set()
        if last is not None:
            marked = ({p[-1] for p in pos.piles if p} if last.kind == "deal"
                      else {last.card})
        dom = dump_dom(exe, page, step, tmp_path)
        assert "data-errors" not in dom.split("<head")[0], dom[:300]
        assert 'data-ready="1"' in dom and 'data-step="%d"' % step in dom
        assert board_in_dom(dom) == reference_board(pos, marked), step
    assert sol.rules == Rules()
