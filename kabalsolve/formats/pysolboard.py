"""The PySol board text of a Klondike deal, as pysol-cards prints it and as fc-solve's
tools and ShootMe's solver (pyksolve's ``load_pysol``) read it::

    Talon: 4H AC 4D 7S ... (24 cards; the first listed is the first turned)
    QH
    <7H> TS
    <5D> <9S> 5C
    ...               (T1..T7, bottom first; face-down cards as <XX>, the last face up)

Ranks ``A 2 .. 9 T J Q K`` (``10`` is read too), suits ``C D H S``.  Blank lines and
``#`` comment lines are skipped on reading and never written (ShootMe's reader finds the
cards by position and would be thrown by them).  A ``Foundations:`` line, which
pysol-cards prints for games that start with cards on the foundations, is accepted
only when it names none.  (ShootMe's ``LoadPysol`` refuses any text shorter than 211
characters, a little more than a board takes: pad it with spaces for pyksolve.)
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from ..cards import ASCII_LOWER, Card, card_str, parse_card
from ..errors import DealError
from ..games import klondike
from .syntax import clip


def looks_like(text: str) -> bool:
    """True if the first line that is not blank or a comment starts with ``Talon:``."""
    for raw in text.splitlines():
        s = raw.strip()
        if s and not s.startswith("#"):
            return s.translate(ASCII_LOWER).startswith("talon:")
    return False


def write(deal: klondike.Deal) -> str:
    """The board text of ``deal``, one line per pile, with a final newline."""
    rows = ["Talon: " + " ".join(card_str(c) for c in deal.stock)]
    for pile in deal.tableau:
        rows.append(" ".join(["<%s>" % card_str(c) for c in pile[:-1]] + [card_str(pile[-1])]))
    return "\n".join(rows) + "\n"


def _tokens(raw: str, start: int) -> List[Tuple[str, int]]:
    """(token, 1-based column) for each space-separated word of ``raw[start:]``."""
    out = []
    i = start
    for tok in raw[start:].split():
        i = raw.index(tok, i)
        out.append((tok, i + 1))
        i += len(tok)
    return out


def read(text: str, source: Optional[str] = None) -> klondike.Deal:
    """The deal in a PySol board text; every fault names its line (and column)."""
    lines = [(n, raw) for n, raw in enumerate(text.splitlines(), 1)
             if raw.strip() and not raw.strip().startswith("#")]
    if not lines or not lines[0][1].strip().translate(ASCII_LOWER).startswith("talon:"):
        raise DealError("a PySol board starts with a 'Talon:' line",
                        lines[0][0] if lines else None, None, source)
    first_at: Dict[Card, int] = {}

    def cards_of(n: int, raw: str, start: int, face_down_ok: bool) -> List[Tuple[Card, bool]]:
        out = []
        for tok, col in _tokens(raw, start):
            down = tok.startswith("<") and tok.endswith(">")
            name = tok[1:-1] if down else tok
            c = parse_card(name)
            if c is None or "<" in name or ">" in name:
                raise DealError("%r is not a card (write e.g. TD, or <TD> face down)"
                                % clip(tok, 12),
                                n, col, source)
            if down and not face_down_ok:
                raise DealError("the talon's cards are written without <>", n, col, source)
            if c in first_at:
                raise DealError("duplicated card %s (also on line %d)" % (card_str(c), first_at[c]),
                                n, col, source)
            first_at[c] = n
            out.append((c, down))
        return out

    n, raw = lines[0]
    talon = [c for c, _ in cards_of(n, raw, raw.translate(ASCII_LOWER).index("talon:") + 6, False)]
    if len(talon) != klondike.STOCK_SIZE:
        raise DealError("the talon must hold %d cards, not %d" % (klondike.STOCK_SIZE,
                                                                  len(talon)), n, None, source)
    rest = lines[1:]
    if rest and rest[0][1].strip().translate(ASCII_LOWER).startswith("foundations:"):
        fn, fraw = rest[0]
        if fraw.split(":", 1)[1].strip():
            raise DealError("a Klondike deal starts with empty foundations", fn, None, source)
        rest = rest[1:]
    if len(rest) != klondike.COLUMNS:
        raise DealError("a Klondike board has %d pile lines after the talon, not %d"
                        % (klondike.COLUMNS, len(rest)),
                        rest[klondike.COLUMNS][0] if len(rest) > klondike.COLUMNS else None,
                        None, source)
    piles = []
    for i, (n, raw) in enumerate(rest):
        pile = cards_of(n, raw, 0, True)
        if len(pile) != i + 1:
            raise DealError("pile T%d must hold %d card%s, not %d"
                            % (i + 1, i + 1, "s" if i else "", len(pile)), n, None, source)
        for k, (c, down) in enumerate(pile):
            if down != (k < i):
                raise DealError("in a deal only the last card of a pile is face up: write %s"
                                % ("<%s>" % card_str(c) if k < i else card_str(c)),
                                n, None, source)
        piles.append(tuple(c for c, _ in pile))
    return klondike.Deal(tuple(piles), tuple(talon))
