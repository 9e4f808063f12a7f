/* SPDX-License-Identifier: MIT */
/*
 * golden_events.c - golden valid vectors for each event type and each
 * argument type (golden_tb.h).
 */
#include "golden_tb.h"

void fxt__gv_event_instant(tb *t)
{
    t->desc = "instant events with indexed and inline threads, inline, indexed, empty (0) and "
              "inline-empty (0x8000) string refs, and 15 arguments of every type";
    prologue(t);
    ev(t, FXT_ET_INSTANT, 1, S_FRAME, 0);
    fxt_record r = event(t, FXT_ET_INSTANT, fxt_thread_inline(4000, 4001),
                         fxt_str_cstr("inline-cat"), fxt_str_cstr("abcdefgh"), 0);
    put(t, &r);
    /* empty refs: 0, and an inline string of length 0 (0x8000) */
    r = event(t, FXT_ET_INSTANT, fxt_thread_indexed(2), fxt_str_indexed(0), fxt_str_indexed(0), 0);
    put(t, &r);
    r = event(t, FXT_ET_INSTANT, fxt_thread_indexed(3), fxt_str_inline("", 0),
              fxt_str_cstr("\xe2\x9c\x93 done"), 0);
    put(t, &r);
    /* the largest argument count, every argument type */
    fxt_arg a[FXT_MAX_ARGS];
    for (unsigned i = 0; i < FXT_MAX_ARGS; i++) {
        unsigned type = i % FXT_AT_COUNT;
        a[i] = a_u64(type, fxt_str_indexed((uint16_t)(1 + i % (S_NSTR - 1))), 1000 + i);
        if (type == FXT_AT_STRING)
            a[i].str = fxt_str_indexed(S_LABEL);
        if (type == FXT_AT_BOOL)
            a[i].v.b = (int)(i & 1);
        if (type == FXT_AT_INT32 || type == FXT_AT_UINT32)
            a[i].v.u64 = 0, a[i].v.u32 = 7 * i;
    }
    instant_args(t, a, FXT_MAX_ARGS);
}

void fxt__gv_event_counter(tb *t)
{
    t->desc = "counter events with ids 0, 1 and 2^64-1 and int64/double values";
    prologue(t);
    static const uint64_t ids[] = {0, 1, UINT64_MAX};
    for (unsigned i = 0; i < 3; i++) {
        fxt_record r = event(t, FXT_ET_COUNTER, fxt_thread_indexed(1), fxt_str_indexed(S_GFX),
                             fxt_str_indexed(S_COUNT), ids[i]);
        r.args[0] = a_u64(FXT_AT_INT64, fxt_str_indexed(S_BYTES), (uint64_t)(int64_t)(-1000 * (int)i));
        r.args[1] = a_u64(FXT_AT_DOUBLE, fxt_str_cstr("ratio"), 0x3fe0000000000000ull);
        r.argc = i == 0 ? 0 : 2;
        put(t, &r);
    }
}

void fxt__gv_event_duration(tb *t)
{
    t->desc = "nested duration begin/end pairs on indexed and inline threads; one end names its "
              "thread by inline koids (matched by koids, not by ref)";
    prologue(t);
    ev(t, FXT_ET_DURATION_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 1, S_PRESENT, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 2, S_FRAME, 0);
    ev(t, FXT_ET_DURATION_END, 1, S_PRESENT, 0);
    ev(t, FXT_ET_DURATION_END, 2, S_FRAME, 0);
    /* the end names the same thread by inline koids: matched by koids */
    fxt_record r = event(t, FXT_ET_DURATION_END, fxt_thread_inline(T1_PID, T1_TID),
                         fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME), 0);
    r.args[0] = a_i32(S_COUNT, 3);
    r.argc = 1;
    put(t, &r);
    r = event(t, FXT_ET_DURATION_BEGIN, fxt_thread_inline(5000, 5001), fxt_str_cstr("inline"),
              fxt_str_cstr("work"), 0);
    put(t, &r);
    r = event(t, FXT_ET_DURATION_END, fxt_thread_inline(5000, 5001), fxt_str_cstr("inline"),
              fxt_str_cstr("work"), 0);
    put(t, &r);
}

void fxt__gv_event_complete(tb *t)
{
    t->desc = "duration complete events, one of length 0 (end == start)";
    prologue(t);
    fxt_record r = event(t, FXT_ET_DURATION_COMPLETE, fxt_thread_indexed(1),
                         fxt_str_indexed(S_GFX), fxt_str_indexed(S_FRAME), 0);
    r.u.event.data = r.u.event.timestamp + 16666667u;
    put(t, &r);
    r = event(t, FXT_ET_DURATION_COMPLETE, fxt_thread_inline(6000, 6001), fxt_str_cstr("gfx"),
              fxt_str_cstr("zero length"), 0);
    r.u.event.data = r.u.event.timestamp; /* end == start */
    r.args[0] = a_i32(S_COUNT, -1);
    r.argc = 1;
    put(t, &r);
}

void fxt__gv_event_async(tb *t)
{
    t->desc = "async begin/instant/end, the same id in two processes, ids 0 and 2^64-1, instants "
              "from another thread of the same process";
    prologue(t);
    ev(t, FXT_ET_ASYNC_BEGIN, 1, S_FRAME, 1);
    ev(t, FXT_ET_ASYNC_INSTANT, 2, S_FRAME, 1); /* thread 2: same process */
    ev(t, FXT_ET_ASYNC_BEGIN, 3, S_PRESENT, 2); /* id 2 in process 2000 */
    ev(t, FXT_ET_ASYNC_BEGIN, 1, S_PRESENT, 2); /* and in process 1000 */
    ev(t, FXT_ET_ASYNC_END, 2, S_FRAME, 1);
    ev(t, FXT_ET_ASYNC_END, 3, S_PRESENT, 2);
    ev(t, FXT_ET_ASYNC_END, 1, S_PRESENT, 2);
    ev(t, FXT_ET_ASYNC_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_ASYNC_END, 1, S_FRAME, 0);
    ev(t, FXT_ET_ASYNC_BEGIN, 2, S_FRAME, UINT64_MAX);
    ev(t, FXT_ET_ASYNC_INSTANT, 2, S_FRAME, UINT64_MAX);
    ev(t, FXT_ET_ASYNC_END, 2, S_FRAME, UINT64_MAX);
}

void fxt__gv_event_flow(tb *t)
{
    t->desc = "flow begin/step/end inside durations on three threads, ids 0 and 2^64-1";
    prologue(t);
    ev(t, FXT_ET_DURATION_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_FLOW_BEGIN, 1, S_FRAME, 5);
    ev(t, FXT_ET_DURATION_END, 1, S_FRAME, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 2, S_PRESENT, 0);
    ev(t, FXT_ET_FLOW_STEP, 2, S_PRESENT, 5);
    ev(t, FXT_ET_DURATION_END, 2, S_PRESENT, 0);
    ev(t, FXT_ET_DURATION_BEGIN, 3, S_PRESENT, 0);
    ev(t, FXT_ET_FLOW_END, 3, S_PRESENT, 5);
    ev(t, FXT_ET_DURATION_END, 3, S_PRESENT, 0);
    ev(t, FXT_ET_FLOW_BEGIN, 1, S_FRAME, 0);
    ev(t, FXT_ET_FLOW_BEGIN, 1, S_FRAME, UINT64_MAX);
    ev(t, FXT_ET_FLOW_END, 2, S_FRAME, 0);
    ev(t, FXT_ET_FLOW_END, 2, S_FRAME, UINT64_MAX);
}

void fxt__gv_arg_null(tb *t)
{
    t->desc = "null arguments with indexed, inline and empty names";
    prologue(t);
    fxt_arg a[3] = {a_u64(FXT_AT_NULL, fxt_str_indexed(S_LABEL), 0),
                    a_u64(FXT_AT_NULL, fxt_str_cstr("inline-name"), 0),
                    a_u64(FXT_AT_NULL, fxt_str_indexed(0), 0)};
    instant_args(t, a, 3);
}

void fxt__gv_arg_int32(tb *t)
{
    t->desc = "int32 arguments 0, -1, INT32_MIN, INT32_MAX";
    prologue(t);
    fxt_arg a[4] = {a_i32(S_COUNT, 0), a_i32(S_COUNT, -1), a_i32(S_COUNT, INT32_MIN),
                    a_i32(S_COUNT, INT32_MAX)};
    a[3].name = fxt_str_cstr("max");
    instant_args(t, a, 4);
}

void fxt__gv_arg_uint32(tb *t)
{
    t->desc = "uint32 arguments 0 and UINT32_MAX";
    prologue(t);
    fxt_arg a[2];
    for (unsigned i = 0; i < 2; i++) {
        memset(&a[i], 0, sizeof a[i]);
        a[i].type = FXT_AT_UINT32;
        a[i].name = i ? fxt_str_cstr("max") : fxt_str_indexed(S_BYTES);
        a[i].v.u32 = i ? UINT32_MAX : 0;
    }
    instant_args(t, a, 2);
}

void fxt__gv_arg_int64(tb *t)
{
    t->desc = "int64 arguments INT64_MIN, -1, INT64_MAX";
    prologue(t);
    fxt_arg a[3] = {a_u64(FXT_AT_INT64, fxt_str_indexed(S_BYTES), (uint64_t)INT64_MIN),
                    a_u64(FXT_AT_INT64, fxt_str_indexed(S_BYTES), UINT64_MAX /* -1 */),
                    a_u64(FXT_AT_INT64, fxt_str_cstr("max"), (uint64_t)INT64_MAX)};
    instant_args(t, a, 3);
}

void fxt__gv_arg_uint64(tb *t)
{
    t->desc = "uint64 arguments 0 and UINT64_MAX";
    prologue(t);
    fxt_arg a[2] = {a_u64(FXT_AT_UINT64, fxt_str_indexed(S_BYTES), 0),
                    a_u64(FXT_AT_UINT64, fxt_str_cstr("max"), UINT64_MAX)};
    instant_args(t, a, 2);
}

void fxt__gv_arg_double(tb *t)
{
    t->desc = "double arguments 0.0, -0.0, 1.5, +inf, -inf, NaN and the smallest subnormal "
              "(exact bits)";
    prologue(t);
    static const uint64_t bits[] = {0x0000000000000000ull /* 0.0 */, 0x8000000000000000ull /* -0.0 */,
                                    0x3ff8000000000000ull /* 1.5 */, 0x7ff0000000000000ull /* +inf */,
                                    0xfff0000000000000ull /* -inf */, 0x7ff8000000000000ull /* NaN */,
                                    0x0000000000000001ull /* smallest subnormal */};
    fxt_arg a[7];
    for (unsigned i = 0; i < 7; i++)
        a[i] = a_u64(FXT_AT_DOUBLE, fxt_str_indexed(S_VALUE), bits[i]);
    instant_args(t, a, 7);
}

void fxt__gv_arg_string(tb *t)
{
    t->desc = "string arguments with indexed, inline, empty (0), inline-empty (0x8000), 8-byte "
              "and UTF-8 values, inline names";
    prologue(t);
    fxt_arg a[6] = {a_str(fxt_str_indexed(S_LABEL), fxt_str_indexed(S_FRAME)),
                    a_str(fxt_str_cstr("inline"), fxt_str_cstr("inline value")),
                    a_str(fxt_str_indexed(S_LABEL), fxt_str_indexed(0)),
                    a_str(fxt_str_indexed(S_LABEL), fxt_str_inline("", 0)),
                    a_str(fxt_str_cstr("12345678"), fxt_str_cstr("87654321")),
                    a_str(fxt_str_indexed(S_LABEL), fxt_str_cstr("\xf0\x9f\x98\x80 \xc3\xa9t\xc3\xa9"))};
    instant_args(t, a, 6);
}

void fxt__gv_arg_pointer(tb *t)
{
    t->desc = "pointer arguments 0xffff800000001000 and 0";
    prologue(t);
    fxt_arg a[2] = {a_u64(FXT_AT_POINTER, fxt_str_cstr("this"), 0xffff800000001000ull),
                    a_u64(FXT_AT_POINTER, fxt_str_cstr("null"), 0)};
    instant_args(t, a, 2);
}

void fxt__gv_arg_koid(tb *t)
{
    t->desc = "koid arguments 1000, 0 and 2^64-1";
    prologue(t);
    fxt_arg a[3] = {a_u64(FXT_AT_KOID, fxt_str_indexed(S_PROCESS), T1_PID),
                    a_u64(FXT_AT_KOID, fxt_str_cstr("zero"), 0),
                    a_u64(FXT_AT_KOID, fxt_str_cstr("max"), UINT64_MAX)};
    instant_args(t, a, 3);
}

void fxt__gv_arg_bool(tb *t)
{
    t->desc = "boolean arguments false and true";
    prologue(t);
    fxt_arg a[2];
    for (unsigned i = 0; i < 2; i++) {
        memset(&a[i], 0, sizeof a[i]);
        a[i].type = FXT_AT_BOOL;
        a[i].name = i ? fxt_str_cstr("true") : fxt_str_cstr("false");
        a[i].v.b = (int)i;
    }
    instant_args(t, a, 2);
}
