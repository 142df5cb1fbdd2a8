# Imagined deals for a player that does not peek (games/klondike/player.py).
#
# The player knows where every card it has seen lies; the other cards ("unseen") lie in
# the places it cannot see: face down in the columns, and in the stock while not yet
# turned.  A position loaded with the unseen cards in any fixed order stands for all of
# them: a sample is that position with the unseen cards relabelled by a random
# permutation, which puts them in the unknown places in a random order, every order
# equally likely.  Sample k of a seed is always the same permutation, so the positions
# after two different moves of the player see the same cards in the same hidden places
# in their k-th samples (common random numbers: the comparison of the two moves is not
# blurred by the luck of the draw).  Relabelling touches only the card arrays that
# kl_load fills; of what kl_load derives from them, each column's dealt bottom card is
# recomputed here, and the card sets and the key's column digits by kl_derive.

cdef inline uint64_t sample_next(uint64_t* x) noexcept nogil:
    # splitmix64: a fast generator with a 64-bit state, good enough to shuffle cards
    x[0] += 0x9E3779B97F4A7C15ULL
    return mix64(x[0])


cdef void sample_relabel(KState* s, const KState* base, const uint8_t* unseen, int n,
                         uint64_t seed, uint64_t k) noexcept nogil:
    # s = base with the cards unseen[0..n-1] relabelled by the k-th permutation of seed
    cdef uint8_t perm[52]
    cdef uint8_t to[52]
    cdef uint64_t x = mix64(seed ^ mix64(k + 0x632BE59BD9B4E019ULL))
    cdef int i, j, c
    cdef uint8_t t
    for i in range(n):
        perm[i] = unseen[i]
    for i in range(n - 1, 0, -1):          # Fisher-Yates
        j = <int>(sample_next(&x) % <uint64_t>(i + 1))
        t = perm[i]
        perm[i] = perm[j]
        perm[j] = t
    for i in range(52):
        to[i] = i
    for i in range(n):
        to[unseen[i]] = perm[i]
    s[0] = base[0]
    for c in range(7):
        for i in range(s.ndown[c]):
            s.down[c][i] = to[s.down[c][i]]
        for i in range(s.nup[c]):
            s.up[c][i] = to[s.up[c][i]]
        s.bottom[c] = s.down[c][0] if s.ndown[c] else (s.up[c][0] if s.nup[c] else 255)
    for i in range(s.ntal):
        s.tal[i] = to[s.tal[i]]
    kl_derive(s)
