"""One module per game, each with the same shape: Rules, Deal, Move, Position.

``GAMES`` is the registry, found by name.  These modules are the readable reference
rules; they never import the compiled core.
"""
from . import clock, klondike

GAMES = {klondike.NAME: klondike, clock.NAME: clock}
