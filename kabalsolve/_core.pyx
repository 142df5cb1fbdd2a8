# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled core: packed game states, move generation, the table and the search.

Only the games' bridges (``games/<game>/bridge.py``), ``batch`` (its table reuse)
and the tests (through the Board classes) call into it.
One call per solve: a packed position and rule flags go in; a status, move codes and
statistics come out.  No Python object is touched per node.
"""
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t, int16_t, int32_t, int64_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memset, memcpy, memcmp
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from cpython.exc cimport PyErr_Clear
from cpython.object cimport PyObject
from cpython.bytes cimport PyBytes_FromStringAndSize, PyBytes_AS_STRING

from .cards import CARDS as _CARDS     # the card values Moves carry (ints that print as cards)

cdef extern from "Python.h":
    # declared here without Cython's error check: the search only needs to know whether
    # a handler raised (the exception is then replaced by KeyboardInterrupt, below)
    int check_signals_raw "PyErr_CheckSignals" ()
    PyObject** PySequence_Fast_ITEMS(object)

cdef extern from *:
    void __builtin_prefetch(const void* p) noexcept nogil
    int __builtin_ctz(unsigned int x) noexcept nogil
    int __builtin_ctzll(unsigned long long x) noexcept nogil
    int __builtin_popcountll(unsigned long long x) noexcept nogil

include "_table.pxi"
include "_search.pxi"
include "_klondike.pxi"
include "_tidy.pxi"
include "_clock.pxi"
include "_acesup.pxi"
include "_hint.pxi"
include "_hint_acesup.pxi"
include "_objective.pxi"
include "_check_klondike.pxi"
include "_check_acesup.pxi"
include "_line_klondike.pxi"
include "_sample_klondike.pxi"

STATUS_NAMES = ("won", "lost", "unknown")


cdef list take_path(SearchResult* res):
    """The moves of a finished search as a list, its malloc'd path freed; a search that
    Ctrl-C stopped raises KeyboardInterrupt here (the handler's exception replaced)."""
    if res.stop_reason == STOP_INTERRUPT:
        free(res.path)
        res.path = NULL
        PyErr_Clear()
        raise KeyboardInterrupt
    path = [res.path[i] for i in range(res.path_len)] if res.path != NULL else []
    free(res.path)
    res.path = NULL
    return path
STOP_NAMES = (None, "max_states", "timeout", "memory", "interrupt")

# Move type numbers, as packed in the Klondike move codes (see _klondike.pxi).
KLONDIKE_MOVE_TYPES = {"T2F": KL_T2F, "W2F": KL_W2F, "W2T": KL_W2T, "T2T": KL_T2T,
                       "F2T": KL_F2T, "SWAPF": KL_SWAPF}
# Danish talon moves with this bit set turn first (_klondike.pxi).
KLONDIKE_TURNED = KL_TURNED
# The atomic steps of KlondikeSolver.decide that are not move codes (_hint.pxi).
KLONDIKE_STEPS = {"draw": STEP_DRAW, "recycle": STEP_RECYCLE}
# The numbers of the atomic moves of klondike_solve_line's line (_line_klondike.pxi):
# a turn of the stock, a recycle, the first card move, how many numbers there are, and
# the places a card move leaves and goes to besides the columns 0..6.
KLONDIKE_ATOMIC = {"draw": KA_DRAW, "recycle": KA_RECYCLE, "first_move": KA_FIRST_MOVE,
                   "count": KA_COUNT, "F": KA_FOUNDATION, "W": KA_WASTE}


cdef GameOps KLONDIKE_OPS
KLONDIKE_OPS.gen = <gen_fn> kl_gen
KLONDIKE_OPS.make = <make_fn> kl_make
KLONDIKE_OPS.unmake = <unmake_fn> kl_unmake
KLONDIKE_OPS.key = <key_fn> kl_key
KLONDIKE_OPS.won = <won_fn> kl_won
KLONDIKE_OPS.finish = <finish_fn> kl_finish
KLONDIKE_OPS.key_words = <key_words_fn> kl_key_words
KLONDIKE_OPS.max_moves = KL_MAX_MOVES
KLONDIKE_OPS.value = NULL
KLONDIKE_OPS.bound = NULL
KLONDIKE_OPS.dominated = NULL
KLONDIKE_OPS.child_key = <child_key_fn> kl_child_key

cdef GameOps ACESUP_OPS
ACESUP_OPS.gen = <gen_fn> ac_gen
ACESUP_OPS.make = <make_fn> ac_make
ACESUP_OPS.unmake = <unmake_fn> ac_unmake
ACESUP_OPS.key = <key_fn> ac_key
ACESUP_OPS.won = <won_fn> ac_won
ACESUP_OPS.finish = NULL
ACESUP_OPS.key_words = <key_words_fn> ac_key_words
ACESUP_OPS.max_moves = AC_MAX_MOVES
ACESUP_OPS.value = <value_fn> ac_value
ACESUP_OPS.bound = <bound_fn> ac_search_bound
ACESUP_OPS.dominated = <dominated_fn> ac_dominated
ACESUP_OPS.child_key = NULL
# The layouts just after a deal stay out of the search's table ("One parent for each
# layout just after a deal", after ac_key in _acesup.pxi).  Not in the reduced games'
# search (AC_SUB_OPS): the positions of those that end lost are copied from its table
# to the lost ones, which are looked up by layouts just after a deal.
ACESUP_OPS.untabled = 1 + AC_DEAL
cdef GameOps ACESUP_TABLED_OPS = ACESUP_OPS   # the same, tabling them (for the tests)
ACESUP_TABLED_OPS.untabled = 0


cdef int kl_load(KState* s, columns, found, talon, int wp, int recycles, int draw,
                 int max_recycles, bint f2t, bint danish=False, int group=0) except -1:
    """Fill s from Python values; raise ValueError on anything the core cannot hold."""
    cdef int c, i, nd, nu
    cdef uint64_t prod
    memset(s, 0, sizeof(KState))
    if len(columns) != 7 or len(found) != 4:
        raise ValueError("7 columns and 4 foundations expected")
    if not 1 <= draw <= 24 or not 0 <= max_recycles <= 255:
        raise ValueError("draw or passes out of range")
    # (the cards are read by iterating, which is quicker than indexing each)
    for c in range(7):
        down, up = columns[c]
        nd = len(down)
        nu = len(up)
        if nd > 7 or nu > 13 or (nd and not nu):
            raise ValueError("column %d cannot be packed" % (c + 1))
        s.ndown[c] = nd
        s.nup[c] = nu
        i = 0
        for x in down:
            s.down[c][i] = x
            i += 1
        i = 0
        for x in up:
            s.up[c][i] = x
            i += 1
    for c in range(7):
        s.bottom[c] = s.down[c][0] if s.ndown[c] else (s.up[c][0] if s.nup[c] else 255)
    for c in range(4):
        s.found[c] = found[c]
    if len(talon) > 24 or not 0 <= wp <= len(talon):
        raise ValueError("talon cannot be packed")
    s.ntal = len(talon)
    i = 0
    for x in talon:
        s.tal[i] = x
        s.tidx[i] = i
        s.talmask |= 1u << i
        i += 1
    s.wp = wp
    s.recycles = recycles
    s.draw = draw
    s.max_recycles = max_recycles
    s.f2t = 1 if f2t else 0
    if danish:
        if draw != 3:
            raise ValueError("the danish variant turns 3 cards")
        if not (0 <= group <= 3 and group <= len(talon)
                and (wp < len(talon) or wp == 0)):
            raise ValueError("danish talon cannot be packed")
        s.danish = 1
        s.gl = group
    elif group:
        raise ValueError("group is for the danish variant only")
    prod = 1
    for c in range(7):
        s.radix[c] = s.ndown[c] + 2
        s.mult[c] = prod
        prod *= s.radix[c]
    kl_derive(s)
    # one word (kl_key) when the columns fit 16 bits and bits 61-62 hold what else the
    # state needs: nothing or the danish group with unlimited passes, the recycles used
    # (0..3) with at most three recycles in classic (Vegas: 1 or 3 passes)
    s.kw = 1 if (prod <= (1 << 16) and (max_recycles == KL_NOLIMIT
                                        or (max_recycles <= 3 and not danish))) else 2
    return 0


cdef int kl_phase(KState* start, int flip, int draw1, int recycles, uint64_t budget,
                  uint64_t* used, uint64_t max_states, double deadline, uint64_t max_bytes,
                  SearchResult* res) noexcept nogil:
    # One search from a copy of start (see KL_PHASES), within what is left of max_states.
    # Adds its work to res; returns 1 if it decided the deal (won, or lost at the real
    # rules or at draw 1) or a user budget ran out, 0 if the next search must run.
    cdef KState s = start[0]
    cdef SearchResult r
    cdef uint64_t left = 0, b
    cdef int restricted = 0
    if max_states:
        if used[0] >= max_states:
            res.status = S_UNKNOWN
            res.stop_reason = STOP_STATES
            return 1
        left = max_states - used[0]
    b = budget if budget and (left == 0 or budget < left) else left
    s.flip = flip
    if recycles >= 0 and (s.max_recycles == KL_NOLIMIT or recycles < s.max_recycles):
        s.max_recycles = recycles
        restricted = 1
    if draw1:
        # (danish too: any danish line is a line at classic draw 1, where every talon
        # card is playable at any time)
        s.draw = 1
        s.max_recycles = KL_NOLIMIT
        s.recycles = 0
        s.danish = 0
        s.gl = 0
    dfs(&KLONDIKE_OPS, &s, b, deadline, max_bytes, &r)
    used[0] += r.states
    res.expanded += r.expanded
    if r.table_bytes > res.table_bytes:
        res.table_bytes = r.table_bytes
    if r.status == S_UNKNOWN and r.stop_reason == STOP_STATES and b == budget and budget:
        free(r.path)
        return 0                    # only this phase's own budget ran out
    if draw1 and r.status == S_WON:
        free(r.path)                # a win at draw 1 decides nothing at the real draw
        return 0
    if restricted and r.status == S_LOST:
        return 0                    # nor does a loss with fewer passes than allowed
    free(res.path)
    res.status = r.status
    res.stop_reason = r.stop_reason
    res.path = r.path
    res.path_len = r.path_len
    res.depth = r.depth
    return 1


# The searches kl_decide tries before the full one, in order: (reverse each bucket's
# moves, at draw 1 with unlimited passes, recycles allowed or -1 for the rules' own,
# states budget).  Tuned at draw 3 on deals 1-300 of our generator and seeds 1-200 of
# the interchange generator (Python's random.Random shuffle), counting states: against
# the plan without one-recycle searches and with 20,000-state first searches, the
# total fell 4 % and 2 % and the 90th percentile 20 % and 4 % (a loss proved at draw 1
# no longer pays 60,000 states first).
cdef enum:
    KL_NPHASES = 7
    # With limited passes many deals are lost under the limit, and the later short
    # searches are then only repeated by the full one: run the first three only (Vegas
    # rules on deals 1-100: median 60 -> 34 ms at draw 1, 12 -> 8 ms at draw 3), with
    # 300-state budgets for the short ones (KL_PHASES_LIMITED: Vegas rules on deals
    # 1-200, with the dead-end cut; against 1,000: states 6.12 M -> 6.07 M at draw 1,
    # 9.49 M -> 9.39 M at draw 3, CPU medians 3.6 -> 2.8 ms and 3.0 -> 2.3 ms; before
    # the cut 1,000 had beaten 3,000).
    KL_NPHASES_LIMITED = 3
ctypedef int PhaseRow[4]
cdef PhaseRow KL_PHASES_LIMITED[KL_NPHASES_LIMITED]
KL_PHASES_LIMITED[0][:] = [0, 0, -1, 300]
KL_PHASES_LIMITED[1][:] = [1, 0, -1, 300]
KL_PHASES_LIMITED[2][:] = [0, 1, -1, 0]
cdef PhaseRow KL_PHASES[KL_NPHASES]
KL_PHASES[0][:] = [0, 0, -1, 3000]
KL_PHASES[1][:] = [1, 0, -1, 3000]
KL_PHASES[2][:] = [0, 1, -1, 0]
KL_PHASES[3][:] = [0, 0, 1, 10000]
KL_PHASES[4][:] = [1, 0, 1, 30000]
KL_PHASES[5][:] = [0, 0, -1, 30000]
KL_PHASES[6][:] = [1, 0, -1, 300000]


cdef void kl_decide(KState* start, uint64_t max_states, double deadline,
                    uint64_t max_bytes, SearchResult* res) noexcept nogil:
    # Decide start.  The full search at the real rules is the last resort.  With a draw
    # above 1 or limited passes, the phases of KL_PHASES come first:
    # - Short searches with the moves of each bucket in the given and in reverse order,
    #   and with only one recycle allowed.  Finding a win is a matter of luck in the move
    #   order, and the orders fail on different deals (on seeds 1-200 at draw 3, deals
    #   taking 700,000 states in one order take under 100 in the other); a win with
    #   fewer recycles is a win, but a loss with fewer is not a loss (kl_phase).
    # - The same deal at draw 1 with unlimited passes: every line of play at draw N with
    #   any passes is also a line at draw 1 (there every talon card can be played at
    #   any time), so a loss at draw 1 proves the loss, usually far more cheaply.
    # At draw 1 with unlimited passes lost deals are common and cheap, and the extra
    # searches cost more than they find: the full search runs at once.
    cdef uint64_t used = 0
    cdef int relax = start.draw > 1 or start.max_recycles != KL_NOLIMIT
    res.status = S_UNKNOWN
    res.stop_reason = STOP_NONE
    res.states = 0
    res.expanded = 0
    res.path = NULL
    res.path_len = 0
    res.depth = 0
    res.table_bytes = 0
    cdef int i
    cdef PhaseRow* plan = &KL_PHASES[0]
    if start.max_recycles != KL_NOLIMIT:
        plan = &KL_PHASES_LIMITED[0]
    if relax:
        for i in range(KL_NPHASES if start.max_recycles == KL_NOLIMIT else KL_NPHASES_LIMITED):
            if plan[i][1] and not start.danish and (
                    start.max_recycles == 0 or (start.draw > 1 and start.max_recycles <= 2)):
                # No draw-1 proof (unlimited passes) with one pass, or at draw 2 and
                # more with at most three passes: with the dead-end cut the search at
                # the real rules is then smaller than the proof.  Total states, first
                # 100 or 200 deals of the bench set, with the proof / without it: draw 1
                # one pass 11.9 M / 6.1 M (before the cut 41.7 M / 29.4 M: deal 156,
                # 3.9 M / 5,242); draw 3 with 1, 2, 3 passes 0.18 / 0.09 M, 3.6 / 0.9
                # M, 9.4 / 4.5 M.  It still pays at draw 1 with 2 or 3 passes (11.4 /
                # 13.4 M, 19.8 / 46.6 M) and at draw 3 with 5 (8.0 / 12.6 M).
                continue
            if kl_phase(start, plan[i][0], plan[i][1], plan[i][2],
                        plan[i][3], &used, max_states, deadline, max_bytes, res):
                res.states = used
                return
    kl_phase(start, 0, 0, -1, 0, &used, max_states, deadline, max_bytes, res)
    res.states = used


def klondike_solve(columns, found, talon, int wp=0, int recycles=0, int draw=3,
                   int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                   unsigned long long max_states=0, double timeout=0.0,
                   unsigned long long max_table_mb=8192, bint danish=False, int group=0,
                   bint dead_ends=True, int dead_ends_after=KL_DEAD_AFTER):
    """Decide a Klondike position.

    columns: 7 pairs (face-down cards bottom->top, face-up cards bottom->top);
    found: cards up per suit; talon: waste (bottom->top) then stock (turning order);
    wp: how many talon cards are in the waste; max_recycles: 255 = unlimited.
    danish: the queue stock (_klondike.pxi); talon is then the circle in dealt order,
    wp the index of the next card to turn, group the cards left of the current three.
    dead_ends: cut the positions kl_dead proves lost, once each search has expanded
    dead_ends_after positions (the tests turn it off, or on from the start, to check
    that the verdicts do not change).
    Returns (status, stop_reason, move_codes, states, moves_made, table_bytes, seconds).
    """
    cdef KState s
    cdef SearchResult res
    cdef double t0, deadline = 0.0
    cdef uint64_t max_bytes = budget_bytes(max_table_mb)
    kl_load(&s, columns, found, talon, wp, recycles, draw, max_recycles, foundation_moves,
            danish, group)
    s.deadcut = 1 if dead_ends else 0
    s.dead_after = dead_ends_after if dead_ends_after > 0 else 0
    t0 = now_seconds()
    if timeout > 0:
        deadline = t0 + timeout
    with nogil:
        kl_decide(&s, max_states, deadline, max_bytes, &res)
    path = take_path(&res)
    elapsed = now_seconds() - t0
    return (STATUS_NAMES[res.status], STOP_NAMES[res.stop_reason], path, res.states,
            res.expanded, res.table_bytes, elapsed)


cdef int kl_classic_start(KState* s, KCheck* k, columns, found, talon, int wp,
                          int recycles, int draw, int max_recycles, bint f2t) except -1:
    # the start of a classic win search (the dead-end cut on, as klondike_solve has it
    # by default) and of the independent check of its line, from the same Python values
    ck_load(k, columns, found, talon, wp, recycles, draw, max_recycles, f2t)
    kl_load(s, columns, found, talon, wp, recycles, draw, max_recycles, f2t, False, 0)
    s.deadcut = 1
    s.dead_after = KL_DEAD_AFTER
    return 0


cdef tuple verdict_answer(SearchResult* res, double t0, int checked):
    # What a verdict-only call returns once its search has ended and checked is the
    # independent check's answer on a win (1, or -(1 + the index refused)): (status,
    # stop_reason, states, moves_made, table_bytes, seconds, refused), refused -1 when
    # the check passed or there was no win.  Frees the search's path; an interrupted
    # search raises KeyboardInterrupt.
    free(res.path)
    res.path = NULL
    if res.stop_reason == STOP_INTERRUPT:
        PyErr_Clear()
        raise KeyboardInterrupt
    return (STATUS_NAMES[res.status], STOP_NAMES[res.stop_reason], res.states,
            res.expanded, res.table_bytes, now_seconds() - t0,
            -1 if checked == 1 else -checked - 1)


def klondike_verdict(columns, found, talon, int wp=0, int recycles=0, int draw=3,
                     int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                     unsigned long long max_states=0, double timeout=0.0,
                     unsigned long long max_table_mb=8192):
    """Decide a classic Klondike position as klondike_solve does, without handing the
    line back: a win is replayed first by the independent check (_check_klondike.pxi).

    Returns (status, stop_reason, states, moves_made, table_bytes, seconds, refused):
    refused is -1 when the check passed (or there was no win to check), else the index
    of the first move it refused (the length of the line if the line ends short).
    """
    cdef KState s
    cdef KCheck k
    cdef SearchResult res
    cdef double t0, deadline = 0.0
    cdef uint64_t max_bytes = budget_bytes(max_table_mb)
    cdef int checked = 1
    kl_classic_start(&s, &k, columns, found, talon, wp, recycles, draw, max_recycles,
                     foundation_moves)
    t0 = now_seconds()
    if timeout > 0:
        deadline = t0 + timeout
    with nogil:
        kl_decide(&s, max_states, deadline, max_bytes, &res)
        if res.status == S_WON:
            checked = ck_line_wins(&k, res.path, res.path_len)
    return verdict_answer(&res, t0, checked)


def klondike_solve_line(columns, found, talon, int wp=0, int recycles=0, int draw=3,
                        int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                        unsigned long long max_states=0, double timeout=0.0,
                        unsigned long long max_table_mb=8192, int spoil_at=-1,
                        uint32_t spoil_xor=0):
    """Decide a classic Klondike position as klondike_solve does, and hand a win back
    as solve() shows it: the line without its round trips, as klondike_tidy makes it
    (or the line as found), written out as atomic moves and checked as it is written
    on the independent check's state and rules (_line_klondike.pxi).

    Returns (status, stop_reason, line, states, moves_made, table_bytes, seconds,
    refused): line is bytes, the atomic moves' numbers (_line_klondike.pxi), or
    None if no win was found or it failed the check; refused is -1 unless the check
    refused the win, then the index of the first move code of the line as found that
    it refused (the length of that line if it ends short of a win); seconds is the
    search's time.  spoil_at, spoil_xor: for the tests, the move code at that index of
    the line found is xor'ed with spoil_xor before it is tidied and checked.
    """
    cdef KState s, t
    cdef KCheck k
    cdef SearchResult res
    cdef KALine line
    cdef double t0, deadline = 0.0
    cdef uint64_t max_bytes = budget_bytes(max_table_mb)
    cdef int refused = -1
    kl_classic_start(&s, &k, columns, found, talon, wp, recycles, draw, max_recycles,
                     foundation_moves)
    t = s                           # the tidy's start, as klondike_tidy loads it
    t.deadcut = 0
    t.dead_after = 0
    t0 = now_seconds()
    if timeout > 0:
        deadline = t0 + timeout
    with nogil:
        kl_decide(&s, max_states, deadline, max_bytes, &res)
    elapsed = now_seconds() - t0
    if res.stop_reason == STOP_INTERRUPT:
        free(res.path)
        PyErr_Clear()
        raise KeyboardInterrupt
    line.moves = NULL
    line.n = 0
    line.cap = 0
    if res.status == S_WON:
        if 0 <= spoil_at < res.path_len:
            res.path[spoil_at] ^= spoil_xor
        with nogil:
            refused = ka_won_line(&t, &k, res.path, res.path_len, &line)
    free(res.path)
    res.path = NULL
    if refused == -2:
        free(line.moves)
        raise MemoryError("no memory for the line of a win")
    out = ka_bytes(&line) if res.status == S_WON and refused == -1 else None
    free(line.moves)
    return (STATUS_NAMES[res.status], STOP_NAMES[res.stop_reason], out, res.states,
            res.expanded, res.table_bytes, elapsed, refused)


cdef uint32_t* codes_copy(codes, int room) except NULL:
    # a malloc'd array of the move codes of the Python sequence codes, with room for
    # room codes (at least len(codes) + 1); the caller frees it
    cdef int i, n = len(codes)
    cdef uint32_t* buf = <uint32_t*> malloc(room * sizeof(uint32_t))
    if buf == NULL:
        raise MemoryError
    try:
        for i in range(n):
            buf[i] = codes[i]
    except BaseException:
        free(buf)
        raise
    return buf


def klondike_line(columns, found, talon, codes, int wp=0, int recycles=0, int draw=3,
                  int max_recycles=KL_NOLIMIT, bint foundation_moves=True):
    """A line of move codes from a classic position written out as atomic moves and
    checked as klondike_solve_line does it (with no tidying): (refused, line), refused
    -1 if it plays and wins, else the index of the first code refused (the length of
    the line if it ends short), and line the bytes of the atomic moves of the codes
    before that one.  For the tests and the benchmarks."""
    cdef KCheck k
    cdef KALine line
    cdef int n = len(codes), r
    cdef uint32_t* buf = codes_copy(codes, n + 1)
    line.moves = NULL
    line.n = 0
    line.cap = 0
    try:
        ck_load(&k, columns, found, talon, wp, recycles, draw, max_recycles,
                foundation_moves)
        r = ka_line(&k, buf, n, &line)
        if r == -2:
            raise MemoryError
        out = ka_bytes(&line)
    finally:
        free(buf)
        free(line.moves)
    return r, out


def klondike_won_line(columns, found, talon, codes, int wp=0, int recycles=0,
                      int draw=3, int max_recycles=KL_NOLIMIT, bint foundation_moves=True):
    """The line a win found from a classic position (its move codes) makes, as
    klondike_solve_line makes it: without its round trips, written out as atomic moves
    and checked as they are written on the independent check's state and rules.
    Returns (refused, line): refused -1 and line the bytes of the atomic moves
    (_line_klondike.pxi) if the line wins; else the index of the first code refused
    (the length of the line if it ends short of a win) and None.  For the hints, which
    ask the core for a win after each move."""
    cdef KState t
    cdef KCheck k
    cdef KALine line
    cdef int n = len(codes), refused
    cdef uint32_t* buf
    ck_load(&k, columns, found, talon, wp, recycles, draw, max_recycles, foundation_moves)
    kl_load(&t, columns, found, talon, wp, recycles, draw, max_recycles, foundation_moves,
            False, 0)
    buf = codes_copy(codes, n + 1)
    line.moves = NULL
    line.n = 0
    line.cap = 0
    try:
        with nogil:
            refused = ka_won_line(&t, &k, buf, n, &line)
        if refused == -2:
            raise MemoryError("no memory for the line of a win")
        out = ka_bytes(&line) if refused == -1 else None
    finally:
        free(buf)
        free(line.moves)
    return refused, out


cdef object ka_value(type move, tuple places, Py_ssize_t number):
    # The Move value of atomic move number (see _line_klondike.pxi), made as the
    # dataclass's own __init__ leaves it (the fields in its __dict__) in a third of
    # the time; tests/klondike/test_solve_line.py holds every number's value to the
    # Move the reference rules make.
    cdef Py_ssize_t rest, where
    value = move.__new__(move)
    fields = value.__dict__
    if number == KA_DRAW or number == KA_RECYCLE:
        fields["kind"] = "draw" if number == KA_DRAW else "recycle"
        fields["src"] = ""
        fields["dst"] = ""
        fields["card"] = None
        fields["count"] = 1
        return value
    where, rest = divmod(number - KA_FIRST_MOVE, 52 * 13)
    fields["kind"] = "move"
    fields["src"] = places[where // 8]
    fields["dst"] = places[where % 8]
    fields["card"] = _CARDS[rest // 13]
    fields["count"] = rest % 13 + 1
    return value


def klondike_moves(bytes line, list table, type move, tuple places):
    """The Move values of a line's atomic moves (klondike_solve_line's bytes):
    table[i] for atomic move number i, made the first time and kept there.  move is
    the Move class and places the places by number (T1..T7, F, W).  A table of
    KLONDIKE_ATOMIC["count"] places, kept by the bridge, makes a line cost a few ns a
    move; the values are made here because a miss made in Python cost 0.6 us, more
    than the rest of the line's moves together."""
    cdef Py_ssize_t n = len(line) // 2, j
    cdef const unsigned char* p = line
    cdef Py_ssize_t i, size = len(table)
    cdef list out = [None] * n
    cdef PyObject** slots = PySequence_Fast_ITEMS(table)
    if size != KA_COUNT or len(places) != 9:
        raise ValueError("a table of %d atomic moves and 9 places expected" % KA_COUNT)
    # the line's table places, then the values there, are fetched ahead of the loop:
    # they are scattered in memory, and fetched one by one each was a wait
    for j in range(n):
        i = p[2 * j] | (p[2 * j + 1] << 8)
        if i >= size:
            raise ValueError("atomic move %d is not in the table" % i)
        __builtin_prefetch(&slots[i])
    for j in range(n):
        i = p[2 * j] | (p[2 * j + 1] << 8)
        if slots[i] != NULL:
            __builtin_prefetch(slots[i])
    for j in range(n):
        i = p[2 * j] | (p[2 * j + 1] << 8)
        value = table[i]
        if value is None:
            value = ka_value(move, places, i)
            table[i] = value
        out[j] = value
    return out


def klondike_sample_wins(columns, found, talon, unseen, unsigned long long seed,
                         unsigned long long first, int count, int wp=0, int recycles=0,
                         int draw=3, int max_recycles=KL_NOLIMIT,
                         bint foundation_moves=True, unsigned long long max_states=1000,
                         unsigned long long max_table_mb=64):
    """How many of the samples first .. first+count-1 of a classic position are won
    within max_states positions each (_sample_klondike.pxi): in sample k the cards of
    ``unseen`` are relabelled by the k-th random permutation of ``seed``.

    Returns (won, lost, states): samples won, samples proved lost, positions searched.
    The wins are not handed back or checked: they weigh a player's moves, and the
    player's own moves are played on the reference rules.
    """
    cdef KState base, s
    cdef SearchResult res
    cdef uint8_t cards[52]
    cdef int n = len(unseen), i, won = 0, lost = 0
    cdef uint64_t k, states = 0
    cdef uint64_t max_bytes = budget_bytes(max_table_mb)
    cdef uint8_t seen[52]
    if n > 52 or count < 0:
        raise ValueError("at most 52 unseen cards and a count from 0")
    memset(seen, 0, sizeof(seen))
    for i in range(n):
        c = unseen[i]
        if not 0 <= c < 52 or seen[c]:
            raise ValueError("unseen cards must be distinct cards")
        seen[c] = 1
        cards[i] = c
    kl_load(&base, columns, found, talon, wp, recycles, draw, max_recycles,
            foundation_moves, False, 0)
    base.deadcut = 1
    base.dead_after = KL_DEAD_AFTER
    res.stop_reason = STOP_NONE
    with nogil:
        for k in range(first, first + <uint64_t>count):
            sample_relabel(&s, &base, cards, n, seed, k)
            kl_decide(&s, max_states, 0.0, max_bytes, &res)
            free(res.path)
            res.path = NULL
            states += res.states
            if res.status == S_WON:
                won += 1
            elif res.status == S_LOST:
                lost += 1
            if res.stop_reason == STOP_INTERRUPT:
                break
    if res.stop_reason == STOP_INTERRUPT:
        PyErr_Clear()
        raise KeyboardInterrupt
    return won, lost, states


def klondike_check_line(columns, found, talon, codes, int wp=0, int recycles=0,
                        int draw=3, int max_recycles=KL_NOLIMIT,
                        bint foundation_moves=True):
    """The independent check (_check_klondike.pxi) of a line of move codes from a
    classic position: -1 if it wins, else the index of the first move it refuses (the
    length of the line if it ends short of a win).  For the tests."""
    cdef KCheck k
    cdef int n = len(codes), r
    cdef uint32_t* buf = codes_copy(codes, n + 1)
    try:
        ck_load(&k, columns, found, talon, wp, recycles, draw, max_recycles,
                foundation_moves)
        r = ck_line_wins(&k, buf, n)
    finally:
        free(buf)
    return -1 if r == 1 else -r - 1


def klondike_tidy(columns, found, talon, codes, int wp=0, int recycles=0, int draw=3,
                  int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                  bint danish=False, int group=0):
    """A winning line of a Klondike position (move codes, as klondike_solve returns
    them) without its round trips (_tidy.pxi): a card moved away and back where the
    line still wins without it.  Arguments as klondike_solve.  Returns the new codes
    (each SWAPF written as its two moves), or None if the line does not replay in the
    core or does not win."""
    cdef KState s
    cdef int n = len(codes), m, i
    cdef uint32_t* line
    kl_load(&s, columns, found, talon, wp, recycles, draw, max_recycles, foundation_moves,
            danish, group)
    line = codes_copy(codes, 2 * n + 1)
    with nogil:
        m = kl_tidy(&s, line, n)
    out = [line[i] for i in range(m)] if m >= 0 else None
    free(line)
    return out


cdef int kl_value(KState* s) noexcept nogil:
    # the objective max-foundation: cards on the foundations
    return s.found[0] + s.found[1] + s.found[2] + s.found[3]


# The Klondike search for the most cards that can reach the foundations: the moves, key
# and prunings of the win search, with kl_value as the objective and no shortcut to the
# end.  Every pruning of kl_gen is proved by turning any line into one of the pruned
# search that ends with at least as many cards up: a safe move puts its card up first
# (nothing ever needs it in the tableau), a delayed move whose reason never comes is
# dropped (it moves no card to or from a foundation), and a deleted trip down from a
# foundation leaves the card up.  So the best value over the positions this search
# visits is the best over all reachable positions, and the search proves it when it
# ends.
cdef GameOps KLONDIKE_MAXF_OPS = KLONDIKE_OPS
KLONDIKE_MAXF_OPS.finish = NULL
KLONDIKE_MAXF_OPS.value = <value_fn> kl_value
KLONDIKE_MAXF_OPS.bound = NULL


def klondike_max_foundation(columns, found, talon, int wp=0, int recycles=0, int draw=3,
                            int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                            unsigned long long max_states=0, double timeout=0.0,
                            unsigned long long max_table_mb=8192, bint danish=False,
                            int group=0):
    """The most cards a Klondike position can get onto the foundations, with a line
    that does it.  Arguments as klondike_solve.  Returns (status, stop_reason,
    move_codes, states, moves_made, table_bytes, seconds, best): status "won" when all
    52 go up, "lost" when best is proved the most, "unknown" when a budget stopped the
    search (best is then the most found)."""
    cdef KState s
    cdef SearchResult res
    cdef double t0, deadline = 0.0
    cdef uint64_t max_bytes = budget_bytes(max_table_mb)
    kl_load(&s, columns, found, talon, wp, recycles, draw, max_recycles, foundation_moves,
            danish, group)
    t0 = now_seconds()
    if timeout > 0:
        deadline = t0 + timeout
    res.target = 52
    res.floor = 0
    with nogil:
        dfs(&KLONDIKE_MAXF_OPS, &s, max_states, deadline, max_bytes, &res)
    path = take_path(&res)
    elapsed = now_seconds() - t0
    return (STATUS_NAMES[res.status], STOP_NAMES[res.stop_reason], path, res.states,
            res.expanded, res.table_bytes, elapsed, res.best)


def decode_move(uint32_t code):
    """(type, a, b, n) of a Klondike move code."""
    return (code & 15, (code >> 4) & 31, (code >> 9) & 31, (code >> 14) & 31)


cdef class KlondikeBoard:
    """One Klondike state held in the core, for tests and hints: the core's own move
    generator, make/unmake and key, exposed one call at a time."""
    cdef KState s
    cdef list _undo

    def __init__(self, columns, found, talon, int wp=0, int recycles=0, int draw=3,
                 int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                 bint danish=False, int group=0):
        kl_load(&self.s, columns, found, talon, wp, recycles, draw, max_recycles,
                foundation_moves, danish, group)
        self._undo = []

    def moves(self, bint full=True):
        """Move codes: every legal macro move (full) or the search's pruned, ordered list."""
        cdef uint32_t buf[KL_MAX_MOVES]
        cdef int n = kl_gen(&self.s, buf, 1 if full else 0)
        return [buf[i] for i in range(n)]

    def push(self, uint32_t code):
        self._undo.append((code, kl_make(&self.s, code)))

    def pop(self):
        code, undo = self._undo.pop()
        kl_unmake(&self.s, code, undo)
        return code

    def key(self):
        cdef uint64_t k[KEY_WORDS]
        k[1] = 0
        kl_key(&self.s, k)
        if kl_key_words(&self.s) == 2:
            return (k[0], k[1])
        return (k[0],)

    def is_won(self):
        return bool(kl_won(&self.s))

    def dead(self):
        """Whether kl_dead proves this position lost (the win search's cut)."""
        return bool(kl_dead(&self.s))

    def snapshot(self):
        """(foundations, [(face-down cards, face-up cards)] * 7, talon, wp, recycles)."""
        cols = []
        for c in range(7):
            cols.append(([self.s.down[c][i] for i in range(self.s.ndown[c])],
                         [self.s.up[c][i] for i in range(self.s.nup[c])]))
        return ([self.s.found[i] for i in range(4)], cols,
                [self.s.tal[i] for i in range(self.s.ntal)], self.s.wp, self.s.recycles)

    def group(self):
        """Danish: how many of the current three are left (0 in classic)."""
        return self.s.gl



def keep_tables(unsigned long long max_bytes):
    """Keep freed table arrays of 2 MiB and more, up to max_bytes in all, for the next
    search in this process (0 keeps none and gives back any kept); the bound it had.
    Only on Linux; elsewhere it keeps nothing and returns 0."""
    return ks_keep_set(max_bytes)


def kept_table_bytes():
    """The bytes of freed table arrays this process now keeps."""
    return ks_kept_bytes()


def kept_table_sizes():
    """The size in bytes of each freed table array this process now keeps."""
    cdef size_t sizes[64]  # KS_KEEP_MAX, the most arrays kept
    cdef int n = ks_kept_sizes(sizes, 64)
    return [sizes[i] for i in range(n)]


def table_array_nonzero_words(unsigned long long nbytes, bint scribble=False):
    """For tests: takes a table array of nbytes the way a search does (a kept one if
    there is one of that size), counts its 64-bit words that are not zero (a new array
    must have none) and frees it again, first filling it with ones if scribble."""
    cdef uint64_t* a = slots_alloc(nbytes)
    cdef uint64_t i, dirty = 0
    if a == NULL:
        raise MemoryError("no table array of %d bytes" % nbytes)
    with nogil:
        for i in range(nbytes // 8):
            if a[i] != 0:
                dirty += 1
            if scribble:
                a[i] = ~(<uint64_t> 0)
    slots_free(a, nbytes)
    return dirty


def shuffled_deck(unsigned long long seed):
    """The deck of kabalsolve.generate.shuffled_deck(seed), made in the core."""
    cdef uint8_t deck[52]
    seeded_deck(seed, deck)
    return [deck[i] for i in range(52)]


def clock_play(deck):
    """Play a Clock deal out: the turned cards in order (all 52 = won)."""
    cdef uint8_t d[52]
    cdef uint8_t out[52]
    cdef int i, n
    if len(deck) != 52:
        raise ValueError("a Clock deal has 52 cards")
    for i in range(52):
        d[i] = deck[i]
    n = clock_playout(d, out)
    return [out[i] for i in range(n)]


def clock_stats(unsigned long long first_seed, unsigned long long count):
    """Play out the seeded deals first_seed .. first_seed + count - 1 (the decks of
    kabalsolve.generate) without Python per deal: (deals won, cards turned in all)."""
    cdef uint8_t d[52]
    cdef unsigned long long k, won = 0, turned = 0
    cdef int n
    with nogil:
        for k in range(count):
            seeded_deck(first_seed + k, d)
            n = clock_playout(d, NULL)
            turned += n
            won += n == 52
    return won, turned


# The searches ac_decide tries before the one under the real rules: (strict,
# discard-first, states budget); only those stricter than the real rules run.
cdef enum:
    AC_NPHASES = 3
cdef uint64_t AC_PHASES[AC_NPHASES][3]
AC_PHASES[0][:] = [1, 1, 20000]
AC_PHASES[1][:] = [0, 1, 50000]
AC_PHASES[2][:] = [1, 0, 50000]


cdef void ac_dfs(AState* s, uint64_t max_states, double deadline, uint64_t max_bytes,
                 SearchResult* res) noexcept nogil:
    # dfs with the Aces Up moves, and the shared tables of the reduced games that
    # ac_reduced_lost searches (ac_reduce_attach); those take their share of
    # max_bytes, and the search's own table gets the rest
    cdef ACReduce x
    ac_reduce_attach(s, &x, max_bytes, &res.states, max_states)
    if s.red != NULL and max_bytes > 2 * x.share:
        max_bytes -= x.share
    dfs(&ACESUP_TABLED_OPS if s.tabledeals else &ACESUP_OPS, s, max_states, deadline,
        max_bytes, res)
    s.red = NULL
    ac_reduce_free(&x)


cdef void ac_decide(AState* start, int best_score, uint64_t max_states, double deadline,
                    uint64_t max_bytes, SearchResult* res, int* proved) noexcept nogil:
    # The verdict first: a search that prunes every position whose bound is below 48
    # (far more than a search for the best score can), and that also finds a good
    # line.  Then, if the deal is lost and the best score is asked for, a second search
    # that only looks for lines better than that one, up to 47 (a lost deal can do no
    # better): a proof of the best score when it ends or reaches 47.  proved: 1 if
    # res.best is proved the best (or the deal was won).
    #
    # Before it, short searches under stricter rules (AC_PHASES): each allows a subset
    # of the moves (the strict rule fewer moves to empty piles, discard-first fewer
    # deals), so a win found there is a win, and their trees are far smaller: the
    # strict rule's bound prunes from the start, and discard-first has no optional
    # discards before a deal.  A loss there proves nothing and the next search runs.
    cdef AState s = start[0]
    cdef SearchResult r
    cdef uint64_t used = 0, b
    cdef int i
    for i in range(AC_NPHASES):
        if (AC_PHASES[i][0] < s.strict or AC_PHASES[i][1] < s.discard_first or
                (AC_PHASES[i][0] == s.strict and AC_PHASES[i][1] == s.discard_first)):
            continue                # not stricter than the rules asked for
        if max_states and used >= max_states:
            break
        b = AC_PHASES[i][2]
        if max_states and max_states - used < b:
            b = max_states - used
        s.strict = AC_PHASES[i][0]
        s.discard_first = AC_PHASES[i][1]
        r.target = AC_WIN
        r.floor = AC_WIN
        ac_dfs(&s, b, deadline, max_bytes, &r)
        used += r.states
        s = start[0]
        if r.status == S_WON or r.stop_reason not in (STOP_NONE, STOP_STATES) or (
                max_states and used >= max_states):
            res[0] = r
            res.states = used
            proved[0] = r.status == S_WON
            if r.status == S_LOST:
                # lost under stricter rules proves nothing of the real ones, and the
                # budget is spent before their search: unknown, with the line found
                res.status = S_UNKNOWN
                res.stop_reason = STOP_STATES
            return
        free(r.path)
    if max_states and used >= max_states:
        res.status = S_UNKNOWN
        res.stop_reason = STOP_STATES
        res.states = used
        res.expanded = 0
        res.path = NULL
        res.path_len = 0
        res.table_bytes = 0
        res.best = start.ngone          # the position itself: no line was kept
        proved[0] = 0
        return
    res.target = AC_WIN
    res.floor = AC_WIN
    ac_dfs(&s, max_states - used if max_states else 0, deadline, max_bytes, res)
    res.states += used
    proved[0] = res.status == S_WON
    if res.status != S_LOST or not best_score:
        return
    if res.best >= AC_WIN - 1:
        # no line wins, and the line kept discards 47: no line does better, so the best
        # score is proved already (the branch and bound would search for a win again)
        proved[0] = 1
        return
    if max_states and res.states >= max_states:
        res.status = S_LOST         # the verdict stands; the score is only the best found
        res.stop_reason = STOP_STATES
        return
    s = start[0]
    r.target = AC_WIN - 1           # the verdict is lost: no line discards more than 47
    r.floor = res.best + 1
    ac_dfs(&s, max_states - res.states if max_states else 0, deadline, max_bytes, &r)
    res.states += r.states
    res.expanded += r.expanded
    if r.table_bytes > res.table_bytes:
        res.table_bytes = r.table_bytes
    if r.best > res.best and r.path_len > 0:
        free(res.path)
        res.path = r.path
        res.path_len = r.path_len
        res.best = r.best
    else:
        free(r.path)
    # proved: no line beats the best (lost), or a line reached 47 (won: its target)
    proved[0] = r.status == S_LOST or r.status == S_WON
    res.stop_reason = r.stop_reason


cdef int ac_run(AState* s, piles, stock, gone, bint strict, bint discard_first,
                bint best_score, unsigned long long max_states, double timeout,
                unsigned long long max_table_mb, SearchResult* res, int* proved,
                double* t0, bint dominance=True, bint must_move=True, bint last_fast=True,
                bint reduce=True, bint table_deals=False) except -1:
    # Load s from the Python values and decide it (ac_decide), the GIL released: what
    # acesup_solve and acesup_verdict share, so that the verdict runs the very search
    # of a solve.  t0: the clock when the search began, for the caller's seconds.
    cdef double deadline = 0.0
    cdef uint64_t max_bytes = budget_bytes(max_table_mb)
    ac_load(s, piles, stock, gone, strict, discard_first, dominance, must_move, last_fast,
            reduce, table_deals)
    t0[0] = now_seconds()
    if timeout > 0:
        deadline = t0[0] + timeout
    with nogil:
        ac_decide(s, best_score, max_states, deadline, max_bytes, res, proved)
    return 0


def acesup_solve(piles, stock, gone=(), bint strict=False, bint discard_first=False,
                 bint best_score=True, unsigned long long max_states=0, double timeout=0.0,
                 unsigned long long max_table_mb=8192, bint dominance=True,
                 bint must_move=True, bint last_fast=True, bint reduce=True,
                 bint table_deals=False):
    """Decide an Aces Up position, and find its best score.

    piles: 4 lists bottom -> top; stock: the cards still to deal, in dealing order (a
    multiple of 4); gone: the cards discarded already.  Returns (status, stop_reason,
    move_codes, states, moves_made, table_bytes, seconds, best, best_proved): status is
    the verdict (won: 48 reached), move_codes reach the best score found, best_proved
    says whether no line can do better (always, when won).  dominance=False turns the
    dominance cut (ac_dominated) off, must_move=False the must-move mode
    (ac_search_bound), last_fast=False the analysis made for the end (ac_analyse_last:
    then ac_analyse does it), reduce=False the cut by reduced games (ac_reduced_lost),
    table_deals=True puts the layouts just after a deal in the search's table (which
    they need not be: GameOps.untabled), for the tests that compare the two.  A stock
    place may be None (no card there).
    """
    cdef AState s
    cdef SearchResult res
    cdef double t0
    cdef int proved = 0
    ac_run(&s, piles, stock, gone, strict, discard_first, best_score, max_states, timeout,
           max_table_mb, &res, &proved, &t0, dominance, must_move, last_fast, reduce,
           table_deals)
    path = take_path(&res)
    elapsed = now_seconds() - t0
    return (STATUS_NAMES[res.status], STOP_NAMES[res.stop_reason], path, res.states,
            res.expanded, res.table_bytes, elapsed, res.best, bool(proved))


def acesup_verdict(piles, stock, gone=(), bint strict=False, bint discard_first=False,
                   unsigned long long max_states=0, double timeout=0.0,
                   unsigned long long max_table_mb=8192, int spoil_at=-1,
                   uint32_t spoil_xor=0):
    """Decide an Aces Up position as acesup_solve does with best_score=False, without
    handing the line back: a win is replayed first by the independent check
    (_check_acesup.pxi), on its own state loaded from the same arguments, which must
    be one whole deck (no stock place without a card).

    Returns (status, stop_reason, states, moves_made, table_bytes, seconds, refused):
    refused is -1 when the check passed (or there was no win to check), else the index
    of the first move it refused (the length of the line if the line ends short of a
    win).  spoil_at, spoil_xor: for the tests, the move code at that index of the line
    found is xor'ed with spoil_xor before it is checked.
    """
    cdef AState s
    cdef ACheck k
    cdef SearchResult res
    cdef double t0
    cdef int proved = 0, checked = 1
    # the check's start first: a start it cannot hold is refused before any search
    ca_load(&k, piles, stock, gone, strict, discard_first)
    ac_run(&s, piles, stock, gone, strict, discard_first, False, max_states, timeout,
           max_table_mb, &res, &proved, &t0)
    if res.status == S_WON:
        if 0 <= spoil_at < res.path_len:
            res.path[spoil_at] ^= spoil_xor
        # (a line of at most a few hundred moves: not worth releasing the GIL for)
        checked = ca_line_wins(&k, res.path, res.path_len)
    return verdict_answer(&res, t0, checked)


def acesup_check_line(piles, stock, gone, codes, bint strict=False,
                      bint discard_first=False):
    """The independent check (_check_acesup.pxi) of a line of move codes from an Aces
    Up position: -1 if it wins, else the index of the first move it refuses (the
    length of the line if it ends short of a win).  For the tests."""
    cdef ACheck k
    cdef int n = len(codes), r
    cdef uint32_t* buf = codes_copy(codes, n + 1)
    try:
        ca_load(&k, piles, stock, gone, strict, discard_first)
        r = ca_line_wins(&k, buf, n)
    finally:
        free(buf)
    return -1 if r == 1 else -r - 1


def acesup_reaches(piles, stock, gone, codes, bint strict=False,
                   bint discard_first=False):
    """The cards discarded in all (those of the position counted) after a line of move
    codes from an Aces Up position, or -1 if one of its moves is not legal where it
    stands, by the core's own rules (every move of ac_gen).  What the shortening of a
    line (games/acesup/lines.py) tries its candidates with: far cheaper than the
    reference rules, which replay the line it keeps."""
    cdef AState s
    cdef uint32_t buf[AC_MAX_MOVES]
    cdef uint32_t m
    cdef int n, i
    ac_load(&s, piles, stock, gone, strict, discard_first)
    for code in codes:
        m = code
        n = ac_gen(&s, buf, 1)
        for i in range(n):
            if buf[i] == m:
                break
        else:
            return -1
        ac_make(&s, m)
    return s.ngone


def acesup_decode(uint32_t code):
    """(type, a, b) of an Aces Up move code: type 0 deal, 1 discard, 2 move."""
    return (code & 15, (code >> 4) & 15, (code >> 8) & 15)


cdef class AcesUpBoard:
    """One Aces Up state held in the core, for tests: the core's move generator,
    make/unmake, key and bound, one call at a time."""
    cdef AState s
    cdef list _undo

    def __init__(self, piles, stock, gone=(), bint strict=False, bint discard_first=False,
                 bint last_fast=True):
        ac_load(&self.s, piles, stock, gone, strict, discard_first, True, True, last_fast)
        self._undo = []

    def moves(self, bint full=True):
        """Move codes: every legal move (full) or the search's pruned, ordered list."""
        cdef uint32_t buf[AC_MAX_MOVES]
        cdef int n = ac_gen(&self.s, buf, 1 if full else 0)
        return [buf[i] for i in range(n)]

    def push(self, uint32_t code):
        self._undo.append((code, ac_make(&self.s, code)))

    def pop(self):
        code, undo = self._undo.pop()
        ac_unmake(&self.s, code, undo)
        return code

    def key(self):
        cdef uint64_t k[KEY_WORDS]
        ac_key(&self.s, k)
        return (k[0], k[1])

    def bound(self):
        return ac_bound(&self.s, -1)     # the full analysis: its value and masks

    def win_bound(self, bint twophase=True, bint restart=False, bint seeded=True):
        """ac_bound with need 48 (what the search asks at a fresh position), or the
        same made with fresh analyses for each count (restart): (value, b0fail,
        tvalid, T, mv, lv) as analysis() gives them; seeded as there."""
        cdef int r
        self.s.seedtop = 1 if seeded else 0
        if restart:
            r = ac_bound_restart(&self.s, AC_WIN, 1 if twophase else 0)
        else:
            r = ac_bound(&self.s, AC_WIN, 1 if twophase else 0)
        self.s.seedtop = 1
        return self._analysed(r)

    cdef tuple _analysed(self, int r):
        # (r, s.b0fail, s.tvalid, T, mv, lv of each card) as an analysis left them;
        # s.tvalid is cleared, as the next move would clear it
        out = (r, bool(self.s.b0fail), bool(self.s.tvalid),
               [self.s.tmask[c] for c in range(52)], [self.s.tmove[c] for c in range(52)],
               [self.s.tleave[c] for c in range(52)])
        self.s.tvalid = 0
        return out

    def search_bound(self, int need=48):
        """The bound as the search takes it here (ac_search_bound), which may set
        must-move mode: (bound, whether the position is in that mode now)."""
        cdef int r = ac_search_bound(&self.s, need)
        return r, bool(self.s.mustmove)

    def first_phase_bound(self):
        """The analysis of the lines that make no move before the next deal
        (ac_analyse's first phase, complete), and whether a pile can be emptied
        before that deal in it (1: the whole analysis may say more)."""
        cdef int r = ac_analyse(&self.s, 1 if self.s.strict else 2, -1, 2)
        self.s.tvalid = 0
        return r, bool(self.s.b0fail)

    def analysis(self, int need=-1, int twophase=0, bint seeded=True):
        """ac_analyse itself: (value, s.b0fail, s.tvalid, T, mv, lv of each card);
        seeded=False starts its T from empty masks instead of the arrival epochs."""
        cdef int r
        self.s.seedtop = 1 if seeded else 0
        r = ac_analyse(&self.s, 1 if self.s.strict else 2, need, twophase)
        self.s.seedtop = 1
        return self._analysed(r)

    def key_without(self, cards):
        """The key of this position with the pile cards ``cards`` discarded."""
        cdef uint64_t k[KEY_WORDS]
        cdef uint64_t x = 0
        for c in cards:
            x |= 1ULL << <int> c
        ac_key_without(&self.s, x, k)
        return (k[0], k[1])

    def reduced_keys(self, bint ahead=False):
        """The keys under which the search looks this position's reduced games up
        among the lost ones (ac_known_lost_keys), or, ahead, those of the position its
        deal makes, worked out before the deal (as ac_search_bound does)."""
        cdef uint64_t k[AC_RLEVELS * KEY_WORDS]
        cdef int i, n = ac_known_lost_keys(&self.s, 1 if ahead else 0, k)
        return [(k[i * KEY_WORDS], k[i * KEY_WORDS + 1]) for i in range(n)]

    def aces_stuck(self, bint ahead=False):
        """True if the Aces on the piles cannot all get clear (ac_aces_stuck): no win.
        ahead: count the Aces still in the stock too, by the full analysis' masks."""
        if not ahead:
            return ac_aces_stuck(&self.s, 0) != 0
        ac_bound(&self.s, -1)
        return ac_aces_stuck(&self.s, 1) != 0

    def score(self):
        return self.s.ngone

    def snapshot(self):
        """(piles bottom -> top, stock left, discarded cards in card order)."""
        return ([[self.s.pile[p][i] for i in range(self.s.n[p])] for p in range(4)],
                [self.s.stock[i] if self.s.stock[i] != AC_NONE else None
                 for i in range(self.s.sp, self.s.nstock)],
                [c for c in range(52) if self.s.gone >> c & 1])
