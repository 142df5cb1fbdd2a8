"""Aces Up: everything of kabalsolve that is about Aces Up alone.

========== ==================================================================
rules      the reference rules, the referee of every line (Rules, Deal, Move,
           Position); imports only cards, errors, seeds and ``position``
position   positions part-way through a game: can a game reach them, their
           text, the short move text (``P2 X``)
files      reading Aces Up deal and position files (the text syntax)
board      the board drawn in a terminal
page       the HTML replay page
bridge     the compiled core's Aces Up searches: verdict, best score, and the
           search behind hints
hints      which moves keep the game winnable, or its best score
cli        the Aces Up side of ``kabalsolve hint`` and ``kabalsolve show``
========== ==================================================================

The names of ``rules`` are re-exported here, so ``acesup.Deal`` is the rules' Deal.
"""
from .position import PILES
from .rules import (NAME, RULE_KEYWORDS, WIN_SCORE, Deal, Move, Position, Rules,
                    best_score_brute_force, high)

__all__ = ["NAME", "PILES", "RULE_KEYWORDS", "WIN_SCORE", "Deal", "Move", "Position", "Rules",
           "best_score_brute_force", "high"]
