/* SPDX-License-Identifier: MIT */
/*
 * violate_events.c - one-violation generators for event records and the
 * sequencing rules, blobs, large records, userspace and kernel objects,
 * scheduling, log records, arguments and the tracking limit. See
 * violate_blocks.h.
 */
#include <stdlib.h>

#include "fxt/validate.h" /* FXT_DEFAULT_MAX_PROVIDERS; no call into the validator */
#include "violate_blocks.h"

static void v_event_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, FXT_ET_COUNT, FXT_FIELD_MAX(FXT_EV_TYPE));
    if (fix(c))
        t = FXT_ET_INSTANT; /* a timestamp and nothing else, as the vector's */
    rec_begin(c);
    W(c, ts(c));
    rec_end(c, ev_hdr(c, t, 0, reg_thread(c)), 0);
    DESC("an event record of undefined event type %u", t);
}

/* An event on fresh inline koids, in the twin paired with its begin
 * (BEGIN_TOO) or end on the same thread. */
static void fresh_pair(vctx *c, unsigned etype, int begin_too)
{
    if (!fix(c)) {
        fresh_thread_event(c, etype);
        return;
    }
    uint64_t pid = FRESH_PID + rnd(c, 1000), tid = FRESH_TID + rnd(c, 1000), t = ts(c);
    for (int i = 0; i < 2; i++) {
        unsigned et = i == 0 ? (begin_too ? FXT_ET_DURATION_BEGIN : etype)
                             : (begin_too ? etype : FXT_ET_DURATION_END);
        rec_begin(c);
        W(c, t + (uint64_t)i);
        W(c, pid);
        W(c, tid);
        rec_end(c, ev_hdr(c, et, 0, FXT_THREADREF_INLINE), 0);
    }
}

static void v_duration_end_unmatched(vctx *c)
{
    fresh_pair(c, FXT_ET_DURATION_END, 1);
    DESC("a duration end on a thread (inline koids) that has no duration begin");
}

static void v_duration_begin_unended(vctx *c)
{
    fresh_pair(c, FXT_ET_DURATION_BEGIN, 0);
    DESC("a duration begin on a thread (inline koids) that is never ended");
}

static void v_duration_complete_negative(vctx *c)
{
    uint64_t t = ts(c);
    c->field = c->w.len + 16; /* header, start time, then the end time */
    uint64_t d = 1 + rnd(c, 1000);
    simple_event(c, FXT_ET_DURATION_COMPLETE, t, fix(c) ? t + d : t - d);
    DESC("a duration complete event whose end time is before its start time");
}

/* Event ET with correlation id ID at T; in the twin on one thread (async
 * ids are per process) with the begin it lacks before it (BEGIN, at T - 1)
 * and the end it lacks after it (END, at T + 1); FXT_ET_NONE: none. */
static void with_partners(vctx *c, unsigned et, uint64_t t, uint64_t id, unsigned begin,
                          unsigned end)
{
    if (!fix(c)) {
        simple_event(c, et, t, id);
        return;
    }
    unsigned thr = reg_thread(c);
    if (begin != FXT_ET_NONE)
        simple_event_on(c, begin, t - 1, id, thr);
    simple_event_on(c, et, t, id, thr);
    if (end != FXT_ET_NONE)
        simple_event_on(c, end, t + 1, id, thr);
}

static void v_async_unmatched(vctx *c)
{
    unsigned et = rnd(c, 2) ? FXT_ET_ASYNC_END : FXT_ET_ASYNC_INSTANT;
    uint64_t t = ts(c), id = fresh_id(c);
    with_partners(c, et, t, id, FXT_ET_ASYNC_BEGIN,
                  et == FXT_ET_ASYNC_INSTANT ? FXT_ET_ASYNC_END : FXT_ET_NONE);
    DESC("an async %s with a correlation id that was never begun",
         et == FXT_ET_ASYNC_END ? "end" : "instant");
}

static void v_async_begin_unended(vctx *c)
{
    uint64_t t = ts(c), id = fresh_id(c);
    with_partners(c, FXT_ET_ASYNC_BEGIN, t, id, FXT_ET_NONE, FXT_ET_ASYNC_END);
    DESC("an async begin whose correlation id is never ended");
}

static void v_flow_unmatched(vctx *c)
{
    unsigned et = rnd(c, 2) ? FXT_ET_FLOW_END : FXT_ET_FLOW_STEP;
    uint64_t t = ts(c), id = fresh_id(c);
    with_partners(c, et, t, id, FXT_ET_FLOW_BEGIN,
                  et == FXT_ET_FLOW_STEP ? FXT_ET_FLOW_END : FXT_ET_NONE);
    DESC("a flow %s with a correlation id that was never begun",
         et == FXT_ET_FLOW_END ? "end" : "step");
}

static void v_flow_begin_unended(vctx *c)
{
    uint64_t t = ts(c), id = fresh_id(c);
    with_partners(c, FXT_ET_FLOW_BEGIN, t, id, FXT_ET_NONE, FXT_ET_FLOW_END);
    DESC("a flow begin whose correlation id is never ended");
}

static void v_duplicate_begin(vctx *c)
{
    /* flows: their ids are global, so the events' threads do not matter */
    uint64_t id = fresh_id(c), t = ts(c);
    uint64_t id2 = fix(c) ? id ^ 1 : id; /* the twin: the second flow has its own id */
    simple_event(c, FXT_ET_FLOW_BEGIN, t, id);
    c->mark = c->w.len; /* the second begin is the offending record */
    t = ts(c);
    simple_event(c, FXT_ET_FLOW_BEGIN, t, id2);
    for (int i = 0; i < 2; i++) { /* each begin gets its own end */
        t = ts(c);
        simple_event(c, FXT_ET_FLOW_END, t, i ? id2 : id);
    }
    DESC("a second flow begin with a correlation id that is still open (both begins are ended)");
}

/* Blob record (type 5) with indexed name and a small payload. */
static void blob(vctx *c, unsigned btype, uint64_t rsv)
{
    uint8_t payload[24];
    size_t n = 1 + (size_t)rnd(c, sizeof payload);
    for (size_t i = 0; i < n; i++)
        payload[i] = (uint8_t)fxt_rng_next(&c->r);
    rec_begin(c);
    S(c, payload, n);
    uint64_t h = hdr(FXT_RT_BLOB, 0);
    h = FXT_SET(h, FXT_BLOB_NAME, reg_str(c));
    h = FXT_SET(h, FXT_BLOB_SIZE, n);
    h = FXT_SET(h, FXT_BLOB_TYPE, btype);
    rec_end(c, h | rsv, 0);
}

static void v_blob_reserved_bits(vctx *c)
{
    /* bit 47 is reserved from r2 on (part of the size in r1) */
    int rsv1 = rnd(c, 2) && c->l->blob_size_hi < FXT_FIELD_LO(FXT_BLOB_RSV1);
    uint64_t b = rsv1 ? bit_in(c, FXT_FIELD_LO(FXT_BLOB_RSV1), FXT_FIELD_HI(FXT_BLOB_RSV1))
                      : bit_in(c, FXT_FIELD_LO(FXT_BLOB_RSV2), FXT_FIELD_HI(FXT_BLOB_RSV2));
    unsigned t = (unsigned)range(c, FXT_BT_DATA, FXT_BT_PERFETTO);
    if (!fxt_layout_defines(c->l->blob_types, t))
        t = FXT_BT_DATA;
    blob(c, t, b);
    DESC("a blob record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_blob_type_unknown(vctx *c)
{
    unsigned t = rnd(c, 4) == 0 ? 0 : (unsigned)range(c, 4, 255);
    blob(c, fix(c) ? FXT_BT_DATA : t, 0);
    DESC("a blob record of undefined blob type %u", t);
}

static uint64_t large_hdr(unsigned ltype, unsigned format)
{
    uint64_t h = FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE);
    h = FXT_SET(h, FXT_LREC_TYPE, ltype);
    return FXT_SET(h, FXT_LBLOB_FORMAT, format);
}

static void v_large_record_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, 1, FXT_FIELD_MAX(FXT_LREC_TYPE));
    rec_begin(c);
    W(c, 0);
    rec_end(c, large_hdr(t, 0), 0);
    DESC("a large record (type 15) of undefined large record type %u", t);
}

static void v_large_blob_format_unknown(vctx *c)
{
    unsigned f = (unsigned)range(c, 2, FXT_FIELD_MAX(FXT_LBLOB_FORMAT));
    rec_begin(c);
    W(c, 0);
    rec_end(c, large_hdr(FXT_LT_BLOB, f), 0);
    DESC("a large blob record of undefined blob format %u", f);
}

static void v_large_blob_reserved_bits(vctx *c)
{
    unsigned k = (unsigned)rnd(c, 3);
    unsigned format = k == 2 ? FXT_LBF_NO_METADATA : (unsigned)rnd(c, 2);
    uint64_t hb = 0, fb = 0;
    if (k == 0)
        hb = bit_in(c, FXT_FIELD_LO(FXT_LBLOB_RSV), FXT_FIELD_HI(FXT_LBLOB_RSV));
    else if (k == 1 && format == FXT_LBF_METADATA)
        fb = bit_in(c, FXT_FIELD_LO(FXT_LBLOB0_RSV), FXT_FIELD_HI(FXT_LBLOB0_RSV));
    else
        fb = bit_in(c, FXT_FIELD_LO(FXT_LBLOB1_RSV), FXT_FIELD_HI(FXT_LBLOB1_RSV));
    uint64_t f = FXT_SET(0, FXT_LBLOB_CATEGORY, reg_str(c));
    f = FXT_SET(f, FXT_LBLOB_NAME, reg_str(c));
    if (format == FXT_LBF_METADATA)
        f = FXT_SET(f, FXT_LBLOB0_THREAD, reg_thread(c));
    uint8_t payload[40];
    size_t n = (size_t)rnd(c, sizeof payload + 1);
    for (size_t i = 0; i < n; i++)
        payload[i] = (uint8_t)fxt_rng_next(&c->r);
    rec_begin(c);
    if (fb)
        field_here(c); /* the format header word */
    W(c, f | fb);
    if (format == FXT_LBF_METADATA)
        W(c, ts(c));
    W(c, n);
    S(c, payload, n);
    rec_end(c, large_hdr(FXT_LT_BLOB, format) | hb, 0);
    DESC("a large blob record (format %u) with reserved bits 0x%016llx set in its %s word",
         format, (unsigned long long)(hb | fb), hb ? "header" : "format header");
}

static void v_userspace_reserved_bits(vctx *c)
{
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_UOBJ_RSV), FXT_FIELD_HI(FXT_UOBJ_RSV));
    unsigned proc = rnd(c, 2) ? reg_thread(c) : FXT_THREADREF_INLINE;
    rec_begin(c);
    W(c, fxt_rng_next(&c->r)); /* pointer */
    if (proc == FXT_THREADREF_INLINE)
        W(c, FRESH_PID + rnd(c, 1000));
    uint64_t h = hdr(FXT_RT_USERSPACE, 0);
    h = FXT_SET(h, FXT_UOBJ_PROCESS, proc);
    h = FXT_SET(h, FXT_UOBJ_NAME, reg_str(c));
    rec_end(c, h | b, 0);
    DESC("a userspace object record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_kernel_object_reserved_bits(vctx *c)
{
    uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_KOBJ_RSV), FXT_FIELD_HI(FXT_KOBJ_RSV));
    rec_begin(c);
    W(c, 100000 + rnd(c, 1000));
    uint64_t h = hdr(FXT_RT_KERNEL_OBJECT, 0);
    h = FXT_SET(h, FXT_KOBJ_TYPE, range(c, 1, 30));
    h = FXT_SET(h, FXT_KOBJ_NAME, reg_str(c));
    rec_end(c, h | b, 0);
    DESC("a kernel object record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static uint64_t sched_hdr(unsigned stype) { return FXT_SET(hdr(FXT_RT_SCHEDULING, 0), FXT_SCHED_TYPE, stype); }

static void context_switch(vctx *c, unsigned state, uint64_t rsv)
{
    rec_begin(c);
    W(c, ts(c));
    W(c, 5000 + rnd(c, BASE_THREADS)); /* outgoing and incoming thread koids */
    W(c, 5000 + rnd(c, BASE_THREADS));
    uint64_t h = sched_hdr(FXT_ST_CONTEXT_SWITCH);
    h = FXT_SET(h, FXT_CSW_CPU, rnd(c, 64));
    h = FXT_SET(h, FXT_CSW_STATE, state);
    rec_end(c, h | rsv, 0);
}

static void v_scheduling_type_unknown(vctx *c)
{
    unsigned t = (unsigned)range(c, 3, FXT_FIELD_MAX(FXT_SCHED_TYPE));
    rec_begin(c);
    W(c, ts(c));
    rec_end(c, sched_hdr(t), 0);
    DESC("a scheduling record of undefined scheduling record type %u", t);
}

/* A context switch of the revisions before current (record type 8 with no
 * subtype): registered threads, state STATE, priorities from r3 on. */
static uint64_t old_context_switch_hdr(vctx *c, unsigned state)
{
    uint64_t h = hdr(FXT_RT_SCHEDULING, 0);
    h = FXT_SET(h, FXT_LCSW_CPU, rnd(c, 64));
    h = FXT_SET(h, FXT_LCSW_STATE, state);
    h = FXT_SET(h, FXT_LCSW_OUT_THREAD, reg_thread(c));
    h = FXT_SET(h, FXT_LCSW_IN_THREAD, reg_thread(c));
    if (c->l->has_priorities) {
        h = FXT_SET(h, FXT_LCSW_OUT_PRIO, rnd(c, 256));
        h = FXT_SET(h, FXT_LCSW_IN_PRIO, rnd(c, 256));
    }
    return h;
}

static void v_scheduling_reserved_bits(vctx *c)
{
    if (c->l->sched_types == 0) { /* before current: [44..63] in r1/r2, [60..63] in r3 */
        unsigned lo = c->l->has_priorities ? FXT_FIELD_LO(FXT_LCSW_RSV_R3)
                                           : FXT_FIELD_LO(FXT_LCSW_RSV_R1);
        uint64_t b = bit_in(c, lo, 63);
        rec_begin(c);
        W(c, ts(c));
        rec_end(c, old_context_switch_hdr(c, FXT_TS_SUSPENDED) | b, 0);
        DESC("a context switch record with reserved bits 0x%016llx set", (unsigned long long)b);
        return;
    }
    if (rnd(c, 2)) {
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_CSW_RSV), FXT_FIELD_HI(FXT_CSW_RSV));
        context_switch(c, (unsigned)rnd(c, FXT_TS_MAX + 1), b);
        DESC("a context switch record with reserved bits 0x%016llx set", (unsigned long long)b);
    } else {
        uint64_t b = bit_in(c, FXT_FIELD_LO(FXT_WAKE_RSV), FXT_FIELD_HI(FXT_WAKE_RSV));
        rec_begin(c);
        W(c, ts(c));
        W(c, 5000 + rnd(c, BASE_THREADS));
        rec_end(c, FXT_SET(sched_hdr(FXT_ST_THREAD_WAKEUP), FXT_WAKE_CPU, rnd(c, 64)) | b, 0);
        DESC("a thread wakeup record with reserved bits 0x%016llx set", (unsigned long long)b);
    }
}

static void v_legacy_state_invalid(vctx *c)
{
    unsigned state = rnd(c, 2) ? FXT_TS_RUNNING : (unsigned)range(c, FXT_TS_MAX + 1, 15);
    if (fix(c))
        state = FXT_TS_SUSPENDED;
    unsigned out = rnd(c, 3) ? reg_thread(c) : FXT_THREADREF_INLINE;
    unsigned in = reg_thread(c);
    rec_begin(c);
    W(c, ts(c));
    if (out == FXT_THREADREF_INLINE) {
        W(c, FRESH_PID + rnd(c, 1000));
        W(c, FRESH_TID + rnd(c, 1000));
    }
    uint64_t h = sched_hdr(FXT_ST_LEGACY_CONTEXT_SWITCH);
    h = FXT_SET(h, FXT_LCSW_CPU, rnd(c, 64));
    h = FXT_SET(h, FXT_LCSW_STATE, state);
    h = FXT_SET(h, FXT_LCSW_OUT_THREAD, out);
    h = FXT_SET(h, FXT_LCSW_IN_THREAD, in);
    if (c->l->has_priorities) { /* reserved before r3 */
        h = FXT_SET(h, FXT_LCSW_OUT_PRIO, rnd(c, 256));
        h = FXT_SET(h, FXT_LCSW_IN_PRIO, rnd(c, 256));
    }
    rec_end(c, h, 0);
    DESC("a legacy context switch record with outgoing thread state %u", state);
}

static void v_context_switch_state_unknown(vctx *c)
{
    unsigned state = (unsigned)range(c, FXT_TS_MAX + 1, FXT_FIELD_MAX(FXT_CSW_STATE));
    context_switch(c, fix(c) ? FXT_TS_SUSPENDED : state, 0);
    DESC("a context switch record with undefined outgoing thread state %u", state);
}

static void v_log_reserved_bits(vctx *c)
{
    uint64_t b = rnd(c, 3) == 0
                     ? bit_in(c, FXT_FIELD_LO(FXT_LOG_RSV1), FXT_FIELD_HI(FXT_LOG_RSV1))
                     : bit_in(c, FXT_FIELD_LO(FXT_LOG_RSV2), FXT_FIELD_HI(FXT_LOG_RSV2));
    static const char msg[] = "reserved bits";
    unsigned t = log_begin(c, rnd(c, 2) != 0);
    S(c, msg, sizeof msg - 1);
    log_end(c, t, sizeof msg - 1, b);
    DESC("a log record with reserved bits 0x%016llx set", (unsigned long long)b);
}

static void v_arg_type_unknown(vctx *c)
{
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    unsigned t = (unsigned)range(c, FXT_AT_COUNT, FXT_FIELD_MAX(FXT_ARG_TYPE));
    unsigned words = (unsigned)range(c, 1, 2);
    field_here(c); /* the argument header */
    arg_begin(c);
    for (unsigned i = 1; i < words; i++)
        W(c, fxt_rng_next(&c->r));
    arg_end(c, arg_hdr(t, reg_str(c)), 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of undefined type %u (%u word%s)", host, t, words,
         words == 1 ? "" : "s");
}

static void v_arg_too_small(vctx *c)
{
    static const unsigned k_types[] = {FXT_AT_INT64, FXT_AT_UINT64, FXT_AT_DOUBLE,
                                       FXT_AT_POINTER, FXT_AT_KOID};
    unsigned t = k_types[rnd(c, 5)];
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    field_here(c); /* the argument header */
    arg_begin(c);
    if (fix(c))
        W(c, 42); /* the value word */
    arg_end(c, arg_hdr(t, reg_str(c)), 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of type %s and size 1 (no value word)", host,
         fxt_arg_type_name(t));
}

static void v_arg_size_extra(vctx *c)
{
    static const unsigned k_types[] = {FXT_AT_NULL, FXT_AT_INT32, FXT_AT_UINT32, FXT_AT_BOOL};
    unsigned t = k_types[rnd(c, 4)];
    if (!fxt_layout_defines(c->l->arg_types, t)) /* booleans exist in current only */
        t = FXT_AT_UINT32;
    unsigned extra = (unsigned)range(c, 1, 2);
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    field_here(c); /* the argument header */
    arg_begin(c);
    const int twin = fix(c);
    for (unsigned i = 0; i < extra; i++) {
        uint64_t w = fxt_rng_next(&c->r);
        if (!twin)
            W(c, w);
    }
    uint64_t a = arg_hdr(t, reg_str(c));
    if (t == FXT_AT_INT32 || t == FXT_AT_UINT32)
        a = FXT_SET(a, FXT_ARG_HI, fxt_rng_next(&c->r));
    else if (t == FXT_AT_BOOL)
        a = FXT_SET(a, FXT_ARG_HI, rnd(c, 2));
    arg_end(c, a, 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of type %s and %u words (%u appended)", host,
         fxt_arg_type_name(t), 1 + extra, extra);
}

static void v_arg_overrun(vctx *c)
{
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    unsigned t = (unsigned)rnd(c, FXT_AT_COUNT);
    if (!fxt_layout_defines(c->l->arg_types, t)) /* booleans exist in current only */
        t = FXT_AT_UINT32;
    unsigned over = (unsigned)range(c, 1, 4);
    field_here(c); /* the argument header */
    arg_begin(c);
    if (t == FXT_AT_INT64 || t == FXT_AT_UINT64 || t == FXT_AT_DOUBLE || t == FXT_AT_POINTER ||
        t == FXT_AT_KOID)
        W(c, fxt_rng_next(&c->r));
    arg_end(c, arg_hdr(t, reg_str(c)), (int)over);
    rec_end(c, h, 0);
    DESC("%s whose last argument (type %s) claims %u word%s more than the record holds",
         host, fxt_arg_type_name(t), over, over == 1 ? "" : "s");
}

static void v_arg_reserved_bits(vctx *c)
{
    static const unsigned k_types[] = {FXT_AT_NULL,   FXT_AT_INT64,   FXT_AT_UINT64,
                                       FXT_AT_DOUBLE, FXT_AT_POINTER, FXT_AT_KOID,
                                       FXT_AT_STRING};
    unsigned t = k_types[rnd(c, 7)];
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    field_here(c); /* the argument header */
    arg_begin(c);
    uint64_t a = arg_hdr(t, reg_str(c)), b;
    if (t == FXT_AT_STRING) {
        a = FXT_SET(a, FXT_ARG_STR_VALUE, reg_str(c));
        b = bit_in(c, FXT_FIELD_LO(FXT_ARG_STR_RSV), FXT_FIELD_HI(FXT_ARG_STR_RSV));
    } else {
        b = bit_in(c, FXT_FIELD_LO(FXT_ARG_HI), FXT_FIELD_HI(FXT_ARG_HI));
        if (t != FXT_AT_NULL)
            W(c, fxt_rng_next(&c->r));
    }
    arg_end(c, a | b, 0);
    rec_end(c, h, 0);
    DESC("%s with an argument of type %s whose reserved bits 0x%016llx are set", host,
         fxt_arg_type_name(t), (unsigned long long)b);
}

static void v_bool_value_invalid(vctx *c)
{
    uint32_t val = rnd(c, 2) ? 2 : (uint32_t)range(c, 2, 0xffffffffu);
    if (fix(c))
        val = 1;
    const char *host;
    uint64_t h = arg_host_begin(c, &host);
    field_here(c); /* the argument header */
    arg_begin(c);
    arg_end(c, FXT_SET(arg_hdr(FXT_AT_BOOL, reg_str(c)), FXT_ARG_HI, val), 0);
    rec_end(c, h, 0);
    DESC("%s with a boolean argument of value 0x%x", host, val);
}

static void v_tracking_limit(vctx *c)
{
    c->where = P_APPEND;
    /* The validator tracks max_providers providers (by default) besides
     * the implicit one; the base introduced c->nprov of them. The provider
     * info record that introduces one more than the limit is the offending
     * one. */
    unsigned max = FXT_DEFAULT_MAX_PROVIDERS;
    unsigned n = max - c->nprov + 1;
    /* Nameless providers: one word each, so that the vector (4096 of them)
     * stays within the fuzzing recipes' -max_len of 64 KiB. */
    for (unsigned i = 0; i < n; i++) {
        uint32_t id = 0x10000u + i;
        if (i == n - 1)
            c->mark = c->w.len;
        rec_begin(c);
        rec_end(c, FXT_SET(meta_hdr(FXT_MT_PROVIDER_INFO), FXT_META_PROVIDER_ID, id), 0);
    }
    DESC("%u provider info records for new, nameless providers at the end of the trace; the last one "
         "exceeds the validator's default %u tracked providers",
         n, max);
}

const fxt__vgen fxt__violate_events[] = {
    {FXT_R_EVENT_TYPE_UNKNOWN, v_event_type_unknown},
    {FXT_R_DURATION_END_UNMATCHED, v_duration_end_unmatched},
    {FXT_R_DURATION_BEGIN_UNENDED, v_duration_begin_unended},
    {FXT_R_DURATION_COMPLETE_NEGATIVE, v_duration_complete_negative},
    {FXT_R_ASYNC_UNMATCHED, v_async_unmatched},
    {FXT_R_ASYNC_BEGIN_UNENDED, v_async_begin_unended},
    {FXT_R_FLOW_UNMATCHED, v_flow_unmatched},
    {FXT_R_FLOW_BEGIN_UNENDED, v_flow_begin_unended},
    {FXT_R_BLOB_RESERVED_BITS, v_blob_reserved_bits},
    {FXT_R_BLOB_TYPE_UNKNOWN, v_blob_type_unknown},
    {FXT_R_LARGE_RECORD_TYPE_UNKNOWN, v_large_record_type_unknown},
    {FXT_R_LARGE_BLOB_FORMAT_UNKNOWN, v_large_blob_format_unknown},
    {FXT_R_LARGE_BLOB_RESERVED_BITS, v_large_blob_reserved_bits},
    {FXT_R_USERSPACE_RESERVED_BITS, v_userspace_reserved_bits},
    {FXT_R_KERNEL_OBJECT_RESERVED_BITS, v_kernel_object_reserved_bits},
    {FXT_R_SCHEDULING_TYPE_UNKNOWN, v_scheduling_type_unknown},
    {FXT_R_SCHEDULING_RESERVED_BITS, v_scheduling_reserved_bits},
    {FXT_R_LEGACY_STATE_INVALID, v_legacy_state_invalid},
    {FXT_R_CONTEXT_SWITCH_STATE_UNKNOWN, v_context_switch_state_unknown},
    {FXT_R_LOG_RESERVED_BITS, v_log_reserved_bits},
    {FXT_R_ARG_TYPE_UNKNOWN, v_arg_type_unknown},
    {FXT_R_ARG_TOO_SMALL, v_arg_too_small},
    {FXT_R_ARG_SIZE_EXTRA, v_arg_size_extra},
    {FXT_R_ARG_OVERRUN, v_arg_overrun},
    {FXT_R_ARG_RESERVED_BITS, v_arg_reserved_bits},
    {FXT_R_BOOL_VALUE_INVALID, v_bool_value_invalid},
    {FXT_R_TRACKING_LIMIT, v_tracking_limit},
    {FXT_R_DUPLICATE_BEGIN, v_duplicate_begin},
    {FXT_R_NONE, NULL},
};
