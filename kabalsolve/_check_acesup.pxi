# An independent check of an Aces Up line, in the core's own move codes, for the
# verdict-only call (acesup_verdict): a win is believed only if this replay, which
# shares nothing with the search but the move-code layout, plays every move legally
# from the start and ends with the stock dealt and every card but the four Aces
# discarded.
#
# It is written apart from the search on purpose, so that a fault in the search's
# state, move generator or shortcuts cannot also pass here: its own state (plain card
# arrays, as the reference rules keep them: each pile bottom -> top, the stock in
# dealing order, the set of discarded cards), and its own reading of the rules of
# games/acesup/rules.py (suit and rank from the card number, no lookup tables of the
# search):
#   - a deal puts the next four stock cards onto piles 1-4, empty ones too; it needs
#     a stock, and with the discard-first rule no discard may be possible;
#   - the top card of a pile may be discarded when the top card of another pile is of
#     its suit and higher, the Ace high (so an Ace never goes);
#   - the top card of a pile may move onto an empty pile; with the strict rule only an
#     Ace may;
#   - the game is won when nothing is left to deal and all 48 cards but the Aces are
#     discarded.
#
# Move codes are read as acesup_decode reads them (see _acesup.pxi): type in bits 0-3,
# a in 4-7, b in 8-11, the other bits unused.  Type 0 deals, 1 discards the top card
# of pile a, 2 moves the top card of pile a onto pile b; any other type is refused.

cdef enum:
    CA_DEAL = 0
    CA_DISCARD = 1
    CA_MOVE = 2
    CA_CARDS = 52
    CA_STOCK_MAX = 48       # the layout's four cards are never in the stock


cdef struct ACheck:
    uint8_t pile[4][CA_CARDS]  # every card of a pile, bottom -> top (the start holds
                               # one deck, so no pile can hold more than 52)
    int n[4]
    uint8_t stock[CA_STOCK_MAX]    # dealing order: stock[dealt .. nstock - 1] to come
    int nstock
    int dealt
    uint8_t gone[CA_CARDS]     # 1: the card is discarded
    int strict
    int discard_first


cdef inline int ca_suit(int card) noexcept nogil:
    return card // 13


cdef inline int ca_high(int card) noexcept nogil:
    # the rank for discarding, the Ace high: Two 1 .. King 12, Ace 13
    return 13 if card % 13 == 0 else card % 13


cdef inline int ca_top(ACheck* k, int p) noexcept nogil:
    return k.pile[p][k.n[p] - 1] if k.n[p] else -1


cdef int ca_may_go(ACheck* k, int p) noexcept nogil:
    # 1 if the top card of pile p may be discarded: the top card of another pile is of
    # its suit and higher
    cdef int c = ca_top(k, p), q, t
    if c < 0:
        return 0
    for q in range(4):
        if q == p:
            continue
        t = ca_top(k, q)
        if t >= 0 and ca_suit(t) == ca_suit(c) and ca_high(t) > ca_high(c):
            return 1
    return 0


cdef int ca_play(ACheck* k, uint32_t code) noexcept nogil:
    # one move code played, 1; 0 if it is not legal here (k then unchanged)
    cdef int t = code & 15, a = (code >> 4) & 15, b = (code >> 8) & 15, p, c
    if t == CA_DEAL:
        if k.dealt >= k.nstock:
            return 0
        if k.discard_first:
            for p in range(4):
                if ca_may_go(k, p):
                    return 0
        for p in range(4):
            k.pile[p][k.n[p]] = k.stock[k.dealt + p]
            k.n[p] += 1
        k.dealt += 4
        return 1
    if a >= 4 or k.n[a] == 0:
        return 0
    c = k.pile[a][k.n[a] - 1]
    if t == CA_DISCARD:
        if not ca_may_go(k, a):
            return 0
        k.n[a] -= 1
        k.gone[c] = 1
        return 1
    if t == CA_MOVE:
        # (a == b is refused here too: pile a is not empty)
        if b >= 4 or k.n[b] != 0 or (k.strict and c % 13 != 0):
            return 0
        k.n[a] -= 1
        k.pile[b][0] = c
        k.n[b] = 1
        return 1
    return 0


cdef int ca_won(ACheck* k) noexcept nogil:
    # 1 if nothing is left to deal and every card but the Aces is discarded
    cdef int c
    if k.dealt < k.nstock:
        return 0
    for c in range(CA_CARDS):
        if c % 13 != 0 and not k.gone[c]:
            return 0
    return 1


cdef int ca_card(card, int* seen) except -1:
    # a card of the start as an int, counted in seen; ValueError if it is no card
    if card is None or not 0 <= card < CA_CARDS:
        raise ValueError("the check's start is not one deck")
    seen[<int> card] += 1
    return card


cdef int ca_load(ACheck* k, piles, stock, gone, bint strict, bint discard_first) except -1:
    # the start, from the same Python values the search is given: it must be one whole
    # deck with no Ace discarded, as the reference rules ask of a position
    cdef int p, i, c
    cdef int seen[CA_CARDS]
    memset(k, 0, sizeof(ACheck))
    memset(seen, 0, sizeof(seen))
    if len(piles) != 4 or len(stock) % 4 or len(stock) > CA_STOCK_MAX:
        raise ValueError("the check's start needs 4 piles and a stock of a multiple of "
                         "4 cards, at most 48")
    for p in range(4):
        for card in piles[p]:
            c = ca_card(card, seen)
            if seen[c] == 1:
                k.pile[p][k.n[p]] = c
                k.n[p] += 1
    for card in stock:
        c = ca_card(card, seen)
        if seen[c] == 1:
            k.stock[k.nstock] = c
            k.nstock += 1
    for card in gone:
        c = ca_card(card, seen)
        if c % 13 == 0:
            raise ValueError("the check's start has an Ace discarded")
        k.gone[c] = 1
    for c in range(CA_CARDS):
        if seen[c] != 1:
            raise ValueError("the check's start is not one deck")
    k.dealt = 0
    k.strict = 1 if strict else 0
    k.discard_first = 1 if discard_first else 0
    return 0


cdef int ca_line_wins(ACheck* k, const uint32_t* codes, int n) noexcept nogil:
    # 1 if the line plays legally from k (which it changes) and wins; else -(1 + the
    # index of the first move that fails), or -(1 + n) if it ends short of a win
    cdef int i
    for i in range(n):
        if not ca_play(k, codes[i]):
            return -(1 + i)
    if not ca_won(k):
        return -(1 + n)
    return 1
