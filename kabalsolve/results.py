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

import bisect
import json
import math
import os
import sys
import tempfile
from contextlib import ExitStack, nullcontext
from dataclasses import dataclass, field
from types import TracebackType
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple, Type, TypeGuard, Union

from .errors import DealError, KabalError, OptionError
from .locks import lock, still_names, unlock
from .numbering import is_spec
from .stats import wilson

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


#: how every line of a results file begins (``BatchResult.to_json``, ``PlayRecord``):
#: a torn last line is cut off only if it is the start of one
LINE_START = b'{"id": '

#: the games a line may name
GAME_NAMES = ("klondike", "acesup", "clock")

#: the bounds of a line's numbers: (key, whole numbers only, lowest, highest).  A count
#: of positions or searches stays below 2**64 (the core counts in 64 bits); seconds
#: below 10**9, the longest --timeout; moves below the longest line a game can have.
NUMBERS = (("states", True, 0, 2**64), ("searches", True, 0, 2**64),
           ("moves", True, 0, 10**7), ("seconds", False, 0, 10**9),
           ("foundation", True, 0, 52), ("vegas", True, -52, 208), ("score", True, 0, 48))

#: a player's settings on a --play line: (key, lowest, highest)
PLAYER_NUMBERS = (("seed", 0, 2**64 - 1), ("samples", 1, 10**9), ("max_states", 1, 10**18))


class _Refused(ValueError):
    """A line's JSON that no results line holds (a key twice, NaN, a number too big)."""


def _pairs(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise _Refused("the key %r is given twice in one object" % k[:40])
        out[k] = v
    return out


def _constant(name: str) -> Any:
    raise _Refused("%s is not a number a results line holds" % name)


def _float(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise _Refused("%s is not a finite number" % text[:40])
    return v


def _int(text: str) -> int:
    if len(text) > 40:
        raise _Refused("a number of %d digits (no results line holds one)" % len(text))
    return int(text)


def _is_number(v: Any, whole: bool) -> TypeGuard[Union[int, float]]:
    if isinstance(v, bool):
        return False
    return isinstance(v, int) or (not whole and isinstance(v, float))


def _shown(v: Any) -> str:
    """A line's value as an error quotes it: short, a long number by its digits."""
    if isinstance(v, float) and not math.isfinite(v):
        return "a number too big to be finite"
    text = json.dumps(v)
    if len(text) <= 40:
        return text
    if isinstance(v, int):
        return "%s... (%d digits)" % (text[:12], len(text.lstrip("-")))
    return text[:37] + "..."


def check_record(rec: Any) -> str:
    """'' if ``rec`` (a line's JSON) is a results line as kabalsolve writes it, else what
    is wrong with it, in words.  Keys it does not know are let through (a later version
    may add some); those it knows must hold what it writes there."""
    if not isinstance(rec, dict):
        return "a line is one JSON object"
    if not isinstance(rec.get("id"), str) or not rec["id"]:
        return 'no "id" (the deal\'s name)'
    game = rec.get("game")
    if game not in GAME_NAMES:
        return '"game" must be one of %s, not %s' % (
            ", ".join(GAME_NAMES), _shown(game) if "game" in rec else "missing")
    play = "mode" in rec
    if play and rec["mode"] != PLAY:
        return '"mode" must be "play" where it is given, not %s' % _shown(rec["mode"])
    verdicts = ("won", "lost") if play else VERDICTS
    if rec.get("result") not in verdicts:
        return '%s"result" must be %s, not %s' % (
            "a game played: " if play else "", " or ".join(verdicts),
            _shown(rec.get("result")))
    if "rules" in rec:
        rules = rec["rules"]
        if not isinstance(rules, dict) or any(
                isinstance(v, (dict, list)) for v in rules.values()):
            return '"rules" must be an object of rule names and values'
    elif play:
        return 'a game played has its "rules"'
    for key, whole, lo, hi in NUMBERS:
        if key in rec:
            v = rec[key]
            if not _is_number(v, whole) or not lo <= v <= hi:
                return '"%s" must be a %s from %s to %s, not %s' % (
                    key, "whole number" if whole else "number", lo,
                    "2**64" if hi == 2**64 else hi, _shown(v))
    if "proved" in rec and not isinstance(rec["proved"], bool):
        return '"proved" must be true or false'
    if play:
        player = rec.get("player")
        if not isinstance(player, dict):
            return 'a game played has its "player" settings (an object)'
        for key, lo, hi in PLAYER_NUMBERS:
            v = player.get(key)
            if key in player and (not _is_number(v, True) or not lo <= v <= hi):
                return '"player": "%s" must be a whole number from %d to %d, not %s' % (
                    key, lo, hi, _shown(v))
    return ""


def _keys_in(value: Any) -> int:
    """How many keys the objects in a JSON value hold, nested ones too."""
    n, todo = 0, [value]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            n += len(v)
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
    return n


def _keys_written(text: str) -> int:
    """How many keys a line's JSON text writes, or -1 if that cannot be told quickly:
    without a backslash every quote opens or closes a string, so the strings are the
    odd pieces between quotes, and a key is one that a colon follows."""
    if "\\" in text:
        return -1
    # the text between strings, each piece after a NUL (which JSON text never holds)
    gaps = "\0" + "\0".join(text.split('"')[2::2])
    if "\0  " in gaps or "\0\t" in gaps or "\0\n" in gaps or "\0\r" in gaps:
        return -1                           # a key may be followed by more space
    return gaps.count("\0:") + gaps.count("\0 :")


def parse_line(raw: bytes) -> Tuple[Any, str]:
    """(the record, '') of one line of a results file, or (None, what is wrong).

    The JSON is read by the C reader; a key given twice (which it lets through, the
    second value replacing the first) shows as fewer keys read than written, and the
    line is then read again key by key to name it.  NaN and Infinity are refused; a
    number too big to be finite reads as infinite, which no range admits."""
    try:
        text = raw.decode("utf-8")
        rec = json.loads(text, parse_constant=_constant)
        if _keys_written(text) != _keys_in(rec):
            rec = json.loads(text, object_pairs_hook=_pairs, parse_float=_float,
                             parse_int=_int)
    except _Refused as e:
        return None, str(e)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, repr(raw[:40].decode("utf-8", "replace"))
    why = check_record(rec)
    return (None, why) if why else (rec, "")


def read_records(path: str, repair: bool = False,
                 copy: Optional[Any] = None) -> Iterator[Dict[str, Any]]:
    """The records of a results file (``-``: standard input), in order, read one line
    at a time (a file of a million lines is never held whole).

    What follows the last newline is a torn line (its deal is solved again): with
    ``repair`` it is cut off the file, otherwise skipped; but only where it is the
    start of a results line, after at least one whole one, and a file that holds none
    is no results file.  Any other line that is not a record is an error naming the
    file and the line.  ``copy``: a binary file every line read is written to as well
    (``summarise`` reads standard input twice through it)."""
    stdin = path == "-"
    name = "<stdin>" if stdin else path
    try:
        fh: Any = nullcontext(sys.stdin.buffer) if stdin else open(path, "rb")
    except IsADirectoryError:
        raise OptionError("%s is a directory, neither a results file nor an archive (an "
                          "archive holds %s)" % (path, "archive.json")) from None
    except OSError as e:
        raise OptionError("%s: cannot read the results file: %s" % (path, e.strerror or e))
    whole = 0                      # bytes up to the end of the last complete line
    torn = False
    n = 0
    records = 0
    with fh as lines:              # line by line: a file with solutions can be large
        while True:
            raw = lines.readline(MAX_LINE + 1)
            if not raw:
                break
            n += 1
            if len(raw) > MAX_LINE:
                raise _bad_line(name, n, "longer than %d MiB" % (MAX_LINE >> 20))
            if copy is not None:
                copy.write(raw)
            if not raw.endswith(b"\n"):
                if not records or not (raw.startswith(LINE_START)
                                       or LINE_START.startswith(raw)):
                    raise _bad_line(name, n, "%r (and no newline after it)"
                                    % raw[:40].decode("utf-8", "replace"))
                torn = True
                break
            whole += len(raw)
            if not raw.strip():
                continue
            rec, why = parse_line(raw)
            if rec is None:
                raise _bad_line(name, n, why)
            records += 1
            yield rec
    if repair and torn and not stdin:
        with open(path, "r+b") as out:
            out.truncate(whole)


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
    #: the games of its seeded deals (``seed:N`` names deal N of one game)
    seed_games: Set[str] = field(default_factory=set)

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
        self._check_still_ours()
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

    def _check_still_ours(self) -> None:
        """Refuse to write when ``path`` no longer names the file this run locked: it was
        removed (what this run writes would go nowhere a user can read), or replaced,
        perhaps by another run's file, which this run must not touch."""
        if not still_names(self.path, self.fd):
            raise KabalError("%s was moved, removed or replaced while this run wrote it: "
                             "the run stops here" % self.path)

    def flush(self) -> None:
        """Nothing to do: every line is written by ``write`` itself."""

    def close(self) -> None:
        if self.fd >= 0:
            unlock(self.fd)
            os.close(self.fd)              # the lock goes with the descriptor
            self.fd = -1

    def __enter__(self) -> "ResultsFile":
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.close()


def _lock(fd: int, path: str) -> None:
    """Take the advisory lock of a results file, or refuse: another run holds it."""
    try:
        lock(fd)
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
                with open(path, "rb") as fh:
                    ours = fh.read(len(LINE_START)) == LINE_START
                raise OptionError(
                    ("%s already holds results: give --resume to go on with it, or another "
                     "--out" if ours else "%s exists and is not a kabalsolve results file: "
                     "give another --out") % path)
            for rec in read_records(path, repair=True):
                deal_id = canonical_id(rec["id"])
                if deal_id.startswith(SEED_PREFIX):
                    done.seed_games.add(rec["game"])
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


def _fsum_add(partials: List[float], x: float) -> None:
    """Add ``x`` to a sum kept exactly as non-overlapping partials (Shewchuk's
    algorithm, as math.fsum): the mean of a million lines owes nothing to their order."""
    i = 0
    for y in partials:
        if abs(x) < abs(y):
            x, y = y, x
        hi = x + y
        lo = y - (hi - x)
        if lo:
            partials[i] = lo
            i += 1
        x = hi
    partials[i:] = [x]


def _bucket(v: float) -> int:
    """A bucket of non-negative numbers, in their order: 128 buckets an octave (the
    exponent and the top 7 bits of the mantissa); 0 has one of its own."""
    if not v:
        return -1 << 20
    m, e = math.frexp(v)
    return e * 128 + int(m * 256) - 128


class Spread:
    """The values of one measure over a group's lines (seconds, positions, searches),
    in memory that does not grow with their number: their count, exact sum and most,
    and how many fall in each bucket (``_bucket``).  Percentiles take a second look at
    the values (``want``, then ``keep`` each value again): only those in the buckets
    that hold the ranks asked for are kept, and they are exact."""

    def __init__(self) -> None:
        self.n = 0
        self.whole = 0                      # the sum of the whole numbers, exact
        self.partials: List[float] = []     # and of the others (_fsum_add)
        self.most = -math.inf
        self.buckets: Dict[int, int] = {}
        self.kept: Dict[int, Dict[float, int]] = {}

    def add(self, v: Any) -> None:
        self.n += 1
        if isinstance(v, int):
            self.whole += v
        else:
            _fsum_add(self.partials, v)
        v = float(v) + 0.0                  # -0.0 is 0.0
        if v > self.most:
            self.most = v
        b = _bucket(v)
        self.buckets[b] = self.buckets.get(b, 0) + 1

    def mean(self) -> float:
        if not self.n:
            return math.nan
        return math.fsum(self.partials + [float(self.whole)]) / self.n

    def _ranks(self, q: float) -> Tuple[int, int, float]:
        pos = q * (self.n - 1)
        lo = int(pos)
        return lo, min(lo + 1, self.n - 1), pos - lo

    def want(self, qs: Tuple[float, ...]) -> bool:
        """Ready ``keep`` for the percentiles ``qs``: True if values must be seen again."""
        ranks = sorted({r for q in qs for r in self._ranks(q)[:2]} if self.n else set())
        self.kept = {}
        seen, i = 0, 0
        for b in sorted(self.buckets):
            seen += self.buckets[b]
            while i < len(ranks) and ranks[i] < seen:
                self.kept[b] = {}
                i += 1
        return bool(self.kept)

    def keep(self, v: float) -> None:
        v = float(v) + 0.0
        got = self.kept.get(_bucket(v))
        if got is not None:
            got[v] = got.get(v, 0) + 1

    def _at(self, rank: int) -> float:
        seen = 0
        for b in sorted(self.buckets):
            if rank < seen + self.buckets[b]:
                for v in sorted(self.kept[b]):
                    seen += self.kept[b][v]
                    if rank < seen:
                        return v
                raise ValueError("the values changed between two readings")
            seen += self.buckets[b]
        raise ValueError("rank out of range")

    def percentile(self, q: float) -> float:
        """The q-quantile (0..1) by linear interpolation between closest ranks, as
        ``percentile`` gives it of the sorted values."""
        if not self.n:
            return math.nan
        lo, hi, f = self._ranks(q)
        a, b = self._at(lo), self._at(hi)
        return a + (b - a) * f


#: the percentiles the lines of ``Group`` give
PERCENTILES = (0.5, 0.9, 0.99)


@dataclass
class Group:
    """The deals of one game under one set of rules; or (``mode`` PLAY) the games
    played without peeking under one set of rules by one ``player`` (its settings).
    What it keeps does not grow with the number of lines: counts, and a ``Spread`` of
    each measure."""
    game: str
    rules: Dict[str, Any]
    mode: str = SOLVE
    player: Dict[str, Any] = field(default_factory=dict)
    counts: Dict[str, int] = field(default_factory=lambda: dict.fromkeys(VERDICTS, 0))
    seconds: Spread = field(default_factory=Spread)
    states: Spread = field(default_factory=Spread)
    # max-foundation lines: how many deals have each foundation count proved best, and
    # how many were not proved
    foundation_counts: Dict[int, int] = field(default_factory=dict)
    unproved: int = 0
    # Aces Up lines with the best score: how many deals have each score proved best;
    # of the unproved: how many, and the sums of the best line found and of the most
    # each can be (47 lost, 48 undecided)
    score_counts: Dict[int, int] = field(default_factory=dict)
    scores_unproved: int = 0
    open_low: int = 0
    open_high: int = 0
    # games played: how many ended each way (won, no-move, ...), the player's searches
    ended: Dict[str, int] = field(default_factory=dict)
    searches: Spread = field(default_factory=Spread)

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    @property
    def foundation(self) -> List[int]:
        """The foundation counts proved best, in order."""
        return [f for f in sorted(self.foundation_counts)
                for _ in range(self.foundation_counts[f])]

    @property
    def scores(self) -> List[int]:
        """The Aces Up best scores proved, in order."""
        return [v for v in sorted(self.score_counts) for _ in range(self.score_counts[v])]

    def add(self, rec: Dict[str, Any]) -> None:
        """Count one line (the first reading of ``summarise``)."""
        self.counts[rec["result"]] += 1
        self.seconds.add(_number(rec.get("seconds")))
        if self.mode == PLAY:
            how = str(rec.get("ended", rec["result"]))
            self.ended[how] = self.ended.get(how, 0) + 1
            self.searches.add(_number(rec.get("searches")))
            return
        self.unproved += _tally(rec, "foundation", self.foundation_counts)
        if _tally(rec, "score", self.score_counts):
            self.scores_unproved += 1
            self.open_low += rec["score"]
            self.open_high += 48 if rec["result"] == "unknown" else 47
        self.states.add(_number(rec.get("states")))

    def spreads(self) -> List[Tuple[Spread, str]]:
        """Each Spread with the key of the lines it is read from."""
        if self.mode == PLAY:
            return [(self.seconds, "seconds"), (self.searches, "searches")]
        return [(self.seconds, "seconds"), (self.states, "states")]

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
        if self.foundation_counts or self.unproved:
            out.append(self.vegas_line())
        if self.score_counts or self.scores_unproved:
            out.append(self.score_line())
        for name, spread, scale, fmt in (("time (ms)", self.seconds, 1000.0, "%.3f"),
                                         ("states", self.states, 1.0, "%.0f")):
            qs = ", ".join("p%d " % round(100 * q) + fmt % (scale * spread.percentile(q))
                           for q in PERCENTILES)
            out.append("  %s: mean %s, %s, max %s" % (name, fmt % (scale * spread.mean()),
                                                    qs, fmt % (scale * spread.most)))
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
        for name, spread, fmt in (("seconds per game", self.seconds, "%.3f"),
                                  ("searches per game", self.searches, "%.0f")):
            out.append("  %s: median %s, mean %s, p90 %s, max %s" % (
                name, fmt % spread.percentile(0.5), fmt % spread.mean(),
                fmt % spread.percentile(0.9), fmt % spread.most))
        return out

    def vegas_line(self) -> str:
        """The best Vegas score over the deals whose best foundation count is proved:
        its mean with a 95 % interval of the mean, and the mean foundation count."""
        n = sum(self.foundation_counts.values())
        vegas = {vegas_score(f): k for f, k in self.foundation_counts.items()}
        text = mean_text(vegas, "%.2f", "%.2f")
        found = "%.2f" % (sum(f * k for f, k in self.foundation_counts.items()) / n) \
            if n else "n/a"
        return ("  best Vegas score: %s over %d proved deals; mean foundation cards %s; "
                "%d unproved (not counted)" % (text, n, found, self.unproved))

    def score_line(self) -> str:
        """Aces Up: the mean best score (cards discarded) over the deals whose best score
        is proved, with a 95 % interval of the mean; and when some are unproved, where
        the mean over all the deals lies: at least with each unproved deal at the best
        line found, at most with it at the most it can be (47 lost, 48 undecided)."""
        proved = sum(self.score_counts.values())
        text = "  best score: %s over %d proved deals; %d unproved (not counted)" % (
            mean_text(self.score_counts, "%.3f", "%d"), proved, self.scores_unproved)
        if self.scores_unproved:
            n = proved + self.scores_unproved
            total = sum(v * k for v, k in self.score_counts.items())
            text += ("\n  best score of all %d deals: mean between %.3f and %.3f (each "
                     "unproved one at its best line found, or at 47 lost, 48 undecided)"
                     % (n, (total + self.open_low) / n, (total + self.open_high) / n))
        return text


def vegas_score(foundation: int) -> int:
    """The Vegas score of a game that ends with ``foundation`` cards up (the Vegas rules: -52
    for the deal, +5 per foundation card)."""
    return -52 + 5 * foundation


def mean_text(values: Any, fmt: str, one: str) -> str:
    """The mean of ``values`` (a list, or a dict of how many times each value occurs)
    with its 95 % interval (numbers in ``fmt``); a single value in ``one`` (no
    interval); "n/a" for none."""
    counted = values if isinstance(values, dict) else _counted(values)
    n = sum(counted.values())
    if not n:
        return "n/a"
    if n == 1:
        return (one + " (one deal: no interval)") % next(v for v, k in counted.items() if k)
    lo, hi = _counted_interval(counted)
    mean = sum(v * k for v, k in counted.items()) / n
    return ("mean %s (95 %%%% interval [%s, %s])" % (fmt, fmt, fmt)) % (mean, lo, hi)


def _counted(values: List[int]) -> Dict[int, int]:
    out: Dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return out


def mean_interval(values: List[int], z: float = 1.959964) -> Tuple[float, float]:
    """The 95 % interval of the mean of ``values`` (two at least) by the normal
    approximation, mean +- z * s / sqrt(n) with s the sample standard deviation: the
    scores are bounded (Vegas -52 .. 208, Aces Up 0 .. 48), so with thousands of deals
    the mean is close to normal whatever their spread."""
    return _counted_interval(_counted(values), z)


def _counted_interval(counted: Dict[int, int], z: float = 1.959964) -> Tuple[float, float]:
    """``mean_interval`` of the values that ``counted`` holds (value: how many)."""
    n = sum(counted.values())
    mean = sum(v * k for v, k in counted.items()) / n
    sd = math.sqrt(sum(k * (v - mean) ** 2 for v, k in counted.items()) / (n - 1))
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


def _tally(rec: Dict[str, Any], name: str, proved: Dict[int, int]) -> int:
    """A line's best value ``name`` (max-foundation's count, Aces Up's score): counted
    in ``proved`` when the line says it is proved; 1 if it is there unproved, else 0."""
    value = rec.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        return 0
    if rec.get("proved") is True:
        proved[value] = proved.get(value, 0) + 1
        return 0
    return 1


class IdSet:
    """The ids of one group's lines, in memory that does not grow with a run of seeds:
    ``seed:N`` ids as ranges of N (a run of a million seeds is one range), others as
    they are."""

    def __init__(self) -> None:
        self.lo: List[int] = []
        self.hi: List[int] = []
        self.other: Set[str] = set()

    def add(self, deal_id: str) -> bool:
        """Add an id; False if it was there already."""
        digits = deal_id[len(SEED_PREFIX):]
        if not (deal_id.startswith(SEED_PREFIX) and digits.isdigit() and digits.isascii()
                and str(int(digits)) == digits):
            if deal_id in self.other:
                return False
            self.other.add(deal_id)
            return True
        n = int(digits)
        i = bisect.bisect_right(self.lo, n) - 1
        if i >= 0 and n <= self.hi[i]:
            return False
        left = i >= 0 and self.hi[i] == n - 1
        right = i + 1 < len(self.lo) and self.lo[i + 1] == n + 1
        if left and right:
            self.hi[i] = self.hi[i + 1]
            del self.lo[i + 1], self.hi[i + 1]
        elif left:
            self.hi[i] = n
        elif right:
            self.lo[i + 1] = n
        else:
            self.lo.insert(i + 1, n)
            self.hi.insert(i + 1, n)
        return True


_KEYS: Dict[Any, str] = {}


def _group_key(rec: Dict[str, Any]) -> Tuple[str, str, str]:
    """(game, mode, rules_key of the settings) of a line; the settings' key string is
    made once per distinct settings (their values are scalars: check_record)."""
    rules, player = rec.get("rules"), rec.get("player")
    try:
        short = (tuple(sorted(rules.items())) if isinstance(rules, dict) else None,
                 tuple(sorted(player.items())) if isinstance(player, dict) else None,
                 mode_of(rec))
        key = _KEYS.get(short)
    except TypeError:                       # a value that is not hashable
        short, key = None, None
    if key is None:
        key = rules_key(settings_of(rec))
        if short is not None and len(_KEYS) < 4096:
            _KEYS[short] = key
    return str(rec["game"]), mode_of(rec), key


def summarise(paths: List[str]) -> List[Group]:
    """The deals of the results files grouped by game and rules, in order of first
    appearance; games played without peeking apart from deals solved, grouped by game,
    rules and player settings.  An id seen twice in a group counts once (its last
    line), so a file that was resumed over twice, or two files that overlap, do not
    count a deal twice.

    The files are read line by line, two or three times (standard input is copied to
    a temporary file for that), and what is kept does not grow with their length:
    each group's counts and ``Spread``s, its ids (``IdSet``), and where the ids seen
    twice were seen last.  A file without a single line is an error."""
    with ExitStack() as stack:
        names: List[str] = []       # where each file is read again
        for path in paths:
            names.append(stack.enter_context(tempfile.NamedTemporaryFile(
                prefix="kabalsolve-")).name if path == "-" else path)
        lengths: List[int] = []
        groups: Dict[Tuple[str, str, str], Group] = {}
        ids: Dict[Tuple[str, str, str], IdSet] = {}
        last: Dict[Tuple[Tuple[str, str, str], str], Tuple[int, int]] = {}
        for f, path in enumerate(paths):
            copy = open(names[f], "wb") if path == "-" else None
            n = -1
            try:
                for n, rec in enumerate(read_records(path, copy=copy)):
                    key = _group_key(rec)
                    g = groups.get(key)
                    if g is None:
                        settings = json.loads(key[2])
                        g = groups[key] = (
                            Group(key[0], settings["rules"], PLAY, settings["player"])
                            if key[1] == PLAY else Group(key[0], settings))
                        ids[key] = IdSet()
                    if not ids[key].add(canonical_id(rec["id"])):
                        last[(key, canonical_id(rec["id"]))] = (f, n)
                    g.add(rec)
            finally:
                if copy is not None:
                    copy.close()
            if n < 0:
                raise OptionError("%s: no results lines in it: nothing to count" % (
                    "<stdin>" if path == "-" else path))
            lengths.append(n + 1)
        ids.clear()
        if last:
            # an id seen twice: count again, each id by its last line alone
            for key, g in list(groups.items()):
                groups[key] = Group(g.game, g.rules, g.mode, g.player)
            for f, n, rec in _again(names, lengths):
                key = _group_key(rec)
                if last.get((key, canonical_id(rec["id"])), (f, n)) == (f, n):
                    groups[key].add(rec)
        if any([spread.want(PERCENTILES) for g in groups.values()
                for spread, _ in g.spreads()]):
            for f, n, rec in _again(names, lengths):
                key = _group_key(rec)
                if last.get((key, canonical_id(rec["id"])), (f, n)) == (f, n):
                    g = groups[key]
                    for spread, name in g.spreads():
                        if spread.kept:
                            spread.keep(_number(rec.get(name)))
        return list(groups.values())


def _again(names: List[str], lengths: List[int]) -> Iterator[Tuple[int, int, Dict[str, Any]]]:
    """(file index, line index, record) of the lines read the first time, read again
    (no further: a run may be appending to a file).  The first reading checked them,
    so this one only reads their JSON."""
    for f, name in enumerate(names):
        n = 0
        with open(name, "rb") as fh:
            while n < lengths[f]:
                raw = fh.readline(MAX_LINE + 1)
                if not raw:
                    raise OptionError("%s: the file grew shorter while it was read" % name)
                if raw.strip():
                    yield f, n, json.loads(raw)
                    n += 1


def _number(value: Any) -> Any:
    """A line's count or seconds, an int or a float (0 when it has none)."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0
