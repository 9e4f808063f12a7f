/* SPDX-License-Identifier: MIT */
/*
 * test_encode_rev.c - the encoder writes each revision's layout and refuses
 * what a revision cannot express (fxt_writer_set_revision).
 *
 * Expected words are literals worked out by hand from the revision texts
 * (../shared/spec/revisions/ and trace-format.md), never from the encoder,
 * format.h or the layout table. Revisions are numbered in the tests as
 * 0 = r1, 1 = r2, 2 = r3, 3 = current (fxt_revision's documented values).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "encode_check.h"
#include "fxt/encode.h"

#define R1 ((fxt_revision)0)
#define R2 ((fxt_revision)1)
#define R3 ((fxt_revision)2)
#define CUR ((fxt_revision)3)

static uint8_t g_buf[4096];

/* A writer on g_buf set to revision REV. */
static void start_rev(fxt_writer *w, fxt_revision rev, int be)
{
    start(w, g_buf, sizeof g_buf, be);
    ck_assert_int_eq(fxt_writer_set_revision(w, rev), FXT_ENC_OK);
}

/* R encodes under REV into exactly the words given (little-endian). */
static void rev_ok(fxt_revision rev, const fxt_record *r, const uint64_t *exp, size_t n, int line)
{
    fxt_writer w;
    start_rev(&w, rev, 0);
    fxt_enc_result rc = fxt_encode_record(&w, r);
    ck_assert_msg(rc == FXT_ENC_OK, "line %d, revision %d: %s", line, (int)rev,
                  fxt_enc_strerror(rc));
    expect_words(&w, 0, exp, n, line);
    ck_assert_msg(fxt_encoded_size(r, rev) == n * 8, "line %d: encoded_size", line);
}
#define REV_OK(rev, r, ...)                                 \
    do {                                                    \
        const uint64_t exp_[] = {__VA_ARGS__};              \
        rev_ok((rev), (r), exp_, NELEM(exp_), __LINE__);    \
    } while (0)

/* R is refused under REV with WANT, in both byte orders, nothing appended. */
static void rev_fails(fxt_revision rev, const fxt_record *r, fxt_enc_result want, int line)
{
    for (int be = 0; be <= 1; be++) {
        fxt_writer w;
        start_rev(&w, rev, be);
        fxt_enc_result rc = fxt_encode_record(&w, r);
        ck_assert_msg(rc == want, "line %d, revision %d: got %s, want %s", line, (int)rev,
                      fxt_enc_strerror(rc), fxt_enc_strerror(want));
        ck_assert_msg(w.len == 0, "line %d: %zu bytes appended by a refusal", line, w.len);
    }
    ck_assert_msg(fxt_encoded_size(r, rev) == 0, "line %d: encoded_size", line);
}
#define REV_FAILS(rev, r, want) rev_fails((rev), (r), (want), __LINE__)

/* An event on thread ref 1, category index 1, name index 2, timestamp 1000,
 * data word 7; EVENT_TYPE is the meaning in the current numbering. */
static fxt_record ev(unsigned event_type)
{
    fxt_record r = rec(4);
    r.u.event.event_type = event_type;
    r.u.event.thread.ref = 1;
    r.u.event.category.ref = 1;
    r.u.event.name.ref = 2;
    r.u.event.timestamp = 1000;
    r.u.event.data = 7;
    return r;
}

START_TEST(test_default_and_bad_revision)
{
    fxt_writer w;
    start(&w, g_buf, sizeof g_buf, 0);
    ck_assert_int_eq(w.revision, CUR);
    ck_assert_int_eq(fxt_writer_set_revision(&w, (fxt_revision)4), FXT_ENC_INVALID); /* auto */
    ck_assert_int_eq(fxt_writer_set_revision(&w, (fxt_revision)17), FXT_ENC_INVALID);
    ck_assert_int_eq(w.revision, CUR);
}
END_TEST

/* Header words (record type 4 at [0..3], size 3 at [4..15], event type at
 * [16..19], argc 0, thread 1 at [24..31], category 1 at [32..47], name 2 at
 * [48..63]): 0x0002000101_0T_0034 with T the event type number. */
START_TEST(test_event_numbering)
{
    /* async begin: 4 in r1 and r2, 5 from r3 on */
    fxt_record r = ev(5);
    REV_OK(R1, &r, 0x0002000101040034u, 1000, 7);
    REV_OK(R2, &r, 0x0002000101040034u, 1000, 7);
    REV_OK(R3, &r, 0x0002000101050034u, 1000, 7);
    REV_OK(CUR, &r, 0x0002000101050034u, 1000, 7);
    /* duration complete: none in r1/r2; 4 from r3 (the same header word as
     * r1's async begin) */
    r = ev(4);
    REV_FAILS(R1, &r, FXT_ENC_INVALID);
    REV_FAILS(R2, &r, FXT_ENC_INVALID);
    REV_OK(R3, &r, 0x0002000101040034u, 1000, 7);
    /* flow end: 9 in r1/r2, 10 after */
    r = ev(10);
    REV_OK(R1, &r, 0x0002000101090034u, 1000, 7);
    REV_OK(CUR, &r, 0x00020001010a0034u, 1000, 7);
    /* async instant 6 -> 5, flow begin 8 -> 7 */
    r = ev(6);
    REV_OK(R2, &r, 0x0002000101050034u, 1000, 7);
    r = ev(8);
    REV_OK(R1, &r, 0x0002000101070034u, 1000, 7);
    /* instant, counter, duration begin/end keep their numbers (0..3);
     * instant has no data word: size 2 */
    r = ev(0);
    REV_OK(R1, &r, 0x0002000101000024u, 1000);
    r = ev(3);
    REV_OK(R1, &r, 0x0002000101030024u, 1000);
    /* a meaning that does not exist anywhere */
    r = ev(11);
    REV_FAILS(CUR, &r, FXT_ENC_INVALID);
}
END_TEST

/* Boolean argument (type 9) from current only. Instant event with one
 * argument: header 0x0002000101100034 (argc 1 at [20..23], size 3), then the
 * argument word: type 9, size 1 (0x10), name index 3 at [16..31], value 1 at
 * [32..63]: 0x0000000100030019. */
START_TEST(test_bool_argument)
{
    fxt_record r = ev(0);
    r.argc = 1;
    r.args[0].type = 9;
    r.args[0].name.ref = 3;
    r.args[0].v.b = 1;
    REV_OK(CUR, &r, 0x0002000101100034u, 1000, 0x0000000100030019u);
    REV_FAILS(R3, &r, FXT_ENC_INVALID);
    REV_FAILS(R2, &r, FXT_ENC_INVALID);
    REV_FAILS(R1, &r, FXT_ENC_INVALID);
    /* a uint32 argument (type 2) is the same in every revision */
    r.args[0].type = 2;
    r.args[0].v.u32 = 5;
    REV_OK(R1, &r, 0x0002000101100034u, 1000, 0x0000000500030012u);
}
END_TEST

/* The magic number record (metadata type 4, trace info) exists from r3 on. */
START_TEST(test_magic_by_revision)
{
    fxt_writer w;
    for (int rev = 0; rev < 2; rev++) {
        start_rev(&w, (fxt_revision)rev, 0);
        ck_assert_int_eq(fxt_encode_magic(&w), FXT_ENC_INVALID);
        ck_assert_uint_eq(w.len, 0);
    }
    start_rev(&w, R3, 0);
    ck_assert_int_eq(fxt_encode_magic(&w), FXT_ENC_OK);
    EXPECT_WORDS(&w, 0, 0x0016547846040010u);
    fxt_record r = rec(0);
    r.u.meta.meta_type = 4;
    r.u.meta.magic = 0x16547846u;
    REV_FAILS(R2, &r, FXT_ENC_INVALID);
    REV_OK(R3, &r, 0x0016547846040010u);
}
END_TEST

/* Provider event metadata (type 3) from r2 on: size 1 (0x10), metadata
 * type 3 at [16..19], provider id 1 at [20..51], event 0 at [52..55]. */
START_TEST(test_provider_event_by_revision)
{
    fxt_record r = rec(0);
    r.u.meta.meta_type = 3;
    r.u.meta.provider_id = 1;
    REV_FAILS(R1, &r, FXT_ENC_INVALID);
    REV_OK(R2, &r, 0x0000000000130010u);
    REV_OK(CUR, &r, 0x0000000000130010u);
    /* provider info (type 1) exists everywhere: "ab" -> name length 2 at
     * [52..59], size 2 */
    r.u.meta.meta_type = 1;
    r.u.meta.name.data = "ab";
    r.u.meta.name.len = 2;
    REV_OK(R1, &r, 0x0020000000110020u, 0x0000000000006261u);
}
END_TEST

/* Large records (type 15) from r3 on. A large blob, format 1, empty
 * category and name, no payload: header type 15, size 3 at [4..35], large
 * type 0 at [36..39], format 1 at [40..43]: 0x000001000000003f; format
 * word 0; payload size 0. */
START_TEST(test_large_record_by_revision)
{
    fxt_record r = rec(15);
    r.large_type = 0;
    r.u.blob.format = 1;
    REV_FAILS(R1, &r, FXT_ENC_INVALID);
    REV_FAILS(R2, &r, FXT_ENC_INVALID);
    REV_OK(R3, &r, 0x000001000000003fu, 0, 0);
    REV_OK(CUR, &r, 0x000001000000003fu, 0, 0);
}
END_TEST

/* Blob record: name index 1 at [16..31], payload size 5 at [32..46] (r1:
 * [32..47]), blob type at [48..55]; size 2: 0x0001000500010025 for type 1.
 * Blob types: 1 only in r1/r2, 2 from r3, 3 from current. */
START_TEST(test_blob_by_revision)
{
    fxt_record r = rec(5);
    r.u.blob.blob_type = 1;
    r.u.blob.name.ref = 1;
    r.u.blob.payload = (const uint8_t *)"hello";
    r.u.blob.payload_size = 5;
    for (int rev = 0; rev < 4; rev++)
        REV_OK((fxt_revision)rev, &r, 0x0001000500010025u, 0x0000006f6c6c6568u);
    r.u.blob.blob_type = 2;
    REV_FAILS(R1, &r, FXT_ENC_INVALID);
    REV_FAILS(R2, &r, FXT_ENC_INVALID);
    REV_OK(R3, &r, 0x0002000500010025u, 0x0000006f6c6c6568u);
    r.u.blob.blob_type = 3;
    REV_FAILS(R3, &r, FXT_ENC_INVALID);
    REV_OK(CUR, &r, 0x0003000500010025u, 0x0000006f6c6c6568u);
    /* 32768 bytes: bit 47, part of the size only in r1, where the record
     * cannot hold that much anyway (4095 words): refused either way, as a
     * value too big */
    static uint8_t big[32768];
    r.u.blob.blob_type = 1;
    r.u.blob.payload = big;
    r.u.blob.payload_size = sizeof big;
    REV_FAILS(R1, &r, FXT_ENC_RANGE);
    REV_FAILS(R2, &r, FXT_ENC_RANGE);
}
END_TEST

/* Context switch (record type 8): cpu 3 at [16..23], state 2 at [24..27],
 * outgoing thread 1 at [28..35], incoming thread 2 at [36..43], size 2:
 * 0x0000002012030028. From r3, priorities at [44..51] and [52..59] (5 and
 * 6: 0x0060502012030028); in current the subtype at [60..63] is 0 for the
 * legacy layout; subtypes 1 and 2 exist only in current. */
START_TEST(test_context_switch_by_revision)
{
    fxt_record r = rec(8);
    r.u.sched.sched_type = 0;
    r.u.sched.cpu = 3;
    r.u.sched.state = 2;
    r.u.sched.out.ref = 1;
    r.u.sched.in.ref = 2;
    r.u.sched.timestamp = 1000;
    for (int rev = 0; rev < 4; rev++)
        REV_OK((fxt_revision)rev, &r, 0x0000002012030028u, 1000);
    r.u.sched.out_prio = 5;
    r.u.sched.in_prio = 6;
    REV_FAILS(R1, &r, FXT_ENC_RANGE);
    REV_FAILS(R2, &r, FXT_ENC_RANGE);
    REV_OK(R3, &r, 0x0060502012030028u, 1000);
    REV_OK(CUR, &r, 0x0060502012030028u, 1000);
    /* thread wakeup (subtype 2): cpu 3 at [20..35], size 3 (timestamp,
     * koid), subtype 2 at [60..63] */
    fxt_record k = rec(8);
    k.u.sched.sched_type = 2;
    k.u.sched.cpu = 3;
    k.u.sched.timestamp = 1000;
    k.u.sched.out.tid = 77;
    REV_OK(CUR, &k, 0x2000000000300038u, 1000, 77);
    REV_FAILS(R3, &k, FXT_ENC_INVALID);
    REV_FAILS(R1, &k, FXT_ENC_INVALID);
    k.u.sched.sched_type = 1;
    REV_FAILS(R3, &k, FXT_ENC_INVALID);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("encode-revisions");
    TCase *tc = tcase_create("revisions");
    tcase_add_test(tc, test_default_and_bad_revision);
    tcase_add_test(tc, test_event_numbering);
    tcase_add_test(tc, test_bool_argument);
    tcase_add_test(tc, test_magic_by_revision);
    tcase_add_test(tc, test_provider_event_by_revision);
    tcase_add_test(tc, test_large_record_by_revision);
    tcase_add_test(tc, test_blob_by_revision);
    tcase_add_test(tc, test_context_switch_by_revision);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
