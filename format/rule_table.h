/* SPDX-License-Identifier: MIT */
/*
 * rule_table.h - the rule catalogue: the one list of every check fxtkit
 * makes, each rule in one row with its help. format/rules.c and
 * rules_help.c build fxt_rule_info and fxt_rule_help from it,
 * fxt/rule_ids.h's enum and docs/RULES.md are generated from it, and the
 * lean path (validator/fast.c) is held to its kinds column.
 *
 * FXT_RULES(X) calls X(num, sev, ENUM, "name", "spec section", flags, revs,
 * kinds, "message", "explanation", "fix", example) once per rule.
 *   num      stable number; never reused, never renumbered. The printed id is
 *            the severity letter and the number: E0004, W0007.
 *   sev      E (error: the trace does not conform) or W (warning: it conforms
 *            but is suspicious or uses extension room). Rulings:
 *            ../shared/spec/NOTES.md.
 *   ENUM     suffix of the enum constant FXT_R_<ENUM> (fxt/rule_ids.h, which
 *            `cmake -P format/rule_ids.cmake` regenerates from this table;
 *            the build stops while it is stale).
 *   name     short stable kebab-case name, accepted by --ignore.
 *   section  the heading of trace-format.md the rule comes from (its anchor:
 *            k_anchors in rules_help.c).
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
 *   explanation, fix
 *            its help (fxt/rule_help.h): what it means and why it matters
 *            (sentences); how to mend a trace that breaks it (no final
 *            period).
 *   example  a minimal trace that breaks it under the current revision and
 *            no other rule: little-endian words as 16 hex digits separated
 *            by spaces, "N*WORD" for N copies, FXT__MAGIC_W the magic record
 *            first where the rule allows; "" the empty input; NULL when no
 *            short trace can. fxt-validate's tests run the validator on each
 *            and check that it reports exactly that rule.
 */
#ifndef FXT_FORMAT_RULE_TABLE_H
#define FXT_FORMAT_RULE_TABLE_H

#include "fxt/rules.h"

/* Record kinds of the kinds column: bit t is record type t (fxt/format.h's
 * FXT_RT_*; fxt_issue.record_type), FXT_K_INPUT the whole input
 * (FXT_NO_RECORD_TYPE). */
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
/* Every record type, defined or not (framing rules). */
#define FXT_K_ANY 0xffffu
/* The records that can hold a string or payload stream. */
#define FXT_K_STREAMS                                                                     \
    (FXT_K_META | FXT_K_STRING | FXT_K_EVENT | FXT_K_BLOB | FXT_K_UOBJ | FXT_K_KOBJ |      \
     FXT_K_SCHED | FXT_K_LOG | FXT_K_LARGE)
/* The records that can hold arguments. */
#define FXT_K_ARGS (FXT_K_EVENT | FXT_K_UOBJ | FXT_K_KOBJ | FXT_K_SCHED | FXT_K_LARGE)

/* Revision masks of the revs column (bit r = revision r, as fxt/layout.h). */
#define FXT_RA 0xfu
#define FXT_R2ON 0xeu
#define FXT_R3ON 0xcu
#define FXT_RCUR 0x8u

/* The magic number record, first word of most examples. */
#define FXT__MAGIC_W "0016547846040010 "

/* clang-format off */
#define FXT_RULES(X)                                                                                \
    /* framing */                                                                                   \
    X(1, E, EMPTY_INPUT, "empty-input", "Archives", 0, FXT_RA, FXT_K_INPUT,                         \
      "the input must hold at least one record",                                                    \
      "The input holds no bytes. A trace is a sequence of records, so an empty file is almost "     \
      "always a failed or interrupted capture, and a CI gate must not pass it.",                    \
      "write at least the magic number record (one word)", "")                                      \
    X(2, E, TRUNCATED, "truncated", "Records", 0, FXT_RA, FXT_K_ANY | FXT_K_INPUT,                  \
      "the input must end at a record boundary and be a multiple of 8 bytes long",                  \
      "The input ends inside a record: the last record's size field claims more words than "        \
      "the input holds, or the input's length is not a multiple of 8 bytes. Readers drop the "      \
      "last record or fail; usually the writer was stopped or the file was cut.",                   \
      "write every record completely (an initialization record is two words), or cut the file "     \
      "at a record boundary",                                                                       \
      FXT__MAGIC_W "0000000000000021")                                                              \
    X(3, E, RECORD_SIZE_ZERO, "record-size-zero", "Record header", 0, FXT_RA, FXT_K_ANY,            \
      "a record size must not be 0 (the reader cannot advance; validation stops)",                  \
      "A record header's size field is 0. Sizes count 64-bit words including the header, so no "    \
      "record is smaller than 1: a reader cannot find the next record, and validation of the "      \
      "file stops there.",                                                                          \
      "set the size field to the record's length in words, header included",                        \
      FXT__MAGIC_W "0000000000000001")                                                              \
    X(4, E, RECORD_TOO_SMALL, "record-too-small", "Records", 0, FXT_RA, FXT_K_ANY,                  \
      "the record size must cover everything its header fields imply",                              \
      "The size field is smaller than the content the header's fields imply (stream lengths, "      \
      "inline string and thread refs, argument sizes). A reader that trusts the fields reads "      \
      "into the next record; one that trusts the size misses data.",                                \
      "size the record for all its content: here a 5-byte string needs 2 words",                    \
      FXT__MAGIC_W "0000000500010012")                                                              \
    X(5, W, RECORD_SIZE_EXTRA, "record-size-extra", "Extend the format", 0, FXT_RA, FXT_K_ANY,      \
      "the record is larger than its fields imply (appended data unknown to this revision)",        \
      "The record is larger than its fields imply. The spec lets writers append new "               \
      "information to records, and readers skip it by the size; this revision does not know "       \
      "what the extra words hold.",                                                                 \
      "drop the extra words, or set the size to what the fields imply",                             \
      FXT__MAGIC_W "0000000000000031 000000003b9aca00 0000000000000000")                            \
    X(6, E, RECORD_TYPE_UNKNOWN, "record-type-unknown",                                             \
      "Record Types", FXT_RF_UNKNOWN, FXT_RA, FXT_K_ANY,                                            \
      "the record type must be one the revision defines",                                           \
      "The record type (header bits [0..3]) is not one the revision defines (docs/RULES.md "        \
      "lists them per revision). A reader does not know the record's layout and can only skip "     \
      "it by its size.",                                                                            \
      "use a record type the revision defines (or --allow-unknown to accept extensions)",           \
      FXT__MAGIC_W "000000000000001a")                                                              \
    X(7, E, PADDING_NONZERO, "padding-nonzero", "Atoms", 0, FXT_RA, FXT_K_STREAMS,                  \
      "padding bytes after a stream must be zero",                                                  \
      "Streams (strings, names, messages, blob payloads) are padded with zero bytes to the next "   \
      "8-byte boundary. Non-zero padding usually means a wrong length field or stale memory "       \
      "written out.",                                                                               \
      "zero the bytes after the string up to the next word boundary",                               \
      FXT__MAGIC_W "0000000100010022 000000000000ff61")                                             \
    X(8, E, UTF8_INVALID, "utf8-invalid", "String references", 0, FXT_RA, FXT_K_STREAMS,            \
      "string content must be valid UTF-8",                                                         \
      "String content must be UTF-8. This string holds a byte sequence that is not: a byte "        \
      "that never occurs in UTF-8, an overlong form, a surrogate, a code point above U+10FFFF, "    \
      "or a sequence cut by the end of the string.",                                                \
      "write strings as UTF-8 (convert Latin-1 and the like before writing)",                       \
      FXT__MAGIC_W "0000000100010022 00000000000000ff")                                             \
    X(9, W, STRING_TOO_LONG, "string-too-long", "String references", 0, FXT_RA, FXT_K_STREAMS,      \
      "strings should not be longer than 32000 bytes",                                              \
      "The spec sets a conservative limit of 32000 bytes on strings. Longer strings still "         \
      "encode, but readers may refuse or cut them.",                                                \
      "keep strings to 32000 bytes (split or truncate longer ones)",                                \
      FXT__MAGIC_W "00007d010001fa22 4001*0000000000000000")                                        \
    X(10, E, STRING_REF_UNREGISTERED, "string-ref-unregistered",                                    \
      "String references", 0, FXT_RA, FXT_K_ARGS | FXT_K_BLOB,                                      \
      "an indexed string ref must name an index registered in the current provider's string table", \
      "An indexed string ref names an index that no string record of the current provider "         \
      "registered before this record, so a reader has no text for it. String tables are per "       \
      "provider, and a repeated provider info record empties its provider's table.",                \
      "write a string record for the index before the first record that uses it (in the same "      \
      "provider)",                                                                                  \
      FXT__MAGIC_W "0001000000000044 0000000000000000 0000000000000001 0000000000000002")           \
    X(11, E, THREAD_REF_UNREGISTERED, "thread-ref-unregistered",                                    \
      "Thread references", 0, FXT_RA,                                                               \
      FXT_K_EVENT | FXT_K_UOBJ | FXT_K_SCHED | FXT_K_LOG | FXT_K_LARGE,                             \
      "an indexed thread ref must name an index registered in the current provider's thread table", \
      "An indexed thread ref names an index that no thread record of the current provider "         \
      "registered before this record, so a reader has no process and thread koids for it.",         \
      "write a thread record for the index before the first record that uses it",                   \
      FXT__MAGIC_W "0000000001000024 0000000000000000")                                             \
    /* magic */                                                                                     \
    X(12, W, MAGIC_MISSING, "magic-missing",                                                        \
      "Magic number record (trace info type = 0)", 0, FXT_R3ON, FXT_K_INPUT,                        \
      "a trace should start with a magic number record",                                            \
      "From r3 on a trace starts with the magic number record (the word 0x0016547846040010). "      \
      "Without it a reader cannot recognise the input as FXT or tell its byte order.",              \
      "start the trace with the magic number record 0x0016547846040010",                            \
      "0000000000000021 000000003b9aca00")                                                          \
    X(13, W, MAGIC_NOT_FIRST, "magic-not-first",                                                    \
      "Magic number record (trace info type = 0)", 0, FXT_R3ON, FXT_K_META,                         \
      "the magic number record should be the first record",                                         \
      "The magic number record is there, but not at offset 0, where readers look for it.",          \
      "move the magic number record to offset 0",                                                   \
      "0000000000000021 000000003b9aca00 0016547846040010")                                         \
    X(14, E, MAGIC_BAD_NUMBER, "magic-bad-number",                                                  \
      "Magic number record (trace info type = 0)", 0, FXT_R3ON, FXT_K_META,                         \
      "bits [24..55] of the magic record must be 0x16547846",                                       \
      "A trace info record of type 0 (magic number) carries 0x16547846 (\"FxT\" and a version "     \
      "byte) in bits [24..55]; this one carries another value, so readers do not take the "         \
      "input for FXT.",                                                                             \
      "write the magic number 0x16547846 in bits [24..55]", "0016547847040010")                     \
    X(15, E, MAGIC_BAD_SIZE, "magic-bad-size",                                                      \
      "Magic number record (trace info type = 0)", 0, FXT_R3ON, FXT_K_META,                         \
      "the magic record must be exactly one word",                                                  \
      "The magic number record is exactly one word; its size field says otherwise.",                \
      "give the magic record size 1", "0016547846040020 0000000000000000")                          \
    X(16, E, MAGIC_RESERVED_BITS, "magic-reserved-bits",                                            \
      "Magic number record (trace info type = 0)", 0, FXT_R3ON, FXT_K_META,                         \
      "bits [56..63] of the magic record must be zero",                                             \
      "Bits [56..63] of the magic number record are reserved and must be zero.",                    \
      "clear bits [56..63] of the magic record", "0116547846040010")                                \
    /* metadata */                                                                                  \
    X(17, E, METADATA_TYPE_UNKNOWN, "metadata-type-unknown",                                        \
      "Metadata record (record type = 0)", FXT_RF_UNKNOWN, FXT_RA, FXT_K_META,                      \
      "the metadata type must be one the revision defines",                                         \
      "The metadata type (bits [16..19]) is not one the revision defines: 1 provider info, 2 "      \
      "provider section, 3 provider event (from r2 on), 4 trace info (from r3 on).",                \
      "use a metadata type the revision defines", FXT__MAGIC_W "0000000000050010")                  \
    X(18, E, METADATA_RESERVED_BITS, "metadata-reserved-bits",                                      \
      "Metadata record (record type = 0)", 0, FXT_RA, FXT_K_META,                                   \
      "reserved bits of a metadata record must be zero",                                            \
      "Bits that a metadata record's format leaves unused must be zero, so that later "             \
      "revisions can give them a meaning.",                                                         \
      "clear the reserved bits of the metadata record", FXT__MAGIC_W "1000000000110010")            \
    X(19, W, PROVIDER_EVENT_UNKNOWN, "provider-event-unknown",                                      \
      "Provider event metadata (metadata type = 3)", 0, FXT_R2ON, FXT_K_META,                       \
      "provider event id 0 is the only one defined",                                                \
      "A provider event record carries an event id other than 0 (buffer full), the only one "       \
      "defined: readers do not know what it reports.",                                              \
      "use provider event id 0 (buffer full), the only one defined",                                \
      FXT__MAGIC_W "0000000000110010 0010000000130010")                                             \
    X(20, W, PROVIDER_SECTION_UNKNOWN, "provider-section-unknown",                                  \
      "Provider section metadata (metadata type = 2)", 0, FXT_RA, FXT_K_META,                       \
      "a provider section should name a provider introduced by a provider info record",             \
      "A provider section record switches to a provider that no provider info record "              \
      "introduced: a reader has no name and no string or thread tables for it (the validator "      \
      "starts an empty context).",                                                                  \
      "write a provider info record for the provider before its section",                           \
      FXT__MAGIC_W "0000000000520010")                                                              \
    X(21, E, TRACE_INFO_TYPE_UNKNOWN, "trace-info-type-unknown",                                    \
      "Trace info metadata (metadata type = 4)", FXT_RF_UNKNOWN, FXT_R3ON, FXT_K_META,              \
      "the trace info type must be one the revision defines",                                       \
      "The trace info type (bits [20..23] of a trace info metadata record) is not one the "         \
      "revision defines: 0, the magic number record, is the only one.",                             \
      "use a trace info type the revision defines", FXT__MAGIC_W "0000000000140010")                \
    /* initialization */                                                                            \
    X(22, E, INIT_RESERVED_BITS, "init-reserved-bits",                                              \
      "Initialization record (record type = 1)", 0, FXT_RA, FXT_K_INIT,                             \
      "bits [16..63] of the initialization record must be zero",                                    \
      "The initialization record's header uses only the record type and size fields; bits "         \
      "[16..63] are reserved and must be zero.",                                                    \
      "clear bits [16..63] of the initialization record header",                                    \
      FXT__MAGIC_W "0000000000010021 000000003b9aca00")                                             \
    X(23, E, INIT_ZERO_TICKS, "init-zero-ticks",                                                    \
      "Initialization record (record type = 1)", 0, FXT_RA, FXT_K_INIT,                             \
      "ticks per second must not be 0",                                                             \
      "The initialization record gives the number of timestamp ticks per second; with 0 no "        \
      "timestamp of the trace can be converted to time (importers have crashed on it).",            \
      "write the clock's real tick rate (e.g. 1000000000 for nanoseconds)",                         \
      FXT__MAGIC_W "0000000000000021 0000000000000000")                                             \
    /* string and thread records */                                                                 \
    X(24, E, STRING_RECORD_RESERVED_BITS, "string-record-reserved-bits",                            \
      "String record (record type = 2)", 0, FXT_RA, FXT_K_STRING,                                   \
      "bits 31, 47 and [48..63] of a string record must be zero",                                   \
      "A string record's header holds the index in bits [16..30] and the length in [32..46]; "      \
      "bits 31, 47 and [48..63] are reserved and must be zero.",                                    \
      "clear the reserved bits of the string record header",                                        \
      FXT__MAGIC_W "8000000100010022 0000000000000061")                                             \
    X(25, W, STRING_INDEX_ZERO, "string-index-zero",                                                \
      "String record (record type = 2)", 0, FXT_RA, FXT_K_STRING,                                   \
      "a string record for index 0 must be ignored by readers",                                     \
      "String index 0 stands for the empty string and cannot be registered: readers ignore a "      \
      "string record for index 0, so its text is lost.",                                            \
      "use string indexes from 1; index 0 means the empty string",                                  \
      FXT__MAGIC_W "0000000100000022 0000000000000061")                                             \
    X(26, W, STRING_EMPTY, "string-empty",                                                          \
      "String record (record type = 2)", 0, FXT_RA, FXT_K_STRING,                                   \
      "a string record holding an empty string is pointless",                                       \
      "A string record registers an empty string. String ref 0 already stands for the empty "       \
      "string; the record only takes space.",                                                       \
      "do not register empty strings: refer to them with string ref 0",                             \
      FXT__MAGIC_W "0000000000010012")                                                              \
    X(27, E, THREAD_RECORD_RESERVED_BITS, "thread-record-reserved-bits",                            \
      "Thread record (record type = 3)", 0, FXT_RA, FXT_K_THREAD,                                   \
      "bits [24..63] of a thread record must be zero",                                              \
      "A thread record's header holds the index in bits [16..23]; bits [24..63] are reserved "      \
      "and must be zero.",                                                                          \
      "clear bits [24..63] of the thread record header",                                            \
      FXT__MAGIC_W "8000000000010033 0000000000000001 0000000000000002")                            \
    X(28, W, THREAD_INDEX_ZERO, "thread-index-zero",                                                \
      "Thread record (record type = 3)", 0, FXT_RA, FXT_K_THREAD,                                   \
      "a thread record for index 0 must be ignored by readers",                                     \
      "Thread ref 0 stands for inline koids and cannot be registered: readers ignore a thread "     \
      "record for index 0.",                                                                        \
      "use thread indexes from 1; thread ref 0 means inline koids",                                 \
      FXT__MAGIC_W "0000000000000033 0000000000000001 0000000000000002")                            \
    /* events */                                                                                    \
    X(29, E, EVENT_TYPE_UNKNOWN, "event-type-unknown",                                              \
      "Event record (record type = 4)", FXT_RF_UNKNOWN, FXT_RA, FXT_K_EVENT,                        \
      "the event type must be one the revision defines",                                            \
      "The event type (bits [16..19] of an event record) is not one the revision defines; event "   \
      "types 4 to 9 also mean different events before and after r3 (docs/RULES.md).",               \
      "use an event type the revision defines",                                                     \
      FXT__MAGIC_W "00000000000b0044 0000000000000000 0000000000000001 0000000000000002")           \
    X(30, W, DURATION_END_UNMATCHED, "duration-end-unmatched",                                      \
      "Duration end event (event type = 3)", 0, FXT_RA, FXT_K_EVENT,                                \
      "a duration end should follow a duration begin on the same thread",                           \
      "A duration end event on a thread that has no open duration begin. Durations nest per "       \
      "thread (its process and thread koids): this end closes nothing, often because the trace "    \
      "starts after the begin or records were lost.",                                               \
      "write the duration begin before its end, on the same thread",                                \
      FXT__MAGIC_W "0000000000030044 0000000000000000 0000000000000001 0000000000000002")           \
    X(31, W, DURATION_BEGIN_UNENDED, "duration-begin-unended",                                      \
      "Duration begin event (event type = 2)", 0, FXT_RA, FXT_K_EVENT,                              \
      "a duration begin must be matched by a duration end",                                         \
      "A duration begin that no duration end on its thread closed before the trace ended; "         \
      "viewers draw it to the end of the trace.",                                                   \
      "write a duration end for every begin (or use a duration complete event)",                    \
      FXT__MAGIC_W "0000000000020044 0000000000000000 0000000000000001 0000000000000002")           \
    X(32, W, DURATION_COMPLETE_NEGATIVE, "duration-complete-negative",                              \
      "Duration complete event (event type = 4)", 0, FXT_R3ON, FXT_K_EVENT,                         \
      "a duration complete event should not end before it starts",                                  \
      "A duration complete event whose end time is earlier than its start time.",                   \
      "write an end time at or after the start time",                                               \
      FXT__MAGIC_W "0000000000040054 000000000000000a 0000000000000001 0000000000000002 "           \
      "0000000000000005")                                                                           \
    X(33, W, ASYNC_UNMATCHED, "async-unmatched",                                                    \
      "Async instant Event (event type = 6)", 0, FXT_RA, FXT_K_EVENT,                               \
      "an async instant or end should follow an async begin of the same id (per provider and "      \
      "process) that has not ended",                                                                \
      "An async instant or end event whose correlation id has no open async begin in the same "     \
      "provider and process (an instant after the end counts too).",                                \
      "write the async begin of the id before its instants and end",                                \
      FXT__MAGIC_W "0000000000070054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000007")                                                                           \
    X(34, W, ASYNC_BEGIN_UNENDED, "async-begin-unended",                                            \
      "Async begin event (event type = 5)", 0, FXT_RA, FXT_K_EVENT,                                 \
      "an async begin must be matched by an async end of the same id",                              \
      "An async begin that no async end of the same correlation id closed before the trace "        \
      "ended.",                                                                                     \
      "write an async end for every async begin",                                                   \
      FXT__MAGIC_W "0000000000050054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000007")                                                                           \
    X(35, W, FLOW_UNMATCHED, "flow-unmatched",                                                      \
      "Flow step event (event type = 9)", 0, FXT_RA, FXT_K_EVENT,                                   \
      "a flow step or end should follow a flow begin of the same id that has not ended",            \
      "A flow step or end whose id has no open flow begin. Flows link work across threads, "        \
      "processes and providers, so they are matched by id across the whole trace.",                 \
      "write the flow begin of the id before its steps and end",                                    \
      FXT__MAGIC_W "00000000000a0054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000007")                                                                           \
    X(36, W, FLOW_BEGIN_UNENDED, "flow-begin-unended",                                              \
      "Flow begin event (event type = 8)", 0, FXT_RA, FXT_K_EVENT,                                  \
      "a flow begin must be matched by a flow end of the same id",                                  \
      "A flow begin that no flow end of the same id closed before the trace ended.",                \
      "write a flow end for every flow begin",                                                      \
      FXT__MAGIC_W "0000000000080054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000007")                                                                           \
    /* blobs */                                                                                     \
    X(37, E, BLOB_RESERVED_BITS, "blob-reserved-bits",                                              \
      "BLOB record (record type = 5)", 0, FXT_RA, FXT_K_BLOB,                                       \
      "reserved bits of a blob record must be zero (from r2 on bit 47 is reserved; in r1 it "       \
      "is part of the payload size)",                                                               \
      "Reserved bits of a blob record header must be zero. From r2 on bit 47 is reserved; in r1 "   \
      "it is the top bit of the payload size.",                                                     \
      "clear the reserved bits of the blob header", FXT__MAGIC_W "8001000000000015")                \
    X(38, E, BLOB_TYPE_UNKNOWN, "blob-type-unknown",                                                \
      "BLOB record (record type = 5)", FXT_RF_UNKNOWN, FXT_RA, FXT_K_BLOB,                          \
      "the blob type must be one the revision defines",                                             \
      "The blob type (bits [48..55]) is not one the revision defines (docs/RULES.md lists them "    \
      "per revision); a reader does not know what the payload holds.",                              \
      "use a blob type the revision defines", FXT__MAGIC_W "00ff000000000015")                      \
    X(39, E, LARGE_RECORD_TYPE_UNKNOWN, "large-record-type-unknown",                                \
      "Large record header", FXT_RF_UNKNOWN, FXT_R3ON, FXT_K_LARGE,                                 \
      "the large record type must be one the revision defines",                                     \
      "A large record (record type 15) carries its large record type in bits [36..39]; 0, the "     \
      "large blob, is the only one defined.",                                                       \
      "use large record type 0 (large blob), the only one defined",                                 \
      FXT__MAGIC_W "000000100000001f")                                                              \
    X(40, E, LARGE_BLOB_FORMAT_UNKNOWN, "large-blob-format-unknown",                                \
      "Large BLOB record (record type = 15, large type = 0)", FXT_RF_UNKNOWN, FXT_R3ON,             \
      FXT_K_LARGE,                                                                                  \
      "the large blob format must be one the revision defines",                                     \
      "A large blob's format (bits [40..43]) is 0 (in band, with metadata) or 1 (in band, no "      \
      "metadata); other values are not defined.",                                                   \
      "use large blob format 0 or 1", FXT__MAGIC_W "000002000000001f")                              \
    X(41, E, LARGE_BLOB_RESERVED_BITS, "large-blob-reserved-bits",                                  \
      "Large BLOB record (record type = 15, large type = 0)", 0, FXT_R3ON, FXT_K_LARGE,             \
      "reserved bits of the large blob header and format header words must be zero",                \
      "Reserved bits of the large blob record's header word and of its format header word must "    \
      "be zero.",                                                                                   \
      "clear the reserved bits of the large blob header and format header",                         \
      FXT__MAGIC_W "800001000000003f 0000000000000000 0000000000000000")                            \
    /* objects */                                                                                   \
    X(42, E, USERSPACE_RESERVED_BITS, "userspace-reserved-bits",                                    \
      "Userspace object record (record type = 6)", 0, FXT_RA, FXT_K_UOBJ,                           \
      "bits [44..63] of a userspace object record must be zero",                                    \
      "A userspace object record's header ends with the argument count in bits [40..43]; bits "     \
      "[44..63] are reserved and must be zero.",                                                    \
      "clear bits [44..63] of the userspace object record header",                                  \
      FXT__MAGIC_W "8000000000000036 0000000000001000 0000000000000001")                            \
    X(43, E, KERNEL_OBJECT_RESERVED_BITS, "kernel-object-reserved-bits",                            \
      "Kernel object record (record type = 7)", 0, FXT_RA, FXT_K_KOBJ,                              \
      "bits [44..63] of a kernel object record must be zero",                                       \
      "A kernel object record's header ends with the argument count in bits [40..43]; bits "        \
      "[44..63] are reserved and must be zero.",                                                    \
      "clear bits [44..63] of the kernel object record header",                                     \
      FXT__MAGIC_W "8000000000000027 0000000000000001")                                             \
    /* scheduling */                                                                                \
    X(44, E, SCHEDULING_TYPE_UNKNOWN, "scheduling-type-unknown",                                    \
      "Scheduling Record (record type = 8)", FXT_RF_UNKNOWN, FXT_RCUR, FXT_K_SCHED,                 \
      "the scheduling record type must be one the revision defines",                                \
      "In the current revision a scheduling record carries its type in bits [60..63]: 0 legacy "    \
      "context switch, 1 context switch, 2 thread wakeup. Other values are not defined.",           \
      "use a scheduling record type the revision defines (0, 1 or 2)",                              \
      FXT__MAGIC_W "3000000000000018")                                                              \
    X(45, E, SCHEDULING_RESERVED_BITS, "scheduling-reserved-bits",                                  \
      "Scheduling Record (record type = 8)", 0, FXT_RA, FXT_K_SCHED,                                \
      "reserved bits of a scheduling or context switch record must be zero (which bits "            \
      "depends on the revision)",                                                                   \
      "Reserved bits of a scheduling or context switch record header must be zero; which bits "     \
      "are reserved depends on the revision and the record type (r1 and r2 reserve the "            \
      "priority bits).",                                                                            \
      "clear the reserved bits of the scheduling record header",                                    \
      FXT__MAGIC_W "1000010000000048 0000000000000000 0000000000000001 0000000000000002")           \
    X(46, E, LEGACY_STATE_INVALID, "legacy-state-invalid",                                          \
      "Legacy Context Switch Record (context switch record type = 0)", 0, FXT_RA, FXT_K_SCHED,      \
      "the outgoing thread state of a legacy context switch must be 0 or 2 to 5 (not running)",     \
      "The outgoing thread state of a legacy context switch says what the thread that stops "       \
      "running does next: 0 new, 2 suspended, 3 blocked, 4 dying, 5 dead. 1 (running) cannot "      \
      "describe a thread that is switched out, and values above 5 are not defined.",                \
      "write the outgoing thread's state when it stopped running (0 or 2 to 5)",                    \
      FXT__MAGIC_W "0000000001000068 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000001 0000000000000003")                                                          \
    X(47, W, CONTEXT_SWITCH_STATE_UNKNOWN, "context-switch-state-unknown",                          \
      "Context Switch Record (scheduling event record type = 1)", 0, FXT_RCUR, FXT_K_SCHED,         \
      "thread states above 5 are not defined",                                                      \
      "Thread states are defined from 0 to 5; a context switch record carries a higher one.",       \
      "use a thread state from 0 to 5",                                                             \
      FXT__MAGIC_W "1000006000000048 0000000000000000 0000000000000001 0000000000000002")           \
    /* log */                                                                                       \
    X(48, E, LOG_RESERVED_BITS, "log-reserved-bits",                                                \
      "Log record (record type = 9)", 0, FXT_RA, FXT_K_LOG,                                         \
      "bits 31 and [40..63] of a log record must be zero",                                          \
      "A log record's header holds the message length in bits [16..30] and the thread ref in "      \
      "[32..39]; bits 31 and [40..63] are reserved and must be zero.",                              \
      "clear bits 31 and [40..63] of the log record header",                                        \
      FXT__MAGIC_W "8000000000000049 0000000000000000 0000000000000001 0000000000000002")           \
    /* arguments */                                                                                 \
    X(49, E, ARG_TYPE_UNKNOWN, "arg-type-unknown",                                                  \
      "Argument types", FXT_RF_UNKNOWN, FXT_RA, FXT_K_ARGS,                                         \
      "the argument type must be one the revision defines",                                         \
      "The argument type (bits [0..3] of the argument header) is not one the revision defines "     \
      "(0 to 8, and 9 boolean in the current revision). A reader can skip the argument by its "     \
      "size but not read it.",                                                                      \
      "use an argument type the revision defines",                                                  \
      FXT__MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "           \
      "000000000000001f")                                                                           \
    X(50, E, ARG_TOO_SMALL, "arg-too-small", "Argument header", 0, FXT_RA, FXT_K_ARGS,              \
      "an argument size must cover the argument's header, name and value",                          \
      "The argument's size field is smaller than its header, inline name, inline value and "        \
      "value word need; a reader that trusts the fields reads into the next argument.",             \
      "size the argument for its header, name and value (a uint64 needs 2 words)",                  \
      FXT__MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000014")                                                                           \
    X(51, W, ARG_SIZE_EXTRA, "arg-size-extra", "Arguments", 0, FXT_RA, FXT_K_ARGS,                  \
      "the argument is larger than its fields imply (appended data unknown to this revision)",      \
      "The argument is larger than its type implies. Like records, arguments may carry data a "     \
      "newer writer appended; this revision does not know what it holds.",                          \
      "size the argument to what its type needs (an int32 is 1 word)",                              \
      FXT__MAGIC_W "0000000000100064 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000021 0000000000000000")                                                          \
    X(52, E, ARG_OVERRUN, "arg-overrun", "Arguments", 0, FXT_RA, FXT_K_ARGS,                        \
      "arguments must lie inside their record",                                                     \
      "By their sizes, the record's arguments run past the end of the record.",                     \
      "make the record's size cover all its arguments",                                             \
      FXT__MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000024")                                                                           \
    X(53, E, ARG_RESERVED_BITS, "arg-reserved-bits", "Argument header", 0, FXT_RA, FXT_K_ARGS,      \
      "bits of an argument header that its type does not use must be zero: [32..63] (null, "        \
      "64-bit, double, pointer, koid) or [48..63] (string)",                                        \
      "Bits of the argument header that the argument's type does not use must be zero: "            \
      "[32..63] for null, 64-bit integer, double, pointer and koid arguments, [48..63] for "        \
      "string arguments (bits [32..47] hold the value's string ref). 32-bit integer and "           \
      "boolean arguments use all of [32..63].",                                                     \
      "clear the bits of the argument header that its type does not use",                           \
      FXT__MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "           \
      "8000000000000010")                                                                           \
    X(54, E, BOOL_VALUE_INVALID, "bool-value-invalid",                                              \
      "Boolean argument (argument type = 9)", 0, FXT_RCUR, FXT_K_ARGS,                              \
      "a boolean argument's value (bits [32..63]) must be 0 or 1",                                  \
      "A boolean argument's value fills bits [32..63] of its header: 0 (false) or 1 (true), "       \
      "nothing else.",                                                                              \
      "write 0 or 1 as a boolean's value",                                                          \
      FXT__MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000200000019")                                                                           \
    /* tool limits (not spec rules, but never silent) */                                            \
    X(55, W, TRACKING_LIMIT, "tracking-limit", "Archives", 0, FXT_RA, FXT_K_ANY | FXT_K_INPUT,      \
      "a capacity limit of the validator (providers, threads, open async operations or flows) "     \
      "stopped some checks: the trace is not fully checked",                                        \
      "Not a trace defect: the trace has more providers, threads, or async operations or flows "    \
      "open at once than the validator's limits allow, so the checks the issue names were not "     \
      "done from there on. The trace is not fully checked: it does not pass as conforming "         \
      "(fxt-validate exits 3 when it finds no error).",                                             \
      "raise the limit the issue names (fxt-validate --max-providers, --max-threads, "              \
      "--max-async, --max-flows; fxt_options max_providers, max_threads, max_async, max_flows)",    \
      NULL)                                                                                         \
    /* sequencing, added later (numbers are never reused) */                                        \
    X(56, W, DUPLICATE_BEGIN, "duplicate-begin",                                                    \
      "Async begin event (event type = 5)", 0, FXT_RA, FXT_K_EVENT,                                 \
      "an async or flow begin should not reuse an id that is still open (each begin needs its "     \
      "own end)",                                                                                   \
      "An async or flow begin reuses a correlation id that is still open in the same scope. "       \
      "Every begin needs its own end: begin(7), begin(7), end(7) leaves one begin open.",           \
      "end the open async or flow of the id before beginning it again, or use a new id",            \
      FXT__MAGIC_W "0000000000050054 0000000000000000 0000000000000001 0000000000000002 "           \
      "0000000000000007 "                                                                           \
      "0000000000050054 0000000000000000 0000000000000001 0000000000000002 "                        \
      "0000000000000007 "                                                                           \
      "0000000000070054 0000000000000001 0000000000000001 0000000000000002 "                        \
      "0000000000000007 "                                                                           \
      "0000000000070054 0000000000000001 0000000000000001 0000000000000002 "                        \
      "0000000000000007")                                                                           \
    /* providers, added later */                                                                    \
    X(57, W, PROVIDER_RESTARTED, "provider-restarted",                                              \
      "Provider info metadata (metadata type = 1)", 0, FXT_RA, FXT_K_META,                          \
      "a provider info record for a provider already introduced starts it afresh: its string "      \
      "and thread tables are emptied",                                                              \
      "A provider info record for a provider already introduced starts that provider afresh, "      \
      "as Fuchsia's reference reader does: its string and thread tables are emptied, so refs "      \
      "to what it registered before are unregistered from there on. Switching back to a "           \
      "provider is what a provider section record is for.",                                         \
      "introduce each provider once, and switch back to it with a provider section record "         \
      "(metadata type 2)",                                                                          \
      FXT__MAGIC_W "0000000000110010 0000000000110010")
/* clang-format on */

#endif /* FXT_FORMAT_RULE_TABLE_H */
