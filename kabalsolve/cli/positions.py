"""The commands about positions: ``kabalsolve hint`` and ``kabalsolve show``.

Each game that has positions keeps its side of them (how a position file's own rules
meet the command line's rule options, one move's verdict, the board) in
``games/<game>/cli.py``; ``POSITION_SIDES`` finds it by the game's name.  ``hint
--no-peek`` ranks a Klondike position's moves from what is visible
(``games/klondike/estimate.py``).
"""
from __future__ import annotations

from typing import Any, Dict, Optional

import click

from ..api import hint
from ..errors import KabalError, OptionError
from ..games import GAMES
from ..games.acesup import cli as acesup_cli
from ..games.klondike import cli as klondike_cli
from ..games.klondike import estimate
from .numbered import read_deal_arg
from .options import (EXIT, Whole, acesup_rules, budget_options, fail, game_options,
                      klondike_position_rules)

#: each game's side of the position commands, by the game's name (Clock has none: it
#: has no choices to hint at and no position to show)
POSITION_SIDES: Dict[str, Any] = {"klondike": klondike_cli, "acesup": acesup_cli}


def read_any_position(name: str, opts: Dict[str, Any]) -> Any:
    """The position a command's file argument names (a deal file gives the position
    before any move), under the file's rules and the options; a rule option of another
    game is refused."""
    d, _ = read_deal_arg(name)
    game_options(click.get_current_context(), d.game)
    side = POSITION_SIDES.get(d.game)
    if side is None:
        raise OptionError("%s: positions, hints and the board are for %s only" % (
            name, " and ".join(GAMES[g].title for g in POSITION_SIDES)))
    return side.position_of(d, name, opts)


@click.command("hint", short_help="Which moves of a position keep the game winnable.")
@click.argument("position", metavar="POSITION")
@klondike_position_rules
@acesup_rules
@click.option("--move", "move", default=None, metavar="MOVE",
              help="Only say whether this move (e.g. 'W T3', 'T2 F', 'D'; Aces Up 'D', "
                   "'P2 X', 'P3 P1') forfeits the win (Aces Up: or lowers the best "
                   "score).")
@click.option("--no-peek", is_flag=True,
              help="Klondike: rank the moves from what is visible, as a player who does "
                   "not peek: the face-down cards are never looked at, and stock cards "
                   "are known unless written ??. Each move is tried on the same random "
                   "deals of the unseen cards; the share it wins comes with its 95 %% "
                   "interval. --max-states (default %d here) bounds each search; a deal "
                   "whose search runs out counts as not won." % estimate.MAX_STATES)
@click.option("--samples", type=Whole(1, estimate.MAX_SAMPLES), default=None,
              metavar="K", help="With --no-peek: the random deals of the unseen cards "
                                "(default %d)." % estimate.SAMPLES)
@click.option("--seed", type=Whole(0, estimate.MAX_SEED), default=None, metavar="S",
              help="With --no-peek: seeds the random deals (default 0); the same "
                   "position and seed give the same answer.")
@click.option("--json", "as_json", is_flag=True,
              help="With --no-peek: print the ranking as JSON (one object).")
@budget_options
def hint_cmd(position: str, draw: int, passes: Optional[int], no_foundation_moves: bool,
             strict: bool, discard_first: bool, move: Optional[str], no_peek: bool,
             samples: Optional[int], seed: Optional[int], as_json: bool,
             max_states: Optional[int], timeout: Optional[float]) -> None:
    """The moves of POSITION (a position or deal file, - for standard input, or a
    numbered deal NAME:N) that keep
    the game winnable, best first; exit 0 if there is one, 1 if the position is lost.
    Aces Up also gives the best score reachable after each move.  Positions are
    classic Klondike or Aces Up.  With --no-peek, the moves of a Klondike position
    ranked by the share of random deals of the unseen cards each wins (exit 0; 1 if
    no move is legal).

    \b
    Examples:
      kabalsolve hint position.txt
      kabalsolve hint deal.txt --draw 1            the first move of a deal
      kabalsolve hint position.txt --move 'W T3'   does this move keep the win?
      kabalsolve hint position.txt --no-peek       moves ranked without peeking
      kabalsolve show deal.txt --at 40 | kabalsolve hint -
    """
    if not no_peek:
        given = [name for name, on in (("--samples", samples is not None),
                                       ("--seed", seed is not None), ("--json", as_json))
                 if on]
        if given:
            raise fail("%s applies with --no-peek only" % given[0])
    elif move is not None:
        raise fail("--move and --no-peek do not go together: --no-peek ranks every move")
    elif timeout is not None:
        raise fail("--timeout does not apply with --no-peek: its budget is --max-states, "
                   "so that the same position gives the same answer everywhere")
    try:
        pos = read_any_position(position, dict(
            draw=draw, passes=passes, foundation_moves=not no_foundation_moves,
            strict=strict, discard_first=discard_first))
        if no_peek:
            if pos.game != "klondike":
                raise OptionError("--no-peek is for Klondike positions, not %s"
                                  % GAMES[pos.game].title)
            ranked = hint(pos, max_states=max_states, no_peek=True, samples=samples,
                          seed=seed)
        else:
            klondike_cli.every_card(pos, position, "hint",
                                    "add --no-peek to rank its moves from what is visible")
            if move is not None:
                raise click.exceptions.Exit(POSITION_SIDES[pos.game].one_move(
                    pos, move, max_states, timeout))
            h = hint(pos, max_states=max_states, timeout=timeout)
    except KabalError as e:
        raise fail(str(e))
    if no_peek:
        click.echo(ranked.to_json() if as_json else str(ranked))
        raise click.exceptions.Exit(1 if ranked.result == "lost" else 0)
    click.echo(str(h))
    raise click.exceptions.Exit(EXIT[h.result])


@click.command(short_help="Solve, then show the board after each move.")
@click.argument("deal", metavar="DEAL")
@klondike_position_rules
@acesup_rules
@click.option("--all", "show_all", is_flag=True,
              help="Print the board after every move at once (the default when the "
                   "output is not a terminal).")
@click.option("--at", "at", type=Whole(0, None), default=None, metavar="N",
              help="Print the position after N moves of the solution as a position "
                   "file.")
@click.option("--html", "html", default=None, metavar="FILE",
              help="Write a self-contained web page that replays the solution.")
@budget_options
def show(deal: str, draw: int, passes: Optional[int], no_foundation_moves: bool,
         strict: bool, discard_first: bool, show_all: bool,
         at: Optional[int], html: Optional[str], max_states: Optional[int],
         timeout: Optional[float]) -> None:
    """Solve DEAL (a deal or position file, - for standard input, or a numbered deal
    NAME:N) and show the board
    after each move (Aces Up: of the line that reaches the best score), below the
    verdict line.  Classic Klondike and Aces Up.

    \b
    Examples:
      kabalsolve show deal.txt              Enter: the next move, q: stop
      kabalsolve show deal.txt --all        every board at once
      kabalsolve show deal.txt --at 40      the position after 40 moves, as a file
      kabalsolve show deal.txt --html replay.html
    """
    try:
        pos = read_any_position(deal, dict(
            draw=draw, passes=passes, foundation_moves=not no_foundation_moves,
            strict=strict, discard_first=discard_first))
        klondike_cli.every_card(pos, deal, "show", "kabalsolve hint --no-peek ranks its "
                                "moves from what is visible")
        status = POSITION_SIDES[pos.game].show(pos, deal, show_all, at, html, max_states,
                                               timeout)
    except KabalError as e:
        raise fail(str(e))
    raise click.exceptions.Exit(status)
