/* SPDX-License-Identifier: MIT */
/*
 * gen_records.c - the records of random traces made through the record
 * model (fxt/record.h) and the reference encoder: every record of the
 * coverage profile and of revisions other than the current one, and the
 * realistic profile's records other than events. Each draws its fields
 * from the generator's random source in a fixed order (the bytes of a
 * seed depend on it).
 */
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "gen_choice.h"
#include "gen_state.h"

const char *const fxt__gen_texts[NTEXTS] = {
    "frame", "abcdefgh", "render::Draw", "h\xc3\xa9llo w\xc3\xb6rld",
    "\xe2\x9c\x93 ok", "clef \xf0\x9d\x84\x9e", "gpu", "a-sixteen-bytes!", "x"};

/* Set the fields the encoder reads one by one. Arguments are set up by
 * args() as used (clearing 15 per record would dominate the cost). The
 * payload union is cleared except for events, whose builders set every
 * field of u.event (clearing it compiled to `rep stos`). */
static void rec_init(fxt_record *r, unsigned type)
{
    r->offset = 0;
    r->index = 0;
    r->type = type;
    r->large_type = 0;
    r->size_words = 0;
    r->header = 0;
    r->big_endian = 0;
    r->provider_id = 0;
    if (type != FXT_RT_EVENT)
        memset(&r->u, 0, sizeof r->u);
    r->argc = 0;
    r->extra = NULL;
    r->extra_words = 0;
    r->known = 1;
    r->raw = NULL;
    r->errors = 0;
}

const char *fxt__gen_text(gen *g, size_t *len)
{
    const char *s = fxt__gen_texts[rnd(g, NTEXTS)];
    *len = strlen(s);
    return s;
}

static fxt_str text(gen *g)
{
    size_t len;
    const char *s = fxt__gen_text(g, &len);
    return fxt_str_inline(s, len);
}

/* A string ref: mostly indexed in the realistic profile (one draw: 1 in 50
 * inline, else a uniform index; NSTRINGS is a power of 2), half inline in
 * coverage. Never the empty ref for names (they read better). Written
 * through OUT: a 24-byte struct returned by value stalled the wide load
 * that copied it (store forwarding). */
static void str(gen *g, fxt_str *out)
{
    if (g->profile == FXT_GEN_REALISTIC) {
        uint64_t k = rnd(g, 50 * NSTRINGS);
        if (k >= NSTRINGS) {
            out->ref = (uint16_t)(1 + (k & (NSTRINGS - 1)));
            out->data = NULL;
            out->len = 0;
            return;
        }
        *out = text(g);
        return;
    }
    if (rnd(g, 2) == 0)
        *out = text(g);
    else if (rnd(g, 16) == 0)
        *out = fxt_str_indexed(0x7fff);
    else
        *out = fxt_str_indexed((uint16_t)(1 + rnd(g, NSTRINGS)));
}

/* A thread ref for thread T of the current provider (through OUT, as str()). */
static void thr(gen *g, unsigned t, fxt_thread *out)
{
    if (g->profile == FXT_GEN_COVERAGE && rnd(g, 3) == 0) {
        *out = fxt_thread_inline(pid_of(g->prov, t), tid_of(g->prov, t));
        return;
    }
    out->ref = (uint8_t)(t + 1);
    out->pid = 0;
    out->tid = 0;
    if (t == 0 && g->has_ff[g->prov] && rnd(g, 2))
        out->ref = 0xff;
}

/* ---- arguments ---- */

static const uint64_t k_extremes[] = {0, 1, 0x7fffffffffffffffull, 0x8000000000000000ull,
                                      0xffffffffffffffffull, 0x7ff8000000000001ull /* NaN */,
                                      0xfff0000000000000ull /* -inf */, 0x8000000000000000ull};

/* Tables rather than a switch: argument types are random, so a branch on
 * the type would mispredict. The realistic profile makes doubles of
 * magnitude 2..4 (exact bit patterns: no floating-point arithmetic in any
 * choice); coverage keeps all bits. */
#define ALL ~(uint64_t)0
#define LOW32 0xffffffffull
const uint64_t fxt__gen_val_mask[2][FXT_AT_COUNT] = {
    [FXT_GEN_REALISTIC] = {0, LOW32, LOW32, ALL, ALL, 0x000fffffffffffffull, 0, ALL, ALL, 1},
    [FXT_GEN_COVERAGE] = {0, LOW32, LOW32, ALL, ALL, ALL, 0, ALL, ALL, 1}};
const uint64_t fxt__gen_val_set[2][FXT_AT_COUNT] = {
    [FXT_GEN_REALISTIC] = {[FXT_AT_DOUBLE] = 0x4000000000000000ull}};
#undef ALL
#undef LOW32

const unsigned fxt__gen_real_args[NREAL_ARGS] = {FXT_AT_INT32,  FXT_AT_UINT64, FXT_AT_STRING,
                                                 FXT_AT_DOUBLE, FXT_AT_UINT32, FXT_AT_POINTER,
                                                 FXT_AT_KOID,   FXT_AT_BOOL};

static void arg(gen *g, fxt_arg *a, unsigned type)
{
    /* every field set explicitly: a memset per argument costs more */
    a->type = type;
    a->size_words = 0;
    a->hi = 0;
    a->str.ref = 0, a->str.data = NULL, a->str.len = 0;
    a->extra = NULL;
    a->extra_words = 0;
    str(g, &a->name);
    int cov = g->profile == FXT_GEN_COVERAGE;
    uint64_t x;
    if (cov && rnd(g, 3) == 0)
        x = k_extremes[rnd(g, 8)];
    else { /* magnitudes of every size: shift by the draw's own top bits */
        rng_reserve(&g->r);
        x = rng_word(&g->r);
        x >>= x >> 58;
    }
    uint64_t v = (x & fxt__gen_val_mask[cov][type]) | fxt__gen_val_set[cov][type];
    /* The 32-bit members (i32, u32, b: same size, offset 0) must hold the
     * value whatever the host byte order; for 64-bit types the u32 bits are
     * left as the u64 store made them. */
    a->v.u64 = v;
    uint32_t m = fxt_arg_hi_value[type]; /* all ones for those three */
    a->v.u32 = ((uint32_t)v & m) | (a->v.u32 & ~m);
    if (type == FXT_AT_STRING)
        str(g, &a->str);
}

static unsigned args(gen *g, fxt_record *r, unsigned max)
{
    unsigned n;
    if (g->profile == FXT_GEN_COVERAGE)
        n = rnd(g, 8) == 0 ? max : (unsigned)rnd(g, 5);
    else
        n = (unsigned)rnd(g, 5);
    if (n > max)
        n = max;
    for (unsigned i = 0; i < n; i++)
        arg(g, &r->args[i],
            g->profile == FXT_GEN_COVERAGE ? (unsigned)rnd(g, FXT_AT_COUNT)
                                           : fxt__gen_real_args[rnd(g, NREAL_ARGS)]);
    r->argc = n;
    return n;
}

/* ---- events ---- */

static void event_model(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs)
{
    fxt_record r;
    rec_init(&r, FXT_RT_EVENT);
    fxt_event *e = &r.u.event;
    e->event_type = type;
    thr(g, t, &e->thread);
    str(g, &e->category);
    str(g, &e->name);
    g->ts += 1 + rnd(g, 1000);
    e->timestamp = g->ts;
    e->data = data;
    args(g, &r, maxargs);
    fxt__gen_emit(g, &r);
}

void fxt__gen_event(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs)
{
    if (g->direct)
        fxt__gen_direct_event(g, type, t, data, maxargs);
    else
        event_model(g, type, t, data, maxargs);
}

static void choice(gen *g, gen_ev e) { fxt__gen_event(g, e.type, e.thread, e.data, e.maxargs); }

void fxt__gen_duration(gen *g)
{
    rng_reserve(&g->r);
    choice(g, choose_duration(g, &g->r));
}

void fxt__gen_async(gen *g)
{
    rng_reserve(&g->r);
    choice(g, choose_async(g, &g->r));
}

void fxt__gen_flow(gen *g)
{
    rng_reserve(&g->r);
    choice(g, choose_flow(g, &g->r));
}

void fxt__gen_counter(gen *g)
{
    rng_reserve(&g->r);
    choice(g, choose_counter(&g->r));
}

void fxt__gen_complete(gen *g)
{
    if (g->direct) {
        fxt__gen_direct_event(g, FXT_ET_DURATION_COMPLETE, 0, 0, 4);
        return;
    }
    uint64_t start = g->ts + 1 + rnd(g, 1000);
    fxt_record r;
    rec_init(&r, FXT_RT_EVENT);
    fxt_event *e = &r.u.event;
    e->event_type = FXT_ET_DURATION_COMPLETE;
    thr(g, (unsigned)rnd(g, NTHREADS), &e->thread);
    str(g, &e->category);
    str(g, &e->name);
    e->timestamp = g->ts = start;
    e->data = start + rnd(g, 100000);
    args(g, &r, 4);
    fxt__gen_emit(g, &r);
}

/* ---- other records ---- */

void fxt__gen_log(gen *g, size_t len)
{
    fxt_record r;
    rec_init(&r, FXT_RT_LOG);
    thr(g, (unsigned)rnd(g, NTHREADS), &r.u.log.thread);
    g->ts += 1 + rnd(g, 100);
    r.u.log.timestamp = g->ts;
    if (len == 0) {
        r.u.log.msg = fxt__gen_text(g, &r.u.log.msg_len);
    } else {
        r.u.log.msg = g->longstr;
        r.u.log.msg_len = len;
    }
    fxt__gen_emit(g, &r);
}

void fxt__gen_kobj(gen *g)
{
    fxt_record r;
    rec_init(&r, FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 1 + (unsigned)rnd(g, 30);
    str(g, &r.u.object.name);
    r.u.object.id = 100000 + rnd(g, 1000);
    args(g, &r, FXT_MAX_ARGS);
    fxt__gen_emit(g, &r);
}

void fxt__gen_uobj(gen *g)
{
    fxt_record r;
    rec_init(&r, FXT_RT_USERSPACE);
    unsigned t = (unsigned)rnd(g, NTHREADS);
    thr(g, t, &r.u.object.process);
    r.u.object.process.tid = 0;
    str(g, &r.u.object.name);
    rng_reserve(&g->r);
    r.u.object.id = rng_word(&g->r);
    args(g, &r, FXT_MAX_ARGS);
    fxt__gen_emit(g, &r);
}

void fxt__gen_blob(gen *g, uint64_t size)
{
    fxt_record r;
    rec_init(&r, FXT_RT_BLOB);
    r.u.blob.blob_type = 1 + (unsigned)rnd(g, 3);
    if (size > 32000)
        r.u.blob.name = fxt_str_indexed(1);
    else
        str(g, &r.u.blob.name);
    r.u.blob.payload_size = size;
    r.u.blob.payload = g->payload;
    fxt__gen_emit(g, &r);
}

void fxt__gen_large_blob(gen *g, unsigned format, uint64_t size)
{
    fxt_record r;
    rec_init(&r, FXT_RT_LARGE);
    r.large_type = FXT_LT_BLOB;
    fxt_blob *b = &r.u.blob;
    b->format = format;
    str(g, &b->category);
    str(g, &b->name);
    if (format == FXT_LBF_METADATA) {
        g->ts += 1 + rnd(g, 100);
        b->timestamp = g->ts;
        thr(g, (unsigned)rnd(g, NTHREADS), &b->thread);
        args(g, &r, FXT_MAX_ARGS);
    }
    b->payload_size = size;
    b->payload = g->payload;
    fxt__gen_emit(g, &r);
}

void fxt__gen_sched(gen *g, unsigned type)
{
    if (g->l->sched_types == 0) /* before current: the context switch alone */
        type = FXT_ST_LEGACY_CONTEXT_SWITCH;
    fxt_record r;
    rec_init(&r, FXT_RT_SCHEDULING);
    fxt_sched *s = &r.u.sched;
    s->sched_type = type;
    g->ts += 1 + rnd(g, 100);
    s->timestamp = g->ts;
    unsigned a = (unsigned)rnd(g, NTHREADS), b = (unsigned)rnd(g, NTHREADS);
    if (type == FXT_ST_LEGACY_CONTEXT_SWITCH) {
        static const unsigned k_states[] = {0, 2, 3, 4, 5};
        s->cpu = (unsigned)rnd(g, 256);
        s->state = k_states[rnd(g, 5)];
        thr(g, a, &s->out);
        thr(g, b, &s->in);
        s->out_prio = (unsigned)rnd(g, 256);
        s->in_prio = (unsigned)rnd(g, 256);
        if (!g->l->has_priorities) /* reserved before r3 */
            s->out_prio = s->in_prio = 0;
    } else {
        s->cpu = (unsigned)rnd(g, 65536);
        s->state = type == FXT_ST_CONTEXT_SWITCH ? (unsigned)rnd(g, 6) : 0;
        s->out.tid = tid_of(g->prov, a);
        s->in.tid = tid_of(g->prov, b);
        args(g, &r, FXT_MAX_ARGS);
    }
    fxt__gen_emit(g, &r);
}

void fxt__gen_max_record(gen *g)
{
    fxt_record r;
    rec_init(&r, FXT_RT_EVENT);
    memset(&r.u.event, 0, sizeof r.u.event); /* empty category and name */
    r.u.event.event_type = FXT_ET_INSTANT;
    r.u.event.thread = fxt_thread_inline(pid_of(g->prov, 0), tid_of(g->prov, 0));
    g->ts += 1;
    r.u.event.timestamp = g->ts;
    static const size_t k_len[3] = {16000, 16000, 704};
    for (unsigned i = 0; i < 3; i++) {
        memset(&r.args[i], 0, sizeof r.args[i]);
        r.args[i].type = FXT_AT_STRING;
        r.args[i].name = fxt_str_indexed((uint16_t)(1 + i));
        r.args[i].str = fxt_str_inline(g->longstr, k_len[i]);
    }
    r.argc = 3;
    fxt__gen_emit(g, &r);
}

void fxt__gen_realistic_other(gen *g, unsigned x)
{
    if (x < REAL_LOG)
        fxt__gen_log(g, 0);
    else if (x < REAL_KOBJ)
        fxt__gen_kobj(g);
    else if (x < REAL_UOBJ)
        fxt__gen_uobj(g);
    else if (x < REAL_BLOB)
        fxt__gen_blob(g, 8 + rnd(g, 120));
    else if (x < REAL_CSW)
        fxt__gen_sched(g, FXT_ST_CONTEXT_SWITCH);
    else
        fxt__gen_sched(g, FXT_ST_THREAD_WAKEUP);
}

/* ---- metadata, tables ---- */

void fxt__gen_init_rec(gen *g, uint64_t ticks)
{
    fxt_record r;
    rec_init(&r, FXT_RT_INIT);
    r.u.ticks_per_second = ticks;
    fxt__gen_emit(g, &r);
}

void fxt__gen_string_rec(gen *g, unsigned index, const char *s, size_t len)
{
    fxt_record r;
    rec_init(&r, FXT_RT_STRING);
    r.u.string.index = index;
    r.u.string.data = s;
    r.u.string.len = len;
    fxt__gen_emit(g, &r);
}

void fxt__gen_thread_rec(gen *g, unsigned index, uint64_t pid, uint64_t tid)
{
    fxt_record r;
    rec_init(&r, FXT_RT_THREAD);
    r.u.thread.index = index;
    r.u.thread.pid = pid;
    r.u.thread.tid = tid;
    fxt__gen_emit(g, &r);
}

void fxt__gen_tables(gen *g)
{
    static const char *const k_names[] = {"input", "gfx", "net", "Frame", "Present", "Commit",
                                          "Layout", "Paint", "count", "bytes", "id", "ptr"};
    char tmp[32];
    for (unsigned i = 1; i <= NSTRINGS; i++) {
        const char *base = k_names[(i - 1) % 12];
        size_t n = strlen(base);
        memcpy(tmp, base, n);
        tmp[n++] = (char)('0' + (i - 1) / 12 % 10);
        fxt__gen_string_rec(g, i, tmp, n);
    }
    fxt__gen_string_rec(g, FXT__GEN_LAST_STRING_INDEX, FXT__GEN_LAST_STRING,
                        sizeof FXT__GEN_LAST_STRING - 1);
    for (unsigned t = 0; t < NTHREADS; t++)
        fxt__gen_thread_rec(g, t + 1, pid_of(g->prov, t), tid_of(g->prov, t));
}

static void provider_meta(gen *g, unsigned meta_type, unsigned p)
{
    static const char *const k_prov[NPROV] = {"compositor", "net\xc2\xb7stack", "audio_mixer"};
    fxt_record r;
    rec_init(&r, FXT_RT_METADATA);
    r.u.meta.meta_type = meta_type;
    r.u.meta.provider_id = provider_id_of(p);
    if (meta_type == FXT_MT_PROVIDER_INFO) {
        r.u.meta.name.data = k_prov[p];
        r.u.meta.name.len = strlen(k_prov[p]);
    }
    fxt__gen_emit(g, &r);
}

void fxt__gen_provider_info(gen *g, unsigned p)
{
    provider_meta(g, FXT_MT_PROVIDER_INFO, p);
    g->prov = p;
}

void fxt__gen_provider_section(gen *g, unsigned p)
{
    provider_meta(g, FXT_MT_PROVIDER_SECTION, p);
    g->prov = p;
}

void fxt__gen_provider_event(gen *g) { provider_meta(g, FXT_MT_PROVIDER_EVENT, g->prov); }

void fxt__gen_switch_provider(gen *g)
{
    if (g->nprov == NPROV_REAL) {
        fxt__gen_provider_section(g, g->prov ^ 1);
        return;
    }
    /* the budget check of gen.c's loop, after the provider's setup records */
    if (g->left <= (uint64_t)open_count(g) + REAL_MARGIN + PROV_SETUP)
        return;
    fxt__gen_provider_info(g, g->nprov++);
    fxt__gen_tables(g);
}
