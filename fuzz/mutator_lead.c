/* SPDX-License-Identifier: MIT */
/*
 * mutator_lead.c - the leading records of a trace in another legal order
 * (the orders of fxt/gen.h: FXT_GEN_ORDER_* bits): a magic record or none,
 * the initialization record before or after the provider info, a provider
 * section record right after the provider info or none. Every order is
 * legal, but readers have insisted on one (an initialization record before
 * the provider info rejected), and a fuzzer whose every input stops at
 * byte 8 finds nothing else: the reorder mutation and fxt_mut_set_order
 * (fxt-mutate seeds --order, the AFL++ glue's first steps on a new entry)
 * move a trace to another order, or to the one a reader reads.
 *
 * The leading block is the run of records from the start that are the
 * magic record, initialization records and provider info and section
 * records. Its initialization and provider records are moved only when
 * the block holds at most one of each, and a section only for the
 * provider of that provider info: else only the magic record changes.
 */
#include "mutator_impl.h"

/* What the leading block of a trace holds: indexes into the record list
 * (-1: none). */
typedef struct lead {
    size_t end;         /* records in the block */
    long magic, init, info, section;
    int simple;         /* at most one of each, the section right after its info */
} lead;

static void find_lead(const mut *m, lead *L)
{
    const mut_trace *t = &m->t;
    L->magic = L->init = L->info = L->section = -1;
    L->simple = 1;
    size_t i = 0;
    uint32_t info_id = 0, id;
    if (t->n > 0 && fxt__mut_is_magic(&t->r[0]))
        L->magic = 0, i = 1;
    for (; i < t->n; i++) {
        const mut_span *s = &t->r[i];
        unsigned sw = fxt__mut_prov_switch(s, t->be, &id);
        if (mut_rec_type(s, t->be) == FXT_RT_INIT && s->len >= 16) {
            L->simple &= L->init < 0;
            L->init = (long)i;
        } else if (sw == FXT_MT_PROVIDER_INFO) {
            L->simple &= L->info < 0;
            L->info = (long)i;
            info_id = id;
        } else if (sw == FXT_MT_PROVIDER_SECTION) {
            L->simple &= L->section < 0 && L->info == (long)i - 1 && id == info_id;
            L->section = (long)i;
        } else {
            break;
        }
    }
    L->end = i;
}

/* Whether the block L of M's trace is in order ORDER: its magic record as
 * the order says (in revisions that have one), and where it has them, the
 * initialization record and provider info in that order and a section
 * after the info or none. */
static int satisfies(const mut *m, const lead *L, unsigned order)
{
    if (!L->simple)
        return 0;
    if (m->lay->has_magic && (L->magic >= 0) != !(order & FXT_GEN_ORDER_NO_MAGIC))
        return 0;
    if (L->init >= 0 && L->info >= 0 &&
        (L->info < L->init) != !!(order & FXT_GEN_ORDER_PROVIDER_FIRST))
        return 0;
    return L->info < 0 || (L->section >= 0) == !!(order & FXT_GEN_ORDER_SECTION);
}

int fxt__mut_order_of(const mut *m)
{
    lead L;
    find_lead(m, &L);
    if (!L.simple)
        return -1;
    unsigned o = 0;
    if (L.magic < 0 && m->lay->has_magic)
        o |= FXT_GEN_ORDER_NO_MAGIC;
    if (L.init >= 0 && L.info >= 0 && L.info < L.init)
        o |= FXT_GEN_ORDER_PROVIDER_FIRST;
    if (L.section >= 0)
        o |= FXT_GEN_ORDER_SECTION;
    return (int)o;
}

int fxt__mut_set_order(mut *m, unsigned order)
{
    mut_trace *t = &m->t;
    lead L;
    if (order >= FXT_GEN_ORDER_COUNT)
        return 0;
    find_lead(m, &L);
    int want_magic = m->lay->has_magic && !(order & FXT_GEN_ORDER_NO_MAGIC);
    if (!want_magic && L.magic >= 0 && t->be)
        return 0; /* a big-endian trace is told by its magic record alone */
    if (!L.simple && (order & ~FXT_GEN_ORDER_NO_MAGIC) != 0)
        return 0;
    mut_span blk[4];
    size_t k = 0;
    if (want_magic) {
        if (L.magic >= 0) {
            blk[k++] = t->r[L.magic];
        } else {
            uint8_t *p = fxt__mut_alloc(m, 8);
            if (p == NULL)
                return 0;
            mut_wr(p, FXT_MAGIC_RECORD, t->be);
            blk[k++] = (mut_span){p, 8};
        }
    }
    if (!L.simple) { /* only the magic record changes */
        size_t from = L.magic >= 0 ? 1 : 0;
        if (k == from) /* nothing to do */
            return 0;
        if (k > from)
            return fxt__mut_insert(m, t, 0, blk[0].p, blk[0].len);
        fxt__mut_delete(t, 0, 1);
        return 1;
    }
    mut_span sec = {NULL, 0};
    if (L.info >= 0 && (order & FXT_GEN_ORDER_SECTION)) {
        if (L.section >= 0) {
            sec = t->r[L.section];
        } else { /* provider section for the provider info's id, one word */
            uint8_t *p = fxt__mut_alloc(m, 8);
            if (p == NULL)
                return 0;
            uint64_t h = mut_rd(t->r[L.info].p, t->be);
            uint64_t w = 0;
            w = FXT_SET(w, FXT_REC_TYPE, FXT_RT_METADATA);
            w = FXT_SET(w, FXT_REC_SIZE, 1);
            w = FXT_SET(w, FXT_META_TYPE, FXT_MT_PROVIDER_SECTION);
            w = FXT_SET(w, FXT_META_PROVIDER_ID, FXT_GET(h, FXT_META_PROVIDER_ID));
            mut_wr(p, w, t->be);
            sec = (mut_span){p, 8};
        }
    }
    int init_first = !(order & FXT_GEN_ORDER_PROVIDER_FIRST);
    if (L.init >= 0 && (init_first || L.info < 0))
        blk[k++] = t->r[L.init];
    if (L.info >= 0) {
        blk[k++] = t->r[L.info];
        if (sec.p != NULL)
            blk[k++] = sec;
    }
    if (L.init >= 0 && !init_first && L.info >= 0)
        blk[k++] = t->r[L.init];
    /* the block replaced: same records in place, or a record more or less */
    int same = k == L.end;
    for (size_t i = 0; same && i < k; i++)
        same = blk[i].p == t->r[i].p;
    if (same)
        return 0;
    fxt__mut_delete(t, 0, L.end);
    for (size_t i = 0; i < k; i++)
        if (!fxt__mut_insert(m, t, i, blk[i].p, blk[i].len))
            return 0;
    return 1;
}

int fxt__mut_op_reorder(mut *m)
{
    int cur = fxt__mut_order_of(m);
    unsigned n = FXT_GEN_ORDER_COUNT;
    unsigned start = (unsigned)mut_rnd(m, n);
    for (unsigned i = 0; i < n; i++) {
        unsigned o = (start + i) % n;
        if ((int)o != cur && fxt__mut_set_order(m, o))
            return 1;
    }
    return 0;
}

size_t fxt_mut_set_order(uint8_t *data, size_t size, size_t max_size, unsigned order,
                         const fxt_mut_options *o)
{
    if (data == NULL || max_size == 0)
        return 0;
    if (size > max_size)
        size = max_size;
    mut m;
    size_t out = 0;
    lead L;
    if (fxt__mut_open(&m, data, size, o) && order < FXT_GEN_ORDER_COUNT && m.t.n > 0) {
        find_lead(&m, &L);
        if (satisfies(&m, &L, order)) {
            out = size; /* already in that order */
        } else if (fxt__mut_set_order(&m, order) && fxt__mut_total(&m.t) <= max_size) {
            find_lead(&m, &L);
            if (satisfies(&m, &L, order))
                out = fxt__mut_write_back(&m, data, max_size);
        }
    }
    fxt__mut_free(&m);
    return out;
}

int fxt_mut_order_of(const uint8_t *data, size_t size, const fxt_mut_options *o)
{
    mut m;
    int r = fxt__mut_open(&m, data, size, o) ? fxt__mut_order_of(&m) : -1;
    fxt__mut_free(&m);
    return r;
}
