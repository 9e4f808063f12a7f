/* SPDX-License-Identifier: MIT */
/*
 * mutator_order.c - records in the other byte order, for the byte-swap
 * mutation and for crossover between traces of different byte orders. Only
 * revisions with the magic record can say that a trace is big-endian.
 */
#include "mutator_impl.h"

/* Record P/LEN (byte order BE) in the other byte order without decoding
 * it: every word is swapped except the words of its byte streams (strings,
 * payloads), which read the same in either order. The walk finds every
 * stream (at most 33 in a record: MUT_MAX_STREAMS leaves room); a record
 * cut short has its whole words swapped and its tail left as it is. */
static const uint8_t *swap_record(mut *m, const uint8_t *p, size_t len, int be)
{
    mut_lay L;
    L.nstm = 0;
    if (len >= 8 && len % 8 == 0)
        fxt__mut_walk(m, p, len, be, &L);
    uint8_t *q = fxt__mut_alloc(m, len);
    if (q == NULL)
        return NULL;
    memcpy(q, p, len);
    for (size_t o = 0; o + 8 <= len; o += 8) {
        int bytes = 0;
        for (unsigned k = 0; k < L.nstm && !bytes; k++)
            bytes = o >= L.st[k].off && o < (size_t)L.st[k].off + mut_align8(L.st[k].len);
        if (!bytes)
            mut_wr(q + o, mut_rd(q + o, be), !be);
    }
    return q;
}

int fxt__mut_swap_range(mut *m, mut_trace *t, size_t from, size_t to)
{
    for (size_t i = from; i < to && i < t->n; i++) {
        const uint8_t *p = swap_record(m, t->r[i].p, t->r[i].len, t->be);
        if (p == NULL)
            return 0;
        t->r[i].p = p;
    }
    return 1;
}

int fxt__mut_op_byte_swap(mut *m)
{
    if (m->t.n == 0 || !m->lay->has_magic || !fxt__mut_swap_range(m, &m->t, 0, m->t.n))
        return 0;
    m->t.be = !m->t.be;
    return 1;
}
