"""A budget that runs out is "unknown", never "lost": small budgets, 1 to 50 positions,
over the bundled deals and over positions along their lines, in every call that takes
a budget (solve, the verdict-only search, hint, show and batch on the command line).

Each answer under a budget is held against the answer without one, worked out here:
a budgeted "won" or "lost" must be the unbudgeted one; an Aces Up best score found
under a budget is never above the true best, and one it calls proved is the true best.
The budgets are small, so each call is cheap; the unbudgeted searches are of deals and
positions decided in a few thousand positions.
"""
import pathlib

import pytest

import kabalsolve
from kabalsolve.games import acesup, klondike
from kabalsolve.games.acesup import bridge as acesup_bridge
from kabalsolve.games.klondike import bridge as klondike_bridge

from conftest import call

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
BUDGETS = range(1, 51)


def read(path):
    return kabalsolve.read_deal(path.read_text(encoding="utf-8"))


def along(start, moves, every):
    """``start`` and the positions after every ``every`` moves of ``moves``."""
    out, p = [start], start.copy()
    for n, m in enumerate(moves, 1):
        p.push(m)
        if n % every == 0:
            out.append(p.copy())
    return out


def acesup_positions():
    out = []
    for name in ("won-acesup.txt", "lost-acesup.txt"):
        deal = read(EXAMPLES / name)
        for strict in (False, True):
            start = acesup.Position(deal, acesup.Rules(strict=strict))
            line = acesup_bridge.solve_acesup_position(start).moves
            out += along(start, line, 17)
    out.append(read(ROOT / "tests" / "data" / "acesup" / "position_after_20.txt"))
    return out


def klondike_positions():
    out = []
    for name in ("won-klondike-draw3.txt", "lost-klondike.txt",
                 "won-draw1-lost-draw3-deck.txt"):
        deal = read(EXAMPLES / name)
        for draw in (1, 3):
            start = klondike.Position(deal, klondike.Rules(draw=draw))
            out += along(start, klondike_bridge.solve_position(start).moves, 60)
    out.append(read(ROOT / "tests" / "data" / "position_draw1.txt"))
    return out


def agrees(budgeted, unbudgeted):
    return budgeted == "unknown" or budgeted == unbudgeted


def test_acesup_small_budgets_never_say_lost_of_a_won_position():
    positions = acesup_positions()
    assert {acesup_bridge.solve_acesup_position(p).result for p in positions} == \
        {"won", "lost"}
    for pos in positions:
        truth = acesup_bridge.solve_acesup_position(pos)
        for b in BUDGETS:
            for best_score in (True, False):
                sol = acesup_bridge.solve_acesup_position(pos, best_score, max_states=b)
                assert agrees(sol.result, truth.result), (pos.to_text(), b, sol.result)
                assert sol.best <= truth.best
                if sol.score_proved and best_score:
                    assert sol.best == truth.best, (pos.to_text(), b)
            verdict = acesup_bridge.verdict(pos, max_states=b)
            assert agrees(verdict, truth.result), (pos.to_text(), b, verdict)


def test_acesup_hints_under_small_budgets_claim_only_what_is_so():
    for pos in acesup_positions()[::3]:
        truth = kabalsolve.hint(pos)
        by_move = {v.move: v for v in truth.moves}
        for b in (1, 2, 3, 5, 8, 13, 21, 34, 50):
            h = kabalsolve.hint(pos, max_states=b)
            assert agrees(h.result, truth.result)
            assert h.best <= truth.best and (not h.best_proved or h.best == truth.best)
            for v in h.moves:
                t = by_move[v.move]
                assert agrees(v.result, t.result), (pos.to_text(), b, v)
                assert v.best <= t.best and (not v.best_proved or v.best == t.best)
            text = str(h)
            for v, line in zip(h.moves, text.splitlines()[1:]):
                t = by_move[v.move]
                # a claim about the best score is a claim the full hint makes too
                if "keeps the best score" in line:
                    assert t.best == truth.best, line
                if "lowers the best score to" in line:
                    assert t.best < truth.best, line


def test_klondike_small_budgets_never_say_lost_of_a_won_position():
    positions = klondike_positions()
    truths = [klondike_bridge.solve_position(p).result for p in positions]
    assert set(truths) == {"won", "lost"}
    for pos, truth in zip(positions, truths):
        rules = pos.rules
        for b in BUDGETS:
            sol = klondike_bridge.solve_position(pos, max_states=b)
            assert agrees(sol.result, truth), (pos.to_text(), b)
            assert agrees(klondike_bridge.solve_win(pos, rules, max_states=b).result, truth)
            assert agrees(klondike_bridge.verdict(pos, rules, max_states=b), truth)
        for b in (1, 2, 3, 5, 8, 13, 21, 34, 50):
            sol = klondike_bridge.solve_position(pos, max_states=b,
                                                 objective="max-foundation")
            assert agrees(sol.result, truth), (pos.to_text(), b)
        for b in (1, 7, 50):
            for objective in ("min-moves", "max-score"):
                sol = klondike_bridge.solve_position(pos, max_states=b, objective=objective)
                assert agrees(sol.result, truth), (pos.to_text(), b, objective)


def test_klondike_hints_under_small_budgets_never_say_lost_of_a_won_move():
    for pos in klondike_positions()[::4]:
        truth = kabalsolve.hint(pos)
        by_move = {v.move: v.result for v in truth.moves}
        for b in (1, 2, 3, 5, 8, 13, 21, 34, 50):
            h = kabalsolve.hint(pos, max_states=b)
            assert agrees(h.result, truth.result)
            for v in h.moves:
                assert agrees(v.result, by_move[v.move]), (pos.to_text(), b, v)
            if h.result != "won":
                assert "forfeits the win" not in str(h)


@pytest.mark.parametrize("name", ["won-acesup.txt", "won-klondike-draw3.txt",
                                  "lost-acesup.txt", "lost-klondike.txt"])
def test_the_commands_under_small_budgets(name, capsys, monkeypatch, tmp_path):
    """solve, hint, show and batch of a bundled deal: budgets 1, 2, 3, ... until the
    answer is the unbudgeted one; until then every exit status says unknown (3)."""
    monkeypatch.chdir(ROOT)
    deal = "examples/" + name
    code, _, _ = call([deal, "-q"], capsys)
    assert code in (0, 1)
    settled = {}
    for cmd in (["solve", deal, "-q"], ["hint", deal], ["show", deal, "--all"],
                ["show", deal, "--at", "0"]):
        for b in BUDGETS:
            got, out, err = call(cmd + ["--max-states", str(b)], capsys)
            assert got in (code, 3), (cmd, b, out, err)
            if got == code:
                settled[cmd[0]] = b
                break
        else:
            pass            # still unknown at 50: never wrong
    lines = tmp_path / "r.jsonl"
    for b in (1, 2, 3, 10, 50):
        lines.unlink(missing_ok=True)
        got, _, err = call(["batch", deal, "--jobs", "1", "--max-states", str(b),
                            "-o", str(lines)], capsys)
        assert got == 0, err
        result = lines.read_text().split('"result": "')[1].split('"')[0]
        assert result in ("unknown", ("won", "lost")[code]), (b, result)


def test_batch_of_aces_up_seeds_at_one_position():
    """The report's run: winnable seeds among 1-6 were called lost at --max-states 1."""
    from kabalsolve.batch import solve_many
    seeds = [3, 5]
    truth = {s: kabalsolve.is_winnable(acesup.Deal.from_seed(s)) for s in seeds}
    assert any(truth.values())
    for b in (1, 2, 3):
        for r in solve_many([("seed:%d" % s, acesup.Deal.from_seed(s)) for s in seeds],
                            max_states=b, best_score=False):
            s = int(r.id.split(":")[1])
            assert r.result == "unknown" or (r.result == "won") == truth[s]
