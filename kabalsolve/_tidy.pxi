# The shortening of a winning Klondike line before it is decoded: round trips, a card
# moved away and later back to where it was, taken out where the line wins without them.
#
# The search leaves such trips on the lines it finds: a depth-first search plays a
# move, goes on from there, and keeps whatever the path holds when it reaches a win, so
# a card brought down from its foundation and put straight back up, or a run moved to
# another column and back, stays on the line though nothing needed it.  kl_tidy takes
# each out where the line without it is still legal and still wins, as the core's own
# rules play it; the bridge then replays the shortened line on the reference rules as
# it does every line (and keeps the line as found if that ever failed).
#
# Which trips: a move of card c from place p (a column or its foundation; a card that
# leaves the waste never goes back there), then the moves of c after it, up to one that
# brings c back to p: the next move that carries c (c as the lowest card of the run, or
# inside it), or a run of next moves of c as the lowest card.  Nothing else can go in a
# winning line: left out, a move of c that does not come back to p leaves c elsewhere
# than every later move of c says, and a winning line moves every card up at last.
#
# A SWAPF (_klondike.pxi) is two moves, the run onto the twin and the card up, and its
# first half may be a trip of its own: the line is first written with each SWAPF as
# those two moves (T2T of part of a run, then T2F), which the decoding plays the same.

cdef enum:
    KT_FOUNDATION = 7     # a place: columns 0..6, the foundations, the waste
    KT_WASTE = 8


cdef struct KTStep:
    uint64_t carried      # the cards the move carries (bit c: card c)
    uint8_t card          # the lowest of them
    uint8_t src           # its place before the move
    uint8_t dst           # and after
    int32_t next          # the next move of the line that carries card (n: none)


cdef int kt_legal(KState* s, uint32_t m) noexcept nogil:
    # 1 if m is a legal move of s, for the moves a tidy line holds (any other: 0)
    cdef int t = m & 15, a = (m >> 4) & 31, b = (m >> 9) & 31, n = (m >> 14) & 31
    cdef int idx[48]
    cdef int rec[48]
    cdef int nt, i, card
    if t == KL_T2F:
        return a < 7 and s.nup[a] > 0 and playable(s, s.up[a][s.nup[a] - 1])
    if t == KL_T2T:
        return (a < 7 and b < 7 and a != b and 1 <= n <= s.nup[a]
                and col_accepts(s, b, s.up[a][s.nup[a] - n]))
    if t == KL_F2T:
        return (s.f2t and a < 4 and b < 7 and s.found[a] > 0
                and col_accepts(s, b, a * 13 + s.found[a] - 1))
    if t == KL_W2F or t == KL_W2T:
        nt = kl_reachable(s, idx, rec)
        for i in range(nt):
            if idx[i] != a or m != kl_code(t, a, b if t == KL_W2T else 0, rec[i]):
                continue
            card = s.tal[a]
            if t == KL_W2F:
                return playable(s, card)
            return b < 7 and col_accepts(s, b, card)
        return 0
    return 0


cdef void kt_step(KState* s, uint32_t m, KTStep* out) noexcept nogil:
    # what move m (legal in s) carries, from where to where
    cdef int t = m & 15, a = (m >> 4) & 31, b = (m >> 9) & 31, n = (m >> 14) & 31, i
    out.carried = 0
    if t == KL_T2F:
        out.card = s.up[a][s.nup[a] - 1]
        out.src = a
        out.dst = KT_FOUNDATION
    elif t == KL_T2T:
        out.card = s.up[a][s.nup[a] - n]
        for i in range(s.nup[a] - n, s.nup[a]):
            out.carried |= 1ULL << s.up[a][i]
        out.src = a
        out.dst = b
    elif t == KL_F2T:
        out.card = a * 13 + s.found[a] - 1
        out.src = KT_FOUNDATION
        out.dst = b
    else:
        out.card = s.tal[a]
        out.src = KT_WASTE
        out.dst = KT_FOUNDATION if t == KL_W2F else b
    out.carried |= 1ULL << out.card


cdef int kt_same(KState* x, KState* y) noexcept nogil:
    # 1 if x and y are the same position (face-down cards are those dealt, so their
    # counts say which are left; talon cards only leave, so its mask and pointer say
    # which are where)
    cdef int c, i
    for c in range(4):
        if x.found[c] != y.found[c]:
            return 0
    for c in range(7):
        if x.ndown[c] != y.ndown[c] or x.nup[c] != y.nup[c]:
            return 0
        for i in range(x.nup[c]):
            if x.up[c][i] != y.up[c][i]:
                return 0
    return (x.talmask == y.talmask and x.wp == y.wp and x.gl == y.gl
            and x.recycles == y.recycles)


cdef int kt_try(KState* before, uint32_t* line, int n, int first, int* drop, int ndrop,
                KState* states) noexcept nogil:
    # 1 if the line without the moves drop[0..ndrop-1] (ascending, drop[0] = first)
    # is legal from before (the position before move first) and wins: it is, as soon
    # as its position after the last one dropped is that of the line itself there
    # (states[k]: the line's position before move k, states[n] the end)
    cdef KState s = before[0]
    cdef int k, d = 0
    for k in range(first, n):
        if d < ndrop and drop[d] == k:
            d += 1
        else:
            if not kt_legal(&s, line[k]):
                return 0
            kl_make(&s, line[k])
        if d == ndrop and kt_same(&s, &states[k + 1]):
            return 1
    return kl_won(&s)


cdef int kt_pass(KState* start, uint32_t* line, int n, KState* states,
                 KTStep* steps) noexcept nogil:
    # One pass over the line: the first trip that can go is taken out of it; returns the
    # new length (n if none can go, -1 if the line does not replay in the core)
    cdef int i, k, j, nd, c, w
    cdef int drop[64]
    cdef int upcoming[52]
    cdef uint64_t bits
    states[0] = start[0]
    for k in range(n):
        states[k + 1] = states[k]
        if not kt_legal(&states[k + 1], line[k]):
            return -1
        kt_step(&states[k + 1], line[k], &steps[k])
        kl_make(&states[k + 1], line[k])
    # each move's next move that carries its card, from the end: the walk below then
    # visits only the moves that carry the card, in order (a scan of every later move
    # for each move cost more than the rest of the pass on most lines)
    for c in range(52):
        upcoming[c] = n
    for k in range(n - 1, -1, -1):
        steps[k].next = upcoming[steps[k].card]
        bits = steps[k].carried
        while bits:
            upcoming[__builtin_ctzll(bits)] = k
            bits &= bits - 1
    for i in range(n):
        if steps[i].src == KT_WASTE:
            continue
        c = steps[i].card
        nd = 1
        drop[0] = i
        k = steps[i].next
        while k < n:
            # k carries c: the next move that does, then each next move of c as the
            # lowest card up to the first that carries it inside another run
            if nd >= 64:
                break
            drop[nd] = k
            nd += 1
            if steps[k].dst == steps[i].src and kt_try(&states[i], line, n, i, drop, nd,
                                                          states):
                w = 0
                j = 0
                for k in range(n):
                    if j < nd and drop[j] == k:
                        j += 1
                    else:
                        line[w] = line[k]
                        w += 1
                return w
            if steps[k].card != c:
                break
            k = steps[k].next           # (card c: the next move that carries c)
    return n


cdef int kl_tidy(KState* start, uint32_t* line, int n) noexcept nogil:
    # Takes the trips out of a winning line, one at a time, until none can go (each
    # leaves at least two moves out, so this ends).  line holds n codes and has room
    # for 2n: each SWAPF becomes two moves first.  Returns the new length, or -1 (line
    # unchanged) if the line does not replay in the core or does not win.
    cdef KState s = start[0]
    cdef KState* states
    cdef KTStep* steps
    cdef int k, w, m, a, b, t
    for k in range(n):
        if (line[k] & 15) == KL_SWAPF:
            break
    else:
        k = n
    if k < n:
        # write the SWAPFs out, from the end, in place
        m = n
        for k in range(n):
            if (line[k] & 15) == KL_SWAPF:
                m += 1
        w = m
        for k in range(n - 1, -1, -1):
            t = line[k] & 15
            if t == KL_SWAPF:
                a = (line[k] >> 4) & 31
                b = (line[k] >> 9) & 31
                w -= 2
                line[w] = kl_code(KL_T2T, a, b, (line[k] >> 14) & 31)
                line[w + 1] = kl_code(KL_T2F, a, 0, 0)
            else:
                w -= 1
                line[w] = line[k]
        n = m
    states = <KState*> malloc((n + 1) * sizeof(KState))
    steps = <KTStep*> malloc((n + 1) * sizeof(KTStep))
    if states == NULL or steps == NULL:
        free(states)
        free(steps)
        return -1
    while True:
        m = kt_pass(&s, line, n, states, steps)
        if m < 0 or m == n:
            break
        n = m
    if m >= 0 and not kl_won(&states[n]):
        m = -1
    free(states)
    free(steps)
    return -1 if m < 0 else n
