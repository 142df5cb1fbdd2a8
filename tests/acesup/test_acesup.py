"""Aces Up: the reference rules, the core against them, and the core's answers against
plain exhaustive search and an independent solver's best scores.

- random play: after every move the core's full move list equals the reference
  rules' legal moves, and equal positions have equal keys (different ones never share);
- small positions (two or three deals left) taken from random play: the core's proved
  best score equals a memoised search with no shortcut at all, and the core's bound is
  never below it, under every rule combination;
- deals with best scores known from an independent exhaustive solver;
- invariants: the strict rule and the discard-first rule only take moves away.
"""
import json
import random
import subprocess
import sys

import pytest

import kabalsolve
from kabalsolve import _core
from kabalsolve.cards import card_str, parse_card, rank
from kabalsolve.errors import DealError, MoveError, OptionError
from kabalsolve.games import acesup
from kabalsolve.games.acesup import Deal, Move, Position, Rules, best_score_brute_force
from kabalsolve.seeds import shuffled_deck
from kabalsolve.games.acesup.bridge import decode_acesup_move

from conftest import DATA

RULES = [Rules(), Rules(strict=True), Rules(discard_first=True),
         Rules(strict=True, discard_first=True)]


def reference_decks():
    out = {}
    for line in (DATA / "acesup" / "reference_decks.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            seed, cards = line.split("\t")
            out[int(seed)] = tuple(parse_card(c) for c in cards.split())
    return out


def known_scores():
    rows = (DATA / "acesup" / "known_reference.tsv").read_text().splitlines()[1:]
    for row in rows:
        seed, variant, winnable, best = row.split("\t")
        yield int(seed), variant == "strict", winnable == "1", int(best)


def board(pos, **switches):
    return _core.AcesUpBoard(pos.piles, pos.stock, pos.discarded, strict=pos.rules.strict,
                             discard_first=pos.rules.discard_first, **switches)


def core_solve(pos, **kw):
    return _core.acesup_solve(pos.piles, pos.stock, pos.discarded, strict=pos.rules.strict,
                              discard_first=pos.rules.discard_first, **kw)


def solve_seed(seed, strict, budget, **switches):
    """The core's search on seeded deal ``seed`` (switches: best_score, and
    dominance=False, must_move=False, last_fast=False, reduce=False to turn a part of
    it off)."""
    d = acesup.Deal.from_seed(seed).deck
    return _core.acesup_solve([[d[i]] for i in range(4)], list(d[4:]), (), strict,
                              max_states=budget, **switches)


def verdict_of_seed(seed, strict, budget, **switches):
    """The core's verdict search on seeded deal ``seed`` (solve_seed's switches)."""
    return solve_seed(seed, strict, budget, best_score=False, **switches)


def agreeing_verdicts(seeds, strict, budget, **switches):
    """How many of the seeded deals both searches decide, the usual one and the one
    with ``switches``, asserting that those verdicts agree."""
    decided = 0
    for seed in seeds:
        on = verdict_of_seed(seed, strict, budget)
        off = verdict_of_seed(seed, strict, budget, **switches)
        if "unknown" not in (on[0], off[0]):
            assert on[0] == off[0], seed
            decided += 1
    return decided


def answers_with_and_without(pos, budget, **switches):
    """The core's answers on pos (both searches, best score) as it is and with
    ``switches``, once both end within the budget (else None): the verdict, the best
    score and whether it is proved must agree, and the line must replay to its score.
    Returns the two results."""
    on = core_solve(pos, max_states=budget)
    off = core_solve(pos, max_states=budget, **switches)
    if on[1] is not None or off[1] is not None:
        return None                         # a budget ran out: nothing to compare
    assert (on[0], on[7], on[8]) == (off[0], off[7], off[8]), (
        pos.piles, pos.stock, pos.discarded)
    replay = pos.copy()
    for code in on[2]:
        replay.push(decode_acesup_move(replay, code))
    assert replay.score == on[7]
    return on, off


def won_line(pos, rules):
    """The core's winning line from pos (its move codes), or None when its win search
    finds none within 200,000 positions."""
    status, _, codes, *_ = _core.acesup_solve(
        pos.piles, pos.stock, pos.discarded, strict=rules.strict,
        discard_first=rules.discard_first, best_score=False, max_states=200_000)
    return codes if status == "won" else None


def positions_along(pos, codes):
    """pos before each move of the winning line codes, replayed on the reference rules
    (pos itself, moved on); the line must end won."""
    for code in codes:
        yield pos
        pos.push(decode_acesup_move(pos, code))
    assert pos.score == 48


def canonical(pos):
    """What a position is, up to the order of the piles once the stock is empty."""
    piles = [tuple(p) for p in pos.piles]
    return (tuple(sorted(piles)) if not pos.stock else tuple(piles), len(pos.stock))


def random_position(rng, rules, stock_left, play=0.85):
    """Play random legal moves from a random deal until stock_left cards remain: a
    discard or move with probability play when there is one (most of the time by
    default, so that the piles stay small), else the deal."""
    return play_to(Position(Deal(tuple(shuffled_deck(rng.randrange(2**64)))), rules),
                   rng, stock_left, play)


def play_to(pos, rng, stock_left, play):
    """random_position's play, from pos (changed and returned)."""
    while len(pos.stock) > stock_left:
        moves = pos.legal_moves()
        deals = [m for m in moves if m.kind == "deal"]
        others = [m for m in moves if m.kind != "deal"]
        m = rng.choice(others) if others and rng.random() < play else \
            (deals[0] if deals else rng.choice(moves))
        pos.push(m)
    return pos


# -- the reference rules --------------------------------------------------------------
def test_move_json_round_trip():
    for m in [Move("deal"), Move("discard", "P2", "", parse_card("7H")),
              Move("move", "P3", "P1", parse_card("4S"))]:
        assert Move.from_json(json.loads(json.dumps(m.to_json()))) == m
    assert Move("move", "P3", "P1", parse_card("4S")).to_json() == {
        "type": "move", "from": "P3", "to": "P1", "card": "4S"}
    for bad in [{"type": "fly"}, {"type": "discard", "from": "P9", "card": "4S"},
                {"type": "move", "from": "P1", "card": "4S"},
                {"type": "discard", "from": "P1", "card": "XX"}]:
        with pytest.raises(MoveError):
            Move.from_json(bad)


def test_str_and_repr_show_cards():
    pos = Position(Deal.from_seed(1))
    assert repr(pos.legal_moves()) == "[<Move 7C P2 X>, <Move 4C P4 X>, <Move D>]"
    for m in pos.legal_moves():       # the card, then the short text's words
        assert str(m) == (pos.move_text(m) if m.kind == "deal" else
                          "%s %s" % (card_str(m.card), pos.move_text(m)))
    assert repr(Move("move", "P3", "P1", parse_card("QH"))) == "<Move QH P3 P1>"
    assert repr(Deal.from_seed(1)).startswith(
        "<Deal acesup deck: 9C 7C QD 4C AS 8D ")
    assert repr(pos).startswith("<Position acesup strict: no; discard-first: no; P1: 9C; "
                                "P2: 7C; P3: QD; P4: 4C; stock: AS 8D ")
    assert repr(pos).endswith("; discarded: ->")
    assert str(pos) == pos.to_text() and kabalsolve.read_deal(str(pos)).same_as(pos)


def test_rules_of_a_known_layout():
    # the seed's example: 9H QH 4S AC on top; 9H goes, then 4S may move to P1 and go
    c = parse_card
    piles = [[c("9H")], [c("QH")], [c("AS"), c("AH"), c("AD"), c("KS"), c("4S")], [c("AC")]]
    rest = [x for x in range(52) if x not in sum(piles, [])]

    def layout(rules=Rules()):
        return Position.from_layout(piles, [], rest, rules)

    pos = layout()
    assert {str(m) for m in pos.legal_moves()} == {"9H P1 X"}
    pos.push(Move("discard", "P1", "", c("9H")))
    assert {str(m) for m in pos.legal_moves()} == {"QH P2 P1", "4S P3 P1", "AC P4 P1"}
    pos.push(Move("move", "P3", "P1", c("4S")))
    assert [str(m) for m in pos.legal_moves()] == ["4S P1 X"]
    assert pos.describe(pos.legal_moves()[0]) == "discard 4\u2660 from pile 1 (K\u2660 on pile 3 is higher)"
    pos.push(pos.legal_moves()[0])
    assert pos.score == len(rest) + 2
    assert best_score_brute_force(layout()) >= len(rest) + 2
    strict = layout(Rules(strict=True))
    strict.push(Move("discard", "P1", "", c("9H")))
    assert {str(m) for m in strict.legal_moves()} == {"AC P4 P1"}
    with pytest.raises(MoveError, match="only an Ace"):
        strict.push(Move("move", "P3", "P1", c("4S")))
    # strict: 9H goes; 4S is stuck on KS, and KS could only go for the buried AS
    assert best_score_brute_force(layout(Rules(strict=True))) == len(rest) + 1


def test_discard_first_blocks_the_deal():
    deal = acesup.Deal.from_seed(3)
    for seed in range(40):
        pos = Position(acesup.Deal.from_seed(seed), Rules(discard_first=True))
        if pos.can_discard():
            assert Move("deal") not in pos.legal_moves()
            with pytest.raises(MoveError, match="discard-first"):
                pos.push(Move("deal"))
            break
    else:
        pytest.fail("no deal with a discard at the start")
    assert Move("deal") in Position(deal).legal_moves()


def test_bad_positions_and_deals():
    with pytest.raises(DealError, match="52 cards"):
        Deal(tuple(range(51)))
    with pytest.raises(DealError, match="duplicated card"):
        Deal(tuple(range(51)) + (0,))
    with pytest.raises(DealError, match="multiple of 4"):
        Position.from_layout([[0], [1], [2], [3]], list(range(4, 50)), [50, 51])
    with pytest.raises(DealError, match="never discarded"):
        Position.from_layout([[1], [2], [3], [4, 5, 6]], list(range(7, 51)), [0, 51])
    with pytest.raises(OptionError):
        Rules(strict="yes")  # type: ignore[arg-type]


# -- the core against the reference rules -------------------------------------------------
def decoded(pos, codes):
    return {str(decode_acesup_move(pos, code)) for code in codes}


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_core_moves_equal_reference_moves_in_random_play(rules):
    rng = random.Random(7)
    for game in range(25):
        pos = Position(acesup.Deal.from_seed(rng.randrange(2**64)), rules)
        b = board(pos)
        seen = {}
        keys = {}
        while True:
            legal = pos.legal_moves()
            assert decoded(pos, b.moves(True)) == {str(m) for m in legal}
            pruned = decoded(pos, b.moves(False))
            assert pruned <= {str(m) for m in legal}
            assert bool(pruned) == bool(legal)
            assert b.score() == pos.score
            piles, stock, gone = b.snapshot()
            assert piles == pos.piles and stock == pos.stock
            assert gone == sorted(pos.discarded)
            # one key per position, one position per key
            key, what = b.key(), canonical(pos)
            assert seen.setdefault(key, what) == what
            assert keys.setdefault(what + (tuple(gone),), key) == key
            if not legal:
                break
            code = rng.choice(b.moves(True))
            pos.push(decode_acesup_move(pos, code))
            b.push(code)
        # and back: unmake restores every position on the way
        while pos._history:
            pos.pop()
            b.pop()
            piles, stock, _ = b.snapshot()
            assert piles == pos.piles and stock == pos.stock


def test_keys_merge_transpositions_and_pile_orders():
    c = parse_card
    deal = (c("2S"), c("5H"), c("AH"), c("AD"), c("AC"), c("KD"), c("AS"))
    rest = [x for x in range(52) if x not in deal]
    move = lambda a, b: 2 | (a << 4) | (b << 8)   # noqa: E731  (a move code, P(a+1) to P(b+1))
    # AS moved from P3 to the empty P2 is the same position as AS dealt to P2
    a = _core.AcesUpBoard([[c("2S"), c("5H")], [], [c("AH"), c("AD"), c("AC"), c("AS")],
                           [c("KD")]], [], rest)
    b = _core.AcesUpBoard([[c("2S"), c("5H")], [c("AS")], [c("AH"), c("AD"), c("AC")],
                           [c("KD")]], [], rest)
    a.push(move(2, 1))
    assert a.snapshot() == b.snapshot() and a.key() == b.key()
    # a lone card moved to an empty pile: the same position once the stock is empty
    # (keys compare positions reached from one start, the deal being stored once)
    c1 = _core.AcesUpBoard([[c("KD")], [c("2S"), c("5H")], [c("AH"), c("AD"), c("AC"),
                                                            c("AS")], []], [], rest)
    k = c1.key()
    c1.push(move(0, 3))
    assert c1.key() == k
    # with cards still to deal the piles are not interchangeable
    stock = [c(x) for x in ("3C", "4C", "5C", "6C")]
    rest = [x for x in rest if x not in stock]
    d1 = _core.AcesUpBoard([[c("KD")], [c("2S"), c("5H")], [c("AH"), c("AD"), c("AC"),
                                                            c("AS")], []], stock, rest)
    k = d1.key()
    d1.push(move(0, 3))
    assert d1.key() != k
    # ... but a card moved back onto its own pile, once it is empty again, is as if it
    # had never left: one layout, one key
    d1.push(move(3, 0))
    assert d1.key() == k


def test_a_card_back_on_its_own_pile_keys_as_never_moved():
    c = parse_card
    # 2H goes by KH; 9S (alone on P4) moves to the empty P1 and, P4 empty, back again:
    # the key of the layout before the two moves
    stock = [c(x) for x in ("3C", "4C", "5C", "6C", "7D", "8D", "9D", "TD")]
    piles = [[c("2H")], [c("KH")], [c("5D")], [c("9S")]]
    rest = [x for x in range(52) if x % 13 and x not in stock + sum(piles, [])]
    move = lambda a, b: 2 | (a << 4) | (b << 8)   # noqa: E731  (P(a+1) to P(b+1))
    discard = lambda a: 1 | (a << 4)               # noqa: E731
    a = _core.AcesUpBoard(piles, stock, rest)
    a.push(discard(0))
    k = a.key()
    a.push(move(3, 0))
    assert a.key() != k
    a.push(move(0, 3))
    assert a.key() == k
    # a dealt card goes home too: 6C, dealt onto 2D on P4, moves to the empty P1,
    # 2D goes, and 6C moves back onto P4: no pile has a moved-in bottom then
    piles = [[c("2H")], [c("KH")], [c("5D")], [c("2D")]]
    rest = [x for x in range(52) if x % 13 and x not in stock + sum(piles, [])]
    b = _core.AcesUpBoard(piles, stock, rest)
    for code in (discard(0), 0, discard(0), discard(2), move(3, 0)):
        b.push(code)                            # 2H, deal, 3C, 5C gone; 6C to P1
    assert b.key()[1] & 0xFFFFFF != 0xFFFFFF    # 6C is P1's moved-in bottom
    b.push(discard(3))                          # 2D by 5D
    b.push(move(0, 3))
    assert b.snapshot()[0] == [[], [c("KH"), c("4C")], [c("5D")], [c("6C")]]
    assert b.key()[1] & 0xFFFFFF == 0xFFFFFF    # every bottom "none" (63)


# -- small positions: the core against plain exhaustive search ----------------------------
@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_best_score_equals_brute_force_on_small_positions(rules):
    rng = random.Random(hash(rules.describe()) & 0xFFFF)
    for _ in range(30):
        pos = random_position(rng, rules, rng.choice([4, 8, 8, 12]))
        truth = best_score_brute_force(pos)
        status, stop, codes, states, made, tb, secs, best, proved = core_solve(pos)
        assert stop is None and proved
        assert best == truth, (pos.piles, pos.stock, pos.discarded)
        assert (status == "won") == (truth == 48)
        assert board(pos).bound() >= truth
        # the verdict alone agrees
        assert core_solve(pos, best_score=False)[0] == status
        # the line reaches the score it claims, on the reference rules
        for code in codes:
            pos.push(decode_acesup_move(pos, code))
        assert pos.score == best


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.describe() or "usual")
def test_bound_holds_with_four_and_five_deals_left(rules):
    """Deeper positions, where the analysis of ac_bound has more epochs to reason over
    (Aces moved onto piles emptied later, cards waiting for each other)."""
    rng = random.Random(hash(rules.describe()) & 0xFFFF ^ 77)
    for _ in range(25):
        pos = random_position(rng, rules, rng.choice([16, 20]))
        assert board(pos).bound() >= best_score_brute_force(pos), (
            pos.piles, pos.stock, pos.discarded)


def test_bound_holds_on_tall_piles():
    """Positions where many cards were left in place: piles several cards high, which is
    where the analysis of ac_bound chains its reasoning (what lies under what, which
    pile can be empty when)."""
    rng = random.Random(23)
    tight = 0
    for i in range(800):
        rules = RULES[i % 4]
        pos = random_position(rng, rules, rng.choice([8, 12, 16]), rng.choice([0.3, 0.5, 0.7]))
        truth = best_score_brute_force(pos)
        bound = board(pos).bound()
        assert bound >= truth, (pos.piles, pos.stock, pos.discarded, rules)
        tight += bound == truth
    assert tight >= 300                        # and it is tight on many of them


def test_bound_holds_along_random_play():
    """The bound at every position of random play is at least the best score there."""
    rng = random.Random(11)
    for rules in RULES:
        for _ in range(6):
            pos = random_position(rng, rules, 8)
            while True:
                assert board(pos).bound() >= best_score_brute_force(pos)
                legal = pos.legal_moves()
                if not legal:
                    break
                pos.push(rng.choice(legal))


def test_discards_made_safe_by_the_bound_lose_nothing():
    """Safe discard 4 (ac_never_partner) relies on the masks ac_bound leaves: wherever
    it leaves a single discard that the other safe discards would not, playing it keeps
    the position's best score (exhaustive search on both sides)."""
    rng = random.Random(5)
    seen = 0
    for rules in RULES:
        for _ in range(150):
            pos = random_position(rng, rules, rng.choice([8, 12]))
            b = board(pos)
            plain = b.moves(full=False)       # no masks yet: safe discards 1-3 only
            b.bound()
            cut = b.moves(full=False)
            if cut == plain:
                continue
            assert len(cut) == 1 and cut[0] & 15 == 1 and cut[0] in b.moves(full=True)
            seen += 1
            truth = best_score_brute_force(pos)
            pos.push(decode_acesup_move(pos, cut[0]))
            assert best_score_brute_force(pos) == truth
    assert seen >= 10                          # the rule does fire on such positions


# -- whole deals ------------------------------------------------------------------------
KNOWN = list(known_scores())


@pytest.mark.parametrize("seed,strict,winnable,best", KNOWN,
                         ids=["%d-%s" % (s, "strict" if st else "usual")
                              for s, st, _, _ in KNOWN])
def test_known_best_scores(seed, strict, winnable, best):
    deal = Deal(reference_decks()[seed])
    sol = kabalsolve.solve(deal, strict=strict, max_states=20_000_000)
    assert sol.result == ("won" if winnable else "lost")
    assert sol.score() == best and sol.score_proved
    pos = Position(deal, Rules(strict=strict))
    pos.replay([Move.from_json(m) for m in json.loads(sol.to_json())["moves"]])
    assert pos.score == best and pos.is_won() == winnable


@pytest.mark.parametrize("seed", [24, 88])
def test_a_lost_deal_with_a_line_of_47_has_its_best_score_proved(seed):
    """A lost deal cannot do better than 47, so a line that discards 47 is the proved
    best score, with no search for a win after the verdict: deal 88's verdict finds
    such a line itself (the best score then costs nothing more), deal 24's branch and
    bound finds it and stops there (both were left unproved at 1 M positions when the
    branch and bound still looked for 48)."""
    deal = acesup.Deal.from_seed(seed)
    sol = kabalsolve.solve(deal, max_states=1_000_000)
    verdict = kabalsolve.solve(deal, best_score=False, max_states=1_000_000)
    assert sol.result == verdict.result == "lost"
    assert sol.score() == 47 and sol.score_proved
    if seed == 88:
        assert sol.stats.states == verdict.stats.states
    pos = Position(deal, Rules())
    pos.replay([Move.from_json(m) for m in json.loads(sol.to_json())["moves"]])
    assert pos.score == 47


def test_strict_and_discard_first_only_take_moves_away():
    """Each of the two rules only takes lines away: a win under it is a win under the
    usual rules, a usual loss is a loss under it."""
    checked = 0
    for seed in range(1, 30):
        deal = acesup.Deal.from_seed(seed)
        usual = kabalsolve.solve(deal, best_score=False, max_states=300_000)
        for sub in (kabalsolve.solve(deal, strict=True, best_score=False, max_states=300_000),
                    kabalsolve.solve(deal, discard_first=True, best_score=False,
                                     max_states=300_000)):
            if "unknown" in (usual.result, sub.result):
                continue
            checked += 1
            if sub.result == "won":
                assert usual.result == "won"
            if usual.result == "lost":
                assert sub.result == "lost"
    assert checked >= 10


def test_budget_gives_unknown_never_lost():
    deal = Deal(reference_decks()[4])        # won, but not within 1,000 states
    sol = kabalsolve.solve(deal, max_states=1000)
    assert sol.result == "unknown" and sol.stopped_by == "max_states"
    assert not sol.score_proved
    assert "stopped by --max-states" in sol.verdict_line()


def test_options_of_another_game_are_refused():
    deal = acesup.Deal.from_seed(1)
    with pytest.raises(OptionError, match="draw does not apply to Aces Up"):
        kabalsolve.solve(deal, draw=1)
    with pytest.raises(OptionError, match="strict does not apply to Klondike"):
        kabalsolve.solve(kabalsolve.deal_from_seed(1), strict=True)
    with pytest.raises(OptionError, match="unknown option 'stirct'"):
        kabalsolve.solve(deal, stirct=True)


# -- the command line ------------------------------------------------------------------------
def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "kabalsolve", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_cli_acesup(tmp_path):
    won = Deal(reference_decks()[8])          # won under the usual rule, 36 strict
    f = tmp_path / "acesup.txt"
    f.write_text(won.to_text("seed 8"))
    r = run(str(f))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    # the moves, after the layout (line 0, not a move)
    assert lines[0].startswith("won: acesup, %d moves, score 48" % (len(lines) - 2))
    assert lines[1].startswith(" 0. deal ") and lines[1].endswith("(the layout)")
    assert any(" discard " in x and " from pile " in x and " on pile " in x for x in lines)
    r = run(str(f), "--strict")
    assert r.returncode == 1
    assert r.stdout.startswith("lost: acesup (strict), best score 36 of 48;")
    r = run(str(f), "--strict", "--quiet")
    assert r.returncode == 1 and r.stdout.count("\n") == 1
    assert r.stdout.startswith("lost: acesup (strict)")
    r = run(str(f), "--strict", "--json")
    d = json.loads(r.stdout)
    assert d["game"] == "acesup" and d["strict"] is True and d["score"] == 36
    assert d["score_proved"] is True and d["result"] == "lost"
    pos = Position(won, Rules(strict=True))
    pos.replay([Move.from_json(m) for m in d["moves"]])
    assert pos.score == 36
    r = run(str(f), "--draw", "1")
    assert r.returncode == 2 and r.stderr == \
        "kabalsolve: error: --draw does not apply to Aces Up\n"
    r = run(str(DATA / "clock" / "won_seed8.txt"), "--strict")
    assert r.returncode == 2 and "--strict does not apply to Clock" in r.stderr
    r = run("-", "--max-states", "50", stdin=Deal(reference_decks()[11]).to_text())
    assert r.returncode == 3 and "unknown: acesup" in r.stdout


def test_cli_stats_acesup():
    r = run("stats", "--game", "acesup", "--count", "6", "--seed", "4", "--strict",
            "--best-score", "--max-states", "100000")
    assert r.returncode == 0, r.stderr
    sols = [kabalsolve.solve(acesup.Deal.from_seed(s), strict=True, max_states=100_000)
            for s in range(4, 10)]
    won = sum(s.result == "won" for s in sols)
    unknown = sum(s.result == "unknown" for s in sols)
    mean = sum(s.score() for s in sols) / 6
    not_proved = sum(not s.score_proved for s in sols)
    assert r.stdout.startswith("acesup: 6 deals from seed 4: %d won" % won)
    assert "strict; mean best score %.3f (%d not proved best); %d unknown" % (
        mean, not_proved, unknown) in r.stdout
    r = run("stats", "--game", "acesup", "--count", "2", "--draw", "1")
    assert r.returncode == 2 and "--draw does not apply to Aces Up" in r.stderr


def test_shared_verdict_table_agrees_with_brute_force():
    """The hint's solver keeps the keys of lost verdict searches for the next moves:
    every move's verdict, asked in any order and twice, equals plain exhaustive search."""
    from kabalsolve.games.acesup.bridge import acesup_move_code
    rng = random.Random(5)
    deal = Deal(reference_decks()[8])            # won under the usual rule
    line = kabalsolve.solve(deal).moves
    along = []
    walk = Position(deal)
    for m in line:
        walk.push(m)
        if len(walk.stock) <= 8 and walk.legal_moves():
            along.append(Position.from_layout(walk.piles, walk.stock, walk.discarded))
    pool = along[::3] + [random_position(rng, rules, rng.choice([4, 8, 12]))
                         for rules in RULES for _ in range(12)]
    kept = won = lost = 0
    for pos in pool:
        rules = pos.rules
        solver = _core.AcesUpSolver(pos.piles, pos.stock, pos.discarded, strict=rules.strict,
                                    discard_first=rules.discard_first)
        moves = pos.legal_moves() * 2
        rng.shuffle(moves)
        for m in moves:
            child = Position.from_layout(pos.piles, pos.stock, pos.discarded, rules)
            child.push(m)
            truth = best_score_brute_force(child) == 48
            status, stop, codes, states, best = solver.decide(acesup_move_code(m))
            assert stop is None and status == ("won" if truth else "lost")
            won += truth
            lost += not truth
            if status == "won":
                for code in codes:
                    child.push(decode_acesup_move(child, code))
                assert child.is_won()
        kept += solver.proved_lost() > 0
    assert won >= 8 and lost >= 20 and kept >= 5


def test_budgets_on_a_position_part_way_through():
    """Any budget on a position with cards already discarded gives a line that replays
    and a best score at least the position's own (a budget spent by the short searches
    under stricter rules included)."""
    from kabalsolve.games.acesup.bridge import solve_acesup_position
    deal = Deal(reference_decks()[1])
    line = kabalsolve.solve(deal).moves
    pos = Position(deal)
    for m in line[:10]:
        pos.push(m)
    start = Position.from_layout(pos.piles, pos.stock, pos.discarded)
    for n in (1, 2, 5, 100, 20_000, 70_000, 70_001, 150_000):
        sol = solve_acesup_position(start, True, max_states=n)
        assert sol.best >= start.score
        assert sol.result in ("lost", "unknown")
        assert sol.score_proved == (sol.result == "lost" and sol.stopped_by is None)


def any_layout(piles, stock, gone, rules=Rules()):
    """A Position of these parts whether or not a game can reach them
    (``Position.from_layout`` refuses those it cannot): the rules, the search and the
    checks are defined on any layout, and some tests build one no game reaches."""
    return Position._of_parts(piles, stock, gone, rules)
