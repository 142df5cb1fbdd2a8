"""Verdicts: regression deals with known answers, every win replayed by the reference
rules, and the invariants that tie rule variants and budgets together.

tests/data/regression.tsv: seeds of kabalsolve.deal_from_seed.  The ``checked_by``
column says where the expected result was confirmed independently (see the file's
header): ``pyksolve`` (the ShootMe Klondike-Solver agreed), ``replay`` (a win replayed
by the reference rules), ``implied`` (follows from a pyksolve result), ``none``.
tests/data/lonelybot/: deals of the interchange deal generator (Python's
random.Random(seed).shuffle of a new deck) with lonelybot's verdicts.
"""
import csv
import json

import pytest

import kabalsolve
from kabalsolve import OptionError, Solution, is_winnable, read_deal, solve
from kabalsolve.games.klondike import Move, Rules, replay

from conftest import DATA, REPO, deal_needing_states

BUDGET = dict(timeout=60.0)


def read_tsv(path):
    with open(path, encoding="utf-8") as fh:
        lines = [line for line in fh if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


REGRESSION = [(int(r["seed"]), int(r["draw"]), r["foundation_moves"] == "yes", r["result"],
               r["checked_by"]) for r in read_tsv(DATA / "regression.tsv")]
LONELYBOT = [(int(r["seed"]), int(r["draw"]), r["result"])
             for r in read_tsv(DATA / "lonelybot" / "verdicts.tsv")]


def check_solution(sol, deal, rules):
    assert sol.rules == rules and sol.deal == deal and sol.game == "klondike"
    if sol.result == "won":
        assert sol.won and sol.stopped_by is None
        pos = replay(deal, rules, sol.moves)
        assert pos.is_won()
        assert all(m.kind != "recycle" for m in sol.moves) or rules.passes is None \
            or sum(m.kind == "recycle" for m in sol.moves) <= rules.passes - 1
    elif sol.result == "lost":
        assert sol.moves == [] and sol.stopped_by is None and not sol.won
    else:
        assert sol.result == "unknown" and sol.stopped_by in ("max_states", "timeout", "memory")
        assert sol.moves == []


# -- regression verdicts ----------------------------------------------------------------
def test_regression_table_shape():
    assert len(REGRESSION) >= 60
    for draw in (1, 3):
        won = [r for r in REGRESSION if r[1] == draw and r[2] and r[3] == "won"]
        lost = [r for r in REGRESSION if r[1] == draw and r[2] and r[3] == "lost"]
        assert len(won) >= 15 and len(lost) >= 8
    assert {r[4] for r in REGRESSION} <= {"pyksolve", "replay", "implied", "none"}
    keys = {(r[0], r[1], r[2]): r for r in REGRESSION}
    for seed, draw, f2t, result, checked_by in REGRESSION:
        if checked_by == "replay":
            assert result == "won"
        if checked_by == "implied":
            # lost without foundation moves because an independent solver proved the
            # deal lost with them
            assert not f2t and result == "lost"
            assert keys[(seed, draw, True)][3:] == ("lost", "pyksolve")


@pytest.mark.parametrize("seed,draw,f2t,result,checked_by", REGRESSION,
                         ids=["%d-d%d-%s" % (r[0], r[1], "f" if r[2] else "nof")
                              for r in REGRESSION])
def test_regression(seed, draw, f2t, result, checked_by):
    deal = kabalsolve.deal_from_seed(seed)
    rules = Rules(draw=draw, foundation_moves=f2t)
    sol = solve(deal, draw=draw, foundation_moves=f2t, **BUDGET)
    assert sol.result == result
    check_solution(sol, deal, rules)


@pytest.mark.parametrize("seed,draw,result", LONELYBOT,
                         ids=["%d-d%d" % (r[0], r[1]) for r in LONELYBOT])
def test_lonelybot_verdicts(seed, draw, result):
    deal = read_deal(DATA / "lonelybot" / ("seed_%03d.txt" % seed))
    sol = solve(deal, draw=draw, **BUDGET)
    assert sol.result == result
    check_solution(sol, deal, Rules(draw=draw))


def test_lonelybot_deals_match_their_seed_comment():
    files = sorted((DATA / "lonelybot").glob("seed_*.txt"))
    assert {int(f.stem[5:]) for f in files} == {s for s, _, _ in LONELYBOT}
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert text.startswith("# seed %d\n" % int(f.stem[5:]))


# -- invariants between rule variants ----------------------------------------------------
def _by_key():
    return {(s, d, f): res for s, d, f, res, _ in REGRESSION}


def test_won_at_draw_3_is_won_at_draw_1():
    """A proof of loss at draw 1 is a proof at draw 3; so a deal won at
    draw 3 must be won at draw 1, with the same foundation rule."""
    table = _by_key()
    checked = 0
    for (seed, draw, f2t), res in sorted(table.items()):
        if draw != 3 or res != "won":
            continue
        one = table.get((seed, 1, f2t))
        if one is None:
            one = solve(kabalsolve.deal_from_seed(seed), draw=1, foundation_moves=f2t,
                        **BUDGET).result
        assert one == "won", (seed, f2t)
        checked += 1
    assert checked >= 15


def test_lost_at_draw_1_is_lost_at_draw_3():
    table = _by_key()
    checked = 0
    for (seed, draw, f2t), res in sorted(table.items()):
        if draw == 1 and res == "lost":
            three = table.get((seed, 3, f2t))
            if three is None:
                three = solve(kabalsolve.deal_from_seed(seed), draw=3, foundation_moves=f2t,
                              **BUDGET).result
            assert three == "lost", (seed, f2t)
            checked += 1
    assert checked >= 8


def test_foundation_moves_only_help():
    """Won without foundation-to-tableau moves implies won with them; lost with them
    implies lost without."""
    table = _by_key()
    checked = 0
    for (seed, draw, f2t), res in sorted(table.items()):
        other = None
        if not f2t and res == "won":
            other, want = (seed, draw, True), "won"
        elif f2t and res == "lost":
            other, want = (seed, draw, False), "lost"
        if other is None:
            continue
        got = table.get(other)
        if got is None:
            got = solve(kabalsolve.deal_from_seed(seed), draw=draw,
                        foundation_moves=other[2], **BUDGET).result
        assert got == want, (seed, draw, f2t)
        checked += 1
    assert checked >= 20


def test_wins_that_need_no_rule_are_wins_without_it():
    """A win with foundation moves allowed that never uses one is a win without them,
    and a win that never recycles is a win with one pass: the core must not call those
    variants lost."""
    checked = 0
    for seed, draw, f2t, res, _ in REGRESSION:
        if res != "won":
            continue
        deal = kabalsolve.deal_from_seed(seed)
        sol = solve(deal, draw=draw, foundation_moves=f2t, **BUDGET)
        assert sol.result == "won"
        if f2t and not any(m.src == "F" for m in sol.moves):
            assert solve(deal, draw=draw, foundation_moves=False, **BUDGET).result != "lost"
            checked += 1
        if not any(m.kind == "recycle" for m in sol.moves):
            one = solve(deal, draw=draw, foundation_moves=f2t, passes=1, **BUDGET)
            assert one.result == "won", (seed, draw, f2t)
            check_solution(one, deal, Rules(draw=draw, foundation_moves=f2t, passes=1))
            checked += 1
    assert checked >= 10


def test_deals_that_need_foundation_moves():
    """Seeds whose wins need a card back from a foundation: the win uses such a move,
    and the same deal without them is lost."""
    table = _by_key()
    pairs = [(s, d) for (s, d, f), r in table.items()
             if f and r == "won" and table.get((s, d, False)) == "lost"]
    assert len(pairs) >= 3
    for seed, draw in pairs:
        sol = solve(kabalsolve.deal_from_seed(seed), draw=draw, **BUDGET)
        assert any(m.kind == "move" and m.src == "F" for m in sol.moves), (seed, draw)


@pytest.mark.parametrize("seed,draw", [(1, 3), (2, 3), (3, 3), (4, 3), (6, 3), (9, 1),
                                       (10, 3), (43, 3), (62, 1), (29, 3)])
def test_more_passes_only_help(seed, draw):
    deal = kabalsolve.deal_from_seed(seed)
    order = {"lost": 0, "won": 1}
    results = [solve(deal, draw=draw, passes=p, **BUDGET).result for p in (1, 2, 3, None)]
    assert "unknown" not in results
    assert [order[r] for r in results] == sorted(order[r] for r in results), results


# -- budgets ---------------------------------------------------------------------------
def test_max_states_one_is_unknown_never_lost():
    for seed, draw, f2t, res, _ in REGRESSION[:40]:
        sol = solve(kabalsolve.deal_from_seed(seed), draw=draw, foundation_moves=f2t,
                    max_states=1)
        assert sol.result == "unknown", (seed, draw, f2t)
        assert sol.stopped_by == "max_states"
        assert sol.moves == []
        assert sol.stats.states <= 2


def test_budget_short_of_the_answer_is_unknown():
    """The search is deterministic: one state less than the full search needed must
    stop it before its answer, and that is 'unknown' (never a wrong 'lost')."""
    for seed, draw, f2t, res, _ in REGRESSION:
        deal = kabalsolve.deal_from_seed(seed)
        full = solve(deal, draw=draw, foundation_moves=f2t, **BUDGET)
        n = full.stats.states
        if n < 3:
            continue
        short = solve(deal, draw=draw, foundation_moves=f2t, max_states=n - 1)
        assert short.result == "unknown", (seed, draw, f2t, n)
        assert short.stopped_by == "max_states"
        assert short.stats.states <= n
        again = solve(deal, draw=draw, foundation_moves=f2t, max_states=n + 1)
        assert again.result == res


def test_timeout_is_unknown():
    # a deal whose search takes thousands of states; the clock is read every 1024
    seed, deal, full = deal_needing_states(5000)
    assert full.result in ("won", "lost")
    sol = solve(deal, draw=1, timeout=1e-9)
    assert sol.result == "unknown" and sol.stopped_by == "timeout"
    assert sol.moves == []


def test_is_winnable():
    assert is_winnable(kabalsolve.deal_from_seed(1), draw=3) is True
    assert is_winnable(kabalsolve.deal_from_seed(62), draw=1) is False
    assert is_winnable(kabalsolve.deal_from_seed(1), draw=3, max_states=1) is None
    assert is_winnable(deal_needing_states(5000)[1], draw=1, timeout=1e-9) is None
    assert is_winnable(kabalsolve.deal_from_seed(43), draw=1, foundation_moves=False) is False


@pytest.mark.parametrize("kw", [dict(max_states=0), dict(max_states=-5), dict(max_states=1.5),
                                dict(timeout=0), dict(timeout=-1.0), dict(max_memory_mb=1),
                                dict(draw=0), dict(draw=25), dict(passes=0)])
def test_bad_options(kw):
    with pytest.raises(OptionError):
        solve(kabalsolve.deal_from_seed(1), **kw)


def test_solve_accepts_deal_text():
    deal = kabalsolve.deal_from_seed(4)
    a = solve(deal.to_text(), draw=1)
    b = solve(deal, draw=1)
    assert a.result == b.result == "won"
    assert a.moves == b.moves       # deterministic


# -- the Solution object and its JSON ---------------------------------------------------
@pytest.mark.parametrize("seed,draw,kw", [(1, 3, {}), (62, 1, {}), (1, 1, dict(max_states=1)),
                                          (3, 3, dict(passes=2)),
                                          (43, 1, dict(foundation_moves=False))])
def test_solution_json_round_trip(seed, draw, kw):
    deal = kabalsolve.deal_from_seed(seed)
    sol = solve(deal, draw=draw, **kw)
    text = sol.to_json()
    assert "\n" not in text
    d = json.loads(text)
    assert d == sol.to_dict()
    assert d["game"] == "klondike" and d["draw"] == draw
    assert d["result"] == sol.result in ("won", "lost", "unknown")
    assert d["foundation_moves"] == kw.get("foundation_moves", True)
    assert d["passes"] == kw.get("passes")
    assert isinstance(d["moves"], list)
    moves = [Move.from_json(m) for m in d["moves"]]
    assert moves == sol.moves
    for m in d["moves"]:
        assert set(m) <= {"type", "from", "to", "card", "count"}
        assert m["type"] in ("draw", "recycle", "move")
        if m["type"] == "move":
            assert set(m) >= {"from", "to", "card"}
            assert m.get("count", 2) >= 2     # count is written only when it is not 1
    if sol.result == "won":
        assert replay(deal, sol.rules, moves).is_won()
    if sol.result == "unknown":
        assert d["stopped_by"] == "max_states"
    else:
        assert "stopped_by" not in d
    stats = d["stats"]
    assert set(stats) == {"states", "moves_made", "search_seconds", "seconds", "table_bytes"}
    assert stats["states"] >= 1 and stats["seconds"] >= stats["search_seconds"] >= 0
    assert json.loads(sol.to_json(indent=2)) == d


def test_solution_text():
    sol = solve(kabalsolve.deal_from_seed(1), draw=3)
    lines = str(sol).split("\n")
    assert lines[0] == sol.verdict_line()
    assert lines[0].startswith("won: klondike draw 3, %d moves, score %d (Vegas 208); "
                               % (len(sol.moves), sol.score()))
    assert len(lines) == len(sol.moves) + 1
    assert lines[1].lstrip().startswith("1. ")
    lost = solve(kabalsolve.deal_from_seed(62), draw=1, passes=2, foundation_moves=False)
    assert lost.verdict_line().startswith("lost: klondike draw 1, 2 passes, no foundation moves;")
    assert str(lost) == lost.verdict_line()
    unk = solve(kabalsolve.deal_from_seed(1), max_states=1)
    assert "(stopped by --max-states)" in unk.verdict_line()
    assert repr(unk) == "<Solution %s>" % unk.verdict_line()
    assert repr(sol.moves[:3]) == "[<Move AH T6 F>, <Move AD T6 F>, <Move 2D T4 F>]"
    assert repr(sol.deal).startswith("<Deal klondike T1: 9C; T2: 7C JD; ")
    assert isinstance(sol, Solution)


@pytest.mark.parametrize("example, options", [
    ("won-klondike-draw3.txt", dict(objective="min-moves")),
    ("won-klondike-draw3.txt", dict(objective="max-score")),
    ("lost-klondike.txt", dict(objective="max-score")),
    ("lost-klondike.txt", dict(objective="max-foundation", passes=3)),
    ("lost-klondike.txt", dict()),
    ("lost-acesup.txt", dict()),
    ("lost-acesup.txt", dict(strict=True)),
    ("lost-acesup.txt", dict(best_score=False)),
], ids=lambda x: x if isinstance(x, str) else ",".join(map(str, x.values())) or "win")
def test_a_budget_bounds_the_states_reported(example, options):
    """--max-states bounds the positions a solve reports, whatever searches it makes:
    the best-first searches of the counted objectives stop before a position past it
    is keyed, and Aces Up's reduced games share what is left of it."""
    deal = read_deal(str(REPO / "examples" / example))
    for n in (50, 100, 1000, 30000):
        sol = solve(deal, max_states=n, **options)
        assert sol.stats.states <= n, (n, sol.verdict_line())
        if sol.result == "unknown" or sol.stopped_by == "max_states":
            assert sol.stats.states >= n // 2, (n, sol.verdict_line())
