/* SPDX-License-Identifier: MIT */
/*
 * cases_framing.c - Record header, Large record header, Magic number record,
 * Atoms (padding, UTF-8, string limits) and Archives (framing) cases.
 * Every word is a hand-made literal; see spec_cases.h.
 */
#include "spec_cases.h"

/* Magic record bytes as the spec spells them (little-endian writer). */
#define MAGIC_LE_BYTES 0x10, 0x00, 0x04, 0x46, 0x78, 0x54, 0x16, 0x00
/* ... and for a big-endian writer. */
#define MAGIC_BE_BYTES 0x00, 0x16, 0x54, 0x78, 0x46, 0x04, 0x00, 0x10

const spec_case spec_cases_framing[] = {

/* ===================== Record header ===================================== */
{ .name = "rh-type-10-unknown", .suite = S_RECORD_HEADER,
  WORDS(MAGIC,
        0x000000000000001A /* type 10, size 1 */),
  EXPECT(ISSUE(RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "rh-type-11-unknown", .suite = S_RECORD_HEADER,
  WORDS(MAGIC, 0x000000000000001B /* type 11, size 1 */),
  EXPECT(ISSUE(RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "rh-type-12-unknown-header-bits-not-checked", .suite = S_RECORD_HEADER,
  WORDS(MAGIC, 0xFFFFFFFFFFFF001C /* type 12, size 1, [16..63] all ones (meaning unknown) */),
  EXPECT(ISSUE(RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "rh-type-13-unknown", .suite = S_RECORD_HEADER,
  WORDS(MAGIC, 0x000000000000001D /* type 13, size 1 */),
  EXPECT(ISSUE(RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "rh-type-14-unknown-skipped-by-size", .suite = S_RECORD_HEADER,
  WORDS(MAGIC,
        0x000000000000002E, /* @8 type 14, size 2 */
        0xFFFFFFFFFFFFFFFF, /* its body, skipped */
        INIT                /* @24 init: size 2 | 1e9 */),
  EXPECT(ISSUE(RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "rh-type-10-allow-unknown-is-warning", .suite = S_RECORD_HEADER, ALLOW_UNKNOWN,
  WORDS(MAGIC, 0x000000000000001A /* type 10, size 1 */),
  EXPECT(ISSUE(RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "rh-type-13-allow-unknown-skipped-then-error", .suite = S_RECORD_HEADER, ALLOW_UNKNOWN,
  WORDS(MAGIC,
        0x000000000000003D, /* @8 type 13, size 3 */
        0x0000000000000001, 0x0000000000000002, /* body */
        0x0000000000000021, /* @32 init: type 1, size 2 */
        0x0000000000000000  /* 0 ticks/s: still an error */),
  EXPECT(ISSUE(RECORD_TYPE_UNKNOWN, 8), ISSUE_AT(INIT_ZERO_TICKS, 32, 40)) },
{ .name = "rh-size-zero-stops", .suite = S_RECORD_HEADER,
  WORDS(MAGIC,
        0x0000000000000004, /* @8 event: type 4, size 0 */
        0x000000000000001A  /* type 10: not reached */),
  EXPECT(ISSUE(RECORD_SIZE_ZERO, 8)) },
{ .name = "rh-size-zero-init-stops", .suite = S_RECORD_HEADER,
  WORDS(MAGIC,
        0x0000000000000001, /* @8 init: type 1, size 0 */
        0x0000000000000021, 0x0000000000000000 /* init with 0 ticks: not reached */),
  EXPECT(ISSUE(RECORD_SIZE_ZERO, 8)) },
{ .name = "rh-too-small-continues-at-size", .suite = S_RECORD_HEADER,
  WORDS(MAGIC,
        0x0000000000000011, /* @8 init: type 1, size 1 (needs 2) */
        INIT                /* @16 init: size 2 | 1e9 */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8)) },
{ .name = "rh-too-small-then-next-record-checked", .suite = S_RECORD_HEADER,
  WORDS(MAGIC,
        0x0000000000000011, /* @8 init: type 1, size 1 (needs 2) */
        0x0000000000000021, /* @16 init: type 1, size 2 */
        0x0000000000000000  /* 0 ticks */),
  EXPECT(ISSUE(RECORD_TOO_SMALL, 8), ISSUE_AT(INIT_ZERO_TICKS, 16, 24)) },
{ .name = "rh-size-extra", .suite = S_RECORD_HEADER,
  WORDS(MAGIC,
        0x0000000000000031, /* @8 init: type 1, size 3 */
        0x000000003B9ACA00, /* 1e9 */
        0x00000000DEADBEEF  /* appended word */),
  EXPECT(ISSUE(RECORD_SIZE_EXTRA, 8)) },

/* ===================== Large record header =============================== */
{ .name = "lh-large-type-1-unknown", .suite = S_LARGE_HEADER,
  WORDS(MAGIC,
        0x000000100000001F /* type 15, size 1, large type 1 */),
  EXPECT(ISSUE(LARGE_RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "lh-large-type-15-unknown-skipped-by-size", .suite = S_LARGE_HEADER,
  WORDS(MAGIC,
        0x000000F00000003F, /* @8 type 15, size 3, large type 15 */
        0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF, /* body */
        INIT                /* @32 */),
  EXPECT(ISSUE(LARGE_RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "lh-large-type-1-allow-unknown-is-warning", .suite = S_LARGE_HEADER, ALLOW_UNKNOWN,
  WORDS(MAGIC, 0x000000100000001F /* type 15, size 1, large type 1 */),
  EXPECT(ISSUE(LARGE_RECORD_TYPE_UNKNOWN, 8)) },
{ .name = "lh-size-zero-stops", .suite = S_LARGE_HEADER,
  WORDS(MAGIC,
        0x000000000000000F, /* @8 type 15, size 0 */
        0x000000000000001A  /* not reached */),
  EXPECT(ISSUE(RECORD_SIZE_ZERO, 8)) },
{ .name = "lh-size-4096-words-uses-32-bit-size", .suite = S_LARGE_HEADER,
  /* a 12-bit reader would see size 0 here */
  WORDS(MAGIC,
        0x000001000001000F, /* @8 type 15, size 0x1000, large type 0, format 1 */
        0x0000000000000000, /* format header: cat 0 (empty), name 0 (empty) */
        0x0000000000007FE8  /* blob size 32744 = 4093 words */),
  .fill_len = 32744, .fill_byte = 0x5A,
  TAIL(0x0000000000000021, /* @8+4096*8 = 32776: init, size 2 */
       0x0000000000000000  /* 0 ticks */),
  EXPECT(ISSUE_AT(INIT_ZERO_TICKS, 32776, 32784)) },
{ .name = "lh-size-past-end-truncated", .suite = S_LARGE_HEADER,
  WORDS(MAGIC,
        0x000001000100000F, /* @8 type 15, size 0x100000, large type 0, format 1 */
        0x0000000000000000, 0x0000000000000000),
  EXPECT(ISSUE(TRUNCATED, 8)) },
{ .name = "lh-size-max-32-bit-truncated", .suite = S_LARGE_HEADER,
  WORDS(MAGIC,
        0x0000010FFFFFFFFF, /* @8 type 15, size 0xffffffff, large type 0, format 1 */
        0x0000000000000000),
  EXPECT(ISSUE(TRUNCATED, 8)),
  .msg_has = "34359738360 bytes" /* 0xffffffff words: bit 35 of the header is read */ },
{ .name = "lh-large-type-8-unknown", .suite = S_LARGE_HEADER,
  WORDS(MAGIC, 0x000000800000001F /* @8 type 15, size 1, large type 8 (bit 39) */),
  EXPECT(ISSUE(LARGE_RECORD_TYPE_UNKNOWN, 8)) },

/* ===================== Magic number record =============================== */
{ .name = "magic-only", .suite = S_MAGIC, WORDS(MAGIC) },
{ .name = "magic-le-bytes-from-spec", .suite = S_MAGIC, BYTES(MAGIC_LE_BYTES) },
{ .name = "magic-be-bytes-from-spec", .suite = S_MAGIC, .big_endian = 1, BYTES(MAGIC_BE_BYTES) },
{ .name = "magic-bad-number", .suite = S_MAGIC,
  WORDS(0x0016547847040010 /* magic field 0x16547847 */),
  EXPECT(ISSUE(MAGIC_BAD_NUMBER, 0)) },
{ .name = "magic-bad-number-zero", .suite = S_MAGIC,
  WORDS(0x0000000000040010 /* metadata size 1, meta type 4, trace info 0, magic field 0 */),
  EXPECT(ISSUE(MAGIC_BAD_NUMBER, 0)) },
{ .name = "magic-bad-size-2", .suite = S_MAGIC,
  WORDS(0x0016547846040020, /* magic with size 2 */
        0x0000000000000000),
  EXPECT(ISSUE(MAGIC_BAD_SIZE, 0)) },
{ .name = "magic-bad-number-bit-55", .suite = S_MAGIC,
  WORDS(0x0096547846040010 /* magic field 0x96547846: bit 31 of the number (bit 55) */),
  EXPECT(ISSUE(MAGIC_BAD_NUMBER, 0)) },
{ .name = "magic-reserved-bit-56", .suite = S_MAGIC,
  WORDS(0x0116547846040010 /* magic + bit 56 */),
  EXPECT(ISSUE(MAGIC_RESERVED_BITS, 0)) },
{ .name = "magic-reserved-bit-63", .suite = S_MAGIC,
  WORDS(0x8016547846040010 /* magic + bit 63 */, INIT),
  EXPECT(ISSUE(MAGIC_RESERVED_BITS, 0)) },
{ .name = "magic-reserved-allow-unknown-still-error", .suite = S_MAGIC, ALLOW_UNKNOWN,
  WORDS(0x0116547846040010 /* magic + bit 56 */),
  EXPECT(ISSUE(MAGIC_RESERVED_BITS, 0)) },
{ .name = "magic-missing", .suite = S_MAGIC,
  WORDS(INIT /* @0 init, no magic anywhere */),
  EXPECT(ISSUE(MAGIC_MISSING, 0)) },
{ .name = "magic-not-first", .suite = S_MAGIC,
  WORDS(INIT,  /* @0 */
        MAGIC  /* @16 */),
  EXPECT(ISSUE(MAGIC_NOT_FIRST, 16)) },

/* Issue 11 defect 2: a big-endian magic record whose number is right but
 * whose other fields are wrong: the byte order is recognised by the magic
 * number field [24..55] (bytes 1..4 = 16 54 78 46 in a big-endian word),
 * then the magic rules apply. (A wrong magic number leaves nothing to
 * recognise the byte order by: NOTES.md "Revisions", so no BE E0014 case.) */
{ .name = "magic-be-reserved-bit-56", .suite = S_MAGIC, .big_endian = 1,
  BYTES(0x01, 0x16, 0x54, 0x78, 0x46, 0x04, 0x00, 0x10, /* @0 magic, bit 56 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, /* @8 init: size 2 */
        0x00, 0x00, 0x00, 0x00, 0x3B, 0x9A, 0xCA, 0x00  /* 1e9 */),
  EXPECT(ISSUE(MAGIC_RESERVED_BITS, 0)) },
{ .name = "magic-be-reserved-bit-63", .suite = S_MAGIC, .big_endian = 1,
  BYTES(0x80, 0x16, 0x54, 0x78, 0x46, 0x04, 0x00, 0x10 /* @0 magic, bit 63 */),
  EXPECT(ISSUE(MAGIC_RESERVED_BITS, 0)) },
{ .name = "magic-be-bad-size-2", .suite = S_MAGIC, .big_endian = 1,
  BYTES(0x00, 0x16, 0x54, 0x78, 0x46, 0x04, 0x00, 0x20, /* @0 magic with size 2 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, /* @16 init: size 2 */
        0x00, 0x00, 0x00, 0x00, 0x3B, 0x9A, 0xCA, 0x00),
  EXPECT(ISSUE(MAGIC_BAD_SIZE, 0)) },

/* ===================== Atoms: padding, UTF-8, string limits ============== */
{ .name = "pad-string-record-last-byte", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x0000000300010022, /* @8 string: size 2, index 1, len 3 */
        0x0100000000746163  /* "cat", pad byte 7 = 01 */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 8, 23)) },
{ .name = "pad-string-record-first-pad-byte", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x0000000300010022, /* @8 string: size 2, index 1, len 3 */
        0x0000000001746163  /* "cat", pad byte 3 (the first) = 01 */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 8, 19)) },
{ .name = "pad-event-inline-name", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x8004800300000064, /* @8 event: size 6, et 0, thread 0 (inline), cat 0x8003, name 0x8004 */
        0x00000000000003E8, /* ts 1000 */
        0x0000000000001234, /* pid */
        0x0000000000005678, /* tid */
        0x0000000000746163, /* "cat" */
        0x00FF0000656D616E  /* "name", pad byte 6 = ff */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 8, 54)) },
{ .name = "pad-arg-name", .suite = S_ATOMS,
  WORDS(PRE,
        0x0002000101100044, /* @64 event: size 4, et 0, 1 arg, thread 1, cat 1, name 2 */
        0x00000000000003E8, /* ts */
        0x0000000080010020, /* arg null: size 2, name 0x8001 */
        0x000000000000FF6B  /* "k", pad byte 1 = ff */),
  EXPECT(ISSUE_AT(PADDING_NONZERO, 64, 89)) },
{ .name = "utf8-byte-ff", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000100010022 /* string: size 2, index 1, len 1 */, 0x00000000000000FF),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-byte-fe", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000100010022 /* string: size 2, index 1, len 1 */, 0x00000000000000FE),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-overlong-2-byte-nul", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000200010022 /* string: size 2, index 1, len 2 */, 0x00000000000080C0 /* c0 80 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-overlong-2-byte-c1", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000200010022 /* len 2 */, 0x000000000000BFC1 /* c1 bf = overlong U+007F */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-overlong-3-byte", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000300010022 /* len 3 */, 0x00000000008080E0 /* e0 80 80 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-overlong-4-byte", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000400010022 /* len 4 */, 0x00000000808080F0 /* f0 80 80 80 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-surrogate-d800", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000300010022 /* len 3 */, 0x000000000080A0ED /* ed a0 80 = U+D800 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-surrogate-dfff", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000300010022 /* len 3 */, 0x0000000000BFBFED /* ed bf bf = U+DFFF */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-above-10ffff", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000400010022 /* len 4 */, 0x00000000808090F4 /* f4 90 80 80 = U+110000 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-f5-lead", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000400010022 /* len 4 */, 0x00000000808080F5 /* f5 80 80 80 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-5-byte-form", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000500010022 /* len 5 */, 0x00000080808088F8 /* f8 88 80 80 80 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-cut-by-end-of-string", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000200010022 /* len 2 */, 0x00000000000082E2 /* e2 82 (needs 1 more) */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-cut-4-byte-by-end", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000300010022 /* len 3 */, 0x0000000000849DF0 /* f0 9d 84 (needs 1 more) */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-lone-continuation", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000100010022 /* len 1 */, 0x0000000000000080 /* 80 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-missing-continuation", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000200010022 /* len 2 */, 0x00000000000041C3 /* c3 41 */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 16)) },
{ .name = "utf8-valid-multibyte", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x0000000900010032, /* string: size 3, index 1, len 9 */
        0x849DF0AC82E2A9C3, /* c3 a9 (é) e2 82 ac (€) f0 9d 84 ... */
        0x000000000000009E  /* ... 9e (U+1D11E) + 7 zero bytes */) },
{ .name = "utf8-valid-max-code-point", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000400010022 /* len 4 */, 0x00000000BFBF8FF4 /* f4 8f bf bf = U+10FFFF */) },
{ .name = "utf8-valid-before-surrogates", .suite = S_ATOMS,
  WORDS(MAGIC, 0x0000000300010022 /* len 3 */, 0x0000000000BF9FED /* ed 9f bf = U+D7FF */) },
{ .name = "utf8-invalid-inline-event-name", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x8001000000000054, /* @8 event: size 5, et 0, thread 0, cat 0, name 0x8001 */
        0x00000000000003E8, /* ts */
        0x0000000000001234, /* pid */
        0x0000000000005678, /* tid */
        0x00000000000000FF  /* name: ff */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 8, 40)) },
{ .name = "utf8-invalid-string-arg-value", .suite = S_ATOMS,
  WORDS(PRE,
        0x0002000101100044, /* @64 event: size 4, et 0, 1 arg, thread 1, cat 1, name 2 */
        0x00000000000003E8, /* ts */
        0x0000800100020026, /* arg string: size 2, name 2, value 0x8001 */
        0x00000000000000C0  /* value: c0 (lead byte with nothing after) */),
  EXPECT(ISSUE_AT(UTF8_INVALID, 64, 88)) },
{ .name = "stream-exactly-8-bytes-no-padding", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x0000000800010022, /* string: size 2, index 1, len 8 */
        0x6867666564636261  /* "abcdefgh" */) },
{ .name = "inline-string-ref-length-0", .suite = S_ATOMS,
  WORDS(PRE,
        0x8000800001000024, /* @64 event: size 2, et 0, thread 1, cat 0x8000, name 0x8000 */
        0x00000000000003E8) },
{ .name = "string-32000-bytes-no-warning", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x00007D000001FA12 /* @8 string: size 4001, index 1, len 32000 */),
  .fill_len = 32000, .fill_byte = 'a' },
{ .name = "string-32001-bytes-too-long", .suite = S_ATOMS,
  WORDS(MAGIC,
        0x00007D010001FA22 /* @8 string: size 4002, index 1, len 32001 */),
  .fill_len = 32001, .fill_byte = 'a',
  EXPECT(ISSUE_AT(STRING_TOO_LONG, 8, 16)) },

/* ===================== Archives: framing ================================= */
{ .name = "empty-input", .suite = S_ARCHIVES, .input_given = 1,
  EXPECT(ISSUE(EMPTY_INPUT, 0)) },
{ .name = "truncated-length-not-multiple-of-8", .suite = S_ARCHIVES,
  BYTES(MAGIC_LE_BYTES,
        0x21, 0x00, 0x00 /* @8 3 bytes of an init header */),
  EXPECT(ISSUE(TRUNCATED, 8)) },
{ .name = "truncated-record-past-end", .suite = S_ARCHIVES,
  WORDS(MAGIC,
        0x0000000000000021 /* @8 init: size 2, only 1 word present */),
  EXPECT(ISSUE(TRUNCATED, 8)) },
{ .name = "truncated-inside-stream", .suite = S_ARCHIVES,
  BYTES(MAGIC_LE_BYTES,
        0x22, 0x00, 0x01, 0x00, 0x03, 0x00, 0x00, 0x00, /* @8 string: size 2, index 1, len 3 */
        0x63, 0x61, 0x74, 0x00                          /* "cat" + 1 of 5 pad bytes */),
  EXPECT(ISSUE(TRUNCATED, 8)) },
{ .name = "truncated-after-good-records", .suite = S_ARCHIVES,
  WORDS(PRE,
        0x0002000101000034, /* @64 event: size 3 (1 appended word), et 0, thread 1, cat 1, name 2 */
        0x00000000000003E8  /* ts; the appended word is missing */),
  EXPECT(ISSUE(TRUNCATED, 64)) },
{ .name = "size-zero-stops-before-truncation", .suite = S_ARCHIVES,
  BYTES(MAGIC_LE_BYTES,
        0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* @8 event size 0 */
        0x01, 0x02, 0x03                                 /* stray bytes, never read */),
  EXPECT(ISSUE(RECORD_SIZE_ZERO, 8)) },
{ .name = "archive-mixed-conforming", .suite = S_ARCHIVES,
  WORDS(MAGIC,              /* @0 */
        0x0040000000110020, /* @8 provider info: size 2, provider 1, name len 4 */
        0x00000000766F7270, /* "prov" */
        INIT,               /* @24 */
        0x0000000300010022, /* @40 string: size 2, index 1, len 3 */
        0x0000000000746163, /* "cat" */
        0x0000000400020022, /* @56 string: size 2, index 2, len 4 */
        0x00000000656D616E, /* "name" */
        0x0000000000010033, /* @72 thread: size 3, index 1 */
        0x0000000000001234, 0x0000000000005678,
        0x0002000101020024, /* @96 event: size 2, et 2 duration begin, thread 1, cat 1, name 2 */
        0x0000000000000064, /* ts 100 */
        0x0002000101010034, /* @112 event: size 3, et 1 counter */
        0x000000000000006E, /* ts 110 */
        0x0000000000000001, /* counter id 1 */
        0x0002000101030024, /* @136 event: size 2, et 3 duration end */
        0x0000000000000078, /* ts 120 */
        0x0000000002020027, /* @152 kernel object: size 2, obj type 2, name 2, 0 args */
        0x0000000000005678, /* koid */
        0x0000000100050039, /* @168 log: size 3, len 5, thread 1 */
        0x0000000000000082, /* ts 130 */
        0x0000006F6C6C6568, /* "hello" */
        0x0000000000130010, /* @192 provider event: size 1, provider 1, event 0 */
        0x0000000000120010  /* @200 provider section: size 1, provider 1 */) },
{ .name = "archive-big-endian-conforming", .suite = S_ARCHIVES, .big_endian = 1,
  /* words byte-swapped, streams in byte order */
  BYTES(MAGIC_BE_BYTES,                                   /* @0 */
        0x00, 0x00, 0x00, 0x03, 0x00, 0x01, 0x00, 0x22, /* @8 string: size 2, index 1, len 3 */
        0x63, 0x61, 0x74, 0x00, 0x00, 0x00, 0x00, 0x00, /* "cat" (a wrongly swapped stream has non-zero padding) */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x33, /* @24 thread: size 3, index 1 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x12, 0x34, /* pid 0x1234 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x56, 0x78, /* tid 0x5678 */
        0x80, 0x04, 0x00, 0x01, 0x01, 0x10, 0x00, 0x44, /* @48 event: size 4, et 0, 1 arg, thread 1, cat 1, name 0x8004 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xE8, /* ts 1000 */
        0x6E, 0x61, 0x6D, 0x65, 0x00, 0x00, 0x00, 0x00, /* "name" */
        0x00, 0x00, 0x00, 0x07, 0x00, 0x01, 0x00, 0x12, /* arg uint32: size 1, name 1, value 7 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x59, /* @80 log: size 5, len 5, thread 0 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0xD0, /* ts 2000 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x12, 0x34, /* pid */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x56, 0x78, /* tid */
        0x68, 0x65, 0x6C, 0x6C, 0x6F, 0x00, 0x00, 0x00, /* "hello" */
        0x00, 0x01, 0x00, 0x03, 0x00, 0x01, 0x00, 0x25, /* @120 blob: size 2, name 1, payload 3, type 1 */
        0x01, 0x02, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, /* payload 01 02 03 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, /* @136 init: size 2 */
        0x00, 0x00, 0x00, 0x00, 0x3B, 0x9A, 0xCA, 0x00  /* 1e9 */) },
{ .name = "archive-big-endian-large-blob", .suite = S_ARCHIVES, .big_endian = 1,
  BYTES(MAGIC_BE_BYTES,                                   /* @0 */
        0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x5F, /* @8 large: size 5, large type 0, format 1 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80, 0x03, /* format header: cat 0x8003, name 0 */
        0x63, 0x61, 0x74, 0x00, 0x00, 0x00, 0x00, 0x00, /* "cat" */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, /* blob size 3 */
        0x01, 0x02, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, /* payload */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, /* @48 init: size 2 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  /* 0 ticks -> E0023 */),
  EXPECT(ISSUE_AT(INIT_ZERO_TICKS, 48, 56)) },
{ .name = "archive-big-endian-with-issues", .suite = S_ARCHIVES, .big_endian = 1,
  BYTES(MAGIC_BE_BYTES,                                   /* @0 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, /* @8 init: size 2 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* 0 ticks -> E0023 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x00, 0x59, /* @24 log: size 5, len 5, thread 0 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0xD0, /* ts */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x12, 0x34, /* pid */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x56, 0x78, /* tid */
        0x68, 0x65, 0x6C, 0x6C, 0x6F, 0x00, 0x00, 0x01, /* "hello", last pad byte 01 -> E0007 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x44, /* @64 event: size 4, et 2 begin, thread 0, cat 0, name 0 */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0xD0, /* ts */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x12, 0x34, /* pid */
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x56, 0x78  /* tid; never ended -> W0031 */),
  EXPECT(ISSUE_AT(INIT_ZERO_TICKS, 8, 16), ISSUE_AT(PADDING_NONZERO, 24, 63), ISSUE(DURATION_BEGIN_UNENDED, 64)) },
};

const size_t spec_cases_framing_count = sizeof spec_cases_framing / sizeof spec_cases_framing[0];
