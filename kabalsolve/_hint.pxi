# A Klondike position kept in the core with a table of proved-lost keys that outlives one
# search: the hint search asks "can the game still be won after this move?" for every
# legal move of one position, and the positions behind different moves overlap (often
# almost completely when they are lost), so each search starts from what the earlier
# ones proved.
#
# Why only keys from searches that ended "lost" are kept (a key that a search which
# ended in a win had seen is no proof of anything):
#   Invariant: no key in `lost` is the key of a position from which a win is reachable.
#   A search seen to the end with "lost" visited a set V of keys.  Every child of a V
#   key is in V or was skipped because it was in `lost` before the search; no V key is
#   won (the search would have stopped there).  So every line of play from a V key stays
#   inside V and the old `lost`, never meets a won position (the old keys cannot reach
#   one, by the invariant), and V can be added to `lost`: the invariant holds.
#   A search that ends in a win (or runs out of a budget) proves no such thing for the
#   keys it visited: a position P it finished with could have been finished only
#   because a child of P was "seen" while it was still on the search path, i.e. an
#   ancestor of P that later turned out to win (moves in Klondike can be undone, so
#   such cycles are common): P may well be winnable.  Those keys are thrown away: each
#   search runs in a copy of `lost`, which replaces `lost` only when the search ends
#   "lost".
# Every search starts from the root position loaded once, so all keys share one frame
# (the dealt index of each talon card, the column bottoms and radices of kl_key): the
# keys of positions reached through different moves are comparable.

cdef enum:
    STEP_DRAW = 14          # atomic steps that are not core move codes: turn the stock,
    STEP_RECYCLE = 15       # turn the waste over


cdef int table_copy(Table* dst, Table* src) noexcept nogil:
    cdef uint64_t n = (src.mask + 1) * src.kw
    dst.slots = slots_alloc(n * sizeof(uint64_t))
    if dst.slots == NULL:
        return -1
    memcpy(dst.slots, src.slots, n * sizeof(uint64_t))
    dst.mask = src.mask
    dst.count = src.count
    dst.max_bytes = src.max_bytes
    dst.pool = NULL
    dst.kw = src.kw
    return 0


cdef class KlondikeSolver:
    """A Klondike position and a table of proved-lost positions kept between searches.

    decide(steps) answers for the position reached from the root by ``steps`` (atomic
    steps: STEP_DRAW, STEP_RECYCLE or a move code of one card or run, talon moves taking
    the top of the waste), searching at the real rules and skipping every position an
    earlier search of this object proved lost (see the argument at the top of
    _hint.pxi)."""
    cdef KState root
    cdef Table lost
    cdef bint has_table

    def __cinit__(self):
        self.has_table = 0

    def __init__(self, columns, found, talon, int wp=0, int recycles=0, int draw=3,
                 int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                 unsigned long long max_table_mb=8192, bint danish=False):
        cdef uint64_t max_bytes = budget_bytes(max_table_mb)
        if danish:
            raise ValueError("hints are for classic Klondike, not the danish variant")
        kl_load(&self.root, columns, found, talon, wp, recycles, draw, max_recycles,
                foundation_moves)
        if max_bytes < (1 << 22):
            max_bytes = 1 << 22
        if table_init(&self.lost, 1 << 14, max_bytes, kl_key_words(&self.root)) != 0:
            raise MemoryError("no memory for the search table")
        self.has_table = 1

    def __dealloc__(self):
        if self.has_table:
            table_free(&self.lost)

    @property
    def lost_count(self):
        """How many positions this object has proved lost so far."""
        return self.lost.count

    def decide(self, steps, unsigned long long max_states=0, double timeout=0.0,
               bint flip=False):
        """(status, stop_reason, move codes of a win from there, states searched) for
        the position after ``steps``; ``flip`` tries each bucket's moves in reverse."""
        cdef KState s = self.root
        cdef SearchResult res
        cdef Table tab
        cdef uint64_t key[KEY_WORDS]
        cdef uint32_t code
        cdef double deadline = 0.0
        for code in steps:
            if code == STEP_DRAW:
                if s.wp >= s.ntal:
                    raise ValueError("cannot draw: the stock is empty")
                s.wp = s.wp + s.draw if s.wp + s.draw < s.ntal else s.ntal
            elif code == STEP_RECYCLE:
                if s.wp < s.ntal or s.ntal == 0:
                    raise ValueError("cannot recycle now")
                s.wp = 0
                if s.max_recycles != KL_NOLIMIT:
                    if s.recycles >= s.max_recycles:
                        raise ValueError("no passes left")
                    s.recycles += 1
            else:
                kl_make(&s, code)
        s.flip = 1 if flip else 0
        key[1] = 0
        kl_key(&s, key)
        if table_probe(&self.lost, key)[self.lost.kw - 1] != 0:
            return ("lost", None, [], 0)
        if table_copy(&tab, &self.lost) != 0:
            raise MemoryError("no memory for the search table")
        if timeout > 0:
            deadline = now_seconds() + timeout
        with nogil:
            dfs_in(&KLONDIKE_OPS, &s, &tab, max_states, deadline, &res)
        if res.status == S_LOST:
            table_free(&self.lost)
            self.lost = tab
        else:
            table_free(&tab)
        path = take_path(&res)
        return (STATUS_NAMES[res.status], STOP_NAMES[res.stop_reason], path, res.states)
