/* SPDX-License-Identifier: MIT */
/*
 * test_mutator_rev - the mutator in every revision of the format (ctest
 * fuzz_mutator_revisions). Bases are random traces of revision R
 * (fxt_gen_random, both profiles); the expectations come from the
 * validator run in revision R, never from the mutator:
 *
 *   - framing: on mutated traces, the mutator splits records exactly where
 *     the validator in R frames them;
 *   - the walk: on valid traces, every record's refs, arguments and inline
 *     texts found by the walk are the ones the validator decodes;
 *   - undefined-type mutations write values that R does not define (the
 *     validator in R reports an undefined-type rule), from R's type sets;
 *   - most mutations of an R trace stay valid in R, and the byte order of
 *     r1/r2 traces never changes (they cannot say big-endian).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/gen.h"
#include "fxt/validate.h"
#include "fxt/mutator.h"
#include "mutator_impl.h"

static const fxt_revision k_revs[FXT_REV_COUNT] = {FXT_REV_R1, FXT_REV_R2, FXT_REV_R3,
                                                   FXT_REV_CURRENT};

typedef struct trace_buf {
    uint8_t *p;
    size_t n;
} trace_buf;

static trace_buf gen_rev(fxt_revision rev, uint64_t seed, uint64_t records, fxt_gen_profile prof)
{
    trace_buf t = {NULL, 0};
    fxt_gen_options o = {seed, records, prof, 0, rev, 0, 0};
    ck_assert_int_eq(fxt_gen_random_mem(&o, &t.p, &t.n), 0);
    return t;
}

/* Mutation SEED (FORCE_OP, or -1) of T in revision REV, into P (MAX bytes). */
static size_t mutate_rev(fxt_revision rev, const trace_buf *t, uint8_t *p, size_t max,
                         uint64_t seed, int force_op, fxt_mut_info *info)
{
    fxt_mut_options mo = fxt_mut_options_default();
    mo.revision = rev;
    mo.force_op = force_op;
    memcpy(p, t->p, t->n);
    return fxt_mutate(p, t->n, max, seed, &mo, info);
}

static fxt_options rev_options(fxt_revision rev)
{
    fxt_options o = fxt_options_default();
    o.revision = rev;
    o.max_providers = 8;
    o.max_threads = 64;
    o.max_async = 256;
    o.max_flows = 256;
    return o;
}

/* ---- framing ---- */

#define MAXREC 8192

typedef struct frames {
    uint64_t off[MAXREC], len[MAXREC];
    size_t n;
} frames;

static void on_frame(void *ctx, const fxt_record *r)
{
    frames *f = ctx;
    if (f->n < MAXREC) {
        f->off[f->n] = r->offset;
        f->len[f->n] = r->size_words * 8;
        f->n++;
    }
}

/* Records as the validator in REV frames them; *STOPPED if it stopped early. */
static void validator_frames(const uint8_t *p, size_t n, fxt_revision rev, frames *f, int *stopped)
{
    fxt_options o = rev_options(rev);
    o.flags = FXT_OPT_VISIT_ALL | FXT_OPT_ALLOW_UNKNOWN;
    o.on_record = on_frame;
    o.ctx = f;
    f->n = 0;
    fxt_stats st;
    ck_assert_int_ge(fxt_validate_buffer(p, n, &o, &st), 0);
    *stopped = st.stopped;
}

START_TEST(test_framing)
{
    fxt_revision rev = k_revs[_i];
    frames *vf = malloc(sizeof *vf);
    unsigned compared = 0;
    for (uint64_t s = 0; s < 6; s++) {
        trace_buf t = gen_rev(rev, 100 + s, 250, s & 1 ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC);
        size_t max = t.n + 16384;
        uint8_t *p = malloc(max);
        for (uint64_t k = 0; k < 120; k++) {
            size_t n = mutate_rev(rev, &t, p, max, s * 1000 + k, -1, NULL);
            mut m;
            fxt__mut_init(&m, 0, rev);
            ck_assert(fxt__mut_parse(&m, &m.t, p, n));
            int stopped;
            validator_frames(p, n, rev, vf, &stopped);
            /* every record the validator framed is one of the mutator's, in order */
            ck_assert_uint_le(vf->n, m.t.n);
            for (size_t i = 0; i < vf->n; i++) {
                size_t off = (size_t)(m.t.r[i].p - p);
                ck_assert_msg(off == vf->off[i], "%s seed %llu/%llu: record %zu at %zu, validator %llu",
                              fxt_revision_name(rev), (unsigned long long)s,
                              (unsigned long long)k, i, off, (unsigned long long)vf->off[i]);
                ck_assert_uint_eq(m.t.r[i].len, vf->len[i]);
            }
            /* the rest: a record cut by the end, or what follows a record the
             * validator stops at (size 0) */
            ck_assert_msg(m.t.n - vf->n <= 1 || stopped, "%s: %zu records past the validator's %zu",
                          fxt_revision_name(rev), m.t.n - vf->n, vf->n);
            compared += (unsigned)vf->n;
            fxt__mut_free(&m);
        }
        free(p);
        free(t.p);
    }
    ck_assert_uint_gt(compared, 100000);
    /* a type-15 record: framed by bits [4..15] before r3, by [4..35] after */
    uint8_t w[40];
    uint64_t h = FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_LARGE), FXT_LREC_SIZE, 0x10002u);
    mut_wr(w, FXT_SET(FXT_SET(0, FXT_REC_TYPE, FXT_RT_INIT), FXT_REC_SIZE, 2), 0);
    mut_wr(w + 8, 1000, 0);
    mut_wr(w + 16, h, 0);
    memset(w + 24, 0, 16);
    mut m;
    int stopped;
    fxt__mut_init(&m, 0, rev);
    ck_assert(fxt__mut_parse(&m, &m.t, w, sizeof w));
    validator_frames(w, sizeof w, rev, vf, &stopped);
    if (fxt_layout_get(rev)->has_magic) { /* 0x10002 words: past the end, one cut span */
        ck_assert_uint_eq(m.t.n, 2);
        ck_assert_uint_eq(m.t.r[1].len, 24);
        ck_assert_uint_eq(vf->n, 1);
    } else { /* two words, then one more record */
        ck_assert_uint_eq(m.t.n, 3);
        ck_assert_uint_eq(m.t.r[1].len, 16);
        ck_assert_uint_ge(vf->n, 2);
        ck_assert_uint_eq(vf->off[1], 16);
        ck_assert_uint_eq(vf->len[1], 16);
    }
    fxt__mut_free(&m);
    free(vf);
    fxt_mutator_release();
}
END_TEST

/* ---- the walk against the decoded records ---- */

typedef struct walk_check {
    fxt_revision rev;
    unsigned records, texts;
    unsigned kinds; /* record types seen */
} walk_check;

/* The inline texts of model R (as the walk finds them: inline refs, the
 * string record's text, a provider's name, a log message). */
static unsigned model_texts(fxt_record *r, const char **s, size_t *len)
{
    unsigned n = 0;
    mut_rslot sl[64];
    unsigned ns = fxt__mut_model_slots(r, sl);
    for (unsigned i = 0; i < ns; i++)
        if (sl[i].s && (sl[i].s->ref & FXT_STRREF_INLINE_FLAG) && sl[i].s->len)
            s[n] = sl[i].s->data, len[n++] = sl[i].s->len;
    if (r->type == FXT_RT_STRING && r->u.string.len)
        s[n] = r->u.string.data, len[n++] = r->u.string.len;
    if (r->type == FXT_RT_METADATA && r->u.meta.meta_type == FXT_MT_PROVIDER_INFO &&
        r->u.meta.name.len)
        s[n] = r->u.meta.name.data, len[n++] = r->u.meta.name.len;
    if (r->type == FXT_RT_LOG && r->u.log.msg_len)
        s[n] = r->u.log.msg, len[n++] = r->u.log.msg_len;
    return n;
}

static void on_walk(void *ctx, const fxt_record *rec)
{
    walk_check *c = ctx;
    fxt_record r = *rec;
    mut m;
    mut_lay L;
    ck_assert_ptr_nonnull(r.raw);
    fxt__mut_init(&m, 0, c->rev);
    fxt__mut_walk(&m, r.raw, r.size_words * 8, r.big_endian, &L);
    fxt__mut_free(&m);
    mut_rslot sl[64];
    unsigned ns = fxt__mut_model_slots(&r, sl);
    ck_assert_msg(L.nref == ns, "%s record %llu (type %u): walk %u refs, model %u",
                  fxt_revision_name(c->rev), (unsigned long long)r.index, r.type, L.nref, ns);
    ck_assert_uint_eq(L.narg, r.argc);
    const char *s[64];
    size_t len[64];
    unsigned nt = model_texts(&r, s, len), found = 0;
    for (unsigned i = 0; i < nt; i++)
        for (unsigned k = 0; k < L.nstm; k++)
            if (L.st[k].text && L.st[k].len == len[i] && (const uint8_t *)s[i] == r.raw + L.st[k].off) {
                found++;
                break;
            }
    ck_assert_msg(found == nt, "%s record %llu (type %u): %u of %u texts found by the walk",
                  fxt_revision_name(c->rev), (unsigned long long)r.index, r.type, found, nt);
    unsigned ntext = 0;
    for (unsigned k = 0; k < L.nstm; k++)
        ntext += L.st[k].text;
    ck_assert_uint_eq(ntext, nt);
    c->records++;
    c->texts += nt;
    c->kinds |= 1u << r.type;
}

START_TEST(test_walk_matches_validator)
{
    walk_check c = {k_revs[_i], 0, 0, 0};
    for (uint64_t s = 0; s < 4; s++) {
        trace_buf t = gen_rev(c.rev, 300 + s, 300, s & 1 ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC);
        fxt_options o = rev_options(c.rev);
        o.on_record = on_walk;
        o.ctx = &c;
        ck_assert_int_eq(fxt_validate_buffer(t.p, t.n, &o, NULL), 0);
        free(t.p);
    }
    printf("%s: walk checked on %u records, %u texts, record types 0x%x\n",
           fxt_revision_name(c.rev), c.records, c.texts, c.kinds);
    ck_assert_uint_gt(c.records, 1000);
    ck_assert_uint_gt(c.texts, 200);
    /* every record type the revision defines was walked */
    ck_assert_uint_eq(c.kinds, fxt_layout_get(c.rev)->record_types);
}
END_TEST

/* ---- undefined types from the revision's type sets ---- */

typedef struct unknown_seen {
    unsigned unknown; /* issues of an undefined-type rule */
} unknown_seen;

static void on_unknown(void *ctx, const fxt_issue *is)
{
    unknown_seen *u = ctx;
    u->unknown += (fxt_rule_get(is->rule)->flags & FXT_RF_UNKNOWN) != 0;
}

static unsigned unknown_issues(const uint8_t *p, size_t n, fxt_revision rev)
{
    unknown_seen u = {0};
    fxt_options o = rev_options(rev);
    o.on_issue = on_unknown;
    o.ctx = &u;
    ck_assert_int_ge(fxt_validate_buffer(p, n, &o, NULL), 0);
    return u.unknown;
}

START_TEST(test_undefined_type)
{
    fxt_revision rev = k_revs[_i];
    unsigned applied = 0, unknown = 0, only_here = 0;
    for (uint64_t s = 0; s < 3; s++) {
        trace_buf t = gen_rev(rev, 500 + s, 200, s & 1 ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC);
        size_t max = t.n + 64;
        uint8_t *p = malloc(max);
        for (uint64_t k = 0; k < 150; k++) {
            fxt_mut_info info;
            size_t n = mutate_rev(rev, &t, p, max, k, FXT_MUT_UNDEFINED_TYPE, &info);
            if (info.fallback)
                continue;
            applied++;
            unsigned here = unknown_issues(p, n, rev);
            unknown += here > 0;
            /* a value that only this revision leaves undefined */
            only_here += here > 0 && unknown_issues(p, n, FXT_REV_CURRENT) == 0;
        }
        free(p);
        free(t.p);
    }
    printf("%s: %u undefined-type mutations, %u with an undefined-type issue in %s, %u of them "
           "defined in current\n",
           fxt_revision_name(rev), applied, unknown, fxt_revision_name(rev), only_here);
    ck_assert_uint_ge(applied, 400);
    ck_assert_uint_eq(unknown, applied);
    if (rev == FXT_REV_CURRENT)
        ck_assert_uint_eq(only_here, 0);
    else /* event types 10.., argument type 9, blob types, ... */
        ck_assert_uint_ge(only_here, 10);
}
END_TEST

/* ---- mutations stay in the revision ---- */

START_TEST(test_valid_share_and_order)
{
    fxt_revision rev = k_revs[_i];
    unsigned valid = 0, total = 0, big = 0, swaps = 0;
    for (uint64_t s = 0; s < 3; s++) {
        trace_buf t = gen_rev(rev, 700 + s, 200, s & 1 ? FXT_GEN_COVERAGE : FXT_GEN_REALISTIC);
        size_t max = t.n + 16384;
        uint8_t *p = malloc(max);
        for (uint64_t k = 0; k < 400; k++) {
            size_t n = mutate_rev(rev, &t, p, max, k * 31 + s, -1, NULL);
            fxt_options o = rev_options(rev);
            fxt_stats st;
            long e = fxt_validate_buffer(p, n, &o, &st);
            valid += e == 0;
            big += st.big_endian;
            total++;
        }
        /* byte-swap: applies where the revision has the magic record */
        fxt_mut_info info;
        (void)mutate_rev(rev, &t, p, max, 1, FXT_MUT_BYTE_SWAP, &info);
        swaps += !info.fallback;
        free(p);
        free(t.p);
    }
    printf("%s: %u of %u mutations valid in %s, %u big-endian\n", fxt_revision_name(rev), valid,
           total, fxt_revision_name(rev), big);
    ck_assert_uint_gt(valid * 100, total * 35);
    ck_assert_uint_lt(valid * 100, total * 85);
    if (fxt_layout_get(rev)->has_magic) {
        ck_assert_uint_eq(swaps, 3);
        ck_assert_uint_gt(big, 0);
    } else {
        ck_assert_uint_eq(swaps, 0);
        ck_assert_uint_eq(big, 0);
    }
    fxt_mutator_release();
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fxtmut revisions");
    TCase *tc = tcase_create("revisions");
    tcase_set_timeout(tc, 300);
    tcase_add_loop_test(tc, test_framing, 0, FXT_REV_COUNT);
    tcase_add_loop_test(tc, test_walk_matches_validator, 0, FXT_REV_COUNT);
    tcase_add_loop_test(tc, test_undefined_type, 0, FXT_REV_COUNT);
    tcase_add_loop_test(tc, test_valid_share_and_order, 0, FXT_REV_COUNT);
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
