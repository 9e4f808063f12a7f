/* SPDX-License-Identifier: MIT */
/*
 * fast_contract.h - the lean path's contract, written as code.
 *
 * fast.c and fast_other.h check the records of the kinds in
 * FXT__LEAN_KINDS without decode.c: they accept a record only when no rule
 * can fire on it, and give it to decode.c otherwise ("bail"). So every
 * rule that can fire on one of those kinds (the kinds column of
 * FXT_RULES, format/rule_table.h) must be checked there, or be one the
 * lean path always bails on. FXT__LEAN_RULES lists each such rule: the
 * lean kinds it covers and where. fast.c fails to build when a rule of the
 * catalogue fires on a lean kind the list does not cover, and ctest
 * lean_equals_decoder runs both paths side by side.
 *
 * Adding a rule on a lean kind: make fast_other.h (logs, objects,
 * scheduling records, blobs, provider sections) or fast.c (events) give up
 * on a record the rule would fire on, and add the rule's line to the list
 * in that file. The parallel path (par.c) runs the same functions.
 */
#ifndef FXT_VALIDATOR_FAST_CONTRACT_H
#define FXT_VALIDATOR_FAST_CONTRACT_H

#include "fxt/format.h"
#include "rule_table.h" /* format/: the catalogue and its FXT_K_ kinds */

/* The record kinds the lean path takes (fast_loop's dispatch; scheduling
 * records: context switches and wakeups of the current layout only;
 * metadata: provider sections only). */
#define FXT__LEAN_KINDS                                                                        \
    (FXT_K_EVENT | FXT_K_LOG | FXT_K_KOBJ | FXT_K_UOBJ | FXT_K_SCHED | FXT_K_BLOB | FXT_K_META)
/* lean kinds with arguments */
#define FXT__LEAN_ARGS (FXT_K_EVENT | FXT_K_KOBJ | FXT_K_UOBJ | FXT_K_SCHED)

/* The bodies the lean path reads, as the layout table orders them
 * (fxt_body_items, format/layout.c): the kinds of their items in order,
 * and where the first item after the fixed words starts (bytes from the
 * record's start: the header word, then one word per leading FXT_BI_WORD).
 * fast.c and fast_other.h read the bodies in this order from these
 * offsets; ctest lean_equals_decoder holds each line to the table, so a
 * body changed in the table fails there, naming this file. */
#define FXT__LEAN_BODY_EVENT FXT_BI_WORD, FXT_BI_THREAD, FXT_BI_STRING, FXT_BI_STRING, FXT_BI_ARGS
#define FXT__LEAN_EVENT_THREAD_AT 16 /* header, timestamp (then the event word, if any) */
#define FXT__LEAN_BODY_LOG FXT_BI_WORD, FXT_BI_THREAD, FXT_BI_TEXT
#define FXT__LEAN_LOG_THREAD_AT 16 /* header, timestamp */
#define FXT__LEAN_BODY_KOBJ FXT_BI_WORD, FXT_BI_STRING, FXT_BI_ARGS
#define FXT__LEAN_KOBJ_NAME_AT 16 /* header, koid */
#define FXT__LEAN_BODY_CSW FXT_BI_WORD, FXT_BI_WORD, FXT_BI_WORD, FXT_BI_ARGS
#define FXT__LEAN_CSW_ARGS_AT 32 /* header, timestamp, outgoing and incoming thread koids */
#define FXT__LEAN_BODY_BLOB FXT_BI_STRING, FXT_BI_BYTES
#define FXT__LEAN_BLOB_NAME_AT 8 /* header */
#define FXT__LEAN_BODY_UOBJ FXT_BI_WORD, FXT_BI_PROCESS, FXT_BI_STRING, FXT_BI_ARGS
#define FXT__LEAN_UOBJ_PROCESS_AT 16 /* header, pointer (then the process koid, if inline) */
#define FXT__LEAN_BODY_WAKE FXT_BI_WORD, FXT_BI_WORD, FXT_BI_ARGS
#define FXT__LEAN_WAKE_ARGS_AT 24 /* header, timestamp, waking thread koid */
#define FXT__LEAN_PSECT_BYTES 8 /* a provider section: its header, no body */

/* FXT__LEAN_RULES(L, x) calls L(x, RULE, kinds, "how") once per rule that
 * can fire on a lean kind: rule FXT_R_<RULE> cannot fire on a record of
 * KINDS the lean path accepts, because of HOW (what checks it, where). X is
 * passed through to L. The lines are next to the code they describe:
 * FXT__LEAN_OTHER_RULES in fast_other.h (what only logs, objects,
 * scheduling records, blobs and provider sections have),
 * FXT__LEAN_EVENT_RULES in fast.c (events, and what every lean kind shares:
 * framing, strings, refs, arguments). */
#define FXT__LEAN_RULES(L, x) FXT__LEAN_EVENT_RULES(L, x) FXT__LEAN_OTHER_RULES(L, x)

/* The kinds are record types (fxt_issue.record_type). */
_Static_assert(FXT_K_META == 1u << FXT_RT_METADATA && FXT_K_INIT == 1u << FXT_RT_INIT &&
                   FXT_K_STRING == 1u << FXT_RT_STRING && FXT_K_THREAD == 1u << FXT_RT_THREAD &&
                   FXT_K_EVENT == 1u << FXT_RT_EVENT && FXT_K_BLOB == 1u << FXT_RT_BLOB &&
                   FXT_K_UOBJ == 1u << FXT_RT_USERSPACE &&
                   FXT_K_KOBJ == 1u << FXT_RT_KERNEL_OBJECT &&
                   FXT_K_SCHED == 1u << FXT_RT_SCHEDULING && FXT_K_LOG == 1u << FXT_RT_LOG &&
                   FXT_K_LARGE == 1u << FXT_RT_LARGE,
               "format/rule_table.h: FXT_K_<kind> is bit <record type>");

/* The lean kinds rule N is declared for: the OR of its lines' kinds. */
#define FXT__LEAN_MATCH_(n, rule, kinds, how) | (FXT_R_##rule == (n) ? (kinds) : 0u)
#define FXT__LEAN_DECLARED(n) (0u FXT__LEAN_RULES(FXT__LEAN_MATCH_, n))

/* One assertion per rule of the catalogue: every lean kind it fires on is
 * declared. (Expanded once, in fast.c.) */
#define FXT__LEAN_CHECK_(num, sev, en, nm, sec, fl, revs, kinds, ...)                           \
    _Static_assert(((kinds) & FXT__LEAN_KINDS & ~FXT__LEAN_DECLARED(num)) == 0,                 \
                   "rule " #sev #num " " nm " fires on a record kind the lean path takes "     \
                   "without decode.c: make validator/fast_other.h (logs, objects, "            \
                   "scheduling records, blobs, provider sections) or validator/fast.c "         \
                   "(events) check it or give "                                                 \
                   "up on the record, and add its line to FXT__LEAN_OTHER_RULES "               \
                   "(fast_other.h) or FXT__LEAN_EVENT_RULES (fast.c)");

#endif /* FXT_VALIDATOR_FAST_CONTRACT_H */
