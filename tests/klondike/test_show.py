"""kabalsolve show: the board in a terminal after each move, and --at N."""
import io

from click.testing import CliRunner

import kabalsolve
from kabalsolve.games.klondike.board import play_in_terminal, render
from kabalsolve.cli import cli
from kabalsolve.dealfile import read_position
from kabalsolve.games.klondike import Position

from conftest import REPO

DEAL = REPO / "examples" / "won-klondike-draw3.txt"


def solution():
    deal = kabalsolve.read_deal(str(DEAL))
    return deal, kabalsolve.solve(deal, draw=3)


def test_show_all_draws_every_board():
    deal, sol = solution()
    r = CliRunner().invoke(cli, ["show", str(DEAL), "--all"])
    assert r.exit_code == 0, r.output
    n = len(sol.moves)
    verdict, rest = r.output.split("\n", 1)
    # the verdict line first, as Aces Up's show prints it
    head = sol.verdict_line().split(" states searched in ")[0]
    assert verdict.startswith("won: klondike draw 3, %d moves, " % n)
    assert verdict.startswith(head + " states searched in "), (verdict, head)
    assert rest.startswith("start (%d moves to go)\n" % n)
    assert r.output.count("\nmove ") == n
    pos = Position(deal, sol.rules)
    assert "move 1 of %d: %s\n" % (n, pos.describe(sol.moves[0])) in r.output
    # the last board: every foundation up to its King, nothing else
    last = r.output.rsplit("\nmove ", 1)[1]
    found = last.split("foundations ")[1].split("\n")[0].replace("*", "").split()
    assert found == ["K\u2660", "K\u2665", "K\u2666", "K\u2663"]
    assert "##" not in last


def test_board_marks_the_move_and_colours_red_suits():
    deal, sol = solution()
    pos = Position(deal, sol.rules)
    first = render(pos)
    assert first.count("##") == 21 + 1      # 21 face-down cards and the stock
    m = next(m for m in sol.moves if m.kind == "move")
    for mm in sol.moves[:sol.moves.index(m) + 1]:
        pos.push(mm)
    plain = render(pos, m)
    assert kabalsolve.cards.card_symbol(m.card) + "*" in plain
    coloured = render(pos, m, colour=True)
    assert "\x1b[7m" in coloured                      # the marked card
    assert "\x1b[31m" in coloured                     # some red card on the board
    assert "\x1b" not in plain


def test_stepping_stops_at_q():
    deal, sol = solution()
    out = io.StringIO()
    play_in_terminal(Position(deal, sol.rules), sol.moves, step=True, out=out,
                     inp=io.StringIO("\n\nq\n"))
    text = out.getvalue()
    assert text.count("-- Enter: next move, q: quit --") == 3
    assert "move 2 of" in text and "move 3 of" not in text


def test_at_prints_the_position_after_n_moves(tmp_path):
    deal, sol = solution()
    for n in (0, 40, len(sol.moves)):
        r = CliRunner().invoke(cli, ["show", str(DEAL), "--at", str(n)])
        assert r.exit_code == 0, r.output
        want = Position(deal, sol.rules)
        for m in sol.moves[:n]:
            want.push(m)
        assert read_position(r.output).same_as(want)
    f = tmp_path / "p40.txt"
    f.write_text(CliRunner().invoke(cli, ["show", str(DEAL), "--at", "40"]).output)
    r = CliRunner().invoke(cli, [str(f), "-q"])            # resume: solve it
    assert r.exit_code == 0 and r.output.startswith("won: klondike draw 3")
    r = CliRunner().invoke(cli, ["show", str(DEAL), "--at", "9999"])
    assert r.exit_code == 2 and "only %d moves" % len(sol.moves) in r.output


def test_show_of_a_lost_deal():
    r = CliRunner().invoke(cli, ["show", str(REPO / "examples" / "lost-klondike.txt")])
    assert r.exit_code == 1
    assert r.output.startswith("lost: klondike draw 3") and "no solution to show" in r.output
