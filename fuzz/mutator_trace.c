/* SPDX-License-Identifier: MIT */
/*
 * mutator_trace.c - one mutator call's working state: the arena that holds
 * changed and new records, the record list (spans into the input), and the
 * per-thread buffers kept from one call to the next, so that a call costs no
 * malloc. Records are framed as the selected revision frames them (a
 * type-15 record has the 32-bit size only where the revision has large
 * records) and the byte order is known only where it has the magic record.
 */
#include <stdlib.h>

#include "mutator_impl.h"

struct mut_block {
    mut_block *next;
    size_t cap, used;
    uint8_t data[];
};

/* Per-thread buffers: the record list, the context array, one arena block
 * and the output scratch buffer. */
typedef struct scratch {
    mut_span *spans;
    size_t spans_cap;
    uint64_t *cb;
    size_t cb_cap;
    mut_block *spare; /* an arena block of ARENA_BLOCK bytes */
    uint8_t *out;
    size_t out_cap;
} scratch;

static _Thread_local scratch tl_scratch;
#define ARENA_BLOCK 65536u

void fxt__mut_init(mut *m, uint64_t seed, fxt_revision rev)
{
    scratch *sc = &tl_scratch;
    memset(m, 0, sizeof *m);
    m->rng.s = seed ^ 0x6a09e667f3bcc908ull;
    (void)fxt_rng_next(&m->rng);
    m->lay = fxt_layout_get(rev);
    if (m->lay == NULL)
        m->lay = fxt_layout_get(FXT_REV_CURRENT);
    m->rev = m->lay->revision;
    m->large = fxt_layout_defines(m->lay->record_types, FXT_RT_LARGE);
    m->t.r = sc->spans;
    m->t.cap = sc->spans_cap;
    m->cb = sc->cb;
    m->cbcap = sc->cb_cap;
    sc->spans = NULL, sc->spans_cap = 0;
    sc->cb = NULL, sc->cb_cap = 0;
}

int fxt__mut_open(mut *m, const uint8_t *data, size_t size, const fxt_mut_options *o)
{
    fxt__mut_init(m, 0, o ? o->revision : FXT_REV_CURRENT);
    return data != NULL && fxt__mut_parse(m, &m->t, data, size);
}

/* Hands the buffers back to the thread's scratch. */
void fxt__mut_free(mut *m)
{
    scratch *sc = &tl_scratch;
    while (m->arena) {
        mut_block *b = m->arena;
        m->arena = b->next;
        if (b->cap == ARENA_BLOCK && sc->spare == NULL)
            sc->spare = b;
        else
            free(b);
    }
    free(sc->spans);
    sc->spans = m->t.r;
    sc->spans_cap = m->t.cap;
    free(sc->cb);
    sc->cb = m->cb;
    sc->cb_cap = m->cbcap;
    m->t.r = NULL;
    m->cb = NULL;
}

void fxt__mut_release_scratch(void)
{
    scratch *sc = &tl_scratch;
    free(sc->spans);
    free(sc->cb);
    free(sc->spare);
    free(sc->out);
    memset(sc, 0, sizeof *sc);
}

uint8_t *fxt__mut_out_buffer(size_t n)
{
    scratch *sc = &tl_scratch;
    if (sc->out_cap < n) {
        uint8_t *b = realloc(sc->out, n);
        if (b == NULL)
            return NULL;
        sc->out = b;
        sc->out_cap = n;
    }
    return sc->out;
}

void *fxt__mut_alloc(mut *m, size_t n)
{
    n = mut_align8(n ? n : 1);
    if (m->arena == NULL || m->arena->cap - m->arena->used < n) {
        size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        mut_block *b = NULL;
        if (cap == ARENA_BLOCK && tl_scratch.spare != NULL) {
            b = tl_scratch.spare;
            tl_scratch.spare = NULL;
        } else {
            b = malloc(sizeof *b + cap);
        }
        if (b == NULL) {
            m->oom = 1;
            return NULL;
        }
        b->next = m->arena;
        b->cap = cap;
        b->used = 0;
        m->arena = b;
    }
    void *p = m->arena->data + m->arena->used;
    m->arena->used += n;
    return p;
}

static int reserve(mut *m, mut_trace *t, size_t n)
{
    if (n <= t->cap)
        return 1;
    size_t cap = t->cap ? t->cap : 16;
    while (cap < n)
        cap *= 2;
    mut_span *r = realloc(t->r, cap * sizeof *r);
    if (r == NULL) {
        m->oom = 1;
        return 0;
    }
    t->r = r;
    t->cap = cap;
    return 1;
}

int fxt__mut_insert(mut *m, mut_trace *t, size_t at, const uint8_t *p, size_t len)
{
    if (t->n >= MUT_MAX_RECS || !reserve(m, t, t->n + 1))
        return 0;
    memmove(&t->r[at + 1], &t->r[at], (t->n - at) * sizeof *t->r);
    t->r[at].p = p;
    t->r[at].len = len;
    t->n++;
    return 1;
}

void fxt__mut_delete(mut_trace *t, size_t at, size_t k)
{
    if (k > t->n - at)
        k = t->n - at;
    memmove(&t->r[at], &t->r[at + k], (t->n - at - k) * sizeof *t->r);
    t->n -= k;
}

size_t fxt__mut_total(const mut_trace *t)
{
    size_t s = 0;
    for (size_t i = 0; i < t->n; i++)
        s += t->r[i].len;
    return s;
}

int fxt__mut_parse(mut *m, mut_trace *t, const uint8_t *d, size_t n)
{
    t->n = 0;
    /* the validator's byte-order rule: a damaged magic record (E0014,
     * E0016) still tells big-endian; revisions without one cannot */
    t->be = n >= 8 && fxt_trace_is_big_endian(m->lay, d);
    size_t off = 0;
    while (off < n) {
        size_t left = n - off, len;
        if (left < 8 || t->n == MUT_MAX_RECS - 1)
            len = left;
        else {
            uint64_t l = fxt_record_bytes(m->lay, mut_rd(d + off, t->be));
            if (l == 0)
                l = 8;
            len = l > left ? left : (size_t)l;
        }
        if (t->n == t->cap && !reserve(m, t, t->n + 1))
            return 0;
        t->r[t->n].p = d + off;
        t->r[t->n].len = len;
        t->n++;
        off += len;
    }
    return 1;
}

size_t fxt__mut_write_out(const mut_trace *t, uint8_t *out, size_t max)
{
    size_t o = 0;
    for (size_t i = 0; i < t->n && o < max; i++) {
        size_t k = t->r[i].len < max - o ? t->r[i].len : max - o;
        memcpy(out + o, t->r[i].p, k);
        o += k;
    }
    return o;
}

uint8_t *fxt__mut_own(mut *m, size_t i, size_t extra)
{
    mut_span *s = &m->t.r[i];
    uint8_t *c = fxt__mut_alloc(m, s->len + extra);
    if (c == NULL)
        return NULL;
    memcpy(c, s->p, s->len);
    s->p = c;
    return c;
}

int fxt__mut_is_magic(const mut_span *s)
{
    return s->len == 8 &&
           (mut_rd(s->p, 0) == FXT_MAGIC_RECORD || mut_rd(s->p, 1) == FXT_MAGIC_RECORD);
}

int fxt__mut_is_registration(const mut_span *s, int be)
{
    uint32_t id;
    unsigned t = mut_rec_type(s, be);
    return t == FXT_RT_STRING || t == FXT_RT_THREAD || fxt__mut_prov_switch(s, be, &id);
}
