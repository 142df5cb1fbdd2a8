"""Clock: everything of kabalsolve that is about Clock alone.

========== ==================================================================
rules      the reference rules (Rules, Deal, Turn, play_out): Clock has no
           choices, the deal decides; imports only cards, errors and seeds
files      reading a Clock deal file (the text syntax)
bridge     the compiled core's play-out, checked against ``rules``
========== ==================================================================

The names of ``rules`` are re-exported here, so ``clock.Deal`` is the rules' Deal.
"""
from .rules import CENTRE, NAME, PILES, Deal, Rules, Turn, deal_from_deck, play_out, target_pile

__all__ = ["CENTRE", "NAME", "PILES", "Deal", "Rules", "Turn", "deal_from_deck", "play_out",
           "target_pile"]
