/*
 * mutator_order.c - records in the other byte order, for the byte-swap
 * mutation and for crossover between traces of different byte orders. Only
 * revisions with the magic record can say that a trace is big-endian.
 */
#include "mutator_impl.h"

/* Record P/LEN (byte order BE) in the other byte order without decoding
 * it: every word is swapped except the words of its byte streams (strings,
 * payloads), which read the same in either order. NULL when the walk may
 * have missed a stream (too many of them): then decode and re-encode. */
static const uint8_t *fast_swap(mut *m, const uint8_t *p, size_t len, int be)
{
    mut_lay L;
    if (len < 8 || len % 8)
        return NULL;
    fxt__mut_walk(m, p, len, be, &L);
    if (L.nstm >= MUT_MAX_STREAMS)
        return NULL;
    uint8_t *q = fxt__mut_alloc(m, len);
    if (q == NULL)
        return NULL;
    memcpy(q, p, len);
    for (size_t o = 0; o < len; o += 8) {
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
    int be = t->be;
    for (size_t i = from; i < to && i < t->n; i++) {
        mut_span *s = &t->r[i];
        fxt_record r;
        size_t len = s->len;
        const uint8_t *p = fast_swap(m, s->p, s->len, be);
        if (p == NULL && fxt__mut_decode(m, s->p, s->len, be, &r))
            p = fxt__mut_encode(m, &r, !be, &len);
        if (p == NULL) { /* words swapped blindly */
            uint8_t *q = fxt__mut_alloc(m, s->len);
            if (q == NULL)
                return 0;
            memcpy(q, s->p, s->len);
            for (size_t o = 0; o + 8 <= s->len; o += 8)
                mut_wr(q + o, mut_rd(q + o, be), !be);
            p = q;
            len = s->len;
        }
        s->p = p;
        s->len = len;
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
