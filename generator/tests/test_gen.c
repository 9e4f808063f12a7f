/* Properties of the generator (fxt/gen.h) over many seeds:
 *  - deterministic: the same options give the same bytes; seeds differ;
 *  - conforming and warning-free: the validator reports no issue at all;
 *  - byte-exact round trip: every record, decoded by the validator's visitor
 *    and re-encoded by the reference encoder, gives back its bytes.
 * (Cross-compiler determinism is checked by golden-regen: the gcc and the
 * clang builds must both reproduce the committed corpus.) */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/encode.h"
#include "fxt/gen.h"
#include "fxt/validate.h"

typedef struct buf {
    uint8_t *b;
    size_t n, cap;
} buf;

static int append(void *ctx, const void *d, size_t n)
{
    buf *b = ctx;
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2;
        b->b = realloc(b->b, b->cap);
        ck_assert_ptr_nonnull(b->b);
    }
    memcpy(b->b + b->n, d, n);
    b->n += n;
    return 0;
}

static buf make(uint64_t seed, uint64_t records, fxt_gen_profile p, int be)
{
    buf b = {0};
    fxt_gen_options o = {seed, records, p, be};
    ck_assert_int_eq(fxt_gen_random(&o, append, &b), 0);
    return b;
}

typedef struct check {
    const uint8_t *file;
    uint64_t issues, records, mismatch_at, next;
    int mismatch;
    uint8_t *scratch;
    size_t cap;
    char first[256];
} check;

static void on_issue(void *ctx, const fxt_issue *is)
{
    check *c = ctx;
    if (c->issues++ == 0)
        snprintf(c->first, sizeof c->first, "%s at %llu: %s", fxt_rule_get(is->rule)->id,
                 (unsigned long long)is->record_offset, is->message);
}

static void on_record(void *ctx, const fxt_record *r)
{
    check *c = ctx;
    c->records++;
    size_t len = (size_t)r->size_words * 8;
    if (c->mismatch)
        return;
    if (r->offset != c->next || r->raw == NULL) {
        c->mismatch = 1, c->mismatch_at = c->next;
        return;
    }
    c->next = r->offset + len;
    if (len > c->cap) {
        c->scratch = realloc(c->scratch, len);
        c->cap = len;
    }
    fxt_writer w;
    fxt_writer_init(&w, c->scratch, c->cap, r->big_endian);
    if (fxt_encode_record(&w, r) != FXT_ENC_OK || w.len != len ||
        memcmp(c->scratch, r->raw, len) != 0) {
        c->mismatch = 1, c->mismatch_at = r->offset;
    }
}

static void property(uint64_t seed, uint64_t records, fxt_gen_profile p, int be)
{
    buf b = make(seed, records, p, be);
    check c;
    memset(&c, 0, sizeof c);
    fxt_options o = fxt_options_default();
    o.on_issue = on_issue;
    o.on_record = on_record;
    o.flags = FXT_OPT_VISIT_ALL;
    o.ctx = &c;
    fxt_stats st;
    fxt_validate_buffer(b.b, b.n, &o, &st);
    ck_assert_msg(c.issues == 0, "seed %llu profile %d be %d: %llu issues, first %s",
                  (unsigned long long)seed, (int)p, be, (unsigned long long)c.issues, c.first);
    ck_assert_msg(!c.mismatch && c.next == b.n,
                  "seed %llu profile %d be %d: round trip differs at %llu",
                  (unsigned long long)seed, (int)p, be, (unsigned long long)c.mismatch_at);
    ck_assert_uint_ge(c.records, records < 80 ? 1 : records);
    ck_assert_int_eq(st.big_endian, be);
    free(c.scratch);
    free(b.b);
}

START_TEST(deterministic)
{
    for (int p = 0; p < 2; p++) {
        buf a = make(42, 500, (fxt_gen_profile)p, 0), b = make(42, 500, (fxt_gen_profile)p, 0);
        buf c = make(43, 500, (fxt_gen_profile)p, 0);
        ck_assert_uint_eq(a.n, b.n);
        ck_assert(memcmp(a.b, b.b, a.n) == 0);
        ck_assert(a.n != c.n || memcmp(a.b, c.b, a.n) != 0);
        free(a.b), free(b.b), free(c.b);
    }
}
END_TEST

START_TEST(realistic_many_seeds)
{
    for (uint64_t s = 1; s <= 200; s++)
        property(s, 1000 + s * 37, FXT_GEN_REALISTIC, s % 4 == 0);
}
END_TEST

START_TEST(coverage_many_seeds)
{
    for (uint64_t s = 1; s <= 150; s++)
        property(s, 100 + s * 13, FXT_GEN_COVERAGE, s % 3 == 0);
}
END_TEST

START_TEST(tiny_budgets)
{
    /* fewer records than the setup needs: still a complete, valid trace */
    for (uint64_t n = 0; n < 5; n++) {
        property(n + 1, n, FXT_GEN_REALISTIC, 0);
        property(n + 1, n, FXT_GEN_COVERAGE, 1);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gen");
    TCase *tc = tcase_create("properties");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, deterministic);
    tcase_add_test(tc, realistic_many_seeds);
    tcase_add_test(tc, coverage_many_seeds);
    tcase_add_test(tc, tiny_budgets);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
