/* SPDX-License-Identifier: MIT */
/*
 * golden_records.c - golden valid vectors for each record type and subtype:
 * magic, metadata, initialization, strings, threads, blobs, objects,
 * scheduling, logs, large blobs, and the largest record (golden_tb.h).
 */
#include <stdlib.h>

#include "golden_tb.h"

/* Blob payloads: binary, not UTF-8. */
static const uint8_t k_payload[128] = {
    0x00, 0xff, 0xfe, 0x80, 0xc0, 0x01, 0x7f, 0xed, 0xa0, 0x80, 0x10, 0x20, 0x30, 0x40, 0x50,
    0x60, 1,    2,    3,    4,    5,    6,    7,    8,    9,    10,   11,   12,   13,   14,
    15,   16,   'b',  'l',  'o',  'b',  0,    0,    0,    1};

void fxt__gv_minimal(tb *t)
{
    t->desc = "the smallest conforming trace: the magic number record alone";
    magic(t);
}

void fxt__gv_metadata(tb *t)
{
    t->desc = "records of the implicit provider, provider info (ids 1, 0xffffffff with a UTF-8 "
              "name, 7 with an empty name), provider sections switching back to per-provider "
              "string and thread tables, a provider event (buffer full)";
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

void fxt__gv_init(tb *t)
{
    t->desc = "initialization records with 1e9, 1 and 2^64-1 ticks per second";
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

void fxt__gv_strings(tb *t)
{
    t->desc = "string records of 1, 7, 8 and 9 bytes, 2-, 3- and 4-byte UTF-8, index 0x7fff, and "
              "a re-registration that replaces an entry";
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

void fxt__gv_string_max(tb *t)
{
    t->desc = "a string record of exactly 32000 bytes (the longest string without a warning)";
    char *s = lorem(FXT_MAX_STRING_LEN);
    if (s == NULL) {
        snprintf(t->errmsg, sizeof t->errmsg, "out of memory");
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

void fxt__gv_threads(tb *t)
{
    t->desc = "thread records for indexes 1, 2, 7 and 255 (koids 0 and 2^64-1 included) and a "
              "re-registration";
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

void fxt__gv_blob(tb *t)
{
    t->desc = "blob records of types 1, 2 and 3 with payloads of 0, 1, 8 and 13 bytes (binary, "
              "not UTF-8), indexed and inline names";
    prologue(t);
    blob_rec(t, FXT_BT_DATA, fxt_str_indexed(S_FRAME_PNG), 0);
    blob_rec(t, FXT_BT_LAST_BRANCH, fxt_str_cstr("lbr"), 1);
    blob_rec(t, FXT_BT_PERFETTO, fxt_str_cstr("perfetto"), 8);
    /* payloads are binary: bytes that are not UTF-8 are fine */
    blob_rec(t, FXT_BT_DATA, fxt_str_indexed(S_FRAME_PNG), 13);
}

void fxt__gv_userspace(tb *t)
{
    t->desc = "userspace object records with an indexed process and an inline process koid, "
              "string and pointer arguments";
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

void fxt__gv_kernel_object(tb *t)
{
    t->desc = "kernel object records for a process, a thread (with a koid 'process' argument) "
              "and a channel with three arguments";
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

void fxt__gv_sched_legacy(tb *t)
{
    t->desc = "legacy context switches with outgoing states 0, 2, 3, 4, 5, indexed and inline "
              "threads, cpu and priorities 0 and 255";
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

void fxt__gv_sched_cs(tb *t)
{
    t->desc = "context switches with outgoing states 0 to 5, cpu 0xffff, weight arguments";
    prologue(t);
    fxt_arg a[2] = {a_i32(S_IN_WEIGHT, 100), a_i32(S_OUT_WEIGHT, 50)};
    for (unsigned st = 0; st <= FXT_TS_MAX; st++) {
        fxt_thread out = {0, 0, T1_TID}, in = {0, 0, T2_TID + st};
        sched(t, FXT_ST_CONTEXT_SWITCH, st == FXT_TS_MAX ? 0xffff : st, st, out, in, 0, 0, a,
              st % 3);
    }
}

void fxt__gv_sched_wakeup(tb *t)
{
    t->desc = "thread wakeup records with and without a weight argument";
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

void fxt__gv_log(tb *t)
{
    t->desc = "log records with empty, 8-byte, UTF-8 and 1000-byte messages on indexed and "
              "inline threads";
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

void fxt__gv_large_blob_meta(tb *t)
{
    t->desc = "large blob records (format 0) with arguments, indexed and inline refs, payloads "
              "of 0, 5 and 100 bytes";
    prologue(t);
    fxt_arg a[2] = {a_i32(S_COUNT, 1), a_str(fxt_str_indexed(S_LABEL), fxt_str_cstr("png"))};
    large_blob(t, FXT_LBF_METADATA, fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME_PNG),
               fxt_thread_indexed(1), a, 2, 0);
    large_blob(t, FXT_LBF_METADATA, fxt_str_cstr("gfx"), fxt_str_cstr("screenshot"),
               fxt_thread_inline(9000, 9001), NULL, 0, 5);
    large_blob(t, FXT_LBF_METADATA, fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME_PNG),
               fxt_thread_indexed(2), a, 1, 100);
}

void fxt__gv_large_blob_nometa(tb *t)
{
    t->desc = "large blob records (format 1) with payloads of 0, 5 and 64 bytes";
    prologue(t);
    fxt_thread none = {0, 0, 0};
    large_blob(t, FXT_LBF_NO_METADATA, fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME_PNG), none,
               NULL, 0, 0);
    large_blob(t, FXT_LBF_NO_METADATA, fxt_str_indexed(S_GFX), fxt_str_cstr("dump.bin"), none,
               NULL, 0, 5);
    large_blob(t, FXT_LBF_NO_METADATA, fxt_str_cstr("gfx"), fxt_str_cstr("dump.bin"), none, NULL,
               0, 64);
}

/* An instant event of exactly 4095 words, the largest normal record: inline
 * thread (4 words) and two string arguments with inline values of 16360 and
 * 16352 bytes (1 + 2045 and 1 + 2044 words). */
void fxt__gv_max_record(tb *t)
{
    t->desc = "an instant event of exactly 4095 words (32760 bytes), the largest normal record";
    char *s = lorem(16360);
    if (s == NULL) {
        snprintf(t->errmsg, sizeof t->errmsg, "out of memory");
        t->err = 1;
        return;
    }
    prologue(t);
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(T1_PID, T1_TID),
                         fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME), 0);
    r.args[0] = a_str(fxt_str_indexed(S_LABEL), fxt_str_inline(s, 16360));
    r.args[1] = a_str(fxt_str_indexed(S_VALUE), fxt_str_inline(s, 16352));
    r.argc = 2;
    if (fxt_encoded_size(&r, FXT_REV_CURRENT) != (size_t)FXT_MAX_RECORD_WORDS * 8) {
        snprintf(t->errmsg, sizeof t->errmsg, "max-record is not %u words", FXT_MAX_RECORD_WORDS);
        t->err = 1;
    }
    put(t, &r);
    free(s);
}

/* A large blob record (format 1, indexed refs) of exactly WORDS words: its
 * payload fills the rest; then an instant event, which a reader that framed
 * the large record wrong reads as garbage. Readers that frame large records
 * by the 12 bits of a normal record's size read 4096 words as 0 and 8000 as
 * 3904. */
static void large_of(tb *t, size_t words)
{
    size_t n = (words - 3) * 8; /* header, format header, payload size word */
    uint8_t *p = filled(t, n, 0);
    if (p == NULL)
        return;
    prologue(t);
    size_t at = t->w.len;
    large_nometa(t, p, n);
    if (t->w.len - at != words * 8) {
        snprintf(t->errmsg, sizeof t->errmsg, "large-record is not %zu words", words);
        t->err = 1;
    }
    fxt_record e = event(t, FXT_ET_INSTANT, fxt_thread_indexed(1), fxt_str_indexed(S_GFX),
                         fxt_str_indexed(S_FRAME), 0);
    put(t, &e);
    free(p);
}

void fxt__gv_large_4095(tb *t)
{
    t->desc = "a large blob record of exactly 4095 words (the largest a 12-bit size could "
              "frame), then an instant event";
    large_of(t, 4095);
}

void fxt__gv_large_4096(tb *t)
{
    t->desc = "a large blob record of exactly 4096 words (its size does not fit 12 bits: 0 "
              "there), then an instant event";
    large_of(t, 4096);
}

void fxt__gv_large_8000(tb *t)
{
    t->desc = "a large blob record of 8000 words (3904 in 12 bits; the file stays under 64 KiB, "
              "the fuzzing recipes' -max_len), then an instant event";
    large_of(t, 8000);
}

/* An instant event with the longest string without a warning (32000
 * bytes) inline: as its one argument's value (an argument of 4001 words,
 * AS_ARG) or as its name. */
static void longest_inline(tb *t, int as_arg)
{
    char *s = lorem(FXT_MAX_STRING_LEN);
    if (s == NULL) {
        snprintf(t->errmsg, sizeof t->errmsg, "out of memory");
        t->err = 1;
        return;
    }
    prologue(t);
    fxt_str big = fxt_str_inline(s, FXT_MAX_STRING_LEN);
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_indexed(1), fxt_str_indexed(S_GFX),
                         as_arg ? fxt_str_indexed(S_FRAME) : big, 0);
    if (as_arg) {
        r.args[0] = a_str(fxt_str_indexed(S_LABEL), big);
        r.argc = 1;
    }
    put(t, &r);
    free(s);
}

void fxt__gv_largest_arg(tb *t)
{
    t->desc = "an instant event with one string argument of 4001 words (an inline value of 32000 "
              "bytes, the longest without a warning)";
    longest_inline(t, 1);
}

void fxt__gv_inline_name_max(tb *t)
{
    t->desc = "an instant event whose inline name is 32000 bytes long (the longest string "
              "without a warning)";
    longest_inline(t, 0);
}

/* A large blob record (format 1) whose inline name is 32767 bytes, the
 * most a string ref's 15 bits can say (no normal record holds it: 4096
 * words); conforming, with a warning (W0009: longer than 32000 bytes). *AT:
 * the record's offset; the name's first byte is 16 bytes in (header, format
 * header word; the category is indexed). */
void fxt__gv_inline_string_15bit(tb *t, size_t *at)
{
    char *s = lorem(FXT_STRREF_INLINE_FLAG - 1);
    if (s == NULL) {
        snprintf(t->errmsg, sizeof t->errmsg, "out of memory");
        t->err = 1;
        return;
    }
    prologue(t);
    *at = t->w.len;
    fxt_thread none = {0, 0, 0};
    large_blob(t, FXT_LBF_NO_METADATA, fxt_str_indexed(S_GFX),
               fxt_str_inline(s, FXT_STRREF_INLINE_FLAG - 1), none, NULL, 0, 5);
    free(s);
}
