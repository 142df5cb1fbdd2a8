"""How often each move of a Klondike position wins, for a player who does not peek.

A player at the table sees the face-up cards, the foundations, the waste and the stock
cards it knows (a ``view.View``); the cards it has not seen lie in the unknown places
in any order, each order as likely as another.  ``estimate_moves`` deals them at
random into those places ``samples`` times, plays each legal move on every such deal,
and asks the core (``bridge.SampledPosition``, at most ``max_states`` positions a
search) whether the deal can still be won after it.  A move's share of deals won
estimates the chance that the game can be won after it by one who would know every
card from then on: a guide for a player who does not, not a promise.  A deal whose
search ran out of budget counts as not won, so a small budget lowers every share, the
harder positions' most.

Every move is tried on the same deals (common random numbers): the difference between
two moves then comes from the moves, not from the luck of their deals.  The random
deals come from a seed drawn from ``View.rng`` (the seed and a hash of the view), and
the budget is in positions, never in time, so the same view and seed give the same
answer on every run and machine.  Two positions that differ only in
cards the player cannot see have the same view, hence the same answer.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Tuple, Union

from ...bridge import check_budget, whole
from ...cards import card_symbol
from ...errors import OptionError
from ...stats import wilson
from .bridge import SampledPosition
from .position import PartialPosition
from .rules import PILES, Move, Position
from .view import View

#: the defaults: random deals of the unseen cards, positions per search
SAMPLES = 100
MAX_STATES = 10_000
#: the most random deals taken
MAX_SAMPLES = 10_000
#: the largest seed (it is hashed as 8 bytes)
MAX_SEED = 2**64 - 1


@dataclass(frozen=True)
class MoveEstimate:
    """One legal move and how many of the random deals of the unseen cards can be won
    after it.  ``text`` is the short move text, ``words`` the move in plain words
    (naming no card the player has not seen), ``wins`` of ``samples`` the deals won,
    ``interval`` the 95 % Wilson interval of the share (fractions)."""
    move: Move
    text: str
    words: str
    wins: int
    samples: int
    interval: Tuple[float, float]

    @property
    def rate(self) -> float:
        """The share of the deals won: ``wins / samples``."""
        return self.wins / self.samples if self.samples else 0.0

    def to_dict(self) -> Dict[str, Any]:
        return {"move": self.move.to_json(), "text": self.text, "words": self.words,
                "wins": self.wins, "samples": self.samples, "rate": self.rate,
                "interval": [round(x, 4) for x in self.interval]}


def view_of(position: Union[Position, PartialPosition]) -> View:
    """What a player who does not peek sees of ``position``: never the face-down cards
    of the columns (known or not), the stock cards that are known (all of a
    ``Position``'s, lonelybot's stock-known model; a ``PartialPosition``'s but those
    written ``??``)."""
    if isinstance(position, PartialPosition):
        return View(position.rules,
                    tuple((len(down), tuple(up)) for down, up in position.columns),
                    tuple(position.foundations), tuple(position.waste),
                    tuple(position.stock), position.recycles)
    if isinstance(position, Position):
        return View.of(position, set(position.stock))
    raise OptionError("a Klondike position is needed, not %s" % type(position).__name__)


def words(view: View, pos: Position, move: Move) -> str:
    """``move`` in plain words (``Position.describe``) as the player of ``view`` can say
    it: a card turned up in a column, or turned from the stock, that the player has not
    seen is not named.  ``pos`` is a position of the view."""
    text = pos.describe(move)
    if move.kind == "draw":
        k = min(view.rules.draw, len(view.stock))
        if k and view.stock[k - 1] is None:
            text = "turn %s from the stock (a card not seen yet on top of the waste)" % (
                "1 card" if k == 1 else "%d cards" % k)
    elif move.src in PILES:
        i = PILES.index(move.src)
        pile = pos.piles[i]
        rest = len(pile) - move.count
        if rest > 0 and pos.down[i] == rest:
            shown = " (turn up %s in %s)" % (card_symbol(pile[rest - 1]), move.src)
            assert text.endswith(shown), text
            text = text[:-len(shown)] + " (turn up a face-down card in %s)" % move.src
    return text


def check_settings(samples: int, max_states: int, seed: int) -> None:
    """OptionError unless the estimate's settings are whole numbers in range."""
    if not whole(samples, 1, MAX_SAMPLES):
        raise OptionError("samples must be a whole number from 1 to %d, not %r"
                          % (MAX_SAMPLES, samples))
    if not whole(seed, 0, MAX_SEED):
        raise OptionError("seed must be a whole number from 0 to 2**64 - 1, not %r"
                          % (seed,))
    if max_states is None:
        raise OptionError("max_states must be a whole number: the estimate's searches "
                          "need a budget")
    check_budget(max_states, None, None)


def estimate_moves(view: View, samples: int = SAMPLES, max_states: int = MAX_STATES,
                   seed: int = 0) -> Tuple[List[MoveEstimate], int]:
    """Each legal move of ``view`` with the deals won after it (see the module
    docstring), in the order of ``Position.legal_moves()``; and the number of searches
    made."""
    check_settings(samples, max_states, seed)
    if view.rules.danish:
        raise OptionError("hints are for classic Klondike, not the danish variant")
    pos = view.any_position()
    legal = pos.legal_moves()
    seed64 = view.rng(seed).getrandbits(64)
    unseen = view.unseen()
    wins = []
    for m in legal:
        child = pos.copy()
        child.push(m)
        wins.append(SampledPosition(child, unseen, seed64, max_states).wins(0, samples))
    searches = samples * len(legal)
    out = [MoveEstimate(m, pos.move_text(m), words(view, pos, m), wins[i], samples,
                        wilson(wins[i], samples))
           for i, m in enumerate(legal)]
    return out, searches
