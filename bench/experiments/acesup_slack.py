"""Aces Up: where the analysis is loose, measured against what the lines really do.

Needs a build with the scratch hooks of acesup-slack-hooks.patch (test-only switches in
the core that restrict the analysis' events; they cost the search time, so they are
not on main):

    git worktree add /tmp/slack HEAD && cd /tmp/slack
    git apply bench/experiments/acesup-slack-hooks.patch
    python setup.py build_ext --inplace
    PYTHONPATH=. python bench/experiments/acesup_slack.py --seeds 372,4010,4417,486 --made 8,9,10

For each deal it meets layouts just after a deal that pass the bound (ac_bound with
need 48, as the search asks it), by a depth-first walk over every move in a random
order (cut where the bound is below 48), --per of them after each count of deals in
--made (deals made after the first: 10 leaves two to come).  For each layout it
searches every line from it with no cut at all (its positions are the "exhaustive"
column), gathering what really happens at each epoch (epoch 0 is before the next
deal): the cards on top, discarded and moved, and the piles empty.  Then the analysis
is made with one kind of derived fact replaced by the real one, and the columns count
the layouts it then cuts:
  children cut   every layout the next deal can make is cut by the bound;
  epoch 0 exact  the events before the next deal, the real ones (a bound on what any
                 sharper reasoning about the play before the next deal can do);
  last exact     the events after the last deal, the real ones;
  Emp exact      the epochs at which each pile can be empty, the real ones;
  never empty    no line empties a pile at all;
  a card stays   some card other than an Ace is discarded in no line (what a perfect
                 analysis of the form "48 less the cards that never go" would cut);
  first empty    the sound refutation prototyped in first_empty_bound below
                 (docs/acesup.md, "Where the analysis is loose").
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from kabalsolve import _core
from kabalsolve.games.acesup import high
from kabalsolve.generate import acesup_deal

ALL = (1 << 14) - 1
DEAL, DISCARD, MOVE = 0, 1, 2


def board(seed):
    d = acesup_deal(seed).deck
    return _core.AcesUpBoard([[c] for c in d[:4]], list(d[4:]))


def made(b):
    return (48 - len(b.snapshot()[1])) // 4


def collect(seed, counts, per, rng, seconds):
    """Move lists from the deal to passing layouts just after a deal, per count."""
    b = board(seed)
    found = {k: [] for k in counts}
    seen = set()
    path = []
    t0 = time.time()

    def walk():
        if time.time() - t0 > seconds or all(len(v) >= per for v in found.values()):
            return
        k = b.key()
        if k in seen:
            return
        seen.add(k)
        ms = b.moves(True)
        rng.shuffle(ms)
        for m in ms:
            b.push(m)
            path.append(m)
            if m & 15 != DEAL:
                walk()
            elif b.win_bound()[0] >= 48:
                k = made(b)
                if k in found and len(found[k]) < per:
                    found[k].append(list(path))
                walk()
            path.pop()
            b.pop()

    sys.setrecursionlimit(100000)
    walk()
    return found


def lines(b):
    """Every position from b (no cut): per epoch, the cards on top, discarded, moved,
    and the piles empty, as bit sets; and the number of positions."""
    base = len(b.snapshot()[1])
    ev = {}
    seen = set()

    def rec():
        k = b.key()
        if k in seen:
            return
        seen.add(k)
        piles, stock, _ = b.snapshot()
        e = ev.setdefault((base - len(stock)) // 4, [0, 0, 0, 0])
        for p in range(4):
            if piles[p]:
                e[0] |= 1 << piles[p][-1]
            else:
                e[3] |= 1 << p
        for m in b.moves(True):
            t, a = m & 15, (m >> 4) & 15
            if t == DISCARD:
                e[1] |= 1 << piles[a][-1]
            elif t == MOVE:
                e[2] |= 1 << piles[a][-1]
            b.push(m)
            rec()
            b.pop()

    rec()
    return ev, len(seen)


def children_cut(b):
    seen = set()

    def rec():
        k = b.key()
        if k in seen:
            return True
        seen.add(k)
        for m in b.moves(True):
            b.push(m)
            ok = b.win_bound()[0] < 48 if m & 15 == DEAL else rec()
            b.pop()
            if not ok:
                return False
        return True

    return rec()


def cut_restricted(b, epoch, ev):
    top, gone, move, emp = ev
    b.restrict0(top, gone, move, emp, True, epoch)
    r = b.analysis(-1, 0)[0]
    b.restrict0(0, 0, 0, 0, False)
    return r < 48


def seqs(b):
    piles, stock, _ = b.snapshot()
    nd = len(stock) // 4
    out = []
    for q in range(4):
        s = [(c, 0) for c in piles[q]]
        s += [(stock[4 * i + q], i + 1) for i in range(nd) if stock[4 * i + q] is not None]
        out.append(s)
    return out, nd


def first_empty_refuted(b, sq, q, t, G, T):
    """No line without a move empties pile q first at epoch t: deadlines (a)-(c) of
    docs/acesup.md, with the analysis of the lines without moves made again with each
    card that has a deadline on top at no later epoch than its last discard by then."""
    where, pos = {}, {}
    for p in range(4):
        for i, (c, _) in enumerate(sq[p]):
            where[c], pos[c] = p, i
    D = {c: t for c, a in sq[q] if a <= t}
    caps = [ALL] * 52
    for _ in range(16):
        changed = True
        while changed:
            changed = False
            for y in list(D):
                win = G[y] & ((2 << D[y]) - 1)
                if win == 0:
                    return True                                  # (a)
                e, lo = win.bit_length() - 1, (win & -win).bit_length() - 1
                must = [z for z, a in sq[where[y]][pos[y] + 1:] if a <= lo]       # (b)
                s = y // 13
                cands = [h for h in range(13 * s, 13 * s + 13) if h in where
                         and where[h] != where[y] and high(h) > high(y) and T[h] & win]
                if not cands:
                    return True                                  # (c)
                if len({where[h] for h in cands}) == 1:
                    r = where[cands[0]]
                    must += [z for z, a in sq[r][max(pos[h] for h in cands) + 1:] if a <= lo]
                for z in must:
                    if D.get(z, 99) > e:
                        D[z] = e
                        changed = True
        new = [ALL] * 52
        for y, d in D.items():
            new[y] = (1 << (G[y] & ((2 << d) - 1)).bit_length()) - 1
        if new == caps:
            return False
        caps = new
        b.set_cap(caps)
        T = b.analysis(-1, 0)[3]
        G = b.gmasks()
        b.set_cap([0] * 52, False)
    return False


def first_empty_bound(b):
    """The bound of the lines without moves where no line can empty a pile, else 48."""
    sq, nd = seqs(b)
    b.restrict_emp([0] * 4)
    try:
        r = b.analysis(-1, 0)
        G, T = b.gmasks(), r[3]
        if r[0] >= 48:
            return 48
        for q in range(4):
            for t in range(nd + 1):
                if all(G[c] & ((2 << t) - 1) for c, a in sq[q] if a <= t):
                    if not first_empty_refuted(b, sq, q, t, G, T):
                        return 48
        return r[0]
    finally:
        b.restrict_emp([0] * 4, False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="372,4010,4417,486")
    ap.add_argument("--made", default="8,9,10")
    ap.add_argument("--per", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=120.0)
    a = ap.parse_args()
    counts = [int(x) for x in a.made.split(",")]
    cols = ["layouts", "children cut", "epoch 0 exact", "last exact", "Emp exact",
            "never empty", "a card stays", "first empty"]
    print("| deal | deals made | " + " | ".join(cols) + " | exhaustive (median) |")
    print("| --- " * (len(cols) + 3) + "|")
    for seed in (int(x) for x in a.seeds.split(",")):
        found = collect(seed, counts, a.per, random.Random(seed + 7), a.seconds)
        for k in counts:
            n = Counter()
            sizes = []
            for path in found[k]:
                b = board(seed)
                for m in path:
                    b.push(m)
                ev, size = lines(b)
                sizes.append(size)
                nd = max(ev)
                piles, stock, _ = b.snapshot()
                left = [c for p in piles for c in p] + [c for c in stock if c is not None]
                disc = 0
                for e in ev.values():
                    disc |= e[1]
                emp = [sum(1 << e for e in ev if ev[e][3] >> p & 1) for p in range(4)]
                b.restrict_emp(emp)
                emp_cut = b.analysis(-1, 0)[0] < 48
                b.restrict_emp([0] * 4, False)
                n["layouts"] += 1
                n["children cut"] += children_cut(b)
                n["epoch 0 exact"] += cut_restricted(b, 0, ev[0])
                n["last exact"] += cut_restricted(b, nd, ev[nd])
                n["Emp exact"] += emp_cut
                n["never empty"] += not any(emp)
                n["a card stays"] += any(c % 13 and not disc >> c & 1 for c in left)
                n["first empty"] += first_empty_bound(b) < 48
            sizes.sort()
            med = sizes[len(sizes) // 2] if sizes else 0
            print(f"| {seed} | {k} | " + " | ".join(str(n[c]) for c in cols) + f" | {med} |",
                  flush=True)


if __name__ == "__main__":
    main()
