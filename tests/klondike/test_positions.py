"""Position files: the text form round-trips, deals are positions, every
inconsistent position is refused naming its line, positions along a known solution are
won, and the short move text names exactly one legal move."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kabalsolve
from kabalsolve import DealError, MoveError
from kabalsolve.dealfile import read_file, read_position
from kabalsolve.formats.text import read_text
from kabalsolve.games.klondike import Position, Rules
from kabalsolve.games.klondike.bridge import solve_position

from conftest import DATA, random_endgame

BAD = DATA / "bad_positions"

# file -> (substring of the message, line it names or None)
BAD_POSITIONS = {
    "bad_run.txt": ("T4: 6H cannot lie on 8H", 8),
    "too_many_down.txt": ("T2 holds 2 face-down cards; it was dealt 1", 6),
    "down_without_up.txt": ("T3 has face-down cards but no face-up card", 7),
    "foundation_duplicate.txt": ("duplicated card 4S (also on line 10)", 4),
    "two_spades.txt": ("two foundation cards of one suit (3S and 2S)", 4),
    "missing_card.txt": ("missing card 5H", None),
    "passes_used.txt": ("3 passes used, but the rules allow 2", 5),
    "bad_draw.txt": ("draw must be a whole number from 1 to 24, not '0'", 3),
    "bad_waste_card.txt": ("'3X' is not a card", 12),
    "missing_column.txt": ("column T5 is missing", None),
    "two_bars.txt": ("a column has one '|' at most", 7),
    "bad_foundation_moves.txt": ("foundation-moves must be yes or no", 4),
}


def test_every_bad_position_file_is_listed():
    assert sorted(p.name for p in BAD.glob("*.txt")) == sorted(BAD_POSITIONS)


@pytest.mark.parametrize("name", sorted(BAD_POSITIONS))
def test_bad_position_names_the_line(name):
    text, line = BAD_POSITIONS[name]
    with pytest.raises(DealError) as e:
        read_file(BAD / name)
    assert text in str(e.value)
    assert e.value.line == line
    assert e.value.source.endswith(name)


def test_position_file_reads_and_states_its_rules():
    pos = read_file(DATA / "position_draw1.txt")
    assert isinstance(pos, Position)
    assert pos.rules == Rules(draw=1)
    assert pos.given_rules == {"draw", "variant"}   # stated rules without a variant: classic
    assert pos.foundations == [3, 1, 0, 0]
    assert pos.down == [0, 0, 1, 2, 3, 5, 6]
    assert pos.piles[0] == [] and len(pos.waste) == 4 and len(pos.stock) == 15


def reachable_endgame(rng, in_play, rules, max_talon=16):
    """conftest.random_endgame with its columns put in an order a game can reach
    (column Tn keeps at most n - 1 face-down cards): fewest face-down cards first."""
    while True:
        pos = random_endgame(rng, in_play, rules, max_talon=max_talon)
        order = sorted(range(7), key=lambda i: (pos.down[i], bool(pos.piles[i])))
        if all(pos.down[j] <= k for k, j in enumerate(order)):
            cols = [(pos.piles[j][:pos.down[j]], pos.piles[j][pos.down[j]:]) for j in order]
            return Position.from_parts(cols, pos.foundations, pos.waste, pos.stock,
                                       rules, 0)


def random_positions(seed, n):
    """Random consistent endgames at assorted rules (some with a pass used)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rules = rng.choice([Rules(), Rules(draw=1), Rules(draw=3, passes=3),
                            Rules(draw=2, foundation_moves=False)])
        pos = reachable_endgame(rng, rng.randint(5, 40), rules)
        if rng.random() < 0.3:
            pos.recycles = 1
        out.append(pos)
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_round_trip_of_random_positions(seed):
    for pos in random_positions(seed, 4):
        text = pos.to_text(comment="seed %d" % seed)
        back = read_text(text)
        assert isinstance(back, Position)
        assert back.same_as(pos), text
        assert back.to_text(comment="seed %d" % seed) == text


def test_round_trip_along_a_solution_with_limited_passes():
    deal = kabalsolve.deal_from_seed(3)
    sol = kabalsolve.solve(deal, draw=3, passes=3)
    assert sol.result == "won"
    pos = Position(deal, sol.rules)
    for m in sol.moves:
        pos.push(m)
        back = read_position(pos.to_text())
        assert back.same_as(pos)
    assert "passes-used: " in pos.to_text()


def test_a_deal_file_is_the_position_before_any_move():
    deal = kabalsolve.deal_from_seed(9)
    from_deal = read_position(deal.to_text())
    assert from_deal.same_as(Position(deal))
    written = Position(deal).to_text()
    assert read_position(written).same_as(Position(deal))
    # a bar-less column in a position file is a dealt column: only its top card up
    assert "T7: " + " ".join(kabalsolve.card_str(c) for c in deal.tableau[6][:6]) + " | " \
        in written


def test_from_parts_refuses_what_no_game_reaches():
    pos = Position(kabalsolve.deal_from_seed(2))
    cols = [(p[:d], p[d:]) for p, d in zip(pos.piles, pos.down)]
    Position.from_parts(cols, [0] * 4, [], pos.stock)
    with pytest.raises(DealError, match="missing card"):
        Position.from_parts(cols, [0] * 4, [], pos.stock[1:])
    with pytest.raises(DealError, match="passes used"):
        Position.from_parts(cols, [0] * 4, [], pos.stock, Rules(passes=1), recycles=1)


def test_positions_along_a_known_solution_are_won():
    """Every position reached by replaying a win is decided won (each one solved
    afresh from its file text, so the parser, the packer and the core all take part)."""
    deal = kabalsolve.read_deal(str(kabalsolve_examples() / "won-klondike-draw3.txt"))
    sol = kabalsolve.solve(deal, draw=3)
    assert sol.result == "won"
    pos = Position(deal, sol.rules)
    for n, m in enumerate(sol.moves):
        pos.push(m)
        if n % 4 == 0 or n == len(sol.moves) - 1:
            got = solve_position(read_position(pos.to_text()))
            assert got.result == "won", n
            end = got.deal.copy() if isinstance(got.deal, Position) else None
            assert end is not None
            for mm in got.moves:
                end.push(mm)
            assert end.is_won()


def kabalsolve_examples():
    from conftest import REPO
    return REPO / "examples"


# -- short move text -----------------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_move_text_names_exactly_its_move(seed):
    for pos in random_positions(seed, 3):
        for m in pos.legal_moves():
            text = pos.move_text(m)
            assert pos.parse_move(text) == m
            assert pos.parse_move(text.lower()) == m


def test_move_text_forms_and_errors():
    pos = read_position(DATA / "position_draw1.txt")
    m = pos.parse_move("t2>t1")
    assert (m.src, m.dst, m.count) == ("T2", "T1", 3)
    assert m.card == kabalsolve.parse_card("KD")
    assert pos.parse_move("T7 F").card == kabalsolve.parse_card("AC")
    assert pos.parse_move("draw").kind == "draw"
    assert [pos.move_text(m) for m in pos.legal_moves()] == [
        "D", "T2 T1", "T5 T2", "T7 F", "F T4"]
    assert pos.move_text(pos.parse_move("D")) == "D"
    with pytest.raises(MoveError, match="not legal"):
        pos.parse_move("R")
    with pytest.raises(MoveError, match="not a legal move"):
        pos.parse_move("T1 F")
    with pytest.raises(MoveError, match="not a move"):
        pos.parse_move("T1 T2 T3 T4")


def test_ambiguous_foundation_move_needs_its_card():
    # 9S and 9C both on top of their foundations, a red ten on T1: "F T1" is ambiguous
    from conftest import parse_position
    pos = parse_position("""
        F: 9 9 13 9
        T1: TH
        T2: KS QH JC
        T3: KH QS JH TS
        T4: KC
        S: TC JS QC
    """)
    with pytest.raises(MoveError, match="ambiguous"):
        pos.parse_move("F T1")
    m = pos.parse_move("9C F T1")
    assert m.card == kabalsolve.parse_card("9C")
    assert pos.move_text(m) == "9C F T1"


# -- the command line ------------------------------------------------------------------------
def test_solve_command_takes_positions_and_their_rules(tmp_path):
    from click.testing import CliRunner
    from kabalsolve.cli import cli
    text = (DATA / "position_draw1.txt").read_text()
    f = tmp_path / "p.txt"
    f.write_text(text)
    run = CliRunner().invoke
    r = run(cli, [str(f), "-q"])
    assert r.exit_code == 0 and r.output.startswith("won: klondike draw 1, ")
    assert run(cli, [str(f), "-q", "--draw", "1"]).exit_code == 0
    r = run(cli, [str(f), "-q", "--draw", "3"])
    assert r.exit_code == 2
    assert r.output.strip() == ("kabalsolve: error: the position file says draw: 1, and "
                                "--draw says otherwise")
    # rules the file does not state come from the options
    g = tmp_path / "q.txt"
    g.write_text(text.replace("draw: 1\n", ""))
    r = run(cli, [str(g), "-q", "--draw", "1", "--passes", "2"])
    assert r.output.startswith("won: klondike draw 1, 2 passes, "), r.output
    r = run(cli, [str(g), "-q", "--vegas"])
    assert r.output.startswith("won: klondike draw 3, 3 passes") or \
        r.output.startswith("lost: klondike draw 3, 3 passes"), r.output
    r = run(cli, ["-", "-q"], input=text)
    assert r.exit_code == 0 and r.output.startswith("won: klondike draw 1, ")
    r = run(cli, [str(BAD / "bad_run.txt")])
    assert r.exit_code == 2
    assert r.output.startswith("kabalsolve: error: %s, line 8: T4: 6H cannot lie on 8H"
                               % (BAD / "bad_run.txt"))
