# The transposition table: an exact hash set of state keys of one or two 64-bit words.
#
# A game's key is 64 bits when its state fits (Klondike with unlimited passes) and 128
# bits otherwise; the table holds keys of one width, `kw` words per slot.  Every real key
# has its sentinel bit (bit 63 of its last word) set, so an all-zero slot is empty.
# Open addressing with linear probing; the table doubles when it is 3/4 full and
# refuses to grow past its memory budget (the search then stops with "unknown").
# Nothing is ever evicted: membership is exact, which is what a proof of "lost" needs.
#
# The budget bounds the memory the table takes at every moment, not only its size:
# while it doubles, the old array and the new one (twice as large) exist together, so
# the table grows only while old + new fit in max_bytes, and ends at most 2/3 of it.
# Tables that share one budget (the reduced games' tables of an Aces Up search) also
# draw on a pool: a count of the bytes they may still take, debited as an array is
# made and credited as one is freed (table_use_pool).

cdef enum:
    KEY_WORDS = 2                       # the most words a key may have
    KEY_SENTINEL_SHIFT = 63

cdef struct Table:
    uint64_t* slots          # kw words per slot
    uint64_t mask            # capacity - 1 (capacity is a power of two)
    uint64_t count
    uint64_t max_bytes       # the table never takes more than this, even while it grows
    uint64_t* pool           # bytes the tables sharing a budget may still take, or NULL
    int kw                   # words per key: 1 or 2


cdef inline uint64_t mix64(uint64_t x) noexcept nogil:
    # splitmix64's finaliser: every input bit affects every output bit
    x ^= x >> 30
    x *= 0xbf58476d1ce4e5b9ULL
    x ^= x >> 27
    x *= 0x94d049bb133111ebULL
    x ^= x >> 31
    return x


cdef inline uint64_t key_hash(const uint64_t* k, int kw) noexcept nogil:
    if kw == 1:
        return mix64(k[0])
    return mix64(k[0] ^ mix64(k[1]))


# Slot arrays.  A large table is probed at random, so nearly every probe of a big
# search misses the cache and, with 4 KiB pages, the TLB as well: a 256 MiB table spans
# 65,536 pages, and each probe walks the page tables on top of the memory access.  On
# Linux, arrays of 2 MiB and more are therefore mapped on their own, aligned to 2 MiB,
# and the kernel is asked to back them with huge pages (madvise; where it declines, or
# transparent huge pages are off, they are ordinary pages and nothing else changes).
# Fresh anonymous memory reads as zeros, which is an empty table.  Which allocator made
# an array follows from its size alone, so freeing needs nothing but the size.
# Elsewhere every array comes from calloc.
#
# Kept arrays.  A table doubles as it fills, so a search that ends with a 128 MiB table
# has mapped 2 + 4 + ... + 128 MiB on the way, and the kernel faults in and clears every
# page of it; for a batch worker that solves hard deal after hard deal this is a tenth
# of its time (six hard Aces Up losses: 1.7 s of kernel time in 20 s).  A process may
# therefore keep freed arrays of 2 MiB and more, up to a bound on their total bytes
# (keep_tables; 0, the default, keeps none), and hand one of the same size to the next
# request after clearing it with memset, which is cheaper than the fault path.  The
# list is guarded by a mutex, since searches run without the GIL and may run in
# several threads at once.
cdef extern from *:
    """
    #include <stdlib.h>
    #include <string.h>
    #if defined(__linux__)
    #include <stdint.h>
    #include <pthread.h>
    #include <sys/mman.h>
    #define KS_HUGE ((size_t) 1 << 21)
    #define KS_KEEP_MAX 64
    static pthread_mutex_t ks_keep_lock = PTHREAD_MUTEX_INITIALIZER;
    static void* ks_keep_p[KS_KEEP_MAX];
    static size_t ks_keep_n[KS_KEEP_MAX];
    static int ks_keep_count = 0;
    static size_t ks_keep_bytes = 0, ks_keep_limit = 0;

    /* a kept array of exactly n bytes (not cleared), or NULL */
    static void* ks_keep_take(size_t n) {
        void* p = NULL;
        int i;
        pthread_mutex_lock(&ks_keep_lock);
        for (i = ks_keep_count - 1; i >= 0; i--)
            if (ks_keep_n[i] == n) {
                p = ks_keep_p[i];
                ks_keep_count--;
                ks_keep_p[i] = ks_keep_p[ks_keep_count];
                ks_keep_n[i] = ks_keep_n[ks_keep_count];
                ks_keep_bytes -= n;
                break;
            }
        pthread_mutex_unlock(&ks_keep_lock);
        return p;
    }
    /* 1 if the array was kept, 0 if it is the caller's to unmap */
    static int ks_keep_put(void* p, size_t n) {
        int kept = 0;
        pthread_mutex_lock(&ks_keep_lock);
        if (ks_keep_count < KS_KEEP_MAX && ks_keep_bytes + n <= ks_keep_limit) {
            ks_keep_p[ks_keep_count] = p;
            ks_keep_n[ks_keep_count] = n;
            ks_keep_count++;
            ks_keep_bytes += n;
            kept = 1;
        }
        pthread_mutex_unlock(&ks_keep_lock);
        return kept;
    }
    /* set the bound, unmapping kept arrays (the oldest first) until they fit it; the
       bound it had */
    static size_t ks_keep_set(size_t limit) {
        size_t was;
        int i, j = 0;
        pthread_mutex_lock(&ks_keep_lock);
        was = ks_keep_limit;
        ks_keep_limit = limit;
        for (i = 0; i < ks_keep_count; i++) {
            if (ks_keep_bytes > limit) {
                munmap(ks_keep_p[i], ks_keep_n[i]);
                ks_keep_bytes -= ks_keep_n[i];
            } else {
                ks_keep_p[j] = ks_keep_p[i];
                ks_keep_n[j] = ks_keep_n[i];
                j++;
            }
        }
        ks_keep_count = j;
        pthread_mutex_unlock(&ks_keep_lock);
        return was;
    }
    static size_t ks_kept_bytes(void) {
        size_t n;
        pthread_mutex_lock(&ks_keep_lock);
        n = ks_keep_bytes;
        pthread_mutex_unlock(&ks_keep_lock);
        return n;
    }
    /* the sizes of the kept arrays, up to max of them; how many were written */
    static int ks_kept_sizes(size_t* out, int max) {
        int i, m;
        pthread_mutex_lock(&ks_keep_lock);
        m = ks_keep_count < max ? ks_keep_count : max;
        for (i = 0; i < m; i++)
            out[i] = ks_keep_n[i];
        pthread_mutex_unlock(&ks_keep_lock);
        return m;
    }
    static void* ks_slots_alloc(size_t n) {
        char *p, *a;
        size_t lead;
        if (n < KS_HUGE)
            return calloc(n, 1);
        a = (char*) ks_keep_take(n);
        if (a != NULL) {
            memset(a, 0, n);
            return a;
        }
        p = (char*) mmap(NULL, n + KS_HUGE, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == (char*) MAP_FAILED)
            return NULL;
        /* keep the 2 MiB-aligned part, give the rest back */
        a = (char*) (((uintptr_t) p + KS_HUGE - 1) & ~(uintptr_t) (KS_HUGE - 1));
        lead = (size_t) (a - p);
        if (lead)
            munmap(p, lead);
        munmap(a + n, KS_HUGE - lead);
    #ifdef MADV_HUGEPAGE
        madvise(a, n, MADV_HUGEPAGE);
    #endif
        return a;
    }
    static void ks_slots_free(void* p, size_t n) {
        if (p == NULL)
            return;
        if (n < KS_HUGE)
            free(p);
        else if (!ks_keep_put(p, n))
            munmap(p, n);
    }
    #else
    static void* ks_slots_alloc(size_t n) { return calloc(n, 1); }
    static void ks_slots_free(void* p, size_t n) { (void) n; free(p); }
    static size_t ks_keep_set(size_t limit) { (void) limit; return 0; }
    static size_t ks_kept_bytes(void) { return 0; }
    static int ks_kept_sizes(size_t* out, int max) { (void) out; (void) max; return 0; }
    #endif
    """
    void* ks_slots_alloc(size_t n) noexcept nogil
    void ks_slots_free(void* p, size_t n) noexcept nogil
    size_t ks_keep_set(size_t limit) noexcept nogil
    size_t ks_kept_bytes() noexcept nogil
    int ks_kept_sizes(size_t* out, int max) noexcept nogil


cdef inline uint64_t* slots_alloc(uint64_t nbytes) noexcept nogil:
    # a zeroed array of nbytes, or NULL
    return <uint64_t*> ks_slots_alloc(nbytes)


cdef inline void slots_free(uint64_t* slots, uint64_t nbytes) noexcept nogil:
    # an array from slots_alloc, of the size it was made with
    ks_slots_free(slots, nbytes)


cdef int table_init(Table* t, uint64_t capacity, uint64_t max_bytes, int kw) noexcept nogil:
    t.slots = slots_alloc(capacity * kw * sizeof(uint64_t))
    t.pool = NULL
    if t.slots == NULL:
        return -1
    t.mask = capacity - 1
    t.count = 0
    t.max_bytes = max_bytes
    t.kw = kw
    return 0


cdef int table_use_pool(Table* t, uint64_t* pool) noexcept nogil:
    # let t draw on pool from now on, paying for the array it has; -1 if the pool
    # cannot pay (t is then freed)
    cdef uint64_t n = (t.mask + 1) * t.kw * sizeof(uint64_t)
    if n > pool[0]:
        table_free(t)
        return -1
    pool[0] -= n
    t.pool = pool
    return 0


cdef inline void table_clear(Table* t) noexcept nogil:
    # empty, at the size it has
    if t.slots != NULL and t.count:
        memset(t.slots, 0, (t.mask + 1) * t.kw * sizeof(uint64_t))
        t.count = 0


cdef void table_free(Table* t) noexcept nogil:
    cdef uint64_t n
    if t.slots != NULL:
        n = (t.mask + 1) * t.kw * sizeof(uint64_t)
        slots_free(t.slots, n)
        if t.pool != NULL:
            t.pool[0] += n
    t.slots = NULL
    t.pool = NULL


cdef inline uint64_t* table_probe(Table* t, const uint64_t* k) noexcept nogil:
    # the slot holding k, or the empty slot where it belongs
    cdef uint64_t i = key_hash(k, t.kw) & t.mask
    cdef uint64_t* s
    if t.kw == 1:
        while True:
            s = t.slots + i
            if s[0] == 0 or s[0] == k[0]:
                return s
            i = (i + 1) & t.mask
    while True:
        s = t.slots + i * 2
        if s[1] == 0 or (s[0] == k[0] and s[1] == k[1]):
            return s
        i = (i + 1) & t.mask


cdef inline void table_prefetch(Table* t, const uint64_t* k) noexcept nogil:
    __builtin_prefetch(t.slots + (key_hash(k, t.kw) & t.mask) * t.kw)


cdef inline void table_prefetch_all(Table* t, const uint64_t* keys, int n) noexcept nogil:
    # the slots of the n keys of keys (KEY_WORDS words apart), fetched together before
    # they are probed (table_has_any), so that their cache misses overlap
    cdef int k
    for k in range(n):
        table_prefetch(t, keys + k * KEY_WORDS)


cdef inline int table_has_any(Table* t, const uint64_t* keys, int n) noexcept nogil:
    # 1 if one of the n keys of keys (KEY_WORDS words apart) is in t, probed in order
    cdef int k
    for k in range(n):
        if table_probe(t, keys + k * KEY_WORDS)[t.kw - 1] != 0:
            return 1
    return 0


cdef int table_grow(Table* t) noexcept nogil:
    cdef uint64_t old_cap = t.mask + 1
    cdef uint64_t new_cap = old_cap * 2
    cdef uint64_t* old = t.slots
    cdef uint64_t old_bytes = old_cap * t.kw * sizeof(uint64_t)
    cdef uint64_t new_bytes = 2 * old_bytes
    cdef uint64_t i
    cdef uint64_t* s
    cdef uint64_t* d
    cdef int w, kw = t.kw
    # old and new exist together while the keys move (max_bytes is at most 2**63, so
    # the sum cannot wrap)
    if old_bytes + new_bytes > t.max_bytes:
        return -1
    if t.pool != NULL:
        if new_bytes > t.pool[0]:
            return -1
        t.pool[0] -= new_bytes
    t.slots = slots_alloc(new_bytes)
    if t.slots == NULL:
        t.slots = old
        if t.pool != NULL:
            t.pool[0] += new_bytes
        return -1
    t.mask = new_cap - 1
    for i in range(old_cap):
        s = old + i * kw
        if s[kw - 1] != 0:
            d = table_probe(t, s)
            for w in range(kw):
                d[w] = s[w]
    slots_free(old, old_bytes)
    if t.pool != NULL:
        t.pool[0] += old_bytes
    return 0


cdef inline int table_insert(Table* t, const uint64_t* k) noexcept nogil:
    """1 if k was new (and is now in), 0 if it was there, -1 if the table is full."""
    cdef uint64_t* s
    if (t.count + 1) * 4 > (t.mask + 1) * 3:
        if table_grow(t) != 0:
            return -1
    s = table_probe(t, k)
    if s[t.kw - 1] != 0:
        return 0
    s[0] = k[0]
    if t.kw == 2:
        s[1] = k[1]
    t.count += 1
    return 1


cdef inline uint64_t budget_bytes(unsigned long long mb) noexcept nogil:
    # a budget in MiB as bytes, saturating at 2**63 rather than wrapping round (the
    # library refuses budgets anywhere near it; this is the core's own guard)
    if mb >= (1ULL << 43):
        return 1ULL << 63
    return mb * (1ULL << 20)


cdef inline uint64_t table_bytes(Table* t) noexcept nogil:
    return (t.mask + 1) * t.kw * sizeof(uint64_t)
