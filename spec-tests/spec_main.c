/*
 * spec_main.c - runs the spec conformance cases (spec_cases.h) against the
 * validator, one Check suite per spec section, plus the catalogue coverage
 * test.
 *
 *   spec_conformance [SUITE]   SUITE: a suite name below, or "coverage";
 *                              no argument: every suite.
 *
 * Each case is run three ways: the whole buffer at once, the same bytes fed
 * one byte at a time (the issue lists must be identical, field by field),
 * and fxt_validate_buffer (its return must be the number of errors). The
 * whole-buffer issues must be exactly the case's expected (rule, record
 * offset) multiset, with the catalogue severity (a warning for
 * FXT_RF_UNKNOWN rules under FXT_OPT_ALLOW_UNKNOWN).
 */
#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/rules.h"
#include "fxt/validate.h"
#include "spec_cases.h"

static const char *const suite_names[S_COUNT_] = {
    [S_RECORD_HEADER] = "record-header",
    [S_LARGE_HEADER] = "large-record-header",
    [S_METADATA] = "metadata",
    [S_MAGIC] = "magic",
    [S_INIT] = "initialization",
    [S_STRING] = "string-record",
    [S_THREAD] = "thread-record",
    [S_EVENT] = "event",
    [S_BLOB] = "blob",
    [S_USERSPACE] = "userspace",
    [S_KERNEL_OBJECT] = "kernel-object",
    [S_SCHEDULING] = "scheduling",
    [S_LOG] = "log",
    [S_LARGE_BLOB] = "large-blob",
    [S_ARGUMENTS] = "arguments",
    [S_ATOMS] = "atoms-padding-utf8",
    [S_ARCHIVES] = "archives-framing",
};

/* ---- the case list ------------------------------------------------------ */

#define MAX_CASES 1024
static const spec_case *all_cases[MAX_CASES];
static size_t n_all;
static size_t by_suite[S_COUNT_][MAX_CASES];
static size_t n_by_suite[S_COUNT_];

static void add_table(const spec_case *t, size_t n)
{
    for (size_t i = 0; i < n && n_all < MAX_CASES; i++) {
        enum spec_suite s = t[i].suite;
        all_cases[n_all] = &t[i];
        by_suite[s][n_by_suite[s]++] = n_all;
        n_all++;
    }
}

static size_t n_expect(const spec_case *c)
{
    size_t n = 0;
    while (n < SPEC_MAX_EXPECT && c->expect[n].rule != FXT_R_NONE)
        n++;
    return n;
}

/* ---- input construction: explicit little-endian shift loop ------------- */

static void put_le(uint8_t *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(w >> (8 * i));
}

static uint8_t *build_input(const spec_case *c, size_t *len)
{
    if (c->bytes) {
        uint8_t *b = malloc(c->nbytes ? c->nbytes : 1);
        ck_assert_ptr_nonnull(b);
        memcpy(b, c->bytes, c->nbytes);
        *len = c->nbytes;
        return b;
    }
    size_t fill_padded = (c->fill_len + 7) / 8 * 8;
    size_t n = c->nwords * 8 + fill_padded + c->ntail * 8;
    uint8_t *b = calloc(n ? n : 1, 1);
    ck_assert_ptr_nonnull(b);
    size_t o = 0;
    for (size_t i = 0; i < c->nwords; i++, o += 8)
        put_le(b + o, c->words[i]);
    memset(b + o, c->fill_byte, c->fill_len); /* padding stays zero (calloc) */
    o += fill_padded;
    for (size_t i = 0; i < c->ntail; i++, o += 8)
        put_le(b + o, c->tail[i]);
    *len = n;
    return b;
}

/* ---- running the validator --------------------------------------------- */

#define MAX_GOT 64
typedef struct got_list {
    fxt_issue v[MAX_GOT];
    size_t n;        /* issues stored */
    size_t total;    /* issues reported */
} got_list;

static void on_issue(void *ctx, const fxt_issue *is)
{
    got_list *g = ctx;
    if (g->n < MAX_GOT)
        g->v[g->n++] = *is;
    g->total++;
}

static fxt_options case_options(const spec_case *c, got_list *g)
{
    fxt_options o = fxt_options_default();
    o.flags |= c->flags;
    if (c->max_async)
        o.max_async = c->max_async;
    if (c->max_flows)
        o.max_flows = c->max_flows;
    if (c->max_threads)
        o.max_threads = c->max_threads;
    if (c->max_providers)
        o.max_providers = c->max_providers;
    o.on_issue = on_issue;
    o.ctx = g;
    return o;
}

static void run(const spec_case *c, const uint8_t *in, size_t len, size_t chunk, got_list *g,
                fxt_stats *st)
{
    memset(g, 0, sizeof *g);
    fxt_options o = case_options(c, g);
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_msg(v != NULL, "%s: fxt_validator_new failed", c->name);
    if (chunk == 0 || len == 0) {
        fxt_validator_feed(v, in, len);
    } else {
        for (size_t off = 0; off < len; off += chunk)
            fxt_validator_feed(v, in + off, len - off < chunk ? len - off : chunk);
    }
    fxt_validator_finish(v);
    fxt_validator_stats(v, st);
    fxt_validator_free(v);
}

static const char *rule_id(fxt_rule r)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    return ri ? ri->id : "?????";
}

static void append(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void append(char *buf, size_t cap, const char *fmt, ...)
{
    size_t l = strlen(buf);
    if (l + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + l, cap - l, fmt, ap);
    va_end(ap);
}

static void describe(char *buf, size_t cap, const spec_case *c, const got_list *g)
{
    append(buf, cap, "expected {");
    for (size_t i = 0; i < n_expect(c); i++)
        append(buf, cap, "%s %s@%" PRIu64, i ? "," : "", rule_id(c->expect[i].rule),
               c->expect[i].offset);
    append(buf, cap, " } got {");
    for (size_t i = 0; i < g->n; i++)
        append(buf, cap, "%s %s%s@%" PRIu64 " (\"%s\")", i ? "," : "", rule_id(g->v[i].rule),
               g->v[i].severity == FXT_SEV_WARNING ? "/W" : "/E", g->v[i].record_offset,
               g->v[i].message);
    if (g->total > g->n)
        append(buf, cap, " ... %zu more", g->total - g->n);
    append(buf, cap, " }");
}

static fxt_severity expected_severity(const spec_case *c, fxt_rule r)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    if (!ri)
        return FXT_SEV_ERROR;
    if ((c->flags & FXT_OPT_ALLOW_UNKNOWN) && (ri->flags & FXT_RF_UNKNOWN))
        return FXT_SEV_WARNING;
    return ri->severity;
}

/* multiset equality of (rule, record_offset) + severity of each issue */
static int matches(const spec_case *c, const got_list *g, char *why, size_t cap)
{
    size_t ne = n_expect(c);
    if (g->total != ne) {
        append(why, cap, "%zu issue(s) instead of %zu; ", g->total, ne);
        return 0;
    }
    int used[SPEC_MAX_EXPECT] = {0};
    for (size_t i = 0; i < g->n; i++) {
        size_t k;
        for (k = 0; k < ne; k++)
            if (!used[k] && c->expect[k].rule == g->v[i].rule &&
                c->expect[k].offset == g->v[i].record_offset)
                break;
        if (k == ne) {
            append(why, cap, "unexpected %s@%" PRIu64 "; ", rule_id(g->v[i].rule),
                   g->v[i].record_offset);
            return 0;
        }
        used[k] = 1;
        if (g->v[i].severity != expected_severity(c, g->v[i].rule)) {
            append(why, cap, "%s@%" PRIu64 " has severity %s; ", rule_id(g->v[i].rule),
                   g->v[i].record_offset,
                   g->v[i].severity == FXT_SEV_WARNING ? "warning" : "error");
            return 0;
        }
    }
    return 1;
}

static int same_issue(const fxt_issue *a, const fxt_issue *b)
{
    return a->rule == b->rule && a->severity == b->severity &&
           a->record_offset == b->record_offset && a->record_index == b->record_index &&
           a->field_offset == b->field_offset && a->record_type == b->record_type &&
           strcmp(a->message, b->message) == 0;
}

static size_t count_errors(const spec_case *c)
{
    size_t n = 0;
    for (size_t i = 0; i < n_expect(c); i++)
        if (expected_severity(c, c->expect[i].rule) == FXT_SEV_ERROR)
            n++;
    return n;
}

static void check_case(const spec_case *c)
{
    size_t len;
    uint8_t *in = build_input(c, &len);
    static got_list whole, bytewise;
    fxt_stats st_whole, st_bytes;
    char msg[4096];

    /* 1. the whole buffer: exactly the expected issues */
    run(c, in, len, 0, &whole, &st_whole);
    msg[0] = 0;
    if (!matches(c, &whole, msg, sizeof msg)) {
        describe(msg, sizeof msg, c, &whole);
        free(in);
        ck_abort_msg("[%s] %s: %s", suite_names[c->suite], c->name, msg);
    }

    /* 2. one byte at a time: the very same issues, in the same order */
    run(c, in, len, 1, &bytewise, &st_bytes);
    int same = bytewise.total == whole.total;
    for (size_t i = 0; same && i < whole.n; i++)
        same = same_issue(&whole.v[i], &bytewise.v[i]);
    if (!same) {
        msg[0] = 0;
        append(msg, sizeof msg, "fed 1 byte at a time: ");
        describe(msg, sizeof msg, c, &bytewise);
        free(in);
        ck_abort_msg("[%s] %s: %s", suite_names[c->suite], c->name, msg);
    }

    /* 3. the whole-buffer helper and the counters */
    fxt_options o = case_options(c, &bytewise);
    memset(&bytewise, 0, sizeof bytewise);
    fxt_stats st;
    long errs = fxt_validate_buffer(in, len, &o, &st);
    free(in);
    ck_assert_msg(errs == (long)count_errors(c), "[%s] %s: fxt_validate_buffer returned %ld, expected %zu",
                  suite_names[c->suite], c->name, errs, count_errors(c));
    ck_assert_msg(st_whole.errors == count_errors(c) &&
                      st_whole.warnings == n_expect(c) - count_errors(c),
                  "[%s] %s: stats say %" PRIu64 " errors, %" PRIu64 " warnings",
                  suite_names[c->suite], c->name, st_whole.errors, st_whole.warnings);
    ck_assert_msg(st_whole.bytes == len, "[%s] %s: stats.bytes %" PRIu64 " != %zu",
                  suite_names[c->suite], c->name, st_whole.bytes, len);
    ck_assert_msg(!!st_whole.big_endian == !!c->big_endian, "[%s] %s: stats.big_endian is %d",
                  suite_names[c->suite], c->name, st_whole.big_endian);
    int size_zero = 0;
    for (size_t i = 0; i < n_expect(c); i++)
        size_zero |= c->expect[i].rule == FXT_R_RECORD_SIZE_ZERO;
    ck_assert_msg(!!st_whole.stopped == size_zero, "[%s] %s: stats.stopped is %d",
                  suite_names[c->suite], c->name, st_whole.stopped);
}

/* ---- Check glue --------------------------------------------------------- */

static enum spec_suite current_suite;

START_TEST(spec_case_test)
{
    check_case(all_cases[by_suite[current_suite][_i]]);
}
END_TEST

/* Every rule of the catalogue is expected by at least one case; every
 * FXT_RF_UNKNOWN rule also by an allow-unknown case. */
START_TEST(catalogue_coverage)
{
    char missing[4096] = "";
    unsigned n = fxt_rule_count();
    ck_assert_uint_gt(n, 0);
    for (unsigned i = 0; i < n; i++) {
        const fxt_rule_info *ri = fxt_rule_at(i);
        ck_assert_ptr_nonnull(ri);
        int strict = 0, allow = 0;
        for (size_t k = 0; k < n_all; k++) {
            const spec_case *c = all_cases[k];
            for (size_t e = 0; e < n_expect(c); e++) {
                if (c->expect[e].rule != ri->rule)
                    continue;
                if (c->flags & FXT_OPT_ALLOW_UNKNOWN)
                    allow = 1;
                else
                    strict = 1;
            }
        }
        if (!strict)
            append(missing, sizeof missing, " %s (%s): no case expects it;", ri->id, ri->name);
        if ((ri->flags & FXT_RF_UNKNOWN) && !allow)
            append(missing, sizeof missing, " %s (%s): no allow-unknown case;", ri->id, ri->name);
    }
    ck_assert_msg(missing[0] == 0, "rules without a spec test:%s", missing);
}
END_TEST

/* Every expected rule exists in the catalogue; every case is named and has
 * input; no name is used twice. */
START_TEST(case_table_sane)
{
    for (size_t k = 0; k < n_all; k++) {
        const spec_case *c = all_cases[k];
        ck_assert_msg(c->name != NULL, "case %zu has no name", k);
        ck_assert_msg(c->nwords || c->nbytes || c->input_given, "%s: no input", c->name);
        for (size_t e = 0; e < n_expect(c); e++)
            ck_assert_msg(fxt_rule_get(c->expect[e].rule) != NULL, "%s: rule %d not in catalogue",
                          c->name, (int)c->expect[e].rule);
        for (size_t j = 0; j < k; j++)
            ck_assert_msg(strcmp(all_cases[j]->name, c->name) != 0, "case name %s used twice",
                          c->name);
    }
}
END_TEST

static Suite *make_suite(enum spec_suite s)
{
    Suite *su = suite_create(suite_names[s]);
    TCase *tc = tcase_create("cases");
    tcase_set_timeout(tc, 30);
    tcase_add_loop_test(tc, spec_case_test, 0, (int)n_by_suite[s]);
    suite_add_tcase(su, tc);
    return su;
}

static Suite *make_coverage_suite(void)
{
    Suite *su = suite_create("coverage");
    TCase *tc = tcase_create("catalogue");
    tcase_add_test(tc, catalogue_coverage);
    tcase_add_test(tc, case_table_sane);
    suite_add_tcase(su, tc);
    return su;
}

int main(int argc, char **argv)
{
    add_table(spec_cases_framing, spec_cases_framing_count);
    add_table(spec_cases_records, spec_cases_records_count);
    add_table(spec_cases_events, spec_cases_events_count);

    const char *only = argc > 1 ? argv[1] : NULL;
    int failed = 0, ran = 0;

    if (only && strcmp(only, "--list") == 0) {
        for (int s = 0; s < S_COUNT_; s++)
            printf("%s: %zu cases\n", suite_names[s], n_by_suite[s]);
        printf("total: %zu cases\n", n_all);
        return 0;
    }
    if (!only || strcmp(only, "coverage") == 0) {
        SRunner *sr = srunner_create(make_coverage_suite());
        srunner_run_all(sr, CK_NORMAL);
        failed += srunner_ntests_failed(sr);
        srunner_free(sr);
        ran = 1;
    }
    for (int s = 0; s < S_COUNT_; s++) {
        if (only && strcmp(only, suite_names[s]) != 0)
            continue;
        ran = 1;
        if (n_by_suite[s] == 0) {
            fprintf(stderr, "suite %s has no cases\n", suite_names[s]);
            failed++;
            continue;
        }
        current_suite = (enum spec_suite)s; /* inherited by Check's forked children */
        SRunner *sr = srunner_create(make_suite((enum spec_suite)s));
        srunner_run_all(sr, CK_NORMAL);
        failed += srunner_ntests_failed(sr);
        srunner_free(sr);
    }
    if (!ran) {
        fprintf(stderr, "unknown suite '%s'\n", only);
        return 2;
    }
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
