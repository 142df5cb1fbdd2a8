"""Batch solving: solve_many over executors, and the results files it writes.

Seeds 27-55 at draw 3 are all decided within milliseconds (3 of them lost), so these
tests run many deals in well under a second of solving.
"""
import json
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor

import pytest
from kabalsolve.games import klondike
from kabalsolve.games import clock

import kabalsolve
from kabalsolve.batch import (MAX_CHUNKSIZE, PRIOR_DEALS, PRIOR_SECONDS, BatchResult, ChunkSizer, _results, solve_many)
from kabalsolve.errors import DealError, KabalError, OptionError
from kabalsolve.results import open_results, percentile, read_records, summarise
from kabalsolve.stats import wilson

SEEDS = range(27, 56)


def seeded(seeds=SEEDS):
    return [("seed:%d" % s, klondike.Deal.from_seed(s)) for s in seeds]


def key(results):
    """What must not depend on where a deal was solved: everything but the time."""
    return {r.id: (r.game, json.dumps(r.rules, sort_keys=True), r.result, r.moves, r.states)
            for r in results}


@pytest.fixture(scope="module")
def local():
    return key(solve_many(seeded(), draw=3))


def test_in_process_records_match_solve():
    for deal_id, deal in seeded(SEEDS[:6]):
        [r] = solve_many([(deal_id, deal)], draw=3)
        sol = kabalsolve.solve(deal, draw=3)
        assert (r.id, r.game, r.result, r.moves, r.states) == (
            deal_id, "klondike", sol.result, len(sol.moves), sol.stats.states)
        assert r.rules == {"draw": 3, "foundation_moves": True, "passes": None,
                           "variant": "classic"}
        assert r.solution is None


def test_process_pool_gives_the_local_results(local):
    assert {r[2] for r in local.values()} == {"won", "lost"}
    with ProcessPoolExecutor(2) as pool:
        got = list(solve_many(seeded(), executor=pool, chunksize=4, draw=3))
    assert len(got) == len(SEEDS)            # each deal exactly once
    assert key(got) == local


@pytest.mark.parametrize("chunksize", [None, 1, 5, 100])
def test_any_executor_and_chunk_size(local, chunksize):
    with ThreadPoolExecutor(2) as pool:
        got = list(solve_many(seeded(), executor=pool, chunksize=chunksize,
                              max_pending=2, draw=3))
    assert len(got) == len(SEEDS) and key(got) == local


def test_bare_deals_are_named_by_place_and_games_mix():
    deals = [klondike.Deal.from_seed(27), clock.Deal.from_seed(1), clock.Deal.from_seed(2)]
    got = {r.id: r for r in solve_many(deals, draw=1)}
    assert sorted(got) == ["#0", "#1", "#2"]
    assert got["#0"].game == "klondike" and got["#0"].rules["draw"] == 1
    for i, seed in ((1, 1), (2, 2)):
        sol = kabalsolve.solve(clock.Deal.from_seed(seed))
        assert got["#%d" % i].game == "clock" and got["#%d" % i].rules == {}
        assert (got["#%d" % i].result, got["#%d" % i].moves) == (sol.result, len(sol.moves))


def test_budgets_give_unknown_records():
    with ThreadPoolExecutor(2) as pool:
        got = list(solve_many(seeded(SEEDS[:8]), executor=pool, max_states=5, draw=3))
    assert {r.result for r in got} == {"unknown"}
    assert {r.stopped_by for r in got} == {"max_states"}
    assert all(r.states <= 5 for r in got)
    line = json.loads(got[0].to_json())
    assert line["result"] == "unknown" and line["stopped_by"] == "max_states"


def test_full_solution_on_request():
    deal = klondike.Deal.from_seed(27)
    [r] = solve_many([("a", deal)], solution=True, draw=3)
    assert r.solution == kabalsolve.solve(deal, draw=3).to_dict() | {
        "stats": r.solution["stats"]}
    assert json.loads(r.to_json())["solution"]["moves"] == r.solution["moves"]


def test_a_bad_option_names_the_deal():
    with pytest.raises(KabalError, match="^seed:27: "):
        list(solve_many(seeded(SEEDS[:2]), draw=0))
    with ThreadPoolExecutor(1) as pool, pytest.raises(KabalError, match="^seed:27: "):
        list(solve_many(seeded(SEEDS[:2]), executor=pool, draw=0))
    with pytest.raises(OptionError, match="chunksize"):
        list(solve_many(seeded(SEEDS[:2]), executor=ThreadPoolExecutor(1), chunksize=0))


def test_chunks_adapt_to_the_solve_time():
    sizer = ChunkSizer(None, 0.05)
    assert sizer.size() == 1                          # guessed slow at first
    for _ in range(90):
        sizer.add(record_of("x", seconds=0.0005))
    assert sizer.size() == round(0.05 / ((PRIOR_SECONDS + 0.045) / (PRIOR_DEALS + 90)))
    for _ in range(100000):
        sizer.add(record_of("x", seconds=0.00003))    # Clock-like: large chunks
    assert sizer.size() == MAX_CHUNKSIZE
    slow = ChunkSizer(None, 0.05)
    slow.add(record_of("x", seconds=3.0))             # hard deals: one at a time
    assert slow.size() == 1
    fixed = ChunkSizer(7, 0.05)
    fixed.add(record_of("x", seconds=3.0))
    assert fixed.size() == 7
    sizes = [len(c) for c in ChunkSizer(4, 1.0).chunks(iter(range(10)))]
    assert sizes == [4, 4, 2]
    with pytest.raises(OptionError, match="chunk_seconds"):
        ChunkSizer(None, 0)


def test_a_failed_chunk_raises_after_the_finished_ones():
    done = [Future(), Future(), Future()]
    done[0].set_result([record_of("a")])
    done[1].set_exception(KabalError("boom"))
    done[2].set_result([record_of("b"), record_of("c")])
    seen = []
    with pytest.raises(KabalError, match="boom"):
        for r in _results(done):
            seen.append(r.id)
    assert seen == ["a", "b", "c"]


def test_a_bad_deal_stops_the_run_naming_it():
    deals = seeded(SEEDS[:3]) + [("nowhere.txt", "nowhere.txt")]
    seen = []
    with pytest.raises(KabalError, match="^nowhere.txt: nowhere.txt: cannot read the file"):
        for r in solve_many(deals, draw=3):
            seen.append(r.id)
    assert len(seen) == 3  # in-process results come one by one, before the bad deal


# -- results files -----------------------------------------------------------------
def record_of(deal_id, result="won", game="klondike", rules=None, seconds=0.5, states=10):
    return BatchResult(deal_id, game, {"draw": 3} if rules is None else rules,
                       result, 100, states, seconds)


def record(i, result="won", game="klondike", rules=None, seconds=0.5, states=10):
    return record_of("seed:%d" % i, result, game, rules, seconds, states).to_json()


def test_resume_cuts_a_torn_last_line(tmp_path):
    path = tmp_path / "r.jsonl"
    whole = "".join(record(i) + "\n" for i in range(3))
    path.write_text(whole + record(3)[:25])
    fh, done = open_results(str(path), resume=True)
    fh.write(record(9) + "\n")
    fh.close()
    assert done.ids == {"seed:0", "seed:1", "seed:2"}
    assert done.rules == {"klondike": {'{"draw": 3}'}}
    assert done.clash("klondike", {"draw": 3}) == "" and done.clash("clock", {}) == ""
    assert done.clash("klondike", {"draw": 1}) == "draw 3"
    assert path.read_text() == whole + record(9) + "\n"
    # a whole record that lost only its newline is torn too: its deal is solved again
    path.write_text(whole + record(3))
    assert open_results(str(path), resume=True)[1].ids == {"seed:0", "seed:1", "seed:2"}
    assert path.read_text() == whole


def test_results_file_is_never_silently_mixed(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(record(1) + "\n")
    with pytest.raises(OptionError, match="already holds results: give --resume"):
        open_results(str(path), resume=False)
    empty = tmp_path / "new.jsonl"
    fh, done = open_results(str(empty), resume=False)
    fh.close()
    assert done.ids == set() and done.rules == {}


def test_a_bad_line_in_the_middle_is_an_error_naming_it(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(record(1) + "\n" + '{"id": "x"}\n' + record(2) + "\n")
    with pytest.raises(DealError, match=r"r\.jsonl, line 2: not a kabalsolve results line"):
        open_results(str(path), resume=True)


def test_summary_counts_unknowns_both_ways(tmp_path):
    path = tmp_path / "r.jsonl"
    lines = [record(i, "won", seconds=i / 1000, states=i) for i in range(1, 9)]
    lines += [record(9, "lost"), record(10, "unknown")]
    lines += [record(1, "won", game="clock", rules={})]
    lines += [record(1, "lost", rules={"draw": 1})]
    lines += [record(9, "lost")]                       # the same deal again: counts once
    path.write_text("".join(line + "\n" for line in lines))
    groups = summarise([str(path)])
    assert [(g.game, g.rules, g.n) for g in groups] == [
        ("klondike", {"draw": 3}, 10), ("clock", {}, 1), ("klondike", {"draw": 1}, 1)]
    g = groups[0]
    assert g.counts == {"won": 8, "lost": 1, "unknown": 1}
    assert g.interval() == (wilson(8, 10)[0], wilson(9, 10)[1])
    text = "\n".join(g.lines())
    assert "10 deals: 8 won, 1 lost, 1 unknown" in text
    assert "won 88.8889 % of decided" in text


def test_percentile():
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert percentile([5.0], 0.9) == 5.0
    assert percentile([1.0, 2.0, 3.0], 1.0) == 3.0


def test_read_records_skips_the_torn_line_without_repairing(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(record(1) + "\n" + record(2)[:10])
    assert [r["id"] for r in read_records(str(path))] == ["seed:1"]
    assert path.read_text().endswith(record(2)[:10])


# -- games played without peeking ------------------------------------------------------

def test_play_many_plays_the_same_games_in_a_process_pool():
    """play_many goes through the chunks and executors of solve_many: a pool plays the
    games this process plays, each as kabalsolve.play plays it."""
    deals = seeded(range(1, 4))
    fast = dict(samples=4, max_states=2000, seed=3, draw=1)
    here = {r.id: r.to_dict() for r in kabalsolve.play_many(deals, **fast)}
    with ProcessPoolExecutor(2) as pool:
        there = {r.id: r.to_dict() for r in kabalsolve.play_many(deals, executor=pool,
                                                                 chunksize=1, **fast)}
    for d in list(here.values()) + list(there.values()):
        d.pop("seconds")
    assert here == there and sorted(here) == ["seed:1", "seed:2", "seed:3"]
    for deal_id, deal in deals:
        game = kabalsolve.play(deal, **fast)
        assert (here[deal_id]["result"], here[deal_id]["moves"]) == (game.result,
                                                                    len(game.moves))
        assert here[deal_id]["player"]["seed"] == 3 and here[deal_id]["mode"] == "play"


def test_play_many_refuses_what_it_cannot_play():
    with pytest.raises(OptionError, match="not timeout"):
        kabalsolve.play_many(seeded(range(1, 2)), timeout=5)
    with pytest.raises(KabalError, match="^#0: play takes a Klondike deal, not a Clock"):
        list(kabalsolve.play_many([clock.Deal.from_seed(1)]))
