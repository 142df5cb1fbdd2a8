"""``kabalsolve play``: play a Klondike deal without peeking, and print the game."""
from __future__ import annotations

import dataclasses
from typing import Optional

import click

from ..api import play
from ..errors import KabalError
from ..games.klondike import player
from .numbered import read_deal_arg
from .options import EXIT, MAX_STATES_TYPE, Whole, fail


@click.command("play", short_help="Play a Klondike deal without peeking at hidden cards.")
@click.argument("deal", metavar="DEAL")
@click.option("--draw", type=Whole(1, 24), default=3, show_default=True, metavar="N",
              help="Cards turned from the stock at a time.")
@click.option("--passes", type=Whole(1, 255), default=None, metavar="N",
              help="Passes through the stock allowed (default: unlimited).")
@click.option("--no-foundation-moves", is_flag=True,
              help="No moves back from the foundations to the tableau.")
@click.option("--stock-known", is_flag=True,
              help="The stock's order is known from the start (lonelybot's model); "
                   "by default a stock card is unknown until it is turned.")
@click.option("--seed", type=Whole(0, 2**64 - 1), default=0, show_default=True,
              metavar="N", help="Seeds the player's random deals of the cards it has "
                                "not seen: the same seed plays the same game.")
@click.option("--samples", type=Whole(1, player.MAX_SAMPLES), default=player.SAMPLES,
              show_default=True, metavar="N",
              help="Random deals of the unseen cards each choice is first weighed on "
                   "(the better half on twice as many, three times): fewer play "
                   "faster and worse.")
@click.option("--max-states", type=MAX_STATES_TYPE, default=player.MAX_STATES,
              show_default=True, metavar="N",
              help="Positions each search of one random deal may visit.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the game as JSON (one object) instead of text.")
@click.option("--quiet", "-q", is_flag=True, help="Print the verdict line only.")
def play_cmd(deal: str, draw: int, passes: Optional[int], no_foundation_moves: bool,
             stock_known: bool, seed: int, samples: int, max_states: int, as_json: bool,
             quiet: bool) -> None:
    """Play the Klondike DEAL (a deal file, - for standard input, or a numbered deal
    NAME:N) as a person who
    does not peek: the player sees only the face-up cards and remembers every card
    once seen.  Exit 0 if it wins, 1 if it loses; a lost game also says whether the
    deal itself is winnable.

    \b
    Examples:
      kabalsolve play deal.txt                 draw 3, stock cards unknown
      kabalsolve play --stock-known deal.txt   the stock's order known
      kabalsolve play --samples 50 deal.txt    weigh each choice on more deals
      kabalsolve play solvitaire:7             Solvitaire's seed 7
      kabalsolve generate --seed 5 | kabalsolve play -
    """
    try:
        d, numbered = read_deal_arg(deal)
        game = play(d, draw=draw, seed=seed, stock_known=stock_known, samples=samples,
                    max_states=max_states, passes=passes,
                    foundation_moves=not no_foundation_moves, solve_deal=True)
        if numbered is not None:
            game = dataclasses.replace(game, numbered=numbered)
    except KabalError as e:
        raise fail(str(e))
    if as_json:
        click.echo(game.to_json())
    elif quiet:
        click.echo(game.verdict_line())
    else:
        click.echo(str(game))
    raise click.exceptions.Exit(EXIT[game.result])
