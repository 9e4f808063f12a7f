/* SPDX-License-Identifier: MIT */
/*
 * validate.c - the validator's construction, options, memory, counters and
 * verdicts, and the single report path, of a validator of one revision
 * (one.h; api.c makes the public calls of it, or of auto.c's validator for
 * FXT_REV_AUTO). The parts are listed in internal.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "par.h"

_Static_assert(FXT_R_END_ <= 64 * FXT_IGNORE_WORDS,
               "fxt_options.ignore must have a bit for every rule of the catalogue");

/* ---- memory ---- */

static void *std_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return malloc(n);
}

static void *std_realloc(void *ctx, void *p, size_t old, size_t n)
{
    (void)ctx, (void)old;
    return realloc(p, n);
}

static void std_free(void *ctx, void *p, size_t n)
{
    (void)ctx, (void)n;
    free(p);
}

static const fxt_allocator k_std_alloc = {std_malloc, std_realloc, std_free, NULL};

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
    fxt__detail(v, 8, -1, -1);
    FXT__REPORT(v, FXT_R_TRACKING_LIMIT, v->r_off, "%s", msg);
}

/* ---- reporting ---- */

static int bit_of(const uint64_t *set, unsigned r) { return (int)((set[r >> 6] >> (r & 63)) & 1); }

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
        fxt__shadow_stop(v);
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
    v->f_len = 8, v->f_lo = v->f_hi = -1, v->f_section = NULL; /* for this report only */
    const int error = bit_of(v->rule_error, r);
    if (error && rec_off == v->r_off)
        v->r_errors++; /* (an ignored error still keeps the record from the visitor) */
    if (!bit_of(v->rule_on, r))
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

/* ---- construction ---- */

/* Bytes of one single-revision validator in the caller's memory (its
 * tables and record buffer come from the allocator). */
size_t fxt__one_size(void) { return (sizeof(fxt_validator) + 63) & ~(size_t)63; }

#define BUF_BLOCK (FXT__BUF_CAP + FXT__DEFER_CAP * sizeof(fxt__deferred))

int fxt__need_buf(fxt_validator *v)
{
    if (v->buf != NULL)
        return 1;
    v->buf = fxt__alloc(v, BUF_BLOCK);
    if (v->buf == NULL) {
        fxt__limit(v, FXT_UNCHECKED_MEMORY,
                   "out of memory for a record that does not lie whole in a chunk: validation "
                   "stops here; the trace is not fully checked");
        return 0;
    }
    v->deferred = (fxt__deferred *)(void *)(v->buf + FXT__BUF_CAP);
    return 1;
}

fxt_options fxt_options_default(void)
{
    fxt_options o;
    memset(&o, 0, sizeof o);
    o.max_providers = FXT_DEFAULT_MAX_PROVIDERS;
    o.max_threads = FXT_DEFAULT_MAX_THREADS;
    o.max_async = FXT_DEFAULT_MAX_ASYNC;
    o.max_flows = FXT_DEFAULT_MAX_FLOWS;
    o.revision = FXT_REV_CURRENT;
    return o;
}

fxt_validator *fxt__one_init(void *mem, const fxt_options *s)
{
    fxt_validator *v = mem;
    memset(v, 0, sizeof *v);
    v->o = *s;
    v->al = s->alloc ? *s->alloc : k_std_alloc;
    v->lay = fxt_layout_get(s->revision);
    v->st.revision = s->revision;
    v->first_error = FXT_R_NONE;
    v->large_framing = fxt_layout_defines(v->lay->record_types, FXT_RT_LARGE);
    for (unsigned r = 0; r < FXT_R_END_; r++) {
        const fxt_rule_info *ri = fxt_rule_get((fxt_rule)r);
        if (ri == NULL || !((ri->revisions >> s->revision) & 1))
            continue;
        if (!bit_of(s->ignore, r))
            v->rule_on[r >> 6] |= (uint64_t)1 << (r & 63);
        if (ri->severity == FXT_SEV_ERROR &&
            !((ri->flags & FXT_RF_UNKNOWN) && (s->flags & FXT_OPT_ALLOW_UNKNOWN)))
            v->rule_error[r >> 6] |= (uint64_t)1 << (r & 63);
    }
    for (unsigned t = 0; t < 16; t++) {
        unsigned k = v->lay->event_kind[t];
        v->ev_data[t] = k == FXT_ET_NONE ? NULL : fxt_event_data_name(k);
        if (k != FXT_ET_NONE && k != FXT_ET_INSTANT && k != FXT_ET_COUNTER)
            v->seq_events |= (uint16_t)(1u << t);
    }
    v->lean = s->on_record == NULL;
    fxt__fast_build(v);
    v->f_len = 8, v->f_lo = v->f_hi = -1;
    v->no_thread.depth = 0x80000000u; /* fails fast.c's depth tests; never changes */
    fxt__table_init(&v->prov_ids, s->max_providers, &v->al);
    fxt__table_init(&v->threads, s->max_threads, &v->al);
    fxt__table_init(&v->async, s->max_async, &v->al);
    fxt__table_init(&v->flows, s->max_flows, &v->al);
    fxt__prov_init(v, &v->implicit, 0);
    v->implicit.implicit = 1;
    v->cur = &v->implicit;
    return v;
}

void fxt__one_fini(fxt_validator *v)
{
    fxt__par_free(v->par);
    v->par = NULL;
    fxt__prov_free(v);
    fxt__sequence_free(v);
    fxt__free(v, v->buf, BUF_BLOCK);
    v->buf = NULL;
}

/* ---- results ---- */

fxt_revision fxt__one_verdicts(const fxt_validator *v, fxt_revision_verdict out[FXT_REV_COUNT])
{
    memset(out, 0, FXT_REV_COUNT * sizeof *out);
    for (unsigned r = 0; r < FXT_REV_COUNT; r++)
        out[r].first_error = FXT_R_NONE;
    fxt_revision_verdict *o = &out[v->lay->revision];
    o->checked = 1;
    o->errors = v->st.errors;
    o->warnings = v->st.warnings;
    o->conforms = v->st.errors == 0;
    o->complete = !(v->stop_after && v->stopped);
    o->stop_offset = o->complete ? 0 : v->off;
    o->first_error = v->first_error;
    o->first_error_offset = v->first_error_offset;
    o->unchecked = v->st.unchecked;
    return v->lay->revision;
}

void fxt__one_stats(const fxt_validator *v, fxt_stats *out) { *out = v->st; }

uint64_t fxt__one_progress(const fxt_validator *v) { return v->stopped ? UINT64_MAX : v->off; }

const fxt_allocator *fxt__one_allocator(const fxt_validator *v) { return &v->al; }

uint64_t fxt__one_rule_count(const fxt_validator *v, fxt_rule r)
{
    return (unsigned)r < FXT_R_END_ ? v->by_rule[r] : 0;
}

void fxt_options_ignore(fxt_options *o, fxt_rule r, int on)
{
    if ((unsigned)r >= 64 * FXT_IGNORE_WORDS)
        return;
    uint64_t bit = (uint64_t)1 << ((unsigned)r & 63);
    if (on)
        o->ignore[(unsigned)r >> 6] |= bit;
    else
        o->ignore[(unsigned)r >> 6] &= ~bit;
}
