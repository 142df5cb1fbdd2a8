"""``kabalsolve generate``: reproducible deals, optionally only winnable ones."""
from __future__ import annotations

import os
from typing import Any, Dict, Optional

import click

from ..errors import KabalError, OptionError
from ..formats import EXTENSIONS, FORMATS, ONE_LINE
from ..formats.pysolfc import parse_range
from ..games import GAMES, NAMES
from ..games.klondike import player
from ..generate import MAX_NO_PEEK_GAMES
from ..generate import generate as gen
from ..generate import pysol_range as pysol_gen
from ..generate import render
from ..numbering import SCHEMES
from .options import (MAX_STATES_TYPE, Whole, acesup_rules, fail, game_options,
                      klondike_rules)
from .progress import Progress


class FirstNumber(Whole):
    """--seed: a seed from 0 to 2**64 - 1, or with --numbering a number of that
    numbering (lonelybot's run to 52! - 1), checked in the command."""

    def __init__(self) -> None:
        super().__init__(0, None)

    def _describe_range(self) -> str:
        return "0 to 2**64 - 1"


@click.command(short_help="Write reproducible deals, or only winnable ones.")
@click.option("--game", type=click.Choice(NAMES), default="klondike",
              show_default=True, help="The game of the deals.")
@click.option("--count", type=Whole(0, None), default=1, show_default=True,
              metavar="N", help="How many deals to write.")
@click.option("--seed", type=FirstNumber(), default=1, show_default=True,
              metavar="N", help="The first deal number: deal N of a game is the same on "
                                "every machine and in every version (--numbering: "
                                "another range).")
@click.option("--winnable", is_flag=True,
              help="Keep only deals proved winnable, each with its verdict, solution "
                   "length, states searched and a 1-5 difficulty rating as comments.")
@click.option("--no-peek-rate", type=Whole(1, MAX_NO_PEEK_GAMES), default=None,
              metavar="K",
              help="Klondike, with --winnable: also play each deal K times without "
                   "peeking (as 'kabalsolve play' does, player seeds 0 to K-1) and note "
                   "how many of the K games were won: how hard the deal is for a person.")
@click.option("--stock-known", is_flag=True,
              help="With --no-peek-rate: the stock's order is known from the start.")
@click.option("--samples", type=Whole(1, player.MAX_SAMPLES), default=None, metavar="N",
              help="With --no-peek-rate: random deals of the unseen cards the player "
                   "weighs each choice on (default %d)." % player.SAMPLES)
@click.option("--max-states", type=MAX_STATES_TYPE, default=None, metavar="N",
              help="With --no-peek-rate: positions each of the player's searches may "
                   "visit (default %d)." % player.MAX_STATES)
@klondike_rules
@acesup_rules
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text",
              show_default=True, help="The format to write the deals in.")
@click.option("--numbering", type=click.Choice(list(SCHEMES)), default=None,
              help="Klondike: another program's deals, numbered its own way (--seed is "
                   "the first number): %s." % ", ".join(SCHEMES))
@click.option("--pysol-range", default=None, metavar="A-B",
              help="PySolFC's Klondike games A to B instead of seeded deals.")
@click.option("--out", default="-", show_default=True, metavar="DIR|-",
              help="A directory to write GAME-SEED.txt files into (other formats: "
                   ".json, .board, .deck; PySolFC games: pysol-klondike-N.*), or - for "
                   "standard output (deals separated by blank lines, or one a line in "
                   "the one-line formats).")
@click.option("--force", is_flag=True,
              help="With --out DIR: overwrite deal files that exist (without it, an "
                   "existing file is an error).")
@click.pass_context
def generate(ctx: click.Context, game: str, count: int, seed: int, winnable: bool,
             no_peek_rate: Optional[int], stock_known: bool, samples: Optional[int],
             max_states: Optional[int], draw: int, passes: Optional[int], no_foundation_moves: bool, variant: str,
             strict: bool, discard_first: bool, fmt: str, numbering: Optional[str],
             pysol_range: Optional[str], out: str, force: bool) -> None:
    """Write reproducible deals (the same seed gives the same deals everywhere), to
    standard output or one file each into a directory.

    \b
    Examples:
      kabalsolve generate                          deal 1 of Klondike
      kabalsolve generate --seed 7 | kabalsolve -  write deal 7 and solve it
      kabalsolve generate --count 100 --out deals/
      kabalsolve generate --count 10 --winnable --draw 1 --out draw1/
      kabalsolve generate --game acesup --count 5 --format json
      kabalsolve generate --pysol-range 1-20 --winnable --passes 3
      kabalsolve generate --numbering greenfelt --seed 100 --count 5 --winnable
      kabalsolve generate --count 5 --winnable --no-peek-rate 10
    """
    game_options(ctx, game)
    playing: Dict[str, Any] = {}
    if no_peek_rate is not None:
        if game != "klondike":
            raise fail("--no-peek-rate plays Klondike deals only, not %s"
                       % GAMES[game].title)
        if variant == "danish":
            raise fail("--no-peek-rate plays classic Klondike, not the danish variant")
        if not winnable:
            raise fail("--no-peek-rate plays the winnable deals: give --winnable too")
        playing = dict(no_peek_rate=no_peek_rate, stock_known=stock_known,
                       samples=samples or player.SAMPLES,
                       player_max_states=max_states or player.MAX_STATES)
    else:
        given = [p for p in ("stock_known", "samples", "max_states")
                 if ctx.get_parameter_source(p) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise fail("--%s sets the player of --no-peek-rate: give --no-peek-rate too"
                       % given[0].replace("_", "-"))
    rules: Dict[str, Any] = {}
    if game == "klondike":
        rules = dict(draw=draw, passes=passes, foundation_moves=not no_foundation_moves,
                     variant=variant)
    elif game == "acesup":
        rules = dict(strict=strict, discard_first=discard_first, best_score=False)
    if numbering is None and seed >= 2**64:
        raise click.BadParameter("%d is not in the range 0 to 2**64 - 1." % seed,
                                 ctx=ctx, param_hint="'--seed'")
    origin, prefix = "seed", game
    if numbering is not None:
        if pysol_range is not None:
            raise fail("--pysol-range names the deals itself: drop --numbering")
        if game != "klondike":
            raise fail("--numbering numbers Klondike deals, not %s" % GAMES[game].title)
        origin, prefix = numbering, numbering
    if pysol_range is not None:
        given = [p for p in ("count", "seed", "game")
                 if ctx.get_parameter_source(p) != click.core.ParameterSource.DEFAULT]
        if given:
            raise fail("--pysol-range names the deals itself: drop --%s" % given[0])
        origin, prefix = "pysol", "pysol-klondike"
    if out != "-":
        try:
            os.makedirs(out, exist_ok=True)
        except OSError as e:
            raise fail("%s: cannot make the directory: %s" % (out, e.strerror or e))
    try:
        if pysol_range is not None:
            first, last = parse_range(pysol_range)
            deals = pysol_gen(first, last, winnable, **playing, **rules)
            total = last - first + 1
        else:
            deals = gen(game, seed=seed, count=count, winnable=winnable, **playing,
                        numbering=numbering, **rules)
            total = count
        with Progress(total if winnable else 0, "generate") as progress:
            for n, g in enumerate(deals):
                text = render(g, fmt, origin)
                if out == "-":
                    click.echo(("\n" if n and fmt not in ONE_LINE else "") + text, nl=False)
                else:
                    write_deal(os.path.join(out, "%s-%d%s" % (prefix, g.seed,
                                                             EXTENSIONS[fmt])), text, force)
                if pysol_range is not None:     # a step per game of the range tried
                    progress.advance(g.seed - first + 1 - progress.done,
                                     note="%d kept" % (n + 1))
                else:                           # a step per deal kept
                    progress.advance(note="%d tried" % (g.seed - seed + 1))
    except KabalError as e:
        raise fail(str(e))


def write_deal(path: str, text: str, force: bool) -> None:
    """Write one deal file; one that exists already is an OptionError unless ``force``
    (a deal file may hold comments of its own, and a run must not silently lose them)."""
    try:
        with open(path, "w" if force else "x", encoding="utf-8") as fh:
            fh.write(text)
    except FileExistsError:
        raise OptionError("%s exists already: give --force to overwrite it, or another "
                          "--out or --seed" % path) from None
    except OSError as e:
        raise OptionError("%s: cannot write: %s" % (path, e.strerror or e)) from None
