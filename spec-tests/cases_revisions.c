/* SPDX-License-Identifier: MIT */
/*
 * cases_revisions.c - the differences between the revisions of the spec
 * (../shared/spec/REVISIONS.md, NOTES.md "Revisions"), each shown by one
 * input run under r1, r2, r3 and current (and auto, whose per-revision
 * verdicts must agree). Words are worked out by hand from each revision's
 * own text: revisions/r1-oldest.md, revisions/r2.md,
 * revisions/r3-complete-bilingual.md and trace-format.md.
 *
 * The inputs start without a magic record: it is metadata type 4, which r1
 * and r2 do not define (an error there), while r3 and current warn that it
 * is missing (W0012 at offset 0, reported at the end).
 *
 * TAGS name the differences of the layout table each case shows
 * (spec_layout_guard requires one for each): "<type mask>-<value>" for a
 * type value one revision defines and the next does not, "event_kind-N" for
 * an event number whose meaning changes, "blob_size", "has_priorities",
 * "has_magic", "numbering".
 */
#include "spec_cases.h"

/* The preamble without magic, 7 words (the next record is at offset 56):
 *   @0  string: size 2, index 1, len 3 | "cat"
 *   @16 string: size 2, index 2, len 4 | "name"
 *   @32 thread: size 3, index 1 | pid 0x1234 | tid 0x5678        */
#define PRE_NM                                                            \
    0x0000000300010022, 0x0000000000746163,                               \
    0x0000000400020022, 0x00000000656D616E,                               \
    0x0000000000010033, 0x0000000000001234, 0x0000000000005678

/* event headers: size 3, thread 1, cat 1, name 2, 0 args, event type N
 * (the word after the timestamp is the correlation id, or in r3 and
 * current for N = 4 the end time) */
#define EV3_4  0x0002000101040034
#define EV3_5  0x0002000101050034
#define EV3_6  0x0002000101060034
#define EV3_7  0x0002000101070034
#define EV3_8  0x0002000101080034
#define EV3_9  0x0002000101090034
#define EV3_10 0x00020001010A0034

#define NO_MAGIC ISSUE(MAGIC_MISSING, 0)
#define R12 (RV(SR_R1) | RV(SR_R2))
#define R123 (RV(SR_R1) | RV(SR_R2) | RV(SR_R3))
#define AUTO RV(SR_AUTO)

const spec_case spec_cases_revisions[] = {

/* ===================== Every issue, in every revision ==================== */
/* Two errors that every revision has: both must reach the caller under
 * each revision (a single-revision run reports everything it finds). */
{ .name = "rev-every-issue-delivered", .suite = S_INIT, REVS(REVS_ALL),
  .tags = "x-every-issue-delivered",
  WORDS(0x0000000000010021, /* @0 init: size 2, bit 16 */
        0x000000003B9ACA00,
        0x0000000000010021, /* @16 init: size 2, bit 16 */
        0x000000003B9ACA00),
  IN_R1(ISSUE(INIT_RESERVED_BITS, 0), ISSUE(INIT_RESERVED_BITS, 16)),
  IN_R2(ISSUE(INIT_RESERVED_BITS, 0), ISSUE(INIT_RESERVED_BITS, 16)),
  IN_R3(ISSUE(INIT_RESERVED_BITS, 0), ISSUE(INIT_RESERVED_BITS, 16), NO_MAGIC),
  IN_CUR(ISSUE(INIT_RESERVED_BITS, 0), ISSUE(INIT_RESERVED_BITS, 16), NO_MAGIC) },

/* ===================== Byte order (recognised by the magic record) ====== */
{ .name = "rev-big-endian-magic", .suite = S_MAGIC, REVS(REVS_ALL), .big_endian = 1,
  /* r1/r2 read the word little-endian: 0x1000044678541600 is a metadata
   * record of 0x160 words, far past the end of the input */
  .tags = "has_magic",
  BYTES(0x00, 0x16, 0x54, 0x78, 0x46, 0x04, 0x00, 0x10 /* @0 magic, big-endian */),
  IN_R1(ISSUE(TRUNCATED, 0)), IN_R2(ISSUE(TRUNCATED, 0)) },

/* ===================== Type values at each revision's edges ============== */
/* The highest value a revision defines is read, the lowest it does not is
 * an error, in every revision (what the layout table's rows must agree with). */
{ .name = "rev-edge-record-type-9-log", .suite = S_LOG, REVS(REVS_ALL),
  .tags = "x-edge-record-type-9",
  WORDS(PRE_NM, 0x0000000100050039 /* @56 log: size 3, len 5, thread 1 */, 0x00000000000003E8,
        0x0000006F6C6C6568 /* "hello" */),
  IN_R3(NO_MAGIC), IN_CUR(NO_MAGIC) },
{ .name = "rev-edge-record-type-10", .suite = S_RECORD_HEADER, REVS(REVS_ALL),
  .tags = "x-edge-record-type-10",
  WORDS(0x000000000000001A /* @0 type 10, size 1 */),
  IN_R1(ISSUE(RECORD_TYPE_UNKNOWN, 0)), IN_R2(ISSUE(RECORD_TYPE_UNKNOWN, 0)),
  IN_R3(ISSUE(RECORD_TYPE_UNKNOWN, 0), NO_MAGIC), IN_CUR(ISSUE(RECORD_TYPE_UNKNOWN, 0), NO_MAGIC) },
{ .name = "rev-edge-metadata-type-0-and-section", .suite = S_METADATA, REVS(REVS_ALL),
  .tags = "x-edge-metadata-types",
  WORDS(0x0040000000110020, 0x00000000766F7270, /* @0 provider info: provider 1, "prov" */
        0x0000000000120010, /* @16 provider section: provider 1 (the highest type r1 defines) */
        0x0000000000000010  /* @24 metadata: size 1, meta type 0 */),
  IN_R1(ISSUE(METADATA_TYPE_UNKNOWN, 24)), IN_R2(ISSUE(METADATA_TYPE_UNKNOWN, 24)),
  IN_R3(ISSUE(METADATA_TYPE_UNKNOWN, 24), NO_MAGIC),
  IN_CUR(ISSUE(METADATA_TYPE_UNKNOWN, 24), NO_MAGIC) },
{ .name = "rev-edge-trace-info-type-1", .suite = S_METADATA, REVS(REVS_ALL),
  .tags = "metadata_types-4",
  WORDS(0x0000000000140010 /* @0 metadata: size 1, meta type 4, trace info type 1 */),
  IN_R1(ISSUE(METADATA_TYPE_UNKNOWN, 0)), IN_R2(ISSUE(METADATA_TYPE_UNKNOWN, 0)),
  IN_R3(ISSUE(TRACE_INFO_TYPE_UNKNOWN, 0), NO_MAGIC),
  IN_CUR(ISSUE(TRACE_INFO_TYPE_UNKNOWN, 0), NO_MAGIC) },
{ .name = "rev-edge-event-type-11", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "x-edge-event-type-11",
  WORDS(PRE_NM, 0x00020001010B0024 /* @56 event: size 2, et 11 */, 0x0000000000000001),
  IN_R1(ISSUE(EVENT_TYPE_UNKNOWN, 56)), IN_R2(ISSUE(EVENT_TYPE_UNKNOWN, 56)),
  IN_R3(ISSUE(EVENT_TYPE_UNKNOWN, 56), NO_MAGIC), IN_CUR(ISSUE(EVENT_TYPE_UNKNOWN, 56), NO_MAGIC) },
{ .name = "rev-edge-arg-type-8-koid", .suite = S_ARGUMENTS, REVS(REVS_ALL),
  .tags = "x-edge-arg-type-8",
  WORDS(PRE_NM,
        0x0002000101100044, /* @56 event: size 4, et 0, 1 arg */
        0x0000000000000001,
        0x0000000000020028, /* arg koid: size 2, name 2 */
        0x0000000000001234),
  IN_R3(NO_MAGIC), IN_CUR(NO_MAGIC) },
{ .name = "rev-edge-large-type-1", .suite = S_LARGE_HEADER, REVS(REVS_ALL),
  .tags = "record_types-15",
  WORDS(0x000000100000001F /* @0 type 15, size 1, large type 1 */),
  IN_R1(ISSUE(RECORD_TYPE_UNKNOWN, 0)), IN_R2(ISSUE(RECORD_TYPE_UNKNOWN, 0)),
  IN_R3(ISSUE(LARGE_RECORD_TYPE_UNKNOWN, 0), NO_MAGIC),
  IN_CUR(ISSUE(LARGE_RECORD_TYPE_UNKNOWN, 0), NO_MAGIC) },
{ .name = "rev-edge-large-blob-format-2", .suite = S_LARGE_BLOB, REVS(REVS_ALL),
  .tags = "record_types-15",
  WORDS(0x000002000000001F /* @0 type 15, size 1, large type 0, format 2 */),
  IN_R1(ISSUE(RECORD_TYPE_UNKNOWN, 0)), IN_R2(ISSUE(RECORD_TYPE_UNKNOWN, 0)),
  IN_R3(ISSUE(LARGE_BLOB_FORMAT_UNKNOWN, 0), NO_MAGIC),
  IN_CUR(ISSUE(LARGE_BLOB_FORMAT_UNKNOWN, 0), NO_MAGIC) },
{ .name = "rev-edge-blob-type-0", .suite = S_BLOB, REVS(REVS_ALL),
  .tags = "x-edge-blob-type-0",
  WORDS(PRE_NM, 0x0000000300020025 /* @56 blob: size 2, name 2, payload 3, type 0 */, 0x0000000000030201),
  IN_R1(ISSUE(BLOB_TYPE_UNKNOWN, 56)), IN_R2(ISSUE(BLOB_TYPE_UNKNOWN, 56)),
  IN_R3(ISSUE(BLOB_TYPE_UNKNOWN, 56), NO_MAGIC), IN_CUR(ISSUE(BLOB_TYPE_UNKNOWN, 56), NO_MAGIC) },

/* ===================== Context switch reserved bits per revision ========= */
/* legacy layout: size 4, cpu 1, out state 3, out thread 1, in thread 0
 * (inline: ts, pid, tid follow); one bit of [44..63] set at a time */
{ .name = "rev-context-switch-bit-44", .suite = S_SCHEDULING, REVS(REVS_ALL),
  .tags = "has_priorities",
  WORDS(PRE_NM, 0x0000100013010048 /* @56 out priority 1 (bit 44) */, 0x00000000000003E8,
        0x0000000000001234, 0x0000000000009ABC),
  IN_R1(ISSUE(SCHEDULING_RESERVED_BITS, 56)), IN_R2(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R3(NO_MAGIC), IN_CUR(NO_MAGIC) },
{ .name = "rev-context-switch-bit-59", .suite = S_SCHEDULING, REVS(REVS_ALL),
  .tags = "has_priorities",
  WORDS(PRE_NM, 0x0800000013010048 /* @56 in priority 0x80 (bit 59) */, 0x00000000000003E8,
        0x0000000000001234, 0x0000000000009ABC),
  IN_R1(ISSUE(SCHEDULING_RESERVED_BITS, 56)), IN_R2(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R3(NO_MAGIC), IN_CUR(NO_MAGIC) },
{ .name = "rev-context-switch-bit-63", .suite = S_SCHEDULING, REVS(REVS_ALL),
  .tags = "sched_types-0",
  WORDS(PRE_NM, 0x8000000013010048 /* @56 bit 63: reserved, or scheduling subtype 8 */,
        0x00000000000003E8, 0x0000000000001234, 0x0000000000009ABC),
  IN_R1(ISSUE(SCHEDULING_RESERVED_BITS, 56)), IN_R2(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R3(ISSUE(SCHEDULING_RESERVED_BITS, 56), NO_MAGIC),
  IN_CUR(ISSUE(SCHEDULING_TYPE_UNKNOWN, 56), NO_MAGIC) },
{ .name = "rev-context-switch-threads-0x81", .suite = S_SCHEDULING, REVS(REVS_ALL),
  /* thread refs 0x81 ([28..35] and [36..43]: bits 35 and 43 next to the
   * reserved or priority bits) registered, thread 1 not */
  .tags = "x-context-switch-threads-0x81",
  WORDS(0x0000000000810033, 0x0000000000001234, 0x0000000000005678, /* @0 thread: index 0x81 */
        0x0000081813010028, /* @24 sched: size 2, cpu 1, out state 3, out 0x81, in 0x81 */
        0x00000000000003E8),
  IN_R3(NO_MAGIC), IN_CUR(NO_MAGIC) },

/* ===================== Event numbering (r1/r2 vs r3/current) ============ */
/* r1/r2: 4 = async begin, 5 = async instant, 6 = async end, 7 = flow begin,
 * 8 = flow step, 9 = flow end. r3/current: 4 = duration complete (its word
 * after the timestamp is the end time), 5..10 = async begin .. flow end. */
{ .name = "rev-event-4-async-begin-or-duration-complete", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_kind-4 numbering",
  WORDS(PRE_NM,
        EV3_4,              /* @56 event type 4 */
        0x00000000000007D0, /* ts 2000 */
        0x00000000000003E8  /* @72 r1/r2: async id 1000; r3/current: end time 1000 */),
  IN_R1(ISSUE(ASYNC_BEGIN_UNENDED, 56)),
  IN_R2(ISSUE(ASYNC_BEGIN_UNENDED, 56)),
  IN_R3(ISSUE_AT(DURATION_COMPLETE_NEGATIVE, 56, 72), NO_MAGIC),
  IN_CUR(ISSUE_AT(DURATION_COMPLETE_NEGATIVE, 56, 72), NO_MAGIC) },
{ .name = "rev-event-4-then-6", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_kind-4 event_kind-6",
  WORDS(PRE_NM,
        EV3_4, 0x0000000000000001, 0x0000000000000007, /* @56 r1/r2: async begin 7; r3: complete, end 7 */
        EV3_6, 0x0000000000000002, 0x0000000000000007  /* @80 r1/r2: async end 7; r3: async instant 7 */),
  /* R1: no issue */
  /* R2: no issue */
  IN_R3(ISSUE(ASYNC_UNMATCHED, 80), NO_MAGIC),
  IN_CUR(ISSUE(ASYNC_UNMATCHED, 80), NO_MAGIC) },
{ .name = "rev-event-5-async-instant-or-begin", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_kind-5",
  WORDS(PRE_NM, EV3_5, 0x0000000000000001, 0x0000000000000007 /* @56 id 7 */),
  IN_R1(ISSUE(ASYNC_UNMATCHED, 56)),
  IN_R2(ISSUE(ASYNC_UNMATCHED, 56)),
  IN_R3(ISSUE(ASYNC_BEGIN_UNENDED, 56), NO_MAGIC),
  IN_CUR(ISSUE(ASYNC_BEGIN_UNENDED, 56), NO_MAGIC) },
{ .name = "rev-event-5-then-6", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_kind-5 event_kind-6",
  WORDS(PRE_NM,
        EV3_5, 0x0000000000000001, 0x0000000000000007, /* @56 r1/r2: async instant; r3: async begin */
        EV3_6, 0x0000000000000002, 0x0000000000000007  /* @80 r1/r2: async end; r3: async instant */),
  IN_R1(ISSUE(ASYNC_UNMATCHED, 56), ISSUE(ASYNC_UNMATCHED, 80)),
  IN_R2(ISSUE(ASYNC_UNMATCHED, 56), ISSUE(ASYNC_UNMATCHED, 80)),
  IN_R3(ISSUE(ASYNC_BEGIN_UNENDED, 56), NO_MAGIC),
  IN_CUR(ISSUE(ASYNC_BEGIN_UNENDED, 56), NO_MAGIC) },
{ .name = "rev-event-7-flow-begin-or-async-end", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_kind-7",
  WORDS(PRE_NM, EV3_7, 0x0000000000000001, 0x0000000000000009 /* @56 id 9 */),
  IN_R1(ISSUE(FLOW_BEGIN_UNENDED, 56)),
  IN_R2(ISSUE(FLOW_BEGIN_UNENDED, 56)),
  IN_R3(ISSUE(ASYNC_UNMATCHED, 56), NO_MAGIC),
  IN_CUR(ISSUE(ASYNC_UNMATCHED, 56), NO_MAGIC) },
{ .name = "rev-event-8-flow-step-or-begin", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_kind-8",
  WORDS(PRE_NM, EV3_8, 0x0000000000000001, 0x0000000000000009 /* @56 id 9 */),
  IN_R1(ISSUE(FLOW_UNMATCHED, 56)),
  IN_R2(ISSUE(FLOW_UNMATCHED, 56)),
  IN_R3(ISSUE(FLOW_BEGIN_UNENDED, 56), NO_MAGIC),
  IN_CUR(ISSUE(FLOW_BEGIN_UNENDED, 56), NO_MAGIC) },
{ .name = "rev-event-8-then-9", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_kind-8 event_kind-9",
  WORDS(PRE_NM,
        EV3_8, 0x0000000000000001, 0x0000000000000009, /* @56 r1/r2: flow step; r3: flow begin */
        EV3_9, 0x0000000000000002, 0x0000000000000009  /* @80 r1/r2: flow end; r3: flow step */),
  IN_R1(ISSUE(FLOW_UNMATCHED, 56), ISSUE(FLOW_UNMATCHED, 80)),
  IN_R2(ISSUE(FLOW_UNMATCHED, 56), ISSUE(FLOW_UNMATCHED, 80)),
  IN_R3(ISSUE(FLOW_BEGIN_UNENDED, 56), NO_MAGIC),
  IN_CUR(ISSUE(FLOW_BEGIN_UNENDED, 56), NO_MAGIC) },
{ .name = "rev-event-10-undefined-or-flow-end", .suite = S_EVENT, REVS(REVS_ALL),
  .tags = "event_types-10 event_kind-10",
  WORDS(PRE_NM, EV3_10, 0x0000000000000001, 0x0000000000000009 /* @56 id 9 */),
  IN_R1(ISSUE(EVENT_TYPE_UNKNOWN, 56)),
  IN_R2(ISSUE(EVENT_TYPE_UNKNOWN, 56)),
  IN_R3(ISSUE(FLOW_UNMATCHED, 56), NO_MAGIC),
  IN_CUR(ISSUE(FLOW_UNMATCHED, 56), NO_MAGIC) },

/* ===================== Blob record ====================================== */
/* r1: payload size [32..47]; r2 on: [32..46], bit 47 reserved. With bit 47
 * the r1 size is at least 32768 bytes, more than a record of at most 4095
 * words can hold. */
{ .name = "rev-blob-bit-47-size-or-reserved", .suite = S_BLOB, REVS(REVS_ALL),
  .tags = "blob_size",
  WORDS(PRE_NM,
        0x0001800300020025, /* @56 blob: size 2, name 2, payload [32..46] 3, bit 47, type 1 */
        0x0000000000030201),
  IN_R1(ISSUE(RECORD_TOO_SMALL, 56)), /* payload 0x8003 bytes */
  IN_R2(ISSUE(BLOB_RESERVED_BITS, 56)),
  IN_R3(ISSUE(BLOB_RESERVED_BITS, 56), NO_MAGIC),
  IN_CUR(ISSUE(BLOB_RESERVED_BITS, 56), NO_MAGIC) },
{ .name = "rev-blob-type-2", .suite = S_BLOB, REVS(REVS_ALL),
  .tags = "blob_types-2",
  WORDS(PRE_NM, 0x0002000800020025 /* @56 blob: size 2, name 2, payload 8, type 2 */, 0x0807060504030201),
  IN_R1(ISSUE(BLOB_TYPE_UNKNOWN, 56)),
  IN_R2(ISSUE(BLOB_TYPE_UNKNOWN, 56)),
  IN_R3(NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-blob-type-3", .suite = S_BLOB, REVS(REVS_ALL),
  .tags = "blob_types-3",
  WORDS(PRE_NM, 0x0003000300020025 /* @56 blob: size 2, name 2, payload 3, type 3 */, 0x0000000000030201),
  IN_R1(ISSUE(BLOB_TYPE_UNKNOWN, 56)),
  IN_R2(ISSUE(BLOB_TYPE_UNKNOWN, 56)),
  IN_R3(ISSUE(BLOB_TYPE_UNKNOWN, 56), NO_MAGIC),
  IN_CUR(NO_MAGIC) },

/* ===================== Metadata: provider event (type 3, r2 on) ========= */
{ .name = "rev-provider-event", .suite = S_METADATA, REVS(REVS_ALL),
  .tags = "metadata_types-3",
  WORDS(0x0040000000110020, /* @0 provider info: size 2, provider 1, name len 4 */
        0x00000000766F7270, /* "prov" */
        0x0000000000130010  /* @16 provider event: size 1, provider 1, event 0 */),
  IN_R1(ISSUE(METADATA_TYPE_UNKNOWN, 16)),
  /* R2: no issue */
  IN_R3(NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-provider-event-id-1", .suite = S_METADATA, REVS(REVS_ALL),
  .tags = "metadata_types-3",
  WORDS(0x0040000000110020, 0x00000000766F7270,
        0x0010000000130010  /* @16 provider event: size 1, provider 1, event 1 */),
  IN_R1(ISSUE(METADATA_TYPE_UNKNOWN, 16)),
  IN_R2(ISSUE(PROVIDER_EVENT_UNKNOWN, 16)),
  IN_R3(ISSUE(PROVIDER_EVENT_UNKNOWN, 16), NO_MAGIC),
  IN_CUR(ISSUE(PROVIDER_EVENT_UNKNOWN, 16), NO_MAGIC) },

/* ===================== Magic number record (trace info, r3 on) ========== */
{ .name = "rev-magic-record", .suite = S_MAGIC, REVS(REVS_ALL),
  .tags = "metadata_types-4 trace_info_types-0 has_magic",
  WORDS(MAGIC /* @0 */, INIT /* @8 */),
  IN_R1(ISSUE(METADATA_TYPE_UNKNOWN, 0)),
  IN_R2(ISSUE(METADATA_TYPE_UNKNOWN, 0)),
  /* R3: no issue */
  /* CUR: no issue */ },
{ .name = "rev-magic-missing", .suite = S_MAGIC, REVS(REVS_ALL),
  .tags = "has_magic",
  WORDS(INIT /* @0 */),
  /* R1: no issue */
  /* R2: no issue */
  IN_R3(NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-magic-not-first", .suite = S_MAGIC, REVS(REVS_ALL),
  .tags = "has_magic metadata_types-4",
  WORDS(INIT /* @0 */, MAGIC /* @16 */),
  IN_R1(ISSUE(METADATA_TYPE_UNKNOWN, 16)),
  IN_R2(ISSUE(METADATA_TYPE_UNKNOWN, 16)),
  IN_R3(ISSUE(MAGIC_NOT_FIRST, 16)),
  IN_CUR(ISSUE(MAGIC_NOT_FIRST, 16)) },
{ .name = "rev-magic-reserved-bit-56", .suite = S_MAGIC, REVS(REVS_ALL),
  .tags = "has_magic",
  WORDS(0x0116547846040010 /* @0 magic + bit 56 */, INIT),
  IN_R1(ISSUE(METADATA_TYPE_UNKNOWN, 0)),
  IN_R2(ISSUE(METADATA_TYPE_UNKNOWN, 0)),
  IN_R3(ISSUE(MAGIC_RESERVED_BITS, 0)),
  IN_CUR(ISSUE(MAGIC_RESERVED_BITS, 0)) },

/* ===================== Large records (type 15, r3 on) =================== */
/* In r1/r2 the header is an ordinary one: size [4..15] = 4 or 5 here, so
 * the record is skipped whole either way. */
{ .name = "rev-large-blob-format-1", .suite = S_LARGE_BLOB, REVS(REVS_ALL),
  .tags = "record_types-15 large_types-0 large_blob_formats-1",
  WORDS(PRE_NM,
        0x000001000000004F, /* @56 large: size 4, large type 0, format 1 */
        0x0000000000020001, /* format header: cat 1, name 2 */
        0x0000000000000003, /* blob size 3 */
        0x0000000000030201),
  IN_R1(ISSUE(RECORD_TYPE_UNKNOWN, 56)),
  IN_R2(ISSUE(RECORD_TYPE_UNKNOWN, 56)),
  IN_R3(NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-large-blob-format-0", .suite = S_LARGE_BLOB, REVS(REVS_ALL),
  .tags = "record_types-15 large_types-0 large_blob_formats-0",
  WORDS(PRE_NM,
        0x000000000000005F, /* @56 large: size 5, large type 0, format 0 */
        0x0000001000020001, /* format header: cat 1, name 2, 0 args, thread 1 */
        0x00000000000003E8, /* ts */
        0x0000000000000003, /* blob size 3 */
        0x0000000000030201),
  IN_R1(ISSUE(RECORD_TYPE_UNKNOWN, 56)),
  IN_R2(ISSUE(RECORD_TYPE_UNKNOWN, 56)),
  IN_R3(NO_MAGIC),
  IN_CUR(NO_MAGIC) },

/* ===================== Boolean argument (type 9, current) =============== */
{ .name = "rev-arg-bool", .suite = S_ARGUMENTS, REVS(REVS_ALL),
  .tags = "arg_types-9",
  WORDS(PRE_NM,
        0x0002000101100034, /* @56 event: size 3, et 0, 1 arg, thread 1, cat 1, name 2 */
        0x0000000000000001,
        0x0000000100020019  /* @72 arg type 9: size 1, name 2, value 1 */),
  IN_R1(ISSUE_AT(ARG_TYPE_UNKNOWN, 56, 72)),
  IN_R2(ISSUE_AT(ARG_TYPE_UNKNOWN, 56, 72)),
  IN_R3(ISSUE_AT(ARG_TYPE_UNKNOWN, 56, 72), NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-arg-bool-value-2", .suite = S_ARGUMENTS, REVS(REVS_ALL),
  .tags = "arg_types-9",
  WORDS(PRE_NM,
        0x0002000101100034, /* @56 event: size 3, et 0, 1 arg */
        0x0000000000000001,
        0x0000000200020019  /* @72 arg type 9: size 1, name 2, value 2 */),
  IN_R1(ISSUE_AT(ARG_TYPE_UNKNOWN, 56, 72)),
  IN_R2(ISSUE_AT(ARG_TYPE_UNKNOWN, 56, 72)),
  IN_R3(ISSUE_AT(ARG_TYPE_UNKNOWN, 56, 72), NO_MAGIC),
  IN_CUR(ISSUE_AT(BOOL_VALUE_INVALID, 56, 72), NO_MAGIC) },

/* ===================== Context switch / scheduling record =============== */
/* r1/r2: cpu [16..23], state [24..27], out thread [28..35], in thread
 * [36..43], [44..63] reserved. r3: priorities [44..51], [52..59], [60..63]
 * reserved. current: [60..63] is the scheduling subtype (0 = the r3 layout). */
{ .name = "rev-context-switch-priorities", .suite = S_SCHEDULING, REVS(REVS_ALL),
  .tags = "has_priorities",
  WORDS(PRE_NM,
        0x00A1400013010048, /* @56 sched: size 4, cpu 1, out state 3, out thread 1, in thread 0,
                               out prio 20, in prio 10, [60..63] 0 */
        0x00000000000003E8, /* ts */
        0x0000000000001234, /* incoming pid */
        0x0000000000009ABC  /* incoming tid */),
  IN_R1(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R2(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R3(NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-scheduling-subtype-1-context-switch", .suite = S_SCHEDULING, REVS(REVS_ALL),
  /* current: context switch, 0 args, cpu 3, state 1, ts, out tid, in tid.
   * r1..r3 read: cpu 0x30, state 0, out thread 0 (inline: pid 0x5678,
   * tid 0x9abc), in thread 1, and bit 60 set in the reserved bits. */
  .tags = "sched_types-0 sched_types-1", /* subtypes exist: [60..63] is read (0 = the r3 layout) */
  WORDS(PRE_NM,
        0x1000001000300048, /* @56 sched: size 4, subtype 1, cpu 3, state 1 */
        0x00000000000003E8, /* ts */
        0x0000000000005678, /* outgoing tid */
        0x0000000000009ABC  /* incoming tid */),
  IN_R1(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R2(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R3(ISSUE(SCHEDULING_RESERVED_BITS, 56), NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-scheduling-subtype-2-thread-wakeup", .suite = S_SCHEDULING, REVS(REVS_ALL),
  /* current: thread wakeup, 3 args, cpu 1, ts, waking tid, 3 null args.
   * r1..r3 read: cpu 0x13, state 0, both threads inline (4 koid words),
   * and bit 61 set in the reserved bits. */
  .tags = "sched_types-2",
  WORDS(PRE_NM,
        0x2000000000130068, /* @56 sched: size 6, subtype 2, 3 args, cpu 1 */
        0x00000000000003E8, /* ts */
        0x0000000000005678, /* waking tid */
        0x0000000000020010, 0x0000000000020010, 0x0000000000020010 /* arg null: size 1, name 2 */),
  IN_R1(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R2(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R3(ISSUE(SCHEDULING_RESERVED_BITS, 56), NO_MAGIC),
  IN_CUR(NO_MAGIC) },
{ .name = "rev-scheduling-subtype-3", .suite = S_SCHEDULING, REVS(REVS_ALL),
  .tags = "x-scheduling-subtype-3",
  WORDS(PRE_NM,
        0x3000000000000068, /* @56 sched: size 6, [60..63] = 3; r1..r3: both threads inline */
        0x00000000000003E8,
        0x0000000000001234, 0x0000000000005678, 0x0000000000001234, 0x0000000000009ABC),
  IN_R1(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R2(ISSUE(SCHEDULING_RESERVED_BITS, 56)),
  IN_R3(ISSUE(SCHEDULING_RESERVED_BITS, 56), NO_MAGIC),
  IN_CUR(ISSUE(SCHEDULING_TYPE_UNKNOWN, 56), NO_MAGIC) },
};

const size_t spec_cases_revisions_count = sizeof spec_cases_revisions / sizeof spec_cases_revisions[0];
