"""kabalsolve: decides whether a solitaire deal can be won, and prints how.

    >>> import kabalsolve
    >>> deal = kabalsolve.deal_from_seed(1)
    >>> sol = kabalsolve.solve(deal, draw=3)
    >>> sol.result in ("won", "lost")
    True
    >>> kabalsolve.is_winnable(deal, draw=1) in (True, False)
    True

``solve`` returns a ``Solution``: ``result`` is "won" (``moves`` is a winning line,
already checked move by move; ``verify()`` replays it on the reference rules), "lost"
(proved: the whole game tree was searched) or "unknown" (a budget ran out first).
"""
from ._version import __version__
from .api import hint, is_winnable, play, solve
from .batch import BatchResult, PlayRecord, play_many, solve_many
from .cards import Card, card_str, parse_card
from .dealfile import read_deal, read_position
from .errors import DealError, KabalError, MoveError, OptionError
from .formats.text import read_text
from .games.klondike import Deal, Move, PartialPosition, Position, Rules
from .games.klondike.estimate import MoveEstimate
from .games.klondike.hints import Hint, MoveVerdict, NoPeekHint
from .games.klondike.player import PlayResult
from .generate import Generated, generate
from .generate import klondike_deal as deal_from_seed
from .numbering import deal_number, numbered_deal
from .solution import Solution, Stats

__all__ = ["__version__", "Card", "card_str", "parse_card", "read_deal", "read_text",
           "DealError", "KabalError", "MoveError", "OptionError", "Deal", "Move",
           "Position", "Rules", "deal_from_seed", "Generated", "generate", "Solution",
           "Stats", "is_winnable", "solve", "solve_many", "BatchResult", "read_position",
           "hint", "Hint", "MoveVerdict", "play", "PlayResult", "play_many", "PlayRecord",
           "PartialPosition", "NoPeekHint", "MoveEstimate", "numbered_deal", "deal_number"]
