/* SPDX-License-Identifier: MIT */
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

size_t fxt__table_bytes(size_t max)
{
    size_t n = pow2_at_least(max * 2);
    return (n * (sizeof(fxt__slot) + sizeof(uint16_t)) + 63) & ~(size_t)63;
}

/* A table for MAX entries in MEM (fxt__table_bytes(MAX): the slots, then
 * the tags); with SCRATCH it starts at 64 slots and grows (see tgrow),
 * without it all slots are in use from the start. */
void fxt__table_init(fxt__table *t, void *mem, size_t max, void *scratch)
{
    size_t n = pow2_at_least(max * 2);
    t->s = mem;
    t->tag = (uint16_t *)(void *)(t->s + n);
    t->stk = NULL;
    t->full = n;
    t->scratch = scratch;
    if (scratch != NULL && n > 64)
        n = 64;
    t->mask = n - 1;
    t->count = 0;
    t->max = max;
    t->overflow = 0;
    memset(t->tag, 0, n * sizeof *t->tag);
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
        if (t->tag[i])
            t->scratch[c++] = t->s[i]; /* count <= n/2 <= full/4 */
    /* four times as many slots (up to the memory there is): the rehashing
     * of a table that fills up costs a third of what doubling costs */
    size_t m = 4 * n < t->full ? 4 * n : t->full;
    memset(t->tag, 0, m * sizeof *t->tag);
    t->mask = m - 1;
    for (size_t k = 0; k < c; k++) {
        const uint64_t h = fxt__hash3(t->scratch[k].k[0], t->scratch[k].k[1], t->scratch[k].k[2]);
        size_t i = h & t->mask;
        while (t->tag[i])
            i = (i + 1) & t->mask;
        t->s[i] = t->scratch[k];
        t->tag[i] = fxt__tag(h);
    }
}

fxt__slot *fxt__tinsert(fxt__table *t, uint64_t h, size_t i, uint64_t a, uint64_t b, uint64_t c)
{
    if (t->scratch != NULL && (t->count + 1) * 2 > t->mask + 1 && t->mask + 1 < t->full) {
        tgrow(t);
        for (i = h & t->mask; t->tag[i]; i = (i + 1) & t->mask)
            ;
    }
    fxt__slot *s = &t->s[i];
    s->k[0] = a, s->k[1] = b, s->k[2] = c;
    s->off = s->idx = 0;
    s->depth = 0;
    t->tag[i] = fxt__tag(h);
    t->count++;
    return s;
}

void fxt__tdel(fxt__table *t, fxt__slot *s)
{
    size_t i = (size_t)(s - t->s);
    for (;;) {
        t->tag[i] = 0;
        size_t j = i;
        for (;;) {
            j = (j + 1) & t->mask;
            if (!t->tag[j]) {
                t->count--;
                return;
            }
            size_t home = fxt__hash3(t->s[j].k[0], t->s[j].k[1], t->s[j].k[2]) & t->mask;
            /* move j to i if its home is not cyclically in (i, j] */
            if ((i <= j) ? (home <= i || home > j) : (home <= i && home > j))
                break;
        }
        t->s[i] = t->s[j];
        t->tag[i] = t->tag[j];
        i = j;
    }
}
