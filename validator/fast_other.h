/* SPDX-License-Identifier: MIT */
/*
 * fast_other.h - the lean path for the records other than events: logs,
 * kernel and userspace objects, context switches and wakeups, blobs and
 * provider sections. Part of fast.c, which
 * includes it once where its pieces (load, registered, fast_ref,
 * plain_stream, args_checked) are defined; not a header for anyone else.
 */
#ifndef FXT_VALIDATOR_FAST_OTHER_H
#define FXT_VALIDATOR_FAST_OTHER_H

/* The rules only these records have, and how the functions below keep them
 * from firing on a record they accept (fast_contract.h; a rule on these
 * kinds missing here, or in fast.c's FXT__LEAN_EVENT_RULES, fails the
 * build). */
/* clang-format off */
#define FXT__LEAN_OTHER_RULES(L, x) \
 L(x, BLOB_RESERVED_BITS,   FXT_K_BLOB, "fast_blob: blob_rsv") \
 L(x, BLOB_TYPE_UNKNOWN,    FXT_K_BLOB, "fast_blob: the revision's blob types") \
 L(x, KERNEL_OBJECT_RESERVED_BITS, FXT_K_KOBJ, "fast_kobj: kobj_rsv") \
 L(x, USERSPACE_RESERVED_BITS, FXT_K_UOBJ, "fast_uobj: uobj_rsv") \
 L(x, SCHEDULING_TYPE_UNKNOWN, FXT_K_SCHED, "fast_sched: context switches and wakeups only") \
 L(x, SCHEDULING_RESERVED_BITS, FXT_K_SCHED, "fast_sched: csw_rsv, wake_rsv") \
 L(x, LEGACY_STATE_INVALID, FXT_K_SCHED, "fast_sched: context switches of the current layout only") \
 L(x, CONTEXT_SWITCH_STATE_UNKNOWN, FXT_K_SCHED, "fast_sched: state <= FXT_TS_MAX") \
 L(x, LOG_RESERVED_BITS,    FXT_K_LOG, "fast_log: log_rsv") \
 L(x, METADATA_TYPE_UNKNOWN, FXT_K_META, "fast_section: provider sections only") \
 L(x, METADATA_RESERVED_BITS, FXT_K_META, "fast_section: psect_rsv") \
 L(x, PROVIDER_SECTION_UNKNOWN, FXT_K_META, "lean_section: a tracked provider found by its id") \
 L(x, PROVIDER_EVENT_UNKNOWN, FXT_K_META, "fast_section: provider sections only") \
 L(x, PROVIDER_RESTARTED,   FXT_K_META, "fast_section: provider sections only (not provider info)") \
 L(x, TRACE_INFO_TYPE_UNKNOWN, FXT_K_META, "fast_section: provider sections only") \
 L(x, MAGIC_NOT_FIRST,      FXT_K_META, "fast_section: provider sections only") \
 L(x, MAGIC_BAD_NUMBER,     FXT_K_META, "fast_section: provider sections only") \
 L(x, MAGIC_BAD_SIZE,       FXT_K_META, "fast_section: provider sections only") \
 L(x, MAGIC_RESERVED_BITS,  FXT_K_META, "fast_section: provider sections only")
/* clang-format on */

static ALWAYS_INLINE int fast_log(const fxt_validator *v, const fxt__provider *pv,
                                  const uint8_t *p, size_t len, uint64_t h)
{
    const unsigned thr = (unsigned)FXT_GET(h, FXT_LOG_THREAD);
    if ((h & v->log_rsv) || pv->untracked)
        return 0;
    size_t pos = FXT__LEAN_LOG_THREAD_AT; /* header, timestamp */
    if (thr == FXT_THREADREF_INLINE)
        pos += 16; /* process and thread koid: any value */
    else if (!registered(pv->thrbits, thr))
        return 0;
    size_t n = (size_t)FXT_GET(h, FXT_LOG_LEN);
    return pos <= len && fxt__align8(n) == len - pos && plain_stream(p + pos, n);
}

static ALWAYS_INLINE int fast_kobj(const fxt_validator *v, const fxt__provider *pv,
                                   const uint8_t *p, size_t len, uint64_t h, const int be)
{
    if ((h & v->kobj_rsv) || pv->untracked || len < FXT__LEAN_KOBJ_NAME_AT)
        return 0;
    size_t pos = fast_ref(pv, p, FXT__LEAN_KOBJ_NAME_AT, len, (unsigned)FXT_GET(h, FXT_KOBJ_NAME));
    if (pos == 0)
        return 0;
    pos = args_checked(v, pv, p, pos, len, (unsigned)FXT_GET(h, FXT_KOBJ_ARGC), be);
    return pos == len; /* (or 0) */
}

/* A userspace object: no reserved bits, the pointer (any value), the
 * process (inline koid, or a registered thread ref), a name and plain
 * arguments. */
static ALWAYS_INLINE int fast_uobj(const fxt_validator *v, const fxt__provider *pv,
                                   const uint8_t *p, size_t len, uint64_t h, const int be)
{
    const unsigned thr = (unsigned)FXT_GET(h, FXT_UOBJ_PROCESS);
    if ((h & v->uobj_rsv) || pv->untracked)
        return 0;
    size_t pos = FXT__LEAN_UOBJ_PROCESS_AT;
    if (thr == FXT_THREADREF_INLINE)
        pos += 8; /* process koid: any value */
    else if (!registered(pv->thrbits, thr))
        return 0;
    if (pos > len || (pos = fast_ref(pv, p, pos, len, (unsigned)FXT_GET(h, FXT_UOBJ_NAME))) == 0)
        return 0;
    return args_checked(v, pv, p, pos, len, (unsigned)FXT_GET(h, FXT_UOBJ_ARGC), be) == len;
}

/* A context switch or wakeup of the current layout (lean_types has
 * scheduling records only in revisions with subtypes): no reserved bits,
 * a known outgoing state, the koids (any value) and plain arguments. */
static ALWAYS_INLINE int fast_sched(const fxt_validator *v, const fxt__provider *pv,
                                    const uint8_t *p, size_t len, uint64_t h, const int be)
{
    if (pv->untracked)
        return 0;
    if (FXT_GET(h, FXT_SCHED_TYPE) == FXT_ST_THREAD_WAKEUP) {
        if (h & v->wake_rsv)
            return 0;
        return args_checked(v, pv, p, FXT__LEAN_WAKE_ARGS_AT, len,
                            (unsigned)FXT_GET(h, FXT_WAKE_ARGC), be) == len;
    }
    if (FXT_GET(h, FXT_SCHED_TYPE) != FXT_ST_CONTEXT_SWITCH || (h & v->csw_rsv) ||
        FXT_GET(h, FXT_CSW_STATE) > FXT_TS_MAX)
        return 0;
    /* header, timestamp, outgoing and incoming thread koids */
    return args_checked(v, pv, p, FXT__LEAN_CSW_ARGS_AT, len, (unsigned)FXT_GET(h, FXT_CSW_ARGC), be) == len;
}

/* A provider section that needs no state to pass: one word, no reserved
 * bits (lean_types has metadata only in revisions that define sections). */
static ALWAYS_INLINE int fast_section(const fxt_validator *v, size_t len, uint64_t h)
{
    return FXT_GET(h, FXT_META_TYPE) == FXT_MT_PROVIDER_SECTION && !(h & v->psect_rsv) &&
           len == FXT__LEAN_PSECT_BYTES;
}

/* The provider a lean section switches to: a tracked one introduced
 * before, or NULL (decode.c). */
static ALWAYS_INLINE fxt__provider *lean_section(fxt_validator *v, uint64_t h)
{
    fxt__provider *np = fxt__prov_find(v, (uint32_t)FXT_GET(h, FXT_META_PROVIDER_ID));
    return np != NULL && !np->untracked ? np : NULL;
}

static ALWAYS_INLINE int fast_blob(const fxt_validator *v, const fxt__provider *pv,
                                   const uint8_t *p, size_t len, uint64_t h)
{
    if ((h & v->blob_rsv) || pv->untracked ||
        !fxt_layout_defines(v->lay->blob_types, (unsigned)FXT_GET(h, FXT_BLOB_TYPE)))
        return 0;
    size_t pos = fast_ref(pv, p, FXT__LEAN_BLOB_NAME_AT, len, (unsigned)FXT_GET(h, FXT_BLOB_NAME));
    if (pos == 0)
        return 0;
    size_t n = (size_t)((h >> v->blob_size_lo) & v->blob_size_m), w = (size_t)fxt__align8(n);
    if (w != len - pos)
        return 0;
    if (n & 7) { /* the padding bytes of the last word */
        uint64_t last = fxt_load_le64(p + len - 8);
        if (last >> (8 * (n & 7)))
            return 0;
    }
    return 1;
}

#endif /* FXT_VALIDATOR_FAST_OTHER_H */
