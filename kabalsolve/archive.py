"""Verdict archives: every deal of a long numbered range, in two bits a deal.

A results file (one JSON line a deal) takes about 150 bytes a deal: 150 MB for a
million deals, too much to keep in a repository.  An archive keeps only each deal's
verdict, in blocks of ``BLOCK`` consecutive numbers, so a million deals take 250 KB,
and a run over the range can stop anywhere and go on later, on another machine, from
the archive alone.

An archive is a directory:

``archive.json``
    what the deals are: the game, the numbering (``"kabalsolve"``: deal N is
    ``Deal.from_seed(N)``; another name: ``kabalsolve.numbering.numbered_deal(name,
    N)``), the rules, the first number and the block size.  Written once, when the
    archive is made; a run with other settings is refused.
``block-FFFFFFF-LLLLLLL.kvb``
    numbers F..L (both included), one file per block: the line ``kabalsolve verdicts
    1``, one line of JSON (the block's numbers and counts, the SHA-256 of the codes,
    its hardest deals, the CPU time and peak memory spent on it), then the codes, four
    deals a byte, deal F + i in bits ``2 * (i % 4)`` and up of byte ``i // 4``:
    0 not decided yet, 1 won, 2 lost, 3 unknown (a budget ran out).

A block file is only ever replaced whole: written to a temporary file in the same
directory, flushed to disk, then renamed over the old one.  However a run ends (even
by SIGKILL or a power cut), every block file is a whole snapshot whose counts agree
with its codes, and committing the directory at any moment commits a consistent
archive.  A number has one slot, so it is counted once however often the run is
stopped and resumed; a run killed between two snapshots solves again the deals it
had decided since the last one (``CHECKPOINT_SECONDS`` of work at most).

One run at a time writes an archive: the writer holds an advisory lock on
``archive.json`` that a second writer finds taken.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import resource
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from .api import solve
from .batch import _keep_tables_once
from .errors import KabalError, OptionError
from .games import game_named
from .locks import lock, still_names, unlock
from .numbering import numbered_deal
from .stats import wilson

MAGIC = b"kabalsolve verdicts 1\n"
MANIFEST = "archive.json"
FORMAT = "kabalsolve verdict archive"
VERSION = 1
#: numbers per block: 25,000 bytes of codes
BLOCK = 100_000
#: the hardest deals (most positions) a block keeps the figures of
HARDEST = 20
#: the longest a writer keeps decided deals before writing their blocks again
CHECKPOINT_SECONDS = 60.0

OPEN, WON, LOST, UNKNOWN = 0, 1, 2, 3
CODE = {"won": WON, "lost": LOST, "unknown": UNKNOWN}
VERDICT = {WON: "won", LOST: "lost", UNKNOWN: "unknown"}
#: the numbering of kabalsolve's own seeded deals
OWN_NUMBERING = "kabalsolve"

_BLOCK_NAME = re.compile(r"^block-(\d+)-(\d+)\.kvb$")

#: published tables to print beside an archive's counts: (numbering, game, rules,
#: first, last) -> (source, won, lost, unknown).  first..last is the range an archive
#: runs to match the table; the table's own numbers are in PUBLISHED_NUMBERS.
PUBLISHED: Dict[Tuple[str, str, Tuple[Tuple[str, Any], ...], int, int],
                Tuple[str, int, int, int]] = {}
#: the numbers a published table covers, by source: Solvitaire's solvability runs
#: count their seeds from 0, so its million are 0..999,999, while the range people
#: quote (and the archives run) is 1..1,000,000; the two share 999,999 deals.
PUBLISHED_NUMBERS: Dict[str, Tuple[int, int]] = {"Solvitaire (Blake and Gent)": (0, 10**6 - 1)}


def _published_key(numbering: str, game: str, rules: Dict[str, Any], first: int,
                   last: int) -> Tuple[str, str, Tuple[Tuple[str, Any], ...], int, int]:
    return numbering, game, tuple(sorted(rules.items())), first, last


def _solvitaire(draw: int, won: int, lost: int, unknown: int) -> None:
    rules = {"draw": draw, "foundation_moves": True, "passes": None, "variant": "classic"}
    PUBLISHED[_published_key("solvitaire", "klondike", rules, 1, 10**6)] = (
        "Solvitaire (Blake and Gent)", won, lost, unknown)


_solvitaire(3, 819_371, 180_472, 157)
_solvitaire(1, 904_226, 94_629, 1_145)


def block_name(first: int, last: int) -> str:
    return "block-%07d-%07d.kvb" % (first, last)


@dataclass
class Block:
    """The verdicts of numbers ``first`` .. ``first + count - 1``: ``codes`` packed four
    a byte (see the module docstring); ``hardest`` the figures of its hardest deals
    decided or tried (number, result, positions, CPU seconds, table MiB), most
    positions first; ``cpu_seconds`` and ``positions`` the CPU time and positions
    spent on it in all (retries included); ``peak_rss_mb`` the most memory a process
    solving its deals held; ``without_search`` how many of its verdicts were recorded
    without a search (``--lost-from``), None for a block written before blocks
    counted them."""
    first: int
    count: int
    codes: bytearray = field(repr=False)
    hardest: List[Dict[str, Any]] = field(default_factory=list)
    cpu_seconds: float = 0.0
    positions: int = 0
    peak_rss_mb: float = 0.0
    without_search: Optional[int] = 0

    @classmethod
    def empty(cls, first: int, count: int) -> "Block":
        return cls(first, count, bytearray((count + 3) // 4))

    @property
    def last(self) -> int:
        return self.first + self.count - 1

    def code(self, n: int) -> int:
        i = n - self.first
        return (self.codes[i >> 2] >> ((i & 3) << 1)) & 3

    def set(self, n: int, code: int) -> None:
        i = n - self.first
        shift = (i & 3) << 1
        self.codes[i >> 2] = (self.codes[i >> 2] & ~(3 << shift) & 0xFF) | (code << shift)

    def counts(self) -> Dict[str, int]:
        """How many numbers hold each code: won, lost, unknown and open (not yet
        decided)."""
        tally = [0, 0, 0, 0]
        table = _byte_counts()
        for b in self.codes:
            t = table[b]
            for c in range(4):
                tally[c] += t[c]
        tally[OPEN] -= 4 * len(self.codes) - self.count     # the padding's slots
        return {"won": tally[WON], "lost": tally[LOST], "unknown": tally[UNKNOWN],
                "open": tally[OPEN]}

    def first_open(self) -> Optional[int]:
        """The first number of the block not yet decided, or None if all are."""
        i = self.codes.translate(_HAS_OPEN).find(1)
        if i < 0:
            return None
        for n in range(self.first + 4 * i, min(self.first + 4 * i + 4, self.last + 1)):
            if self.code(n) == OPEN:
                return n
        return None                        # only the padding's slots are open

    def numbers(self, code: int) -> Iterator[int]:
        """The numbers holding ``code``, in order."""
        for i in range(self.count):
            if (self.codes[i >> 2] >> ((i & 3) << 1)) & 3 == code:
                yield self.first + i

    def note(self, n: int, result: str, positions: int, cpu: float,
             table_bytes: int, decided_by: Optional[str] = None) -> None:
        """Keep deal n's figures if it is among the block's HARDEST hardest (a deal
        solved again replaces its old figures).  A verdict reached without a search
        (``decided_by`` says how) is not a figure: it only updates the result of a deal
        already listed from an earlier search, and says what decided it."""
        if decided_by is not None:
            for h in self.hardest:
                if h["n"] == n:
                    h.update(result=result, decided_by=decided_by)
            return
        self.hardest = [h for h in self.hardest if h["n"] != n]
        self.hardest.append({"n": n, "result": result, "positions": positions,
                             "cpu_seconds": round(cpu, 4),
                             "table_mb": round(table_bytes / 2**20, 1)})
        self.hardest.sort(key=lambda h: (-h["positions"], h["n"]))
        del self.hardest[HARDEST:]

    def header(self, settings: Dict[str, Any]) -> Dict[str, Any]:
        return dict(settings, first=self.first, last=self.last, count=self.count,
                    **self.counts(), sha256=hashlib.sha256(self.codes).hexdigest(),
                    cpu_seconds=round(self.cpu_seconds, 3), positions=self.positions,
                    peak_rss_mb=round(self.peak_rss_mb, 1), hardest=self.hardest,
                    **({} if self.without_search is None
                       else {"without_search": self.without_search}))

    def to_bytes(self, settings: Dict[str, Any]) -> bytes:
        head = json.dumps(self.header(settings), sort_keys=True, separators=(",", ":"))
        return MAGIC + head.encode("ascii") + b"\n" + bytes(self.codes)

    @classmethod
    def from_bytes(cls, data: bytes, where: str) -> Tuple["Block", Dict[str, Any]]:
        """The block in a block file's bytes and its header; anything amiss (a file
        cut short, codes that do not match the header) is an error naming ``where``."""
        def bad(what: str) -> KabalError:
            return KabalError("%s: not a whole kabalsolve archive block: %s" % (where, what))
        if not data.startswith(MAGIC):
            raise bad("it does not start with %r" % MAGIC.decode().strip())
        end = data.find(b"\n", len(MAGIC))
        if end < 0:
            raise bad("no header line")
        try:
            head = json.loads(data[len(MAGIC):end])
            first, count = head["first"], head["count"]
        except (ValueError, KeyError, TypeError):
            raise bad("the header line is not the block's JSON")
        if not (isinstance(first, int) and isinstance(count, int) and count > 0):
            raise bad("the header's first and count are not numbers")
        codes = bytearray(data[end + 1:])
        if len(codes) != (count + 3) // 4:
            raise bad("%d bytes of codes for %d numbers" % (len(codes), count))
        if hashlib.sha256(codes).hexdigest() != head.get("sha256"):
            raise bad("the codes do not match their checksum")
        block = cls(first, count, codes, list(head.get("hardest") or []),
                    float(head.get("cpu_seconds") or 0.0), int(head.get("positions") or 0),
                    float(head.get("peak_rss_mb") or 0.0))
        ws = head.get("without_search")
        if ws is not None and not (type(ws) is int and 0 <= ws <= count):
            raise bad("the header's without_search is not a count of its numbers")
        block.without_search = ws
        got = block.counts()
        if any(got[k] != head.get(k) for k in got):
            raise bad("its counts do not match its codes")
        return block, head


_COUNTS: List[Tuple[int, int, int, int]] = []


#: for each byte of codes, 1 if one of its four codes is OPEN, else 0
_HAS_OPEN = bytes(int(any((b >> (2 * k)) & 3 == OPEN for k in range(4)))
                  for b in range(256))


def _byte_counts() -> List[Tuple[int, int, int, int]]:
    """For each byte, how many of its four codes are 0, 1, 2 and 3."""
    if not _COUNTS:
        for b in range(256):
            c = [0, 0, 0, 0]
            for k in range(4):
                c[(b >> (2 * k)) & 3] += 1
            _COUNTS.append((c[0], c[1], c[2], c[3]))
    return _COUNTS


@dataclass(frozen=True)
class Counts:
    """An archive's tally: ``count`` deals decided or tried (won + lost + unknown),
    ``open`` numbers of its blocks not yet run."""
    count: int
    won: int
    lost: int
    unknown: int
    open: int

    def interval(self) -> Tuple[float, float]:
        """The 95 % Wilson interval of the win rate, unknowns counted as lost for the
        lower end and as won for the upper (both ends at once when none is unknown)."""
        lo, _ = wilson(self.won, self.count)
        _, hi = wilson(self.won + self.unknown, self.count)
        return lo, hi

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = dataclasses.asdict(self)
        lo, hi = self.interval()
        decided = self.won + self.lost
        d["win_rate"] = self.won / decided if decided else None
        d["interval"] = [lo, hi]
        return d


class Archive:
    """An archive as read from its directory: its settings (``game``, ``numbering``,
    ``rules``, ``first``, ``block``) and its blocks, by first number.

    >>> a = read_archive(path)              # doctest: +SKIP
    >>> a.verdict(17), a.counts().won       # doctest: +SKIP
    """

    def __init__(self, path: str, settings: Dict[str, Any], blocks: Dict[int, Block]) -> None:
        self.path = path
        self.settings = settings
        self.blocks = blocks

    @property
    def game(self) -> str:
        return str(self.settings["game"])

    @property
    def numbering(self) -> str:
        return str(self.settings["numbering"])

    @property
    def rules(self) -> Dict[str, Any]:
        return dict(self.settings["rules"])

    @property
    def first(self) -> int:
        return int(self.settings["first"])

    @property
    def block_size(self) -> int:
        return int(self.settings["block"])

    def block_of(self, n: int) -> Optional[Block]:
        """The block that holds number n, if it has been written."""
        if n < self.first:
            return None
        start = self.first + (n - self.first) // self.block_size * self.block_size
        return self.blocks.get(start)

    def verdict(self, n: int) -> Optional[str]:
        """Deal n's verdict, "won", "lost" or "unknown"; None if it is not decided
        (yet) in this archive."""
        b = self.block_of(n)
        return VERDICT.get(b.code(n)) if b is not None else None

    def counts(self, first: Optional[int] = None, last: Optional[int] = None) -> Counts:
        """The tally of the whole archive, or of the numbers first..last."""
        won = lost = unknown = opened = 0
        for b in self.blocks.values():
            if (first is None or first <= b.first) and (last is None or b.last <= last):
                c = b.counts()
            else:
                lo = max(b.first, first if first is not None else b.first)
                hi = min(b.last, last if last is not None else b.last)
                c = {"won": 0, "lost": 0, "unknown": 0, "open": 0}
                for n in range(lo, hi + 1):
                    c[VERDICT.get(b.code(n), "open")] += 1
            won, lost = won + c["won"], lost + c["lost"]
            unknown, opened = unknown + c["unknown"], opened + c["open"]
        return Counts(won + lost + unknown, won, lost, unknown, opened)

    def decided_through(self) -> int:
        """The last number N such that no number from the archive's first to N is
        open: each is won, lost or unknown (searched to its budget, not decided); one
        less than the first if the first is open.
        A run goes through its numbers in order, so while it is under way this is the
        end of the stretch a win rate can be read from without bias (a run with
        ``--lost-from`` records lost deals further on before it reaches them)."""
        n = self.first
        while True:
            b = self.blocks.get(n)
            if b is None:
                return n - 1
            gap = b.first_open()
            if gap is not None:
                return gap - 1
            n = b.last + 1

    def numbers(self, verdict: str) -> Iterator[int]:
        """The numbers with this verdict ("won", "lost", "unknown", or "open"), in order."""
        code = CODE.get(verdict, OPEN)
        for start in sorted(self.blocks):
            yield from self.blocks[start].numbers(code)

    def hardest(self, k: int = HARDEST) -> List[Dict[str, Any]]:
        """The k hardest deals tried (most positions), with their figures."""
        # an entry of no positions is a verdict that took no search (written so by
        # earlier versions), not a hard deal
        every = [h for b in self.blocks.values() for h in b.hardest if h["positions"]]
        every.sort(key=lambda h: (-h["positions"], h["n"]))
        return every[:k]

    def effort(self) -> Dict[str, Any]:
        """CPU seconds and positions spent in all, the most memory one process held
        (MiB), and how many verdicts were recorded without a search (None when a block
        written by an earlier version does not say)."""
        blocks = list(self.blocks.values())
        ws = [b.without_search for b in blocks]
        return {"cpu_seconds": sum(b.cpu_seconds for b in blocks),
                "positions": sum(b.positions for b in blocks),
                "peak_rss_mb": max([b.peak_rss_mb for b in blocks] or [0.0]),
                "without_search": None if None in ws else sum(w or 0 for w in ws)}

    def published(self) -> Optional[Tuple[str, int, int, int]]:
        """A published table for the same deals and rules, if one is known:
        (source, won, lost, unknown)."""
        for (numbering, game, rules, first, last), row in PUBLISHED.items():
            if (numbering, game, rules) == (self.numbering, self.game,
                                            tuple(sorted(self.rules.items()))):
                return row
        return None

    def published_range(self) -> Optional[Tuple[int, int]]:
        for (numbering, game, rules, first, last) in PUBLISHED:
            if (numbering, game, rules) == (self.numbering, self.game,
                                            tuple(sorted(self.rules.items()))):
                return first, last
        return None


def is_archive(path: str) -> bool:
    """Whether path is an archive directory (it holds archive.json)."""
    return os.path.isdir(path) and os.path.isfile(os.path.join(path, MANIFEST))


def _read_manifest(path: str) -> Dict[str, Any]:
    where = os.path.join(path, MANIFEST)
    try:
        with open(where, "rb") as fh:
            settings = json.loads(fh.read())
    except OSError as e:
        raise OptionError("%s: cannot read the archive: %s" % (path, e.strerror or e))
    except ValueError:
        raise KabalError("%s: not a kabalsolve archive manifest (not JSON)" % where)
    if not isinstance(settings, dict) or settings.get("format") != FORMAT:
        raise KabalError("%s: not a kabalsolve archive manifest" % where)
    if settings.get("version") != VERSION:
        raise KabalError("%s: archive version %r; this kabalsolve reads version %d"
                         % (where, settings.get("version"), VERSION))
    for key, kind in (("game", str), ("numbering", str), ("rules", dict), ("first", int),
                      ("block", int)):
        if not isinstance(settings.get(key), kind):
            raise KabalError("%s: the manifest has no %s" % (where, key))
    if settings["block"] < 1 or settings["first"] < 0:
        raise KabalError("%s: the manifest's first or block is out of range" % where)
    return settings


def block_settings(settings: Dict[str, Any]) -> Dict[str, Any]:
    """What each block's header repeats of the manifest (a block moved into another
    archive is then found out)."""
    return {k: settings[k] for k in ("game", "numbering", "rules")}


def read_archive(path: str) -> Archive:
    """The archive in directory ``path``: its manifest and every block file, each
    checked whole (length, checksum, counts against codes)."""
    settings = _read_manifest(path)
    blocks: Dict[int, Block] = {}
    for name in sorted(os.listdir(path)):
        m = _BLOCK_NAME.match(name)
        if not m:
            continue
        where = os.path.join(path, name)
        with open(where, "rb") as fh:
            block, head = Block.from_bytes(fh.read(), where)
        first, last = int(m.group(1)), int(m.group(2))
        if (block.first, block.last) != (first, last) or \
                (first - settings["first"]) % settings["block"] or \
                block.count != settings["block"]:
            raise KabalError("%s: its numbers %d..%d are not one block of the archive"
                             % (where, block.first, block.last))
        if block_settings(head) != block_settings(settings):
            raise KabalError("%s: made with other settings than %s" % (where, MANIFEST))
        blocks[first] = block
    return Archive(path, settings, blocks)


def _write_whole(path: str, data: bytes) -> None:
    """Replace the file at path by data, whole or not at all: a temporary file in the
    same directory, flushed to disk, renamed over it, and the directory flushed."""
    d = os.path.dirname(path) or "."
    tmp = os.path.join(d, ".%s.%d.tmp" % (os.path.basename(path), os.getpid()))
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    dfd = os.open(d, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


#: what the archive directory tells git to leave out: a writer's temporary files
GITIGNORE = "# a block being written (renamed into place when whole)\n.*.tmp\n"


class ArchiveWriter:
    """Decided deals into an archive, one run at a time.

    Opening makes the archive if there is none (with these settings) or checks that
    the one there has them, takes its lock, and removes temporary files a killed run
    left.  ``record`` sets a number's code; blocks are written again, whole, when they
    have no open number left in the run's range, every ``checkpoint`` seconds, and on
    ``close``."""

    def __init__(self, path: str, game: str, numbering: str, rules: Dict[str, Any],
                 first: int = 1, block: int = BLOCK,
                 checkpoint: float = CHECKPOINT_SECONDS) -> None:
        want = {"format": FORMAT, "version": VERSION, "game": game,
                "numbering": numbering, "rules": rules, "first": first, "block": block}
        self.path = path
        self.checkpoint = checkpoint
        if os.path.exists(path) and not os.path.isdir(path):
            raise OptionError("%s is a file: an archive is a directory" % path)
        if not os.path.isdir(path) or not os.path.exists(os.path.join(path, MANIFEST)):
            if os.path.isdir(path) and any(not n.startswith(".") for n in os.listdir(path)):
                raise OptionError("%s holds files but no %s: not an archive (give a new "
                                  "or empty directory)" % (path, MANIFEST))
            os.makedirs(path, exist_ok=True)
            _write_whole(os.path.join(path, ".gitignore"), GITIGNORE.encode())
            _write_whole(os.path.join(path, MANIFEST),
                         (json.dumps(want, indent=1, sort_keys=True) + "\n").encode())
        self._lock = open(os.path.join(path, MANIFEST), "rb")
        try:
            lock(self._lock.fileno())
        except OSError:
            self._lock.close()
            raise OptionError("%s is being written by another run (its %s is locked)"
                              % (path, MANIFEST))
        try:
            have = read_archive(path)
            if have.settings.get("numbering") != numbering or have.game != game or \
                    have.rules != rules:
                raise OptionError(
                    "%s holds %s deals of the %s numbering under rules %s, not %s deals "
                    "of the %s numbering under rules %s: give those, or another archive"
                    % (path, have.game, have.numbering, _rules_text(have.rules), game,
                       numbering, _rules_text(rules)))
            for name in os.listdir(path):
                if name.startswith(".") and name.endswith(".tmp"):
                    os.unlink(os.path.join(path, name))
        except BaseException:
            self._release()
            raise
        self.archive = have
        self.settings = have.settings
        self._dirty: Dict[int, Block] = {}
        self._open_in_range: Dict[int, int] = {}
        self._last_write = time.monotonic()

    def __enter__(self) -> "ArchiveWriter":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        if not self._lock.closed:
            try:
                self.flush()
            finally:
                self._release()

    def _release(self) -> None:
        unlock(self._lock.fileno())
        self._lock.close()

    def _block(self, n: int) -> Block:
        a = self.archive
        if n < a.first:
            raise OptionError("%d is below the archive's first number %d" % (n, a.first))
        b = a.block_of(n)
        if b is None:
            start = a.first + (n - a.first) // a.block_size * a.block_size
            b = a.blocks[start] = Block.empty(start, a.block_size)
        return b

    def todo(self, numbers: range, retry_unknown: bool = False) -> List[int]:
        """The numbers of ``numbers`` still to solve: those not decided yet, and with
        ``retry_unknown`` those a budget left unknown."""
        out: List[int] = []
        for n in numbers:
            c = self._block(n).code(n)
            if c == OPEN or (retry_unknown and c == UNKNOWN):
                out.append(n)
        self._open_in_range = {}
        for n in out:
            start = self._block(n).first
            self._open_in_range[start] = self._open_in_range.get(start, 0) + 1
        return out

    def record(self, n: int, result: str, positions: int = 0, cpu: float = 0.0,
               table_bytes: int = 0, rss_mb: float = 0.0,
               decided_by: Optional[str] = None) -> None:
        """Deal n's verdict and what it cost; ``decided_by`` for a verdict reached
        without a search, saying how.  Blocks are written as they finish and every
        ``checkpoint`` seconds."""
        b = self._block(n)
        b.set(n, CODE[result])
        b.cpu_seconds += cpu
        b.positions += positions
        b.peak_rss_mb = max(b.peak_rss_mb, rss_mb)
        if decided_by is not None and b.without_search is not None:
            b.without_search += 1
        b.note(n, result, positions, cpu, table_bytes, decided_by)
        self._dirty[b.first] = b
        left = self._open_in_range.get(b.first)
        if left is not None:
            self._open_in_range[b.first] = left - 1
            if left == 1:                       # the run's last number of this block
                self._write(b)
        if time.monotonic() - self._last_write >= self.checkpoint:
            self.flush()

    def _write(self, b: Block) -> None:
        self._check_still_ours()
        _write_whole(os.path.join(self.path, block_name(b.first, b.last)),
                     b.to_bytes(block_settings(self.settings)))
        self._dirty.pop(b.first, None)

    def _check_still_ours(self) -> None:
        """Refuse to write when the archive's directory no longer holds the manifest this
        run locked: it was removed, or replaced by another archive (maybe another run's,
        under other rules), which this run's blocks would spoil."""
        if not still_names(os.path.join(self.path, MANIFEST), self._lock.fileno()):
            raise KabalError("%s was removed or replaced while this run wrote it: the "
                             "verdicts since its last write are not saved" % self.path)

    def flush(self) -> None:
        """Write every block changed since it was last written."""
        for b in list(self._dirty.values()):
            self._write(b)
        self._last_write = time.monotonic()


def _rules_text(rules: Dict[str, Any]) -> str:
    return ", ".join("%s=%s" % (k, rules[k]) for k in sorted(rules)) or "none"


# --- solving numbers for an archive (what a worker runs) ---------------------------

@dataclass(frozen=True)
class Decided:
    """One number's verdict and what it cost in the process that decided it: positions,
    CPU seconds of the process, the search table's bytes, and the process's peak
    memory so far (MiB).  ``seconds`` is the wall time of the solve (the chunk sizer's
    measure)."""
    n: int
    result: str
    positions: int
    cpu: float
    table_bytes: int
    rss_mb: float
    seconds: float


def deal_maker(game: str, numbering: str) -> Callable[[int], Any]:
    """The function giving deal number N of ``game`` in ``numbering``: kabalsolve's own
    seeds (``Deal.from_seed``), or a numbering of ``kabalsolve.numbering``."""
    if numbering == OWN_NUMBERING:
        return game_named(game).from_seed

    def deal(n: int) -> Any:
        return numbered_deal(numbering, n)
    return deal


def decide_one(deal_id: str, n: int, game: str, numbering: str,
               options: Dict[str, Any]) -> Decided:
    """Solve deal n of the numbering with ``options`` (rules and budgets)."""
    deal = deal_maker(game, numbering)(n)
    cpu0, t0 = time.process_time(), time.perf_counter()
    try:
        sol = solve(deal, **options)
    except KabalError as e:
        raise KabalError("deal %d: %s" % (n, e)) from None
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0    # KiB on Linux
    return Decided(n, sol.result, sol.stats.states, cpu, sol.stats.table_bytes, rss, wall)


def decide_chunk(chunk: List[Tuple[str, int]], game: str, numbering: str,
                 options: Dict[str, Any]) -> List[Decided]:
    """One task: the verdicts of a list of (id, number), in order."""
    _keep_tables_once()
    return [decide_one(i, n, game, numbering, options) for i, n in chunk]
