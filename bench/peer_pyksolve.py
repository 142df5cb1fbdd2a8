"""The peer solver for side-by-side runs: pyksolve, a Cython binding of ShootMe's
Klondike-Solver (C++).  A benchmark-only dependency: never imported by kabalsolve.

How pyksolve takes a deal (read from its installed module and ShootMe's Solitaire.cpp):
``Solitaire.load_pysol(text)`` reads the PySol layout

    Talon: <24 cards, first listed = first turned>
    <one line per pile T1..T7: face-down cards as <XX>, bottom first, then the face-up card>

with ranks A23456789TJQK and suits CDSH, the same card spelling as ours.  Its loader
rejects any text shorter than 211 characters (even the 204-character text its own
``get_pysol()`` prints), so the text is padded with trailing spaces.  Then
``reset_game(draw)`` deals it and ``solve_minimal(max_closed_count)`` searches
(ShootMe's default mode: A*-like, minimal solutions; results SolvedMinimal,
SolvedMayNotBeMinimal = won, Impossible = lost, CouldNotComplete = budget spent)
or ``solve_fast(0, 0, max_closed_count)`` (ShootMe's /FAST: a pruned best-first search
that never proves a loss: it answers won or CouldNotComplete).  Budget: states in the
closed set, 5,000,000 by default in pyksolve (the C++ command line uses 1,000,000).

The conversion is checked two ways: ``get_pysol()`` must give back the text we loaded,
and every win pyksolve reports is replayed move by move on kabalsolve's pure-Python
rules (``replay``): a wrongly converted deal would not replay to a won position.
"""
from __future__ import annotations

import time
from typing import List, Optional, Tuple

from dealset import kabalsolve
from kabalsolve.formats import pysolboard, shootme
from kabalsolve.games.klondike import Move, Position, Rules

WON, LOST, UNKNOWN = "won", "lost", "unknown"
DEFAULT_STATES = 5_000_000
MODES = ("minimal", "fast")
INSTALL_HINT = ("pyksolve is a benchmark-only dependency: python -m venv --system-site-packages "
                ".venv-bench && .venv-bench/bin/pip install pyksolve, then run with "
                ".venv-bench/bin/python bench/run.py ... (or pip install pyksolve)")


def available() -> Optional[str]:
    """None if pyksolve imports, else why not."""
    try:
        import pyksolve.solver  # noqa: F401
    except ImportError as e:
        return "%s (%s)" % (INSTALL_HINT, e)
    return None


def version() -> str:
    import pyksolve
    return getattr(pyksolve, "__version__", "?")


def to_pysol(deal: "kabalsolve.Deal") -> str:
    """The deal in the PySol layout (see the module docstring), unpadded: the writer of
    ``kabalsolve.formats.pysolboard``, less its final newline."""
    return pysolboard.write(deal).rstrip("\n")


def load(deal: "kabalsolve.Deal", draw: int):
    """A pyksolve Solitaire holding ``deal``, dealt for ``draw``; checks the round trip."""
    from pyksolve.solver import Solitaire
    text = to_pysol(deal)
    s = Solitaire()
    if not s.load_pysol(text.ljust(211)):
        raise ValueError("pyksolve refused the deal:\n" + text)
    if s.get_pysol() != text:
        raise ValueError("pyksolve read the deal differently:\n%s\n---\n%s"
                         % (text, s.get_pysol()))
    s.reset_game(draw)
    return s


_RESULT = {"SolvedMinimal": WON, "SolvedMayNotBeMinimal": WON, "Impossible": LOST,
           "CouldNotComplete": UNKNOWN}


def solve(deal: "kabalsolve.Deal", draw: int, mode: str = "minimal",
          max_states: int = DEFAULT_STATES) -> Tuple[str, float, str, object]:
    """(result, seconds, raw result name, Solitaire) for one deal.  The time covers
    loading and dealing as well as the search, as kabalsolve's time covers its
    packing, decoding and replay."""
    t0 = time.perf_counter()
    s = load(deal, draw)
    if mode == "minimal":
        r = s.solve_minimal(max_states)
    elif mode == "fast":
        r = s.solve_fast(0, 0, max_states)
    else:
        raise ValueError("peer mode is one of %s, not %r" % (", ".join(MODES), mode))
    secs = time.perf_counter() - t0
    return _RESULT[r.name], secs, r.name, s


def shootme_moves(deal: "kabalsolve.Deal", draw: int, text: str) -> List[Move]:
    """Translate ShootMe's move list (``Solitaire.moves_made()``) into kabalsolve's atomic
    moves, playing them on the reference rules as it goes (an illegal one raises
    MoveError): ``kabalsolve.formats.shootme.parse_moves``, where the notation is
    described."""
    return shootme.parse_moves(deal, Rules(draw=draw), text)


def replay(deal: "kabalsolve.Deal", draw: int, solitaire) -> Optional[str]:
    """None if pyksolve's winning line wins on kabalsolve's rules, else what went wrong."""
    try:
        pos = Position(deal, Rules(draw=draw))
        for m in shootme_moves(deal, draw, solitaire.moves_made()):
            pos.push(m)
    except (ValueError, IndexError, KeyError) as e:
        return "replay failed: %s" % e
    return None if pos.is_won() else "replay ends with %d cards up" % pos.foundation_cards()
