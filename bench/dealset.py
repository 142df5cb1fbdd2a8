"""The fixed deal sets of bench/: read, write and describe them.

A deal-set file holds one Klondike deal per line, ``NAME<TAB>52 cards``: the cards in
the order of ``Deal.deck()`` (the ``deck:`` line of a deal file: dealt row by row, row 1
one card to each of T1..T7, row 2 to T2..T7, ...; the last 24 are the stock in turning
order).  Lines starting with ``#`` and blank lines are comments.  The deals are stored
as cards, not as seeds, so a set never changes when the generator does;
``make_deals.py`` checks that the stored set still matches the generator.
"""
from __future__ import annotations

import hashlib
import os
import sys
from typing import Iterable, List, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    # measure the working tree (its in-place build), not some installed copy
    sys.path.insert(0, ROOT)

import kabalsolve  # noqa: E402
from kabalsolve.cards import card_str, parse_card  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SET = os.path.join(HERE, "deals", "klondike_300.txt")

Named = Tuple[str, "kabalsolve.Deal"]


def deck_line(name: str, deal: "kabalsolve.Deal") -> str:
    return "%s\t%s" % (name, " ".join(card_str(c) for c in deal.deck()))


def parse_line(line: str, where: str) -> Named:
    try:
        name, cards = line.split("\t")
    except ValueError:
        raise ValueError("%s: expected NAME<TAB>52 cards" % where) from None
    deck = []
    for tok in cards.split():
        c = parse_card(tok)
        if c is None:
            raise ValueError("%s: %r is not a card" % (where, tok))
        deck.append(c)
    try:
        return name.strip(), kabalsolve.Deal.from_deck(deck)
    except ValueError as e:
        raise ValueError("%s: %s" % (where, e)) from None


def load(path: str = DEFAULT_SET) -> List[Named]:
    """The deals of a deal-set file, in file order."""
    out: List[Named] = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\r\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            out.append(parse_line(line, "%s:%d" % (path, n)))
    if not out:
        raise ValueError("%s holds no deals" % path)
    return out


def digest(deals: Iterable[Named]) -> str:
    """A short fingerprint of the deals themselves (not of the file's comments)."""
    h = hashlib.sha256()
    for name, deal in deals:
        h.update((deck_line(name, deal) + "\n").encode())
    return h.hexdigest()[:12]


def core_verdict(seed: int, draw: int, passes, max_states: int = 0):
    """(status, positions stored, CPU seconds) of the core's verdict search on
    ``Deal.from_seed(seed)``, the way ``is_winnable`` calls it; a win its independent
    check refuses ends the run."""
    import time

    from kabalsolve import _core
    from kabalsolve.games.klondike import bridge
    deal = kabalsolve.Deal.from_seed(seed)
    kw = bridge.verdict_keywords(kabalsolve.Rules(draw=draw, passes=passes))
    args = ([(pile[:-1], pile[-1:]) for pile in deal.tableau], (0, 0, 0, 0), deal.stock, 0, 0)
    t0 = time.process_time()
    status, _stop, states, _made, _tb, _secs, refused = _core.klondike_verdict(
        *args, max_states=max_states, timeout=0.0, max_table_mb=8192, **kw)
    t = time.process_time() - t0
    if refused >= 0:
        raise SystemExit("deal %d: the core's win fails its independent check at move %d"
                         % (seed, refused + 1))
    return status, states, t
