"""Deal formats (kabalsolve.formats): round trips, detection, errors, and agreement with
layouts other programs produced (pysol-cards, pyksolve/ShootMe, Solvitaire's own
example), kept as data in tests/data/formats."""
from __future__ import annotations

import json
import random
from typing import Dict, List, Tuple

import pytest

from conftest import DATA
from kabalsolve.games import clock
from kabalsolve import DealError, MoveError, formats, solve
from kabalsolve.cards import card_str
from kabalsolve.formats import jsondeal, pysolboard, pysolfc, shootme, solvitaire
from kabalsolve.games import klondike
from kabalsolve.games.klondike import Rules, replay

FORMATS_DATA = DATA / "formats"


def pysolfc_boards() -> Dict[int, str]:
    boards: Dict[int, str] = {}
    n = None
    for line in (FORMATS_DATA / "pysolfc_boards.txt").read_text().splitlines():
        if line.startswith("#"):
            continue
        if line.startswith("game "):
            n = int(line.split()[1])
            boards[n] = ""
        else:
            assert n is not None
            boards[n] += line + "\n"
    return boards


def pyksolve_solutions() -> List[Tuple[int, int, str, str]]:
    out = []
    for line in (FORMATS_DATA / "pyksolve_solutions.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            n, draw, deck, moves = line.split(" ", 3)
            out.append((int(n), int(draw), deck, moves))
    return out


# -- round trips ------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", formats.FORMATS)
def test_every_format_round_trips_and_is_recognised(fmt: str) -> None:
    for seed in range(40):
        deal = klondike.Deal.from_seed(seed)
        text = formats.write(deal, fmt)
        assert formats.detect(text) == fmt
        assert formats.read(text) == deal
        assert formats.read(text, fmt) == deal


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_clock_deals_round_trip_in_our_formats(fmt: str) -> None:
    deal = clock.Deal.from_seed(3)
    assert formats.read(formats.write(deal, fmt)) == deal


def test_json_deck_form_and_info_are_read() -> None:
    deal = klondike.Deal.from_seed(5)
    obj = {"game": "klondike", "deck": [card_str(c) for c in deal.deck()],
           "info": {"seed": 5}}
    assert formats.read(json.dumps(obj)) == deal


def test_generated_info_rides_in_text_comments_and_json() -> None:
    deal = klondike.Deal.from_seed(2)
    text = formats.write(deal, "text", {"seed": 2, "result": "won"})
    assert text.startswith("# seed: 2\n# result: won\n") and formats.read(text) == deal
    obj = json.loads(formats.write(deal, "json", {"seed": 2}))
    assert obj["info"] == {"seed": 2}


# -- agreement with other programs ----------------------------------------------------
def test_pysolfc_deals_match_pysol_cards() -> None:
    """Games 1 and 12345 (the issue's), both sides of the 32000 switch from Microsoft's
    rand to the Mersenne Twister, and the largest game number."""
    boards = pysolfc_boards()
    assert {1, 12345, 32000, 32001}.issubset(boards)
    for n, board in boards.items():
        assert pysolboard.write(pysolfc.deal(n)) == board, n
        assert formats.read(board) == pysolfc.deal(n)


def test_pysolfc_deal_1_pinned_in_our_terms() -> None:
    deal = pysolfc.deal(1)
    assert card_str(deal.tableau[0][0]) == "QH"
    assert [card_str(c) for c in deal.tableau[6]] == "JD 7C 5S 3H 9D JS AS".split()
    assert card_str(deal.stock[0]) == "4H"   # PySolFC turns it first


def test_mersenne_twister_matches_pythons() -> None:
    """Python promises random.Random(n).random() keeps its sequence for an int seed."""
    for seed in (0, 1, 32001, 2**32 + 7, 10**20 - 1):
        ours, pythons = pysolfc.MT19937(seed), random.Random(seed)
        assert [ours.random() for _ in range(700)] == [pythons.random() for _ in range(700)]


def test_pysol_cards_agrees_when_installed() -> None:
    pc = pytest.importorskip("pysol_cards.deal_game")
    from pysol_cards.cards import CardRenderer
    from pysol_cards.random_base import RandomBase
    for n in list(range(1, 60)) + [31999, 32002, 10**9 + 7]:
        ref = pc.Game("klondike", n, RandomBase.DEALS_PYSOLFC).calc_layout_string(
            CardRenderer(True))
        assert pysolboard.write(pysolfc.deal(n)) == ref, n


def test_shootme_pysol_and_solvitaire_agree_on_shootme_deal_1() -> None:
    """Three files from three programs: ShootMe's deck string and PySol board for its deal
    1 (printed by pyksolve), and Solvitaire's example of the same deal (its repository's
    klondikeSM1.json, face-down cards in lowercase as its ShootMe converter writes)."""
    deck = formats.read((FORMATS_DATA / "shootme1.deck").read_text())
    board = formats.read((FORMATS_DATA / "shootme1.board").read_text())
    solv = formats.read((FORMATS_DATA / "shootme1_solvitaire.json").read_text())
    assert deck == board == solv
    assert card_str(deck.stock[0]) == "9D"          # Talon's first, Solvitaire's last
    assert [card_str(c) for c in deck.tableau[4]] == "AD 6S 2H TS AS".split()


def test_shootme_notation_matches_pyksolve_exactly() -> None:
    """pyksolve's solutions read as moves win on our rules and are written back to the
    very same text."""
    for n, draw, deck, text in pyksolve_solutions():
        deal = shootme.read(deck)
        rules = Rules(draw=draw)
        moves = shootme.parse_moves(deal, rules, text)
        assert replay(deal, rules, moves).is_won(), n
        assert shootme.format_moves(deal, rules, moves) == text, n


def test_pyksolve_reads_what_we_write_when_installed() -> None:
    solver = pytest.importorskip("pyksolve.solver")
    for seed in range(10):
        deal = klondike.Deal.from_seed(seed)
        s = solver.Solitaire()
        assert s.load_solitaire(shootme.write(deal).strip())
        assert s.get_pysol() + "\n" == pysolboard.write(deal)
        t = solver.Solitaire()
        assert t.load_pysol(pysolboard.write(deal).ljust(211))
        assert t.get_solitaire() + "\n" == shootme.write(deal)


def test_our_solutions_in_shootme_notation_read_back() -> None:
    for seed in range(6):
        deal = klondike.Deal.from_seed(seed)
        rules = Rules(draw=3)
        sol = solve(deal, draw=3)
        if sol.result != "won":
            continue
        text = shootme.format_moves(deal, rules, sol.moves)
        assert shootme.parse_moves(deal, rules, text) == sol.moves


@pytest.mark.parametrize("text, problem", [
    ("W5", "waste is empty"), ("DR1 X1", "names no pile"), ("DR1 WQ", "names no target"),
    ("DR1 W55", "not ShootMe"),
    ("F3", "no card was just uncovered"), ("DR1 NEW", "cannot recycle"),
])
def test_bad_shootme_moves_name_the_move(text: str, problem: str) -> None:
    with pytest.raises(MoveError, match=problem):
        shootme.parse_moves(klondike.Deal.from_seed(1), Rules(draw=3), text)


# -- PySolFC's first turn ---------------------------------------------------------------
def test_pysolfc_solution_starts_with_its_first_turn() -> None:
    for n in (1, 2, 5):
        sol = solve(pysolfc.deal(n), draw=3)
        assert sol.result == "won"
        ps = pysolfc.as_pysolfc(sol)
        assert ps.moves[0].kind == "draw" and sorted(map(str, ps.moves)) == sorted(
            map(str, sol.moves))
        assert replay(ps.deal, ps.rules, ps.moves).is_won()


def test_first_turn_first_refuses_a_talon_move_before_a_draw() -> None:
    with pytest.raises(MoveError):
        pysolfc.first_turn_first([klondike.Move.recycle()])


@pytest.mark.parametrize("text", ["0", "3-1", "x-2", "1-100000000000000000000"])
def test_bad_pysolfc_ranges(text: str) -> None:
    with pytest.raises(ValueError):
        pysolfc.parse_range(text)


# -- errors: one message naming the place ---------------------------------------------
def _board(deal: klondike.Deal) -> List[str]:
    return pysolboard.write(deal).splitlines()


@pytest.mark.parametrize("edit, where, problem", [
    (lambda ls: ls[:1] + ls[2:], None, "7 pile lines"),
    (lambda ls: [ls[0] + " QQ"] + ls[1:], "line 1, column 80", "'QQ' is not a card"),
    (lambda ls: ls[:3] + [ls[3].replace("<", "").replace(">", "")] + ls[4:], "line 4",
     "only the last card"),
    (lambda ls: ls[:2] + ["<{0}> {0}".format(ls[2].split()[-1])] + ls[3:],
     "line 3, column 6", "duplicated"),
    (lambda ls: ["Talon: " + " ".join(ls[0].split()[1:-1])] + ls[1:], "line 1",
     "talon must hold 24"),
])
def test_pysol_board_errors_name_the_line(edit, where, problem) -> None:  # type: ignore[no-untyped-def]
    text = "\n".join(edit(_board(klondike.Deal.from_seed(4)))) + "\n"
    with pytest.raises(DealError, match=problem) as e:
        formats.read(text, "pysol", "b.txt")
    if where:
        assert ("b.txt, " + where) in str(e.value)


def test_shootme_errors_name_the_column() -> None:
    deck = shootme.write(klondike.Deal.from_seed(1)).strip()
    with pytest.raises(DealError, match="line 1, column 4: '995'"):
        formats.read(deck[:3] + "995" + deck[6:], "shootme")
    with pytest.raises(DealError, match="column 4: .091. \\(card 2\\) is a duplicate of card 1"):
        formats.read(deck[:3] + deck[:3] + deck[6:] + "\n", "shootme")
    with pytest.raises(DealError, match="156 digits .* not 153"):
        formats.read(deck[:-3], "shootme")


@pytest.mark.parametrize("edit, problem", [
    (lambda o: o.update({"stock": o["stock"][:-1]}), "'stock' must list 24"),
    (lambda o: o["tableau piles"][2].__setitem__(0, "9S"), "tableau pile 3, card 1: '9S' is face up"),
    (lambda o: o["tableau piles"][0].__setitem__(0, "4d"), "tableau pile 1, card 1: '4d' is face down"),
    (lambda o: o.update({"cells": []}), "'cells' has no place"),
    (lambda o: o.update({"waste": ["AC"]}), "'waste'"),
    (lambda o: o["stock"].__setitem__(3, "1X"), "stock card 4: '1X'"),
])
def test_solvitaire_errors_name_the_place(edit, problem) -> None:  # type: ignore[no-untyped-def]
    obj = json.loads((FORMATS_DATA / "shootme1_solvitaire.json").read_text())
    edit(obj)
    with pytest.raises(DealError, match=problem):
        formats.read(json.dumps(obj), "solvitaire")


def test_solvitaire_reads_numeric_ranks() -> None:
    obj = json.loads((FORMATS_DATA / "shootme1_solvitaire.json").read_text())
    obj["tableau piles"][3][3] = "11D"   # JD as Solvitaire also writes it
    obj["tableau piles"][3][0] = "1h"    # AH, face down
    assert solvitaire.from_object(obj) == formats.read(
        (FORMATS_DATA / "shootme1.deck").read_text())


@pytest.mark.parametrize("text, problem", [
    ('{"game": "klondike", "tableau": [], "stock": []}', "must be a list of 7 piles"),
    ('{"game": "poker"}', '"game" must be one of'),
    ('{"game": "klondike", "deck": ["AS"], "stock": []}', "cannot be combined"),
    ('{"game": "clock", "deck": ["AS", "XX"]}', '"deck", card 2: "XX" is not a card'),
    ('{"game": "klondike", "colour": 1}', 'unknown key "colour"'),
    ('{"game": "klondike",\n "deck": [1,]}', "line 2, column 13: not valid JSON"),
])
def test_json_errors_name_the_place(text: str, problem: str) -> None:
    with pytest.raises(DealError, match=problem):
        formats.read(text)


def test_json_duplicates_name_both_places() -> None:
    obj = jsondeal.to_object(klondike.Deal.from_seed(1))
    obj["stock"][5] = obj["tableau"][6][0]
    with pytest.raises(DealError, match='"stock", card 6: duplicated card .* "tableau" pile T7'):
        formats.read(json.dumps(obj))


def test_shootme_notation_round_trips_random_play() -> None:
    """Random legal play (moves back from the foundations, runs of cards, recycles and
    all) written in ShootMe's notation reads back as the same moves."""
    rng = random.Random(4)
    for seed in range(30):
        deal = klondike.Deal.from_seed(seed)
        rules = Rules(draw=1 + seed % 3)
        pos = klondike.Position(deal, rules)
        for _ in range(150):
            legal = pos.legal_moves()
            if not legal:
                break
            pos.push(rng.choice(legal))
        moves = pos.moves_played()
        text = shootme.format_moves(deal, rules, moves)
        assert shootme.parse_moves(deal, rules, text) == moves
