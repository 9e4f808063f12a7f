/* SPDX-License-Identifier: MIT */
/* table.c - the hash table's growth, insertion and deletion (table.h has
 * the types and the lookups). Memory comes from the validator's allocator. */
#include <string.h>

#include "table.h"

#define FIRST_SLOTS 64

void fxt__table_init(fxt__table *t, size_t max, const fxt_allocator *al)
{
    memset(t, 0, sizeof *t);
    t->max = max;
    t->al = al;
}

static size_t bytes_of(size_t slots) { return slots * (sizeof(fxt__slot) + sizeof(uint16_t)); }

void fxt__table_free(fxt__table *t)
{
    if (t->s != NULL)
        t->al->free(t->al->ctx, t->s, bytes_of(t->mask + 1));
    t->s = NULL;
    t->tag = NULL;
    t->mask = 0;
    t->count = 0;
}

void fxt__table_clear(fxt__table *t)
{
    if (t->s != NULL && t->count != 0)
        memset(t->tag, 0, (t->mask + 1) * sizeof *t->tag);
    t->count = 0;
    t->full = t->nomem = 0;
}

/* Four times the slots (the rehashing of a table that fills up costs a
 * third of what doubling costs), or the first 64: a few open ids stay in
 * a few cache lines instead of being hashed across megabytes (a cache
 * miss per async or flow event cost 8% of the validation time). */
static int tgrow(fxt__table *t)
{
    size_t n = t->s ? t->mask + 1 : 0, m = n ? 4 * n : FIRST_SLOTS;
    if (m > SIZE_MAX / (sizeof(fxt__slot) + sizeof(uint16_t)))
        return 0;
    fxt__slot *s = t->al->malloc(t->al->ctx, bytes_of(m));
    if (s == NULL) {
        t->nomem = 1;
        return 0;
    }
    uint16_t *tag = (uint16_t *)(void *)(s + m);
    memset(tag, 0, m * sizeof *tag);
    for (size_t j = 0; j < n; j++) {
        if (!t->tag[j])
            continue;
        const uint64_t h = fxt__hash3(t->s[j].k[0], t->s[j].k[1], t->s[j].k[2]);
        size_t i = h & (m - 1);
        while (tag[i])
            i = (i + 1) & (m - 1);
        s[i] = t->s[j];
        tag[i] = fxt__tag(h);
    }
    if (t->s != NULL)
        t->al->free(t->al->ctx, t->s, bytes_of(n));
    t->s = s;
    t->tag = tag;
    t->mask = m - 1;
    return 1;
}

fxt__slot *fxt__tinsert(fxt__table *t, uint64_t h, size_t i, uint64_t a, uint64_t b, uint64_t c)
{
    if (t->count >= t->max) {
        t->full = 1;
        return NULL;
    }
    if (t->s == NULL || (t->count + 1) * 2 > t->mask + 1) {
        if (!tgrow(t)) {
            t->full = 1;
            return NULL;
        }
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
