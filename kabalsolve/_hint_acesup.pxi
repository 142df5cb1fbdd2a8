# An Aces Up position kept in the core with a table of keys proved unable to reach 48
# (a win) that outlives one search: the hint asks about every legal move of one
# position, and the positions behind different moves overlap, so each verdict search
# starts from what the earlier ones proved (the Klondike counterpart is _hint.pxi).
#
# Why the keys of a verdict search that ended "lost" may be kept:
#   Invariant: no key in `lost` can reach a position with 48 cards discarded.
#   A verdict search (target 48, pruning every position whose bound is below 48) seen
#   to the end without reaching 48 visited a set V of keys.  Each V key was either cut
#   by the bound (it cannot reach 48), or cut as dominated by a key D in V or in `lost`
#   (ac_dominated: D plays every winning line of it less the moves of the cards D has
#   discarded already, which such a line must discard, so D is nearer to 48), or
#   expanded: each of the children the move generator gives is in V or was in `lost`
#   before.  The generator's shortcuts never lengthen a line to a win (a safe discard
#   drops moves from the line, the moves it skips after the last deal lead to the same
#   key), so if a V key reached 48, the V key nearest to 48 along such lines would have
#   a child, or a dominating key, nearer still, in V (a contradiction) or in the old
#   `lost` (against the invariant).  So V joins `lost`.
#   A search that ends in a win or by a budget proves nothing of its keys (a position
#   can be finished early because a child was on the search path, an ancestor that then
#   won): each search runs in a copy of `lost`, kept only when the search ends "lost".
# All searches start from the one position loaded, so their keys share one frame (the
# deals are counted from it): keys reached through different moves are comparable.
# Only the verdict is shared: a best-score search prunes with a threshold that moves
# as it goes, so what it saw says nothing about another search's threshold.


cdef class AcesUpSolver:
    """An Aces Up position and a table of keys proved unable to win, kept between the
    verdict searches of ``decide`` (see the argument at the top of _hint_acesup.pxi)."""
    cdef AState root
    cdef Table lost
    cdef bint has_table

    def __cinit__(self):
        self.has_table = 0

    def __init__(self, piles, stock, gone=(), bint strict=False, bint discard_first=False,
                 unsigned long long max_table_mb=8192):
        ac_load(&self.root, piles, stock, gone, strict, discard_first)
        if table_init(&self.lost, 1 << 12, budget_bytes(max_table_mb), 2) != 0:
            raise MemoryError("no memory for the search table")
        self.has_table = 1

    def __dealloc__(self):
        if self.has_table:
            table_free(&self.lost)

    def decide(self, uint32_t code, unsigned long long max_states=0, double timeout=0.0):
        """The verdict for the position after move ``code`` from the loaded one:
        (status, stop_reason, move codes of a win from there, states, best score seen)."""
        cdef AState s = self.root
        cdef SearchResult res
        cdef Table tab
        cdef ACReduce x
        cdef uint64_t key[KEY_WORDS]
        cdef double deadline = 0.0
        cdef uint32_t buf[AC_MAX_MOVES]
        cdef int n = ac_gen(&s, buf, 1), i, legal = 0
        for i in range(n):
            legal |= buf[i] == code
        if not legal:
            raise ValueError("move code %d is not legal here" % code)
        ac_make(&s, code)
        s.fresh = 1                 # the start of this search: analysed
        ac_key(&s, key)
        if table_probe(&self.lost, key)[1] != 0:
            return ("lost", None, [], 0, s.ngone)
        if table_copy(&tab, &self.lost) != 0:
            raise MemoryError("no memory for the search table")
        if timeout > 0:
            deadline = now_seconds() + timeout
        res.target = AC_WIN
        res.floor = AC_WIN
        with nogil:
            # with the reduced games of ac_reduced_lost (a cut by them is a bound below
            # 48, as above), their tables for this search only
            ac_reduce_attach(&s, &x, self.lost.max_bytes, &res.states, max_states)
            dfs_in(&ACESUP_OPS, &s, &tab, max_states, deadline, &res)
            s.red = NULL
            ac_reduce_free(&x)
        if res.status == S_LOST:
            table_free(&self.lost)
            self.lost = tab
        else:
            table_free(&tab)
        path = take_path(&res)
        return (STATUS_NAMES[res.status], STOP_NAMES[res.stop_reason], path, res.states,
                res.best)

    def proved_lost(self):
        """How many keys the table holds."""
        return self.lost.count
