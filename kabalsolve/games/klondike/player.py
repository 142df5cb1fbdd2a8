"""Klondike played without peeking: a player that sees only what a person sees.

The player gets a ``view.View`` of the game (the face-up cards, the foundations, the
waste, the stock cards seen so far and how many cards lie face down) and answers with
one atomic move of the reference rules: a draw, a recycle, or a card or run moved.  A
move that plays a talon card several turns deep would look at cards not yet turned, so
the player turns them one draw at a time, like a person.

What it chooses between.  A free move shows no card and one move undoes it: a card or
run moved off a face-up card onto a column (or, with foundation-to-tableau moves, to
its foundation), a card taken down from its foundation, and a turn of the stock that
shows only cards already seen.  Free moves change nothing for good, so a choice is
some free moves and then one move that does: one that turns a card up, takes a card
out of the talon, empties a column for good, puts a card up for good (no
foundation-to-tableau moves) or turns a card not seen before.  Every choice changes
the game for good, so the player never plays a move and its undo over and over.
The choices are those found by following the free moves breadth first (at most
MAX_NODES layouts; each card and place it goes to once), and, when that stopped short,
the first choice of each win the core finds in a few imagined deals (DISCOVER).

How it chooses (hindsight optimisation, as Bjarnason, Fern and Tadepalli's players
and lonelybot's do): it imagines deals that fit what it has seen, the unseen cards in
the unknown places in a random order, and asks the thoughtful core whether each is won
within ``max_states`` positions after a choice (``bridge.SampledPosition``: the k-th
imagined deal is the same for every choice, so choices are compared on the same
cards).  Every choice is weighed on ``samples`` deals, the better half on twice as
many, and so on (successive halving, HALVINGS times at most): the close calls get the
most deals.  The choice that wins the most is played, free moves and all; but a search
that sees every card sees no value in turning one up, so the choices that win at most
MARGIN of the deals fewer than the best count as good, and between them the best
``_kind_of`` (turning a card up first) is played, then the one that wins most, then
the shortest.

The other rule, ``rule="ucb"`` (measured in docs/results.md: with 100 samples it won
no more than this one, at four times the time), shares the imagined deals out as a bandit shares its pulls (UCB1,
as lonelybot's player does): every choice first gets BATCH deals; then, batch by batch,
the choice with the highest share of deals won plus EXPLORE x sqrt(ln(deals so far) /
its deals) gets the next BATCH, so the promising choices get most of the deals and a
choice that looked bad on a few deals still gets more now and then.  The first choice
to be weighed on ``samples`` deals is played, free moves and all (equal shares: what
turns a card up first, see ``_kind_of``).  Each search is small, so a choice after
which the game is won easily counts for more than one after which it is won only with
a long search: what keeps the most options open wins the most deals.

Without sampling:

- a safe foundation move is made at once: a tableau card that the core's own rule
  (kl_is_safe in _klondike.pxi) proves never needed below; from the waste, the same at
  draw 1 or in the last pass.  A card so safe is never taken down from its foundation;
- the only choice, when the free moves were followed to the end, is made;
- once at most one card is unknown the game is known: the thoughtful solver decides it
  (``max_states`` x KNOWN_FACTOR positions), and the player follows the win it finds;
  in a game it proves lost it first sends up as many cards as the solver finds can
  still go (the max-foundation search: what counts at Vegas), then gives up;
- when no sample is winnable the player plays on by ``_kind_of`` alone until it sees a
  card it had not seen;
- when no choice is left, it sends to the foundations what can go, then stops.

The imagined deals come from a seed drawn from ``random.Random`` seeded by the seed and a
hash of the view (``View.digest``), so the same visible game with the same seed gives the same move on
every run and machine, and the searches have budgets in positions, never in time.

With a limit on the passes through the stock (Vegas: draw 3 with 3 passes, draw 1 with
1) the player knows the limit: its choices turn the stock only within it, and every
imagined deal is searched at the same rules.

A game ends won, or lost when no choice is left, when the player gives up a game proved
lost, or when it makes no progress (no card turned up or first seen, no card leaving
the talon, no new high of cards on the foundations) in STALL_PASSES passes through the
stock or STALL_MOVES moves.  Every choice changes the game for good, so the last
should never be needed; it is the bound that makes sure every game ends.
"""
from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from ...bridge import check_budget, scaled_states, whole
from ...cards import Card, is_red, rank, suit
from ...errors import OptionError
from ...solution import LOST, WON
from .bridge import (SampledPosition, decode_klondike_move, quick_search, solve_klondike,
                     solve_position)
from .rules import PILES, Deal, Move, Position, Rules, start_position
from .view import AS_DEALT, Table, View

#: the defaults: the imagined deals each choice is first weighed on ("halving") or the
#: played choice is weighed on ("ucb"; 100 is its measured setting), positions per
#: search, and the rule
SAMPLES = 16
RULE = "halving"
MAX_STATES = 1_000
#: the rule "halving" (the default): every choice on ``samples`` deals, then the better half on twice
#: as many, at most this often ...
HALVINGS = 3
#: ... and the choices that win at most this share of the imagined deals fewer than the
#: best count as good: between them the kind decides (a sample shows no value in seeing
#: a card)
MARGIN = 0.05
#: imagined deals searched for choices when the free moves were not followed to the end
DISCOVER = 4
#: a game without progress ends lost after this many passes through the stock ...
STALL_PASSES = 3
#: ... or this many moves
STALL_MOVES = 150
#: the known game's search gets this many times max_states
KNOWN_FACTOR = 1_000
#: the rule "ucb": the batch of imagined deals a choice gets at a time,
#: and the exploration constant of UCB1 (lonelybot's player's)
BATCH = 10
EXPLORE = 0.5
#: the rules a player may follow
RULES = ("ucb", "halving")
#: the most layouts the free moves are followed to
MAX_NODES = 64
#: the most samples taken
MAX_SAMPLES = 10_000
#: the budget of the thoughtful solver's verdict on the deal (``solve_deal``)
DEAL_STATES = 5_000_000


def _safe_up(view: View, card: int) -> bool:
    """Whether ``card`` may go to its foundation at once (kl_is_safe: see its proof)."""
    r, s = rank(card) + 1, suit(card)
    f = view.foundations
    twin = 3 - s
    other = (1, 2) if s in (0, 3) else (0, 3)
    if view.rules.foundation_moves:
        return f[other[0]] >= r - 1 and f[other[1]] >= r - 1 and f[twin] >= r - 2
    return f[other[0]] >= r - 2 and f[other[1]] >= r - 2 and f[twin] >= r - 3


def _safe(view: View, move: Move) -> bool:
    """Whether ``move`` (legal) is a safe foundation move: from the tableau always when
    the card is safe; from the waste at draw 1 or in the last pass (kl_gen's 1b)."""
    if move.dst != "F" or move.card is None:
        return False
    if move.src == "W":
        r = view.rules
        last_pass = r.passes is not None and view.recycles >= r.passes - 1
        if not (r.draw == 1 or last_pass):
            return False
    elif move.src == "F":
        return False
    return _safe_up(view, move.card)


class Progress:
    """Progress in a game: a card seen for the first time, a card leaving the talon, or
    more cards on the foundations than ever before.  Each can happen only so often, so
    a bound on the moves between two bounds the game."""

    def __init__(self) -> None:
        self.mark: Optional[Tuple[int, int, int]] = None

    def made(self, view: View) -> bool:
        """Whether ``view`` shows progress since the last view given (the first does)."""
        now = (view.unknown(), len(view.waste) + len(view.stock), sum(view.foundations))
        last = self.mark
        if last is not None and now[0] >= last[0] and now[1] >= last[1] and \
                now[2] <= last[2]:
            return False
        self.mark = (now[0], now[1], now[2] if last is None else max(now[2], last[2]))
        return True


@dataclass
class Tally:
    """What the player did: choices made by sampling, and searches of the core."""
    sampled: int = 0
    searches: int = 0


def _renumbers(pos: Position, move: Move) -> bool:
    """Whether a tableau move takes a whole column without face-down cards to an empty
    column: it only swaps the two columns' numbers."""
    i = PILES.index(move.src)
    return (not pos.down[i] and move.count == len(pos.piles[i])
            and not pos.piles[PILES.index(move.dst)])


def _free(pos: Position, move: Move) -> bool:
    """Whether a legal move of ``pos`` shows no card and one move undoes it: a card or
    run moved off a face-up card onto a column (or, with foundation-to-tableau moves
    allowed, to its foundation), a lone King sent up from its column (with those
    moves), or a card taken down from its foundation."""
    if move.src == "F":
        return True
    if move.src not in PILES:
        return False
    assert move.card is not None    # a legal move from a column names its card
    i = PILES.index(move.src)
    rest = len(pos.piles[i]) - move.count
    if rest == pos.down[i] and (rest or rank(move.card) != 12):
        return False        # shows a card, or empties the column for good
    return move.dst != "F" or pos.rules.foundation_moves


@dataclass(frozen=True)
class Choice:
    """What the player chooses between: free moves (see ``_free``), then one move that
    cannot be undone, in ``moves``; ``kind`` orders equals (see ``_kind_of``)."""
    moves: Tuple[Move, ...]
    kind: int


def _kind_of(pos: Position, move: Move) -> int:
    """The order between choices the samples cannot tell apart, best first: what shows
    a face-down card, what sends a card up, what takes one out of the waste, a draw
    that shows a card not seen, what empties a column."""
    if move.kind == "draw":
        return 3
    if move.src in PILES:
        i = PILES.index(move.src)
        if pos.down[i] and len(pos.piles[i]) - move.count == pos.down[i]:
            return 0
    if move.dst == "F":
        return 1
    return 2 if move.src == "W" else 4


class Player:
    """A player that does not peek (see the module docstring).  ``choose(view)`` gives
    its move, or None when it has none to make: no move left that changes the game,
    or a known game proved lost (then ``gave_up`` is set)."""

    def __init__(self, seed: int = 0, samples: int = SAMPLES,
                 max_states: int = MAX_STATES, rule: str = RULE) -> None:
        self.seed = seed
        self.rule = rule
        self.samples = samples
        self.max_states = max_states
        self.tally = Tally()
        self.gave_up = False
        self._plan: List[Move] = []             # the rest of the chosen moves
        self._hopeless: Optional[int] = None    # unknown() when no sample was winnable
        self._closing = False                   # a known game proved lost

    def choose(self, view: View) -> Optional[Move]:
        """The move to play in ``view``, or None (see the class docstring)."""
        pos = view.any_position()
        legal = pos.legal_moves()
        if self._plan:
            if self._plan[0] in legal:
                return self._plan.pop(0)
            self._plan = []
        for m in legal:
            if _safe(view, m):
                return m
        if view.unknown() <= 1:
            return self._known(view, pos)
        choices, complete = self.choices(view, pos)
        if complete and len(choices) <= 1:
            best = choices[0] if choices else None
        elif self._hopeless is not None and view.unknown() == self._hopeless:
            best = min(choices, key=lambda c: (c.kind, len(c.moves)), default=None)
        else:
            self._hopeless = None
            if self.rule == "ucb":
                best = self._bandit(view, pos, choices, complete)
            else:
                best = self._sampled(view, pos, choices, complete)
        if best is None:
            return _up(legal)
        self._plan = list(best.moves[1:])
        return best.moves[0]

    def _talon(self, view: View, pos: Position
               ) -> Tuple[List[Tuple[Card, List[Move]]], Optional[List[Move]]]:
        """The talon cards the player can bring to the top of the waste by turns that
        show only cards it has seen, each with the fewest turns that do (the first on
        top of the waste with none); and the turns up to and with the first draw that
        shows a card not seen, or None."""
        seen = set(view.shown())
        limited = pos.rules.passes is not None
        p = pos.copy()
        steps: List[Move] = []
        plays: List[Tuple[Card, List[Move]]] = []
        tops = set()
        visited = set()
        while True:
            state = (len(p.waste), p.recycles if limited else 0)
            if state in visited:
                return plays, None
            visited.add(state)
            if p.waste and p.waste[-1] not in tops:
                tops.add(p.waste[-1])
                plays.append((p.waste[-1], list(steps)))
            if p.can_draw():
                m = Move.draw()
                if any(c not in seen for c in p.stock[:p.rules.draw]):
                    return plays, steps + [m]
            elif p.can_recycle():
                m = Move.recycle()
            else:
                return plays, None
            p.push(m)
            steps.append(m)

    def choices(self, view: View, pos: Position) -> Tuple[List[Choice], bool]:
        """Every move that cannot be undone reached by free moves, breadth first, once
        each (a move is named by its card and where it goes: the card it goes onto, or
        the foundation), and a draw that shows a card not seen; and whether the free
        moves were followed to the end (not stopped at MAX_NODES layouts)."""
        plays, look = self._talon(view, pos)
        found: Dict[Tuple[Any, ...], Choice] = {}
        if look is not None:
            found[("draw",)] = Choice(tuple(look), _kind_of(pos, look[-1]))
        queue: List[Tuple[Position, Tuple[Move, ...]]] = [(pos, ())]
        layouts = {self._layout(pos)}
        complete = True
        for node, path in queue:
            for m in node.legal_moves():
                if m.kind != "move" or m.src == "W":
                    continue
                assert m.card is not None    # every legal card move names its card
                if m.src == "F" and _safe_up(view, m.card):
                    continue
                if m.src in PILES and m.dst in PILES and _renumbers(node, m):
                    continue
                if _free(node, m):
                    child = node.copy()
                    child.push(m)
                    layout = self._layout(child)
                    if layout in layouts:
                        continue
                    if len(layouts) >= MAX_NODES:
                        complete = False
                        continue
                    layouts.add(layout)
                    queue.append((child, path + (m,)))
                    continue
                self._add(found, node, path, m)
            for card, steps in plays:
                for m in _talon_moves(node, card):
                    self._add(found, node, path + tuple(steps), m)
        return list(found.values()), complete

    def _line_choice(self, view: View, sample: Position, codes: List[int]) -> Choice:
        """The choice a win the core found in ``sample`` starts with: its atomic moves up
        to and with the first that cannot be undone or shows a card not seen (all of
        them if none does)."""
        seen = set(view.shown())
        p = sample.copy()
        moves: List[Move] = []
        for code in codes:
            for m in decode_klondike_move(p, code):
                if m.kind == "draw":
                    last = any(c not in seen for c in p.stock[:p.rules.draw])
                else:
                    last = m.kind == "move" and not _free(p, m)
                kind = _kind_of(p, m)
                p.push(m)
                moves.append(m)
                if last:
                    return Choice(tuple(moves), kind)
        return Choice(tuple(moves), 1)

    @staticmethod
    def _layout(pos: Position) -> Tuple[Any, ...]:
        return tuple(map(tuple, pos.piles)), tuple(pos.down), tuple(pos.foundations)

    @staticmethod
    def _add(found: Dict[Tuple[Any, ...], Choice], node: Position,
             path: Tuple[Move, ...], move: Move) -> None:
        """Add the choice ``path`` + ``move`` (``move`` from ``node``), unless one with
        the same card going to the same place is there already."""
        onto: Any = "F"
        if move.dst != "F":
            pile = node.piles[PILES.index(move.dst)]
            onto = pile[-1] if pile else None
        key = (move.card, onto)
        if key not in found:
            found[key] = Choice(path + (move,), _kind_of(node, move))

    def _known(self, view: View, pos: Position) -> Optional[Move]:
        """Every card is known (one unknown card is known too): decide the game, and
        follow the win found; if the search cannot tell, choose by ``kind`` alone."""
        if self._closing:
            self.gave_up = True
            return None
        self.tally.searches += 1
        sol = solve_position(pos, max_states=scaled_states(self.max_states, KNOWN_FACTOR),
                             max_memory_mb=256)
        if sol.result == LOST:
            # lost for sure: send up as many cards as can still go (the Vegas score)
            self._closing = True
            self.tally.searches += 1
            most = solve_position(pos, max_states=self.max_states * KNOWN_FACTOR,
                                  max_memory_mb=256, objective="max-foundation")
            if most.moves and most.extra.get("foundation", 0) > sum(pos.foundations):
                self._plan = list(most.moves[1:])
                return most.moves[0]
            self.gave_up = True
            return None
        if sol.result == WON and sol.moves:
            self._plan = list(sol.moves[1:])
            return sol.moves[0]
        choices, _complete = self.choices(view, pos)
        if not choices:
            return None
        best = min(choices, key=lambda c: (c.kind, len(c.moves)))
        self._plan = list(best.moves[1:])
        return best.moves[0]

    def _arms(self, view: View, pos: Position, choices: List[Choice],
              complete: bool) -> Optional[List[SampledPosition]]:
        """What both rules weigh: each choice played from ``pos``, to be judged on the same
        imagined deals of the unseen cards (one seed for all); None when no choice is
        left (choices not yet all known are found first)."""
        rng = view.rng(self.seed)
        self.tally.sampled += 1
        if not complete:
            self._discover(view, pos, choices, rng)
        if not choices:
            return None
        seed = rng.getrandbits(64)
        unseen = view.unseen()
        arms = []
        for c in choices:
            p = pos.copy()
            for m in c.moves:
                p.push(m)
            arms.append(SampledPosition(p, unseen, seed, self.max_states))
        return arms

    def _sampled(self, view: View, pos: Position, choices: List[Choice],
                 complete: bool = True) -> Optional[Choice]:
        """The choice that keeps the most imagined deals winnable (see the module
        docstring), by successive halving: every choice is weighed on ``samples``
        deals, the better half on twice as many, and so on up to HALVINGS times."""
        arms = self._arms(view, pos, choices, complete)
        if arms is None:
            return None
        wins = [0] * len(choices)
        done = 0                            # samples every live choice has been weighed on
        alive = list(range(len(choices)))
        size = self.samples
        for _round in range(HALVINGS + 1):
            for i in alive:
                wins[i] += arms[i].wins(done, size - done)
                self.tally.searches += size - done
            done = size
            alive.sort(key=lambda i: (-wins[i], choices[i].kind, len(choices[i].moves), i))
            top = wins[alive[0]]
            near = top - MARGIN * done
            if len(alive) == 1 or top == 0 or all(wins[i] >= near for i in alive):
                break
            half = (len(alive) + 1) // 2
            alive = [i for k, i in enumerate(alive) if k < half or wins[i] >= near]
            size *= 2
        top = wins[alive[0]]
        if not top:
            self._hopeless = view.unknown()
        near = top - MARGIN * done
        best = min((i for i in alive if wins[i] >= near), key=lambda i: (
            choices[i].kind, -wins[i], len(choices[i].moves), i))
        return choices[best]

    def _bandit(self, view: View, pos: Position, choices: List[Choice],
                complete: bool = True) -> Optional[Choice]:
        """UCB1 over the choices, BATCH imagined deals at a time, until one choice has
        been weighed on ``samples`` deals: that one is played."""
        arms = self._arms(view, pos, choices, complete)
        if arms is None:
            return None
        n = len(choices)
        batch = min(BATCH, self.samples)
        wins = [arm.wins(0, batch) for arm in arms]
        played = [batch] * n
        total = n * batch
        self.tally.searches += total
        while n > 1 and max(played) < self.samples:
            log = math.log(total)
            i = max(range(n), key=lambda j: (
                wins[j] / played[j] + EXPLORE * math.sqrt(log / played[j]),
                -choices[j].kind, -j))
            wins[i] += arms[i].wins(played[i], batch)
            played[i] += batch
            total += batch
            self.tally.searches += batch
        i = max(range(n), key=lambda j: (played[j], wins[j], -choices[j].kind, -j))
        if max(wins) == 0:
            self._hopeless = view.unknown()
            return min(choices, key=lambda c: (c.kind, len(c.moves)))
        return choices[i]

    def _discover(self, view: View, pos: Position, choices: List[Choice],
                  rng: random.Random) -> None:
        """Add the first choices of the wins the core finds in a few imagined deals
        (DISCOVER) to ``choices``: the free moves were not followed to the end."""
        index = {self._after(pos, c) for c in choices}
        for _ in range(DISCOVER):
            sample = view.sample(rng)
            self.tally.searches += 1
            result, codes = quick_search(sample, self.max_states)
            if result != WON:
                continue
            c = self._line_choice(view, sample, codes)
            key = self._after(pos, c)
            if key not in index:
                index.add(key)
                choices.append(c)

    @staticmethod
    def _after(pos: Position, choice: Choice) -> Tuple[Any, ...]:
        """Where the cards lie after ``choice`` in ``pos``."""
        p = pos.copy()
        for m in choice.moves:
            p.push(m)
        return (tuple(map(tuple, p.piles)), tuple(p.down), tuple(p.foundations),
                tuple(p.waste), tuple(p.stock), p.recycles)


def _up(legal: List[Move]) -> Optional[Move]:
    """A move of ``legal`` that sends a card from the tableau or the waste to its
    foundation, or None: what is left to do when no choice changes the game."""
    for m in legal:
        if m.kind == "move" and m.dst == "F" and m.src != "F":
            return m
    return None


def _talon_moves(pos: Position, card: Card) -> List[Move]:
    """The moves of ``card`` from the top of the waste in ``pos`` (where it need not
    be now): to its foundation, onto a column."""
    out = []
    if pos.foundations[suit(card)] == rank(card):
        out.append(Move("move", "W", "F", card))
    for j, pile in enumerate(pos.piles):
        if (rank(pile[-1]) == rank(card) + 1 and is_red(pile[-1]) != is_red(card)
                if pile else rank(card) == 12):
            out.append(Move("move", "W", PILES[j], card))
    return out


@dataclass
class PlayResult:
    """A game played without peeking.  ``result`` is "won" or "lost"; ``moves`` the
    atomic moves played (each played on the reference rules); ``model`` "as-dealt" or
    "stock-known"; ``ended`` why the game ended: "won", "no-move" (none left),
    "proved-lost" (the player gave up a known game the solver proved lost) or
    "no-progress"; ``deal_result`` what the thoughtful solver says of the deal ("won",
    "lost" or "unknown"; None if not asked)."""
    deal: Deal
    rules: Rules
    model: str
    seed: int
    samples: int
    max_states: int
    result: str
    moves: List[Move]
    ended: str
    tally: Tally
    seconds: float
    deal_result: Optional[str] = None
    #: the numbered deal played (``kabalsolve.numbering``): numbering, number, title
    numbered: Optional[Dict[str, str]] = None

    @property
    def won(self) -> bool:
        return self.result == WON

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {
            "game": "klondike", "draw": self.rules.draw,
            "foundation_moves": self.rules.foundation_moves, "passes": self.rules.passes,
            "model": self.model, "seed": self.seed, "samples": self.samples,
            "max_states": self.max_states, "result": self.result, "ended": self.ended,
            "moves": [m.to_json() for m in self.moves]}
        if self.deal_result is not None:
            d["deal_result"] = self.deal_result
        if self.numbered is not None:
            d["numbered"] = self.numbered
        d["stats"] = {"sampled": self.tally.sampled, "searches": self.tally.searches,
                      "seconds": self.seconds}
        return d

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def verdict_line(self) -> str:
        n = len(self.moves)
        head = "%s: played without peeking, %d move%s" % (self.result, n,
                                                            "" if n == 1 else "s")
        if not self.won:
            head += ", " + ENDINGS[self.ended]
            if self.deal_result is not None:
                head += "; the deal itself is %s" % (
                    "winnable" if self.deal_result == WON else self.deal_result)
        r = self.rules
        passes = "" if r.passes is None else ", %d pass%s" % (
            r.passes, "" if r.passes == 1 else "es")
        f2t = "" if r.foundation_moves else ", no foundation moves"
        named = ", " + self.numbered["title"] if self.numbered else ""
        return "%s (klondike draw %d%s%s, %s%s); %d searches in %.3f s" % (
            head, r.draw, passes, f2t, self.model, named, self.tally.searches, self.seconds)

    def move_lines(self) -> List[str]:
        """The moves in plain words, numbered, as ``solve`` prints a line."""
        pos = start_position(self.deal, self.rules)
        width = len(str(len(self.moves)))
        lines = []
        for n, m in enumerate(self.moves, 1):
            lines.append("%*d. %s" % (width, n, pos.describe(m)))
            pos.push(m)
        return lines

    def __str__(self) -> str:
        return "\n".join([self.verdict_line()] + self.move_lines())


#: how the verdict line says why a lost game ended
ENDINGS = {"no-move": "no move left that changes the game",
           "proved-lost": "given up: every card known, and the solver proves it lost",
           "no-progress": "no progress in %d passes or %d moves" % (STALL_PASSES,
                                                                   STALL_MOVES)}


def play_deal(deal: Deal, rules: Rules, seed: int = 0, model: str = AS_DEALT,
              samples: int = SAMPLES, max_states: int = MAX_STATES,
              solve_deal: bool = False, rule: str = RULE) -> PlayResult:
    """Play ``deal`` at ``rules`` without peeking (see the module docstring); with
    ``solve_deal``, also ask the thoughtful solver about the deal (at most DEAL_STATES
    positions) when the game is lost.  ``rule`` shares the imagined deals between the
    choices: "halving" (the default) or "ucb" (the bandit, see the module docstring)."""
    if rules.danish:
        raise OptionError("play is for classic Klondike, not the danish variant")
    if not whole(seed, 0, 2**64 - 1):
        raise OptionError("seed must be a whole number from 0 to 2**64 - 1, not %r"
                          % (seed,))
    if not whole(samples, 1, MAX_SAMPLES):
        raise OptionError("samples must be a whole number from 1 to %d, not %r"
                          % (MAX_SAMPLES, samples))
    if rule not in RULES:
        raise OptionError("rule must be one of %s, not %r" % (", ".join(RULES), rule))
    check_budget(max_states, None, None)
    t0 = time.perf_counter()
    table = Table(deal, rules, model)
    player = Player(seed, samples, max_states, rule)
    view = table.view()
    progress = Progress()
    progress.made(view)
    idle_moves = idle_passes = 0
    ended = WON
    while not table.is_won():
        move = player.choose(view)
        if move is None:
            ended = "proved-lost" if player.gave_up else "no-move"
            break
        table.play(move)
        view = table.view()
        if progress.made(view):
            idle_moves = idle_passes = 0
        else:
            idle_moves += 1
            idle_passes += move.kind == "recycle"
            if idle_moves >= STALL_MOVES or idle_passes >= STALL_PASSES:
                ended = "no-progress"
                break
    seconds = time.perf_counter() - t0
    result = WON if table.is_won() else LOST
    deal_result = None
    if solve_deal:
        deal_result = WON if result == WON else solve_klondike(
            deal, rules, max_states=DEAL_STATES).result
    return PlayResult(deal, rules, model, seed, samples, max_states, result,
                      table.moves(), ended, player.tally, seconds, deal_result)
