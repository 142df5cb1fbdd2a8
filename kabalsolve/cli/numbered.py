"""Deals named by another program's number on the command line: ``NAME:NUMBER`` in
place of a deal file (``kabalsolve greenfelt:12345``, ``kabalsolve play
solvitaire:7``), ``--numbering NAME`` beside ``batch --seeds`` and ``generate --seed``,
and ``kabalsolve number DEAL``, which writes a deal's exact number.

A DEAL argument that reads ``NAME:...`` with NAME one of the numberings is always a
numbered deal; a deal file of such a name is read as ``./NAME:...``.
"""
from __future__ import annotations

import sys
from typing import Any, Dict, Optional, Tuple

import click

from ..dealfile import read_file, read_stream
from ..errors import KabalError
from ..games import GAMES, klondike
from ..numbering import SCHEMES, deal_number, is_spec, named, spec, spec_deal
from .options import fail

#: the names, for the help of the options that take one
NAMES_HELP = ", ".join(SCHEMES)


def read_deal_arg(arg: str, fmt: Optional[str] = None
                  ) -> Tuple[Any, Optional[Dict[str, str]]]:
    """(deal, numbered) of a DEAL argument: ``-`` (standard input), ``NAME:NUMBER``
    (``numbered`` then says which), or a file in format ``fmt`` (None: detected)."""
    if is_spec(arg):
        name, number, deal = spec_deal(arg)
        return deal, named(name, number)
    if arg == "-":
        return read_stream(sys.stdin.buffer, "<stdin>", fmt), None
    return read_file(arg, fmt), None


@click.command("number", short_help="Write a deal's exact number (lonelybot, Microsoft).")
@click.argument("deal", metavar="DEAL")
@click.option("--numbering", type=click.Choice(["lonelybot", "microsoft"]),
              default="lonelybot", show_default=True,
              help="The numbering: lonelybot's exact numbers, or Microsoft Solitaire "
                   "Collection's deal numbers; both number every deal.")
def number_cmd(deal: str, numbering: str) -> None:
    """Write the number of the Klondike DEAL (a deal file, - for standard input, or a
    numbered deal NAME:N) as NAME:NUMBER, which every command takes back as the same
    deal; lonecli takes the number after its 'exact' seed type.

    \b
    Examples:
      kabalsolve number deal.txt            lonelybot:NUMBER
      kabalsolve number greenfelt:12345     GreenFelt's game 12345, exactly
      kabalsolve number --numbering microsoft deal.txt
    """
    try:
        d, _ = read_deal_arg(deal)
        if not isinstance(d, klondike.Deal):
            raise fail("%s: numbers are for Klondike deals, not %s" % (
                deal, "positions" if d.game == klondike.NAME else
                "%s deals" % GAMES[d.game].title))
        click.echo(spec(numbering, deal_number(d, numbering)))
    except KabalError as e:
        raise fail(str(e))
