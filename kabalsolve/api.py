"""The library's entry points for one deal or position: ``solve``, ``is_winnable`` and
``hint``, for every game; ``play``, a Klondike game played without peeking, and
``hint(position, no_peek=True)``, the moves of a Klondike position ranked from what is
visible.

They sit above the games' bridges and hints and find the game of what they are given
through the registry (``games.GAMES``); the rule options each game takes are listed
there too.  A deal may also be given as text (any format ``read_deal`` reads).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Literal, Optional, Tuple, Union, overload

from .bridge import check_budget
from .dealfile import read_deal
from .errors import DealError, OptionError
from .games import GAMES, Game, acesup, clock, game_of, klondike
from .games.acesup import bridge as acesup_bridge
from .games.acesup import hints as acesup_hints
from .games.clock import bridge as clock_bridge
from .games.klondike import bridge as klondike_bridge
from .games.klondike import hints as klondike_hints
from .games.klondike import player as klondike_player
from .games.klondike.estimate import MAX_STATES as NO_PEEK_STATES
from .games.klondike.estimate import SAMPLES as NO_PEEK_SAMPLES
from .games.klondike.position import unknown_cards
from .games.klondike.view import AS_DEALT, STOCK_KNOWN
from .solution import LOST, WON, AcesUpSolution, ClockSolution, Solution

_SolveOpts = Any
AnyDeal = Union[klondike.Deal, clock.Deal, acesup.Deal, klondike.Position, acesup.Position]
#: every rule option that ``solve`` takes, of any game
ALL_OPTIONS = tuple(dict.fromkeys(k for g in GAMES.values() for k in g.options))


def _own_rules(options: Dict[str, Any], names: Tuple[str, ...], what: str) -> None:
    """OptionError if rule keywords (``names``) come with a Position, which carries its
    own rules; the message says where they go instead."""
    given = ", ".join("%s=%r" % (k, options[k]) for k in names if k in options)
    if given:
        raise OptionError("a Position carries its own rules, so %s takes none with it: make "
                          "the Position with them, Position(deal, %s), or take a copy "
                          "under them, position.with_rules(%s)" % (what, given, given))


def _klondike_rules(deal: Any, options: Dict[str, Any], what: str = "solve"
                    ) -> klondike.Rules:
    """The rules a Klondike deal is solved at (a Position: its own, and no rule option
    may come with it)."""
    if isinstance(deal, klondike.Position):
        _own_rules(options, klondike.RULE_KEYWORDS, what)
        return deal.rules
    fm = options.get("foundation_moves")
    return klondike.Rules(draw=options.get("draw", 3),
                          foundation_moves=True if fm is None else fm,
                          passes=options.get("passes"),
                          variant=options.get("variant") or "classic")


def _solve_klondike(deal: Any, options: Dict[str, Any], budgets: Dict[str, Any]) -> Solution:
    rules = _klondike_rules(deal, options)
    objective = options.get("objective") or "win"
    if objective == "win" and not rules.danish:
        # the line made and checked in the core (not replayed on the Python rules)
        return klondike_bridge.solve_win(deal, rules, **budgets)
    if isinstance(deal, klondike.Position):
        return klondike_bridge.solve_position(deal, objective=objective, **budgets)
    return klondike_bridge.solve_klondike(deal, rules, objective=objective, **budgets)


def _solve_acesup(deal: Any, options: Dict[str, Any],
                  budgets: Dict[str, Any]) -> AcesUpSolution:
    best = options.get("best_score")
    best_score = True if best is None else bool(best)
    rules = _acesup_rules(deal, options)
    if isinstance(deal, acesup.Position):
        return acesup_bridge.solve_acesup_position(deal, best_score, **budgets)
    return acesup_bridge.solve_acesup(deal, rules, best_score, **budgets)


def _acesup_rules(deal: Any, options: Dict[str, Any], what: str = "solve") -> acesup.Rules:
    """The rules an Aces Up deal is solved at (a Position: its own, and no rule option
    may come with it)."""
    if isinstance(deal, acesup.Position):
        _own_rules(options, acesup.RULE_KEYWORDS, what)
        return deal.rules
    return acesup.Rules(strict=bool(options.get("strict") or False),
                        discard_first=bool(options.get("discard_first") or False))


def _solve_clock(deal: Any, options: Dict[str, Any], budgets: Dict[str, Any]) -> ClockSolution:
    return clock_bridge.solve_clock(deal)


#: each game's solve, by the game's name
SOLVERS: Dict[str, Callable[[Any, Dict[str, Any], Dict[str, Any]],
                            Union[Solution, ClockSolution, AcesUpSolution]]] = {
    "klondike": _solve_klondike, "acesup": _solve_acesup, "clock": _solve_clock}

#: each game's hint, by the game's name (Clock has no choices, so no hints)
HINTS: Dict[str, Optional[Callable[..., Union[klondike_hints.Hint,
                                              acesup_hints.AcesUpHint]]]] = {
    "klondike": klondike_hints.hint, "acesup": acesup_hints.hint, "clock": None}


def _every_card(deal: Any, what: str) -> None:
    """DealError if ``deal`` is a position with unknown cards: ``what`` needs them all."""
    if isinstance(deal, klondike.PartialPosition):
        raise DealError("%s: %s needs every card; a hint that does not peek takes it "
                        "(hint(position, no_peek=True))"
                        % (unknown_cards(deal.unknown()), what))


def _given(deal: Any, options: Dict[str, Any], **named: Any) -> Tuple[Game, Dict[str, Any]]:
    """The game of ``deal`` and the rule options given for it (None values left out);
    an unknown option, or one of another game, is an OptionError."""
    # (called once per solve: the checks are skipped where nothing can fail them)
    if options:
        unknown = sorted(set(options) - set(ALL_OPTIONS))
        if unknown:
            raise OptionError("unknown option %s" % ", ".join(repr(k) for k in unknown))
        named = dict(options, **named)
    given = {k: v for k, v in named.items() if v is not None}
    game: Game = game_of(deal)
    for k in given:
        if k not in game.options:
            wrong = [k for k in ALL_OPTIONS if k in given and k not in game.options]
            raise OptionError("%s %s not apply to %s" % (
                ", ".join(wrong), "does" if len(wrong) == 1 else "do", game.title))
    return game, given


@overload
def solve(deal: klondike.Deal, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> Solution: ...
@overload
def solve(deal: clock.Deal, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> ClockSolution: ...
@overload
def solve(deal: acesup.Deal, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> AcesUpSolution: ...
@overload
def solve(deal: klondike.Position, draw: Optional[int] = ...,
          foundation_moves: Optional[bool] = ..., max_states: Optional[int] = ...,
          timeout: Optional[float] = ..., passes: Optional[int] = ...,
          max_memory_mb: Optional[int] = ..., **options: _SolveOpts) -> Solution: ...
@overload
def solve(deal: acesup.Position, draw: Optional[int] = ...,
          foundation_moves: Optional[bool] = ..., max_states: Optional[int] = ...,
          timeout: Optional[float] = ..., passes: Optional[int] = ...,
          max_memory_mb: Optional[int] = ..., **options: _SolveOpts) -> AcesUpSolution: ...
@overload
def solve(deal: str, draw: Optional[int] = ..., foundation_moves: Optional[bool] = ...,
          max_states: Optional[int] = ..., timeout: Optional[float] = ...,
          passes: Optional[int] = ..., max_memory_mb: Optional[int] = ...,
          **options: _SolveOpts) -> Union[Solution, ClockSolution, AcesUpSolution]: ...


def solve(deal: Union[AnyDeal, str],
          draw: Optional[int] = None, foundation_moves: Optional[bool] = None,
          max_states: Optional[int] = None, timeout: Optional[float] = None,
          passes: Optional[int] = None, max_memory_mb: Optional[int] = None,
          **options: _SolveOpts) -> Union[Solution, ClockSolution, AcesUpSolution]:
    """Decide a deal of any game; see the package docstring.

    Klondike: ``draw`` (default 3), ``foundation_moves`` (default True), ``passes``
    (default unlimited), ``variant`` ("classic", or "danish": the queue stock of the
    Danish 7-kabale, draw 3 only), ``objective`` ("win"; "max-foundation": also the
    most cards that can reach the foundations, in ``Solution.extra``; "min-moves";
    "max-score").  Aces Up: ``strict`` and ``discard_first`` (default False),
    ``best_score`` (default True: also prove the best score of a lost deal; False: the
    verdict only).  A Klondike or Aces Up ``Position`` (or position text) is decided at
    its own rules, which it carries: rule options with it are refused.  Clock has no
    options: it is played out.  Every game takes the budgets ``max_states``,
    ``timeout`` and ``max_memory_mb``; an option of another game is an OptionError.

    A won line is checked move by move before it is returned: a classic Klondike win
    (objective "win") in the core, by its independent check, and every other line by a
    replay on the Python reference rules; ``Solution.verify()`` replays a Klondike
    line there too (docs/api.md).
    """
    if isinstance(deal, str):
        deal = read_deal(deal)
    _every_card(deal, "solve")
    game, given = _given(deal, options, draw=draw, foundation_moves=foundation_moves,
                         passes=passes)
    check_budget(max_states, timeout, max_memory_mb)
    budgets = dict(max_states=max_states, timeout=timeout, max_memory_mb=max_memory_mb)
    return SOLVERS[game.name](deal, given, budgets)


#: the core's rule keywords for classic Klondike by the rule arguments ``is_winnable`` was
#: given with a Deal and no other option (``_verdict_key``), kept once a call has checked
#: them.  A call with the same arguments then goes straight to the core: an app that
#: checks deal after deal one by one pays about 3 microseconds around the search
#: instead of 7.  At most _VERDICT_KEEP are kept.
_VERDICT_KEYWORDS: Dict[Tuple[Any, ...], Dict[str, Any]] = {}
_VERDICT_KEEP = 64


def _verdict_key(draw: Any, foundation_moves: Any, passes: Any) -> Tuple[Any, ...]:
    # each value with its type: draw=True is not draw=1
    return (draw, type(draw), foundation_moves, type(foundation_moves), passes,
            type(passes))


def is_winnable(deal: Union[AnyDeal, str], draw: Optional[int] = None,
                foundation_moves: Optional[bool] = None, max_states: Optional[int] = None,
                timeout: Optional[float] = None, passes: Optional[int] = None,
                max_memory_mb: Optional[int] = None, **options: Any) -> Optional[bool]:
    """True (won), False (proved lost) or None (a budget ran out first).  Takes the
    options of ``solve``.

    Only the verdict is searched for, and no line is handed back, so less is done than
    by ``solve``: a classic Klondike win is checked by the core's independent compiled
    replay of the search's line (``solve`` writes the line out as atomic moves and
    checks those with it), and a loss is the search's exhaustive proof, as in
    ``solve``.  Aces Up: the verdict without the best score, a win checked the same
    way, by the core's independent compiled replay of its line.  Other cases go through
    ``solve``, which replays the line on the Python rules."""
    if type(deal) is klondike.Deal and not options:
        # the short way, for the rules of an earlier call (_VERDICT_KEYWORDS)
        kw = _VERDICT_KEYWORDS.get(_verdict_key(draw, foundation_moves, passes))
        if kw is not None:
            return {WON: True, LOST: False}.get(klondike_bridge.deal_verdict(
                deal, kw, max_states, timeout, max_memory_mb))
    if isinstance(deal, str):
        deal = read_deal(deal)
    _every_card(deal, "is_winnable")
    game, given = _given(deal, options, draw=draw, foundation_moves=foundation_moves,
                         passes=passes)
    check_budget(max_states, timeout, max_memory_mb)
    budgets = dict(max_states=max_states, timeout=timeout, max_memory_mb=max_memory_mb)
    if game.name == klondike.NAME and given.get("objective", "win") == "win":
        rules = _klondike_rules(deal, given, "is_winnable")
        if not rules.danish:
            if type(deal) is klondike.Deal and not options and \
                    len(_VERDICT_KEYWORDS) < _VERDICT_KEEP:
                _VERDICT_KEYWORDS[_verdict_key(draw, foundation_moves, passes)] = \
                    klondike_bridge.verdict_keywords(rules)
            assert isinstance(deal, (klondike.Deal, klondike.Position))  # game_of says so
            result = klondike_bridge.verdict(deal, rules, max_states=max_states,
                                             timeout=timeout, max_memory_mb=max_memory_mb)
            return {WON: True, LOST: False}.get(result)
    if game.name == acesup.NAME and not given.get("best_score"):
        ac_rules = _acesup_rules(deal, given, "is_winnable")
        assert isinstance(deal, (acesup.Deal, acesup.Position))  # game_of says so
        start = deal if isinstance(deal, acesup.Position) else acesup.Position(deal,
                                                                                 ac_rules)
        return {WON: True, LOST: False}.get(acesup_bridge.verdict(
            start, max_states=max_states, timeout=timeout, max_memory_mb=max_memory_mb))
    sol = SOLVERS[game.name](deal, given, budgets)
    return {WON: True, LOST: False}.get(sol.result)


@overload
def hint(position: klondike.Position, max_states: Optional[int] = ...,
         timeout: Optional[float] = ..., max_memory_mb: Optional[int] = ..., *,
         no_peek: Literal[False] = ..., samples: None = ..., seed: None = ...
         ) -> klondike_hints.Hint: ...
@overload
def hint(position: acesup.Position, max_states: Optional[int] = ...,
         timeout: Optional[float] = ..., max_memory_mb: Optional[int] = ..., *,
         no_peek: Literal[False] = ..., samples: None = ..., seed: None = ...
         ) -> acesup_hints.AcesUpHint: ...
@overload
def hint(position: Union[klondike.Position, klondike.PartialPosition],
         max_states: Optional[int] = ..., timeout: None = ..., max_memory_mb: None = ...,
         *, no_peek: Literal[True], samples: Optional[int] = ..., seed: Optional[int] = ...
         ) -> klondike_hints.NoPeekHint: ...


def hint(position: Union[klondike.Position, klondike.PartialPosition, acesup.Position],
         max_states: Optional[int] = None, timeout: Optional[float] = None,
         max_memory_mb: Optional[int] = None, *, no_peek: bool = False,
         samples: Optional[int] = None, seed: Optional[int] = None
         ) -> Union[klondike_hints.Hint, acesup_hints.AcesUpHint, klondike_hints.NoPeekHint]:
    """Decide every legal move of a Klondike or Aces Up ``position``: which keep the
    game winnable (Aces Up: also the best score each leaves).  ``max_states`` bounds
    each search, ``timeout`` the whole call; what they stop is "unknown", never
    "lost".  See ``kabalsolve.games.klondike.hints`` and ``...acesup.hints``.

    ``no_peek=True`` (Klondike): rank the moves from what is visible instead, by the
    share of ``samples`` random deals of the unseen cards (default 100) each wins, at
    most ``max_states`` positions a search (default 10,000; a deal whose search runs
    out counts as not won), the deals seeded by ``seed`` (default 0) and the view: the
    face-down cards are never looked at, the stock cards are known unless written
    ``??`` (a ``PartialPosition``).  Returns a ``NoPeekHint``, best first."""
    if no_peek:
        if not isinstance(position, (klondike.Position, klondike.PartialPosition)):
            raise OptionError("no_peek is for Klondike positions, not %s"
                              % type(position).__name__)
        if timeout is not None or max_memory_mb is not None:
            raise OptionError("no_peek takes max_states as its budget, not %s: its answer "
                              "is the same on every machine" % (
                                  "timeout" if timeout is not None else "max_memory_mb"))
        return klondike_hints.hint_no_peek(
            position, NO_PEEK_SAMPLES if samples is None else samples,
            NO_PEEK_STATES if max_states is None else max_states,
            0 if seed is None else seed)
    if samples is not None or seed is not None:
        raise OptionError("%s applies with no_peek=True only"
                          % ("samples" if samples is not None else "seed"))
    _every_card(position, "hint")
    game = game_of(position)
    fn = HINTS[game.name]
    if fn is None or game.Position is None or not isinstance(position, game.Position):
        raise OptionError("hints are for Klondike and Aces Up positions, not %s"
                          % type(position).__name__)
    check_budget(max_states, timeout, max_memory_mb)
    return fn(position, max_states, timeout, max_memory_mb)


def play(deal: Union[klondike.Deal, klondike.Position, str], draw: Optional[int] = None,
         seed: int = 0, stock_known: bool = False, samples: int = klondike_player.SAMPLES,
         max_states: int = klondike_player.MAX_STATES, passes: Optional[int] = None,
         foundation_moves: Optional[bool] = None, solve_deal: bool = False
         ) -> klondike_player.PlayResult:
    """Play a Klondike deal as a player who sees only what is face up and remembers
    every card once seen (``kabalsolve.games.klondike.player``).  ``stock_known``: the
    stock's order is known from the start (lonelybot's model); else a stock card is
    unknown until turned.  ``seed`` seeds the player's random deals of the unseen
    cards; ``samples`` is how many it deals for a choice, ``max_states`` the positions
    each search of one may visit.  ``solve_deal``: also ask the thoughtful solver about
    the deal (``PlayResult.deal_result``).  The rules: ``draw`` (default 3), ``passes``
    (default unlimited), ``foundation_moves`` (default True); a deal's first
    ``Position`` (a deal file that states its rules reads as one) is played at the
    classic rules it carries, and takes no rule keywords."""
    if isinstance(deal, str):
        deal = read_deal(deal)
    if isinstance(deal, klondike.Position) and deal.at_start() and not deal.rules.danish:
        _own_rules(dict(draw=draw, passes=passes, foundation_moves=foundation_moves),
                   tuple(k for k, v in (("draw", draw), ("passes", passes),
                                        ("foundation_moves", foundation_moves))
                         if v is not None), "play")
        rules = deal.rules
        deal = deal.to_deal()
    elif not isinstance(deal, klondike.Deal):
        if isinstance(deal, klondike.Position) and deal.rules.danish:
            raise OptionError("play plays classic Klondike, not the danish variant")
        if isinstance(deal, klondike.PartialPosition):
            raise OptionError("play takes a Klondike deal, not a position with unknown "
                              "cards (??): the player is dealt every card")
        if isinstance(deal, klondike.Position):
            raise OptionError("play takes a Klondike deal (or a deal's first position), not "
                              "a position part-way through a game")
        g = game_of(deal)
        raise OptionError("play takes a Klondike deal, not %s %s deal"
                          % (g.article(), g.title))
    else:
        rules = klondike.Rules(draw=3 if draw is None else draw,
                               foundation_moves=True if foundation_moves is None
                               else foundation_moves, passes=passes)
    return klondike_player.play_deal(
        deal, rules, seed=seed, samples=samples, max_states=max_states,
        model=STOCK_KNOWN if stock_known else AS_DEALT,
        solve_deal=solve_deal)
