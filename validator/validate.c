/* SPDX-License-Identifier: MIT */
/*
 * validate.c - the validator's construction, options, counters, revision
 * lanes and verdicts, providers, and the single report path. The parts
 * are listed in internal.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---- reporting ---- */

static int ignored(const fxt_options *o, fxt_rule r)
{
    return (o->ignore[(unsigned)r >> 6] >> ((unsigned)r & 63)) & 1;
}

/* (Plain copies, not snprintf: in auto mode this runs for issues of
 * revisions that will only be counted.) */
const char *fxt__lane_names(unsigned lanes, char *buf, size_t n)
{
    size_t at = 0; /* N > 0: callers pass a buffer */
    buf[0] = 0;
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((lanes >> l) & 1) {
            const char *name = fxt_revision_name((fxt_revision)l);
            size_t k = strlen(name), sep = at ? 2 : 0;
            if (at + sep + k >= n)
                break;
            memcpy(buf + at, ", ", sep);
            memcpy(buf + at + sep, name, k + 1);
            at += sep + k;
        }
    return buf;
}

void fxt__freeze(fxt_validator *v, unsigned lanes)
{
    fxt__fast_flush(v);
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((lanes >> l) & 1 && !v->lane[l].frozen) {
            v->lane[l].frozen = 1;
            v->lane[l].stop_offset = v->off;
        }
    v->lanes &= ~lanes;
    v->rl &= ~lanes;
    v->fam_lanes[0] &= ~lanes;
    v->fam_lanes[1] &= ~lanes;
    fxt__fast_build(v);
}

/* Count an issue for its lanes and, if DELIVER, hand it to the caller. */
void fxt__emit(fxt_validator *v, const fxt_issue *is, int deliver)
{
    for (unsigned l = 0; l < FXT_REV_COUNT; l++) {
        if (!((is->revisions >> l) & 1))
            continue;
        fxt__lane *ln = &v->lane[l];
        ln->by_rule[is->rule]++;
        if (is->severity == FXT_SEV_ERROR) {
            if (ln->errors++ == 0) {
                ln->first_error = is->rule;
                ln->first_error_offset = is->field_offset;
                if (l != v->visit) { /* auto mode: it can no longer be the reported one */
                    v->reportable &= ~FXT_REV_BIT(l);
                    fxt__fast_build(v); /* which may now count more on the fast path */
                }
            }
        } else
            ln->warnings++;
    }
    if (deliver && v->o.on_issue != NULL)
        v->o.on_issue(v->o.ctx, is);
}

void fxt__count_only(fxt_validator *v, unsigned lanes, fxt_rule r, uint64_t n)
{
    /* per-rule revisions (none if ignored) and severity, from init */
    lanes &= v->lanes & v->rule_lanes[r];
    const int error = (v->rule_error[r >> 6] >> (r & 63)) & 1;
    while (lanes) {
        fxt__lane *ln = &v->lane[__builtin_ctz(lanes)];
        lanes &= lanes - 1;
        ln->by_rule[r] += n;
        if (error)
            ln->errors += n; /* not the first: the lane is not reportable */
        else
            ln->warnings += n;
    }
}

void fxt__report(fxt_validator *v, unsigned lanes, fxt_rule r, uint64_t rec_off, uint64_t rec_idx,
                 unsigned rec_type, uint64_t field_off, const char *fmt, ...)
{
    /* In auto mode, an issue of revisions that already have an error
     * (current excepted) can never be reported: count it, nothing more
     * (unless a streamed head holds issues back, which may be dropped). */
    if (!(lanes & v->reportable) && !v->defer) {
        v->f_len = 8, v->f_lo = v->f_hi = -1;
        fxt__count_only(v, lanes, r, 1);
        return;
    }
    const fxt_rule_info *ri = fxt_rule_get(r);
    fxt_issue is;
    is.field_len = v->f_len;
    is.bit_lo = v->f_lo;
    is.bit_hi = v->f_hi;
    v->f_len = 8, v->f_lo = v->f_hi = -1; /* the detail is for this report only */
    lanes &= v->lanes & ri->revisions;
    if (lanes == 0)
        return;
    fxt_severity sev = ri->severity;
    if ((ri->flags & FXT_RF_UNKNOWN) && (v->o.flags & FXT_OPT_ALLOW_UNKNOWN))
        sev = FXT_SEV_WARNING;
    if (sev == FXT_SEV_ERROR && rec_off == v->r_off && (lanes & FXT_REV_BIT(v->visit)))
        v->r_errors++;
    if (ignored(&v->o, r))
        return;
    is.rule = r;
    is.severity = sev;
    is.record_offset = rec_off;
    is.record_index = rec_idx;
    is.field_offset = field_off;
    is.record_type = rec_type;
    is.revisions = lanes;
    /* With FXT_REV_AUTO, an issue of revisions that already have an error
     * (current excepted) can never be reported: count it, format nothing. */
    int deliver = (lanes & v->reportable) != 0;
    is.message[0] = 0;
    if (deliver) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(is.message, sizeof is.message, fmt, ap);
        va_end(ap);
    }
    if (v->defer) {
        if (v->ndeferred < FXT__DEFER_CAP) {
            v->deferred[v->ndeferred].is = is;
            v->deferred[v->ndeferred++].deliver = deliver;
        } else
            v->deferred_lost++;
        return;
    }
    fxt__emit(v, &is, deliver);
}

/* ---- providers ---- */

static void prov_reset(fxt_validator *v, fxt__provider *p, uint32_t id)
{
    memset(p, 0, sizeof *p);
    p->id = id;
    for (unsigned i = 0; i < 256; i++)
        p->thr_slot[i] = &v->no_slot;
    p->strbits[0] = 1; /* ref 0, the empty string, is always valid */
    p->str_lim = 1;
    p->str_k = (0x8000u - 1) * 0x10001u;
}

fxt__provider *fxt__prov_find(fxt_validator *v, uint32_t id)
{
    for (size_t i = 1; i < v->nprov; i++)
        if (v->prov[i].id == id)
            return &v->prov[i];
    return NULL;
}

fxt__provider *fxt__prov_open(fxt_validator *v, uint32_t id, int fresh)
{
    fxt__provider *p = fxt__prov_find(v, id);
    if (p != NULL) {
        if (fresh) {
            uint64_t n = p->records, bt[16];
            memcpy(bt, p->by_type, sizeof bt);
            prov_reset(v, p, id); /* a provider info starts the provider anew */
            p->records = n;
            memcpy(p->by_type, bt, sizeof bt);
        }
        return p;
    }
    if (v->nprov >= v->o.max_providers + 1) {
        fxt__provider *u = &v->prov[v->o.max_providers + 1];
        if (!v->prov_overflow) {
            v->prov_overflow = 1;
            prov_reset(v, u, id);
            u->untracked = 1;
            u->str_lim = 0;
            u->str_k = 0x80008000u; /* fails every ref: fast.c leaves them to decode.c */
            FXT__REPORT(v, FXT_R_TRACKING_LIMIT, v->r_off,
                        "more than %zu providers: string and thread refs of further providers "
                        "are not checked, nor whether provider sections name introduced providers",
                        v->o.max_providers);
        }
        return u;
    }
    p = &v->prov[v->nprov++];
    prov_reset(v, p, id);
    return p;
}

/* ---- names ---- */

static const char *const k_et_names[16] = {
    "instant",     "counter",    "duration-begin", "duration-end", "duration-complete",
    "async-begin", "async-instant", "async-end",   "flow-begin",   "flow-step",
    "flow-end",    "event-type-11", "event-type-12", "event-type-13", "event-type-14",
    "event-type-15"};

const char *fxt_record_type_name(unsigned t)
{
    return t <= FXT_NO_RECORD_TYPE ? fxt__record_type_name(t) : "?";
}

const char *fxt_event_type_name(unsigned t) { return t < 16 ? k_et_names[t] : "?"; }

const char *fxt_event_type_name_rev(fxt_revision rev, unsigned t)
{
    static const char *const undef[16] = {
        "event-type-0",  "event-type-1",  "event-type-2",  "event-type-3",
        "event-type-4",  "event-type-5",  "event-type-6",  "event-type-7",
        "event-type-8",  "event-type-9",  "event-type-10", "event-type-11",
        "event-type-12", "event-type-13", "event-type-14", "event-type-15"};
    const fxt_layout *l = fxt_layout_get(rev);
    if (l == NULL || t >= 16)
        return "?";
    unsigned k = l->event_kind[t];
    return k == FXT_ET_NONE ? undef[t] : k_et_names[k];
}

/* ---- construction ---- */

static size_t pow2_at_least(size_t n)
{
    size_t p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

typedef struct layout_plan {
    size_t prov, threads, stacks, async[2], flows[2], scratch, deferred, buf, total;
} layout_plan;

/* Lanes checked under options O. */
static unsigned lanes_of(const fxt_options *o)
{
    return o->revision == FXT_REV_AUTO ? FXT_REV_ALL : FXT_REV_BIT(o->revision);
}

/* Which numbering families the lanes need tables for. */
static int family_used(unsigned lanes, int f)
{
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((lanes >> l) & 1 && fxt_layout_get((fxt_revision)l)->numbering == f)
            return 1;
    return 0;
}

static layout_plan plan(const fxt_options *o)
{
    layout_plan l;
    unsigned lanes = lanes_of(o);
    size_t at = (sizeof(fxt_validator) + 63) & ~(size_t)63;
    l.prov = at;
    at += (o->max_providers + 2) * sizeof(fxt__provider);
    l.threads = at;
    at += fxt__table_bytes(o->max_threads);
    l.stacks = at;
    at += o->max_threads * FXT__DUR_WORDS * sizeof(uint64_t);
    for (int f = 0; f < 2; f++) {
        int used = family_used(lanes, f);
        l.async[f] = at;
        at += used ? fxt__table_bytes(o->max_async) : 0;
        l.flows[f] = at;
        at += used ? fxt__table_bytes(o->max_flows) : 0;
    }
    l.scratch = at; /* shared: the tables never grow at the same time */
    at += pow2_at_least((o->max_async > o->max_flows ? o->max_async : o->max_flows) * 2) / 4 *
          sizeof(fxt__slot);
    l.deferred = at;
    at += FXT__DEFER_CAP * sizeof(fxt__deferred);
    l.buf = at;
    at += FXT__BUF_CAP;
    l.total = at;
    return l;
}

fxt_options fxt_options_default(void)
{
    fxt_options o;
    memset(&o, 0, sizeof o);
    o.max_providers = 256;
    o.max_threads = 4096;
    o.max_async = 16384;
    o.max_flows = 16384;
    o.revision = FXT_REV_CURRENT;
    return o;
}

static fxt_options sane(const fxt_options *o)
{
    fxt_options s = *o;
    if (s.max_providers == 0) s.max_providers = 1;
    if (s.max_threads == 0) s.max_threads = 1;
    if (s.max_async == 0) s.max_async = 1;
    if (s.max_flows == 0) s.max_flows = 1;
    if ((unsigned)s.revision > FXT_REV_AUTO) s.revision = FXT_REV_CURRENT;
    return s;
}

size_t fxt_validator_size(const fxt_options *o)
{
    fxt_options s = sane(o);
    return plan(&s).total;
}

/* Revision masks per type value, and the tables of the argument fast path,
 * from the layout table. */
static void build_defs(fxt_validator *v)
{
    fxt__defs *d = &v->defs;
    memset(d, 0, sizeof *d);
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        const fxt_layout *l = fxt_layout_get((fxt_revision)r);
        uint8_t bit = (uint8_t)FXT_REV_BIT(r);
        for (unsigned t = 0; t < 16; t++) {
            d->record[t] |= fxt_layout_defines(l->record_types, t) ? bit : 0;
            d->metadata[t] |= fxt_layout_defines(l->metadata_types, t) ? bit : 0;
            d->trace_info[t] |= fxt_layout_defines(l->trace_info_types, t) ? bit : 0;
            d->event[t] |= fxt_layout_defines(l->event_types, t) ? bit : 0;
            d->arg[t] |= fxt_layout_defines(l->arg_types, t) ? bit : 0;
            d->large[t] |= fxt_layout_defines(l->large_types, t) ? bit : 0;
            d->large_format[t] |= fxt_layout_defines(l->large_blob_formats, t) ? bit : 0;
            d->sched[t] |= fxt_layout_defines(l->sched_types, t) ? bit : 0;
        }
        for (unsigned t = 0; t < 256; t++)
            d->blob[t] |= fxt_layout_defines(l->blob_types, t) ? bit : 0;
    }
    for (unsigned m = 0; m < 16; m++) {
        uint16_t all = 0xffff, ev = 0xffff;
        for (unsigned r = 0; r < FXT_REV_COUNT; r++)
            if ((m >> r) & 1) {
                all &= fxt_layout_get((fxt_revision)r)->arg_types;
                ev &= fxt_layout_get((fxt_revision)r)->event_types;
            }
        v->arg_all[m] = all;
        v->ev_all[m] = ev;
    }
    for (unsigned t = 0; t < 16; t++) {
        const fxt_word_desc *w = fxt_arg_desc(FXT_REV_CURRENT, t);
        v->arg_words[t] = (uint8_t)fxt_arg_words(t);
        v->arg_hi_rsv[t] = (uint32_t)FXT_GET(w->reserved_mask, FXT_ARG_HI);
        v->arg_sref[t] = 0;
        for (unsigned i = 0; i < w->nfields; i++)
            if (w->fields[i].kind == FXT_FK_STRREF && w->fields[i].lo >= FXT_FIELD_LO(FXT_ARG_HI))
                v->arg_sref[t] = (uint32_t)(FXT_WIDTH_MASK_(w->fields[i].lo, w->fields[i].hi)
                                            << (w->fields[i].lo - FXT_FIELD_LO(FXT_ARG_HI)));
        /* the fast path takes indexed string values and booleans 0/1 only */
        v->arg_hi_rsv[t] |= v->arg_sref[t] & (FXT_STRREF_INLINE_FLAG * (v->arg_sref[t] != 0));
        if (t == FXT_AT_BOOL)
            v->arg_hi_rsv[t] |= 0xfffffffeu;
    }
    for (unsigned t = 0; t < 16; t++) {
        /* header words that no revision lays out differently */
        v->hdesc[t] = NULL;
        if (t != FXT_RT_METADATA && t != FXT_RT_BLOB && t != FXT_RT_SCHEDULING &&
            t != FXT_RT_LARGE)
            v->hdesc[t] = fxt_header_desc(FXT_REV_CURRENT, (uint64_t)t);
        for (int f = 0; f < 2; f++)
            v->kind[f][t] = FXT_ET_NONE;
    }
    for (unsigned r = 0; r < FXT_REV_COUNT; r++)
        for (unsigned t = 0; t < 16; t++) {
            unsigned k = v->lay[r]->event_kind[t];
            v->kind[v->lay[r]->numbering][t] = (uint8_t)k;
            if (k != FXT_ET_NONE && (v->lanes >> r) & 1)
                v->ev_data[t] = fxt_event_data_name(k);
        }
    /* event numbers that sequencing looks at, in the lanes checked */
    v->seq_raw = 0;
    for (unsigned r = 0; r < FXT_REV_COUNT; r++)
        if ((v->lanes >> r) & 1)
            for (unsigned t = 0; t < 16; t++) {
                unsigned k = v->lay[r]->event_kind[t];
                if (k != FXT_ET_NONE && k != FXT_ET_INSTANT && k != FXT_ET_COUNTER)
                    v->seq_raw |= (uint16_t)(1u << t);
            }
}

fxt_validator *fxt_validator_init(void *mem, size_t size, const fxt_options *o)
{
    fxt_options s = sane(o);
    layout_plan l = plan(&s);
    if (mem == NULL || size < l.total)
        return NULL;
    uint8_t *m = mem;
    fxt_validator *v = mem;
    memset(v, 0, sizeof *v);
    v->o = s;
    v->lanes = lanes_of(&s);
    v->visit = s.revision == FXT_REV_AUTO ? FXT_REV_CURRENT : (unsigned)s.revision;
    v->st.revision = (fxt_revision)v->visit;
    v->reportable = FXT_REV_ALL;
    v->large_framing = 0;
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        v->lay[r] = fxt_layout_get((fxt_revision)r);
        v->lane[r].first_error = FXT_R_NONE;
        if ((v->lanes >> r) & 1) {
            v->fam_lanes[v->lay[r]->numbering] |= FXT_REV_BIT(r);
            if (fxt_layout_defines(v->lay[r]->record_types, FXT_RT_LARGE))
                v->large_framing = 1;
        }
    }
    build_defs(v);
    for (unsigned r = 0; r < FXT_R_END_; r++) {
        const fxt_rule_info *ri = fxt_rule_get((fxt_rule)r);
        v->rule_lanes[r] = 0;
        if (ri == NULL || ignored(&s, (fxt_rule)r))
            continue;
        v->rule_lanes[r] = (uint8_t)ri->revisions;
        if (ri->severity == FXT_SEV_ERROR &&
            !((ri->flags & FXT_RF_UNKNOWN) && (s.flags & FXT_OPT_ALLOW_UNKNOWN)))
            v->rule_error[r >> 6] |= (uint64_t)1 << (r & 63);
    }
    v->grouped_types = (1u << FXT_RT_BLOB) | (1u << FXT_RT_SCHEDULING);
    v->lean = s.on_record == NULL;
    fxt__fast_build(v);
    v->f_len = 8, v->f_lo = v->f_hi = -1;
    v->prov = (fxt__provider *)(void *)(m + l.prov);
    v->nprov = 1;
    v->no_slot.depth = 0x80000000u; /* fails fast.c's depth tests; never changes */
    prov_reset(v, &v->prov[0], 0);
    v->prov[0].implicit = 1;
    v->prov[s.max_providers + 1].untracked = 0;
    v->cur = &v->prov[0];
    /* thread slots are cached by pointer (last_thread, thr_slot): fixed size */
    fxt__table_init(&v->threads, m + l.threads, s.max_threads, NULL);
    v->threads.stk = (uint64_t *)(void *)(m + l.stacks);
    for (int f = 0; f < 2; f++)
        if (family_used(v->lanes, f)) {
            fxt__table_init(&v->async[f], m + l.async[f], s.max_async, m + l.scratch);
            fxt__table_init(&v->flows[f], m + l.flows[f], s.max_flows, m + l.scratch);
        }
    v->deferred = (fxt__deferred *)(void *)(m + l.deferred);
    v->buf = m + l.buf;
    return v;
}

fxt_validator *fxt_validator_new(const fxt_options *o)
{
    size_t n = fxt_validator_size(o);
    void *m = malloc(n);
    if (m == NULL)
        return NULL;
    fxt_validator *v = fxt_validator_init(m, n, o);
    if (v == NULL)
        free(m);
    return v;
}

void fxt_validator_free(fxt_validator *v) { free(v); }

/* ---- results ---- */

fxt_revision fxt_validator_verdicts(const fxt_validator *v, fxt_revision_verdict out[FXT_REV_COUNT])
{
    unsigned checked = lanes_of(&v->o);
    fxt_revision report = (fxt_revision)v->visit;
    int found = 0;
    for (unsigned r = 0; r < FXT_REV_COUNT; r++) {
        const fxt__lane *ln = &v->lane[r];
        fxt_revision_verdict *o = &out[r];
        memset(o, 0, sizeof *o);
        o->first_error = FXT_R_NONE;
        if (!((checked >> r) & 1))
            continue;
        o->checked = 1;
        o->errors = ln->errors;
        o->warnings = ln->warnings;
        o->conforms = ln->errors == 0;
        o->complete = !ln->frozen;
        o->stop_offset = ln->stop_offset;
        o->first_error = ln->errors ? ln->first_error : FXT_R_NONE;
        o->first_error_offset = ln->first_error_offset;
    }
    if (v->o.revision == FXT_REV_AUTO) /* NOTES.md: newest conforming, else current */
        for (int r = FXT_REV_COUNT - 1; r >= 0 && !found; r--)
            if (out[r].conforms) {
                report = (fxt_revision)r;
                found = 1;
            }
    return report;
}

void fxt_validator_stats(const fxt_validator *v, fxt_stats *out)
{
    fxt_revision_verdict vd[FXT_REV_COUNT];
    fxt_revision r = fxt_validator_verdicts(v, vd);
    *out = v->st;
    out->revision = r;
    out->errors = v->lane[r].errors;
    out->warnings = v->lane[r].warnings;
    memcpy(out->by_rule, v->lane[r].by_rule, sizeof out->by_rule);
}

size_t fxt_validator_provider_count(const fxt_validator *v)
{
    size_t n = v->nprov - (v->prov[0].records == 0 ? 1 : 0);
    if (v->prov_overflow)
        n++;
    return n;
}

int fxt_validator_provider(const fxt_validator *v, size_t i, fxt_provider_stats *out)
{
    size_t first = v->prov[0].records == 0 ? 1 : 0;
    const fxt__provider *p;
    if (first + i < v->nprov)
        p = &v->prov[first + i];
    else if (first + i == v->nprov && v->prov_overflow)
        p = &v->prov[v->o.max_providers + 1];
    else
        return -1;
    memset(out, 0, sizeof *out);
    out->id = p->id;
    out->implicit = p->implicit;
    memcpy(out->name, p->name, sizeof out->name);
    if (p->untracked)
        snprintf(out->name, sizeof out->name, "(further providers, untracked)");
    out->records = p->records;
    memcpy(out->by_type, p->by_type, sizeof out->by_type);
    return 0;
}

void fxt_options_ignore(fxt_options *o, fxt_rule r, int on)
{
    uint64_t bit = (uint64_t)1 << ((unsigned)r & 63);
    if (on)
        o->ignore[(unsigned)r >> 6] |= bit;
    else
        o->ignore[(unsigned)r >> 6] &= ~bit;
}

long fxt_validate_buffer(const void *buf, size_t len, const fxt_options *o, fxt_stats *stats)
{
    fxt_validator *v = fxt_validator_new(o);
    if (v == NULL)
        return -1;
    fxt_validator_feed(v, buf, len);
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    if (stats)
        *stats = st;
    long e = (long)st.errors;
    fxt_validator_free(v);
    return e;
}
