/*
 * gen.c - random conforming traces (fxt/gen.h), built on the reference
 * encoder. The generator keeps just enough state to stay warning-free:
 * which string and thread indexes each provider registered, the duration
 * depth of each thread, and the open async operations and flows, which it
 * closes before the record budget runs out.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "fxt/gen.h"
#include "fxt/word.h"
#include "gen_internal.h"

/* splitmix64 on the state *S. */
static inline uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) (n > 0) from the state *S. */
static inline uint64_t below(uint64_t *s, uint64_t n)
{
    if (n <= 0xffffffffu) {
        /* Lemire's multiply-shift on 32 random bits: no division on the
         * common path, unbiased, integer-only (same on every platform). */
        uint64_t m = (splitmix(s) >> 32) * n;
        if ((uint32_t)m < n) {
            uint32_t t = (uint32_t)(-(uint32_t)n % (uint32_t)n);
            while ((uint32_t)m < t)
                m = (splitmix(s) >> 32) * n;
        }
        return m >> 32;
    }
    uint64_t lim = ~(uint64_t)0 - (~(uint64_t)0 % n); /* reject the biased tail */
    uint64_t x;
    do
        x = splitmix(s);
    while (x >= lim);
    return x % n;
}

uint64_t fxt_rng_next(fxt_rng *r) { return splitmix(&r->s); }

uint64_t fxt_rng_below(fxt_rng *r, uint64_t n) { return below(&r->s, n); }

/* The generator's random source: the PRNG state and a pool of random bits
 * for small draws. The direct path works on a local copy (a byte store into
 * the output buffer may alias anything reached through a pointer, so state
 * kept in the gen struct would be reloaded after every store). */
typedef struct draws {
    uint64_t s;    /* splitmix64 state */
    uint64_t pool; /* random bits not yet used by draw() */
    unsigned bits; /* how many */
} draws;

/* Uniform in [0, n). Small ranges (most draws: a thread, a type, a delay)
 * take 16 bits from the pool, refilled from the PRNG, so one 64-bit draw
 * serves four of them; unbiased (Lemire's multiply-shift with rejection)
 * and integer-only, so the same on every platform. */
static inline uint64_t draw(draws *d, uint64_t n)
{
    if (n > 0x10000)
        return below(&d->s, n);
    for (;;) {
        if (d->bits < 16) {
            d->pool = splitmix(&d->s);
            d->bits = 64;
        }
        uint32_t x = (uint32_t)(d->pool & 0xffff);
        d->pool >>= 16;
        d->bits -= 16;
        uint32_t m = x * (uint32_t)n; /* < 2^32 since x < 2^16 and n <= 2^16 */
        uint32_t l = m & 0xffff;
        if (l < n && l < (0x10000u - (uint32_t)n) % (uint32_t)n)
            continue; /* the biased tail */
        return m >> 16;
    }
}

#define NTHREADS FXT__GEN_THREADS /* registered threads per provider (and 0xff) */
#define NSTRINGS FXT__GEN_STRINGS /* registered strings per provider (and 0x7fff) */
#define MAXDEPTH 6    /* duration nesting per thread */
#define MAXOPEN 16    /* open async operations / flows */
#define NPROV 3       /* providers in the coverage profile */
#define BUFSZ (1u << 18)
#define LONGSTR 32000u

/* Texts for inline strings: ASCII, exactly 8 bytes, multi-byte UTF-8. */
static const char *const k_texts[] = {
    "frame", "abcdefgh", "render::Draw", "h\xc3\xa9llo w\xc3\xb6rld",
    "\xe2\x9c\x93 ok", "clef \xf0\x9d\x84\x9e", "gpu", "a-sixteen-bytes!", "x"};
#define NTEXTS (sizeof k_texts / sizeof *k_texts)
#define TEXT_MAX 16 /* longest of k_texts: "a-sixteen-bytes!" */

typedef struct async_op {
    unsigned prov, thread;
    uint64_t id;
} open_async;

typedef struct gen {
    draws d;
    fxt_gen_profile profile;
    /* The revision written. The current one is written exactly as before
     * revisions existed (same bytes); for the others, what the revision
     * lacks is replaced where the record is made (see adapt()). */
    const fxt_layout *l;
    int current;
    fxt_writer w;
    uint8_t *buf;
    fxt_gen_write_fn write;
    void *ctx;
    int err;
    uint64_t left; /* records still to write */
    uint64_t ts;
    unsigned prov, nprov; /* current provider (index), providers introduced */
    unsigned depth[NPROV][NTHREADS];
    unsigned ndur; /* sum of depth[][]: open durations */
    open_async async[MAXOPEN];
    unsigned nasync;
    uint64_t flows[MAXOPEN];
    unsigned nflows;
    uint64_t next_id;
    unsigned step; /* coverage: position in the menu */
    int has_ff[NPROV]; /* thread index 0xff registered (as thread 0) */
    char *longstr; /* LONGSTR bytes of text */
    uint8_t *payload;
    /* k_texts as inline streams for the direct path: bytes zero-padded to
     * TEXT_MAX, length and words */
    uint8_t text_pad[NTEXTS][TEXT_MAX];
    uint8_t text_len[NTEXTS];
    uint8_t text_words[NTEXTS];
} gen;

static uint64_t rnd(gen *g, uint64_t n) { return draw(&g->d, n); }

static void flush(gen *g)
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

static void emit(gen *g, fxt_record *rec)
{
    if (g->err)
        return;
    if (!g->current)
        adapt(g, rec);
    fxt_enc_result rc = fxt_encode_record(&g->w, rec);
    if (rc == FXT_ENC_NOSPACE) { /* the buffer holds any record we make */
        flush(g);
        rc = fxt_encode_record(&g->w, rec);
    }
    if (rc != FXT_ENC_OK)
        g->err = -1;
    if (g->left)
        g->left--;
}

/* Set the fields the encoder reads one by one. Arguments are set up by
 * args() as used (clearing 15 per record would dominate the cost). The
 * payload union is cleared except for events, the bulk of the records,
 * whose builders set every field of u.event: clearing it compiled to
 * `rep stos`, whose start-up cost was a tenth of the generation time. */
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

static uint64_t pid_of(unsigned prov, unsigned t) { return 1000 + prov * 10 + t / 4; }
static uint64_t tid_of(unsigned prov, unsigned t) { return 5000 + prov * 100 + t; }

static fxt_str text(gen *g)
{
    return fxt_str_cstr(k_texts[rnd(g, NTEXTS)]);
}

/* The less frequent part of str(): the coverage profile, and inline text. */
static void str_other(gen *g, fxt_str *out)
{
    if (g->profile == FXT_GEN_COVERAGE) {
        if (rnd(g, 2) == 0)
            *out = text(g);
        else if (rnd(g, 16) == 0)
            *out = fxt_str_indexed(0x7fff);
        else
            *out = fxt_str_indexed((uint16_t)(1 + rnd(g, NSTRINGS)));
        return;
    }
    *out = text(g);
}

/* A string ref: mostly indexed in the realistic profile, half inline in
 * coverage. Never the empty ref for names (they read better). Written
 * through OUT field by field: a 24-byte struct returned by value went
 * through memory and stalled the wide load that copied it (store
 * forwarding), a tenth of the generation time. */
static inline void str(gen *g, fxt_str *out)
{
    if (g->profile == FXT_GEN_REALISTIC) {
        /* one draw: 1 in 50 inline, else a uniform index (NSTRINGS is a power of 2) */
        uint64_t k = rnd(g, 50 * NSTRINGS);
        if (k >= NSTRINGS) {
            out->ref = (uint16_t)(1 + (k & (NSTRINGS - 1)));
            out->data = NULL;
            out->len = 0;
            return;
        }
    }
    str_other(g, out);
}

/* A thread ref for thread T of the current provider (through OUT, as str()). */
static inline void thr(gen *g, unsigned t, fxt_thread *out)
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

/* How a value is made from 64 random bits X, per argument type:
 * (X & mask) | set. Tables rather than a switch: argument types are random,
 * so a branch on the type would mispredict (see fxt-bench). The realistic
 * profile makes doubles of magnitude 2..4 (exact bit patterns: no
 * floating-point arithmetic in any choice); coverage keeps all bits. */
#define ALL ~(uint64_t)0
#define LOW32 0xffffffffull
static const uint64_t k_val_mask[2][FXT_AT_COUNT] = {
    [FXT_GEN_REALISTIC] = {0, LOW32, LOW32, ALL, ALL, 0x000fffffffffffffull, 0, ALL, ALL, 1},
    [FXT_GEN_COVERAGE] = {0, LOW32, LOW32, ALL, ALL, ALL, 0, ALL, ALL, 1}};
static const uint64_t k_val_set[2][FXT_AT_COUNT] = {
    [FXT_GEN_REALISTIC] = {[FXT_AT_DOUBLE] = 0x4000000000000000ull}};
/* all ones for the types whose value is a 32-bit member (i32, u32, b) */
static const uint32_t k_val_is32[FXT_AT_COUNT] = {
    [FXT_AT_INT32] = 0xffffffffu, [FXT_AT_UINT32] = 0xffffffffu, [FXT_AT_BOOL] = 0xffffffffu};
#undef ALL
#undef LOW32

/* Argument types of the realistic profile (drawn uniformly). */
static const unsigned k_real_args[] = {FXT_AT_INT32,  FXT_AT_UINT64,  FXT_AT_STRING, FXT_AT_DOUBLE,
                                       FXT_AT_UINT32, FXT_AT_POINTER, FXT_AT_KOID,   FXT_AT_BOOL};

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
        x = splitmix(&g->d.s);
        x >>= x >> 58;
    }
    uint64_t v = (x & k_val_mask[cov][type]) | k_val_set[cov][type];
    /* The 32-bit members (i32, u32, b: same size, offset 0) must hold the
     * value whatever the host byte order; for 64-bit types the u32 bits are
     * left as the u64 store made them. Masks, not a branch on the type. */
    a->v.u64 = v;
    uint32_t m = k_val_is32[type];
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
                                           : k_real_args[rnd(g, 8)]);
    r->argc = n;
    return n;
}

/* ---- the direct path ---- */

/* The realistic profile's events (nine records in ten) skip the model and
 * the encoder: their words are written straight into the output buffer from
 * the same draws, in the same order, as the model path (str(), thr(),
 * args(), arg()) and the encoder would make and write them, so the bytes
 * are identical. Field positions come from format.h, per-type word counts
 * from the encoder's tables (fxt/encode.h). Room for the largest such event
 * (27 words, plus the 16-byte text copies) is made first. */
#define FAST_ROOM 512u

/* str() of the realistic profile: the ref; *TEXT is the k_texts entry of an
 * inline ref. */
static inline uint64_t fast_str(draws *d, const gen *g, unsigned *text)
{
    uint64_t k = draw(d, 50 * NSTRINGS);
    if (k >= NSTRINGS)
        return 1 + (k & (NSTRINGS - 1));
    unsigned t = (unsigned)draw(d, NTEXTS);
    *text = t;
    return FXT_STRREF_INLINE_FLAG | g->text_len[t];
}

/* The inline stream of text T at P (16 bytes copied, its words kept). */
static inline uint8_t *put_text(const gen *g, uint8_t *p, unsigned t)
{
    memcpy(p, g->text_pad[t], TEXT_MAX);
    return p + 8 * g->text_words[t];
}

/* thr() of the realistic profile (never inline there): the thread ref. */
static inline uint64_t fast_thr(draws *d, const gen *g, unsigned t)
{
    if (t == 0 && g->has_ff[g->prov] && draw(d, 2))
        return 0xff;
    return t + 1;
}

/* Field F of a header word holding V (V already fits: refs, counts and
 * sizes made here are in range); OR-ed into words that start at 0. */
#define FIELD(F, V) FIELD_(V, F) /* F expands to "lo, hi" on the way */
#define FIELD_(V, lo, hi) FXT_SET_(0, V, lo, hi)

/* One argument of args() + arg() (realistic), written at P. */
static inline uint8_t *fast_arg(draws *d, const gen *g, uint8_t *p, int be)
{
    unsigned type = k_real_args[draw(d, 8)];
    unsigned nt = 0, vt = 0;
    uint64_t name = fast_str(d, g, &nt);
    uint64_t x = splitmix(&d->s);
    x >>= x >> 58;
    uint64_t v = (x & k_val_mask[FXT_GEN_REALISTIC][type]) | k_val_set[FXT_GEN_REALISTIC][type];
    uint64_t sref = type == FXT_AT_STRING ? fast_str(d, g, &vt) : 0;
    uint8_t *h = p;
    p += 8;
    if (name & FXT_STRREF_INLINE_FLAG)
        p = put_text(g, p, nt);
    fxt_store_word(p, v, be); /* always stored, kept only if the type has a value word */
    p += 8 * fxt_arg_value_words[type];
    if (sref & FXT_STRREF_INLINE_FLAG)
        p = put_text(g, p, vt);
    uint64_t hi = ((uint32_t)v & fxt_arg_hi_value[type]) | sref;
    fxt_store_word(h,
                   FIELD(FXT_ARG_TYPE, type) | FIELD(FXT_ARG_SIZE, (uint64_t)(p - h) / 8) |
                       FIELD(FXT_ARG_NAME, name) | FIELD(FXT_ARG_HI, hi),
                   be);
    return p;
}

/* An event of the realistic profile: event() (thread T, DATA) or, when
 * COMPLETE, complete() (which draws its start, thread and end itself).
 * BE is a constant in each copy (fast_event_le, fast_event_be), so the
 * stores do not select between byte orders word by word. */
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

static ALWAYS_INLINE void fast_event(gen *g, unsigned type, unsigned t, uint64_t data,
                                     unsigned maxargs, int complete, int be)
{
    if (g->w.cap - g->w.len < FAST_ROOM)
        flush(g);
    draws d = g->d;
    uint64_t ts = 0;
    if (complete) {
        ts = g->ts + 1 + draw(&d, 1000);
        t = (unsigned)draw(&d, NTHREADS);
    }
    uint64_t thread = fast_thr(&d, g, t);
    unsigned ct = 0, nt = 0;
    uint64_t cat = fast_str(&d, g, &ct);
    uint64_t name = fast_str(&d, g, &nt);
    if (complete)
        data = ts + draw(&d, 100000);
    else
        ts = g->ts + 1 + draw(&d, 1000);
    g->ts = ts;
    uint8_t *start = g->w.buf + g->w.len, *p = start + 8;
    fxt_store_word(p, ts, be);
    p += 8;
    if (cat & FXT_STRREF_INLINE_FLAG)
        p = put_text(g, p, ct);
    if (name & FXT_STRREF_INLINE_FLAG)
        p = put_text(g, p, nt);
    unsigned n = (unsigned)draw(&d, 5);
    if (n > maxargs)
        n = maxargs;
    for (unsigned i = 0; i < n; i++)
        p = fast_arg(&d, g, p, be);
    fxt_store_word(p, data, be);
    p += 8 * fxt_event_data_words[type];
    uint64_t h = FIELD(FXT_REC_TYPE, FXT_RT_EVENT) | FIELD(FXT_REC_SIZE, (uint64_t)(p - start) / 8) |
                 FIELD(FXT_EV_TYPE, type) | FIELD(FXT_EV_ARGC, n) | FIELD(FXT_EV_THREAD, thread) |
                 FIELD(FXT_EV_CATEGORY, cat) | FIELD(FXT_EV_NAME, name);
    fxt_store_word(start, h, be);
    g->w.len += (size_t)(p - start);
    g->d = d;
    if (g->left)
        g->left--;
}

static void fast_event_le(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs,
                          int complete)
{
    fast_event(g, type, t, data, maxargs, complete, 0);
}

static void fast_event_be(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs,
                          int complete)
{
    fast_event(g, type, t, data, maxargs, complete, 1);
}

/* The realistic profile's event(), or complete() when COMPLETE. */
static inline void fast(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs,
                        int complete)
{
    if (g->err)
        return;
    if (g->w.big_endian)
        fast_event_be(g, type, t, data, maxargs, complete);
    else
        fast_event_le(g, type, t, data, maxargs, complete);
}

/* ---- records ---- */

/* An event through the model and the encoder (event() below). */
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
    emit(g, &r);
}

/* An event of type TYPE on thread T with data word DATA (where the type
 * has one) and up to MAXARGS arguments. Inline, so that the realistic
 * profile goes straight to the direct path. */
static inline void event(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs)
{
    if (g->profile == FXT_GEN_REALISTIC && g->current)
        fast(g, type, t, data, maxargs, 0);
    else
        event_model(g, type, t, data, maxargs);
}

static unsigned open_count(const gen *g) { return g->nasync + g->nflows + g->ndur; }

static void string_rec(gen *g, unsigned index, const char *s, size_t len)
{
    fxt_record r;
    rec_init(&r, FXT_RT_STRING);
    r.u.string.index = index;
    r.u.string.data = s;
    r.u.string.len = len;
    emit(g, &r);
}

static void thread_rec(gen *g, unsigned index, uint64_t pid, uint64_t tid)
{
    fxt_record r;
    rec_init(&r, FXT_RT_THREAD);
    r.u.thread.index = index;
    r.u.thread.pid = pid;
    r.u.thread.tid = tid;
    emit(g, &r);
}

/* Register the string and thread tables of the current provider. */
static void tables(gen *g)
{
    static const char *const k_names[] = {"input", "gfx", "net", "Frame", "Present", "Commit",
                                          "Layout", "Paint", "count", "bytes", "id", "ptr"};
    char tmp[32];
    for (unsigned i = 1; i <= NSTRINGS; i++) {
        const char *base = k_names[(i - 1) % 12];
        size_t n = strlen(base);
        memcpy(tmp, base, n);
        tmp[n++] = (char)('0' + (i - 1) / 12 % 10);
        string_rec(g, i, tmp, n);
    }
    string_rec(g, FXT__GEN_LAST_STRING_INDEX, FXT__GEN_LAST_STRING,
               sizeof FXT__GEN_LAST_STRING - 1);
    for (unsigned t = 0; t < NTHREADS; t++)
        thread_rec(g, t + 1, pid_of(g->prov, t), tid_of(g->prov, t));
}

static void provider_info(gen *g, unsigned p)
{
    static const char *const k_prov[NPROV] = {"compositor", "net\xc2\xb7stack", "audio_mixer"};
    fxt_record r;
    rec_init(&r, FXT_RT_METADATA);
    r.u.meta.meta_type = FXT_MT_PROVIDER_INFO;
    r.u.meta.provider_id = 1 + p * 7;
    r.u.meta.name.data = k_prov[p];
    r.u.meta.name.len = strlen(k_prov[p]);
    emit(g, &r);
    g->prov = p;
}

static void provider_section(gen *g, unsigned p)
{
    fxt_record r;
    rec_init(&r, FXT_RT_METADATA);
    r.u.meta.meta_type = FXT_MT_PROVIDER_SECTION;
    r.u.meta.provider_id = 1 + p * 7;
    emit(g, &r);
    g->prov = p;
}

/* Close the async operations of the current provider (before leaving it). */
static void close_async_here(gen *g)
{
    for (unsigned i = 0; i < g->nasync;) {
        if (g->async[i].prov == g->prov) {
            event(g, FXT_ET_ASYNC_END, g->async[i].thread, g->async[i].id, 2);
            g->async[i] = g->async[--g->nasync];
        } else
            i++;
    }
}

/* One record that ends something open; returns 0 if nothing is open here. */
static int close_one(gen *g)
{
    for (unsigned t = 0; t < NTHREADS; t++)
        if (g->depth[g->prov][t]) {
            g->depth[g->prov][t]--;
            g->ndur--;
            event(g, FXT_ET_DURATION_END, t, 0, 2);
            return 1;
        }
    if (g->nflows) {
        event(g, FXT_ET_FLOW_END, (unsigned)rnd(g, NTHREADS), g->flows[--g->nflows], 2);
        return 1;
    }
    for (unsigned i = 0; i < g->nasync; i++)
        if (g->async[i].prov == g->prov) {
            event(g, FXT_ET_ASYNC_END, g->async[i].thread, g->async[i].id, 2);
            g->async[i] = g->async[--g->nasync];
            return 1;
        }
    return 0;
}

static void duration(gen *g)
{
    unsigned t = (unsigned)rnd(g, NTHREADS);
    unsigned *d = &g->depth[g->prov][t];
    if (*d && (*d >= MAXDEPTH || rnd(g, 2))) {
        (*d)--;
        g->ndur--;
        event(g, FXT_ET_DURATION_END, t, 0, 4);
    } else {
        (*d)++;
        g->ndur++;
        event(g, FXT_ET_DURATION_BEGIN, t, 0, 4);
    }
}

static void complete(gen *g)
{
    if (g->profile == FXT_GEN_REALISTIC && g->current) {
        fast(g, FXT_ET_DURATION_COMPLETE, 0, 0, 4, 1);
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
    emit(g, &r);
}

static void async_step(gen *g)
{
    unsigned mine = 0, at = 0;
    for (unsigned i = 0; i < g->nasync; i++)
        if (g->async[i].prov == g->prov)
            mine++, at = i;
    if (mine && (g->nasync >= MAXOPEN || rnd(g, 3) == 0)) {
        open_async a = g->async[at];
        if (rnd(g, 2)) {
            /* any thread of the same process (async ids are per process) */
            event(g, FXT_ET_ASYNC_INSTANT, a.thread / 4 * 4 + (unsigned)rnd(g, 4), a.id, 3);
        } else {
            event(g, FXT_ET_ASYNC_END, a.thread, a.id, 3);
            g->async[at] = g->async[--g->nasync];
        }
    } else if (g->nasync < MAXOPEN) {
        open_async a = {g->prov, (unsigned)rnd(g, NTHREADS), ++g->next_id};
        g->async[g->nasync++] = a;
        event(g, FXT_ET_ASYNC_BEGIN, a.thread, a.id, 3);
    } else
        duration(g);
}

static void flow_op(gen *g)
{
    if (g->nflows && (g->nflows >= MAXOPEN || rnd(g, 3) == 0)) {
        unsigned i = (unsigned)rnd(g, g->nflows);
        if (rnd(g, 2))
            event(g, FXT_ET_FLOW_STEP, (unsigned)rnd(g, NTHREADS), g->flows[i], 2);
        else {
            event(g, FXT_ET_FLOW_END, (unsigned)rnd(g, NTHREADS), g->flows[i], 2);
            g->flows[i] = g->flows[--g->nflows];
        }
    } else {
        g->flows[g->nflows++] = ++g->next_id;
        event(g, FXT_ET_FLOW_BEGIN, (unsigned)rnd(g, NTHREADS), g->next_id, 2);
    }
}

static void log_rec(gen *g, size_t len)
{
    fxt_record r;
    rec_init(&r, FXT_RT_LOG);
    thr(g, (unsigned)rnd(g, NTHREADS), &r.u.log.thread);
    g->ts += 1 + rnd(g, 100);
    r.u.log.timestamp = g->ts;
    if (len == 0) {
        fxt_str s = text(g);
        r.u.log.msg = s.data;
        r.u.log.msg_len = s.len;
    } else {
        r.u.log.msg = g->longstr;
        r.u.log.msg_len = len;
    }
    emit(g, &r);
}

static void kobj(gen *g)
{
    fxt_record r;
    rec_init(&r, FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 1 + (unsigned)rnd(g, 30);
    str(g, &r.u.object.name);
    r.u.object.id = 100000 + rnd(g, 1000);
    args(g, &r, FXT_MAX_ARGS);
    emit(g, &r);
}

static void uobj(gen *g)
{
    fxt_record r;
    rec_init(&r, FXT_RT_USERSPACE);
    unsigned t = (unsigned)rnd(g, NTHREADS);
    thr(g, t, &r.u.object.process);
    r.u.object.process.tid = 0;
    str(g, &r.u.object.name);
    r.u.object.id = splitmix(&g->d.s);
    args(g, &r, FXT_MAX_ARGS);
    emit(g, &r);
}

static void blob(gen *g, uint64_t size)
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
    emit(g, &r);
}

static void large_blob(gen *g, unsigned format, uint64_t size)
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
    emit(g, &r);
}

static void sched(gen *g, unsigned type)
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
    emit(g, &r);
}

static void counter(gen *g)
{
    /* two draws: in separate statements, since the order in which a call's
     * arguments are evaluated is unspecified (gcc and clang differ) */
    unsigned t = (unsigned)rnd(g, NTHREADS);
    event(g, FXT_ET_COUNTER, t, rnd(g, 16), 4);
}

/* An instant event of exactly 4095 words: inline thread (4 words) and three
 * string arguments with inline values of 16000, 16000 and 704 bytes. */
static void max_record(gen *g)
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
    emit(g, &r);
}

static void reregister(gen *g)
{
    if (rnd(g, 2)) {
        fxt_str s = text(g);
        string_rec(g, 1 + (unsigned)rnd(g, NSTRINGS), s.data, s.len);
    } else {
        unsigned t = (unsigned)rnd(g, NTHREADS);
        thread_rec(g, t + 1, pid_of(g->prov, t), tid_of(g->prov, t));
    }
}

static void switch_provider(gen *g)
{
    close_async_here(g);
    if (g->nprov < NPROV) {
        provider_info(g, g->nprov++);
        tables(g);
    } else {
        unsigned p = (unsigned)rnd(g, NPROV);
        provider_section(g, p);
    }
}

/* The coverage profile's menu: every kind of record; the first pass walks
 * it in order so that short traces cover it too, then picks at random. */
static void coverage_step(gen *g)
{
    enum { N = 30 };
    unsigned k = g->step < N ? g->step : (unsigned)rnd(g, N);
    g->step++;
    switch (k) {
    case 0: event(g, FXT_ET_INSTANT, (unsigned)rnd(g, NTHREADS), 0, FXT_MAX_ARGS); break;
    case 1: counter(g); break;
    case 2: case 3: duration(g); break;
    case 4: complete(g); break;
    case 5: case 6: case 7: async_step(g); break;
    case 8: case 9: case 10: flow_op(g); break;
    case 11: blob(g, rnd(g, 200)); break;
    case 12: uobj(g); break;
    case 13: kobj(g); break;
    case 14: sched(g, FXT_ST_LEGACY_CONTEXT_SWITCH); break;
    case 15: sched(g, FXT_ST_CONTEXT_SWITCH); break;
    case 16: sched(g, FXT_ST_THREAD_WAKEUP); break;
    case 17: log_rec(g, 0); break;
    case 18:
    case 19:
        if (!fxt_layout_defines(g->l->record_types, FXT_RT_LARGE)) { /* before r3 */
            blob(g, rnd(g, 100));
            break;
        }
        if (k == 19) {
            large_blob(g, FXT_LBF_NO_METADATA, rnd(g, 3) ? rnd(g, 100) : 70000 + rnd(g, 9));
            break;
        }
        large_blob(g, FXT_LBF_METADATA, rnd(g, 3) ? rnd(g, 100) : 40000 + rnd(g, 9)); break;
    case 20: switch_provider(g); break;
    case 21: reregister(g); break;
    case 22: {
        if (!fxt_layout_defines(g->l->metadata_types, FXT_MT_PROVIDER_EVENT)) { /* r1 */
            event(g, FXT_ET_INSTANT, 0, 0, 0);
            break;
        }
        fxt_record r;
        rec_init(&r, FXT_RT_METADATA);
        r.u.meta.meta_type = FXT_MT_PROVIDER_EVENT;
        r.u.meta.provider_id = 1 + g->prov * 7;
        emit(g, &r);
        break;
    }
    case 23: {
        fxt_record r;
        rec_init(&r, FXT_RT_INIT);
        r.u.ticks_per_second = rnd(g, 2) ? 1000000000u : 1 + rnd(g, 0xffffffffu);
        emit(g, &r);
        break;
    }
    case 24: string_rec(g, 1 + (unsigned)rnd(g, NSTRINGS), g->longstr, LONGSTR); break;
    case 25: max_record(g); break;
    case 26: log_rec(g, 1 + rnd(g, 3000)); break;
    case 27: blob(g, 32745 + rnd(g, 8)); break; /* with an indexed name: up to 4095 words */
    case 28:
        thread_rec(g, 0xff, pid_of(g->prov, 0), tid_of(g->prov, 0));
        g->has_ff[g->prov] = 1;
        break;
    default: event(g, FXT_ET_INSTANT, 0, 0, 0); break;
    }
}

static void realistic_step(gen *g)
{
    uint64_t x = rnd(g, 100);
    if (x < 45) duration(g);
    else if (x < 70) complete(g);
    else if (x < 78) event(g, FXT_ET_INSTANT, (unsigned)rnd(g, NTHREADS), 0, 4);
    else if (x < 83) counter(g);
    else if (x < 88) async_step(g);
    else if (x < 92) flow_op(g);
    else if (x < 95) log_rec(g, 0);
    else if (x < 97) kobj(g);
    else if (x < 99) blob(g, 8 + rnd(g, 120));
    else sched(g, FXT_ST_CONTEXT_SWITCH);
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

int fxt_gen_random(const fxt_gen_options *o, fxt_gen_write_fn write, void *ctx)
{
    return fxt_gen_random_rev(o, FXT_REV_CURRENT, write, ctx);
}

int fxt_gen_random_rev(const fxt_gen_options *o, fxt_revision rev, fxt_gen_write_fn write,
                       void *ctx)
{
    const fxt_layout *l = fxt_layout_get(rev);
    if (l == NULL)
        return -2; /* not a revision */
    if (o->big_endian && !l->has_magic)
        return -2; /* byte order is recognised by the magic record alone */
    gen *g = calloc(1, sizeof *g);
    if (g == NULL)
        return -1;
    g->buf = malloc(BUFSZ);
    g->longstr = malloc(LONGSTR);
    g->payload = malloc(80000);
    if (!g->buf || !g->longstr || !g->payload) {
        free(g->buf), free(g->longstr), free(g->payload), free(g);
        return -1;
    }
    g->d.s = o->seed;
    g->profile = o->profile;
    g->l = l;
    g->current = g->l->revision == FXT_REV_CURRENT;
    g->write = write;
    g->ctx = ctx;
    g->left = o->records;
    g->ts = 1000000;
    fxt_writer_init(&g->w, g->buf, BUFSZ, o->big_endian);
    if (fxt_writer_set_revision(&g->w, g->l->revision) != FXT_ENC_OK)
        g->err = -1;
    /* ASCII, so that any prefix is valid UTF-8 (multi-byte text is in k_texts) */
    static const char k_lorem[] = "lorem ipsum dolor sit amet, ";
    for (size_t i = 0; i < LONGSTR; i++)
        g->longstr[i] = k_lorem[i % (sizeof k_lorem - 1)];
    for (size_t i = 0; i < 80000; i++)
        g->payload[i] = (uint8_t)splitmix(&g->d.s);
    for (unsigned t = 0; t < NTEXTS; t++) {
        size_t n = strlen(k_texts[t]);
        memcpy(g->text_pad[t], k_texts[t], n); /* calloc'd: the padding is zero */
        g->text_len[t] = (uint8_t)n;
        g->text_words[t] = (uint8_t)((n + 7) / 8);
    }

    /* setup: magic (from r3 on), initialization, first provider and its tables */
    if (g->l->has_magic) {
        if (fxt_encode_magic(&g->w) != FXT_ENC_OK)
            g->err = -1;
        if (g->left)
            g->left--;
    }
    fxt_record r;
    rec_init(&r, FXT_RT_INIT);
    r.u.ticks_per_second = 1000000000u;
    emit(g, &r);
    provider_info(g, 0);
    g->nprov = 1;
    tables(g);

    while (!g->err && g->left > 0) {
        unsigned open = open_count(g);
        /* a provider switch may need to close this provider's asyncs first */
        if (g->left <= (uint64_t)open + (g->profile == FXT_GEN_COVERAGE ? MAXOPEN + 2 : 1)) {
            if (close_one(g))
                continue;
            if (open == 0) { /* nothing open here or anywhere: fill */
                event(g, FXT_ET_INSTANT, 0, 0, 2);
                continue;
            }
            /* what is open belongs to another provider: go there */
            provider_section(g, provider_with_open(g));
            continue;
        }
        if (g->profile == FXT_GEN_COVERAGE)
            coverage_step(g);
        else
            realistic_step(g);
    }
    /* budget exhausted by the setup records: still close what is open */
    while (!g->err && open_count(g)) {
        if (!close_one(g))
            provider_section(g, provider_with_open(g));
    }
    flush(g);
    int err = g->err;
    free(g->buf), free(g->longstr), free(g->payload), free(g);
    return err;
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

int fxt_gen_random_mem(const fxt_gen_options *o, fxt_revision rev, uint8_t **out, size_t *len)
{
    /* two passes (the same bytes each time) instead of a growing buffer */
    size_t n = 0;
    int rc = fxt_gen_random_rev(o, rev, count_bytes, &n);
    if (rc != 0)
        return rc;
    membuf m = {malloc(n ? n : 1), 0, n};
    if (m.p == NULL)
        return -1;
    if (fxt_gen_random_rev(o, rev, to_memory, &m) != 0 || m.len != n) {
        free(m.p);
        return -1;
    }
    *out = m.p;
    *len = n;
    return 0;
}
