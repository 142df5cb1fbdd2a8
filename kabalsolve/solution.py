"""What a solve returns: the verdict, the moves, the statistics; JSON and text forms."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Dict, List, Optional, Union

from .cards import card_str
from .errors import MoveError, OptionError, SolverError

from .games import acesup, clock, klondike

WON, LOST, UNKNOWN = "won", "lost", "unknown"

#: how a verdict line names the budget that stopped a search
STOPPERS = {"max_states": "--max-states", "timeout": "--timeout",
            "memory": "the memory limit"}


def _with_stats(head: str, stats: "Stats") -> str:
    """A verdict line: the head, then the search effort."""
    n = stats.states
    return "%s; %d state%s searched in %.3f s" % (head, n, "" if n == 1 else "s",
                                                  stats.seconds)


def _numbered(pos: Any, moves: List[Any]) -> List[str]:
    """The moves in plain words, numbered, each described from the position before it
    (``pos`` is played forward)."""
    lines = []
    width = len(str(len(moves)))
    for n, m in enumerate(moves, 1):
        lines.append("%*d. %s" % (width, n, pos.describe(m)))
        pos.push(m)
    return lines


@dataclass(frozen=True)
class Stats:
    """How much work a solve took.  ``states``: distinct positions stored in the table;
    ``moves_made``: moves the search played (including those into known positions);
    ``search_seconds``: time in the core; ``seconds``: the whole call, decoding and
    checking the line included; ``table_bytes``: the table's size when the search ended."""
    states: int
    moves_made: int
    search_seconds: float
    seconds: float
    table_bytes: int


@dataclass
class Solution:
    """The answer for one deal.

    ``result`` is ``"won"`` (``moves`` win), ``"lost"`` (the search proved that no
    sequence of moves wins) or ``"unknown"`` (a budget ran out first: ``stopped_by``
    says which).  A classic Klondike win from ``solve`` was checked in the core, move
    by move, by a check written apart from the search; ``verify()`` replays it on the
    pure-Python reference rules too (docs/api.md says which call checks what)."""
    game: str
    result: str
    rules: klondike.Rules
    deal: Union[klondike.Deal, klondike.Position]  # or the position the moves start from
    moves: List[klondike.Move]
    stats: Stats
    stopped_by: Optional[str] = None
    extra: Dict[str, Any] = field(default_factory=dict)

    @property
    def won(self) -> bool:
        return self.result == WON

    def verify(self) -> klondike.Position:
        """Replay ``moves`` from ``deal`` on the pure-Python reference rules, which share
        no code with the core: SolverError if they refuse a move, or if the line of a
        "won" does not put every card up.  Returns the position the moves end in."""
        try:
            end = klondike.replay(self.deal, self.rules, self.moves)
        except MoveError as e:
            raise SolverError("the line fails the reference rules at %s" % e) from None
        if self.result == WON and not end.is_won():
            raise SolverError("the winning line ends with %d cards up, not 52"
                              % end.foundation_cards())
        return end

    def score(self, scoring: str = "standard") -> int:
        """The score of the move list: "standard" (Windows) or "vegas" (see
        games.klondike.score).  Lost and unknown answers have no moves: their score is
        that of the deal as dealt."""
        return klondike.score(self.deal, self.rules, self.moves, scoring)

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"game": self.game, "draw": self.rules.draw,
                             "foundation_moves": self.rules.foundation_moves,
                             "passes": self.rules.passes, "result": self.result}
        if self.rules.danish:
            d["variant"] = "danish"
        if self.stopped_by:
            d["stopped_by"] = self.stopped_by
        d["moves"] = [m.to_json() for m in self.moves]
        d["score"] = {s: self.score(s) for s in klondike.SCORINGS}
        d["stats"] = asdict(self.stats)
        d.update(self.extra)
        return d

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def verdict_line(self) -> str:
        n = self.rules.passes
        passes = "" if n is None else ", %d pass%s" % (n, "" if n == 1 else "es")
        f2t = "" if self.rules.foundation_moves else ", no foundation moves"
        game = "klondike (danish)" if self.rules.danish else "klondike"
        head = "%s: %s draw %d%s%s" % (self.result, game, self.rules.draw, passes, f2t)
        named = self.extra.get("numbered")
        if named:
            head += " (%s)" % named["title"]
        if self.result == WON:
            head += ", %d moves, score %d (Vegas %d)" % (len(self.moves), self.score("standard"),
                                                       self.score("vegas"))
        if self.extra.get("objective") == "max-foundation" and self.result != WON:
            n = self.extra["foundation"]
            head += (", %d cards at most can reach the foundations (Vegas %d)" if
                     self.extra["foundation_proved"] else
                     ", %d cards reach the foundations (the most found; Vegas %d)") % (
                         n, 5 * n - 52)
        head += self._counted_objective()
        if self.result == UNKNOWN:
            head += " (stopped by %s)" % STOPPERS.get(self.stopped_by or "", self.stopped_by)
        return _with_stats(head, self.stats)

    def _counted_objective(self) -> str:
        """The verdict line's part for --objective min-moves / max-score: whether the
        line is proved the best, or the best found before a budget stopped the search."""
        obj = self.extra.get("objective")
        proved = self.extra.get("proved")
        stopped = STOPPERS.get(self.stopped_by or "", self.stopped_by or "a budget")
        if obj == "min-moves" and self.result == WON:
            return (", proved minimal" if proved else
                    ", the fewest moves best found (not proved minimal: stopped by %s)"
                    % stopped)
        if obj == "max-score":
            text = ", best score %d" % self.extra["best_score"]
            if not self.extra.get("line_wins") and self.result == UNKNOWN:
                text += " (the line does not win)"
            return text + (" (proved)" if proved else
                           " best found (not proved: stopped by %s)" % stopped)
        return ""

    def move_lines(self) -> List[str]:
        """The moves in plain words, numbered, as a person replays them at a table."""
        return _numbered(klondike.start_position(self.deal, self.rules), self.moves)

    def __str__(self) -> str:
        """The verdict line and the moves in words, as ``kabalsolve DEAL`` prints them."""
        return "\n".join([self.verdict_line()] + self.move_lines())

    def __repr__(self) -> str:
        """The class and the verdict line: ``<Solution won: klondike draw 3, ...>``."""
        return "<%s %s>" % (type(self).__name__, self.verdict_line())


@dataclass
class ClockSolution:
    """The play-out of a Clock deal: no choices, so "won" or "lost" and every turn."""
    deal: clock.Deal
    result: str
    turns: List[clock.Turn]
    stats: Stats
    game: str = "clock"

    @property
    def won(self) -> bool:
        return self.result == WON

    @property
    def moves(self) -> List[clock.Turn]:
        return self.turns

    def to_dict(self) -> Dict[str, Any]:
        return {"game": "clock", "result": self.result, "turned": len(self.turns),
                "moves": [card_str(t.card) for t in self.turns],
                "stats": asdict(self.stats)}

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def verdict_line(self) -> str:
        return "%s: clock, %d of 52 cards turned; played out in %.3f s" % (
            self.result, len(self.turns), self.stats.seconds)

    def move_lines(self) -> List[str]:
        width = len(str(len(self.turns)))
        return ["%*d. %s" % (width, n, t.describe()) for n, t in enumerate(self.turns, 1)]

    def __str__(self) -> str:
        """The verdict line and the moves in words, as ``kabalsolve DEAL`` prints them."""
        return "\n".join([self.verdict_line()] + self.move_lines())

    def __repr__(self) -> str:
        """The class and the verdict line: ``<Solution won: klondike draw 3, ...>``."""
        return "<%s %s>" % (type(self).__name__, self.verdict_line())


@dataclass
class AcesUpSolution:
    """The answer for one Aces Up deal: the verdict and the best score.

    ``result`` is "won" (``moves`` discard 48 cards), "lost" (proved: no line discards
    48) or "unknown" (a budget ran out before the verdict).  ``moves`` reach the best
    score found, ``score()`` cards discarded; ``score_proved`` says whether the search
    proved that no line discards more (False when a budget stopped it, or when only
    the verdict was asked for)."""
    result: str
    rules: acesup.Rules
    deal: Optional[acesup.Deal]          # None: a position file's position (``start``)
    moves: List[acesup.Move]
    stats: Stats
    best: int
    score_proved: bool
    stopped_by: Optional[str] = None
    score_searched: bool = True          # False: only the verdict was asked for
    game: str = "acesup"
    #: the position the moves start from when it is not the deal's first (position files)
    start: Optional[acesup.Position] = None

    def start_position(self) -> acesup.Position:
        """The position before the first move (a copy)."""
        if self.start is not None:
            return self.start.copy()
        assert self.deal is not None, "an AcesUpSolution has a deal or a start"
        return acesup.Position(self.deal, self.rules)

    @property
    def won(self) -> bool:
        return self.result == WON

    def score(self, scoring: str = "cards") -> int:
        """Cards discarded by the move list (48 = won); the only Aces Up scoring."""
        if scoring != "cards":
            raise OptionError("Aces Up has one scoring, 'cards', not %r" % (scoring,))
        return self.best

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"game": "acesup", "strict": self.rules.strict,
                             "discard_first": self.rules.discard_first,
                             "result": self.result}
        if self.stopped_by:
            d["stopped_by"] = self.stopped_by
        d["score"] = self.best
        d["score_proved"] = self.score_proved
        d["moves"] = [m.to_json() for m in self.moves]
        d["stats"] = asdict(self.stats)
        return d

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def verdict_line(self) -> str:
        rules = self.rules.describe()
        head = "%s: acesup%s" % (self.result, " (%s)" % rules if rules else "")
        if self.result == WON:
            head += ", %d moves, score 48" % len(self.moves)
        elif self.score_searched and (self.moves or self.score_proved):
            head += ", best score %d of 48%s" % (
                self.best, "" if self.score_proved else " found (not proved best)")
        if self.stopped_by:
            head += " (stopped by %s)" % STOPPERS.get(self.stopped_by, self.stopped_by)
        return _with_stats(head, self.stats)

    def move_lines(self) -> List[str]:
        """The moves in plain words, numbered, as a person replays them at a table."""
        return _numbered(self.start_position(), self.moves)

    def __str__(self) -> str:
        """The verdict line and the moves in words, as ``kabalsolve DEAL`` prints them."""
        return "\n".join([self.verdict_line()] + self.move_lines())

    def __repr__(self) -> str:
        """The class and the verdict line: ``<Solution won: klondike draw 3, ...>``."""
        return "<%s %s>" % (type(self).__name__, self.verdict_line())

