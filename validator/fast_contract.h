/* SPDX-License-Identifier: MIT */
/*
 * fast_contract.h - the lean path's contract, written as code.
 *
 * fast.c and fast_other.h check the records of the kinds in
 * FXT__LEAN_KINDS without decode.c: they accept a record only when no rule
 * can fire on it, and give it to decode.c otherwise ("bail"). So every
 * rule that can fire on one of those kinds (the kinds column of
 * FXT_RULES, include/fxt/rules.h) must be checked there, or be one the
 * lean path always bails on. FXT__LEAN_RULES lists each such rule once:
 * the lean kinds it covers and where. fast_build.c fails to build when a
 * rule of the catalogue fires on a lean kind this list does not cover,
 * and ctest lean_equals_decoder runs both paths side by side.
 *
 * Adding a rule on a lean kind: make fast.c (events) or fast_other.h
 * (logs, kernel objects, context switches, blobs) give up on a record the
 * rule would fire on, then add its line here.
 */
#ifndef FXT_VALIDATOR_FAST_CONTRACT_H
#define FXT_VALIDATOR_FAST_CONTRACT_H

#include "fxt/format.h"
#include "fxt/rules.h"

/* The record kinds the lean path takes (fast_loop's dispatch; scheduling
 * records: context switches of the current layout only). */
#define FXT__LEAN_KINDS (FXT_K_EVENT | FXT_K_LOG | FXT_K_KOBJ | FXT_K_SCHED | FXT_K_BLOB)
#define FXT__LEAN_ARGS (FXT_K_EVENT | FXT_K_KOBJ | FXT_K_SCHED) /* lean kinds with arguments */

/* L(x, RULE, kinds, "how"): rule FXT_R_<RULE> cannot fire on a record of
 * KINDS the lean path accepts, because of HOW (what checks it, where).
 * X is passed through to L. */
/* clang-format off */
#define FXT__LEAN_RULES(L, x) \
 L(x, TRUNCATED,            FXT__LEAN_KINDS, "fast_loop: a record past the chunk ends the loop (stream.c)") \
 L(x, RECORD_SIZE_ZERO,     FXT__LEAN_KINDS, "fast_loop: size 0 ends the loop (rl - 1 wraps)") \
 L(x, RECORD_TOO_SMALL,     FXT__LEAN_KINDS, "every fast_* demands the exact size its fields imply") \
 L(x, RECORD_SIZE_EXTRA,    FXT__LEAN_KINDS, "every fast_* demands the exact size its fields imply") \
 L(x, RECORD_TYPE_UNKNOWN,  FXT__LEAN_KINDS, "fast_build.c: lean_types only has types the revision defines (events: every revision)") \
 L(x, PADDING_NONZERO,      FXT__LEAN_KINDS, "plain_stream (strings), fast_blob (payload)") \
 L(x, UTF8_INVALID,         FXT__LEAN_KINDS, "plain_stream") \
 L(x, STRING_TOO_LONG,      FXT__LEAN_KINDS, "plain_stream") \
 L(x, STRING_REF_UNREGISTERED, FXT__LEAN_KINDS, "fast_event's dense prefix, event_refs, fast_ref, plain_arg") \
 L(x, THREAD_REF_UNREGISTERED, FXT__LEAN_KINDS, "fast_event's thr_lim, event_refs, fast_log") \
 L(x, EVENT_TYPE_UNKNOWN,   FXT_K_EVENT, "ev_tail: odd for an undefined number, no size matches") \
 L(x, DURATION_END_UNMATCHED, FXT_K_EVENT, "event_seq settles a matched end only; else sequence.c") \
 L(x, DURATION_BEGIN_UNENDED, FXT_K_EVENT, "event_seq pushes on the thread's stack, as sequence.c") \
 L(x, DURATION_COMPLETE_NEGATIVE, FXT_K_EVENT, "event_seq: end >= start, else sequence.c") \
 L(x, ASYNC_UNMATCHED,      FXT_K_EVENT, "lean_id settles a match only; else sequence.c") \
 L(x, ASYNC_BEGIN_UNENDED,  FXT_K_EVENT, "lean_id records the begin, as sequence.c") \
 L(x, FLOW_UNMATCHED,       FXT_K_EVENT, "lean_id settles a match only; else sequence.c") \
 L(x, FLOW_BEGIN_UNENDED,   FXT_K_EVENT, "lean_id records the begin, as sequence.c") \
 L(x, DUPLICATE_BEGIN,      FXT_K_EVENT, "lean_id: a begin of an open id goes to sequence.c") \
 L(x, BLOB_RESERVED_BITS,   FXT_K_BLOB, "fast_blob: blob_rsv") \
 L(x, BLOB_TYPE_UNKNOWN,    FXT_K_BLOB, "fast_blob: the revision's blob types") \
 L(x, KERNEL_OBJECT_RESERVED_BITS, FXT_K_KOBJ, "fast_kobj: kobj_rsv") \
 L(x, SCHEDULING_TYPE_UNKNOWN, FXT_K_SCHED, "fast_sched: context switches only") \
 L(x, SCHEDULING_RESERVED_BITS, FXT_K_SCHED, "fast_sched: csw_rsv") \
 L(x, LEGACY_STATE_INVALID, FXT_K_SCHED, "fast_sched: context switches of the current layout only") \
 L(x, CONTEXT_SWITCH_STATE_UNKNOWN, FXT_K_SCHED, "fast_sched: state <= FXT_TS_MAX") \
 L(x, LOG_RESERVED_BITS,    FXT_K_LOG, "fast_log: log_rsv") \
 L(x, ARG_TYPE_UNKNOWN,     FXT__LEAN_ARGS, "plain_arg, fast_arg_other: the revision's argument types") \
 L(x, ARG_TOO_SMALL,        FXT__LEAN_ARGS, "plain_arg: exact size; fast_arg_other: the words the type needs") \
 L(x, ARG_SIZE_EXTRA,       FXT__LEAN_ARGS, "plain_arg: exact size; fast_arg_other: the words the type needs") \
 L(x, ARG_OVERRUN,          FXT__LEAN_ARGS, "fast_arg_other, args_checked: inside the record") \
 L(x, ARG_RESERVED_BITS,    FXT__LEAN_ARGS, "plain_arg, fast_arg_other: arg_hi_rsv, arg_hi_bad") \
 L(x, BOOL_VALUE_INVALID,   FXT__LEAN_ARGS, "fast_build.c: a boolean above 1 is reserved bits to the lean path") \
 L(x, TRACKING_LIMIT,       FXT__LEAN_KINDS, "untracked providers bail; full id tables go to sequence.c")
/* clang-format on */

/* The kinds are record types (fxt_issue.record_type). */
_Static_assert(FXT_K_META == 1u << FXT_RT_METADATA && FXT_K_INIT == 1u << FXT_RT_INIT &&
                   FXT_K_STRING == 1u << FXT_RT_STRING && FXT_K_THREAD == 1u << FXT_RT_THREAD &&
                   FXT_K_EVENT == 1u << FXT_RT_EVENT && FXT_K_BLOB == 1u << FXT_RT_BLOB &&
                   FXT_K_UOBJ == 1u << FXT_RT_USERSPACE &&
                   FXT_K_KOBJ == 1u << FXT_RT_KERNEL_OBJECT &&
                   FXT_K_SCHED == 1u << FXT_RT_SCHEDULING && FXT_K_LOG == 1u << FXT_RT_LOG &&
                   FXT_K_LARGE == 1u << FXT_RT_LARGE,
               "include/fxt/rules.h: FXT_K_<kind> is bit <record type>");

/* The lean kinds rule N is declared for: the OR of its lines' kinds. */
#define FXT__LEAN_MATCH_(n, rule, kinds, how) | (FXT_R_##rule == (n) ? (kinds) : 0u)
#define FXT__LEAN_DECLARED(n) (0u FXT__LEAN_RULES(FXT__LEAN_MATCH_, n))

/* One assertion per rule of the catalogue: every lean kind it fires on is
 * declared. (Expanded once, in fast_build.c.) */
#define FXT__LEAN_CHECK_(num, sev, en, nm, sec, fl, revs, kinds, msg)                           \
    _Static_assert(((kinds) & FXT__LEAN_KINDS & ~FXT__LEAN_DECLARED(num)) == 0,                 \
                   "rule " #sev #num " " nm " fires on a record kind the lean path takes "     \
                   "without decode.c: make validator/fast_other.h (logs, kernel objects, "     \
                   "context switches, blobs) or validator/fast.c (events) check it or give "   \
                   "up on the record, then say how in validator/fast_contract.h");

#endif /* FXT_VALIDATOR_FAST_CONTRACT_H */
