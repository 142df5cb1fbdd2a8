"""Klondike played without peeking: the view a player gets, the player's games and the
``play`` command.

The player must never peek.  It gets only a ``View``; the twin tests play deals that
differ only in cards it has not seen and check that the games agree until one of those
cards shows, and a cheating player (one whose samples are the real game) fails them.
Every game is replayed on the reference rules."""
from __future__ import annotations

import dataclasses
import json
import random
from typing import List, Sequence, Set

import pytest
from click.testing import CliRunner

import kabalsolve
from kabalsolve.cards import Card, parse_card
from kabalsolve.cli import cli
from kabalsolve.errors import OptionError
from kabalsolve.games.acesup import Deal as AcesUpDeal
from kabalsolve.games.klondike import Deal, Move, Position, Rules, replay
from kabalsolve.games.klondike import player as player_mod
from kabalsolve.games.klondike.player import Player, Progress, play_deal
from kabalsolve.games.klondike.view import AS_DEALT, STOCK_KNOWN, Table, View

#: small settings, so that a game takes a fraction of a second
FAST = dict(samples=4, max_states=1000)


def _swapped(deal: Deal, a: int, b: int) -> Deal:
    """The deal with the cards at places a and b of its deck (``Deal.deck``) swapped."""
    deck = deal.deck()
    deck[a], deck[b] = deck[b], deck[a]
    return Deal.from_deck(deck)


def _first_sight(deal: Deal, rules: Rules, model: str, moves: Sequence[Move],
                 cards: Set[int]) -> int:
    """How many moves of ``moves`` are played when one of ``cards`` is first seen
    (0: seen from the start; len(moves) + 1: never)."""
    table = Table(deal, rules, model)
    if cards & set(table.view().shown()):
        return 0
    for n, m in enumerate(moves, 1):
        table.play(m)
        if cards & set(table.view().shown()):
            return n
    return len(moves) + 1


# -- the view --------------------------------------------------------------------------

def test_the_view_of_a_deal_shows_the_top_cards_and_no_more():
    deal = Deal.from_seed(4)
    view = Table(deal, Rules(), AS_DEALT).view()
    assert view.columns == tuple((i, (pile[-1],)) for i, pile in enumerate(deal.tableau))
    assert view.stock == (None,) * 24 and view.waste == () and view.foundations == (0,) * 4
    assert sorted(view.shown()) == sorted(pile[-1] for pile in deal.tableau)
    assert view.unknown() == 45 and len(view.unseen()) == 45
    known = Table(deal, Rules(), STOCK_KNOWN).view()
    assert known.stock == deal.stock and known.unknown() == 21


def test_the_view_holds_cards_and_counts_only():
    """No reference to the position (or anything else) that a player could peek
    through: the fields are rules, ints (cards and counts), None and tuples of them."""
    def plain(x: object) -> bool:
        if isinstance(x, tuple):
            return all(plain(y) for y in x)
        return x is None or type(x) in (int, bool, Card)

    table = Table(Deal.from_seed(4), Rules(), AS_DEALT)
    table.play(Move.draw())
    view = table.view()
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        assert isinstance(value, Rules) if f.name == "rules" else plain(value), f.name
    assert not hasattr(view, "__dict__")


def test_a_card_once_seen_is_remembered():
    deal = Deal.from_seed(4)
    table = Table(deal, Rules(draw=3), AS_DEALT)
    table.play(Move.draw())
    view = table.view()
    assert view.waste == deal.stock[:3] and view.stock == (None,) * 21
    for _ in range(7):
        table.play(Move.draw())
    table.play(Move.recycle())
    assert table.view().stock == deal.stock      # turned over, but seen


def test_a_sample_is_a_position_of_the_view():
    table = Table(Deal.from_seed(9), Rules(), AS_DEALT)
    for m in (Move.draw(), Move.draw()):
        table.play(m)
    view = table.view()
    fills = set()
    for k in range(20):
        pos = view.sample(random.Random(k))
        assert View.of(pos, set(view.shown())) == view
        fills.add(tuple(pos.stock) + tuple(c for p in pos.piles for c in p))
    assert len(fills) == 20
    one = view.sample(random.Random(5))
    assert one.same_as(view.sample(random.Random(5)))


def test_progress_is_a_card_seen_a_talon_card_gone_or_a_new_high():
    table = Table(Deal.from_seed(4), Rules(draw=3), STOCK_KNOWN)
    progress = Progress()
    assert progress.made(table.view())
    table.play(Move.draw())
    assert not progress.made(table.view())     # nothing new seen: the stock is known
    table = Table(Deal.from_seed(4), Rules(draw=3), AS_DEALT)
    progress = Progress()
    progress.made(table.view())
    table.play(Move.draw())
    assert progress.made(table.view())


# -- the player ------------------------------------------------------------------------

def test_an_ace_on_top_goes_up_at_once():
    deal = Deal.from_seed(1)
    deck = deal.deck()
    ace = parse_card("AS")
    i = deck.index(ace)
    deck[0], deck[i] = deck[i], deck[0]      # T1 is the first card dealt
    deal = Deal.from_deck(deck)
    view = Table(deal, Rules(), AS_DEALT).view()
    assert Player(**FAST).choose(view) == Move("move", "T1", "F", ace)


def test_a_known_game_is_followed_to_its_win():
    """With every card known the player follows the thoughtful solver's win."""
    deal = Deal.from_seed(1)
    rules = Rules(draw=3)
    sol = kabalsolve.solve(deal, draw=3)
    assert sol.won
    pos = replay(deal, rules, sol.moves[:len(sol.moves) // 2])
    cards = set(range(52))
    player = Player(**FAST)
    for _ in range(400):
        if pos.is_won():
            break
        seen = {c for p, d in zip(pos.piles, pos.down) for c in p[d:]} | set(pos.stock) \
            | set(pos.waste) | (cards if sum(pos.down) <= 1 else set())
        move = player.choose(View.of(pos, seen))
        assert move is not None
        pos.push(move)
    assert pos.is_won()


@pytest.mark.parametrize("model", [AS_DEALT, STOCK_KNOWN])
@pytest.mark.parametrize("draw", [1, 3])
def test_every_game_replays_on_the_reference_rules(model, draw):
    """Every line replays on the reference rules, ends as the result says, and has no
    move that only undoes the one before it (back to the position two moves ago)."""
    rules = Rules(draw=draw)
    for seed in (1, 2, 3, 5, 6):
        game = play_deal(Deal.from_seed(seed), rules, seed=7, model=model, **FAST)
        pos = replay(Deal.from_seed(seed), rules, game.moves)
        assert pos.is_won() == game.won == (game.result == "won")
        assert (game.ended == "won") == game.won
        assert game.ended in ("won", "no-move", "proved-lost", "no-progress")
        again = [Move.from_json(m) for m in json.loads(game.to_json())["moves"]]
        assert again == game.moves
        pos = Position(Deal.from_seed(seed), rules)
        before: List[Position] = []
        for m in game.moves:
            before.append(pos.copy())
            pos.push(m)
            assert len(before) < 2 or not pos.same_as(before[-2]), (seed, m)


@pytest.mark.parametrize("model", [AS_DEALT, STOCK_KNOWN])
def test_the_player_wins_a_winnable_deal(model):
    """Deal 1 (winnable at draw 3) is won in both models with 10 samples of 3,000
    positions: the player is no random mover."""
    game = play_deal(Deal.from_seed(1), Rules(draw=3), model=model, samples=10,
                     max_states=3000)
    assert game.won and replay(Deal.from_seed(1), Rules(draw=3), game.moves).is_won()


def test_every_choice_changes_the_game():
    """No choice leads back to where it starts (a King taken down to an empty column
    and sent up again was one, and the player played it over and over)."""
    rules = Rules(draw=3)
    player = Player(**FAST)
    checked = 0
    for seed in (1, 3, 7):
        sol = kabalsolve.solve(Deal.from_seed(seed), draw=3)
        pos = Position(Deal.from_seed(seed), rules)
        for n, m in enumerate(sol.moves):
            if n % 3 == 0:
                view = View.of(pos, set(range(52)))
                start = player._after(pos, player_mod.Choice((), 0))
                choices, _complete = player.choices(view, view.any_position())
                for c in choices:
                    assert player._after(view.any_position(), c) != start, c
                    checked += 1
            pos.push(m)
    assert checked > 100


def test_the_same_seed_plays_the_same_game():
    deal = Deal.from_seed(12)
    one = play_deal(deal, Rules(), seed=3, **FAST)
    two = play_deal(deal, Rules(), seed=3, **FAST)
    assert one.moves == two.moves and one.result == two.result


# -- never peeks -----------------------------------------------------------------------

def _twins_agree(deal: Deal, twin: Deal, places: Sequence[int], model: str,
                 rules: Rules = Rules(draw=3)) -> bool:
    """Whether the games of the twins agree up to and with the move that first shows
    a card at one of ``places``, and the first such move comes at the same point."""
    cards = {deal.deck()[p] for p in places}
    a = play_deal(deal, rules, seed=1, model=model, **FAST).moves
    b = play_deal(twin, rules, seed=1, model=model, **FAST).moves
    n = _first_sight(deal, rules, model, a, cards)
    assert n > 0
    return a[:n] == b[:n] and n == _first_sight(twin, rules, model, b, cards)


# Twins: a deal and the deal with the cards at two places of its deck (``Deal.deck``,
# dealt row by row) swapped.  Places 1 and 2 are the bottom cards of T2 and T3, 5 and 6
# those of T6 and T7, 23 and 26 the cards under the tops of T6 and T7; the stock is 28
# on, in turning order.  The cheat of test_a_player_that_peeks_fails_the_twin_test
# plays each of these twins differently before the card shows.
FACE_DOWN = [(4, (1, 2)), (6, (23, 26)), (7, (5, 6)), (9, (1, 2))]
STOCK = [(9, (40, 49)), (9, (35, 50))]


@pytest.mark.parametrize("seed,places", FACE_DOWN)
@pytest.mark.parametrize("model", [AS_DEALT, STOCK_KNOWN])
def test_twins_differing_face_down_play_alike_until_one_shows(seed, places, model):
    deal = Deal.from_seed(seed)
    assert _twins_agree(deal, _swapped(deal, *places), places, model)


@pytest.mark.parametrize("seed,places", STOCK)
def test_twins_differing_in_the_unturned_stock_play_alike_until_one_shows(seed, places):
    deal = Deal.from_seed(seed)
    assert _twins_agree(deal, _swapped(deal, *places), places, AS_DEALT)


def test_a_player_that_peeks_fails_the_twin_test(monkeypatch):
    """The tests above would catch a player whose samples are the real game: it plays
    some of their twins differently before the card shows."""
    real_view = Table.view
    truth: List[Position] = []

    def view_and_truth(self: Table) -> View:
        truth[:] = [self._pos]
        return real_view(self)

    monkeypatch.setattr(Table, "view", view_and_truth)
    # every imagined deal is the real game: no unseen card to shuffle
    monkeypatch.setattr(View, "sample", lambda self, rng: truth[0].copy())
    monkeypatch.setattr(View, "any_position", lambda self: truth[0].copy())
    monkeypatch.setattr(View, "unseen", lambda self: [])
    for model, twins in ((AS_DEALT, FACE_DOWN + STOCK), (STOCK_KNOWN, FACE_DOWN)):
        caught = [seed for seed, places in twins if not _twins_agree(
            Deal.from_seed(seed), _swapped(Deal.from_seed(seed), *places), places, model)]
        assert caught, model


# -- library and command line ----------------------------------------------------------

def test_play_in_the_library():
    deal = kabalsolve.deal_from_seed(1)
    game = kabalsolve.play(deal, draw=3, seed=0, stock_known=True, solve_deal=True, **FAST)
    assert isinstance(game, kabalsolve.PlayResult)
    assert game.result in ("won", "lost") and game.model == "stock-known"
    assert game.deal_result == "won" if game.won else game.deal_result is not None
    assert kabalsolve.play(deal.to_text(), **FAST).model == "as-dealt"
    d = json.loads(game.to_json())
    assert d["result"] == game.result and d["model"] == "stock-known"
    assert len(d["moves"]) == len(game.moves)
    lines = str(game).splitlines()
    assert lines[0].startswith(game.result + ": played without peeking, %d moves"
                               % len(game.moves))
    assert lines[1].lstrip().startswith("1. ")


@pytest.mark.parametrize("bad,message", [
    (dict(seed=-1), "seed must be"), (dict(seed=2**64), "seed must be"),
    (dict(samples=0), "samples must be"), (dict(samples=True), "samples must be"),
    (dict(max_states=0), "max_states must be"), (dict(draw=0), "draw must be")])
def test_play_refuses_bad_options(bad, message):
    with pytest.raises(OptionError, match=message):
        kabalsolve.play(kabalsolve.deal_from_seed(1), **bad)


def test_play_takes_klondike_deals_only():
    """And a deal's first position (a deal file with its rules reads as one), at its
    rules; a position part-way through a game is refused."""
    pos = Position(Deal.from_seed(1), Rules(draw=1))
    game = kabalsolve.play(pos, samples=2, max_states=500)
    assert game.rules == pos.rules and game.moves == kabalsolve.play(
        Deal.from_seed(1), draw=1, samples=2, max_states=500).moves
    with pytest.raises(OptionError, match=r"Position\(deal, draw=3\)"):
        kabalsolve.play(pos, draw=3)
    pos.push(pos.legal_moves()[0])
    with pytest.raises(OptionError, match="not a position part-way through a game"):
        kabalsolve.play(pos)
    with pytest.raises(OptionError, match="not an Aces Up deal"):
        kabalsolve.play(AcesUpDeal.from_seed(1))


def test_the_play_command(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(Deal.from_seed(1).to_text())
    runner = CliRunner()
    r = runner.invoke(cli, ["play", str(path), "--stock-known", "--samples", "4",
                            "--max-states", "1000"])
    first = r.output.splitlines()[0]
    assert r.exit_code == (0 if first.startswith("won:") else 1), r.output
    assert "(klondike draw 3, stock-known)" in first
    if r.exit_code:
        assert "the deal itself is winnable" in first
    r = runner.invoke(cli, ["play", str(path), "--json", "--samples", "4",
                            "--max-states", "1000"])
    d = json.loads(r.output)
    assert d["model"] == "as-dealt" and r.exit_code == {"won": 0, "lost": 1}[d["result"]]
    replay(Deal.from_seed(1), Rules(), [Move.from_json(m) for m in d["moves"]])


@pytest.mark.parametrize("args,message", [
    (["--samples", "0"], "--samples"), (["--seed", "x"], "--seed"),
    (["--draw", "25"], "--draw")])
def test_the_play_command_refuses_bad_options(tmp_path, args, message):
    path = tmp_path / "deal.txt"
    path.write_text(Deal.from_seed(1).to_text())
    r = CliRunner().invoke(cli, ["play", str(path)] + args)
    assert r.exit_code == 2 and message in r.output


def test_the_play_command_refuses_other_games_and_positions(tmp_path):
    path = tmp_path / "deal.txt"
    path.write_text(AcesUpDeal.from_seed(1).to_text())
    r = CliRunner().invoke(cli, ["play", str(path)])
    assert r.exit_code == 2
    assert r.output == "kabalsolve: error: play takes a Klondike deal, not an Aces Up deal\n"
    pos = Position(Deal.from_seed(1), Rules())
    pos.push(pos.legal_moves()[0])
    path.write_text(pos.to_text())
    r = CliRunner().invoke(cli, ["play", str(path)])
    assert r.exit_code == 2 and "not a position part-way through a game" in r.output
    r = CliRunner().invoke(cli, ["play", str(tmp_path / "missing.txt")])
    assert r.exit_code == 2 and len(r.output.splitlines()) == 1
