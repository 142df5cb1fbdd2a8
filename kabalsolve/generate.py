"""Generated deals: seeded deals of any game (the shuffle is ``kabalsolve.seeds``, the
same on every machine and every version) or PySolFC's Klondike games, optionally only
those proved winnable, and their text in any deal format.

``generate`` yields ``Generated(seed, deal, solution)``; ``render`` writes one in a
chosen format, with what is known about it (where the deal came from, and for a solved
deal its verdict, solution length, states searched and difficulty) where the format has
room: comments in our text format, the ``info`` object of our JSON.

With ``no_peek_rate=K`` each winnable Klondike deal is also played K times by the player
that does not peek (``kabalsolve.play``, player seeds 0 to K - 1), and labelled with the
games it won: how hard the deal is for a person, beside how hard the solver found it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, Optional, Union

from . import formats
from .api import play, solve
from .errors import OptionError
from .formats import pysolfc
from .games import acesup, clock, game_named, klondike
from .games.klondike import player
from .games.acesup.position import deal_to_text as acesup_deal_text
from .games.klondike.position import deal_to_text as klondike_deal_text
from .games.klondike.view import AS_DEALT, STOCK_KNOWN
from .numbering import SCHEMES, check_number, named, scheme, title

#: the most games a deal's no-peek rate plays
MAX_NO_PEEK_GAMES = 1000

def difficulty(states: int) -> int:
    """A 1..5 rating of how hard the solver found a deal, from the positions it searched:
    1 up to 100, 2 up to 1,000, 3 up to 10,000, 4 up to 100,000, 5 above."""
    return max(1, min(5, math.ceil(math.log10(max(states, 1)) - 1e-9) - 1))


@dataclass(frozen=True)
class NoPeek:
    """How a deal went for the player that does not peek: ``won`` of ``games`` games
    (player seeds 0 to games - 1), with the player's ``model``, ``samples`` and
    ``max_states``."""
    won: int
    games: int
    model: str
    samples: int
    max_states: int

    def text(self) -> str:
        """The comment line of the text format."""
        seeds = "player seed 0" if self.games == 1 else "player seeds 0-%d" % (
            self.games - 1)
        return ("won without peeking in %d of %d games (%s, %d samples, at most %d "
                "positions a search, %s)" % (self.won, self.games, self.model,
                                             self.samples, self.max_states, seeds))

    def to_dict(self) -> Dict[str, Any]:
        """The ``no_peek`` object of the JSON format's ``info``."""
        return {"won": self.won, "games": self.games, "model": self.model,
                "samples": self.samples, "max_states": self.max_states}


@dataclass(frozen=True)
class Generated:
    """One generated deal: its seed, the deal, (when it was solved) the solution, and
    (when it was played without peeking) how many of those games were won."""
    seed: int
    deal: Union[klondike.Deal, clock.Deal, acesup.Deal]
    solution: Optional[Any] = None
    no_peek: Optional[NoPeek] = None

    def to_text(self, title: Optional[str] = None) -> str:
        """The deal file, with the seed (or the ``title`` of a numbered deal) and (if
        solved) the verdict, the solution length, the states searched and the difficulty
        rating as comments; and the games won without peeking when they were played.  A
        solved deal states the rules it was solved under beside the deal (read back, it is
        the position before any move, under them), so that the file solved as it is gives
        the verdict it states."""
        lines = ["%s (kabalsolve generate)" % (title or "seed %d" % self.seed)]
        sol = self.solution
        if self.deal.game == clock.NAME and sol is not None:
            lines.append("%s; %d cards turned" % (sol.result, len(sol.moves)))
        elif sol is not None:
            lines.append("%s; %d moves; %d states searched; difficulty %d of 5" % (
                sol.result, len(sol.moves), sol.stats.states, difficulty(sol.stats.states)))
        if self.no_peek is not None:
            lines.append(self.no_peek.text())
        head = "".join("# %s\n" % line for line in lines)
        return head + deal_text(self)


def proved_rules(g: Generated) -> Any:
    """The rules ``g`` was solved under (its solution's), or None: an unsolved deal, or
    Clock, which has no rules."""
    return getattr(g.solution, "rules", None) if g.solution is not None else None


def deal_text(g: Generated) -> str:
    """The deal file of ``g``: a solved deal states the rules it was solved under, so
    that the file, solved as it is, gives the verdict its comment states."""
    rules = proved_rules(g)
    if rules is None:
        return g.deal.to_text()
    if isinstance(g.deal, klondike.Deal):
        return klondike_deal_text(g.deal, rules)
    assert isinstance(g.deal, acesup.Deal)   # a Clock solution has no rules: None above
    return acesup_deal_text(g.deal, rules)


def no_peek_options(game: str, rules: Dict[str, Any], no_peek_rate: int,
                    stock_known: bool, samples: int, player_max_states: int
                    ) -> Optional[Dict[str, Any]]:
    """``kabalsolve.play``'s keywords for the no-peek games of ``generate`` (None when
    ``no_peek_rate`` is 0); an OptionError when they cannot be played."""
    if no_peek_rate == 0:
        return None
    if not isinstance(no_peek_rate, int) or isinstance(no_peek_rate, bool) or \
            not 1 <= no_peek_rate <= MAX_NO_PEEK_GAMES:
        raise OptionError("no_peek_rate must be a whole number from 1 to %d games, not %r"
                          % (MAX_NO_PEEK_GAMES, no_peek_rate))
    if game != klondike.NAME:
        raise OptionError("no_peek_rate plays Klondike deals only, not %s deals" % game)
    if rules.get("variant", "classic") != "classic":
        raise OptionError("no_peek_rate plays classic Klondike, not the %s variant"
                          % rules.get("variant"))
    return dict({k: rules[k] for k in ("draw", "passes", "foundation_moves") if k in rules},
                stock_known=stock_known, samples=samples, max_states=player_max_states)


def rate_no_peek(deal: klondike.Deal, games: int, options: Dict[str, Any]) -> NoPeek:
    """Play ``deal`` ``games`` times without peeking, with player seeds 0 to games - 1
    (``options``: ``kabalsolve.play``'s other keywords), and count the wins."""
    won = sum(play(deal, seed=k, **options).won for k in range(games))
    return NoPeek(won, games, STOCK_KNOWN if options.get("stock_known") else AS_DEALT,
                  options.get("samples", player.SAMPLES),
                  options.get("max_states", player.MAX_STATES))


def klondike_deal(seed: int) -> klondike.Deal:
    """Klondike deal number ``seed`` (``kabalsolve.deal_from_seed``)."""
    return klondike.Deal.from_seed(seed)


def generate(game: str = "klondike", seed: int = 1, count: int = 1, winnable: bool = False,
             no_peek_rate: int = 0, stock_known: bool = False,
             samples: int = player.SAMPLES, player_max_states: int = player.MAX_STATES,
             numbering: Optional[str] = None, **rules: Any) -> Iterator[Generated]:
    """Deals number seed, seed + 1, ... of ``game`` (seeded deals are numbered from 1,
    as ``kabalsolve batch --seeds`` and ``kabalsolve stats`` count them; 0 is a seed
    too).  With ``winnable``, each is solved
    (``rules`` go to ``kabalsolve.solve``: draw, foundation_moves, passes, variant,
    budgets) and only deals proved won are kept, until ``count`` of them have been
    yielded; the same arguments give the same deals on every machine.

    ``no_peek_rate=K`` (1 to 1000, with ``winnable``, classic Klondike): each deal kept
    is also played K times without peeking (``kabalsolve.play`` with player seeds 0 to
    K - 1, ``stock_known``, ``samples`` and ``player_max_states`` as its
    ``max_states``), and ``Generated.no_peek`` counts the games won.

    ``numbering`` (a name of ``kabalsolve.numbering.SCHEMES``, Klondike only): the
    deals are that program's deals number seed, seed + 1, ... instead of ours."""
    make: Callable[[int], Union[klondike.Deal, clock.Deal, acesup.Deal]] = \
        game_named(game).from_seed
    end = 1 << 64
    if numbering is not None:
        if game != klondike.NAME:
            raise OptionError("a numbering numbers Klondike deals, not %s deals" % game)
        numbers = scheme(numbering)
        check_number(numbering, seed)
        make, end = numbers.deal, numbers.hi + 1
    if count < 0:
        raise OptionError("count must not be negative")
    playing = no_peek_options(game, rules, no_peek_rate, stock_known, samples,
                              player_max_states)
    if playing is not None and not winnable:
        raise OptionError("no_peek_rate plays the winnable deals: give winnable=True too")
    n = 0
    s = seed
    while n < count:
        if s >= end:
            raise OptionError("ran out of seeds below 2**64" if numbering is None else
                              "ran out of %s numbers (the last is %d)" % (numbering, end - 1))
        deal = make(s)
        if winnable:
            sol = solve(deal, **rules)
            if sol.result == "won":
                no_peek = None
                if playing is not None:
                    # no_peek_options refused every game but Klondike
                    assert isinstance(deal, klondike.Deal)
                    no_peek = rate_no_peek(deal, no_peek_rate, playing)
                yield Generated(s, deal, sol, no_peek)
                n += 1
        else:
            yield Generated(s, deal)
            n += 1
        s += 1


#: where a generated deal's number comes from: our seeds, PySolFC's game numbers
#: (``pysol_range``), or a numbering of ``kabalsolve.numbering`` (by its name)
ORIGINS = ("seed", "pysol") + tuple(SCHEMES)


def info(g: Generated, origin: str = "seed") -> Dict[str, Any]:
    """What is known about ``g``, as a small JSON-ready dict."""
    d: Dict[str, Any] = {"seed" if origin == "seed" else "pysol_game": g.seed}
    if origin in SCHEMES:
        d = {"numbered": named(origin, g.seed)}
    sol = g.solution
    if sol is not None:
        d["result"] = sol.result
        if g.deal.game == "clock":
            d["turned"] = len(sol.moves)
        else:
            d["moves"] = len(sol.moves)
            d["states"] = sol.stats.states
            d["difficulty"] = difficulty(sol.stats.states)
    if g.no_peek is not None:
        d["no_peek"] = g.no_peek.to_dict()
    return d


def render(g: Generated, fmt: str = "text", origin: str = "seed") -> str:
    """``g`` in format ``fmt``.  In the text format a seeded deal is written exactly as
    ``Generated.to_text`` writes it; a PySolFC deal says which game it is."""
    if origin not in ORIGINS:
        raise OptionError("unknown origin %r" % origin)
    if fmt == "text":
        if origin == "seed":
            return g.to_text()
        if origin in SCHEMES:
            return g.to_text(title(origin, g.seed))
        lines = ["PySolFC Klondike game %d, before PySolFC turns the first stock card(s)"
                 % g.seed]
        sol = g.solution
        if sol is not None:
            lines.append("%s; %d moves (the first is PySolFC's own turn); %d states searched; "
                         "difficulty %d of 5" % (sol.result, len(sol.moves), sol.stats.states,
                                                 difficulty(sol.stats.states)))
        if g.no_peek is not None:
            lines.append(g.no_peek.text())
        return "".join("# %s\n" % ln for ln in lines) + deal_text(g)
    if fmt == "json":
        return formats.write(g.deal, fmt, info(g, origin), proved_rules(g))
    return formats.write(g.deal, fmt)


def pysol_range(first: int, last: int, winnable: bool = False, no_peek_rate: int = 0,
                stock_known: bool = False, samples: int = player.SAMPLES,
                player_max_states: int = player.MAX_STATES,
                **rules: Any) -> Iterator[Generated]:
    """PySolFC's Klondike games ``first``..``last``; with ``winnable`` only those proved
    won under ``rules`` (kabalsolve.solve's keywords), each with its solution, whose
    first move is PySolFC's own first turn (see pysolfc.as_pysolfc); ``no_peek_rate``
    and the player's settings as in ``generate``."""
    pysolfc.check_game(first)
    pysolfc.check_game(last)
    playing = no_peek_options(klondike.NAME, rules, no_peek_rate, stock_known, samples,
                              player_max_states)
    if playing is not None and not winnable:
        raise OptionError("no_peek_rate plays the winnable deals: give winnable=True too")
    for n in range(first, last + 1):
        deal = pysolfc.deal(n)
        if not winnable:
            yield Generated(n, deal)
            continue
        sol = solve(deal, **rules)
        if sol.result == "won":
            yield Generated(n, deal, pysolfc.as_pysolfc(sol), None if playing is None else
                            rate_no_peek(deal, no_peek_rate, playing))
