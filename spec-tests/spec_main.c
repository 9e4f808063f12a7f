/* SPDX-License-Identifier: MIT */
/*
 * spec_main.c - runs the spec conformance cases (spec_cases.h) against the
 * validator, one Check suite per spec section, plus the catalogue coverage
 * test.
 *
 *   spec_conformance [SUITE]   SUITE: a suite name below, or "coverage";
 *                              no argument: every suite.
 *   spec_conformance --list    runs per suite
 *   spec_conformance --pending the runs marked pending, and why
 *
 * A case becomes one run, or one per revision plus one under auto for a
 * revision case, or four for a reserved-range case (as given, lowest bit,
 * highest bit, all bits). Each run validates the whole buffer at once, the
 * same bytes fed one byte at a time (the issue lists must be identical,
 * field by field), with a visitor (every record through the decoder, none
 * on the lean path: the same again), and with fxt_validate_buffer (its return must be the
 * number of errors). The whole-buffer issues must be exactly the expected
 * (rule, record offset, field offset) multiset, with the catalogue severity
 * (a warning for FXT_RF_UNKNOWN rules under FXT_OPT_ALLOW_UNKNOWN). Under
 * auto, each revision's verdict (conforms, counts, first error and its
 * field offset) and the issues holding for it must match that revision's
 * expectations, and the reported revision must be the newest conforming one.
 * This file maps the cases' revision numbers to the API's (FXT_REV_*): the
 * only layout.h names the spec-tests use outside spec_layout_guard.c.
 */
#include <check.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt/rules.h"
#include "fxt/fxt.h"
#include "hints.h"
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

/* ---- the runs ------------------------------------------------------------ */

/* One run of a case: under one revision (or auto), and for reserved-range
 * cases one variant (0 as given, 1 lowest bit, 2 highest bit, 3 all bits). */
typedef struct spec_run {
    const spec_case *c;
    int rev;
    int variant;
} spec_run;

#define MAX_RUNS 4096
static spec_run runs[MAX_RUNS];
static size_t n_runs;
static size_t by_suite[S_COUNT_][MAX_RUNS];
static size_t n_by_suite[S_COUNT_];
static const spec_case *all_cases[MAX_RUNS];
static size_t n_all;

static const char *const rev_names[SR_COUNT + 1] = {"r1", "r2", "r3", "current", "auto"};

static void add_run(const spec_case *c, int rev, int variant)
{
    if (n_runs == MAX_RUNS)
        return;
    runs[n_runs] = (spec_run){c, rev, variant};
    by_suite[c->suite][n_by_suite[c->suite]++] = n_runs;
    n_runs++;
}

static void add_table(const spec_case *t, size_t n)
{
    for (size_t i = 0; i < n && n_all < MAX_RUNS; i++) {
        const spec_case *c = &t[i];
        all_cases[n_all++] = c;
        if (c->revs) {
            for (int r = 0; r < SR_COUNT; r++)
                if (c->revs & RV(r))
                    add_run(c, r, 0);
            add_run(c, SR_AUTO, 0);
        } else {
            for (int v = 0; v <= (c->rsv ? 3 : 0); v++)
                add_run(c, SR_CUR, v);
        }
    }
}

static size_t n_list(const spec_expect *e, size_t cap)
{
    size_t n = 0;
    while (n < cap && (e[n].rule != FXT_R_NONE || e[n].rule_name != NULL))
        n++;
    return n;
}

static size_t n_expect(const spec_case *c)
{
    return n_list(c->expect, SPEC_MAX_EXPECT);
}

/* The issues run R must give (rules named by RULE_NAME resolved; one that
 * this build's catalogue lacks stays FXT_R_NONE and can never match). */
typedef struct want_list {
    spec_expect v[SPEC_MAX_EXPECT + 1];
    size_t n;
} want_list;

static void want_for(const spec_run *r, int rev, want_list *w)
{
    const spec_case *c = r->c;
    const spec_expect *src = c->revs ? c->rexp[rev] : c->expect;
    size_t n = c->revs ? n_list(src, SPEC_MAX_REV_EXPECT) : n_expect(c);
    w->n = 0;
    for (size_t i = 0; i < n; i++)
        w->v[w->n++] = src[i];
    if (r->variant > 0)
        w->v[w->n++] = (spec_expect){c->rsv_rule, c->rsv_rec, 8 * (uint64_t)c->rsv_word, NULL};
    for (size_t i = 0; i < w->n; i++)
        if (w->v[i].rule_name)
            w->v[i].rule = fxt_rule_find(w->v[i].rule_name);
}

static int run_pending(const spec_run *r)
{
    return r->c->revs ? !!(r->c->pending & RV(r->rev)) : r->c->pending != 0;
}

/* ---- input construction: explicit little-endian shift loop ------------- */

static void put_le(uint8_t *p, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(w >> (8 * i));
}

/* The bits of a reserved-range variant: lowest, highest, all. */
static uint64_t variant_bits(uint64_t mask, int variant)
{
    if (variant == 1)
        return mask & (~mask + 1);
    if (variant == 2) {
        uint64_t top = (uint64_t)1 << 63;
        while (top && !(mask & top))
            top >>= 1;
        return top;
    }
    return variant == 3 ? mask : 0;
}

static uint8_t *build_input(const spec_run *r, size_t *len)
{
    const spec_case *c = r->c;
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
    for (size_t i = 0; i < c->nwords; i++, o += 8) {
        uint64_t w = c->words[i];
        if (c->rsv && i == c->rsv_word)
            w |= variant_bits(c->rsv_mask, r->variant);
        put_le(b + o, w);
    }
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

/* The API's revision values: the one place the spec-tests name them. */
static fxt_revision api_revision(int rev)
{
    switch (rev) {
    case SR_R1: return FXT_REV_R1;
    case SR_R2: return FXT_REV_R2;
    case SR_R3: return FXT_REV_R3;
    case SR_AUTO: return FXT_REV_AUTO;
    default: return FXT_REV_CURRENT;
    }
}

/* Non-zero: case_options() attaches a visitor, which turns the lean path
 * off (validator/decode.c checks every record). */
static int g_visit;

static void visit_nothing(void *ctx, const fxt_record *rec)
{
    (void)ctx, (void)rec;
}

static fxt_options case_options(const spec_run *r, got_list *g)
{
    const spec_case *c = r->c;
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
    o.revision = api_revision(r->rev);
    o.on_issue = on_issue;
    o.on_record = g_visit ? visit_nothing : NULL;
    o.ctx = g;
    return o;
}

static void run(const spec_run *r, const uint8_t *in, size_t len, size_t chunk, got_list *g,
                fxt_stats *st, fxt_revision_verdict *verdicts, fxt_revision *reported)
{
    memset(g, 0, sizeof *g);
    fxt_options o = case_options(r, g);
    fxt_validator *v = fxt_validator_new(&o);
    ck_assert_msg(v != NULL, "%s: fxt_validator_new failed", r->c->name);
    if (chunk == 0 || len == 0) {
        fxt_validator_feed(v, in, len);
    } else {
        for (size_t off = 0; off < len; off += chunk)
            fxt_validator_feed(v, in + off, len - off < chunk ? len - off : chunk);
    }
    fxt_validator_finish(v);
    fxt_validator_stats(v, st);
    if (verdicts) {
        memset(verdicts, 0, sizeof(fxt_revision_verdict) * FXT_REV_COUNT);
        *reported = fxt_validator_verdicts(v, verdicts);
    }
    fxt_validator_free(v);
}

static const char *rule_id(fxt_rule r)
{
    const fxt_rule_info *ri = fxt_rule_get(r);
    return ri ? ri->id : "?????";
}

static void append(char *buf, size_t cap, const char *fmt, ...) FXT__PRINTF(3, 4);
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

static void describe(char *buf, size_t cap, const want_list *w, const got_list *g)
{
    append(buf, cap, "expected {");
    for (size_t i = 0; i < w->n; i++)
        append(buf, cap, "%s %s@%" PRIu64 "/%" PRIu64, i ? "," : "",
               w->v[i].rule_name && !w->v[i].rule ? w->v[i].rule_name : rule_id(w->v[i].rule),
               w->v[i].offset, w->v[i].field);
    append(buf, cap, " } got {");
    for (size_t i = 0; i < g->n; i++)
        append(buf, cap, "%s %s%s@%" PRIu64 "/%" PRIu64 " (\"%s\")", i ? "," : "",
               rule_id(g->v[i].rule), g->v[i].severity == FXT_SEV_WARNING ? "/W" : "/E",
               g->v[i].record_offset, g->v[i].field_offset, g->v[i].message);
    if (g->total > g->n)
        append(buf, cap, " ... %zu more", g->total - g->n);
    append(buf, cap, " } (rule@record/field)");
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

/* Multiset equality of (rule, record offset[, field offset]) and the
 * severity of each issue. Only issues whose revision mask has bit REVBIT
 * count (all of them when REVBIT is 0). */
static int matches(const spec_case *c, const want_list *w, const got_list *g, int with_field,
                   unsigned revbit, char *why, size_t cap)
{
    size_t got = 0;
    for (size_t i = 0; i < g->n; i++)
        got += !revbit || (g->v[i].revisions & revbit);
    if (g->total > g->n || got != w->n) {
        append(why, cap, "%zu issue(s) instead of %zu; ", revbit ? got : g->total, w->n);
        return 0;
    }
    int used[SPEC_MAX_EXPECT + 1] = {0};
    for (size_t i = 0; i < g->n; i++) {
        const fxt_issue *is = &g->v[i];
        if (revbit && !(is->revisions & revbit))
            continue;
        size_t k;
        for (k = 0; k < w->n; k++)
            if (!used[k] && w->v[k].rule == is->rule && w->v[k].offset == is->record_offset &&
                (!with_field || w->v[k].field == is->field_offset))
                break;
        if (k == w->n) {
            append(why, cap, "unexpected %s@%" PRIu64 "/%" PRIu64 "; ", rule_id(is->rule),
                   is->record_offset, is->field_offset);
            return 0;
        }
        used[k] = 1;
        if (is->severity != expected_severity(c, is->rule)) {
            append(why, cap, "%s@%" PRIu64 " has severity %s; ", rule_id(is->rule),
                   is->record_offset, is->severity == FXT_SEV_WARNING ? "warning" : "error");
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
           a->field_len == b->field_len && a->bit_lo == b->bit_lo && a->bit_hi == b->bit_hi &&
           a->revisions == b->revisions && strcmp(a->message, b->message) == 0;
}

static size_t count_errors(const spec_case *c, const want_list *w)
{
    size_t n = 0;
    for (size_t i = 0; i < w->n; i++)
        if (expected_severity(c, w->v[i].rule) == FXT_SEV_ERROR)
            n++;
    return n;
}

static void run_name(char *buf, size_t cap, const spec_run *r)
{
    static const char *const variants[] = {"", "[lowest bit]", "[highest bit]", "[all bits]"};
    snprintf(buf, cap, "[%s] %s%s%s%s", suite_names[r->c->suite], r->c->name,
             r->c->revs ? "@" : "", r->c->revs ? rev_names[r->rev] : "", variants[r->variant]);
}

/* A failure of a pending run is expected: say so and pass. A pending run
 * that passes fails: its mark must go. */
#define FAIL_OR_XFAIL(pending, name, ...)                                          \
    do {                                                                           \
        if (pending) {                                                             \
            printf("expected failure (pending: %s): ", r->c->why);                  \
            printf(__VA_ARGS__);                                                   \
            printf("\n");                                                          \
            free(in);                                                              \
            return;                                                                \
        }                                                                          \
        free(in);                                                                  \
        ck_abort_msg(__VA_ARGS__);                                                 \
    } while (0)

/* The auto run: every revision's verdict and issues agree with REXP. */
static int check_verdicts(const spec_run *r, const got_list *g,
                          const fxt_revision_verdict *vd, fxt_revision reported, char *why,
                          size_t cap)
{
    const spec_case *c = r->c;
    int newest = SR_CUR, any = 0;
    for (int rev = 0; rev < SR_COUNT; rev++) {
        if (!(c->revs & RV(rev)))
            continue;
        spec_run one = {c, rev, 0};
        want_list w;
        want_for(&one, rev, &w);
        const fxt_revision_verdict *v = &vd[api_revision(rev)];
        size_t errs = count_errors(c, &w);
        const spec_expect *first = NULL;
        for (size_t i = 0; i < w.n && !first; i++)
            if (expected_severity(c, w.v[i].rule) == FXT_SEV_ERROR)
                first = &w.v[i];
        if (v->checked && !v->complete && !v->conforms && errs > 0) {
            /* the API: checking stopped once an error decided the verdict
             * and the revision frames the rest differently (a big-endian
             * trace in r1/r2): only the verdict itself is comparable */
            continue;
        }
        if (!v->checked || !!v->conforms != (errs == 0) || v->errors != errs ||
            v->warnings != w.n - errs) {
            append(why, cap, "%s: verdict checked %d conforms %d, %" PRIu64 " errors %" PRIu64
                   " warnings; expected %zu errors %zu warnings; ", rev_names[rev], v->checked,
                   v->conforms, v->errors, v->warnings, errs, w.n - errs);
            return 0;
        }
        if (first && (v->first_error != first->rule || v->first_error_offset != first->field)) {
            append(why, cap, "%s: first error %s@%" PRIu64 ", expected %s@%" PRIu64 "; ",
                   rev_names[rev], rule_id(v->first_error), v->first_error_offset,
                   rule_id(first->rule), first->field);
            return 0;
        }
        if (!matches(c, &w, g, 1, FXT_REV_BIT(api_revision(rev)), why, cap)) {
            append(why, cap, "(issues holding for %s); ", rev_names[rev]);
            return 0;
        }
        if (errs == 0)
            newest = rev, any = 1;
    }
    if (c->revs == REVS_ALL && reported != api_revision(any ? newest : SR_CUR)) {
        append(why, cap, "reported revision %d, expected %s; ", (int)reported,
               rev_names[any ? newest : SR_CUR]);
        return 0;
    }
    return 1;
}

static void check_run(const spec_run *r)
{
    const spec_case *c = r->c;
    size_t len;
    uint8_t *in = build_input(r, &len);
    static got_list whole, bytewise;
    fxt_stats st_whole, st_bytes;
    fxt_revision_verdict vd[FXT_REV_COUNT];
    fxt_revision reported = FXT_REV_CURRENT;
    char msg[4096], name[256];
    int pending = run_pending(r);
    run_name(name, sizeof name, r);

    /* 1. the whole buffer: exactly the expected issues */
    run(r, in, len, 0, &whole, &st_whole, vd, &reported);
    msg[0] = 0;
    want_list w = {0};
    if (r->rev == SR_AUTO) {
        pending = !!(c->pending & RV(SR_AUTO));
        if (!check_verdicts(r, &whole, vd, reported, msg, sizeof msg))
            FAIL_OR_XFAIL(pending, name, "%s: %s", name, msg);
    } else {
        want_for(r, r->rev, &w);
        if (!matches(c, &w, &whole, 0, 0, msg, sizeof msg)) {
            describe(msg, sizeof msg, &w, &whole);
            FAIL_OR_XFAIL(pending, name, "%s: %s", name, msg);
        }
        msg[0] = 0;
        if (!matches(c, &w, &whole, 1, 0, msg, sizeof msg)) {
            describe(msg, sizeof msg, &w, &whole);
            if (pending || !c->pending_field)
                FAIL_OR_XFAIL(pending, name, "%s: field offsets: %s", name, msg);
            printf("expected failure: %s: field offsets (pending: %s)\n", name, c->why);
        } else if (c->pending_field && !pending) {
            free(in);
            ck_abort_msg("%s: passes with its field offsets now: remove PENDING_FIELD (%s)", name,
                         c->why);
        }
    }
    if (pending) {
        free(in);
        ck_abort_msg("%s: passes now: remove its PENDING mark (%s)", name, c->why);
    }
    if (c->msg_has && r->rev != SR_AUTO) {
        int found = 0;
        for (size_t i = 0; i < whole.n && !found; i++)
            found = strstr(whole.v[i].message, c->msg_has) != NULL;
        if (!found) {
            free(in);
            ck_abort_msg("%s: no issue message says \"%s\"", name, c->msg_has);
        }
    }

    /* 2. one byte at a time: the very same issues, in the same order */
    run(r, in, len, 1, &bytewise, &st_bytes, NULL, NULL);
    int same = bytewise.total == whole.total;
    for (size_t i = 0; same && i < whole.n; i++)
        same = same_issue(&whole.v[i], &bytewise.v[i]);
    if (!same) {
        msg[0] = 0;
        append(msg, sizeof msg, "fed 1 byte at a time: ");
        describe(msg, sizeof msg, &w, &bytewise);
        free(in);
        ck_abort_msg("%s: %s", name, msg);
    }
    /* 2b. with a visitor, every record through the decoder: the very same
     * issues (what the lean path takes, it must check as decode.c does) */
    g_visit = 1;
    run(r, in, len, 0, &bytewise, &st_bytes, NULL, NULL);
    g_visit = 0;
    same = bytewise.total == whole.total;
    for (size_t i = 0; same && i < whole.n; i++)
        same = same_issue(&whole.v[i], &bytewise.v[i]);
    if (!same) {
        msg[0] = 0;
        append(msg, sizeof msg,
               "the lean path (validator/fast.c for events, validator/fast_other.h for logs, "
               "kernel objects, context switches, blobs) and the decoder (validator/decode.c, "
               "with a visitor) differ; validator/fast_contract.h lists what the lean path "
               "checks. With a visitor: ");
        describe(msg, sizeof msg, &w, &bytewise);
        free(in);
        ck_abort_msg("%s: %s", name, msg);
    }
    ck_assert_msg(st_whole.bytes == len, "%s: stats.bytes %" PRIu64 " != %zu", name,
                  st_whole.bytes, len);
    if (r->rev == SR_AUTO) {
        free(in);
        return;
    }

    /* 3. the whole-buffer helper and the counters */
    fxt_options o = case_options(r, &bytewise);
    memset(&bytewise, 0, sizeof bytewise);
    fxt_stats st;
    long errs = fxt_validate_buffer(in, len, &o, &st);
    free(in);
    ck_assert_msg(errs == (long)count_errors(c, &w),
                  "%s: fxt_validate_buffer returned %ld, expected %zu", name, errs,
                  count_errors(c, &w));
    ck_assert_msg(st_whole.errors == count_errors(c, &w) &&
                      st_whole.warnings == w.n - count_errors(c, &w),
                  "%s: stats say %" PRIu64 " errors, %" PRIu64 " warnings", name,
                  st_whole.errors, st_whole.warnings);
    /* r1 and r2 have no magic record to tell the byte order by: they read
     * every trace as little-endian (NOTES.md "Revisions") */
    int be = c->big_endian && r->rev != SR_R1 && r->rev != SR_R2;
    ck_assert_msg(!!st_whole.big_endian == be, "%s: stats.big_endian is %d", name,
                  st_whole.big_endian);
    int size_zero = 0;
    for (size_t i = 0; i < w.n; i++)
        size_zero |= w.v[i].rule == FXT_R_RECORD_SIZE_ZERO;
    ck_assert_msg(!!st_whole.stopped == size_zero, "%s: stats.stopped is %d", name,
                  st_whole.stopped);
}

/* ---- Check glue --------------------------------------------------------- */

static enum spec_suite current_suite;

START_TEST(spec_case_test)
{
    check_run(&runs[by_suite[current_suite][_i]]);
}
END_TEST

/* Does any case (with ALLOW set or not) expect rule R in any run? */
static void expected_somewhere(fxt_rule rule, int *strict, int *allow)
{
    for (size_t k = 0; k < n_runs; k++) {
        const spec_run *r = &runs[k];
        if (r->rev == SR_AUTO)
            continue;
        want_list w;
        want_for(r, r->rev, &w);
        for (size_t e = 0; e < w.n; e++) {
            if (w.v[e].rule != rule)
                continue;
            if (r->c->flags & FXT_OPT_ALLOW_UNKNOWN)
                *allow = 1;
            else
                *strict = 1;
        }
    }
}

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
        expected_somewhere(ri->rule, &strict, &allow);
        if (!strict)
            append(missing, sizeof missing, " %s (%s): no case expects it;", ri->id, ri->name);
        if ((ri->flags & FXT_RF_UNKNOWN) && !allow)
            append(missing, sizeof missing, " %s (%s): no allow-unknown case;", ri->id, ri->name);
    }
    ck_assert_msg(missing[0] == 0,
                  "rules without a spec test (add a case to the spec-tests/cases_*.c of the "
                  "rule's section):%s",
                  missing);
}
END_TEST

/* Every expected rule exists in the catalogue (or is named for a rule being
 * added); every case is named and has input; no name is used twice;
 * reserved-range cases have a word and a mask; revision cases have no
 * plain expectations. */
START_TEST(case_table_sane)
{
    ck_assert_msg(n_all < MAX_RUNS && n_runs < MAX_RUNS, "raise MAX_RUNS");
    for (size_t k = 0; k < n_all; k++) {
        const spec_case *c = all_cases[k];
        ck_assert_msg(c->name != NULL, "case %zu has no name", k);
        ck_assert_msg(c->nwords || c->nbytes || c->input_given, "%s: no input", c->name);
        for (size_t e = 0; e < n_expect(c); e++)
            ck_assert_msg(fxt_rule_get(c->expect[e].rule) != NULL || c->expect[e].rule_name,
                          "%s: rule %d not in catalogue", c->name, (int)c->expect[e].rule);
        ck_assert_msg(!c->rsv || (c->rsv_mask && c->rsv_word < c->nwords && !c->revs),
                      "%s: bad reserved range", c->name);
        ck_assert_msg(!c->revs || (n_expect(c) == 0 && c->tags), "%s: revision case with EXPECT or no TAGS",
                      c->name);
        ck_assert_msg(!(c->pending || c->pending_field) || c->why, "%s: pending without a reason",
                      c->name);
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
    tcase_set_timeout(tc, 60);
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

/* The pending runs, from the marks (no run needed). */
static void list_pending(void)
{
    size_t n = 0;
    char name[256];
    for (size_t k = 0; k < n_runs; k++) {
        const spec_run *r = &runs[k];
        int p = r->rev == SR_AUTO ? !!(r->c->pending & RV(SR_AUTO)) : run_pending(r);
        if (!p && !(r->c->pending_field && r->rev != SR_AUTO))
            continue;
        run_name(name, sizeof name, r);
        printf("%s%s: %s\n", name, p ? "" : " (field offsets)", r->c->why);
        n++;
    }
    printf("pending: %zu of %zu runs\n", n, n_runs);
}

int main(int argc, char **argv)
{
    for (size_t t = 0; t < spec_table_count; t++)
        add_table(spec_tables[t].cases, *spec_tables[t].count);

    const char *only = argc > 1 ? argv[1] : NULL;
    int failed = 0, ran = 0;

    if (only && strcmp(only, "--list") == 0) {
        for (int s = 0; s < S_COUNT_; s++)
            printf("%s: %zu runs\n", suite_names[s], n_by_suite[s]);
        printf("total: %zu cases, %zu runs\n", n_all, n_runs);
        return 0;
    }
    if (only && strcmp(only, "--pending") == 0) {
        list_pending();
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
