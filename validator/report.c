/* SPDX-License-Identifier: MIT */
/*
 * report.c - what the checking files of a validator share: memory through
 * its allocator, the capacity limits, and the single report path. (Its
 * construction and results, what api.c and auto.c see, are one.c's.)
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"

/* ---- memory ---- */

void *fxt__alloc(fxt_validator *v, size_t n) { return v->al.malloc(v->al.ctx, n); }

void *fxt__realloc(fxt_validator *v, void *p, size_t old, size_t n)
{
    return v->al.realloc(v->al.ctx, p, old, n);
}

void fxt__free(fxt_validator *v, void *p, size_t n)
{
    if (p != NULL)
        v->al.free(v->al.ctx, p, n);
}

/* The detail of a report without one: a word, no bits, no section (each
 * report uses the detail set before it once). */
static void no_detail(fxt_validator *v)
{
    v->f_len = 8, v->f_lo = v->f_hi = -1, v->f_section = NULL;
}

void fxt__limit(fxt_validator *v, unsigned which, const char *fmt, ...)
{
    if (v->st.unchecked & which)
        return; /* said once */
    v->st.unchecked |= which;
    char msg[sizeof ((fxt_issue *)0)->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    no_detail(v);
    FXT__REPORT(v, FXT_R_TRACKING_LIMIT, v->r_off, "%s", msg);
}

/* ---- reporting ---- */

/* Bit R of a rule bitset (v->rule_on, v->rule_error: one.c sets them). */
static inline int bit(const uint64_t *set, unsigned r)
{
    return (int)((set[r >> 6] >> (r & 63)) & 1);
}

void fxt__emit(fxt_validator *v, const fxt_issue *is)
{
    v->by_rule[is->rule]++;
    if (is->severity == FXT_SEV_ERROR) {
        if (v->st.errors++ == 0) {
            v->first_error = is->rule;
            v->first_error_offset = is->field_offset;
        }
        if (v->o.flags & FXT_OPT_STOP_AT_ERROR)
            v->stop_after = 1;
    } else
        v->st.warnings++;
    if (v->o.on_issue != NULL)
        v->o.on_issue(v->o.ctx, is);
}

void fxt__report(fxt_validator *v, fxt_rule r, uint64_t rec_off, uint64_t rec_idx,
                 unsigned rec_type, uint64_t field_off, const char *fmt, ...)
{
    if (FXT__UNLIKELY(v->shadow)) { /* (par.c) it never reports: its chunk is redone */
        fxt__shadow_stop(v, FXT__STOP_ISSUE);
        v->shadow_rule = r;
        return;
    }
    fxt_issue is;
    /* every byte defined (padding, the message's tail): callers may copy or
     * spool issues whole (fxt-validate --revision auto writes them to a file) */
    memset(&is, 0, sizeof is);
    is.field_len = v->f_len;
    is.bit_lo = v->f_lo;
    is.bit_hi = v->f_hi;
    is.section = v->f_section;
    no_detail(v); /* for this report only */
    const int error = bit(v->rule_error, r);
    if (error && rec_off == v->r_off)
        v->r_errors++; /* (an ignored error still keeps the record from the visitor) */
    if (!bit(v->rule_on, r))
        return;
    is.rule = r;
    is.severity = error ? FXT_SEV_ERROR : FXT_SEV_WARNING;
    is.record_offset = rec_off;
    is.record_index = rec_idx;
    is.field_offset = field_off;
    is.record_type = rec_type;
    is.revisions = FXT_REV_BIT(v->lay->revision);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(is.message, sizeof is.message, fmt, ap);
    va_end(ap);
    if (v->defer) {
        if (v->ndeferred < FXT__DEFER_CAP)
            v->deferred[v->ndeferred++].is = is;
        else
            v->deferred_lost++;
        return;
    }
    fxt__emit(v, &is);
}

/* ---- the record buffer ---- */

int fxt__need_buf(fxt_validator *v)
{
    if (v->buf != NULL)
        return 1;
    v->buf = fxt__alloc(v, FXT__BUF_BLOCK);
    if (v->buf == NULL) {
        fxt__limit(v, FXT_UNCHECKED_MEMORY,
                   "out of memory for a record that does not lie whole in a chunk: validation "
                   "stops here; the trace is not fully checked");
        return 0;
    }
    v->deferred = (fxt__deferred *)(void *)(v->buf + FXT__BUF_CAP);
    return 1;
}
