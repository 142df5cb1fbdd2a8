"""Fuzzing the readers and the command line with mutated deals: run before a release.

    python bench/fuzz.py [--count 200000] [--seed 1] [--cli-every 50] [--save DIR]

Each round takes a valid input (a deal in every format, Klondike and Aces Up position
files), mutates it (bytes flipped, cut out or doubled, lines swapped, and pieces that
have broken readers before spliced in: the long s, other scripts' digits, ``1_0``, deep
brackets, a key twice, NUL, very long numbers) and checks that

- the library reads it (``kabalsolve.read_bytes``, detected and in every format) or
  raises a DealError or OptionError, never another exception;
- every ``--cli-every``-th input, given to ``kabalsolve FILE --max-states 2000 -q`` in
  this process, ends with status 0, 1 or 3, or 2 with exactly one error line of at
  most 300 characters and no traceback.

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
    return [(name, text.encode("utf-8")) for name, text in out]


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


def check_cli(data: bytes, folder: str) -> Optional[str]:
    """None if ``kabalsolve FILE --max-states 2000 -q`` ends as the command line
    promises (see the module docstring); else what went wrong."""
    path = os.path.join(folder, "deal")
    with open(path, "wb") as fh:
        fh.write(data)
    out, err = io.StringIO(), io.StringIO()
    code: object = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            cli_main([path, "--max-states", "2000", "-q"])
        except SystemExit as e:
            code = e.code
        except BaseException:
            return "no exit: %s" % traceback.format_exc()
    text = err.getvalue()
    if code in (0, 1, 3):
        return None if not text else "status %s with stderr %r" % (code, text[:300])
    lines = text.split("\n")
    if code != 2 or len(lines) != 2 or lines[1] or not lines[0].startswith(
            "kabalsolve: error: ") or len(lines[0]) > MAX_ERROR_LINE or "Traceback" in text:
        return "status %r, stderr %r" % (code, text[:600])
    return None


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200000, help="inputs to try")
    ap.add_argument("--seed", type=int, default=1, help="the random seed of the run")
    ap.add_argument("--cli-every", type=int, default=50,
                    help="also run every Nth input through the command line")
    ap.add_argument("--save", default="fuzz-failures", help="where failing inputs go")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    starts = seeds()
    failures = 0
    cli_runs = 0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        for n in range(a.count):
            name, start = starts[n % len(starts)]
            data = apply_ops(start, random_ops(rng))
            problem = check_read(data)
            if problem is None and a.cli_every and n % a.cli_every == 0:
                cli_runs += 1
                problem = check_cli(data, folder)
            if problem is not None:
                failures += 1
                os.makedirs(a.save, exist_ok=True)
                saved = os.path.join(a.save, "%d-%s" % (n, name))
                with open(saved, "wb") as fh:
                    fh.write(data)
                print("FAIL %s (%s): %s" % (saved, name, problem.strip()[-2000:]))
    print(json.dumps({"inputs": a.count, "through the command line": cli_runs,
                      "seed": a.seed, "failures": failures,
                      "seconds": round(time.perf_counter() - t0, 1)}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
