"""The games, one folder each, and the registry that finds them by name.

Each game's folder holds everything of kabalsolve that is about that game alone (see
its ``__init__``); ``rules`` in each is the readable reference and the referee.  This
module is in the rules layer: it imports the games' rules and nothing above them.

``GAMES`` maps a game's name (as written in deal files' ``game:`` line) to its
``Game`` record: what the file readers, the solver, batch and the command line need to
know of a game without asking which game it is.  The layers above keep, each in one
table keyed by these names, their own per-game part (the file reader, the bridge to
the core, the hints, the command line's side); a test checks that every table names
every game here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Tuple

from ..errors import OptionError
from . import acesup, clock, klondike


@dataclass(frozen=True)
class Game:
    """What is known of a game at the rules layer."""
    name: str                       #: as in a deal file's ``game:`` line
    title: str                      #: as people write it
    Rules: type                     #: its rule options (a frozen dataclass)
    Deal: type                      #: a deal as dealt
    Position: Optional[type]        #: a position part-way through a game (None: none)
    options: Tuple[str, ...]        #: the keywords ``kabalsolve.solve`` takes for it
    from_seed: Callable[[int], Any]  #: deal number N (``kabalsolve.seeds``)

    def article(self) -> str:
        """"a" or "an", for messages: "an Aces Up deal"."""
        return "an" if self.title[0] in "AEIOU" else "a"


GAMES: Dict[str, Game] = {g.name: g for g in (
    Game(klondike.NAME, "Klondike", klondike.Rules, klondike.Deal, klondike.Position,
         ("draw", "foundation_moves", "passes", "variant", "objective"),
         klondike.Deal.from_seed),
    Game(acesup.NAME, "Aces Up", acesup.Rules, acesup.Deal, acesup.Position,
         ("strict", "discard_first", "best_score"), acesup.Deal.from_seed),
    Game(clock.NAME, "Clock", clock.Rules, clock.Deal, None, (), clock.Deal.from_seed),
)}

#: the games' names, in the order they are listed to users
NAMES = tuple(GAMES)


def game_named(name: str) -> Game:
    """The game called ``name``; OptionError naming the known ones otherwise."""
    g = GAMES.get(name) if isinstance(name, str) else None
    if g is None:
        raise OptionError("unknown game %r (known: %s)" % (name, ", ".join(NAMES)))
    return g


def game_of(thing: Any) -> Game:
    """The game of a deal or a position (each carries its game's name)."""
    name = getattr(thing, "game", None)
    g = GAMES.get(name) if isinstance(name, str) else None
    if g is None or not isinstance(thing, (g.Deal,) + ((g.Position,) if g.Position else ())):
        raise OptionError("not a deal or a position of any game: %s"
                          % type(thing).__name__)
    return g
