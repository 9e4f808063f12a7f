/* SPDX-License-Identifier: MIT */
/*
 * gen_direct.c - the realistic profile's records in the current revision
 * (events, logs, kernel and userspace objects, blobs, context switches,
 * thread wakeups), written straight into the output buffer: no record
 * model, no encoder (but the second provider's introduction: its info
 * record and tables go through the model, gen_records.c). The words are made
 * from the same draws, in the same order, as the model path (gen_records.c)
 * and the encoder would make and write them, so the bytes are identical
 * (test_gen's direct_is_model compares the two paths byte for byte; the
 * golden corpus pins the bytes). Field positions come from format.h,
 * per-type word counts from the encoder's tables (fxt/encode.h).
 *
 * The loop keeps the random cursor, the output position, the timestamp and
 * the record budget in locals: a byte store into the buffer may alias
 * anything reached through a pointer, so state kept in the gen struct
 * would be reloaded after every store.
 */
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "gen_choice.h"
#include "gen_state.h"

/* Room for the largest record made here (an event of 31 words, plus the
 * 16-byte text copies), made before each record. */
#define ROOM 512u

/* Field F of a header word holding V, which fits (refs, counts and sizes
 * made here are in range): no mask. */
#define AT(F, V) AT_(V, F) /* F expands to "lo, hi" on the way */
#define AT_(V, lo, hi) ((uint64_t)(V) << (lo))

void fxt__gen_direct_init(gen *g)
{
    for (unsigned t = 0; t < NTEXTS; t++) {
        size_t n = strlen(fxt__gen_texts[t]);
        memcpy(g->text_pad[t], fxt__gen_texts[t], n); /* calloc'd: the padding is zero */
        g->text_len[t] = (uint8_t)n;
        g->text_words[t] = (uint8_t)((n + 7) / 8);
    }
    for (unsigned k = 0; k < NREAL_ARGS; k++) {
        unsigned type = fxt__gen_real_args[k];
        unsigned words = 1 + fxt_arg_value_words[type];
        direct_arg *a = &g->dargs[k];
        a->mask = fxt__gen_val_mask[FXT_GEN_REALISTIC][type];
        a->set = fxt__gen_val_set[FXT_GEN_REALISTIC][type];
        a->header = AT(FXT_ARG_TYPE, type) | AT(FXT_ARG_SIZE, words);
        a->hi = fxt_arg_hi_value[type];
        a->bytes = 8 * words;
        a->is_string = type == FXT_AT_STRING;
    }
}

/* str() of the realistic profile: the ref; *TEXT is the text of an inline
 * ref. */
static FXT__ALWAYS_INLINE uint64_t str_ref(const gen *g, rng *r, unsigned *text)
{
    uint32_t k = rng_draw(r, 50 * NSTRINGS);
    if (FXT__LIKELY(k >= NSTRINGS)) /* 49 in 50 */
        return 1 + (k & (NSTRINGS - 1));
    unsigned t = rng_draw(r, NTEXTS);
    *text = t;
    return FXT_STRREF_INLINE_FLAG | g->text_len[t];
}

/* The inline stream of text T at P (16 bytes copied, its words kept). */
static FXT__ALWAYS_INLINE uint8_t *put_text(const gen *g, uint8_t *p, unsigned t)
{
    memcpy(p, g->text_pad[t], TEXT_MAX);
    return p + 8 * g->text_words[t];
}

/* One argument of args() + arg() at P. */
static FXT__ALWAYS_INLINE uint8_t *put_arg(const gen *g, rng *r, uint8_t *p, int be)
{
    const direct_arg *a = &g->dargs[rng_draw(r, NREAL_ARGS)];
    unsigned nt = 0, vt = 0;
    uint64_t name = str_ref(g, r, &nt);
    uint64_t x = rng_word(r);
    x >>= x >> 58;
    uint64_t v = (x & a->mask) | a->set;
    uint64_t sref = 0;
    if (a->is_string)
        sref = str_ref(g, r, &vt);
    uint64_t h = a->header | AT(FXT_ARG_NAME, name) | AT(FXT_ARG_HI, ((uint32_t)v & a->hi) | sref);
    if (FXT__UNLIKELY((name | sref) & FXT_STRREF_INLINE_FLAG)) {
        /* streams after the header and after the value: a longer argument */
        uint8_t *q = p + 8;
        if (name & FXT_STRREF_INLINE_FLAG)
            q = put_text(g, q, nt);
        fxt_store_word(q, v, be); /* kept only if the type has a value word */
        q += a->bytes - 8;
        if (sref & FXT_STRREF_INLINE_FLAG)
            q = put_text(g, q, vt);
        h += AT(FXT_ARG_SIZE, (uint64_t)(q - p) / 8 - a->bytes / 8);
        fxt_store_word(p, h, be);
        return q;
    }
    fxt_store_word(p, h, be);
    fxt_store_word(p + 8, v, be); /* kept only if the type has a value word */
    return p + a->bytes;
}

/* args(): 0 to 4 arguments (at most MAX) at P; *ARGC: how many. */
static FXT__ALWAYS_INLINE uint8_t *put_args(const gen *g, rng *r, uint8_t *p, unsigned max, unsigned *argc,
                                    int be)
{
    unsigned n = rng_draw(r, 5);
    if (n > max)
        n = max;
    for (unsigned i = 0; i < n; i++)
        p = put_arg(g, r, p, be);
    *argc = n;
    return p;
}

/* thr() of the realistic profile (never inline there): the ref of thread
 * T. FF: thread index 0xff is registered as thread 0. */
static FXT__ALWAYS_INLINE uint64_t thread_ref(rng *r, unsigned t, int ff)
{
    if (FXT__UNLIKELY(ff) && t == 0 && rng_draw(r, 2))
        return 0xff;
    return t + 1;
}

/* An event at P: event() of type TYPE (thread T, DATA) or, when COMPLETE,
 * complete() (which draws its start, thread and end itself), after the
 * timestamp *TS. FF: thread index 0xff is registered as thread 0. */
static FXT__ALWAYS_INLINE uint8_t *put_event(const gen *g, rng *r, uint8_t *p, gen_ev e, uint64_t *ts,
                                     int ff, int complete, int be)
{
    uint64_t t = 0;
    if (complete) {
        t = *ts + 1 + rng_draw(r, 1000);
        e.thread = rng_draw(r, NTHREADS);
    }
    uint64_t thread = thread_ref(r, e.thread, ff);
    unsigned ct = 0, nt = 0;
    uint64_t cat = str_ref(g, r, &ct);
    uint64_t name = str_ref(g, r, &nt);
    if (complete)
        e.data = t + rng_below(r, 100000);
    else
        t = *ts + 1 + rng_draw(r, 1000);
    *ts = t;
    fxt_store_word(p + 8, t, be);
    uint8_t *q = p + 16;
    if (FXT__UNLIKELY((cat | name) & FXT_STRREF_INLINE_FLAG)) {
        if (cat & FXT_STRREF_INLINE_FLAG)
            q = put_text(g, q, ct);
        if (name & FXT_STRREF_INLINE_FLAG)
            q = put_text(g, q, nt);
    }
    unsigned n;
    q = put_args(g, r, q, e.maxargs, &n, be);
    fxt_store_word(q, e.data, be); /* kept only if the type has a data word */
    q += 8 * fxt_event_data_words[e.type];
    fxt_store_word(p,
                   AT(FXT_REC_TYPE, FXT_RT_EVENT) | AT(FXT_REC_SIZE, (uint64_t)(q - p) / 8) |
                       AT(FXT_EV_TYPE, e.type) | AT(FXT_EV_ARGC, n) | AT(FXT_EV_THREAD, thread) |
                       AT(FXT_EV_CATEGORY, cat) | AT(FXT_EV_NAME, name),
                   be);
    return q;
}

/* Where the loop is: output position, timestamp, random cursor. */
typedef struct direct_pos {
    uint8_t *p;
    uint64_t ts;
    rng r;
} direct_pos;

/* The realistic profile's records other than events and provider switches
 * (X in [REAL_FLOW, REAL_WAKEUP) of its draw in [0, 100)), as
 * fxt__gen_realistic_other() makes them through the model: a log message,
 * a kernel object, a userspace object, a blob, a context switch, a thread
 * wakeup. */
static FXT__ALWAYS_INLINE direct_pos put_other(const gen *g, direct_pos at, unsigned x, int ff, int be)
{
    rng *r = &at.r;
    uint8_t *p = at.p, *q;
    unsigned n, nt = 0;
    uint64_t h, name;
    if (x < REAL_LOG) { /* fxt__gen_log(g, 0) */
        uint64_t thread = thread_ref(r, rng_draw(r, NTHREADS), ff);
        at.ts += 1 + rng_draw(r, 100);
        unsigned t = rng_draw(r, NTEXTS);
        fxt_store_word(p + 8, at.ts, be);
        q = put_text(g, p + 16, t);
        h = AT(FXT_REC_TYPE, FXT_RT_LOG) | AT(FXT_LOG_LEN, g->text_len[t]) |
            AT(FXT_LOG_THREAD, thread);
    } else if (x < REAL_UOBJ) { /* fxt__gen_kobj(g), fxt__gen_uobj(g) */
        if (x < REAL_KOBJ) {
            unsigned koid_type = 1 + rng_draw(r, 30);
            name = str_ref(g, r, &nt);
            fxt_store_word(p + 8, 100000 + rng_draw(r, 1000), be);
            h = AT(FXT_REC_TYPE, FXT_RT_KERNEL_OBJECT) | AT(FXT_KOBJ_TYPE, koid_type) |
                AT(FXT_KOBJ_NAME, name);
        } else {
            uint64_t process = thread_ref(r, rng_draw(r, NTHREADS), ff);
            name = str_ref(g, r, &nt);
            fxt_store_word(p + 8, rng_word(r), be);
            h = AT(FXT_REC_TYPE, FXT_RT_USERSPACE) | AT(FXT_UOBJ_PROCESS, process) |
                AT(FXT_UOBJ_NAME, name);
        }
        q = p + 16;
        if (name & FXT_STRREF_INLINE_FLAG)
            q = put_text(g, q, nt);
        q = put_args(g, r, q, FXT_MAX_ARGS, &n, be);
        h |= x < REAL_KOBJ ? AT(FXT_KOBJ_ARGC, n) : AT(FXT_UOBJ_ARGC, n);
    } else if (x < REAL_BLOB) { /* fxt__gen_blob(g, 8 + rnd(g, 120)) */
        unsigned size = 8 + rng_draw(r, 120);
        unsigned type = 1 + rng_draw(r, 3);
        name = str_ref(g, r, &nt);
        q = p + 8;
        if (name & FXT_STRREF_INLINE_FLAG)
            q = put_text(g, q, nt);
        fxt_store_le64(q + 8 * ((size + 7) / 8 - 1), 0); /* the padding */
        memcpy(q, g->payload, size);
        q += 8 * ((size + 7) / 8);
        h = AT(FXT_REC_TYPE, FXT_RT_BLOB) | AT(FXT_BLOB_NAME, name) |
            (uint64_t)size << g->l->blob_size_lo | AT(FXT_BLOB_TYPE, type);
    } else { /* fxt__gen_sched(g, FXT_ST_CONTEXT_SWITCH or FXT_ST_THREAD_WAKEUP) */
        at.ts += 1 + rng_draw(r, 100);
        unsigned a = rng_draw(r, NTHREADS), b = rng_draw(r, NTHREADS);
        unsigned cpu = rng_draw(r, 65536);
        fxt_store_word(p + 8, at.ts, be);
        fxt_store_word(p + 16, tid_of(g->prov, a), be);
        if (x < REAL_CSW) {
            unsigned state = rng_draw(r, 6);
            fxt_store_word(p + 24, tid_of(g->prov, b), be);
            q = put_args(g, r, p + 32, FXT_MAX_ARGS, &n, be);
            h = AT(FXT_REC_TYPE, FXT_RT_SCHEDULING) | AT(FXT_SCHED_TYPE, FXT_ST_CONTEXT_SWITCH) |
                AT(FXT_CSW_ARGC, n) | AT(FXT_CSW_CPU, cpu) | AT(FXT_CSW_STATE, state);
        } else {
            q = put_args(g, r, p + 24, FXT_MAX_ARGS, &n, be);
            h = AT(FXT_REC_TYPE, FXT_RT_SCHEDULING) | AT(FXT_SCHED_TYPE, FXT_ST_THREAD_WAKEUP) |
                AT(FXT_WAKE_ARGC, n) | AT(FXT_WAKE_CPU, cpu);
        }
    }
    fxt_store_word(p, h | AT(FXT_REC_SIZE, (uint64_t)(q - p) / 8), be);
    at.p = q;
    return at;
}

/* The loop's state, out of locals into G (before anything that reads or
 * changes it there) and back. */
#define SAVE() (g->r = r, g->w.len = (size_t)(p - g->w.buf), g->ts = ts, g->left = left)
#define LOAD() (r = g->r, p = g->w.buf + g->w.len, ts = g->ts, left = g->left)

static FXT__ALWAYS_INLINE void run(gen *g, int be)
{
    rng r = g->r;
    uint8_t *p = g->w.buf + g->w.len;
    uint8_t *const lim = g->w.buf + g->w.cap - ROOM;
    uint64_t ts = g->ts, left = g->left;
    int ff = g->has_ff[g->prov];
    uint64_t open = (uint64_t)g->nasync + g->nflows + g->ndur;
    /* what realistic_step() of gen.c does, while the budget is more than the
     * ends of what is open (gen.c closes it) */
    while (left > open + REAL_MARGIN) {
        if (FXT__UNLIKELY(p > lim)) {
            SAVE();
            fxt__gen_flush(g);
            if (g->err)
                return;
            LOAD();
        }
        rng_reserve(&r);
        unsigned x = fxt__gen_real_pick(g->omit, rng_draw(&r, 100));
        gen_ev e;
        if (x < REAL_DURATION)
            e = choose_duration(g, &r);
        else if (x < REAL_COMPLETE) {
            e = (gen_ev){FXT_ET_DURATION_COMPLETE, 0, 4, 0, 0};
            p = put_event(g, &r, p, e, &ts, ff, 1, be);
            left--;
            continue;
        } else if (x < REAL_INSTANT)
            e = (gen_ev){FXT_ET_INSTANT, rng_draw(&r, NTHREADS), 4, 0, 0};
        else if (x < REAL_COUNTER)
            e = choose_counter(&r);
        else if (x < REAL_ASYNC)
            e = choose_async(g, &r);
        else if (x < REAL_FLOW)
            e = choose_flow(g, &r);
        else if (x < REAL_WAKEUP) {
            direct_pos at = put_other(g, (direct_pos){p, ts, r}, x, ff, be);
            p = at.p, ts = at.ts, r = at.r;
            left--;
            continue;
        } else if (FXT__LIKELY(g->nprov == NPROV_REAL)) { /* fxt__gen_switch_provider(g) */
            g->prov ^= 1;
            fxt_store_word(p,
                           AT(FXT_REC_TYPE, FXT_RT_METADATA) | AT(FXT_REC_SIZE, 1) |
                               AT(FXT_META_TYPE, FXT_MT_PROVIDER_SECTION) |
                               AT(FXT_META_PROVIDER_ID, provider_id_of(g->prov)),
                           be);
            p += 8;
            ff = g->has_ff[g->prov];
            left--;
            continue;
        } else { /* the second provider's introduction, through the model */
            SAVE();
            fxt__gen_switch_provider(g);
            if (g->err)
                return;
            LOAD();
            ff = g->has_ff[g->prov];
            continue;
        }
        p = put_event(g, &r, p, e, &ts, ff, 0, be);
        open += (uint64_t)(int64_t)e.opened;
        left--;
    }
    SAVE();
}

/* One copy of the loop per byte order, so that stores do not select
 * between them word by word. */
static void run_le(gen *g) { run(g, 0); }
static void run_be(gen *g) { run(g, 1); }

void fxt__gen_direct_run(gen *g)
{
    if (g->w.big_endian)
        run_be(g);
    else
        run_le(g);
}

void fxt__gen_direct_event(gen *g, unsigned type, unsigned t, uint64_t data, unsigned maxargs)
{
    if (g->err)
        return;
    if (g->w.cap - g->w.len < ROOM)
        fxt__gen_flush(g);
    gen_ev e = {type, t, maxargs, data, 0};
    rng r = g->r;
    rng_reserve(&r);
    uint8_t *p = g->w.buf + g->w.len;
    p = put_event(g, &r, p, e, &g->ts, g->has_ff[g->prov], type == FXT_ET_DURATION_COMPLETE,
                  g->w.big_endian);
    g->w.len = (size_t)(p - g->w.buf);
    g->r = r;
    if (g->left)
        g->left--;
}
