/* SPDX-License-Identifier: MIT */
/*
 * mutator_regs.c - provider contexts and the string and thread indexes
 * registered in each, so that inserted and re-encoded records refer to
 * indexes registered where they land (or, on purpose, to ones that are not).
 */
#include <stdlib.h>

#include "mutator_impl.h"

#define IMPLICIT_CTX ((uint64_t)1 << 32)

int fxt__mut_compute_ctx(mut *m)
{
    mut_trace *t = &m->t;
    if (m->cbcap < t->n + 1) {
        uint64_t *c = realloc(m->cb, (t->n + 1) * sizeof *c);
        if (c == NULL) {
            m->oom = 1;
            return 0;
        }
        m->cb = c;
        m->cbcap = t->n + 1;
    }
    uint64_t cur = IMPLICIT_CTX;
    for (size_t j = 0; j < t->n; j++) {
        uint32_t id;
        m->cb[j] = cur;
        if (fxt__mut_prov_switch(&t->r[j], t->be, &id))
            cur = id;
    }
    m->cb[t->n] = cur;
    return 1;
}

uint64_t fxt__mut_ctx_of(mut *m, size_t j)
{
    uint32_t id;
    if (j < m->t.n && fxt__mut_prov_switch(&m->t.r[j], m->t.be, &id))
        return id;
    return m->cb[j];
}

static int str_record_index(const mut_span *s, int be, unsigned *idx, const uint8_t **d,
                            size_t *len)
{
    if (mut_rec_type(s, be) != FXT_RT_STRING)
        return 0;
    uint64_t h = mut_rd(s->p, be);
    size_t l = (size_t)FXT_GET(h, FXT_STR_LEN);
    if (8 + mut_align8(l) > s->len)
        return 0;
    *idx = (unsigned)FXT_GET(h, FXT_STR_INDEX);
    if (d) {
        *d = s->p + 8;
        *len = l;
    }
    return *idx != 0;
}

static int thr_record_index(const mut_span *s, int be, unsigned *idx, uint64_t *pid,
                            uint64_t *tid)
{
    if (mut_rec_type(s, be) != FXT_RT_THREAD || s->len < 24)
        return 0;
    *idx = (unsigned)FXT_GET(mut_rd(s->p, be), FXT_THR_INDEX);
    if (pid) {
        *pid = mut_rd(s->p + 8, be);
        *tid = mut_rd(s->p + 16, be);
    }
    return *idx != 0;
}

void fxt__mut_regs_at(mut *m, size_t pos, mut_regs *R)
{
    mut_trace *t = &m->t;
    uint64_t c = m->cb[pos];
    memset(R, 0, sizeof *R);
    R->ctx = c;
    for (size_t j = 0; j < pos; j++) {
        uint32_t id;
        unsigned idx, sw = fxt__mut_prov_switch(&t->r[j], t->be, &id);
        if (sw == FXT_MT_PROVIDER_INFO && id == c) { /* a new provider info resets the tables */
            memset(R->str, 0, sizeof R->str);
            memset(R->thr, 0, sizeof R->thr);
            R->nstr = R->nthr = 0;
            continue;
        }
        if (m->cb[j] != c)
            continue;
        if (str_record_index(&t->r[j], t->be, &idx, NULL, NULL)) {
            R->nstr += !mut_has_bit(R->str, idx);
            R->str[idx >> 6] |= (uint64_t)1 << (idx & 63);
        } else if (thr_record_index(&t->r[j], t->be, &idx, NULL, NULL)) {
            R->nthr += !mut_has_bit(R->thr, idx);
            R->thr[idx >> 6] |= (uint64_t)1 << (idx & 63);
        }
    }
}

/* The K-th set bit of B (NWORDS words). */
static unsigned nth_bit(const uint64_t *b, unsigned nwords, unsigned k)
{
    for (unsigned w = 0; w < nwords; w++) {
        if (b[w] == 0)
            continue;
        unsigned c = (unsigned)__builtin_popcountll(b[w]);
        if (k < c) {
            uint64_t x = b[w];
            while (k--)
                x &= x - 1;
            return w * 64 + (unsigned)__builtin_ctzll(x);
        }
        k -= c;
    }
    return 0;
}

unsigned fxt__mut_pick_str(mut *m, const mut_regs *R)
{
    return nth_bit(R->str, MUT_STRBITS, (unsigned)mut_rnd(m, R->nstr));
}

unsigned fxt__mut_pick_thr(mut *m, const mut_regs *R)
{
    return nth_bit(R->thr, 4, (unsigned)mut_rnd(m, R->nthr));
}

unsigned fxt__mut_unreg_str(mut *m, const mut_regs *R)
{
    for (int k = 0; k < 64; k++) {
        unsigned i = mut_chance(m, 50) ? 1 + (unsigned)mut_rnd(m, 96)
                                       : 1 + (unsigned)mut_rnd(m, FXT_MAX_STRING_INDEX);
        if (!mut_has_bit(R->str, i))
            return i;
    }
    return 0;
}

unsigned fxt__mut_unreg_thr(mut *m, const mut_regs *R)
{
    for (int k = 0; k < 64; k++) {
        unsigned i = 1 + (unsigned)mut_rnd(m, FXT_MAX_THREAD_INDEX);
        if (!mut_has_bit(R->thr, i))
            return i;
    }
    return 0;
}

/* The latest string record (THREAD: thread record) that registers index
 * IDX before POS in the context of POS, or NULL. */
static const mut_span *latest_registration(mut *m, size_t pos, int thread, unsigned idx)
{
    uint64_t c = m->cb[pos];
    for (size_t j = pos; j-- > 0;) {
        const mut_span *s = &m->t.r[j];
        uint32_t id;
        unsigned k;
        if (fxt__mut_prov_switch(s, m->t.be, &id) == FXT_MT_PROVIDER_INFO && id == c)
            return NULL; /* the tables start again there */
        if (m->cb[j] == c &&
            (thread ? thr_record_index(s, m->t.be, &k, NULL, NULL)
                    : str_record_index(s, m->t.be, &k, NULL, NULL)) &&
            k == idx)
            return s;
    }
    return NULL;
}

int fxt__mut_find_string(mut *m, size_t pos, unsigned idx, const uint8_t **d, size_t *len)
{
    unsigned k;
    const mut_span *s = latest_registration(m, pos, 0, idx);
    return s != NULL && str_record_index(s, m->t.be, &k, d, len);
}

int fxt__mut_find_thread(mut *m, size_t pos, unsigned idx, uint64_t *pid, uint64_t *tid)
{
    unsigned k;
    const mut_span *s = latest_registration(m, pos, 1, idx);
    return s != NULL && thr_record_index(s, m->t.be, &k, pid, tid);
}
