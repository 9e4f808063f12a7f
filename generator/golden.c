/*
 * golden.c - fxt-gen golden DIR: the golden corpus.
 *
 *   DIR/valid/    conforming, warning-free traces: one small hand-assembled
 *                 trace per record type, subtype and argument type (built with
 *                 the reference encoder), boundary cases (largest record,
 *                 longest string), realistic and coverage-profile random
 *                 traces, and big-endian twins (-be) of them
 *   DIR/invalid/  one trace per error rule (the violate generator, fixed seed),
 *                 and its big-endian twin where one can exist
 *   DIR/warn/     the same for the warning rules
 *   DIR/manifest.json  path, sha256, size, verdict, expected issues (rule and
 *                 record offset, known from construction), spec section, byte
 *                 order and a description of every vector
 *   DIR/sample.fxt     a realistic conforming trace for the quick start
 *
 * Deterministic: the same fxtkit sources give the same bytes on every run and
 * platform (the manifest included). The validator is never consulted.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "fxt/gen.h"
#include "fxt/rules.h"
#include "gen_tool.h"
#include "sha256.h"

/* violate.c */
int violate_build(unsigned rule, uint64_t seed, int big_endian, uint64_t base_records,
                  uint8_t **out, size_t *len, uint64_t *offset, char *desc, size_t desclen,
                  char *err, size_t errlen);

/* Seed and base size of the invalid/warn vectors. */
#define VIOLATE_SEED 1u
#define VIOLATE_BASE_RECORDS 100u
/* Coverage-profile vectors: records asked for, and the largest size kept
 * (larger traces hold the 40-70 KB large blobs; the next seed is tried). */
#define COVERAGE_RECORDS 125u
#define COVERAGE_MAX_BYTES (16u * 1024u)

#define TB_CAP ((size_t)1 << 18)
#define MAX_ISSUES 2

typedef enum verdict { V_VALID, V_INVALID, V_WARN } verdict;
static const char *const k_verdict[] = {"valid", "invalid", "warn"};

typedef struct vec {
    char path[96];
    uint8_t *data;
    size_t len;
    verdict verdict;
    unsigned rules[MAX_ISSUES];
    uint64_t offs[MAX_ISSUES];
    unsigned nissues;
    char section[112];
    int be;
    char desc[320];
} vec;

typedef struct corpus {
    vec *v;
    size_t n, cap;
    int err;
} corpus;

static vec *add_vec(corpus *c)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 64;
        vec *n = realloc(c->v, cap * sizeof *n);
        if (n == NULL) {
            c->err = 1;
            return NULL;
        }
        c->v = n, c->cap = cap;
    }
    vec *v = &c->v[c->n++];
    memset(v, 0, sizeof *v);
    return v;
}

/* ---- trace builder ----------------------------------------------------------- */

typedef struct tb {
    uint8_t *buf;
    fxt_writer w;
    int err;
    const char *what; /* vector being built (for error messages) */
    uint64_t ts;      /* running timestamp */
} tb;

static void put(tb *t, const fxt_record *r)
{
    if (t->err)
        return;
    fxt_enc_result rc = fxt_encode_record(&t->w, r);
    if (rc != FXT_ENC_OK) {
        fprintf(stderr, "fxt-gen golden: %s: cannot encode a record of type %u: %s\n", t->what,
                r->type, fxt_enc_strerror(rc));
        t->err = 1;
    }
}

static void rec(fxt_record *r, unsigned type)
{
    memset(r, 0, sizeof *r);
    r->type = type;
}

static uint64_t tick(tb *t) { return t->ts += 1000; }

static void magic(tb *t)
{
    if (!t->err && fxt_encode_magic(&t->w) != FXT_ENC_OK)
        t->err = 1;
}

static void init_rec(tb *t, uint64_t ticks)
{
    fxt_record r;
    rec(&r, FXT_RT_INIT);
    r.u.ticks_per_second = ticks;
    put(t, &r);
}

static void provider_info(tb *t, uint32_t id, const char *name)
{
    fxt_record r;
    rec(&r, FXT_RT_METADATA);
    r.u.meta.meta_type = FXT_MT_PROVIDER_INFO;
    r.u.meta.provider_id = id;
    r.u.meta.name.data = name;
    r.u.meta.name.len = strlen(name);
    put(t, &r);
}

static void provider_section(tb *t, uint32_t id)
{
    fxt_record r;
    rec(&r, FXT_RT_METADATA);
    r.u.meta.meta_type = FXT_MT_PROVIDER_SECTION;
    r.u.meta.provider_id = id;
    put(t, &r);
}

static void string_n(tb *t, unsigned index, const char *s, size_t len)
{
    fxt_record r;
    rec(&r, FXT_RT_STRING);
    r.u.string.index = index;
    r.u.string.data = s;
    r.u.string.len = len;
    put(t, &r);
}

static void string_rec(tb *t, unsigned index, const char *s) { string_n(t, index, s, strlen(s)); }

static void thread_rec(tb *t, unsigned index, uint64_t pid, uint64_t tid)
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
static void prologue(tb *t)
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

static fxt_record event(tb *t, unsigned etype, fxt_thread th, fxt_str cat, fxt_str name,
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
static void ev(tb *t, unsigned etype, unsigned thread, unsigned name, uint64_t data)
{
    fxt_record r = event(t, etype, fxt_thread_indexed((uint8_t)thread), fxt_str_indexed(S_GFX),
                         fxt_str_indexed((uint16_t)name), data);
    put(t, &r);
}

static fxt_arg a_i32(unsigned name, int32_t v)
{
    fxt_arg a;
    memset(&a, 0, sizeof a);
    a.type = FXT_AT_INT32;
    a.name = fxt_str_indexed((uint16_t)name);
    a.v.i32 = v;
    return a;
}

static fxt_arg a_u64(unsigned type, fxt_str name, uint64_t v)
{
    fxt_arg a;
    memset(&a, 0, sizeof a);
    a.type = type;
    a.name = name;
    a.v.u64 = v;
    return a;
}

static fxt_arg a_str(fxt_str name, fxt_str value)
{
    fxt_arg a;
    memset(&a, 0, sizeof a);
    a.type = FXT_AT_STRING;
    a.name = name;
    a.str = value;
    return a;
}

/* Instant event on thread 1 carrying the arguments A[0..n). */
static void instant_args(tb *t, const fxt_arg *a, unsigned n)
{
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_indexed(1), fxt_str_indexed(S_GFX),
                         fxt_str_indexed(S_VALUE), 0);
    for (unsigned i = 0; i < n; i++)
        r.args[i] = a[i];
    r.argc = n;
    put(t, &r);
}

/* ---- valid vectors ----------------------------------------------------------------- */

static void t_minimal(tb *t) { magic(t); }

static void t_metadata(tb *t)
{
    magic(t);
    /* records before any provider record: the implicit provider */
    string_rec(t, 1, "implicit");
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(10, 11), fxt_str_indexed(1),
                         fxt_str_indexed(1), 0);
    put(t, &r);
    provider_info(t, 1, "alpha");
    string_rec(t, 1, "alpha");
    thread_rec(t, 1, 100, 101);
    ev(t, FXT_ET_INSTANT, 1, 1, 0);
    provider_info(t, 0xffffffffu, "b\xc3\xa9ta");
    string_rec(t, 1, "beta");
    string_rec(t, 2, "only-in-beta");
    thread_rec(t, 1, 200, 201);
    ev(t, FXT_ET_INSTANT, 1, 2, 0);
    /* back to alpha: its table (index 2 is not registered there) */
    provider_section(t, 1);
    ev(t, FXT_ET_INSTANT, 1, 1, 0);
    fxt_record pe;
    rec(&pe, FXT_RT_METADATA);
    pe.u.meta.meta_type = FXT_MT_PROVIDER_EVENT;
    pe.u.meta.provider_id = 1;
    pe.u.meta.event_id = FXT_PEVENT_BUFFER_FULL;
    put(t, &pe);
    provider_section(t, 0xffffffffu);
    ev(t, FXT_ET_INSTANT, 1, 2, 0);
    /* a provider with an empty name and no tables: inline refs only */
    provider_info(t, 7, "");
    r = event(t, FXT_ET_INSTANT, fxt_thread_inline(300, 301), fxt_str_cstr("cat"),
              fxt_str_cstr("no tables"), 0);
    put(t, &r);
}

static void t_init(tb *t)
{
    magic(t);
    init_rec(t, 1000000000u);
    provider_info(t, 1, "golden");
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(1, 2), fxt_str_cstr("init"),
                         fxt_str_cstr("ns ticks"), 0);
    put(t, &r);
    init_rec(t, 1);
    r = event(t, FXT_ET_INSTANT, fxt_thread_inline(1, 2), fxt_str_cstr("init"),
              fxt_str_cstr("1 tick per second"), 0);
    put(t, &r);
    init_rec(t, UINT64_MAX);
    r = event(t, FXT_ET_INSTANT, fxt_thread_inline(1, 2), fxt_str_cstr("init"),
              fxt_str_cstr("2^64-1 ticks per second"), 0);
    put(t, &r);
}

static void t_strings(tb *t)
{
    static const struct {
        unsigned index;
        const char *s;
    } k[] = {{1, "a"},
             {2, "seven77"},
             {3, "abcdefgh"},
             {4, "nine-byte"},
             {5, "caf\xc3\xa9"},
             {6, "\xe2\x9c\x93 check"},
             {7, "\xf0\x9d\x84\x9e clef"},
             {0x7fff, "largest index"}};
    magic(t);
    init_rec(t, 1000000000u);
    provider_info(t, 1, "golden");
    for (unsigned i = 0; i < sizeof k / sizeof *k; i++)
        string_rec(t, k[i].index, k[i].s);
    for (unsigned i = 0; i < sizeof k / sizeof *k; i++) {
        fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(1, 2), fxt_str_indexed(1),
                             fxt_str_indexed((uint16_t)k[i].index), 0);
        put(t, &r);
    }
    string_rec(t, 1, "replaced"); /* re-registration replaces the entry */
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(1, 2), fxt_str_indexed(1),
                         fxt_str_indexed(1), 0);
    put(t, &r);
}

static char *lorem(size_t len)
{
    static const char k[] = "lorem ipsum dolor sit amet, consectetur adipiscing elit. ";
    char *s = malloc(len ? len : 1);
    if (s != NULL)
        for (size_t i = 0; i < len; i++)
            s[i] = k[i % (sizeof k - 1)];
    return s;
}

static void t_string_max(tb *t)
{
    char *s = lorem(FXT_MAX_STRING_LEN);
    if (s == NULL) {
        t->err = 1;
        return;
    }
    magic(t);
    init_rec(t, 1000000000u);
    provider_info(t, 1, "golden");
    string_n(t, 1, s, FXT_MAX_STRING_LEN);
    string_rec(t, 2, "gfx");
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(1, 2), fxt_str_indexed(2),
                         fxt_str_indexed(1), 0);
    put(t, &r);
    free(s);
}

static void t_threads(tb *t)
{
    magic(t);
    init_rec(t, 1000000000u);
    provider_info(t, 1, "golden");
    string_rec(t, 1, "gfx");
    thread_rec(t, 1, 1000, 1001);
    thread_rec(t, 2, 1000, 1002);
    thread_rec(t, 255, UINT64_MAX, UINT64_MAX - 1);
    thread_rec(t, 7, 0, 0);
    static const unsigned k[] = {1, 2, 255, 7};
    for (unsigned i = 0; i < 4; i++)
        ev(t, FXT_ET_INSTANT, k[i], 1, 0);
    thread_rec(t, 1, 3000, 3001); /* re-registration replaces the entry */
    ev(t, FXT_ET_INSTANT, 1, 1, 0);
}

static void t_event_instant(tb *t)
{
    prologue(t);
    ev(t, FXT_ET_INSTANT, 1, S_FRAME, 0);
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(4000, 4001),
                         fxt_str_cstr("inline-cat"), fxt_str_cstr("abcdefgh"), 0);
    put(t, &r);
    /* empty refs: 0, and an inline string of length 0 (0x8000) */
    r = event(t, FXT_ET_INSTANT, fxt_thread_indexed(2), fxt_str_indexed(0), fxt_str_indexed(0), 0);
    put(t, &r);
    r = event(t, FXT_ET_INSTANT, fxt_thread_indexed(3), fxt_str_inline("", 0),
              fxt_str_cstr("\xe2\x9c\x93 done"), 0);
    put(t, &r);
    /* the largest argument count, every argument type */
    fxt_arg a[FXT_MAX_ARGS];
    for (unsigned i = 0; i < FXT_MAX_ARGS; i++) {
        unsigned type = i % FXT_AT_COUNT;
        a[i] = a_u64(type, fxt_str_indexed((uint16_t)(1 + i % (S_NSTR - 1))), 1000 + i);
        if (type == FXT_AT_STRING)
            a[i].str = fxt_str_indexed(S_LABEL);
        if (type == FXT_AT_BOOL)
            a[i].v.b = (int)(i & 1);
        if (type == FXT_AT_INT32 || type == FXT_AT_UINT32)
            a[i].v.u64 = 0, a[i].v.u32 = 7 * i;
    }
    instant_args(t, a, FXT_MAX_ARGS);
}

static void t_event_counter(tb *t)
{
    prologue(t);
    static const uint64_t ids[] = {0, 1, UINT64_MAX};
    for (unsigned i = 0; i < 3; i++) {
        fxt_record r = event(t, FXT_ET_COUNTER, fxt_thread_indexed(1), fxt_str_indexed(S_GFX),
                             fxt_str_indexed(S_COUNT), ids[i]);
        r.args[0] = a_u64(FXT_AT_INT64, fxt_str_indexed(S_BYTES), (uint64_t)(int64_t)(-1000 * (int)i));
        r.args[1] = a_u64(FXT_AT_DOUBLE, fxt_str_cstr("ratio"), 0x3fe0000000000000ull);
        r.argc = i == 0 ? 0 : 2;
        put(t, &r);
    }
}

static void t_event_duration(tb *t)
{
    prologue(t);
    ev(t, FXT_ET_DURATION_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 1, S_PRESENT, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 2, S_FRAME, 0);
    ev(t, FXT_ET_DURATION_END, 1, S_PRESENT, 0);
    ev(t, FXT_ET_DURATION_END, 2, S_FRAME, 0);
    /* the end names the same thread by inline koids: matched by koids */
    fxt_record r = event(t, FXT_ET_DURATION_END, fxt_thread_inline(T1_PID, T1_TID),
                         fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME), 0);
    r.args[0] = a_i32(S_COUNT, 3);
    r.argc = 1;
    put(t, &r);
    r = event(t, FXT_ET_DURATION_BEGIN, fxt_thread_inline(5000, 5001), fxt_str_cstr("inline"),
              fxt_str_cstr("work"), 0);
    put(t, &r);
    r = event(t, FXT_ET_DURATION_END, fxt_thread_inline(5000, 5001), fxt_str_cstr("inline"),
              fxt_str_cstr("work"), 0);
    put(t, &r);
}

static void t_event_complete(tb *t)
{
    prologue(t);
    fxt_record r = event(t, FXT_ET_DURATION_COMPLETE, fxt_thread_indexed(1),
                         fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME), 0);
    r.u.event.data = r.u.event.timestamp + 16666667u;
    put(t, &r);
    r = event(t, FXT_ET_DURATION_COMPLETE, fxt_thread_inline(6000, 6001), fxt_str_cstr("gfx"),
              fxt_str_cstr("zero length"), 0);
    r.u.event.data = r.u.event.timestamp; /* end == start */
    r.args[0] = a_i32(S_COUNT, -1);
    r.argc = 1;
    put(t, &r);
}

static void t_event_async(tb *t)
{
    prologue(t);
    ev(t, FXT_ET_ASYNC_BEGIN, 1, S_FRAME, 1);
    ev(t, FXT_ET_ASYNC_INSTANT, 2, S_FRAME, 1); /* thread 2: same process */
    ev(t, FXT_ET_ASYNC_BEGIN, 3, S_PRESENT, 2); /* id 2 in process 2000 */
    ev(t, FXT_ET_ASYNC_BEGIN, 1, S_PRESENT, 2); /* and in process 1000 */
    ev(t, FXT_ET_ASYNC_END, 2, S_FRAME, 1);
    ev(t, FXT_ET_ASYNC_END, 3, S_PRESENT, 2);
    ev(t, FXT_ET_ASYNC_END, 1, S_PRESENT, 2);
    ev(t, FXT_ET_ASYNC_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_ASYNC_END, 1, S_FRAME, 0);
    ev(t, FXT_ET_ASYNC_BEGIN, 2, S_FRAME, UINT64_MAX);
    ev(t, FXT_ET_ASYNC_INSTANT, 2, S_FRAME, UINT64_MAX);
    ev(t, FXT_ET_ASYNC_END, 2, S_FRAME, UINT64_MAX);
}

static void t_event_flow(tb *t)
{
    prologue(t);
    ev(t, FXT_ET_DURATION_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_FLOW_BEGIN, 1, S_FRAME, 5);
    ev(t, FXT_ET_DURATION_END, 1, S_FRAME, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 2, S_PRESENT, 0);
    ev(t, FXT_ET_FLOW_STEP, 2, S_PRESENT, 5);
    ev(t, FXT_ET_DURATION_END, 2, S_PRESENT, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 3, S_PRESENT, 0);
    ev(t, FXT_ET_FLOW_END, 3, S_PRESENT, 5);
    ev(t, FXT_ET_DURATION_END, 3, S_PRESENT, 0);
    ev(t, FXT_ET_FLOW_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_FLOW_BEGIN, 1, S_FRAME, UINT64_MAX);
    ev(t, FXT_ET_FLOW_END, 2, S_FRAME, 0);
    ev(t, FXT_ET_FLOW_END, 2, S_FRAME, UINT64_MAX);
}

static const uint8_t k_payload[128] = {
    0x00, 0xff, 0xfe, 0x80, 0xc0, 0x01, 0x7f, 0xed, 0xa0, 0x80, 0x10, 0x20, 0x30, 0x40, 0x50,
    0x60, 1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,
    15,   16,   'b',  'l',  'o',  'b',  0,    0,    0,    1};

static void blob_rec(tb *t, unsigned type, fxt_str name, size_t n)
{
    fxt_record r;
    rec(&r, FXT_RT_BLOB);
    r.u.blob.blob_type = type;
    r.u.blob.name = name;
    r.u.blob.payload_size = n;
    r.u.blob.payload = k_payload;
    put(t, &r);
}

static void t_blob(tb *t)
{
    prologue(t);
    blob_rec(t, FXT_BT_DATA, fxt_str_indexed(S_FRAME_PNG), 0);
    blob_rec(t, FXT_BT_LAST_BRANCH, fxt_str_cstr("lbr"), 1);
    blob_rec(t, FXT_BT_PERFETTO, fxt_str_cstr("perfetto"), 8);
    /* payloads are binary: bytes that are not UTF-8 are fine */
    blob_rec(t, FXT_BT_DATA, fxt_str_indexed(S_FRAME_PNG), 13);
}

static void t_userspace(tb *t)
{
    prologue(t);
    fxt_record r;
    rec(&r, FXT_RT_USERSPACE);
    r.u.object.process = fxt_thread_indexed(1);
    r.u.object.name = fxt_str_indexed(S_LABEL);
    r.u.object.id = 0x00007f12deadbeefull;
    r.args[0] = a_str(fxt_str_indexed(S_LABEL), fxt_str_cstr("widget"));
    r.args[1] = a_u64(FXT_AT_POINTER, fxt_str_cstr("parent"), 0x00007f12deadbe00ull);
    r.argc = 2;
    put(t, &r);
    rec(&r, FXT_RT_USERSPACE);
    r.u.object.process = fxt_thread_inline(4242, 0); /* a process ref: one koid */
    r.u.object.name = fxt_str_cstr("obj");
    r.u.object.id = 0;
    put(t, &r);
}

static void t_kernel_object(tb *t)
{
    prologue(t);
    fxt_record r;
    rec(&r, FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 1; /* ZX_OBJ_TYPE_PROCESS */
    r.u.object.name = fxt_str_cstr("compositor-proc");
    r.u.object.id = T1_PID;
    put(t, &r);
    rec(&r, FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 2; /* ZX_OBJ_TYPE_THREAD */
    r.u.object.name = fxt_str_indexed(S_FRAME);
    r.u.object.id = T1_TID;
    r.args[0] = a_u64(FXT_AT_KOID, fxt_str_indexed(S_PROCESS), T1_PID);
    r.argc = 1;
    put(t, &r);
    rec(&r, FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 4; /* ZX_OBJ_TYPE_CHANNEL */
    r.u.object.name = fxt_str_indexed(0);
    r.u.object.id = UINT64_MAX;
    r.args[0] = a_i32(S_COUNT, 2);
    r.args[1] = a_str(fxt_str_cstr("peer"), fxt_str_cstr("svc"));
    r.args[2] = a_u64(FXT_AT_UINT64, fxt_str_indexed(S_BYTES), 4096);
    r.argc = 3;
    put(t, &r);
}

static void sched(tb *t, unsigned type, unsigned cpu, unsigned state, fxt_thread out,
                  fxt_thread in, unsigned op, unsigned ip, const fxt_arg *a, unsigned n)
{
    fxt_record r;
    rec(&r, FXT_RT_SCHEDULING);
    r.u.sched.sched_type = type;
    r.u.sched.cpu = cpu;
    r.u.sched.state = state;
    r.u.sched.timestamp = tick(t);
    r.u.sched.out = out;
    r.u.sched.in = in;
    r.u.sched.out_prio = op;
    r.u.sched.in_prio = ip;
    for (unsigned i = 0; i < n; i++)
        r.args[i] = a[i];
    r.argc = n;
    put(t, &r);
}

static void t_sched_legacy(tb *t)
{
    prologue(t);
    static const unsigned states[] = {FXT_TS_NEW, FXT_TS_SUSPENDED, FXT_TS_BLOCKED, FXT_TS_DYING,
                                      FXT_TS_DEAD};
    for (unsigned i = 0; i < 5; i++)
        sched(t, FXT_ST_LEGACY_CONTEXT_SWITCH, i == 4 ? 255 : i, states[i],
              fxt_thread_indexed((uint8_t)(1 + i % 3)), fxt_thread_indexed((uint8_t)(1 + (i + 1) % 3)),
              i * 60, 255 - i * 60, NULL, 0);
    sched(t, FXT_ST_LEGACY_CONTEXT_SWITCH, 1, FXT_TS_BLOCKED, fxt_thread_inline(7000, 7001),
          fxt_thread_indexed(1), 16, 20, NULL, 0);
    sched(t, FXT_ST_LEGACY_CONTEXT_SWITCH, 1, FXT_TS_SUSPENDED, fxt_thread_indexed(1),
          fxt_thread_inline(7000, 7001), 20, 16, NULL, 0);
}

static void t_sched_cs(tb *t)
{
    prologue(t);
    fxt_arg a[2] = {a_i32(S_IN_WEIGHT, 100), a_i32(S_OUT_WEIGHT, 50)};
    for (unsigned st = 0; st <= FXT_TS_MAX; st++) {
        fxt_thread out = {0, 0, T1_TID}, in = {0, 0, T2_TID + st};
        sched(t, FXT_ST_CONTEXT_SWITCH, st == FXT_TS_MAX ? 0xffff : st, st, out, in, 0, 0, a,
              st % 3);
    }
}

static void t_sched_wakeup(tb *t)
{
    prologue(t);
    fxt_arg a[1] = {a_i32(S_WEIGHT, 200)};
    fxt_thread w = {0, 0, T1_TID}, none = {0, 0, 0};
    sched(t, FXT_ST_THREAD_WAKEUP, 3, 0, w, none, 0, 0, a, 1);
    w.tid = T3_TID;
    sched(t, FXT_ST_THREAD_WAKEUP, 0xffff, 0, w, none, 0, 0, NULL, 0);
}

static void log_rec(tb *t, fxt_thread th, const char *msg, size_t len)
{
    fxt_record r;
    rec(&r, FXT_RT_LOG);
    r.u.log.thread = th;
    r.u.log.timestamp = tick(t);
    r.u.log.msg = msg;
    r.u.log.msg_len = len;
    put(t, &r);
}

static void t_log(tb *t)
{
    prologue(t);
    log_rec(t, fxt_thread_indexed(1), "", 0);
    log_rec(t, fxt_thread_indexed(2), "8 bytes!", 8);
    log_rec(t, fxt_thread_inline(8000, 8001), "h\xc3\xa9llo w\xc3\xb6rld", 14);
    char *s = lorem(1000);
    if (s == NULL) {
        t->err = 1;
        return;
    }
    log_rec(t, fxt_thread_indexed(3), s, 1000);
    free(s);
}

static void large_blob(tb *t, unsigned format, fxt_str cat, fxt_str name, fxt_thread th,
                       const fxt_arg *a, unsigned n, size_t size)
{
    fxt_record r;
    rec(&r, FXT_RT_LARGE);
    r.large_type = FXT_LT_BLOB;
    r.u.blob.format = format;
    r.u.blob.category = cat;
    r.u.blob.name = name;
    if (format == FXT_LBF_METADATA) {
        r.u.blob.timestamp = tick(t);
        r.u.blob.thread = th;
        for (unsigned i = 0; i < n; i++)
            r.args[i] = a[i];
        r.argc = n;
    }
    r.u.blob.payload_size = size;
    r.u.blob.payload = k_payload;
    put(t, &r);
}

static void t_large_blob_meta(tb *t)
{
    prologue(t);
    fxt_arg a[2] = {a_i32(S_COUNT, 1), a_str(fxt_str_indexed(S_LABEL), fxt_str_cstr("png"))};
    large_blob(t, FXT_LBF_METADATA, fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME_PNG),
               fxt_thread_indexed(1), a, 2, 0);
    large_blob(t, FXT_LBF_METADATA, fxt_str_cstr("gfx"), fxt_str_cstr("screenshot"),
               fxt_thread_inline(9000, 9001), NULL, 0, 5);
    large_blob(t, FXT_LBF_METADATA, fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME_PNG),
               fxt_thread_indexed(2), a, 1, 100);
}

static void t_large_blob_nometa(tb *t)
{
    prologue(t);
    fxt_thread none = {0, 0, 0};
    large_blob(t, FXT_LBF_NO_METADATA, fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME_PNG), none,
               NULL, 0, 0);
    large_blob(t, FXT_LBF_NO_METADATA, fxt_str_indexed(S_GFX), fxt_str_cstr("dump.bin"), none,
               NULL, 0, 5);
    large_blob(t, FXT_LBF_NO_METADATA, fxt_str_cstr("gfx"), fxt_str_cstr("dump.bin"), none, NULL,
               0, 64);
}

static void t_arg_null(tb *t)
{
    prologue(t);
    fxt_arg a[3] = {a_u64(FXT_AT_NULL, fxt_str_indexed(S_LABEL), 0),
                    a_u64(FXT_AT_NULL, fxt_str_cstr("inline-name"), 0),
                    a_u64(FXT_AT_NULL, fxt_str_indexed(0), 0)};
    instant_args(t, a, 3);
}

static void t_arg_int32(tb *t)
{
    prologue(t);
    fxt_arg a[4] = {a_i32(S_COUNT, 0), a_i32(S_COUNT, -1), a_i32(S_COUNT, INT32_MIN),
                    a_i32(S_COUNT, INT32_MAX)};
    a[3].name = fxt_str_cstr("max");
    instant_args(t, a, 4);
}

static void t_arg_uint32(tb *t)
{
    prologue(t);
    fxt_arg a[2];
    for (unsigned i = 0; i < 2; i++) {
        memset(&a[i], 0, sizeof a[i]);
        a[i].type = FXT_AT_UINT32;
        a[i].name = i ? fxt_str_cstr("max") : fxt_str_indexed(S_BYTES);
        a[i].v.u32 = i ? UINT32_MAX : 0;
    }
    instant_args(t, a, 2);
}

static void t_arg_int64(tb *t)
{
    prologue(t);
    fxt_arg a[3] = {a_u64(FXT_AT_INT64, fxt_str_indexed(S_BYTES), (uint64_t)INT64_MIN),
                    a_u64(FXT_AT_INT64, fxt_str_indexed(S_BYTES), UINT64_MAX /* -1 */),
                    a_u64(FXT_AT_INT64, fxt_str_cstr("max"), (uint64_t)INT64_MAX)};
    instant_args(t, a, 3);
}

static void t_arg_uint64(tb *t)
{
    prologue(t);
    fxt_arg a[2] = {a_u64(FXT_AT_UINT64, fxt_str_indexed(S_BYTES), 0),
                    a_u64(FXT_AT_UINT64, fxt_str_cstr("max"), UINT64_MAX)};
    instant_args(t, a, 2);
}

static void t_arg_double(tb *t)
{
    prologue(t);
    static const uint64_t bits[] = {0x0000000000000000ull /* 0.0 */, 0x8000000000000000ull /* -0.0 */,
                                    0x3ff8000000000000ull /* 1.5 */, 0x7ff0000000000000ull /* +inf */,
                                    0xfff0000000000000ull /* -inf */, 0x7ff8000000000000ull /* NaN */,
                                    0x0000000000000001ull /* smallest subnormal */};
    fxt_arg a[7];
    for (unsigned i = 0; i < 7; i++)
        a[i] = a_u64(FXT_AT_DOUBLE, fxt_str_indexed(S_VALUE), bits[i]);
    instant_args(t, a, 7);
}

static void t_arg_string(tb *t)
{
    prologue(t);
    fxt_arg a[6] = {a_str(fxt_str_indexed(S_LABEL), fxt_str_indexed(S_FRAME)),
                    a_str(fxt_str_cstr("inline"), fxt_str_cstr("inline value")),
                    a_str(fxt_str_indexed(S_LABEL), fxt_str_indexed(0)),
                    a_str(fxt_str_indexed(S_LABEL), fxt_str_inline("", 0)),
                    a_str(fxt_str_cstr("12345678"), fxt_str_cstr("87654321")),
                    a_str(fxt_str_indexed(S_LABEL), fxt_str_cstr("\xf0\x9f\x98\x80 \xc3\xa9t\xc3\xa9"))};
    instant_args(t, a, 6);
}

static void t_arg_pointer(tb *t)
{
    prologue(t);
    fxt_arg a[2] = {a_u64(FXT_AT_POINTER, fxt_str_cstr("this"), 0xffff800000001000ull),
                    a_u64(FXT_AT_POINTER, fxt_str_cstr("null"), 0)};
    instant_args(t, a, 2);
}

static void t_arg_koid(tb *t)
{
    prologue(t);
    fxt_arg a[3] = {a_u64(FXT_AT_KOID, fxt_str_indexed(S_PROCESS), T1_PID),
                    a_u64(FXT_AT_KOID, fxt_str_cstr("zero"), 0),
                    a_u64(FXT_AT_KOID, fxt_str_cstr("max"), UINT64_MAX)};
    instant_args(t, a, 3);
}

static void t_arg_bool(tb *t)
{
    prologue(t);
    fxt_arg a[2];
    for (unsigned i = 0; i < 2; i++) {
        memset(&a[i], 0, sizeof a[i]);
        a[i].type = FXT_AT_BOOL;
        a[i].name = i ? fxt_str_cstr("true") : fxt_str_cstr("false");
        a[i].v.b = (int)i;
    }
    instant_args(t, a, 2);
}

/* An instant event of exactly 4095 words, the largest normal record: inline
 * thread (4 words) and two string arguments with inline values of 16360 and
 * 16352 bytes (1 + 2045 and 1 + 2044 words). */
static void t_max_record(tb *t)
{
    char *s = lorem(16360);
    if (s == NULL) {
        t->err = 1;
        return;
    }
    prologue(t);
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(T1_PID, T1_TID),
                         fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME), 0);
    r.args[0] = a_str(fxt_str_indexed(S_LABEL), fxt_str_inline(s, 16360));
    r.args[1] = a_str(fxt_str_indexed(S_VALUE), fxt_str_inline(s, 16352));
    r.argc = 2;
    if (fxt_encoded_size(&r) != (size_t)FXT_MAX_RECORD_WORDS * 8) {
        fprintf(stderr, "fxt-gen golden: max-record is not %u words\n", FXT_MAX_RECORD_WORDS);
        t->err = 1;
    }
    put(t, &r);
    free(s);
}

typedef struct valid_def {
    const char *name;
    void (*fn)(tb *t);
    const char *section;
    const char *desc;
} valid_def;

static const valid_def k_valid[] = {
    {"minimal", t_minimal, "Magic number record (trace info type = 0)",
     "the smallest conforming trace: the magic number record alone"},
    {"metadata-providers", t_metadata, "Metadata record (record type = 0)",
     "records of the implicit provider, provider info (ids 1, 0xffffffff with a UTF-8 name, 7 "
     "with an empty name), provider sections switching back to per-provider string and thread "
     "tables, a provider event (buffer full)"},
    {"init", t_init, "Initialization record (record type = 1)",
     "initialization records with 1e9, 1 and 2^64-1 ticks per second"},
    {"string-table", t_strings, "String record (record type = 2)",
     "string records of 1, 7, 8 and 9 bytes, 2-, 3- and 4-byte UTF-8, index 0x7fff, and a "
     "re-registration that replaces an entry"},
    {"string-max-length", t_string_max, "String references",
     "a string record of exactly 32000 bytes (the longest string without a warning)"},
    {"thread-table", t_threads, "Thread record (record type = 3)",
     "thread records for indexes 1, 2, 7 and 255 (koids 0 and 2^64-1 included) and a "
     "re-registration"},
    {"event-instant", t_event_instant, "Instant event (event type = 0)",
     "instant events with indexed and inline threads, inline, indexed, empty (0) and "
     "inline-empty (0x8000) string refs, and 15 arguments of every type"},
    {"event-counter", t_event_counter, "Counter event (event type = 1)",
     "counter events with ids 0, 1 and 2^64-1 and int64/double values"},
    {"event-duration", t_event_duration, "Duration begin event (event type = 2)",
     "nested duration begin/end pairs on indexed and inline threads; one end names its thread "
     "by inline koids (matched by koids, not by ref)"},
    {"event-duration-complete", t_event_complete, "Duration complete event (event type = 4)",
     "duration complete events, one of length 0 (end == start)"},
    {"event-async", t_event_async, "Async begin event (event type = 5)",
     "async begin/instant/end, the same id in two processes, ids 0 and 2^64-1, instants from "
     "another thread of the same process"},
    {"event-flow", t_event_flow, "Flow begin event (event type = 8)",
     "flow begin/step/end inside durations on three threads, ids 0 and 2^64-1"},
    {"blob", t_blob, "BLOB record (record type = 5)",
     "blob records of types 1, 2 and 3 with payloads of 0, 1, 8 and 13 bytes (binary, not "
     "UTF-8), indexed and inline names"},
    {"userspace-object", t_userspace, "Userspace object record (record type = 6)",
     "userspace object records with an indexed process and an inline process koid, string and "
     "pointer arguments"},
    {"kernel-object", t_kernel_object, "Kernel object record (record type = 7)",
     "kernel object records for a process, a thread (with a koid 'process' argument) and a "
     "channel with three arguments"},
    {"sched-legacy-context-switch", t_sched_legacy,
     "Legacy Context Switch Record (context switch record type = 0)",
     "legacy context switches with outgoing states 0, 2, 3, 4, 5, indexed and inline threads, "
     "cpu and priorities 0 and 255"},
    {"sched-context-switch", t_sched_cs, "Context Switch Record (scheduling event record type = 1)",
     "context switches with outgoing states 0 to 5, cpu 0xffff, weight arguments"},
    {"sched-thread-wakeup", t_sched_wakeup, "Thread Wakeup Record (scheduling event record type = 2)",
     "thread wakeup records with and without a weight argument"},
    {"log", t_log, "Log record (record type = 9)",
     "log records with empty, 8-byte, UTF-8 and 1000-byte messages on indexed and inline threads"},
    {"large-blob-metadata", t_large_blob_meta,
     "In Band Large Blob Record With Metadata (blob format = 0)",
     "large blob records (format 0) with arguments, indexed and inline refs, payloads of 0, 5 "
     "and 100 bytes"},
    {"large-blob-no-metadata", t_large_blob_nometa,
     "In Band Large Blob Record No Metadata (blob format = 1)",
     "large blob records (format 1) with payloads of 0, 5 and 64 bytes"},
    {"arg-null", t_arg_null, "Null argument (argument type = 0)",
     "null arguments with indexed, inline and empty names"},
    {"arg-int32", t_arg_int32, "32-bit signed integer argument (argument type = 1)",
     "int32 arguments 0, -1, INT32_MIN, INT32_MAX"},
    {"arg-uint32", t_arg_uint32, "32-bit unsigned integer argument (argument type = 2)",
     "uint32 arguments 0 and UINT32_MAX"},
    {"arg-int64", t_arg_int64, "64-bit signed integer argument (argument type = 3)",
     "int64 arguments INT64_MIN, -1, INT64_MAX"},
    {"arg-uint64", t_arg_uint64, "64-bit unsigned integer argument (argument type = 4)",
     "uint64 arguments 0 and UINT64_MAX"},
    {"arg-double", t_arg_double, "Double-precision floating point argument (argument type = 5)",
     "double arguments 0.0, -0.0, 1.5, +inf, -inf, NaN and the smallest subnormal (exact bits)"},
    {"arg-string", t_arg_string, "String argument (argument type = 6)",
     "string arguments with indexed, inline, empty (0), inline-empty (0x8000), 8-byte and "
     "UTF-8 values, inline names"},
    {"arg-pointer", t_arg_pointer, "Pointer argument (argument type = 7)",
     "pointer arguments 0xffff800000001000 and 0"},
    {"arg-koid", t_arg_koid, "Kernel object id argument (argument type = 8)",
     "koid arguments 1000, 0 and 2^64-1"},
    {"arg-bool", t_arg_bool, "Boolean argument (argument type = 9)",
     "boolean arguments false and true"},
    {"max-record", t_max_record, "Records",
     "an instant event of exactly 4095 words (32760 bytes), the largest normal record"},
};

/* ---- random traces ----------------------------------------------------------------------- */

/* Records of DATA found by following the size fields from offset 0; -1 if
 * the file is not a whole number of records (truncated, size 0). */
static int64_t count_records(const uint8_t *data, size_t len, int be)
{
    int64_t n = 0;
    size_t at = 0;
    while (at < len) {
        if (len - at < 8)
            return -1;
        uint64_t h = fxt_read_word(data, at, be);
        uint64_t words = FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE ? FXT_GET(h, FXT_LREC_SIZE)
                                                                 : FXT_GET(h, FXT_REC_SIZE);
        if (words == 0 || words > (len - at) / 8)
            return -1;
        at += (size_t)words * 8;
        n++;
    }
    return n;
}

/* ---- output ------------------------------------------------------------------------------- */

static int write_bytes(const char *dir, const char *rel, const uint8_t *data, size_t len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "fxt-gen golden: %s: %s\n", path, strerror(errno));
        return 2;
    }
    if (len)
        fwrite(data, 1, len, f);
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad) {
        fprintf(stderr, "fxt-gen golden: %s: write error: %s\n", path, strerror(errno));
        return 2;
    }
    return 0;
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) == 0 || errno == EEXIST) {
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            return 0;
        fprintf(stderr, "fxt-gen golden: %s: not a directory\n", path);
        return 2;
    }
    fprintf(stderr, "fxt-gen golden: %s: %s\n", path, strerror(errno));
    return 2;
}

/* JSON string (the texts are ASCII; anything else is escaped). */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7f)
            fprintf(f, "\\u%04x", ch);
        else
            fputc(ch, f);
    }
    fputc('"', f);
}

static int write_manifest(const char *dir, const corpus *c)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/manifest.json", dir);
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "fxt-gen golden: %s: %s\n", path, strerror(errno));
        return 2;
    }
    fprintf(f, "{\n  \"format\": \"fxtkit-golden-corpus\",\n  \"format_version\": 1,\n"
               "  \"spec\": \"Fuchsia trace format, current revision (trace-format.md)\",\n"
               "  \"generator\": \"fxt-gen golden\",\n  \"vectors\": [");
    for (size_t i = 0; i < c->n; i++) {
        const vec *v = &c->v[i];
        char hex[65];
        sha256_hex(v->data, v->len, hex);
        fprintf(f, "%s\n    {\n      \"path\": ", i ? "," : "");
        json_str(f, v->path);
        fprintf(f, ",\n      \"sha256\": \"%s\",\n      \"bytes\": %zu,", hex, v->len);
        int64_t nrec = count_records(v->data, v->len, v->be);
        if (nrec >= 0)
            fprintf(f, "\n      \"records\": %lld,", (long long)nrec);
        fprintf(f, "\n      \"verdict\": \"%s\",\n      \"issues\": [", k_verdict[v->verdict]);
        for (unsigned k = 0; k < v->nissues; k++) {
            const fxt_rule_info *ri = fxt_rule_get((fxt_rule)v->rules[k]);
            fprintf(f, "%s{\"rule\": \"%s\", \"name\": \"%s\", \"record_offset\": %llu}",
                    k ? ", " : "", ri->id, ri->name, (unsigned long long)v->offs[k]);
        }
        fprintf(f, "],\n      \"spec_section\": ");
        json_str(f, v->section);
        fprintf(f, ",\n      \"byte_order\": \"%s\",\n      \"description\": ",
                v->be ? "big" : "little");
        json_str(f, v->desc);
        fprintf(f, "\n    }");
    }
    fprintf(f, "\n  ]\n}\n");
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad) {
        fprintf(stderr, "fxt-gen golden: %s: write error: %s\n", path, strerror(errno));
        return 2;
    }
    return 0;
}

/* ---- the corpus ----------------------------------------------------------------------------- */

static void add_valid(corpus *c, const char *name, int be, uint8_t *data, size_t len,
                      const char *section, const char *desc)
{
    vec *v = add_vec(c);
    if (v == NULL) {
        free(data);
        return;
    }
    snprintf(v->path, sizeof v->path, "valid/%s%s.fxt", name, be ? "-be" : "");
    v->data = data;
    v->len = len;
    v->verdict = V_VALID;
    v->be = be;
    snprintf(v->section, sizeof v->section, "%s", section);
    snprintf(v->desc, sizeof v->desc, "%s%s", desc, be ? " (big-endian)" : "");
}

static void build_valid(corpus *c)
{
    for (size_t i = 0; i < sizeof k_valid / sizeof *k_valid && !c->err; i++) {
        for (int be = 0; be <= 1 && !c->err; be++) {
            tb t;
            memset(&t, 0, sizeof t);
            t.buf = malloc(TB_CAP);
            t.what = k_valid[i].name;
            t.ts = 1000000;
            if (t.buf == NULL) {
                c->err = 1;
                return;
            }
            fxt_writer_init(&t.w, t.buf, TB_CAP, be);
            k_valid[i].fn(&t);
            if (t.err) {
                free(t.buf);
                c->err = 1;
                return;
            }
            add_valid(c, k_valid[i].name, be, t.buf, t.w.len, k_valid[i].section,
                      k_valid[i].desc);
        }
    }
    /* realistic traces, and the coverage profile at a modest size */
    for (int be = 0; be <= 1 && !c->err; be++) {
        uint8_t *d;
        size_t n;
        if (gen_random_trace(7, 400, FXT_GEN_REALISTIC, be, &d, &n)) {
            c->err = 1;
            return;
        }
        add_valid(c, "realistic", be, d, n, "Archives",
                  "a realistic trace (fxt_gen_random, realistic profile, seed 7, 400 records): "
                  "nested durations, complete events, async operations, flows, logs, counters");
    }
    static const uint64_t k_cov_seed[] = {1, 101, 201};
    for (unsigned k = 0; k < 3 && !c->err; k++) {
        /* the first seed from k_cov_seed[k] whose trace stays small */
        uint64_t seed = k_cov_seed[k];
        uint8_t *d = NULL;
        size_t n = 0;
        for (;; seed++) {
            if (gen_random_trace(seed, COVERAGE_RECORDS, FXT_GEN_COVERAGE, 0, &d, &n)) {
                c->err = 1;
                return;
            }
            if (n <= COVERAGE_MAX_BYTES)
                break;
            free(d);
        }
        for (int be = 0; be <= (k == 0) && !c->err; be++) {
            if (be && gen_random_trace(seed, COVERAGE_RECORDS, FXT_GEN_COVERAGE, 1, &d, &n)) {
                c->err = 1;
                return;
            }
            char name[32], desc[200];
            snprintf(name, sizeof name, "coverage-%u", k + 1);
            snprintf(desc, sizeof desc,
                     "a coverage-profile trace (fxt_gen_random, seed %llu, %u records asked): "
                     "mixed record types, inline and indexed refs, boundary argument values",
                     (unsigned long long)seed, COVERAGE_RECORDS);
            add_valid(c, name, be, d, n, "Archives", desc);
        }
    }
}

static void build_violations(corpus *c)
{
    for (unsigned i = 0; i < fxt_rule_count() && !c->err; i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        for (int be = 0; be <= 1 && !c->err; be++) {
            if (be && ri->rule == FXT_R_EMPTY_INPUT)
                continue; /* an empty file has no byte order */
            uint8_t *d = NULL;
            size_t n = 0;
            uint64_t off = 0;
            char desc[200], err[300] = "";
            int rc = violate_build((unsigned)ri->rule, VIOLATE_SEED, be, VIOLATE_BASE_RECORDS, &d,
                                   &n, &off, desc, sizeof desc, err, sizeof err);
            if (rc > 0)
                continue; /* not possible in this byte order */
            if (rc < 0) {
                fprintf(stderr, "fxt-gen golden: %s: %s\n", ri->id, err);
                c->err = 1;
                return;
            }
            vec *v = add_vec(c);
            if (v == NULL) {
                free(d);
                return;
            }
            int warn = ri->severity == FXT_SEV_WARNING;
            snprintf(v->path, sizeof v->path, "%s/%s-%s%s.fxt", warn ? "warn" : "invalid", ri->id,
                     ri->name, be ? "-be" : "");
            v->data = d;
            v->len = n;
            v->verdict = warn ? V_WARN : V_INVALID;
            v->rules[0] = (unsigned)ri->rule;
            v->offs[0] = off;
            v->nissues = 1;
            v->be = be;
            snprintf(v->section, sizeof v->section, "%s", ri->section);
            snprintf(v->desc, sizeof v->desc, "%s: %s%s", ri->id, desc,
                     ri->rule == FXT_R_EMPTY_INPUT ? ""
                     : be ? " (realistic big-endian base trace)"
                          : " (realistic base trace)");
        }
    }
}

int gen_cmd_golden(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        printf("usage: fxt-gen golden DIR\n"
               "\n"
               "Write the golden corpus into DIR (created if needed): valid/, invalid/, warn/\n"
               "vectors, manifest.json (path, sha256, verdict, expected issues with record\n"
               "offsets, spec section, byte order, description of each vector) and sample.fxt.\n"
               "Existing files of the same names are overwritten; other files are left alone.\n"
               "The output is deterministic.\n");
        return 0;
    }
    if (argc == 2 && argv[1][0] == 0) {
        fprintf(stderr, "fxt-gen golden: the directory name is empty\n");
        return 2;
    }
    if (argc != 2 || (argv[1][0] == '-' && argv[1][1] != 0)) {
        fprintf(stderr, "usage: fxt-gen golden DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    corpus c = {NULL, 0, 0, 0};
    build_valid(&c);
    build_violations(&c);
    uint8_t *sample = NULL;
    size_t sample_len = 0;
    if (!c.err && gen_random_trace(2024, 300, FXT_GEN_REALISTIC, 0, &sample, &sample_len))
        c.err = 1;
    int rc = 0;
    if (c.err) {
        fprintf(stderr, "fxt-gen golden: internal error: the corpus could not be built\n");
        rc = 1;
    }
    char sub[4096];
    static const char *const k_dirs[] = {"valid", "invalid", "warn"};
    if (!rc)
        rc = make_dir(dir);
    for (unsigned i = 0; i < 3 && !rc; i++) {
        snprintf(sub, sizeof sub, "%s/%s", dir, k_dirs[i]);
        rc = make_dir(sub);
    }
    size_t total = 0;
    for (size_t i = 0; i < c.n && !rc; i++) {
        rc = write_bytes(dir, c.v[i].path, c.v[i].data, c.v[i].len);
        total += c.v[i].len;
    }
    if (!rc)
        rc = write_bytes(dir, "sample.fxt", sample, sample_len);
    if (!rc)
        rc = write_manifest(dir, &c);
    if (!rc)
        printf("fxt-gen golden: %zu vectors (%zu bytes) and sample.fxt (%zu bytes) in %s\n", c.n,
               total, sample_len, dir);
    else
        fprintf(stderr, "fxt-gen golden: the corpus in %s is incomplete (no manifest.json "
                        "written after the error)\n", dir);
    for (size_t i = 0; i < c.n; i++)
        free(c.v[i].data);
    free(c.v);
    free(sample);
    return rc;
}
