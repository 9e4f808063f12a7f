/* SPDX-License-Identifier: MIT */
/*
 * cases_records.c - Metadata & provider, Initialization, String, Thread,
 * Blob, Userspace object, Kernel object, Scheduling, Log and Large BLOB
 * record cases. Every word is a hand-made literal; see spec_cases.h.
 */
#include "spec_cases.h"

/* provider info: type 0, size 2, meta type 1, provider 1, name len 4 | "prov" */
#define PINFO1 0x0040000000110020, 0x00000000766F7270
/* provider info: type 0, size 1, meta type 1, provider 2, name len 0 */
#define PINFO2 0x0000000000210010
/* provider section: type 0, size 1, meta type 2, provider 1 / 2 */
#define PSECT1 0x0000000000120010
#define PSECT2 0x0000000000220010
/* event: size 4, et 0 instant, thread 0 (inline), cat 1, name 0 | ts | pid | tid */
#define EV_CAT1_INLINE_THREAD \
    0x0000000100000044, 0x0000000000000001, 0x0000000000001234, 0x0000000000005678

const spec_case spec_cases_records[] = {

/* ===================== Metadata & provider records ======================= */
{ .name = "meta-provider-info", .suite = S_METADATA,
  WORDS(MAGIC, PINFO1 /* @8 */) },
{ .name = "meta-provider-info-empty-name", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000110010 /* provider info: size 1, provider 1, name len 0 */) },
{ .name = "meta-provider-info-name-8-bytes", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0080000000110020, /* provider info: size 2, provider 1, name len 8 */
        0x72656469766F7270  /* "provider" */) },
{ .name = "meta-provider-info-max-id", .suite = S_METADATA,
  WORDS(MAGIC, 0x000FFFFFFFF10010 /* provider info: size 1, provider 0xffffffff, name len 0 */) },
{ .name = "meta-provider-section", .suite = S_METADATA,
  WORDS(MAGIC, PINFO1, PSECT1 /* @24 */) },
{ .name = "meta-provider-event", .suite = S_METADATA,
  WORDS(MAGIC, PINFO1,
        0x0000000000130010 /* @24 provider event: size 1, meta type 3, provider 1, event 0 */) },
{ .name = "meta-type-0-unknown", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000000010 /* @8 metadata: size 1, meta type 0 */),
  EXPECT(ISSUE(METADATA_TYPE_UNKNOWN, 8)) },
{ .name = "meta-type-9-unknown", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000090010 /* @8 metadata: size 1, meta type 9 (bits 16 and 19) */),
  EXPECT(ISSUE(METADATA_TYPE_UNKNOWN, 8)) },
{ .name = "meta-provider-event-id-8-unknown", .suite = S_METADATA,
  WORDS(MAGIC, 0x0080000000030010 /* @8 provider event: size 1, provider 0, event 8 (bit 55) */),
  EXPECT(ISSUE(PROVIDER_EVENT_UNKNOWN, 8)) },
{ .name = "meta-trace-info-type-8-unknown", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000840010 /* @8 metadata: size 1, meta type 4, trace info type 8 (bit 23) */),
  EXPECT(ISSUE(TRACE_INFO_TYPE_UNKNOWN, 8)) },
{ .name = "meta-type-5-unknown", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000050010 /* @8 metadata: size 1, meta type 5 */),
  EXPECT(ISSUE(METADATA_TYPE_UNKNOWN, 8)) },
{ .name = "meta-type-15-unknown-skipped", .suite = S_METADATA,
  WORDS(MAGIC,
        0x00000000000F0020, /* @8 metadata: size 2, meta type 15 */
        0xFFFFFFFFFFFFFFFF, /* body */
        INIT                /* @24 */),
  EXPECT(ISSUE(METADATA_TYPE_UNKNOWN, 8)) },
{ .name = "meta-type-5-allow-unknown-is-warning", .suite = S_METADATA, ALLOW_UNKNOWN,
  WORDS(MAGIC, 0x0000000000050010 /* @8 metadata: size 1, meta type 5 */),
  EXPECT(ISSUE(METADATA_TYPE_UNKNOWN, 8)) },
{ .name = "meta-provider-info-reserved-bit-60", .suite = S_METADATA,
  WORDS(MAGIC,
        0x1040000000110020, /* @8 provider info: size 2, provider 1, name len 4, bit 60 */
        0x00000000766F7270  /* "prov" */),
  EXPECT(ISSUE(METADATA_RESERVED_BITS, 8)) },
{ .name = "meta-provider-section-reserved-bit-52", .suite = S_METADATA,
  WORDS(MAGIC, PINFO1,
        0x0010000000120010 /* @24 provider section: provider 1, bit 52 */),
  EXPECT(ISSUE(METADATA_RESERVED_BITS, 24)) },
{ .name = "meta-provider-event-reserved-bit-56", .suite = S_METADATA,
  WORDS(MAGIC, PINFO1,
        0x0100000000130010 /* @24 provider event: provider 1, event 0, bit 56 */),
  EXPECT(ISSUE(METADATA_RESERVED_BITS, 24)) },
{ .name = "meta-provider-event-unknown-id", .suite = S_METADATA,
  WORDS(MAGIC, PINFO1,
        0x0010000000130010 /* @24 provider event: provider 1, event 1 */),
  EXPECT(ISSUE(PROVIDER_EVENT_UNKNOWN, 24)) },
{ .name = "meta-provider-section-never-introduced", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0000000000720010 /* @8 provider section: provider 7 */),
  EXPECT(ISSUE(PROVIDER_SECTION_UNKNOWN, 8)) },
{ .name = "meta-trace-info-type-1-unknown", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000140010 /* @8 metadata: size 1, meta type 4, trace info type 1 */),
  EXPECT(ISSUE(TRACE_INFO_TYPE_UNKNOWN, 8)) },
{ .name = "meta-trace-info-type-15-unknown", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000F40010 /* @8 metadata: size 1, meta type 4, trace info type 15 */),
  EXPECT(ISSUE(TRACE_INFO_TYPE_UNKNOWN, 8)) },
{ .name = "meta-trace-info-allow-unknown-is-warning", .suite = S_METADATA, ALLOW_UNKNOWN,
  WORDS(MAGIC, 0x0000000000140010 /* @8 trace info type 1 */),
  EXPECT(ISSUE(TRACE_INFO_TYPE_UNKNOWN, 8)) },
{ .name = "meta-provider-info-too-small", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0040000000110010, /* @8 provider info: size 1 but name len 4 */
        INIT                /* @16 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "meta-provider-info-size-extra", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0040000000110030, /* @8 provider info: size 3, provider 1, name len 4 */
        0x00000000766F7270, /* "prov" */
        0x0000000000000000  /* appended */),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 8)) },
{ .name = "meta-provider-name-padding", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0040000000110020, /* @8 provider info: size 2, provider 1, name len 4 */
        0x01000000766F7270  /* "prov", last pad byte 01 */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 8, 23)) },
{ .name = "meta-provider-name-utf8", .suite = S_METADATA,
  WORDS(MAGIC,
        0x0010000000110020, /* @8 provider info: size 2, provider 1, name len 1 */
        0x00000000000000FF  /* ff */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "meta-string-table-per-provider", .suite = S_METADATA,
  WORDS(MAGIC,                 /* @0 */
        PINFO1,                /* @8 provider 1 */
        0x0000000300010022,    /* @24 string: size 2, index 1, len 3 */
        0x0000000000746163,    /* "cat" */
        EV_CAT1_INLINE_THREAD, /* @40 cat 1 registered: fine */
        PINFO2,                /* @72 provider 2: fresh tables */
        EV_CAT1_INLINE_THREAD, /* @80 cat 1 unregistered */
        PSECT1,                /* @112 back to provider 1 */
        EV_CAT1_INLINE_THREAD, /* @120 fine */
        PSECT2,                /* @152 provider 2 again */
        EV_CAT1_INLINE_THREAD  /* @160 still unregistered there */),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 80), ISSUE(STRING_REF_UNREGISTERED, 160)) },
{ .name = "meta-provider-info-again-starts-afresh", .suite = S_METADATA,
  /* NOTES.md: a provider info record for a provider already introduced
   * starts it afresh (its tables emptied), and says so at that record */
  WORDS(MAGIC,                 /* @0 */
        PINFO1,                /* @8 provider 1 */
        0x0000000300010022,    /* @24 string: size 2, index 1, len 3 */
        0x0000000000746163,    /* "cat" */
        EV_CAT1_INLINE_THREAD, /* @40 cat 1 registered: fine */
        PINFO1,                /* @72 provider 1 again: afresh */
        EV_CAT1_INLINE_THREAD  /* @88 cat 1 no longer registered */),
  EXPECT(ISSUE(PROVIDER_RESTARTED, 72), ISSUE(STRING_REF_UNREGISTERED, 88)) },
{ .name = "meta-thread-table-per-provider", .suite = S_METADATA,
  WORDS(MAGIC,                 /* @0 */
        PINFO1,                /* @8 */
        0x0000000000010033,    /* @24 thread: size 3, index 1 */
        0x0000000000001234, 0x0000000000005678,
        0x0000000001000024,    /* @48 event: size 2, et 0, thread 1, cat 0, name 0 */
        0x0000000000000001,
        PINFO2,                /* @64 */
        0x0000000001000024,    /* @72 thread 1 unregistered in provider 2 */
        0x0000000000000001,
        PSECT1,                /* @88 */
        0x0000000001000024,    /* @96 fine again */
        0x0000000000000001),
  EXPECT(ISSUE(THREAD_REF_UNREGISTERED, 72)) },
{ .name = "meta-implicit-provider-then-info", .suite = S_METADATA,
  WORDS(MAGIC,                 /* @0 */
        0x0000000300010022,    /* @8 string: index 1 "cat" (implicit provider) */
        0x0000000000746163,
        EV_CAT1_INLINE_THREAD, /* @24 fine */
        0x0000000000110010,    /* @56 provider info: size 1, provider 1, name len 0 */
        EV_CAT1_INLINE_THREAD  /* @64 provider 1 has no string 1 */),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 64)) },
{ .name = "meta-unknown-section-gets-empty-context", .suite = S_METADATA,
  WORDS(MAGIC,                 /* @0 */
        0x0000000300010022,    /* @8 string: index 1 "cat" (implicit provider) */
        0x0000000000746163,
        0x0000000000720010,    /* @24 provider section: provider 7 (never introduced) */
        EV_CAT1_INLINE_THREAD  /* @32 */),
  EXPECT(ISSUE(PROVIDER_SECTION_UNKNOWN, 24), ISSUE(STRING_REF_UNREGISTERED, 32)) },
{ .name = "meta-async-ids-per-provider", .suite = S_METADATA,
  WORDS(MAGIC,              /* @0 */
        PINFO1,             /* @8 */
        0x0000000000050054, /* @24 event: size 5, et 5 async begin, thread 0, cat 0, name 0 */
        0x0000000000000001, 0x0000000000001234, 0x0000000000005678,
        0x0000000000000005, /* async id 5 */
        PINFO2,             /* @64 */
        0x0000000000070054, /* @72 event: size 5, et 7 async end, thread 0 */
        0x0000000000000002, 0x0000000000001234, 0x0000000000005678,
        0x0000000000000005  /* async id 5, other provider */),
  EXPECT(ISSUE(ASYNC_UNMATCHED, 72), ISSUE(ASYNC_BEGIN_UNENDED, 24)) },

{ .name = "meta-provider-event-any-provider", .suite = S_METADATA,
  WORDS(MAGIC, 0x0000000000930010 /* @8 provider event: size 1, provider 9, event 0 */) },
{ .name = "meta-provider-section-0-is-not-implicit", .suite = S_METADATA,
  WORDS(MAGIC,                 /* @0 */
        0x0000000300010022,    /* @8 string: index 1 "cat" (implicit provider) */
        0x0000000000746163,
        0x0000000000020010,    /* @24 provider section: provider 0 (never introduced) */
        EV_CAT1_INLINE_THREAD  /* @32 */),
  EXPECT(ISSUE(PROVIDER_SECTION_UNKNOWN, 24), ISSUE(STRING_REF_UNREGISTERED, 32)) },

{ .name = "meta-async-ids-restored-with-section", .suite = S_METADATA,
  WORDS(MAGIC,              /* @0 */
        PINFO1,             /* @8 */
        0x0000000000050054, /* @24 event: size 5, et 5 async begin, thread 0, cat 0, name 0 */
        0x0000000000000001, 0x0000000000001234, 0x0000000000005678,
        0x0000000000000005, /* async id 5 */
        PINFO2,             /* @64 */
        PSECT1,             /* @72 back to provider 1 */
        0x0000000000070054, /* @80 event: size 5, et 7 async end, thread 0 */
        0x0000000000000002, 0x0000000000001234, 0x0000000000005678,
        0x0000000000000005  /* async id 5: matches */) },
{ .name = "meta-tracking-limit-providers", .suite = S_METADATA, .max_providers = 1,
  WORDS(MAGIC,              /* @0 (not in any provider) */
        0x0000000000110010, /* @8 provider info: size 1, provider 1, name len 0 */
        0x0000000000210010, /* @16 provider info: provider 2: table full */
        0x0000000000310010  /* @24 provider info: provider 3 */),
  EXPECT(ISSUE(TRACKING_LIMIT, 16)) },

/* ===================== Initialization ==================================== */
{ .name = "init", .suite = S_INIT, WORDS(MAGIC, INIT) },
{ .name = "init-1-tick-per-second", .suite = S_INIT,
  WORDS(MAGIC, 0x0000000000000021, 0x0000000000000001) },
{ .name = "init-before-provider-info", .suite = S_INIT,
  WORDS(MAGIC, INIT, PINFO1) },
{ .name = "init-size-2048-extra", .suite = S_INIT,
  WORDS(MAGIC,
        0x0000000000008001, /* @8 init: size 2048 (bit 15, the top bit of the size) */
        0x000000003B9ACA00),
  .fill_len = 16368, .fill_byte = 0, /* 2046 appended zero words */
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 8)) },
{ .name = "init-zero-ticks", .suite = S_INIT,
  WORDS(MAGIC, 0x0000000000000021 /* @8 init: size 2 */, 0x0000000000000000),
  EXPECT(ISSUE_AT(INIT_ZERO_TICKS, 8, 16)) },
{ .name = "init-reserved-bit-16", .suite = S_INIT,
  WORDS(MAGIC, 0x0000000000010021 /* @8 init: size 2, bit 16 */, 0x000000003B9ACA00),
  EXPECT(ISSUE(INIT_RESERVED_BITS, 8)) },
{ .name = "init-reserved-bit-63", .suite = S_INIT,
  WORDS(MAGIC, 0x8000000000000021 /* @8 init: size 2, bit 63 */, 0x000000003B9ACA00),
  EXPECT(ISSUE(INIT_RESERVED_BITS, 8)) },
{ .name = "init-too-small", .suite = S_INIT,
  WORDS(MAGIC, 0x0000000000000011 /* @8 init: size 1 */, INIT /* @16 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "init-4-words-size-extra", .suite = S_INIT,
  WORDS(MAGIC,
        0x0000000000000041, /* @8 init: size 4 (as magic-trace writes it) */
        0x000000003B9ACA00, 0x0000000000000000, 0x0000000000000000),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 8)) },

/* ===================== String record ===================================== */
{ .name = "string-record", .suite = S_STRING,
  WORDS(MAGIC, 0x0000000300010022 /* string: size 2, index 1, len 3 */, 0x0000000000746163 /* "cat" */) },
{ .name = "string-record-max-index", .suite = S_STRING,
  WORDS(MAGIC, 0x000000037FFF0022 /* string: size 2, index 0x7fff, len 3 */, 0x0000000000746163) },
{ .name = "string-record-reregister", .suite = S_STRING,
  WORDS(MAGIC,
        0x0000000300010022, 0x0000000000746163, /* index 1 = "cat" */
        0x0000000300010022, 0x0000000000676F64  /* index 1 = "dog" */) },
{ .name = "string-ref-indexed-ok", .suite = S_STRING,
  WORDS(PRE, 0x0002000101000024 /* @64 event: size 2, et 0, thread 1, cat 1, name 2 */, 0x00000000000003E8) },
{ .name = "string-ref-unregistered-category", .suite = S_STRING,
  WORDS(PRE, 0x0002000301000024 /* @64 event: size 2, thread 1, cat 3, name 2 */, 0x00000000000003E8),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 64)) },
{ .name = "string-ref-unregistered-name", .suite = S_STRING,
  WORDS(PRE, 0x7FFF000101000024 /* @64 event: size 2, thread 1, cat 1, name 0x7fff */, 0x00000000000003E8),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 64)) },
{ .name = "string-ref-unregistered-no-table", .suite = S_STRING,
  WORDS(MAGIC,
        0x0000000100000044, /* @8 event: size 4, et 0, thread 0, cat 1, name 0 */
        0x0000000000000001, 0x0000000000001234, 0x0000000000005678),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 8)) },
{ .name = "string-index-zero", .suite = S_STRING,
  WORDS(MAGIC, 0x0000000300000022 /* @8 string: size 2, index 0, len 3 */, 0x0000000000746163),
  EXPECT(ISSUE(STRING_INDEX_ZERO, 8)) },
{ .name = "string-empty", .suite = S_STRING,
  WORDS(MAGIC, 0x0000000000010012 /* @8 string: size 1, index 1, len 0 */),
  EXPECT(ISSUE(STRING_EMPTY, 8)) },
{ .name = "string-reserved-bit-31", .suite = S_STRING,
  WORDS(MAGIC, 0x0000000380010022 /* @8 string: size 2, index 1, bit 31, len 3 */, 0x0000000000746163),
  EXPECT(ISSUE(STRING_RECORD_RESERVED_BITS, 8)) },
{ .name = "string-reserved-bit-47", .suite = S_STRING,
  WORDS(MAGIC, 0x0000800300010022 /* @8 string: size 2, index 1, len 3, bit 47 */, 0x0000000000746163),
  EXPECT(ISSUE(STRING_RECORD_RESERVED_BITS, 8)) },
{ .name = "string-reserved-bit-48", .suite = S_STRING,
  WORDS(MAGIC, 0x0001000300010022 /* @8 string: size 2, index 1, len 3, bit 48 */, 0x0000000000746163),
  EXPECT(ISSUE(STRING_RECORD_RESERVED_BITS, 8)) },
{ .name = "string-too-small", .suite = S_STRING,
  WORDS(MAGIC,
        0x0000000900010022, /* @8 string: size 2, index 1, len 9 (needs size 3) */
        0x6867666564636261, /* "abcdefgh" */
        INIT                /* @24 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "string-size-extra", .suite = S_STRING,
  WORDS(MAGIC,
        0x0000000300010032, /* @8 string: size 3, index 1, len 3 */
        0x0000000000746163, /* "cat" */
        0x0000000000000000  /* appended */),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 8)) },

{ .name = "string-three-issues-in-one-record", .suite = S_STRING,
  WORDS(MAGIC,
        0x0000800100010022, /* @8 string: size 2, index 1, len 1, bit 47 */
        0x01000000000000FF  /* ff, last pad byte 01 */),
  EXPECT(ISSUE(STRING_RECORD_RESERVED_BITS, 8), ISSUE_AT(UTF8_INVALID, 8, 16), ISSUE_AT(PADDING_NONZERO, 8, 23)) },

/* ===================== Thread record ===================================== */
{ .name = "thread-record", .suite = S_THREAD,
  WORDS(MAGIC, 0x0000000000010033 /* thread: size 3, index 1 */, 0x0000000000001234, 0x0000000000005678) },
{ .name = "thread-record-max-index", .suite = S_THREAD,
  WORDS(MAGIC, 0x0000000000FF0033 /* thread: size 3, index 0xff */, 0x0000000000001234, 0x0000000000005678,
        0x00000000FF000024, /* @32 event: size 2, et 0, thread 0xff, cat 0, name 0 */
        0x0000000000000001) },
{ .name = "thread-record-reregister", .suite = S_THREAD,
  WORDS(MAGIC,
        0x0000000000010033, 0x0000000000001234, 0x0000000000005678, /* index 1 */
        0x0000000000010033, 0x0000000000001234, 0x0000000000009ABC  /* index 1 again */) },
{ .name = "thread-reregistered-between-begin-and-end", .suite = S_THREAD,
  WORDS(PRE,
        0x0002000101020024, /* @64 event: size 2, et 2 begin, thread 1 (0x1234/0x5678) */
        0x0000000000000001,
        0x0000000000010033, /* @80 thread: size 3, index 1 := 0x1234/0x9999 */
        0x0000000000001234, 0x0000000000009999,
        0x0002000101030024, /* @104 event: size 2, et 3 end, thread 1 (now 0x1234/0x9999) */
        0x0000000000000002),
  EXPECT(ISSUE(DURATION_END_UNMATCHED, 104), ISSUE(DURATION_BEGIN_UNENDED, 64)) },
{ .name = "thread-ref-unregistered", .suite = S_THREAD,
  WORDS(PRE, 0x0002000102000024 /* @64 event: size 2, et 0, thread 2, cat 1, name 2 */, 0x00000000000003E8),
  EXPECT(ISSUE(THREAD_REF_UNREGISTERED, 64)) },
{ .name = "thread-index-zero", .suite = S_THREAD,
  WORDS(MAGIC, 0x0000000000000033 /* @8 thread: size 3, index 0 */, 0x0000000000001234, 0x0000000000005678),
  EXPECT(ISSUE(THREAD_INDEX_ZERO, 8)) },
{ .name = "thread-reserved-bit-24", .suite = S_THREAD,
  WORDS(MAGIC, 0x0000000001010033 /* @8 thread: size 3, index 1, bit 24 */, 0x0000000000001234, 0x0000000000005678),
  EXPECT(ISSUE(THREAD_RECORD_RESERVED_BITS, 8)) },
{ .name = "thread-reserved-bit-63", .suite = S_THREAD,
  WORDS(MAGIC, 0x8000000000010033 /* @8 thread: size 3, index 1, bit 63 */, 0x0000000000001234, 0x0000000000005678),
  EXPECT(ISSUE(THREAD_RECORD_RESERVED_BITS, 8)) },
{ .name = "thread-too-small", .suite = S_THREAD,
  WORDS(MAGIC,
        0x0000000000010023, /* @8 thread: size 2, index 1 (needs 3) */
        0x0000000000001234,
        INIT                /* @24 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "thread-size-extra", .suite = S_THREAD,
  WORDS(MAGIC,
        0x0000000000010043, /* @8 thread: size 4, index 1 */
        0x0000000000001234, 0x0000000000005678, 0x0000000000000000),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 8)) },

/* ===================== BLOB record ======================================= */
{ .name = "blob-type-1-data", .suite = S_BLOB,
  WORDS(PRE,
        0x0001000300020025, /* @64 blob: size 2, name 2, payload 3, type 1 */
        0x0000000000030201  /* 01 02 03 */) },
{ .name = "blob-type-2-last-branch-8-bytes", .suite = S_BLOB,
  WORDS(PRE,
        0x0002000800020025, /* @64 blob: size 2, name 2, payload 8, type 2 */
        0x0807060504030201) },
{ .name = "blob-type-3-perfetto-inline-name-empty-payload", .suite = S_BLOB,
  WORDS(MAGIC,
        0x0003000080040025, /* @8 blob: size 2, name 0x8004, payload 0, type 3 */
        0x00000000626F6C62  /* "blob" */) },
{ .name = "blob-binary-payload-not-utf8-checked", .suite = S_BLOB,
  WORDS(PRE,
        0x0001000300020025, /* @64 blob: size 2, name 2, payload 3, type 1 */
        0x0000000000FFFEFD  /* fd fe ff */) },
{ .name = "blob-max-record-size-4095", .suite = S_BLOB,
  WORDS(PRE,
        0x00017FF00002FFF5 /* @64 blob: size 4095, name 2, payload 32752 (4094 words), type 1 */),
  .fill_len = 32752, .fill_byte = 0xCD,
  TAIL(0x0002000301000024, /* @64+4095*8 = 32824: event, size 2, thread 1, cat 3 (unregistered), name 2 */
       0x00000000000003E8),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 32824)) },
{ .name = "blob-reserved-bit-47", .suite = S_BLOB,
  WORDS(PRE, 0x0001800300020025 /* @64 blob: size 2, name 2, payload 3, bit 47, type 1 */, 0x0000000000030201),
  EXPECT(ISSUE(BLOB_RESERVED_BITS, 64)) },
{ .name = "blob-reserved-bit-63", .suite = S_BLOB,
  WORDS(PRE, 0x8001000300020025 /* @64 blob: size 2, name 2, payload 3, type 1, bit 63 */, 0x0000000000030201),
  EXPECT(ISSUE(BLOB_RESERVED_BITS, 64)) },
{ .name = "blob-type-0-unknown", .suite = S_BLOB,
  WORDS(PRE, 0x0000000300020025 /* @64 blob: size 2, name 2, payload 3, type 0 */, 0x0000000000030201),
  EXPECT(ISSUE(BLOB_TYPE_UNKNOWN, 64)) },
{ .name = "blob-type-4-unknown", .suite = S_BLOB,
  WORDS(PRE, 0x0004000300020025 /* @64 blob: type 4 */, 0x0000000000030201),
  EXPECT(ISSUE(BLOB_TYPE_UNKNOWN, 64)) },
{ .name = "blob-type-255-unknown", .suite = S_BLOB,
  WORDS(PRE, 0x00FF000300020025 /* @64 blob: type 255 */, 0x0000000000030201),
  EXPECT(ISSUE(BLOB_TYPE_UNKNOWN, 64)) },
{ .name = "blob-type-4-allow-unknown-is-warning", .suite = S_BLOB, ALLOW_UNKNOWN,
  WORDS(PRE, 0x0004000300020025 /* @64 blob: type 4 */, 0x0000000000030201),
  EXPECT(ISSUE(BLOB_TYPE_UNKNOWN, 64)) },
{ .name = "blob-payload-padding", .suite = S_BLOB,
  WORDS(PRE, 0x0001000300020025 /* @64 blob: payload 3 */, 0x0100000000030201 /* last pad byte 01 */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 64, 79)) },
{ .name = "blob-too-small", .suite = S_BLOB,
  WORDS(PRE,
        0x0001000900020025, /* @64 blob: size 2, payload 9 (needs size 3) */
        0x0807060504030201,
        INIT                /* @80 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "blob-size-extra", .suite = S_BLOB,
  WORDS(PRE, 0x0001000300020035 /* @64 blob: size 3, payload 3 */, 0x0000000000030201, 0x0000000000000000),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 64)) },
{ .name = "blob-name-unregistered", .suite = S_BLOB,
  WORDS(PRE, 0x0001000300030025 /* @64 blob: name 3 */, 0x0000000000030201),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 64)) },

/* ===================== Userspace object record =========================== */
{ .name = "userspace-indexed", .suite = S_USERSPACE,
  WORDS(PRE,
        0x0000000002010026, /* @64 userspace: size 2, process 1, name 2, 0 args */
        0x00007FFF12345678  /* pointer */) },
{ .name = "userspace-inline-process-name-and-arg", .suite = S_USERSPACE,
  WORDS(PRE,
        0x0000018003000056, /* @64 userspace: size 5, process 0, name 0x8003, 1 arg */
        0x00007FFF12345678, /* pointer */
        0x0000000000001234, /* process koid */
        0x00000000006A626F, /* "obj" */
        0x0000000700020012  /* arg uint32: size 1, name 2, value 7 */) },
{ .name = "userspace-inline-name-utf8-invalid", .suite = S_USERSPACE,
  WORDS(MAGIC,
        0x0000008001000046, /* @8 userspace: size 4, process 0, name 0x8001, 0 args */
        0x00007FFF12345678, /* pointer */
        0x0000000000001234, /* pid */
        0x00000000000000C3  /* c3 (cut) */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 32)) },
{ .name = "userspace-process-0x81", .suite = S_USERSPACE,
  /* process ref 0x81 ([16..23]: bits 16 and 23) registered, 0x01 not */
  WORDS(MAGIC,
        0x0000000400020022, 0x00000000656D616E, /* @8 string: index 2 "name" */
        0x0000000000810033, 0x0000000000001234, 0x0000000000005678, /* @24 thread: index 0x81 */
        0x0000000002810026, /* @48 userspace: size 2, process 0x81, name 2 */
        0x00007FFF12345678) },
{ .name = "userspace-reserved-bit-44", .suite = S_USERSPACE,
  WORDS(PRE, 0x0000100002010026 /* @64 userspace: size 2, process 1, name 2, bit 44 */, 0x00007FFF12345678),
  EXPECT(ISSUE(USERSPACE_RESERVED_BITS, 64)) },
{ .name = "userspace-reserved-bit-63", .suite = S_USERSPACE,
  WORDS(PRE, 0x8000000002010026 /* @64 userspace: bit 63 */, 0x00007FFF12345678),
  EXPECT(ISSUE(USERSPACE_RESERVED_BITS, 64)) },
{ .name = "userspace-process-unregistered", .suite = S_USERSPACE,
  WORDS(PRE, 0x0000000002020026 /* @64 userspace: size 2, process 2, name 2 */, 0x00007FFF12345678),
  EXPECT(ISSUE(THREAD_REF_UNREGISTERED, 64)) },
{ .name = "userspace-too-small", .suite = S_USERSPACE,
  WORDS(PRE,
        0x0000000002000026, /* @64 userspace: size 2, process 0 (inline: needs 3), name 2 */
        0x00007FFF12345678,
        INIT                /* @80 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "userspace-bad-bool-arg", .suite = S_USERSPACE,
  WORDS(PRE,
        0x0000010002010036, /* @64 userspace: size 3, process 1, name 2, 1 arg */
        0x00007FFF12345678,
        0x0000000300020019  /* arg bool: size 1, name 2, value 3 */),
  EXPECT(ISSUE_AT(BOOL_VALUE_INVALID, 64, 80)) },

/* ===================== Kernel object record ============================== */
{ .name = "kernel-object-with-koid-arg", .suite = S_KERNEL_OBJECT,
  WORDS(PRE,
        0x0000010002020047, /* @64 kernel object: size 4, obj type 2 (thread), name 2, 1 arg */
        0x0000000000005678, /* koid */
        0x0000000000010028, /* arg koid: size 2, name 1 */
        0x0000000000001234) },
{ .name = "kernel-object-inline-name", .suite = S_KERNEL_OBJECT,
  WORDS(MAGIC,
        0x0000008004010037, /* @8 kernel object: size 3, obj type 1, name 0x8004, 0 args */
        0x0000000000001234, /* koid */
        0x00000000636F7270  /* "proc" */) },
{ .name = "kernel-object-any-obj-type", .suite = S_KERNEL_OBJECT,
  WORDS(PRE, 0x0000000002FF0027 /* @64 kernel object: size 2, obj type 0xff, name 2 */, 0x0000000000001234) },
{ .name = "kernel-object-reserved-bit-44", .suite = S_KERNEL_OBJECT,
  WORDS(PRE, 0x0000100002020027 /* @64 kernel object: size 2, obj type 2, name 2, bit 44 */, 0x0000000000005678),
  EXPECT(ISSUE(KERNEL_OBJECT_RESERVED_BITS, 64)) },
{ .name = "kernel-object-reserved-bit-63", .suite = S_KERNEL_OBJECT,
  WORDS(PRE, 0x8000000002020027 /* @64 kernel object: bit 63 */, 0x0000000000005678),
  EXPECT(ISSUE(KERNEL_OBJECT_RESERVED_BITS, 64)) },
{ .name = "kernel-object-name-unregistered", .suite = S_KERNEL_OBJECT,
  WORDS(PRE, 0x0000000003020027 /* @64 kernel object: size 2, obj type 2, name 3 */, 0x0000000000005678),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 64)) },
{ .name = "kernel-object-too-small", .suite = S_KERNEL_OBJECT,
  WORDS(MAGIC,
        0x0000008004010027, /* @8 kernel object: size 2, name 0x8004 (needs 3) */
        0x0000000000001234,
        INIT                /* @24 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "kernel-object-size-extra", .suite = S_KERNEL_OBJECT,
  WORDS(PRE, 0x0000000002020037 /* @64 kernel object: size 3, name 2, 0 args */, 0x0000000000005678, 0x0000000000000000),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 64)) },

/* ===================== Scheduling record ================================= */
{ .name = "sched-context-switch", .suite = S_SCHEDULING,
  WORDS(MAGIC,
        0x1000002000300048, /* @8 sched: size 4, 0 args, cpu 3, state 2, type 1 */
        0x00000000000003E8, /* ts */
        0x0000000000005678, /* outgoing tid */
        0x0000000000009ABC  /* incoming tid */) },
{ .name = "sched-context-switch-with-args", .suite = S_SCHEDULING,
  WORDS(PRE,
        0x1000003000320068, /* @64 sched: size 6, 2 args, cpu 3, state 3, type 1 */
        0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC,
        0x0000000500010011, /* arg int32: size 1, name 1, value 5 */
        0x0000000600020011  /* arg int32: size 1, name 2, value 6 */) },
{ .name = "sched-context-switch-state-running-ok", .suite = S_SCHEDULING,
  WORDS(MAGIC,
        0x1000001000300048, /* @8 sched: size 4, cpu 3, state 1, type 1 */
        0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC) },
{ .name = "sched-context-switch-max-cpu-state-5", .suite = S_SCHEDULING,
  WORDS(MAGIC,
        0x1000005FFFF00048, /* @8 sched: size 4, cpu 0xffff, state 5, type 1 */
        0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC) },
{ .name = "sched-thread-wakeup", .suite = S_SCHEDULING,
  WORDS(MAGIC,
        0x2000000000100038, /* @8 sched: size 3, 0 args, cpu 1, type 2 */
        0x00000000000003E8, /* ts */
        0x0000000000005678  /* waking tid */) },
{ .name = "sched-thread-wakeup-with-arg", .suite = S_SCHEDULING,
  WORDS(PRE,
        0x2000000000110048, /* @64 sched: size 4, 1 arg, cpu 1, type 2 */
        0x00000000000003E8, 0x0000000000005678,
        0x0000000500020011  /* arg int32: size 1, name 2, value 5 */) },
{ .name = "sched-legacy-out-indexed-in-inline", .suite = S_SCHEDULING,
  WORDS(PRE,
        0x00A1400013010048, /* @64 sched: size 4, cpu 1, out state 3, out thread 1, in thread 0, prio 20/10, type 0 */
        0x00000000000003E8, /* ts */
        0x0000000000001234, /* incoming pid */
        0x0000000000009ABC  /* incoming tid */) },
{ .name = "sched-legacy-out-inline-in-indexed", .suite = S_SCHEDULING,
  WORDS(PRE,
        0x0000001005000048, /* @64 sched: size 4, cpu 0, out state 5, out thread 0, in thread 1, type 0 */
        0x00000000000003E8, /* ts */
        0x0000000000001234, /* outgoing pid */
        0x0000000000009ABC  /* outgoing tid */) },
{ .name = "sched-legacy-both-inline-state-new", .suite = S_SCHEDULING,
  WORDS(MAGIC,
        0x0000000000010068, /* @8 sched: size 6, cpu 1, out state 0, both inline, type 0 */
        0x00000000000003E8,
        0x0000000000001234, 0x0000000000005678, /* outgoing pid, tid */
        0x0000000000001234, 0x0000000000009ABC  /* incoming pid, tid */) },
{ .name = "sched-type-8-unknown", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x8000000000000018 /* @8 sched: size 1, type 8 (bit 63) */),
  EXPECT(ISSUE(SCHEDULING_TYPE_UNKNOWN, 8)) },
{ .name = "sched-legacy-threads-0x81", .suite = S_SCHEDULING,
  /* thread refs 0x81 (bits 28, 35 and 36, 43) registered, 0x01 not */
  WORDS(MAGIC,
        0x0000000000810033, 0x0000000000001234, 0x0000000000005678, /* @8 thread: index 0x81 */
        0x0000081813010028, /* @32 sched: size 2, cpu 1, out state 3, out thread 0x81, in thread 0x81 */
        0x00000000000003E8) },
{ .name = "sched-type-3-unknown", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x3000000000000018 /* @8 sched: size 1, type 3 */),
  EXPECT(ISSUE(SCHEDULING_TYPE_UNKNOWN, 8)) },
{ .name = "sched-type-15-unknown-skipped", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0xF000000000000028 /* @8 sched: size 2, type 15 */, 0xFFFFFFFFFFFFFFFF, INIT /* @24 */),
  EXPECT(ISSUE(SCHEDULING_TYPE_UNKNOWN, 8)) },
{ .name = "sched-type-3-allow-unknown-is-warning", .suite = S_SCHEDULING, ALLOW_UNKNOWN,
  WORDS(MAGIC, 0x3000000000000018 /* @8 sched: size 1, type 3 */),
  EXPECT(ISSUE(SCHEDULING_TYPE_UNKNOWN, 8)) },
{ .name = "sched-context-switch-reserved-bit-40", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x1000012000300048 /* @8 sched type 1, state 2, bit 40 */, 0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC),
  EXPECT(ISSUE(SCHEDULING_RESERVED_BITS, 8)) },
{ .name = "sched-context-switch-reserved-bit-59", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x1800002000300048 /* @8 sched type 1, state 2, bit 59 */, 0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC),
  EXPECT(ISSUE(SCHEDULING_RESERVED_BITS, 8)) },
{ .name = "sched-wakeup-reserved-bit-36", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x2000001000100038 /* @8 sched type 2, cpu 1, bit 36 */, 0x00000000000003E8, 0x0000000000005678),
  EXPECT(ISSUE(SCHEDULING_RESERVED_BITS, 8)) },
{ .name = "sched-wakeup-reserved-bit-59", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x2800000000100038 /* @8 sched type 2, cpu 1, bit 59 */, 0x00000000000003E8, 0x0000000000005678),
  EXPECT(ISSUE(SCHEDULING_RESERVED_BITS, 8)) },
{ .name = "sched-legacy-state-running", .suite = S_SCHEDULING,
  WORDS(PRE, 0x00A1400011010048 /* @64 legacy: out state 1 */, 0x00000000000003E8, 0x0000000000001234, 0x0000000000009ABC),
  EXPECT(ISSUE(LEGACY_STATE_INVALID, 64)) },
{ .name = "sched-legacy-state-6", .suite = S_SCHEDULING,
  WORDS(PRE, 0x00A1400016010048 /* @64 legacy: out state 6 */, 0x00000000000003E8, 0x0000000000001234, 0x0000000000009ABC),
  EXPECT(ISSUE(LEGACY_STATE_INVALID, 64)) },
{ .name = "sched-legacy-state-15", .suite = S_SCHEDULING,
  WORDS(PRE, 0x00A140001F010048 /* @64 legacy: out state 15 */, 0x00000000000003E8, 0x0000000000001234, 0x0000000000009ABC),
  EXPECT(ISSUE(LEGACY_STATE_INVALID, 64)) },
{ .name = "sched-context-switch-state-6-unknown", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x1000006000300048 /* @8 sched type 1, state 6 */, 0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC),
  EXPECT(ISSUE(CONTEXT_SWITCH_STATE_UNKNOWN, 8)) },
{ .name = "sched-context-switch-state-15-unknown", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x100000F000300048 /* @8 sched type 1, state 15 */, 0x00000000000003E8, 0x0000000000005678, 0x0000000000009ABC),
  EXPECT(ISSUE(CONTEXT_SWITCH_STATE_UNKNOWN, 8)) },
{ .name = "sched-legacy-thread-unregistered", .suite = S_SCHEDULING,
  WORDS(PRE, 0x00A1400023010048 /* @64 legacy: out thread 2 */, 0x00000000000003E8, 0x0000000000001234, 0x0000000000009ABC),
  EXPECT(ISSUE(THREAD_REF_UNREGISTERED, 64)) },
{ .name = "sched-context-switch-too-small", .suite = S_SCHEDULING,
  WORDS(MAGIC,
        0x1000002000300038, /* @8 sched type 1: size 3 (needs 4) */
        0x00000000000003E8, 0x0000000000005678,
        INIT                /* @32 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "sched-wakeup-size-extra", .suite = S_SCHEDULING,
  WORDS(MAGIC, 0x2000000000100048 /* @8 sched type 2: size 4, 0 args */, 0x00000000000003E8, 0x0000000000005678, 0x0000000000000000),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 8)) },

/* ===================== Log record ======================================== */
{ .name = "log-indexed-thread", .suite = S_LOG,
  WORDS(PRE,
        0x0000000100050039, /* @64 log: size 3, len 5, thread 1 */
        0x00000000000003E8, /* ts */
        0x0000006F6C6C6568  /* "hello" */) },
{ .name = "log-inline-thread", .suite = S_LOG,
  WORDS(MAGIC,
        0x0000000000050059, /* @8 log: size 5, len 5, thread 0 */
        0x00000000000003E8, 0x0000000000001234, 0x0000000000005678,
        0x0000006F6C6C6568  /* "hello" */) },
{ .name = "log-empty-message", .suite = S_LOG,
  WORDS(MAGIC,
        0x0000000000000049, /* @8 log: size 4, len 0, thread 0 */
        0x00000000000003E8, 0x0000000000001234, 0x0000000000005678) },
{ .name = "log-utf8-message", .suite = S_LOG,
  WORDS(PRE,
        0x0000000100060039, /* @64 log: size 3, len 6, thread 1 */
        0x00000000000003E8,
        0x00006F6C6CA9C368  /* "héllo" 68 c3 a9 6c 6c 6f */) },
{ .name = "log-message-too-long", .suite = S_LOG,
  WORDS(PRE,
        0x000000017D01FA39, /* @64 log: size 4003, len 32001, thread 1 */
        0x00000000000003E8  /* ts */),
  .fill_len = 32001, .fill_byte = 'l',
  EXPECT(ISSUE_AT(STRING_TOO_LONG, 64, 80)) },
{ .name = "log-reserved-bit-31", .suite = S_LOG,
  WORDS(PRE, 0x0000000180050039 /* @64 log: len 5, bit 31, thread 1 */, 0x00000000000003E8, 0x0000006F6C6C6568),
  EXPECT(ISSUE(LOG_RESERVED_BITS, 64)) },
{ .name = "log-reserved-bit-40", .suite = S_LOG,
  WORDS(PRE, 0x0000010100050039 /* @64 log: len 5, thread 1, bit 40 */, 0x00000000000003E8, 0x0000006F6C6C6568),
  EXPECT(ISSUE(LOG_RESERVED_BITS, 64)) },
{ .name = "log-reserved-bit-63", .suite = S_LOG,
  WORDS(PRE, 0x8000000100050039 /* @64 log: len 5, thread 1, bit 63 */, 0x00000000000003E8, 0x0000006F6C6C6568),
  EXPECT(ISSUE(LOG_RESERVED_BITS, 64)) },
{ .name = "log-padding", .suite = S_LOG,
  WORDS(PRE, 0x0000000100050039 /* @64 log: len 5 */, 0x00000000000003E8, 0x0100006F6C6C6568 /* last pad byte 01 */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 64, 87)) },
{ .name = "log-utf8-invalid", .suite = S_LOG,
  WORDS(PRE, 0x0000000100020039 /* @64 log: len 2, thread 1 */, 0x00000000000003E8, 0x0000000000008068 /* 68 80 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 64, 81)) },
{ .name = "log-thread-unregistered", .suite = S_LOG,
  WORDS(PRE, 0x0000000200050039 /* @64 log: len 5, thread 2 */, 0x00000000000003E8, 0x0000006F6C6C6568),
  EXPECT(ISSUE(THREAD_REF_UNREGISTERED, 64)) },
{ .name = "log-too-small", .suite = S_LOG,
  WORDS(PRE,
        0x0000000100090039, /* @64 log: size 3, len 9 (needs 4), thread 1 */
        0x00000000000003E8, 0x6867666564636261,
        INIT                /* @88 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },

/* ===================== Large BLOB record ================================= */
{ .name = "large-blob-format-1-indexed", .suite = S_LARGE_BLOB,
  WORDS(PRE,
        0x000001000000004F, /* @64 large: size 4, large type 0, format 1 */
        0x0000000000020001, /* format header: cat 1, name 2 */
        0x0000000000000003, /* blob size 3 */
        0x0000000000030201) },
{ .name = "large-blob-format-1-inline", .suite = S_LARGE_BLOB,
  WORDS(MAGIC,
        0x000001000000006F, /* @8 large: size 6, large type 0, format 1 */
        0x0000000080048003, /* format header: cat 0x8003, name 0x8004 */
        0x0000000000746163, /* "cat" */
        0x00000000626F6C62, /* "blob" */
        0x0000000000000008, /* blob size 8 */
        0x0807060504030201) },
{ .name = "large-blob-format-0-indexed", .suite = S_LARGE_BLOB,
  WORDS(PRE,
        0x000000000000005F, /* @64 large: size 5, large type 0, format 0 */
        0x0000001000020001, /* format header: cat 1, name 2, 0 args, thread 1 */
        0x00000000000003E8, /* ts */
        0x0000000000000003, /* blob size 3 */
        0x0000000000030201) },
{ .name = "large-blob-format-0-inline-thread-and-arg", .suite = S_LARGE_BLOB,
  WORDS(PRE,
        0x000000000000008F, /* @64 large: size 8, large type 0, format 0 */
        0x0000000100020001, /* format header: cat 1, name 2, 1 arg, thread 0 */
        0x00000000000003E8, /* ts */
        0x0000000000001234, /* pid */
        0x0000000000005678, /* tid */
        0x0000000700020012, /* arg uint32: size 1, name 2, value 7 */
        0x0000000000000008, /* blob size 8 */
        0x0807060504030201) },
{ .name = "large-blob-40000-bytes", .suite = S_LARGE_BLOB,
  WORDS(PRE,
        0x00000100000138BF, /* @64 large: size 5003 (0x138b), large type 0, format 1 */
        0x0000000000020001, /* format header: cat 1, name 2 */
        0x0000000000009C40  /* blob size 40000 = 5000 words */),
  .fill_len = 40000, .fill_byte = 0xAB,
  TAIL(0x0002000301000024, /* @64+5003*8 = 40088: event, size 2, thread 1, cat 3 (unregistered), name 2 */
       0x00000000000003E8),
  EXPECT(ISSUE(STRING_REF_UNREGISTERED, 40088)) },
{ .name = "large-blob-format-8-unknown", .suite = S_LARGE_BLOB,
  WORDS(MAGIC, 0x000008000000001F /* @8 large: size 1, large type 0, format 8 (bit 43) */),
  EXPECT(ISSUE(LARGE_BLOB_FORMAT_UNKNOWN, 8)) },
{ .name = "large-blob-format-2-unknown", .suite = S_LARGE_BLOB,
  WORDS(MAGIC, 0x000002000000001F /* @8 large: size 1, large type 0, format 2 */),
  EXPECT(ISSUE(LARGE_BLOB_FORMAT_UNKNOWN, 8)) },
{ .name = "large-blob-format-15-unknown-skipped", .suite = S_LARGE_BLOB,
  WORDS(MAGIC, 0x00000F000000002F /* @8 large: size 2, format 15 */, 0xFFFFFFFFFFFFFFFF, INIT /* @24 */),
  EXPECT(ISSUE(LARGE_BLOB_FORMAT_UNKNOWN, 8)) },
{ .name = "large-blob-format-2-allow-unknown-is-warning", .suite = S_LARGE_BLOB, ALLOW_UNKNOWN,
  WORDS(MAGIC, 0x000002000000001F /* @8 large: size 1, format 2 */),
  EXPECT(ISSUE(LARGE_BLOB_FORMAT_UNKNOWN, 8)) },
{ .name = "large-blob-header-reserved-bit-44", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000011000000004F /* @64 large: size 4, format 1, bit 44 */,
        0x0000000000020001, 0x0000000000000003, 0x0000000000030201),
  EXPECT(ISSUE(LARGE_BLOB_RESERVED_BITS, 64)) },
{ .name = "large-blob-header-reserved-bit-63", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x800001000000004F /* @64 large: size 4, format 1, bit 63 */,
        0x0000000000020001, 0x0000000000000003, 0x0000000000030201),
  EXPECT(ISSUE(LARGE_BLOB_RESERVED_BITS, 64)) },
{ .name = "large-blob-format-1-header-word-bit-32", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000001000000004F /* @64 large: size 4, format 1 */,
        0x0000000100020001 /* format header: cat 1, name 2, bit 32 */,
        0x0000000000000003, 0x0000000000030201),
  EXPECT(ISSUE_AT(LARGE_BLOB_RESERVED_BITS, 64, 72)) },
{ .name = "large-blob-format-0-header-word-bit-44", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000000000000005F /* @64 large: size 5, format 0 */,
        0x0000101000020001 /* format header: cat 1, name 2, thread 1, bit 44 */,
        0x00000000000003E8, 0x0000000000000003, 0x0000000000030201),
  EXPECT(ISSUE_AT(LARGE_BLOB_RESERVED_BITS, 64, 72)) },
{ .name = "large-blob-payload-padding", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000001000000004F, 0x0000000000020001, 0x0000000000000003,
        0x0100000000030201 /* last pad byte 01 */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 64, 95)) },
{ .name = "large-blob-size-beyond-record", .suite = S_LARGE_BLOB,
  WORDS(PRE,
        0x000001000000004F, /* @64 large: size 4, format 1 */
        0x0000000000020001,
        0x0000000000000064, /* blob size 100 */
        0x0000000000030201,
        INIT                /* @96 */),
  EXPECT(ISSUE_AT(RECORD_TOO_SMALL, 64, 80) /* the blob size word: the size that does not fit */) },
{ .name = "large-blob-size-near-2-64", .suite = S_LARGE_BLOB,
  WORDS(PRE,
        0x000001000000004F, /* @64 large: size 4, format 1 */
        0x0000000000020001,
        0xFFFFFFFFFFFFFFF9, /* blob size 2^64-7: +7 padding wraps to 0 */
        0x0000000000030201,
        INIT                /* @96 */),
  EXPECT(ISSUE_AT(RECORD_TOO_SMALL, 64, 80) /* the blob size word: the size that does not fit */) },
/* Large blob records that end inside their own fixed words: the record's
 * size field (the header) is what is wrong. */
{ .name = "large-blob-too-small-no-format-header", .suite = S_LARGE_BLOB,
  WORDS(MAGIC, 0x000001000000001F /* @8 large: size 1, large type 0, format 1 */, INIT /* @16 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "large-blob-too-small-no-blob-size", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000001000000002F /* @64 large: size 2, format 1 */,
        0x0000000000020001 /* format header: cat 1, name 2 */, INIT /* @80 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "large-blob-too-small-inline-category", .suite = S_LARGE_BLOB,
  WORDS(MAGIC, 0x000001000000002F /* @8 large: size 2, format 1 */,
        0x0000000000008003 /* format header: cat 0x8003 (a stream word past the record), name 0 */,
        INIT /* @24 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "large-blob-too-small-inline-name", .suite = S_LARGE_BLOB,
  WORDS(MAGIC, 0x000001000000002F /* @8 large: size 2, format 1 */,
        0x0000000080030000 /* format header: cat 0, name 0x8003 (a stream word past the record) */,
        INIT /* @24 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "large-blob-format-0-too-small-no-timestamp", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000000000000002F /* @64 large: size 2, format 0 */,
        0x0000001000020001 /* format header: cat 1, name 2, thread 1 */, INIT /* @80 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "large-blob-format-0-too-small-inline-thread", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000000000000003F /* @64 large: size 3, format 0 */,
        0x0000000000020001, /* format header: cat 1, name 2, thread 0 (inline: 2 koid words) */
        0x00000000000003E8, /* ts */
        INIT                /* @88 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 64)) },
{ .name = "large-blob-size-extra", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000001000000005F /* @64 large: size 5, format 1 */,
        0x0000000000020001, 0x0000000000000003, 0x0000000000030201, 0x0000000000000000),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 64)) },
{ .name = "large-blob-category-unregistered", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000001000000004F, 0x0000000000020003 /* cat 3, name 2 */, 0x0000000000000003, 0x0000000000030201),
  EXPECT(ISSUE_AT(STRING_REF_UNREGISTERED, 64, 72)) },
{ .name = "large-blob-format-0-thread-unregistered", .suite = S_LARGE_BLOB,
  WORDS(PRE, 0x000000000000005F, 0x0000002000020001 /* cat 1, name 2, thread 2 */,
        0x00000000000003E8, 0x0000000000000003, 0x0000000000030201),
  EXPECT(ISSUE_AT(THREAD_REF_UNREGISTERED, 64, 72)) },
};

const size_t spec_cases_records_count = sizeof spec_cases_records / sizeof spec_cases_records[0];
