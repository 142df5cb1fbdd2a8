"""Results files (JSON lines, one deal a line): written safely, resumed, summarised.

A line is written whole with one system call as soon as its deal is known, so a run
stopped by Ctrl-C, a crash or a power cut leaves every finished line on disk; at worst
the last line is torn (cut short mid-write).  A line that cannot be written whole (a
full disk) is cut off again at once.  ``open_results(path, resume=True)`` cuts a torn
line off and returns the ids already there, so a resumed run solves only the rest.
One run at a time writes a file: ``open_results`` takes an advisory lock on it, which
a second run finds taken.

A line is a deal solved, or (with ``"mode": "play"``) a game played without peeking
by ``kabalsolve batch --play``.  The two never mix: ``--resume`` refuses a file of the
other kind, and ``summarise`` counts them in groups of their own, a game played under
its rules and its player's settings (``settings_of``).

Ids name a deal: ``seed:N`` for deal number N, ``file:PATH`` for a deal file (the path
as given), ``NAME:N`` for another program's numbered deal (``kabalsolve.numbering``),
so no file name can pass for a seeded or numbered deal.  Files written before ids had a
prefix name a deal file by its bare path; ``canonical_id`` reads such an id as
``file:PATH``, so those files resume and summarise with the new ones.
"""
from __future__ import annotations

import json
import math
import os
import sys
from contextlib import nullcontext
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple, Type

from .errors import DealError, OptionError
from .numbering import is_spec
from .stats import wilson

try:
    import fcntl
except ImportError:      # not on a POSIX system: no lock
    fcntl = None        # type: ignore[assignment]

VERDICTS = ("won", "lost", "unknown")
SEED_PREFIX = "seed:"
FILE_PREFIX = "file:"
#: the longest line read from a results file (a line with a full solution takes tens of
#: KiB); a longer one is not a results line, and is not read whole
MAX_LINE = 16 * 1024 * 1024


def canonical_id(deal_id: str) -> str:
    """The id as this version writes it: an id without the ``seed:`` or ``file:``
    prefix, or the ``NAME:`` of another program's numbered deal (``solvitaire:12``), is
    a deal file's bare path, from a file written before ids had one."""
    if deal_id.startswith((SEED_PREFIX, FILE_PREFIX)) or is_spec(deal_id):
        return deal_id
    return FILE_PREFIX + deal_id


def _bad_line(path: str, n: int, what: str) -> DealError:
    return DealError("not a kabalsolve results line: %s" % what, n, None, path)


def read_records(path: str, repair: bool = False) -> Iterator[Dict[str, Any]]:
    """The records of a results file (``-``: standard input), in order.

    What follows the last newline is a torn line (its deal is solved again): with
    ``repair`` it is cut off the file, otherwise skipped.  Any other line that is not a
    record is an error naming the file and the line."""
    stdin = path == "-"
    name = "<stdin>" if stdin else path
    try:
        fh: Any = nullcontext(sys.stdin.buffer) if stdin else open(path, "rb")
    except OSError as e:
        raise OptionError("%s: cannot read the results file: %s" % (path, e.strerror or e))
    whole = 0                      # bytes up to the end of the last complete line
    torn = False
    n = 0
    with fh as lines:              # line by line: a file with solutions can be large
        while True:
            raw = lines.readline(MAX_LINE + 1)
            if not raw:
                break
            n += 1
            if len(raw) > MAX_LINE:
                raise _bad_line(name, n, "longer than %d MiB" % (MAX_LINE >> 20))
            if not raw.endswith(b"\n"):
                torn = True
                break
            whole += len(raw)
            if not raw.strip():
                continue
            rec = _parse(raw)
            if rec is None:
                raise _bad_line(name, n, repr(raw[:40].decode("utf-8", "replace")))
            yield rec
    if repair and torn and not stdin:
        with open(path, "r+b") as out:
            out.truncate(whole)


def _parse(raw: bytes) -> Any:
    try:
        rec = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(rec, dict) or not isinstance(rec.get("id"), str) \
            or rec.get("result") not in VERDICTS:
        return None
    return rec


def rules_key(rules: Any) -> str:
    """A record's rules as one comparable string (the same rules give the same key)."""
    return json.dumps(rules if isinstance(rules, dict) else {}, sort_keys=True)


#: what a line records: a deal solved (lines without a "mode"), or a game played
SOLVE, PLAY = "solve", "play"


def mode_of(rec: Dict[str, Any]) -> str:
    """PLAY for a line of a game played without peeking, SOLVE for any other."""
    return PLAY if rec.get("mode") == PLAY else SOLVE


def settings_of(rec: Dict[str, Any]) -> Dict[str, Any]:
    """What a line was made under: a solved deal's rules; a played game's rules and its
    player's settings, as ``{"rules": ..., "player": ...}``."""
    rules = rec.get("rules")
    rules = rules if isinstance(rules, dict) else {}
    if mode_of(rec) == SOLVE:
        return rules
    player = rec.get("player")
    return {"rules": rules, "player": player if isinstance(player, dict) else {}}


#: a player's settings in words, in the order they are read
PLAYER_WORDS = {"model": "%s", "samples": "%s samples",
                "max_states": "at most %s positions a search", "seed": "player seed %s"}


def player_words(player: Dict[str, Any]) -> Dict[str, str]:
    """A player's settings in words (PLAYER_WORDS; a key it does not know as "key
    value"), by key."""
    words = {k: PLAYER_WORDS[k] % (player[k],) for k in PLAYER_WORDS if k in player}
    for k in sorted(set(player) - set(words)):
        words[k] = "%s %s" % (k, player[k])
    return words


def describe_play(settings: Dict[str, Any]) -> str:
    """``" (draw 3, ...) played without peeking (as-dealt, 20 samples, ...)"``."""
    return "%s played without peeking (%s)" % (
        describe_rules(settings.get("rules") or {}),
        ", ".join(player_words(settings.get("player") or {}).values()))


def settings_diff(have: Dict[str, Any], want: Dict[str, Any]) -> Tuple[str, str]:
    """The settings of two played games that differ, in words: those of ``have``,
    those of ``want``."""
    def words(s: Dict[str, Any]) -> Dict[str, str]:
        rules = s.get("rules") or {}
        out = {"rules " + k: describe_rules({k: v}).strip(" ()") for k, v in rules.items()}
        out.update(("player " + k, w) for k, w in player_words(s.get("player") or {}).items())
        return out
    a, b = words(have), words(want)
    keys = [k for k in list(a) + [k for k in b if k not in a] if a.get(k) != b.get(k)]
    return (", ".join(a.get(k, "no " + k.split()[1]) for k in keys),
            ", ".join(b.get(k, "no " + k.split()[1]) for k in keys))


@dataclass
class Existing:
    """What a results file already holds: the ids, those whose last line says unknown,
    per game the settings its lines were made under (as ``rules_key`` strings of
    ``settings_of``: the rules of solved deals), and the modes of its lines (SOLVE,
    PLAY)."""
    ids: Set[str] = field(default_factory=set)
    unknown: Set[str] = field(default_factory=set)
    rules: Dict[str, Set[str]] = field(default_factory=dict)
    modes: Set[str] = field(default_factory=set)

    def clash(self, game: str, rules: Dict[str, Any]) -> str:
        """'' when a new line for ``game`` solved under ``rules`` fits the file;
        otherwise the rules the file's lines of that game were solved under."""
        known = self.rules.get(game)
        if not known or rules_key(rules) in known:
            return ""
        return " or ".join(describe_rules(json.loads(k)).strip(" ()") for k in sorted(known))

    def play_clash(self, game: str, settings: Dict[str, Any]) -> Tuple[str, str]:
        """("", "") when a new line for ``game`` played under ``settings`` (as
        ``settings_of`` gives them) fits the file; otherwise, in words, the settings
        of the file's lines that differ, and those of ``settings``."""
        known = self.rules.get(game)
        if not known or rules_key(settings) in known:
            return "", ""
        return settings_diff(json.loads(sorted(known)[0]), settings)

    def mode_clash(self, mode: str) -> str:
        """'' when lines of ``mode`` fit the file; otherwise the mode of its lines."""
        others = self.modes - {mode}
        return sorted(others)[0] if others else ""


class ResultsFile:
    """A results file open for this run alone (locked), to which each line is appended
    whole or not at all."""

    def __init__(self, fd: int, path: str) -> None:
        self.fd, self.path = fd, path

    def write(self, line: str) -> None:
        """Append ``line`` (ending with a newline); an OSError (a full disk) leaves the
        file as it was before the line."""
        data = line.encode("utf-8")
        start = os.lseek(self.fd, 0, os.SEEK_END)
        try:
            done = 0
            while done < len(data):        # a short write is followed by the error
                done += os.write(self.fd, data[done:])
        except OSError:
            try:
                os.ftruncate(self.fd, start)
            except OSError:
                pass                       # the torn line is cut off on --resume
            raise

    def flush(self) -> None:
        """Nothing to do: every line is written by ``write`` itself."""

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)              # the lock goes with the descriptor
            self.fd = -1

    def __enter__(self) -> "ResultsFile":
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.close()


def _lock(fd: int, path: str) -> None:
    """Take the advisory lock of a results file, or refuse: another run holds it."""
    if fcntl is None:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise OptionError("%s is in use by another kabalsolve batch run: wait for it to "
                          "end, or give another --out" % path) from None
    except OSError:
        pass                               # a file system without locks


def open_results(path: str, resume: bool) -> Tuple[ResultsFile, Existing]:
    """Open ``path`` to append result lines, locked for this run; return the file and
    what it already holds.

    A file another run has open is refused.  Without ``resume`` a file that already
    holds results is refused (so that a run never silently mixes with or overwrites an
    earlier one); with it, a torn last line is cut off and the ids (read by
    ``canonical_id``) and rules on the complete lines are returned."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o666)
    except OSError as e:
        raise OptionError("%s: cannot write the results file: %s" % (path, e.strerror or e))
    out = ResultsFile(fd, path)
    try:
        _lock(fd, path)
        done = Existing()
        if os.fstat(fd).st_size > 0:
            if not resume:
                raise OptionError("%s already holds results: give --resume to go on with "
                                  "it, or another --out" % path)
            for rec in read_records(path, repair=True):
                deal_id = canonical_id(rec["id"])
                done.ids.add(deal_id)
                if rec["result"] == "unknown" or rec.get("proved") is False:
                    done.unknown.add(deal_id)  # the verdict, or the best count, unproved
                else:
                    done.unknown.discard(deal_id)
                done.modes.add(mode_of(rec))
                done.rules.setdefault(str(rec.get("game")), set()).add(
                    rules_key(settings_of(rec)))
    except BaseException:
        out.close()
        raise
    return out, done


def percentile(sorted_values: List[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between closest ranks."""
    if not sorted_values:
        return math.nan
    pos = q * (len(sorted_values) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


@dataclass
class Group:
    """The deals of one game under one set of rules; or (``mode`` PLAY) the games
    played without peeking under one set of rules by one ``player`` (its settings)."""
    game: str
    rules: Dict[str, Any]
    mode: str = SOLVE
    player: Dict[str, Any] = field(default_factory=dict)
    counts: Dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    seconds: List[float] = field(default_factory=list)
    states: List[float] = field(default_factory=list)
    # max-foundation lines: the foundation counts proved best, and how many were not
    foundation: List[int] = field(default_factory=list)
    unproved: int = 0
    # Aces Up lines with the best score: the scores proved best, and how many were not
    scores: List[int] = field(default_factory=list)
    # and of the unproved: (the score of the best line found, the most it can be)
    scores_open: List[Tuple[int, int]] = field(default_factory=list)
    # games played: how many ended each way (won, no-move, ...), the player's searches
    ended: Dict[str, int] = field(default_factory=dict)
    searches: List[float] = field(default_factory=list)

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    @property
    def scores_unproved(self) -> int:
        return len(self.scores_open)

    def interval(self) -> Tuple[float, float]:
        """95 % Wilson interval of the win rate with unknowns counted both ways (Blake &
        Gent): the low end counts them lost, the high end won."""
        won, unknown, n = self.counts["won"], self.counts["unknown"], self.n
        return wilson(won, n)[0], wilson(won + unknown, n)[1]

    def lines(self) -> List[str]:
        if self.mode == PLAY:
            return self.play_lines()
        won, lost, unknown = (self.counts[v] for v in VERDICTS)
        decided = won + lost
        lo, hi = self.interval()
        rate = "%.4f %%" % (100 * won / decided) if decided else "n/a"
        out = ["%s%s: %d deals: %d won, %d lost, %d unknown" % (
                   self.game, describe_rules(self.rules), self.n, won, lost, unknown),
               "  won %s of decided (95 %% interval [%.4f, %.4f] %%, unknowns both ways)"
               % (rate, 100 * lo, 100 * hi)]
        if self.foundation or self.unproved:
            out.append(self.vegas_line())
        if self.scores or self.scores_unproved:
            out.append(self.score_line())
        for name, vals, fmt in (("time (ms)", [1000 * s for s in self.seconds], "%.3f"),
                                ("states", self.states, "%.0f")):
            vals.sort()
            qs = ", ".join("p%d " % p + fmt % percentile(vals, p / 100) for p in (50, 90, 99))
            out.append("  %s: mean %s, %s, max %s" % (name, fmt % (sum(vals) / len(vals)),
                                                    qs, fmt % vals[-1]))
        return out

    def play_lines(self) -> List[str]:
        """The games played without peeking: the win rate with its 95 % Wilson
        interval, how the games ended, the seconds and the player's searches per game."""
        won, lost, unknown = (self.counts[v] for v in VERDICTS)
        lo, hi = self.interval()
        settings = describe_play({"rules": self.rules, "player": self.player})
        out = ["%s%s: %d games: %d won, %d lost%s" % (
                   self.game, settings, self.n, won, lost,
                   ", %d unknown" % unknown if unknown else ""),
               "  won %.4f %% without peeking (95 %% interval [%.4f, %.4f] %%)"
               % (100 * won / self.n, 100 * lo, 100 * hi),
               "  ended: " + ", ".join("%d %s" % (n, how) for how, n in sorted(
                   self.ended.items(), key=lambda kv: (kv[0] != "won", -kv[1], kv[0])))]
        for name, vals, fmt in (("seconds per game", self.seconds, "%.3f"),
                                ("searches per game", self.searches, "%.0f")):
            vals.sort()
            out.append("  %s: median %s, mean %s, p90 %s, max %s" % (
                name, fmt % percentile(vals, 0.5), fmt % (sum(vals) / len(vals)),
                fmt % percentile(vals, 0.9), fmt % vals[-1]))
        return out

    def vegas_line(self) -> str:
        """The best Vegas score over the deals whose best foundation count is proved:
        its mean with a 95 % interval of the mean, and the mean foundation count."""
        n = len(self.foundation)
        text = mean_text([vegas_score(f) for f in self.foundation], "%.2f", "%.2f")
        found = "%.2f" % (sum(self.foundation) / n) if n else "n/a"
        return ("  best Vegas score: %s over %d proved deals; mean foundation cards %s; "
                "%d unproved (not counted)" % (text, n, found, self.unproved))


    def score_line(self) -> str:
        """Aces Up: the mean best score (cards discarded) over the deals whose best score
        is proved, with a 95 % interval of the mean; and when some are unproved, where
        the mean over all the deals lies: at least with each unproved deal at the best
        line found, at most with it at the most it can be (47 lost, 48 undecided)."""
        text = "  best score: %s over %d proved deals; %d unproved (not counted)" % (
            mean_text(self.scores, "%.3f", "%d"), len(self.scores), self.scores_unproved)
        if self.scores_open:
            n = len(self.scores) + len(self.scores_open)
            low = sum(self.scores) + sum(found for found, _ in self.scores_open)
            high = sum(self.scores) + sum(most for _, most in self.scores_open)
            text += ("\n  best score of all %d deals: mean between %.3f and %.3f (each "
                     "unproved one at its best line found, or at 47 lost, 48 undecided)"
                     % (n, low / n, high / n))
        return text


def vegas_score(foundation: int) -> int:
    """The Vegas score of a game that ends with ``foundation`` cards up (the Vegas rules: -52
    for the deal, +5 per foundation card)."""
    return -52 + 5 * foundation


def mean_text(values: List[int], fmt: str, one: str) -> str:
    """``values``' mean with its 95 % interval (numbers in ``fmt``); a single value in
    ``one`` (no interval); "n/a" for none."""
    if not values:
        return "n/a"
    if len(values) == 1:
        return (one + " (one deal: no interval)") % values[0]
    lo, hi = mean_interval(values)
    return ("mean %s (95 %%%% interval [%s, %s])" % (fmt, fmt, fmt)) % (
        sum(values) / len(values), lo, hi)


def mean_interval(values: List[int], z: float = 1.959964) -> Tuple[float, float]:
    """The 95 % interval of the mean of ``values`` (two at least) by the normal
    approximation, mean +- z * s / sqrt(n) with s the sample standard deviation: the
    scores are bounded (Vegas -52 .. 208, Aces Up 0 .. 48), so with thousands of deals
    the mean is close to normal whatever their spread."""
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    h = z * sd / math.sqrt(n)
    return mean - h, mean + h


def describe_rules(rules: Dict[str, Any]) -> str:
    """``" (draw 3, passes unlimited, foundation_moves yes)"``-like text; "" for none."""
    if not rules:
        return ""
    words = []
    for k, v in sorted(rules.items()):
        if v is None:
            v = "unlimited"
        elif v is True or v is False:
            v = "yes" if v else "no"
        words.append("%s %s" % (k, v))
    return " (%s)" % ", ".join(words)


def _tally(rec: Dict[str, Any], name: str, proved: List[int]) -> int:
    """A line's best value ``name`` (max-foundation's count, Aces Up's score): added to
    ``proved`` when the line says it is proved; 1 if it is there unproved, else 0."""
    value = rec.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        return 0
    if rec.get("proved") is True:
        proved.append(value)
        return 0
    return 1


def summarise(paths: List[str]) -> List[Group]:
    """The deals of the results files grouped by game and rules, in order of first
    appearance; games played without peeking apart from deals solved, grouped by game,
    rules and player settings.  An id seen twice in a group counts once (its last
    line), so a file that was resumed over twice, or two files that overlap, do not
    count a deal twice."""
    latest: Dict[Tuple[str, str, str, str], Dict[str, Any]] = {}
    for path in paths:
        for rec in read_records(path):
            key = (str(rec.get("game", "?")), mode_of(rec), rules_key(settings_of(rec)),
                   canonical_id(rec["id"]))
            latest.pop(key, None)
            latest[key] = rec
    groups: Dict[Tuple[str, str, str], Group] = {}
    for (game, mode, skey, _), rec in latest.items():
        g = groups.get((game, mode, skey))
        if g is None:
            settings = json.loads(skey)
            g = groups[(game, mode, skey)] = (
                Group(game, settings["rules"], PLAY, settings["player"]) if mode == PLAY
                else Group(game, settings))
        g.counts[rec["result"]] += 1
        g.seconds.append(_number(rec.get("seconds")))
        if mode == PLAY:
            how = str(rec.get("ended", rec["result"]))
            g.ended[how] = g.ended.get(how, 0) + 1
            g.searches.append(_number(rec.get("searches")))
            continue
        g.unproved += _tally(rec, "foundation", g.foundation)
        if _tally(rec, "score", g.scores):
            g.scores_open.append((rec["score"], 48 if rec["result"] == "unknown" else 47))
        g.states.append(_number(rec.get("states")))
    return list(groups.values())


def _number(value: Any) -> float:
    """A line's count or seconds as a float (0 when it has none)."""
    return float(value) if isinstance(value, (int, float)) else 0.0
