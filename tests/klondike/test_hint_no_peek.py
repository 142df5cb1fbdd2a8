"""``kabalsolve hint --no-peek`` and ``kabalsolve.hint(position, no_peek=True)``: the
moves ranked by the share of random deals of the unseen cards each wins.

The key property: the ranking depends on what a player sees and nothing else, so two
positions that differ only in their face-down cards (or have them written ``??``) rank
alike.  Also: a move that wins in every deal of the unseen cards scores 1.0 and one that
loses in every deal 0.0 (checked against every deal, solved one by one), the same seed
gives the same answer, the words name no card the player has not seen, and the errors.
"""
import itertools
import json
import random

import pytest

import kabalsolve
from kabalsolve import MoveEstimate, NoPeekHint, OptionError
from kabalsolve.cards import card_symbol
from kabalsolve.games.klondike import Deal, PartialPosition, Position, Rules, replay
from kabalsolve.games.klondike.player import Player
from kabalsolve.games.klondike.view import STOCK_KNOWN, Table
from kabalsolve.games.klondike.bridge import solve_position
from kabalsolve.games.klondike.estimate import view_of

from conftest import call, check_one_error_line

#: deal 1 after its first move (A♥ up), every card known
DEAL1 = """\
game: klondike
draw: 3
passes: unlimited
passes-used: 1
foundations: AH
T1: | 9C
T2: 7C | JD
T3: QD 6S | 7D
T4: 4C 5D QS | 2D
T5: AS 7H AC 8S | TH
T6: 8D JS TS 5C | AD
T7: QC 3H 5S KH 5H 2S | 9S
waste: -
stock: 4S 2H 6D 3S KC 8C 3D 6C 7S 3C 8H 6H QH 4H 9D KS JH 2C TD JC 9H TC KD 4D
"""

#: draw 1, one pass, no moves back from the foundations: 8♣ must go up now, since a
#: turn of the stock buries it under 9♣ for good; the Q♣ and K♣ face down do not matter
OBVIOUS = """\
game: klondike
draw: 1
passes: 1
foundation-moves: no
passes-used: 1
foundations: KS KH KD 7C
T1: -
T2: QC | TC
T3: KC | JC
T4: -
T5: -
T6: -
T7: -
waste: 8C
stock: 9C
"""

FAST = dict(samples=12, max_states=2000)


def shuffled_face_down(text: str, seed: int) -> str:
    """``text`` with its face-down cards dealt again at random among their places."""
    pos = kabalsolve.read_deal(text)
    cols = [(list(p[:d]), list(p[d:])) for p, d in zip(pos.piles, pos.down)]
    down = [c for d, _u in cols for c in d]
    random.Random(seed).shuffle(down)
    it = iter(down)
    cols = [([next(it) for _ in d], u) for d, u in cols]
    twin = Position.from_parts(cols, pos.foundations, pos.waste, pos.stock, pos.rules,
                               pos.recycles)
    assert twin.piles != pos.piles
    return twin.to_text()


def unknown_face_down(text: str) -> str:
    """``text`` with every face-down card written ``??``."""
    out = []
    for line in text.splitlines():
        if line[:1] == "T" and "|" in line:
            key, rest = line.split(":", 1)
            down, up = rest.split("|")
            line = "%s: %s|%s" % (key, "".join("?? " for _ in down.split()), up)
        out.append(line)
    return "\n".join(out) + "\n"


def ranking(h: NoPeekHint):
    return [(e.move, e.wins, e.samples) for e in h.moves]


def test_positions_differing_only_face_down_rank_alike():
    first = kabalsolve.hint(kabalsolve.read_deal(DEAL1), no_peek=True, **FAST)
    for seed in (1, 2):
        twin = kabalsolve.hint(kabalsolve.read_deal(shuffled_face_down(DEAL1, seed)),
                               no_peek=True, **FAST)
        assert ranking(twin) == ranking(first)
        assert twin.player_move == first.player_move
    partial = kabalsolve.read_deal(unknown_face_down(DEAL1))
    assert isinstance(partial, PartialPosition) and partial.unknown() == 20
    assert ranking(kabalsolve.hint(partial, no_peek=True, **FAST)) == ranking(first)
    # not all alike: the moves were told apart
    assert len({e.wins for e in first.moves}) > 1


def test_the_hint_names_the_move_the_player_makes():
    """Where the player of ``play`` weighs its choices, the hint of the same position
    (stock known, the same seed) names the move it made."""
    deal, rules = Deal.from_seed(1), Rules(draw=3)
    table = Table(deal, rules, STOCK_KNOWN)
    player = Player(seed=0)
    checked = 0
    while not table.is_won() and checked < 3:
        view = table.view()
        planned, sampled = bool(player._plan), player.tally.sampled
        move = player.choose(view)
        assert move is not None
        if not planned and player.tally.sampled > sampled:
            pos = replay(deal, rules, table.moves())
            h = kabalsolve.hint(pos, no_peek=True, samples=2, max_states=500)
            assert h.player_move == move and h.player_searches > 0
            checked += 1
        table.play(move)
    assert checked == 3


def test_the_command_ranks_twins_alike_word_for_word(tmp_path, capsys):
    outs = []
    for n, text in enumerate((DEAL1, shuffled_face_down(DEAL1, 3),
                              unknown_face_down(DEAL1))):
        path = tmp_path / ("p%d.txt" % n)
        path.write_text(text)
        code, out, err = call(["hint", str(path), "--no-peek", "--samples", "12",
                               "--max-states", "2000", "--json"], capsys)
        assert code == 0 and err == ""
        d = json.loads(out)
        del d["stats"]
        outs.append(d)
    assert outs[0] == outs[1] == outs[2]


def test_a_move_that_wins_in_every_deal_ranks_first_with_rate_1():
    h = kabalsolve.hint(kabalsolve.read_deal(OBVIOUS), no_peek=True, samples=20)
    assert [e.text for e in h.moves] == ["W F", "D"]
    best = h.best
    assert (best.wins, best.samples, best.rate) == (20, 20, 1.0)
    assert h.moves[1].wins == 0 and h.moves[1].rate == 0.0
    assert best.interval[1] == 1.0 and 0.8 < best.interval[0] < 1.0
    assert h.moves[1].interval[0] == 0.0
    assert str(h).splitlines()[1] == (
        "  W F  move 8♣ from the waste to the foundation: 20 of 20 won, 100 % "
        "(95 % interval 84-100 %)")


def test_the_shares_agree_with_every_deal_solved():
    """Position 116 of examples/won-klondike-draw3.txt with its three face-down cards
    unknown: each move is solved on all six deals of them; a move won in all scores
    1.0, one lost in all 0.0, and one won in some neither."""
    pos = kabalsolve.solve(kabalsolve.read_deal("examples/won-klondike-draw3.txt")).moves
    start = Position(kabalsolve.read_deal("examples/won-klondike-draw3.txt"))
    for m in pos[:116]:
        start.push(m)
    view = view_of(start)
    assert view.unknown() == 3
    legal = start.legal_moves()
    won = {m: set() for m in legal}
    for cards in itertools.permutations(view.unseen()):
        deal = view.fill(list(cards))
        for m in legal:
            child = deal.copy()
            child.push(m)
            won[m].add(solve_position(child).result == "won")
    h = kabalsolve.hint(start, no_peek=True, samples=30)
    assert {e.move for e in h.moves} == set(legal)
    mixed = 0
    for e in h.moves:
        if won[e.move] == {True}:
            assert e.rate == 1.0, e
        elif won[e.move] == {False}:
            assert e.rate == 0.0, e
        else:
            mixed += 1
            assert 0 < e.wins < e.samples, e
    assert mixed >= 1


def test_the_same_seed_gives_the_same_answer_and_another_seed_other_deals():
    pos = kabalsolve.read_deal(unknown_face_down(DEAL1))
    a = kabalsolve.hint(pos, no_peek=True, seed=5, **FAST)
    b = kabalsolve.hint(pos, no_peek=True, seed=5, **FAST)
    assert ranking(a) == ranking(b) and a.searches == b.searches
    others = [ranking(kabalsolve.hint(pos, no_peek=True, seed=s, **FAST)) for s in (6, 7)]
    assert any(o != ranking(a) for o in others)


def test_the_result_and_the_words_name_no_unseen_card():
    pos = kabalsolve.read_deal("examples/klondike-unknown-cards.txt")
    h = kabalsolve.hint(pos, no_peek=True, **FAST)
    assert isinstance(h, NoPeekHint) and h.result == "ranked" and h.unseen == 44
    assert (h.samples, h.max_states, h.seed) == (12, 2000, 0)
    assert all(isinstance(e, MoveEstimate) for e in h.moves)
    assert [e.wins for e in h.moves] == sorted((e.wins for e in h.moves), reverse=True)
    hidden = [card_symbol(c) for c in pos.unseen()]
    for e in h.moves:
        assert e.rate == e.wins / e.samples
        assert not [s for s in hidden if s in e.words], e.words
        assert h.estimate_for(e.move) is e
    texts = {e.text: e.words for e in h.moves}
    assert texts["D"] == "turn 3 cards from the stock (a card not seen yet on top of " \
                         "the waste)"
    assert texts["T6 F"] == "move A♦ from T6 to the foundation (turn up a face-down " \
                            "card in T6)"
    d = json.loads(h.to_json())
    assert d["moves"][0] == h.moves[0].to_dict()
    assert set(d["moves"][0]) == {"move", "text", "words", "wins", "samples", "rate",
                                  "interval"}


def test_a_won_or_finished_position():
    won = kabalsolve.Position.from_parts([((), ())] * 7, [13] * 4, [], [],
                                         kabalsolve.Rules(foundation_moves=False))
    h = kabalsolve.hint(won, no_peek=True, samples=3)
    assert h.result == "won" and h.moves == []
    assert str(h).startswith("won: all cards are on the foundations (klondike draw 3, "
                             "seed 0); 0 searches")


@pytest.mark.parametrize("kwargs,message", [
    (dict(samples=0), "samples must be a whole number from 1 to 10000, not 0"),
    (dict(seed=-1), "seed must be a whole number from 0 to 2**64 - 1, not -1"),
    (dict(max_states=0), "max_states must be a whole number from 1 to"),
    (dict(timeout=1.0), "no_peek takes max_states as its budget, not timeout"),
    (dict(max_memory_mb=64), "no_peek takes max_states as its budget, not max_memory_mb"),
])
def test_the_library_refuses_bad_settings(kwargs, message):
    with pytest.raises(OptionError) as e:
        kabalsolve.hint(kabalsolve.read_deal(OBVIOUS), no_peek=True, **kwargs)
    assert message in str(e.value)


def test_the_library_refuses_no_peek_settings_without_it_and_other_games():
    pos = kabalsolve.read_deal(OBVIOUS)
    with pytest.raises(OptionError, match="samples applies with no_peek=True only"):
        kabalsolve.hint(pos, samples=5)
    with pytest.raises(OptionError, match="seed applies with no_peek=True only"):
        kabalsolve.hint(pos, seed=5)
    aces = kabalsolve.games.acesup.Position(kabalsolve.read_deal("examples/lost-acesup.txt"))
    with pytest.raises(OptionError, match="no_peek is for Klondike positions"):
        kabalsolve.hint(aces, no_peek=True)


def test_the_command_prints_the_ranking(tmp_path, capsys):
    path = tmp_path / "obvious.txt"
    path.write_text(OBVIOUS)
    code, out, err = call(["hint", str(path), "--no-peek", "--samples", "5"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(
        "without peeking: 2 moves, each tried on the same 5 random deals of the 2 unseen "
        "cards (klondike draw 1, 1 pass, seed 0); 10 searches of at most 10000 positions "
        "in ")
    assert lines[1:] == [
        "  W F  move 8♣ from the waste to the foundation: 5 of 5 won, 100 % "
        "(95 % interval 57-100 %)",
        "  D    turn 1 card from the stock (9♣ on top of the waste): 0 of 5 won, 0 % "
        "(95 % interval 0-43 %)",
        "the player plays: W F  move 8♣ from the waste to the foundation (0 searches of "
        "at most 1000 positions)"]


@pytest.mark.parametrize("args,message", [
    (["--samples", "5"], "--samples applies with --no-peek only"),
    (["--seed", "5"], "--seed applies with --no-peek only"),
    (["--json"], "--json applies with --no-peek only"),
    (["--no-peek", "--move", "D"], "--move and --no-peek do not go together"),
    (["--no-peek", "--timeout", "5"], "--timeout does not apply with --no-peek"),
    (["--no-peek", "--samples", "0"], "'--samples': 0 is not in the range 1 to 10000"),
    (["--no-peek", "--seed", "x"], "'x' is not a whole number"),
])
def test_the_command_refuses_bad_options_in_one_line(tmp_path, capsys, args, message):
    path = tmp_path / "obvious.txt"
    path.write_text(OBVIOUS)
    code, out, err = call(["hint", str(path)] + args, capsys)
    assert code == 2 and out == ""
    assert message in check_one_error_line(err)


def test_the_command_refuses_no_peek_for_aces_up(capsys):
    code, _out, err = call(["hint", "examples/lost-acesup.txt", "--no-peek"], capsys)
    assert code == 2
    assert check_one_error_line(err) == \
        "kabalsolve: error: --no-peek is for Klondike positions, not Aces Up"
