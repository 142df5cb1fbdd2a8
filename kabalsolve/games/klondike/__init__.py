"""Klondike: everything of kabalsolve that is about Klondike alone.

========== ==================================================================
rules      the reference rules, the referee of every line (Rules, Deal, Move,
           Position, replay, score); imports only cards, errors, seeds and
           ``position``
position   positions part-way through a game: can a game reach them, their
           text, the short move text (``W T3``); ``PartialPosition``, one with
           unknown cards (``??``)
files      reading Klondike deal and position files (the text syntax)
board      the board drawn in a terminal
page       the HTML replay page
bridge     the compiled core's Klondike searches: win, most cards up, fewest
           moves, best score, and the search behind hints
hints      which moves keep the game winnable, and (``--no-peek``) which win
           most often from what is visible
estimate   the share of random deals of the unseen cards each move wins
view       the game as a player sees it: the visible cards, kept apart from
           the position (``Table``), and random deals of the unseen cards
player     a player that does not peek, and ``play_deal``
cli        the Klondike side of ``kabalsolve hint`` and ``kabalsolve show``
========== ==================================================================

The names of ``rules`` are re-exported here, so ``klondike.Deal`` is the rules' Deal;
so is ``PartialPosition``.
"""
from .position import PartialPosition
from .rules import (COLUMNS, DANISH_DRAW, MAX_DRAW, NAME, PILES, RULE_KEYWORDS, SCORINGS,
                    STOCK_SIZE, TABLEAU_SIZE, VARIANTS, Deal, Move, Position, Rules,
                    iter_deck_rows, replay, score, start_position)

__all__ = ["COLUMNS", "DANISH_DRAW", "MAX_DRAW", "NAME", "PILES", "RULE_KEYWORDS", "SCORINGS",
           "STOCK_SIZE", "TABLEAU_SIZE", "VARIANTS", "Deal", "Move", "PartialPosition",
           "Position", "Rules", "iter_deck_rows", "replay", "score", "start_position"]
