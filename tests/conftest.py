"""Shared helpers for the kabalsolve tests.

Everything here is built on the pure-Python reference rules
(``kabalsolve.games.klondike``) so that the compiled core is always checked against
code that did not produce it:

- ``macro_moves(pos)``: the macro moves of a Python position, in the core's sense
  (every talon card some number of turns brings to the top, played at once; every
  non-talon move of ``legal_moves``);
- ``make_position(...)``: a Python position from explicit piles, talon and foundations
  (for endgames built by hand or at random);
- ``core_board`` / ``core_solve``: the core's view of a Python position;
- ``brute_force(pos)``: an exhaustive depth-first search over atomic moves with a
  visited set, no pruning at all except column order (the rules do not care which
  column is which), so small positions get a verdict that owes nothing to the core;
- ``default_sigint()``: for the ``preexec_fn`` of a process that a test sends Ctrl-C.
"""
from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:  # tests run against the extension built in place
    sys.path.insert(0, str(REPO))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402


def default_sigint() -> None:
    """Give SIGINT its default action: a shell starts its background jobs with SIGINT
    ignored, and a process started that way (pytest, or a command under it) would never
    see the Ctrl-C a test sends it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)

from kabalsolve import _core, api, cli  # noqa: E402
from kabalsolve.games.klondike import bridge
from kabalsolve.cards import card_str, is_red, parse_card, rank, suit  # noqa: E402
from kabalsolve.games import klondike  # noqa: E402
from kabalsolve.games.klondike import PILES, Deal, Move, Position, Rules  # noqa: E402
from removable import acesup_removals, klondike_removals  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"


# -- every line a test gets from kabalsolve.solve, tried for pointless moves -------------
def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "raw_lines: the test makes lines that may hold pointless moves on "
        "purpose; they are not tried for them")


def check_line(sol) -> None:
    """Fail unless no move of ``sol``'s line can be removed (tests/removable.py)."""
    if not sol.moves:
        return
    if sol.game == "acesup":
        found = acesup_removals(sol.start_position(), sol.moves, sol.best)
    else:
        start = klondike.start_position(sol.deal, sol.rules)
        measure = "score" if sol.extra.get("objective") == "max-score" else "foundation"
        found = klondike_removals(start, sol.moves, measure)
    assert not found, "a line with moves that can go: %s" % "; ".join(found[:5])


@pytest.fixture(autouse=True)
def every_line_is_tried(request, monkeypatch):
    """Each Klondike and Aces Up line that ``kabalsolve.solve`` gives a test (the API,
    the command line run in-process, generate, batch runs in forked workers) is tried
    for pointless moves before the test sees it."""
    if request.node.get_closest_marker("raw_lines"):
        return

    def checked(solver):
        def solve(deal, options, budgets):
            sol = solver(deal, options, budgets)
            check_line(sol)
            return sol
        return solve

    for game in ("klondike", "acesup"):
        monkeypatch.setitem(api.SOLVERS, game, checked(api.SOLVERS[game]))

# No example database on disk (the suite leaves no files behind); a failure prints the
# falsifying example and a blob to replay it with @reproduce_failure.
settings.register_profile("kabalsolve", database=None, print_blob=True)
settings.load_profile("kabalsolve")

Macro = Tuple[str, str, int, int]  # (src, dst, card, count) of the move that places a card


# -- macro moves of the reference rules ---------------------------------------------
def fits_on_pile(pos: Position, card: int, j: int) -> bool:
    """The rules (docs/rules.md): down by one rank in alternating colour; an empty column takes a King."""
    pile = pos.piles[j]
    if not pile:
        return rank(card) == 12
    top = pile[-1]
    return rank(top) == rank(card) + 1 and is_red(top) != is_red(card)


def talon_targets(pos: Position) -> List[Tuple[int, List[str]]]:
    """(card, targets) for each talon card within reach: "F" if it fits its foundation,
    "Tj" for each column it fits."""
    return [(card, targets) for card, _turn, targets in talon_route_targets(pos)]


def talon_route_targets(pos: Position) -> List[Tuple[int, bool, List[str]]]:
    """(card, turn, targets) for each talon route (``Position.talon_routes``): in the
    danish variant a card may come twice, now and after turns, to different talons."""
    out = []
    for card, turn in pos.talon_routes():
        targets = ["F"] if pos.foundations[suit(card)] == rank(card) else []
        targets += [PILES[j] for j in range(7) if fits_on_pile(pos, card, j)]
        out.append((card, turn, targets))
    return out


def macro_moves(pos: Position) -> List[List[Move]]:
    """Every macro move of ``pos`` as its list of atomic moves.

    Talon: for each card that some turns (and allowed recycles) bring to the top of the
    waste, the turns (``steps_to_talon_card``) and then W->F and W->Tj for every
    target the card fits.  Then every non-talon move of ``legal_moves()``
    (tableau->F, tableau->tableau of any count, F->T).  ``pos`` is left unchanged.
    """
    out: List[List[Move]] = []
    for card, turn, targets in talon_route_targets(pos):
        if targets:
            steps = pos.steps_to_talon_card(card, turn)
            out += [steps + [Move("move", "W", t, card)] for t in targets]
    for m in pos.legal_moves():
        if m.kind == "move" and m.src != "W":
            out.append([m])
    return out


def macro_keys(pos: Position) -> "Counter[Macro]":
    """The multiset of (src, dst, card, count) of ``macro_moves(pos)``, cheaply."""
    out: Counter = Counter()
    for card, _turn, targets in talon_route_targets(pos):
        for t in targets:
            out[("W", t, card, 1)] += 1
    for m in pos.legal_moves():
        if m.kind == "move" and m.src != "W":
            out[macro_key(m)] += 1
    return out


def core_move_key(pos: Position, code: int) -> Macro:
    """(src, dst, card, count) of the card move a core code ends with, read straight
    from the code (bridge.decode_klondike_move also works out the turns)."""
    t, a, b, n = _core.decode_move(code)
    T = _core.KLONDIKE_MOVE_TYPES
    if t == T["T2F"]:
        return (PILES[a], "F", pos.piles[a][-1], 1)
    if t in (T["W2F"], T["W2T"]):
        return ("W", "F" if t == T["W2F"] else PILES[b], pos.talon()[a], 1)
    if t == T["T2T"]:
        return (PILES[a], PILES[b], pos.piles[a][len(pos.piles[a]) - n], n)
    if t == T["F2T"]:
        return ("F", PILES[b], a * 13 + pos.foundations[a] - 1, 1)
    raise AssertionError("not a full-generator move type: %r" % ((t, a, b, n),))


def macro_key(m: Move) -> Macro:
    assert m.kind == "move" and m.card is not None
    return (m.src, m.dst, m.card, m.count)


def push_all(pos: Position, moves: Sequence[Move]) -> None:
    for m in moves:
        pos.push(m)


def pop_n(pos: Position, n: int) -> None:
    for _ in range(n):
        pos.pop()


# -- the core's view ------------------------------------------------------------------
def core_board(pos: Position) -> "_core.KlondikeBoard":
    columns, found, talon, wp, rec = bridge.klondike_core_args(pos)
    return _core.KlondikeBoard(columns, found, talon, wp, rec,
                               group=bridge.klondike_core_group(pos),
                               **bridge.klondike_rule_args(pos.rules))


def core_solve(pos: Position, max_states: int = 0, timeout: float = 0.0):
    """(status, stop, codes, states, made, table_bytes, secs) of the core on ``pos``."""
    columns, found, talon, wp, rec = bridge.klondike_core_args(pos)
    return _core.klondike_solve(columns, found, talon, wp, rec, max_states=max_states,
                                timeout=timeout, group=bridge.klondike_core_group(pos),
                                **bridge.klondike_rule_args(pos.rules))


def core_verdict(pos: Position, max_states: int = 0) -> str:
    return core_solve(pos, max_states=max_states)[0]


def replay_core_codes(pos: Position, codes: Sequence[int]) -> Position:
    """Play the core's solution codes on a copy of ``pos`` through the reference rules."""
    p = pos.copy()
    for code in codes:
        push_all(p, bridge.decode_klondike_move(p, code))
    return p


def python_snapshot(pos: Position):
    """The reference position in the shape of ``KlondikeBoard.snapshot()``; recycles
    count only with limited passes (the core does not count them otherwise)."""
    cols = [(list(pos.piles[i][:pos.down[i]]), list(pos.piles[i][pos.down[i]:]))
            for i in range(7)]
    rec = pos.recycles if pos.rules.passes is not None else 0
    return (list(pos.foundations), cols, pos.talon(), pos.talon_pointer(), rec,
            bridge.klondike_core_group(pos))


def core_snapshot(board) -> tuple:
    found, cols, talon, wp, rec = board.snapshot()
    return (list(found), [(list(d), list(u)) for d, u in cols], list(talon), wp, rec,
            board.group())


def deal_needing_states(min_states: int = 5000, draw: int = 1):
    """A seeded deal whose full search visits at least ``min_states`` positions (for
    budget tests: the clock is read once per 1024 positions).  Lost deals of the
    regression set first; chosen at run time so core speed-ups cannot break the tests."""
    import kabalsolve
    for seed in (29, 64, 124, 215, 44, 56, 86, 209, 25, 5, 10, 14):
        deal = kabalsolve.deal_from_seed(seed)
        sol = kabalsolve.solve(deal, draw=draw)
        if sol.stats.states >= min_states:
            return seed, deal, sol
    raise AssertionError("no candidate deal needs %d states" % min_states)


# -- building positions -------------------------------------------------------------------
def cards(text: str) -> List[int]:
    out = []
    for tok in text.split():
        c = parse_card(tok)
        assert c is not None, tok
        out.append(c)
    return out


def make_position(columns: Sequence[Tuple[Sequence[int], Sequence[int]]],
                  foundations: Sequence[int], waste: Sequence[int] = (),
                  stock: Sequence[int] = (), rules: Rules = Rules(),
                  recycles: int = 0, check: bool = True) -> Position:
    """A reference position from explicit parts (columns as (face-down, face-up)).

    With ``check``, the 52 cards must be accounted for exactly once and every face-up
    run must be built down in alternating colours.  The dealt stock order (the danish
    circle, its seam after the last card) is stock then waste."""
    pos = Position(klondike.Deal.from_deck(list(range(52))), rules)
    cols = list(columns) + [((), ())] * (7 - len(columns))
    pos.piles = [list(d) + list(u) for d, u in cols]
    pos.down = [len(d) for d, _ in cols]
    pos.stock = list(stock)
    pos.waste = list(waste)
    pos.stock_order = {c: i for i, c in enumerate(pos.stock + pos.waste)}
    pos.foundations = list(foundations)
    pos.recycles = recycles
    if check:
        seen = [s * 13 + r for s in range(4) for r in range(foundations[s])]
        seen += [c for p in pos.piles for c in p] + pos.stock + pos.waste
        assert sorted(seen) == list(range(52)), "not one full deck"
        for d, u in cols:
            assert not d or u, "face-down cards need a face-up card on them"
            for a, b in zip(u, u[1:]):
                assert rank(a) == rank(b) + 1 and is_red(a) != is_red(b), "bad run"
    return pos


def parse_position(text: str, rules: Rules = Rules(), recycles: int = 0) -> Position:
    """A position from a small text form, one part a line::

        F: 11 9 12 11          cards up per foundation, spades hearts diamonds clubs
        T1: QC TH | JH         a column: face-down cards | face-up run (bottom -> top)
        W: 5C                  the waste, bottom -> top
        S: KS QH               the stock, first turned first

    Missing columns, waste or stock are empty; the 52 cards must all be there."""
    found = [0, 0, 0, 0]
    cols = [((), ()) for _ in range(7)]
    waste: List[int] = []
    stock: List[int] = []
    for line in text.strip().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(":")
        key = key.strip().upper()
        if key == "F":
            found = [int(x) for x in value.split()]
        elif key == "W":
            waste = cards(value)
        elif key == "S":
            stock = cards(value)
        else:
            assert key in PILES, key
            down, bar, up = value.partition("|")
            if not bar:
                down, up = "", down
            cols[PILES.index(key)] = (tuple(cards(down)), tuple(cards(up)))
    return make_position(cols, found, waste=waste, stock=stock, rules=rules,
                         recycles=recycles)


def dump_position(pos: Position) -> str:
    """The inverse of ``parse_position`` (rules not included)."""
    lines = ["F: " + " ".join(str(f) for f in pos.foundations)]
    for i, (p, d) in enumerate(zip(pos.piles, pos.down)):
        if p:
            down = " ".join(card_str(c) for c in p[:d])
            up = " ".join(card_str(c) for c in p[d:])
            lines.append("T%d: %s" % (i + 1, (down + " | " + up) if d else up))
    if pos.waste:
        lines.append("W: " + " ".join(card_str(c) for c in pos.waste))
    if pos.stock:
        lines.append("S: " + " ".join(card_str(c) for c in pos.stock))
    return "\n".join(lines)


def position_text(pos: Position) -> str:
    """A readable dump for failure messages."""
    return "%s\nrules: %r\nrecycles: %d" % (pos, pos.rules, pos.recycles)


def random_endgame(rng: random.Random, in_play: int, rules: Rules,
                   max_talon: int = 8) -> Position:
    """A random, consistent endgame: foundations hold all but ``in_play`` cards, the rest
    lie in the talon and in up to seven columns (face-down cards under built runs)."""
    while True:
        # foundation heights with sum(13 - f) == in_play
        left = [0, 0, 0, 0]
        for _ in range(in_play):
            choices = [s for s in range(4) if left[s] < 13]
            left[rng.choice(choices)] += 1
        found = [13 - x for x in left]
        play = [s * 13 + r for s in range(4) for r in range(found[s], 13)]
        rng.shuffle(play)
        n_talon = rng.randint(0, min(max_talon, len(play) - 1))
        talon = play[:n_talon]
        rest = play[n_talon:]
        ncols = rng.randint(1, 7)
        cols: List[List[List[int]]] = [[[], []] for _ in range(ncols)]
        # face-up runs: a base, then cards that fit, while the dice say so
        for col in cols:
            if not rest:
                break
            col[1].append(rest.pop())
            while rng.random() < 0.55:
                top = col[1][-1]
                fit = [c for c in rest if rank(top) == rank(c) + 1 and is_red(top) != is_red(c)]
                if not fit:
                    break
                c = rng.choice(fit)
                rest.remove(c)
                col[1].append(c)
        cols = [c for c in cols if c[1]]
        # the rest face down, under the runs (at most 6 per column)
        for c in list(rest):
            roomy = [col for col in cols if len(col[0]) < 6]
            if not roomy:
                break
            rng.choice(roomy)[0].append(c)
            rest.remove(c)
        if rest:  # no room left: into the talon (it holds at most 24)
            talon += rest
        if len(talon) > 24:
            continue
        rng.shuffle(cols)
        columns = [(tuple(d), tuple(u)) for d, u in cols]
        if rules.danish:
            # the current three (or what is left of them), and the seam anywhere
            wp = rng.randint(0, min(3, len(talon)))
            pos = make_position(columns, found, waste=talon[:wp], stock=talon[wp:],
                                rules=rules)
            ring = pos.stock + pos.waste
            cut = rng.randint(0, len(ring))
            pos.stock_order = {c: i for i, c in enumerate(ring[cut:] + ring[:cut])}
            return pos
        wp = rng.randint(0, len(talon))
        return make_position(columns, found, waste=talon[:wp], stock=talon[wp:],
                             rules=rules)


# -- the brute force referee -------------------------------------------------------------
def _state(pos: Position, limited: bool):
    cols = tuple(sorted((tuple(p), d) for p, d in zip(pos.piles, pos.down)))
    return (cols, tuple(pos.stock), tuple(pos.waste), tuple(pos.foundations),
            pos.recycles if limited else 0)


class BruteForceLimit(Exception):
    pass


def brute_force(pos: Position, limit: int = 400_000,
                move_filter: Optional[Callable[[Position, List[Move]], List[Move]]] = None
                ) -> bool:
    """Can ``pos`` be won?  Exhaustive depth-first search over the atomic moves of the
    reference rules with a visited set of positions (columns sorted: which column is
    which never matters to the rules).  ``move_filter`` may restrict the moves (used
    to show that a position *needs* some kind of move).  Raises BruteForceLimit past
    ``limit`` positions.  ``pos`` is left unchanged."""
    p = pos.copy()
    limited = p.rules.passes is not None
    seen = {_state(p, limited)}
    if p.is_won():
        return True

    def moves_of(q: Position) -> List[Move]:
        ms = q.legal_moves()
        return move_filter(q, ms) if move_filter else ms

    stack = [iter(moves_of(p))]
    while stack:
        m = next(stack[-1], None)
        if m is None:
            stack.pop()
            if stack:
                p.pop()
            continue
        p.push(m)
        st = _state(p, limited)
        if st in seen:
            p.pop()
            continue
        if p.is_won():
            return True
        seen.add(st)
        if len(seen) > limit:
            raise BruteForceLimit(len(seen))
        stack.append(iter(moves_of(p)))
    return False


class GameGraph:
    """Every position reachable from a start (columns sorted, as in brute_force), the
    atomic moves between them, and which ones can still be won (worked backwards from
    the won positions: a position is won if some move leads to a won one)."""

    def __init__(self, pos: Position, limit: int = 20_000) -> None:
        self.rules = pos.rules
        limited = pos.rules.passes is not None
        p = pos.copy()
        start = _state(p, limited)
        self.states = [start]
        self.index = {start: 0}
        self.succ: List[List[Tuple[Move, int]]] = []
        self.positions = [self._parts(p)]
        i = 0
        frontier = [p]
        while i < len(self.states):
            q = frontier[i]
            out = []
            for m in q.legal_moves():
                q.push(m)
                st = _state(q, limited)
                j = self.index.get(st)
                if j is None:
                    j = len(self.states)
                    if j >= limit:
                        raise BruteForceLimit(j)
                    self.index[st] = j
                    self.states.append(st)
                    self.positions.append(self._parts(q))
                    frontier.append(q.copy())
                out.append((m, j))
                q.pop()
            self.succ.append(out)
            frontier[i] = None  # type: ignore[call-overload]
            i += 1
        pred: List[List[int]] = [[] for _ in self.states]
        for a, out in enumerate(self.succ):
            for _, b in out:
                pred[b].append(a)
        self.won = [sum(st[3]) == 52 for st in self.states]
        todo = [k for k, w in enumerate(self.won) if w]
        while todo:
            b = todo.pop()
            for a in pred[b]:
                if not self.won[a]:
                    self.won[a] = True
                    todo.append(a)

    @staticmethod
    def _parts(q: Position):
        return ([(tuple(p[:d]), tuple(p[d:])) for p, d in zip(q.piles, q.down)],
                list(q.foundations), list(q.waste), list(q.stock), q.recycles)

    def position(self, k: int) -> Position:
        cols, found, waste, stock, rec = self.positions[k]
        return make_position(cols, found, waste=waste, stock=stock, rules=self.rules,
                             recycles=rec)


def no_partial_runs(pos: Position, moves: List[Move]) -> List[Move]:
    """Only whole face-up runs move between columns."""
    out = []
    for m in moves:
        if m.kind == "move" and m.src in PILES and m.dst in PILES:
            i = PILES.index(m.src)
            if m.count != len(pos.piles[i]) - pos.down[i]:
                continue
        out.append(m)
    return out


def always_to_foundation(pos: Position, moves: List[Move]) -> List[Move]:
    """The unsafe house rule: a tableau card that can go up must go up at once."""
    for m in moves:
        if m.kind == "move" and m.src in PILES and m.dst == "F":
            return [m]
    return moves


def safe_to_foundation(pos: Position, card: int) -> bool:
    """The safety rule the core's search relies on (kl_is_safe in _klondike.pxi, from the
    Solvitaire paper): a playable card of rank r (1-based) may go up at once when both
    other-colour foundations stand at r - 1 or more and the twin suit's at r - 2 or more
    (with foundation-to-tableau moves), or r - 2 and r - 3 (without them)."""
    r = rank(card) + 1
    su = suit(card)
    o1, o2 = (1, 2) if su in (0, 3) else (0, 3)
    f = pos.foundations
    if pos.rules.foundation_moves:
        return f[o1] >= r - 1 and f[o2] >= r - 1 and f[3 - su] >= r - 2
    return f[o1] >= r - 2 and f[o2] >= r - 2 and f[3 - su] >= r - 3


def _forced_safe(pos: Position, moves: List[Move], talon: bool) -> List[Move]:
    for m in moves:
        if m.kind == "move" and m.src in PILES and m.dst == "F" \
                and safe_to_foundation(pos, m.card):
            return [m]
    if talon:
        for card in pos.reachable_talon_cards():
            if pos.foundations[suit(card)] == rank(card) and safe_to_foundation(pos, card):
                steps = pos.steps_to_talon_card(card)
                return [steps[0] if steps else Move("move", "W", "F", card)]
    return moves


def forced_safe_moves(pos: Position, moves: List[Move]) -> List[Move]:
    """The core's forced moves, played in Python: a safe tableau card goes up at once
    (the only move); so does a safe talon card with draw 1 and unlimited passes (the
    turns that bring it up first)."""
    return _forced_safe(pos, moves, pos.rules.draw == 1 and pos.rules.passes is None)


def forced_safe_talon_always(pos: Position, moves: List[Move]) -> List[Move]:
    """The same, but safe talon cards forced with any draw and passes: not sound (taking
    a card out of the talon shifts the groups of three), which the tests show."""
    return _forced_safe(pos, moves, True)


__all__ = ["REPO", "DATA", "deal_needing_states", "parse_position", "dump_position", "macro_moves", "macro_key", "macro_keys", "core_move_key",
           "fits_on_pile", "talon_targets", "push_all", "pop_n", "core_board",
           "core_solve", "core_verdict", "replay_core_codes", "python_snapshot",
           "core_snapshot", "cards", "make_position", "position_text", "random_endgame",
           "brute_force", "BruteForceLimit", "GameGraph", "no_partial_runs", "always_to_foundation",
           "safe_to_foundation", "forced_safe_moves", "forced_safe_talon_always",
           "card_str", "rank", "suit", "Deal", "Move", "Position", "Rules", "PILES"]


# -- malformed deal files (tests/data/bad), shared by the reader's and the CLI's tests --
# file -> (substring of the message, line it names or None)
BAD_FILES = {
    "bad_card_token.txt": ("'6X' is not a card", 5),
    "missing_card.txt": ("pile T7 must hold 7 cards, not 6", 9),
    "duplicated_card.txt": ("duplicated card 9C (also on line 3)", 10),
    "t3_wrong_count.txt": ("pile T3 must hold 3 cards, not 4", 5),
    "stock_23.txt": ("the stock must hold 24 cards, not 23", 10),
    "unknown_key.txt": ("unknown key 'tableau'", 6),
    "empty.txt": ("the deal is empty", None),
    "only_comments.txt": ("the deal is empty", None),
    "binary_garbage.txt": ("binary data", None),
    "not_utf8.txt": ("not a UTF-8 text deal file (bad byte at offset 14)", None),
    "missing_t5.txt": ("pile T5 is missing", None),
    "missing_stock.txt": ("'stock:' line is missing", None),
    "key_twice.txt": ("'t2' given twice (first on line 4)", 5),
    "deck_51.txt": ("'deck:' must list 52 cards, not 51", 3),
    "deck_with_t_lines.txt": ("cannot be combined with T1..T7 or stock lines", 4),
    "unknown_game.txt": ("unknown game 'freecell'", 2),
    "acesup_deck_51.txt": ("'deck:' must list 52 cards, not 51", 3),
    "acesup_duplicated.txt": ("duplicated card", 4),
    "acesup_unknown_key.txt": ("unknown key 'waste' in an Aces Up deal", 4),
    "no_colon.txt": ("expected 'key: value', found 'T2 7C JD'", 4),
    "colon_without_key.txt": ("names no key", 4),
}


# -- the replay page in a real browser ------------------------------------------------
BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def browser():
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("KABALSOLVE_REQUIRE_BROWSER"):
        pytest.fail("no chromium on PATH, and KABALSOLVE_REQUIRE_BROWSER is set")
    pytest.skip("chromium is not installed (apt-get install -y chromium): the replay "
                "page cannot be tested in a browser here")


def dump_dom(exe, page, step, tmp_path):
    url = page.resolve().as_uri() + "#step=%d" % step
    r = subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu",
                        "--no-first-run", "--user-data-dir=%s" % (tmp_path / "profile"),
                        "--dump-dom", url],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


# -- the command line, in a subprocess or in-process --------------------------------------
WON_SEED = 1       # won at draw 3 and draw 1 in a few hundred states


def run(args, stdin=None, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "kabalsolve"] + list(args), input=stdin,
                          capture_output=True, cwd=cwd or REPO, env=env, timeout=120)


def call(args, capsys):
    """Run cli.main in-process: (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as e:
        cli.main(list(args))
    out, err = capsys.readouterr()
    code = e.value.code
    return (0 if code is None else code), out, err


def children_of(pid):
    """The pids of the live processes whose parent is ``pid`` (read from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as fh:
                    fields = fh.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry))
    return out


def check_one_error_line(err):
    assert "Traceback" not in err
    lines = err.rstrip("\n").split("\n")
    assert len(lines) == 1 and err.endswith("\n"), err
    assert lines[0].startswith("kabalsolve: error: ")
    return lines[0]
