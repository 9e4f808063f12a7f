/* SPDX-License-Identifier: MIT */
/*
 * spec_cases.h - the data of the spec conformance tests.
 *
 * INDEPENDENT ANCHORS: every input below is made of literal 64-bit words
 * (or literal bytes) worked out by hand from ../shared/spec/trace-format.md,
 * each with a comment giving its fields. Nothing here uses fxt/format.h or
 * the encoder: a wrong constant there must not be able to make these tests
 * pass. Words are stored little-endian by an explicit shift loop in
 * spec_main.c; big-endian inputs are given as literal bytes.
 *
 * Field notation in the comments follows the spec: "event: size 2, et 0,
 * thread 1, cat 1, name 2" means record type 4, size field 2, event type 0,
 * thread ref 1, category string ref 1, name string ref 2. A string ref
 * "0x8003" is inline with length 3.
 */
#ifndef SPEC_CASES_H
#define SPEC_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "fxt/rules.h"
#include "fxt/fxt.h" /* the validating API only: no format.h, layout.h or record.h */

/** One Check suite per spec section. */
enum spec_suite {
    S_RECORD_HEADER,
    S_LARGE_HEADER,
    S_METADATA,
    S_MAGIC,
    S_INIT,
    S_STRING,
    S_THREAD,
    S_EVENT,
    S_BLOB,
    S_USERSPACE,
    S_KERNEL_OBJECT,
    S_SCHEDULING,
    S_LOG,
    S_LARGE_BLOB,
    S_ARGUMENTS,
    S_ATOMS,
    S_ARCHIVES,
    S_COUNT_
};

#define SPEC_MAX_EXPECT 40
#define SPEC_MAX_REV_EXPECT 8

/**
 * One expected issue: rule, the byte offset of the record it is about, and
 * the byte offset of the field at fault (worked out by hand: the header word
 * for header fields and size rules, the argument's header word, the first
 * wrong byte of a stream...). RULE_NAME names a rule by its catalogue name
 * instead, for a rule this build may not have yet (see ISSUE_NEW).
 */
typedef struct spec_expect {
    fxt_rule rule;
    uint64_t offset;
    uint64_t field;
    const char *rule_name;
} spec_expect;

/** The revisions of the spec, as the spec-tests number them (independent
 *  of fxt/layout.h; spec_main.c maps them to the API's values). */
enum spec_rev { SR_R1, SR_R2, SR_R3, SR_CUR, SR_COUNT, SR_AUTO = SR_COUNT };
#define RV(r) (1u << (r))
#define REVS_ALL (RV(SR_R1) | RV(SR_R2) | RV(SR_R3) | RV(SR_CUR))

/**
 * One case. The input is, in this order: WORDS (little-endian), then a
 * stream of FILL_LEN bytes of FILL_BYTE padded with zeros to 8 bytes, then
 * TAIL words (little-endian). Or, when BYTES is set, exactly those bytes.
 *
 * Plain cases run under the current revision and EXPECT lists every issue
 * the validator must report (an empty list means "no issue at all").
 *
 * Revision cases (REVS set) run the same bytes under each revision in REVS
 * and expect REXP[r] there (in report order: the first error listed is the
 * verdict's first error), plus once with revision auto, whose per-revision
 * verdicts and issues must agree with REXP. TAGS names the differences
 * between revisions the case shows (spec_layout_guard checks that every
 * difference of the layout table has one).
 *
 * Reserved-range cases (RSV set) run four times: as given (EXPECT), and with
 * the lowest, the highest and all bits of RSV_MASK set in word RSV_WORD,
 * each of which must add exactly one RSV_RULE issue at record RSV_REC whose
 * field is that word, and nothing else (the neighbouring fields, and what
 * later records refer to, still read right).
 *
 * PENDING (a mask of RV(r), RV(SR_AUTO); any bit for a plain case) marks
 * runs that fail today because the validator does not implement yet what
 * the spec says (WHY says what): they report "expected failure" without
 * failing the run, and fail as soon as they pass (remove the mark then).
 * PENDING_FIELD does the same for the field offsets only: rules and record
 * offsets are still checked.
 */
typedef struct spec_case {
    const char *name;
    enum spec_suite suite;
    const uint64_t *words;
    size_t nwords;
    size_t fill_len;
    uint8_t fill_byte;
    const uint64_t *tail;
    size_t ntail;
    const uint8_t *bytes;
    size_t nbytes;
    int input_given; /**< 1 for the empty input (no words, no bytes) */
    int big_endian;  /**< the validator must detect a big-endian trace */
    unsigned flags;  /**< FXT_OPT_* for this case */
    size_t max_async; /**< 0: default */
    size_t max_flows; /**< 0: default */
    size_t max_threads; /**< 0: default */
    size_t max_providers; /**< 0: default */
    spec_expect expect[SPEC_MAX_EXPECT];
    /* revision cases */
    unsigned revs;
    const char *tags;
    spec_expect rexp[SR_COUNT][SPEC_MAX_REV_EXPECT];
    /* reserved-range cases */
    int rsv;
    size_t rsv_word;
    uint64_t rsv_mask;
    fxt_rule rsv_rule;
    uint64_t rsv_rec;
    /** a fragment some issue's message must contain, for facts no rule or
     *  offset shows (the size of a record that runs past the end) */
    const char *msg_has;
    /* known failures */
    unsigned pending;
    unsigned pending_field;
    const char *why;
} spec_case;

#define WORDS(...)                                   \
    .words = (const uint64_t[]){__VA_ARGS__},        \
    .nwords = sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)
#define TAIL(...)                                    \
    .tail = (const uint64_t[]){__VA_ARGS__},         \
    .ntail = sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t)
#define BYTES(...)                                   \
    .bytes = (const uint8_t[]){__VA_ARGS__},         \
    .nbytes = sizeof((const uint8_t[]){__VA_ARGS__})
#define EXPECT(...) .expect = {__VA_ARGS__}
/* An issue whose field is the record's header word (record offset). */
#define ISSUE(r, off) {FXT_R_##r, (uint64_t)(off), (uint64_t)(off), NULL}
/* An issue whose field is elsewhere in the record. */
#define ISSUE_AT(r, off, fld) {FXT_R_##r, (uint64_t)(off), (uint64_t)(fld), NULL}
/* An issue of a rule named by its catalogue name (a rule being added). */
#define ISSUE_NEW(name, off, fld) {FXT_R_NONE, (uint64_t)(off), (uint64_t)(fld), name}
#define ALLOW_UNKNOWN .flags = FXT_OPT_ALLOW_UNKNOWN
/* Revision cases: the revisions run, and each one's issues. */
#define REVS(m) .revs = (m)
#define IN_R1(...) .rexp[SR_R1] = {__VA_ARGS__}
#define IN_R2(...) .rexp[SR_R2] = {__VA_ARGS__}
#define IN_R3(...) .rexp[SR_R3] = {__VA_ARGS__}
#define IN_CUR(...) .rexp[SR_CUR] = {__VA_ARGS__}
/* Reserved range MASK of word W (0-based index into WORDS) of the record
 * at REC: its violation is rule RULE with field offset 8 * W. */
#define RSV(w, mask, RULE, rec) \
    .rsv = 1, .rsv_word = (w), .rsv_mask = (mask), .rsv_rule = FXT_R_##RULE, .rsv_rec = (rec)
#define PENDING(mask, reason) .pending = (mask), .why = (reason)
#define PENDING_FIELD(reason) .pending_field = 1, .why = (reason)

/* Reasons of the known failures (issue 11 defect 4, issue 8 section 2). */
#define DEF1 "issue 11 defect 1: duplicate begin (W0056 duplicate-begin) not reported, and one begin of two left unended is not"
#define DEF2 "issue 11 defect 2: byte order recognised only from the exact swapped magic word"
#define DEF3 "issue 11 defect 3: W0032 skipped when the thread ref is unregistered"
#define DEF4 "issue 11 defect 4: a size rule's field is the record's size field (the header word), not the word past the record"
#define DEF4_ARG "issue 11 defect 4: an argument size rule's field is the argument header (its size field)"
#define DEF4_COUNT "issue 11 defect 4: the argument count that does not fit is in the header word, not past the record"
#define DEF4_W0032 "issue 11 defect 4: W0032's field is the end-time word"

/* ---- literal building blocks, worked out by hand ---------------------- */

/* metadata: type 0, size 1, meta type 4 (trace info), trace info type 0,
 * magic 0x16547846 in [24..55]: 0x0 | 1<<4 | 4<<16 | 0x16547846<<24.
 * The spec itself gives this value: 0x0016547846040010. */
#define MAGIC 0x0016547846040010

/* init: type 1, size 2 | ticks/s 1e9 */
#define INIT 0x0000000000000021, 0x000000003B9ACA00

/* The usual preamble, 8 words (the next record is at offset 64):
 *   @0  magic
 *   @8  string: size 2, index 1, len 3 | "cat"
 *   @24 string: size 2, index 2, len 4 | "name"
 *   @40 thread: size 3, index 1 | pid 0x1234 | tid 0x5678            */
#define PRE                                                              \
    MAGIC,                                                               \
    0x0000000300010022, /* string: type 2, size 2, index 1, len 3 */     \
    0x0000000000746163, /* "cat" 63 61 74 + 5 zero bytes */              \
    0x0000000400020022, /* string: type 2, size 2, index 2, len 4 */     \
    0x00000000656D616E, /* "name" 6e 61 6d 65 + 4 zero bytes */          \
    0x0000000000010033, /* thread: type 3, size 3, index 1 */            \
    0x0000000000001234, /* pid 0x1234 */                                 \
    0x0000000000005678  /* tid 0x5678 */

/* The case tables, one file per group of sections. */
extern const spec_case spec_cases_framing[];
extern const size_t spec_cases_framing_count;
extern const spec_case spec_cases_records[];
extern const size_t spec_cases_records_count;
extern const spec_case spec_cases_events[];
extern const size_t spec_cases_events_count;
extern const spec_case spec_cases_reserved[];
extern const size_t spec_cases_reserved_count;
extern const spec_case spec_cases_revisions[];
extern const size_t spec_cases_revisions_count;

/** Every case table, for the harness and the guards. */
typedef struct spec_table {
    const spec_case *cases;
    const size_t *count;
} spec_table;
extern const spec_table spec_tables[];
extern const size_t spec_table_count;

#endif /* SPEC_CASES_H */
