/* SPDX-License-Identifier: MIT */
/*
 * cases_reserved.c - every reserved range of every record, word and
 * argument type of the current revision (trace-format.md), each run with
 * its lowest bit, its highest bit and all its bits set (see RSV in
 * spec_cases.h). The records around each range hold values at the edges of
 * the neighbouring fields (their lowest and highest bits set), and a later
 * record refers to what the record defines, so a reserved range that grew
 * into a neighbour, or a neighbour read too narrow, shows up as an issue on
 * a record that is fine. Every word is a hand-made literal.
 */
#include "spec_cases.h"

/* thread: size 3, index 0x81 (bits 16 and 23) | pid 0x1234 | tid 0x5678 */
#define THREAD_81 0x0000000000810033, 0x0000000000001234, 0x0000000000005678
/* string 1 "cat", string 2 "name" (4 words) */
#define STRINGS_1_2 0x0000000300010022, 0x0000000000746163, 0x0000000400020022, 0x00000000656D616E
/* event: size 2, et 0, thread 0x81, cat 0, name 0 | ts: refers to thread 0x81 */
#define EV_THREAD_81 0x0000000081000024, 0x0000000000000001
/* event: size 2, et 0, thread 1, cat 1, name 2 | ts (after PRE) */
#define EV_PRE 0x0002000101000024, 0x0000000000000001
/* 9 null arguments: size 1, name 2 (argument count 9 = bits 0 and 3 of a 4-bit count) */
#define NINE_NULL_ARGS                                                              \
    0x0000000000020010, 0x0000000000020010, 0x0000000000020010, 0x0000000000020010, \
        0x0000000000020010, 0x0000000000020010, 0x0000000000020010, 0x0000000000020010, \
        0x0000000000020010

const spec_case spec_cases_reserved[] = {

/* ===================== Magic number record: [56..63] ===================== */
{ .name = "rsv-magic-56-63", .suite = S_MAGIC,
  WORDS(0x0016547846040010, /* @0 magic: the magic number field [24..55] right below */
        INIT),
  RSV(0, 0xFF00000000000000, MAGIC_RESERVED_BITS, 0) },

/* ===================== Metadata ========================================== */
{ .name = "rsv-provider-info-60-63", .suite = S_METADATA,
  /* provider id 0x80000001 ([20..51]: bits 20 and 51), name length 0x81 ([52..59]: bits 52, 59) */
  WORDS(MAGIC,
        0x0818000000110120 /* @8 provider info: size 18, provider 0x80000001, name len 129 */),
  .fill_len = 129, .fill_byte = 'p', /* 17 words */
  TAIL(0x0008000000120010 /* @152 provider section: provider 0x80000001 (introduced) */),
  RSV(1, 0xF000000000000000, METADATA_RESERVED_BITS, 8) },
{ .name = "rsv-provider-section-52-63", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0008000000110010, /* @8 provider info: size 1, provider 0x80000001, name len 0 */
        0x0008000000120010  /* @16 provider section: provider 0x80000001 */),
  RSV(2, 0xFFF0000000000000, METADATA_RESERVED_BITS, 16) },
{ .name = "rsv-provider-event-56-63", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0008000000130010 /* @8 provider event: size 1, provider 0x80000001, event 0 [52..55] */,
        INIT),
  RSV(1, 0xFF00000000000000, METADATA_RESERVED_BITS, 8) },

/* ===================== Initialization: [16..63] ========================== */
{ .name = "rsv-init-16-63", .suite = S_INIT,
  WORDS(MAGIC,
        0x0000000000000021, /* @8 init: size 2 */
        0x000000003B9ACA00,
        0x0000000000000021, /* @24 init: size 2 (read where the size says) */
        0x0000000000000001),
  RSV(1, 0xFFFFFFFFFFFF0000, INIT_RESERVED_BITS, 8) },

/* ===================== String record: [31], [47], [48..63] =============== */
/* index 0x4001 ([16..30]: bits 16, 30), length 0x4001 ([32..46]: bits 32, 46) */
#define RSV_STRING(nm, mask)                                                        \
  { .name = nm, .suite = S_STRING,                                                 \
    WORDS(MAGIC,                                                                   \
          0x0000400140018022 /* @8 string: size 2050, index 0x4001, len 16385 */), \
    .fill_len = 16385, .fill_byte = 'a',                                           \
    TAIL(0x4001400100000044, /* @16408 event: size 4, et 0, thread 0, cat and name 0x4001 */ \
         0x0000000000000001, 0x0000000000001234, 0x0000000000005678),             \
    RSV(1, mask, STRING_RECORD_RESERVED_BITS, 8) }
RSV_STRING("rsv-string-31", 0x0000000080000000),
RSV_STRING("rsv-string-47", 0x0000800000000000),
RSV_STRING("rsv-string-48-63", 0xFFFF000000000000),

/* ===================== Thread record: [24..63] =========================== */
{ .name = "rsv-thread-24-63", .suite = S_THREAD,
  WORDS(MAGIC, THREAD_81 /* @8 */, EV_THREAD_81 /* @32 */),
  RSV(1, 0xFFFFFFFFFF000000, THREAD_RECORD_RESERVED_BITS, 8) },

/* ===================== BLOB record: [47], [56..63] ======================= */
/* payload size 0x4001 ([32..46]: bits 32, 46), blob type 1 (bit 48) */
#define RSV_BLOB(nm, mask)                                                          \
  { .name = nm, .suite = S_BLOB,                                                   \
    WORDS(PRE, 0x0001400100028025 /* @64 blob: size 2050, name 2, payload 16385, type 1 */), \
    .fill_len = 16385, .fill_byte = 0xB1,                                          \
    TAIL(EV_PRE /* @16464 */),                                                     \
    RSV(8, mask, BLOB_RESERVED_BITS, 64) }
RSV_BLOB("rsv-blob-47", 0x0000800000000000),
RSV_BLOB("rsv-blob-56-63", 0xFF00000000000000),

/* ===================== Userspace object: [44..63] ======================== */
{ .name = "rsv-userspace-44-63", .suite = S_USERSPACE,
  /* name 0x8001 inline ([24..39]: bits 24, 39), argument count 9 ([40..43]: bits 40, 43) */
  WORDS(PRE,
        0x00000980010100C6, /* @64 userspace: size 12, process 1, name 0x8001, 9 args */
        0x00007FFF12345678, /* pointer */
        0x000000000000006F, /* "o" */
        NINE_NULL_ARGS,
        EV_PRE              /* @160 */),
  RSV(8, 0xFFFFF00000000000, USERSPACE_RESERVED_BITS, 64) },

/* ===================== Kernel object: [44..63] =========================== */
{ .name = "rsv-kernel-object-44-63", .suite = S_KERNEL_OBJECT,
  /* obj type 0x81 ([16..23]), name 0x8001 inline, argument count 9 */
  WORDS(PRE,
        0x00000980018100C7, /* @64 kernel object: size 12, obj type 0x81, name 0x8001, 9 args */
        0x0000000000005678, /* koid */
        0x000000000000006B, /* "k" */
        NINE_NULL_ARGS,
        EV_PRE              /* @160 */),
  RSV(8, 0xFFFFF00000000000, KERNEL_OBJECT_RESERVED_BITS, 64) },

/* ===================== Scheduling: context switch [40..59] =============== */
{ .name = "rsv-context-switch-40-59", .suite = S_SCHEDULING,
  /* 9 args ([16..19]), cpu 0x8001 ([20..35]: bits 20, 35), state 9 ([36..39]: bits 36, 39;
   * undefined: a warning), type 1 ([60..63]) */
  WORDS(PRE,
        0x10000098001900D8, /* @64 sched: size 13, 9 args, cpu 0x8001, state 9, type 1 */
        0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC,
        NINE_NULL_ARGS,
        EV_PRE              /* @168 */),
  EXPECT(ISSUE(CONTEXT_SWITCH_STATE_UNKNOWN, 64)),
  RSV(8, 0x0FFFFF0000000000, SCHEDULING_RESERVED_BITS, 64) },
{ .name = "rsv-thread-wakeup-36-59", .suite = S_SCHEDULING,
  WORDS(PRE,
        0x20000008001900C8, /* @64 sched: size 12, 9 args, cpu 0x8001, type 2 */
        0x00000000000003E8, 0x0000000000005678,
        NINE_NULL_ARGS,
        EV_PRE              /* @160 */),
  RSV(8, 0x0FFFFFF000000000, SCHEDULING_RESERVED_BITS, 64) },

/* ===================== Log record: [31], [40..63] ======================== */
/* length 0x4001 ([16..30]: bits 16, 30), thread 0x81 ([32..39]: bits 32, 39) */
#define RSV_LOG(nm, mask)                                                           \
  { .name = nm, .suite = S_LOG,                                                    \
    WORDS(MAGIC, THREAD_81,                                                        \
          0x0000008140018039, /* @32 log: size 2051, len 16385, thread 0x81 */     \
          0x00000000000003E8),                                                     \
    .fill_len = 16385, .fill_byte = 'l',                                           \
    TAIL(EV_THREAD_81 /* @16440 */),                                               \
    RSV(4, mask, LOG_RESERVED_BITS, 32) }
RSV_LOG("rsv-log-31", 0x0000000080000000),
RSV_LOG("rsv-log-40-63", 0xFFFFFF0000000000),

/* ===================== Large BLOB record ================================= */
{ .name = "rsv-large-blob-header-44-63", .suite = S_LARGE_BLOB,
  WORDS(PRE,
        0x000001000000004F, /* @64 large: size 4, large type 0, format 1 ([40..43]) */
        0x0000000000020001, /* format header: cat 1, name 2 */
        0x0000000000000003, /* blob size 3 */
        0x0000000000030201,
        EV_PRE              /* @96 */),
  RSV(8, 0xFFFFF00000000000, LARGE_BLOB_RESERVED_BITS, 64) },
{ .name = "rsv-large-blob-format-0-44-63", .suite = S_LARGE_BLOB,
  /* argument count 9 ([32..35]: bits 32, 35), thread 0x81 ([36..43]: bits 36, 43) */
  /* thread 0x81 registered, thread 1 not */
  WORDS(MAGIC, STRINGS_1_2 /* @8 */, THREAD_81 /* @40 */,
        0x00000000000000EF, /* @64 large: size 14, large type 0, format 0 */
        0x0000081900020001, /* @72 format header: cat 1, name 2, 9 args, thread 0x81 */
        0x00000000000003E8, /* ts */
        NINE_NULL_ARGS,
        0x0000000000000003, /* blob size 3 */
        0x0000000000030201,
        EV_THREAD_81        /* @176 */),
  RSV(9, 0xFFFFF00000000000, LARGE_BLOB_RESERVED_BITS, 64) },
{ .name = "rsv-large-blob-format-1-32-63", .suite = S_LARGE_BLOB,
  /* name 0x8001 inline ([16..31]: bits 16, 31) */
  WORDS(PRE,
        0x000001000000005F, /* @64 large: size 5, large type 0, format 1 */
        0x0000000080010001, /* @72 format header: cat 1, name 0x8001 */
        0x0000000000000062, /* "b" */
        0x0000000000000003, /* blob size 3 */
        0x0000000000030201,
        EV_PRE              /* @104 */),
  RSV(9, 0xFFFFFFFF00000000, LARGE_BLOB_RESERVED_BITS, 64) },

/* ===================== Arguments ========================================= */
/* name 0x8001 inline ([16..31]: bits 16, 31); "k" stream; then the value */
{ .name = "rsv-arg-null-32-63", .suite = S_ARGUMENTS,
  WORDS(PRE,
        0x0002000101100044, /* @64 event: size 4, et 0, 1 arg, thread 1, cat 1, name 2 */
        0x0000000000000001,
        0x0000000080010020, /* @80 arg null: size 2, name 0x8001 */
        0x000000000000006B, /* "k" */
        EV_PRE              /* @96 */),
  RSV(10, 0xFFFFFFFF00000000, ARG_RESERVED_BITS, 64) },
#define RSV_ARG64(nm, hdr)                                                          \
  { .name = nm, .suite = S_ARGUMENTS,                                              \
    WORDS(PRE,                                                                     \
          0x0002000101100054, /* @64 event: size 5, et 0, 1 arg */                 \
          0x0000000000000001,                                                      \
          hdr,                /* @80 */                                            \
          0x000000000000006B, /* "k" */                                            \
          0x8000000000000001, /* value: bits 0 and 63 */                           \
          EV_PRE              /* @104 */),                                         \
    RSV(10, 0xFFFFFFFF00000000, ARG_RESERVED_BITS, 64) }
RSV_ARG64("rsv-arg-int64-32-63", 0x0000000080010033 /* arg int64: size 3, name 0x8001 */),
RSV_ARG64("rsv-arg-uint64-32-63", 0x0000000080010034 /* arg uint64: size 3, name 0x8001 */),
RSV_ARG64("rsv-arg-double-32-63", 0x0000000080010035 /* arg double: size 3, name 0x8001 */),
RSV_ARG64("rsv-arg-pointer-32-63", 0x0000000080010037 /* arg pointer: size 3, name 0x8001 */),
RSV_ARG64("rsv-arg-koid-32-63", 0x0000000080010038 /* arg koid: size 3, name 0x8001 */),
{ .name = "rsv-arg-string-48-63", .suite = S_ARGUMENTS,
  /* value 0x8001 inline ([32..47]: bits 32, 47) */
  WORDS(PRE,
        0x0002000101100054, /* @64 event: size 5, et 0, 1 arg */
        0x0000000000000001,
        0x0000800180010036, /* @80 arg string: size 3, name 0x8001, value 0x8001 */
        0x000000000000006B, /* "k" */
        0x0000000000000076, /* "v" */
        EV_PRE              /* @104 */),
  RSV(10, 0xFFFF000000000000, ARG_RESERVED_BITS, 64) },
};

const size_t spec_cases_reserved_count = sizeof spec_cases_reserved / sizeof spec_cases_reserved[0];
