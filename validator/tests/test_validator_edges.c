/* SPDX-License-Identifier: MIT */
/* Edges of the validator library that ordinary traces never reach: names
 * and lookups out of range, out of memory, the cap on issues held back while
 * a streamed record's head is decoded, padding checked across chunk
 * boundaries (and none in a skipped record or past the padding), a
 * duration end on an unknown thread or in an untracked provider, a
 * type-15 record of size 0 in a revision without large records, issues of
 * revisions that can no longer be reported in auto mode (counted, with
 * --allow-unknown, as warnings), and more unended begins than the
 * end-of-trace sort holds.
 *
 * Inputs are words built here with the format.h layout in mind; every
 * expected rule and offset is stated from that construction (the comments
 * say why), never taken from a validator run. Part of test_validator
 * (validator_tests.h): its allocation hook fails allocations on demand. */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/validate.h"
#include "validator_tests.h"

/* ---- helpers ---- */

typedef struct issues {
    fxt_issue v[128];
    size_t n;
} issues;

static void collect(void *ctx, const fxt_issue *is)
{
    issues *l = ctx;
    ck_assert_uint_lt(l->n, sizeof l->v / sizeof l->v[0]);
    l->v[l->n++] = *is;
}

static void put64(uint8_t *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(w >> (8 * i));
}

/* Validate BUF (revision REV, FLAGS) in chunks of CHUNK bytes (0: whole)
 * into *L; returns the validator's stats. */
static fxt_stats run(const uint8_t *buf, size_t len, size_t chunk, fxt_revision rev,
                     unsigned flags, issues *l, fxt_revision_verdict *vd)
{
    fxt_options o = fxt_options_default();
    o.on_issue = collect;
    o.ctx = l;
    o.revision = rev;
    o.flags = flags;
    l->n = 0;
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_ptr_nonnull(v);
    for (size_t at = 0; at < len;) {
        size_t n = chunk && chunk < len - at ? chunk : len - at;
        fxt_validator_feed(v, buf + at, n);
        at += n;
    }
    fxt_validator_finish(v);
    fxt_stats st;
    fxt_validator_stats(v, &st);
    if (vd)
        fxt_validator_verdicts(v, vd);
    fxt_validator_free(v);
    return st;
}

static void expect(const fxt_issue *is, fxt_rule rule, uint64_t rec, uint64_t field)
{
    ck_assert_msg(is->rule == rule && is->record_offset == rec && is->field_offset == field,
                  "expected %s at %llu (field %llu), got %s at %llu (field %llu): %s",
                  fxt_rule_get(rule)->id, (unsigned long long)rec, (unsigned long long)field,
                  fxt_rule_get(is->rule) ? fxt_rule_get(is->rule)->id : "?",
                  (unsigned long long)is->record_offset, (unsigned long long)is->field_offset,
                  is->message);
}

#define MAGIC 0x0016547846040010ull

/* ---- tests ---- */

START_TEST(lookups_out_of_range)
{
    ck_assert_ptr_null(fxt_rule_get(FXT_R_END_));
    ck_assert_ptr_null(fxt_rule_get((fxt_rule)1000));
    ck_assert_ptr_null(fxt_rule_at(fxt_rule_count()));
    ck_assert_ptr_nonnull(fxt_rule_at(fxt_rule_count() - 1));
    ck_assert_int_eq(fxt_rule_find(NULL), FXT_R_NONE);
    ck_assert_int_eq(fxt_rule_find(""), FXT_R_NONE);
    ck_assert_int_eq(fxt_rule_find("E000"), FXT_R_NONE);   /* a prefix of E0001 */
    ck_assert_int_eq(fxt_rule_find("E00041"), FXT_R_NONE); /* E0004 and more */
    ck_assert_int_eq(fxt_rule_find("record-too-small-"), FXT_R_NONE);
    ck_assert_int_eq(fxt_rule_find("RECORD-TOO-SMALL"), FXT_R_RECORD_TOO_SMALL);
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_CURRENT, 2), "duration-begin");
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_CURRENT, 16), "?");
    ck_assert_str_eq(fxt_event_type_name(FXT_REV_CURRENT, ~0u), "?");
}
END_TEST

START_TEST(out_of_memory)
{
    fxt_options o = fxt_options_default();
    uint8_t magic[8];
    put64(magic, MAGIC);
    fxt_stats st;
    memset(&st, 0x5a, sizeof st);
    g_fail_allocs = 1;
    fxt_validator *v = fxt_validator_new(&o);
    long rc = fxt_validate_buffer(magic, sizeof magic, &o, &st);
    g_fail_allocs = 0;
    ck_assert_ptr_null(v);
    ck_assert_int_eq(rc, -1);
    /* and with memory, the same call works */
    ck_assert_int_eq(fxt_validate_buffer(magic, sizeof magic, &o, &st), 0);
    ck_assert_uint_eq(st.records, 1);
}
END_TEST

/* A large blob with metadata (format 0) at offset 8, after the magic
 * record: inline thread, 15 string arguments each with 5 errors, and a
 * PAYLOAD-byte blob. Argument K (0..14) starts at 48 + 24 K:
 *   +0  header: type 6, 3 words, inline name and value of 1 byte, bit 48
 *       set (reserved [48..63])                            -> E0053 at +0
 *   +8  name 0xff (not UTF-8), padding byte 0x01            -> E0008 at +8, E0007 at +9
 *   +16 value 0xff, padding byte 0x02                       -> E0008 at +16, E0007 at +17
 * 75 errors in the record's head. */
static uint8_t *head_heavy_blob(size_t payload, size_t *len)
{
    size_t words = 1 + 1 + 3 + 15 * 3 + 1 + (payload + 7) / 8;
    uint8_t *b = calloc(1, 8 + words * 8);
    size_t at = 0;
    put64(b + at, MAGIC), at += 8;
    put64(b + at, 0xfull | ((uint64_t)words << 4)), at += 8; /* type 15, large type 0, format 0 */
    put64(b + at, 15ull << 32), at += 8; /* empty category and name, 15 args, inline thread */
    put64(b + at, 1000), at += 8;        /* timestamp */
    put64(b + at, 1), at += 8;           /* process koid */
    put64(b + at, 2), at += 8;           /* thread koid */
    for (int k = 0; k < 15; k++) {
        put64(b + at, 6u | (3u << 4) | (0x8001ull << 16) | (0x8001ull << 32) | (1ull << 48));
        b[at + 8] = 0xff, b[at + 9] = 1;
        b[at + 16] = 0xff, b[at + 17] = 2;
        at += 24;
    }
    put64(b + at, payload), at += 8;
    *len = at + (payload + 7) / 8 * 8;
    return b;
}

START_TEST(streamed_head_keeps_its_issues)
{
    size_t len;
    uint8_t *b = head_heavy_blob((1u << 20) + 5, &len); /* larger than the 1 MiB record buffer */
    static issues whole, chunked;
    /* whole buffer: the record lies whole in the chunk */
    fxt_stats st = run(b, len, 0, FXT_REV_CURRENT, 0, &whole, NULL);
    ck_assert_uint_eq(whole.n, 75);
    ck_assert_uint_eq(st.errors, 75);
    for (size_t i = 0; i < whole.n; i++) {
        uint64_t arg = 48 + 24 * (i / 5);
        static const fxt_rule k_rule[5] = {FXT_R_ARG_RESERVED_BITS, FXT_R_UTF8_INVALID,
                                           FXT_R_PADDING_NONZERO, FXT_R_UTF8_INVALID,
                                           FXT_R_PADDING_NONZERO};
        static const unsigned k_at[5] = {0, 8, 9, 16, 17};
        expect(&whole.v[i], k_rule[i % 5], 8, arg + k_at[i % 5]);
    }
    /* in 64 KiB chunks the head is decoded from the record buffer and its
     * issues are held until the record is complete: the same issues (the
     * most a head can have, 15 arguments' worth, all fit) */
    st = run(b, len, 1u << 16, FXT_REV_CURRENT, 0, &chunked, NULL);
    ck_assert_uint_eq(chunked.n, 75);
    for (size_t i = 0; i < chunked.n; i++)
        expect(&chunked.v[i], whole.v[i].rule, 8, whole.v[i].field_offset);
    ck_assert_uint_eq(st.errors, 75);
    ck_assert_uint_eq(st.records, 2);
    ck_assert_uint_eq(st.unchecked, 0);
    free(b);
}
END_TEST

/* A large blob of blob format FORMAT at 8 (empty category and name):
 * header, format header word, size word at 24, payload at 32 of 2^20 + 5
 * bytes, then 3 padding bytes at *PAD; only the last one is nonzero. */
static uint8_t *padded_blob(unsigned format, size_t *len, size_t *pad)
{
    const size_t payload = (1u << 20) + 5;
    size_t words = 3 + (payload + 7) / 8;
    *len = 8 + words * 8;
    *pad = 32 + payload;
    uint8_t *b = calloc(1, *len);
    put64(b, MAGIC);
    put64(b + 8, 0xfull | ((uint64_t)words << 4) | ((uint64_t)format << 40));
    put64(b + 24, payload);
    b[*pad + 2] = 0x7e;
    return b;
}

START_TEST(padding_checked_across_chunks)
{
    size_t len, pad;
    uint8_t *b = padded_blob(1, &len, &pad);
    static issues l;
    /* chunk boundaries before, inside and after the padding */
    const size_t splits[] = {pad - 1, pad, pad + 1, pad + 2, pad + 3, 4096};
    for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++) {
        fxt_options o = fxt_options_default();
        o.on_issue = collect;
        o.ctx = &l;
        l.n = 0;
        fxt_validator *v = fxt_validator_new(&o);
        size_t s = splits[i];
        if (s == 4096) { /* every byte of the padding in its own chunk */
            fxt_validator_feed(v, b, pad);
            for (size_t k = pad; k < len; k++)
                fxt_validator_feed(v, b + k, 1);
        } else {
            fxt_validator_feed(v, b, s);
            fxt_validator_feed(v, b + s, len - s);
        }
        fxt_validator_finish(v);
        fxt_validator_free(v);
        ck_assert_msg(l.n == 1, "split at %zu: %zu issues", s, l.n);
        expect(&l.v[0], FXT_R_PADDING_NONZERO, 8, pad + 2);
        ck_assert_uint_eq(l.v[0].field_len, 1);
        ck_assert_msg(strstr(l.v[0].message, "padding byte 2 ") != NULL, "%s", l.v[0].message);
    }
    free(b);
}
END_TEST

/* That large blob with blob format 2, which no revision defines
 * (header bits [40..43]): the record is skipped (fxt__undefined's "the
 * record is skipped"), so its nonzero padding byte is not reported, streamed
 * (over the 1 MiB record buffer, fed in parts) or not; the record is still
 * counted, and the issue is the header word's, at 8. */
START_TEST(skipped_streamed_record_has_no_padding_checks)
{
    size_t len, pad;
    uint8_t *b = padded_blob(2, &len, &pad);
    static issues l;
    const size_t chunks[] = {0, 4096, 1u << 16};
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        fxt_stats st = run(b, len, chunks[i], FXT_REV_CURRENT, 0, &l, NULL);
        ck_assert_msg(l.n == 1, "chunks of %zu: %zu issues", chunks[i], l.n);
        expect(&l.v[0], FXT_R_LARGE_BLOB_FORMAT_UNKNOWN, 8, 8);
        ck_assert_uint_eq(st.records, 2);
        ck_assert_uint_eq(st.by_type[15], 1);
        ck_assert_uint_eq(st.unchecked, 0);
    }
    free(b);
}
END_TEST

/* A format-1 large blob with clean padding and one word more than its
 * fields imply (record-size-extra, a warning: the spec lets writers append
 * to records), streamed and fed a byte at a time from its payload's end:
 * the bytes after the padding are no padding, so the only issue is the
 * extra word's, whatever the chunks. */
START_TEST(streamed_bytes_past_the_padding)
{
    size_t len, pad;
    uint8_t *b = padded_blob(1, &len, &pad);
    b[pad + 2] = 0; /* clean padding */
    uint8_t *x = calloc(1, len + 8);
    memcpy(x, b, len);
    put64(x + 8, 0xfull | ((uint64_t)(len / 8) << 4) | (1ull << 40)); /* one more word */
    static issues l;
    for (int bytewise = 0; bytewise <= 1; bytewise++) {
        fxt_options o = fxt_options_default();
        o.on_issue = collect;
        o.ctx = &l;
        l.n = 0;
        fxt_validator *v = fxt_validator_new(&o);
        fxt_validator_feed(v, x, bytewise ? pad - 8 : len + 8);
        for (size_t k = pad - 8; bytewise && k < len + 8; k++)
            fxt_validator_feed(v, x + k, 1);
        fxt_validator_finish(v);
        fxt_validator_free(v);
        ck_assert_msg(l.n == 1, "bytewise %d: %zu issues", bytewise, l.n);
        ck_assert_int_eq(l.v[0].rule, FXT_R_RECORD_SIZE_EXTRA);
        ck_assert_uint_eq(l.v[0].record_offset, 8);
    }
    free(x), free(b);
}
END_TEST

/* A duration end whose thread is an unregistered index (E0011) has no
 * thread, so it ends nothing: the begin on inline thread 1/2 stays open
 * (W0031 at its record, 8) and the end is not also called unmatched.
 * Begin: event type 2, 4 words (header, timestamp, inline process and
 * thread koids); end: event type 3, 2 words, thread ref 5 [24..31]. */
START_TEST(end_on_an_unknown_thread_ends_nothing)
{
    uint8_t b[8 + 32 + 16];
    put64(b, MAGIC);
    put64(b + 8, 4u | (4u << 4) | (2u << 16));
    put64(b + 16, 1000), put64(b + 24, 1), put64(b + 32, 2);
    put64(b + 40, 4u | (2u << 4) | (3u << 16) | (5u << 24));
    put64(b + 48, 2000);
    static issues l;
    run(b, sizeof b, 0, FXT_REV_CURRENT, 0, &l, NULL);
    ck_assert_uint_eq(l.n, 2);
    expect(&l.v[0], FXT_R_THREAD_REF_UNREGISTERED, 40, 40);
    ck_assert_int_eq(l.v[1].rule, FXT_R_DURATION_BEGIN_UNENDED);
    ck_assert_uint_eq(l.v[1].record_offset, 8);
}
END_TEST

/* In a provider past max_providers (1 here) nothing of the provider is
 * tracked, so a duration end there is not called unmatched: the one issue
 * is the tracking limit's (W0055), at provider 2's info record (16).
 * Provider info: type 0, 1 word, metadata type 1 [16..19], id [20..51];
 * provider section: metadata type 2; the end: event type 3, 4 words
 * (header, timestamp, inline process and thread koids). */
START_TEST(end_past_a_limit_claims_nothing)
{
    uint8_t b[8 * 4 + 32];
    put64(b, MAGIC);
    put64(b + 8, 0x0ull | (1ull << 4) | (1ull << 16) | (1ull << 20));
    put64(b + 16, 0x0ull | (1ull << 4) | (1ull << 16) | (2ull << 20));
    put64(b + 24, 0x0ull | (1ull << 4) | (2ull << 16) | (2ull << 20));
    put64(b + 32, 4u | (4u << 4) | (3u << 16));
    put64(b + 40, 1000), put64(b + 48, 1), put64(b + 56, 2);
    static issues l;
    fxt_options o = fxt_options_default();
    o.on_issue = collect;
    o.ctx = &l;
    o.max_providers = 1;
    l.n = 0;
    fxt_stats st;
    ck_assert_int_eq(fxt_validate_buffer(b, sizeof b, &o, &st), 0);
    ck_assert_uint_eq(l.n, 1);
    ck_assert_int_eq(l.v[0].rule, FXT_R_TRACKING_LIMIT);
    ck_assert_uint_eq(l.v[0].record_offset, 16);
    ck_assert(st.unchecked & FXT_UNCHECKED_PROVIDERS);
    /* likewise a thread past max_threads (1): a begin on 1/2 at 8, an end
     * on 1/3 at 40. The end's thread is not tracked (W0055 there) and the
     * end is not called unmatched; the begin is still open at the end of
     * the trace (W0031, end-of-trace issues last) */
    uint8_t t[8 + 32 + 32];
    put64(t, MAGIC);
    put64(t + 8, 4u | (4u << 4) | (2u << 16));
    put64(t + 16, 1000), put64(t + 24, 1), put64(t + 32, 2);
    put64(t + 40, 4u | (4u << 4) | (3u << 16));
    put64(t + 48, 2000), put64(t + 56, 1), put64(t + 64, 3);
    o.max_providers = fxt_options_default().max_providers;
    o.max_threads = 1;
    l.n = 0;
    ck_assert_int_eq(fxt_validate_buffer(t, sizeof t, &o, &st), 0);
    ck_assert_uint_eq(l.n, 2);
    ck_assert_int_eq(l.v[0].rule, FXT_R_TRACKING_LIMIT);
    ck_assert_uint_eq(l.v[0].record_offset, 40);
    ck_assert_int_eq(l.v[1].rule, FXT_R_DURATION_BEGIN_UNENDED);
    ck_assert_uint_eq(l.v[1].record_offset, 8);
    ck_assert(st.unchecked & FXT_UNCHECKED_THREADS);
}
END_TEST

START_TEST(type_15_of_size_0_by_revision)
{
    /* header word 0x0f: record type 15, every size bit 0 */
    uint8_t b[8];
    put64(b, 0xf);
    static issues l;
    /* r1 has no large records: type 15 is framed by its 12-bit size [4..15] */
    fxt_stats st = run(b, sizeof b, 0, FXT_REV_R1, 0, &l, NULL);
    ck_assert_uint_eq(l.n, 1);
    expect(&l.v[0], FXT_R_RECORD_SIZE_ZERO, 0, 0);
    ck_assert_int_eq(l.v[0].bit_lo, 4);
    ck_assert_int_eq(l.v[0].bit_hi, 15);
    ck_assert_int_eq(st.stopped, 1);
    /* current frames it by the 32-bit large size [4..35]; the missing magic
     * record is not reported after the stop */
    st = run(b, sizeof b, 0, FXT_REV_CURRENT, 0, &l, NULL);
    ck_assert_uint_eq(l.n, 1);
    expect(&l.v[0], FXT_R_RECORD_SIZE_ZERO, 0, 0);
    ck_assert_int_eq(l.v[0].bit_lo, 4);
    ck_assert_int_eq(l.v[0].bit_hi, 35);
    ck_assert_int_eq(st.stopped, 1);
}
END_TEST

/* A trace (no magic record) that is fine in current and wrong in r1..r3:
 *   0  thread record: index 2 = koids 1/2
 *  24  a current context switch (scheduling type 1 in bits [60..63]),
 *      state 2 in [36..39], 4 words: r1..r3 read a legacy context switch
 *      with inline outgoing thread (2 koid words) and incoming thread ref 2
 *      (bits [36..43]), whose bits [60..63] are reserved -> E0045 at 24
 *  56  an instant event, inline thread, two boolean arguments (type 9,
 *      current only) -> E0049 at 88 and 96 in r1..r3, which no longer can
 *      be reported (their first error was at 24): counted only
 * 104  event type 4, inline thread, time 100, data 200: in r3/current a
 *      duration complete ending at 200 (fine), in r1/r2 an async begin of
 *      id 200 that is never ended -> W0034 at 104, counted only
 * and r3/current warn that there is no magic record (W0012). */
static size_t old_lanes_trace(uint8_t *b)
{
    size_t at = 0;
    put64(b + at, 0x3u | (3u << 4) | (2u << 16)), at += 8;
    put64(b + at, 1), at += 8;
    put64(b + at, 2), at += 8;
    put64(b + at, 0x8u | (4u << 4) | (2ull << 36) | (1ull << 60)), at += 8;
    put64(b + at, 100), at += 8;
    put64(b + at, 5), at += 8;
    put64(b + at, 6), at += 8;
    put64(b + at, 0x4u | (6u << 4) | (2u << 20)), at += 8;
    put64(b + at, 100), at += 8;
    put64(b + at, 1), at += 8;
    put64(b + at, 2), at += 8;
    put64(b + at, 9u | (1u << 4) | (1ull << 32)), at += 8; /* true */
    put64(b + at, 9u | (1u << 4)), at += 8;                 /* false */
    put64(b + at, 0x4u | (5u << 4) | (4u << 16)), at += 8;
    put64(b + at, 100), at += 8;
    put64(b + at, 1), at += 8;
    put64(b + at, 2), at += 8;
    put64(b + at, 200), at += 8;
    return at;
}

START_TEST(revisions_stop_after_their_first_error)
{
    uint8_t b[18 * 8];
    size_t len = old_lanes_trace(b);
    ck_assert_uint_eq(len, sizeof b);
    static issues l;
    fxt_revision_verdict vd[FXT_REV_COUNT], va[FXT_REV_COUNT];
    run(b, len, 0, FXT_REV_AUTO, 0, &l, vd);
    /* delivered: the first error of r1/r2 (their reserved range [44..63])
     * and of r3 ([60..63]), after which they stop, and W0012 of current;
     * r3 reads [60..63] alike, so its issue is not r1/r2's */
    ck_assert_uint_eq(l.n, 3);
    expect(&l.v[0], FXT_R_SCHEDULING_RESERVED_BITS, 24, 24);
    expect(&l.v[1], FXT_R_SCHEDULING_RESERVED_BITS, 24, 24);
    unsigned r12 = FXT_REV_BIT(FXT_REV_R1) | FXT_REV_BIT(FXT_REV_R2);
    const fxt_issue *old = l.v[0].revisions == r12 ? &l.v[0] : &l.v[1];
    const fxt_issue *r3 = old == &l.v[0] ? &l.v[1] : &l.v[0];
    ck_assert_uint_eq(old->revisions, r12);
    ck_assert_int_eq(old->bit_lo, 44);
    ck_assert_uint_eq(r3->revisions, FXT_REV_BIT(FXT_REV_R3));
    ck_assert_int_eq(r3->bit_lo, 60);
    expect(&l.v[2], FXT_R_MAGIC_MISSING, 0, 0);
    ck_assert_uint_eq(l.v[2].revisions, FXT_REV_BIT(FXT_REV_CURRENT));
    /* r1, r2, r3: one error, then checking stopped after that record (56) */
    for (int r = FXT_REV_R1; r <= FXT_REV_R3; r++) {
        ck_assert_msg(vd[r].errors == 1 && vd[r].warnings == 0, "r%d: %llu errors, %llu warnings",
                      r + 1, (unsigned long long)vd[r].errors, (unsigned long long)vd[r].warnings);
        ck_assert_int_eq(vd[r].first_error, FXT_R_SCHEDULING_RESERVED_BITS);
        ck_assert_uint_eq(vd[r].first_error_offset, 24);
        ck_assert_int_eq(vd[r].complete, 0);
        ck_assert_uint_eq(vd[r].stop_offset, 56);
    }
    ck_assert_int_eq(vd[FXT_REV_CURRENT].conforms, 1);
    ck_assert_int_eq(vd[FXT_REV_CURRENT].complete, 1);
    ck_assert_uint_eq(vd[FXT_REV_CURRENT].warnings, 1);
    /* --allow-unknown changes nothing there: the reserved bits are errors */
    run(b, len, 0, FXT_REV_AUTO, FXT_OPT_ALLOW_UNKNOWN, &l, va);
    ck_assert_uint_eq(l.n, 3);
    for (int r = FXT_REV_R1; r <= FXT_REV_R3; r++)
        ck_assert(va[r].errors == 1 && !va[r].conforms && !va[r].complete);
    ck_assert_int_eq(va[FXT_REV_CURRENT].conforms, 1);
    /* each revision on its own goes on to the end: E0045 + 2 x E0049, and
     * in r1/r2 W0034 (event 4 is an async begin there), in r3 W0012 */
    for (int r = FXT_REV_R1; r <= FXT_REV_R3; r++) {
        fxt_revision_verdict one[FXT_REV_COUNT];
        fxt_stats st = run(b, len, 0, (fxt_revision)r, 0, &l, one);
        ck_assert_uint_eq(st.errors, 3);
        ck_assert_uint_eq(st.warnings, 1);
        ck_assert_int_eq(one[r].complete, 1);
        for (size_t i = 0; i < l.n; i++)
            if (l.v[i].rule == FXT_R_ARG_TYPE_UNKNOWN)
                ck_assert(l.v[i].field_offset == 88 || l.v[i].field_offset == 96);
            else if (l.v[i].rule == FXT_R_ASYNC_BEGIN_UNENDED)
                expect(&l.v[i], FXT_R_ASYNC_BEGIN_UNENDED, 104, 104);
    }
}
END_TEST

/* Unended begins are reported at the end sorted by offset, in rounds of
 * what the 1 MiB record buffer holds (18,724 of them). A trace of 26275
 * that are never ended: 820 threads (inline koids 1/T) with 32 duration
 * begins each, thread 821 with 40 (32 remembered, a summary (W0031) for
 * the 8 more at the first of them), an async begin and a flow begin.
 * Every one must be reported once, in the order of their offsets, on one
 * thread and on several (whose merges fill the tables in another order). */
typedef struct unended {
    uint64_t *off; /* W0031 record offsets seen (n55, off55: the summary) */
    size_t n31, n55, n34, n36;
    uint64_t off55, off34, off36;
    size_t other;
    uint64_t last;    /* the last offset reported */
    size_t unsorted;  /* reports at or before the one before */
} unended;

static void count_unended(void *ctx, const fxt_issue *is)
{
    unended *u = ctx;
    if (is->record_offset <= u->last)
        u->unsorted++;
    u->last = is->record_offset;
    switch (is->rule) {
    case FXT_R_DURATION_BEGIN_UNENDED: /* one by one, or the summary of those past them */
        if (strstr(is->message, "more duration begins") != NULL)
            u->n55++, u->off55 = is->record_offset;
        else
            u->off[u->n31++] = is->record_offset;
        break;
    case FXT_R_ASYNC_BEGIN_UNENDED: u->n34++, u->off34 = is->record_offset; break;
    case FXT_R_FLOW_BEGIN_UNENDED: u->n36++, u->off36 = is->record_offset; break;
    default: u->other++; break;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

START_TEST(unended_begins_past_the_sort_buffer)
{
    enum { THREADS = 820, PER = 32, LAST = 40, BEGINS = THREADS * PER + LAST };
    size_t len = 8 + (size_t)BEGINS * 32 + 2 * 40;
    uint8_t *b = malloc(len);
    uint64_t *want = malloc(BEGINS * sizeof *want), *got = malloc(BEGINS * sizeof *got);
    size_t at = 0, nw = 0;
    put64(b, MAGIC), at += 8;
    for (unsigned t = 1; t <= THREADS + 1; t++)
        for (unsigned k = 0; k < (t <= THREADS ? PER : LAST); k++) {
            if (k < PER)
                want[nw++] = at;
            put64(b + at, 4u | (4u << 4) | (2u << 16)); /* duration begin, inline thread */
            put64(b + at + 8, 1000 + k), put64(b + at + 16, 1), put64(b + at + 24, t);
            at += 32;
        }
    uint64_t first_past = at - (LAST - PER) * 32; /* the 33rd begin of thread 821 */
    uint64_t async_at = at, flow_at = at + 40;
    put64(b + at, 4u | (5u << 4) | (5u << 16)); /* async begin, id 7 */
    put64(b + at + 8, 5000), put64(b + at + 16, 1), put64(b + at + 24, 2), put64(b + at + 32, 7);
    at += 40;
    put64(b + at, 4u | (5u << 4) | (8u << 16)); /* flow begin, id 9 */
    put64(b + at + 8, 5000), put64(b + at + 16, 1), put64(b + at + 24, 2), put64(b + at + 32, 9);
    at += 40;
    ck_assert_uint_le(at, len);
    for (unsigned threads = 1; threads <= 2; threads++) {
        unended u = {got, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        fxt_options o = fxt_options_default();
        o.on_issue = count_unended;
        o.ctx = &u;
        o.threads = threads;
        o.task_bytes = 4096; /* (pieces of 128 begins) */
        fxt_stats st;
        ck_assert_int_eq(fxt_validate_buffer(b, at, &o, &st), 0);
        ck_assert_msg(u.unsorted == 0, "%u thread(s): %zu unended begins reported out of order",
                      threads, u.unsorted);
        ck_assert_uint_eq(u.other, 0);
        ck_assert_uint_eq(u.n31, THREADS * PER + PER);
        ck_assert_uint_eq(u.n55, 1);
        ck_assert_uint_eq(u.off55, first_past);
        ck_assert_uint_eq(u.n34, 1);
        ck_assert_uint_eq(u.off34, async_at);
        ck_assert_uint_eq(u.n36, 1);
        ck_assert_uint_eq(u.off36, flow_at);
        qsort(got, u.n31, sizeof *got, cmp_u64);
        ck_assert_uint_eq(nw, u.n31);
        for (size_t i = 0; i < nw; i++)
            ck_assert_msg(got[i] == want[i], "begin %zu: reported %llu, expected %llu", i,
                          (unsigned long long)got[i], (unsigned long long)want[i]);
        ck_assert_uint_eq(st.warnings, THREADS * PER + PER + 3);
    }
    free(b), free(want), free(got);
}
END_TEST

/* More open begins than the sort buffer holds, the earliest offered last:
 * 20,000 async begins (distinct ids) first in the trace, then 19,200
 * duration begins (600 threads, 32 each). The threads' begins are offered
 * first and fill the selection; the async ones, offered after them in the
 * table's hash order and earlier in the trace, must each replace the
 * latest one selected (sift_down). Every one reported once, in order. */
START_TEST(unended_begins_earliest_offered_last)
{
    enum { ASYNC = 20000, THREADS = 600, PER = 32, DURS = THREADS * PER };
    size_t len = 8 + (size_t)ASYNC * 40 + (size_t)DURS * 32;
    uint8_t *b = malloc(len);
    uint64_t *got = malloc(DURS * sizeof *got);
    size_t at = 0;
    put64(b, MAGIC), at += 8;
    for (unsigned k = 0; k < ASYNC; k++) {
        put64(b + at, 4u | (5u << 4) | (5u << 16)); /* async begin, inline thread 1/2, id K */
        put64(b + at + 8, 1000), put64(b + at + 16, 1), put64(b + at + 24, 2);
        put64(b + at + 32, k);
        at += 40;
    }
    const uint64_t dur_at = at;
    for (unsigned t = 1; t <= THREADS; t++)
        for (unsigned k = 0; k < PER; k++) {
            put64(b + at, 4u | (4u << 4) | (2u << 16)); /* duration begin, inline thread */
            put64(b + at + 8, 2000 + k), put64(b + at + 16, 1), put64(b + at + 24, t);
            at += 32;
        }
    ck_assert_uint_eq(at, len);
    unended u = {got, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    fxt_options o = fxt_options_default();
    o.on_issue = count_unended;
    o.ctx = &u;
    ck_assert_int_eq(fxt_validate_buffer(b, len, &o, NULL), 0);
    ck_assert_msg(u.unsorted == 0, "%zu unended begins reported out of order", u.unsorted);
    ck_assert_uint_eq(u.other, 0);
    ck_assert_uint_eq(u.n34, ASYNC);
    ck_assert_uint_eq(u.n31, DURS);
    ck_assert_uint_eq(u.n55, 0);
    ck_assert_uint_eq(got[0], dur_at);
    ck_assert_uint_eq(u.off34, dur_at - 40); /* (the last async begin: just before) */
    free(b), free(got);
}
END_TEST

/* An allocator that refuses blocks of a megabyte or more (the record
 * buffer, which the end's sort borrows). */
static void *small_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return n >= ((size_t)1 << 20) ? NULL : malloc(n);
}
static void *small_realloc(void *ctx, void *p, size_t old, size_t n)
{
    (void)ctx, (void)old;
    return n >= ((size_t)1 << 20) ? NULL : realloc(p, n);
}
static void small_free(void *ctx, void *p, size_t n)
{
    (void)ctx, (void)n;
    free(p);
}

/* Without memory for the sort's scratch, the unended begins are still
 * every one reported (in the tables' order), after the memory limit. */
START_TEST(unended_begins_without_scratch_memory)
{
    uint8_t b[8 + 32 + 40 + 40];
    put64(b, MAGIC);
    put64(b + 8, 4u | (4u << 4) | (2u << 16)); /* duration begin, inline thread 1/2 */
    put64(b + 16, 1000), put64(b + 24, 1), put64(b + 32, 2);
    put64(b + 40, 4u | (5u << 4) | (5u << 16)); /* async begin, id 7 */
    put64(b + 48, 1000), put64(b + 56, 1), put64(b + 64, 2), put64(b + 72, 7);
    put64(b + 80, 4u | (5u << 4) | (8u << 16)); /* flow begin, id 9 */
    put64(b + 88, 1000), put64(b + 96, 1), put64(b + 104, 2), put64(b + 112, 9);
    const fxt_allocator al = {small_malloc, small_realloc, small_free, NULL};
    issues l;
    l.n = 0;
    fxt_options o = fxt_options_default();
    o.alloc = &al;
    o.on_issue = collect;
    o.ctx = &l;
    fxt_stats st;
    ck_assert_int_eq(fxt_validate_buffer(b, sizeof b, &o, &st), 0);
    ck_assert_uint_eq(st.unchecked, FXT_UNCHECKED_MEMORY);
    size_t dur = 0, async = 0, flow = 0;
    for (size_t i = 0; i < l.n; i++) {
        dur += l.v[i].rule == FXT_R_DURATION_BEGIN_UNENDED && l.v[i].record_offset == 8;
        async += l.v[i].rule == FXT_R_ASYNC_BEGIN_UNENDED && l.v[i].record_offset == 40;
        flow += l.v[i].rule == FXT_R_FLOW_BEGIN_UNENDED && l.v[i].record_offset == 80;
    }
    ck_assert_msg(dur == 1 && async == 1 && flow == 1,
                  "unended begins reported without scratch: %zu duration, %zu async, %zu flow "
                  "(of %zu issues)",
                  dur, async, flow, l.n);
    ck_assert_uint_eq(l.n, 4); /* (and the memory limit) */
}
END_TEST

TCase *validator_edges_tcase(void)
{
    TCase *tc = tcase_create("edges");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, lookups_out_of_range);
    tcase_add_test(tc, out_of_memory);
    tcase_add_test(tc, streamed_head_keeps_its_issues);
    tcase_add_test(tc, padding_checked_across_chunks);
    tcase_add_test(tc, skipped_streamed_record_has_no_padding_checks);
    tcase_add_test(tc, streamed_bytes_past_the_padding);
    tcase_add_test(tc, end_on_an_unknown_thread_ends_nothing);
    tcase_add_test(tc, end_past_a_limit_claims_nothing);
    tcase_add_test(tc, type_15_of_size_0_by_revision);
    tcase_add_test(tc, revisions_stop_after_their_first_error);
    tcase_add_test(tc, unended_begins_past_the_sort_buffer);
    tcase_add_test(tc, unended_begins_earliest_offered_last);
    tcase_add_test(tc, unended_begins_without_scratch_memory);
    return tc;
}
