/* SPDX-License-Identifier: MIT */
/*
 * violate_blocks.h - what the one-violation generators (violate_records.c,
 * violate_events.c) build with: the context of one violation, and the
 * building blocks that write its words (header-only, static inline).
 * Internal to the generator library.
 *
 * The offending record is built word by word with the format.h field macros
 * and written with fxt_write_word / fxt_write_stream (so both byte orders
 * work). It is valid in its context except for the one violation: it uses
 * inline refs or indexes the realistic base registered (gen_internal.h),
 * fresh koids and correlation ids for the sequencing rules, and never
 * switches providers mid-trace.
 */
#ifndef FXT_VIOLATE_BLOCKS_H
#define FXT_VIOLATE_BLOCKS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/format.h"
#include "fxt/gen.h"
#include "fxt/layout.h"
#include "fxt/rules.h"
#include "gen_internal.h"

/* What the realistic base registers (generator/gen.c): strings 1..64 and
 * 0x7fff ("last-index"), threads 1..8. */
#define BASE_STRINGS FXT__GEN_STRINGS
#define BASE_THREADS FXT__GEN_THREADS
#define BASE_LAST_STRING FXT__GEN_LAST_STRING
/* Koids and correlation ids the base never uses (it uses small ones). */
#define FRESH_PID 0x7a0000000ull
#define FRESH_TID 0x7b0000000ull
#define FRESH_ID 0x5eed000000000000ull

#define INS_CAP ((size_t)1 << 17)

/* vctx.field when the offending field is in the offending record's header. */
#define FIELD_AT_HEADER ((size_t)-1)

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
    const fxt_layout *l; /* the revision written */
    fxt_writer w;      /* the inserted bytes */
    int werr;          /* a write failed (buffer too small: a bug) */
    place where;
    size_t mark;       /* offset of the offending record inside the inserted bytes */
    size_t field;      /* offset of the offending word or byte inside the inserted bytes;
                          FIELD_AT_HEADER: the offending record's header word (the field
                          of most rules: sizes, types, reserved bits, header refs) */
    size_t keep;       /* P_TRUNCATE: bytes of the inserted record kept */
    uint32_t prov_id;  /* the provider current where the record is inserted */
    unsigned nprov;    /* distinct providers the base introduced */
    char desc[200];    /* one-line description of the violation */
    int twin;          /* build the control instead: the same records, the violating
                          field set to a valid value (fix()) */
    int twin_ok;       /* the rule's generator knows its twin (it called fix()) */
    size_t rec_start;  /* record under construction */
    size_t arg_start;  /* argument under construction */
} vctx;

/* ---- building blocks -------------------------------------------------------- */

static inline uint64_t rnd(vctx *c, uint64_t n) { return fxt_rng_below(&c->r, n); }

/* A value in [lo..hi]. */
static inline uint64_t range(vctx *c, uint64_t lo, uint64_t hi) { return lo + rnd(c, hi - lo + 1); }

/* Whether to write the valid value where the violation goes (building the
 * control, the vector's twin); calling it says the generator knows the twin.
 * The random draws are the same either way, so the twin differs from the
 * vector only in what the rule is about. */
static inline int fix(vctx *c)
{
    c->twin_ok = 1;
    return c->twin;
}

/* One bit in [lo..hi] (a reserved-bit violation; none in the twin). */
static inline uint64_t bit_in(vctx *c, unsigned lo, unsigned hi)
{
    uint64_t b = (uint64_t)1 << range(c, lo, hi);
    return fix(c) ? 0 : b;
}

/* The next word or byte written is the offending field. */
static inline void field_here(vctx *c) { c->field = c->w.len; }

static inline void W(vctx *c, uint64_t word)
{
    if (fxt_write_word(&c->w, word) != FXT_ENC_OK)
        c->werr = 1;
}

static inline void S(vctx *c, const void *data, size_t len)
{
    if (fxt_write_stream(&c->w, data, len) != FXT_ENC_OK)
        c->werr = 1;
}

/* Raw bytes (a multiple of 8, already padded: e.g. with a bad pad byte). */
static inline void RAW(vctx *c, const void *data, size_t len)
{
    if (len % 8 || c->w.len + len > c->w.cap) {
        c->werr = 1;
        return;
    }
    memcpy(c->w.buf + c->w.len, data, len);
    c->w.len += len;
}

static inline uint64_t hdr(unsigned type, uint64_t size)
{
    return FXT_SET(FXT_SET(0, FXT_REC_TYPE, type), FXT_REC_SIZE, size);
}

/* Start a record: a placeholder header word, completed by rec_end. */
static inline void rec_begin(vctx *c)
{
    c->rec_start = c->w.len;
    W(c, 0);
}

/* Complete the record started last with header H; its size field is the
 * words written since rec_begin plus DELTA (negative: too small). */
static inline void rec_end(vctx *c, uint64_t h, int delta)
{
    if (c->werr)
        return;
    if (delta != 0 && fix(c))
        delta = 0; /* the twin's size is right */
    uint64_t words = (c->w.len - c->rec_start) / 8 + (uint64_t)(int64_t)delta;
    if (FXT_GET(h, FXT_REC_TYPE) == FXT_RT_LARGE)
        h = FXT_SET(h, FXT_LREC_SIZE, words);
    else
        h = FXT_SET(h, FXT_REC_SIZE, words);
    fxt_patch_field(c->w.buf, c->rec_start, 0, 63, h, c->be);
}

static inline void arg_begin(vctx *c)
{
    c->arg_start = c->w.len;
    W(c, 0);
}

static inline void arg_end(vctx *c, uint64_t h, int delta)
{
    if (c->werr)
        return;
    if (delta != 0 && fix(c))
        delta = 0;
    uint64_t words = (c->w.len - c->arg_start) / 8 + (uint64_t)(int64_t)delta;
    fxt_patch_field(c->w.buf, c->arg_start, 0, 63, FXT_SET(h, FXT_ARG_SIZE, words), c->be);
}

static inline uint64_t ts(vctx *c) { return 5000000000ull + rnd(c, 1000000000ull); }
static inline unsigned reg_str(vctx *c) { return 1 + (unsigned)rnd(c, BASE_STRINGS); }
static inline unsigned reg_thread(vctx *c) { return 1 + (unsigned)rnd(c, BASE_THREADS); }
static inline uint64_t fresh_id(vctx *c) { return FRESH_ID | rnd(c, 1u << 30); }

/* Event header with indexed category and name, thread ref THREAD. */
static inline uint64_t ev_hdr(vctx *c, unsigned etype, unsigned argc, unsigned thread)
{
    /* ETYPE is a meaning (FXT_ET_*), written with the revision's number;
     * numbers past every meaning are written as they are (undefined types) */
    unsigned num = etype < FXT_ET_COUNT ? c->l->event_number[etype] : etype;
    if (num == FXT_ET_NONE)
        c->werr = 1; /* the revision lacks it: the rule's generator is wrong */
    uint64_t h = hdr(FXT_RT_EVENT, 0);
    h = FXT_SET(h, FXT_EV_TYPE, num);
    h = FXT_SET(h, FXT_EV_ARGC, argc);
    h = FXT_SET(h, FXT_EV_THREAD, thread);
    h = FXT_SET(h, FXT_EV_CATEGORY, reg_str(c));
    h = FXT_SET(h, FXT_EV_NAME, reg_str(c));
    return h;
}

/* A whole event on a registered thread with no arguments; DATA is written
 * for the types that carry a data word. */
static inline void simple_event(vctx *c, unsigned etype, uint64_t t, uint64_t data)
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

/* The same on registered thread THREAD. */
static inline void simple_event_on(vctx *c, unsigned etype, uint64_t t, uint64_t data,
                                   unsigned thread)
{
    rec_begin(c);
    W(c, t);
    if (etype != FXT_ET_INSTANT && etype != FXT_ET_DURATION_BEGIN &&
        etype != FXT_ET_DURATION_END)
        W(c, data);
    rec_end(c, ev_hdr(c, etype, 0, thread), 0);
}

/* An event on fresh inline koids (a thread the base never uses). */
static inline void fresh_thread_event(vctx *c, unsigned etype)
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
static inline uint64_t arg_host_begin(vctx *c, const char **what)
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

static inline uint64_t arg_hdr(unsigned type, unsigned name)
{
    return FXT_SET(FXT_SET(0, FXT_ARG_TYPE, type), FXT_ARG_NAME, name);
}

/* Log record on a registered thread (or inline koids) whose message stream
 * is written by the caller between log_begin and log_end. */
static inline unsigned log_begin(vctx *c, int inline_thread)
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

static inline void log_end(vctx *c, unsigned thread, size_t len, uint64_t rsv)
{
    uint64_t h = hdr(FXT_RT_LOG, 0);
    h = FXT_SET(h, FXT_LOG_LEN, len);
    h = FXT_SET(h, FXT_LOG_THREAD, thread);
    rec_end(c, h | rsv, 0);
}

#define DESC(...) snprintf(c->desc, sizeof c->desc, __VA_ARGS__)

static inline uint64_t meta_hdr(unsigned mtype)
{
    return FXT_SET(hdr(FXT_RT_METADATA, 1), FXT_META_TYPE, mtype);
}

/* A generator of one rule's violation, and the lists of them. */
typedef void (*fxt__vgen_fn)(vctx *c);
typedef struct fxt__vgen {
    fxt_rule rule;
    fxt__vgen_fn fn;
} fxt__vgen;

/* Framing, strings, refs, magic, metadata, initialization, string and
 * thread records (violate_records.c); ends with {FXT_R_NONE, NULL}. */
extern const fxt__vgen fxt__violate_records[];
/* Events and sequencing, blobs, objects, scheduling, logs, arguments,
 * tracking limits (violate_events.c); ends with {FXT_R_NONE, NULL}. */
extern const fxt__vgen fxt__violate_events[];

#endif
