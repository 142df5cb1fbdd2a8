"""Unknown cards (``??``) in Klondike position files: where they may stand and where
not (each refusal names its line and column), the card count with them, the text round
trip, and the commands that need every card refusing such a position in one line."""
import pytest

import kabalsolve
from kabalsolve import DealError, OptionError
from kabalsolve.dealfile import read_position
from kabalsolve.games.klondike import PartialPosition, Position, Rules

from conftest import call, check_one_error_line

#: a position of deal 7 (examples/won-klondike-draw3.txt), 20 moves in
KNOWN = """\
game: klondike
draw: 3
passes: unlimited
passes-used: 2
foundations: 4S
T1: | 9D
T2: | 7S
T3: | 3H
T4: 6H 5D 6C | 5C
T5: 3C 4H 2C 8S | TS
T6: TH 7H 4C AD | TD 9S 8H
T7: TC AH QD JH 4D 2D | KH QC
waste: KS JS KD QH JC 8C 6D KC 7D 8D JD
stock: AC 5S 5H 6S 2H 9C QS 9H 3D 7C
"""

#: the same with every face-down card and the first three stock cards unknown
UNKNOWN = """\
game: klondike
draw: 3
passes: unlimited
passes-used: 2
foundations: 4S
T1: | 9D
T2: | 7S
T3: | 3H
T4: ?? ?? ?? | 5C
T5: ?? ?? ?? ?? | TS
T6: ?? ?? ?? ?? | TD 9S 8H
T7: ?? ?? ?? ?? ?? ?? | KH QC
waste: KS JS KD QH JC 8C 6D KC 7D 8D JD
stock: ?? ?? ?? 6S 2H 9C QS 9H 3D 7C
"""

HIDDEN = "6H 5D 6C 3C 4H 2C 8S TH 7H 4C AD TC AH QD JH 4D 2D AC 5S 5H".split()


def card_set(words):
    return sorted(kabalsolve.parse_card(w) for w in words)


def test_unknown_face_down_and_stock_cards_are_read():
    pos = kabalsolve.read_deal(UNKNOWN)
    assert isinstance(pos, PartialPosition) and pos.game == "klondike"
    assert pos.unknown() == 20
    assert pos.unseen() == card_set(HIDDEN)
    assert pos.columns[3] == ((None, None, None), (kabalsolve.parse_card("5C"),))
    assert pos.stock[:4] == (None, None, None, kabalsolve.parse_card("6S"))
    assert pos.rules == Rules(draw=3) and pos.recycles == 1
    assert pos.given_rules == {"draw", "passes", "variant"}  # stated rules: classic
    assert read_position(UNKNOWN) == pos


def test_known_and_unknown_cards_mix_and_the_text_round_trips():
    text = KNOWN.replace("T5: 3C 4H 2C 8S |", "T5: 3C ?? 2C ?? |").replace(
        "stock: AC 5S", "stock: ?? 5S")
    pos = kabalsolve.read_deal(text)
    assert pos.unknown() == 3
    assert pos.unseen() == card_set("4H 8S AC".split())
    assert "T5: 3C ?? 2C ?? | TS" in pos.to_text()
    assert kabalsolve.read_deal(pos.to_text()) == pos
    assert kabalsolve.read_deal(str(pos)) == pos
    assert repr(pos).startswith("<PartialPosition klondike draw: 3; ")


def test_without_unknown_cards_a_position_is_an_ordinary_one():
    assert isinstance(kabalsolve.read_deal(KNOWN), Position)


def test_a_deal_file_may_have_unknown_cards_too():
    deal = kabalsolve.deal_from_seed(7)
    lines = ["T%d: %s" % (i + 1, " ".join(["??"] * i + [kabalsolve.card_str(p[-1])]))
             for i, p in enumerate(deal.tableau)]
    text = "\n".join(lines) + "\nstock: " + " ".join(["??"] * 24) + "\n"
    pos = kabalsolve.read_deal(text)
    assert isinstance(pos, PartialPosition)
    assert pos.unknown() == 21 + 24 and pos.foundations == (0, 0, 0, 0)
    assert [len(d) for d, _up in pos.columns] == list(range(7))
    assert [u for _d, u in pos.columns] == [(p[-1],) for p in deal.tableau]
    assert pos.given_rules == frozenset() and pos.rules == Rules()


# (what is replaced, by what, the line and column of the error, its message's end)
REFUSED = [
    ("T1: | 9D", "T1: | ?? 9D", 6, 7, "not for a face-up card of T1"),
    ("T6: TH 7H 4C AD | TD 9S 8H", "T6: TH 7H 4C AD | TD ?? 8H", 11, 22,
     "not for a face-up card of T6"),
    ("waste: KS", "waste: ??", 13, 8, "not for a card of the waste"),
    ("foundations: 4S", "foundations: 4S ??", 5, 17, "not for a foundation card"),
]


@pytest.mark.parametrize("old,new,line,column,end", REFUSED)
def test_unknown_cards_are_refused_where_a_player_sees_the_card(old, new, line, column,
                                                                end):
    with pytest.raises(DealError) as e:
        kabalsolve.read_deal(KNOWN.replace(old, new))
    assert (e.value.line, e.value.column) == (line, column)
    assert str(e.value).startswith("line %d, column %d: '??' (an unknown card) may stand "
                                   "only for a face-down card of a column or a card of the "
                                   "stock, " % (line, column))
    assert str(e.value).endswith(end)


def test_the_top_card_of_a_dealt_column_is_face_up():
    text = kabalsolve.deal_from_seed(7).to_text().replace("T3: 3H QC 3S", "T3: ?? ?? ??")
    with pytest.raises(DealError) as e:
        kabalsolve.read_deal(text)
    assert (e.value.line, e.value.column) == (4, 11)
    assert "not for a face-up card of T3" in str(e.value)


def test_a_deck_line_takes_no_unknown_card():
    deck = kabalsolve.deal_from_seed(7).deck()
    text = "deck: ?? " + " ".join(kabalsolve.card_str(c) for c in deck[1:]) + "\n"
    with pytest.raises(DealError) as e:
        kabalsolve.read_deal(text)
    assert (e.value.line, e.value.column) == (1, 7)
    assert "not for a card of a deck line (write T1..T7 and stock lines instead)" in \
        str(e.value)


@pytest.mark.parametrize("old,new,message", [
    ("stock: ?? ?? ??", "stock: ?? ?? ?? ??",
     "32 known cards and 21 unknown ones (??) make 53, not 52"),
    ("stock: ?? ?? ??", "stock: ?? ??", "32 known cards and 19 unknown ones (??) make 51"),
    ("stock: ?? ?? ??", "stock: ?? ?? 9D", "duplicated card 9D (also on line 6)"),
    ("T4: ?? ?? ?? |", "T4: ?? ?? ?? ?? |", "T4 holds 4 face-down cards; it was dealt 3"),
])
def test_the_cards_count_with_the_unknown_ones(old, new, message):
    with pytest.raises(DealError) as e:
        kabalsolve.read_deal(UNKNOWN.replace(old, new))
    assert message in str(e.value)


def test_a_partial_position_is_checked_when_built():
    pos = kabalsolve.read_deal(UNKNOWN)
    with pytest.raises(DealError, match="make 51, not 52"):
        PartialPosition(pos.rules, pos.columns, pos.foundations, pos.waste,
                        pos.stock[1:], pos.recycles)


def test_what_needs_every_card_refuses_unknown_ones_in_the_library():
    pos = kabalsolve.read_deal(UNKNOWN)
    for call_, name in ((kabalsolve.solve, "solve"), (kabalsolve.is_winnable, "is_winnable"),
                        (kabalsolve.hint, "hint")):
        with pytest.raises(DealError) as e:
            call_(pos)
        assert str(e.value) == (
            "the position has 20 unknown cards (??): %s needs every card; a hint that "
            "does not peek takes it (hint(position, no_peek=True))" % name)
    with pytest.raises(DealError, match="20 unknown cards"):
        kabalsolve.solve(UNKNOWN)
    with pytest.raises(OptionError, match="play takes a Klondike deal, not a position "
                                          r"with unknown cards \(\?\?\)"):
        kabalsolve.play(pos)


@pytest.mark.parametrize("args,command,instead", [
    ([], "solve", "kabalsolve hint --no-peek ranks its moves from what is visible"),
    (["solve", "--quiet"], "solve", "kabalsolve hint --no-peek ranks"),
    (["show", "--all"], "show", "kabalsolve hint --no-peek ranks"),
    (["hint"], "hint", "add --no-peek to rank its moves from what is visible"),
    (["hint", "--move", "D"], "hint", "add --no-peek"),
])
def test_commands_that_need_every_card_say_so_in_one_line(tmp_path, capsys, args, command,
                                                          instead):
    path = tmp_path / "position.txt"
    path.write_text(UNKNOWN)
    if args and args[0] in ("solve", "show", "hint"):
        argv = [args[0], str(path)] + args[1:]
    else:
        argv = [str(path)]
    code, out, err = call(argv, capsys)
    line = check_one_error_line(err)
    assert code == 2 and out == ""
    assert line.startswith("kabalsolve: error: %s: the position has 20 unknown cards (??): "
                           "%s needs every card; " % (path, command)), line
    assert instead in line


def test_play_refuses_a_position_with_unknown_cards(tmp_path, capsys):
    path = tmp_path / "position.txt"
    path.write_text(UNKNOWN)
    code, _out, err = call(["play", str(path)], capsys)
    assert code == 2
    assert check_one_error_line(err) == \
        "kabalsolve: error: play takes a Klondike deal, not a position with unknown cards " \
        "(??): the player is dealt every card"


def test_rule_options_apply_to_a_position_with_unknown_cards(tmp_path, capsys):
    path = tmp_path / "position.txt"
    path.write_text(UNKNOWN.replace("draw: 3\n", ""))
    code, out, err = call(["hint", str(path), "--no-peek", "--draw", "1", "--samples", "2",
                           "--max-states", "200"], capsys)
    assert code == 0 and err == ""
    assert "(klondike draw 1, seed 0)" in out.splitlines()[0]
    path.write_text(UNKNOWN)
    code, _out, err = call(["hint", str(path), "--no-peek", "--draw", "1"], capsys)
    assert code == 2
    assert "the position file says draw: 3, and --draw says otherwise" in \
        check_one_error_line(err)


def test_batch_names_the_file_with_unknown_cards(tmp_path, capsys):
    path = tmp_path / "position.txt"
    path.write_text(UNKNOWN)
    code, _out, err = call(["batch", str(path), "-o", str(tmp_path / "r.jsonl"), "-j", "1"],
                           capsys)
    assert code == 2
    line = check_one_error_line(err)
    assert "position.txt: the position has 20 unknown cards (??): solve needs every card" \
        in line
