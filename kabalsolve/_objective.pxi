# Klondike objectives that count along the line: min-moves (fewest explicit moves of a
# win) and max-score (the best Windows standard score).  One best-first search serves
# both: A* with an incumbent (a branch and bound in best-first order).
#
# Every node has a label g, smaller is better, that grows along a line by a function
# of (position, g, move) monotone in g:
#   min-moves  g = explicit moves so far; a macro move costs 1 + the turns and recycles
#              it stands for (kl_route_steps), which is what replay_klondike_codes
#              expands it into.
#   max-score  g = BF_BASE - S, S the score so far; S' = max(S + r, 0) after every
#              atomic step as Windows (and games.klondike.score) clamps.
# and a bound f(position, g) <= g + (the least any continuation can add) (min-moves:
# kl_min_moves_h; max-score: kl_score_bound), and a terminal cost: what the line ends
# at if it stops here (min-moves: only a finished position, see bf_terminal;
# max-score: anywhere).  Nodes are expanded in order of f; a child whose f is not
# below the incumbent (the best terminal known, or the seed from the win search) can
# never beat it and is dropped.  When the smallest f left is not below the incumbent
# (or nothing is left) the incumbent is proved optimal.
#
# Label-correcting: a position reached again with a better g gets a new node, queued
# even if the old one was expanded already (the bound need not be consistent; the
# count of such positions is reported).  One key is one position (bf_key is exact),
# so the table maps each position to its best node.  For max-score a position with a
# higher score so far is never worse (the update is monotone in S), so one label per
# position is enough.
#
# A child with a forced move (min-moves: a card that goes up at once, bf_forced) has
# that one child, so the search follows such moves before it stores a child: the
# positions on the way are nodes of the line (links) but are never keyed, queued or
# counted.  The budget (max_states) counts the positions keyed in the table, and is
# checked before each new key, so that no search keys more than it allows.
#
# Memory: a node is 40 bytes (key, parent, move, g, f, depth) plus an 8-byte slot per
# position at load <= 1/2 and its queue entry; the position itself is not stored.  The search
# holds one KState and walks it from node to node through their common ancestor
# (unmake up, make down), which is short because the queue is last-in first-out
# within a bucket.

cdef enum:
    OBJ_MIN_MOVES = 0
    OBJ_MAX_SCORE = 1
    KL_RECYCLE = 6          # max-score only: turn the rest of the stock, then recycle
    BF_NBUCKETS = 4096
    BF_BASE = 2048          # max-score: g = BF_BASE - score, f = BF_BASE - bound
    BF_INF = 1 << 30
    BF_SAT_REC = 254        # see bf_load in klondike_objective
    BF_CHAIN = 64           # the most forced moves followed from one child (bf_forced)


cdef uint32_t BF_NONE = 0xffffffff
cdef uint64_t BF_LOW = 0xffffffff                 # the halves of a slot (bf_slot)
cdef uint64_t BF_HIGH = 0xffffffff00000000


cdef struct BNode:
    uint64_t key[2]
    uint32_t parent
    uint32_t move
    int32_t g
    int16_t f           # the queue's priority
    int16_t fa          # g + h, the admissible bound (the same as f unless weighted)
    uint8_t closed      # 1 expanded, 2 superseded by a better node of its key
    uint8_t pad
    uint16_t depth


cdef struct BKid:
    # a child of the node being expanded, between bf_search's two passes
    uint64_t key[2]
    int g
    int fa
    int f
    int term
    int fin
    int nch             # forced moves after `move`, at chm/chg[off ...]
    int off
    uint32_t move


cdef struct BFSearch:
    KState* s
    int objective
    int sat             # max-score at draw > 1 with unlimited passes (bf_key)
    int wins_only       # max-score: only won lines end (the deal is known winnable)
    uint64_t max_bytes
    BNode* nodes
    uint64_t nnodes
    uint64_t ncap
    uint64_t* slots     # high half: the key's hash tag; low: node index + 1; 0 = empty
    uint64_t smask
    uint64_t tag        # the hash tag of the key bf_slot last looked up
    uint32_t** bk       # the queue: one LIFO stack of node indices per f
    uint32_t* bn
    uint32_t* bc
    uint64_t qbytes
    uint32_t* pnode     # the path of the current state: nodes, moves, undo codes
    uint32_t* pmove
    uint32_t* pundo
    int plen
    int pcap
    uint64_t reopened
    uint64_t expanded
    int narrow          # min-moves heuristic phase, 1 or 2: ShootMe's moves (bf_moves)
    uint64_t nstates    # positions keyed in the table (the budget counts them)
    BKid* kids          # bf_search's children of one node, and their forced moves
    uint32_t* chm
    int* chg


cdef inline uint64_t bf_bytes(BFSearch* b) noexcept nogil:
    return b.ncap * sizeof(BNode) + (b.smask + 1) * 8 + b.qbytes


# -- the exact key ---------------------------------------------------------------------
cdef void bf_key(BFSearch* b, KState* s, uint64_t* key) noexcept nogil:
    # Exact, unlike kl_key (which merges positions that win or lose together but differ
    # in move counts and scores: twin exchanges, the talon pointer, column order):
    #   found 16 bits, talmask 24, wp 5, recycles 8 (saturated at 3 in sat mode: only
    #   "three done" changes the draw-3 penalty, and BF_SAT_REC makes the count), per
    #   column one mixed-radix digit (radix = dealt face-down count + 6; at most 13^7 <
    #   2^26): ndown + 5 with face-down cards, else 0 empty, 1 the dealt bottom card
    #   still at the bottom, 2 + suit for a King at the base; and for each face-up card
    #   that lies on another (ranks A..Q, 48 bits) which of its two possible parents it
    #   lies on (bit set: the one of suit 2 or 3).
    # 16 + 24 + 5 + 8 + 26 + 48 = 127 bits and the sentinel.  Why exact: the face-down
    # cards are the dealt ones (ndown), the talon is the dealt stock less talmask in
    # dealt order, the base of a column with face-down cards is the card just above
    # them (only ever the last one turned up), the other bases are given, and each
    # face-up card's parent is given, so every column's run follows from its base.
    cdef int c, i, v, x, rec
    cdef uint64_t cols = 0, mult = 1, par = 0, one = 1
    for c in range(7):
        if s.ndown[c]:
            v = s.ndown[c] + 5
        elif s.nup[c] == 0:
            v = 0
        elif c_rank(s.up[c][0]) == 12:
            v = 2 + c_suit(s.up[c][0])
        else:
            v = 1
        cols += v * mult
        mult *= s.radix[c] + 4
        for i in range(1, s.nup[c]):
            x = s.up[c][i]
            if c_suit(s.up[c][i - 1]) >= 2:
                par |= one << (c_suit(x) * 12 + c_rank(x))
    rec = s.recycles
    if b.sat and rec > 3:
        rec = 3
    key[0] = ((<uint64_t>s.found[0]) | (<uint64_t>s.found[1] << 4)
              | (<uint64_t>s.found[2] << 8) | (<uint64_t>s.found[3] << 12)
              | (<uint64_t>s.talmask << 16) | (<uint64_t>s.wp << 40)
              | (<uint64_t>rec << 45) | ((cols & 2047) << 53))
    key[1] = (cols >> 11) | (par << 15) | (one << 63)
    if b.narrow and s.draw == 1 and s.max_recycles == KL_NOLIMIT:
        # the narrow phase merges positions that differ in the talon pointer alone:
        # not exact (the turns to come differ), but its lines stay real lines, as a
        # node's line is made move by move from the root (bf_walk), and it proves
        # nothing
        key[0] &= ~((<uint64_t>31) << 40)


# -- move costs and bounds -------------------------------------------------------------
cdef inline int ceil_div(int a, int d) noexcept nogil:
    return (a + d - 1) // d


cdef inline int kl_not_up(KState* s) noexcept nogil:
    # the cards not yet on the foundations
    return 52 - (s.found[0] + s.found[1] + s.found[2] + s.found[3])


cdef int kl_route_steps(KState* s, int j, int rec) noexcept nogil:
    # The turns and recycles that bring talon card j to the top of the waste by the
    # route of kl_reachable (rec = 0: in this pass; 1: after one recycle), the same as
    # Position.steps_to_talon_card: turn until the card shows, recycling when the stock
    # is empty.  Classic only (danish is refused before the search).
    cdef int d = s.draw, n = s.ntal, wp = s.wp
    if rec == 0:
        if j + 1 == wp:
            return 0
        if j + 1 == n:
            return ceil_div(n - wp, d)
        return (j + 1 - wp) // d
    return ceil_div(n - wp, d) + 1 + (ceil_div(n, d) if j + 1 == n else (j + 1) // d)


cdef int kl_min_moves_h(KState* s) noexcept nogil:
    # A lower bound on the explicit moves that still win, made of kinds of moves no
    # single move can be two of:
    # - one foundation move per card not up;
    # - turns: every card in the stock must be turned before it can be played, and a
    #   turn shows at most `draw` cards: ceil(stock / draw);
    # - tableau moves (kl_blocked_column): call a card of a column "blocked" if a lower
    #   card of its suit lies face down below it in the column.  That card must go up
    #   first, so the blocked card leaves the column by a move that is not a foundation
    #   move.  A face-down card leaves only after every card above it has left, so each
    #   blocked face-down card needs a move of its own; the face-up cards (one built
    #   run) need one more if any of them is blocked.
    # - waste cards, at draw 1 or when no recycle is left: a waste card above a lower
    #   card of its suit in the waste either leaves the waste by a move that is not a
    #   foundation move (a later one takes it up), or is still there at a recycle and
    #   must be turned again (at draw 1 one turn per card; the turns term counts only
    #   the stock): one more move each.
    # Admissible (never above the true count); the search also stays exact where it is
    # not consistent, as it takes up a position again when it finds a shorter line to it.
    # (The idea of counting blocked face-down cards and waste cards one by one is that
    # of ShootMe's Klondike-Solver, MinimumMovesRemaining.)
    cdef int h = kl_not_up(s)
    cdef int c, i, card
    cdef int low[4]
    h += ceil_div(s.ntal - s.wp, s.draw)
    for c in range(7):
        h += kl_blocked_column(s, c)
    if s.draw == 1 or (s.max_recycles != KL_NOLIMIT and s.recycles >= s.max_recycles):
        low[0] = 13; low[1] = 13; low[2] = 13; low[3] = 13
        for i in range(s.wp):
            card = s.tal[i]
            if c_rank(card) > low[c_suit(card)]:
                h += 1
            else:
                low[c_suit(card)] = c_rank(card)
    return h


cdef inline int kl_blocked_column(KState* s, int c) noexcept nogil:
    # kl_min_moves_h's count for column c: bottom to top in one pass, the lowest rank
    # of each suit among the face-down cards seen so far.
    cdef int i, card, n = 0
    cdef int low[4]
    low[0] = 13; low[1] = 13; low[2] = 13; low[3] = 13
    for i in range(s.ndown[c]):
        card = s.down[c][i]
        if c_rank(card) > low[c_suit(card)]:
            n += 1
        else:
            low[c_suit(card)] = c_rank(card)
    for i in range(s.nup[c]):
        card = s.up[c][i]
        if c_rank(card) > low[c_suit(card)]:
            return n + 1
    return n


cdef inline int kl_face_down(KState* s) noexcept nogil:
    cdef int c, n = 0
    for c in range(7):
        n += s.ndown[c]
    return n


cdef inline int kl_potential(KState* s) noexcept nogil:
    # P = 10 * (cards not up) + 5 * (face-down cards) + 5 * (talon cards): every move's
    # reward is at most P before minus P after (T2F +10 and +5 per card turned up; W2F
    # +10 for a drop of 15; W2T +5 for 5; T2T +5 per card turned up; F2T -15 for a rise
    # of 10; recycles 0 or less for none), and a won position has P = 0.
    cdef int c, down = 0
    for c in range(7):
        down += s.ndown[c]
    return (10 * kl_not_up(s)
            + 5 * down + 5 * s.ntal)


cdef int kl_score_bound(KState* s, int S) noexcept nogil:
    # The most a line from (s, S) can end with.  Without a clamp it ends at most
    # S + P(s) (kl_potential).  With a clamp, after the last one (score 0 at a later
    # position s_k) it ends at most P(s_k).  Without foundation-to-tableau moves the
    # cards up only grow and the talon and face-down cards only shrink, so P(s_k) <=
    # P(s) <= S + P(s); with them, cards can come back down: P(s_k) <= 520 + 5 *
    # (face-down + talon cards of s).  Both terms only fall along a line (the first:
    # by the reward inequality, or to P(s') after a clamp, which is below one of the
    # terms of the parent), so the bound is consistent.
    cdef int c, down = 0, b = S + kl_potential(s), b2
    if s.f2t:
        for c in range(7):
            down += s.ndown[c]
        b2 = 520 + 5 * (down + s.ntal)
        if b2 > b:
            b = b2
    return b


cdef inline int kl_recycle_penalty(KState* s) noexcept nogil:
    # games.klondike.score: 100 at draw 1; at other draws free for the first three
    # recycles, 20 from the fourth (recycles counts them: limited passes or sat mode)
    if s.draw == 1:
        return 100
    return 20 if s.recycles >= 3 else 0


cdef int bf_apply(BFSearch* b, uint32_t m, int g, uint32_t* undo) noexcept nogil:
    # Make m on b.s (undo code out) and return the child's g.
    cdef KState* s = b.s
    cdef int t = m & 15, a = (m >> 4) & 31, n = (m >> 14) & 31
    cdef int S, r, c, down0 = 0, down1 = 0
    if b.objective == OBJ_MIN_MOVES:
        if t == KL_W2F or t == KL_W2T:
            g += kl_route_steps(s, a, n)
        undo[0] = kl_make(s, m)
        return g + 1
    S = BF_BASE - g
    if t == KL_RECYCLE:
        S -= kl_recycle_penalty(s)
        if S < 0:
            S = 0
        undo[0] = s.wp | (s.recycles << 8)
        s.wp = 0
        if s.max_recycles != KL_NOLIMIT:
            s.recycles += 1
        return BF_BASE - S
    if (t == KL_W2F or t == KL_W2T) and n:
        S -= kl_recycle_penalty(s)      # the route's recycle comes before the play
        if S < 0:
            S = 0
    for c in range(7):
        down0 += s.ndown[c]
    undo[0] = kl_make(s, m)
    for c in range(7):
        down1 += s.ndown[c]
    if t == KL_T2F or t == KL_W2F:
        r = 10
    elif t == KL_W2T:
        r = 5
    elif t == KL_F2T:
        r = -15
    else:
        r = 0
    S += r + 5 * (down0 - down1)
    if S < 0:
        S = 0
    return BF_BASE - S


cdef void bf_undo(BFSearch* b, uint32_t m, uint32_t undo) noexcept nogil:
    if (m & 15) == KL_RECYCLE:
        b.s.wp = undo & 255
        b.s.recycles = undo >> 8
        return
    kl_unmake(b.s, m, undo)


cdef void bf_unchain(BFSearch* b, uint32_t m, uint32_t undo, uint32_t* cm, uint32_t* cu,
                     int nch) noexcept nogil:
    # undo a child's move and the forced moves followed after it (bf_search)
    while nch > 0:
        nch -= 1
        bf_undo(b, cm[nch], cu[nch])
    bf_undo(b, m, undo)


cdef int kl_h_shootme(KState* s) noexcept nogil:
    # The estimate of ShootMe's minimal solver (MinimumMovesLeft), in our count of
    # moves (its own also counts each turn of a tableau card, one per face-down card,
    # and no recycles): kl_min_moves_h's terms but for the tableau, where, in each
    # column with face-down cards and for each suit, the sequence of the highest face-up
    # card of the suit and then its face-down cards from the top down adds one for
    # every card followed by a lower one.  Not a bound: a run with blocked cards of
    # several suits counts once per suit, though one move can take it away.  So only
    # narrow 2 uses it, to order and to prune: a heuristic phase that proves nothing
    # (with it ShootMe's lines came out on deals where kl_min_moves_h missed them).
    cdef int h = kl_not_up(s), c, i, card, su
    cdef int low[4]
    cdef int prev[4]
    h += ceil_div(s.ntal - s.wp, s.draw)
    low[0] = 13; low[1] = 13; low[2] = 13; low[3] = 13
    for i in range(s.wp):
        card = s.tal[i]
        if c_rank(card) > low[c_suit(card)]:
            h += 1
        else:
            low[c_suit(card)] = c_rank(card)
    for c in range(7):
        if s.ndown[c] == 0:
            continue
        prev[0] = -1; prev[1] = -1; prev[2] = -1; prev[3] = -1
        for i in range(s.nup[c] - 1, -1, -1):       # ends at the highest of each suit
            prev[c_suit(s.up[c][i])] = c_rank(s.up[c][i])
        for i in range(s.ndown[c] - 1, -1, -1):
            card = s.down[c][i]
            su = c_suit(card)
            if prev[su] > c_rank(card):
                h += 1
            prev[su] = c_rank(card)
    return h


cdef inline int bf_priority(BFSearch* b, int g) noexcept nogil:
    if b.objective == OBJ_MIN_MOVES:
        if b.narrow >= 2:
            return g + kl_h_shootme(b.s)
        return g + kl_min_moves_h(b.s)
    return BF_BASE - kl_score_bound(b.s, BF_BASE - g)


cdef inline int bf_finishable(KState* s) noexcept nogil:
    cdef int c
    if s.ntal:
        return 0
    for c in range(7):
        if s.ndown[c]:
            return 0
    return 1


cdef inline int bf_terminal(BFSearch* b, int g, int* fin) noexcept nogil:
    # The cost of the best ending known from here.  No face-down card and an empty
    # talon: every column is a built run and the cards go up one move each (kl_finish),
    # 52 - up moves, +10 each (and for min-moves that is also the bound: exact).
    # Otherwise min-moves has none; max-score may stop here, unless only won lines
    # count (wins_only: a winnable deal's best score is that of a win).
    cdef int left = kl_not_up(b.s)
    fin[0] = 0
    if bf_finishable(b.s):
        fin[0] = left > 0
        if b.objective == OBJ_MIN_MOVES:
            return g + left
        return g - 10 * left
    if b.objective == OBJ_MIN_MOVES or b.wins_only:
        return BF_INF
    return g


# -- the moves -------------------------------------------------------------------------
cdef inline int kl_found_min(KState* s) noexcept nogil:
    cdef int c, mn = s.found[0]
    for c in range(1, 4):
        if s.found[c] < mn:
            mn = s.found[c]
    return mn


cdef uint32_t bf_forced(BFSearch* b) noexcept nogil:
    # The one move bf_moves makes from b.s when a card goes up at once (its first
    # rules, see there), else BF_NONE.  A position with such a move has that one child,
    # so bf_search follows these moves from a child before it stores it, as ShootMe's
    # solver makes its "auto moves": the positions on the way are stored only as links
    # of the line, never keyed, queued or counted, and the search is the same.
    # narrow 2 adds ShootMe's rule for the waste top at draw 1 (bf_moves).
    cdef KState* s = b.s
    cdef int c, card, mn
    if b.objective != OBJ_MIN_MOVES:
        return BF_NONE
    for c in range(7):
        if s.nup[c]:
            card = s.up[c][s.nup[c] - 1]
            if playable(s, card) and kl_is_safe(s, card):
                return kl_code(KL_T2F, c, 0, 0)
    if s.draw == 1 or (s.max_recycles != KL_NOLIMIT and s.recycles >= s.max_recycles):
        if s.wp > 0:
            card = s.tal[s.wp - 1]
            if playable(s, card) and kl_is_safe(s, card):
                return kl_code(KL_W2F, s.wp - 1, 0, 0)
        if s.draw == 1 and s.wp < s.ntal:
            card = s.tal[s.wp]
            if playable(s, card) and kl_is_safe(s, card):
                return kl_code(KL_W2F, s.wp, 0, 0)
    if b.narrow >= 2 and s.draw == 1 and s.max_recycles == KL_NOLIMIT and s.wp > 0:
        mn = kl_found_min(s)
        card = s.tal[s.wp - 1]
        if playable(s, card) and c_rank(card) + 1 <= mn + 2:
            return kl_code(KL_W2F, s.wp - 1, 0, 0)
    return BF_NONE


cdef int bf_moves(BFSearch* b, uint32_t* out) noexcept nogil:
    # Every legal macro move (kl_gen full=1), less these, each proved to lose nothing:
    # - A King goes into an empty column only into the first one, and a whole run never
    #   moves from a column without face-down cards into an empty one: empty columns
    #   are interchangeable, and the second move only swaps two columns; positions
    #   that differ by the order of columns have the same lines, counts and scores.
    # - min-moves: a safe tableau card (kl_is_safe) goes up as the only move; at draw 1
    #   (any passes), or in the last pass at any draw, so does a safe card on top of
    #   the waste, and at draw 1 a safe next stock card.  kl_is_safe's proof turns a
    #   win into one that plays the card first and is not longer (it deletes moves and
    #   swaps a move "x onto the card" for "x up"); pruning 1b of kl_gen shows the
    #   talon cases keep every later turn (one showing the card becomes no turn), so
    #   they lengthen no talon move.  Not a safe card deeper in the stock: turning to
    #   it moves the talon pointer, and later talon moves may then need more turns.
    #   None for max-score: sending a card up at once can forgo W2T + T2F (+15 for +10).
    # - A whole run leaves a column without face-down cards (emptying it) only when no
    #   column is empty and a King is ready to go in at once (kl_king_ready): pruning 4
    #   of kl_gen, whose proof delays the emptying move to just before the King comes
    #   in (or drops it), moving the run onto its parent where that is then.  That is
    #   the same move count (one move for one), and the same score at every step (the
    #   move earns 0 and turns nothing up, so where it stands changes no clamp).
    # - narrow (a heuristic phase of min-moves, never a proof: its lines are legal
    #   lines, and what it leaves out only makes it miss some): part of a run moves
    #   only when the card it uncovers can go up at once, the move set of ShootMe's
    #   Klondike-Solver, whose searches end far sooner than the full one.  narrow 2
    #   also takes ShootMe's rules for the talon at draw 1 and the foundations (m the
    #   lowest foundation, a card of rank m + 2 or lower "low"): the first low card up
    #   the talon that can go up (in the order of kl_reachable, the fewest turns first)
    #   goes up as the only move if it is the waste top (bf_forced), and otherwise no
    #   talon card past it is played, nor it to the tableau; a card comes down from a
    #   foundation only from rank m + 3.  Not safe (a low card need not be safe), but
    #   with them and kl_h_shootme ShootMe's lines came out, within the budget, on the
    #   deals where narrow 1 missed them (bench/minmoves_bench.py).  Left out: its rule
    #   that the low card goes up as the only move when no tableau move exists (with
    #   it, seed 32's shortest line, 116 moves, was out of the space: 117).
    # - max-score adds KL_RECYCLE: turning the rest of the stock and recycling at once,
    #   not just before the next talon card is played, pays the penalty while the
    #   score is low (the clamp at 0 may then refund it).
    cdef KState* s = b.s
    cdef uint32_t buf[KL_MAX_MOVES]
    cdef int n, k = 0, i, t, a, bb, cnt, card, fe, c, nt
    cdef int tidx[24]
    cdef int trec[24]
    cdef int may_empty, cut, mn
    cdef int tpos[24]
    cdef uint32_t fm = bf_forced(b)
    if fm != BF_NONE:
        out[0] = fm
        return 1
    n = kl_gen(s, buf, 1)
    fe = first_empty(s)
    nt = kl_reachable(s, tidx, trec)
    may_empty = fe < 0 and kl_king_ready(s, tidx, nt)
    # narrow 2: no talon card past the first low one that can go up, nor it to the
    # tableau (cut: its place in kl_reachable's order, tpos: every talon card's)
    cut = KL_MAX_MOVES
    mn = kl_found_min(s)
    if b.narrow >= 2 and s.draw == 1 and s.max_recycles == KL_NOLIMIT:
        for i in range(nt):
            tpos[tidx[i]] = i
            card = s.tal[tidx[i]]
            if cut == KL_MAX_MOVES and playable(s, card) and c_rank(card) + 1 <= mn + 2:
                cut = i
    for i in range(n):
        t = buf[i] & 15
        a = (buf[i] >> 4) & 31
        if b.narrow >= 2 and t == KL_F2T and s.found[a] <= mn + 2:
            continue
        if cut < KL_MAX_MOVES and (t == KL_W2F or t == KL_W2T) and (
                tpos[a] > cut or (tpos[a] == cut and t == KL_W2T)):
            continue
        bb = (buf[i] >> 9) & 31
        cnt = (buf[i] >> 14) & 31
        if t in (KL_T2T, KL_W2T, KL_F2T) and s.nup[bb] == 0 and s.ndown[bb] == 0:
            if bb != fe:
                continue
            if t == KL_T2T and s.ndown[a] == 0 and cnt == s.nup[a]:
                continue
        elif t == KL_T2T and s.ndown[a] == 0 and cnt == s.nup[a] and not may_empty:
            continue
        if b.narrow and t == KL_T2T and cnt < s.nup[a] and not playable(
                s, s.up[a][s.nup[a] - cnt - 1]):
            continue
        out[k] = buf[i]
        k += 1
    if (b.objective == OBJ_MAX_SCORE and s.wp > 0 and
            (s.max_recycles == KL_NOLIMIT or s.recycles < s.max_recycles)):
        out[k] = KL_RECYCLE
        k += 1
    return k


# -- the table and the queue -----------------------------------------------------------
cdef inline uint64_t bf_hash(const uint64_t* k) noexcept nogil:
    return mix64(k[0] ^ mix64(k[1]))


cdef inline uint32_t bf_idx(uint64_t v) noexcept nogil:
    # the node index a non-empty slot holds
    return <uint32_t>((v & BF_LOW) - 1)


cdef int bf_grow_slots(BFSearch* b) noexcept nogil:
    cdef uint64_t cap = (b.smask + 1) * 2, i, j, v
    cdef uint64_t* ns
    if bf_bytes(b) + cap * 8 > b.max_bytes:
        return -1
    ns = <uint64_t*> calloc(cap, 8)
    if ns == NULL:
        return -1
    for i in range(b.smask + 1):
        v = b.slots[i]
        if v:
            j = bf_hash(b.nodes[bf_idx(v)].key) & (cap - 1)
            while ns[j]:
                j = (j + 1) & (cap - 1)
            ns[j] = v
    free(b.slots)
    b.slots = ns
    b.smask = cap - 1
    return 0


cdef uint64_t* bf_slot(BFSearch* b, const uint64_t* key) noexcept nogil:
    # The slot of key (its best node), or the empty slot where it goes; NULL if the
    # map cannot grow for one more position.  Each slot keeps the high half of its
    # key's hash, so a probe reads a node (a cache miss in a large search) only when
    # that half matches: the lookups were half the time of the narrow phases.
    cdef uint64_t i, v, h, tag
    if (b.nstates + 1) * 2 > b.smask + 1:
        if bf_grow_slots(b) != 0:
            return NULL
    h = bf_hash(key)
    tag = h & BF_HIGH
    b.tag = tag
    i = h & b.smask
    while True:
        v = b.slots[i]
        if v == 0:
            return &b.slots[i]
        if (v & BF_HIGH) == tag:
            if (b.nodes[bf_idx(v)].key[0] == key[0]
                    and b.nodes[bf_idx(v)].key[1] == key[1]):
                return &b.slots[i]
        i = (i + 1) & b.smask


cdef int64_t bf_new_node(BFSearch* b, const uint64_t* key, uint32_t parent,
                         uint32_t move, int g, int f, int fa, int depth) noexcept nogil:
    # A new tree node (-1: out of memory).  Nodes are never changed once made, but for
    # their closed mark: a better line to a position makes a new node and the map
    # points to it (a parent could otherwise become its own descendant: with the clamp
    # a line can come back to a position with a better score, e.g. F2T at score 0 and
    # the card back up, +10).
    cdef uint64_t cap
    cdef BNode* nn
    if b.nnodes == b.ncap:
        cap = b.ncap * 2
        if bf_bytes(b) + b.ncap * sizeof(BNode) > b.max_bytes:
            return -1
        nn = <BNode*> realloc(b.nodes, cap * sizeof(BNode))
        if nn == NULL:
            return -1
        b.nodes = nn
        b.ncap = cap
    nn = &b.nodes[b.nnodes]
    nn.key[0] = key[0]
    nn.key[1] = key[1]
    nn.g = g
    nn.f = f
    nn.fa = fa
    nn.closed = 0
    nn.parent = parent
    nn.move = move
    nn.depth = depth
    b.nnodes += 1
    return b.nnodes - 1


cdef int bf_push(BFSearch* b, int f, uint32_t v) noexcept nogil:
    cdef uint32_t cap
    cdef uint32_t* nb
    if b.bn[f] == b.bc[f]:
        cap = b.bc[f] * 2 if b.bc[f] else 64
        if bf_bytes(b) + (cap - b.bc[f]) * 4 > b.max_bytes:
            return -1
        nb = <uint32_t*> realloc(b.bk[f], cap * 4)
        if nb == NULL:
            return -1
        b.qbytes += (cap - b.bc[f]) * 4
        b.bk[f] = nb
        b.bc[f] = cap
    b.bk[f][b.bn[f]] = v
    b.bn[f] += 1
    return 0


cdef int bf_path_room(BFSearch* b, int need) noexcept nogil:
    cdef int cap = b.pcap
    if need <= cap:
        return 0
    while cap < need:
        cap *= 2
    b.pnode = <uint32_t*> realloc(b.pnode, cap * 4)
    b.pmove = <uint32_t*> realloc(b.pmove, cap * 4)
    b.pundo = <uint32_t*> realloc(b.pundo, cap * 4)
    if b.pnode == NULL or b.pmove == NULL or b.pundo == NULL:
        return -1
    b.pcap = cap
    return 0


cdef int bf_walk(BFSearch* b, uint32_t v) noexcept nogil:
    # Bring b.s to node v: unmake back to the deepest node of the current path that is
    # an ancestor of v, then make v's moves down from it.  pnode[0..plen-1] are the
    # nodes of the path (pnode[0] the root), pmove/pundo[i] the move into pnode[i+1].
    cdef uint32_t x = v
    cdef int nl = 0, d, i
    if bf_path_room(b, b.nodes[v].depth + 2) != 0:
        return -1
    # up from v to its deepest ancestor on the path (node indices only ever grow from
    # parent to child, and a node's parent never changes, so this ends at the root)
    while b.nodes[x].depth >= b.plen or b.pnode[b.nodes[x].depth] != x:
        nl += 1
        x = b.nodes[x].parent
    while b.plen - 1 > b.nodes[x].depth:
        b.plen -= 1
        bf_undo(b, b.pmove[b.plen - 1], b.pundo[b.plen - 1])
    # make the nl moves down: walk again from v, storing nodes at their depths
    d = b.nodes[x].depth
    i = b.nodes[v].depth
    x = v
    while i > d:
        b.pnode[i] = x
        b.pmove[i - 1] = b.nodes[x].move
        x = b.nodes[x].parent
        i -= 1
    for i in range(d, b.nodes[v].depth):
        b.pundo[i] = 0
        bf_apply(b, b.pmove[i], 0, &b.pundo[i])
    b.plen = b.nodes[v].depth + 1
    return 0


cdef struct BFResult:
    int proved
    int stop_reason
    int best            # the incumbent's g units
    uint32_t best_node  # BF_NONE: the seed (no better line found)
    int best_fin
    uint64_t states
    uint64_t table_bytes


cdef void bf_search(BFSearch* b, int incumbent, uint64_t max_states, double deadline,
                    int weight, int lead, BFResult* res) noexcept nogil:
    # b holds the root (node 0, queued); runs until proved or a budget stops it.
    # weight (sixteenths): the queue orders by g + weight/16 * h, not g + h, and then
    # proves nothing; pruning always uses g + h, so no line better than the incumbent
    # is lost to it.  min-moves: above 16 finds short wins far sooner (weighted A*).
    # max-score (h <= 0: the most score still to gain, negated): below 16 it trusts
    # the score so far more than the gain still possible, and so goes deep down good
    # lines and ends them, where plain A* widens over every position that might still
    # gain much.  lead (min-moves): the order adds lead x (cards not up), which goes
    # for the foundations first (ShootMe's order is g + h + cards not up + recycles);
    # like a weight, it proves nothing.
    cdef uint32_t moves[KL_MAX_MOVES + 1]
    cdef uint32_t cm[BF_CHAIN + 1]
    cdef uint32_t cu[BF_CHAIN]
    cdef int cg[BF_CHAIN]
    cdef int nch = 0
    cdef uint64_t zkey[2]
    cdef uint64_t key[2]
    cdef int fcur = 0, n, i, g, g2, f2, fa, term, fin, k, nc, off
    cdef BKid* c
    cdef int weighted = weight != 16 or lead != 0 or b.narrow
    cdef uint32_t v, undo
    cdef uint64_t* slot
    cdef int64_t w
    cdef BNode* nd
    res.proved = 0
    res.stop_reason = STOP_NONE
    res.best = incumbent
    res.best_node = BF_NONE
    res.best_fin = 0
    zkey[0] = 0
    zkey[1] = 0
    term = bf_terminal(b, b.nodes[0].g, &fin)
    if term < res.best:
        res.best = term
        res.best_node = 0
        res.best_fin = fin
    while True:
        while fcur < BF_NBUCKETS and b.bn[fcur] == 0:
            fcur += 1
        if fcur >= BF_NBUCKETS or (fcur >= res.best and weighted == 0):
            res.proved = weighted == 0
            break
        b.bn[fcur] -= 1
        v = b.bk[fcur][b.bn[fcur]]
        nd = &b.nodes[v]
        if nd.closed or nd.fa >= res.best:
            continue                # superseded, or no longer able to beat the best
        nd.closed = 1
        if bf_walk(b, v) != 0:
            res.stop_reason = STOP_MEMORY
            break
        g = b.nodes[v].g
        b.expanded += 1
        n = bf_moves(b, moves)
        # first every child's position (following its forced moves, bf_forced), bound
        # and key, prefetching its slot; then the table, where most probes miss the
        # cache: this way the misses overlap (it was half the time of narrow phases)
        nc = 0
        off = 0
        for i in range(n):
            g2 = bf_apply(b, moves[i], g, &undo)
            nch = 0
            while nch < BF_CHAIN:
                cm[nch] = bf_forced(b)
                if cm[nch] == BF_NONE:
                    break
                cg[nch] = g2
                g2 = bf_apply(b, cm[nch], g2, &cu[nch])
                nch += 1
            fa = bf_priority(b, g2)
            f2 = fa
            if weighted and b.objective == OBJ_MIN_MOVES:
                # not a bound, only an order (fa prunes): the weight is not put on
                # the turns term, which would reward turning through the stock
                k = ceil_div(b.s.ntal - b.s.wp, b.s.draw)
                f2 = g2 + k + ((fa - g2 - k) * weight >> 4) + lead * kl_not_up(b.s)
            elif weighted:
                f2 = g2 + (fa - g2) * weight // 16
            term = bf_terminal(b, g2, &fin)
            if fa < res.best or term < res.best:
                c = &b.kids[nc]
                bf_key(b, b.s, c.key)
                __builtin_prefetch(b.slots + (bf_hash(c.key) & b.smask))
                c.g = g2
                c.fa = fa if fa < BF_NBUCKETS else BF_NBUCKETS - 1
                c.f = f2 if f2 < BF_NBUCKETS else BF_NBUCKETS - 1
                if c.f < 0:
                    c.f = 0
                c.term = term
                c.fin = fin
                c.move = moves[i]
                c.nch = nch
                c.off = off
                for k in range(nch):
                    b.chm[off + k] = cm[k]
                    b.chg[off + k] = cg[k]
                off += nch
                nc += 1
            bf_unchain(b, moves[i], undo, cm, cu, nch)
        for i in range(nc):
            c = &b.kids[i]
            if c.fa >= res.best and c.term >= res.best:
                continue                # a line found since is as good
            slot = bf_slot(b, c.key)
            if slot == NULL:
                res.stop_reason = STOP_MEMORY
                break
            if slot[0] and c.g >= b.nodes[bf_idx(slot[0])].g:
                continue
            if slot[0]:
                if b.nodes[bf_idx(slot[0])].closed == 1:
                    b.reopened += 1
                b.nodes[bf_idx(slot[0])].closed = 2     # superseded
            else:
                if max_states and b.nstates >= max_states:
                    res.stop_reason = STOP_STATES       # the budget, before a new key
                    break
                b.nstates += 1
            # the links of the chain of forced moves (bf_forced): nodes of the line,
            # never keyed or queued (closed 3); only the last is keyed
            w = v
            for k in range(c.nch + 1):
                w = bf_new_node(b, &zkey[0] if k < c.nch else &c.key[0], <uint32_t>w,
                                c.move if k == 0 else b.chm[c.off + k - 1],
                                b.chg[c.off + k] if k < c.nch else c.g, c.f, c.fa,
                                b.nodes[v].depth + 1 + k)
                if w < 0:
                    break
                if k < c.nch:
                    b.nodes[w].closed = 3
            if w < 0:
                res.stop_reason = STOP_MEMORY
                break
            slot[0] = b.tag | <uint64_t>(w + 1)
            if c.term < res.best:
                res.best = c.term
                res.best_node = <uint32_t>w
                res.best_fin = c.fin
            if c.fa < res.best:
                if bf_push(b, c.f, <uint32_t>w) != 0:
                    res.stop_reason = STOP_MEMORY
                    break
                if c.f < fcur:
                    fcur = c.f
        if res.stop_reason != STOP_NONE:
            break
        if max_states and b.nstates >= max_states:
            res.stop_reason = STOP_STATES
            break
        if deadline > 0 and (b.expanded & 255) == 0 and now_seconds() > deadline:
            res.stop_reason = STOP_TIME
            break
        if (b.expanded & 16383) == 0 and signals_pending():
            res.stop_reason = STOP_INTERRUPT
            break
    res.states = b.nstates


cdef void bf_free(BFSearch* b) noexcept nogil:
    cdef int f
    if b.bk != NULL:
        for f in range(BF_NBUCKETS):
            free(b.bk[f])
    free(b.bk)
    free(b.bn)
    free(b.bc)
    free(b.nodes)
    free(b.slots)
    free(b.pnode)
    free(b.pmove)
    free(b.pundo)
    free(b.kids)
    free(b.chm)
    free(b.chg)


cdef int bf_init(BFSearch* b, KState* s, int objective, int sat, int wins_only, int g0,
                 uint64_t max_bytes, int narrow) noexcept nogil:
    cdef uint64_t key[2]
    cdef uint64_t* slot
    cdef int f0
    memset(b, 0, sizeof(BFSearch))
    b.s = s
    b.objective = objective
    b.sat = sat
    b.wins_only = wins_only
    b.narrow = narrow if objective == OBJ_MIN_MOVES else 0
    b.max_bytes = max_bytes
    b.ncap = 1 << 12
    b.nodes = <BNode*> malloc(b.ncap * sizeof(BNode))
    b.smask = (1 << 13) - 1
    b.slots = <uint64_t*> calloc(b.smask + 1, 8)
    b.bk = <uint32_t**> calloc(BF_NBUCKETS, sizeof(uint32_t*))
    b.bn = <uint32_t*> calloc(BF_NBUCKETS, 4)
    b.bc = <uint32_t*> calloc(BF_NBUCKETS, 4)
    b.pcap = 256
    b.pnode = <uint32_t*> malloc(b.pcap * 4)
    b.pmove = <uint32_t*> malloc(b.pcap * 4)
    b.pundo = <uint32_t*> malloc(b.pcap * 4)
    b.kids = <BKid*> malloc((KL_MAX_MOVES + 1) * sizeof(BKid))
    b.chm = <uint32_t*> malloc((KL_MAX_MOVES + 1) * BF_CHAIN * 4)
    b.chg = <int*> malloc((KL_MAX_MOVES + 1) * BF_CHAIN * sizeof(int))
    if (b.nodes == NULL or b.slots == NULL or b.bk == NULL or b.bn == NULL or
            b.bc == NULL or b.pnode == NULL or b.pmove == NULL or b.pundo == NULL
            or b.kids == NULL or b.chm == NULL or b.chg == NULL):
        return -1
    bf_key(b, s, key)
    f0 = bf_priority(b, g0)
    if f0 < 0:
        f0 = 0
    if f0 >= BF_NBUCKETS:
        f0 = BF_NBUCKETS - 1
    slot = bf_slot(b, key)
    if slot == NULL or bf_new_node(b, key, BF_NONE, 0, g0, f0, f0, 0) != 0:
        return -1
    slot[0] = b.tag | 1
    b.nstates = 1
    b.pnode[0] = 0
    b.plen = 1
    return bf_push(b, b.nodes[0].f, 0)


def klondike_objective(columns, found, talon, int wp=0, int recycles=0, int draw=3,
                       int max_recycles=KL_NOLIMIT, bint foundation_moves=True,
                       objective="min-moves", int incumbent=-1,
                       unsigned long long max_states=0, double timeout=0.0,
                       unsigned long long max_table_mb=8192, double weight=1.0,
                       bint wins_only=False, int lead=0, int narrow=0):
    """The fewest explicit moves of a win ("min-moves") or the best Windows standard
    score ("max-score") of a classic Klondike position, looking only for lines better
    than ``incumbent`` (moves, or score; -1: none known).  Arguments as klondike_solve;
    ``recycles`` are the recycles done so far (counted at any passes for max-score).

    Returns (better, proved, value, move_codes, states, expanded, reopened,
    table_bytes, seconds, stop_reason): better says whether a line better than the
    incumbent was found (move_codes, value: its moves or score; else value is the
    incumbent); proved whether no line is better than value (a budget stopped the
    search otherwise).  max-score codes may include KLONDIKE_RECYCLE.  weight: not 1,
    weighted A* (bf_search): good lines soon, never a proof (above 1 for min-moves,
    below 1 for max-score).
    lead, narrow (min-moves): a heuristic phase, never a proof (bf_search, bf_moves;
    narrow 1: ShootMe's run moves and the talon pointer merged in the key; 2: also its
    talon and foundation rules and its estimate, kl_h_shootme).  ``states``: the
    positions stored (forced moves followed in between are not counted).
    wins_only (max-score): only lines that win count (for a deal known to be winnable;
    the bound stays valid, as won lines are lines).
    """
    cdef KState s
    cdef BFSearch b
    cdef BFResult res
    cdef double t0, deadline = 0.0
    cdef int obj, sat = 0, inc, g0
    cdef uint32_t fin_moves[64]
    cdef int nfin = 0, k
    if objective == "min-moves":
        obj = OBJ_MIN_MOVES
    elif objective == "max-score":
        obj = OBJ_MAX_SCORE
    else:
        raise ValueError("unknown objective %r" % (objective,))
    if obj == OBJ_MAX_SCORE and max_recycles == KL_NOLIMIT and draw > 1:
        # the draw-3 penalty needs the recycles done: count them under a limit that is
        # never reached by a best line (after at most one recycle per talon card
        # played, and one more, a further recycle changes nothing but the score), and
        # saturate them at 3 in the key (bf_key)
        sat = 1
        max_recycles = BF_SAT_REC
        if recycles > BF_SAT_REC:
            recycles = 3
    elif max_recycles == KL_NOLIMIT:
        recycles = 0
    kl_load(&s, columns, found, talon, wp, recycles, draw, max_recycles, foundation_moves)
    if obj == OBJ_MIN_MOVES:
        g0 = 0
        inc = incumbent if incumbent >= 0 else BF_INF
    else:
        g0 = BF_BASE
        inc = BF_BASE - incumbent if incumbent >= 0 else BF_INF
    t0 = now_seconds()
    if timeout > 0:
        deadline = t0 + timeout
    if bf_init(&b, &s, obj, sat, wins_only, g0, budget_bytes(max_table_mb), narrow) != 0:
        bf_free(&b)
        raise MemoryError("the objective search could not start")
    with nogil:
        bf_search(&b, inc, max_states, deadline, <int>(weight * 16 + 0.5), lead, &res)
    if res.stop_reason == STOP_INTERRUPT:
        bf_free(&b)
        PyErr_Clear()
        raise KeyboardInterrupt
    codes = []
    if res.best_node != BF_NONE:
        if bf_walk(&b, res.best_node) != 0:
            bf_free(&b)
            raise MemoryError("the objective search ran out of memory")
        codes = [b.pmove[k] for k in range(b.plen - 1)]
        if res.best_fin:
            nfin = kl_finish(b.s, fin_moves)
            codes += [fin_moves[k] for k in range(nfin)]
    tbytes = bf_bytes(&b)
    reopened = b.reopened
    expanded = b.expanded
    bf_free(&b)
    value = res.best if obj == OBJ_MIN_MOVES else BF_BASE - res.best
    if res.best >= BF_INF:
        value = -1
    elapsed = now_seconds() - t0
    return (res.best_node != BF_NONE, bool(res.proved), value, codes, res.states,
            expanded, reopened, tbytes, elapsed, STOP_NAMES[res.stop_reason])


# The code of a standalone recycle in max-score lines (solver.decode_klondike_move).
KLONDIKE_RECYCLE = KL_RECYCLE
