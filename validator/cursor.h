/* SPDX-License-Identifier: MIT */
/*
 * cursor.h - the cursor over one record (or argument) that the decoders
 * share: bounds, word loads, reserved bits by word description, undefined
 * type values, streams and string refs (thread refs are decode.c's: only
 * records hold them). The hot helpers are inline here; what runs only on
 * the error path is in cursor.c.
 */
#ifndef FXT_VALIDATOR_CURSOR_H
#define FXT_VALIDATOR_CURSOR_H

#include "internal.h"

#define COLD FXT__COLD
#define UNLIKELY FXT__UNLIKELY
#define REPORT FXT__REPORT

typedef struct fxt__cur {
    fxt_validator *v;
    const uint8_t *p; /* record start */
    uint64_t end;     /* bytes this (sub)record may use */
    uint64_t avail;   /* bytes of the record present at p */
    uint64_t lim;     /* min(end, avail): the one bound the hot path tests */
    uint64_t pos;     /* next byte */
    fxt_rule small;   /* rule for "size too small" in this context */
    uint64_t base;    /* where the record or argument starts */
    unsigned argn;    /* 1-based argument number, 0 at record level */
    unsigned argt;    /* its type */
    int size_lo, size_hi; /* bits of the size field of the record or argument */
} fxt__cur;

/* Cold paths and streams (cursor.c). */
const char *fxt__where(const fxt__cur *c, char *buf, size_t n);
COLD int fxt__need_fail(fxt__cur *c, uint64_t n, const char *what);
COLD void fxt__rsv_fail(fxt__cur *c, const fxt_word_desc *d, uint64_t w, uint64_t pos);
COLD void fxt__undefined(fxt__cur *c, fxt_rule rule, const char *what, unsigned val, int lo,
                         int hi);
void fxt__check_pad(fxt__cur *c, uint64_t start, uint64_t len, const char *what);
int fxt__stream_str(fxt__cur *c, uint64_t len, const char *what, const char **out);
COLD void fxt__strref_missing(fxt__cur *c, uint16_t ref, uint64_t ref_pos, int lo, const char *what);

static inline uint64_t fieldoff(const fxt__cur *c, uint64_t pos) { return c->v->r_off + pos; }

/* avail < end only for the head of a streamed large record, which by
 * construction fits in the buffer; lim = min(end, avail) is a safety net. */
static inline int need(fxt__cur *c, uint64_t n, const char *what)
{
    if (c->pos + n <= c->lim)
        return 1;
    return fxt__need_fail(c, n, what);
}

static inline int word(fxt__cur *c, const char *what, uint64_t *out)
{
    if (!need(c, 8, what))
        return 0;
    *out = fxt_load_word(c->p + c->pos, c->v->be);
    c->pos += 8;
    return 1;
}

static inline void rsv_word(fxt__cur *c, const fxt_word_desc *d, uint64_t w, uint64_t pos)
{
    if (UNLIKELY(w & d->reserved_mask))
        fxt__rsv_fail(c, d, w, pos);
}

/* Value VAL of a type field that decides how the record is read: 1 if
 * the revision defines it (bit VAL of MASK, a member of fxt_layout), else
 * RULE is reported and the record is skipped (0). */
static inline int defined(fxt__cur *c, uint64_t mask, unsigned val, fxt_rule rule,
                          const char *what, int lo, int hi)
{
    if (UNLIKELY(!fxt_layout_defines(mask, val))) {
        fxt__undefined(c, rule, what, val, lo, hi);
        return 0;
    }
    return 1;
}

/* ---- streams ---- */

/* A string ref (bits [lo..lo+15] of the word at REF_POS): inline content
 * follows at the cursor, indexed must be registered in the current
 * provider's table. */
static inline int strref(fxt__cur *c, uint16_t ref, uint64_t ref_pos, int lo, const char *what,
                         fxt_str *out)
{
    out->ref = ref;
    out->data = NULL;
    out->len = 0;
    if (ref & FXT_STRREF_INLINE_FLAG) {
        size_t n = ref & FXT_STRREF_VALUE_MASK;
        const char *d;
        if (!fxt__stream_str(c, n, what, &d))
            return 0; /* data NULL, len 0: the model never points past the record */
        out->data = d;
        out->len = n;
        return 1;
    }
    const fxt__provider *p = c->v->cur; /* bit 0 is set: the empty ref passes */
    if (UNLIKELY(!((p->strbits[ref >> 6] >> (ref & 63)) & 1)) && !p->untracked)
        fxt__strref_missing(c, ref, ref_pos, lo, what);
    return 1;
}

/* Decode ARGC arguments at the cursor into rec->args (args.c); 0 if the
 * record cannot be decoded further. */
int fxt__args(fxt__cur *c, unsigned argc, fxt_record *rec);

#endif /* FXT_VALIDATOR_CURSOR_H */
