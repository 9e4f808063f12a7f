/* SPDX-License-Identifier: MIT */
/*
 * one.c - a validator of one revision as api.c and auto.c use it (one.h):
 * its construction from the options, its end, and its results (counters
 * and verdict). Feeding is stream.c's, per-provider counters provider.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "one.h"
#include "par.h"

_Static_assert(FXT_R_END_ <= 64 * FXT_IGNORE_WORDS,
               "fxt_options.ignore must have a bit for every rule of the catalogue");

/* ---- the C library's allocator (fxt_options.alloc NULL) ---- */

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

/* ---- construction ---- */

/* Bytes of one single-revision validator in the caller's memory (its
 * tables and record buffer come from the allocator). */
size_t fxt__one_size(void) { return (sizeof(fxt_validator) + 63) & ~(size_t)63; }

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
    for (int l = 0; l < 2; l++) { /* the size field: of type 0 (any but 15), of type 15 */
        unsigned lo, hi;
        fxt_record_size_field(v->lay, l ? FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE) : 0, &lo, &hi);
        v->size_lo[l] = (uint8_t)lo, v->size_hi[l] = (uint8_t)hi;
        v->size_mask[l] = FXT_WIDTH_MASK_(lo, hi);
    }
    for (unsigned r = 0; r < FXT_R_END_; r++) {
        const fxt_rule_info *ri = fxt_rule_get((fxt_rule)r);
        if (ri == NULL || !((ri->revisions >> s->revision) & 1))
            continue;
        if (!((s->ignore[r >> 6] >> (r & 63)) & 1))
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
    for (unsigned t = 0; t < 16; t++)
        v->arg_desc[t] = fxt_arg_desc(s->revision, t);
    for (unsigned f = 0; f < sizeof v->lblob_desc / sizeof v->lblob_desc[0]; f++)
        v->lblob_desc[f] = fxt_large_blob_format_desc(f);
    /* a duplicate flow begin is about flows: flow-begin-unended's section */
    v->flow_dup_section = fxt_rule_section(FXT_R_FLOW_BEGIN_UNENDED, s->revision);
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
    fxt__free(v, v->buf, FXT__BUF_BLOCK);
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
