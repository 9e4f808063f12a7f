/* SPDX-License-Identifier: MIT */
/*
 * rules_help.c - the catalogue's help: for every rule what it means, how to
 * fix it and a minimal trace that breaks it (fxt/rules.h), the anchor of
 * its section in the published spec, and the help formatted as text or
 * Markdown. fxt-validate --explain-rule, docs/RULES.md (fxt-rules-doc) and
 * SARIF's rule help all read it from here.
 *
 * The examples are hand-written little-endian words (the magic record
 * first where the rule allows); fxt-validate's tests run the validator on
 * each and check that it reports exactly that rule.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/format.h"
#include "fxt/layout.h"
#include "fxt/rule_help.h"
#include "fxt/rules.h"
#include "fxt/word.h"
#include "hints.h"

#define MAGIC_W "0016547846040010 "

/* One entry per rule, in catalogue order; H(ENUM, ...) must name every
 * rule of FXT_RULES once (checked at compile time below). */
#define FXT_RULE_HELP(H)                                                                          \
    H(EMPTY_INPUT,                                                                                \
      "The input holds no bytes. A trace is a sequence of records, so an empty file is almost "  \
      "always a failed or interrupted capture, and a CI gate must not pass it.",                 \
      "write at least the magic number record (one word)", "")                                   \
    H(TRUNCATED,                                                                                  \
      "The input ends inside a record: the last record's size field claims more words than "     \
      "the input holds, or the input's length is not a multiple of 8 bytes. Readers drop the "   \
      "last record or fail; usually the writer was stopped or the file was cut.",                \
      "write every record completely (an initialization record is two words), or cut the file " \
      "at a record boundary",                                                                     \
      MAGIC_W "0000000000000021")                                                                 \
    H(RECORD_SIZE_ZERO,                                                                           \
      "A record header's size field is 0. Sizes count 64-bit words including the header, so no " \
      "record is smaller than 1: a reader cannot find the next record, and validation of the "   \
      "file stops there.",                                                                        \
      "set the size field to the record's length in words, header included",                    \
      MAGIC_W "0000000000000001")                                                                 \
    H(RECORD_TOO_SMALL,                                                                           \
      "The size field is smaller than the content the header's fields imply (stream lengths, "   \
      "inline string and thread refs, argument sizes). A reader that trusts the fields reads "   \
      "into the next record; one that trusts the size misses data.",                             \
      "size the record for all its content: here a 5-byte string needs 2 words",                \
      MAGIC_W "0000000500010012")                                                                 \
    H(RECORD_SIZE_EXTRA,                                                                          \
      "The record is larger than its fields imply. The spec lets writers append new "            \
      "information to records, and readers skip it by the size; this revision does not know "    \
      "what the extra words hold.",                                                               \
      "drop the extra words, or set the size to what the fields imply",                          \
      MAGIC_W "0000000000000031 000000003b9aca00 0000000000000000")                               \
    H(RECORD_TYPE_UNKNOWN,                                                                        \
      "The record type (header bits [0..3]) is not one the revision defines (docs/RULES.md "     \
      "lists them per revision). A reader does not know the record's layout and can only skip "  \
      "it by its size.",                                                                          \
      "use a record type the revision defines (or --allow-unknown to accept extensions)",       \
      MAGIC_W "000000000000001a")                                                                 \
    H(PADDING_NONZERO,                                                                            \
      "Streams (strings, names, messages, blob payloads) are padded with zero bytes to the next " \
      "8-byte boundary. Non-zero padding usually means a wrong length field or stale memory "    \
      "written out.",                                                                             \
      "zero the bytes after the string up to the next word boundary",                            \
      MAGIC_W "0000000100010022 000000000000ff61")                                                \
    H(UTF8_INVALID,                                                                               \
      "String content must be UTF-8. This string holds a byte sequence that is not: a byte "     \
      "that never occurs in UTF-8, an overlong form, a surrogate, a code point above U+10FFFF, " \
      "or a sequence cut by the end of the string.",                                              \
      "write strings as UTF-8 (convert Latin-1 and the like before writing)",                    \
      MAGIC_W "0000000100010022 00000000000000ff")                                                \
    H(STRING_TOO_LONG,                                                                            \
      "The spec sets a conservative limit of 32000 bytes on strings. Longer strings still "      \
      "encode, but readers may refuse or cut them.",                                              \
      "keep strings to 32000 bytes (split or truncate longer ones)",                              \
      MAGIC_W "00007d010001fa22 4001*0000000000000000")                                           \
    H(STRING_REF_UNREGISTERED,                                                                    \
      "An indexed string ref names an index that no string record of the current provider "      \
      "registered before this record, so a reader has no text for it. String tables are per "   \
      "provider, and a repeated provider info record empties its provider's table.",            \
      "write a string record for the index before the first record that uses it (in the same "   \
      "provider)",                                                                                \
      MAGIC_W "0001000000000044 0000000000000000 0000000000000001 0000000000000002")              \
    H(THREAD_REF_UNREGISTERED,                                                                    \
      "An indexed thread ref names an index that no thread record of the current provider "      \
      "registered before this record, so a reader has no process and thread koids for it.",     \
      "write a thread record for the index before the first record that uses it",                \
      MAGIC_W "0000000001000024 0000000000000000")                                                \
    H(MAGIC_MISSING,                                                                              \
      "From r3 on a trace starts with the magic number record (the word 0x0016547846040010). "   \
      "Without it a reader cannot recognise the input as FXT or tell its byte order.",           \
      "start the trace with the magic number record 0x0016547846040010",                         \
      "0000000000000021 000000003b9aca00")                                                        \
    H(MAGIC_NOT_FIRST,                                                                            \
      "The magic number record is there, but not at offset 0, where readers look for it.",       \
      "move the magic number record to offset 0",                                                \
      "0000000000000021 000000003b9aca00 0016547846040010")                                       \
    H(MAGIC_BAD_NUMBER,                                                                           \
      "A trace info record of type 0 (magic number) carries 0x16547846 (\"FxT\" and a version "  \
      "byte) in bits [24..55]; this one carries another value, so readers do not take the "      \
      "input for FXT.",                                                                           \
      "write the magic number 0x16547846 in bits [24..55]", "0016547847040010")                  \
    H(MAGIC_BAD_SIZE,                                                                             \
      "The magic number record is exactly one word; its size field says otherwise.",             \
      "give the magic record size 1", "0016547846040020 0000000000000000")                        \
    H(MAGIC_RESERVED_BITS,                                                                        \
      "Bits [56..63] of the magic number record are reserved and must be zero.",                 \
      "clear bits [56..63] of the magic record", "0116547846040010")                              \
    H(METADATA_TYPE_UNKNOWN,                                                                      \
      "The metadata type (bits [16..19]) is not one the revision defines: 1 provider info, 2 "   \
      "provider section, 3 provider event (from r2 on), 4 trace info (from r3 on).",             \
      "use a metadata type the revision defines", MAGIC_W "0000000000050010")                     \
    H(METADATA_RESERVED_BITS,                                                                     \
      "Bits that a metadata record's format leaves unused must be zero, so that later "          \
      "revisions can give them a meaning.",                                                       \
      "clear the reserved bits of the metadata record", MAGIC_W "1000000000110010")              \
    H(PROVIDER_EVENT_UNKNOWN,                                                                     \
      "A provider event record carries an event id other than 0 (buffer full), the only one "    \
      "defined: readers do not know what it reports.",                                            \
      "use provider event id 0 (buffer full), the only one defined",                             \
      MAGIC_W "0000000000110010 0010000000130010")                                                \
    H(PROVIDER_SECTION_UNKNOWN,                                                                   \
      "A provider section record switches to a provider that no provider info record "           \
      "introduced: a reader has no name and no string or thread tables for it (the validator "   \
      "starts an empty context).",                                                                \
      "write a provider info record for the provider before its section",                        \
      MAGIC_W "0000000000520010")                                                                 \
    H(TRACE_INFO_TYPE_UNKNOWN,                                                                    \
      "The trace info type (bits [20..23] of a trace info metadata record) is not one the "      \
      "revision defines: 0, the magic number record, is the only one.",                          \
      "use a trace info type the revision defines", MAGIC_W "0000000000140010")                   \
    H(INIT_RESERVED_BITS,                                                                         \
      "The initialization record's header uses only the record type and size fields; bits "      \
      "[16..63] are reserved and must be zero.",                                                  \
      "clear bits [16..63] of the initialization record header",                                 \
      MAGIC_W "0000000000010021 000000003b9aca00")                                                \
    H(INIT_ZERO_TICKS,                                                                            \
      "The initialization record gives the number of timestamp ticks per second; with 0 no "     \
      "timestamp of the trace can be converted to time (importers have crashed on it).",         \
      "write the clock's real tick rate (e.g. 1000000000 for nanoseconds)",                      \
      MAGIC_W "0000000000000021 0000000000000000")                                                \
    H(STRING_RECORD_RESERVED_BITS,                                                                \
      "A string record's header holds the index in bits [16..30] and the length in [32..46]; "   \
      "bits 31, 47 and [48..63] are reserved and must be zero.",                                 \
      "clear the reserved bits of the string record header",                                     \
      MAGIC_W "8000000100010022 0000000000000061")                                                \
    H(STRING_INDEX_ZERO,                                                                          \
      "String index 0 stands for the empty string and cannot be registered: readers ignore a "   \
      "string record for index 0, so its text is lost.",                                         \
      "use string indexes from 1; index 0 means the empty string",                               \
      MAGIC_W "0000000100000022 0000000000000061")                                                \
    H(STRING_EMPTY,                                                                               \
      "A string record registers an empty string. String ref 0 already stands for the empty "    \
      "string; the record only takes space.",                                                     \
      "do not register empty strings: refer to them with string ref 0",                          \
      MAGIC_W "0000000000010012")                                                                 \
    H(THREAD_RECORD_RESERVED_BITS,                                                                \
      "A thread record's header holds the index in bits [16..23]; bits [24..63] are reserved "   \
      "and must be zero.",                                                                        \
      "clear bits [24..63] of the thread record header",                                         \
      MAGIC_W "8000000000010033 0000000000000001 0000000000000002")                               \
    H(THREAD_INDEX_ZERO,                                                                          \
      "Thread ref 0 stands for inline koids and cannot be registered: readers ignore a thread "  \
      "record for index 0.",                                                                      \
      "use thread indexes from 1; thread ref 0 means inline koids",                              \
      MAGIC_W "0000000000000033 0000000000000001 0000000000000002")                               \
    H(EVENT_TYPE_UNKNOWN,                                                                         \
      "The event type (bits [16..19] of an event record) is not one the revision defines; event " \
      "types 4 to 9 also mean different events before and after r3 (docs/RULES.md).",           \
      "use an event type the revision defines",                                                   \
      MAGIC_W "00000000000b0044 0000000000000000 0000000000000001 0000000000000002")              \
    H(DURATION_END_UNMATCHED,                                                                     \
      "A duration end event on a thread that has no open duration begin. Durations nest per "    \
      "thread (its process and thread koids): this end closes nothing, often because the trace " \
      "starts after the begin or records were lost.",                                            \
      "write the duration begin before its end, on the same thread",                             \
      MAGIC_W "0000000000030044 0000000000000000 0000000000000001 0000000000000002")              \
    H(DURATION_BEGIN_UNENDED,                                                                     \
      "A duration begin that no duration end on its thread closed before the trace ended; "      \
      "viewers draw it to the end of the trace.",                                                 \
      "write a duration end for every begin (or use a duration complete event)",                 \
      MAGIC_W "0000000000020044 0000000000000000 0000000000000001 0000000000000002")              \
    H(DURATION_COMPLETE_NEGATIVE,                                                                 \
      "A duration complete event whose end time is earlier than its start time.",                \
      "write an end time at or after the start time",                                           \
      MAGIC_W "0000000000040054 000000000000000a 0000000000000001 0000000000000002 "              \
              "0000000000000005")                                                                 \
    H(ASYNC_UNMATCHED,                                                                            \
      "An async instant or end event whose correlation id has no open async begin in the same "  \
      "provider and process (an instant after the end counts too).",                            \
      "write the async begin of the id before its instants and end",                             \
      MAGIC_W "0000000000070054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000007")                                                                 \
    H(ASYNC_BEGIN_UNENDED,                                                                        \
      "An async begin that no async end of the same correlation id closed before the trace "     \
      "ended.",                                                                                   \
      "write an async end for every async begin",                                                \
      MAGIC_W "0000000000050054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000007")                                                                 \
    H(FLOW_UNMATCHED,                                                                             \
      "A flow step or end whose id has no open flow begin. Flows link work across threads, "     \
      "processes and providers, so they are matched by id across the whole trace.",             \
      "write the flow begin of the id before its steps and end",                                 \
      MAGIC_W "00000000000a0054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000007")                                                                 \
    H(FLOW_BEGIN_UNENDED,                                                                         \
      "A flow begin that no flow end of the same id closed before the trace ended.",             \
      "write a flow end for every flow begin",                                                   \
      MAGIC_W "0000000000080054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000007")                                                                 \
    H(BLOB_RESERVED_BITS,                                                                         \
      "Reserved bits of a blob record header must be zero. From r2 on bit 47 is reserved; in r1 " \
      "it is the top bit of the payload size.",                                                   \
      "clear the reserved bits of the blob header", MAGIC_W "8001000000000015")                   \
    H(BLOB_TYPE_UNKNOWN,                                                                          \
      "The blob type (bits [48..55]) is not one the revision defines (docs/RULES.md lists them " \
      "per revision); a reader does not know what the payload holds.",                          \
      "use a blob type the revision defines", MAGIC_W "00ff000000000015")                         \
    H(LARGE_RECORD_TYPE_UNKNOWN,                                                                  \
      "A large record (record type 15) carries its large record type in bits [36..39]; 0, the "  \
      "large blob, is the only one defined.",                                                     \
      "use large record type 0 (large blob), the only one defined",                              \
      MAGIC_W "000000100000001f")                                                                 \
    H(LARGE_BLOB_FORMAT_UNKNOWN,                                                                  \
      "A large blob's format (bits [40..43]) is 0 (in band, with metadata) or 1 (in band, no "   \
      "metadata); other values are not defined.",                                                 \
      "use large blob format 0 or 1", MAGIC_W "000002000000001f")                                 \
    H(LARGE_BLOB_RESERVED_BITS,                                                                   \
      "Reserved bits of the large blob record's header word and of its format header word must " \
      "be zero.",                                                                                 \
      "clear the reserved bits of the large blob header and format header",                      \
      MAGIC_W "800001000000003f 0000000000000000 0000000000000000")                               \
    H(USERSPACE_RESERVED_BITS,                                                                    \
      "A userspace object record's header ends with the argument count in bits [40..43]; bits "  \
      "[44..63] are reserved and must be zero.",                                                  \
      "clear bits [44..63] of the userspace object record header",                               \
      MAGIC_W "8000000000000036 0000000000001000 0000000000000001")                               \
    H(KERNEL_OBJECT_RESERVED_BITS,                                                                \
      "A kernel object record's header ends with the argument count in bits [40..43]; bits "     \
      "[44..63] are reserved and must be zero.",                                                  \
      "clear bits [44..63] of the kernel object record header",                                  \
      MAGIC_W "8000000000000027 0000000000000001")                                                \
    H(SCHEDULING_TYPE_UNKNOWN,                                                                    \
      "In the current revision a scheduling record carries its type in bits [60..63]: 0 legacy " \
      "context switch, 1 context switch, 2 thread wakeup. Other values are not defined.",       \
      "use a scheduling record type the revision defines (0, 1 or 2)",                           \
      MAGIC_W "3000000000000018")                                                                 \
    H(SCHEDULING_RESERVED_BITS,                                                                   \
      "Reserved bits of a scheduling or context switch record header must be zero; which bits "  \
      "are reserved depends on the revision and the record type (r1 and r2 reserve the "         \
      "priority bits).",                                                                          \
      "clear the reserved bits of the scheduling record header",                                 \
      MAGIC_W "1000010000000048 0000000000000000 0000000000000001 0000000000000002")              \
    H(LEGACY_STATE_INVALID,                                                                       \
      "The outgoing thread state of a legacy context switch says what the thread that stops "    \
      "running does next: 0 new, 2 suspended, 3 blocked, 4 dying, 5 dead. 1 (running) cannot "   \
      "describe a thread that is switched out, and values above 5 are not defined.",            \
      "write the outgoing thread's state when it stopped running (0 or 2 to 5)",                 \
      MAGIC_W "0000000001000068 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000001 0000000000000003")                                                \
    H(CONTEXT_SWITCH_STATE_UNKNOWN,                                                               \
      "Thread states are defined from 0 to 5; a context switch record carries a higher one.",    \
      "use a thread state from 0 to 5",                                                           \
      MAGIC_W "1000006000000048 0000000000000000 0000000000000001 0000000000000002")              \
    H(LOG_RESERVED_BITS,                                                                          \
      "A log record's header holds the message length in bits [16..30] and the thread ref in "   \
      "[32..39]; bits 31 and [40..63] are reserved and must be zero.",                           \
      "clear bits 31 and [40..63] of the log record header",                                     \
      MAGIC_W "8000000000000049 0000000000000000 0000000000000001 0000000000000002")              \
    H(ARG_TYPE_UNKNOWN,                                                                           \
      "The argument type (bits [0..3] of the argument header) is not one the revision defines "  \
      "(0 to 8, and 9 boolean in the current revision). A reader can skip the argument by its "  \
      "size but not read it.",                                                                    \
      "use an argument type the revision defines",                                               \
      MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "              \
              "000000000000001f")                                                                 \
    H(ARG_TOO_SMALL,                                                                              \
      "The argument's size field is smaller than its header, inline name, inline value and "    \
      "value word need; a reader that trusts the fields reads into the next argument.",          \
      "size the argument for its header, name and value (a uint64 needs 2 words)",               \
      MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000014")                                                                 \
    H(ARG_SIZE_EXTRA,                                                                             \
      "The argument is larger than its type implies. Like records, arguments may carry data a "  \
      "newer writer appended; this revision does not know what it holds.",                      \
      "size the argument to what its type needs (an int32 is 1 word)",                           \
      MAGIC_W "0000000000100064 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000021 0000000000000000")                                                \
    H(ARG_OVERRUN,                                                                                \
      "By their sizes, the record's arguments run past the end of the record.",                  \
      "make the record's size cover all its arguments",                                          \
      MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000024")                                                                 \
    H(ARG_RESERVED_BITS,                                                                          \
      "Bits of the argument header that the argument's type does not use must be zero: "         \
      "[32..63] for null, 64-bit integer, double, pointer and koid arguments, [48..63] for "     \
      "string arguments (bits [32..47] hold the value's string ref). 32-bit integer and "        \
      "boolean arguments use all of [32..63].",                                                   \
      "clear the bits of the argument header that its type does not use",                       \
      MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "              \
              "8000000000000010")                                                                 \
    H(BOOL_VALUE_INVALID,                                                                         \
      "A boolean argument's value fills bits [32..63] of its header: 0 (false) or 1 (true), "    \
      "nothing else.",                                                                            \
      "write 0 or 1 as a boolean's value",                                                        \
      MAGIC_W "0000000000100054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000200000019")                                                                 \
    H(TRACKING_LIMIT,                                                                             \
      "Not a trace defect: the trace has more providers, threads, or async operations or flows " \
      "open at once than the validator's limits allow, so the checks the issue names were not "  \
      "done from there on. The trace is not fully checked: it does not pass as conforming "      \
      "(fxt-validate exits 3 when it finds no error).",                                           \
      "raise the limit the issue names (fxt-validate --max-providers, --max-threads, "           \
      "--max-async, --max-flows; fxt_options max_providers, max_threads, max_async, max_flows)", \
      NULL)                                                                                       \
    H(DUPLICATE_BEGIN,                                                                            \
      "An async or flow begin reuses a correlation id that is still open in the same scope. "    \
      "Every begin needs its own end: begin(7), begin(7), end(7) leaves one begin open.",        \
      "end the open async or flow of the id before beginning it again, or use a new id",         \
      MAGIC_W "0000000000050054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000007 "                                                                 \
              "0000000000050054 0000000000000000 0000000000000001 0000000000000002 "              \
              "0000000000000007 "                                                                 \
              "0000000000070054 0000000000000001 0000000000000001 0000000000000002 "              \
              "0000000000000007 "                                                                 \
              "0000000000070054 0000000000000001 0000000000000001 0000000000000002 "              \
              "0000000000000007")                                                                 \
    H(PROVIDER_RESTARTED,                                                                         \
      "A provider info record for a provider already introduced starts that provider afresh, "   \
      "as Fuchsia's reference reader does: its string and thread tables are emptied, so refs "   \
      "to what it registered before are unregistered from there on. Switching back to a "        \
      "provider is what a provider section record is for.",                                       \
      "introduce each provider once, and switch back to it with a provider section record "      \
      "(metadata type 2)",                                                                        \
      MAGIC_W "0000000000110010 0000000000110010")

/* Indexed by rule number. */
#define H(en, expl, fx, ex) [FXT_R_##en] = {FXT_R_##en, expl, fx, ex},
static const fxt_rule_help k_help[FXT_R_END_] = {FXT_RULE_HELP(H)};
#undef H

/* Every rule has exactly one entry: the same count, and the same set of
 * rule numbers (as two 64-bit masks: numbers below 128, as the ignore set). */
#define ONE(n) + 1
#define X(num, sev, en, nm, sec, fl, revs, kinds, msg) ONE(num)
#define H(en, expl, fx, ex) ONE(FXT_R_##en)
_Static_assert((0 FXT_RULES(X)) == (0 FXT_RULE_HELP(H)), "one help entry per rule");
#undef X
#undef H
#define LO(n) | ((n) < 64 ? 1ull << ((n) % 64) : 0)
#define HI(n) | ((n) >= 64 ? 1ull << ((n) % 64) : 0)
#define X(num, sev, en, nm, sec, fl, revs, kinds, msg) LO(num)
#define H(en, expl, fx, ex) LO(FXT_R_##en)
_Static_assert((0 FXT_RULES(X)) == (0 FXT_RULE_HELP(H)), "help for rules 1-63");
#undef X
#undef H
#define X(num, sev, en, nm, sec, fl, revs, kinds, msg) HI(num)
#define H(en, expl, fx, ex) HI(FXT_R_##en)
_Static_assert((0 FXT_RULES(X)) == (0 FXT_RULE_HELP(H)), "help for rules 64-127");
#undef X
#undef H
_Static_assert(FXT_R_END_ <= 128, "the masks above cover rule numbers below 128");

const fxt_rule_help *fxt_rule_help_get(fxt_rule r)
{
    if ((unsigned)r >= FXT_R_END_ || k_help[r].fix == NULL)
        return NULL;
    return &k_help[r];
}

size_t fxt_rule_example(const fxt_rule_help *h, void *out, size_t size)
{
    unsigned char *o = out;
    size_t n = 0;
    const char *p = h && h->example ? h->example : "";
    for (;;) {
        char *end;
        unsigned long rep = 1;
        uint64_t w = strtoull(p, &end, 16);
        if (end == p)
            break;
        if (*end == '*') { /* N*WORD: the count is decimal */
            rep = strtoul(p, NULL, 10);
            p = end + 1;
            w = strtoull(p, &end, 16);
        }
        for (unsigned long k = 0; k < rep; k++, n += 8)
            if (n + 8 <= size)
                fxt_store_le64(o + n, w);
        p = end;
    }
    return n;
}

/* ---- the spec's anchors ------------------------------------------------------ */

/* Anchors of the published spec's headings (fuchsia.dev renders the
 * explicit {#anchor} of trace-format.md). Headings without one link to the
 * section that holds them; "Record Types" has no explicit anchor and no
 * enclosing one: fuchsia.dev names it by its text (lower case, '_' for
 * spaces). A test checks every row against the spec's text. */
static const struct {
    const char *heading, *anchor;
} k_anchors[] = {
    {"Archives", "archives"},
    {"Records", "records"},
    {"Atoms", "atoms"},
    {"Record header", "record-header"},
    {"Extend the format", "extend-the-format"},
    {"Record Types", "record_types"},
    {"String references", "string-references"},
    {"Thread references", "thread-references"},
    {"Magic number record (trace info type = 0)", "magic-number-record"},
    {"Metadata record (record type = 0)", "metadata-record"},
    {"Provider info metadata (metadata type = 1)", "provider-info-metadata"},
    {"Provider event metadata (metadata type = 3)", "provider-event-metadata"},
    {"Provider section metadata (metadata type = 2)", "provider-section-metadata"},
    {"Trace info metadata (metadata type = 4)", "trace-info-metadata"},
    {"Initialization record (record type = 1)", "initialization-record"},
    {"String record (record type = 2)", "string-record"},
    {"Thread record (record type = 3)", "thread-record"},
    {"Event record (record type = 4)", "event-record"},
    {"Duration begin event (event type = 2)", "duration-begin-event"},
    {"Duration end event (event type = 3)", "duration-end-event"},
    {"Duration complete event (event type = 4)", "duration-complete-event"},
    {"Async begin event (event type = 5)", "async-begin-event"},
    {"Async instant Event (event type = 6)", "async-instant-event"},
    {"Flow begin event (event type = 8)", "flow-begin-event"},
    {"Flow step event (event type = 9)", "flow-step-event"},
    {"BLOB record (record type = 5)", "blob-record"},
    {"Large record header", "large-record-header"},
    {"Large BLOB record (record type = 15, large type = 0)", "large-blob-record"},
    {"Userspace object record (record type = 6)", "userspace-object-record"},
    {"Kernel object record (record type = 7)", "kernel-object-record"},
    {"Scheduling Record (record type = 8)", "scheduling-record"},
    {"Legacy Context Switch Record (context switch record type = 0)", "scheduling-record"},
    {"Context Switch Record (scheduling event record type = 1)", "scheduling-record"},
    {"Log record (record type = 9)", "log-record"},
    {"Argument types", "argument-types"},
    {"Argument header", "argument-header"},
    {"Arguments", "arguments"},
    {"Boolean argument (argument type = 9)", "boolean-argument"},
};

const char *fxt_rule_spec_anchor(fxt_rule r)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    for (size_t i = 0; ri && i < sizeof k_anchors / sizeof k_anchors[0]; i++)
        if (strcmp(k_anchors[i].heading, ri->section) == 0)
            return k_anchors[i].anchor;
    return NULL;
}

/* ---- formatted help ---------------------------------------------------------- */

/** Output into a caller's buffer, counting what did not fit. */
typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...) FXT__PRINTF(2, 3);
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->len < o->size ? o->buf + o->len : NULL,
                      o->len < o->size ? o->size - o->len : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

size_t fxt_rule_example_lines(const fxt_rule_help *h, fxt_example_line *lines, size_t max)
{
    size_t n = 0;        /* lines */
    uint64_t off = 0;    /* offset of the next word */
    uint64_t next = 0;   /* where the next record starts; UINT64_MAX after a size 0 */
    const char *p = h && h->example ? h->example : "";
    for (;;) {
        char *end;
        uint64_t rep = 1, w = strtoull(p, &end, 16);
        if (end == p)
            break;
        if (*end == '*') { /* N*WORD: the count is decimal */
            rep = strtoull(p, NULL, 10);
            p = end + 1;
            w = strtoull(p, &end, 16);
        }
        p = end;
        while (rep > 0) {
            /* a record header starts a line of its own */
            if (off == next) {
                uint64_t words = fxt_record_bytes(fxt_layout_get(FXT_REV_CURRENT), w) / 8;
                const fxt_word_desc *d = fxt_header_desc(FXT_REV_CURRENT, w);
                if (n < max)
                    lines[n] = (fxt_example_line){off, w, 1, d ? d->name : NULL};
                n++;
                next = words ? off + words * 8 : UINT64_MAX;
                off += 8, rep--;
                continue;
            }
            /* other words: runs of one word, up to the next record */
            uint64_t k = rep;
            if (next > off && (next - off) / 8 < k)
                k = (next - off) / 8;
            if (n > 0 && n <= max && lines[n - 1].label == NULL && lines[n - 1].word == w &&
                lines[n - 1].offset + 8 * lines[n - 1].count == off) {
                lines[n - 1].count += k;
            } else {
                if (n < max)
                    lines[n] = (fxt_example_line){off, w, k, NULL};
                n++;
            }
            off += 8 * k, rep -= k;
        }
    }
    return n;
}

size_t fxt_rule_help_format(fxt_rule r, int markdown, char *buf, size_t size)
{
    out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    const fxt_rule_info *ri = fxt_rule_get(r);
    const fxt_rule_help *h = fxt_rule_help_get(r);
    if (!ri || !h)
        return 0;
    const char *b = markdown ? "**" : "";
    /* the rule's demand as a sentence */
    put(&o, "%c%s.\n\n%s\n\n%sFix:%s %s.\n", ri->message[0] >= 'a' && ri->message[0] <= 'z'
                                                  ? ri->message[0] - 'a' + 'A'
                                                  : ri->message[0],
        ri->message + 1, h->explanation, b, b, h->fix);
    if (ri->flags & FXT_RF_UNKNOWN)
        put(&o, "\nAn undefined value: `fxt-validate --allow-unknown` reports it as a warning.\n");
    if (h->example) {
        fxt_example_line lines[32];
        size_t nl = fxt_rule_example_lines(h, lines, sizeof lines / sizeof lines[0]);
        const char *ind = markdown ? "" : "  ";
        put(&o, "\n%sMinimal example%s (little-endian 64-bit words, current revision)%s\n", b,
            b, markdown ? ":\n\n```text" : ":");
        if (nl == 0)
            put(&o, "%s(no bytes at all: an empty input)\n", ind);
        for (size_t i = 0; i < nl && i < sizeof lines / sizeof lines[0]; i++) {
            const fxt_example_line *l = &lines[i];
            put(&o, "%s0x%04llx: 0x%016llx", ind, (unsigned long long)l->offset,
                (unsigned long long)l->word);
            if (l->count > 1)
                put(&o, "  (%llu times, to 0x%llx)", (unsigned long long)l->count,
                    (unsigned long long)(l->offset + 8 * l->count - 1));
            if (l->label)
                put(&o, "  %s", l->label);
            put(&o, "\n");
        }
        if (markdown)
            put(&o, "```\n");
    }
    const char *anchor = fxt_rule_spec_anchor(r);
    if (markdown)
        put(&o, "\n**Spec:** [%s](%s%s%s)", ri->section, FXT_SPEC_URL, anchor ? "#" : "",
            anchor ? anchor : "");
    else
        put(&o, "\nSpec: %s (%s%s%s)", ri->section, FXT_SPEC_URL, anchor ? "#" : "",
            anchor ? anchor : "");
    /* older revisions' headings where they differ */
    const char *sep = "; in ";
    for (unsigned v = 0; v < FXT_REV_CURRENT; v++) {
        const char *s = fxt_rule_section(r, (fxt_revision)v);
        if (s && strcmp(s, ri->section) != 0) {
            put(&o, "%s%s: \"%s\"", sep, fxt_revision_name((fxt_revision)v), s);
            sep = ", ";
        }
    }
    put(&o, ".\n");
    return o.len;
}
