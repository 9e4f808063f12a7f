/*
 * fast.c - the lean checking path for event records, the bulk of every
 * real trace. With no visitor attached it checks a whole event record
 * without building the record model or a cursor: one AND per argument for
 * its type, size, inline flags and reserved bits, bitset tests for its
 * refs. Anything unusual (an inline ref, an undefined type, a size that is
 * not exactly what the fields imply, an unregistered ref) makes it give
 * up before changing any state, and decode.c then checks the record field
 * by field and reports. So this file never reports anything itself except
 * through the sequencing it shares with decode.c.
 */
#include "internal.h"

#define UNLIKELY FXT__UNLIKELY

static inline int registered(const uint64_t *bits, unsigned i)
{
    return (int)((bits[i >> 6] >> (i & 63)) & 1);
}

void fxt__fast_build(fxt_validator *v)
{
    uint16_t defined = 0; /* by some lane; arg_undef says which lanes lack it */
    for (unsigned l = 0; l < FXT_REV_COUNT; l++)
        if ((v->lanes >> l) & 1)
            defined |= v->lay[l]->arg_types;
    for (unsigned t = 0; t < 16; t++)
        v->arg_undef[t] = (uint8_t)(v->lanes & ~v->defs.arg[t]);
    const uint64_t size_m = FXT_FIELD_MASK(FXT_ARG_SIZE);
    const uint64_t name_inline = (uint64_t)FXT_STRREF_INLINE_FLAG << FXT_FIELD_LO(FXT_ARG_NAME);
    for (unsigned t = 0; t < 16; t++) {
        if (!((defined >> t) & 1) || v->arg_words[t] == 0) {
            v->arg_m[t] = 0, v->arg_e[t] = 1; /* never equal: the slow path says why */
            continue;
        }
        v->arg_m[t] = size_m | name_inline | ((uint64_t)v->arg_hi_rsv[t] << FXT_FIELD_LO(FXT_ARG_HI));
        v->arg_e[t] = FXT_SET(0, FXT_ARG_SIZE, v->arg_words[t]);
    }
    v->ev_ok = v->ev_all[v->lanes];
    v->ev_inline_m = ((uint64_t)FXT_STRREF_INLINE_FLAG << FXT_FIELD_LO(FXT_EV_CATEGORY)) |
                     ((uint64_t)FXT_STRREF_INLINE_FLAG << FXT_FIELD_LO(FXT_EV_NAME));
}

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

static ALWAYS_INLINE int fast_event(fxt_validator *v, const uint8_t *p, uint64_t len, uint64_t h)
{
    const unsigned raw = (unsigned)FXT_GET(h, FXT_EV_TYPE);
    const unsigned thr = (unsigned)FXT_GET(h, FXT_EV_THREAD);
    const unsigned cat = (unsigned)FXT_GET(h, FXT_EV_CATEGORY);
    const unsigned name = (unsigned)FXT_GET(h, FXT_EV_NAME);
    const fxt__provider *pv = v->cur;
    /* a number every lane defines, indexed refs, all registered */
    if (!((v->ev_ok >> raw) & 1) | (thr == FXT_THREADREF_INLINE) |
        ((h & v->ev_inline_m) != 0) | pv->untracked)
        return 0;
    if (!(registered(pv->thrbits, thr) & registered(pv->strbits, cat) &
          registered(pv->strbits, name)))
        return 0;
    const int be = v->be;
    unsigned undef_lanes = 0, nundef = 0;
    uint64_t pos = 16; /* header, timestamp */
    for (unsigned n = (unsigned)FXT_GET(h, FXT_EV_ARGC); n > 0; n--) {
        if (UNLIKELY(pos + 8 > len))
            return 0;
        uint64_t a = fxt_load_word(p + pos, be);
        unsigned type = (unsigned)FXT_GET(a, FXT_ARG_TYPE);
        /* type defined, exact size, indexed name, no reserved bits: one AND */
        if ((a & v->arg_m[type]) != v->arg_e[type] ||
            !(registered(pv->strbits, (unsigned)FXT_GET(a, FXT_ARG_NAME)) &
              registered(pv->strbits, (unsigned)FXT_GET(a, FXT_ARG_HI) & v->arg_sref[type])))
            return 0;
        if (UNLIKELY(v->arg_undef[type])) {
            /* a type some revisions lack (auto mode): fine here only if
             * those revisions can no longer be reported, so that their
             * arg-type-unknown needs counting, not a message */
            if ((v->arg_undef[type] & v->reportable) || (undef_lanes && undef_lanes != v->arg_undef[type]))
                return 0;
            undef_lanes = v->arg_undef[type];
            nundef++;
        }
        pos += (uint64_t)FXT_GET(a, FXT_ARG_SIZE) * 8;
    }
    const char *data = v->ev_data[raw];
    uint64_t data_off = pos;
    pos += data != NULL ? 8 : 0;
    if (pos != len) /* too small, or appended words: decode.c says which */
        return 0;

    /* conforming (but for counted issues): count it and match it */
    if (nundef)
        fxt__count_only(v, undef_lanes, FXT_R_ARG_TYPE_UNKNOWN, nundef);
    v->st.records++;
    v->st.by_type[FXT_RT_EVENT]++;
    v->st.events_by_type[raw]++;
    v->cur->records++;
    v->cur->by_type[FXT_RT_EVENT]++;
    if (!((v->seq_raw >> raw) & 1))
        return 1;
    v->r_off = v->off;
    v->r_idx = v->rec_idx;
    v->r_type = FXT_RT_EVENT;
    v->r_errors = 0;
    v->rl = v->lanes;
    const int fam = (v->lanes & v->fam_lanes[1]) != 0;
    const unsigned kind = v->kind[fam][raw];
    const uint64_t ts = fxt_load_word(p + 8, be);
    const uint64_t d = data != NULL ? fxt_load_word(p + data_off, be) : 0;
    fxt__slot *slot = (fxt__slot *)pv->thr_slot[thr];
    /* the common cases of a single numbering family inline; the rest in
     * sequence.c */
    /* durations read alike in both numberings; the rest only when one
     * numbering is checked */
    {
        if (kind == FXT_ET_DURATION_BEGIN && slot != NULL && slot->depth < FXT__DUR_STACK) {
            uint64_t *st = v->threads.stk + (size_t)slot->off * 2 * FXT__DUR_STACK;
            st[2 * slot->depth] = v->r_off, st[2 * slot->depth + 1] = v->r_idx;
            slot->depth++;
            return 1;
        }
        if (kind == FXT_ET_DURATION_END && slot != NULL && slot->depth > 0) {
            slot->depth--;
            return 1;
        }
        if (kind == FXT_ET_DURATION_COMPLETE && d >= ts && v->fam_lanes[!fam] == 0)
            return 1;
    }
    fxt_event e;
    e.event_type = kind;
    e.thread.ref = (uint8_t)thr;
    e.thread.pid = pv->thr_pid[thr];
    e.thread.tid = pv->thr_tid[thr];
    e.timestamp = ts;
    e.data = d;
    fxt__sequence_lanes(v, raw, &e, 1, v->off + data_off);
    return 1;
}

size_t fxt__fast_run(fxt_validator *v, const uint8_t *p, size_t len)
{
    const uint8_t *start = p;
    const int be = v->be;
    while (len >= 8) {
        uint64_t h = fxt_load_word(p, be);
        unsigned type = (unsigned)FXT_GET(h, FXT_REC_TYPE);
        uint64_t rl = FXT_GET(h, FXT_REC_SIZE) * 8;
        if (UNLIKELY(type == FXT_RT_LARGE) | (rl == 0) | (rl > len))
            break;
        if (!(type == FXT_RT_EVENT && fast_event(v, p, rl, h)))
            fxt__decode(v, p, rl, rl, h);
        v->off += rl;
        v->rec_idx++;
        p += rl, len -= (size_t)rl;
    }
    return (size_t)(p - start);
}
