/* SPDX-License-Identifier: MIT */
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
#include "fxt/layout.h"
#include "fxt/validate.h"
#include "gen_internal.h"
#include "growbuf.h"
#include "test_scale.h"

static growbuf make_rev(uint64_t seed, uint64_t records, fxt_gen_profile p, int be,
                        fxt_revision rev)
{
    growbuf b = {0};
    fxt_gen_options o = {seed, records, p, be, rev, 0, 0};
    ck_assert_int_eq(fxt_gen_random(&o, growbuf_write, &b), 0);
    return b;
}

static growbuf make(uint64_t seed, uint64_t records, fxt_gen_profile p, int be)
{
    return make_rev(seed, records, p, be, FXT_REV_CURRENT);
}

typedef struct check {
    const uint8_t *file;
    uint64_t issues, records, mismatch_at, next;
    int mismatch;
    uint8_t *scratch;
    size_t cap;
    char first[256];
    fxt_revision rev; /* re-encode in this revision */
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
    ck_assert_int_eq(fxt_writer_set_revision(&w, c->rev), FXT_ENC_OK);
    if (fxt_encode_record(&w, r) != FXT_ENC_OK || w.len != len ||
        memcmp(c->scratch, r->raw, len) != 0) {
        c->mismatch = 1, c->mismatch_at = r->offset;
    }
}

/* The trace of (SEED, RECORDS, P, BE) in revision REV: no issue when
 * validated under REV, and every record re-encodes (in REV) to its bytes. */
static void property_rev(uint64_t seed, uint64_t records, fxt_gen_profile p, int be,
                         fxt_revision rev)
{
    growbuf b = make_rev(seed, records, p, be, rev);
    check c;
    memset(&c, 0, sizeof c);
    c.rev = rev;
    fxt_options o = fxt_options_default();
    o.revision = rev;
    o.on_issue = on_issue;
    o.on_record = on_record;
    o.flags = FXT_OPT_VISIT_ALL;
    o.ctx = &c;
    fxt_stats st;
    fxt_validate_buffer(b.data, b.len, &o, &st);
    ck_assert_msg(c.issues == 0, "seed %llu profile %d be %d %s: %llu issues, first %s",
                  (unsigned long long)seed, (int)p, be, fxt_revision_name(rev),
                  (unsigned long long)c.issues, c.first);
    ck_assert_msg(!c.mismatch && c.next == b.len,
                  "seed %llu profile %d be %d %s: round trip differs at %llu",
                  (unsigned long long)seed, (int)p, be, fxt_revision_name(rev),
                  (unsigned long long)c.mismatch_at);
    ck_assert_uint_ge(c.records, records < 80 ? 1 : records);
    if (p == FXT_GEN_REALISTIC) { /* exactly as many records as asked, past the setup ones */
        /* magic (from r3 on), initialization, provider info, its strings and threads */
        uint64_t setup = (uint64_t)fxt_layout_get(rev)->has_magic + 2 + FXT__GEN_STRINGS + 1 +
                         FXT__GEN_THREADS;
        ck_assert_msg(c.records == (records > setup ? records : setup),
                      "seed %llu be %d %s: %llu records asked, %llu made", (unsigned long long)seed,
                      be, fxt_revision_name(rev), (unsigned long long)records,
                      (unsigned long long)c.records);
    }
    ck_assert_int_eq(st.big_endian, be);
    free(c.scratch);
    growbuf_free(&b);
}

static void property(uint64_t seed, uint64_t records, fxt_gen_profile p, int be)
{
    property_rev(seed, records, p, be, FXT_REV_CURRENT);
}

START_TEST(deterministic)
{
    for (int p = 0; p < 2; p++) {
        growbuf a = make(42, 500, (fxt_gen_profile)p, 0), b = make(42, 500, (fxt_gen_profile)p, 0);
        growbuf c = make(43, 500, (fxt_gen_profile)p, 0);
        ck_assert_uint_eq(a.len, b.len);
        ck_assert(memcmp(a.data, b.data, a.len) == 0);
        ck_assert(a.len != c.len || memcmp(a.data, c.data, a.len) != 0);
        growbuf_free(&a), growbuf_free(&b), growbuf_free(&c);
    }
}
END_TEST

/* The realistic profile's records are written straight into the buffer
 * (gen_direct.c); made through the record model and the encoder instead,
 * they must be the same bytes, whatever the seed, size and byte order. */
START_TEST(direct_is_model)
{
    for (uint64_t s = 1; s <= 60; s++) {
        int be = s % 3 == 0;
        fxt_gen_options o = fxt_gen_options_default();
        o.seed = s * 7919, o.records = 76 + s * s * 11, o.big_endian = be;
        /* every other seed with record types left out (FXT_GEN_OMIT's in turn) */
        static const unsigned k_omit[] = {1u << FXT_RT_USERSPACE, FXT_GEN_OMIT,
                                          1u << FXT_RT_LOG | 1u << FXT_RT_SCHEDULING};
        o.omit = s % 2 ? k_omit[s / 2 % 3] : 0;
        growbuf a = {0}, b = {0};
        ck_assert_int_eq(fxt_gen_random(&o, growbuf_write, &a), 0);
        ck_assert_int_eq(fxt__gen_random_model(&o, growbuf_write, &b), 0);
        size_t i = 0;
        while (i < a.len && i < b.len && a.data[i] == b.data[i])
            i++;
        ck_assert_msg(a.len == b.len && i == a.len,
                      "seed %llu be %d: %zu and %zu bytes, first difference at %zu",
                      (unsigned long long)o.seed, be, a.len, b.len, i);
        /* no record of a type left out (headers walked by their sizes) */
        for (size_t at = 0; at + 8 <= a.len;) {
            uint64_t h = fxt_load_word(a.data + at, be);
            unsigned t = (unsigned)FXT_GET(h, FXT_REC_TYPE);
            ck_assert_msg(!(o.omit >> t & 1u), "seed %llu: a record of type %u left out",
                          (unsigned long long)o.seed, t);
            at += (size_t)fxt_record_bytes(fxt_layout_get(FXT_REV_CURRENT), h);
        }
        growbuf_free(&a), growbuf_free(&b);
    }
}
END_TEST

START_TEST(realistic_many_seeds)
{
    /* (every seed under FXT_SANITIZED=1 too: one seed in 2 or 3, or the
     * first 50, never fill the direct path's buffer in the middle of an
     * event, gen_direct.c's fxt__gen_direct_event, as all 200 do) */
    for (uint64_t s = 1; s <= 200; s++)
        property(s, 1000 + s * 37, FXT_GEN_REALISTIC, s % 4 == 0);
}
END_TEST

/* What a realistic trace is made of, counted by the validator's visitor. */
typedef struct mix {
    uint64_t records, by_type[16], csw, wakeup, sections, infos;
    uint64_t strings[2], threads[2]; /* string and thread records of provider ids 1, 8 */
    uint64_t run, longest_run;       /* records since the last provider switch */
    uint32_t prov;
} mix;

static void on_mix_record(void *ctx, const fxt_record *r)
{
    mix *m = ctx;
    m->records++;
    m->by_type[r->type & 15]++;
    m->run++;
    if (r->type == FXT_RT_SCHEDULING) {
        m->csw += r->u.sched.sched_type == FXT_ST_CONTEXT_SWITCH;
        m->wakeup += r->u.sched.sched_type == FXT_ST_THREAD_WAKEUP;
    }
    int k = r->provider_id == 1 ? 0 : r->provider_id == 8 ? 1 : -1;
    if (k >= 0 && r->type == FXT_RT_STRING)
        m->strings[k]++;
    if (k >= 0 && r->type == FXT_RT_THREAD)
        m->threads[k]++;
    if (r->type == FXT_RT_METADATA && (r->u.meta.meta_type == FXT_MT_PROVIDER_INFO ||
                                       r->u.meta.meta_type == FXT_MT_PROVIDER_SECTION)) {
        m->infos += r->u.meta.meta_type == FXT_MT_PROVIDER_INFO;
        if (r->u.meta.meta_type == FXT_MT_PROVIDER_SECTION) {
            ck_assert_uint_ne(r->u.meta.provider_id, m->prov); /* a switch, every time */
            m->sections++;
        }
        m->prov = r->u.meta.provider_id;
        if (m->infos == 2 && m->run > m->longest_run)
            m->longest_run = m->run;
        m->run = 0;
    }
}

/* The realistic profile carries the mix of an independent realistic
 * trace: two providers interleaved (each with its own string and thread
 * tables, switching every few dozen records), userspace and kernel objects,
 * context switches and thread wakeups, logs and blobs among the events,
 * which stay the large majority. */
START_TEST(realistic_mix)
{
    for (uint64_t s = 1; s <= 4; s++) {
        growbuf b = make(s, 20000, FXT_GEN_REALISTIC, s == 2);
        mix m;
        memset(&m, 0, sizeof m);
        fxt_options o = fxt_options_default();
        o.on_record = on_mix_record;
        o.flags = FXT_OPT_VISIT_ALL;
        o.ctx = &m;
        fxt_stats st;
        fxt_validate_buffer(b.data, b.len, &o, &st);
        ck_assert_uint_eq(st.errors + st.warnings, 0);
        ck_assert_uint_eq(m.records, 20000);
        const uint64_t n = m.records, pct = n / 100;
        ck_assert_uint_ge(m.by_type[FXT_RT_EVENT], 80 * pct);
        ck_assert_uint_le(m.by_type[FXT_RT_EVENT], 95 * pct);
        ck_assert_uint_ge(m.by_type[FXT_RT_LOG], pct);
        ck_assert_uint_ge(m.by_type[FXT_RT_BLOB], pct / 2);
        ck_assert_uint_ge(m.by_type[FXT_RT_KERNEL_OBJECT], pct / 2);
        ck_assert_uint_ge(m.by_type[FXT_RT_USERSPACE], pct / 2);
        ck_assert_uint_ge(m.csw, pct);
        ck_assert_uint_ge(m.wakeup, pct);
        /* both providers introduced with their tables, then switches every
         * few dozen records (50 on average) */
        ck_assert_uint_eq(m.infos, 2);
        for (int k = 0; k < 2; k++) {
            ck_assert_uint_eq(m.strings[k], FXT__GEN_STRINGS + 1);
            ck_assert_uint_eq(m.threads[k], FXT__GEN_THREADS);
        }
        ck_assert_uint_ge(m.sections, n / 80);
        ck_assert_uint_le(m.sections, n / 30);
        ck_assert_uint_le(m.longest_run, 1000);
        growbuf_free(&b);
    }
}
END_TEST

START_TEST(coverage_many_seeds)
{
    /* (FXT_SANITIZED=1: seeds 1, 3, ... 149, 25 of them big-endian: as many
     * branches of the generator and the validator as all 150, llvm-cov over
     * this test alone: test_scale.h) */
    const uint64_t step = fxt_test_step(2);
    for (uint64_t s = 1; s <= 150; s += step)
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

START_TEST(every_revision)
{
    /* valid under each revision, both profiles; big-endian where the
     * revision has a magic record */
    for (unsigned rev = 0; rev < FXT_REV_COUNT; rev++) {
        int has_magic = fxt_layout_get((fxt_revision)rev)->has_magic;
        for (uint64_t s = 1; s <= 25; s++) {
            property_rev(s, 500 + s * 29, FXT_GEN_REALISTIC, has_magic && s % 2, (fxt_revision)rev);
            property_rev(s, 100 + s * 13, FXT_GEN_COVERAGE, has_magic && s % 3 == 0,
                         (fxt_revision)rev);
        }
        for (uint64_t n = 0; n < 3; n++) /* tiny budgets */
            property_rev(n + 1, n, FXT_GEN_COVERAGE, 0, (fxt_revision)rev);
    }
    /* the default options ask for the current revision; r3 differs from it
     * (no booleans, no scheduling subtypes...) */
    ck_assert_int_eq(fxt_gen_options_default().revision, FXT_REV_CURRENT);
    growbuf a = make(5, 2000, FXT_GEN_COVERAGE, 0);
    growbuf c = make_rev(5, 2000, FXT_GEN_COVERAGE, 0, FXT_REV_R3);
    ck_assert(a.len != c.len || memcmp(a.data, c.data, a.len) != 0);
    growbuf_free(&a), growbuf_free(&c);
    /* the revision matters: an r1 trace is not clean under current (async
     * begin is 4 there, duration complete here), nor a current one under r1 */
    growbuf r1 = make_rev(3, 3000, FXT_GEN_REALISTIC, 0, FXT_REV_R1);
    growbuf cur = make(3, 3000, FXT_GEN_REALISTIC, 0);
    fxt_options vo = fxt_options_default();
    fxt_stats st;
    fxt_validate_buffer(r1.data, r1.len, &vo, &st);
    ck_assert_uint_gt(st.errors + st.warnings, 0);
    vo.revision = FXT_REV_R1;
    fxt_validate_buffer(cur.data, cur.len, &vo, &st);
    ck_assert_uint_gt(st.errors, 0);
    growbuf_free(&r1), growbuf_free(&cur);
    /* options a revision cannot honour */
    fxt_gen_options o = {1, 100, FXT_GEN_REALISTIC, 1, FXT_REV_R2, 0, 0};
    growbuf d = {0};
    ck_assert_int_eq(fxt_gen_random(&o, growbuf_write, &d), FXT_GEN_UNSUPPORTED);
    o.revision = FXT_REV_AUTO;
    ck_assert_int_eq(fxt_gen_random(&o, growbuf_write, &d), FXT_GEN_UNSUPPORTED);
    o.revision = FXT_REV_CURRENT, o.order = FXT_GEN_ORDER_NO_MAGIC;
    ck_assert_int_eq(fxt_gen_random(&o, growbuf_write, &d), FXT_GEN_UNSUPPORTED);
    o.big_endian = 0, o.order = FXT_GEN_ORDER_COUNT;
    ck_assert_int_eq(fxt_gen_random(&o, growbuf_write, &d), FXT_GEN_UNSUPPORTED);
    uint8_t *m = NULL;
    size_t n = 0;
    ck_assert_int_eq(fxt_gen_random_mem(&o, &m, &n), FXT_GEN_UNSUPPORTED);
    ck_assert_uint_eq(d.len, 0);
}
END_TEST

START_TEST(in_memory_same_bytes)
{
    /* fxt_gen_random_mem gives exactly what fxt_gen_random streams */
    for (int p = 0; p < 2; p++)
        for (int be = 0; be < 2; be++) {
            fxt_gen_options o = {9, 3000, (fxt_gen_profile)p, be, FXT_REV_CURRENT, 0, 0};
            growbuf a = make(9, 3000, (fxt_gen_profile)p, be);
            uint8_t *m = NULL;
            size_t n = 0;
            ck_assert_int_eq(fxt_gen_random_mem(&o, &m, &n), 0);
            ck_assert_uint_eq(n, a.len);
            ck_assert(memcmp(m, a.data, n) == 0);
            free(m);
            growbuf_free(&a);
        }
}
END_TEST

typedef struct issues {
    unsigned n;
    fxt_rule rule;
    uint64_t off, field;
} issues;

static void count_issue(void *ctx, const fxt_issue *is)
{
    issues *c = ctx;
    if (c->n++ == 0)
        c->rule = is->rule, c->off = is->record_offset, c->field = is->field_offset;
}

START_TEST(violation_api)
{
    /* every rule the library can violate, in every revision it applies to
     * (both byte orders where the revision has a magic record): exactly
     * that one issue, at the record and field offsets it reports, under that
     * revision (the CLI test, test_violate.py, does seeds 1..5 of every
     * revision through fxt-gen and fxt-validate) */
    unsigned made = 0;
    for (unsigned rev = 0; rev < FXT_REV_COUNT; rev++)
        for (int be = 0; be <= fxt_layout_get((fxt_revision)rev)->has_magic; be++)
            for (unsigned i = 0; i < fxt_rule_count(); i++) {
                fxt_rule r = fxt_rule_at(i)->rule;
                if (!fxt_gen_can_violate(r))
                    continue;
                fxt_gen_violation v;
                char err[300];
                fxt_gen_options go = {11, 0, FXT_GEN_REALISTIC, be, (fxt_revision)rev, 0, 0};
                int rc = fxt_gen_violate(r, &go, &v, err, sizeof err);
                int applies = (fxt_rule_revisions(r) & FXT_REV_BIT(rev)) != 0;
                if (!applies || rc == FXT_GEN_UNSUPPORTED) { /* only where it cannot exist */
                    ck_assert_msg(rc == FXT_GEN_UNSUPPORTED && (!applies || be),
                                  "%s %s be %d: rc %d (%s)",
                                  fxt_rule_get(r)->id, fxt_revision_name(rev), be, rc, err);
                    continue;
                }
                ck_assert_msg(rc == 0, "%s %s: %s", fxt_rule_get(r)->id, fxt_revision_name(rev),
                              err);
                issues c = {0, FXT_R_NONE, 0, 0};
                fxt_options o = fxt_options_default();
                o.on_issue = count_issue;
                o.ctx = &c;
                o.revision = (fxt_revision)rev;
                fxt_stats st;
                fxt_validate_buffer(v.data, v.len, &o, &st);
                ck_assert_msg(c.n == 1 && c.rule == r && c.off == v.record_offset &&
                                  c.field == v.field_offset,
                              "%s %s be %d: %u issues, first %s at %llu (field %llu), expected "
                              "at %llu (field %llu)",
                              fxt_rule_get(r)->id, fxt_revision_name(rev), be, c.n,
                              c.n ? fxt_rule_get(c.rule)->id : "-", (unsigned long long)c.off,
                              (unsigned long long)c.field, (unsigned long long)v.record_offset,
                              (unsigned long long)v.field_offset);
                free(v.data);
                made++;
            }
    ck_assert_uint_ge(made, 290); /* 295 when written */
    fxt_gen_violation v;
    char err[300] = "";
    fxt_gen_options go = fxt_gen_options_default();
    go.seed = 1;
    ck_assert_int_eq(fxt_gen_violate(FXT_R_NONE, &go, &v, err, sizeof err), FXT_GEN_UNSUPPORTED);
    ck_assert(strstr(err, "no generator") != NULL);
    /* the base is realistic in the default order: anything else is refused */
    go.profile = FXT_GEN_COVERAGE;
    ck_assert_int_eq(fxt_gen_violate(FXT_R_RECORD_TOO_SMALL, &go, &v, err, sizeof err),
                     FXT_GEN_UNSUPPORTED);
    go.profile = FXT_GEN_REALISTIC, go.order = FXT_GEN_ORDER_SECTION;
    ck_assert_int_eq(fxt_gen_violate(FXT_R_RECORD_TOO_SMALL, &go, &v, err, sizeof err),
                     FXT_GEN_UNSUPPORTED);
    /* zero-initialised options ask for r1 (FXT_REV_R1 is 0), as documented */
    fxt_gen_options z;
    memset(&z, 0, sizeof z);
    z.seed = 1, z.records = 200;
    go = fxt_gen_options_default();
    go.seed = 1, go.records = 200, go.revision = FXT_REV_R1;
    uint8_t *zm = NULL, *rm = NULL;
    size_t zn = 0, rn = 0;
    ck_assert_int_eq(fxt_gen_random_mem(&z, &zm, &zn), 0);
    ck_assert_int_eq(fxt_gen_random_mem(&go, &rm, &rn), 0);
    ck_assert(zn == rn && memcmp(zm, rm, zn) == 0);
    free(zm), free(rm);
}
END_TEST

START_TEST(golden_api)
{
    fxt_gen_corpus c;
    char err[400];
    ck_assert_int_eq(fxt_gen_golden(&c, err, sizeof err), 0);
    ck_assert_uint_gt(c.count, 100);
    ck_assert_ptr_nonnull(c.sample);
    for (size_t i = 0; i < c.count; i++)
        ck_assert_msg(c.vectors[i].verdict != FXT_GEN_VALID || c.vectors[i].records > 0,
                      "%s", c.vectors[i].path);
    fxt_gen_corpus_free(&c);
    ck_assert_uint_eq(c.count, 0);
    ck_assert_ptr_null(c.vectors);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("gen");
    TCase *tc = tcase_create("properties");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, deterministic);
    tcase_add_test(tc, direct_is_model);
    tcase_add_test(tc, realistic_many_seeds);
    tcase_add_test(tc, realistic_mix);
    tcase_add_test(tc, coverage_many_seeds);
    tcase_add_test(tc, tiny_budgets);
    tcase_add_test(tc, in_memory_same_bytes);
    tcase_add_test(tc, every_revision);
    tcase_add_test(tc, violation_api);
    tcase_add_test(tc, golden_api);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
