/* SPDX-License-Identifier: MIT */
/*
 * mutator_model.c - records through the decoded model: one record decoded
 * with the validator's visitor (FXT_OPT_VISIT_ALL) and written back with the
 * reference encoder, both in the selected revision; and the pool of records
 * of small generated traces of that revision, decoded once, for insertion.
 */
#include <stdlib.h>

#include "fxt/encode.h"
#include "fxt/validate.h"
#include "mutator_impl.h"

#define POOL_MAX_REC 1024u /* largest generated record kept for insertion */

#define POOL_TRACES 4

typedef struct pool {
    uint8_t *traces[POOL_TRACES]; /* generated traces, which the models point into */
    fxt_record *models;           /* their records, decoded */
    size_t n, cap;
    int done, oom;
} pool;

/* Per-thread: a pool per revision. */
typedef struct cache {
    pool pools[FXT_REV_COUNT];
} cache;

static _Thread_local cache tl_cache;

void fxt__mut_release_cache(void)
{
    cache *c = &tl_cache;
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        for (unsigned t = 0; t < POOL_TRACES; t++)
            free(c->pools[r].traces[t]);
        free(c->pools[r].models);
    }
    memset(c, 0, sizeof *c);
}

typedef struct capture_ctx {
    fxt_record *out;
    uint64_t index; /* the record to keep */
    int got;
} capture_ctx;

static void capture(void *ctx, const fxt_record *r)
{
    capture_ctx *c = ctx;
    if (r->index == c->index && r->known && r->raw != NULL) {
        *c->out = *r;
        c->got = 1;
    }
}

int fxt__mut_decode(mut *m, const uint8_t *p, size_t len, int be, fxt_record *out)
{
    if (len < 8 || len % 8 || fxt_record_bytes(m->lay, mut_rd(p, be)) != len)
        return 0;
    fxt_options o = fxt_options_default();
    o.flags = FXT_OPT_VISIT_ALL;
    o.max_providers = o.max_threads = o.max_async = o.max_flows = 1;
    o.on_record = capture;
    o.revision = m->rev;
    /* a magic record first where the revision has one: it says the byte order */
    size_t pre = m->lay->has_magic ? 8 : 0;
    uint8_t *buf = fxt__mut_alloc(m, len + pre);
    if (buf == NULL)
        return 0;
    if (pre)
        mut_wr(buf, FXT_MAGIC_RECORD, be);
    memcpy(buf + pre, p, len);
    capture_ctx k = {out, pre ? 1 : 0, 0};
    o.ctx = &k;
    fxt_validator *v = fxt_validator_new(&o);
    if (v == NULL) {
        m->oom = 1;
        return 0;
    }
    fxt_validator_feed(v, buf, len + pre);
    fxt_validator_free(v);
    return k.got;
}

const uint8_t *fxt__mut_encode(mut *m, const fxt_record *r, int be, size_t *len)
{
    size_t n = fxt_encoded_size(r, m->rev);
    if (n == 0 || n > ((size_t)1 << 26))
        return NULL;
    uint8_t *b = fxt__mut_alloc(m, n);
    if (b == NULL)
        return NULL;
    fxt_writer w;
    fxt_writer_init(&w, b, n, be);
    (void)fxt_writer_set_revision(&w, m->rev); /* one of the four: accepted */
    if (fxt_encode_record(&w, r) != FXT_ENC_OK)
        return NULL;
    *len = w.len;
    return b;
}

int fxt__mut_replace(mut *m, size_t i, const fxt_record *r)
{
    size_t len;
    const uint8_t *p = fxt__mut_encode(m, r, m->t.be, &len);
    if (p == NULL)
        return 0;
    m->t.r[i].p = p;
    m->t.r[i].len = len;
    return 1;
}

int fxt__mut_insert_model(mut *m, size_t at, const fxt_record *r)
{
    size_t len;
    const uint8_t *p = fxt__mut_encode(m, r, m->t.be, &len);
    return p != NULL && fxt__mut_insert(m, &m->t, at, p, len);
}

/* ---- the generated record pool ------------------------------------------------------------ */

/* Keeps the decoded records of a generated trace but the magic record and
 * provider switches (which would change the context of what follows). */
static void pool_visit(void *ctx, const fxt_record *r)
{
    pool *pl = ctx;
    if (pl->oom || r->raw == NULL || r->size_words * 8 > POOL_MAX_REC ||
        (r->type == FXT_RT_METADATA && r->u.meta.meta_type != FXT_MT_PROVIDER_EVENT))
        return;
    if (pl->n == pl->cap) {
        size_t cap = pl->cap ? pl->cap * 2 : 256;
        fxt_record *nm = realloc(pl->models, cap * sizeof *nm);
        if (nm == NULL) {
            pl->oom = 1;
            return;
        }
        pl->models = nm;
        pl->cap = cap;
    }
    pl->models[pl->n++] = *r;
}

/* Small generated traces of m's revision, decoded once: their records are
 * inserted as models (the models point into the kept traces). */
static void build_pool(const mut *m, pool *pl)
{
    static const fxt_gen_options specs[POOL_TRACES] = {
        /* about 80 records set up the tables: counts are beyond that */
        {0x5eed0001u, 400, FXT_GEN_REALISTIC, 0, FXT_REV_CURRENT, 0, 0},
        {0x5eed0002u, 180, FXT_GEN_COVERAGE, 0, FXT_REV_CURRENT, 0, 0},
        {0x5eed0003u, 300, FXT_GEN_REALISTIC, 0, FXT_REV_CURRENT, 0, 0},
        {0x5eed0004u, 180, FXT_GEN_COVERAGE, 0, FXT_REV_CURRENT, 0, 0},
    };
    pl->done = 1;
    for (size_t s = 0; s < POOL_TRACES && !pl->oom; s++) {
        uint8_t *g = NULL;
        size_t n = 0;
        fxt_options o = fxt_options_default();
        o.revision = m->rev;
        o.on_record = pool_visit;
        o.ctx = pl;
        fxt_gen_options go = specs[s];
        go.revision = m->rev; /* the pool is of m's revision */
        if (fxt_gen_random_mem(&go, &g, &n) != 0 ||
            fxt_validate_buffer(g, n, &o, NULL) < 0) {
            free(g);
            pl->oom = 1; /* (a generator failure is a bug: the pool stays as it is) */
            break;
        }
        pl->traces[s] = g;
    }
}

int fxt__mut_pool_get(mut *m, fxt_record *out)
{
    pool *pl = &tl_cache.pools[m->rev];
    if (!pl->done)
        build_pool(m, pl);
    if (pl->n == 0)
        return 0;
    *out = pl->models[mut_rnd(m, pl->n)];
    return 1;
}
