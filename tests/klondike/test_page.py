"""The replay page in a real browser: Debian's chromium, headless, loads the
page written by ``kabalsolve show --html`` at ``#step=N`` and dumps the DOM; the cards
it shows must be the reference position after N moves, and the page must have run
without a script error.

Without chromium the test is skipped, saying so; with KABALSOLVE_REQUIRE_BROWSER set
(as .ci/run does, after installing chromium) a missing browser fails instead."""
import re

from click.testing import CliRunner

import kabalsolve
from kabalsolve.cards import card_str
from kabalsolve.cli import cli
from kabalsolve.games.klondike import Position
from kabalsolve.games.klondike.page import replay_page

from conftest import REPO, browser, dump_dom

def board_in_dom(dom):
    """{pile: [(card, face), ...]} in document order, from the data attributes."""
    piles = {}
    current = None
    pattern = (r'data-pile="(stock|waste|F[1-4]|T[1-7])"'
               r'|data-card="([^"]+)" data-face="(up|down)"')
    for m in re.finditer(pattern, dom):
        if m.group(1):
            current = m.group(1)
            piles[current] = []
        else:
            assert current is not None
            piles[current].append((m.group(2), m.group(3)))
    return piles


def reference_board(pos):
    piles = {"stock": [(card_str(c), "down") for c in reversed(pos.stock)],
             "waste": [(card_str(c), "up") for c in pos.waste]}
    for s, n in enumerate(pos.foundations):
        piles["F%d" % (s + 1)] = [(card_str(s * 13 + n - 1), "up")] if n else []
    for i, (p, d) in enumerate(zip(pos.piles, pos.down)):
        piles["T%d" % (i + 1)] = [(card_str(c), "down" if k < d else "up")
                                  for k, c in enumerate(p)]
    return piles


def test_replay_page_shows_the_position_after_n_moves(tmp_path):
    exe = browser()
    deal_file = REPO / "examples" / "won-klondike-draw3.txt"
    page = tmp_path / "replay.html"
    r = CliRunner().invoke(cli, ["show", str(deal_file), "--html", str(page)])
    assert r.exit_code == 0, r.output
    text = page.read_text(encoding="utf-8")
    # self-contained: nothing is fetched from anywhere
    assert not re.search(r'(src|href)="(?!#)', text)
    assert "http://" not in text and "https://" not in text and "@import" not in text
    deal = kabalsolve.read_deal(str(deal_file))
    sol = kabalsolve.solve(deal, draw=3)
    n_moves = len(sol.moves)
    for step in (0, 1, 40, n_moves // 2 + 1, n_moves, n_moves + 50):
        want = min(step, n_moves)
        pos = Position(deal, sol.rules)
        for m in sol.moves[:want]:
            pos.push(m)
        dom = dump_dom(exe, page, step, tmp_path)
        assert "data-errors" not in dom.split("<head")[0], dom[:300]
        assert 'data-ready="1"' in dom, "the script did not run to its end"
        assert 'data-step="%d"' % want in dom
        assert board_in_dom(dom) == reference_board(pos), step


def test_replay_page_of_a_position_file(tmp_path):
    """A page starts from any position; a browser error (here: a thrown exception)
    would show as data-errors on the root element."""
    exe = browser()
    pos = kabalsolve.dealfile.read_position(REPO / "tests" / "data" / "position_draw1.txt")
    sol = kabalsolve.solve(pos)
    page = tmp_path / "p.html"
    page.write_text(replay_page(pos, sol.moves, title="position"), encoding="utf-8")
    end = pos.copy()
    for m in sol.moves:
        end.push(m)
    dom = dump_dom(exe, page, len(sol.moves), tmp_path)
    assert "data-errors" not in dom.split("<head")[0]
    assert board_in_dom(dom) == reference_board(end)
    broken = tmp_path / "broken.html"
    broken.write_text(page.read_text().replace("draw();\n  document.body",
                                               "draw(); null.x;\n  document.body"))
    assert "data-errors=" in dump_dom(exe, broken, 0, tmp_path).split("<head")[0]
