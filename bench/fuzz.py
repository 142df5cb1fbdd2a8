"""Fuzzing the readers and the command line with mutated deals: run before a release.

    python bench/fuzz.py [--count 200000] [--seed 1] [--cli-every 50] [--save DIR]

Each round takes a valid input (a deal in every format, Klondike and Aces Up position
files), mutates it (bytes flipped, cut out or doubled, lines swapped, and pieces that
have broken readers before spliced in: the long s, other scripts' digits, ``1_0``, deep
brackets, a key twice, NUL, very long numbers) and checks that

- the library reads it (``kabalsolve.read_bytes``, detected and in every format) or
  raises a DealError or OptionError, never another exception;
- every ``--cli-every``-th input, given to one of the commands of ``COMMANDS`` in
  turn (solve, hint, show, play, batch, batch --resume, stats, generate: the input as
  the file each reads, or its first bytes as the value of an option) in this process,
  ends with status 0, 1 or 3, or 2 with exactly one error line of at most 300
  characters and no traceback; a file a refused command was given to write to or
  resume is left as it was;
- every ``--streams-every``-th command line runs again in a child process with its
  standard output closed, and with its standard input closed and the input read from
  it (``-``): the status is 2 with the one error line that names the closed stream, or
  one of the verdicts where the command had nothing to read or write there.

Besides the deals, the inputs start from a results file of ``kabalsolve batch`` (a line
solved, a line of Aces Up, a game played), which the deal readers must refuse cleanly
and ``stats`` and ``batch --resume`` must read or refuse.

It prints what it ran and every failure (the input is saved under --save); its exit
status is 1 if anything failed.  tests/test_fuzz.py runs the same checks on inputs
that hypothesis makes, bounded to about half a minute.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from typing import List, Optional, Sequence, Tuple

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from kabalsolve import formats  # noqa: E402
from kabalsolve.cli import main as cli_main  # noqa: E402
from kabalsolve.cli.options import MAX_ERROR_LINE  # noqa: E402
from kabalsolve.dealfile import read_bytes  # noqa: E402
from kabalsolve.errors import KabalError  # noqa: E402
from kabalsolve.games import acesup, clock, klondike  # noqa: E402

#: pieces spliced into inputs: each has broken a reader once, or nearly
SPLICES = ["\u017f", "\u0131", "\u212a", "\u00b2", "\u0663", "\uff11", "\u0661\u0660", "_",
           "1_0", "-", ":", "|", "#", "\n", "\r\n", "\x00", "\ufeff", "\u2028", "{", "}",
           "[", "]", '"', ",", "[" * 100, "{\"a\":" * 60, "9" * 5000, "10", "\u2665", "<",
           ">", " ", "\t", "T1:", "T8: AS", "stock:", "deck:", "game: acesup\n",
           "game: clock\n", "draw: ", "passes: ", "waste: ", "foundations: ",
           "passes-used: 300", '"stock": []', '"game": "clock"', "\"tableau piles\"",
           "Talon:", "<AS>", "@BOARD@", "0", "13", "99", "\xff", "\\u0000", "null", "true",
           "??", "?? ?? |"]

#: kinds of mutation (apply_ops): flip a byte, splice a piece, cut a span, double a
#: line, swap two lines, cut the tail
OPS = 6

Op = Tuple[int, int, str]


def seeds() -> List[Tuple[str, bytes]]:
    """The valid inputs that mutations start from."""
    kd = klondike.Deal.from_seed(3)
    kpos = klondike.Position(kd, klondike.Rules(draw=1, passes=3))
    apos = acesup.Position(acesup.Deal.from_seed(4), acesup.Rules(strict=True))
    for pos in (kpos, apos):
        for _ in range(12):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(moves[-1])
    # the same position with its face-down cards and every other stock card unknown
    kpart = klondike.PartialPosition(
        kpos.rules, tuple((tuple(None for _ in p[:d]), tuple(p[d:]))
                          for p, d in zip(kpos.piles, kpos.down)),
        tuple(kpos.foundations), tuple(kpos.waste),
        tuple(None if i % 2 else c for i, c in enumerate(kpos.stock)), kpos.recycles)
    out = [("text", kd.to_text()),
           ("acesup", acesup.Deal.from_seed(4).to_text()),
           ("clock", clock.Deal.from_seed(5).to_text()),
           ("json", formats.write(kd, "json", {"seed": 3})),
           ("json-acesup", formats.write(acesup.Deal.from_seed(6), "json")),
           ("solvitaire", formats.write(kd, "solvitaire")),
           ("pysol", formats.write(kd, "pysol")),
           ("shootme", formats.write(kd, "shootme")),
           ("position", kpos.to_text()),
           ("position-unknown", kpart.to_text()),
           ("position-acesup", apos.to_text())]
    out.append(("results", RESULTS))
    return [(name, text.encode("utf-8")) for name, text in out]


#: a results file of ``kabalsolve batch``: a Klondike deal solved, an Aces Up deal with
#: its best score, a game played without peeking
RESULTS = "".join(json.dumps(rec, separators=(", ", ": ")) + "\n" for rec in [
    {"id": "seed:1", "game": "klondike", "rules": {"draw": 3, "foundation_moves": True,
                                                   "passes": None, "variant": "classic"},
     "result": "won", "moves": 109, "states": 815, "seconds": 0.001356},
    {"id": "file:a.txt", "game": "acesup", "rules": {"strict": False,
                                                     "discard_first": False},
     "result": "lost", "moves": 40, "states": 300, "seconds": 0.01, "score": 31,
     "proved": True},
    {"id": "seed:2", "game": "klondike", "mode": "play",
     "rules": {"draw": 3, "foundation_moves": True, "passes": None},
     "player": {"model": "as-dealt", "seed": 0, "samples": 4, "max_states": 2000},
     "result": "lost", "ended": "no-move", "moves": 30, "searches": 40, "seconds": 0.5}])

#: the command lines the inputs go through: FILE is the input written to a file, VALUE
#: its first bytes as text (an option's value), OUT a file name not yet taken
COMMANDS = [
    ["FILE", "--max-states", "2000", "-q"],
    ["hint", "FILE", "--max-states", "300"],
    ["show", "FILE", "--all", "--max-states", "300"],
    ["show", "FILE", "--at", "3", "--max-states", "300"],
    ["show", "FILE", "--html", "OUT", "--max-states", "300"],
    ["play", "FILE", "--samples", "1", "--max-states", "50", "-q"],
    ["batch", "FILE", "--jobs", "1", "--max-states", "300", "-o", "OUT"],
    ["batch", "--seeds", "1", "--jobs", "1", "--max-states", "50", "-o", "FILE",
     "--resume"],
    ["stats", "FILE"],
    ["generate", "--seed", "VALUE", "--count", "1"],
    ["generate", "--pysol-range", "VALUE", "--out", "OUT"],
    ["batch", "--seeds", "VALUE", "--jobs", "1", "--max-states", "20"],
    ["hint", "FILE", "--move", "VALUE", "--max-states", "300"],
    ["stats", "--game", "clock", "--count", "VALUE"],
]


def apply_ops(data: bytes, ops: Sequence[Op]) -> bytes:
    """``data`` after each (kind, place, piece) of ``ops``; places wrap round."""
    for kind, place, piece in ops:
        n = max(len(data), 1)
        at = place % n
        if kind == 0 and data:
            data = data[:at] + bytes([data[at] ^ (1 << (place % 8))]) + data[at + 1:]
        elif kind == 1:
            data = data[:at] + piece.encode("utf-8", "surrogatepass") + data[at:]
        elif kind == 2:
            data = data[:at] + data[at + 1 + place % 17:]
        elif kind == 3 or kind == 4:
            lines = data.split(b"\n")
            i, j = at % len(lines), (place // 7) % len(lines)
            if kind == 3:
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        else:
            data = data[:at]
    return data


def random_ops(rng: random.Random) -> List[Op]:
    return [(rng.randrange(OPS), rng.randrange(1 << 20), rng.choice(SPLICES))
            for _ in range(rng.randint(1, 4))]


def check_read(data: bytes) -> Optional[str]:
    """None if every reader reads ``data`` or refuses it with a KabalError; else what
    went wrong, with the traceback."""
    for fmt in (None,) + formats.FORMATS:
        try:
            read_bytes(data, "fuzz", fmt)
        except KabalError:
            pass
        except BaseException:
            return "format %s: %s" % (fmt or "auto", traceback.format_exc())
    return None


def command_line(data: bytes, folder: str, which: int) -> Tuple[List[str], str, str]:
    """(the arguments of COMMANDS[which] for ``data``, the input file, the output
    file), the input written to its file and the output file not there."""
    path = os.path.join(folder, "input")
    out = os.path.join(folder, "out")
    with open(path, "wb") as fh:
        fh.write(data)
    if os.path.isdir(out):
        for name in os.listdir(out):
            os.unlink(os.path.join(out, name))
        os.rmdir(out)
    elif os.path.exists(out):
        os.unlink(out)
    value = data[:40].decode("utf-8", "replace").split("\n")[0] or "x"
    args = [{"FILE": path, "OUT": out, "VALUE": value}.get(a, a)
            for a in COMMANDS[which % len(COMMANDS)]]
    return args, path, out


def clean_end(code: object, err: str) -> Optional[str]:
    """None if a command that ended with ``code`` and wrote ``err`` on standard error
    kept the promise of the command line; else what went wrong."""
    if code in (0, 1, 3, None):
        # (batch and generate write their closing or progress lines there)
        return None if "Traceback" not in err and "error" not in err else \
            "status %s with stderr %r" % (code, err[:300])
    lines = err.split("\n")
    if code != 2 or len(lines) != 2 or lines[1] or not lines[0].startswith(
            "kabalsolve: error: ") or len(lines[0]) > MAX_ERROR_LINE or "Traceback" in err:
        return "status %r, stderr %r" % (code, err[:600])
    return None


def check_cli(data: bytes, folder: str, which: int = 0) -> Optional[str]:
    """None if the command line COMMANDS[which] on ``data`` ends as the command line
    promises (see the module docstring); else what went wrong."""
    args, path, _ = command_line(data, folder, which)
    out, err = io.StringIO(), io.StringIO()
    code: object = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli_main(args)
        except SystemExit as e:
            code = e.code
        except BaseException:
            return "%s: no exit: %s" % (args, traceback.format_exc())
    problem = clean_end(code, err.getvalue())
    if problem is None and code == 2:
        with open(path, "rb") as fh:
            if fh.read() != data:
                problem = "refused, but the input file was changed"
    return None if problem is None else "%s: %s" % (args, problem)


def check_streams(data: bytes, folder: str, which: int = 0) -> Optional[str]:
    """None if COMMANDS[which] on ``data``, run in a child process with its standard
    output closed, and again reading the input from a closed standard input, ends
    with status 2 and the one line naming the stream, or with a verdict where it had
    nothing to write or read there; else what went wrong."""
    args, path, _ = command_line(data, folder, which)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    runs = [("standard output", args, 1)]
    if path in args:
        runs.append(("standard input", [a if a != path else "-" for a in args], 0))
    for stream, argv, fd in runs:
        r = subprocess.run([sys.executable, "-m", "kabalsolve"] + argv, cwd=root,
                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, timeout=300,
                           preexec_fn=lambda fd=fd: os.close(fd))
        problem = clean_end(r.returncode, r.stderr)
        if problem is None and r.returncode == 2 and fd == 1 and \
                "%s is closed" % stream not in r.stderr and "kabalsolve: error:" \
                not in r.stderr:
            problem = "status 2 without the line"
        if problem is not None:
            return "%s closed, %s: %s" % (stream, argv, problem)
    return None


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200000, help="inputs to try")
    ap.add_argument("--seed", type=int, default=1, help="the random seed of the run")
    ap.add_argument("--cli-every", type=int, default=50,
                    help="also run every Nth input through the command line")
    ap.add_argument("--streams-every", type=int, default=20,
                    help="also run every Nth command line with a standard stream closed")
    ap.add_argument("--save", default="fuzz-failures", help="where failing inputs go")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    starts = seeds()
    failures = 0
    cli_runs = stream_runs = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for n in range(a.count):
            name, start = starts[n % len(starts)]
            data = apply_ops(start, random_ops(rng))
            problem = check_read(data)
            if problem is None and a.cli_every and n % a.cli_every == 0:
                cli_runs += 1
                problem = check_cli(data, folder, cli_runs)
                if problem is None and a.streams_every and cli_runs % a.streams_every == 0:
                    stream_runs += 1
                    problem = check_streams(data, folder, cli_runs // a.streams_every)
            if problem is not None:
                failures += 1
                os.makedirs(a.save, exist_ok=True)
                saved = os.path.join(a.save, "%d-%s" % (n, name))
                with open(saved, "wb") as fh:
                    fh.write(data)
                print("FAIL %s (%s): %s" % (saved, name, problem.strip()[-2000:]))
    print(json.dumps({"inputs": a.count, "through the command line": cli_runs,
                      "with a stream closed": stream_runs,
                      "seed": a.seed, "failures": failures,
                      "seconds": round(time.perf_counter() - t0, 1)}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
