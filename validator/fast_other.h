/* SPDX-License-Identifier: MIT */
/*
 * fast_other.h - the lean path for the records other than events: logs,
 * kernel objects, context switches (and, in auto mode, the legacy reading
 * of scheduling records, counted only) and blobs. Part of fast.c, which
 * includes it once where its pieces (load, registered, fast_ref,
 * plain_stream, args_checked) are defined; not a header for anyone else.
 */
#ifndef FXT_VALIDATOR_FAST_OTHER_H
#define FXT_VALIDATOR_FAST_OTHER_H

static ALWAYS_INLINE int fast_log(const fxt_validator *v, const fxt__provider *pv,
                                  const uint8_t *p, uint64_t len, uint64_t h)
{
    const unsigned thr = (unsigned)FXT_GET(h, FXT_LOG_THREAD);
    if ((h & v->log_rsv) || pv->untracked)
        return 0;
    uint64_t pos = 16; /* header, timestamp */
    if (thr == FXT_THREADREF_INLINE)
        pos += 16; /* process and thread koid: any value */
    else if (!registered(pv->thrbits, thr))
        return 0;
    uint64_t n = FXT_GET(h, FXT_LOG_LEN);
    return pos <= len && fxt__align8(n) == len - pos && plain_stream(p + pos, n);
}

static ALWAYS_INLINE int fast_kobj(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                   uint64_t len, uint64_t h, const int be, const int uinl)
{
    if ((h & v->kobj_rsv) || pv->untracked || len < 16)
        return 0;
    uint64_t pos = fast_ref(pv, p, 16, len, (unsigned)FXT_GET(h, FXT_KOBJ_NAME)); /* after koid */
    if (pos == 0)
        return 0;
    unsigned nu = 0;
    pos = args_checked(v, pv, p, pos, len, (unsigned)FXT_GET(h, FXT_KOBJ_ARGC), be, uinl, &nu);
    if (pos != len) /* or 0 */
        return 0;
    if (uinl)
        v->uinl_n += nu;
    return 1;
}

/* What decode.c's legacy context switch reading (dec_legacy_csw) finds
 * in the header H of a scheduling record LEN bytes long, for the lanes
 * that read it so (v->csw_legacy) and can no longer be reported: the
 * issues are counted. Reserved fields per lane's layout; the rest reads
 * alike: the outgoing state, the timestamp, each thread ref (inline: two
 * koid words), and what is left over. */
static NOINLINE void sched_legacy(fxt_validator *v, const fxt__provider *pv, uint64_t len,
                                  uint64_t h)
{
    const unsigned lanes = v->csw_legacy & v->lanes;
    for (unsigned i = 0; i < v->lcsw_groups; i++) {
        const fxt__lcsw_group *g = &v->lcsw_group[i];
        const unsigned n = ((h & g->rsv[0]) != 0) + ((h & g->rsv[1]) != 0) +
                           ((h & g->rsv[2]) != 0) + ((h & g->rsv[3]) != 0);
        fxt__count_only(v, g->lanes, g->rule, n); /* (n >= 1: the subtype bits are reserved there) */
    }
    const unsigned state = (unsigned)FXT_GET(h, FXT_LCSW_STATE);
    if (state == FXT_TS_RUNNING || state > FXT_TS_MAX)
        fxt__count_only(v, lanes, FXT_R_LEGACY_STATE_INVALID, 1);
    uint64_t pos = 8;
    unsigned words = 1; /* the timestamp, then each ref's koids */
    const unsigned ref[2] = {(unsigned)FXT_GET(h, FXT_LCSW_OUT_THREAD),
                             (unsigned)FXT_GET(h, FXT_LCSW_IN_THREAD)};
    for (int i = 0; i <= 2; i++) {
        if (i > 0 && ref[i - 1] != FXT_THREADREF_INLINE) {
            if (!registered(pv->thrbits, ref[i - 1])) /* (fast_sched: tracked) */
                fxt__count_only(v, lanes, FXT_R_THREAD_REF_UNREGISTERED, 1);
            continue;
        }
        words = i == 0 ? 1 : 2;
        if (pos + 8 * words > len) { /* the first word that is not there */
            fxt__count_only(v, lanes, FXT_R_RECORD_TOO_SMALL, 1);
            return;
        }
        pos += 8 * words;
    }
    if (pos < len)
        fxt__count_only(v, lanes, FXT_R_RECORD_SIZE_EXTRA, 1);
}

/* A context switch of the current layout: no reserved bits, a known
 * outgoing state, the two koids (any value) and plain arguments. Lanes
 * reading it as a legacy context switch (auto mode) read no arguments,
 * so undefined argument types are not counted for them. */
static ALWAYS_INLINE int fast_sched(fxt_validator *v, const fxt__provider *pv, const uint8_t *p,
                                    uint64_t len, uint64_t h, const int be, const int uinl,
                                    const int spec)
{
    if (FXT_GET(h, FXT_SCHED_TYPE) != FXT_ST_CONTEXT_SWITCH || (h & v->csw_rsv) ||
        FXT_GET(h, FXT_CSW_STATE) > FXT_TS_MAX || pv->untracked)
        return 0;
    unsigned nu = 0;
    /* header, timestamp, outgoing and incoming thread koids */
    uint64_t pos = args_checked(v, pv, p, 32, len, (unsigned)FXT_GET(h, FXT_CSW_ARGC), be, uinl, &nu);
    if (pos != len) /* or 0 */
        return 0;
    if (v->csw_legacy & v->lanes) {
        if (spec) /* (auto mode has no look-ahead) */
            return 0;
        /* the lanes that lack argument types are older revisions, which
         * read no arguments here: undefined types counted inline (nu) are
         * dropped; those counted by fast_arg_other() need decode.c */
        if (v->undef_rec == p)
            return 0;
        sched_legacy(v, pv, len, h);
        return 1;
    }
    v->uinl_n += nu; /* (0 but in auto mode) */
    return 1;
}

static ALWAYS_INLINE int fast_blob(fxt_validator *v, const fxt__provider *pv,
                                   const uint8_t *p, uint64_t len, uint64_t h)
{
    const unsigned type = (unsigned)FXT_GET(h, FXT_BLOB_TYPE);
    /* a type some lane lacks: fine here if those lanes can only be counted */
    const unsigned undef = v->lanes & ~v->defs.blob[type];
    if ((h & v->blob_rsv) || pv->untracked || (undef & v->reportable))
        return 0;
    uint64_t pos = fast_ref(pv, p, 8, len, (unsigned)FXT_GET(h, FXT_BLOB_NAME));
    if (pos == 0)
        return 0;
    uint64_t n = (h >> v->blob_size_lo) & v->blob_size_m, w = fxt__align8(n);
    if (w != len - pos)
        return 0;
    if (n & 7) { /* the padding bytes of the last word */
        uint64_t last = fxt_load_le64(p + len - 8);
        if (last >> (8 * (n & 7)))
            return 0;
    }
    if (UNLIKELY(undef))
        fxt__count_only(v, undef, FXT_R_BLOB_TYPE_UNKNOWN, 1);
    return 1;
}

#endif /* FXT_VALIDATOR_FAST_OTHER_H */
