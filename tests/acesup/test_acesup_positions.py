"""Aces Up positions: the position file, solving a position, hints, and the board.

- position files round-trip through text, and every malformed one is refused with the
  line that is wrong;
- every position along the line the solver returns for a known deal is decided with the
  deal's verdict and best score;
- a move that forfeits the win (or lowers the best score) on a known deal is reported
  so, and a fresh solve of the position after it agrees;
- on small positions (two or three deals left) the hint's verdict and best score for
  every move equal plain exhaustive search (``best_score_brute_force``);
- the commands: ``solve``, ``hint`` (and ``--move``), ``show --all`` and ``--at``.
"""
import random

import pytest

import kabalsolve
from kabalsolve.games.acesup.board import render
from kabalsolve.cards import parse_card
from kabalsolve.dealfile import read_file
from kabalsolve.formats.text import read_text
from kabalsolve.errors import DealError, MoveError
from kabalsolve.games.acesup import Deal, Move, Position, Rules, best_score_brute_force
from kabalsolve.api import hint
from kabalsolve.games.acesup.bridge import solve_acesup, solve_acesup_position

from conftest import DATA
from test_acesup import RULES, random_position
from conftest import call, check_one_error_line

EXAMPLES = DATA.parent.parent / "examples"
BAD = DATA / "bad_acesup_positions"

# file -> (substring of the message, line it names or None)
BAD_ACESUP = {
    "acesup_stock_19.txt": ("stock: it must hold a multiple of 4 cards", 9),
    "acesup_ace_discarded.txt": ("discarded: AS is an Ace", 10),
    "acesup_pile_too_high.txt": ("P2: 10 cards, but with 16 cards still to deal, 9 deals",
                                 6),
    "acesup_duplicated.txt": ("duplicated card 4S (also on line 6)", 9),
    "acesup_missing_card.txt": ("missing card 2H", None),
    "acesup_bad_card.txt": ("'1X' is not a card", 7),
    "acesup_missing_pile.txt": ("pile P3 is missing", None),
    "acesup_bad_rule.txt": ("strict must be yes or no, not 'maybe'", 3),
    "acesup_deck_and_piles.txt": ("a 'deck:' line gives a deal", 5),
    "acesup_discard_without_higher.txt": ("discarded: KH can only have gone while a "
                                          "higher card of its suit", 10),
}


def deal_of(name):
    d = read_file(EXAMPLES / name)
    assert isinstance(d, Deal)
    return d


@pytest.fixture(scope="module")
def won_line():
    sol = solve_acesup(deal_of("won-acesup.txt"), Rules())
    assert sol.result == "won"
    return sol


@pytest.fixture(scope="module")
def lost_line():
    sol = solve_acesup(deal_of("lost-acesup.txt"), Rules())
    assert sol.result == "lost" and sol.score_proved
    return sol


def after(sol, n):
    pos = sol.start_position()
    for m in sol.moves[:n]:
        pos.push(m)
    return pos


# -- the position file -------------------------------------------------------------------
def test_random_positions_round_trip():
    rng = random.Random(61)
    for i in range(40):
        rules = RULES[i % 4]
        pos = random_position(rng, rules, rng.choice([0, 4, 16, 32, 44]))
        back = read_text(pos.to_text(comment="round trip %d" % i))
        assert isinstance(back, Position)
        assert back.same_as(pos) and back.discarded == pos.discarded
        assert back.given_rules == {"strict", "discard-first"}


def test_deal_with_rules_is_the_position_before_any_move():
    d = deal_of("won-acesup.txt")
    pos = read_text(d.to_text() + "strict: yes\n")
    assert isinstance(pos, Position)
    assert pos.same_as(Position(d, Rules(strict=True)))
    assert pos.given_rules == {"strict"}


def test_empty_piles_and_stock_are_written_as_dashes():
    piles = [[0], [], [13], [26, 39]]
    gone = [c for c in range(52) if c % 13 != 0]
    pos = Position.from_layout(piles, [], gone)
    text = pos.to_text()
    assert "P2: -\n" in text and "stock: -\n" in text
    back = read_text(text)
    assert back.same_as(pos) and back.is_won()


def test_every_bad_file_is_listed():
    assert sorted(p.name for p in BAD.glob("*.txt")) == sorted(BAD_ACESUP)


@pytest.mark.parametrize("name", sorted(BAD_ACESUP))
def test_bad_positions_name_the_line(name, capsys):
    substring, line = BAD_ACESUP[name]
    with pytest.raises(DealError) as e:
        read_file(BAD / name)
    assert substring in str(e.value)
    assert e.value.line == line
    code, out, err = call(["hint", str(BAD / name)], capsys)
    assert code == 2 and out == ""
    msg = check_one_error_line(err)
    assert substring in msg
    if line is not None:
        assert "line %d" % line in msg


def test_move_text_pairs():
    pos = read_file(DATA / "acesup" / "position_after_20.txt")
    for m in pos.legal_moves():
        assert pos.parse_move(pos.move_text(m)) == m
        assert pos.parse_move(str(m)) == m            # the card first: "4S P2 X"
    assert pos.parse_move("p2 x") == Move("discard", "P2", "", parse_card("4S"))
    with pytest.raises(MoveError, match="the top card of P2 is 4S"):
        pos.parse_move("5S P2 X")
    assert pos.parse_move("deal").kind == "deal"
    with pytest.raises(MoveError, match="not legal here"):
        pos.parse_move("P1 X")
    with pytest.raises(MoveError, match="not legal here: P2 is not empty"):
        pos.parse_move("P1 P2")
    with pytest.raises(MoveError, match="not an Aces Up move"):
        pos.parse_move("T1 F")


# -- solving positions -------------------------------------------------------------------
@pytest.mark.parametrize("which", ["won", "lost"])
def test_positions_along_the_line_keep_verdict_and_best(which, won_line, lost_line):
    sol = won_line if which == "won" else lost_line
    for n in range(0, len(sol.moves) + 1, max(1, len(sol.moves) // 12)):
        pos = read_text(after(sol, n).to_text())
        got = kabalsolve.solve(pos)
        assert (got.result, got.best, got.score_proved) == (sol.result, sol.best, True), n
        replay = got.start_position()
        replay.replay(got.moves)
        assert replay.score == sol.best


def test_a_forfeiting_move_is_reported_and_checked_afresh(won_line):
    # walk the winning line until some legal move forfeits the win
    for n in range(len(won_line.moves)):
        pos = after(won_line, n)
        h = hint(pos)
        lost = [v for v in h.moves if v.result == "lost"]
        if lost:
            break
    else:
        pytest.fail("no move along the line forfeits the win")
    assert h.result == "won" and h.moves[0].result == "won"
    child = pos.copy()
    child.push(lost[0].move)
    fresh = solve_acesup_position(child)
    assert fresh.result == "lost" and fresh.best == lost[0].best
    assert "forfeits the win" in str(h)
    assert lost[0].move not in [v.move for v in h.winning]
    assert won_line.moves[n] in [v.move for v in h.winning]


def test_a_move_that_lowers_the_best_score(lost_line, tmp_path, capsys):
    pos = after(lost_line, 20)
    h = hint(pos)
    assert h.result == "lost" and h.best == lost_line.best
    worse = [v for v in h.moves if v.best < h.best]
    assert worse, "expected a move after 20 that lowers the best score"
    for v in worse:
        child = pos.copy()
        child.push(v.move)
        assert solve_acesup_position(child).best == v.best
    p = tmp_path / "pos.txt"
    p.write_text(pos.to_text())
    code, out, _ = call(["hint", str(p), "--move", worse[0].text], capsys)
    assert code == 1
    assert "lowers the best score from %d to %d" % (h.best, worse[0].best) in out


def test_hint_agrees_with_exhaustive_search_on_small_positions():
    rng = random.Random(606)
    for i in range(24):
        rules = RULES[i % 4]
        pos = random_position(rng, rules, rng.choice([4, 8]))
        h = hint(pos)
        assert h.best == best_score_brute_force(pos.copy()) and h.best_proved
        assert h.result == ("won" if h.best == 48 else "lost")
        assert [v.move for v in h.moves] != [] or not pos.legal_moves()
        assert sorted(map(str, (v.move for v in h.moves))) == sorted(
            map(str, pos.legal_moves()))
        for v in h.moves:
            child = pos.copy()
            child.push(v.move)
            best = best_score_brute_force(child)
            assert (v.best, v.best_proved) == (best, True), (pos.to_text(), v)
            assert v.result == ("won" if best == 48 else "lost")


# -- the commands ------------------------------------------------------------------------
def test_cli_solve_and_hint_a_position(won_line, tmp_path, capsys):
    p = tmp_path / "pos.txt"
    p.write_text(after(won_line, 10).to_text())
    code, out, _ = call(["solve", str(p)], capsys)
    assert code == 0 and out.startswith("won: acesup")
    code, out, _ = call(["hint", str(p)], capsys)
    assert code == 0 and "move" in out and "keeps the win" in out
    text = after(won_line, 10).move_text(won_line.moves[10])
    code, out, _ = call(["hint", str(p), "--move", text], capsys)
    assert code == 0 and "keeps the win" in out


def test_cli_rules_from_the_file_and_the_command_line(tmp_path, capsys):
    p = tmp_path / "pos.txt"
    p.write_text(deal_of("won-acesup.txt").to_text() + "strict: no\n")
    code, _, err = call(["hint", str(p), "--strict"], capsys)
    assert code == 2 and "the position file says strict: no" in err
    code, _, err = call(["hint", str(p), "--draw", "1"], capsys)
    assert code == 2 and "--draw does not apply to Aces Up" in err
    code, out, _ = call(["solve", str(EXAMPLES / "won-acesup.txt"), "--strict", "-q"],
                        capsys)
    assert code == 1 and out.startswith("lost: acesup (strict)")


def test_show_at_writes_the_position_after_n_moves(lost_line, capsys):
    code, out, _ = call(["show", str(EXAMPLES / "lost-acesup.txt"), "--at", "20"], capsys)
    assert code == 1                    # the verdict's status, as show's always is
    assert read_text(out).same_as(after(lost_line, 20))
    code, _, err = call(["show", str(EXAMPLES / "lost-acesup.txt"), "--at", "999"], capsys)
    assert code == 2 and "the line has only %d moves" % len(lost_line.moves) in err


def test_show_all_draws_every_board(lost_line, capsys):
    code, out, _ = call(["show", str(EXAMPLES / "lost-acesup.txt"), "--all"], capsys)
    assert code == 1
    assert out.startswith("lost: acesup, best score %d" % lost_line.best)
    assert out.count("\nmove ") == len(lost_line.moves)
    assert "\x1b[" not in out                       # not a terminal: no colour
    last = out.rstrip("\n").split("\n\n")[-1]
    assert "score %d of 48" % lost_line.best in last


def test_render_marks_the_move_and_colours_red_suits():
    d = deal_of("lost-acesup.txt")
    pos = Position(d)
    deal = Move("deal")
    pos.push(deal)
    plain = render(pos, deal)
    assert plain.split("\n")[0] == "stock ## x44  score 0 of 48"
    assert plain.split("\n")[1] == "P1   P2   P3   P4"
    assert plain.split("\n")[3] == "3\u2660*  K\u2666*  7\u2665*  Q\u2660*"
    coloured = render(pos, deal, colour=True)
    assert "\x1b[31m\x1b[7mK\u2666*" in coloured      # red and marked
    assert "\x1b[7m3\u2660*" in coloured and "\x1b[31m\x1b[7m3" not in coloured
    m = pos.parse_move("P1 X")
    pos.push(m)
    assert "score 1 of 48  discarded 3\u2660*" in render(pos, m)


def test_hint_on_finished_games():
    won = Position.from_layout([[0], [13], [26], [39]], [],
                               [c for c in range(52) if c % 13])
    h = hint(won)
    assert h.result == "won" and h.moves == [] and h.best == 48
    assert str(h).startswith("won: only the Aces are left")
    sixes = (5, 18, 31, 44)
    stuck = Position.from_layout([[0, 5], [13, 18], [26, 31], [39, 44]], [],
                                 [c for c in range(52) if c % 13 and c not in sixes])
    h = hint(stuck)
    assert (h.result, h.best, h.moves) == ("lost", 44, [])
    assert "no legal move: the game is over" in str(h)
