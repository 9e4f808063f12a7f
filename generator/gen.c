/* SPDX-License-Identifier: MIT */
/*
 * gen.c - random conforming traces (fxt/gen.h): the entry points, the
 * setup records, and the main loop that keeps a trace warning-free: it
 * tracks what is open (durations per thread, async operations, flows) and
 * closes it before the record budget runs out. The records themselves are
 * made by gen_records.c and gen_coverage.c (through the record model and
 * the encoder) and gen_direct.c (the realistic profile's events).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "fxt/gen.h"
#include "gen_state.h"

void fxt__gen_flush(gen *g)
{
    if (g->w.len && !g->err)
        g->err = g->write(g->ctx, g->buf, g->w.len);
    g->w.len = 0;
}

/* What the revision written does not define, replaced by what it has (the
 * current revision has everything: nothing changes there): event kinds
 * (duration complete before r3) by instant events, argument types (the
 * boolean before current) by uint32, blob types by data. */
static void adapt(const gen *g, fxt_record *r)
{
    const fxt_layout *l = g->l;
    if (r->type == FXT_RT_EVENT && l->event_number[r->u.event.event_type] == FXT_ET_NONE)
        r->u.event.event_type = FXT_ET_INSTANT;
    if (r->type == FXT_RT_BLOB && !fxt_layout_defines(l->blob_types, r->u.blob.blob_type))
        r->u.blob.blob_type = FXT_BT_DATA;
    for (unsigned i = 0; i < r->argc; i++)
        if (!fxt_layout_defines(l->arg_types, r->args[i].type))
            r->args[i].type = FXT_AT_UINT32; /* same 32-bit member as the boolean */
}

void fxt__gen_emit(gen *g, fxt_record *rec)
{
    if (g->err)
        return;
    if (!g->current)
        adapt(g, rec);
    fxt_enc_result rc = fxt_encode_record(&g->w, rec);
    if (rc == FXT_ENC_NOSPACE) { /* the buffer holds any record we make */
        fxt__gen_flush(g);
        rc = fxt_encode_record(&g->w, rec);
    }
    if (rc != FXT_ENC_OK)
        g->err = FXT_GEN_FAILED;
    if (g->left)
        g->left--;
}

/* One record that ends something open; returns 0 if nothing is open here. */
static int close_one(gen *g)
{
    for (unsigned t = 0; t < NTHREADS; t++)
        if (g->depth[g->prov][t]) {
            g->depth[g->prov][t]--;
            g->ndur--;
            fxt__gen_event(g, FXT_ET_DURATION_END, t, 0, 2);
            return 1;
        }
    if (g->nflows) {
        fxt__gen_event(g, FXT_ET_FLOW_END, (unsigned)rnd(g, NTHREADS), g->flows[--g->nflows], 2);
        return 1;
    }
    for (unsigned i = 0; i < g->nasync; i++)
        if (g->async[i].prov == g->prov) {
            fxt__gen_event(g, FXT_ET_ASYNC_END, g->async[i].thread, g->async[i].id, 2);
            g->async[i] = g->async[--g->nasync];
            return 1;
        }
    return 0;
}

static void realistic_step(gen *g)
{
    uint64_t x = fxt__gen_real_pick(g->omit, (unsigned)rnd(g, 100));
    if (x < REAL_DURATION)
        fxt__gen_duration(g);
    else if (x < REAL_COMPLETE)
        fxt__gen_complete(g);
    else if (x < REAL_INSTANT)
        fxt__gen_event(g, FXT_ET_INSTANT, (unsigned)rnd(g, NTHREADS), 0, 4);
    else if (x < REAL_COUNTER)
        fxt__gen_counter(g);
    else if (x < REAL_ASYNC)
        fxt__gen_async(g);
    else if (x < REAL_FLOW)
        fxt__gen_flow(g);
    else if (x < REAL_WAKEUP)
        fxt__gen_realistic_other(g, (unsigned)x);
    else
        fxt__gen_switch_provider(g);
}

/* A provider that still has something open (the last one found: the
 * choice only has to be deterministic). */
static unsigned provider_with_open(const gen *g)
{
    unsigned p = g->prov;
    for (unsigned i = 0; i < g->nasync; i++)
        p = g->async[i].prov;
    for (unsigned q = 0; q < NPROV; q++)
        for (unsigned t = 0; t < NTHREADS; t++)
            if (g->depth[q][t])
                p = q;
    return p;
}

/* Make the trace of G: setup, then records until the budget is spent. */
static void run(gen *g)
{
    /* setup: magic (from r3 on), initialization, first provider and its
     * tables; or the order g->order asks for */
    if (g->l->has_magic && !(g->order & FXT_GEN_ORDER_NO_MAGIC)) {
        if (fxt_encode_magic(&g->w) != FXT_ENC_OK)
            g->err = FXT_GEN_FAILED;
        if (g->left)
            g->left--;
    }
    if (!(g->order & FXT_GEN_ORDER_PROVIDER_FIRST))
        fxt__gen_init_rec(g, 1000000000u);
    fxt__gen_provider_info(g, 0);
    if (g->order & FXT_GEN_ORDER_SECTION)
        fxt__gen_provider_section(g, 0);
    if (g->order & FXT_GEN_ORDER_PROVIDER_FIRST)
        fxt__gen_init_rec(g, 1000000000u);
    g->nprov = 1;
    fxt__gen_tables(g);

    while (!g->err && g->left > 0) {
        unsigned open = open_count(g);
        /* a provider switch may need to close this provider's asyncs first */
        if (g->left <= (uint64_t)open + (g->profile == FXT_GEN_COVERAGE ? MAXOPEN + 2 : REAL_MARGIN)) {
            if (close_one(g))
                continue;
            if (open == 0) { /* nothing open here or anywhere: fill */
                fxt__gen_event(g, FXT_ET_INSTANT, 0, 0, 2);
                continue;
            }
            /* what is open belongs to another provider: go there */
            fxt__gen_provider_section(g, provider_with_open(g));
            continue;
        }
        if (g->direct)
            fxt__gen_direct_run(g); /* returns where the closing starts */
        else if (g->profile == FXT_GEN_COVERAGE)
            fxt__gen_coverage_step(g);
        else
            realistic_step(g);
    }
    /* budget exhausted by the setup records: still close what is open */
    while (!g->err && open_count(g)) {
        if (!close_one(g))
            fxt__gen_provider_section(g, provider_with_open(g));
    }
    fxt__gen_flush(g);
}

fxt_gen_options fxt_gen_options_default(void)
{
    fxt_gen_options o;
    memset(&o, 0, sizeof o);
    o.profile = FXT_GEN_REALISTIC;
    o.revision = FXT_REV_CURRENT;
    return o;
}

/* Names of the orders, by FXT_GEN_ORDER_* bits. */
static const char *const k_order_names[FXT_GEN_ORDER_COUNT] = {
    "magic,init,provider",         "init,provider",
    "magic,provider,init",         "provider,init",
    "magic,init,provider,section", "init,provider,section",
    "magic,provider,section,init", "provider,section,init"};

const char *fxt_gen_order_name(unsigned order)
{
    return order < FXT_GEN_ORDER_COUNT ? k_order_names[order] : NULL;
}

int fxt_gen_order_parse(const char *text, unsigned *order)
{
    if (text == NULL)
        return -1;
    if (!strcmp(text, "init-first"))
        return *order = 0, 0;
    if (!strcmp(text, "provider-first"))
        return *order = FXT_GEN_ORDER_PROVIDER_FIRST, 0;
    for (unsigned i = 0; i < FXT_GEN_ORDER_COUNT; i++)
        if (!strcmp(text, k_order_names[i]))
            return *order = i, 0;
    return -1;
}

/* fxt_gen_random, with the direct path where DIRECT allows it. */
static int generate(const fxt_gen_options *o, int direct, fxt_gen_write_fn write, void *ctx)
{
    const fxt_layout *l = fxt_layout_get(o->revision);
    unsigned order = o->order;
    if (l == NULL || order >= FXT_GEN_ORDER_COUNT)
        return FXT_GEN_UNSUPPORTED; /* not a revision, not an order */
    if (o->big_endian && (!l->has_magic || (order & FXT_GEN_ORDER_NO_MAGIC)))
        return FXT_GEN_UNSUPPORTED; /* byte order is recognised by the magic record alone */
    if ((o->omit & ~FXT_GEN_OMIT) || (o->omit && o->profile != FXT_GEN_REALISTIC))
        return FXT_GEN_UNSUPPORTED;
    gen *g = calloc(1, sizeof *g);
    if (g == NULL)
        return FXT_GEN_FAILED;
    g->buf = malloc(BUFSZ);
    g->longstr = malloc(LONGSTR);
    g->payload = malloc(PAYLOAD);
    if (!g->buf || !g->longstr || !g->payload) {
        free(g->buf), free(g->longstr), free(g->payload), free(g);
        return FXT_GEN_FAILED;
    }
    fxt__rng_init(&g->r, &g->rb, o->seed);
    g->profile = o->profile;
    g->l = l;
    g->current = l->revision == FXT_REV_CURRENT;
    g->direct = direct && g->current && o->profile == FXT_GEN_REALISTIC;
    g->order = order;
    g->omit = o->omit;
    g->write = write;
    g->ctx = ctx;
    g->left = o->records;
    g->ts = 1000000;
    fxt_writer_init(&g->w, g->buf, BUFSZ, o->big_endian);
    if (fxt_writer_set_revision(&g->w, l->revision) != FXT_ENC_OK)
        g->err = FXT_GEN_FAILED;
    /* ASCII, so that any prefix is valid UTF-8 (multi-byte text is in the texts) */
    static const char k_lorem[] = "lorem ipsum dolor sit amet, ";
    for (size_t i = 0; i < LONGSTR; i++)
        g->longstr[i] = k_lorem[i % (sizeof k_lorem - 1)];
    for (size_t i = 0; i < PAYLOAD; i++) {
        rng_reserve(&g->r);
        g->payload[i] = (uint8_t)rng_word(&g->r);
    }
    fxt__gen_direct_init(g);
    run(g);
    int err = g->err;
    free(g->buf), free(g->longstr), free(g->payload), free(g);
    return err;
}

int fxt_gen_random(const fxt_gen_options *o, fxt_gen_write_fn write, void *ctx)
{
    return generate(o, 1, write, ctx);
}

int fxt__gen_random_model(const fxt_gen_options *o, fxt_gen_write_fn write, void *ctx)
{
    return generate(o, 0, write, ctx);
}

static int count_bytes(void *ctx, const void *data, size_t len)
{
    (void)data;
    *(size_t *)ctx += len;
    return 0;
}

typedef struct membuf {
    uint8_t *p;
    size_t len, cap;
} membuf;

static int to_memory(void *ctx, const void *data, size_t len)
{
    membuf *m = ctx;
    if (len > m->cap - m->len)
        return 1; /* cannot happen: the first pass sized the buffer */
    memcpy(m->p + m->len, data, len);
    m->len += len;
    return 0;
}

int fxt_gen_random_mem(const fxt_gen_options *o, uint8_t **out, size_t *len)
{
    /* two passes (the same bytes each time) instead of a growing buffer */
    size_t n = 0;
    int rc = fxt_gen_random(o, count_bytes, &n);
    if (rc != 0)
        return rc;
    membuf m = {malloc(n ? n : 1), 0, n};
    if (m.p == NULL)
        return FXT_GEN_FAILED;
    if (fxt_gen_random(o, to_memory, &m) != 0 || m.len != n) {
        free(m.p);
        return FXT_GEN_FAILED;
    }
    *out = m.p;
    *len = n;
    return 0;
}
