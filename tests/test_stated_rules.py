"""Every file kabalsolve writes with a verdict states the rules it was proved under, so
that the file, solved as it is, gives that verdict.

For each writer (generate in our text and JSON formats, PySolFC games, show --at, the
lines of batch, the solution JSON) and several rule sets: write, read back, solve with
no option, and compare with what the file says.  A rule option that contradicts a
file's rules is one error line; an option for a rule the file does not state applies.
"""
import json
import re

import pytest

import kabalsolve
from kabalsolve.generate import render
from kabalsolve.games import acesup, klondike

from conftest import call, check_one_error_line

#: a budget that keeps the deals kept cheap to prove again (an unknown is not kept)
BUDGET = 20000

KLONDIKE_RULES = [dict(draw=1), dict(draw=3, passes=3),
                  dict(draw=1, passes=2, foundation_moves=False),
                  dict(variant="danish"), dict(variant="danish", passes=2)]
ACESUP_RULES = [dict(), dict(strict=True), dict(discard_first=True),
                dict(strict=True, discard_first=True)]
CASES = [("klondike", r) for r in KLONDIKE_RULES] + [("acesup", r) for r in ACESUP_RULES]


def stated_result(text: str, fmt: str) -> str:
    """The verdict a generated deal's text states: its comment, or its JSON "info"."""
    if fmt == "json":
        return json.loads(text)["info"]["result"]
    return re.search(r"^# (won|lost|unknown)[;,]", text, re.M).group(1)


def rules_of(game: str, options: dict):
    cls = klondike.Rules if game == "klondike" else acesup.Rules
    return cls(**options)


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize("game,options", CASES, ids=[
    "%s-%s" % (g, "-".join("%s=%s" % kv for kv in o.items()) or "default") for g, o in CASES])
def test_a_generated_deal_solved_as_it_is_gives_its_verdict(tmp_path, capsys, game,
                                                             options, fmt):
    for g in kabalsolve.generate(game, seed=1, count=2, winnable=True,
                                 max_states=BUDGET, **options):
        text = render(g, fmt)
        read = kabalsolve.read_deal(text)
        assert isinstance(read, (klondike.Position, acesup.Position))
        assert read.rules == rules_of(game, options) == g.solution.rules
        assert read.to_deal() == g.deal
        sol = kabalsolve.solve(read)
        assert sol.result == stated_result(text, fmt) == "won"
        path = tmp_path / ("deal.%s" % fmt)
        path.write_text(text, encoding="utf-8")
        code, out, _err = call(["--quiet", str(path)], capsys)
        assert code == 0 and out.startswith("won: %s" % game), out


def test_the_issues_deal_says_draw_1_and_is_won_as_it_is(tmp_path, capsys):
    """``generate --winnable --draw 1 --seed 55`` wrote '# won; 213 moves' and no draw:
    solved as it was, at draw 3, it was lost."""
    code, text, _err = call(["generate", "--winnable", "--draw", "1", "--seed", "55"],
                            capsys)
    assert code == 0
    assert "\ndraw: 1\npasses: unlimited\nfoundation-moves: yes\n" in text
    path = tmp_path / "deal.txt"
    path.write_text(text)
    code, out, _err = call(["--quiet", str(path)], capsys)
    assert code == 0 and out.startswith("won: klondike draw 1, 213 moves"), out
    # an option that contradicts the file is one error line; one that agrees is fine
    code, out, err = call(["--quiet", "--draw", "3", str(path)], capsys)
    assert code == 2 and out == ""
    assert check_one_error_line(err).endswith("the deal file says draw: 1, and --draw says "
                                              "otherwise")
    assert call(["--quiet", "--draw", "1", str(path)], capsys)[0] == 0
    code, _out, err = call(["--quiet", "--variant", "danish", str(path)], capsys)
    assert code == 2 and "says variant: classic" in err


def test_a_deal_that_states_some_rules_takes_options_for_the_others(tmp_path, capsys):
    deal = kabalsolve.deal_from_seed(55)
    path = tmp_path / "deal.txt"
    path.write_text(deal.to_text().replace("game: klondike\n", "game: klondike\ndraw: 1\n"))
    code, out, _err = call(["--quiet", "--passes", "2", str(path)], capsys)
    assert out.startswith("%s: klondike draw 1, 2 passes" % kabalsolve.solve(
        deal, draw=1, passes=2).result)
    code, out, _err = call(["batch", "--jobs", "1", "--passes", "2", str(path)], capsys)
    assert json.loads(out)["rules"] == {"draw": 1, "foundation_moves": True, "passes": 2,
                                        "variant": "classic"}


def test_pysolfc_games_state_their_rules(capsys, tmp_path):
    code, text, _err = call(["generate", "--pysol-range", "1-3", "--winnable", "--draw", "1"],
                            capsys)
    assert code == 0
    for deal_text in text.split("\n\n"):
        assert "\ndraw: 1\n" in deal_text
        assert kabalsolve.solve(kabalsolve.read_deal(deal_text)).result == \
            stated_result(deal_text, "text") == "won"


@pytest.mark.parametrize("args", [["--draw", "1", "--no-foundation-moves"],
                                  ["--passes", "4"]])
def test_a_position_from_show_states_every_rule(tmp_path, capsys, args):
    deal = tmp_path / "deal.txt"
    deal.write_text(kabalsolve.deal_from_seed(1).to_text())
    code, text, _err = call(["show", str(deal), "--at", "30"] + args, capsys)
    assert code == 0
    assert re.search(r"^draw: \d+$", text, re.M) and re.search(r"^passes: ", text, re.M)
    assert re.search(r"^foundation-moves: (yes|no)$", text, re.M)
    pos = kabalsolve.read_deal(text)
    assert pos.given_rules >= {"draw", "passes", "foundation-moves"}
    assert kabalsolve.solve(pos).result == "won"      # "of the solution": a won line
    path = tmp_path / "pos.txt"
    path.write_text(text)
    assert call(["--quiet", str(path)], capsys)[0] == 0


@pytest.mark.parametrize("options", ACESUP_RULES)
def test_an_aces_up_position_from_show_keeps_its_score(tmp_path, capsys, options):
    args = ["--" + k.replace("_", "-") for k in options]
    code, text, _err = call(["show", "examples/lost-acesup.txt", "--at", "12"] + args, capsys)
    assert code == 1    # the verdict's status: the deal is lost (its best score is < 48)
    score = int(re.search(r"line to score (\d+)", text).group(1))
    pos = kabalsolve.read_deal(text)
    assert pos.rules == acesup.Rules(**options)
    sol = kabalsolve.solve(pos)
    assert sol.best == score and sol.score_proved


def test_batch_lines_and_the_solution_json_state_the_rules(tmp_path, capsys):
    code, out, _err = call(["batch", "--seeds", "1-4", "--jobs", "1", "--draw", "1",
                            "--passes", "2", "--no-foundation-moves"], capsys)
    assert code == 0
    for line in out.splitlines():
        record = json.loads(line)
        deal = kabalsolve.deal_from_seed(int(record["id"].split(":")[1]))
        again = kabalsolve.solve(deal, **record["rules"])
        assert again.result == record["result"]
    deal = tmp_path / "deal.txt"
    deal.write_text(kabalsolve.deal_from_seed(3).to_text())
    code, out, _err = call(["--json", "--draw", "1", "--passes", "3", str(deal)], capsys)
    d = json.loads(out)
    again = kabalsolve.solve(kabalsolve.deal_from_seed(3), draw=d["draw"], passes=d["passes"],
                             foundation_moves=d["foundation_moves"],
                             variant=d.get("variant", "classic"))
    assert again.result == d["result"]


def test_batch_and_play_take_generated_files_at_their_rules(tmp_path, capsys):
    out_dir = tmp_path / "deals"
    code, _out, _err = call(["generate", "--winnable", "--draw", "1", "--count", "2",
                             "--out", str(out_dir)], capsys)
    assert code == 0
    code, out, _err = call(["batch", "--jobs", "1", str(out_dir)], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(records) == 2
    assert all(r["result"] == "won" and r["rules"]["draw"] == 1 for r in records)
    code, out, err = call(["batch", "--jobs", "1", "--draw", "3", str(out_dir)], capsys)
    assert code == 2 and "says draw: 1, and --draw says otherwise" in \
        check_one_error_line(err)
    first = sorted(out_dir.iterdir())[0]
    code, out, _err = call(["play", str(first), "--json", "--samples", "2",
                            "--max-states", "500"], capsys)
    assert json.loads(out)["draw"] == 1
    code, out, _err = call(["batch", "--play", "--jobs", "1", "--samples", "2",
                            "--max-states", "500", str(first)], capsys)
    assert json.loads(out)["rules"]["draw"] == 1


@pytest.mark.parametrize("text, words", [
    ('{"game": "klondike", "deck": %s, "rules": {"draw": 0}}', "draw must be a whole number"),
    ('{"game": "klondike", "deck": %s, "rules": {"drew": 1}}', 'unknown rule "drew"'),
    ('{"game": "klondike", "deck": %s, "rules": {"variant": "danish", "draw": 1}}',
     "danish variant turns 3 cards"),
    ('{"game": "acesup", "deck": %s, "rules": {"strict": 1}}', "strict must be true or false"),
    ('{"game": "clock", "deck": %s, "rules": {}}', 'unknown key "rules"'),
    ('{"game": "klondike", "deck": %s, "rules": []}', '"rules" must be an object'),
])
def test_bad_json_rules_are_one_error(text, words):
    deck = json.dumps([str(c) for c in kabalsolve.deal_from_seed(1).deck()])
    with pytest.raises(kabalsolve.DealError, match=re.escape(words)):
        kabalsolve.read_deal(text % deck)


def test_the_danish_variant_is_stated_beside_a_deal_only():
    deal = kabalsolve.deal_from_seed(2)
    text = deal.to_text().replace("game: klondike\n", "game: klondike\nvariant: danish\n")
    pos = kabalsolve.read_deal(text)
    assert pos.rules.danish and pos.to_deal() == deal
    assert kabalsolve.read_deal(pos.to_text()).rules == pos.rules
    part_way = kabalsolve.Position(deal)
    part_way.push(part_way.legal_moves()[0])
    with pytest.raises(kabalsolve.DealError, match="no positions part-way"):
        kabalsolve.read_deal(part_way.to_text().replace("draw: 3\n", "draw: 3\nvariant: danish\n"))
    with pytest.raises(kabalsolve.DealError, match="variant must be classic or danish"):
        kabalsolve.read_deal(text.replace("danish", "dutch"))
