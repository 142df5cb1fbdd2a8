"""kabalsolve: decides whether a solitaire deal can be won, and prints how.

Klondike, Aces Up and Clock.  Every answer is "won" (with a line that wins, checked
move by move), "lost" (proved: every line was tried) or "unknown" (a budget ran out).
The names below are the whole public API; every other module inside the package is
internal and may move.  The full reference, with every option, is docs/api.md.

Read a deal or a position
-------------------------
read_deal(path_or_text, format=None)
    A deal or a position from a file or from text, in any format kabalsolve reads:

    >>> import kabalsolve
    >>> deal = kabalsolve.read_deal("examples/won-draw1-lost-draw3-deck.txt")
    >>> type(deal).__name__
    'Deal'

read_position(path_or_text)
    A Klondike position: a ``Position``, or a ``PartialPosition`` when some cards are
    written ``??``:

    >>> type(kabalsolve.read_position("examples/klondike-unknown-cards.txt")).__name__
    'PartialPosition'

read_text(text, source=None)
    The deal or position that a text describes (Klondike when it has no ``game:``):

    >>> kabalsolve.read_text(open("examples/lost-acesup.txt").read()).game
    'acesup'

deal_from_seed(n)
    Klondike deal number ``n`` of kabalsolve's own seeded shuffle:

    >>> kabalsolve.deal_from_seed(7) == kabalsolve.deal_from_seed(7)
    True

numbered_deal(name, number), deal_number(deal, name)
    Another program's Klondike deal by its number (``solvitaire``, ``klondike-solver``,
    ``greenfelt``, ``microsoft``, ``lonelybot``, ``pysolfc``), and the exact number of
    any deal in lonelybot's (or Microsoft's) numbering:

    >>> n = kabalsolve.deal_number(deal, "lonelybot")
    >>> kabalsolve.numbered_deal("lonelybot", n) == deal
    True

Decide
------
solve(deal, **options)
    A ``Solution``: ``result``, ``moves`` (the winning line), ``stats``, ``verify()``.
    Options are the command line's, as keywords (``draw``, ``passes``,
    ``max_states``, ...):

    >>> sol = kabalsolve.solve(deal, draw=1)
    >>> sol.result, len(sol.moves), sol.verify().is_won()
    ('won', 213, True)

is_winnable(deal, **options)
    Only the verdict: True, False, or None when a budget ran out:

    >>> kabalsolve.is_winnable(deal, draw=3), kabalsolve.is_winnable(deal, draw=3, max_states=10)
    (False, None)

hint(position, ...)
    Every legal move of a position and what it leaves (a ``Hint`` of ``MoveVerdict``
    items); with ``no_peek=True`` the moves ranked from what a player sees (a
    ``NoPeekHint`` of ``MoveEstimate`` items):

    >>> h = kabalsolve.hint(kabalsolve.Position(deal, kabalsolve.Rules(draw=1)))
    >>> h.moves[0].result, h.moves[0].text
    ('won', 'D')

play(deal, draw=3, seed=0, ...)
    A Klondike game played without peeking at face-down cards (a ``PlayResult``):

    >>> kabalsolve.play(kabalsolve.deal_from_seed(1), samples=4, max_states=300).result
    'won'

Many deals
----------
solve_many(deals, executor=None, ...), play_many(deals, executor=None, ...)
    Deals solved (or played) in parallel, one ``BatchResult`` (``PlayRecord``) each,
    in the order given:

    >>> [r.result for r in kabalsolve.solve_many([deal, deal], draw=3)]
    ['lost', 'lost']

generate(game="klondike", seed=1, count=1, winnable=False, ...)
    Seeded deals (``Generated``: ``seed``, ``deal`` and, when solved, ``solution``):

    >>> [g.seed for g in kabalsolve.generate(seed=5, count=2)]
    [5, 6]

Play moves yourself
-------------------
Deal, Position, Rules, Move, PartialPosition
    Klondike's deal, its mutable position (``legal_moves()``, ``push``, ``pop``,
    ``is_won()``, ``parse_move``), its rule options and one move:

    >>> pos = kabalsolve.Position(deal, kabalsolve.Rules(draw=1))
    >>> move = pos.parse_move("D")
    >>> pos.push(move); pos.pop() == move
    True

Card, parse_card(text), card_str(card)
    A card as the core numbers it, read from and written as a player writes it:

    >>> card = kabalsolve.parse_card("10h")
    >>> kabalsolve.parse_card(kabalsolve.card_str(card)) == card
    True

Errors
------
KabalError, DealError, MoveError, OptionError
    Every error kabalsolve raises on purpose is a ``KabalError`` (a ``ValueError``):
    a bad deal or position, an illegal move, a bad option; the message names the
    problem and, for a file, its line:

    >>> try:
    ...     kabalsolve.read_deal("game: klondike\\ndeck: AS\\n")
    ... except kabalsolve.DealError as e:
    ...     print(isinstance(e, kabalsolve.KabalError), isinstance(e, ValueError))
    True True

Results
-------
Solution, Stats, Hint, MoveVerdict, NoPeekHint, MoveEstimate, PlayResult, PlayRecord,
BatchResult, Generated
    What the calls above return; ``help(kabalsolve.Solution)`` and so on describe each.

``__version__`` is the installed version.
"""
# The compiled core comes first: without it nothing works, and a source tree where it
# was never built would otherwise fail deep inside with a confusing import error.
import importlib.util as _util

if _util.find_spec(__name__ + "._core") is None:
    import os as _os

    raise ImportError(
        "kabalsolve's compiled core is not built in %s: run 'python -m pip install -e .' "
        "there (it builds the core in place), or install kabalsolve ('python -m pip "
        "install .') and import it from outside that source tree"
        % _os.path.dirname(_os.path.abspath(__file__)))
from . import _core  # noqa: E402,F401

from ._version import __version__ as __version__
from .api import hint as hint
from .api import is_winnable as is_winnable
from .api import play as play
from .api import solve as solve
from .batch import BatchResult as BatchResult
from .batch import PlayRecord as PlayRecord
from .batch import play_many as play_many
from .batch import solve_many as solve_many
from .cards import Card as Card
from .cards import card_str as card_str
from .cards import parse_card as parse_card
from .dealfile import read_deal as read_deal
from .dealfile import read_position as read_position
from .errors import DealError as DealError
from .errors import KabalError as KabalError
from .errors import MoveError as MoveError
from .errors import OptionError as OptionError
from .formats.text import read_text as read_text
from .games.klondike import Deal as Deal
from .games.klondike import Move as Move
from .games.klondike import PartialPosition as PartialPosition
from .games.klondike import Position as Position
from .games.klondike import Rules as Rules
from .games.klondike.estimate import MoveEstimate as MoveEstimate
from .games.klondike.hints import Hint as Hint
from .games.klondike.hints import MoveVerdict as MoveVerdict
from .games.klondike.hints import NoPeekHint as NoPeekHint
from .games.klondike.player import PlayResult as PlayResult
from .generate import Generated as Generated
from .generate import generate as generate
from .generate import klondike_deal as deal_from_seed
from .numbering import deal_number as deal_number
from .numbering import numbered_deal as numbered_deal
from .solution import Solution as Solution
from .solution import Stats as Stats

# The public names, for dir() (PEP 562); tests/test_package_face.py keeps this list, the
# docstring above and docs/api.md's reference in step.  The package keeps no __all__ on
# purpose: pydoc prints every class an __all__ names in full, and help(kabalsolve) would
# run to some 1,700 lines instead of the page above.  Each name is imported as "X as X",
# which type checkers take as an explicit re-export.
_PUBLIC = (
    "__version__",
    # read a deal or a position
    "read_deal", "read_position", "read_text", "deal_from_seed", "numbered_deal",
    "deal_number",
    # decide
    "solve", "is_winnable", "hint", "play",
    # many deals
    "solve_many", "play_many", "generate",
    # play moves yourself
    "Deal", "Position", "Rules", "Move", "PartialPosition", "Card", "parse_card",
    "card_str",
    # errors
    "KabalError", "DealError", "MoveError", "OptionError",
    # results
    "Solution", "Stats", "Hint", "MoveVerdict", "NoPeekHint", "MoveEstimate",
    "PlayResult", "PlayRecord", "BatchResult", "Generated",
)


def __dir__() -> list[str]:
    return sorted(_PUBLIC)
