# Klondike in the core: the packed state, move generation, make/unmake, canonical key.
#
# Cards are bytes: card = suit * 13 + rank, rank 0 = Ace .. 12 = King, suits S H D C
# (hearts and diamonds red), the numbering of kabalsolve.cards.
#
# The talon (stock and waste) is one ordered list tal[0..ntal-1]: tal[0..wp-1] is the
# waste (bottom -> top) and tal[wp..] the stock in turning order.  Turning moves wp
# forward by `draw`; recycling sets wp to 0; cards only ever leave the talon, so its
# order never changes and the key only needs which of the 24 dealt stock cards remain
# (a 24-bit mask) and wp.  The search never turns cards on its own: it plays "the talon
# card at index j", any j that some number of turns (and recycles) brings to the top
# (the K+ macro moves of Bjarnason et al.); the turns are rebuilt when the solution
# is decoded.
#
# The danish variant (the Danish 7-kabale, danish = 1, draw 3) keeps the same list, read as a
# circle: only the current three are in play, and the cards left of them go under the
# stock when the next three are turned, in the order they were turned, so the circle
# keeps the dealt order and cards only leave it.  wp is then the index of the next card
# to turn (0 .. ntal - 1) and gl how many of the current three are left: they are the
# gl cards before wp on the circle, tal[wp - 1] (or tal[ntal - 1] if wp = 0) on top.  A
# turn shows tal[wp .. wp + k - 1] (k = min(3, ntal), round the circle) and is legal
# while some card is not in the three (gl < ntal).  A turn that shows tal[ntal - 1], the
# last card of the circle in dealt order, ends a pass and counts in `recycles` (legal
# turns: recycles <= max_recycles, so max_recycles = passes - 1 as in classic).  A talon
# move plays either the top of the current three (no turn) or the top of a new three
# after the fewest turns that show it (the flag KL_TURNED in the code): the talon after
# it is the same whichever number of turns showed it, but not the same as with no turn
# (other cards lie under it).
#
# Move code (uint32): type in bits 0-3, a in 4-8, b in 9-13, n in 14-18.
#   T2F  a=column                      top card of column a to its foundation
#   W2F  a=talon index, n=recycles     talon card a to its foundation (danish: bit 19
#                                      = KL_TURNED, see above)
#   W2T  a=talon index, b=column, n=recycles
#   T2T  a=from column, b=to column, n=cards
#   F2T  a=suit, b=column              top card of a foundation onto column b
#   SWAPF a=column, b=column, n=cards  the n cards above card q of column a go onto q's
#                                      twin (top of column b), then q goes up: the only
#                                      way the search moves part of a built run (proof
#                                      at kl_gen)
# Undo code (uint32): old wp in bits 0-4, old gl in bits 5-6, "a card was turned up" in bit 8, the card
# moved in bits 16-21, the talon card's dealt index in bits 24-28.

cdef enum:
    KL_T2F = 0
    KL_W2F = 1
    KL_W2T = 2
    KL_T2T = 3
    KL_F2T = 4
    KL_SWAPF = 5
    KL_MAX_MOVES = 1024    # far above any position's count (7 x 13 splits x 3 targets + talon)
    KL_NOLIMIT = 255
    KL_TURNED = 1 << 19    # danish talon move: turn first (see above)
    KL_REC_TURNED = 32     # the same flag in kl_reachable's rec (n is bits 14-18)
    KL_DEAD_AFTER = 300
    KL_BUCKET = 64         # room for one bucket of kl_gen's moves


cdef struct KState:
    uint8_t found[4]          # cards up per suit
    uint8_t ndown[7]          # face-down cards per column
    uint8_t nup[7]            # face-up cards per column
    uint8_t up[7][13]         # face-up run per column, bottom -> top
    uint8_t down[7][7]        # the dealt face-down cards; down[c][0..ndown-1] remain
    uint8_t bottom[7]         # the card dealt at the bottom of each column (255: none)
    uint8_t tal[24]           # talon cards in order
    uint8_t tidx[24]          # dealt stock index of each talon card
    uint8_t ntal
    uint8_t wp                # cards in the waste: tal[wp-1] is on top
    uint8_t recycles          # recycles used (counted only with limited passes)
    uint32_t talmask          # bit i: dealt stock card i is still in the talon
    # card sets (bit = card), kept up to date by kl_make / kl_unmake so that kl_gen and
    # kl_dead need not walk the columns and the talon to build them
    uint64_t upm              # the face-up cards of the tableau
    uint64_t tcm              # the cards in the talon
    uint64_t play             # the next card of each foundation (none for a full one)
    # rules
    uint8_t draw
    uint8_t max_recycles      # KL_NOLIMIT = unlimited passes
    uint8_t f2t               # foundation-to-tableau moves allowed
    uint8_t danish            # the queue stock of the Danish 7-kabale (see above)
    uint8_t gl                # danish: cards left of the current three
    # search settings
    uint8_t flip              # emit the moves of each bucket in reverse order
    uint8_t kw                # key width in words (kl_key)
    uint8_t deadcut           # kl_gen cuts positions kl_dead proves lost (win search)
    uint32_t ngen             # kl_gen calls so far, up to dead_after
    uint32_t dead_after       # the cut starts after this many kl_gen calls
    uint8_t radix[7]          # face-down counts at the start + 2 (kl_key)
    # kl_key's column part, kept up to date by kl_make / kl_unmake (a move changes the
    # digit of a column only when it turns a card up, empties it or fills it):
    uint8_t colv[7]           # each column's digit (kl_colv)
    uint32_t mult[7]          # its weight: the product of the radixes before it
    uint32_t cols             # sum of colv[c] * mult[c]


cdef uint8_t RANK_OF[52]
cdef uint8_t SUIT_OF[52]
cdef uint8_t RED_OF[52]
cdef uint8_t TWIN_OF[52]
for _c in range(52):
    RANK_OF[_c] = _c % 13
    SUIT_OF[_c] = _c // 13
    RED_OF[_c] = 1 if 1 <= _c // 13 <= 2 else 0
    TWIN_OF[_c] = (3 - _c // 13) * 13 + _c % 13   # same rank and colour, other suit


cdef uint32_t MULTIPLES_OF[25]  # bit w: w (0 .. 24) is a multiple of d (wp % draw == 0)
for _d in range(1, 25):
    MULTIPLES_OF[_d] = sum(1 << _w for _w in range(0, 25, _d))

cdef uint64_t CHILD_OF[52]    # the cards that fit on each card: next lower rank, other colour
for _c in range(52):
    CHILD_OF[_c] = sum(1 << (_s * 13 + _c % 13 - 1) for _s in range(4)
                       if _c % 13 and RED_OF[_s * 13] != RED_OF[_c])


cdef inline int c_rank(int c) noexcept nogil:
    return RANK_OF[c]

cdef inline int c_suit(int c) noexcept nogil:
    return SUIT_OF[c]

cdef inline int c_red(int c) noexcept nogil:
    return RED_OF[c]

cdef inline int c_twin(int c) noexcept nogil:
    return TWIN_OF[c]

cdef inline uint32_t kl_code(int t, int a, int b, int n) noexcept nogil:
    return <uint32_t>(t | (a << 4) | (b << 9) | (n << 14))

cdef inline int fits_on(int card, int top) noexcept nogil:
    return c_rank(top) == c_rank(card) + 1 and c_red(top) != c_red(card)

cdef inline int col_accepts(KState* s, int col, int card) noexcept nogil:
    if s.nup[col] == 0:
        return s.ndown[col] == 0 and c_rank(card) == 12
    return fits_on(card, s.up[col][s.nup[col] - 1])

cdef inline int playable(KState* s, int card) noexcept nogil:
    return s.found[c_suit(card)] == c_rank(card)


cdef int kl_is_safe(KState* s, int card) noexcept nogil:
    # Is sending `card` (playable now) to its foundation at once never worse than any
    # other move?  r is the 1-based rank, o1/o2 the other-colour suits, t the twin suit.
    #
    # With foundation-to-tableau moves allowed: safe when f(o1), f(o2) >= r - 1 and
    # f(t) >= r - 2.  Proof: let U be the cards up now of rank <= r - 2 (all suits) and of
    # rank r - 1 in suits o1, o2 and the card's own suit: all of them are up.  Anything
    # that can sit on a U card has rank <= r - 2, so is in U too: no card that is not up
    # now can ever lie on a U card.  Take any win W.  Delete from W every move of a U
    # card (each trip of a U card down from its foundation and back) and drop U cards
    # from moved runs: U cards only ever sit, in W, on top of runs and never directly
    # on face-down cards or in empty columns (no U card is a King), so every other move
    # stays legal (foundation moves of other cards need the U cards of their suit up,
    # which they now always are).  In this shorter win nothing ever lies on `card`
    # (only r - 1 cards of the other colour could, and they are in U) and the r - 1 of
    # its suit never comes down, so moving `card` up first and deleting its later moves
    # (or dropping it from moved runs) is still a win, one move shorter.
    #
    # Without foundation-to-tableau moves: safe when f(o1), f(o2) >= r - 2 and
    # f(t) >= r - 3 (the "safe autoplay" rule).  Proof: foundations only grow.  Only the
    # r - 1 cards x of the other colour could go on `card`; each is up or playable (its
    # foundation stands at r - 2 until it goes up).  On x only an r - 2 card y of the
    # card's colour could go: the own-suit one is up, the twin-suit one is up or
    # playable.  On y only r - 3 cards of the other colour, all up.  So in any win W,
    # replace each "x onto card" and "y onto x" by "x (y) to its foundation", skip the
    # moves of cards so sent up early, and `card` is never needed in the tableau.
    #
    # Both rules are checked by tests/test_dominance.py on deals built so that a looser
    # rule would lose a winnable deal.
    # (The tests are combined with & rather than "and": no branch to guess.)
    cdef int r = c_rank(card) + 1 - (s.f2t == 0)       # the rank the rules compare with
    cdef int su = c_suit(card)
    cdef int o1 = c_red(card) ^ 1, t = 3 - su           # the other colour: suits o1, 3 - o1
    return ((s.found[o1] >= r - 1) & (s.found[3 - o1] >= r - 1)
            & (s.found[t] >= r - 2))


cdef int kl_reachable_danish(KState* s, int* idx, int* rec) noexcept nogil:
    # kl_reachable for the danish queue: the top of the current three (no turn), then
    # the top of each new three the turns show, first time only, with the passes that
    # the turns end and KL_REC_TURNED.  The tops after turns come round with a period
    # (wp + i * k mod ntal), so one full round finds them all.
    cdef int n = 0, p, k, w = 0, top, ntal = s.ntal
    cdef uint32_t seen = 0
    if ntal == 0:
        return 0
    if s.gl:
        idx[0] = s.wp - 1 if s.wp else ntal - 1
        rec[0] = 0
        n = 1
    if s.gl >= ntal:
        return n                      # the stock is empty: no turn
    k = 3 if ntal >= 3 else ntal
    p = s.wp
    while True:
        if s.max_recycles != KL_NOLIMIT and s.recycles + w > s.max_recycles:
            break
        if p + k >= ntal:
            w += 1                    # this turn shows tal[ntal - 1]: a pass ends
            p = p + k - ntal
        else:
            p = p + k
        top = p - 1 if p else ntal - 1
        if not (seen >> top) & 1:
            seen |= 1u << top
            idx[n] = top; rec[n] = w | KL_REC_TURNED; n += 1
        if k >= ntal or p == s.wp:
            break                     # all in the three, or a full round
    return n


cdef int kl_reachable(KState* s, int* idx, int* rec) noexcept nogil:
    # Talon indices whose card some number of turns brings to the top of the waste, each
    # with the recycles the first such route needs.  Returns how many.
    cdef int n = 0, p, d = s.draw, ntal = s.ntal
    cdef uint32_t seen = 0
    if s.danish:
        return kl_reachable_danish(s, idx, rec)
    if ntal == 0:
        return 0
    p = s.wp
    while True:
        if p > 0 and not (seen >> (p - 1)) & 1:
            seen |= 1u << (p - 1)
            idx[n] = p - 1; rec[n] = 0; n += 1
        if p >= ntal:
            break
        p = p + d if p + d < ntal else ntal
    if s.max_recycles != KL_NOLIMIT and s.recycles >= s.max_recycles:
        return n
    p = 0
    while p < ntal:
        p = p + d if p + d < ntal else ntal
        if not (seen >> (p - 1)) & 1:
            seen |= 1u << (p - 1)
            idx[n] = p - 1; rec[n] = 1; n += 1
    return n


cdef uint32_t EVERY_FROM[25][24]   # [d][w]: the talon indices w, w + d, w + 2d, ... (< 24)
for _d in range(1, 25):
    for _w in range(24):
        EVERY_FROM[_d][_w] = sum(1 << _i for _i in range(_w, 24, _d))


cdef inline uint32_t kl_reach_sets(KState* s, uint32_t* later) noexcept nogil:
    # kl_reachable in classic as two sets of talon indices, each listed by kl_reachable
    # in rising order: the tops that turning from wp shows in this pass (returned:
    # wp - 1, wp - 1 + draw, ... and the last card) and those it shows only after a
    # recycle (later: draw - 1, 2 draw - 1, ... and the last card, less the others).
    cdef int ntal = s.ntal, d = s.draw
    cdef uint32_t below, last, now
    later[0] = 0
    if ntal == 0:
        return 0
    below = (1u << ntal) - 1
    last = 1u << (ntal - 1)
    now = (EVERY_FROM[d][s.wp - 1 if s.wp > 0 else d - 1] & below) | last
    if s.max_recycles == KL_NOLIMIT or s.recycles < s.max_recycles:
        later[0] = ((EVERY_FROM[d][d - 1] & below) | last) & ~now
    return now


cdef inline int first_empty(KState* s) noexcept nogil:
    cdef int j
    for j in range(7):
        if s.nup[j] == 0 and s.ndown[j] == 0:
            return j
    return -1


# Card sets as bits: suit su's cards are bits 13 * su .. 13 * su + 12 (a "lane" per suit,
# rank 0 = Ace lowest), spades and clubs (lanes 0 and 3) black, hearts and diamonds red.
# (C constants, so that the compiler folds them)
cdef extern from *:
    """
    #define KL_LANE 0x1FFFULL                 /* one suit's 13 ranks */
    #define KL_NO_ACES 0xFFF7FFBFFDFFEULL     /* every card but the Aces */
    #define KL_KINGS 0x8004002001000ULL       /* the four Kings */
    #define KL_LANE_ACES 0x8004002001ULL      /* the four Aces: bit 0 of each lane */
    """
    const uint64_t LANE "KL_LANE"
    const uint64_t NO_ACES "KL_NO_ACES"
    const uint64_t KINGS "KL_KINGS"
    const uint64_t LANE_ACES "KL_LANE_ACES"


cdef inline uint64_t cards_twin(uint64_t m) noexcept nogil:
    # the twins of m's cards (same rank and colour, the other suit): lanes S H D C
    # become C D H S
    return (((m & LANE) << 39) | (((m >> 13) & LANE) << 26)
            | (((m >> 26) & LANE) << 13) | (m >> 39))


cdef inline uint64_t cards_parents(uint64_t m) noexcept nogil:
    # the cards one of m's cards fits on: one rank higher, the other colour
    cdef uint64_t bl = ((m | (m >> 39)) & LANE) << 1          # black ranks + 1
    cdef uint64_t rd = (((m >> 13) | (m >> 26)) & LANE) << 1  # red ranks + 1
    bl &= 0x1FFE
    rd &= 0x1FFE
    return rd | (bl << 13) | (bl << 26) | (rd << 39)


cdef inline uint64_t cards_children(uint64_t m) noexcept nogil:
    # the cards that fit on one of m's cards: one rank lower, the other colour
    cdef uint64_t bl = ((m | (m >> 39)) & LANE) >> 1          # black ranks - 1
    cdef uint64_t rd = (((m >> 13) | (m >> 26)) & LANE) >> 1  # red ranks - 1
    return rd | (bl << 13) | (bl << 26) | (rd << 39)


cdef inline uint64_t cards_playable(KState* s) noexcept nogil:
    # the next card of each foundation (none for a full one)
    cdef uint64_t p = 0
    cdef int su
    for su in range(4):
        if s.found[su] < 13:
            p |= 1ULL << (su * 13 + s.found[su])
    return p


cdef void kl_followers(KState* s, uint64_t play, uint64_t base, uint64_t reach,
                       uint64_t tops, uint64_t* follow, uint64_t* down_ok) noexcept nogil:
    # For every card, bit sets of:
    #   follow:  if the card were put on the tableau now (from a foundation or the
    #            talon), a card x could go onto it at once by a move the search makes.  x
    #            has the next lower rank and the other colour and is the base of a column
    #            (its run moves whole); on top of its foundation with down_ok (a chain of
    #            moves down, pruning 5); reachable in the talon (and, with draw 1 and
    #            unlimited passes, itself in follow, pruning 6); or x lies on the card's
    #            twin q* while q* can go up (SWAPF moves x's run onto the card, q* goes up).
    #   down_ok: the card is on top of its foundation and bringing it down is of use: a
    #            card can follow it (follow), or the card below it can usefully come down
    #            next (pruning 5).  Never for an Ace: nothing fits on an Ace.
    # play: the next card of each foundation; base: the bottom face-up card of each
    # column; reach: the reachable talon cards; tops: the top card of each column.
    #
    # A card's bits depend on cards of the rank below only, so the sets are the one
    # solution of equations that go up the ranks.  Instead of walking the 12 ranks x 4
    # suits, all cards are done at once with bit operations: start from empty sets and
    # apply the equations to every card until nothing changes; the sets only grow, and
    # after k rounds every card whose bits depend on a chain of k ranks has them, so
    # this ends (after a few rounds: chains through the talon at draw 1, or through
    # down_ok, are short) on that solution.
    #   follow = parents(x) | twin(swapq), over the Aces-free cards, where x = base |
    #            down_ok | reach (draw 1 and unlimited passes: reach & follow), and
    #            swapq = the playable cards with a run on them;
    #   down_ok = the top of each foundation of two cards or more (suit su, rank
    #            found - 1) when follow holds one of its suit's ranks 1 .. found - 1.
    cdef uint64_t f = 0, d = 0, fn, dn, x
    cdef uint64_t lm[4]
    cdef uint64_t tb[4]
    cdef uint64_t sw = play & s.upm & ~tops
    cdef int su, fs, nd = 0
    cdef int free_talon = s.draw == 1 and s.max_recycles == KL_NOLIMIT and not s.danish
    if sw:
        sw = cards_twin(sw) & NO_ACES
    # for each suit with foundation-to-tableau moves and two cards up or more: lm its
    # ranks 1 .. found - 1, tb its top (both empty for the other suits, so that the
    # rounds below test all four suits without a branch)
    for su in range(4):
        fs = s.found[su]
        if s.f2t and fs >= 2:
            lm[su] = ((1ULL << fs) - 2) << (13 * su)
            tb[su] = 1ULL << (13 * su + fs - 1)
            nd += 1
        else:
            lm[su] = 0
            tb[su] = 0
    if nd == 0 and not free_talon:
        follow[0] = cards_parents(base | reach) | sw             # one round is the solution
        down_ok[0] = 0
        return
    while True:
        x = base | d | (reach & f if free_talon else reach)
        fn = cards_parents(x) | sw
        dn = ((tb[0] & -<uint64_t> ((fn & lm[0]) != 0))
              | (tb[1] & -<uint64_t> ((fn & lm[1]) != 0))
              | (tb[2] & -<uint64_t> ((fn & lm[2]) != 0))
              | (tb[3] & -<uint64_t> ((fn & lm[3]) != 0)))
        if fn == f and dn == d:
            break
        f = fn
        d = dn
    follow[0] = f
    down_ok[0] = d


cdef int kl_dead(KState* s) noexcept nogil:
    # Is the position provably lost because some card can never be freed?  (The win
    # search's dead-end cut, pruning 7 of kl_gen; never in the max-foundation search.)
    #
    # What pins a card down:
    # - A face-up card of a run is exposed (nothing on it) only once the card lying on
    #   it has moved off: up (once exposed itself, its predecessor up) or onto the only
    #   other card it fits on, the twin of the card it lies on, exposed then.
    # - A face-down card turns up only once the card above it has left the column: the
    #   base of the run (carrying its run) onto an exposed parent, a King into an empty
    #   column, or the base alone up once exposed; then each face-down card in turn.
    # - With no recycle left (classic), the waste is played from its top only, each
    #   card up or onto an exposed parent (a King into an empty column).
    # - Stock cards (and the waste while it can still be recycled) are taken as free:
    #   any of them may leave once it could go up or onto an exposed parent.
    #
    # The closure grows, from the position, supersets of what any line of play can
    # ever do: avail (cards that can ever be exposed: column tops now, cards uncovered
    # as above, turned up, taken from the talon, and with foundation-to-tableau moves
    # the cards on the foundations), freem (cards that can ever be played from where
    # they lie: avail, the waste top as the waste unwinds, the stock), f (how far each
    # foundation can get: its next card must be in freem), and the pointers p, q of
    # how far each stack can be unwound.  Proof that they are supersets: follow any
    # line of play move by move; the first time it uncovers, turns up, takes from the
    # talon or sends up a card, the rule above held with cards the line exposed or
    # sent up earlier, which the closure holds by induction (the closure ignores what a
    # line must also satisfy: a parent exposed at the right moment, holding one card at
    # a time, a foundation card that must come down first, ...).  So if a stack is not
    # unwound in the closure (or a talon card can never leave), a card is never
    # uncovered, turned up or taken, it never goes up, and the position is lost.
    # Checked by tests/test_deadend.py: the brute force of the reference rules on the
    # positions it calls lost, and verdicts with and without the cut.
    #
    # How it is computed: the closure only grows, so the order its rules are applied in
    # does not change where it ends.  The runs are done for all cards at once with bit
    # operations, repeated while they expose more; the stacks are unwound one card at
    # a time.  The run rule is applied as "a hidden run card b is exposed when its twin
    # is, or when a child of b (one rank lower, other colour) that lies in a run, not
    # at its base, is exposed and can go up", without looking which card lies on b:
    # the closure is the same.  Such a child x lies on b or on b's twin b*; if on b*,
    # the exact rule exposes b* (x is on it and can go up), and then b by its twin.
    cdef uint64_t tops = 0, bases = 0, kbase = 0
    cdef uint8_t wcol[52]
    cdef int c
    for c in range(7):
        if s.nup[c]:
            tops |= 1ULL << s.up[c][s.nup[c] - 1]
            bases |= 1ULL << s.up[c][0]
            if s.ndown[c]:
                kbase |= 1ULL << s.up[c][0]
                wcol[s.up[c][0]] = c
    return kl_dead_sets(s, tops, bases, kbase, wcol)


cdef int kl_dead_sets(KState* s, uint64_t tops, uint64_t bases, uint64_t kbase,
                      uint8_t* wcol) noexcept nogil:
    # kl_dead from what kl_gen has found already: the top and the bottom face-up card
    # of each column (tops, bases), those bottom cards with face-down cards under them
    # (kbase), and wcol[card] = the column of each card of kbase (the closure writes
    # more entries: the face-down cards it turns up).
    cdef uint64_t avail = 0, freem = 0, pend = 0, chok, upok, x, e, v, z
    cdef uint64_t wait, nextm, fup = 0
    cdef uint64_t runs = s.upm       # the face-up cards
    cdef uint64_t hidden             # the run cards not exposed yet
    cdef uint64_t lying              # the face-up cards that lie on another
    cdef int p[8]
    cdef int c, i, su, changed, stack_waste, nstk = 0
    stack_waste = (not s.danish and s.max_recycles != KL_NOLIMIT
                   and s.recycles >= s.max_recycles)
    for su in range(4):
        fup |= ((1ULL << s.found[su]) - 1) << (13 * su)      # the cards up
    if s.f2t:
        avail = fup
    for c in range(7):
        p[c] = s.ndown[c] - (s.ndown[c] == 0)        # its face-down count, or -1
    nstk = __builtin_popcountll(kbase)    # the columns with face-down cards
    avail |= tops
    p[7] = -1
    if stack_waste:
        for i in range(s.wp, s.ntal):
            pend |= 1ULL << s.tal[i]
    else:
        pend = s.tcm
    if stack_waste and s.wp > 0:
        p[7] = s.wp - 1
        freem |= 1ULL << s.tal[s.wp - 1]
        nstk += 1
    freem |= avail | pend
    # chok: the cards that may leave onto a parent: Kings and the children of avail
    # cards (grown with avail); upok: the cards that can be up and the next card of
    # each suit; nextm: the next card of each suit that is not full
    chok = KINGS | cards_children(avail)
    nextm = s.play
    upok = fup | nextm
    hidden = runs & ~avail
    lying = runs & ~bases
    # Each pass below skips the steps that cannot do anything: the columns whose card
    # on top of their stack (wait; wcol[card] is its column: a base that must leave,
    # or a face-down card turned up that must leave) cannot leave yet; the
    # foundations while freem holds no next card (nextm).  A card on top of a stack
    # may leave onto a parent (chok), or up once exposed (upok & avail: a face-down
    # card is exposed once it is on top of its stack).
    wait = kbase
    changed = 1
    while changed:
        changed = 0
        # the face-up runs: a card is exposed once the card on it moves off with
        # whatever lies on that, onto the twin of the card (exposed then), or goes
        # up alone (exposed itself)
        while hidden:
            e = (cards_parents(avail & upok & lying) | cards_twin(avail)) & hidden
            if not e:
                break
            changed = 1
            avail |= e
            freem |= e
            chok |= cards_children(e)
            hidden &= ~e
        # the columns: the base leaves (with its run) onto a parent or an empty
        # column, or up once exposed; then each face-down card in turn
        x = wait & (chok | (upok & avail))
        while x:
            i = __builtin_ctzll(x)
            x &= x - 1
            wait &= ~(1ULL << i)
            c = wcol[i]
            changed = 1
            while True:
                p[c] -= 1
                if p[c] < 0:
                    nstk -= 1
                    break
                i = s.down[c][p[c]]
                avail |= 1ULL << i
                freem |= 1ULL << i
                chok |= CHILD_OF[i]
                if not ((chok | upok) >> i) & 1:
                    wait |= 1ULL << i
                    wcol[i] = c
                    break
        while p[7] >= 0:
            i = s.tal[p[7]]
            if not ((chok | upok) >> i) & 1:
                break
            avail |= 1ULL << i
            chok |= CHILD_OF[i]
            p[7] -= 1
            changed = 1
            nstk -= p[7] < 0
            if p[7] >= 0:
                freem |= 1ULL << s.tal[p[7]]
        x = pend & (chok | upok)
        if x:
            avail |= x
            pend &= ~x
            changed = 1
            chok |= cards_children(x)
        # the foundations: each grows over the run of its next cards in freem, all
        # four at once: in each suit's lane of v (cards up or free, the King left
        # out so that no sum carries into the next lane) adding 1 at the Ace turns the
        # run of ones from the Ace to zeros and the first zero to a one (z), so the
        # suit can get up to z's rank (the King too if it is free: the lane of upok is
        # whole either way), and its next card is z's card unless it is free
        if freem & nextm:
            v = freem | fup
            z = v & ~KINGS
            z = (z + LANE_ACES) & ~z
            upok = z | (z - LANE_ACES)
            nextm = z & ~v
            changed = 1
        if nstk == 0 and pend == 0 and not hidden:
            return 0                 # every card can be freed: no proof
    return 1


cdef int kl_king_ready(KState* s, int* tidx, int nt) noexcept nogil:
    # Is a King ready to enter an empty column at once: the base of a column with
    # face-down cards, reachable in the talon, or on top of its foundation?
    cdef int c, i
    for c in range(7):
        if s.ndown[c] and c_rank(s.up[c][0]) == 12:
            return 1
    for i in range(nt):
        if c_rank(s.tal[tidx[i]]) == 12:
            return 1
    if s.f2t:
        for i in range(4):
            if s.found[i] == 13:
                return 1
    return 0


cdef inline int kl_onto(KState* s, const int8_t* on_top, int card, int c, int fe,
                        int* out) noexcept nogil:
    # The columns other than c that card may go onto, in column order, as kl_gen's
    # loops over every column would find them: a King only onto the first empty column
    # fe, any other card onto a face-up top one rank higher of the other colour (at
    # most two columns: on_top maps a card to the column it tops, or -1).
    cdef int r = c_rank(card), pa, j1, j2, lo, hi, n
    if r == 12:
        if fe >= 0 and fe != c:
            out[0] = fe
            return 1
        return 0
    pa = (0 if c_red(card) else 13) + r + 1
    j1 = on_top[pa]
    j2 = on_top[c_twin(pa)]
    # the lower first; written so that the compiler needs no branch
    lo = j1 if j1 < j2 else j2
    hi = j2 if j1 < j2 else j1
    out[0] = lo
    n = (lo >= 0) & (lo != c)
    out[n] = hi
    return n + ((hi >= 0) & (hi != c))


cdef int kl_gen_full(KState* s, uint32_t* out) noexcept nogil:
    # kl_gen with full=1: every legal macro move, unpruned and unordered
    cdef int n = 0, c, j, k, card, nt, i
    cdef int tidx[24]
    cdef int trec[24]
    nt = kl_reachable(s, tidx, trec)
    for c in range(7):
        if s.nup[c]:
            if playable(s, s.up[c][s.nup[c] - 1]):
                out[n] = kl_code(KL_T2F, c, 0, 0); n += 1
            for k in range(s.nup[c]):
                card = s.up[c][k]
                for j in range(7):
                    if j != c and col_accepts(s, j, card):
                        out[n] = kl_code(KL_T2T, c, j, s.nup[c] - k); n += 1
    for i in range(nt):
        card = s.tal[tidx[i]]
        if playable(s, card):
            out[n] = kl_code(KL_W2F, tidx[i], 0, trec[i]); n += 1
        for j in range(7):
            if col_accepts(s, j, card):
                out[n] = kl_code(KL_W2T, tidx[i], j, trec[i]); n += 1
    if s.f2t:
        for k in range(4):
            if s.found[k]:
                card = k * 13 + s.found[k] - 1
                for j in range(7):
                    if col_accepts(s, j, card):
                        out[n] = kl_code(KL_F2T, k, j, 0); n += 1
    return n


cdef inline uint32_t kl_tal_find(KState* s, int card) noexcept nogil:
    # The index of card in tal (it must be in the talon), as a one-bit set.  tal's 24
    # bytes are read as three words, and the bytes equal to card are flagged with the
    # "has a zero byte" trick on (word ^ card in every byte); a multiplication gathers
    # each word's flags into 8 bits (byte i: bit i).  The lowest flag is exact (the
    # borrow can only flag bytes above a zero one), and bytes past ntal, which hold
    # leftovers, come after the card's real place.  No branch.
    cdef uint64_t w0, w1, w2, v = 0x0101010101010101ULL * <uint64_t>card
    cdef uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL
    cdef uint64_t gather = 0x0002040810204081ULL    # byte i's top bit -> bit 56 + i
    memcpy(&w0, &s.tal[0], 8)
    memcpy(&w1, &s.tal[8], 8)
    memcpy(&w2, &s.tal[16], 8)
    w0 ^= v
    w1 ^= v
    w2 ^= v
    w0 = ((w0 - ones) & ~w0 & highs) * gather
    w1 = ((w1 - ones) & ~w1 & highs) * gather
    w2 = ((w2 - ones) & ~w2 & highs) * gather
    w0 = (w0 >> 56) | ((w1 >> 56) << 8) | ((w2 >> 56) << 16)
    return <uint32_t> (w0 & (~w0 + 1))          # the lowest flag


cdef inline uint32_t kl_tal_set(KState* s, uint64_t cards) noexcept nogil:
    # the talon indices of cards (a set of talon cards), as a set
    cdef uint32_t m = 0
    while cards:
        m |= kl_tal_find(s, __builtin_ctzll(cards))
        cards &= cards - 1
    return m


cdef inline int kl_put_bucket(uint32_t* out, int n, const uint32_t* buckets, const int* nb,
                              int k) noexcept nogil:
    # kl_gen's bucket k appended to out[0 .. n - 1]; returns the new length
    cdef int cnt = nb[k] - k * KL_BUCKET
    memcpy(out + n, buckets + k * KL_BUCKET, 8 * sizeof(uint32_t))
    if cnt > 8:
        memcpy(out + n + 8, buckets + k * KL_BUCKET + 8, (cnt - 8) * sizeof(uint32_t))
    return n + cnt


cdef int kl_gen(KState* s, uint32_t* out, int full) noexcept nogil:
    # All moves worth trying from s, best first; with full=1, every legal macro move
    # unpruned and unordered (for perft against the Python rules).
    #
    # Pruning (full=0), each provably losing no win:
    # 1. A safe foundation move (kl_is_safe) is the only move generated.  From the talon
    #    only with draw 1 and unlimited passes, where every talon card is always
    #    reachable, so taking one out changes nothing else (with draw 3 it shifts the
    #    groups of three; with limited passes reaching it turns past the cards before
    #    it, which may then be out of reach: tests/test_passes.py catches that).
    # 2. Part of a built run moves only as SWAPF.  Proof: the card a above q in a run
    #    fits only on q or on q's twin q*, so moving part of a run means moving the run
    #    above q onto q*.  Call two positions equivalent when they differ only by which
    #    of twins q, q* (both face up) holds which run.  Every move from a position has
    #    a counterpart from any equivalent one (targets are chosen by rank and colour,
    #    so use whichever twin is free; bases of columns and face-down cards are the
    #    same) leading to equivalent positions, except sending q up, which needs q free:
    #    there the swap is made first, as SWAPF does.  So a win never needs other
    #    partial moves.
    # 3. A King goes only to the first empty column, and never from a column without
    #    face-down cards: columns without face-down cards are interchangeable (the key
    #    does not tell them apart), so those moves lead to the same key.
    # 4. A whole run moves off a column with no face-down card (emptying it) only when no
    #    column is empty and a King is ready to go into it at once (kl_king_ready).
    #    Proof: emptying a column is useful only for a King to come in (the run itself is
    #    as free in its own column as on its new parent).  In a win, delay the emptying
    #    move to just before that King moves in: moves in between that touch the run
    #    work the same with the run still in its column, and a move of the run's new
    #    parent column takes the run along, which is undone by moving the run later onto
    #    the parent where it now is.  If another column is empty then, the King can go
    #    there instead and the emptying is delayed further.
    # 5. A card m comes down from its foundation only if a card x that fits on it is ready
    #    to follow at once (kl_followers), or the card below m on the foundation can
    #    usefully come down next (kl_followers), and never an Ace.  Proof: m down only
    #    covers the card it lies on and lets the card below it come down; if neither a
    #    card is put on m nor the one below comes down during its trip, delete the trip.
    #    Otherwise delay the move down to just before the first of those two; moves in
    #    between do not need m down (only m can go up onto its foundation) and a move of m
    #    itself is merged into the move down.  At that point x is a column base, reachable
    #    in the talon, on top of its foundation (a chain of moves down), or lies on m's
    #    twin, which then goes up (SWAPF; any other move of x off the twin only exchanges
    #    what two twins hold, see 2).  (Missing the second case once made a won deal,
    #    seed 43 of our generator at draw 1, come out lost: tests/test_solve.py keeps it.)
    # 6. With draw 1 and unlimited passes, a talon card goes to the tableau only if a card
    #    is ready to go onto it at once (kl_followers).  Proof: every talon card is
    #    reachable at any time and taking one out changes the reach of no other, so in a
    #    win the move can be delayed to just before a card goes onto it (or replaced by a
    #    talon-to-foundation move when it goes up first), as in 5.
    cdef int n = 0, c, j, k, card, q, fe = -1, empty_useful, free_talon, nup, cnt
    cdef int start = 0    # read only where free_talon set it; gcc cannot see that
    cdef int cne = 0, ct2f = 0, ct2t = 0, cs     # sets of columns (see below)
    cdef uint64_t follow = 0, down_ok = 0, basem = 0, tops = 0, kbase = 0, reach, play, x, y
    cdef uint64_t fits
    cdef uint32_t inow = 0, ilater = 0, icand = 0   # classic talon: sets of indices
    cdef int tidx[24]
    cdef int trec[24]
    cdef int nt = 0, i
    # the buckets of moves, KL_BUCKET apart in one array (no bucket holds more than
    # 7 x 2 tableau moves, or 24 talon cards x 2 targets)
    cdef uint32_t buckets[6 * KL_BUCKET]
    cdef int nb[6]
    cdef int8_t on_top[52]
    cdef uint8_t basecol[52]
    cdef int onto[2]
    cdef int nto
    cdef uint32_t m            # talon candidates at draw 1: a set of indices

    if full:
        return kl_gen_full(s, out)

    # what the rest needs, in one pass over the columns: play (the next card of each
    # foundation, kept in the state), on_top (the column a card tops, or -1), tops,
    # basem (the bottom face-up card of each column; basecol[card]: its column), kbase
    # (those with face-down cards under them), fe (the first empty column, or -1), as
    # sets of columns (bit c: column c) cne (not empty) and ct2f (its top is
    # playable), and then fits (the cards that fit on a column's top).  Written
    # without branches where the processor could not guess them.
    play = s.play
    memset(on_top, -1, sizeof(on_top))
    for c in range(7):
        nup = s.nup[c]
        if nup:
            card = s.up[c][nup - 1]
            on_top[card] = c
            tops |= 1ULL << card
            ct2f |= <int> ((play >> card) & 1) << c
            cne |= 1 << c
            card = s.up[c][0]
            basecol[card] = c
            basem |= 1ULL << card
            kbase |= <uint64_t> (s.ndown[c] != 0) << card
        elif fe < 0 and s.ndown[c] == 0:
            fe = c
    fits = cards_children(tops)

    # At draw 1 with unlimited passes every talon card is reachable: kl_reachable would
    # list all of them, in the order tal[start], tal[start + 1], ..., round to
    # tal[start - 1] (start = wp - 1, or 0 with an empty waste), those before start
    # after a recycle.  So the talon is handled as the set s.tcm, and only the few
    # cards a move is made with are looked up in it and put in that order (kl_gen's
    # own order).
    free_talon = s.draw == 1 and s.max_recycles == KL_NOLIMIT and not s.danish
    if free_talon:
        reach = s.tcm
        start = s.wp - 1 if s.wp > 0 else 0
    elif s.danish:
        nt = kl_reachable(s, tidx, trec)
        reach = 0
        for i in range(nt):
            reach |= 1ULL << s.tal[tidx[i]]
    else:
        # the reachable talon cards, and the indices of those that can make a move (to
        # the foundation, onto a top, a King to a column)
        inow = kl_reach_sets(s, &ilater)
        reach = 0
        icand = 0
        x = inow | ilater
        while x:
            j = __builtin_ctz(<uint32_t> x)
            x &= x - 1
            card = s.tal[j]
            reach |= 1ULL << card
            icand |= <uint32_t> (((play | fits | KINGS) >> card) & 1) << j

    # 1. forced safe moves
    cs = ct2f
    while cs:
        c = __builtin_ctz(cs)
        cs &= cs - 1
        if kl_is_safe(s, s.up[c][s.nup[c] - 1]):
            out[0] = kl_code(KL_T2F, c, 0, 0)
            return 1
    if free_talon:
        # the first safe one in kl_reachable's order: the safe ones first (a playable
        # card per suit at most), then their order
        x = play & reach
        y = 0
        while x:
            card = __builtin_ctzll(x)
            x &= x - 1
            if kl_is_safe(s, card):
                y |= 1ULL << card
        if y:
            # kl_reachable's order: the indices from start up, then those before it
            m = kl_tal_set(s, y)
            x = m & ~((1u << start) - 1)
            j = __builtin_ctz(<uint32_t> (x if x else m))
            out[0] = kl_code(KL_W2F, j, 0, j < start)
            return 1
    elif not s.danish and (s.draw == 1 or (s.max_recycles != KL_NOLIMIT
                                            and s.recycles >= s.max_recycles)):
        # 1b. The top of the waste, when safe, at draw 1 with any passes, or in the last
        #     pass at any draw; at draw 1 also the next stock card.  Proof: taking the
        #     waste top turns nothing, and taking the next card at draw 1 turns only that
        #     card, so the waste keeps its cards and order (every card a win plays from
        #     the waste is on top when the win plays it), and the stock keeps its order
        #     less that card, so every later turn shows what it showed before, minus that
        #     card (at draw 1 a turn of it becomes no turn; in the last pass no later pass
        #     regroups the stock).  The rest is kl_is_safe's proof: in any win, play the
        #     card up first and delete its later moves.  Not a safe card deeper in the
        #     stock (turning to it covers the waste top), nor the waste top at draw 3
        #     with recycles left (the threes regroup): tests/test_passes.py.
        if s.wp > 0:
            card = s.tal[s.wp - 1]
            if playable(s, card) and kl_is_safe(s, card):
                out[0] = kl_code(KL_W2F, s.wp - 1, 0, 0)
                return 1
        if s.draw == 1 and s.wp < s.ntal:
            card = s.tal[s.wp]
            if playable(s, card) and kl_is_safe(s, card):
                out[0] = kl_code(KL_W2F, s.wp, 0, 0)
                return 1
    elif not s.danish and s.max_recycles == KL_NOLIMIT and s.ntal > 0:
        # 1c. The last card c of the talon, when safe, at draw 2 or more with unlimited
        #     passes: the only move when the talon is at the start of a pass (wp a
        #     multiple of draw, or the whole talon in the waste: the key's wp 0);
        #     otherwise no talon move that needs a recycle first is generated.
        #     Proof: cards only leave the talon, so c stays last until it is taken and
        #     every other card keeps its index whether c is there or not; turning shows
        #     the last card in every pass, and a pass started by a recycle shows the
        #     indices draw - 1, 2 draw - 1, ... and the last, which any wp reaches by
        #     turning to the end and recycling.  Taking c sets wp to the end.  Take any
        #     win W from here, and let W' be "c up", then W less its moves of c (at
        #     least one: c must leave the talon) and of the cards kl_is_safe's proof
        #     deletes (all on their foundations now, none in the talon).  The tableau
        #     and the foundations go as kl_is_safe's proof says.  Each talon move of W
        #     takes its card at the same index in W'; W' has the wp that W has (the
        #     index of the talon card taken last) except at the start, where W' is at
        #     the end, and after W takes c, where W is at the end; from the end a move
        #     takes only cards a recycle shows, which W' reaches from any wp.  So W'
        #     fails only if W's first talon move takes, without a recycle, a card that
        #     this pass shows and a recycle does not: never when the talon is at the
        #     start of a pass now (from wp = k * draw the pass shows k * draw - 1 +
        #     i * draw and the last), and otherwise only by a move generated here.  W'
        #     is no longer than W, and its first move (W2F of c, this pass) is
        #     generated.  Not with limited passes (taking c from the start of a pass
        #     ends the pass, which a win may need), nor in the danish circle, nor at
        #     draw 1 (free_talon and 1b above); tests/klondike/test_dominance.py holds
        #     a position that forcing c up in the middle of a pass loses.
        card = s.tal[s.ntal - 1]
        if playable(s, card) and kl_is_safe(s, card):
            if (MULTIPLES_OF[s.draw] >> s.wp) & 1 or s.wp == s.ntal:
                out[0] = kl_code(KL_W2F, s.ntal - 1, 0, 0)
                return 1
            icand &= inow

    # 7. Dead ends: a position kl_dead proves lost has no move worth trying (the win
    #    search only: s.deadcut; the max-foundation search needs every position).  Not
    #    in a search's first KL_DEAD_AFTER positions: most searches end there, with a
    #    win, and would only pay for the proof (draw 3, unlimited passes, deals 1-300:
    #    the core's median 0.14 ms with the cut from the start, 0.11 ms with it after
    #    300, 0.12 ms without it).  Not in the danish search (its draw-1 proof has
    #    it): the queue stock is taken as free, the proof seldom fires there, and the
    #    slowest danish deal of the bench set (21, 19 M positions) ran 25 % slower.
    if s.ngen < s.dead_after:
        s.ngen += 1
    if (s.deadcut and s.ngen >= s.dead_after and not s.danish
            and kl_dead_sets(s, tops, basem, kbase, basecol)):
        return 0

    # buckets, best first: 0 turn up a card by a foundation move; 1 turn up a card by
    # moving a run; 2 other foundation moves; 3 talon to tableau; 4 runs that empty a
    # column; 5 foundation to tableau
    for k in range(6):
        nb[k] = k * KL_BUCKET
    # pruning 4: a King ready to go into a column emptied now (kl_king_ready)
    empty_useful = fe < 0 and ((reach | kbase) & KINGS != 0 or (s.f2t and (
        s.found[0] == 13 or s.found[1] == 13 or s.found[2] == 13 or s.found[3] == 13)))
    # ct2t: the columns whose run moves: its base onto a parent on top (fits), or a
    # King off face-down cards into the first empty column (pruning 3), and only off
    # face-down cards or when emptying the column is of use (pruning 4)
    x = (fits & (basem if empty_useful else kbase)) | (kbase & KINGS if fe >= 0 else 0)
    while x:
        card = __builtin_ctzll(x)
        x &= x - 1
        ct2t |= 1 << basecol[card]
    # SWAPF needs a playable card with a run on it whose twin tops a column: x holds
    # those cards (most positions have none, and skip the walk of the runs)
    x = play & s.upm & ~tops
    if x:
        x &= cards_twin(tops)
    cs = cne if x else ct2f | ct2t
    while cs:
        c = __builtin_ctz(cs)
        cs &= cs - 1
        nup = s.nup[c]
        if (ct2f >> c) & 1:
            k = 0 if (nup == 1 and s.ndown[c] > 0) else 2
            buckets[nb[k]] = kl_code(KL_T2F, c, 0, 0); nb[k] += 1
        if (ct2t >> c) & 1:
            nto = kl_onto(s, on_top, s.up[c][0], c, fe if s.ndown[c] > 0 else -1, onto)
            k = 1 if s.ndown[c] > 0 else 4
            for i in range(nto):
                buckets[nb[k]] = kl_code(KL_T2T, c, onto[i], nup); nb[k] += 1
        # SWAPF: q = up[c][i-1] playable, its twin the top of another column
        if x:
            for i in range(1, nup):
                q = s.up[c][i - 1]
                if not playable(s, q):
                    continue
                j = on_top[c_twin(q)]
                if j >= 0 and j != c:
                    k = 0 if (i == 1 and s.ndown[c] > 0) else 2
                    buckets[nb[k]] = kl_code(KL_SWAPF, c, j, nup - i); nb[k] += 1
    if free_talon or (s.f2t and (s.found[0] >= 2 or s.found[1] >= 2 or s.found[2] >= 2
                                 or s.found[3] >= 2)):
        kl_followers(s, play, basem, reach, tops, &follow, &down_ok)
    if free_talon:
        # the talon cards that make a move: playable (to the foundation), or followed
        # (pruning 6) with a column to go to (a parent on top, or an empty column for
        # a King), in kl_reachable's order
        x = reach & (play | (follow & (fits | (KINGS if fe >= 0 else 0))))
        if x:
            # their indices from start up, then those before it (after a recycle)
            m = kl_tal_set(s, x)
            for i in range(2):
                x = m & ((1u << start) - 1) if i else m & ~((1u << start) - 1)
                while x:
                    j = __builtin_ctz(<uint32_t> x)
                    x &= x - 1
                    card = s.tal[j]
                    if (play >> card) & 1:
                        buckets[nb[2]] = kl_code(KL_W2F, j, 0, i); nb[2] += 1
                    if (follow >> card) & 1:
                        nto = kl_onto(s, on_top, card, -1, fe, onto)
                        for k in range(nto):
                            buckets[nb[3]] = kl_code(KL_W2T, j, onto[k], i); nb[3] += 1
    elif s.danish:
        for i in range(nt):
            card = s.tal[tidx[i]]
            if (play >> card) & 1:
                buckets[nb[2]] = kl_code(KL_W2F, tidx[i], 0, trec[i]); nb[2] += 1
            if not ((fits >> card) & 1 or c_rank(card) == 12):
                continue
            nto = kl_onto(s, on_top, card, -1, fe, onto)
            for j in range(nto):
                buckets[nb[3]] = kl_code(KL_W2T, tidx[i], onto[j], trec[i]); nb[3] += 1
    else:
        # the candidates in kl_reachable's order: this pass (rec 0), then after a
        # recycle (rec 1)
        for i in range(2):
            x = icand & (ilater if i else inow)
            while x:
                j = __builtin_ctz(<uint32_t> x)
                x &= x - 1
                card = s.tal[j]
                if (play >> card) & 1:
                    buckets[nb[2]] = kl_code(KL_W2F, j, 0, i); nb[2] += 1
                if ((fits | KINGS) >> card) & 1:
                    nto = kl_onto(s, on_top, card, -1, fe, onto)
                    for k in range(nto):
                        buckets[nb[3]] = kl_code(KL_W2T, j, onto[k], i); nb[3] += 1
    if s.f2t:
        for k in range(4):
            if s.found[k] < 2:
                continue       # an Ace brought down could never hold a card
            card = k * 13 + s.found[k] - 1
            if not ((down_ok & (fits | KINGS)) >> card) & 1:
                continue
            nto = kl_onto(s, on_top, card, -1, fe, onto)
            for j in range(nto):
                buckets[nb[5]] = kl_code(KL_F2T, k, onto[j], 0); nb[5] += 1
    if s.flip:
        for k in range(6):
            for i in range(nb[k] - 1, k * KL_BUCKET - 1, -1):
                out[n] = buckets[i]; n += 1
        return n
    # Each bucket is copied 8 moves at a time whatever it holds (out has room for
    # KL_MAX_MOVES): buckets seldom hold more than 8, and a fixed copy has no loop
    # whose end the processor has to guess.
    n = kl_put_bucket(out, 0, buckets, nb, 0)
    n = kl_put_bucket(out, n, buckets, nb, 1)
    n = kl_put_bucket(out, n, buckets, nb, 2)
    n = kl_put_bucket(out, n, buckets, nb, 3)
    n = kl_put_bucket(out, n, buckets, nb, 4)
    return kl_put_bucket(out, n, buckets, nb, 5)


cdef inline int kl_reveal(KState* s, int c) noexcept nogil:
    if s.nup[c] == 0 and s.ndown[c] > 0:
        s.ndown[c] -= 1
        s.up[c][0] = s.down[c][s.ndown[c]]
        s.nup[c] = 1
        s.upm |= 1ULL << s.up[c][0]
        return 1 << 8
    return 0


cdef inline int kl_colv(KState* s, int c) noexcept nogil:
    # column c's digit in the key (kl_key): its face-down count + 1 if it has face-down
    # cards, else 1 if its dealt bottom card (not a King) is still at its bottom, else 0
    if s.ndown[c]:
        return s.ndown[c] + 1
    return s.nup[c] != 0 and s.up[c][0] == s.bottom[c] and c_rank(s.bottom[c]) != 12


cdef void kl_derive(KState* s) noexcept nogil:
    # The fields kl_make / kl_unmake keep up to date, found from the cards (kl_load,
    # and a relabelled copy of a state: sample_relabel): the card sets upm, tcm and
    # play, and the key's column digits and number (s.mult already set).
    cdef int c, i
    s.upm = 0
    s.tcm = 0
    s.cols = 0
    for c in range(7):
        for i in range(s.nup[c]):
            s.upm |= 1ULL << s.up[c][i]
        s.colv[c] = kl_colv(s, c)
        s.cols += s.colv[c] * s.mult[c]
    for i in range(s.ntal):
        s.tcm |= 1ULL << s.tal[i]
    s.play = cards_playable(s)


cdef inline void kl_rekey(KState* s, int c) noexcept nogil:
    # column c's digit again, after a move that may have changed it (s.cols is
    # unsigned: the difference wraps round and comes out right)
    cdef int v = kl_colv(s, c)
    s.cols += <uint32_t> (v - s.colv[c]) * s.mult[c]
    s.colv[c] = v


cdef inline void kl_found_add(KState* s, int su, int d) noexcept nogil:
    # foundation su grows by d (+1 or -1), and s.play with it
    cdef int f = s.found[su]
    if f < 13:
        s.play &= ~(1ULL << (13 * su + f))
    f += d
    s.found[su] = f
    if f < 13:
        s.play |= 1ULL << (13 * su + f)


cdef inline int kl_tal_take(KState* s, int j) noexcept nogil:
    # remove talon card j; returns card | dealt index << 8
    cdef int card = s.tal[j], oi = s.tidx[j], i
    for i in range(j, s.ntal - 1):
        s.tal[i] = s.tal[i + 1]
        s.tidx[i] = s.tidx[i + 1]
    s.ntal -= 1
    s.talmask &= ~(1u << oi)
    s.tcm &= ~(1ULL << card)
    s.wp = j
    return card | (oi << 8)


cdef inline void kl_tal_put(KState* s, int j, int card, int oi) noexcept nogil:
    cdef int i = s.ntal
    while i > j:
        s.tal[i] = s.tal[i - 1]
        s.tidx[i] = s.tidx[i - 1]
        i -= 1
    s.tal[j] = card
    s.tidx[j] = oi
    s.ntal += 1
    s.talmask |= 1u << oi
    s.tcm |= 1ULL << card


cdef inline void kl_move_run(KState* s, int a, int b, int n) noexcept nogil:
    cdef int i, start = s.nup[a] - n
    for i in range(n):
        s.up[b][s.nup[b] + i] = s.up[a][start + i]
    s.nup[b] += n
    s.nup[a] -= n


cdef uint32_t kl_make(KState* s, uint32_t m) noexcept nogil:
    cdef int t = m & 15, a = (m >> 4) & 31, b = (m >> 9) & 31, n = (m >> 14) & 31
    cdef uint32_t undo = s.wp | (s.gl << 5)
    cdef int card, x, k3
    if t == KL_T2F:
        s.nup[a] -= 1
        card = s.up[a][s.nup[a]]
        kl_found_add(s, c_suit(card), 1)
        s.upm &= ~(1ULL << card)
        undo |= kl_reveal(s, a) | (card << 16)
        if s.nup[a] <= 1:
            kl_rekey(s, a)              # emptied, or a card turned up
    elif t == KL_W2F or t == KL_W2T:
        k3 = 3 if s.ntal >= 3 else s.ntal
        x = kl_tal_take(s, a)
        card = x & 255
        undo |= (card << 16) | ((x >> 8) << 24)
        if s.danish:
            # the next card to turn is the one after the card taken, now at index a
            if s.wp >= s.ntal:
                s.wp = 0
            s.gl = (k3 if m & KL_TURNED else s.gl) - 1
        if s.max_recycles != KL_NOLIMIT:
            s.recycles += n
        if t == KL_W2F:
            kl_found_add(s, c_suit(card), 1)
        else:
            s.up[b][s.nup[b]] = card
            s.nup[b] += 1
            s.upm |= 1ULL << card
            if s.nup[b] == 1:
                kl_rekey(s, b)          # filled
    elif t == KL_T2T:
        kl_move_run(s, a, b, n)
        undo |= kl_reveal(s, a)
        if s.nup[a] <= 1:
            kl_rekey(s, a)
        if s.nup[b] == n:
            kl_rekey(s, b)
    elif t == KL_F2T:
        kl_found_add(s, a, -1)
        card = a * 13 + s.found[a]
        s.up[b][s.nup[b]] = card
        s.nup[b] += 1
        s.upm |= 1ULL << card
        if s.nup[b] == 1:
            kl_rekey(s, b)
    else:  # KL_SWAPF
        kl_move_run(s, a, b, n)
        s.nup[a] -= 1
        card = s.up[a][s.nup[a]]
        kl_found_add(s, c_suit(card), 1)
        s.upm &= ~(1ULL << card)
        undo |= kl_reveal(s, a) | (card << 16)
        if s.nup[a] <= 1:
            kl_rekey(s, a)
    return undo


cdef void kl_unmake(KState* s, uint32_t m, uint32_t undo) noexcept nogil:
    cdef int t = m & 15, a = (m >> 4) & 31, b = (m >> 9) & 31, n = (m >> 14) & 31
    cdef int card = (undo >> 16) & 63
    if (t == KL_T2F or t == KL_T2T or t == KL_SWAPF) and (undo >> 8) & 1:
        s.nup[a] = 0
        s.upm &= ~(1ULL << s.down[a][s.ndown[a]])    # the card turned up goes down again
        s.ndown[a] += 1
    if t == KL_T2F:
        kl_found_add(s, c_suit(card), -1)
        s.up[a][s.nup[a]] = card
        s.nup[a] += 1
        s.upm |= 1ULL << card
        if s.nup[a] == 1:
            kl_rekey(s, a)              # it was empty, or its card goes down again
    elif t == KL_W2F or t == KL_W2T:
        if t == KL_W2F:
            kl_found_add(s, c_suit(card), -1)
        else:
            s.nup[b] -= 1
            s.upm &= ~(1ULL << card)
            if s.nup[b] == 0:
                kl_rekey(s, b)
        if s.max_recycles != KL_NOLIMIT:
            s.recycles -= n
        kl_tal_put(s, a, card, (undo >> 24) & 31)
    elif t == KL_T2T:
        kl_move_run(s, b, a, n)
        if s.nup[a] == n:
            kl_rekey(s, a)
        if s.nup[b] == 0:
            kl_rekey(s, b)
    elif t == KL_F2T:
        s.nup[b] -= 1
        s.upm &= ~(1ULL << s.up[b][s.nup[b]])
        kl_found_add(s, a, 1)
        if s.nup[b] == 0:
            kl_rekey(s, b)
    else:
        kl_found_add(s, c_suit(card), -1)
        s.up[a][s.nup[a]] = card
        s.nup[a] += 1
        s.upm |= 1ULL << card
        kl_move_run(s, b, a, n)
        if s.nup[a] == n + 1:
            kl_rekey(s, a)
    s.wp = undo & 31
    s.gl = (undo >> 5) & 3


cdef inline int kl_won(KState* s) noexcept nogil:
    return s.found[0] + s.found[1] + s.found[2] + s.found[3] == 52


cdef int kl_finish(KState* s, uint32_t* out) noexcept nogil:
    # With no face-down card and an empty talon the game is won: every column is a
    # proper run, so the lowest card left of all sits on top of its column and fits its
    # foundation.  Play those moves; returns how many.
    cdef int n = 0, c, k
    cdef uint64_t nd = 0
    memcpy(&nd, s.ndown, 7)             # the seven face-down counts, tested at once
    if nd | s.ntal:
        return -1
    while not kl_won(s):
        for c in range(7):
            if s.nup[c] and playable(s, s.up[c][s.nup[c] - 1]):
                out[n] = kl_code(KL_T2F, c, 0, 0)
                kl_make(s, out[n])
                n += 1
                break
        else:
            return -1   # cannot happen (see above); the caller treats it as no finish
    return n


cdef int kl_child_key(KState* s, const uint64_t* pkey, uint32_t m,
                      uint64_t* key) noexcept nogil:
    # The key (kl_key) of the position move m leads to, from the key of s (pkey) and
    # what m changes in it, without making the move (GameOps.child_key: the search
    # then makes only the moves whose child is new).  Only for one-word keys outside
    # the danish variant; returns 0 (key not written) otherwise.  What a move changes:
    # a foundation (T2F, W2F, SWAPF up; F2T down), the talon mask and wp (W2F, W2T:
    # the waste then ends just before the card taken; with limited passes also the
    # recycles), and the digit of the column a move empties of its face-up cards (T2F,
    # T2T, SWAPF: a card is turned up, or the column is empty).  A column that gets
    # cards keeps its digit: only a King enters an empty column, and a King is never
    # flagged.  (Each field is added to in place: none of them overflows.)
    cdef int t = m & 15, a = (m >> 4) & 31, n = (m >> 14) & 31, nd, wp, left = 0
    cdef uint64_t k = pkey[0]
    if s.kw != 1 or s.danish:
        return 0
    if t == KL_T2F:
        k += 1ULL << (4 * c_suit(s.up[a][s.nup[a] - 1]))
        left = s.nup[a] == 1
    elif t == KL_W2F or t == KL_W2T:
        k &= ~(1ULL << (16 + s.tidx[a]))
        if t == KL_W2F:
            k += 1ULL << (4 * c_suit(s.tal[a]))
        wp = a
        if (s.max_recycles == KL_NOLIMIT
                and ((MULTIPLES_OF[s.draw] >> wp) & 1 or wp == s.ntal - 1)):
            wp = 0
        k = (k & ~(31ULL << 40)) | (<uint64_t>wp << 40)
        if s.max_recycles != KL_NOLIMIT:
            k += <uint64_t>n << 61
    elif t == KL_T2T:
        left = n == s.nup[a]
    elif t == KL_F2T:
        k -= 1ULL << (4 * a)
    else:  # KL_SWAPF: the run above q goes over, q goes up
        k += 1ULL << (4 * c_suit(s.up[a][s.nup[a] - n - 1]))
        left = n + 1 == s.nup[a]
    if left:
        # column a's face-up cards all leave: the next face-down card turns up (the
        # last one is the dealt bottom card, flagged unless a King), or it is empty
        nd = s.ndown[a]
        if nd == 1:
            nd = c_rank(s.bottom[a]) != 12
        k += <uint64_t> (<int64_t> (nd - s.colv[a]) * s.mult[a]) << 45
    key[0] = k
    return 1


cdef inline void bits_put(uint64_t* w, int* pos, uint64_t v, int nbits) noexcept nogil:
    cdef int p = pos[0], word = p >> 6, off = p & 63
    w[word] |= v << off
    if off + nbits > 64:
        w[word + 1] |= v >> (64 - off)
    pos[0] = p + nbits


cdef int kl_key_words(KState* s) noexcept nogil:
    return s.kw


cdef void kl_key(KState* s, uint64_t* key) noexcept nogil:
    # The canonical key: the foundations (4 x 4 bits), which dealt stock cards are still
    # in the talon (24), the canonical waste pointer wp (5), and per column the face-down
    # count and one flag: "no face-down cards, and the column's dealt bottom card (not a
    # King) is still at its bottom".  With unlimited passes or at most three recycles
    # (and a deal, or any position whose face-down counts fit) it is one word: the per-column values as one mixed-radix
    # number below 2 * 3 * ... * 8 = 40320 (16 bits), 61 bits in all plus the sentinel.
    # Otherwise two words: the same fields in plain bits, and the recycles used (8 bits).
    #
    # Why this is all: the face-up tableau cards are the cards not up, not in the talon
    # and not face down.  Each face-up card is the base of a column or lies on one of
    # the two cards of the next rank and other colour.  The base of a column with
    # face-down cards is the dealt card just above them; every face-up King is a base;
    # the only other bases are dealt bottom cards (no card but a King enters an empty
    # column), which the flags give.  Going down from the Kings, each non-base card
    # must lie on one of its two possible parents, and the ways they can differ are
    # exactly exchanges of what lies on two twins (same rank and colour).  Positions
    # that differ by such exchanges have the same moves to equivalent positions (the
    # argument at kl_gen, pruning 2), so they win or lose together; the key merges them
    # as it merges the order of columns without face-down cards.
    # With unlimited passes, wp is replaced by 0 whenever the cards reachable from it are
    # those reachable after a recycle (wp = 0, a multiple of draw, or the whole talon):
    # such states have the same moves to the same successors.
    # Danish: wp is kept as it is (no recycle to merge with) and gl, the cards left of
    # the current three, is added: 2 bits, bits 61-62 of the one-word key.
    # Classic with at most 3 recycles allowed (kl_load): one word too, the recycles used
    # in bits 61-62 (a search whose limit kl_phase lowered below the loaded one also
    # counts them; one loaded with unlimited passes does not, and a loss it finds is
    # not trusted, see kl_phase).
    # (The one-word key's column number is kept in the state: s.cols, see KState.)
    cdef int c, pos = 0, wp, flag
    wp = s.wp
    if (s.max_recycles == KL_NOLIMIT and not s.danish
            and ((MULTIPLES_OF[s.draw] >> wp) & 1 or wp == s.ntal)):
        wp = 0
    if s.kw == 1:
        key[0] = ((<uint64_t>s.found[0]) | (<uint64_t>s.found[1] << 4)
                  | (<uint64_t>s.found[2] << 8) | (<uint64_t>s.found[3] << 12)
                  | (<uint64_t>s.talmask << 16) | (<uint64_t>wp << 40)
                  | (<uint64_t>s.cols << 45)
                  | (<uint64_t>(s.gl if s.danish else
                                (s.recycles if s.max_recycles != KL_NOLIMIT else 0)) << 61)
                  | (1ULL << 63))
        return
    key[0] = 0; key[1] = 0
    for c in range(4):
        bits_put(key, &pos, s.found[c], 4)
    bits_put(key, &pos, s.talmask, 24)
    bits_put(key, &pos, s.recycles, 8)
    bits_put(key, &pos, wp, 5)
    bits_put(key, &pos, s.gl, 2)
    flag = 0
    for c in range(7):
        bits_put(key, &pos, s.ndown[c], 3)
        if (s.ndown[c] == 0 and s.nup[c] and s.up[c][0] == s.bottom[c]
                and c_rank(s.bottom[c]) != 12):
            flag |= 1 << c
    bits_put(key, &pos, flag, 7)
    key[1] |= 1ULL << 63
