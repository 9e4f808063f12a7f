/* SPDX-License-Identifier: MIT */
/* cursor.c - the cursor's error paths and string streams (see cursor.h). */
#include <stdio.h>

#include "cursor.h"

/* "argument 2 (int64) " or "": context for messages, built only on the
 * error path so the hot path formats nothing. */
const char *fxt__where(const fxt__cur *c, char *buf, size_t n)
{
    if (c->argn == 0)
        return "";
    snprintf(buf, n, "argument %u (%s) ", c->argn, fxt_arg_type_name(c->argt));
    return buf;
}

/* The record (or argument) must hold N more bytes for WHAT: its size field
 * is what is wrong, so that is where the issue points. */
int fxt__need_fail(fxt__cur *c, uint64_t n, const char *what)
{
    char w[48];
    uint64_t words = (c->end - c->base) / 8;
    fxt__detail(c->v, 8, c->size_lo, c->size_hi);
    REPORT(c->v, c->small, fieldoff(c, c->base), "%sis %llu word%s but its %s needs word %llu",
           c->argn ? fxt__where(c, w, sizeof w) : "record ", (unsigned long long)words,
           fxt__plural(words), what, (unsigned long long)((c->pos - c->base + n + 7) / 8));
    return 0;
}

/* Reserved bits of word W (at record position POS) described by D. */
void fxt__rsv_fail(fxt__cur *c, const fxt_word_desc *d, uint64_t w, uint64_t pos)
{
    char a[48];
    for (unsigned i = 0; i < d->nfields; i++) {
        const fxt_field_desc *f = &d->fields[i];
        uint64_t val = (w >> f->lo) & FXT_WIDTH_MASK_(f->lo, f->hi);
        if (f->kind != FXT_FK_RESERVED || val == 0)
            continue;
        fxt__detail(c->v, 8, f->lo, f->hi);
        REPORT(c->v, d->reserved_rule, fieldoff(c, pos), "%s%sbits [%u..%u] must be zero, got 0x%llx",
               fxt__where(c, a, sizeof a), d->prefix, f->lo, f->hi, (unsigned long long)val);
    }
}

/* A value VAL of a type field (bits [LO..HI] of the header word) that the
 * revision does not define: the record is skipped. */
void fxt__undefined(fxt__cur *c, fxt_rule rule, const char *what, unsigned val, int lo, int hi)
{
    fxt__detail(c->v, 8, lo, hi);
    REPORT(c->v, rule, fieldoff(c, 0), "%s %u is not defined in this revision; the record is skipped",
           what, val);
}

/* Check the padding bytes of a stream of LEN bytes starting at record
 * position START that is fully present in memory. */
void fxt__check_pad(fxt__cur *c, uint64_t start, uint64_t len, const char *what)
{
    uint64_t a = start + len, b = fxt__align8(a);
    for (uint64_t i = a; i < b; i++)
        if (c->p[i]) {
            char w[48];
            fxt__detail(c->v, 1, -1, -1);
            REPORT(c->v, FXT_R_PADDING_NONZERO, fieldoff(c, i),
                   "padding byte %llu after %s%s is 0x%02x", (unsigned long long)(i - a),
                   fxt__where(c, w, sizeof w), what, c->p[i]);
            return;
        }
}

/* A string stream of LEN bytes: bounds, UTF-8, padding, length limit. */
int fxt__stream_str(fxt__cur *c, uint64_t len, const char *what, const char **out)
{
    uint64_t padded = fxt__align8(len);
    if (!need(c, padded, what))
        return 0;
    const uint8_t *s = c->p + c->pos;
    *out = (const char *)s;
    size_t bad = fxt__utf8_check(s, (size_t)len);
    char w[48];
    if (bad != len) {
        fxt__detail(c->v, 1, -1, -1);
        REPORT(c->v, FXT_R_UTF8_INVALID, fieldoff(c, c->pos + bad),
               "%s%s is not valid UTF-8 at byte %zu (0x%02x)", fxt__where(c, w, sizeof w), what, bad,
               s[bad]);
    }
    if (len > FXT_MAX_STRING_LEN) {
        fxt__detail(c->v, (uint32_t)len, -1, -1);
        REPORT(c->v, FXT_R_STRING_TOO_LONG, fieldoff(c, c->pos), "%s%s is %llu bytes long",
               fxt__where(c, w, sizeof w), what, (unsigned long long)len);
    }
    fxt__check_pad(c, c->pos, len, what);
    c->pos += padded;
    return 1;
}

void fxt__strref_missing(fxt__cur *c, uint16_t ref, uint64_t ref_pos, int lo, const char *what)
{
    if (c->v->shadow) { /* (par.c) registered before its chunk? the merge checks */
        fxt__shadow_pending(c->v, ref);
        return;
    }
    char w[48];
    fxt__detail(c->v, 8, lo, lo + 15);
    REPORT(c->v, FXT_R_STRING_REF_UNREGISTERED, fieldoff(c, ref_pos),
           "%s%s refers to string index %u, which is not registered", fxt__where(c, w, sizeof w), what,
           ref);
}
