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
# that left pile a (a deal's unmake may already have reused its place in the array),
# then s.mustmove before the move (bit 24).
#
# A stock place may hold no card (AC_NONE): the deal then gives that pile nothing.  Only
# the reduced games of ac_reduced_lost have such holes; their removed cards count as
# discarded, so the key (below) still fixes the position.
#
# Where each card is, from far less than the piles (the key, proved here): a card
# leaves a pile only from the top, by a discard or a move onto an empty pile, where it
# becomes that pile's "bottom".  So pile p always holds its moved-in bottom card (if
# any) and then, in dealing order, the cards that started in p or were dealt to p and
# are neither discarded nor some pile's bottom: every card that started in or was dealt
# to p before the bottom arrived had left p, which was empty.  The deals made, the set
# of discarded cards and the four bottoms therefore fix the whole position.  A card
# moved back onto its own pile is no bottom (ac_make): read as one of p's own cards it
# stands where it is, so a layout has one key however it was reached.

cdef enum:
    AC_DEAL = 0
    AC_DISCARD = 1
    AC_MOVE = 2
    AC_PILE_MAX = 32
    AC_SEQ_MAX = AC_PILE_MAX + 16   # a pile's cards now and to come (ac_analyse's seq)
    AC_MAX_MOVES = 32       # 4 discards + 4 x 3 moves + 1 deal
    AC_NONE = 255
    AC_WIN = 48


cdef enum:
    AC_RLEVELS = 2          # reduced games within reduced games (ac_reduced_lost)
    AC_RBUDGET = 5000       # positions a reduced game may search before it gives up
    AC_RCUR0 = 1 << 6       # the first size of each level's table: most reduced searches
                            # end within a few positions, and the table is emptied
                            # (or made anew) for each one (ac_reduced_lost)


cdef struct ACReduce:
    # What the reduced games of one search share (ac_reduced_lost): reduced positions
    # proved lost, positions on a winning line of one, roots that ran out of budget, and
    # each level's table and buffers.  tally: the positions count of the search asked
    # for, which the reduced ones add to, and limit its budget (0: none), which covers
    # them: a reduced search gets at most what is left of it.  held: the budgets of the
    # reduced searches under way (one inside another's tree, at the next level), whose
    # positions reach the tally only when they end; a reduced search gets at most what
    # is left once they are set aside, so that all of them together stay within limit.
    Table lost
    Table won
    Table open
    Table cur[AC_RLEVELS]
    SearchBufs bufs[AC_RLEVELS]
    uint64_t* tally
    uint64_t limit
    uint64_t held
    int need                # the score the tables are about (ac_reduced_lost)
    uint64_t share          # the bytes of the search's budget the tables share
    uint64_t pool           # what they may still take of it (table_use_pool)


cdef struct AState:
    uint8_t pile[4][AC_PILE_MAX]   # bottom -> top
    uint8_t n[4]
    uint8_t bottom[4]              # the card moved into the pile when it was empty, unless
                                   # the pile is its home (AC_NONE then, see ac_make)
    uint8_t home[52]               # the pile each card started in or is dealt to
    uint8_t stock[52]              # the cards still to deal, in dealing order
    uint8_t nstock
    uint8_t sp                     # stock[sp..] are still to deal (sp grows by 4)
    uint64_t smask[14]             # smask[k]: the cards of stock[4k..] (bit c: card c)
    uint8_t ngone                  # cards discarded
    uint8_t lastsuit               # the suit of the card the last ac_make discarded (4: none)
    uint8_t fresh                  # 1 at the start and after a deal (ac_search_bound)
    uint8_t lastmove               # the type of the move ac_make made last (ac_search_bound)
    uint8_t mustmove               # 1: the search deals no more before a move is made
                                   # (set by ac_search_bound, kept by discards)
    uint8_t b0fail                 # left by ac_analyse (twophase), see ac_search_bound
    uint8_t nodeal                 # left by ac_search_bound for ac_gen: the deal's child
                                   # is known lost; 0 after any make or unmake
    uint64_t gone                  # bit c: card c is discarded
    # rules
    uint8_t strict                 # only an Ace may move to an empty pile
    uint8_t discard_first          # deal only when no discard is possible
    uint8_t dominance              # ac_dominated may cut (0 only to test it)
    uint8_t twophase               # ac_search_bound may set mustmove (0 only to test it)
    uint8_t lastfast               # ac_analyse_last after the last deal (0 only to test it)
    uint8_t tabledeals             # 1: the layouts just after a deal go in the table too
                                   # (only to test that they need not: ac_dfs)
    uint8_t seedtop                # ac_analyse starts T from the arrival epochs (0 only
                                   # to test that the fixed point is the same)
    # left by ac_bound for ac_gen (safe discard 4): the masks T of ac_analyse for this
    # position, valid (tvalid = 1) when the analysis holds for every line from it
    uint8_t tvalid
    uint32_t tmask[52]             # T of each card left
    uint8_t tmove[52]              # mv of each card left (13: it never moves)
    uint8_t tleave[52]             # lv of each card left (13: it never leaves its pile)
    # the reduced games of ac_reduced_lost: off where red is NULL
    uint8_t reduce                 # ac_decide may give the search a context (0 only to test)
    uint8_t rlevel                 # 0: the search asked for; k: a reduced game of level k
    ACReduce* red


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
        if z != AC_NONE and SUIT_OF[z] == SUIT_OF[c]:
            left &= ~(1ULL << RANK_OF[z])
    return left == 0


cdef int ac_never_partner(AState* s, int c, int p) noexcept nogil:
    # 1 if, by the masks that ac_bound left (s.tvalid), no lower card l of c's suit still
    # left can be on top of one pile while c is on top of another: T(l) and T(c) share no
    # epoch, or l is in c's pile (now or dealt to it later) and they share none from the
    # first epoch at which one of them may have moved.
    cdef uint64_t left = (~s.gone >> (SUIT_OF[c] * 13)) & 0x1FFE & ((1ULL << RANK_OF[c]) - 1)
    cdef int r, l, i, m
    cdef uint32_t co
    while left:
        r = __builtin_ctzll(left)
        left &= left - 1
        l = SUIT_OF[c] * 13 + r
        co = s.tmask[l] & s.tmask[c]
        if co == 0:
            continue
        for i in range(s.n[p]):
            if s.pile[p][i] == l:
                break
        else:
            for i in range(s.sp + p, s.nstock, 4):
                if s.stock[i] == l:
                    break
            else:
                return 0                # another pile, and an epoch in common
        m = s.tmove[c] if s.tmove[c] < s.tmove[l] else s.tmove[l]
        if co & ~((1U << m) - 1):
            return 0
    return 1


cdef int ac_gen(AState* s, uint32_t* out, int full) noexcept nogil:
    # The moves from s: every legal move (full), or the search's list: a safe discard
    # alone when there is one, else discards, moves to empty piles, the deal, then the
    # moves of a pile's only card to an empty pile.
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
    # 4. A card that, by the analysis of ac_bound (when it covers every line from s:
    #    s.tvalid), can never be on top of one pile while a lower card of its suit still
    #    left is on top of another (ac_never_partner): c is never the higher card of a
    #    discard, and the argument of 1 holds as it stands.
    # Pruned moves (after the last deal the piles are interchangeable, as in the key):
    # moving a pile's only card onto an empty pile only swaps two piles, and of several
    # empty piles only the first is tried.  And in must-move mode (s.mustmove, see
    # ac_search_bound) no deal, nor where the deal's child is known lost (s.nodeal, left
    # by ac_search_bound for this position).
    #
    # Order: a move of a pile's only card to an empty pile comes after the deal.  It
    # only changes which pile the card lies on, which matters to the deals still to
    # come and to nothing else, so a line that makes it before trying the deal
    # rearranges the piles for nothing wherever the deal would have done as well.
    # Tried last, such a move stands on the line found only where the search tried
    # every other move of its position, the deal included, without reaching its
    # target.  The search makes a few more positions this way: 1.2 % on the verdicts of
    # deals 1-300, 1.5 % on the best scores of deals 1-100 (docs/acesup.md).
    cdef int n = 0, p, q, c, last = s.sp >= s.nstock, can = 0
    cdef int nd = 0, nm = 0, nl = 0
    cdef uint32_t disc[4]
    cdef uint32_t mov[16]
    cdef uint32_t lone[16]
    for p in range(4):
        if ac_can_go(s, p):
            c = ac_top(s, p)
            if not full and (last or ac_lowest_left(s, c) or
                             (s.strict and ac_lower_in_pile(s, c, p)) or
                             (s.tvalid and ac_never_partner(s, c, p))):
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
                if s.n[p] == 1 and not full:
                    lone[nl] = ac_code(AC_MOVE, p, q)
                    nl += 1
                else:
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
    if not last and not (s.discard_first and nd) and (full or not (s.mustmove or s.nodeal)):
        out[n] = ac_code(AC_DEAL, 0, 0)
        n += 1
    for p in range(nl):
        out[n] = lone[p]
        n += 1
    return n


cdef uint32_t ac_make(AState* s, uint32_t m) noexcept nogil:
    cdef int t = m & 15, a = (m >> 4) & 15, b = (m >> 8) & 15, c, p
    cdef uint32_t undo = (s.bottom[a] | (<uint32_t> s.bottom[b] << 8) |
                          (<uint32_t> s.mustmove << 24))
    s.tvalid = 0
    s.nodeal = 0
    s.lastsuit = 4
    s.fresh = t == AC_DEAL
    s.lastmove = t
    if t != AC_DISCARD:
        s.mustmove = 0
    if t == AC_DEAL:
        for p in range(4):
            c = s.stock[s.sp + p]
            if c != AC_NONE:
                s.pile[p][s.n[p]] = c
                s.n[p] += 1
        s.sp += 4
        return undo & (<uint32_t> 1 << 24)
    s.n[a] -= 1
    c = s.pile[a][s.n[a]]
    if s.n[a] == 0:
        s.bottom[a] = AC_NONE
    if t == AC_DISCARD:
        s.gone |= 1ULL << c
        s.ngone += 1
        s.lastsuit = SUIT_OF[c]
    else:
        # A card moved back onto its home pile needs no bottom: the key reads that pile
        # as its own cards still there, and every one of them that came before c has
        # left it (the pile was empty when c arrived), so the pile reads c and then the
        # cards dealt since, as it is.  One layout, one key, however it was reached.
        s.pile[b][0] = c
        s.n[b] = 1
        s.bottom[b] = AC_NONE if s.home[c] == b else c
    return undo | (<uint32_t> c << 16)


cdef void ac_unmake(AState* s, uint32_t m, uint32_t undo) noexcept nogil:
    cdef int t = m & 15, a = (m >> 4) & 15, b = (m >> 8) & 15, c, p
    s.tvalid = 0
    s.nodeal = 0
    s.mustmove = undo >> 24
    if t == AC_DEAL:
        s.sp -= 4
        for p in range(4):
            if s.stock[s.sp + p] != AC_NONE:
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


cdef inline void ac_key_dealing(AState* s, uint64_t x, uint64_t* key) noexcept nogil:
    # ac_key before the last deal, of s with the pile cards of the set x (bit c: card
    # c) discarded too: only a bottom among them changes (to none).
    cdef uint64_t w = 0
    cdef int p, b
    key[0] = (s.gone | x) | (<uint64_t> (s.sp >> 2) << 52)
    for p in range(4):
        b = s.bottom[p]
        if b == AC_NONE or x >> b & 1:
            b = 63
        w |= (<uint64_t> b) << (6 * p)
    key[1] = w | (1ULL << KEY_SENTINEL_SHIFT)


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
    cdef uint64_t t
    cdef int p, i, j, b
    if s.sp < s.nstock:
        ac_key_dealing(s, 0, key)
        return
    key[0] = s.gone | (<uint64_t> (s.sp >> 2) << 52)
    for p in range(4):
        b = s.bottom[p] if s.bottom[p] != AC_NONE else 63
        if s.n[p] == 1:
            d[p] = s.pile[p][0] | (7 << 6)
        else:
            d[p] = b | ((p if s.n[p] else 7) << 6)
    for i in range(1, 4):
        t = d[i]
        j = i - 1
        while j >= 0 and d[j] > t:
            d[j + 1] = d[j]
            j -= 1
        d[j + 1] = t
    key[1] = (d[0] | (d[1] << 9) | (d[2] << 18) | (d[3] << 27)) | (1ULL << KEY_SENTINEL_SHIFT)


# One parent for each layout just after a deal, so the search keeps those layouts out of
# its table (GameOps.untabled, set for ACESUP_OPS in _core.pyx): nothing but the deal
# leads to them, and the deal only from that parent, which the table lets the search
# expand once.  Before the last deal the parent's key is the child's less one deal (a
# deal changes nothing else in a key: ac_known_lost_keys).  After the last deal the key
# sorts the piles, but each pile has the card that deal gave it on top, so each pile's
# description still names its pile (its own cards, or that lone card, dealt to it): the
# key tells the piles apart, and the parent is the layout less the four cards dealt.  (With holes in the stock, which only the
# reduced games have, two parents may share a child after the last deal; that child
# would only be searched twice.  The reduced games' own search tables its layouts
# anyway: AC_SUB_OPS.)  A key reached both as such a layout and by other moves, as when
# a card dealt onto its emptied pile is also moved back there, is then searched once
# each way: the same answer, never a wrong one, since a key fixes the position.
# Measured: the same positions, 9 % less CPU (docs/acesup.md).


cdef int ac_key_words(AState* s) noexcept nogil:
    return 2


cdef int ac_value(AState* s) noexcept nogil:
    return s.ngone


cdef int ac_won(AState* s) noexcept nogil:
    return s.sp >= s.nstock and s.ngone == AC_WIN


cdef inline int ac_lv(uint32_t g, int mv) noexcept nogil:
    # lv of a card (ac_analyse) from its G and mv: the first epoch at which it can have
    # left its pile, by a discard or by a move (13: never)
    cdef int lv = __builtin_ctz(g) if g else 13
    return mv if mv < lv else lv


cdef inline void ac_keep_partial(AState* s, uint8_t* seq, int* nseqs, uint32_t* G,
                                 uint8_t* mv) noexcept nogil:
    # Where ac_analyse stops early: mv and lv of its masks so far in s.tmove and
    # s.tleave (s.tvalid stays 0).  The masks only grow towards the fixed point, so
    # these are at least the final mv and lv: what ac_bound needs to rule a count out.
    # The cards left are those of ac_analyse's seq (pile p's from seq[p * AC_SEQ_MAX]
    # on), so only they are visited: the same entries as a pass over all 52 cards.
    cdef int p, i, c
    for p in range(4):
        for i in range(nseqs[p]):
            c = seq[p * AC_SEQ_MAX + i]
            s.tmove[c] = mv[c]
            s.tleave[c] = ac_lv(G[c], mv[c])


cdef int ac_analyse_last(AState* s, int movers, int need, int twophase) noexcept nogil:
    # ac_analyse after the last deal (no stock), where every mask has the one epoch 0,
    # so each is a bit of a card set (bit c: card c).  The rules are ac_analyse's with
    # nothing to come:
    #   top:   c can be on top: every card above it in its pile can leave;
    #   move:  c can move: on top, allowed to move (movers), and another pile can be
    #          empty (none in the first phase, see twophase there); a card moved onto
    #          an empty pile is on top of it, so it is in top already;
    #   go:    c (no Ace) can be discarded: on top, and a higher card of its suit is on
    #          top of another pile, or of its own if one of the two can move.  That
    #          one is the higher card: if c can move, so can every card on top of its
    #          pile (the same empty pile will do), and with the strict rule only Aces
    #          move;
    #   leave: go or move; a pile can be empty when all its cards can leave.
    # The least fixed point from empty sets is ac_analyse's (each of its masks is one of
    # these sets, and a least fixed point does not depend on the order of the rounds),
    # so the value, s.b0fail, s.tvalid and the masks left are the same; the tests
    # compare the two (s.lastfast = 0).  Where it stops early (need), the masks left
    # are those reached so far, which ac_bound may read as ac_analyse's (ac_keep_partial)
    # and which ac_aces_stuck does not read without a stock.
    cdef uint64_t top = 0, move = 0, go = 0, cards = 0, allowed, bit
    cdef uint64_t aces = 0x0008004002001ULL           # the four Aces
    cdef uint32_t onh[4][4]       # AC_HIGH bits of the cards on top, per pile and suit
    cdef uint32_t mvh[4][4]       # the same, of those that can move too
    cdef uint32_t others
    cdef int p, q, i, c, su, emp = 0, empty0 = 0, changed = 1
    cdef int nomove = twophase != 0, ngone = s.ngone, nalive = 0
    memset(onh, 0, sizeof(onh))
    memset(mvh, 0, sizeof(mvh))
    for p in range(4):
        for i in range(s.n[p]):
            cards |= 1ULL << s.pile[p][i]
    allowed = aces & cards if movers == 1 else cards
    s.b0fail = 0
    while changed:
        changed = 0
        # each pile from the top down, as in ac_analyse: a card that can leave lets the
        # one under it be on top in the same round
        for p in range(4):
            for i in range(s.n[p] - 1, -1, -1):
                c = s.pile[p][i]
                bit = 1ULL << c
                su = SUIT_OF[c]
                if not top & bit:
                    top |= bit
                    onh[p][su] |= 1U << AC_HIGH[c]
                    changed = 1
                if not move & bit and allowed & bit and emp & ~(1 << p):
                    move |= bit
                    mvh[p][su] |= 1U << AC_HIGH[c]
                    changed = 1
                if not go & bit and RANK_OF[c] != 0:
                    others = mvh[p][su]
                    for q in range(4):
                        if q != p:
                            others |= onh[q][su]
                    if others >> (AC_HIGH[c] + 1):
                        go |= bit
                        changed = 1
                        nalive += 1
                        if need >= 0 and nalive >= need - ngone:
                            ac_last_masks(s, cards, top, move, go | move, 0)
                            return AC_WIN
                if not (go | move) & bit:
                    break
            else:                       # every card of p can leave (or p is empty)
                if nomove:
                    empty0 |= 1 << p
                elif not emp >> p & 1:
                    emp |= 1 << p
                    changed = 1
        if need >= 0 and nalive >= need - ngone:
            ac_last_masks(s, cards, top, move, go | move, 0)
            return AC_WIN
        if nomove and not changed:      # the first phase's fixed point
            nomove = 0
            s.b0fail = empty0 != 0
            changed = s.b0fail and twophase == 1
    ac_last_masks(s, cards, top, move, go | move, not (s.b0fail and twophase == 2))
    return AC_WIN - <int> __builtin_popcountll(cards & ~aces & ~go)


cdef void ac_last_masks(AState* s, uint64_t cards, uint64_t top, uint64_t move,
                        uint64_t leave, int valid) noexcept nogil:
    # ac_analyse_last's sets as ac_analyse leaves its masks (epoch 0 only)
    cdef int c
    for c in range(52):
        s.tmask[c] = top >> c & 1 if cards >> c & 1 else 0
        s.tmove[c] = 0 if move >> c & 1 else 13
        s.tleave[c] = 0 if leave >> c & 1 else 13
    s.tvalid = valid


cdef int ac_analyse(AState* s, int movers, int need, int twophase,
                    int stuck=0) noexcept nogil:
    # The analysis of ac_bound: 48 less the number of cards left that are proved never
    # to go in any line from s, where movers says which cards may move onto an empty
    # pile: 1 the Aces (the strict rule), 2 any card.  It leaves T and mv (below) in
    # s.tmask and s.tmove for ac_gen, and sets s.tvalid; but it returns 48 as soon as it
    # knows the result is at least need (need < 0: never), without them.
    #
    # Time is counted in epochs: epoch 0 is now, epoch k follows the k-th deal from now.
    # Card c reaches its pile at epoch a(c) (0 if it is on a pile now), above the cards
    # there before.  The analysis derives what can happen, as masks of epochs:
    #   T(c): epochs at which c can be on top of a pile;
    #   G(c): epochs at which c can be discarded: c on top of one pile and a higher card
    #         h of its suit on top of another, so G(c) lies within T(c) & T(h);
    #   lv(c): the first epoch at which c can have left its pile: the first of G(c), or
    #         mv(c) (below) if earlier;
    #   Emp(q): the epochs at which pile q can be empty: those at which every card that
    #         started in q or was dealt to it by then can have left (cards that move in
    #         and out again only make it empty less often).
    # In its own pile c can be on top from a(c) on, at the epochs at which every card
    # above it that has arrived can have left (t >= lv(y) for each y above c with a(y) <=
    # t).  A card that may move can do so at an epoch at which it is on top and another
    # pile q can be empty (mv: the first such epoch); moved onto q at t, it lies under
    # the cards dealt to q after t (no card is moved onto it: q is not empty), so it can
    # be on top at t and at each later t' at which those that have arrived by t' can
    # have left (W(q, t)); and from there it can move on (the closure).  Two cards of
    # one pile can only be on top at once from the first epoch at which one of them has
    # moved.
    #
    # The masks are the least fixed point of these rules, computed from empty masks up:
    # every event of a real line (a discard, a move, a pile left empty) has its
    # conditions met by earlier events of that line, so by induction along the line each
    # is derived, and the masks cover every line.  Nothing is derived in a circle: the
    # largest fixed point would let two cards each wait for the other to go first, or
    # two piles each be empty because the other's cards could move onto it.  (That one
    # was tried first: it never cut a position in which a pile could be empty.)  A card
    # whose G stays empty never goes.  Before the first time a pile can be empty no card
    # moves, and if none ever can, this is the analysis of lines without moves.
    #
    # twophase (1 or 2): first the analysis of the lines that make no move before the
    # next deal, where no pile counts as empty at epoch 0 (every event of such a line is
    # derived without one, as above).  Where that fixed point is reached, s.b0fail says
    # whether it could still differ from the whole analysis: 1 if a pile can be emptied
    # at epoch 0 in it.  If none can, no line moves before the next deal (a first move
    # needs a pile emptied before it, with no move, which is an event of such a line),
    # so these masks are the whole analysis.  Else, with twophase 1, the rounds go on
    # with every move allowed: the masks are a fixed point of fewer rules, so they lie
    # below the least fixed point of all of them, and the rounds from there reach it.
    # With twophase 2 the analysis ends on the first phase's masks (valid only for the
    # lines without a move before the deal: s.tvalid stays 0).  It stops early
    # (returns 48) as usual, in either phase.
    #
    # stuck (with need 48, from ac_bound): the count of ac_aces_stuck with the Aces
    # still to be dealt is made where the analysis would stop early, on the masks so
    # far (ac_keep_partial), and where it fires the rounds go on from there instead:
    # to the first phase's fixed point, where the count is made on its final masks (as
    # ac_bound explains), and then to the whole analysis' fixed point, where it is made
    # once more.  The rounds that go on start from masks that some rounds of these
    # rules have derived, so they lie below the least fixed point, and the rounds from
    # there reach it: the masks are those of a new analysis from empty masks, without
    # its cost.  It returns ac_bound's value then (47 where the count fires on the
    # final masks), and s.b0fail as ac_bound leaves it.
    cdef int p, i, j, k, c, h, hr, su, nd, changed, dead = 0, lv, q, t, mvc
    cdef int ngone = s.ngone, nomove = twophase != 0
    # togo: need - ngone - nalive, nalive being the cards found to go so far (G not
    # empty), so the early stop comes where it reaches 0; 64 (more than there are
    # cards, so it never does) where there is none: with need < 0, and once the rounds
    # go on from a stop (stuck)
    cdef int togo = need - ngone if need >= 0 else 64
    cdef int resumed = 0, b = 0
    if twophase == 2:
        stuck = 0                       # (its masks are not those of every line)
    cdef uint32_t empty0
    cdef uint32_t full, blocked, part, g, win, tc, done, emp_other, emp_any, af
    cdef uint32_t WT[14]
    cdef uint8_t where[52]                # pile of each card left (AC_NONE: gone)
    cdef uint8_t arr[52]                  # a(c)
    cdef uint8_t mv[52]                   # mv(c) (13: never)
    cdef uint32_t T[52]
    cdef uint32_t G[52]
    cdef uint32_t bad[52]                 # [a(c), lv(c))
    cdef uint32_t AFTER[14]               # AFTER[k]: the epochs k .. nd
    cdef uint8_t seq[4][AC_SEQ_MAX]       # each pile's cards now and to come, bottom up
    cdef int nseqs[4]
    cdef uint32_t emp[4]
    cdef uint32_t above[4][14]            # above[q][t]: covered by q's cards dealt after t
                                          # (kept only where q can be empty at t)
    cdef uint16_t hown[52]                # see hio below
    cdef uint32_t present[16]             # ranks left per pile and suit
    cdef uint32_t allsu[4]                # ranks left per suit
    cdef uint16_t hio[52]                 # see hown below
    nd = (s.nstock - s.sp) >> 2
    if nd == 0 and s.lastfast:
        # (stuck: with no stock the count with the stock's Aces is the one without,
        # which ac_bound has made already, so it cannot fire here)
        return ac_analyse_last(s, movers, need, twophase)
    full = (1U << (nd + 1)) - 1
    for k in range(14):
        AFTER[k] = full & ~((1U << k) - 1) if k <= nd else 0
        WT[k] = 0
    memset(where, AC_NONE, 52)
    memset(present, 0, sizeof(present))
    for p in range(4):
        k = 0
        for i in range(s.n[p]):
            c = s.pile[p][i]
            where[c] = p
            arr[c] = 0
            seq[p][k] = c
            k += 1
            present[4 * p + SUIT_OF[c]] |= 1U << RANK_OF[c]
        for i in range(nd):
            c = s.stock[s.sp + 4 * i + p]
            if c == AC_NONE:
                continue
            where[c] = p
            arr[c] = i + 1
            seq[p][k] = c
            k += 1
            present[4 * p + SUIT_OF[c]] |= 1U << RANK_OF[c]
        nseqs[p] = k
        emp[p] = 0
    # hown[c]: the ranks of the cards of c's suit left in c's own pile that rank above
    # it (the Ace above all; bit r: the card of rank r of c's suit), with the strict
    # rule only its Ace (the others never move); hio[c]: those in the other piles
    for su in range(4):
        allsu[su] = present[su] | present[4 + su] | present[8 + su] | present[12 + su]
    # T starts from what the top rule gives with nothing known yet: a card is on top
    # at the epoch it arrives unless a card above it arrives then too (at epoch 0 only
    # the top card now; a dealt card is the one card its pile gets at its deal).  Those
    # epochs are derived by the rules from empty masks, so they lie below the least
    # fixed point and the rounds from there reach it (as where the rounds go on from
    # an early stop, below); they only let the first round pair cards with partners in
    # piles it has not visited yet.  Measured on the tail-like set of bench/README.md:
    # the same positions, 3.4 rounds per analysis instead of 4.2 (five of its deals),
    # 9 % less CPU (docs/acesup.md).  The tests compare the two starts (s.seedtop 0).
    for p in range(4):
        for i in range(nseqs[p]):
            c = seq[p][i]
            G[c] = 0
            T[c] = (1U << arr[c] if s.seedtop and (i == nseqs[p] - 1 or
                                                   arr[seq[p][i + 1]] != arr[c]) else 0)
            mv[c] = 13
            hr = RANK_OF[c]
            if hr != 0:
                su = SUIT_OF[c]
                # ranks above hr, and the Ace (rank 0)
                g = (0x1FFEU << hr) & 0x1FFF | 1
                hio[c] = <uint16_t> ((allsu[su] & ~present[4 * p + su]) & g)
                g &= present[4 * p + su]
                hown[c] = <uint16_t> (g & 1U if movers == 1 else g)
    changed = 1
    s.b0fail = 0
    while changed:
        changed = 0
        empty0 = 0
        # WT[t]: the epochs at which a card moved at epoch t can be on top afterwards,
        # on whichever pile could take it: 0 where no pile can be empty at t, so it is
        # made only at the epochs of emp_any and is 0 elsewhere from the start.  (Emp
        # only grows, round after round, so an epoch once in emp_any stays in it and
        # its entry is made again each round.)
        emp_any = emp[0] | emp[1] | emp[2] | emp[3]
        g = emp_any
        while g:
            t = __builtin_ctz(g)
            g &= g - 1
            win = 0
            for q in range(4):
                if emp[q] >> t & 1:
                    win |= (1U << t) | (AFTER[t + 1] & ~above[q][t])
            WT[t] = win
        # each pile from the top down, so that what a card lets through reaches the
        # cards under it in the same round
        for p in range(4):
            emp_other = 0
            for q in range(4):
                if q != p:
                    emp_other |= emp[q]
            blocked = 0
            for i in range(nseqs[p] - 1, -1, -1):
                c = seq[p][i]
                af = AFTER[arr[c]]
                tc = af & ~blocked
                if tc == 0 and arr[c] == 0:
                    # c is on the pile now and cannot be on top at any epoch, nor
                    # can the cards under it: their masks were empty already (T only
                    # grows, and they lie under c), so they stay as they are, and
                    # they cover every epoch
                    blocked = full
                    break
                mvc = 13
                if (movers == 2 or RANK_OF[c] == 0) and tc & emp_other:
                    done = tc & emp_other
                    mvc = __builtin_ctz(done)
                    if mvc != mv[c]:
                        mv[c] = mvc
                        changed = 1
                    # the epochs after its moves, unless tc holds every epoch from
                    # a(c) on already: each WT[t] lies within AFTER[t], and every t
                    # of done, first or added, lies within tc or a WT of one, so win
                    # lies within AFTER[a(c)]
                    if tc != af:
                        win = 0
                        g = done
                        while True:
                            while g:
                                t = __builtin_ctz(g)
                                g &= g - 1
                                win |= WT[t]
                            g = win & emp_any & ~done
                            if not g:
                                break
                            done |= g
                        tc |= win
                if tc != T[c]:
                    T[c] = tc
                    changed = 1
                if RANK_OF[c] != 0 and tc & ~G[c]:     # else part can add nothing
                    su = SUIT_OF[c] * 13
                    part = 0
                    g = hio[c]
                    while g:
                        part |= T[su + __builtin_ctz(g)]
                        g &= g - 1
                    if tc & ~G[c] & ~part:
                        g = hown[c]             # its own pile: once one has moved
                        while g:
                            h = su + __builtin_ctz(g)
                            g &= g - 1
                            part |= T[h] & AFTER[mv[h] if mv[h] < mvc else mvc]
                    g = G[c] | (tc & part)
                    if g != G[c]:
                        if G[c] == 0:
                            togo -= 1
                            if togo <= 0:
                                if need < AC_WIN:
                                    return AC_WIN   # as below, without ending the round
                                ac_keep_partial(s, &seq[0][0], nseqs, G, mv)
                                if not stuck or not ac_aces_stuck(s, 1):
                                    return AC_WIN
                                need = -1           # on to the fixed point (stuck)
                                togo = 64
                                resumed = 1
                                b = s.b0fail
                        G[c] = g
                        changed = 1
                lv = ac_lv(G[c], mvc)
                bad[c] = AFTER[arr[c]] & ~AFTER[lv]
                blocked |= bad[c]
            # p's cards done: blocked is the union of their bad, so Emp(p) and the
            # cover of p's later cards follow at once, for the piles after p in this
            # round (the order of the updates leaves the least fixed point as it is)
            g = full & ~blocked
            if nomove:
                empty0 |= g & 1
                g &= ~1U
            if g != emp[p]:
                emp[p] = g
                changed = 1
            if g:
                # the cover, which WT reads only at the epochs at which p can be empty
                blocked = 0
                k = nseqs[p] - 1
                for t in range(nd, <int> __builtin_ctz(g) - 1, -1):
                    while k >= 0 and arr[seq[p][k]] > t:
                        blocked |= bad[seq[p][k]]
                        k -= 1
                    above[p][t] = blocked
        if togo <= 0:
            # the masks only grow, so at most 48 - (ngone + nalive) cards will be found
            # never to go, which cannot bring the bound below need: stop (the masks are
            # not complete, so none are left for ac_gen)
            if need < AC_WIN:
                return AC_WIN
            ac_keep_partial(s, &seq[0][0], nseqs, G, mv)
            if not stuck or not ac_aces_stuck(s, 1):
                return AC_WIN
            need = -1                   # on to the fixed point (stuck)
            togo = 64
            resumed = 1
            b = s.b0fail
            changed = 1
        if nomove and not changed:      # the first phase's fixed point
            nomove = 0
            s.b0fail = empty0 != 0
            changed = s.b0fail and twophase == 1
            if resumed:
                # the count on the first phase's final masks, which cover the lines
                # that make no move before the deal (every line, without b0fail)
                ac_export_masks(s, where, T, G, mv)
                if ac_aces_stuck(s, 1):
                    if not s.b0fail:
                        s.tvalid = 1            # (the whole analysis, as there)
                        return AC_WIN - 1
                    b = 1
    dead = ac_export_masks(s, where, T, G, mv)
    if resumed:
        # the whole analysis (all cards can go: the count only grew since the stop)
        s.tvalid = 1
        s.b0fail = b
        return AC_WIN - 1 if ac_aces_stuck(s, 1) else AC_WIN - dead
    s.tvalid = not (s.b0fail and twophase == 2)
    return AC_WIN - dead


cdef inline int ac_export_masks(AState* s, uint8_t* where, uint32_t* T, uint32_t* G,
                                uint8_t* mv) noexcept nogil:
    # ac_analyse's masks into s.tmask, s.tmove and s.tleave (s.tvalid is the
    # caller's); returns the number of cards left other than Aces that never go
    cdef int c, dead = 0
    for c in range(52):
        if where[c] == AC_NONE:
            s.tmask[c] = 0
            s.tmove[c] = 13
            s.tleave[c] = 13
            continue
        s.tmask[c] = T[c]
        s.tmove[c] = mv[c]
        s.tleave[c] = ac_lv(G[c], mv[c])
        if RANK_OF[c] != 0 and G[c] == 0:
            dead += 1
    return dead


cdef int ac_aces_stuck(AState* s, int ahead) noexcept nogil:
    # 1 if the Aces on the piles cannot all get clear of the cards under them, so that
    # no line from s wins.  Under either rule:
    # (a) An Ace is never discarded: it leaves a pile only by a move onto an empty pile.
    #     So a pile holding an Ace is not empty, and a move needs a pile without Aces.
    # (b) Let c be the number of piles holding an Ace.  c never falls: a deal adds a
    #     card, a discard takes a card other than an Ace, a move of another card changes
    #     no pile's Aces, and a move of an Ace from p onto the empty pile r gives r an
    #     Ace (p may lose its last one): c rises by 1 or stays.  A move needs c <= 3
    #     just before it (a), so once c = 4 nothing moves again.
    # (c) In a won line, an Ace with a card other than an Ace under it moves at least
    #     once: those cards leave from the top only, after it (a).  Take a pile p now,
    #     its Aces a1 (lowest), a2, ...  An aj above a1 with another card under it moves
    #     while a1 is still in p (a1 is under it and leaves p only by a move of its own,
    #     from the top), so that move raises c.  Let I be the number of such moves over
    #     all piles: c reaches c0 + I (c0: now), so c0 + I > 4 loses.
    # (d) If c0 + I = 4, c = 4 once the last of those I moves is made, and every Ace
    #     that must move has moved by then (b).  If p's own a1 must move, it moves after
    #     each aj of p, so the last counted move comes from a pile whose a1 stays: with
    #     none such (or with I = 0, c0 = 4, and some Ace that must move), the deal is
    #     lost.
    # (c) and (d) hold for lines that win, so Aces in the stock could only add events;
    # without `ahead` they are left out.  With `ahead` (s.tmove and s.tleave from
    # ac_analyse: masks that cover every line from s), an Ace A that the k-th deal from
    # now puts on pile p is counted in I as well, when p's lowest Ace a1 now has a card
    # other than an Ace under it and cannot move before epoch k (its mv), or when one of
    # the cards other than Aces under all of p's Aces now (all of p's cards if it has
    # none) cannot leave p before epoch k (its lv): call that card z.
    # (e) With a1 still in p at that deal, A lands above a1, must move (c), and its
    #     first move is made while a1 is still in p: c rises.  a1 must move after it,
    #     so that move is not the last counted one.
    # (f) With z: p is never empty before that deal, so no Ace moves onto it, and at the
    #     deal every Ace in p has z under it (a1 and the Aces above it, if a1 has not
    #     left; else only Aces dealt since, above z).  A lands above z and must move.
    #     If p holds no Ace then, A's deal raises c; else A's first move does, made
    #     while the lowest Ace of p is still there, and that Ace, with z under it, must
    #     move after A.  Either way the event is not the last counted one.
    # Each counted event belongs to a distinct Ace, so (c) holds with them in I, and in
    # (d) the last counted event still comes from a pile whose a1 stays.  An Ace of the
    # stock that neither covers may add a last event that is allowed, so then nothing
    # is proved.  (c0 + I never exceeds the Aces counted, so 4 is the only count that
    # cuts.)
    cdef int p, i, c, c0 = 0, inc = 0, solo = 0, last_ok = 0, under, a1, incp, j, k
    cdef int low, zlv             # p's a1 if it must move (-1: none); the largest lv of z
    for p in range(4):
        under = 0                 # a card other than an Ace seen below, in p
        a1 = -1                   # 1 if p's lowest Ace must move, 0 if it stays
        incp = 0
        low = -1
        zlv = 0
        for i in range(s.n[p]):
            c = s.pile[p][i]
            if RANK_OF[c] != 0:
                under = 1
                if a1 < 0 and ahead and s.tleave[c] > zlv:
                    zlv = s.tleave[c]
            elif a1 < 0:
                a1 = under
                if under:
                    low = c
                c0 += 1
                solo += under
            elif under:
                incp += 1
        if ahead:
            for j in range(s.sp + p, s.nstock, 4):
                if s.stock[j] != AC_NONE and RANK_OF[s.stock[j]] == 0:
                    k = ((j - s.sp) >> 2) + 1
                    if zlv < k and not (low >= 0 and s.tmove[low] >= k):    # (f), (e)
                        return 0
                    incp += 1
        inc += incp
        if incp and a1 == 0:
            last_ok = 1
    if c0 + inc > 4:
        return 1
    if c0 + inc == 4 and inc + solo > 0:
        return 0 if last_ok else 1
    return 0


cdef void ac_key_without(AState* s, uint64_t x, uint64_t* key) noexcept nogil:
    # The key of s with the pile cards of the set x (bit c: card c) discarded: the
    # piles closed up, a pile whose moved-in bottom card goes left without one.  After
    # the last deal the key reads the piles, so they are closed up in place, keyed and
    # put back.
    cdef uint8_t pile[4][AC_PILE_MAX]
    cdef uint8_t n[4]
    cdef uint8_t bottom[4]
    cdef uint64_t gone = s.gone
    cdef int p, i, j, c
    if s.sp < s.nstock:
        ac_key_dealing(s, x, key)
        return
    memcpy(pile, s.pile, sizeof(pile))
    memcpy(n, s.n, sizeof(n))
    memcpy(bottom, s.bottom, sizeof(bottom))
    for p in range(4):
        j = 0
        for i in range(n[p]):
            c = pile[p][i]
            if x >> c & 1:
                if i == 0:
                    s.bottom[p] = AC_NONE
            else:
                s.pile[p][j] = c
                j += 1
        s.n[p] = j
    s.gone |= x
    ac_key(s, key)
    s.gone = gone
    memcpy(s.pile, pile, sizeof(pile))
    memcpy(s.n, n, sizeof(n))
    memcpy(s.bottom, bottom, sizeof(bottom))


cdef int ac_dominated(AState* s, Table* tab) noexcept nogil:
    # 1 if the table holds the key of a position D that s would be with some of its
    # pile cards X discarded, where X is the lowest card, or the two lowest, of one
    # suit still left (none of them in the stock).  D is then at least as good as s,
    # and searched to the end, so s is a leaf:
    # (a) D does all that s does.  Take any line L from s and delete the moves of the
    #     cards of X: the line L' plays from D, and throughout, each pile of L' is its
    #     pile in L less the cards of X.  By induction on the moves of L: a deal adds
    #     the same card to each pile in both; a move of a card of X is dropped and the
    #     piles still differ by X only; any other card y on top of a pile in L is on
    #     top of it in L' (taking cards out only uncovers), and a pile empty in L is
    #     empty in L', so y's move to an empty pile is legal in L'; and if y is
    #     discarded in L beside a higher card h of its suit on top of another pile, h
    #     is not in X (X holds the lowest cards of its suit left, so y, lower than h and
    #     left at s, would be in X too), so h is on top of that pile in L' and y's
    #     discard is legal.  L' discards every card that L does (those of X were gone
    #     from the start): a win of L is a win of L', and L' ends with at least as many
    #     cards discarded.  (With discard-first, a deal of L could be illegal in L',
    #     where the cards taken out may uncover a discard: no dominance then.)
    # (b) D's search is over, and nothing it left to others can help s: D has more
    #     cards discarded than s, so it is not on the search path (discards are never
    #     undone along a line, and every position on the path leads to s), and for the
    #     same reason no line from D reaches a position on the path.  So every line
    #     from D was searched, or cut by a proved rule, or met a position searched to
    #     the end already, and D cannot win (or beat the best value found so far, which
    #     only grows).  By (a), neither can s.
    # Which D: where an earlier branch discarded a card that this branch kept, and the
    # kept card never came to serve as the higher card of a discard, the earlier
    # branch's position is D once the lower cards of that suit are gone.  So the suit
    # looked at is that of the card just discarded (s.lastsuit, set by ac_make), whose
    # lowest cards left have just changed.
    #
    # The keys of D are made first (ac_dominated_keys) and their slots fetched
    # together, so that the probes' cache misses overlap.
    cdef uint64_t keys[2 * KEY_WORDS]
    cdef int n = ac_dominated_keys(s, keys)
    table_prefetch_all(tab, keys, n)
    return table_has_any(tab, keys, n)


cdef int ac_dominated_keys(AState* s, uint64_t* keys) noexcept nogil:
    # The keys of the positions D of ac_dominated, into keys (KEY_WORDS each): s with
    # the lowest card left of the suit s.lastsuit discarded, then with the two lowest,
    # as far as those cards are on the piles.  Returns how many (0 where no dominance).
    cdef uint64_t stock, left, x = 0, y
    cdef int su = s.lastsuit, k
    if s.discard_first or not s.dominance or su > 3:
        return 0
    stock = s.smask[s.sp >> 2]
    left = (~s.gone >> (su * 13)) & 0x1FFE
    for k in range(2):                   # X: the lowest card left, then the two lowest
        if left == 0:
            return k
        y = 1ULL << (su * 13 + __builtin_ctzll(left))
        if stock & y:
            return k
        x |= y
        ac_key_without(s, x, keys + k * KEY_WORDS)
        left &= left - 1
    return 2


cdef int ac_bound(AState* s, int need, int twophase=0) noexcept nogil:
    # An upper bound of the cards discarded in any position reachable from s: 48 less
    # the cards left that ac_analyse proves never to go (only Aces move with the strict
    # rule); 47 when only a win is wanted and the Aces are stuck (ac_aces_stuck), first
    # without the stock, then with the Aces still to be dealt.  The second count needs
    # the analysis' final masks, which it does not reach when it stops early, so the
    # analysis goes on to its fixed point only where the count fires with the masks
    # left by the early stop (ac_analyse, stuck).  Those hold an mv and lv at least as
    # late as the final ones (ac_keep_partial), which only makes the count fire more
    # often, so where it does not fire with them it cannot fire.
    #
    # twophase: the analysis in two phases (ac_analyse), and s.b0fail left at 1 when
    # the lines that make no move before the next deal are proved not to reach need
    # while the others may (the bound returned is that of every line).  They are ruled
    # out by the first phase's count, or else, where the count with the stock's Aces
    # fires on the early stop's masks, by that count on the first phase's own final
    # masks (which cover those lines).
    cdef int movers = 1 if s.strict else 2
    s.tvalid = 0
    s.b0fail = 0
    if need < AC_WIN:
        return ac_analyse(s, movers, need, twophase)
    if ac_aces_stuck(s, 0):
        return AC_WIN - 1
    return ac_analyse(s, movers, need, twophase, 1)


cdef int ac_bound_restart(AState* s, int need, int twophase=0) noexcept nogil:
    # ac_bound with need 48 as it was made before the analysis could go on from an
    # early stop: each later count on fresh analyses from empty masks (the tests
    # compare the two, value, s.b0fail and masks)
    cdef int r, b, movers = 1 if s.strict else 2
    s.tvalid = 0
    s.b0fail = 0
    if ac_aces_stuck(s, 0):
        return AC_WIN - 1
    r = ac_analyse(s, movers, need, twophase)
    if r < need or not ac_aces_stuck(s, 1):
        return r
    b = s.b0fail
    if twophase and not b:
        ac_analyse(s, movers, -1, 2)
        if ac_aces_stuck(s, 1):
            if not s.b0fail:
                return AC_WIN - 1       # every line makes no move before the deal
            b = 1
    r = ac_analyse(s, movers, -1, 0)
    s.b0fail = b
    if r < need:
        return r
    return AC_WIN - 1 if ac_aces_stuck(s, 1) else r


cdef void ac_stock_masks(AState* s) noexcept nogil:
    # smask from the stock (holes left out)
    cdef int i
    memset(s.smask, 0, sizeof(s.smask))
    for i in range(s.nstock - 1, -1, -1):
        if i % 4 == 3:
            s.smask[i >> 2] = s.smask[(i >> 2) + 1]
        if s.stock[i] != AC_NONE:
            s.smask[i >> 2] |= 1ULL << s.stock[i]


# The cards each level's reduced game leaves out: ranks Two .. AC_RTOP[k] (RANK_OF 1 ..),
# and AC_RMASK[k] the set of them (bit c: card c)
cdef int AC_RTOP[AC_RLEVELS]
AC_RTOP[0] = 5              # Two .. Six
AC_RTOP[1] = 8              # Two .. Nine
cdef uint64_t AC_RMASK[AC_RLEVELS]
for _k in range(AC_RLEVELS):
    AC_RMASK[_k] = 0
    for _c in range(52):
        if 1 <= RANK_OF[_c] <= AC_RTOP[_k]:
            AC_RMASK[_k] |= 1ULL << _c


cdef int ac_reduce_init(ACReduce* x, uint64_t max_bytes) noexcept nogil:
    # the tables, sharing max_bytes between them
    cdef int k, bad = 0
    memset(x, 0, sizeof(ACReduce))
    x.share = max_bytes
    x.pool = max_bytes
    bad |= ac_reduce_table(x, &x.lost, 1 << 12)
    bad |= ac_reduce_table(x, &x.won, 1 << 12)
    bad |= ac_reduce_table(x, &x.open, 1 << 12)
    for k in range(AC_RLEVELS):
        bad |= ac_reduce_table(x, &x.cur[k], AC_RCUR0)
        bad |= bufs_init(&x.bufs[k])
    return bad


cdef int ac_reduce_table(ACReduce* x, Table* t, uint64_t capacity) noexcept nogil:
    # one of x's tables, made anew, drawing on x's pool
    if table_init(t, capacity, x.share, 2) != 0:
        return -1
    return table_use_pool(t, &x.pool)


cdef void ac_reduce_attach(AState* s, ACReduce* x, uint64_t max_bytes, uint64_t* tally,
                           uint64_t limit) noexcept nogil:
    # Before a search from s: s.red = x, with its tables made (together they may take
    # an eighth of max_bytes, x.share, which the caller's own table does without),
    # where the reduced games apply (s.reduce, not discard-first) and there is memory
    # for them; else s.red = NULL and the search goes without them.
    # tally and limit: the search's positions count and budget.  Either way the caller
    # clears s.red and calls ac_reduce_free(x) after the search.
    memset(x, 0, sizeof(ACReduce))
    s.red = NULL
    if not s.reduce or s.discard_first:
        return
    if ac_reduce_init(x, max_bytes // 8 if max_bytes // 8 > (1 << 22) else 1 << 22) != 0:
        return
    x.tally = tally
    x.limit = limit
    x.need = AC_WIN
    s.red = x


cdef void ac_reduce_free(ACReduce* x) noexcept nogil:
    cdef int k
    table_free(&x.lost)
    table_free(&x.won)
    table_free(&x.open)
    for k in range(AC_RLEVELS):
        table_free(&x.cur[k])
        bufs_free(&x.bufs[k])


cdef void ac_reduce_need(ACReduce* x, int need) noexcept nogil:
    # The reduced searches' tables made fit for the score need (below): "lost" holds
    # for any need at least the one it was proved for, "won" and "open" for that one
    if need == x.need:
        return
    if need < x.need:
        table_clear(&x.lost)
    table_clear(&x.won)
    table_clear(&x.open)
    x.need = need


cdef int ac_reduced_lost(AState* s, int need) noexcept nogil:
    # 1 if the reduced game of s is proved lost, and so s: no line from s wins.  Called
    # where ac_reduced_known_lost(s) found it not lost yet.  With need below 48 (the
    # branch and bound of a best score): 1 if no line of the reduced game discards need
    # cards, and so no line from s does: L' (below) discards every card that L does,
    # and X besides, which it counts as discarded from the start, so it ends with at
    # least as many.  "Lost" then reads "cannot reach need" throughout (the searches'
    # target is need, and their tables are those of that need: ac_reduce_need).
    #
    # The reduced game R is s without the cards X of the ranks Two .. AC_RTOP[level]
    # left (on the piles and in the stock, whose places of X become holes), as if
    # discarded already.  A line L from s that wins gives a line L' from R that wins:
    # L without the moves of the cards of X.  As in ac_dominated (a), each pile of L' is
    # its pile in L less the cards of X, by induction on the moves of L: a deal adds the
    # same card to each pile, or nothing where it is of X; a card y not of X that is on
    # top in L is on top in L' and a pile empty in L is empty in L', so y's move is
    # legal in L'; and y's discard is: its higher card h, on top of another pile in L,
    # is no card of X (X holds every card left of a rank up to a bound, and h ranks
    # above y), so h is on top of that pile in L'.  L' discards every card that L
    # discards and X was gone from the start: L' wins.  (Not with discard-first, where
    # a deal of L may be illegal in L'; see ac_dominated.)  So if no line wins R,
    # none wins s.
    #
    # R is searched by the same search and rules, with a budget (AC_RBUDGET
    # positions; "unknown" proves nothing), and within it the same cut at the next
    # level leaves out more cards.  Every position of R is a position of a reduced
    # game of this deal, so its key fixes it (the cards of X count as discarded); the
    # searches of one deal share what they prove:
    #   lost: every key of a reduced search that ended lost (all of them are lost, as
    #         the table of any search that ended lost: ac_dominated (b)); later
    #         searches cut them (ac_sub_dominated);
    #   won:  the positions on the winning line of one that won; later searches end
    #         won there (ac_sub_finish), and R whose root is among them is not lost;
    #   open: roots that ran out of budget, not tried again.
    # With a score need: a position that cannot reach need cannot reach more, so the
    # lost ones stay good as need grows (the search's best only grows); the won and
    # open ones are of that need only, and are dropped when it changes.
    cdef AState r
    cdef SearchResult res
    cdef uint64_t key[KEY_WORDS]
    cdef ACReduce* x = s.red
    cdef Table* cur
    cdef uint64_t w
    cdef int p, i, j, c, lvl = s.rlevel
    cdef uint64_t budget = AC_RBUDGET, xs
    if x == NULL or lvl >= AC_RLEVELS or s.discard_first or s.sp >= s.nstock:
        return 0
    ac_reduce_need(x, need)
    if x.limit:
        if x.tally[0] + x.held >= x.limit:
            return 0
        if x.limit - x.tally[0] - x.held < budget:
            budget = x.limit - x.tally[0] - x.held
    xs = ~s.gone & AC_RMASK[lvl]    # X
    if xs == 0:
        return 0                    # R would be s itself
    # R's key first, from s: before the last deal it is that of s with the cards of X
    # discarded (ac_key_dealing), and most R have been met before.  Whether R is
    # among the lost ones the caller has looked up already (ac_reduced_known_lost).
    ac_key_dealing(s, xs, key)
    table_prefetch(&x.open, key)
    if table_probe(&x.won, key)[1] != 0 or table_probe(&x.open, key)[1] != 0:
        return 0
    memcpy(&r, s, sizeof(AState))
    for p in range(4):
        j = 0
        for i in range(r.n[p]):
            c = r.pile[p][i]
            if xs >> c & 1:
                if i == 0:
                    r.bottom[p] = AC_NONE   # the pile then holds its own cards only
            else:
                r.pile[p][j] = c
                j += 1
        r.n[p] = j
    for i in range(r.sp, r.nstock):
        if r.stock[i] != AC_NONE and xs >> r.stock[i] & 1:
            r.stock[i] = AC_NONE
    r.gone |= xs
    r.ngone += <int> __builtin_popcountll(xs)
    ac_stock_masks(&r)
    r.rlevel = lvl + 1
    r.fresh = 1
    r.mustmove = 0
    r.nodeal = 0
    r.lastsuit = 4
    r.tvalid = 0
    cur = &x.cur[lvl]               # emptied; back to its first size if it grew
    if cur.slots == NULL or cur.mask + 1 > AC_RCUR0:
        table_free(cur)
        if ac_reduce_table(x, cur, AC_RCUR0) != 0:
            return 0
    else:
        table_clear(cur)
    res.target = need
    res.floor = need
    x.held += budget
    dfs_run(&AC_SUB_OPS, &r, cur, budget, 0.0, &x.bufs[lvl], &res)
    x.held -= budget
    free(res.path)
    x.tally[0] += res.states
    if res.status == S_LOST:
        for w in range(cur.mask + 1):
            if cur.slots[2 * w + 1] != 0:
                table_insert(&x.lost, cur.slots + 2 * w)
        return 1
    if res.status == S_WON:
        # r stands where the line won; every position back to the root is won
        for i in range(res.depth, 0, -1):
            ac_key(&r, key)
            table_insert(&x.won, key)
            ac_unmake(&r, x.bufs[lvl].frames[i].move, x.bufs[lvl].frames[i].undo)
        ac_key(&r, key)
        table_insert(&x.won, key)
    elif budget == AC_RBUDGET:
        table_insert(&x.open, key)      # (a smaller budget says less: not kept)
    return 0


cdef inline int ac_known_lost_keys(AState* s, int ahead, uint64_t* keys) noexcept nogil:
    # The keys that ac_reduced_known_lost looks up, of s (ahead 0) or of the position
    # that s's deal makes (ahead 1), into keys (KEY_WORDS each); how many.  Before the
    # last deal, a deal changes nothing in these keys but the count of deals made: it
    # discards nothing, and a card it puts on an empty pile is dealt to that pile, its
    # home, so it is no moved-in bottom (ac_make).
    cdef uint64_t xs
    cdef int k, n = 0
    for k in range(s.rlevel, AC_RLEVELS):
        xs = ~s.gone & AC_RMASK[k]
        if xs:
            ac_key_dealing(s, xs, keys + n * KEY_WORDS)
            keys[n * KEY_WORDS] += (<uint64_t> ahead) << 52
            n += 1
    return n


cdef int ac_reduced_known_lost(AState* s, int need) noexcept nogil:
    # 1 if the reduced game of s at its level or a deeper one (s less the cards left of
    # the ranks Two .. AC_RTOP[k], k >= s.rlevel) is among the positions that reduced
    # searches of this deal proved lost: then no line from s wins, as in
    # ac_reduced_lost (or reaches need: those were proved for a need at most this one).
    # Only probes (no search, before the last deal): cheaper than the analysis of
    # ac_bound, so it comes first.
    # (The keys are made first and their slots fetched together.)
    cdef uint64_t keys[AC_RLEVELS * KEY_WORDS]
    cdef int n
    if need < s.red.need:
        return 0
    n = ac_known_lost_keys(s, 0, keys)
    table_prefetch_all(&s.red.lost, keys, n)
    return table_has_any(&s.red.lost, keys, n)


cdef int ac_sub_dominated(AState* s, Table* tab) noexcept nogil:
    # ac_dominated in a reduced game, which also cuts the positions that earlier
    # reduced searches of this deal proved lost, or that one of them dominates
    # (ac_dominated (a): no search path is involved, the dominating one is lost).
    # Every slot it will probe is fetched first, and the one of s among the won
    # positions, which ac_sub_finish probes next if s passes.
    cdef uint64_t key[KEY_WORDS]
    cdef uint64_t keys[2 * KEY_WORDS]
    cdef int n
    ac_key(s, key)
    table_prefetch(&s.red.lost, key)
    table_prefetch(&s.red.won, key)
    n = ac_dominated_keys(s, keys)
    table_prefetch_all(&s.red.lost, keys, n)
    table_prefetch_all(tab, keys, n)
    return (table_has_any(&s.red.lost, key, 1) or table_has_any(&s.red.lost, keys, n) or
            table_has_any(tab, keys, n))


cdef int ac_sub_finish(AState* s, uint32_t* out) noexcept nogil:
    # a reduced position on an earlier winning line: won (the caller needs no moves)
    cdef uint64_t key[KEY_WORDS]
    ac_key(s, key)
    return 0 if table_probe(&s.red.won, key)[1] != 0 else -1


cdef int ac_search_bound(AState* s, int need) noexcept nogil:
    # The bound the search prunes with: ac_bound where the position is fresh (at the
    # start of a search and just after a deal), elsewhere only the Aces count.  Every
    # line from a position between two deals is a line from the fresh position before
    # it, which passed, and the analysis of the later one seldom finds a card that can
    # no longer go: on the verdicts of deals 1-200 at 1 M states (bench/acesup_bench.py)
    # skipping it there searched a few per cent more positions in about half the CPU.
    # (48 is a bound of any position.)  The Aces count is not made again just after a
    # discard: a discard takes a pile's top card, which is no Ace and has no card above
    # it, so every Ace keeps the cards under it and the count is that of the position
    # before, made there (by ac_bound at a fresh position, here after a move) or, by
    # the same argument, that of the one before it (four losses: 1.2 % fewer
    # instructions).
    #
    # With the reduced games (for a win, and in the branch and bound of a best score for
    # need cards discarded): a fresh position whose reduced game is known lost
    # (ac_reduced_known_lost) is cut before the analysis, and one that passes the
    # analysis has its reduced game searched (ac_reduced_lost).  On
    # deal 14 (a loss of 750,000 positions) the probe first saves a quarter of the
    # instructions (callgrind), most of them the analysis of positions it cuts.
    #
    # Must-move mode: when only a win is wanted, the fresh position's analysis runs in
    # two phases (ac_bound, twophase).  If the first proves that no line making no move
    # before the next deal wins, while the second does not rule out the others, the
    # position is searched in must-move mode: ac_gen offers no deal, discards keep the
    # mode and a move ends it (ac_make; ac_unmake brings it back, from the undo code).
    # Where the first phase finds no pile that can be emptied before the deal, no line
    # moves before it and its bound is that of every line (ac_analyse).  Every line
    # the mode leaves out from a position X reached from the fresh position F by
    # discards alone makes no move before the deal, and so is one from F (the discards
    # first) that does not win.  So:
    # (a) X searched to the end in this mode has no winning line at all, the meaning
    #     of a key in the table whichever way it was first reached, and what the cut
    #     of ac_dominated relies on;
    # (b) the shortcuts of ac_gen still hold: each maps a winning line to one that does
    #     at least as well from the position it keeps (a safe discard) or to the same
    #     line up to the order of the piles (the pruned moves), and that line wins, so
    #     it is not one the mode leaves out.
    # On the verdicts of the six hardest usual-rule losses of deals 1-200 this searches
    # 20 % fewer positions (deal 83: 27 % fewer instructions by callgrind); with need
    # below 48 (best scores) it saved 3 % of the positions for about 10 % more CPU, so
    # it is not used there.
    #
    # The deal's child known lost: where this position passes and its deal is not the
    # last, the reduced games of the position the deal would make are looked up among
    # the lost ones here (ac_reduced_known_lost's look-up with the deal's keys), and
    # where one is there, ac_gen offers no deal (s.nodeal).  The child would be cut just
    # as surely by its own call of this function; cut here, it is neither made nor put
    # in the table.  Those children are many: on deal 6534, 39.6 M of its 191 M
    # positions were layouts just after a deal cut at once by that look-up.  The need
    # is this position's: the child's could only be larger (the best found only
    # grows), and a position that cannot reach a need cannot reach a larger one.  (Not
    # with discard-first, where the reduced games are off.)
    cdef uint64_t keys[AC_RLEVELS * KEY_WORDS]
    cdef int r, n = 0
    cdef int ahead = s.red != NULL and s.sp + 4 < s.nstock and need >= s.red.need
    s.nodeal = 0
    if ahead:
        n = ac_known_lost_keys(s, 1, keys)
        table_prefetch_all(&s.red.lost, keys, n)
    if s.fresh:
        if s.red != NULL and s.sp < s.nstock and ac_reduced_known_lost(s, need):
            return need - 1
        r = ac_bound(s, need, s.twophase and need >= AC_WIN)
        if r >= need and s.red != NULL and s.sp < s.nstock and ac_reduced_lost(s, need):
            return need - 1
        if r >= need and s.b0fail:
            s.mustmove = 1
    elif need >= AC_WIN and s.lastmove != AC_DISCARD and ac_aces_stuck(s, 0):
        return AC_WIN - 1
    else:
        r = AC_WIN
    # (need against s.red.need again: ac_reduced_lost above may have raised it)
    if r >= need and ahead and not s.mustmove and need >= s.red.need:
        s.nodeal = table_has_any(&s.red.lost, keys, n)
    return r


cdef int ac_load(AState* s, piles, stock, gone, bint strict, bint discard_first,
                 bint dominance=True, bint must_move=True, bint last_fast=True,
                 bint reduce=True, bint table_deals=False) except -1:
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
            c = piles[p][i]
            if not 0 <= c < 52:
                raise ValueError("%r is not a card number" % (piles[p][i],))
            s.pile[p][i] = c
            s.home[c] = p
        s.bottom[p] = AC_NONE
    s.nstock = len(stock)
    for i in range(s.nstock):
        if stock[i] is None:            # a hole (tests of the reduced games)
            s.stock[i] = AC_NONE
            continue
        c = stock[i]
        if not 0 <= c < 52:
            raise ValueError("%r is not a card number" % (stock[i],))
        s.stock[i] = c
        s.home[c] = i % 4
    ac_stock_masks(s)
    s.sp = 0
    for c in gone:
        if not 0 <= c < 52:
            raise ValueError("%d is not a card number" % c)
        if RANK_OF[c] == 0:
            raise ValueError("an Ace is never discarded")
        s.gone |= 1ULL << c
        s.ngone += 1
    s.strict = 1 if strict else 0
    s.discard_first = 1 if discard_first else 0
    s.dominance = 1 if dominance else 0
    s.twophase = 1 if must_move else 0
    s.lastfast = 1 if last_fast else 0
    s.reduce = 1 if reduce else 0
    s.tabledeals = 1 if table_deals else 0
    s.seedtop = 1
    s.lastsuit = 4
    s.fresh = 1
    return 0


# The search of a reduced game (ac_reduced_lost): the Aces Up search, with what the
# reduced searches of the deal have proved
cdef GameOps AC_SUB_OPS
AC_SUB_OPS.gen = <gen_fn> ac_gen
AC_SUB_OPS.make = <make_fn> ac_make
AC_SUB_OPS.unmake = <unmake_fn> ac_unmake
AC_SUB_OPS.key = <key_fn> ac_key
AC_SUB_OPS.won = <won_fn> ac_won
AC_SUB_OPS.finish = <finish_fn> ac_sub_finish
AC_SUB_OPS.key_words = <key_words_fn> ac_key_words
AC_SUB_OPS.max_moves = AC_MAX_MOVES
AC_SUB_OPS.value = <value_fn> ac_value
AC_SUB_OPS.bound = <bound_fn> ac_search_bound
AC_SUB_OPS.dominated = <dominated_fn> ac_sub_dominated
AC_SUB_OPS.child_key = NULL
