# The search: depth-first with make/unmake on one mutable state and an exact table of
# visited keys.  It is game-agnostic: a game supplies its functions in a GameOps.
#
# Why a visited set is enough: the question is "is a won position reachable?", and a
# depth-first search that expands every key once visits every key reachable from the
# start (the move generator is a function of the key).  So the search ends either on a
# won position (the moves on the stack are the solution), or with every reachable key
# expanded, which proves the deal lost; a budget that stops it earlier answers unknown.
# A game may also cut a position that a position already in the table dominates (one
# that does at least as well, and cannot lead back onto the search path): that one's
# search is over, so this one has nothing to give (GameOps.dominated).

cdef enum:
    S_WON = 0
    S_LOST = 1
    S_UNKNOWN = 2
    STOP_NONE = 0
    STOP_STATES = 1
    STOP_TIME = 2
    STOP_MEMORY = 3
    STOP_INTERRUPT = 4


ctypedef int (*gen_fn)(void* st, uint32_t* out, int full) noexcept nogil
ctypedef uint32_t (*make_fn)(void* st, uint32_t m) noexcept nogil
ctypedef void (*unmake_fn)(void* st, uint32_t m, uint32_t undo) noexcept nogil
ctypedef void (*key_fn)(void* st, uint64_t* key) noexcept nogil
ctypedef int (*won_fn)(void* st) noexcept nogil
ctypedef int (*finish_fn)(void* st, uint32_t* out) noexcept nogil
ctypedef int (*key_words_fn)(void* st) noexcept nogil
ctypedef int (*value_fn)(void* st) noexcept nogil
ctypedef int (*bound_fn)(void* st, int need) noexcept nogil
ctypedef int (*dominated_fn)(void* st, Table* tab) noexcept nogil
ctypedef int (*child_key_fn)(void* st, const uint64_t* pkey, uint32_t m,
                             uint64_t* key) noexcept nogil


cdef struct GameOps:
    gen_fn gen
    make_fn make
    unmake_fn unmake
    key_fn key
    won_fn won
    finish_fn finish      # may be NULL: a shortcut to the end from an obviously won state
    key_words_fn key_words  # 1 or 2: the width of this state's keys (fixed for a search)
    int max_moves         # most moves gen can return
    # An objective to maximise instead of reaching a won position (NULL: won() alone).
    # value: the objective at this position; it must be a function of the key, so a
    # position seen before has nothing new to give.  bound: an upper bound of value
    # over every position reachable from here (NULL: none); given `need`, it may stop
    # as soon as it knows the bound is below need.
    value_fn value
    bound_fn bound
    # Dominance (NULL: none): 1 if the table holds a position that provably does at
    # least as well as this one from here on (a win if this one wins; with an
    # objective, a value at least as high), and that cannot be on the search path.
    # Such a position was searched to the end, so this one is a leaf.
    dominated_fn dominated
    # 0, or 1 + the type (move & 15) of the moves whose children are neither looked up
    # in the table nor put in it: a game may say so of a move that is the only way to
    # its children (each has one parent, by that move), so that the table could only
    # tell the search that a child was seen where its one parent has been expanded
    # twice, which the table itself prevents.  Such children cost no table slot and no
    # probe, and may come round again only as the same key reached by other moves, to
    # be searched once more (never wrongly: every key stands for one position).
    int untabled
    # May be NULL: the key of the child move m leads to, written from the key of the
    # state (pkey) without making the move; returns 0 where it cannot (then the move
    # is made to key the child).  The search makes only the moves whose child is new
    # (most others lead to positions seen before, and would be made and unmade for
    # their key).
    child_key_fn child_key


cdef struct Frame:
    uint64_t start        # where this frame's moves begin in the move arena
    int n                 # how many moves
    int i                 # next move to try
    uint32_t move         # the move that led here
    uint32_t undo
    int lazy              # 1: the children's keys are made when each is tried
    uint64_t key[KEY_WORDS]   # this position's key (kept for GameOps.child_key)


cdef struct SearchResult:
    int status
    int stop_reason
    uint64_t states       # keys inserted into the table
    uint64_t expanded     # moves made
    uint64_t table_bytes
    int depth
    uint32_t* path        # malloc'd, the winning moves (status S_WON); with an
    int path_len          #   objective, the moves to the best position found
    # With an objective (set by the caller before dfs): stop as won when value reaches
    # target; prune every position whose bound is below max(floor, best + 1).
    int target
    int floor
    int best              # the best value found (out)


cdef int signals_pending() noexcept with gil:
    # Let Python run its signal handlers (Ctrl-C in the main thread raises
    # KeyboardInterrupt there); nonzero if one raised.  Called every 65,536 states.
    return check_signals_raw() != 0


cdef inline double now_seconds() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


# Below this many table slots a node's children get their keys one at a time, as each
# is tried (made, keyed, looked up, and unmade only if known); above, all at once when
# the node is expanded, with their slots prefetched (child_keys).  A small table is in
# the cache, where the prefetch buys nothing, and a search that wins down its first
# moves then skips making, keying and unmaking the children it never tries: most
# searches of easy deals end inside this size.
cdef enum:
    LAZY_SLOTS = 1 << 15


cdef inline bint untabled(GameOps* g, uint32_t m) noexcept nogil:
    # 1 if move m's child stays out of the table (GameOps.untabled)
    return g.untabled != 0 and (m & 15) + 1 == <uint32_t> g.untabled


cdef inline void child_keys(GameOps* g, void* st, const uint64_t* pkey, Table* tab,
                            uint32_t* moves, int n, uint64_t* keys) noexcept nogil:
    # The key of every child, computed when the moves are generated, with its table slot
    # prefetched: the probes of a node's children (most of them positions seen before)
    # then overlap instead of each waiting for memory, and a known child is skipped
    # without being made and unmade.
    cdef int k
    cdef uint32_t undo
    cdef uint64_t* kp
    for k in range(n):
        if untabled(g, moves[k]):
            continue                    # no key needed
        kp = keys + k * KEY_WORDS
        if g.child_key == NULL or not g.child_key(st, pkey, moves[k], kp):
            undo = g.make(st, moves[k])
            g.key(st, kp)
            g.unmake(st, moves[k], undo)
        table_prefetch(tab, kp)


cdef int dfs_loop(GameOps* g, void* st, Table* tab, uint64_t max_states, double deadline,
                  SearchResult* res, Frame** frames_p, uint32_t** arena_p,
                  uint64_t** karena_p) noexcept nogil:
    # Runs the search; frames and the arenas may be reallocated (the caller frees them).
    # arena holds each frame's moves, karena their children's keys (KEY_WORDS each).
    cdef uint64_t key[KEY_WORDS]
    cdef Frame* frames = frames_p[0]
    cdef Frame* f
    cdef Frame* nf
    cdef uint32_t* arena = arena_p[0]
    cdef uint64_t* karena = karena_p[0]
    cdef uint32_t* na
    cdef uint64_t* nka
    cdef uint64_t arena_cap = 1 << 16, need
    cdef int frames_cap = 1024, d = 0, r, k, fin, tabled
    cdef uint32_t m, undo
    cdef uint32_t finish_moves[64]
    cdef int want
    cdef uint32_t* bp

    g.key(st, key)
    table_insert(tab, key)
    res.states = 1
    frames[0].key[0] = key[0]
    frames[0].key[1] = key[1]
    if g.value != NULL:
        res.best = g.value(st)
        if res.best >= res.target:
            res.status = S_WON
            return 0
    elif g.won(st):
        res.status = S_WON
        return 0
    frames[0].start = 0
    frames[0].n = 0
    want = res.best + 1 if res.best + 1 > res.floor else res.floor
    # the bound first, as at every other node: a game's generator may use what it left
    if g.bound == NULL or g.bound(st, want) >= want:
        frames[0].n = g.gen(st, arena, 0)
    frames[0].i = 0
    frames[0].lazy = tab.mask < LAZY_SLOTS
    if not frames[0].lazy:
        child_keys(g, st, frames[0].key, tab, arena, frames[0].n, karena)
    while True:
        f = &frames[d]
        if f.i >= f.n:
            if d == 0:
                res.status = S_LOST
                return 0
            g.unmake(st, f.move, f.undo)
            d -= 1
            continue
        m = arena[f.start + f.i]
        tabled = not untabled(g, m)
        if (f.lazy and tabled and g.child_key != NULL
                and g.child_key(st, f.key, m, key)):
            # a small table, and the child's key without the move: made if new
            f.i += 1
            res.expanded += 1
            r = table_insert(tab, key)
            if r <= 0 or (max_states and res.states >= max_states):
                if r == 0:
                    continue
                res.stop_reason = STOP_MEMORY if r < 0 else STOP_STATES
                return d
            undo = g.make(st, m)
        elif f.lazy:
            # a small table: make the child, then its key (see LAZY_SLOTS)
            f.i += 1
            res.expanded += 1
            undo = g.make(st, m)
            if not tabled:
                r = 1
            else:
                g.key(st, key)
                r = table_insert(tab, key)
            if r <= 0 or (max_states and res.states >= max_states):
                g.unmake(st, m, undo)
                if r == 0:
                    continue
                res.stop_reason = STOP_MEMORY if r < 0 else STOP_STATES
                return d
        else:
            if f.i + 1 < f.n and not untabled(g, arena[f.start + f.i + 1]):
                # the next sibling's slot, fetched while this child is searched:
                # child_keys fetched it when the moves were made, but a subtree in
                # between evicts it
                table_prefetch(tab, karena + (f.start + f.i + 1) * KEY_WORDS)
            if not tabled:
                r = 1                       # a child with one parent
            else:
                key[0] = karena[(f.start + f.i) * KEY_WORDS]
                key[1] = karena[(f.start + f.i) * KEY_WORDS + 1]
                r = table_insert(tab, key)
            f.i += 1
            res.expanded += 1
            if r == 0:
                continue
            if r < 0:
                res.stop_reason = STOP_MEMORY
                return d
            if max_states and res.states >= max_states:
                res.stop_reason = STOP_STATES
                return d
            undo = g.make(st, m)
        res.states += 1
        if d + 2 >= frames_cap:
            nf = <Frame*> realloc(frames, 2 * frames_cap * sizeof(Frame))
            if nf == NULL:
                g.unmake(st, m, undo)
                res.stop_reason = STOP_MEMORY
                return d
            frames_cap *= 2
            frames = nf
            frames_p[0] = nf
            f = &frames[d]
        need = f.start + f.n + g.max_moves
        if need > arena_cap:
            while need > arena_cap:
                arena_cap *= 2
            na = <uint32_t*> realloc(arena, arena_cap * sizeof(uint32_t))
            if na != NULL:
                arena = na
                arena_p[0] = na
            nka = <uint64_t*> realloc(karena, arena_cap * KEY_WORDS * sizeof(uint64_t))
            if nka != NULL:
                karena = nka
                karena_p[0] = nka
            if na == NULL or nka == NULL:
                g.unmake(st, m, undo)
                res.stop_reason = STOP_MEMORY
                return d
        d += 1
        nf = &frames[d]
        nf.move = m
        nf.undo = undo
        nf.start = f.start + f.n
        nf.i = 0
        nf.n = 0
        if g.child_key != NULL:
            # the new position's key, for its children's (a child left out of the
            # table has none yet)
            if tabled:
                nf.key[0] = key[0]
                nf.key[1] = key[1]
            else:
                g.key(st, nf.key)
        if g.value != NULL:
            # Branch and bound: a better position is recorded with its path; a position
            # whose bound cannot beat what is needed is a leaf.  Pruning is final even
            # though the table remembers the position: best only grows.
            r = g.value(st)
            if r > res.best:
                res.best = r
                bp = <uint32_t*> realloc(res.path, (d + 1) * sizeof(uint32_t))
                if bp == NULL:
                    res.stop_reason = STOP_MEMORY
                    return d
                res.path = bp
                for k in range(1, d + 1):
                    res.path[k - 1] = frames[k].move
                res.path_len = d
                if r >= res.target:
                    res.status = S_WON
                    return d
            if g.dominated != NULL and g.dominated(st, tab):
                continue
            if g.bound != NULL:
                want = res.best + 1 if res.best + 1 > res.floor else res.floor
                if g.bound(st, want) < want:
                    continue
        elif g.won(st):
            res.status = S_WON
            return d
        elif g.dominated != NULL and g.dominated(st, tab):
            continue
        if g.finish != NULL:
            fin = g.finish(st, finish_moves)
            if fin >= 0:
                for k in range(fin):
                    arena[nf.start + k] = finish_moves[k]
                nf.n = fin
                nf.i = fin
                res.status = S_WON
                return d
        nf.n = g.gen(st, arena + nf.start, 0)
        nf.lazy = tab.mask < LAZY_SLOTS
        if not nf.lazy:
            child_keys(g, st, nf.key, tab, arena + nf.start, nf.n,
                       karena + nf.start * KEY_WORDS)
        if deadline > 0 and (res.states & 1023) == 0 and now_seconds() > deadline:
            res.stop_reason = STOP_TIME
            return d
        if (res.states & 65535) == 0 and signals_pending():
            res.stop_reason = STOP_INTERRUPT
            return d


cdef inline void res_clear(SearchResult* res, int stop_reason) noexcept nogil:
    # res before a search (its target and floor are the caller's)
    res.status = S_UNKNOWN
    res.stop_reason = stop_reason
    res.states = 0
    res.expanded = 0
    res.path = NULL
    res.path_len = 0
    res.depth = 0
    res.table_bytes = 0
    res.best = -1


cdef struct SearchBufs:
    # dfs_loop's stack of frames and its move and key arenas, which it may reallocate
    Frame* frames
    uint32_t* arena
    uint64_t* karena


cdef int bufs_init(SearchBufs* b) noexcept nogil:
    b.frames = <Frame*> malloc(1024 * sizeof(Frame))
    b.arena = <uint32_t*> malloc((1 << 16) * sizeof(uint32_t))
    b.karena = <uint64_t*> malloc((1 << 16) * KEY_WORDS * sizeof(uint64_t))
    return 0 if b.frames != NULL and b.arena != NULL and b.karena != NULL else -1


cdef void bufs_free(SearchBufs* b) noexcept nogil:
    free(b.frames)
    free(b.arena)
    free(b.karena)
    b.frames = NULL
    b.arena = NULL
    b.karena = NULL


cdef void dfs_run(GameOps* g, void* st, Table* tab, uint64_t max_states, double deadline,
                  SearchBufs* b, SearchResult* res) noexcept nogil:
    # The search from st on the caller's table (which may hold keys already) and
    # buffers (bufs_init); fills res (its target and floor set by the caller).  Without
    # an objective, res.path is the winning line (malloc'd; the caller frees it); with
    # one, dfs_loop keeps the best line found there.  st is left at the position where
    # the search stopped, frames 1 .. res.depth holding the moves that lead to it.
    cdef int d, k
    res_clear(res, STOP_NONE)
    d = dfs_loop(g, st, tab, max_states, deadline, res, &b.frames, &b.arena, &b.karena)
    res.depth = d
    if g.value == NULL and res.status == S_WON:
        # the path: the move into each frame 1..d, then frame d's finishing moves
        res.path_len = d + (b.frames[d].i if d > 0 else 0)
        res.path = <uint32_t*> malloc((res.path_len + 1) * sizeof(uint32_t))
        if res.path == NULL:
            res.status = S_UNKNOWN
            res.stop_reason = STOP_MEMORY
        else:
            for k in range(1, d + 1):
                res.path[k - 1] = b.frames[k].move
            if d > 0:
                for k in range(b.frames[d].i):
                    res.path[d + k] = b.arena[b.frames[d].start + k]
    res.table_bytes = table_bytes(tab)


cdef void dfs_in(GameOps* g, void* st, Table* tab, uint64_t max_states, double deadline,
                 SearchResult* res) noexcept nogil:
    # dfs() with a table the caller owns (and may already have filled)
    cdef SearchBufs b
    if bufs_init(&b) != 0:
        res_clear(res, STOP_MEMORY)
        res.table_bytes = table_bytes(tab)
    else:
        dfs_run(g, st, tab, max_states, deadline, &b, res)
    bufs_free(&b)


cdef void dfs(GameOps* g, void* st, uint64_t max_states, double deadline,
              uint64_t max_table_bytes, SearchResult* res) noexcept nogil:
    """Search from st (which it changes); fills res.  res.path is malloc'd (caller frees)."""
    cdef Table tab
    if max_table_bytes < (1 << 22):
        max_table_bytes = 1 << 22
    if table_init(&tab, 1 << 10, max_table_bytes, g.key_words(st)) != 0:
        res_clear(res, STOP_MEMORY)
        return
    dfs_in(g, st, &tab, max_states, deadline, res)
    table_free(&tab)
