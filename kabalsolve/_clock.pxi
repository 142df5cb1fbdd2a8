# Clock patience in the core: the play-out, and seeded deals made here too, so that
# statistics over millions of deals never touch Python per deal.
#
# A deck is 52 card bytes in dealing order: card i goes to pile i mod 13 (0-based; 12
# is the centre), later cards on top, so pile p's top face-down card with `left` cards
# remaining is deck[p + 13 * (left - 1)].

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"


cdef inline uint64_t splitmix_next(uint64_t* state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    return mix64(state[0])


cdef void seeded_deck(uint64_t seed, uint8_t* deck) noexcept nogil:
    # The shuffle of kabalsolve.generate.shuffled_deck, bit for bit: splitmix64 from the
    # seed, Fisher-Yates from the last place down, place i swapped with
    # (x * (i + 1)) >> 64.
    cdef uint64_t st = seed, x
    cdef int i, j
    cdef uint8_t t
    for i in range(52):
        deck[i] = i
    for i in range(51, 0, -1):
        x = splitmix_next(&st)
        j = <int>((<u128>x * <u128>(i + 1)) >> 64)
        t = deck[i]; deck[i] = deck[j]; deck[j] = t


cdef int clock_playout(const uint8_t* deck, uint8_t* turned) noexcept nogil:
    # Play the deal out; returns how many cards were turned (52 = won).  turned, if not
    # NULL, receives them in order.
    cdef int left[13]
    cdef int p = 12, n = 0, c
    for c in range(13):
        left[c] = 4
    while left[p]:
        left[p] -= 1
        c = deck[p + 13 * left[p]]
        if turned != NULL:
            turned[n] = c
        n += 1
        p = c % 13
    return n
