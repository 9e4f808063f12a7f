/* SPDX-License-Identifier: MIT */
/*
 * test_encode.c - unit tests of the reference encoder (generator/encode.c).
 *
 * Every expected word below is a literal worked out by hand from the field
 * lists of trace-format.md, never produced by the encoder or by format.h, so
 * a wrong position in format.h fails here too. Stream words are written as a
 * little-endian word of the padded bytes ("hello" -> 0x0000006f6c6c6568).
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "encode_check.h"
#include "fxt/encode.h"

static void expect_bytes(const fxt_writer *w, const uint8_t *exp, size_t n, int line)
{
    ck_assert_msg(w->len == n, "line %d: %zu bytes written, want %zu", line, w->len, n);
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(w->buf[i] == exp[i], "line %d: byte %zu is 0x%02x, want 0x%02x", line, i,
                      w->buf[i], exp[i]);
}
#define EXPECT_BYTES(w, ...)                                  \
    do {                                                      \
        const uint8_t exp_[] = {__VA_ARGS__};                 \
        expect_bytes((w), exp_, NELEM(exp_), __LINE__);       \
    } while (0)

/* Encode R and check fxt_encoded_size() predicted exactly what was appended. */
static void encode_ok(fxt_writer *w, const fxt_record *r, int line)
{
    size_t before = w->len;
    fxt_enc_result rc = fxt_encode_record(w, r);
    ck_assert_msg(rc == FXT_ENC_OK, "line %d: %s", line, fxt_enc_strerror(rc));
    size_t predicted = fxt_encoded_size(r, w->revision);
    ck_assert_msg(predicted == w->len - before, "line %d: encoded_size %zu, wrote %zu", line,
                  predicted, w->len - before);
}
#define ENCODE_OK(w, r) encode_ok((w), (r), __LINE__)

/* R must be rejected with WANT in both byte orders, leaving the writer as it
 * was: nothing appended (w.len unchanged) and what was written before intact.
 * (The free space past w.len is the encoder's scratch: see encode.h.) The
 * buffer is large enough for any record the tests build, so NOSPACE can
 * never hide the real answer. */
static void encode_fails(const fxt_record *r, fxt_enc_result want, int line)
{
    const size_t cap = 40000;
    uint8_t *buf = malloc(cap);
    ck_assert(buf != NULL);
    for (int be = 0; be <= 1; be++) {
        fxt_writer w;
        start(&w, buf, cap, be);
        ck_assert(fxt_write_word(&w, 0x1122334455667788u) == FXT_ENC_OK);
        fxt_enc_result rc = fxt_encode_record(&w, r);
        ck_assert_msg(rc == want, "line %d: got %d (%s), want %d", line, (int)rc,
                      fxt_enc_strerror(rc), (int)want);
        ck_assert_msg(w.len == 8, "line %d: len %zu after a failure", line, w.len);
        ck_assert_msg(fxt_load_word(buf, be) == 0x1122334455667788u,
                      "line %d: earlier output changed by a failure", line);
    }
    ck_assert_msg(fxt_encoded_size(r, FXT_REV_CURRENT) == 0, "line %d: encoded_size of a bad record",
                  line);
    free(buf);
}
#define ENCODE_FAILS(r, want) encode_fails((r), (want), __LINE__)

/* ---- metadata, initialization, string and thread records --------------------- */

START_TEST(test_magic)
{
    uint8_t buf[64];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    ck_assert_int_eq(fxt_encode_magic(&w), FXT_ENC_OK);
    EXPECT_WORDS(&w, 0, 0x0016547846040010u);
    /* The spec spells out the little-endian bytes. */
    EXPECT_BYTES(&w, 0x10, 0x00, 0x04, 0x46, 0x78, 0x54, 0x16, 0x00);

    /* The same record through the model. */
    fxt_record r = rec(FXT_RT_METADATA);
    r.u.meta.meta_type = 4;
    r.u.meta.trace_info_type = 0;
    r.u.meta.magic = 0x16547846u;
    start(&w, buf, sizeof buf, 0);
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0016547846040010u);

    /* A wrong number is still encoded as given (negative tests need it). */
    r.u.meta.magic = 0x12345678u;
    start(&w, buf, sizeof buf, 0);
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0012345678040010u);
}
END_TEST

START_TEST(test_init)
{
    uint8_t buf[64];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1000000000u;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000000021u, 0x000000003b9aca00u);
}
END_TEST

START_TEST(test_string_record)
{
    uint8_t buf[128];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_STRING);

    /* 5 bytes: padded with three zero bytes (the buffer was 0xAA). */
    start(&w, buf, sizeof buf, 0);
    r.u.string.index = 1;
    r.u.string.data = "hello";
    r.u.string.len = 5;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000500010022u, 0x0000006f6c6c6568u);

    /* Exactly 8 bytes: no padding word; largest index. */
    start(&w, buf, sizeof buf, 0);
    r.u.string.index = 0x7fff;
    r.u.string.data = "abcdefgh";
    r.u.string.len = 8;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x000000087fff0022u, 0x6867666564636261u);

    /* 9 bytes: a second, mostly padding, word. */
    start(&w, buf, sizeof buf, 0);
    r.u.string.index = 0x1234;
    r.u.string.data = "abcdefghi";
    r.u.string.len = 9;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000912340032u, 0x6867666564636261u, 0x0000000000000069u);

    /* Empty string: header only (pointless but legal). */
    start(&w, buf, sizeof buf, 0);
    r.u.string.index = 2;
    r.u.string.data = NULL;
    r.u.string.len = 0;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000020012u);
}
END_TEST

START_TEST(test_thread_record)
{
    uint8_t buf[64];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_THREAD);
    start(&w, buf, sizeof buf, 0);
    r.u.thread.index = 3;
    r.u.thread.pid = 0x1234;
    r.u.thread.tid = 0x5678;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000030033u, 0x0000000000001234u, 0x0000000000005678u);

    start(&w, buf, sizeof buf, 0);
    r.u.thread.index = 255;
    r.u.thread.pid = UINT64_MAX;
    r.u.thread.tid = 1;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000ff0033u, 0xffffffffffffffffu, 0x0000000000000001u);
}
END_TEST

START_TEST(test_provider_metadata)
{
    uint8_t buf[512];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_METADATA);

    /* Provider info: id 0x12345678, name "prov". */
    start(&w, buf, sizeof buf, 0);
    r.u.meta.meta_type = 1;
    r.u.meta.provider_id = 0x12345678u;
    r.u.meta.name.data = "prov";
    r.u.meta.name.len = 4;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0041234567810020u, 0x00000000766f7270u);

    /* Largest id, empty name: the id must not spill into the length. */
    start(&w, buf, sizeof buf, 0);
    r.u.meta.provider_id = 0xffffffffu;
    r.u.meta.name.data = NULL;
    r.u.meta.name.len = 0;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x000ffffffff10010u);

    /* Longest name: 255 bytes = 32 words. */
    char name[255];
    memset(name, 'n', sizeof name);
    start(&w, buf, sizeof buf, 0);
    r.u.meta.provider_id = 1;
    r.u.meta.name.data = name;
    r.u.meta.name.len = 255;
    ENCODE_OK(&w, &r);
    ck_assert_uint_eq(w.len, 33 * 8);
    ck_assert_uint_eq(le_word(buf), 0x0ff0000000110210u);
    ck_assert_uint_eq(le_word(buf + 32 * 8), 0x006e6e6e6e6e6e6eu);

    /* Provider section, id 7. */
    r = rec(FXT_RT_METADATA);
    start(&w, buf, sizeof buf, 0);
    r.u.meta.meta_type = 2;
    r.u.meta.provider_id = 7;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000720010u);

    /* Provider event: id 9, event 0 (buffer full); then largest both. */
    start(&w, buf, sizeof buf, 0);
    r.u.meta.meta_type = 3;
    r.u.meta.provider_id = 9;
    r.u.meta.event_id = 0;
    ENCODE_OK(&w, &r);
    r.u.meta.provider_id = 0xffffffffu;
    r.u.meta.event_id = 15;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000930010u, 0x00fffffffff30010u);
}
END_TEST

/* ---- events --------------------------------------------------------------------- */

/* Thread ref 1, category index 2, name index 3, timestamp 1000, data 0x77. */
static const uint64_t event_headers[11] = {
    0x0003000201000024u, /* 0 instant: 2 words */
    0x0003000201010034u, /* 1 counter: + counter id */
    0x0003000201020024u, /* 2 duration begin */
    0x0003000201030024u, /* 3 duration end */
    0x0003000201040034u, /* 4 duration complete: + end time */
    0x0003000201050034u, /* 5 async begin: + correlation id */
    0x0003000201060034u, /* 6 async instant */
    0x0003000201070034u, /* 7 async end */
    0x0003000201080034u, /* 8 flow begin: + flow id */
    0x0003000201090034u, /* 9 flow step */
    0x00030002010a0034u, /* 10 flow end */
};

START_TEST(test_event_types_indexed)
{
    unsigned et = (unsigned)_i;
    uint8_t buf[64];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = rec(FXT_RT_EVENT);
    r.u.event.event_type = et;
    r.u.event.thread = fxt_thread_indexed(1);
    r.u.event.category = fxt_str_indexed(2);
    r.u.event.name = fxt_str_indexed(3);
    r.u.event.timestamp = 1000;
    r.u.event.data = 0x77;
    ENCODE_OK(&w, &r);
    if (et == 0 || et == 2 || et == 3)
        EXPECT_WORDS(&w, 0, event_headers[et], 0x00000000000003e8u);
    else
        EXPECT_WORDS(&w, 0, event_headers[et], 0x00000000000003e8u, 0x0000000000000077u);
}
END_TEST

START_TEST(test_event_inline)
{
    uint8_t buf[128];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_EVENT);

    /* Counter, inline thread (pid 10, tid 11), inline category and name:
     * header, timestamp, pid, tid, category, name, counter id. */
    start(&w, buf, sizeof buf, 0);
    r.u.event.event_type = 1;
    r.u.event.thread = fxt_thread_inline(10, 11);
    r.u.event.category = fxt_str_cstr("cat");
    r.u.event.name = fxt_str_cstr("name");
    r.u.event.timestamp = 123456789;
    r.u.event.data = 0x1122334455667788u;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x8004800300010074u, 0x00000000075bcd15u, 0x000000000000000au,
                 0x000000000000000bu, 0x0000000000746163u, 0x00000000656d616eu,
                 0x1122334455667788u);

    /* Duration complete, thread 7, 8-byte inline category (no padding),
     * empty name (ref 0): header, timestamp, category, end time. */
    start(&w, buf, sizeof buf, 0);
    r.u.event.event_type = 4;
    r.u.event.thread = fxt_thread_indexed(7);
    r.u.event.category = fxt_str_cstr("category");
    r.u.event.name = fxt_str_indexed(0);
    r.u.event.timestamp = 5;
    r.u.event.data = 6;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000800807040044u, 0x0000000000000005u, 0x79726f6765746163u,
                 0x0000000000000006u);

    /* Inline refs of length 0 (0x8000) are well-formed and add no stream. */
    start(&w, buf, sizeof buf, 0);
    r.u.event.event_type = 0;
    r.u.event.thread = fxt_thread_indexed(1);
    r.u.event.category = fxt_str_cstr("");
    r.u.event.name = fxt_str_inline(NULL, 0);
    r.u.event.timestamp = 1000;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x8000800001000024u, 0x00000000000003e8u);
}
END_TEST

/* ---- arguments -------------------------------------------------------------------- */

static fxt_record instant_1_2_3(void)
{
    fxt_record r = rec(FXT_RT_EVENT);
    r.u.event.event_type = 0;
    r.u.event.thread = fxt_thread_indexed(1);
    r.u.event.category = fxt_str_indexed(2);
    r.u.event.name = fxt_str_indexed(3);
    r.u.event.timestamp = 1000;
    return r;
}

START_TEST(test_args_every_type)
{
    uint8_t buf[512];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = instant_1_2_3();
    fxt_arg *a = r.args;
    a[0].type = 0; /* null */
    a[0].name = fxt_str_indexed(5);
    a[1].type = 1; /* int32 -5 */
    a[1].name = fxt_str_indexed(6);
    a[1].v.i32 = -5;
    a[2].type = 2; /* uint32 */
    a[2].name = fxt_str_indexed(7);
    a[2].v.u32 = 0xdeadbeefu;
    a[3].type = 3; /* int64 -2 */
    a[3].name = fxt_str_indexed(8);
    a[3].v.i64 = -2;
    a[4].type = 4; /* uint64 */
    a[4].name = fxt_str_indexed(9);
    a[4].v.u64 = 0xfedcba9876543210u;
    a[5].type = 5; /* double 1.5 */
    a[5].name = fxt_str_indexed(10);
    a[5].v.f64 = 1.5;
    a[6].type = 6; /* string: inline name "k", inline value "value" */
    a[6].name = fxt_str_cstr("k");
    a[6].str = fxt_str_cstr("value");
    a[7].type = 7; /* pointer */
    a[7].name = fxt_str_indexed(11);
    a[7].v.u64 = 0x00007fffdeadbeefu;
    a[8].type = 8; /* koid */
    a[8].name = fxt_str_indexed(12);
    a[8].v.u64 = 0x1234;
    a[9].type = 9; /* bool true */
    a[9].name = fxt_str_indexed(13);
    a[9].v.b = 1;
    r.argc = 10;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0,
                 0x0003000201a00134u, 0x00000000000003e8u,
                 0x0000000000050010u,                        /* null */
                 0xfffffffb00060011u,                        /* int32 */
                 0xdeadbeef00070012u,                        /* uint32 */
                 0x0000000000080023u, 0xfffffffffffffffeu,   /* int64 */
                 0x0000000000090024u, 0xfedcba9876543210u,   /* uint64 */
                 0x00000000000a0025u, 0x3ff8000000000000u,   /* double */
                 0x0000800580010036u, 0x000000000000006bu,   /* string: header, "k" */
                 0x00000065756c6176u,                        /*   "value" */
                 0x00000000000b0027u, 0x00007fffdeadbeefu,   /* pointer */
                 0x00000000000c0028u, 0x0000000000001234u,   /* koid */
                 0x00000001000d0019u);                       /* bool */
}
END_TEST

START_TEST(test_args_edge_values)
{
    uint8_t buf[256];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = instant_1_2_3();
    fxt_arg *a = r.args;
    a[0].type = 9; /* bool false */
    a[0].name = fxt_str_indexed(14);
    a[0].v.b = 0;
    a[1].type = 5; /* double: a signalling NaN's payload must survive */
    a[1].name = fxt_str_indexed(15);
    a[1].v.u64 = 0x7ff0000000000123u;
    a[2].type = 6; /* string with indexed value: header only */
    a[2].name = fxt_str_indexed(16);
    a[2].str = fxt_str_indexed(17);
    a[3].type = 1; /* INT32_MIN */
    a[3].name = fxt_str_indexed(18);
    a[3].v.i32 = INT32_MIN;
    a[4].type = 3; /* 8-byte inline name, INT64_MIN */
    a[4].name = fxt_str_cstr("longname");
    a[4].v.i64 = INT64_MIN;
    r.argc = 5;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0,
                 0x00030002015000a4u, 0x00000000000003e8u,
                 0x00000000000e0019u,
                 0x00000000000f0025u, 0x7ff0000000000123u,
                 0x0000001100100016u,
                 0x8000000000120011u,
                 0x0000000080080033u, 0x656d616e676e6f6cu, 0x8000000000000000u);
}
END_TEST

/* Members of the model that the argument's type does not use are ignored:
 * a string value on a non-string argument, the upper half of the value
 * union behind a 32-bit member, the value of a null argument. (The encoder
 * selects by type with tables, so this pins that the masks are right.) */
START_TEST(test_args_unused_members_ignored)
{
    uint8_t buf[256];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = instant_1_2_3();
    fxt_arg *a = r.args;
    a[0].type = 1; /* int32 7 */
    a[0].name = fxt_str_indexed(14);
    a[0].v.u64 = ~(uint64_t)0;
    a[0].v.i32 = 7;
    a[0].str = fxt_str_cstr("junk");
    a[1].type = 4; /* uint64 */
    a[1].name = fxt_str_indexed(15);
    a[1].v.u64 = 0x0123456789abcdefu;
    a[1].str = fxt_str_cstr("junk");
    a[2].type = 0; /* null */
    a[2].name = fxt_str_indexed(16);
    a[2].v.u64 = ~(uint64_t)0;
    a[2].str = fxt_str_indexed(9);
    r.argc = 3;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0,
                 0x0003000201300064u, 0x00000000000003e8u,
                 0x00000007000e0011u,
                 0x00000000000f0024u, 0x0123456789abcdefu,
                 0x0000000000100010u);
}
END_TEST

START_TEST(test_args_fifteen)
{
    uint8_t buf[256];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = instant_1_2_3();
    for (unsigned i = 0; i < 15; i++) {
        r.args[i].type = 0;
        r.args[i].name = fxt_str_indexed((uint16_t)(i + 1));
    }
    r.argc = 15;
    ENCODE_OK(&w, &r);
    ck_assert_uint_eq(w.len, 17 * 8);
    /* size 17, argc 15 */
    ck_assert_uint_eq(le_word(buf), 0x0003000201f00114u);
    ck_assert_uint_eq(le_word(buf + 16), 0x0000000000010010u);
    ck_assert_uint_eq(le_word(buf + 16 * 8), 0x00000000000f0010u);
}
END_TEST

/* ---- blob, object, scheduling and log records ------------------------------------ */

START_TEST(test_blob)
{
    uint8_t buf[128];
    fxt_writer w;
    static const uint8_t payload[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    fxt_record r = rec(FXT_RT_BLOB);

    start(&w, buf, sizeof buf, 0);
    r.u.blob.name = fxt_str_cstr("blob");
    r.u.blob.blob_type = 1;
    r.u.blob.payload = payload;
    r.u.blob.payload_size = 10;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0001000a80040045u, 0x00000000626f6c62u, 0x0706050403020100u,
                 0x0000000000000908u);

    /* Indexed name, empty payload, Perfetto type. */
    start(&w, buf, sizeof buf, 0);
    r.u.blob.name = fxt_str_indexed(9);
    r.u.blob.blob_type = 3;
    r.u.blob.payload = NULL;
    r.u.blob.payload_size = 0;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0003000000090015u);
}
END_TEST

START_TEST(test_userspace_object)
{
    uint8_t buf[128];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_USERSPACE);

    /* Inline process: only the pid word follows the pointer (the tid is not
     * part of the record). */
    start(&w, buf, sizeof buf, 0);
    r.u.object.process = fxt_thread_inline(0x100, 0x999);
    r.u.object.name = fxt_str_indexed(7);
    r.u.object.id = 0xdeadbeefcafeu;
    r.args[0].type = 2;
    r.args[0].name = fxt_str_indexed(5);
    r.args[0].v.u32 = 42;
    r.argc = 1;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000010007000046u, 0x0000deadbeefcafeu, 0x0000000000000100u,
                 0x0000002a00050012u);

    /* Indexed process 2, inline name "obj", no arguments. */
    start(&w, buf, sizeof buf, 0);
    r.u.object.process = fxt_thread_indexed(2);
    r.u.object.name = fxt_str_cstr("obj");
    r.u.object.id = 0x1000;
    r.argc = 0;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000008003020036u, 0x0000000000001000u, 0x00000000006a626fu);
}
END_TEST

START_TEST(test_kernel_object)
{
    uint8_t buf[128];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = rec(FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 2; /* ZX_OBJ_TYPE_THREAD */
    r.u.object.name = fxt_str_cstr("thr");
    r.u.object.id = 0x42;
    r.args[0].type = 8;
    r.args[0].name = fxt_str_cstr("process");
    r.args[0].v.u64 = 0x41;
    r.argc = 1;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000018003020067u, 0x0000000000000042u, 0x0000000000726874u,
                 0x0000000080070038u, 0x00737365636f7270u, 0x0000000000000041u);
}
END_TEST

START_TEST(test_sched_legacy)
{
    uint8_t buf[128];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_SCHEDULING);

    /* cpu 3, state blocked, outgoing inline (1, 2), incoming index 5,
     * priorities 20 and 21. */
    start(&w, buf, sizeof buf, 0);
    r.u.sched.sched_type = 0;
    r.u.sched.cpu = 3;
    r.u.sched.state = 3;
    r.u.sched.out = fxt_thread_inline(1, 2);
    r.u.sched.in = fxt_thread_indexed(5);
    r.u.sched.out_prio = 20;
    r.u.sched.in_prio = 21;
    r.u.sched.timestamp = 999;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0151405003030048u, 0x00000000000003e7u, 0x0000000000000001u,
                 0x0000000000000002u);

    /* Every field at its maximum, both threads inline. */
    start(&w, buf, sizeof buf, 0);
    r.u.sched.cpu = 255;
    r.u.sched.state = 15;
    r.u.sched.out = fxt_thread_inline(2, 3);
    r.u.sched.in = fxt_thread_inline(4, 5);
    r.u.sched.out_prio = 255;
    r.u.sched.in_prio = 255;
    r.u.sched.timestamp = 1;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0ffff0000fff0068u, 0x0000000000000001u, 0x0000000000000002u,
                 0x0000000000000003u, 0x0000000000000004u, 0x0000000000000005u);
}
END_TEST

START_TEST(test_sched_context_switch)
{
    uint8_t buf[128];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = rec(FXT_RT_SCHEDULING);
    r.u.sched.sched_type = 1;
    r.u.sched.cpu = 0x1234;
    r.u.sched.state = 2;
    r.u.sched.timestamp = 5000;
    /* Only the thread koids are written; refs and pids are not. */
    r.u.sched.out = fxt_thread_inline(0xdead, 0x10);
    r.u.sched.in = fxt_thread_inline(0xbeef, 0x20);
    r.args[0].type = 1;
    r.args[0].name = fxt_str_indexed(9);
    r.args[0].v.i32 = 7;
    r.argc = 1;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x1000002123410058u, 0x0000000000001388u, 0x0000000000000010u,
                 0x0000000000000020u, 0x0000000700090011u);
}
END_TEST

START_TEST(test_sched_wakeup)
{
    uint8_t buf[128];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = rec(FXT_RT_SCHEDULING);
    r.u.sched.sched_type = 2;
    r.u.sched.cpu = 0xffff;
    r.u.sched.timestamp = 6000;
    r.u.sched.out = fxt_thread_inline(0xdead, 0x30);
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x2000000ffff00038u, 0x0000000000001770u, 0x0000000000000030u);
}
END_TEST

START_TEST(test_log)
{
    uint8_t buf[128];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_LOG);

    start(&w, buf, sizeof buf, 0);
    r.u.log.thread = fxt_thread_inline(1, 2);
    r.u.log.timestamp = 77;
    r.u.log.msg = "hello log";
    r.u.log.msg_len = 9;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000090069u, 0x000000000000004du, 0x0000000000000001u,
                 0x0000000000000002u, 0x6f6c206f6c6c6568u, 0x0000000000000067u);

    /* Indexed thread 200, empty message. */
    start(&w, buf, sizeof buf, 0);
    r.u.log.thread = fxt_thread_indexed(200);
    r.u.log.timestamp = 78;
    r.u.log.msg = NULL;
    r.u.log.msg_len = 0;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x000000c800000029u, 0x000000000000004eu);
}
END_TEST

/* ---- large blobs --------------------------------------------------------------------- */

START_TEST(test_large_blob_format0)
{
    uint8_t buf[256];
    fxt_writer w;
    uint8_t payload[20];
    for (unsigned i = 0; i < sizeof payload; i++)
        payload[i] = (uint8_t)(0x10 + i);
    fxt_record r = rec(FXT_RT_LARGE);
    r.large_type = 0;

    /* Indexed category 1, inline name "lb", thread index 4, one uint64
     * argument, 20 payload bytes. */
    start(&w, buf, sizeof buf, 0);
    r.u.blob.format = 0;
    r.u.blob.category = fxt_str_indexed(1);
    r.u.blob.name = fxt_str_cstr("lb");
    r.u.blob.thread = fxt_thread_indexed(4);
    r.u.blob.timestamp = 88;
    r.u.blob.payload = payload;
    r.u.blob.payload_size = 20;
    r.args[0].type = 4;
    r.args[0].name = fxt_str_indexed(2);
    r.args[0].v.u64 = 0xabc;
    r.argc = 1;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0,
                 0x00000000000000afu,                        /* type 15, size 10 */
                 0x0000004180020001u,                        /* format header */
                 0x000000000000626cu,                        /* "lb" */
                 0x0000000000000058u,                        /* timestamp */
                 0x0000000000020024u, 0x0000000000000abcu,   /* argument */
                 0x0000000000000014u,                        /* blob size 20 */
                 0x1716151413121110u, 0x1f1e1d1c1b1a1918u, 0x0000000023222120u);

    /* Inline category and name, inline thread, no args, empty payload. */
    start(&w, buf, sizeof buf, 0);
    r.u.blob.category = fxt_str_cstr("c");
    r.u.blob.name = fxt_str_cstr("n");
    r.u.blob.thread = fxt_thread_inline(0x10, 0x11);
    r.u.blob.timestamp = 89;
    r.u.blob.payload = NULL;
    r.u.blob.payload_size = 0;
    r.argc = 0;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x000000000000008fu, 0x0000000080018001u, 0x0000000000000063u,
                 0x000000000000006eu, 0x0000000000000059u, 0x0000000000000010u,
                 0x0000000000000011u, 0x0000000000000000u);
}
END_TEST

START_TEST(test_large_blob_format1)
{
    uint8_t buf[128];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    fxt_record r = rec(FXT_RT_LARGE);
    r.large_type = 0;
    r.u.blob.format = 1;
    r.u.blob.category = fxt_str_cstr("c");
    r.u.blob.name = fxt_str_indexed(2);
    /* Format 1 has no metadata: these must not be written. */
    r.u.blob.thread = fxt_thread_inline(0x10, 0x11);
    r.u.blob.timestamp = 89;
    r.u.blob.payload = (const uint8_t *)"ABCDEFGH";
    r.u.blob.payload_size = 8;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x000001000000005fu, 0x0000000000028001u, 0x0000000000000063u,
                 0x0000000000000008u, 0x4847464544434241u);
}
END_TEST

/* ---- extension words ------------------------------------------------------------------ */

START_TEST(test_extension_words)
{
    uint8_t buf[128];
    fxt_writer w;
    uint8_t extra[16];
    for (unsigned i = 0; i < sizeof extra; i++)
        extra[i] = (uint8_t)(i + 1);

    /* A 4-word initialization record: 2 appended words, copied as bytes. */
    start(&w, buf, sizeof buf, 0);
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1000;
    r.extra = extra;
    r.extra_words = 2;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000000041u, 0x00000000000003e8u, 0x0807060504030201u,
                 0x100f0e0d0c0b0a09u);

    /* An argument with one appended word (argument size 2) inside an event
     * that has one appended word of its own (record size 5). */
    start(&w, buf, sizeof buf, 0);
    r = instant_1_2_3();
    r.args[0].type = 2;
    r.args[0].name = fxt_str_indexed(5);
    r.args[0].v.u32 = 3;
    r.args[0].extra = (const uint8_t *)"EXTENSN!";
    r.args[0].extra_words = 1;
    r.argc = 1;
    r.extra = (const uint8_t *)"RECEXTRA";
    r.extra_words = 1;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0003000201100054u, 0x00000000000003e8u, 0x0000000300050022u,
                 0x214e534e45545845u, 0x4152545845434552u);
}
END_TEST

/* ---- byte order ------------------------------------------------------------------------ */

START_TEST(test_big_endian)
{
    uint8_t buf[128];
    fxt_writer w;

    start(&w, buf, sizeof buf, 1);
    ck_assert_int_eq(fxt_encode_magic(&w), FXT_ENC_OK);
    EXPECT_BYTES(&w, 0x00, 0x16, 0x54, 0x78, 0x46, 0x04, 0x00, 0x10);

    /* Words swapped. */
    start(&w, buf, sizeof buf, 1);
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1000000000u;
    ENCODE_OK(&w, &r);
    EXPECT_BYTES(&w, 0, 0, 0, 0, 0, 0, 0, 0x21, 0, 0, 0, 0, 0x3b, 0x9a, 0xca, 0x00);

    /* Header swapped, string stream in byte order. */
    start(&w, buf, sizeof buf, 1);
    r = rec(FXT_RT_STRING);
    r.u.string.index = 1;
    r.u.string.data = "hello";
    r.u.string.len = 5;
    ENCODE_OK(&w, &r);
    EXPECT_BYTES(&w, 0x00, 0x00, 0x00, 0x05, 0x00, 0x01, 0x00, 0x22,
                 'h', 'e', 'l', 'l', 'o', 0, 0, 0);

    /* Kernel object with inline name and an inline-named koid argument. */
    start(&w, buf, sizeof buf, 1);
    r = rec(FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 2;
    r.u.object.name = fxt_str_cstr("thr");
    r.u.object.id = 0x42;
    r.args[0].type = 8;
    r.args[0].name = fxt_str_cstr("process");
    r.args[0].v.u64 = 0x41;
    r.argc = 1;
    ENCODE_OK(&w, &r);
    EXPECT_BYTES(&w, 0x00, 0x00, 0x01, 0x80, 0x03, 0x02, 0x00, 0x67,
                 0, 0, 0, 0, 0, 0, 0, 0x42,
                 't', 'h', 'r', 0, 0, 0, 0, 0,
                 0x00, 0x00, 0x00, 0x00, 0x80, 0x07, 0x00, 0x38,
                 'p', 'r', 'o', 'c', 'e', 's', 's', 0,
                 0, 0, 0, 0, 0, 0, 0, 0x41);

    /* Double bits swapped as a word; extension words copied unswapped. */
    start(&w, buf, sizeof buf, 1);
    r = instant_1_2_3();
    r.args[0].type = 5;
    r.args[0].name = fxt_str_indexed(10);
    r.args[0].v.f64 = 1.5;
    r.argc = 1;
    r.extra = (const uint8_t *)"RECEXTRA";
    r.extra_words = 1;
    ENCODE_OK(&w, &r);
    EXPECT_BYTES(&w, 0x00, 0x03, 0x00, 0x02, 0x01, 0x10, 0x00, 0x54,
                 0, 0, 0, 0, 0, 0, 0x03, 0xe8,
                 0, 0, 0, 0, 0, 0x0a, 0x00, 0x25,
                 0x3f, 0xf8, 0, 0, 0, 0, 0, 0,
                 'R', 'E', 'C', 'E', 'X', 'T', 'R', 'A');
}
END_TEST

/* ---- size limits ------------------------------------------------------------------------ */

START_TEST(test_record_size_limits)
{
    const size_t cap = 40000;
    uint8_t *buf = malloc(cap);
    uint8_t *extra = calloc(4096, 8);
    char *text = malloc(0x7fff);
    ck_assert(buf && extra && text);
    memset(text, 'x', 0x7fff);
    fxt_writer w;

    /* 4095 words is the largest normal record... */
    start(&w, buf, cap, 0);
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1;
    r.extra = extra;
    r.extra_words = 4093;
    ENCODE_OK(&w, &r);
    ck_assert_uint_eq(w.len, 4095 * 8);
    ck_assert_uint_eq(le_word(buf), 0x000000000000fff1u);
    /* ...and one more word does not fit the 12-bit size. */
    r.extra_words = 4094;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* The longest string a ref can describe does not fit a string record. */
    r = rec(FXT_RT_STRING);
    r.u.string.index = 1;
    r.u.string.data = text;
    r.u.string.len = 0x7fff;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    /* Nor a log record (inline thread adds two words). */
    r = rec(FXT_RT_LOG);
    r.u.log.thread = fxt_thread_inline(1, 2);
    r.u.log.msg = text;
    r.u.log.msg_len = 0x7fff;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    /* Nor a blob record. */
    r = rec(FXT_RT_BLOB);
    r.u.blob.blob_type = 1;
    r.u.blob.payload = (const uint8_t *)text;
    r.u.blob.payload_size = 0x7fff;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* An argument of 4095 words is the largest; inside a large blob the
     * record itself may be longer than 4095 words. */
    start(&w, buf, cap, 0);
    r = rec(FXT_RT_LARGE);
    r.u.blob.format = 0;
    r.u.blob.thread = fxt_thread_indexed(1);
    r.args[0].type = 0;
    r.args[0].extra = extra;
    r.args[0].extra_words = 4094;
    r.argc = 1;
    ENCODE_OK(&w, &r);
    ck_assert_uint_eq(w.len, 4099 * 8);
    ck_assert_uint_eq(le_word(buf), 0x000000000001003fu);
    ck_assert_uint_eq(le_word(buf + 8), 0x0000001100000000u);
    ck_assert_uint_eq(le_word(buf + 24), 0x000000000000fff0u);
    r.args[0].extra_words = 4095;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* A large record must fit its 32-bit size: the payload alone here is
     * 2^32 - 1 words. The payload is never read: the size check comes first. */
    r = rec(FXT_RT_LARGE);
    r.u.blob.format = 1;
    r.u.blob.payload = (const uint8_t *)text;
    r.u.blob.payload_size = (uint64_t)0xffffffffu * 8;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.blob.payload_size = UINT64_MAX;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    free(text);
    free(extra);
    free(buf);
}
END_TEST

/* ---- rejected records --------------------------------------------------------------------- */

START_TEST(test_invalid_types)
{
    fxt_record r;
    for (unsigned t = 10; t <= 14; t++) {
        r = rec(t);
        ENCODE_FAILS(&r, FXT_ENC_INVALID);
    }
    r = rec(16);
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    r = rec(FXT_RT_LARGE);
    r.large_type = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.large_type = 0;
    r.u.blob.format = 2;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    r = rec(FXT_RT_METADATA);
    r.u.meta.meta_type = 0;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.u.meta.meta_type = 5;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.u.meta.meta_type = 15;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.u.meta.meta_type = 4;
    r.u.meta.trace_info_type = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    r = instant_1_2_3();
    r.u.event.event_type = 11;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.u.event.event_type = 15;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    r = instant_1_2_3();
    r.args[0].type = 10;
    r.argc = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    r = rec(FXT_RT_SCHEDULING);
    r.u.sched.sched_type = 3;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    r = rec(FXT_RT_BLOB);
    r.u.blob.blob_type = 0;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.u.blob.blob_type = 4;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.u.blob.blob_type = 255;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
}
END_TEST

START_TEST(test_invalid_models)
{
    fxt_record r;

    /* More than 15 arguments. */
    r = instant_1_2_3();
    r.argc = 16;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    /* Arguments on records that have none. */
    r = rec(FXT_RT_INIT);
    r.argc = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r = rec(FXT_RT_SCHEDULING);
    r.u.sched.sched_type = 0;
    r.argc = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r = rec(FXT_RT_LARGE);
    r.u.blob.format = 1;
    r.argc = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    /* Inline ref whose length bits disagree with len. */
    r = instant_1_2_3();
    r.u.event.category.ref = 0x8003;
    r.u.event.category.data = "four";
    r.u.event.category.len = 4;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    /* Inline ref without content. */
    r.u.event.category.ref = 0x8004;
    r.u.event.category.data = NULL;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    /* Indexed ref that claims content. */
    r.u.event.category.ref = 5;
    r.u.event.category.data = "four";
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    /* Same checks on an argument name and a string argument's value. */
    r = instant_1_2_3();
    r.args[0].type = 0;
    r.args[0].name.ref = 0x8002;
    r.args[0].name.data = "abc";
    r.args[0].name.len = 3;
    r.argc = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r.args[0].type = 6;
    r.args[0].name = fxt_str_indexed(1);
    r.args[0].str.ref = 0x8001;
    r.args[0].str.data = "ab";
    r.args[0].str.len = 2;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    /* Extension words announced but missing. */
    r = rec(FXT_RT_INIT);
    r.extra_words = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r = instant_1_2_3();
    r.args[0].type = 0;
    r.args[0].extra_words = 1;
    r.argc = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    /* The magic record must stay one word. */
    r = rec(FXT_RT_METADATA);
    r.u.meta.meta_type = 4;
    r.u.meta.magic = 0x16547846u;
    r.extra = (const uint8_t *)"EXTRAWRD";
    r.extra_words = 1;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    /* Content announced but missing. */
    r = rec(FXT_RT_STRING);
    r.u.string.index = 1;
    r.u.string.len = 3;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r = rec(FXT_RT_METADATA);
    r.u.meta.meta_type = 1;
    r.u.meta.name.len = 3;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r = rec(FXT_RT_LOG);
    r.u.log.thread = fxt_thread_indexed(1);
    r.u.log.msg_len = 3;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r = rec(FXT_RT_BLOB);
    r.u.blob.blob_type = 1;
    r.u.blob.payload_size = 3;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);
    r = rec(FXT_RT_LARGE);
    r.u.blob.format = 1;
    r.u.blob.payload_size = 3;
    ENCODE_FAILS(&r, FXT_ENC_INVALID);

    /* NULL arguments. */
    fxt_writer w;
    uint8_t buf[16];
    start(&w, buf, sizeof buf, 0);
    ck_assert_int_eq(fxt_encode_record(&w, NULL), FXT_ENC_INVALID);
    ck_assert_int_eq(fxt_encode_record(NULL, &r), FXT_ENC_INVALID);
    ck_assert_uint_eq(fxt_encoded_size(NULL, FXT_REV_CURRENT), 0);
}
END_TEST

START_TEST(test_range)
{
    fxt_record r;
    char text[0x8000];
    memset(text, 'x', sizeof text);

    /* Scheduling fields. */
    r = rec(FXT_RT_SCHEDULING);
    r.u.sched.sched_type = 0;
    r.u.sched.cpu = 256;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.sched.cpu = 0;
    r.u.sched.state = 16;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.sched.state = 0;
    r.u.sched.out_prio = 256;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.sched.out_prio = 0;
    r.u.sched.in_prio = 256;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r = rec(FXT_RT_SCHEDULING);
    r.u.sched.sched_type = 1;
    r.u.sched.cpu = 0x10000;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.sched.cpu = 0;
    r.u.sched.state = 16;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r = rec(FXT_RT_SCHEDULING);
    r.u.sched.sched_type = 2;
    r.u.sched.cpu = 0x10000;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* Boolean values other than 0 and 1. */
    r = instant_1_2_3();
    r.args[0].type = 9;
    r.args[0].v.b = 2;
    r.argc = 1;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.args[0].v.b = -1;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* String and thread record indexes and lengths. Index 0 fits its field
     * and a trace holding it conforms (readers must ignore it; the validator
     * warns), so it encodes: a warned-about trace must still round-trip.
     * string index 0, "a": type 2, size 2, index 0, length 1 at [32..46] */
    {
        uint8_t b0[64];
        fxt_writer w0;
        r = rec(FXT_RT_STRING);
        r.u.string.index = 0;
        r.u.string.data = "a";
        r.u.string.len = 1;
        start(&w0, b0, sizeof b0, 0);
        ENCODE_OK(&w0, &r);
        EXPECT_WORDS(&w0, 0, 0x0000000100000022u, 0x0000000000000061u);
        /* thread index 0, koids 1 and 2: type 3, size 3 */
        r = rec(FXT_RT_THREAD);
        r.u.thread.index = 0;
        r.u.thread.pid = 1;
        r.u.thread.tid = 2;
        start(&w0, b0, sizeof b0, 0);
        ENCODE_OK(&w0, &r);
        EXPECT_WORDS(&w0, 0, 0x0000000000000033u, 1u, 2u);
    }
    r = rec(FXT_RT_STRING);
    r.u.string.data = "a";
    r.u.string.len = 1;
    r.u.string.index = 0x8000;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.string.index = 1;
    r.u.string.data = text;
    r.u.string.len = 0x8000;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r = rec(FXT_RT_THREAD);
    r.u.thread.index = 256;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* String refs: too long to inline, index too large to be an index. */
    r = instant_1_2_3();
    r.u.event.name = fxt_str_inline(text, 0x8000);
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.event.name = fxt_str_indexed(0x8000);
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* Metadata. */
    r = rec(FXT_RT_METADATA);
    r.u.meta.meta_type = 1;
    r.u.meta.name.data = text;
    r.u.meta.name.len = 256;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.meta.meta_type = 3;
    r.u.meta.event_id = 16;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);

    /* Log, blob, kernel object. */
    r = rec(FXT_RT_LOG);
    r.u.log.msg = text;
    r.u.log.msg_len = 0x8000;
    r.u.log.thread = fxt_thread_indexed(1);
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r = rec(FXT_RT_BLOB);
    r.u.blob.blob_type = 1;
    r.u.blob.payload = (const uint8_t *)text;
    r.u.blob.payload_size = 0x8000;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r.u.blob.payload_size = 1;
    r.u.blob.blob_type = 256;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
    r = rec(FXT_RT_KERNEL_OBJECT);
    r.u.object.koid_type = 256;
    ENCODE_FAILS(&r, FXT_ENC_RANGE);
}
END_TEST

/* ---- writer ------------------------------------------------------------------------------ */

START_TEST(test_nospace)
{
    uint8_t buf[32];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1000;

    /* A 2-word record into 1 word of space: nothing appended, and nothing
     * written past the writer's capacity. */
    memset(buf, SENTINEL, sizeof buf);
    start(&w, buf, 8, 0);
    ck_assert_int_eq(fxt_encode_record(&w, &r), FXT_ENC_NOSPACE);
    ck_assert_uint_eq(w.len, 0);
    for (size_t i = 8; i < sizeof buf; i++)
        ck_assert_uint_eq(buf[i], SENTINEL);

    /* One word and one 2-word record fill 3 words; then nothing fits... */
    start(&w, buf, 24, 0);
    ck_assert_int_eq(fxt_write_word(&w, 1), FXT_ENC_OK);
    ck_assert_int_eq(fxt_encode_record(&w, &r), FXT_ENC_OK);
    ck_assert_int_eq(fxt_encode_record(&w, &r), FXT_ENC_NOSPACE);
    ck_assert_uint_eq(w.len, 24);
    /* ...nor a word in none, nor a 9-byte stream in 1 word. */
    ck_assert_int_eq(fxt_write_word(&w, 1), FXT_ENC_NOSPACE);
    ck_assert_uint_eq(w.len, 24);
    start(&w, buf, 8, 0);
    ck_assert_int_eq(fxt_write_stream(&w, "123456789", 9), FXT_ENC_NOSPACE);
    ck_assert_uint_eq(w.len, 0);
    ck_assert_uint_eq(buf[0], SENTINEL);
    ck_assert_int_eq(fxt_encode_magic(&w), FXT_ENC_OK);
    ck_assert_int_eq(fxt_encode_magic(&w), FXT_ENC_NOSPACE);
    ck_assert_uint_eq(w.len, 8);

    /* A writer without a buffer. */
    fxt_writer_init(&w, NULL, 0, 0);
    ck_assert_int_eq(fxt_encode_record(&w, &r), FXT_ENC_NOSPACE);
    ck_assert_int_eq(fxt_write_word(&w, 1), FXT_ENC_NOSPACE);
    ck_assert_uint_eq(w.len, 0);

    /* fxt_encoded_size does not depend on the buffer. */
    ck_assert_uint_eq(fxt_encoded_size(&r, FXT_REV_CURRENT), 16);
}
END_TEST

START_TEST(test_write_primitives)
{
    uint8_t buf[64];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    ck_assert_int_eq(fxt_write_stream(&w, "abc", 3), FXT_ENC_OK);
    ck_assert_int_eq(fxt_write_stream(&w, "12345678", 8), FXT_ENC_OK);
    ck_assert_int_eq(fxt_write_stream(&w, NULL, 0), FXT_ENC_OK);
    ck_assert_int_eq(fxt_write_stream(&w, NULL, 3), FXT_ENC_INVALID);
    ck_assert_int_eq(fxt_write_word(&w, 0x0102030405060708u), FXT_ENC_OK);
    EXPECT_BYTES(&w, 'a', 'b', 'c', 0, 0, 0, 0, 0,
                 '1', '2', '3', '4', '5', '6', '7', '8',
                 8, 7, 6, 5, 4, 3, 2, 1);

    start(&w, buf, sizeof buf, 1);
    ck_assert_int_eq(fxt_write_word(&w, 0x0102030405060708u), FXT_ENC_OK);
    ck_assert_int_eq(fxt_write_stream(&w, "abc", 3), FXT_ENC_OK);
    EXPECT_BYTES(&w, 1, 2, 3, 4, 5, 6, 7, 8, 'a', 'b', 'c', 0, 0, 0, 0, 0);

    /* An unaligned buffer is fine: no word is accessed through a cast. */
    uint8_t raw[40];
    start(&w, raw + 1, 32, 0);
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1000000000u;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0000000000000021u, 0x000000003b9aca00u);
    ck_assert_uint_eq(fxt_load_word(raw + 1 + 8, 0), 0x000000003b9aca00u);
}
END_TEST

START_TEST(test_patch_field)
{
    uint8_t buf[32];
    fxt_writer w;
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1000000000u;

    for (int be = 0; be <= 1; be++) {
        start(&w, buf, sizeof buf, be);
        ENCODE_OK(&w, &r);
        /* Reserved bits [16..63] of the header. */
        fxt_patch_field(buf, 0, 16, 63, 0xabc, be);
        if (be)
            EXPECT_BYTES(&w, 0, 0, 0, 0, 0x0a, 0xbc, 0x00, 0x21,
                         0, 0, 0, 0, 0x3b, 0x9a, 0xca, 0x00);
        else
            EXPECT_BYTES(&w, 0x21, 0x00, 0xbc, 0x0a, 0, 0, 0, 0,
                         0x00, 0xca, 0x9a, 0x3b, 0, 0, 0, 0);
        /* The size field, with a value wider than the field (truncated). */
        fxt_patch_field(buf, 0, 4, 15, 0x12345, be);
        ck_assert_uint_eq(fxt_load_word(buf, be), 0x000000000abc3451u);
        ck_assert_uint_eq(fxt_load_word(buf + 8, be), 0x000000003b9aca00u);
        /* A whole word. */
        fxt_patch_field(buf, 8, 0, 63, 0x0123456789abcdefu, be);
        ck_assert_uint_eq(fxt_load_word(buf + 8, be), 0x0123456789abcdefu);
        ck_assert_uint_eq(buf[8], be ? 0x01 : 0xef);
        ck_assert_uint_eq(buf[15], be ? 0xef : 0x01);
        /* One bit, and a nonsense range that must change nothing. */
        fxt_patch_field(buf, 0, 63, 63, 1, be);
        ck_assert_uint_eq(fxt_load_word(buf, be), 0x800000000abc3451u);
        fxt_patch_field(buf, 0, 10, 9, 0, be);
        fxt_patch_field(buf, 0, 60, 64, 0, be);
        ck_assert_uint_eq(fxt_load_word(buf, be), 0x800000000abc3451u);
        /* Unaligned offset. */
        fxt_patch_field(buf, 3, 0, 7, 0x5a, be);
        ck_assert_uint_eq(buf[be ? 10 : 3], 0x5a);
    }
}
END_TEST

START_TEST(test_constructors_and_names)
{
    fxt_str s = fxt_str_indexed(5);
    ck_assert_uint_eq(s.ref, 5);
    ck_assert_ptr_null(s.data);
    ck_assert_uint_eq(s.len, 0);
    s = fxt_str_indexed(0);
    ck_assert_uint_eq(s.ref, 0);
    s = fxt_str_inline("ab", 2);
    ck_assert_uint_eq(s.ref, 0x8002);
    ck_assert_uint_eq(s.len, 2);
    s = fxt_str_cstr("hello");
    ck_assert_uint_eq(s.ref, 0x8005);
    ck_assert_uint_eq(s.len, 5);
    ck_assert_mem_eq(s.data, "hello", 5);
    s = fxt_str_cstr("");
    ck_assert_uint_eq(s.ref, 0x8000);
    ck_assert_uint_eq(s.len, 0);
    s = fxt_str_inline("x", 0x7fff);
    ck_assert_uint_eq(s.ref, 0xffff);

    fxt_thread t = fxt_thread_indexed(7);
    ck_assert_uint_eq(t.ref, 7);
    t = fxt_thread_inline(1, 2);
    ck_assert_uint_eq(t.ref, 0);
    ck_assert_uint_eq(t.pid, 1);
    ck_assert_uint_eq(t.tid, 2);

    const fxt_enc_result all[] = {FXT_ENC_OK, FXT_ENC_NOSPACE, FXT_ENC_RANGE, FXT_ENC_INVALID};
    for (size_t i = 0; i < NELEM(all); i++) {
        ck_assert_ptr_nonnull(fxt_enc_strerror(all[i]));
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(fxt_enc_strerror(all[i]), fxt_enc_strerror(all[j]));
    }
    ck_assert_ptr_nonnull(fxt_enc_strerror((fxt_enc_result)42));
}
END_TEST

/* A whole little trace: records follow each other with no gaps. */
START_TEST(test_sequence)
{
    uint8_t buf[128];
    fxt_writer w;
    start(&w, buf, sizeof buf, 0);
    ck_assert_int_eq(fxt_encode_magic(&w), FXT_ENC_OK);
    fxt_record r = rec(FXT_RT_INIT);
    r.u.ticks_per_second = 1000000000u;
    ENCODE_OK(&w, &r);
    r = rec(FXT_RT_STRING);
    r.u.string.index = 1;
    r.u.string.data = "hello";
    r.u.string.len = 5;
    ENCODE_OK(&w, &r);
    r = rec(FXT_RT_THREAD);
    r.u.thread.index = 3;
    r.u.thread.pid = 0x1234;
    r.u.thread.tid = 0x5678;
    ENCODE_OK(&w, &r);
    EXPECT_WORDS(&w, 0, 0x0016547846040010u, 0x0000000000000021u, 0x000000003b9aca00u,
                 0x0000000500010022u, 0x0000006f6c6c6568u, 0x0000000000030033u,
                 0x0000000000001234u, 0x0000000000005678u);
}
END_TEST

static Suite *encode_suite(void)
{
    Suite *s = suite_create("encode");
    TCase *tc = tcase_create("records");
    tcase_add_test(tc, test_magic);
    tcase_add_test(tc, test_init);
    tcase_add_test(tc, test_string_record);
    tcase_add_test(tc, test_thread_record);
    tcase_add_test(tc, test_provider_metadata);
    tcase_add_loop_test(tc, test_event_types_indexed, 0, 11);
    tcase_add_test(tc, test_event_inline);
    tcase_add_test(tc, test_args_every_type);
    tcase_add_test(tc, test_args_edge_values);
    tcase_add_test(tc, test_args_unused_members_ignored);
    tcase_add_test(tc, test_args_fifteen);
    tcase_add_test(tc, test_blob);
    tcase_add_test(tc, test_userspace_object);
    tcase_add_test(tc, test_kernel_object);
    tcase_add_test(tc, test_sched_legacy);
    tcase_add_test(tc, test_sched_context_switch);
    tcase_add_test(tc, test_sched_wakeup);
    tcase_add_test(tc, test_log);
    tcase_add_test(tc, test_large_blob_format0);
    tcase_add_test(tc, test_large_blob_format1);
    tcase_add_test(tc, test_extension_words);
    tcase_add_test(tc, test_big_endian);
    tcase_add_test(tc, test_sequence);
    suite_add_tcase(s, tc);

    TCase *errs = tcase_create("errors");
    tcase_add_test(errs, test_record_size_limits);
    tcase_add_test(errs, test_invalid_types);
    tcase_add_test(errs, test_invalid_models);
    tcase_add_test(errs, test_range);
    tcase_add_test(errs, test_nospace);
    tcase_set_timeout(errs, 30);
    suite_add_tcase(s, errs);

    TCase *wr = tcase_create("writer");
    tcase_add_test(wr, test_write_primitives);
    tcase_add_test(wr, test_patch_field);
    tcase_add_test(wr, test_constructors_and_names);
    suite_add_tcase(s, wr);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(encode_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
