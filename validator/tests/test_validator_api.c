/* SPDX-License-Identifier: MIT */
/* The public API's contracts at their edges, as fxt/rules.h and
 * fxt/validate.h state them: rule help for numbers outside the catalogue
 * and for a rule without an example, help and example lines into buffers
 * too small for them (snprintf's contract: the whole length returned,
 * nothing written past the buffer), NULL and out-of-range arguments, an
 * auto-mode validator in caller memory, and an auto-mode validator whose
 * allocator refuses memory (never a quiet pass).
 *
 * Expected values come from those headers' words and from the spec (the
 * words of the traces are built here by hand from format.h's layout), not
 * from a run of the library. Part of test_validator (validator_tests.h). */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/validate.h"
#include "validator_tests.h"

static void put64(uint8_t *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(w >> (8 * i));
}

#define MAGIC 0x0016547846040010ull
/* initialization record: type 1, 2 words; then its ticks per second */
#define INIT_HDR 0x21ull
#define TICKS 1000000000ull

/* ---- rule help ---- */

START_TEST(help_outside_the_catalogue)
{
    /* "Help for rule R, or NULL if R is not in the catalogue" */
    ck_assert_ptr_null(fxt_rule_help_get(FXT_R_NONE));
    ck_assert_ptr_null(fxt_rule_help_get(FXT_R_END_));
    ck_assert_ptr_null(fxt_rule_help_get((fxt_rule)-1));
    ck_assert_ptr_nonnull(fxt_rule_help_get(FXT_R_TRUNCATED));
    /* "NULL if R is not in the catalogue" */
    ck_assert_ptr_null(fxt_rule_spec_anchor(FXT_R_NONE));
    ck_assert_ptr_null(fxt_rule_spec_anchor(FXT_R_END_));
    /* "0 if R is not in the catalogue", and the buffer holds "" */
    char buf[16] = "untouched";
    ck_assert_uint_eq(fxt_rule_help_format(FXT_R_NONE, 0, buf, sizeof buf), 0);
    ck_assert_str_eq(buf, "");
    ck_assert_uint_eq(fxt_rule_help_format(FXT_R_END_, 1, NULL, 0), 0);
    /* no help at all: no example bytes, no lines */
    fxt_example_line line = {0};
    ck_assert_uint_eq(fxt_rule_example(NULL, NULL, 0), 0);
    ck_assert_uint_eq(fxt_rule_example_lines(NULL, &line, 1), 0);
}
END_TEST

START_TEST(help_without_an_example)
{
    /* tracking-limit: "NULL when no short trace can" show it */
    const fxt_rule_help *h = fxt_rule_help_get(FXT_R_TRACKING_LIMIT);
    ck_assert_ptr_nonnull(h);
    ck_assert_ptr_null(h->example);
    uint8_t b[8] = {0};
    ck_assert_uint_eq(fxt_rule_example(h, b, sizeof b), 0); /* "0 without an example" */
    fxt_example_line line;
    ck_assert_uint_eq(fxt_rule_example_lines(h, &line, 1), 0);
    /* and its formatted help has no example section */
    char doc[4096];
    size_t n = fxt_rule_help_format(FXT_R_TRACKING_LIMIT, 0, doc, sizeof doc);
    ck_assert_uint_gt(n, 0);
    ck_assert_uint_lt(n, sizeof doc);
    ck_assert_ptr_null(strstr(doc, "Minimal example"));
}
END_TEST

/* string-too-long's example is the magic record, a string record header
 * of 4002 words (type 2, size 0xfa2) and 4001 zero words: three lines,
 * two headers and one run. */
START_TEST(example_lines_into_a_short_array)
{
    const fxt_rule_help *h = fxt_rule_help_get(FXT_R_STRING_TOO_LONG);
    ck_assert_ptr_nonnull(h);
    ck_assert_uint_eq(fxt_rule_example(h, NULL, 0), 8 * (1 + 4002));
    fxt_example_line all[8];
    ck_assert_uint_eq(fxt_rule_example_lines(h, all, 8), 3);
    ck_assert_uint_eq(all[0].offset, 0);
    ck_assert_uint_eq(all[0].word, MAGIC);
    ck_assert_ptr_nonnull(all[0].label);
    ck_assert_uint_eq(all[1].offset, 8);
    ck_assert_uint_eq(all[1].word, 0x00007d010001fa22ull);
    ck_assert_uint_eq(all[1].count, 1);
    ck_assert_ptr_nonnull(all[1].label);
    ck_assert_uint_eq(all[2].offset, 16);
    ck_assert_uint_eq(all[2].word, 0);
    ck_assert_uint_eq(all[2].count, 4001);
    ck_assert_ptr_null(all[2].label);
    /* "at most MAX are written; returns how many lines there are" */
    for (size_t max = 0; max < 3; max++) {
        fxt_example_line some[4];
        memset(some, 0x5a, sizeof some);
        ck_assert_uint_eq(fxt_rule_example_lines(h, some, max), 3);
        for (size_t i = 0; i < max; i++)
            ck_assert_uint_eq(some[i].offset, all[i].offset);
        uint8_t untouched[sizeof some[0]];
        memset(untouched, 0x5a, sizeof untouched);
        for (size_t i = max; i < 4; i++)
            ck_assert_int_eq(memcmp(&some[i], untouched, sizeof untouched), 0);
    }
    /* the bytes into a short buffer: what fits, the length all the same */
    uint8_t b[16 + 8];
    memset(b, 0x5a, sizeof b);
    ck_assert_uint_eq(fxt_rule_example(h, b, 16), 8 * (1 + 4002));
    uint8_t want[16];
    put64(want, MAGIC);
    put64(want + 8, 0x00007d010001fa22ull);
    ck_assert_int_eq(memcmp(b, want, 16), 0);
    for (size_t i = 16; i < sizeof b; i++)
        ck_assert_uint_eq(b[i], 0x5a);
}
END_TEST

/* "Writes at most SIZE bytes into BUF, NUL-terminated (snprintf's
 * contract); returns the length of the whole document" */
START_TEST(help_into_a_short_buffer)
{
    static char whole[8192], part[8192];
    for (int md = 0; md <= 1; md++) {
        size_t n = fxt_rule_help_format(FXT_R_RECORD_TOO_SMALL, md, whole, sizeof whole);
        ck_assert_uint_gt(n, 40);
        ck_assert_uint_lt(n, sizeof whole);
        ck_assert_uint_eq(strlen(whole), n);
        ck_assert_uint_eq(fxt_rule_help_format(FXT_R_RECORD_TOO_SMALL, md, NULL, 0), n);
        size_t cuts[] = {1, 2, 17, n / 2, n - 1, n, n + 1};
        for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
            size_t size = cuts[i];
            memset(part, 0x5a, sizeof part);
            ck_assert_uint_eq(fxt_rule_help_format(FXT_R_RECORD_TOO_SMALL, md, part, size), n);
            size_t kept = size - 1 < n ? size - 1 : n;
            ck_assert_uint_eq(strlen(part), kept);
            ck_assert_int_eq(memcmp(part, whole, kept), 0);
            ck_assert_uint_eq((unsigned char)part[size], 0x5a); /* nothing past SIZE */
        }
    }
}
END_TEST

/* ---- validator arguments ---- */

/* A validator with options O that has read B whole and finished. */
static fxt_validator *read_all(const fxt_options *o, const uint8_t *b, size_t len)
{
    fxt_validator *v = fxt_validator_new(o);
    ck_assert_ptr_nonnull(v);
    fxt_validator_feed(v, b, len);
    fxt_validator_finish(v);
    return v;
}

START_TEST(null_and_out_of_range_arguments)
{
    fxt_validator_free(NULL); /* "NULL is fine" */
    /* "Set or clear rule R in an options ignore bitset": a number past the
     * bitset changes nothing (and writes nothing past it) */
    fxt_options o = fxt_options_default(), before;
    fxt_options_ignore(&o, FXT_R_TRUNCATED, 1);
    memcpy(&before, &o, sizeof o);
    fxt_options_ignore(&o, (fxt_rule)(64 * FXT_IGNORE_WORDS), 1);
    fxt_options_ignore(&o, (fxt_rule)-1, 0);
    ck_assert_int_eq(memcmp(&before, &o, sizeof o), 0);
    /* no issue of a rule outside the catalogue is ever counted */
    uint8_t b[8];
    put64(b, MAGIC);
    fxt_validator *v = read_all(&o, b, sizeof b);
    ck_assert_uint_eq(fxt_validator_rule_count(v, FXT_R_END_), 0);
    ck_assert_uint_eq(fxt_validator_rule_count(v, (fxt_rule)-1), 0);
    /* "0 on success, -1 if out of range": the magic record's context (the
     * implicit provider) is the only one */
    fxt_provider_stats ps;
    ck_assert_uint_eq(fxt_validator_provider_count(v), 1);
    ck_assert_int_eq(fxt_validator_provider(v, 0, &ps), 0);
    ck_assert_int_eq(ps.implicit, 1);
    ck_assert_int_eq(fxt_validator_provider(v, 1, &ps), -1);
    fxt_validator_free(v);
}
END_TEST

/* Magic record then an initialization record: current and r3 define
 * both; r1 and r2 define metadata types 1 to 2 (r1) and 1 to 3 (r2) only,
 * so the magic record (metadata type 4) is their first error, at 0. */
static size_t magic_init(uint8_t *b, uint64_t init_header)
{
    put64(b, MAGIC);
    put64(b + 8, init_header);
    put64(b + 16, TICKS);
    return 24;
}

/* The caller's memory: an auto validator (the object, each revision's
 * validator and their tables) takes all of its memory from the options'
 * allocator, and gives all of it back. */
typedef struct owned {
    size_t live, calls;
} owned;

static void *o_malloc(void *ctx, size_t n)
{
    owned *w = ctx;
    w->calls++;
    w->live += n;
    return malloc(n);
}

static void *o_realloc(void *ctx, void *p, size_t old, size_t n)
{
    owned *w = ctx;
    w->calls++;
    void *q = realloc(p, n);
    if (q)
        w->live = w->live - old + n;
    return q;
}

static void o_free(void *ctx, void *p, size_t n)
{
    owned *w = ctx;
    w->live -= n;
    free(p);
}

START_TEST(auto_mode_in_caller_memory)
{
    uint8_t b[24];
    size_t len = magic_init(b, INIT_HDR);
    owned w = {0, 0};
    fxt_allocator al = {o_malloc, o_realloc, o_free, &w};
    fxt_options o = fxt_options_default();
    o.revision = FXT_REV_AUTO;
    o.alloc = &al;
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_ptr_nonnull(v);
    ck_assert_uint_gt(w.live, sizeof(fxt_revision_verdict)); /* the object is the caller's */
    fxt_validator_feed(v, b, len);
    fxt_validator_finish(v);
    fxt_revision_verdict vd[FXT_REV_COUNT];
    ck_assert_int_eq(fxt_validator_verdicts(v, vd), FXT_REV_CURRENT);
    for (unsigned r = 0; r < FXT_REV_COUNT; r++)
        ck_assert_int_eq(vd[r].checked, 1);
    ck_assert(vd[FXT_REV_CURRENT].conforms && vd[FXT_REV_R3].conforms);
    for (unsigned r = FXT_REV_R1; r <= FXT_REV_R2; r++) {
        ck_assert_int_eq(vd[r].conforms, 0);
        ck_assert_int_eq(vd[r].first_error, FXT_R_METADATA_TYPE_UNKNOWN);
        ck_assert_uint_eq(vd[r].first_error_offset, 0);
    }
    fxt_validator_free(v);
    ck_assert_uint_eq(w.live, 0); /* all of it back, through the allocator */
}
END_TEST

/* An allocator that grants the first OK reallocations, then refuses every
 * one (malloc and free are the C library's). */
typedef struct stingy {
    unsigned ok, calls;
} stingy;

static void *s_malloc(void *ctx, size_t n)
{
    (void)ctx;
    return malloc(n);
}

static void *s_realloc(void *ctx, void *p, size_t old, size_t n)
{
    stingy *s = ctx;
    (void)old;
    return s->calls++ < s->ok ? realloc(p, n) : NULL;
}

static void s_free(void *ctx, void *p, size_t n)
{
    (void)ctx, (void)n;
    free(p);
}

static void count_issue(void *ctx, const fxt_issue *is)
{
    (void)is;
    ++*(unsigned *)ctx;
}

/* fxt_allocator: "Returning NULL is fine: ... the trace is reported as not
 * fully checked". In auto mode the issues of each revision wait in a queue
 * until every revision has read that far; a queue that cannot grow loses
 * issues, and the trace must then not pass as fully checked, whichever
 * allocation was refused. A reserved bit of the initialization record
 * (bit 16) is an error of r3 and current at 8. */
START_TEST(auto_mode_without_memory_is_not_fully_checked)
{
    uint8_t b[24];
    size_t len = magic_init(b, INIT_HDR | (1ull << 16));
    for (unsigned ok = 0; ok <= 64; ok = ok ? ok * 4 : 1) {
        stingy s = {ok, 0};
        fxt_allocator al = {s_malloc, s_realloc, s_free, &s};
        unsigned delivered = 0;
        fxt_options o = fxt_options_default();
        o.revision = FXT_REV_AUTO;
        o.alloc = &al;
        o.on_issue = count_issue;
        o.ctx = &delivered;
        fxt_validator *v = read_all(&o, b, len);
        fxt_stats st;
        fxt_validator_stats(v, &st);
        fxt_revision_verdict vd[FXT_REV_COUNT];
        fxt_revision rep = fxt_validator_verdicts(v, vd);
        ck_assert_int_eq(rep, FXT_REV_CURRENT); /* no revision conforms */
        ck_assert_uint_eq(st.errors, 1);
        if (s.calls > ok) { /* a reallocation was refused */
            ck_assert_msg(st.unchecked != 0, "ok %u: refused, yet fully checked", ok);
            ck_assert_uint_ne(vd[rep].unchecked, 0);
        } else {
            ck_assert_uint_eq(st.unchecked, 0);
            ck_assert_uint_ge(delivered, 1);
        }
        fxt_validator_free(v);
    }
}
END_TEST

TCase *validator_api_tcase(void)
{
    TCase *tc = tcase_create("api");
    tcase_add_test(tc, help_outside_the_catalogue);
    tcase_add_test(tc, help_without_an_example);
    tcase_add_test(tc, example_lines_into_a_short_array);
    tcase_add_test(tc, help_into_a_short_buffer);
    tcase_add_test(tc, null_and_out_of_range_arguments);
    tcase_add_test(tc, auto_mode_in_caller_memory);
    tcase_add_test(tc, auto_mode_without_memory_is_not_fully_checked);
    return tc;
}
