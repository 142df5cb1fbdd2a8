"""The bundled example deals say in their names what they are: check that they are."""
import os
import subprocess
import sys

import pytest

import kabalsolve

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")

# file -> {draw: expected verdict}
EXPECTED = {
    "won-klondike-draw3.txt": {3: "won", 1: "won"},
    "lost-klondike.txt": {1: "lost", 3: "lost"},
    "won-draw1-lost-draw3-deck.txt": {1: "won", 3: "lost"},
}


# Aces Up examples: file -> {strict: (verdict, best score)}
ACESUP = {
    "won-acesup.txt": {False: ("won", 48), True: ("lost", 36)},
    "lost-acesup.txt": {False: ("lost", 31), True: ("lost", 31)},
}


# Klondike positions with unknown cards (??): what is unknown in each
UNKNOWN = {"klondike-unknown-cards.txt": 44}


def test_every_example_is_listed():
    assert sorted(f for f in os.listdir(EXAMPLES) if f.endswith(".txt")) == sorted(
        list(EXPECTED) + list(ACESUP) + list(UNKNOWN))


@pytest.mark.parametrize("name", sorted(UNKNOWN))
def test_unknown_card_examples(name):
    pos = kabalsolve.read_deal(os.path.join(EXAMPLES, name))
    assert isinstance(pos, kabalsolve.PartialPosition)
    assert pos.unknown() == UNKNOWN[name]
    h = kabalsolve.hint(pos, no_peek=True, samples=4, max_states=1000)
    assert h.result == "ranked" and h.moves


@pytest.mark.parametrize("name", sorted(ACESUP))
def test_acesup_example_verdicts(name):
    deal = kabalsolve.read_deal(os.path.join(EXAMPLES, name))
    for strict, (want, best) in ACESUP[name].items():
        sol = kabalsolve.solve(deal, strict=strict)
        assert (sol.result, sol.score(), sol.score_proved) == (want, best, True)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_verdicts(name):
    deal = kabalsolve.read_deal(os.path.join(EXAMPLES, name))
    for draw, want in EXPECTED[name].items():
        sol = kabalsolve.solve(deal, draw=draw)
        assert sol.result == want, (name, draw)
        if want == "won":
            assert kabalsolve.games.klondike.replay(deal, sol.rules, sol.moves).is_won()


def test_readme_first_command_solves_the_bundled_deal():
    # the README's first line runs `kabalsolve examples/won-klondike-draw3.txt`
    out = subprocess.run([sys.executable, "-m", "kabalsolve",
                          os.path.join(EXAMPLES, "won-klondike-draw3.txt")],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0
    assert out.stdout.startswith("won: klondike draw 3, ")
    assert "  1. " in out.stdout
