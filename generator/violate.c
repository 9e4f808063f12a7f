/*
 * violate.c - fxt-gen violate: a valid trace plus exactly one violation of
 * one rule of the catalogue, with the offending record's offset known from
 * construction (the validator is never consulted).
 *
 * The base is a realistic fxt_gen_random trace (warning-free). Its record
 * headers are walked to find record boundaries; the offending record is
 * built word by word with the format.h field macros and written with
 * fxt_write_word / fxt_write_stream (so both byte orders work), then
 * inserted at a seed-chosen boundary after the base's setup records (magic,
 * initialization, provider info, string and thread tables). The inserted
 * record is valid in its context except for the one violation: it uses
 * inline refs or indexes the realistic base registered (strings 1..64 and
 * 0x7fff, threads 1..8), fresh koids and correlation ids for the sequencing
 * rules, and never switches providers mid-trace.
 *
 * A few rules need another placement: the magic rules replace or drop the
 * first record, truncation and the provider rules append at the end, the
 * empty-input rule writes nothing.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "fxt/gen.h"
#include "fxt/rules.h"
#include "fxt/validate.h"
#include "gen_tool.h"

/* What the realistic base registers (generator/gen.c): strings 1..64 and
 * 0x7fff ("last-index"), threads 1..8. */
#define BASE_STRINGS 64u
#define BASE_THREADS 8u
#define BASE_LAST_STRING "last-index"
/* fxt_options_default().max_providers: provider contexts the validator
 * tracks besides the implicit one (fxt/validate.h). */
#define DEFAULT_MAX_PROVIDERS 256u
/* Koids and correlation ids the base never uses (it uses small ones). */
#define FRESH_PID 0x7a0000000ull
#define FRESH_TID 0x7b0000000ull
#define FRESH_ID 0x5eed000000000000ull

#define INS_CAP ((size_t)1 << 17)

/* Where the inserted bytes go. */
typedef enum place {
    P_INSERT,        /* at a seed-chosen boundary after the setup records */
    P_APPEND,        /* at the end of the base */
    P_REPLACE_MAGIC, /* instead of the first (magic) record */
    P_DROP_MAGIC,    /* the first record is removed; nothing inserted */
    P_EMPTY,         /* no bytes at all */
    P_TRUNCATE       /* appended, then only KEEP bytes of it kept */
} place;

typedef struct vctx {
    fxt_rng r;
    int be;
    fxt_writer w;      /* the inserted bytes */
    int werr;          /* a write failed (buffer too small: a bug) */
    place where;
    size_t mark;       /* offset of the offending record inside the inserted bytes */
    size_t keep;       /* P_TRUNCATE: bytes of the inserted record kept */
    uint32_t prov_id;  /* the base's current provider id */
    unsigned nprov;    /* distinct providers the base introduced */
    char desc[200];    /* one-line description of the violation */
    size_t rec_start;  /* record under construction */
    size_t arg_start;  /* argument under construction */
} vctx;

/* ---- building blocks -------------------------------------------------------- */

static uint64_t rnd(vctx *c, uint64_t n) { return fxt_rng_below(&c->r, n); }

/* A value in [lo..hi]. */
static uint64_t range(vctx *c, uint64_t lo, uint64_t hi) { return lo + rnd(c, hi - lo + 1); }

/* One bit in [lo..hi] (a reserved-bit violation). */
static uint64_t bit_in(vctx *c, unsigned lo, unsigned hi)
{
    return (uint64_t)1 << range(c, lo, hi);
}

static void W(vctx *c, uint64_t word)
{
    if (fxt_write_word(&c->w, word) != FXT_ENC_OK)
        c->werr = 1;
}

static void S(vctx *c, const void *data, size_t len)
{
    if (fxt_write_stream(&c->w, data, len) != FXT_ENC_OK)
        c->werr = 1;
}

/* Raw bytes (a multiple of 8, already padded: e.g. with a bad pad byte). */
static void RAW(vctx *c, const void *data, size_t len)
{
    if (len % 8 || c->w.len + len > c->w.cap) {
        c->werr = 1;
        return;
    }
    memcpy(c->w.buf + c->w.len, data, len);
    c->w.len += len;
}

static uint64_t hdr(unsigned type, uint64_t size)
{
    return FXT_SET(FXT_SET(0, FXT_REC_TYPE, type), FXT_REC_SIZE, size);
}

/* Start a record: a placeholder header word, completed by rec_end. */
static void rec_begin(vctx *c)
{
    c->rec_start = c->w.len;
    W(c, 0);
}

/* Complete the record started last with header H; its size field is the
 * words written since rec_begin plus DELTA (negative: too small). */
static void rec_end(vctx *c, uint64_t h, int delta)
{
    if (c->werr)
        return;
    uint64_t words = (c->w.len - c->rec_start) / 8 + (uint64_t)(int64_t)delta;
    if (FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE)
        h = FXT_SET(h, FXT_LREC_SIZE, words);
    else
        h = FXT_SET(h, FXT_REC_SIZE, words);
    fxt_patch_field(c->w.buf, c->rec_start, 0, 63, h, c->be);
}

static void arg_begin(vctx *c)
{
    c->arg_start = c->w.len;
    W(c, 0);
}

static void arg_end(vctx *c, uint64_t h, int delta)
{
    if (c->werr)
        return;
    uint64_t words = (c->w.len - c->arg_start) / 8 + (uint64_t)(int64_t)delta;
    fxt_patch_field(c->w.buf, c->arg_start, 0, 63, FXT_SET(h, FXT_ARG_SIZE, words), c->be);
}

static uint64_t ts(vctx *c) { return 5000000000ull + rnd(c, 1000000000ull); }
static unsigned reg_str(vctx *c) { return 1 + (unsigned)rnd(c, BASE_STRINGS); }
static unsigned reg_thread(vctx *c) { return 1 + (unsigned)rnd(c, BASE_THREADS); }
static uint64_t fresh_id(vctx *c) { return FRESH_ID | rnd(c, 1u << 30); }

/* Event header with indexed category and name, thread ref THREAD. */
static uint64_t ev_hdr(vctx *c, unsigned etype, unsigned argc, unsigned thread)
{
    uint64_t h = hdr(FXT_RT_EVENT, 0);
    h = FXT_SET(h, FXT_EV_TYPE, etype);
    h = FXT_SET(h, FXT_EV_ARGC, argc);
    h = FXT_SET(h, FXT_EV_THREAD, thread);
    h = FXT_SET(h, FXT_EV_CATEGORY, reg_str(c));
    h = FXT_SET(h, FXT_EV_NAME, reg_str(c));
    return h;
}

/* A whole event on a registered thread with no arguments; DATA is written
 * for the types that carry a data word. */
static void simple_event(vctx *c, unsigned etype, uint64_t t, uint64_t data)
{
    /* callers draw T and DATA in separate statements: the order in which a
     * call's arguments are evaluated is unspecified (gcc and clang differ) */
    rec_begin(c);
    W(c, t);
    if (etype != FXT_ET_INSTANT && etype != FXT_ET_DURATION_BEGIN &&
        etype != FXT_ET_DURATION_END)
        W(c, data);
    rec_end(c, ev_hdr(c, etype, 0, reg_thread(c)), 0);
}

/* An event on fresh inline koids (a thread the base never uses). */
static void fresh_thread_event(vctx *c, unsigned etype)
{
    uint64_t pid = FRESH_PID + rnd(c, 1000), tid = FRESH_TID + rnd(c, 1000);
    rec_begin(c);
    W(c, ts(c));
    W(c, pid);
    W(c, tid);
    rec_end(c, ev_hdr(c, etype, 0, FXT_THREADREF_INLINE), 0);
}

/* Start a record that carries one argument (an instant event or a kernel
 * object record); returns its header without size (argc 1). */
static uint64_t arg_host_begin(vctx *c, const char **what)
{
    rec_begin(c);
    if (rnd(c, 2)) {
        *what = "an instant event";
        unsigned t = rnd(c, 3) ? reg_thread(c) : FXT_THREADREF_INLINE;
        W(c, ts(c));
        if (t == FXT_THREADREF_INLINE) {
            W(c, FRESH_PID + rnd(c, 1000));
            W(c, FRESH_TID + rnd(c, 1000));
        }
        return ev_hdr(c, FXT_ET_INSTANT, 1, t);
    }
    *what = "a kernel object record";
    uint64_t h = hdr(FXT_RT_KERNEL_OBJECT, 0);
    h = FXT_SET(h, FXT_KOBJ_TYPE, range(c, 1, 30));
    h = FXT_SET(h, FXT_KOBJ_NAME, reg_str(c));
    h = FXT_SET(h, FXT_KOBJ_ARGC, 1);
    W(c, 100000 + rnd(c, 1000)); /* koid */
    return h;
}

static uint64_t arg_hdr(unsigned type, unsigned name)
{
    return FXT_SET(FXT_SET(0, FXT_ARG_TYPE, type), FXT_ARG_NAME, name);
}

static const char *const k_arg_type_names[FXT_AT_COUNT] = {
    "null", "int32", "uint32", "int64", "uint64", "double", "string", "pointer", "koid", "bool"};

/* Log record on a registered thread (or inline koids) whose message stream
 * is written by the caller between log_begin and log_end. */
static unsigned log_begin(vctx *c, int inline_thread)
{
    rec_begin(c);
    W(c, ts(c));
    if (inline_thread) {
        W(c, FRESH_PID + rnd(c, 1000));
        W(c, FRESH_TID + rnd(c, 1000));
        return FXT_THREADREF_INLINE;
    }
    return reg_thread(c);
}

static void log_end(vctx *c, unsigned thread, size_t len, uint64_t rsv)
{
    uint64_t h = hdr(FXT_RT_LOG, 0);
    h = FXT_SET(h, FXT_LOG_LEN, len);
    h = FXT_SET(h, FXT_LOG_THREAD, thread);
    rec_end(c, h | rsv, 0);
}

#define DESC(...) snprintf(c->desc, sizeof c->desc, __VA_ARGS__)

/* ---- one generator per rule ------------------------------------------------------- */

static void v_empty_input(vctx *c)
{
    c->where = P_EMPTY;
    DESC("an empty file (0 bytes)");
}

static void v_truncated(vctx *c)
{
    c->where = P_TRUNCATE;
    /* an instant event with an inline thread and an inline name */
    static const char name[] = "cut-short-event";
    rec_begin(c);
    W(c, ts(c));
    W(c, FRESH_PID + rnd(c, 1000));
    W(c, FRESH_TID + rnd(c, 1000));
    S(c, name, sizeof name - 1);
    uint64_t h = ev_hdr(c, FXT_ET_INSTANT, 0, FXT_THREADREF_INLINE);
    h = FXT_SET(h, FXT_EV_NAME, FXT_STRREF_INLINE_FLAG | (sizeof name - 1));
    rec_end(c, h, 0);
    if (rnd(c, 2)) {
        c->keep = 1 + rnd(c, 7);
        DESC("%zu trailing bytes (the start of an instant event) after the last record",
             c->keep);
    } else {
        c->keep = 8 + rnd(c, c->w.len - 8);
        DESC("an instant event of %zu bytes cut after %zu bytes at the end of the file",
             c->w.len, c->keep);
    }
}

static void v_record_size_zero(vctx *c)
{
    if (rnd(c, 3)) {
        rec_begin(c);
        rec_end(c, ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c)), -1);
        DESC("an instant event header with record size 0 (the rest of the file is not read)");
    } else {
        uint64_t h = FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE), FXT_LREC_TYPE, FXT_LT_BLOB);
        W(c, FXT_SET(h, FXT_LBLOB_FORMAT, FXT_LBF_NO_METADATA));
        DESC("a large blob header with record size 0 (the rest of the file is not read)");
    }
}

static void v_record_too_small(vctx *c)
{
    switch (rnd(c, 3)) {
    case 0:
        W(c, hdr(FXT_RT_INIT, 1));
        DESC("an initialization record of size 1 (no tick multiplier word)");
        break;
    case 1:
        W(c, FXT_SET(ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c)), FXT_REC_SIZE, 1));
        DESC("an instant event of size 1 (no timestamp word)");
        break;
    default: {
        unsigned idx = (unsigned)range(c, 200, 255);
        W(c, FXT_SET(hdr(FXT_RT_THREAD, 2), FXT_THR_INDEX, idx));
        W(c, FRESH_PID);
        DESC("a thread record (index %u) of size 2 (no thread koid word)", idx);
        break;
    }
    }
}

static void v_record_size_extra(vctx *c)
{
    uint64_t extra = fxt_rng_next(&c->r);
    switch (rnd(c, 3)) {
    case 0:
        rec_begin(c);
        W(c, 1000000000u);
        W(c, extra);
        rec_end(c, hdr(FXT_RT_INIT, 0), 0);
        DESC("an initialization record of size 3 (one appended word)");
        break;
    case 1:
        rec_begin(c);
        W(c, ts(c));
        W(c, extra);
        rec_end(c, ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c)), 0);
        DESC("an instant event with one appended word");
        break;
    default: {
        rec_begin(c);
        W(c, 100000 + rnd(c, 1000));
        W(c, extra);
        W(c, extra ^ 0xffff);
        uint64_t h = hdr(FXT_RT_KERNEL_OBJECT, 0);
        h = FXT_SET(h, FXT_KOBJ_TYPE, range(c, 1, 30));
        h = FXT_SET(h, FXT_KOBJ_NAME, reg_str(c));
        rec_end(c, h, 0);
        DESC("a kernel object record with two appended words");
        break;
    }
    }
}

static void v_record_type_unknown(vctx *c)
{
    unsigned type = (unsigned)range(c, 10, 14);
    unsigned words = (unsigned)range(c, 1, 3);
    W(c, hdr(type, words));
    for (unsigned i = 1; i < words; i++)
        W(c, 0);
    DESC("a record of undefined type %u (%u words)", type, words);
}

static void v_padding_nonzero(vctx *c)
{
    uint8_t block[8] = {'p', 'a', 'd', 0, 0, 0, 0, 0};
    size_t len = 3;
    block[len + rnd(c, 8 - len)] = (uint8_t)range(c, 1, 255);
    if (rnd(c, 2)) {
        unsigned t = log_begin(c, 1);
        RAW(c, block, 8);
        log_end(c, t, len, 0);
        DESC("a log record (inline thread) whose message \"pad\" has a nonzero padding byte");
    } else {
        rec_begin(c);
        W(c, ts(c));
        RAW(c, block, 8);
        uint64_t h = ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c));
        h = FXT_SET(h, FXT_EV_NAME, FXT_STRREF_INLINE_FLAG | len);
        rec_end(c, h, 0);
        DESC("an instant event whose inline name \"pad\" has a nonzero padding byte");
    }
}

static void v_utf8_invalid(vctx *c)
{
    static const struct {
        const char *s;
        size_t n;
        const char *what;
    } k_bad[] = {
        {"log \xff msg", 9, "a 0xff byte"},
        {"ab\xc0\x80", 4, "an overlong encoding of U+0000"},
        {"\xed\xa0\x80 surrogate", 13, "a UTF-16 surrogate (U+D800)"},
        {"big \xf4\x90\x80\x80", 8, "a code point above U+10FFFF"},
        {"cut \xe2\x82", 6, "a sequence cut by the end of the string"},
    };
    unsigned k = (unsigned)rnd(c, sizeof k_bad / sizeof *k_bad);
    if (rnd(c, 2)) {
        unsigned t = log_begin(c, rnd(c, 2) != 0);
        S(c, k_bad[k].s, k_bad[k].n);
        log_end(c, t, k_bad[k].n, 0);
        DESC("a log record whose message holds %s", k_bad[k].what);
    } else {
        rec_begin(c);
        W(c, ts(c));
        S(c, k_bad[k].s, k_bad[k].n);
        uint64_t h = ev_hdr(c, FXT_ET_INSTANT, 0, reg_thread(c));
        h = FXT_SET(h, FXT_EV_NAME, FXT_STRREF_INLINE_FLAG | k_bad[k].n);
        rec_end(c, h, 0);
        DESC("an instant event whose inline name holds %s", k_bad[k].what);
    }
}

static void v_string_too_long(vctx *c)
{
    /* indexed thread: 2 words + the message fit 4095 words up to 32744 bytes */
    size_t len = FXT_MAX_STRING_LEN + 1 + (size_t)rnd(c, 700);
    char *msg = malloc(len);
    if (msg == NULL) {
        c->werr = 1;
        return;
    }
    static const char lorem[] = "the quick brown fox jumps over the lazy dog. ";
    for (size_t i = 0; i < len; i++)
        msg[i] = lorem[i % (sizeof lorem - 1)];
    unsigned t = log_begin(c, 0);
    S(c, msg, len);
    log_end(c, t, len, 0);
    free(msg);
    DESC("a log record whose message is %zu bytes long", len);
}

static void v_string_ref_unregistered(vctx *c)
{
    unsigned idx = (unsigned)range(c, BASE_STRINGS + 1, FXT_MAX_STRING_INDEX - 1);
    unsigned k = (unsigned)rnd(c, 3);
    rec_begin(c);
    W(c, ts(c));
    uint64_t h = ev_hdr(c, FXT_ET_INSTANT, k == 2, reg_thread(c));
    if (k == 0)
        h = FXT_SET(h, FXT_EV_CATEGORY, idx);
    else if (k == 1)
        h = FXT_SET(h, FXT_EV_NAME, idx);
    else {
        arg_begin(c);
        arg_end(c, FXT_SET(arg_hdr(FXT_AT_STRING, reg_str(c)), FXT_ARG_STR_VALUE, idx), 0);
    }
    rec_end(c, h, 0);
    DESC("an instant event whose %s refers to unregistered string index %u",
         k == 0 ? "category" : k == 1 ? "name" : "string argument value", idx);
}

static void v_thread_ref_unregistered(vctx *c)
{
    unsigned idx = (unsigned)range(c, BASE_THREADS + 1, FXT_MAX_THREAD_INDEX);
    if (rnd(c, 2)) {
        rec_begin(c);
        W(c, ts(c));
        rec_end(c, ev_hdr(c, FXT_ET_INSTANT, 0, idx), 0);
        DESC("an instant event on unregistered thread index %u", idx);
    } else {
        static const char msg[] = "who am i";
        rec_begin(c);
        W(c, ts(c));
        S(c, msg, sizeof msg - 1);
        log_end(c, idx, sizeof msg - 1, 0);
        DESC("a log record on unregistered thread index %u", idx);
    }
}

static void v_magic_missing(vctx *c)
{
    c->where = P_DROP_MAGIC;
    DESC("the magic number record is left out (the trace starts with its initialization "
         "record)");
}

static void v_magic_not_first(vctx *c)
{
    W(c, FXT_MAGIC_RECORD);
    DESC("a second magic number record in the middle of the trace");
}

static void v_magic_bad_number(vctx *c)
{
    c->where = P_REPLACE_MAGIC;
    uint32_t m = FXT_MAGIC_NUMBER ^ (uint32_t)bit_in(c, 0, 31);
    W(c, FXT_SET(FXT_MAGIC_RECORD, FXT_MAGIC_VALUE_FIELD, m));
    DESC("the first record is a magic record with number 0x%08x", m);
}

static void v_magic_bad_size(vctx *c)
{
    c->where = P_REPLACE_MAGIC;
    unsigned words = (unsigned)range(c, 2, 3);
    W(c, FXT_SET(FXT_MAGIC_RECORD, FXT_REC_SIZE, words));
    for (unsigned i = 1; i < words; i++)
        W(c, 0);
    DESC("the first record is a magic record of %u words", words);
}

static void v_magic_reserved_bits(vctx *c)
{
    c->where = P_REPLACE_MAGIC;
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_MAGIC_RSV), FXT_FIELD_HI(FXT_MAGIC_RSV));
    W(c, FXT_MAGIC_RECORD | b);
    DESC("the first record is a magic record with reserved bits 0x%016llx set",
         (unsigned long long)b);
}

static uint64_t meta_hdr(unsigned mtype)
{
    return FXT_SET(hdr(FXT_RT_METADATA, 1), FXT_META_TYPE, mtype);
}

static void v_metadata_type_unknown(vctx *c)
{
    static const unsigned k_types[] = {0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    unsigned t = k_types[rnd(c, sizeof k_types / sizeof *k_types)];
    W(c, FXT_SET(meta_hdr(t), FXT_META_PROVIDER_ID, c->prov_id));
    DESC("a metadata record of undefined metadata type %u", t);
}

static void v_metadata_reserved_bits(vctx *c)
{
    if (rnd(c, 2)) {
        uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_EVENT), FXT_META_PROVIDER_ID, c->prov_id);
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_PEVENT_RSV), FXT_FIELD_HI(FXT_PEVENT_RSV));
        W(c, h | b);
        DESC("a provider event record (provider %u, event 0) with reserved bits 0x%016llx set",
             c->prov_id, (unsigned long long)b);
    } else {
        /* a section for the current provider: no switch */
        uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_SECTION), FXT_META_PROVIDER_ID, c->prov_id);
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_PSECT_RSV), FXT_FIELD_HI(FXT_PSECT_RSV));
        W(c, h | b);
        DESC("a provider section record for the current provider %u with reserved bits "
             "0x%016llx set",
             c->prov_id, (unsigned long long)b);
    }
}

static void v_provider_event_unknown(vctx *c)
{
    unsigned id = (unsigned)range(c, 1, FXT_FIELD_MAX(FXT_PEVENT_ID));
    uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_EVENT), FXT_META_PROVIDER_ID, c->prov_id);
    W(c, FXT_SET(h, FXT_PEVENT_ID, id));
    DESC("a provider event record (provider %u) with undefined event id %u", c->prov_id, id);
}

static void v_provider_section_unknown(vctx *c)
{
    c->where = P_APPEND;
    uint32_t id = 0x5eed0000u + (uint32_t)rnd(c, 0x10000);
    W(c, FXT_SET(meta_hdr(FXT_MT_PROVIDER_SECTION), FXT_META_PROVIDER_ID, id));
    DESC("a provider section record for provider %u, never introduced, at the end of the trace",
         id);
}

static void v_trace_info_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, 1, FXT_FIELD_MAX(FXT_TINFO_TYPE));
    W(c, FXT_SET(meta_hdr(FXT_MT_TRACE_INFO), FXT_TINFO_TYPE, t));
    DESC("a trace info metadata record of undefined trace info type %u", t);
}

static void v_init_reserved_bits(vctx *c)
{
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_INIT_RSV), FXT_FIELD_HI(FXT_INIT_RSV));
    rec_begin(c);
    W(c, 1000000000u);
    rec_end(c, hdr(FXT_RT_INIT, 0) | b, 0);
    DESC("an initialization record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_init_zero_ticks(vctx *c)
{
    rec_begin(c);
    W(c, 0);
    rec_end(c, hdr(FXT_RT_INIT, 0), 0);
    DESC("an initialization record with 0 ticks per second");
}

static void v_string_record_reserved_bits(vctx *c)
{
    uint64_t b;
    switch (rnd(c, 3)) {
    case 0: b = bit_in(c, FXT_FIELD_LO(FXT_STR_RSV1), FXT_FIELD_HI(FXT_STR_RSV1)); break;
    case 1: b = bit_in(c, FXT_FIELD_LO(FXT_STR_RSV2), FXT_FIELD_HI(FXT_STR_RSV2)); break;
    default: b = bit_in(c, FXT_FIELD_LO(FXT_STR_RSV3), FXT_FIELD_HI(FXT_STR_RSV3)); break;
    }
    size_t n = strlen(BASE_LAST_STRING);
    rec_begin(c);
    S(c, BASE_LAST_STRING, n);
    uint64_t h = FXT_SET(hdr(FXT_RT_STRING, 0), FXT_STR_INDEX, FXT_MAX_STRING_INDEX);
    rec_end(c, FXT_SET(h, FXT_STR_LEN, n) | b, 0);
    DESC("a string record re-registering index 0x7fff with its content, with reserved bits "
         "0x%016llx set",
         (unsigned long long)b);
}

static void v_string_index_zero(vctx *c)
{
    static const char s[] = "index-zero";
    rec_begin(c);
    S(c, s, sizeof s - 1);
    rec_end(c, FXT_SET(hdr(FXT_RT_STRING, 0), FXT_STR_LEN, sizeof s - 1), 0);
    DESC("a string record for index 0 (\"%s\")", s);
}

static void v_string_empty(vctx *c)
{
    /* 0x7fff is registered by the base and not referenced by its events */
    W(c, FXT_SET(hdr(FXT_RT_STRING, 1), FXT_STR_INDEX, FXT_MAX_STRING_INDEX));
    DESC("a string record registering the empty string at index 0x7fff");
}

static void v_thread_record_reserved_bits(vctx *c)
{
    unsigned idx = (unsigned)range(c, 200, 255);
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_THR_RSV), FXT_FIELD_HI(FXT_THR_RSV));
    rec_begin(c);
    W(c, FRESH_PID + rnd(c, 1000));
    W(c, FRESH_TID + rnd(c, 1000));
    rec_end(c, FXT_SET(hdr(FXT_RT_THREAD, 0), FXT_THR_INDEX, idx) | b, 0);
    DESC("a thread record for unused index %u with reserved bits 0x%016llx set", idx,
         (unsigned long long)b);
}

static void v_thread_index_zero(vctx *c)
{
    rec_begin(c);
    W(c, FRESH_PID + rnd(c, 1000));
    W(c, FRESH_TID + rnd(c, 1000));
    rec_end(c, hdr(FXT_RT_THREAD, 0), 0);
    DESC("a thread record for index 0");
}

static void v_event_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, FXT_ET_COUNT, FXT_FIELD_MAX(FXT_EV_TYPE));
    rec_begin(c);
    W(c, ts(c));
    rec_end(c, ev_hdr(c, t, 0, reg_thread(c)), 0);
    DESC("an event record of undefined event type %u", t);
}

static void v_duration_end_unmatched(vctx *c)
{
    fresh_thread_event(c, FXT_ET_DURATION_END);
    DESC("a duration end on a thread (inline koids) that has no duration begin");
}

static void v_duration_begin_unended(vctx *c)
{
    fresh_thread_event(c, FXT_ET_DURATION_BEGIN);
    DESC("a duration begin on a thread (inline koids) that is never ended");
}

static void v_duration_complete_negative(vctx *c)
{
    uint64_t t = ts(c);
    simple_event(c, FXT_ET_DURATION_COMPLETE, t, t - 1 - rnd(c, 1000));
    DESC("a duration complete event whose end time is before its start time");
}

static void v_async_unmatched(vctx *c)
{
    unsigned et = rnd(c, 2) ? FXT_ET_ASYNC_END : FXT_ET_ASYNC_INSTANT;
    uint64_t t = ts(c), id = fresh_id(c);
    simple_event(c, et, t, id);
    DESC("an async %s with a correlation id that was never begun",
         et == FXT_ET_ASYNC_END ? "end" : "instant");
}

static void v_async_begin_unended(vctx *c)
{
    uint64_t t = ts(c), id = fresh_id(c);
    simple_event(c, FXT_ET_ASYNC_BEGIN, t, id);
    DESC("an async begin whose correlation id is never ended");
}

static void v_flow_unmatched(vctx *c)
{
    unsigned et = rnd(c, 2) ? FXT_ET_FLOW_END : FXT_ET_FLOW_STEP;
    uint64_t t = ts(c), id = fresh_id(c);
    simple_event(c, et, t, id);
    DESC("a flow %s with a correlation id that was never begun",
         et == FXT_ET_FLOW_END ? "end" : "step");
}

static void v_flow_begin_unended(vctx *c)
{
    uint64_t t = ts(c), id = fresh_id(c);
    simple_event(c, FXT_ET_FLOW_BEGIN, t, id);
    DESC("a flow begin whose correlation id is never ended");
}

static void v_duplicate_begin(vctx *c)
{
    /* flows: their ids are global, so the events' threads do not matter */
    uint64_t id = fresh_id(c), t = ts(c);
    simple_event(c, FXT_ET_FLOW_BEGIN, t, id);
    c->mark = c->w.len; /* the second begin is the offending record */
    t = ts(c);
    simple_event(c, FXT_ET_FLOW_BEGIN, t, id);
    for (int i = 0; i < 2; i++) { /* each begin gets its own end */
        t = ts(c);
        simple_event(c, FXT_ET_FLOW_END, t, id);
    }
    DESC("a second flow begin with a correlation id that is still open (both begins are ended)");
}

/* Blob record (type 5) with indexed name and a small payload. */
static void blob(vctx *c, unsigned btype, uint64_t rsv)
{
    uint8_t payload[24];
    size_t n = 1 + (size_t)rnd(c, sizeof payload);
    for (size_t i = 0; i < n; i++)
        payload[i] = (uint8_t)fxt_rng_next(&c->r);
    rec_begin(c);
    S(c, payload, n);
    uint64_t h = hdr(FXT_RT_BLOB, 0);
    h = FXT_SET(h, FXT_BLOB_NAME, reg_str(c));
    h = FXT_SET(h, FXT_BLOB_SIZE, n);
    h = FXT_SET(h, FXT_BLOB_TYPE, btype);
    rec_end(c, h | rsv, 0);
}

static void v_blob_reserved_bits(vctx *c)
{
    uint64_t b = rnd(c, 2) ? bit_in(c, FXT_FIELD_LO(FXT_BLOB_RSV1), FXT_FIELD_HI(FXT_BLOB_RSV1))
                           : bit_in(c, FXT_FIELD_LO(FXT_BLOB_RSV2), FXT_FIELD_HI(FXT_BLOB_RSV2));
    blob(c, (unsigned)range(c, FXT_BT_DATA, FXT_BT_PERFETTO), b);
    DESC("a blob record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_blob_type_unknown(vctx *c)
{
    unsigned t = rnd(c, 4) == 0 ? 0 : (unsigned)range(c, 4, 255);
    blob(c, t, 0);
    DESC("a blob record of undefined blob type %u", t);
}

static uint64_t large_hdr(unsigned ltype, unsigned format)
{
    uint64_t h = FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE);
    h = FXT_SET(h, FXT_LREC_TYPE, ltype);
    return FXT_SET(h, FXT_LBLOB_FORMAT, format);
}

static void v_large_record_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, 1, FXT_FIELD_MAX(FXT_LREC_TYPE));
    rec_begin(c);
    W(c, 0);
    rec_end(c, large_hdr(t, 0), 0);
    DESC("a large record (type 15) of undefined large record type %u", t);
}

static void v_large_blob_format_unknown(vctx *c)
{
    unsigned f = (unsigned)range(c, 2, FXT_FIELD_MAX(FXT_LBLOB_FORMAT));
    rec_begin(c);
    W(c, 0);
    rec_end(c, large_hdr(FXT_LT_BLOB, f), 0);
    DESC("a large blob record of undefined blob format %u", f);
}

static void v_large_blob_reserved_bits(vctx *c)
{
    unsigned k = (unsigned)rnd(c, 3);
    unsigned format = k == 2 ? FXT_LBF_NO_METADATA : (unsigned)rnd(c, 2);
    uint64_t hb = 0, fb = 0;
    if (k == 0)
        hb = bit_in(c, FXT_FIELD_LO(FXT_LBLOB_RSV), FXT_FIELD_HI(FXT_LBLOB_RSV));
    else if (k == 1 && format == FXT_LBF_METADATA)
        fb = bit_in(c, FXT_FIELD_LO(FXT_LBLOB0_RSV), FXT_FIELD_HI(FXT_LBLOB0_RSV));
    else
        fb = bit_in(c, FXT_FIELD_LO(FXT_LBLOB1_RSV), FXT_FIELD_HI(FXT_LBLOB1_RSV));
    uint64_t f = FXT_SET(0, FXT_LBLOB_CATEGORY, reg_str(c));
    f = FXT_SET(f, FXT_LBLOB_NAME, reg_str(c));
    if (format == FXT_LBF_METADATA)
        f = FXT_SET(f, FXT_LBLOB0_THREAD, reg_thread(c));
    uint8_t payload[40];
    size_t n = (size_t)rnd(c, sizeof payload + 1);
    for (size_t i = 0; i < n; i++)
        payload[i] = (uint8_t)fxt_rng_next(&c->r);
    rec_begin(c);
    W(c, f | fb);
    if (format == FXT_LBF_METADATA)
        W(c, ts(c));
    W(c, n);
    S(c, payload, n);
    rec_end(c, large_hdr(FXT_LT_BLOB, format) | hb, 0);
    DESC("a large blob record (format %u) with reserved bits 0x%016llx set in its %s word",
         format, (unsigned long long)(hb | fb), hb ? "header" : "format header");
}

static void v_userspace_reserved_bits(vctx *c)
{
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_UOBJ_RSV), FXT_FIELD_HI(FXT_UOBJ_RSV));
    unsigned proc = rnd(c, 2) ? reg_thread(c) : FXT_THREADREF_INLINE;
    rec_begin(c);
    W(c, fxt_rng_next(&c->r)); /* pointer */
    if (proc == FXT_THREADREF_INLINE)
        W(c, FRESH_PID + rnd(c, 1000));
    uint64_t h = hdr(FXT_RT_USERSPACE, 0);
    h = FXT_SET(h, FXT_UOBJ_PROCESS, proc);
    h = FXT_SET(h, FXT_UOBJ_NAME, reg_str(c));
    rec_end(c, h | b, 0);
    DESC("a userspace object record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_kernel_object_reserved_bits(vctx *c)
{
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_KOBJ_RSV), FXT_FIELD_HI(FXT_KOBJ_RSV));
    rec_begin(c);
    W(c, 100000 + rnd(c, 1000));
    uint64_t h = hdr(FXT_RT_KERNEL_OBJECT, 0);
    h = FXT_SET(h, FXT_KOBJ_TYPE, range(c, 1, 30));
    h = FXT_SET(h, FXT_KOBJ_NAME, reg_str(c));
    rec_end(c, h | b, 0);
    DESC("a kernel object record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static uint64_t sched_hdr(unsigned stype) { return FXT_SET(hdr(FXT_RT_SCHEDULING, 0), FXT_SCHED_TYPE, stype); }

static void context_switch(vctx *c, unsigned state, uint64_t rsv)
{
    rec_begin(c);
    W(c, ts(c));
    W(c, 5000 + rnd(c, BASE_THREADS)); /* outgoing and incoming thread koids */
    W(c, 5000 + rnd(c, BASE_THREADS));
    uint64_t h = sched_hdr(FXT_ST_CONTEXT_SWITCH);
    h = FXT_SET(h, FXT_CSW_CPU, rnd(c, 64));
    h = FXT_SET(h, FXT_CSW_STATE, state);
    rec_end(c, h | rsv, 0);
}

static void v_scheduling_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, 3, FXT_FIELD_MAX(FXT_SCHED_TYPE));
    rec_begin(c);
    W(c, ts(c));
    rec_end(c, sched_hdr(t), 0);
    DESC("a scheduling record of undefined scheduling record type %u", t);
}

static void v_scheduling_reserved_bits(vctx *c)
{
    if (rnd(c, 2)) {
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_CSW_RSV), FXT_FIELD_HI(FXT_CSW_RSV));
        context_switch(c, (unsigned)rnd(c, FXT_TS_MAX + 1), b);
        DESC("a context switch record with reserved bits 0x%016llx set", (unsigned long long)b);
    } else {
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_WAKE_RSV), FXT_FIELD_HI(FXT_WAKE_RSV));
        rec_begin(c);
        W(c, ts(c));
        W(c, 5000 + rnd(c, BASE_THREADS));
        rec_end(c, FXT_SET(sched_hdr(FXT_ST_THREAD_WAKEUP), FXT_WAKE_CPU, rnd(c, 64)) | b, 0);
        DESC("a thread wakeup record with reserved bits 0x%016llx set", (unsigned long long)b);
    }
}

static void v_legacy_state_invalid(vctx *c)
{
    unsigned state = rnd(c, 2) ? FXT_TS_RUNNING : (unsigned)range(c, FXT_TS_MAX + 1, 15);
    unsigned out = rnd(c, 3) ? reg_thread(c) : FXT_THREADREF_INLINE;
    unsigned in = reg_thread(c);
    rec_begin(c);
    W(c, ts(c));
    if (out == FXT_THREADREF_INLINE) {
        W(c, FRESH_PID + rnd(c, 1000));
        W(c, FRESH_TID + rnd(c, 1000));
    }
    uint64_t h = sched_hdr(FXT_ST_LEGACY_CONTEXT_SWITCH);
    h = FXT_SET(h, FXT_LCSW_CPU, rnd(c, 64));
    h = FXT_SET(h, FXT_LCSW_STATE, state);
    h = FXT_SET(h, FXT_LCSW_OUT_THREAD, out);
    h = FXT_SET(h, FXT_LCSW_IN_THREAD, in);
    h = FXT_SET(h, FXT_LCSW_OUT_PRIO, rnd(c, 256));
    h = FXT_SET(h, FXT_LCSW_IN_PRIO, rnd(c, 256));
    rec_end(c, h, 0);
    DESC("a legacy context switch record with outgoing thread state %u", state);
}

static void v_context_switch_state_unknown(vctx *c)
{
    unsigned state = (unsigned)range(c, FXT_TS_MAX + 1, FXT_FIELD_MAX(FXT_CSW_STATE));
    context_switch(c, state, 0);
    DESC("a context switch record with undefined outgoing thread state %u", state);
}

static void v_log_reserved_bits(vctx *c)
{
    uint64_t b = rnd(c, 3) == 0
                     ? bit_in(c, FXT_FIELD_LO(FXT_LOG_RSV1), FXT_FIELD_HI(FXT_LOG_RSV1))
                     : bit_in(c, FXT_FIELD_LO(FXT_LOG_RSV2), FXT_FIELD_HI(FXT_LOG_RSV2));
    static const char msg[] = "reserved bits";
    unsigned t = log_begin(c, rnd(c, 2) != 0);
    S(c, msg, sizeof msg - 1);
    log_end(c, t, sizeof msg - 1, b);
    DESC("a log record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_arg_type_unknown(vctx *c)
{
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    unsigned t = (unsigned)range(c, FXT_AT_COUNT, FXT_FIELD_MAX(FXT_ARG_TYPE));
    unsigned words = (unsigned)range(c, 1, 2);
    arg_begin(c);
    for (unsigned i = 1; i < words; i++)
        W(c, fxt_rng_next(&c->r));
    arg_end(c, arg_hdr(t, reg_str(c)), 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of undefined type %u (%u word%s)", host, t, words,
         words == 1 ? "" : "s");
}

static void v_arg_too_small(vctx *c)
{
    static const unsigned k_types[] = {FXT_AT_INT64, FXT_AT_UINT64, FXT_AT_DOUBLE,
                                       FXT_AT_POINTER, FXT_AT_KOID};
    unsigned t = k_types[rnd(c, 5)];
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    arg_begin(c);
    arg_end(c, arg_hdr(t, reg_str(c)), 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of type %s and size 1 (no value word)", host,
         k_arg_type_names[t]);
}

static void v_arg_size_extra(vctx *c)
{
    static const unsigned k_types[] = {FXT_AT_NULL, FXT_AT_INT32, FXT_AT_UINT32, FXT_AT_BOOL};
    unsigned t = k_types[rnd(c, 4)];
    unsigned extra = (unsigned)range(c, 1, 2);
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    arg_begin(c);
    for (unsigned i = 0; i < extra; i++)
        W(c, fxt_rng_next(&c->r));
    uint64_t a = arg_hdr(t, reg_str(c));
    if (t == FXT_AT_INT32 || t == FXT_AT_UINT32)
        a = FXT_SET(a, FXT_ARG_HI, fxt_rng_next(&c->r));
    else if (t == FXT_AT_BOOL)
        a = FXT_SET(a, FXT_ARG_HI, rnd(c, 2));
    arg_end(c, a, 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of type %s and %u words (%u appended)", host,
         k_arg_type_names[t], 1 + extra, extra);
}

static void v_arg_overrun(vctx *c)
{
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    unsigned t = (unsigned)rnd(c, FXT_AT_COUNT);
    unsigned over = (unsigned)range(c, 1, 4);
    arg_begin(c);
    if (t == FXT_AT_INT64 || t == FXT_AT_UINT64 || t == FXT_AT_DOUBLE || t == FXT_AT_POINTER ||
        t == FXT_AT_KOID)
        W(c, fxt_rng_next(&c->r));
    arg_end(c, arg_hdr(t, reg_str(c)), (int)over);
    rec_end(c, h, 0);
    DESC("%s whose last argument (type %s) claims %u word%s more than the record holds",
         host, k_arg_type_names[t], over, over == 1 ? "" : "s");
}

static void v_arg_reserved_bits(vctx *c)
{
    static const unsigned k_types[] = {FXT_AT_NULL,   FXT_AT_INT64,   FXT_AT_UINT64,
                                       FXT_AT_DOUBLE, FXT_AT_POINTER, FXT_AT_KOID,
                                       FXT_AT_STRING};
    unsigned t = k_types[rnd(c, 7)];
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    arg_begin(c);
    uint64_t a = arg_hdr(t, reg_str(c)), b;
    if (t == FXT_AT_STRING) {
        a = FXT_SET(a, FXT_ARG_STR_VALUE, reg_str(c));
        b = bit_in(c, FXT_FIELD_LO(FXT_ARG_STR_RSV), FXT_FIELD_HI(FXT_ARG_STR_RSV));
    } else {
        b = bit_in(c, FXT_FIELD_LO(FXT_ARG_HI), FXT_FIELD_HI(FXT_ARG_HI));
        if (t != FXT_AT_NULL)
            W(c, fxt_rng_next(&c->r));
    }
    arg_end(c, a | b, 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of type %s whose reserved bits 0x%016llx are set", host,
         k_arg_type_names[t], (unsigned long long)b);
}

static void v_bool_value_invalid(vctx *c)
{
    uint32_t val = rnd(c, 2) ? 2 : (uint32_t)range(c, 2, 0xffffffffu);
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    arg_begin(c);
    arg_end(c, FXT_SET(arg_hdr(FXT_AT_BOOL, reg_str(c)), FXT_ARG_HI, val), 0);
    rec_end(c, h, 0);
    DESC("%s with a boolean argument of value 0x%x", host, val);
}

static void v_tracking_limit(vctx *c)
{
    c->where = P_APPEND;
    /* The validator tracks DEFAULT_MAX_PROVIDERS providers besides the
     * implicit one; the base introduced c->nprov of them. The provider
     * info record that introduces one more than the limit is the offending
     * one. */
    unsigned n = DEFAULT_MAX_PROVIDERS - c->nprov + 1;
    for (unsigned i = 0; i < n; i++) {
        char name[16];
        int len = snprintf(name, sizeof name, "extra-%03u", i + 1);
        uint32_t id = 0x10000u + i;
        if (i == n - 1)
            c->mark = c->w.len;
        rec_begin(c);
        S(c, name, (size_t)len);
        uint64_t h = FXT_SET(meta_hdr(FXT_MT_PROVIDER_INFO), FXT_META_PROVIDER_ID, id);
        rec_end(c, FXT_SET(h, FXT_PINFO_NAME_LEN, len), 0);
    }
    DESC("%u provider info records for new providers at the end of the trace; the last one "
         "exceeds the validator's default %u tracked providers",
         n, DEFAULT_MAX_PROVIDERS);
}

typedef void (*vgen_fn)(vctx *c);

/* By rule number. */
static const vgen_fn k_gens[FXT_R_END_] = {
    [FXT_R_EMPTY_INPUT] = v_empty_input,
    [FXT_R_TRUNCATED] = v_truncated,
    [FXT_R_RECORD_SIZE_ZERO] = v_record_size_zero,
    [FXT_R_RECORD_TOO_SMALL] = v_record_too_small,
    [FXT_R_RECORD_SIZE_EXTRA] = v_record_size_extra,
    [FXT_R_RECORD_TYPE_UNKNOWN] = v_record_type_unknown,
    [FXT_R_PADDING_NONZERO] = v_padding_nonzero,
    [FXT_R_UTF8_INVALID] = v_utf8_invalid,
    [FXT_R_STRING_TOO_LONG] = v_string_too_long,
    [FXT_R_STRING_REF_UNREGISTERED] = v_string_ref_unregistered,
    [FXT_R_THREAD_REF_UNREGISTERED] = v_thread_ref_unregistered,
    [FXT_R_MAGIC_MISSING] = v_magic_missing,
    [FXT_R_MAGIC_NOT_FIRST] = v_magic_not_first,
    [FXT_R_MAGIC_BAD_NUMBER] = v_magic_bad_number,
    [FXT_R_MAGIC_BAD_SIZE] = v_magic_bad_size,
    [FXT_R_MAGIC_RESERVED_BITS] = v_magic_reserved_bits,
    [FXT_R_METADATA_TYPE_UNKNOWN] = v_metadata_type_unknown,
    [FXT_R_METADATA_RESERVED_BITS] = v_metadata_reserved_bits,
    [FXT_R_PROVIDER_EVENT_UNKNOWN] = v_provider_event_unknown,
    [FXT_R_PROVIDER_SECTION_UNKNOWN] = v_provider_section_unknown,
    [FXT_R_TRACE_INFO_TYPE_UNKNOWN] = v_trace_info_type_unknown,
    [FXT_R_INIT_RESERVED_BITS] = v_init_reserved_bits,
    [FXT_R_INIT_ZERO_TICKS] = v_init_zero_ticks,
    [FXT_R_STRING_RECORD_RESERVED_BITS] = v_string_record_reserved_bits,
    [FXT_R_STRING_INDEX_ZERO] = v_string_index_zero,
    [FXT_R_STRING_EMPTY] = v_string_empty,
    [FXT_R_THREAD_RECORD_RESERVED_BITS] = v_thread_record_reserved_bits,
    [FXT_R_THREAD_INDEX_ZERO] = v_thread_index_zero,
    [FXT_R_EVENT_TYPE_UNKNOWN] = v_event_type_unknown,
    [FXT_R_DURATION_END_UNMATCHED] = v_duration_end_unmatched,
    [FXT_R_DURATION_BEGIN_UNENDED] = v_duration_begin_unended,
    [FXT_R_DURATION_COMPLETE_NEGATIVE] = v_duration_complete_negative,
    [FXT_R_ASYNC_UNMATCHED] = v_async_unmatched,
    [FXT_R_ASYNC_BEGIN_UNENDED] = v_async_begin_unended,
    [FXT_R_FLOW_UNMATCHED] = v_flow_unmatched,
    [FXT_R_FLOW_BEGIN_UNENDED] = v_flow_begin_unended,
    [FXT_R_BLOB_RESERVED_BITS] = v_blob_reserved_bits,
    [FXT_R_BLOB_TYPE_UNKNOWN] = v_blob_type_unknown,
    [FXT_R_LARGE_RECORD_TYPE_UNKNOWN] = v_large_record_type_unknown,
    [FXT_R_LARGE_BLOB_FORMAT_UNKNOWN] = v_large_blob_format_unknown,
    [FXT_R_LARGE_BLOB_RESERVED_BITS] = v_large_blob_reserved_bits,
    [FXT_R_USERSPACE_RESERVED_BITS] = v_userspace_reserved_bits,
    [FXT_R_KERNEL_OBJECT_RESERVED_BITS] = v_kernel_object_reserved_bits,
    [FXT_R_SCHEDULING_TYPE_UNKNOWN] = v_scheduling_type_unknown,
    [FXT_R_SCHEDULING_RESERVED_BITS] = v_scheduling_reserved_bits,
    [FXT_R_LEGACY_STATE_INVALID] = v_legacy_state_invalid,
    [FXT_R_CONTEXT_SWITCH_STATE_UNKNOWN] = v_context_switch_state_unknown,
    [FXT_R_LOG_RESERVED_BITS] = v_log_reserved_bits,
    [FXT_R_ARG_TYPE_UNKNOWN] = v_arg_type_unknown,
    [FXT_R_ARG_TOO_SMALL] = v_arg_too_small,
    [FXT_R_ARG_SIZE_EXTRA] = v_arg_size_extra,
    [FXT_R_ARG_OVERRUN] = v_arg_overrun,
    [FXT_R_ARG_RESERVED_BITS] = v_arg_reserved_bits,
    [FXT_R_BOOL_VALUE_INVALID] = v_bool_value_invalid,
    [FXT_R_TRACKING_LIMIT] = v_tracking_limit,
    [FXT_R_DUPLICATE_BEGIN] = v_duplicate_begin,
};

/* Rules whose violation lives in the first record: a big-endian trace is
 * recognised only by its (byte-swapped) magic record, so a trace without
 * an intact magic record first is read as little-endian. */
static int needs_intact_magic_absent(unsigned rule)
{
    return rule == FXT_R_MAGIC_MISSING || rule == FXT_R_MAGIC_BAD_NUMBER ||
           rule == FXT_R_MAGIC_BAD_SIZE || rule == FXT_R_MAGIC_RESERVED_BITS;
}

/* ---- the base trace ------------------------------------------------------------------ */

/* Record boundaries of the base, from its headers. */
typedef struct walk {
    size_t *off; /* record offsets, then the end offset */
    size_t n;    /* records */
    size_t setup; /* index of the first record after the setup records */
    uint32_t prov_id;
    unsigned nprov;
} walk;

static int walk_base(const uint8_t *b, size_t len, int be, walk *wk)
{
    size_t cap = 1024;
    wk->off = malloc(cap * sizeof *wk->off);
    wk->n = 0;
    wk->setup = 0;
    wk->prov_id = 0;
    wk->nprov = 0;
    uint32_t seen[16];
    size_t at = 0;
    while (at < len) {
        if (wk->off == NULL || len - at < 8)
            return -1;
        uint64_t h = fxt_read_word(b, at, be);
        unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        uint64_t words = type == FXT_RT_LARGE ? FXT_GET(h, FXT_LREC_SIZE) : FXT_GET(h, FXT_REC_SIZE);
        if (words == 0 || words > (len - at) / 8)
            return -1;
        if (wk->n + 2 > cap) {
            cap *= 2;
            size_t *n = realloc(wk->off, cap * sizeof *n);
            if (n == NULL)
                return -1;
            wk->off = n;
        }
        if (type > FXT_RT_THREAD && wk->setup == 0)
            wk->setup = wk->n;
        if (type == FXT_RT_METADATA) {
            unsigned mt = (unsigned)FXT_GET(h, FXT_META_TYPE);
            uint32_t id = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
            if (mt == FXT_MT_PROVIDER_INFO || mt == FXT_MT_PROVIDER_SECTION) {
                /* the realistic profile stays in its first provider */
                if (wk->setup != 0)
                    return -1;
                int known = 0;
                for (unsigned i = 0; i < wk->nprov; i++)
                    known |= seen[i] == id;
                if (!known && mt == FXT_MT_PROVIDER_INFO) {
                    if (wk->nprov == 16)
                        return -1;
                    seen[wk->nprov++] = id;
                }
                wk->prov_id = id;
            }
        }
        wk->off[wk->n++] = at;
        at += (size_t)words * 8;
    }
    wk->off[wk->n] = len;
    return wk->setup == 0 ? -1 : 0;
}

/* ---- building a violation trace ---------------------------------------------------------- */

/* Build the trace for RULE. *OUT (malloc'd) and *LEN receive the bytes,
 * *OFFSET the offending record's offset, DESC a one-line description.
 * BASE_RECORDS 0 lets the seed choose the base size (100..300 records).
 * Returns 0, 1 if RULE cannot be violated in this byte order (ERR says
 * why), -1 on an internal failure. Used by golden.c too. */
int violate_build(unsigned rule, uint64_t seed, int big_endian, uint64_t base_records,
                  uint8_t **out, size_t *len, uint64_t *offset, char *desc, size_t desclen,
                  char *err, size_t errlen);

int violate_build(unsigned rule, uint64_t seed, int big_endian, uint64_t base_records,
                  uint8_t **out, size_t *len, uint64_t *offset, char *desc, size_t desclen,
                  char *err, size_t errlen)
{
    const fxt_rule_info *ri = fxt_rule_get((fxt_rule)rule);
    if (ri == NULL || k_gens[rule] == NULL) {
        snprintf(err, errlen, "no generator for rule %u", rule);
        return -1;
    }
    if (big_endian && needs_intact_magic_absent(rule)) {
        snprintf(err, errlen,
                 "%s (%s) cannot be violated in a big-endian trace: byte order is recognised "
                 "only by an intact magic record at offset 0, so without one the trace reads "
                 "as little-endian garbage",
                 ri->id, ri->name);
        return 1;
    }

    vctx *c = calloc(1, sizeof *c);
    uint8_t *ins = malloc(INS_CAP);
    uint8_t *base = NULL;
    size_t base_len = 0;
    walk wk = {NULL, 0, 0, 0, 0};
    int rc = -1;
    if (c == NULL || ins == NULL)
        goto done;
    c->r.s = seed * 0x9e3779b97f4a7c15ull ^ (0x51a7e0000ull + rule);
    c->be = big_endian;
    fxt_writer_init(&c->w, ins, INS_CAP, big_endian);

    /* the base */
    /* the base size depends on the seed only (same base for every rule) */
    fxt_rng rb = {seed ^ 0xba5eba5eba5eba5eull};
    uint64_t nbase = base_records ? base_records : 100 + fxt_rng_below(&rb, 201);
    if (gen_random_trace(seed, nbase, FXT_GEN_REALISTIC, big_endian, &base, &base_len) != 0 ||
        walk_base(base, base_len, big_endian, &wk) != 0) {
        snprintf(err, errlen, "could not build the base trace");
        goto done;
    }
    c->prov_id = wk.prov_id;
    c->nprov = wk.nprov;
    /* boundaries after the setup records, the end of the base included */
    size_t at = wk.off[wk.setup + (size_t)rnd(c, wk.n - wk.setup + 1)];

    c->where = P_INSERT;
    k_gens[rule](c);
    if (c->werr) {
        snprintf(err, errlen, "internal error building the violation");
        goto done;
    }

    size_t cut_lo, cut_hi, ins_len = c->w.len; /* base[cut_lo..cut_hi) is replaced */
    switch (c->where) {
    case P_INSERT: cut_lo = cut_hi = at; break;
    case P_APPEND: cut_lo = cut_hi = base_len; break;
    case P_REPLACE_MAGIC: cut_lo = 0, cut_hi = 8; break;
    case P_DROP_MAGIC: cut_lo = 0, cut_hi = 8, ins_len = 0; break;
    case P_EMPTY: cut_lo = 0, cut_hi = base_len, ins_len = 0; break;
    default: /* P_TRUNCATE */
        cut_lo = cut_hi = base_len;
        ins_len = c->keep;
        break;
    }
    size_t total = cut_lo + ins_len + (base_len - cut_hi);
    uint8_t *b = malloc(total ? total : 1);
    if (b == NULL)
        goto done;
    memcpy(b, base, cut_lo);
    memcpy(b + cut_lo, ins, ins_len);
    memcpy(b + cut_lo + ins_len, base + cut_hi, base_len - cut_hi);
    *out = b;
    *len = total;
    *offset = c->where == P_DROP_MAGIC || c->where == P_EMPTY ? 0 : cut_lo + c->mark;
    snprintf(desc, desclen, "%s", c->desc);
    rc = 0;
done:
    if (rc < 0 && err[0] == 0)
        snprintf(err, errlen, "out of memory");
    free(wk.off);
    free(base);
    free(ins);
    free(c);
    return rc;
}

/* ---- the subcommand ------------------------------------------------------------------------ */

static int list_rules(void)
{
    for (unsigned i = 0; i < fxt_rule_count(); i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        if (k_gens[ri->rule] != NULL)
            printf("%s %s\n", ri->id, ri->name);
    }
    return fflush(stdout) != 0 ? 2 : 0;
}

static void violate_usage(FILE *f)
{
    fprintf(f,
            "usage: fxt-gen violate --rule RULE [--seed S] [--big-endian] -o FILE\n"
            "       fxt-gen violate --list\n"
            "\n"
            "Write a valid realistic trace (100 to 300 records, chosen by the seed) plus exactly\n"
            "one violation of RULE (an id like E0004 or a name like record-too-small), and\n"
            "print '<RULE-ID> <OFFSET>': the byte offset of the offending record, known from\n"
            "construction. The same arguments give the same bytes.\n"
            "\n"
            "  --rule RULE     the rule to violate (see --list)\n"
            "  --seed S        seed of the base trace and of the choices, decimal (default 1)\n"
            "  --big-endian    write a big-endian trace (not possible for W0012, E0014,\n"
            "                  E0015, E0016: byte order is recognised from the magic record)\n"
            "  -o FILE         output file; - for standard output\n"
            "  --list          print the rules that can be violated (id and name)\n");
}

int gen_cmd_violate(int argc, char **argv)
{
    static const struct option opts[] = {{"rule", required_argument, 0, 'r'},
                                         {"seed", required_argument, 0, 's'},
                                         {"big-endian", no_argument, 0, 'b'},
                                         {"list", no_argument, 0, 'l'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *rule_arg = NULL, *out = NULL;
    uint64_t seed = 1;
    int be = 0, list = 0, ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
        switch (ch) {
        case 'r':
            rule_arg = optarg;
            break;
        case 's':
            if (gen_parse_u64(optarg, &seed)) {
                fprintf(stderr, "fxt-gen violate: --seed: not a decimal number: '%s'\n", optarg);
                return 2;
            }
            break;
        case 'b':
            be = 1;
            break;
        case 'l':
            list = 1;
            break;
        case 'o':
            out = optarg;
            break;
        case 'h':
            violate_usage(stdout);
            return 0;
        default:
            return gen_opt_error("violate", ch, argv);
        }
    }
    if (optind < argc) {
        fprintf(stderr, "fxt-gen violate: unexpected argument: %s\n", argv[optind]);
        return 2;
    }
    if (list)
        return list_rules();
    if (rule_arg == NULL) {
        fprintf(stderr, "fxt-gen violate: missing --rule RULE (see --list)\n");
        return 2;
    }
    fxt_rule r = fxt_rule_find(rule_arg);
    if (r == FXT_R_NONE || k_gens[r] == NULL) {
        fprintf(stderr, "fxt-gen violate: unknown rule '%s' (see --list)\n", rule_arg);
        return 2;
    }
    uint8_t *data = NULL;
    size_t len = 0;
    uint64_t off = 0;
    char desc[200], err[300] = "";
    int rc = violate_build((unsigned)r, seed, be, 0, &data, &len, &off, desc, sizeof desc, err,
                           sizeof err);
    if (rc != 0) {
        fprintf(stderr, "fxt-gen violate: %s\n", err);
        return rc > 0 ? 2 : 1;
    }
    FILE *f = gen_open_out(out);
    if (f == NULL) {
        free(data);
        return 2;
    }
    if (len)
        fwrite(data, 1, len, f);
    free(data);
    int crc = gen_close_out(f, out, 0);
    if (crc)
        return crc;
    /* with -o - the trace is on standard output: the line goes to stderr */
    FILE *msg = out != NULL && strcmp(out, "-") == 0 ? stderr : stdout;
    fprintf(msg, "%s %llu\n", fxt_rule_get(r)->id, (unsigned long long)off);
    return fflush(msg) != 0 ? 2 : 0;
}
