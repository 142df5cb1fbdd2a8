# The winning line that solve() hands back for classic Klondike, made in the core: the
# line of the win search (kl_decide) without its round trips (kl_tidy, _tidy.pxi),
# written out as the atomic moves the user sees (a turn of the stock, a recycle, a
# card or run moved), each one played, and so checked, as it is written.
#
# Written out and checked on the independent check's state and rules
# (_check_klondike.pxi: KCheck, ck_fits, ck_up, ck_draw, ck_turn_up), not the search's:
# the state is kept as the Python rules keep it (columns with a face-down count, the
# stock in turning order, the waste), and the atomic moves are derived from it exactly
# as games/klondike/bridge.py's decode_klondike_move derives them from the reference
# Position (the talon's turns and recycles as Position.steps_to_talon_card finds them,
# the first time the card shows), then played under the checks of Position._check.
# What is checked is thus the line of atomic moves itself, the very moves the user
# gets, and a win is believed only if they all play and put the 52 cards up.
#
# An atomic move is one number, KA_DRAW (0), KA_RECYCLE (1), or for a card move
# 2 + ((src x 8 + dst) x 52 + card) x 13 + count - 1: src the place it leaves (0..6 the
# columns T1..T7, 7 the foundations, 8 the waste), dst the place it goes to (0..7),
# card the bottom card of the cards moved and count how many.  So every atomic move
# has a number below 48,674, and a line is 2 bytes a move (little-endian), which the
# bridge turns into Move values through a table indexed by the number
# (klondike_moves, and atomic_moves in games/klondike/bridge.py).

cdef enum:
    KA_DRAW = 0
    KA_RECYCLE = 1
    KA_FIRST_MOVE = 2
    KA_FOUNDATION = 7         # a place: 0..6 the columns, the foundations, the waste
    KA_WASTE = 8
    KA_COUNT = 2 + 9 * 8 * 52 * 13    # how many numbers there are
    # the most atomic moves one move code stands for: a talon card's turns and
    # recycles (at most 2 x 24 + 4, the bound of steps_to_talon_card), then the move
    KA_MOST_PER_CODE = 2 * 24 + 4 + 2


cdef struct KALine:
    uint32_t* moves           # malloc'd, grown as needed
    int n
    int cap


cdef inline uint32_t ka_move(int src, int dst, int card, int count) noexcept nogil:
    return <uint32_t>(KA_FIRST_MOVE + ((src * 8 + dst) * 52 + card) * 13 + count - 1)


cdef int ka_play(KCheck* k, uint32_t m) noexcept nogil:
    # one atomic move played on k, 1; 0 (k unchanged) if Position._check refuses it
    cdef int src, dst, card, count, i, base
    if m == KA_DRAW:
        return k.nstock > 0 and ck_draw(k)
    if m == KA_RECYCLE:
        return k.nstock == 0 and ck_draw(k)
    if m >= KA_COUNT:
        return 0
    m -= KA_FIRST_MOVE
    count = m % 13 + 1
    card = m // 13 % 52
    dst = m // (13 * 52) % 8
    src = m // (13 * 52 * 8)
    # where it comes from: the card must be there, with count - 1 cards on it
    if src == KA_WASTE:
        if count != 1 or k.nwaste == 0 or k.waste[k.nwaste - 1] != card:
            return 0
    elif src == KA_FOUNDATION:
        if not k.f2t or count != 1 or k.found[card // 13] != ck_rank(card) + 1:
            return 0
    elif src < 7:
        base = k.ncol[src] - count
        if count < 1 or base < k.down[src] or k.col[src][base] != card:
            return 0
    else:
        return 0
    # where it goes
    if dst == KA_FOUNDATION:
        if count != 1 or not ck_up(k, card):
            return 0
    elif dst < 7 and dst != src:
        if not ck_fits(k, card, dst):
            return 0
        if src < 7:
            for i in range(count):
                k.col[dst][k.ncol[dst] + i] = k.col[src][k.ncol[src] - count + i]
        else:
            k.col[dst][k.ncol[dst]] = card
        k.ncol[dst] += count
    else:
        return 0
    if src == KA_WASTE:
        k.nwaste -= 1
    elif src == KA_FOUNDATION:
        k.found[card // 13] -= 1
    else:
        k.ncol[src] -= count
        ck_turn_up(k, src)
    return 1


cdef int ka_code(KCheck* k, uint32_t code, uint32_t* out) noexcept nogil:
    # The atomic moves of one move code, from k, written to out and played on k:
    # their number, or -1 if the code does not stand for moves that are legal here.
    # Each case is decode_klondike_move's.
    cdef int t = code & 15, a = (code >> 4) & 31, b = (code >> 9) & 31
    cdef int n = (code >> 14) & 31, card, i, w = 0, top
    if code >> 19:
        return -1                     # a danish turn, or no code of the classic search
    if t == KL_T2F:
        if a > 6 or k.ncol[a] == 0:
            return -1
        out[w] = ka_move(a, KA_FOUNDATION, k.col[a][k.ncol[a] - 1], 1)
        w += 1
    elif t == KL_W2F or t == KL_W2T:
        if a >= k.nwaste + k.nstock or (t == KL_W2T and b > 6):
            return -1
        card = k.waste[a] if a < k.nwaste else k.stock[a - k.nwaste]
        # steps_to_talon_card: turn (or recycle when the stock is empty) until the
        # card is on top of the waste, the first time it shows
        for i in range(2 * (k.nstock + k.nwaste) + 4):
            if k.nwaste and k.waste[k.nwaste - 1] == card:
                break
            out[w] = KA_DRAW if k.nstock else KA_RECYCLE
            if not ka_play(k, out[w]):
                return -1
            w += 1
        else:
            return -1                 # it never shows
        out[w] = ka_move(KA_WASTE, KA_FOUNDATION if t == KL_W2F else b, card, 1)
        if not ka_play(k, out[w]):
            return -1
        return w + 1
    elif t == KL_T2T:
        if a > 6 or b > 6 or n < 1 or n > k.ncol[a]:
            return -1
        out[w] = ka_move(a, b, k.col[a][k.ncol[a] - n], n)
        w += 1
    elif t == KL_F2T:
        if a > 3 or b > 6 or k.found[a] == 0:
            return -1
        out[w] = ka_move(KA_FOUNDATION, b, a * 13 + k.found[a] - 1, 1)
        w += 1
    elif t == KL_SWAPF:
        # the run onto the twin, then the card it lay on up: both read from the
        # position before the first is played
        if a > 6 or b > 6 or n < 1 or n + 1 > k.ncol[a]:
            return -1
        top = k.ncol[a]
        out[0] = ka_move(a, b, k.col[a][top - n], n)
        out[1] = ka_move(a, KA_FOUNDATION, k.col[a][top - n - 1], 1)
        w = 2
    else:
        return -1                     # max-score's stand-alone recycle: not in a win
    for i in range(w):
        if not ka_play(k, out[i]):
            return -1
    return w


cdef int ka_line(KCheck* k, const uint32_t* codes, int n, KALine* out) noexcept nogil:
    # The line of move codes written out as atomic moves into out (appended), each
    # played on k (which it changes): -1 if every one plays and the line ends with all
    # 52 cards up; else the index of the first code refused (n if the line ends
    # short); -2 if memory ran out.
    cdef int i, w
    cdef uint32_t* grown
    for i in range(n):
        if out.cap - out.n < KA_MOST_PER_CODE:
            grown = <uint32_t*> realloc(out.moves, (2 * out.cap + KA_MOST_PER_CODE)
                                        * sizeof(uint32_t))
            if grown == NULL:
                return -2
            out.moves = grown
            out.cap = 2 * out.cap + KA_MOST_PER_CODE
        w = ka_code(k, codes[i], out.moves + out.n)
        if w < 0:
            return i
        out.n += w
    if k.found[0] + k.found[1] + k.found[2] + k.found[3] != 52:
        return n
    return -1


cdef int ka_won_line(KState* start, KCheck* check, const uint32_t* path, int n,
                     KALine* out) noexcept nogil:
    # The line solve() returns for a win the search found (path, n codes), in out:
    # what replay_winning_codes in the bridge makes of it on the Python rules.  The
    # line without its round trips (kl_tidy from start) if that differs from the line
    # as found and checks out as a win; else the line as found.  Returns ka_line's
    # answer for the line kept (-1: checked; else the index of the first code of the
    # line as found that is refused; -2: no memory).  check is the start too, in the
    # independent check's state; it ends where the line kept ends.
    cdef uint32_t* tidy = <uint32_t*> malloc((2 * n + 1) * sizeof(uint32_t))
    cdef KCheck k
    cdef int m, r
    if tidy == NULL:
        return -2
    memcpy(tidy, path, n * sizeof(uint32_t))
    m = kl_tidy(start, tidy, n)
    if m >= 0 and (m != n or memcmp(tidy, path, n * sizeof(uint32_t)) != 0):
        k = check[0]
        r = ka_line(&k, tidy, m, out)
        if r != -1:
            out.n = 0                 # (the bridge's replay would fail: use the line found)
        if r == -2 or r == -1:
            free(tidy)
            if r == -1:
                check[0] = k
            return r
    free(tidy)
    return ka_line(check, path, n, out)


cdef bytes ka_bytes(KALine* line):
    # the atomic moves as bytes, 2 a move, little-endian
    cdef bytes out = PyBytes_FromStringAndSize(NULL, 2 * line.n)
    cdef unsigned char* p = <unsigned char*> PyBytes_AS_STRING(out)
    cdef int i
    for i in range(line.n):
        p[2 * i] = line.moves[i] & 255
        p[2 * i + 1] = line.moves[i] >> 8
    return out
