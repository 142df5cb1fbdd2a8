# Aces Up in the core: the packed state, move generation, make/unmake, the key and the
# upper bound that the branch and bound of _search.pxi prunes with.
#
# Cards are bytes as everywhere (suit * 13 + rank, rank 0 = Ace).  For discarding the
# Ace is high: AC_HIGH[c] is 1 for a Two .. 12 for a King, 13 for an Ace.
#
# Move code (uint32): type in bits 0-3, a in 4-7, b in 8-11.
#   AC_DEAL                 one card from the stock onto each pile
#   AC_DISCARD a=pile       the top card of pile a goes
#   AC_MOVE    a=from, b=to the top card of pile a onto the empty pile b
# Undo code: the bottoms of piles a and b before the move (8 bits each), then the card
# that left pile a (a deal's unmake may already have reused its place in the array).
#
# Where each card is, from far less than the piles (the key, proved here): a card
# leaves a pile only from the top, by a discard or a move onto an empty pile, where it
# becomes that pile's "bottom".  So pile p always holds its moved-in bottom card (if
# any) and then, in dealing order, the cards that started in p or were dealt to p and
# are neither discarded nor some pile's bottom: every card that started in or was dealt
# to p before the bottom arrived had left p, which was empty.  The deals made, the set
# of discarded cards and the four bottoms therefore fix the whole position.

cdef enum:
    AC_DEAL = 0
    AC_DISCARD = 1
    AC_MOVE = 2
    AC_PILE_MAX = 32
    AC_MAX_MOVES = 32       # 4 discards + 4 x 3 moves + 1 deal
    AC_NONE = 255
    AC_WIN = 48


cdef struct AState:
    uint8_t pile[4][AC_PILE_MAX]   # bottom -> top
    uint8_t n[4]
    uint8_t bottom[4]              # the card moved into the pile when it was empty
    uint8_t stock[52]              # the cards still to deal, in dealing order
    uint8_t nstock
    uint8_t sp                     # stock[sp..] are still to deal (sp grows by 4)
    uint8_t ngone                  # cards discarded
    uint64_t gone                  # bit c: card c is discarded
    # rules
    uint8_t strict                 # only an Ace may move to an empty pile
    uint8_t discard_first          # deal only when no discard is possible


cdef uint8_t AC_HIGH[52]
for _c in range(52):
    AC_HIGH[_c] = 13 if _c % 13 == 0 else _c % 13


cdef inline uint32_t ac_code(int t, int a, int b) noexcept nogil:
    return t | (a << 4) | (b << 8)


cdef inline int ac_top(AState* s, int p) noexcept nogil:
    return s.pile[p][s.n[p] - 1] if s.n[p] else -1


cdef inline int ac_can_go(AState* s, int p) noexcept nogil:
    # 1 if the top card of pile p may be discarded
    cdef int c = ac_top(s, p), q, t
    if c < 0:
        return 0
    for q in range(4):
        if q != p:
            t = ac_top(s, q)
            if t >= 0 and SUIT_OF[t] == SUIT_OF[c] and AC_HIGH[t] > AC_HIGH[c]:
                return 1
    return 0


cdef inline int ac_lowest_left(AState* s, int c) noexcept nogil:
    # 1 if no lower card of c's suit is left anywhere (piles or stock)
    cdef uint64_t left = (~s.gone >> (SUIT_OF[c] * 13)) & 0x1FFE   # Twos .. Kings
    return (left & ((1ULL << RANK_OF[c]) - 1)) == 0


cdef int ac_lower_in_pile(AState* s, int c, int p) noexcept nogil:
    # 1 if every lower card of c's suit still left is in pile p or will be dealt to it
    cdef uint64_t left = (~s.gone >> (SUIT_OF[c] * 13)) & 0x1FFE & ((1ULL << RANK_OF[c]) - 1)
    cdef int i, z
    if left == 0:
        return 1
    for i in range(s.n[p]):
        z = s.pile[p][i]
        if SUIT_OF[z] == SUIT_OF[c]:
            left &= ~(1ULL << RANK_OF[z])
    for i in range(s.sp + p, s.nstock, 4):
        z = s.stock[i]
        if SUIT_OF[z] == SUIT_OF[c]:
            left &= ~(1ULL << RANK_OF[z])
    return left == 0


cdef int ac_gen(AState* s, uint32_t* out, int full) noexcept nogil:
    # The moves from s: every legal move (full), or the search's list: a safe discard
    # alone when there is one, else discards, moves to empty piles, then the deal.
    #
    # Safe discards (each dominates every other move, so it is played alone):
    # 1. The lowest card left of its suit.  Compare any line L from s with the line L'
    #    that plays the same moves without those of this card c, starting with c gone.
    #    Throughout, each pile of L' is its pile in L minus c: c can never be the higher
    #    card of a discard (no card of its suit below it is left), every other top card
    #    of L is a top card in L' (removing c uncovers, it never covers), and every
    #    empty pile of L is empty in L'.  So every move of L is legal in L', and L'
    #    discards all that L does.  With discard-first, a deal needs no discard to be
    #    possible; c can be discarded from s until it is (its higher card stays a top
    #    card: it leaves only for a higher one or moves, still on top), so L discards c
    #    before its next deal and from there L and L' are in the same position.
    # 2. After the last deal any discard is safe: nothing can be covered any more, so
    #    the higher card h that lets c go stays a top card until it is discarded itself,
    #    which needs a still higher top card of the suit, and so on: from then on a top
    #    card of the suit above c always exists.  In L' (c gone at once) every discard
    #    that L makes with c as the higher card is made with that card instead; the
    #    pile argument of 1 holds as it stands.
    # 3. With the strict rule, a card whose lower cards of its suit still left all lie
    #    under it or will be dealt onto its pile.  The argument of 1 holds for every
    #    line L in which c is never the higher card of a discard, and here it never can
    #    be: c and the lower card would have to be on top of two piles at once, but no
    #    card other than an Ace ever moves under the strict rule, so the two stay in one
    #    pile, one above the other.
    # Pruned moves (after the last deal the piles are interchangeable, as in the key):
    # moving a pile's only card onto an empty pile only swaps two piles, and of several
    # empty piles only the first is tried.
    cdef int n = 0, p, q, c, last = s.sp >= s.nstock, can = 0
    cdef int nd = 0, nm = 0
    cdef uint32_t disc[4]
    cdef uint32_t mov[16]
    for p in range(4):
        if ac_can_go(s, p):
            c = ac_top(s, p)
            if not full and (last or ac_lowest_left(s, c) or
                             (s.strict and ac_lower_in_pile(s, c, p))):
                out[0] = ac_code(AC_DISCARD, p, 0)
                return 1
            disc[nd] = ac_code(AC_DISCARD, p, 0)
            nd += 1
    for p in range(4):
        c = ac_top(s, p)
        if c < 0 or (s.strict and RANK_OF[c] != 0):
            continue
        if not full and last and s.n[p] == 1:
            continue
        for q in range(4):
            if s.n[q] == 0:
                mov[nm] = ac_code(AC_MOVE, p, q)
                nm += 1
                if not full and last:
                    break
    for p in range(nd):
        out[n] = disc[p]
        n += 1
    for p in range(nm):
        out[n] = mov[p]
        n += 1
    if not last and not (s.discard_first and nd):
        out[n] = ac_code(AC_DEAL, 0, 0)
        n += 1
    return n


cdef uint32_t ac_make(AState* s, uint32_t m) noexcept nogil:
    cdef int t = m & 15, a = (m >> 4) & 15, b = (m >> 8) & 15, c, p
    cdef uint32_t undo = s.bottom[a] | (<uint32_t> s.bottom[b] << 8)
    if t == AC_DEAL:
        for p in range(4):
            s.pile[p][s.n[p]] = s.stock[s.sp + p]
            s.n[p] += 1
        s.sp += 4
        return 0
    s.n[a] -= 1
    c = s.pile[a][s.n[a]]
    if s.n[a] == 0:
        s.bottom[a] = AC_NONE
    if t == AC_DISCARD:
        s.gone |= 1ULL << c
        s.ngone += 1
    else:
        s.pile[b][0] = c
        s.n[b] = 1
        s.bottom[b] = c
    return undo | (<uint32_t> c << 16)


cdef void ac_unmake(AState* s, uint32_t m, uint32_t undo) noexcept nogil:
    cdef int t = m & 15, a = (m >> 4) & 15, b = (m >> 8) & 15, c, p
    if t == AC_DEAL:
        s.sp -= 4
        for p in range(4):
            s.n[p] -= 1
        return
    c = (undo >> 16) & 255
    if t == AC_DISCARD:
        s.gone &= ~(1ULL << c)
        s.ngone -= 1
    else:
        s.n[b] = 0
    s.pile[a][s.n[a]] = c
    s.n[a] += 1
    s.bottom[a] = undo & 255
    s.bottom[b] = (undo >> 8) & 255


cdef void ac_key(AState* s, uint64_t* key) noexcept nogil:
    # word 0: the discarded cards (52 bits) and the deals made (bits 52-57);
    # word 1: the sentinel (bit 63) and the bottoms, 6 bits each (63: none).  After the
    # last deal the piles are interchangeable (no deal can tell them apart any more), so
    # each is described by its bottom (6 bits) and by which pile's own cards it holds
    # (3 bits, 7: none), and the four descriptions are sorted.  A pile of one card is
    # described by that card alone, whether it was moved there or not: the pile's own
    # cards still left are then none but it.  So positions that differ only by the order
    # of their piles share a key, and the key still fixes the position: a pile (b, p)
    # holds b and then p's own cards that are neither discarded nor named elsewhere.
    cdef uint64_t d[4]
    cdef uint64_t t, w = 0
    cdef int p, i, j, b
    key[0] = s.gone | (<uint64_t> (s.sp >> 2) << 52)
    for p in range(4):
        b = s.bottom[p] if s.bottom[p] != AC_NONE else 63
        if s.sp < s.nstock:
            w |= (<uint64_t> b) << (6 * p)
        else:
            if s.n[p] == 1:
                d[p] = s.pile[p][0] | (7 << 6)
            else:
                d[p] = b | ((p if s.n[p] else 7) << 6)
    if s.sp >= s.nstock:
        for i in range(1, 4):
            t = d[i]
            j = i - 1
            while j >= 0 and d[j] > t:
                d[j + 1] = d[j]
                j -= 1
            d[j + 1] = t
        w = d[0] | (d[1] << 9) | (d[2] << 18) | (d[3] << 27)
    key[1] = w | (1ULL << KEY_SENTINEL_SHIFT)


cdef int ac_key_words(AState* s) noexcept nogil:
    return 2


cdef int ac_value(AState* s) noexcept nogil:
    return s.ngone


cdef int ac_won(AState* s) noexcept nogil:
    return s.sp >= s.nstock and s.ngone == AC_WIN


cdef int ac_never_go(AState* s, int ace_fixed, int need, uint8_t* nevergo) noexcept nogil:
    # The fixed-point analysis of ac_bound for lines in which no card but an Ace moves
    # (and, with ace_fixed, no card at all): marks in nevergo the cards left that can
    # never be discarded, and returns 48 less their number, stopping early once that is
    # below need (need < 0: never).
    cdef int p, i, k, c, h, changed, dead = 0, nd, su, hr, t0, t1, kh, nxt
    cdef uint8_t where[52]        # pile of each card left (AC_NONE: gone)
    cdef uint8_t arr[52]          # a(c)
    cdef uint8_t K[52]            # K(c)
    cdef uint8_t fixed[52]
    nd = (s.nstock - s.sp) >> 2
    memset(where, AC_NONE, 52)
    memset(fixed, 0, 52)
    memset(nevergo, 0, 52)
    for p in range(4):
        for i in range(s.n[p]):
            c = s.pile[p][i]
            where[c] = p
            arr[c] = 0
    for k in range(nd):
        for p in range(4):
            c = s.stock[s.sp + 4 * k + p]
            where[c] = p
            arr[c] = k + 1
    for c in range(52):
        if where[c] != AC_NONE and RANK_OF[c] == 0:
            nevergo[c] = 1
            fixed[c] = ace_fixed
    changed = 1
    while changed:
        changed = 0
        # K for every card left, pile by pile, from the top of the last deal down
        for p in range(4):
            nxt = 99
            for k in range(nd - 1, -1, -1):
                c = s.stock[s.sp + 4 * k + p]
                K[c] = nxt
                if fixed[c]:
                    nxt = k + 1
            for i in range(s.n[p] - 1, -1, -1):
                c = s.pile[p][i]
                K[c] = nxt
                if fixed[c]:
                    nxt = 0
        for c in range(52):
            if where[c] == AC_NONE or nevergo[c]:
                continue
            su = SUIT_OF[c] * 13
            k = 0
            for hr in range(13):
                h = su + hr
                if where[h] == AC_NONE or AC_HIGH[h] <= AC_HIGH[c]:
                    continue
                if where[h] == where[c] and (RANK_OF[h] != 0 or ace_fixed):
                    continue
                kh = K[h]
                if RANK_OF[h] == 0 and not ace_fixed and kh:
                    kh = 99           # an Ace that can come on top may move anywhere
                t0 = arr[c] if arr[c] > arr[h] else arr[h]
                t1 = K[c] if K[c] < kh else kh
                if t0 < t1:
                    k = 1
                    break
            if not k:
                nevergo[c] = 1
                fixed[c] = 1
                dead += 1
                changed = 1
                if need >= 0 and AC_WIN - dead < need:
                    return AC_WIN - dead
    return AC_WIN - dead


cdef int ac_bound(AState* s, int need) noexcept nogil:
    # An upper bound of the cards discarded in any position reachable from s: 48 less
    # the cards left that can be proved never to go.
    #
    # When nothing can move any more: every pile holds an Ace (an Ace never goes, so a
    # pile with one is empty again only after the Ace moves onto an empty pile; none is
    # empty now, so none ever is), or, with the strict rule, for every card but the
    # Aces.  Then a card that never goes is "fixed": nothing under it is ever on top
    # again.  Time is counted in deals: at epoch t (after t more deals), a card c that
    # reaches its pile at epoch a(c) (0 if it is on a pile now) can only be on top while
    # no fixed card covers it: before epoch K(c), the first epoch with a fixed card above
    # it (0 if one is above it now).  Card c can only go if a higher card h of its suit
    # is on top of another pile at the same time: some epoch t with a(c), a(h) <= t <
    # K(c), K(h), and h on another pile (cards that never move stay in their piles; with
    # the strict rule an Ace may move, so an Ace counts from any pile).  A card with no
    # such h is fixed too; its consequences are followed to a fixed point (ac_never_go).
    #
    # A pile without an Ace also stays filled if the analysis finds a card in it now that
    # never goes, on the assumption that nothing moves.  If every pile holds an Ace or
    # such a card, nothing ever moves: take any line and its first move; until then no
    # card moved, so the line so far is one the analysis covers, the cards it found are
    # all still there, no pile is empty, and that first move cannot be made.  Without
    # either condition (cards may still move) the bound is 48, or with the strict rule
    # the analysis in which only Aces move.
    cdef int p, i, k, c, held, r
    cdef int has_ace[4]
    cdef uint8_t nevergo[52]
    held = 1
    for p in range(4):
        has_ace[p] = 0
        for i in range(s.n[p]):
            if RANK_OF[s.pile[p][i]] == 0:
                has_ace[p] = 1
                break
        if not has_ace[p]:
            held = 0
            if s.n[p] == 0:
                held = -1               # an empty pile: cards may move now
    if held == 1:
        return ac_never_go(s, 1, need, nevergo)
    if held == 0:
        r = ac_never_go(s, 1, -1, nevergo)
        for p in range(4):
            if has_ace[p]:
                continue
            k = 0
            for i in range(s.n[p]):
                if nevergo[s.pile[p][i]]:
                    k = 1
                    break
            if not k:
                break
        else:
            return r
    if not s.strict:
        return AC_WIN
    return ac_never_go(s, 0, need, nevergo)


cdef int ac_load(AState* s, piles, stock, gone, bint strict, bint discard_first) except -1:
    """Fill s from Python values; raise ValueError on anything the core cannot hold."""
    cdef int p, i, c
    memset(s, 0, sizeof(AState))
    if len(piles) != 4 or len(stock) % 4 or len(stock) > 48:
        raise ValueError("4 piles and a stock of a multiple of 4 cards expected")
    for p in range(4):
        if len(piles[p]) > AC_PILE_MAX - 16:
            raise ValueError("pile %d is too high" % (p + 1))
        s.n[p] = len(piles[p])
        for i in range(s.n[p]):
            s.pile[p][i] = piles[p][i]
        s.bottom[p] = AC_NONE
    s.nstock = len(stock)
    for i in range(s.nstock):
        s.stock[i] = stock[i]
    s.sp = 0
    for c in gone:
        if RANK_OF[c] == 0:
            raise ValueError("an Ace is never discarded")
        s.gone |= 1ULL << c
        s.ngone += 1
    s.strict = 1 if strict else 0
    s.discard_first = 1 if discard_first else 0
    return 0
