"""Our text deal and position files: split into ``key: value`` lines, then read by the
game the ``game:`` line names (Klondike when there is none).

The syntax is in ``syntax``; each game's keys in ``games/<game>/files.py``.  Every error
names the line (and the column of a bad card).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

from ..cards import ASCII_LOWER
from ..errors import DealError
from ..games import GAMES, NAMES
from ..games.acesup import files as acesup_files
from ..games.clock import files as clock_files
from ..games.klondike import files as klondike_files
from .syntax import Field, clip, split_fields

#: each game's reader of a file's fields, by the game's name
READERS: Dict[str, Callable[[List[Field], Dict[str, Field], Optional[str]], Any]] = {
    "klondike": klondike_files.read_fields,
    "acesup": acesup_files.read_fields,
    "clock": clock_files.read_fields,
}


def read_text(text: str, source: Optional[str] = None) -> Any:
    """The deal or position that ``text`` describes (Klondike when no ``game:`` line)."""
    if "\x00" in text:
        raise DealError("this is not a text deal file (it holds binary data)", None, None, source)
    fields = split_fields(text, source)
    by_key = {f.key: f for f in fields}
    game_f = by_key.get("game")
    game = game_f.value.strip().translate(ASCII_LOWER) if game_f else "klondike"
    if game not in GAMES:
        raise DealError("unknown game %r (known: %s)" % (clip(game), ", ".join(NAMES)),
                        game_f.line if game_f else None, None, source)
    return READERS[game](fields, by_key, source)
