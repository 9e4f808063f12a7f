/* SPDX-License-Identifier: MIT */
/*
 * golden_tb.h - the trace builder of the golden corpus's hand-assembled
 * valid vectors (golden_records.c, golden_events.c): a writer, a running
 * timestamp, record and argument helpers on the reference encoder (static
 * inline), and the prologue every vector starts with. Internal to the
 * generator library.
 */
#ifndef FXT_GOLDEN_TB_H
#define FXT_GOLDEN_TB_H

#include <stdlib.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"

typedef struct tb {
    uint8_t *buf;
    fxt_writer w;
    int err;
    const char *what; /* vector being built (for error messages) */
    const char *desc; /* what it holds, for the manifest: set by its builder */
    uint64_t ts;      /* running timestamp */
    char errmsg[200]; /* why err was set */
} tb;

static inline void put(tb *t, const fxt_record *r)
{
    if (t->err)
        return;
    fxt_enc_result rc = fxt_encode_record(&t->w, r);
    if (rc != FXT_ENC_OK) {
        snprintf(t->errmsg, sizeof t->errmsg, "%s: cannot encode a record of type %u: %s",
                 t->what, r->type, fxt_enc_strerror(rc));
        t->err = 1;
    }
}

static inline void rec(fxt_record *r, unsigned type)
{
    memset(r, 0, sizeof *r);
    r->type = type;
}

static inline uint64_t tick(tb *t) { return t->ts += 1000; }

static inline void magic(tb *t)
{
    if (!t->err && fxt_encode_magic(&t->w) != FXT_ENC_OK) {
        snprintf(t->errmsg, sizeof t->errmsg, "%s: cannot encode the magic record", t->what);
        t->err = 1;
    }
}

static inline void init_rec(tb *t, uint64_t ticks)
{
    fxt_record r;
    rec(&r, FXT_RT_INIT);
    r.u.ticks_per_second = ticks;
    put(t, &r);
}

static inline void provider_info(tb *t, uint32_t id, const char *name)
{
    fxt_record r;
    rec(&r, FXT_RT_METADATA);
    r.u.meta.meta_type = FXT_MT_PROVIDER_INFO;
    r.u.meta.provider_id = id;
    r.u.meta.name.data = name;
    r.u.meta.name.len = strlen(name);
    put(t, &r);
}

static inline void provider_section(tb *t, uint32_t id)
{
    fxt_record r;
    rec(&r, FXT_RT_METADATA);
    r.u.meta.meta_type = FXT_MT_PROVIDER_SECTION;
    r.u.meta.provider_id = id;
    put(t, &r);
}

static inline void string_n(tb *t, unsigned index, const char *s, size_t len)
{
    fxt_record r;
    rec(&r, FXT_RT_STRING);
    r.u.string.index = index;
    r.u.string.data = s;
    r.u.string.len = len;
    put(t, &r);
}

static inline void string_rec(tb *t, unsigned index, const char *s) { string_n(t, index, s, strlen(s)); }

static inline void thread_rec(tb *t, unsigned index, uint64_t pid, uint64_t tid)
{
    fxt_record r;
    rec(&r, FXT_RT_THREAD);
    r.u.thread.index = index;
    r.u.thread.pid = pid;
    r.u.thread.tid = tid;
    put(t, &r);
}

/* The string table of prologue() */
enum {
    S_GFX = 1, S_FRAME, S_PRESENT, S_COUNT, S_BYTES, S_LABEL, S_PROCESS, S_WEIGHT,
    S_IN_WEIGHT, S_OUT_WEIGHT, S_FRAME_PNG, S_VALUE, S_NSTR
};
static const char *const k_strings[S_NSTR] = {
    NULL,     "gfx",    "Frame",           "Present",         "count",     "bytes", "label",
    "process", "weight", "incoming_weight", "outgoing_weight", "frame.png", "value"};
/* Threads of prologue(): index -> koids */
#define T1_PID 1000u
#define T1_TID 1001u
#define T2_PID 1000u
#define T2_TID 1002u
#define T3_PID 2000u
#define T3_TID 2001u

/* Magic, initialization, provider 1 "golden", strings 1..12, threads 1..3. */
static inline void prologue(tb *t)
{
    magic(t);
    init_rec(t, 1000000000u);
    provider_info(t, 1, "golden");
    for (unsigned i = 1; i < S_NSTR; i++)
        string_rec(t, i, k_strings[i]);
    thread_rec(t, 1, T1_PID, T1_TID);
    thread_rec(t, 2, T2_PID, T2_TID);
    thread_rec(t, 3, T3_PID, T3_TID);
}

static inline fxt_record event(tb *t, unsigned etype, fxt_thread th, fxt_str cat, fxt_str name,
                        uint64_t data)
{
    fxt_record r;
    rec(&r, FXT_RT_EVENT);
    r.u.event.event_type = etype;
    r.u.event.thread = th;
    r.u.event.category = cat;
    r.u.event.name = name;
    r.u.event.timestamp = tick(t);
    r.u.event.data = data;
    return r;
}

/* An event on an indexed thread with indexed category and name. */
static inline void ev(tb *t, unsigned etype, unsigned thread, unsigned name, uint64_t data)
{
    fxt_record r = event(t, etype, fxt_thread_indexed((uint8_t)thread), fxt_str_indexed(S_GFX),
                         fxt_str_indexed((uint16_t)name), data);
    put(t, &r);
}

static inline fxt_arg a_i32(unsigned name, int32_t v)
{
    fxt_arg a;
    memset(&a, 0, sizeof a);
    a.type = FXT_AT_INT32;
    a.name = fxt_str_indexed((uint16_t)name);
    a.v.i32 = v;
    return a;
}

static inline fxt_arg a_u64(unsigned type, fxt_str name, uint64_t v)
{
    fxt_arg a;
    memset(&a, 0, sizeof a);
    a.type = type;
    a.name = name;
    a.v.u64 = v;
    return a;
}

static inline fxt_arg a_str(fxt_str name, fxt_str value)
{
    fxt_arg a;
    memset(&a, 0, sizeof a);
    a.type = FXT_AT_STRING;
    a.name = name;
    a.str = value;
    return a;
}

/* Instant event on thread 1 carrying the arguments A[0..n). */
static inline void instant_args(tb *t, const fxt_arg *a, unsigned n)
{
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_indexed(1), fxt_str_indexed(S_GFX),
                         fxt_str_indexed(S_VALUE), 0);
    for (unsigned i = 0; i < n; i++)
        r.args[i] = a[i];
    r.argc = n;
    put(t, &r);
}

/* N bytes of text (a, b, c, ...) or of a binary pattern, malloc'd; NULL
 * after recording the failure in T. */
static inline uint8_t *filled(tb *t, size_t n, int text)
{
    uint8_t *p = malloc(n ? n : 1);
    if (p == NULL) {
        snprintf(t->errmsg, sizeof t->errmsg, "%s: out of memory", t->what);
        t->err = 1;
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        p[i] = text ? (uint8_t)('a' + i % 26) : (uint8_t)(i * 131u + 7u);
    return p;
}

/* A large blob record without metadata (format 1), indexed refs, payload P
 * of N bytes. */
static inline void large_nometa(tb *t, const uint8_t *p, size_t n)
{
    fxt_record r;
    rec(&r, FXT_RT_LARGE);
    r.large_type = FXT_LT_BLOB;
    r.u.blob.format = FXT_LBF_NO_METADATA;
    r.u.blob.category = fxt_str_indexed(S_GFX);
    r.u.blob.name = fxt_str_indexed(S_FRAME_PNG);
    r.u.blob.payload = p;
    r.u.blob.payload_size = n;
    put(t, &r);
}

/* The valid vectors, one function each: they write into T (T->err and
 * T->errmsg on failure) and say what they hold in T->desc (the manifest's
 * description, next to the code it describes). Listed, with names and
 * sections, in golden.c. */
void fxt__gv_minimal(tb *t);
void fxt__gv_metadata(tb *t);
void fxt__gv_init(tb *t);
void fxt__gv_strings(tb *t);
void fxt__gv_string_max(tb *t);
void fxt__gv_threads(tb *t);
void fxt__gv_blob(tb *t);
void fxt__gv_userspace(tb *t);
void fxt__gv_kernel_object(tb *t);
void fxt__gv_sched_legacy(tb *t);
void fxt__gv_sched_cs(tb *t);
void fxt__gv_sched_wakeup(tb *t);
void fxt__gv_log(tb *t);
void fxt__gv_large_blob_meta(tb *t);
void fxt__gv_large_blob_nometa(tb *t);
void fxt__gv_max_record(tb *t);
void fxt__gv_large_4095(tb *t);
void fxt__gv_large_4096(tb *t);
void fxt__gv_large_8000(tb *t);
void fxt__gv_largest_arg(tb *t);
void fxt__gv_inline_name_max(tb *t);
void fxt__gv_inline_string_15bit(tb *t, size_t *at);
void fxt__gv_event_instant(tb *t);
void fxt__gv_event_counter(tb *t);
void fxt__gv_event_duration(tb *t);
void fxt__gv_event_complete(tb *t);
void fxt__gv_event_async(tb *t);
void fxt__gv_event_flow(tb *t);
void fxt__gv_arg_null(tb *t);
void fxt__gv_arg_int32(tb *t);
void fxt__gv_arg_uint32(tb *t);
void fxt__gv_arg_int64(tb *t);
void fxt__gv_arg_uint64(tb *t);
void fxt__gv_arg_double(tb *t);
void fxt__gv_arg_string(tb *t);
void fxt__gv_arg_pointer(tb *t);
void fxt__gv_arg_koid(tb *t);
void fxt__gv_arg_bool(tb *t);

/* The word-aligned truncations (golden_truncated.c): each writes a trace
 * into T whose last record, starting at *AT, runs past the end of its
 * first *LEN bytes (a whole number of words); DESC says what it is. */
typedef struct fxt__trunc_def {
    const char *name;
    void (*fn)(tb *t, size_t *at, size_t *len, char *desc, size_t desclen);
} fxt__trunc_def;
extern const fxt__trunc_def fxt__k_truncated[];
extern const size_t fxt__n_truncated;

#endif
