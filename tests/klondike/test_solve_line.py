"""The line ``solve()`` gives for a classic Klondike win, made and checked in the core
(``_core.klondike_solve_line``, _line_klondike.pxi; ``bridge.solve_win``): it must be
exactly the line of the Python path it stands for (the core's codes tidied, decoded by
``decode_klondike_move`` and replayed on the reference rules: ``bridge.solve_position``),
its check must refuse what the reference rules refuse, and every line it gives must
still replay on the reference rules."""
import pickle
import random
from dataclasses import fields

import pytest

import kabalsolve
from kabalsolve import _core, api
from kabalsolve.errors import KabalError, SolverError
from kabalsolve.games.klondike import Move, Position, Rules, bridge, replay

from conftest import call, check_one_error_line

A = _core.KLONDIKE_ATOMIC
PLACES = ("T1", "T2", "T3", "T4", "T5", "T6", "T7", "F", "W")
#: states per search: enough to win most deals, few enough that the hard ones stop
#: early (both paths run the same search, so they stop at the same place)
BUDGET = 5_000
RULES = [Rules(draw=1), Rules(draw=3), Rules(draw=3, passes=3), Rules(draw=1, passes=1),
         Rules(draw=3, foundation_moves=False), Rules(draw=1, foundation_moves=False),
         Rules(draw=2, passes=2)]


def reference_move(number):
    """The Move of an atomic move's number, decoded here from the layout that
    _line_klondike.pxi states, and made by the dataclass itself."""
    if number == A["draw"]:
        return Move("draw")
    if number == A["recycle"]:
        return Move("recycle")
    assert A["first_move"] <= number < A["count"]
    where, rest = divmod(number - A["first_move"], 52 * 13)
    return Move("move", PLACES[where // 8], PLACES[where % 8], rest // 13, rest % 13 + 1)


def numbers(line):
    return [int.from_bytes(line[i:i + 2], "little") for i in range(0, len(line), 2)]


def same_answer(fast, slow):
    assert fast.result == slow.result
    assert fast.moves == slow.moves
    assert fast.stopped_by == slow.stopped_by
    assert fast.stats.states == slow.stats.states
    assert fast.rules == slow.rules


def core_args(pos):
    args = bridge.klondike_core_args(pos)
    rk = bridge.klondike_rule_args(pos.rules)
    rk.pop("danish")
    return args, rk


def core_wins(rules, seeds):
    """(position, core arguments, rule keywords, the core's codes) of each seeded deal
    the core wins at rules within BUDGET."""
    for seed in seeds:
        pos = Position(kabalsolve.deal_from_seed(seed), rules)
        args, rk = core_args(pos)
        status, _stop, codes, *_ = _core.klondike_solve(*args, **rk, max_states=BUDGET)
        if status == "won":
            yield pos, args, rk, codes


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_line_is_the_python_paths_line(rules):
    """Deal by deal, the line made in the core is the line the Python decoding and
    replay make of the same search, and it replays on the reference rules."""
    seeds = range(1, 201) if rules in (Rules(draw=1), Rules(draw=3)) else range(1, 61)
    won = 0
    for seed in seeds:
        deal = kabalsolve.deal_from_seed(seed)
        fast = bridge.solve_win(deal, rules, max_states=BUDGET)
        slow = bridge.solve_position(Position(deal, rules), max_states=BUDGET, deal=deal)
        same_answer(fast, slow)
        assert fast.deal is deal
        if fast.won:
            won += 1
            assert replay(deal, rules, fast.moves).is_won()
    assert won >= 8


def test_positions_part_way_are_solved_the_same():
    """From positions along won lines (some passes used, cards up, the waste part-way):
    the same line as the Python path, from the position."""
    checked = 0
    for rules in (Rules(draw=3), Rules(draw=1, passes=2), Rules(draw=3, passes=3)):
        for seed in range(1, 30):
            deal = kabalsolve.deal_from_seed(seed)
            whole = bridge.solve_win(deal, rules, max_states=BUDGET)
            if not whole.won:
                continue
            for k in (len(whole.moves) // 3, len(whole.moves) // 2):
                pos = replay(deal, rules, whole.moves[:k])
                pos._history = []
                fast = bridge.solve_win(pos, rules, max_states=BUDGET)
                slow = bridge.solve_position(pos, max_states=BUDGET)
                same_answer(fast, slow)
                assert fast.deal is not pos and fast.deal.same_as(pos)
                fast.verify()
                checked += 1
    assert checked >= 20


def test_solve_takes_this_path_for_a_classic_win_only(monkeypatch):
    calls = []
    real = _core.klondike_solve_line

    def spy(*args, **kw):
        calls.append(kw["draw"])
        return real(*args, **kw)

    monkeypatch.setattr(_core, "klondike_solve_line", spy)
    deal = kabalsolve.deal_from_seed(1)
    sol = kabalsolve.solve(deal, draw=1)
    assert calls == [1] and sol.won
    sol.verify()
    assert kabalsolve.solve(Position(deal, Rules(draw=3))).won and calls == [1, 3]
    calls.clear()
    kabalsolve.solve(deal, variant="danish")
    kabalsolve.solve(deal, draw=3, objective="max-foundation")
    kabalsolve.solve(deal, draw=3, objective="min-moves", max_states=20_000)
    assert calls == []


def test_every_atomic_move_value_is_the_dataclasss_own():
    """The values the core makes for the table (every number) are the Moves the
    dataclass makes: equal, of the same hash, text, JSON and pickle."""
    assert [f.name for f in fields(Move)] == ["kind", "src", "dst", "card", "count"]
    table = [None] * A["count"]
    line = b"".join(n.to_bytes(2, "little") for n in range(A["count"]))
    values = _core.klondike_moves(line, table, Move, PLACES)
    assert len(values) == A["count"] and all(v is t for v, t in zip(values, table))
    for n, got in enumerate(values):
        want = reference_move(n)
        assert type(got) is Move and got == want and hash(got) == hash(want)
        assert vars(got) == vars(want) and repr(got) == repr(want)
        assert got.to_json() == want.to_json()
    assert pickle.loads(pickle.dumps(values[12345])) == reference_move(12345)
    again = _core.klondike_moves(line[:20], table, Move, PLACES)
    assert all(a is b for a, b in zip(again, values))
    with pytest.raises(ValueError):
        _core.klondike_moves(A["count"].to_bytes(2, "little"), table, Move, PLACES)


def python_line(pos, codes):
    """(refused, moves) by the Python decoding and replay of a line of codes: refused
    -1 if it plays and wins, else the index of the first code the decoding or the
    rules refuse (the length of the line if it ends short); moves, the atomic moves
    of the codes before that one."""
    p = pos.copy()
    moves = []
    for i, code in enumerate(codes):
        try:
            moves += bridge.replay_klondike_codes(p, [code], "a line")
        except (KabalError, IndexError):
            return i, moves
    return (-1 if p.is_won() else len(codes)), moves


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_the_core_writes_out_and_refuses_lines_as_python_does(rules):
    """A won line as found, then spoiled (a move dropped, two swapped, one changed, the
    end cut off): the core's writing out and check give the atomic moves of the
    Python decoding, and refuse the line at the code where it does."""
    rng = random.Random(str(rules))
    refused = 0
    for pos, args, rk, codes in core_wins(rules, range(1, 41)):
        for spoil in range(4):
            line = list(codes)
            i = rng.randrange(len(line))
            if spoil == 1:
                del line[i]
            elif spoil == 2:
                j = rng.randrange(len(line))
                line[i], line[j] = line[j], line[i]
            elif spoil == 3:
                line[i] ^= 1 << rng.randrange(19)
                if (line[i] & 15) > 5:
                    continue        # not a code of the win search (6: max-score's recycle)
            cols, found, talon, wp, rec = args
            got, out = _core.klondike_line(cols, found, talon, line, wp, rec, **rk)
            want, moves = python_line(pos, line)
            assert got == want
            assert bridge.atomic_moves(out) == moves
            refused += got >= 0
    assert refused >= 8


@pytest.mark.parametrize("rules", [Rules(draw=3), Rules(draw=1, passes=2)], ids=str)
def test_a_spoiled_win_is_refused_where_python_refuses_it(rules):
    """A move of the search's win changed before the tidying and the check: the core
    refuses it at the move the Python replay refuses (or keeps it where that still
    wins)."""
    rng = random.Random(7)
    refused = 0
    for pos, args, rk, codes in core_wins(rules, range(1, 31)):
        for _ in range(3):
            at = rng.randrange(len(codes))
            xor = 1 << rng.randrange(4, 19)         # a different card, place or count
            spoiled = list(codes)
            spoiled[at] ^= xor
            got = _core.klondike_solve_line(*args, **rk, max_states=BUDGET, spoil_at=at,
                                            spoil_xor=xor)
            assert got[0] == "won"
            want, _moves = python_line(pos, spoiled)
            assert got[7] == want
            assert (got[2] is None) == (want >= 0)
            refused += want >= 0
    assert refused >= 10


@pytest.mark.parametrize("rules", [Rules(draw=3), Rules(draw=1, passes=2)], ids=str)
def test_a_win_given_as_codes_is_made_as_solve_makes_it(rules):
    """klondike_won_line (the hints' line after each move): the line of a win given as
    move codes is solve_line's line, and a spoiled one is refused where solve_line
    refuses it."""
    rng = random.Random(11)
    refused = 0
    for pos, args, rk, codes in core_wins(rules, range(1, 31)):
        cols, found, talon, wp, rec = args
        line = _core.klondike_solve_line(*args, **rk, max_states=BUDGET)[2]
        assert _core.klondike_won_line(cols, found, talon, codes, wp, rec, **rk) == (-1, line)
        for _ in range(3):
            at = rng.randrange(len(codes))
            xor = 1 << rng.randrange(4, 19)
            spoiled = list(codes)
            spoiled[at] ^= xor
            want = _core.klondike_solve_line(*args, **rk, max_states=BUDGET, spoil_at=at,
                                             spoil_xor=xor)
            got = _core.klondike_won_line(cols, found, talon, spoiled, wp, rec, **rk)
            assert got == (want[7], want[2])
            refused += got[0] >= 0
    assert refused >= 10


def test_a_hint_says_so_in_one_line_when_the_check_refuses(monkeypatch):
    real = _core.klondike_won_line
    monkeypatch.setattr(_core, "klondike_won_line",
                        lambda cols, found, talon, codes, *a, **kw: real(
                            cols, found, talon, [c ^ (1 << 9) for c in codes], *a, **kw))
    pos = Position(kabalsolve.deal_from_seed(1), Rules(draw=3))
    with pytest.raises(SolverError) as e:
        kabalsolve.hint(pos)
    assert "fails the independent check at move" in str(e.value)


def test_solve_says_so_in_one_line_when_the_check_refuses(monkeypatch):
    real = _core.klondike_solve_line
    monkeypatch.setattr(_core, "klondike_solve_line",
                        lambda *a, **kw: real(*a, **kw, spoil_at=5, spoil_xor=1 << 9))
    with pytest.raises(SolverError) as e:
        kabalsolve.solve(kabalsolve.deal_from_seed(1), draw=3)
    assert str(e.value) == "the core's win fails the independent check at move 6"


def test_verify_replays_on_the_reference_rules():
    sol = kabalsolve.solve(kabalsolve.deal_from_seed(1), draw=3)
    assert sol.verify().is_won()
    moves = sol.moves
    sol.moves = moves[:-1]
    with pytest.raises(SolverError, match="ends with 51 cards up"):
        sol.verify()
    sol.moves = moves[1:]
    with pytest.raises(SolverError, match=r"^the line fails the reference rules at move 1 "):
        sol.verify()
    lost = kabalsolve.solve(kabalsolve.deal_from_seed(62), draw=1)
    assert lost.result == "lost" and lost.verify().foundation_cards() == 0


def test_the_command_line_replays_the_line(monkeypatch, capsys, tmp_path):
    """``kabalsolve solve`` replays each Klondike line on the reference rules: a line
    that the core let through but the rules refuse is one error line."""
    path = tmp_path / "deal.txt"
    path.write_text(kabalsolve.deal_from_seed(1).to_text(), encoding="utf-8")
    real = bridge.atomic_moves
    monkeypatch.setattr(bridge, "atomic_moves", lambda line: real(line)[1:])
    monkeypatch.setitem(api.SOLVERS, "klondike", api._solve_klondike)  # no line checks
    code, _out, err = call([str(path)], capsys)
    assert code == 2
    assert "fails the reference rules at move 1" in check_one_error_line(err)
