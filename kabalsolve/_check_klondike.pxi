# An independent check of a Klondike line, in the core's own move codes, for the
# verdict-only calls (is_winnable): a win is believed only if this replay, which shares
# nothing with the search but the move-code layout, plays every move legally from the
# start and ends with all 52 cards on the foundations.
#
# It is written apart from the search on purpose: its own state (plain card arrays, as
# the pure-Python rules keep them: columns bottom -> top with a face-down count, the
# stock in turning order, the waste bottom -> top), its own rules of what fits where
# (rank and colour from the card number, no lookup tables of the search), and the
# talon rule of the Python referee (a talon card is brought to the top of the waste by
# drawing, and recycling when the stock is empty, the first time it shows).  Classic
# Klondike only; the danish queue and the objectives' stand-alone recycle are left to
# the full replay on the Python rules (games/klondike/bridge.py).
#
# Move codes (see _klondike.pxi): type in bits 0-3, a in 4-8, b in 9-13, n in 14-18.
# T2F a: column a's top card up.  W2F a: the talon card at index a of waste + stock
# (waste bottom -> top, then the stock in turning order) up.  W2T a b: that card onto
# column b.  T2T a b n: the top n cards of column a onto column b.  F2T a b: the top
# card of suit a's foundation onto column b.  SWAPF a b n: the top n cards of column a
# onto column b, then the card under them up.

cdef struct KCheck:
    uint8_t col[7][24]        # every card of a column, bottom -> top
    int ncol[7]
    int down[7]               # of which the first down[c] are face down
    int found[4]              # cards up per suit
    uint8_t stock[24]         # turning order: stock[0] is turned first
    int nstock
    uint8_t waste[24]         # bottom -> top
    int nwaste
    int recycles
    int max_recycles          # 255: unlimited
    int draw
    int f2t


cdef inline int ck_rank(int card) noexcept nogil:
    return card % 13


cdef inline int ck_red(int card) noexcept nogil:
    cdef int s = card // 13
    return s == 1 or s == 2


cdef inline int ck_fits(KCheck* k, int card, int c) noexcept nogil:
    # may card go onto column c: a King onto an empty column, any other card onto a
    # face-up card one rank higher of the other colour
    cdef int top
    if k.ncol[c] == 0:
        return ck_rank(card) == 12
    if k.down[c] == k.ncol[c]:
        return 0
    top = k.col[c][k.ncol[c] - 1]
    return ck_rank(top) == ck_rank(card) + 1 and ck_red(top) != ck_red(card)


cdef inline int ck_up(KCheck* k, int card) noexcept nogil:
    # card onto its foundation, if it is next there
    if k.found[card // 13] != ck_rank(card):
        return 0
    k.found[card // 13] += 1
    return 1


cdef inline void ck_turn_up(KCheck* k, int c) noexcept nogil:
    if k.ncol[c] and k.down[c] == k.ncol[c]:
        k.down[c] -= 1


cdef int ck_draw(KCheck* k) noexcept nogil:
    # one turn of the stock, or a recycle when it is empty; 0 if neither is allowed
    cdef int t, i
    if k.nstock:
        t = k.draw if k.draw < k.nstock else k.nstock
        for i in range(t):
            k.waste[k.nwaste + i] = k.stock[i]
        k.nwaste += t
        for i in range(k.nstock - t):
            k.stock[i] = k.stock[i + t]
        k.nstock -= t
        return 1
    if k.nwaste == 0 or (k.max_recycles != 255 and k.recycles >= k.max_recycles):
        return 0
    for i in range(k.nwaste):
        k.stock[i] = k.waste[i]
    k.nstock = k.nwaste
    k.nwaste = 0
    k.recycles += 1
    return 1


cdef int ck_talon_card(KCheck* k, int a) noexcept nogil:
    # the talon card at index a of waste + stock, brought to the top of the waste and
    # taken from it; -1 if there is none or it never shows
    cdef int card, i
    if a < 0 or a >= k.nwaste + k.nstock:
        return -1
    card = k.waste[a] if a < k.nwaste else k.stock[a - k.nwaste]
    for i in range(2 * (k.nwaste + k.nstock) + 4):
        if k.nwaste and k.waste[k.nwaste - 1] == card:
            k.nwaste -= 1
            return card
        if not ck_draw(k):
            return -1
    return -1


cdef int ck_move_run(KCheck* k, int c, int j, int n) noexcept nogil:
    # the top n face-up cards of column c onto column j
    cdef int i, base
    if c == j or n < 1 or n > k.ncol[c] - k.down[c]:
        return 0
    base = k.col[c][k.ncol[c] - n]
    if not ck_fits(k, base, j):
        return 0
    for i in range(n):
        k.col[j][k.ncol[j] + i] = k.col[c][k.ncol[c] - n + i]
    k.ncol[j] += n
    k.ncol[c] -= n
    return 1


cdef int ck_play(KCheck* k, uint32_t code) noexcept nogil:
    # one move code played, 1; 0 if it is not legal here
    cdef int t = code & 15, a = (code >> 4) & 31, b = (code >> 9) & 31
    cdef int n = (code >> 14) & 31, card
    if code & (1u << 19):
        return 0                      # a danish turn: not checked here
    if t == 0 or t == 5:              # T2F, SWAPF
        if a > 6:
            return 0
        if t == 5:
            if b > 6 or not ck_move_run(k, a, b, n):
                return 0
        if k.ncol[a] == 0 or k.down[a] == k.ncol[a]:
            return 0
        if not ck_up(k, k.col[a][k.ncol[a] - 1]):
            return 0
        k.ncol[a] -= 1
        ck_turn_up(k, a)
        return 1
    if t == 1 or t == 2:              # W2F, W2T
        if t == 2 and b > 6:
            return 0
        card = ck_talon_card(k, a)
        if card < 0:
            return 0
        if t == 1:
            return ck_up(k, card)
        if not ck_fits(k, card, b):
            return 0
        k.col[b][k.ncol[b]] = card
        k.ncol[b] += 1
        return 1
    if t == 3:                        # T2T
        if a > 6 or b > 6 or not ck_move_run(k, a, b, n):
            return 0
        ck_turn_up(k, a)
        return 1
    if t == 4:                        # F2T
        if not k.f2t or a > 3 or b > 6 or k.found[a] == 0:
            return 0
        card = a * 13 + k.found[a] - 1
        if not ck_fits(k, card, b):
            return 0
        k.found[a] -= 1
        k.col[b][k.ncol[b]] = card
        k.ncol[b] += 1
        return 1
    return 0


cdef int ck_load(KCheck* k, columns, found, talon, int wp, int recycles, int draw,
                 int max_recycles, bint foundation_moves) except -1:
    # the start, from the same Python values the search is given; ValueError unless
    # they hold each card once (the cards are read by iterating, typed, which costs
    # less than indexing: this runs once per verdict, whatever the search costs)
    cdef int c, i, n, card
    cdef int seen[52]
    memset(seen, 0, sizeof(seen))
    if len(columns) != 7 or len(found) != 4 or not 0 <= wp <= len(talon) <= 24:
        raise ValueError("the check's start cannot be packed")
    for c in range(7):
        down, up = columns[c]
        n = 0
        k.down[c] = len(down)
        if len(down) + len(up) > 24:
            raise ValueError("the check's column %d cannot be packed" % (c + 1))
        for card in down:
            if not 0 <= card < 52:
                raise ValueError("the check's start is not one deck")
            k.col[c][n] = card
            n += 1
            seen[card] += 1
        for card in up:
            if not 0 <= card < 52:
                raise ValueError("the check's start is not one deck")
            k.col[c][n] = card
            n += 1
            seen[card] += 1
        k.ncol[c] = n
    for i in range(4):
        n = found[i]
        if not 0 <= n <= 13:
            raise ValueError("the check's start is not one deck")
        k.found[i] = n
        for c in range(n):
            seen[i * 13 + c] += 1
    k.nwaste = wp
    k.nstock = len(talon) - wp
    i = 0
    for card in talon:
        if not 0 <= card < 52:
            raise ValueError("the check's start is not one deck")
        seen[card] += 1
        if i < wp:
            k.waste[i] = card
        else:
            k.stock[i - wp] = card
        i += 1
    for i in range(52):
        if seen[i] != 1:
            raise ValueError("the check's start is not one deck")
    k.recycles = recycles
    k.max_recycles = max_recycles
    k.draw = draw
    k.f2t = foundation_moves
    return 0


cdef int ck_line_wins(KCheck* k, const uint32_t* codes, int n) noexcept nogil:
    # 1 if the line plays legally from k (which it changes) and puts every card up;
    # else -(1 + the index of the first move that fails), or -(1 + n) if it ends short
    cdef int i
    for i in range(n):
        if not ck_play(k, codes[i]):
            return -(1 + i)
    if k.found[0] + k.found[1] + k.found[2] + k.found[3] != 52:
        return -(1 + n)
    return 1
