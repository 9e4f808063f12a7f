/* SPDX-License-Identifier: MIT */
/*
 * table.h - the open-addressing hash table (linear probing, backward-shift
 * deletion, no tombstones) for open async operations, open flows, threads
 * and provider ids. It starts empty and grows (four times the slots at a
 * time) when half full, up to the entries allowed. Lookups are inline:
 * sequencing does one or two per async or flow event; inserting, growing
 * and deleting are in table.c. Slots move when the table grows: nothing
 * keeps a pointer to a slot across an insertion.
 */
#ifndef FXT_VALIDATOR_TABLE_H
#define FXT_VALIDATOR_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/validate.h"

typedef struct fxt__slot {
    uint64_t k[3];
    uint64_t off, idx; /* where the (first open) begin was; threads: the thread
                          (a pointer), provider ids: the index */
    uint32_t depth;    /* async/flows: open begins of the id */
    uint32_t aux;      /* a shadow's async/flows (par.c): ends of begins before
                          its chunk << 2 | exact << 1 | need_one */
} fxt__slot;

typedef struct fxt__table {
    fxt__slot *s;
    uint16_t *tag;   /* per slot: 0 if free, else a part of the key's hash (never 0):
                        probes read these, 2 bytes a slot, and keys only on a match */
    size_t mask;     /* slots - 1 (a power of two), 0 before the first insertion */
    size_t count;
    size_t max;      /* entries allowed */
    int full;        /* an insertion failed: the limit, or no memory (nomem) */
    int nomem;
    const fxt_allocator *al;
} fxt__table;

void fxt__table_init(fxt__table *t, size_t max, const fxt_allocator *al);
void fxt__table_free(fxt__table *t);
/* Insert key (A, B, C) with hash H at the empty slot I its probe ended
 * at (growing the table first when due); NULL if it may not grow. */
fxt__slot *fxt__tinsert(fxt__table *t, uint64_t h, size_t i, uint64_t a, uint64_t b, uint64_t c);
void fxt__tdel(fxt__table *t, fxt__slot *s);
/* Empty it (keeping its slots). */
void fxt__table_clear(fxt__table *t);

static inline uint64_t fxt__hash3(uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t h = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull ^
                 (c + 0x1234567ull) * 0x94d049bb133111ebull;
    return h ^ (h >> 31);
}

/* The tag of hash H. */
static inline uint16_t fxt__tag(uint64_t h)
{
    return (uint16_t)((h >> 48) | 1);
}

static inline fxt__slot *fxt__tfind(const fxt__table *t, uint64_t a, uint64_t b, uint64_t c)
{
    if (t->count == 0)
        return NULL;
    const uint64_t h = fxt__hash3(a, b, c);
    const uint16_t tg = fxt__tag(h);
    for (size_t i = h & t->mask;; i = (i + 1) & t->mask) {
        if (t->tag[i] == 0)
            return NULL;
        fxt__slot *s = &t->s[i];
        if (t->tag[i] == tg && s->k[0] == a && s->k[1] == b && s->k[2] == c)
            return s;
    }
}

/* Find (*FRESH = 0) or insert (*FRESH = 1); NULL when the table may not
 * grow (t->full says so). */
static inline fxt__slot *fxt__tput(fxt__table *t, uint64_t a, uint64_t b, uint64_t c, int *fresh)
{
    const uint64_t h = fxt__hash3(a, b, c);
    size_t i = 0;
    if (t->s != NULL) {
        const uint16_t tg = fxt__tag(h);
        for (i = h & t->mask;; i = (i + 1) & t->mask) {
            if (t->tag[i] == 0)
                break;
            fxt__slot *s = &t->s[i];
            if (t->tag[i] == tg && s->k[0] == a && s->k[1] == b && s->k[2] == c) {
                *fresh = 0;
                return s;
            }
        }
    }
    *fresh = 1;
    return fxt__tinsert(t, h, i, a, b, c);
}

#endif
