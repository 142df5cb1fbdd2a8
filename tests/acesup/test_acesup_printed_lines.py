"""An Aces Up line printed in words can be followed from its start: it begins with the
layout (the first deal, which is not a move), and every card a line names has been
shown dealt by an earlier line or by its own."""
import re
import subprocess
import sys

import pytest

import kabalsolve
from kabalsolve.cards import card_symbol
from kabalsolve.games import acesup

#: a card as the lines in words write it
SYMBOL = re.compile(r"(?:10|[2-9AJQK])[\u2660\u2665\u2666\u2663]")

RULES = [dict(), dict(strict=True), dict(discard_first=True),
         dict(strict=True, discard_first=True)]


def check_followable(deal: acesup.Deal, lines):
    """The first line deals the layout; each card named was dealt by then."""
    layout = " ".join(card_symbol(c) for c in deal.deck[:4])
    assert re.fullmatch(r" *0\. deal %s onto piles 1 to 4 \(the layout\)" % re.escape(layout),
                        lines[0]), lines[0]
    shown = set()
    for n, line in enumerate(lines):
        named = SYMBOL.findall(line)
        if re.match(r" *\d+\. deal ", line):
            shown.update(named)
        unseen = [c for c in named if c not in shown]
        assert not unseen, "line %d names %s before it was dealt: %r" % (n, unseen, line)
    numbers = [int(line.split(".")[0]) for line in lines]
    assert numbers == list(range(len(lines)))


@pytest.mark.parametrize("rules", RULES, ids=["plain", "strict", "discard-first", "both"])
def test_every_printed_line_starts_with_the_layout(rules):
    """Seeded deals, won and lost, under each rule set: a budget keeps the hard ones
    short (an unknown answer still prints the best line found)."""
    printed = 0
    for seed in range(1, 31):
        deal = acesup.Deal.from_seed(seed)
        sol = kabalsolve.solve(deal, max_states=20000, **rules)
        text = str(sol).splitlines()
        assert text[0] == sol.verdict_line()
        if sol.moves:
            printed += 1
            check_followable(deal, text[1:])
            assert len(text) == len(sol.moves) + 2   # the layout is not a move
    assert printed >= 20


def test_the_command_prints_the_layout_first():
    out = subprocess.run([sys.executable, "-m", "kabalsolve", "examples/lost-acesup.txt"],
                         capture_output=True, text=True).stdout.splitlines()
    deal = kabalsolve.read_deal("examples/lost-acesup.txt")
    check_followable(deal, out[1:])
    assert out[2].startswith(" 1. deal 3\u2660 K\u2666 7\u2665 Q\u2660")


def test_a_position_part_way_shows_its_piles_and_no_layout():
    """A position file's line starts where the file does: its piles are in the file, so
    no layout is dealt; a deck line with rules beside it is a deal's first position and
    starts with the layout."""
    deal = kabalsolve.read_deal("examples/lost-acesup.txt")
    pos = acesup.Position(deal)
    for m in kabalsolve.solve(deal).moves[:5]:
        pos.push(m)
    part_way = kabalsolve.read_deal(pos.to_text())
    assert not part_way.at_start()
    lines = kabalsolve.solve(part_way).move_lines()
    assert lines[0].lstrip().startswith("1. ")
    first = kabalsolve.read_deal("game: acesup\nstrict: no\n"
                                 + deal.to_text().splitlines()[1] + "\n")
    assert first.at_start()
    check_followable(deal, kabalsolve.solve(first).move_lines())
