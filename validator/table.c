/* table.c - the hash table's setup, insertion, growth and deletion
 * (table.h has the types and the lookups). Memory is the caller's,
 * planned up front. */
#include "internal.h"

static size_t pow2_at_least(size_t n)
{
    size_t p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

/* A table for MAX entries in MEM; with SCRATCH it starts at 64 slots and
 * grows (see tgrow), without it all slots are in use from the start. */
void fxt__table_init(fxt__table *t, void *mem, size_t max, void *scratch)
{
    size_t n = pow2_at_least(max * 2);
    t->s = mem;
    t->stk = NULL;
    t->full = n;
    t->scratch = scratch;
    if (scratch != NULL && n > 64)
        n = 64;
    t->mask = n - 1;
    t->count = 0;
    t->max = max;
    t->overflow = 0;
    for (size_t i = 0; i < n; i++)
        t->s[i].used = 0;
}

/* The async and flow tables start small and grow when half full, up to
 * the memory planned for them: a few open ids then stay in a few cache
 * lines instead of being hashed across megabytes (a cache miss per async
 * or flow event cost 8% of the validation time). Slot pointers into these
 * tables are never kept across records, so moving entries is safe. */
static void tgrow(fxt__table *t)
{
    size_t n = t->mask + 1, c = 0;
    for (size_t i = 0; i < n; i++)
        if (t->s[i].used)
            t->scratch[c++] = t->s[i]; /* count <= n/2 <= full/4 */
    /* four times as many slots (up to the memory there is): the rehashing
     * of a table that fills up costs a third of what doubling costs */
    size_t m = 4 * n < t->full ? 4 * n : t->full;
    for (size_t i = 0; i < m; i++)
        t->s[i].used = 0;
    t->mask = m - 1;
    for (size_t k = 0; k < c; k++) {
        size_t i = fxt__hash3(t->scratch[k].k[0], t->scratch[k].k[1], t->scratch[k].k[2]) & t->mask;
        while (t->s[i].used)
            i = (i + 1) & t->mask;
        t->s[i] = t->scratch[k];
    }
}

fxt__slot *fxt__tinsert(fxt__table *t, uint64_t h, size_t i, uint64_t a, uint64_t b, uint64_t c)
{
    if (t->scratch != NULL && (t->count + 1) * 2 > t->mask + 1 && t->mask + 1 < t->full) {
        tgrow(t);
        for (i = h & t->mask; t->s[i].used; i = (i + 1) & t->mask)
            ;
    }
    fxt__slot *s = &t->s[i];
    s->k[0] = a, s->k[1] = b, s->k[2] = c;
    s->off = s->idx = 0;
    s->used = 1;
    s->depth = 0;
    t->count++;
    return s;
}

void fxt__tdel(fxt__table *t, fxt__slot *s)
{
    size_t i = (size_t)(s - t->s);
    for (;;) {
        t->s[i].used = 0;
        size_t j = i;
        for (;;) {
            j = (j + 1) & t->mask;
            if (!t->s[j].used) {
                t->count--;
                return;
            }
            size_t home = fxt__hash3(t->s[j].k[0], t->s[j].k[1], t->s[j].k[2]) & t->mask;
            /* move j to i if its home is not cyclically in (i, j] */
            if ((i <= j) ? (home <= i || home > j) : (home <= i && home > j))
                break;
        }
        t->s[i] = t->s[j];
        i = j;
    }
}
