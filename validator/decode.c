/*
 * decode.c - the record and argument decoders: every field of every record
 * is checked here, with one cursor and a running offset (after Lua's
 * lundump.c). Reserved bits come from the layout table's word descriptions
 * (one AND per word; the slow path names the field). Checks that depend on
 * the revision report for the lanes they hold for (see internal.h).
 */
#include <stdio.h>
#include <string.h>

#include "internal.h"

#define COLD FXT__COLD
#define UNLIKELY FXT__UNLIKELY
#define REPORT FXT__REPORT

/* ---- cursor over one record ---- */

typedef struct cur {
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
} cur;

static const char *const k_arg_names[16] = {"null",   "int32",  "uint32",  "int64",
                                            "uint64", "double", "string",  "pointer",
                                            "koid",   "bool",   "type-10", "type-11",
                                            "type-12", "type-13", "type-14", "type-15"};

/* "argument 2 (int64) " or "": context for messages, built only on the
 * error path so the hot path formats nothing. */
static const char *where(const cur *c, char *buf, size_t n)
{
    if (c->argn == 0)
        return "";
    snprintf(buf, n, "argument %u (%s) ", c->argn, k_arg_names[c->argt & 15]);
    return buf;
}

static inline uint64_t fieldoff(const cur *c, uint64_t pos) { return c->v->r_off + pos; }

/* The record (or argument) must hold N more bytes for WHAT: its size field
 * is what is wrong, so that is where the issue points. */
static COLD int need_fail(cur *c, uint64_t n, const char *what)
{
    char w[48];
    uint64_t words = (c->end - c->base) / 8;
    fxt__detail(c->v, 8, c->size_lo, c->size_hi);
    REPORT(c->v, c->small, fieldoff(c, c->base), "%sis %llu word%s but its %s needs word %llu",
           c->argn ? where(c, w, sizeof w) : "record ", (unsigned long long)words,
           fxt__plural(words), what, (unsigned long long)((c->pos - c->base + n + 7) / 8));
    return 0;
}

/* avail < end only for the head of a streamed large record, which by
 * construction fits in the buffer; lim = min(end, avail) is a safety net. */
static inline int need(cur *c, uint64_t n, const char *what)
{
    if (c->pos + n <= c->lim)
        return 1;
    return need_fail(c, n, what);
}

static inline int word(cur *c, const char *what, uint64_t *out)
{
    if (!need(c, 8, what))
        return 0;
    *out = fxt_load_word(c->p + c->pos, c->v->be);
    c->pos += 8;
    return 1;
}

/* Reserved bits of word W (at record position POS) described by D. */
static COLD void rsv_fail(cur *c, const fxt_word_desc *d, uint64_t w, uint64_t pos)
{
    char a[48];
    for (unsigned i = 0; i < d->nfields; i++) {
        const fxt_field_desc *f = &d->fields[i];
        uint64_t val = (w >> f->lo) & FXT_WIDTH_MASK_(f->lo, f->hi);
        if (f->kind != FXT_FK_RESERVED || val == 0)
            continue;
        fxt__detail(c->v, 8, f->lo, f->hi);
        REPORT(c->v, d->reserved_rule, fieldoff(c, pos), "%s%sbits [%u..%u] must be zero, got 0x%llx",
               where(c, a, sizeof a), d->prefix, f->lo, f->hi, (unsigned long long)val);
    }
}

static inline void rsv_word(cur *c, const fxt_word_desc *d, uint64_t w, uint64_t pos)
{
    if (UNLIKELY(w & d->reserved_mask))
        rsv_fail(c, d, w, pos);
}

/* The lanes of v->rl whose revision does not define value VAL of a type
 * field (DEFS: revision mask per value) get RULE and stop reading the
 * record; the rest go on. Returns the lanes that go on (0: skip it). */
static COLD unsigned undefined_for(cur *c, unsigned undef, fxt_rule rule, const char *what,
                                   unsigned val, int lo, int hi, uint64_t pos)
{
    fxt_validator *v = c->v;
    unsigned keep = v->rl & ~undef;
    char names[40];
    if (!(undef & v->reportable)) { /* auto mode: cannot be reported, so no message */
        fxt__count_only(v, undef, rule, 1);
        v->rl = keep;
        return keep;
    }
    v->rl = undef;
    fxt__detail(v, 8, lo, hi);
    REPORT(v, rule, fieldoff(c, pos), "%s %u is not defined in %s; the record is skipped%s", what,
           val, fxt__lane_names(undef, names, sizeof names), keep ? " there" : "");
    v->rl = keep;
    return keep;
}

static inline unsigned defined(cur *c, const uint8_t *defs, unsigned val, fxt_rule rule,
                               const char *what, int lo, int hi, uint64_t pos)
{
    unsigned undef = c->v->rl & ~defs[val];
    if (UNLIKELY(undef))
        return undefined_for(c, undef, rule, what, val, lo, hi, pos);
    return c->v->rl;
}

/* The layout of some lane reading the record (all of them agree on what
 * the caller asks). */
static inline const fxt_layout *lay(const fxt_validator *v)
{
    unsigned l = v->rl & FXT_REV_BIT(v->visit) ? v->visit : (unsigned)__builtin_ctz(v->rl);
    return v->lay[l];
}

/* ---- streams ---- */

/* Check the padding bytes of a stream of LEN bytes starting at record
 * position START that is fully present in memory. */
static void check_pad(cur *c, uint64_t start, uint64_t len, const char *what)
{
    uint64_t a = start + len, b = fxt__align8(a);
    for (uint64_t i = a; i < b; i++)
        if (c->p[i]) {
            char w[48];
            fxt__detail(c->v, 1, -1, -1);
            REPORT(c->v, FXT_R_PADDING_NONZERO, fieldoff(c, i),
                   "padding byte %llu after %s%s is 0x%02x", (unsigned long long)(i - a),
                   where(c, w, sizeof w), what, c->p[i]);
            return;
        }
}

/* A string stream of LEN bytes: bounds, UTF-8, padding, length limit. */
static int stream_str(cur *c, uint64_t len, const char *what, const char **out)
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
               "%s%s is not valid UTF-8 at byte %zu (0x%02x)", where(c, w, sizeof w), what, bad,
               s[bad]);
    }
    if (len > FXT_MAX_STRING_LEN) {
        fxt__detail(c->v, (uint32_t)len, -1, -1);
        REPORT(c->v, FXT_R_STRING_TOO_LONG, fieldoff(c, c->pos), "%s%s is %llu bytes long",
               where(c, w, sizeof w), what, (unsigned long long)len);
    }
    check_pad(c, c->pos, len, what);
    c->pos += padded;
    return 1;
}

static COLD void strref_missing(cur *c, uint16_t ref, uint64_t ref_pos, int lo, const char *what)
{
    char w[48];
    fxt__detail(c->v, 8, lo, lo + 15);
    REPORT(c->v, FXT_R_STRING_REF_UNREGISTERED, fieldoff(c, ref_pos),
           "%s%s refers to string index %u, which is not registered", where(c, w, sizeof w), what,
           ref);
}

/* A string ref (bits [lo..lo+15] of the word at REF_POS): inline content
 * follows at the cursor, indexed must be registered in the current
 * provider's table. */
static inline int strref(cur *c, uint16_t ref, uint64_t ref_pos, int lo, const char *what,
                         fxt_str *out)
{
    out->ref = ref;
    out->data = NULL;
    out->len = 0;
    if (ref & FXT_STRREF_INLINE_FLAG) {
        size_t n = ref & FXT_STRREF_VALUE_MASK;
        const char *d;
        if (!stream_str(c, n, what, &d))
            return 0; /* data NULL, len 0: the model never points past the record */
        out->data = d;
        out->len = n;
        return 1;
    }
    const fxt__provider *p = c->v->cur; /* bit 0 is set: the empty ref passes */
    if (UNLIKELY(!((p->strbits[ref >> 6] >> (ref & 63)) & 1)) && !p->untracked)
        strref_missing(c, ref, ref_pos, lo, what);
    return 1;
}

/* A thread ref (bits [lo..lo+7] at REF_POS): inline koids follow at the
 * cursor (PID_ONLY: one word). Returns 2 if decodable but unregistered. */
static inline int thrref(cur *c, uint8_t ref, uint64_t ref_pos, int lo, const char *what,
                         fxt_thread *out, int pid_only)
{
    out->ref = ref;
    if (ref == FXT_THREADREF_INLINE) {
        out->tid = 0;
        if (!word(c, "process koid", &out->pid))
            return 0;
        return pid_only || word(c, "thread koid", &out->tid);
    }
    const fxt__provider *p = c->v->cur;
    out->pid = p->thr_pid[ref];
    out->tid = p->thr_tid[ref];
    if (UNLIKELY(!((p->thrbits[ref >> 6] >> (ref & 63)) & 1)) && !p->untracked) {
        fxt__detail(c->v, 8, lo, lo + 7);
        REPORT(c->v, FXT_R_THREAD_REF_UNREGISTERED, fieldoff(c, ref_pos),
               "%s refers to thread index %u, which is not registered", what, ref);
        return 2;
    }
    return 1;
}

/* ---- arguments ---- */

static COLD void arg_refs_missing(cur *c, unsigned argn, unsigned type, uint16_t nref,
                                  uint16_t sref, uint64_t apos)
{
    const fxt__provider *pv = c->v->cur;
    c->argn = argn, c->argt = type;
    if (!((pv->strbits[nref >> 6] >> (nref & 63)) & 1))
        strref_missing(c, nref, apos, FXT_FIELD_LO(FXT_ARG_NAME), "name");
    if (!((pv->strbits[sref >> 6] >> (sref & 63)) & 1))
        strref_missing(c, sref, apos, FXT_FIELD_LO(FXT_ARG_STR_VALUE), "value");
    c->argn = 0;
}

/* The argument-count field of the record header, for arg-overrun. */
static COLD void point_at_argc(fxt_validator *v)
{
    const fxt_word_desc *d = fxt_header_desc((fxt_revision)v->visit, v->rec.header);
    for (unsigned i = 0; i < d->nfields; i++)
        if (d->fields[i].kind == FXT_FK_COUNT) {
            fxt__detail(v, 8, d->fields[i].lo, d->fields[i].hi);
            return;
        }
    fxt__detail(v, 8, -1, -1);
}

/* The general path of one argument of defined type TYPE: decode and check
 * field by field, reporting what is wrong. */
static int arg_slow(cur *c, fxt_arg *a, uint64_t h, unsigned i, uint64_t apos, uint64_t aend)
{
    fxt_validator *v = c->v;
    unsigned type = a->type;
    a->v.u64 = 0;
    a->name.ref = 0, a->name.data = NULL, a->name.len = 0;
    /* sub-cursor bounded by the argument's own size */
    cur ac = *c;
    ac.end = aend;
    ac.lim = aend < c->avail ? aend : c->avail;
    ac.base = apos;
    ac.pos = apos + 8;
    ac.small = FXT_R_ARG_TOO_SMALL;
    ac.argn = i + 1;
    ac.argt = type;
    ac.size_lo = FXT_FIELD_LO(FXT_ARG_SIZE), ac.size_hi = FXT_FIELD_HI(FXT_ARG_SIZE);
    rsv_word(&ac, fxt_arg_desc((fxt_revision)__builtin_ctz(v->rl), type), h, apos);
    int ok = strref(&ac, (uint16_t)FXT_GET(h, FXT_ARG_NAME), apos, FXT_FIELD_LO(FXT_ARG_NAME),
                    "name", &a->name);
    if (ok) {
        switch (type) {
        case FXT_AT_INT32:
            a->v.i32 = (int32_t)(uint32_t)a->hi;
            break;
        case FXT_AT_UINT32:
            a->v.u32 = a->hi;
            break;
        case FXT_AT_BOOL:
            if (a->hi > 1) {
                fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_HI), FXT_FIELD_HI(FXT_ARG_HI));
                REPORT(v, FXT_R_BOOL_VALUE_INVALID, fieldoff(c, apos),
                       "argument %u: boolean value is 0x%x, not 0 or 1", i + 1, a->hi);
            }
            a->v.b = (int)(a->hi & 1);
            break;
        case FXT_AT_STRING:
            ok = strref(&ac, (uint16_t)FXT_GET(h, FXT_ARG_STR_VALUE), apos,
                        FXT_FIELD_LO(FXT_ARG_STR_VALUE), "value", &a->str);
            break;
        case FXT_AT_NULL:
            break;
        default: /* int64, uint64, double, pointer, koid: a value word */
            ok = word(&ac, "value word", &a->v.u64);
            break;
        }
    }
    if (ok && ac.pos < aend) {
        a->extra = c->p + ac.pos;
        a->extra_words = (size_t)((aend - ac.pos) / 8);
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_SIZE), FXT_FIELD_HI(FXT_ARG_SIZE));
        REPORT(v, FXT_R_ARG_SIZE_EXTRA, fieldoff(c, apos),
               "argument %u is %u word%s but its fields need %llu", i + 1, a->size_words,
               fxt__plural(a->size_words), (unsigned long long)((ac.pos - apos) / 8));
    }
    return ok;
}

/* Decode ARGC arguments at the cursor into rec->args. Returns 0 if the
 * record cannot be decoded further. */
static int args(cur *c, unsigned argc, fxt_record *rec)
{
    fxt_validator *v = c->v;
    const unsigned rl = v->rl;
    const uint16_t all_define = v->arg_all[rl]; /* types every reading lane defines */
    rec->argc = argc;
    for (unsigned i = 0; i < argc; i++) {
        fxt_arg *a = &rec->args[i];
        uint64_t apos = c->pos;
        if (c->pos + 8 > c->end) {
            point_at_argc(v);
            REPORT(v, FXT_R_ARG_OVERRUN, fieldoff(c, 0),
                   "the record holds %u arguments but ends before argument %u", argc, i + 1);
            return 0;
        }
        uint64_t h = fxt_load_word(c->p + apos, v->be);
        unsigned type = (unsigned)FXT_GET(h, FXT_ARG_TYPE);
        unsigned size = (unsigned)FXT_GET(h, FXT_ARG_SIZE);
        a->type = type;
        a->size_words = size;
        a->hi = (uint32_t)FXT_GET(h, FXT_ARG_HI);
        a->extra = NULL;
        a->extra_words = 0;
        a->str.ref = 0, a->str.data = NULL, a->str.len = 0;
        uint64_t aend = apos + (uint64_t)size * 8;
        if (size == 0) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_SIZE), FXT_FIELD_HI(FXT_ARG_SIZE));
            REPORT(v, FXT_R_ARG_TOO_SMALL, fieldoff(c, apos),
                   "argument %u has size 0; the rest of the record cannot be read", i + 1);
            return 0;
        }
        if (aend > c->end) {
            uint64_t left = (c->end - apos) / 8;
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_SIZE), FXT_FIELD_HI(FXT_ARG_SIZE));
            REPORT(v, FXT_R_ARG_OVERRUN, fieldoff(c, apos),
                   "argument %u is %u word%s but only %llu word%s of the record remain%s", i + 1,
                   size, fxt__plural(size), (unsigned long long)left, fxt__plural(left),
                   left == 1 ? "s" : "");
            return 0;
        }
        /* Fast path: a type every reading lane defines, exactly the implied
         * size, indexed refs, no reserved bits: one branch for all of it
         * (random argument types make per-type branches mispredict). */
        uint16_t nref = (uint16_t)FXT_GET(h, FXT_ARG_NAME);
        if (((all_define >> type) & 1) & (size == v->arg_words[type]) &
            !(nref & FXT_STRREF_INLINE_FLAG) & (aend <= c->lim) &
            ((a->hi & v->arg_hi_rsv[type]) == 0)) {
            const fxt__provider *pv = v->cur;
            uint16_t sref = (uint16_t)(a->hi & v->arg_sref[type]);
            /* bit 0 of strbits is always set: ref 0 is the empty string */
            if (UNLIKELY(!((pv->strbits[nref >> 6] >> (nref & 63)) &
                           (pv->strbits[sref >> 6] >> (sref & 63)) & 1)) &&
                !pv->untracked)
                arg_refs_missing(c, i + 1, type, nref, sref, apos);
            if (v->o.on_record) { /* the model is only for a visitor */
                a->name.ref = nref, a->name.data = NULL, a->name.len = 0;
                a->str.ref = sref;
                a->v.u64 = 0; /* no stale bytes beside a narrower member */
                if (size == 2)
                    a->v.u64 = fxt_load_word(c->p + apos + 8, v->be);
                else if (type == FXT_AT_INT32)
                    a->v.i32 = (int32_t)a->hi;
                else if (type == FXT_AT_BOOL)
                    a->v.b = (int)a->hi;
                else
                    a->v.u32 = a->hi;
            }
            c->pos = aend;
            continue;
        }
        unsigned undef = rl & ~v->defs.arg[type];
        if (undef && !(undef & v->reportable)) { /* auto mode: count, no message */
            fxt__count_only(v, undef, FXT_R_ARG_TYPE_UNKNOWN, 1);
            v->rl = rl & ~undef;
            if (v->rl == 0) {
                v->rl = rl;
                c->pos = aend;
                continue;
            }
        } else if (undef) {
            char names[40];
            v->rl = undef;
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_ARG_TYPE), FXT_FIELD_HI(FXT_ARG_TYPE));
            REPORT(v, FXT_R_ARG_TYPE_UNKNOWN, fieldoff(c, apos),
                   "argument %u has type %u, which is not defined in %s", i + 1, type,
                   fxt__lane_names(undef, names, sizeof names));
            v->rl = rl & ~undef;
            if (v->rl == 0) { /* skipped by its size in every lane */
                v->rl = rl;
                c->pos = aend;
                continue;
            }
        }
        arg_slow(c, a, h, i, apos, aend);
        v->rl = rl;
        c->pos = aend; /* continue at the next argument boundary either way */
    }
    return 1;
}

/* ---- record decoders ---- */

static const char *const k_rt_names[17] = {
    "metadata", "initialization", "string",  "thread",  "event",   "blob",
    "userspace", "kernel-object", "scheduling", "log",   "type-10", "type-11",
    "type-12",  "type-13",        "type-14", "large",   "trace"};

const char *fxt__record_type_name(unsigned t) { return t <= 16 ? k_rt_names[t] : "?"; }

/* Returns 1 if fully decoded (so size-extra and visitor apply). */
static int dec_metadata(cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_meta *m = &r->u.meta;
    m->meta_type = (unsigned)FXT_GET(h, FXT_META_TYPE);
    m->provider_id = (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID);
    m->name.ref = 0, m->name.data = NULL, m->name.len = 0;
    if (!defined(c, v->defs.metadata, m->meta_type, FXT_R_METADATA_TYPE_UNKNOWN, "metadata type",
                 FXT_FIELD_LO(FXT_META_TYPE), FXT_FIELD_HI(FXT_META_TYPE), 0))
        return 0;
    const fxt_word_desc *d = fxt_header_desc((fxt_revision)__builtin_ctz(v->rl), h);
    switch (m->meta_type) {
    case FXT_MT_PROVIDER_INFO: {
        rsv_word(c, d, h, 0);
        m->name.len = (size_t)FXT_GET(h, FXT_PINFO_NAME_LEN);
        if (!stream_str(c, m->name.len, "provider name", &m->name.data))
            return 0;
        fxt__provider *p = fxt__prov_open(v, m->provider_id, 1);
        if (!p->untracked) {
            memcpy(p->name, m->name.data, m->name.len);
            p->name[m->name.len] = 0;
        }
        v->cur = p;
        return 1;
    }
    case FXT_MT_PROVIDER_SECTION: {
        rsv_word(c, d, h, 0);
        /* past the provider table's capacity an id may have been
         * introduced without being remembered: claim nothing then */
        if (fxt__prov_find(v, m->provider_id) == NULL && !v->prov_overflow) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_META_PROVIDER_ID), FXT_FIELD_HI(FXT_META_PROVIDER_ID));
            REPORT(v, FXT_R_PROVIDER_SECTION_UNKNOWN, fieldoff(c, 0),
                   "provider %u was not introduced by a provider info record", m->provider_id);
        }
        v->cur = fxt__prov_open(v, m->provider_id, 0);
        return 1;
    }
    case FXT_MT_PROVIDER_EVENT:
        rsv_word(c, d, h, 0);
        m->event_id = (unsigned)FXT_GET(h, FXT_PEVENT_ID);
        if (m->event_id != FXT_PEVENT_BUFFER_FULL) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_PEVENT_ID), FXT_FIELD_HI(FXT_PEVENT_ID));
            REPORT(v, FXT_R_PROVIDER_EVENT_UNKNOWN, fieldoff(c, 0),
                   "provider event id %u is not defined", m->event_id);
        }
        return 1;
    default: /* FXT_MT_TRACE_INFO */
        m->trace_info_type = (unsigned)FXT_GET(h, FXT_TINFO_TYPE);
        if (!defined(c, v->defs.trace_info, m->trace_info_type, FXT_R_TRACE_INFO_TYPE_UNKNOWN,
                     "trace info type", FXT_FIELD_LO(FXT_TINFO_TYPE), FXT_FIELD_HI(FXT_TINFO_TYPE),
                     0))
            return 0;
        m->magic = (uint32_t)FXT_GET(h, FXT_MAGIC_VALUE_FIELD);
        v->seen_magic = 1;
        if (v->r_idx != 0)
            REPORT(v, FXT_R_MAGIC_NOT_FIRST, fieldoff(c, 0), "magic record is record #%llu",
                   (unsigned long long)v->r_idx);
        if (m->magic != FXT_MAGIC_NUMBER) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_MAGIC_VALUE_FIELD), FXT_FIELD_HI(FXT_MAGIC_VALUE_FIELD));
            REPORT(v, FXT_R_MAGIC_BAD_NUMBER, fieldoff(c, 0), "magic number is 0x%08x", m->magic);
        }
        rsv_word(c, d, h, 0);
        if (c->end != 8) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_REC_SIZE), FXT_FIELD_HI(FXT_REC_SIZE));
            REPORT(v, FXT_R_MAGIC_BAD_SIZE, fieldoff(c, 0), "magic record is %llu words",
                   (unsigned long long)(c->end / 8));
            return 0;
        }
        return 1;
    }
}

static int dec_event(cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_event *e = &r->u.event;
    unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    v->st.events_by_type[raw]++;
    if (!defined(c, v->defs.event, raw, FXT_R_EVENT_TYPE_UNKNOWN, "event type",
                 FXT_FIELD_LO(FXT_EV_TYPE), FXT_FIELD_HI(FXT_EV_TYPE), 0))
        return 0;
    const unsigned rl = v->rl;
    int fam = (rl & v->fam_lanes[1]) != 0; /* the newer numbering if any lane reads it */
    e->event_type = v->kind[fam][raw];
    if (!word(c, "timestamp", &e->timestamp))
        return 0;
    int t = thrref(c, (uint8_t)FXT_GET(h, FXT_EV_THREAD), 0, FXT_FIELD_LO(FXT_EV_THREAD), "thread",
                   &e->thread, 0);
    if (!t ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_EV_CATEGORY), 0, FXT_FIELD_LO(FXT_EV_CATEGORY),
                "category", &e->category) ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_EV_NAME), 0, FXT_FIELD_LO(FXT_EV_NAME), "name",
                &e->name) ||
        !args(c, (unsigned)FXT_GET(h, FXT_EV_ARGC), r))
        return 0;
    e->data = 0;
    const char *dw = v->ev_data[raw]; /* the families agree on which have one */
    if (dw != NULL && !word(c, dw, &e->data))
        return 0;
    if (!((v->seq_raw >> raw) & 1))
        return 1; /* instant, counter: nothing to match */
    fxt__sequence_lanes(v, raw, e, t == 1, fieldoff(c, c->pos - 8));
    return 1;
}

static int dec_blob(cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_blob *b = &r->u.blob;
    const fxt_layout *l = lay(v);
    rsv_word(c, d, h, 0);
    b->blob_type = (unsigned)FXT_GET(h, FXT_BLOB_TYPE);
    b->payload_size = (h >> l->blob_size_lo) & FXT_WIDTH_MASK_(l->blob_size_lo, l->blob_size_hi);
    unsigned undef = v->rl & ~v->defs.blob[b->blob_type];
    if (undef) { /* the payload is still framed by its size: no skipping */
        char names[40];
        unsigned rl = v->rl;
        v->rl = undef;
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_BLOB_TYPE), FXT_FIELD_HI(FXT_BLOB_TYPE));
        REPORT(v, FXT_R_BLOB_TYPE_UNKNOWN, fieldoff(c, 0), "blob type %u is not defined in %s",
               b->blob_type, fxt__lane_names(undef, names, sizeof names));
        v->rl = rl;
    }
    if (!strref(c, (uint16_t)FXT_GET(h, FXT_BLOB_NAME), 0, FXT_FIELD_LO(FXT_BLOB_NAME), "blob name",
                &b->name))
        return 0;
    if (!need(c, fxt__align8(b->payload_size), "payload"))
        return 0;
    b->payload = c->p + c->pos;
    check_pad(c, c->pos, b->payload_size, "blob payload");
    c->pos += fxt__align8(b->payload_size);
    return 1;
}

static int dec_object(cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d, int kernel)
{
    fxt_object *o = &r->u.object;
    rsv_word(c, d, h, 0);
    if (kernel) {
        o->koid_type = (unsigned)FXT_GET(h, FXT_KOBJ_TYPE);
        if (!word(c, "koid", &o->id) ||
            !strref(c, (uint16_t)FXT_GET(h, FXT_KOBJ_NAME), 0, FXT_FIELD_LO(FXT_KOBJ_NAME), "name",
                    &o->name))
            return 0;
        return args(c, (unsigned)FXT_GET(h, FXT_KOBJ_ARGC), r);
    }
    if (!word(c, "pointer", &o->id) ||
        !thrref(c, (uint8_t)FXT_GET(h, FXT_UOBJ_PROCESS), 0, FXT_FIELD_LO(FXT_UOBJ_PROCESS),
                "process", &o->process, 1) ||
        !strref(c, (uint16_t)FXT_GET(h, FXT_UOBJ_NAME), 0, FXT_FIELD_LO(FXT_UOBJ_NAME), "name",
                &o->name))
        return 0;
    return args(c, (unsigned)FXT_GET(h, FXT_UOBJ_ARGC), r);
}

/* The context switch layout of r1-r3 (current's legacy subtype 0). */
static int dec_legacy_csw(cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_sched *s = &r->u.sched;
    s->cpu = (unsigned)FXT_GET(h, FXT_LCSW_CPU);
    s->state = (unsigned)FXT_GET(h, FXT_LCSW_STATE);
    if (lay(v)->has_priorities) {
        s->out_prio = (unsigned)FXT_GET(h, FXT_LCSW_OUT_PRIO);
        s->in_prio = (unsigned)FXT_GET(h, FXT_LCSW_IN_PRIO);
    }
    rsv_word(c, d, h, 0);
    if (s->state == FXT_TS_RUNNING || s->state > FXT_TS_MAX) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_LCSW_STATE), FXT_FIELD_HI(FXT_LCSW_STATE));
        REPORT(v, FXT_R_LEGACY_STATE_INVALID, fieldoff(c, 0), "outgoing thread state is %u",
               s->state);
    }
    r->argc = 0;
    return word(c, "timestamp", &s->timestamp) &&
           thrref(c, (uint8_t)FXT_GET(h, FXT_LCSW_OUT_THREAD), 0, FXT_FIELD_LO(FXT_LCSW_OUT_THREAD),
                  "outgoing thread", &s->out, 0) &&
           thrref(c, (uint8_t)FXT_GET(h, FXT_LCSW_IN_THREAD), 0, FXT_FIELD_LO(FXT_LCSW_IN_THREAD),
                  "incoming thread", &s->in, 0);
}

static int dec_sched(cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    fxt_sched *s = &r->u.sched;
    s->out.ref = s->in.ref = 0;
    s->out.pid = s->in.pid = 0;
    s->out_prio = s->in_prio = 0;
    s->sched_type = FXT_ST_LEGACY_CONTEXT_SWITCH;
    if (lay(v)->sched_types == 0) /* before current: a context switch, no subtype */
        return dec_legacy_csw(c, h, r, d);
    s->sched_type = (unsigned)FXT_GET(h, FXT_SCHED_TYPE);
    if (!defined(c, v->defs.sched, s->sched_type, FXT_R_SCHEDULING_TYPE_UNKNOWN,
                 "scheduling record type", FXT_FIELD_LO(FXT_SCHED_TYPE),
                 FXT_FIELD_HI(FXT_SCHED_TYPE), 0))
        return 0;
    switch (s->sched_type) {
    case FXT_ST_LEGACY_CONTEXT_SWITCH:
        return dec_legacy_csw(c, h, r, d);
    case FXT_ST_CONTEXT_SWITCH:
        s->cpu = (unsigned)FXT_GET(h, FXT_CSW_CPU);
        s->state = (unsigned)FXT_GET(h, FXT_CSW_STATE);
        rsv_word(c, d, h, 0);
        if (s->state > FXT_TS_MAX) {
            fxt__detail(v, 8, FXT_FIELD_LO(FXT_CSW_STATE), FXT_FIELD_HI(FXT_CSW_STATE));
            REPORT(v, FXT_R_CONTEXT_SWITCH_STATE_UNKNOWN, fieldoff(c, 0),
                   "outgoing thread state is %u", s->state);
        }
        return word(c, "timestamp", &s->timestamp) &&
               word(c, "outgoing thread koid", &s->out.tid) &&
               word(c, "incoming thread koid", &s->in.tid) &&
               args(c, (unsigned)FXT_GET(h, FXT_CSW_ARGC), r);
    default: /* FXT_ST_THREAD_WAKEUP */
        s->cpu = (unsigned)FXT_GET(h, FXT_WAKE_CPU);
        s->state = 0;
        rsv_word(c, d, h, 0);
        return word(c, "timestamp", &s->timestamp) &&
               word(c, "waking thread koid", &s->out.tid) &&
               args(c, (unsigned)FXT_GET(h, FXT_WAKE_ARGC), r);
    }
}

static int dec_log(cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_log *l = &r->u.log;
    rsv_word(c, d, h, 0);
    l->msg_len = (size_t)FXT_GET(h, FXT_LOG_LEN);
    return word(c, "timestamp", &l->timestamp) &&
           thrref(c, (uint8_t)FXT_GET(h, FXT_LOG_THREAD), 0, FXT_FIELD_LO(FXT_LOG_THREAD), "thread",
                  &l->thread, 0) &&
           stream_str(c, l->msg_len, "log message", &l->msg);
}

/* Large blob head. The payload may lie beyond c->avail (streamed): then
 * v->pad_lo/pad_hi tell the tail streamer what is left to check. */
static int dec_large(cur *c, uint64_t h, fxt_record *r)
{
    fxt_validator *v = c->v;
    fxt_blob *b = &r->u.blob;
    r->large_type = (unsigned)FXT_GET(h, FXT_LREC_TYPE);
    if (!defined(c, v->defs.large, r->large_type, FXT_R_LARGE_RECORD_TYPE_UNKNOWN,
                 "large record type", FXT_FIELD_LO(FXT_LREC_TYPE), FXT_FIELD_HI(FXT_LREC_TYPE), 0))
        return 0;
    b->format = (unsigned)FXT_GET(h, FXT_LBLOB_FORMAT);
    if (!defined(c, v->defs.large_format, b->format, FXT_R_LARGE_BLOB_FORMAT_UNKNOWN,
                 "large blob format", FXT_FIELD_LO(FXT_LBLOB_FORMAT),
                 FXT_FIELD_HI(FXT_LBLOB_FORMAT), 0))
        return 0;
    rsv_word(c, fxt_header_desc((fxt_revision)__builtin_ctz(v->rl), h), h, 0);
    uint64_t f;
    if (!word(c, "format header word", &f))
        return 0;
    rsv_word(c, fxt_large_blob_format_desc(b->format), f, 8);
    if (!strref(c, (uint16_t)FXT_GET(f, FXT_LBLOB_CATEGORY), 8, FXT_FIELD_LO(FXT_LBLOB_CATEGORY),
                "category", &b->category) ||
        !strref(c, (uint16_t)FXT_GET(f, FXT_LBLOB_NAME), 8, FXT_FIELD_LO(FXT_LBLOB_NAME), "name",
                &b->name))
        return 0;
    r->argc = 0;
    b->timestamp = 0;
    b->thread.ref = 0, b->thread.pid = b->thread.tid = 0;
    if (b->format == FXT_LBF_METADATA) {
        if (!word(c, "timestamp", &b->timestamp) ||
            !thrref(c, (uint8_t)FXT_GET(f, FXT_LBLOB0_THREAD), 8, FXT_FIELD_LO(FXT_LBLOB0_THREAD),
                    "thread", &b->thread, 0) ||
            !args(c, (unsigned)FXT_GET(f, FXT_LBLOB0_ARGC), r))
            return 0;
    }
    if (!word(c, "blob size word", &b->payload_size))
        return 0;
    /* overflow-safe: payload_size may be anything up to 2^64-1 */
    if (b->payload_size > c->end - c->pos || fxt__align8(b->payload_size) > c->end - c->pos) {
        fxt__detail(v, 8, 0, 63);
        if (b->payload_size > UINT64_MAX - 7) /* align8() would wrap */
            REPORT(v, FXT_R_RECORD_TOO_SMALL, fieldoff(c, c->pos - 8),
                   "blob size %llu padded to whole words exceeds 2^64 bytes; only %llu "
                   "remain in the record",
                   (unsigned long long)b->payload_size, (unsigned long long)(c->end - c->pos));
        else
            REPORT(v, FXT_R_RECORD_TOO_SMALL, fieldoff(c, c->pos - 8),
                   "blob size %llu needs %llu bytes but only %llu remain in the record",
                   (unsigned long long)b->payload_size,
                   (unsigned long long)fxt__align8(b->payload_size),
                   (unsigned long long)(c->end - c->pos));
        return 0;
    }
    uint64_t pl = c->pos;
    c->pos += fxt__align8(b->payload_size);
    if (c->pos <= c->avail) {
        b->payload = c->p + pl;
        check_pad(c, pl, b->payload_size, "blob payload");
    } else {
        b->payload = NULL; /* streamed: checked as it arrives */
        v->pad_lo = pl + b->payload_size;
        v->pad_hi = c->pos;
    }
    return 1;
}

static int dec_string(cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    rsv_word(c, d, h, 0);
    unsigned idx = (unsigned)FXT_GET(h, FXT_STR_INDEX);
    r->u.string.index = idx;
    r->u.string.len = (size_t)FXT_GET(h, FXT_STR_LEN);
    int ok = stream_str(c, r->u.string.len, "string", &r->u.string.data);
    if (idx == 0) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_STR_INDEX), FXT_FIELD_HI(FXT_STR_INDEX));
        REPORT(v, FXT_R_STRING_INDEX_ZERO, v->r_off, "string record for index 0 is ignored");
    } else if (ok)
        v->cur->strbits[idx >> 6] |= (uint64_t)1 << (idx & 63);
    if (ok && r->u.string.len == 0) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_STR_LEN), FXT_FIELD_HI(FXT_STR_LEN));
        REPORT(v, FXT_R_STRING_EMPTY, v->r_off, "string index %u registers the empty string", idx);
    }
    return ok;
}

static int dec_thread(cur *c, uint64_t h, fxt_record *r, const fxt_word_desc *d)
{
    fxt_validator *v = c->v;
    rsv_word(c, d, h, 0);
    unsigned idx = (unsigned)FXT_GET(h, FXT_THR_INDEX);
    r->u.thread.index = idx;
    int ok = word(c, "process koid", &r->u.thread.pid) && word(c, "thread koid", &r->u.thread.tid);
    if (idx == 0) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_THR_INDEX), FXT_FIELD_HI(FXT_THR_INDEX));
        REPORT(v, FXT_R_THREAD_INDEX_ZERO, v->r_off, "thread record for index 0 is ignored");
    } else if (ok) {
        fxt__provider *pv = v->cur;
        pv->thrbits[idx >> 6] |= (uint64_t)1 << (idx & 63);
        pv->thr_pid[idx] = r->u.thread.pid;
        pv->thr_tid[idx] = r->u.thread.tid;
        pv->thr_slot[idx] = NULL;
    }
    return ok;
}

/* Decode with the lanes in v->rl; returns 1 if decoded, and the bytes its
 * fields imply in *IMPLIED. */
static int dec_lanes(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len, uint64_t h,
                     unsigned type, const fxt_word_desc *d, uint64_t *implied)
{
    fxt_record *r = &v->rec;
    cur c = {v, p, len, avail, avail < len ? avail : len, 8, FXT_R_RECORD_TOO_SMALL, 0, 0, 0,
             FXT_FIELD_LO(FXT_REC_SIZE), FXT_FIELD_HI(FXT_REC_SIZE)};
    int ok = 0;
    switch (type) {
    case FXT_RT_METADATA:
        ok = dec_metadata(&c, h, r);
        r->provider_id = v->cur->id; /* provider records belong to their provider */
        break;
    case FXT_RT_INIT:
        rsv_word(&c, d, h, 0);
        ok = word(&c, "tick multiplier word", &r->u.ticks_per_second);
        if (ok && r->u.ticks_per_second == 0) {
            fxt__detail(v, 8, 0, 63);
            FXT__REPORT(v, FXT_R_INIT_ZERO_TICKS, v->r_off + 8, "ticks per second is 0");
        }
        break;
    case FXT_RT_STRING:
        ok = dec_string(&c, h, r, d);
        break;
    case FXT_RT_THREAD:
        ok = dec_thread(&c, h, r, d);
        break;
    case FXT_RT_EVENT:
        ok = dec_event(&c, h, r);
        break;
    case FXT_RT_BLOB:
        ok = dec_blob(&c, h, r, d);
        break;
    case FXT_RT_USERSPACE:
        ok = dec_object(&c, h, r, d, 0);
        break;
    case FXT_RT_KERNEL_OBJECT:
        ok = dec_object(&c, h, r, d, 1);
        break;
    case FXT_RT_SCHEDULING:
        ok = dec_sched(&c, h, r, d);
        break;
    case FXT_RT_LOG:
        ok = dec_log(&c, h, r, d);
        break;
    default: /* FXT_RT_LARGE */
        c.size_lo = FXT_FIELD_LO(FXT_LREC_SIZE), c.size_hi = FXT_FIELD_HI(FXT_LREC_SIZE);
        ok = dec_large(&c, h, r);
        break;
    }
    *implied = c.pos;
    return ok;
}

static void size_extra(fxt_validator *v, int decoded, uint64_t implied, uint64_t len)
{
    if (decoded && implied < len) {
        fxt__detail(v, 8, FXT_FIELD_LO(FXT_REC_SIZE),
                    v->r_type == FXT_RT_LARGE ? FXT_FIELD_HI(FXT_LREC_SIZE)
                                              : FXT_FIELD_HI(FXT_REC_SIZE));
        FXT__REPORT(v, FXT_R_RECORD_SIZE_EXTRA, v->r_off,
                    "record is %llu words but its fields need %llu", (unsigned long long)(len / 8),
                    (unsigned long long)(implied / 8));
    }
}

void fxt__finish_record(fxt_validator *v, fxt_record *r, int decoded, uint64_t implied,
                        const uint8_t *raw, uint64_t len)
{
    r->extra = NULL;
    r->extra_words = 0;
    size_extra(v, decoded, implied, len);
    if (decoded && implied < len) {
        r->extra_words = (size_t)((len - implied) / 8);
        r->extra = raw ? raw + implied : NULL;
    }
    if (v->o.on_record && (v->r_errors == 0 || (v->o.flags & FXT_OPT_VISIT_ALL))) {
        r->known = decoded;
        r->raw = raw;
        r->errors = v->r_errors;
        v->o.on_record(v->o.ctx, r);
    }
}

int fxt__decode(fxt_validator *v, const uint8_t *p, uint64_t avail, uint64_t len, uint64_t h)
{
    fxt_record *r = &v->rec;
    unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
    v->r_off = v->off;
    v->r_idx = v->rec_idx;
    v->r_type = type;
    v->r_errors = 0;
    v->rl = v->lanes;
    v->st.records++;
    v->st.by_type[type]++;
    v->cur->records++;
    v->cur->by_type[type]++;

    r->offset = v->off;
    r->index = v->rec_idx;
    r->type = type;
    r->large_type = 0;
    r->header = h;
    r->size_words = len / 8;
    r->big_endian = v->be;
    r->revision = v->visit;
    r->provider_id = v->cur->id;
    r->argc = 0;
    v->pad_lo = v->pad_hi = 0;

    uint64_t implied = len;
    int ok = 0;
    if (UNLIKELY(!(v->rl & v->defs.record[type]))) { /* no lane reads it */
        cur c = {v, p, len, avail, avail, 8, FXT_R_RECORD_TOO_SMALL, 0, 0, 0, 4, 15};
        undefined_for(&c, v->rl, FXT_R_RECORD_TYPE_UNKNOWN, "record type", type,
                      FXT_FIELD_LO(FXT_REC_TYPE), FXT_FIELD_HI(FXT_REC_TYPE), 0);
    } else {
        unsigned undef = v->rl & ~v->defs.record[type];
        if (UNLIKELY(undef)) {
            cur c = {v, p, len, avail, avail, 8, FXT_R_RECORD_TOO_SMALL, 0, 0, 0, 4, 15};
            undefined_for(&c, undef, FXT_R_RECORD_TYPE_UNKNOWN, "record type", type,
                          FXT_FIELD_LO(FXT_REC_TYPE), FXT_FIELD_HI(FXT_REC_TYPE), 0);
        }
        const unsigned rl = v->rl;
        if (!((v->grouped_types >> type) & 1)) {
            /* one reading for all lanes */
            ok = dec_lanes(v, p, avail, len, h, type, v->hdesc[type], &implied);
        } else {
            /* blob and scheduling layouts differ between revisions: once per
             * group of lanes with the same word layout, the visitor's last */
            unsigned todo = rl;
            while (todo) {
                unsigned first = todo & ~FXT_REV_BIT(v->visit) ? (unsigned)__builtin_ctz(todo & ~FXT_REV_BIT(v->visit))
                                                               : v->visit;
                const fxt_word_desc *d = fxt_header_desc((fxt_revision)first, h);
                unsigned group = 0;
                for (unsigned l = 0; l < FXT_REV_COUNT; l++)
                    if ((todo >> l) & 1 && fxt_header_desc((fxt_revision)l, h) == d)
                        group |= FXT_REV_BIT(l);
                todo &= ~group;
                v->rl = group;
                ok = dec_lanes(v, p, avail, len, h, type, d, &implied);
                if (todo)
                    size_extra(v, ok, implied, len);
            }
        }
    }
    if (avail < len) { /* streamed: tail checks, size-extra and visitor come later */
        v->implied = ok ? implied : len;
        v->tail = ok ? 1 : 2;
        v->pad_bad = 0;
        return 1;
    }
    fxt__finish_record(v, r, ok, implied, p, len);
    return 0;
}
