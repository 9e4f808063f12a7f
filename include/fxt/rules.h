/* SPDX-License-Identifier: MIT */
/*
 * fxt/rules.h - the rule catalogue: the one list of every check fxtkit makes.
 *
 * FXT_RULES(X) calls X(num, sev, ENUM, "name", "spec section", flags, revs, kinds,
 * "message")
 * once per rule.
 *   num      stable number; never reused, never renumbered. The printed id is
 *            the severity letter and the number: E0004, W0007.
 *   sev      E (error: the trace does not conform) or W (warning: it conforms
 *            but is suspicious or uses extension room). Rulings:
 *            ../shared/spec/NOTES.md.
 *   ENUM     suffix of the enum constant FXT_R_<ENUM>.
 *   name     short stable kebab-case name, accepted by --ignore.
 *   section  the heading of trace-format.md the rule comes from.
 *   flags    FXT_RF_UNKNOWN: an undefined value in a field that decides how a
 *            record is read; --allow-unknown reports it as a warning.
 *   revs     the revisions the rule applies to (FXT_RA all, FXT_R2ON from r2
 *            on, FXT_R3ON from r3 on, FXT_RCUR current only): a mask of
 *            FXT_REV_BIT(fxt_revision). The section of each revision is
 *            fxt_rule_section() (fxt/layout.h).
 *   kinds    the record kinds it can fire on (FXT_K_*: bit t = record type t,
 *            FXT_K_INPUT = the whole input, no one record): fxt_issue's
 *            record_type is always one of them (ctest lean_equals_decoder
 *            checks). The lean checking path (validator/fast.c) must check
 *            or give up on every rule of the kinds it handles: a new rule on
 *            such a kind does not build until validator/fast.c (events) or
 *            fast_other.h (logs, kernel objects, context switches, blobs)
 *            says how (validator/fast_contract.h).
 *   message  what the rule demands, one sentence.
 *
 * The enum, fxt_rule_info() and docs/RULES.md are generated from this list;
 * each rule's help (what it means, the fix, an example) is in
 * format/rules_help.c, one entry per rule (fxt/rule_help.h).
 */
#ifndef FXT_RULES_H
#define FXT_RULES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* clang-format off */
#define FXT_RULES(X) \
 /* framing */ \
 X(1,  E, EMPTY_INPUT,          "empty-input",          "Archives",                    0, FXT_RA, FXT_K_INPUT, "the input must hold at least one record") \
 X(2,  E, TRUNCATED,            "truncated",            "Records",                     0, FXT_RA, FXT_K_ANY | FXT_K_INPUT, "the input must end at a record boundary and be a multiple of 8 bytes long") \
 X(3,  E, RECORD_SIZE_ZERO,     "record-size-zero",     "Record header",               0, FXT_RA, FXT_K_ANY, "a record size must not be 0 (the reader cannot advance; validation stops)") \
 X(4,  E, RECORD_TOO_SMALL,     "record-too-small",     "Records",                     0, FXT_RA, FXT_K_ANY, "the record size must cover everything its header fields imply") \
 X(5,  W, RECORD_SIZE_EXTRA,    "record-size-extra",    "Extend the format",           0, FXT_RA, FXT_K_ANY, "the record is larger than its fields imply (appended data unknown to this revision)") \
 X(6,  E, RECORD_TYPE_UNKNOWN,  "record-type-unknown",  "Record Types",                FXT_RF_UNKNOWN, FXT_RA, FXT_K_ANY, "the record type must be one the revision defines") \
 X(7,  E, PADDING_NONZERO,      "padding-nonzero",      "Atoms",                       0, FXT_RA, FXT_K_STREAMS, "padding bytes after a stream must be zero") \
 X(8,  E, UTF8_INVALID,         "utf8-invalid",         "String references",           0, FXT_RA, FXT_K_STREAMS, "string content must be valid UTF-8") \
 X(9,  W, STRING_TOO_LONG,      "string-too-long",      "String references",           0, FXT_RA, FXT_K_STREAMS, "strings should not be longer than 32000 bytes") \
 X(10, E, STRING_REF_UNREGISTERED, "string-ref-unregistered", "String references",     0, FXT_RA, FXT_K_ARGS | FXT_K_BLOB, "an indexed string ref must name an index registered in the current provider's string table") \
 X(11, E, THREAD_REF_UNREGISTERED, "thread-ref-unregistered", "Thread references",     0, FXT_RA, FXT_K_EVENT | FXT_K_UOBJ | FXT_K_SCHED | FXT_K_LOG | FXT_K_LARGE, "an indexed thread ref must name an index registered in the current provider's thread table") \
 /* magic */ \
 X(12, W, MAGIC_MISSING,        "magic-missing",        "Magic number record (trace info type = 0)",         0, FXT_R3ON, FXT_K_INPUT, "a trace should start with a magic number record") \
 X(13, W, MAGIC_NOT_FIRST,      "magic-not-first",      "Magic number record (trace info type = 0)",         0, FXT_R3ON, FXT_K_META, "the magic number record should be the first record") \
 X(14, E, MAGIC_BAD_NUMBER,     "magic-bad-number",     "Magic number record (trace info type = 0)",         0, FXT_R3ON, FXT_K_META, "bits [24..55] of the magic record must be 0x16547846") \
 X(15, E, MAGIC_BAD_SIZE,       "magic-bad-size",       "Magic number record (trace info type = 0)",         0, FXT_R3ON, FXT_K_META, "the magic record must be exactly one word") \
 X(16, E, MAGIC_RESERVED_BITS,  "magic-reserved-bits",  "Magic number record (trace info type = 0)",         0, FXT_R3ON, FXT_K_META, "bits [56..63] of the magic record must be zero") \
 /* metadata */ \
 X(17, E, METADATA_TYPE_UNKNOWN, "metadata-type-unknown", "Metadata record (record type = 0)", FXT_RF_UNKNOWN, FXT_RA, FXT_K_META, "the metadata type must be one the revision defines") \
 X(18, E, METADATA_RESERVED_BITS, "metadata-reserved-bits", "Metadata record (record type = 0)", 0, FXT_RA, FXT_K_META, "reserved bits of a metadata record must be zero") \
 X(19, W, PROVIDER_EVENT_UNKNOWN, "provider-event-unknown", "Provider event metadata (metadata type = 3)", 0, FXT_R2ON, FXT_K_META, "provider event id 0 is the only one defined") \
 X(20, W, PROVIDER_SECTION_UNKNOWN, "provider-section-unknown", "Provider section metadata (metadata type = 2)", 0, FXT_RA, FXT_K_META, "a provider section should name a provider introduced by a provider info record") \
 X(21, E, TRACE_INFO_TYPE_UNKNOWN, "trace-info-type-unknown", "Trace info metadata (metadata type = 4)", FXT_RF_UNKNOWN, FXT_R3ON, FXT_K_META, "the trace info type must be one the revision defines") \
 /* initialization */ \
 X(22, E, INIT_RESERVED_BITS,   "init-reserved-bits",   "Initialization record (record type = 1)", 0, FXT_RA, FXT_K_INIT, "bits [16..63] of the initialization record must be zero") \
 X(23, E, INIT_ZERO_TICKS,      "init-zero-ticks",      "Initialization record (record type = 1)", 0, FXT_RA, FXT_K_INIT, "ticks per second must not be 0") \
 /* string and thread records */ \
 X(24, E, STRING_RECORD_RESERVED_BITS, "string-record-reserved-bits", "String record (record type = 2)", 0, FXT_RA, FXT_K_STRING, "bits 31, 47 and [48..63] of a string record must be zero") \
 X(25, W, STRING_INDEX_ZERO,    "string-index-zero",    "String record (record type = 2)", 0, FXT_RA, FXT_K_STRING, "a string record for index 0 must be ignored by readers") \
 X(26, W, STRING_EMPTY,         "string-empty",         "String record (record type = 2)", 0, FXT_RA, FXT_K_STRING, "a string record holding an empty string is pointless") \
 X(27, E, THREAD_RECORD_RESERVED_BITS, "thread-record-reserved-bits", "Thread record (record type = 3)", 0, FXT_RA, FXT_K_THREAD, "bits [24..63] of a thread record must be zero") \
 X(28, W, THREAD_INDEX_ZERO,    "thread-index-zero",    "Thread record (record type = 3)", 0, FXT_RA, FXT_K_THREAD, "a thread record for index 0 must be ignored by readers") \
 /* events */ \
 X(29, E, EVENT_TYPE_UNKNOWN,   "event-type-unknown",   "Event record (record type = 4)", FXT_RF_UNKNOWN, FXT_RA, FXT_K_EVENT, "the event type must be one the revision defines") \
 X(30, W, DURATION_END_UNMATCHED, "duration-end-unmatched", "Duration end event (event type = 3)", 0, FXT_RA, FXT_K_EVENT, "a duration end should follow a duration begin on the same thread") \
 X(31, W, DURATION_BEGIN_UNENDED, "duration-begin-unended", "Duration begin event (event type = 2)", 0, FXT_RA, FXT_K_EVENT, "a duration begin must be matched by a duration end") \
 X(32, W, DURATION_COMPLETE_NEGATIVE, "duration-complete-negative", "Duration complete event (event type = 4)", 0, FXT_R3ON, FXT_K_EVENT, "a duration complete event should not end before it starts") \
 X(33, W, ASYNC_UNMATCHED,      "async-unmatched",      "Async instant Event (event type = 6)", 0, FXT_RA, FXT_K_EVENT, "an async instant or end should follow an async begin of the same id (per provider and process) that has not ended") \
 X(34, W, ASYNC_BEGIN_UNENDED,  "async-begin-unended",  "Async begin event (event type = 5)", 0, FXT_RA, FXT_K_EVENT, "an async begin must be matched by an async end of the same id") \
 X(35, W, FLOW_UNMATCHED,       "flow-unmatched",       "Flow step event (event type = 9)", 0, FXT_RA, FXT_K_EVENT, "a flow step or end should follow a flow begin of the same id that has not ended") \
 X(36, W, FLOW_BEGIN_UNENDED,   "flow-begin-unended",   "Flow begin event (event type = 8)", 0, FXT_RA, FXT_K_EVENT, "a flow begin must be matched by a flow end of the same id") \
 /* blobs */ \
 X(37, E, BLOB_RESERVED_BITS,   "blob-reserved-bits",   "BLOB record (record type = 5)", 0, FXT_RA, FXT_K_BLOB, "reserved bits of a blob record must be zero (from r2 on bit 47 is reserved; in r1 it is part of the payload size)") \
 X(38, E, BLOB_TYPE_UNKNOWN,    "blob-type-unknown",    "BLOB record (record type = 5)", FXT_RF_UNKNOWN, FXT_RA, FXT_K_BLOB, "the blob type must be one the revision defines") \
 X(39, E, LARGE_RECORD_TYPE_UNKNOWN, "large-record-type-unknown", "Large record header", FXT_RF_UNKNOWN, FXT_R3ON, FXT_K_LARGE, "the large record type must be one the revision defines") \
 X(40, E, LARGE_BLOB_FORMAT_UNKNOWN, "large-blob-format-unknown", "Large BLOB record (record type = 15, large type = 0)", FXT_RF_UNKNOWN, FXT_R3ON, FXT_K_LARGE, "the large blob format must be one the revision defines") \
 X(41, E, LARGE_BLOB_RESERVED_BITS, "large-blob-reserved-bits", "Large BLOB record (record type = 15, large type = 0)", 0, FXT_R3ON, FXT_K_LARGE, "reserved bits of the large blob header and format header words must be zero") \
 /* objects */ \
 X(42, E, USERSPACE_RESERVED_BITS, "userspace-reserved-bits", "Userspace object record (record type = 6)", 0, FXT_RA, FXT_K_UOBJ, "bits [44..63] of a userspace object record must be zero") \
 X(43, E, KERNEL_OBJECT_RESERVED_BITS, "kernel-object-reserved-bits", "Kernel object record (record type = 7)", 0, FXT_RA, FXT_K_KOBJ, "bits [44..63] of a kernel object record must be zero") \
 /* scheduling */ \
 X(44, E, SCHEDULING_TYPE_UNKNOWN, "scheduling-type-unknown", "Scheduling Record (record type = 8)", FXT_RF_UNKNOWN, FXT_RCUR, FXT_K_SCHED, "the scheduling record type must be one the revision defines") \
 X(45, E, SCHEDULING_RESERVED_BITS, "scheduling-reserved-bits", "Scheduling Record (record type = 8)", 0, FXT_RA, FXT_K_SCHED, "reserved bits of a scheduling or context switch record must be zero (which bits depends on the revision)") \
 X(46, E, LEGACY_STATE_INVALID, "legacy-state-invalid", "Legacy Context Switch Record (context switch record type = 0)", 0, FXT_RA, FXT_K_SCHED, "the outgoing thread state of a legacy context switch must be 0 or 2 to 5 (not running)") \
 X(47, W, CONTEXT_SWITCH_STATE_UNKNOWN, "context-switch-state-unknown", "Context Switch Record (scheduling event record type = 1)", 0, FXT_RCUR, FXT_K_SCHED, "thread states above 5 are not defined") \
 /* log */ \
 X(48, E, LOG_RESERVED_BITS,    "log-reserved-bits",    "Log record (record type = 9)", 0, FXT_RA, FXT_K_LOG, "bits 31 and [40..63] of a log record must be zero") \
 /* arguments */ \
 X(49, E, ARG_TYPE_UNKNOWN,     "arg-type-unknown",     "Argument types",              FXT_RF_UNKNOWN, FXT_RA, FXT_K_ARGS, "the argument type must be one the revision defines") \
 X(50, E, ARG_TOO_SMALL,        "arg-too-small",        "Argument header",             0, FXT_RA, FXT_K_ARGS, "an argument size must cover the argument's header, name and value") \
 X(51, W, ARG_SIZE_EXTRA,       "arg-size-extra",       "Arguments",                   0, FXT_RA, FXT_K_ARGS, "the argument is larger than its fields imply (appended data unknown to this revision)") \
 X(52, E, ARG_OVERRUN,          "arg-overrun",          "Arguments",                   0, FXT_RA, FXT_K_ARGS, "arguments must lie inside their record") \
 X(53, E, ARG_RESERVED_BITS,    "arg-reserved-bits",    "Argument header",             0, FXT_RA, FXT_K_ARGS, "bits of an argument header that its type does not use must be zero: [32..63] (null, 64-bit, double, pointer, koid) or [48..63] (string)") \
 X(54, E, BOOL_VALUE_INVALID,   "bool-value-invalid",   "Boolean argument (argument type = 9)", 0, FXT_RCUR, FXT_K_ARGS, "a boolean argument's value (bits [32..63]) must be 0 or 1") \
 /* tool limits (not spec rules, but never silent) */ \
 X(55, W, TRACKING_LIMIT,       "tracking-limit",       "Archives",                    0, FXT_RA, FXT_K_ANY | FXT_K_INPUT, "a capacity limit of the validator (providers, threads, open async operations or flows) stopped some checks: the trace is not fully checked") \
 /* sequencing, added later (numbers are never reused) */ \
 X(56, W, DUPLICATE_BEGIN,      "duplicate-begin",      "Async begin event (event type = 5)", 0, FXT_RA, FXT_K_EVENT, "an async or flow begin should not reuse an id that is still open (each begin needs its own end)") \
 /* providers, added later */ \
 X(57, W, PROVIDER_RESTARTED,   "provider-restarted",   "Provider info metadata (metadata type = 1)", 0, FXT_RA, FXT_K_META, "a provider info record for a provider already introduced starts it afresh: its string and thread tables are emptied")
/* clang-format on */

/** Record kinds of the catalogue's kinds column: bit t is record type t
 *  (fxt/format.h's FXT_RT_*; fxt_issue.record_type), FXT_K_INPUT the whole
 *  input (FXT_NO_RECORD_TYPE). */
#define FXT_K_META (1u << 0)
#define FXT_K_INIT (1u << 1)
#define FXT_K_STRING (1u << 2)
#define FXT_K_THREAD (1u << 3)
#define FXT_K_EVENT (1u << 4)
#define FXT_K_BLOB (1u << 5)
#define FXT_K_UOBJ (1u << 6)
#define FXT_K_KOBJ (1u << 7)
#define FXT_K_SCHED (1u << 8)
#define FXT_K_LOG (1u << 9)
#define FXT_K_LARGE (1u << 15)
#define FXT_K_INPUT (1u << 16)
/** Every record type, defined or not (framing rules). */
#define FXT_K_ANY 0xffffu
/** The records that can hold a string or payload stream. */
#define FXT_K_STREAMS                                                                     \
    (FXT_K_META | FXT_K_STRING | FXT_K_EVENT | FXT_K_BLOB | FXT_K_UOBJ | FXT_K_KOBJ |      \
     FXT_K_SCHED | FXT_K_LOG | FXT_K_LARGE)
/** The records that can hold arguments. */
#define FXT_K_ARGS (FXT_K_EVENT | FXT_K_UOBJ | FXT_K_KOBJ | FXT_K_SCHED | FXT_K_LARGE)

/** Rule flag: undefined value in a field that decides how a record is read. */
#define FXT_RF_UNKNOWN 1u
/** Revision masks of the catalogue (bit r = revision r, as fxt/layout.h). */
#define FXT_RA 0xfu
#define FXT_R2ON 0xeu
#define FXT_R3ON 0xcu
#define FXT_RCUR 0x8u

/** Rule identifiers, generated from FXT_RULES. */
typedef enum fxt_rule {
    FXT_R_NONE = 0,
#define FXT_X_(num, sev, en, name, sec, flags, revs, kinds, msg) FXT_R_##en = num,
    FXT_RULES(FXT_X_)
#undef FXT_X_
    FXT_R_END_ /* one past the largest rule number */
} fxt_rule;

/** Severity of an issue. */
typedef enum fxt_severity {
    FXT_SEV_ERROR = 0,
    FXT_SEV_WARNING = 1
} fxt_severity;

/** Static description of one rule of the catalogue. */
typedef struct fxt_rule_info {
    fxt_rule rule;         /**< its enum value (== its stable number) */
    char id[6];            /**< "E0004" / "W0007" */
    const char *name;      /**< short kebab-case name */
    fxt_severity severity; /**< catalogue severity */
    const char *section;   /**< spec section heading */
    unsigned flags;        /**< FXT_RF_* */
    unsigned revisions;    /**< revisions it applies to (FXT_RA...) */
    const char *message;   /**< what the rule demands */
    unsigned kinds;        /**< record kinds it can fire on (FXT_K_*) */
} fxt_rule_info;

/** Description of rule R, or NULL if R is not in the catalogue. */
const fxt_rule_info *fxt_rule_get(fxt_rule r);

/** Rule whose id ("E0004", case-insensitive) or name ("record-too-small")
 *  is S; FXT_R_NONE if none. */
fxt_rule fxt_rule_find(const char *s);

/** Number of rules in the catalogue. */
unsigned fxt_rule_count(void);

/** The I-th rule of the catalogue in listing order (0 <= i < count). */
const fxt_rule_info *fxt_rule_at(unsigned i);

#ifdef __cplusplus
}
#endif

#endif /* FXT_RULES_H */
