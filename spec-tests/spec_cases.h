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
#include "fxt/validate.h" /* API only: FXT_OPT_*; no format.h macros are used */

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

#define SPEC_MAX_EXPECT 24

/** One expected issue: rule and the byte offset of the record it is about. */
typedef struct spec_expect {
    fxt_rule rule;
    uint64_t offset;
} spec_expect;

/**
 * One case. The input is, in this order: WORDS (little-endian), then a
 * stream of FILL_LEN bytes of FILL_BYTE padded with zeros to 8 bytes, then
 * TAIL words (little-endian). Or, when BYTES is set, exactly those bytes.
 * EXPECT lists every issue the validator must report (FXT_R_NONE ends the
 * list; an empty list means "no issue at all").
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
#define ISSUE(r, off) {FXT_R_##r, (uint64_t)(off)}
#define ALLOW_UNKNOWN .flags = FXT_OPT_ALLOW_UNKNOWN

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

#endif /* SPEC_CASES_H */
