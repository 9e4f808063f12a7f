/* SPDX-License-Identifier: MIT */
/*
 * test_mutator_edges - the mutator at the edges of its API and out of
 * memory (ctest fuzz_mutator_edges): NULL and empty inputs, tiny output
 * buffers, inputs no mutation applies to, revisions without a magic
 * record, traces beyond the record limit, data-word's choice of records,
 * and every allocation failing in
 * turn. Linked with -Wl,--wrap=malloc,realloc,calloc: this file decides
 * which allocation fails. Whatever fails, a call returns a bounded,
 * non-empty output (a raw byte change at worst) inside its buffer.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "fxt/mutator.h"
#include "mutator_impl.h"

/* Options that force mutation OP (-1: the mutator's choice), the rest the
 * defaults: for fxt_mutate(). */
static const fxt_mut_options *force(int op)
{
    static fxt_mut_options o;
    o = fxt_mut_options_default();
    o.force_op = op;
    return &o;
}

/* ---- allocation failures ---- */

void *__real_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
void *__real_calloc(size_t k, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_realloc(void *p, size_t n);
void *__wrap_calloc(size_t k, size_t n);

static long g_fail_at = -1; /* the allocation number that fails; -1: none */
static long g_count;

static int fail_now(void)
{
    return g_fail_at >= 0 && g_count++ == g_fail_at;
}

void *__wrap_malloc(size_t n) { return fail_now() ? NULL : __real_malloc(n); }
void *__wrap_realloc(void *p, size_t n) { return fail_now() ? NULL : __real_realloc(p, n); }
void *__wrap_calloc(size_t k, size_t n) { return fail_now() ? NULL : __real_calloc(k, n); }

typedef struct tbuf {
    uint8_t *p;
    size_t n;
} tbuf;

static tbuf gen(fxt_revision rev, uint64_t seed, uint64_t records, fxt_gen_profile prof, int be)
{
    tbuf t = {NULL, 0};
    fxt_gen_options o = {seed, records, prof, be, rev, 0, 0};
    ck_assert_int_eq(fxt_gen_random_mem(&o, &t.p, &t.n), 0);
    return t;
}

/* Every op, and crossover, with the K-th allocation failing, for K until a
 * call makes no more allocations than K; the thread's caches are dropped
 * first so that their allocations fail too. */
START_TEST(test_out_of_memory)
{
    tbuf t = gen(FXT_REV_CURRENT, 1, 150, FXT_GEN_COVERAGE, _i & 1);
    tbuf u = gen(FXT_REV_CURRENT, 2, 120, FXT_GEN_REALISTIC, !(_i & 1));
    size_t max = t.n + 4096;
    uint8_t *p = __real_malloc(max + 16), *q = __real_malloc(max + 16);
    unsigned failed_calls = 0;
    for (int op = -1; op <= FXT_MUT_OP_COUNT; op++) {
        for (long k = 0; k < 400; k++) {
            fxt_mutator_release();
            memcpy(p, t.p, t.n);
            memset(p + max, 0xa5, 16);
            g_count = 0;
            g_fail_at = k;
            size_t n;
            if (op == FXT_MUT_OP_COUNT) /* crossover */
                n = fxt_crossover(t.p, t.n, u.p, u.n, q, max, (uint64_t)k, NULL);
            else
                n = fxt_mutate(p, t.n, max, (uint64_t)k * 13 + (uint64_t)_i, force(op), NULL);
            int hit = g_count > k;
            g_fail_at = -1;
            ck_assert_uint_gt(n, 0);
            ck_assert_uint_le(n, max);
            ck_assert_uint_eq(p[max], 0xa5);
            failed_calls += hit;
            if (!hit)
                break; /* fewer than K allocations: all of them were tried */
        }
    }
    printf("out of memory: %u calls with an allocation failing\n", failed_calls);
    ck_assert_uint_gt(failed_calls, 100);
    fxt_mutator_release();
    free(p), free(q), free(t.p), free(u.p);
}
END_TEST

/* ---- API edges ---- */

START_TEST(test_api_edges)
{
    uint8_t b[64];
    memset(b, 0, sizeof b);
    /* NULL buffers and zero sizes */
    ck_assert_uint_eq(fxt_mutate(NULL, 10, 10, 1, NULL, NULL), 0);
    ck_assert_uint_eq(fxt_mutate(b, 10, 0, 1, NULL, NULL), 0);
    ck_assert_uint_eq(fxt_crossover(b, 8, b, 8, NULL, 8, 1, NULL), 0);
    ck_assert_uint_eq(fxt_crossover(NULL, 8, NULL, 8, b, 8, 1, NULL), 0);
    ck_assert_uint_eq(fxt_crossover(NULL, 8, b + 8, 16, b + 32, 32, 1, NULL), 16); /* B copied */
    ck_assert_uint_eq(fxt_crossover(b, 16, NULL, 8, b + 32, 8, 1, NULL), 8);       /* A, cut */
    /* SIZE above MAX_SIZE reads as MAX_SIZE */
    size_t n = fxt_mutate(b, 64, 16, 3, NULL, NULL);
    ck_assert_uint_le(n, 16);
    ck_assert_uint_gt(n, 0);
    /* empty input: a fresh trace, or (tiny buffer, forced op) raw bytes */
    fxt_mut_info info;
    for (int rev = 0; rev <= FXT_REV_AUTO; rev++) {
        fxt_mut_options o = fxt_mut_options_default();
        o.revision = (fxt_revision)rev;
        uint8_t big[4096];
        n = fxt_mutate(big, 0, sizeof big, 5, &o, &info);
        ck_assert_uint_ge(n, 8);
        ck_assert_int_eq(info.fallback, 0);
        fxt_options vo = fxt_options_default();
        vo.revision = rev == FXT_REV_AUTO ? FXT_REV_CURRENT : (fxt_revision)rev;
        ck_assert_int_eq(fxt_validate_buffer(big, n, &vo, NULL), 0);
        /* r1 and r2 have no magic record: the fresh trace does not start with one */
        ck_assert_int_eq(big[0] == 0x10 && big[1] == 0x00 && big[2] == 0x04,
                         rev >= FXT_REV_R3);
    }
    n = fxt_mutate(b, 0, 4, 5, NULL, &info);
    ck_assert(n >= 1 && n <= 4 && info.fallback);
    n = fxt_mutate(b, 0, 64, 5, force(FXT_MUT_SWAP), &info);
    ck_assert(n >= 1 && info.fallback);
    /* a one-word trace no forced list edit applies to: a raw change */
    for (int op = 0; op < FXT_MUT_OP_COUNT; op++) {
        uint8_t w[16];
        mut_wr(w, FXT_MAGIC_RECORD, 0);
        n = fxt_mutate(w, 8, 16, 7, force(op), &info);
        ck_assert(n >= 1 && n <= 16);
    }
    ck_assert_str_eq(fxt_mut_op_name(-1), "?");
    ck_assert_str_eq(fxt_mut_op_name(FXT_MUT_SIZE_WRAP), "size-wrap");
    /* the walk of less than a word finds nothing */
    mut m;
    mut_lay L;
    fxt__mut_init(&m, 0, FXT_REV_AUTO); /* reads as current */
    ck_assert_int_eq(m.rev, FXT_REV_CURRENT);
    fxt__mut_walk(&m, b, 4, 0, &L);
    ck_assert_uint_eq(L.nref + L.nrsv + L.ntyp + L.nsize + L.nstm + L.narg, 0);
    /* nor does decoding less than a word */
    fxt_record r;
    ck_assert_int_eq(fxt__mut_decode(&m, b, 4, 0, &r), 0);
    fxt__mut_free(&m);
}
END_TEST

/* A trace of more records than the mutator tracks: the rest is one span,
 * inserts stop at the limit, crossover interleaving stops at it too. */
START_TEST(test_record_limit)
{
    tbuf t = gen(FXT_REV_CURRENT, 9, MUT_MAX_RECS + 1500, FXT_GEN_REALISTIC, 0);
    size_t max = t.n + 65536;
    uint8_t *p = malloc(max), *q = malloc(2 * max);
    mut m;
    fxt__mut_init(&m, 0, FXT_REV_CURRENT);
    ck_assert(fxt__mut_parse(&m, &m.t, t.p, t.n));
    ck_assert_uint_eq(m.t.n, MUT_MAX_RECS);
    ck_assert_int_eq(fxt__mut_insert(&m, &m.t, 5, t.p, 8), 0);
    fxt__mut_free(&m);
    for (int op = 0; op < FXT_MUT_OP_COUNT; op++) {
        memcpy(p, t.p, t.n);
        size_t n = fxt_mutate(p, t.n, max, 11, force(op), NULL);
        ck_assert_uint_le(n, max);
        ck_assert_uint_gt(n, 0);
    }
    for (uint64_t s = 0; s < 30; s++) {
        size_t n = fxt_crossover(t.p, t.n, t.p, t.n, q, 2 * max, s, NULL);
        ck_assert_uint_le(n, 2 * max);
        ck_assert_uint_gt(n, 0);
    }
    free(p), free(q), free(t.p);
    fxt_mutator_release();
}
END_TEST

/* Size-wrap where the revision has no large records: the widest length
 * field; a trace without one has nothing to wrap. */
START_TEST(test_size_wrap_old_revisions)
{
    fxt_mut_options o = fxt_mut_options_default();
    o.revision = FXT_REV_R2;
    o.force_op = FXT_MUT_SIZE_WRAP;
    tbuf t = gen(FXT_REV_R2, 4, 150, FXT_GEN_COVERAGE, 0);
    uint8_t *p = malloc(t.n);
    unsigned applied = 0, invalid = 0;
    for (uint64_t s = 0; s < 50; s++) {
        memcpy(p, t.p, t.n);
        fxt_mut_info info;
        size_t n = fxt_mutate(p, t.n, t.n, s, &o, &info);
        applied += !info.fallback;
        fxt_options vo = fxt_options_default();
        vo.revision = FXT_REV_R2;
        invalid += fxt_validate_buffer(p, n, &vo, NULL) > 0;
    }
    ck_assert_uint_ge(applied, 40);
    ck_assert_uint_ge(invalid, 40);
    /* init and instant events only: no length field */
    uint8_t w[64];
    mut_wr(w, FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_INIT), FXT_REC_SIZE, 2), 0);
    mut_wr(w + 8, 1000, 0);
    for (int k = 0; k < 3; k++) {
        uint64_t h = FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_EVENT), FXT_REC_SIZE, 2);
        mut_wr(w + 16 + 16 * k, FXT_SET(h, FXT_EV_THREAD, 1), 0);
        mut_wr(w + 24 + 16 * k, 5, 0);
    }
    fxt_mut_info info;
    (void)fxt_mutate(w, sizeof w, sizeof w, 1, &o, &info);
    ck_assert_int_eq(info.fallback, 1);
    free(p), free(t.p);
}
END_TEST

/* data-word changes one data word in place, and draws record types evenly:
 * the one initialization record among 40 events gets its ticks per second
 * set to 0 far more often than 1 pick in 41 would. */
START_TEST(test_data_word)
{
    enum { NEV = 40, WORDS = 1 + 2 + 2 * NEV };
    uint8_t t[WORDS * 8], p[WORDS * 8];
    mut_wr(t, FXT_MAGIC_RECORD, 0);
    mut_wr(t + 8, FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_INIT), FXT_REC_SIZE, 2), 0);
    mut_wr(t + 16, 1000000000u, 0);
    for (int k = 0; k < NEV; k++) {
        uint64_t h = FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_EVENT), FXT_REC_SIZE, 2);
        mut_wr(t + 24 + 16 * k, FXT_SET(h, FXT_EV_THREAD, 1), 0);
        mut_wr(t + 32 + 16 * k, 1000 + (uint64_t)k, 0);
    }
    unsigned zero_tps = 0;
    for (uint64_t s = 0; s < 200; s++) {
        memcpy(p, t, sizeof t);
        fxt_mut_info info;
        size_t n = fxt_mutate(p, sizeof t, sizeof t, s, force(FXT_MUT_DATA_WORD), &info);
        ck_assert_int_eq(info.fallback, 0);
        ck_assert_uint_eq(n, sizeof t);
        unsigned changed = 0;
        for (size_t w = 0; w < WORDS; w++)
            changed += memcmp(p + 8 * w, t + 8 * w, 8) != 0;
        ck_assert_uint_eq(changed, 1);
        /* headers stay: only data words change */
        for (int k = 0; k < NEV; k++)
            ck_assert(memcmp(p + 24 + 16 * k, t + 24 + 16 * k, 8) == 0);
        zero_tps += mut_rd(p + 16, 0) == 0;
    }
    ck_assert_msg(zero_tps >= 12, "ticks per second set to 0 in %u of 200", zero_tps);
}
END_TEST

/* Offsets and sizes of the records the validator's visitor hands over. */
typedef struct seen {
    uint64_t off[400], bytes[400];
    size_t n;
    fxt_rule rule; /* issues of this rule... */
    unsigned hits; /* ...counted */
} seen;

static void see_issue(void *ctx, const fxt_issue *is)
{
    seen *v = ctx;
    v->hits += is->rule == v->rule;
}

static void see(void *ctx, const fxt_record *r)
{
    seen *v = ctx;
    if (v->n < 400)
        v->off[v->n] = r->offset, v->bytes[v->n] = r->size_words * 8;
    v->n++;
}

/* A big-endian trace whose magic record is damaged (a bit of the magic
 * number: E0014; a reserved bit: E0016) is framed big-endian by the
 * mutator as by the validator (fxt_trace_is_big_endian), into the same
 * records: an exact-magic test read it as little-endian garbage. */
START_TEST(test_damaged_magic_framing)
{
    tbuf t = gen(FXT_REV_CURRENT, 3, 120, FXT_GEN_REALISTIC, 1);
    /* stored big-endian, byte 0 is bits [56..63] (reserved), bytes 1..4
     * the magic number [24..55] */
    static const struct {
        size_t at;
        uint8_t flip;
        fxt_rule rule;
    } k_damage[] = {{1, 0x01, FXT_R_MAGIC_BAD_NUMBER},
                    {4, 0x40, FXT_R_MAGIC_BAD_NUMBER},
                    {0, 0x80, FXT_R_MAGIC_RESERVED_BITS}};
    for (size_t d = 0; d < sizeof k_damage / sizeof *k_damage; d++) {
        uint8_t *p = malloc(t.n);
        memcpy(p, t.p, t.n);
        p[k_damage[d].at] ^= k_damage[d].flip;
        seen v = {{0}, {0}, 0, k_damage[d].rule, 0};
        fxt_options vo = fxt_options_default();
        vo.flags |= FXT_OPT_VISIT_ALL;
        vo.on_record = see;
        vo.on_issue = see_issue;
        vo.ctx = &v;
        fxt_stats st;
        ck_assert_int_eq(fxt_validate_buffer(p, t.n, &vo, &st), 1); /* that one error */
        ck_assert_uint_eq(v.hits, 1);
        ck_assert_int_eq(st.big_endian, 1);
        mut m;
        fxt_mut_options mo = fxt_mut_options_default();
        ck_assert(fxt__mut_open(&m, p, t.n, &mo));
        ck_assert_int_eq(m.t.be, 1);
        ck_assert_uint_eq(m.t.n, v.n);
        ck_assert_uint_le(v.n, 400);
        for (size_t i = 0, off = 0; i < m.t.n; off += m.t.r[i++].len) {
            ck_assert_uint_eq(off, v.off[i]);
            ck_assert_uint_eq(m.t.r[i].len, v.bytes[i]);
        }
        fxt__mut_free(&m);
        free(p);
    }
    free(t.p);
    fxt_mutator_release();
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fxtmut edges");
    TCase *tc = tcase_create("edges");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_out_of_memory, 0, 2);
    tcase_add_test(tc, test_api_edges);
    tcase_add_test(tc, test_record_limit);
    tcase_add_test(tc, test_size_wrap_old_revisions);
    tcase_add_test(tc, test_data_word);
    tcase_add_test(tc, test_damaged_magic_framing);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
